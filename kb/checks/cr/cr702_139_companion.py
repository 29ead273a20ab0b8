"""Companion (702.139), through :mod:`kb.engine.companion`."""

from __future__ import annotations

from collections.abc import Sequence

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import Card, ChoiceKind, Game, Phase, Step, Zone, card, companion
from kb.engine.cardtypes import CardType
from kb.engine.starting import begin_game


def _small_permanents(deck: Sequence[Card]) -> bool:
    """Each permanent card has mana value 2 or less."""
    permanent = {CardType.ARTIFACT, CardType.CREATURE, CardType.ENCHANTMENT, CardType.LAND, CardType.PLANESWALKER,
                 CardType.BATTLE}
    return all(c.front.mana_value <= 2 for c in deck if c.front.types & permanent)


LURRUS = real("夢の巣のルールス", card(
    "Lurrus of the Dream-Den", "{1}{W/B}{W/B}", "Legendary Creature — Cat Nightmare", 3, 2, "lifelink",
    companion.companion("Each permanent card in your starting deck has mana value 2 or less.",
                        _small_permanents)))
"""夢の巣のルールス: 3/2、絆魂、相棒（開始時のデッキのパーマネント・カードがすべてマナ総量2以下）。墓地から唱える能力は省く。"""


def _set_up() -> Game:
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    for _ in range(10):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
        game.place(cards.HILL_GIANT, Zone.LIBRARY, "B")
    game.players["A"].outside.extend([LURRUS, LURRUS])  # a second copy in the sideboard: still one companion
    game.players["B"].outside.append(LURRUS)
    return game


@check("702.139a@20260116.0@4512fc64", "116.2g@20260116.0@56298ed3", "702.139c@20260116.0@e3969320")
def companion_revealed_then_put_into_hand(expect: Expect) -> None:
    """状況: ゲーム開始前。Aのデッキは《灰色熊》（マナ総量2）10枚、Bのデッキは《丘巨人》（マナ総量4）10枚。Aはゲーム外に《夢の巣のルールス》2枚、Bは1枚を持つ。
    行動: A、Bがそれぞれルールスを相棒として公開しようとする。ゲームを始め、Aのアップキープと第1メイン・フェイズに{3}を支払って
    ルールスを手札に加えようとする。そのあともう一度試す。
    結果: 条件を満たすAだけが公開できる。アップキープには加えられず、メイン・フェイズには{3}を支払って手札に加わり、ゲームに入る。
    ゲーム外にもう1枚あっても2度目はできない。"""
    game = _set_up()
    companion.reveal(game, "A", LURRUS)
    expect.equal(companion.revealed(game, "A"), "Lurrus of the Dream-Den", "Aはルールスを公開した")
    expect.refused(lambda: companion.reveal(game, "B", LURRUS), "Bのデッキは条件を満たさない")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="B")
    begin_game(game)
    game.advance_to(Step.UPKEEP, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: companion.put_into_hand(game, "A"), "アップキープには加えられない")
    game.advance_to(Phase.PRECOMBAT_MAIN, "A")
    give_mana(game, "A", "{3}")
    hand = len(game.hand("A"))
    lurrus = companion.put_into_hand(game, "A")
    expect.equal((lurrus.zone, len(game.hand("A")), game.players["A"].mana.total), (Zone.HAND, hand + 1, 0),
                 "{3}を支払ってルールスが手札に加わった")
    expect.equal(game.players["A"].outside.count(LURRUS), 1, "公開したルールスはゲームに入った")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: companion.put_into_hand(game, "A"), "相棒の特別な処理は1ゲームに1回")
