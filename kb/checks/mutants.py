"""Engine mutants: each breaks one rule on purpose, to show that some check notices.

A mutant replaces a few engine attributes (a function, or a table) while it is applied.  Two
kinds:

- generated from the engine's tables: one mutant per entry, which disables it — each
  state-based action (:data:`kb.engine.sba.STATE_BASED_ACTIONS`), turn-based action
  (:data:`kb.engine.turn.TURN_BASED_ACTIONS`, ``ENDING_ACTIONS``), layer (``layers.run_layer``),
  keyword behaviour (evasion, damage, targeting, keyword abilities) and look-back trigger kind
  (:data:`kb.engine.triggers.LOOK_BACK`).  A new table entry gets its mutant for free, and so
  needs a check that notices it is gone.
- hand-written for the core mechanisms (:data:`HANDWRITTEN`): dependencies ignored, the affected
  set recomputed per layer, look-back forgotten, state-based actions one at a time, a
  replacement effect applied twice, and many more; and those of the modules
  ``kb/checks/mutants_<area>.py`` (:func:`collected`), each breaking one rule of its area.

``kb check --mutants`` runs them; :func:`run_mutants` stops a mutant at its first broken check
when only "broken or not" is needed, trying first the checks that cite the mutant's rule.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kb.checks import runner
from kb.checks.registry import Check
from kb.engine import (
    activating,
    attach,
    casting,
    combat,
    command,
    continuous,
    copies,
    counters,
    damage,
    dependency,
    durations,
    facedown,
    keyword_abilities,
    layers,
    phasing,
    priority,
    replacement,
    rules,
    sba,
    stack,
    targets,
    timestamps,
    transform,
    triggers,
    turn,
    zones,
)
from kb.engine.abilities import StaticAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import ObjectState, Origin
from kb.engine.events import Attached, Cause, Tapped, ZoneChanged
from kb.engine.game import Game
from kb.engine.objects import CounterPile, GameObject
from kb.engine.parts import Layer
from kb.rulenum import RuleNumber


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str
    """The rule the mutant breaks."""
    description: str
    patches: tuple[tuple[object, str, Any], ...]
    """(module or class, attribute, replacement)."""
    table: str | None = None
    """The engine table the mutant was generated from (None: hand-written)."""


@contextlib.contextmanager
def applied(mutant: Mutant) -> Iterator[None]:
    saved = [(owner, name, owner.__dict__.get(name, _MISSING) if isinstance(owner, type) else getattr(owner, name))
             for owner, name, _ in mutant.patches]
    try:
        for owner, name, value in mutant.patches:
            setattr(owner, name, value)
        layers.program_changed()  # no view kept from before the change is used again
        yield
    finally:
        for owner, name, original in reversed(saved):
            if original is _MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, original)
        layers.program_changed()


_MISSING = object()


# -- generated from the engine's tables --------------------------------------------------------------


def _nothing(*args: object) -> list[Any]:
    return []


def _sba_mutants() -> list[Mutant]:
    found = []
    for entry in sba.STATE_BASED_ACTIONS:
        if not entry.modelled:
            continue
        table = tuple(replace(e, find=_nothing) if e is entry else e for e in sba.STATE_BASED_ACTIONS)
        found.append(Mutant(f"no-{entry.rule}", entry.rule, f"the state-based action {entry.rule} ({entry.text}) "
                            "never happens", ((sba, "STATE_BASED_ACTIONS", table),), "sba.STATE_BASED_ACTIONS"))
    return found


def _turn_based_mutants() -> list[Mutant]:
    found = []
    for when, entries in turn.TURN_BASED_ACTIONS.items():
        for entry in entries:
            table = {**turn.TURN_BASED_ACTIONS, when: tuple(e for e in entries if e is not entry)}
            found.append(Mutant(f"no-tba-{entry.rule}", entry.rule, f"the turn-based action {entry.rule} "
                                f"({entry.text}) doesn't happen", ((turn, "TURN_BASED_ACTIONS", table),),
                                "turn.TURN_BASED_ACTIONS"))
    for ending, entries in turn.ENDING_ACTIONS.items():
        for entry in entries:
            ending_table = {**turn.ENDING_ACTIONS, ending: tuple(e for e in entries if e is not entry)}
            found.append(Mutant(f"no-ending-{entry.rule}", entry.rule, f"as a step ends, {entry.text} doesn't "
                                "happen", ((turn, "ENDING_ACTIONS", ending_table),), "turn.ENDING_ACTIONS"))
    return found


_original_run_layer = layers.run_layer


def _skipping(layer: Layer) -> Callable[..., None]:
    def run_layer(evaluation: layers.Evaluation, current: Layer) -> None:
        if current is not layer:
            _original_run_layer(evaluation, current)

    return run_layer


def _layer_mutants() -> list[Mutant]:
    return [Mutant(f"skip-layer-{layer.label}", {"1a": "613.2a", "7a": "613.4a", "7b": "613.4b", "7c": "613.4c",
                                                 "7d": "613.4d"}.get(layer.label, f"613.1{'abcdefg'[int(layer.label[0]) - 1]}"),
                   f"no effect applies in layer {layer.label}", ((layers, "run_layer", _skipping(layer)),),
                   "layers: the layers of 613.1")
            for layer in Layer if layer is not Layer.FACE_DOWN]


KEYWORD_TABLES: tuple[tuple[object, str, str], ...] = (
    (combat, "ATTACK_RESTRICTIONS", "attack restriction"),
    (combat, "BLOCK_RESTRICTIONS", "evasion"),
    (combat, "BLOCKER_COUNT_RESTRICTIONS", "blocker count"),
    (damage, "DAMAGE_KEYWORDS", "damage"),
    (targets, "TARGETING", "targeting"),
    (keyword_abilities, "KEYWORD_ACTIVATED", "activated"),
    (keyword_abilities, "KEYWORD_TRIGGERED", "triggered"),
    (keyword_abilities, "KEYWORD_STATIC", "static"),
)
"""The tables of keyword behaviour, keyed by keyword: each entry gets a mutant."""


def _keyword_mutants() -> list[Mutant]:
    from kb.engine.keywords import CR_KEYWORDS, VARIANT_RULES

    found = []
    for owner, name, kind in KEYWORD_TABLES:
        table: dict[str, Any] = getattr(owner, name)
        for key in table:
            rest = {k: v for k, v in table.items() if k != key}
            found.append(Mutant(f"no-{kind.replace(' ', '-')}-{key.replace(' ', '-')}", CR_KEYWORDS.get(key) or VARIANT_RULES.get(key, "702"),
                                f"the keyword {key} loses its {kind} rule", ((owner, name, rest),),
                                f"{owner.__name__.rsplit('.', 1)[-1]}.{name}"))  # type: ignore[attr-defined]
    return found


UNCHECKED_LOOK_BACK: frozenset[str] = frozenset()
"""Look-back kinds no builder or check uses yet."""


def _look_back_mutants() -> list[Mutant]:
    return [Mutant(f"no-look-back-{kind.replace(' ', '-')}", rule, f"triggers on '{kind}' don't look back",
                   ((triggers, "LOOK_BACK", {k: v for k, v in triggers.LOOK_BACK.items() if k != kind}),),
                   "triggers.LOOK_BACK")
            for kind, rule in triggers.LOOK_BACK.items() if kind not in UNCHECKED_LOOK_BACK]


# -- hand-written: the core mechanisms ------------------------------------------------------------------


def _timestamp_order(evaluation: Any, layer: Layer, pending: list[Any]) -> Any:
    return min(pending, key=lambda a: a.sort_key)


def _reverse_timestamp_order(evaluation: Any, layer: Layer, pending: list[Any]) -> Any:
    return max(pending, key=lambda a: a.sort_key)


_original_affected_set = layers.affected_set


def _affected_set_per_layer(evaluation: Any, effect: Any, visible: Any = None) -> frozenset[ObjectId]:
    if effect.held is not None and effect.started is not None:
        effect = replace(effect, started=None)  # chosen again in each layer
    return _original_affected_set(evaluation, effect, visible)


_original_start = layers.start


def _resolved_sets_follow_their_filter(game: Game) -> Any:
    evaluation = _original_start(game)
    for applicable in evaluation.fixed:
        key = applicable.key
        if isinstance(key, continuous.ContinuousEffect) and key.selector is not None:
            applicable.locked = None
            applicable.selector = key.selector
            applicable.you = key.controller
    return evaluation


_original_evaluate = layers.evaluate


def _statics_after_layer_6(game: Game) -> Any:
    """The old model's mistake: keep only the static abilities that survive every layer, then
    evaluate again as though the others never existed."""
    first = _original_evaluate(game)
    lost = {}
    for object_id, view in first.items():
        obj = game.objects[object_id]
        gone = [a for a in obj.printed.abilities if isinstance(a, StaticAbility) and a not in view.abilities]
        if gone:
            lost[object_id] = gone
    if not lost:
        return first
    original_become = ObjectState.become

    def become(self: Any, values: Any, origin: Any = Origin.PRINTED) -> None:
        original_become(self, values, origin)
        if self.id in lost:
            self.abilities = tuple(h for h in self.abilities if h.ability not in lost[self.id])

    ObjectState.become = become  # type: ignore[method-assign]
    try:
        return _original_evaluate(game)
    finally:
        ObjectState.become = original_become  # type: ignore[method-assign]


def _never_looks_back(trigger: Any) -> None:
    return None


_original_perform = sba.perform


def _one_state_based_action_at_a_time(game: Game, found: list[sba.Action]) -> None:
    first_rule = found[0].rule
    _original_perform(game, [a for a in found if a.rule == first_rule])


def _applies_twice(times_applied: int) -> bool:
    return times_applied < 2


def _self_replacement_last(option: Any) -> int:
    return 9 if option.replacement.category == replacement.Category.SELF else 1


def _first_replacement_unasked(game: Game, proposed: Any, group: list[Any]) -> Any:
    return group[0]


def _always_exists(obj: GameObject) -> bool:
    return True


def _no_indirect_phasing(game: Game, hosts: Iterable[GameObject]) -> set[ObjectId]:
    return set()


def _face_down_keeps_name(obj: GameObject) -> Any:
    return replace(layers.FACE_DOWN_VALUES, name=obj.card.name)


def _turn_face_up_on_the_stack(game: Game, player: PlayerId, obj: GameObject, *, x: int = 0,
                               how: str | None = None) -> None:
    ways = facedown.ways_to_turn_face_up(game, obj)
    if not ways:
        from kb.engine.errors import IllegalAction

        raise IllegalAction("no way to turn it face up")
    cost, mega = ways[how or next(iter(ways))]
    from kb.engine import payment

    payment.pay_mana(game, player, cost.with_x(x))
    from kb.engine.abilities import TriggeredAbility
    from kb.engine.triggers import on_event

    ability = TriggeredAbility("turn face up", on_event("never", (), lambda t: 0),
                               lambda r: facedown.turn_face_up(game, obj, megamorph_paid=mega, x=x))
    stack.push(game, stack.StackObject(game.allocate_id(), player, "turn face up", None, ability, obj.id,
                                       game.view(obj.id)))
    priority.acted(game, player)


def _untap_before_phasing() -> Any:
    entries = turn.TURN_BASED_ACTIONS[turn.Step.UNTAP]
    return {**turn.TURN_BASED_ACTIONS, turn.Step.UNTAP: tuple(reversed(entries))}


def _skips_ignored(game: Game, proposed: Any, own: Any = ()) -> Any:
    if isinstance(proposed, replacement.BeginStep):
        return proposed
    return replacement.replace(game, proposed, own)


_original_phase_in = phasing.phase_in
_original_phase_out = phasing.phase_out


def _phase_in_with_new_timestamps(game: Game, objects: Iterable[GameObject]) -> None:
    coming = list(objects)
    _original_phase_in(game, coming)
    for obj in coming:
        timestamps.stamp(game, obj)


def _phase_in_reattaching(game: Game, objects: Iterable[GameObject]) -> None:
    coming = list(objects)
    _original_phase_in(game, coming)
    events = [Attached(o.id, o.attached_to) for o in game.objects.values()
              if o.attached_to is not None and o.zone is Zone.BATTLEFIELD
              and any(c.id in (o.attached_to, o.id) for c in coming)]
    game.emit(*events)


def _always_still_there(game: Game, target: Any) -> bool:
    return True


def _never_still_there(game: Game, target: Any) -> bool:
    return False


def _never_await(obj: GameObject, left: PlayerId) -> None:
    return None


_original_untap_step_phasing = phasing.untap_step_phasing


def _phase_per_instance(game: Game, player: PlayerId) -> None:
    views = game.views()
    instances = {o.id: len(views[o.id].keywords("phasing")) for o in game.battlefield(player)}
    _original_untap_step_phasing(game, player)
    for object_id, count in instances.items():
        obj = game.objects[object_id]
        for _ in range(count - 1):
            (_original_phase_in if obj.phased_out else _original_phase_out)(game, [obj])


_original_end_of_turn = durations.end_of_turn


def _durations_pause_while_phased_out(game: Game) -> None:
    for effect in game.effects:
        if isinstance(effect.duration, durations.UntilEndOfTurn) and all(
                i in game.objects and not game.objects[i].phased_out for i in effect.affected):
            effect.ended = True
    game.touch()


def _on_battlefield_through_phasing(game: Game, object_id: ObjectId) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD


_original_static_effects = layers.static_effects


def _statics_locked_in(evaluation: Any, layer: Layer) -> list[Any]:
    found = _original_static_effects(evaluation, layer)
    for effect in found:
        if effect.started is None and effect.selector is not None and effect.source is not None:
            stamp = evaluation.game.objects[effect.source].timestamp
            older = frozenset(i for i, s in evaluation.visible.items() if evaluation.game.objects[i].timestamp <= stamp)
            effect.selector = replace(effect.selector, test=_only(older, effect.selector.test))
    return found


def _only(ids: frozenset[ObjectId], test: Callable[..., bool]) -> Callable[..., bool]:
    return lambda context, candidate: candidate.id in ids and test(context, candidate)


def _functions_everywhere(self: StaticAbility, zone: Zone) -> bool:
    return True


_original_create = continuous.create


def _unlocked_variables(game: Game, text: str, parts: Sequence[Any] = (), affects: Any = (), duration: Any = None,
                        **options: Any) -> Any:
    return _original_create(game, text, [replace(p, lock=None) for p in parts], affects, duration, **options)


_original_put_onto_battlefield = zones.put_onto_battlefield


def _is_applies_late(game: Game, card: Any, controller: Any = None, *, effects: Sequence[Any] = (),
                     **options: Any) -> Any:
    permanent = _original_put_onto_battlefield(game, card, controller, **options)
    for text, parts in effects:
        if permanent is not None:
            continuous.create(game, text, parts, [permanent.id])
    return permanent


def _statics_keep_object_timestamp(evaluation: Any, layer: Layer) -> list[Any]:
    found = _original_static_effects(evaluation, layer)
    for effect in found:
        if effect.source is not None:
            effect.timestamp = evaluation.states[effect.source].timestamp
    return found


def _stamp_with_source(game: Game, text: str, parts: Sequence[Any] = (), affects: Any = (), duration: Any = None,
                       **options: Any) -> Any:
    effect = _original_create(game, text, parts, affects, duration, **options)
    source = options.get("source")
    if effect is not None and source is not None and source in game.objects:
        effect.timestamp = game.objects[source].timestamp
    return effect


_original_put_counters = counters.put


def _counters_keep_first_timestamp(game: Game, target: Any, kind: str, count: int = 1) -> int:
    holder = game.players[target] if isinstance(target, str) else target
    pile = holder.counters.get(kind)
    old = pile.timestamp if pile is not None else None
    put = _original_put_counters(game, target, kind, count)
    if old is not None:
        holder.counters[kind].timestamp = old
        game.touch()
    return put


_original_attach = attach.attach


def _attach_without_timestamp(game: Game, attachment: GameObject, target: Any) -> bool:
    stamp = attachment.timestamp
    moved = _original_attach(game, attachment, target)
    attachment.timestamp = stamp
    return moved


def _reattach_restamps(game: Game, attachment: GameObject, target: Any) -> bool:
    if attachment.attached_to == target:
        timestamps.stamp(game, attachment)
        return True
    return _original_attach(game, attachment, target)


_original_turn_face_up = facedown.turn_face_up


def _turn_up_without_timestamp(game: Game, obj: GameObject, *, megamorph_paid: bool = False, x: int = 0) -> bool:
    stamp = obj.timestamp
    turned = _original_turn_face_up(game, obj, megamorph_paid=megamorph_paid, x=x)
    obj.timestamp = stamp
    return turned


def _megamorph_counter_always(game: Game, obj: GameObject, *, megamorph_paid: bool = False, x: int = 0) -> bool:
    return _original_turn_face_up(game, obj, megamorph_paid=True, x=x)


def _turned_face_up_enters(game: Game, obj: GameObject, *, megamorph_paid: bool = False, x: int = 0) -> bool:
    seen = game.views()
    turned = _original_turn_face_up(game, obj, megamorph_paid=megamorph_paid, x=x)
    game.emit(ZoneChanged(obj.id, obj.id, None, Zone.BATTLEFIELD, seen[obj.id], Cause.EFFECT, seen))
    return turned


_original_transform = transform.transform


def _transform_without_timestamp(game: Game, permanent: GameObject) -> bool:
    stamp = permanent.timestamp
    done = _original_transform(game, permanent)
    permanent.timestamp = stamp
    return done


def _command_card_keeps_timestamp(game: Game, card: GameObject) -> None:
    card.face_down = None
    game.emit()


def _no_start_timestamps(game: Game) -> None:
    game.emit()


def _stamp_without_stickers(game: Game, obj: GameObject) -> None:
    obj.timestamp = game.tick()


def _stamp_in_given_order(game: Game, objects: Sequence[GameObject]) -> None:
    for obj in objects:
        timestamps.stamp(game, obj)


def _stay_in_combat(game: Game, object_id: ObjectId, **roles: bool) -> None:
    obj = game.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        state = game.combat
        if state is not None:
            state.attackers.pop(object_id, None)
            state.blockers.pop(object_id, None)


def _phasing_is_a_zone_change(game: Game, objects: Iterable[GameObject]) -> None:
    going = list(objects)
    seen = game.views()
    _original_phase_out(game, going)
    game.emit(*(ZoneChanged(o.id, o.id, Zone.BATTLEFIELD, Zone.EXILE, seen[o.id], Cause.EFFECT, seen) for o in going))


def _phasing_in_enters(game: Game, objects: Iterable[GameObject]) -> None:
    coming = list(objects)
    _original_phase_in(game, coming)
    game.emit(*(ZoneChanged(o.id, o.id, Zone.EXILE, Zone.BATTLEFIELD, None, Cause.EFFECT, game.views())
                for o in coming))


_original_check = sba.check


def _phased_out_tokens_cease(game: Game) -> bool:
    gone = [o for o in game.objects.values() if o.is_token and o.phased_out]
    for token in gone:
        del game.objects[token.id]
    game.touch()
    return _original_check(game) or bool(gone)


_original_cost_change = rules.cost_change


def _no_increase_face_down(game: Game, player: PlayerId, spell: Any) -> int:
    return 0 if spell.face_down else _original_cost_change(game, player, spell)


def _anything_face_down(card: Any, how: Any) -> bool:
    return True


def _never_revealed(game: Game, obj: GameObject, to: Zone) -> None:
    return None


_original_move_all = zones.move_all


def _effects_end_with_source(game: Game, objects: Sequence[GameObject], to: Zone, **options: Any) -> Any:
    gone = {o.id for o in objects}
    moved = _original_move_all(game, objects, to, **options)
    for effect in game.effects:
        if effect.source in gone:
            effect.ended = True
    game.touch()
    return moved


def _everything_ends_at_cleanup(game: Game) -> None:
    _original_end_of_turn(game)
    for effect in game.effects:
        effect.ended = True
    game.touch()


def _as_long_as_starts_anyway(game: Game, text: str, parts: Sequence[Any] = (), affects: Any = (),
                              duration: Any = None, **options: Any) -> Any:
    effect = _original_create(game, text, parts, affects, None, **options)
    if effect is not None and duration is not None:
        effect.duration = durations.Indefinite() if isinstance(duration, durations.ForAsLongAs) else duration
    return effect


def _next_spell_is_any_spell(game: Game, spell: GameObject, player: PlayerId) -> None:
    for waiting in list(game.waiting_effects):
        if waiting.player == player:
            game.waiting_effects.remove(waiting)
            continuous.create(game, waiting.text, waiting.parts, [spell.id], waiting.duration, controller=player)
            return


_original_grant = casting._grant


def _grant_ends_with_source(game: Game, found: Any, spell_id: int) -> None:
    change = found.change
    if change.grants and found.source is not None:
        from kb.engine.parts import gain

        continuous.create(game, change.text, [gain(*change.grants)], [spell_id],
                          durations.while_on_battlefield(found.source), source=found.source)


def _cda_not_first(self: Layer) -> bool:
    return False


def _apnap_reversed(game: Game) -> bool:
    if not game.pending:
        return False
    pending, game.pending = game.pending, []
    for player in reversed(game.apnap()):
        for item in [p for p in pending if p.controller == player]:
            stack.put_triggered(game, item)
    return True


def _order_unasked(game: Game) -> bool:
    if not game.pending:
        return False
    pending, game.pending = game.pending, []
    for player in game.apnap():
        for item in [p for p in pending if p.controller == player]:
            stack.put_triggered(game, item)
    return True


_original_delayed = triggers._delayed


def _delayed_repeat(game: Game, event: Any, after: Any) -> None:
    for delayed in game.delayed:
        delayed.once = False
    _original_delayed(game, event, after)


def _state_triggers_retrigger(game: Game) -> None:
    from kb.engine.context import Context
    from kb.engine.triggers import Pending

    existing = phasing.existing_views(game.views())
    for view in existing.values():
        for ability in keyword_abilities.triggered(view):
            if ability.trigger.state is not None and view.zone in ability.zones \
                    and ability.trigger.state.holds(Context(game, existing, view, view.controller)) \
                    and not any(p.source_id == view.id for p in game.pending):
                game.pending.append(Pending(ability, view.id, view, view.controller, None))


def _intervening_if_not_rechecked(game: Game, item: Any) -> bool:
    return True


_original_arrive = zones._arrive
_original_entered = zones._entered


def _arrive_untapped(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    new = _original_arrive(game, obj, final, seen)
    if final.to_zone is Zone.BATTLEFIELD:
        new.tapped = False
    return new


def _tapped_after_entering(game: Game, new: GameObject, final: Any) -> list[Any]:
    events = _original_entered(game, new, final)
    if final.tapped:
        new.tapped = True
        events.append(Tapped(new.id))
    return events


_original_apply = replacement._apply


def _unpreventable_meets_shields(option: Any, proposed: Any) -> Any:
    if isinstance(proposed, replacement.Damage) and not proposed.preventable:
        return option.replacement.replace(option.context, replace(proposed, preventable=True))
    return _original_apply(option, proposed)


_original_damage_step = combat.damage_step


def _one_damage_step(game: Game) -> None:
    state = combat.combat(game)
    state.first_strike_step = False
    state.had_first_strike = set()
    _original_damage_step(game)


def _never_tramples(view: Any) -> bool:
    return False


def _never_sick(game: Game, obj: GameObject, view: Any) -> bool:
    return False


def _never_taps(view: Any) -> bool:
    return False


def _no_state_based_actions(game: Game) -> bool:
    return triggers.put_on_stack(game)


def _never_restored(self: Game, checkpoint: Any) -> None:
    return None


def _any_time(game: Game, player: PlayerId) -> bool:
    return True


def _unlimited_lands(game: Game, player: PlayerId) -> int:
    return 99


_original_mana_ability = activating._mana_ability


def _mana_ability_on_the_stack(game: Game, player: PlayerId, obj: GameObject, ability: Any) -> None:
    from kb.engine import payment

    payment.pay(game, player, ability.cost, obj)
    stack.push(game, stack.StackObject(game.allocate_id(), player, ability.text, None, None, obj.id,
                                       game.view(obj.id)))


def _targets_not_rechecked(game: Game, item: Any) -> Any:
    return item.targets


def _always_counterable(game: Game, item: Any) -> bool:
    return True


def _first_turn_draws() -> Any:
    from kb.engine import actions

    def draw_one(game: Game) -> None:
        actions.draw(game, game.active)

    draw = turn.TurnBasedAction("504.1", "draw a card", draw_one)
    return {**turn.TURN_BASED_ACTIONS, turn.Step.DRAW: (draw,)}


_original_attack_restriction = combat.attack_restriction


def _can_beats_cant(game: Game, obj: GameObject, view: Any) -> str | None:
    if rules.applies_to(game, rules.CanAttackAsThoughHaste, view):
        return None
    return _original_attack_restriction(game, obj, view)


def _no_cleanup_priority(game: Game) -> bool:
    return False


def _extra_turns_ignored(game: Game) -> PlayerId:
    order = game.turn_order
    index = order.index(game.active)
    return next(order[(index + i) % len(order)] for i in range(1, len(order) + 1)
                if not game.players[order[(index + i) % len(order)]].left)


def _one_pass_is_enough(game: Game) -> bool:
    return True


def _any_hand(card: GameObject, player: PlayerId) -> bool:
    return card.zone is Zone.HAND


def _anyone_activates(player: PlayerId, view: Any) -> bool:
    return True


def _everything_looks_back(trigger: Any) -> str:
    return "603.10a"


def _moves_not_replaced(game: Game, proposed: Any, own: Any = ()) -> Any:
    return proposed if isinstance(proposed, replacement.Move) else replacement.replace(game, proposed, own)


def _never_indestructible(view: Any) -> bool:
    return False


def _judged_face_up(game: Game, card: GameObject, player: PlayerId, face_down: Any) -> Any:
    return _original_as_spell(game, card, player, None)


_original_as_spell = casting.as_spell


def _instants_turn_face_up(obj: GameObject) -> bool:
    return True


_original_manifest_dread = facedown.manifest_dread


def _dread_keeps_the_rest(game: Game, player: PlayerId) -> GameObject | None:
    library = game.players[player].library
    looked = [game.objects[i] for i in library[-2:]][::-1]
    if not looked:
        return None
    from kb.engine.choices import Choice, ChoiceKind

    chosen = looked[0] if len(looked) == 1 else game.choices.ask(Choice(
        ChoiceKind.OBJECT, player, "which card to manifest (manifest dread)", tuple(looked)))
    assert isinstance(chosen, GameObject)
    return facedown.manifest(game, player, chosen)


def _no_exceptions(values: Any, changes: Any) -> Any:
    return values


def _face_down_enters_with_its_abilities(view: Any, move: Any, arriving: Any = None) -> Any:
    if move.copy_of is not None:
        return move.copy_of.normal.abilities
    return view.abilities if move.face_down is not None or arriving is None else arriving.abilities


_original_as_if_face_up = facedown.as_if_face_up


def _face_up_as_printed(game: Game, obj: GameObject) -> Any:
    return replace(_original_as_if_face_up(game, obj), characteristics=obj.printed)


HANDWRITTEN: tuple[Mutant, ...] = (
    Mutant("no-cleanup-priority", "514.3a", "nobody gets priority in a cleanup step, whatever happened",
           ((turn, "cleanup_needs_priority", _no_cleanup_priority),)),
    Mutant("extra-turns-ignored", "500.7", "extra turns are never taken", ((turn, "next_active", _extra_turns_ignored),)),
    Mutant("one-pass-resolves", "117.4", "the top of the stack resolves when one player passes",
           ((priority, "all_passed", _one_pass_is_enough),)),
    Mutant("cast-from-any-hand", "601.3", "a player may cast cards from any player's hand",
           ((casting, "from_own_hand", _any_hand),)),
    Mutant("anyone-activates", "602.2", "any player may activate any object's abilities",
           ((activating, "may_activate", _anyone_activates),)),
    Mutant("everything-looks-back", "603.6c", "every trigger looks back in time, even 'from anywhere' ones",
           ((triggers, "looks_back", _everything_looks_back),)),
    Mutant("moves-not-replaced", "614.1a", "replacement effects don't change where an object goes",
           ((zones, "replace", _moves_not_replaced),)),
    Mutant("nothing-indestructible", "702.12b", "indestructible doesn't stop destruction",
           ((zones, "indestructible", _never_indestructible),)),
    Mutant("permission-judged-face-up", "601.3e", "whether a face-down spell may be cast is judged face up",
           ((casting, "as_spell", _judged_face_up),)),
    Mutant("manifested-instants-turn-face-up", "701.40g", "a manifested instant can be turned face up",
           ((facedown, "can_turn_face_up", _instants_turn_face_up),)),
    Mutant("dread-keeps-the-rest", "701.62a", "manifest dread leaves the other card in the library",
           ((facedown, "manifest_dread", _dread_keeps_the_rest),)),
    Mutant("ignore-dependencies", "613.8a", "layers apply in timestamp order, ignoring dependencies",
           ((dependency, "next_effect", _timestamp_order),)),
    Mutant("reverse-timestamps", "613.7", "effects in a layer apply in reverse timestamp order",
           ((dependency, "next_effect", _reverse_timestamp_order),)),
    Mutant("affected-set-per-layer", "613.6", "a static ability's affected set is chosen again in each layer",
           ((layers, "affected_set", _affected_set_per_layer),)),
    Mutant("statics-after-layer-6", "613.6", "an ability removed in layer 6 also undoes what it did in earlier "
           "layers (the effects are collected again after the abilities are known)",
           ((layers, "evaluate", _statics_after_layer_6),)),
    Mutant("resolved-sets-not-fixed", "611.2c", "a resolved effect's affected set is looked at again",
           ((layers, "start", _resolved_sets_follow_their_filter),)),
    Mutant("cda-not-first", "613.3", "characteristic-defining abilities don't apply first in their layer",
           ((Layer, "cda_first", property(_cda_not_first)),)),
    Mutant("forget-look-back", "603.10", "no trigger looks back in time",
           ((triggers, "looks_back", _never_looks_back),)),
    Mutant("state-based-actions-one-at-a-time", "704.3", "state-based actions are performed one rule at a time",
           ((sba, "perform", _one_state_based_action_at_a_time),)),
    Mutant("replacement-applies-twice", "614.5", "a replacement effect may apply twice to one event",
           ((replacement, "may_apply", _applies_twice),)),
    Mutant("self-replacement-last", "614.15", "self-replacement effects apply after the others",
           ((replacement, "rank", _self_replacement_last),)),
    Mutant("replacement-order-unasked", "616.1", "the engine picks the order of replacement effects itself",
           ((replacement, "_choose", _first_replacement_unasked),)),
    Mutant("enters-tapped-afterwards", "614.1c", "a permanent that enters tapped is tapped after it enters",
           ((zones, "_arrive", _arrive_untapped), (zones, "_entered", _tapped_after_entering))),
    Mutant("unpreventable-meets-shields", "615.12", "prevention effects prevent damage that can't be prevented",
           ((replacement, "_apply", _unpreventable_meets_shields),)),
    Mutant("apnap-reversed", "603.3b", "the nonactive player's triggered abilities go on the stack first",
           ((triggers, "put_on_stack", _apnap_reversed),)),
    Mutant("trigger-order-unasked", "603.3b", "the engine orders a player's triggered abilities itself",
           ((triggers, "put_on_stack", _order_unasked),)),
    Mutant("delayed-triggers-repeat", "603.7b", "a delayed triggered ability triggers every time",
           ((triggers, "_delayed", _delayed_repeat),)),
    Mutant("state-triggers-retrigger", "603.8", "a state trigger triggers again while it is on the stack",
           ((triggers, "check_state_triggers", _state_triggers_retrigger),)),
    Mutant("intervening-if-not-rechecked", "603.4", "an intervening 'if' isn't checked as the ability resolves",
           ((stack, "intervening_if_holds", _intervening_if_not_rechecked),)),
    Mutant("phased-out-exists", "702.26b", "phased-out permanents are counted as existing",
           ((phasing, "exists", _always_exists),)),
    Mutant("no-indirect-phasing", "702.26g", "Auras and Equipment don't phase out with their permanent",
           ((phasing, "indirectly_phasing", _no_indirect_phasing),)),
    Mutant("face-down-keeps-name", "708.2", "a face-down spell or permanent keeps its name",
           ((layers, "face_down_values", _face_down_keeps_name),)),
    Mutant("face-up-uses-stack", "702.37e", "turning a permanent face up uses the stack",
           ((facedown, "turn_face_up_special_action", _turn_face_up_on_the_stack),)),
    Mutant("untap-before-phasing", "502.1", "permanents untap before phasing happens",
           ((turn, "TURN_BASED_ACTIONS", _untap_before_phasing()),)),
    Mutant("skips-ignored", "614.10", "skipped steps happen anyway", ((turn, "replace", _skips_ignored),)),
    Mutant("phasing-new-timestamp", "613.7d", "phasing in gives a new timestamp",
           ((phasing, "phase_in", _phase_in_with_new_timestamps),)),
    Mutant("phasing-reattaches", "702.26j", "phasing in counts as becoming attached",
           ((phasing, "phase_in", _phase_in_reattaching),)),
    Mutant("always-returns-attached", "702.26i", "a directly phased-out Aura always returns attached",
           ((phasing, "still_there", _always_still_there),)),
    Mutant("never-returns-attached", "702.26i", "a directly phased-out Aura always returns unattached",
           ((phasing, "still_there", _never_still_there),)),
    Mutant("no-702.26n", "702.26n", "what phased out under a leaving player waits for its controller",
           ((phasing, "await_turn_of", _never_await),)),
    Mutant("phasing-per-instance", "702.26p", "each instance of phasing phases the permanent",
           ((phasing, "untap_step_phasing", _phase_per_instance),)),
    Mutant("durations-pause", "702.26f", "until-end-of-turn effects on phased-out permanents don't end",
           ((durations, "end_of_turn", _durations_pause_while_phased_out),)),
    Mutant("as-long-as-keeps-track", "702.26f", "a for-as-long-as duration keeps track through phasing",
           ((durations, "on_battlefield", _on_battlefield_through_phasing),)),
    Mutant("statics-locked-in", "611.3a", "static abilities affect only what was there when they began",
           ((layers, "static_effects", _statics_locked_in),)),
    Mutant("statics-in-any-zone", "611.3b", "static abilities function in every zone",
           ((StaticAbility, "functions_in", _functions_everywhere),)),
    Mutant("variables-not-locked", "611.2d", "X in a resolved effect is counted again and again",
           ((continuous, "create", _unlocked_variables),)),
    Mutant("is-applies-late", "611.2e", "'is' effects apply only after the permanent has entered",
           ((zones, "put_onto_battlefield", _is_applies_late),)),
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
           ((facedown, "turn_face_up", _turn_up_without_timestamp),)),
    Mutant("megamorph-counter-always", "702.37b", "megamorph puts its counter however it turns face up",
           ((facedown, "turn_face_up", _megamorph_counter_always),)),
    Mutant("face-up-enters", "702.37e", "turning face up counts as entering the battlefield",
           ((facedown, "turn_face_up", _turned_face_up_enters),)),
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
    Mutant("stays-in-combat", "506.4", "a creature that phases out or changes controller stays in combat",
           ((combat, "remove_from_combat", _stay_in_combat),)),
    Mutant("phasing-is-a-zone-change", "702.26d", "phasing out and in count as leaving and entering",
           ((phasing, "phase_out", _phasing_is_a_zone_change), (phasing, "phase_in", _phasing_in_enters))),
    Mutant("phased-out-tokens-cease", "702.26d", "a phased-out token ceases to exist (the old rule)",
           ((sba, "check", _phased_out_tokens_cease),)),
    Mutant("no-increase-face-down", "702.37c", "cost increases don't apply to the {3} of a face-down spell",
           ((rules, "cost_change", _no_increase_face_down),)),
    Mutant("anything-face-down", "702.37d", "any card can be cast face down",
           ((facedown, "can_be_cast_face_down", _anything_face_down),)),
    Mutant("no-reveal", "708.9", "face-down cards leave without being revealed",
           ((facedown, "reveal_on_leaving", _never_revealed),)),
    Mutant("effects-end-with-source", "611.2", "a resolved spell's effects end when it leaves the stack",
           ((zones, "move_all", _effects_end_with_source),)),
    Mutant("everything-ends-at-cleanup", "611.2a", "effects with no duration end at end of turn too",
           ((durations, "end_of_turn", _everything_ends_at_cleanup),)),
    Mutant("as-long-as-starts-anyway", "611.2b", "a for-as-long-as effect begins although it is over",
           ((continuous, "create", _as_long_as_starts_anyway),)),
    Mutant("next-spell-is-any-spell", "611.2f", "an effect on the next spell of a kind takes any spell",
           ((casting, "begin_waiting_effects", _next_spell_is_any_spell),)),
    Mutant("grant-ends-with-source", "611.3d", "what a cast permission grants ends with its source",
           ((casting, "_grant", _grant_ends_with_source),)),
    Mutant("one-combat-damage-step", "510.4", "first and double strike get no combat damage step of their own",
           ((combat, "damage_step", _one_damage_step),)),
    Mutant("no-trample", "702.19b", "trample doesn't let excess damage through",
           ((combat, "tramples", _never_tramples),)),
    Mutant("no-summoning-sickness", "302.6", "creatures can attack and tap as soon as they arrive",
           ((activating, "summoning_sick", _never_sick),)),
    Mutant("attackers-dont-tap", "508.1f", "declaring a creature as an attacker doesn't tap it",
           ((combat, "taps_to_attack", _never_taps),)),
    Mutant("can-beats-cant", "101.2", "an effect saying a creature can attack beats one saying it can't",
           ((combat, "attack_restriction", _can_beats_cant),)),
    Mutant("no-state-based-actions", "117.5", "nothing is checked before a player receives priority",
           ((sba, "check", _no_state_based_actions),)),
    Mutant("illegal-actions-stay", "732.1", "an illegal cast or activation is not undone",
           ((Game, "restore", _never_restored),)),
    Mutant("sorcery-any-time", "307.1", "sorcery-speed spells and abilities can be used at any time",
           ((casting, "sorcery_timing", _any_time),)),
    Mutant("unlimited-lands", "305.2", "a player may play any number of lands",
           ((rules, "lands_per_turn", _unlimited_lands),)),
    Mutant("mana-abilities-use-the-stack", "605.3b", "mana abilities go on the stack",
           ((activating, "_mana_ability", _mana_ability_on_the_stack),)),
    Mutant("targets-not-rechecked", "608.2b", "targets aren't checked again as a spell resolves",
           ((stack, "legal_targets", _targets_not_rechecked),)),
    Mutant("cant-be-countered-ignored", "701.6b", "'can't be countered' does nothing",
           ((stack, "can_be_countered", _always_counterable),)),
    Mutant("first-turn-draws", "103.8a", "the starting player draws in their first draw step",
           ((turn, "TURN_BASED_ACTIONS", _first_turn_draws()),)),
    Mutant("face-up-cost-as-printed", "702.37e", "the morph cost to turn a permanent face up is read from the "
           "printed card, not from what it would be face up", ((facedown, "as_if_face_up", _face_up_as_printed),)),
    Mutant("face-down-enters-with-its-abilities", "708.3", "a card put onto the battlefield face down still has "
           "its own 'enters tapped / with counters / as a copy'", ((replacement, "entering_abilities",
                                                                   _face_down_enters_with_its_abilities),)),
    Mutant("copy-exceptions-ignored", "707.9b", "a copy effect's exceptions are left out of the copiable values",
           ((copies, "with_exceptions", _no_exceptions),)),
)


def generated() -> list[Mutant]:
    return _sba_mutants() + _turn_based_mutants() + _layer_mutants() + _keyword_mutants() + _look_back_mutants()


def _collected_modules() -> list[Any]:
    """Modules of hand-written mutants kept beside this one, one per area of the rules
    (``kb/checks/mutants_<area>.py``): each has a ``MUTANTS`` tuple and may have ``TABLES`` (more
    keyword tables, as in :data:`KEYWORD_TABLES`, each entry of which gets a generated mutant)."""
    import importlib
    import pkgutil

    import kb.checks

    return [importlib.import_module(f"kb.checks.{info.name}")
            for info in sorted(pkgutil.iter_modules(kb.checks.__path__), key=lambda m: m.name)
            if info.name.startswith("mutants_")]


_COLLECTED = _collected_modules()
KEYWORD_TABLES += tuple(table for module in _COLLECTED for table in getattr(module, "TABLES", ()))


def collected() -> tuple[Mutant, ...]:
    """The hand-written mutants of the ``mutants_<area>`` modules."""
    return tuple(m for module in _COLLECTED for m in module.MUTANTS)


MUTANTS: tuple[Mutant, ...] = tuple(generated()) + HANDWRITTEN + collected()


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
    """Ids of the checks that failed with the mutant applied (only the first, for a run that stops early)."""


def _relevance(mutant: Mutant, check: Check) -> int:
    """Checks citing the mutant's rule first, then its parent rule's, then the rest."""
    rule = RuleNumber.parse(mutant.rule)
    if any(r == rule or rule.is_ancestor_of(r) for r in check.rules):
        return 0
    parent = rule.parent
    if parent is not None and any(r == parent or parent.is_ancestor_of(r) for r in check.rules):
        return 1
    return 2


def run_mutants(checks: list[Check], mutants: Iterable[Mutant] = MUTANTS, *, first_only: bool = False
                ) -> list[MutantRun]:
    """Run ``checks`` under each mutant.  With ``first_only``, stop at the first broken check (the
    checks citing the mutant's rule are tried first)."""
    runs = []
    for mutant in mutants:
        ordered = sorted(checks, key=lambda c: _relevance(mutant, c)) if first_only else checks
        broken: list[str] = []
        with applied(mutant), runner.many():
            for check in ordered:
                if not runner.run(check).passed:
                    broken.append(check.id)
                    if first_only:
                        break
        runs.append(MutantRun(mutant, tuple(broken)))
    return runs


def breaker_of(check: Check, mutants: Sequence[Mutant] = MUTANTS) -> Mutant | None:
    """A mutant that breaks ``check`` (the ones for the rules it cites tried first), or None."""
    for mutant in sorted(mutants, key=lambda m: _relevance(m, check)):
        with applied(mutant):
            if not runner.run(check).passed:
                return mutant
    return None


@dataclass(frozen=True)
class Audit:
    """Both directions at once: the first check each mutant breaks, and for every check a mutant
    that breaks it (None: no mutant does)."""

    runs: tuple[MutantRun, ...]
    breakers: dict[str, str | None]
    """Check id → name of a mutant that breaks it."""

    @property
    def unbroken_checks(self) -> list[str]:
        return [check_id for check_id, mutant in self.breakers.items() if mutant is None]


def audit(checks: list[Check], mutants: Sequence[Mutant] = MUTANTS) -> Audit:
    """Every mutant run until its first broken check, then a breaker searched for each check no
    run broke: fast enough for the test suite (each check runs in-process)."""
    runs = run_mutants(checks, mutants, first_only=True)
    breakers: dict[str, str | None] = {c.id: None for c in checks}
    for run in runs:
        for check_id in run.broken:
            breakers[check_id] = run.mutant.name
    for check in checks:
        if breakers[check.id] is None:
            found = breaker_of(check, mutants)
            breakers[check.id] = found.name if found is not None else None
    return Audit(tuple(runs), breakers)


def unbroken(checks: list[Check], runs: list[MutantRun]) -> list[Check]:
    """Checks that no mutant broke in ``runs`` (complete runs: ``first_only`` False)."""
    broken = {check_id for run in runs for check_id in run.broken}
    return [c for c in checks if c.id not in broken]


__all__ = ["MUTANTS", "Audit", "CounterPile", "Mutant", "MutantRun", "applied", "audit", "breaker_of", "mutants_for",
           "run_mutants", "unbroken"]
