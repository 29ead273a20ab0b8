"""The last rules of 500-514 the checks reach: the archenemy sets a scheme in motion first thing in their
precombat main phase, as a turn-based action (505.3); as attackers are declared, the active player
announces which of them with banding attack as a band (508.1e); a permanent that is both a planeswalker and
a battle leaves combat as 506.4e says; a creature that is also a battle never attacks or blocks (506.3e-f)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cr.cr702_22_banding import BENALISH_HERO
from kb.checks.cr.cr704_state_based_actions import TEST_SCHEME
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    Card,
    Game,
    Phase,
    Step,
    UntilEndOfTurn,
    Zone,
    archenemy,
    attacked_by,
    battles,
    card,
    combat,
    influence,
    is_attacking,
    is_blocked,
    is_blocking,
    lose_types,
)
from kb.engine.archenemy import SetInMotion
from kb.engine.events import StepBegan
from kb.engine.objects import GameObject


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


SIEGE_WALKER = card("Test Siege Walker", "{3}{R}", "Planeswalker Battle — Siege", defense=4, loyalty=3)
"""Test: a permanent that is both a planeswalker and a Siege battle."""
WALKER_BATTLE = card("Test Walker Battle", "{3}{W}", "Planeswalker Battle", defense=4, loyalty=3)
"""Test: a planeswalker that is also a battle with no battle type (its controller protects it, 310.8a)."""


def _attacked_and_changed(walker: Card, controller: str, loses: str) -> tuple[Game, GameObject]:
    """A's Grizzly Bears attack ``walker`` (B protecting it); then an effect takes away one of its types."""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    attacked = game.place(walker, player=controller, counters={"loyalty": 3, "defense": 4},
                          chosen={battles.PROTECTOR: "B"})
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: attacked})
    game.create_effect(f"it isn't a {loses.lower()}", [lose_types(loses)], [attacked], UntilEndOfTurn())
    return game, bears


@check("506.4e@20260116.0@20f05392", "506.4@20260116.0@ad1a49ed", "310.8a@20260116.0@d0c03e88")
def a_planeswalker_battle_that_loses_a_type(expect: Expect) -> None:
    """状況: Aの《灰色熊》が、プレインズウォーカーでもありバトルでもあるパーマネントを攻撃している。1つ目と3つ目のゲームではそれは
    Aがコントロールする包囲戦で、守備者はB。2つ目のゲームではBがコントロールし、自分で守っている（バトル・タイプのないバトル）。
    行動: 1つ目のゲームでは効果でそれがプレインズウォーカーでなくなる。2つ目と3つ目のゲームではバトルでなくなる。
    結果: プレインズウォーカーでなくなってもバトルであれば、攻撃されているバトルのままである。バトルでなくなってもプレインズウォーカー
    である場合、守備者のBがコントロールしていれば攻撃されたままだが、Aがコントロールしている3つ目のゲームでは戦闘から取り除かれ、
    熊は何も攻撃していない。"""
    for walker, controller, loses in ((SIEGE_WALKER, "A", "Planeswalker"), (WALKER_BATTLE, "B", "Battle"),
                                      (SIEGE_WALKER, "A", "Battle")):
        game, bears = _attacked_and_changed(walker, controller, loses)
        attacked = attacked_by(game, bears)
        if controller == "B":
            expect.that(attacked is not None, "守備者がコントロールするプレインズウォーカーは攻撃されたまま")
        elif loses == "Planeswalker":
            expect.that(attacked is not None, "プレインズウォーカーでなくなったバトルは攻撃されたまま")
        else:
            expect.that(is_attacking(game, bears) and attacked is None,
                        "守備者がコントロールしていないプレインズウォーカーは戦闘から取り除かれ、熊は何も攻撃していない")


BATTLE_BEAST = card("Test Battle Beast", "{3}{G}", "Creature Battle — Siege", 3, 3, defense=3)
"""Test: a 3/3 creature that is also a Siege battle."""


@check("506.3e@20260116.0@f94be139", "506.3f@20260116.0@79aa47b2", "508.4@20260116.0@4ef5798b",
       "509.4@20260116.0@1dfa5e06")
def a_battle_never_attacks_or_blocks(expect: Expect) -> None:
    """状況: Aの《灰色熊》がBを攻撃している。
    行動: 効果によって、Aの2体目の熊と、バトルでもあるAのテスト用3/3クリーチャーが攻撃している状態で戦場に出る。Aのブロック・
    ステップで、Bのバトルでもあるクリーチャーと熊がブロックしている状態で戦場に出る。さらに、戦場にいるBのバトルでもある
    クリーチャーを効果でブロック・クリーチャーにしようとする。
    結果: 熊は攻撃クリーチャー・ブロック・クリーチャーになる。バトルでもあるクリーチャーは戦場に出るが、攻撃クリーチャーにも
    ブロック・クリーチャーにもならず、効果でブロック・クリーチャーにしようとしてもその部分は何もしない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: "B"})
    second = combat.put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", "B")
    beast = combat.put_onto_battlefield_attacking(game, BATTLE_BEAST, "A", "B")
    assert second is not None and beast is not None
    expect.that(is_attacking(game, second), "熊は攻撃している状態で戦場に出た")
    expect.that(beast.zone is Zone.BATTLEFIELD and not is_attacking(game, beast),
                "バトルでもあるクリーチャーは戦場に出たが、攻撃クリーチャーではない")
    game.advance_to(Step.DECLARE_BLOCKERS)
    blocker = combat.put_onto_battlefield_blocking(game, cards.GRIZZLY_BEARS, "B", bears)
    other_beast = combat.put_onto_battlefield_blocking(game, BATTLE_BEAST, "B", bears)
    assert blocker is not None and other_beast is not None
    expect.that(is_blocking(game, blocker), "熊はブロックしている状態で戦場に出た")
    expect.that(other_beast.zone is Zone.BATTLEFIELD and not is_blocking(game, other_beast),
                "バトルでもあるクリーチャーは戦場に出たが、ブロック・クリーチャーではない")
    expect.that(not combat.make_blocking(game, other_beast, bears) and not is_blocking(game, other_beast),
                "戦場にいるバトルをブロック・クリーチャーにする効果のその部分は何もしない")


@check("508.7e@20260116.0@62294969", "508.7c@20260116.0@0aad43c7", "801.3@20260116.0@498d24d3")
def a_reselected_defender_is_within_range(expect: Expect) -> None:
    """状況: 影響範囲1席の5人戦。A、R、C、Y、Xの順に座り、RとXはAの影響範囲内、CとYは範囲外。Cがコントロールし、Xが守る
    包囲戦と、Cがコントロールし、Yが守る包囲戦がある。Aの《丘巨人》がRを攻撃している。
    行動: 効果によって、丘巨人が攻撃するものを選び直す。
    結果: 選び直せるのはAの影響範囲内のものだけである。Xは選べるが、範囲外のCは選べない。バトルは守る者もAの影響範囲内でなければ
    ならないので、Xが守るバトルは選べるが、Yが守るバトルは選べない。"""
    from kb.checks.cr.cr704_state_based_actions import TEST_SIEGE

    game = Game(["A", "R", "C", "Y", "X"])
    influence.limit_range(game, 1)
    giant = game.place(cards.HILL_GIANT)
    near = game.place(TEST_SIEGE, player="C", counters={"defense": 3}, chosen={battles.PROTECTOR: "X"})
    far = game.place(TEST_SIEGE, player="C", counters={"defense": 3}, chosen={battles.PROTECTOR: "Y"})
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({giant: "R"})
    combat.reselect_attacked(game, giant, "X")
    expect.equal(attacked_by(game, giant), "X", "影響範囲内のXは選び直せた")
    combat.reselect_attacked(game, giant, near)
    expect.equal(attacked_by(game, giant), near.id, "影響範囲内のXが守るバトルは選び直せた")
    expect.refused(lambda: combat.reselect_attacked(game, giant, "C"), "影響範囲外のCは選べない")
    expect.refused(lambda: combat.reselect_attacked(game, giant, far), "守る者のYが影響範囲外のバトルは選べない")
