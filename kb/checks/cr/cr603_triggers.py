"""Triggered abilities (603): looking back in time, the order they go on the stack, delayed and
state triggers, the intervening "if"."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    at_beginning_of,
    attached_to_this,
    becomes_unattached,
    becomes_untapped,
    card,
    condition,
    control,
    countered,
    create_delayed,
    creatures,
    dies,
    leaves_graveyard,
    modify_pt,
    put_into_graveyard_from_anywhere,
    state,
    target_creature,
    target_spell,
    this_object,
    you_lose_control,
)
from kb.engine import stack as stack_rules

gain = cards._gain_life

CANCEL = real("取り消し", card("Cancel", "{1}{U}{U}", "Instant", spell=SpellAbility(
    "Counter target spell.", lambda r: stack_rules.counter(r.game, stack_rules.find(r.game, r.target))  # type: ignore[arg-type]
    if r.target is not None else None, (target_spell(),))))

DEATH_WATCHER = card("Test Death Watcher", "{2}", "Creature — Spirit", 1, 1,
                     TriggeredAbility("Whenever a creature dies, you gain 1 life.", dies(creatures()), gain(1)))
"""Test: a 1/1 with "Whenever a creature dies, you gain 1 life" (it sees itself die too)."""

GRAVE_WATCHER = card("Test Grave Watcher", "{2}", "Creature — Spirit", 1, 1,
                     TriggeredAbility("Whenever a card is put into a graveyard from anywhere, you gain 10 life.",
                                      put_into_graveyard_from_anywhere(creatures(zones=(Zone.GRAVEYARD,))),
                                      gain(10)))
"""Test: "Whenever a creature card is put into a graveyard from anywhere, you gain 10 life"."""


@check("603.10a@20260116.0@ea7c52c5", "603.6c@20260116.0@6516b9fe")
def dies_triggers_look_back(expect: Expect) -> None:
    """状況: Aの「クリーチャーが死亡するたび、あなたは1点のライフを得る」テスト用クリーチャーと《灰色熊》2体。
    行動: Aが《神の怒り》を唱え、すべて同時に破壊される。
    結果: 戦場を離れる誘発は直前を振り返るので、自分自身を含めて3回誘発し、Aは23点になる。"""
    game = Game(["A", "B"])
    game.place(DEATH_WATCHER)
    game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.equal(game.players["A"].life, 23, "同時に死亡した自分自身と熊2体のぶん3回誘発した")


@check("603.6c@20260116.0@6516b9fe", "603.10@20260116.0@05c6c0a3")
def from_anywhere_triggers_do_not_look_back(expect: Expect) -> None:
    """状況: Aの「クリーチャー・カードがいずれかの領域から墓地に置かれるたび、10点のライフを得る」テスト用クリーチャーと《灰色熊》。
    行動: 熊が単独で破壊され、のちに《神の怒り》で両方が破壊される。
    結果: 熊だけのときは誘発する。「いずれかの領域から」は戦場を離れる誘発ではないので振り返らず、自分と一緒に死んだときは
    誘発しない。"""
    game = Game(["A", "B"])
    game.place(GRAVE_WATCHER)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.destroy(bears)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 30, "熊だけが墓地に置かれたときは誘発した")
    game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.equal(game.players["A"].life, 30, "自分も同時に戦場を離れると、振り返らないので誘発しない")


@check("603.10a@20260116.0@ea7c52c5")
def leaving_a_graveyard_looks_back(expect: Expect) -> None:
    """状況: Aの墓地に「このカードがあなたの墓地を離れたとき、3点のライフを得る」テスト用カードがある。
    行動: それが追放される。
    結果: 墓地を離れる誘発は直前を振り返るので、墓地にあったときの能力で誘発し、Aは23点になる。"""
    game = Game(["A", "B"])
    relic = game.place(card("Test Relic", "{1}", "Creature — Spirit", 1, 1, TriggeredAbility(
        "When this card leaves your graveyard, you gain 3 life.", leaves_graveyard(), gain(3),
        zones=frozenset({Zone.GRAVEYARD}))), Zone.GRAVEYARD, "A")
    game.exile(relic)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "墓地を離れて誘発した")


@check("603.10c@20260116.0@075cb8c3", "701.3d@20260116.0@2374f380")
def becoming_unattached_looks_back(expect: Expect) -> None:
    """状況: Aの《灰色熊》に「このオーラがはずれたとき、4点のライフを得る」テスト用オーラがついている。
    行動: オーラが破壊される。
    結果: 戦場を離れたオーラは「はずれた」ことになり、振り返るので自分の能力で誘発してAは24点になる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    aura = game.place(card("Test Parting Aura", "{W}", "Enchantment — Aura", "enchant creature",
                           TriggeredAbility("When this Aura becomes unattached, you gain 4 life.", becomes_unattached(),
                                            gain(4))), attached_to=bears)
    game.destroy(aura)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 24, "はずれたことで誘発した")


@check("603.10d@20260116.0@55efd7ff", "613.1b@20260116.0@ef3441f2")
def losing_control_looks_back(expect: Expect) -> None:
    """状況: Aの「あなたがこのクリーチャーのコントロールを失ったとき、あなたは2点のライフを得る」テスト用クリーチャー。
    行動: Bがそのコントロールを得る。
    結果: コントロールを失う誘発は直前を振り返るので、Aがコントロールしていたときの能力でAのものとして誘発し、Aは22点になる。"""
    game = Game(["A", "B"])
    loyal = game.place(card("Test Loyal Hound", "{1}", "Creature — Dog", 1, 1, TriggeredAbility(
        "When you lose control of this creature, you gain 2 life.", you_lose_control(), gain(2))))
    game.pass_priority_to("B")
    cast(game, "B", ACT_OF_TREASON_FOR_B, [loyal], resolve=False)
    game.resolve_stack()
    expect.equal(game.view(loyal).controller, "B", "Bがコントロールを得た")
    expect.equal(game.players["A"].life, 22, "Aのものとして誘発し、Aがライフを得た")
    expect.equal(game.players["B"].life, 20, "Bは何も得ない")


ACT_OF_TREASON_FOR_B = card("Test Seize", "{R}", "Instant", spell=SpellAbility(
    "Gain control of target creature until end of turn.",
    lambda r: r.create_effect("gain control", [control(r.controller)], r.targets(0), UntilEndOfTurn()),
    (target_creature(),)))
"""Test: an instant: gain control of target creature until end of turn."""


@check("603.10e@20260116.0@4785b20a", "701.6a@20260116.0@c185d3f7")
def being_countered_looks_back(expect: Expect) -> None:
    """状況: Aが「この呪文が打ち消されたとき、あなたは3点のライフを得る」テスト用インスタントを唱える。
    行動: Bが《取り消し》でそれを打ち消す。
    結果: 打ち消された誘発は直前を振り返るので、スタックにあった呪文の能力で誘発し、Aは23点になる。"""
    game = Game(["A", "B"])
    stubborn = card("Test Stubborn Spell", "{1}", "Instant", TriggeredAbility(
        "When this spell is countered, you gain 3 life.", countered(), gain(3), zones=frozenset({Zone.STACK})),
        spell=SpellAbility("Draw a card.", lambda r: r.game.draw(r.controller)))
    spell = cast(game, "A", stubborn, resolve=False)
    cast(game, "B", CANCEL, [spell])
    expect.that(spell not in game.objects, "呪文は打ち消された")
    expect.equal(game.players["A"].life, 23, "打ち消されて誘発した")


@check("603.3b@20260116.0@ae7ee7d0", "101.4@20260116.0@7191b888")
def apnap_order_on_the_stack(expect: Expect) -> None:
    """状況: Aのターン。AとBがそれぞれ「クリーチャーが死亡するたび、1点のライフを得る」テスト用クリーチャーを持ち、《灰色熊》がいる。
    行動: 熊が破壊され、両方の能力が誘発する。
    結果: アクティブ・プレイヤーのAの能力が先にスタックに置かれ、Bの能力がその上に置かれる（Bの能力が先に解決する）。"""
    game = Game(["A", "B"])
    game.place(DEATH_WATCHER, player="A")
    game.place(DEATH_WATCHER, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.destroy(bears)
    game.refresh_priority()
    expect.equal([item.controller for item in game.stack], ["A", "B"], "Aの能力が下、Bの能力が上")
    game.resolve_top()
    expect.equal((game.players["A"].life, game.players["B"].life), (20, 21), "Bの能力が先に解決した")


@check("603.3b@20260116.0@ae7ee7d0")
def a_player_orders_their_own_triggers(expect: Expect) -> None:
    """状況: Aが2つの異なるテスト用クリーチャー（死亡時に1点、死亡時に2点のライフを得る）を持ち、《灰色熊》が死亡する。
    行動: 両方の能力が誘発する。
    結果: 順番はAが選ぶ：選ばなければエンジンは推測せずに止まり、Aが選んだ順にスタックに置かれる。"""
    def scene() -> Game:
        game = Game(["A", "B"])
        game.place(DEATH_WATCHER)
        game.place(card("Test Death Mourner", "{2}", "Creature — Spirit", 1, 1, TriggeredAbility(
            "Whenever a creature dies, you gain 2 life.", dies(creatures()), gain(2))))
        bears = game.place(cards.GRIZZLY_BEARS)
        game.destroy(bears)
        return game

    game = scene()
    try:
        game.refresh_priority()
        expect.that(False, "順番を選ばなければ止まる")
    except UnscriptedChoice:
        expect.that(True, "順番を選ばなければ、エンジンは推測せずに止まる")
    game = scene()
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: sorted(choice.items, key=lambda p: p.ability.text,
                                                                         reverse=True), player="A")
    game.refresh_priority()
    expect.equal([item.text for item in game.stack],
                 ["Whenever a creature dies, you gain 2 life.", "Whenever a creature dies, you gain 1 life."],
                 "Aが選んだ順にスタックに置かれる")


@check("603.3@20260116.0@4e94e636", "502.4@20260116.0@2c3c9947", "503.1a@20260116.0@a8646d53")
def untap_step_triggers_wait_for_the_upkeep(expect: Expect) -> None:
    """状況: Aのタップ状態のテスト用クリーチャー（このクリーチャーがアンタップ状態になるたび、1点のライフを得る）。
    行動: Aのアンタップ・ステップが行われる。
    結果: 能力はアンタップ・ステップで誘発するが、誰も優先権を得ないのでスタックに置かれず、アップキープで優先権の前に置かれる。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.place(card("Test Waker", "{1}", "Creature — Spirit", 1, 1, TriggeredAbility(
        "Whenever this creature becomes untapped, you gain 1 life.", becomes_untapped(), gain(1))), tapped=True)
    game.advance_to(Step.UPKEEP)
    expect.equal(game.step, Step.UPKEEP, "アップキープになった")
    expect.equal(len(game.stack), 1, "アンタップ・ステップで誘発した能力は、アップキープで優先権の前にスタックに置かれる")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "解決した")


@check("603.7a@20260116.0@219b15a1", "603.7b@20260116.0@006e2edb")
def delayed_trigger_triggers_once(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。効果が「次の終了ステップの開始時に、あなたは3点のライフを得る」を作る。
    行動: 終了ステップを迎え、さらに次のターンの終了ステップを迎える。
    結果: 遅延誘発型能力は作られた後の最初の終了ステップで1回だけ誘発する。"""
    game = Game(["A", "B"])
    create_delayed(game, "At the beginning of the next end step, you gain 3 life.", at_beginning_of(Step.END, "each"),
                   gain(3), "A")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "次の終了ステップで誘発した")
    game.advance_to(Step.END, "B")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "その次の終了ステップでは誘発しない")


@check("603.8@20260116.0@1c245300")
def state_trigger_waits_until_it_leaves_the_stack(expect: Expect) -> None:
    """状況: Aのテスト用クリーチャー（このクリーチャーにカウンターが置かれていないとき、これに+1/+1カウンターを1個置く）。
    行動: 誘発型能力がスタックにある間に状況を確かめ、解決し、カウンターを取り除く。
    結果: 状況誘発は状態が真である限り1回だけ誘発し、スタックにある間は再び誘発しない。解決すればカウンターがあるので止まり、
    取り除けば再び誘発する。"""
    def grow(resolution: Resolution) -> None:
        if resolution.source_id is not None and resolution.source_id in resolution.game.objects:
            resolution.game.put_counters(resolution.source_id, "+1/+1")

    game = Game(["A", "B"])
    hungry = game.place(card("Test Hungry One", "{1}", "Creature — Spirit", 1, 1, TriggeredAbility(
        "When this creature has no counters on it, put a +1/+1 counter on it.",
        state(condition("it has no counters", lambda c: c.source is not None and not any(c.source.counters.values()),
                        ("counters",))), grow)))
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "状態が真なので誘発した")
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "スタックにある間は再び誘発しない")
    game.resolve_stack()
    expect.equal(game.view(hungry).counter("+1/+1"), 1, "解決してカウンターが1個置かれ、もう誘発しない")
    game.remove_counters(hungry, "+1/+1")
    game.resolve_stack()
    expect.equal(game.view(hungry).counter("+1/+1"), 1, "カウンターがなくなると再び誘発した")


@check("603.4@20260116.0@3b5b8ab9", "608.2a@20260116.0@f8bf872c")
def intervening_if_is_checked_twice(expect: Expect) -> None:
    """状況: Aのテスト用エンチャント（あなたのアップキープの開始時に、あなたのライフが10点以下なら、5点のライフを得る）。
    行動: ライフ20点でアップキープを迎え、次はライフ8点で迎えて、解決前にライフが12点になる。最後はライフ8点のまま解決する。
    結果: 20点では誘発しない。8点で誘発しても解決時に条件が偽なら何もしない。条件が真のままなら5点得る。"""
    game = Game(["A", "B"])
    game.place(card("Test Lifeline", "{2}", "Enchantment", TriggeredAbility(
        "At the beginning of your upkeep, if you have 10 or less life, you gain 5 life.",
        at_beginning_of(Step.UPKEEP), gain(5),
        condition=condition("you have 10 or less life", lambda c: c.game.players[c.player("you")].life <= 10, ()))))
    game.advance_to(Step.UPKEEP, "A")
    expect.equal(len(game.stack), 0, "20点では誘発しない")
    game.players["A"].life = 8
    game.advance_to(Step.UPKEEP, "A", again=True)
    expect.equal(len(game.stack), 1, "8点なので誘発した")
    game.players["A"].life = 12
    game.resolve_stack()
    expect.equal(game.players["A"].life, 12, "解決時に12点なので、何もしない")
    game.players["A"].life = 8
    game.advance_to(Step.UPKEEP, "A", again=True)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 13, "条件が真のままなら5点得る")


__all__ = ["StaticAbility", "attached_to_this", "give_mana", "in_hand", "modify_pt", "this_object"]
