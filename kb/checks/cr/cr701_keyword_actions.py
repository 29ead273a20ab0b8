"""Keyword actions (701): scry, surveil, fight, double, investigate, proliferate, monstrosity,
bolster, adapt, amass, explore and connive, performed by real cards' spells and abilities through
:mod:`kb.engine.keyword_actions`."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, library_top_first
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    TargetSpec,
    TriggeredAbility,
    View,
    Zone,
    artifacts,
    card,
    cards_in,
    cost,
    creatures,
    enters,
    instructions,
    keyword_actions,
    permanents,
    put_into_graveyard_from_anywhere,
    regeneration,
    target,
    target_creature,
    target_player,
    target_spell,
    this_object,
    token,
)
from kb.engine.events import DamageDealt
from kb.engine.mana import Color
from kb.engine.triggers import TriggerContext, on_event


def _draw(r: Resolution, count: int = 1) -> None:
    r.game.draw(r.controller, count)


def _source(r: Resolution) -> int:
    assert r.source_id is not None
    return r.source_id


def _opt(r: Resolution) -> None:
    keyword_actions.scry(r.game, r.controller, 1)
    _draw(r)


def _sabotage(r: Resolution) -> None:
    for spell in r.objects(0):
        r.game.counter(spell)
    keyword_actions.surveil(r.game, r.controller, 1)


def _unleash(r: Resolution) -> None:
    for creature in r.objects(0):
        keyword_actions.double_power(r.game, creature, r.source_id, r.controller)


def _steady(r: Resolution) -> None:
    keyword_actions.proliferate(r.game, r.controller)
    _draw(r)


def _honor(r: Resolution) -> None:
    r.game.gain_life(r.controller, 4)
    keyword_actions.bolster(r.game, r.controller, 2)


OPT = real("選択", card("Opt", "{U}", "Instant", spell=SpellAbility(
    "Scry 1. Draw a card.", _opt)))

SINISTER_SABOTAGE = real("悪意ある妨害", card("Sinister Sabotage", "{1}{U}{U}", "Instant", spell=SpellAbility(
    "Counter target spell. Surveil 1.",
    _sabotage, (target_spell(),))))
"""悪意ある妨害; only its surveil is used here (it counters a spell, shown by 701.6's checks)."""


def _surveilled(t: TriggerContext) -> int:
    return int(isinstance(t.event, keyword_actions.Surveilled) and t.event.player == t.source.controller)


def _counter_on_this(r: Resolution) -> None:
    r.game.put_counters(_source(r), "+1/+1")


THOUGHTBOUND_PHANTASM = real("思考繋ぎの幻", card(
    "Thoughtbound Phantasm", "{U}", "Creature — Spirit", 2, 2, "defender",
    TriggeredAbility("Whenever you surveil, put a +1/+1 counter on Thoughtbound Phantasm.",
                     on_event("you surveil", (keyword_actions.Surveilled,), _surveilled), _counter_on_this)))
"""思考繋ぎの幻; its ability to attack with three counters is left out."""

PREY_UPON = real("捕食", card("Prey Upon", "{G}", "Sorcery", spell=SpellAbility(
    "Target creature you control fights target creature an opponent controls.",
    lambda r: keyword_actions.fight(r.game, *(r.objects(0) + r.objects(1))) if r.objects(0) and r.objects(1)
    else None,
    (target_creature(controller="you"), target_creature(controller="opponent")))))

UNLEASH_FURY = real("憤激解放", card("Unleash Fury", "{1}{R}", "Instant", spell=SpellAbility(
    "Double the power of target creature until end of turn.",
    _unleash, (target_creature(),))))

BEACON_OF_IMMORTALITY = real("不死の標", card("Beacon of Immortality", "{5}{W}", "Instant", spell=SpellAbility(
    "Double your life total. (Its shuffle into the library is left out.)",
    lambda r: keyword_actions.double_life(r.game, r.controller))))
"""不死の標; it targets a player and shuffles itself into its owner's library: here it doubles its caster's life."""

THRABEN_INSPECTOR = real("スレイベンの検査官", card(
    "Thraben Inspector", "{W}", "Creature — Human Soldier", 1, 2,
    TriggeredAbility("When Thraben Inspector enters, investigate.", enters(),
                     lambda r: keyword_actions.investigate(r.game, r.controller))))

STEADY_PROGRESS = real("着実な進歩", card("Steady Progress", "{2}{U}", "Sorcery", spell=SpellAbility(
    "Proliferate. Draw a card.", _steady)))

NESSIAN_ASP = real("ネシアンのアスプ", card(
    "Nessian Asp", "{4}{G}", "Creature — Snake", 4, 5, "reach",
    ActivatedAbility("{6}{G}: Monstrosity 4.", cost("{6}{G}"),
                     lambda r: keyword_actions.monstrosity(r.game, _source(r), 4))))

HONORS_REWARD = real("名誉の報賞", card("Honor's Reward", "{2}{W}", "Instant", spell=SpellAbility(
    "You gain 4 life. Bolster 2.",
    _honor)))

GROWTH_CHAMBER_GUARDIAN = real("成長室の守護者", card(
    "Growth-Chamber Guardian", "{1}{G}", "Creature — Elf Crab Warrior", 2, 2,
    ActivatedAbility("{2}{G}: Adapt 2.", cost("{2}{G}"), lambda r: keyword_actions.adapt(r.game, _source(r), 2))))
"""成長室の守護者; its search trigger on +1/+1 counters is left out."""

LAZOTEP_REAVER = real("ラゾテプの肉裂き", card(
    "Lazotep Reaver", "{1}{B}", "Creature — Zombie Beast", 1, 1,
    TriggeredAbility("When Lazotep Reaver enters, amass Zombies 1.", enters(),
                     lambda r: keyword_actions.amass(r.game, r.controller, "Zombie", 1))))

MERFOLK_BRANCHWALKER = real("マーフォークの枝渡り", card(
    "Merfolk Branchwalker", "{1}{G}", "Creature — Merfolk Scout", 2, 1,
    TriggeredAbility("When Merfolk Branchwalker enters, it explores.", enters(),
                     lambda r: keyword_actions.explore(r.game, _source(r)))))

RAFFINES_INFORMANT = real("ラフィーンの密通者", card(
    "Raffine's Informant", "{1}{W}", "Creature — Human Wizard", 2, 1,
    TriggeredAbility("When Raffine's Informant enters, it connives.", enters(),
                     lambda r: keyword_actions.connive(r.game, _source(r)))))




@check("701.22a@20260116.0@29e4405c")
def scry_puts_cards_on_top_or_bottom(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上は《丘巨人》（Hill Giant）、その下に《灰色熊》がある。
    行動: Aが《選択》を唱え、占術1で丘巨人をライブラリーの一番下に置き、カードを1枚引く。
    結果: 丘巨人はライブラリーの一番下にあり、Aが引いたのは灰色熊である。"""
    game = Game(["A", "B"])
    giant, bears = library_top_first(game, "A", HILL_GIANT, GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECTS, [giant.id], player="A")
    cast(game, "A", OPT)
    library = game.players["A"].library
    expect.equal(library[0], giant.id, "占術で選んだ丘巨人はライブラリーの一番下にある")
    expect.that(bears.id not in library and any(c.card is GRIZZLY_BEARS for c in game.hand("A")),
                "次に引いたのは一番下に置かなかった灰色熊")


@check("701.25a@20260116.0@46fe78db")
def surveil_puts_cards_into_the_graveyard(expect: Expect) -> None:
    """状況: Bのターン。Aは《思考繋ぎの幻》をコントロールし、ライブラリーの一番上は《丘巨人》である。
    Bは《灰色熊》を唱えている。
    行動: Aが《悪意ある妨害》で灰色熊を打ち消し、諜報1で丘巨人を墓地に置く。
    結果: 丘巨人はAの墓地にあり、諜報の手順が終わった後に幻の能力が誘発して、幻に+1/+1カウンターが1個置かれる。"""
    game = Game(["B", "A"])
    phantasm = game.place(THOUGHTBOUND_PHANTASM, player="A")
    [giant] = library_top_first(game, "A", HILL_GIANT)
    bears = cast(game, "B", GRIZZLY_BEARS, resolve=False)
    game.choices.script(ChoiceKind.OBJECTS, [giant.id], player="A")
    cast(game, "A", SINISTER_SABOTAGE, [bears])
    expect.that(any(c.card is GRIZZLY_BEARS for c in game.graveyard("B")), "灰色熊は打ち消された")
    expect.that(any(c.card is HILL_GIANT for c in game.graveyard("A")), "諜報で選んだ丘巨人は墓地にある")
    expect.equal(game.view(phantasm).counters.get("+1/+1", 0), 1, "諜報したので幻に+1/+1カウンターが1個置かれた")


@check("701.25c@20260116.0@91824c46", "701.22b@20260116.0@dedd07ca", "701.25a@20260116.0@46fe78db")
def surveil_zero_is_no_surveil(expect: Expect) -> None:
    """状況: Aは《思考繋ぎの幻》をコントロールしている。
    行動: Aが諜報1を行い、次に諜報0を行い、占術0を行う。
    結果: 諜報1では幻の能力が誘発して+1/+1カウンターが置かれるが、諜報0と占術0は何のイベントでもなく、何も誘発しない。"""
    game = Game(["A", "B"])
    phantasm = game.place(THOUGHTBOUND_PHANTASM, player="A")
    game.choices.script(ChoiceKind.OBJECTS, [], player="A")
    keyword_actions.surveil(game, "A", 1)
    game.resolve_stack()
    expect.equal(game.view(phantasm).counters.get("+1/+1", 0), 1, "諜報1では誘発した")
    keyword_actions.surveil(game, "A", 0)
    keyword_actions.scry(game, "A", 0)
    game.resolve_stack()
    expect.equal(game.view(phantasm).counters.get("+1/+1", 0), 1, "諜報0では誘発しない")
    expect.equal(game.events(keyword_actions.Scried), [], "占術0は占術のイベントではない")


@check("701.14a@20260116.0@6af65be4", "701.14d@20260116.0@cedac3b5", "120.3@20260116.0@8a3727ed")
def fighting_creatures_deal_damage_to_each_other(expect: Expect) -> None:
    """状況: Aは《丘巨人》（3/3）を、Bは《灰色熊》（2/2）をコントロールしている。
    行動: Aが《捕食》で丘巨人と灰色熊を格闘させる。
    結果: 互いに自身のパワーに等しいダメージを与え、灰色熊は死亡し、丘巨人には2点のダメージが残る。
    そのダメージは戦闘ダメージではない。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    bears = game.place(GRIZZLY_BEARS, player="B")
    cast(game, "A", PREY_UPON, [giant, bears])
    expect.equal(game.view(giant).damage, 2, "丘巨人は灰色熊のパワーに等しい2点を受けた")
    expect.that(bears.id not in game.objects or game.objects[bears.id].zone is Zone.GRAVEYARD
                or any(c.card is GRIZZLY_BEARS for c in game.graveyard("B")), "灰色熊は3点を受けて死亡した")
    dealt = game.events(DamageDealt)
    expect.that(bool(dealt) and not any(e.combat for e in dealt), "格闘のダメージは戦闘ダメージではない")


@check("701.14b@20260116.0@4ba4928a", "701.14a@20260116.0@6af65be4")
def no_fight_when_one_is_gone(expect: Expect) -> None:
    """状況: Aは《丘巨人》を、Bは《灰色熊》をコントロールしている。効果がこの2体に格闘を行わせようとしている。
    行動: 格闘の前に灰色熊が戦場を離れる。その後、Bの別の《灰色熊》との格闘も行わせる。
    結果: 1回目は格闘が行われず、丘巨人はダメージを受けない。2回目は両方いるので2点を受ける。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    bears = game.place(GRIZZLY_BEARS, player="B")
    game.exile(bears)
    keyword_actions.fight(game, giant.id, bears.id)
    expect.equal(game.view(giant).damage, 0, "片方がいないので格闘は行われない")
    other = game.place(GRIZZLY_BEARS, player="B")
    keyword_actions.fight(game, giant.id, other.id)
    expect.equal(game.view(giant).damage, 2, "両方がいれば格闘してダメージを受ける")


@check("701.14c@20260116.0@1c649479")
def a_creature_fighting_itself(expect: Expect) -> None:
    """状況: Aは《丘巨人》（3/3）をコントロールしている。
    行動: 効果によって丘巨人が自身と格闘を行う。
    結果: それは自身にパワーの2倍の6点のダメージを与え、死亡する。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    keyword_actions.fight(game, giant.id, giant.id)
    expect.equal(sum(e.amount for e in game.events(DamageDealt)), 6, "自身に6点のダメージを与えた")
    game.refresh_priority()
    expect.that(any(c.card is HILL_GIANT for c in game.graveyard("A")), "6点を受けて死亡した")


@check("701.10b@20260116.0@21d3edf7", "701.10a@20260116.0@57c16fe3", "613.4c@20260116.0@d67b3be5")
def doubling_power_is_a_modification(expect: Expect) -> None:
    """状況: Aの《丘巨人》（3/3）は+1/+1の修整を受けて4/4である。
    行動: Aが《憤激解放》で丘巨人のパワーを2倍にし、その後、別の効果でそれが+2/+0の修整を受ける。
    結果: 2倍にする効果は解決時のパワー4による+4/+0の修整なので8/4になり（基本のパワーを8にする効果なら9になる）、
    その後の+2/+0で10/4になる（2倍が後から掛かり直して12になることはない）。"""
    from kb.engine import UntilEndOfTurn, modify_pt

    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    game.create_effect("+1/+1", [modify_pt(1, 1)], [giant], UntilEndOfTurn())
    cast(game, "A", UNLEASH_FURY, [giant])
    expect.equal(game.view(giant).pt, (8, 4), "パワーが2倍の8になった")
    game.create_effect("+2/+0", [modify_pt(2, 0)], [giant], UntilEndOfTurn())
    expect.equal(game.view(giant).pt, (10, 4), "2倍は+4/+0の修整なので、後の+2/+0を加えて10")


@check("701.10c@20260116.0@d1a5f664", "701.10b@20260116.0@21d3edf7")
def doubling_a_negative_power(expect: Expect) -> None:
    """状況: Aの《灰色熊》は-4/-0の修整を受けてパワーが-2である。
    行動: Aが《憤激解放》で灰色熊のパワーを2倍にする。
    結果: 灰色熊は-2/-0の修整を受けてパワーが-4になる。"""
    from kb.engine import UntilEndOfTurn, modify_pt

    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    game.create_effect("-4/-0", [modify_pt(-4, 0)], [bears], UntilEndOfTurn())
    cast(game, "A", UNLEASH_FURY, [bears])
    expect.equal(game.view(bears).pt, (-4, 2), "負のパワー-2を2倍にして-4")


@check("701.10d@20260116.0@bd8c1555")
def doubling_a_life_total(expect: Expect) -> None:
    """状況: Aのライフは7点である。
    行動: Aが《不死の標》で自分のライフの総量を2倍にする。
    結果: Aのライフは14点になり、それは7点のライフを得たことによる。"""
    from kb.engine import LifeChanged

    game = Game(["A", "B"])
    game.players["A"].life = 7
    cast(game, "A", BEACON_OF_IMMORTALITY)
    expect.equal(game.players["A"].life, 14, "ライフが14点になった")
    expect.that(any(e.player == "A" and e.amount == 7 for e in game.events(LifeChanged)), "7点のライフを得た")


@check("701.10e@20260116.0@c389f06b")
def doubling_counters(expect: Expect) -> None:
    """状況: Aの《灰色熊》に+1/+1カウンターが3個置かれ、Bは毒カウンターを2個持っている。
    行動: 効果が灰色熊の+1/+1カウンターとBの毒カウンターの数を2倍にする。
    結果: 同数のカウンターが置かれ、灰色熊は+1/+1カウンター6個で8/8、Bの毒カウンターは4個になる。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A", counters={"+1/+1": 3})
    game.put_counters("B", "poison", 2)
    keyword_actions.double_counters(game, bears.id, "+1/+1")
    keyword_actions.double_counters(game, "B", "poison")
    expect.equal(game.view(bears).pt, (8, 8), "+1/+1カウンターが6個になった")
    expect.equal(game.players["B"].counters["poison"].count, 4, "毒カウンターが4個になった")


@check("701.16a@20260116.0@31cc56f1", "111.10f@20260116.0@a288a47a")
def investigate_creates_a_clue(expect: Expect) -> None:
    """状況: Aの手札に《スレイベンの検査官》がある。
    行動: Aが検査官を唱え、戦場に出たときの能力で調査を行う。
    結果: Aは手掛かり・トークン1つを生成する。それは「{2}, これを生け贄に捧げる: カードを1枚引く。」を持つ無色の
    手掛かり・アーティファクトである。"""
    game = Game(["A", "B"])
    cast(game, "A", THRABEN_INSPECTOR)
    clues = [o for o in game.battlefield("A") if "Clue" in game.view(o).subtypes]
    expect.equal(len(clues), 1, "手掛かり・トークンが1つ生成された")
    expect.that(bool(clues) and game.view(clues[0]).is_a("Artifact") and not game.view(clues[0]).colors,
                "それは無色のアーティファクト")


@check("701.34a@20260116.0@6edd2138")
def proliferate_adds_one_of_each_kind(expect: Expect) -> None:
    """状況: Aの《灰色熊》には+1/+1カウンター1個と羽カウンター1個、Bの《丘巨人》には+1/+1カウンター1個があり、
    Bは毒カウンターを1個持っている。
    行動: Aが《着実な進歩》で増殖を行い、灰色熊とBを選ぶ。
    結果: 灰色熊は各種類1個ずつ増えて+1/+1カウンター2個と羽カウンター2個、Bの毒カウンターは2個になる。
    選ばなかった丘巨人のカウンターは1個のままである。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A", counters={"+1/+1": 1, "feather": 1})
    giant = game.place(HILL_GIANT, player="B", counters={"+1/+1": 1})
    game.put_counters("B", "poison", 1)
    game.choices.script(ChoiceKind.OBJECTS, [bears.id, "B"], player="A")
    cast(game, "A", STEADY_PROGRESS)
    expect.equal(dict(game.view(bears).counters), {"+1/+1": 2, "feather": 2}, "灰色熊の各種類のカウンターが1個ずつ増えた")
    expect.equal(game.players["B"].counters["poison"].count, 2, "Bの毒カウンターが1個増えた")
    expect.equal(game.view(giant).counters.get("+1/+1", 0), 1, "選ばれなかったパーマネントは変わらない")


@check("701.37a@20260116.0@d28f39f4", "701.37b@20260116.0@17a1777f")
def monstrosity_only_once(expect: Expect) -> None:
    """状況: Aは《ネシアンのアスプ》（4/5）をコントロールしている。
    行動: Aがアスプの怪物化4の能力を2回起動する。
    結果: 1回目で+1/+1カウンターが4個置かれて怪物的になり8/9になる。2回目はすでに怪物的なので何も起こらない。"""
    game = Game(["A", "B"])
    asp = game.place(NESSIAN_ASP, player="A")
    for _ in range(2):
        give_mana(game, "A", "{6}{G}")
        game.activate("A", asp)
        game.resolve_stack()
        if _ == 0:
            expect.equal(game.view(asp).pt, (8, 9), "1回目: カウンター4個で8/9")
            expect.that(keyword_actions.is_monstrous(game, asp.id), "アスプは怪物的になった")
    expect.equal(game.view(asp).pt, (8, 9), "2回目は怪物的なので何も起こらない")


@check("701.39a@20260116.0@46f9b6c6")
def bolster_picks_the_least_toughness(expect: Expect) -> None:
    """状況: Aは《灰色熊》（2/2）と《丘巨人》（3/3）をコントロールしている。
    行動: Aが《名誉の報賞》を唱え、4点のライフを得て鼓舞2を行う。
    結果: タフネスが最も小さい灰色熊に+1/+1カウンターが2個置かれ、4/4になる。丘巨人は選べない。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A")
    cast(game, "A", HONORS_REWARD)
    expect.equal(game.view(bears).pt, (4, 4), "灰色熊に+1/+1カウンター2個")
    expect.equal(game.view(giant).pt, (3, 3), "丘巨人には置かれない")
    expect.equal(game.players["A"].life, 24, "4点のライフを得た")


@check("701.46a@20260116.0@8fe5527d")
def adapt_only_without_counters(expect: Expect) -> None:
    """状況: Aは《成長室の守護者》（2/2）をコントロールしている。
    行動: Aが順応2の能力を2回起動する。
    結果: 1回目で+1/+1カウンターが2個置かれて4/4になる。2回目は+1/+1カウンターがあるので何も置かれない。"""
    game = Game(["A", "B"])
    guardian = game.place(GROWTH_CHAMBER_GUARDIAN, player="A")
    for expected in ((4, 4), (4, 4)):
        give_mana(game, "A", "{2}{G}")
        game.activate("A", guardian)
        game.resolve_stack()
        expect.equal(game.view(guardian).pt, expected, f"順応の後 {expected}")


@check("701.47a@20260116.0@55033568", "701.47c@20260116.0@83e1fccd")
def amass_creates_or_grows_an_army(expect: Expect) -> None:
    """状況: Aは軍団をコントロールしていない。
    行動: Aが《ラゾテプの肉裂き》を2体続けて唱え、それぞれ戦場に出たときにゾンビ動員1を行う。
    結果: 1回目は黒の0/0のゾンビ・軍団・クリーチャー・トークンが生成され、+1/+1カウンター1個で1/1になる。
    2回目は新たに生成せず、同じ軍団にカウンターが置かれて2/2になる。どちらも動員したことになる。"""
    game = Game(["A", "B"])
    cast(game, "A", LAZOTEP_REAVER)
    armies = [o for o in game.battlefield("A") if "Army" in game.view(o).subtypes]
    expect.equal(len(armies), 1, "軍団・トークンが1体生成された")
    army = armies[0]
    expect.equal((game.view(army).pt, sorted(game.view(army).subtypes), set(game.view(army).colors)),
                 ((1, 1), ["Army", "Zombie"], {Color.BLACK}), "黒のゾンビ・軍団で、カウンター1個により1/1")
    cast(game, "A", LAZOTEP_REAVER)
    armies = [o for o in game.battlefield("A") if "Army" in game.view(o).subtypes]
    expect.equal((len(armies), game.view(army).pt), (1, (2, 2)), "2回目は同じ軍団が2/2になる")
    expect.equal([e.army for e in game.events(keyword_actions.Amassed)], [army.id, army.id],
                 "どちらも選ばれた軍団で動員した")


@check("701.44a@20260116.0@80e9eac4")
def explore_a_land_or_a_counter(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上は《森》、その下は《丘巨人》である。
    行動: Aが《マーフォークの枝渡り》を2体唱え、それぞれ探検を行う。2回目は丘巨人を墓地に置くことを選ぶ。
    結果: 1回目は土地が公開されたので森がAの手札に加わり、枝渡りにカウンターは置かれない。2回目は土地でないので
    その枝渡りに+1/+1カウンターが置かれて3/2になり、丘巨人は墓地に置かれる。"""
    from kb.engine import FOREST

    game = Game(["A", "B"])
    library_top_first(game, "A", FOREST, HILL_GIANT)
    cast(game, "A", MERFOLK_BRANCHWALKER)
    first = [o for o in game.battlefield("A") if o.card is MERFOLK_BRANCHWALKER]
    expect.that(any(c.card is FOREST for c in game.hand("A")), "公開された森は手札に加わった")
    expect.equal(game.view(first[0]).pt, (2, 1), "土地なのでカウンターは置かれない")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", MERFOLK_BRANCHWALKER)
    second = [o for o in game.battlefield("A") if o.card is MERFOLK_BRANCHWALKER and o.id != first[0].id]
    expect.equal(game.view(second[0]).pt, (3, 2), "土地でないのでカウンターが置かれた")
    expect.that(any(c.card is HILL_GIANT for c in game.graveyard("A")), "丘巨人は墓地に置かれた")


@check("701.44b@20260116.0@3353d9e8")
def exploring_with_an_empty_library(expect: Expect) -> None:
    """状況: Aのライブラリーは空である。
    行動: 《マーフォークの枝渡り》が戦場に出て探検を行う。
    結果: 公開するカードがなくても手順は完了し、枝渡りは探検したことになる（探検のイベントが起きる）。"""
    game = Game(["A", "B"], library=0)
    cast(game, "A", MERFOLK_BRANCHWALKER)
    explored = game.events(keyword_actions.Explored)
    expect.equal([e.player for e in explored], ["A"], "Aのコントロールする枝渡りが探検した")


@check("701.50a@20260116.0@57a446da")
def connive_draws_discards_and_counts_nonland(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上は《丘巨人》、その下は《森》である。
    行動: Aが《ラフィーンの密通者》を唱え、謀議で丘巨人を引いて捨てる。次にもう1体唱え、森を引いて捨てる。
    結果: 1体目は土地でないカードを捨てたので+1/+1カウンター1個で3/2になり、2体目は土地を捨てたので2/1のままである。
    どちらも謀議したことになる。"""
    from kb.engine import FOREST

    game = Game(["A", "B"])
    library_top_first(game, "A", HILL_GIANT, FOREST)
    cast(game, "A", RAFFINES_INFORMANT)
    first = next(o for o in game.battlefield("A") if o.card is RAFFINES_INFORMANT)
    expect.equal(game.view(first).pt, (3, 2), "土地でないカードを捨てたのでカウンター1個")
    cast(game, "A", RAFFINES_INFORMANT)
    second = next(o for o in game.battlefield("A") if o.card is RAFFINES_INFORMANT and o.id != first.id)
    expect.equal(game.view(second).pt, (2, 1), "土地を捨てたのでカウンターはない")
    expect.equal(len(game.events(keyword_actions.Connived)), 2, "どちらも謀議した")


def _switch(r: Resolution) -> None:
    chosen = [t for t in r.item.targets[0] if isinstance(t, int)] if r.item.targets else []
    if len(chosen) == 2:
        keyword_actions.exchange_control(r.game, chosen[0], chosen[1], r.source_id, r.controller)


def _detain(r: Resolution) -> None:
    for chosen in r.objects(0):
        keyword_actions.detain(r.game, chosen, r.controller, r.source_id)


def _scour(r: Resolution) -> None:
    for player in r.targets(0):
        if isinstance(player, str):
            instructions.mill(r.game, player, 2)
    _draw(r)


SWITCHEROO = real("どんでん返し", card("Switcheroo", "{4}{U}", "Sorcery", spell=SpellAbility(
    "Exchange control of two target creatures.", _switch,
    (TargetSpec("two target creatures", creatures(), count=2),))))

LYEV_SKYKNIGHT = real("リーヴの空騎士", card(
    "Lyev Skyknight", "{1}{W}{U}", "Creature — Human Knight", 3, 1, "flying",
    TriggeredAbility("When Lyev Skyknight enters, detain target nonland permanent an opponent controls.", enters(),
                     _detain,
                     (target(permanents(controller="opponent", not_types=["Land"]),
                             "target nonland permanent an opponent controls"),))))

def _populate(r: Resolution) -> None:
    keyword_actions.populate(r.game, r.controller)


WAKE_THE_REFLECTIONS = real("反射起こし", card("Wake the Reflections", "{W}", "Sorcery", spell=SpellAbility(
    "Populate.", _populate)))

THOUGHT_SCOUR = real("思考掃き", card("Thought Scour", "{U}", "Instant", spell=SpellAbility(
    "Target player mills two cards. Draw a card.",
    _scour,
    (target_player(),))))

def _regenerate_this(r: Resolution) -> None:
    regeneration.regenerate(r.game, _source(r), source=r.source_id, controller=r.controller)


RIVER_BOA = real("リバー・ボア", card(
    "River Boa", "{1}{G}", "Creature — Snake", 2, 1, "islandwalk",
    ActivatedAbility("{G}: Regenerate River Boa.", cost("{G}"),
                     _regenerate_this)))

SOLDIER_TOKEN = token(None, "Creature — Soldier", 1, 1, colors="W")
ACTIVATED_ROCK = card("Test Rock", "{1}", "Artifact", ActivatedAbility(
    "{0}: You gain 1 life.", cost("{0}"), lambda r: r.game.gain_life(r.controller, 1)))


@check("701.12a@20260116.0@788258ac", "701.12b@20260116.0@632feff6", example="701.12a#1@1ae6f56d")
def no_half_exchange_of_control(expect: Expect) -> None:
    """状況: Aは《灰色熊》を、Bは《丘巨人》をコントロールしている。
    行動: Aが《どんでん返し》で2体を対象にするが、解決前に丘巨人が破壊される。次に、Bの新たな《丘巨人》と灰色熊を対象にもう一度唱える。
    結果: 1回目は交換の全体ができないので、灰色熊のコントロールも移らない。2回目はAが丘巨人を、Bが灰色熊を同時にコントロールする。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="B")
    cast(game, "A", SWITCHEROO, [[bears, giant]], resolve=False)
    game.destroy(giant)
    game.resolve_stack()
    expect.equal(game.view(bears).controller, "A", "片方が破壊されたので灰色熊のコントロールは移らない")
    other = game.place(HILL_GIANT, player="B")
    cast(game, "A", SWITCHEROO, [[bears, other]])
    expect.equal((game.view(bears).controller, game.view(other).controller), ("B", "A"), "コントロールが交換された")


@check("701.12b@20260116.0@632feff6")
def exchanging_control_with_oneself(expect: Expect) -> None:
    """状況: Aは《灰色熊》と《丘巨人》をコントロールしている。
    行動: Aが《どんでん返し》でその2体を対象にする（比較: Bの丘巨人となら交換される）。
    結果: 同じプレイヤーがコントロールしているので、交換は何もせず、2体ともAのままで、何の効果も生成されない。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A")
    before = len(game.effects)
    cast(game, "A", SWITCHEROO, [[bears, giant]])
    expect.equal((game.view(bears).controller, game.view(giant).controller, len(game.effects)), ("A", "A", before),
                 "同一のコントローラーなので交換は何もしない")


@check("701.12c@20260116.0@7128e8f2", "119.3@20260116.0@56820e5d")
def exchanging_life_totals_gains_and_loses(expect: Expect) -> None:
    """状況: Aのライフは5点、Bのライフは18点である。
    行動: 効果によってAとBがライフの総量を交換する。
    結果: Aは13点のライフを得て18点に、Bは13点のライフを失って5点になる。"""
    from kb.engine import LifeChanged

    game = Game(["A", "B"])
    game.players["A"].life, game.players["B"].life = 5, 18
    keyword_actions.exchange_life_totals(game, "A", "B")
    expect.equal((game.players["A"].life, game.players["B"].life), (18, 5), "ライフの総量が入れ替わった")
    expect.equal(sorted((e.player, e.amount) for e in game.events(LifeChanged)), [("A", 13), ("B", -13)],
                 "それぞれ差分の13点を得た・失った")


@check("701.35a@20260116.0@98388bba", "508.1@20260116.0@827af846", "602.5@20260116.0@ba78d4dd")
def detained_until_your_next_turn(expect: Expect) -> None:
    """状況: Bは《灰色熊》とテスト用のアーティファクト（「{0}: あなたは1点のライフを得る。」）をコントロールしている。
    行動: Aの《リーヴの空騎士》が戦場に出て灰色熊を、次のもう1体の空騎士がアーティファクトを留置する。Bのターンになる。
    結果: Bのターンの間、灰色熊は攻撃できず、アーティファクトの能力は起動できない。Aの次のターンが始まると留置は終わり、
    能力を起動できる。"""
    from kb.engine import Step

    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="B")
    rock = game.place(ACTIVATED_ROCK, player="B")
    for detained in (bears, rock):
        game.choices.script(ChoiceKind.TARGETS, detained.id, player="A")
        cast(game, "A", LYEV_SKYKNIGHT)
    game.next_turn()
    expect.equal(game.priority, "B", "Bのターンのメイン・フェイズで、Bが優先権を持つ")
    expect.refused(lambda: game.activate("B", rock), "留置されたアーティファクトの能力は起動できない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([bears]), "留置された灰色熊は攻撃できない")
    game.next_turn()
    game.pass_priority_to("B")
    game.activate("B", rock)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 21, "Aの次のターンには留置が終わり、起動できる")


@check("701.36a@20260116.0@f7247bb2", "701.36b@20260116.0@cc533d44")
def populate_copies_a_creature_token(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールしているが、クリーチャー・トークンはコントロールしていない。
    行動: Aが《反射起こし》で居住を行う。次に、白の1/1の兵士・クリーチャー・トークンを生成してから、もう一度居住を行う。
    結果: 1回目はトークンを生成しない（灰色熊はトークンでないので選べない）。2回目は兵士・トークンのコピーであるトークンが
    1体生成され、兵士は2体になる。"""
    game = Game(["A", "B"])
    game.place(GRIZZLY_BEARS, player="A")
    cast(game, "A", WAKE_THE_REFLECTIONS)
    expect.equal([o for o in game.battlefield("A") if o.card.is_token], [], "クリーチャー・トークンがないので生成しない")
    game.create_token(SOLDIER_TOKEN, "A")
    cast(game, "A", WAKE_THE_REFLECTIONS)
    soldiers = [o for o in game.battlefield("A") if "Soldier" in game.view(o).subtypes]
    expect.equal([(game.view(o).pt, o.card.is_token) for o in soldiers], [((1, 1), True)] * 2,
                 "兵士・トークンのコピーのトークンが生成された")


@check("701.26a@20260116.0@2d90713d", "701.26b@20260116.0@5ef90033")
def only_untapped_permanents_become_tapped(expect: Expect) -> None:
    """状況: Aはアンタップ状態の《灰色熊》と、タップ状態の《丘巨人》をコントロールしている。
    行動: 効果が両方をタップし、次に両方をアンタップする。
    結果: タップされるのはアンタップ状態だった灰色熊だけである。その後、灰色熊をアンタップし、さらに両方をアンタップすると、
    アンタップされるのはそのときタップ状態だったものだけで、灰色熊と丘巨人それぞれ1回ずつである。"""
    from kb.engine.events import Tapped, Untapped

    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A", tapped=True)
    game.tap(bears, giant)
    expect.equal([e.object_id for e in game.events(Tapped)], [bears.id], "タップされたのはアンタップ状態だった灰色熊だけ")
    game.untap(bears)
    game.untap(bears, giant)
    expect.equal(sorted(e.object_id for e in game.events(Untapped)), sorted([bears.id, giant.id]),
                 "アンタップされたのはタップ状態だったものだけで、それぞれ1回")


@check("701.17b@20260116.0@e32faeb5", "701.17a@20260116.0@30e9c1ad")
def milling_more_than_the_library(expect: Expect) -> None:
    """状況: Bのライブラリーにはカードが1枚しかない。
    行動: Aが《思考掃き》でBを対象にし、Bはカード2枚を切削する。
    結果: Bは可能な限りの1枚を切削し、ライブラリーは空に、墓地にはそのカードがある。"""
    game = Game(["A", "B"], library=0)
    game.place(HILL_GIANT, Zone.LIBRARY, "B")
    game.place(GRIZZLY_BEARS, Zone.LIBRARY, "A")
    cast(game, "A", THOUGHT_SCOUR, ["B"])
    expect.equal((len(game.players["B"].library), [c.card for c in game.graveyard("B")]), (0, [HILL_GIANT]),
                 "ある分だけの1枚を切削した")


@check("701.8b@20260116.0@90da2461", "701.8c@20260116.0@140eb825", "701.19a@20260116.0@22d7a72d",
       "701.21a@20260116.0@c2f68f6e")
def sacrificing_is_not_destroying(expect: Expect) -> None:
    """状況: Aは《リバー・ボア》をコントロールし、その再生能力を起動して解決している。
    行動: 効果がリバー・ボアを破壊する。次に、もう一度再生してから、Aがリバー・ボアを生け贄に捧げる。
    結果: 破壊は再生に置換されてリバー・ボアは戦場に残りタップ状態になる。生け贄は破壊ではないので再生は適用されず、
    リバー・ボアは墓地に置かれる。"""
    game = Game(["A", "B"])
    boa = game.place(RIVER_BOA, player="A")
    for _ in range(2):
        give_mana(game, "A", "{G}")
        game.activate("A", boa)
        game.resolve_stack()
        if _ == 0:
            game.destroy(boa)
            expect.that(game.objects[boa.id].zone is Zone.BATTLEFIELD and game.view(boa).tapped,
                        "破壊は再生に置換され、戦場に残ってタップ状態になった")
            game.untap(boa)
    game.sacrifice("A", boa)
    expect.that(any(c.card is RIVER_BOA for c in game.graveyard("A")), "生け贄は破壊ではないので墓地に置かれた")


def _guile_shuffles(r: Resolution) -> None:
    event = r.event
    moved = getattr(event, "new_id", None)
    owner = r.game.last_known_view(moved).owner if isinstance(moved, int) else r.controller
    keyword_actions.shuffle_into_library(r.game, owner, [moved] if isinstance(moved, int) else [], Zone.GRAVEYARD)


GUILE = real("狡知", card(
    "Guile", "{3}{U}{U}{U}", "Creature — Elemental Incarnation", 6, 6,
    TriggeredAbility("When Guile is put into a graveyard from anywhere, shuffle it into its owner's library.",
                     put_into_graveyard_from_anywhere(this_object()), _guile_shuffles,
                     zones=frozenset({Zone.GRAVEYARD}))))
"""狡知; its blocking restriction and its ability about countering spells are left out."""


def _loaming(r: Resolution) -> None:
    for player in r.targets(0):
        if isinstance(player, str):
            keyword_actions.shuffle_into_library(r.game, player, list(r.objects(1)), Zone.GRAVEYARD)


LOAMING_SHAMAN = real("土覆いのシャーマン", card(
    "Loaming Shaman", "{2}{G}", "Creature — Centaur Shaman", 3, 2,
    TriggeredAbility("When Loaming Shaman enters, target player shuffles any number of target cards from their "
                     "graveyard into their library.", enters(), _loaming,
                     (target_player(), TargetSpec("any number of target cards in a graveyard",
                                                  cards_in(Zone.GRAVEYARD), count=None)))))
"""土覆いのシャーマン; here the cards may be in any graveyard (the scenario chooses none)."""


@check("701.24c@20260116.0@23cc6772", "701.24a@20260116.0@8d819bc5", "603.6c@20260116.0@6516b9fe",
       example="701.24c#1@db80c9bb")
def shuffled_even_if_the_card_is_gone(expect: Expect) -> None:
    """状況: Aの《狡知》が破壊されて墓地に置かれ、「墓地に置かれたとき、これをオーナーのライブラリーに加えて切り直す」能力が
    誘発してスタックにある。
    行動: それに対応して、墓地の狡知が追放される。その後、能力が解決する。
    結果: 狡知は追放領域に残りライブラリーには加わらないが、Aのライブラリーは切り直される。"""
    game = Game(["A", "B"])
    guile = game.place(GUILE, player="A")
    game.destroy(guile)
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "狡知の能力が誘発してスタックにある")
    [in_graveyard] = [c for c in game.graveyard("A") if c.card is GUILE]
    game.exile(in_graveyard)
    game.resolve_stack()
    expect.that(any(o.card is GUILE and o.zone is Zone.EXILE for o in game.objects.values())
                and all(game.objects[i].card is not GUILE for i in game.players["A"].library),
                "狡知は追放されたままで、ライブラリーに加わらない")
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["A"], "Aのライブラリーは切り直された")


@check("701.24d@20260116.0@844c02d3", "701.24a@20260116.0@8d819bc5", example="701.24d#1@b117780f")
def shuffled_even_with_no_cards(expect: Expect) -> None:
    """状況: Aの手札に《土覆いのシャーマン》がある。
    行動: Aがシャーマンを唱え、戦場に出たときの能力の対象としてBを選び、Bの墓地のカードは1枚も選ばない。
    結果: 加えるカードは無いが、Bのライブラリーは切り直される。"""
    game = Game(["A", "B"])
    game.place(HILL_GIANT, Zone.GRAVEYARD, "B")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.choices.script(ChoiceKind.TARGETS, [], player="A")
    cast(game, "A", LOAMING_SHAMAN)
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["B"], "Bのライブラリーは切り直された")
    expect.equal([c.card for c in game.graveyard("B")], [HILL_GIANT], "墓地のカードはそのまま")


def _named(name: str | None) -> Callable[[View], bool]:
    return lambda v: v.name == name


def _splinter(r: Resolution) -> None:
    game = r.game
    for chosen in r.objects(0):
        seen = game.view(chosen)
        name, owner = seen.name, seen.controller
        game.exile(chosen)
        found: list[int] = []
        for zone in (Zone.GRAVEYARD, Zone.HAND, Zone.LIBRARY):
            found += keyword_actions.search(game, r.controller, owner, zone, _named(name))
        if found:
            game.exile(*found)
        keyword_actions.shuffle(game, owner)


SPLINTER = real("木っ端みじん", card("Splinter", "{2}{G}{G}", "Sorcery", spell=SpellAbility(
    "Exile target artifact. Search its controller's graveyard, hand, and library for all cards with the same name "
    "as that artifact and exile them. That player shuffles.", _splinter, (target(artifacts(), "target artifact"),))))

HOWLING_MINE = real("吠えたける鉱山", card("Howling Mine", "{2}", "Artifact"))
"""吠えたける鉱山; its extra draw is left out."""


def _tutor(r: Resolution) -> None:
    found = keyword_actions.search_for_cards(r.game, r.controller, 1)
    if found:
        r.game.move(found[0], Zone.HAND)
    keyword_actions.shuffle(r.game, r.controller)


DEMONIC_TUTOR = real("悪魔の教示者", card("Demonic Tutor", "{1}{B}", "Sorcery", spell=SpellAbility(
    "Search your library for a card, put that card into your hand, then shuffle.", _tutor)))


@check("701.23b@20260116.0@9f95c522", "701.23a@20260116.0@5a5a8334", example="701.23b#1@951056da")
def a_search_may_fail_to_find_in_a_hidden_zone(expect: Expect) -> None:
    """状況: Bは《吠えたける鉱山》をコントロールし、Bの墓地にもう1枚、ライブラリーにあと2枚の吠えたける鉱山がある。
    行動: Aが《木っ端みじん》で戦場の吠えたける鉱山を対象にし、ライブラリーからは1枚だけを見つけることを選ぶ。
    結果: 対象の鉱山と墓地の鉱山（公開領域なので無視できない）と、ライブラリーで見つけた1枚が追放される。
    もう1枚はライブラリーに残り、Bのライブラリーは切り直される。"""
    game = Game(["A", "B"])
    mine = game.place(HOWLING_MINE, player="B")
    game.place(HOWLING_MINE, Zone.GRAVEYARD, "B")
    in_library = [game.place(HOWLING_MINE, Zone.LIBRARY, "B") for _ in range(2)]
    game.choices.script(ChoiceKind.OBJECTS, [in_library[0].id], player="A")
    cast(game, "A", SPLINTER, [mine])
    exiled = [o for o in game.in_zone(Zone.EXILE, "B") if o.card is HOWLING_MINE]
    left = [i for i in game.players["B"].library if game.objects[i].card is HOWLING_MINE]
    expect.equal((len(exiled), len(left)), (3, 1), "戦場・墓地の鉱山と、見つけた1枚が追放され、1枚はライブラリーに残る")
    expect.equal([c for c in game.graveyard("B") if c.card is HOWLING_MINE], [], "墓地の鉱山は無視できない")
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["B"], "Bのライブラリーは切り直された")


@check("701.23d@20260116.0@0d4e88e6")
def a_search_for_a_card_must_find_one(expect: Expect) -> None:
    """状況: Aのライブラリーには《丘巨人》1枚だけがある。
    行動: Aが《悪魔の教示者》を唱え、ライブラリーからカード1枚を探す。
    結果: 条件のない探索なので見つけないことは選べず、丘巨人を見つけて手札に加える。"""
    game = Game(["A", "B"], library=0)
    game.place(HILL_GIANT, Zone.LIBRARY, "A")
    cast(game, "A", DEMONIC_TUTOR)
    expect.equal(([c.card for c in game.hand("A")], game.players["A"].library), ([HILL_GIANT], []),
                 "丘巨人を見つけて手札に加えた")
