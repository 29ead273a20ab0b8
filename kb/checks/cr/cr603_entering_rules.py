"""Triggered abilities (603): rules no other check shows, each a small scenario of the rule at work —
"enters with" and "as it enters" are no triggered abilities (603.6d)."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import Game, StaticAbility, Zone, card, enters_with_counters

HATCHLING_HYDRA = card("Test Hatchling Hydra", "{2}{G}", "Creature — Hydra", 0, 0, StaticAbility(
    "This creature enters with three +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 3),)))
"""Test: a 0/0 creature that enters with three +1/+1 counters on it."""


@check("603.6d@20260116.0@39bc6ce6", "614.1c@20260116.0@ce0a08eb")
def entering_with_counters_is_no_triggered_ability(expect: Expect) -> None:
    """状況: Aの手札に「このクリーチャーは+1/+1カウンターが3個置かれた状態で戦場に出る」を持つ0/0のテスト用クリーチャー。
    行動: Aがそれを唱え、呪文が解決する。
    結果: これは誘発型能力ではなく置換効果を作る常在型能力なので、スタックに何も積まれることなく、クリーチャーは
    カウンター3個が置かれた3/3として戦場に出る。0/0として状況起因処理で死ぬ時点はない。"""
    game = Game(["A", "B"])
    give_mana(game, "A", "{2}{G}")
    game.cast("A", in_hand(game, HATCHLING_HYDRA))
    game.resolve_top()
    [hydra] = game.creatures("A")
    expect.equal(game.view(hydra).pt, (3, 3), "カウンター3個が置かれた3/3として戦場に出た")
    expect.equal(hydra.counter("+1/+1"), 3, "+1/+1カウンターが3個ある")
    expect.equal(list(game.stack), [], "スタックには何も積まれていない")
    expect.that(all(o.card is not HATCHLING_HYDRA for o in game.in_zone(Zone.GRAVEYARD, "A")),
                "0/0として墓地に置かれてはいない")
