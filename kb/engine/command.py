"""Cards in the command zone: planes, phenomena, schemes, vanguards, conspiracies (113.6p).

They get timestamps at set moments rather than on entering the zone: a face-up vanguard or
conspiracy as the game starts (613.7i, 613.7j); a plane, phenomenon, scheme or face-down
conspiracy when it is turned face up (613.7h, 613.7j).  Their static abilities function only
while they are face up in the command zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import timestamps
from kb.engine.basics import Zone
from kb.engine.cardtypes import CardType
from kb.engine.errors import IllegalAction
from kb.engine.objects import FaceDown

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def start_game(game: Game) -> None:
    """The game begins: face-up vanguards and every conspiracy get their timestamps, in APNAP
    order (613.7m, 613.7i, 613.7j)."""
    starting = [o for o in game.objects.values() if o.zone is Zone.COMMAND and (
        CardType.CONSPIRACY in o.printed.types or (CardType.VANGUARD in o.printed.types and o.face_down is None))]
    timestamps.stamp_together(game, starting)
    game.emit()


def turn_face_up(game: Game, card: GameObject) -> None:
    """A plane or phenomenon as a player planeswalks to it, a scheme set in motion, a hidden
    conspiracy revealed: face up now, with a timestamp of now."""
    if card.zone is not Zone.COMMAND:
        raise IllegalAction("only cards in the command zone are turned face up this way")
    if card.face_down is None:
        return
    card.face_down = None
    timestamps.stamp(game, card)
    game.emit()


def planeswalk(game: Game, current: GameObject | None, to: GameObject) -> None:
    """Leave ``current`` (face down again) for ``to`` (901.9)."""
    if current is not None:
        current.face_down = FaceDown.EFFECT
    turn_face_up(game, to)
