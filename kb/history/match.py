"""The steps that find each rule's continuation in the next release (one to one).

Each step takes a :class:`~kb.history.pairing.Pairing` and pairs what it can among what
the steps before it left; :data:`kb.history.align.STEPS` runs them in order.
"""

from __future__ import annotations

import bisect
import itertools
from collections import defaultdict

from kb.history.features import postings
from kb.history.pairing import Pairing
from kb.history.text import content

ACCEPT = 0.5
"""Least word similarity for a pair with no structure behind it."""
ACCEPT_SIBLING = 0.3
"""Least similarity where the structure vouches (see :func:`score`)."""
PARENT_BONUS = 0.2
"""Both parents matched to each other, or the old one's children mostly went under the new
one's parent."""
NUMBER_BONUS = 0.1
CHILDREN_BONUS = 0.2
"""Children already matched between the two."""
GAP_SIMILARITY = 0.15
"""Least similarity to pair, in order, what is left between matched siblings."""
GAP_WITHIN = 0.8
"""Or least share of the shorter text's meaningful words the longer holds (:func:`_within`)."""
GAP_UNEVEN = GAP_SIMILARITY
"""The same where the two sides left different numbers: the order-keeping pairs of the
highest total similarity (:func:`ordered_pairs`); the order they must keep is the
evidence that lets the bar be as low as for a gap of equal sides."""
MUTUAL = 0.35
"""Least similarity for leftovers that are each other's best candidate (and alike in their
meaningful words, :data:`ALIKE`)."""
ALIKE = 0.5


def equal_texts(p: Pairing) -> None:
    """Entries with the same folded text, unique in both releases, are one rule; among
    texts that repeat (``General``, "Fourth, the active player gets priority") equal
    numbers decide, and one left on each side is paired."""
    by_key: dict[str, list[int]] = defaultdict(list)
    for j, key in enumerate(p.new.keys):
        by_key[key].append(j)
    old_by_key: dict[str, list[int]] = defaultdict(list)
    for i, key in enumerate(p.old.keys):
        if key in by_key:
            old_by_key[key].append(i)
    for key, olds in old_by_key.items():
        news = by_key[key]
        if len(olds) == 1 and len(news) == 1:
            p.pair(olds[0], news[0])
            continue
        numbers = {p.b.numbers[j]: j for j in news}
        rest = []
        for i in olds:
            j = numbers.pop(p.a.numbers[i], -1)
            if j >= 0:
                p.pair(i, j)
            else:
                rest.append(i)
        if len(rest) == 1 and len(numbers) == 1:
            p.pair(rest[0], next(iter(numbers.values())))


def headings_by_children(p: Pairing) -> None:
    """A heading whose words changed (``Playing Spells`` -> ``Casting Spells``) is the
    entry most of its matched children went under; bottom up, so a chapter votes with
    its rules' matches.  One child alone is enough only towards a heading sharing a
    word with it."""
    pending = [i for i in p.old_left() if p.old.children[i] and p.a.kinds[i] == "title"]
    pending.sort(key=lambda i: -p.a.numbers[i].level)
    for i in pending:
        votes, matched = p.votes(i)
        if not votes:
            continue
        target, count = votes.most_common(1)[0]
        if count * 2 < matched or p.back[target] >= 0:
            continue
        if count < 2 and (p.b.kinds[target] != "title" or p.similarity(i, target) == 0):
            continue
        p.pair(i, target)


def similar_texts(p: Pairing) -> None:
    """What is left, by score, best first: word similarity of at least :data:`ACCEPT`
    and alike in their meaningful words (:data:`ALIKE`: "Multiple instances of
    snow-covered on the same land are redundant" is not defender's rule of the same
    pattern), or of :data:`ACCEPT_SIBLING` where the structure vouches.  Each old entry is
    compared only with its candidates (:func:`candidates`), never with all."""
    old_left, new_left = p.old_left(), p.new_left()
    if not old_left or not new_left:
        return
    index = postings(p.new.words, new_left)
    families: dict[int, int] = {}
    scored: list[tuple[float, int, int]] = []
    for i in old_left:
        for j in candidates(p, i, index):
            total, sim = score(p, i, j, families)
            if total > sim >= ACCEPT_SIBLING or (sim >= ACCEPT and p.alike(i, j) >= ALIKE):
                scored.append((total, i, j))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    for _, i, j in scored:
        if p.fwd[i] < 0 and p.back[j] < 0:
            p.pair(i, j)


def candidates(p: Pairing, i: int, index: dict[str, list[int]]) -> list[int]:
    """The unmatched new entries of old entry ``i``'s kind that could be it: the one with
    its number, the children of its parent's match, and those sharing a rare word; in
    document order, so that ties go the same way in every process."""
    found = set(p.rare_neighbours(p.old.words[i], index))
    same = p.b.index.get(p.a.numbers[i])
    if same is not None:
        found.add(same)
    parent = p.a.parents[i]
    if parent >= 0 and p.fwd[parent] >= 0:
        found.update(p.new.children[p.fwd[parent]])
    kind = p.a.kinds[i]
    return sorted(j for j in found if p.back[j] < 0 and p.b.kinds[j] == kind)


def score(p: Pairing, i: int, j: int, families: dict[int, int]) -> tuple[float, float]:
    """(similarity plus structure bonuses, similarity)."""
    sim = p.similarity(i, j)
    total = sim
    parent_a, parent_b = p.a.parents[i], p.b.parents[j]
    if parent_a >= 0 and parent_b >= 0 and parent_b in (p.fwd[parent_a],
                                                        family(p, parent_a, families)):
        total += PARENT_BONUS
    if p.a.numbers[i] == p.b.numbers[j]:
        total += NUMBER_BONUS
    if any(p.fwd[k] >= 0 and p.b.parents[p.fwd[k]] == j for k in p.old.children[i]):
        total += CHILDREN_BONUS
    return total, sim


def family(p: Pairing, parent: int, families: dict[int, int]) -> int:
    """Where most matched children of old entry ``parent`` went (their new parent), as of
    the start of the round: siblings that moved together vouch for the rest."""
    found = families.get(parent)
    if found is None:
        votes, _ = p.votes(parent)
        found = families[parent] = votes.most_common(1)[0][0] if votes else -1
    return found


def gaps(p: Pairing) -> None:
    """Under parents matched to each other, what is left between two matched siblings is
    paired: in order when both sides left as many (903.12c rewritten between 903.12b and
    903.12d is still 903.12c), else the best order-keeping pairs.  The matched siblings
    that bound the gaps are the longest chain of them that kept its order: a sibling moved
    elsewhere in the family (502.15c, the skipped untap step, became the last but one of
    702.23) leaves the others' gaps as they were."""
    for i, j in enumerate(p.fwd):
        if j < 0 or not p.old.children[i] or not p.new.children[j]:
            continue
        old_kids, new_kids = p.old.children[i], p.new.children[j]
        new_pos = {k: n for n, k in enumerate(new_kids)}
        anchors = [(n, new_pos[p.fwd[k]]) for n, k in enumerate(old_kids)
                   if p.fwd[k] >= 0 and p.b.parents[p.fwd[k]] == j]
        bounds = [(-1, -1), *increasing_chain(anchors), (len(old_kids), len(new_kids))]
        for (a0, b0), (a1, b1) in itertools.pairwise(bounds):
            _pair_gap(p, [k for k in old_kids[a0 + 1:a1] if p.fwd[k] < 0],
                      [k for k in new_kids[b0 + 1:b1] if p.back[k] < 0])


def increasing_chain(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of ``pairs`` (given in increasing first place) whose second places
    increase too: the siblings that kept their order (patience sorting)."""
    tails: list[int] = []
    """tails[n]: the index in ``pairs`` of the least second place ending a chain of n + 1."""
    before = [-1] * len(pairs)
    for index, (_, second) in enumerate(pairs):
        n = bisect.bisect_left([pairs[t][1] for t in tails], second)
        before[index] = tails[n - 1] if n else -1
        if n == len(tails):
            tails.append(index)
        else:
            tails[n] = index
    chain: list[tuple[int, int]] = []
    index = tails[-1] if tails else -1
    while index >= 0:
        chain.append(pairs[index])
        index = before[index]
    return chain[::-1]


def _pair_gap(p: Pairing, olds: list[int], news: list[int]) -> None:
    if not olds or not news:
        return
    if len(olds) == len(news):
        for k, m in zip(olds, news, strict=True):
            if p.a.kinds[k] == p.b.kinds[m] and (p.similarity(k, m) >= GAP_SIMILARITY
                                                 or _within(p, k, m) >= GAP_WITHIN) \
                    and not p.cites_apart(k, m):
                p.pair(k, m)
        return
    weights = [[p.similarity(k, m) if p.a.kinds[k] == p.b.kinds[m] and not p.cites_apart(k, m)
                else 0.0 for m in news] for k in olds]
    for a, b in ordered_pairs(weights, GAP_UNEVEN):
        p.pair(olds[a], news[b])


def ordered_pairs(weights: list[list[float]], least: float) -> list[tuple[int, int]]:
    """The order-keeping pairs (rows and columns both increasing) of weight at least
    ``least`` whose weights sum highest: the rules of a gap keep their order, as the
    rules around it did (a sequence alignment allowing insertions and deletions)."""
    rows, columns = len(weights), len(weights[0]) if weights else 0
    best = [[0.0] * (columns + 1) for _ in range(rows + 1)]
    for a in range(rows - 1, -1, -1):
        for b in range(columns - 1, -1, -1):
            take = weights[a][b] + best[a + 1][b + 1] if weights[a][b] >= least else 0.0
            best[a][b] = max(take, best[a + 1][b], best[a][b + 1])
    found: list[tuple[int, int]] = []
    a = b = 0
    while a < rows and b < columns:
        if weights[a][b] >= least and best[a][b] == weights[a][b] + best[a + 1][b + 1]:
            found.append((a, b))
            a, b = a + 1, b + 1
        elif best[a][b] == best[a + 1][b]:
            a += 1
        else:
            b += 1
    return found


def _within(p: Pairing, k: int, m: int) -> float:
    """How much of the shorter text's meaningful words the longer one holds: a rule
    rewritten in place at greater length ("Sorceries have no subtypes." became the
    rule on sorcery subtypes) shares little of the longer one's words but all of its own."""
    old, new = content(p.old.words[k]), content(p.new.words[m])
    short, whole = (old, new) if p.mass(old) <= p.mass(new) else (new, old)
    return p.contained(short, whole) if len(short) >= 2 else 0.0


def mutual_best(p: Pairing) -> None:
    """Leftovers that are each other's most similar leftover are one rule rewritten, when
    similar enough (212.2d "no subtypes for artifact, instant or sorcery cards" became
    205.3d "artifacts, instants, and sorceries don't have subtypes")."""
    old_left, new_left = p.old_left(), p.new_left()
    if not old_left or not new_left:
        return
    index = postings(p.new.words, new_left)
    best_new: dict[int, tuple[float, int]] = {}
    best_old: dict[int, tuple[float, int]] = {}
    for i in old_left:
        for j in candidates(p, i, index):
            sim = p.similarity(i, j)
            if sim > best_new.get(i, (0.0, -1))[0]:
                best_new[i] = (sim, j)
            if sim > best_old.get(j, (0.0, -1))[0]:
                best_old[j] = (sim, i)
    for i, (sim, j) in best_new.items():
        if sim >= MUTUAL and best_old[j][1] == i and p.alike(i, j) >= ALIKE:
            p.pair(i, j)
