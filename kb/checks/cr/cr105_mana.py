"""Colours (105), mana and the mana pool (106), and numbers and symbols (107): mana abilities whose
mana depends on the game, restricted mana, negative numbers, X, hybrid and Phyrexian symbols."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import in_hand
from kb.engine import (
    FOREST,
    ActivatedAbility,
    CardType,
    Game,
    Number,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    UntilEndOfTurn,
    Zone,
    add_colors,
    becomes_color,
    card,
    cost,
    modify_pt,
    modify_pt_by,
)
from kb.engine.characteristics import View
from kb.engine.choices import ChoiceKind
from kb.engine.conditions import at_least_zero
from kb.engine.mana import COLORS, MANA_TYPES, Color, ManaRestriction
from kb.engine.mana_abilities import ManaOutput, Production, any_color_could_produce
from kb.engine.replacement import Move, Replacement, ReplacementContext


def _colours_of_your_permanents(production: Production) -> tuple[str, ...]:
    game = production.game
    colours = {c for p in game.battlefield(production.controller) for c in game.view(p.id).colors}
    return tuple(f"{{{c}}}" for c in COLORS if c in colours)


METEOR_CRATER = real("隕石のクレーター", card(
    "Meteor Crater", None, "Land",
    ActivatedAbility("{T}: Choose a color of a permanent you control. Add one mana of that color.", cost("{T}"),
                     mana=ManaOutput("one mana of a color of a permanent you control",
                                     _colours_of_your_permanents))))


def _opponents_lands(production: Production) -> list[int]:
    game = production.game
    return [o.id for o in game.battlefield() if game.view(o.id).is_a(CardType.LAND)
            and game.view(o.id).controller != production.controller]


EXOTIC_ORCHARD = real("風変わりな果樹園", card(
    "Exotic Orchard", None, "Land",
    ActivatedAbility("{T}: Add one mana of any color that a land an opponent controls could produce.", cost("{T}"),
                     mana=any_color_could_produce(_opponents_lands, "one mana of any color a land an opponent "
                                                                    "controls could produce"))))

YOUR_POWER = Number("its power", lambda c: (c.source.power or 0) if c.source is not None else 0,
                    frozenset({"power"}))


def _green_equal_to_power(production: Production) -> tuple[str, ...]:
    amount = max(0, production.source.power or 0)  # 107.1b: a negative amount of mana is none
    return ("{G}" * amount,)


VIRIDIAN_JOINER = real("ヴィリジアンの社交家", card(
    "Viridian Joiner", "{2}{G}", "Creature — Elf Druid", 1, 2,
    ActivatedAbility("{T}: Add an amount of {G} equal to Viridian Joiner's power.", cost("{T}"),
                     mana=ManaOutput("{G} equal to its power", _green_equal_to_power))))


def _colossus_pump(resolution: Resolution) -> None:
    x = at_least_zero(YOUR_POWER)
    resolution.create_effect("+X/+X where X is its power", [modify_pt_by(x, x)], [resolution.source_id],
                             UntilEndOfTurn())


CHAMELEON_COLOSSUS = real("カメレオンの巨像", card(
    "Chameleon Colossus", "{2}{G}{G}", "Creature — Shapeshifter", 4, 4, "changeling",
    ActivatedAbility("{2}{G}{G}: Chameleon Colossus gets +X/+X until end of turn, where X is its power.",
                     cost("{2}{G}{G}"), _colossus_pump)))
"""カメレオンの巨像; its protection from black is left out."""


def _double_the_mana(production: Production) -> tuple[str, ...]:
    pool = production.game.players[production.controller].mana
    return ("".join(f"{{{t}}}" * pool.amount(t) for t in MANA_TYPES),)


DOUBLING_CUBE = real("倍化の立方体", card(
    "Doubling Cube", "{2}", "Artifact",
    ActivatedAbility("{3}, {T}: Double the amount of each type of unspent mana you have.", cost("{3}, {T}"),
                     mana=ManaOutput("as much of each type of mana as you have", _double_the_mana))))

ONLY_CREATURE_SPELLS = ManaRestriction("spend this mana only to cast creature spells",
                                       lambda spent_on: isinstance(spent_on, View) and spent_on.is_a(CardType.CREATURE))


@check("106.5@20260116.0@c9e18c40", "605.1a@20260116.0@1aede6f8", "107.5@20260116.0@10b62f2d",
       "113.4@20260116.0@08c6e44d", "405.6c@20260116.0@486190aa", example="106.5#1@260f98f3")
def meteor_crater_without_a_coloured_permanent(expect: Expect) -> None:
    """状況: Aは《隕石のクレーター》と無色のアーティファクト《羽ばたき飛行機械》だけをコントロールしている。
    行動: Aがクレーターのマナ能力を起動する。次に緑の《灰色熊》をコントロールした状態で、もう一度起動する。
    結果: 選べる色がないので、1回目はマナが生み出されない。熊がいれば{G}が加わる。"""
    game = Game(["A", "B"])
    crater = game.place(METEOR_CRATER)
    game.place(cards.ORNITHOPTER)
    game.activate("A", crater)
    expect.that(crater.tapped, "クレーターはタップされた（マナ能力は起動された）")
    expect.equal(game.players["A"].mana.total, 0, "色のついたパーマネントがないのでマナは生み出されない")
    game.untap(crater)
    game.place(cards.GRIZZLY_BEARS)
    game.activate("A", crater)
    expect.equal(game.players["A"].mana.amount("G"), 1, "緑の熊がいれば{G}が加わる")


@check("106.7@20260116.0@7360850b", example="106.7#1@f051e581")
def exotic_orchards_and_what_lands_could_produce(expect: Expect) -> None:
    """状況: Aは《風変わりな果樹園》を、Bは何もコントロールしていない。
    行動: Aが果樹園のマナ能力を起動する。次にBも果樹園をコントロールして起動する。最後にAが《森》もコントロールして、
    Bの果樹園とAの果樹園を起動する。
    結果: 対戦相手の土地がないとき、また互いに果樹園しかないときは、どちらもマナを生み出さない。Aが森を出すと、
    Bの果樹園は森から、Aの果樹園はBの果樹園から、それぞれ{G}を生み出せる。"""
    game = Game(["A", "B"])
    mine = game.place(EXOTIC_ORCHARD, player="A")
    game.activate("A", mine)
    expect.equal(game.players["A"].mana.total, 0, "対戦相手が土地をコントロールしていなければマナは出ない")
    game.untap(mine)
    theirs = game.place(EXOTIC_ORCHARD, player="B")
    game.activate("A", mine)
    expect.equal(game.players["A"].mana.total, 0, "互いに果樹園だけなら、どちらの果樹園もマナを生み出せない")
    game.untap(mine)
    game.place(FOREST, player="A")
    game.pass_priority_to("B")
    game.activate("B", theirs)
    expect.equal(game.players["B"].mana.amount("G"), 1, "Bの果樹園はAの森が生み出せる{G}を生み出せる")
    game.pass_priority("B")
    game.activate("A", mine)
    expect.equal(game.players["A"].mana.amount("G"), 1, "Aの果樹園はBの果樹園が生み出せる{G}を生み出せる")


@check("106.6@20260116.0@605517cd", "106.4@20260116.0@fb2f184e", example="106.6#1@ee769919")
def doubling_restricted_mana(expect: Expect) -> None:
    """状況: Aのマナ・プールに、クリーチャー・呪文を唱えるためにだけ使える{R}{G}と、制限のない{C}{C}{C}がある。Aは
    《倍化の立方体》をコントロールし、手札にテスト用インスタント（{R}{G}）とテスト用クリーチャー（{R}{G}）がある。
    行動: Aがインスタントを唱えようとし、次に{C}{C}{C}を払って立方体の能力を起動し、インスタント、クリーチャーの順に唱える。
    結果: 立方体の前は制限つきのマナではインスタントを唱えられない。立方体で{R}{R}{G}{G}になり、そのうち加わった{R}{G}は
    制限がないのでインスタントを唱えられ、残った制限つきの{R}{G}でクリーチャーを唱えられる。"""
    game = Game(["A", "B"])
    cube = game.place(DOUBLING_CUBE)
    charm = in_hand(game, card("Test Charm", "{R}{G}", "Instant", spell=SpellAbility("Do nothing.", lambda r: None)))
    beast = in_hand(game, card("Test Beast", "{R}{G}", "Creature — Beast", 3, 3))
    pool = game.players["A"].mana
    pool.add("{R}{G}", ONLY_CREATURE_SPELLS)
    pool.add("{C}{C}{C}")
    expect.refused(lambda: game.cast("A", charm), "制限つきの{R}{G}ではインスタントを唱えられない")
    game.activate("A", cube)
    pool = game.players["A"].mana  # the refused cast put the game back as it was, pool and all
    expect.equal((pool.amount("R"), pool.amount("G"), pool.amount("C")), (2, 2, 0), "マナ・プールは{R}{R}{G}{G}")
    game.cast("A", charm)
    expect.that(charm.id not in game.objects, "加わった制限のない{R}{G}でインスタントを唱えた")
    game.resolve_stack()
    game.cast("A", beast)
    expect.that(bool(game.stack) and game.stack[-1].spell is not None and pool.total == 0,
                "残った制限つきの{R}{G}でクリーチャー・呪文を唱えた")


@check("107.1b@20260116.0@1e32bf4a", "510.1a@20260116.0@c73cff8f", "302.4a@20260116.0@a22d0abf",
       "302.5@20260116.0@ccf32d75", example="107.1b#1@c920a66f")
def a_negative_power_deals_no_combat_damage(expect: Expect) -> None:
    """状況: Aの3/4のテスト用クリーチャーが-5/-0の修整を受けている。
    行動: それでBを攻撃し、ブロックされない。その後+3/+0の修整を受ける。
    結果: -2/4なので戦闘ダメージを割り振らず、Bのライフは減らない。+3/+0でパワーは1になる。"""
    game = Game(["A", "B"])
    brute = game.place(card("Test Three Four", "{3}", "Creature — Beast", 3, 4))
    game.create_effect("-5/-0", [modify_pt(-5, 0)], [brute], UntilEndOfTurn())
    expect.equal(game.view(brute).pt, (-2, 4), "-2/4になる")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([brute])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 20, "パワーが負なので戦闘ダメージを与えない")
    game.create_effect("+3/+0", [modify_pt(3, 0)], [brute], UntilEndOfTurn())
    expect.equal(game.view(brute).power, 1, "+3/+0でパワーは1")


@check("107.1b@20260116.0@1e32bf4a", "605.1a@20260116.0@1aede6f8", example="107.1b#2@1608d5d0")
def viridian_joiner_with_negative_power(expect: Expect) -> None:
    """状況: Aの《ヴィリジアンの社交家》（1/2）。
    行動: そのままマナ能力を起動する。アンタップしてから-2/-0の修整を受け、もう一度起動する。
    結果: パワー1なら{G}が1点加わる。パワー-1ではマナは加わらない。"""
    game = Game(["A", "B"])
    joiner = game.place(VIRIDIAN_JOINER)
    game.activate("A", joiner)
    expect.equal(game.players["A"].mana.amount("G"), 1, "パワー1で{G}が1点")
    game.players["A"].mana.empty()
    game.untap(joiner)
    game.create_effect("-2/-0", [modify_pt(-2, 0)], [joiner], UntilEndOfTurn())
    game.activate("A", joiner)
    expect.that(joiner.tapped and game.players["A"].mana.total == 0, "パワー-1ではマナは加わらない")


@check("107.1b@20260116.0@1e32bf4a", "611.2d@20260116.0@f71e862c", example="107.1b#3@eafa826a")
def chameleon_colossus_with_negative_power(expect: Expect) -> None:
    """状況: Aの《カメレオンの巨像》（4/4）が-6/-0の修整を受け、-2/4になっている。
    行動: Aが巨像の「ターン終了時まで+X/+Xの修整を受ける。Xはこれのパワーに等しい」を起動し、解決する。
    結果: Xを決める計算の結果が負なので0を用い、巨像は-2/4のまま（-4/2にはならない）。"""
    game = Game(["A", "B"])
    colossus = game.place(CHAMELEON_COLOSSUS)
    game.create_effect("-6/-0", [modify_pt(-6, 0)], [colossus], UntilEndOfTurn())
    expect.equal(game.view(colossus).pt, (-2, 4), "-6/-0で-2/4")
    game.add_mana("A", "{C}{C}{G}{G}")
    game.activate("A", colossus)
    game.resolve_stack()
    expect.equal(game.view(colossus).pt, (-2, 4), "Xは0として扱われ-2/4のまま")
    other = game.place(CHAMELEON_COLOSSUS)
    game.add_mana("A", "{C}{C}{G}{G}")
    game.activate("A", other)
    game.resolve_stack()
    expect.equal(game.view(other).pt, (8, 8), "修整のない巨像ならXは4で8/8")


HYBRID_SPELL = card("Test Hybrid", "{G/W}{G/W}", "Sorcery", spell=SpellAbility("Do nothing.", lambda r: None))
"""Test: a sorcery costing {G/W}{G/W}."""


@check("107.4e@20260116.0@d90539d6", example="107.4e#1@69304343")
def paying_hybrid_symbols(expect: Expect) -> None:
    """状況: 手札にマナ・コスト{G/W}{G/W}のテスト用ソーサリー。
    行動: マナ・プールが{G}{G}、{G}{W}、{W}{W}、{G}{U}のときに唱えようとする。
    結果: {G}{G}、{G}{W}、{W}{W}では唱えられ、マナ・プールは空になる。{G}{U}では支払えない。"""
    for pool in ("{G}{G}", "{G}{W}", "{W}{W}"):
        game = Game(["A", "B"])
        game.add_mana("A", pool)
        game.cast("A", in_hand(game, HYBRID_SPELL))
        expect.equal(game.players["A"].mana.total, 0, f"{pool}で支払える")
    game = Game(["A", "B"])
    game.add_mana("A", "{G}{U}")
    spell = in_hand(game, HYBRID_SPELL)
    expect.refused(lambda: game.cast("A", spell), "{G}{U}では支払えない")


PHYREXIAN_SPELL = card("Test Phyrexian", "{W/P}{W/P}", "Sorcery", spell=SpellAbility("Do nothing.", lambda r: None))
"""Test: a sorcery costing {W/P}{W/P}."""


@check("107.4f@20260116.0@a3279a02", "119.4@20260116.0@da75ef94", example="107.4f#1@e7fbc2d5")
def paying_phyrexian_symbols(expect: Expect) -> None:
    """状況: 手札にマナ・コスト{W/P}{W/P}のテスト用ソーサリー。ライフは20点。
    行動: マナ・プールが{W}{W}、{W}、空のときにそれぞれ唱え、{W}{W}では{W}{W}で、{W}では{W}とライフ2点で、空では
    ライフ4点で支払う。最後にライフ3点、マナなしで唱えようとする。
    結果: それぞれ支払え、ライフは20点、18点、16点になる。ライフ3点ではライフ4点を支払えず唱えられない。"""
    for pool, life in (("{W}{W}", 20), ("{W}", 18), ("", 16)):
        game = Game(["A", "B"])
        if pool:
            game.add_mana("A", pool)
        game.choices.script(ChoiceKind.PHYREXIAN, ("W/P",) * ((20 - life) // 2))  # announced as it is cast (601.2b)
        game.cast("A", in_hand(game, PHYREXIAN_SPELL))
        expect.equal((game.players["A"].mana.total, game.players["A"].life), (0, life),
                     f"{pool or 'マナなし'}で支払い、ライフは{life}点")
    game = Game(["A", "B"])
    game.players["A"].life = 3
    spell = in_hand(game, PHYREXIAN_SPELL)
    expect.refused(lambda: game.cast("A", spell), "ライフ3点ではライフ4点を支払えない")


COLORLESS_ONLY = card("Test Eldrazi Rite", "{C}", "Sorcery", spell=SpellAbility("Do nothing.", lambda r: None))
"""Test: a sorcery costing {C}."""


@check("107.4c@20260116.0@ee129559", "107.4b@20260116.0@c112e246")
def colorless_symbols_need_colorless_mana(expect: Expect) -> None:
    """状況: 手札にマナ・コスト{C}のテスト用ソーサリーと、マナ・コスト{1}のテスト用ソーサリー。
    行動: マナ・プールが{G}のときと{C}のときに、それぞれを唱えようとする。
    結果: {1}は{G}でも{C}でも支払える。{C}は無色マナでしか支払えず、{G}では唱えられない。"""
    generic = card("Test Trinket Rite", "{1}", "Sorcery", spell=SpellAbility("Do nothing.", lambda r: None))
    for mana in ("{G}", "{C}"):
        game = Game(["A", "B"])
        game.add_mana("A", mana)
        game.cast("A", in_hand(game, generic))
        expect.equal(game.players["A"].mana.total, 0, f"{{1}}は{mana}で支払える")
    game = Game(["A", "B"])
    game.add_mana("A", "{C}")
    game.cast("A", in_hand(game, COLORLESS_ONLY))
    expect.equal(game.players["A"].mana.total, 0, "{C}は無色マナで支払える")
    game = Game(["A", "B"])
    game.add_mana("A", "{G}")
    spell = in_hand(game, COLORLESS_ONLY)
    expect.refused(lambda: game.cast("A", spell), "{C}は{G}では支払えない")


def _x_damage(resolution: Resolution) -> None:
    game = resolution.game
    if resolution.target is not None and resolution.source_id is not None:
        game.deal_damage(resolution.source_id, resolution.target, resolution.x)


@check("107.3a@20260116.0@964fba9b", "202.3e@20260116.0@757c7f5c")
def x_is_announced_as_the_spell_is_cast(expect: Expect) -> None:
    """状況: Aの手札にマナ・コスト{X}{R}で「1つを対象とする。これはそれにX点のダメージを与える」のテスト用インスタント。
    行動: AがXを3として唱え、{3}{R}を支払う。
    結果: 手札にある間のマナ総量は1、スタック上ではXを3として4。解決するとBに3点のダメージを与える。"""
    from kb.engine import any_target

    game = Game(["A", "B"])
    blast = in_hand(game, card("Test Blast", "{X}{R}", "Instant", spell=SpellAbility(
        "This spell deals X damage to any target.", _x_damage, (any_target(),))))
    expect.equal(game.view(blast).mana_value, 1, "手札ではXは0として扱われ、マナ総量は1")
    game.add_mana("A", "{C}{C}{C}{R}")
    spell = game.cast("A", blast, targets=["B"], x=3)
    expect.equal((game.view(spell).mana_value, game.players["A"].mana.total), (4, 0),
                 "スタック上ではXは3で、マナ総量は4。{3}{R}を支払った")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 17, "Bに3点のダメージ")


@check("105.3@20260116.0@a67e5267", "105.2@20260116.0@0c0f6488", "202.2f@20260116.0@043c0b65")
def an_effect_changes_colours(expect: Expect) -> None:
    """状況: Aの白の2/2のテスト用クリーチャー。
    行動: 「青になる」効果を受け、次に「他の色に加えて緑でもある」効果を受ける。
    結果: 新しい色は以前の色に置き換わるので青だけになり、「加えて」なら青と緑になる。"""
    game = Game(["A", "B"])
    knight = game.place(card("Test Knight", "{1}{W}", "Creature — Human Knight", 2, 2))
    expect.equal(game.view(knight).colors, frozenset({Color.WHITE}), "はじめは白")
    game.create_effect("becomes blue", [becomes_color("U")], [knight])
    expect.equal(game.view(knight).colors, frozenset({Color.BLUE}), "青になると白ではなくなる")
    game.create_effect("is green in addition", [add_colors("G")], [knight])
    expect.equal(game.view(knight).colors, frozenset({Color.BLUE, Color.GREEN}), "「加えて」なら青と緑")


@check("107.6@20260116.0@05402412", "106.10@20260116.0@a51bffd3")
def the_untap_symbol(expect: Expect) -> None:
    """状況: Aのアンタップ状態のテスト用アーティファクトに「{Q}：{2}を加える」がある。
    行動: Aがその能力を起動しようとし、アーティファクトをタップしてからもう一度起動する。
    結果: アンタップ状態では起動できない。タップ状態なら起動でき、アーティファクトはアンタップされ、無色マナ2点が加わる。"""
    game = Game(["A", "B"])
    relic = game.place(card("Test Relic", "{2}", "Artifact",
                            ActivatedAbility("{Q}: Add {2}.", cost("{Q}"), mana="{2}")))
    expect.refused(lambda: game.activate("A", relic), "アンタップ状態ではアンタップするコストを支払えない")
    game.tap(relic)
    game.activate("A", relic)
    expect.equal((relic.tapped, game.players["A"].mana.amount("C")), (False, 2),
                 "コストとしてアンタップされ、{C}{C}が加わった")



def _hydra_counters(context: ReplacementContext, move: Move) -> Move:
    game = context.game
    return with_changes(move, counters=(*move.counters, ("+1/+1", game.objects[move.object_id].x)))


TEST_HYDRA = card("Test Hydra", "{X}{G}{G}", "Creature — Hydra", 0, 0, StaticAbility(
    "This creature enters with X +1/+1 counters on it.", replacements=(Replacement(
        "This creature enters with X +1/+1 counters on it.", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD,
        _hydra_counters, entering_self=True),)),
    ActivatedAbility("{X}: This creature gets +X/+0 until end of turn.", cost("{X}"),
                     lambda r: r.create_effect("+X/+0", [modify_pt(r.x, 0)], [r.source_id], UntilEndOfTurn())))
"""Test: a 0/0 Hydra costing {X}{G}{G}, "This creature enters with X +1/+1 counters on it" and "{X}: This creature
gets +X/+0 until end of turn"."""


@check("107.3m@20260116.0@bdcf1d8b", "107.3g@20260116.0@3229772c", "107.3k@20260116.0@2abeafeb",
       "107.3a@20260116.0@964fba9b", "118.4@20260116.0@0cc980eb", "107.3@20260116.0@224b6cfe")
def x_of_a_spell_and_of_the_permanent_it_becomes(expect: Expect) -> None:
    """状況: Aの手札に、マナ・コスト{X}{G}{G}で「このクリーチャーは、X個の+1/+1カウンターが置かれた状態で戦場に出る」と
    「{X}：ターン終了時まで、このクリーチャーは+X/+0の修整を受ける」を持つ0/0のテスト用ハイドラ。
    行動: AがXを3としてそれを唱え、戦場に出す。その後、Xを1として起動型能力を起動する。
    結果: 手札ではXは0として扱われ、マナ総量は2。戦場に出るときの置換効果のXは呪文のXの3なので、+1/+1カウンター3個で
    3/3になる。起動型能力のXは呪文のXとは関係なく1で、4/3になる。"""
    game = Game(["A", "B"])
    hydra = in_hand(game, TEST_HYDRA)
    expect.equal(game.view(hydra).mana_value, 2, "手札ではXは0で、マナ総量は2")
    game.add_mana("A", "{C}{C}{C}{G}{G}")
    game.cast("A", hydra, x=3)
    game.resolve_stack()
    permanent = game.current(hydra)
    expect.equal((game.view(permanent).counter("+1/+1"), game.view(permanent).pt), (3, (3, 3)),
                 "呪文のXの3により、+1/+1カウンター3個で3/3")
    game.add_mana("A", "{C}")
    game.activate("A", permanent, x=1)
    game.resolve_stack()
    expect.equal(game.view(permanent).pt, (4, 3), "起動型能力のXは1で、4/3")


TEST_ENERGY_WELL = card("Test Energy Well", "{2}", "Artifact", ActivatedAbility(
    "{E}{E}: You gain 2 life.", cost("{E}{E}"), lambda r: r.game.gain_life(r.controller, 2)))
"""Test: an artifact with "{E}{E}: You gain 2 life"."""


@check("107.14@20260116.0@004b7e14", "122.1@20260116.0@791a9b1b")
def paying_energy(expect: Expect) -> None:
    """状況: Aはエネルギー・カウンターを1個持ち、「{E}{E}：あなたは2点のライフを得る」を持つテスト用アーティファクトを
    コントロールしている。
    行動: Aがその能力を起動しようとし、エネルギー・カウンターをもう1個得てから起動する。
    結果: 1個ではコストを支払えない。2個なら2個とも取り除いて支払い、Aは2点のライフを得る。"""
    game = Game(["A", "B"])
    well = game.place(TEST_ENERGY_WELL)
    game.put_counters("A", "energy")
    expect.refused(lambda: game.activate("A", well), "エネルギー・カウンター1個では{E}{E}を支払えない")
    game.put_counters("A", "energy")
    game.activate("A", well)
    game.resolve_stack()
    expect.equal((game.players["A"].counter("energy"), game.players["A"].life), (0, 22),
                 "エネルギー・カウンター2個を支払い、2点のライフを得た")
