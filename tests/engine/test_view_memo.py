"""The layer evaluation's memo (kb.engine.layers): an object no effect changes gets its kept
view back.  It must change no answer, and it must keep the hot path cheap: these tests count
work (states started, views frozen, objects looked at), never seconds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from kb.checks import cards
from kb.checks.mutants import Mutant, applied
from kb.checks.registry import Check, all_checks
from kb.checks.runner import run
from kb.engine import FOREST, Game, Zone, layers, modify_pt
from kb.engine.cards import INTRINSIC_MANA_ABILITIES
from kb.engine.layers import Evaluation


@pytest.fixture(scope="module")
def every_fourth_check() -> list[Check]:
    return all_checks()[::4]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Calls of the functions that build a view from scratch, and of the per-object look at
    static abilities, while the test runs."""
    counts: Counter[str] = Counter()
    for name in ("_start", "_freeze", "evaluate"):
        original = getattr(layers, name)

        def wrapper(*args: Any, _original: Any = original, _name: str = name) -> Any:
            counts[_name] += 1
            return _original(*args)

        monkeypatch.setattr(layers, name, wrapper)
    statics = Evaluation.statics

    def counted_statics(self: Evaluation, *args: Any) -> Any:
        counts["statics"] += 1
        return statics(self, *args)

    monkeypatch.setattr(Evaluation, "statics", counted_statics)
    yield counts


def test_every_evaluation_with_the_memo_equals_one_without(every_fourth_check: list[Check],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Each evaluation of a quarter of the checks is done again, with and without the kept views, and
    compared view by view; the checks pass as they do without the comparison."""
    original = layers.evaluate
    differing: list[str] = []
    served = Counter[str]()

    def compared(game: Game) -> Any:
        with_memo = original(game)
        game.cache_views = False  # this game only: evaluated from scratch
        try:
            fresh, again = original(game), original(game)
        finally:
            del game.cache_views
        kept = layers.kept_memo(game)
        served["kept"] += sum(1 for i, v in with_memo.items() if i in kept and kept[i].view is v)
        served["views"] += len(with_memo)
        if with_memo != fresh:
            # a changed text (612) is new abilities, with new functions, in every evaluation:
            # such a view equals no other, fresh or kept
            comparable = [i for i in fresh if fresh[i] == again[i]]
            wrong = [i for i in comparable if with_memo.get(i) != fresh[i]]
            if wrong or set(with_memo) != set(fresh):
                differing.append(", ".join(f"#{i}" for i in wrong))
        return with_memo

    monkeypatch.setattr(layers, "evaluate", compared)
    failed = [c.id for c in every_fourth_check if not run(c).passed]
    assert (failed, differing) == ([], [])
    assert served["kept"] > served["views"] // 2  # most views are kept ones: the memo is at work


def test_a_change_to_one_object_rebuilds_that_object_only(counted: Counter[str]) -> None:
    game = Game(["A", "B"], library=40)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.BATTLEFIELD, "A")
    game.place(cards.GLORIOUS_ANTHEM, Zone.BATTLEFIELD, "A")
    game.views()
    counted.clear()
    game.tap(bears)
    assert game.view(bears).pt == (3, 3) and game.view(bears).tapped
    assert counted["evaluate"] == 1
    # the tapped bears start afresh; the anthem's creature is frozen again, being changed by it
    assert counted["_start"] == 1
    assert counted["_freeze"] == 1


def test_objects_no_effect_touches_are_looked_at_once_per_evaluation(counted: Counter[str]) -> None:
    """The static abilities of each object are read once per evaluation, not once per layer and
    candidate effect (80 library cards have none)."""
    game = Game(["A", "B"], library=40)
    for card in (cards.GLORIOUS_ANTHEM, cards.BLOOD_MOON, cards.URBORG, cards.GRIZZLY_BEARS):
        game.place(card, Zone.BATTLEFIELD, "A")
    game.create_effect("creatures get +1/+1", [modify_pt(1, 1)], [o.id for o in game.battlefield()])
    game.views()
    counted.clear()
    game.tap(game.battlefield()[0])
    game.views()
    assert counted["evaluate"] == 1
    assert counted["statics"] <= 2 * len(game.objects)


def test_a_program_change_in_a_running_game_is_seen() -> None:
    """A changed program keeps no view from before: a mutant that changes what an object no
    effect touches looks like (here a table its starting state reads, not a function) shows
    in the next evaluation, and goes when removed (bench/engine.py evaluates one game with and
    without a mutant)."""
    table = INTRINSIC_MANA_ABILITIES
    swapped = Mutant("forests-make-white", "305.6", "a Forest's intrinsic ability is the Plains'",
                     ((layers, "INTRINSIC_MANA_ABILITIES", {**table, "Forest": table["Plains"]}),))
    game = Game(["A", "B"])
    forest = game.place(FOREST, Zone.BATTLEFIELD, "A")
    assert layers.evaluate(game)[forest.id].abilities == (table["Forest"],)
    assert layers.evaluate(game)[forest.id].abilities == (table["Forest"],)  # kept
    with applied(swapped):
        assert layers.evaluate(game)[forest.id].abilities == (table["Plains"],)
    assert layers.evaluate(game)[forest.id].abilities == (table["Forest"],)
