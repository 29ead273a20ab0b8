"""How a build writes the caches it keeps for the next build (kb/build/reuse.py)."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

from kb.build.reuse import CACHE_DIR, Reuse


def test_a_large_cache_is_written_an_entry_at_a_time(tmp_path: Path) -> None:
    """The same bytes as the whole cache encoded at once, without ever holding that text
    (which took several times the file's size)."""
    entries = {f"{n:05d}": {"text": f"規則{n}の文章。" * 80, "numbers": list(range(n % 50))}
               for n in range(2000)}
    reuse = Reuse.none(tmp_path)
    reuse.keep("large", entries)
    tracemalloc.start()
    try:
        reuse.write_caches(["large"])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    path = tmp_path / CACHE_DIR / "large.json"
    expected = json.dumps(entries, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
    assert path.read_text(encoding="utf-8") == expected
    assert peak < path.stat().st_size / 4, (peak, path.stat().st_size)
