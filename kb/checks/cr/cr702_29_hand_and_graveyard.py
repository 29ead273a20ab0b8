"""Keyword abilities that work from the hand, the graveyard or exile, or as a creature dies:
cycling (702.29), soulshift (702.46), ninjutsu (702.49), dredge (702.52), transmute (702.53),
haunt (702.55), forecast (702.57), recover (702.59)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    SWAMP,
    ChoiceKind,
    DamageDealt,
    Game,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    cards_in,
    creatures,
    enters,
    keywords_hand,
    modify_pt,
    on_event,
    target,
    target_player,
    token,
    where,
)
from kb.engine.choices import Choice
from kb.engine.costs import cost
from kb.engine.keywords_graveyard import haunted_dies
from kb.engine.keywords_hand import cycle_or_discard, cycled, forecast
from kb.engine.keywords_upkeep import pay_or_not
from kb.engine.stack import Resolution


def _gain(amount: int):  # type: ignore[no-untyped-def]
    return lambda r: r.game.gain_life(r.controller, amount)


def _may_gain(amount: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        if resolution.game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, f"gain {amount} life",
                                              (True, False))):
            resolution.game.gain_life(resolution.controller, amount)

    return effect


RENEWED_FAITH = real("新たな信仰", card(
    "Renewed Faith", "{2}{W}", "Instant", "cycling {1}{W}",
    TriggeredAbility("When you cycle Renewed Faith, you may gain 2 life.", cycled(), _may_gain(2),
                     zones=frozenset({Zone.GRAVEYARD})),
    spell=SpellAbility("You gain 6 life.", _gain(6))))
DRAKE = token("Drake", "Creature — Drake", 2, 2, "flying", colors="U")


def _maybe_drake(resolution: Resolution) -> None:
    game = resolution.game
    if pay_or_not(game, resolution.controller, cost("{1}"), None, "a Drake"):
        game.create_token(DRAKE, resolution.controller)


DRAKE_HAVEN = real("ドレイクの安息地", card(
    "Drake Haven", "{2}{U}", "Enchantment",
    TriggeredAbility("Whenever you cycle or discard a card, you may pay {1}. If you do, create a 2/2 blue Drake "
                     "creature token with flying.", cycle_or_discard(), _maybe_drake)))


@check("702.29a@20260116.0@219edfd0", "702.29c@20260116.0@cc4752ce", "702.29d@20260116.0@dd27491b")
def cycling(expect: Expect) -> None:
    """状況: Aの手札に《新たな信仰》（サイクリング{1}{W}、サイクリングしたとき2点のライフを得てもよい）。戦場に《ドレイクの安息地》。
    行動: Aが{1}{W}と{1}{1}を持ち、新たな信仰をサイクリングし、安息地の能力には支払う。
    結果: コストとして捨ててカード1枚を引く。サイクリングしたときの能力は移動先の墓地から誘発して2点を得る。「サイクリングするか捨てるたび」の安息地は1回だけ誘発し、ドレイク1体を生成する。"""
    game = Game(["A", "B"], library=6)
    game.place(DRAKE_HAVEN)
    faith = in_hand(game, RENEWED_FAITH)
    hand = len(game.hand("A"))
    give_mana(game, "A", "{1}{W}{1}{1}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.activate("A", faith, "Cycling")
    expect.equal(game.current(faith).zone, Zone.GRAVEYARD, "コストとして捨てた")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand, "1枚捨てて1枚引いた")
    expect.equal(game.players["A"].life, 22, "墓地から誘発して2点を得た")
    drakes = [o for o in game.battlefield("A") if o.card.name == "Drake"]
    expect.equal(len(drakes), 1, "安息地は1回だけ誘発した")


GROWTH_FOR_ABILITIES = card("Test Mentor of Tools", "{2}{G}", "Enchantment", StaticAbility(
    "Creatures you control with an activated ability get +1/+1.", (modify_pt(1, 1),),
    creatures(controller="you") & where("with an activated ability", lambda c, o: keywords_hand.has_activated_ability(o),
                                        reads=("abilities",), local=True)))
KROSAN_TUSKER = real("クローサの大牙獣", card("Krosan Tusker", "{5}{G}{G}", "Creature — Boar Beast", 6, 5,
                                           "cycling {2}{G}"))
"""クローサの大牙獣; its when-you-cycle search is left out."""
DRIFT_OF_PHANTASMS = real("幻の漂い", card("Drift of Phantasms", "{2}{U}", "Creature — Spirit", 0, 5, "defender",
                                        "flying", "transmute {1}{U}{U}"))


@check("702.29b@20260116.0@45de8973", "702.53b@20260116.0@a271b1b0")
def abilities_from_the_hand_exist_everywhere(expect: Expect) -> None:
    """状況: Aは「起動型能力を持つ、あなたがコントロールするクリーチャーは+1/+1の修整を受ける」テスト用エンチャントと、戦場に《クローサの大牙獣》（サイクリング）、《幻の漂い》（変成）、《灰色熊》をコントロールしている。
    行動: 大牙獣をサイクリングしようとする。
    結果: サイクリングと変成は手札でしか起動できないが、戦場にあっても存在し続けるので、大牙獣と漂いは起動型能力を持つクリーチャーとして+1/+1を受ける。熊は受けない。"""
    game = Game(["A", "B"], library=6)
    game.place(GROWTH_FOR_ABILITIES)
    tusker = game.place(KROSAN_TUSKER)
    drift = game.place(DRIFT_OF_PHANTASMS)
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal((game.view(tusker).pt, game.view(drift).pt, game.view(bears).pt), ((7, 6), (1, 6), (2, 2)),
                 "サイクリングや変成を持つものは起動型能力を持つ")
    give_mana(game, "A", "{2}{G}")
    expect.refused(lambda: game.activate("A", tusker, "Cycling"), "戦場ではサイクリングできない")


TWISTED_ABOMINATION = real("よじれた嫌悪者", card("Twisted Abomination", "{5}{B}", "Creature — Zombie Mutant", 5, 3,
                                            "swampcycling {2}"))
"""よじれた嫌悪者; its regeneration ability is left out."""
CYCLE_WATCHER = card("Test Cycle Watcher", "{1}{W}", "Enchantment", TriggeredAbility(
    "Whenever you cycle a card, you gain 1 life.", cycled("a card"), _gain(1)))


@check("702.29e@20260116.0@b1b0e2e6", "702.29f@20260116.0@a97937b3", "701.23a@20260116.0@5a5a8334")
def typecycling(expect: Expect) -> None:
    """状況: Aの手札に《よじれた嫌悪者》（沼サイクリング{2}）、ライブラリーに《沼》。戦場に「あなたがカードをサイクリングするたび、1点のライフを得る」テスト用エンチャント。
    行動: Aが沼サイクリングし、沼を探す。
    結果: タイプサイクリングはサイクリング能力である：捨てて、ライブラリーから沼を探して手札に加え、切り直す。「サイクリングするたび」の能力も誘発する。"""
    game = Game(["A", "B"], library=6)
    game.place(CYCLE_WATCHER)
    swamp = game.place(SWAMP, Zone.LIBRARY, "A")
    abomination = in_hand(game, TWISTED_ABOMINATION)
    expect.that(game.view(abomination).has("cycling"), "沼サイクリングを持つカードはサイクリングを持つ")
    give_mana(game, "A", "{2}")
    game.choices.script(ChoiceKind.OBJECT, swamp, player="A")
    game.activate("A", abomination, 0)
    game.resolve_stack()
    expect.equal(game.current(swamp).zone, Zone.HAND, "沼を手札に加えた")
    expect.equal(game.players["A"].life, 21, "サイクリングしたときの能力が誘発した")


FORKED_BRANCH_GARAMI = real("別れ枝絡み", card("Forked-Branch Garami", "{3}{G}{G}", "Creature — Spirit", 4, 4,
                                           "soulshift 4", "soulshift 4"))
SMALL_SPIRIT = card("Test Small Spirit", "{1}{G}", "Creature — Spirit", 2, 2)
BIG_SPIRIT = card("Test Big Spirit", "{3}{G}{G}", "Creature — Spirit", 5, 5)


@check("702.46a@20260116.0@6674179f", "702.46b@20260116.0@708ec261", "603.10a@20260116.0@ea7c52c5")
def soulshift(expect: Expect) -> None:
    """状況: Aの《別れ枝絡み》（転生4を2つ）。Aの墓地にマナ総量2のテスト用スピリット2枚とマナ総量5のテスト用スピリット。
    行動: 別れ枝絡みが破壊される。
    結果: 2つの転生はそれぞれ誘発し、マナ総量4以下のスピリット・カードをそれぞれ手札に戻す。マナ総量5のスピリットは対象にできない（絡み自身も）。"""
    game = Game(["A", "B"], library=6)
    garami = game.place(FORKED_BRANCH_GARAMI)
    small = [game.place(SMALL_SPIRIT, Zone.GRAVEYARD, "A"), game.place(SMALL_SPIRIT, Zone.GRAVEYARD, "A")]
    big = game.place(BIG_SPIRIT, Zone.GRAVEYARD, "A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.TARGETS, small[0], player="A")
    game.choices.script(ChoiceKind.TARGETS, small[1], player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.destroy(garami)
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "2つの転生が誘発した")
    game.resolve_stack()
    expect.equal([game.current(s).zone for s in small], [Zone.HAND, Zone.HAND], "マナ総量4以下のスピリット2枚が手札に")
    expect.equal(big.zone, Zone.GRAVEYARD, "マナ総量5は戻らない")


NINJA_OF_THE_DEEP_HOURS = real("深き刻の忍者", card(
    "Ninja of the Deep Hours", "{1}{U}", "Creature — Human Ninja", 2, 2, "ninjutsu {1}{U}",
    TriggeredAbility("Whenever Ninja of the Deep Hours deals combat damage to a player, you may draw a card.",
                     on_event("whenever this deals combat damage to a player", (DamageDealt,),
                              lambda t: 1 if isinstance(t.event, DamageDealt) and t.event.combat
                              and t.event.source == t.source.id and isinstance(t.event.recipient, str) else 0),
                     lambda r: r.game.draw(r.controller))))
YURIKO = real("虎の影、百合子", card("Yuriko, the Tiger's Shadow", "{1}{U}{B}", "Legendary Creature — Human Ninja",
                                  1, 3, "commander ninjutsu {U}{B}"))
"""虎の影、百合子; its combat damage trigger is left out."""


@check("702.49a@20260116.0@0f0d9145", "702.49c@20260116.0@d73f3fc5", "509.1h@20260116.0@18ffc839")
def ninjutsu(expect: Expect) -> None:
    """状況: Aの《灰色熊》がBを攻撃している。Aの手札に《深き刻の忍者》（忍術{1}{U}）。
    行動: ブロック・クリーチャー指定の前に忍術を起動しようとする。Bがブロックしないので、熊を手札に戻して忍術を起動する。
    結果: ブロックされていないクリーチャーがいるときにしか起動できない。忍者はタップ状態で、熊と同じBを攻撃しブロックされていない状態で戦場に出て、Bに2点を与えカードを1枚引く。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HILL_GIANT, player="B")
    ninja = in_hand(game, NINJA_OF_THE_DEEP_HOURS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    give_mana(game, "A", "{1}{U}")
    expect.refused(lambda: game.activate("A", ninja, "Ninjutsu"), "ブロック・クリーチャー指定の前は起動できない")
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    give_mana(game, "A", "{1}{U}")
    game.activate("A", ninja, "Ninjutsu")
    expect.equal(game.current(bears).zone, Zone.HAND, "熊は手札に戻った")
    game.resolve_stack()
    arrived = game.current(ninja)
    state = game.combat
    expect.that(arrived.tapped and state is not None and state.attackers.get(arrived.id) == "B"
                and arrived.id not in state.blocked, "忍者はタップ状態でBを攻撃し、ブロックされていない")
    hand = len(game.hand("A"))
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 18, "忍者が2点を与えた")
    expect.equal(len(game.hand("A")), hand + 1, "カードを1枚引いた")


@check("702.49b@20260116.0@c2e60cfa")
def ninjutsu_card_stays_revealed(expect: Expect) -> None:
    """状況: Aの《灰色熊》がBを攻撃し、ブロックされない。Aの手札に《深き刻の忍者》。
    行動: 忍術を起動する。その能力がスタックにある間と、効果でその能力が打ち消された後を見る。
    結果: 忍術を持つカードは、能力を宣言したときからそれがスタックを離れるまで公開されたまま。打ち消されてスタックを離れると、手札の忍者はもう公開されていない。"""
    from kb.engine import stack as stack_rules

    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    ninja = in_hand(game, NINJA_OF_THE_DEEP_HOURS)
    expect.that(not keywords_hand.revealed(game, ninja), "起動前は公開されていない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    give_mana(game, "A", "{1}{U}")
    ability = game.activate("A", ninja, "Ninjutsu")
    assert ability is not None
    expect.that(keywords_hand.revealed(game, ninja), "能力がスタックにある間は公開されている")
    stack_rules.counter(game, stack_rules.find(game, ability))  # as "counter target activated ability" would
    expect.that(ninja.zone is Zone.HAND and not keywords_hand.revealed(game, ninja), "スタックを離れたら公開は終わる")


@check("702.49d@20260116.0@52c54910")
def commander_ninjutsu(expect: Expect) -> None:
    """状況: Aの統率領域に《虎の影、百合子》（上忍術{U}{B}）。Aの《灰色熊》がBを攻撃し、ブロックされない。
    行動: 熊を手札に戻して、統率領域から上忍術を起動する。
    結果: 上忍術は統率領域からでも起動でき、百合子はタップ状態でBを攻撃している状態で戦場に出る。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HILL_GIANT, player="B")
    yuriko = game.place(YURIKO, Zone.COMMAND, "A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    give_mana(game, "A", "{U}{B}")
    game.activate("A", yuriko, 0)
    game.resolve_stack()
    arrived = game.current(yuriko)
    state = game.combat
    expect.that(arrived.zone is Zone.BATTLEFIELD and state is not None and state.attackers.get(arrived.id) == "B",
                "百合子が攻撃している状態で戦場に出た")


GOLGARI_THUG = real("ゴルガリの凶漢", card("Golgari Thug", "{1}{B}", "Creature — Zombie Warrior", 1, 1, "dredge 4"))
"""ゴルガリの凶漢; its dies trigger is left out."""


@check("702.52a@20260116.0@5aa338f4", "702.52b@20260116.0@89a73c8a", "701.17a@20260116.0@30e9c1ad")
def dredge(expect: Expect) -> None:
    """状況: Aの墓地に《ゴルガリの凶漢》（発掘4）。Aのライブラリーは5枚。
    行動: Aがカードを引くに際して発掘を選ぶ。次に、ライブラリーが3枚のときにカードを引く。
    結果: 引く代わりに4枚を切削して凶漢を手札に戻す。ライブラリーが4枚未満のときは発掘できず、普通に引く。"""
    game = Game(["A", "B"], library=5)
    thug = game.place(GOLGARI_THUG, Zone.GRAVEYARD, "A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.draw("A")
    expect.equal(game.current(thug).zone, Zone.HAND, "凶漢が手札に戻った")
    expect.equal(len(game.players["A"].library), 1, "4枚を切削した")
    other = Game(["A", "B"], library=3)
    thug = other.place(GOLGARI_THUG, Zone.GRAVEYARD, "A")
    other.draw("A")
    expect.that(thug.zone is Zone.GRAVEYARD and len(other.players["A"].library) == 2,
                "ライブラリーが足りないので普通に引いた")


DRIFT = DRIFT_OF_PHANTASMS


@check("702.53a@20260116.0@6e1ff1d1", "307.1@20260116.0@49f5f26e")
def transmute(expect: Expect) -> None:
    """状況: Aの手札に《幻の漂い》（マナ総量3、変成{1}{U}{U}）、ライブラリーに《丘巨人》（4）と《風のドレイク》（3）。
    行動: 戦闘中に変成しようとする。メイン・フェイズに変成し、ドレイクを探す。
    結果: ソーサリーとしてしか起動できない。捨てた漂いと同じマナ総量3のカードを探して手札に加える。"""
    game = Game(["A", "B"], library=6)
    game.place(cards.HILL_GIANT, Zone.LIBRARY, "A")
    drake = game.place(cards.WIND_DRAKE, Zone.LIBRARY, "A")
    drift = in_hand(game, DRIFT)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    give_mana(game, "A", "{1}{U}{U}")
    expect.refused(lambda: game.activate("A", drift, "Transmute"), "戦闘中は変成できない")
    game.advance_to(Step.END, "A")
    game.next_turn("A")
    give_mana(game, "A", "{1}{U}{U}")
    game.choices.script(ChoiceKind.OBJECT, drake, player="A")
    game.activate("A", drift, "Transmute")
    game.resolve_stack()
    expect.equal(game.current(drake).zone, Zone.HAND, "マナ総量3のドレイクを手札に加えた")


def _each_draws(count: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        for player in resolution.game.apnap():
            resolution.game.draw(player, count)

    return effect


SKYSCRIBING = real("空中文字", card(
    "Skyscribing", "{X}{U}{U}", "Sorcery",
    forecast("{2}{U}", _each_draws(1), "Each player draws a card. (Activate only during your upkeep and only once "
                                       "each turn.)"),
    spell=SpellAbility("Each player draws X cards.", lambda r: _each_draws(r.x)(r))))


@check("702.57a@20260116.0@9aad50eb", "702.57b@20260116.0@783d4344")
def forecast_in_the_upkeep(expect: Expect) -> None:
    """状況: Aの手札に《空中文字》（予見 ― {2}{U}：各プレイヤーはカードを1枚引く）。
    行動: Aのメイン・フェイズに予見を起動しようとする。次のAのアップキープに起動し、同じアップキープにもう一度起動しようとする。
    結果: 予見は手札から、オーナーのアップキープに、各ターン1回だけ起動できる：各プレイヤーが1枚引く。起動したカードはアップキープの間は公開されたままで、次のステップが始まれば公開は終わる。"""
    game = Game(["A", "B"], library=6)
    scribe = in_hand(game, SKYSCRIBING)
    give_mana(game, "A", "{2}{U}")
    expect.refused(lambda: game.activate("A", scribe, 0), "アップキープでなければ起動できない")
    game.advance_to(Step.UPKEEP, "A")
    hands = (len(game.hand("A")), len(game.hand("B")))
    give_mana(game, "A", "{2}{U}")
    game.activate("A", scribe, 0)
    game.resolve_stack()
    expect.equal((len(game.hand("A")), len(game.hand("B"))), (hands[0] + 1, hands[1] + 1), "各プレイヤーが1枚引いた")
    expect.that(keywords_hand.revealed(game, scribe), "アップキープの間は手札で公開されている")
    give_mana(game, "A", "{2}{U}")
    expect.refused(lambda: game.activate("A", scribe, 0), "同じターンに2回は起動できない")
    game.advance_to(Step.DRAW, "A")
    expect.that(not keywords_hand.revealed(game, scribe), "アップキープ以外のステップが始まれば公開は終わる")


def _drain(resolution: Resolution) -> None:
    game = resolution.game
    victim = resolution.target
    if isinstance(victim, str):
        game.lose_life(victim, 2)
        game.gain_life(resolution.controller, 2)


BLIND_HUNTER = real("盲目の狩人", card(
    "Blind Hunter", "{2}{W}{B}", "Creature — Bat", 2, 2, "flying", "haunt",
    TriggeredAbility("When Blind Hunter enters, target player loses 2 life and you gain 2 life.", enters(), _drain,
                     (target_player(),)),
    TriggeredAbility("When the creature Blind Hunter haunts dies, target player loses 2 life and you gain 2 life.",
                     haunted_dies(), _drain, (target_player(),), zones=frozenset({Zone.EXILE}))))
HAUNTING_SPELL = card("Test Haunting Hex", "{1}{B}", "Sorcery", "haunt",
                      TriggeredAbility("When the creature it haunts dies, you gain 3 life.", haunted_dies(), _gain(3),
                                       zones=frozenset({Zone.EXILE})),
                      spell=SpellAbility("Draw a card.", lambda r: r.game.draw(r.controller)))


@check("702.55a@20260116.0@7bf59190", "702.55b@20260116.0@86de1edc", "702.55c@20260116.0@4ccdbb6e")
def haunt(expect: Expect) -> None:
    """状況: Aの《盲目の狩人》（憑依、憑依しているクリーチャーが死亡したとき対象のプレイヤーは2点失いあなたは2点得る）。Bの《灰色熊》と《丘巨人》。Aの手札に憑依を持つテスト用ソーサリー（憑依しているクリーチャーが死亡したとき3点得る）。
    行動: 狩人が破壊され、熊に憑依する。ソーサリーを唱え、それは解決中に墓地に置かれて丘巨人に憑依する。熊と丘巨人が破壊される。
    結果: 憑依したカードは追放領域にあり、そこから憑依しているクリーチャーの死亡で誘発する：Bは2点失いAは2点得る。ソーサリーも同様にAに3点を得させる。"""
    game = Game(["A", "B"], library=6)
    hunter = game.place(BLIND_HUNTER)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    giant = game.place(cards.HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.destroy(hunter)
    game.resolve_stack()
    exiled = game.current(hunter)
    expect.that(exiled.zone is Zone.EXILE and exiled.chosen.get("haunting") == bears.id, "狩人は熊に憑依して追放された")
    hex_card = in_hand(game, HAUNTING_SPELL)
    give_mana(game, "A", "{1}{B}")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.cast("A", hex_card)
    game.resolve_stack()
    expect.equal(game.current(hex_card).zone, Zone.EXILE, "解決中に墓地に置かれたソーサリーも丘巨人に憑依した")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.destroy(bears, giant)
    game.resolve_stack()
    expect.equal((game.players["B"].life, game.players["A"].life), (18, 25), "追放領域から誘発した")


GRIM_HARVEST = real("無残な収穫", card("Grim Harvest", "{1}{B}", "Instant", "recover {2}{B}", spell=SpellAbility(
    "Return target creature card from your graveyard to your hand.",
    lambda r: r.game.move(r.target, Zone.HAND) if isinstance(r.target, int) else None,
    (target(cards_in(Zone.GRAVEYARD, "Creature", owner="you"), "target creature card in your graveyard"),))))


@check("702.59a@20260116.0@7594c772")
def recover(expect: Expect) -> None:
    """状況: Aの墓地に《無残な収穫》（回収{2}{B}）。Aの《灰色熊》2体。
    行動: 熊1体が破壊され、Aは{2}{B}を支払う。もう1体が破壊され、今度は支払わない（手札に戻った収穫はもう墓地にないので、2回目のために別の収穫を墓地に置いておく）。
    結果: クリーチャーがAの墓地に置かれたとき、支払えば収穫は手札に戻り、支払わなければ追放される。"""
    game = Game(["A", "B"], library=6)
    harvest = game.place(GRIM_HARVEST, Zone.GRAVEYARD, "A")
    first, second = game.place(cards.GRIZZLY_BEARS), game.place(cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{2}{B}")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.destroy(first)
    game.resolve_stack()
    expect.equal(game.current(harvest).zone, Zone.HAND, "支払って手札に戻った")
    other = game.place(GRIM_HARVEST, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{2}{B}")
    game.choices.script(ChoiceKind.PAY, False, player="A")
    game.destroy(second)
    game.resolve_stack()
    expect.equal(game.current(other).zone, Zone.EXILE, "支払わなければ追放された")
