"""Static abilities (604): they are simply true while their object is where they function, and an
Aura's or Equipment's ability follows what it is attached to without targeting it."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, UntilEndOfTurn, Zone, gain, lose_all_abilities


@check("604.2@20260116.0@35969a05", "604.1@20260116.0@73d72d6e", "611.3b@20260116.0@219ba91d")
def a_static_ability_works_while_its_object_is_there_and_has_it(expect: Expect) -> None:
    """状況: Aの《栄光の頌歌》（あなたがコントロールするクリーチャーは+1/+1）と《灰色熊》2体（別々のゲーム）。
    行動: 1つ目のゲームでは頌歌がすべての能力を失い、2つ目のゲームでは頌歌が戦場を離れる。
    結果: 常在型能力は起動も誘発もせずにただ働き、熊は3/3。頌歌が能力を失うか、戦場を離れると、その効果はなくなり熊は2/2。"""
    for how in ("loses its abilities", "leaves"):
        game = Game(["A", "B"])
        anthem = game.place(cards.GLORIOUS_ANTHEM)
        bears = game.place(cards.GRIZZLY_BEARS)
        expect.that(game.view(bears).pt == (3, 3) and not game.stack, "頌歌が働いて熊は3/3（スタックは使わない）")
        if how == "leaves":
            game.destroy(anthem)
        else:
            game.create_effect("loses all abilities", [lose_all_abilities()], [anthem], UntilEndOfTurn())
        expect.equal(game.view(bears).pt, (2, 2), f"頌歌が{'戦場を離れる' if how == 'leaves' else '能力を失う'}と熊は2/2")


@check("604.4@20260116.0@4ae2c877", "611.3a@20260116.0@c1a44913")
def equipment_follows_what_it_is_attached_to(expect: Expect) -> None:
    """状況: Aの《骨断ちの矛槍》（装備しているクリーチャーは+2/+0）が《灰色熊》についている。《丘巨人》もいる。
    行動: 熊が呪禁を得る。そのあと矛槍を丘巨人につけ替える。
    結果: 装備品の能力は対象を取らないので、呪禁の熊にも働いて4/2。つけ替えると熊への修整は終わり（2/2）、丘巨人が5/3になる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    sword = game.place(cards.BONESPLITTER, attached_to=bears)
    game.create_effect("gains hexproof", [gain("hexproof")], [bears], UntilEndOfTurn())
    expect.equal(game.view(bears).pt, (4, 2), "呪禁を持っていても装備品の能力は働く")
    game.attach(sword, giant)
    expect.equal((game.view(bears).pt, game.view(giant).pt), ((2, 2), (5, 3)), "つけ替えると新しいクリーチャーに働く")
    expect.equal(game.obj(sword).zone, Zone.BATTLEFIELD, "矛槍は戦場にある")
