"""Vanguard (902): a vanguard card's life and hand modifiers change the starting life total, the
opening hand (and every mulligan's hand) and the maximum hand size."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Card, ChoiceKind, Game, Step, Zone, card
from kb.engine.choices import Choice
from kb.engine.starting import begin_game


def _vanguard(hand: int, life: int) -> Card:
    return card(f"Test Vanguard {hand:+d}/{life:+d}", None, "Vanguard", hand_modifier=hand, life_modifier=life)


def _vanguard_game(hand: int, life: int, library: int = 15) -> Game:
    """A two-player game just before its start; A has a vanguard with the given modifiers."""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    game.place(_vanguard(hand, life), Zone.COMMAND, "A")
    for player in ("A", "B"):
        for i in range(library):
            game.place(card(f"Test Card {player}{i}", "{1}", "Artifact"), Zone.LIBRARY, player)
    return game


@check("902.4@20260116.0@7a0784a5", "103.4@20260116.0@9ab79fea", "212.1@20260116.0@6f2f411b",
       "902.3@20260116.0@2ae15815", example="902.4#1@baa7d101")
def a_life_modifier_of_minus_three_starts_at_seventeen(expect: Expect) -> None:
    """状況: ヴァンガード戦の開始前。Aはライフ補正子が-3のテスト用ヴァンガードを統率領域に置いている。Bにはヴァンガードがない。
    行動: ゲームを始め、2人とも手札を残す。
    結果: Aの初期ライフ総量は20-3で17点、Bは20点。"""
    game = _vanguard_game(0, -3)
    game.choices.script(ChoiceKind.MULLIGAN, False, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="B")
    begin_game(game)
    expect.equal((game.players["A"].life, game.players["B"].life), (17, 20), "Aの初期ライフ総量は17点")


@check("902.5a@20260116.0@c4abd295", "902.5@20260116.0@abb5881d", "103.5@20260116.0@78b114ad",
       "211.1@20260116.0@e5fe7337", example="902.5a#1@273fa224")
def a_hand_modifier_of_plus_two_and_three_mulligans(expect: Expect) -> None:
    """状況: 2人のヴァンガード戦の開始前。Aは手札補正子が+2のテスト用ヴァンガードを統率領域に置いている。
    行動: ゲームを始める。Aは3回マリガンしてから手札を残し、Bはすぐに残す。
    結果: Aの最初の手札は7+2で9枚。マリガンのたびにAは9枚を引き直し、3回目のあとで3枚をライブラリーの一番下に置き、6枚が残る。"""
    game = _vanguard_game(2, 0, library=20)
    sizes: list[int] = []
    answers = iter([True, False, True, True, False])  # A mulligans; B keeps; A twice more; A keeps

    def decide(choice: object) -> bool:
        sizes.append(len(game.hand("A")))
        return next(answers)

    for _ in range(5):
        game.choices.script(ChoiceKind.MULLIGAN, decide)
    drawn: list[tuple[int, int]] = []

    def bottom(choice: Choice) -> list[object]:
        chosen = list(choice.default) if isinstance(choice.default, (list, tuple)) else []
        drawn.append((len(game.hand("A")), len(chosen)))  # the new hand, and how many go to the bottom
        return chosen

    for _ in range(3):
        game.choices.script(ChoiceKind.PUT_ON_BOTTOM, bottom, player="A")
    begin_game(game)
    expect.equal(sizes[0], 9, "Aの最初の手札は9枚")
    expect.equal(drawn, [(9, 1), (9, 2), (9, 3)], "マリガンのたびに9枚を引き、1枚、2枚、3枚を一番下に置く")
    expect.equal((len(game.hand("A")), len(game.hand("B"))), (6, 7), "3回マリガンしたAの手札は9-3で6枚")


@check("902.5b@20260116.0@5f78a660", "402.2@20260116.0@42c59977", "514.1@20260116.0@2f4bebc5",
       "313.6@20260116.0@ebe4b585", example="902.5b#1@70819d9a")
def a_hand_modifier_of_minus_one_keeps_six(expect: Expect) -> None:
    """状況: ヴァンガード戦。Aは手札補正子が-1のテスト用ヴァンガードを統率領域に置いている。Aの手札は8枚。
    行動: Aのクリンナップ・ステップが来る。
    結果: 手札の上限は7-1で6枚なので、Aは2枚を捨てて6枚を残す。"""
    game = Game(["A", "B"], library=0)
    game.place(_vanguard(-1, 0), Zone.COMMAND, "A")
    for i in range(8):
        game.place(card(f"Test Card {i}", "{1}", "Artifact"), Zone.HAND, "A")
    game.choices.script(ChoiceKind.DISCARD, lambda c: game.hand("A")[:2], player="A")
    game.next_turn()  # through A's cleanup step (no priority there, 514.3)
    expect.equal(len(game.hand("A")), 6, "Aは6枚になるまで捨てた")
    expect.equal(len(game.graveyard("A")), 2, "捨てたのは2枚")
