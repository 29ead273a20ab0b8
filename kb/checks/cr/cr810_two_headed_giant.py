"""Two-Headed Giant (810): a team shares one life total, and wins and loses as one."""

from __future__ import annotations

from kb.checks.cards_multiplayer import (
    FLAME_RIFT,
    LURKING_EVIL,
    PLATINUM_ANGEL,
    REPAY_IN_KIND,
    TEST_LIFE_TEN,
    TEST_OF_ENDURANCE,
    TRANSCENDENCE,
)
from kb.checks.cr.cr701_keyword_actions import BEACON_OF_IMMORTALITY
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ChoiceKind,
    DamageDealt,
    Game,
    LifeChanged,
    StaticAbility,
    Step,
    actions,
    card,
    teams,
)
from kb.engine.rules import CantGainLife, CantLoseLife

TEAMS = (("A1", "A2"), ("B1", "B2"))
SOURCE = card("Test Source", "{1}", "Artifact")
"""Test: an artifact standing in for a source of damage."""


def _giant(step: Step | None = None) -> Game:
    """A Two-Headed Giant game, team A1+A2 against team B1+B2, in A1's turn."""
    game = Game([*TEAMS[0], *TEAMS[1]], step=step)
    teams.two_headed_giant(game, TEAMS)
    return game


def _team_life(game: Game) -> tuple[int, ...]:
    return tuple(game.players[p].life for p in game.turn_order)


@check("810.9@20260116.0@3b8e4fbc", "810.4@20260116.0@8ecbd092", "120.3a@20260116.0@0af728f5",
       example="810.9#1@bd25db18")
def flame_rift_costs_each_team_eight(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームとB1とB2のチームの共有ライフはどちらも30点。
    行動: A1が《火炎の裂け目》を唱え、各プレイヤーに4点ずつダメージを与える。
    結果: ダメージは4人それぞれに与えられ、その結果は共有ライフに適用されるので、各チームは8点ずつ失い、どちらも22点になる。"""
    game = _giant()
    expect.equal(_team_life(game), (30, 30, 30, 30), "チームの共有ライフは30点から始まる")
    cast(game, "A1", FLAME_RIFT)
    dealt = sorted((e.recipient, e.amount) for e in game.events(DamageDealt))
    expect.equal(dealt, [("A1", 4), ("A2", 4), ("B1", 4), ("B2", 4)], "ダメージは各プレイヤーにそれぞれ与えられる")
    expect.equal(_team_life(game), (22, 22, 22, 22), "各チームは8点ずつ失い、共有ライフはどちらも22点")


@check("810.9a@20260116.0@142d3d87", "701.10d@20260116.0@bd8c1555", "119.5@20260116.0@f7008248",
       example="810.9a#1@aaa0568f")
def beacon_of_immortality_doubles_the_team_life(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームの共有ライフは17点。
    行動: A2が《不死の標》を唱え、自分のライフの総量を2倍にする。
    結果: A2のライフの総量としてチームの17点が使われるので、A2は17点のライフを得て、チームのライフは34点になる。"""
    game = _giant()
    game.players["A1"].life = 17
    expect.equal(game.players["A2"].life, 17, "A2のライフの総量はチームの共有ライフの17点")
    cast(game, "A2", BEACON_OF_IMMORTALITY)
    expect.equal([(e.player, e.amount) for e in game.events(LifeChanged)], [("A2", 17)], "A2が17点のライフを得た")
    expect.equal(_team_life(game)[:2], (34, 34), "チームのライフの総量は34点")


@check("810.9a@20260116.0@142d3d87", "810.8a@20260116.0@7a6ebd85", "603.4@20260116.0@3b5b8ab9",
       "104.2b@20260116.0@fd8765d2", example="810.9a#2@80ed74e8")
def test_of_endurance_counts_the_team_life(expect: Expect) -> None:
    """状況: 双頭巨人戦のA1のターンが始まる前。A1は《忍耐の試練》をコントロールしている。チームの共有ライフは、1つ目のゲーム
    では49点、2つ目のゲームでは50点。
    行動: A1のアップキープが始まる。
    結果: 49点なら何も起こらない。50点ならA1のライフは50点なので能力が誘発して解決され、A1のチームが（A2とともに）ゲームに
    勝利する。"""
    for life in (49, 50):
        game = _giant(Step.UNTAP)
        game.place(TEST_OF_ENDURANCE, player="A1")
        game.players["A2"].life = life
        game.advance_to(Step.UPKEEP)
        game.resolve_stack()
        if life == 49:
            expect.that(not game.over, "共有ライフが49点なら勝利しない")
        else:
            expect.that(game.over and sorted(game.winners) == ["A1", "A2"],
                        "共有ライフが50点ならA1のチームがゲームに勝利する")


@check("810.9c@20260116.0@673304cb", "119.5@20260116.0@f7008248", example="810.9c#1@8950ee33")
def a_life_total_becomes_ten_from_the_team_total(expect: Expect) -> None:
    """状況: 双頭巨人戦。B1とB2のチームの共有ライフは25点。
    行動: A1がB2を対象に「対象のプレイヤーのライフの総量は10点になる」というテスト用の呪文を唱える。
    結果: B2のライフの総量は25点とされるので、B2は15点のライフを失い、チームの共有ライフは10点になる。"""
    game = _giant()
    game.players["B1"].life = 25
    cast(game, "A1", TEST_LIFE_TEN, ["B2"])
    expect.equal([(e.player, e.amount) for e in game.events(LifeChanged)], [("B2", -15)], "B2は15点のライフを失った")
    expect.equal(_team_life(game)[2:], (10, 10), "チームの共有ライフは10点")


@check("810.9d@20260116.0@82bb2f80", "810.9c@20260116.0@673304cb", example="810.9d#1@9a279fcb")
def repay_in_kind_touches_one_member_of_each_team(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームの共有ライフは7点、B1とB2のチームは13点。
    行動: A1が《等価返し》を唱える。各チームはチームの中の1人を選ぶ（AのチームはA1を、BのチームはB2を選ぶ）。
    結果: 選ばれたB2だけがライフの総量を7点にするために6点を失い、Bのチームの共有ライフは7点になる。"""
    game = _giant()
    game.players["A1"].life = 7
    game.players["B1"].life = 13
    game.choices.script(ChoiceKind.PLAYER, "A1", player="A1")
    game.choices.script(ChoiceKind.PLAYER, "B2", player="B1")
    cast(game, "A1", REPAY_IN_KIND)
    expect.equal([(e.player, e.amount) for e in game.events(LifeChanged)], [("B2", -6)],
                 "選ばれたB2だけが6点のライフを失った")
    expect.equal(_team_life(game), (7, 7, 7, 7), "どちらのチームの共有ライフも7点")


@check("810.8a@20260116.0@7a6ebd85", "810.8c@20260116.0@2ff1f820", "704.5a@20260116.0@44340245",
       example="810.8a#1@6a17a270")
def transcendence_keeps_the_team_in_the_game(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームの共有ライフは3点。2つ目のゲームでは、A1が《卓絶》をコントロールしている。
    行動: A2に5点のダメージが与えられ、状況起因処理が行われる。
    結果: 共有ライフは-2点になる。卓絶がなければA1とA2のチームは負け、Bのチームが勝つ。卓絶があれば、A1はライフが0以下である
    ことで敗北しないので、チームは負けにならない。"""
    for transcendence in (False, True):
        game = _giant()
        game.players["A1"].life = 3
        if transcendence:
            game.place(TRANSCENDENCE, player="A1")
        source = game.place(SOURCE, player="B1")
        game.deal_damage(source, "A2", 5)
        game.refresh_priority()
        expect.equal(_team_life(game)[:2], (-2, -2), "チームの共有ライフは-2点")
        if not transcendence:
            expect.that(game.over and sorted(game.winners) == ["B1", "B2"] and game.players["A1"].lost,
                        "卓絶がなければA1もA2とともに負け、Bのチームが勝つ")
        else:
            expect.that(not game.over and not game.players["A1"].lost and not game.players["A2"].lost,
                        "卓絶があればA1は負けないので、チームは負けにならない")


@check("810.8a@20260116.0@7a6ebd85", "704.5b@20260116.0@5809d837", "121.4@20260116.0@c8e47957",
       example="810.8a#2@3c0b113c")
def drawing_from_an_empty_library_loses_for_the_team(expect: Expect) -> None:
    """状況: 双頭巨人戦。A2のライブラリーは10枚。
    行動: A2がカードを11枚引こうとし、状況起因処理が行われる。
    結果: カードのないライブラリーから引こうとしたA2は負けとなり、A1もともに負け、Bのチームが勝つ。"""
    game = _giant()
    game.draw("A2", 11)
    game.refresh_priority()
    expect.that(game.players["A2"].lost, "A2はゲームに負けた")
    expect.that(game.players["A1"].lost and game.over and sorted(game.winners) == ["B1", "B2"],
                "A2のチームとしてA1も負け、Bのチームが勝った")


@check("810.8a@20260116.0@7a6ebd85", "104.2b@20260116.0@fd8765d2", "104.3b@20260116.0@1c5b6903",
       example="810.8a#3@6efd7c15")
def platinum_angel_protects_the_whole_team(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1は《白金の天使》をコントロールしている。
    行動: A2に40点のダメージが与えられ、A2がライブラリーより多くのカードを引こうとする。B1が「あなたはゲームに勝利する」という
    効果を得る。その後、天使が破壊される。
    結果: 天使がある限り、A1だけでなくチームメイトのA2も負けず、対戦相手のチームは勝利しない。天使がなくなると、共有ライフが
    0以下のA1とA2のチームは負ける。"""
    game = _giant()
    angel = game.place(PLATINUM_ANGEL, player="A1")
    source = game.place(SOURCE, player="B1")
    game.deal_damage(source, "A2", 40)
    game.draw("A2", 11)
    game.refresh_priority()
    expect.that(not game.players["A1"].lost and not game.players["A2"].lost and not game.over,
                "天使がある限りA1もA2も負けない")
    actions.win(game, "B1")
    expect.that(not game.over, "対戦相手のB1のチームは勝利しない")
    game.destroy(angel)
    game.refresh_priority()
    expect.that(game.over and game.players["A1"].lost and game.players["A2"].lost
                and sorted(game.winners) == ["B1", "B2"], "天使がなくなるとA1とA2のチームは負けた")


@check("810.9a@20260116.0@142d3d87", "119.4@20260116.0@da75ef94", "602.2@20260116.0@8e9ce3ec",
       example="810.9a#3@69e0a51a")
def lurking_evil_pays_half_the_team_life(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームの共有ライフは11点。A1は《隠れ潜む邪悪》をコントロールしている。
    行動: A1が隠れ潜む邪悪の「あなたのライフの半分を支払う（端数切り上げ）」能力を起動する。
    結果: A1のライフとしてチームの11点が使われるので、A1は6点を支払い、チームの共有ライフは5点になる。邪悪は飛行を持つ4/4の
    クリーチャーになる。"""
    game = _giant()
    game.players["A2"].life = 11
    evil = game.place(LURKING_EVIL, player="A1")
    game.activate("A1", evil)
    expect.equal([(e.player, e.amount) for e in game.events(LifeChanged)], [("A1", -6)], "A1は6点のライフを支払った")
    expect.equal(_team_life(game)[:2], (5, 5), "チームの共有ライフは5点")
    game.resolve_stack()
    expect.that(game.view(evil).pt == (4, 4) and game.view(evil).has("flying"), "邪悪は飛行を持つ4/4になった")


NO_GAINS = card("Test No Gains", "{1}{B}", "Enchantment", StaticAbility("You can't gain life.", rules=(CantGainLife(),)))
"""Test: an enchantment, "You can't gain life"."""
NO_LOSSES = card("Test No Losses", "{1}{W}", "Enchantment", StaticAbility("You can't lose life.",
                                                                           rules=(CantLoseLife(),)))
"""Test: an enchantment, "You can't lose life"."""


@check("810.9g@20260116.0@73823349", "810.9h@20260116.0@4e2dae4b", "119.7@20260116.0@647bf6ba",
       "119.8@20260116.0@8cf7007c")
def a_teammate_who_cant_gain_or_lose_life_binds_the_team(expect: Expect) -> None:
    """状況: 双頭巨人戦。A2は「あなたはライフを得られない」というテスト用エンチャントを、B2は「あなたはライフを失わない」という
    テスト用エンチャントをコントロールしている。
    行動: A1が3点のライフを得ようとし、B1が3点のライフを失おうとし、その後A1が3点のライフを失う。
    結果: チームメイトがライフを得られないのでA1もライフを得られず、チームメイトがライフを失わないのでB1もライフを失わない。
    A1がライフを失うことは妨げられず、Aのチームは27点になる。"""
    game = _giant()
    game.place(NO_GAINS, player="A2")
    game.place(NO_LOSSES, player="B2")
    game.gain_life("A1", 3)
    game.lose_life("B1", 3)
    expect.equal(_team_life(game), (30, 30, 30, 30), "A1はライフを得ず、B1はライフを失わない")
    game.lose_life("A1", 3)
    expect.equal(_team_life(game)[:2], (27, 27), "A1がライフを失うことはできる")


@check("810.11@20260116.0@c38284fd", "810.8b@20260116.0@45453a78", "810.4@20260116.0@8ecbd092",
       "104.3a@20260116.0@39262118")
def a_three_headed_giant_team_concedes_together(expect: Expect) -> None:
    """状況: 3人ずつのチームによる双頭巨人戦（三頭巨人戦）。A1、A2、A3のチームとB1、B2、B3のチーム。
    行動: ゲームが始まったところでライフを見る。その後、B2が投了する。
    結果: 各チームの初期ライフ総量は30点に3人目の15点を加えた45点。B2が投了すると、B2のチームは即座に負け、
    Aのチームが勝つ。"""
    three = (("A1", "A2", "A3"), ("B1", "B2", "B3"))
    game = Game([*three[0], *three[1]])
    teams.two_headed_giant(game, three)
    expect.equal(_team_life(game), (45,) * 6, "各チームの共有ライフは45点")
    game.concede("B2")
    expect.that(all(game.players[p].lost for p in three[1]) and not any(game.players[p].lost for p in three[0]),
                "B2のチームは全員が負けた")
    expect.that(game.over and sorted(game.winners) == ["A1", "A2", "A3"], "Aのチームが勝った")
