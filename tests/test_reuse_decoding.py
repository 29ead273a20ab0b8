"""Reading the previous build's caches keeps out of the cyclic collector's way: a cache
decodes into containers by the hundred thousand and no cycles, and stays until the build
ends, so a collection while decoding, or walking it again afterwards, is wasted work."""

from __future__ import annotations

import gc
import json
from pathlib import Path

from kb.build.reuse import (
    CACHE_DIR,
    FINGERPRINT_FILE,
    Memo,
    Reuse,
    code_fingerprint,
    decode_entries,
)


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


def _previous_build(tmp_path: Path, name: str, text: str) -> Path:
    previous = tmp_path / "previous"
    (previous / CACHE_DIR).mkdir(parents=True)
    (previous / CACHE_DIR / FINGERPRINT_FILE).write_text(json.dumps({"code": code_fingerprint()}))
    (previous / CACHE_DIR / f"{name}.json").write_text(text, encoding="utf-8")
    return previous


def test_entries_decode_as_json_loads_with_where_each_value_is() -> None:
    entries = {"a": {"z": [1, "語"], "b": None}, "b\"q": "text", "c": [], "d": 1.5}
    path_text = json.dumps(entries, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
    decoded, spans = decode_entries(path_text)
    assert decoded == entries and spans is not None
    assert {key: path_text[start:end] for key, (start, end) in spans.items()} == {
        "a": '{"b":null,"z":[1,"語"]}', "c": "[]", "d": "1.5"}  # strings are not copied
    assert decode_entries("{}\n") == ({}, {})
    # Another form (spaces between entries) is decoded whole, without places.
    assert decode_entries(json.dumps(entries)) == (entries, None)


def test_a_changed_cache_copies_the_entries_kept_and_encodes_the_rest(tmp_path: Path) -> None:
    """A rebuild writes the same cache a clean build would, taking the text of each entry
    it kept as read from the previous file: "[1, 2]" (spaces: not what json.dumps writes
    here) shows where the text was copied rather than encoded."""
    previous = _previous_build(tmp_path, "compounds", '{"kept":[1, 2],"changed":[3],"same":[4]}\n')
    work = tmp_path / "work"
    reuse = Reuse(previous, work)
    memo = Memo(reuse, "compounds")
    assert memo.get("kept") == [1, 2] and memo.get("same") == [4]
    memo.put("changed", [5])  # a changed input: encoded anew
    memo.put("new", {"b": 1, "a": "語"})
    reuse.write()
    written = (work / CACHE_DIR / "compounds.json").read_text(encoding="utf-8")
    assert written == '{"changed":[5],"kept":[1, 2],"new":{"a":"語","b":1},"same":[4]}\n'



def test_an_equal_value_made_again_or_a_previous_file_changed_is_encoded(tmp_path: Path) -> None:
    previous = _previous_build(tmp_path, "pages", '{"a":[1, 2],"b":[3, 4]}\n')
    reuse = Reuse(previous, tmp_path / "work")
    memo = Memo(reuse, "pages")
    memo.get("a")
    memo.put("b", [3, 4])  # equal, but not the object read: encoded
    memo.put("c", [0])
    reuse.write()
    assert (tmp_path / "work" / CACHE_DIR / "pages.json").read_text() == '{"a":[1, 2],"b":[3,4],"c":[0]}\n'

    again = Reuse(previous, tmp_path / "again")
    kept = Memo(again, "pages")
    kept.get("a")
    kept.put("c", [0])
    # The previous file is not what was read any more: nothing is copied from it.
    (previous / CACHE_DIR / "pages.json").write_text('{"a":[1,2],"b":[3,4]}\n')
    again.write()
    assert (tmp_path / "again" / CACHE_DIR / "pages.json").read_text() == '{"a":[1,2],"c":[0]}\n'
