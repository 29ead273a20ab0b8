"""Choices under the limited range of influence option (801.5a, 801.5b): a player asked to choose an
object or player chooses one within their range; a choice among modes isn't limited by it."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    UntilEndOfTurn,
    any_target,
    card,
    cost,
    creatures,
    influence,
    modify_pt,
)
from kb.engine.modes import Mode, modal
from kb.engine.targets import TargetSpec


def _witches(resolution: Resolution) -> None:
    game = resolution.game
    for index in (0, 1):
        chosen = resolution.targets(index)
        if chosen and resolution.source_id is not None:
            game.deal_damage(resolution.source_id, chosen[0], 1)


_OPPONENTS_CHOICE = any_target()
CUOMBAJJ_WITCHES = real("クォムバッジの魔女", card(
    "Cuombajj Witches", "{1}{B}{B}", "Creature — Human Wizard", 1, 3, ActivatedAbility(
        "{T}: Cuombajj Witches deals 1 damage to any target and 1 damage to any target of an opponent's choice.",
        cost("{T}"), _witches,
        (any_target(), TargetSpec("any target of an opponent's choice", _OPPONENTS_CHOICE.objects, "any",
                                  chosen_by="an opponent")))))
"""クォムバッジの魔女: tap: 1 damage to any target and 1 damage to any target an opponent chooses."""

ROUND_TABLE = ["Alex", "D", "E", "Carissa", "Rob"]
"""Five players in turn order from Alex: Rob sits on Alex's right (Alex on Rob's left), Carissa
on Rob's right, D on Alex's left."""


@check("801.5a@20260116.0@e7605610", "801.4@20260116.0@0ef8c5d1", "801.2@20260116.0@58108ef3",
       example="801.5a#1@5b53a19b")
def the_witches_second_target_is_in_both_ranges(expect: Expect) -> None:
    """状況: 影響範囲1席の5人戦。Alexのターン。AlexはRobの左に、CarissaはRobの右に、DはAlexの左に座っている。Alexは
    《クォムバッジの魔女》を、他の各プレイヤーは《灰色熊》をコントロールしている。
    行動: Alexが魔女の能力を起動し、1つ目の対象にRobを選び、もう1つの対象を選ぶ対戦相手としてRobを選ぶ。Robが2つ目の対象を
    選ぶ。
    結果: Robが選べるのは、Robの影響範囲内でもAlexの影響範囲内でもあるもの、つまりRob自身、Alex、Rob、Alexがコントロール
    するクリーチャーだけ。Robの影響範囲内でもAlexの範囲外のCarissaや、Alexの範囲内でもRobの範囲外のDは選べない。RobがAlexを
    選ぶと、RobとAlexがそれぞれ1点のダメージを受ける。"""
    game = Game(ROUND_TABLE)
    influence.limit_range(game, 1)
    witches = game.place(CUOMBAJJ_WITCHES, player="Alex")
    bears = {p: game.place(cards.GRIZZLY_BEARS, player=p) for p in ROUND_TABLE if p != "Alex"}
    game.choices.script(ChoiceKind.PLAYER, "Rob", player="Alex")
    game.choices.script(ChoiceKind.TARGETS, "Alex", player="Rob")
    game.choices.script(ChoiceKind.TARGETS, "Rob", player="Alex")
    game.activate("Alex", witches)
    asked = [(c.player, c.options) for c, _ in game.choices.asked if c.kind is ChoiceKind.TARGETS]
    expect.equal([p for p, _ in asked], ["Alex", "Rob"], "1つ目の対象はAlexが、2つ目の対象はRobが選んだ")
    offered = set(asked[1][1])
    expect.equal(offered, {"Alex", "Rob", witches.id, bears["Rob"].id},
                 "Robが選べたのは自分、Alex、Robと Alexのクリーチャーだけ")
    expect.that("Carissa" not in offered and "D" not in offered and bears["D"].id not in offered,
                "Alexの範囲外のCarissaも、Robの範囲外のDとそのクリーチャーも選べない")
    game.resolve_stack()
    expect.equal((game.players["Rob"].life, game.players["Alex"].life), (19, 19), "RobとAlexが1点ずつ受けた")


def _draw_two(resolution: Resolution, mine: tuple[int, ...]) -> None:
    resolution.game.draw(resolution.controller, 2)


def _pump_yours(resolution: Resolution, mine: tuple[int, ...]) -> None:
    resolution.create_effect("each creature you control gets +2/+2 until end of turn", [modify_pt(2, 2)],
                             creatures(controller="you"), UntilEndOfTurn())


OPPONENTS_OFFER = card("Test Opponent's Offer", "{2}{G}", "Sorcery", spell=modal(
    "An opponent chooses one —", Mode("You draw two cards.", _draw_two),
    Mode("Each creature you control gets +2/+2 until end of turn.", _pump_yours), chooser="an opponent"))
"""Test: a sorcery, "An opponent chooses one — You draw two cards; or each creature you control gets
+2/+2 until end of turn"."""


@check("801.5b@20260116.0@ad990ba9", "700.2e@20260116.0@75fc2039", "801.5a@20260116.0@e7605610",
       example="801.5b#1@b25b658b")
def an_opponent_out_of_range_still_chooses_the_mode(expect: Expect) -> None:
    """状況: 5人戦のAlexのターン。Alexの影響範囲は2席、Carissaの影響範囲は1席。AlexはRobの左に、CarissaはRobの右に座っていて、
    AlexはCarissaの影響範囲外にいる。
    行動: Alexが「いずれかの対戦相手1人は以下から1つを選ぶ ― あなたはカードを2枚引く。またはターン終了時まで、あなたが
    コントロールする各クリーチャーは+2/+2の修整を受ける」というテスト用のソーサリーを唱え、選ぶ対戦相手にCarissaを選ぶ。
    Carissaはカードを2枚引くモードを選ぶ。
    結果: Carissaは影響範囲外のAlexの呪文であってもモードを選べる。Alexはカードを2枚引く。"""
    game = Game(ROUND_TABLE)
    influence.limit_range(game, {"Alex": 2, "D": 1, "E": 1, "Carissa": 1, "Rob": 1})
    expect.that(influence.in_range(game, "Alex", "Carissa") and not influence.in_range(game, "Carissa", "Alex"),
                "CarissaはAlexの影響範囲内だが、AlexはCarissaの影響範囲外")
    game.choices.script(ChoiceKind.PLAYER, "Carissa", player="Alex")
    game.choices.script(ChoiceKind.MODE, [0], player="Carissa")
    offer = in_hand(game, OPPONENTS_OFFER, "Alex")
    give_mana(game, "Alex", "{2}{G}")
    hand = len(game.hand("Alex"))
    game.cast("Alex", offer)
    modes = [c.player for c, _ in game.choices.asked if c.kind is ChoiceKind.MODE]
    expect.equal(modes, ["Carissa"], "モードを選んだのはCarissa")
    game.resolve_stack()
    expect.equal(len(game.hand("Alex")), hand - 1 + 2, "Alexはカードを2枚引いた")
