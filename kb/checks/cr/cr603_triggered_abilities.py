"""Handling triggered abilities (603): the CR's examples of 603 and the rules they rest on —
how often an event triggers, "becomes" events, prevented events, what a permanent looks like as
it enters, delayed triggered abilities, looking back in time, optional effects."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_spells import (
    AKROMAS_VENGEANCE,
    ARMAGEDDON,
    NATURES_REVOLT,
    becomes_tapped,
    gain,
)
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, in_hand
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    TriggersAdditionalTime,
    UntilEndOfTurn,
    Zone,
    any_target,
    at_beginning_of,
    attached_to_this,
    becomes_types,
    becomes_untapped,
    card,
    condition,
    cost,
    create_delayed,
    creatures,
    dies,
    enters,
    is_dealt_damage,
    lands,
    leaves,
    only,
    permanents,
    prevent_damage,
    state,
    triggers,
    zones,
)

LAND_MOURNER = card("Test Land Mourner", "{2}", "Enchantment", TriggeredAbility(
    "Whenever a land is put into a graveyard from the battlefield, you gain 1 life.", dies(lands()), gain(1)))
"""Test: "Whenever a land is put into a graveyard from the battlefield, you gain 1 life"."""


@check("603.2c@20260116.0@192b7fad", "603.2@20260116.0@f9d6c5ef", example="603.2c#1@a12c5064")
def one_event_with_many_occurrences_triggers_for_each(expect: Expect) -> None:
    """状況: Aの「土地が1つ戦場から墓地に置かれるたび、1点のライフを得る」テスト用エンチャント。戦場にはAの《森》2つとBの《山》。
    行動: Aの《森》1つが破壊され、のちにAが《ハルマゲドン》を唱えて残りの土地をすべて破壊する。
    結果: 1つの破壊では1回だけ誘発し、解決までは何もしない（Aは20点のまま）。ハルマゲドンでは墓地に置かれた土地1つにつき1回、
    つまり2回誘発し、Aは23点になる。"""
    game = Game(["A", "B"])
    game.place(LAND_MOURNER)
    forest = game.place(FOREST)
    game.place(FOREST)
    game.place(MOUNTAIN, player="B")
    game.destroy(forest)
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "1つの土地の破壊で1回誘発した")
    expect.equal(game.players["A"].life, 20, "誘発した時点では何もしない")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "解決して1点得た")
    cast(game, "A", ARMAGEDDON, resolve=False)
    game.resolve_top()
    expect.equal(len(game.stack), 2, "残りの土地2つのぶん2回誘発した")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "合わせて23点")


@check("603.2e@20260116.0@c43033a8", example="603.2e#1@382646db")
def becomes_tapped_triggers_only_on_the_change(expect: Expect) -> None:
    """状況: Aの「あなたがコントロールするパーマネントがタップ状態になるたび、1点のライフを得る」テスト用エンチャントと、
    アンタップ状態の《灰色熊》。
    行動: 熊をタップし、タップ状態の熊をもう一度タップしようとし、《森》をタップ状態で戦場に出す。
    結果: アンタップ状態からタップ状態になった熊では誘発する。すでにタップ状態のものや、タップ状態で戦場に出た森では誘発しない。"""
    game = Game(["A", "B"])
    game.place(card("Test Tap Watcher", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a permanent you control becomes tapped, you gain 1 life.",
        becomes_tapped(permanents(controller="you")), gain(1))))
    bears = game.place(cards.GRIZZLY_BEARS)
    game.tap(bears)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "熊がタップ状態になって誘発した")
    game.tap(bears)
    game.put_onto_battlefield(FOREST, "A", tapped=True)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "タップ状態のままの熊や、タップ状態で出た森では誘発しない")


@check("603.2g@20260116.0@2d527564", "615.6@20260116.0@7b5f0f8e", example="603.2g#1@50476869")
def prevented_damage_triggers_nothing(expect: Expect) -> None:
    """状況: Aの「このクリーチャーにダメージが与えられるたび、あなたは2点のライフを得る」テスト用の2/4クリーチャー。
    行動: 《ショック》で2点を与え、次に「次に与えられるダメージ2点を軽減する」盾を得てから、もう一度ショックで2点を与える。
    結果: 1回目はダメージが与えられて誘発する。2回目はダメージがすべて軽減されて起こらなかったので、誘発しない。"""
    game = Game(["A", "B"])
    sponge = game.place(card("Test Sponge", "{2}", "Creature — Sponge", 2, 4, TriggeredAbility(
        "Whenever this creature is dealt damage, you gain 2 life.", is_dealt_damage(), gain(2))))
    game.pass_priority_to("B")
    cast(game, "B", cards.SHOCK, [sponge])
    expect.equal(game.players["A"].life, 22, "与えられたダメージで誘発した")
    game.create_effect("prevent the next 2 damage to it", replacements=[prevent_damage(2, to=sponge.id, uses=1)],
                       controller="A")
    game.pass_priority_to("B")
    cast(game, "B", cards.SHOCK, [sponge])
    expect.equal(game.view(sponge).damage, 2, "2回目のダメージは軽減された")
    expect.equal(game.players["A"].life, 22, "軽減されたダメージでは誘発しない")


ARRIVAL_WATCHER = card("Test Arrival Watcher", "{2}", "Enchantment", TriggeredAbility(
    "Whenever a creature enters, you gain 1 life.", enters(creatures()), gain(1)))
"""Test: "Whenever a creature enters, you gain 1 life"."""

HERALD = card("Test Herald", "{2}{W}", "Creature — Human", 2, 2, TriggeredAbility(
    "When this creature enters, you gain 3 life.", enters(), gain(3)))
"""Test: a 2/2 with "When this creature enters, you gain 3 life"."""


@check("603.6b@20260116.0@b60da961", "603.6a@20260116.0@1b97ff3e", example="603.6b#1@e87b13ec")
def a_permanent_enters_with_its_characteristics_already_changed(expect: Expect) -> None:
    """状況: Aの《自然の反乱》（すべての土地は2/2のクリーチャーでもある）と「クリーチャーが戦場に出るたび、1点のライフを得る」
    テスト用エンチャント。Aの手札に《森》。
    行動: Aが森をプレイする。次に、「このクリーチャーが戦場に出たとき、3点のライフを得る」テスト用クリーチャーを戦場に出し、
    《謙虚》（すべてのクリーチャーはすべての能力を失う）のもとでもう1体を戦場に出す。
    結果: 森は戦場に出る瞬間からクリーチャーなので誘発する。謙虚のもとでは、出たクリーチャーは出る瞬間から能力を持たず、
    戦場に出たときの能力は誘発しない。"""
    game = Game(["A", "B"])
    game.place(NATURES_REVOLT)
    game.place(ARRIVAL_WATCHER)
    forest = game.play_land("A", in_hand(game, FOREST))
    expect.that(game.view(forest).is_a("Creature"), "森はクリーチャーとして出た")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "クリーチャーが戦場に出た能力が誘発した")
    game.put_onto_battlefield(HERALD, "A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 25, "謙虚がなければ、出たクリーチャー自身の能力も誘発する（3点と1点）")
    game.place(cards.HUMILITY, player="B")
    game.put_onto_battlefield(HERALD, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 26, "謙虚のもとでは自身の能力は誘発しない（エンチャントの1点だけ）")


@check("603.7a@20260116.0@219b15a1", "603.7@20260116.0@60bc5efe", example="603.7a#1@16bb63fa")
def a_delayed_trigger_waits_until_it_is_created(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。
    行動: 1体目に「このクリーチャーが戦場を離れたとき、5点のライフを得る」遅延誘発型能力が作られ、そのあと破壊される。
    2体目は先に破壊され、そのあとで同じ遅延誘発型能力が作られる。
    結果: 1体目では誘発する。2体目は能力が作られる前に戦場を離れていたので誘発せず、これからも誘発しない。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    create_delayed(game, "When this creature leaves the battlefield, you gain 5 life.", leaves(only(first.id)),
                   gain(5), "A")
    game.destroy(first)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 25, "作られた後に離れた1体目では誘発した")
    gone = second.id
    game.destroy(second)
    game.resolve_stack()
    create_delayed(game, "When this creature leaves the battlefield, you gain 5 life.", leaves(only(gone)), gain(5), "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 25, "作られる前に離れた2体目では誘発しない")
    game.put_onto_battlefield(game.current(gone), "A")
    game.destroy(game.current(gone))
    game.resolve_stack()
    expect.equal(game.players["A"].life, 25, "戻ってきた熊は新しいオブジェクトなので、それが離れても誘発しない")


@check("603.7a@20260116.0@219b15a1", "603.2e@20260116.0@c43033a8", example="603.7a#2@826fc6cb")
def a_delayed_becomes_untapped_waits_for_the_next_untap(expect: Expect) -> None:
    """状況: Aのタップ状態の《灰色熊》。
    行動: 熊がアンタップされ、そのあとで「このクリーチャーがアンタップ状態になったとき、3点のライフを得る」遅延誘発型能力が
    作られる。熊がタップされ、もう一度アンタップされる。
    結果: 作られる前のアンタップでは誘発しない。能力は次にアンタップ状態になるのを待ち、そこで誘発する。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, tapped=True)
    game.untap(bears)
    create_delayed(game, "When this creature becomes untapped, you gain 3 life.", becomes_untapped(only(bears.id)),
                   gain(3), "A")
    game.tap(bears)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20, "作られる前のアンタップでは誘発しない")
    game.untap(bears)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "次にアンタップ状態になって誘発した")


def _exile_that_creature(object_id: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        game = resolution.game
        obj = zones.still_in(game, object_id, Zone.BATTLEFIELD)  # the same object, still where it was expected
        if obj is not None:
            game.exile(obj)

    return effect


@check("603.7c@20260116.0@e71fbe56", "400.7@20260116.0@6d94caf3", example="603.7c#1@7cc25734")
def a_delayed_trigger_follows_its_object_not_its_characteristics(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体それぞれに「次の終了ステップの開始時に、このクリーチャーを追放する」遅延誘発型能力が作られる。
    行動: 1体目は効果でクリーチャーでないアーティファクトになる。2体目はオーナーの手札に戻ってから再び戦場に出る。終了ステップになる。
    結果: 1体目はもうクリーチャーではないが同じパーマネントなので追放される。2体目は戦場を離れて新しいオブジェクトになったので
    追放されない。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    for bears in (first, second):
        create_delayed(game, "At the beginning of the next end step, exile this creature.",
                       at_beginning_of(Step.END, "each"), _exile_that_creature(bears.id), "A")
    game.create_effect("becomes a noncreature artifact", [becomes_types("Artifact")], [first], UntilEndOfTurn())
    expect.that(not game.view(first).is_a("Creature"), "1体目はクリーチャーでなくなった")
    game.move(second, Zone.HAND)
    back = game.put_onto_battlefield(game.current(second), "A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(game.current(first).zone, Zone.EXILE, "クリーチャーでなくなっても1体目は追放された")
    expect.that(back is not None and game.current(back).zone is Zone.BATTLEFIELD, "戻ってきた2体目は追放されない")


DEATH_COUNTER = card("Test Death Counter", "{3}", "Artifact", TriggeredAbility(
    "Whenever a creature dies, you gain 1 life.", dies(creatures()), gain(1)))
"""Test: an artifact with "Whenever a creature dies, you gain 1 life"."""


@check("603.10a@20260116.0@ea7c52c5", "603.10@20260116.0@05c6c0a3", example="603.10a#1@d8246e20")
def an_artifact_leaving_with_two_creatures_sees_them_die(expect: Expect) -> None:
    """状況: Aの「クリーチャー1体が死亡するたび、1点のライフを得る」テスト用アーティファクトと、《灰色熊》2体。
    行動: Aが《アクローマの復讐》（すべてのアーティファクト、クリーチャー、エンチャントを破壊する）を唱える。
    結果: アーティファクトもクリーチャーと同時に墓地に行くが、戦場を離れる能力は直前を振り返るので2回誘発し、Aは22点になる。"""
    game = Game(["A", "B"])
    game.place(DEATH_COUNTER)
    game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS, player="B")
    cast(game, "A", AKROMAS_VENGEANCE)
    expect.equal(len(game.graveyard("A")), 3, "アーティファクトも熊も墓地に置かれた")
    expect.equal(game.players["A"].life, 22, "2回誘発した")


@check("603.5@20260116.0@70c4a3ff", "603.2b@20260116.0@e4596875")
def an_optional_trigger_goes_on_the_stack_anyway(expect: Expect) -> None:
    """状況: Aの「あなたのアップキープの開始時に、あなたはカードを1枚引いてもよい」テスト用エンチャント。
    行動: Aのアップキープが始まる。能力がスタックにある間は何も選ばず、解決するときに「引かない」を選ぶ。次のアップキープでは
    「引く」を選ぶ。
    結果: 引くつもりかどうかにかかわらず、アップキープの開始時に誘発してスタックに置かれる。選ぶのは解決するとき。"""
    def may_draw(resolution: Resolution) -> None:
        from kb.engine.choices import Choice

        if resolution.game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "draw a card", (True, False))):
            resolution.game.draw(resolution.controller)

    game = Game(["A", "B"], step=Step.UNTAP)
    game.place(card("Test Study", "{1}{U}", "Enchantment", TriggeredAbility(
        "At the beginning of your upkeep, you may draw a card.", at_beginning_of(Step.UPKEEP), may_draw)))
    game.advance_to(Step.UPKEEP)
    expect.equal(len(game.stack), 1, "アップキープの開始時に誘発してスタックに置かれた")
    expect.equal(game.choices.asked, [], "まだ何も選んでいない")
    hand = len(game.hand("A"))
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand, "解決するときに引かないを選んだ")
    game.advance_to(Step.UPKEEP, "A", again=True)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "次のアップキープでは引くを選んで1枚引いた")


def _win(resolution: Resolution) -> None:
    from kb.engine import actions

    actions.win(resolution.game, resolution.controller)


FELIDAR_SOVEREIGN = real("フェリダーの君主", card(
    "Felidar Sovereign", "{4}{W}{W}", "Creature — Cat Beast", 4, 6, "vigilance", "lifelink",
    TriggeredAbility("At the beginning of your upkeep, if you have 40 or more life, you win the game.",
                     at_beginning_of(Step.UPKEEP), _win,
                     condition=condition("you have 40 or more life",
                                         lambda c: c.game.players[c.player("you")].life >= 40, ()))))


@check("603.4@20260116.0@3b5b8ab9", "608.2a@20260116.0@f8bf872c", "104.2b@20260116.0@fd8765d2",
       example="603.4#1@997937be")
def an_intervening_if_is_checked_twice(expect: Expect) -> None:
    """状況: Aの《フェリダーの君主》（あなたのアップキープの開始時に、あなたのライフが40点以上である場合、あなたはこのゲームに
    勝利する）。Aのライフは39点。
    行動: Aのアップキープが来る。次のアップキープにはAは40点で、能力の解決前にBがAに《ショック》を撃つ。その次のアップキープにも
    Aは40点。
    結果: 39点では誘発しない。40点なら誘発するが、解決時に38点なら何もせずに取り除かれる。解決時も40点ならAが勝つ。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.place(FELIDAR_SOVEREIGN)
    game.players["A"].life = 39
    game.advance_to(Step.UPKEEP)
    expect.equal(len(game.stack), 0, "39点では誘発しない")
    game.players["A"].life = 40
    game.advance_to(Step.UPKEEP, "A", again=True)
    expect.equal(len(game.stack), 1, "40点なら誘発した")
    game.pass_priority_to("B")
    cast(game, "B", cards.SHOCK, ["A"], resolve=False)
    game.resolve_stack()
    expect.that(not game.over and game.players["A"].life == 38, "解決時に38点だったので、何もしなかった")
    game.players["A"].life = 40
    game.advance_to(Step.UPKEEP, "A", again=True)
    game.resolve_stack()
    expect.that(game.over and game.winners == ["A"], "解決時も40点だったので、Aが勝った")


def _draw(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


EMPTY_HANDED = card("Test Empty Hands", "{2}{U}", "Enchantment", TriggeredAbility(
    "Whenever you have no cards in hand, draw a card.",
    state(condition("you have no cards in hand", lambda c: not c.game.hand(c.player("you")), ())), _draw))
"""Test: an enchantment with "Whenever you have no cards in hand, draw a card" (a state trigger)."""


def _wheel(resolution: Resolution) -> None:
    game = resolution.game
    player = resolution.controller
    from kb.engine import instructions

    count = len(instructions.discard_cards(game, player, len(game.hand(player))))
    game.draw(player, count)


TEST_WHEEL = card("Test Wheel", "{1}{R}", "Sorcery", spell=SpellAbility(
    "Discard your hand, then draw that many cards.", _wheel))
"""Test: a sorcery: "Discard your hand, then draw that many cards"."""


@check("603.8@20260116.0@1c245300", "603.3@20260116.0@4e94e636", example="603.8#1@5cd21fdf")
def a_state_trigger_sees_a_hand_empty_for_a_moment(expect: Expect) -> None:
    """状況: Aの「あなたの手札にカードが1枚もないたび、カード1枚を引く」テスト用エンチャント。Aの手札は《灰色熊》1枚。
    行動: Aが熊を唱える。能力の解決後、Aが手札2枚のうち「あなたの手札を捨てる。その後、同じ枚数のカードを引く」テスト用ソーサリー
    を唱える。
    結果: 最後の1枚を唱えて手札がなくなると1回だけ誘発し、スタックを離れるまで再び誘発しない。ソーサリーの解決中に手札が一時的に
    0枚になるので、解決後に手札があっても誘発している。"""
    game = Game(["A", "B"])
    game.place(EMPTY_HANDED)
    cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "手札がなくなって誘発した")
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "スタックにある間は再び誘発しない")
    game.resolve_top()
    expect.equal(len(game.hand("A")), 1, "解決して1枚引いた")
    game.resolve_stack()
    in_hand(game, cards.HILL_GIANT)
    cast(game, "A", TEST_WHEEL, resolve=False)
    game.resolve_top()
    expect.equal(len(game.hand("A")), 2, "ソーサリーは2枚捨てて2枚引いた")
    expect.equal(len(game.stack), 1, "解決中に手札が0枚になったので誘発している")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 3, "誘発した能力で1枚引いた")


def _manticore(resolution: Resolution) -> None:
    from kb.engine import instructions, triggers

    game = resolution.game
    source = resolution.source_id
    victim = instructions.may_sacrifice(game, resolution.controller, creatures(other=True),
                                        "sacrifice another creature", source=source)
    if victim is None:
        return
    power = game.last_known_view(victim.previous or victim.id).power or 0

    def fling(reflexive: Resolution) -> None:
        chosen = reflexive.target
        if chosen is not None and source is not None:
            game.deal_damage(source, chosen, power)

    triggers.reflexive(game, "When you do, this deals damage equal to the sacrificed creature's power to any target.",
                       fling, resolution.controller, source=source, targets=(any_target(),))


HEART_PIERCER_MANTICORE = real("心臓貫きのマンティコア", card(
    "Heart-Piercer Manticore", "{2}{R}", "Creature — Manticore", 4, 3,
    TriggeredAbility("When this creature enters, you may sacrifice another creature. When you do, this creature deals "
                     "damage equal to the sacrificed creature's power to any target.", enters(), _manticore)))
"""心臓貫きのマンティコア; embalm is left out."""

TEST_ALTAR = card("Test Altar", "{1}", "Artifact", ActivatedAbility(
    "Sacrifice a creature: You gain 1 life.", cost("Sacrifice a creature"), gain(1)))
"""Test: an artifact with "Sacrifice a creature: You gain 1 life"."""


@check("603.12@20260116.0@7084b273", "603.7a@20260116.0@219b15a1", example="603.12#1@d29f6160")
def a_reflexive_trigger_needs_the_sacrifice_it_offers(expect: Expect) -> None:
    """状況: Aの《丘巨人》（パワー3）2体と《灰色熊》。
    行動: Aの《心臓貫きのマンティコア》が戦場に出て、能力で巨人を生け贄に捧げ、Bを対象にする。2体目のマンティコアでは
    生け贄を捧げず、その能力が解決する前に別の方法で熊を生け贄に捧げる。
    結果: 能力が生け贄を捧げたときだけ再帰誘発型能力が誘発し、Bに3点を与える。生け贄を捧げなければ、ほかの理由で生け贄に捧げても
    誘発しない。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    game.place(cards.HILL_GIANT)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.put_onto_battlefield(HEART_PIERCER_MANTICORE, "A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 17, "生け贄に捧げた巨人のパワー3点を与えた")
    game.put_onto_battlefield(HEART_PIERCER_MANTICORE, "A")
    game.refresh_priority()
    game.sacrifice("A", bears)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.resolve_stack()
    expect.that(game.players["B"].life == 17 and not game.stack, "能力が生け贄を捧げなかったので、誘発しない")


HOMESICK = card("Test Homesick Spirit", "{1}{U}", "Creature — Spirit", 1, 1, TriggeredAbility(
    "When this creature is put into a hand or library, you gain 3 life.",
    triggers.put_into_hand_or_library(), gain(3)))
"""Test: a 1/1 with "When this creature is put into a hand or library, you gain 3 life"."""


@check("603.10a@20260116.0@ea7c52c5", "603.6c@20260116.0@6516b9fe")
def going_to_a_hand_looks_back(expect: Expect) -> None:
    """状況: Aの「このクリーチャーが手札かライブラリーに置かれたとき、3点のライフを得る」テスト用クリーチャー。
    行動: それが戦場からオーナーの手札に戻される。
    結果: 手札に移ったあとでは能力は見えないが、誰もが見ることのできるオブジェクトが手札に置かれる誘発は直前を振り返るので、
    自分の能力で誘発し、Aは23点になる。"""
    game = Game(["A", "B"])
    spirit = game.place(HOMESICK)
    game.move(spirit, Zone.HAND)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "手札に置かれて誘発した")


@check("603.2a@20260116.0@f4df5a77", "602.5@20260116.0@ba78d4dd")
def abilities_that_cant_be_activated_still_trigger(expect: Expect) -> None:
    """状況: Aの《魂の管理人》（他のクリーチャーが戦場に出るたび1点のライフを得る）。Bの《真髄の針》が魂の管理人を指定している
    （起動型能力を起動できない）。
    行動: Aの《灰色熊》が戦場に出る。
    結果: 誘発型能力は起動されるものではないので、起動を禁止する効果の影響を受けずに誘発し、Aは1点得る。"""
    from kb.checks.cards_spells import SOUL_WARDEN
    from kb.checks.cr.cr601_casting_spells import PITHING_NEEDLE

    game = Game(["A", "B"])
    game.place(SOUL_WARDEN)
    game.choices.script(ChoiceKind.CARD_NAME, "Soul Warden", player="B")
    game.put_onto_battlefield(PITHING_NEEDLE, "B")
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "起動を禁止されていても誘発した")


@check("603.3d@20260116.0@4f0ac0b5", "603.3@20260116.0@4e94e636")
def a_trigger_with_no_legal_target_is_removed(expect: Expect) -> None:
    """状況: Bはクリーチャーをコントロールしていない。
    行動: Aの《放逐する僧侶》（戦場に出たとき、対戦相手がコントロールするクリーチャー1体を対象とし、追放する）が戦場に出る。
    次に、Bの《灰色熊》がいるときにもう1体が出る。
    結果: 1体目の能力は適正な対象がないのでスタックから取り除かれ、何もしない。2体目の能力は熊を対象にスタックに置かれる。"""
    from kb.checks.cr.cr608_resolving import BANISHER_PRIEST

    game = Game(["A", "B"])
    game.put_onto_battlefield(BANISHER_PRIEST, "A")
    game.refresh_priority()
    expect.equal(game.stack, [], "対象がないので取り除かれた")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.put_onto_battlefield(BANISHER_PRIEST, "A")
    game.refresh_priority()
    expect.equal([t for group in game.stack[-1].targets for t in group], [bears.id], "熊を対象にスタックに置かれた")


def _return_to_hand(resolution: Resolution) -> None:
    event = resolution.event
    new = zones.still_in(resolution.game, getattr(event, "new_id", None), Zone.GRAVEYARD)
    if new is not None:  # only where it went (603.6)
        resolution.game.move(new, Zone.HAND)


HOMEWARD_SPIRIT = card("Test Homeward Spirit", "{1}{B}", "Creature — Spirit", 1, 1, TriggeredAbility(
    "When this creature dies, return it to its owner's hand.", dies(), _return_to_hand))
"""Test: a 1/1 with "When this creature dies, return it to its owner's hand"."""


@check("603.6@20260116.0@c223369f", "603.6c@20260116.0@6516b9fe")
def a_zone_change_trigger_looks_for_the_object_where_it_went(expect: Expect) -> None:
    """状況: Aの「このクリーチャーが死亡したとき、これをオーナーの手札に戻す」テスト用クリーチャー2体。
    行動: 1体目が破壊される。2体目も破壊され、能力の解決前にそのカードが墓地から追放される。
    結果: 1体目は墓地から手札に戻る。2体目の能力は、移動した先の墓地にそのカードを見つけられないので何もしない。"""
    game = Game(["A", "B"])
    first = game.place(HOMEWARD_SPIRIT)
    second = game.place(HOMEWARD_SPIRIT)
    game.destroy(first)
    game.resolve_stack()
    expect.equal(game.current(first).zone, Zone.HAND, "1体目は手札に戻った")
    game.destroy(second)
    game.refresh_priority()
    game.exile(game.current(second))
    game.resolve_stack()
    expect.equal(game.current(second).zone, Zone.EXILE, "2体目は墓地にいないので戻らない")


def _fools_demise_return(resolution: Resolution) -> None:
    event = resolution.event
    card_there = zones.still_in(resolution.game, getattr(event, "new_id", None), Zone.GRAVEYARD)
    if card_there is not None:
        resolution.game.put_onto_battlefield(card_there, resolution.controller)


def _fools_demise_back(resolution: Resolution) -> None:
    event = resolution.event
    aura = zones.still_in(resolution.game, getattr(event, "new_id", None), Zone.GRAVEYARD)
    if aura is not None:
        resolution.game.move(aura, Zone.HAND)


FOOLS_DEMISE = real("愚か者の死", card(
    "Fool's Demise", "{4}{U}", "Enchantment — Aura", "enchant creature",
    TriggeredAbility("When enchanted creature dies, return that card to the battlefield under your control.",
                     dies(attached_to_this()), _fools_demise_return),
    TriggeredAbility("When Fool's Demise is put into a graveyard from the battlefield, return Fool's Demise to its "
                     "owner's hand.", dies(), _fools_demise_back)))


@check("603.6e@20260116.0@2efe8f2e", "603.10a@20260116.0@ea7c52c5")
def an_auras_trigger_finds_both_cards_again(expect: Expect) -> None:
    """状況: Bの《灰色熊》に、Aの《愚か者の死》（エンチャントしているクリーチャーが死亡したとき、そのカードをあなたのコントロールで
    戦場に戻す。これが戦場から墓地に置かれたとき、これをオーナーの手札に戻す）がついている。
    行動: 熊が破壊される。
    結果: 熊の死亡で誘発した能力は墓地に移った熊のカードを見つけてAのコントロールで戦場に戻す。状況起因処理で墓地に置かれた
    オーラの能力も、墓地に移ったオーラのカードを見つけて手札に戻す。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.place(FOOLS_DEMISE, player="A", attached_to=bears)
    game.destroy(bears)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    game.resolve_stack()
    back = game.current(bears)
    expect.that(back.zone is Zone.BATTLEFIELD and game.view(back).controller == "A", "熊はAのコントロールで戻った")
    expect.equal([game.view(o).name for o in game.hand("A")], ["Fool's Demise"], "オーラは手札に戻った")


def _delayed_gain(resolution: Resolution) -> None:
    create_delayed(resolution.game, "At the beginning of the next end step, you gain 3 life.",
                   at_beginning_of(Step.END, "each"), gain(3), resolution.controller, source=resolution.source_id)


TEST_LATER = card("Test Later", "{W}", "Instant", spell=SpellAbility(
    "At the beginning of the next end step, you gain 3 life.", _delayed_gain))
"""Test: an instant: "At the beginning of the next end step, you gain 3 life"."""

TEST_LATER_ENGINE = card("Test Later Engine", "{1}", "Artifact", ActivatedAbility(
    "{0}: At the beginning of the next end step, you gain 3 life.", cost("{0}"), _delayed_gain))
"""Test: an artifact with "{0}: At the beginning of the next end step, you gain 3 life"."""


@check("603.7d@20260116.0@15b358ba", "603.7e@20260116.0@36edab9d", "602.2a@20260116.0@c5ee489f",
       "603.3a@20260116.0@d0cdb65a")
def who_controls_a_delayed_trigger(expect: Expect) -> None:
    """状況: Aのテスト用アーティファクト（{0}：次の終了ステップの開始時に、あなたは3点のライフを得る）。
    行動: Bが「次の終了ステップの開始時に、あなたは3点のライフを得る」テスト用インスタントを唱えて解決する。Aがアーティファクトの
    能力を起動し、解決する前にBがそのアーティファクトのコントロールを得る。終了ステップになる。
    結果: 呪文が作った遅延誘発型能力はそれを解決したときのコントローラーのBのもの。起動された能力は起動したAのものとして解決し、
    それが作った遅延誘発型能力もAのもの：AもBも3点ずつ得る。"""
    from kb.engine.parts import control

    game = Game(["A", "B"])
    engine = game.place(TEST_LATER_ENGINE)
    game.pass_priority_to("B")
    cast(game, "B", TEST_LATER)
    game.activate("A", engine)
    game.create_effect("B gains control", [control("B")], [engine], controller="B")
    expect.equal(game.view(engine).controller, "B", "Bがアーティファクトのコントロールを得た")
    game.resolve_stack()
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items))
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal((game.players["A"].life, game.players["B"].life), (23, 23), "AとBがそれぞれ3点得た")


def _entering_artifact_or_creature(game: Game, event: object) -> bool:
    from kb.engine.events import ZoneChanged

    if not isinstance(event, ZoneChanged) or not event.enters_battlefield or event.new_id not in game.objects:
        return False
    entered = game.view(event.new_id)
    return entered.is_a("Artifact") or entered.is_a("Creature")


PANHARMONICON = real("パンハモニコン", card(
    "Panharmonicon", "{4}", "Artifact",
    StaticAbility("If an artifact or creature entering the battlefield causes a triggered ability of a permanent you "
                  "control to trigger, that ability triggers an additional time.",
                  rules=(TriggersAdditionalTime(permanents(controller="you"), _entering_artifact_or_creature),))))



@check("603.2d@20260116.0@527a4cc4", "603.2c@20260116.0@192b7fad")
def a_triggered_ability_triggers_an_additional_time(expect: Expect) -> None:
    """状況: Aの「クリーチャーが戦場に出るたび、1点のライフを得る」テスト用エンチャント。
    行動: 《灰色熊》が戦場に出る。次に《パンハモニコン》（アーティファクトやクリーチャーが戦場に出ることであなたのパーマネントの誘発型
    能力が誘発するなら、それは追加でもう1回誘発する）を出してから、もう1体が出る。
    結果: 1体目では1回誘発する。パンハモニコンがあると2回誘発し、Aは合わせて3点得る。"""
    game = Game(["A", "B"])
    game.place(ARRIVAL_WATCHER)
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "1回誘発した")
    game.place(PANHARMONICON)
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "パンハモニコンで追加でもう1回誘発した")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "合わせて3点")
