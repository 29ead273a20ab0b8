"""Reading the previous build's caches keeps out of the cyclic collector's way: a cache
decodes into containers by the hundred thousand and no cycles, and stays until the build
ends, so a collection while decoding, or walking it again afterwards, is wasted work."""

from __future__ import annotations

import gc
import json
from pathlib import Path

from kb.build.reuse import CACHE_DIR, FINGERPRINT_FILE, Reuse, code_fingerprint


def test_a_cache_is_decoded_without_collections_and_frozen(tmp_path: Path) -> None:
    previous = tmp_path / "previous"
    (previous / CACHE_DIR).mkdir(parents=True)
    (previous / CACHE_DIR / FINGERPRINT_FILE).write_text(json.dumps({"code": code_fingerprint()}))
    entries = {f"key{i}": {"compounds": [f"語{i}", "状況起因処理"], "words": [[i]]} for i in range(50_000)}
    (previous / CACHE_DIR / "compounds.json").write_text(json.dumps(entries, ensure_ascii=False))
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    reuse = Reuse(previous, tmp_path / "work")
    gc.unfreeze()
    gc.callbacks.append(count)
    try:
        assert reuse.memo("compounds") == entries
        assert collections == []
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
    finally:
        gc.callbacks.remove(count)
        gc.unfreeze()
