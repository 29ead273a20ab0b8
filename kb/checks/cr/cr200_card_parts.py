"""Parts of a card (200-213): names and different names, choosing a card name, names an ability
uses to refer to its own object, mana cost, colour and mana value (double-faced cards and copies
of them included), type lines changed by effects, choosing a subtype, and characteristic-defining
power and toughness outside the battlefield."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import CLONE, URBORG, real
from kb.checks.cards_basics import CYTOSHAPE, RUNECLAW_BEAR
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    FOREST,
    ActivatedAbility,
    Card,
    CardType,
    ChoiceKind,
    FaceDown,
    Game,
    Number,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    Supertype,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    actions,
    add_types,
    artifacts,
    as_enters_choose,
    at_beginning_of,
    base_pt,
    card,
    cardtypes,
    condition,
    copies,
    cost,
    creatures,
    defines_pt,
    dies,
    face,
    gain,
    lands,
    modify_pt,
    names,
    regeneration,
    target_creature,
    target_player,
    this_object,
    token,
    where,
)
from kb.engine.context import Context
from kb.engine.mana import Color

# -- names (201) -----------------------------------------------------------------------------------------


def _differently_named_demons(context: Context) -> int:
    you = context.player("four or more Demons with different names")
    demons = [context.game.view(v.id) for v in context.states.values()
              if v.zone is Zone.BATTLEFIELD and v.controller == you and "Demon" in v.subtypes
              and v.is_a(CardType.CREATURE)]
    return names.most_with_different_names(demons)


def _contract_wins(resolution: Resolution) -> None:
    actions.win(resolution.game, resolution.controller)


LILIANAS_CONTRACT = real("リリアナの契約", card(
    "Liliana's Contract", "{3}{B}{B}", "Enchantment",
    TriggeredAbility("At the beginning of your upkeep, if you control four or more Demons with different names, you "
                     "win the game.", at_beginning_of(Step.UPKEEP), _contract_wins,
                     condition=condition("you control four or more Demons with different names",
                                         lambda c: _differently_named_demons(c) >= 4))))
"""リリアナの契約; its enters ability (draw four cards, lose 4 life) is left out."""


def _demon(name: str) -> Card:
    return card(name, "{3}{B}", "Creature — Demon", 4, 4)


@check("201.2b@20260116.0@ed709fc5", "708.2a@20260116.0@6f83a243", "603.4@20260116.0@3b5b8ab9",
       "104.2b@20260116.0@fd8765d2", example="201.2b#1@39786aec")
def a_nameless_demon_isnt_a_differently_named_one(expect: Expect) -> None:
    """状況: Aは《リリアナの契約》と、名前の異なるテスト用デーモン3体と、効果によってデーモンになっている裏向きで名前を
    持たないクリーチャー1体をコントロールしている。
    行動: Aのアップキープが始まる。次に、裏向きのクリーチャーの代わりに4つ目の名前のデーモンがいる状態でアップキープを迎える。
    結果: 名前を持たないものがいるので、4体は「異なる名前を持つ4体のデーモン」ではなく、能力は誘発しない。名前の異なる
    デーモンが4体なら誘発し、Aがゲームに勝利する。"""
    for named_fourth in (False, True):
        game = Game(["A", "B"], step=Step.UNTAP)
        game.place(LILIANAS_CONTRACT)
        for name in ("Test Demon of Ash", "Test Demon of Bone", "Test Demon of Cinders"):
            game.place(_demon(name))
        if named_fourth:
            game.place(_demon("Test Demon of Dust"))
        else:
            hidden = game.place(cards.EXALTED_ANGEL, face_down=FaceDown.MORPH)
            game.create_effect("is a Demon in addition to its other types", [add_types(subtypes=("Demon",))],
                               [hidden])
            expect.that("Demon" in game.view(hidden).subtypes and game.view(hidden).name is None,
                        "裏向きのクリーチャーはデーモンだが名前を持たない")
        game.advance_to(Step.UPKEEP)
        game.resolve_stack()
        if named_fourth:
            expect.that(game.over and game.winners == ["A"], "名前の異なるデーモンが4体なら、Aが勝利する")
        else:
            expect.that(not game.over, "名前を持たないデーモンを含む4体では誘発せず、ゲームは続く")


def _dispossess(resolution: Resolution) -> None:
    game = resolution.game
    chosen = names.choose_card_name(game, resolution.controller, cards.POOL.library, "an artifact card name",
                                    lambda c: CardType.ARTIFACT in c.types)
    victim = resolution.target
    if isinstance(victim, str):
        found = [o for zone in (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY) for o in game.in_zone(zone, victim)
                 if o.card.name == chosen]
        game.exile(*found)


DISPOSSESS = real("没収", card(
    "Dispossess", "{2}{B}", "Sorcery", spell=SpellAbility(
        "Choose an artifact card name. Search target player's graveyard, hand, and library for any number of cards "
        "with that name and exile them. That player shuffles.", _dispossess, (target_player(),))))
"""没収; the shuffle is left out.  The Oracle the name is chosen from is the checks' own card pool."""


@check("201.4a@20260116.0@36d816d9", example="201.4a#1@797f564e")
def dispossess_names_an_artifact_card(expect: Expect) -> None:
    """状況: 戦場にあるAの《島》が、効果によってアーティファクトになっている。Bの手札に《羽ばたき飛行機械》がある。
    行動: Aが《没収》でBを対象にし、アーティファクトの名前を選ぶ。
    結果: 選べるのはオラクルがアーティファクトであるカードの名前で、《羽ばたき飛行機械》は選べるが、戦場の島が
    アーティファクトになっていても「島」は選べない。羽ばたき飛行機械を選ぶと、Bの手札のそれが追放される。"""
    from kb.engine import ISLAND

    game = Game(["A", "B"])
    island = game.place(ISLAND)
    game.create_effect("is an artifact in addition to its other types", [add_types("Artifact")], [island])
    expect.that(game.view(island).is_a(CardType.ARTIFACT), "戦場の島はアーティファクトになっている")
    oracle = cards.POOL.library
    allowed = names.card_names(oracle, lambda c: CardType.ARTIFACT in c.types)
    expect.that("Island" in oracle and "Ornithopter" in allowed and "Island" not in allowed,
                "オラクルに島はあるが、選べる名前に羽ばたき飛行機械はあり、島はない")
    thopter = in_hand(game, cards.ORNITHOPTER, "B")
    game.choices.script(ChoiceKind.CARD_NAME, "Ornithopter", player="A")
    cast(game, "A", DISPOSSESS, ["B"])
    expect.that(game.current(thopter).zone is Zone.EXILE, "選んだ名前のカードがBの手札から追放された")


def _slime_count(grime: int) -> Number:
    return Number("the number of slime counters on that Gutter Grime",
                  lambda c: c.game.objects[grime].counter("slime") if grime in c.game.objects else 0, frozenset())


def _gutter_grime(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    if source is None or source not in game.objects:
        return
    game.put_counters(source, "slime")
    count = _slime_count(source)
    ooze = token(None, "Creature — Ooze", "*", "*", StaticAbility(
        "This creature's power and toughness are each equal to the number of slime counters on Gutter Grime.",
        (defines_pt(count, count),), this_object(), cda=True), colors="G")
    game.create_token(ooze, resolution.controller)


GUTTER_GRIME = real("排水路の汚濁", card(
    "Gutter Grime", "{4}{G}", "Enchantment",
    TriggeredAbility("Whenever a nontoken creature you control dies, put a slime counter on Gutter Grime, then create "
                     "a green Ooze creature token with \"This creature's power and toughness are each equal to the "
                     "number of slime counters on Gutter Grime.\"",
                     dies(creatures(controller="you") & where(
                         "nontoken", lambda c, o: not c.game.last_known_view(o.id).token, frozenset())),
                     _gutter_grime)))


@check("201.5a@20260116.0@86a30391", "604.3@20260116.0@47c1c986", example="201.5a#1@33bda3f1")
def gutter_grime_tokens_count_their_own_grime(expect: Expect) -> None:
    """状況: Aは《排水路の汚濁》を2つコントロールしている。一方はスライム・カウンターがなく、もう一方には3個ある。
    行動: Aのトークンでない《灰色熊》が死亡し、両方の能力が解決する。次に、1つ目の汚濁が生成したトークンのコピーを
    《瓜二つ》で生成する。
    結果: それぞれのウーズ・トークンは自分を生成した汚濁のカウンターだけを数え、1/1と4/4になる。コピーのトークンも
    元のトークンを生成した汚濁だけを参照し、1/1である。"""
    from kb.checks.cr.cr108_objects import SPITTING_IMAGE

    game = Game(["A", "B"])
    first = game.place(GUTTER_GRIME)
    second = game.place(GUTTER_GRIME, counters={"slime": 3})
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.destroy(bears)
    game.resolve_stack()
    oozes = {o.id: game.view(o).pt for o in game.battlefield("A") if o.is_token}
    expect.equal(sorted(oozes.values()), [(1, 1), (4, 4)], "ウーズはそれぞれ自分を生成した汚濁を数えて1/1と4/4")
    expect.equal((game.view(first).counter("slime"), game.view(second).counter("slime")), (1, 4),
                 "それぞれの汚濁にスライム・カウンターが1個置かれた")
    small = next(i for i, pt in oozes.items() if pt == (1, 1))
    cast(game, "A", SPITTING_IMAGE, [small])
    copies_made = [game.view(o) for o in game.battlefield("A") if o.is_token and o.id not in oozes]
    expect.equal([v.pt for v in copies_made], [(1, 1)], "コピーも1つ目の汚濁だけを参照して1/1")


def _regenerate_this(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        regeneration.regenerate(resolution.game, resolution.source_id, source=resolution.source_id,
                                controller=resolution.controller)


SKITHIRYX = real("荒廃のドラゴン、スキジリクス", card(
    "Skithiryx, the Blight Dragon", "{3}{B}{B}", "Legendary Creature — Phyrexian Dragon Skeleton", 4, 4, "flying",
    "infect",
    ActivatedAbility("{B}: Skithiryx, the Blight Dragon gains haste until end of turn.", cost("{B}"),
                     lambda r: r.create_effect("gains haste", [gain("haste")], [r.source_id], UntilEndOfTurn())),
    ActivatedAbility("{B}{B}: Regenerate Skithiryx, the Blight Dragon.", cost("{B}{B}"), _regenerate_this)))


def _gain_activated_abilities(resolution: Resolution) -> None:
    from kb.engine import keyword_abilities

    chosen = resolution.objects(0)
    if chosen and resolution.source_id is not None:
        taken = tuple(keyword_abilities.activated(resolution.game.view(chosen[0])))
        resolution.create_effect("gains all activated abilities of target creature", [gain(*taken)],
                                 [resolution.source_id], UntilEndOfTurn())


QUICKSILVER_ELEMENTAL = real("水銀の精霊", card(
    "Quicksilver Elemental", "{3}{U}{U}", "Creature — Elemental", 3, 4,
    ActivatedAbility("{U}: Quicksilver Elemental gains all activated abilities of target creature until end of turn.",
                     cost("{U}"), _gain_activated_abilities, (target_creature(),))))
"""水銀の精霊; its permission to spend blue mana as any colour is left out."""


@check("201.5b@20260116.0@52fcb031", "701.19a@20260116.0@22d7a72d", "201.5@20260116.0@73aabe15",
       example="201.5b#1@126e049d")
def quicksilver_elemental_regenerates_itself(expect: Expect) -> None:
    """状況: Aは《水銀の精霊》と《荒廃のドラゴン、スキジリクス》をコントロールしている。
    行動: 精霊がスキジリクスを対象に能力を起動し、その起動型能力を得る。得た「{B}{B}：荒廃のドラゴン、スキジリクスを
    再生する」を起動して解決し、その後、精霊とスキジリクスが破壊される。
    結果: 得た能力の名前は精霊自身を指すので、再生されるのは精霊で、タップ状態で戦場に残る。スキジリクスは再生されずに
    墓地に置かれる。"""
    game = Game(["A", "B"])
    elemental = game.place(QUICKSILVER_ELEMENTAL)
    dragon = game.place(SKITHIRYX)
    give_mana(game, "A", "{U}")
    game.activate("A", elemental, 0, targets=[dragon])
    game.resolve_stack()
    give_mana(game, "A", "{B}{B}")
    game.activate("A", elemental, "{B}{B}: Regenerate")
    game.resolve_stack()
    game.destroy(elemental, dragon)
    expect.that(elemental.id in game.objects and game.view(elemental).tapped, "精霊は再生され、タップ状態で戦場に残った")
    expect.that(dragon.id not in game.objects, "スキジリクスは再生されず墓地に置かれた")


def _dane(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    sacrificed = resolution.item.options.get("sacrificed", [])
    if source is None or not sacrificed:
        return
    values = copies.last_known_copiable(game, sacrificed[0])
    if values is not None:
        copies.become_copy(game, source, values, gains=(DANE_ABILITY,), source=source,
                           controller=resolution.controller)


DANE_ABILITY = ActivatedAbility(
    "{1}, Sacrifice another creature: The Ever-Changing 'Dane becomes a copy of the sacrificed creature, except it "
    "has this ability.", cost("{1}, Sacrifice another creature"), _dane)
EVER_CHANGING_DANE = real("流転のデイン", card(
    "The Ever-Changing 'Dane", "{1}{U}", "Legendary Creature — Shapeshifter", 1, 1, DANE_ABILITY))
"""流転のデイン; "activate only once each turn" is left out."""


@check("201.5b@20260116.0@52fcb031", "707.9a@20260116.0@46f2e7e8", example="201.5b#3@80ac0e17")
def the_ever_changing_dane_names_itself_anew(expect: Expect) -> None:
    """状況: Aは《流転のデイン》と《ルーン爪の熊》と《灰色熊》をコントロールしている。
    行動: Aがルーン爪の熊を生け贄に捧げてデインの能力を起動し、解決する。次に、ルーン爪の熊になったデインが得た能力を、
    灰色熊を生け贄に捧げて起動する。
    結果: デインはこの能力を持ったルーン爪の熊のコピーになる。得た能力の「流転のデイン」は「ルーン爪の熊」つまりこの
    パーマネント自身を指すので、2回目の起動でそれは灰色熊のコピーになる。"""
    game = Game(["A", "B"])
    dane = game.place(EVER_CHANGING_DANE)
    runeclaw = game.place(RUNECLAW_BEAR)
    grizzly = game.place(cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}")
    game.choices.script(ChoiceKind.OBJECT, runeclaw.id, player="A")
    game.activate("A", dane, DANE_ABILITY)
    game.resolve_stack()
    view = game.view(dane)
    expect.that(view.name == "Runeclaw Bear" and DANE_ABILITY in view.abilities and runeclaw.id not in game.objects,
                "デインはこの能力を持ったルーン爪の熊のコピーになった")
    give_mana(game, "A", "{1}")
    game.choices.script(ChoiceKind.OBJECT, grizzly.id, player="A")
    game.activate("A", dane, DANE_ABILITY)
    game.resolve_stack()
    expect.that(game.view(dane).name == "Grizzly Bears" and DANE_ABILITY in game.view(dane).abilities,
                "得た能力はこのパーマネント自身を指し、それは灰色熊のコピーになった")


# -- mana cost, colour, mana value (202) ------------------------------------------------------------------


def _test_card(cost_text: str) -> Card:
    return card(f"Test Cost {cost_text}", cost_text, "Artifact")


@check("202.2a@20260116.0@2d324291", "202.2b@20260116.0@a04bfabf", "202.2c@20260116.0@2d1d0cbb",
       "105.2a@20260116.0@ef646360", "105.2b@20260116.0@9df364b0", "105.2c@20260116.0@c1b63f99",
       "202.2@20260116.0@f5cfedd7", "202.2d@20260116.0@7a74b0b6", example="202.2a#1@b1119bec")
def colour_comes_from_the_mana_cost(expect: Expect) -> None:
    """状況: マナ・コストが{2}{W}、{2}、{2}{W}{B}、{G/W}、{2/B}、{W/P}のテスト用アーティファクト。
    行動: それぞれの色を見る。
    結果: {2}{W}は白の単色、{2}は無色、{2}{W}{B}は白と黒の多色である。混成マナ・シンボルはその構成色すべて（{G/W}は緑と白、
    {2/B}は黒）、ファイレクシア・マナ・シンボルはその色（{W/P}は白）である。"""
    game = Game(["A", "B"])
    found = {text: game.view(game.place(_test_card(text))).colors
             for text in ("{2}{W}", "{2}", "{2}{W}{B}", "{G/W}", "{2/B}", "{W/P}")}
    expect.equal(found["{2}{W}"], frozenset({Color.WHITE}), "{2}{W}は白")
    expect.equal(found["{2}"], frozenset(), "{2}は無色")
    expect.equal(found["{2}{W}{B}"], frozenset({Color.WHITE, Color.BLACK}), "{2}{W}{B}は白でも黒でもある")
    expect.equal((found["{G/W}"], found["{2/B}"], found["{W/P}"]),
                 (frozenset({Color.GREEN, Color.WHITE}), frozenset({Color.BLACK}), frozenset({Color.WHITE})),
                 "混成やファイレクシアのシンボルはその色")


@check("202.3@20260116.0@6bbc7ac6", "202.3f@20260116.0@7109c5e6", "202.3g@20260116.0@2e2143b6",
       example=("202.3#1@c51d91e5", "202.3f#1@02f62c61", "202.3f#2@761835a7", "202.3g#1@eb519775"))
def mana_values(expect: Expect) -> None:
    """状況: マナ・コストが{3}{U}{U}、{1}{W/U}{W/U}、{2/B}{2/B}{2/B}、{1}{W/P}{W/P}のテスト用アーティファクト。
    行動: それぞれのマナ総量を見る。
    結果: 色を考えずに数えて5。混成シンボルは大きいほうの値で3と6。ファイレクシア・マナ・シンボルは1として3。"""
    game = Game(["A", "B"])
    expected = {"{3}{U}{U}": 5, "{1}{W/U}{W/U}": 3, "{2/B}{2/B}{2/B}": 6, "{1}{W/P}{W/P}": 3}
    for text, value in expected.items():
        expect.equal(game.view(game.place(_test_card(text), Zone.HAND)).mana_value, value, f"{text}のマナ総量は{value}")


HUNTMASTER = real("高原の狩りの達人", card(
    "Huntmaster of the Fells", "{2}{R}{G}", "Creature — Human Werewolf", 2, 2,
    back=face("Ravager of the Fells", None, "Creature — Werewolf", 4, 4, "trample", colors="RG")))
"""高原の狩りの達人 // 高原の荒廃者; their triggered abilities and daybound/nightbound are left out (the checks
transform it directly)."""
cards.POOL.japanese["高原の荒廃者"] = "Ravager of the Fells"

DELVER = real("秘密を掘り下げる者", card(
    "Delver of Secrets", "{U}", "Creature — Human Wizard", 1, 1,
    back=face("Insectile Aberration", None, "Creature — Human Insect", 3, 2, "flying", colors="U")))
"""秘密を掘り下げる者 // 昆虫の逸脱者; its upkeep trigger is left out (the checks transform it directly)."""
cards.POOL.japanese["昆虫の逸脱者"] = "Insectile Aberration"


@check("202.3b@20260116.0@d66f3814", "712.8e@20260116.0@c9f2bf5e", example="202.3b#1@e98c4237")
def a_transformed_permanent_keeps_its_mana_value(expect: Expect) -> None:
    """状況: Aの《高原の狩りの達人》（マナ・コスト{2}{R}{G}のモードを持たない両面カード）。
    行動: これが変身して第2面の《高原の荒廃者》になる。
    結果: 変身の前も後もマナ総量は4。第2面はマナ・コストを持たないが、第1面のマナ・コストから計算する。"""
    game = Game(["A", "B"])
    huntmaster = game.place(HUNTMASTER)
    expect.equal(game.view(huntmaster).mana_value, 4, "第1面のマナ総量は4")
    game.transform(huntmaster)
    view = game.view(huntmaster)
    expect.that(view.name == "Ravager of the Fells" and view.mana_cost is None, "第2面の荒廃者になり、マナ・コストはない")
    expect.equal(view.mana_value, 4, "変身した後もマナ総量は4")


@check("202.3b@20260116.0@d66f3814", "707.8@20260116.0@b32315a9", example="202.3b#2@5ef2ecfd")
def clone_copying_a_back_face_has_mana_value_zero(expect: Expect) -> None:
    """状況: Aの《高原の狩りの達人》が変身して《高原の荒廃者》になっている。Aの手札に《クローン》。
    行動: Aがクローンを唱え、荒廃者のコピーとして戦場に出す。
    結果: クローンは荒廃者（オモテになっている面）のコピーになり、そのマナ総量は0である。"""
    game = Game(["A", "B"])
    huntmaster = game.place(HUNTMASTER)
    game.transform(huntmaster)
    game.choices.script(ChoiceKind.OBJECT, huntmaster.id)
    cast(game, "A", CLONE)
    [clone] = [o for o in game.battlefield("A") if o.card is CLONE]
    view = game.view(clone)
    expect.equal(view.name, "Ravager of the Fells", "クローンは荒廃者のコピーになった")
    expect.equal(view.mana_value, 0, "第2面のコピーのマナ総量は0")


@check("202.3b@20260116.0@d66f3814", "707.2@20260116.0@f5bf13dd", example="202.3b#3@aaf2e17d")
def a_back_face_copying_another_back_face(expect: Expect) -> None:
    """状況: Aの《秘密を掘り下げる者》（第1面のマナ・コスト{U}）が変身して《昆虫の逸脱者》になっている。Aの
    《高原の狩りの達人》は変身して《高原の荒廃者》になっている。
    行動: Aが《細胞形成》で、荒廃者を選んで逸脱者を対象にし、解決する。
    結果: 逸脱者は変身前にはマナ総量1だが、荒廃者のコピーになるとマナ総量は0になる。"""
    game = Game(["A", "B"])
    delver = game.place(DELVER)
    game.transform(delver)
    expect.equal(game.view(delver).mana_value, 1, "逸脱者のマナ総量は第1面の{U}から1")
    huntmaster = game.place(HUNTMASTER)
    game.transform(huntmaster)
    game.choices.script(ChoiceKind.OBJECT, huntmaster.id)
    cast(game, "A", CYTOSHAPE, [delver])
    view = game.view(delver)
    expect.that(view.name == "Ravager of the Fells" and view.mana_value == 0,
                "荒廃者のコピーになり、マナ総量は0になった")


# -- type line (205) ---------------------------------------------------------------------------------------


SEAT_OF_THE_SYNOD = real("教議会の座席", card(
    "Seat of the Synod", None, "Artifact Land", ActivatedAbility("{T}: Add {U}.", cost("{T}"), mana="{U}")))

LANDS_ARE_CREATURES = card("Test Living Lands", "{3}{G}", "Enchantment", StaticAbility(
    "All lands are 1/1 creatures that are still lands.", (add_types("Creature"), base_pt(1, 1)), lands()))
"""Test: "All lands are 1/1 creatures that are still lands."."""

ARTIFACTS_ARE_CREATURES = card("Test Animate Artifacts", "{3}{U}", "Enchantment", StaticAbility(
    "All artifacts are 1/1 artifact creatures.", (add_types("Artifact", "Creature"), base_pt(1, 1)), artifacts()))
"""Test: "All artifacts are 1/1 artifact creatures."."""


@check("205.1b@20260116.0@e3e6327d", "205.4b@20260116.0@e1da0ec3",
       example=("205.1b#1@fa08c8d1", "205.4b#1@44f2bfb1"))
def lands_become_creatures_and_stay_what_they_were(expect: Expect) -> None:
    """状況: Aは《教議会の座席》（アーティファクト・土地）と《森》と《ヨーグモスの墳墓、アーボーグ》（伝説の土地）を
    コントロールしている。
    行動: 「すべての土地は1/1のクリーチャーである。それらは土地でもある」テスト用エンチャントが戦場に出る。
    結果: 座席はアーティファクト・土地・クリーチャーになり、森は森の土地タイプを、アーボーグは伝説の特殊タイプを保持する。"""
    game = Game(["A", "B"])
    seat = game.place(SEAT_OF_THE_SYNOD)
    forest = game.place(FOREST)
    urborg = game.place(URBORG)
    game.place(LANDS_ARE_CREATURES)
    expect.equal(game.view(seat).types, frozenset({CardType.ARTIFACT, CardType.LAND, CardType.CREATURE}),
                 "座席はアーティファクト・土地・クリーチャー")
    expect.that(game.view(seat).pt == (1, 1) and "Forest" in game.view(forest).subtypes, "1/1になり、森は森のまま")
    expect.that(Supertype.LEGENDARY in game.view(urborg).supertypes and game.view(urborg).is_a(CardType.CREATURE),
                "アーボーグはクリーチャーになっても伝説のまま")


@check("205.1b@20260116.0@e3e6327d", example="205.1b#2@0b9c2a26")
def an_artifact_enchantment_becomes_a_creature_too(expect: Expect) -> None:
    """状況: Aはテスト用のアーティファクト・エンチャントをコントロールしている。
    行動: 「すべてのアーティファクトは1/1のアーティファクト・クリーチャーである」テスト用エンチャントが戦場に出る。
    結果: それはアーティファクト・クリーチャー・エンチャントになる。"""
    game = Game(["A", "B"])
    relic = game.place(card("Test Relic Shrine", "{2}", "Artifact Enchantment"))
    game.place(ARTIFACTS_ARE_CREATURES)
    expect.equal(game.view(relic).types, frozenset({CardType.ARTIFACT, CardType.CREATURE, CardType.ENCHANTMENT}),
                 "アーティファクト・クリーチャー・エンチャントになった")


ADAPTIVE_AUTOMATON = real("順応する自動機械", card(
    "Adaptive Automaton", "{3}", "Artifact Creature — Construct", 2, 2,
    StaticAbility("As Adaptive Automaton enters, choose a creature type.", replacements=(as_enters_choose(
        ChoiceKind.CREATURE_TYPE, lambda g: tuple(sorted(cardtypes.CREATURE_TYPES)), "creature type",
        "As Adaptive Automaton enters, choose a creature type."),)),
    StaticAbility("Other creatures you control of the chosen type get +1/+1.", (modify_pt(1, 1),),
                  creatures(controller="you", other=True) & where(
                      "of the chosen type", lambda c, o: c.source is not None
                      and c.game.objects[c.source.id].chosen.get("creature type") in o.subtypes, ("subtypes",)))))
"""順応する自動機械; its being the chosen type is left out (the check doesn't look at it)."""


@check("205.3e@20260116.0@3079ad0c", "614.12@20260116.0@7f67dc9f", example="205.3e#1@3106874d")
def choosing_a_creature_type(expect: Expect) -> None:
    """状況: Aの手札に《順応する自動機械》。Aは《珊瑚マーフォーク》をコントロールしている。
    行動: Aが自動機械を唱え、それが戦場に出るに際してクリーチャー・タイプを選ぶ。
    結果: 「マーフォーク」や「ウィザード」は選べるが、「マーフォーク・ウィザード」や「アーティファクト」「沼」は選べない。
    マーフォークを選ぶと、珊瑚マーフォークは+1/+1の修整を受ける。"""
    game = Game(["A", "B"])
    merfolk = game.place(cards.CORAL_MERFOLK)
    game.choices.script(ChoiceKind.CREATURE_TYPE, "Merfolk", player="A")
    cast(game, "A", ADAPTIVE_AUTOMATON)
    [asked] = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.CREATURE_TYPE]
    expect.that("Merfolk" in asked.options and "Wizard" in asked.options, "マーフォークやウィザードは選べる")
    expect.that(not {"Merfolk Wizard", "Artifact", "Swamp"} & set(asked.options),
                "マーフォーク・ウィザード、アーティファクト、沼は選べない")
    expect.equal(game.view(merfolk).pt, (3, 2), "マーフォークを選んだので、珊瑚マーフォークは3/2")


# -- power and toughness (208) ---------------------------------------------------------------------------


def _chosen_opponents_creatures_plus_one(context: Context) -> int:
    game, source = context.game, context.source
    chosen = game.objects[source.id].chosen.get("opponent") if source is not None and source.id in game.objects \
        else None
    if chosen is None:
        return 1  # no player is chosen: 1 + 0 (208.2a)
    return 1 + sum(1 for o in context.states.values()
                   if o.zone is Zone.BATTLEFIELD and o.controller == chosen and o.is_a(CardType.CREATURE))


CHOSEN_PLUS_ONE = Number("1 plus the number of creatures the chosen player controls",
                         _chosen_opponents_creatures_plus_one)
LOST_ORDER = card(
    "Test Lost Order", "{2}{W}{W}", "Creature — Human Knight", "*", "*",
    StaticAbility("As this creature enters, choose an opponent.", replacements=(as_enters_choose(
        ChoiceKind.OBJECT, lambda g: tuple(p for p in g.turn_order if p != g.active), "opponent",
        "As this creature enters, choose an opponent."),)),
    StaticAbility("This creature's power and toughness are each equal to 1 plus the number of creatures the chosen "
                  "player controls.", (defines_pt(CHOSEN_PLUS_ONE, CHOSEN_PLUS_ONE),), this_object(), cda=True))
"""Test: a creature with 1+*/1+*, "As this creature enters, choose an opponent" and "This creature's power and
toughness are each equal to 1 plus the number of creatures the chosen player controls" (the CR's example card)."""


@check("208.2a@20260116.0@e454457d", "604.3@20260116.0@47c1c986", example="208.2a#1@7abfc741")
def a_defined_power_outside_the_battlefield(expect: Expect) -> None:
    """状況: Aの手札に、「これが戦場に出るに際し、対戦相手1人を選ぶ」と「これのパワーとタフネスはそれぞれ、選ばれた
    プレイヤーがコントロールしているクリーチャーの数に1を足した値に等しい」を持つテスト用クリーチャー。Bはクリーチャーを
    2体コントロールしている。
    行動: 手札にあるときのパワーとタフネスを見て、Aがそれを唱え、戦場に出るに際してBを選ぶ。
    結果: 戦場にない間はプレイヤーが選ばれていないので1/1。Bを選んで戦場に出ると3/3になる。"""
    game = Game(["A", "B"])
    order = in_hand(game, LOST_ORDER)
    game.place(cards.GRIZZLY_BEARS, player="B")
    game.place(cards.HILL_GIANT, player="B")
    expect.equal(game.view(order).pt, (1, 1), "手札にある間は選ばれたプレイヤーがいないので1/1")
    give_mana(game, "A", "{2}{W}{W}")
    game.choices.script(ChoiceKind.OBJECT, "B", player="A")
    game.cast("A", order)
    game.resolve_stack()
    expect.equal(game.view(game.current(order)).pt, (3, 3), "Bを選んで戦場に出ると3/3")



def _legendary_sorcery_effect(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, 2)


TEST_LEGENDARY_SORCERY = card("Test Saga of Kings", "{1}{U}", "Legendary Sorcery", spell=SpellAbility(
    "Draw two cards.", _legendary_sorcery_effect))
"""Test: a legendary sorcery, "Draw two cards"."""


@check("205.4e@20260116.0@578d6178", "205.4d@20260116.0@5757ac80")
def a_legendary_sorcery_needs_a_legend(expect: Expect) -> None:
    """状況: Aの手札に伝説のソーサリー（テスト用）。Aは伝説でない《灰色熊》をコントロールしている。
    行動: Aがそれを唱えようとし、次に伝説のクリーチャー《荒廃のドラゴン、スキジリクス》をコントロールした状態で唱える。
    結果: 伝説のクリーチャーもプレインズウォーカーもコントロールしていなければ唱えられない。スキジリクスがいれば唱えられる。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    saga = in_hand(game, TEST_LEGENDARY_SORCERY)
    give_mana(game, "A", "{1}{U}")
    expect.refused(lambda: game.cast("A", saga), "伝説のパーマネントがないので唱えられない")
    game.place(SKITHIRYX)
    game.cast("A", saga)
    expect.that(bool(game.stack), "伝説のクリーチャーをコントロールしていれば唱えられる")


@check("205.3d@20260116.0@d3fb3c31", "205.1a@20260116.0@02cdb43e")
def subtypes_without_their_type_go(expect: Expect) -> None:
    """状況: Aの《羽ばたき飛行機械》（アーティファクト・クリーチャー ─ 飛行機械）。
    行動: 効果によって、それがクリーチャーでないアーティファクトになる。
    結果: 飛行機械はクリーチャー・タイプなので、クリーチャーでなくなったオブジェクトはそれを持たない。"""
    from kb.engine import lose_types

    game = Game(["A", "B"])
    thopter = game.place(cards.ORNITHOPTER)
    expect.equal(game.view(thopter).subtypes, frozenset({"Thopter"}), "はじめは飛行機械のサブタイプを持つ")
    game.create_effect("is no longer a creature", [lose_types("Creature")], [thopter])
    view = game.view(thopter)
    expect.that(view.types == frozenset({CardType.ARTIFACT}) and not view.subtypes,
                "クリーチャーでなくなり、クリーチャー・タイプも失った")


@check("201.4c@20260116.0@e3440af9", "201.4d@20260116.0@5c3674ea", "201.4@20260116.0@321f7841")
def naming_a_flipped_half_or_a_back_face(expect: Expect) -> None:
    """状況: オラクルに反転カード《呪師の弟子》（反転すると伝説のクリーチャー《暴く者、智也》）と両面カード
    《秘密を掘り下げる者》（第2面は飛行を持つ《昆虫の逸脱者》）がある。
    行動: プレイヤーが「伝説のクリーチャーの名前」と「飛行を持つクリーチャーの名前」を選ぶ。
    結果: 反転した状態の特性で判断するので、暴く者、智也は伝説のクリーチャーの名前として選べるが、呪師の弟子は選べない。
    第2面の特性で判断するので、昆虫の逸脱者は飛行を持つクリーチャーの名前として選べるが、秘密を掘り下げる者は選べない。"""
    from kb.checks.cr.cr108_objects import JUSHI_APPRENTICE

    legendary = names.card_names(cards.POOL.library, lambda c: CardType.CREATURE in c.types
                                 and Supertype.LEGENDARY in c.supertypes)
    flyers = names.card_names(cards.POOL.library, lambda c: CardType.CREATURE in c.types
                              and any(getattr(a, "name", None) == "flying" for a in c.abilities))
    expect.that(JUSHI_APPRENTICE.name in cards.POOL.library and "Tomoya the Revealer" in legendary
                and "Jushi Apprentice" not in legendary, "反転した名前「暴く者、智也」は伝説のクリーチャーの名前として選べる")
    expect.that("Insectile Aberration" in flyers and "Delver of Secrets" not in flyers,
                "第2面の名前「昆虫の逸脱者」は飛行を持つクリーチャーの名前として選べる")
