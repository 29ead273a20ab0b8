"""Turn structure (500-514), priority (117), playing lands (305) and timing (307.1)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    FOREST,
    ChoiceKind,
    DoesntUntap,
    ExtraLandPlays,
    Game,
    Phase,
    StaticAbility,
    Step,
    StepBegan,
    UntilEndOfTurn,
    Zone,
    at_beginning_of,
    card,
    create_delayed,
    modify_pt,
    this_object,
)
from kb.engine.events import PriorityGiven, TurnBegan

gain = cards._gain_life


def _steps(game: Game, since: int) -> list[str]:
    return [(e.step or e.phase).value for e in game.log[since:] if isinstance(e, StepBegan)]


@check("500.1@20260116.0@7e498a7b", "501.1@20260116.0@aa7d9960", "506.1@20260116.0@ab7bb35d",
       "512.1@20260116.0@1205ec8f")
def a_turn_goes_through_every_phase_and_step(expect: Expect) -> None:
    """状況: Aのターンが始まる直前。Aは《灰色熊》で攻撃し、Bはブロックしない。
    行動: ターンを最後まで進める。
    結果: 開始フェイズ（アンタップ、アップキープ、ドロー）、戦闘前メイン、戦闘（開始、攻撃、ブロック、ダメージ、終了）、
    戦闘後メイン、最終フェイズ（終了、クリンナップ）の順に進む。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS, player="B")
    start = len(game.log)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    game.next_turn()
    expect.equal(_steps(game, start)[:12], [
        "untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
        "declare attackers step", "declare blockers step", "combat damage step", "end of combat step",
        "postcombat main phase", "end step", "cleanup step"], "CRの順にすべてのフェイズとステップを通る")
    expect.equal(game.players["B"].life, 18, "戦闘ダメージが与えられた")


@check("508.8@20260116.0@8f01956a")
def no_attackers_skips_blockers_and_damage(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aは《灰色熊》を持つが攻撃しない。
    行動: 戦闘フェイズを進める。
    結果: 攻撃クリーチャーが指定されなかったので、ブロック・ステップと戦闘ダメージ・ステップは飛ばされる。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    start = len(game.log)
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.equal(_steps(game, start), ["beginning of combat step", "declare attackers step", "end of combat step",
                                       "postcombat main phase"], "ブロックとダメージのステップがない")


@check("502.3@20260116.0@e8bdee09", "502.4@20260116.0@2c3c9947")
def untap_step_untaps_the_active_players_permanents(expect: Expect) -> None:
    """状況: Aのターンが始まる直前。AとBのタップ状態の《灰色熊》。Aの2体目には「このクリーチャーはアンタップ・ステップに
    アンタップしない」効果が及ぶ。
    行動: アンタップ・ステップが行われる。
    結果: Aの熊はアンタップされ、効果の及ぶ2体目とBの熊はタップ状態のまま。誰も優先権を得ない。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    mine = game.place(cards.GRIZZLY_BEARS, tapped=True)
    stuck = game.place(cards.GRIZZLY_BEARS, tapped=True)
    game.create_effect("it doesn't untap", rules=[DoesntUntap(this_object())], source=stuck, controller="A")
    theirs = game.place(cards.GRIZZLY_BEARS, player="B", tapped=True)
    start = len(game.log)
    game.advance_to(Step.UPKEEP)
    expect.that(not mine.tapped, "アクティブ・プレイヤーのパーマネントはアンタップされる")
    expect.that(stuck.tapped, "アンタップしない効果の及ぶものはタップ状態のまま")
    expect.that(theirs.tapped, "非アクティブ・プレイヤーのものはアンタップされない")
    upkeep = next(i for i, e in enumerate(game.log) if i >= start and isinstance(e, StepBegan) and e.step is Step.UPKEEP)
    expect.that(not any(isinstance(e, PriorityGiven) for e in game.log[start:upkeep]),
                "アンタップ・ステップでは誰も優先権を得ない")


@check("504.1@20260116.0@50682b86", "103.8a@20260116.0@a8d86a67")
def draw_step_draws_except_the_first_players_first_turn(expect: Expect) -> None:
    """状況: 2人戦の最初のターンが始まる直前。
    行動: Aの最初のドロー・ステップ、Bのドロー・ステップを迎える。
    結果: 先攻のAは最初のターンに引かない。Bは自分のドロー・ステップに1枚引く。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.advance_to(Phase.PRECOMBAT_MAIN)
    expect.equal(len(game.hand("A")), 0, "先攻のAは最初のターンに引かない")
    game.next_turn("B")
    expect.equal(len(game.hand("B")), 1, "Bはドロー・ステップに1枚引いた")


@check("514.1@20260116.0@2f4bebc5", "402.2@20260116.0@42c59977")
def cleanup_discards_to_hand_size(expect: Expect) -> None:
    """状況: Aの手札が9枚ある。
    行動: Aのクリンナップ・ステップを迎え、Aは捨てるカードを選ぶ。
    結果: 最大手札枚数の7枚になるよう2枚捨てる。"""
    game = Game(["A", "B"])
    held = [in_hand(game, cards.GRIZZLY_BEARS) for _ in range(8)] + [in_hand(game, cards.HILL_GIANT)]
    game.choices.script(ChoiceKind.DISCARD, held[:2], player="A")
    game.next_turn()
    expect.equal(len(game.hand("A")), 7, "7枚になった")
    expect.equal(len(game.graveyard("A")), 2, "2枚捨てた")


@check("514.2@20260116.0@eff7a1d4", "120.6@20260116.0@6130b1ec")
def cleanup_removes_damage_and_ends_effects(expect: Expect) -> None:
    """状況: Aの《丘巨人》に2点のダメージが置かれ、「ターン終了時まで+1/+1」の修整を受けている。
    行動: クリンナップ・ステップが行われ、次のターンになる。
    結果: ダメージは取り除かれ、修整は終わる。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    game.deal_damage(game.place(cards.GRIZZLY_BEARS, player="B"), giant, 2)
    game.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], [giant], UntilEndOfTurn())
    expect.equal((giant.damage, game.view(giant).pt), (2, (4, 4)), "ダメージと修整がある")
    game.next_turn()
    expect.equal((giant.damage, game.view(giant).pt), (0, (3, 3)), "どちらもなくなった")


@check("514.3a@20260116.0@e84ff367", "514.3@20260116.0@8868121f")
def cleanup_with_a_trigger_gives_priority_and_repeats(expect: Expect) -> None:
    """状況: Aの終了ステップに「次のクリンナップ・ステップの開始時に、あなたは1点のライフを得る」遅延誘発型能力ができる。
    行動: クリンナップ・ステップに進む。
    結果: 能力が誘発したのでプレイヤーは優先権を得て、解決したあともう一度クリンナップ・ステップが行われる。"""
    game = Game(["A", "B"])
    game.advance_to(Step.END)
    create_delayed(game, "At the beginning of the next cleanup step, you gain 1 life.",
                   at_beginning_of(Step.CLEANUP, "each"), gain(1), "A")
    start = len(game.log)
    game.pass_priority()
    game.pass_priority()
    expect.equal((game.step, game.priority), (Step.CLEANUP, "A"), "クリンナップ・ステップでAが優先権を得た")
    game.resolve_stack()
    game.pass_priority()
    game.pass_priority()
    expect.equal(game.players["A"].life, 21, "能力が解決した")
    expect.equal(_steps(game, start).count("cleanup step"), 2, "もう一度クリンナップ・ステップが行われた")


@check("500.5@20260116.0@4a2ad836", "106.4@20260116.0@fb2f184e")
def mana_empties_as_a_step_ends(expect: Expect) -> None:
    """状況: Aのアップキープ。Aのマナ・プールに{G}がある。
    行動: アップキープが終わり、ドロー・ステップになる。
    結果: 使われなかったマナはステップの終わりに失われる。"""
    game = Game(["A", "B"], step=Step.UPKEEP)
    game.add_mana("A", "{G}")
    game.advance_to(Step.DRAW)
    expect.equal(game.players["A"].mana.total, 0, "マナ・プールは空になった")


@check("500.7@20260116.0@da263082")
def an_extra_turn_comes_next(expect: Expect) -> None:
    """状況: Aのターン。Aが追加のターンを得る。
    行動: ターンを進める。
    結果: 次はAの追加ターン、そのあとBのターンになる。"""
    game = Game(["A", "B"])
    game.add_extra_turn("A")
    game.next_turn()
    game.next_turn()
    expect.equal([e.player for e in game.events(TurnBegan)], ["A", "B"], "Aの追加ターンのあとにBのターン")


@check("117.3b@20260116.0@4ffadfa7", "117.4@20260116.0@0052d03b", "117.3d@20260116.0@3a35666c")
def priority_passes_and_resolves(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aが《巨大化》を唱えた。
    行動: Aが優先権を渡し、Bも渡す。
    結果: Aが渡すとBが優先権を得る。両者が続けて渡すとスタックの一番上が解決し、アクティブ・プレイヤーのAが優先権を得る。
    スタックが空のまま両者が渡すとステップが終わる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.GIANT_GROWTH, [bears], resolve=False)
    expect.equal(game.priority, "A", "唱えたAが優先権を得る")
    game.pass_priority("A")
    expect.equal(game.priority, "B", "Aが渡すとBが得る")
    game.pass_priority("B")
    expect.that(not game.stack and game.priority == "A", "続けて渡すと解決し、Aが優先権を得る")
    game.pass_priority("A")
    game.pass_priority("B")
    expect.equal(game.step, Step.BEGINNING_OF_COMBAT, "スタックが空で続けて渡すとフェイズが終わる")


@check("117.5@20260116.0@1eb8ebba", "704.3@20260116.0@3533b646")
def state_based_actions_before_priority(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの《灰色熊》に2点のダメージが与えられた。
    行動: Aが優先権を得る。
    結果: 優先権を得る前に状況起因処理で熊は破壊されている。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.deal_damage(game.place(cards.HILL_GIANT, player="B"), bears, 2)
    expect.that(bears.id in game.objects, "ダメージを受けた時点ではまだ戦場にある")
    game.refresh_priority()
    expect.that(bears.id not in game.objects and game.priority == "A", "優先権を得る前に破壊された")


@check("305.2@20260116.0@03fd7ee6", "305.2b@20260116.0@004d6340", "305.3@20260116.0@a463772c",
       "116.2a@20260116.0@4d8fca1a")
def one_land_per_turn(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの手札に《森》が3枚。
    行動: Aが1枚目、2枚目をプレイし、「追加で土地を1枚プレイしてよい」効果のあと3枚目をプレイする。次のBのターンにAが
    プレイしようとする。
    結果: 1枚目はプレイでき、2枚目はできない。効果があれば3枚目もできる。自分のターンでなければできない。"""
    game = Game(["A", "B"])
    forests = [in_hand(game, FOREST) for _ in range(3)]
    game.play_land("A", forests[0])
    expect.equal(len(game.battlefield("A")), 1, "1枚目をプレイした")
    expect.refused(lambda: game.play_land("A", forests[1]), "2枚目はプレイできない")
    game.create_effect("you may play an additional land this turn", rules=[ExtraLandPlays()],
                       duration=UntilEndOfTurn(), controller="A")
    game.play_land("A", forests[2])
    expect.equal(len(game.battlefield("A")), 2, "効果で2枚目をプレイできた")
    game.next_turn("B")
    game.pass_priority_to("A")
    expect.refused(lambda: game.play_land("A", forests[1]), "自分のターンでなければプレイできない")


@check("117.1a@20260116.0@569ff56d", "307.1@20260116.0@49f5f26e", "702.8a@20260116.0@4e7ac3d4")
def sorcery_timing(expect: Expect) -> None:
    """状況: Bのメイン・フェイズにAが優先権を得た。Aの手札に《神の怒り》（ソーサリー）、《巨大化》（インスタント）、
    瞬速を持つテスト用クリーチャーがある。
    行動: Aがそれぞれ唱えようとする。
    結果: ソーサリーは自分のメイン・フェイズでスタックが空のときしか唱えられない。インスタントと瞬速を持つ呪文は唱えられる。"""
    game = Game(["B", "A"])
    wrath = in_hand(game, cards.WRATH_OF_GOD, "A")
    growth = in_hand(game, cards.GIANT_GROWTH, "A")
    ambush = in_hand(game, card("Test Ambusher", "{1}{G}", "Creature — Cat", 2, 2, "flash"), "A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.pass_priority_to("A")
    give_mana(game, "A", "{2}{W}{W}")
    expect.refused(lambda: game.cast("A", wrath), "他人のターンにソーサリーは唱えられない")
    game.players["A"].mana.empty()
    give_mana(game, "A", "{G}")
    game.cast("A", growth, targets=[bears])
    expect.equal(len(game.stack), 1, "インスタントは唱えられる")
    give_mana(game, "A", "{1}{G}")
    game.cast("A", ambush)
    expect.equal(len(game.stack), 2, "瞬速を持つ呪文も唱えられる")


__all__ = ["StaticAbility", "Zone", "real"]
