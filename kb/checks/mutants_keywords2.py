"""Engine mutants for the keyword abilities of 702.62-702.189 ported from branch kw2 and those
after them: each breaks one mechanism they brought.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import keyword_abilities, keywords_recent, rules
from kb.engine.abilities import StaticAbility
from kb.engine.keywords import Keyword


class _NoSuchRule:
    """Stands for a rule change no effect makes."""


def _only_printed_statics(ability: object) -> StaticAbility | None:
    return ability if isinstance(ability, StaticAbility) else None


def _first_toxic_only(held: list[Keyword]) -> int:
    return int(held[0].parameter) if held else 0


MUTANTS: tuple[Mutant, ...] = (
    Mutant("crew-ignores-cant-crew", "702.122c", "a creature that can't crew Vehicles may still be tapped to crew",
           ((rules, "CantCrew", _NoSuchRule),)),
    Mutant("keyword-statics-ignored", "702.64a",
           "a keyword that stands for a static ability (absorb, devour, riot …) brings no replacement effect or "
           "rule change", ((keyword_abilities, "static", _only_printed_statics),)),
    Mutant("toxic-counts-one-instance", "702.164b", "the total toxic value is the first toxic ability's value",
           ((keywords_recent, "total_toxic_value", _first_toxic_only),)),
)
