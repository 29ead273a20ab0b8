"""The game model on its own: mana, refused actions leave no trace, layers, and its place in
the house (it imports nothing outside kb.engine)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kb.checks import cards
from kb.checks.scenario import give_mana, in_hand, on_battlefield
from kb.engine import casting, continuous, layers, morph
from kb.engine.basics import IllegalAction, Zone
from kb.engine.effects import Layer, set_base_pt
from kb.engine.game import Game
from kb.engine.mana import ManaCost, ManaPool

ENGINE = Path(__file__).resolve().parent.parent / "kb" / "engine"


def test_mana_costs_parse_print_and_pay() -> None:
    cost = ManaCost.parse("{X}{2}{W}{W}")
    assert (cost.generic, cost.colored, cost.x, cost.mana_value) == (2, ("W", "W"), 1, 4)
    assert str(cost) == "{X}{2}{W}{W}" and str(ManaCost.parse("{0}")) == "{0}"
    pool = ManaPool()
    pool.add(W=2, G=1)
    with pytest.raises(IllegalAction):
        pool.pay(cost.with_x(1))
    assert pool.total == 3
    pool.add(W=1)
    pool.pay(ManaCost.parse("{2}{W}"))
    assert dict(pool.mana) == {"G": 1}  # the generic part came from the plentiful white
    with pytest.raises(ValueError):
        ManaCost.parse("{Q}")


def test_a_refused_cast_leaves_the_game_as_it_was() -> None:
    game = Game(["A", "B"])
    angel = in_hand(game, cards.EXALTED_ANGEL)
    give_mana(game, "A", "{2}")
    objects, log = dict(game.objects), list(game.log)
    with pytest.raises(IllegalAction):
        casting.cast(game, "A", angel.id, face_down=True)
    assert game.objects == objects and game.log == log and game.stack == []
    assert angel.zone is Zone.HAND and game.players["A"].mana.total == 2


def test_face_down_permanents_have_only_the_face_down_values() -> None:
    game = Game(["A", "B"])
    angel = on_battlefield(game, cards.EXALTED_ANGEL)
    morph.turn_face_down(game, angel)
    values = layers.copiable_values(game, angel.id)
    assert (values.name, values.power, values.toughness, values.abilities) == (None, 2, 2, ())


def test_layers_are_in_the_cr_order() -> None:
    assert [layer.label for layer in Layer] == ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    effect = continuous.create(game, "base 0/1", [set_base_pt(0, 1)], [bears.id])
    assert effect is not None and effect.timestamp > bears.timestamp


def test_the_engine_imports_nothing_outside_itself() -> None:
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kb"):
                assert node.module.startswith("kb.engine"), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("kb") and not a.name.startswith("kb.engine")
                               for a in node.names), path.name
