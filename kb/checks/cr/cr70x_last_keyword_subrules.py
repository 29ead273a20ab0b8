"""The last behaviour subrules of keyword actions and abilities (701, 702): two instances of blitz
each looking at their own payment; shown cards that are reordered becoming new objects, looking as
revealing to one player, and the cards found left out of the shuffle that follows a search; ..."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.cr.cr701_behaviours import SHUFFLE_WATCHER
from kb.checks.cr.cr702_27_casting_keywords import FIERY_TEMPER
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, library_top_first
from kb.engine import (
    FOREST,
    ISLAND,
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    Step,
    Zone,
    card,
    cost,
    finding,
    keyword_actions,
    shown_cards,
)
from kb.engine.events import Revealed
from kb.engine.visibility import may_see_face

# -- 702.152b: several instances of blitz ---------------------------------------------------------------

TWICE_BLITZED = card("Test Twice-Blitzed Raider", "{3}{R}", "Creature — Goblin Warrior", 3, 3,
                     "blitz {R}", "blitz {2}{R}")
"""Test: a 3/3 with two instances of blitz, one costing {R} and one costing {2}{R}."""


@check("702.152b@20260116.0@198bca45", "702.152a@20260116.0@d0b6a99e", "118.9a@20260116.0@e1493d87")
def each_blitz_looks_at_its_own_payment(expect: Expect) -> None:
    """状況: Aの手札に奇襲{R}と奇襲{2}{R}の2つを持つテスト用の3/3がある。ライブラリーにカード3枚。
    行動: Aが奇襲{R}の方で唱え（使える奇襲は1つだけ）、攻撃し、終了ステップを迎える。
    結果: 奇襲{R}で唱えたものは速攻を持って攻撃でき、終了ステップの開始時に1回だけ生け贄に捧げられる。死亡したときの「カードを1枚引く」は支払われた奇襲{R}のものだけが与えるので、Aは1枚だけ引く
    （奇襲{2}{R}は自分のための支払いを参照し、{R}の支払いを参照しない）。"""
    game = Game(["A", "B"])
    for _ in range(3):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    raider = game.place(TWICE_BLITZED, Zone.HAND, "A")
    give_mana(game, "A", "{R}")
    game.cast("A", raider, alternative="blitz {R}")
    game.resolve_stack()
    [made] = game.creatures("A")
    expect.that(game.view(made).has("haste"), "奇襲{R}で唱えたので速攻を持つ")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([made])
    hand = len(game.hand("A"))
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(made.id not in game.objects, "終了ステップの開始時に生け贄に捧げられた")
    expect.equal(len(game.hand("A")) - hand, 1, "支払われた奇襲の能力だけが誘発し、Aは1枚だけ引いた")


# -- 701.20d, 701.20e: shown cards in a reordered library -------------------------------------------------


@check("701.20d@20260116.0@a990fb37", "701.20e@20260116.0@07b32c70", "701.20a@20260116.0@007380f3",
       "701.24a@20260116.0@8d819bc5")
def shown_cards_stop_being_shown_when_the_library_is_shuffled(expect: Expect) -> None:
    """状況: Bのライブラリーは上から《丘巨人》《灰色熊》《森》である。
    行動: 効果によりAがBのライブラリーの一番上のカードを見て、次にBが2枚目のカードを公開する。そのあとBがライブラリーを切り直す。
    結果: Aが見たカードはAにだけ見え、Bの目には見えない（見ることは、そのプレイヤーにだけ公開することと同じ）。公開した灰色熊は
    両方のプレイヤーに見える。切り直されると、見られたカードも公開されたカードも公開が終わって新しいオブジェクトになり、
    Bのライブラリーのカードはどれも誰にも見えない。"""
    game = Game(["A", "B"], library=0)
    giant, bears, _ = library_top_first(game, "B", HILL_GIANT, GRIZZLY_BEARS, FOREST)
    game.place(ISLAND, Zone.LIBRARY, "A")
    shown_cards.look_at(game, "A", [giant.id])
    expect.that(may_see_face(game, "A", giant) and not may_see_face(game, "B", giant),
                "Aが見た丘巨人はAにだけ見え、オーナーのBにも見えない")
    shown_cards.reveal(game, [bears.id])
    expect.that(may_see_face(game, "A", bears) and may_see_face(game, "B", bears), "公開した灰色熊は両方に見える")
    keyword_actions.shuffle(game, "B")
    expect.that(giant.id not in game.objects and bears.id not in game.objects,
                "切り直しで順番が変わった丘巨人と灰色熊は新しいオブジェクトになった")
    library = [game.objects[i] for i in game.players["B"].library]
    expect.that(len(library) == 3 and not any(may_see_face(game, p, o) for p in ("A", "B") for o in library),
                "切り直したあと、Bのライブラリーのカードはどれも見えない")


# -- 701.24b: searching, shuffling, then putting the found card on top ------------------------------------


def _worldly_tutor(r: Resolution) -> None:
    game, you = r.game, r.controller
    found = keyword_actions.search(game, you, you, Zone.LIBRARY, lambda v: v.is_a("Creature"), up_to=1)
    shown_cards.reveal(game, found, "revealed by Worldly Tutor")
    shown_cards.shuffle_leaving_out(game, you, found)
    shown_cards.put_on_top(game, you, found)


WORLDLY_TUTOR = real("俗世の教示者", card("Worldly Tutor", "{G}", "Instant", spell=SpellAbility(
    "Search your library for a creature card, reveal it, then shuffle and put the card on top.", _worldly_tutor)))
"""俗世の教示者: ライブラリーからクリーチャー・カード1枚を探して公開し、切り直してからそのカードを一番上に置く。"""


@check("701.24b@20260116.0@fd3a0434", "701.24a@20260116.0@8d819bc5", "701.23a@20260116.0@5a5a8334",
       "701.20d@20260116.0@a990fb37")
def found_cards_are_left_out_of_the_shuffle(expect: Expect) -> None:
    """状況: Aは「あなたがライブラリーを切り直すたび、あなたは1点のライフを得る。」を持つエンチャントをコントロールしている。
    Aのライブラリーは上から《森》《島》《山》《丘巨人》《森》《島》《山》である。
    行動: Aが《俗世の教示者》を唱え、丘巨人を探して公開し、切り直してからそれを一番上に置く。
    結果: 見つけた丘巨人はライブラリーに残ったまま切り直しに含まれないので、公開された同じカードとして一番上に置かれる
    （切り直しに含まれたなら、公開されたカードは新しいオブジェクトになり、一番上に置くカードを見失う）。切り直したときの
    能力は誘発し、Aは1点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    game.place(SHUFFLE_WATCHER, player="A")
    library_top_first(game, "A", FOREST, ISLAND, MOUNTAIN, HILL_GIANT, FOREST, ISLAND, MOUNTAIN)
    giant = next(game.objects[i] for i in game.players["A"].library if game.objects[i].card is HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECTS, [giant], player="A")
    cast(game, "A", WORLDLY_TUTOR)
    expect.that(any(isinstance(e, Revealed) and e.object_id == giant.id for e in game.log), "丘巨人を探して公開した")
    library = game.players["A"].library
    expect.equal((len(library), library[-1]), (7, giant.id), "公開した丘巨人がそのまま一番上に置かれた")
    expect.equal(game.players["A"].life, 21, "切り直したときの能力が誘発し、1点のライフを得た")


# -- 702.35c: the discarded card after a madness trigger ----------------------------------------------------


def _exile_the_discarded_card(r: Resolution) -> None:
    for discarded in r.item.options.get("discarded", ()):
        found = finding.moved_object(r.game, discarded)
        if found is not None:
            r.game.move(found, Zone.EXILE)


DISCARD_EXILER = card("Test Discard Exiler", "{1}", "Artifact", ActivatedAbility(
    "Discard a card: Exile the discarded card.", cost("Discard a card"), _exile_the_discarded_card))
"""Test: an artifact with "Discard a card: Exile the discarded card"."""


@check("702.35c@20260116.0@725d9f88", "400.7k@20260116.0@320ba934", "400.7j@20260116.0@d217751b",
       "702.35a@20260116.0@6e5d7751")
def the_discarded_card_found_after_its_madness_trigger(expect: Expect) -> None:
    """状況: Aは「カード1枚を捨てる：捨てたカードを追放する。」を持つテスト用アーティファクトをコントロールし、手札に《丘巨人》と
    《癇しゃく》（マッドネス{R}）がある。
    行動: Aが丘巨人を捨てて起動し、能力が解決する。次に癇しゃくを捨てて起動し、先に誘発したマッドネスの能力の解決では唱えないことを
    選び、そのあと起動型能力が解決する。
    結果: 丘巨人はコストで墓地（公開領域）に移動したので、能力はそれを見つけて追放する。癇しゃくは追放され、マッドネスの能力で唱え
    られずに墓地に移動して新しいオブジェクトになるが、捨てたカードを参照する効果はそれを見つけられるので、これも追放される。"""
    game = Game(["A", "B"])
    exiler = game.place(DISCARD_EXILER, player="A")
    giant = game.place(HILL_GIANT, Zone.HAND, "A")
    game.activate("A", exiler)
    game.resolve_stack()
    expect.equal(game.current(giant).zone, Zone.EXILE, "コストで墓地に捨てた丘巨人は見つけられて追放された")
    temper = game.place(FIERY_TEMPER, Zone.HAND, "A")
    game.activate("A", exiler)
    expect.equal(game.current(temper).zone, Zone.EXILE, "捨てた癇しゃくはマッドネスで追放された")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.resolve_stack()
    exiled = [o.card for o in game.in_zone(Zone.EXILE, "A")]
    expect.equal((exiled.count(FIERY_TEMPER), game.graveyard("A")), (1, []),
                 "唱えずに墓地に置かれた癇しゃくも、捨てたカードとして見つけられて追放された")
