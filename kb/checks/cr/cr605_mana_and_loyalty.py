"""Mana abilities (605) and loyalty abilities (606): the CR's examples — a mana ability that makes
no mana is still one, a triggered mana ability adds its mana in the middle of a payment, loyalty
costs combined with an additional one — and what sets mana and loyalty abilities apart."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr601_casting_spells import PITHING_NEEDLE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, in_hand
from kb.engine import (
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    ManaAdded,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    card,
    cost,
    creatures,
    gain,
    lands,
    modify_pt,
    on_event,
    token,
)
from kb.engine.context import Context
from kb.engine.rules import LoyaltyCostChange
from kb.engine.selectors import objects
from kb.engine.targets import TargetSpec
from kb.engine.triggers import TriggerContext


def _green_for_each_creature(context: Context) -> str:
    you = context.player("you")
    return "{G}" * sum(1 for s in context.states.values()
                       if s.zone is Zone.BATTLEFIELD and s.is_a("Creature") and s.controller == you)


GAEAS_CRADLE = real("ガイアの揺籃の地", card(
    "Gaea's Cradle", None, "Legendary Land",
    ActivatedAbility("{T}: Add {G} for each creature you control.", cost("{T}"), mana=_green_for_each_creature)))


@check("605.2@20260116.0@0a06ab05", "605.1a@20260116.0@1aede6f8", "605.3b@20260116.0@19c2a602",
       "605.3@20260116.0@15414a0b",
       example="605.2#1@eaee2f29")
def a_mana_ability_stays_one_when_it_makes_no_mana(expect: Expect) -> None:
    """状況: Aの《ガイアの揺籃の地》（{T}：あなたがコントロールするクリーチャー1体につき{G}を加える）。Bの《真髄の針》が揺籃の地を
    指定している（マナ能力でない起動型能力は起動できない）。Aはクリーチャーをコントロールしていない。
    行動: Aが揺籃の地の能力を起動する。アンタップされてから、《灰色熊》2体をコントロールしている状態でもう一度起動する。
    結果: クリーチャーがいなくても能力はマナ能力なので、針に止められず、スタックを使わずにすぐ解決して何も加えない。熊が2体いれば
    {G}{G}を加える。"""
    game = Game(["A", "B"])
    cradle = game.place(GAEAS_CRADLE)
    game.choices.script(ChoiceKind.CARD_NAME, "Gaea's Cradle", player="B")
    game.put_onto_battlefield(PITHING_NEEDLE, "B")
    game.activate("A", cradle)
    expect.that(game.view(cradle).tapped and not game.stack, "マナ能力として起動でき、スタックを使わずに解決した")
    expect.equal(game.players["A"].mana.total, 0, "何も加えなかった")
    game.untap(cradle)
    game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS)
    game.activate("A", cradle)
    expect.equal(game.players["A"].mana.mana["G"], 2, "熊2体で{G}{G}を加えた")


def _land_tapped_for_mana(t: TriggerContext) -> int:
    event = t.event
    return int(isinstance(event, ManaAdded) and event.tapped and bool(event.mana)
               and t.seen.get(event.source_id) is not None and t.seen[event.source_id].is_a("Land"))


def _one_more_of_that_type(resolution: Resolution) -> None:
    event = resolution.event
    if isinstance(event, ManaAdded):
        kinds = sorted(set(event.mana.replace("}", "").split("{")) - {""})
        from kb.engine.choices import Choice

        kind = kinds[0] if len(kinds) == 1 else resolution.game.choices.ask(Choice(
            ChoiceKind.COLOR, event.player, "a type of mana that land produced", tuple(kinds)))
        resolution.game.players[event.player].mana.add(f"{{{kind}}}")
        resolution.game.touch()


MANA_FLARE = real("ほとばしる魔力", card(
    "Mana Flare", "{2}{R}", "Enchantment",
    TriggeredAbility("Whenever a player taps a land for mana, that player adds one mana of any type that land "
                     "produced.", on_event("whenever a player taps a land for mana", (ManaAdded,), _land_tapped_for_mana),
                     _one_more_of_that_type, mana_ability=True)))


@check("605.4a@20260116.0@f794d300", "605.1b@20260116.0@933ced03", "605.3a@20260116.0@2a1cd8c7",
       "601.2g@20260116.0@9e38480a", "605.1@20260116.0@1e3599ac", "605.4@20260116.0@7b066734", example="605.4a#1@3baa12f2")
def a_triggered_mana_ability_adds_its_mana_during_the_payment(expect: Expect) -> None:
    """状況: Aの《山》2つ。Aの手札に《丘巨人》（{3}{R}）。
    行動: 《ほとばしる魔力》（プレイヤーが土地をタップしてマナを出すたび、その土地が出したタイプのマナ1点を加える）がない状態で、
    山2つで支払って巨人を唱えようとする。魔力を出してから、もう一度同じように唱える。
    結果: 魔力がなければ2点しか出ず唱えられない。魔力があると、山をタップするたびに誘発型マナ能力がスタックを使わずにすぐ解決して
    {R}を加えるので、唱えている途中の支払いで4点になり、巨人を唱えられる。"""
    game = Game(["A", "B"])
    mountains = [game.place(MOUNTAIN), game.place(MOUNTAIN)]
    giant = in_hand(game, cards.HILL_GIANT)
    expect.refused(lambda: game.cast("A", giant, pay_with=mountains), "魔力がなければ2点では足りない")
    game.place(MANA_FLARE, player="B")
    spell = game.cast("A", giant, pay_with=mountains)
    expect.equal([item.spell for item in game.stack], [spell], "誘発した能力はスタックを使わず、巨人だけがスタックにある")
    expect.equal(game.players["A"].mana.total, 0, "山2つと魔力の2点で{3}{R}を支払った")


DARK_RITUAL = real("暗黒の儀式", card("Dark Ritual", "{B}", "Instant", spell=SpellAbility(
    "Add {B}{B}{B}.", lambda r: r.game.players[r.controller].mana.add("{B}{B}{B}"))))


@check("605.5b@20260116.0@357d35d4", "605.5@20260116.0@2650846b")
def a_spell_that_makes_mana_is_not_a_mana_ability(expect: Expect) -> None:
    """状況: Aの手札に《暗黒の儀式》（{B}{B}{B}を加える）と《対抗呪文》をBが持つ。
    行動: Aが儀式を唱え、Bがそれを打ち消す。次にAがもう1枚を唱えて解決させる。
    結果: マナを出す呪文もマナ能力ではない：スタックに置かれ、対応でき、打ち消されればマナは出ない。解決すれば{B}{B}{B}を加える。"""
    from kb.checks.cr.cr601_casting import COUNTERSPELL

    game = Game(["A", "B"])
    ritual = cast(game, "A", DARK_RITUAL, resolve=False)
    expect.equal([item.spell for item in game.stack], [ritual], "儀式はスタックに置かれた")
    game.pass_priority_to("B")
    cast(game, "B", COUNTERSPELL, [ritual])
    expect.equal(game.players["A"].mana.total, 0, "打ち消されてマナは出なかった")
    cast(game, "A", DARK_RITUAL)
    expect.equal(game.players["A"].mana.mana["B"], 3, "解決して{B}{B}{B}を加えた")


def _untap_two(resolution: Resolution) -> None:
    resolution.game.untap(*resolution.objects(0))


def _beast(resolution: Resolution) -> None:
    resolution.game.create_token(token("Beast", "Creature — Beast", 3, 3, colors="G"), resolution.controller)


def _overrun(resolution: Resolution) -> None:
    resolution.create_effect("creatures you control get +3/+3 and gain trample until end of turn",
                             [modify_pt(3, 3), gain("trample")], creatures(controller="you"), UntilEndOfTurn())


GARRUK_WILDSPEAKER = real("野生語りのガラク", card(
    "Garruk Wildspeaker", "{2}{G}{G}", "Legendary Planeswalker — Garruk",
    ActivatedAbility("[+1]: Untap two target lands.", cost("[+1]"), _untap_two,
                     (TargetSpec("two target lands", lands(), None, 2),)),
    ActivatedAbility("[−1]: Create a 3/3 green Beast creature token.", cost("[−1]"), _beast),
    ActivatedAbility("[−4]: Creatures you control get +3/+3 and gain trample until end of turn.", cost("[−4]"),
                     _overrun),
    loyalty=3))

CARTH_THE_LION = real("獅子のカルス", card(
    "Carth the Lion", "{2}{B}{G}", "Legendary Creature — Human Warrior", 3, 5,
    StaticAbility("Planeswalkers' loyalty abilities you activate cost an additional [+1] to activate.",
                  rules=(LoyaltyCostChange(objects("Planeswalker"), 1),))))
"""獅子のカルス; its triggered ability is left out."""


@check("606.5@20260116.0@7f2a4504", "606.4@20260116.0@69df0aab", "606.6@20260116.0@3948f055",
       "306.5b@20260116.0@b8ccc90f", example="606.5#1@383a1dd4")
def loyalty_costs_are_combined_into_one(expect: Expect) -> None:
    """状況: Aの《野生語りのガラク》（忠誠度3、[+1]：土地2つをアンタップする、[−4]：あなたのクリーチャーは+3/+3とトランプル）と
    タップ状態の《山》2つ。
    行動: 《獅子のカルス》（あなたが起動するプレインズウォーカーの忠誠度能力のコストは[+1]多くなる）がないとき、[−4]を起動しようと
    する。カルスを出してから[+1]を起動する。別のゲームで、カルスがいるときに忠誠度3のガラクの[−4]を起動する。
    結果: カルスがなければ忠誠カウンターが3個では[−4]は起動できない。カルスがあれば[+1]は合わせて[+2]になりカウンターを2個置く。
    [−4]は合わせて[−3]になり、3個で起動できて3個取り除かれ、ガラクは墓地に置かれる。"""
    game = Game(["A", "B"])
    garruk = game.place(GARRUK_WILDSPEAKER)
    lands_ = [game.place(MOUNTAIN, tapped=True), game.place(MOUNTAIN, tapped=True)]
    expect.refused(lambda: game.activate("A", garruk, 2), "カルスがなければ、忠誠カウンター3個では[−4]を起動できない")
    game.place(CARTH_THE_LION)
    game.activate("A", garruk, 0, targets=[lands_])
    expect.equal(game.obj(garruk).counter("loyalty"), 5, "[+1]と[+1]を合わせた[+2]で、カウンターが2個置かれた")
    game.resolve_stack()
    other = Game(["A", "B"])
    walker = other.place(GARRUK_WILDSPEAKER)
    other.place(CARTH_THE_LION)
    bears = other.place(cards.GRIZZLY_BEARS)
    other.activate("A", walker, 2)
    expect.that(other.current(walker).zone is Zone.GRAVEYARD and len(other.stack) == 1,
                "[−4]と[+1]を合わせた[−3]でカウンターが3個取り除かれて起動でき、忠誠度0のガラクは墓地に置かれた")
    other.resolve_stack()
    expect.equal(other.view(bears).pt, (5, 5), "能力は解決して熊は5/5")


@check("606.3@20260116.0@0efb7b33", "606.2@20260116.0@b1adfe95", "606.1@20260116.0@c9203e5e")
def one_loyalty_ability_per_turn_at_sorcery_speed(expect: Expect) -> None:
    """状況: Aの《野生語りのガラク》（忠誠度3）。
    行動: Aが[−1]を起動して解決し、同じターンにもう一度[−1]を起動しようとする。次のターンのアップキープに起動しようとし、メイン・
    フェイズに起動する。Bのターンにも起動しようとする。
    結果: 忠誠度能力はそのパーマネントにつき1ターンに1回、自分のメイン・フェイズにスタックが空のときだけ起動できる：2回目、
    アップキープ、Bのターンは拒否され、次のメイン・フェイズには起動できる。"""
    game = Game(["A", "B"])
    garruk = game.place(GARRUK_WILDSPEAKER)
    game.activate("A", garruk, 1)
    game.resolve_stack()
    expect.equal(game.obj(garruk).counter("loyalty"), 2, "[−1]でカウンターが1個取り除かれ、ビーストが出た")
    expect.refused(lambda: game.activate("A", garruk, 1), "同じターンに2回目は起動できない")
    game.next_turn("B")
    expect.refused(lambda: game.activate("B", garruk, 1), "コントローラーでないBは起動できない")
    game.advance_to(Step.UPKEEP, "A")
    expect.refused(lambda: game.activate("A", garruk, 1), "アップキープには起動できない")
    game.advance_to(Step.DECLARE_ATTACKERS, "A")
    game.advance_to(Step.END_OF_COMBAT, "A")
    game.next_turn("A")
    game.activate("A", garruk, 1)
    game.resolve_stack()
    expect.equal(game.obj(garruk).counter("loyalty"), 1, "次のターンのメイン・フェイズには起動できた")
