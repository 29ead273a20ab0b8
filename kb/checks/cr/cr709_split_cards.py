"""Split cards (709), fuse (702.102) and aftermath (702.127): the CR's examples of a split card's
combined mana cost, and a split card cast one half at a time, fused, or half from the graveyard."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    Color,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    any_target,
    base_pt,
    becomes_color,
    becomes_creature_types,
    card,
    is_dealt_damage,
    lose_all_abilities,
    target_creature,
    token,
)
from kb.engine.characteristics import View
from kb.engine.split_cards import split_card


def _damage(amount: int) -> Callable[[Resolution], None]:
    def effect(resolution: Resolution) -> None:
        if resolution.target is not None and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, resolution.target, amount)

    return effect


def _elephant(resolution: Resolution) -> None:
    resolution.game.create_token(ELEPHANT, resolution.controller)


ELEPHANT = token("Elephant", "Creature — Elephant", 3, 3, colors="G")

ASSAULT = real("暴行", card("Assault", "{R}", "Sorcery", spell=SpellAbility(
    "Assault deals 2 damage to target creature.", _damage(2), (target_creature(),))))
BATTERY = real("殴打", card("Battery", "{3}{G}", "Sorcery", spell=SpellAbility(
    "Create a 3/3 green Elephant creature token.", _elephant)))
ASSAULT_BATTERY = split_card(ASSAULT, BATTERY)
"""《暴行》//《殴打》: 2点のダメージ / 3/3の象トークン。"""


def _ice(resolution: Resolution) -> None:
    game = resolution.game
    for chosen in resolution.objects(0):
        game.tap(chosen)
    game.draw(resolution.controller)


FIRE = real("火", card("Fire", "{1}{R}", "Instant", spell=SpellAbility(
    "Fire deals 2 damage to any target.", _damage(2), (any_target(),))))
"""火: our model deals the 2 damage to one target (dividing it between two is left out)."""
ICE = real("氷", card("Ice", "{1}{U}", "Instant", spell=SpellAbility(
    "Tap target permanent. Draw a card.", _ice, (target_creature(),))))
"""氷: our model taps a target creature (any permanent on the card)."""


def _augury(resolution: Resolution) -> None:
    from kb.engine import NotModelled

    raise NotModelled("Steam Augury's piles of the top five cards (a Fact or Fiction an opponent splits)")


STEAM_AUGURY = real("蒸気占い", card("Steam Augury", "{2}{U}{R}", "Instant", spell=SpellAbility(
    "Reveal the top five cards of your library; an opponent splits them into two piles …", _augury)))
"""蒸気占い: only its mana cost plays a part here; resolving it is not modelled."""


def no_symbol_twice(view: View) -> bool:
    """《湧き出る源、ジェガンサ》's companion condition on a card of the starting deck: no mana symbol
    appears more than once in its mana cost (the symbols as printed, 709.4b)."""
    symbols = view.mana_cost.symbols if view.mana_cost is not None else ()
    return all(n == 1 for n in Counter(symbols).values())


JEGANTHA = real("湧き出る源、ジェガンサ", card(
    "Jegantha, the Wellspring", "{4}{R/G}", "Creature — Elemental Elk", 5, 5,
    StaticAbility("Companion — No card in your starting deck has more than one of the same mana symbol in its "
                  "mana cost.")))
"""湧き出る源、ジェガンサ: its companion condition is :func:`no_symbol_twice` (companion itself, 702.139,
and its mana ability are left out)."""


@check("709.4b@20260116.0@dcebf979", "709.4@20260116.0@47b68f4b", "709.3b@20260116.0@34be0734",
       "709.3@20260116.0@7be9cdf0", example="709.4b#1@a4d20599")
def a_split_card_has_both_costs_but_its_spell_only_one(expect: Expect) -> None:
    """状況: Aの手札に《暴行》//《殴打》（{R}のソーサリー：クリーチャー1体に2点 / {3}{G}のソーサリー：3/3の象トークン）。
    戦場にBの《灰色熊》。
    行動: Aがカードを見る。Aが暴行を唱え、解決させる。
    結果: 手札のカードのマナ・コストは2つの半分を合わせた{R}{3}{G}で、赤と緑のカード、マナ総量は5。唱えた暴行は
    赤い呪文で、マナ総量は1（殴打の特性は存在しない）。熊は死に、墓地のカードは再び両方の特性を合わせ持つ。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="B")
    held = in_hand(game, ASSAULT_BATTERY)
    seen = game.view(held)
    expect.equal(sorted(seen.mana_cost.symbols if seen.mana_cost else ()), ["3", "G", "R"],
                 "マナ・コストは2つの半分のコストを合わせたもの")
    expect.equal(seen.colors, frozenset({Color.RED, Color.GREEN}), "赤と緑のカード")
    expect.equal(seen.mana_value, 5, "マナ総量は5")
    give_mana(game, "A", "{R}")
    spell = game.cast("A", held, half="left", targets=[bears])
    on_stack = game.view(spell)
    expect.equal((on_stack.name, on_stack.colors, on_stack.mana_value), ("Assault", frozenset({Color.RED}), 1),
                 "唱えた暴行は赤い呪文で、マナ総量は1")
    game.resolve_stack()
    expect.that(game.current(bears).zone is Zone.GRAVEYARD, "暴行は熊に2点を与えた")
    [in_yard] = game.graveyard("A")
    expect.equal(game.view(in_yard).mana_value, 5, "墓地ではふたたび両方を合わせたマナ総量5")


@check("709.4b@20260116.0@dcebf979", "709.4@20260116.0@47b68f4b", example="709.4b#2@b25358b1")
def the_symbols_of_a_split_cards_costs_stay_separate(expect: Expect) -> None:
    """状況: Aのデッキ候補に《火》//《氷》（{1}{R}と{1}{U}のインスタント）と《蒸気占い》（{2}{U}{R}）。Aは
    《湧き出る源、ジェガンサ》を相棒にしたい（デッキのカードはどれも、マナ・コストに同じマナ・シンボルを2つ以上含まない）。
    行動: 2枚のカードのマナ・コストとジェガンサの条件を見る。
    結果: 火//氷のマナ・コストは{2}{U}{R}と同じマナ総量4で同じ色だが、シンボルは別々に数えられ{1}が2つある。だから
    ジェガンサの条件を満たすのは蒸気占いだけ。"""
    game = Game(["A", "B"])
    split = in_hand(game, split_card(FIRE, ICE))
    augury = in_hand(game, STEAM_AUGURY)
    split_view, augury_view = game.view(split), game.view(augury)
    expect.equal((split_view.mana_value, split_view.colors), (augury_view.mana_value, augury_view.colors),
                 "火//氷と蒸気占いはマナ総量4の青と赤のカード")
    expect.that(no_symbol_twice(augury_view), "蒸気占いはジェガンサの条件を満たす")
    expect.equal(Counter(split_view.mana_cost.symbols if split_view.mana_cost else ())["1"], 2,
                 "火//氷のマナ・コストには{1}が2つある")
    expect.that(not no_symbol_twice(split_view), "火//氷はジェガンサの条件を満たさない")


@check("709.3@20260116.0@7be9cdf0", "709.3a@20260116.0@eb347ebd", "709.2@20260116.0@4cc55d14",
       "709.4c@20260116.0@4c8e61eb")
def a_player_casts_one_half_judged_alone(expect: Expect) -> None:
    """状況: Aのターンの戦闘開始ステップ。Aの手札に《火》//《氷》（どちらもインスタント）と《暴行》//《殴打》（どちらもソーサリー）。
    戦場にBの《灰色熊》。
    行動: Aが火//氷を、半分を選ばずに唱えようとする。次に氷を唱えて熊をタップし、カードを1枚引く。暴行を唱えようとする。
    結果: 半分を選ばずには唱えられない。氷はインスタントなので唱えられ、熊はタップされてAは1枚引く。手札の枚数は
    1枚減って1枚増える（分割カードは1枚のカード）。暴行はソーサリーなので唱えられない。"""
    game = Game(["A", "B"])
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    bears = game.place(GRIZZLY_BEARS, player="B")
    game.place(HILL_GIANT, Zone.LIBRARY, "A")
    split = in_hand(game, split_card(FIRE, ICE))
    sorceries = in_hand(game, ASSAULT_BATTERY)
    give_mana(game, "A", "{1}{U}")
    expect.refused(lambda: game.cast("A", split, targets=[bears]), "どちらの半分を唱えるか選ばなければならない")
    hand_before = len(game.hand("A"))
    game.cast("A", split, half="right", targets=[bears])
    expect.equal(len(game.hand("A")), hand_before - 1, "分割カードは1枚のカードとして手札を離れた")
    game.resolve_stack()
    expect.that(game.view(bears).status.tapped, "氷は熊をタップした")
    expect.equal(len(game.hand("A")), hand_before, "Aは1枚引いた")
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", sorceries, half="left", targets=[bears]), "暴行はソーサリーなので今は唱えられない")


# -- 702.102 fuse ---------------------------------------------------------------------------------------


def _turn(resolution: Resolution) -> None:
    resolution.create_effect("loses all abilities and becomes a red Weird with base power and toughness 0/1",
                             [lose_all_abilities(), becomes_color("R"), becomes_creature_types("Weird"),
                              base_pt(0, 1)], resolution.targets(0), UntilEndOfTurn())


TURN = real("変化", card("Turn", "{2}{U}", "Instant", "fuse", spell=SpellAbility(
    "Until end of turn, target creature loses all abilities and becomes a red Weird with base power and "
    "toughness 0/1.", _turn, (target_creature(),))))
BURN = real("点火", card("Burn", "{1}{R}", "Instant", "fuse", spell=SpellAbility(
    "Burn deals 2 damage to any target.", _damage(2), (any_target(),))))
TURN_BURN = split_card(TURN, BURN)
"""《変化》//《点火》 with fuse (printed once across the card; here on each half, so the card has it)."""


def _gain(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


TEST_SCAB = card("Test Scab", "{2}{G}", "Creature — Beast", 3, 3,
                 TriggeredAbility("Whenever this creature is dealt damage, you gain 3 life.", is_dealt_damage(), _gain))
"""Test: a 3/3 whose controller gains 3 life whenever it is dealt damage."""


@check("702.102a@20260116.0@8b366fe3", "702.102b@20260116.0@da7dd68c", "702.102c@20260116.0@af7a937b",
       "702.102d@20260116.0@3542430f", "709.4d@20260116.0@c99bf9d3")
def a_fused_split_spell_has_both_halves_left_first(expect: Expect) -> None:
    """状況: Aの手札に融合を持つ《変化》//《点火》（{2}{U}：クリーチャー1体はターン終了時まで能力を失い赤の0/1の奇魔になる /
    {1}{R}：2点のダメージ）。戦場にBのテスト用クリーチャー（3/3、ダメージを受けるたびにコントローラーは3点のライフを得る）。
    行動: Aが4マナで両方の半分を唱えようとし、5マナで融合して両方ともそのクリーチャーを対象に唱える。
    結果: 融合した呪文の総コストは両方のマナ・コストなので4マナでは唱えられない。スタック上の呪文は両方の特性を合わせ持ち、
    青と赤でマナ総量5。解決すると左の変化が先に従われ、能力を失った0/1に点火の2点が与えられる：クリーチャーは死に、
    Bはライフを得ない。"""
    game = Game(["A", "B"])
    scab = game.place(TEST_SCAB, player="B")
    held = in_hand(game, TURN_BURN)
    give_mana(game, "A", "{1}{U}{R}{1}")
    expect.refused(lambda: game.cast("A", held, half="fused", targets=[scab, scab]), "4マナでは融合して唱えられない")
    game.add_mana("A", "{C}")
    spell = game.cast("A", held, half="fused", targets=[scab, scab])
    seen = game.view(spell)
    expect.equal((seen.colors, seen.mana_value), (frozenset({Color.BLUE, Color.RED}), 5),
                 "融合した呪文は青と赤でマナ総量5")
    game.resolve_stack()
    expect.that(game.current(scab).zone is Zone.GRAVEYARD, "0/1になったクリーチャーは点火の2点で死んだ")
    expect.equal(game.players["B"].life, 20, "能力を失った後にダメージを受けたので、Bはライフを得なかった")


@check("702.102a@20260116.0@8b366fe3", "709.3@20260116.0@7be9cdf0")
def fuse_works_only_from_the_hand(expect: Expect) -> None:
    """状況: Aの墓地に《変化》//《点火》。Aは墓地から呪文を唱えてよいテスト用のエンチャントをコントロールしている。
    戦場にBの《灰色熊》。
    行動: Aが墓地から点火だけを唱える。墓地に戻ったカードを、もう1体の熊を対象に融合して唱えようとする。
    結果: 点火だけなら唱えられ、熊は死ぬ。融合は手札から唱える場合だけなので、墓地からは融合しては唱えられない。"""
    from kb.engine import CastPermission, objects

    game = Game(["A", "B"])
    game.place(card("Test Graveyard Casting", "{2}", "Enchantment", StaticAbility(
        "You may cast spells from your graveyard.",
        rules=(CastPermission(objects(zones=tuple(Zone)), Zone.GRAVEYARD),))), player="A")
    bears = game.place(GRIZZLY_BEARS, player="B")
    in_yard = game.place(TURN_BURN, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", in_yard, half="right", targets=[bears])
    game.resolve_stack()
    expect.that(game.current(bears).zone is Zone.GRAVEYARD, "点火だけなら墓地から唱えられた")
    [again] = game.graveyard("A")
    other = game.place(GRIZZLY_BEARS, player="B")
    give_mana(game, "A", "{2}{U}{1}{R}")
    expect.refused(lambda: game.cast("A", again, half="fused", targets=[other, other]),
                   "墓地からは融合して唱えられない")


# -- 702.127 aftermath ----------------------------------------------------------------------------------


def _ribbons(resolution: Resolution) -> None:
    game = resolution.game
    for player in game.opponents(resolution.controller):
        game.lose_life(player, resolution.x)


CUT = real("木端", card("Cut", "{1}{R}", "Sorcery", spell=SpellAbility(
    "Cut deals 4 damage to target creature.", _damage(4), (target_creature(),))))
RIBBONS = real("微塵", card("Ribbons", "{X}{B}{B}", "Sorcery", "aftermath", spell=SpellAbility(
    "Each opponent loses X life.", _ribbons)))
CUT_RIBBONS = split_card(CUT, RIBBONS)


@check("702.127a@20260116.0@c16cbd13", "709.3a@20260116.0@eb347ebd")
def an_aftermath_half_is_cast_only_from_the_graveyard_and_then_exiled(expect: Expect) -> None:
    """状況: Aの手札に《木端》//《微塵》（{1}{R}：クリーチャー1体に4点 / 余波を持つ{X}{B}{B}：各対戦相手はX点のライフを失う）。
    戦場にBの《丘巨人》。
    行動: Aが木端を唱えて巨人に4点を与える。墓地に置かれたカードから木端を唱えようとする。手札のもう1枚の木端//微塵から
    微塵を唱えようとし、墓地のカードからX=2で微塵を唱える。
    結果: 木端は手札から唱えられて巨人は死に、カードは墓地に置かれる。墓地からは木端は唱えられない。余波の半分は墓地以外
    からは唱えられないが、墓地からは唱えられ、Bは2点を失う。墓地から唱えた微塵はスタックを離れると追放される。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="B")
    held = in_hand(game, CUT_RIBBONS)
    give_mana(game, "A", "{1}{R}")
    game.cast("A", held, half="left", targets=[giant])
    game.resolve_stack()
    expect.that(game.current(giant).zone is Zone.GRAVEYARD, "木端は巨人に4点を与えた")
    [in_yard] = game.graveyard("A")
    expect.that(in_yard.card is CUT_RIBBONS, "手札から唱えた木端は墓地に置かれた")
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", in_yard, half="left", targets=[game.place(GRIZZLY_BEARS, player="B")]),
                   "余波のない木端は墓地からは唱えられない")
    another = in_hand(game, CUT_RIBBONS)
    give_mana(game, "A", "{B}{B}")
    expect.refused(lambda: game.cast("A", another, half="right", x=2), "微塵は手札からは唱えられない")
    game.cast("A", in_yard, half="right", x=2)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 18, "微塵は墓地から唱えられ、Bは2点を失った")
    exiled = [o for o in game.in_zone(Zone.EXILE, "A") if o.card is CUT_RIBBONS]
    expect.that(len(exiled) == 1 and not game.graveyard("A"), "墓地から唱えた微塵は追放された")
