"""The work an evaluation and a checkpoint do for objects nothing changed (issue 11: the
checks stage's share of a build).  Counted in calls, never seconds; each of these counts was
the number of objects in the game before the kept starting states were shared and the
checkpoint kept its copies."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from kb.checks import cards
from kb.checks.registry import all_checks
from kb.checks.runner import run
from kb.engine import Game, Zone, layers, modify_pt, sba
from kb.engine import game as game_module
from kb.engine.characteristics import ObjectState


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Copies of working states, fresh starting states, and copies of objects' fields."""
    counts: Counter[str] = Counter()
    clone = ObjectState.clone

    def counted_clone(self: ObjectState) -> ObjectState:
        counts["clone"] += 1
        return clone(self)

    monkeypatch.setattr(ObjectState, "clone", counted_clone)
    for module, name in ((layers, "_start"), (game_module, "_copied")):
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
    assert counted["_copied"] == len(game.objects)
    counted.clear()
    bears = game.battlefield()[1]
    game.tap(bears)
    saved = game.checkpoint()
    assert counted["_copied"] == 1
    game.untap(bears)
    game.put_counters(bears, "+1/+1")
    game.restore(saved)  # the restored object is a copy of the checkpoint's, never the copy itself
    assert game.obj(bears).tapped and game.obj(bears).counters == {}
    assert game.view(bears).pt == (3, 3)
    game.untap(bears)
    assert not game.view(bears).tapped and saved.object_states[bears.id]["tapped"]


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
    assert served["kept"] > served["all"] // 3  # the kept answer is at work
