"""One numbering of the search documents over the Japanese and the English CR segments.

The index keeps the English text of the CR's rules and glossary apart from their Japanese
documents (:data:`kb.search.index.ENGLISH_SEGMENT`), so that a new English release leaves
the Japanese segment as it was.  Whoosh numbers the documents segment by segment; a
reader here numbers them as they were when the English text was a field of its rule's
document: one document per rule, the English-only rules back in the CR's order, the
English postings counted for their rule's document, the stored English text joined back
into the rule's stored data.  The count of documents and the average field lengths are
the rules', so every BM25F score, tie and highlight is the same as with one document.

A rebuild may link the previous build's English segment with some of its documents
deleted and write the changed ones in a segment of their own
(:data:`kb.search.index.ENGLISH_DELTA`).  Whoosh skips deleted documents in postings and
searches but still counts them in a term's document frequency, in the count of documents
and in the field totals, and keeps a term only they held in the lexicon: here the count
and the averages leave them out (``EnglishLayout.deleted_lengths``),
:class:`kb.search.scoring.PostingScores` counts a term's documents from its live
postings, and the lexicons leave out terms without a live document; so the scores are
a clean build's.

Only what kb reads goes through the map: :class:`kb.search.scoring.PostingScores`
(:meth:`MappedSearcher.leaves`), the searcher's key, ``cites`` and ``rule`` look-ups,
stored fields, the highlighter's postings and the site's term index.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kb.search.english import ENGLISH_FIELD
from kb.search.index import EnglishLayout


class Numbering:
    """Whoosh's document numbers (real) ↔ kb's (one per rule, in the CR's order).

    Real: the Japanese segment's ``C`` documents, then the English segment's ``E``, then
    the rest.  kb's: the ``block`` (``C`` + the English-only rules) in the CR's order,
    then the rest, each ``E - len(whole)`` (the English texts of Japanese documents)
    fewer than its real number."""

    def __init__(self, layout: EnglishLayout, real_count: int):
        whole = set(layout.whole)
        japanese = [place for place in range(layout.block) if place not in whole]
        self.block = layout.block
        self.texts = len(layout.of) - len(layout.whole)
        """The English segments' documents that are not kb's own (texts and deleted ones)."""
        self.count = real_count - self.texts
        self.virtual = japanese + layout.of
        """Real number → kb's, for the Japanese and the English segments' documents."""
        self.base = [0] * layout.block
        """kb's number → the real document that holds its stored data."""
        self.english: dict[int, int] = {}
        """kb's number → the real document of its English text."""
        for real, place in enumerate(japanese):
            self.base[place] = real
        for at, place in enumerate(layout.of, start=len(japanese)):
            if place < 0:  # deleted: no posting, search or kb number reaches it
                continue
            if place in whole:
                self.base[place] = at
            else:
                self.english[place] = at

    def of_real(self, real: int) -> int:
        return self.virtual[real] if real < len(self.virtual) else real - self.texts

    def real(self, docnum: int, field: str | None = None) -> int:
        """The real document holding ``docnum``'s ``field`` (its stored data if None)."""
        if docnum >= self.block:
            return docnum + self.texts
        if field == ENGLISH_FIELD:
            return self.english.get(docnum, self.base[docnum])
        return self.base[docnum]

    def table(self, offset: int, count: int) -> list[int] | int:
        """kb's numbers of a leaf's documents: a list, or the offset to add."""
        if offset >= len(self.virtual):
            return offset - self.texts
        return [self.of_real(real) for real in range(offset, offset + count)]


class MappedIndex:
    """A Whoosh index whose searchers number documents by :class:`Numbering`."""

    def __init__(self, index: Any, layout: EnglishLayout):
        self.index = index
        self.layout = layout

    def searcher(self, **kwargs: Any) -> MappedSearcher:
        searcher = self.index.searcher(**kwargs)
        return MappedSearcher(searcher, Numbering(self.layout, searcher.doc_count_all()), self.layout)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.index, name)


class MappedSearcher:
    """What kb asks of a Whoosh searcher, in kb's numbering."""

    def __init__(self, searcher: Any, numbering: Numbering, layout: EnglishLayout | None = None):
        self.searcher = searcher
        self.numbering = numbering
        self.deleted_lengths = layout.deleted_lengths if layout is not None else {}
        self._reader = MappedReader(searcher.reader(), numbering)

    def reader(self) -> MappedReader:
        return self._reader

    def doc_count_all(self) -> int:
        return self.numbering.count

    def avg_field_length(self, field: str, default: float | None = None) -> float | None:
        if not self.searcher.schema[field].scorable:
            return default
        total = self.searcher.field_length(field) - self.deleted_lengths.get(field, 0)
        return float(total / (self.numbering.count or 1))

    def leaves(self) -> list[tuple[Any, list[int] | int]]:
        """Each leaf reader with its documents' numbers (:meth:`Numbering.table`)."""
        return [(leaf, self.numbering.table(offset, leaf.doc_count_all()))
                for leaf, offset in self.searcher.reader().leaf_readers()]

    def document_number(self, **kwargs: Any) -> int | None:
        real = self.searcher.document_number(**kwargs)
        return None if real is None else self.numbering.of_real(real)

    def search(self, query: Any, **kwargs: Any) -> MappedResults:
        return MappedResults(self.searcher.search(query, **kwargs), self.numbering)

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        return self._reader.stored_fields(docnum)

    def all_stored_fields(self) -> Iterator[dict[str, Any]]:
        return self._reader.all_stored_fields()

    def lexicon(self, field: str) -> Any:
        return self._reader.lexicon(field)

    def close(self) -> None:
        self.searcher.close()


class MappedResults:
    """The documents a query matched (their scores are Whoosh's own: kb does not use them)."""

    def __init__(self, results: Any, numbering: Numbering):
        self.results = results
        self.numbering = numbering

    def docs(self) -> set[int]:
        return {self.numbering.of_real(real) for real in self.results.docs()}


class MappedReader:
    """What kb asks of a Whoosh reader, in kb's numbering.  The English texts' own
    documents are not documents here: their text is in their rule's stored data."""

    def __init__(self, reader: Any, numbering: Numbering):
        self.reader = reader
        self.numbering = numbering
        leaves = [leaf for leaf, _ in reader.leaf_readers()]
        self._deleting = [leaf for leaf in leaves if leaf.has_deletions()]
        self._whole = [leaf for leaf in leaves if not leaf.has_deletions()]

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        stored = self.reader.stored_fields(self.numbering.real(docnum))
        english = self.numbering.english.get(docnum)
        if english is None:
            return dict(stored)
        data = dict(stored["data"])
        data["english"] = self.reader.stored_fields(english)["data"]["english"]
        return {**stored, "data": data}

    def iter_docs(self) -> Iterator[tuple[int, dict[str, Any]]]:
        for docnum in range(self.numbering.count):
            yield docnum, self.stored_fields(docnum)

    def all_stored_fields(self) -> Iterator[dict[str, Any]]:
        for _, stored in self.iter_docs():
            yield stored

    def doc_count_all(self) -> int:
        return self.numbering.count

    def postings(self, field: str, text: str) -> MappedMatcher:
        return MappedMatcher(self.reader.postings(field, text), field, self.numbering)

    def lexicon(self, field: str) -> Any:
        return self._live(field, self.reader.lexicon(field))

    def expand_prefix(self, field: str, prefix: str) -> Any:
        return self._live(field, self.reader.expand_prefix(field, prefix))

    def _live(self, field: str, terms: Iterator[bytes]) -> Iterator[bytes]:
        """``terms`` less those only deleted documents hold (a clean build has none)."""
        if not self._deleting:
            yield from terms
            return
        for term in terms:
            if any((field, term) in leaf for leaf in self._whole) or any(
                    (field, term) in leaf and leaf.postings(field, term).is_active() for leaf in self._deleting):
                yield term


class MappedMatcher:
    """A term's postings, asked of one document at a time (:mod:`kb.search.highlight`)."""

    def __init__(self, matcher: Any, field: str, numbering: Numbering):
        self.matcher = matcher
        self.field = field
        self.numbering = numbering
        self._at: tuple[int, int] | None = None

    def skip_to(self, docnum: int) -> None:
        real = self.numbering.real(docnum, self.field)
        self._at = (docnum, real)
        self.matcher.skip_to(real)

    def is_active(self) -> bool:
        return bool(self.matcher.is_active())

    def id(self) -> int:
        if self._at is None:
            raise ValueError("skip_to a document first")
        docnum, real = self._at
        return docnum if self.matcher.id() == real else -1

    def value_as(self, kind: str) -> Any:
        return self.matcher.value_as(kind)
