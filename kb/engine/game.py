"""The game state and the one object a scenario talks to.

:class:`Game` holds players in turn order, every object in every zone, the continuous effects
of resolved spells and abilities, the stack, the turn's position, the waiting triggered
abilities and the event log.  Its methods are the scenario API (they call the modules that
hold each part of the rules; see ``kb/engine/__init__.py`` for the map):

- setting up: :meth:`place`, :meth:`add_mana`, ``choices.script``;
- acting: :meth:`cast`, :meth:`activate`, :meth:`play_land`, :meth:`turn_face_up`,
  :meth:`pass_priority`, :meth:`declare_attackers`, :meth:`declare_blockers`;
- effects a scenario stands in for: :meth:`put_onto_battlefield`, :meth:`create_token`,
  :meth:`destroy`, :meth:`exile`, :meth:`move`, :meth:`deal_damage`, :meth:`create_effect` …;
- moving on: :meth:`resolve_stack`, :meth:`advance_to`, :meth:`next_turn`;
- looking: :meth:`view`, :meth:`views`, :meth:`battlefield`, :meth:`current`, :meth:`events`.

Every change to the state bumps a version that keys the cache of views, so a view is never
stale; every rule that changes the state emits events, which find triggered abilities (603.2).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar, cast

from kb.engine.basics import ObjectId, PlayerId, Zone, object_id_of
from kb.engine.choices import Choices
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.events import Event
from kb.engine.objects import GameObject, restamp
from kb.engine.players import Player

if TYPE_CHECKING:
    from kb.engine.abilities import ActivatedAbility
    from kb.engine.cards import Card
    from kb.engine.characteristics import View
    from kb.engine.combat import Combat
    from kb.engine.continuous import ContinuousEffect, WaitingEffect
    from kb.engine.durations import Duration
    from kb.engine.objects import FaceDown
    from kb.engine.one_shot import UntilPhaseIn, UntilReturn
    from kb.engine.parts import LayerPart
    from kb.engine.replacement import Replacement
    from kb.engine.rules import RuleChange
    from kb.engine.selectors import Filter
    from kb.engine.stack import StackObject
    from kb.engine.triggers import DelayedTrigger, Pending
    from kb.engine.turn import Phase, Step

E = TypeVar("E", bound=Event)
T = TypeVar("T")
ObjectRef = GameObject | ObjectId


@dataclass
class TurnState:
    """Where the game is: the turn, its active player, the phase and step, who has priority."""

    number: int = 1
    active: PlayerId = ""
    phase: Phase | None = None
    step: Step | None = None
    priority: PlayerId | None = None
    passed: set[PlayerId] = field(default_factory=set)
    """Players who passed in succession since the last action (117.4)."""
    awaiting: str | None = None
    """``"attackers"`` or ``"blockers"``: the step waits for that declaration (508.1, 509.1)."""
    plan: list[tuple[Phase, Step | None]] = field(default_factory=list)
    """The phases and steps still to come this turn (500.1, with extra ones added: 500.8-500.9)."""
    extra_turns: list[PlayerId] = field(default_factory=list)
    normal_turn: PlayerId | None = None
    """Whose turn, in the normal order, was the last one taken (extra turns don't move it, 500.7)."""
    cleanup_again: bool = False
    main_phases: int = 0
    begun: int = 0
    """How many steps and phases have begun in the game (to tell one occurrence from the next)."""
    phases_begun: int = 0
    """How many phases have begun in the game (a phase with steps begins with its first step)."""
    skipped: list[PlayerId] = field(default_factory=list)
    """Players who left the game and whose turns would have begun just before this one (702.26n)."""
    last_position: tuple[Phase, int] | None = None
    """The phase and the place in :data:`~kb.engine.turn.STRUCTURE` of the last step or phase
    begun or skipped this turn: a phase begins when the next one is another phase or comes back
    to an earlier step (500.8, 500.11)."""
    spells_last_turn: int | None = None
    """How many spells the previous turn's active player cast that turn (502.2); None in the first turn."""
    day_night: str | None = None
    """"day", "night", or None: neither (728, 502.2)."""
    first_things: list[Callable[[Game], None]] = field(default_factory=list)
    """Actions an effect takes after skipping a step, phase or turn: the first thing that happens in
    the next step or phase to actually begin (614.10b, :mod:`kb.engine.skip_then`)."""


class Game:
    """A game between ``players`` (in turn order; the first is the active player).

    The game starts in ``players[0]``'s first turn at ``step`` (by default the precombat main
    phase, with priority).  ``attack_multiple_players``: see the attribute.  ``step=Step.UNTAP`` sets the game up just before that turn begins: the
    first move (say ``advance_to(Step.UPKEEP)``) plays its untap step.  Each player has a library of ``library`` nameless filler cards
    unless the scenario puts cards there."""

    def __init__(self, players: Sequence[PlayerId] = ("A", "B"), *, library: int = 10,
                 step: Step | Phase | None = None, attack_multiple_players: bool = True) -> None:
        if not players or len(set(players)) != len(players):
            raise ScenarioError("players need distinct names")
        self.attack_multiple_players = attack_multiple_players
        self.limited_range = False
        """The limited range of influence option (801): see :mod:`kb.engine.influence`."""
        """With more than two players: the "attack multiple players" option (802), or (False) the
        active player chooses one defending player at the beginning of combat (506.2a, 507.1)."""
        self._version = 0
        self._views: dict[ObjectId, View] | None = None
        self._views_version = -1
        self._derived: dict[str, object] = {}
        self.players: dict[PlayerId, Player] = {}
        self.turn_order: list[PlayerId] = list(players)
        self.objects: dict[ObjectId, GameObject] = {}
        self.effects: list[ContinuousEffect] = []
        self.waiting_effects: list[WaitingEffect] = []
        self.stack: list[StackObject] = []
        self.pending: list[Pending] = []
        self.delayed: list[DelayedTrigger] = []
        self.log: list[Event] = []
        self.last_known: dict[ObjectId, View] = {}
        """Last known information of objects that left their zone (608.2h, 113.7a)."""
        self.became: dict[ObjectId, ObjectId] = {}
        self.untils: list[UntilReturn | UntilPhaseIn] = []
        """Objects moved "until" an event, waiting to return (610.3)."""
        self.choices = Choices()
        self.combat: Combat | None = None
        self.turn_state = TurnState(active=players[0])
        self.clock = 0
        self._next_id = 0
        self.over = False
        self.winners: list[PlayerId] = []
        self.settled: dict[ObjectId, View] = {}
        self.unsettled = False
        self.placing = False
        """Views as of the last event: what control changes are compared with (603.10d)."""
        self.entering: frozenset[ObjectId] = frozenset()
        """Objects on their way to the battlefield while replacement effects modify how they enter:
        still in their zone, but no effect that mills or exiles cards from a library touches them
        (614.13c)."""
        for name in players:
            player = Player(name)
            self.players[name] = player
            player._game = self
        from kb.engine import turn

        filler = _filler()
        for name in players:
            for _ in range(library):
                obj = self._new_object(filler, name, Zone.LIBRARY)
                self.players[name].library.append(obj.id)
        turn.start_game(self, step)
        self.settled = self.views()

    # -- time, identity, the cache ---------------------------------------------------------------

    def touch(self) -> None:
        """The state changed: cached views are stale."""
        if self.unsettled and not self.placing:
            self.settle()
        self._version += 1

    def settle(self) -> None:
        """Take the views as they are as the baseline control changes are noticed against
        (603.10d): objects set up with :meth:`place` are simply there, so whatever they change
        is no event.  Done lazily, at the first change after a run of placements."""
        self.unsettled = False
        self.settled = self.views()

    def tick(self) -> int:
        """A new timestamp, later than every one before (613.7)."""
        self.clock += 1
        self.touch()
        return self.clock

    def allocate_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _new_object(self, card: Card, owner: PlayerId, zone: Zone, controller: PlayerId | None = None
                    ) -> GameObject:
        obj = GameObject(self.allocate_id(), card, owner, controller or owner, zone, self.tick(),
                         entered_turn=self.turn, control_since=self.turn)
        obj._game = self
        self.objects[obj.id] = obj
        self.touch()
        return obj

    def obj(self, ref: ObjectRef) -> GameObject:
        """The object, which must still exist (an object that changed zones is gone, 400.7)."""
        object_id = ref.id if isinstance(ref, GameObject) else object_id_of(ref, "an object")
        found = self.objects.get(object_id)
        if found is None:
            raise IllegalAction(f"object {object_id} no longer exists: it changed zones (400.7) or left the game")
        return found

    def current(self, ref: ObjectRef) -> GameObject:
        """For scenarios: the object a card or token is now, following it through zone changes.
        (The rules don't: each zone change makes a new object, 400.7.)"""
        object_id = object_id_of(ref, "an object")
        while object_id not in self.objects and object_id in self.became:
            object_id = self.became[object_id]
        return self.obj(object_id)

    # -- what the game sees ----------------------------------------------------------------------

    cache_views = True
    """Keep views until the state changes (a test turns it off to show the cache changes nothing)."""

    def views(self) -> dict[ObjectId, View]:
        """Every object with every continuous effect applied (613); cached until the state changes."""
        if self._views is None or self._views_version != self._version or not self.cache_views:
            from kb.engine import layers

            version = self._version
            self._views = layers.evaluate(self)
            self._views_version = version
            self._derived = {}
        return self._views

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """A value computed from the views (the rules changes in force, …), kept as long as they are."""
        self.views()
        if not self.cache_views or key not in self._derived:
            self._derived[key] = compute()
        return cast(T, self._derived[key])

    def view(self, ref: ObjectRef) -> View:
        object_id = self.obj(ref).id
        return self.views()[object_id]

    def last_known_view(self, object_id: ObjectId) -> View:
        """The object now, or as it last existed (608.2h)."""
        if object_id in self.objects:
            return self.views()[object_id]
        if object_id in self.last_known:
            return self.last_known[object_id]
        raise IllegalAction(f"nothing is known of object {object_id}")

    def battlefield(self, controller: PlayerId | None = None) -> list[GameObject]:
        """Permanents that exist for the game: on the battlefield and phased in (702.26b)."""
        from kb.engine import phasing

        views = self.views()
        return [o for o in self.objects.values() if o.zone is Zone.BATTLEFIELD and phasing.exists(o)
                and (controller is None or views[o.id].controller == controller)]

    def creatures(self, controller: PlayerId | None = None) -> list[GameObject]:
        views = self.views()
        return [o for o in self.battlefield(controller) if views[o.id].is_a("Creature")]

    def in_zone(self, zone: Zone, owner: PlayerId | None = None) -> list[GameObject]:
        return [o for o in self.objects.values() if o.zone is zone and (owner is None or o.owner == owner)]

    def hand(self, player: PlayerId) -> list[GameObject]:
        return self.in_zone(Zone.HAND, player)

    def graveyard(self, player: PlayerId) -> list[GameObject]:
        return self.in_zone(Zone.GRAVEYARD, player)

    def events(self, kind: type[E]) -> list[E]:
        """The events of one kind so far, in order."""
        return [e for e in self.log if isinstance(e, kind)]

    # -- players and turns -----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.turn_state.number

    @property
    def active(self) -> PlayerId:
        return self.turn_state.active

    @property
    def phase(self) -> Phase | None:
        return self.turn_state.phase

    @property
    def step(self) -> Step | None:
        return self.turn_state.step

    @property
    def priority(self) -> PlayerId | None:
        """Who has priority now (117); None when no one does (untap step, resolving, declaring)."""
        return self.turn_state.priority

    def player(self, name: PlayerId) -> Player:
        found = self.players.get(name)
        if found is None:
            raise ScenarioError(f"no player {name!r} in this game (players: {', '.join(self.turn_order)})")
        return found

    def apnap(self) -> list[PlayerId]:
        """Players still in the game, the active player first, then in turn order (101.4)."""
        order = self.turn_order
        start = order.index(self.active)
        return [p for p in order[start:] + order[:start] if not self.players[p].left]

    def opponents(self, player: PlayerId) -> list[PlayerId]:
        from kb.engine import teams

        return [p for p in self.apnap() if teams.is_opponent(self, player, p)]  # not teammates (102.3)

    # -- events ------------------------------------------------------------------------------------

    def emit(self, *events: Event) -> None:
        """Record events; find the abilities they trigger (603.2, looking back where 603.10 says);
        notice control changes (603.10d); end durations that are over (611.2b)."""
        from kb.engine import durations, one_shot, triggers

        self.touch()
        for event in events:
            self.log.append(event)
        triggers.collect(self, events)
        triggers.notice_control_changes(self)
        durations.expire(self)
        one_shot.after_events(self, events)

    def add_effect(self, effect: ContinuousEffect) -> None:
        self.effects.append(effect)
        self.touch()
        self.emit()

    # -- illegal actions are undone (732) ---------------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        return Checkpoint.take(self)

    def restore(self, checkpoint: Checkpoint) -> None:
        checkpoint.restore(self)

    # -- the scenario API: setting up ---------------------------------------------------------------

    def place(self, card: Card, zone: Zone = Zone.BATTLEFIELD, player: PlayerId | None = None, *,
              owner: PlayerId | None = None, tapped: bool = False, face_down: FaceDown | None = None,
              counters: Mapping[str, int] | None = None, attached_to: ObjectRef | PlayerId | None = None,
              chosen: Mapping[str, object] | None = None) -> GameObject:
        """Set up: the object is simply there, as the scenario begins (no event, nothing triggers).
        ``player`` controls it (battlefield) or owns it (other zones); library cards go on top.
        ``chosen`` holds what was chosen as it entered ("as this enters, choose a color": 614.12a),
        by the key :func:`~kb.engine.replacement.as_enters_choose` names; a face-up permanent with
        such a choice must be given it (use ``put_onto_battlefield`` to have it asked)."""
        from kb.engine import durations, replacement, zones
        from kb.engine.objects import face_down_status

        face_down = face_down_status(face_down, f"placing {card.name}")
        if zone is Zone.BATTLEFIELD and face_down is None:
            missing = [k for k in replacement.choices_as_it_enters(card.front) if k not in (chosen or {})]
            if missing:
                raise ScenarioError(f"{card.name} makes a choice as it enters ({', '.join(map(repr, missing))}): "
                                    f"place it with chosen={{{missing[0]!r}: …}}, or put it onto the battlefield "
                                    f"with put_onto_battlefield to have the choice asked")
        obj = zones.place(self, card, zone, player or self.active, owner=owner, tapped=tapped,
                          face_down=face_down, counters=counters,
                          attached_to=attached_to.id if isinstance(attached_to, GameObject) else attached_to)
        if chosen:
            obj.chosen.update(chosen)
        durations.expire(self)  # no event, but what it does may end a "for as long as" at once (611.2b)
        return obj

    def add_extra_turn(self, player: PlayerId) -> None:
        """``player`` takes an extra turn right after this one (500.7; the newest is taken first)."""
        self.player(player)
        self.turn_state.extra_turns.append(player)
        self.touch()

    def concede(self, player: PlayerId) -> None:
        """``player`` concedes: they leave the game and lose it (104.3a, 800.4a)."""
        from kb.engine import actions

        actions.lose(self, [self.player(player).name], "conceded", replaceable=False)

    def add_mana(self, player: PlayerId, mana: str) -> None:
        """Put mana in ``player``'s pool: ``game.add_mana("A", "{2}{G}")`` (numbers are colourless)."""
        self.player(player).mana.add(mana)
        self.touch()

    # -- the scenario API: players act ---------------------------------------------------------------

    def cast(self, player: PlayerId, card: ObjectRef, **options: Any) -> ObjectId:
        """``player`` casts ``card`` (601.2).  Options: ``targets``, ``x``, ``face_down``
        (:class:`~kb.engine.objects.FaceDown` ``MORPH`` or ``DISGUISE``), ``alternative`` (True or a
        keyword: "flashback"), ``additional`` (keywords: ("kicker",)), ``pay_with``.  Returns the
        spell's id.  Raises IllegalAction (and leaves the game unchanged) if the rules forbid it."""
        from kb.engine import casting

        return casting.cast(self, player, self.obj(card), **options)

    def activate(self, player: PlayerId, source: ObjectRef, ability: int | str | ActivatedAbility = 0,
                 **options: Any) -> int | None:
        """``player`` activates an ability of ``source`` (602; a mana ability resolves at once, 605.3b).
        ``ability`` is its index among the object's activated abilities, its text, or itself."""
        from kb.engine import activating

        return activating.activate(self, player, self.obj(source), ability, **options)

    def play_land(self, player: PlayerId, land: ObjectRef) -> GameObject:
        """Play a land: a special action (305.1, 116.2a)."""
        from kb.engine import special_actions

        return special_actions.play_land(self, player, self.obj(land))

    def turn_face_up(self, player: PlayerId, permanent: ObjectRef, *, x: int = 0, how: str | None = None) -> None:
        """``player`` turns a face-down permanent face up as a special action (116.2b): by its morph
        or disguise cost (702.37e, 702.168d), or, if manifested or cloaked, by its mana cost
        (701.40b, 701.58b).  ``how`` ("morph", "disguise", "mana cost") picks when several apply.
        An effect that turns a permanent face up (no cost, no priority) is
        :func:`kb.engine.facedown.turn_face_up` (``kb.engine.turn_face_up``)."""
        from kb.engine import facedown

        if not isinstance(player, str) or player not in self.players:  # arguments swapped, or the effect meant
            raise ScenarioError(f"game.turn_face_up(player, permanent) is the special action (116.2b) and takes "
                                f"the player first: {player!r} is no player of this game; an effect turning a "
                                f"permanent face up is kb.engine.turn_face_up(game, permanent)")
        facedown.turn_face_up_special_action(self, player, self.obj(permanent), x=x, how=how)

    def pass_priority(self, player: PlayerId | None = None) -> None:
        """The player with priority passes (117.3d); after all pass in succession the top of the
        stack resolves or the step ends (117.4)."""
        from kb.engine import priority

        priority.pass_priority(self, player)

    def pass_priority_to(self, player: PlayerId) -> None:
        """The players before ``player`` pass, in turn order, until ``player`` has priority (117.3d).
        Refused if that would need every player to pass (the stack would resolve or the step end)."""
        from kb.engine import priority

        priority.pass_to(self, player)

    def declare_attackers(self, attackers: Mapping[ObjectRef, ObjectRef | PlayerId] | Iterable[ObjectRef] = (),
                          pay_with: Sequence[ObjectRef] = (), *, bands: Iterable[Iterable[ObjectRef]] = ()) -> None:
        """Declare attackers (508.1): a mapping {creature: player or planeswalker attacked}, or
        creatures attacking the only opponent.  The game must be waiting for the declaration.
        ``pay_with``: permanents whose mana abilities pay the costs to attack (508.1i); ``bands``:
        groups of them attacking as bands (702.22c)."""
        from kb.engine import combat

        combat.declare_attackers(self, attackers, [self.obj(p) for p in pay_with], bands)

    def declare_blockers(self, blockers: Mapping[ObjectRef, ObjectRef | Sequence[ObjectRef]] = {},
                         pay_with: Sequence[ObjectRef] = ()) -> None:
        """Declare blockers (509.1): {blocking creature: attacking creature it blocks, or a list of
        them where it may block several}.  ``pay_with``: permanents whose mana abilities pay the
        costs to block (509.1e)."""
        from kb.engine import combat

        combat.declare_blockers(self, blockers, [self.obj(p) for p in pay_with])

    # -- the scenario API: moving on ---------------------------------------------------------------

    def resolve_stack(self) -> None:
        """Every player passes until the stack is empty: each object resolves in turn, with
        state-based actions and triggered abilities in between (117.4, 117.5, 608)."""
        from kb.engine import priority

        priority.resolve_stack(self)

    def refresh_priority(self) -> None:
        """As if the player with priority received it again: state-based actions are performed
        and waiting triggered abilities go on the stack (117.5).  Use it after standing in for an
        effect, to see what the rules do next."""
        from kb.engine import priority

        priority.refresh(self)

    def resolve_top(self) -> None:
        """Every player passes once: the top object of the stack resolves (117.4)."""
        from kb.engine import priority

        priority.resolve_top(self)

    def advance_to(self, step: Step | Phase, player: PlayerId | None = None, *, attack: bool = False,
                   again: bool = False) -> None:
        """Pass priority until ``step`` (or a main phase) of ``player``'s turn (by default the
        next one to come) begins and someone has priority.  Objects on the stack resolve on the
        way.  Unless ``attack``, no creature attacks or blocks in the combats passed through.
        Already there: ScenarioError, unless ``again`` asks for its next occurrence (a later one)."""
        from kb.engine import turn

        state = self.turn_state
        if not again and turn.at(self, step, player) and (state.priority is not None or state.awaiting is not None):
            raise ScenarioError(f"the game is already in {step.value}: advance_to({step.value}, again=True) goes on "
                                "to its next occurrence")
        turn.advance_to(self, step, player, attack=attack)

    def next_turn(self, player: PlayerId | None = None) -> None:
        """Play on to the precombat main phase of the next turn (of ``player``'s next turn, if given).
        No creature attacks or blocks on the way."""
        from kb.engine import turn
        from kb.engine.turn import Phase

        turn.advance_to(self, Phase.PRECOMBAT_MAIN, player or self._next_player(), later_turn=True)

    def _next_player(self) -> PlayerId:
        from kb.engine import turn

        return turn.next_active(self)

    # -- the scenario API: effects a scenario stands in for -----------------------------------------

    def put_onto_battlefield(self, card: Card | ObjectRef, controller: PlayerId | None = None, *,
                             tapped: bool = False, face_down: FaceDown | None = None,
                             counters: Mapping[str, int] | None = None,
                             effects: Sequence[tuple[str, Sequence[LayerPart]]] = ()) -> GameObject | None:
        """An effect puts ``card`` onto the battlefield: a real event (replacement effects apply,
        enters abilities trigger).  A Card not yet in the game is first put in its owner's hand
        (exile for a face-down one).  ``effects`` are (text, parts) of the same effect saying it
        "is" or "has" something: they apply as it enters (611.2e).  Returns the permanent, or None
        if it didn't arrive."""
        from kb.engine import zones
        from kb.engine.cards import Card
        from kb.engine.objects import face_down_status

        face_down = face_down_status(face_down, "putting onto the battlefield")
        if not isinstance(card, Card) and not self._existing([self.obj(card)]):
            return None  # a phased-out permanent isn't there to be put anywhere (702.26b)
        return zones.put_onto_battlefield(self, card, controller, tapped=tapped, face_down=face_down,
                                          counters=counters, effects=effects)

    def put_all_onto_battlefield(self, cards: Sequence[Card | ObjectRef], controller: PlayerId | None = None, *,
                                 tapped: bool = False) -> list[GameObject | None]:
        """An effect puts several objects onto the battlefield at the same time (one event): their
        relative timestamps are in APNAP order, each player choosing the order of their own
        (613.7m, a ``ChoiceKind.TIMESTAMP_ORDER`` choice).  Cards not yet in the game are first
        put in the hand of ``controller`` (by default the active player), who owns them.  Returns what each became, None where it didn't arrive."""
        from kb.engine import zones

        return zones.put_all_onto_battlefield(self, cards, controller, tapped=tapped)

    def create_token(self, card: Card, controller: PlayerId | None = None, count: int = 1, *,
                     tapped: bool = False) -> list[GameObject]:
        """Create tokens (111.2, 701.7); returns them."""
        from kb.engine import zones

        return zones.create_tokens(self, card, controller or self.active, count, tapped=tapped)

    def move(self, permanent: ObjectRef, zone: Zone, **options: Any) -> GameObject | None:
        """Move an object to another zone (an effect): it becomes a new object (400.7).  A phased-out
        permanent isn't there to be moved (702.26b): None."""
        from kb.engine import zones

        there = self._existing([self.obj(permanent)])
        return zones.move(self, there[0], zone, **options) if there else None

    def destroy(self, *permanents: ObjectRef, can_regenerate: bool = True) -> list[GameObject | None]:
        """Destroy permanents (701.8): to their owners' graveyards, unless indestructible (702.12b) or
        regenerated (701.19, unless they "can't be regenerated")."""
        from kb.engine import zones

        return zones.destroy(self, [self.obj(p) for p in permanents], can_regenerate=can_regenerate)

    def counter(self, item: ObjectRef | int) -> bool:
        """Counter a spell or ability on the stack (701.6a), given by its id (a spell's is its
        object's): a spell goes to its owner's graveyard, revealed if face down (708.9).  False if
        it can't be countered (701.6b) or isn't on the stack."""
        from kb.engine import stack

        return stack.counter(self, stack.find(self, item if isinstance(item, int) else item.id))

    def sacrifice(self, player: PlayerId, *permanents: ObjectRef, if_able: bool = False) -> list[GameObject | None]:
        """``player`` sacrifices ``permanents`` (701.21a).  As a cost (118.3) it is all or nothing:
        IllegalAction if one can't be sacrificed (phased out, gone, not theirs).  ``if_able``: an
        effect's instruction ("sacrifice it"): those that can't be are left alone (101.3), None."""
        from kb.engine import zones

        objs = [self.obj(p) for p in permanents]
        if not if_able:
            return zones.sacrifice(self, player, objs)
        return zones.sacrifice_if_able(self, player, [o.id for o in objs])

    @staticmethod
    def _existing(objects: list[GameObject]) -> list[GameObject]:
        """What an effect standing in for a spell or ability can touch: not a phased-out permanent,
        treated as though it doesn't exist (702.26b; the rules that name phased-out permanents,
        702.26k and 800.4, act on them inside the engine)."""
        from kb.engine import phasing

        return [o for o in objects if o.zone is not Zone.BATTLEFIELD or phasing.exists(o)]

    def exile(self, *objects: ObjectRef, until_leaves: ObjectRef | None = None) -> list[GameObject | None]:
        """Exile ``objects`` (an effect); with ``until_leaves``, "exile … until [that permanent] leaves
        the battlefield" (Banisher Priest, 610.3): they return under their owners' control as it
        leaves (610.3c), and nothing is exiled if it has already left (610.3a).  Returns what each
        became, None for one that didn't move; with ``until_leaves``, only those that moved."""
        from kb.engine import one_shot, zones

        if until_leaves is not None:
            watched = object_id_of(until_leaves, "until_leaves")
            present = [o.id for o in self._existing([self.obj(o) for o in objects])]  # 702.26b
            gone = one_shot.exile_until_leaves(self, present, watched)
            return [self.objects.get(g) for g in gone] if gone else [None] * len(objects)
        objs = [self.obj(o) for o in objects]
        there = self._existing(objs)
        moved = dict(zip([o.id for o in there], zones.move_all(self, there, Zone.EXILE), strict=True))
        return [moved.get(o.id) for o in objs]

    def deal_damage(self, source: ObjectRef, recipient: ObjectRef | PlayerId, amount: int, *,
                    preventable: bool = True) -> int:
        """``source`` deals noncombat damage (120); returns the damage actually dealt.  A source that
        has left its zone deals it as it last existed (608.2h, 113.7a)."""
        from kb.engine import damage

        target = recipient if isinstance(recipient, str) else self.obj(recipient).id
        source_id = object_id_of(source, "deal_damage source")
        self.last_known_view(source_id)
        return damage.deal(self, [(source_id, target, amount)], preventable=preventable)[0]

    def draw(self, player: PlayerId, count: int = 1) -> None:
        from kb.engine import actions

        actions.draw(self, player, count)

    def gain_life(self, player: PlayerId, amount: int, own: Sequence[Replacement] = ()) -> None:
        """``player`` gains life (119.3); ``own``: self-replacement effects of the effect doing it (614.15)."""
        from kb.engine import actions

        actions.gain_life(self, player, amount, own)

    def lose_life(self, player: PlayerId, amount: int) -> None:
        from kb.engine import actions

        actions.lose_life(self, player, amount)

    def put_counters(self, target: ObjectRef | PlayerId, kind: str, count: int = 1) -> None:
        from kb.engine import counters

        if isinstance(target, str):
            counters.put(self, target, kind, count)
            return
        for obj in self._existing([self.obj(target)]):
            counters.put(self, obj, kind, count)

    def remove_counters(self, target: ObjectRef, kind: str, count: int = 1) -> None:
        from kb.engine import counters

        for obj in self._existing([self.obj(target)]):
            counters.remove(self, obj, kind, count)

    def tap(self, *permanents: ObjectRef) -> None:
        from kb.engine import actions

        actions.tap(self, self._existing([self.obj(p) for p in permanents]))

    def untap(self, *permanents: ObjectRef) -> None:
        from kb.engine import actions

        actions.untap(self, self._existing([self.obj(p) for p in permanents]))

    def attach(self, attachment: ObjectRef, to: ObjectRef | PlayerId) -> None:
        """Attach an Aura, Equipment or Fortification (701.3)."""
        from kb.engine import attach

        attach.attach(self, self.obj(attachment), to if isinstance(to, str) else self.obj(to).id)

    def transform(self, permanent: ObjectRef) -> bool:
        """Transform a double-faced permanent (701.27); False if it can't."""
        from kb.engine import transform

        return transform.transform(self, self.obj(permanent))

    def phase_out(self, *permanents: ObjectRef, until_leaves: ObjectRef | None = None) -> None:
        """Phase ``permanents`` out (702.26); with ``until_leaves``, "… phase out until [that permanent]
        leaves the battlefield" (Oubliette): they phase in as it leaves, not in an untap step (610.4)."""
        from kb.engine import one_shot, phasing

        if until_leaves is None:
            phasing.phase_out(self, [self.obj(p) for p in permanents])
            return
        watched = object_id_of(until_leaves, "until_leaves")
        phasing_ids = [self.obj(p).id for p in permanents]
        if watched in phasing_ids:  # it can't leave while phased out (702.26b): it would never phase in
            raise ScenarioError("phase_out(…, until_leaves=…) names a permanent that phases out itself: it can't leave "
                                "the battlefield while phased out (702.26b), so the second effect would never happen "
                                "(610.4)")
        one_shot.phase_out_until_leaves(self, phasing_ids, watched)

    def phase_in(self, *permanents: ObjectRef) -> None:
        from kb.engine import phasing

        phasing.phase_in(self, [self.obj(p) for p in permanents])

    def create_effect(self, text: str, parts: Sequence[LayerPart] = (),
                      affects: Filter | Iterable[ObjectRef | View] = (), duration: Duration | None = None, *,
                      rules: Sequence[RuleChange] = (), replacements: Sequence[Replacement] = (),
                      source: ObjectRef | View | None = None, controller: PlayerId | None = None
                      ) -> ContinuousEffect | None:
        """A continuous effect from a resolving spell or ability (611.2): see
        :func:`kb.engine.continuous.create`."""
        from kb.engine import continuous
        from kb.engine.selectors import Filter as FilterType

        targets: Filter | list[ObjectId]
        if isinstance(affects, FilterType):
            targets = affects
        elif isinstance(affects, str):  # its letters would name no object: an effect on nothing
            raise ScenarioError(f"create_effect({text!r}): affects={affects!r} is a string; give a filter "
                                f"(creatures(...), where(...)) or the objects")
        else:
            targets = [object_id_of(a, f"create_effect({text!r}) affects") for a in affects]
        source_id = object_id_of(source, f"create_effect({text!r}) source") if source is not None else None
        return continuous.create(self, text, parts, targets, duration, rules=rules, replacements=replacements,
                                 source=source_id, controller=controller)

    def __repr__(self) -> str:
        where = self.step.value if self.step is not None else (self.phase.value if self.phase else "?")
        return f"<game turn {self.turn} of {self.active}, {where}, priority {self.priority}>"


@functools.cache
def _filler() -> Card:
    """The nameless card libraries are filled with: one card for every game, so the objects of two
    games set up alike are equal field by field and share their first states (``layers._FIRST``)."""
    from kb.engine import cards

    return cards.card("Filler", None, "Land")


@dataclass
class Checkpoint:
    """The whole state at one moment, to return to when an action turns out illegal (732).
    Objects keep their identity: a scenario's references stay valid."""

    objects: dict[ObjectId, GameObject]
    object_states: dict[ObjectId, dict[str, Any]]
    players: dict[PlayerId, dict[str, Any]]
    effects: list[tuple[Any, bool, dict[int, int]]]
    game_state: dict[str, Any]

    @classmethod
    def take(cls, game: Game) -> Checkpoint:
        """Each object's fields are copied once per change: an object unchanged since the last
        checkpoint shares that one's copy (equal to it field by field)."""
        kept: dict[ObjectId, dict[str, Any]] = game.__dict__.setdefault("_snapshots", {})
        object_states = {}
        for i, o in game.objects.items():
            saved = kept.get(i)
            if saved is None or saved != o.__dict__:  # the object changed since its last checkpoint
                saved = kept[i] = _saved(o.__dict__)
            object_states[i] = saved  # never changed: restore copies it
        kept_players: dict[PlayerId, dict[str, Any]] = game.__dict__.setdefault("_player_snapshots", {})
        players = {}
        for name, player in game.players.items():
            fields = {k: v for k, v in player.__dict__.items() if k != "_game"}
            saved = kept_players.get(name)
            if saved is None or saved != fields:  # the player changed since the last checkpoint
                saved = kept_players[name] = _copied(fields)
            players[name] = saved  # never changed: restore copies it
        effects = [(e, e.ended, dict(e.uses)) for e in game.effects]
        keep = ("stack", "pending", "delayed", "waiting_effects", "log", "last_known", "became", "untils", "combat",
                "turn_state", "clock",
                "_next_id", "over", "winners", "settled", "unsettled")
        state = {k: copy.copy(getattr(game, k)) for k in keep}
        state["turn_state"] = _copied_record(game.turn_state)
        state["combat"] = copy.deepcopy(game.combat)
        state["scripted"] = list(game.choices.scripted)
        state["asked"] = list(game.choices.asked)
        return cls(dict(game.objects), object_states, players, effects, state)

    def restore(self, game: Game) -> None:
        game.objects = dict(self.objects)
        for object_id, saved in self.object_states.items():
            obj = game.objects[object_id]
            obj.__dict__.update(_copied({k: v for k, v in saved.items() if k not in _SHARED}))
            restamp(obj)
        for name, saved in self.players.items():
            game.players[name].__dict__.update(_copied(saved))
        game.effects = [e for e, _, _ in self.effects]
        for effect, ended, uses in self.effects:
            effect.ended, effect.uses = ended, dict(uses)
        for key, value in self.game_state.items():
            if key == "scripted":
                game.choices.scripted = list(value)
            elif key == "asked":
                game.choices.asked = list(value)
            else:
                setattr(game, key, copy.copy(value))
        game.touch()


_SHARED = ("_game", "card")
"""An object's fields a checkpoint keeps as they are (its game; its card, never changed)."""
_IMMUTABLE: set[type] = {int, str, bool, float, type(None)}
"""Kinds of values a copy keeps as they are (enumerations join as they are met)."""


def _saved(fields: dict[str, Any]) -> dict[str, Any]:
    """An object's fields as a checkpoint keeps them: what :func:`_copied` gives for all but
    :data:`_SHARED`, which are kept as they are.  Only the fields whose values are not plain
    immutable ones go through :func:`_copied` (the others it would keep as they are anyway):
    which they are is found once per shape of object.  When all of those are empty lists, dicts
    or sets, none shared by two fields (most objects: a library card, a land), the copy holds
    the shape's own empty ones instead: a kept copy is never changed nor handed out (restore
    copies it), so they stay empty, and each field has its own, as :func:`_copied` would give."""
    names = tuple(fields)
    kinds = tuple(map(type, fields.values()))
    shape = _COPYING.get((names, kinds))
    if shape is None:
        copying = tuple(name for name, kind in zip(names, kinds, strict=True)
                        if name not in _SHARED and kind not in _IMMUTABLE and not issubclass(kind, Enum))
        made: dict[str, Any] = {name: kind() for name, kind in zip(names, kinds, strict=True)
                                if name in copying and kind in (list, dict, set)}
        shape = _COPYING[names, kinds] = (copying, made if len(made) == len(copying) else None)
    copying, empties = shape
    if not copying:
        return dict(fields)
    if empties is not None:
        values = [fields[name] for name in copying]
        if not any(values) and len(set(map(id, values))) == len(values):
            return {**fields, **empties}
    return {**fields, **_copied({name: fields[name] for name in copying})}


_COPYING: dict[tuple[tuple[str, ...], tuple[type, ...]], tuple[tuple[str, ...], dict[str, Any] | None]] = {}
"""Per shape of object (its fields' names and kinds): the fields a checkpoint copies, and the empty
containers standing for them when all are empty (None when one is not a list, dict or set)."""


def _copied(fields: dict[str, Any]) -> dict[str, Any]:
    """``copy.deepcopy(fields)``, faster: plain immutable values and enum members are kept, an
    empty list, dict or set is made anew, the rest deep-copied (one memo, so aliasing is kept)."""
    memo: dict[int, Any] = {}
    copied = {}
    for name, value in fields.items():
        kind = type(value)
        if kind in _IMMUTABLE:
            copied[name] = value
        elif issubclass(kind, Enum):
            _IMMUTABLE.add(kind)
            copied[name] = value
        elif kind is tuple and _atomic(value):
            copied[name] = value  # what deepcopy gives
        elif kind is list and id(value) not in memo and all(map(_atomic, value)):
            copied[name] = memo[id(value)] = list(value)  # what deepcopy gives: its items are their own copies
            memo.setdefault(id(memo), []).append(value)  # as deepcopy does: the original outlives the memo
        elif not value and kind in (dict, set) and id(value) not in memo:
            copied[name] = memo[id(value)] = kind()
            memo.setdefault(id(memo), []).append(value)
        else:
            copied[name] = copy.deepcopy(value, memo)
    return copied


def _atomic(value: object) -> bool:
    """Is ``value`` its own deep copy: a plain immutable value, an enum member, or a tuple of them
    (``deepcopy`` gives such a tuple itself)?"""
    kind = type(value)
    if kind in _IMMUTABLE:
        return True
    if kind is tuple:
        return all(map(_atomic, cast(tuple[object, ...], value)))
    if issubclass(kind, Enum):
        _IMMUTABLE.add(kind)
        return True
    return False


def _copied_record(record: T) -> T:
    """``copy.deepcopy(record)`` of a dataclass instance (the turn state): a new one whose fields are
    :func:`_copied` from the record's."""
    made = copy.copy(record)
    made.__dict__.update(_copied(record.__dict__))
    return made
