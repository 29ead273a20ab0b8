"""The general rules of keyword abilities (702.1a-702.1c) and the CR's examples of them: a keyword's
cost, a variable an effect defines for a keyword it grants, and keywords granted "the same is
true for"; and the examples of exhaust's permission (702.177b) and station (702.184c)."""

from __future__ import annotations

from functools import partial

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    at_beginning_of,
    card,
    cards_in,
    creatures,
    gain,
    keyword_variables,
    keywords_new,
    keywords_new_casting,
    this_object,
    where,
)
from kb.engine.conditions import Condition, Number
from kb.engine.context import Context, Seeable
from kb.engine.keywords import Keyword
from kb.engine.parts import GainAbilities, Layer, LayerPart, Op
from kb.engine.rules import ExhaustAgain, StationsUsing

# -- 702.1a: a keyword's cost ------------------------------------------------------------------------------


def _scavenge_at_its_mana_cost(context: Context, state: Seeable) -> Op:
    printed = context.game.objects[state.id].printed.mana_cost  # a card in a graveyard: its own mana cost
    return GainAbilities((Keyword("scavenge", str(printed or "{0}")),))


VAROLZ = real("縞痕のヴァロルズ", card(
    "Varolz, the Scar-Striped", "{1}{B}{G}", "Legendary Creature — Troll Warrior", 2, 2, StaticAbility(
        "Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost.",
        (LayerPart(Layer.ABILITY, "has scavenge, its cost equal to its mana cost", _scavenge_at_its_mana_cost,
                   frozenset({"mana_cost"})),), cards_in(Zone.GRAVEYARD, "Creature", owner="you"))))
"""縞痕のヴァロルズ: each creature card in your graveyard has scavenge at its mana cost (its regeneration
ability is left out: no check here needs it)."""


@check("702.1a@20260116.0@34f624df", "702.97a@20260116.0@f6cc13b9", example="702.1a#1@e55a36ba")
def varolz_gives_scavenge_at_the_cards_mana_cost(expect: Expect) -> None:
    """状況: Aは《縞痕のヴァロルズ》（2/2。あなたの墓地の各クリーチャー・カードは、そのマナ・コストに等しい活用コストの活用を
    持つ）をコントロールし、Aの墓地に《丘巨人》（{3}{R}、3/3）と《灰色熊》（{1}{G}、2/2）がある。Aのメイン・フェイズ。
    行動: Aが丘巨人の活用能力を、ヴァロルズを対象にして起動する。マナ・プールには{2}{R}しかない。そのあと{3}{R}にして
    起動する。
    結果: 活用コストは丘巨人のマナ・コストの{3}{R}、灰色熊のものは{1}{G}。起動コストは活用コストの{3}{R}に加えて「墓地から
    このカードを追放する」なので、{2}{R}では起動できず、{3}{R}で起動すると丘巨人は追放され、ヴァロルズに+1/+1カウンターが
    3個置かれる。"""
    game = Game(["A", "B"])
    varolz = game.place(VAROLZ)
    giant = game.place(cards.HILL_GIANT, Zone.GRAVEYARD)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD)
    texts = [[str(k) for k in game.view(c).keywords("scavenge")] for c in (giant, bears)]
    expect.equal(texts, [["scavenge {3}{R}"], ["scavenge {1}{G}"]], "活用コストはそれぞれのマナ・コスト")
    give_mana(game, "A", "{2}{R}")
    expect.refused(lambda: game.activate("A", giant, targets=[varolz]), "{2}{R}では起動できない")
    game.add_mana("A", "{C}")
    game.activate("A", giant, targets=[varolz])
    expect.equal(game.current(giant).zone, Zone.EXILE, "起動コストとして丘巨人は墓地から追放された")
    game.resolve_stack()
    expect.equal(varolz.counter("+1/+1"), 3, "ヴァロルズに+1/+1カウンターが3個置かれた")


# -- 702.1b: variables of granted keywords ---------------------------------------------------------------


def _your_life(context: Context) -> int:
    return context.game.players[context.player("you")].life


VOLCANO_HELLION = real("火山の乱暴者", card(
    "Volcano Hellion", "{2}{R}{R}", "Creature — Hellion", 6, 5, StaticAbility(
        "This creature has echo {X}, where X is your life total.",
        (gain(Keyword("echo", "{X}", x=Number("your life total", _your_life))),), this_object())))
"""火山の乱暴者: it has echo {X}, X being your life total (its enters trigger, damage of your choice to
you and a target creature, is left out: no check here needs it)."""


@check("702.1b@20260116.0@f718399f", "702.30a@20260116.0@584b2129",
       example="702.1b#1@f9783c08")
def volcano_hellions_echo_is_the_life_total_as_it_resolves(expect: Expect) -> None:
    """状況: Aは前のターンに《火山の乱暴者》（「このクリーチャーはエコー{X}を持つ。Xはあなたのライフの総量に等しい」）を唱えて
    戦場に出した。その後Aのライフは10点になった。
    行動: Aのアップキープにエコーの能力が誘発する。それが解決する前にAは5点のライフを失う。Aはマナ・プールの{5}でエコーを
    支払う。
    結果: Xは常に計算し直されるので、支払うエコー・コストは誘発時の{10}ではなく解決時の{5}。Aは{5}を支払い、乱暴者は戦場に
    残る。"""
    game = Game(["A", "B"], library=6)
    cast(game, "A", VOLCANO_HELLION)
    [hellion] = game.creatures("A")
    game.players["A"].life = 10
    game.advance_to(Step.UPKEEP, "A")
    expect.equal([item.text for item in game.stack], ["Echo {X}"], "Aのアップキープにエコーが誘発した")
    game.lose_life("A", 5)
    game.add_mana("A", "{C}{C}{C}{C}{C}")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.resolve_stack()
    prompts = [c.prompt for c, _ in game.choices.asked if c.kind is ChoiceKind.PAY]
    expect.equal(prompts, ["pay {5} for echo"], "支払うエコー・コストは解決時のライフの{5}")
    expect.that(hellion.id in game.objects and game.players["A"].mana.total == 0,
                "Aは{5}を支払い、乱暴者は戦場に残った")


# -- 702.184c: stationing with another characteristic -------------------------------------------------------

STARSHIP = card("Test Starship", "{2}", "Artifact — Spacecraft", "station")
"""Test: a Spacecraft with station (its charge-counter thresholds are left out)."""

TAPESTRY_WARDEN = card("Test Tapestry Warden", "{3}{W}", "Artifact Creature — Robot", 3, 4, StaticAbility(
    "Each creature you control with toughness greater than its power stations permanents using its toughness rather "
    "than its power.", rules=(StationsUsing(creatures(controller="you") & where(
        "toughness greater than its power", lambda c, o: (o.toughness or 0) > (o.power or 0),
        ("power", "toughness"))),)))
"""Test: an artifact creature standing in for Tapestry Warden (no official Japanese name in the card
list), "Each creature you control with toughness greater than its power stations permanents using its
toughness rather than its power"."""


WALL_OF_THREADS = card("Test Thread Wall", "{1}{W}", "Creature — Wall", 1, 3)
"""Test: a 1/3 creature."""


@check("702.184c@20260116.0@b9e22083", "702.184a@20260116.0@49e92a09", example="702.184c#1@e0ad2581")
def a_warden_has_creatures_station_with_toughness(expect: Expect) -> None:
    """状況: Aは配備を持つテスト用の宇宙船と、タペストリーの守護機にあたるテスト用のアーティファクト・クリーチャー（「あなたが
    コントロールしていてタフネスがパワーよりも大きい各クリーチャーは、パワーではなくタフネスを用いてパーマネントを配備する」）、
    1/3のテスト用のクリーチャーをコントロールしている。
    行動: Aのメイン・フェイズに、1/3のクリーチャーをタップして宇宙船を配備する。別のゲームでは、守護機なしで同じことをする。
    結果: 守護機があればそのクリーチャーはタフネスを用い、宇宙船に蓄積カウンターが3個置かれる。守護機がなければパワーの1個。"""
    for warden, expected in ((True, 3), (False, 1)):
        game = Game(["A", "B"])
        ship = game.place(STARSHIP)
        if warden:
            game.place(TAPESTRY_WARDEN)
        wall = game.place(WALL_OF_THREADS)
        game.choices.script(ChoiceKind.OBJECT, wall, player="A")
        game.activate("A", ship)
        game.resolve_stack()
        expect.equal(ship.counter("charge"), expected,
                     "守護機があればタフネスの3個" if warden else "守護機がなければパワーの1個")


# -- 702.1c: "the same is true for" -------------------------------------------------------------------------

SHARED_KEYWORDS = ("flying", "fear", "first strike", "double strike", "landwalk", "protection", "trample", "vigilance")
"""The keywords 一枚岩の努力 shares, in the order it lists them."""


def _concerted_effort(resolution: Resolution) -> None:
    game, you = resolution.game, resolution.controller
    yours = game.creatures(you)
    views = [game.view(c) for c in yours]
    shared = [k for name in SHARED_KEYWORDS for k in keyword_variables.variants_among(views, name)]
    if shared and yours:
        resolution.create_effect("creatures you control gain the keywords one of them has", [gain(*shared)],
                                 [c.id for c in yours], UntilEndOfTurn())


CONCERTED_EFFORT = real("一枚岩の努力", card("Concerted Effort", "{2}{W}{W}", "Enchantment", TriggeredAbility(
    "At the beginning of each upkeep, creatures you control gain flying until end of turn if a creature you control "
    "has flying. The same is true for fear, first strike, double strike, landwalk, protection, trample, and "
    "vigilance.", at_beginning_of(Step.UPKEEP, "each"), _concerted_effort)))
"""一枚岩の努力: at each upkeep, your creatures share flying, fear, first strike, double strike, every
landwalk, every protection, trample and vigilance among them until end of turn."""

FOREST_STALKER = card("Test Forest Stalker", "{1}{G}", "Creature — Elf", 2, 1, "forestwalk")
"""Test: a 2/1 creature with forestwalk."""
SWAMP_STALKER = card("Test Swamp Stalker", "{1}{B}", "Creature — Zombie", 2, 1, "swampwalk")
"""Test: a 2/1 creature with swampwalk."""
RED_WARD_KNIGHT = card("Test Red Ward Knight", "{W}{W}", "Creature — Knight", 2, 2, "protection from red")
"""Test: a 2/2 creature with protection from red."""
BLACK_WARD_KNIGHT = card("Test Black Ward Knight", "{W}{W}", "Creature — Knight", 2, 2, "protection from black")
"""Test: a 2/2 creature with protection from black."""


@check("702.1c@20260116.0@b924e933", example="702.1c#1@80f67527")
def concerted_effort_shares_every_landwalk_and_protection(expect: Expect) -> None:
    """状況: Aは《一枚岩の努力》と、森渡りを持つテスト用クリーチャー、沼渡りを持つテスト用クリーチャー、プロテクション（赤）を
    持つテスト用クリーチャー、プロテクション（黒）を持つテスト用クリーチャー、《灰色熊》をコントロールしている。飛行や先制攻撃を
    持つクリーチャーはいない。
    行動: Bのアップキープに一枚岩の努力の能力が誘発し、解決する。
    結果: 土地渡りとプロテクションはそれぞれの種類がすべて与えられ、Aの各クリーチャーはターン終了時まで森渡り、沼渡り、
    プロテクション（赤）、プロテクション（黒）を持つ。誰も持っていない飛行や先制攻撃は得ない。"""
    game = Game(["A", "B"])
    game.place(CONCERTED_EFFORT)
    creatures_ = [game.place(c) for c in (FOREST_STALKER, SWAMP_STALKER, RED_WARD_KNIGHT, BLACK_WARD_KNIGHT,
                                          cards.GRIZZLY_BEARS)]
    game.advance_to(Step.UPKEEP, "B")
    game.resolve_stack()
    wanted = {"forestwalk", "swampwalk", "protection from red", "protection from black"}
    expect.that(all(wanted <= {str(a) for a in game.view(c).abilities} for c in creatures_),
                "Aの各クリーチャーは森渡り、沼渡り、プロテクション（赤）、プロテクション（黒）をすべて持つ")
    expect.that(not any(game.view(c).has("flying") or game.view(c).has("first strike") for c in creatures_),
                "誰も持っていない飛行や先制攻撃は得ない")


# -- 702.177b: "as long as you haven't activated an exhaust ability this turn" -------------------------------


def _counter_on_this(resolution: Resolution) -> None:
    if resolution.source_id in resolution.game.objects:
        resolution.game.put_counters(resolution.source_id, "+1/+1")


def _no_exhaust_begun_in_your_turn(context: Context) -> bool:
    game, you = context.game, context.player("you")
    return game.active == you and not keywords_new_casting.activated_exhaust_this_turn(game, you)


REFUELER = card("Test Refueler", "{G}", "Creature — Elf Druid", 1, 1,
                keywords_new.exhaust("{1}", "Put a +1/+1 counter on this creature.", _counter_on_this),
                StaticAbility("During your turn, as long as you haven't activated an exhaust ability this turn, you may "
                              "activate exhaust abilities as though they haven't been activated.",
                              rules=(ExhaustAgain(),),
                              condition=Condition("your turn, no exhaust ability begun this turn",
                                                  _no_exhaust_begun_in_your_turn)))
"""Test: a creature standing in for Elvish Refueler (no official Japanese name in the card list):
"Exhaust — {1}: Put a +1/+1 counter on this creature" and "During your turn, as long as you haven't
activated an exhaust ability this turn, you may activate exhaust abilities as though they haven't been
activated"."""

PATHFINDER = card("Test Pathfinder", "{1}", "Artifact", keywords_new.exhaust("{T}", "Add {C}.", None, mana="{C}"))
"""Test: an artifact standing in for Loot, the Pathfinder, with an exhaust mana ability, "Exhaust —
{T}: Add {C}"."""


@check("702.177b@20260116.0@3a410ca3", "702.177a@20260116.0@3fc59cc6", "602.2b@20260116.0@cf7b7a79",
       example="702.177b#1@502a1dad")
def no_exhaust_mana_ability_while_another_exhaust_is_begun(expect: Expect) -> None:
    """状況: Aはエルフの補給者にあたるテスト用のクリーチャー（「消尽 ― {1}：このクリーチャーの上に+1/+1カウンターを1個置く」と
    「あなたのターンの間、このターンにあなたが消尽能力を起動していないかぎり、あなたは消尽能力をまだ起動していないかのように
    起動してもよい」）と、開拓者、おたからにあたるテスト用のアーティファクト（マナ能力である「消尽 ― {T}：{C}を加える」）を
    コントロールしている。Aは前のターンに両方の消尽能力を起動した。
    行動: Aの次のターンに、アーティファクトのマナ能力で支払おうとしてクリーチャーの消尽能力を起動する。そのあと、マナ・プールの
    {1}で支払って起動する。別のゲームでは、同じターンにアーティファクトのマナ能力だけを起動する。
    結果: クリーチャーの消尽能力の起動を始めた時点で、このターンに消尽能力を起動し始めているので、アーティファクトの消尽能力は
    まだ起動していないかのように起動することはできず、その起動はできない。マナ・プールの{1}で支払えば、許可によってクリーチャー
    の消尽能力はもう一度起動できる。別のゲームでは、何も起動し始めていないのでアーティファクトのマナ能力を起動できる。"""
    for only_the_mana_ability in (False, True):
        game = Game(["A", "B"], library=6)
        refueler = game.place(REFUELER)
        pathfinder = game.place(PATHFINDER)
        game.activate("A", pathfinder)
        game.activate("A", refueler)
        game.resolve_stack()
        game.next_turn("A")
        if only_the_mana_ability:
            game.activate("A", pathfinder)
            expect.equal(game.players["A"].mana.total, 1, "何も起動し始めていなければ、アーティファクトのマナ能力は起動できる")
            continue
        expect.refused(partial(game.activate, "A", refueler, pay_with=[pathfinder]),
                       "クリーチャーの消尽能力の起動中に、アーティファクトの消尽マナ能力は起動できない")
        expect.that(not pathfinder.tapped and not game.stack, "起動しようとする前の状態に戻った")
        game.add_mana("A", "{C}")
        game.activate("A", refueler)
        game.resolve_stack()
        expect.equal(refueler.counter("+1/+1"), 2, "マナ・プールの{1}で支払えば、許可によってもう一度起動できた")
