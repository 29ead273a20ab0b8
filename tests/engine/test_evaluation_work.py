"""The work an evaluation and a checkpoint do for objects nothing changed (issue 11: the
checks stage's share of a build).  Counted in calls, never seconds; each of these counts was
the number of objects in the game before the kept starting states were shared and the
checkpoint kept its copies."""

from __future__ import annotations

import copy
import gc
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from kb.checks import cards
from kb.checks.registry import all_checks
from kb.checks.runner import run
from kb.engine import (
    Game,
    Phase,
    PlayerId,
    Step,
    Zone,
    keyword_abilities,
    layers,
    modify_pt,
    priority,
    replacement,
    sba,
    triggers,
)
from kb.engine import game as game_module
from kb.engine.characteristics import ObjectState, Views
from kb.engine.events import PriorityGiven
from kb.engine.objects import CounterPile


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Copies of working states, fresh starting states, and copies of objects' fields."""
    counts: Counter[str] = Counter()
    clone = ObjectState.clone

    def counted_clone(self: ObjectState) -> ObjectState:
        counts["clone"] += 1
        return clone(self)

    monkeypatch.setattr(ObjectState, "clone", counted_clone)
    for module, name in ((layers, "_start"), (game_module, "_copied"), (game_module, "_saved")):
        original = getattr(module, name)

        def wrapper(*args: Any, _original: Any = original, _name: str = name) -> Any:
            counts[_name] += 1
            return _original(*args)

        monkeypatch.setattr(module, name, wrapper)
    yield counts


def _a_game() -> Game:
    game = Game(["A", "B"], library=40)
    for card in (cards.GLORIOUS_ANTHEM, cards.GRIZZLY_BEARS, cards.GRIZZLY_BEARS):
        game.place(card, Zone.BATTLEFIELD, "A")
    return game


def test_an_evaluation_copies_only_the_objects_an_effect_changes(counted: Counter[str]) -> None:
    game = _a_game()
    bears = [o for o in game.battlefield() if o.card is cards.GRIZZLY_BEARS]
    game.views()
    counted.clear()
    game.tap(bears[0])  # a change to one object: the game is evaluated again
    assert [game.view(b).pt for b in bears] == [(3, 3), (3, 3)]
    assert counted["_start"] == 1  # the tapped bears alone start afresh
    assert counted["clone"] == 2  # the anthem changes the two bears: their states are copied, no other


def test_an_evaluation_with_no_effect_copies_nothing(counted: Counter[str]) -> None:
    game = Game(["A", "B"], library=40)
    game.views()
    counted.clear()
    game.create_effect("nothing yet", [modify_pt(1, 1)], [])  # a new version: evaluated again
    assert len(game.views()) == 80
    assert (counted["_start"], counted["clone"]) == (0, 0)


def test_a_checkpoint_copies_only_what_changed_since_the_last(counted: Counter[str]) -> None:
    game = _a_game()
    game.checkpoint()
    players = len(game.players)
    assert counted["_saved"] == len(game.objects)
    assert counted["_copied"] == players + 1  # and the turn state: no object holds anything in a container
    counted.clear()
    bears = game.battlefield()[1]
    game.tap(bears)
    saved = game.checkpoint()
    assert (counted["_saved"], counted["_copied"]) == (1, 1)  # the tapped bears (no other object, no player);
    # the turn state
    game.player("A").library.append(game.player("A").library.pop(0))  # a player changed in place
    game.checkpoint()
    assert (counted["_saved"], counted["_copied"]) == (1, 3)  # since the clear: and player A, and the turn state again
    game.restore(saved)
    assert game.player("A").library == saved.players["A"]["library"]
    assert game.player("A").library is not saved.players["A"]["library"]
    game.untap(bears)
    game.put_counters(bears, "+1/+1")
    game.restore(saved)  # the restored object is a copy of the checkpoint's, never the copy itself
    assert game.obj(bears).tapped and game.obj(bears).counters == {}
    assert game.view(bears).pt == (3, 3)
    game.untap(bears)
    assert not game.view(bears).tapped and saved.object_states[bears.id]["tapped"]


def test_a_checkpoint_of_empty_containers_copies_none_and_restores_new_ones(counted: Counter[str]) -> None:
    """An object whose lists, dicts and sets are all empty is kept with its shape's empty ones,
    not copied (the old code deep-copied each object's fields: 83 copies here); restoring gives
    each field a new container of its own, and what is done to it later changes no checkpoint."""
    game = _a_game()
    bears = game.battlefield()[1]
    saved = game.checkpoint()
    assert counted["_copied"] == len(game.players) + 1  # and the turn state
    kept = saved.object_states[bears.id]
    assert kept["counters"] == {} and kept["counters"] is not bears.counters
    game.put_counters(bears, "+1/+1")
    game.restore(saved)
    restored = game.obj(bears)
    assert restored.counters == {} and restored.counters is not kept["counters"]
    containers = [v for v in restored.__dict__.values() if type(v) in (list, dict, set)]
    assert len({id(v) for v in containers}) == len(containers) >= 3  # none shared by two fields
    game.put_counters(restored, "+1/+1")
    assert kept["counters"] == {} and game.checkpoint().object_states[bears.id]["counters"] != {}
    assert game.view(bears).pt == (4, 4)  # the anthem's +1/+1 and the counter
    game.restore(saved)
    assert game.view(bears).pt == (3, 3) and game.obj(bears).counters == {}


def test_a_checkpoint_copies_the_turn_state_and_lists_of_plain_values_without_deepcopy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn state and a player's library (lists of plain values and tuples of them: their own
    deep copies item by item) are copied without ``copy.deepcopy`` (the old code deep-copied the
    turn state at every checkpoint, item by item); the copies are equal and share no container."""
    game = _a_game()
    deep = Counter[str]()
    deepcopy = copy.deepcopy

    def counted(value: Any, memo: dict[int, Any] | None = None) -> Any:
        deep[type(value).__name__] += 1
        return deepcopy(value, memo)

    monkeypatch.setattr(copy, "deepcopy", counted)
    saved = game.checkpoint()
    assert (deep["TurnState"], deep["list"], deep["tuple"]) == (0, 0, 0)
    kept, now = saved.game_state["turn_state"], game.turn_state
    assert kept == now and kept is not now and kept.plan
    assert all(value is not getattr(now, name) for name, value in vars(kept).items()
               if isinstance(value, (list, dict, set)))
    assert saved.players["A"]["library"] == game.player("A").library
    assert saved.players["A"]["library"] is not game.player("A").library
    now.plan.clear()
    assert kept.plan


def test_state_based_actions_are_not_looked_for_again_in_an_unchanged_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player receiving priority again, nothing having changed, finds nothing again without
    looking; a change (a creature with lethal damage) is found."""
    looked = Counter[str]()
    entries = [replace(e, find=_counting(e.find, looked)) for e in sba.STATE_BASED_ACTIONS]
    monkeypatch.setattr(sba, "STATE_BASED_ACTIONS", entries)
    game = _a_game()
    assert not sba.check(game)
    first = looked["find"]
    assert first == len(entries)
    assert not sba.check(game) and not sba.check(game)
    assert looked["find"] == first
    bears = game.battlefield()[1]
    game.obj(bears).damage = 3
    assert sba.check(game)
    assert bears.id not in game.objects and looked["find"] == 2 * first


def _counting(find: Callable[[sba.Check], list[sba.Action]], looked: Counter[str]
              ) -> Callable[[sba.Check], list[sba.Action]]:
    def counted(check: sba.Check) -> list[sba.Action]:
        looked["find"] += 1
        return find(check)

    return counted


def test_state_based_actions_found_without_looking_are_what_looking_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a third of the checks, every check of state-based actions is done again without the
    kept answer and compared; the checks pass as they do without the comparison."""
    original = sba.find_all
    differing: list[str] = []
    served = Counter[str]()

    def compared(game: Game) -> list[sba.Action]:
        before = game.__dict__.get("_sba_quiet")
        scripted = list(game.choices.scripted)  # a look may use a scripted choice (704.5j): the fresh one too
        found = original(game)
        kept = game.__dict__.pop("_sba_quiet", None)
        served["kept"] += before is not None and before == kept and not found
        served["all"] += 1
        left, game.choices.scripted = game.choices.scripted, scripted
        fresh = original(game)
        game.choices.scripted = left
        if kept is not None:
            game.__dict__["_sba_quiet"] = kept
        if found != fresh:
            differing.append(f"{game!r}: {found} != {fresh}")
        return found

    monkeypatch.setattr(sba, "find_all", compared)
    failed = [c.id for c in all_checks()[1::3] if not run(c).passed]
    assert (failed, differing) == ([], [])
    # the kept answer is at work (a sixth of the looks: most repeated looks are not made at all since
    # the engine stopped doing 117.5 again when nothing happened, see the tests of priority below)
    assert served["kept"] > served["all"] // 6


# -- the index of triggered abilities and replacement effects (kept on a game's Views) ---------------


def _counted_table(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Counter[object]:
    """Count, by view (or ability), the calls to ``module.name``."""
    asked = Counter[object]()
    original = getattr(module, name)

    def counted(thing: Any) -> Any:
        asked[getattr(thing, "id", thing)] += 1
        return original(thing)

    monkeypatch.setattr(module, name, counted)
    return asked


def test_events_look_only_at_objects_with_triggered_abilities(monkeypatch: pytest.MonkeyPatch) -> None:
    """80 library cards and a vanilla creature have no abilities: no event asks for their triggered
    abilities; an object with abilities is asked once while it stays unchanged, not once per event
    (on the old code every object was asked at every event, twice when the event looked back)."""
    asked = _counted_table(monkeypatch, keyword_abilities, "triggered")
    game = Game(["A", "B"], library=40)
    lair = game.place(cards.KAVU_LAIR, Zone.BATTLEFIELD, "A")
    angel = game.place(cards.SERRA_ANGEL, Zone.BATTLEFIELD, "A")
    game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "B")
    game.views()
    asked.clear()
    for _ in range(5):
        game.gain_life("A", 1)
    assert set(asked) <= {lair.id, angel.id} and max(asked.values(), default=0) <= 1
    entered = game.put_onto_battlefield(cards.SERRA_ANGEL, "B")  # power 4 enters: the Lair triggers
    assert entered is not None and [p.ability.text for p in game.pending] == \
        ["Whenever a creature with power 4 or greater enters, its controller draws a card."]
    assert len(asked) <= 4  # the new angel, the two with abilities again at most: never a library card


def test_a_proposed_event_looks_at_each_objects_abilities_once_while_it_is_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Replacement effects are looked for among the static abilities of the objects that have
    any, once while an object stays unchanged: three life gains ask for the angel's two keywords
    once (on the old code, at each proposed event), and a replacement effect still applies."""
    game = Game(["A", "B"], library=40)
    game.place(cards.SERRA_ANGEL, Zone.BATTLEFIELD, "A")
    game.views()
    asked = Counter[str]()
    static, sources = keyword_abilities.static, replacement.sources
    inside = [False]

    def counted_static(ability: Any) -> Any:
        asked["static"] += inside[0]
        return static(ability)

    def counted_sources(*args: Any) -> Any:
        inside[0] = True
        try:
            return sources(*args)
        finally:
            inside[0] = False

    monkeypatch.setattr(keyword_abilities, "static", counted_static)
    monkeypatch.setattr(replacement, "sources", counted_sources)
    for _ in range(3):
        game.gain_life("A", 1)
    assert game.player("A").life == 23
    assert asked["static"] <= len(cards.SERRA_ANGEL.front.abilities)  # the old code: 2 at each of the 3
    treefolk = game.put_onto_battlefield(cards.SCARWOOD_TREEFOLK, "A")  # its own replacement still applies
    assert treefolk is not None and game.view(treefolk).tapped


def test_the_indexes_answer_what_looking_at_every_object_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a third of the checks, every look-up of the trigger index is compared with going
    through every view afresh, every search for replacement effects with the same search on a
    plain mapping of the views (no index), and every keyword's holders with every view that has
    it; the checks pass as they do without the comparison."""
    differing: list[str] = []
    used = Counter[str]()
    indexed = triggers.triggered_by

    def compared(views: Any, kind: Any) -> Any:
        found = indexed(views, kind)
        used["index"] += isinstance(views, Views)
        fresh = []
        for view in views.values():
            abilities = [a for a in keyword_abilities.triggered(view)
                         if (a.trigger.state is not None if kind is None else isinstance_of(kind, a.trigger.events))]
            if abilities:
                fresh.append((view, abilities))
        if [(v.id, [id(a) for a in abilities]) for v, abilities in found] != \
                [(v.id, [id(a) for a in abilities]) for v, abilities in fresh]:
            differing.append(f"triggered by {kind}: {found} != {fresh}")
        return found

    searched = replacement.sources

    def sources(game: Game, proposed: Any, own: Any) -> Any:
        found = searched(game, proposed, own)
        views = game.views()
        if isinstance(views, Views):
            used["replacements"] += 1
            live = game.views  # looked at afresh: an entering object is seen as it would enter (614.12)
            monkeypatch.setattr(game, "views", lambda: dict(live()))  # a plain mapping: no index
            try:
                fresh = searched(game, proposed, own)
            finally:
                monkeypatch.delattr(game, "views")
            if [(o.key, o.replacement.text) for o in found] != [(o.key, o.replacement.text) for o in fresh]:
                differing.append(f"replacements for {proposed}: {found} != {fresh}")
        return found

    kept = Views.index

    def index(views: Views, key: Any, compute: Any) -> Any:
        found = kept(views, key, compute)
        if key[0] == "keyword":  # with_keyword: the holders of one keyword (ascend, space sculptor …)
            used["keyword"] += 1
            if found != [v for v in views.values() if v.has(key[1])]:
                differing.append(f"with the keyword {key[1]}: {found}")
        return found

    monkeypatch.setattr(triggers, "triggered_by", compared)
    monkeypatch.setattr(replacement, "sources", sources)
    monkeypatch.setattr(Views, "index", index)
    failed = [c.id for c in all_checks()[2::3] if not run(c).passed]
    assert (failed, differing) == ([], [])
    assert used["index"] > 1000 and used["replacements"] > 100 and used["keyword"] > 1000  # the indexes are at work


def isinstance_of(kind: type, kinds: tuple[type, ...]) -> bool:
    return issubclass(kind, kinds)


def test_a_new_object_is_stamped_once_and_its_records_are_what_the_dataclass_makes() -> None:
    """A new game object's fields are written at once (one stamp; the dataclass's own __init__
    gave one per field), with fresh containers of its own; the frozen records made for every
    object an evaluation sees anew are equal to what their fields say, defaults included."""
    from kb.engine.characteristics import Characteristics, Status, View
    from kb.engine.objects import _STAMPS, GameObject

    before = next(_STAMPS)
    first = GameObject(1, cards.GRIZZLY_BEARS, "A", "A", Zone.HAND, 1)
    second = GameObject(2, cards.GRIZZLY_BEARS, "A", "A", Zone.HAND, 2, tapped=True)
    assert next(_STAMPS) - before == 3  # one each, and this call
    assert first.counters == {} and first.counters is not second.counters and second.tapped and not first.tapped
    values = Characteristics("Bear", power=2, toughness=2)
    view = View(1, Zone.HAND, "A", "A", 1, values, values)
    assert (view.status, view.counters, view.damage, view.x) == (Status(), {}, 0, 0)
    assert view == View(1, Zone.HAND, "A", "A", 1, Characteristics("Bear", power=2, toughness=2), values)
    assert replace(view, damage=1).damage == 1 and view.damage == 0
    assert View(2, Zone.HAND, "A", "A", 1, values, values).counters is not view.counters
    with pytest.raises(AttributeError):
        view.damage = 2  # type: ignore[misc]  # still frozen


# -- plain evaluations given again (layers.last_plain) --------------------------------------------------


def test_a_plain_game_whose_objects_are_unchanged_is_not_evaluated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no effect of a resolved spell and no static ability with layer parts, the views are a
    function of the objects alone: a change that touches no object (a player gains life) runs no
    layer and gives the same views (the old code ran every layer over every object again); a
    change to one object, or a new effect, is evaluated."""
    layers_run = Counter[str]()
    run_layer = layers.run_layer

    def counted(evaluation: Any, layer: Any) -> None:
        layers_run[layer] += 1
        run_layer(evaluation, layer)

    monkeypatch.setattr(layers, "run_layer", counted)
    game = Game(["A", "B"], library=40)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
    game.put_counters(bears, "+1/+1", 1)  # a counter is the object's own: still plain
    before = game.views()
    layers_run.clear()
    game.gain_life("A", 2)
    assert game.views() is before and not layers_run
    game.tap(bears)
    assert game.view(bears).tapped and game.view(bears).pt == (3, 3) and layers_run
    layers_run.clear()
    game.create_effect("giant growth", [modify_pt(3, 3)], [bears])
    assert game.view(bears).pt == (6, 6) and layers_run


def test_evaluations_given_again_are_what_evaluating_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a third of the checks, every evaluation is done again from scratch and compared with
    the one the game got, given again or not; the checks pass as they do without the comparison."""
    original = layers.evaluate
    differing: list[str] = []
    served = Counter[str]()

    def compared(game: Game) -> Any:
        previous = layers.last_plain(game)
        found = original(game)
        served["again"] += found is previous
        served["all"] += 1
        last = game.__dict__.get(layers._LAST)
        game.cache_views = False  # this game only: evaluated from scratch
        try:
            fresh, again = original(game), original(game)
        finally:
            del game.cache_views
        if last is not None:
            game.__dict__[layers._LAST] = last
        if found != fresh:  # a changed text (612) makes new abilities in every evaluation: compare the rest
            wrong = [i for i in fresh if fresh[i] == again[i] and found.get(i) != fresh[i]]
            if wrong or set(found) != set(fresh):
                differing.append(f"{game!r}: {wrong}")
        return found

    monkeypatch.setattr(layers, "evaluate", compared)
    failed = [c.id for c in all_checks()[::3] if not run(c).passed]
    assert (failed, differing) == ([], [])
    assert served["again"] > served["all"] // 4  # evaluations given again are at work


def test_a_game_no_one_holds_is_freed_with_what_its_evaluations_kept() -> None:
    """What an evaluation keeps for a game (its memo, its last plain views) goes with the game: the
    old code kept the memos in a weak mapping keyed by the game whose entries held the game (each
    memo holds its object's fields), so every game of every check stayed alive, and each full
    collection of the garbage collector went through them all."""
    def games() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, Game))

    before = games()
    for check in all_checks()[:30]:
        assert run(check).passed
    assert games() == before
    game = Game(["A", "B"], library=5)
    game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
    game.views()
    assert layers.kept_memo(game) and games() == before + 1
    freed = weakref.ref(game)
    del game
    gc.collect()
    assert freed() is None


def test_a_game_set_up_like_one_before_shares_its_library_cards_first_states(counted: Counter[str]) -> None:
    """The nameless library cards of two games set up alike are equal field by field (ids, owners,
    timestamps): the second game's first evaluation starts none of them afresh and makes none of
    their views (the old code made each anew in every game); a card that changes still does."""
    layers.program_changed()  # nothing shared from before this test
    first = Game(["A", "B"], library=40)
    assert counted["_start"] >= 80
    counted.clear()
    second = Game(["A", "B"], library=40)
    assert counted["_start"] == 0
    library = [*second.player("A").library, *second.player("B").library]
    assert len(library) == 80 and all(second.view(i) is first.view(i) for i in library)  # no view made anew
    assert second.views() == first.views() and second.views() is not first.views()
    card = second.player("A").library[0]
    second.tap(card)
    assert second.view(card).tapped and not first.view(first.player("A").library[0]).tapped
    assert counted["_start"] == 1


# -- objects known unchanged at once (layers._Scan) -------------------------------------------------


def test_an_evaluation_of_unchanged_objects_asks_only_those_holding_something(monkeypatch: pytest.MonkeyPatch
                                                                             ) -> None:
    """When no object changed since the last evaluation (a player gained life), the objects are
    known unchanged at once: only an object with something in a container (the bears' counter) is
    asked whether its kept state still holds (the old code asked each of the 81 objects)."""
    asked = Counter[int]()
    holds = layers._Memo.holds

    def counted(self: Any, obj: Any) -> bool:
        asked[obj.id] += 1
        return holds(self, obj)

    monkeypatch.setattr(layers._Memo, "holds", counted)
    game = Game(["A", "B"], library=40)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
    game.put_counters(bears, "+1/+1", 1)
    game.views()
    asked.clear()
    game.gain_life("A", 2)
    assert game.view(bears).pt == (3, 3)
    assert dict(asked) == {bears.id: 1}


def test_a_container_filled_in_place_is_seen_though_no_field_was_set() -> None:
    """A counter put in an object's empty counters in place (no field set: the stamp is the same)
    still makes the object start afresh: the containers that were empty are looked at."""
    game = Game(["A", "B"], library=5)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
    game.views()
    stamp = bears.__dict__["_stamp"]
    bears.counters["+1/+1"] = CounterPile(2, game.tick())
    assert bears.__dict__["_stamp"] == stamp
    assert game.view(bears).pt == (4, 4)
    del bears.counters["+1/+1"]
    game.touch()
    assert game.view(bears).pt == (2, 2)


def test_a_game_no_one_holds_goes_without_the_garbage_collector() -> None:
    """Objects and players hold their game by a weak reference, so a game is no cycle: once no one
    holds it, it goes at once, its objects with it (the old code left every game to the
    collector's full collections, which went through all of them)."""
    gc.disable()
    try:
        game = Game(["A", "B"], library=5)
        bears = game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
        game.tap(bears)
        assert bears._game is game and game.player("A")._game is game and game.view(bears).tapped
        freed, gone = weakref.ref(game), weakref.ref(bears)
        del game, bears
        assert freed() is None and gone() is None
    finally:
        gc.enable()


# -- 117.5 is not done twice when nothing happened between giving priority and passing it ------------


def test_passing_priority_the_engine_just_gave_does_not_look_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through a whole turn, state-based actions are looked for again only when something happened
    since they were last looked for: not when the engine passes at once after giving priority,
    nor when it gives priority to the next player after a pass (the old code looked twice for
    each player receiving priority: 26 looks for 13 gives; 15 without the second shortcut)."""
    looked = Counter[str]()
    check = sba.check

    def counted(game: Game) -> bool:
        looked["check"] += 1
        return check(game)

    monkeypatch.setattr(sba, "check", counted)
    game = Game(["A", "B"], library=40)
    game.advance_to(Step.UPKEEP, "B")
    given = sum(isinstance(e, PriorityGiven) for e in game.log)
    assert given >= 10  # every step of A's turn with priority, then B's upkeep
    assert looked["check"] < given  # a pass round in a step with nothing to do looks once


def test_a_change_after_priority_was_given_is_seen_by_the_engines_pass() -> None:
    """The engine's loops pass with ``given``: a change since priority was given (here a creature
    dealt lethal damage, as a scenario's stand-in for an effect) is still found before the pass,
    so the pass does not complete a round of passes (117.4) and the step goes on."""
    game = Game(["A", "B"], library=40, step=Phase.PRECOMBAT_MAIN)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
    priority.refresh(game)
    priority.pass_priority(game, given=True)  # nothing changed: A passes, B receives priority
    assert game.priority == "B" and game.turn_state.passed == {"A"}
    game.obj(bears).damage = 2
    priority.pass_priority(game, given=True)
    assert bears.id not in game.objects  # 704.5g before B's pass (117.5) ...
    assert game.turn_state.phase is Phase.PRECOMBAT_MAIN and game.priority == "A"  # ... which A's pass preceded


def test_a_players_change_in_place_is_seen_when_a_scenario_goes_on() -> None:
    """Poison counters put into a player's dict in place (no field set: the game's version is the
    same) after 117.5 found nothing: the engine's shortcuts cover only its own steps, not what a
    scenario did, so the scenario's pass looks again and the player loses (704.5c)."""
    game = Game(["A", "B"], library=40, step=Phase.PRECOMBAT_MAIN)
    priority.refresh(game)
    assert priority._quiet(game)
    game.player("B").counters["poison"] = CounterPile(10, 0)
    assert priority._quiet(game)  # nothing the shortcuts' moment sees changed
    game.pass_priority()
    assert game.players["B"].lost


def test_passes_without_looking_are_what_looking_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a third of the checks, wherever the engine passes priority or gives it without doing
    117.5 again, it is done anyway first and must do nothing: find no state-based action, put no
    trigger on the stack, change nothing (the game's version, its events, its stack); the checks
    pass meanwhile."""
    wrong: list[str] = []
    skipped = Counter[str]()

    def verify(game: Game, what: str) -> None:
        if priority._quiet(game):
            before = priority._moment(game)
            if priority.before_priority(game) or priority._moment(game) != before:
                wrong.append(f"{game!r}: 117.5 did something when {what} at {before}")
            skipped[what] += 1

    passing, giving = priority.pass_priority, priority.give

    def verified_pass(game: Game, player: PlayerId | None = None, *, given: bool = False) -> None:
        if given:
            verify(game, "passing")
        passing(game, player, given=given)

    def verified_give(game: Game, player: PlayerId, *, settled: bool = False) -> None:
        if settled:
            verify(game, "giving")
        giving(game, player, settled=settled)

    monkeypatch.setattr(priority, "pass_priority", verified_pass)
    monkeypatch.setattr(priority, "give", verified_give)
    failed = [c.id for c in all_checks()[2::3] if not run(c).passed]
    assert (failed, wrong) == ([], [])
    assert skipped["passing"] > 1000 and skipped["giving"] > 1000  # the shortcuts are at work
