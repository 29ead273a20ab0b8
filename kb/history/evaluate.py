"""Precision and recall of the renumbering maps on a hand-checked sample.

The sample (``tests/data/renumbering_sample.tsv``) lists, for each rule it samples, every
rule of a later release that carries it on, or ``-`` for none; and rules new in the later
release (``-`` as the earlier number), which must have no predecessor.  A sampled rule
contributes its set of counterparts, "none" counting as one counterpart, so a deletion
the map gets right is a hit and a deletion it maps somewhere is a miss and a false pair.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from kb.errors import KbError
from kb.history.identity import History
from kb.rulenum import RuleNumber, RuleNumberError

NONE = "-"


@dataclass(frozen=True)
class SampledRule:
    """One sampled rule and the counterparts a person decided it has."""

    release_from: str
    number_from: str
    """A number of ``release_from``, or ``-`` for a rule new in ``release_to``."""
    release_to: str
    expected: frozenset[str]
    """Numbers of ``release_to`` (or, for a new rule, its own number); ``-`` for none."""
    line: int


@dataclass
class Score:
    hits: int = 0
    false_pairs: int = 0
    missed: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.hits / (self.hits + self.false_pairs) if self.hits + self.false_pairs else 1.0

    @property
    def recall(self) -> float:
        return self.hits / (self.hits + self.missed) if self.hits + self.missed else 1.0

    @property
    def pairs(self) -> int:
        return self.hits + self.missed


def read_sample(path: str | Path) -> list[SampledRule]:
    """The sample's rows grouped by sampled rule (comment lines start with ``#``)."""
    path = Path(path)
    groups: dict[tuple[str, str, str, str], set[str]] = defaultdict(set)
    lines: dict[tuple[str, str, str, str], int] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle, delimiter="\t")
        for line, row in enumerate(rows, start=1):
            if not row or row[0].startswith("#") or row[0] == "release_from":
                continue
            if len(row) < 4:
                raise KbError("expected release_from, number_from, release_to, number_to, note",
                              path, line)
            release_from, number_from, release_to, number_to = (cell.strip() for cell in row[:4])
            for number in (number_from, number_to):
                if number != NONE and RuleNumber.try_parse(number) is None:
                    raise KbError(f"not a rule number: {number!r}", path, line)
            if number_from == NONE:
                key = (release_from, NONE, release_to, number_to)
                groups[key].add(NONE)
            else:
                key = (release_from, number_from, release_to, "")
                groups[key].add(number_to)
            lines.setdefault(key, line)
    return [SampledRule(rf, nf, rt, frozenset(expected) if nf != NONE else frozenset({nt}), lines[key])
            for key, expected in groups.items() for rf, nf, rt, nt in [key]]


def score(history: History, sample: list[SampledRule]) -> Score:
    """Compare the history's maps with the sample (see the module docstring)."""
    result = Score()
    for rule in sample:
        try:
            if rule.number_from == NONE:
                (new,) = rule.expected
                found = history.resolve(RuleNumber.parse(new), rule.release_to, rule.release_from)
                if RuleNumber.parse(new) not in history.releases[history.release_index(rule.release_to)].index:
                    raise KeyError(f"{new} is not in {rule.release_to}")
                expected: frozenset[str] = frozenset({NONE})
                what = f"{rule.release_to} {new} (new) <- {rule.release_from}"
            else:
                number = RuleNumber.parse(rule.number_from)
                if number not in history.releases[history.release_index(rule.release_from)].index:
                    raise KeyError(f"{number} is not in {rule.release_from}")
                found = history.resolve(number, rule.release_from, rule.release_to)
                expected = rule.expected
                what = f"{rule.release_from} {number} -> {rule.release_to}"
        except (KeyError, RuleNumberError) as err:
            result.errors.append(f"line {rule.line}: {err}")
            result.missed += len(rule.expected)
            continue
        predicted = frozenset(str(n) for n in found) or frozenset({NONE})
        hits = len(predicted & expected)
        result.hits += hits
        result.false_pairs += len(predicted - expected)
        result.missed += len(expected - predicted)
        if predicted != expected:
            result.errors.append(f"line {rule.line}: {what}: expected {', '.join(sorted(expected))}; "
                                 f"the map gives {', '.join(sorted(predicted))}")
    return result
