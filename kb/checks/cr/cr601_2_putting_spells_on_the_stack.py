"""Casting spells, the steps no other check shows (601.2a, 601.3c, 601.5): each a small scenario of
the rule at work."""

from __future__ import annotations

from kb.checks.cards import GIANT_GROWTH, GRIZZLY_BEARS, LIGHTNING_BOLT
from kb.checks.cr.cr702_27_casting_keywords import GOBLIN_PIKER, PATRON_OF_THE_AKKI
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import Game, Zone


@check("601.2a@20260116.0@22b3e8ae", "405.1@20260116.0@2bb11f81", "608.1@20260116.0@0f060062")
def a_spell_cast_in_response_is_the_topmost_object(expect: Expect) -> None:
    """状況: Bは《灰色熊》（2/2）をコントロールし、手札に《巨大化》（クリーチャー1体は+3/+3の修整を受ける）がある。Aの手札に
    《稲妻》（3点のダメージ）。Aのメイン・フェイズ。
    行動: Aが稲妻を熊を対象に唱える。それに対応して、Bが巨大化を熊を対象に唱える。スタックが解決される。
    結果: 唱えられた巨大化のカードはBの手札からスタックに移り、稲妻の上、スタックの一番上のオブジェクトになる。だから巨大化が
    先に解決して熊は5/5になり、そのあと稲妻の3点を受けても生き残る。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="B")
    growth = in_hand(game, GIANT_GROWTH, "B")
    give_mana(game, "A", "{R}")
    bolt = game.cast("A", in_hand(game, LIGHTNING_BOLT), targets=[bears])
    game.pass_priority_to("B")
    give_mana(game, "B", "{G}")
    response = game.cast("B", growth, targets=[bears])
    expect.that(all(o.card is not GIANT_GROWTH for o in game.hand("B")), "巨大化はBの手札を離れた")
    expect.equal([item.spell for item in game.stack], [bolt, response], "巨大化は稲妻の上、スタックの一番上にある")
    expect.equal(game.objects[response].zone, Zone.STACK, "巨大化はスタックにある")
    game.resolve_stack()
    expect.that(game.current(bears).zone is Zone.BATTLEFIELD and game.current(bears).damage == 3,
                "巨大化が先に解決し、5/5の熊は稲妻の3点を受けても生き残った")


@check("601.5@20260116.0@edad76e2", "601.2c@20260116.0@eb811b42", "732.1@20260116.0@bbf6e98c")
def casting_without_a_legal_target_is_undone(expect: Expect) -> None:
    """状況: Aの手札に《巨大化》（クリーチャー1体を対象とする）があり、マナ・プールに{G}がある。戦場にクリーチャーはいない。
    行動: Aが巨大化を唱えようとする。そのあとBの《灰色熊》が戦場に出て、Aはもう一度熊を対象に唱える。
    結果: 対象を選べないので唱えることは不正で、ゲームは唱えることを提示する前に戻る。巨大化はAの手札にあり、スタックは空で、
    {G}はマナ・プールに残る。熊が出たあとは、その{G}で巨大化を唱えられる。"""
    game = Game(["A", "B"])
    growth = in_hand(game, GIANT_GROWTH)
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", growth), "対象がないので巨大化は唱えられない")
    expect.that(game.current(growth).zone is Zone.HAND and not game.stack, "巨大化は手札に戻り、スタックは空")
    expect.equal((game.players["A"].mana.total, game.players["A"].spells_cast), (1, 0),
                 "{G}はマナ・プールに残り、呪文は唱えられていない")
    bears = game.place(GRIZZLY_BEARS, player="B")
    game.cast("A", game.current(growth), targets=[bears])
    game.resolve_stack()
    expect.equal(game.view(bears).pt, (5, 5), "熊が出たあとは、残っていた{G}で巨大化を唱えられた")


@check("601.3c@20260116.0@5c4fa50e", "702.48a@20260116.0@5955e759")
def an_offering_lets_the_casting_begin_as_though_it_had_flash(expect: Expect) -> None:
    """状況: Bのターン、Aが優先権を持つ。Aは《ゴブリンの長槍使い》をコントロールし、手札に《悪忌の守護神》（ゴブリンの献身：
    追加コストとしてゴブリンを生け贄に捧げたなら、インスタントを唱えられるときに唱えてよい）がある。マナ・プールに{3}{R}。
    行動: Aが献身を宣言して守護神を唱え始め、長槍使いを生け贄に捧げる。長槍使いが戦場を離れたあと、同じことをもう一度試みる。
    結果: 追加コストを支払う場合にだけ瞬速を持つかのように唱えられる呪文なので、Aは瞬速を持つかのように唱え始められ、
    長槍使いを生け贄に捧げて唱え終える。生け贄に捧げるゴブリンがいないと追加コストを支払えず、唱えることは不正になる。"""
    game = Game(["A", "B"])
    piker = game.place(GOBLIN_PIKER)
    patron, other = in_hand(game, PATRON_OF_THE_AKKI), in_hand(game, PATRON_OF_THE_AKKI)
    game.next_turn()
    game.pass_priority_to("A")
    give_mana(game, "A", "{3}{R}")
    spell = game.cast("A", patron, additional=("offering",))
    expect.equal((game.objects[spell].zone, game.current(piker).zone), (Zone.STACK, Zone.GRAVEYARD),
                 "Bのターンに献身で唱え始め、長槍使いを生け贄に捧げて唱え終えた")
    game.resolve_stack()
    game.pass_priority_to("A")
    give_mana(game, "A", "{4}{R}{R}")
    expect.refused(lambda: game.cast("A", other, additional=("offering",)),
                   "生け贄に捧げるゴブリンがいなければ献身で唱えることはできない")
    expect.equal(game.current(other).zone, Zone.HAND, "2枚目の守護神は手札に戻った")
