"""Casting keywords of 702.132-702.186 and airbend (701.65), through :mod:`kb.engine.keywords_kwdef`:
assist, cleave, compleated, prototype, spree, tiered, freerunning, ∞, and two instances of one
additional cost with different parameters (casualty 1 and casualty 2)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Phase,
    Resolution,
    SpellAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    designations,
    keywords_kwdef,
)
from kb.engine.costs import cost
from kb.engine.keywords import keyword
from kb.engine.keywords_kwdef import (
    Airbent,
    CostedMode,
    cleaved,
    infinity,
    prototyped,
    spree,
    tiered,
)
from kb.engine.targets import target_creature
from kb.engine.triggers import on_event


def _draw_two(resolution: Resolution) -> None:
    for _ in range(2):
        resolution.game.draw(resolution.controller)


def _life(amount: int) -> object:
    def effect(resolution: Resolution, _: tuple[int, ...]) -> None:
        resolution.game.gain_life(resolution.controller, amount)

    return effect


def _drain(amount: int) -> object:
    def effect(resolution: Resolution, _: tuple[int, ...]) -> None:
        for other in resolution.game.opponents(resolution.controller):
            resolution.game.lose_life(other, amount)

    return effect


def _library(game: Game, count: int, player: str = "A") -> None:
    for _ in range(count):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, player)


# -- 702.132 assist ----------------------------------------------------------------------------------------

ASSISTED_DRAW = card("Test Assisted Draw", "{4}{U}", "Sorcery", "assist",
                     spell=SpellAbility("Draw two cards.", _draw_two))
"""A made-up sorcery with assist: {4}{U}, draw two cards."""


def _assist_scene() -> Game:
    game = Game(["A", "B"])
    _library(game, 2)
    in_hand(game, ASSISTED_DRAW)
    give_mana(game, "A", "{1}{U}")
    give_mana(game, "B", "{3}")
    return game


@check("702.132a@20260116.0@00849555", "601.2f@20260116.0@2220e1e2")
def assist_another_player_pays_generic_mana(expect: Expect) -> None:
    """状況: Aの手札に助力を持つ{4}{U}の「カード2枚を引く」テスト用のソーサリー。Aのマナ・プールに{C}{U}、Bのマナ・プールに{C}{C}{C}。
    行動: Aは助力で誰も選ばずに唱えようとする。次にBを選び、Bが不特定マナのうち3を支払い、Aが残りの{1}{U}を支払って唱える。
    結果: A1人では{4}{U}を支払えず唱えられない。Bが不特定マナ3点を支払えば唱えられ、A、Bのマナ・プールは空になり、Aは2枚引く。"""
    alone = _assist_scene()
    alone.choices.script(ChoiceKind.PLAYER, None, player="A")
    expect.refused(lambda: alone.cast("A", alone.hand("A")[0]), "Aだけでは{4}{U}を支払えない")
    game = _assist_scene()
    game.choices.script(ChoiceKind.PLAYER, "B", player="A")
    game.choices.script(ChoiceKind.NUMBER, 3, player="B")
    game.cast("A", game.hand("A")[0])
    expect.equal((game.players["A"].mana.total, game.players["B"].mana.total), (0, 0),
                 "Bが不特定マナ3点を、Aが残りを支払った")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 2, "Aは2枚引いた")


# -- 702.148 cleave ----------------------------------------------------------------------------------------


def _cleave_life(resolution: Resolution) -> None:
    game = resolution.game
    you = resolution.controller
    behind = any(game.players[o].life > game.players[you].life for o in game.opponents(you))
    if cleaved(resolution) or behind:  # "[if an opponent has more life than you]"
        game.gain_life(you, 4)


CLEAVE_MEND = card("Test Cleave Mend", "{W}", "Instant", "cleave {2}{W}",
                   spell=SpellAbility("You gain 4 life [if an opponent has more life than you].", _cleave_life))
"""A made-up instant: {W}, "You gain 4 life [if an opponent has more life than you]", cleave {2}{W}."""


@check("702.148a@20260116.0@46341515", "702.148b@20260116.0@d9c5b46b", "118.9@20260116.0@4961c10c")
def cleave_removes_the_bracketed_words(expect: Expect) -> None:
    """状況: A、Bともにライフ20。Aの手札に「［対戦相手のライフがあなたより多いなら、］あなたは4点のライフを得る」テスト用のインスタント2枚
    （{W}、切除{2}{W}）。
    行動: 1枚目を{W}で唱え、2枚目を切除コスト{2}{W}で唱える。
    結果: 1枚目は条件を満たさず何も起きない。切除コストで唱えた2枚目は角括弧内の文章が取り除かれ、Aは4点を得て24になる。"""
    game = Game(["A", "B"])
    first = in_hand(game, CLEAVE_MEND)
    give_mana(game, "A", "{W}")
    game.cast("A", first)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20, "切除なしでは条件を満たさず得ない")
    second = in_hand(game, CLEAVE_MEND)
    give_mana(game, "A", "{2}{W}")
    game.cast("A", second, alternative="cleave")
    expect.equal(game.players["A"].mana.total, 0, "切除コスト{2}{W}を支払った")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 24, "切除して条件が消え4点得た")


# -- 702.150 compleated ------------------------------------------------------------------------------------

TAMIYO = real("完成化した賢者、タミヨウ", card(
    "Tamiyo, Compleated Sage", "{2}{G}{G/U/P}{U}", "Legendary Planeswalker — Tamiyo", "compleated", loyalty=5))
"""完成化した賢者、タミヨウ: 忠誠度5、完成化。忠誠度能力は省く。"""


@check("702.150a@20260116.0@4cf60751", "107.4f@20260116.0@a3279a02")
def compleated_enters_with_fewer_loyalty(expect: Expect) -> None:
    """状況: Aの手札に《完成化した賢者、タミヨウ》2枚（{2}{G}{G/U/P}{U}、忠誠度5、完成化）。
    行動: 1枚目をマナだけで唱える。2枚目はファイレクシア・マナ・シンボルをライフ2点で支払って唱える。
    結果: マナで支払った1枚目は忠誠カウンター5個で戦場に出る。ライフで支払った2枚目はAのライフが2減り、忠誠カウンター3個で出る。"""
    game = Game(["A", "B"])
    first = in_hand(game, TAMIYO)
    give_mana(game, "A", "{2}{G}{G}{U}")
    game.choices.script(ChoiceKind.PHYREXIAN, (), player="A")
    first_id = game.cast("A", first)
    game.resolve_stack()
    expect.equal(game.current(first_id).counter("loyalty"), 5, "マナで支払えば忠誠度5")
    game.move(game.current(first_id), Zone.GRAVEYARD)
    second = in_hand(game, TAMIYO)
    give_mana(game, "A", "{2}{G}{U}")
    game.choices.script(ChoiceKind.PHYREXIAN, ("G/U/P",), player="A")
    second_id = game.cast("A", second)
    expect.equal(game.players["A"].life, 18, "ライフ2点で支払った")
    game.resolve_stack()
    expect.equal(game.current(second_id).counter("loyalty"), 3, "シンボル1つ分、忠誠カウンターが2個少ない")


# -- 702.160 prototype -------------------------------------------------------------------------------------

FLESHGORGER = real("ファイレクシアの肉体喰らい", card(
    "Phyrexian Fleshgorger", "{7}{B}", "Artifact Creature — Phyrexian Wurm", 7, 5, "prototype {1}{B}{B} 3/3"))
"""ファイレクシアの肉体喰らい: {7}{B}の7/5、試作{1}{B}{B}の3/3。威迫、絆魂、護法は省く。"""


@check("702.160a@20260116.0@239a4061", "718.3a@20260116.0@d75138ff", "718.3b@20260116.0@1d810013")
def prototype_uses_the_other_characteristics(expect: Expect) -> None:
    """状況: Aの手札に《ファイレクシアの肉体喰らい》2枚（{7}{B}の7/5、試作{1}{B}{B}の3/3）。Aのマナ・プールに{1}{B}{B}。
    行動: 試作せずに唱えようとする。次に試作して唱える。その後{7}{B}でもう1枚を通常どおり唱える。
    結果: {1}{B}{B}では通常は唱えられない。試作すれば唱えられ、戦場では3/3、マナ総量3の黒になる。通常どおり唱えた方は7/5、マナ総量8。"""
    game = Game(["A", "B"])
    first = in_hand(game, FLESHGORGER)
    give_mana(game, "A", "{1}{B}{B}")
    expect.refused(lambda: game.cast("A", first), "試作しなければ{7}{B}が要る")
    small = game.cast("A", first, additional=("prototype",))
    game.resolve_stack()
    view = game.view(game.current(small).id)
    expect.equal((view.power, view.toughness, view.mana_value, sorted(view.colors)), (3, 3, 3, ["B"]),
                 "試作された肉体喰らいは3/3、マナ総量3、黒")
    expect.that(prototyped(game, game.current(small).id), "試作されたパーマネント")
    second = in_hand(game, FLESHGORGER)
    give_mana(game, "A", "{7}{B}")
    big = game.cast("A", second)
    game.resolve_stack()
    view = game.view(game.current(big).id)
    expect.equal((view.power, view.toughness, view.mana_value), (7, 5, 8), "通常どおり唱えれば7/5、マナ総量8")


# -- 702.172 spree, 702.183 tiered -------------------------------------------------------------------------

SPREE_CHARM = card("Test Spree Charm", "{R}", "Instant", "spree", spell=spree(
    "Choose one or more —",
    CostedMode("+ {1} — You gain 2 life.", _life(2), cost="{1}"),  # type: ignore[arg-type]
    CostedMode("+ {2} — Each opponent loses 3 life.", _drain(3), cost="{2}"),  # type: ignore[arg-type]
    CostedMode("+ {R} — You gain 5 life.", _life(5), cost="{R}")))  # type: ignore[arg-type]
"""A made-up spree instant: {R}; +{1}: gain 2 life; +{2}: each opponent loses 3 life; +{R}: gain 5 life."""


@check("702.172a@20260116.0@f7caea4d", "601.2f@20260116.0@2220e1e2")
def spree_pays_the_chosen_modes_costs(expect: Expect) -> None:
    """状況: Aの手札に放題のテスト用インスタント（{R}、+{1}：2点のライフを得る、+{2}：各対戦相手は3点のライフを失う、+{R}：5点のライフを得る）。
    行動: 1番目と2番目のモードを選び、{R}だけで唱えようとする。次に{R}に{1}と{2}を加えた{3}{R}で唱える。
    結果: 選んだモードのコストも追加コストなので{R}だけでは唱えられない。{3}{R}で唱えると両方のモードが働き、Aは22、Bは17になる。"""
    game = Game(["A", "B"])
    charm = in_hand(game, SPREE_CHARM)
    game.choices.script(ChoiceKind.MODE, [0, 1], player="A")  # kept for the next try: a refused cast never was
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", charm), "モードのコストを支払えない")
    give_mana(game, "A", "{3}")
    game.cast("A", charm)
    expect.equal(game.players["A"].mana.total, 0, "{R}と{1}と{2}を支払った")
    game.resolve_stack()
    expect.equal((game.players["A"].life, game.players["B"].life), (22, 17), "選んだ2つのモードが働いた")


TIERED_BLAST = card("Test Tiered Blast", "{B}", "Sorcery", "tiered", spell=tiered(
    "Choose one —",
    CostedMode("{0} — Each opponent loses 1 life.", _drain(1), cost="{0}"),  # type: ignore[arg-type]
    CostedMode("{2} — Each opponent loses 3 life.", _drain(3), cost="{2}"),  # type: ignore[arg-type]
    CostedMode("{4}{B} — Each opponent loses 6 life.", _drain(6), cost="{4}{B}")))  # type: ignore[arg-type]
"""A made-up tiered sorcery: {B}; {0}: each opponent loses 1 life; {2}: 3 life; {4}{B}: 6 life."""


@check("702.183a@20260116.0@59610d3e", "601.2f@20260116.0@2220e1e2")
def tiered_pays_the_chosen_mode_cost(expect: Expect) -> None:
    """状況: Aの手札に段階のテスト用ソーサリー2枚（{B}、{0}：各対戦相手は1点を失う、{2}：3点、{4}{B}：6点）。Aのマナ・プールに{2}{B}。
    行動: 1枚目は3番目のモードを選んで唱えようとし、2番目のモードを選んで{2}{B}で唱える。2枚目は1番目のモードを選んで{B}で唱える。
    結果: 3番目のモードの{4}{B}は支払えず唱えられない。2番目のモードでは{2}が追加されBは3点失う。1番目では追加はなくBはさらに1点失う。"""
    short = Game(["A", "B"])
    give_mana(short, "A", "{2}{B}")
    short.choices.script(ChoiceKind.MODE, [2], player="A")
    expect.refused(lambda: short.cast("A", in_hand(short, TIERED_BLAST)), "{4}{B}{B}は支払えない")
    game = Game(["A", "B"])
    game.place(TIERED_BLAST, Zone.HAND)
    first = game.place(TIERED_BLAST, Zone.HAND)
    give_mana(game, "A", "{2}{B}")
    game.choices.script(ChoiceKind.MODE, [1], player="A")
    game.cast("A", first)
    expect.equal(game.players["A"].mana.total, 0, "{B}と{2}を支払った")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 17, "2番目のモード: 3点")
    second = game.hand("A")[0]
    give_mana(game, "A", "{B}")
    game.choices.script(ChoiceKind.MODE, [0], player="A")
    game.cast("A", second)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 16, "1番目のモード: 1点")


# -- 702.173 freerunning -----------------------------------------------------------------------------------

ASSASSIN = card("Test Assassin", "{1}{B}", "Creature — Human Assassin", 2, 1)
ROGUE = card("Test Rogue", "{1}{B}", "Creature — Human Rogue", 2, 1)
FREERUNNER = card("Test Freerunner", "{4}{B}", "Creature — Human Assassin", 4, 4, "freerunning {1}{B}")
"""A made-up 4/4 Assassin: {4}{B}, freerunning {1}{B}."""


@check("702.173a@20260116.0@8622ba51", "118.9@20260116.0@4961c10c")
def freerunning_after_an_assassin_hit(expect: Expect) -> None:
    """状況: Aは人間・ならず者と人間・暗殺者のテスト用クリーチャー（各2/1）をコントロールし、手札にフリーランニング{1}{B}を持つ{4}{B}のクリーチャー。
    行動: 戦闘前にフリーランニングで唱えようとする。ならず者だけでBを攻撃し、第2メイン・フェイズに唱えようとする。
    次のAのターン、暗殺者でBを攻撃し、第2メイン・フェイズにフリーランニング・コスト{1}{B}で唱える。
    結果: 戦闘ダメージの前や、暗殺者でも統率者でもないならず者のダメージのあとでは唱えられない。暗殺者がBに戦闘ダメージを与えたターンには{1}{B}で唱えられる。"""
    game = Game(["A", "B"])
    rogue = game.place(ROGUE)
    assassin = game.place(ASSASSIN)
    runner = in_hand(game, FREERUNNER)
    give_mana(game, "A", "{1}{B}")
    expect.refused(lambda: game.cast("A", runner, alternative="freerunning"), "まだ戦闘ダメージがない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([rogue])
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.equal(game.players["B"].life, 18, "ならず者がBに戦闘ダメージを与えた")
    give_mana(game, "A", "{1}{B}")
    expect.refused(lambda: game.cast("A", runner, alternative="freerunning"), "ならず者は暗殺者ではない")
    game.next_turn("B")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([assassin])
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    give_mana(game, "A", "{1}{B}")
    spell = game.cast("A", runner, alternative="freerunning")
    game.resolve_stack()
    expect.equal(game.current(spell).zone, Zone.BATTLEFIELD, "フリーランニング・コストで唱えられた")


# -- 702.186 ∞ ---------------------------------------------------------------------------------------------


def _harness_this(resolution: Resolution) -> None:
    assert resolution.source_id is not None
    designations.harness(resolution.game, resolution.source_id)


INFINITY_DRAKE = card("Test Infinity Drake", "{2}{U}", "Creature — Drake", 2, 2,
                      ActivatedAbility("{1}: Harness this creature.", cost("{1}"), _harness_this),
                      infinity(keyword("flying"), "Flying"))
"""A made-up 2/2 Drake: "{1}: Harness this creature." and "∞ — Flying"."""


@check("702.186b@20260116.0@e844548d", "701.64a@20260116.0@91539a04")
def infinity_ability_while_harnessed(expect: Expect) -> None:
    """状況: Aは「{1}：このクリーチャーを装着する」と「∞ ― 飛行」を持つテスト用のクリーチャーをコントロールしている。
    行動: 装着する前に飛行を持つか見る。{1}を支払って起動し、解決後にもう一度見る。
    結果: 装着されていない間は飛行を持たない。装着された後は飛行を持つ。"""
    game = Game(["A", "B"])
    drake = game.place(INFINITY_DRAKE)
    expect.that(not game.view(drake.id).has("flying"), "装着されていない間は飛行を持たない")
    give_mana(game, "A", "{1}")
    game.activate("A", drake, 0)
    game.resolve_stack()
    expect.that(designations.is_harnessed(game, drake.id), "装着された")
    expect.that(game.view(drake.id).has("flying"), "装着されていれば飛行を持つ")


# -- 701.65 airbend ----------------------------------------------------------------------------------------


def _airbend_target(resolution: Resolution) -> None:
    target = resolution.target
    if isinstance(target, int):
        keywords_kwdef.airbend(resolution.game, resolution.controller, target)


AIR_GUST = card("Test Air Gust", "{1}{U}", "Instant", spell=SpellAbility(
    "Airbend target creature.", _airbend_target, (target_creature(),)))
"""A made-up instant: "Airbend target creature"."""


def _gain_one(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


AIR_WATCHER = card("Test Air Watcher", "{1}{W}", "Creature — Monk", 1, 1, TriggeredAbility(
    "Whenever you airbend, you gain 1 life.",
    on_event("whenever you airbend", (Airbent,),
             lambda t: int(isinstance(t.event, Airbent) and t.event.player == t.source.controller)),
    _gain_one))
"""A made-up 1/1: "Whenever you airbend, you gain 1 life"."""


@check("701.65a@20260116.0@f3c19551", "701.65b@20260116.0@8ce96042")
def airbend_exiles_and_lets_the_owner_cast_for_two(expect: Expect) -> None:
    """状況: Aは「あなたが気の技を使うたび、1点のライフを得る」テスト用クリーチャーをコントロールしている。Bは《丘巨人》（{3}{R}）をコントロールし、
    追放領域に《灰色熊》を持つ。Aの手札に「クリーチャー1体を対象とし、それに気の技を使う」テスト用インスタント。
    行動: Aがインスタントで丘巨人に気の技を使う。Bのターンに、Bは{2}で追放された熊を唱えようとし、{2}で丘巨人を唱える。
    結果: 丘巨人は追放され、Aの誘発型能力が誘発してAは21点になる。気の技で追放されたのではない熊は{2}では唱えられない。丘巨人は{2}で唱えられる。"""
    game = Game(["A", "B"])
    game.place(AIR_WATCHER)
    giant = game.place(cards.HILL_GIANT, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, Zone.EXILE, "B")
    gust = in_hand(game, AIR_GUST)
    give_mana(game, "A", "{1}{U}")
    game.cast("A", gust, targets=[giant])
    game.resolve_stack()
    exiled = game.current(giant)
    expect.equal(exiled.zone, Zone.EXILE, "丘巨人は追放された")
    expect.equal(game.players["A"].life, 21, "気の技を使って誘発した")
    game.next_turn("B")
    give_mana(game, "B", "{2}")
    refusal = expect.refused(lambda: game.cast("B", bears, alternative="airbend"), "気の技で追放されていない")
    expect.that("701.65a" in str(refusal), "拒否の理由は気の技の許可がないこと")
    spell = game.cast("B", exiled, alternative="airbend")
    expect.equal(game.players["B"].mana.total, 0, "{2}で唱えた")
    game.resolve_stack()
    expect.equal(game.current(spell).zone, Zone.BATTLEFIELD, "丘巨人が戦場に戻った")


# -- two instances of one additional cost ------------------------------------------------------------------

TWICE_CASUALTY = card("Test Twice Casualty Rite", "{1}{B}", "Sorcery", "casualty 1", "casualty 2",
                      spell=SpellAbility("You gain 3 life.", lambda r: r.game.gain_life(r.controller, 3)))
"""A made-up sorcery with casualty 1 and casualty 2: "You gain 3 life"."""


@check("702.153b@20260116.0@6ddb1650", "601.2b@20260116.0@bbae9992")
def casualty_instances_named_by_their_number(expect: Expect) -> None:
    """状況: Aは《灰色熊》（2/2）と《丘巨人》（3/3）をコントロールし、手札に犠牲1と犠牲2を持つ「3点のライフを得る」テスト用ソーサリー。
    行動: 「犠牲2」と「犠牲1」をそれぞれ名指しして両方を支払い（丘巨人と熊を生け贄に捧げ）て唱える。
    結果: 別々の犠牲なので両方を支払え、それぞれがコピーを作り、Aは計9点のライフを得る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    rite = in_hand(game, TWICE_CASUALTY)
    give_mana(game, "A", "{1}{B}")
    game.cast("A", rite, additional=("casualty 2", "casualty 1"))
    expect.equal((game.current(bears).zone, game.current(giant).zone), (Zone.GRAVEYARD, Zone.GRAVEYARD),
                 "丘巨人と熊を生け贄に捧げた")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 29, "コピー2つと元の呪文で計9点")

