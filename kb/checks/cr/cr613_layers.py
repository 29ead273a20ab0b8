"""The layer system (613): layer order, the affected set fixed as an effect starts to apply
(613.6), characteristic-defining abilities first (613.3), and dependencies (613.8) — with the
classic interactions and the CR's own examples."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    CardType,
    Game,
    Number,
    Resolution,
    SpellAbility,
    StaticAbility,
    UntilEndOfTurn,
    Zone,
    add_types,
    artifacts,
    attached_to_this,
    base_pt,
    base_pt_counted,
    becomes_color,
    becomes_creature_types,
    card,
    cards_in,
    control,
    cost,
    count,
    creatures,
    defines_pt,
    gain,
    lose,
    lose_all_abilities,
    modify_pt,
    switch_pt,
    target_creature,
    this_object,
    token,
)
from kb.engine.mana import Color

GRAY_OGRE = real("灰色オーガ", card("Gray Ogre", "{2}{R}", "Creature — Ogre", 2, 2))
WALKING_CORPSE = real("歩く死骸", card("Walking Corpse", "{1}{B}", "Creature — Zombie", 2, 2))
def _act_of_treason(r: Resolution) -> None:
    r.create_effect("gain control, untap, haste", [control(r.controller), gain("haste")], r.targets(0),
                    UntilEndOfTurn())
    r.game.untap(*r.objects(0))


ACT_OF_TREASON = real("反逆の行動", card("Act of Treason", "{2}{R}", "Sorcery", spell=SpellAbility(
    "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
    _act_of_treason, (target_creature(),))))

SVOGTHOS_GROWS = count(cards_in(Zone.GRAVEYARD, "Creature", owner="you"))


def _svogthos(resolution: Resolution) -> None:
    resolution.create_effect(
        "becomes a black and green Plant Zombie creature with power and toughness each equal to the number of "
        "creature cards in your graveyard; it's still a land",
        [add_types("Creature"), becomes_creature_types("Plant", "Zombie"), becomes_color("BG"),
         base_pt_counted(SVOGTHOS_GROWS, SVOGTHOS_GROWS)], [resolution.source_id], UntilEndOfTurn())


SVOGTHOS = real("安息の無い墓、スヴォグトース", card(
    "Svogthos, the Restless Tomb", None, "Land",
    ActivatedAbility("{3}{B}{G}: Until end of turn, Svogthos becomes a black and green Plant Zombie creature with "
                     "\"This creature's power and toughness are each equal to the number of creature cards in your "
                     "graveyard.\" It's still a land.", cost("{3}{B}{G}"), _svogthos)))
"""安息の無い墓、スヴォグトース; its mana ability is left out."""

TYPES_IN_GRAVEYARDS = Number(
    "the number of card types among cards in all graveyards",
    lambda c: len(set().union(*(s.types for s in c.states.values() if s.zone is Zone.GRAVEYARD))),
    frozenset({"types"}))
TARMOGOYF = real("タルモゴイフ", card(
    "Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "*", "*",
    StaticAbility("Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its "
                  "toughness is equal to that number plus 1.",
                  (defines_pt(TYPES_IN_GRAVEYARDS, Number("that number plus 1",
                                                          lambda c: TYPES_IN_GRAVEYARDS.value(c) + 1,
                                                          frozenset({"types"}))),),
                  this_object(), cda=True)))

COLOSSUS_HAMMER = real("巨像の鎚", card(
    "Colossus Hammer", "{1}", "Artifact — Equipment", "equip {8}",
    StaticAbility("Equipped creature gets +10/+10 and loses flying.", (modify_pt(10, 10), lose("flying")),
                  attached_to_this())))
"""巨像の鎚 (its equip cost is left as is)."""

RUNE_OF_FLIGHT = real("飛行のルーン", card(
    "Rune of Flight", "{1}{U}", "Enchantment — Aura Rune", "enchant permanent",
    StaticAbility("As long as enchanted permanent is an Equipment, it has \"Equipped creature has flying.\"",
                  (gain(StaticAbility("Equipped creature has flying.", (gain("flying"),), attached_to_this())),),
                  attached_to_this())))
"""飛行のルーン, as 613.7a's example describes it (its other abilities are left out)."""


# -- layer order and the CR's examples -----------------------------------------------------------


@check("613.5@20260116.0@6c94b744", "613.4b@20260116.0@f7b3de0d", "613.4c@20260116.0@d67b3be5",
       example="613.5#2@6c9ba023")
def gray_ogre_layers_apply_in_order(expect: Expect) -> None:
    """状況: 2/2の《灰色オーガ》が戦場に出ている。
    行動: +1/+1カウンターが置かれ（7c）、「ターン終了時まで+4/+4」（7c）、「あなたのクリーチャーは+0/+2」のエンチャント（7c）、
    「ターン終了時まで0/1になる」（7b）の順に効果を受ける。
    結果: 3/3、7/7、7/9と変わり、最後は7bの0/1の上に7cの修整がすべて乗って5/8になる。"""
    game = Game(["A", "B"])
    ogre = game.place(GRAY_OGRE)
    game.put_counters(ogre, "+1/+1")
    expect.equal(game.view(ogre).pt, (3, 3), "+1/+1カウンターで3/3")
    game.create_effect("+4/+4 until end of turn", [modify_pt(4, 4)], [ogre], UntilEndOfTurn())
    expect.equal(game.view(ogre).pt, (7, 7), "+4/+4で7/7")
    game.place(card("Test Walls", "{2}", "Enchantment", cards.anthem_of(0, 2)))
    expect.equal(game.view(ogre).pt, (7, 9), "+0/+2で7/9")
    game.create_effect("becomes 0/1 until end of turn", [base_pt(0, 1)], [ogre], UntilEndOfTurn())
    expect.equal(game.view(ogre).pt, (5, 8), "0/1（7b）に+4/+4、+0/+2、+1/+1（7c）が加わって5/8")


@check("613.5@20260116.0@6c94b744", "613.1e@20260116.0@525bb0d5", example="613.5#1@de393287")
def honor_of_the_pure_follows_the_color(expect: Expect) -> None:
    """状況: Aが《清浄の名誉》（あなたの白のクリーチャーは+1/+1）と黒の2/2《歩く死骸》をコントロールしている。
    行動: 効果が死骸を白にし（5）、のちに赤にする（5）。
    結果: 白になると名誉の修整（7c）を受けて3/3、赤になると受けなくなり2/2に戻る。"""
    game = Game(["A", "B"])
    game.place(cards.HONOR_OF_THE_PURE)
    corpse = game.place(WALKING_CORPSE)
    expect.equal(game.view(corpse).pt, (2, 2), "黒のままなら修整はない")
    game.create_effect("becomes white", [becomes_color("W")], [corpse])
    expect.equal(game.view(corpse).pt, (3, 3), "白になると+1/+1")
    game.create_effect("becomes red", [becomes_color("R")], [corpse])
    expect.equal(game.view(corpse).pt, (2, 2), "赤になると修整はなくなる")


@check("613.4d@20260116.0@43f40107", example="613.4d#1@728140e4")
def switching_after_modifying(expect: Expect) -> None:
    """状況: 1/3のテスト用クリーチャーが+0/+1の修整を受けている。
    行動: 効果がパワーとタフネスを入れ替え、そのあと別の効果が+5/+0の修整を与える。
    結果: 入れ替えで4/1。+5/+0は入れ替えの前（7c）に適用されるので、入れ替える前の値6/4が入れ替わって4/6。"""
    game = Game(["A", "B"])
    creature = game.place(card("Test One Three", "{2}", "Creature — Beast", 1, 3))
    game.create_effect("+0/+1", [modify_pt(0, 1)], [creature])
    game.create_effect("switch", [switch_pt()], [creature])
    expect.equal(game.view(creature).pt, (4, 1), "入れ替えで4/1")
    game.create_effect("+5/+0", [modify_pt(5, 0)], [creature])
    expect.equal(game.view(creature).pt, (4, 6), "入れ替え前の値6/4が入れ替わって4/6")


@check("613.4d@20260116.0@43f40107", example="613.4d#2@6a409ffd")
def switching_after_the_modifier_ends(expect: Expect) -> None:
    """状況: 1/3のテスト用クリーチャーが+0/+1の修整を受け、そのあとパワーとタフネスを入れ替える効果を受けて4/1。
    行動: 入れ替えより先に+0/+1の効果が終わる。
    結果: 1/3が入れ替わって3/1になる。"""
    game = Game(["A", "B"])
    creature = game.place(card("Test One Three", "{2}", "Creature — Beast", 1, 3))
    plus = game.create_effect("+0/+1", [modify_pt(0, 1)], [creature])
    game.create_effect("switch", [switch_pt()], [creature])
    expect.equal(game.view(creature).pt, (4, 1), "入れ替えで4/1")
    assert plus is not None
    plus.ended = True
    game.touch()
    expect.equal(game.view(creature).pt, (3, 1), "+0/+1が終わると3/1")


@check("613.4d@20260116.0@43f40107", example="613.4d#3@eb5fd10b")
def two_switches_cancel(expect: Expect) -> None:
    """状況: 1/3のテスト用クリーチャーが+0/+1の修整を受けている。
    行動: パワーとタフネスを入れ替える効果を2回受ける。
    結果: 2つの入れ替えは打ち消し合い、1/4になる。"""
    game = Game(["A", "B"])
    creature = game.place(card("Test One Three", "{2}", "Creature — Beast", 1, 3))
    game.create_effect("+0/+1", [modify_pt(0, 1)], [creature])
    game.create_effect("switch", [switch_pt()], [creature])
    game.create_effect("switch again", [switch_pt()], [creature])
    expect.equal(game.view(creature).pt, (1, 4), "2回の入れ替えで元の並びの1/4")


@check("613.6@20260116.0@7838b684", example="613.6#1@c5035a99")
def one_effect_in_two_layers(expect: Expect) -> None:
    """状況: Aの《灰色熊》（緑）と《清浄の名誉》。
    行動: 「このクリーチャーは+1/+1の修整を受け、あなたが選んだ色（白）になる」効果を受ける。
    結果: 色を変える部分は第5種、+1/+1は第7c種で適用され、白になったので名誉の修整も受けて4/4の白。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HONOR_OF_THE_PURE)
    game.create_effect("+1/+1 and becomes white", [modify_pt(1, 1), becomes_color("W")], [bears])
    view = game.view(bears)
    expect.equal(view.colors, frozenset({Color.WHITE}), "第5種で白になった")
    expect.equal(view.pt, (4, 4), "第7c種で+1/+1、白なので名誉の+1/+1も")


@check("613.6@20260116.0@7838b684", "613.1b@20260116.0@ef3441f2", example="613.6#2@0ee11b43")
def act_of_treason_in_two_layers(expect: Expect) -> None:
    """状況: Bのタップ状態の《灰色熊》。
    行動: Aが熊を対象に《反逆の行動》を唱える。
    結果: コントロールを得る部分は第2種、速攻を得る部分は第6種で適用され、熊はアンタップされてAが攻撃に使える。"""
    from kb.checks.scenes import cast
    from kb.engine import can_attack

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B", tapped=True)
    cast(game, "A", ACT_OF_TREASON, [bears])
    view = game.view(bears)
    expect.equal(view.controller, "A", "第2種でAがコントロールする")
    expect.that(view.has("haste") and not view.tapped, "第6種で速攻を得て、アンタップされている")
    expect.that(can_attack(game, bears), "Aはこの熊で攻撃できる")


@check("613.6@20260116.0@7838b684", "611.2c@615e4f07", example="613.6#3@33207865")
def noncreature_artifacts_become_two_two(expect: Expect) -> None:
    """状況: Aのクリーチャーでないテスト用アーティファクト（マナ総量3）。
    行動: 「ターン終了時まで、クリーチャーでないすべてのアーティファクトは2/2のアーティファクト・クリーチャーになる」が解決する。
    結果: 第4種で「クリーチャーでないアーティファクト」に適用が始まり、第7b種ではもうクリーチャーだが同じ組に適用され続けるので2/2。"""
    game = Game(["A", "B"])
    orb = game.place(card("Test Orb", "{3}", "Artifact"))
    game.create_effect("noncreature artifacts become 2/2 artifact creatures", [add_types("Creature"), base_pt(2, 2)],
                       artifacts(not_types=["Creature"]), UntilEndOfTurn())
    view = game.view(orb)
    expect.that(view.is_a(CardType.CREATURE), "第4種でクリーチャーになった")
    expect.equal(view.pt, (2, 2), "第7b種でも同じオブジェクトに適用され2/2")


@check("613.6@20260116.0@7838b684", example="613.6#4@c48da9d7")
def svogthos_layers(expect: Expect) -> None:
    """状況: Aの《安息の無い墓、スヴォグトース》に「ターン終了時まで3/3のクリーチャーになる。それは土地でもある」（4, 7b）と
    「ターン終了時まで+1/+1」（7c）の効果が及び、4/4の土地クリーチャー。Aの墓地にはクリーチャー・カードが10枚ある。
    行動: スヴォグトースの能力を起動して解決する（4, 5, 7b）。クリーチャー・カードが墓地に1枚増え、最初の効果がもう一度かかる。
    結果: 11/11になり、墓地が増えると12/12。最初の効果がもう一度かかると4/4の土地クリーチャーに戻る。"""
    game = Game(["A", "B"])
    tomb = game.place(SVOGTHOS)
    becomes = [add_types("Creature"), base_pt(3, 3)]
    game.create_effect("becomes a 3/3 creature that's still a land", becomes, [tomb], UntilEndOfTurn())
    game.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], [tomb], UntilEndOfTurn())
    expect.equal(game.view(tomb).pt, (4, 4), "4/4の土地クリーチャー")
    for _ in range(10):
        game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{3}{B}{G}")
    game.activate("A", tomb, 0)
    game.resolve_stack()
    view = game.view(tomb)
    expect.equal(view.pt, (11, 11), "10/10（7b）に+1/+1で11/11")
    expect.that(view.is_a(CardType.LAND) and {"Plant", "Zombie"} <= view.subtypes, "土地のままPlant Zombie")
    game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    expect.equal(game.view(tomb).pt, (12, 12), "墓地のクリーチャー・カードが増えればそれに応じて変わる")
    game.create_effect("becomes a 3/3 creature again", becomes, [tomb], UntilEndOfTurn())
    expect.equal(game.view(tomb).pt, (4, 4), "最初の効果がもう一度かかると4/4の土地クリーチャーに戻る")


@check("613.7a@20260116.0@9abf5ed0", example="613.7a#1@3796c4ea")
def rune_of_flight_keeps_its_order(expect: Expect) -> None:
    """状況: 《巨像の鎚》（装備しているクリーチャーは+10/+10の修整を受け、飛行を失う）に、あとから《飛行のルーン》がついて
    「装備しているクリーチャーは飛行を持つ」を与えている。鎚はAの《灰色熊》についている。
    行動: 鎚を別の熊につけ替える。
    結果: 与えられた能力はルーンの遅いタイムスタンプを持つので熊は飛行を持つ。鎚がつけ替えられて両方の能力が新しい
    タイムスタンプを得ても相対的な順は変わらず、新しい熊も飛行を持つ。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    hammer = game.place(COLOSSUS_HAMMER, attached_to=first)
    game.place(RUNE_OF_FLIGHT, attached_to=hammer)
    expect.equal(game.view(first).pt, (12, 12), "鎚の+10/+10")
    expect.that(game.view(first).has("flying"), "ルーンが与えた能力が後に適用され、飛行を持つ")
    game.attach(hammer, second)
    expect.that(game.view(second).has("flying") and not game.view(first).has("flying"),
                "つけ替えても順は変わらず、新しく装備したクリーチャーが飛行を持つ")


@check("613.9@20260116.0@a73a08c0", example="613.9#1@5a96b900")
def flying_and_losing_flying_go_by_timestamp(expect: Expect) -> None:
    """状況: Aの《灰色熊》。
    行動: 「飛行を持つ」効果、「飛行を失う」効果の順に受け、もう1体は逆の順に受ける。
    結果: どちらも依存せず、タイムスタンプ順で後のものが勝つ：1体目は飛行を持たず、2体目は持つ。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.create_effect("has flying", [gain("flying")], [first])
    game.create_effect("loses flying", [lose("flying")], [first])
    game.create_effect("loses flying", [lose("flying")], [second])
    game.create_effect("has flying", [gain("flying")], [second])
    expect.that(not game.view(first).has("flying"), "後の「失う」が勝つ")
    expect.that(game.view(second).has("flying"), "後の「持つ」が勝つ")


@check("613.9@20260116.0@a73a08c0", example="613.9#2@1da9c28d")
def white_creatures_get_the_bonus_whatever_the_order(expect: Expect) -> None:
    """状況: 「白のクリーチャーは+1/+1」のテスト用エンチャントと、緑の《灰色熊》。
    行動: 熊が「白である」効果を受ける。
    結果: 白にする効果が+1/+1より前（第5種）に適用されるので、元の色にかかわらず3/3。"""
    game = Game(["A", "B"])
    game.place(card("Test White Anthem", "{2}", "Enchantment", StaticAbility(
        "White creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors=["W"]))))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (2, 2), "緑のままなら修整はない")
    game.create_effect("is white", [becomes_color("W")], [bears])
    expect.equal(game.view(bears).pt, (3, 3), "白になって+1/+1")


@check("613.4a@20260116.0@77012b5e", "604.3@20260116.0@47c1c986")
def tarmogoyf_defines_its_power_first(expect: Expect) -> None:
    """状況: Aの《タルモゴイフ》（パワーはすべての墓地にあるカードのカード・タイプの数、タフネスはそれに1を足した数）。
    墓地にはクリーチャー・カードだけがある。Aは《栄光の頌歌》も持つ。
    行動: インスタントが墓地に置かれ、さらに「基本P/Tは0/1」の効果を受ける。
    結果: 特性定義能力は第7a種で1/2、頌歌で2/3。インスタントが加わると3/4。7bの0/1はそのあとに適用され、頌歌で1/2。"""
    game = Game(["A", "B"])
    goyf = game.place(TARMOGOYF)
    game.place(cards.GLORIOUS_ANTHEM)
    game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    expect.equal(game.view(goyf).pt, (2, 3), "クリーチャー1種類で1/2、頌歌で2/3")
    game.place(cards.GIANT_GROWTH, Zone.GRAVEYARD, "B")
    expect.equal(game.view(goyf).pt, (3, 4), "インスタントが加わって2/3、頌歌で3/4")
    game.create_effect("base 0/1", [base_pt(0, 1)], [goyf])
    expect.equal(game.view(goyf).pt, (1, 2), "7bの0/1は7aの後、頌歌で1/2")


# -- 613.6: an effect that started goes on, even if its ability is removed ----------------------------


@check("613.6@20260116.0@7838b684", "613.1f@20260116.0@10196fb7")
def urborg_keeps_making_swamps_after_losing_its_abilities(expect: Expect) -> None:
    """状況: Aの《ヨーグモスの墳墓、アーボーグ》（各土地は他の土地タイプに加えて沼である）と《森》。
    行動: 効果がアーボーグを3/3のクリーチャーにし、そのあと別の効果がアーボーグのすべての能力を失わせる（第6種）。
    結果: アーボーグの効果は第4種ですでに適用を始めているので、第6種で能力が失われても続く：森もアーボーグも沼のまま。"""
    game = Game(["A", "B"])
    urborg = game.place(cards.URBORG)
    forest = game.place(FOREST)
    game.create_effect("becomes a 3/3 creature", [add_types("Creature"), base_pt(3, 3)], [urborg])
    game.create_effect("loses all abilities", [lose_all_abilities()], [urborg])
    expect.that(not game.view(urborg).abilities, "アーボーグは能力をすべて失っている")
    expect.that("Swamp" in game.view(forest).subtypes, "それでも森は沼である")
    expect.that("Swamp" in game.view(urborg).subtypes, "アーボーグ自身も沼である")
    expect.equal(game.view(urborg).pt, (3, 3), "3/3のクリーチャー")


@check("613.6@20260116.0@7838b684", "611.3a@c1a44913")
def march_of_the_machines_sets_what_it_started_with(expect: Expect) -> None:
    """状況: Aの《機械の行進》（クリーチャーでない各アーティファクトは、マナ総量に等しいP/Tのアーティファクト・クリーチャー）。
    行動: マナ総量3のクリーチャーでないテスト用アーティファクトが戦場にある。
    結果: 第4種で適用を始めた組に第7b種でも適用されるので、もうクリーチャーでも3/3になる（P/Tのないクリーチャーにはならない）。"""
    game = Game(["A", "B"])
    game.place(cards.MARCH_OF_THE_MACHINES)
    orb = game.place(card("Test Orb", "{3}", "Artifact"))
    expect.that(game.view(orb).is_a(CardType.CREATURE), "クリーチャーになった")
    expect.equal(game.view(orb).pt, (3, 3), "マナ総量に等しい3/3")


@check("613.6@20260116.0@7838b684", "613.7@20260116.0@91668488")
def humility_and_opalescence(expect: Expect) -> None:
    """状況: 《謙虚》（すべてのクリーチャーはすべての能力を失い、基本P/Tは1/1）と《オパール色の輝き》（他の各オーラでない
    エンチャントはクリーチャーでもあり、基本P/Tはマナ総量に等しい）。
    行動: 謙虚が先に、輝きが後に戦場に出たゲームと、逆の順のゲームを比べる。
    結果: 第4種で謙虚がクリーチャーになり、第6種で自分の能力も失うが、第7b種では始まった効果が続く。7bは依存がなくタイムスタンプ順：
    謙虚が先なら輝きが後に適用されて謙虚は4/4、輝きが先なら謙虚が後で1/1。"""
    game = Game(["A", "B"])
    humility = game.place(cards.HUMILITY)
    game.place(cards.OPALESCENCE)
    expect.equal(game.view(humility).pt, (4, 4), "謙虚が先なら、後の輝きでマナ総量の4/4")
    expect.equal(game.view(humility).abilities, (), "謙虚は自分の能力を失っている")
    game = Game(["A", "B"])
    game.place(cards.OPALESCENCE)
    humility = game.place(cards.HUMILITY)
    expect.equal(game.view(humility).pt, (1, 1), "輝きが先なら、後の謙虚で1/1")


# -- 613.8: dependency decided by trial -------------------------------------------------------------------


@check("613.8a@20260116.0@793141b3", "613.8b@20260116.0@92232d67", "613.8@20260116.0@fc3f3a30")
def opalescence_waits_for_enchanted_evening(expect: Expect) -> None:
    """状況: 《オパール色の輝き》と《魔法の夜》（すべてのパーマネントはエンチャントでもある）、《灰色熊》と《山》。
    行動: 輝きが先に出たゲームと、夜が先に出たゲームを比べる。
    結果: 夜を適用すると輝きの適用先が変わるので、輝きは夜に依存し、どちらの順でも夜が先に適用される：熊は2/2、山は0/0、
    夜は5/5のクリーチャーになり、輝き自身はクリーチャーにならない。"""
    for order in ((cards.OPALESCENCE, cards.ENCHANTED_EVENING), (cards.ENCHANTED_EVENING, cards.OPALESCENCE)):
        game = Game(["A", "B"])
        first, second = (game.place(c) for c in order)
        evening, opal = (first, second) if order[0] is cards.ENCHANTED_EVENING else (second, first)
        bears = game.place(cards.GRIZZLY_BEARS)
        mountain = game.place(MOUNTAIN)
        which = "夜が先" if order[0] is cards.ENCHANTED_EVENING else "輝きが先"
        expect.equal(game.view(evening).pt, (5, 5), f"{which}でも夜は5/5のクリーチャー")
        expect.that(game.view(mountain).is_a(CardType.CREATURE) and game.view(mountain).pt == (0, 0),
                    f"{which}でも山は0/0のクリーチャー")
        expect.equal(game.view(bears).pt, (2, 2), f"{which}でも熊は2/2")
        expect.that(not game.view(opal).is_a(CardType.CREATURE), f"{which}でも輝きは「他の」なのでクリーチャーでない")


@check("613.8a@20260116.0@793141b3", "305.7@20260116.0@e7805bf7")
def blood_moon_turns_off_urborg(expect: Expect) -> None:
    """状況: 《血染めの月》（基本でない土地は山である）と《ヨーグモスの墳墓、アーボーグ》、《森》。
    行動: 月が先に出たゲームと、アーボーグが先に出たゲームを比べる。
    結果: 月を適用するとアーボーグの能力が失われる（305.7）のでアーボーグの効果は月に依存し、どちらの順でも月が先：
    アーボーグは山で、森は沼にならない。"""
    for order in ((cards.BLOOD_MOON, cards.URBORG), (cards.URBORG, cards.BLOOD_MOON)):
        game = Game(["A", "B"])
        placed = [game.place(c) for c in order]
        urborg = placed[order.index(cards.URBORG)]
        forest = game.place(FOREST)
        which = "月が先" if order[0] is cards.BLOOD_MOON else "アーボーグが先"
        expect.equal(game.view(urborg).subtypes, frozenset({"Mountain"}), f"{which}でもアーボーグは山")
        expect.equal(game.view(forest).subtypes, frozenset({"Forest"}), f"{which}でも森は沼にならない")


@check("613.8b@20260116.0@92232d67", "613.8c@20260116.0@c997f33d")
def life_and_limb_and_yavimaya_form_a_loop(expect: Expect) -> None:
    """状況: 《生命と枝》（すべての森とすべての苗木は1/1の緑の苗木クリーチャーでもあり森の土地でもある）、《成長の揺り篭、ヤヴィマヤ》
    （各土地は他の土地タイプに加えて森である）、《山》、苗木トークン。
    行動: 枝が先に出たゲームと、ヤヴィマヤが先に出たゲームを比べ、さらに《謙虚》が出る。
    結果: どちらを適用しても他方の適用先が変わるので依存の輪になり、タイムスタンプ順。枝が先ならクリーチャーになるのは苗木だけ
    （山とヤヴィマヤは森の土地）。ヤヴィマヤが先なら山とヤヴィマヤも1/1の苗木になる。謙虚でヤヴィマヤが能力を失っても、
    第4種の効果は続くので山は森のまま。"""
    saproling = token("Saproling", "Creature — Saproling", 1, 1, colors="G")
    for order in ((cards.LIFE_AND_LIMB, cards.YAVIMAYA), (cards.YAVIMAYA, cards.LIFE_AND_LIMB)):
        game = Game(["A", "B"])
        placed = [game.place(c) for c in order]
        yavimaya = placed[order.index(cards.YAVIMAYA)]
        mountain = game.place(MOUNTAIN)
        [sap] = game.create_token(saproling, "A")
        limb_first = order[0] is cards.LIFE_AND_LIMB
        which = "枝が先" if limb_first else "ヤヴィマヤが先"
        expect.that("Forest" in game.view(mountain).subtypes and "Forest" in game.view(sap).subtypes,
                    f"{which}：山も苗木も森")
        expect.that(game.view(sap).is_a(CardType.LAND) and game.view(sap).pt == (1, 1), f"{which}：苗木は1/1の土地")
        expect.equal(game.view(mountain).is_a(CardType.CREATURE), not limb_first,
                     f"{which}：山がクリーチャーになるのはヤヴィマヤが先のときだけ")
        expect.equal(game.view(yavimaya).is_a(CardType.CREATURE), not limb_first,
                     f"{which}：ヤヴィマヤも同じ")
        game.place(cards.HUMILITY)
        expect.that("Forest" in game.view(mountain).subtypes, f"{which}：謙虚が出ても山は森のまま")
        expect.equal(bool(game.view(yavimaya).abilities), limb_first,
                     f"{which}：クリーチャーになったヤヴィマヤだけが能力を失う")


@check("613.8a@20260116.0@793141b3", "613.1d@20260116.0@f97799f6")
def conspiracy_waits_for_the_factory_to_animate(expect: Expect) -> None:
    """状況: Aの《奸謀》（エルフを選んだ：あなたのクリーチャーは選ばれたタイプである）と《ミシュラの工廠》。
    行動: 工廠が「2/2の組立作業員・アーティファクト・クリーチャーになる」。奸謀があとから出たゲームとも比べる。
    結果: 工廠がクリーチャーになると奸謀の適用先が変わるので、奸謀はその効果に依存し、どちらの順でも工廠はエルフになる。"""
    for conspiracy_first in (True, False):
        game = Game(["A", "B"])
        if conspiracy_first:
            game.place(cards.conspiracy("Elf"))
        factory = game.place(cards.MISHRAS_FACTORY)
        give_mana(game, "A", "{1}")
        game.activate("A", factory, 0)
        game.resolve_stack()
        if not conspiracy_first:
            game.place(cards.conspiracy("Elf"))
        which = "奸謀が先" if conspiracy_first else "工廠の起動が先"
        view = game.view(factory)
        expect.equal(view.subtypes, frozenset({"Elf"}), f"{which}でも工廠はエルフ（組立作業員ではない）")
        expect.equal(view.pt, (2, 2), f"{which}でも2/2")


@check("613.3@20260116.0@d9c200de", "702.73a@20260116.0@e69b5d66")
def characteristic_defining_abilities_apply_first(expect: Expect) -> None:
    """状況: Aの《奸謀》（エルフを選んだ）が先に戦場にあり、あとから《変わり身ののけ者》（多相）が出る。
    行動: のけ者のクリーチャー・タイプを見る。
    結果: 第4種では特性定義能力の多相が、タイムスタンプにかかわらず先に適用され、そのあと奸謀がクリーチャー・タイプをエルフにする：
    のけ者はエルフだけ。"""
    game = Game(["A", "B"])
    game.place(cards.conspiracy("Elf"))
    outcast = game.place(cards.CHANGELING_OUTCAST)
    expect.equal(game.view(outcast).subtypes, frozenset({"Elf"}), "多相が先、奸謀が後：エルフだけ")
    other = game.place(cards.CHANGELING_OUTCAST, player="B")
    expect.that("Goblin" in game.view(other).subtypes and "Elf" in game.view(other).subtypes,
                "奸謀が及ばないBののけ者はすべてのクリーチャー・タイプを持つ")


__all__ = ["Number"]
