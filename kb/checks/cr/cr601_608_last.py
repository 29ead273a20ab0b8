"""The last rules of 601-608 the checks reach (mach6): a mana ability can't be activated again while its
own costs are being paid (605.3c); a permanent refers to the cards exiled to pay the cost of the spell it was
(607.2q)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    StaticAbility,
    Zone,
    card,
    condition,
    cost,
    linked,
)
from kb.engine.cards import has_keyword
from kb.engine.cardtypes import CardType
from kb.engine.context import Context
from kb.engine.keywords_casting import DELVE_LINK
from kb.engine.parts import gain
from kb.engine.selectors import this_object

MANA_PUMP = card(
    "Test Mana Pump", "{2}", "Artifact",
    ActivatedAbility("{1}: Add {C}{C}.", cost("{1}"), lambda resolution: None, mana="{C}{C}"))
"""Test: an artifact with "{1}: Add {C}{C}" (a mana ability with a mana cost and no {T})."""


@check("605.3c@20260116.0@6e402a1c", "605.3a@20260116.0@2a1cd8c7")
def a_mana_ability_cant_pay_for_itself(expect: Expect) -> None:
    """状況: Aはテスト用アーティファクト（{1}：{C}{C}を加える）と《山》をコントロールしている。
    行動: Aがアーティファクトのマナ能力を起動し、その{1}を山のマナ能力で支払う。次に、もう一度起動し、その{1}を同じ
    アーティファクトのマナ能力を起動して支払おうとする。
    結果: 1回目は山のマナで支払え、{C}{C}が加わる（プールには{C}が2点）。2回目は、起動し始めたマナ能力は解決するまで
    再び起動できないので、支払いの間に同じ能力を起動することはできず、その起動は認められない（プールは変わらない）。"""
    game = Game(["A", "B"])
    pump = game.place(MANA_PUMP)
    mountain = game.place(MOUNTAIN)
    game.activate("A", pump, 0, pay_with=[mountain])
    expect.equal(game.players["A"].mana.total, 2, "山のマナで{1}を支払い、{C}{C}が加わった")
    expect.refused(lambda: game.activate("A", pump, 0, pay_with=[pump]),
                   "起動し始めたマナ能力を、そのコストの支払い中にもう一度起動することはできない")
    expect.equal(game.players["A"].mana.total, 2, "認められなかった起動は何も変えなかった")


def _delved_a_card_with(keyword: str) -> StaticAbility:
    def delved(c: Context) -> bool:
        source = c.source
        # the cards in exile as printed: no effect there changes them, and a view would depend on this one
        printed = [c.game.objects[i].card.front for i in linked.exiled_with(c.game, source.id, DELVE_LINK)] \
            if source is not None else []
        return any(CardType.CREATURE in p.types and has_keyword(p, keyword) is not None for p in printed)

    return StaticAbility(f"If a creature card with {keyword} was exiled with this creature's delve ability, it has "
                         f"{keyword}.", (gain(keyword),), this_object(),
                         condition=condition(f"a creature card with {keyword} was exiled with its delve", delved,
                                                             reads=()))


SOULFLAYER = real("魂剥ぎ", card("Soulflayer", "{4}{B}{B}", "Creature — Demon", 4, 4, "delve",
                                 _delved_a_card_with("flying"), _delved_a_card_with("first strike")))
"""魂剥ぎ: 4/4、探査。探査で追放したカードの中に飛行を持つクリーチャー・カードがあるなら飛行を持つ（先制攻撃なども同様。
ここでは飛行と先制攻撃だけを持たせる）。"""


@check("607.2q@20260116.0@523cca47", "702.66a@20260116.0@3914c7e1")
def delve_exiles_are_linked_to_the_permanent(expect: Expect) -> None:
    """状況: Aの手札に《魂剥ぎ》（{4}{B}{B}、4/4、探査。探査で追放したカードに飛行を持つクリーチャー・カードがあるなら
    飛行を持つ。先制攻撃なども同様）。Aの墓地に《風のドレイク》（飛行）、《灰色熊》、《山》3枚。
    行動: 1つ目のゲームでは、Aが探査でドレイク、熊、山2枚を追放して{B}{B}で魂剥ぎを唱え、解決する。2つ目のゲームでは、
    ドレイクを墓地に残し、熊と山3枚を追放して唱える。
    結果: 呪文のコストを支払うために追放されたカードと、その呪文がなったパーマネントの「探査で追放された」カードを参照する
    能力は関連している。1つ目のゲームでは、戦場の魂剥ぎは飛行を持つ（先制攻撃は持たない）。2つ目のゲームでは、探査で
    追放したカードに飛行を持つものはないので、墓地にドレイクがあっても飛行を持たない。"""
    for with_drake in (True, False):
        game = Game(["A", "B"])
        drake = game.place(cards.WIND_DRAKE, Zone.GRAVEYARD, "A")
        bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
        mountains = [game.place(MOUNTAIN, Zone.GRAVEYARD, "A") for _ in range(3)]
        soulflayer = in_hand(game, SOULFLAYER)
        give_mana(game, "A", "{B}{B}")
        delved = [drake, bears, *mountains[:2]] if with_drake else [bears, *mountains]
        game.choices.script(ChoiceKind.OBJECTS, delved, player="A")
        game.cast("A", soulflayer)
        game.resolve_stack()
        view = game.view(game.current(soulflayer).id)
        if with_drake:
            expect.equal((view.zone, view.has("flying"), view.has("first strike")), (Zone.BATTLEFIELD, True, False),
                         "探査で飛行を持つドレイクを追放したので、戦場の魂剥ぎは飛行を持つ（先制攻撃は持たない）")
        else:
            expect.equal((game.current(drake).zone, view.has("flying")), (Zone.GRAVEYARD, False),
                         "探査で追放したカードに飛行を持つものはないので、飛行を持たない")
