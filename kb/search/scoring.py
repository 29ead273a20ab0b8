"""BM25F from the index's postings, summed here rather than by Whoosh's matcher trees.

A question of eight words over five fields is some eighty terms; Whoosh's pure-Python
union and quality-skipping matchers took hundreds of milliseconds for it.  Reading each
term's postings once into a dictionary (kept for the next query) and adding them up is
a few milliseconds, and gives the same numbers: Whoosh's ``bm25`` with its idf
(``log(N / (df + 1)) + 1``), its average field lengths and the field lengths as the
index stores them (:class:`whoosh.scoring.BM25FScorer`).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

K1 = 1.2
"""Whoosh's default term-frequency saturation."""
BM25_DEFAULT_B = 0.75
"""Length normalisation of a field not given its own."""
MOST_TERMS = 4096
"""Terms whose scores are kept for the next query."""


class PostingScores:
    """Per (field, text): global docnum → BM25 score (before the query's boosts)."""

    def __init__(self, searcher: Any, b: float | dict[str, float], k1: float = K1, most: int = MOST_TERMS):
        self.searcher = searcher
        self.b = b
        self.k1 = k1
        self.most = most
        self.documents = searcher.doc_count_all()
        # Each leaf with its documents' numbers: an offset, or a table where the English
        # texts have segments of their own (kb.search.numbering).
        leaves = getattr(searcher, "leaves", None)
        self._leaves: list[tuple[Any, list[int] | int]] = (
            leaves() if leaves is not None else searcher.reader().leaf_readers())
        # A leaf with deleted documents (kb.search.numbering): its doc_frequency counts
        # them, its postings do not.  A leaf numbered out of order: its scores sorted.
        self._deleting = [leaf.has_deletions() for leaf, _ in self._leaves]
        self._unordered = [isinstance(numbers, list) and _unordered(numbers) for _, numbers in self._leaves]
        self._lengths: dict[tuple[str, int], dict[int, int]] = {}
        self._averages: dict[str, float] = {}
        self._cache: OrderedDict[tuple[str, str], dict[int, float]] = OrderedDict()
        self._positions: OrderedDict[tuple[str, str], dict[int, list[int]]] = OrderedDict()

    def term(self, field: str, text: str) -> dict[int, float]:
        key = (field, text)
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            return found
        found = self._read(field, text)
        self._cache[key] = found
        if len(self._cache) > self.most:
            self._cache.popitem(last=False)
        return found

    def positions(self, field: str, text: str) -> dict[int, list[int]]:
        """Global docnum → the word positions of (field, text), for a field indexed
        with positions (``title``, ``body``)."""
        key = (field, text)
        found = self._positions.get(key)
        if found is not None:
            self._positions.move_to_end(key)
            return found
        found = {}
        for leaf, numbers in self._leaves:
            if (field, text) in leaf:
                number = _numbering(numbers)
                for docnum, positions in leaf.postings(field, text).items_as("positions"):
                    found[number(docnum)] = positions
        self._positions[key] = found
        if len(self._positions) > self.most:
            self._positions.popitem(last=False)
        return found

    def holds(self, field: str, docnum: int) -> Callable[[str], bool]:
        """Whether a text is a term of document ``docnum``'s ``field``."""
        return lambda text: docnum in self.term(field, text)

    def _read(self, field: str, text: str) -> dict[int, float]:
        present = [(leaf, numbers, i) for i, (leaf, numbers) in enumerate(self._leaves)
                   if (field, text) in leaf]
        if not present:
            return {}
        postings = [list(leaf.postings(field, text).items_as("weight")) if self._deleting[i] else None
                    for leaf, _, i in present]
        frequency = sum(leaf.doc_frequency(field, text) if found is None else len(found)
                        for (leaf, _, _), found in zip(present, postings, strict=True))
        idf = math.log(self.documents / (frequency + 1)) + 1
        average = self._average(field)
        k1 = self.k1
        b = self.b if isinstance(self.b, float | int) else self.b.get(field, BM25_DEFAULT_B)
        scores: dict[int, float] = {}
        for (leaf, numbers, i), found in zip(present, postings, strict=True):
            known = self._lengths.setdefault((field, i), {})
            number = _numbering(numbers)
            for docnum, tf in found if found is not None else leaf.postings(field, text).items_as("weight"):
                length = known.get(docnum)
                if length is None:
                    length = known[docnum] = leaf.doc_field_length(docnum, field, 1) or 1
                scores[number(docnum)] = idf * (tf * (k1 + 1)) / (
                    tf + k1 * ((1 - b) + b * length / average))
        if sum(1 for _, numbers, _ in present if isinstance(numbers, list)) > 1 \
                or any(self._unordered[i] for _, _, i in present):
            # An English-only rule's Japanese fields lie in the English segment: documents
            # in order, as ties (first come, first ranked) had them in one segment.
            scores = dict(sorted(scores.items()))
        return scores

    def _average(self, field: str) -> float:
        if field not in self._averages:
            self._averages[field] = self.searcher.avg_field_length(field) or 1
        return self._averages[field]


def _numbering(numbers: list[int] | int) -> Callable[[int], int]:
    """A leaf's document number → the index's (:meth:`PostingScores.__init__`)."""
    return numbers.__getitem__ if isinstance(numbers, list) else numbers.__add__


def _unordered(numbers: list[int]) -> bool:
    """Whether a leaf's numbers (less its deleted documents', -1) do not ascend."""
    live = [n for n in numbers if n >= 0]
    return any(b < a for a, b in itertools.pairwise(live))
