"""Controlling another player (722): the CR's examples — the controller makes the controlled
player's choices, for spells, their costs and combat, with the controlled player's things."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards_copies import MINDSLAVER, TORMENTING_VOICE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import ChoiceKind, FaceDown, Game, Step, UnscriptedChoice, Zone, visibility


def _mindslaved() -> Game:
    """A activates Mindslaver targeting B in A's turn; B's turn begins, B controlled by A."""
    game = Game(["A", "B"], library=8)
    slaver = game.place(MINDSLAVER, player="A")
    give_mana(game, "A", "{4}")
    game.activate("A", slaver, targets=["B"])
    game.resolve_stack()
    game.next_turn("B")
    return game


@check("722.5@20260116.0@90bb23aa", "722.5a@20260116.0@ce176e69", "722.1@20260116.0@78c49674",
       "722.3@20260116.0@074dcb5c", example=("722.5#1@bc419984", "722.5a#1@531f776d"))
def mindslaver_controller_chooses_spells_targets_and_discards(expect: Expect) -> None:
    """状況: Aが《精神隷属器》（自分をコントロールしているプレイヤー1人を対象とし、そのプレイヤーの次のターンの間そのプレイヤーを
    コントロールする）をBを対象に起動した。Bの手札に《稲妻》と《苦しめる声》（追加コストとしてカード1枚を捨てる。カードを2枚引く）と
    《灰色熊》。Bは《丘巨人》をコントロールしている。
    行動: Bのターンに、AがBに苦しめる声を唱えさせ、捨てるカードを選ぶ。次にBに稲妻を唱えさせ、対象を選ぶ。
    結果: Bはアクティブ・プレイヤーのままだが、Bの選択はAが行う（Bの用意した答えでは足りない）。追加コストで捨てるのはBの手札の
    熊で、Bがカードを2枚引く。稲妻はAが選んだBの丘巨人を対象にとり、巨人は死亡する。"""
    game = _mindslaved()
    expect.equal(game.active, "B", "コントロールされていてもBがアクティブ・プレイヤー")
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "B")
    voice = in_hand(game, TORMENTING_VOICE, "B")
    bears = in_hand(game, cards.GRIZZLY_BEARS, "B")
    giant = game.place(cards.HILL_GIANT, player="B")
    give_mana(game, "B", "{1}{R}")
    game.choices.script(ChoiceKind.DISCARD, [bolt], player="B")
    try:
        game.cast("B", voice)
        asked_a = False
    except UnscriptedChoice as unscripted:
        asked_a = str(unscripted).startswith("A (controlling B)")
    expect.that(asked_a, "捨てるカードを選ぶのはBではなくAで、Bの用意した答えは使われない")
    game.choices.scripted.clear()
    hand = len(game.hand("B"))
    game.choices.script(ChoiceKind.DISCARD, [bears], player="A")
    game.cast("B", voice)
    expect.equal(game.current(bears).zone, Zone.GRAVEYARD, "追加コストとしてAが選んだBの手札の熊が捨てられた")
    game.resolve_stack()
    expect.equal(len(game.hand("B")), hand - 2 + 2, "Bが2枚引いた")
    give_mana(game, "B", "{R}")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.cast("B", bolt)
    expect.equal(game.stack[-1].targets, ((giant.id,),), "稲妻はAが選んだBの丘巨人を対象にとった")
    expect.equal(game.stack[-1].controller, "B", "呪文のコントローラーはBのまま")
    game.resolve_stack()
    expect.equal(game.current(giant).zone, Zone.GRAVEYARD, "丘巨人は死亡した")
    game.next_turn("A")
    expect.equal(game.choices.decider("B"), "B", "次のターンが始まるとコントロールは終わる")


@check("722.5@20260116.0@90bb23aa", "510.1c@20260116.0@902977d8", "722.1@20260116.0@78c49674",
       example="722.5#2@21af0c75")
def mindslaver_controller_assigns_combat_damage(expect: Expect) -> None:
    """状況: Aが《精神隷属器》でBの次のターンのBをコントロールする。Bの《大喰らいのワーム》（6/4）が攻撃し、Aの《灰色熊》と
    《丘巨人》にブロックされる。
    行動: 戦闘ダメージの割り振りを決める。
    結果: ワームのダメージをどう割り振るかはAが決める：Aは熊に2点、巨人に4点を割り振り、両方とも死亡する。"""
    game = _mindslaved()
    wurm = game.place(cards.CRAW_WURM, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    giant = game.place(cards.HILL_GIANT, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS, "B")
    game.declare_attackers([wurm])
    game.advance_to(Step.DECLARE_BLOCKERS, "B")
    game.declare_blockers({bears: wurm, giant: wurm})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears.id: 2, giant.id: 4}, player="A")
    game.advance_to(Step.END_OF_COMBAT, "B")
    [choice] = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.DAMAGE_ASSIGNMENT]
    expect.equal((choice.player, game.choices.decider(choice.player)), ("B", "A"), "Bの割り振りをAが決めた")
    expect.that(game.current(bears).zone is Zone.GRAVEYARD and game.current(giant).zone is Zone.GRAVEYARD,
                "熊に2点、巨人に4点が割り振られ、両方とも死亡した")


@check("722.4@20260116.0@eb27aad9", "402.3@20260116.0@d0a14781", "708.5@20260116.0@84d98f7f",
       "722.1@20260116.0@78c49674", example="722.4#1@c52ca16c")
def mindslaver_controller_sees_the_hand_and_face_down_creatures(expect: Expect) -> None:
    """状況: Bの手札に《稲妻》があり、Bは裏向きの《賛美されし天使》をコントロールしている。Aが《精神隷属器》をBを対象に起動する。
    行動: Bのターンが始まり、AがBをコントロールする。その後Aのターンになる。
    結果: Bのターンの前は、AはBの手札も裏向きの天使のオモテも見られない（Bは見られる）。Bをコントロールしている間は、Bが
    見られるもの、つまりBの手札と裏向きの天使のオモテをAも見られる。Bのライブラリーのカードはどちらも見られない。
    Aのターンになるとコントロールは終わり、また見られなくなる。"""
    game = Game(["A", "B"], library=8)
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "B")
    angel = game.place(cards.EXALTED_ANGEL, player="B", face_down=FaceDown.MORPH)
    slaver = game.place(MINDSLAVER, player="A")
    give_mana(game, "A", "{4}")
    game.activate("A", slaver, targets=["B"])
    game.resolve_stack()
    expect.that(visibility.may_see_face(game, "B", bolt) and visibility.may_see_face(game, "B", angel),
                "Bは自分の手札と裏向きの天使のオモテを見られる")
    expect.that(not visibility.may_see_face(game, "A", bolt) and not visibility.may_see_face(game, "A", angel),
                "Bのターンの前は、AはBの手札も天使のオモテも見られない")
    game.next_turn("B")
    expect.that(visibility.may_see_face(game, "A", bolt) and visibility.may_see_face(game, "A", angel),
                "Bをコントロールしている間、AはBの手札と裏向きの天使のオモテを見られる")
    library_card = game.obj(game.players["B"].library[-1])  # after B's draw: the card on top now
    expect.that(not visibility.may_see_face(game, "A", library_card), "Bのライブラリーのカードは見られない")
    game.next_turn("A")
    expect.that(not visibility.may_see_face(game, "A", game.current(bolt)), "コントロールが終わると、また見られない")
