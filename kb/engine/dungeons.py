"""Dungeons and venturing into the dungeon (309, 701.49).

A dungeon card starts outside the game (309.2): only venturing brings one in (309.2d).  It goes
to its owner's command zone, where it stays until it leaves the game; it isn't a permanent and
can't be cast (309.2b-c), and a player owns at most one there (309.3).  Its rooms are joined by
arrows; the player's venture marker shows where they are (309.4).  Each room has a room ability,
"When you move your venture marker into this room, [effect]", which functions while the dungeon
is in the command zone and is controlled by the dungeon's owner (309.4c); putting the marker on
the topmost room moves it into that room.

Venturing (701.49): with no dungeon, choose one of yours from outside the game and put it in
the command zone with the marker on its topmost room (701.49a); else move the marker along an
arrow, choosing when there are several (701.49b); from the bottommost room, remove the dungeon
from the game — completing it (309.7) — and bring in a new one (701.49c).  A dungeon whose marker
is on its bottommost room and whose room abilities have all left the stack is removed from the
game by a state-based action (309.6, 704.5t).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.abilities import Effect, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import Card
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import Characteristics
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction
from kb.engine.events import Event
from kb.engine.triggers import Trigger, TriggerContext

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

MARKER = "venture marker"
"""Where a dungeon keeps the room its owner's venture marker is in (``GameObject.chosen``)."""


@dataclass(frozen=True, eq=False)
class VentureMarkerMoved(Event):
    """A player moved their venture marker into a room (309.4c), or put it on the topmost one."""

    player: PlayerId
    dungeon: ObjectId
    room: str


@dataclass(frozen=True, eq=False)
class DungeonCompleted(Event):
    """A player completed a dungeon: it was removed from the game (309.7)."""

    player: PlayerId
    name: str | None


@dataclass(frozen=True, eq=False)
class RoomAbility(TriggeredAbility):
    """A room of a dungeon and its room ability (309.4c); ``to``: the rooms its arrows lead to
    (none: the bottommost room)."""

    room: str = ""
    to: tuple[str, ...] = ()


def room(name: str, text: str, effect: Effect, to: Sequence[str] = ()) -> RoomAbility:
    """A room: "When you move your venture marker into this room, [text]" (309.4c)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, VentureMarkerMoved) and e.dungeon == t.source.id and e.room == name)

    trigger = Trigger(f"when you move your venture marker into {name}", (VentureMarkerMoved,), count,
                      "room ability")
    return RoomAbility(f"{name} — {text}", trigger, effect, zones=frozenset({Zone.COMMAND}), room=name, to=tuple(to))


def dungeon(name: str, *rooms: RoomAbility) -> Card:
    """A dungeon card (309.1): its rooms, the topmost first."""
    names = {r.room for r in rooms}
    for r in rooms:
        missing = [t for t in r.to if t not in names]
        if missing:
            raise ValueError(f"{name}: room {r.room} leads to unknown rooms {missing}")
    return Card(Characteristics(name, types=frozenset({CardType.DUNGEON}), abilities=rooms))


def rooms_of(obj: GameObject) -> dict[str, RoomAbility]:
    return {a.room: a for a in obj.card.front.abilities if isinstance(a, RoomAbility)}


def dungeon_of(game: Game, player: PlayerId) -> GameObject | None:
    """The dungeon ``player`` owns in the command zone, if any (309.3)."""
    return next((o for o in game.in_zone(Zone.COMMAND, player) if CardType.DUNGEON in o.card.front.types), None)


def _move_marker(game: Game, player: PlayerId, obj: GameObject, to: str) -> None:
    obj.chosen[MARKER] = to
    game.touch()
    game.emit(VentureMarkerMoved(player, obj.id, to))


def _bring_in(game: Game, player: PlayerId, available: Sequence[Card]) -> GameObject:
    """701.49a: choose a dungeon of yours from outside the game; it goes to the command zone with
    the marker on its topmost room."""
    cards = [c for c in available if CardType.DUNGEON in c.front.types]
    if not cards:
        raise IllegalAction(f"{player} has no dungeon outside the game to venture into", "701.49a")
    chosen = cards[0] if len(cards) == 1 else next(c for c in cards if c.name == game.choices.ask(Choice(
        ChoiceKind.CARD_NAME, player, "a dungeon to venture into", tuple(c.name for c in cards))))
    obj = game._new_object(chosen, player, Zone.COMMAND, player)
    top = next(iter(rooms_of(obj)))
    _move_marker(game, player, obj, top)
    return obj


def complete(game: Game, obj: GameObject) -> None:
    """Remove a dungeon from the game: its owner completes it (309.7)."""
    game.last_known[obj.id] = game.view(obj.id)
    del game.objects[obj.id]
    game.touch()
    game.emit(DungeonCompleted(obj.owner, obj.card.name))


def venture(game: Game, player: PlayerId, available: Sequence[Card]) -> None:
    """``player`` ventures into the dungeon (701.49); ``available``: their dungeon cards outside
    the game."""
    current = dungeon_of(game, player)
    if current is None:
        _bring_in(game, player, available)  # 701.49a
        return
    here = rooms_of(current)[str(current.chosen[MARKER])]
    if here.to:
        nxt = here.to[0] if len(here.to) == 1 else str(game.choices.ask(Choice(
            ChoiceKind.MODE, player, f"which room to move into from {here.room}", here.to)))
        _move_marker(game, player, current, nxt)  # 701.49b
        return
    complete(game, current)  # 701.49c
    _bring_in(game, player, available)


def venture_into(game: Game, player: PlayerId, available: Sequence[Card], quality: Callable[[Card], bool]) -> None:
    """"Venture into [quality]" (701.49d): a player with no dungeon of theirs in the command zone
    brings in one of their dungeons from outside the game that has the quality; one who has a
    dungeon there ventures as usual (701.49b-c)."""
    if dungeon_of(game, player) is None:
        _bring_in(game, player, [c for c in available if quality(c)])
        return
    venture(game, player, available)


def finished(game: Game) -> list[GameObject]:
    """Dungeons whose marker is on the bottommost room and none of whose room abilities waits or is
    on the stack: state-based actions remove them (309.6, 704.5t)."""
    found = []
    for obj in game.in_zone(Zone.COMMAND):
        if CardType.DUNGEON not in obj.card.front.types:
            continue
        here = rooms_of(obj).get(str(obj.chosen.get(MARKER)))
        waiting = any(s.source_id == obj.id for s in game.stack) or any(p.source_id == obj.id for p in game.pending)
        if here is not None and not here.to and not waiting:
            found.append(obj)
    return found


def completed(game: Game, player: PlayerId) -> int:
    """How many dungeons ``player`` has completed this game (309.7)."""
    return sum(1 for e in game.events(DungeonCompleted) if e.player == player)
