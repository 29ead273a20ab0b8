"""Continuous effects (611): the CR's examples — a "for as long as" effect that is over before it
begins, the affected set of a resolved effect fixed as it resolves while its rules changes
reach later objects, an "is" effect applied as a permanent enters, and static abilities that
follow the game as it changes, even as a permanent enters."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_spells import gain, pinger
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ChoiceKind,
    Game,
    Replacement,
    Resolution,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    add_types,
    base_pt,
    becomes_color,
    becomes_untapped,
    card,
    control,
    creatures,
    enters,
    modify_pt,
    permanents,
    target,
    token,
    where,
)
from kb.engine.durations import while_controls
from kb.engine.replacement import Damage


def _master_thief_takes(resolution: Resolution) -> None:
    source = resolution.source_id
    assert source is not None
    resolution.create_effect("gain control of target artifact", [control(resolution.controller)],
                             resolution.targets(0), while_controls(resolution.controller, source,
                                                                   "you control Master Thief"))


MASTER_THIEF = real("練達の盗賊", card(
    "Master Thief", "{2}{U}{U}", "Creature — Human Rogue", 2, 2,
    TriggeredAbility("When Master Thief enters, gain control of target artifact for as long as you control Master "
                     "Thief.", enters(), _master_thief_takes, (target(permanents("Artifact"), "target artifact"),))))

TEST_SEIZE = card("Test Seize", "{R}", "Instant", spell=SpellAbility(
    "Gain control of target creature until end of turn.",
    lambda r: r.create_effect("gain control", [control(r.controller)], r.targets(0), UntilEndOfTurn()),
    (target(creatures(), "target creature"),)))
"""Test: an instant: gain control of target creature until end of turn."""


@check("611.2b@20260116.0@f9c89547", "603.3a@20260116.0@d0cdb65a", example="611.2b#1@b05ddb6e")
def a_for_as_long_as_effect_already_over_does_nothing(expect: Expect) -> None:
    """状況: Bの《骨断ちの矛槍》2つ。Aの《練達の盗賊》（戦場に出たとき、アーティファクト1つを対象とする。あなたが練達の盗賊を
    コントロールし続けているかぎり、それのコントロールを得る）。
    行動: 盗賊が戦場に出て1つ目の矛槍を対象に能力を解決し、あとで盗賊のコントロールを失う。次に2体目の盗賊が出て、能力が
    解決する前にBがその盗賊のコントロールを得る。
    結果: 1体目では矛槍はAのものになり、盗賊のコントロールを失うとBに戻る。2体目の能力はAがコントロールしたまま解決するが、
    期間がすでに終わっているので何も起こらず、矛槍はBのまま。"""
    game = Game(["A", "B"])
    first = game.place(cards.BONESPLITTER, player="B")
    second = game.place(cards.BONESPLITTER, player="B")
    thief = game.put_onto_battlefield(MASTER_THIEF, "A")
    assert thief is not None
    game.choices.script(ChoiceKind.TARGETS, first, player="A")
    game.resolve_stack()
    expect.equal(game.view(first).controller, "A", "1つ目の矛槍はAのものになった")
    game.pass_priority_to("B")
    cast(game, "B", TEST_SEIZE, [thief])
    expect.equal(game.view(first).controller, "B", "盗賊のコントロールを失うと、矛槍はBに戻った")
    other = game.put_onto_battlefield(MASTER_THIEF, "A")
    assert other is not None
    game.choices.script(ChoiceKind.TARGETS, second, player="A")
    game.refresh_priority()
    expect.equal([item.controller for item in game.stack], ["A"], "2体目の能力がAのものとしてスタックにある")
    game.pass_priority_to("B")
    cast(game, "B", TEST_SEIZE, [other], resolve=False)
    game.resolve_stack()
    expect.equal(game.view(second).controller, "B", "期間がすでに終わっていたので、2つ目の矛槍はBのまま")


TEST_WHITE_RALLY = card("Test White Rally", "{W}", "Instant", spell=SpellAbility(
    "White creatures get +1/+1 until end of turn.",
    lambda r: r.create_effect("white creatures get +1/+1 until end of turn", [modify_pt(1, 1)],
                              creatures(colors=["W"]), UntilEndOfTurn())))
"""Test: an instant: "White creatures get +1/+1 until end of turn"."""

SAVANNAH_LIONS = real("サバンナ・ライオン", card("Savannah Lions", "{W}", "Creature — Cat", 2, 1))


@check("611.2c@20260116.0@615e4f07", example="611.2c#1@b72e06a8")
def a_resolved_effect_keeps_the_creatures_it_began_with(expect: Expect) -> None:
    """状況: Aの白の《サバンナ・ライオン》（2/1）と緑の《灰色熊》。
    行動: Aが「ターン終了時まで、白であるすべてのクリーチャーは+1/+1の修整を受ける」テスト用インスタントを唱えて解決する。
    そのあとライオンが緑に、熊が白になり、白の《若年の騎士》が戦場に出る。
    結果: 解決したときに白だったライオンだけが修整を受け、緑になっても失わない。あとで白になった熊や、あとから出た騎士は受けない。"""
    game = Game(["A", "B"])
    lions = game.place(SAVANNAH_LIONS)
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", TEST_WHITE_RALLY)
    expect.equal(game.view(lions).pt, (3, 2), "白のライオンは+1/+1")
    game.create_effect("becomes green", [becomes_color("G")], [lions], UntilEndOfTurn())
    game.create_effect("becomes white", [becomes_color("W")], [bears], UntilEndOfTurn())
    knight = game.put_onto_battlefield(cards.YOUTHFUL_KNIGHT, "A")
    assert knight is not None
    expect.equal(game.view(lions).pt, (3, 2), "緑になったライオンも修整を失わない")
    expect.equal((game.view(bears).pt, game.view(knight).pt), ((2, 2), (2, 1)),
                 "あとで白になった熊とあとから出た騎士は修整を受けない")


def _prevent_creature_damage(resolution: Resolution) -> None:
    def by_a_creature(context: object, damage: Damage) -> bool:
        game = resolution.game
        return game.last_known_view(damage.source).is_a("Creature")  # looked at as the damage would be dealt

    resolution.create_effect("prevent all damage creatures would deal this turn", replacements=[Replacement(
        "Prevent all damage that would be dealt by creatures this turn.", Damage, by_a_creature,
        lambda c, d: with_changes(d, amount=0), prevention=True)], duration=UntilEndOfTurn())


TEST_TRUCE = card("Test Truce", "{1}{W}", "Instant", spell=SpellAbility(
    "Prevent all damage that would be dealt by creatures this turn.", _prevent_creature_damage))
"""Test: an instant: "Prevent all damage that would be dealt by creatures this turn"."""


@check("611.2c@20260116.0@615e4f07", "615.1@20260116.0@6027cbda", "615.2@20260116.0@18616366",
       "609.7@20260116.0@4e833195", example="611.2c#2@e7942b95")
def a_rules_changing_effect_reaches_later_creatures(expect: Expect) -> None:
    """状況: Aのクリーチャーでないテスト用アーティファクト（{0}: 任意の対象1つに1点のダメージを与える）。
    行動: それでBに1点与える。Aが「このターン、クリーチャーが与えるすべてのダメージを軽減する」テスト用インスタントを解決する。
    そのあと同じ能力を持つテスト用クリーチャーが戦場に出てBに1点与えようとし、アーティファクトもクリーチャーになって与えようとする。
    結果: 最初の1点は与えられる。効果は特性を変えず、ゲームのルールを変えるので、解決したときにはいなかったクリーチャーや、
    あとでクリーチャーになったアーティファクトのダメージも軽減する。"""
    game = Game(["A", "B"])
    relic = game.place(card("Test Pinging Relic", "{2}", "Artifact", pinger("Test Pinging Relic")))
    game.activate("A", relic, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "クリーチャーでないアーティファクトのダメージは与えられた")
    cast(game, "A", TEST_TRUCE)
    imp = game.put_onto_battlefield(card("Test Pinging Imp", "{1}{R}", "Creature — Imp", 1, 1,
                                         pinger("Test Pinging Imp")), "A")
    assert imp is not None
    game.activate("A", imp, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "解決後に出たクリーチャーのダメージも軽減された")
    game.create_effect("becomes a 1/1 artifact creature", [add_types("Creature"), base_pt(1, 1)], [relic],
                       UntilEndOfTurn())
    game.activate("A", relic, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "クリーチャーになったアーティファクトのダメージも軽減された")


def _inspired(resolution: Resolution) -> None:
    from kb.engine.choices import Choice

    game = resolution.game
    library = game.players[resolution.controller].library
    if not library:
        return
    top = game.objects[library[-1]]
    view = game.view(top)
    if not (view.is_a("Artifact") or view.is_a("Creature") or view.is_a("Land")):
        return
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "put it onto the battlefield", (True, False))):
        game.put_onto_battlefield(top, resolution.controller, counters={"manifestation": 1},
                                  effects=[("it's an enchantment in addition to its other types",
                                            [add_types("Enchantment")])])


ARBITER_OF_THE_IDEAL = real("理想の調停者", card(
    "Arbiter of the Ideal", "{4}{U}{U}", "Creature — Sphinx", 4, 5, "flying",
    TriggeredAbility("Inspired — Whenever Arbiter of the Ideal becomes untapped, reveal the top card of your library. "
                     "If it's an artifact, creature, or land card, you may put it onto the battlefield with a "
                     "manifestation counter on it. That permanent is an enchantment in addition to its other types.",
                     becomes_untapped(), _inspired)))


@check("611.2e@20260116.0@d460df51", "603.6b@20260116.0@b60da961", example="611.2e#1@de8f170f")
def an_is_effect_applies_as_the_permanent_enters(expect: Expect) -> None:
    """状況: Aのタップ状態の《理想の調停者》と《アジャニに選ばれし者》（あなたがコントロールするエンチャントが戦場に出るたび、
    2/2の猫トークンを生成する）。Aのライブラリーの一番上は《灰色熊》。
    行動: 調停者がアンタップ状態になり、熊を公開して戦場に出すことを選ぶ。
    結果: 熊は出る瞬間から「他のタイプに加えてエンチャントでもある」ので、エンチャントが出たときの能力が誘発して猫が生成される。"""
    game = Game(["A", "B"])
    arbiter = game.place(ARBITER_OF_THE_IDEAL, tapped=True)
    game.place(cards.AJANIS_CHOSEN)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    game.untap(arbiter)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.resolve_stack()
    new = game.current(bears)
    expect.that(new.zone is Zone.BATTLEFIELD and game.view(new).is_a("Enchantment") and new.counter("manifestation") == 1,
                "熊は顕現カウンターが置かれたエンチャント・クリーチャーとして出た")
    cats = [o for o in game.battlefield("A") if game.view(o).name == "Cat"]
    expect.equal(len(cats), 1, "エンチャントが出たとして誘発し、猫が生成された")


CRUSADE = real("十字軍", card(
    "Crusade", "{W}{W}", "Enchantment",
    StaticAbility("White creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors=["W"]))))


@check("611.3b@20260116.0@219ba91d", "611.3a@20260116.0@c1a44913", example="611.3b#1@b9526fb5")
def a_static_effect_follows_colour_changes(expect: Expect) -> None:
    """状況: Aの《十字軍》（白であるすべてのクリーチャーは+1/+1の修整を受ける）と白の《サバンナ・ライオン》、緑の《灰色熊》。
    行動: ライオンが緑になり、熊が白になる。
    結果: 白のライオンは3/2、熊は2/2。色が変わると、ライオンは修整を失って2/1、白になった熊は修整を受けて3/3。"""
    game = Game(["A", "B"])
    game.place(CRUSADE)
    lions = game.place(SAVANNAH_LIONS)
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal((game.view(lions).pt, game.view(bears).pt), ((3, 2), (2, 2)), "白のライオンだけが修整を受ける")
    game.create_effect("becomes green", [becomes_color("G")], [lions], UntilEndOfTurn())
    game.create_effect("becomes white", [becomes_color("W")], [bears], UntilEndOfTurn())
    expect.equal((game.view(lions).pt, game.view(bears).pt), ((2, 1), (3, 3)),
                 "白でなくなったライオンは修整を失い、白になった熊は受ける")


def _raise_the_alarm(resolution: Resolution) -> None:
    resolution.game.create_token(token("Soldier", "Creature — Soldier", 1, 1, colors="W"), resolution.controller, 2)


RAISE_THE_ALARM = real("急報", card("Raise the Alarm", "{1}{W}", "Instant", spell=SpellAbility(
    "Create two 1/1 white Soldier creature tokens.", _raise_the_alarm)))

STURDY_WATCHER = card("Test Sturdy Watcher", "{2}", "Enchantment", TriggeredAbility(
    "Whenever a creature with toughness 2 or greater enters, you gain 1 life.",
    enters(creatures() & where("toughness 2 or greater", lambda c, o: (o.toughness or 0) >= 2, ("toughness",),
                               local=True)), gain(1)))
"""Test: "Whenever a creature with toughness 2 or greater enters, you gain 1 life"."""


@check("611.3c@20260116.0@f4842e45", "603.6b@20260116.0@b60da961", example="611.3c#1@da95cc6d")
def a_static_effect_applies_as_the_permanent_enters(expect: Expect) -> None:
    """状況: Aの「タフネスが2以上のクリーチャーが戦場に出るたび、1点のライフを得る」テスト用エンチャント。
    行動: Aが《急報》（1/1の白の兵士トークンを2体生成する）を唱え、次に《十字軍》を出してからもう一度唱える。
    結果: 十字軍がなければ兵士は1/1で誘発しない。十字軍があると兵士は2/2として戦場に出るので（1/1で出てから2/2になるのではない）、
    2回誘発する。"""
    game = Game(["A", "B"])
    game.place(STURDY_WATCHER)
    cast(game, "A", RAISE_THE_ALARM)
    expect.equal(game.players["A"].life, 20, "十字軍がなければ1/1で、誘発しない")
    game.place(CRUSADE)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    cast(game, "A", RAISE_THE_ALARM)
    soldiers = [o for o in game.battlefield("A") if game.view(o).name == "Soldier"]
    expect.equal([game.view(s).pt for s in soldiers], [(2, 2)] * 4, "十字軍のもとで兵士は2/2")
    expect.equal(game.players["A"].life, 22, "2/2として戦場に出たので2回誘発した")


__all__ = ["CRUSADE", "SAVANNAH_LIONS"]
