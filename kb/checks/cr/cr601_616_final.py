"""The last machinery rules of 601-616 the checks reach (mach7): which static abilities are
characteristic-defining abilities (604.3a), judged on the object rather than taken from the card."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    Game,
    StaticAbility,
    artifacts,
    becomes_color,
    card,
    creatures,
    this_object,
    you_control,
)
from kb.engine.selectors import Filter

DARKEST_HOUR = real("真に暗き時間", card(
    "Darkest Hour", "{B}", "Enchantment",
    StaticAbility("All creatures are black.", (becomes_color("B"),), creatures())))
"""真に暗き時間: every creature is black (layer 5)."""

TRANSGUILD_COURIER = real("ギルド渡りの急使", card(
    "Transguild Courier", "{4}", "Artifact Creature — Golem", 3, 3,
    StaticAbility("Transguild Courier is all colors.", (becomes_color("WUBRG"),), this_object(), cda=True)))
"""ギルド渡りの急使: a CDA makes it every colour."""

ARTIFACT_PRISM = card(
    "Test Prism Hound", "{3}", "Artifact Creature — Dog", 2, 2,
    StaticAbility("As long as you control another artifact, this creature is all colors.",
                  (becomes_color("WUBRG"),), this_object(), condition=you_control(artifacts(), 2), cda=True))
"""Written like a CDA, but it defines its colour only under a condition (604.3a(5))."""

ALL_YOURS = Filter("this object and other creatures you control",
                   lambda c, o: o.id == c.source_state("this object").id or creatures(controller="you").test(c, o))
PRISM_BANNER = card(
    "Test Prism Herald", "{3}", "Creature — Human", 2, 2,
    StaticAbility("This creature and other creatures you control are all colors.",
                  (becomes_color("WUBRG"),), ALL_YOURS, cda=True))
"""Written like a CDA, but it also sets other objects' colour (604.3a(3))."""


@check("604.3a@20260116.0@b71cd509", "613.3@20260116.0@d9c200de")
def only_unconditional_self_defining_abilities_are_cdas(expect: Expect) -> None:
    """状況: Aが《真に暗き時間》（すべてのクリーチャーは黒）を先にコントロールし、そのあと《ギルド渡りの急使》（自身はすべての色）、
    「もう1つアーティファクトをコントロールしている限り、このクリーチャーはすべての色」のアーティファクト・クリーチャー、
    「このクリーチャーとあなたがコントロールする他のクリーチャーはすべての色」のクリーチャーが戦場に出る。
    行動: それぞれの色を見る。
    結果: 急使の能力は条件を満たす特性定義能力なので第5種で先に適用され、そのあと暗き時間が黒にする：急使は黒だけ。
    条件付きの能力と他のオブジェクトにも及ぶ能力は特性定義能力ではなく、タイムスタンプ順に暗き時間のあとで適用される：すべての色（後者は急使もすべての色にする）。"""
    game = Game(["A", "B"])
    game.place(DARKEST_HOUR)
    courier = game.place(TRANSGUILD_COURIER)
    black = frozenset(game.view(game.place(card("Test Bear", "{1}{G}", "Creature — Bear", 2, 2))).colors)
    expect.equal(frozenset(game.view(courier).colors), black, "特性定義能力が先、暗き時間が後：急使は黒だけ")
    hound = game.place(ARTIFACT_PRISM)
    expect.equal(len(game.view(hound).colors), 5, "条件付きの能力は特性定義能力ではない：タイムスタンプ順で、すべての色")
    herald = game.place(PRISM_BANNER)
    expect.equal(len(game.view(herald).colors), 5, "他のオブジェクトにも及ぶ能力は特性定義能力ではない：すべての色")
    expect.equal(len(game.view(courier).colors), 5, "その能力は暗き時間のあとで急使にも及ぶ：急使もすべての色")
