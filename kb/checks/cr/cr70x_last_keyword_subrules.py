"""The last behaviour subrules of keyword actions and abilities (701, 702): two instances of blitz
each looking at their own payment, ..."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import Game, Step, Zone, card

# -- 702.152b: several instances of blitz ---------------------------------------------------------------

TWICE_BLITZED = card("Test Twice-Blitzed Raider", "{3}{R}", "Creature — Goblin Warrior", 3, 3,
                     "blitz {R}", "blitz {2}{R}")
"""Test: a 3/3 with two instances of blitz, one costing {R} and one costing {2}{R}."""


@check("702.152b@20260116.0@198bca45", "702.152a@20260116.0@d0b6a99e", "118.9a@20260116.0@e1493d87")
def each_blitz_looks_at_its_own_payment(expect: Expect) -> None:
    """状況: Aの手札に奇襲{R}と奇襲{2}{R}の2つを持つテスト用の3/3がある。ライブラリーにカード3枚。
    行動: Aが奇襲{R}の方で唱え（使える奇襲は1つだけ）、攻撃し、終了ステップを迎える。
    結果: 奇襲{R}で唱えたものは速攻を持って攻撃でき、終了ステップの開始時に1回だけ生け贄に捧げられる。死亡したときの「カードを1枚引く」は支払われた奇襲{R}のものだけが与えるので、Aは1枚だけ引く
    （奇襲{2}{R}は自分のための支払いを参照し、{R}の支払いを参照しない）。"""
    game = Game(["A", "B"])
    for _ in range(3):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    raider = game.place(TWICE_BLITZED, Zone.HAND, "A")
    give_mana(game, "A", "{R}")
    game.cast("A", raider, alternative="blitz {R}")
    game.resolve_stack()
    [made] = game.creatures("A")
    expect.that(game.view(made).has("haste"), "奇襲{R}で唱えたので速攻を持つ")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([made])
    hand = len(game.hand("A"))
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(made.id not in game.objects, "終了ステップの開始時に生け贄に捧げられた")
    expect.equal(len(game.hand("A")) - hand, 1, "支払われた奇襲の能力だけが誘発し、Aは1枚だけ引いた")
