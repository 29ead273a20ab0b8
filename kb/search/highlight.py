"""Where the query's words are in a hit, read from the index: no re-analysis per hit.

The text fields store each word's position and character span in the document's text
(Whoosh ``Characters`` postings).  A query word matches where its normalized form, or
its joined units, is indexed: a whole word, a compound's unit (頌歌 inside 栄光の頌歌) or
a run of units (フェイズアウト inside フェイズ・アウト中).  Spans are character offsets in the original text, so 表向き marks
オモテ向き as the rule writes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kb.normalize import MIDDLE_DOTS
from kb.search.analyzer import Word

JOINING_MARKS = MIDDLE_DOTS + " \u3000"
"""Characters between two marks that do not separate them (フェイズ・アウト is one mark)."""

Span = tuple[int, int]


def index_highlights(reader: Any, docnum: int, field: str, words: Sequence[Word],
                     text: str, present: Callable[[str], bool] | None = None) -> list[Span]:
    """Merged spans of ``text`` (the document's ``field``) matching ``words``;
    ``present`` says cheaply whether a term is in the document's field at all."""
    def occurrences(term: str) -> dict[int, Span]:
        if present is not None and not present(term):
            return {}
        return _postings(reader, docnum, field, term)

    spans: list[Span] = []
    for term in dict.fromkeys(t for word in words for t in (word.text, "".join(word.units))):
        spans.extend(occurrences(term).values())
    return merge(spans, text)


def english_highlights(reader: Any, docnum: int, words: Sequence[Word], text: str) -> list[Span]:
    """Merged spans of the document's English ``text`` matching ``words`` (as stems)."""
    from kb.search.english import ENGLISH_FIELD, english_terms

    spans: list[Span] = []
    for word in words:
        for term in english_terms(word.surface):
            spans.extend(_postings(reader, docnum, ENGLISH_FIELD, term).values())
    return merge(spans, text)


def _postings(reader: Any, docnum: int, field: str, term: str) -> dict[int, Span]:
    from whoosh.reading import TermNotFound

    try:
        matcher = reader.postings(field, term)
    except TermNotFound:
        return {}
    matcher.skip_to(docnum)
    if not matcher.is_active() or matcher.id() != docnum:
        return {}
    return {pos: (start, end) for pos, start, end in matcher.value_as("characters")}


def merge(spans: list[Span], text: str) -> list[Span]:
    """Sorted, overlapping or touching spans joined (also across a folded-away dot)."""
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and not text[merged[-1][1]:start].strip(JOINING_MARKS):
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
