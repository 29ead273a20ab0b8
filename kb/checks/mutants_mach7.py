"""Engine mutants for the last machinery rules of 601-616 that the mach7 checks (``cr601_616_final``)
check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import layers


def _as_the_card_says(held: Any, ability: Any) -> bool:
    return bool(ability.cda)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("cda-as-the-card-says", "604.3a", "any static ability written as a characteristic-defining ability is "
           "one, even conditional or changing other objects too", ((layers, "is_cda", _as_the_card_says),)),
)
