"""Keyword abilities that trigger as creatures block or become blocked, or make them block:
rampage (702.23), flanking (702.25), provoke (702.39), bushido (702.45)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import ChoiceKind, Game, GameObject, Step, card, is_blocking

WOLVERINE_PACK = real("クズリの群れ", card("Wolverine Pack", "{2}{G}{G}", "Creature — Wolverine", 2, 4,
                                         "rampage 2"))
SUQATA_LANCER = real("スークアタの槍騎兵", card("Suq'Ata Lancer", "{2}{R}", "Creature — Human Knight", 2, 2,
                                            "haste", "flanking"))
DEVOTED_RETAINER = real("献身的な家来", card("Devoted Retainer", "{W}", "Creature — Human Samurai", 1, 1,
                                           "bushido 1"))
LOWLAND_TRACKER = real("低地の足跡追い", card("Lowland Tracker", "{4}{W}", "Creature — Human Soldier", 2, 2,
                                            "first strike", "provoke"))


def _blocked_by(attacker_card: object, *blocker_cards: object) -> tuple[Game, GameObject, list[GameObject]]:
    """A's creature attacks B; B's creatures all block it; the triggered abilities resolve."""
    game = Game(["A", "B"], library=6)
    attacker = game.place(attacker_card)  # type: ignore[arg-type]
    blockers = [game.place(c, player="B") for c in blocker_cards]  # type: ignore[arg-type]
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers(dict.fromkeys(blockers, attacker))
    game.resolve_stack()
    return game, attacker, blockers


@check("702.23a@20260116.0@3bdd3a52", "702.23b@20260116.0@c9952949")
def rampage(expect: Expect) -> None:
    """状況: Aの《クズリの群れ》（2/4、ランページ2）。Bの《灰色熊》3体。
    行動: 群れが攻撃し、熊3体にブロックされる。誘発した能力が解決した後、熊1体が破壊される。
    結果: 2体目以降のブロック・クリーチャー1体につき+2/+2で、6/8になる。ボーナスは解決時に1回だけ計算されるので、ブロック・クリーチャーが減っても6/8のまま。"""
    game, pack, bears = _blocked_by(WOLVERINE_PACK, *[cards.GRIZZLY_BEARS] * 3)
    expect.equal(game.view(pack).pt, (6, 8), "2体目以降の2体分で+4/+4")
    game.destroy(bears[0])
    expect.equal(game.view(pack).pt, (6, 8), "ブロック・クリーチャーが減ってもボーナスは変わらない")
    alone, single, _ = _blocked_by(WOLVERINE_PACK, cards.GRIZZLY_BEARS)
    expect.equal(alone.view(single).pt, (2, 4), "1体だけにブロックされたらボーナスはない")


@check("702.23c@20260116.0@2116b8fa")
def rampage_twice(expect: Expect) -> None:
    """状況: Aのランページ1を2つ持つ2/2のテスト用クリーチャー。Bの《灰色熊》2体。
    行動: それが攻撃し、熊2体にブロックされる。
    結果: 2つのランページが別々に誘発し、それぞれ+1/+1を与えて4/4になる。"""
    game, twin, _ = _blocked_by(card("Test Double Rampager", "{2}{G}", "Creature — Beast", 2, 2, "rampage 1",
                                     "rampage 1"), cards.GRIZZLY_BEARS, cards.GRIZZLY_BEARS)
    expect.equal(game.view(twin).pt, (4, 4), "2回誘発して+2/+2")


@check("702.25a@20260116.0@0bf2fecd", "509.3d@20260116.0@740a18b3")
def flanking(expect: Expect) -> None:
    """状況: Aの《スークアタの槍騎兵》（側面攻撃）。Bの《灰色熊》と側面攻撃を持つテスト用クリーチャー（2/2）。
    行動: 槍騎兵が攻撃し、2体にブロックされる。
    結果: 側面攻撃を持たない熊だけが-1/-1の修整を受けて1/1になる。側面攻撃を持つブロック・クリーチャーは修整を受けない。"""
    game, _, (bears, flanker) = _blocked_by(SUQATA_LANCER, cards.GRIZZLY_BEARS,
                                            card("Test Flanker", "{1}{W}", "Creature — Human Knight", 2, 2,
                                                 "flanking"))
    expect.equal(game.view(bears).pt, (1, 1), "側面攻撃を持たない熊は-1/-1")
    expect.equal(game.view(flanker).pt, (2, 2), "側面攻撃を持つブロック・クリーチャーはそのまま")


@check("702.25b@20260116.0@34f6bf33")
def flanking_twice(expect: Expect) -> None:
    """状況: Aの側面攻撃を2つ持つテスト用クリーチャー。Bの《灰色熊》。
    行動: それが攻撃し、熊にブロックされる。
    結果: 2つの側面攻撃がそれぞれ誘発し、熊は-2/-2の修整を受けてタフネス0で墓地に置かれる。"""
    game, _, (bears,) = _blocked_by(card("Test Double Flanker", "{2}{W}", "Creature — Human Knight", 2, 2,
                                         "flanking", "flanking"), cards.GRIZZLY_BEARS)
    expect.that(bears.id not in game.objects, "-2/-2で熊は死亡した")


@check("702.45a@20260116.0@cd92c822")
def bushido(expect: Expect) -> None:
    """状況: Aの《献身的な家来》（1/1、武士道1）。
    行動: Bの《灰色熊》の攻撃を家来がブロックする。別のゲームでは家来が攻撃し、熊2体にブロックされる。
    結果: ブロックしたときも、ブロックされたときも+1/+1で2/2になる。2体にブロックされても誘発は1回だけ。"""
    game = Game(["A", "B"], library=6)
    retainer = game.place(DEVOTED_RETAINER, player="B")
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({retainer: bears})
    game.resolve_stack()
    expect.equal(game.view(retainer).pt, (2, 2), "ブロックして+1/+1")
    other, attacker, _ = _blocked_by(DEVOTED_RETAINER, cards.GRIZZLY_BEARS, cards.GRIZZLY_BEARS)
    expect.equal(other.view(attacker).pt, (2, 2), "2体にブロックされても+1/+1は1回")


@check("702.45b@20260116.0@7d0948ce")
def bushido_twice(expect: Expect) -> None:
    """状況: Aの武士道1を2つ持つ1/1のテスト用クリーチャー。Bの《灰色熊》。
    行動: それが攻撃し、熊にブロックされる。
    結果: 2つの武士道が別々に誘発し、3/3になる。"""
    game, samurai, _ = _blocked_by(card("Test Double Samurai", "{1}{W}", "Creature — Human Samurai", 1, 1,
                                        "bushido 1", "bushido 1"), cards.GRIZZLY_BEARS)
    expect.equal(game.view(samurai).pt, (3, 3), "+1/+1を2回")


@check("702.39a@20260116.0@e03539c1", "509.1c@20260116.0@9a856b2d")
def provoke(expect: Expect) -> None:
    """状況: Aの《低地の足跡追い》（先制攻撃、挑発）。Bのタップ状態の《丘巨人》とアンタップ状態の《灰色熊》。
    行動: 足跡追いが攻撃し、挑発で丘巨人を対象にし、Aはそうすることを選ぶ。Bはブロックしないことや熊だけでブロックすることを宣言しようとし、次に丘巨人でブロックする。
    結果: 丘巨人はアンタップし、可能なら足跡追いをブロックしなければならないので、丘巨人がブロックしない宣言はできない。丘巨人でブロックすれば宣言できる。"""
    game = Game(["A", "B"], library=6)
    tracker = game.place(LOWLAND_TRACKER)
    giant = game.place(cards.HILL_GIANT, player="B", tapped=True)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.declare_attackers([tracker])
    game.resolve_stack()
    expect.that(not giant.tapped, "丘巨人はアンタップした")
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({}), "ブロックしない宣言はできない")
    expect.refused(lambda: game.declare_blockers({bears: tracker}), "熊だけでのブロックもできない")
    game.declare_blockers({giant: tracker, bears: tracker})
    expect.that(is_blocking(game, giant), "丘巨人が足跡追いをブロックした")


@check("702.39b@20260116.0@ffc12f43", "509.1c@20260116.0@9a856b2d")
def provoke_twice(expect: Expect) -> None:
    """状況: Aの挑発を2つ持つテスト用クリーチャー。Bの《丘巨人》と《灰色熊》（ともにタップ状態）。
    行動: それが攻撃し、2つの挑発がそれぞれ丘巨人と熊を対象にする。
    結果: 2つの挑発は別々に誘発し、両方がアンタップして、どちらも可能ならそれをブロックしなければならない。"""
    game = Game(["A", "B"], library=6)
    provoker = game.place(card("Test Double Provoker", "{3}{W}", "Creature — Human Soldier", 3, 3, "provoke",
                               "provoke"))
    giant = game.place(cards.HILL_GIANT, player="B", tapped=True)
    bears = game.place(cards.GRIZZLY_BEARS, player="B", tapped=True)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.declare_attackers([provoker])
    game.resolve_stack()
    expect.that(not giant.tapped and not bears.tapped, "2つの挑発で両方アンタップした")
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({giant: provoker}), "熊もブロックしなければならない")
    game.declare_blockers({giant: provoker, bears: provoker})
    expect.that(is_blocking(game, bears) and is_blocking(game, giant), "両方がブロックした")
