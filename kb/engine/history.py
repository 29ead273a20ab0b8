"""What happened earlier in the game, for effects that look back in time (608.2i).

Such an effect needs the objects as they were at the time of the action, not as they are now:
a creature that attacked this turn counts even if it has since stopped being a creature or
left the battlefield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.events import AttackersDeclared, TurnBegan

if TYPE_CHECKING:
    from kb.engine.game import Game


def attacked_with_this_turn(game: Game, player: PlayerId) -> frozenset[ObjectId]:
    """The creatures ``player`` attacked with this turn, whatever they are now (608.2i)."""
    found: set[ObjectId] = set()
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, AttackersDeclared) and event.player == player:
            found |= set(event.attackers)
    return frozenset(found)


__all__ = ["attacked_with_this_turn"]
