"""Mutants for chapters 601-616 and 704: each breaks one rule of casting, triggering,
resolving, effects, replacement and state-based actions on purpose (collected by
:func:`kb.checks.mutants.collected`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from kb.checks.mutants import Mutant
from kb.engine import (
    abilities,
    actions,
    activating,
    casting,
    characteristics,
    continuous,
    damage,
    history,
    instructions,
    loyalty,
    one_shot,
    payment,
    prevention,
    regeneration,
    replacement,
    sba,
    selectors,
    spell_copies,
    stack,
    targets,
    text_changes,
    triggers,
    zones,
)
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.game import Game

T = TypeVar("T")

_original_delayed = triggers._delayed


def _delayed_sees_the_past(game: Game, event: Any, after: Any) -> None:
    """A delayed triggered ability that also triggers on events before it was created."""
    for delayed in list(game.delayed):
        if getattr(delayed, "looked_back", False):
            continue
        delayed.looked_back = True  # type: ignore[attr-defined]
        kept, game.delayed = game.delayed, [delayed]
        try:
            for past in [e for e in game.log if e is not event]:
                if delayed in game.delayed:
                    _original_delayed(game, past, after)
        finally:
            game.delayed = kept if delayed in game.delayed else [d for d in kept if d is not delayed]
    _original_delayed(game, event, after)


def _sacrifice_always_offered(game: Game, player: PlayerId, what: Any, prompt: str, *, source: Any = None) -> Any:
    from kb.engine import zones
    from kb.engine.choices import Choice, ChoiceKind

    if not game.choices.ask(Choice(ChoiceKind.MAY, player, prompt, (True, False))):
        return None
    candidates = instructions.sacrificeable(game, player, what, source)
    return zones.sacrifice(game, player, candidates[:1])[0] if candidates else None


def _apnap_only(game: Game, controller: PlayerId, items: Sequence[T], owner_of: Callable[[T], PlayerId],
                prompt: str) -> list[T]:
    return [i for p in game.apnap() for i in items if owner_of(i) == p]


def _exact_colors(wanted: Any, candidate: Any) -> bool:
    return not wanted or wanted == candidate.colors


_original_discard_cards = instructions.discard_cards
_original_mill = instructions.mill


def _discard_all_or_nothing(game: Game, player: PlayerId, count: int) -> list[Any]:
    return [] if len(game.hand(player)) < count else _original_discard_cards(game, player, count)


def _mill_all_or_nothing(game: Game, player: PlayerId, count: int) -> list[Any]:
    return [] if len(game.players[player].library) < count else _original_mill(game, player, count)


def _phyrexian_always_mana(game: Game, player: PlayerId, cost: Any, spent_on: object = None) -> tuple[Any, int]:
    return cost.paying_life_for(()), 0


def _x_is_zero_everywhere(cost: Any, zone: Any, x: int) -> int:
    return 0 if cost is None else int(cost.mana_value)


_original_pay_mana = payment.pay_mana


def _partial_payment(game: Game, player: PlayerId, cost: Any, spent_on: object = None) -> None:
    from kb.engine.mana import ways_to_pay

    if ways_to_pay(game.players[player].mana.mana, cost.paying_life_for(())):
        _original_pay_mana(game, player, cost, spent_on)


_original_resolve_top = stack.resolve_top


def _cost_change_reaches_the_stack(game: Game) -> None:
    """A cost increase that arrives while a spell waits on the stack must be paid as it resolves."""
    from kb.engine import rules

    item = game.stack[-1]
    if item.spell is not None and item.spell in game.objects:
        extra = rules.cost_change(game, item.controller, game.view(item.spell))
        pool = game.players[item.controller].mana
        if extra > pool.total:
            stack.counter(game, item)
            return
    _original_resolve_top(game)


def _shields_follow_the_filter(resolution: Any, which: Any, amount: int, duration: Any, text: str) -> list[Any]:
    """One effect that shields whatever fits when the damage comes, instead of a shield for each
    object that fitted as it resolved."""
    from dataclasses import replace as with_changes

    from kb.engine.replacement import Damage, Replacement

    used: dict[Any, int] = {}

    def applies(context: Any, damage: Any) -> bool:
        game = context.game
        recipient = damage.recipient
        return (isinstance(recipient, int) and recipient in game.objects and used.get(recipient, 0) < amount
                and which.matches(resolution.context(), game.view(recipient)))

    def prevent(context: Any, damage: Any) -> Any:
        spent = min(amount - used.get(damage.recipient, 0), damage.amount)
        used[damage.recipient] = used.get(damage.recipient, 0) + spent
        return with_changes(damage, amount=damage.amount - spent)

    resolution.create_effect(text, replacements=[Replacement(text, Damage, applies, prevent, prevention=True,
                                                             pure=False)], duration=duration)
    return []


_original_collect = triggers.collect


def _state_triggers_only_at_priority(game: Game, events: Any) -> None:
    saved = triggers.check_state_triggers
    triggers.check_state_triggers = lambda g: None  # type: ignore[assignment]
    try:
        _original_collect(game, events)
    finally:
        triggers.check_state_triggers = saved


def _no_reflexive(game: Game, text: str, effect: Any, controller: PlayerId, **options: Any) -> None:
    return None


def _win_does_nothing(game: Game, player: PlayerId) -> None:
    return None


def _carry_out_nothing(game: Game, final: Any) -> None:
    return None


_original_replace_losing = actions.replace_losing


def _a_loss_per_reason(game: Game, players: Any, reason: str = "") -> tuple[list[PlayerId], list[Any]]:
    losers: list[PlayerId] = []
    instead: list[Any] = []
    for part in reason.split("; "):
        found, done = _original_replace_losing(game, players, part)
        losers += [p for p in found if p not in losers]
        instead += done
    return losers, instead


_original_perform = sba.perform
_original_move_all = zones.move_all


def _lki_after_the_counters(game: Game, found: Any) -> None:
    def move_all(*args: Any, **options: Any) -> Any:
        options.pop("seen", None)
        return _original_move_all(*args, **options)

    zones.move_all = move_all
    try:
        _original_perform(game, found)
    finally:
        zones.move_all = _original_move_all


def _as_it_is_now(game: Game, move: Any) -> Any:
    obj = game.objects.get(move.object_id)
    return game.views()[obj.id] if obj is not None else None


def _anything_may_enter(game: Game, move: Any) -> bool:
    return True


def _together_may_be_chosen(move: Any, object_id: Any) -> bool:
    return bool(object_id != move.object_id)


_original_after_events = one_shot.after_events


def _returns_one_at_a_time(game: Game, events: Any) -> None:
    from kb.engine.basics import Zone

    due = [u for u in game.untils if isinstance(u, one_shot.UntilReturn)
           and any(one_shot.left(e, u.watched) for e in events)] if events else []
    if not due:
        return
    game.untils = [u for u in game.untils if u not in due]
    for u in due:
        if u.object_id in game.objects and game.objects[u.object_id].zone is u.zone:
            zones.move_all(game, [game.objects[u.object_id]], Zone.BATTLEFIELD)


_original_exile_until = one_shot.exile_until_leaves


def _exiled_even_after_it_left(game: Game, targets: Any, watched: Any) -> Any:
    from kb.engine.basics import Zone

    host = game.objects.get(watched)
    if host is None or host.zone is not Zone.BATTLEFIELD:
        return [m.id for m in zones.move_all(game, [game.objects[t] for t in targets if t in game.objects],
                                             Zone.EXILE) if m is not None]
    return _original_exile_until(game, targets, watched)


def _only_fixed_mana_abilities(self: Any) -> bool:
    return isinstance(self.mana, str) and self.cost.loyalty is None


def _triggered_mana_waits(game: Game) -> None:
    return None


_original_cast = casting.cast


def _mana_spells_resolve_at_once(game: Game, player: PlayerId, card: Any, **options: Any) -> int:
    spell = _original_cast(game, player, card, **options)
    text = card.card.spell.text if card.card.spell is not None else ""
    if text.startswith("Add ") and game.stack and game.stack[-1].spell == spell:
        stack.resolve_top(game)
    return spell


def _printed_loyalty_cost(game: Game, player: PlayerId, view: Any, ability: Any) -> int:
    return int(ability.cost.loyalty)


def _never_activated_this_turn(game: Game, obj: Any, view: Any) -> bool:
    return False


_original_loyalty_check = loyalty.check


def _negative_loyalty_unchecked(game: Game, player: PlayerId, obj: Any, view: Any, ability: Any) -> int:
    cost = loyalty.total_cost(game, player, view, ability)
    if cost < 0:
        saved = obj.counters.get("loyalty")
        from kb.engine.objects import CounterPile

        obj.counters["loyalty"] = CounterPile(99, 0)
        try:
            return _original_loyalty_check(game, player, obj, view, ability)
        finally:
            if saved is None:
                del obj.counters["loyalty"]
            else:
                obj.counters["loyalty"] = saved
    return _original_loyalty_check(game, player, obj, view, ability)


def _still_creatures(game: Game, player: PlayerId) -> frozenset[Any]:
    from kb.engine.events import AttackersDeclared, TurnBegan

    found: set[Any] = set()
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, AttackersDeclared) and event.player == player:
            found |= {i for i in event.attackers if i in game.objects and game.view(i).is_a("Creature")}
    return frozenset(found)


def _total_after_paying(game: Game, player: PlayerId, view: Any, cost: Any, additional: Any, pay_with: Any) -> None:
    from kb.engine import rules

    for source in pay_with:
        activating.activate_mana_abilities(game, player, source)
    if additional is not None:
        payment.pay(game, player, additional, None)
    fresh = game.view(view.id) if view.id in game.objects else view
    payment.pay_mana(game, player, cost.plus(rules.cost_change(game, player, fresh)))


def _same_target_twice(spec: Any, picks: Any) -> bool:
    return spec.count is None or len(picks) == spec.count


def _dropping(kind: str) -> Any:
    """Game.emit that loses the events of one kind."""
    from kb.engine import events as event_kinds

    original = Game.emit
    dropped = getattr(event_kinds, kind)

    def emit(self: Game, *events: Any) -> None:
        original(self, *(e for e in events if not isinstance(e, dropped)))

    return emit


_original_create = continuous.create


def _prevention_goes_back_in_time(game: Game, text: str, parts: Any = (), affects: Any = (), duration: Any = None,
                                  **options: Any) -> Any:
    effect = _original_create(game, text, parts, affects, duration, **options)
    for replacement_ in options.get("replacements", ()):
        if replacement_.prevention:
            for obj in game.battlefield():
                obj.damage = 0
    return effect


_original_deal = damage.deal


def _prevented_damage_triggers(game: Game, batch: Any, combat: bool = False, preventable: bool = True) -> Any:
    from kb.engine.events import DamageDealt, DamagePrevented

    start = len(game.log)
    dealt = _original_deal(game, batch, combat, preventable)
    prevented = [e for e in game.log[start:] if isinstance(e, DamagePrevented)]
    if prevented:
        game.emit(*(DamageDealt(e.source, e.recipient, e.amount, combat) for e in prevented))
    return dealt


def _state_based_actions_after_every_event(game: Game, events: Any) -> None:
    _original_collect(game, events)
    if not game.over:
        sba.check(game)


def _cant_activate_reaches_mana_abilities(change: Any, ability: Any) -> bool:
    return True


def _tapping_tapped_is_an_event(game: Game, permanents: Any) -> None:
    from kb.engine.events import Tapped

    for permanent in permanents:
        permanent.tapped = True
    game.emit(*(Tapped(p.id) for p in permanents))


def _copy_not_first(option: Any) -> int:
    rank = int(option.replacement.category)
    return 6 if rank == int(replacement.Category.COPY) else rank


def _every_zone(self: Any, context: Any, candidate: Any) -> bool:
    return bool(self.test(context, candidate))


def _found_again_after_moving(game: Game, object_id: Any, zone: Any) -> Any:
    while object_id not in game.objects and object_id in game.became:
        object_id = game.became[object_id]
    obj = game.objects.get(object_id)
    return obj if obj is not None and obj.zone is zone else None


def _choices_not_linked(game: Game, object_id: Any, key: str) -> Any:
    """Any choice of the object, or of another object with its name: choices not linked to their ability."""
    obj = game.objects.get(object_id)
    if obj is None:
        return None
    if obj.chosen:
        return next(iter(obj.chosen.values()))
    name = game.view(object_id).name
    for other in game.objects.values():
        if other.id != object_id and other.chosen and game.view(other.id).name == name:
            return next(iter(other.chosen.values()))
    return None


def _tokens_enter_unreplaced(game: Game, card: Any, controller: PlayerId, count: int = 1, *,
                             tapped: bool = False) -> list[Any]:
    """Tokens appear on the battlefield without an entering event of their own (the old model)."""
    from kb.engine import timestamps
    from kb.engine.basics import Zone
    from kb.engine.events import Cause, TokenCreated, ZoneChanged
    from kb.engine.replacement import CreateTokens

    final = replacement.replace(game, CreateTokens(card, controller, count, tapped))
    if not isinstance(final, CreateTokens):
        return []
    seen = game.views()
    made = [game._new_object(final.card, final.controller, Zone.BATTLEFIELD, final.controller)
            for _ in range(final.count)]
    if len(made) > 1:
        timestamps.stamp_together(game, made)
    game.emit(*(e for o in made for e in (TokenCreated(o.id, final.controller),
                                         ZoneChanged(None, o.id, None, Zone.BATTLEFIELD, None, Cause.EFFECT, seen))))
    return made


def _regeneration_never_applies(move: Any, permanent: Any) -> bool:
    return False


def _regeneration_ignores_cant(move: Any, permanent: Any) -> bool:
    from kb.engine.events import Cause

    return bool(move.object_id == permanent and move.cause is Cause.DESTROY)


def _every_state_based_move_is_destruction(kinds: Any) -> Any:
    from kb.engine.events import Cause

    return Cause.DESTROY


_original_change_text = text_changes.ChangeText.apply


def _reword_everything_late(kind: str, old: str, new: str) -> Any:
    """The text change applied with the abilities (layer 6), to every ability the object has then."""
    from dataclasses import dataclass

    from kb.engine.characteristics import HeldAbility
    from kb.engine.parts import Layer, LayerPart, Op

    change = text_changes.WordChange(kind, old, new)

    @dataclass(frozen=True)
    class Everything(Op):
        def apply(self, state: Any, timestamp: int) -> None:
            state.abilities = tuple(HeldAbility(text_changes.reword_ability(h.ability, change)[0], h.origin,
                                                h.since) for h in state.abilities)

    op = Everything()
    return LayerPart(Layer.ABILITY, f"text: {change}", lambda c, s: op, frozenset(), local=True, op=op)


def _names_reworded(self: Any, state: Any, timestamp: int) -> None:
    _original_change_text(self, state, timestamp)
    if state.name is not None:
        state.name = self.change.rewrite(state.name)


_original_token_reworded = text_changes.TokenMaker.reworded


def _token_names_kept(self: Any, change: Any) -> Any:
    from dataclasses import replace as with_changes

    new = _original_token_reworded(self, change)
    return with_changes(new, card=with_changes(new.card, front=with_changes(new.card.front,
                                                                             name=self.card.front.name)))


def _world_by_timestamp(check: Any, view: Any) -> int:
    return int(view.timestamp)


def _copies_stay_copies(game: Game, obj: Any) -> None:
    return None


def _controller_of_the_source(self: Any) -> PlayerId:
    """A resolving ability is controlled by whoever controls its source now."""
    source = self.item.source_id
    if self.item.spell is None and source is not None and source in self.game.objects:
        return str(self.game.view(source).controller)
    return str(self.item.controller)


_original_trigger = triggers._trigger


def _cant_activate_stops_triggers(game: Game, ability: Any, view: Any, event: Any, seen: Any, controller: Any,
                                  delayed: bool = False) -> int:
    from kb.engine import rules

    if view.id in game.objects and rules.forbids(game, rules.CantActivate, view):
        return 0
    return _original_trigger(game, ability, view, event, seen, controller, delayed)


_original_put_triggered = stack.put_triggered


def _triggers_without_targets_stay(game: Game, pending: Any) -> None:
    if game.players[pending.controller].left:
        return
    chosen = targets.choose(game, pending.ability.targets, pending.controller, pending.source, None)
    if chosen is None:
        stack.push(game, stack.StackObject(game.allocate_id(), pending.controller, pending.ability.text, None,
                                           pending.ability, pending.source_id, pending.source, pending.ability.targets,
                                           tuple(() for _ in pending.ability.targets), 0, pending.event))
        return
    _original_put_triggered(game, pending)


def _as_though_effects_dont_combine(game: Game, player: PlayerId, card: Any, **options: Any) -> int:
    from kb.engine.basics import Zone
    from kb.engine.errors import IllegalAction

    if card.zone is not Zone.HAND and not casting.sorcery_timing(game, player):
        raise IllegalAction("a permission to cast from elsewhere doesn't combine with 'as though it had flash'")
    return _original_cast(game, player, card, **options)


def _zero_damage_is_an_event(game: Game, batch: Any, combat: bool = False, preventable: bool = True) -> Any:
    from kb.engine.replacement import Damage

    dealt = _original_deal(game, batch, combat, preventable)
    extra = []
    for source, recipient, amount in batch:
        if amount <= 0:
            final = replacement.replace(game, Damage(source, recipient, 0, combat, preventable))
            if isinstance(final, Damage) and final.amount > 0:
                extra.append((source, recipient, final.amount))
    if extra:
        _original_deal(game, extra, combat, preventable)
    return dealt


_original_draw = actions.draw


def _empty_library_draws_unreplaced(game: Game, player: PlayerId, count: int = 1) -> list[ObjectId]:
    if not game.players[player].library:
        game.players[player].drew_from_empty_library = True
        return []
    return _original_draw(game, player, count)


_original_apply = replacement._apply


def _shields_never_used_up(option: Any, proposed: Any) -> Any:
    return option.replacement.replace(option.context, proposed)


def _once_per_controller(game: Game, obj: Any, ability: Any, since: int = 0) -> bool:
    from kb.engine.events import AbilityActivated, TurnBegan

    controller = game.view(obj.id).controller
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AbilityActivated) and event.source_id == obj.id and event.text == ability.text \
                and event.player == controller:
            return True
    return False


_original_pay_total_cost = casting.pay_total_cost


def _flash_rechecked_while_paying(game: Game, player: PlayerId, view: Any, cost: Any, additional: Any,
                                  pay_with: Any) -> None:
    from kb.engine.errors import IllegalAction

    _original_pay_total_cost(game, player, view, cost, additional, pay_with)
    if not casting.sorcery_timing(game, player) and not view.is_a("Instant") \
            and not casting.has_flash(game, player, game.view(view.id)):
        raise IllegalAction("it no longer may be cast as though it had flash")


def _no_additional_triggers(game: Game, view: Any, event: Any) -> int:
    return 0


MUTANTS: tuple[Mutant, ...] = (
    Mutant("delayed-triggers-see-the-past", "603.7a", "a delayed triggered ability triggers on events that happened "
           "before it was created", ((triggers, "_delayed", _delayed_sees_the_past),)),
    Mutant("impossible-option-offered", "608.2d", "a player may choose to sacrifice with nothing to sacrifice",
           ((instructions, "may_sacrifice", _sacrifice_always_offered),)),
    Mutant("order-not-chosen", "608.2f", "actions done one at a time ignore the order the controller chooses",
           ((instructions, "one_at_a_time", _apnap_only),)),
    Mutant("colors-must-match-exactly", "608.2j", "'black creatures' means creatures that are only black",
           ((selectors, "colors_match", _exact_colors),)),
    Mutant("impossible-instruction-does-nothing", "609.3", "an instruction that can't be done in full does nothing",
           ((instructions, "discard_cards", _discard_all_or_nothing), (instructions, "mill", _mill_all_or_nothing))),
    Mutant("phyrexian-life-not-offered", "107.4f", "Phyrexian mana can be paid only with mana, never with 2 life",
           ((payment, "announce_phyrexian", _phyrexian_always_mana),)),
    Mutant("x-is-zero-on-the-stack", "202.3e", "X counts 0 in the mana value of a spell on the stack",
           ((characteristics, "mana_value", _x_is_zero_everywhere),)),
    Mutant("partial-payment", "601.2h", "a mana cost the pool can't pay is skipped, the rest of the cost paid",
           ((payment, "pay_mana", _partial_payment),)),
    Mutant("cost-change-reaches-the-stack", "601.7", "a cost increase applies to spells already on the stack",
           ((stack, "resolve_top", _cost_change_reaches_the_stack),)),
    Mutant("state-triggers-only-at-priority", "603.8", "state triggers are looked for only as a player would get "
           "priority, never during a resolution", ((triggers, "collect", _state_triggers_only_at_priority),)),
    Mutant("no-reflexive-triggers", "603.12", "a reflexive triggered ability never triggers",
           ((triggers, "reflexive", _no_reflexive),)),
    Mutant("winning-does-nothing", "104.2b", "an effect saying a player wins the game does nothing",
           ((actions, "win", _win_does_nothing),)),
    Mutant("replaced-by-another-kind-dropped", "616.2", "an event replaced by one of another kind doesn't happen",
           ((actions, "carry_out", _carry_out_nothing),)),
    Mutant("a-loss-per-reason", "704.7", "a player losing for two reasons at once meets replacement effects twice",
           ((actions, "replace_losing", _a_loss_per_reason),)),
    Mutant("lki-after-state-based-actions", "704.8", "a permanent put into a graveyard by a state-based action is "
           "remembered as the other state-based actions left it", ((sba, "perform", _lki_after_the_counters),)),
    Mutant("entering-read-where-it-is", "614.12", "how a permanent enters is read from what it is before it moves",
           ((replacement, "as_it_would_enter", _as_it_is_now),)),
    Mutant("anything-may-enter", "614.17d", "'can't enter the battlefield' stops nothing",
           ((replacement, "may_enter", _anything_may_enter),)),
    Mutant("entering-together-may-be-chosen", "614.13a", "an object entering at the same time may be chosen to "
           "change zones as another enters", ((replacement, "may_choose_to_move", _together_may_be_chosen),)),
    Mutant("returns-one-at-a-time", "610.3d", "objects returning after one event return one at a time",
           ((one_shot, "after_events", _returns_one_at_a_time),)),
    Mutant("exiled-although-it-already-left", "610.3b", "'until it leaves' exiles even if it has already left",
           ((one_shot, "exile_until_leaves", _exiled_even_after_it_left),)),
    Mutant("mana-abilities-need-fixed-mana", "605.2", "an ability that adds a counted amount of mana is no mana "
           "ability", ((abilities.ActivatedAbility, "is_mana_ability", property(_only_fixed_mana_abilities)),)),
    Mutant("triggered-mana-abilities-use-the-stack", "605.4a", "triggered mana abilities wait to be put on the stack",
           ((activating, "resolve_triggered_mana_abilities", _triggered_mana_waits),)),
    Mutant("mana-spells-resolve-at-once", "605.5b", "a spell that adds mana resolves as it is cast",
           ((casting, "cast", _mana_spells_resolve_at_once),)),
    Mutant("loyalty-cost-unchanged", "606.4", "effects don't change the cost of loyalty abilities",
           ((loyalty, "total_cost", _printed_loyalty_cost),)),
    Mutant("loyalty-any-number-of-times", "606.3", "a permanent's loyalty abilities can be activated again and again",
           ((loyalty, "activated_this_turn", _never_activated_this_turn),)),
    Mutant("negative-loyalty-unchecked", "606.6", "a loyalty ability can cost more counters than there are",
           ((loyalty, "check", _negative_loyalty_unchecked),)),
    Mutant("look-back-sees-only-the-present", "608.2i", "an effect counting past attackers counts only those that "
           "are still creatures", ((history, "attacked_with_this_turn", _still_creatures),)),
    Mutant("total-cost-not-locked", "601.2f", "the total cost is determined after other costs are paid",
           ((casting, "pay_total_cost", _total_after_paying),)),
    Mutant("same-target-twice", "601.2c", "one word 'target' may choose the same object twice",
           ((targets, "right_number", _same_target_twice),)),
    Mutant("beginning-of-step-not-noticed", "603.2b", "'at the beginning of' abilities never trigger",
           ((Game, "emit", _dropping("StepBegan")),)),
    Mutant("no-cast-event", "601.2i", "a spell never becomes cast: 'whenever you cast' abilities don't trigger",
           ((Game, "emit", _dropping("SpellCast")),)),
    Mutant("prevention-goes-back-in-time", "615.4", "a new prevention effect removes damage already dealt",
           ((continuous, "create", _prevention_goes_back_in_time),)),
    Mutant("prevented-damage-triggers", "603.2g", "damage that was prevented still triggers abilities",
           ((damage, "deal", _prevented_damage_triggers),)),
    Mutant("state-based-actions-during-resolution", "704.4", "state-based actions happen in the middle of a "
           "resolution", ((triggers, "collect", _state_based_actions_after_every_event),)),
    Mutant("cant-activate-stops-mana-abilities", "602.5", "'can't be activated unless they're mana abilities' "
           "stops mana abilities too", ((activating, "prohibits", _cant_activate_reaches_mana_abilities),)),
    Mutant("tapping-tapped-is-an-event", "603.2e", "tapping a tapped permanent counts as it becoming tapped",
           ((actions, "tap", _tapping_tapped_is_an_event),)),
    Mutant("copy-not-first", "616.1c", "entering as a copy is applied after the other replacement effects",
           ((replacement, "rank", _copy_not_first),)),
    Mutant("effects-reach-every-zone", "609.2", "an effect on 'lands' reaches land cards in every zone",
           ((selectors.Filter, "matches", _every_zone),)),
    Mutant("found-again-after-moving", "603.7c", "an effect finds its object again after it changed zones",
           ((zones, "still_in", _found_again_after_moving),)),
    Mutant("choices-not-linked", "607.5a", "an ability reads any choice its object (or one of its name) made",
           ((replacement, "chosen_for", _choices_not_linked),)),
    Mutant("tokens-enter-unreplaced", "614.12", "a token's own entering meets no replacement effects",
           ((zones, "create_tokens", _tokens_enter_unreplaced),)),
    Mutant("regeneration-never-applies", "614.8", "a regeneration shield doesn't replace the destruction",
           ((regeneration, "replaces", _regeneration_never_applies),)),
    Mutant("cant-be-regenerated-ignored", "701.19c", "'can't be regenerated' doesn't stop regeneration shields",
           ((regeneration, "replaces", _regeneration_ignores_cant),)),
    Mutant("toughness-zero-is-destruction", "704.5f", "a creature with toughness 0 is destroyed (so it can regenerate)",
           ((sba, "_cause", _every_state_based_move_is_destruction),)),
    Mutant("granted-abilities-reworded", "612.3", "a text-changing effect changes abilities other effects granted",
           ((text_changes, "change_text", _reword_everything_late),)),
    Mutant("names-reworded", "612.2", "a text-changing effect changes a name that contains the word",
           ((text_changes.ChangeText, "apply", _names_reworded),)),
    Mutant("token-names-kept", "612.2a", "a creature type used as a token's name isn't changed with its type",
           ((text_changes.TokenMaker, "reworded", _token_names_kept),)),
    Mutant("world-rule-by-timestamp", "704.5k", "the world rule keeps the newest permanent, not the newest world",
           ((sba, "world_since", _world_by_timestamp),)),
    Mutant("copies-stay-copies", "608.3f", "a copy of a permanent spell stays a copy of a spell on the battlefield",
           ((spell_copies, "becomes_a_token", _copies_stay_copies),)),
    Mutant("controlled-by-the-source-controller", "602.2a", "an ability on the stack is controlled by whoever "
           "controls its source as it resolves", ((stack.Resolution, "controller", property(_controller_of_the_source)),)),
    Mutant("cant-activate-stops-triggers", "603.2a", "an effect that stops activated abilities stops triggers too",
           ((triggers, "_trigger", _cant_activate_stops_triggers),)),
    Mutant("triggers-without-targets-stay", "603.3d", "a triggered ability with no legal target goes on the stack",
           ((stack, "put_triggered", _triggers_without_targets_stay),)),
    Mutant("zone-change-trigger-follows-the-card", "603.6", "a zone-change trigger finds its card wherever it went "
           "next", ((zones, "still_in", _found_again_after_moving),)),
    Mutant("as-though-effects-dont-combine", "609.4a", "two 'as though' permissions can't both apply to one spell",
           ((casting, "cast", _as_though_effects_dont_combine),)),
    Mutant("zero-damage-is-an-event", "614.7a", "a source that would deal 0 damage meets replacement effects",
           ((damage, "deal", _zero_damage_is_an_event),)),
    Mutant("empty-library-draws-unreplaced", "614.11", "a draw from an empty library isn't replaced",
           ((actions, "draw", _empty_library_draws_unreplaced),)),
    Mutant("next-time-shields-never-used-up", "615.8", "'the next time' prevention effects go on preventing",
           ((replacement, "_apply", _shields_never_used_up),)),
    Mutant("once-each-turn-per-controller", "602.5b", "'activate only once each turn' starts again with a new "
           "controller", ((activating, "activated_this_turn", _once_per_controller),)),
    Mutant("flash-condition-rechecked", "601.5a", "a spell cast as though it had flash stops being castable when the "
           "condition ends during the payment", ((casting, "pay_total_cost", _flash_rechecked_while_paying),)),
    Mutant("no-additional-triggers", "603.2d", "effects saying an ability triggers an additional time do nothing",
           ((triggers, "additional_times", _no_additional_triggers),)),
    Mutant("shields-follow-the-filter", "615.11", "shields for untargeted creatures follow whatever fits later",
           ((prevention, "shield_each", _shields_follow_the_filter),)),
)
