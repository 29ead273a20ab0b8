"""Casting spells (601) and activating abilities (602): the CR's examples — one object targeted
once per "target", a prohibition that a choice of X can get round, a face-down spell cast from
the library — and what casting and activating do: Phyrexian mana paid with life, cast triggers,
costs locked in, prohibitions."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_spells import gain as gain_life
from kb.checks.cr.cr601_casting import LLANOWAR_ELVES, PRODIGAL_SORCERER
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    CantActivate,
    CantCast,
    CastPermission,
    ChoiceKind,
    CostChange,
    FaceDown,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    any_target,
    as_enters_choose,
    card,
    condition,
    cost,
    creatures,
    lands,
    modify_pt,
    objects,
    permanents,
    spells,
    target,
    target_creature,
    this_object,
    where,
)
from kb.engine import cast as cast_trigger
from kb.engine.targets import TargetSpec


def _tap_them(resolution: Resolution) -> None:
    resolution.game.tap(*resolution.objects(0))


def _destroy_them(resolution: Resolution) -> None:
    resolution.game.destroy(*dict.fromkeys(resolution.objects(0) + resolution.objects(1)))


TEST_TWIN_SNARE = card("Test Twin Snare", "{U}", "Instant", spell=SpellAbility(
    "Tap two target creatures.", _tap_them, (TargetSpec("two target creatures", creatures(), None, 2),)))
"""Test: an instant: "Tap two target creatures"."""

TEST_SALT = card("Test Salt", "{1}{R}", "Sorcery", spell=SpellAbility(
    "Destroy target artifact and target land.", _destroy_them,
    (target(permanents("Artifact"), "target artifact"), target(lands(), "target land"))))
"""Test: a sorcery: "Destroy target artifact and target land"."""

ANCIENT_DEN = real("古えの居住地", card("Ancient Den", None, "Artifact Land"))
"""古えの居住地 (an artifact land); its mana ability is left out."""


@check("601.2c@20260116.0@eb811b42", "115.1@20260116.0@66d7c2ad", example="601.2c#1@dd4fd237")
def one_object_is_targeted_once_per_word_target(expect: Expect) -> None:
    """状況: Bの《灰色熊》と《丘巨人》、《古えの居住地》（アーティファクト・土地）。
    行動: Aが「クリーチャー2体を対象とする。それらをタップする」テスト用インスタントを熊だけを2回対象にして唱えようとし、次に熊と
    巨人を対象に唱える。さらに「アーティファクト1つと土地1つを対象とする。それらを破壊する」テスト用ソーサリーを居住地を2回
    対象にして唱える。
    結果: 1つの「対象」の中で同じ熊を2回選ぶことはできず、異なる2体が必要。対象の語が2つあるソーサリーでは、アーティファクト・
    土地1つを両方に選べて、それは破壊される。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    giant = game.place(cards.HILL_GIANT, player="B")
    den = game.place(ANCIENT_DEN, player="B")
    snare = in_hand(game, TEST_TWIN_SNARE)
    give_mana(game, "A", "{U}")
    expect.refused(lambda: game.cast("A", snare, targets=[[bears, bears]]), "同じ熊を2回は対象にできない")
    game.cast("A", snare, targets=[[bears, giant]])
    game.resolve_stack()
    expect.that(game.view(bears).tapped and game.view(giant).tapped, "異なる2体を対象にして両方タップした")
    cast(game, "A", TEST_SALT, [den, den])
    expect.that(game.current(den).zone is Zone.GRAVEYARD, "居住地を両方の対象に選び、破壊した")


def _even(context: object, candidate: object) -> bool:
    return getattr(candidate, "mana_value", 1) % 2 == 0


VOID_WINNOWER = real("虚空の選別者", card(
    "Void Winnower", "{9}{B}", "Creature — Eldrazi", 11, 9,
    StaticAbility("Your opponents can't cast spells with even mana values.",
                  rules=(CantCast(spells() & where("with an even mana value", _even, ("mana_cost",),
                                                   (Zone.STACK,), local=True), "opponent"),))))
"""虚空の選別者; devoid and its blocking restriction are left out."""


def _rolling_thunder(resolution: Resolution) -> None:
    victim = resolution.target
    if victim is not None and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, victim, resolution.x)


ROLLING_THUNDER = real("とどろく雷鳴", card("Rolling Thunder", "{X}{R}{R}", "Sorcery", spell=SpellAbility(
    "Rolling Thunder deals X damage divided as you choose among any number of targets.", _rolling_thunder,
    (any_target(),))))
"""とどろく雷鳴, with a single target: dividing the damage among several is left out."""


@check("601.3a@20260116.0@ac588370", "601.2e@20260116.0@e94e5207", "202.3e@20260116.0@757c7f5c",
       "613.11@20260116.0@baac148d",
       example="601.3a#1@678cfafd")
def a_choice_of_x_gets_round_a_prohibition(expect: Expect) -> None:
    """状況: Aの《虚空の選別者》（対戦相手はマナ総量が偶数の呪文を唱えられない）。Bのターンで、Bの手札に《灰色熊》と
    《とどろく雷鳴》（マナ・コスト{X}{R}{R}）。
    行動: Bが熊を唱えようとし、雷鳴をX=2で唱えようとし、X=1で唱える。
    結果: 熊（マナ総量2）は唱えられない。雷鳴はXの選び方で奇数になりうるので唱え始められる：X=2ならスタック上でマナ総量4
    になって唱えることは違反となり巻き戻るが、X=1ならマナ総量3で唱えられ、1点を与える。"""
    game = Game(["A", "B"])
    game.place(VOID_WINNOWER)
    game.next_turn("B")
    bears = in_hand(game, cards.GRIZZLY_BEARS, "B")
    thunder = in_hand(game, ROLLING_THUNDER, "B")
    game.add_mana("B", "{R}{R}{R}{R}")
    expect.refused(lambda: game.cast("B", bears), "マナ総量2の熊は唱えられない")
    expect.refused(lambda: game.cast("B", thunder, targets=["A"], x=2), "X=2ではマナ総量4なので唱えられない")
    expect.that(thunder.zone is Zone.HAND and game.players["B"].mana.total == 4, "唱える前に戻った")
    spell = game.cast("B", thunder, targets=["A"], x=1)
    expect.equal(game.view(spell).mana_value, 3, "スタック上の雷鳴のマナ総量はXを含めて3")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 19, "X=1で唱えられ、1点を与えた")


GARRUKS_HORDE = real("ガラクの大軍", card(
    "Garruk's Horde", "{5}{G}{G}", "Creature — Beast", 7, 7, "trample",
    StaticAbility("Play with the top card of your library revealed. You may cast creature spells from the top of "
                  "your library.", rules=(CastPermission(objects("Creature", zones=tuple(Zone)), Zone.LIBRARY),))))
"""ガラクの大軍; playing with the top card revealed is left out."""

ZOETIC_CAVERN = real("生けるものの洞窟", card("Zoetic Cavern", None, "Land", "morph {2}"))
"""生けるものの洞窟; its mana ability is left out."""


@check("601.3e@20260116.0@f151db75", "702.37c@20260116.0@eda0a51d", example="601.3e#1@52668829")
def a_face_down_spell_is_judged_as_a_creature(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に《生けるものの洞窟》（変異を持つ土地・カード）。Aは{3}を持つ。
    行動: 《ガラクの大軍》（あなたのライブラリーの一番上からクリーチャー・呪文を唱えてもよい）がない状態で洞窟を裏向きに唱えようと
    し、大軍を出してからもう一度唱える。
    結果: 大軍がなければライブラリーからは唱えられない。大軍があれば、裏向きの呪文は2/2のクリーチャー・呪文として判断されるので、
    クリーチャーでないカードでも変異で裏向きに唱えられる。"""
    game = Game(["A", "B"])
    cavern = game.place(ZOETIC_CAVERN, Zone.LIBRARY, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.cast("A", cavern, face_down=FaceDown.MORPH), "大軍がなければライブラリーからは唱えられない")
    game.place(GARRUKS_HORDE)
    spell = game.cast("A", cavern, face_down=FaceDown.MORPH)
    game.resolve_stack()
    view = game.view(spell)
    expect.that(view.face_down and view.pt == (2, 2) and view.zone is Zone.BATTLEFIELD,
                "裏向きの2/2クリーチャーとして唱えられ、戦場に出た")


def _mutagenic_growth(resolution: Resolution) -> None:
    resolution.create_effect("+2/+2 until end of turn", [modify_pt(2, 2)], resolution.targets(0), UntilEndOfTurn())


MUTAGENIC_GROWTH = real("変異原性の成長", card("Mutagenic Growth", "{G/P}", "Instant", spell=SpellAbility(
    "Target creature gets +2/+2 until end of turn.", _mutagenic_growth, (target_creature(),))))


@check("107.4f@20260116.0@a3279a02", "601.2b@20260116.0@bbae9992", "119.4@20260116.0@da75ef94",
       "118.3@20260116.0@4334317a")
def phyrexian_mana_is_paid_with_mana_or_two_life(expect: Expect) -> None:
    """状況: Aの《灰色熊》。Aの手札に《変異原性の成長》（マナ・コスト{G/P}：クリーチャー1体は+2/+2）。
    行動: マナのないAが成長を唱える。次にAが{G}を持って唱え、2点のライフで支払うか{G}で支払うかを選ぶ。最後にライフが1点で
    マナのないAが唱えようとする。
    結果: マナがなければ2点のライフで支払える（20→18）。{G}があれば支払い方はAが宣言する：選ばなければエンジンは推測しない。
    ライフを選べばマナは残り、マナを選べばライフは減らない。ライフ1点ではどちらも払えないので唱えられない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    cast_with_nothing = in_hand(game, MUTAGENIC_GROWTH)
    game.cast("A", cast_with_nothing, targets=[bears])
    expect.equal(game.players["A"].life, 18, "マナがないので2点のライフで支払った")
    game.resolve_stack()
    expect.equal(game.view(bears).pt, (4, 4), "成長は解決した")
    held = in_hand(game, MUTAGENIC_GROWTH)
    game.add_mana("A", "{G}")
    try:
        game.cast("A", held, targets=[bears])
        expect.that(False, "支払い方はAが選ぶ")
    except UnscriptedChoice:
        expect.that(True, "{G}もライフも払えるなら、どちらで払うかはAが宣言する")
    game.choices.script(ChoiceKind.PHYREXIAN, ("G/P",), player="A")
    game.cast("A", held, targets=[bears])
    expect.equal((game.players["A"].life, game.players["A"].mana.total), (16, 1), "ライフで支払い、{G}は残った")
    game.resolve_stack()
    held = in_hand(game, MUTAGENIC_GROWTH)
    game.choices.script(ChoiceKind.PHYREXIAN, (), player="A")
    game.cast("A", held, targets=[bears])
    expect.equal((game.players["A"].life, game.players["A"].mana.total), (16, 0), "{G}で支払い、ライフは減らない")
    game.resolve_stack()
    game.players["A"].life = 1
    game.touch()
    held = in_hand(game, MUTAGENIC_GROWTH)
    expect.refused(lambda: game.cast("A", held, targets=[bears]), "ライフ1点でマナもなければ支払えない")


@check("601.2i@20260116.0@c8a175cd", "603.3@20260116.0@4e94e636")
def cast_triggers_go_on_the_stack_above_the_spell(expect: Expect) -> None:
    """状況: Aの「あなたがクリーチャー・呪文を唱えるたび、1点のライフを得る」テスト用エンチャント。
    行動: Aが《灰色熊》を唱える。
    結果: 唱え終えたときに誘発し、熊の呪文の上に置かれて先に解決する。Aは優先権を得る。"""
    game = Game(["A", "B"])
    game.place(card("Test Summoner's Boon", "{1}", "Enchantment", TriggeredAbility(
        "Whenever you cast a creature spell, you gain 1 life.", cast_trigger(spells("Creature"), "you"),
        gain_life(1))))
    spell = cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    expect.equal([item.spell for item in game.stack], [spell, None], "能力は熊の呪文の上にある")
    expect.equal(game.priority, "A", "唱えたAが優先権を得る")
    game.resolve_top()
    expect.that(game.players["A"].life == 21 and game.obj(spell).zone is Zone.STACK, "能力が先に解決した")


TEST_LIFE_STONE = card("Test Life Stone", "{1}", "Artifact", ActivatedAbility(
    "{2}, {T}: You gain 1 life.", cost("{2}, {T}"), gain_life(1)))
"""Test: an artifact with "{2}, {T}: You gain 1 life" (the CR's own example of a cost, 602.1a)."""


@check("602.1a@20260116.0@e6faabbb", "602.1@20260116.0@f4c9b611", "602.2b@20260116.0@cf7b7a79",
       "601.2h@20260116.0@a3920c0b")
def the_activation_cost_is_everything_before_the_colon(expect: Expect) -> None:
    """状況: Aの「{2}, {T}：あなたは1点のライフを得る」テスト用アーティファクト。Aのマナ・プールは空。
    行動: Aが起動しようとし、{2}を得てから起動し、アンタップされないまま{2}を得てもう一度起動しようとする。
    結果: コストは任意のマナ2点とこれのタップの両方：マナがなければ起動できない。支払えば起動でき、タップされる。
    タップ状態ではマナがあっても起動できない。"""
    game = Game(["A", "B"])
    stone = game.place(TEST_LIFE_STONE)
    expect.refused(lambda: game.activate("A", stone), "マナがなければ起動できない")
    game.add_mana("A", "{2}")
    game.activate("A", stone)
    game.resolve_stack()
    expect.that(game.players["A"].life == 21 and game.view(stone).tapped, "{2}を支払いタップして起動した")
    game.add_mana("A", "{2}")
    expect.refused(lambda: game.activate("A", stone), "タップ状態ではコストを支払えない")


@check("601.7@20260116.0@a913d639", "602.4@20260116.0@17c39a6a", "601.2f@20260116.0@2220e1e2")
def a_cost_change_does_not_reach_what_is_on_the_stack(expect: Expect) -> None:
    """状況: Aが《灰色熊》を唱え（{1}{G}を支払った）、《放蕩魔術師》の能力を起動した。
    行動: それらがスタックにある間に《抵抗の宝球》（呪文を唱えるためのコストは{1}多くなる）が戦場に出て、そのあとスタックが
    解決する。Aはもう1枚の熊を唱える。
    結果: スタック上の呪文や能力には影響せず、追加の支払いなく解決する。そのあとの熊は{2}{G}が必要になる。"""
    game = Game(["A", "B"])
    sorcerer = game.place(PRODIGAL_SORCERER)
    spell = cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    game.activate("A", sorcerer, targets=["B"])
    game.put_onto_battlefield(cards.SPHERE_OF_RESISTANCE, "B")
    game.resolve_stack()
    expect.that(game.obj(spell).zone is Zone.BATTLEFIELD and game.players["B"].life == 19,
                "スタックにあった呪文と能力は、そのまま解決した")
    held = in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}{G}")
    expect.refused(lambda: game.cast("A", held), "宝球のあとの熊は{1}{G}では足りない")


def _named(context: object, candidate: object) -> bool:
    from kb.engine.context import Context

    assert isinstance(context, Context)
    source = context.source
    return source is not None and getattr(candidate, "name", None) == context.game.objects[source.id].chosen.get("name")


PITHING_NEEDLE = real("真髄の針", card(
    "Pithing Needle", "{1}", "Artifact",
    StaticAbility("As Pithing Needle enters, choose a card name.", replacements=(
        as_enters_choose(ChoiceKind.CARD_NAME, lambda g: (), "name", "As Pithing Needle enters, choose a card name."),)),
    StaticAbility("Activated abilities of sources with the chosen name can't be activated unless they're mana "
                  "abilities.", rules=(CantActivate(objects(zones=tuple(Zone)) & where(
                      "sources with the chosen name", _named, ("name",), tuple(Zone)), mana_abilities=False),))))


@check("602.5@20260116.0@ba78d4dd", "605.1a@20260116.0@1aede6f8")
def a_prohibited_ability_cannot_be_activated(expect: Expect) -> None:
    """状況: Aの《放蕩魔術師》と《ラノワールのエルフ》（前のターンから）。
    行動: Bの《真髄の針》が魔術師の名前を選んで戦場に出て、Aが魔術師の能力を起動しようとする。もう1つの針がエルフを選んで出て、
    Aがエルフのマナ能力を起動する。
    結果: 禁止された魔術師の能力は起動し始めることもできない。針はマナ能力を禁止しないので、エルフからはマナが出る。"""
    game = Game(["A", "B"])
    sorcerer = game.place(PRODIGAL_SORCERER)
    elves = game.place(LLANOWAR_ELVES)
    game.activate("A", sorcerer, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "針がなければ起動できる")
    game.untap(sorcerer)
    game.choices.script(ChoiceKind.CARD_NAME, "Prodigal Sorcerer", player="B")
    game.put_onto_battlefield(PITHING_NEEDLE, "B")
    game.choices.script(ChoiceKind.CARD_NAME, "Llanowar Elves", player="B")
    game.put_onto_battlefield(PITHING_NEEDLE, "B")
    expect.refused(lambda: game.activate("A", sorcerer, targets=["B"]), "魔術師の能力は起動できない")
    game.activate("A", elves)
    expect.equal(game.players["A"].mana.mana["G"], 1, "エルフのマナ能力は起動できる")


def _draw_two(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, 2)


ALTARS_REAP = real("祭壇の刈り取り", card("Altar's Reap", "{1}{B}", "Instant", spell=SpellAbility(
    "As an additional cost to cast this spell, sacrifice a creature. Draw two cards.", _draw_two,
    additional=cost("Sacrifice a creature"))))

THUNDERSCAPE_FAMILIAR = real("雷景学院の使い魔", card(
    "Thunderscape Familiar", "{1}{R}", "Creature — Kavu", 1, 1, "first strike",
    StaticAbility("Black spells and red spells you cast cost {1} less to cast.",
                  rules=(CostChange(spells() & where("black or red", lambda c, o: bool({"B", "R"} & set(o.colors)),
                                                     ("colors",), (Zone.STACK,), local=True), -1, "you"),))))


@check("601.2h@20260116.0@a3920c0b", "601.2f@20260116.0@2220e1e2", "118.8@20260116.0@47cbd720",
       example="601.2h#1@22e7316f")
def the_total_cost_is_locked_in_before_it_is_paid(expect: Expect) -> None:
    """状況: Aの《雷景学院の使い魔》（あなたが唱える黒や赤の呪文のコストは{1}少なくなる）。Aの手札に《祭壇の刈り取り》（{1}{B}、
    追加コストとしてクリーチャー1体を生け贄に捧げる）。Aのマナは{B}だけ。
    行動: Aが使い魔を生け贄に捧げて刈り取りを唱える。
    結果: 総コストは支払いの前に{B}で確定するので、支払いの途中で使い魔がいなくなっても{B}で唱えられ、カードを2枚引く。"""
    game = Game(["A", "B"])
    familiar = game.place(THUNDERSCAPE_FAMILIAR)
    reap = in_hand(game, ALTARS_REAP)
    game.add_mana("A", "{B}")
    hand = len(game.hand("A"))
    game.cast("A", reap)
    expect.that(game.current(familiar).zone is Zone.GRAVEYARD and game.players["A"].mana.total == 0,
                "使い魔を生け贄に捧げ、{B}だけで唱えた")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand - 1 + 2, "解決してカードを2枚引いた")


TEST_ONCE_STONE = card("Test Once Stone", "{1}", "Artifact", ActivatedAbility(
    "{0}: You gain 1 life. Activate only once each turn.", cost("{0}"), gain_life(1), once_each_turn=True))
"""Test: an artifact: "{0}: You gain 1 life. Activate only once each turn"."""


@check("602.1b@20260116.0@d6f407dd", "602.5b@20260116.0@84d8225a")
def activate_only_once_each_turn_follows_the_object(expect: Expect) -> None:
    """状況: Aの「{0}：あなたは1点のライフを得る。この能力は毎ターン1回しか起動できない」テスト用アーティファクト。
    行動: Aが起動して解決し、もう一度起動しようとする。その後Bがアーティファクトのコントロールを得て、同じターンに起動しようとする。
    次のBのターンにBが起動する。
    結果: 起動の指示は常に働く：同じターンに2回目は起動できず、コントローラーが変わってもそのオブジェクトについての制限は続く。
    次のターンには起動できる。"""
    from kb.engine.parts import control

    game = Game(["A", "B"])
    stone = game.place(TEST_ONCE_STONE)
    game.activate("A", stone)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "1回目は起動できた")
    expect.refused(lambda: game.activate("A", stone), "同じターンに2回目は起動できない")
    game.create_effect("B gains control", [control("B")], [stone], controller="B")
    game.pass_priority_to("B")
    expect.refused(lambda: game.activate("B", stone), "コントローラーが変わっても、このターンはもう起動できない")
    game.next_turn("B")
    game.activate("B", stone)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 21, "次のターンには起動できた")


def _ambush(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, 2)


def _you_control_a_forest(context: object) -> bool:
    from kb.engine.context import Context

    assert isinstance(context, Context)
    you = context.player("you control a Forest")
    return any(s.zone is Zone.BATTLEFIELD and "Forest" in s.subtypes and s.controller == you
               for s in context.states.values())


TEST_AMBUSH = card("Test Ambush", "{1}{G}", "Sorcery",
                   StaticAbility("As long as you control a Forest, you may cast this spell as though it had flash.",
                                 rules=(CastPermission(this_object(), as_though_flash=True),),
                                 condition=condition("you control a Forest", _you_control_a_forest),
                                 zones=frozenset({Zone.HAND})),
                   spell=SpellAbility("As an additional cost to cast this spell, sacrifice a land. Draw two cards.",
                                      _ambush, additional=cost("Sacrifice a land")))
"""Test: a sorcery: "As long as you control a Forest, you may cast this spell as though it had flash. As an
additional cost to cast this spell, sacrifice a land. Draw two cards"."""


@check("601.3d@20260116.0@98311564", "601.5a@20260116.0@50d96493", "604.6@20260116.0@beb1793f")
def a_spell_with_flash_under_a_condition(expect: Expect) -> None:
    """状況: Bのターン。Aの手札に「あなたが森をコントロールしているかぎり、この呪文を瞬速を持つかのように唱えてもよい。追加コストとして
    土地1つを生け贄に捧げる。カードを2枚引く」テスト用ソーサリー。Aは《山》をコントロールしている。
    行動: Aが山を生け贄にして唱えようとする。次にAが《森》をコントロールしている状態で、その森を生け贄にして唱える。
    結果: 森がなければ瞬速を持つかのようには唱えられない。森があれば唱え始められ、支払いの途中で森がなくなって条件が満たされなく
    なっても、そのまま唱えられる。"""
    game = Game(["A", "B"])
    game.place(MOUNTAIN)
    game.next_turn("B")
    game.pass_priority_to("A")
    held = in_hand(game, TEST_AMBUSH)
    give_mana(game, "A", "{1}{G}")
    expect.refused(lambda: game.cast("A", held), "森がなければ、Bのターンには唱えられない")
    forest = game.place(FOREST, player="A")
    game.choices.script(ChoiceKind.OBJECT, forest, player="A")
    game.cast("A", held)
    expect.that(game.current(forest).zone is Zone.GRAVEYARD and len(game.stack) == 1,
                "森を生け贄に捧げて条件がなくなっても、唱えられた")
