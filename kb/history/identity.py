"""Every rule's identity across all releases, its history, and the renumbering maps.

Chaining the alignment of each release to the next gives each entry of each release an
identity: the one of the entry it continues, or a new one where it is added.  An
identity is named by where it was born (``2003-03-15/502.15`` for phasing); numbers are
only how each release names it.  So a text quoted from 20231117.0 as 719.3 belongs to
the identity that 2026-01-16 numbers 722.3.

A renumbering map between two releases follows the continuations and the split and merge
links release by release, forwards or backwards, so it exists between any two releases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Literal

from kb.history.align import Alignment
from kb.history.pairing import LinkKind
from kb.history.release import Release
from kb.history.text import fold
from kb.rulenum import RuleNumber

Change = Literal["added", "changed", "renumbered", "unchanged"]

_JAPANESE_VERSION_RE = re.compile(r"(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})\.\d+")


@dataclass(frozen=True)
class Step:
    """A rule in one release: what it is numbered there and how it came to be."""

    release: str
    """The release's ISO date."""
    number: RuleNumber
    text: str
    examples: tuple[str, ...]
    change: Change
    previous_number: RuleNumber | None = None
    """Its number in the release before, when it had one there."""
    text_changed: bool = False
    """For ``renumbered``: whether the text changed too."""
    split_from: tuple[RuleNumber, ...] = ()
    """For ``added``: rules of the release before whose text it took a part of."""
    line: int = 0


@dataclass(frozen=True)
class Removal:
    """A rule of the release before that has no continuation in this one."""

    number: RuleNumber
    text: str
    merged_into: tuple[RuleNumber, ...] = ()


@dataclass(frozen=True)
class ReleaseChanges:
    """What one release changed against the one before it."""

    release: str
    previous: str | None
    added: list[Step]
    removed: list[Removal]
    renumbered: list[Step]
    changed: list[Step]

    def counts(self) -> dict[str, int]:
        return {"added": len(self.added), "removed": len(self.removed),
                "renumbered": len(self.renumbered), "changed": len(self.changed)}


class History:
    """The releases, oldest first, and the identity of every entry in every release."""

    def __init__(self, releases: list[Release], alignments: list[Alignment]):
        if len(alignments) != max(len(releases) - 1, 0):
            raise ValueError("one alignment per pair of consecutive releases")
        self.releases = releases
        self.alignments = alignments
        self.by_version = {r.version: k for k, r in enumerate(releases)}
        self.ids: list[list[int]] = []
        self.births: list[tuple[int, int]] = []
        """Per identity: (release, position) where it first appears."""
        for k, release in enumerate(releases):
            if k == 0:
                row = [self._born(k, j) for j in range(len(release))]
            else:
                back = alignments[k - 1].backward
                before = self.ids[k - 1]
                row = [before[i] if i >= 0 else self._born(k, j) for j, i in enumerate(back)]
            self.ids.append(row)
        self._positions: list[dict[int, int]] = [
            {identity: j for j, identity in enumerate(row)} for row in self.ids]

    def _born(self, release: int, position: int) -> int:
        self.births.append((release, position))
        return len(self.births) - 1

    # -- naming ---------------------------------------------------------------------------

    @property
    def latest(self) -> Release:
        return self.releases[-1]

    def release_index(self, release: str | date) -> int:
        """The position of a release given as ISO date, ``date`` or Japanese version
        (``20231117.0`` is the English release of 2023-11-17); KeyError if unknown."""
        if isinstance(release, date):
            release = release.isoformat()
        found = self.by_version.get(release)
        if found is None:
            japanese = english_release_of(release)
            found = self.by_version.get(japanese) if japanese else None
        if found is None:
            raise KeyError(release)
        return found

    def identity(self, number: RuleNumber, release: str | date | None = None) -> int | None:
        """The identity numbered ``number`` in ``release`` (default: the latest)."""
        k = len(self.releases) - 1 if release is None else self.release_index(release)
        position = self.releases[k].index.get(number)
        return None if position is None else self.ids[k][position]

    def name(self, identity: int) -> str:
        """``2003-03-15/502.15``: the release and number it was born with."""
        k, j = self.births[identity]
        return f"{self.releases[k].version}/{self.releases[k].numbers[j]}"

    def number_in(self, identity: int, release: str | date) -> RuleNumber | None:
        k = self.release_index(release)
        j = self._positions[k].get(identity)
        return None if j is None else self.releases[k].numbers[j]

    # -- one rule's history -------------------------------------------------------------

    def steps(self, identity: int) -> list[Step]:
        """The rule in every release it exists in, oldest first."""
        found: list[Step] = []
        k = self.births[identity][0]
        while k < len(self.releases):
            j = self._positions[k].get(identity)
            if j is None:
                break
            found.append(self.step(k, j))
            k += 1
        return found

    def step(self, k: int, j: int) -> Step:
        release = self.releases[k]
        number, text, examples = release.numbers[j], release.texts[j], release.examples[j]
        i = self.alignments[k - 1].backward[j] if k > 0 else -1
        if i < 0:
            sources = tuple(self.releases[k - 1].numbers[a] for a, b, kind in self._links_to(k, j)
                            if kind == "split") if k > 0 else ()
            return Step(release.version, number, text, examples, "added", split_from=sources,
                        line=release.lines[j])
        before = self.releases[k - 1]
        old_number = before.numbers[i]
        text_changed = (before.texts[i] is not text and fold(before.texts[i]) != fold(text)) or \
            _examples_changed(before.examples[i], examples)
        if old_number != number:
            change: Change = "renumbered"
        elif text_changed:
            change = "changed"
        else:
            change = "unchanged"
        return Step(release.version, number, text, examples, change, previous_number=old_number,
                    text_changed=text_changed, line=release.lines[j])

    def _links_to(self, k: int, j: int) -> Iterator[tuple[int, int, LinkKind]]:
        return (link for link in self.alignments[k - 1].links if link[1] == j)

    # -- one release's changes ----------------------------------------------------------

    def changes(self, release: str | date) -> ReleaseChanges:
        k = self.release_index(release)
        current = self.releases[k]
        if k == 0:
            return ReleaseChanges(current.version, None,
                                  [self.step(0, j) for j in range(len(current))], [], [], [])
        alignment = self.alignments[k - 1]
        previous = self.releases[k - 1]
        added, renumbered, changed = [], [], []
        for j in range(len(current)):
            step = self.step(k, j)
            if step.change == "added":
                added.append(step)
            elif step.change == "renumbered":
                renumbered.append(step)
            elif step.change == "changed":
                changed.append(step)
        merged: dict[int, list[RuleNumber]] = {}
        for i, j, kind in alignment.links:
            if kind == "merge":
                merged.setdefault(i, []).append(current.numbers[j])
        removed = [Removal(previous.numbers[i], previous.texts[i], tuple(merged.get(i, ())))
                   for i, j in enumerate(alignment.forward) if j < 0]
        return ReleaseChanges(current.version, previous.version, added, removed, renumbered, changed)

    # -- renumbering maps ---------------------------------------------------------------

    def step_map(self, k: int) -> dict[RuleNumber, tuple[RuleNumber, ...]]:
        """Release ``k`` to release ``k + 1``: each number to the numbers that continue it
        (its continuation first, then the rules split from or merged with it); a number
        with no successor maps to ``()``."""
        alignment = self.alignments[k]
        a, b = alignment.older, alignment.newer
        found: dict[RuleNumber, list[RuleNumber]] = {
            a.numbers[i]: ([b.numbers[j]] if j >= 0 else []) for i, j in enumerate(alignment.forward)}
        for i, j, _ in alignment.links:
            targets = found[a.numbers[i]]
            if b.numbers[j] not in targets:
                targets.append(b.numbers[j])
        return {number: tuple(targets) for number, targets in found.items()}

    def mapping(self, source: str | date, target: str | date) -> dict[RuleNumber, tuple[RuleNumber, ...]]:
        """Every number of ``source`` to its numbers in ``target`` (either direction)."""
        k, m = self.release_index(source), self.release_index(target)
        current: dict[RuleNumber, tuple[RuleNumber, ...]] = {n: (n,) for n in self.releases[k].numbers}
        steps = range(k, m) if k <= m else range(k - 1, m - 1, -1)
        for step in steps:
            table = self.step_map(step) if k <= m else _inverse(self.step_map(step))
            current = {n: _follow(numbers, table) for n, numbers in current.items()}
        return current

    def resolve(self, number: RuleNumber, source: str | date,
                target: str | date | None = None) -> tuple[RuleNumber, ...]:
        """What ``number`` of ``source`` is numbered in ``target`` (default: the latest)."""
        if target is None:
            target = self.latest.version
        k, m = self.release_index(source), self.release_index(target)
        numbers: tuple[RuleNumber, ...] = (number,) if number in self.releases[k].index else ()
        steps = range(k, m) if k <= m else range(k - 1, m - 1, -1)
        for step in steps:
            table = self.step_map(step) if k <= m else _inverse(self.step_map(step))
            numbers = _follow(numbers, table)
        return numbers


def _follow(numbers: Iterable[RuleNumber], table: dict[RuleNumber, tuple[RuleNumber, ...]]
            ) -> tuple[RuleNumber, ...]:
    found: list[RuleNumber] = []
    for number in numbers:
        for target in table.get(number, ()):
            if target not in found:
                found.append(target)
    return tuple(found)


def _inverse(table: dict[RuleNumber, tuple[RuleNumber, ...]]) -> dict[RuleNumber, tuple[RuleNumber, ...]]:
    found: dict[RuleNumber, list[RuleNumber]] = {}
    for source, targets in table.items():
        for position, target in enumerate(targets):
            into = found.setdefault(target, [])
            if position == 0:  # the continuation comes first both ways
                into.insert(0, source)
            else:
                into.append(source)
    return {number: tuple(sources) for number, sources in found.items()}


def _examples_changed(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    return old is not new and (len(old) != len(new) or any(
        a is not b and fold(a) != fold(b) for a, b in zip(old, new, strict=True)))


def english_release_of(version: str) -> str | None:
    """The English release a Japanese version translates: ``20231117.0`` -> ``2023-11-17``."""
    match = _JAPANESE_VERSION_RE.fullmatch(version)
    if match is None:
        return None
    return f"{match['y']}-{match['m']}-{match['d']}"
