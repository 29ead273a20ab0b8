"""704.6b and 810.10: in Two-Headed Giant, poison counters are given to each player and shared by the
team; a team with fifteen or more loses (and 704.5c's ten doesn't apply)."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, teams

TEAMS = (("A1", "A2"), ("B1", "B2"))


@check("704.6b@20260116.0@d33590f1", "810.10@20260116.0@07d225be", "810.10a@20260116.0@a4b7b4f5",
       "704.5c@20260116.0@38c2a6d7")
def a_team_with_fifteen_poison_counters_loses(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームとB1とB2のチーム。
    行動: 効果によってA1が毒カウンター8個を、A2が毒カウンター6個を得る。そのあとA2がさらに1個を得る。
    結果: 毒カウンターはチームで共有されるので、A1もA2も14個を持つものとして扱われる。10個以上でも負けるのはチームが15個以上の
    ときだけなので、14個ではまだ負けない。15個になると、A1とA2のチームはゲームに敗北する。"""
    game = Game([*TEAMS[0], *TEAMS[1]])
    teams.two_headed_giant(game, TEAMS)
    game.put_counters("A1", "poison", 8)
    game.put_counters("A2", "poison", 6)
    game.refresh_priority()
    expect.equal((game.players["A1"].counter("poison"), game.players["A2"].counter("poison")), (14, 14),
                 "毒カウンターはチームで共有され、A1もA2も14個を持つ")
    expect.equal([p for p in game.players if game.players[p].lost], [], "チームが15個未満なので、10個以上でも負けない")
    game.put_counters("A2", "poison", 1)
    game.refresh_priority()
    expect.equal(sorted(p for p in game.players if game.players[p].lost), ["A1", "A2"],
                 "チームの毒カウンターが15個になり、A1とA2のチームが敗北した")
