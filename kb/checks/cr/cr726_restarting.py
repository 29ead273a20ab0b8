"""Restarting the game (726): every card of the ended game, even one brought in from outside it, is
in its owner's library in the new game."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards_copies import LIVING_WISH
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import ChoiceKind, Game, restart, starting


@check("726.2@20260116.0@daa91af6", "726.1@20260116.0@40c0e41b", "726.1a@20260116.0@1c83c79f",
       "400.11b@20260116.0@b5da7bb3", example="726.2#1@4e0b52d1")
def a_wished_card_is_in_the_library_of_the_new_game(expect: Expect) -> None:
    """状況: Aのライブラリーにカードが8枚あり、ゲームの外部（サイドボード）に《丘巨人》がある。Bの《灰色熊》が戦場にある。
    行動: Aが《生ける願い》を唱え、丘巨人をゲームに持ち込む。その後、Aのコントロールする効果でゲームが再び開始される。
    結果: 持ち込まれた丘巨人も新しいゲームに存在し、Aのライブラリーの一部になる。新しいゲームではAが開始プレイヤーで、
    Aのカードは生ける願いと丘巨人を含めて10枚、Bの熊はBのデッキに入る。各プレイヤーは7枚を引いて始める。"""
    game = Game(["B", "A"], library=8)
    game.players["A"].outside.append(cards.HILL_GIANT)
    game.players["B"].outside.append(cards.CRAW_WURM)
    game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.OBJECT, cards.HILL_GIANT, player="A")
    game.next_turn("A")
    cast(game, "A", LIVING_WISH)
    expect.that(any(o.card is cards.HILL_GIANT for o in game.hand("A")), "丘巨人がAの手札にある")
    expect.that(cards.HILL_GIANT not in game.players["A"].outside, "丘巨人はゲームの外部から手札に持ち込まれた")
    new = restart.restart(game, "A")
    owned = {p: [new.objects[i].card.name for i in new.players[p].library] for p in ("A", "B")}
    expect.equal(new.turn_order[0], "A", "再び開始させた効果をコントロールしていたAが開始プレイヤー")
    expect.that("Hill Giant" in owned["A"] and "Living Wish" in owned["A"] and len(owned["A"]) == 10,
                "持ち込まれた丘巨人も生ける願いも、Aのライブラリーにある")
    expect.that("Grizzly Bears" in owned["B"] and len(owned["B"]) == 9, "Bの熊はBのライブラリーに入る")
    expect.equal(new.players["B"].outside, [cards.CRAW_WURM], "ゲームの外部のままのカードは外部のまま")
    for player in ("A", "B"):
        new.choices.script(ChoiceKind.MULLIGAN, False, player=player)
    starting.begin_game(new)
    expect.equal((len(new.hand("A")), len(new.hand("B")), new.players["A"].life), (7, 7, 20),
                 "新しいゲームでは各プレイヤーが7枚引き、ライフは20点")

