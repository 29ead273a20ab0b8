"""Attractions (717): opening an Attraction (701.51), rolling to visit (701.52, 505.5) and visit
abilities (702.159), through :mod:`kb.engine.attractions`."""

from __future__ import annotations

from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    TriggeredAbility,
    attractions,
    card,
)


def _gain(amount: int) -> object:
    def effect(resolution: Resolution) -> None:
        resolution.game.gain_life(resolution.controller, amount)

    return effect


def _open(resolution: Resolution) -> None:
    attractions.open_attraction(resolution.game, resolution.controller)


LOW_RIDE = card("Test Low Ride", None, "Artifact — Attraction",
                attractions.visit((2, 4), "You gain 1 life.", _gain(1)))  # type: ignore[arg-type]
"""A made-up Attraction with 2 and 4 lit up: "Visit — You gain 1 life"."""
HIGH_RIDE = card("Test High Ride", None, "Artifact — Attraction",
                 attractions.visit((1, 6), "You gain 3 life.", _gain(3)))  # type: ignore[arg-type]
"""A made-up Attraction with 1 and 6 lit up: "Visit — You gain 3 life"."""
TICKET = card("Test Ticket", "{R}", "Sorcery", spell=SpellAbility("Open an Attraction.", _open))
"""A made-up sorcery: "Open an Attraction"."""
BARKER = card("Test Barker", "{1}{R}", "Creature — Human Employee", 1, 1, TriggeredAbility(
    "Whenever you open an Attraction, you gain 2 life.", attractions.opens_an_attraction(),
    _gain(2)))  # type: ignore[arg-type]
"""A made-up 1/1: "Whenever you open an Attraction, you gain 2 life"."""


@check("701.51b@20260116.0@f06639cc", "701.51c@20260116.0@a84c000a", "717.2@20260116.0@263c3070")
def opening_an_attraction(expect: Expect) -> None:
    """状況: Aはアトラクション・デッキ（下から、2と4が点灯したテスト用アトラクション、1と6が点灯したテスト用アトラクション）で遊んでいる。
    Aは「あなたがアトラクションを開くたび、2点のライフを得る」テスト用クリーチャーをコントロールし、手札に「アトラクションを開く」テスト用ソーサリー。
    行動: Aはソーサリーを唱えて解決する。
    結果: デッキの一番上の1と6が点灯したアトラクションが表向きにAのコントロールで戦場に出て、もう1枚はデッキに残る。Aは2点を得て22になる。"""
    game = Game(["A", "B"])
    attractions.attraction_deck(game, "A", [LOW_RIDE, HIGH_RIDE])
    game.place(BARKER)
    ticket = in_hand(game, TICKET)
    give_mana(game, "A", "{R}")
    game.cast("A", ticket)
    game.resolve_stack()
    opened = [o for o in game.battlefield("A") if o.card is HIGH_RIDE]
    expect.that(len(opened) == 1 and opened[0].controller == "A" and opened[0].face_down is None,
                "一番上のアトラクションが表向きでAのコントロールで戦場に出た")
    expect.equal([o.card for o in attractions.deck_of(game, "A")], [LOW_RIDE], "もう1枚はデッキに残った")
    expect.equal(game.players["A"].life, 22, "アトラクションを開いて誘発した")


@check("701.52a@20260116.0@e93bf178", "702.159a@20260116.0@a1a133f2", "717.4@20260116.0@4b6ebfed",
       "505.5@20260116.0@85db72ed")
def rolling_to_visit_attractions(expect: Expect) -> None:
    """状況: Aは2と4が点灯したテスト用アトラクション（観覧―1点のライフを得る）と、1と6が点灯したもの（観覧―3点のライフを得る）をコントロールしている。
    Bはアトラクションをコントロールしていない。
    行動: Aの第1メイン・フェイズ開始時に観覧のためサイコロを振り、6が出る。Bのターンを経て、次のAのターンに4が出る。
    結果: 6では1と6が点灯したアトラクションだけが観覧されてAは23になる。Bは振らない。4では2と4が点灯した方だけが観覧され、Aは24になる。"""
    game = Game(["A", "B"])
    attractions.attraction_deck(game, "A", [LOW_RIDE, HIGH_RIDE])
    attractions.open_attraction(game, "A")
    attractions.open_attraction(game, "A")
    game.choices.script(ChoiceKind.DIE_ROLL, 6, player="A")
    game.next_turn("B")
    game.next_turn("A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "6: 1と6が点灯したアトラクションだけが観覧された")
    rolls = [c.player for c, _ in game.choices.asked if c.kind is ChoiceKind.DIE_ROLL]
    expect.equal(rolls, ["A"], "アトラクションをコントロールしていないBは振らない")
    game.choices.script(ChoiceKind.DIE_ROLL, 4, player="A")
    game.next_turn("B")
    game.next_turn("A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 24, "4: 2と4が点灯したアトラクションだけが観覧された")
