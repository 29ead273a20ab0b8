"""Skipping a step, phase or turn and then taking another action (614.10b): "skip your next draw
step, then …".  The action is the first thing that happens in the next step or phase that actually
begins — after any others skipped too — before that step's turn-based actions; it waits on the
turn (``TurnState.first_things``) until then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.replacement import BeginStep, Replacement, ReplacementContext
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game

Action = Callable[["Game"], None]


def defer(game: Game, action: Action) -> None:
    """Take ``action`` as the first thing of the next step or phase to actually begin (614.10b)."""
    game.turn_state.first_things.append(action)
    game.touch()


def skip_step_then(step: Step, player: PlayerId, action: Action, text: str) -> Replacement:
    """"[Player] skips their next [step], then [action]" (614.10, 614.10b): used up after one step."""

    def skipped(context: ReplacementContext, begin: BeginStep) -> None:
        defer(context.game, action)  # the step is replaced by nothing

    return Replacement(text, BeginStep, lambda c, b: b.step is step and b.player == player, skipped, uses=1,
                       pure=False)


__all__ = ["defer", "skip_step_then"]
