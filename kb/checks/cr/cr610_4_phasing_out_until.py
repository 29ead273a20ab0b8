"""610.4: one-shot effects that phase a permanent out "until" an event (Oubliette): the permanent
doesn't phase in in the untap step, but as soon as the event happens, without the stack; not at
all if another effect phased it in first, or if the event came before the first effect; several
such returns after one event are simultaneous."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_spells import destroy_all
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    GameObject,
    PhasedIn,
    Resolution,
    SpellAbility,
    TriggeredAbility,
    card,
    cost,
    enters,
    one_shot,
    permanents,
    target_creature,
)


def _phase_out_until_this_leaves(*, tapped: bool):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        source = resolution.source_id
        if source is not None:
            one_shot.phase_out_until_leaves(resolution.game, resolution.objects(0), source, tapped=tapped)

    return effect


OUBLIETTE = real("土牢", card(
    "Oubliette", "{1}{B}{B}", "Enchantment",
    TriggeredAbility("When Oubliette enters, target creature phases out until Oubliette leaves the battlefield. "
                     "Tap that creature as it phases in this way.", enters(), _phase_out_until_this_leaves(tapped=True),
                     (target_creature(),))))

TRANQUILITY = real("平穏", card("Tranquility", "{2}{G}", "Sorcery", spell=SpellAbility(
    "Destroy all enchantments.", destroy_all(permanents("Enchantment")))))

TEST_PHASE_TOWER = card("Test Phase Tower", "{2}{W}", "Artifact", ActivatedAbility(
    "{0}: Target creature phases out until this artifact leaves the battlefield.", cost("{0}"),
    _phase_out_until_this_leaves(tapped=False), (target_creature(),)))
"""Test: an artifact: "{0}: Target creature phases out until this artifact leaves the battlefield"."""


def _into_the_oubliette(game: Game, target: GameObject, player: str = "A") -> GameObject:
    """``player``'s Oubliette enters and its ability, targeting ``target``, resolves."""
    oubliette = game.put_onto_battlefield(OUBLIETTE, player)
    assert oubliette is not None
    game.choices.script(ChoiceKind.TARGETS, target, player=player)
    game.resolve_stack()
    return oubliette


@check("610.4@20260116.0@aa63b292", "610.4a@20260116.0@d46be70a")
def oubliette_keeps_a_creature_through_untap_steps_until_it_leaves(expect: Expect) -> None:
    """状況: Bの《灰色熊》。
    行動: Aの《土牢》が戦場に出て、その能力で熊がフェイズ・アウトする。Bのターン、Aのターンと進み、その後《土牢》が破壊される。
    結果: 熊はBのアンタップ・ステップにフェイズ・インしない。《土牢》が戦場を離れた直後に、スタックを使わず、タップ状態で
    フェイズ・インする。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    oubliette = _into_the_oubliette(game, bears)
    expect.that(game.view(bears).phased_out, "熊はフェイズ・アウトした")
    game.next_turn("B")
    expect.that(game.view(bears).phased_out, "Bのアンタップ・ステップでフェイズ・インしない")
    game.next_turn("A")
    game.destroy(oubliette)
    expect.that(not game.view(bears).phased_out and not game.stack, "土牢が離れた直後にスタックを使わずフェイズ・インした")
    expect.that(game.obj(bears).tapped, "タップ状態でフェイズ・インした")


@check("610.4a@20260116.0@d46be70a")
def a_creature_phased_in_by_another_effect_is_not_brought_back_again(expect: Expect) -> None:
    """状況: Bの《灰色熊》。Aの《土牢》（1つ目）の能力で熊がフェイズ・アウトしている。
    行動: 別の効果で熊がフェイズ・インし、続いてAの2つ目の《土牢》の能力で再びフェイズ・アウトする。1つ目の《土牢》が破壊され、
    その後2つ目も破壊される。
    結果: 1つ目が離れても、熊はフェイズ・インしない（他の効果でフェイズ・インしたので、1つ目の2つ目の単発的効果は生じない）。
    2つ目が離れた直後にフェイズ・インする。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    first = _into_the_oubliette(game, bears)
    game.phase_in(bears)
    expect.that(not game.view(bears).phased_out, "別の効果でフェイズ・インした")
    second = _into_the_oubliette(game, bears)
    expect.that(game.view(bears).phased_out, "2つ目の土牢で再びフェイズ・アウトした")
    game.destroy(first)
    expect.that(game.view(bears).phased_out, "1つ目が離れても熊はフェイズ・アウトしたまま")
    game.destroy(second)
    expect.that(not game.view(bears).phased_out, "2つ目が離れた直後にフェイズ・インした")


@check("610.4b@20260116.0@138c8ed6", "610.4@20260116.0@aa63b292")
def an_activated_phase_out_until_does_nothing_if_the_event_came_first(expect: Expect) -> None:
    """状況: Aの「{0}：クリーチャー1体を対象とする。それはこのアーティファクトが戦場を離れるまでフェイズ・アウトする」テスト用
    アーティファクト2つと、Bの《灰色熊》2体。
    行動: 1つ目の能力で1体目をフェイズ・アウトさせる。2つ目の能力を2体目を対象に起動し、解決前に2つ目のアーティファクトが
    破壊される。
    結果: 1体目はフェイズ・アウトする。2つ目は起動後にアーティファクトが戦場を離れたので、2体目はフェイズ・アウトしない。"""
    game = Game(["A", "B"])
    tower = game.place(TEST_PHASE_TOWER)
    other = game.place(TEST_PHASE_TOWER)
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    game.activate("A", tower, targets=[first])
    game.resolve_stack()
    expect.that(game.view(first).phased_out, "1体目はフェイズ・アウトした")
    game.activate("A", other, targets=[second])
    game.destroy(other)
    game.resolve_stack()
    expect.that(not game.view(second).phased_out, "起動後に離れていたので2体目はフェイズ・アウトしない")


@check("610.4c@20260116.0@35c6a958", "610.4@20260116.0@aa63b292")
def oubliette_gone_before_its_ability_resolves_phases_nothing_out(expect: Expect) -> None:
    """状況: Bの《灰色熊》。
    行動: Aの《土牢》が戦場に出て、能力が熊を対象にスタックにある間に、《土牢》が破壊される。
    結果: 誘発後に《土牢》が戦場を離れているので、熊はフェイズ・アウトしない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    oubliette = game.put_onto_battlefield(OUBLIETTE, "A")
    assert oubliette is not None
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.refresh_priority()
    expect.that(bool(game.stack), "土牢の能力がスタックにある")
    game.destroy(oubliette)
    game.resolve_stack()
    expect.that(not game.view(bears).phased_out, "誘発後に土牢が離れていたので、熊はフェイズ・アウトしない")


@check("610.4d@20260116.0@1adce569", "610.4@20260116.0@aa63b292")
def creatures_of_two_oubliettes_phase_in_together(expect: Expect) -> None:
    """状況: Aの《土牢》2つが、それぞれBの《灰色熊》を1体ずつフェイズ・アウトさせている。
    行動: Aが《平穏》を唱え、すべてのエンチャントが同時に破壊される。
    結果: 2体の熊は、《土牢》が戦場を離れた直後に、1つのフェイズ・インとして同時にフェイズ・インする。"""
    game = Game(["A", "B"])
    bears = [game.place(cards.GRIZZLY_BEARS, player="B") for _ in range(2)]
    for one in bears:
        _into_the_oubliette(game, one)
    expect.that(all(game.view(b).phased_out for b in bears), "2体ともフェイズ・アウトしている")
    before = len(game.events(PhasedIn))
    cast(game, "A", TRANQUILITY)
    expect.that(not any(game.view(b).phased_out for b in bears), "2体ともフェイズ・インした")
    phased_in = game.events(PhasedIn)[before:]
    expect.equal([set(e.objects) for e in phased_in], [{b.id for b in bears}], "2体は同時にフェイズ・インした")
