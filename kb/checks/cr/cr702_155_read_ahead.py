"""Read ahead (702.155): a Saga that enters on a later chapter."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import ChoiceKind, Game, Resolution, card, token
from kb.engine.sagas import chapter

DRAGON = token(None, "Creature — Dragon", 4, 4, "flying", colors="R")


def _two_to_each(resolution: Resolution) -> None:
    game = resolution.game
    source = resolution.source_id
    assert source is not None
    for creature in game.creatures():
        game.deal_damage(source, creature, 2)
    for opponent in game.opponents(resolution.controller):
        game.deal_damage(source, opponent, 2)


def _rummage(resolution: Resolution) -> None:
    game, you = resolution.game, resolution.controller
    hand = game.hand(you)
    if not hand:
        return
    from kb.engine.choices import Choice

    chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, you, "discard any number of cards", default=[],
                                     accepts=lambda v: isinstance(v, (list, tuple)) and all(c in hand for c in v)))
    assert isinstance(chosen, (list, tuple))
    if chosen:
        from kb.engine import actions

        actions.discard(game, you, [c for c in chosen if c in hand])
        game.draw(you, len(chosen))


def _dragon(resolution: Resolution) -> None:
    resolution.game.create_token(DRAGON, resolution.controller)


THE_ELDER_DRAGON_WAR = real("巨竜戦争", card(
    "The Elder Dragon War", "{2}{R}{R}", "Enchantment — Saga", "read ahead",
    chapter(1, "This Saga deals 2 damage to each creature and each opponent.", _two_to_each),
    chapter(2, "Discard any number of cards, then draw that many cards.", _rummage),
    chapter(3, "Create a 4/4 red Dragon creature token with flying.", _dragon)))
"""巨竜戦争: 先読。I 各クリーチャーと各対戦相手に2点。II 望む枚数を捨て、同じ枚数を引く。III 飛行を持つ赤の4/4のドラゴン。"""
TWICE_READ_AHEAD = card("Test Twice-Read Saga", "{2}", "Enchantment — Saga", "read ahead", "read ahead",
                        chapter(1, "Create a 4/4 red Dragon creature token with flying.", _dragon),
                        chapter(2, "Create a 4/4 red Dragon creature token with flying.", _dragon),
                        chapter(3, "Create a 4/4 red Dragon creature token with flying.", _dragon),
                        chapter(4, "Create a 4/4 red Dragon creature token with flying.", _dragon))
"""A made-up Saga with read ahead twice and four chapters that each make a Dragon."""


@check("702.155a@20260116.0@50dcedfb", "702.155b@20260116.0@6681e58a", "714.3a@20260116.0@04bc4d9b",
       "704.5s@20260116.0@e07baab9")
def read_ahead_starts_on_the_chosen_chapter(expect: Expect) -> None:
    """状況: Bの《灰色熊》。Aの手札に《巨竜戦争》（先読、I：各クリーチャーと各対戦相手に2点、III：ドラゴン・トークン）。
    行動: Aは巨竜戦争を唱え、先読で3を選ぶ。
    結果: 伝承カウンター3個が置かれた状態で戦場に出る。そのターンは章IIIだけが誘発し、ドラゴンが生成され、章Iは誘発しないので熊もBも無傷である。そのあと最終章を過ぎた英雄譚は生け贄に捧げられる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.NUMBER, 3, player="A")
    cast(game, "A", THE_ELDER_DRAGON_WAR)
    dragons = [c for c in game.creatures("A") if "Dragon" in game.view(c).subtypes]
    expect.equal(len(dragons), 1, "章IIIが誘発してドラゴン1体")
    expect.that(game.players["B"].life == 20 and bears.damage == 0, "章Iは誘発しない")
    expect.that(not [o for o in game.battlefield("A") if o.card is THE_ELDER_DRAGON_WAR], "最終章のあと生け贄に捧げられた")


@check("702.155a@20260116.0@50dcedfb", "702.155b@20260116.0@6681e58a")
def read_ahead_later_chapters_trigger_as_usual(expect: Expect) -> None:
    """状況: Aの手札に《巨竜戦争》。
    行動: 唱えて先読で2を選ぶ。次のAのターンの戦闘前メイン・フェイズまで進める。
    結果: 伝承カウンター2個で戦場に出て、そのターンは章Iが誘発せず、Bはライフを失わない。次のAのターンに伝承カウンターが3個になり、章IIIが誘発してドラゴンが生成される。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.NUMBER, 2, player="A")
    cast(game, "A", THE_ELDER_DRAGON_WAR)
    [saga] = [o for o in game.battlefield("A") if o.card is THE_ELDER_DRAGON_WAR]
    expect.that(saga.counter("lore") == 2 and game.players["B"].life == 20, "伝承カウンター2個、章Iは誘発しない")
    expect.equal(game.creatures("A"), [], "まだドラゴンはいない")
    game.next_turn("B")
    game.next_turn("A")
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 1, "次のターンに章IIIでドラゴン")


@check("702.155c@20260116.0@87155023")
def read_ahead_twice_is_redundant(expect: Expect) -> None:
    """状況: Aの手札に、先読を2つ持つテスト用の英雄譚（4章、各章でドラゴン・トークンを生成する）。
    行動: それを唱え、先読で2を選ぶ。
    結果: 数は1回だけ選ばれ、伝承カウンターは2個（4個ではない）で、章IIだけが誘発してドラゴンは1体である。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.REPLACEMENT, "Read ahead", player="A")
    game.choices.script(ChoiceKind.NUMBER, 2, player="A")
    cast(game, "A", TWICE_READ_AHEAD)
    [saga] = [o for o in game.battlefield("A") if o.card is TWICE_READ_AHEAD]
    expect.equal(saga.counter("lore"), 2, "伝承カウンター2個")
    expect.equal(len(game.creatures("A")), 1, "章IIだけでドラゴン1体")
