"""The Ring tempts you (701.54), through :mod:`kb.engine.the_ring`."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    Step,
    TriggeredAbility,
    Zone,
    card,
    copies,
    the_ring,
)
from kb.engine.cardtypes import Supertype
from kb.engine.parts import control


def _gain_one(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


RING_WATCHER = card("Test Ring Watcher", "{1}{W}", "Creature — Halfling", 1, 1, TriggeredAbility(
    "Whenever the Ring tempts you, you gain 1 life.", the_ring.tempts_you(), _gain_one))  # type: ignore[arg-type]
"""A made-up 1/1: "Whenever the Ring tempts you, you gain 1 life"."""
BIG_ORC = card("Test Big Orc", "{3}{B}", "Creature — Orc", 4, 4)


@check("701.54a@20260116.0@e2efd349", "701.54c@20260116.0@3c3bf913", "701.54d@20260116.0@e8cc4383")
def the_ring_tempts_you_twice(expect: Expect) -> None:
    """状況: Aは《灰色熊》《丘巨人》と「指輪があなたを誘惑するたび、1点のライフを得る」テスト用クリーチャーをコントロールし、ライブラリーにカードがある。
    Bは4/4のテスト用クリーチャーと《灰色熊》をコントロールしている。
    行動: 指輪がAを誘惑し、Aは熊を選ぶ。もう一度誘惑し、丘巨人を選ぶ。Aは丘巨人でBを攻撃し、Bは4/4で、次に熊でブロックしようとする。
    結果: Aは紋章「指輪」を得て熊が指輪所持者になり伝説になる。2度目に丘巨人が指輪所持者になり、熊はそうでなくなる。誘惑されるたびにAは1点を得る。
    2回誘惑されたので、丘巨人が攻撃するとAは1枚引いて1枚捨てる。パワーの大きい4/4はブロックできず、熊はブロックできる。"""
    game = Game(["A", "B"])
    for _ in range(3):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.place(RING_WATCHER)
    orc = game.place(BIG_ORC, player="B")
    their_bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    the_ring.tempt(game, "A")
    game.resolve_stack()
    ring = [o for o in game.in_zone(Zone.COMMAND) if o.card is the_ring.THE_RING_EMBLEM]
    expect.equal(len(ring), 1, "Aは紋章「指輪」を得た")
    expect.that(the_ring.is_ring_bearer(game, bears.id, "A"), "熊がAの指輪所持者")
    expect.that(Supertype.LEGENDARY in game.view(bears.id).supertypes, "指輪所持者は伝説")
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    the_ring.tempt(game, "A")
    game.resolve_stack()
    expect.that(the_ring.is_ring_bearer(game, giant.id, "A") and not the_ring.is_ring_bearer(game, bears.id, "A"),
                "丘巨人が指輪所持者になり、熊はそうでなくなった")
    expect.that(Supertype.LEGENDARY not in game.view(bears.id).supertypes, "熊はもう伝説ではない")
    expect.equal((game.players["A"].life, the_ring.times_tempted(game, "A")), (22, 2), "誘惑されるたびに1点、計2回")
    hand = len(game.hand("A"))
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([giant])
    game.resolve_stack()
    expect.equal((len(game.hand("A")), len(game.graveyard("A"))), (hand, 1), "1枚引いて1枚捨てた")
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({orc: giant}), "パワーの大きいクリーチャーはブロックできない")
    game.declare_blockers({their_bears: giant})
    expect.that(game.current(their_bears).zone is Zone.BATTLEFIELD, "熊はブロックできた")


@check("701.54e@20260116.0@9a2a217b", "701.54a@20260116.0@e2efd349")
def another_player_gains_control_of_the_ring_bearer(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールしている。
    行動: 指輪がAを誘惑し、Aは熊を選ぶ。そのあとBが熊のコントロールを得る。
    結果: 熊はAの指輪所持者で伝説だったが、Bがコントロールを得るとAの指輪所持者ではなくなり、伝説でもなくなる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    the_ring.tempt(game, "A")
    expect.that(the_ring.is_ring_bearer(game, bears.id, "A") and Supertype.LEGENDARY in game.view(bears.id).supertypes,
                "熊はAの指輪所持者で伝説")
    game.create_effect("B gains control of the bears", [control("B")], [bears])
    expect.equal(game.view(bears.id).controller, "B", "Bが熊のコントロールを得た")
    expect.that(not the_ring.is_ring_bearer(game, bears.id, "A"), "Aがコントロールしていない熊はAの指輪所持者ではない")
    expect.that(Supertype.LEGENDARY not in game.view(bears.id).supertypes, "伝説でもなくなった")


@check("701.54b@20260116.0@c3488cfc", "707.2@20260116.0@f5bf13dd")
def a_copy_of_the_ring_bearer_is_not_one(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールしている。
    行動: 指輪がAを誘惑し、Aは熊を選ぶ。そのあと熊のコピーであるトークンを1体生成する。
    結果: 指輪所持者であることはコピー可能な値ではないので、トークンは指輪所持者ではなく、伝説でもない。熊は指輪所持者のまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    the_ring.tempt(game, "A")
    made = copies.create_token_copies(game, bears.id, "A")
    expect.equal([game.view(t.id).name for t in made], ["Grizzly Bears"], "熊のコピーのトークンができた")
    token = made[0]
    expect.that(not the_ring.is_ring_bearer(game, token.id, "A")
                and Supertype.LEGENDARY not in game.view(token.id).supertypes, "コピーは指輪所持者ではなく伝説でもない")
    expect.that(the_ring.is_ring_bearer(game, bears.id, "A"), "熊は指輪所持者のまま")
