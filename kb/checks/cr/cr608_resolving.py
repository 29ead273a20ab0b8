"""Resolving spells and abilities (608) and effects (609): the CR's examples — targets that
became illegal, choices made on resolution, actions done at once or one at a time,
characteristics an effect looks at, what an effect can reach, doing as much as possible."""

from __future__ import annotations

from kb.checks import cards, cards_basics
from kb.checks.cards import real
from kb.checks.cards_spells import NATURES_REVOLT, destroy_all
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    BlockersDeclared,
    CantEnter,
    CastPermission,
    ChoiceKind,
    ControlChanged,
    CostChange,
    Game,
    Number,
    Phase,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    at_beginning_of,
    becomes_color,
    becomes_types,
    blocks,
    card,
    control,
    cost,
    create_delayed,
    creatures,
    enters,
    gain,
    instructions,
    is_attacking,
    lands,
    objects,
    one_shot,
    permanents,
    target,
    target_creature,
    this_object,
    where,
    zones,
)
from kb.engine.targets import TargetSpec


def _thirst(resolution: Resolution) -> None:
    game = resolution.game
    victim = resolution.target
    if isinstance(victim, int) and resolution.source_id is not None:
        game.deal_damage(resolution.source_id, victim, 2)
    game.gain_life(resolution.controller, 2)


SORINS_THIRST = real("ソリンの渇き", card("Sorin's Thirst", "{B}{B}", "Instant", spell=SpellAbility(
    "Sorin's Thirst deals 2 damage to target creature and you gain 2 life.", _thirst, (target_creature(),))))


@check("608.2b@20260116.0@47734daf", "702.16b@20260116.0@a64c7873", "608.2n@20260116.0@3deb9504",
       example="608.2b#1@64b27832")
def a_spell_whose_only_target_became_illegal_does_nothing(expect: Expect) -> None:
    """状況: Bの《丘巨人》2体。Aの手札に《ソリンの渇き》2枚。
    行動: Aが1体目を対象に渇きを唱えて解決する。2体目を対象にもう1枚を唱え、解決する前に2体目がプロテクション（黒）を得る。
    結果: 1枚目は2点を与えてAは2点得る。2枚目は唯一の対象が不正になったので解決されず、ダメージも与えずライフも得られないまま
    墓地に置かれる。"""
    game = Game(["A", "B"])
    first = game.place(cards.HILL_GIANT, player="B")
    second = game.place(cards.HILL_GIANT, player="B")
    cast(game, "A", SORINS_THIRST, [first])
    expect.equal((game.view(first).damage, game.players["A"].life), (2, 22), "1枚目は2点与え、Aは2点得た")
    thirst = cast(game, "A", SORINS_THIRST, [second], resolve=False)
    game.create_effect("gains protection from black", [gain("protection from black")], [second], UntilEndOfTurn())
    game.resolve_stack()
    expect.equal((game.view(second).damage, game.players["A"].life), (0, 22),
                 "2枚目は解決されず、ダメージもライフの獲得もない")
    expect.that(thirst not in game.objects and len(game.graveyard("A")) == 2, "2枚目は墓地に置かれた")


def _destroy_both(resolution: Resolution) -> None:
    hit = dict.fromkeys(resolution.objects(0) + resolution.objects(1))  # each legal target, once
    resolution.game.destroy(*hit)


_NONBLACK = where("nonblack", lambda c, o: "B" not in o.colors, ("colors",), local=True)

PLAGUE_SPORES = real("疫病の胞子", card("Plague Spores", "{4}{B}{R}", "Sorcery", spell=SpellAbility(
    "Destroy target nonblack creature and target land. They can't be regenerated.", _destroy_both,
    (target(creatures() & _NONBLACK, "target nonblack creature"), target(lands(), "target land")))))
"""疫病の胞子; "can't be regenerated" is left out (nothing regenerates in these checks)."""

DRYAD_ARBOR = cards_basics.DRYAD_ARBOR


@check("608.2b@20260116.0@47734daf", "115.1@20260116.0@66d7c2ad", example="608.2b#2@5b308c17")
def parts_with_illegal_targets_do_nothing(expect: Expect) -> None:
    """状況: Bの《灰色熊》と《山》、そして《ドライアドの東屋》（森でもある1/1の土地クリーチャー）。
    行動: Aが熊と山を対象に《疫病の胞子》を唱え、解決前に熊が黒になる。次に東屋を「黒でないクリーチャー」としても「土地」としても
    対象にして唱え、解決前に東屋が黒になる。
    結果: 1枚目は山への部分だけが適正なので山は破壊され、不正な対象になった熊は破壊されない。2枚目の東屋は「土地」の対象としては
    適正なままなので、呪文は解決されて東屋は破壊される。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    mountain = game.place(MOUNTAIN, player="B")
    cast(game, "A", PLAGUE_SPORES, [bears, mountain], resolve=False)
    game.create_effect("becomes black", [becomes_color("B")], [bears], UntilEndOfTurn())
    game.resolve_stack()
    expect.that(game.current(mountain).zone is Zone.GRAVEYARD, "山は破壊された")
    expect.equal(game.obj(bears).zone, Zone.BATTLEFIELD, "黒になった熊は破壊されない")
    arbor = game.place(DRYAD_ARBOR, player="B")
    cast(game, "A", PLAGUE_SPORES, [arbor, arbor], resolve=False)
    game.create_effect("becomes black", [becomes_color("B")], [arbor], UntilEndOfTurn())
    game.resolve_stack()
    expect.that(game.current(arbor).zone is Zone.GRAVEYARD, "東屋は「土地」の部分で破壊された")


def _tithe(resolution: Resolution) -> None:
    if instructions.may_sacrifice(resolution.game, resolution.controller, creatures(), "sacrifice a creature") is None:
        resolution.game.lose_life(resolution.controller, 4)


TEST_TITHE = card("Test Tithe", "{B}", "Sorcery", spell=SpellAbility(
    "You may sacrifice a creature. If you don't, you lose 4 life.", _tithe))
"""Test: a sorcery: "You may sacrifice a creature. If you don't, you lose 4 life"."""


@check("608.2d@20260116.0@8300fc60", "701.21a@20260116.0@c2f68f6e", example="608.2d#1@da9d1d62")
def an_impossible_option_cannot_be_chosen(expect: Expect) -> None:
    """状況: Aはクリーチャーをコントロールしていない。Aの手札に「あなたはクリーチャー1体を生け贄に捧げてもよい。そうしないなら、
    あなたは4点のライフを失う」テスト用ソーサリー。
    行動: Aがそれを唱えて解決する。次にAが《灰色熊》をコントロールしている状態でもう1枚唱える。
    結果: 1枚目では生け贄に捧げるという選択肢は選べず、選択の余地なくAは4点失う。2枚目では選択になり、Aが生け贄を選ぶと熊が
    墓地に置かれ、ライフは失わない。"""
    game = Game(["A", "B"])
    cast(game, "A", TEST_TITHE)
    expect.equal(game.players["A"].life, 16, "生け贄を選べず、4点失った")

    def with_bears() -> tuple[Game, int]:
        game = Game(["A", "B"])
        bears = game.place(cards.GRIZZLY_BEARS)
        cast(game, "A", TEST_TITHE, resolve=False)
        return game, bears.id

    game, bears = with_bears()
    try:
        game.resolve_stack()
        expect.that(False, "クリーチャーがいれば選択になる")
    except UnscriptedChoice:
        expect.that(True, "クリーチャーがいれば、生け贄に捧げるかどうかはAの選択になる")
    game, bears = with_bears()
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.resolve_stack()
    expect.that(game.current(bears).zone is Zone.GRAVEYARD and game.players["A"].life == 20,
                "熊を生け贄に捧げ、ライフは失わなかった")


def _thievery(resolution: Resolution) -> None:
    taken = [t for i in range(len(resolution.legal)) for t in resolution.objects(i)]
    resolution.create_effect("gain control", [control(resolution.controller)], taken)


def _controlled_by(index: int) -> TargetSpec:
    def test(context: object, candidate: object) -> bool:
        from kb.engine.context import Context

        assert isinstance(context, Context)
        opponents = context.opponents(context.player("opponents"))
        return index < len(opponents) and getattr(candidate, "controller", None) == opponents[index]

    return target(permanents() & where(f"controlled by opponent {index + 1}", test, ("controller",)),
                  f"target permanent opponent {index + 1} controls")


BLATANT_THIEVERY = real("露骨な窃盗", card("Blatant Thievery", "{4}{U}{U}{U}", "Sorcery", spell=SpellAbility(
    "For each opponent, gain control of target permanent that player controls.", _thievery,
    (_controlled_by(0), _controlled_by(1)))))
"""露骨な窃盗, written for a game with two opponents (one target for each)."""


@check("608.2f@20260116.0@e9ce5dfe", "608.2c@20260116.0@a8a42e05", "613.1b@20260116.0@ef3441f2",
       example="608.2f#1@9cdf56c2")
def control_of_every_target_is_gained_at_once(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Bの《灰色熊》とCの《丘巨人》。
    行動: Aが熊と巨人を対象に《露骨な窃盗》を唱えて解決する。
    結果: Aは2つのパーマネントのコントロールを同時に得る：どちらもAのものになり、コントロールの変更は1つの出来事として起こる。"""
    game = Game(["A", "B", "C"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    giant = game.place(cards.HILL_GIANT, player="C")
    cast(game, "A", BLATANT_THIEVERY, [bears, giant])
    expect.equal((game.view(bears).controller, game.view(giant).controller), ("A", "A"), "Aが両方のコントロールを得た")
    changes = [i for i, e in enumerate(game.log) if isinstance(e, ControlChanged)]
    expect.that(len(changes) == 2 and changes[1] == changes[0] + 1, "2つのコントロールの変更は同時に起きた")


def _soulfire(resolution: Resolution) -> None:
    game = resolution.game
    source = resolution.source_id
    assert source is not None
    chosen = list(resolution.targets(0))

    def whose(target: object) -> str:
        return target if isinstance(target, str) else game.view(target).controller  # type: ignore[arg-type]

    for target_ in instructions.one_at_a_time(game, resolution.controller, chosen, whose, "the order to deal with the targets"):
        library = game.players[resolution.controller].library
        if not library:
            continue
        top = game.objects[library[-1]]
        value = game.view(top).mana_value
        game.exile(top)
        game.deal_damage(source, target_, value)


def _any_number_of_targets() -> TargetSpec:
    from kb.engine import any_target

    spec = any_target()
    return TargetSpec("any number of target creatures, planeswalkers, and/or players", spec.objects, spec.players,
                      None)


SOULFIRE_ERUPTION = real("魂火の噴火", card("Soulfire Eruption", "{6}{R}{R}{R}", "Sorcery", spell=SpellAbility(
    "Choose any number of target creatures, planeswalkers, and/or players. For each of them, exile the top card of "
    "your library, then Soulfire Eruption deals damage equal to that card's mana value to that permanent or player. "
    "You may play the exiled cards until the end of your next turn.", _soulfire, (_any_number_of_targets(),))))
"""魂火の噴火; playing the exiled cards is left out."""


@check("608.2f@20260116.0@e9ce5dfe", "608.2h@20260116.0@cb3c2a93", example="608.2f#2@12b5a50a")
def each_target_is_dealt_with_in_turn(expect: Expect) -> None:
    """状況: Bと、Bの《大喰らいのワーム》（6/4）。Aのライブラリーの一番上は《丘巨人》（マナ総量4）、その下は《灰色熊》（2）。
    行動: AがBとワームを対象に《魂火の噴火》を唱え、ワームを先に扱う順を選ぶ。別のゲームでは、Bを先に選ぶ。
    結果: 対象1つずつ、カードを追放してからダメージを与える。ワームが先なら巨人の4点でワームは死亡し、Bは熊の2点を受ける。
    Bが先ならBが4点、ワームは2点を受けて生き残る。"""
    def play(first: str) -> tuple[Game, int]:
        game = Game(["A", "B"])
        wurm = game.place(cards.CRAW_WURM, player="B")
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
        game.place(cards.HILL_GIANT, Zone.LIBRARY, "A")
        order = [wurm.id, "B"] if first == "wurm" else ["B", wurm.id]
        game.choices.script(ChoiceKind.ORDER, order, player="A")
        cast(game, "A", SOULFIRE_ERUPTION, [[wurm, "B"]])
        return game, wurm.id

    game, wurm = play("wurm")
    expect.that(game.current(wurm).zone is Zone.GRAVEYARD and game.players["B"].life == 18,
                "ワームが先：ワームは4点で死亡し、Bは2点")
    expect.equal(len(game.in_zone(Zone.EXILE, "A")), 2, "対象1つにつき1枚ずつ追放した")
    game, wurm = play("B")
    expect.that(game.obj(wurm).zone is Zone.BATTLEFIELD and game.view(wurm).damage == 2
                and game.players["B"].life == 16, "Bが先：Bは4点、ワームは2点で生き残る")


TEST_BLACK_PURGE = card("Test Black Purge", "{2}{W}", "Sorcery", spell=SpellAbility(
    "Destroy all black creatures.", destroy_all(creatures(colors=["B"]))))
"""Test: a sorcery: "Destroy all black creatures"."""

TEST_NONBLACK_PURGE = card("Test Nonblack Purge", "{2}{B}", "Sorcery", spell=SpellAbility(
    "Destroy all nonblack creatures.", destroy_all(creatures() & _NONBLACK)))
"""Test: a sorcery: "Destroy all nonblack creatures"."""

WHITE_AND_BLACK = card("Test Orzhov Knight", "{W}{B}", "Creature — Human Knight", 2, 2)
"""Test: a white and black 2/2."""


@check("608.2j@20260116.0@590b9820", example="608.2j#1@74a3761b")
def an_effect_checks_only_the_characteristic_it_names(expect: Expect) -> None:
    """状況: Aの白でも黒でもあるテスト用クリーチャーと、緑の《灰色熊》。
    行動: 「黒でないすべてのクリーチャーを破壊する」テスト用ソーサリーを唱え、次に「黒であるすべてのクリーチャーを破壊する」
    テスト用ソーサリーを唱える。
    結果: 1枚目では熊だけが破壊され、白でもあるクリーチャーは黒なので残る。2枚目では白でもあることにかかわらず黒なので破壊される。"""
    game = Game(["A", "B"])
    both = game.place(WHITE_AND_BLACK)
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", TEST_NONBLACK_PURGE)
    expect.that(game.current(bears).zone is Zone.GRAVEYARD and game.obj(both).zone is Zone.BATTLEFIELD,
                "黒でないものだけ：熊は破壊され、白黒のクリーチャーは残る")
    cast(game, "A", TEST_BLACK_PURGE)
    expect.that(game.current(both).zone is Zone.GRAVEYARD, "黒であるもの：白でもあるクリーチャーも破壊された")


def _bounce_at_end_of_combat(resolution: Resolution) -> None:
    game = resolution.game
    event = resolution.event
    source = resolution.source_id
    if source is None or not isinstance(event, BlockersDeclared):
        return
    blocked = event.blocks.get(source, ())  # "that creature": the one the trigger event names (608.2k)

    def bounce(delayed: Resolution) -> None:
        for attacker in blocked:
            obj = zones.still_in(game, attacker, Zone.BATTLEFIELD)
            if obj is not None:
                game.move(obj, Zone.HAND)

    create_delayed(game, "At end of combat, return that creature to its owner's hand.",
                   at_beginning_of(Step.END_OF_COMBAT, "each"), bounce, resolution.controller, source=source)


WALL_OF_TEARS = real("哀れみの壁", card(
    "Wall of Tears", "{1}{U}", "Creature — Wall", 0, 4, "defender",
    TriggeredAbility("Whenever Wall of Tears blocks a creature, return that creature to its owner's hand at end of "
                     "combat.", blocks(), _bounce_at_end_of_combat)))


@check("608.2k@20260116.0@d805f012", "506.4@20260116.0@ad1a49ed", example="608.2k#1@6a71ee4d")
def the_creature_the_trigger_names_is_returned_whatever_it_became(expect: Expect) -> None:
    """状況: Bの《灰色熊》が攻撃し、Aの《哀れみの壁》がブロックする。
    行動: 壁の誘発型能力が解決する前に、熊が効果でクリーチャーでないアーティファクトになる。
    戦闘終了ステップになる。
    結果: 熊は戦闘から取り除かれる。能力は誘発条件が示した熊を、クリーチャーでなくなっていてもオーナーの手札に戻す。"""
    game = Game(["A", "B"])
    wall = game.place(WALL_OF_TEARS)
    game.next_turn("B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({wall: bears})
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "壁の能力が誘発した")
    game.create_effect("becomes a noncreature artifact", [becomes_types("Artifact")], [bears], UntilEndOfTurn())
    expect.that(not game.view(bears).is_a("Creature") and not is_attacking(game, bears),
                "熊はクリーチャーでなくなり、戦闘から取り除かれた")
    game.advance_to(Step.END_OF_COMBAT)
    game.resolve_stack()
    expect.that(game.current(bears).zone is Zone.HAND, "それでも熊はオーナーの手札に戻った")


@check("609.2@20260116.0@4cb45d3f", "609.1@20260116.0@6b552d95", example="609.2#1@72dc10db")
def effects_apply_to_permanents_unless_they_say_otherwise(expect: Expect) -> None:
    """状況: Aの《自然の反乱》（すべての土地は2/2のクリーチャーでもある）と《抵抗の宝球》（呪文を唱えるためのコストは{1}多くなる）。
    戦場とAの墓地に《森》が1枚ずつ。Aの手札に《灰色熊》。
    行動: 森を見て、熊を唱える。
    結果: 戦場の森はクリーチャーだが墓地の森はそうではない。宝球は手札の熊のマナ・コストを変えず（マナ総量2のまま）、唱えられて
    スタックにある熊の呪文にだけ影響する：{2}{G}が必要。"""
    game = Game(["A", "B"])
    game.place(NATURES_REVOLT)
    game.place(cards.SPHERE_OF_RESISTANCE)
    on_field = game.place(FOREST)
    buried = game.place(FOREST, Zone.GRAVEYARD, "A")
    expect.that(game.view(on_field).is_a("Creature"), "戦場の森はクリーチャー")
    expect.that(not game.view(buried).is_a("Creature"), "墓地の森はクリーチャーではない")
    held = in_hand(game, cards.GRIZZLY_BEARS)
    expect.equal(game.view(held).mana_value, 2, "手札の熊のマナ総量は2のまま")
    give_mana(game, "A", "{1}{G}")
    expect.refused(lambda: game.cast("A", held), "呪文になると{1}多くかかるので、{1}{G}では唱えられない")
    give_mana(game, "A", "{1}")
    game.cast("A", held)
    expect.equal(game.players["A"].mana.total, 0, "{2}{G}を支払って唱えた")


def _mind_rot(resolution: Resolution) -> None:
    victim = resolution.target
    if isinstance(victim, str):
        instructions.discard_cards(resolution.game, victim, 2)


def _tome_scour(resolution: Resolution) -> None:
    victim = resolution.target
    if isinstance(victim, str):
        instructions.mill(resolution.game, victim, 5)


def _target_player() -> TargetSpec:
    from kb.engine import target_player

    return target_player()


MIND_ROT = real("精神腐敗", card("Mind Rot", "{2}{B}", "Sorcery", spell=SpellAbility(
    "Target player discards two cards.", _mind_rot, (_target_player(),))))

TOME_SCOUR = real("秘本掃き", card("Tome Scour", "{U}", "Sorcery", spell=SpellAbility(
    "Target player mills five cards.", _tome_scour, (_target_player(),))))


@check("609.3@20260116.0@0177ba41", "701.9b@20260116.0@f0f5c0fc", "701.17a@20260116.0@30e9c1ad",
       example="609.3#1@fba15a3e")
def an_effect_does_as_much_as_it_can(expect: Expect) -> None:
    """状況: Bの手札は1枚、ライブラリーは3枚。
    行動: AがBを対象に《精神腐敗》（カード2枚を捨てる）を唱え、次にBを対象に《秘本掃き》（カード5枚を切削する）を唱える。
    結果: Bは持っている1枚だけを捨てる。ライブラリーからは、あるだけの3枚が墓地に置かれる。"""
    game = Game(["A", "B"], library=3)
    game.place(cards.GRIZZLY_BEARS, Zone.HAND, "B")
    cast(game, "A", MIND_ROT, ["B"])
    expect.that(not game.hand("B") and len(game.graveyard("B")) == 1, "持っていた1枚だけを捨てた")
    cast(game, "A", TOME_SCOUR, ["B"])
    expect.that(not game.players["B"].library and len(game.graveyard("B")) == 4, "ライブラリーのあるだけの3枚が墓地へ")


WORMS_OF_THE_EARTH = card(
    "Worms of the Earth", "{2}{B}{B}{B}", "Enchantment",
    StaticAbility("Players can't play lands. Lands can't enter the battlefield.",
                  rules=(CantEnter(permanents("Land")),)))
"""Worms of the Earth (never printed in Japanese; named by its English name); "players can't play lands" and its
upkeep ability are left out."""


@check("608.3e@20260116.0@c342c7e6", "614.17d@20260116.0@ef31a725", "608.3a@20260116.0@25b0bbdd",
       "614.17@20260116.0@d42f1cb5", "608.3@20260116.0@1b103e58",
       example="608.3e#1@09ee1147")
def a_permanent_spell_that_cannot_enter_goes_to_the_graveyard(expect: Expect) -> None:
    """状況: Bの「土地は戦場に出られない」エンチャント（英語名 Worms of the Earth）と、Aの《ドライアドの東屋》（土地クリーチャー）、
    《灰色熊》。Aの手札に《クローン》2枚。
    行動: Aがクローンを唱え、熊のコピーとして戦場に出ることを選ぶ。次にもう1枚を唱え、東屋のコピーを選ぶ。
    結果: 熊のコピーは戦場に出る。東屋のコピーは戦場に出るときには土地なので戦場に出られず、クローンはオーナーの墓地に置かれる。"""
    game = Game(["A", "B"])
    game.place(WORMS_OF_THE_EARTH, player="B")
    arbor = game.place(DRYAD_ARBOR)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    first = cast(game, "A", cards.CLONE)
    expect.equal(game.view(first).name, "Grizzly Bears", "熊のコピーとして戦場に出た")
    game.choices.script(ChoiceKind.OBJECT, arbor, player="A")
    second = cast(game, "A", cards.CLONE)
    expect.that(game.current(second).zone is Zone.GRAVEYARD, "東屋のコピーは土地なので出られず、墓地に置かれた")


def _banish(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None:
        one_shot.exile_until_leaves(resolution.game, resolution.objects(0), source)


BANISHER_PRIEST = real("放逐する僧侶", card(
    "Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric", 2, 2,
    TriggeredAbility("When Banisher Priest enters, exile target creature an opponent controls until Banisher Priest "
                     "leaves the battlefield.", enters(), _banish, (target_creature(controller="opponent"),))))

DAY_OF_JUDGMENT = real("審判の日", card("Day of Judgment", "{2}{W}{W}", "Sorcery", spell=SpellAbility(
    "Destroy all creatures.", destroy_all(creatures()))))


@check("610.3d@20260116.0@f5353d48", "610.3@20260116.0@0ff4491c", "610.3c@20260116.0@ae0316b2",
       example="610.3d#1@9b5c3342")
def cards_exiled_until_are_returned_together(expect: Expect) -> None:
    """状況: Aの《放逐する僧侶》2体が、それぞれBの《魂の管理人》（他のクリーチャーが戦場に出るたび1点のライフを得る）を1体ずつ
    追放している。
    行動: Aが《審判の日》を唱え、すべてのクリーチャーが同時に破壊される。
    結果: 僧侶が戦場を離れた直後に、追放されていた2枚は同時にオーナーのBのコントロールで戦場に戻る：それぞれがもう一方の
    戦場に出たことを見て、Bは2点得る。"""
    from kb.checks.cards_spells import SOUL_WARDEN

    game = Game(["A", "B"])
    wardens = [game.place(SOUL_WARDEN, player="B") for _ in range(2)]
    for warden in wardens:
        game.put_onto_battlefield(BANISHER_PRIEST, "A")
        game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="B")
        game.choices.script(ChoiceKind.TARGETS, warden, player="A")
        game.resolve_stack()
    expect.that(all(game.current(w).zone is Zone.EXILE for w in wardens), "2体の管理人は追放されている")
    life = game.players["B"].life
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice: list(choice.items), player="B")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="B")
    cast(game, "A", DAY_OF_JUDGMENT)
    back = [game.current(w) for w in wardens]
    expect.that(all(w.zone is Zone.BATTLEFIELD and game.view(w).controller == "B" for w in back),
                "2体ともBのコントロールで戻った")
    expect.equal(game.players["B"].life - life, 2, "同時に戻ったので、それぞれがもう一方を見て2点")


@check("610.3b@20260116.0@459b3384", "610.3@20260116.0@0ff4491c")
def nothing_is_exiled_when_the_event_came_first(expect: Expect) -> None:
    """状況: Bの《灰色熊》2体。
    行動: Aの《放逐する僧侶》が戦場に出て、能力で1体目を追放し、のちに僧侶が戦場を離れる。2体目の僧侶の能力が2体目を対象に
    スタックにある間に、その僧侶が破壊される。
    結果: 1体目は僧侶が離れた直後に戻る。2体目の能力では、戦場を離れるという出来事が誘発後すでに起きているので、熊は追放されない。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    priest = game.put_onto_battlefield(BANISHER_PRIEST, "A")
    assert priest is not None
    game.choices.script(ChoiceKind.TARGETS, first, player="A")
    game.resolve_stack()
    expect.equal(game.current(first).zone, Zone.EXILE, "1体目は追放された")
    game.destroy(priest)
    expect.equal(game.current(first).zone, Zone.BATTLEFIELD, "僧侶が離れた直後に戻った（スタックを使わない）")
    other = game.put_onto_battlefield(BANISHER_PRIEST, "A")
    assert other is not None
    game.choices.script(ChoiceKind.TARGETS, second, player="A")
    game.refresh_priority()
    game.destroy(other)
    game.resolve_stack()
    expect.equal(game.obj(second).zone, Zone.BATTLEFIELD, "誘発後に僧侶が離れていたので、2体目は追放されない")


def _attacked_with_this_turn(context: object) -> int:
    from kb.engine import history
    from kb.engine.context import Context

    assert isinstance(context, Context)
    return len(history.attacked_with_this_turn(context.game, context.player("creatures you attacked with")))


SEARCH_PARTY_CAPTAIN = real("捜索隊の隊長", card(
    "Search Party Captain", "{3}{W}", "Creature — Human Soldier", 2, 3,
    StaticAbility("This spell costs {1} less to cast for each creature you attacked with this turn.",
                  rules=(CostChange(this_object(), Number("-1 for each creature you attacked with this turn",
                                                           lambda c: -_attacked_with_this_turn(c))),),
                  zones=frozenset({Zone.STACK})),
    TriggeredAbility("When Search Party Captain enters, draw a card.", enters(), lambda r: r.game.draw(r.controller))))

BEAR_CUB = cards_basics.BEAR_CUB


@check("608.2i@20260116.0@4580d8c6", "601.2f@20260116.0@2220e1e2", "604.5@20260116.0@a0e6835e",
       example="608.2i#1@26fcbfd3")
def a_look_back_counts_what_was_true_then(expect: Expect) -> None:
    """状況: Aの《仔熊》。
    行動: Aが仔熊で攻撃し、戦闘のあと効果で仔熊がクリーチャーでないアーティファクトになる。第2メイン・フェイズにAが
    《捜索隊の隊長》（このターンにあなたが攻撃させたクリーチャー1体につき{1}少なくなる、{3}{W}）を唱える。
    結果: 仔熊はもうクリーチャーではないが、攻撃させたクリーチャー1体と数えるので、隊長は{2}{W}で唱えられる。"""
    game = Game(["A", "B"])
    cub = game.place(BEAR_CUB)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([cub])
    game.advance_to(Step.END_OF_COMBAT)
    game.create_effect("becomes a noncreature artifact", [becomes_types("Artifact")], [cub], UntilEndOfTurn())
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.that(not game.view(cub).is_a("Creature"), "仔熊はクリーチャーでなくなった")
    captain = in_hand(game, SEARCH_PARTY_CAPTAIN)
    give_mana(game, "A", "{1}{W}")
    expect.refused(lambda: game.cast("A", captain), "{1}{W}では足りない")
    give_mana(game, "A", "{1}")
    game.cast("A", captain)
    expect.equal(game.players["A"].mana.total, 0, "攻撃した仔熊1体ぶん{1}少ない{2}{W}で唱えた")


@check("608.3b@20260116.0@976a4c80", "608.3c@20260116.0@7cd7e27b", "608.2b@20260116.0@47734daf",
       "303.4a@20260116.0@a6ec3e5b")
def an_aura_spell_checks_its_target(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。Aの手札に《聖なる力》（エンチャントしているクリーチャーは+1/+2）2枚。
    行動: 1体目を対象に唱えて解決する。2体目を対象にもう1枚を唱え、解決前に2体目が破壊される。
    結果: 1枚目は対象についた状態で戦場に出て、熊は3/4。2枚目は対象が不正になったので解決されず、オーナーの墓地に置かれる。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    aura = cast(game, "A", cards.HOLY_STRENGTH, [first])
    expect.that(game.view(aura).attached_to == first.id and game.view(first).pt == (3, 4),
                "オーラは対象についた状態で出て、熊は3/4")
    other = cast(game, "A", cards.HOLY_STRENGTH, [second], resolve=False)
    game.destroy(second)
    game.resolve_stack()
    expect.that(game.current(other).zone is Zone.GRAVEYARD, "対象が不正になったオーラは墓地に置かれた")


TEST_ORRERY = card("Test Orrery", "{4}", "Artifact", StaticAbility(
    "You may cast spells as though they had flash.", rules=(CastPermission(objects(zones=tuple(Zone)),
                                                                           as_though_flash=True),)))
"""Test: an artifact: "You may cast spells as though they had flash" (like Vedalken Orrery)."""

TEST_GRAVE_CALLER = card("Test Grave Caller", "{3}{B}", "Enchantment", StaticAbility(
    "You may cast creature spells from your graveyard.", rules=(CastPermission(objects("Creature", zones=tuple(Zone)),
                                                                               Zone.GRAVEYARD),)))
"""Test: an enchantment: "You may cast creature spells from your graveyard"."""


@check("609.4a@20260116.0@3f427a1d", "609.4@20260116.0@d5dc5c50", "601.3@20260116.0@dec4acd5")
def two_as_though_effects_apply_together(expect: Expect) -> None:
    """状況: Aの「あなたはすべての呪文を瞬速を持つかのように唱えてもよい」テスト用アーティファクトと「あなたは墓地からクリーチャー・
    呪文を唱えてもよい」テスト用エンチャント。Aの墓地に《灰色熊》。Bのターン。
    行動: Aが墓地から熊を唱える。解決した熊を見る。
    結果: 2つの「かのように」の効果はどちらも適用され、Bのターンに墓地から唱えられる。瞬速を持つかのように扱うのはその効果のため
    だけで、熊自身は瞬速を持たない。"""
    game = Game(["A", "B"])
    game.place(TEST_ORRERY)
    game.place(TEST_GRAVE_CALLER)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    game.next_turn("B")
    game.pass_priority_to("A")
    give_mana(game, "A", "{1}{G}")
    spell = game.cast("A", bears)
    game.resolve_stack()
    expect.equal(game.obj(spell).zone, Zone.BATTLEFIELD, "Bのターンに墓地から唱えて戦場に出た")
    expect.that(not game.view(spell).has("flash"), "熊自身は瞬速を持たない")


def _exile_until_this_leaves(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None:
        one_shot.exile_until_leaves(resolution.game, resolution.objects(0), source)


TEST_JAILER = card("Test Jail Tower", "{2}{W}", "Artifact", ActivatedAbility(
    "{0}: Exile target creature an opponent controls until this artifact leaves the battlefield.", cost("{0}"),
    _exile_until_this_leaves, (target_creature(controller="opponent"),)))
"""Test: an artifact: "{0}: Exile target creature an opponent controls until this artifact leaves the battlefield"."""


@check("610.3a@20260116.0@d6c54067", "610.3@20260116.0@0ff4491c")
def an_activated_exile_until_does_nothing_if_the_event_came_first(expect: Expect) -> None:
    """状況: Aの「{0}：対戦相手がコントロールするクリーチャー1体を対象とし、このアーティファクトが戦場を離れるまで追放する」テスト用
    アーティファクト2つと、Bの《灰色熊》2体。
    行動: 1つ目の能力で1体目を追放する。2つ目の能力を2体目を対象に起動し、解決前に2つ目のアーティファクトが破壊される。
    結果: 1体目は追放される。2つ目は起動後にアーティファクトが戦場を離れたので、熊は追放されない。"""
    game = Game(["A", "B"])
    tower = game.place(TEST_JAILER)
    other = game.place(TEST_JAILER)
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    game.activate("A", tower, targets=[first])
    game.resolve_stack()
    expect.equal(game.current(first).zone, Zone.EXILE, "1体目は追放された")
    game.activate("A", other, targets=[second])
    game.destroy(other)
    game.resolve_stack()
    expect.equal(game.obj(second).zone, Zone.BATTLEFIELD, "起動後に離れていたので2体目は追放されない")
