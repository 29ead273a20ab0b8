"""The last rules of 601-608 the checks reach (mach6): a mana ability can't be activated again while its
own costs are being paid (605.3c)."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import MOUNTAIN, ActivatedAbility, Game, card, cost

MANA_PUMP = card(
    "Test Mana Pump", "{2}", "Artifact",
    ActivatedAbility("{1}: Add {C}{C}.", cost("{1}"), lambda resolution: None, mana="{C}{C}"))
"""Test: an artifact with "{1}: Add {C}{C}" (a mana ability with a mana cost and no {T})."""


@check("605.3c@20260116.0@6e402a1c", "605.3a@20260116.0@2a1cd8c7")
def a_mana_ability_cant_pay_for_itself(expect: Expect) -> None:
    """状況: Aはテスト用アーティファクト（{1}：{C}{C}を加える）と《山》をコントロールしている。
    行動: Aがアーティファクトのマナ能力を起動し、その{1}を山のマナ能力で支払う。次に、もう一度起動し、その{1}を同じ
    アーティファクトのマナ能力を起動して支払おうとする。
    結果: 1回目は山のマナで支払え、{C}{C}が加わる（プールには{C}が2点）。2回目は、起動し始めたマナ能力は解決するまで
    再び起動できないので、支払いの間に同じ能力を起動することはできず、その起動は認められない（プールは変わらない）。"""
    game = Game(["A", "B"])
    pump = game.place(MANA_PUMP)
    mountain = game.place(MOUNTAIN)
    game.activate("A", pump, 0, pay_with=[mountain])
    expect.equal(game.players["A"].mana.total, 2, "山のマナで{1}を支払い、{C}{C}が加わった")
    expect.refused(lambda: game.activate("A", pump, 0, pay_with=[pump]),
                   "起動し始めたマナ能力を、そのコストの支払い中にもう一度起動することはできない")
    expect.equal(game.players["A"].mana.total, 2, "認められなかった起動は何も変えなかった")
