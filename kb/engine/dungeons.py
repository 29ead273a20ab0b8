"""Dungeons (309) and venturing into them (701.49), with their state-based action (704.5t).

A dungeon card starts outside the game; a player who ventures without one in the command zone
chooses one of theirs and puts it there with their venture marker on the topmost room (701.49a);
venturing again moves the marker along an arrow, the player choosing among several (701.49b);
from the bottommost room, the dungeon is removed from the game — completed — and a new one is
brought in (701.49c, 309.7).  Each room has a room ability, "When you move your venture marker
into this room, [effect]" (309.4c): moving the marker is an event (:class:`MarkerMoved`) those
abilities watch.  A dungeon whose marker is on its bottommost room and that is not the source of
a room ability still waiting or on the stack is removed from the game (309.6, 704.5t).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kb.engine.abilities import Effect, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import Card, card
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.events import Event
from kb.engine.game import Game
from kb.engine.objects import GameObject
from kb.engine.triggers import TriggerContext, on_event


@dataclass(frozen=True, eq=False)
class MarkerMoved(Event):
    """``player`` moved their venture marker into room ``room`` of the dungeon ``dungeon``."""

    player: PlayerId
    dungeon: ObjectId
    room: int


@dataclass(frozen=True, eq=False)
class DungeonCompleted(Event):
    """``player`` completed a dungeon as it was removed from the game (309.7)."""

    player: PlayerId
    name: str


@dataclass(frozen=True)
class Room:
    """A room: its name (flavour, 309.4b), what its room ability does, and the rooms its arrows
    lead to (indexes; none for the bottommost room)."""

    name: str
    effect: Effect
    text: str
    leads_to: tuple[int, ...] = ()


def _entered_room(index: int) -> Callable[[TriggerContext], int]:
    def count(t: TriggerContext) -> int:
        event = t.event
        return int(isinstance(event, MarkerMoved) and event.dungeon == t.source.id and event.room == index)

    return count


def dungeon(name: str, rooms: Sequence[Room]) -> Card:
    """A dungeon card: its rooms in order, the first the topmost (309.4a)."""
    if not rooms:
        raise ScenarioError(f"the dungeon {name!r} has no rooms")
    for index, room in enumerate(rooms):
        if any(not index < n < len(rooms) for n in room.leads_to):
            raise ScenarioError(f"{name}: room {room.name!r} leads to a room that isn't below it")
    abilities = tuple(TriggeredAbility(f"When you move your venture marker into {room.name}, {room.text}",
                                       on_event(f"moving the venture marker into {room.name}", (MarkerMoved,),
                                                _entered_room(index)), room.effect, zones=frozenset({Zone.COMMAND}))
                      for index, room in enumerate(rooms))
    built = card(name, None, "Dungeon", *abilities)
    ROOMS[built] = tuple(rooms)
    return built


ROOMS: dict[Card, tuple[Room, ...]] = {}
"""The rooms of each dungeon card defined with :func:`dungeon`."""


def dungeon_of(game: Game, player: PlayerId) -> GameObject | None:
    """The dungeon card ``player`` owns in the command zone (309.3: at most one)."""
    return next((o for o in game.in_zone(Zone.COMMAND, player) if CardType.DUNGEON in o.printed.types), None)


def room_of(obj: GameObject) -> int:
    room = obj.chosen.get("venture marker")
    return room if isinstance(room, int) else 0


def bottommost(obj: GameObject) -> bool:
    return not ROOMS[obj.card][room_of(obj)].leads_to


def _move_marker(game: Game, player: PlayerId, obj: GameObject, room: int) -> None:
    obj.chosen["venture marker"] = room
    game.touch()
    game.emit(MarkerMoved(player, obj.id, room))


def _bring_in(game: Game, player: PlayerId, available: Sequence[Card]) -> None:
    """701.49a, 701.49c: choose a dungeon card from outside the game and put it into the command zone."""
    if not available:
        raise IllegalAction(f"{player} owns no dungeon card outside the game", "701.49a")
    chosen = available[0] if len(available) == 1 else game.choices.ask(Choice(
        ChoiceKind.OBJECT, player, "a dungeon to venture into", tuple(available)))
    if not isinstance(chosen, Card) or chosen not in ROOMS:
        raise ScenarioError("a dungeon card must be made with kb.engine.dungeons.dungeon")
    obj = game._new_object(chosen, player, Zone.COMMAND, player)
    _move_marker(game, player, obj, 0)


def complete(game: Game, obj: GameObject) -> None:
    """Remove the dungeon from the game: its owner completes it (309.7)."""
    game.last_known[obj.id] = game.views()[obj.id]
    del game.objects[obj.id]
    game.touch()
    game.emit(DungeonCompleted(obj.owner, obj.card.name))


def venture(game: Game, player: PlayerId, available: Sequence[Card]) -> None:
    """``player`` ventures into the dungeon (701.49); ``available``: the dungeon cards they own
    outside the game."""
    current = dungeon_of(game, player)
    if current is None:
        _bring_in(game, player, available)
        return
    if bottommost(current):
        complete(game, current)
        _bring_in(game, player, available)
        return
    arrows = ROOMS[current.card][room_of(current)].leads_to
    room = arrows[0] if len(arrows) == 1 else game.choices.ask(Choice(
        ChoiceKind.OBJECT, player, "the room to move into", tuple(arrows)))
    assert isinstance(room, int)
    _move_marker(game, player, current, room)


def finished(game: Game) -> list[GameObject]:
    """Dungeons whose marker is on the bottommost room and that aren't the source of a room ability
    that triggered but hasn't left the stack (309.6, 704.5t)."""
    found = []
    for obj in game.in_zone(Zone.COMMAND):
        if CardType.DUNGEON not in obj.printed.types:
            continue
        if obj.card not in ROOMS:
            raise ScenarioError(f"the dungeon {obj.card.name!r} must be made with kb.engine.dungeons.dungeon")
        waiting = any(s.source_id == obj.id for s in game.stack) or any(p.source_id == obj.id for p in game.pending)
        if bottommost(obj) and not waiting:
            found.append(obj)
    return found


__all__ = ["DungeonCompleted", "MarkerMoved", "Room", "complete", "dungeon", "dungeon_of", "finished", "venture"]
