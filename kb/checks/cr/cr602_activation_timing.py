"""Activating abilities (602): "activate only as an instant" is the timing of an instant (602.5e),
a small scenario of the rule at work."""

from __future__ import annotations

from kb.checks.cards import LIGHTNING_BOLT
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import ActivatedAbility, Game, Resolution, UntilEndOfTurn, card, cost, modify_pt


def _grows(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        resolution.game.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], [resolution.source_id],
                                      UntilEndOfTurn(), source=resolution.source_id, controller=resolution.controller)


INSTANT_PUMPER = card("Test Instant Pumper", "{1}{G}", "Creature — Beast", 2, 2, ActivatedAbility(
    "{G}: This creature gets +1/+1 until end of turn. Activate only as an instant.", cost("{G}"), _grows))
"""Test: a 2/2 with "{G}: This creature gets +1/+1 until end of turn. Activate only as an instant."."""


@check("602.5e@20260116.0@76df2824", "117.1b@20260116.0@c3d6dde1")
def activate_only_as_an_instant_in_response(expect: Expect) -> None:
    """状況: Bのターン。Aは「{G}：このクリーチャーはターン終了時まで+1/+1の修整を受ける。起動はインスタントとしてのみ行う。」を
    持つ2/2のテスト用クリーチャーをコントロールしている。
    行動: Bがそのクリーチャーを対象に《稲妻》を唱える。Aは対応して{G}{G}で能力を2回起動する。
    結果: インスタントを唱えられるときと同じタイミングなので、相手のターンでスタックに呪文があっても起動できる。2つの能力が
    稲妻より先に解決し、4/4になったクリーチャーは稲妻の3点を受けても生き残る。"""
    game = Game(["A", "B"])
    pumper = game.place(INSTANT_PUMPER)
    game.next_turn()
    give_mana(game, "B", "{R}")
    game.cast("B", in_hand(game, LIGHTNING_BOLT, "B"), targets=[pumper])
    game.pass_priority_to("A")
    give_mana(game, "A", "{G}{G}")
    game.activate("A", pumper)
    game.activate("A", pumper)
    expect.equal(len(game.stack), 3, "Bのターンに、稲妻の上に能力を2回起動できた")
    game.resolve_stack()
    expect.equal((game.current(pumper).zone.value, game.view(pumper).pt), ("battlefield", (4, 4)),
                 "4/4になったクリーチャーは稲妻の3点を受けても生き残った")
