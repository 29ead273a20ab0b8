"""Keyword abilities (702) not covered by the combat, phasing and morph checks: hexproof, shroud,
protection, indestructible, ward, equip, devoid."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import ChoiceKind, Game, Step, becomes_color, card, is_blocking
from kb.engine.mana import Color

SILVERCOAT_LION = real("銀毛のライオン", card("Silvercoat Lion", "{1}{W}", "Creature — Cat", 2, 2))
HEXPROOF_BEAR = card("Test Hexproof Bear", "{1}{G}", "Creature — Bear", 2, 2, "hexproof")
SHROUD_BEAR = card("Test Shroud Bear", "{1}{G}", "Creature — Bear", 2, 2, "shroud")
WHITE_KNIGHT = card("Test Knight of Purity", "{W}{W}", "Creature — Human Knight", 2, 2, "protection from red")
FORERUNNER = real("殺戮の先陣", card("Forerunner of Slaughter", "{B}{R}", "Creature — Eldrazi Drone", 3, 2,
                                 "devoid"))
"""殺戮の先陣; its activated ability is left out."""


@check("702.11b@20260116.0@06b3a708", "115.1@20260116.0@66d7c2ad")
def hexproof(expect: Expect) -> None:
    """状況: Aの呪禁を持つテスト用の熊。
    行動: Bが《ショック》で、Aが《巨大化》でそれを対象にしようとする。
    結果: 対戦相手のBは対象にできない。コントローラーのAはできる。"""
    game = Game(["A", "B"])
    bear = game.place(HEXPROOF_BEAR)
    shock = in_hand(game, cards.SHOCK, "B")
    give_mana(game, "B", "{R}")
    game.pass_priority_to("B")
    expect.refused(lambda: game.cast("B", shock, targets=[bear]), "対戦相手は対象にできない")
    game.resolve_stack()
    game.next_turn("A")
    cast(game, "A", cards.GIANT_GROWTH, [bear])
    expect.equal(game.view(bear).pt, (5, 5), "コントローラーは対象にできる")


@check("702.18a@20260116.0@3146fb9f")
def shroud(expect: Expect) -> None:
    """状況: Aの被覆を持つテスト用の熊。
    行動: A自身が《巨大化》でそれを対象にしようとする。
    結果: 被覆を持つパーマネントは誰も対象にできない。"""
    game = Game(["A", "B"])
    bear = game.place(SHROUD_BEAR)
    growth = in_hand(game, cards.GIANT_GROWTH)
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", growth, targets=[bear]), "コントローラーでも対象にできない")


@check("702.16b@20260116.0@a64c7873", "702.16e@20260116.0@8fed278b")
def protection_from_red_targets_and_damage(expect: Expect) -> None:
    """状況: Aのプロテクション（赤）を持つテスト用の騎士。Bの《丘巨人》（赤）。
    行動: Bが《ショック》で騎士を対象にしようとし、丘巨人が騎士にダメージを与えようとする。
    結果: 赤の呪文の対象にならず、赤の発生源からのダメージは軽減される。"""
    game = Game(["A", "B"])
    knight = game.place(WHITE_KNIGHT)
    giant = game.place(cards.HILL_GIANT, player="B")
    shock = in_hand(game, cards.SHOCK, "B")
    give_mana(game, "B", "{R}")
    game.pass_priority_to("B")
    expect.refused(lambda: game.cast("B", shock, targets=[knight]), "赤の呪文の対象にならない")
    dealt = game.deal_damage(giant, knight, 3)
    expect.equal((dealt, knight.damage), (0, 0), "赤の発生源からのダメージは軽減される")


@check("702.16c@20260116.0@4de6e915", "702.16f@20260116.0@30ba0762")
def protection_from_red_enchanting_and_blocking(expect: Expect) -> None:
    """状況: Aのプロテクション（赤）を持つテスト用の騎士が攻撃している。Bは赤の《丘巨人》と白の《銀毛のライオン》を持つ。
    行動: Bが丘巨人でブロックしようとし、ライオンでブロックする。赤いテスト用オーラを騎士につけようとする。
    結果: 赤のクリーチャーにはブロックされない。白のライオンはブロックできる。赤のオーラはつけられない。"""
    game = Game(["A", "B"])
    knight = game.place(WHITE_KNIGHT)
    giant = game.place(cards.HILL_GIANT, player="B")
    lion = game.place(SILVERCOAT_LION, player="B")
    aura = game.place(card("Test Red Aura", "{R}", "Enchantment — Aura", "enchant creature"), player="B")
    game.attach(aura, knight)
    expect.that(aura.attached_to is None, "赤のオーラはつけられない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([knight])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({giant: knight}), "赤のクリーチャーにはブロックされない")
    game.declare_blockers({lion: knight})
    expect.that(is_blocking(game, lion), "白のライオンはブロックできる")


@check("702.12b@20260116.0@39c55ce6", "701.8a@20260116.0@ee3541e4")
def indestructible_is_not_destroyed(expect: Expect) -> None:
    """状況: Aの破壊不能を持つテスト用クリーチャーと《灰色熊》。
    行動: Aが《神の怒り》を唱える。
    結果: 熊は破壊されるが、破壊不能を持つクリーチャーは残る。"""
    game = Game(["A", "B"])
    sturdy = game.place(card("Test Darksteel Beast", "{4}", "Artifact Creature — Beast", 3, 3, "indestructible"))
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.that(bears.id not in game.objects, "熊は破壊された")
    expect.that(sturdy.id in game.objects, "破壊不能は残った")


@check("702.21a@20260116.0@1be21921")
def ward_can_be_paid(expect: Expect) -> None:
    """状況: Aの護法{2}を持つテスト用クリーチャー。Bは{R}{2}を持つ。
    行動: Bが《ショック》でそれを対象にし、護法の誘発で{2}を支払う。
    結果: 支払ったのでショックは打ち消されず、2点与えて破壊する。"""
    game = Game(["A", "B"])
    warded = game.place(card("Test Warded Bear", "{1}{G}", "Creature — Bear", 2, 2, "ward {2}"))
    game.add_mana("B", "{C}{C}")
    game.choices.script(ChoiceKind.PAY, True, player="B")
    cast(game, "B", cards.SHOCK, [warded])
    expect.that(warded.id not in game.objects, "支払ったのでショックは解決した")
    expect.equal(game.players["B"].mana.total, 0, "{2}を支払った")


@check("702.6a@20260116.0@a90d1d87", "301.5c@20260116.0@56660007")
def equip_attaches_as_a_sorcery(expect: Expect) -> None:
    """状況: Aの《骨断ちの矛槍》（装備{1}）と《灰色熊》、Bの《丘巨人》。
    行動: Aがメイン・フェイズに装備能力を起動する。Bのクリーチャーを対象にしようとし、戦闘中にも起動しようとする。
    結果: あなたのクリーチャーにだけ、ソーサリーとしてのみ装備できる。熊についた矛槍で熊は4/2。"""
    game = Game(["A", "B"])
    sword = game.place(cards.BONESPLITTER)
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT, player="B")
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.activate("A", sword, "Equip", targets=[giant]), "対戦相手のクリーチャーは装備できない")
    game.activate("A", sword, "Equip", targets=[bears])
    game.resolve_stack()
    expect.equal(game.view(bears).pt, (4, 2), "熊についた")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.activate("A", sword, "Equip", targets=[bears]), "戦闘中は装備できない")


@check("702.114a@20260116.0@bd57df2a", "613.3@20260116.0@d9c200de")
def devoid_is_colorless_until_an_effect_colors_it(expect: Expect) -> None:
    """状況: Aの《殺戮の先陣》（{B}{R}、欠色）。
    行動: 効果がそれを青にする。
    結果: 欠色は特性定義能力なので先に適用されて無色。そのあと青にする効果が適用されて青になる。"""
    game = Game(["A", "B"])
    forerunner = game.place(FORERUNNER)
    expect.equal(game.view(forerunner).colors, frozenset(), "マナ・コストは黒赤でも無色")
    game.create_effect("becomes blue", [becomes_color("U")], [forerunner])
    expect.equal(game.view(forerunner).colors, frozenset({Color.BLUE}), "効果で青になる")
