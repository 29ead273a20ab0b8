"""Two simple searches over the same documents, for comparison in ``kb eval``.

- :class:`BigramBM25`: the usual way to search Japanese without a dictionary: every
  pair of adjacent characters of the folded text is a term, ranked by BM25.
- :class:`SubstringSearch`: grep — every whitespace-separated query word must occur in
  the folded text; more occurrences rank higher.

Both see each document's text as :meth:`SearchDocument.all_text` folds it: number,
headings, names, text and older wordings.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from kb.normalize import fold
from kb.search.document import SearchDocument

K1 = 1.2
B = 0.75


def bigrams(text: str) -> list[str]:
    """Character bigrams of each whitespace-separated piece (a lone character stays)."""
    grams: list[str] = []
    for piece in text.split():
        if len(piece) == 1:
            grams.append(piece)
        grams.extend(piece[i:i + 2] for i in range(len(piece) - 1))
    return grams


class BigramBM25:
    name = "bigram BM25"

    def __init__(self, documents: Sequence[SearchDocument]):
        self.documents = list(documents)
        self.counts = [Counter(bigrams(fold(d.all_text()))) for d in self.documents]
        self.lengths = [sum(c.values()) for c in self.counts]
        self.average = sum(self.lengths) / max(1, len(self.lengths))
        frequency: Counter[str] = Counter()
        for counts in self.counts:
            frequency.update(counts.keys())
        n = len(self.documents)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in frequency.items()}

    def search(self, query: str, limit: int = 10) -> list[SearchDocument]:
        terms = set(bigrams(fold(query)))
        scored = []
        for index, counts in enumerate(self.counts):
            score = 0.0
            norm = K1 * (1 - B + B * self.lengths[index] / self.average)
            for term in terms:
                tf = counts.get(term, 0)
                if tf:
                    score += self.idf[term] * tf * (K1 + 1) / (tf + norm)
            if score > 0:
                scored.append((-score, index))
        scored.sort()
        return [self.documents[i] for _, i in scored[:limit]]


class SubstringSearch:
    name = "substring"

    def __init__(self, documents: Sequence[SearchDocument]):
        self.documents = list(documents)
        self.texts = [fold(d.all_text()) for d in self.documents]

    def search(self, query: str, limit: int = 10) -> list[SearchDocument]:
        words = [fold(w) for w in query.split() if fold(w)]
        if not words:
            return []
        scored = []
        for index, text in enumerate(self.texts):
            counts = [text.count(w) for w in words]
            if all(counts):
                scored.append((-sum(counts), index))
        scored.sort()
        return [self.documents[i] for _, i in scored[:limit]]
