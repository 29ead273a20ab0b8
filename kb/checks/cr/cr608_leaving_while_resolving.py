"""608.2m: an instant that leaves the stack after it began to resolve still resolves to the end, and
608.2n doesn't move it again (it is no longer on the stack to be put into the graveyard)."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import Game, Resolution, SpellAbility, Zone, card, zones


def _sweep_then_gain(resolution: Resolution) -> None:
    game = resolution.game
    zones.move_all(game, [o for o in game.objects.values() if o.zone is Zone.STACK], Zone.EXILE)
    game.gain_life(resolution.controller, 3)


TEST_STACK_SWEEP = card("Test Stack Sweep", "{1}", "Instant", spell=SpellAbility(
    "Exile all spells. You gain 3 life.", _sweep_then_gain))
"""Test: an instant that exiles every spell on the stack, itself among them, then gains 3 life."""

@check("608.2m@20260116.0@49514880", "608.2n@20260116.0@3deb9504")
def a_spell_exiled_while_it_resolves_still_finishes(expect: Expect) -> None:
    """状況: Aのターン。スタックは空。
    行動: Aが「すべての呪文を追放する。あなたは3点のライフを得る」テスト用インスタントを唱え、解決する。
    結果: 解決中のインスタント自身がスタックから追放されるが、最後まで解決してAは3点得る。
    追放されたインスタントは墓地に置かれず、追放されたままである。"""
    game = Game(["A", "B"])
    cast(game, "A", TEST_STACK_SWEEP)
    expect.equal(game.players["A"].life, 23, "自身が追放されても最後まで解決し、Aは3点得た")
    where = [o.zone for o in game.objects.values() if o.card.name == "Test Stack Sweep"]
    expect.equal(where, [Zone.EXILE], "解決したインスタントは追放されたままで、墓地に置かれない")
