"""Flip cards (710): a flip card has its normal characteristics everywhere but on the battlefield
once flipped — the CR's example of a flip card that is legendary only when flipped."""

from __future__ import annotations

from kb.checks.cards_copies import AKKI_LAVARUNNER, OLIVIA_VOLDAREN, TIME_OF_NEED
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import ChoiceKind, Game, StaticAbility, Step, Zone, card, creatures, modify_pt

LEGENDARY_ANTHEM = card("Test Legendary Anthem", "{2}{W}", "Enchantment",
                        StaticAbility("Legendary creatures get +2/+2.", (modify_pt(2, 2),),
                                      creatures(supertypes=["Legendary"])))
"""Test: an enchantment whose static ability gives legendary creatures +2/+2."""


@check("710.2@20260116.0@4e2e241f", "710.1b@20260116.0@e3461fb8", "701.23a@20260116.0@5a5a8334",
       example="710.2#1@e24238a4")
def akki_lavarunner_is_legendary_only_when_flipped(expect: Expect) -> None:
    """状況: Aのライブラリーに《悪忌の溶岩走り》（反転すると伝説のクリーチャー《溶岩生まれのトクトク》になる）と
    伝説のクリーチャー《オリヴィア・ヴォルダーレン》がある。戦場にはAの溶岩走りと、伝説のクリーチャーは+2/+2の修整を
    受けるというテスト用のエンチャントがある。
    行動: Aが《緊急時》（ライブラリーから伝説のクリーチャー・カード1枚を探す）を唱える。次に溶岩走りでBを攻撃し、
    ダメージを与えて反転させる。
    結果: ライブラリーの溶岩走りは伝説ではないので探せず、選べるのはオリヴィアだけ。戦場の溶岩走りも反転するまでは
    伝説ではないので1/1のまま。反転すると伝説のトクトクになり、+2/+2を受けて4/4になる。"""
    game = Game(["A", "B"])
    in_library = game.place(AKKI_LAVARUNNER, Zone.LIBRARY, "A")
    olivia = game.place(OLIVIA_VOLDAREN, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.OBJECT, olivia, player="A")
    cast(game, "A", TIME_OF_NEED)
    [searched] = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.OBJECT]
    expect.equal(set(searched.options), {olivia.id, None}, "探せるのはオリヴィアだけで、溶岩走りは探せない")
    expect.that(game.current(in_library).zone is Zone.LIBRARY, "溶岩走りはライブラリーに残った")
    game.place(LEGENDARY_ANTHEM, player="A")
    runner = game.place(AKKI_LAVARUNNER, player="A")
    expect.equal(game.view(runner).pt, (1, 1), "反転していない溶岩走りは伝説ではなく、1/1のまま")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([runner])
    game.advance_to(Step.END_OF_COMBAT)
    seen = game.view(runner)
    expect.that(seen.status.flipped and seen.name == "Tok-Tok, Volcano Born", "Bにダメージを与えて反転した")
    expect.equal(seen.pt, (4, 4), "伝説のトクトクは+2/+2を受けて4/4")
    expect.equal(game.players["B"].life, 19, "Bは1点のダメージを受けた")

