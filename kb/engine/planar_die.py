"""The planar die (901.9) and the planeswalking ability (901.8) of a Planechase game.

Rolling the planar die is a special action (116.2i) of the active player with priority, an empty
stack and a main phase of their turn; its cost is as much generic mana as the times they already
rolled it this turn (901.9).  The result is a :data:`~kb.engine.choices.ChoiceKind.DIE_ROLL` among
"blank", "chaos" and "planeswalker", which a scenario states.  A blank does nothing (901.9a).  The
planeswalker symbol triggers the planeswalking ability, "Whenever you roll the planeswalker symbol,
planeswalk": it has no source and its controller is the player who rolled (901.8, 901.9c); it waits
like any triggered ability.  Chaos (311.7, 901.9b) raises NotModelled: no chaos ability is modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import planechase, priority, triggers
from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, NotModelled
from kb.engine.events import Event, TurnBegan

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.stack import Resolution

FACES = ("blank", "chaos", "planeswalker")


@dataclass(frozen=True, eq=False)
class PlanarDieRolled(Event):
    player: PlayerId
    result: str


def rolls_this_turn(game: Game, player: PlayerId) -> int:
    count = 0
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, PlanarDieRolled) and event.player == player:
            count += 1
    return count


def _planeswalk(resolution: Resolution) -> None:
    planechase.planeswalk(resolution.game, resolution.controller)


def planeswalking_ability(game: Game, player: PlayerId) -> None:
    """901.8: the planeswalking ability triggers for ``player``, with no source (113.8's exception)."""
    triggers.reflexive(game, "Whenever you roll the planeswalker symbol, planeswalk.", _planeswalk, player)


def roll(game: Game, player: PlayerId) -> str:
    """``player`` rolls the planar die as a special action (901.9); returns the face rolled."""
    from kb.engine import payment
    from kb.engine.casting import sorcery_timing
    from kb.engine.mana import ManaCost

    priority.require(game, player, "rolling the planar die")
    if not planechase.face_up(game):
        raise IllegalAction("the planar die is rolled only in a Planechase game", "901.9")
    if not sorcery_timing(game, player):
        raise IllegalAction("the planar die is rolled in a main phase of your turn with an empty stack", "901.9")
    times = rolls_this_turn(game, player)
    checkpoint = game.checkpoint()
    try:
        if times:
            payment.pay_mana(game, player, ManaCost((str(times),)))
    except IllegalAction:
        game.restore(checkpoint)
        raise
    face = game.choices.ask(Choice(ChoiceKind.DIE_ROLL, player, "the face of the planar die", FACES))
    if face == "chaos":
        raise NotModelled("chaos abilities of planes (311.7, 901.9b)")
    game.emit(PlanarDieRolled(player, str(face)))
    if face == "planeswalker":
        planeswalking_ability(game, player)  # 901.9c
    priority.give(game, player)  # the active player receives priority (901.9a-c)
    return str(face)


__all__ = ["FACES", "PlanarDieRolled", "planeswalking_ability", "roll", "rolls_this_turn"]
