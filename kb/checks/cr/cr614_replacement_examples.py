"""The CR's examples of replacement effects (614) played out with the real cards they name: two
devour abilities of one creature can't both sacrifice the same permanent (614.13b)."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.cards_basics import RUNECLAW_BEAR
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    SpellCast,
    TriggeredAbility,
    Zone,
    card,
    gain,
    planechase,
    spells,
    triggers,
)
from kb.engine.stack import Resolution


def _gains_devour_five(r: Resolution) -> None:
    event = r.event
    if isinstance(event, SpellCast) and event.spell_id in r.game.objects:
        r.game.create_effect("it gains devour 5", [gain("devour 5")], [event.spell_id], source=r.source_id,
                             controller=r.controller)


JUND = real("ジャンド", card("Jund", None, "Plane — Alara", TriggeredAbility(
    "Whenever a player casts a black, red, or green creature spell, it gains devour 5.",
    triggers.cast(spells("Creature", colors=["B"]) | spells("Creature", colors=["R"])
                  | spells("Creature", colors=["G"])),
    _gains_devour_five, zones=frozenset({Zone.COMMAND}))))
"""ジャンド; its chaos ability is left out."""

THUNDER_THRASH_ELDER = real("雷団の古老", card(
    "Thunder-Thrash Elder", "{2}{R}", "Creature — Viashino Warrior", 1, 1, "devour 3"))


@check("614.13b@20260116.0@7fae93ab", "702.82a@20260116.0@dce81b77", "616.1@20260116.0@9ab1548c",
       "614.1c@20260116.0@ce0a08eb", example="614.13b#1@5c235c02")
def one_permanent_devoured_once(expect: Expect) -> None:
    """状況: プレインチェイス戦で、《ジャンド》（黒か赤か緑のクリーチャー・呪文が唱えられるたび、それは貪食5を得る）が表向きである。
    Aは《ルーン爪の熊》をコントロールし、手札に《雷団の古老》（赤、1/1、貪食3）がある。
    行動: Aが古老を唱え、ジャンドの能力で古老は貪食5を得る。古老が戦場に出るに際し、Aは先に貪食5を適用してルーン爪の熊を
    生け贄に捧げることを選び、次に貪食3を適用する。
    結果: 熊は貪食5で選ばれたので、貪食3では選べない（選べるパーマネントがない）。熊は生け贄に捧げられ、古老は+1/+1カウンター5個
    とともに戦場に出て6/6になる。"""
    game = Game(["A", "B"])
    planechase.start(game, {"A": [JUND]})
    bear = game.place(RUNECLAW_BEAR, player="A")
    elder = in_hand(game, THUNDER_THRASH_ELDER)
    give_mana(game, "A", "{2}{R}")
    spell = game.cast("A", elder)
    game.refresh_priority()
    game.resolve_top()  # Jund's trigger: the spell gains devour 5
    expect.that(game.view(spell).has("devour"), "ジャンドの能力で古老は貪食5を得た")
    game.choices.script(ChoiceKind.REPLACEMENT, "Devour 5", player="A")
    game.choices.script(ChoiceKind.OBJECT, [bear], player="A")
    game.resolve_stack()
    asked = [c.items for c, _ in game.choices.asked if c.kind is ChoiceKind.OBJECT]
    expect.equal(asked, [(bear.id,)], "貪食5で熊を選んだので、貪食3では熊を選べない（選ぶものがない）")
    expect.equal((game.current(bear).zone, game.view(spell).counter("+1/+1"), game.view(spell).pt),
                 (Zone.GRAVEYARD, 5, (6, 6)), "熊は生け贄に捧げられ、古老は+1/+1カウンター5個で6/6")
