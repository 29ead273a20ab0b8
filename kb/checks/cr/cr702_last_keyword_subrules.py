"""The last behaviour subrules of keyword abilities (702): class levels and level counters apart (702.87c),
a sticker kicker cost paid, kicking the spell and
bringing a ticket counter and a sticker (702.33h), the discarded card found after its madness trigger put
it into a public zone uncast (702.35c), a companion put into the hand in a Commander game,
where nothing else comes from outside the game (702.139d), and each instance of blitz looking only at its own
payment (702.152b)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.cr.cr702_27_casting_keywords import FIERY_TEMPER
from kb.checks.cr.cr702_139_companion import LURRUS
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import (
    PLAINS,
    ActivatedAbility,
    ChoiceKind,
    Game,
    Phase,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    Sticker,
    TriggeredAbility,
    Zone,
    card,
    commander,
    companion,
    cost,
    counters,
    creatures,
    enters,
    finding,
    gain,
    library_actions,
    modify_pt,
)
from kb.engine.choices import Choice
from kb.engine.classes import class_level, level_bar
from kb.engine.keywords_casting import kicked
from kb.engine.starting import begin_game
from kb.engine.sticker_kicker import TICKET

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


# -- 702.33h: sticker kicker ------------------------------------------------------------------------------------


def _gain_three_if_kicked(r: Resolution) -> None:
    if kicked(r.game, r.source_id):
        r.game.gain_life(r.controller, 3)


STICKER_KICKED_BEAR = card("Test Sticker-Kicked Bear", "{1}{G}", "Creature — Bear", 2, 2, "sticker kicker {1}",
                           TriggeredAbility("When this creature enters, if it was kicked, you gain 3 life.", enters(),
                                            _gain_three_if_kicked))
"""Test: a 2/2 with sticker kicker {1} and "When this creature enters, if it was kicked, you gain 3 life"."""


@check("702.33h@20260116.0@5f3e4fe7", "702.33a@20260116.0@13d20a81", "702.33d@20260116.0@ab1929e9",
       "123.5@20260116.0@676ba538")
def sticker_kicker_kicks_and_brings_a_ticket_and_a_sticker(expect: Expect) -> None:
    """状況: Aの手札に、ステッカー・キッカー{1}と「これが戦場に出たとき、これがキッカーされていたなら、あなたは3点のライフを得る。」を
    持つテスト用の2/2が2枚ある。
    行動: Aが1枚目をステッカー・キッカーのコストを支払って唱え、呪文に4/4のパワー・タフネス・ステッカーを貼る。次に2枚目をキッカー
    せずに唱える。
    結果: 1枚目はキッカーされているのでAは3点のライフを得て、チケット・カウンターを1個得る。呪文に貼ったステッカーは戦場に出た
    パーマネントに残り、4/4になる。キッカーしなかった2枚目では、チケット・カウンターもライフも得ず、2/2のままである。"""
    game = Game(["A", "B"])
    first = game.place(STICKER_KICKED_BEAR, Zone.HAND, "A")
    give_mana(game, "A", "{1}{1}{G}")
    game.choices.script(ChoiceKind.OBJECT, Sticker(4, 4), player="A")
    game.cast("A", first, additional=("sticker kicker",))
    game.resolve_stack()
    [bear] = game.creatures("A")
    expect.equal(game.players["A"].life, 23, "キッカーされていたので3点のライフを得た")
    expect.equal(game.players["A"].counter(TICKET), 1, "チケット・カウンターを1個得た")
    expect.equal(game.view(bear).pt, (4, 4), "呪文に貼ったステッカーが残り、4/4になった")
    second = game.place(STICKER_KICKED_BEAR, Zone.HAND, "A")
    give_mana(game, "A", "{1}{G}")
    game.cast("A", second)
    game.resolve_stack()
    plain = next(c for c in game.creatures("A") if c.id != bear.id)
    expect.equal((game.players["A"].life, game.players["A"].counter(TICKET), game.view(plain).pt), (23, 1, (2, 2)),
                 "キッカーしなかった2枚目では何も得ず、2/2のまま")


# -- 702.139d: a companion in a Commander game ---------------------------------------------------------------

TEYSA_KARLOV = real("テイサ・カルロフ", card("Teysa Karlov", "{2}{W}{B}", "Legendary Creature — Human Advisor", 2, 4))
"""テイサ・カルロフ: 白黒の伝説のクリーチャー（統率者として使う。能力は省く）。"""

WHITE_LESSON = card("Test White Lesson", "{1}{W}", "Sorcery — Lesson", spell=SpellAbility(
    "You gain 2 life.", lambda r: r.game.gain_life(r.controller, 2)))
"""Test: a white Lesson sorcery, "You gain 2 life"."""


@check("702.139d@20260116.0@9d356ae0", "903.11@20260116.0@9e0ee437", "702.139a@20260116.0@4512fc64",
       "701.48a@20260116.0@c3d2a0c3")
def a_companion_enters_a_commander_game(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者は《テイサ・カルロフ》、デッキは《平地》だけ。Aはゲームの外部に《夢の巣のルールス》と、白の
    テスト用レッスン・カードを持ち、ゲーム開始前にルールスを相棒として公開する。
    行動: Aの第1メイン・フェイズに{3}を支払ってルールスを手札に加える。次にAが学習を行う。
    結果: 統率者戦ではゲームの外部からカードを持ち込めないが、相棒の特別な処理は例外なので、ルールスは手札に加わる。学習では
    ゲームの外部のレッスンを持ってくる選択肢はなく、手札のカードを捨てて引くか何もしないかしか選べない。"""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    for _ in range(10):
        game.place(PLAINS, Zone.LIBRARY, "A")
        game.place(PLAINS, Zone.LIBRARY, "B")
    commander.start(game, TEYSA_KARLOV, "A")
    game.players["A"].outside.extend([LURRUS, WHITE_LESSON])
    companion.reveal(game, "A", LURRUS)
    game.choices.script(ChoiceKind.MULLIGAN, False, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="B")
    begin_game(game)
    game.advance_to(Phase.PRECOMBAT_MAIN, "A")
    give_mana(game, "A", "{3}")
    lurrus = companion.put_into_hand(game, "A")
    expect.equal((lurrus.zone, lurrus.card), (Zone.HAND, LURRUS), "相棒の特別な処理で、ルールスが統率者戦のゲームに加わった")
    offered: list[object] = []

    def nothing(choice: Choice) -> None:
        offered.extend(choice.options)

    game.choices.script(ChoiceKind.MODE, nothing, player="A")
    library_actions.learn(game, "A", game.players["A"].outside)
    expect.that(bool(offered) and "Test White Lesson" not in offered and None in offered,
                "学習では、ゲームの外部のレッスンは選択肢にない")


# -- 702.87c: class levels are no level counters -------------------------------------------------------------

TEST_CLASS = card("Test Class", "{1}{W}", "Enchantment — Class",
                  *level_bar(2, "{1}", StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),),
                                                      creatures(controller="you"))),
                  *level_bar(3, "{2}", StaticAbility("Creatures you control have flying.", (gain("flying"),),
                                                      creatures(controller="you"))))
"""Test: a Class with "{1}: Level 2 — Creatures you control get +1/+1" and "{2}: Level 3 — Creatures you control
have flying"."""


@check("702.87c@20260116.0@2dbf896b", "716.2a@20260116.0@dee9f5d0", "716.2d@20260116.0@f6b92fa4",
       "716.4@20260116.0@4da2a5e4")
def class_levels_are_not_level_counters(expect: Expect) -> None:
    """状況: Aは《灰色熊》と、「{1}：レベル2 ― あなたがコントロールするクリーチャーは+1/+1の修整を受ける。」「{2}：レベル3 ―
    あなたがコントロールするクリーチャーは飛行を持つ。」を持つテスト用のクラスをコントロールしている。効果によりクラスにLvカウンター
    2個が置かれている。
    行動: Aがレベル2の能力を起動して解決する。
    結果: クラスはレベルを持たないのでレベル1として扱われ、Lvカウンターはクラス・レベルと関係しない。レベルが1なのでレベル2の
    能力を起動でき、熊は3/3になる。クラスがレベル2になってもLvカウンターは2個のまま増えない。"""
    game = Game(["A", "B"])
    klass = game.place(TEST_CLASS, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    counters.put(game, klass, "level", 2)
    give_mana(game, "A", "{1}")
    game.activate("A", klass, "{1}: Level 2")
    game.resolve_stack()
    expect.equal((class_level(game, klass.id), game.view(bears).pt), (2, (3, 3)),
                 "Lvカウンターがあってもレベル1のクラスとしてレベル2の能力を起動でき、熊は3/3になった")
    expect.equal((game.view(klass).counters.get("level", 0), game.view(bears).has("flying")), (2, False),
                 "レベル2になってもLvカウンターは2個のままで、レベル3の能力は得ていない")
