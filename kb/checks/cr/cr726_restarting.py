"""Restarting the game (726) and subgames (728): every card of the ended game, even one brought in
from outside it, is in its owner's library in the new game; the cards left in a subgame go to
their owners' libraries in the main game."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards_copies import LIVING_WISH
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import ChoiceKind, Game, Zone, restart, starting, subgames, token


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



@check("728.5@20260116.0@20d97904", "728.2@20260116.0@8f5fb2a0", "728.4@20260116.0@a2f9bd1e",
       "400.11b@20260116.0@b5da7bb3", example="728.5#1@68649e1e")
def cards_brought_into_a_subgame_go_to_the_main_game_library(expect: Expect) -> None:
    """状況: メインゲームでAとBのライブラリーにそれぞれ8枚、Aの手札に《灰色熊》、Aのゲームの外部に《丘巨人》がある。
    行動: サブゲームが始まる。サブゲームの中で効果によって丘巨人がゲームの外部からAの手札に持ち込まれ、Aは苗木トークンを
    生成する。その後サブゲームが終わる。
    結果: サブゲームのライブラリーはメインゲームのライブラリーのカードで、メインゲームの手札の熊は残る。サブゲームが終わると、
    サブゲームに残っているAのカードは持ち込まれた丘巨人も含めてAのメインゲームのライブラリー（9枚）に、Bのカードは
    Bのライブラリー（8枚）に戻る。トークンは戻らない。"""
    main = Game(["A", "B"], library=8)
    bears = main.place(cards.GRIZZLY_BEARS, Zone.HAND, "A")
    main.players["A"].outside.append(cards.HILL_GIANT)
    sub = subgames.start_subgame(main)
    expect.equal((len(sub.players["A"].library), len(main.players["A"].library)), (8, 0),
                 "Aのライブラリーのカードはサブゲームのライブラリーになった")
    expect.equal(main.current(bears).zone, Zone.HAND, "メインゲームの手札の熊はメインゲームに残る")
    for player in ("A", "B"):
        sub.choices.script(ChoiceKind.MULLIGAN, False, player=player)
    starting.begin_game(sub)
    restart.bring_in(sub, "A", cards.HILL_GIANT)
    sub.create_token(token("Saproling", "Creature — Saproling", 1, 1, colors="G"), "A")
    subgames.end_subgame(main, sub)
    names = [main.objects[i].card.name for i in main.players["A"].library]
    expect.that(len(names) == 9 and "Hill Giant" in names, "持ち込まれた丘巨人もAのメインゲームのライブラリーに入った")
    expect.equal(len(main.players["B"].library), 8, "Bのカードは8枚ともBのライブラリーに戻った")
    expect.that("Saproling" not in names, "トークンは戻らない")
