"""State-based actions (704): one check per entry of the table, and their simultaneity (704.3)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ChoiceKind,
    Game,
    MaximumCounters,
    Resolution,
    SpellAbility,
    StaticAbility,
    Zone,
    add_types,
    card,
    chapter,
    this_object,
    token,
)
from kb.engine.events import StateBasedActionsPerformed

LEGEND = card("Test Legend", "{2}", "Legendary Creature — Human", 2, 2)
"""Test: a legendary 2/2."""


@check("704.5a@20260116.0@44340245", "104.3b@20260116.0@1c5b6903")
def zero_life_loses(expect: Expect) -> None:
    """状況: 2人戦。Bのライフが1点。
    行動: Bが1点のライフを失い、状況起因処理が行われる。
    結果: ライフが0点以下のBはゲームに敗北し、Aが勝つ。"""
    game = Game(["A", "B"])
    game.players["B"].life = 1
    game.lose_life("B", 1)
    expect.that(not game.over, "ライフが0になった時点ではまだ敗北していない")
    game.refresh_priority()
    expect.that(game.over and game.winners == ["A"] and game.players["B"].lost, "状況起因処理でBが敗北し、Aが勝った")


@check("704.5b@20260116.0@5809d837", "121.4@20260116.0@c8e47957")
def drawing_from_an_empty_library_loses(expect: Expect) -> None:
    """状況: 3人戦。Bのライブラリーは空。
    行動: Bがカードを1枚引こうとし、状況起因処理が行われる。
    結果: 空のライブラリーから引こうとしたBは敗北し、ゲームを離れる。"""
    game = Game(["A", "B", "C"], library=0)
    game.draw("B")
    expect.that(not game.players["B"].lost, "引こうとした時点ではまだ敗北していない")
    game.refresh_priority()
    expect.that(game.players["B"].lost and game.players["B"].left, "状況起因処理でBが敗北しゲームを離れた")
    expect.that(not game.over, "3人戦なのでゲームは続く")


@check("704.5c@20260116.0@38c2a6d7")
def ten_poison_counters_lose(expect: Expect) -> None:
    """状況: 2人戦。Bに毒カウンターが9個ある。
    行動: もう1個置かれ、状況起因処理が行われる。
    結果: 毒カウンターが10個以上になったBは敗北する。"""
    game = Game(["A", "B"])
    game.put_counters("B", "poison", 9)
    game.refresh_priority()
    expect.that(not game.over, "9個では敗北しない")
    game.put_counters("B", "poison", 1)
    game.refresh_priority()
    expect.that(game.over and game.players["B"].lost, "10個でBが敗北した")


@check("704.5d@20260116.0@873080e8", "111.7@20260116.0@759e6290")
def tokens_outside_the_battlefield_cease_to_exist(expect: Expect) -> None:
    """状況: Aの苗木トークン。
    行動: トークンが破壊され、状況起因処理が行われる。
    結果: 墓地に置かれたトークンは（「死亡した」あとで）状況起因処理によって消滅する。"""
    game = Game(["A", "B"])
    [sap] = game.create_token(token("Saproling", "Creature — Saproling", 1, 1, colors="G"), "A")
    [dead] = game.destroy(sap)
    assert dead is not None
    expect.that(dead.zone is Zone.GRAVEYARD, "トークンはいったん墓地に置かれる")
    game.refresh_priority()
    expect.that(dead.id not in game.objects, "状況起因処理で消滅した")


@check("704.5f@20260116.0@fb593c71")
def zero_toughness_goes_to_the_graveyard(expect: Expect) -> None:
    """状況: Aの《灰色熊》。
    行動: -2/-2の修整を受け、状況起因処理が行われる。
    結果: タフネスが0以下のクリーチャーは墓地に置かれる（破壊ではないので破壊不能でも置かれる）。"""
    from kb.engine import gain, modify_pt

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.create_effect("indestructible", [gain("indestructible")], [bears])
    game.create_effect("-2/-2", [modify_pt(-2, -2)], [bears])
    game.refresh_priority()
    expect.that(bears.id not in game.objects and len(game.graveyard("A")) == 1,
                "破壊不能でもタフネス0で墓地に置かれた")


@check("704.5g@20260116.0@05710b56", "702.12b@20260116.0@39c55ce6")
def lethal_damage_destroys(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。1体は破壊不能を持つ。
    行動: それぞれに2点のダメージが与えられ、状況起因処理が行われる。
    結果: 致死ダメージを負った熊は破壊される。破壊不能の熊は破壊されずに残る。"""
    from kb.engine import gain

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    sturdy = game.place(cards.GRIZZLY_BEARS)
    game.create_effect("indestructible", [gain("indestructible")], [sturdy])
    source = game.place(cards.HILL_GIANT, player="B")
    game.deal_damage(source, bears, 2)
    game.deal_damage(source, sturdy, 2)
    game.refresh_priority()
    expect.that(bears.id not in game.objects, "致死ダメージで破壊された")
    expect.that(sturdy.id in game.objects and sturdy.damage == 2, "破壊不能は破壊されない")


@check("704.5h@20260116.0@64de0b2f", "702.2b@20260116.0@5599ce7c")
def deathtouch_damage_destroys(expect: Expect) -> None:
    """状況: Aの《丘巨人》（3/3）とBの《チフス鼠》（接死）。
    行動: 鼠が丘巨人に1点のダメージを与え、状況起因処理が行われる。
    結果: 接死を持つ発生源からダメージを受けたクリーチャーは破壊される。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    rats = game.place(cards.TYPHOID_RATS, player="B")
    game.deal_damage(rats, giant, 1)
    game.refresh_priority()
    expect.that(giant.id not in game.objects, "1点でも接死で破壊された")


WALKER = card("Test Walker", "{3}", "Legendary Planeswalker — Test", loyalty=3)
"""Test: a planeswalker with loyalty 3 and no abilities."""


@check("704.5i@20260116.0@46eee204", "306.5b@20260116.0@b8ccc90f", "120.3c@20260116.0@df838875")
def zero_loyalty_goes_to_the_graveyard(expect: Expect) -> None:
    """状況: Aの忠誠度3のテスト用プレインズウォーカーが戦場に出る。
    行動: Bの《丘巨人》がそれに3点のダメージを与え、状況起因処理が行われる。
    結果: 忠誠カウンター3個で戦場に出て、ダメージでそれが取り除かれ、忠誠度0で墓地に置かれる。"""
    game = Game(["A", "B"])
    walker = game.put_onto_battlefield(WALKER, "A")
    assert walker is not None
    expect.equal(game.view(walker).loyalty, 3, "忠誠カウンター3個で戦場に出た")
    giant = game.place(cards.HILL_GIANT, player="B")
    game.deal_damage(giant, walker, 3)
    game.refresh_priority()
    expect.that(walker.id not in game.objects and len(game.graveyard("A")) == 1, "忠誠度0で墓地に置かれた")


@check("704.5j@20260116.0@5dc97204")
def legend_rule(expect: Expect) -> None:
    """状況: Aが同じ名前の伝説のテスト用クリーチャーを2体コントロールしている。
    行動: 状況起因処理が行われ、Aは2体目を残すことを選ぶ。
    結果: 選ばれなかった1体目が墓地に置かれる。選ばなければエンジンは推測しない。"""
    game = Game(["A", "B"])
    first = game.place(LEGEND)
    second = game.place(LEGEND)
    game.choices.script(ChoiceKind.LEGEND_RULE, second, player="A")
    game.refresh_priority()
    expect.that(first.id not in game.objects and second.id in game.objects, "Aが選んだ2体目が残った")
    other = game.place(LEGEND, player="B")
    expect.that(other.id in game.objects, "コントローラーが違えば伝説のルールは適用されない")


@check("704.5j@20260116.0@5dc97204", "101.1@20260116.0@7d2d33a7")
def mirror_gallery_turns_off_the_legend_rule(expect: Expect) -> None:
    """状況: Aの《鏡の画廊》（「レジェンド・ルール」は適用されない）と、同じ名前の伝説のテスト用クリーチャー2体。
    行動: 状況起因処理が行われる。画廊が戦場を離れ、もう一度行われる。
    結果: 画廊がある間はどちらも残る。画廊がなくなるとレジェンド・ルールが適用されて1体になる。"""
    game = Game(["A", "B"])
    gallery = game.place(cards.MIRROR_GALLERY)
    first = game.place(LEGEND)
    second = game.place(LEGEND)
    game.refresh_priority()
    expect.that(first.id in game.objects and second.id in game.objects, "画廊がある間はどちらも残る")
    game.destroy(gallery)
    game.choices.script(ChoiceKind.LEGEND_RULE, first, player="A")
    game.refresh_priority()
    expect.that(first.id in game.objects and second.id not in game.objects, "画廊がなくなるとレジェンド・ルールが適用される")


@check("704.5k@20260116.0@e748dbc6")
def world_rule(expect: Expect) -> None:
    """状況: 2つのワールド・エンチャント（テスト用）が、古い方、新しい方の順に戦場に出ている。
    行動: 状況起因処理が行われる。
    結果: ワールドの特殊タイプを持ってからの時間が最も短い新しい方だけが残る。"""
    game = Game(["A", "B"])
    old = game.place(card("Test Old World", "{2}", "World Enchantment"))
    new = game.place(card("Test New World", "{2}", "World Enchantment"), player="B")
    game.refresh_priority()
    expect.that(old.id not in game.objects and new.id in game.objects, "新しい方が残った")


@check("704.5m@20260116.0@d032e5a1", "303.4d@20260116.0@02e57156")
def illegal_aura_goes_to_the_graveyard(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《聖なる力》（エンチャント（クリーチャー））がついている。
    行動: 熊がクリーチャーでなくなる効果を受け、状況起因処理が行われる。
    結果: 不正な対象についたオーラは墓地に置かれる。"""
    from kb.engine import lose_types

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    aura = game.place(cards.HOLY_STRENGTH, attached_to=bears)
    game.refresh_priority()
    expect.that(aura.id in game.objects, "クリーチャーについている間は残る")
    game.create_effect("it's no longer a creature", [add_types("Artifact"), lose_types("Creature")], [bears])
    game.refresh_priority()
    expect.that(aura.id not in game.objects, "クリーチャーでなくなったのでオーラは墓地に置かれた")


@check("704.5n@20260116.0@5cb3a8d1", "301.5c@20260116.0@56660007")
def illegal_equipment_becomes_unattached(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《骨断ちの矛槍》がついている。
    行動: 熊がクリーチャーでなくなる効果を受け、状況起因処理が行われる。
    結果: 装備品ははずれて戦場に残る。"""
    from kb.engine import lose_types

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    sword = game.place(cards.BONESPLITTER, attached_to=bears)
    game.create_effect("it's no longer a creature", [add_types("Artifact"), lose_types("Creature")], [bears])
    game.refresh_priority()
    expect.that(sword.id in game.objects and sword.attached_to is None, "はずれて戦場に残った")


@check("704.5p@20260116.0@838d1560")
def attached_creature_becomes_unattached(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《骨断ちの矛槍》がついている。
    行動: 《機械の行進》が戦場に出て、矛槍がアーティファクト・クリーチャーになり、状況起因処理が行われる。
    結果: 何かについているクリーチャーははずれて戦場に残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    sword = game.place(cards.BONESPLITTER, attached_to=bears)
    game.place(cards.MARCH_OF_THE_MACHINES)
    game.refresh_priority()
    expect.that(sword.id in game.objects and sword.attached_to is None, "クリーチャーになった矛槍ははずれた")
    expect.equal(game.view(bears).pt, (2, 2), "熊の修整もなくなった")


@check("704.5q@20260116.0@7a04b1ed")
def plus_and_minus_counters_cancel(expect: Expect) -> None:
    """状況: Aの《灰色熊》に+1/+1カウンター3個と-1/-1カウンター1個が置かれている。
    行動: 状況起因処理が行われる。
    結果: 両方から1個ずつ取り除かれて、+1/+1カウンター2個が残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.put_counters(bears, "+1/+1", 3)
    game.put_counters(bears, "-1/-1", 1)
    game.refresh_priority()
    expect.equal((bears.counter("+1/+1"), bears.counter("-1/-1")), (2, 0), "1個ずつ取り除かれた")
    expect.equal(game.view(bears).pt, (4, 4), "P/Tは変わらない")


@check("704.5r@20260116.0@ff30f010")
def counters_past_the_maximum_are_removed(expect: Expect) -> None:
    """状況: Aの「このクリーチャーには+1/+1カウンターを3個より多く置けない」テスト用クリーチャー。
    行動: +1/+1カウンターが5個置かれ、状況起因処理が行われる。
    結果: 3個を超える2個が取り除かれる。"""
    game = Game(["A", "B"])
    capped = game.place(card("Test Capped", "{1}", "Creature — Golem", 1, 1, StaticAbility(
        "This creature can't have more than three +1/+1 counters on it.",
        rules=(MaximumCounters(this_object(), "+1/+1", 3),))))
    game.put_counters(capped, "+1/+1", 5)
    game.refresh_priority()
    expect.equal(capped.counter("+1/+1"), 3, "3個に減った")


def _drain(resolution: Resolution) -> None:
    resolution.game.lose_life("B", 1)


SAGA = card("Test Saga", "{1}{B}", "Enchantment — Saga",
            chapter(1, "Target opponent loses 1 life.", _drain),
            chapter(2, "Target opponent loses 1 life.", _drain))
"""Test: a Saga with two chapters, each making B lose 1 life."""


@check("704.5s@20260116.0@e07baab9", "505.4@20260116.0@ba482b06", "714.3a@20260116.0@04bc4d9b", "714.3b@20260116.0@04c1b1c9",
       "714.2b@20260116.0@168b476a")
def finished_saga_is_sacrificed(expect: Expect) -> None:
    """状況: Aの手札に2章のテスト用英雄譚（各章でBは1点のライフを失う）。
    行動: 英雄譚が戦場に出て、次のAのターンの戦闘前メイン・フェイズを迎える。
    結果: 伝承カウンター1個で出てI章が誘発する。次のメイン・フェイズで2個目が置かれII章が誘発し、それがスタックを離れるまでは
    残り、解決したあと生け贄に捧げられる。"""
    game = Game(["A", "B"])
    saga = game.put_onto_battlefield(SAGA, "A")
    assert saga is not None
    expect.equal(saga.counter("lore"), 1, "伝承カウンター1個で戦場に出た")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "I章が誘発して解決した")
    game.next_turn("A")
    expect.equal(saga.counter("lore"), 2, "戦闘前メイン・フェイズの開始時に2個目が置かれた")
    expect.that(saga.id in game.objects and len(game.stack) == 1, "最終章の能力がスタックにある間は残る")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 18, "II章が解決した")
    expect.that(saga.id not in game.objects and len(game.graveyard("A")) == 1, "そのあと生け贄に捧げられた")


ROLE = card("Test Role", "{W}", "Enchantment — Aura Role", "enchant creature")
"""Test: a Role (an Aura with the Role subtype)."""


@check("704.5y@20260116.0@64c1f385")
def only_the_newest_role_stays(expect: Expect) -> None:
    """状況: Aの《灰色熊》に、Aがコントロールする役割（テスト用）が2つ、Bがコントロールする役割が1つついている。
    行動: 状況起因処理が行われる。
    結果: Aの役割のうちタイムスタンプが新しい方だけが残る。Bの役割は残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    older = game.place(ROLE, attached_to=bears)
    newer = game.place(ROLE, attached_to=bears)
    theirs = game.place(ROLE, player="B", attached_to=bears)
    game.refresh_priority()
    expect.that(older.id not in game.objects and newer.id in game.objects, "Aの役割は新しい方だけが残った")
    expect.that(theirs.id in game.objects, "Bの役割は残った")


@check("704.3@20260116.0@3533b646", "704.5g@20260116.0@05710b56", "704.5j@20260116.0@5dc97204")
def state_based_actions_happen_at_once(expect: Expect) -> None:
    """状況: Aが同じ名前の伝説のテスト用2/2クリーチャーを2体コントロールし、1体目には2点のダメージが置かれている。
    行動: 状況起因処理が行われ、Aはレジェンド・ルールで1体目を残すことを選ぶ。
    結果: 致死ダメージとレジェンド・ルールは1回の確認で同時に行われるので、1体目は破壊され2体目は墓地に置かれ、両方いなくなる。
    これはひとつの出来事である。"""
    game = Game(["A", "B"])
    first = game.place(LEGEND)
    second = game.place(LEGEND)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.LEGEND_RULE, first, player="A")
    game.deal_damage(giant, first, 2)
    before = len(game.events(StateBasedActionsPerformed))
    game.refresh_priority()
    expect.that(first.id not in game.objects and second.id not in game.objects, "両方いなくなった")
    expect.equal(len(game.events(StateBasedActionsPerformed)) - before, 1, "1回の出来事として同時に行われた")


__all__ = ["SpellAbility"]
