"""A card entering the battlefield from a library, while a replacement effect modifies how it
enters, is not among the cards another replacement effect exiles or mills from the top of that
library (614.13c)."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import library_top_first
from kb.engine import ChoiceKind, Game, StaticAbility, Zone, card, libraries, objects
from kb.engine.as_enters_costs import may_pay_life_or_enter_tapped
from kb.engine.replacement import Instead, PayLife, Replacement, ReplacementContext
from kb.engine.rules import CastPermission

_ASHIOK_TEXT = ("If you would pay life while your library has at least that many cards in it, exile that many "
                "cards from the top of your library instead.")


def _exile_instead(context: ReplacementContext, paying: PayLife) -> Instead:
    cards = libraries.top(context.game, paying.player, paying.amount)
    return Instead(moves=tuple((c, Zone.EXILE) for c in cards))


def _ashiok_applies(context: ReplacementContext, paying: PayLife) -> bool:
    # "at least that many cards": those it could exile, so not a card entering from it (614.13c)
    return paying.player == context.context.you and len(libraries.top(context.game, paying.player, paying.amount)) \
        >= paying.amount


ASHIOK = real("忌まわしき干渉者、アショク", card(
    "Ashiok, Wicked Manipulator", "{3}{B}{B}", "Legendary Planeswalker — Ashiok",
    StaticAbility(_ASHIOK_TEXT, replacements=(Replacement(_ASHIOK_TEXT, PayLife, _ashiok_applies, _exile_instead),)),
    loyalty=5))
"""忌まわしき干渉者、アショク: its static ability (paying life exiles cards from the top of the library
instead); its loyalty abilities play no part here."""

BREEDING_POOL = real("繁殖池", card(
    "Breeding Pool", None, "Land — Forest Island",
    may_pay_life_or_enter_tapped(2, "As Breeding Pool enters, you may pay 2 life. If you don't, it enters tapped.")))
"""繁殖池: a shock land."""

LAND_SCOUT = card("Test Land Scout", "{1}{G}", "Creature — Elf Scout", 1, 1, StaticAbility(
    "You may play lands from the top of your library.",
    rules=(CastPermission(objects("Land", zones=(Zone.LIBRARY,)), Zone.LIBRARY, lands=True),)))
"""Test: a creature letting its controller play lands from the top of their library."""

MARKER = card("Test Library Card", "{1}", "Artifact")
"""Test: a card in the library, to see where it goes."""


@check("614.13c@20260116.0@f63009d3", "119.4@20260116.0@da75ef94", "614.12@20260116.0@7f67dc9f",
       example="614.13c#1@11a9f38f")
def ashiok_exiles_the_cards_under_the_entering_breeding_pool(expect: Expect) -> None:
    """状況: Aは《忌まわしき干渉者、アショク》と「あなたはあなたのライブラリーの一番上から土地をプレイしてもよい」テスト用クリーチャーを
    コントロールしている。Aのライブラリーの上から《繁殖池》、テスト用カード2枚、その下に他のカードがある。ライフは20点。
    行動: Aがライブラリーの一番上から繁殖池をプレイし、戦場に出るに際して2点のライフを支払うことを選ぶ。
    結果: アショクの置換効果で、ライフを支払う代わりにライブラリーの一番上から2枚が追放される。繁殖池はその時点ではまだライブラリーに
    あるが影響を受けず、その下のテスト用カード2枚が追放される。ライフは20点のまま、繁殖池はアンタップ状態で戦場に出る。"""
    game = Game(["A", "B"])
    game.place(ASHIOK)
    game.place(LAND_SCOUT)
    pool, first, second = library_top_first(game, "A", BREEDING_POOL, MARKER, MARKER)
    below = game.players["A"].library[-4]
    game.choices.script(ChoiceKind.MAY, True, player="A")
    land = game.play_land("A", pool)
    expect.equal((land.zone, land.tapped), (Zone.BATTLEFIELD, False), "繁殖池はアンタップ状態で戦場に出た")
    expect.equal(game.players["A"].life, 20, "ライフを支払う代わりにカードが追放された：ライフは20点のまま")
    exiled = {o.card.front.name for o in game.in_zone(Zone.EXILE, "A")}
    expect.equal(exiled, {"Test Library Card"}, "追放されたのは繁殖池の下のテスト用カード")
    expect.equal(len(game.in_zone(Zone.EXILE, "A")), 2, "2枚が追放された")
    expect.equal(game.players["A"].library[-1], below, "ライブラリーの一番上は、その次にあったカード")
    expect.that(first.id not in game.players["A"].library and second.id not in game.players["A"].library,
                "テスト用カード2枚はもうライブラリーにない")
