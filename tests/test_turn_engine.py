"""Parts of the turn and combat model that no check reaches from a card: adding a step after or
before a named one, the limit on weighing declarations, and what raises NotModelled (attacking or
blocking creatures put onto the battlefield where the model can't place them; battles already
raise as state-based actions are checked)."""

from __future__ import annotations

import pytest

from kb.checks import cards
from kb.engine import (
    Game,
    IllegalAction,
    MustAttack,
    NotModelled,
    Phase,
    RunawayLoop,
    Step,
    put_onto_battlefield_attacking,
)
from kb.engine import turn as turn_structure
from kb.engine.combat import make_blocking
from kb.engine.events import StepBegan
from kb.engine.limits import LIMITS
from kb.engine.selectors import creatures


def _steps(game: Game, start: int) -> list[Step | None]:
    return [e.step for e in game.log[start:] if isinstance(e, StepBegan)]


def test_a_step_added_after_or_before_a_named_step() -> None:
    game = Game(["A", "B"], step=Step.UPKEEP)
    turn_structure.add_step(game, Step.UPKEEP, after=Step.DRAW)
    turn_structure.add_step(game, Step.END, before=Step.CLEANUP)
    start = len(game.log)
    game.next_turn("B")
    steps = _steps(game, start)
    steps = steps[:steps.index(Step.UNTAP)]
    assert steps[:3] == [Step.DRAW, Step.UPKEEP, None]
    assert steps[-3:] == [Step.END, Step.END, Step.CLEANUP]
    with pytest.raises(IllegalAction, match="no upkeep step to come"):
        turn_structure.add_step(game, Step.DRAW, after=Step.UPKEEP)


def test_weighing_requirements_has_a_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(["A", "B"])
    for _ in range(6):
        game.place(cards.GRIZZLY_BEARS)
    game.create_effect("creatures attack each combat if able", rules=[MustAttack(creatures())], controller="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    monkeypatch.setitem(LIMITS, "declarations weighed for requirements (508.1d, 509.1c)", 10)
    with pytest.raises(RunawayLoop, match=r"508\.1d"):
        game.declare_attackers([])


def test_what_the_combat_model_leaves_out_raises() -> None:
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    with pytest.raises(NotModelled, match="attacking"):
        put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", "B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    blocker = game.place(cards.GRIZZLY_BEARS, player="B")
    with pytest.raises(NotModelled, match="blocking"):
        make_blocking(game, blocker)
    assert game.phase is Phase.COMBAT
