"""Cards in the command zone: planes, phenomena, schemes, vanguards, conspiracies (113.6p).

They get timestamps at set moments rather than on entering the zone: a face-up vanguard or
conspiracy as the game starts (613.7i, 613.7j); a plane, phenomenon, scheme or face-down
conspiracy when it is turned face up (613.7h, 613.7j).  Their static abilities function only
while they are face up in the command zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import timestamps
from kb.engine.basics import PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.errors import IllegalAction
from kb.engine.objects import FaceDown

if TYPE_CHECKING:
    from kb.engine.cards import Card
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


# -- supplementary decks in the command zone: planar decks (901), scheme decks (904) ----------------

DECK = "supplementary deck"
"""Where a face-down plane, phenomenon or scheme is in its owner's deck: ``chosen[DECK]``, the
higher the nearer the top."""


def build_deck(game: Game, player: PlayerId, cards: Sequence[Card]) -> list[GameObject]:
    """Put ``cards`` face down in the command zone as ``player``'s deck, the first on top."""
    made = []
    for position, each in enumerate(reversed(cards)):
        obj = game._new_object(each, player, Zone.COMMAND, player)
        obj.face_down = FaceDown.EFFECT
        obj.chosen[DECK] = position
        made.append(obj)
    game.touch()
    return list(reversed(made))


def deck_of(game: Game, player: PlayerId, kinds: frozenset[CardType]) -> list[GameObject]:
    """``player``'s deck of cards of ``kinds``, top first."""
    found = [o for o in game.in_zone(Zone.COMMAND, player)
             if o.face_down is not None and DECK in o.chosen and o.printed.types & kinds]
    return sorted(found, key=lambda o: -int(o.chosen[DECK]))  # type: ignore[call-overload]


def to_bottom(game: Game, card: GameObject, deck: Sequence[GameObject]) -> None:
    """Turn ``card`` face down and put it on the bottom of its owner's deck (701.31b, 704.6e)."""
    lowest = min((int(o.chosen[DECK]) for o in deck if o is not card), default=0)  # type: ignore[call-overload]
    card.face_down = FaceDown.EFFECT
    card.chosen[DECK] = lowest - 1
    game.touch()


def take_top(game: Game, deck: Sequence[GameObject]) -> GameObject | None:
    """Move the top card off the deck and turn it face up, with a new timestamp (613.7h)."""
    if not deck:
        return None
    top = deck[0]
    del top.chosen[DECK]
    turn_face_up(game, top)
    return top
