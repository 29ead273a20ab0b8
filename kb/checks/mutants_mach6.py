"""Engine mutants for the last machinery rules of 601-608 that the mach6 checks (``cr601_608_last``)
check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import activating


def _never_begun(begun: Any, source: Any, ability: Any) -> bool:
    return False


MUTANTS: tuple[Mutant, ...] = (
    Mutant("mana-ability-reactivated-while-paying", "605.3c", "a mana ability may be activated again while its own "
           "costs are being paid", ((activating, "begun_again", _never_begun),)),
)
