"""Engine mutants for the keyword actions of chapter 701 modelled beside :mod:`kb.engine.keyword_actions`
(attach, discard, exile, transform and the actions of :mod:`kb.engine.keyword_actions_more`): each
breaks one rule of an action on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    actions,
    archenemy,
    attach,
    counters,
    designations,
    events,
    facedown,
    keyword_actions,
    payment,
    planechase,
    targets,
    transform,
    zones,
)
from kb.engine import choice_actions as cha
from kb.engine import cost_actions as co
from kb.engine import counter_actions as ca
from kb.engine import library_actions as la
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import Card
from kb.engine.characteristics import View
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause
from kb.engine.game import Game
from kb.engine.mana import ManaCost
from kb.engine.objects import GameObject


def _discard_to_exile(game: Game, player: PlayerId, cards: Sequence[GameObject]) -> None:
    zones.move_all(game, list(cards), Zone.EXILE, cause=Cause.DISCARD)


def _exile_to_graveyard(game: Game, *objects: object) -> list[GameObject | None]:
    return zones.move_all(game, [game.obj(o) for o in objects], Zone.GRAVEYARD)  # type: ignore[arg-type]


_original_is_legal = attach.is_legal


def _attach_anywhere(game: Game, attachment: View, target: ObjectId | PlayerId | None) -> bool:
    return target is not None and (isinstance(target, str) or target in game.objects)


_original_create_tokens = zones.create_tokens


def _create_one_token(game: Game, card: Card, controller: PlayerId, count: int = 1, *,
                      tapped: bool = False) -> list[GameObject]:
    return _original_create_tokens(game, card, controller, min(count, 1), tapped=tapped)


def _transform_nothing(game: Game, permanent: GameObject) -> bool:
    return False


_original_triple = ca.triple


def _triple_as_double(game: Game, creature: ObjectId, source: ObjectId | None, controller: PlayerId, *,
                      power: bool = True, toughness: bool = False) -> None:
    from kb.engine import keyword_actions

    keyword_actions.double_power(game, creature, source, controller)


def _triple_not_below_zero(game: Game, creature: ObjectId, source: ObjectId | None, controller: PlayerId, *,
                           power: bool = True, toughness: bool = False) -> None:
    if (game.view(creature).power or 0) >= 0:
        _original_triple(game, creature, source, controller, power=power, toughness=toughness)


def _up_to_ignored(spec: targets.TargetSpec, picks: Sequence[targets.Target]) -> bool:
    return targets.distinct(picks) and (spec.count is None or len(picks) == spec.count)


_original_incubate = ca.incubate


def _incubate_without_counters(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    return _original_incubate(game, player, 0)


def _time_travel_only_adds(game: Game, player: PlayerId) -> dict[ObjectId, int]:
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "time travel", accepts=lambda v: isinstance(v, dict),
                                     default={}))
    assert isinstance(chosen, dict)
    for object_id in chosen:
        counters.put(game, game.objects[object_id], ca.TIME, 1)
    return dict(chosen)


_original_endure = ca.endure


def _endure_zero_creates_a_spirit(game: Game, permanent: ObjectId, count: int) -> ObjectId | None:
    if count == 0:
        from kb.engine.cards import token

        return game.create_token(token(None, "Creature — Spirit", 0, 0, colors="W"), game.view(permanent).controller)[0].id
    return _original_endure(game, permanent, count)


def _endure_always_counters(game: Game, permanent: ObjectId, count: int) -> ObjectId | None:
    if count > 0:
        counters.put(game, game.objects[permanent], ca.PLUS_ONE, count)
    return None


_original_earthbend = ca.earthbend


def _earthbend_without_return(game: Game, land: ObjectId, count: int, player: PlayerId,
                              source: ObjectId | None) -> None:
    from kb.engine import triggers

    with_delayed = triggers.create_delayed
    triggers.create_delayed = lambda *args, **kwargs: None  # type: ignore[assignment]
    try:
        _original_earthbend(game, land, count, player, source)
    finally:
        triggers.create_delayed = with_delayed


def _earthbend_no_event(game: Game, land: ObjectId, count: int, player: PlayerId, source: ObjectId | None) -> None:
    from kb.engine import events

    real_emit = game.emit
    game.emit = lambda *found: real_emit(*(e for e in found if not isinstance(e, events.Earthbent)))  # type: ignore[method-assign]
    try:
        _original_earthbend(game, land, count, player, source)
    finally:
        del game.emit


_original_blight = ca.blight


def _blight_plus_counters(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    mine = tuple(o.id for o in game.creatures(player))
    if not mine:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "the creature to blight", mine))
    assert isinstance(chosen, int)
    counters.put(game, game.objects[chosen], "+1/+1", count)
    game.emit(events.Blighted(player, chosen))
    return chosen


def _blight_any_creature(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    every = tuple(o.id for o in game.creatures())
    if not every:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "the creature to blight", every))
    assert isinstance(chosen, int)
    counters.put(game, game.objects[chosen], "-1/-1", count)
    game.emit(events.Blighted(player, chosen))
    return chosen


def _blight_without_creature_is_an_event(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    chosen = _original_blight(game, player, count)
    if chosen is None:
        game.emit(events.Blighted(player, -1))
    return chosen


def _blight_no_event(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    real_emit = game.emit
    game.emit = lambda *found: real_emit(*(e for e in found if not isinstance(e, events.Blighted)))  # type: ignore[method-assign]
    try:
        return _original_blight(game, player, count)
    finally:
        del game.emit


def _goad_any_player(self: designations.GoadRequirement, chosen: Mapping[ObjectId, Any]) -> bool:
    return self.creature in chosen


def _goad_again(game: Game, creature: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    from kb.engine.durations import UntilYourNextTurn
    from kb.engine.rules import Goaded
    from kb.engine.selectors import only

    game.create_effect(f"goaded by {player}", (), [creature], UntilYourNextTurn(player),
                       rules=[Goaded(only(creature), player)], source=source, controller=player)
    return True


def _goad_for_good(game: Game, creature: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    from kb.engine.durations import Indefinite
    from kb.engine.rules import Goaded
    from kb.engine.selectors import only

    if player in designations.goaded_by(game, creature):
        return False
    game.create_effect(f"goaded by {player}", (), [creature], Indefinite(),
                       rules=[Goaded(only(creature), player)], source=source, controller=player)
    return True


def _exert_nothing(game: Game, permanent: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    return game.objects[permanent].zone is Zone.BATTLEFIELD


def _exert_for_good(game: Game, permanent: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    from kb.engine.durations import Indefinite
    from kb.engine.rules import DoesntUntap
    from kb.engine.selectors import only

    if game.objects[permanent].zone is not Zone.BATTLEFIELD:
        return False
    game.create_effect("exerted", (), [permanent], Indefinite(), rules=[DoesntUntap(only(permanent))],
                       source=source, controller=player)
    return True


_original_exert = designations.exert


def _exert_anywhere(game: Game, permanent: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    _original_exert(game, permanent, player, source)
    return True


_original_suspect = designations.suspect


def _suspect_without_menace(game: Game, creature: ObjectId, source: ObjectId | None = None,
                            controller: PlayerId | None = None) -> bool:
    from kb.engine.rules import CantBlock
    from kb.engine.selectors import only

    obj = game.objects[creature]
    if designations.SUSPECTED in obj.designations:
        return False
    obj.designations.add(designations.SUSPECTED)
    game.create_effect("suspected", (), [creature], None, rules=[CantBlock(only(creature))], source=source,
                       controller=controller or game.view(creature).controller)
    return True


def _suspect_again(game: Game, creature: ObjectId, source: ObjectId | None = None,
                   controller: PlayerId | None = None) -> bool:
    game.objects[creature].designations.discard(designations.SUSPECTED)
    return _original_suspect(game, creature, source, controller)


def _harness_nothing(game: Game, permanent: ObjectId) -> bool:
    return False


_original_fateseal = la.fateseal


def _fateseal_own_library(game: Game, player: PlayerId, opponent: PlayerId, count: int) -> None:
    _original_fateseal(game, player, player, count)


_original_clash = la.clash


def _clash_lower_wins(game: Game, players: Sequence[PlayerId]) -> list[PlayerId]:
    tops = {p: keyword_actions.top_of_library(game, p, 1) for p in players}
    values = {p: game.view(t[0]).mana_value for p, t in tops.items() if t}
    _original_clash(game, players)
    return [p for p, v in values.items() if all(v < o for q, o in values.items() if q != p)]


def _clash_ties_win(game: Game, players: Sequence[PlayerId]) -> list[PlayerId]:
    tops = {p: keyword_actions.top_of_library(game, p, 1) for p in players}
    values = {p: game.view(t[0]).mana_value for p, t in tops.items() if t}
    _original_clash(game, players)
    return [p for p, v in values.items() if all(v >= o for q, o in values.items() if q != p)]


def _clash_keeps_on_top(game: Game, players: Sequence[PlayerId]) -> list[PlayerId]:
    saved = {p: list(game.players[p].library) for p in players}
    winners = _original_clash(game, players)
    for p, library in saved.items():
        game.players[p].library[:] = library
    return winners


def _discover_stops_at_lands(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    library = game.players[player].library
    if not library:
        return None
    top = game.objects[library[-1]]
    moved = zones.move(game, top, Zone.HAND)
    return moved.id if moved is not None else None


_original_discover = la.discover


def _discover_nothing_is_no_event(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    real_emit = game.emit
    game.emit = lambda *found: real_emit(*(e for e in found if not (  # type: ignore[method-assign]
        isinstance(e, events.Discovered) and e.card is None)))
    try:
        return _original_discover(game, player, count)
    finally:
        del game.emit


def _learn_without_drawing(game: Game, player: PlayerId, outside: Sequence[Card] = ()) -> ObjectId | None:
    game.draw = lambda *args, **kwargs: None  # type: ignore[method-assign]
    try:
        return _original_learn(game, player, outside)
    finally:
        del game.draw


_original_learn = la.learn


def _beheld_rechecked(game: Game, beheld: la.Beheld | None, matches: Callable[[View], bool]) -> bool:
    return beheld is not None and matches(game.last_known_view(beheld.object_id))


_original_behold = la.behold


def _behold_without_revealing(game: Game, player: PlayerId, quality: str, matches: Callable[[View], bool]
                              ) -> la.Beheld | None:
    saved = la.reveal
    la.reveal = lambda *args, **kwargs: None
    try:
        return _original_behold(game, player, quality, matches)
    finally:
        la.reveal = saved


def _votes_from_the_active_player(game: Game, starting: PlayerId, options: Sequence[object]) -> Counter[object]:
    return _original_vote(game, game.active, options)


_original_vote = cha.vote


def _one_vote_each(game: Game, player: PlayerId) -> int:
    return 1


def _villainous_once(game: Game, player: PlayerId, controller: PlayerId) -> int:
    return 1


_original_face = cha.face_villainous_choice


def _villainous_in_turn_order_from_controller(game: Game, players: Sequence[PlayerId], controller: PlayerId,
                                              first: cha.Option, second: cha.Option) -> list[tuple[PlayerId, str]]:
    done: list[tuple[PlayerId, str]] = []
    for player in reversed([p for p in game.apnap() if p in players]):
        done += _original_face(game, [player], controller, first, second)
    return done


def _impossible_option_refused(game: Game, players: Sequence[PlayerId], controller: PlayerId,
                               first: cha.Option, second: cha.Option) -> list[tuple[PlayerId, str]]:
    if any(not game.creatures(p) for p in players):
        raise IllegalAction("an impossible option can't be chosen")
    return _original_face(game, players, controller, first, second)


def _collect_evidence_short(game: Game, player: PlayerId, amount: int) -> list[ObjectId]:
    chosen = [o.id for o in game.graveyard(player)]
    zones.move_all(game, [game.objects[i] for i in chosen], Zone.EXILE)
    return chosen


def _forage_for_nothing(game: Game, player: PlayerId) -> None:
    game.emit(events.Foraged(player))


def _waterbend_taps_for_anything(game: Game, player: PlayerId, cost: ManaCost, spent_on: object = None,
                                 tapping: Sequence[ObjectId] | None = None) -> list[ObjectId]:
    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "tap", accepts=lambda v: isinstance(v, (list, tuple)),
                                     default=[]))
    assert isinstance(answer, (list, tuple))
    chosen: list[ObjectId] = [x if isinstance(x, int) else x.id for x in answer]
    generic = sum(int(s) for s in cost.symbols if s.isdigit())
    left = generic - len(chosen)
    if left > 0:
        payment.pay_mana(game, player, ManaCost((str(left),)), spent_on)
    elif left < 0:  # the other taps pay the rest of the total cost's generic mana
        game.add_mana(player, "{C}" * -left)
    actions.tap(game, [game.objects[i] for i in chosen])
    game.emit(events.Waterbent(player, tuple(chosen)))
    return chosen


_original_waterbend = co.waterbend


def _waterbend_no_event(game: Game, player: PlayerId, cost: ManaCost, spent_on: object = None,
                        tapping: Sequence[ObjectId] | None = None) -> list[ObjectId]:
    real_emit = game.emit
    game.emit = lambda *found: real_emit(*(e for e in found if not isinstance(e, events.Waterbent)))  # type: ignore[method-assign]
    try:
        return _original_waterbend(game, player, cost, spent_on, tapping)
    finally:
        del game.emit


def _convert_is_transforming(game: Game, permanent: GameObject) -> bool:
    return transform.transform(game, permanent)


def _convert_nothing(game: Game, permanent: GameObject) -> bool:
    return False


_original_set_in_motion = archenemy.set_in_motion


def _only_the_top_is_set_in_motion(game: Game, player: PlayerId, scheme: GameObject | None = None
                                   ) -> GameObject | None:
    deck = archenemy.scheme_deck(game, player)
    if scheme is not None and not (deck and deck[0] is scheme):
        return None
    return _original_set_in_motion(game, player, scheme)


def _abandon_anything(game: Game, scheme: GameObject) -> bool:
    archenemy.put_back(game, scheme)
    return True


def _abandon_stays(game: Game, scheme: GameObject) -> bool:
    return scheme.face_down is None and scheme.zone is Zone.COMMAND


def _double_mana_adds_one(game: Game, player: PlayerId, kind: str) -> None:
    if game.players[player].mana.amount(kind):
        game.add_mana(player, "{" + kind + "}")


_original_shuffle = keyword_actions.shuffle


def _tiny_shuffle_no_event(game: Game, player: PlayerId) -> None:
    if len(game.players[player].library) > 1:
        _original_shuffle(game, player)


_original_scry = keyword_actions.scry
_original_surveil = keyword_actions.surveil


def _scry_needs_cards(game: Game, player: PlayerId, count: int) -> None:
    if game.players[player].library:
        _original_scry(game, player, count)


def _surveil_needs_cards(game: Game, player: PlayerId, count: int) -> None:
    if game.players[player].library:
        _original_surveil(game, player, count)


_original_explore = keyword_actions.explore


def _explore_needs_the_permanent(game: Game, permanent: ObjectId) -> None:
    obj = game.objects.get(permanent)
    if obj is not None and obj.zone is Zone.BATTLEFIELD:
        _original_explore(game, permanent)


_original_connive = keyword_actions.connive


def _connive_once(game: Game, permanent: ObjectId, count: int = 1) -> None:
    _original_connive(game, permanent, 1)


_original_manifest_dread = facedown.manifest_dread


def _dread_no_event(game: Game, player: PlayerId) -> GameObject | None:
    real_emit = game.emit
    game.emit = lambda *found: real_emit(*(e for e in found if not isinstance(e, events.ManifestedDread)))  # type: ignore[method-assign]
    try:
        return _original_manifest_dread(game, player)
    finally:
        del game.emit


_original_transform = transform.transform


def _transform_turns_face_down_too(game: Game, permanent: GameObject) -> bool:
    done = _original_transform(game, permanent)
    if done:
        game.emit(events.TurnedFaceDown(permanent.id))
    return done


def _turn_into_any_face(permanent: GameObject) -> bool:
    return permanent.card.back is not None and permanent.face_down is None and permanent.zone is Zone.BATTLEFIELD


def _transformed_ever(permanent: GameObject) -> bool:
    return permanent.card.back is not None and any(True for _ in [permanent])


_original_connive_2 = keyword_actions.connive


def _connive_needs_the_permanent(game: Game, permanent: ObjectId, count: int = 1) -> None:
    obj = game.objects.get(permanent)
    if obj is not None and obj.zone is Zone.BATTLEFIELD:
        _original_connive_2(game, permanent, count)


def _milled_only_in_graveyards(game: Game, milled: Sequence[GameObject | None]) -> list[ObjectId]:
    return [o.id for o in milled if o is not None and o.id in game.objects and o.zone is Zone.GRAVEYARD]


_original_planeswalk = planechase.planeswalk


def _anyone_planeswalks(game: Game, player: PlayerId | None = None) -> GameObject | None:
    saved = planechase.planar_controller
    planechase.planar_controller = lambda g: player or saved(g)  # type: ignore[assignment]
    try:
        return _original_planeswalk(game, player)
    finally:
        planechase.planar_controller = saved


def _planeswalk_to_unseen(game: Game, player: PlayerId | None = None) -> GameObject | None:
    real_emit = game.emit
    game.emit = lambda *found: real_emit(*(e for e in found if not isinstance(e, planechase.PlaneswalkedTo)))  # type: ignore[method-assign]
    try:
        return _original_planeswalk(game, player)
    finally:
        del game.emit


MUTANTS = (
    Mutant("discard-to-exile", "701.9a", "a discarded card goes to exile instead of its owner's graveyard",
           ((actions, "discard", _discard_to_exile),)),
    Mutant("exile-to-graveyard", "701.13a", "exiling an object puts it into its owner's graveyard",
           ((Game, "exile", _exile_to_graveyard),)),
    Mutant("attach-anywhere", "701.3a", "an Aura or Equipment can be attached to anything",
           ((attach, "is_legal", _attach_anywhere),)),
    Mutant("create-one-token", "701.7a", "creating several tokens creates only one",
           ((zones, "create_tokens", _create_one_token),)),
    Mutant("transform-nothing", "701.27a", "transforming a double-faced permanent does nothing",
           ((transform, "transform", _transform_nothing),)),
    Mutant("triple-as-double", "701.11b", "tripling a creature's power doubles it",
           ((ca, "triple", _triple_as_double),)),
    Mutant("triple-not-below-zero", "701.11c", "tripling a negative power does nothing",
           ((ca, "triple", _triple_not_below_zero),)),
    Mutant("up-to-targets-unbounded", "701.41a", "\"up to N targets\" allows any number of targets",
           ((targets, "right_number", _up_to_ignored),)),
    Mutant("incubate-without-counters", "701.53a", "the Incubator token enters with no +1/+1 counters",
           ((ca, "incubate", _incubate_without_counters),)),
    Mutant("time-travel-only-adds", "701.56a", "time travel always adds a time counter, to anything chosen",
           ((ca, "time_travel", _time_travel_only_adds),)),
    Mutant("endure-zero-creates-a-spirit", "701.63b", "endure 0 creates a 0/0 Spirit",
           ((ca, "endure", _endure_zero_creates_a_spirit),)),
    Mutant("endure-always-counters", "701.63a", "enduring always puts counters, never creates a Spirit",
           ((ca, "endure", _endure_always_counters),)),
    Mutant("earthbend-without-return", "701.66a", "an earthbent land doesn't return when it dies",
           ((ca, "earthbend", _earthbend_without_return),)),
    Mutant("earthbend-no-event", "701.66b", "earthbending is no event abilities trigger on",
           ((ca, "earthbend", _earthbend_no_event),)),
    Mutant("blight-plus-counters", "701.68a", "blighting puts +1/+1 counters",
           ((ca, "blight", _blight_plus_counters),)),
    Mutant("blight-any-creature", "701.68a", "a player may blight a creature they don't control",
           ((ca, "blight", _blight_any_creature),)),
    Mutant("blight-without-creature", "701.68b", "a player with no creature blights all the same (an event)",
           ((ca, "blight", _blight_without_creature_is_an_event),)),
    Mutant("blight-no-event", "701.68d", "blighting is no event abilities trigger on",
           ((ca, "blight", _blight_no_event),)),
    Mutant("goad-any-player", "701.15b", "a goaded creature may attack the player who goaded it",
           ((designations.GoadRequirement, "obeyed", _goad_any_player),)),
    Mutant("goad-again", "701.15d", "the same player goading a creature again adds requirements",
           ((designations, "goad", _goad_again),)),
    Mutant("goad-for-good", "701.15a", "a creature stays goaded after the goading player's next turn begins",
           ((designations, "goad", _goad_for_good),)),
    Mutant("exert-nothing", "701.43a", "an exerted permanent untaps during its controller's next untap step",
           ((designations, "exert", _exert_nothing),)),
    Mutant("exert-for-good", "701.43b", "an exerted permanent never untaps again",
           ((designations, "exert", _exert_for_good),)),
    Mutant("exert-anywhere", "701.43c", "an object that isn't on the battlefield can be exerted",
           ((designations, "exert", _exert_anywhere),)),
    Mutant("suspect-without-menace", "701.60c", "a suspected creature doesn't have menace",
           ((designations, "suspect", _suspect_without_menace),)),
    Mutant("suspect-again", "701.60d", "a suspected permanent can become suspected again",
           ((designations, "suspect", _suspect_again),)),
    Mutant("harness-nothing", "701.64a", "harnessing a permanent doesn't make it harnessed",
           ((designations, "harness", _harness_nothing),)),
    Mutant("fateseal-own-library", "701.29a", "fatesealing rearranges the player's own library",
           ((la, "fateseal", _fateseal_own_library),)),
    Mutant("clash-lower-wins", "701.30d", "the player who revealed the lower mana value wins a clash",
           ((la, "clash", _clash_lower_wins),)),
    Mutant("clash-ties-win", "701.30d", "a player whose card ties for the highest mana value wins a clash",
           ((la, "clash", _clash_ties_win),)),
    Mutant("clash-keeps-on-top", "701.30a", "a clashing player can't put the revealed card on the bottom",
           ((la, "clash", _clash_keeps_on_top),)),
    Mutant("discover-takes-the-top-card", "701.57a", "discovering puts the top card into the hand, land or not",
           ((la, "discover", _discover_stops_at_lands),)),
    Mutant("discover-nothing-is-no-event", "701.57b", "a player who found no card hasn't discovered",
           ((la, "discover", _discover_nothing_is_no_event),)),
    Mutant("learn-without-drawing", "701.48a", "a player who discards to learn draws no card",
           ((la, "learn", _learn_without_drawing),)),
    Mutant("beheld-rechecked", "701.4b", "whether a quality was beheld is judged on the object as it is now",
           ((la, "was_beheld", _beheld_rechecked),)),
    Mutant("behold-without-revealing", "701.4a", "a card beheld from the hand isn't revealed",
           ((la, "behold", _behold_without_revealing),)),
    Mutant("votes-from-the-active-player", "701.38a", "voting starts with the active player, not the one named",
           ((cha, "vote", _votes_from_the_active_player),)),
    Mutant("one-vote-each", "701.38d", "an effect giving a player more votes is ignored",
           ((cha, "votes_of", _one_vote_each),)),
    Mutant("villainous-choice-once", "701.55c", "a player faces a villainous choice once whatever replaces it",
           ((cha, "times_faced", _villainous_once),)),
    Mutant("villainous-choice-reverse-apnap", "701.55d", "players face a villainous choice in reverse APNAP order",
           ((cha, "face_villainous_choice", _villainous_in_turn_order_from_controller),)),
    Mutant("villainous-impossible-refused", "701.55b", "an impossible option of a villainous choice can't be chosen",
           ((cha, "face_villainous_choice", _impossible_option_refused),)),
    Mutant("collect-evidence-short", "701.59b", "evidence is collected even when the graveyard's total is too small",
           ((co, "collect_evidence", _collect_evidence_short),)),
    Mutant("forage-for-nothing", "701.61a", "foraging exiles and sacrifices nothing",
           ((co, "forage", _forage_for_nothing),)),
    Mutant("waterbend-taps-for-anything", "701.67b", "waterbend taps creatures for any generic mana of the total cost",
           ((co, "waterbend", _waterbend_taps_for_anything),)),
    Mutant("waterbend-no-event", "701.67c", "paying a waterbend cost is no event abilities trigger on",
           ((co, "waterbend", _waterbend_no_event),)),
    Mutant("convert-is-transforming", "701.28b", "converting a permanent is transforming it",
           ((transform, "convert", _convert_is_transforming),)),
    Mutant("convert-nothing", "701.28a", "converting a double-faced permanent does nothing",
           ((transform, "convert", _convert_nothing),)),
    Mutant("only-the-top-is-set-in-motion", "701.32b", "a scheme that isn't on top of the deck can't be set in motion",
           ((archenemy, "set_in_motion", _only_the_top_is_set_in_motion),)),
    Mutant("abandon-anything", "701.33a", "any scheme can be abandoned, face down or not ongoing",
           ((archenemy, "abandon", _abandon_anything),)),
    Mutant("abandon-stays", "701.33b", "an abandoned scheme stays face up where it is",
           ((archenemy, "abandon", _abandon_stays),)),
    Mutant("double-mana-adds-one", "701.10f", "doubling mana adds one mana",
           ((keyword_actions, "double_mana", _double_mana_adds_one),)),
    Mutant("tiny-shuffle-no-event", "701.24e", "shuffling a library of zero or one card is no shuffle",
           ((keyword_actions, "shuffle", _tiny_shuffle_no_event),)),
    Mutant("scry-needs-cards", "701.22d", "a player with no cards to look at doesn't scry",
           ((keyword_actions, "scry", _scry_needs_cards),)),
    Mutant("surveil-needs-cards", "701.25d", "a player with no cards to look at doesn't surveil",
           ((keyword_actions, "surveil", _surveil_needs_cards),)),
    Mutant("explore-needs-the-permanent", "701.44c", "a permanent that left the battlefield doesn't explore",
           ((keyword_actions, "explore", _explore_needs_the_permanent),)),
    Mutant("connive-once", "701.50e", "connive N draws and discards one card",
           ((keyword_actions, "connive", _connive_once),)),
    Mutant("dread-no-event", "701.62b", "manifesting dread is no event abilities trigger on",
           ((facedown, "manifest_dread", _dread_no_event),)),
    Mutant("transform-turns-face-down-too", "701.27b", "transforming counts as turning face down",
           ((transform, "transform", _transform_turns_face_down_too),)),
    Mutant("turn-into-any-face", "701.27d", "a permanent can transform or convert into an instant or sorcery face",
           ((transform, "can_turn_over", _turn_into_any_face),)),
    Mutant("transformed-ever", "701.27g", "a double-faced permanent that was ever back face up is transformed",
           ((transform, "is_transformed", _transformed_ever),)),
    Mutant("transforms-into-ignores-converting", "701.27e", "\"transforms into\" abilities don't trigger on converting",
           ((transform, "TURNING_OVER", (events.Transformed,)),)),
    Mutant("milled-only-in-graveyards", "701.17c", "an effect finds milled cards only in graveyards",
           ((la, "milled_cards", _milled_only_in_graveyards),)),
    Mutant("anyone-planeswalks", "701.31a", "any player may planeswalk, not only the planar controller",
           ((planechase, "planeswalk", _anyone_planeswalks),)),
    Mutant("planeswalk-to-unseen", "701.31d", "the plane turned face up isn't the plane planeswalked to",
           ((planechase, "planeswalk", _planeswalk_to_unseen),)),
    Mutant("connive-needs-the-permanent", "701.50c", "a permanent that left the battlefield doesn't connive",
           ((keyword_actions, "connive", _connive_needs_the_permanent),)),
)
