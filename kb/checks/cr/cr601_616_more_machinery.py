"""More of the machinery of 601-616 at work: "play" a card means playing it as a land or casting it,
whichever applies (601.1a); "activating an ability" means an activated ability only (602.1c); an effect that has a double-faced card enter with its
back face up applies before the other replacement effects on that event (616.1d)."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_copies import WALL_OF_OMENS
from kb.checks.cr.cr601_casting import PRODIGAL_SORCERER
from kb.checks.cr.cr701_more_behaviour_subrules import MAYHEM_TONIC, MAYHEM_WASTES
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    StaticAbility,
    TriggeredAbility,
    Zone,
    card,
    keyword_abilities,
    on_event,
    replacement,
)
from kb.engine.events import AbilityActivated
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.triggers import TriggerContext


@check("601.1a@20260116.0@1e77814b", "305.1@20260116.0@c390b563")
def playing_a_card_is_playing_a_land_or_casting_a_spell(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの手札に、コストのない大混乱（このターンに捨てていれば、墓地からプレイしてよい）を持つテスト用の
    土地とソーサリー（{G}、あなたは1点のライフを得る）がある。
    行動: Aが2枚を捨て、その「プレイしてよい」によって墓地から土地をプレイし、ソーサリーを唱える。土地を呪文として唱えようとし、
    ソーサリーを土地としてプレイしようとする。
    結果: 「プレイする」は該当する方を指す。土地は土地としてプレイされ、スタックを使わずに戦場に出てこのターンの土地のプレイに
    数えられる。ソーサリーは呪文として唱えられてスタックに置かれ、解決してAは1点のライフを得る。土地を唱えることも、ソーサリーを
    土地としてプレイすることもできない。"""
    from kb.engine import actions

    game = Game(["A", "B"])
    land, tonic = game.place(MAYHEM_WASTES, Zone.HAND), game.place(MAYHEM_TONIC, Zone.HAND)
    actions.discard(game, "A", [land, tonic])
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", game.current(land)), "土地のカードは呪文として唱えられない")
    expect.refused(lambda: game.play_land("A", game.current(tonic)), "ソーサリーは土地としてプレイできない")
    played = game.play_land("A", game.current(land))
    expect.equal((played.zone, game.players["A"].lands_played, len(game.stack)), (Zone.BATTLEFIELD, 1, 0),
                 "土地は土地としてプレイされ、スタックを使わずに戦場に出て、土地のプレイに数えられた")
    spell = game.cast("A", game.current(tonic))
    expect.equal([item.spell for item in game.stack], [spell], "ソーサリーは呪文として唱えられ、スタックに置かれた")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "ソーサリーが解決し、Aは1点のライフを得た")


def _opponent_activates_a_non_mana_ability(t: TriggerContext) -> int:
    event = t.event
    if not isinstance(event, AbilityActivated) or event.player not in t.game.opponents(t.source.controller):
        return 0
    source = t.game.view(event.source_id)
    mana = any(a.text == event.text and a.is_mana_ability for a in keyword_abilities.activated(source))
    return int(not mana and any(source.is_a(kind) for kind in ("Artifact", "Creature", "Land")))


def _two_damage_to_that_player(resolution: Resolution) -> None:
    event = resolution.event
    assert isinstance(event, AbilityActivated)
    source = resolution.source_id
    assert source is not None
    resolution.game.deal_damage(source, event.player, 2)


HARSH_MENTOR = real("過酷な指導者", card(
    "Harsh Mentor", "{1}{R}", "Creature — Human Cleric", 2, 2,
    TriggeredAbility("Whenever an opponent activates an ability of an artifact, creature, or land that isn't a mana "
                     "ability, this creature deals 2 damage to that player.",
                     on_event("whenever an opponent activates an ability", (AbilityActivated,),
                              _opponent_activates_a_non_mana_ability), _two_damage_to_that_player)))


@check("602.1c@20260116.0@71dd3003")
def activating_an_ability_means_an_activated_ability(expect: Expect) -> None:
    """状況: Bのターン。Aは《過酷な指導者》（対戦相手がアーティファクトかクリーチャーか土地のマナ能力でない能力を起動するたび、
    そのプレイヤーに2点のダメージを与える）をコントロールしている。Bは《放蕩魔術師》をコントロールし、手札に《前兆の壁》
    （戦場に出たとき、カードを1枚引く）がある。
    行動: Bが魔術師の能力をAを対象として起動し、解決させる。次にBが壁を唱え、その戦場に出たときの誘発型能力が解決する。
    結果: 起動型能力の起動で指導者が誘発し、Bは2点、Aは1点のダメージを受ける。能力を「起動する」とは起動型能力のことだけなので、
    壁の誘発型能力が誘発してスタックに置かれ解決しても、指導者は誘発しない。"""
    game = Game(["B", "A"])
    game.place(HARSH_MENTOR, player="A")
    sorcerer = game.place(PRODIGAL_SORCERER, player="B")
    game.activate("B", sorcerer, 0, targets=["A"])
    game.resolve_stack()
    expect.equal((game.players["B"].life, game.players["A"].life), (18, 19),
                 "起動型能力の起動で指導者が誘発し、Bは2点、Aは1点のダメージを受けた")
    drawn = game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "B")
    cast(game, "B", WALL_OF_OMENS)
    expect.equal(game.current(drawn).zone, Zone.HAND, "壁の誘発型能力が誘発して解決し、Bはカードを1枚引いた")
    expect.equal(game.players["B"].life, 18, "壁の誘発型能力は起動されたものではなく、指導者は誘発しなかった")


def _human_you_control_entering(context: ReplacementContext, move: Move) -> bool:
    if move.to_zone is not Zone.BATTLEFIELD:
        return False
    arriving = replacement.as_it_would_enter(context.game, move)  # as it would be there, face and all (614.12)
    return arriving is not None and arriving.is_a("Creature") and "Human" in arriving.subtypes \
        and arriving.controller == context.context.player("you")


HUMAN_BANNER = card("Test Human Banner", "{1}{W}", "Enchantment", StaticAbility(
    "Each Human creature you control enters with an additional +1/+1 counter on it.", replacements=(Replacement(
        "Each Human creature you control enters with an additional +1/+1 counter on it.", Move,
        _human_you_control_entering, lambda c, m: with_changes(m, counters=(*m.counters, ("+1/+1", 1)))),)))
"""Test: an enchantment, "each Human creature you control enters with an additional +1/+1 counter on it"."""


@check("616.1d@20260116.0@15abf62d", "614.12@20260116.0@7f67dc9f", "702.145b@20260116.0@95dedeb5")
def the_back_face_replacement_comes_before_the_others(expect: Expect) -> None:
    """状況: Aは「あなたがコントロールする人間・クリーチャーは、追加の+1/+1カウンター1個が置かれた状態で戦場に出る」テスト用の
    エンチャントをコントロールしている。Aの手札に《ケッシグの自然主義者》（人間・狼男、日暮。第2面は狼男の「ウルヴェンワルドの
    王」）が2枚ある。
    行動: 昼にAが1枚目の自然主義者を唱える。夜になってから2枚目を唱える。
    結果: 昼には人間として出るので+1/+1カウンターが置かれる。夜には日暮の「変身した状態で戦場に出る」置換効果が他の置換効果より
    先に適用され、Aは順番を選ばない。第2面の王は人間ではないので、エンチャントの置換効果は適用されず、カウンターなしの3/3で出る。"""
    from kb.checks.cr.cr702_145_daybound import KESSIG_NATURALIST
    from kb.engine.day_night import DAY, NIGHT, becomes

    game = Game(["A", "B"])
    game.place(HUMAN_BANNER)
    becomes(game, DAY)
    cast(game, "A", KESSIG_NATURALIST)
    [first] = game.creatures("A")
    expect.equal((game.view(first).name, game.view(first).counters.get("+1/+1", 0)), ("Kessig Naturalist", 1),
                 "昼には人間として出て、+1/+1カウンターが置かれた")
    becomes(game, NIGHT)
    cast(game, "A", KESSIG_NATURALIST)
    [second] = [c for c in game.creatures("A") if c.id != first.id]
    expect.equal((game.view(second).name, game.view(second).counters.get("+1/+1", 0), game.view(second).pt),
                 ("Lord of the Ulvenwald", 0, (3, 3)), "夜には変身した状態が先に決まり、人間でない王はカウンターなしで出た")
    expect.equal([c for c, _ in game.choices.asked if c.kind is ChoiceKind.REPLACEMENT], [],
                 "置換効果の順番をAが選ぶことはなかった")
