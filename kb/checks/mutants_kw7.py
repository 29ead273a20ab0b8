"""Engine mutants for the last behaviour subrules of keyword actions and abilities checked in
:mod:`kb.checks.cr.cr70x_last_keyword_subrules`: each breaks one of those rules on purpose.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import keywords_new_casting
from kb.engine.game import Game
from kb.engine.keywords import Keyword


def _any_blitz_paid(game: Game, object_id: int, keyword: Keyword) -> bool:
    """Every instance of blitz sees a blitz cost paid, whichever instance it was paid for."""
    return keywords_new_casting.blitz_paid(game, object_id)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("blitz-instances-share-payments", "702.152b",
           "each instance of blitz refers to a payment made for any instance of blitz, not only its own",
           ((keywords_new_casting, "blitz_instance_paid", _any_blitz_paid),)),
)
