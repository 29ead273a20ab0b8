"""What alignment needs of a release, computed once: folded texts, word sets, document
frequencies, the children of each entry and an inverted index of words."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kb.history.release import Release
from kb.history.text import fold, shingles, word_sequence


class TextCache:
    """Folded text, word set and word pairs per text, shared by all releases: most texts
    recur unchanged in the next release (as the same interned string), so each is folded
    once."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {}
        self._sequences: dict[str, list[str]] = {}
        """The words in order of each text folded here (for :meth:`to_json`)."""

    def __call__(self, text: str) -> tuple[str, frozenset[str], frozenset[str]]:
        found = self._seen.get(text)
        if found is None:
            folded = fold(text)
            sequence = self._sequences[text] = word_sequence(folded)
            found = self._seen[text] = (folded, frozenset(sequence), shingles(sequence))
        return found

    def to_json(self, texts: Sequence[str]) -> list[Any]:
        """What ``texts`` fold to, for :meth:`load`: per text its fold (0 when the fold is
        the text itself) and its words in order, space-joined (a word holds no space)."""
        found: list[Any] = []
        for text in texts:
            folded = self(text)[0]
            found.append([0 if folded == text else folded, " ".join(self._sequences[text])])
        return found

    def load(self, texts: Sequence[str], data: object) -> bool:
        """Take ``texts``' folds and words from :meth:`to_json`'s ``data`` (False, and
        nothing taken, when it does not fit them): a release's texts are folded once, in
        the build that first aligns it with the release after it."""
        if not isinstance(data, list) or len(data) != len(texts):
            return False
        for text, (folded, joined) in zip(texts, data, strict=True):
            if text not in self._seen:
                sequence = joined.split()
                self._sequences[text] = sequence
                self._seen[text] = (text if folded == 0 else folded, frozenset(sequence),
                                    shingles(sequence))
        return True


@dataclass
class Features:
    """A release's entries as alignment compares them; each release's features serve both
    of its pairs (with the release before and the one after)."""

    release: Release
    keys: list[str]
    """Folded text, with the kind in front so a heading never equals a rule's text."""
    words: list[frozenset[str]]
    pairs: list[frozenset[str]]
    """Consecutive word pairs (:func:`~kb.history.text.shingles`): where a passage went."""
    df: Counter[str]
    """In how many entries each word occurs."""
    children: list[list[int]]
    _postings: dict[str, list[int]] | None = None

    @classmethod
    def of(cls, release: Release, cache: TextCache | None = None) -> Features:
        cache = cache or TextCache()
        keys: list[str] = []
        word_sets: list[frozenset[str]] = []
        pair_sets: list[frozenset[str]] = []
        df: Counter[str] = Counter()
        for kind, text in zip(release.kinds, release.texts, strict=True):
            folded, ws, pairs = cache(text)
            keys.append(f"{kind[0]}:{folded}")
            word_sets.append(ws)
            pair_sets.append(pairs)
            df.update(ws)
        children: list[list[int]] = [[] for _ in keys]
        for child, parent in enumerate(release.parents):
            if parent >= 0:
                children[parent].append(child)
        return cls(release, keys, word_sets, pair_sets, df, children)

    @property
    def postings(self) -> dict[str, list[int]]:
        """Word -> every entry holding it."""
        if self._postings is None:
            self._postings = postings(self.words, range(len(self.words)))
        return self._postings


def postings(word_sets: list[frozenset[str]], positions: Iterable[int]) -> dict[str, list[int]]:
    """Word -> the positions (among ``positions``) whose word set holds it."""
    found: dict[str, list[int]] = defaultdict(list)
    for k in positions:
        for w in word_sets[k]:
            found[w].append(k)
    return found
