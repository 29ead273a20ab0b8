"""The game state: players in turn order, objects in zones, effects, the stack, the event log.

The state is plain data.  The rules that change it live in the modules next to this one
(``zones``, ``phasing``, ``morph``, ``turns`` …), each a few functions taking the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from kb.engine import durations, layers, phasing, sba, triggers
from kb.engine.abilities import Resolve, TriggeredAbility
from kb.engine.basics import IllegalAction, ObjectId, PlayerName, Zone
from kb.engine.characteristics import View, card_face
from kb.engine.effects import ContinuousEffect, RuleEffect, WaitingEffect
from kb.engine.events import Event
from kb.engine.mana import ManaPool
from kb.engine.objects import Card, CounterPile, GameObject, Phase, Sticker, TargetRule

E = TypeVar("E")

__all__ = ["Card", "CounterPile", "Game", "GameObject", "PendingTrigger", "Phase", "Player", "StackItem",
           "Sticker"]

@dataclass
class Player:
    name: PlayerName
    life: int = 20
    mana: ManaPool = field(default_factory=ManaPool)
    left: bool = False
    untap_steps_to_skip: int = 0
    library: list[ObjectId] = field(default_factory=list)
    """Top card last."""
    cards_drawn: int = 0


@dataclass(eq=False)
class StackItem:
    """A spell (``object_id``) or an ability (``source_id``, ``resolve``) on the stack."""

    text: str
    controller: PlayerName
    object_id: ObjectId | None = None
    source_id: ObjectId | None = None
    resolve: Resolve | None = None
    targets: tuple[ObjectId, ...] = ()
    target_rule: TargetRule | None = None
    event: Event | None = None
    x: int = 0


@dataclass(eq=False)
class PendingTrigger:
    """A triggered ability that triggered and waits to be put on the stack (603.3)."""

    source_id: ObjectId
    ability: TriggeredAbility
    controller: PlayerName
    event: Event
    source_view: View


FILLER = Card(card_face("Library card", "{0}", ["Land"]))
"""Cards in libraries, only ever drawn."""


class Game:
    """A game between ``players``, listed in turn order; the first is the active player."""

    def __init__(self, players: Sequence[PlayerName] = ("A", "B"), library: int = 5) -> None:
        if len(set(players)) != len(players) or not players:
            raise ValueError("players need distinct names")
        self.players: dict[PlayerName, Player] = {name: Player(name) for name in players}
        self.turn_order: list[PlayerName] = list(players)
        self.active: PlayerName = players[0]
        self.turn = 1
        self.step = "main"
        self.priority_holder: PlayerName | None = self.active
        self.objects: dict[ObjectId, GameObject] = {}
        self.effects: list[ContinuousEffect] = []
        self.rule_effects: list[RuleEffect] = []
        self.waiting: list[WaitingEffect] = []
        self.stack: list[StackItem] = []
        self.pending: list[PendingTrigger] = []
        self.log: list[Event] = []
        self.attacking: set[ObjectId] = set()
        self.skipped_turns: list[PlayerName] = []
        """Players who left the game and whose turn would have begun just before this one."""
        self.last_known: dict[ObjectId, View] = {}
        self.clock = 0
        self._next_id = 0
        for name in players:
            for _ in range(library):
                card = self.new_object(FILLER, name, Zone.LIBRARY)
                self.players[name].library.append(card.id)

    # -- identity and time ------------------------------------------------------------------

    def tick(self) -> int:
        """A new timestamp, later than every one before it."""
        self.clock += 1
        return self.clock

    def new_object(self, card: Card, owner: PlayerName, zone: Zone, controller: PlayerName | None = None,
                   token: bool = False) -> GameObject:
        """A new object in ``zone`` with a new timestamp (613.7d); no event (setup, tokens)."""
        obj = GameObject(self.allocate_id(), card, owner, controller or owner, zone, self.tick(), token=token,
                         entered_turn=self.turn, controlled_since_turn=self.turn)
        self.objects[obj.id] = obj
        return obj

    def allocate_id(self) -> ObjectId:
        self._next_id += 1
        return self._next_id

    def obj(self, object_id: ObjectId) -> GameObject:
        found = self.objects.get(object_id)
        if found is None:
            raise IllegalAction(f"object {object_id} no longer exists (it changed zones or left the game)")
        return found

    # -- what the game sees -------------------------------------------------------------------

    def views(self) -> dict[ObjectId, View]:
        return layers.compute(self)

    def view(self, object_id: ObjectId) -> View:
        self.obj(object_id)
        return self.views()[object_id]

    def battlefield(self, controller: PlayerName | None = None) -> list[GameObject]:
        """Permanents that exist for the game: on the battlefield and phased in (702.26b)."""
        found = [o for o in self.objects.values() if o.zone is Zone.BATTLEFIELD and phasing.exists(o)]
        if controller is None:
            return found
        views = self.views()
        return [o for o in found if views[o.id].controller == controller]

    def creatures(self, controller: PlayerName | None = None) -> list[GameObject]:
        views = self.views()
        return [o for o in self.battlefield(controller) if views[o.id].is_a("Creature")]

    def in_zone(self, zone: Zone, owner: PlayerName | None = None) -> list[GameObject]:
        return [o for o in self.objects.values() if o.zone is zone and (owner is None or o.owner == owner)]

    @property
    def remaining_players(self) -> list[PlayerName]:
        return [p for p in self.turn_order if not self.players[p].left]

    def apnap(self) -> list[PlayerName]:
        """Players still in the game, the active player first, then in turn order (101.4)."""
        order = self.turn_order
        start = order.index(self.active)
        return [p for p in order[start:] + order[:start] if not self.players[p].left]

    # -- events, priority, the stack ----------------------------------------------------------

    def emit(self, *events: Event, look_back: Iterable[View] = ()) -> None:
        """Record events, find what they trigger, and end durations that are over."""
        seen = list(look_back)
        for event in events:
            self.log.append(event)
            triggers.collect(self, event, seen)
        durations.expire(self)

    def priority(self, player: PlayerName | None = None) -> None:
        """Before a player gets priority: state-based actions, then triggers to the stack (117.5)."""
        while True:
            acted = sba.check(self)
            stacked = triggers.put_on_stack(self)
            if not acted and not stacked:
                break
        self.priority_holder = player or (self.active if not self.players[self.active].left
                                          else self.apnap()[0])

    def resolve_top(self) -> None:
        from kb.engine import casting

        casting.resolve_top(self)
        self.priority()

    def resolve_stack(self) -> None:
        while self.stack:
            self.resolve_top()

    def events(self, kind: type[E]) -> list[E]:
        """The events of one kind so far, in order."""
        return [e for e in self.log if isinstance(e, kind)]
