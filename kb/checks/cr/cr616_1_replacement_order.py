"""The order of replacement effects on one event (616.1b): an effect that changes under whose control
an object enters goes before the others, which then see the new controller."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cr.cr118_costs import GATHER_SPECIMENS
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import Game, StaticAbility, Zone, card
from kb.engine.replacement import Move, Replacement, ReplacementContext


def _opponents_creature_entering(context: ReplacementContext, move: Move) -> bool:
    game = context.game
    obj = game.objects.get(move.object_id)
    if move.to_zone is not Zone.BATTLEFIELD or obj is None or move.tapped:
        return False
    would = move.controller or obj.owner
    return would != context.context.player("you") and "Creature" in {t.value for t in obj.printed.types}


WATCHFUL_CONSULS = card("Test Watchful Consuls", "{W}", "Enchantment", StaticAbility(
    "Creatures your opponents control enter tapped.", replacements=(Replacement(
        "Creatures your opponents control enter tapped.", Move, _opponents_creature_entering,
        lambda c, m: with_changes(m, tapped=True)),)))
"""Test: an enchantment, "Creatures your opponents control enter tapped"."""


@check("616.1b@20260116.0@b7f67f82", "616.1@20260116.0@9ab1548c", "614.1c@20260116.0@ce0a08eb")
def the_control_replacement_comes_first(expect: Expect) -> None:
    """状況: Aは「対戦相手がコントロールするクリーチャーはタップ状態で戦場に出る」テスト用のエンチャントをコントロールし、
    このターンに《標本集め》（このターン、対戦相手のコントロール下で戦場に出るクリーチャーは、代わりにあなたのコントロール下で
    戦場に出る）を唱えて解決させた。1つ目のゲームでは標本集めを唱えていない。
    行動: Bが《灰色熊》を唱え、それが解決する。
    結果: 標本集めがなければ、熊はBのコントロール下でタップ状態で戦場に出る。標本集めがあれば、コントロールを変える置換効果が
    先に適用され、熊はAのコントロール下で出るので、対戦相手のクリーチャーをタップ状態にする置換効果は適用されず、熊はアンタップ
    状態で戦場に出る。"""
    for specimens in (False, True):
        game = Game(["B", "A"])
        game.place(WATCHFUL_CONSULS, player="A")
        if specimens:
            gather = in_hand(game, GATHER_SPECIMENS, "A")
            give_mana(game, "A", "{3}{U}")
            game.pass_priority_to("A")
            game.cast("A", gather)
            game.resolve_stack()
        bears = in_hand(game, cards.GRIZZLY_BEARS, "B")
        give_mana(game, "B", "{1}{G}")
        game.cast("B", bears)
        game.resolve_stack()
        entered = game.current(bears)
        if specimens:
            expect.that(entered.controller == "A" and not entered.tapped,
                        "標本集めがあれば、熊はAのコントロール下でアンタップ状態で出た")
        else:
            expect.that(entered.controller == "B" and entered.tapped, "熊はBのコントロール下でタップ状態で出た")
