"""A spell that leaves the stack zone while waiting there (not resolving) takes its stack entry with
it (405.1, 400.7): an effect exiling it, or moving it to a hand, leaves the rest of the stack to
resolve as usual."""

from __future__ import annotations

import pytest

from kb.checks import cards
from kb.engine import Game, Zone


@pytest.mark.parametrize("to", [Zone.EXILE, Zone.HAND, Zone.LIBRARY])
def test_a_waiting_spell_moved_off_the_stack_takes_its_entry(to: Zone) -> None:
    game = Game(["A", "B"])
    bolt = game.place(cards.LIGHTNING_BOLT, Zone.HAND, "A")
    growth = game.place(cards.GIANT_GROWTH, Zone.HAND, "A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.add_mana("A", "{R}{G}")
    game.cast("A", bolt, targets=["B"])
    pumped = game.cast("A", growth, targets=[bears])
    assert len(game.stack) == 2
    game.move(game.current(bolt), to)  # the bolt waits under the growth
    assert [item.spell for item in game.stack] == [pumped]
    game.resolve_stack()
    assert game.stack == []
    assert game.view(bears).pt == (5, 5)
    assert game.players["B"].life == 20  # the bolt never resolved
    assert game.current(bolt).zone is to


def test_a_resolving_spell_still_goes_to_the_graveyard() -> None:
    game = Game(["A", "B"])
    bolt = game.place(cards.LIGHTNING_BOLT, Zone.HAND, "A")
    game.add_mana("A", "{R}")
    game.cast("A", bolt, targets=["B"])
    game.resolve_stack()
    assert game.stack == [] and game.players["B"].life == 17
    assert game.current(bolt).zone is Zone.GRAVEYARD
