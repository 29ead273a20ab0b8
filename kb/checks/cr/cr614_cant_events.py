"""614.17c: an event that can't happen is replaced only by the self-replacement effects of the spell
that would make it happen; another replacement effect can't change it."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import Game, Resolution, SpellAbility, StaticAbility, Zone, card
from kb.engine.replacement import Draw, GainLife, Instead, Replacement, ReplacementContext
from kb.engine.rules import CantGainLife


def _loses_instead(context: ReplacementContext, gain: GainLife) -> Instead:
    return Instead(life_totals=((gain.player, context.game.players[gain.player].life - gain.amount),))


TAINTED_REMEDY = real("穢れた療法", card("Tainted Remedy", "{2}{B}", "Enchantment", StaticAbility(
    "If an opponent would gain life, that player loses that much life instead.", replacements=(Replacement(
        "If an opponent would gain life, that player loses that much life instead.", GainLife,
        lambda c, g: g.player in c.game.opponents(c.context.player("you")), _loses_instead),))))


def _feast_or_draw(resolution: Resolution) -> None:
    rather = Replacement("If you control a creature, draw a card instead.", GainLife,
                         lambda c, g: bool(c.game.creatures(g.player)), lambda c, g: Draw(g.player))
    resolution.game.gain_life(resolution.controller, 3, own=[rather])


TEST_FEAST_OR_STUDY = card("Test Feast or Study", "{1}", "Instant", spell=SpellAbility(
    "You gain 3 life. If you control a creature, draw a card instead.", _feast_or_draw))
"""Test: an instant whose own text replaces its life gain with a draw (a self-replacement effect, 614.15)."""


@check("614.17c@20260116.0@1d405477", "614.15@20260116.0@04c9789e", "119.7@20260116.0@647bf6ba")
def an_event_that_cant_happen_is_replaced_only_by_its_own_text(expect: Expect) -> None:
    """状況: Aの《穢れた療法》（対戦相手がライフを得るなら、代わりにそのプレイヤーはその点数のライフを失う）。Bは《灰色熊》を
    コントロールしている。
    行動: Bが2点のライフを得る。そのあと「このターン、プレイヤーはライフを得られない」効果が生じ、Bが「あなたは3点のライフを
    得る。あなたがクリーチャーをコントロールしているなら、代わりにカードを1枚引く」というテスト用インスタントを唱え、
    さらに別の効果で3点のライフを得ようとする。
    結果: 最初の2点は療法に置換されてBは2点失う。得られないライフは呪文自身の置換（自己置換効果）でだけ置換されるので、Bは
    カードを1枚引く。療法はできない出来事を置換できないので、3点を得ようとしてもBはライフを失わない。"""
    game = Game(["A", "B"])
    game.place(TAINTED_REMEDY)
    game.place(GRIZZLY_BEARS, Zone.BATTLEFIELD, "B")
    game.place(GRIZZLY_BEARS, Zone.LIBRARY, "B")
    game.gain_life("B", 2)
    expect.equal(game.players["B"].life, 18, "療法が最初の2点の獲得を2点の喪失に置換した")
    game.create_effect("players can't gain life this turn", rules=[CantGainLife(players="any")])
    hand = len(game.hand("B"))
    cast(game, "B", TEST_FEAST_OR_STUDY)
    expect.equal(len(game.hand("B")), hand + 1, "得られないライフを呪文自身の置換が置換し、Bはカードを1枚引いた")
    game.gain_life("B", 3)
    expect.equal(game.players["B"].life, 18, "療法は得られないライフを置換できず、Bはライフを失わない")
