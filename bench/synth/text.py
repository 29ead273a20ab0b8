"""Recombined text: sentences swapped between related rules, terms swapped, and every rule
reference pointed at a rule that exists in the generated CR (or, rarely and on purpose,
at one that does not: those are listed in the manifest as the designed dangling ones).

References are found with kb's own grammar (:func:`kb.rulenum.find_references`), so the
generator rewrites exactly what the KB will read; numbers are written as the CR writes them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.synth.material import sentences, usable
from bench.synth.words import KATAKANA_RUN
from kb.rulenum import SUBRULE_LETTERS, Level, NumberSpan, RuleNumber, find_references

KEEP_REFERENCE = 0.75
"""Chance a reference to a rule that exists keeps its target (the CR's real link shape)."""

DANGLING_RATE = 0.01
"""Chance a single reference to a rule or subrule is planted as dangling (the real CR has 9
dangling numbers among about 1,100 references)."""

DANGLING_LETTER = "z"
"""Planted dangling references name subrule z of rules with at most 15 subrules: no version
reaches z, because older versions add at most one subrule per rule per version."""


@dataclass
class Targets:
    """The numbers a reference may point at: the newest generated version's rules."""

    exists: set[RuleNumber] = field(default_factory=set)
    by_level: dict[Level, list[RuleNumber]] = field(default_factory=dict)
    by_chapter: dict[tuple[int, Level], list[RuleNumber]] = field(default_factory=dict)
    titles: dict[RuleNumber, str] = field(default_factory=dict)
    """Short titles for 〔…〕: 多人数戦ルール, フェイジング (the Japanese side of a keyword)."""
    titled: dict[Level, list[RuleNumber]] = field(default_factory=dict)
    subrule_count: dict[RuleNumber, int] = field(default_factory=dict)
    ranged: list[RuleNumber] = field(default_factory=list)
    """Rules with at least three subrules: targets for letter ranges."""
    danglable: list[RuleNumber] = field(default_factory=list)
    dangling: list[RuleNumber] = field(default_factory=list)
    """Planted so far, in the order planted (the manifest lists them)."""

    def add(self, number: RuleNumber, title: str | None) -> None:
        self.exists.add(number)
        self.by_level.setdefault(number.level, []).append(number)
        if number.chapter is not None:
            self.by_chapter.setdefault((number.chapter, number.level), []).append(number)
        if title:
            self.titles[number] = title.partition("／")[0].strip()
            self.titled.setdefault(number.level, []).append(number)
        if number.level == Level.SUBRULE:
            parent = number.parent
            assert parent is not None
            self.subrule_count[parent] = self.subrule_count.get(parent, 0) + 1

    def finish(self) -> None:
        rules = self.by_level.get(Level.RULE, [])
        self.ranged = [r for r in rules if self.subrule_count.get(r, 0) >= 3]
        self.danglable = [r for r in rules if 1 <= self.subrule_count.get(r, 0) <= 15]


class Rewriter:
    """Turns template text into new text; one per generated corpus (it owns the rng)."""

    def __init__(self, rng: random.Random, targets: Targets, katakana: Sequence[str],
                 plant_dangling: bool = True):
        self.rng = rng
        self.targets = targets
        self.katakana = list(katakana)
        self.plant_dangling = plant_dangling

    # -- sentences and terms ------------------------------------------------------------

    def recombine(self, text: str, pool: Sequence[str], keep: float) -> str:
        """Same number of sentences as ``text``; each kept with chance ``keep``, else drawn
        from ``pool`` (sentences of related rules)."""
        own = sentences(text)
        if not own:
            return text
        out = []
        for sentence in own:
            if pool and (self.rng.random() >= keep or not usable(sentence)):
                out.append(self.rng.choice(pool))
            else:
                out.append(sentence)
        return "".join(out)

    def swap_term(self, text: str, chance: float) -> str:
        """With ``chance``, one katakana term of ``text`` becomes another real term."""
        if self.rng.random() >= chance or not self.katakana:
            return text
        runs = list(KATAKANA_RUN.finditer(text))
        if not runs:
            return text
        run = self.rng.choice(runs)
        return text[: run.start()] + self.rng.choice(self.katakana) + text[run.end():]

    # -- references ---------------------------------------------------------------------

    def references(self, text: str, holder: RuleNumber | None) -> str:
        """Every reference in ``text`` pointed at an existing rule (or a planted dangling one)."""
        found = find_references(text)
        if not found:
            return text
        out, pos = [], 0
        for ref in found:
            out.append(text[pos:ref.start])
            piece = text[ref.start:ref.end]
            new_first: RuleNumber | None = None
            # Rewrite spans from the last so earlier offsets stay valid.
            for span in reversed(ref.spans):
                new_text, first = self._span(span, holder, titled=ref.title is not None)
                piece = piece[: span.start - ref.start] + new_text + piece[span.end - ref.start:]
                new_first = first
            if ref.title is not None and new_first is not None:
                piece = self._retitle(piece, new_first)
            out.append(piece)
            pos = ref.end
        out.append(text[pos:])
        return "".join(out)

    def _span(self, span: NumberSpan, holder: RuleNumber | None, titled: bool) -> tuple[str, RuleNumber]:
        first = span.numbers[0]
        if len(span.numbers) > 1:
            return self._range(span)
        level = first.level
        t = self.targets
        if titled:
            pool = t.titled.get(level) or t.titled.get(Level.CHAPTER, [])
            if first in t.titles and self.rng.random() < KEEP_REFERENCE:
                return str(first), first
            choice = self.rng.choice(pool)
            return str(choice), choice
        if self.plant_dangling and level >= Level.RULE and self.rng.random() < DANGLING_RATE:
            planted = self._dangling(level)
            if planted is not None:
                t.dangling.append(planted)
                return str(planted), planted
        if first in t.exists and self.rng.random() < KEEP_REFERENCE:
            return str(first), first
        local = t.by_chapter.get((holder.chapter, level), []) if holder and holder.chapter else []
        pool = local if local and self.rng.random() < 0.5 else t.by_level.get(level, [])
        if not pool:
            pool = t.by_level[Level.RULE]
        choice = self.rng.choice(pool)
        return str(choice), choice

    def _dangling(self, level: Level) -> RuleNumber | None:
        """A number no version gives: subrule z of a short rule, or a rule past a chapter's end
        (older versions only ever lack rules or add subrules, never add rules)."""
        t = self.targets
        if level == Level.SUBRULE and t.danglable:
            rule = self.rng.choice(t.danglable)
            return RuleNumber(rule.section, rule.chapter, rule.rule, DANGLING_LETTER)
        rules = t.by_level.get(Level.RULE, [])
        if level == Level.RULE and rules:
            chosen = self.rng.choice(rules)
            assert chosen.chapter is not None
            last = max(r.rule or 0 for r in t.by_chapter[(chosen.chapter, Level.RULE)])
            return RuleNumber(chosen.section, chosen.chapter, last + self.rng.randint(1, 3))
        return None

    def _range(self, span: NumberSpan) -> tuple[str, RuleNumber]:
        """A range keeps its length: 611.3a-b becomes another rule's two adjacent subrules."""
        size = len(span.numbers)
        first = span.numbers[0]
        t = self.targets
        if first.level == Level.SUBRULE:
            rules = [r for r in t.ranged if t.subrule_count[r] >= size] or t.ranged
            rule = self.rng.choice(rules)
            size = min(size, t.subrule_count[rule])
            start = self.rng.randint(0, t.subrule_count[rule] - size)
            a, b = SUBRULE_LETTERS[start], SUBRULE_LETTERS[start + size - 1]
            head = RuleNumber(rule.section, rule.chapter, rule.rule, a)
            return f"{rule}{a}-{b}", head
        if first.level == Level.RULE and all(n in t.exists for n in span.numbers):
            last = span.numbers[-1]
            return f"{first}-{last.rule}", first
        choice = self.rng.choice(t.by_level[first.level])
        return str(choice), choice

    def _retitle(self, piece: str, target: RuleNumber) -> str:
        title = self.targets.titles.get(target)
        start, end = piece.rfind("〔"), piece.rfind("〕")
        if title is None or start < 0 or end < start:
            return piece
        return piece[: start + 1] + title + piece[end:]
