"""State-based actions as a whole (704.5) and those of the variants (704.6a): several found against one
state are performed at once, and a Two-Headed Giant team with no life left loses as one."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, StaticAbility, Zone, card, creatures, modify_pt, teams
from kb.engine.events import StateBasedActionsPerformed

TEAMS = (("A1", "A2"), ("B1", "B2"))


@check("704.6a@20260116.0@b3a48ec1", "704.5a@20260116.0@44340245", "810.8a@20260116.0@7a6ebd85",
       "704.3@20260116.0@3533b646")
def a_two_headed_giant_team_at_zero_life_loses(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームとB1とB2のチーム。B1とB2のチームの共有ライフは3点。
    行動: B1が3点のライフを失う。そのあとA1が優先権を得て、状況起因処理が行われる。
    結果: ライフを失った時点ではまだ誰も負けていない。状況起因処理で、ライフが0点になったチームB1とB2はそろってゲームに敗北し、
    A1とA2のチームが勝利する。"""
    game = Game([*TEAMS[0], *TEAMS[1]])
    teams.two_headed_giant(game, TEAMS)
    game.players["B1"].life = 3
    game.lose_life("B1", 3)
    expect.that(game.players["B2"].life == 0 and not game.over and not game.players["B1"].lost,
                "ライフを失った時点では、共有ライフは0点だがまだ誰も負けていない")
    game.refresh_priority()
    expect.that(game.players["B1"].lost and game.players["B2"].lost, "チームのB1とB2がそろって敗北した")
    expect.that(game.over and sorted(game.winners) == ["A1", "A2"], "A1とA2のチームが勝利した")


LORD = card("Test Lord", "{1}{W}", "Creature — Soldier", 2, 2, StaticAbility(
    "Other creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you", other=True)))
"""Test: a 2/2 creature, "Other creatures you control get +1/+1"."""
HUSK = card("Test Husk", "{0}", "Creature — Spirit", 0, 0)
"""Test: a 0/0 creature."""
SPARK = card("Test Spark", "{1}", "Artifact")
"""Test: an artifact standing in for a source of damage."""


@check("704.5@20260116.0@c7ff93ae", "704.3@20260116.0@3533b646", "704.5f@20260116.0@fb593c71",
       "704.5g@20260116.0@05710b56")
def state_based_actions_are_checked_again_after_each_batch(expect: Expect) -> None:
    """状況: Aは「あなたがコントロールする他のクリーチャーは+1/+1の修整を受ける」テスト用の2/2のクリーチャーと、テスト用の
    0/0のクリーチャー（修整を受けて1/1）をコントロールしている。
    行動: 2/2のクリーチャーが2点のダメージを受け、Aが優先権を得る前に状況起因処理が行われる。
    結果: 1回目の状況起因処理では、致死ダメージを負った2/2だけが墓地に置かれる（そのとき0/0は1/1）。その結果0/0になった
    クリーチャーは、もう一度行われる状況起因処理で墓地に置かれる。"""
    game = Game(["A", "B"])
    lord = game.place(LORD)
    husk = game.place(HUSK)
    spark = game.place(SPARK, player="B")
    expect.equal(game.view(husk).pt, (1, 1), "0/0のクリーチャーは修整を受けて1/1")
    game.deal_damage(spark, lord, 2)
    game.refresh_priority()
    expect.equal([game.current(o).zone for o in (lord, husk)], [Zone.GRAVEYARD] * 2, "どちらも墓地に置かれた")
    batches = [e.rules for e in game.events(StateBasedActionsPerformed)]
    expect.equal(batches, [("704.5g",), ("704.5f",)], "1回目は致死ダメージ、2回目はタフネス0で、別々の状況起因処理")
