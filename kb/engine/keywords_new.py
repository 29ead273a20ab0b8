"""Keyword abilities from 702.142 onwards played on the battlefield: boast, reconfigure, living
metal, backup, saddle, exhaust, station, Job select, firebending, ravenous.

Keywords that stand for abilities are entries of the keyword tables (:mod:`kb.engine.keyword_abilities`);
boast and exhaust are abilities with a cost and an effect of their own, so a card has them through
:func:`boast` and :func:`exhaust`, which build the activated ability with its restriction (602.5b).
Saddled (702.171b) is a designation of the permanent, ended by a turn-based action of the cleanup
step as "until end of turn" effects end (514.2).  Importing the module registers it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING, Any

from kb.engine import (
    actions,
    combat,
    declarations,
    keyword_abilities,
    keywords,
    rules,
    teams,
    turn,
    zones,
)
from kb.engine.abilities import ActivatedAbility, Effect, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import token
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import condition
from kb.engine.context import Context
from kb.engine.costs import Cost, cost
from kb.engine.declarations import Requirement
from kb.engine.durations import UntilEndOfTurn
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError
from kb.engine.events import AbilityActivated, Event
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaRestriction
from kb.engine.parts import add_types, gain, lose_types
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.selectors import creatures, this_object, where
from kb.engine.targets import TargetSpec, target
from kb.engine.triggers import Trigger, TriggerContext, attacks, enters, on_event

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution


def _on_battlefield(game: Game, object_id: ObjectId | None) -> bool:
    return object_id is not None and object_id in game.objects and game.objects[object_id].zone is Zone.BATTLEFIELD




# -- 702.142 boast ------------------------------------------------------------------------------------------


BOAST_PREFIX = "Boast — "


def boast_restriction(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    """702.142a: "Activate only if this creature attacked this turn"."""
    return None if combat.attacked_this_turn(game, obj) else "this creature hasn't attacked this turn"


def _boast_restriction(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    return boast_restriction(game, player, obj)


def boast(cost_text: str, text: str, effect: Effect, targets: tuple[TargetSpec, ...] = ()) -> ActivatedAbility:
    """"Boast — [Cost]: [Effect]" (702.142a): "[Cost]: [Effect].  Activate only if this creature attacked
    this turn and only once each turn"."""

    return ActivatedAbility(f"{BOAST_PREFIX}{cost_text}: {text}", cost(cost_text), effect, targets,
                            once_each_turn=True, restriction=_boast_restriction)


def boasts() -> Trigger:
    """"Whenever you boast" (702.142b): whenever you activate a boast ability."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, AbilityActivated) and e.player == t.source.controller
                   and e.text.startswith(BOAST_PREFIX))

    return on_event("whenever you boast", (AbilityActivated,), count)


# -- 702.177 exhaust ------------------------------------------------------------------------------------------


def activated_before(game: Game, obj: GameObject, text: str) -> bool:
    """Has the ability ``text`` of this object ever been activated?  (A new object is a new one, 400.7.)"""
    return any(isinstance(e, AbilityActivated) and e.source_id == obj.id and e.text == text for e in game.log)


def exhaust(cost_text: str, text: str, effect: Effect | None, targets: tuple[TargetSpec, ...] = (), *,
            mana: str | None = None) -> ActivatedAbility:
    """"Exhaust — [Cost]: [Effect]" (702.177a): "[Cost]: [Effect].  Activate each exhaust ability only once";
    ``mana``: the mana an exhaust mana ability adds (605.1a)."""
    full = f"Exhaust — {cost_text}: {text}"

    def once(game: Game, player: PlayerId, obj: GameObject) -> str | None:
        if not activated_before(game, obj, full) or rules.may_exhaust_again(game, player):  # 702.177b
            return None
        return "this exhaust ability has been activated already"

    return ActivatedAbility(full, cost(cost_text), effect, targets, restriction=once, mana=mana)


# -- 702.151 reconfigure -------------------------------------------------------------------------------------


def _another_creature_you_control() -> TargetSpec:
    another = where("another creature", lambda c, o: o.id != c.source_state("reconfigure").id)
    return target(creatures(controller="you") & another, "another target creature you control")


@cache
def _reconfigure(keyword: Keyword) -> tuple[ActivatedAbility, ActivatedAbility]:
    """702.151a: "[Cost]: Attach this permanent to another target creature you control.  Activate only
    as a sorcery" and "[Cost]: Unattach this permanent.  Activate only if this permanent is attached
    to a creature and only as a sorcery"."""

    def attach(resolution: Resolution) -> None:
        game, this, host = resolution.game, resolution.source_id, resolution.target
        if _on_battlefield(game, this) and isinstance(host, int):
            assert this is not None
            game.attach(game.objects[this], host)

    def unattach(resolution: Resolution) -> None:
        from kb.engine import attach as attaching

        this = resolution.source_id
        if _on_battlefield(resolution.game, this):
            assert this is not None
            attaching.unattach(resolution.game, resolution.game.objects[this])

    def attached_to_a_creature(game: Game, player: PlayerId, obj: GameObject) -> str | None:
        host = obj.attached_to
        if isinstance(host, int) and host in game.objects and game.view(host).is_a("Creature"):
            return None
        return "it isn't attached to a creature"

    price = keyword.parameter
    return (ActivatedAbility(f"Reconfigure {price} (attach)", cost(price), attach, (_another_creature_you_control(),),
                             timing="sorcery"),
            ActivatedAbility(f"Reconfigure {price} (unattach)", cost(price), unattach, timing="sorcery",
                             restriction=attached_to_a_creature))


@cache
def _reconfigure_static(keyword: Keyword) -> StaticAbility:
    """702.151b: attached to a creature, an Equipment with reconfigure stops being a creature until it
    becomes unattached (and so 704.5p doesn't unattach it)."""
    attached = condition("this permanent is attached", lambda c: c.source is not None and c.source.attached_to is not None)
    return StaticAbility("Reconfigure (not a creature while attached)", (lose_types("Creature"),), this_object(),
                         condition=attached)


# -- 702.161 living metal -------------------------------------------------------------------------------------


@cache
def _living_metal(keyword: Keyword) -> StaticAbility:
    """702.161a: "During your turn, this permanent is an artifact creature in addition to its other types"."""
    yours = condition("it is your turn", lambda c: c.source is not None and teams.is_active(c.game, c.source.controller))
    return StaticAbility("Living metal", (add_types("Artifact", "Creature"),), this_object(), condition=yours)


# -- 702.165 backup -------------------------------------------------------------------------------------------


def abilities_below(abilities: Sequence[object], backup: Keyword) -> tuple[object, ...]:
    """702.165a, 702.165c: the abilities printed below this backup ability that aren't backup, in the
    order printed (a copy keeps that order, 702.165b)."""
    found = False
    below: list[object] = []
    for ability in abilities:
        if ability is backup or (isinstance(ability, Keyword) and ability == backup and not found):
            found = True
            continue
        if found and not (isinstance(ability, Keyword) and ability.name == "backup"):
            below.append(ability)
    return tuple(below)


def backup_abilities(game: Game, source: View) -> tuple[object, ...]:
    """The abilities printed on the object with backup, in order (702.165c): its copiable values as the
    ability was put on the stack — what it gained or lost since doesn't count (702.165d)."""
    return tuple(source.copiable.abilities)


@cache
def _backup(keyword: Keyword) -> TriggeredAbility:
    """702.165a: "When this creature enters, put N +1/+1 counters on target creature.  If that's another
    creature, it gains the following abilities until end of turn" — the abilities printed on this
    object below this one (702.165c: not those it gained), fixed as the ability goes on the stack
    (702.165d): they are read from the object's copiable values, which losing abilities doesn't change."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        game, chosen = resolution.game, resolution.target
        if not isinstance(chosen, int) or chosen not in game.objects:
            return
        game.put_counters(chosen, "+1/+1", amount)
        source = resolution.item.source
        if chosen == resolution.source_id or source is None:
            return
        granted = abilities_below(backup_abilities(game, source), keyword)
        if granted:
            resolution.create_effect("gains the abilities below backup", [gain(*granted)],  # type: ignore[arg-type]
                                     [chosen], UntilEndOfTurn())

    return TriggeredAbility(f"Backup {amount}", enters(), effect, (target(creatures(), "target creature"),))


# -- 702.171 saddle -------------------------------------------------------------------------------------------

SADDLED = "saddled"
"""702.171b: a designation, until end of turn or until the permanent leaves the battlefield."""


@dataclass(frozen=True, eq=False)
class Saddled(Event):
    """Creatures were tapped to pay a saddle cost: they saddle the permanent (702.171c)."""

    mount: ObjectId
    by: tuple[ObjectId, ...]


def is_saddled(game: Game, ref: GameObject | ObjectId) -> bool:
    object_id = ref if isinstance(ref, int) else ref.id
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and SADDLED in obj.designations


def tap_creatures_with_power(game: Game, player: PlayerId, source: GameObject, power: int, why: str,
                             rule: str) -> list[GameObject]:
    """Tap any number of other untapped creatures ``player`` controls with total power ``power`` or more
    (summoning sickness doesn't matter: it isn't their {T} ability)."""
    views = game.views()
    options = [o for o in game.creatures(player) if o.id != source.id and not o.tapped]
    if sum(max(0, views[o.id].power or 0) for o in options) < power:
        raise IllegalAction(f"{player}'s other untapped creatures don't have total power {power}", rule)

    def enough(value: object) -> bool:
        return isinstance(value, (list, tuple)) and len(set(value)) == len(value) and all(
            v in options for v in value) and sum(views[v.id].power or 0 for v in value) >= power

    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"creatures to tap to {why} (total power {power})",
                                     accepts=enough, matters=len(options) > 1, default=options))
    assert isinstance(chosen, (list, tuple))
    tapped = [c for c in chosen if isinstance(c, type(source))]
    actions.tap(game, tapped)
    return tapped


@dataclass(frozen=True)
class SaddleCost:
    """Saddle N's cost (702.171a): tap other untapped creatures you control with total power N or more."""

    power: int

    @property
    def text(self) -> str:
        return f"Tap any number of other untapped creatures you control with total power {self.power} or more"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        if source is None:
            raise IllegalAction("saddle needs a permanent", "702.171a")
        riders = tap_creatures_with_power(game, player, source, self.power, "saddle", "702.171a")
        game.emit(Saddled(source.id, tuple(r.id for r in riders)))  # 702.171c


@cache
def _saddle(keyword: Keyword) -> ActivatedAbility:
    """702.171a: "Tap any number of other untapped creatures you control with total power N or more:
    This permanent becomes saddled until end of turn.  Activate only as a sorcery"."""

    def effect(resolution: Resolution) -> None:
        this = resolution.source_id
        if _on_battlefield(resolution.game, this):
            assert this is not None
            resolution.game.objects[this].designations.add(SADDLED)
            resolution.game.touch()

    return ActivatedAbility(f"Saddle {keyword.number}", Cost(extra=(SaddleCost(keyword.number),)), effect,
                            timing="sorcery")


def _saddled_ends(game: Game) -> None:
    """702.171b: saddled until end of turn — it ends as "until end of turn" effects do (514.2)."""
    for obj in game.objects.values():
        if SADDLED in obj.designations:
            obj.designations.discard(SADDLED)
            game.touch()


# -- 702.184 station ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StationCost:
    """Station's cost (702.184a): tap another untapped creature you control; it is remembered for the
    effect (item options ``stationed_by``)."""

    text: str = "Tap another untapped creature you control"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]]:
        if source is None:
            raise IllegalAction("station needs a permanent", "702.184a")
        options = [o for o in game.creatures(player) if o.id != source.id and not o.tapped]
        if not options:
            raise IllegalAction(f"{player} has no other untapped creature to tap", "702.184a")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a creature to tap for station", tuple(options)))
        assert isinstance(chosen, type(source))
        actions.tap(game, [chosen])
        return {"stationed_by": [chosen.id]}


def station_amount(game: Game, creature: ObjectId) -> int:
    """702.184a: as many charge counters as the tapped creature's power (its last known power if it
    has left the battlefield, 608.2h); a static ability may have it station using another
    characteristic instead (702.184c: its toughness)."""
    view = game.view(creature) if _on_battlefield(game, creature) else game.last_known_view(creature)
    if view is None:
        return 0
    using = [c.characteristic for c in rules.applies_to(game, rules.StationsUsing, view)
             if isinstance(c, rules.StationsUsing)]
    value = view.toughness if "toughness" in using else view.power
    return max(0, value or 0)


@cache
def _station(keyword: Keyword) -> ActivatedAbility:
    """702.184a: "Tap another untapped creature you control: Put a number of charge counters on this
    permanent equal to the tapped creature's power.  Activate only as a sorcery"."""

    def effect(resolution: Resolution) -> None:
        game, this = resolution.game, resolution.source_id
        tapped = resolution.item.options.get("stationed_by", [])
        if not _on_battlefield(game, this) or not tapped:
            return
        amount = station_amount(game, tapped[0])
        if amount:
            assert this is not None
            game.put_counters(this, "charge", amount)

    return ActivatedAbility("Station", Cost(extra=(StationCost(),)), effect, timing="sorcery")


# -- 702.182 Job select -----------------------------------------------------------------------------------------

HERO = token(None, "Creature — Hero", 1, 1)
"""702.182a: a 1/1 colorless Hero creature token."""


@cache
def _job_select(keyword: Keyword) -> TriggeredAbility:
    """702.182a: "When this Equipment enters, create a 1/1 colorless Hero creature token, then attach
    this Equipment to it"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        made = game.create_token(HERO, resolution.controller)
        if made and _on_battlefield(game, resolution.source_id):
            assert resolution.source_id is not None
            game.attach(game.objects[resolution.source_id], made[0])

    return TriggeredAbility("Job select", enters(), effect)


# -- 702.189 firebending ---------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Firebent(Event):
    """A firebending ability ``player`` controls resolved: they firebend (702.189b)."""

    player: PlayerId
    source: ObjectId | None


def firebends() -> Trigger:
    """"Whenever you firebend" (702.189b)."""
    return on_event("whenever you firebend", (Firebent,),
                    lambda t: int(isinstance(t.event, Firebent) and t.event.player == t.source.controller))


def _kept_through_combat(game: object) -> bool:
    """702.189a: "until end of combat, you don't lose this mana as steps and phases end"."""
    from kb.engine.game import Game

    assert isinstance(game, Game)
    return game.phase is turn.Phase.COMBAT and game.step is not turn.Step.END_OF_COMBAT


FIREBENDING_MANA = ManaRestriction("firebending: kept until end of combat", lambda spent_on: True,
                                   lambda game: _kept_through_combat(game))


@cache
def _firebending(keyword: Keyword) -> TriggeredAbility:
    """702.189a: "Whenever this creature attacks, add N {R}.  Until end of combat, you don't lose this
    mana as steps and phases end"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        game.players[resolution.controller].mana.add("{R}" * amount, FIREBENDING_MANA)
        game.touch()
        game.emit(Firebent(resolution.controller, resolution.source_id))  # 702.189b

    return TriggeredAbility(f"Firebending {amount}", attacks(), effect)


# -- 702.156 ravenous --------------------------------------------------------------------------------------------


def _x_of(game: Game, object_id: ObjectId) -> int:
    obj = game.objects.get(object_id)
    return obj.x if obj is not None else 0


@cache
def _ravenous_static(keyword: Keyword) -> StaticAbility:
    """702.156a: "This permanent enters with X +1/+1 counters on it" (X as it was cast, 107.3m)."""

    def with_x(context: ReplacementContext, move: Move) -> Move:
        x = _x_of(context.game, move.object_id)
        return with_changes(move, counters=(*move.counters, ("+1/+1", x))) if x else move

    return StaticAbility("Ravenous (enters with X +1/+1 counters)", replacements=(
        Replacement("Ravenous", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, with_x, entering_self=True),))


@cache
def _ravenous(keyword: Keyword) -> TriggeredAbility:
    """702.156a: "When this permanent enters, if X is 5 or more, draw a card" (an intervening "if", 603.4)."""

    def big(context: Context) -> bool:
        return context.source is not None and _x_of(context.game, context.source.id) >= 5

    def effect(resolution: Resolution) -> None:
        resolution.game.draw(resolution.controller)

    return TriggeredAbility("Ravenous (when this enters, if X is 5 or more, draw a card)", enters(), effect,
                            condition=condition("X is 5 or more", big))


# -- 702.155 read ahead -------------------------------------------------------------------------------------------


def _read_ahead_applies(context: ReplacementContext, move: Move) -> bool:
    """702.155c: several instances of read ahead are redundant — the number is chosen once."""
    return move.to_zone is Zone.BATTLEFIELD and not any(key == "read ahead" for key, _ in move.choices)


def _read_ahead_enters(context: ReplacementContext, move: Move) -> Move:
    """702.155b: as it enters, its controller chooses a number from 1 to its final chapter number; it
    enters with that many lore counters (instead of the one of 714.3a)."""
    from kb.engine import sagas

    game = context.game
    final = sagas.final_chapter(game.view(move.object_id))
    you = move.controller or game.objects[move.object_id].owner
    chosen = game.choices.ask(Choice(ChoiceKind.NUMBER, you, f"read ahead: a chapter from 1 to {final}",
                                     tuple(range(1, final + 1))))
    assert isinstance(chosen, int)
    return with_changes(move, counters=(*move.counters, ("lore", chosen)),
                        choices=(*move.choices, ("read ahead", chosen)))


@cache
def _read_ahead(keyword: Keyword) -> StaticAbility:
    """702.155a-b: the Saga enters with the chosen number of lore counters; its chapters before that don't
    trigger that turn (:func:`kb.engine.sagas.read_ahead_allows`)."""
    return StaticAbility("Read ahead", replacements=(
        Replacement("Read ahead", Move, lambda c, m: _read_ahead_applies(c, m), _read_ahead_enters, pure=False, entering_self=True),))


# -- 702.141 encore -----------------------------------------------------------------------------------------------

ENCORE_TARGET = "attacks this turn if able (encore): "
"""A designation of each encore token: the player it must attack this turn if able (702.141a)."""


@dataclass(frozen=True)
class AttacksPlayer(Requirement):
    """"[It] attacks that player this turn if able" (508.1d): obeyed only by attacking that player."""

    player: PlayerId = ""

    def obeyed(self, chosen: Mapping[ObjectId, Any]) -> bool:
        return chosen.get(self.creature) == self.player


def _encore_requirements(game: Game, views: Mapping[ObjectId, View], candidates: Sequence[ObjectId]
                         ) -> Iterator[Requirement]:
    for creature in candidates:
        obj = game.objects[creature]
        if obj.entered_turn != game.turn:
            continue  # "this turn" only
        for mark in obj.designations:
            if mark.startswith(ENCORE_TARGET):
                yield AttacksPlayer("attacks that player this turn if able (encore)", creature,
                                    player=mark[len(ENCORE_TARGET):])


@cache
def _encore(keyword: Keyword) -> ActivatedAbility:
    """702.141a: "[Cost], Exile this card from your graveyard: For each opponent, create a token that's a
    copy of this card that attacks that opponent this turn if able.  The tokens gain haste.  Sacrifice
    them at the beginning of the next end step.  Activate only as a sorcery"."""

    def effect(resolution: Resolution) -> None:
        from kb.engine.cards import Card
        from kb.engine.durations import Indefinite
        from kb.engine.triggers import at_beginning_of, create_delayed

        game, source = resolution.game, resolution.item.source
        if source is None:
            return
        made = []
        for opponent in game.opponents(resolution.controller):
            for obj in game.create_token(Card(source.copiable, is_token=True), resolution.controller):
                obj.designations.add(ENCORE_TARGET + opponent)
                made.append(obj)
        if not made:
            return
        resolution.create_effect("the tokens gain haste", [gain("haste")], made, Indefinite())
        ids = [o.id for o in made]

        def sacrifice(r: Resolution) -> None:
            zones.sacrifice_if_able(r.game, r.controller, ids)

        create_delayed(game, "sacrifice them at the beginning of the next end step",
                       at_beginning_of(turn.Step.END, "each"), sacrifice, resolution.controller)

    return ActivatedAbility(f"Encore {keyword.parameter}",
                            cost(f"{keyword.parameter}, Exile this card from your graveyard"), effect,
                            timing="sorcery", zones=frozenset({Zone.GRAVEYARD}))


# -- 702.144 demonstrate --------------------------------------------------------------------------------------


def _this_spell_cast(t: TriggerContext) -> int:
    from kb.engine.events import SpellCast

    return int(isinstance(t.event, SpellCast) and t.event.spell_id == t.source.id)


@cache
def _demonstrate(keyword: Keyword) -> TriggeredAbility:
    """702.144a: "When you cast this spell, you may copy it and you may choose new targets for the copy.
    If you copy the spell, choose an opponent.  That player copies the spell and may choose new targets
    for that copy"."""
    from kb.engine.events import SpellCast
    from kb.engine.keywords_casting import copy_with_new_targets

    def effect(resolution: Resolution) -> None:
        game, you, spell = resolution.game, resolution.controller, resolution.source_id
        original = next((item for item in game.stack if item.spell == spell), None)
        if original is None:
            return  # the spell has left the stack: nothing to copy (the copy uses it as it is now, 707.10)
        if not game.choices.ask(Choice(ChoiceKind.MAY, you, "copy the spell (demonstrate)", (True, False))):
            return
        copy_with_new_targets(game, original, you)
        opponents = [p for p in game.opponents(you) if not game.players[p].left]
        if not opponents:
            return
        chosen = game.choices.ask(Choice(ChoiceKind.PLAYER, you, "an opponent who copies the spell", tuple(opponents)))
        assert isinstance(chosen, str)
        copy_with_new_targets(game, original, chosen)

    return TriggeredAbility("Demonstrate", on_event("when you cast this spell", (SpellCast,), _this_spell_cast),
                            effect, zones=frozenset({Zone.STACK}))


# -- 702.154 enlist -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Enlisted(Event):
    """``creature`` was tapped to pay the enlist cost of ``attacker``: the attacker enlisted it (702.154c)."""

    attacker: ObjectId
    creature: ObjectId


def may_enlist(game: Game, attacker: ObjectId, candidate: GameObject, chosen: Mapping[ObjectId, object],
               used: set[ObjectId]) -> bool:
    """702.154a: an untapped creature you control that you didn't choose to attack with and that has haste
    or has been under your control continuously since this turn began; not the attacker itself (702.154c)."""
    from kb.engine import activating

    if candidate.id == attacker or candidate.id in chosen or candidate.id in used or candidate.tapped:
        return False
    view = game.view(candidate.id)
    return view.is_a("Creature") and view.controller == game.view(attacker).controller and not activating.summoning_sick(
        game, candidate, view)


def pay_enlist(game: Game, chosen: Mapping[ObjectId, object]) -> None:
    """702.154a-b: as each creature with enlist attacks, its controller may tap up to one other creature
    for each instance of enlist (each works separately, 702.154d)."""
    used: set[ObjectId] = set()
    for attacker in chosen:
        view = game.view(attacker)
        for _ in view.keywords("enlist"):
            options = [o for o in game.creatures(view.controller) if may_enlist(game, attacker, o, chosen, used)]
            if not options:
                break
            picked = game.choices.ask(Choice(ChoiceKind.OBJECT, view.controller, f"a creature to enlist for {view.name}",
                                             (None, *options), default=None))
            if not isinstance(picked, type(options[0])):
                continue
            actions.tap(game, [picked])
            used.add(picked.id)
            game.emit(Enlisted(attacker, picked.id))
            enlist_trigger(game, attacker, picked.id)


def _enlisted_power(game: Game, creature: ObjectId) -> int:
    view = game.view(creature) if _on_battlefield(game, creature) else game.last_known_view(creature)
    return view.power or 0


def enlist_trigger(game: Game, attacker: ObjectId, creature: ObjectId) -> None:
    """702.154a-b: "When you do, add its power to this creature's until end of turn" — linked to that
    enlist cost, it triggers once for that payment (702.154d)."""
    from kb.engine.parts import modify_pt
    from kb.engine.triggers import reflexive

    def effect(resolution: Resolution) -> None:
        power = _enlisted_power(resolution.game, creature)
        if power and _on_battlefield(resolution.game, attacker):
            resolution.create_effect(f"+{power}/+0 (enlist)", [modify_pt(power, 0)], [attacker], UntilEndOfTurn())

    reflexive(game, "Enlist (add its power to this creature's until end of turn)", effect, game.view(attacker).controller,
              source=attacker)


# -- 702.167 craft ----------------------------------------------------------------------------------------------

CRAFTED_WITH = "crafted with"
"""Item option: the cards exiled to pay a craft cost (702.167c)."""


def _craft_parts(keyword: Keyword) -> tuple[str, str]:
    """"Craft with [material] [cost]": (the card type or subtype of one material, the cost)."""
    text = keyword.parameter
    if not text.lower().startswith("with ") or "{" not in text:
        raise ScenarioError(f"craft is written 'craft with [materials] [cost]', not {text!r}")
    material, _, rest = text[len("with "):].partition("{")
    words = material.strip().split()
    if len(words) == 2 and words[0].lower() in ("a", "an", "one"):
        words = words[1:]
    if len(words) != 1:
        raise NotModelled(f"craft materials other than one object of a type: {material.strip()!r}")
    return words[0].capitalize(), "{" + rest


def is_material(game: Game, candidate: GameObject, kind: str) -> bool:
    """702.167b: a material named only by a type or subtype is a permanent of that type you control or a card of
    that type in your graveyard."""
    view = game.view(candidate.id)
    return view.is_a(kind) or kind in view.subtypes


@dataclass(frozen=True)
class ExileMaterial:
    """"Exile [material] from among permanents you control and/or cards in your graveyard" (702.167a)."""

    kind: str

    @property
    def text(self) -> str:
        return f"Exile a {self.kind.lower()} you control or from your graveyard"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]]:
        options = [o for o in (*game.battlefield(player), *game.graveyard(player))
                   if (source is None or o.id != source.id) and is_material(game, o, self.kind)]
        if not options:
            raise IllegalAction(f"{player} has no {self.kind.lower()} to craft with", "702.167a")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"a {self.kind.lower()} to exile (craft)",
                                         tuple(options)))
        if chosen not in options:
            raise IllegalAction("that can't be exiled to craft", "702.167a")
        [exiled] = game.exile(chosen)
        return {CRAFTED_WITH: [exiled.id] if exiled is not None else []}


@dataclass(frozen=True)
class ExileThisPermanent:
    """"Exile this permanent" as a cost (702.167a): paid before the materials."""

    text: str = "Exile this permanent"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]]:
        if source is None or source.zone is not Zone.BATTLEFIELD:
            raise IllegalAction("craft exiles the permanent itself", "702.167a")
        [exiled] = game.exile(source)
        return {"crafted card": [exiled.id] if exiled is not None else []}


@cache
def _craft(keyword: Keyword) -> ActivatedAbility:
    """702.167a: "[Cost], Exile this permanent, Exile [materials] from among permanents you control and/or cards in
    your graveyard: Return this card to the battlefield transformed under its owner's control.  Activate only as a
    sorcery"; the permanent remembers the cards exiled to craft it (702.167c)."""
    kind, price = _craft_parts(keyword)

    def effect(resolution: Resolution) -> None:
        from kb.engine import zones

        game = resolution.game
        crafted = resolution.item.options.get("crafted card", [])
        card = game.objects.get(crafted[0]) if crafted else None
        if card is None or card.zone is not Zone.EXILE or card.card.back is None:
            return
        transformed = Replacement("returns transformed (craft)", Move, lambda c, m: True,
                                  lambda c, m: with_changes(m, transformed=True))
        back = zones.move(game, card, Zone.BATTLEFIELD, controller=card.owner, own=(transformed,))
        if back is not None:
            back.exiled_with_it = list(resolution.item.options.get(CRAFTED_WITH, []))  # 702.167c
            game.touch()

    return ActivatedAbility(f"Craft {keyword.parameter}",
                            with_changes(cost(price), extra=(ExileThisPermanent(), ExileMaterial(kind))), effect,
                            timing="sorcery")


# -- registering ---------------------------------------------------------------------------------------------

keywords.MODELLED.update({"reconfigure": "cost", "living metal": "none", "backup": "number", "saddle": "number",
                          "station": "none", "job select": "none", "firebending": "number", "ravenous": "none",
                          "read ahead": "none", "encore": "cost", "demonstrate": "none", "enlist": "none",
                          "craft": "cost"})
keyword_abilities.KEYWORD_ACTIVATED.update({"reconfigure": _reconfigure, "saddle": _saddle, "station": _station,
                                            "encore": _encore, "craft": _craft})
declarations.ATTACK_REQUIREMENTS["attacks that player this turn if able (encore)"] = (
    lambda game, views, candidates: _encore_requirements(game, views, candidates))
keyword_abilities.KEYWORD_TRIGGERED.update({"backup": _backup, "job select": _job_select, "firebending": _firebending,
                                            "ravenous": _ravenous, "demonstrate": _demonstrate})
keyword_abilities.KEYWORD_STATIC.update({"reconfigure": _reconfigure_static, "living metal": _living_metal,
                                         "ravenous": _ravenous_static, "read ahead": _read_ahead})
combat.OPTIONAL_ATTACK_COSTS.append(lambda game, chosen: pay_enlist(game, chosen))  # 702.154a
turn.TURN_BASED_ACTIONS[turn.Step.CLEANUP] = (*turn.TURN_BASED_ACTIONS[turn.Step.CLEANUP],
                                             turn.TurnBasedAction("702.171b", "saddled ends", _saddled_ends))

__all__ = [
    "BOAST_PREFIX",
    "FIREBENDING_MANA",
    "HERO",
    "SADDLED",
    "Firebent",
    "Saddled",
    "abilities_below",
    "boast",
    "boasts",
    "exhaust",
    "firebends",
    "is_saddled",
    "station_amount",
]
