"""Continuous effects on players (613.10): they are applied after the objects' characteristics are
determined, so an object's ability that a layer removes gives its controller nothing."""

from __future__ import annotations

from functools import partial

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import Game, StaticAbility, card
from kb.engine.keywords import keyword
from kb.engine.rules import PlayersHave

WARDING_SPIRIT = card("Test Warding Spirit", "{1}{W}", "Creature — Spirit", 1, 1, StaticAbility(
    "You have hexproof.", rules=(PlayersHave((keyword("hexproof"),)),)))
"""Test: a 1/1 creature, "You have hexproof"."""


def _shock_player(game: Game, caster: str, target: str) -> None:
    shock = in_hand(game, cards.SHOCK, caster)
    give_mana(game, caster, "{R}")
    game.pass_priority_to(caster)
    game.cast(caster, shock, targets=[target])


@check("613.10@20260116.0@ec5609fd", "702.11c@20260116.0@ec1ddf2f", "613.1f@20260116.0@10196fb7")
def a_players_hexproof_follows_the_objects_characteristics(expect: Expect) -> None:
    """状況: Aは「あなたは呪禁を持つ」というテスト用のクリーチャーをコントロールしている。2つ目のゲームでは、さらにBが《謙虚》
    （すべてのクリーチャーはすべての能力を失い、基本のパワーとタフネスが1/1になる）をコントロールしている。
    行動: BがAを対象にして《ショック》を唱えようとする。
    結果: 1つ目のゲームではAは呪禁を持つので、Bは唱えられない。2つ目のゲームでは、オブジェクトの特性が先に決まり、謙虚によって
    クリーチャーは「あなたは呪禁を持つ」を失っているので、プレイヤーに対する効果は生じない。Aは呪禁を持たず、Bは唱えられ、Aは
    2点のダメージを受ける。"""
    game = Game(["A", "B"])
    game.place(WARDING_SPIRIT, player="A")
    expect.refused(partial(_shock_player, game, "B", "A"), "Aは呪禁を持ち、Bはショックの対象にできない")
    game = Game(["A", "B"])
    game.place(WARDING_SPIRIT, player="A")
    game.place(cards.HUMILITY, player="B")
    _shock_player(game, "B", "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 18, "クリーチャーが能力を失ったのでAは呪禁を持たず、2点を受けた")
