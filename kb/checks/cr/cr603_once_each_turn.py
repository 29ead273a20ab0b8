"""603.2h: a triggered ability that says "Do this only once each turn" triggers only while its
source's controller hasn't taken the action this turn: declining the action doesn't use it up."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS
from kb.checks.cards_spells import gain as gain_life
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import ChoiceKind, Game, TriggeredAbility, card, creatures, enters
from kb.engine.once_each_turn import may_do_once, only_once_each_turn

GAIN = "gain 2 life"

TEST_WELCOME_SHRINE = card("Test Welcome Shrine", "{1}{W}", "Enchantment", TriggeredAbility(
    "Whenever a creature you control enters, you may gain 2 life. Do this only once each turn.",
    only_once_each_turn(enters(creatures(controller="you")), GAIN), may_do_once(GAIN, gain_life(2))))
"""Test: an enchantment: "Whenever a creature you control enters, you may gain 2 life. Do this only once each
turn"."""


@check("603.2h@20260116.0@c77bd9c9", "603.2@20260116.0@f9d6c5ef", "603.1@20260116.0@e9682090")
def do_this_only_once_each_turn_counts_the_action(expect: Expect) -> None:
    """状況: Aの「あなたがコントロールするクリーチャーが戦場に出るたび、あなたは2点のライフを得てもよい。これは毎ターン1回しか
    行えない」テスト用エンチャント。
    行動: 同じターンに《灰色熊》が1体ずつ3体Aの戦場に出る。Aは1回目の誘発ではライフを得ず、2回目に得る。次のターンにもう1体出る。
    結果: 1回目は行わなかったので2体目でも誘発し、Aは2点得る。行った後の3体目では誘発しない。次のターンにはまた誘発する。"""
    game = Game(["A", "B"])
    game.place(TEST_WELCOME_SHRINE)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.put_onto_battlefield(GRIZZLY_BEARS, "A")
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "1体目で誘発した")
    game.resolve_stack()
    game.put_onto_battlefield(GRIZZLY_BEARS, "A")
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "ライフを得なかったので、2体目でも誘発した")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "2回目の解決でライフを得た")
    game.put_onto_battlefield(GRIZZLY_BEARS, "A")
    game.refresh_priority()
    expect.equal(len(game.stack), 0, "このターンにもう行ったので、3体目では誘発しない")
    game.next_turn("B")
    game.put_onto_battlefield(GRIZZLY_BEARS, "A")
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "次のターンにはまた誘発する")
