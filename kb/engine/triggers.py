"""Triggered abilities (603): what triggers them, looking back in time, delayed and state
triggers, and putting them on the stack.

- A :class:`Trigger` says which events an ability looks for; the builders below (:func:`enters`,
  :func:`leaves`, :func:`dies`, :func:`phases_out`, :func:`at_beginning_of`, :func:`attacks` …)
  cover the usual ones.  An event with several occurrences triggers an ability once for each
  (603.2c).
- Normally the objects as they are just *after* an event are checked (603.10); the triggers
  listed in :data:`LOOK_BACK` look back to just before it (603.10a-g), using the abilities that
  existed then and how objects looked then.  So a creature's own "when this dies" or a
  permanent's own "when this phases out" triggers.
- A triggered ability does nothing as it triggers; it waits (:class:`Pending`) until a player
  would receive priority (603.3, 117.5) — those of the untap step wait for the upkeep (502.4) —
  and then goes on the stack, each player's in APNAP order, in the order that player chooses
  (603.3b), with its targets chosen (603.3d).
- Delayed triggered abilities (603.7) are created by effects and trigger once unless given a
  duration; state triggers (603.8) trigger when a game state is true, once until they leave
  the stack.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import hidden_triggers, keyword_abilities, phasing
from kb.engine.abilities import Effect, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import Views, kept_on_view
from kb.engine.choices import Choice, ChoiceKind, is_permutation
from kb.engine.conditions import Condition
from kb.engine.context import Context
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.events import (
    AttackersDeclared,
    BlockerAdded,
    BlockersDeclared,
    ControlChanged,
    Countered,
    DamageDealt,
    Event,
    PhasedIn,
    PhasedOut,
    PlayerLost,
    SpellCast,
    StepBegan,
    TurnedFaceUp,
    Unattached,
    Untapped,
    ZoneChanged,
)
from kb.engine.selectors import Filter, teammates

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.targets import TargetSpec
    from kb.engine.turn import Phase, Step


@dataclass(frozen=True)
class TriggerContext:
    """What a trigger test sees: the game, the object with the ability as seen (just after the
    event, or just before it for a look-back trigger), the event, and every object as seen then."""

    game: Game
    source: View
    event: Event
    seen: Mapping[ObjectId, View]
    looking_back: bool = False
    """Seen just before the event (603.10): which conditions of an ability with several count."""

    def context(self) -> Context:
        existing = phasing.existing_views(self.seen)
        return Context(self.game, existing, self.source, self.source.controller)

    def matches(self, what: Filter | None, object_id: ObjectId | None) -> bool:
        """Does the object (as seen) match ``what``?  None matches only the ability's own object."""
        if object_id is None:
            return False
        if what is None:
            return object_id == self.source.id
        seen = self.seen.get(object_id)
        return seen is not None and what.matches(self.context(), seen)


Occurrences = Callable[[TriggerContext], int]


@dataclass(frozen=True, eq=False)
class Trigger:
    """A trigger event: the kinds of events it looks at, and how many times one of them
    triggers it.  ``kind`` names the trigger for :data:`LOOK_BACK`; ``state`` makes it a state
    trigger (603.8)."""

    text: str
    events: tuple[type[Event], ...]
    occurrences: Occurrences
    kind: str = ""
    state: Condition | None = None
    what: Filter | None = None
    """The objects the trigger event is about, when a builder names them: a text-changing effect
    rewords it through ``remake`` (612.1)."""
    remake: Callable[[Filter | None], Trigger] | None = None
    parts: tuple[Trigger, ...] = ()
    """The trigger conditions of an ability with several ("when this enters or the creature it
    haunts dies", 113.6k): each looks back in time or not as its own kind says (:func:`any_of`)."""

    def __post_init__(self) -> None:
        # a word where a filter belongs ("creature") would fail only when an event is checked
        for named in (self.what, *(part.what for part in self.parts)):
            if named is not None and not isinstance(named, Filter):
                raise ScenarioError(f"trigger {self.text!r}: {named!r} is not a filter; name the objects with one "
                                    "(kb.engine.selectors, e.g. creatures()), or None for this object")

    def __str__(self) -> str:
        return self.text


LOOK_BACK: dict[str, str] = {
    "leaves the battlefield": "603.10a",
    "leaves a graveyard": "603.10a",
    "put into a hand or library": "603.10a",
    "phases out": "603.10b",
    "becomes unattached": "603.10c",
    "loses control": "603.10d",
    "countered": "603.10e",
    "loses the game": "603.10f",
    "planeswalks away": "603.10g",
}
"""The triggers that look back in time (603.10a-g), by kind, with their rule."""


def looks_back(trigger: Trigger) -> str | None:
    """The rule by which ``trigger`` looks back in time, or None (603.10)."""
    return LOOK_BACK.get(trigger.kind)


# -- trigger builders --------------------------------------------------------------------------


def _one(found: bool) -> int:
    return 1 if found else 0


def enters(what: Filter | None = None) -> Trigger:
    """"When this enters" (``what`` None) / "Whenever a [what] enters" (603.6a)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, ZoneChanged) and e.enters_battlefield and t.matches(what, e.new_id))

    return Trigger(f"whenever {what or 'this'} enters", (ZoneChanged,), count, "enters the battlefield", what=what,
                   remake=enters)


def leaves(what: Filter | None = None, to: Zone | None = None) -> Trigger:
    """"When this leaves the battlefield" / "Whenever a [what] leaves the battlefield" (603.6c);
    looks back (603.10a)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, ZoneChanged) and e.leaves_battlefield and (to is None or e.to_zone is to)
                    and t.matches(what, e.old_id))

    where = f" for the {to.value}" if to else ""
    return Trigger(f"whenever {what or 'this'} leaves the battlefield{where}", (ZoneChanged,), count,
                   "leaves the battlefield", what=what, remake=lambda f: leaves(f, to))


def dies(what: Filter | None = None) -> Trigger:
    """"When this dies" / "Whenever a [what] dies": put into a graveyard from the battlefield (700.4)."""
    trigger = leaves(what, Zone.GRAVEYARD)
    return Trigger(f"whenever {what or 'this'} dies", trigger.events, trigger.occurrences, trigger.kind, what=what,
                   remake=dies)


def leaves_graveyard(what: Filter | None = None) -> Trigger:
    """"When this card leaves your graveyard" / "Whenever a [what] leaves a graveyard": looks back
    (603.10a), so a card's own ability that functions in the graveyard triggers."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, ZoneChanged) and e.from_zone is Zone.GRAVEYARD and e.to_zone is not Zone.GRAVEYARD
                    and t.matches(what, e.old_id))

    return Trigger(f"whenever {what or 'this card'} leaves a graveyard", (ZoneChanged,), count, "leaves a graveyard",
                   what=what, remake=leaves_graveyard)


def put_into_hand_or_library(what: Filter | None = None) -> Trigger:
    """"When [this] is put into a hand or library" from a zone all players see: looks back
    (603.10a), so an object's own ability sees itself go."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, ZoneChanged) and e.to_zone in (Zone.HAND, Zone.LIBRARY)
                    and e.from_zone is not None and e.from_zone.is_public and t.matches(what, e.old_id))

    return Trigger(f"whenever {what or 'this'} is put into a hand or library", (ZoneChanged,), count,
                   "put into a hand or library", what=what, remake=put_into_hand_or_library)


def becomes_untapped(what: Filter | None = None) -> Trigger:
    """"Whenever [this] becomes untapped" (603.2e: not if it enters untapped)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, Untapped) and t.matches(what, e.object_id))

    return Trigger(f"whenever {what or 'this'} becomes untapped", (Untapped,), count, "becomes untapped", what=what,
                   remake=becomes_untapped)


def put_into_graveyard_from_anywhere(what: Filter) -> Trigger:
    """Not a leaves-the-battlefield trigger, even from the battlefield (603.6c): no look-back."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, ZoneChanged) and e.to_zone is Zone.GRAVEYARD and t.matches(what, e.new_id))

    return Trigger(f"whenever {what} is put into a graveyard from anywhere", (ZoneChanged,), count,
                   "put into a graveyard", what=what, remake=lambda f: put_into_graveyard_from_anywhere(f or what))


def phases_out(what: Filter | None = None) -> Trigger:
    """"When this phases out": looks back (603.10b), so a permanent's own ability triggers."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return sum(1 for i in e.objects if t.matches(what, i)) if isinstance(e, PhasedOut) else 0

    return Trigger(f"whenever {what or 'this'} phases out", (PhasedOut,), count, "phases out", what=what,
                   remake=phases_out)


def phases_in(what: Filter | None = None) -> Trigger:
    def count(t: TriggerContext) -> int:
        e = t.event
        return sum(1 for i in e.objects if t.matches(what, i)) if isinstance(e, PhasedIn) else 0

    return Trigger(f"whenever {what or 'this'} phases in", (PhasedIn,), count, "phases in", what=what,
                   remake=phases_in)


def becomes_unattached(from_what: Filter | None = None) -> Trigger:
    """"Whenever an Aura or Equipment becomes unattached from [what]": looks back (603.10c).
    With ``from_what`` None: when this Aura or Equipment becomes unattached."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, Unattached):
            return 0
        if from_what is None:
            return _one(e.attachment == t.source.id)
        return _one(isinstance(e.target, int) and t.matches(from_what, e.target))

    return Trigger("whenever something becomes unattached", (Unattached,), count, "becomes unattached",
                   what=from_what, remake=becomes_unattached)


def you_lose_control(what: Filter | None = None) -> Trigger:
    """"When you lose control of [this]": looks back (603.10d)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, ControlChanged) and e.from_player == t.source.controller
                    and t.matches(what, e.object_id))

    return Trigger(f"when you lose control of {what or 'this'}", (ControlChanged,), count, "loses control",
                   what=what, remake=you_lose_control)


def countered(what: Filter | None = None) -> Trigger:
    """"When [a spell] is countered": looks back (603.10e)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, Countered) and t.matches(what, e.stack_id))

    return Trigger(f"whenever {what or 'this'} is countered", (Countered,), count, "countered", what=what,
                   remake=countered)


def a_player_loses() -> Trigger:
    """"Whenever a player loses the game": looks back (603.10f)."""
    return Trigger("whenever a player loses the game", (PlayerLost,),
                   lambda t: _one(isinstance(t.event, PlayerLost)), "loses the game")


def at_beginning_of(step: Step | Phase, whose: str = "you") -> Trigger:
    """"At the beginning of [your / each / each opponent's] [step]" (603.2b, 500.6): ``whose`` is
    ``"you"``, ``"each"`` or ``"opponent"``."""
    if whose not in ("you", "each", "opponent"):
        raise ScenarioError(f"at the beginning of whose {step.value}? {whose!r} is not 'you', 'each' or 'opponent'")

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, StepBegan) or step not in (e.step, e.phase):
            return 0
        from kb.engine import teams

        if teams.shared_turns(t.game):  # the step is each active team player's (805.4)
            if whose != "you":
                raise NotModelled("an ability triggering at the beginning of each player's or opponent's step in a "
                                  "shared team turn: once for each player, each referring to its own (805.4d)")
            return _one(t.source.controller in teams.team_of(t.game, e.player))
        if whose == "each":
            return 1
        if whose == "you":
            return _one(e.player == t.source.controller)
        return _one(e.player != t.source.controller and not teammates(t.game, t.source.controller, e.player))

    return Trigger(f"at the beginning of {whose} {step.value}", (StepBegan,), count, "beginning of a step")


def cast(what: Filter, by: str = "any") -> Trigger:
    """"Whenever [a player / you / an opponent] cast[s] [a spell]" (601.2i): ``by`` is "any", "you"
    or "opponent"."""
    if by not in ("any", "you", "opponent"):
        raise ScenarioError(f"whenever who casts a spell? {by!r} is not 'any', 'you' or 'opponent'")

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, SpellCast):
            return 0
        you = t.source.controller
        if by == "you" and e.player != you:
            return 0
        if by == "opponent" and (e.player == you or teammates(t.game, you, e.player)):
            return 0  # a teammate is no opponent (102.3)
        return _one(t.matches(what, e.spell_id))

    return Trigger(f"whenever {by} casts {what}", (SpellCast,), count, "cast", what=what,
                   remake=lambda f: cast(f or what, by))


def attacks(what: Filter | None = None) -> Trigger:
    """"Whenever [this / a creature] attacks": once for each such creature declared as an attacker (508.3a)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return sum(1 for i in e.attackers if t.matches(what, i)) if isinstance(e, AttackersDeclared) else 0

    return Trigger(f"whenever {what or 'this'} attacks", (AttackersDeclared,), count, "attacks", what=what,
                   remake=attacks)


def blocks(what: Filter | None = None) -> Trigger:
    """"Whenever [this / a creature] blocks" (509.3a): once per blocking creature declared, however
    many creatures it blocks; not for one put onto the battlefield blocking."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return sum(1 for i in e.blockers if t.matches(what, i)) if isinstance(e, BlockersDeclared) else 0

    return Trigger(f"whenever {what or 'this'} blocks", (BlockersDeclared,), count, "blocks", what=what,
                   remake=blocks)


def becomes_blocked(what: Filter | None = None) -> Trigger:
    """"Whenever [this] becomes blocked" (509.3c): once per attacking creature, however many block
    it; also when an effect makes it blocked (a creature put onto the battlefield blocking it),
    if it wasn't blocked already."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if isinstance(e, BlockerAdded):
            return _one(e.newly_blocked and t.matches(what, e.attacker))
        return sum(1 for a in e.blocked if t.matches(what, a)) if isinstance(e, BlockersDeclared) else 0

    return Trigger(f"whenever {what or 'this'} becomes blocked", (BlockersDeclared, BlockerAdded), count,
                   "becomes blocked", what=what, remake=becomes_blocked)


def deals_damage(what: Filter | None = None, *, combat_only: bool = False, to_player: bool = False) -> Trigger:
    """"Whenever [this] deals [combat] damage [to a player]" (510.3a, 120)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, DamageDealt) and (not combat_only or e.combat)
                    and (not to_player or isinstance(e.recipient, str)) and t.matches(what, e.source))

    return Trigger(f"whenever {what or 'this'} deals damage", (DamageDealt,), count, "deals damage", what=what,
                   remake=lambda f: deals_damage(f, combat_only=combat_only, to_player=to_player))


def is_dealt_damage(what: Filter | None = None) -> Trigger:
    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, DamageDealt) and isinstance(e.recipient, int) and t.matches(what, e.recipient))

    return Trigger(f"whenever {what or 'this'} is dealt damage", (DamageDealt,), count, "is dealt damage",
                   what=what, remake=is_dealt_damage)


def turned_face_up(what: Filter | None = None) -> Trigger:
    """"When this is turned face up" (702.37e): not an enters trigger (708.8)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return _one(isinstance(e, TurnedFaceUp) and t.matches(what, e.object_id))

    return Trigger(f"when {what or 'this'} is turned face up", (TurnedFaceUp,), count, "turned face up",
                   what=what, remake=turned_face_up)


def any_of(*triggers: Trigger) -> Trigger:
    """"When A or B": one triggered ability with several trigger conditions (603.2), each of which
    may function in a zone of its own (113.6k) — give the ability every zone one of them needs."""

    def count(t: TriggerContext) -> int:
        return part_occurrences(triggers, t)

    events = tuple(dict.fromkeys(e for p in triggers for e in p.events))
    return Trigger(" or ".join(p.text for p in triggers), events, count, "any of", parts=triggers)


def part_occurrences(parts: Sequence[Trigger], t: TriggerContext) -> int:
    """How many times the conditions of an ability with several trigger on an event: each as it
    looks back in time or not (603.10)."""
    return sum(p.occurrences(t) for p in parts
               if isinstance(t.event, p.events) and (looks_back(p) is not None) == t.looking_back)


def on_event(text: str, events: Sequence[type[Event]], occurrences: Occurrences, kind: str = "") -> Trigger:
    """A trigger written as a function.  Give ``kind`` a key of :data:`LOOK_BACK` if it looks back."""
    return Trigger(text, tuple(events), occurrences, kind)


def state(condition: Condition) -> Trigger:
    """A state trigger (603.8): "when [state] is true"."""
    return Trigger(f"when {condition}", (), lambda t: 0, "state", condition)


# -- waiting, delayed, and onto the stack ----------------------------------------------------------


@dataclass(eq=False)
class Pending:
    """A triggered ability that has triggered and waits to be put on the stack (603.3)."""

    ability: TriggeredAbility
    source_id: ObjectId
    source: View
    controller: PlayerId
    event: Event | None
    delayed: bool = False
    occurrence: int = 0
    """Which of the times ``event`` triggered it (0, 1, …): for an ability that triggers once for
    each of several objects of one event ("becomes blocked by a creature", 509.3d)."""


@dataclass(eq=False)
class DelayedTrigger:
    """A delayed triggered ability (603.7): created by an effect, triggers the next time its event
    happens (once), or each time until ``until_end_of_turn`` ends."""

    ability: TriggeredAbility
    source_id: ObjectId | None
    source: View | None
    controller: PlayerId
    once: bool = True
    created_turn: int = 0
    until_end_of_turn: bool = False


def create_delayed(game: Game, text: str, trigger: Trigger, effect: Effect, controller: PlayerId, *,
                   source: ObjectId | None = None, targets: tuple[TargetSpec, ...] = (), once: bool = True,
                   this_turn: bool = False) -> DelayedTrigger:
    """Create a delayed triggered ability (603.7a); its source and controller are those of the
    spell or ability that created it (603.7d-e)."""
    source_view = game.last_known_view(source) if source is not None else None
    delayed = DelayedTrigger(TriggeredAbility(text, trigger, effect, targets), source, source_view, controller,
                             once and not this_turn, game.turn, this_turn)
    game.delayed.append(delayed)
    game.touch()
    return delayed


PLAYER_TRIGGERS: list[Callable[[Game, Event], None]] = []
"""Triggered abilities a player has with no source (the speed ability, 702.179d): each hook looks at
an event and adds what it triggers to ``game.pending``."""


def collect(game: Game, events: Sequence[Event]) -> None:
    """Find every ability these events trigger (603.2), looking back where 603.10 says; then the
    state triggers whose state the events brought about, even in the middle of a resolving
    spell (603.8)."""
    if not events:
        return
    after = game.views()
    for event in events:
        for view_set, back in ((after, False), (getattr(event, "seen", None), True)):
            if not view_set:
                continue
            for view, abilities in triggered_by(view_set, type(event)):
                if view.status.phased_out or game.players[view.controller].left:
                    continue
                if view.zone is Zone.COMMAND and view.face_down:
                    continue  # a face-down plane, phenomenon or scheme has no abilities that function (901.7)
                for ability in abilities:
                    if view.zone not in ability.zones:
                        continue
                    trigger = ability.trigger
                    if not trigger.parts and (looks_back(trigger) is not None) != back:
                        continue
                    _trigger(game, ability, view, event, view_set, view.controller, looking_back=back)
        _delayed(game, event, after)
        for hook in PLAYER_TRIGGERS:
            hook(game, event)
    check_state_triggers(game)


def _trigger(game: Game, ability: TriggeredAbility, view: View, event: Event, seen: Mapping[ObjectId, View],
             controller: PlayerId, delayed: bool = False, *, looking_back: bool = False) -> int:
    context = TriggerContext(game, view, event, seen, looking_back)
    times = ability.trigger.occurrences(context)
    if times and ability.condition is not None and not ability.condition.holds(context.context()):
        return 0  # an intervening "if" that is false: it doesn't trigger (603.4)
    if times and not delayed and not hidden_triggers.visible_to_all(game, ability, view, seen):
        return 0  # the object was at no time visible to all players (603.2f)
    if times and not delayed and stopped(game, view, event):
        return 0  # an effect says this event causes no ability of this object to trigger (613.11)
    if times and not delayed:
        times += times * additional_times(game, view, event)  # 603.2d
    for occurrence in range(times):
        game.pending.append(Pending(ability, view.id, view, controller, event, delayed, occurrence))
    return times


def additional_times(game: Game, view: View, event: Event) -> int:
    """How many additional times a triggered ability of ``view`` triggers for ``event`` (603.2d):
    one for each effect saying so; such an effect doesn't invoke itself again."""
    from kb.engine import rules

    if view.zone is not Zone.BATTLEFIELD:
        return 0
    extra = 0
    for found in rules.of_kind(game, rules.TriggersAdditionalTime):
        change = found.change
        assert isinstance(change, rules.TriggersAdditionalTime)
        if change.sources.matches(found.context, view) and change.cause(game, event):
            extra += 1
    return extra


def stopped(game: Game, view: View, event: Event) -> bool:
    """Does an effect say ``event`` doesn't cause triggered abilities of ``view`` to trigger?"""
    from kb.engine import rules

    for found in rules.of_kind(game, rules.DoesntCauseTriggers):
        change = found.change
        assert isinstance(change, rules.DoesntCauseTriggers)
        if change.sources.matches(found.context, view) and change.cause(game, event):
            return True
    return False


def _delayed(game: Game, event: Event, after: Mapping[ObjectId, View]) -> None:
    for delayed in list(game.delayed):
        ability = delayed.ability
        if not isinstance(event, ability.trigger.events):
            continue
        seen = getattr(event, "seen", after) if looks_back(ability.trigger) else after
        source = delayed.source or _no_source(game, delayed)
        if _trigger(game, ability, source, event, seen or after, delayed.controller, True) and delayed.once:
            game.delayed.remove(delayed)


def _no_source(game: Game, delayed: DelayedTrigger) -> View:
    from kb.engine.characteristics import Characteristics, View

    return View(-1, Zone.COMMAND, delayed.controller, delayed.controller, 0, Characteristics(), Characteristics())


def reflexive(game: Game, text: str, effect: Effect, controller: PlayerId, *, source: ObjectId | None = None,
              targets: tuple[TargetSpec, ...] = (), times: int = 1) -> None:
    """A reflexive triggered ability (603.12): "when you do, …" created by a resolving spell or
    ability.  It is checked as it is created, against what that spell or ability did earlier in
    its resolution: the caller says how many times its trigger event happened (``times``), and it
    triggers that many times, waiting like any triggered ability to be put on the stack."""
    if times <= 0:
        return
    source_view = game.last_known_view(source) if source is not None else None
    ability = TriggeredAbility(text, Trigger(text, (), lambda t: 0, "reflexive"), effect, targets)
    view = source_view or _no_source_view(game, controller)
    for _ in range(times):
        game.pending.append(Pending(ability, view.id, view, controller, None, True))
    game.touch()


def _no_source_view(game: Game, controller: PlayerId) -> View:
    from kb.engine.characteristics import Characteristics, View

    return View(-1, Zone.COMMAND, controller, controller, 0, Characteristics(), Characteristics())


def end_of_turn(game: Game) -> None:
    """Delayed triggers that last "this turn" end in the cleanup step (514.2)."""
    game.delayed = [d for d in game.delayed if not d.until_end_of_turn]


def check_state_triggers(game: Game) -> None:
    """State triggers (603.8): trigger when their state is true, not again until they leave the stack."""
    views = game.views()
    holders = [(view, abilities) for view, abilities in triggered_by(views, None) if not view.status.phased_out]
    if not holders:
        return  # no object has a state trigger (most games): nothing to look at
    waiting: set[tuple[ObjectId | None, int]] = {(p.source_id, id(p.ability)) for p in game.pending}
    waiting |= {(s.source_id, id(s.ability)) for s in game.stack if s.ability is not None}
    existing = phasing.existing_views(views)
    for view, abilities in holders:
        for ability in abilities:
            state = ability.trigger.state
            assert state is not None
            if view.zone in ability.zones and (view.id, id(ability)) not in waiting \
                    and state.holds(Context(game, existing, view, view.controller)):
                game.pending.append(Pending(ability, view.id, view, view.controller, None))


def triggered_by(views: Mapping[ObjectId, View], kind: type[Event] | None
                 ) -> list[tuple[View, list[TriggeredAbility]]]:
    """The views among ``views`` with triggered abilities that an event of ``kind`` could trigger
    (``None``: state triggers, 603.8), with those abilities, in the views' and the abilities' order.

    An index of the objects by the events their triggered abilities look at: kept on a game's
    :class:`~kb.engine.characteristics.Views` (made once per evaluation, and only for the kinds of
    events that happen), and each view's triggered abilities on the view, which an object keeps
    while nothing changes it.  Keyed by the engine's code (:func:`keyword_abilities.triggered`, its
    table, :func:`kb.engine.layers.program_generation`): a mutant that changes them is seen."""
    from kb.engine import layers

    key = (layers.program_generation(), keyword_abilities.triggered, id(keyword_abilities.KEYWORD_TRIGGERED),
           len(keyword_abilities.KEYWORD_TRIGGERED))
    if isinstance(views, Views):
        holders = views.index(("triggered", key), lambda v: _holders(v, key))
        return views.index(("triggered by", key, kind), lambda v: _of_kind(holders, kind))
    return _of_kind(_holders(views, key), kind)


def _holders(views: Mapping[ObjectId, View], key: object) -> list[tuple[View, list[TriggeredAbility]]]:
    """The views with triggered abilities, with them; a view with no abilities at all (a card in a
    library) is passed over at once."""
    found = []
    triggered = keyword_abilities.triggered
    for view in views.values():
        if view.characteristics.abilities:
            abilities = kept_on_view(view, ("triggered", key), triggered)
            if abilities:
                found.append((view, abilities))
    return found


def _of_kind(holders: list[tuple[View, list[TriggeredAbility]]], kind: type[Event] | None
             ) -> list[tuple[View, list[TriggeredAbility]]]:
    found = []
    for view, abilities in holders:
        if kind is None:
            abilities = [a for a in abilities if a.trigger.state is not None]
        else:
            abilities = [a for a in abilities if issubclass(kind, a.trigger.events)]
        if abilities:
            found.append((view, abilities))
    return found


def put_on_stack(game: Game) -> bool:
    """Put every waiting triggered ability on the stack (603.3b): each player's, in APNAP order,
    in the order the player chooses.  True if any waited."""
    from kb.engine import stack

    if not game.pending:
        return False
    pending, game.pending = game.pending, []
    for player in game.apnap():
        theirs = [p for p in pending if p.controller == player]
        if len(theirs) > 1:
            distinct = len({(id(p.ability), p.source_id) for p in theirs}) > 1 or any(p.ability.targets for p in theirs)
            chosen = game.choices.ask(Choice(ChoiceKind.TRIGGER_ORDER, player,
                                             f"the order to put {[p.ability.text for p in theirs]} on the stack",
                                             matters=distinct, accepts=is_permutation(theirs), default=theirs,
                                             items=tuple(theirs)))
            theirs = list(chosen)  # type: ignore[call-overload]
        for item in theirs:
            stack.put_triggered(game, item)
    game.touch()
    return True


def notice_control_changes(game: Game) -> None:
    """Compare each permanent's controller with the last time: a change is an event that looks
    back (603.10d); the permanent leaves combat (506.4) and starts a new stretch of control (302.6).
    A creature in combat that stopped being one leaves combat too (506.4)."""
    from kb.engine import combat

    if game.unsettled:
        game.settle()
    before = game.settled
    now = game.views()
    changed = [] if now is before else [  # the same views (a game's views are never changed): no change
        (i, before[i].controller, v.controller) for i, v in now.items()
        if v.zone is Zone.BATTLEFIELD and i in before and before[i].zone is Zone.BATTLEFIELD
        and before[i].controller != v.controller]
    game.settled = now
    combat.remove_noncreatures(game)
    if not changed:
        return
    for object_id, _, _ in changed:
        game.objects[object_id].control_since = game.turn
        combat.remove_from_combat(game, object_id)
    game.emit(*(ControlChanged(i, old, new, before) for i, old, new in changed))


__all__ = [
    "LOOK_BACK",
    "DelayedTrigger",
    "Pending",
    "Trigger",
    "TriggerContext",
    "a_player_loses",
    "at_beginning_of",
    "attacks",
    "becomes_blocked",
    "becomes_unattached",
    "becomes_untapped",
    "blocks",
    "cast",
    "countered",
    "create_delayed",
    "deals_damage",
    "dies",
    "enters",
    "is_dealt_damage",
    "leaves",
    "leaves_graveyard",
    "on_event",
    "phases_in",
    "phases_out",
    "put_into_graveyard_from_anywhere",
    "put_into_hand_or_library",
    "reflexive",
    "state",
    "turned_face_up",
    "you_lose_control",
]
