"""The CR's examples of keyword actions (701) played out with the real cards they name: waterbend
as an optional additional cost (701.67b)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as with_changes

from kb.checks.cards import CORAL_MERFOLK, HILL_GIANT, ORNITHOPTER, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import (
    FOREST,
    ChoiceKind,
    Cost,
    Game,
    IllegalAction,
    Revealed,
    SpellAbility,
    StaticAbility,
    Supertype,
    TriggeredAbility,
    UntilEndOfTurn,
    View,
    Zone,
    card,
    cards_in,
    cost,
    dies,
    enters,
    gain,
    keyword_actions,
    library_actions,
    revealing,
    searching,
    target,
    target_player,
)
from kb.engine import cost_actions as co
from kb.engine.additional_costs import OPTIONAL, AdditionalCost, OptionalAdditionalCost, was_paid
from kb.engine.replacement import Move, Replacement, ReplacementContext, instead_to
from kb.engine.stack import Resolution


def _revival(r: Resolution) -> None:
    game = r.game
    if was_paid(r):
        keyword_actions.shuffle_into_library(game, r.controller, [o.id for o in game.graveyard(r.controller)],
                                             Zone.GRAVEYARD)
        for _ in range(7):
            game.draw(r.controller)
    else:
        for _ in range(2):
            game.draw(r.controller)


SPIRIT_WATER_REVIVAL = card(
    "Spirit Water Revival", "{1}{U}{U}", "Sorcery",
    OptionalAdditionalCost("As an additional cost to cast this spell, you may waterbend {6}.",
                           cost=Cost(extra=(co.Waterbend("{6}"),))),
    spell=SpellAbility("Draw two cards. If this spell's additional cost was paid, instead shuffle your graveyard "
                       "into your library and draw seven cards.", _revival))
"""精霊の水の蘇生 (Spirit Water Revival; newer than the card-name list, so not named as a real card): 追加コストとして水の技{6}を行ってもよく、行ったなら2枚ではなく7枚引く（手札の上限に関する部分などは省略）。"""


@check("701.67b@20260116.0@608b458f", "701.67a@20260116.0@ff9bd16a", "118.8@20260116.0@47cbd720",
       "601.2b@20260116.0@bbae9992", "607.2i@20260116.0@ce43b5f2", example="701.67b#1@75e76ddf")
def waterbend_as_an_additional_cost(expect: Expect) -> None:
    """状況: Aの手札に「精霊の水の蘇生」（マナ・コスト{1}{U}{U}。追加コストとして水の技{6}を行ってもよく、行ったなら代わりに
    カードを7枚引く）がある。Aはアンタップ状態の《羽ばたき飛行機械》を7体コントロールし、マナ・プールに{U}{U}がある。
    行動: Aが水の技を行うことを宣言して唱え、飛行機械7体をタップして水の技{6}とマナ・コストの{1}を支払おうとする。次に、6体を
    タップして水の技{6}を支払い、{1}{U}{U}をマナで支払おうとする。最後に、マナ・プールに{C}を加えて同じように唱える。
    結果: タップして支払えるのは水の技コストの{6}だけなので、1回目は唱えられず、何もタップされない。2回目は{1}の分のマナが
    足りず唱えられない。3回目は6体をタップし、{1}{U}{U}をマナで支払って唱えられ、追加コストが支払われたのでAはカードを7枚引く。"""
    def attempt(tapping: int, mana: str) -> tuple[Game, bool, int]:
        game = Game(["A", "B"])
        revival = game.place(SPIRIT_WATER_REVIVAL, Zone.HAND, "A")
        thopters = [game.place(ORNITHOPTER, player="A") for _ in range(7)]
        game.add_mana("A", mana)
        game.choices.script(ChoiceKind.OBJECTS, thopters[:tapping], player="A")
        try:
            game.cast("A", revival, additional=(OPTIONAL,))
            cast_ = True
        except IllegalAction:
            cast_ = False
        return game, cast_, sum(game.view(t).tapped for t in thopters)

    game, cast_, tapped = attempt(6, "{C}{U}{U}")
    expect.equal((cast_, tapped), (True, 6), "6体をタップして水の技{6}を支払い、{1}{U}{U}をマナで支払って唱えた")
    hand = len(game.hand("A"))
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 7, "追加コストが支払われたので7枚引いた")
    expect.equal(attempt(7, "{U}{U}")[1:], (False, 0), "7体目をタップしてマナ・コストの{1}を支払うことはできない")
    expect.equal(attempt(6, "{U}{U}")[1:], (False, 0), "{1}の分のマナがないので唱えられない")


def _zenith(r: Resolution) -> None:
    game = r.game
    for creature in game.battlefield():
        if game.view(creature).is_a("Creature"):
            game.put_counters(creature, "-1/-1", r.x)
    spell = r.item.spell
    if spell is not None:
        keyword_actions.shuffle_into_library(game, game.objects[spell].owner, [spell], Zone.STACK)


BLACK_SUNS_ZENITH = real("黒の太陽の頂点", card("Black Sun's Zenith", "{X}{B}{B}", "Sorcery", spell=SpellAbility(
    "Put X -1/-1 counters on each creature. Shuffle this card into its owner's library.", _zenith)))


def _recoup(r: Resolution) -> None:
    for chosen in r.objects(0):
        mana = r.game.view(chosen).mana_cost
        r.game.create_effect("gains flashback until end of turn", [gain(f"flashback {mana}")], [chosen],
                             UntilEndOfTurn(), source=r.source_id, controller=r.controller)


RECOUP = real("埋め合わせ", card("Recoup", "{1}{R}", "Sorcery", "flashback {3}{R}", spell=SpellAbility(
    "Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is equal to its "
    "mana cost.", _recoup, (target(cards_in(Zone.GRAVEYARD, "Sorcery", owner="you"),
                                   "target sorcery card in your graveyard"),))))


@check("701.24c@20260116.0@23cc6772", "701.24a@20260116.0@8d819bc5", "702.34a@20260116.0@ba7daaa9",
       example="701.24c#2@60a2a73d")
def shuffled_though_flashback_exiles_the_card(expect: Expect) -> None:
    """状況: Aの墓地に《黒の太陽の頂点》（各クリーチャーに-1/-1カウンターをX個置き、これをオーナーのライブラリーに加えて切り直す）
    があり、手札に《埋め合わせ》がある。Bは《丘巨人》をコントロールしている。
    行動: Aが埋め合わせで黒の太陽の頂点にフラッシュバック（コストはそのマナ・コスト）を与え、墓地からX=1で唱える。
    結果: 丘巨人に-1/-1カウンターが1個置かれる。フラッシュバックで唱えたので黒の太陽の頂点はライブラリーではなく追放領域に
    置かれるが、Aのライブラリーは切り直される。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="B")
    zenith = game.place(BLACK_SUNS_ZENITH, Zone.GRAVEYARD, "A")
    recoup = game.place(RECOUP, Zone.HAND, "A")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", recoup, targets=[zenith])
    game.resolve_stack()
    give_mana(game, "A", "{1}{B}{B}")
    game.cast("A", game.current(zenith), alternative="flashback", x=1)
    game.resolve_stack()
    expect.equal(game.view(giant).counters.get("-1/-1", 0), 1, "丘巨人に-1/-1カウンターが1個置かれた")
    expect.that(any(o.card is BLACK_SUNS_ZENITH for o in game.in_zone(Zone.EXILE, "A"))
                and all(game.objects[i].card is not BLACK_SUNS_ZENITH for i in game.players["A"].library),
                "黒の太陽の頂点は追放され、ライブラリーには加わらない")
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["A"], "Aのライブラリーは切り直された")


def _named(name: str) -> Callable[[View], bool]:
    return lambda v: v.name == name


def _lobotomy(r: Resolution) -> None:
    from kb.engine.choices import Choice

    game = r.game
    for player in r.targets(0):
        if not isinstance(player, str):
            continue
        hand = [o.id for o in game.hand(player)]
        library_actions.reveal(game, hand, "Lobotomy")
        allowed = [i for i in hand if not _basic_land(game.view(i))]
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, r.controller, "a card other than a basic land card",
                                         tuple(allowed))) if allowed else None
        name = game.view(chosen).name if isinstance(chosen, int) else None
        same_name = None if name is None else _named(name)  # no card chosen: undefined (701.23c)
        found: list[int] = []
        for zone in (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY):
            found += searching.search(game, r.controller, player, zone, same_name) or []
        if found:
            game.exile(*found)
        keyword_actions.shuffle(game, player)


LOBOTOMY = real("ロボトミー", card("Lobotomy", "{2}{U}{B}", "Sorcery", spell=SpellAbility(
    "Target player reveals their hand, then you choose a card other than a basic land card from it. Search that "
    "player's graveyard, hand, and library for all cards with the same name as the chosen card and exile them. "
    "Then that player shuffles.", _lobotomy, (target_player(),))))


@check("701.23c@20260116.0@40e4784b", "701.23a@20260116.0@5a5a8334", example="701.23c#1@34b1dab5")
def a_search_for_an_undefined_quality_finds_nothing(expect: Expect) -> None:
    """状況: Bの手札は1枚もなく、Bの墓地とライブラリーに《丘巨人》がある。
    行動: Aが《ロボトミー》でBを対象にする。Bの手札は空なので、カードは選ばれない。
    結果: AはBの墓地、手札、ライブラリーを探すが、選ばれたカードの名前は定まっていないので何も見つけられず、何も追放されない。
    その後Bはライブラリーを切り直す。"""
    game = Game(["A", "B"])
    graveyard = game.place(HILL_GIANT, Zone.GRAVEYARD, "B")
    game.place(HILL_GIANT, Zone.LIBRARY, "B")
    give_mana(game, "A", "{2}{U}{B}")
    game.cast("A", game.place(LOBOTOMY, Zone.HAND, "A"), targets=["B"])
    game.resolve_stack()
    searched = [(e.player, e.owner, e.zone) for e in game.events(searching.Searched)]
    expect.equal(searched, [("A", "B", z) for z in (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY)],
                 "AはBの墓地、手札、ライブラリーを探した")
    expect.equal((game.current(graveyard).zone, game.in_zone(Zone.EXILE, "B")), (Zone.GRAVEYARD, []),
                 "名前が定まっていないので、墓地の丘巨人も見つからず何も追放されない")
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["B"], "Bのライブラリーは切り直された")


def _veteran_explorer(r: Resolution) -> None:
    from kb.engine.choices import Choice

    game = r.game
    for player in game.apnap():
        if not game.choices.ask(Choice(ChoiceKind.MAY, player, "search for up to two basic lands", (True, False))):
            continue
        found = searching.search(game, player, player, Zone.LIBRARY, _basic_land, up_to=2)
        if found is None:
            continue
        for land in found:
            game.move(land, Zone.BATTLEFIELD)
        keyword_actions.shuffle(game, player)  # whoever searched, even only part of the library (701.23f)


def _basic_land(view: View) -> bool:
    return view.is_a("Land") and Supertype.BASIC in view.supertypes


VETERAN_EXPLORER = real("老練の探険者", card(
    "Veteran Explorer", "{G}", "Creature — Human Soldier Scout", 1, 1,
    TriggeredAbility("When this creature dies, each player may search their library for up to two basic land "
                     "cards, put them onto the battlefield, then shuffle.", dies(), _veteran_explorer)))

AVEN_MINDCENSOR = real("エイヴンの思考検閲者", card(
    "Aven Mindcensor", "{2}{W}", "Creature — Bird Wizard", 2, 1, "flash", "flying",
    StaticAbility("If an opponent would search a library, that player searches the top four cards of that library "
                  "instead.", replacements=(searching.top_instead(4, "an opponent searches only the top four "
                                                                    "cards"),))))


@check("701.23f@20260116.0@978b6dfb", "701.23a@20260116.0@5a5a8334", "614.1a@20260116.0@200be777",
       "701.24a@20260116.0@8d819bc5", example="701.23f#1@c1e5d886")
def searching_the_top_four_is_searching_the_library(expect: Expect) -> None:
    """状況: Aは《エイヴンの思考検閲者》と《老練の探険者》をコントロールしている。Bのライブラリーには、上から3枚目に《森》が、
    6枚目と7枚目にも森がある。
    行動: 老練の探険者が死亡し、その能力で、AとBがそれぞれライブラリーから基本土地・カードを最大2枚探すことを選ぶ。
    結果: Aは自分のライブラリー全体から探せる。対戦相手のBは上から4枚の中からしか探せないので、見つけられる森は1枚だけである。
    それでもBは探したプレイヤーなので、ライブラリー全体を切り直す。"""
    game = Game(["A", "B"], library=0)
    game.place(AVEN_MINDCENSOR, player="A")
    explorer = game.place(VETERAN_EXPLORER, player="A")
    a_forests = [game.place(FOREST, Zone.LIBRARY, "A") for _ in range(3)]
    b_cards = [FOREST, FOREST, HILL_GIANT, HILL_GIANT, FOREST, HILL_GIANT, HILL_GIANT]  # bottom first
    b_forests = [o for o in (game.place(c, Zone.LIBRARY, "B") for c in b_cards) if o.card is FOREST]
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="B")
    game.choices.script(ChoiceKind.OBJECTS, a_forests[:2], player="A")
    game.choices.script(ChoiceKind.OBJECTS, lambda c: [f.id for f in reversed(b_forests) if c.accepts([f.id])][:2],
                        player="B")  # B finds as many forests as the search lets them
    game.destroy(explorer)
    game.resolve_stack()
    expect.equal(len([o for o in game.battlefield("A") if o.card is FOREST]), 2, "Aはライブラリー全体から森を2枚出した")
    expect.equal([o.card for o in game.battlefield("B")], [FOREST], "Bは上から4枚の中の森1枚だけを見つけて出した")
    expect.equal(sorted(e.player for e in game.events(keyword_actions.Shuffled)), ["A", "B"],
                 "上から4枚だけを探したBも、ライブラリー全体を切り直した")


def _shuffled_in_instead(context: ReplacementContext, move: Move) -> bool:
    return move.to_zone is Zone.GRAVEYARD and move.object_id == context.context.source_state("itself").id


DARKSTEEL_COLOSSUS = real("ダークスティールの巨像", card(
    "Darksteel Colossus", "{11}", "Artifact Creature — Golem", 11, 11, "trample", "indestructible",
    StaticAbility("If Darksteel Colossus would be put into a graveyard from anywhere, shuffle it into its owner's "
                  "library instead.", replacements=(Replacement(
                      "shuffled into its owner's library instead", Move, _shuffled_in_instead,
                      lambda c, m: with_changes(m, to_zone=Zone.LIBRARY, shuffled=True)),), zones=frozenset(Zone))))
"""ダークスティールの巨像; revealing it as it is shuffled in is left out."""

GRAVEBANE_ZOMBIE = real("墓いらずのゾンビ", card(
    "Gravebane Zombie", "{3}{B}", "Creature — Zombie", 3, 2,
    StaticAbility("If this creature would die, put it on top of its owner's library instead.",
                  replacements=(instead_to(Zone.LIBRARY, Zone.BATTLEFIELD, text="on top of its owner's library "
                                           "instead of dying", which=lambda c, m: m.object_id ==
                                           c.context.source_state("itself").id),))))


@check("701.24g@20260116.0@01d3bb87", "701.24a@20260116.0@8d819bc5", "614.1a@20260116.0@200be777",
       "701.21a@20260116.0@c2f68f6e", example="701.24g#1@26e671c0")
def shuffled_in_while_another_goes_on_top(expect: Expect) -> None:
    """状況: Aは《ダークスティールの巨像》と《墓いらずのゾンビ》をコントロールし、Aのライブラリーには《丘巨人》が8枚ある。
    行動: Aが巨像とゾンビを同時に生け贄に捧げる。
    結果: 巨像は墓地に置かれる代わりにライブラリーに加えて切り直され、ゾンビは墓地に置かれる代わりにライブラリーの一番上に
    置かれる。両者は同時に起こるので、切り直されたライブラリーの一番上にゾンビがあり、巨像はライブラリーの中にある。"""
    game = Game(["A", "B"], library=0)
    for _ in range(8):
        game.place(HILL_GIANT, Zone.LIBRARY, "A")
    colossus = game.place(DARKSTEEL_COLOSSUS, player="A")
    zombie = game.place(GRAVEBANE_ZOMBIE, player="A")
    game.sacrifice("A", colossus, zombie)
    library = [game.objects[i].card for i in game.players["A"].library]
    expect.equal((len(library), DARKSTEEL_COLOSSUS in library, game.graveyard("A")), (10, True, []),
                 "巨像もゾンビも墓地には行かず、ライブラリーに置かれた")
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["A"], "Aのライブラリーは切り直された")
    expect.equal(library[-1], GRAVEBANE_ZOMBIE, "切り直されたライブラリーの一番上にゾンビがある")


TELEPATHY = real("テレパシー", card("Telepathy", "{U}", "Enchantment", revealing.HandsRevealed(
    "Your opponents play with their hands revealed.")))

SILVERGILL_ADEPT = real("銀エラの達人", card(
    "Silvergill Adept", "{1}{U}", "Creature — Merfolk Wizard", 2, 1,
    AdditionalCost("As an additional cost to cast this spell, reveal a Merfolk card from your hand or pay {3}.",
                   cost=Cost(extra=(revealing.EitherCost(Cost(extra=(revealing.RevealFromHand("Merfolk"),)),
                                                         cost("{3}")),))),
    TriggeredAbility("When this creature enters, draw a card.", enters(), lambda r: r.game.draw(r.controller))))


@check("701.20c@20260116.0@6fbd99d3", "701.20a@20260116.0@007380f3", "118.8@20260116.0@47cbd720",
       "601.2h@20260116.0@a3920c0b", example="701.20c#1@424607ce")
def a_revealed_card_may_be_revealed_again(expect: Expect) -> None:
    """状況: Bは《テレパシー》（対戦相手は手札を公開したままプレイする）をコントロールしている。Aの手札に《銀エラの達人》
    （追加コストとして、手札のマーフォーク・カード1枚を公開するか{3}を支払う）と《珊瑚マーフォーク》があり、Aのマナ・プールには
    {1}{U}だけがある。
    行動: Aが、テレパシーによってすでに公開されている珊瑚マーフォークを公開することを選んで、銀エラの達人を唱える。
    結果: すでに公開されているカードを再び公開してもよいので、追加コストを支払えて、Aは{1}{U}だけで達人を唱えられる。"""
    game = Game(["A", "B"])
    game.place(TELEPATHY, player="B")
    merfolk = game.place(CORAL_MERFOLK, Zone.HAND, "A")
    adept = game.place(SILVERGILL_ADEPT, Zone.HAND, "A")
    expect.that(revealing.is_revealed(game, merfolk), "珊瑚マーフォークはテレパシーによって公開されている")
    give_mana(game, "A", "{1}{U}")
    game.choices.script(ChoiceKind.MODE, "Reveal a Merfolk card from your hand", player="A")
    game.choices.script(ChoiceKind.OBJECT, merfolk, player="A")
    spell = game.cast("A", adept)
    expect.equal([e.object_id for e in game.events(Revealed) if e.why.startswith("Reveal a Merfolk")], [merfolk.id],
                 "公開されている珊瑚マーフォークを再び公開して追加コストを支払った")
    expect.equal((game.obj(spell).zone, game.players["A"].mana.mana.total()), (Zone.STACK, 0),
                 "達人を{1}{U}だけで唱えた")
