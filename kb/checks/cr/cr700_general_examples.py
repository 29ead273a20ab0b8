"""The CR's examples of general rules of sections 1 and 7: an ability functioning in several zones
(113.6k), what targets (115.1a), piles (700.3c), devotion (700.5a), "this [quality]" references (700.7), expend (700.14)."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards_copies import (
    ABSOLVER_THRULL,
    ALTAR_OF_THE_PANTHEON,
    BALL_LIGHTNING,
    BARK_KNUCKLE_BOXER,
    DIVINATION,
    FACT_OR_FICTION,
    IMPRISONED_IN_THE_MOON,
    PURPHOROS,
)
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    CardType,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    at_beginning_of,
    card,
    create_delayed,
    modify_pt,
    target_creature,
)
from kb.engine.choices import Choice
from kb.engine.context import Context
from kb.engine.devotion import devotion_of
from kb.engine.keywords_hand import cycled


def _weaken(resolution: Resolution) -> None:
    resolution.create_effect("-1/-1 until end of turn", [modify_pt(-1, -1)], resolution.objects(0), UntilEndOfTurn())


CYCLING_SORCERY = card(
    "Test Cycling Lesson", "{1}{U}", "Sorcery", "cycling {2}",
    TriggeredAbility("When you cycle this card, target creature gets -1/-1 until end of turn.", cycled(), _weaken,
                     (target_creature(),), zones=frozenset({Zone.GRAVEYARD})),
    spell=SpellAbility("Draw a card.", lambda r: r.game.draw(r.controller)))
"""Test: a sorcery (draw a card) with cycling {2} and "when you cycle this card, target creature gets
-1/-1 until end of turn"."""


@check("115.1a@20260116.0@0970a1b5", "115.1b@20260116.0@24016061", "702.29c@20260116.0@cc4752ce",
       "601.2c@20260116.0@eb811b42", example="115.1a#1@f8a602a5")
def a_cycling_trigger_targets_but_the_sorcery_does_not(expect: Expect) -> None:
    """状況: Aの手札に、「カードを1枚引く」ソーサリーで、サイクリング{2}と「このカードをサイクリングしたとき、クリーチャー1体を
    対象とする。ターン終了時まで、それは-1/-1の修整を受ける」を持つテスト用のカードが2枚。戦場にクリーチャーはいない。
    行動: Aが1枚を唱える。次にBの《珊瑚マーフォーク》（2/1）が戦場に出て、Aがもう1枚をサイクリングする。
    結果: 呪文は対象をとらないので、クリーチャーがいなくても唱えられ、カードを1枚引く。サイクリングしたときの
    誘発型能力はクリーチャーを対象にとり、マーフォークは-1/-1の修整を受けて死亡する。"""
    game = Game(["A", "B"], library=4)
    first = in_hand(game, CYCLING_SORCERY)
    second = in_hand(game, CYCLING_SORCERY)
    give_mana(game, "A", "{1}{U}")
    game.cast("A", first)
    expect.equal(game.stack[-1].targets, (), "呪文は対象をとらず、クリーチャーがいなくても唱えられた")
    hand = len(game.hand("A"))
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "カードを1枚引いた")
    merfolk = game.place(cards.CORAL_MERFOLK, player="B")
    give_mana(game, "A", "{2}")
    game.activate("A", second, "Cycling")
    game.refresh_priority()
    [trigger] = [s for s in game.stack if s.ability is not None and s.ability.text.startswith("When you cycle")]
    expect.equal(trigger.targets, ((merfolk.id,),), "サイクリングの誘発型能力はマーフォークを対象にとった")
    game.resolve_stack()
    expect.equal(game.current(merfolk).zone, Zone.GRAVEYARD, "マーフォークは-1/-1の修整を受けて死亡した")


def _pump_then_destroy(resolution: Resolution) -> None:
    game = resolution.game
    chosen = resolution.objects(0)
    resolution.create_effect("+2/+2 until end of turn", [modify_pt(2, 2)], chosen, UntilEndOfTurn())
    for target in chosen:
        create_delayed(game, "At the beginning of the next end step, destroy that creature.",
                       at_beginning_of(Step.END, "each"), _destroying(target), resolution.controller,
                       source=resolution.source_id)


def _destroying(target: int) -> Callable[[Resolution], None]:
    def destroy(resolution: Resolution) -> None:
        if target in resolution.game.objects:
            resolution.game.destroy(target)

    return destroy


RECKLESS_SURGE = card("Test Reckless Surge", "{R}", "Instant", spell=SpellAbility(
    "Target creature gets +2/+2 until end of turn. Destroy that creature at the beginning of the next end step.",
    _pump_then_destroy, (target_creature(),)))
"""Test: the CR's example ability as an instant."""


@check("700.7@20260116.0@2b192cc4", "603.7c@20260116.0@e71fbe56", "603.7a@20260116.0@219b15a1",
       example="700.7#1@8ea1a07f")
def that_creature_is_destroyed_even_if_no_longer_a_creature(expect: Expect) -> None:
    """状況: Bの《灰色熊》が戦場にある。
    行動: Aが熊を対象に、「クリーチャー1体を対象とする。ターン終了時まで、それは+2/+2の修整を受ける。次の終了ステップの開始時に、
    そのクリーチャーを破壊する」というテスト用のインスタントを唱える。その後、Aが熊に《月への封印》（エンチャントしている
    パーマネントは無色の土地で、他のカード・タイプと能力を失う）をつける。
    結果: 熊は4/4になり、封印で土地になってクリーチャーではなくなる。それでも「そのクリーチャー」は同じオブジェクトを指すので、
    次の終了ステップの開始時に土地になった熊が破壊される。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    cast(game, "A", RECKLESS_SURGE, [bears])
    expect.equal(game.view(bears).pt, (4, 4), "熊は+2/+2で4/4")
    cast(game, "A", IMPRISONED_IN_THE_MOON, [bears])
    seen = game.view(bears)
    expect.that(seen.types == frozenset({CardType.LAND}), "月への封印で熊はクリーチャーでない土地になった")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(game.current(bears).zone, Zone.GRAVEYARD, "次の終了ステップの開始時に、土地になった熊が破壊された")


@check("700.3c@20260116.0@c99f3270", "700.3a@20260116.0@8702c9a3", example="700.3c#1@e2ed3e65")
def fact_or_fiction_piles_stay_in_the_library(expect: Expect) -> None:
    """状況: Aのライブラリーにカードが6枚ある。
    行動: Aが《嘘か真か》を唱える。Bが一番上の5枚を2枚と3枚の束に分け、Aが2枚の束を選ぶ。
    結果: 束に分けている間も、5枚はAのライブラリーにあるまま。Aが選んだ束の2枚はAの手札に、残りの3枚はAの墓地に置かれ、
    6枚目はライブラリーに残る。"""
    game = Game(["A", "B"], library=6)
    top = list(game.players["A"].library[-5:])
    while_separating: list[set[Zone]] = []

    def first_pile(choice: Choice) -> list[int]:
        while_separating.append({game.objects[o].zone for o in top})
        return top[:2]

    game.choices.script(ChoiceKind.OBJECTS, first_pile, player="B")
    game.choices.script(ChoiceKind.OBJECT, lambda c: next(p for p in c.options if len(p) == 2), player="A")
    cast(game, "A", FACT_OR_FICTION)
    expect.equal(while_separating, [{Zone.LIBRARY}], "束に分けている間、5枚はライブラリーにある")
    expect.equal(sorted(game.current(o).zone.value for o in top), ["graveyard"] * 3 + ["hand"] * 2,
                 "選んだ2枚は手札に、残り3枚は墓地に置かれた")
    expect.equal(len(game.players["A"].library), 1, "6枚目はライブラリーに残った")


@check("700.14@20260116.0@3aa3b85d", "601.2h@20260116.0@a3920c0b", "603.2@20260116.0@f9d6c5ef",
       example="700.14#1@cf97e144")
def bark_knuckle_boxer_expends_four_with_divination(expect: Expect) -> None:
    """状況: Aのライブラリーにカードがある。Aの手札に《幹拳の拳闘家》（あなたが積算4を達成するたび、ターン終了時まで破壊不能を
    得る）と《予言》（{2}{U}、カードを2枚引く）が2枚。
    行動: Aが{1}{G}を支払って拳闘家を唱え、解決後に{2}{U}で予言を唱える。その後もう1枚の予言を唱える。
    結果: 拳闘家を唱えた時点で費やしたマナは2点で、積算4には届かない。予言のコストを支払うと合計5点になり、積算4を達成して
    拳闘家の能力が誘発し、破壊不能を得る。2枚目の予言ではすでに4点以上なので、もう誘発しない。"""
    game = Game(["A", "B"], library=6)
    cast(game, "A", BARK_KNUCKLE_BOXER)
    [boxer] = [o for o in game.battlefield("A") if o.card is BARK_KNUCKLE_BOXER]
    expect.equal(game.players["A"].mana_spent_on_spells, 2, "拳闘家に2点費やした")
    expect.that(not game.view(boxer).has("indestructible"), "まだ積算4に届かず、破壊不能ではない")
    cast(game, "A", DIVINATION, resolve=False)
    game.refresh_priority()
    triggered = [s for s in game.stack if s.ability is not None and "expend" in s.ability.text]
    expect.equal(len(triggered), 1, "予言で合計5点になり、積算4を達成して能力が誘発した")
    game.resolve_stack()
    expect.that(game.view(boxer).has("indestructible"), "拳闘家は破壊不能を得た")
    cast(game, "A", DIVINATION, resolve=False)
    game.refresh_priority()
    expect.equal([s for s in game.stack if s.ability is not None], [], "2枚目の予言では誘発しない")


@check("113.6k@20260116.0@951a87ce", "702.55c@20260116.0@4ccdbb6e", "603.2@20260116.0@f9d6c5ef",
       "603.10a@20260116.0@ea7c52c5", example="113.6k#1@39dfc4ab")
def absolver_thrull_triggers_from_the_battlefield_and_from_exile(expect: Expect) -> None:
    """状況: Aの手札に《赦免のスラル》（憑依。このクリーチャーが戦場に出るか、これが憑依しているクリーチャーが死亡したとき、
    エンチャント1つを対象とし、それを破壊する）。Bは《栄光の頌歌》2つと《灰色熊》をコントロールしている。
    行動: スラルが戦場に出る。その後スラルが破壊されて熊に憑依し、次に熊が破壊される。
    結果: 1つの誘発型能力が、戦場に出たときは戦場で、憑依している熊が死亡したときは追放領域で機能し、それぞれ頌歌を1つずつ
    破壊する。"""
    game = Game(["A", "B"])
    first = game.place(cards.GLORIOUS_ANTHEM, player="B")
    second = game.place(cards.GLORIOUS_ANTHEM, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.TARGETS, first, player="A")
    thrull = game.put_onto_battlefield(ABSOLVER_THRULL, "A")
    assert thrull is not None
    game.refresh_priority()
    game.resolve_stack()
    expect.equal(game.current(first).zone, Zone.GRAVEYARD, "戦場に出たときの条件で、1つ目の頌歌が破壊された")
    game.destroy(thrull)
    game.refresh_priority()
    game.resolve_stack()
    haunting = game.current(thrull)
    expect.equal((haunting.zone, haunting.chosen.get("haunting")), (Zone.EXILE, bears.id), "スラルは熊に憑依して追放された")
    game.destroy(bears)
    game.refresh_priority()
    game.resolve_stack()
    expect.equal(game.current(second).zone, Zone.GRAVEYARD, "同じ能力が追放領域で誘発し、2つ目の頌歌が破壊された")


@check("700.5a@20260116.0@b74452a7", "700.5@20260116.0@a04063f2", "613.1d@20260116.0@f97799f6",
       example="700.5a#1@58bb3b2c")
def purphoros_counts_the_altar_and_is_a_creature(expect: Expect) -> None:
    """状況: Aは《鍛冶の神、パーフォロス》（{3}{R}。赤への信心が5未満であるかぎりクリーチャーではない）と、コストが{R}{R}{R}の
    《ボール・ライトニング》をコントロールしている。
    行動: Aが《万神殿の祭壇》（あなたの各色への信心は1多くなる）を戦場に出す。
    結果: 祭壇がないうち、赤への信心は4でパーフォロスはクリーチャーではない。祭壇があると信心はパーフォロスのタイプ変更効果の
    前に計算されて5になり、パーフォロスは6/5のクリーチャーである。"""
    game = Game(["A", "B"])
    purphoros = game.place(PURPHOROS, player="A")
    game.place(BALL_LIGHTNING, player="A")
    expect.equal(devotion_of(Context(game, game.views(), None, "A"), "A", "R"), 4, "祭壇がなければ赤への信心は4")
    expect.that(not game.view(purphoros).is_a(CardType.CREATURE), "信心4ではパーフォロスはクリーチャーではない")
    game.put_onto_battlefield(ALTAR_OF_THE_PANTHEON, "A")
    seen = game.view(purphoros)
    expect.that(seen.is_a(CardType.CREATURE) and seen.pt == (6, 5), "祭壇で信心は5になり、パーフォロスは6/5のクリーチャー")
