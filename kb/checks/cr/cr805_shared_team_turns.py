"""Shared team turns (805), as Two-Headed Giant uses them (810.2): teams take turns and have
priority, day and night look at each player of the previous turn's team, and the active team
attacks the other team as one."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, PILLARFIELD_OX, SHOCK
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, in_hand
from kb.engine import Game, Step, day_night, teams

TEAMS = (("A1", "A2"), ("B1", "B2"))


def _giant(step: Step | None = None) -> Game:
    """A Two-Headed Giant game, team A1+A2 against team B1+B2, in team A's turn."""
    game = Game([*TEAMS[0], *TEAMS[1]], step=step)
    teams.two_headed_giant(game, TEAMS)
    return game


@check("117.6@20260116.0@78b1df66", "805.5@20260116.0@bc6a3cab", "805.5a@20260116.0@8216bffe",
       "805.5b@20260116.0@89d5abea")
def the_team_has_priority_and_passes(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームのターンのメイン・フェイズで、Aのチームが優先権を持っている（A1が代表して持っている）。
    チームの共有ライフはどちらも30点。
    行動: A2が、A1がパスすることなく《ショック》をB1を対象として唱える。そのあとAのチームがパスし、Bのチームがパスする。
    結果: 優先権は個人でなくチームが得るので、A2も呪文を唱えられる。Aのチームがパスすると優先権はBのチームに移り、
    2つのチームが続けてパスしたところで（4人がパスするのを待たずに）ショックが解決して、Bのチームの共有ライフは28点になる。
    そのあと優先権はアクティブ・チームのAのチームが得る。"""
    game = _giant()
    expect.equal(game.priority, "A1", "Aのチームが優先権を持っている")
    game.add_mana("A2", "{R}")
    game.cast("A2", in_hand(game, SHOCK, "A2"), targets=["B1"])  # A1 never passed
    expect.equal(len(game.stack), 1, "A2のショックがスタックにある")
    game.pass_priority()
    expect.that(game.priority in ("B1", "B2") and len(game.stack) == 1, "Aのチームがパスし、優先権はBのチームに移った")
    game.pass_priority()
    expect.equal((len(game.stack), game.players["B1"].life, game.players["B2"].life), (0, 28, 28),
                 "2つのチームが続けてパスしてショックが解決し、Bのチームの共有ライフは28点")
    expect.that(game.priority in ("A1", "A2"), "解決後、優先権はアクティブ・チームのAのチームが得た")


@check("502.2a@20260116.0@003917ad", "502.2@20260116.0@ae800923", "805.4@20260116.0@06d653d3",
       "805.4a@20260116.0@5ed58f08")
def day_and_night_look_at_each_player_of_the_team(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームのターン。1つ目のゲームでは夜で、A1とA2がそれぞれ《ショック》を1回ずつ唱える。
    2つ目のゲームでは夜で、A2が2回唱える。3つ目のゲームでは昼で、誰も呪文を唱えない。
    行動: ターンが終わり、B1とB2のチームのターンのアンタップ・ステップになる。
    結果: チームとしてターンを行うので、次のターンはBのチームのもの。1つ目：2つの呪文は別々のプレイヤーのもので、2つ以上唱えた
    プレイヤーはいないので、夜のまま。2つ目：A2が2つ唱えたので昼になる。3つ目：前のターンのアクティブ・チームの誰も呪文を
    唱えていないので夜になる。"""
    for case, start, casters, expected in (("1", day_night.NIGHT, ("A1", "A2"), day_night.NIGHT),
                                          ("2", day_night.NIGHT, ("A2", "A2"), day_night.DAY),
                                          ("3", day_night.DAY, (), day_night.NIGHT)):
        game = _giant()
        day_night.becomes(game, start)
        for caster in casters:
            cast(game, caster, SHOCK, ["B1"])
        game.advance_to(Step.UPKEEP)
        expect.that(teams.is_active(game, "B1") and teams.is_active(game, "B2") and not teams.is_active(game, "A2"),
                    f"{case}つ目：次のターンはB1とB2のチームのもの")
        expect.equal(day_night.current(game), expected, f"{case}つ目：Bのチームのアンタップ・ステップのあと")


@check("506.2b@20260116.0@6bdf57f8", "805.10a@20260116.0@0c45848f", "805.10b@20260116.0@a27925cc",
       "805.10d@20260116.0@b6abd3ce")
def the_active_team_attacks_the_other_team(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームのターン。A1は《灰色熊》を、A2は《丘巨人》を、B2は《柱平原の雄牛》をコントロールしている。
    チームの共有ライフはどちらも30点。
    行動: Aのチームが一群で攻撃クリーチャーを指定する：熊はB1を、丘巨人はB2を攻撃する。Bのチームが、B2の雄牛で熊をブロックする。
    結果: アクティブ・チームが攻撃チームなので、A2の丘巨人もA1の熊と一緒に攻撃できる。非アクティブ・チームが防御チームなので、
    B2の雄牛はB1を攻撃している熊をブロックできる。丘巨人の3点でBのチームの共有ライフは27点になる。"""
    game = _giant()
    bears = game.place(GRIZZLY_BEARS, player="A1")
    giant = game.place(HILL_GIANT, player="A2")
    ox = game.place(PILLARFIELD_OX, player="B2")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: "B1", giant: "B2"})
    expect.equal(set(game.combat.attackers) if game.combat else set(), {bears.id, giant.id}, "熊と丘巨人が攻撃している")
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({ox: bears})
    expect.equal(game.combat.blockers if game.combat else {}, {ox.id: (bears.id,)}, "雄牛が熊をブロックしている")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((game.players["B1"].life, game.players["B2"].life), (27, 27), "丘巨人の3点でBのチームの共有ライフは27点")
