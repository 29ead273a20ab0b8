"""The last rules of 500-514 the checks reach: the archenemy sets a scheme in motion first thing in their
precombat main phase, as a turn-based action (505.3); as attackers are declared, the active player
announces which of them with banding attack as a band (508.1e)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cr.cr702_22_banding import BENALISH_HERO
from kb.checks.cr.cr704_state_based_actions import TEST_SCHEME
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, Phase, Step, archenemy, is_blocked
from kb.engine.archenemy import SetInMotion
from kb.engine.events import StepBegan


@check("505.3@20260116.0@a6db8843", "701.32b@20260116.0@bdc801ef", "904.3@20260116.0@6a1aca66")
def the_archenemy_sets_a_scheme_in_motion_in_the_main_phase(expect: Expect) -> None:
    """状況: アーチエネミー戦。Aが魔王で、計略デッキにテスト用の計略（実行中にしたとき、あなたは3点のライフを得る）が2枚ある。
    行動: Bのターンを経て、Aの次のターンに進む。
    結果: Aの戦闘前メイン・フェイズの最初に、ターン起因処理として計略デッキの一番上のカードが実行中になる（スタックを使わない）。
    その能力が誘発して解決し、Aは3点のライフを得る。魔王でないBのターンにも、Aのほかのステップやフェイズにも、何も実行中に
    ならない。"""
    game = Game(["A", "B"])
    archenemy.start(game, "A", [TEST_SCHEME, TEST_SCHEME])
    game.next_turn("B")
    game.next_turn("A")
    moments = []
    began: StepBegan | None = None
    for event in game.log:
        if isinstance(event, StepBegan):
            began = event
        elif isinstance(event, SetInMotion) and began is not None:
            moments.append((began.player, began.phase, began.step))
    expect.equal(moments, [("A", Phase.PRECOMBAT_MAIN, None)], "Aの戦闘前メイン・フェイズに計略が1枚実行中になった")
    expect.equal(len(archenemy.scheme_deck(game, "A")), 1, "計略デッキの一番上の1枚が取り除かれた")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "実行中にした計略の能力が誘発し、Aは3点のライフを得た")


@check("508.1e@20260116.0@eb40ba64", "702.22h@20260116.0@fd032879", "702.22c@20260116.0@229d3037")
def the_active_player_announces_the_bands(expect: Expect) -> None:
    """状況: Aの《ベナリアの勇士》（バンド）2体。Bの《丘巨人》。
    行動: 1つ目のゲームでは、Aが勇士2体で攻撃し、2体がバンドを組むと宣言する。2つ目のゲームでは、2体で攻撃するがバンドは
    宣言しない。どちらでもBは丘巨人で1体目の勇士をブロックする。
    結果: 攻撃クリーチャー指定の一部として、Aがどのクリーチャーがバンドを組むかを宣言する。宣言したバンドでは2体目もブロックされる。
    宣言しなければバンドは組まれず、2体目はブロックされない。"""
    for banded in (True, False):
        game = Game(["A", "B"], library=6)
        heroes = [game.place(BENALISH_HERO) for _ in range(2)]
        giant = game.place(cards.HILL_GIANT, player="B")
        game.advance_to(Step.DECLARE_ATTACKERS)
        game.declare_attackers(heroes, bands=[heroes] if banded else [])
        game.advance_to(Step.DECLARE_BLOCKERS)
        game.declare_blockers({giant: heroes[0]})
        state = game.combat
        assert state is not None
        blocked = sorted(state.blockers[giant.id]) if giant.id in state.blockers else []
        if banded:
            expect.equal(blocked, sorted(h.id for h in heroes), "宣言したバンドでは、2体目もブロックされた")
        else:
            expect.equal(blocked, [heroes[0].id], "バンドを宣言しなければ、ブロックされたのは1体目だけ")
            expect.that(not is_blocked(game, heroes[1]), "2体目はブロックされていない")
