"""Which file of the site search's index holds a bigram: grouped so that one query needs few.

Hashing each bigram to a shard spreads a query's bigrams over as many files as it has
bigrams (24 requests for a typical query).  A word's bigrams share its characters, so the
index is grouped by character instead: a bigram belongs to its *anchor*, its first
character, or its second when the first is hiragana (a particle or an ending: の両, が0,
を持); two hiragana (なる, った) have no anchor.  Characters that stand next to each other
in the indexed text (状況, 況起, 起因 …) are joined into one group, the most frequent pairs
first, while a group's postings stay under :data:`GROUP_BYTES`; a character left alone, and
a bigram without an anchor, goes by its hash (:func:`shard_of`) into
one of the *rest* groups; a character with more postings than a group holds (ー, ト) is
split over several groups by the hash of each gram.  ``search/meta.js`` carries the groups
(one string of characters each), the split characters and the rest count, so
``static/search.js`` computes the same :meth:`Groups.of`.

Two hiragana have no anchor, and by hash the endings of a question (になったらどうなる:
にな, なっ, った, たら, らど, どう, うな, なる) took 7 rest groups, more than the 6
connections a browser opens to a host over HTTP/1.1, so its groups took two round trips.
So the common ones (:data:`KANA_DOCS`) are joined into *kana groups* as the characters
are, by the hiragana trigrams of the text (:func:`kana_groups`); ``search/meta.js``
lists them (``kanaGroups``), numbered after the rest groups.

A name, an alias or an English name is filed under the group of its first two characters:
a name a query contains starts with a bigram of the query, so it comes with the postings.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping

GROUP_BYTES = 5_000
"""Most postings (bytes of the encoded strings, before compression) a group of characters
is joined up to: about 3 kB compressed, so a query of a few words loads a few such files
(dev queries: 10,000 gave 5.5 files and 34 kB, 7,500 6.1 and 29 kB, 6,000 6.4 and 24 kB,
5,000 6.5 and 21 kB, 4,000 6.9 and 19 kB)."""


KANA_BYTES = 20_000
"""Most bytes a group of two-hiragana grams (:func:`kana_groups`) is joined up to: on the
seeds + CR's dev and set queries (simulated), 10,000 spread a question's kana over more
files (になったらどうなる: 4 of 5 with 20,000, 5 with 10,000; 7 rest groups before)."""
KANA_DOCS = 50
"""Fewer documents than this hold the grams left out of the kana groups: every search
loads the groups' table (``search/meta.js``), 3.3 kB compressed for all of them, and
the rare grams of a question are few (215 grams listed, 0.6 of a file more a query)."""
_HIRAGANA_RUN_RE = re.compile("[\u3041-\u309f]{3,}")


def shard_of(gram: str, count: int) -> int:
    """FNV-1a over code points, modulo ``count``; ``search.js`` computes the same."""
    value = 0x811C9DC5
    for char in gram:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return value % count


def is_hiragana(char: str) -> bool:
    return "\u3041" <= char <= "\u309f"


def anchor(gram: str) -> str | None:
    """The character a bigram (or a one-character gram) is filed under."""
    if not gram:
        return None
    if not is_hiragana(gram[0]):
        return gram[0]
    if len(gram) > 1 and not is_hiragana(gram[1]):
        return gram[1]
    return None


class Groups:
    """The character groups, the characters split over several groups, the rest count and
    the kana groups of one build; groups are numbered: ``groups``, then each split
    character's, then rest, then kana."""

    def __init__(self, groups: list[str], rest: int, split: dict[str, list[int]] | None = None,
                 kana: list[str] | None = None):
        self.groups = groups
        self.rest = rest
        self.split = split or {}
        """A character too heavy for one group (ー, ト, 1) → [its first group, how many]:
        its grams go by their own hash among them."""
        self.kana = kana or []
        """Two-hiragana grams filed together (:func:`kana_groups`), each group's grams
        written one after another."""
        self.table = {char: number for number, chars in enumerate(groups) for char in chars}
        self.first_rest = len(groups) + sum(count for _, count in self.split.values())
        first_kana = self.first_rest + rest
        self.kana_table = {grams[i:i + 2]: first_kana + number
                           for number, grams in enumerate(self.kana) for i in range(0, len(grams), 2)}

    @property
    def count(self) -> int:
        return self.first_rest + self.rest + len(self.kana)

    def of(self, gram: str) -> int:
        """The group of ``gram``: its kana group's, its anchor's, else a rest group by hash."""
        if gram in self.kana_table:
            return self.kana_table[gram]
        found = anchor(gram)
        if found is not None:
            if found in self.table:
                return self.table[found]
            if found in self.split:
                first, count = self.split[found]
                return first + shard_of(gram, count)
        return self.first_rest + shard_of(found if found is not None else gram, self.rest)

    def of_key(self, key: str) -> int:
        """The group a name or alias ``key`` is filed under: that of its first two characters."""
        return self.of(key[:2])


class _Joins:
    """Keys joined into sets while a set's bytes stay under ``limit`` (union-find; a set is
    named by its least key, so the result does not depend on the order of ``sizes``)."""

    def __init__(self, sizes: Mapping[str, int], limit: int):
        self.parent = {key: key for key in sizes}
        self.total = dict(sizes)
        self.limit = limit

    def root(self, key: str) -> str:
        parent = self.parent
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    def join(self, a: str, b: str) -> None:
        a, b = self.root(a), self.root(b)
        if a != b and self.total[a] + self.total[b] <= self.limit:
            a, b = min(a, b), max(a, b)
            self.parent[b] = a
            self.total[a] += self.total[b]

    def members(self, keys: Iterable[str]) -> dict[str, list[str]]:
        """The sets of ``keys``, by their root."""
        found: dict[str, list[str]] = {}
        for key in keys:
            found.setdefault(self.root(key), []).append(key)
        return found


def kana_groups(sizes: Mapping[str, int], trigrams: Mapping[str, int], limit: int = KANA_BYTES) -> list[str]:
    """Two-hiragana grams (no anchor: the particles and endings between a question's words,
    になったらどうなる) joined when they make a trigram of the text (なっ and った in なった),
    the trigrams held by the most documents first, while a group's bytes (``sizes``) stay
    under ``limit``; deterministic.  Only the groups of two or more grams are kept: a gram
    left alone goes by its hash into a rest group, as before."""
    joins = _Joins(sizes, limit)
    for _, trigram in sorted(((-n, t) for t, n in trigrams.items())):
        if trigram[:2] != trigram[1:] and trigram[:2] in sizes and trigram[1:] in sizes:
            joins.join(trigram[:2], trigram[1:])
    members = joins.members(sizes)
    return sorted("".join(sorted(grams)) for grams in members.values() if len(grams) > 1)


def hiragana_trigrams(texts: Iterable[str]) -> Counter[str]:
    """How many of ``texts`` hold each run of three hiragana."""
    found: Counter[str] = Counter()
    for text in texts:
        found.update({run[i:i + 3] for run in _HIRAGANA_RUN_RE.findall(text) for i in range(len(run) - 2)})
    return found


def group_characters(sizes: Mapping[str, int], counts: Mapping[str, int], limit: int = GROUP_BYTES,
                     trigrams: Mapping[str, int] | None = None) -> Groups:
    """Groups from the bytes filed under each gram (its postings, and the names whose first
    two characters it is) and each gram's document count; deterministic.

    Pairs of anchored characters (both not hiragana) are joined by how many documents hold
    them, most first, while the joined groups stay under ``limit`` bytes (:data:`GROUP_BYTES`).  A character
    with more than that alone is split over several groups by the hash of each gram; one
    alone with a quarter of it gets a group of its own, not a rest group.  With ``trigrams``
    (:func:`hiragana_trigrams`), the two-hiragana grams are joined too (:func:`kana_groups`)."""
    kana = kana_groups({gram: size for gram, size in sizes.items() if len(gram) == 2 and anchor(gram) is None
                        and is_hiragana(gram[0]) and is_hiragana(gram[1]) and counts.get(gram, 0) >= KANA_DOCS},
                       trigrams) if trigrams else []
    in_kana = {grams[i:i + 2] for grams in kana for i in range(0, len(grams), 2)}
    weight: dict[str, int] = {}
    unanchored = 0
    for gram, size in sizes.items():
        found = anchor(gram)
        if gram in in_kana:
            continue
        if found is None:
            unanchored += size
        else:
            weight[found] = weight.get(found, 0) + size
    pairs = sorted(((counts[gram], gram) for gram in sizes
                    if gram in counts and len(gram) == 2 and gram[0] != gram[1] and gram[0] in weight and gram[1] in weight),
                   key=lambda pair: (-pair[0], pair[1]))
    joins = _Joins(weight, limit)
    total, root = joins.total, joins.root
    heavy = sorted(char for char, size in weight.items() if size > limit)
    for _, gram in pairs:
        if gram[0] not in heavy and gram[1] not in heavy:
            joins.join(gram[0], gram[1])
    members = joins.members(char for char in weight if char not in heavy)
    listed = sorted("".join(sorted(chars)) for chars in members.values()
                    if len(chars) > 1 or total[root(chars[0])] * 4 >= limit)
    rest_bytes = unanchored + sum(total[root(chars[0])] for chars in members.values()
                                  if len(chars) == 1 and total[root(chars[0])] * 4 < limit)
    split: dict[str, list[int]] = {}
    first = len(listed)
    for char in heavy:
        split[char] = [first, -(-weight[char] // limit)]
        first += split[char][1]
    return Groups(listed, max(1, -(-rest_bytes // limit)), split, kana)
