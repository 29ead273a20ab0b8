"""The steps that link rules besides their one-to-one continuation: splits, merges and
headings dissolved into several.

A link says that a rule of the next release took over part of a rule of this one, so a
citation of the old rule can point at every rule its text went to.  Each link needs the
text to have moved, or the old rule to have been rewritten as the new one appeared: a new
rule that copies an old one while the old one stays as it was (disguise written on the
pattern of morph, Omen cards on Adventurer cards) is no split.
"""

from __future__ import annotations

import re
from collections import Counter

from kb.history.pairing import Pairing
from kb.history.text import content
from kb.rulenum import RuleNumber

_POINTER_RE = re.compile(r"\b[1-9]\d{2}(?:\.(\d+))?(?=[a-z]?\b)")
"""A section (``rule 215``) or rule (``rule 502.15``, ``rule 217.1c`` as 217.1) cited in a text."""

CONTAINED = 0.8
"""Share of an entry's (weighted) words inside another for a split or merge."""
CONTAINED_NEAR = 0.45
"""The same for a split part beside the old rule's continuation (its sibling or child)."""
MERGED_NEAR = 0.6
"""The same for a rule merged into a rule under its parent's continuation."""
MOVED = 0.15
"""Least share of a part's words that its source lost (split) or its target gained
(merge)."""
TWIN = 0.75
"""Similarity to the old rule's continuation above which a new rule is the other half of a
rule stated twice (419.3 on replacement and prevention effects became 613.3 and 614.3)."""
MOVED_PAIRS = 4
"""Least word pairs (:func:`~kb.history.text.shingles`) of a passage moved into a continuing rule."""
MOVED_INTO = 0.5
"""Least share of what a continuing rule gained that must come from the rule that lost it."""
RARE_PAIRS = 3
COMMON_PAIR = 20
"""... of which this many are rare (in no more than :data:`COMMON_PAIR` entries of the new
release: "on the battlefield" moves with nothing)."""
MIN_WORDS = 5
"""Fewer meaningful words than this say too little to call an entry part of another ..."""
MIN_WORDS_BESIDE = 3
"""... unless it stands beside the old rule's continuation (or heads it), holds only words
of the old rule and took its passage (:data:`MOVED_SHORT`): 212.3d's "Power and toughness
are characteristics only creatures have." opening 302.4 above 302.4a-c."""
MOVED_SHORT = 0.5
RESTATED = 0.3
"""Least share of what a rule cut down to a stub lost that the new rule restating it holds
(:func:`restated_beside`)."""
RESTATED_WORDS = 2
"""Least words of evidence that a rule with no successor was restated in a rule of its
family's continuation (:func:`restated_in_family`)."""
HEADING_SHARE = 0.25
"""Least share of a heading's matched children for another heading it dissolved into."""
HEADING_SHARE_TEXT = 0.5
"""The same for a rule with text (chapter 216 Tokens dissolved into rule 110.5)."""


def splits(p: Pairing) -> None:
    """Each new entry left without predecessor, whose words lie inside one old entry, was
    cut from it: paired with it when the old entry has no continuation (what is left of
    a rule cut down goes on), else linked as a split.  Parts beside the continuation are
    linked first; a part elsewhere must take a passage that neither the continuation nor
    those parts hold (the steps of casting a spell, cut out of 409.1f into 409.1g-h, are
    not also parts of it where the new steps of declaring attackers repeat them)."""
    parts = [j for j in p.new_left() if p.b.kinds[j] == "text"]
    for j in parts:  # first what is left of rules cut down, so the rest see them continued
        i, _ = _split_source(p, j)
        if i >= 0 and p.fwd[i] < 0:
            p.pair(i, j)
    found = [(i, j, near) for j in parts if p.back[j] < 0
             for i, near in [_split_source(p, j)] if i >= 0]
    taken: dict[int, set[str]] = {}
    for i, j, near in sorted(found, key=lambda t: not t[2]):
        if not near and _moved(p, i, j, taken.get(i, set())) < MOVED:
            continue
        p.links.append((i, j, "split"))
        taken.setdefault(i, set()).update(p.new.pairs[j])


def _split_source(p: Pairing, j: int) -> tuple[int, bool]:
    """The old entry new entry ``j`` was cut from, and whether ``j`` stands beside its
    continuation or is its twin; (-1, False) for none."""
    part = p.new.words[j]
    short = len(content(part)) < MIN_WORDS
    if short and len(content(part)) < MIN_WORDS_BESIDE:
        return -1, False
    total = p.mass(part)
    best, best_share, best_near = -1, 0.0, False
    for i in p.rare_neighbours(part, p.old.postings):
        if p.a.kinds[i] != "text":
            continue
        whole = p.old.words[i]
        share = p.mass(part & whole) / total
        if share <= best_share:
            continue
        continuation = p.fwd[i]
        if continuation < 0:
            if not short and share >= CONTAINED and p.contained(content(part), whole) >= CONTAINED:
                best, best_share, best_near = i, share, True
            continue
        near = p.b.parents[j] in (p.b.parents[continuation], continuation)
        if short:  # a short part only beside its continuation, whole and moved
            if (near or p.b.parents[continuation] == j) and part <= whole \
                    and _moved(p, i, j, set()) >= MOVED_SHORT:
                best, best_share, best_near = i, share, True
            continue
        if share < CONTAINED_NEAR:
            continue
        moved = _moved(p, i, j, set())
        if not moved and (p.old.keys[i] == p.new.keys[continuation] or not _kin(p, i, j)):
            continue  # a new rule on the old one's pattern, not a part of it
        if p.jaccard(part, p.new.words[continuation]) >= TWIN:
            best, best_share, best_near = i, share, True  # stated twice, as a whole
        elif moved >= MOVED and share >= (CONTAINED_NEAR if near else CONTAINED):
            best, best_share, best_near = i, share, near
    return best, best_near


def _kin(p: Pairing, i: int, j: int) -> bool:
    """Whether new entry ``j`` stands in a family moved out of old entry ``i``'s chapter:
    a rule stated twice where its chapter was divided (419.1 on replacement and
    prevention effects as 613.1 and 614.1, under 613 and 614 from 419's own headings), not
    a new keyword written on an old one's pattern under a chapter that stayed put."""
    ancestor = p.b.parents[j]
    while ancestor >= 0 and p.back[ancestor] < 0:
        ancestor = p.b.parents[ancestor]
    if ancestor < 0:
        return False
    before = p.a.numbers[p.back[ancestor]]
    return before != p.b.numbers[ancestor] and _chapter(before) == _chapter(p.a.numbers[i])


def _chapter(number: RuleNumber) -> str:
    return str(number).split(".", 1)[0]


def _moved(p: Pairing, i: int, j: int, taken: set[str]) -> float:
    """The share of new entry ``j``'s word pairs that old entry ``i`` held and neither its
    continuation nor the parts already ``taken`` from it hold: the passage that moved."""
    part = p.new.pairs[j]
    if not part:
        return 0.0
    continuation = p.fwd[i]
    kept = p.new.pairs[continuation] if continuation >= 0 else frozenset()
    return len(part & (p.old.pairs[i] - kept - taken)) / len(part)


def moved_into(p: Pairing) -> None:
    """A passage a rule lost that another, continuing rule gained (216.1's "Some effects
    put tokens onto the battlefield" opening 110.5, the continuation of 200.4): linked as
    a split when it is most of what that rule gained, or that rule had pointed to it
    (:func:`_points_to`), and several words long; the same of a rule with no continuation
    that :func:`merges` found nowhere is a merge into one rule (406.1d's first sentence
    opening 406.4), a rule that gained mostly its passage before one that pointed to it."""
    merged = {i for i, _, kind in p.links if kind == "merge"}
    index: dict[str, list[int]] = {}
    counts: Counter[str] = Counter()
    for j, pairs in enumerate(p.new.pairs):
        counts.update(pairs)
        if p.back[j] >= 0 and p.b.kinds[j] == "text":
            for pair in pairs:
                index.setdefault(pair, []).append(j)
    for i, continuation in enumerate(p.fwd):
        if p.a.kinds[i] != "text":
            continue
        lost = p.old.pairs[i] - (p.new.pairs[continuation] if continuation >= 0 else frozenset())
        if len(lost) < MOVED_PAIRS:
            continue
        targets = {j for pair in lost for j in index.get(pair, ()) if j != continuation}
        found = []
        for j in sorted(targets):
            gained = p.new.pairs[j] - p.old.pairs[p.back[j]]
            moved = lost & gained
            rare = sum(1 for pair in moved if counts[pair] <= COMMON_PAIR)
            if len(moved) < MOVED_PAIRS or rare < RARE_PAIRS:
                continue
            most = len(moved) >= len(gained) * MOVED_INTO
            if most or _points_to(p, p.back[j], i):
                found.append((most, len(moved), j))
        if continuation >= 0:
            p.links += [(i, j, "split") for _, _, j in found]
        elif found and i not in merged:  # a passage quoted elsewhere besides is no merge
            p.links.append((i, max(found)[2], "merge"))


def _points_to(p: Pairing, k: int, i: int) -> bool:
    """Whether old entry ``k`` cites old entry ``i``'s rule or its section: a pointer
    replaced by the text it pointed to (2004-06-01's 205.4c, "See rule 215, Legends", took in
    215.1 as the section was emptied), so what moved need not be most of what ``k``'s
    continuation gained."""
    if k < 0:
        return False
    number = p.a.numbers[i]
    rule = f"{number.chapter}.{number.rule}" if number.rule is not None else None
    return any(cited == (rule if dotted else str(number.chapter))
               for cited, dotted in ((m.group(0), m.group(1))
                                     for m in _POINTER_RE.finditer(p.a.texts[k])))


def restated_beside(p: Pairing) -> None:
    """A rule cut down to a stub (a continuation of fewer than :data:`MIN_WORDS` meaningful
    words, lacking most of the rule's) had the rest restated: linked as a split to the new
    rule beside the stub, with no predecessor of its own, that holds the largest share of
    the meaningful words the rule lost, at least :data:`RESTATED` (502.63a, the triggered
    deathtouch "destroy that creature", became the static 702.2a and the state-based
    destruction of 702.2c)."""
    into = {j for _, j, _ in p.links}
    found: list[tuple[int, int]] = []
    for i, c in enumerate(p.fwd):
        if c < 0 or p.a.kinds[i] != "text" or p.b.parents[c] < 0 or p.old.keys[i] == p.new.keys[c]:
            continue  # (a text kept as it was lost nothing)
        kept = content(p.new.words[c])
        old = content(p.old.words[i])
        if len(kept) >= MIN_WORDS or len(old) < MIN_WORDS:
            continue
        lost = old - kept
        total = p.mass(lost)
        if total * 2 < p.mass(old):
            continue  # the stub says most of it: a rule said shorter (212.2d as 205.3d)
        best, best_share = -1, RESTATED
        for j in p.new.children[p.b.parents[c]]:
            if p.back[j] >= 0 or j in into or p.b.kinds[j] != "text":
                continue
            share = p.mass(lost & p.new.words[j]) / total
            if share >= best_share:
                best, best_share = j, share
        if best >= 0:
            found.append((i, best))
    p.links += [(i, j, "split") for i, j in found]


def restated_in_family(p: Pairing) -> None:
    """A rule left without successor, whose family (its parent's children) went on as one
    family, was restated in the rule of that family that alone gained what the rule alone
    said: a word, or two meaningful words next to each other, that no other rule of the old
    family held and no other rule of the new family holds.  A pair counts its two words, as
    the words stand in the same order; at least :data:`RESTATED_WORDS` words make a merge
    into that rule.  Words the whole family shares ("phase", "permanent") say nothing of
    which rule it went to, and word statistics over the release do not know the family:
    502.15h's "remember ... counters ... past histories" is in 702.23d's "Counters remain"
    and "a phased-in permanent's history", which no other rule of phasing says; 502.15m's
    haste, which no rule of 702.23 says, shares only "remain" with it."""
    linked = {i for i, _, _ in p.links}
    families: dict[int, tuple[Counter[str], Counter[str]]] = {}
    for i, continuation in enumerate(p.fwd):
        parent = p.a.parents[i]
        if continuation >= 0 or i in linked or p.a.kinds[i] != "text" or parent < 0 \
                or p.fwd[parent] < 0:
            continue
        new_family = p.new.children[p.fwd[parent]]
        if parent not in families:
            families[parent] = (_family_terms(p.old.words, p.old.pairs, p.old.children[parent]),
                                _family_terms(p.new.words, p.new.pairs, new_family))
        old_counts, new_counts = families[parent]
        own = {t for t in _terms(p.old.words[i], p.old.pairs[i]) if old_counts[t] == 1}
        if not own:
            continue
        found = []
        for j in new_family:
            before = p.back[j]
            if before < 0 or p.b.kinds[j] != "text":
                continue  # a new rule is no restatement of one deleted (the splits' case)
            gained = _terms(p.new.words[j], p.new.pairs[j]) \
                - _terms(p.old.words[before], p.old.pairs[before])
            evidence = {w for t in own & gained if new_counts[t] == 1 for w in t.split()}
            if len(evidence) >= RESTATED_WORDS:
                found.append((len(evidence), j))
        found.sort(reverse=True)
        if found and (len(found) == 1 or found[0][0] > found[1][0]):  # one rule, not a tie
            p.links.append((i, found[0][1], "merge"))


def _terms(word_set: frozenset[str], pairs: frozenset[str]) -> set[str]:
    """An entry's meaningful words (letters left of a cited subrule aside) and its word pairs
    (:func:`~kb.history.text.shingles`) of two meaningful words: "changes zones"."""
    words = {w for w in content(word_set) if len(w) > 1}
    return words | {pair for pair in pairs if all(w in words for w in pair.split())}


def _family_terms(word_sets: list[frozenset[str]], pair_sets: list[frozenset[str]],
                  family: list[int]) -> Counter[str]:
    """In how many rules of a family each term (:func:`_terms`) occurs."""
    counts: Counter[str] = Counter()
    for k in family:
        counts.update(_terms(word_sets[k], pair_sets[k]))
    return counts


def merges(p: Pairing) -> None:
    """Each old entry left without continuation is linked to every new entry that took in
    nearly all its words and gained them (did not hold them before)."""
    for i in p.old_left():
        if p.a.kinds[i] == "text":
            _merge_targets(p, i)


def _merge_targets(p: Pairing, i: int) -> None:
    part = p.old.words[i]
    if len(content(part)) < MIN_WORDS:
        return
    total = p.mass(part)
    parent = p.a.parents[i]
    new_parent = p.fwd[parent] if parent >= 0 else -1
    for j in p.rare_neighbours(part, p.new.postings):
        if p.b.kinds[j] != "text":
            continue
        whole = p.new.words[j]
        share = p.mass(part & whole) / total
        before = p.back[j]
        near = new_parent >= 0 and before >= 0 and p.b.parents[j] == new_parent
        if share < (MERGED_NEAR if near else CONTAINED):
            continue
        gained = whole - p.old.words[before] if before >= 0 else whole
        if p.mass(part & gained) / total >= MOVED and (i, j, "merge") not in p.links:
            p.links.append((i, j, "merge"))


def dissolved_headings(p: Pairing) -> None:
    """A heading whose children went under several new entries (chapter 419 Replacement
    and Prevention Effects became 613, 614 and 615) is linked to each heading that took a
    fair share of them or is one of its own headings risen to its level, and to a rule
    that took most of them, besides its own continuation if it has one.  A child heading
    votes with the rules under it (408's special actions, one heading of a dozen rules,
    went to 114)."""
    for i, kind in enumerate(p.a.kinds):
        if kind != "title" or not p.old.children[i]:
            continue
        votes, matched = _weighted_votes(p, i)
        level = p.a.numbers[i].level
        risen = {p.fwd[c] for c in p.old.children[i] if p.risen(c, level)}
        for target, count in votes.items():
            if target == p.fwd[i]:
                continue
            share = HEADING_SHARE if p.b.kinds[target] == "title" else HEADING_SHARE_TEXT
            if target in risen or (count >= 2 and count >= matched * share):
                p.links.append((i, target, "split"))


def _weighted_votes(p: Pairing, i: int) -> tuple[Counter[int], int]:
    """:meth:`Pairing.votes`, each matched child heading counting as its matched children."""
    votes, matched = p.votes(i)
    for child in p.old.children[i]:
        if p.fwd[child] < 0 or p.a.kinds[child] != "title":
            continue
        extra = sum(1 for c in p.old.children[child] if p.fwd[c] >= 0) - 1
        if extra <= 0:
            continue
        target = p.fwd[child] if p.risen(child, p.a.numbers[i].level) else p.b.parents[p.fwd[child]]
        if target >= 0:
            votes[target] += extra
            matched += extra
    return votes, matched
