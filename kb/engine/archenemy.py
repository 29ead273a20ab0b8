"""Archenemy (904): the archenemy's scheme deck, setting schemes in motion (701.32; as a turn-based
action of the archenemy's precombat main phase, 505.3), and the
state-based action that puts a finished scheme back under its deck (704.6e).

To set a scheme in motion is to move the top card of your scheme deck off it and turn it face up
(701.32a); "When you set this scheme in motion" abilities trigger (314.4).  A face-up scheme that
isn't ongoing, when no triggered ability of any scheme is waiting or on the stack, is turned face
down and put on the bottom of its owner's scheme deck (704.6e); an ongoing scheme stays face up
until an ability abandons it (314.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import command
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType, Supertype
from kb.engine.events import Event
from kb.engine.triggers import Trigger, TriggerContext, on_event

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

SCHEMES = frozenset({CardType.SCHEME})


@dataclass(frozen=True, eq=False)
class SetInMotion(Event):
    player: PlayerId
    scheme: ObjectId


def start(game: Game, archenemy: PlayerId, cards: Sequence[Card]) -> None:
    """The archenemy's scheme deck, the first card on top (904.3)."""
    command.build_deck(game, archenemy, cards)


def is_archenemy(game: Game, player: PlayerId) -> bool:
    """The archenemy is the player with schemes (904.3): a scheme deck or face-up schemes they own."""
    return any(o.owner == player and CardType.SCHEME in o.printed.types for o in game.in_zone(Zone.COMMAND))


def scheme_deck(game: Game, player: PlayerId) -> list[GameObject]:
    return command.deck_of(game, player, SCHEMES)


def set_in_motion(game: Game, player: PlayerId, scheme: GameObject | None = None) -> GameObject | None:
    """Move the top card of the scheme deck off it and turn it face up (701.32b).  A given
    ``scheme`` (one an effect names) is moved off the deck if it is on top and turned face up if
    it isn't: it is set in motion even if neither happens (701.32b)."""
    if scheme is None:
        scheme = command.take_top(game, scheme_deck(game, player))
    else:
        deck = scheme_deck(game, player)
        if deck and deck[0] is scheme:
            command.take_top(game, deck)
        elif scheme.face_down is not None:
            command.turn_face_up(game, scheme)
    if scheme is not None:
        game.emit(SetInMotion(player, scheme.id))
    return scheme


def abandon(game: Game, scheme: GameObject) -> bool:
    """701.33b: turn it face down and put it on the bottom of its owner's scheme deck.  Only a
    face-up ongoing scheme can be abandoned (701.33a): False otherwise."""
    if scheme.zone is not Zone.COMMAND or scheme.face_down is not None or \
            Supertype.ONGOING not in scheme.printed.supertypes:
        return False
    put_back(game, scheme)
    return True


def set_in_motion_trigger() -> Trigger:
    """"When you set this scheme in motion" (314.4)."""

    def count(t: TriggerContext) -> int:
        event = t.event
        return int(isinstance(event, SetInMotion) and event.scheme == t.source.id)

    return on_event("when you set this scheme in motion", (SetInMotion,), count)


def finished(game: Game) -> list[GameObject]:
    """704.6e: face-up non-ongoing schemes, when no triggered ability of any scheme waits or is on
    the stack."""
    schemes = {o.id for o in game.in_zone(Zone.COMMAND) if CardType.SCHEME in o.printed.types}
    if any(s.source_id in schemes for s in game.stack if s.ability is not None) or \
            any(p.source_id in schemes for p in game.pending):
        return []
    return [game.objects[i] for i in schemes if game.objects[i].face_down is None
            and Supertype.ONGOING not in game.objects[i].printed.supertypes]


def put_back(game: Game, scheme: GameObject) -> None:
    command.to_bottom(game, scheme, scheme_deck(game, scheme.owner))


__all__ = ["SetInMotion", "abandon", "finished", "is_archenemy", "put_back", "scheme_deck", "set_in_motion", "set_in_motion_trigger", "start"]
