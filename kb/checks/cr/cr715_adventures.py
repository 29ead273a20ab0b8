"""Adventurer cards (715): the CR's examples of an Adventure cast from the top of a library (601.3e)
and of a name sticker on an adventurer card (123.6c), and an Adventure exiled as it resolves and
then cast as the creature (715.3d)."""

from __future__ import annotations

from kb.checks.cards import CRAW_WURM, real
from kb.checks.cr.cr601_casting_spells import GARRUKS_HORDE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    CardType,
    CastPermission,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Zone,
    card,
    creatures,
    objects,
    restart,
    stickers,
    target,
    where,
)
from kb.engine.adventures import adventurer
from kb.engine.choices import Choice


def _chop_down(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        resolution.game.destroy(chosen)


CHOP_DOWN = real("切り落とし", card("Chop Down", "{2}{W}", "Instant — Adventure", spell=SpellAbility(
    "Destroy target creature with power 4 or greater.", _chop_down,
    (target(creatures() & where("with power 4 or greater", lambda c, o: (o.power or 0) >= 4, ("power",)),
            "target creature with power 4 or greater"),))))
GIANT_KILLER = real("巨人落とし", adventurer(card("Giant Killer", "{W}", "Creature — Human Peasant", 1, 2), CHOP_DOWN))
"""巨人落とし（出来事《切り落とし》）; its ability to tap a creature is left out."""

INSTANTS_AND_SORCERIES = where("instant or sorcery", lambda c, o: bool(o.types & {CardType.INSTANT, CardType.SORCERY}),
                               ("types",), zones=tuple(Zone))

MELEK = real("イゼットの模範、メーレク", card(
    "Melek, Izzet Paragon", "{4}{U}{R}", "Legendary Creature — Weird Wizard", 2, 4,
    StaticAbility("Play with the top card of your library revealed. You may cast instant and sorcery spells from the "
                  "top of your library.", rules=(CastPermission(INSTANTS_AND_SORCERIES, Zone.LIBRARY),))))
"""イゼットの模範、メーレク; playing with the top card revealed and copying the spells cast from the library are
left out."""


@check("601.3e@20260116.0@f151db75", "715.3a@20260116.0@2c9ef48c", "715.3@20260116.0@a41d2719",
       example="601.3e#2@ba5c6f74")
def an_adventure_is_judged_alone_to_be_cast_from_the_library(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に《巨人落とし》（{W}の1/2クリーチャー。出来事は{2}{W}のインスタント《切り落とし》：
    パワー4以上のクリーチャー1体を破壊する）。戦場にAの《イゼットの模範、メーレク》（ライブラリーの一番上からインスタントや
    ソーサリーである呪文を唱えてもよい）とBの《大喰らいのワーム》。
    行動: Aが巨人落としを唱えようとし、切り落としとして唱える。別のゲームで、メーレクの代わりに《ガラクの大軍》
    （ライブラリーの一番上からクリーチャー・呪文を唱えてもよい）をコントロールするAが、同じように試みる。
    結果: メーレクでは、クリーチャーの巨人落としは唱えられず、インスタントの切り落としは唱えられてワームを破壊する。
    大軍では、切り落としは唱えられず、巨人落としは唱えられて戦場に出る。"""
    game = Game(["A", "B"])
    game.place(MELEK, player="A")
    wurm = game.place(CRAW_WURM, player="B")
    top = game.place(GIANT_KILLER, Zone.LIBRARY, "A")
    give_mana(game, "A", "{W}")
    expect.refused(lambda: game.cast("A", top), "メーレクでは巨人落としはライブラリーから唱えられない")
    give_mana(game, "A", "{2}")
    spell = game.cast("A", top, half="adventure", targets=[wurm])
    expect.equal(game.view(spell).name, "Chop Down", "切り落としとして唱えられた")
    game.resolve_stack()
    expect.that(game.current(wurm).zone is Zone.GRAVEYARD, "切り落としはワームを破壊した")

    other = Game(["A", "B"])
    other.place(GARRUKS_HORDE, player="A")
    wurm = other.place(CRAW_WURM, player="B")
    top = other.place(GIANT_KILLER, Zone.LIBRARY, "A")
    give_mana(other, "A", "{2}{W}")
    expect.refused(lambda: other.cast("A", top, half="adventure", targets=[wurm]),
                   "大軍では切り落としはライブラリーから唱えられない")
    creature = other.cast("A", top)
    other.resolve_stack()
    expect.that(other.view(creature).zone is Zone.BATTLEFIELD, "大軍では巨人落としが唱えられ、戦場に出た")


@check("715.3d@20260116.0@8f15bf46", "715.3b@20260116.0@f9293ca5", "715.4@20260116.0@9f086662",
       "715.2@20260116.0@bab77170")
def an_adventure_goes_on_an_adventure_in_exile(expect: Expect) -> None:
    """状況: Aの手札に《巨人落とし》（出来事《切り落とし》）。戦場にBの《大喰らいのワーム》。
    行動: Aが切り落としを唱えてワームを対象にする。解決後、追放されたカードを切り落としとしてもう一度唱えようとし、
    次に巨人落としとして唱える。
    結果: スタック上の呪文は出来事の特性だけを持つ（インスタント《切り落とし》、マナ総量3）。解決するとワームは破壊され、
    カードは墓地ではなく追放される。追放領域では通常の特性だけを持つ（クリーチャー《巨人落とし》、マナ総量1）。
    追放されたカードは出来事としては唱えられないが、巨人落としとしては唱えられ、戦場に出る。"""
    game = Game(["A", "B"])
    wurm = game.place(CRAW_WURM, player="B")
    held = in_hand(game, GIANT_KILLER)
    give_mana(game, "A", "{2}{W}")
    spell = game.cast("A", held, half="adventure", targets=[wurm])
    seen = game.view(spell)
    expect.equal((seen.name, seen.types, seen.mana_value), ("Chop Down", frozenset({CardType.INSTANT}), 3),
                 "スタック上では出来事のインスタント、マナ総量3")
    game.resolve_stack()
    expect.that(game.current(wurm).zone is Zone.GRAVEYARD, "切り落としはワームを破壊した")
    [exiled] = game.in_zone(Zone.EXILE, "A")
    expect.that(not game.graveyard("A"), "解決した出来事は墓地に置かれず、追放された")
    seen = game.view(exiled)
    expect.equal((seen.name, seen.types, seen.mana_value), ("Giant Killer", frozenset({CardType.CREATURE}), 1),
                 "追放領域では巨人落としの特性だけを持つ")
    other = game.place(CRAW_WURM, player="B")
    give_mana(game, "A", "{2}{W}")
    expect.refused(lambda: game.cast("A", exiled, half="adventure", targets=[other]),
                   "追放されたカードは出来事としては唱えられない")
    creature = game.cast("A", exiled)
    game.resolve_stack()
    expect.that(game.view(creature).zone is Zone.BATTLEFIELD, "追放されたカードを巨人落としとして唱え、戦場に出た")


def _granted(resolution: Resolution) -> None:
    game, player = resolution.game, resolution.controller
    wanted = tuple(c for c in game.players[player].outside if CardType.CREATURE not in c.front.types)
    if not wanted:
        return
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a noncreature card you own from outside the game, "
                                     "or None", (*wanted, None)))
    if chosen is not None:
        restart.bring_in(game, player, chosen, Zone.HAND)  # type: ignore[arg-type]


GRANTED = real("成就", card("Granted", "{3}{U}", "Sorcery — Adventure", spell=SpellAbility(
    "You may reveal a noncreature card you own from outside the game and put it into your hand.", _granted)))
FAE_OF_WISHES = real("願いのフェイ", adventurer(card("Fae of Wishes", "{1}{U}", "Creature — Faerie Wizard", 1, 4,
                                                  "flying"), GRANTED))
"""願いのフェイ（出来事《成就》）; its ability to return to its owner's hand is left out."""

ADVENTURES_FROM_EXILE = card(
    "Test Exile Adventures", "{2}", "Enchantment",
    StaticAbility("You may cast Adventure spells from exile.",
                  rules=(CastPermission(objects(subtypes=["Adventure"], zones=tuple(Zone)), Zone.EXILE),)))
"""Test: an enchantment that lets its controller cast Adventure spells from exile."""


@check("123.6c@20260116.0@2aa3a902", "715.3d@20260116.0@8f15bf46", example="123.6c#1@7dacd8b8")
def a_name_sticker_keeps_its_place_through_an_adventure(expect: Expect) -> None:
    """状況: 追放領域にAの《願いのフェイ》（出来事は《成就》）があり、2単語目の後に「Mana」を加える名前ステッカーが貼られて
    「Fae of Mana Wishes」という名前になっている。Aは追放領域から出来事の呪文を唱えてよいテスト用のエンチャントを
    コントロールしている。ゲームの外部にAのカードはない。
    行動: Aが追放領域から成就を唱え、解決させる。
    結果: スタック上の呪文の名前は「Granted Mana」（単語が2つない名前では末尾に加わる）。出来事が解決してカードが
    追放されると、ステッカーの位置（2単語目の後）が覚えられていて、名前は再び「Fae of Mana Wishes」になる。"""
    game = Game(["A", "B"])
    game.place(ADVENTURES_FROM_EXILE, player="A")
    fae = game.place(FAE_OF_WISHES, Zone.EXILE, "A")
    game.choices.script(ChoiceKind.CARD_NAME, "Fae of Mana Wishes", player="A")
    stickers.put_name_sticker(game, "A", fae, "Mana")
    expect.equal(game.view(fae).name, "Fae of Mana Wishes", "ステッカーは2単語目の後に単語を加えた")
    give_mana(game, "A", "{3}{U}")
    spell = game.cast("A", fae, half="adventure")
    expect.equal(game.view(spell).name, "Granted Mana", "スタック上の呪文の名前は「Granted Mana」")
    game.resolve_stack()
    [exiled] = game.in_zone(Zone.EXILE, "A")
    expect.equal(game.view(exiled).name, "Fae of Mana Wishes", "追放されたカードの名前は再び「Fae of Mana Wishes」")
