"""Mutate (702.140) and merged permanents (729), through :mod:`kb.engine.mutate`."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    card,
    creatures,
    enters,
    modify_pt,
    mutate,
)


def _draw(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


def _gain_one(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


DREAMTAIL_HERON = real("夢尾の鷺", card(
    "Dreamtail Heron", "{4}{U}", "Creature — Elemental Bird", 3, 4, "flying", "mutate {3}{U}",
    TriggeredAbility("Whenever this creature mutates, draw a card.", mutate.mutates(), _draw)))
"""夢尾の鷺: {4}{U}の3/4、飛行、変容{3}{U}、変容するたびカード1枚を引く。"""
HUMAN = card("Test Human", "{W}", "Creature — Human Soldier", 1, 1)
ARRIVAL_WATCHER = card("Test Arrival Watcher", "{1}{W}", "Creature — Spirit", 0, 1, TriggeredAbility(
    "Whenever a creature you control enters, you gain 1 life.", enters(creatures(controller="you")), _gain_one))
"""A made-up 0/1: "Whenever a creature you control enters, you gain 1 life"."""


def _library(game: Game, count: int) -> None:
    for _ in range(count):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)


@check("702.140a@20260116.0@bdb9ca16", "702.140c@20260116.0@f98cd2e6", "702.140d@20260116.0@7c619685",
       "702.140e@20260116.0@62f32e94", "702.140f@20260116.0@aa409ac5", "729.2a@20260116.0@18c824f3",
       "729.2b@20260116.0@14e57420", "729.2c@20260116.0@deddade8", "729.3@20260116.0@25014936")
def mutating_on_top(expect: Expect) -> None:
    """状況: Aは《灰色熊》（ターン終了時まで+1/+1を受けている）、人間のテスト用クリーチャー、「あなたのコントロールするクリーチャーが戦場に出るたび、
    1点のライフを得る」テスト用クリーチャーをコントロールし、手札に《夢尾の鷺》（3/4、飛行、変容{3}{U}、変容するたび1枚引く）。
    行動: 人間を対象に変容で唱えようとする。次に熊を対象に{3}{U}で変容して唱え、解決時に熊の上に置く。そのあとこのパーマネントを破壊する。
    結果: 人間は対象にできない。鷺は戦場に出ずに熊と合体し、同じパーマネントのまま名前とP/Tは鷺（+1/+1も残り4/5）で飛行を持つ。変容したのでAは1枚引き、
    戦場に出たのではないのでライフは増えない。鷺の呪文を追うと合体したパーマネントが見つかる。破壊すると熊と鷺の両方が墓地に置かれる。"""
    game = Game(["A", "B"])
    _library(game, 2)
    bears = game.place(cards.GRIZZLY_BEARS)
    human = game.place(HUMAN)
    game.place(ARRIVAL_WATCHER)
    game.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], [bears], UntilEndOfTurn())
    heron = in_hand(game, DREAMTAIL_HERON)
    give_mana(game, "A", "{3}{U}")
    expect.refused(lambda: game.cast("A", heron, targets=[human], alternative="mutate"), "人間は対象にできない")
    spell = game.cast("A", heron, targets=[bears], alternative="mutate")
    game.choices.script(ChoiceKind.MODE, "top", player="A")
    game.resolve_stack()
    merged = game.current(bears)
    view = game.view(merged.id)
    expect.equal((merged.id, view.name, view.pt, view.has("flying")), (bears.id, "Dreamtail Heron", (4, 5), True),
                 "同じパーマネントが鷺の特性を持ち、+1/+1も残る")
    expect.equal((len(game.hand("A")), game.players["A"].life), (1, 20), "変容して1枚引き、戦場に出たことにはならない")
    expect.equal(game.current(spell).id, bears.id, "鷺の呪文は合体したパーマネントになった")
    game.destroy(merged)
    expect.equal(sorted(c.card.name for c in game.graveyard("A")), ["Dreamtail Heron", "Grizzly Bears"],
                 "熊と鷺の両方が墓地に置かれた")


@check("702.140b@20260116.0@bed340b0", "702.140e@20260116.0@62f32e94", "702.140c@20260116.0@f98cd2e6")
def mutating_under_and_with_an_illegal_target(expect: Expect) -> None:
    """状況: Aは《灰色熊》2体をコントロールし、手札に《夢尾の鷺》2枚。
    行動: 1枚目を1体目の熊を対象に変容で唱え、熊の下に置く。2枚目を2体目の熊を対象に変容で唱え、解決前に2体目の熊を破壊する。
    結果: 下に置けば名前とP/Tは熊のままで2/2、鷺の飛行を持ち、Aは1枚引く。対象が不正になった2枚目は変容する呪文でなくなり、
    クリーチャー呪文として解決して3/4の鷺として戦場に出る（変容しないので引かない）。"""
    game = Game(["A", "B"])
    _library(game, 3)
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    heron = in_hand(game, DREAMTAIL_HERON)
    give_mana(game, "A", "{3}{U}")
    game.cast("A", heron, targets=[first], alternative="mutate")
    game.choices.script(ChoiceKind.MODE, "bottom", player="A")
    game.resolve_stack()
    view = game.view(first.id)
    expect.equal((view.name, view.pt, view.has("flying")), ("Grizzly Bears", (2, 2), True),
                 "熊が上: 熊の特性に鷺の飛行")
    expect.equal(len(game.hand("A")), 1, "変容して1枚引いた")
    other = in_hand(game, DREAMTAIL_HERON)
    give_mana(game, "A", "{3}{U}")
    spell = game.cast("A", other, targets=[second], alternative="mutate")
    game.destroy(second)
    game.resolve_stack()
    arrived = game.current(spell)
    expect.equal((arrived.zone, game.view(arrived.id).pt), (Zone.BATTLEFIELD, (3, 4)),
                 "対象が不正: クリーチャー呪文として戦場に出た")
    expect.equal(len(game.hand("A")), 1, "変容していないので引かない")
