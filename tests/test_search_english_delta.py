"""How a rebuild writes the CR's English documents (``kb.search.index.english_delta``):
the previous build's segment linked with the changed documents deleted and those written
in a small segment of their own, or the segment written whole when that is not worth it.
Whether the index then reads as a clean build's is ``tests/test_incremental.py``'s
``test_a_new_newest_release_analyses_only_the_rules_it_changed``."""

from __future__ import annotations

from kb.model import SourceRef
from kb.search.document import SearchDocument
from kb.search.index import (
    DELTA_SHARE,
    ENGLISH_DELTA,
    ENGLISH_SEGMENT,
    EnglishLayout,
    EnglishRecord,
    english_delta,
)
from kb.search.numbering import Numbering


def documents(count: int) -> list[SearchDocument]:
    return [SearchDocument(key=f"en:rule:100.{n}", kind="rule", heading="", text="",
                           source=SourceRef("rules.txt", n + 1), english=f"text {n}")
            for n in range(count)]


def record(digests: list[str], deleted: list[int] | None = None) -> EnglishRecord:
    return EnglishRecord({ENGLISH_SEGMENT: [(d, {"english": 2}) for d in digests]}, deleted or [])


def test_a_changed_document_is_deleted_and_written_in_the_delta() -> None:
    docs = documents(20)
    layout = EnglishLayout(25, list(range(20)), [])
    before = [f"d{n}" for n in range(20)]
    now = [*before[:3], "d3-new", *before[4:]]
    delta = english_delta(docs, layout, now, record(before))
    assert delta is not None
    assert delta.deleted == [3] and delta.added == [3]
    assert delta.layout.of == [0, 1, 2, -1, *range(4, 20), 3]
    assert delta.layout.deleted_lengths == {"english": 2}
    kept = delta.written([{"english": 5}])
    assert kept.segments[ENGLISH_SEGMENT] == record(before).segments[ENGLISH_SEGMENT]
    assert kept.segments[ENGLISH_DELTA] == [("d3-new", {"english": 5})] and kept.deleted == [3]
    assert EnglishRecord.from_json(kept.to_json()) == kept


def test_deletions_carry_over_and_a_removed_document_is_only_deleted() -> None:
    """The next rebuild starts from the same linked segment: what was deleted stays
    deleted (and its lengths counted out) and the delta is written again whole."""
    docs = documents(19)
    before = [f"d{n}" for n in range(20)]
    now = [*before[:3], "d3-new", *before[4:10], *before[11:]]  # d10 removed
    delta = english_delta(docs, EnglishLayout(19, list(range(19)), []), now, record(before, [3]))
    assert delta is not None
    assert delta.deleted == [3, 10] and delta.added == [3]
    assert delta.layout.deleted_lengths == {"english": 4}
    assert delta.layout.of[3] == delta.layout.of[10] == -1


def test_unchanged_or_too_many_changes_are_written_whole() -> None:
    docs = documents(20)
    layout = EnglishLayout(20, list(range(20)), [])
    before = [f"d{n}" for n in range(20)]
    assert english_delta(docs, layout, before, record(before)) is None  # linked whole instead
    changed = int(DELTA_SHARE * 20 / 2) + 1  # each changed document is one deleted, one added
    now = [f"new{n}" if n < changed else d for n, d in enumerate(before)]
    assert english_delta(docs, layout, now, record(before)) is None
    assert english_delta(docs, layout, now, None) is None
    assert english_delta(docs, layout, before, EnglishRecord({}, [])) is None


def test_a_deleted_document_has_no_number() -> None:
    """Three Japanese documents (places 0, 2, 3), the English-only rule at place 1, and
    English texts of places 0 and 3; the old text of place 3 deleted, its new one last."""
    layout = EnglishLayout(4, [0, 1, -1, 3], [1])
    numbering = Numbering(layout, 3 + 4 + 2)
    assert numbering.count == 4 + 2
    assert [numbering.of_real(real) for real in range(9)] == [0, 2, 3, 0, 1, -1, 3, 4, 5]
    assert numbering.real(3, "english") == 6 and numbering.real(1) == 4 and numbering.real(4) == 7


def test_the_crs_copy_without_english_is_cut_from_the_whole_documents_text() -> None:
    """The CR's segment is keyed by its documents without their English texts; each is
    cut from the whole document's serialised text, not encoded again (``build_index``),
    and must read as the copy encoded whole, whatever the texts hold."""
    import dataclasses
    import json

    from kb.search.index import segment_layout
    from kb.search.stages import _without_english

    def dumps(document: SearchDocument) -> str:
        return json.dumps(document.to_json(), ensure_ascii=False, separators=(",", ":"))

    tricky = ['plain', 'a "quote", "cites":[1]', '\\"english\\":""', ',"english":"x","cites":', "改行\nと\\"]
    originals = [SearchDocument(key=f"rule:100.{n}", kind="rule", heading=english, text=english,
                                source=SourceRef("rules.txt", n + 1), rule=f"100.{n}", english=english,
                                cites=["100.1"], fields={"english": english, "body": english})
                 for n, english in enumerate(tricky)]
    groups, _ = segment_layout(originals)
    copies = dict(groups)["kbsearchcr00"]
    assert len(copies) == len(tricky) and all(not c.english for c in copies)
    for original, copy in zip(originals, copies, strict=True):
        assert _without_english(copy, (original, dumps(original))) == dumps(copy)
        assert dumps(copy) == dumps(dataclasses.replace(original, english=""))
    # Not a copy of that document (another source), or the document itself: encoded whole.
    other = dataclasses.replace(originals[0], source=SourceRef("rules.txt", 99), english="")
    assert _without_english(other, (originals[0], dumps(originals[0]))) is None
    assert _without_english(originals[0], (originals[0], dumps(originals[0]))) is None
