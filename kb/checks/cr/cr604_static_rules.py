"""Static abilities (604): rules no other check shows, each a small scenario of the rule at work —
a static ability's effect ends with the ability, with no last known information (604.7)."""

from __future__ import annotations

from kb.checks.cards import GLORIOUS_ANTHEM, GRIZZLY_BEARS, HILL_GIANT
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, Zone


@check("604.7@20260116.0@63bb02e9", "604.2@20260116.0@35969a05", "611.3a@20260116.0@c1a44913")
def a_static_ability_uses_no_last_known_information(expect: Expect) -> None:
    """状況: Aは《栄光の頌歌》（あなたがコントロールするクリーチャーは+1/+1の修整を受ける）と《灰色熊》をコントロールしている。
    Bの《丘巨人》が熊に2点のダメージを与えた。
    行動: 栄光の頌歌が破壊される。状況起因処理が行われる。
    結果: 頌歌がある間、熊は3/3で2点のダメージでは死なない。頌歌が戦場を離れると、その常在型能力の効果は最後の情報を使って
    続くことはなく、すぐに終わる。熊は2/2に戻り、致死ダメージで墓地に置かれる。"""
    game = Game(["A", "B"])
    anthem = game.place(GLORIOUS_ANTHEM)
    bears = game.place(GRIZZLY_BEARS)
    giant = game.place(HILL_GIANT, player="B")
    game.deal_damage(giant, bears, 2)
    game.refresh_priority()
    expect.equal((game.current(bears).zone, game.view(bears).pt), (Zone.BATTLEFIELD, (3, 3)),
                 "頌歌がある間、熊は3/3で2点のダメージでは死なない")
    game.destroy(anthem)
    game.refresh_priority()
    expect.equal(game.current(bears).zone, Zone.GRAVEYARD, "頌歌がなくなると熊は2/2に戻り、致死ダメージで墓地に置かれた")
