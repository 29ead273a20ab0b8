"""Spy Kit: an object that has "all names of nonlegendary creature cards" has, by a text-changing
effect in layer 3, the name of each nonlegendary creature card in the Oracle (612.7, 108.1)."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, PILLARFIELD_OX, real
from kb.checks.cards_copies import OLIVIA_VOLDAREN
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, StaticAbility, attached_to_this, card, creatures, modify_pt
from kb.engine.cards import CardLibrary
from kb.engine.cardtypes import CardType, Supertype
from kb.engine.characteristics import Characteristics
from kb.engine.text_changes import has_all_names


def _nonlegendary_creature(face: Characteristics) -> bool:
    return CardType.CREATURE in face.types and Supertype.LEGENDARY not in face.supertypes


ORACLE = CardLibrary()
"""The Oracle of this scenario (108.1): the cards it knows."""

SPY_KIT = real("スパイ道具", card(
    "Spy Kit", "{2}", "Artifact — Equipment", "equip {2}",
    StaticAbility("Equipped creature gets +1/+1 and has all names of nonlegendary creature cards in addition to its "
                  "name.", (modify_pt(1, 1), has_all_names(ORACLE, _nonlegendary_creature,
                                                          "has all names of nonlegendary creature cards")),
                  attached_to_this())))
"""スパイ道具: +1/+1 and every nonlegendary creature card's name."""

BEAR_BANNER = card("Test Bear Banner", "{1}{G}", "Enchantment", StaticAbility(
    "Creatures named Grizzly Bears get +1/+1.", (modify_pt(1, 1),), creatures(name="Grizzly Bears")))
"""Test: creatures named Grizzly Bears get +1/+1."""

OLIVIA_BANNER = card("Test Olivia Banner", "{1}{B}", "Enchantment", StaticAbility(
    "Creatures named Olivia Voldaren get +1/+1.", (modify_pt(1, 1),), creatures(name="Olivia Voldaren")))
"""Test: creatures named Olivia Voldaren (a legendary creature) get +1/+1."""

ORACLE.add(GRIZZLY_BEARS, HILL_GIANT, PILLARFIELD_OX, OLIVIA_VOLDAREN, SPY_KIT, BEAR_BANNER, OLIVIA_BANNER)


@check("612.7@20260116.0@51151cfb", "108.1@20260116.0@c3d2629e", "613.1c@20260116.0@74afe4f6")
def spy_kit_gives_every_nonlegendary_creature_name(expect: Expect) -> None:
    """状況: Aは《柱平原の雄牛》（2/4）に《スパイ道具》をつけている。「《灰色熊》という名前のクリーチャーは+1/+1の修整を受ける」
    テスト用エンチャントと、「《オリヴィア・ヴォルダーレン》という名前のクリーチャーは+1/+1の修整を受ける」テスト用エンチャントが
    戦場にある。オラクルには灰色熊、《丘巨人》、雄牛、伝説のクリーチャーであるオリヴィアなどがある。
    行動: 雄牛の名前とパワー・タフネスを見る。
    結果: 雄牛は自分の名前に加えて、オラクルにある伝説でないクリーチャー・カードそれぞれの名前（灰色熊、丘巨人）を持つが、
    伝説のオリヴィアの名前は持たない。スパイ道具の+1/+1と、灰色熊という名前であることによる+1/+1を受けて4/6になる。"""
    game = Game(["A", "B"])
    ox = game.place(PILLARFIELD_OX)
    kit = game.place(SPY_KIT)
    game.attach(kit, ox)
    game.place(BEAR_BANNER)
    game.place(OLIVIA_BANNER)
    view = game.view(ox)
    expect.equal(view.name, "Pillarfield Ox", "雄牛は自分の名前を持ち続ける")
    expect.that({"Grizzly Bears", "Hill Giant"} <= view.other_names, "雄牛は灰色熊と丘巨人の名前も持つ")
    expect.that("Olivia Voldaren" not in view.other_names, "伝説のクリーチャーの名前は持たない")
    expect.equal((view.power, view.toughness), (4, 6), "道具の+1/+1と、灰色熊という名前による+1/+1：4/6")
