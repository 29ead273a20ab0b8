"""Linked abilities (607): the CR's examples — a choice belongs to the ability that made it, so a
copy that never made it, or an ability copied from another object, finds it undefined — and the
kinds of linked abilities the model plays."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks.cards import real
from kb.checks.cards_spells import QUIRION_ELVES, VOICE_OF_ALL
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Replacement,
    Resolution,
    StaticAbility,
    TriggeredAbility,
    Zone,
    card,
    cost,
    creatures,
    enters,
    target_creature,
)
from kb.engine.characteristics import Characteristics, CopiableCard
from kb.engine.parts import copy_of_values
from kb.engine.replacement import Category, Move, ReplacementContext


def _become_a_copy_except(resolution: Resolution, copied: int, kept: object) -> None:
    """The source becomes a copy of ``copied``, except it has ``kept`` (707.9b)."""
    game = resolution.game
    source = resolution.source_id
    if source is None or source not in game.objects or copied not in game.objects:
        return
    values = game.views()[copied].copiable
    values = with_changes(values, abilities=(*values.abilities, kept))  # type: ignore[arg-type]
    resolution.create_effect(f"becomes a copy of {values.name}", [copy_of_values(values, f"copy of {values.name}")],
                             [source])


def _shapeshift(resolution: Resolution) -> None:
    event = resolution.event
    new_id = getattr(event, "new_id", None)
    if isinstance(new_id, int):
        _become_a_copy_except(resolution, new_id, SHAPESHIFTING)


SHAPESHIFTING = TriggeredAbility(
    "Whenever another creature enters, Unstable Shapeshifter becomes a copy of that creature, except it has this "
    "ability.", enters(creatures(other=True)), _shapeshift)

UNSTABLE_SHAPESHIFTER = real("不定の多相の戦士", card(
    "Unstable Shapeshifter", "{3}{U}", "Creature — Shapeshifter", 0, 1, SHAPESHIFTING))


@check("607.5a@20260116.0@b2ecbc21", "607.2d@20260116.0@60c6b891", "707.2@20260116.0@f5bf13dd",
       "607.1@20260116.0@9335d4d4",
       example="607.5a#1@95353086")
def a_copy_made_after_entering_has_no_choice(expect: Expect) -> None:
    """状況: Aの《不定の多相の戦士》（他のクリーチャーが戦場に出るたび、これはそのクリーチャーのコピーになる。ただしこの能力を持つ）。
    行動: Bの《万物の声》（戦場に出るに際し色1色を選ぶ。これは選ばれた色に対するプロテクションを持つ）が白を選んで戦場に出る。
    結果: 声はプロテクション（白）を持つ。多相の戦士は声のコピーになって両方の能力を持つが、戦場に出るに際しての選択はこれについては
    されていないので、選ばれた色は未定義で、プロテクションを持たない。"""
    game = Game(["A", "B"])
    shifter = game.place(UNSTABLE_SHAPESHIFTER)
    game.choices.script(ChoiceKind.COLOR, "W", player="B")
    voice = game.put_onto_battlefield(VOICE_OF_ALL, "B")
    assert voice is not None
    game.resolve_stack()
    expect.that(game.view(voice).has("protection", "white"), "声はプロテクション（白）を持つ")
    view = game.view(shifter)
    expect.equal(view.name, "Voice of All", "多相の戦士は声のコピーになった")
    expect.that(not view.has("protection"), "選択が未定義なので、多相の戦士はプロテクションを持たない")


def _copy_target(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, int):
        _become_a_copy_except(resolution, chosen, TURNCOAT)


TURNCOAT = ActivatedAbility("{0}: This creature becomes a copy of target creature, except it has this ability.",
                            cost("{0}"), _copy_target, (target_creature(),))


def _enter_as_a_copy() -> Replacement:
    def instead(context: ReplacementContext, move: Move) -> Move:
        from kb.engine.choices import Choice

        game = context.game
        options = tuple(o.id for o in game.creatures() if o.id != move.object_id)
        if not options:
            return move
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, move.controller or game.objects[move.object_id].owner,
                                         "a creature to copy", options))
        assert isinstance(chosen, int)
        values: Characteristics = game.views()[chosen].copiable
        return with_changes(move, copy_of=CopiableCard(with_changes(values, abilities=(*values.abilities, TURNCOAT))))

    return Replacement("You may have this creature enter as a copy of any creature on the battlefield, except it has "
                       "the ability below.", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, instead, Category.COPY,
                       pure=False, entering_self=True)


TEST_DOPPELGANGER = card("Test Doppelganger", "{3}{U}{U}", "Creature — Shapeshifter", 0, 0,
                         StaticAbility(_enter_as_a_copy().text, replacements=(_enter_as_a_copy(),)), TURNCOAT)
"""Test: stands in for Vesuvan Doppelganger: it may enter as a copy of a creature, and has "{0}: this becomes a copy
of target creature, except it has this ability" (the real card does that at the beginning of your upkeep)."""


@check("607.5a@20260116.0@b2ecbc21", "607.5@20260116.0@44092737", "605.2@20260116.0@0a06ab05",
       example="607.5a#2@1d0edfa9")
def a_choice_made_for_another_ability_is_not_this_ones(expect: Expect) -> None:
    """状況: Bの《万物の声》と《クウィリーオン・エルフ》（戦場に出るに際し色1色を選ぶ。{T}：{G}を加える。{T}：選ばれた色のマナ1点を
    加える）。Aの手札に、戦場にあるクリーチャーのコピーとして戦場に出られて、あとで別のクリーチャーのコピーになれる
    テスト用クリーチャー（Vesuvan Doppelgangerの代わり）。
    行動: それが声のコピーとして戦場に出て青を選ぶ。次のAのターンにエルフのコピーになり、選ばれた色のマナを出す能力を起動する。
    結果: 声のコピーとしてはプロテクション（青）を持つ。エルフのコピーになった後、青はエルフの能力のために選ばれたものではないので
    選ばれた色は未定義で、マナ能力は何も加えない（{G}を出す能力は使える）。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.COLOR, "W", player="B")
    game.put_onto_battlefield(VOICE_OF_ALL, "B")
    game.choices.script(ChoiceKind.COLOR, "R", player="B")
    elves = game.put_onto_battlefield(QUIRION_ELVES, "B")
    voice = next(o for o in game.battlefield("B") if game.view(o).name == "Voice of All")
    assert elves is not None
    game.choices.script(ChoiceKind.OBJECT, voice, player="A")
    game.choices.script(ChoiceKind.COLOR, "U", player="A")
    copy = game.put_onto_battlefield(TEST_DOPPELGANGER, "A")
    assert copy is not None
    expect.that(game.view(copy).has("protection", "blue"), "声のコピーとして青を選び、プロテクション（青）を持つ")
    game.next_turn("B")
    game.next_turn("A")
    game.activate("A", copy, TURNCOAT, targets=[elves])
    game.resolve_stack()
    view = game.view(copy)
    expect.that(view.name == "Quirion Elves" and not view.has("protection"), "エルフのコピーになった")
    game.activate("A", copy, "{T}: Add one mana of the chosen color.")
    expect.equal(game.players["A"].mana.total, 0, "選ばれた色は未定義なので、何も加えない")
    game.untap(copy)
    game.activate("A", copy, "{T}: Add {G}.")
    expect.equal(game.players["A"].mana.mana["G"], 1, "{G}を出す能力は使える")
