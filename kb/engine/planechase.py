"""Planechase (901): planar decks, planeswalking (701.31), encountering phenomena (312.5), and the
state-based action that moves the game on from a phenomenon (704.6f), and the owner of a face-up plane
leaving the game (901.10).

To planeswalk is to put each face-up plane and phenomenon on the bottom of its owner's planar
deck face down, then turn the top card of your planar deck face up (701.31b).  Abilities that
trigger when a player planeswalks away from a plane look back in time (603.10g): the plane's
abilities no longer function once it is face down, so they are seen as they were just before.
The planar controller is the active player (901.6); Two-Headed Giant and Grand Melee
planechase (901.12, 901.14) are not modelled, nor is chaos (311.7); the planar die (901.8-901.9) is
:mod:`kb.engine.planar_die`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import command
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.errors import IllegalAction
from kb.engine.events import Event, Seen
from kb.engine.selectors import Filter
from kb.engine.triggers import Trigger, TriggerContext, on_event

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

PLANAR = frozenset({CardType.PLANE, CardType.PHENOMENON})


@dataclass(frozen=True, eq=False)
class PlaneswalkedAway(Event):
    """``player`` planeswalked away from ``objects`` (701.31d); looks back (603.10g)."""

    player: PlayerId
    objects: frozenset[ObjectId]
    seen: Seen = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class PlaneswalkedTo(Event):
    """``player`` planeswalked to ``card``, turning it face up: encountering it if it's a
    phenomenon (312.5)."""

    player: PlayerId
    card: ObjectId


def planar_controller(game: Game) -> PlayerId:
    """Normally the active player (901.6)."""
    return game.active


def planar_deck(game: Game, player: PlayerId) -> list[GameObject]:
    return command.deck_of(game, player, PLANAR)


def face_up(game: Game) -> list[GameObject]:
    """The face-up planes and phenomena."""
    return [o for o in game.in_zone(Zone.COMMAND) if o.face_down is None and o.printed.types & PLANAR]


def start(game: Game, decks: Mapping[PlayerId, Sequence[Card]]) -> None:
    """Each player's planar deck; the starting player turns the top card face up, a phenomenon
    going to the bottom until a plane comes (901.5)."""
    for player, cards in decks.items():
        command.build_deck(game, player, cards)
    starter = game.turn_order[0]
    for _ in range(len(planar_deck(game, starter))):
        deck = planar_deck(game, starter)
        top = command.take_top(game, deck)
        if top is None or CardType.PLANE in top.printed.types:
            return
        command.to_bottom(game, top, planar_deck(game, starter))


def planeswalk(game: Game, player: PlayerId | None = None) -> GameObject | None:
    """The planar controller planeswalks (701.31b); returns the card turned face up.  Only during a
    Planechase game, and only the planar controller (701.31a): IllegalAction otherwise."""
    if not any(o.printed.types & PLANAR for o in game.in_zone(Zone.COMMAND)):
        raise IllegalAction("a player may planeswalk only during a Planechase game", "701.31a")
    if player is not None and player != planar_controller(game):
        raise IllegalAction(f"only the planar controller ({planar_controller(game)}) may planeswalk", "701.31a")
    walker = player or planar_controller(game)
    seen = game.views()
    leaving = face_up(game)
    for card in leaving:
        command.to_bottom(game, card, planar_deck(game, card.owner))
    arrived = command.take_top(game, planar_deck(game, walker))
    if arrived is not None:
        arrived.controller = walker  # the planar controller controls it (901.6)
    events: list[Event] = [PlaneswalkedAway(walker, frozenset(c.id for c in leaving), seen)]
    if arrived is not None:
        events.append(PlaneswalkedTo(walker, arrived.id))
    game.emit(*events)
    return arrived


def owner_leaving(game: Game, player: PlayerId) -> list[ObjectId]:
    """901.10: the face-up planes and phenomena ``player`` owns, about to leave the game with them.
    NotModelled if ``player`` is the planar controller: another player would become it first (901.6)."""
    leaving = [o.id for o in face_up(game) if o.owner == player]
    if leaving and player == planar_controller(game):
        from kb.engine.errors import NotModelled

        raise NotModelled("the planar controller leaving the game with the face-up plane (901.6, 901.10)")
    return leaving


def after_owner_left(game: Game, leaving: list[ObjectId]) -> None:
    """901.10: face-up planar cards left the game with their owner: at once (not as a state-based
    action) the planar controller turns the top card of their planar deck face up — they
    planeswalk (701.31c)."""
    if leaving and not game.over and not face_up(game):
        planeswalk(game, planar_controller(game))


def phenomena_done(game: Game) -> list[GameObject]:
    """704.6f: face-up phenomena that aren't the source of a triggered ability that has triggered
    but not yet left the stack."""
    return [o for o in face_up(game) if CardType.PHENOMENON in o.printed.types
            and not any(s.source_id == o.id for s in game.stack) and not any(p.source_id == o.id for p in game.pending)]


def planeswalk_away(what: Filter | None = None) -> Trigger:
    """"When you planeswalk away from [this plane]": looks back (603.10g)."""

    def count(t: TriggerContext) -> int:
        event = t.event
        if not isinstance(event, PlaneswalkedAway) or event.player != t.source.controller:
            return 0
        return sum(1 for i in event.objects if t.matches(what, i))

    return on_event(f"when you planeswalk away from {what or 'this plane'}", (PlaneswalkedAway,), count,
                    "planeswalks away")


def planeswalk_to(what: Filter | None = None) -> Trigger:
    """"When you planeswalk to [this plane]" / "When you encounter [this phenomenon]" (312.5)."""

    def count(t: TriggerContext) -> int:
        event = t.event
        return int(isinstance(event, PlaneswalkedTo) and event.player == t.source.controller
                   and t.matches(what, event.card))

    return on_event(f"when you planeswalk to {what or 'this'}", (PlaneswalkedTo,), count, "planeswalks to")


__all__ = ["PlaneswalkedAway", "PlaneswalkedTo", "after_owner_left", "face_up", "owner_leaving", "phenomena_done", "planar_controller", "planar_deck",
           "planeswalk", "planeswalk_away", "planeswalk_to", "start"]
