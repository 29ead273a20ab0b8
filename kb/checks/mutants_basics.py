"""Engine mutants for the CR's sections 1-4 (game concepts, parts of a card, card types, zones):
each breaks one rule of those sections on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    actions,
    activating,
    attach,
    battles,
    cards,
    cardtypes,
    casting,
    conditions,
    copies,
    counter_kinds,
    damage,
    dungeons,
    emblems,
    layers,
    loyalty,
    mana,
    mana_abilities,
    names,
    parts,
    payment,
    regeneration,
    replacement,
    retarget,
    rules,
    sagas,
    sba,
    special_actions,
    stack,
    starting,
    stickers,
    targets,
    triggers,
    turn,
    zones,
)
from kb.engine.abilities import ActivatedAbility, StaticAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.cards import Card
from kb.engine.characteristics import CopiableCard, HeldAbility, ObjectState, Origin, View
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause
from kb.engine.game import Game
from kb.engine.mana import Color, ManaCost
from kb.engine.objects import GameObject

# -- 100-104: game concepts ---------------------------------------------------------------------------


def _lands_never_forbidden(game: Game, player: PlayerId) -> bool:
    return False


def _apnap_reversed(self: Game) -> list[PlayerId]:
    order = self.turn_order
    start = order.index(self.active)
    return list(reversed([p for p in order[start:] + order[:start] if not self.players[p].left]))


def _every_mulligan_free(game: Game, taken: int) -> int:
    return 0


def _first_mulligan_counts(game: Game, taken: int) -> int:
    return taken


def _no_opening_hand_actions(game: Game, player: PlayerId) -> None:
    return None


def _no_first_draw_at_all() -> Any:
    def draw(game: Game) -> None:
        if game.turn != 1:
            actions.draw(game, game.active)

    return {**turn.TURN_BASED_ACTIONS, turn.Step.DRAW: (turn.TurnBasedAction("504.1", "draw a card", draw),)}


_original_lose = actions.lose


def _last_one_doesnt_win(game: Game, players: Sequence[PlayerId], reason: str) -> None:
    _original_lose(game, players, reason)
    if game.over and game.winners:
        game.over, game.winners = False, []


def _draws_have_a_winner(game: Game, players: Sequence[PlayerId], reason: str) -> None:
    _original_lose(game, players, reason)
    if game.over and not game.winners:
        game.winners = [game.turn_order[0]]


def _losers_stay(game: Game, player: PlayerId) -> None:
    return None


def _no_vanguard_modifiers(game: Game, player: PlayerId, which: str) -> int:
    return 0


def _command_cards_leave(obj: GameObject) -> bool:
    return not (obj.is_token and obj.zone is not Zone.BATTLEFIELD)


# -- 105-107: colours, mana, numbers and symbols ------------------------------------------------------

_original_produce = mana_abilities.produce


def _undefined_mana_is_colorless(game: Game, player: PlayerId, obj: GameObject, ability: Any,
                                 source: Any = None) -> str:
    if not mana_abilities.options(game, source if source is not None else game.view(obj.id), player, ability):
        game.players[player].mana.add("{C}")
        return "{C}"
    return _original_produce(game, player, obj, ability, source)


def _nothing_could_be_produced(game: Game, permanent: int, asking: frozenset[int] = frozenset()) -> frozenset[str]:
    return frozenset()


def _restrictions_ignored(self: mana.ManaPool, spent_on: object) -> Counter[str]:
    return Counter({k: n for k, n in self.mana.items() if n > 0})


def _negative_counts(value: int) -> int:
    return value


_original_ways_to_pay = mana.ways_to_pay


def _symbols_changed(change: Callable[[str], str]) -> Callable[..., Any]:
    def ways(pool: Counter[str], cost: ManaCost) -> list[tuple[Counter[str], int]]:
        return _original_ways_to_pay(pool, ManaCost(tuple(change(s) for s in cost.symbols)))

    return ways


def _no_life_for_phyrexian(pool: Counter[str], cost: ManaCost) -> list[tuple[Counter[str], int]]:
    return [(left, life) for left, life in _original_ways_to_pay(pool, cost) if life == 0]


def _colours_added(self: parts.SetColors, state: ObjectState, timestamp: int) -> None:
    state.colors = state.colors | self.colors


_original_pay = payment.pay


def _untap_symbol_free(game: Game, player: PlayerId, cost: Any, source: Any, mana_cost: Any = None,
                       spent_on: object = None) -> dict[str, list[int]]:
    return _original_pay(game, player, replace(cost, untap=False), source, mana_cost, spent_on)


# -- 108-116: objects, tokens, spells, abilities, targets ------------------------------------------------

_original_become_copy = copies.become_copy


def _copy_unflips(game: Game, permanent: int, original: int, **options: Any) -> Any:
    effect = _original_become_copy(game, permanent, original, **options)
    if permanent in game.objects:
        game.objects[permanent].flipped = False
    return effect


def _tokens_always_named_for_subtypes(name: str | None, type_line: str) -> str:
    return _original_token_name(None, type_line)


_original_token_name = cards.token_name


def _tokens_named_without_token(name: str | None, type_line: str) -> str:
    return _original_token_name(name, type_line).removesuffix(" Token")


_original_token_copy_card = copies.token_copy_card


def _token_copies_renamed(values: CopiableCard) -> Card:
    made = _original_token_copy_card(values)
    front = made.front
    return replace(made, front=replace(front, name=" ".join(sorted(front.subtypes)) + " Token"))


def _tokens_by_name_lose_their_cost(card: Card) -> Card:
    return replace(card, front=replace(card.front, mana_cost=None), is_token=True)


_original_create_token_copies = copies.create_token_copies


def _copies_of_nothing_are_made(game: Game, original: int | None, controller: PlayerId, count: int = 1,
                                **options: Any) -> list[GameObject]:
    if original is None or original not in game.objects:
        return game.create_token(cards.token("Copy of Nothing", "Creature — Shapeshifter", 0, 1), controller, count)
    return _original_create_token_copies(game, original, controller, count, **options)


_original_enter_from_stack = zones.enter_from_stack


def _spell_effects_end_on_resolving(game: Game, spell: GameObject, controller: PlayerId,
                                    attach_to: Any = None) -> GameObject | None:
    for effect in game.effects:
        if spell.id in effect.affected:
            effect.ended = True
    return _original_enter_from_stack(game, spell, controller, attach_to)


def _activated_anywhere(self: ActivatedAbility, zone: Zone) -> bool:
    return True


def _colours_are_abilities(self: parts.SetColors, state: ObjectState, timestamp: int) -> None:
    state.colors = self.colors
    state.abilities = (*state.abilities, HeldAbility(StaticAbility(f"This is {''.join(self.colors)}."),
                                                     Origin.GRANTED, timestamp))


def _targets_changed_one_at_a_time(game: Game, item: Any, proposed: Any) -> str | None:
    current = list(item.targets)
    for index, group in enumerate(proposed):
        current[index] = group
        reason = retarget.why_illegal(game, item, tuple(current))
        if reason is not None:
            return reason
    return None


def _put_under_the_owners_control(game: Game, card: Any, controller: Any = None, **options: Any) -> Any:
    return _original_put_onto_battlefield(game, card, None, **options)


def _typeless_permanents_leave(check: Any) -> list[Any]:
    return [sba.Action("110.4c", "graveyard", v.id) for v in check.permanents() if not v.types]


def _tokens_come_back(obj: GameObject) -> bool:
    return True


def _one_instance_lost(self: parts.LoseAbilities, state: ObjectState, timestamp: int) -> None:
    for index, held in enumerate(state.abilities):
        if getattr(held.ability, "name", None) in self.names:
            state.abilities = state.abilities[:index] + state.abilities[index + 1:]
            return


_original_trigger = triggers._trigger


def _triggers_controlled_by_owners(game: Game, ability: Any, view: Any, event: Any, seen: Any, controller: PlayerId,
                                   delayed: bool = False) -> int:
    return _original_trigger(game, ability, view, event, seen, controller if delayed else view.owner, delayed)


def _spells_target_themselves(source: Any, object_id: int) -> bool:
    return False


_original_play_land = special_actions.play_land


def _special_actions_pass_priority(game: Game, player: PlayerId, card: GameObject) -> GameObject:
    land = _original_play_land(game, player, card)
    game.turn_state.priority = game.opponents(player)[0]
    return land


# -- 118-122: costs, life, damage --------------------------------------------------------------------


def _if_you_do_always(game: Game, player: PlayerId, action: Callable[[], object]) -> bool:
    checkpoint = game.checkpoint()
    try:
        action()
    except IllegalAction:
        game.restore(checkpoint)
    return True


def _if_you_do_judges_control(game: Game, player: PlayerId, action: Callable[[], object]) -> bool:
    checkpoint = game.checkpoint()
    try:
        result = action()
    except IllegalAction:
        game.restore(checkpoint)
        return False
    return not (isinstance(result, GameObject) and result.id in game.objects
                and game.view(result.id).controller != player)


def _unseen_costs_unpaid(game: Game, player: PlayerId, action: Callable[[], object]) -> bool:
    checkpoint = game.checkpoint()
    before = len(game.log)
    try:
        action()
    except IllegalAction:
        game.restore(checkpoint)
        return False
    return len(game.log) > before


def _no_mana_cost_is_free(card: GameObject, face_down: Any) -> ManaCost:
    return card.printed.mana_cost or ManaCost()


_original_pay_for_life = payment.pay


def _life_paid_beyond_total(game: Game, player: PlayerId, cost: Any, source: Any, mana_cost: Any = None,
                            spent_on: object = None) -> dict[str, list[int]]:
    if cost.life:
        game.players[player].life += cost.life
        try:
            return _original_pay_for_life(game, player, cost, source, mana_cost, spent_on)
        finally:
            game.players[player].life -= cost.life
    return _original_pay_for_life(game, player, cost, source, mana_cost, spent_on)


def _never_forbidden(game: Game, player: PlayerId) -> bool:
    return False


def _anything_is_dealt_damage(view: Any) -> bool:
    return True


def _draws_replaced_together(game: Game, player: PlayerId, count: int = 1) -> None:
    final = replacement.replace(game, replacement.Draw(player))
    if isinstance(final, replacement.Draw):
        for _ in range(count):
            library = game.players[player].library
            if library:
                zones.move(game, game.objects[library[-1]], Zone.HAND, cause=Cause.DRAW)


def _counters_follow_the_card(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    new = _original_arrive(game, obj, final, seen)
    new.counters = dict(obj.counters)
    return new


def _damage_results_not_replaced(game: Game, results: Any) -> dict[PlayerId, tuple[int, int]]:
    gained: Counter[PlayerId] = Counter()
    for player, amount in results.life_gained.items():
        final = replacement.replace(game, replacement.GainLife(player, amount))
        if isinstance(final, replacement.GainLife):
            gained[final.player] += final.amount
    return {p: (results.life_lost[p], gained[p]) for p in set(results.life_lost) | set(gained)}


_original_happen = damage.happen


def _damage_destroys(game: Game, results: Any, life: Any, dealt: Any, events: Any) -> None:
    _original_happen(game, results, life, dealt, events)
    doomed = [game.objects[i] for i in results.marked if i in game.objects
              and game.objects[i].damage >= (game.view(i).toughness or 0) > 0]
    if doomed:
        zones.destroy(game, doomed)


def _life_set_directly(game: Game, player: PlayerId, total: int) -> None:
    game.players[player].life = total


# -- 200-213: parts of a card ---------------------------------------------------------------------------


def _nameless_counts_as_a_name(objects: Sequence[Any]) -> int:
    return len({o.name for o in objects})


def _any_card_name(oracle: Any, test: Callable[..., bool] = lambda c: True) -> tuple[str, ...]:
    return tuple(sorted({face.name for card in oracle for face in names.oracle_faces(card) if face.name}))


def _regenerate_everything(game: Game, permanent: int, **options: Any) -> Any:
    effect = None
    for obj in list(game.battlefield()):
        effect = _original_regenerate(game, obj.id, **options)
    return effect


_original_regenerate = regeneration.regenerate


def _copy_exceptions_lost(game: Game, permanent: int, original: Any, **options: Any) -> Any:
    return _original_become_copy(game, permanent, original, **{**options, "gains": ()})


def _colours_not_from_the_cost(self: ManaCost) -> frozenset[Color]:
    return frozenset()


def _hybrid_counts_one(self: ManaCost) -> int:
    return sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in self.symbols)


def _back_faces_have_no_mana_value(obj: GameObject, state: ObjectState) -> ManaCost | None:
    if obj.zone is Zone.STACK and state.mana_cost is not None and state.mana_cost.x_count:
        return state.mana_cost.with_x(obj.x)
    return None


_original_become_card = ObjectState.become_card


def _copies_keep_front_mana_value(self: ObjectState, card: CopiableCard, origin: Origin = Origin.PRINTED) -> None:
    kept = self.mana_value_from
    _original_become_card(self, card, origin)
    self.mana_value_from = kept


def _additional_types_replace(self: parts.AddTypes, state: ObjectState, timestamp: int) -> None:
    state.types = self.types or state.types
    state.supertypes = state.supertypes | self.supertypes
    state.subtypes = state.subtypes | self.subtypes


def _types_drop_supertypes(self: parts.AddTypes, state: ObjectState, timestamp: int) -> None:
    _original_add_types(self, state, timestamp)
    if self.types:
        state.supertypes = frozenset()


_original_add_types = parts.AddTypes.apply


def _cdas_only_on_the_battlefield(self: StaticAbility, zone: Zone) -> bool:
    return zone in self.zones


def _name_stickers_only_at_the_end(name: str, word: str) -> tuple[str, ...]:
    return (f"{name} {word}",)


_original_sticker_effects = layers.sticker_effects


def _name_stickers_applied_last(game: Game) -> list[Any]:
    found = _original_sticker_effects(game)
    for effect in found:
        if effect.parts and effect.parts[0].layer is parts.Layer.TEXT:
            effect.timestamp = 10**9
    return found


# -- 300-315: card types ---------------------------------------------------------------------------------


def _reductions_ignored(game: Game, player: PlayerId, spell: Any) -> int:
    return max(0, _original_cost_change(game, player, spell))


_original_cost_change = rules.cost_change


def _instants_enter(view: Any) -> bool:
    return True


def _entering_auras_target(game: Game, aura: GameObject, controller: PlayerId) -> Any:
    from kb.engine import targets

    view = game.view(aura.id)
    options = [o.id for o in game.battlefield() if o.id != aura.id and attach.is_legal(game, view, o.id)
               and not any(rule(game, game.view(o.id), controller, view) for name, rule in targets.TARGETING.items()
                           if game.view(o.id).has(name))]
    return options[0] if options else None


_original_put_onto_battlefield = zones.put_onto_battlefield


def _put_lands_are_played(game: Game, card: Any, controller: Any = None, **options: Any) -> Any:
    permanent = _original_put_onto_battlefield(game, card, controller, **options)
    if permanent is not None and game.view(permanent.id).is_a("Land"):
        game.players[permanent.controller].lands_played += 1
    return permanent


_original_freeze = layers._freeze


def _noncreatures_keep_power(obj: GameObject, state: ObjectState, copiable: Any, card: Any) -> Any:
    view = _original_freeze(obj, state, copiable, card)
    values = state.values()
    return replace(view, characteristics=replace(view.characteristics, power=values.power,
                                                  toughness=values.toughness))


def _legendary_spells_need_nothing(game: Game, player: PlayerId, spell: Any) -> bool:
    return True


def _subtypes_outlive_their_type(state: ObjectState) -> None:
    return None


_original_is_legal = attach.is_legal


def _auras_enchant_themselves(game: Game, attachment: Any, target: Any) -> bool:
    return target == attachment.id or _original_is_legal(game, attachment, target)


def _loyalty_abilities_any_time(game: Game, player: PlayerId, obj: GameObject, view: Any, ability: Any) -> int:
    return loyalty.total_cost(game, player, view, ability)


def _loyalty_from_counters_everywhere(self: Any) -> int:
    return int(self.counters.get("loyalty", 0))


def _chapters_only_exactly(before: int, after: int, number: int) -> bool:
    return after == number


def _spell_x_forgotten(game: Game, spell: GameObject, controller: PlayerId, attach_to: Any = None) -> Any:
    spell.x = 0
    return _original_enter_from_stack(game, spell, controller, attach_to)


def _energy_for_free(game: Game, player: PlayerId, cost: Any, source: Any, mana_cost: Any = None,
                     spent_on: object = None) -> dict[str, list[int]]:
    return _original_pay_for_life(game, player, replace(cost, energy=0), source, mana_cost, spent_on)


def _no_coloured_reductions(game: Game, player: PlayerId, spell: Any) -> list[str]:
    return []


def _reduce_only_that_colour(self: ManaCost, kind: str) -> ManaCost:
    for symbol in (kind, f"{kind}/P"):
        if symbol in self.symbols:
            index = self.symbols.index(symbol)
            return ManaCost(self.symbols[:index] + self.symbols[index + 1:])
    return self


def _additional_costs_free(card: GameObject, face_down: Any) -> Any:
    return None


def _counters_without_rules(view: Any) -> list[Any]:
    return []


def _moved_counters_stay(game: Game, source: GameObject, target: Any, kind: str, count: int) -> int:
    from kb.engine import counters

    return counters.put(game, target, kind, count)


def _putting_in_hand_is_drawing(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    from kb.engine.events import CardDrawn

    new = _original_arrive(game, obj, final, seen)
    if obj.zone is Zone.LIBRARY and final.to_zone is Zone.HAND and final.cause is not Cause.DRAW:
        game.emit(CardDrawn(new.owner, new.id))
    return new


def _same_target_twice(picks: Sequence[Any]) -> bool:
    return True


_original_candidates = targets.candidates


def _abilities_are_spells(game: Game, spec: Any, controller: PlayerId, source: Any) -> list[Any]:
    found = _original_candidates(game, spec, controller, source)
    if spec.objects is not None and Zone.STACK in spec.objects.zones:
        found += [item.id for item in game.stack if item.spell is None]
    return found


def _alternative_cost_ignored(game: Game, player: PlayerId, card: GameObject) -> Any:
    from kb.engine.costs import Cost

    return Cost(card.printed.mana_cost)


def _only_normal_faces(card: Card) -> Any:
    yield card.front


_original_entered = zones._entered


def _entering_counters_arent_put(game: Game, new: GameObject, final: Any) -> list[Any]:
    from kb.engine.events import CountersPut

    return [e for e in _original_entered(game, new, final) if not isinstance(e, CountersPut)]


def _no_intrinsic_mana_abilities(state: ObjectState) -> None:
    return None


def _venture_ignores_the_choice(game: Game, player: PlayerId, available: Sequence[Any]) -> None:
    current = dungeons.dungeon_of(game, player)
    if current is not None:
        here = dungeons.rooms_of(current)[str(current.chosen[dungeons.MARKER])]
        if here.to:
            current.chosen[dungeons.MARKER] = here.to[0]
            game.emit(dungeons.VentureMarkerMoved(player, current.id, here.to[0]))
            return
    _original_venture(game, player, available)


_original_venture = dungeons.venture


def _venture_stuck_at_the_bottom(game: Game, player: PlayerId, available: Sequence[Any]) -> None:
    current = dungeons.dungeon_of(game, player)
    if current is not None and not dungeons.rooms_of(current)[str(current.chosen[dungeons.MARKER])].to:
        return
    _original_venture(game, player, available)


def _protectors_can_attack(game: Game, battle: int, defenders: list[PlayerId]) -> bool:
    return game.view(battle).is_a("Battle")


def _sieges_dont_exile(state: Any) -> None:
    return None  # a Siege never gets its intrinsic ability


# -- 400-408: zones --------------------------------------------------------------------------------------


def _destinations_settled_unasked(game: Game, destinations: dict[int, list[Zone]]) -> dict[Zone, list[GameObject]]:
    going: dict[Zone, list[GameObject]] = {}
    for object_id, told in destinations.items():
        if object_id in game.objects:
            going.setdefault(told[0], []).append(game.objects[object_id])
    return going


def _losing_never_replaced(game: Game, players: Sequence[PlayerId]) -> tuple[list[PlayerId], list[Any]]:
    return list(players), []


_original_arrive = zones._arrive


def _graveyard_of_the_controller(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    new = _original_arrive(game, obj, final, seen)
    if final.to_zone is Zone.GRAVEYARD and obj.id in seen:
        new.owner = seen[obj.id].controller
    return new


def _effects_follow_the_card(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    new = _original_arrive(game, obj, final, seen)
    for effect in game.effects:
        if obj.id in effect.affected:
            effect.affected = effect.affected | {new.id}
    return new


def _stickers_lost_in_public_zones(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    new = _original_arrive(game, obj, final, seen)
    new.stickers = []
    return new


def _stickers_kept_everywhere(game: Game, obj: GameObject, final: Any, seen: Any) -> GameObject:
    new = _original_arrive(game, obj, final, seen)
    new.stickers = obj.stickers
    return new


_original_resolve_top = stack.resolve_top


def _first_in_first_out(game: Game) -> None:
    if len(game.stack) > 1:
        game.stack.append(game.stack.pop(0))
    _original_resolve_top(game)


def _emblem_abilities_on_the_battlefield(ability: object) -> object:
    return ability


MUTANTS: tuple[Mutant, ...] = (
    Mutant("lands-cant-ignored", "101.2", "an effect saying a player can't play lands loses to one letting them",
           ((rules, "lands_forbidden", _lands_never_forbidden),)),
    Mutant("apnap-choices-reversed", "101.4", "players choose in reverse APNAP order",
           ((Game, "apnap", _apnap_reversed),)),
    Mutant("mulligans-free", "103.5", "a mulligan puts no card on the bottom of the library",
           ((starting, "mulligans_counted", _every_mulligan_free),)),
    Mutant("first-mulligan-counts", "103.5c", "the first mulligan counts in a multiplayer game",
           ((starting, "mulligans_counted", _first_mulligan_counts),)),
    Mutant("no-opening-hand-actions", "103.6a", "cards in an opening hand can't begin the game on the battlefield",
           ((starting, "_opening_hand_actions", _no_opening_hand_actions),)),
    Mutant("no-first-draw-in-multiplayer", "103.8c", "the starting player skips the first draw in every game",
           ((turn, "TURN_BASED_ACTIONS", _no_first_draw_at_all()),)),
    Mutant("last-one-doesnt-win", "104.2a", "the player left in the game doesn't win",
           ((actions, "lose", _last_one_doesnt_win),)),
    Mutant("draws-have-a-winner", "104.4a", "a game all players lose together still has a winner",
           ((actions, "lose", _draws_have_a_winner),)),
    Mutant("losers-stay", "104.5", "a player who loses a multiplayer game stays in it",
           ((actions, "leave_game", _losers_stay),)),
    Mutant("no-vanguard-modifiers", "313.6", "a vanguard's hand and life modifiers change nothing",
           ((starting, "vanguard_modifier", _no_vanguard_modifiers),)),
    Mutant("command-cards-leave", "400.4b", "vanguards, planes and the like can leave the command zone",
           ((zones, "can_change_zones", _command_cards_leave),)),
    Mutant("undefined-mana-is-colorless", "106.5", "an ability adding mana of no defined type adds {C}",
           ((mana_abilities, "produce", _undefined_mana_is_colorless),)),
    Mutant("nothing-could-be-produced", "106.7", "no permanent could produce any mana",
           ((mana_abilities, "could_produce", _nothing_could_be_produced),)),
    Mutant("mana-restrictions-ignored", "106.6", "restricted mana pays for anything",
           ((mana.ManaPool, "usable", _restrictions_ignored),)),
    Mutant("negative-results-count", "107.1b", "a negative result of a calculation for an effect is used as is",
           ((conditions, "zero_if_negative", _negative_counts),)),
    Mutant("hybrid-first-half-only", "107.4e", "a hybrid symbol can be paid only with its first half",
           ((mana, "ways_to_pay", _symbols_changed(lambda s: s.split("/")[0] if "/" in s and not s.endswith("/P")
                                                   else s)),)),
    Mutant("no-life-for-phyrexian", "107.4f", "Phyrexian symbols can't be paid with life",
           ((mana, "ways_to_pay", _no_life_for_phyrexian),)),
    Mutant("colorless-symbol-is-generic", "107.4c", "{C} can be paid with any type of mana",
           ((mana, "ways_to_pay", _symbols_changed(lambda s: "1" if s == "C" else s)),)),
    Mutant("colour-changes-add", "105.3", "an effect giving a colour keeps the old colours",
           ((parts.SetColors, "apply", _colours_added),)),
    Mutant("untap-symbol-free", "107.6", "{Q} can be paid by an untapped permanent",
           ((payment, "pay", _untap_symbol_free),)),
    Mutant("copy-unflips", "110.5c", "becoming a copy resets the flipped status",
           ((copies, "become_copy", _copy_unflips),)),
    Mutant("token-names-ignored", "111.4", "a token is named for its subtypes even when the effect names it",
           ((cards, "token_name", _tokens_always_named_for_subtypes),)),
    Mutant("token-names-without-token", "111.4", "a token the effect doesn't name is named for its subtypes alone",
           ((cards, "token_name", _tokens_named_without_token),)),
    Mutant("token-copies-renamed", "111.4", "a token copy is named for its subtypes",
           ((copies, "token_copy_card", _token_copies_renamed),)),
    Mutant("tokens-by-name-lose-their-cost", "111.11", "a token named after a card lacks the card's mana cost",
           ((zones, "_as_token", _tokens_by_name_lose_their_cost),)),
    Mutant("copies-of-nothing-made", "111.12", "a copy of an object that doesn't exist is still created",
           ((copies, "create_token_copies", _copies_of_nothing_are_made),)),
    Mutant("spell-effects-end-on-resolving", "112.4", "effects on a permanent spell end as it becomes a permanent",
           ((zones, "enter_from_stack", _spell_effects_end_on_resolving),)),
    Mutant("activated-anywhere", "113.6b", "activated abilities can be activated in any zone",
           ((ActivatedAbility, "functions_in", _activated_anywhere),)),
    Mutant("colours-are-abilities", "113.12", "an effect saying an object is a colour gives it an ability",
           ((parts.SetColors, "apply", _colours_are_abilities),)),
    Mutant("targets-changed-one-at-a-time", "115.7e", "each changed target is judged with the old targets",
           ((retarget, "legal_change", _targets_changed_one_at_a_time),)),
    Mutant("put-under-the-owners-control", "110.2a", "a permanent an effect puts onto the battlefield is its owner's",
           ((zones, "put_onto_battlefield", _put_under_the_owners_control),)),
    Mutant("typeless-permanents-leave", "110.4c", "a permanent with no permanent type is put into the graveyard",
           ((sba, "STATE_BASED_ACTIONS", (*sba.STATE_BASED_ACTIONS, sba.StateBasedAction(
               "110.4c", "typeless permanents leave", _typeless_permanents_leave))),)),
    Mutant("tokens-come-back", "111.8", "a token that left the battlefield can move on to another zone",
           ((zones, "can_change_zones", _tokens_come_back),)),
    Mutant("one-instance-lost", "113.10b", "an effect removing an ability removes only one instance of it",
           ((parts.LoseAbilities, "apply", _one_instance_lost),)),
    Mutant("triggers-controlled-by-owners", "113.8", "a triggered ability is controlled by its source's owner",
           ((triggers, "_trigger", _triggers_controlled_by_owners),)),
    Mutant("spells-target-themselves", "115.5", "a spell on the stack can target itself",
           ((targets, "targets_itself", _spells_target_themselves),)),
    Mutant("special-actions-pass-priority", "116.3", "after a special action the next player gets priority",
           ((special_actions, "play_land", _special_actions_pass_priority),)),
    Mutant("no-mana-cost-is-free", "118.6", "a spell with no mana cost is cast for {0}",
           ((casting, "mana_cost_to_pay", _no_mana_cost_is_free),)),
    Mutant("life-paid-beyond-total", "119.4", "a player may pay more life than they have",
           ((payment, "pay", _life_paid_beyond_total),)),
    Mutant("cant-gain-life-ignored", "119.7", "a player who can't gain life gains it anyway",
           ((rules, "life_gain_forbidden", _never_forbidden),)),
    Mutant("cant-lose-life-ignored", "119.8", "a player who can't lose life loses it anyway",
           ((rules, "life_loss_forbidden", _never_forbidden),)),
    Mutant("anything-is-dealt-damage", "120.1a", "noncreature, nonplaneswalker, nonbattle permanents are dealt damage",
           ((damage, "can_be_dealt_damage", _anything_is_dealt_damage),)),
    Mutant("draws-replaced-together", "121.2", "a replacement effect replaces all of several draws at once",
           ((actions, "draw", _draws_replaced_together),)),
    Mutant("counters-follow-the-card", "122.2", "counters stay on an object that changes zones",
           ((zones, "_arrive", _counters_follow_the_card),)),
    Mutant("legendary-spells-need-nothing", "205.4e", "a legendary sorcery can be cast without a legend",
           ((casting, "legendary_spell_allowed", _legendary_spells_need_nothing),)),
    Mutant("subtypes-outlive-their-type", "205.3d", "an object keeps subtypes of a card type it no longer has",
           ((parts, "_fit_subtypes", _subtypes_outlive_their_type),)),
    Mutant("auras-enchant-themselves", "303.4d", "an Aura can enchant itself",
           ((attach, "is_legal", _auras_enchant_themselves),)),
    Mutant("loyalty-abilities-any-time", "606.3", "loyalty abilities can be activated at any time, any number of times",
           ((activating, "loyalty_ability_allowed", _loyalty_abilities_any_time),)),
    Mutant("loyalty-from-counters-everywhere", "306.5a", "a planeswalker card off the battlefield has loyalty 0",
           ((View, "loyalty", property(_loyalty_from_counters_everywhere)),)),
    Mutant("chapters-only-exactly", "107.15a", "a chapter triggers only when the lore counters equal its number",
           ((sagas, "chapter_reached", _chapters_only_exactly),)),
    Mutant("spell-x-forgotten", "107.3m", "a permanent's enters abilities don't see the X its spell was cast with",
           ((zones, "enter_from_stack", _spell_x_forgotten),)),
    Mutant("energy-for-free", "107.14", "{E} costs nothing", ((payment, "pay", _energy_for_free),)),
    Mutant("no-coloured-reductions", "118.7c", "effects can't reduce coloured mana in a cost",
           ((rules, "cost_reductions", _no_coloured_reductions),)),
    Mutant("reduce-only-that-colour", "118.7b", "a coloured reduction of a cost without that colour reduces nothing",
           ((ManaCost, "reduced_by", _reduce_only_that_colour),)),
    Mutant("additional-costs-free", "118.8", "a spell's additional cost isn't paid",
           ((casting, "additional_cost", _additional_costs_free),)),
    Mutant("counters-without-rules", "122.1c", "shield and final counters do nothing",
           ((counter_kinds, "replacements", _counters_without_rules),)),
    Mutant("moved-counters-stay", "122.5", "moving counters leaves them where they were",
           ((counter_kinds, "move_counters", _moved_counters_stay),)),
    Mutant("putting-in-hand-is-drawing", "121.5", "a card put into a hand from the library counts as drawn",
           ((zones, "_arrive", _putting_in_hand_is_drawing),)),
    Mutant("one-target-word-chooses-twice", "115.3", "the objects one word 'target' chooses needn't be different",
           ((targets, "distinct", _same_target_twice),)),
    Mutant("abilities-are-spells", "113.9", "abilities on the stack can be targeted as spells",
           ((targets, "candidates", _abilities_are_spells),)),
    Mutant("alternative-cost-ignored", "118.9", "a spell cast for its alternative cost is paid for with its mana cost",
           ((casting, "alternative_cost", _alternative_cost_ignored),)),
    Mutant("only-normal-faces", "201.4c", "a flip card's flipped name and a back face's name can't be chosen",
           ((names, "oracle_faces", _only_normal_faces),)),
    Mutant("entering-counters-arent-put", "122.6", "a permanent entering with counters isn't having counters put",
           ((zones, "_entered", _entering_counters_arent_put),)),
    Mutant("no-intrinsic-mana-abilities", "305.6", "basic land types give lands no mana abilities",
           ((layers, "sync_land_abilities", _no_intrinsic_mana_abilities),)),
    Mutant("venture-ignores-the-choice", "701.49b", "venturing always follows the first arrow",
           ((dungeons, "venture", _venture_ignores_the_choice),)),
    Mutant("venture-stuck-at-the-bottom", "701.49c", "venturing from the bottommost room does nothing",
           ((dungeons, "venture", _venture_stuck_at_the_bottom),)),
    Mutant("protectors-can-attack", "310.8b", "a battle's protector can attack it",
           ((battles, "can_be_attacked_by", _protectors_can_attack),)),
    Mutant("sieges-dont-exile", "310.11b", "a Siege doesn't exile itself when its last defense counter goes",
           ((battles, "sync_intrinsic", _sieges_dont_exile),)),
    Mutant("if-you-do-always", "118.12", "'if you do' holds even when the cost couldn't be paid",
           ((payment, "pay_during_resolution", _if_you_do_always),)),
    Mutant("if-you-do-judges-control", "118.12", "'if you do' asks where the object ended up, not whether it was paid",
           ((payment, "pay_during_resolution", _if_you_do_judges_control),)),
    Mutant("unseen-costs-unpaid", "118.11", "a cost whose payment an effect turned into nothing isn't paid",
           ((payment, "pay_during_resolution", _unseen_costs_unpaid),)),
    Mutant("damage-results-not-replaced", "120.4c", "replacement effects can't modify a damage event's results",
           ((damage, "results_replaced", _damage_results_not_replaced),)),
    Mutant("damage-destroys", "120.5", "lethal damage destroys a creature as it is dealt",
           ((damage, "happen", _damage_destroys),)),
    Mutant("life-set-directly", "119.5", "a life total that becomes a number is neither gained nor lost",
           ((actions, "set_life", _life_set_directly),)),
    Mutant("nameless-counts-as-a-name", "201.2b", "objects with no name count as differently named",
           ((names, "most_with_different_names", _nameless_counts_as_a_name),)),
    Mutant("any-card-name", "201.4a", "a player told to choose a name with a characteristic may choose any name",
           ((names, "card_names", _any_card_name),)),
    Mutant("regenerate-everything", "701.19a", "a regeneration shield protects every permanent",
           ((regeneration, "regenerate", _regenerate_everything),)),
    Mutant("copy-exceptions-lost", "707.9a", "a copy effect's exceptions are dropped",
           ((copies, "become_copy", _copy_exceptions_lost),)),
    Mutant("colours-not-from-the-cost", "202.2", "an object's colour doesn't come from its mana cost",
           ((ManaCost, "colors", property(_colours_not_from_the_cost)),)),
    Mutant("hybrid-counts-one", "202.3f", "every mana symbol counts 1 toward mana value",
           ((ManaCost, "mana_value", property(_hybrid_counts_one)),)),
    Mutant("back-faces-have-no-mana-value", "202.3b", "a transformed permanent's mana value is its back face's",
           ((layers, "mana_value_cost", _back_faces_have_no_mana_value),)),
    Mutant("copies-keep-front-mana-value", "202.3b", "a back face copying another keeps its front face's mana value",
           ((ObjectState, "become_card", _copies_keep_front_mana_value),)),
    Mutant("additional-types-replace", "205.1b", "types given 'in addition' replace the old ones",
           ((parts.AddTypes, "apply", _additional_types_replace),)),
    Mutant("types-drop-supertypes", "205.4b", "an object given a card type loses its supertypes",
           ((parts.AddTypes, "apply", _types_drop_supertypes),)),
    Mutant("any-subtype-is-a-creature-type", "205.3e", "land types may be chosen as creature types",
           ((cardtypes, "CREATURE_TYPES", cardtypes.CREATURE_TYPES | cardtypes.LAND_TYPES),)),
    Mutant("name-stickers-only-at-the-end", "123.6b", "a name sticker's word can only go at the end of the name",
           ((stickers, "placements", _name_stickers_only_at_the_end),)),
    Mutant("name-stickers-applied-last", "123.6c", "name stickers apply after every other effect on the name",
           ((layers, "sticker_effects", _name_stickers_applied_last),)),
    Mutant("cost-reductions-ignored", "118.7", "effects can't reduce what a spell costs",
           ((rules, "cost_change", _reductions_ignored),)),
    Mutant("instants-enter-the-battlefield", "400.4a", "instants and sorceries can be put onto the battlefield",
           ((zones, "can_enter_battlefield", _instants_enter),)),
    Mutant("entering-auras-target", "303.4f", "an Aura put onto the battlefield chooses as though targeting",
           ((attach, "host_for_entering_aura", _entering_auras_target),)),
    Mutant("put-lands-are-played", "305.4", "a land an effect puts onto the battlefield counts as played",
           ((zones, "put_onto_battlefield", _put_lands_are_played),)),
    Mutant("noncreatures-keep-power", "208.3", "a noncreature permanent has its printed power and toughness",
           ((layers, "_freeze", _noncreatures_keep_power),)),
    Mutant("destinations-settled-unasked", "400.6", "the engine decides which conflicting instruction moves an object",
           ((sba, "settle_destinations", _destinations_settled_unasked),)),
    Mutant("losing-never-replaced", "614.6", "replacement effects can't stop a player losing the game",
           ((actions, "replace_losing", _losing_never_replaced),)),
    Mutant("graveyard-of-the-controller", "400.3", "a card goes to its controller's graveyard, not its owner's",
           ((zones, "_arrive", _graveyard_of_the_controller),)),
    Mutant("effects-follow-the-card", "400.7", "effects on an object go on applying after it changes zones",
           ((zones, "_arrive", _effects_follow_the_card),)),
    Mutant("stickers-lost-in-public-zones", "400.7m", "stickers come off a card moving between public zones",
           ((zones, "_arrive", _stickers_lost_in_public_zones),)),
    Mutant("stickers-kept-everywhere", "123.5", "stickers stay on a card moving to a hidden zone",
           ((zones, "_arrive", _stickers_kept_everywhere),)),
    Mutant("first-in-first-out", "405.5", "the oldest object on the stack resolves first",
           ((stack, "resolve_top", _first_in_first_out),)),
    Mutant("emblem-abilities-on-the-battlefield", "114.4", "an emblem's abilities don't function in the command zone",
           ((emblems, "_in_the_command_zone", _emblem_abilities_on_the_battlefield),)),
    Mutant("cdas-only-on-the-battlefield", "208.2a", "characteristic-defining abilities function only where "
           "other static abilities do", ((StaticAbility, "functions_in", _cdas_only_on_the_battlefield),)),
)
