"""Keyword actions that reveal or dig through cards (701.4 behold, 701.20 reveal, 701.29 fateseal,
701.30 clash, 701.48 learn, 701.57 discover), through :mod:`kb.engine.library_actions`."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, library_top_first
from kb.engine import (
    FOREST,
    ISLAND,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    TriggeredAbility,
    UntilEndOfTurn,
    View,
    Zone,
    card,
    enters,
    target_creature,
)
from kb.engine import library_actions as la
from kb.engine.choices import Choice
from kb.engine.events import Discovered, Revealed
from kb.engine.parts import add_types


def _spin(r: Resolution) -> None:
    for creature in r.objects(0):
        owner = r.game.objects[creature].owner
        r.game.move(creature, Zone.LIBRARY)
        la.fateseal(r.game, r.controller, owner, 2)


SPIN_INTO_MYTH = real("神話送り", card("Spin into Myth", "{4}{U}", "Instant", spell=SpellAbility(
    "Put target creature on top of its owner's library, then fateseal 2.", _spin, (target_creature(),))))


def _whelm(r: Resolution) -> None:
    won = la.clash_with_an_opponent(r.game, r.controller)
    for creature in r.objects(0):
        to_top = won and bool(r.game.choices.ask(Choice(ChoiceKind.MAY, r.controller, "put that creature on top of "
                                                        "its owner's library instead", (True, False))))
        r.game.move(creature, Zone.LIBRARY if to_top else Zone.HAND)


WHIRLPOOL_WHELM = real("渦巻沈め", card("Whirlpool Whelm", "{1}{U}", "Instant", spell=SpellAbility(
    "Clash with an opponent, then return target creature to its owner's hand. If you win, you may put that "
    "creature on top of its owner's library instead.", _whelm, (target_creature(),))))

GEOLOGICAL_APPRAISER = real("地質鑑定士", card(
    "Geological Appraiser", "{2}{R}{R}", "Creature — Human Artificer", 3, 2,
    TriggeredAbility("When this creature enters, discover 3.", enters(),
                     lambda r: la.discover(r.game, r.controller, 3) and None)))
"""地質鑑定士; its condition "if you cast it" is left out (the checks cast it)."""

LESSON = card("Test Lesson", "{2}", "Sorcery — Lesson", spell=SpellAbility("You gain 2 life.",
                                                                        lambda r: r.game.gain_life(r.controller, 2)))


@check("701.29a@20260116.0@7da1d507")
def fateseal_rearranges_an_opponents_library(expect: Expect) -> None:
    """状況: Bは《丘巨人》をコントロールし、Bのライブラリーの一番上は《灰色熊》である。
    行動: Aが《神話送り》で丘巨人をBのライブラリーの一番上に置き、消術2で丘巨人をBのライブラリーの一番下に置く。
    結果: 丘巨人はBのライブラリーの一番下にあり、一番上は灰色熊のままである。選んだのはAである。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="B")
    [bears] = library_top_first(game, "B", GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECTS, lambda c: [i for i in game.players["B"].library
                                                       if game.objects[i].card is HILL_GIANT], player="A")
    cast(game, "A", SPIN_INTO_MYTH, [giant])
    library = game.players["B"].library
    expect.equal(game.objects[library[0]].card, HILL_GIANT, "丘巨人はBのライブラリーの一番下にある")
    expect.equal(library[-1], bears.id, "一番上は灰色熊のまま")


@check("701.30a@20260116.0@a2ff328f", "701.30b@20260116.0@1e7f68bb", "701.30c@20260116.0@3e4f87da",
       "701.30d@20260116.0@c6dc0404", "701.20b@20260116.0@9b1a9585")
def clashing_with_an_opponent(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上は《丘巨人》（マナ総量4）、Bのライブラリーの一番上は《灰色熊》（マナ総量2）である。
    Bは《灰色熊》をコントロールしている。
    行動: Aが《渦巻沈め》でBの灰色熊を対象にし、Bと激突を行う。Aは公開した丘巨人をライブラリーの一番下に置くことを選び、Bはそのまま残す。
    結果: 両者のカードが公開され、公開によってはカードは移動しない。マナ総量が大きいカードを公開したAが激突に勝つ。Aの丘巨人はライブラリーの
    一番下に、Bの灰色熊は一番上に残る。勝ったので、対象の灰色熊はBのライブラリーの一番上に置かれる。"""
    game = Game(["A", "B"])
    [giant] = library_top_first(game, "A", HILL_GIANT)
    [top] = library_top_first(game, "B", GRIZZLY_BEARS)
    target = game.place(GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="B")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", WHIRLPOOL_WHELM, [target])
    revealed = {e.object_id for e in game.events(Revealed) if e.why == "clash"}
    expect.equal(revealed, {giant.id, top.id}, "両者がライブラリーの一番上のカードを公開した")
    expect.equal((game.players["A"].library[0], top.id in game.players["B"].library), (giant.id, True),
                 "Aの丘巨人は一番下に移り、Bの灰色熊はそのまま残った")
    expect.that(game.objects[game.players["B"].library[-1]].card is GRIZZLY_BEARS
                and game.players["B"].library[-1] != top.id and not game.battlefield("B"),
                "Aが激突に勝ったので、対象の灰色熊はBのライブラリーの一番上に置かれた")


@check("701.30d@20260116.0@c6dc0404", "701.30a@20260116.0@a2ff328f")
def a_tied_clash_has_no_winner(expect: Expect) -> None:
    """状況: AとBのライブラリーの一番上はどちらも《灰色熊》（マナ総量2）である。Bは《丘巨人》をコントロールしている。
    行動: Aが《渦巻沈め》で丘巨人を対象にし、Bと激突を行う。どちらもカードをそのまま残す。
    結果: 他のすべてのカードより大きいマナ総量のカードを公開したプレイヤーはいないので、誰も勝たない。丘巨人はBの手札に戻る。"""
    game = Game(["A", "B"])
    library_top_first(game, "A", GRIZZLY_BEARS)
    library_top_first(game, "B", GRIZZLY_BEARS)
    giant = game.place(HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="B")
    cast(game, "A", WHIRLPOOL_WHELM, [giant])
    from kb.engine.events import Clashed

    expect.equal([e.winners for e in game.events(Clashed)], [()], "同じマナ総量なので誰も勝たない")
    expect.that(any(o.card is HILL_GIANT for o in game.hand("B")), "丘巨人はBの手札に戻った")


@check("701.57a@20260116.0@6a305056", "701.57c@20260116.0@259494c3")
def discover_exiles_until_a_small_nonland_card(expect: Expect) -> None:
    """状況: Aのライブラリーは上から《森》《丘巨人》（マナ総量4）《灰色熊》（マナ総量2）《島》の順である。
    行動: Aが《地質鑑定士》を唱え、戦場に出たときの能力で発見3を行う。Aは灰色熊を唱えないことを選ぶ。
    結果: 森、丘巨人、灰色熊の順に追放し、マナ総量3以下の土地でない灰色熊で止まる。灰色熊が発見したカードで、Aの手札に入る。
    森と丘巨人はライブラリーの一番下に置かれ、島は一番上に残る。"""
    game = Game(["A", "B"], library=0)
    *_, island = library_top_first(game, "A", FOREST, HILL_GIANT, GRIZZLY_BEARS, ISLAND)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", GEOLOGICAL_APPRAISER)
    expect.equal([game.last_known_view(e.card).name for e in game.events(Discovered) if e.card is not None],
                 ["Grizzly Bears"], "灰色熊が発見したカード")
    expect.that(any(o.card is GRIZZLY_BEARS for o in game.hand("A")), "唱えなかった灰色熊は手札に入った")
    library = game.players["A"].library
    expect.equal(({game.objects[i].card.name for i in library[:2]}, library[-1]), ({"Forest", "Hill Giant"}, island.id),
                 "残りの追放したカードはライブラリーの一番下にあり、島は一番上に残った")


@check("701.57b@20260116.0@3dd05940", "701.57a@20260116.0@6a305056")
def discover_finds_nothing(expect: Expect) -> None:
    """状況: Aのライブラリーは《森》と《丘巨人》（マナ総量4）だけである。
    行動: Aが発見3を行う。
    結果: 条件を満たすカードはないので、両方を追放した後にライブラリーの一番下に戻し、発見したカードはない。それでもAは発見を行った。"""
    game = Game(["A", "B"], library=0)
    library_top_first(game, "A", FOREST, HILL_GIANT)
    found = la.discover(game, "A", 3)
    expect.equal((found, [e.card for e in game.events(Discovered)]), (None, [None]), "発見したカードはないが、発見を行った")
    expect.equal(sorted(game.objects[i].card.name for i in game.players["A"].library), ["Forest", "Hill Giant"],
                 "追放したカードはライブラリーに戻った")


@check("701.48a@20260116.0@c3d2a0c3")
def learning(expect: Expect) -> None:
    """状況: Aの手札に《丘巨人》があり、ゲームの外に講義のソーサリー・カードを持っている。
    行動: Aが履修を行い、丘巨人を捨てる。もう一度履修を行い、今度はカードを捨てず、ゲームの外の講義を選ぶ。
    結果: 1回目は丘巨人を捨ててカードを1枚引く。2回目は講義を公開して手札に加える。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, Zone.HAND, "A")
    game.choices.script(ChoiceKind.MODE, giant.id, player="A")
    la.learn(game, "A", [LESSON])
    hand = game.hand("A")
    expect.that(any(o.card is HILL_GIANT for o in game.graveyard("A")) and len(hand) == 1 and hand[0].card is not LESSON,
                "丘巨人を捨ててカードを1枚引いた")
    game.choices.script(ChoiceKind.MODE, "Test Lesson", player="A")
    lesson = la.learn(game, "A", [LESSON])
    expect.that(lesson is not None and game.objects[lesson].zone is Zone.HAND and game.objects[lesson].card is LESSON
                and any(e.object_id == lesson for e in game.events(Revealed)), "ゲームの外の講義を公開して手札に加えた")


def _is_elf(view: View) -> bool:
    return "Elf" in view.subtypes


@check("701.4a@20260116.0@8166f8bc", "701.4b@20260116.0@77d87624", "701.20a@20260116.0@007380f3")
def beholding(expect: Expect) -> None:
    """状況: Aの手札に《灰色熊》があり、Aは効果によってエルフでもある《丘巨人》をコントロールしている。
    行動: Aがエルフの後見を受け、丘巨人を選ぶ。その後、ターンが終わって丘巨人をエルフにしていた効果が終わる。次に、手札の灰色熊を
    エルフにする効果の下で、もう一度エルフの後見を受け、灰色熊を公開する。
    結果: 1回目は戦場のパーマネントを選んだので何も公開しない。丘巨人がもうエルフでなくても、後見を受けた時点でエルフだったので
    「エルフの後見を受けていた」ことになる。2回目は手札の灰色熊が公開されるが、手札に残る。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    bears = game.place(GRIZZLY_BEARS, Zone.HAND, "A")
    game.create_effect("an Elf", [add_types(subtypes=["Elf"])], [giant], UntilEndOfTurn())
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    beheld = la.behold(game, "A", "Elf", _is_elf)
    expect.equal((beheld.object_id if beheld else None, game.events(Revealed)), (giant.id, []),
                 "戦場の丘巨人を選び、何も公開しなかった")
    game.next_turn()
    expect.that(not _is_elf(game.view(giant)) and la.was_beheld(game, beheld, _is_elf),
                "丘巨人はもうエルフではないが、エルフの後見を受けていた")
    game.create_effect("an Elf", [add_types(subtypes=["Elf"])], [bears], UntilEndOfTurn())
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    la.behold(game, "A", "Elf", _is_elf)
    expect.that([e.object_id for e in game.events(Revealed)] == [bears.id] and bears.zone is Zone.HAND,
                "手札の灰色熊を公開し、灰色熊は手札に残った")



def _dig(r: Resolution) -> None:
    from kb.engine import instructions

    milled = la.milled_cards(r.game, instructions.mill(r.game, r.controller, 2))
    creatures = [i for i in milled if r.game.view(i).is_a("Creature")]
    if creatures:
        r.game.move(creatures[0], Zone.HAND)


GRAVE_DIGGER = card("Test Grave Digger", "{1}{B}", "Sorcery", spell=SpellAbility(
    "Mill two cards. Then return a creature card milled this way to your hand.", _dig))


@check("701.17c@20260116.0@95b07c51", "701.17a@20260116.0@30e9c1ad", "614.1a@20260116.0@200be777")
def milled_cards_found_where_they_went(expect: Expect) -> None:
    """状況: 《安らかなる眠り》が戦場にあり、Aのライブラリーは上から《丘巨人》《森》である。
    行動: Aが「カードを2枚切削する。その後、これにより切削したクリーチャー・カード1枚をあなたの手札に戻す。」ソーサリーを唱える。
    結果: 切削したカードは安らかなる眠りにより墓地でなく追放領域に置かれるが、追放領域は公開領域なので効果はそこで丘巨人を
    見つけ、Aの手札に戻す。"""
    from kb.checks.cr.cr614_replacement import REST_IN_PEACE

    game = Game(["A", "B"], library=0)
    game.place(REST_IN_PEACE, player="B")
    library_top_first(game, "A", HILL_GIANT, FOREST)
    cast(game, "A", GRAVE_DIGGER)
    expect.that(any(o.card is FOREST for o in game.in_zone(Zone.EXILE, "A")), "切削したカードは追放領域に置かれた")
    expect.that(any(o.card is HILL_GIANT for o in game.hand("A")), "追放領域の丘巨人を見つけて手札に戻した")
