"""The CR's examples of general rules of sections 1 and 7: what targets (115.1a), "this [quality]"
references (700.7)."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards_copies import IMPRISONED_IN_THE_MOON
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    CardType,
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
