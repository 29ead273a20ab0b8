"""Engine mutants: each breaks one rule on purpose, to show that some check notices.

A mutant replaces one or two well-defined engine functions (``phasing.exists``,
``layers.order_in_layer`` …) for as long as it is applied.  A check that no mutant breaks may
be asserting too little; ``kb check --mutants`` lists them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from kb.checks import runner
from kb.checks.registry import Check
from kb.engine import (
    attach,
    casting,
    combat,
    command,
    continuous,
    counters,
    durations,
    layers,
    morph,
    phasing,
    rules,
    sba,
    timestamps,
    transform,
    turns,
    zones,
)
from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.characteristics import FACE_DOWN_2_2, Characteristics, ObjectState, View
from kb.engine.effects import (
    CastPermission,
    ContinuousEffect,
    ForAsLongAs,
    LayerPart,
    UntilEndOfTurn,
    gain,
)
from kb.engine.events import Attached, ZoneChange
from kb.engine.game import Game, GameObject, StackItem
from kb.engine.objects import CounterPile, Phase
from kb.rulenum import RuleNumber


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str
    """The rule the mutant breaks."""
    description: str
    patches: tuple[tuple[object, str, Any], ...]
    """(module or class, attribute, replacement)."""


@contextlib.contextmanager
def applied(mutant: Mutant) -> Iterator[None]:
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in mutant.patches]
    try:
        for owner, name, replacement in mutant.patches:
            setattr(owner, name, replacement)
        yield
    finally:
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


# -- the broken rules -------------------------------------------------------------------------


def _always_exists(obj: GameObject) -> bool:
    return True


def _no_indirect_phasing(game: Game, hosts: Iterable[GameObject]) -> set[ObjectId]:
    return set()


def _face_down_keeps_name(obj: GameObject) -> Characteristics:
    return replace(FACE_DOWN_2_2, name=obj.card.name)


def _reverse_order(effects: Iterable[ContinuousEffect]) -> list[ContinuousEffect]:
    return sorted(effects, key=lambda e: (e.timestamp, e.order), reverse=True)


_original_affected = layers.affected


def _reevaluate_fixed_sets(game: Game, effect: ContinuousEffect,
                           states: dict[ObjectId, ObjectState]) -> list[ObjectId]:
    if effect.fixed and effect.selector is not None:
        effect = replace(effect, fixed=False)
    return _original_affected(game, effect, states)


def _turn_face_up_on_the_stack(game: Game, player: PlayerName, obj: GameObject, x: int = 0) -> None:
    found = morph.morph_if_face_up(game, obj)
    if found is None or not obj.face_down:
        from kb.engine.basics import IllegalAction

        raise IllegalAction("no morph cost")
    game.players[player].mana.pay(found.cost.with_x(x))

    def resolve(game: Game, item: StackItem) -> None:
        morph.turn_up(game, obj, megamorph_paid=found.mega, x=x)

    game.stack.append(StackItem("turn face up", player, source_id=obj.id, resolve=resolve))


def _untap_then_phase(game: Game) -> None:
    game.step = "untap"
    game.priority_holder = None
    player = game.players[game.active]
    if player.untap_steps_to_skip:
        player.untap_steps_to_skip -= 1
        return
    turns.untap_permanents(game)
    phasing.untap_step_phasing(game, game.active)
    game.skipped_turns = []


def _phase_despite_skipping(game: Game) -> None:
    game.players[game.active].untap_steps_to_skip = 0
    _original_untap_step(game)


_original_untap_step = turns.untap_step
_original_phase_in = phasing.phase_in


def _phase_in_with_new_timestamps(game: Game, objects: Iterable[GameObject]) -> None:
    coming = list(objects)
    _original_phase_in(game, coming)
    for obj in coming:
        timestamps.stamp(game, obj)


def _phase_in_reattaching(game: Game, objects: Iterable[GameObject]) -> None:
    coming = list(objects)
    _original_phase_in(game, coming)
    for obj in game.objects.values():
        if obj.attached_to is not None and obj.zone is Zone.BATTLEFIELD:
            host = obj.attached_to
            if any(c.id in (host, obj.id) for c in coming):
                game.emit(Attached(obj.id, host))


def _holds_through_phasing(game: Game, duration: ForAsLongAs) -> bool:
    tracked = game.objects.get(duration.tracked)
    return tracked is not None and tracked.zone is Zone.BATTLEFIELD and duration.holds(tracked)


def _durations_pause_while_phased_out(game: Game) -> None:
    for effect in game.effects:
        if isinstance(effect.duration, UntilEndOfTurn) and all(
                i in game.objects and phasing.exists(game.objects[i]) for i in effect.affected):
            effect.ended = True


_original_static_effects = layers.static_effects


def _statics_locked_in(game: Game, states: dict[ObjectId, ObjectState]) -> list[ContinuousEffect]:
    locked = []
    for effect in _original_static_effects(game, states):
        source = game.objects[effect.source] if effect.source is not None else None
        selector = effect.selector
        present = frozenset(i for i, s in states.items() if source is not None and selector is not None
                            and game.objects[i].timestamp <= source.timestamp
                            and selector(states.get(source.id), s))
        locked.append(replace(effect, affected=present, fixed=True))
    return locked


def _statics_keep_object_timestamp(game: Game, states: dict[ObjectId, ObjectState]) -> list[ContinuousEffect]:
    return [replace(e, timestamp=game.objects[e.source].timestamp) if e.source is not None else e
            for e in _original_static_effects(game, states)]


def _statics_in_any_zone(game: Game, states: dict[ObjectId, ObjectState]) -> list[ContinuousEffect]:
    from kb.engine.abilities import StaticAbility
    from kb.engine.effects import Indefinite

    found = []
    for obj in game.objects.values():
        for index, held in enumerate(states[obj.id].abilities):
            ability = held.ability
            if isinstance(ability, StaticAbility) and ability.parts and phasing.exists(obj):
                found.append(ContinuousEffect(ability.text, ability.parts, max(obj.timestamp, held.since),
                                              Indefinite(), selector=ability.affects, fixed=False,
                                              source=obj.id, controller=states[obj.id].controller, order=index))
    return found


def _unlocked_variables(game: Game, parts: Iterable[LayerPart]) -> tuple[LayerPart, ...]:
    return tuple(parts)


def _counters_keep_first_timestamp(game: Game, obj: GameObject, kind: str, count: int = 1) -> None:
    pile = obj.counters.get(kind)
    if pile is None:
        obj.counters[kind] = CounterPile(count, game.tick())
    else:
        pile.count += count
    game.emit()


_original_attach = attach.attach


def _attach_without_timestamp(game: Game, attachment: GameObject, target: ObjectId | PlayerName) -> None:
    stamp = attachment.timestamp
    _original_attach(game, attachment, target)
    attachment.timestamp = stamp


def _reattach_restamps(game: Game, attachment: GameObject, target: ObjectId | PlayerName) -> None:
    if attachment.attached_to == target:
        timestamps.stamp(game, attachment)
        return
    _original_attach(game, attachment, target)


_original_turn_up = morph.turn_up


def _turn_up_without_timestamp(game: Game, obj: GameObject, megamorph_paid: bool = False, x: int = 0) -> None:
    stamp = obj.timestamp
    _original_turn_up(game, obj, megamorph_paid, x)
    obj.timestamp = stamp


def _megamorph_counter_always(game: Game, obj: GameObject, megamorph_paid: bool = False, x: int = 0) -> None:
    _original_turn_up(game, obj, True, x)


def _turned_face_up_enters(game: Game, obj: GameObject, megamorph_paid: bool = False, x: int = 0) -> None:
    before = game.view(obj.id)
    _original_turn_up(game, obj, megamorph_paid, x)
    game.emit(ZoneChange(obj.id, obj.id, before, None, Zone.BATTLEFIELD))


_original_transform = transform.transform


def _transform_without_timestamp(game: Game, permanent: GameObject) -> bool:
    stamp = permanent.timestamp
    done = _original_transform(game, permanent)
    permanent.timestamp = stamp
    return done


def _command_card_keeps_timestamp(game: Game, card: GameObject) -> None:
    card.face_down = False
    game.emit()


def _no_start_timestamps(game: Game) -> None:
    game.emit()


def _stamp_without_stickers(game: Game, obj: GameObject) -> None:
    obj.timestamp = game.tick()


def _stamp_in_given_order(game: Game, objects: Iterable[GameObject],
                          choose: Callable[[PlayerName, list[GameObject]], list[GameObject]] | None = None) -> None:
    for obj in objects:
        timestamps.stamp(game, obj)


def _always_still_there(game: Game, target: ObjectId | PlayerName) -> bool:
    return True


def _never_await(obj: GameObject, left: PlayerName) -> None:
    return None


def _phase_per_instance(game: Game, player: PlayerName) -> None:
    """Each instance of phasing phases the permanent again: two instances undo each other."""
    views = game.views()
    instances = {o.id: sum(1 for a in views[o.id].abilities if getattr(a, "name", None) == "phasing")
                 for o in game.battlefield() if views[o.id].controller == player}
    _original_untap_step_phasing(game, player)
    for object_id, count in instances.items():
        obj = game.objects[object_id]
        for _ in range(count - 1):
            (phasing.phase_in if obj.phase is Phase.OUT else phasing.phase_out)(game, [obj])


_original_untap_step_phasing = phasing.untap_step_phasing


def _is_applies_late(self: zones.EnteringEffect) -> bool:
    return False


_original_create = continuous.create


def _stamp_with_source(game: Game, text: str, parts: Any, affects: Any, duration: Any = None,
                       source: ObjectId | None = None, controller: PlayerName | None = None
                       ) -> ContinuousEffect | None:
    effect = _original_create(game, text, parts, affects, duration, source, controller)
    if effect is not None and source is not None and source in game.objects:
        effect.timestamp = game.objects[source].timestamp
    return effect


def _stay_in_combat(game: Game, permanent: GameObject) -> None:
    if permanent.zone is not Zone.BATTLEFIELD:
        game.attacking.discard(permanent.id)


def _phasing_is_a_zone_change(game: Game, objects: Iterable[GameObject]) -> None:
    going = list(objects)
    views = game.views()
    _original_phase_out(game, going)
    game.emit(*(ZoneChange(o.id, o.id, views[o.id], Zone.BATTLEFIELD, Zone.EXILE) for o in going),
              look_back=[views[o.id] for o in going])


def _phasing_in_enters(game: Game, objects: Iterable[GameObject]) -> None:
    coming = list(objects)
    _original_phase_in(game, coming)
    game.emit(*(ZoneChange(o.id, o.id, game.view(o.id), Zone.EXILE, Zone.BATTLEFIELD) for o in coming))


_original_phase_out = phasing.phase_out
_original_sba = sba.check


def _phased_out_tokens_cease(game: Game) -> bool:
    gone = [o for o in game.objects.values() if o.token and not phasing.exists(o)]
    for token in gone:
        del game.objects[token.id]
    return _original_sba(game) or bool(gone)


def _never_still_there(game: Game, target: ObjectId | PlayerName) -> bool:
    return False


_original_cost_increase = rules.cost_increase


def _no_increase_face_down(game: Game, spell: View) -> int:
    return 0 if spell.face_down else _original_cost_increase(game, spell)


def _anything_face_down(card: View) -> bool:
    return True


def _never_revealed(obj: GameObject, to: Zone) -> None:
    return None


_original_move_together = zones.move_together


def _effects_end_with_source(game: Game, objects: Any, zone: Zone, controller: PlayerName | None = None
                             ) -> list[GameObject]:
    gone = {o.id for o in objects}
    moved = _original_move_together(game, objects, zone, controller)
    for effect in game.effects:
        if effect.source in gone:
            effect.ended = True
    return moved


def _everything_ends_at_cleanup(game: Game) -> None:
    _original_end_of_turn(game)
    for effect in game.effects:
        effect.ended = True


_original_end_of_turn = durations.end_of_turn


def _as_long_as_starts_anyway(game: Game, text: str, parts: Any, affects: Any, duration: Any = None,
                              source: ObjectId | None = None, controller: PlayerName | None = None
                              ) -> ContinuousEffect | None:
    if isinstance(duration, ForAsLongAs) and not durations.holds(game, duration):
        effect = ContinuousEffect(text, tuple(parts), game.tick(), duration, frozenset(affects), fixed=True,
                                  source=source, controller=controller)
        game.effects.append(effect)
        game.emit()
        return effect
    return _original_create(game, text, parts, affects, duration, source, controller)


def _next_spell_is_any_spell(game: Game, spell: View, player: PlayerName) -> None:
    for waiting in game.waiting:
        if not waiting.ended and waiting.player == player:
            waiting.ended = True
            game.effects.append(ContinuousEffect(waiting.text, waiting.parts, waiting.timestamp,
                                                 waiting.duration, affected=frozenset({spell.id})))
            return


def _grant_ends_with_source(game: Game, permission: CastPermission, source: GameObject | None,
                            spell: ObjectId) -> None:
    if permission.grants and source is not None:
        continuous.create(game, permission.text, [gain(*permission.grants)], [spell],
                          ForAsLongAs(source.id, lambda o: True, "while its source remains"), source.id)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("phased-out-exists", "702.26b", "phased-out permanents are counted as existing",
           ((phasing, "exists", _always_exists),)),
    Mutant("no-indirect-phasing", "702.26g", "Auras and Equipment don't phase out with their permanent",
           ((phasing, "indirectly_phasing", _no_indirect_phasing),)),
    Mutant("face-down-keeps-name", "702.37a", "a face-down spell or permanent keeps its name",
           ((morph, "face_down_values", _face_down_keeps_name),)),
    Mutant("reverse-timestamps", "613.7", "effects in a layer apply in reverse timestamp order",
           ((layers, "order_in_layer", _reverse_order),)),
    Mutant("fixed-set-reevaluated", "611.2c", "a resolved effect's affected set is looked at again",
           ((layers, "affected", _reevaluate_fixed_sets),)),
    Mutant("face-up-uses-stack", "702.37e", "turning a permanent face up uses the stack",
           ((morph, "turn_face_up", _turn_face_up_on_the_stack),)),
    Mutant("untap-before-phasing", "702.26a", "permanents untap before phasing happens",
           ((turns, "untap_step", _untap_then_phase),)),
    Mutant("skipped-untap-still-phases", "702.26m", "a skipped untap step still phases",
           ((turns, "untap_step", _phase_despite_skipping),)),
    Mutant("phasing-new-timestamp", "613.7d", "phasing in gives a new timestamp",
           ((phasing, "phase_in", _phase_in_with_new_timestamps),)),
    Mutant("phasing-reattaches", "702.26j", "phasing in counts as becoming attached",
           ((phasing, "phase_in", _phase_in_reattaching),)),
    Mutant("always-returns-attached", "702.26i", "a directly phased-out Aura always returns attached",
           ((phasing, "still_there", _always_still_there),)),
    Mutant("no-702.26n", "702.26n", "what phased out under a leaving player waits for its controller",
           ((phasing, "await_turn_of", _never_await),)),
    Mutant("phasing-per-instance", "702.26p", "each instance of phasing phases the permanent",
           ((phasing, "untap_step_phasing", _phase_per_instance),)),
    Mutant("durations-pause", "702.26f", "until-end-of-turn effects on phased-out permanents don't end",
           ((durations, "end_of_turn", _durations_pause_while_phased_out),)),
    Mutant("as-long-as-keeps-track", "702.26f", "a for-as-long-as duration keeps track through phasing",
           ((durations, "holds", _holds_through_phasing),)),
    Mutant("statics-locked-in", "611.3a", "static abilities affect only what was there when they began",
           ((layers, "static_effects", _statics_locked_in),)),
    Mutant("statics-in-any-zone", "611.3b", "static abilities function in every zone",
           ((layers, "static_effects", _statics_in_any_zone),)),
    Mutant("variables-not-locked", "611.2d", "X in a resolved effect is counted again and again",
           ((continuous, "lock_variables", _unlocked_variables),)),
    Mutant("is-applies-late", "611.2e", "'is' effects apply only after the permanent has entered",
           ((zones.EnteringEffect, "as_it_enters", property(_is_applies_late)),)),
    Mutant("statics-keep-object-timestamp", "613.7a", "a granted static ability keeps its object's timestamp",
           ((layers, "static_effects", _statics_keep_object_timestamp),)),
    Mutant("effects-stamped-with-source", "613.7b", "a resolved effect takes its source's timestamp",
           ((continuous, "create", _stamp_with_source),)),
    Mutant("counters-keep-first-timestamp", "613.7c", "new counters don't refresh older ones",
           ((counters, "put", _counters_keep_first_timestamp),)),
    Mutant("attach-keeps-timestamp", "613.7e", "attaching doesn't give a new timestamp",
           ((attach, "attach", _attach_without_timestamp),)),
    Mutant("reattach-restamps", "613.7e", "attaching to the same object again gives a new timestamp",
           ((attach, "attach", _reattach_restamps),)),
    Mutant("face-up-keeps-timestamp", "613.7f", "turning face up doesn't give a new timestamp",
           ((morph, "turn_up", _turn_up_without_timestamp),)),
    Mutant("megamorph-counter-always", "702.37b", "megamorph puts its counter however it turns face up",
           ((morph, "turn_up", _megamorph_counter_always),)),
    Mutant("face-up-enters", "702.37e", "turning face up counts as entering the battlefield",
           ((morph, "turn_up", _turned_face_up_enters),)),
    Mutant("transform-keeps-timestamp", "613.7g", "transforming doesn't give a new timestamp",
           ((transform, "transform", _transform_without_timestamp),)),
    Mutant("command-face-up-keeps-timestamp", "613.7h", "planes and schemes keep their old timestamps",
           ((command, "turn_face_up", _command_card_keeps_timestamp),)),
    Mutant("no-start-timestamps", "613.7i", "vanguards and conspiracies get no timestamp at the start",
           ((command, "start_game", _no_start_timestamps),)),
    Mutant("stickers-not-restamped", "613.7k", "stickers keep their timestamps when the object gets a new one",
           ((timestamps, "stamp", _stamp_without_stickers),)),
    Mutant("no-apnap-order", "613.7m", "simultaneous timestamps ignore APNAP order",
           ((timestamps, "stamp_together", _stamp_in_given_order),)),
    Mutant("phased-out-stays-in-combat", "702.26b", "a phased-out creature stays in combat",
           ((combat, "remove_from_combat", _stay_in_combat),)),
    Mutant("phasing-is-a-zone-change", "702.26d", "phasing out and in count as leaving and entering",
           ((phasing, "phase_out", _phasing_is_a_zone_change), (phasing, "phase_in", _phasing_in_enters))),
    Mutant("phased-out-tokens-cease", "702.26d", "a phased-out token ceases to exist (the old rule)",
           ((sba, "check", _phased_out_tokens_cease),)),
    Mutant("never-returns-attached", "702.26i", "a directly phased-out Aura always returns unattached",
           ((phasing, "still_there", _never_still_there),)),
    Mutant("no-increase-face-down", "702.37c", "cost increases don't apply to the {3} of a face-down spell",
           ((rules, "cost_increase", _no_increase_face_down),)),
    Mutant("anything-face-down", "702.37d", "any card can be cast face down",
           ((morph, "can_be_cast_face_down", _anything_face_down),)),
    Mutant("no-reveal", "708.9", "face-down cards leave without being revealed",
           ((morph, "reveal_on_leaving", _never_revealed),)),
    Mutant("effects-end-with-source", "611.2", "a resolved spell's effects end when it leaves the stack",
           ((zones, "move_together", _effects_end_with_source),)),
    Mutant("everything-ends-at-cleanup", "611.2a", "effects with no duration end at end of turn too",
           ((durations, "end_of_turn", _everything_ends_at_cleanup),)),
    Mutant("as-long-as-starts-anyway", "611.2b", "a for-as-long-as effect begins although it is over",
           ((continuous, "create", _as_long_as_starts_anyway),)),
    Mutant("next-spell-is-any-spell", "611.2f", "an effect on the next spell of a kind takes any spell",
           ((continuous, "begin_waiting", _next_spell_is_any_spell),)),
    Mutant("grant-ends-with-source", "611.3d", "what a cast permission grants ends with its source",
           ((casting, "grant_on_cast", _grant_ends_with_source),)),
)


def mutants_for(numbers: list[RuleNumber]) -> list[Mutant]:
    """The mutants breaking one of ``numbers`` or a subrule of one; all of them for none."""
    if not numbers:
        return list(MUTANTS)
    return [m for m in MUTANTS
            if any(n == RuleNumber.parse(m.rule) or n.is_ancestor_of(RuleNumber.parse(m.rule)) for n in numbers)]


@dataclass(frozen=True)
class MutantRun:
    mutant: Mutant
    broken: tuple[str, ...]
    """Ids of the checks that failed with the mutant applied."""


def run_mutants(checks: list[Check], mutants: Iterable[Mutant] = MUTANTS) -> list[MutantRun]:
    runs = []
    for mutant in mutants:
        with applied(mutant):
            broken = tuple(c.id for c in checks if not runner.run(c).passed)
        runs.append(MutantRun(mutant, broken))
    return runs


def unbroken(checks: list[Check], runs: list[MutantRun]) -> list[Check]:
    """Checks that no mutant broke."""
    broken = {check_id for run in runs for check_id in run.broken}
    return [c for c in checks if c.id not in broken]
