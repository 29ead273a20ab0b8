"""Choices an opponent makes for a spell or an ability as it is cast or activated (601.6, 601.6a,
602.3, 602.3a): each a small scenario of the rule at work, in a game of three."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT
from kb.checks.cr.cr801_5_choices_in_range import CUOMBAJJ_WITCHES
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import ChoiceKind, Game, Resolution, SpellAbility, card, creatures
from kb.engine.targets import TargetSpec


def _three_damage(resolution: Resolution) -> None:
    chosen = resolution.targets(0)
    if chosen and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, chosen[0], 3)


OFFERED_BOLT = card("Test Offered Bolt", "{R}", "Instant", spell=SpellAbility(
    "This spell deals 3 damage to target creature of an opponent's choice.", _three_damage,
    (TargetSpec("target creature of an opponent's choice", creatures(), chosen_by="an opponent"),)))
"""Test: an instant dealing 3 damage to a target creature an opponent chooses."""


@check("601.6@20260116.0@7b0425d8", "601.6a@20260116.0@cb8adac6", "601.2c@20260116.0@eb811b42")
def an_opponent_chooses_the_spells_target_as_it_is_cast(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの手札に「対戦相手1人が選ぶクリーチャー1体を対象とし、3点のダメージを与える」テスト用インスタント。
    Bは《灰色熊》を、Cは《丘巨人》をコントロールしている。
    行動: Aがその呪文を唱える。選択を行える対戦相手は2人いるので、AがCを選ぶ。Cが対象に熊を選ぶ。
    結果: どちらの対戦相手が選ぶかは呪文のコントローラーであるAが決め、Cは、Aが普通に対象を選ぶときと同じ、唱える間に対象を
    選ぶ。呪文はスタック上で熊を対象にしていて、解決すると熊は死ぬ。"""
    game = Game(["A", "B", "C"])
    bears = game.place(GRIZZLY_BEARS, player="B")
    game.place(HILL_GIANT, player="C")
    game.choices.script(ChoiceKind.PLAYER, "C", player="A")
    game.choices.script(ChoiceKind.TARGETS, bears.id, player="C")
    give_mana(game, "A", "{R}")
    game.cast("A", in_hand(game, OFFERED_BOLT))
    asked = [(c.kind, c.player) for c, _ in game.choices.asked if c.kind in (ChoiceKind.PLAYER, ChoiceKind.TARGETS)]
    expect.equal(asked, [(ChoiceKind.PLAYER, "A"), (ChoiceKind.TARGETS, "C")],
                 "どちらの対戦相手が選ぶかはAが決め、選ばれたCが対象を選んだ")
    expect.equal([item.targets for item in game.stack], [((bears.id,),)], "唱えられた呪文は熊を対象にしている")
    game.resolve_stack()
    expect.that(bears.id not in game.objects, "熊は3点のダメージで死んだ")


@check("602.3@20260116.0@2bf703b6", "602.3a@20260116.0@f17bd190", "602.2b@20260116.0@cf7b7a79")
def an_opponent_chooses_the_abilitys_target_as_it_is_activated(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aは《クォムバッジの魔女》（タップ：1つ目の対象に1点、対戦相手1人が選ぶ2つ目の対象に1点）を
    コントロールしている。Bは《灰色熊》をコントロールしている。
    行動: Aが能力を起動し、1つ目の対象にBを選ぶ。2つ目の対象を選ぶ対戦相手としてAはBを選び、BはAを選ぶ。
    結果: 2人の対戦相手のどちらが選ぶかは能力のコントローラーのAが決め、Bは起動する間に2つ目の対象を選ぶ。解決するとBとAが
    それぞれ1点を受ける。"""
    game = Game(["A", "B", "C"])
    witches = game.place(CUOMBAJJ_WITCHES)
    game.place(GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.choices.script(ChoiceKind.PLAYER, "B", player="A")
    game.choices.script(ChoiceKind.TARGETS, "A", player="B")
    game.activate("A", witches)
    asked = [(c.kind, c.player) for c, _ in game.choices.asked if c.kind in (ChoiceKind.PLAYER, ChoiceKind.TARGETS)]
    expect.equal(asked, [(ChoiceKind.TARGETS, "A"), (ChoiceKind.PLAYER, "A"), (ChoiceKind.TARGETS, "B")],
                 "Aが1つ目の対象と選ぶ対戦相手を決め、Bが2つ目の対象を選んだ")
    game.resolve_stack()
    expect.equal((game.players["A"].life, game.players["B"].life, game.players["C"].life), (19, 19, 20),
                 "BとAがそれぞれ1点を受けた")
