"""The CR's second example of 702.1b: a variable of a granted keyword worked out anew for the object
as it is — flashback "equal to its mana cost" granted to a split card, cast as one half."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, real
from kb.checks.cr.cr709_split_cards import FIRE, ICE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import CardType, Game, Resolution, SpellAbility, UntilEndOfTurn, Zone, card
from kb.engine.characteristics import View
from kb.engine.context import Context, Seeable
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost
from kb.engine.parts import GainAbilities, Layer, LayerPart, Op
from kb.engine.spell_costs import add
from kb.engine.split_cards import split_card


def its_mana_cost(view: View) -> str:
    return str(view.mana_cost or "{0}")


def _flashback_at_its_mana_cost(context: Context, state: Seeable) -> Op:
    printed = context.game.objects[state.id].printed
    return GainAbilities((Keyword("flashback", str(printed.mana_cost or "{0}"), of_object=its_mana_cost),))


def _past_in_flames(resolution: Resolution) -> None:
    game = resolution.game
    spells = [o.id for o in game.graveyard(resolution.controller)
              if game.view(o.id).types & {CardType.INSTANT, CardType.SORCERY}]  # 611.2c: fixed as it resolves
    game.create_effect("gains flashback at its mana cost until end of turn", [LayerPart(
        Layer.ABILITY, "flashback, its cost equal to its mana cost", _flashback_at_its_mana_cost,
        frozenset({"mana_cost"}))], spells, UntilEndOfTurn(), source=resolution.source_id,
        controller=resolution.controller)


PAST_IN_FLAMES = real("炎の中の過去", card("Past in Flames", "{3}{R}", "Sorcery", spell=SpellAbility(
    "Until end of turn, each instant and sorcery card in your graveyard gains flashback. The flashback cost is "
    "equal to that card's mana cost.", _past_in_flames)))
"""炎の中の過去: until end of turn each instant and sorcery card in your graveyard has flashback at its own
mana cost (its own flashback {4}{R} is left out: no check here needs it)."""


def _as_one_cost(parameter: str) -> list[str]:
    """A flashback cost's symbols with the generic mana added up ({1}{R}{1}{U} is {2}{U}{R})."""
    return sorted(add(ManaCost(()), ManaCost.parse(parameter)).symbols)


@check("702.1b@20260116.0@f718399f", "702.34a@20260116.0@ba7daaa9", "709.3b@20260116.0@34be0734",
       "709.4@20260116.0@47b68f4b", example="702.1b#2@7b24581b")
def past_in_flames_gives_a_split_card_its_halfs_flashback(expect: Expect) -> None:
    """状況: Aの墓地に《火》//《氷》（{1}{R}のインスタント：2点のダメージ / {1}{U}のインスタント：クリーチャーをタップしカードを
    1枚引く）があり、手札に《炎の中の過去》（ターン終了時まで、あなたの墓地のインスタントとソーサリーのカードはフラッシュバックを
    得る。そのコストはそれぞれのマナ・コスト）。戦場にBの《灰色熊》。
    行動: Aが炎の中の過去を唱えて解決させる。Aは{1}{R}だけを持って、火//氷の火の半分を墓地からフラッシュバックで熊を対象に唱える。
    結果: 墓地の火//氷はマナ・コストが2つの半分を合わせたものなので「フラッシュバック{2}{U}{R}」を持つ。だが火を唱えた呪文の
    マナ・コストは{1}{R}だけなので、その呪文は「フラッシュバック{1}{R}」を持ち、{1}{R}で唱えられる。熊は死に、火//氷は
    フラッシュバックで唱えられたので追放される。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="B")
    fire_ice = game.place(split_card(FIRE, ICE), Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{3}{R}")
    game.cast("A", in_hand(game, PAST_IN_FLAMES))
    game.resolve_stack()
    in_yard = [_as_one_cost(k.parameter) for k in game.view(fire_ice).keywords("flashback")]
    expect.equal(in_yard, [sorted(["2", "U", "R"])], "墓地の火//氷はフラッシュバック{2}{U}{R}を持つ")
    give_mana(game, "A", "{1}{R}")
    spell = game.cast("A", game.current(fire_ice), half="left", alternative="flashback", targets=[bears])
    expect.equal([str(k) for k in game.view(spell).keywords("flashback")], ["flashback {1}{R}"],
                 "火を唱えた呪文はフラッシュバック{1}{R}を持つ")
    expect.equal(game.players["A"].mana.total, 0, "Aは{1}{R}を支払った")
    game.resolve_stack()
    expect.that(game.current(bears).zone is Zone.GRAVEYARD, "火は熊に2点を与えた")
    expect.that(any(o.card.halves is not None for o in game.in_zone(Zone.EXILE, "A")),
                "火//氷は追放された")
