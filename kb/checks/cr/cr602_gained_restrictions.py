"""602.5c: a restriction on an activated ability gained from another object counts that instance
only: an identical ability of the object's own, or gained from elsewhere, is another."""

from __future__ import annotations

from kb.checks.cards_spells import gain as gain_life
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import ActivatedAbility, Game, StaticAbility, artifacts, card, cost
from kb.engine.parts import gain

ONCE_LIFE = ActivatedAbility("{0}: You gain 1 life. Activate only once each turn.", cost("{0}"), gain_life(1),
                             once_each_turn=True)

TEST_LIFE_STONE = card("Test Life Stone", "{1}", "Artifact", ONCE_LIFE)
"""Test: an artifact with "{0}: You gain 1 life. Activate only once each turn"."""

TEST_LIFE_BEACON = card("Test Life Beacon", "{2}", "Artifact", StaticAbility(
    "Other artifacts you control have \"{0}: You gain 1 life. Activate only once each turn.\"", (gain(ONCE_LIFE),),
    artifacts(controller="you", other=True)))
"""Test: an artifact giving the same ability to the other artifacts its controller controls."""


@check("602.5c@20260116.0@d419d21f", "602.5b@20260116.0@84d8225a", "602.1b@20260116.0@d6f407dd")
def a_gained_once_each_turn_ability_counts_apart(expect: Expect) -> None:
    """状況: Aの「{0}：あなたは1点のライフを得る。この能力は毎ターン1回しか起動できない」テスト用アーティファクト（石）と、
    「あなたがコントロールする他のアーティファクトは同じ能力を持つ」テスト用アーティファクト（灯台）。
    行動: Aが石自身の能力を起動して解決し、次に灯台から得た同じ能力を起動して解決し、もう一度得た能力を起動しようとする。
    結果: 石は同じ能力を2つ持つ。自身の能力を起動しても、灯台から得た能力の制限には数えられず起動できる。
    得た能力はそれとして1回起動したので、2回目は起動できない。"""
    game = Game(["A", "B"])
    stone = game.place(TEST_LIFE_STONE)
    game.place(TEST_LIFE_BEACON)
    game.activate("A", stone, 0)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "石自身の能力を起動した")
    game.activate("A", stone, 1)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "灯台から得た同じ能力も、このターンに起動できた")
    expect.refused(lambda: game.activate("A", stone, 1), "得た能力はこのターンもう起動できない")
    expect.refused(lambda: game.activate("A", stone, 0), "自身の能力もこのターンもう起動できない")
