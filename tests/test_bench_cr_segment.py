from __future__ import annotations

import json
from pathlib import Path

from bench.cr_segment import chapter_shares


def _release(folder: Path, day: str, rules: dict[str, str]) -> None:
    numbers = list(rules)
    (folder / f"{day}.json").write_text(json.dumps({
        "version": day, "day": day, "path": f"{day}.txt", "language": "en",
        "numbers": numbers, "texts": [rules[n] for n in numbers], "kinds": "r" * len(numbers),
        "examples": [[] for _ in numbers], "lines": list(range(1, len(numbers) + 1)),
        "effective": None, "notes": [],
    }), encoding="utf-8")


def test_chapter_shares_name_the_chapters_a_release_changes_and_their_share_of_the_newest(tmp_path: Path) -> None:
    folder = tmp_path / "cache" / "cr-en"
    folder.mkdir(parents=True)
    # Written newest first: the pairs follow the release dates, not the files.
    _release(folder, "2024-02-01", {"100.1": "a", "601.2": "cast", "702.2": "deathtouch!",
                                    "903.1": "commander"})
    _release(folder, "2023-06-01", {"100.1": "a", "601.2": "cast", "702.2": "deathtouch"})
    _release(folder, "2023-01-01", {"100.1": "a", "601.2": "casting", "702.2": "deathtouch"})

    assert chapter_shares(tmp_path) == [
        ("2023-01-01", "2023-06-01", ["6"], 0.25),  # a changed text
        ("2023-06-01", "2024-02-01", ["7", "9"], 0.5),  # a changed text, an added rule
    ]
