"""Keyword abilities that ask for a price in their controller's upkeep: cumulative upkeep
(702.24), echo (702.30), fading (702.32)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import ChoiceKind, Game, ScenarioError, Step, card

MYSTIC_REMORA = real("神秘的負荷", card("Mystic Remora", "{U}", "Enchantment", "cumulative upkeep {1}"))
"""神秘的負荷; its card-drawing ability is left out."""
ALBINO_TROLL = real("アルビノ・トロール", card("Albino Troll", "{1}{G}", "Creature — Troll", 3, 3, "echo {1}{G}"))
"""アルビノ・トロール; its regeneration ability is left out."""
BLASTODERM = real("ブラストダーム", card("Blastoderm", "{2}{G}{G}", "Creature — Beast", 5, 5, "shroud", "fading 3"))


def _to_upkeep(game: Game, player: str = "A") -> None:
    """On to ``player``'s next upkeep, where their upkeep triggers wait on the stack."""
    game.advance_to(Step.UPKEEP, player, again=True)


@check("702.24a@20260116.0@83ba161b", "118.12@20260116.0@07b5f9f5")
def cumulative_upkeep(expect: Expect) -> None:
    """状況: Aの《神秘的負荷》（累加アップキープ{1}）、経年カウンターはない。
    行動: Aのアップキープに能力が誘発し、Aは{1}を支払う。次のアップキープには{1}しか持たない。
    結果: 1回目は経年カウンターが1個になって{1}を支払い、戦場に残る。2回目は2個になって{2}が必要だが支払えないので、生け贄に捧げられる。"""
    game = Game(["A", "B"], library=6, step=Step.UNTAP)
    remora = game.place(MYSTIC_REMORA)
    game.advance_to(Step.UPKEEP, "A")
    game.add_mana("A", "{C}")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.resolve_stack()
    expect.equal(game.view(remora).counter("age"), 1, "経年カウンター1個")
    expect.that(remora.id in game.objects and game.players["A"].mana.total == 0, "{1}を支払って戦場に残った")
    game.next_turn("A")
    game.advance_to(Step.UPKEEP, "A")
    game.add_mana("A", "{C}")
    game.resolve_stack()
    expect.that(remora.id not in game.objects, "{2}を支払えず生け贄に捧げられた")


WHITE_OR_BLUE = card("Test Upkeep Spirit", "{1}{W}", "Creature — Spirit", 3, 3, "cumulative upkeep {W} or {U}")


@check("702.24a@20260116.0@83ba161b", example="702.24a#1@fb59daf0")
def cumulative_upkeep_with_a_choice(expect: Expect) -> None:
    """状況: Aの「累加アップキープ {W}か{U}」を持つテスト用クリーチャーに経年カウンターが2個置かれている。Aは{W}{W}{U}{U}を持つ。
    行動: Aのアップキープに能力が解決され、Aは3個の経年カウンターそれぞれについて{W}、{U}、{U}を選んで支払う。
    結果: 経年カウンターは3個になり、{W}{U}{U}が支払われてクリーチャーは戦場に残る。{W}が1つ残る。"""
    game = Game(["A", "B"], library=6, step=Step.UNTAP)
    spirit = game.place(WHITE_OR_BLUE, counters={"age": 2})
    game.advance_to(Step.UPKEEP, "A")
    game.add_mana("A", "{W}{W}{U}{U}")
    game.choices.script(ChoiceKind.MODE, ["{W}", "{U}", "{U}"], player="A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.resolve_stack()
    expect.equal(game.view(spirit).counter("age"), 3, "経年カウンター3個")
    expect.that(spirit.id in game.objects, "支払って戦場に残った")
    expect.equal(str(game.players["A"].mana), "{W}", "{W}{U}{U}を支払った")


SACRIFICING = card("Test Hungry Spirit", "{2}{B}", "Creature — Spirit", 4, 4,
                   "cumulative upkeep—sacrifice a creature")


@check("702.24a@20260116.0@83ba161b", "701.21a@20260116.0@c2f68f6e", example="702.24a#2@020ef19d")
def cumulative_upkeep_sacrificing_creatures(expect: Expect) -> None:
    """状況: Aの「累加アップキープ ― クリーチャー1体を生け贄に捧げる。」を持つテスト用クリーチャーに経年カウンター1個。Aは《灰色熊》2体もコントロールしている。別のゲームでは熊は1体だけ。
    行動: Aのアップキープに能力が解決される。
    結果: カウンターは2個になり、クリーチャー2体を生け贄に捧げる必要がある。熊2体を生け贄に捧げれば残る。熊1体だけのときは同じ熊を2回生け贄に捧げることはできず、支払わなければそのクリーチャーが生け贄に捧げられる。"""
    game = Game(["A", "B"], library=6, step=Step.UNTAP)
    spirit = game.place(SACRIFICING, counters={"age": 1})
    first, second = game.place(cards.GRIZZLY_BEARS), game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.UPKEEP, "A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.choices.script(ChoiceKind.OBJECT, first, player="A")
    game.choices.script(ChoiceKind.OBJECT, second, player="A")
    game.resolve_stack()
    expect.that(spirit.id in game.objects and first.id not in game.objects and second.id not in game.objects,
                "熊2体を生け贄に捧げて残った")
    other = Game(["A", "B"], library=6, step=Step.UNTAP)
    spirit = other.place(SACRIFICING, counters={"age": 1})
    bears = other.place(cards.GRIZZLY_BEARS)
    other.advance_to(Step.UPKEEP, "A")
    checkpoint = other.checkpoint()
    other.choices.script(ChoiceKind.PAY, True, player="A")
    other.choices.script(ChoiceKind.OBJECT, bears, player="A")
    other.choices.script(ChoiceKind.OBJECT, bears, player="A")
    try:
        other.resolve_stack()
        refused = False
    except ScenarioError:
        refused = True
    expect.that(refused, "同じクリーチャーを2回生け贄に捧げることはできない")
    other.restore(checkpoint)
    other.choices.scripted.clear()
    other.choices.script(ChoiceKind.PAY, False, player="A")
    other.resolve_stack()
    expect.that(spirit.id not in other.objects and bears.id in other.objects, "支払わなければそれが生け贄に捧げられる")


TWICE = card("Test Twice-Bound Spirit", "{1}{B}", "Creature — Spirit", 2, 2, "cumulative upkeep—pay 1 life",
             "cumulative upkeep—pay 1 life")


@check("702.24b@20260116.0@7365f28e", example="702.24b#1@5885f8a5")
def two_cumulative_upkeeps(expect: Expect) -> None:
    """状況: Aの「累加アップキープ ― 1点のライフを支払う。」を2つ持つテスト用クリーチャー、経年カウンターはない。
    行動: Aのアップキープに2つの能力が誘発し、Aはどちらも支払う。
    結果: 1つ目の解決でカウンター1個を置いて1点、2つ目の解決でさらに1個置いて、カウンターは2個なので2点を支払う。Aのライフは17。"""
    game = Game(["A", "B"], library=6, step=Step.UNTAP)
    spirit = game.place(TWICE)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.UPKEEP, "A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.resolve_top()
    expect.equal((game.view(spirit).counter("age"), game.players["A"].life), (1, 19), "1つ目：カウンター1個、1点")
    game.resolve_stack()
    expect.equal((game.view(spirit).counter("age"), game.players["A"].life), (2, 17), "2つ目：カウンター2個、2点")


@check("702.30a@20260116.0@584b2129", "702.30b@20260116.0@bf7d9eb4")
def echo(expect: Expect) -> None:
    """状況: Aが《アルビノ・トロール》（エコー{1}{G}）を唱えて戦場に出す。
    行動: 次のAのアップキープにエコーを支払い、その次のアップキープを迎える。別のゲームでは支払わない。
    結果: 前のアップキープ以降にコントロールし始めたので最初のアップキープだけ誘発し、支払えば残り、次のアップキープには誘発しない。支払わなければ生け贄に捧げられる。コストの書かれていないエコーはマナ・コストに等しく、{2}{R}のテスト用クリーチャーのエコーは{2}{R}で支払える。"""
    for pays in (True, False):
        game = Game(["A", "B"], library=6)
        troll_card = in_hand(game, ALBINO_TROLL)
        give_mana(game, "A", "{1}{G}")
        game.cast("A", troll_card)
        game.resolve_stack()
        troll = game.current(troll_card)
        _to_upkeep(game)
        expect.equal(len(game.stack), 1, "次のアップキープにエコーが誘発した")
        give_mana(game, "A", "{1}{G}")
        game.choices.script(ChoiceKind.PAY, pays, player="A")
        game.resolve_stack()
        if pays:
            expect.that(troll.id in game.objects, "支払って戦場に残った")
            _to_upkeep(game)
            expect.equal(len(game.stack), 0, "その次のアップキープには誘発しない")
        else:
            expect.that(troll.id not in game.objects, "支払わなければ生け贄に捧げられる")
    game = Game(["A", "B"], library=6)
    urza = in_hand(game, card("Test Urza Echo Goblin", "{2}{R}", "Creature — Goblin", 3, 3, "echo"))
    give_mana(game, "A", "{2}{R}")
    game.cast("A", urza)
    game.resolve_stack()
    _to_upkeep(game)
    give_mana(game, "A", "{2}{R}")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.resolve_stack()
    expect.that(game.current(urza).zone.value == "battlefield" and game.players["A"].mana.total == 0,
                "エコー・コストはマナ・コストの{2}{R}")


@check("702.32a@20260116.0@4cecf78c", "614.1c@20260116.0@ce0a08eb")
def fading(expect: Expect) -> None:
    """状況: Aが《ブラストダーム》（消散3）を唱える。
    行動: Aのアップキープを4回迎える。
    結果: 消散カウンター3個が置かれた状態で戦場に出て、アップキープごとに1個取り除かれる。取り除けない4回目のアップキープに生け贄に捧げられる。"""
    game = Game(["A", "B"], library=6)
    held = in_hand(game, BLASTODERM)
    give_mana(game, "A", "{2}{G}{G}")
    game.cast("A", held)
    game.resolve_stack()
    beast = game.current(held)
    expect.equal(game.view(beast).counter("fade"), 3, "消散カウンター3個で戦場に出た")
    for left in (2, 1, 0):
        _to_upkeep(game)
        game.resolve_stack()
        expect.equal(game.view(beast).counter("fade"), left, f"アップキープにカウンターが1個減って{left}個")
    _to_upkeep(game)
    game.resolve_stack()
    expect.that(beast.id not in game.objects, "取り除けないので生け贄に捧げられた")
