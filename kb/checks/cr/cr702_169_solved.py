"""Case cards and solved (719.3, 702.169): "To solve" and the abilities that work once a Case is solved."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    Game,
    GameObject,
    Resolution,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    cost,
    creatures,
    modify_pt,
    you_control,
)
from kb.engine.cases import is_solved, solved, to_solve
from kb.engine.triggers import attacks


def _gain_a_life(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


def _draw(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


CASE_OF_THE_CROWD = card(
    "Test Case of the Crowd", "{1}{W}", "Enchantment — Case",
    to_solve("You control three or more creatures.", you_control(creatures(), 3)),
    solved(StaticAbility("Creatures you control get +1/+0.", (modify_pt(1, 0),), creatures(controller="you"))),
    solved(TriggeredAbility("Whenever a creature you control attacks, you gain 1 life.",
                            attacks(creatures(controller="you")), _gain_a_life)),
    solved(ActivatedAbility("{1}: Draw a card.", cost("{1}"), _draw)))
"""A made-up Case: To solve — three or more creatures; Solved — creatures you control get +1/+0; Solved —
whenever a creature you control attacks, gain 1 life; Solved — {1}: draw a card."""


def solve_it(game: Game, case: GameObject) -> None:
    """Go to A's end step with three creatures: the Case becomes solved."""
    while len(game.creatures("A")) < 3:
        game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.END)
    game.resolve_stack()


@check("702.169b@20260116.0@a80bd1d8", "719.3a@20260116.0@a0d4e9db", "719.3b@20260116.0@4e91c81b",
       "719.3c@20260116.0@12d5d9f4")
def solved_static_ability_applies_once_solved(expect: Expect) -> None:
    """状況: Aの、「解明条件 ― クリーチャー3体以上をコントロールしている」「解明完了 ― あなたがコントロールしているクリーチャーは+1/+0の修整を受ける」を持つテスト用の事件。Aの《灰色熊》2体。
    行動: Aの終了ステップを迎える。次のAのターン、熊を3体にして終了ステップを迎える。
    結果: 熊2体では解明完了にならず、熊は2/2のままである。3体いる終了ステップの開始時に解明完了になり、そのあと熊は3/2になる。"""
    game = Game(["A", "B"])
    case = game.place(CASE_OF_THE_CROWD)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(not is_solved(game, case) and game.view(bears).pt == (2, 2), "2体では解明完了にならず2/2")
    game.next_turn("B")
    game.next_turn("A")
    solve_it(game, case)
    expect.that(is_solved(game, case), "3体いれば解明完了")
    expect.equal(game.view(bears).pt, (3, 2), "解明完了の常在型能力で3/2")


@check("702.169c@20260116.0@f2679c6a")
def solved_triggered_ability_triggers_once_solved(expect: Expect) -> None:
    """状況: Aのテスト用の事件（解明完了 ― あなたのクリーチャーが攻撃するたび、1点のライフを得る）と《灰色熊》。
    行動: 解明完了になる前に熊で攻撃する。解明完了になったあとの次のAのターンに熊で攻撃する。
    結果: 解明完了になる前の攻撃では誘発しない。解明完了になったあとの攻撃では誘発し、Aは1点のライフを得る。"""
    game = Game(["A", "B"])
    case = game.place(CASE_OF_THE_CROWD)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20, "解明完了前は誘発しない")
    solve_it(game, case)
    expect.that(is_solved(game, case), "解明完了になった")
    game.next_turn("B")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "解明完了後は誘発して1点得る")


@check("702.169d@20260116.0@c57cb9e0")
def solved_activated_ability_only_once_solved(expect: Expect) -> None:
    """状況: Aのテスト用の事件（解明完了 ― {1}：カード1枚を引く）。ライブラリーにカード2枚。
    行動: 解明完了になる前に起動しようとする。解明完了になったあと次のターンに起動する。
    結果: 解明完了前は起動できない。解明完了後は起動でき、Aはカード1枚を引く。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    case = game.place(CASE_OF_THE_CROWD)
    game.add_mana("A", "{C}")
    expect.refused(lambda: game.activate("A", case), "解明完了前は起動できない")
    solve_it(game, case)
    game.next_turn("B")
    game.next_turn("A")
    hand = len(game.hand("A"))
    game.add_mana("A", "{C}")
    game.activate("A", case)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "解明完了後は起動して1枚引く")
