"""Phases and steps (500-505, 507, 511-514): how they end, what begins them, extra and skipped
steps, phases and turns, day and night, main phases, and the steps with priority."""

from __future__ import annotations

from kb.checks import cards, cards_turn
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    Phase,
    Resolution,
    SpellAbility,
    Step,
    StepBegan,
    TriggeredAbility,
    UntilEndOfTurn,
    at_beginning_of,
    becomes_untapped,
    card,
    create_delayed,
    creatures,
    day_night,
    modify_pt,
    skip_phase,
    skip_step,
    skip_turn,
)
from kb.engine import turn as turn_structure
from kb.engine.cards import Card
from kb.engine.events import PriorityGiven, TurnBegan
from kb.engine.timing import after_step, cast_only
from kb.engine.triggers import Trigger
from kb.engine.turn_triggers import at_beginning_of_main_phase

gain = cards._gain_life


def watcher(name: str, text: str, trigger: Trigger, amount: int) -> Card:
    """A made-up enchantment that gains ``amount`` life each time ``trigger`` triggers."""
    return card(name, "{1}", "Enchantment", TriggeredAbility(f"{text}, you gain {amount} life.", trigger, gain(amount)))


def steps_since(game: Game, start: int) -> list[str]:
    return [(e.step or e.phase).value for e in game.log[start:] if isinstance(e, StepBegan)]


@check("500.2@20260116.0@b71d859f", "505.2@20260116.0@f4497315")
def a_phase_ends_when_all_pass_with_an_empty_stack(expect: Expect) -> None:
    """状況: Aの戦闘前メイン・フェイズ。Bの手札に《ショック》がある。
    行動: Aがパスし、Bがショックを唱え、全員がパスしてショックが解決する。そのあとAとBが続けてパスする。
    結果: ショックが解決してスタックが空になってもメイン・フェイズは終わらず、Aが優先権を得る。スタックが空の状態で
    全員が続けてパスしたときに、メイン・フェイズが終わる。"""
    game = Game(["A", "B"])
    game.pass_priority("A")
    cast(game, "B", cards.SHOCK, ["A"], resolve=False)
    game.pass_priority("B")
    game.pass_priority("A")
    expect.equal((game.players["A"].life, game.phase, game.priority), (18, Phase.PRECOMBAT_MAIN, "A"),
                 "スタックが空になってもメイン・フェイズは続き、Aが優先権を得る")
    game.pass_priority("A")
    expect.equal(game.phase, Phase.PRECOMBAT_MAIN, "Aだけがパスしてもフェイズは終わらない")
    game.pass_priority("B")
    expect.equal(game.step, Step.BEGINNING_OF_COMBAT, "スタックが空で全員が続けてパスしたので、メイン・フェイズが終わった")


@check("500.3@20260116.0@52b98002", "514.3@20260116.0@8868121f")
def untap_and_cleanup_steps_end_by_themselves(expect: Expect) -> None:
    """状況: Aのターンが始まる直前。Aの《灰色熊》がタップ状態である。
    行動: ターンを最後まで進める。
    結果: アンタップ・ステップは熊をアンタップし終えたところで、クリンナップ・ステップは処理を終えたところで、誰も優先権を得ず
    パスもせずに終わる。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    bears = game.place(cards.GRIZZLY_BEARS, tapped=True)
    game.next_turn("B")
    log = game.log
    began = [i for i, e in enumerate(log) if isinstance(e, StepBegan)]
    untap = next(i for i in began if log[i].step is Step.UNTAP)  # type: ignore[attr-defined]
    upkeep = next(i for i in began if log[i].step is Step.UPKEEP)  # type: ignore[attr-defined]
    cleanup = next(i for i in began if log[i].step is Step.CLEANUP)  # type: ignore[attr-defined]
    turn_two = next(i for i, e in enumerate(log) if isinstance(e, TurnBegan) and e.player == "B")
    expect.that(not bears.tapped, "アンタップ・ステップで熊がアンタップされた")
    expect.that(not any(isinstance(e, PriorityGiven) for e in log[untap:upkeep]),
                "アンタップ・ステップは誰も優先権を得ないまま終わった")
    expect.that(not any(isinstance(e, PriorityGiven) for e in log[cleanup:turn_two]),
                "クリンナップ・ステップも誰も優先権を得ないまま終わり、次のターンになった")


@check("500.6@20260116.0@90267864", "503.1@20260116.0@b17602db", "503.1a@20260116.0@a8646d53",
       "603.3b@20260116.0@ae7ee7d0")
def untap_and_upkeep_triggers_go_on_the_stack_in_the_upkeep(expect: Expect) -> None:
    """状況: Aのターンが始まる直前。Aのタップ状態の《灰色熊》と、「あなたがコントロールしているクリーチャーがアンタップ状態になる
    たび、1点のライフを得る。」と「あなたのアップキープの開始時に、10点のライフを得る。」を持つテスト用エンチャント2つ。
    行動: アンタップ・ステップとアップキープ・ステップを迎える。Aは積む順番を選ぶ。
    結果: アンタップ・ステップに誘発した能力は待ち、アップキープの開始時に誘発した能力とともに、Aが選んだ順番で、Aが優先権を
    得る前にスタックに積まれる。アップキープにはターン起因処理はない。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.place(watcher("Test Untap Watcher", "Whenever a creature you control becomes untapped",
                       becomes_untapped(creatures(controller="you")), 1))
    game.place(watcher("Test Upkeep Watcher", "At the beginning of your upkeep", at_beginning_of(Step.UPKEEP), 10))
    game.place(cards.GRIZZLY_BEARS, tapped=True)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(reversed(c.items)), player="A")
    game.advance_to(Step.UPKEEP)
    expect.equal((len(game.stack), game.priority, len(game.hand("A"))), (2, "A", 0),
                 "両方の能力がスタックに積まれてからAが優先権を得た（アップキープのターン起因処理はない）")
    expect.equal([item.text for item in game.stack], [
        "At the beginning of your upkeep, you gain 10 life.",
        "Whenever a creature you control becomes untapped, you gain 1 life."], "Aが選んだ順番で積まれた")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 31, "両方の能力が解決した")


@check("500.7@20260116.0@da263082")
def the_extra_turn_created_last_comes_first(expect: Expect) -> None:
    """状況: Aのターン。Bが追加のターンを1つ得て、そのあとAが追加のターンを1つ得る。
    行動: ターンを進める。
    結果: 最後に作られたAの追加ターンが最初に行われ、次にBの追加ターン、そのあとBの通常のターンになる。"""
    game = Game(["A", "B"])
    game.add_extra_turn("B")
    game.add_extra_turn("A")
    for player in ("A", "B", "B"):
        game.next_turn(player)
    expect.equal([e.player for e in game.events(TurnBegan)], ["A", "B", "B"], "Aの追加ターン、Bの追加ターン、Bのターンの順")


@check("500.8@20260116.0@ae5d13a9", "505.1@20260116.0@25fa981b", "505.1a@20260116.0@ddf1837d",
       "505.1b@20260116.0@397bb560")
def an_additional_combat_and_main_phase(expect: Expect) -> None:
    """状況: Aのターンが始まる直前。Aの《灰色熊》と、「あなたの戦闘後メイン・フェイズの開始時に1点」「あなたの戦闘前メイン・
    フェイズの開始時に10点」「あなたの第2メイン・フェイズの開始時に100点」のライフを得るテスト用エンチャント3つ。
    行動: 熊で攻撃し、戦闘後メイン・フェイズに《連続突撃》を唱えて、追加の戦闘で熊でもう一度攻撃する。
    結果: 熊はアンタップされ、このメイン・フェイズの直後に追加の戦闘フェイズと追加のメイン・フェイズが来る。追加のメイン・
    フェイズも戦闘後メイン・フェイズなので1点の能力は2回誘発し、戦闘前の能力は1回、第2メイン・フェイズの能力は2つ目の
    メイン・フェイズでだけ誘発する。熊は2回ダメージを与える。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.place(watcher("Test Postcombat Watcher", "At the beginning of your postcombat main phase",
                       at_beginning_of(Phase.POSTCOMBAT_MAIN), 1))
    game.place(watcher("Test Precombat Watcher", "At the beginning of your precombat main phase",
                       at_beginning_of(Phase.PRECOMBAT_MAIN), 10))
    game.place(watcher("Test Second Main Watcher", "At the beginning of your second main phase",
                       at_beginning_of_main_phase(2), 100))
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    game.resolve_stack()
    start = len(game.log)
    cast(game, "A", cards_turn.RELENTLESS_ASSAULT)
    expect.that(not bears.tapped, "攻撃した熊がアンタップされた")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(steps_since(game, start), [
        "beginning of combat step", "declare attackers step", "declare blockers step", "combat damage step",
        "end of combat step", "postcombat main phase", "end step"], "追加の戦闘フェイズと追加のメイン・フェイズが続いた")
    expect.equal(game.players["B"].life, 16, "熊は2回の戦闘でダメージを与えた")
    expect.equal(game.players["A"].life, 20 + 1 + 1 + 10 + 100, "戦闘後メイン2回、戦闘前メイン1回、第2メイン1回だけ誘発した")


def _upkeep_after_this_phase(resolution: Resolution) -> None:
    turn_structure.add_step_after_phase(resolution.game, Step.UPKEEP, player=resolution.controller)


TIME_STUTTER = card("Test Time Stutter", "{U}", "Instant", spell=SpellAbility(
    "You get an additional upkeep step after this phase.", _upkeep_after_this_phase))
"""Stands for effects that give their controller an additional step after a phase (500.10)."""


@check("500.10@20260116.0@8b924fe1", "500.8@20260116.0@ae5d13a9", example="500.10#1@bfe3934e")
def obeka_adds_upkeep_steps_after_combat(expect: Expect) -> None:
    """状況: Aの《秒刻みのオベカ》（2/5）と、「あなたのアップキープの開始時に、1点のライフを得る。」を持つテスト用エンチャント。
    Aの手札は空で、Bはクリーチャーをコントロールしていない。
    行動: オベカで攻撃し、Bに2点の戦闘ダメージを与える。
    結果: 戦闘フェイズのあとに、アップキープ・ステップだけからなる開始フェイズが2回追加される。アンタップ・ステップと
    ドロー・ステップは飛ばされるのでオベカはタップ状態のままでカードも引かず、アップキープの能力は2回誘発する。"""
    game = Game(["A", "B"])
    game.place(watcher("Test Upkeep Watcher", "At the beginning of your upkeep", at_beginning_of(Step.UPKEEP), 1))
    obeka = game.place(cards_turn.OBEKA)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([obeka])
    start = len(game.log)
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 18, "オベカはBに2点の戦闘ダメージを与えた")
    expect.equal(steps_since(game, start), ["declare blockers step", "combat damage step", "end of combat step",
                                            "upkeep step", "upkeep step", "postcombat main phase"],
                 "戦闘フェイズのあとにアップキープ・ステップが2回来た")
    expect.that(obeka.tapped and not game.hand("A"), "アンタップ・ステップとドロー・ステップは飛ばされた")
    expect.equal(game.players["A"].life, 22, "アップキープの開始時の能力は2回誘発した")


@check("500.10a@20260116.0@c5cd95c0", "500.10@20260116.0@8b924fe1", "500.8@20260116.0@ae5d13a9")
def you_get_additional_steps_only_in_your_own_turn(expect: Expect) -> None:
    """状況: Aの戦闘後メイン・フェイズ。AとBの手札に「あなたはこのフェイズの後に追加のアップキープ・ステップを得る。」という
    テスト用インスタントがあり、Aの手札には《連続突撃》もある。
    行動: Bが自分のインスタントを唱える。そのあとAが連続突撃を唱え、続けて自分のインスタントを唱える。
    結果: Bが「あなたが得る」のはAのターンなので何も追加されない。Aのものは追加され、同じフェイズのあとに追加されたフェイズは
    最後に作られたものから順に来るので、アップキープ・ステップが追加の戦闘フェイズより先に来て、そのあと終了フェイズになる。"""
    game = Game(["A", "B"])
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    game.pass_priority("A")
    cast(game, "B", TIME_STUTTER)
    expect.equal(game.turn_state.plan[0], (Phase.ENDING, Step.END), "Bのターンではないので、Bには何も追加されない")
    cast(game, "A", cards_turn.RELENTLESS_ASSAULT)
    cast(game, "A", TIME_STUTTER)
    start = len(game.log)
    game.advance_to(Step.END)
    expect.equal(steps_since(game, start), [
        "upkeep step", "beginning of combat step", "declare attackers step", "end of combat step",
        "postcombat main phase", "end step"], "最後に追加されたアップキープが先、次に追加の戦闘と追加のメイン")


def _draw_step_after_this_step(resolution: Resolution) -> None:
    turn_structure.add_step(resolution.game, Step.DRAW, player=resolution.controller)


@check("500.9@20260116.0@52a2399b")
def additional_steps_after_a_step(expect: Expect) -> None:
    """状況: Aの2回目のターンが始まる直前。Aに《逆説のもや》がついていて、Aは「あなたのアップキープの開始時に1点のライフを
    得る。」を持つテスト用エンチャントをコントロールし、手札に「このステップの後に追加のドロー・ステップを得る。」という
    テスト用インスタントがある。
    行動: アップキープを迎え、もやの能力が解決したあとでインスタントを唱える。
    結果: どちらも「このステップの後」にステップを加え、最後に作られた追加のドロー・ステップが先に来る。もやは最初の
    アップキープでだけ誘発する。Aはドロー・ステップごとに1枚、計2枚引き、アップキープの能力は2回誘発する。"""
    game = Game(["A", "B"])
    game.place(cards_turn.PARADOX_HAZE, attached_to="A")
    game.place(watcher("Test Upkeep Watcher", "At the beginning of your upkeep", at_beginning_of(Step.UPKEEP), 1))
    game.next_turn("B")
    stutter = in_hand(game, card("Test Draw Stutter", "{U}", "Instant", spell=SpellAbility(
        "You get an additional draw step after this step.", _draw_step_after_this_step)))
    start = len(game.log)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    give_mana(game, "A", "{U}")
    game.cast("A", stutter)
    game.resolve_stack()
    game.advance_to(Phase.PRECOMBAT_MAIN)
    expect.equal(steps_since(game, start)[-6:], ["untap step", "upkeep step", "draw step", "upkeep step", "draw step",
                                                 "precombat main phase"], "最後に加えられたドロー・ステップが先に来た")
    expect.equal((len(game.hand("A")), game.players["A"].life), (2, 22),
                 "Aは2回引き、アップキープの能力は2回誘発した（もやは1回だけ）")


@check("503.2@20260116.0@deb217ed")
def after_your_upkeep_means_after_the_first_one(expect: Expect) -> None:
    """状況: Aのターンのアップキープ。Aに《逆説のもや》がついていて、Aの手札に「この呪文はあなたのアップキープ・ステップの後に
    のみ唱えられる。」というテスト用インスタントがある。
    行動: 最初のアップキープと、もやが加えた2つ目のアップキープで、それを唱えようとする。
    結果: 最初のアップキープの間は唱えられない。最初のアップキープが終わっていれば、2つ目のアップキープの間でも唱えられる。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.place(cards_turn.PARADOX_HAZE, attached_to="A")
    late = in_hand(game, card("Test Afterthought", "{U}", "Instant", cast_only(after_step(Step.UPKEEP)),
                              spell=SpellAbility("You gain 1 life.", gain(1))))
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    give_mana(game, "A", "{U}")
    expect.refused(lambda: game.cast("A", late), "最初のアップキープの間は唱えられない")
    game.pass_priority("A")
    game.pass_priority("B")
    expect.equal(game.step, Step.UPKEEP, "2つ目のアップキープ・ステップになった")
    give_mana(game, "A", "{U}")
    game.cast("A", late)
    expect.equal(len(game.stack), 1, "最初のアップキープが終わったので唱えられる")


@check("500.11@20260116.0@06d44ca6", "614.10@20260116.0@33a45bbc")
def skipped_steps_phases_and_turns_do_not_happen(expect: Expect) -> None:
    """状況: Aのターン。「Bは次のドロー・ステップを飛ばす」「Bは次の戦闘フェイズを飛ばす」「Aは次のターンを飛ばす」効果がある。
    Bの《灰色熊》は攻撃できる。
    行動: ターンを進める。
    結果: Bのターンにドロー・ステップと戦闘フェイズのどのステップも始まらず、Bは引かない。Aの次のターンは来ず、Bのターンが
    続けて来る。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS, player="B")
    game.create_effect("B skips their next draw step and combat phase; A skips their next turn",
                       replacements=[skip_step(Step.DRAW, "B"), skip_phase(Phase.COMBAT, "B"), skip_turn("A")],
                       controller="A")
    start = len(game.log)
    game.next_turn("B")
    game.advance_to(Step.END)
    expect.equal(steps_since(game, start)[-5:], ["untap step", "upkeep step", "precombat main phase",
                                                 "postcombat main phase", "end step"],
                 "Bのドロー・ステップと戦闘フェイズは存在しないかのように飛ばされた")
    expect.equal(len(game.hand("B")), 0, "Bは引かなかった")
    game.next_turn("B")
    expect.equal([e.player for e in game.events(TurnBegan)], ["B", "B"], "Aのターンは飛ばされ、Bのターンが続いた")


@check("502.2@20260116.0@ae800923")
def day_becomes_night_and_night_becomes_day(expect: Expect) -> None:
    """状況: Aのターンで、昼である。
    行動: Aは呪文を唱えずにターンを終える。Bは自分のターンに《ショック》を2回唱える。そのあと夜のままでAが1回だけ唱える。
    結果: 前のターンのアクティブ・プレイヤーが呪文を唱えていなかったので、Bのアンタップ・ステップに夜になる。Bが2つ唱えたので
    Aのアンタップ・ステップに昼になる。1つだけなら昼や夜は変わらない。"""
    game = Game(["A", "B"])
    day_night.becomes(game, day_night.DAY)
    game.next_turn("B")
    expect.equal(day_night.current(game), day_night.NIGHT, "Aが呪文を唱えなかったので夜になった")
    cast(game, "B", cards.SHOCK, ["A"])
    cast(game, "B", cards.SHOCK, ["A"])
    game.next_turn("A")
    expect.equal(day_night.current(game), day_night.DAY, "Bが2つ唱えたので昼になった")
    day_night.becomes(game, day_night.NIGHT)
    cast(game, "A", cards.SHOCK, ["B"])
    game.next_turn("B")
    expect.equal(day_night.current(game), day_night.NIGHT, "1つだけなら夜のまま")


@check("505.6@20260116.0@615ef118", "505.6a@20260116.0@fc4d7c01")
def permanent_spells_in_the_active_players_main_phase(expect: Expect) -> None:
    """状況: Aのターン。AとBの手札に《灰色熊》があり、マナは足りている。
    行動: Aが戦闘開始ステップと戦闘前メイン・フェイズで熊を唱えようとし、BもAのメイン・フェイズに唱えようとする。
    結果: Aはメイン・フェイズに優先権を得て、そのときにだけクリーチャー・呪文を唱えられる。非アクティブ・プレイヤーのBは
    Aのメイン・フェイズでも唱えられない。"""
    game = Game(["A", "B"], step=Step.UPKEEP)
    mine = in_hand(game, cards.GRIZZLY_BEARS)
    theirs = in_hand(game, cards.GRIZZLY_BEARS, "B")
    game.advance_to(Phase.PRECOMBAT_MAIN)
    expect.equal(game.priority, "A", "メイン・フェイズでAが優先権を得た")
    game.pass_priority("A")
    give_mana(game, "B", "{1}{G}")
    expect.refused(lambda: game.cast("B", theirs), "非アクティブ・プレイヤーはクリーチャー・呪文を唱えられない")
    game.pass_priority("B")
    give_mana(game, "A", "{1}{G}")
    expect.refused(lambda: game.cast("A", mine), "戦闘開始ステップではクリーチャー・呪文を唱えられない")
    game.next_turn("A")
    give_mana(game, "A", "{1}{G}")
    game.cast("A", mine)
    expect.equal(len(game.stack), 1, "自分のメイン・フェイズなら唱えられる")


@check("507.2@20260116.0@615ef118", "508.1a@20260116.0@c2dfa918")
def instants_in_the_beginning_of_combat_step(expect: Expect) -> None:
    """状況: Aの戦闘開始ステップ。Aの《灰色熊》が攻撃できる。Bの手札に「クリーチャー1体を対象とし、それをタップする。」という
    テスト用インスタントがある。
    行動: Aが優先権を得てパスし、Bがインスタントで熊をタップする。攻撃クリーチャー指定ステップでAが熊で攻撃しようとする。
    結果: 戦闘開始ステップにはAが優先権を得て、Bも呪文を唱えられる。タップ状態の熊は攻撃できない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.equal(game.priority, "A", "戦闘開始ステップでAが優先権を得た")
    cast(game, "B", cards_turn.TEST_TAP, [bears])
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([bears]), "タップ状態の熊は攻撃できない")


@check("511.1@20260116.0@07a27e47", "513.1@20260116.0@ad2a7c3d", "513.1a@20260116.0@2f61cab8")
def end_of_combat_and_end_step_give_priority(expect: Expect) -> None:
    """状況: Aの《灰色熊》が攻撃した。Aは「あなたの終了ステップの開始時に（かつての「ターン終了時に」）、1点のライフを得る。」を
    持つテスト用エンチャントをコントロールしている。
    行動: 戦闘終了ステップと終了ステップに進む。
    結果: 戦闘終了ステップにはターン起因処理はなく、Aが優先権を得る（熊はまだ攻撃している）。終了ステップの開始時に能力が
    誘発し、スタックに積まれてからAが優先権を得る。"""
    from kb.engine import is_attacking

    game = Game(["A", "B"])
    game.place(watcher("Test End Step Watcher", "At the beginning of your end step", at_beginning_of(Step.END), 1))
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(game.priority == "A" and is_attacking(game, bears), "戦闘終了ステップでAが優先権を得た")
    game.advance_to(Step.END)
    expect.equal((len(game.stack), game.priority), (1, "A"), "終了ステップの開始時の能力を積んでから、Aが優先権を得た")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "能力が解決した")


def _end_step_mischief(resolution: Resolution) -> None:
    game = resolution.game
    game.put_onto_battlefield(watcher("Test End Step Watcher", "At the beginning of your end step",
                                      at_beginning_of(Step.END), 1), resolution.controller)
    create_delayed(game, "At the beginning of the next end step, you gain 10 life.", at_beginning_of(Step.END, "each"),
                   gain(10), resolution.controller)
    bears = next(o for o in game.battlefield(resolution.controller) if o.card is cards.GRIZZLY_BEARS)
    resolution.create_effect("+2/+2 until end of turn", [modify_pt(2, 2)], [bears], UntilEndOfTurn())


@check("513.2@20260116.0@b8b6d2c3", "500.5b@20260116.0@556913a2", "514.2@20260116.0@eff7a1d4")
def end_step_abilities_made_during_the_end_step_wait(expect: Expect) -> None:
    """状況: Aの終了ステップ。Aの《灰色熊》。
    行動: Aがテスト用インスタントで、「あなたの終了ステップの開始時に1点のライフを得る」エンチャントを戦場に出し、「次の
    終了ステップの開始時に10点のライフを得る」遅延誘発型能力を作り、熊をターン終了時まで+2/+2する。
    結果: このステップは巻き戻らないので、どちらの能力もこのターンには誘発しない。+2/+2はこのターンのクリンナップ・
    ステップで終わる。遅延誘発はBの終了ステップに、エンチャントの能力はAの次の終了ステップに誘発する。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.END)
    cast(game, "A", card("Test Mischief", "{1}", "Instant", spell=SpellAbility(
        "Put an end-step watcher onto the battlefield, make a next-end-step delayed trigger, and give your "
        "Grizzly Bears +2/+2 until end of turn.", _end_step_mischief)))
    expect.equal(game.view(bears).pt, (4, 4), "熊はターン終了時まで4/4")
    game.next_turn("B")
    expect.equal((game.players["A"].life, game.view(bears).pt), (20, (2, 2)),
                 "このターンには誘発せず、+2/+2はクリンナップで終わった")
    game.advance_to(Step.END, "B")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 30, "遅延誘発型能力は次のターンの終了ステップに誘発した")
    game.advance_to(Step.END, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 31, "エンチャントの能力はAの次の終了ステップに誘発した")
