"""A spell or ability that changes how a player pays an ability's activation cost changes the
payment of the whole total cost, even one other effects increased (602.1e)."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    Game,
    Resolution,
    StaticAbility,
    card,
    cost,
    objects,
    this_object,
)
from kb.engine.rules import ActivationCostChange, SpendAsAnyColor


def _gain_two(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 2)


_GAIN = "{1}{G}: You gain 2 life."

PRISM_ENGINE = card("Test Prism Engine", "{3}", "Artifact",
                    ActivatedAbility(_GAIN, cost("{1}{G}"), _gain_two),
                    StaticAbility("You may spend mana as though it were mana of any color to pay the activation costs "
                                  "of this artifact's abilities.", rules=(SpendAsAnyColor(this_object()),)))
"""Test: an artifact whose activation costs may be paid with mana as though it were of any colour."""

PLAIN_ENGINE = card("Test Plain Engine", "{3}", "Artifact", ActivatedAbility(_GAIN, cost("{1}{G}"), _gain_two))
"""Test: the same ability without that permission."""

RED_TITHE = card("Test Red Tithe", "{1}{R}", "Enchantment", StaticAbility(
    "Activated abilities cost {R} more to activate unless they're mana abilities.",
    rules=(ActivationCostChange(objects(), "{R}"),)))
"""Test: an enchantment making every (non-mana) activated ability cost {R} more."""


@check("602.1e@20260116.0@8f23cce1", "602.2b@20260116.0@cf7b7a79", "601.2f@20260116.0@2220e1e2",
       "609.4b@20260116.0@d872a966")
def paying_as_any_color_covers_the_increase(expect: Expect) -> None:
    """状況: Aは「{1}{G}：あなたは2点のライフを得る。」と「このアーティファクトの能力の起動コストを支払うために、マナを好きな色の
    マナであるかのように支払ってもよい」を持つテスト用アーティファクトと、同じ起動型能力だけを持つテスト用アーティファクトと、
    「起動型能力を起動するためのコストは{R}多くなる（マナ能力を除く）」テスト用エンチャントをコントロールしている。
    Aのマナ・プールには青マナ3点だけがある。
    行動: Aが2つ目のアーティファクトの能力を起動しようとし、そのあと1つ目のアーティファクトの能力を起動する。
    結果: 総コストは{1}{G}{R}。2つ目は青マナでは支払えない。1つ目の支払い方の変更は、増えた{R}も含む総コスト全体に適用されるので、
    青マナ3点で支払え、Aは2点のライフを得る。"""
    game = Game(["A", "B"])
    game.place(RED_TITHE)
    plain = game.place(PLAIN_ENGINE)
    prism = game.place(PRISM_ENGINE)
    game.add_mana("A", "{U}{U}{U}")
    expect.refused(lambda: game.activate("A", plain), "許可のないアーティファクトの総コスト{1}{G}{R}は青マナでは支払えない")
    game.activate("A", prism)
    expect.equal(sum(game.players["A"].mana.mana.values()), 0, "青マナ3点すべてで総コストを支払った")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "Aは2点のライフを得た")
