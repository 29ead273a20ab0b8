"""Grand Melee (807): the number of turn markers and who holds them as the game starts."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, grand_melee


@check("807.4a@20260116.0@1e40d2eb", "807.4b@20260116.0@bf60ca4e", "807.4@20260116.0@50ba1954",
       example="807.4a#1@a73fef80")
def a_turn_marker_for_every_four_players(expect: Expect) -> None:
    """状況: 「大乱闘戦」。1つ目のゲームは16人、2つ目のゲームは15人で、P1から順に座っている。
    行動: ゲームを始める前に、ターンマーカーを配る。
    結果: 16人ならターンマーカーは4つで、開始プレイヤーのP1と、そこから左に4席ごとのP5、P9、P13が持つ。15人なら3つで、
    P1、P5、P9が持つ。"""
    for players, holders in ((16, ["P1", "P5", "P9", "P13"]), (15, ["P1", "P5", "P9"])):
        game = Game([f"P{i}" for i in range(1, players + 1)], library=0)
        expect.equal(grand_melee.marker_count(players), len(holders), f"{players}人ならターンマーカーは{len(holders)}つ")
        expect.equal(grand_melee.starting_markers(game), holders, f"{players}人で最初にターンマーカーを持つプレイヤー")
