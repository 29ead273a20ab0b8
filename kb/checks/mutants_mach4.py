"""Engine mutants for the machinery of 601-616 that the mach4 checks (``cr60x_more_machinery``) check:
each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import stack
from kb.engine.events import AbilityActivated
from kb.engine.game import Game
from kb.engine.triggers import Pending

_original_put_triggered = stack.put_triggered


def _triggering_counts_as_activating(game: Game, pending: Pending) -> None:
    _original_put_triggered(game, pending)
    game.emit(AbilityActivated(pending.source_id, pending.controller, pending.ability.text))


MUTANTS: tuple[Mutant, ...] = (
    Mutant("triggered-ability-counts-as-activated", "602.1c", "a triggered ability put on the stack counts as its "
           "controller activating an ability", ((stack, "put_triggered", _triggering_counts_as_activating),)),
)
