"""The CR's examples of copying permanents (707.2-707.9): what a copy takes, copies of copies,
face-down copies, entering as a copy and the exceptions of a copy effect."""

from __future__ import annotations

from dataclasses import replace

from kb.checks import cards
from kb.checks.cards_basics import CYTOSHAPE, RUNECLAW_BEAR
from kb.checks.cards_copies import (
    ALTERED_EGO,
    BRANCHSNAP_LORIAN,
    CHIMERIC_STAFF,
    GLASSPOOL_MIMIC,
    GRINNING_DEMON,
    MORITTE_OF_THE_FROST,
    QUICKSILVER_GARGANTUAN,
    SKYSHROUD_BEHEMOTH,
    WALL_OF_OMENS,
    WANDERING_ONES,
)
from kb.checks.cards_spells import QUIRION_ELVES
from kb.checks.cr.cr108_objects import JUSHI_APPRENTICE, NEZUMI_SHORTFANG
from kb.checks.cr.cr200_card_parts import ADAPTIVE_AUTOMATON
from kb.checks.cr.cr607_linked_abilities import UNSTABLE_SHAPESHIFTER
from kb.checks.cr.cr613_layers import TARMOGOYF
from kb.checks.cr.cr707_copies import BREAK_OPEN
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    CardType,
    ChoiceKind,
    Color,
    FaceDown,
    Game,
    Resolution,
    StaticAbility,
    Step,
    Supertype,
    TriggeredAbility,
    Zone,
    at_beginning_of,
    card,
    copy_of,
    enters_as_copy,
    layouts,
    target_creature,
)
from kb.engine.characteristics import Characteristics
from kb.engine.choices import Choice

# -- 707.2: copiable values -------------------------------------------------------------------------------


@check("707.2@20260116.0@f5bf13dd", "707.2a@20260116.0@9f855a17", "613.2a@20260116.0@78a0e5c5",
       "707.5@20260116.0@c44e7e0c", example="707.2#1@ad259fec")
def clone_of_an_animated_staff_is_just_an_artifact(expect: Expect) -> None:
    """状況: Aの《キマイラ杖》（{X}: ターン終了時まで、これはX/Xの構築物・アーティファクト・クリーチャーになる）。
    行動: AがX=5で杖の能力を起動し、5/5のクリーチャーになった杖を《クローン》がコピーして戦場に出る。その後、クローンが
    コピーした能力をX=3で起動する。
    結果: 杖をクリーチャーにした効果はコピー可能な値ではないので、クローンはクリーチャーでないただのアーティファクト
    「キマイラ杖」として出る。杖の能力は持っているので、起動すれば3/3の構築物・アーティファクト・クリーチャーになる。"""
    game = Game(["A", "B"])
    staff = game.place(CHIMERIC_STAFF, player="A")
    give_mana(game, "A", "{5}")
    game.activate("A", staff, x=5)
    game.resolve_stack()
    expect.equal(game.view(staff).pt, (5, 5), "杖は5/5のアーティファクト・クリーチャーになった")
    game.choices.script(ChoiceKind.OBJECT, staff, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    seen = game.view(clone)
    expect.equal(seen.name, "Chimeric Staff", "クローンは杖のコピーとして出た")
    expect.equal(seen.types, frozenset({CardType.ARTIFACT}), "クリーチャーにする効果はコピーされず、ただのアーティファクト")
    give_mana(game, "A", "{3}")
    game.activate("A", clone, x=3)
    game.resolve_stack()
    seen = game.view(clone)
    expect.that(seen.is_a(CardType.CREATURE) and seen.pt == (3, 3) and "Construct" in seen.subtypes,
                "コピーした能力でクローンは3/3の構築物・アーティファクト・クリーチャーになった")


@check("707.2@20260116.0@f5bf13dd", "708.2@20260116.0@946b971b", "708.2a@20260116.0@6f83a243",
       example="707.2#2@fe1ed2ce")
def clone_of_a_face_down_demon_is_a_face_up_nameless_two_two(expect: Expect) -> None:
    """状況: Bの裏向きの《にやにや笑いの悪魔》（変異{2}{B}{B}）が戦場にある。
    行動: Aの《クローン》が裏向きの悪魔のコピーとして戦場に出る。Aは{2}{B}{B}を支払ってクローンをオモテ向きにしようとする。
    結果: クローンは無色の2/2で、名前もタイプも能力もマナ・コストも持たないクリーチャーだが、オモテ向きである。
    裏向きではないので、{2}{B}{B}を支払ってオモテ向きにすることはできない。"""
    game = Game(["A", "B"])
    demon = game.place(GRINNING_DEMON, player="B", face_down=FaceDown.MORPH)
    game.choices.script(ChoiceKind.OBJECT, demon, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    seen = game.view(clone)
    expect.equal((seen.name, seen.pt, seen.colors, seen.subtypes, seen.abilities, seen.mana_cost),
                 (None, (2, 2), frozenset(), frozenset(), (), None), "名前も色も能力もマナ・コストもない2/2")
    expect.that(not seen.face_down, "クローンはオモテ向き")
    give_mana(game, "A", "{2}{B}{B}")
    expect.refused(lambda: game.turn_face_up("A", clone), "オモテ向きなので{2}{B}{B}でオモテ向きにはできない")


# -- 707.3: the copiable values of a copy -----------------------------------------------------------------


def _vesuvan_changes(values: Characteristics) -> Characteristics:
    """"Except it doesn't copy that creature's color and it has [the upkeep ability]": it keeps its
    own colour, blue (707.9c), and the ability becomes part of the copiable values (707.9a)."""
    return replace(values, colors=frozenset({Color.BLUE}), abilities=(*values.abilities, VESUVAN_UPKEEP))


def _vesuvan_upkeep(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    chosen = resolution.objects(0)
    if source is None or source not in game.objects or not chosen:
        return
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "have this creature become a copy of the target",
                               (True, False))):
        resolution.create_effect("becomes a copy, except its color and this ability",
                                 [copy_of(game, chosen[0], changes=_vesuvan_changes)], [source])


VESUVAN_UPKEEP = TriggeredAbility(
    "At the beginning of your upkeep, you may have this creature become a copy of target creature, except it "
    "doesn't copy that creature's color and it has this ability.", at_beginning_of(Step.UPKEEP),
    _vesuvan_upkeep, (target_creature(),))

VESUVAN_DOPPELGANGER = card(
    "Vesuvan Doppelganger", "{3}{U}{U}", "Creature — Shapeshifter", 0, 0,
    StaticAbility("You may have this creature enter as a copy of any creature on the battlefield, except it doesn't "
                  "copy that creature's color and it has [the upkeep ability].",
                  replacements=(enters_as_copy(changes=_vesuvan_changes),)))
"""The CR's example card (707.3); it has no Japanese name."""


@check("707.3@20260116.0@6feb8daa", "707.9a@20260116.0@46f2e7e8", "707.9c@20260116.0@31b33906",
       "707.5@20260116.0@c44e7e0c", example="707.3#1@2afa6090")
def clone_of_a_vesuvan_doppelganger_copies_its_copy(expect: Expect) -> None:
    """状況: Aの「Vesuvan Doppelganger」（日本語名のない総合ルールの例のカード。色をコピーしないことと、アップキープの開始時に
    別のクリーチャーのコピーになってもよい誘発型能力を持つことを除き、クリーチャー1体のコピーとして戦場に出てもよい）が
    Bの《ルーン爪の熊》のコピーとして戦場に出ている。Bの《丘巨人》もある。
    行動: Aの《クローン》がそのDoppelgangerのコピーとして戦場に出る。Aの次のアップキープに、クローンとDoppelgangerの誘発型能力で
    丘巨人のコピーになる。
    結果: クローンは青の2/2の熊・クリーチャー「ルーン爪の熊」で、アップキープの誘発型能力を持つ。それが誘発し、
    クローンは青いままの3/3の丘巨人になる。"""
    game = Game(["A", "B"])
    bear = game.place(RUNECLAW_BEAR, player="B")
    giant = game.place(cards.HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.OBJECT, bear, player="A")
    doppelganger = game.put_onto_battlefield(VESUVAN_DOPPELGANGER, "A")
    assert doppelganger is not None
    game.choices.script(ChoiceKind.OBJECT, doppelganger, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    seen = game.view(clone)
    expect.equal((seen.name, seen.pt, seen.subtypes, seen.colors),
                 ("Runeclaw Bear", (2, 2), frozenset({"Bear"}), frozenset({Color.BLUE})), "クローンは青の2/2の熊")
    expect.that(VESUVAN_UPKEEP in seen.abilities, "Doppelgangerの例外で加わった能力もコピーした")
    game.next_turn("B")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    seen = game.view(clone)
    expect.equal((seen.name, seen.pt, seen.colors), ("Hill Giant", (3, 3), frozenset({Color.BLUE})),
                 "アップキープにクローンは青いままの丘巨人のコピーになった")


@check("707.3@20260116.0@6feb8daa", "708.2@20260116.0@946b971b", "702.37e@20260116.0@b484429b",
       "613.2b@20260116.0@1e0c20d9", example="707.3#3@8d2abcf8")
def face_down_demon_copying_a_lorian_turns_up_for_its_morph_cost(expect: Expect) -> None:
    """状況: Aの裏向きの《にやにや笑いの悪魔》（変異{2}{B}{B}）と、Bのオモテ向きの《枝折りロリアン》（4/1、トランプル、変異{G}）。
    行動: Aの《細胞形成》で悪魔がロリアンのコピーになる。Aは{G}を支払って悪魔をオモテ向きにする。
    結果: コピーになっても裏向きなので、名前も能力もない2/2のまま。コピー元の変異{G}でオモテ向きになり、
    トランプルを持つ4/1の枝折りロリアンになる。"""
    game = Game(["A", "B"])
    demon = game.place(GRINNING_DEMON, player="A", face_down=FaceDown.MORPH)
    lorian = game.place(BRANCHSNAP_LORIAN, player="B")
    game.choices.script(ChoiceKind.OBJECT, lorian, player="A")
    cast(game, "A", CYTOSHAPE, [demon])
    seen = game.view(demon)
    expect.equal((seen.name, seen.pt, seen.abilities, seen.face_down), (None, (2, 2), (), True),
                 "裏向きのままの名前も能力もない2/2")
    give_mana(game, "A", "{G}")
    game.turn_face_up("A", demon)
    seen = game.view(demon)
    expect.that(not seen.face_down and seen.name == "Branchsnap Lorian" and seen.pt == (4, 1) and seen.has("trample"),
                "{G}でオモテ向きになり、トランプルを持つ4/1の枝折りロリアンになった")


@check("707.3@20260116.0@6feb8daa", "708.2@20260116.0@946b971b", "702.37e@20260116.0@b484429b",
       "708.10@20260116.0@2feb09bf", example="707.3#4@27fb6bd4")
def face_down_demon_copying_wandering_ones_has_no_morph(expect: Expect) -> None:
    """状況: Aの裏向きの《にやにや笑いの悪魔》（変異{2}{B}{B}）と、Bの《さまようもの》（変異を持たない1/1のスピリット）。
    行動: Aの《細胞形成》で悪魔がさまようもののコピーになる。Aが{2}{B}{B}で悪魔をオモテ向きにしようとする。
    次にBの《こじ開け》で悪魔がオモテ向きになる。
    結果: 裏向きのあいだは名前のない2/2。オモテ向きならさまようもので変異を持たないので、特別な処理ではオモテ向きに
    できない。効果でオモテ向きになると、1/1のスピリット「さまようもの」になる。"""
    game = Game(["A", "B"])
    demon = game.place(GRINNING_DEMON, player="A", face_down=FaceDown.MORPH)
    ones = game.place(WANDERING_ONES, player="B")
    game.choices.script(ChoiceKind.OBJECT, ones, player="A")
    cast(game, "A", CYTOSHAPE, [demon])
    expect.equal((game.view(demon).name, game.view(demon).pt), (None, (2, 2)), "裏向きのあいだは名前のない2/2")
    give_mana(game, "A", "{2}{B}{B}")
    expect.refused(lambda: game.turn_face_up("A", demon), "さまようものは変異を持たないので、特別な処理ではオモテ向きにできない")
    cast(game, "B", BREAK_OPEN, [demon])
    seen = game.view(demon)
    expect.that(not seen.face_down and seen.name == "Wandering Ones" and seen.pt == (1, 1)
                and seen.subtypes == frozenset({"Spirit"}), "効果でオモテ向きになり、1/1のさまようものになった")


# -- 707.4-707.6: becoming and entering as a copy -----------------------------------------------------------


@check("707.4@20260116.0@e943b654", "611.2c@20260116.0@615e4f07", "613.4c@20260116.0@d67b3be5",
       example="707.4#1@7c35f55f")
def shapeshifter_keeps_its_giant_growth(expect: Expect) -> None:
    """状況: Aの《不定の多相の戦士》（0/1。他のクリーチャーが戦場に出るたび、この能力を持つことを除きそのコピーになる）。
    行動: Aが多相の戦士に《巨大化》を唱える。その後、Bの《灰色熊》が戦場に出て、次に《丘巨人》が出る。
    結果: 多相の戦士は3/4。熊のコピーになっても巨大化の+3/+3は残って5/5、さらに丘巨人のコピーになっても6/6である。"""
    game = Game(["A", "B"])
    shapeshifter = game.place(UNSTABLE_SHAPESHIFTER, player="A")
    cast(game, "A", cards.GIANT_GROWTH, [shapeshifter])
    expect.equal(game.view(shapeshifter).pt, (3, 4), "巨大化で3/4")
    for creature, name, pt in ((cards.GRIZZLY_BEARS, "Grizzly Bears", (5, 5)), (cards.HILL_GIANT, "Hill Giant", (6, 6))):
        game.put_onto_battlefield(creature, "B")
        game.refresh_priority()
        game.resolve_stack()
        seen = game.view(shapeshifter)
        expect.equal((seen.name, seen.pt), (name, pt), f"{name}のコピーになっても+3/+3は残る")


@check("707.5@20260116.0@c44e7e0c", "614.1c@20260116.0@ce0a08eb", "702.32a@20260116.0@4cecf78c",
       "614.12@20260116.0@7f67dc9f", example="707.5#1@7a771db9")
def clone_of_skyshroud_behemoth_enters_tapped_with_fade_counters(expect: Expect) -> None:
    """状況: Bの《スカイシュラウドのビヒモス》（消散2。タップ状態で戦場に出る）が戦場にある。
    行動: Aの《クローン》がビヒモスのコピーとして戦場に出る。
    結果: クローンは戦場に出るに際しビヒモスのコピーになるので、その置換効果が適用され、タップ状態で消散カウンター2個が
    置かれて出る。"""
    game = Game(["A", "B"])
    behemoth = game.place(SKYSHROUD_BEHEMOTH, player="B")
    game.choices.script(ChoiceKind.OBJECT, behemoth, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    seen = game.view(clone)
    expect.equal(seen.name, "Skyshroud Behemoth", "ビヒモスのコピーとして出た")
    expect.that(seen.tapped, "タップ状態で戦場に出た")
    expect.equal(seen.counter("fade"), 2, "消散カウンターが2個置かれて出た")


@check("707.5@20260116.0@c44e7e0c", "603.6a@20260116.0@1b97ff3e", example="707.5#2@b2d5b8ce")
def clone_of_wall_of_omens_draws_a_card(expect: Expect) -> None:
    """状況: Bの《前兆の壁》（戦場に出たとき、カード1枚を引く）が戦場にある。Aのライブラリーにカードがある。
    行動: Aの《クローン》が前兆の壁のコピーとして戦場に出る。
    結果: クローンは戦場に出たときの誘発型能力を持って出るので、それが誘発し、Aがカードを1枚引く。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    wall = game.place(WALL_OF_OMENS, player="B")
    game.choices.script(ChoiceKind.OBJECT, wall, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    expect.equal(game.view(clone).name, "Wall of Omens", "前兆の壁のコピーとして出た")
    game.refresh_priority()
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 1, "クローンの誘発型能力でAがカードを1枚引いた")


@check("707.6@20260116.0@16734d89", "614.12a@20260116.0@69deb718", "607.2d@20260116.0@60c6b891",
       example="707.6#1@9a14bb99")
def clone_of_adaptive_automaton_chooses_its_own_type(expect: Expect) -> None:
    """状況: Bの《順応する自動機械》（戦場に出るに際しクリーチャー・タイプを選ぶ。選ばれたタイプの他のクリーチャーは+1/+1）が
    熊を選んで戦場にある。Aは《珊瑚マーフォーク》と《灰色熊》をコントロールしている。
    行動: Aの《クローン》が自動機械のコピーとして戦場に出て、Aがマーフォークを選ぶ。
    結果: 熊という選択はコピーされず、クローンのコントローラーのAが改めて選ぶ。Aのマーフォークは3/2になり、Aの熊は2/2のまま。"""
    game = Game(["A", "B"])
    automaton = game.place(ADAPTIVE_AUTOMATON, player="B", chosen={"creature type": "Bear"})
    merfolk = game.place(cards.CORAL_MERFOLK, player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.choices.script(ChoiceKind.OBJECT, automaton, player="A")
    game.choices.script(ChoiceKind.CREATURE_TYPE, "Merfolk", player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    expect.equal(game.view(clone).name, "Adaptive Automaton", "自動機械のコピーとして出た")
    expect.equal(game.view(merfolk).pt, (3, 2), "Aが選んだマーフォークが+1/+1を受ける")
    expect.equal(game.view(bears).pt, (2, 2), "自動機械の熊という選択はコピーされない")


# -- 707.9: exceptions ----------------------------------------------------------------------------------------


@check("707.9a@20260116.0@46f2e7e8", "707.3@20260116.0@6feb8daa", "707.5@20260116.0@c44e7e0c",
       example="707.9a#1@cc6cb8c8")
def clone_of_the_shapeshifter_gets_the_ability_it_gave_itself(expect: Expect) -> None:
    """状況: Aの《不定の多相の戦士》。Bの《クウィリーオン・エルフ》が戦場に出て、多相の戦士はこの能力を持つことを除いて
    エルフのコピーになる。
    行動: Aの《クローン》が多相の戦士のコピーとして戦場に出る。その後Bの《灰色熊》が戦場に出る。
    結果: クローンはクウィリーオン・エルフで、多相の戦士が自分に与えた能力も持つ。熊が出るとクローンもその能力で熊の
    コピーになる。"""
    game = Game(["A", "B"])
    shapeshifter = game.place(UNSTABLE_SHAPESHIFTER, player="A")
    game.choices.script(ChoiceKind.COLOR, "U", player="B")
    game.put_onto_battlefield(QUIRION_ELVES, "B")
    game.refresh_priority()
    game.resolve_stack()
    expect.equal(game.view(shapeshifter).name, "Quirion Elves", "多相の戦士はエルフのコピーになった")
    game.choices.script(ChoiceKind.OBJECT, shapeshifter, player="A")
    game.choices.script(ChoiceKind.COLOR, "G", player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    game.refresh_priority()
    game.resolve_stack()
    seen = game.view(clone)
    expect.equal(seen.name, "Quirion Elves", "クローンはクウィリーオン・エルフ")
    expect.that(any(a is ability for a in seen.abilities for ability in UNSTABLE_SHAPESHIFTER.front.abilities),
                "多相の戦士が自分に与えた能力もコピーした")
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "B")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.refresh_priority()
    game.resolve_stack()
    expect.equal(game.view(clone).name, "Grizzly Bears", "その能力でクローンも灰色熊のコピーになった")




@check("707.3@20260116.0@6feb8daa", "710.2@20260116.0@4e2e241f", "110.5c@20260116.0@1c81c68c",
       example="707.3#2@8ab8a6c8")
def flipped_tomoya_copying_an_unflipped_shortfang_is_stabwhisker(expect: Expect) -> None:
    """状況: Aの《呪師の弟子》が反転して《暴く者、智也》になっている。Bの反転していない《鼠の短牙》が戦場にある。
    行動: Aの《細胞形成》で智也が鼠の短牙のコピーになる。
    結果: 反転している智也の特性は、鼠の短牙の反転した側の《憎まれ者の傷弄り》（伝説の3/3）のものになる。"""
    game = Game(["A", "B"])
    jushi = game.place(JUSHI_APPRENTICE, player="A")
    layouts.flip(game, jushi)
    expect.equal(game.view(jushi).name, "Tomoya the Revealer", "呪師の弟子は反転して暴く者、智也")
    shortfang = game.place(NEZUMI_SHORTFANG, player="B")
    game.choices.script(ChoiceKind.OBJECT, shortfang, player="A")
    cast(game, "A", CYTOSHAPE, [jushi])
    seen = game.view(jushi)
    expect.equal((seen.name, seen.pt), ("Stabwhisker the Odious", (3, 3)), "反転した側の憎まれ者の傷弄りになった")
    expect.that(Supertype.LEGENDARY in seen.supertypes, "伝説である")
    expect.equal(game.view(shortfang).name, "Nezumi Shortfang", "元の鼠の短牙は反転していないまま")


@check("707.9d@20260116.0@c5adbe75", "707.9b@20260116.0@8dc2d984", "604.3@20260116.0@47c1c986",
       "613.4a@20260116.0@77012b5e", example="707.9d#1@ba378efc")
def quicksilver_gargantuan_copying_tarmogoyf_is_seven_seven(expect: Expect) -> None:
    """状況: Bの《タルモゴイフ》（パワーは墓地にあるカードのカード・タイプの数、タフネスはそれに1を足した数）がいて、
    墓地にはクリーチャーとインスタントがある（2/3）。
    行動: Aの《クローン》と、Aの《水銀のガルガンチュアン》（7/7であることを除きクリーチャー1体のコピーとして戦場に出てもよい）が
    それぞれタルモゴイフのコピーとして戦場に出る。
    結果: クローンはタルモゴイフの特性定義能力を持ち2/3。ガルガンチュアンはパワーとタフネスを定める特性定義能力を
    コピーしないので、その能力を持たず7/7のタルモゴイフである。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    game.place(cards.GIANT_GROWTH, Zone.GRAVEYARD, "B")
    goyf = game.place(TARMOGOYF, player="B")
    expect.equal(game.view(goyf).pt, (2, 3), "タルモゴイフは2/3")
    game.choices.script(ChoiceKind.OBJECT, goyf, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    expect.equal((game.view(clone).name, game.view(clone).pt), ("Tarmogoyf", (2, 3)), "クローンは特性定義能力ごとコピーして2/3")
    game.choices.script(ChoiceKind.OBJECT, goyf, player="A")
    gargantuan = game.put_onto_battlefield(QUICKSILVER_GARGANTUAN, "A")
    assert gargantuan is not None
    seen = game.view(gargantuan)
    expect.equal((seen.name, seen.pt), ("Tarmogoyf", (7, 7)), "ガルガンチュアンは7/7のタルモゴイフ")
    expect.that(not any(a in seen.abilities for a in TARMOGOYF.front.abilities), "P/Tを定める特性定義能力はコピーしない")


@check("707.9d@20260116.0@c5adbe75", "702.73a@20260116.0@e69b5d66", "205.3m@20260116.0@536b1ee3",
       example="707.9d#2@89db19d8")
def glasspool_mimic_copying_a_changeling_has_every_type(expect: Expect) -> None:
    """状況: Aの《変わり身ののけ者》（多相を持つ多相の戦士）が戦場にある。
    行動: Aの《玻璃池のミミック》（他のタイプに加えて多相の戦士・ならず者であることを除き、自分のクリーチャー1体の
    コピーとして戦場に出てもよい）がのけ者のコピーとして戦場に出る。
    結果: 「他のタイプに加えて」の例外なので、タイプを定める特性定義能力の多相もコピーされ、ミミックは多相を持ち、
    すべてのクリーチャー・タイプを持つ。"""
    game = Game(["A", "B"])
    outcast = game.place(cards.CHANGELING_OUTCAST, player="A")
    game.choices.script(ChoiceKind.OBJECT, outcast, player="A")
    mimic = game.put_onto_battlefield(GLASSPOOL_MIMIC, "A")
    assert mimic is not None
    seen = game.view(mimic)
    expect.equal(seen.name, "Changeling Outcast", "のけ者のコピーとして出た")
    expect.that(seen.has("changeling"), "多相を持つ")
    expect.that({"Rogue", "Elf", "Goblin", "Shapeshifter"} <= seen.subtypes and len(seen.subtypes) > 200,
                "すべてのクリーチャー・タイプを持つ")


@check("707.9e@20260116.0@0afdf6dc", "707.5@20260116.0@c44e7e0c", "614.12@20260116.0@7f67dc9f",
       example="707.9e#1@e91e3f86")
def altered_ego_copying_an_uncopied_clone_gets_no_counters(expect: Expect) -> None:
    """状況: Aの《栄光の頌歌》と、戦場に出るに際して何もコピーしなかったAの《クローン》（頌歌で1/1）、Bの《丘巨人》。
    行動: AがX=2で《もう一人の自分》（追加の+1/+1カウンターX個が置かれた状態で出ることを除き、クリーチャー1体の
    コピーとして出てもよい）を唱え、クローンのコピーとして出ることを選ぶ。得たクローンの置換効果で丘巨人を選ぶ。
    比べるため、別のゲームではX=2でもう一人の自分が直接丘巨人のコピーとして出る。
    結果: 直接コピーすると+1/+1カウンターが2個置かれる。クローンをコピーした後で別のコピー効果が適用されると、
    例外の追加の効果は起こらず、もう一人の自分はカウンターのない丘巨人（頌歌で4/4）になる。"""
    def cast_ego(copied_first: str) -> tuple[Game, int]:
        game = Game(["A", "B"])
        game.place(cards.GLORIOUS_ANTHEM, player="A")
        clone = game.place(cards.CLONE, player="A")
        giant = game.place(cards.HILL_GIANT, player="B")
        game.choices.script(ChoiceKind.OBJECT, clone if copied_first == "clone" else giant, player="A")
        game.choices.script(ChoiceKind.OBJECT, giant, player="A")
        ego = game.place(ALTERED_EGO, Zone.HAND, "A")
        give_mana(game, "A", "{2}{2}{G}{U}")
        game.cast("A", ego, x=2)
        game.resolve_stack()
        return game, game.current(ego).id

    game, ego = cast_ego("giant")
    expect.equal((game.view(ego).name, game.view(ego).counter("+1/+1")), ("Hill Giant", 2),
                 "直接丘巨人をコピーすると+1/+1カウンター2個が置かれる")
    game, ego = cast_ego("clone")
    seen = game.view(ego)
    expect.equal(seen.name, "Hill Giant", "クローンの置換効果で丘巨人のコピーになった")
    expect.equal((seen.counter("+1/+1"), seen.pt), (0, (4, 4)), "追加のカウンターは置かれない")


@check("707.9f@20260116.0@82cb3be9", "707.9b@20260116.0@8dc2d984", "707.2@20260116.0@f5bf13dd",
       example="707.9f#1@2abcfd62")
def moritte_copying_an_animated_land_is_no_creature(expect: Expect) -> None:
    """状況: Aの《ミシュラの工廠》が能力でターン終了時まで2/2の組立作業員・アーティファクト・クリーチャーになっている。
    行動: Aの《霜のモーリット》が工廠のコピーとして戦場に出る。比べるため、別のゲームではモーリットが《灰色熊》のコピーとして出る。
    その後、モーリットになった工廠の能力を起動する。
    結果: 熊をコピーすると、伝説で氷雪の、+1/+1カウンター2個が置かれ多相を持つ熊になる。工廠はコピー可能な値では
    クリーチャーではないので、モーリットは伝説で氷雪のクリーチャーでない土地として出て、カウンターも多相も得ない。
    同じターンにクリーチャーになっても、それは変わらない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    moritte = game.put_onto_battlefield(MORITTE_OF_THE_FROST, "A")
    assert moritte is not None
    seen = game.view(moritte)
    expect.that(seen.name == "Grizzly Bears" and {Supertype.LEGENDARY, Supertype.SNOW} <= seen.supertypes
                and seen.counter("+1/+1") == 2 and seen.has("changeling"), "熊のコピーなら、カウンター2個と多相を得る")
    game = Game(["A", "B"])
    factory = game.place(cards.MISHRAS_FACTORY, player="A")
    give_mana(game, "A", "{1}")
    game.activate("A", factory)
    game.resolve_stack()
    expect.that(game.view(factory).is_a(CardType.CREATURE), "工廠はクリーチャーになっている")
    game.choices.script(ChoiceKind.OBJECT, factory, player="A")
    moritte = game.put_onto_battlefield(MORITTE_OF_THE_FROST, "A")
    assert moritte is not None
    seen = game.view(moritte)
    expect.that(seen.name == "Mishra's Factory" and not seen.is_a(CardType.CREATURE)
                and {Supertype.LEGENDARY, Supertype.SNOW} <= seen.supertypes, "伝説で氷雪の、クリーチャーでない土地")
    expect.that(seen.counter("+1/+1") == 0 and not seen.has("changeling"), "カウンターも多相も得ない")
    give_mana(game, "A", "{1}")
    game.activate("A", moritte)
    game.resolve_stack()
    seen = game.view(moritte)
    expect.that(seen.is_a(CardType.CREATURE) and seen.pt == (2, 2) and not seen.has("changeling"),
                "クリーチャーになっても2/2のままで、多相は持たない")
