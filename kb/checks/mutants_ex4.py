"""Engine mutants for the mechanisms the checks of issue 12's slice "ex4" rely on (the last CR
examples and the rules of 601-608 they show): each breaks one rule.  :mod:`kb.checks.mutants`
collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import keyword_variables
from kb.engine.basics import ObjectId
from kb.engine.game import Game
from kb.engine.keywords import Keyword


def _defined_once(game: Game, keyword: Keyword, object_id: ObjectId) -> Keyword:
    """A granted keyword's parameter stays what it was for the card in its old zone."""
    return keyword


MUTANTS: tuple[Mutant, ...] = (
    Mutant("granted-keyword-parameter-not-reevaluated", "702.1b", "a keyword's parameter that the granting effect "
           "defines from the object (flashback at its mana cost) isn't worked out anew for the spell, so a split "
           "card cast as one half costs both halves", ((keyword_variables, "anew", _defined_once),)),
)
