"""Engine mutants for the turn's structure, priority and combat (500-514, 117): each breaks one
rule of those chapters on purpose.  :mod:`kb.checks.mutants` collects them.

The tables of the declarations (:mod:`kb.engine.declarations`) get one mutant per entry, as the
engine's other tables do; the rest are written by hand, one per mechanism.
"""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import stack
from kb.engine.game import Game

# -- 117: timing and priority --------------------------------------------------------------------------

_original_resolve_top = stack.resolve_top


def _priority_while_resolving(game: Game) -> None:
    game.turn_state.priority = game.active
    try:
        _original_resolve_top(game)
    finally:
        game.turn_state.priority = None


MUTANTS: tuple[Mutant, ...] = (
    Mutant("priority-while-resolving", "117.2e", "the active player holds priority while a spell or ability resolves",
           ((stack, "resolve_top", _priority_while_resolving),)),
)

__all__ = ["MUTANTS"]
