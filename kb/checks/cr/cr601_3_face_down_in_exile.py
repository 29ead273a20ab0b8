"""A spell may be cast from among face-down cards in exile only by a player who may look at the
card there (601.3f): hideaway's card may be looked at by any player who has controlled the
permanent that exiled it (702.75a)."""

from __future__ import annotations

from kb.checks.cards import SHOCK
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import ChoiceKind, Game, StaticAbility, Step, Zone, card, gain_control, objects
from kb.engine.rules import CastPermission

HIDDEN_VAULT = card("Test Hidden Vault", None, "Land", "hideaway 4")
"""Test: a land with hideaway 4."""

EXILE_RAIDER = card("Test Exile Raider", "{2}{U}", "Creature — Human Rogue", 2, 2, StaticAbility(
    "You may cast spells from among face-down cards in exile.",
    rules=(CastPermission(objects(zones=tuple(Zone)), Zone.EXILE),)))
"""Test: a creature letting its controller cast spells from among face-down cards in exile."""


@check("601.3f@20260116.0@e402851f", "702.75a@20260116.0@1d5bdf88", "601.3@20260116.0@dec4acd5")
def only_a_player_who_may_look_at_it_casts_it(expect: Expect) -> None:
    """状況: AとBはどちらも「あなたは追放領域にある裏向きのカードの中から呪文を唱えてもよい」テスト用クリーチャーをコントロールして
    いる。Aの秘匿4を持つテスト用の土地が戦場に出て、Aはライブラリーの上の《ショック》を裏向きに追放した。
    行動: Bがそのショックを唱えようとする。そのあと、その土地のコントロールがBに移り、Aがショックを唱える。
    結果: その裏向きのカードを見られるのは、土地をコントロールしたことがあるプレイヤーだけなので、Bは唱え始めることができない。
    コントロールがBに移ったあとも、Aはその土地をコントロールしたことがあるので見ることができ、唱えられる。"""
    game = Game(["A", "B"])
    game.place(EXILE_RAIDER, player="A")
    game.place(EXILE_RAIDER, player="B")
    shock = game.place(SHOCK, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.OBJECT, shock, player="A")
    vault = game.put_onto_battlefield(HIDDEN_VAULT, "A")
    game.resolve_stack()
    hidden = game.current(shock)
    expect.that(hidden.zone is Zone.EXILE and hidden.face_down is not None, "ショックは裏向きに追放された")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    refused = expect.refused(lambda: game.cast("B", hidden, targets=["A"]),
                             "土地をコントロールしたことのないBは、見られない裏向きのカードを唱え始められない")
    expect.that("601.3f" in str(refused), "拒まれた理由は601.3f")
    assert vault is not None
    game.create_effect("B gains control of the land", [gain_control()], [vault], controller="B")
    game.advance_to(Step.BEGINNING_OF_COMBAT)  # A, the active player, has priority again
    game.add_mana("A", "{R}")
    expect.that(game.view(vault).controller == "B", "土地のコントロールはBに移った")
    game.cast("A", hidden, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 18, "土地をコントロールしたことがあるAは唱えられ、Bは2点を受けた")
