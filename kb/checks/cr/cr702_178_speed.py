"""Speed: Start your engines! (702.179, 704.5z) and max speed (702.178)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, Resolution, SpellAbility, StaticAbility, card, modify_pt_by
from kb.engine import speed as speeds
from kb.engine.conditions import Number
from kb.engine.selectors import this_object
from kb.engine.speed import has_max_speed, has_speed, max_speed

# -- cards -------------------------------------------------------------------------------------------

ENGINE_RACER = card("Test Engine Racer", "{1}{R}", "Creature — Goblin Pilot", 2, 1, "start your engines!",
                    max_speed("flying"))
"""A made-up creature: Start your engines!, and "Max speed — This creature has flying"."""
SPEEDOMETER = card("Test Speedometer", "{1}{R}", "Creature — Human Pilot", 1, 1,
                   StaticAbility("This creature gets +X/+0, where X is your speed.",
                                 (modify_pt_by(Number("your speed", lambda c: speeds.speed(c.game, c.you) if c.you else 0),
                                               Number("0", lambda c: 0)),), this_object()))
"""A made-up creature whose power rises with its controller's speed."""


def _speed_three(resolution: Resolution) -> None:
    speeds.set_speed(resolution.game, resolution.controller, 3)


FLOOR_IT = card("Test Floor It", "{R}", "Sorcery", spell=SpellAbility("Your speed becomes 3.", _speed_three))
"""A made-up sorcery that sets its caster's speed to 3."""


def _opponent_loses(game: Game, player: str = "B") -> None:
    game.lose_life(player, 1)
    game.refresh_priority()
    game.resolve_stack()


# -- 702.179 Start your engines! -----------------------------------------------------------------------


@check("702.179a@20260116.0@8a75ed33", "704.5z@20260116.0@a8ce92ee", "702.179b@20260116.0@dfcdd54d")
def start_your_engines_gives_speed_one(expect: Expect) -> None:
    """状況: AとBのどちらも速度を持たない。
    行動: Aがエンジン始動！を持つテスト用のクリーチャーを戦場に出す。そのあとそれが戦場を離れる。
    結果: 状況起因処理でAの速度は1になる。そういうパーマネントを持たないBは速度を持たないままである。クリーチャーが離れてもAの速度は1のままである。"""
    game = Game(["A", "B"])
    expect.that(not has_speed(game, "A") and not has_speed(game, "B"), "はじめはどちらも速度を持たない")
    racer = game.put_onto_battlefield(ENGINE_RACER, "A")
    assert racer is not None
    game.refresh_priority()
    expect.that(has_speed(game, "A") and speeds.speed(game, "A") == 1, "Aの速度は1")
    expect.that(not has_speed(game, "B"), "Bは速度を持たない")
    game.destroy(racer)
    game.refresh_priority()
    expect.equal(speeds.speed(game, "A"), 1, "離れても速度は残る")


@check("702.179d@20260116.0@26d7b261", "603.4@20260116.0@3b5b8ab9")
def speed_rises_once_each_turn_up_to_four(expect: Expect) -> None:
    """状況: Aはエンジン始動！を持つテスト用のクリーチャーをコントロールしていて、速度は1。
    行動: Aのターンに、Bが2回ライフを失う。Bのターンに、Bがライフを失う。Aの次のターンとその次のターンにもBがライフを失う。そのあとのAのターンにもBがライフを失う。
    結果: Aのターンごとに1回だけ速度が1上がる（1回目で2、Bのターンには上がらず、3、4）。4になったあとはBがライフを失っても上がらない。"""
    game = Game(["A", "B"])
    game.place(ENGINE_RACER)
    game.refresh_priority()
    _opponent_loses(game)
    expect.equal(speeds.speed(game, "A"), 2, "対戦相手がライフを失って速度2")
    _opponent_loses(game)
    expect.equal(speeds.speed(game, "A"), 2, "同じターンには1回しか誘発しない")
    game.next_turn("B")
    _opponent_loses(game)
    expect.equal(speeds.speed(game, "A"), 2, "Aのターンでなければ上がらない")
    for expected in (3, 4, 4):
        game.next_turn("A")
        _opponent_loses(game)
        expect.equal(speeds.speed(game, "A"), expected, f"Aのターンに上がって{expected}（4を超えない）")


@check("702.179c@20260116.0@64e14795")
def speed_set_without_having_speed(expect: Expect) -> None:
    """状況: Aは速度を持たない。Aの手札に「あなたの速度は3になる」テスト用のソーサリー。
    行動: それを唱える。
    結果: 速度を持たなかったAの速度は3になる。"""
    from kb.checks.scenes import cast

    game = Game(["A", "B"])
    expect.that(not has_speed(game, "A"), "はじめは速度を持たない")
    cast(game, "A", FLOOR_IT)
    expect.that(has_speed(game, "A") and speeds.speed(game, "A") == 3, "速度は3になる")


@check("702.179f@20260116.0@cb62035c")
def no_speed_reads_as_zero(expect: Expect) -> None:
    """状況: Aの、「あなたの速度に等しい+X/+0の修整を受ける」テスト用のクリーチャー（1/1）。Aは速度を持たない。
    行動: Aの速度が2になる。
    結果: 速度を持たない間は速度0として扱われ1/1である。速度が2になると3/1になる。"""
    game = Game(["A", "B"])
    meter = game.place(SPEEDOMETER)
    expect.equal(game.view(meter).pt, (1, 1), "速度を持たないなら0として扱う")
    speeds.set_speed(game, "A", 2)
    expect.equal(game.view(meter).pt, (3, 1), "速度2なら3/1")


# -- 702.178 max speed ------------------------------------------------------------------------------------


@check("702.178a@20260116.0@ece91588", "702.179e@20260116.0@0f7c5b40")
def max_speed_ability_at_speed_four(expect: Expect) -> None:
    """状況: Aの、エンジン始動！と「最高速度 ― このクリーチャーは飛行を持つ」を持つテスト用のクリーチャー。Bの《灰色熊》。
    行動: Aの速度が3のときと、4になったときを比べる。
    結果: 速度3では最高速度ではなく、飛行を持たない。速度4は最高速度であり、飛行を持つ。"""
    game = Game(["A", "B"])
    racer = game.place(ENGINE_RACER)
    game.place(cards.GRIZZLY_BEARS, player="B")
    speeds.set_speed(game, "A", 3)
    expect.that(not has_max_speed(game, "A") and not game.view(racer).has("flying"), "速度3では飛行を持たない")
    speeds.set_speed(game, "A", 4)
    expect.that(has_max_speed(game, "A") and game.view(racer).has("flying"), "速度4は最高速度で飛行を持つ")
