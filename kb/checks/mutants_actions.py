"""Engine mutants for the keyword actions of chapter 701 (:mod:`kb.engine.keyword_actions`): each
breaks one rule of an action on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.checks.mutants import Mutant
from kb.engine import actions, counters, damage, keyword_actions, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import View
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.game import Game
from kb.engine.objects import GameObject

_ka = keyword_actions
_original_scry = _ka.scry
_original_surveil = _ka.surveil
_original_fight = _ka.fight
_original_amass = _ka.amass
_original_proliferate = _ka.proliferate


def _scry_keeps_all_on_top(game: Game, player: PlayerId, count: int) -> None:
    if count <= 0:
        return
    _ka._some_of(game, player, _ka.top_of_library(game, player, count), "cards to put on the bottom")
    game.emit(_ka.Scried(player, count))


def _scry_zero_is_an_event(game: Game, player: PlayerId, count: int) -> None:
    _original_scry(game, player, count)
    if count <= 0:
        game.emit(_ka.Scried(player, count))


def _surveil_keeps_all_on_top(game: Game, player: PlayerId, count: int) -> None:
    if count <= 0:
        return
    _ka._some_of(game, player, _ka.top_of_library(game, player, count), "cards to put into the graveyard")
    game.emit(_ka.Surveilled(player, count))


def _surveil_zero_is_an_event(game: Game, player: PlayerId, count: int) -> None:
    _original_surveil(game, player, count)
    if count <= 0:
        game.emit(_ka.Surveilled(player, count))


def _fight_one_way(game: Game, first: ObjectId, second: ObjectId) -> None:
    if first != second and _ka._creature_on_battlefield(game, first) and _ka._creature_on_battlefield(game, second):
        damage.deal(game, [(first, second, game.view(first).power or 0)])
    else:
        _original_fight(game, first, second)


def _fight_even_if_gone(game: Game, first: ObjectId, second: ObjectId) -> None:
    present = [i for i in (first, second) if _ka._creature_on_battlefield(game, i)]
    if len(present) == 2 or first == second:
        _original_fight(game, first, second)
        return
    for one, other in ((first, second), (second, first)):
        if other in present:
            damage.deal(game, [(one, other, game.last_known_view(one).power or 0)])


def _fight_self_once(game: Game, first: ObjectId, second: ObjectId) -> None:
    if first == second and _ka._creature_on_battlefield(game, first):
        damage.deal(game, [(first, first, game.view(first).power or 0)])
    else:
        _original_fight(game, first, second)


def _fight_is_combat_damage(game: Game, first: ObjectId, second: ObjectId) -> None:
    if first != second and _ka._creature_on_battlefield(game, first) and _ka._creature_on_battlefield(game, second):
        damage.deal(game, [(first, second, game.view(first).power or 0),
                           (second, first, game.view(second).power or 0)], combat=True)
    else:
        _original_fight(game, first, second)


def _double_power_sets_base(game: Game, creature: ObjectId, source: ObjectId | None, controller: PlayerId) -> None:
    from kb.engine.durations import UntilEndOfTurn
    from kb.engine.parts import base_pt

    view = game.view(creature)
    base = game.objects[creature].card.front
    game.create_effect("base power twice its power", [base_pt(2 * (view.power or 0), base.toughness or 0)],
                       [creature], UntilEndOfTurn(), source=source, controller=controller)


def _double_power_not_below_zero(game: Game, creature: ObjectId, source: ObjectId | None,
                                 controller: PlayerId) -> None:
    from kb.engine.durations import UntilEndOfTurn
    from kb.engine.parts import modify_pt

    power = max(game.view(creature).power or 0, 0)
    game.create_effect("double its power", [modify_pt(power, 0)], [creature], UntilEndOfTurn(), source=source,
                       controller=controller)


def _double_life_set_by_hand(game: Game, player: PlayerId) -> None:
    game.players[player].life *= 2
    game.touch()


def _double_counters_adds_one(game: Game, holder: ObjectId | PlayerId, kind: str) -> None:
    counters.put(game, holder if isinstance(holder, str) else game.objects[holder], kind, 1)


def _investigate_makes_food(game: Game, player: PlayerId) -> None:
    from kb.engine.predefined_tokens import PREDEFINED

    game.create_token(PREDEFINED["Food"], player)


def _proliferate_one_kind(game: Game, player: PlayerId) -> list[ObjectId | PlayerId]:
    saved = {}
    for obj in game.battlefield():
        saved[obj.id] = dict(obj.counters)
    chosen = _original_proliferate(game, player)
    for holder in chosen:
        if isinstance(holder, int) and holder in saved:
            for kind in list(saved[holder])[1:]:
                counters.remove(game, game.objects[holder], kind, 1)
    return list(chosen)


def _monstrosity_every_time(game: Game, permanent: ObjectId, count: int) -> None:
    counters.put(game, game.objects[permanent], _ka.PLUS_ONE, count)
    game.objects[permanent].designations.add(_ka.MONSTROUS)


def _bolster_the_greatest(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    mine = [o.id for o in game.creatures(player)]
    if not mine:
        return None
    chosen = max(mine, key=lambda i: game.view(i).toughness or 0)
    counters.put(game, game.objects[chosen], _ka.PLUS_ONE, count)
    return chosen


def _adapt_always(game: Game, permanent: ObjectId, count: int) -> None:
    counters.put(game, game.objects[permanent], _ka.PLUS_ONE, count)


def _amass_always_creates(game: Game, player: PlayerId, subtype: str, count: int) -> ObjectId | None:
    from kb.engine.cards import token

    [made] = game.create_token(token(None, f"Creature — {subtype} Army", 0, 0, colors="B"), player)
    counters.put(game, made, _ka.PLUS_ONE, count)
    game.emit(_ka.Amassed(player, made.id))
    return made.id


def _amass_forgets_the_army(game: Game, player: PlayerId, subtype: str, count: int) -> ObjectId | None:
    before = len(game.log)
    chosen = _original_amass(game, player, subtype, count)
    game.log[before:] = [_ka.Amassed(player, None) if isinstance(e, _ka.Amassed) else e for e in game.log[before:]]
    return chosen


def _explore_lands_counted(game: Game, permanent: ObjectId) -> None:
    player, present = _ka._acting(game, permanent)
    top = _ka.top_of_library(game, player, 1)
    if top and present:
        counters.put(game, game.objects[permanent], _ka.PLUS_ONE, 1)
        if game.choices.ask(Choice(ChoiceKind.MAY, player, "put the revealed card into your graveyard",
                                       (True, False))):
            zones.move(game, game.objects[top[0]], Zone.GRAVEYARD)
    game.emit(_ka.Explored(permanent, player))


def _explore_needs_a_card(game: Game, permanent: ObjectId) -> None:
    player, _ = _ka._acting(game, permanent)
    if _ka.top_of_library(game, player, 1):
        _original_explore(game, permanent)


_original_explore = _ka.explore


def _connive_counts_lands(game: Game, permanent: ObjectId, count: int = 1) -> None:
    from kb.engine import instructions

    player, present = _ka._acting(game, permanent)
    game.draw(player, count)
    discarded = instructions.discard_cards(game, player, count)
    if present and discarded:
        counters.put(game, game.objects[permanent], _ka.PLUS_ONE, len(discarded))
    game.emit(_ka.Connived(permanent, player))


_original_exchange_control = _ka.exchange_control
_original_populate = _ka.populate


def _exchange_what_can_be(game: Game, first: ObjectId, second: ObjectId, source: ObjectId | None,
                          controller: PlayerId) -> bool:
    from kb.engine.parts import control

    present = [i for i in (first, second) if game.objects.get(i) is not None
               and game.objects[i].zone is Zone.BATTLEFIELD]
    if len(present) == 2:
        return _original_exchange_control(game, first, second, source, controller)
    for one in present:
        other = next(p for p in game.players if p != game.view(one).controller)
        game.create_effect("controls it", [control(other)], [one], None, source=source, controller=controller)
    return bool(present)


def _exchange_one_way(game: Game, first: ObjectId, second: ObjectId, source: ObjectId | None,
                      controller: PlayerId) -> bool:
    from kb.engine.parts import control

    if any(game.objects.get(i) is None or game.objects[i].zone is not Zone.BATTLEFIELD for i in (first, second)):
        return False
    game.create_effect("controls it", [control(game.view(second).controller)], [first], None, source=source,
                       controller=controller)
    return True


def _exchange_with_oneself_makes_effects(game: Game, first: ObjectId, second: ObjectId, source: ObjectId | None,
                                         controller: PlayerId) -> bool:
    from kb.engine.parts import control

    if game.view(first).controller == game.view(second).controller:
        game.create_effect("controls it", [control(game.view(second).controller)], [first], None, source=source,
                           controller=controller)
        game.create_effect("controls it", [control(game.view(first).controller)], [second], None, source=source,
                           controller=controller)
        return True
    return _original_exchange_control(game, first, second, source, controller)


def _exchange_life_set_by_hand(game: Game, first: PlayerId, second: PlayerId) -> None:
    players = game.players
    players[first].life, players[second].life = players[second].life, players[first].life
    game.touch()


def _detain_leaves_abilities(game: Game, permanent: ObjectId, controller: PlayerId,
                             source: ObjectId | None = None) -> None:
    from kb.engine.durations import UntilYourNextTurn
    from kb.engine.rules import CantAttack, CantBlock
    from kb.engine.selectors import only

    game.create_effect("detained", (), [permanent], UntilYourNextTurn(controller),
                       rules=[CantAttack(only(permanent)), CantBlock(only(permanent))], source=source,
                       controller=controller)


def _populate_nothing(game: Game, player: PlayerId) -> list[ObjectId]:
    return []


def _populate_any_creature(game: Game, player: PlayerId) -> list[ObjectId]:
    from kb.engine import copies

    if any(o.card.is_token for o in game.creatures(player)):
        return _original_populate(game, player)
    mine = game.creatures(player)
    return [o.id for o in copies.create_token_copies(game, mine[0].id, player)] if mine else []


def _untapping_untapped_is_an_event(game: Game, permanents: Sequence[GameObject]) -> None:
    from kb.engine.events import Untapped

    for permanent in permanents:
        permanent.tapped = False
    game.emit(*(Untapped(p.id) for p in permanents))


def _sacrifice_destroys(game: Game, player: PlayerId, permanents: Sequence[GameObject]) -> list[GameObject | None]:
    return _original_destroy(game, list(permanents))


_original_destroy = zones.destroy


_original_shuffle_into = _ka.shuffle_into_library


def _no_shuffle_when_none_found(game: Game, player: PlayerId, objects: Sequence[ObjectId],
                                expected: Zone | None = None) -> None:
    found = [i for i in objects if i in game.objects and (expected is None or game.objects[i].zone is expected)]
    if objects and not found:
        return
    _original_shuffle_into(game, player, objects, expected)


def _no_shuffle_for_an_empty_group(game: Game, player: PlayerId, objects: Sequence[ObjectId],
                                   expected: Zone | None = None) -> None:
    if objects:
        _original_shuffle_into(game, player, objects, expected)


def _hidden_search_finds_all(game: Game, player: PlayerId, owner: PlayerId, zone: Zone,
                             matches: Callable[[View], bool], *, up_to: int | None = None) -> list[ObjectId]:
    found = [o.id for o in game.in_zone(zone, owner) if matches(game.view(o.id))]
    return found[:up_to] if up_to is not None else found


def _unqualified_search_may_fail(game: Game, player: PlayerId, count: int) -> list[ObjectId]:
    library = list(game.players[player].library)
    options = ((), *((c,) for c in library)) if count == 1 else ((),)
    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "cards to find", options))
    assert isinstance(answer, tuple)
    return list(answer)


MUTANTS = (
    Mutant("scry-keeps-all-on-top", "701.22a", "scrying puts no card on the bottom of the library",
           ((_ka, "scry", _scry_keeps_all_on_top),)),
    Mutant("scry-zero-is-an-event", "701.22b", "scry 0 is a scry that abilities trigger on",
           ((_ka, "scry", _scry_zero_is_an_event),)),
    Mutant("surveil-keeps-all-on-top", "701.25a", "surveilling puts no card into the graveyard",
           ((_ka, "surveil", _surveil_keeps_all_on_top),)),
    Mutant("surveil-zero-is-an-event", "701.25c", "surveil 0 is a surveil that abilities trigger on",
           ((_ka, "surveil", _surveil_zero_is_an_event),)),
    Mutant("fight-one-way", "701.14a", "in a fight only the first creature deals damage",
           ((_ka, "fight", _fight_one_way),)),
    Mutant("fight-even-if-gone", "701.14b", "a creature fights one that left the battlefield, by last known power",
           ((_ka, "fight", _fight_even_if_gone),)),
    Mutant("fight-self-once", "701.14c", "a creature fighting itself deals its power once",
           ((_ka, "fight", _fight_self_once),)),
    Mutant("fight-is-combat-damage", "701.14d", "fight damage is combat damage",
           ((_ka, "fight", _fight_is_combat_damage),)),
    Mutant("double-power-sets-base", "701.10b", "doubling power sets the base power instead of modifying it",
           ((_ka, "double_power", _double_power_sets_base),)),
    Mutant("double-power-not-below-zero", "701.10c", "doubling a negative power does nothing",
           ((_ka, "double_power", _double_power_not_below_zero),)),
    Mutant("double-life-set-by-hand", "701.10d", "doubling a life total neither gains nor loses life",
           ((_ka, "double_life", _double_life_set_by_hand),)),
    Mutant("double-counters-adds-one", "701.10e", "doubling counters adds one counter",
           ((_ka, "double_counters", _double_counters_adds_one),)),
    Mutant("investigate-makes-food", "701.16a", "investigating creates a Food instead of a Clue",
           ((_ka, "investigate", _investigate_makes_food),)),
    Mutant("proliferate-one-kind", "701.34a", "proliferating adds a counter of only one kind per permanent",
           ((_ka, "proliferate", _proliferate_one_kind),)),
    Mutant("monstrosity-every-time", "701.37a", "a monstrous permanent gets counters from monstrosity again",
           ((_ka, "monstrosity", _monstrosity_every_time),)),
    Mutant("bolster-the-greatest", "701.39a", "bolster picks the creature with the greatest toughness",
           ((_ka, "bolster", _bolster_the_greatest),)),
    Mutant("adapt-always", "701.46a", "adapt puts counters even on a permanent that has +1/+1 counters",
           ((_ka, "adapt", _adapt_always),)),
    Mutant("amass-always-creates", "701.47a", "amass creates a new Army even if you control one",
           ((_ka, "amass", _amass_always_creates),)),
    Mutant("amass-forgets-the-army", "701.47c", "the amassed Army isn't the one chosen",
           ((_ka, "amass", _amass_forgets_the_army),)),
    Mutant("explore-lands-counted", "701.44a", "exploring a land gives a counter instead of the card",
           ((_ka, "explore", _explore_lands_counted),)),
    Mutant("explore-needs-a-card", "701.44b", "a permanent doesn't explore when the library is empty",
           ((_ka, "explore", _explore_needs_a_card),)),
    Mutant("exchange-what-can-be", "701.12a", "an exchange of control that can't be done in full is done in part",
           ((_ka, "exchange_control", _exchange_what_can_be),)),
    Mutant("exchange-one-way", "701.12b", "exchanging control gives only the first permanent to the other player",
           ((_ka, "exchange_control", _exchange_one_way),)),
    Mutant("exchange-with-oneself", "701.12b", "exchanging control of two permanents of one player makes effects",
           ((_ka, "exchange_control", _exchange_with_oneself_makes_effects),)),
    Mutant("exchange-life-set-by-hand", "701.12c", "exchanging life totals neither gains nor loses life",
           ((_ka, "exchange_life_totals", _exchange_life_set_by_hand),)),
    Mutant("detain-leaves-abilities", "701.35a", "a detained permanent's activated abilities can be activated",
           ((_ka, "detain", _detain_leaves_abilities),)),
    Mutant("populate-nothing", "701.36a", "populating creates no token",
           ((_ka, "populate", _populate_nothing),)),
    Mutant("populate-any-creature", "701.36b", "populating without a creature token copies a nontoken creature",
           ((_ka, "populate", _populate_any_creature),)),
    Mutant("untapping-untapped", "701.26b", "an untapped permanent can be untapped again",
           ((actions, "untap", _untapping_untapped_is_an_event),)),
    Mutant("sacrifice-destroys", "701.8b", "sacrificing a permanent destroys it (so regeneration applies)",
           ((zones, "sacrifice", _sacrifice_destroys),)),
    Mutant("no-shuffle-when-none-found", "701.24c", "the library isn't shuffled when the object to shuffle in is gone",
           ((_ka, "shuffle_into_library", _no_shuffle_when_none_found),)),
    Mutant("no-shuffle-for-an-empty-group", "701.24d", "shuffling an empty group of cards in doesn't shuffle",
           ((_ka, "shuffle_into_library", _no_shuffle_for_an_empty_group),)),
    Mutant("hidden-search-finds-all", "701.23b", "a search of a hidden zone for cards with a quality finds them all",
           ((_ka, "search", _hidden_search_finds_all),)),
    Mutant("unqualified-search-may-fail", "701.23d", "a search for 'a card' may find nothing",
           ((_ka, "search_for_cards", _unqualified_search_may_fail),)),
    Mutant("connive-counts-lands", "701.50a", "conniving gives a counter for a discarded land too",
           ((_ka, "connive", _connive_counts_lands),)),
)
