"""Keyword abilities of time and level counters: vanishing (702.63), level up (702.87) with the
level symbols (711.2), outlast (702.107)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import (
    Game,
    StaticAbility,
    Step,
    Zone,
    base_pt,
    card,
    gain,
    this_object,
)
from kb.engine.keywords_time import level

# -- cards -------------------------------------------------------------------------------------------

AVEN_RIFTWATCHER = real("エイヴンの裂け目追い", card("Aven Riftwatcher", "{2}{W}", "Creature — Bird Rebel Soldier", 2, 3,
                                                 "flying", "vanishing 3"))
"""エイヴンの裂け目追い; its life-gaining triggers are left out."""
FADING_WISP = card("Test Fading Wisp", "{1}{U}", "Creature — Spirit", 2, 2, "vanishing")
"""A made-up creature with vanishing without a number (702.63b)."""
DOUBLE_VANISHER = card("Test Double Vanisher", "{3}", "Artifact Creature — Construct", 3, 3, "vanishing 2",
                       "vanishing 2")


def _at_level(low: int, high: int | None, power: int, toughness: int, *keywords: str) -> StaticAbility:
    """A level symbol with its abilities and P/T (711.2a-b): a static ability of this creature."""
    parts = [base_pt(power, toughness), *([gain(*keywords)] if keywords else [])]
    return StaticAbility(f"LEVEL {low}{'-' + str(high) if high is not None else '+'} {power}/{toughness}", tuple(parts),
                         this_object(), condition=level(low, high))


STUDENT_OF_WARFARE = real("闘争の学び手", card(
    "Student of Warfare", "{W}", "Creature — Human Knight", 1, 1, "level up {W}",
    _at_level(2, 6, 3, 3, "first strike"), _at_level(7, None, 4, 4, "double strike")))
AINOK_BOND_KIN = real("アイノクの盟族", card("Ainok Bond-Kin", "{1}{W}", "Creature — Dog Soldier", 2, 1,
                                           "outlast {1}{W}"))
"""アイノクの盟族; its first strike for creatures with +1/+1 counters is left out."""


def to_next_upkeep(game: Game, player: str = "A") -> None:
    game.advance_to(Step.UPKEEP, player, again=True)
    game.resolve_stack()


# -- 702.63 vanishing ---------------------------------------------------------------------------------


@check("702.63a@20260116.0@8871727e", "603.4@20260116.0@3b5b8ab9")
def vanishing_counts_down_then_sacrifices(expect: Expect) -> None:
    """状況: Aが《エイヴンの裂け目追い》（消失3）を戦場に出す。
    行動: Aのアップキープを3回迎える。
    結果: 時間カウンター3個で戦場に出て、アップキープごとに1個ずつ減る。最後の1個が取り除かれたとき生け贄に捧げられ、墓地に置かれる。"""
    game = Game(["A", "B"])
    aven = game.put_onto_battlefield(AVEN_RIFTWATCHER, "A")
    assert aven is not None
    expect.equal(aven.counter("time"), 3, "時間カウンター3個で戦場に出る")
    to_next_upkeep(game)
    expect.equal(aven.counter("time"), 2, "アップキープに1個取り除く")
    to_next_upkeep(game)
    expect.that(aven.counter("time") == 1 and aven.zone is Zone.BATTLEFIELD, "まだ戦場にある")
    to_next_upkeep(game)
    expect.that(not game.creatures("A") and len(game.graveyard("A")) == 1, "最後のカウンターが取り除かれて生け贄に")


@check("702.63b@20260116.0@f2addabf")
def vanishing_without_a_number(expect: Expect) -> None:
    """状況: Aが数値のない消失を持つテスト用のクリーチャーを戦場に出し、別の効果でそれに時間カウンター1個を置く。
    行動: Aのアップキープを迎える。
    結果: カウンターなしで戦場に出る。アップキープに置かれた1個が取り除かれ、それは生け贄に捧げられる。"""
    game = Game(["A", "B"])
    wisp = game.put_onto_battlefield(FADING_WISP, "A")
    assert wisp is not None
    expect.equal(wisp.counter("time"), 0, "数値がなければカウンターなしで戦場に出る")
    game.put_counters(wisp, "time", 1)
    to_next_upkeep(game)
    expect.that(not game.creatures("A") and len(game.graveyard("A")) == 1, "最後のカウンターが取り除かれて生け贄に")


@check("702.63c@20260116.0@c52500a1")
def vanishing_instances_work_separately(expect: Expect) -> None:
    """状況: Aが消失2を2つ持つテスト用のクリーチャーを戦場に出す。
    行動: Aのアップキープを迎える。
    結果: それぞれの消失で時間カウンター2個ずつ、計4個で戦場に出る。アップキープにはそれぞれが1個ずつ取り除き、2個残る。"""
    game = Game(["A", "B"])
    construct = game.put_onto_battlefield(DOUBLE_VANISHER, "A")
    assert construct is not None
    expect.equal(construct.counter("time"), 4, "時間カウンター4個")
    to_next_upkeep(game)
    expect.equal(construct.counter("time"), 2, "2つの消失がそれぞれ1個取り除く")


# -- 702.87 level up -----------------------------------------------------------------------------------


@check("702.87a@20260116.0@f6805588", "711.2@20260116.0@8d8756c9", "711.4@20260116.0@be578300")
def level_up_as_a_sorcery(expect: Expect) -> None:
    """状況: Aの《闘争の学び手》（1/1、Lvアップ{W}、Lv2-6で3/3先制攻撃、Lv7以上で4/4二段攻撃）。
    行動: Bのターンに起動しようとする。Aのメイン・フェイズに2回起動する。
    結果: ソーサリーのタイミングでしか起動できない。Lvカウンターが1個ずつ置かれ、2個で3/3先制攻撃になる。"""
    game = Game(["A", "B"])
    student = game.place(STUDENT_OF_WARFARE)
    game.next_turn("B")
    give_mana(game, "A", "{W}")
    expect.refused(lambda: game.activate("A", student, 0), "Bのターンには起動できない")
    game.next_turn("A")
    for _ in range(2):
        give_mana(game, "A", "{W}")
        game.activate("A", student, 0)
        game.resolve_stack()
    view = game.view(student)
    expect.equal(student.counter("level"), 2, "Lvカウンター2個")
    expect.that(view.pt == (3, 3) and view.has("first strike"), "Lv2で3/3先制攻撃")


# -- 702.107 outlast -----------------------------------------------------------------------------------


@check("702.107a@20260116.0@ba6d8675")
def outlast_taps_for_a_counter_as_a_sorcery(expect: Expect) -> None:
    """状況: Aの《アイノクの盟族》（2/1、長久{1}{W}）と《灰色熊》。
    行動: Aのメイン・フェイズに長久を起動する。もう一度起動しようとする。
    結果: 盟族はタップされ、+1/+1カウンター1個が置かれて3/2になる。タップ状態なのでもう一度は起動できない。"""
    game = Game(["A", "B"])
    ainok = game.place(AINOK_BOND_KIN)
    game.place(cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}{W}")
    game.activate("A", ainok, 0)
    game.resolve_stack()
    expect.that(ainok.tapped and ainok.counter("+1/+1") == 1, "タップして+1/+1カウンター")
    expect.equal(game.view(ainok).pt, (3, 2), "3/2になる")
    give_mana(game, "A", "{1}{W}")
    expect.refused(lambda: game.activate("A", ainok, 0), "タップ状態では起動できない")
