"""The state of aligning two releases and the measures every step uses.

A :class:`Pairing` holds the one-to-one continuation found so far (``fwd``/``back``),
the split and merge links, and the word weights of the pair: IDF over both releases, so
a word every keyword rule shares ("redundant") weighs little and a keyword's name much.

Every measure is a function of word *sets*, whose iteration order follows the string hash
(a new seed each process unless ``PYTHONHASHSEED`` is set): weights are whole numbers
(:data:`WEIGHT_SCALE`), so a set's mass is the same in every order, and ties between
words are broken by the word itself.  Float weights summed in set order once made a share
of exactly 1 come out 1 +- 2**-52 under some seeds, and the map of 2009-05-01 -> 2009-07-11
lose the split 212.3d -> 302.4.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import Literal

from kb.history.features import Features
from kb.history.text import content
from kb.rulenum import RuleNumber

LinkKind = Literal["split", "merge"]

_CITED_RE = re.compile(r"\b([1-9]\d{2}\.\d+)[a-z]?\b")
"""A rule number cited in a text, to the rule (``see rule 217.1c`` cites 217.1): subrules
are split and merged more freely than rules, so rules are what citations are compared by."""

RARE_WORDS = 6
"""How many of an entry's rarest words look up its candidates."""
COMMON_POSTING = 200
"""A word on more entries than this looks up nothing (it is not rare)."""
WEIGHT_SCALE = 1 << 24
"""A word's weight in units of 2**-24: sums of whole numbers are exact in any order."""


class Pairing:
    def __init__(self, old: Features, new: Features):
        self.old = old
        self.new = new
        self.a = old.release
        self.b = new.release
        self.fwd = [-1] * len(self.a)
        self.back = [-1] * len(self.b)
        self.links: list[tuple[int, int, LinkKind]] = []
        total = len(self.a) + len(self.b)
        self.df = old.df + new.df
        self.weights = {w: round(WEIGHT_SCALE * math.log(1 + total / (1 + n)))
                        for w, n in self.df.items()}
        self._cited: tuple[dict[int, frozenset[str]], dict[int, frozenset[str]]] = ({}, {})
        self._old_mass: dict[int, int] = {}
        self._new_mass: dict[int, int] = {}

    def pair(self, i: int, j: int) -> None:
        self.fwd[i] = j
        self.back[j] = i

    def old_left(self) -> list[int]:
        return [i for i, j in enumerate(self.fwd) if j < 0]

    def new_left(self) -> list[int]:
        return [j for j, i in enumerate(self.back) if i < 0]

    # -- measures ---------------------------------------------------------------------------

    def mass(self, ws: Iterable[str]) -> int:
        """The words' total weight (in :data:`WEIGHT_SCALE` units): exact, in any order."""
        return sum(map(self.weights.__getitem__, ws))

    def jaccard(self, a: frozenset[str], b: frozenset[str]) -> float:
        shared = self.mass(a & b)
        union = self.mass(a) + self.mass(b) - shared
        return shared / union if union else 0.0

    def contained(self, part: frozenset[str], whole: frozenset[str]) -> float:
        """The (weighted) share of ``part``'s words that ``whole`` holds."""
        total = self.mass(part)
        return self.mass(part & whole) / total if total else 0.0

    def similarity(self, i: int, j: int) -> float:
        """Weighted Jaccard of old entry ``i`` and new entry ``j`` (entry masses kept)."""
        wa, wb = self.old.words[i], self.new.words[j]
        if not wa or not wb:
            return 1.0 if self.old.keys[i] == self.new.keys[j] else 0.0
        shared = self.mass(wa & wb)
        if not shared:
            return 0.0
        mass_a = self._old_mass.get(i)
        if mass_a is None:
            mass_a = self._old_mass[i] = self.mass(wa)
        mass_b = self._new_mass.get(j)
        if mass_b is None:
            mass_b = self._new_mass[j] = self.mass(wb)
        return shared / (mass_a + mass_b - shared)

    def alike(self, i: int, j: int) -> float:
        """Similarity of the meaningful words alone: what two entries are about, not their
        pattern ("Multiple instances of snow-covered … are redundant" and "… of defender
        …" share a pattern and little else)."""
        return self.jaccard(content(self.old.words[i]), content(self.new.words[j]))

    def cites_apart(self, i: int, j: int) -> bool:
        """Whether old entry ``i`` and new entry ``j`` both cite other rules and none of
        ``i``'s, followed through the pairing so far, is among ``j``'s: two rules citing
        different things are not one rule restated, however alike their words (502.15k on
        timestamps, citing 418.5, is not 702.23i on players leaving, citing 800.4)."""
        old, new = self._citations(0, i), self._citations(1, j)
        if not old or not new:
            return False
        for cited in old:
            number = RuleNumber.try_parse(cited)
            k = self.a.index.get(number) if number is not None else None
            if k is None or self.fwd[k] < 0:
                if cited in new:  # not followed: the same number is all there is to go by
                    return False
            elif str(self.b.numbers[self.fwd[k]]) in new:
                return False
        return True

    def _citations(self, side: int, k: int) -> frozenset[str]:
        found = self._cited[side].get(k)
        if found is None:
            release = self.a if side == 0 else self.b
            found = self._cited[side][k] = frozenset(_CITED_RE.findall(release.texts[k]))
        return found

    # -- structure --------------------------------------------------------------------------

    def votes(self, i: int) -> tuple[Counter[int], int]:
        """Where the matched children of old entry ``i`` went: the new parent of each, or
        the child's match itself where a child heading rose to ``i``'s own level (heading
        419.6 Replacement Effects of chapter 419 became chapter 613); and how many of its
        children are matched."""
        votes: Counter[int] = Counter()
        matched = 0
        level = self.a.numbers[i].level
        for child in self.old.children[i]:
            j = self.fwd[child]
            if j < 0:
                continue
            matched += 1
            if self.risen(child, level):
                votes[j] += 1
                continue
            parent = self.b.parents[j]
            if parent >= 0:
                votes[parent] += 1
        return votes, matched

    def risen(self, child: int, level: int) -> bool:
        """Whether old heading ``child`` is matched at ``level`` or above."""
        j = self.fwd[child]
        return j >= 0 and self.a.kinds[child] == "title" and self.b.numbers[j].level <= level

    def rare_neighbours(self, ws: frozenset[str], index: dict[str, list[int]]) -> list[int]:
        """Entries of ``index`` sharing one of the rarest words of ``ws`` (equally rare
        words in alphabetical order, not the set's), in document order."""
        found: set[int] = set()
        for w in sorted(ws, key=lambda w: (self.df[w], w))[:RARE_WORDS]:
            posting = index.get(w)
            if posting and len(posting) <= COMMON_POSTING:
                found.update(posting)
        return sorted(found)

