"""Stickers (123): where a name sticker's word goes, and a name sticker as a text-changing effect
applied to the copiable values in timestamp order with the other effects on the name (layer 3)."""

from __future__ import annotations

from kb.checks import cards_basics
from kb.checks.cards import real
from kb.checks.cards_basics import CYTOSHAPE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ChoiceKind,
    Game,
    StaticAbility,
    attached_to_this,
    base_pt,
    becomes_color,
    becomes_creature_types,
    card,
    lose_all_abilities,
    stickers,
)
from kb.engine.mana import Color
from kb.engine.objects import NameSticker
from kb.engine.parts import named

BEAR_CUB = cards_basics.BEAR_CUB

IT_THAT_BETRAYS = real("背くもの", card("It That Betrays", "{12}", "Creature — Eldrazi", 11, 11))
"""背くもの; annihilator 2 and its triggered ability are left out."""

SEEKER_OF_THE_WAY = real("道の探求者", card("Seeker of the Way", "{1}{W}", "Creature — Human Warrior", 2, 2))
"""道の探求者; prowess and its lifelink trigger are left out."""

WITNESS_PROTECTION = real("証人保護", card(
    "Witness Protection", "{U}", "Enchantment — Aura", "enchant creature",
    StaticAbility("Enchanted creature loses all abilities and is a green and white Citizen creature with base power "
                  "and toughness 1/1 named Legitimate Businessperson.",
                  (named("Legitimate Businessperson"), becomes_creature_types("Citizen"), becomes_color("GW"),
                   lose_all_abilities(), base_pt(1, 1)), attached_to_this())))


@check("123.6b@20260116.0@2ed628c8", "123.3b@20260116.0@51e8ac15", "123.1@20260116.0@e13ab081",
       "123.3@20260116.0@1f7a56e2", "123.6@20260116.0@2aab1ba2", "612.9@20260116.0@05391504",
       example="123.6b#1@e4d39c0a")
def where_a_name_sticker_goes(expect: Expect) -> None:
    """状況: Aがオーナーであり、コントロールしている《仔熊》（Bear Cub）。
    行動: Aが「Dark」と印刷された名前ステッカーを仔熊に貼り、「Bear Dark Cub」を選ぶ。Bは同じステッカーを貼ろうとする。
    結果: 選べる新しい名前は「Dark Bear Cub」「Bear Dark Cub」「Bear Cub Dark」の3つで、仔熊の名前は「Bear Dark Cub」になる。
    Bはオーナーでないので貼れない。"""
    game = Game(["A", "B"])
    cub = game.place(BEAR_CUB)
    game.choices.script(ChoiceKind.CARD_NAME, "Bear Dark Cub", player="A")
    stickers.put_name_sticker(game, "A", cub, "Dark")
    [asked] = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.CARD_NAME]
    expect.equal(asked.options, ("Dark Bear Cub", "Bear Dark Cub", "Bear Cub Dark"), "新しい名前は3通りから選べる")
    expect.equal(game.view(cub).name, "Bear Dark Cub", "選んだ「Bear Dark Cub」が仔熊の名前になった")
    expect.refused(lambda: stickers.put_name_sticker(game, "B", cub, "Dark"), "オーナーでないBは貼れない")


@check("123.6c@20260116.0@2aa3a902", "613.1c@20260116.0@74afe4f6", "707.2@20260116.0@f5bf13dd",
       example="123.6c#2@45f68325")
def a_name_sticker_on_a_copy(expect: Expect) -> None:
    """状況: Aがオーナーである《背くもの》（It That Betrays）に、3単語目の後に「Eldrazi」を加える名前ステッカーが貼られ、
    名前は「It That Betrays Eldrazi」である。Aは《道の探求者》（Seeker of the Way）もコントロールしている。
    行動: Aが《細胞形成》で、背くものを道の探求者のコピーにする。
    結果: 名前はコピー可能な値「Seeker of the Way」から始まり、ステッカーが3単語目の後に適用され続けるので
    「Seeker of the Eldrazi Way」になる。"""
    game = Game(["A", "B"])
    betrayer = game.place(IT_THAT_BETRAYS)
    seeker = game.place(SEEKER_OF_THE_WAY)
    stickers.put_sticker(game, "A", betrayer, NameSticker("Eldrazi", 3))
    expect.equal(game.view(betrayer).name, "It That Betrays Eldrazi", "名前は「It That Betrays Eldrazi」")
    game.choices.script(ChoiceKind.OBJECT, seeker.id)
    cast(game, "A", CYTOSHAPE, [betrayer])
    expect.equal(game.view(betrayer).name, "Seeker of the Eldrazi Way", "コピーになると「Seeker of the Eldrazi Way」")


@check("123.6c@20260116.0@2aa3a902", "613.1c@20260116.0@74afe4f6", "613.7@20260116.0@91668488",
       "208.4@20260116.0@0060af1e", "208.4a@20260116.0@04551234", example="123.6c#3@a37ed95e")
def witness_protection_outranks_an_older_name_sticker(expect: Expect) -> None:
    """状況: Aの《仔熊》に「Dark」の名前ステッカーが1単語目の前に貼られていて、名前は「Dark Bear Cub」である。
    行動: そのあとで仔熊が《証人保護》でエンチャントされる。
    結果: 証人保護も文章変更効果で、タイムスタンプが名前ステッカーより遅いので、名前は「Legitimate Businessperson」になり、
    ステッカーの単語は含まれない。緑白の1/1のシチズンになる。"""
    game = Game(["A", "B"])
    cub = game.place(BEAR_CUB)
    stickers.put_sticker(game, "A", cub, NameSticker("Dark", 0))
    expect.equal(game.view(cub).name, "Dark Bear Cub", "ステッカーで「Dark Bear Cub」")
    game.place(WITNESS_PROTECTION, attached_to=cub)
    view = game.view(cub)
    expect.equal(view.name, "Legitimate Businessperson", "後のタイムスタンプの証人保護によって名前が決まる")
    expect.that(view.colors == frozenset({Color.GREEN, Color.WHITE}) and view.pt == (1, 1)
                and view.subtypes == frozenset({"Citizen"}), "緑白の1/1のシチズン")
