"""Replacement effects (614), prevention effects (615) and their interaction (616): the CR's
examples — each effect once, an effect that doesn't apply to its own permanent, shields that
must exist before the damage, fixed-amount prevention per event, shields made at resolution,
the affected player choosing, copy effects first."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards, cards_basics
from kb.checks.cards import real
from kb.checks.cards_spells import VOICE_OF_ALL, pinger
from kb.checks.cr.cr614_replacement import REST_IN_PEACE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Number,
    Replacement,
    Resolution,
    Shield,
    SpellAbility,
    StaticAbility,
    UntilEndOfTurn,
    Zone,
    becomes_color,
    card,
    cards_in,
    cost,
    creatures,
    defines_pt,
    enters_tapped,
    lose_all_abilities,
    modify_pt,
    prevent_damage,
    prevention,
    regeneration,
    replacement,
    target_creature,
    this_object,
    where,
)
from kb.engine.cardtypes import CardType
from kb.engine.replacement import (
    Category,
    CreateTokens,
    Damage,
    Draw,
    GainLife,
    Move,
    PutCounters,
    ReplacementContext,
)
from kb.engine.zones import move_all


def _double_from_your_creatures() -> Replacement:
    def applies(context: ReplacementContext, damage: Damage) -> bool:
        source = context.game.last_known_view(damage.source)
        return source.is_a("Creature") and source.controller == context.context.you

    return Replacement("If a creature you control would deal damage to a permanent or player, it deals double that "
                       "damage instead.", Damage, applies, lambda c, d: with_changes(d, amount=d.amount * 2))


GRATUITOUS_VIOLENCE = real("理由なき暴力", card(
    "Gratuitous Violence", "{2}{R}{R}{R}", "Enchantment",
    StaticAbility("If a creature you control would deal damage to a permanent or player, it deals double that "
                  "damage to that permanent or player instead.", replacements=(_double_from_your_creatures(),))))


@check("614.5@20260116.0@98d63c84", "614.1a@20260116.0@200be777", "614.1@20260116.0@dcd75fcd",
       "614.2@20260116.0@b4ed9f49", example="614.5#1@e867ba88")
def two_doublers_make_two_damage_eight(expect: Expect) -> None:
    """状況: Aの《理由なき暴力》（あなたがコントロールするクリーチャーがダメージを与えるなら、代わりにその2倍を与える）が1つ、
    のちに2つ。Aの《灰色熊》。
    行動: 熊がBに2点のダメージを与える（1つのとき、2つのとき）。
    結果: 1つなら4点。2つなら各置換効果がこのダメージに1回ずつ適用されて8点になる（4点でも、無限でもない）。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(GRATUITOUS_VIOLENCE)
    game.deal_damage(bears, "B", 2)
    expect.equal(game.players["B"].life, 16, "1つなら2倍の4点")
    game.place(GRATUITOUS_VIOLENCE)
    game.deal_damage(bears, "B", 2)
    expect.equal(game.players["B"].life, 8, "2つならそれぞれ1回ずつ適用されて8点")


ORB_OF_DREAMS = real("夢の宝珠", card(
    "Orb of Dreams", "{3}", "Artifact",
    StaticAbility("Permanents enter tapped.", replacements=(Replacement(
        "Permanents enter tapped.", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD,
        lambda c, m: with_changes(m, tapped=True)),))))


@check("614.12@20260116.0@7f67dc9f", "614.1d@20260116.0@f05cc7be", example="614.12#3@a0451038")
def orb_of_dreams_does_not_affect_itself(expect: Expect) -> None:
    """状況: Aの手札に《夢の宝珠》（すべてのパーマネントはタップ状態で戦場に出る）と《灰色熊》。
    行動: Aが宝珠を唱えて解決し、次に熊を唱えて解決する。
    結果: 宝珠はそれ自身に影響しないのでアンタップ状態で出る。そのあと出た熊はタップ状態で出る。"""
    game = Game(["A", "B"])
    orb = cast(game, "A", ORB_OF_DREAMS)
    expect.that(not game.view(orb).tapped, "宝珠自身はアンタップ状態で出た")
    bears = cast(game, "A", cards.GRIZZLY_BEARS)
    expect.that(game.view(bears).tapped, "そのあとの熊はタップ状態で出た")


def _shield_target(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, int):
        shield = Shield(3, chosen)
        resolution.create_effect("prevent the next 3 damage to it this turn",
                                 replacements=[shield.replacement("Prevent the next 3 damage to it this turn.")],
                                 duration=UntilEndOfTurn())


TEST_MEND = card("Test Mend", "{W}", "Instant", spell=SpellAbility(
    "Prevent the next 3 damage that would be dealt to target creature this turn.", _shield_target,
    (target_creature(),)))
"""Test: an instant: "Prevent the next 3 damage that would be dealt to target creature this turn"."""


@check("615.4@20260116.0@fa4181cc", "615.7@20260116.0@2a64a76e", "615.3@20260116.0@a1a2bee6",
       example="615.4#1@f435797f")
def a_shield_must_be_there_before_the_damage(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《大蜘蛛》（2/4）。
    行動: Bが熊に《稲妻》を唱え、それに対応してAが熊を対象に「このターン、次に与えられる3点のダメージを軽減する」テスト用
    インスタントを唱える。次にBが蜘蛛に稲妻を唱えて解決し、そのあとでAが蜘蛛にそのインスタントを唱える。
    結果: 対応して唱えた軽減は先に解決して稲妻の3点を軽減し、熊は生き残る。蜘蛛に与えられた3点は、あとから唱えた軽減では
    取り消されない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    spider = game.place(cards.GIANT_SPIDER)
    game.pass_priority_to("B")
    cast(game, "B", cards.LIGHTNING_BOLT, [bears], resolve=False)
    cast(game, "A", TEST_MEND, [bears])
    expect.that(game.obj(bears).zone is Zone.BATTLEFIELD and game.view(bears).damage == 0,
                "対応して唱えた軽減が稲妻の3点を軽減し、熊は生き残った")
    game.pass_priority_to("B")
    cast(game, "B", cards.LIGHTNING_BOLT, [spider])
    cast(game, "A", TEST_MEND, [spider])
    expect.equal(game.view(spider).damage, 3, "与えられたあとのダメージは、あとからの軽減では取り消されない")


def _prevent_one_to_your_clerics() -> Replacement:
    def applies(context: ReplacementContext, damage: Damage) -> bool:
        recipient = damage.recipient
        if isinstance(recipient, str) or recipient not in context.game.objects:
            return False
        view = context.game.view(recipient)
        return view.is_a("Creature") and "Cleric" in view.subtypes and view.controller == context.context.you

    return Replacement("If a source would deal damage to a Cleric creature you control, prevent 1 of that damage.",
                       Damage, applies, lambda c, d: with_changes(d, amount=max(0, d.amount - 1)), prevention=True)


DAUNTING_DEFENDER = real("圧倒する防衛者", card(
    "Daunting Defender", "{4}{W}", "Creature — Human Cleric", 3, 3,
    StaticAbility("If a source would deal damage to a Cleric creature you control, prevent 1 of that damage.",
                  replacements=(_prevent_one_to_your_clerics(),))))


def _pyroclasm(resolution: Resolution) -> None:
    game = resolution.game
    source = resolution.source_id
    assert source is not None
    from kb.engine import damage

    damage.deal(game, [(source, c.id, 2) for c in game.creatures()])


PYROCLASM = real("紅蓮地獄", card("Pyroclasm", "{1}{R}", "Sorcery", spell=SpellAbility(
    "Pyroclasm deals 2 damage to each creature.", _pyroclasm)))


@check("615.10@20260116.0@8732d10b", "615.1a@20260116.0@34219692", example="615.10#1@e18bbdf8")
def a_fixed_amount_is_prevented_from_each_event(expect: Expect) -> None:
    """状況: Aの《圧倒する防衛者》（クレリック、3/3：あなたのクレリックにダメージが与えられるなら1点軽減する）と、クレリックの
    テスト用2/2、《灰色熊》。
    行動: Aが《紅蓮地獄》（各クリーチャーに2点）を唱える。
    結果: 同時のダメージでも、軽減は各ダメージ・イベントに別々に適用される：クレリック2体は1点ずつ、熊は2点受けて死亡する。"""
    game = Game(["A", "B"])
    defender = game.place(DAUNTING_DEFENDER)
    acolyte = game.place(card("Test Acolyte", "{1}{W}", "Creature — Human Cleric", 2, 2))
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", PYROCLASM)
    expect.equal((game.view(defender).damage, game.view(acolyte).damage), (1, 1), "クレリックはそれぞれ1点だけ受けた")
    expect.that(game.current(bears).zone is Zone.GRAVEYARD, "熊は2点受けて死亡した")


def _radiance(resolution: Resolution) -> None:
    game = resolution.game
    chosen = resolution.target
    if not isinstance(chosen, int):
        return

    def it_or_sharing_a_color(context: object, candidate: object) -> bool:
        colors = game.view(chosen).colors if chosen in game.objects else frozenset()
        return getattr(candidate, "id", None) == chosen or bool(colors & getattr(candidate, "colors", frozenset()))

    prevention.shield_each(resolution, creatures() & where("it and each other creature that shares a color with it",
                                                           it_or_sharing_a_color, ("colors",)),
                           1, UntilEndOfTurn(), "Prevent the next 1 damage to it this turn.")


WOJEK_APOTHECARY = real("ウォジェクの薬剤師", card(
    "Wojek Apothecary", "{2}{W}{W}", "Creature — Human Cleric", 1, 1,
    ActivatedAbility("Radiance — {T}: Prevent the next 1 damage that would be dealt to target creature and each other "
                     "creature that shares a color with it this turn.", cost("{T}"), _radiance, (target_creature(),))))


@check("615.11@20260116.0@cb8f2b51", "615.7@20260116.0@2a64a76e", example="615.11#1@707965d5")
def shields_for_untargeted_creatures_are_made_as_it_resolves(expect: Expect) -> None:
    """状況: Aの《ウォジェクの薬剤師》（前のターンから）、白の《サバンナ・ライオン》と《若年の騎士》、緑の《灰色熊》。
    行動: 薬剤師の能力でライオンを対象にして解決する。そのあと騎士が緑に、熊が白になり、白の《セラの天使》が戦場に出る。
    それぞれに1点のダメージが与えられる。
    結果: 盾は解決したときにライオンと白だった騎士（と薬剤師自身）に作られる。あとで緑になった騎士の盾は残り、白になった熊や
    あとから出た天使は盾を持たない。"""
    from kb.checks.cr.cr611_continuous_effects import SAVANNAH_LIONS

    game = Game(["A", "B"])
    apothecary = game.place(WOJEK_APOTHECARY)
    lions = game.place(SAVANNAH_LIONS)
    knight = game.place(cards.YOUTHFUL_KNIGHT)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.activate("A", apothecary, targets=[lions])
    game.resolve_stack()
    game.create_effect("becomes green", [becomes_color("G")], [knight], UntilEndOfTurn())
    game.create_effect("becomes white", [becomes_color("W")], [bears], UntilEndOfTurn())
    angel = game.put_onto_battlefield(cards.SERRA_ANGEL, "A")
    assert angel is not None
    source = game.place(card("Test Ember", "{R}", "Creature — Elemental", 1, 1, pinger("Test Ember")), player="B")
    for victim in (lions, knight, bears, angel):
        game.deal_damage(source, victim, 1)
    expect.equal((game.view(lions).damage, game.view(knight).damage), (0, 0), "ライオンと騎士の1点は軽減された")
    expect.equal((game.view(bears).damage, game.view(angel).damage), (1, 1), "あとで白になった熊と、あとから出た天使は盾がない")


def _shuffle_instead_of_dying() -> Replacement:
    def applies(context: ReplacementContext, move: Move) -> bool:
        source = context.context.source
        obj = context.game.objects.get(move.object_id)
        return (source is not None and move.object_id == source.id and obj is not None
                and obj.zone is Zone.BATTLEFIELD and move.to_zone is Zone.GRAVEYARD)

    return Replacement("If this creature would die, shuffle it into its owner's library instead.", Move, applies,
                       lambda c, m: with_changes(m, to_zone=Zone.LIBRARY))


SHUFFLING_GOLEM = card("Test Shuffling Golem", "{4}", "Artifact Creature — Golem", 3, 3, StaticAbility(
    "If this creature would die, shuffle it into its owner's library instead.", replacements=(_shuffle_instead_of_dying(),)))
"""Test: a 3/3 with "If this creature would die, shuffle it into its owner's library instead"."""


@check("616.1f@20260116.0@02e1e71a", "616.1@20260116.0@9ab1548c", "616.1e@20260116.0@c87a8e3f",
       "609.6@20260116.0@4f5c1d4a",
       example="616.1f#1@e8b2f6ca")
def the_controller_chooses_and_the_other_no_longer_applies(expect: Expect) -> None:
    """状況: Bの《安らかなる眠り》（カードが墓地に置かれるなら、代わりに追放する）と、Aの「このクリーチャーが死亡するなら、
    代わりにオーナーのライブラリーに加えて切り直す」テスト用クリーチャー。
    行動: クリーチャーが破壊される。Aが眠りを先に選ぶゲームと、自身の効果を先に選ぶゲームを比べる。
    結果: どちらを先に適用するかはそのコントローラーのAが選ぶ。眠りが先なら追放され、もう墓地に行かないのでクリーチャーの
    効果は何もしない。クリーチャーの効果が先ならライブラリーに入り、眠りは何もしない。"""
    for first, zone in (("If it would be put into a graveyard, exile it instead.", Zone.EXILE),
                        ("If this creature would die, shuffle it into its owner's library instead.", Zone.LIBRARY)):
        game = Game(["A", "B"])
        game.place(REST_IN_PEACE, player="B")
        golem = game.place(SHUFFLING_GOLEM)
        game.choices.script(ChoiceKind.REPLACEMENT, first, player="A")
        game.destroy(golem)
        expect.equal(game.current(golem).zone, zone, f"Aが先に選んだ効果だけが適用された（{zone.value}）")


def _enter_as_a_copy_of_this() -> Replacement:
    def applies(context: ReplacementContext, move: Move) -> bool:
        game = context.game
        source = context.context.source
        obj = game.objects.get(move.object_id)
        if source is None or obj is None or move.to_zone is not Zone.BATTLEFIELD or move.object_id == source.id:
            return False
        return CardType.CREATURE in obj.printed.types and (move.controller or obj.owner) == context.context.you

    def replace(context: ReplacementContext, move: Move) -> Move:
        source = context.context.source
        assert source is not None
        return with_changes(move, copy_of=context.game.views()[source.id].copy_values())

    return Replacement("Creatures you control enter as a copy of Essence of the Wild.", Move, applies, replace,
                       Category.COPY)


ESSENCE_OF_THE_WILD = real("荒れ野の本質", card(
    "Essence of the Wild", "{3}{G}{G}{G}", "Creature — Avatar", 6, 6,
    StaticAbility("Creatures you control enter as a copy of Essence of the Wild.",
                  replacements=(_enter_as_a_copy_of_this(),))))

RUSTED_SENTINEL = real("錆びた歩哨", card(
    "Rusted Sentinel", "{4}", "Artifact Creature — Golem", 3, 4,
    StaticAbility("Rusted Sentinel enters tapped.", replacements=(enters_tapped("Rusted Sentinel enters tapped."),))))


@check("616.1f@20260116.0@02e1e71a", "616.1c@20260116.0@3cc1c665", "614.12@20260116.0@7f67dc9f",
       "613.1a@20260116.0@569ef144",
       example="616.1f#2@ee49e398")
def entering_as_a_copy_removes_enters_tapped(expect: Expect) -> None:
    """状況: Aの手札に《錆びた歩哨》（タップ状態で戦場に出る）2枚。
    行動: Aが歩哨を唱える。次に《荒れ野の本質》（あなたがコントロールするクリーチャーは、これのコピーとして戦場に出る）を出して
    から、もう1枚の歩哨を唱える。
    結果: 1枚目はタップ状態で出る。2枚目はコピー効果が先に適用され、タップ状態で出る能力はもうないので、本質のコピーとして
    アンタップ状態で出る。"""
    game = Game(["A", "B"])
    first = cast(game, "A", RUSTED_SENTINEL)
    expect.that(game.view(first).tapped, "本質がなければタップ状態で出る")
    game.place(ESSENCE_OF_THE_WILD)
    second = cast(game, "A", RUSTED_SENTINEL)
    view = game.view(second)
    expect.equal((view.name, view.pt), ("Essence of the Wild", (6, 6)), "本質のコピーとして出た")
    expect.that(not view.tapped, "タップ状態で出る能力はもうないので、アンタップ状態で出た")


__all__ = ["GRATUITOUS_VIOLENCE"]


def _draw_instead_of_gaining() -> Replacement:
    return Replacement("If you would gain life, draw a card instead.", GainLife,
                       lambda c, e: e.player == c.context.you, lambda c, e: Draw(e.player))


def _return_instead_of_drawing() -> Replacement:
    def applies(context: ReplacementContext, draw: Draw) -> bool:
        return draw.player == context.context.you and bool(context.game.graveyard(draw.player))

    def instead(context: ReplacementContext, draw: Draw) -> Move:
        from kb.engine.choices import Choice

        game = context.game
        cards_there = tuple(o.id for o in game.graveyard(draw.player))
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, draw.player, "a card in your graveyard to return",
                                         cards_there))
        assert isinstance(chosen, int)
        return Move(chosen, Zone.HAND)

    return Replacement("If you would draw a card, return a card from your graveyard to your hand instead.", Draw,
                       applies, instead, pure=False)


TEST_SCHOLARSHIP = card("Test Scholarship", "{1}{U}", "Enchantment", StaticAbility(
    _draw_instead_of_gaining().text, replacements=(_draw_instead_of_gaining(),)))
"""Test: an enchantment: "If you would gain life, draw a card instead"."""

TEST_RECALL = card("Test Recall", "{1}{B}", "Enchantment", StaticAbility(
    _return_instead_of_drawing().text, replacements=(_return_instead_of_drawing(),)))
"""Test: an enchantment: "If you would draw a card, return a card from your graveyard to your hand instead"."""


@check("616.2@20260116.0@c237b3b6", "616.1f@20260116.0@02e1e71a", "614.6@20260116.0@18464782",
       example="616.2#1@243acdd7")
def a_replaced_event_can_be_replaced_again(expect: Expect) -> None:
    """状況: Aの「あなたがライフを得るなら、代わりにカード1枚を引く」と「あなたがカード1枚を引くなら、代わりにあなたの墓地にある
    カード1枚を手札に戻す」のテスト用エンチャント2つ。Aの墓地に《灰色熊》。
    行動: Aが1点のライフを得る。
    結果: ライフを得る代わりの「引く」に、もう1つの置換効果が適用できるようになり、結局Aは熊を手札に戻す：ライフは増えず、
    ライブラリーから引きもしない。"""
    game = Game(["A", "B"])
    game.place(TEST_SCHOLARSHIP)
    game.place(TEST_RECALL)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    library = len(game.players["A"].library)
    game.gain_life("A", 1)
    expect.that(game.current(bears).zone is Zone.HAND, "熊が手札に戻った")
    expect.equal((game.players["A"].life, len(game.players["A"].library)), (20, library), "ライフも得ず、引きもしない")


YIXLID_JAILER = real("イクスリッドの看守", card(
    "Yixlid Jailer", "{1}{B}", "Creature — Zombie Wizard", 2, 1,
    StaticAbility("Cards in graveyards lose all abilities.", (lose_all_abilities(),), cards_in(Zone.GRAVEYARD))))

SCARWOOD_TREEFOLK = cards.SCARWOOD_TREEFOLK


@check("614.12@20260116.0@7f67dc9f", "614.1c@20260116.0@ce0a08eb", example="614.12#2@d79de1d8")
def enters_tapped_is_read_as_it_would_be_on_the_battlefield(expect: Expect) -> None:
    """状況: Bの《イクスリッドの看守》（墓地にあるすべてのカードはすべての能力を失う）。Aの墓地に《スカーウッドのツリーフォーク》
    （タップ状態で戦場に出る）。
    行動: 効果がツリーフォークを墓地から戦場に出す。
    結果: 墓地では能力を持たないが、出方を変える置換効果は戦場に出たときの姿で判断されるので、タップ状態で戦場に出る。"""
    game = Game(["A", "B"])
    game.place(YIXLID_JAILER, player="B")
    treefolk = game.place(SCARWOOD_TREEFOLK, Zone.GRAVEYARD, "A")
    expect.equal(game.view(treefolk).abilities, (), "墓地のツリーフォークは能力を持たない")
    entered = game.put_onto_battlefield(treefolk, "A")
    assert entered is not None
    expect.that(game.view(entered).tapped, "それでもタップ状態で戦場に出た")


def _exile_creature_cards_as_it_enters() -> Replacement:
    def instead(context: ReplacementContext, move: Move) -> Move:
        from kb.engine.choices import Choice

        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        views = game.views()
        options = tuple(o.id for o in game.graveyard(player)
                        if views[o.id].is_a("Creature") and replacement.may_choose_to_move(move, o.id))
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "any number of creature cards to exile", options,
                                         accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == len(v)
                                         and all(getattr(x, "id", x) in options for x in v), default=()))
        picked = [game.objects[getattr(x, "id", x)] for x in chosen]  # type: ignore[attr-defined]
        exiled = [m.id for m in move_all(game, picked, Zone.EXILE) if m is not None]
        return with_changes(move, choices=(*move.choices, ("exiled with Sutured Ghoul", tuple(exiled))))

    return Replacement("As Sutured Ghoul enters, exile any number of creature cards from your graveyard.", Move,
                       lambda c, m: m.to_zone is Zone.BATTLEFIELD, instead, pure=False, entering_self=True)


def _exiled_total(which: str) -> Number:
    def total(context: object) -> int:
        from kb.engine.context import Context

        assert isinstance(context, Context)
        source = context.source
        if source is None:
            return 0
        game = context.game
        noted = game.objects[source.id].chosen.get("exiled with Sutured Ghoul", ()) if source.id in game.objects else ()
        exiled = [i for i in noted if isinstance(i, int) and i in game.objects] if isinstance(noted, tuple) else []
        return sum(int(getattr(game.objects[i].printed, which) or 0) for i in exiled)

    return Number(f"the total {which} of the exiled cards", total, frozenset())


SUTURED_GHOUL = real("縫合グール", card(
    "Sutured Ghoul", "{4}{B}{B}{B}", "Creature — Zombie", "*", "*", "trample",
    StaticAbility("As Sutured Ghoul enters, exile any number of creature cards from your graveyard.",
                  replacements=(_exile_creature_cards_as_it_enters(),)),
    StaticAbility("Sutured Ghoul's power is equal to the total power of the exiled cards and its toughness is equal to "
                  "their total toughness.", (defines_pt(_exiled_total("power"), _exiled_total("toughness")),),
                  this_object(), cda=True)))

RUNECLAW_BEAR = cards_basics.RUNECLAW_BEAR


@check("614.13a@20260116.0@b276cc7f", "614.13@20260116.0@899aadd6", "614.12a@20260116.0@69deb718",
       "607.2b@20260116.0@0a765564", "614.14@20260116.0@910c154f",
       example="614.13a#1@34ecad26")
def a_card_entering_at_the_same_time_cannot_be_chosen(expect: Expect) -> None:
    """状況: Aの墓地に《縫合グール》（戦場に出るに際し、あなたの墓地から好きな枚数のクリーチャー・カードを追放する。パワーと
    タフネスは追放したカードの合計）、《ルーン爪の熊》、《丘巨人》。
    行動: 効果がグールと熊を同時に墓地から戦場に出す。グールは追放するカードを選ぶ。
    結果: 同時に戦場に出る熊は選べず、選べるのは巨人だけ。巨人を追放してグールは3/3で、熊も戦場に出る。"""
    game = Game(["A", "B"])
    ghoul = game.place(SUTURED_GHOUL, Zone.GRAVEYARD, "A")
    bear = game.place(RUNECLAW_BEAR, Zone.GRAVEYARD, "A")
    giant = game.place(cards.HILL_GIANT, Zone.GRAVEYARD, "A")
    game.choices.script(ChoiceKind.OBJECTS, lambda choice: list(choice.options), player="A")
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice: list(choice.items), player="A")
    move_all(game, [ghoul, bear], Zone.BATTLEFIELD)
    asked = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.OBJECTS]
    expect.equal([c.options for c in asked], [(giant.id,)], "選べるのは巨人だけで、同時に出る熊は選べない")
    expect.that(game.current(giant).zone is Zone.EXILE and game.current(bear).zone is Zone.BATTLEFIELD,
                "巨人は追放され、熊は戦場に出た")
    expect.equal(game.view(game.current(ghoul)).pt, (3, 3), "グールは追放した巨人のぶん3/3")


def _token_copy(resolution: Resolution) -> None:
    from kb.engine import copies

    chosen = resolution.target
    if isinstance(chosen, int) and chosen in resolution.game.objects:
        copies.create_token_copies(resolution.game, chosen, resolution.controller)  # 707.2, 707.8a


CACKLING_COUNTERPART = real("大笑いの写し身", card("Cackling Counterpart", "{1}{U}{U}", "Instant", spell=SpellAbility(
    "Create a token that's a copy of target creature you control.", _token_copy,
    (target_creature(controller="you"),))))
"""大笑いの写し身; flashback is left out."""


@check("614.12@20260116.0@7f67dc9f", "614.12a@20260116.0@69deb718", "707.2@20260116.0@f5bf13dd",
       example="614.12#1@bd8e7b18")
def a_token_copy_chooses_as_it_is_created(expect: Expect) -> None:
    """状況: Aの《万物の声》（戦場に出るに際し色1色を選ぶ。選ばれた色に対するプロテクションを持つ）が白を選んで戦場にいる。
    行動: Aが声を対象に《大笑いの写し身》（あなたがコントロールするクリーチャー1体のコピーであるトークンを1体生成する）を唱える。
    結果: トークンが生成されるに際し、そのコントローラーのAが色を選ぶ（赤を選ぶ）：トークンはプロテクション（赤）を持ち、声は白のまま。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.COLOR, "W", player="A")
    voice = game.put_onto_battlefield(VOICE_OF_ALL, "A")
    assert voice is not None
    game.choices.script(ChoiceKind.COLOR, "R", player="A")
    cast(game, "A", CACKLING_COUNTERPART, [voice])
    tokens = [o for o in game.battlefield("A") if o.is_token]
    expect.equal(len(tokens), 1, "声のコピーのトークンが1体生成された")
    expect.that(game.view(tokens[0]).has("protection", "red") and game.view(voice).has("protection", "white"),
                "トークンは生成に際して赤を選び、声は白のまま")


def _double_tokens() -> Replacement:
    return Replacement("If an effect would create one or more tokens under your control, it creates twice that many "
                       "of those tokens instead.", CreateTokens, lambda c, e: e.controller == c.context.you,
                       lambda c, e: with_changes(e, count=e.count * 2))


def _double_counters() -> Replacement:
    def applies(context: ReplacementContext, put: PutCounters) -> bool:
        target = put.target
        return (isinstance(target, int) and target in context.game.objects
                and context.game.objects[target].zone is Zone.BATTLEFIELD
                and context.game.view(target).controller == context.context.you)

    return Replacement("If an effect would put one or more counters on a permanent you control, it puts twice that "
                       "many of those counters on that permanent instead.", PutCounters, applies,
                       lambda c, e: with_changes(e, count=e.count * 2))


DOUBLING_SEASON = real("倍増の季節", card(
    "Doubling Season", "{4}{G}", "Enchantment",
    StaticAbility(_double_tokens().text, replacements=(_double_tokens(),)),
    StaticAbility(_double_counters().text, replacements=(_double_counters(),))))


@check("616.1g@20260116.0@6c1728ec", "614.16@20260116.0@39a92947", "614.12a@20260116.0@69deb718",
       example="616.1g#1@0fb9296b")
def doubling_comes_before_the_choices_of_the_tokens(expect: Expect) -> None:
    """状況: Aの《倍増の季節》（効果があなたのコントロール下でトークンを生成するなら、代わりにその2倍を生成する）と、白を選んだ
    《万物の声》。
    行動: Aが声を対象に《大笑いの写し身》を唱える。
    結果: 戦場に出ることはトークンを生成するというイベントの一部なので、倍増の季節が先に適用されて2体になり、そのあと2体それぞれが
    戦場に出るに際して色を選ぶ（赤と黒）。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.COLOR, "W", player="A")
    voice = game.put_onto_battlefield(VOICE_OF_ALL, "A")
    assert voice is not None
    game.place(DOUBLING_SEASON)
    game.choices.script(ChoiceKind.COLOR, "R", player="A")
    game.choices.script(ChoiceKind.COLOR, "B", player="A")
    cast(game, "A", CACKLING_COUNTERPART, [voice])
    tokens = [o for o in game.battlefield("A") if o.is_token]
    expect.equal(len(tokens), 2, "倍増の季節で2体生成された")
    expect.equal(sorted(k.parameter for t in tokens for k in game.view(t).keywords("protection")), ["black", "red"],
                 "2体はそれぞれ戦場に出るに際して色を選んだ")


def _regenerate_this(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None:
        regeneration.regenerate(resolution.game, source, source=source, controller=resolution.controller)


DRUDGE_SKELETONS = real("蠢く骸骨", card(
    "Drudge Skeletons", "{1}{B}", "Creature — Skeleton", 1, 1,
    ActivatedAbility("{B}: Regenerate Drudge Skeletons.", cost("{B}"), _regenerate_this)))

MURDER = real("殺害", card("Murder", "{1}{B}{B}", "Instant", spell=SpellAbility(
    "Destroy target creature.", lambda r: r.game.destroy(*r.objects(0)), (target_creature(),))))


@check("614.4@20260116.0@f969bf79", "614.8@20260116.0@a9b800ff", "701.19a@20260116.0@22d7a72d",
       "614.3@20260116.0@78696fd9",
       example="614.4#1@673197f4")
def regeneration_must_be_there_before_the_destruction(expect: Expect) -> None:
    """状況: Aの《蠢く骸骨》（{B}：これを再生する）2体。
    行動: Bが1体目を対象に《殺害》（クリーチャー1体を破壊する）を唱え、Aが対応して再生能力を起動する。次にBが2体目を対象に
    殺害を唱え、それが解決したあとでAは再生しようとする。
    結果: 対応して起動した再生は先に解決して盾を作り、破壊は置き換えられる：1体目はタップされて戦場に残る。
    2体目は破壊されて墓地にあり、解決のあとではもう再生する機会はない。"""
    game = Game(["A", "B"])
    first = game.place(DRUDGE_SKELETONS)
    second = game.place(DRUDGE_SKELETONS)
    game.pass_priority_to("B")
    cast(game, "B", MURDER, [first], resolve=False)
    game.pass_priority_to("A")
    game.add_mana("A", "{B}")
    game.activate("A", first)
    game.resolve_stack()
    view = game.view(first)
    expect.that(view.zone is Zone.BATTLEFIELD and view.tapped, "再生の盾が破壊を置き換えた：1体目は戦場に残り、タップされた")
    game.pass_priority_to("B")
    cast(game, "B", MURDER, [second])
    expect.that(game.current(second).zone is Zone.GRAVEYARD, "2体目は破壊された")
    game.add_mana("A", "{B}")
    expect.refused(lambda: game.activate("A", game.current(second)), "墓地からは再生能力を起動できない")


@check("701.19c@20260116.0@1f3f8fe8", "704.5g@20260116.0@05710b56", "704.5f@20260116.0@fb593c71",
       "614.8@20260116.0@a9b800ff")
def what_regeneration_can_and_cannot_replace(expect: Expect) -> None:
    """状況: Aの《蠢く骸骨》3体が、それぞれ再生の盾を持つ。
    行動: 1体目が《稲妻》で3点のダメージを受ける。2体目は-1/-1の修整を受ける。3体目は《神の怒り》（再生できない）で破壊される。
    結果: 致死ダメージによる破壊（704.5g）は再生で置き換えられ、1体目は残る。タフネス0（704.5f）は破壊ではないので置き換えられず、
    2体目は墓地へ。再生できないとされた破壊には盾が適用されず、3体目も墓地へ。"""
    from kb.checks.cards import LIGHTNING_BOLT, WRATH_OF_GOD

    game = Game(["A", "B"])
    skeletons = [game.place(DRUDGE_SKELETONS) for _ in range(3)]
    for skeleton in skeletons:
        regeneration.regenerate(game, skeleton.id, controller="A")
    game.pass_priority_to("B")
    cast(game, "B", LIGHTNING_BOLT, [skeletons[0]])
    expect.that(game.obj(skeletons[0]).zone is Zone.BATTLEFIELD and game.view(skeletons[0]).tapped
                and game.view(skeletons[0]).damage == 0, "致死ダメージによる破壊は再生で置き換えられ、ダメージは取り除かれた")
    game.create_effect("-1/-1 until end of turn", [modify_pt(-1, -1)], [skeletons[1]], UntilEndOfTurn())
    game.refresh_priority()
    from kb.engine.events import Tapped

    expect.that(game.current(skeletons[1]).zone is Zone.GRAVEYARD
                and not any(e.object_id == skeletons[1].id for e in game.events(Tapped)),
                "タフネス0は再生できない：盾は使われず（タップされずに）墓地に置かれた")
    cast(game, "A", WRATH_OF_GOD)
    expect.that(all(game.current(s).zone is Zone.GRAVEYARD for s in skeletons), "再生できない破壊には盾が効かない")


def _plus_two_to_opponents() -> Replacement:
    def applies(context: ReplacementContext, damage: Damage) -> bool:
        source = context.game.last_known_view(damage.source)
        return (source.controller == context.context.you and isinstance(damage.recipient, str)
                and damage.recipient != context.context.you)

    return Replacement("If a source you control would deal damage to an opponent, it deals that much damage plus 2 "
                       "instead.", Damage, applies, lambda c, d: with_changes(d, amount=d.amount + 2))


TEST_FURNACE = card("Test Furnace", "{1}{R}{R}", "Enchantment", StaticAbility(
    _plus_two_to_opponents().text, replacements=(_plus_two_to_opponents(),)))
"""Test: an enchantment: "If a source you control would deal damage to an opponent, it deals that much damage plus 2
instead"."""


@check("614.7a@20260116.0@dfd5168a", "614.7@20260116.0@1c074ac9")
def zero_damage_is_no_event_to_replace(expect: Expect) -> None:
    """状況: Aの「あなたがコントロールする発生源が対戦相手にダメージを与えるなら、代わりにそれに2を足した点数を与える」テスト用
    エンチャントと、《灰色熊》（パワー2）と《羽ばたき飛行機械》（パワー0）。
    行動: 熊と飛行機械が、それぞれ自分のパワーに等しい点数のダメージをBに与える。
    結果: 熊は2+2で4点を与える。飛行機械の0点はダメージを与えるという出来事がないので、置換効果は適用されず、Bは何も失わない。"""
    game = Game(["A", "B"])
    game.place(TEST_FURNACE)
    bears = game.place(cards.GRIZZLY_BEARS)
    thopter = game.place(cards.ORNITHOPTER)
    game.deal_damage(bears, "B", game.view(bears).power or 0)
    expect.equal(game.players["B"].life, 16, "熊の2点は4点になった")
    game.deal_damage(thopter, "B", game.view(thopter).power or 0)
    expect.equal(game.players["B"].life, 16, "0点はダメージではないので、2点足されることもない")


@check("614.11@20260116.0@ef23b906", "121.4@20260116.0@c8e47957", "704.5b@20260116.0@5809d837")
def a_draw_is_replaced_even_from_an_empty_library(expect: Expect) -> None:
    """状況: Aのライブラリーは0枚。Aの「あなたがカードを1枚引くなら、代わりにあなたの墓地にあるカード1枚を手札に戻す」テスト用
    エンチャント。Aの墓地に《灰色熊》。
    行動: Aがカードを1枚引く。状況起因処理を見る。
    結果: ライブラリーにカードがなくても引くことは置換され、熊が手札に戻る。空のライブラリーから引こうとはしていないので、Aは敗北しない。"""
    game = Game(["A", "B"], library=0)
    game.place(TEST_RECALL)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    game.draw("A")
    game.refresh_priority()
    expect.that(game.current(bears).zone is Zone.HAND and not game.players["A"].lost, "熊が手札に戻り、Aは負けていない")


@check("615.8@20260116.0@097c38ba", "615.1@20260116.0@6027cbda")
def the_next_time_a_source_deals_damage(expect: Expect) -> None:
    """状況: Bの「このターン、次にAの《丘巨人》がダメージを与えるとき、そのダメージを軽減する」効果。
    行動: 丘巨人がBに3点を与え、もう一度3点を与える。
    結果: 最初の1回は量にかかわらずすべて軽減され、2回目はそのまま与えられる：Bは17点。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    game.create_effect("prevent the next damage Hill Giant would deal", replacements=[prevent_damage(
        source=giant.id, uses=1, text="The next time Hill Giant would deal damage this turn, prevent that damage.")],
        duration=UntilEndOfTurn(), controller="B")
    game.deal_damage(giant, "B", 3)
    expect.equal(game.players["B"].life, 20, "1回目はすべて軽減された")
    game.deal_damage(giant, "B", 3)
    expect.equal(game.players["B"].life, 17, "2回目はそのまま与えられた")
