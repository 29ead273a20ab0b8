"""Casting spells and activating abilities, the steps no other check shows (601.2a …): each a
small scenario of the rule at work."""

from __future__ import annotations

from kb.checks.cards import GIANT_GROWTH, GRIZZLY_BEARS, LIGHTNING_BOLT
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
