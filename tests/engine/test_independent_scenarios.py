"""An independent set of scenarios in kb's four topics, written as a new user would write them.

They were written from the README's "Writing a scenario", ``kb/engine/__init__.py`` and the
docstrings of the public names only, from the CR (rule numbers in each docstring) and from
well-known card interactions, without reading the engine's code or the checks in
``kb/checks/cr/``: they test the public API the way a newcomer uses it (issue 11's acceptance
test).  Cards are described in our own words; a card named in a test's name is the well-known
card whose behaviour the scenario borrows.

The four topics: phasing (702.26), morph and face-down objects (702.37, 702.168, 701.40,
701.58, 701.62, 708), timestamps and layers (613), continuous effects (611 and their
durations).  A scenario the model can't play asserts that it raises ``NotModelled`` naming the
concept, never a plausible answer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from scenario_cards import (
    ANGEL,
    ANTHEM,
    BEARS,
    BONESPLITTER,
    CLONE,
    DISGUISED,
    ELVES,
    EVERYWHERE,
    GROWTH,
    HUMILITY,
    MEGA,
    OPALESCENCE,
    PAINTER,
    PHASING_BEAR,
    SOL_RING,
    gains_life,
)

from kb.engine import (
    FOREST,
    MOUNTAIN,
    SWAMP,
    ActivatedAbility,
    CanAttackAsThoughHaste,
    CantAttack,
    CantBlock,
    CantPhase,
    CastPermission,
    ChoiceKind,
    Color,
    CostChange,
    Countered,
    DoesntUntap,
    FaceDown,
    Game,
    IllegalAction,
    Indefinite,
    LayerPart,
    MaximumHandSize,
    NotModelled,
    ObjectId,
    Phase,
    PhasedOut,
    Resolution,
    Revealed,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    TurnedFaceUp,
    UntilEndOfCombat,
    UntilEndOfTurn,
    UntilLeaves,
    UntilNextStep,
    UntilYourNextTurn,
    Zone,
    ZoneChanged,
    add_types,
    affect_next_spell,
    any_target,
    artifacts,
    as_enters_choose,
    at_beginning_of,
    attached_to_this,
    base_pt,
    base_pt_counted,
    base_pt_is_mana_value,
    becomes_color,
    becomes_creature_types,
    becomes_unattached,
    can_attack,
    card,
    cards_in,
    cast,
    cloak,
    control,
    copy_of,
    cost,
    count,
    creatures,
    defines_pt,
    enters,
    enters_as_copy,
    enters_tapped,
    enters_with_counters,
    gain,
    gain_control,
    is_attacking,
    land_types_become,
    lands,
    leaves,
    lose,
    lose_all_abilities,
    manifest_dread,
    manifest_top,
    modify_pt,
    modify_pt_by,
    objects,
    only,
    permanents,
    phases_in,
    phases_out,
    skip_step,
    spells,
    switch_pt,
    target_creature,
    target_spell,
    this_object,
    token,
    turn_face_down,
    turn_face_up,
    turned_face_up,
    where,
    while_controls,
    while_on_battlefield,
    you_control,
)

# ---------------------------------------------------------------------------------------------
# Cards shared by the scenarios (our own descriptions of well-known cards; more in scenario_cards.py)
# ---------------------------------------------------------------------------------------------

HOLY_STRENGTH = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature",
                     StaticAbility("Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this()))
SAPROLING = token("Saproling", "Creature — Saproling", 1, 1, colors="G")


def untap_game() -> Game:
    """A's first turn, just before its untap step."""
    return Game(["A", "B"], step=Step.UNTAP)


# =============================================================================================
# Phasing (702.26)
# =============================================================================================


def test_phasing_creature_phases_out_in_its_controllers_untap_step() -> None:
    """Card: a 2/2 with phasing.  Action: A's untap step.
    CR 702.26a: all phased-in permanents with phasing the active player controls phase out;
    702.26b: it is treated as though it doesn't exist."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out
    assert bear.id not in {p.id for p in game.battlefield("A")}


def test_phased_out_permanent_phases_in_at_its_controllers_next_untap_step_only() -> None:
    """Card: a 2/2 with phasing.  Actions: A's turn 1, B's turn 2, A's turn 3, B's 4, A's 5.
    CR 702.26a: it phases out in turn 1; B's untap step does nothing to it; in turn 3 it phases
    in (it was phased out, so it doesn't phase out again in that step); in turn 5 it phases out."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out
    game.next_turn()  # B's turn 2
    assert game.view(bear).phased_out
    game.next_turn()  # A's turn 3
    assert not game.view(bear).phased_out
    game.next_turn()
    game.next_turn()  # A's turn 5
    assert game.view(bear).phased_out


def test_phased_out_anthem_applies_to_nothing() -> None:
    """Cards: Grizzly Bears and Glorious Anthem under A.  Action: the Anthem phases out, then in.
    CR 702.26b: a phased-out permanent can't affect anything; 702.26c: once phased in, it does."""
    game = Game()
    bear = game.place(BEARS, player="A")
    anthem = game.place(ANTHEM, player="A")
    assert game.view(bear).pt == (3, 3)
    game.phase_out(anthem)
    assert game.view(bear).pt == (2, 2)
    game.phase_in(anthem)
    assert game.view(bear).pt == (3, 3)


def test_phased_out_creature_is_not_counted() -> None:
    """Cards: a */* creature whose P/T is the number of creatures its controller controls (a
    characteristic-defining ability, 604.3), two Grizzly Bears.  Action: one Bears phases out.
    CR 702.26b: the phased-out Bears is treated as though it doesn't exist: 3/3 becomes 2/2."""
    counter = card("Crowd Counter", "{2}{G}", "Creature — Elemental", 0, 0, StaticAbility(
        "This creature's power and toughness are each equal to the number of creatures you control.",
        (defines_pt(count(creatures(controller="you")), count(creatures(controller="you"))),),
        this_object(), cda=True))
    game = Game()
    crowd = game.place(counter, player="A")
    game.place(BEARS, player="A")
    other = game.place(BEARS, player="A")
    assert game.view(crowd).pt == (3, 3)
    game.phase_out(other)
    assert game.view(crowd).pt == (2, 2)


def test_aura_phases_out_indirectly_and_back_in_attached() -> None:
    """Cards: Grizzly Bears enchanted by Holy Strength (+1/+2).  Action: the Bears phases out (an
    effect, in A's turn 1); A's next untap step.
    CR 702.26g: the Aura phases out indirectly with it and phases in with it, still attached."""
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(HOLY_STRENGTH, player="A", attached_to=bear)
    assert game.view(bear).pt == (3, 4)
    game.phase_out(bear)
    assert game.view(aura).phased_out
    game.next_turn()
    assert game.view(aura).phased_out and game.view(bear).phased_out
    game.next_turn()  # A's turn 3: both phase in
    assert not game.view(bear).phased_out and not game.view(aura).phased_out
    assert game.view(aura).attached_to == bear.id
    assert game.view(bear).pt == (3, 4)


def test_equipment_phases_out_with_a_phasing_creature() -> None:
    """Cards: a 2/2 with phasing equipped with Bonesplitter (+2/+0).  Action: A's untap steps.
    CR 702.26g: the Equipment phases out indirectly along with it (it has no phasing of its own)
    and phases in with it, still attached: 4/2 again."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    gear = game.place(BONESPLITTER, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out and game.view(gear).phased_out
    game.next_turn()
    game.next_turn()
    assert not game.view(gear).phased_out
    assert game.view(gear).attached_to == bear.id
    assert game.view(bear).pt == (4, 2)


def test_aura_phased_out_directly_phases_in_attached_to_the_same_creature() -> None:
    """Cards: Grizzly Bears enchanted by Holy Strength.  Action: only the Aura phases out.
    CR 702.26i: an Aura that phased out directly phases in attached to the object it was attached
    to, if that object is still on the battlefield."""
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(HOLY_STRENGTH, player="A", attached_to=bear)
    game.phase_out(aura)
    assert game.view(bear).pt == (2, 2)
    game.next_turn()
    game.next_turn()
    assert not game.view(aura).phased_out
    assert game.view(aura).attached_to == bear.id
    assert game.view(bear).pt == (3, 4)


def test_aura_phases_in_unattached_when_its_creature_is_gone_and_goes_to_the_graveyard() -> None:
    """Cards: Grizzly Bears enchanted by Holy Strength.  Actions: the Aura phases out directly;
    the Bears is destroyed; A's next untap step and upkeep.
    CR 702.26i: the Aura phases in unattached; 704.5m: it is put into its owner's graveyard."""
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(HOLY_STRENGTH, player="A", attached_to=bear)
    game.phase_out(aura)
    game.destroy(bear)
    assert game.view(aura).phased_out, "the phased-out Aura is not affected by the Bears leaving"
    game.next_turn()
    game.next_turn()
    assert [c.card.name for c in game.graveyard("A")].count("Holy Strength") == 1
    assert game.current(aura).zone is Zone.GRAVEYARD


def test_token_phases_out_and_back_in() -> None:
    """Card: a 1/1 Saproling token.  Action: it phases out (an effect); A's next untap step.
    CR 702.26d: tokens continue to exist on the battlefield while phased out (phasing isn't a
    zone change, so 704.5d/111.7 don't touch it); it phases in as the same token."""
    game = Game()
    [sap] = game.create_token(SAPROLING, "A")
    game.phase_out(sap)
    game.refresh_priority()
    assert game.obj(sap).zone is Zone.BATTLEFIELD and game.view(sap).phased_out
    game.next_turn()
    game.next_turn()
    assert game.obj(sap).zone is Zone.BATTLEFIELD and not game.view(sap).phased_out
    assert game.view(sap).pt == (1, 1)


def test_phasing_is_not_entering_or_leaving() -> None:
    """Cards: a 2/2 with "when this enters, you gain 2 life"; an enchantment "whenever a
    creature leaves the battlefield, you gain 1 life".  Action: the 2/2 phases out and in.
    CR 702.26d: zone-change triggers don't trigger when a permanent phases in or out."""
    gain2 = card("Healer Bear", "{1}{G}", "Creature — Bear", 2, 2, TriggeredAbility(
        "When this creature enters, you gain 2 life.", enters(),
        lambda r: r.game.gain_life(r.controller, 2)))
    watcher = card("Grave Watcher", "{1}{B}", "Enchantment", TriggeredAbility(
        "Whenever a creature leaves the battlefield, you gain 1 life.", leaves(creatures()),
        lambda r: r.game.gain_life(r.controller, 1)))
    game = Game()
    healer = game.place(gain2, player="A")
    game.place(watcher, player="A")
    game.phase_out(healer)
    game.refresh_priority()
    game.resolve_stack()
    game.phase_in(healer)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 20
    assert game.events(ZoneChanged) == []
    # the positive case: a real death triggers the watcher
    game.destroy(healer)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_own_phases_out_trigger_fires() -> None:
    """Card: a 2/2 with "when this phases out, you gain 3 life".  Action: it phases out.
    CR 603.10b (look-back): its own ability triggers though it is now phased out; 702.26b."""
    lifer = card("Blinking Lifer", "{1}{W}", "Creature — Spirit", 2, 2, TriggeredAbility(
        "When this creature phases out, you gain 3 life.", phases_out(),
        lambda r: r.game.gain_life(r.controller, 3)))
    game = Game()
    obj = game.place(lifer, player="A")
    game.phase_out(obj)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 23
    assert len(game.events(PhasedOut)) == 1


def test_until_end_of_turn_effect_ends_while_phased_out() -> None:
    """Cards: Grizzly Bears, Giant Growth.  Actions: Giant Growth on the Bears (5/5); it phases out;
    the turn ends; it phases in during A's next untap step.
    CR 702.26f: an effect may expire while the permanent is phased out; 514.2: "until end of
    turn" ends in the cleanup step.  It is 2/2 again."""
    game = Game()
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[bear])
    game.resolve_stack()
    assert game.view(bear).pt == (5, 5)
    game.phase_out(bear)
    game.next_turn()
    game.next_turn()
    assert not game.view(bear).phased_out
    assert game.view(bear).pt == (2, 2)


def test_effect_from_a_spell_does_not_include_a_phased_out_creature() -> None:
    """Cards: two Grizzly Bears.  Actions: one phases out; an effect "creatures you control get
    +1/+1 until end of turn" resolves; the phased-out one phases in that turn.
    CR 702.26e, 611.2c: the affected set was fixed without it: it stays 2/2, the other is 3/3."""
    rally = card("Rally", "{1}{W}", "Instant", spell=SpellAbility(
        "Creatures you control get +1/+1 until end of turn.",
        lambda r: r.create_effect("+1/+1", [modify_pt(1, 1)], creatures(controller="you"), UntilEndOfTurn())))
    game = Game()
    out = game.place(BEARS, player="A")
    stay = game.place(BEARS, player="A")
    game.phase_out(out)
    spell = game.place(rally, Zone.HAND, "A")
    game.add_mana("A", "{1}{W}")
    game.cast("A", spell)
    game.resolve_stack()
    game.phase_in(out)
    assert game.view(stay).pt == (3, 3)
    assert game.view(out).pt == (2, 2)


def test_for_as_long_as_control_ends_when_its_source_phases_out() -> None:
    """Cards: Sower of Temptation (A) and B's Grizzly Bears.  Actions: A gains control of the
    Bears "for as long as Sower remains on the battlefield"; Sower phases out, then in.
    CR 702.26f: a "for as long as" duration that tracks a permanent ends when it phases out;
    611.2b: once over, it doesn't begin again.  B controls the Bears afterwards."""
    sower = card("Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard", 2, 2, "flying")
    game = Game()
    s = game.place(sower, player="A")
    bear = game.place(BEARS, player="B")
    game.create_effect("gain control of the Bears", [gain_control()], [bear], while_on_battlefield(s.id),
                       source=s, controller="A")
    assert game.view(bear).controller == "A"
    game.phase_out(s)
    assert game.view(bear).controller == "B"
    game.phase_in(s)
    assert game.view(bear).controller == "B"


def test_stolen_phasing_creature_phases_in_under_the_thief_in_the_thiefs_untap_step() -> None:
    """Cards: B's 2/2 with phasing, enchanted by A's Control Magic ("you control enchanted
    creature").  Actions: A's untap step, B's turn, A's next untap step.
    CR 702.26a: the creature phases out in A's untap step (A controls it) with the Aura
    (702.26g); it phases in in A's next untap step, not B's, still controlled by A."""
    magic = card("Control Magic", "{2}{U}{U}", "Enchantment — Aura", "enchant creature",
                 StaticAbility("You control enchanted creature.", (gain_control(),), attached_to_this()))
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="B")
    game.place(magic, player="A", attached_to=bear)
    assert game.view(bear).controller == "A"
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out
    game.next_turn()  # B's turn: nothing phases in
    assert game.view(bear).phased_out
    game.next_turn()  # A's turn 3
    assert not game.view(bear).phased_out
    assert game.view(bear).controller == "A"


def test_a_phased_out_creature_cannot_be_targeted() -> None:
    """Cards: Grizzly Bears (phased out) and another Bears, Giant Growth.
    CR 702.26b: a phased-out permanent can't be affected by anything: it isn't a legal target;
    the cast is illegal (601.2c) and undone.  The other Bears can be targeted."""
    game = Game()
    out = game.place(BEARS, player="A")
    other = game.place(BEARS, player="A")
    game.phase_out(out)
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[out])
    game.cast("A", growth, targets=[other])
    game.resolve_stack()
    assert game.view(other).pt == (5, 5)


def test_wrath_does_not_destroy_a_phased_out_creature() -> None:
    """Cards: two Grizzly Bears, one phased out; Wrath of God ("destroy all creatures").
    CR 702.26b: the phased-out one isn't there to be destroyed; the other is."""
    wrath = card("Wrath of God", "{2}{W}{W}", "Sorcery", spell=SpellAbility(
        "Destroy all creatures.", lambda r: r.game.destroy(*r.game.creatures())))
    game = Game()
    out = game.place(BEARS, player="A")
    other = game.place(BEARS, player="B")
    game.phase_out(out)
    w = game.place(wrath, Zone.HAND, "A")
    game.add_mana("A", "{2}{W}{W}")
    game.cast("A", w)
    game.resolve_stack()
    assert game.current(other).zone is Zone.GRAVEYARD
    assert game.current(out).zone is Zone.BATTLEFIELD
    game.phase_in(out)
    assert game.view(out).pt == (2, 2)


def test_legend_rule_waits_for_the_phased_out_legend() -> None:
    """Cards: two Isamaru, Hound of Konda (legendary).  Actions: one is phased out as the other
    enters; later it phases in.
    CR 702.26b: the phased-out one doesn't exist for the legend rule; 704.5j applies once both
    are phased in, and A chooses which to keep."""
    isamaru = card("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog", 2, 2)
    game = Game()
    first = game.place(isamaru, player="A")
    game.phase_out(first)
    second = game.put_onto_battlefield(isamaru, "A")
    assert second is not None
    game.refresh_priority()
    assert game.obj(second).zone is Zone.BATTLEFIELD and game.obj(first).zone is Zone.BATTLEFIELD
    game.phase_in(first)
    game.choices.script(ChoiceKind.LEGEND_RULE, second.id, player="A")
    game.refresh_priority()
    assert game.current(first).zone is Zone.GRAVEYARD
    assert game.obj(second).zone is Zone.BATTLEFIELD


def test_counters_stay_on_a_phased_out_creature() -> None:
    """Card: Grizzly Bears with two +1/+1 counters.  Action: it phases out; A's next untap step.
    CR 702.26d: counters remain on a permanent while it's phased out: 4/4 when back."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"+1/+1": 2})
    game.phase_out(bear)
    game.next_turn()
    game.next_turn()
    assert not game.view(bear).phased_out
    assert game.view(bear).counters.get("+1/+1") == 2 and game.view(bear).pt == (4, 4)


def test_attacking_creature_that_phases_out_is_removed_from_combat() -> None:
    """Cards: Grizzly Bears attacking B.  Action: in the declare attackers step it phases out.
    CR 702.26b, 506.4: it is removed from combat and deals no combat damage: B stays at 20.
    (Positive case first: a Bears that stays in combat deals 2.)"""
    game = Game()
    bear = game.place(BEARS, player="A")
    stay = game.place(ELVES, player="A")
    game.next_turn()
    game.next_turn()  # A's turn 3: no summoning sickness
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear, stay])
    game.phase_out(bear)
    assert not is_attacking(game, bear) and is_attacking(game, stay)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 19


def test_skipped_untap_step_means_no_phasing() -> None:
    """Card: a 2/2 with phasing.  Action: A skips the untap step of turn 1; turn 3's happens.
    CR 702.26m: if a player skips their untap step, the phasing event doesn't occur that turn."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    game.create_effect("A skips their next untap step", replacements=[skip_step(Step.UNTAP, "A")])
    game.advance_to(Step.UPKEEP)
    assert not game.view(bear).phased_out
    game.next_turn()
    game.next_turn()
    assert game.view(bear).phased_out


def test_two_instances_of_phasing_are_redundant() -> None:
    """Card: a 2/2 with phasing twice.  Action: A's untap step.
    CR 702.26p: multiple instances of phasing are redundant: it phases out once (and doesn't
    phase back in at once)."""
    doubled = card("Double Phaser", "{1}{U}", "Creature — Spirit", 2, 2, "phasing", "phasing")
    game = untap_game()
    obj = game.place(doubled, player="A")
    game.advance_to(Step.UPKEEP)
    assert game.view(obj).phased_out
    assert len(game.events(PhasedOut)) == 1


def test_tapped_phasing_creature_phases_in_then_untaps() -> None:
    """Card: a tapped 2/2 with phasing.  Actions: A's turn 1 untap step (it phases out tapped),
    turn 3's untap step.
    CR 702.26a: phasing happens before the active player untaps permanents, so in turn 3 it
    phases in and then untaps (502.3); in turn 1 it phased out still tapped."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A", tapped=True)
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out and game.view(bear).tapped
    game.next_turn()
    game.next_turn()
    assert not game.view(bear).phased_out and not game.view(bear).tapped


def test_cant_phase_out_stops_phasing() -> None:
    """Cards: a 2/2 with phasing, an enchantment "permanents can't phase out".
    CR 702.26a as modified by the effect (101.2: "can't" wins): it doesn't phase out."""
    lock = card("Phase Lock", "{1}{W}", "Enchantment",
                StaticAbility("Permanents can't phase out.", rules=(CantPhase(creatures(), "out"),)))
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    other = game.place(PHASING_BEAR, player="B")
    game.place(lock, player="A")
    game.advance_to(Step.UPKEEP)
    assert not game.view(bear).phased_out
    game.next_turn()
    assert not game.view(other).phased_out


def test_condition_does_not_see_a_phased_out_artifact() -> None:
    """Cards: a 2/2 "gets +2/+2 as long as you control an artifact", Sol Ring.  Action: Sol Ring
    phases out.  CR 702.26b: the phased-out artifact doesn't exist for the condition: 2/2."""
    smith = card("Artificer Bear", "{1}{G}", "Creature — Bear", 2, 2, StaticAbility(
        "As long as you control an artifact, this creature gets +2/+2.", (modify_pt(2, 2),), this_object(),
        condition=you_control(artifacts())))
    game = Game()
    obj = game.place(smith, player="A")
    ring = game.place(SOL_RING, player="A")
    assert game.view(obj).pt == (4, 4)
    game.phase_out(ring)
    assert game.view(obj).pt == (2, 2)


def test_phases_in_trigger_waits_for_the_upkeep() -> None:
    """Card: a 2/2 with phasing and "whenever this phases in, you gain 2 life".  Actions: turn 1
    (phases out), turn 3's untap step (phases in).
    CR 702.26c; 502.4 / 603.3: abilities that trigger in the untap step go on the stack when a
    player first receives priority, in the upkeep."""
    phoenix = card("Phasing Healer", "{1}{W}", "Creature — Spirit", 2, 2, "phasing", TriggeredAbility(
        "Whenever this creature phases in, you gain 2 life.", phases_in(),
        lambda r: r.game.gain_life(r.controller, 2)))
    game = untap_game()
    obj = game.place(phoenix, player="A")
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.advance_to(Step.UPKEEP, "A")
    assert not game.view(obj).phased_out
    game.resolve_stack()
    assert game.players["A"].life == 22


def test_until_leaves_duration_survives_its_source_phasing_out() -> None:
    """Cards: A's "Banisher"-like creature whose effect gives B's Bears -2/-0 until the Banisher
    leaves the battlefield.  Action: the Banisher phases out.
    CR 702.26d: phasing out isn't leaving the battlefield, so the "until" duration goes on
    (unlike a "for as long as" one, 702.26f).  When it really leaves, the effect ends."""
    banisher = card("Banisher Bear", "{1}{W}", "Creature — Bear", 2, 2)
    game = Game()
    b = game.place(banisher, player="A")
    bear = game.place(BEARS, player="B")
    game.create_effect("-2/-0 until Banisher leaves", [modify_pt(-2, 0)], [bear], UntilLeaves(b.id),
                       source=b, controller="A")
    assert game.view(bear).pt == (0, 2)
    game.phase_out(b)
    assert game.view(bear).pt == (0, 2)
    game.phase_in(b)
    game.destroy(b)
    assert game.view(bear).pt == (2, 2)


# =============================================================================================
# Morph and face-down objects (702.37, 702.168, 701.40, 701.58, 701.62, 708)
# =============================================================================================

def _source(r: Resolution) -> ObjectId:
    """The resolving spell's or ability's source (a resolving spell always has one)."""
    assert r.source_id is not None
    return r.source_id


def _bolt(r: Resolution) -> None:
    r.game.deal_damage(_source(r), r.targets(0)[0], 3)


BOLT = card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to any target.",
    _bolt, (any_target(),)))


def test_morph_cast_face_down_is_a_nameless_colourless_2_2() -> None:
    """Card: a morph creature (4/5 white Angel, morph {2}{W}{W}).  Action: cast it face down for {3}.
    CR 702.37a, 702.37c, 708.2: the spell and the permanent are 2/2 face-down creatures with no
    text, name, subtypes or mana cost; colourless (105.2c: no mana cost, no colour indicator)."""
    game = Game()
    obj = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", obj, face_down=FaceDown.MORPH)
    on_stack = game.view(spell)
    assert on_stack.face_down and on_stack.name is None and on_stack.pt == (2, 2)
    assert on_stack.colors == frozenset() and on_stack.mana_value == 0
    game.resolve_stack()
    perm = game.view(game.current(spell))
    assert perm.face_down and perm.zone is Zone.BATTLEFIELD
    assert perm.name is None and perm.subtypes == frozenset() and perm.mana_cost is None
    assert perm.pt == (2, 2) and not perm.has("flying") and perm.abilities == ()
    assert perm.is_a("Creature")


def test_turning_a_morph_face_up_is_a_special_action_and_not_entering() -> None:
    """Card: the morph Angel face down.  Action: A pays {2}{W}{W} and turns it face up.
    CR 702.37e, 116.2b: a special action (nothing goes on the stack for it); it becomes the
    4/5 flying Angel; its "when turned face up" ability triggers (702.37e) but its "when this
    enters" doesn't (708.8)."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    perm = game.view(obj)
    assert not perm.face_down and perm.name == "Morph Angel" and perm.pt == (4, 5) and perm.has("flying")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 23
    assert len(game.events(TurnedFaceUp)) == 1


def test_megamorph_gets_a_counter_when_turned_up_for_its_megamorph_cost() -> None:
    """Card: a megamorph 3/3 face down.  Action: turn it face up for its megamorph cost {1}{G}.
    CR 702.37b: a +1/+1 counter is put on it as it is turned face up: 4/4."""
    game = Game()
    obj = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", obj)
    assert game.view(obj).counters.get("+1/+1") == 1
    assert game.view(obj).pt == (4, 4)


def test_effects_on_a_face_down_creature_still_apply_after_it_turns_face_up() -> None:
    """Cards: the face-down megamorph, Giant Growth.  Actions: Giant Growth on the 2/2 (5/5);
    turn it face up for its megamorph cost.
    CR 708.8: effects applied to the face-down permanent still apply: 3/3 +1/+1 counter +3/+3 = 7/7."""
    game = Game()
    obj = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[obj])
    game.resolve_stack()
    assert game.view(obj).pt == (5, 5)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", obj)
    assert game.view(obj).pt == (7, 7)


def test_turning_face_up_gives_a_new_timestamp() -> None:
    """Cards: a face-down morph whose face-up static ability says "all creatures are blue";
    an enchantment "all creatures are red" that entered after it.  Action: turn it face up.
    CR 613.7f: it gets a new timestamp, so its effect (613.7a) is later than the red one and
    wins in layer 5: creatures are blue."""
    painter = card("Blue Morph", "{3}{U}", "Creature — Wizard", 2, 2, "morph {U}",
                   StaticAbility("All creatures are blue.", (becomes_color("U"),), creatures()))
    red = card("Red Skies", "{2}{R}", "Enchantment",
               StaticAbility("All creatures are red.", (becomes_color("R"),), creatures()))
    game = Game()
    obj = game.place(painter, player="A", face_down=FaceDown.MORPH)
    bear = game.place(BEARS, player="B")
    game.place(red, player="B")
    assert game.view(bear).colors == frozenset({Color.RED})
    game.add_mana("A", "{U}")
    game.turn_face_up("A", obj)
    assert game.view(bear).colors == frozenset({Color.BLUE})
    assert game.view(obj).colors == frozenset({Color.BLUE})


def test_manifested_creature_card_turns_face_up_for_its_mana_cost() -> None:
    """Card: Grizzly Bears on top of A's library.  Actions: manifest it; pay {1}{G} to turn it up.
    CR 701.40a: a 2/2 face-down creature; 701.40b: a manifested creature card may be turned face
    up for its mana cost: it is Grizzly Bears."""
    game = Game()
    game.place(BEARS, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    view = game.view(obj)
    assert view.face_down and view.pt == (2, 2) and view.name is None
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", obj)
    assert game.view(obj).name == "Grizzly Bears" and not game.view(obj).face_down


def test_manifested_instant_cannot_be_turned_face_up() -> None:
    """Card: Lightning Bolt on top of A's library.  Actions: manifest it; try to turn it face up
    for {R}.  CR 701.40b: only a creature card can be turned face up this way: refused."""
    game = Game()
    game.place(BOLT, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    game.add_mana("A", "{R}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)
    assert game.view(obj).face_down


def test_manifested_instant_turned_up_by_an_effect_is_revealed_and_stays_face_down() -> None:
    """Card: a manifested Lightning Bolt; a watcher "whenever a permanent is turned face up, you
    gain 1 life".  Action: an effect turns it face up.
    CR 701.40g: it is revealed and stays face down; turned-face-up triggers don't trigger."""
    watcher = card("Watcher", "{W}", "Enchantment", TriggeredAbility(
        "Whenever a permanent is turned face up, you gain 1 life.", turned_face_up(permanents()), gains_life(1)))
    game = Game()
    game.place(watcher, player="A")
    game.place(BOLT, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    assert turn_face_up(game, obj) is False
    assert game.view(obj).face_down
    assert any(e.name == "Lightning Bolt" for e in game.events(Revealed))
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 20 and game.events(TurnedFaceUp) == []


def test_manifested_morph_card_may_use_its_morph_cost() -> None:
    """Card: the morph Angel (mana cost {4}{W}{W}, morph {2}{W}{W}), manifested.  Action: turn it
    face up paying only its morph cost.  CR 701.40c: either procedure may be used."""
    game = Game()
    game.place(ANGEL, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj, how="morph")
    assert game.view(obj).name == "Morph Angel"


def test_manifested_land_cannot_be_turned_face_up() -> None:
    """Card: a Forest on top of A's library.  Action: manifest it, try to turn it face up.
    CR 701.40b: not a creature card (and no mana cost): it can't be turned face up this way."""
    game = Game()
    game.place(FOREST, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)


def test_cloaked_card_is_a_2_2_with_ward_2() -> None:
    """Card: Grizzly Bears on top of A's library.  Action: cloak it.
    CR 701.58a: a 2/2 face-down creature with ward {2}, no name, no subtypes, no mana cost."""
    game = Game()
    top = game.place(BEARS, Zone.LIBRARY, "A")
    obj = cloak(game, "A", top)
    assert obj is not None
    view = game.view(obj)
    assert view.face_down and view.pt == (2, 2) and view.name is None and view.subtypes == frozenset()
    [ward] = view.keywords("ward")
    assert ward.parameter == "{2}"


def test_cloaked_creature_ward_counters_an_unpaid_spell() -> None:
    """Cards: A's cloaked Grizzly Bears; B's Lightning Bolt targeting it.  B doesn't pay {2}.
    CR 702.21a: ward triggers when it becomes the target of a spell an opponent controls and
    counters the spell unless its controller pays {2}: the Bolt is countered, the 2/2 lives."""
    game = Game()
    top = game.place(BEARS, Zone.LIBRARY, "A")
    obj = cloak(game, "A", top)
    assert obj is not None
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[obj])
    game.choices.script(ChoiceKind.PAY, False, player="B")
    game.resolve_stack()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and game.view(obj).damage == 0
    assert len(game.events(Countered)) == 1


def test_cloaked_creature_turned_face_up_loses_ward() -> None:
    """Card: cloaked Grizzly Bears.  Action: turn it face up for {1}{G}.
    CR 701.58b: the cloak effect ends; it regains its normal characteristics (no ward)."""
    game = Game()
    top = game.place(BEARS, Zone.LIBRARY, "A")
    obj = cloak(game, "A", top)
    assert obj is not None
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", obj)
    view = game.view(obj)
    assert view.name == "Grizzly Bears" and not view.has("ward") and view.pt == (2, 2)


def test_disguise_cast_face_down_has_ward_and_turns_up_for_its_disguise_cost() -> None:
    """Card: a 3/2 with disguise {1}{U}.  Actions: cast it face down for {3}; turn it face up for {1}{U}.
    CR 702.168a-b: a 2/2 face-down creature with ward {2}; 702.168d: turned face up for its
    disguise cost it is the 3/2, without ward."""
    game = Game()
    obj = game.place(DISGUISED, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", obj, face_down=FaceDown.DISGUISE)
    game.resolve_stack()
    perm = game.current(spell)
    view = game.view(perm)
    assert view.face_down and view.pt == (2, 2) and view.has("ward", "{2}")
    game.add_mana("A", "{1}{U}")
    game.turn_face_up("A", perm)
    view = game.view(perm)
    assert view.name == "Disguised Rogue" and view.pt == (3, 2) and not view.has("ward")


def test_manifest_dread_manifests_one_and_mills_the_other() -> None:
    """Cards: Grizzly Bears and Lightning Bolt on top of A's library.  Action: manifest dread,
    choosing the Bears.  CR 701.62a: the Bears is manifested (a 2/2 face down), the Bolt goes to
    the graveyard."""
    game = Game()
    game.place(BOLT, Zone.LIBRARY, "A")
    bears = game.place(BEARS, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.OBJECT, bears.id, player="A")  # an id or the object: either answers
    obj = manifest_dread(game, "A")
    assert obj is not None and game.view(obj).face_down
    assert [c.card.name for c in game.graveyard("A")] == ["Lightning Bolt"]
    assert game.current(bears).id == obj.id


def test_face_down_creature_that_dies_is_revealed() -> None:
    """Card: the morph Angel face down.  Action: Lightning Bolt kills it.
    CR 708.9: a face-down permanent leaving the battlefield is revealed; in the graveyard it is
    the face-up Angel card."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[obj])
    game.resolve_stack()
    dead = game.current(obj)
    assert dead.zone is Zone.GRAVEYARD
    assert game.view(dead).name == "Morph Angel" and not game.view(dead).face_down
    assert any(e.name == "Morph Angel" for e in game.events(Revealed))


def test_face_down_permanent_cannot_be_turned_face_down() -> None:
    """Card: the face-down megamorph with Giant Growth on it.  Action: an effect tries to turn it
    face down.  CR 708.2b: nothing happens."""
    game = Game()
    obj = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    assert turn_face_down(game, obj) is False
    assert game.view(obj).face_down and game.view(obj).pt == (2, 2)


def test_face_up_creature_turned_face_down_by_an_effect() -> None:
    """Card: a 4/5 flying Angel face up.  Action: an effect (Ixidron-like) turns it face down.
    CR 708.2a: a 2/2 face-down creature with no text, no name, no subtypes, no mana cost.
    Then it can be turned face up for its morph cost (702.37e) since it has morph."""
    game = Game()
    obj = game.place(ANGEL, player="A")
    assert turn_face_down(game, obj) is True
    view = game.view(obj)
    assert view.face_down and view.pt == (2, 2) and view.name is None and not view.has("flying")
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    assert game.view(obj).pt == (4, 5)


def test_face_down_creature_without_morph_cannot_be_turned_up() -> None:
    """Card: Grizzly Bears turned face down by an effect (Ixidron).  Action: A tries to turn it up.
    CR 708.7, 702.37e: no rule allows it (no morph, not manifested): refused."""
    game = Game()
    obj = game.place(BEARS, player="A")
    turn_face_down(game, obj)
    game.add_mana("A", "{1}{G}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)


def test_face_down_spell_cast_from_the_top_of_the_library_with_a_colourless_permission() -> None:
    """Cards: the green megamorph on top of A's library; a static "you may cast colorless spells
    from the top of your library".  Action: cast it face down for {3} from there.
    CR 601.3e, 702.37c, 708.4: the permission is judged on the face-down spell's characteristics
    (colourless): allowed.  Cast face up, it's green: refused."""
    forge = card("Colourless Forge", "{4}", "Artifact", StaticAbility(
        "You may cast colorless spells from the top of your library.",
        rules=(CastPermission(where("colorless spell", lambda ctx, c: not c.colors, zones=[Zone.LIBRARY, Zone.STACK]),
                              zone=Zone.LIBRARY),)))
    game = Game()
    game.place(forge, player="A")
    mega = game.place(MEGA, Zone.LIBRARY, "A")
    game.add_mana("A", "{1}{G}{G}")
    with pytest.raises(IllegalAction):
        game.cast("A", mega)
    game.players["A"].mana.mana.clear()
    game.add_mana("A", "{3}")
    spell = game.cast("A", mega, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(spell)).face_down


def test_cost_changes_look_at_the_face_down_spell() -> None:
    """Cards: "green spells cost {1} less" and the green megamorph in hand, A has {2}.
    CR 708.4: the face-down spell is colourless: the reduction doesn't apply and {2} isn't
    enough; with "creature spells cost {1} less" instead it is."""
    green = card("Green Discount", "{G}", "Enchantment", StaticAbility(
        "Green spells you cast cost {1} less.", rules=(CostChange(spells(colors=["G"]), -1, players="you"),)))
    beast = card("Creature Discount", "{G}", "Enchantment", StaticAbility(
        "Creature spells you cast cost {1} less.", rules=(CostChange(spells("Creature"), -1, players="you"),)))
    game = Game()
    disc = game.place(green, player="A")
    mega = game.place(MEGA, Zone.HAND, "A")
    game.add_mana("A", "{2}")
    with pytest.raises(IllegalAction):
        game.cast("A", mega, face_down=FaceDown.MORPH)
    game.destroy(disc)
    game.place(beast, player="A")
    game.cast("A", mega, face_down=FaceDown.MORPH)
    assert game.players["A"].mana.total == 0


def test_face_down_creature_entering_triggers_others_but_not_itself() -> None:
    """Cards: the morph Angel (its own "when this enters, gain 5"); a watcher "whenever a
    creature enters, you gain 1 life".  Action: the Angel is cast face down and resolves.
    CR 708.3: it's turned face down before it enters: its own enters ability has no text; the
    watcher sees a creature enter (603.6a): 21 life."""
    watcher = card("Soul Warden", "{W}", "Creature — Human Cleric", 1, 1, TriggeredAbility(
        "Whenever another creature enters, you gain 1 life.", enters(creatures(other=True)), gains_life(1)))
    game = Game()
    game.place(watcher, player="A")
    obj = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    game.cast("A", obj, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_anthem_applies_to_face_down_creatures() -> None:
    """Cards: Glorious Anthem, a face-down morph.  CR 708.2, 613.4c: 3/3."""
    game = Game()
    game.place(ANTHEM, player="A")
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    assert game.view(obj).pt == (3, 3)


def test_only_the_controller_may_turn_a_face_down_permanent_up() -> None:
    """Card: A's face-down morph Angel.  Action: B tries to turn it face up.
    CR 702.37e: "a face-down permanent you control": refused."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.pass_priority_to("B")
    game.add_mana("B", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("B", obj)


def test_turned_up_creature_is_the_same_object_and_can_still_attack() -> None:
    """Card: a morph A has controlled since its last turn began.  Actions: in A's main phase it
    is turned face up; A declares it as an attacker.
    CR 708.8: it's the same permanent (it didn't enter again), so 302.6 doesn't stop it attacking."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.next_turn()
    game.next_turn()
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([obj])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16


def test_megamorph_manifested_and_turned_up_for_mana_cost_gets_no_counter() -> None:
    """Card: the megamorph 3/3, manifested.  Action: turned face up for its mana cost {1}{G}{G}.
    CR 702.37b: the counter comes only if its megamorph cost was paid: 3/3, no counter."""
    game = Game()
    game.place(MEGA, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    game.add_mana("A", "{1}{G}{G}")
    game.turn_face_up("A", obj, how="mana cost")
    assert game.view(obj).pt == (3, 3) and not game.view(obj).counters.get("+1/+1")


def test_manifested_card_with_an_enters_ability_does_not_trigger_when_turned_up() -> None:
    """Card: a creature with "when this enters, you gain 5 life" (no morph), manifested.
    Action: turn it face up for its mana cost.  CR 708.3 (it entered face down, with no
    abilities) and 708.8 (turning up isn't entering): no life gained."""
    healer = card("Healer", "{1}{W}", "Creature — Cleric", 1, 1,
                  TriggeredAbility("When this creature enters, you gain 5 life.", enters(), gains_life(5)))
    game = Game()
    game.place(healer, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    game.refresh_priority()
    game.add_mana("A", "{1}{W}")
    game.turn_face_up("A", obj)
    game.refresh_priority()
    game.resolve_stack()
    assert game.view(obj).name == "Healer"
    assert game.players["A"].life == 20


def test_clone_copying_a_face_down_creature_is_a_face_up_nameless_2_2() -> None:
    """Cards: A's face-down morph Angel; B's Clone ("you may have this enter as a copy of a
    creature").  Action: Clone enters copying the face-down Angel.
    CR 707.2, 708.2 (the face-down 2/2's characteristics are its copiable values): the Clone is
    a face-up 2/2 with no name, no abilities and no mana cost, and it can't be turned face up."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    c = game.place(CLONE, Zone.HAND, "B")
    game.next_turn()  # B's turn: Clone is cast as a sorcery
    game.add_mana("B", "{3}{U}")
    game.choices.script(ChoiceKind.OBJECT, angel.id, player="B")
    spell = game.cast("B", c)
    game.resolve_stack()
    copy = game.current(spell)
    view = game.view(copy)
    assert not view.face_down and view.name is None and view.pt == (2, 2) and view.abilities == ()
    game.add_mana("B", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("B", copy)  # it isn't face down: nothing to turn up (708.7)


def test_face_down_creature_becoming_a_copy_keeps_its_face_down_characteristics() -> None:
    """Cards: A's face-down morph Angel; Grizzly Bears.  Action: an effect makes the face-down
    Angel a copy of the Bears (Cytoshape-like); A tries to turn it up for its morph cost; an effect
    turns it face up.
    CR 708.10: while face down it's still a nameless 2/2 (its copiable values are the Bears' as
    modified by its face-down status); 702.37e: face up it would have no morph cost, so the special
    action is refused; turned face up by the effect, it's a Grizzly Bears."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bear = game.place(BEARS, player="B")
    game.create_effect("becomes a copy of the Bears", [copy_of(game, bear)], [angel])
    assert game.view(angel).name is None and game.view(angel).pt == (2, 2)
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", angel)  # face up it would be a Bears, with no morph cost (702.37e)
    assert turn_face_up(game, angel)  # an effect that turns it face up can
    assert game.view(angel).name == "Grizzly Bears"


# =============================================================================================
# Timestamps and layers (613)
# =============================================================================================

BLOOD_MOON = card("Blood Moon", "{2}{R}", "Enchantment", StaticAbility(
    "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
URBORG = card("Urborg, Tomb of Yawgmoth", None, "Legendary Land", StaticAbility(
    "Each land is a Swamp in addition to its other land types.", (add_types(subtypes=["Swamp"]),), lands()))
YAVIMAYA = card("Yavimaya, Cradle of Growth", None, "Legendary Land", StaticAbility(
    "Each land is a Forest in addition to its other land types.", (add_types(subtypes=["Forest"]),), lands()))
LIFE_AND_LIMB = card("Life and Limb", "{3}{G}", "Enchantment", StaticAbility(
    "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their "
    "other types.",
    (add_types("Creature", "Land", subtypes=["Saproling", "Forest"]), becomes_color("G"), base_pt(1, 1)),
    where("Forests and Saprolings", lambda ctx, c: bool({"Forest", "Saproling"} & set(c.subtypes)),
          reads=["subtypes"])))
ENCHANTED_EVENING = card("Enchanted Evening", "{3}{W/U}{W/U}", "Enchantment", StaticAbility(
    "All permanents are enchantments in addition to their other types.", (add_types("Enchantment"),), permanents()))
MARCH = card("March of the Machines", "{3}{U}", "Enchantment", StaticAbility(
    "Each noncreature artifact is an artifact creature with base power and toughness each equal to its mana value.",
    (add_types("Creature"), base_pt_is_mana_value()), artifacts(not_types=["Creature"])))
LATTICE = card("Mycosynth Lattice", "{6}", "Artifact", StaticAbility(
    "All permanents are artifacts in addition to their other types.", (add_types("Artifact"),), permanents()))


def resolve_effect(game: Game, text: str, parts: Sequence[LayerPart], affects: Any, duration: Any = None,
                   player: str = "A") -> None:
    """Stand in for a spell whose effect resolves now (611.2)."""
    game.create_effect(text, parts, affects, duration or UntilEndOfTurn(), controller=player)


def test_humility_then_opalescence() -> None:
    """Cards: Humility, then Opalescence (later timestamp), Grizzly Bears.
    CR 613 (the well-known ruling): layer 4 Opalescence makes Humility a creature; layer 6
    Humility removes all creatures' abilities, its own too, but its effect goes on (613.6);
    layer 7b: Humility's 1/1 first, then Opalescence's mana value: Humility is 4/4, Bears 1/1."""
    game = Game()
    hum = game.place(HUMILITY, player="A")
    opal = game.place(OPALESCENCE, player="A")
    bear = game.place(BEARS, player="A")
    assert game.view(hum).is_a("Creature") and game.view(hum).pt == (4, 4)
    assert game.view(hum).abilities == ()
    assert not game.view(opal).is_a("Creature")
    assert game.view(bear).pt == (1, 1)


def test_opalescence_then_humility() -> None:
    """Cards: Opalescence, then Humility (later timestamp).
    CR 613.7 in layer 7b: Opalescence's mana value first, Humility's 1/1 later: Humility is 1/1."""
    game = Game()
    game.place(OPALESCENCE, player="A")
    hum = game.place(HUMILITY, player="A")
    assert game.view(hum).is_a("Creature") and game.view(hum).pt == (1, 1)


def test_blood_moon_turns_off_urborg_in_either_order() -> None:
    """Cards: Blood Moon, Urborg, Tomb of Yawgmoth, a Forest; both timestamp orders.
    CR 613.8a: Urborg's effect depends on Blood Moon's (which removes its ability, 305.7), so
    Blood Moon applies first: Urborg is just a Mountain; the Forest is not a Swamp."""
    for order in ((BLOOD_MOON, URBORG), (URBORG, BLOOD_MOON)):
        game = Game()
        forest = game.place(FOREST, player="A")
        objs = [game.place(c, player="A") for c in order]
        urborg = objs[order.index(URBORG)]
        assert game.view(urborg).subtypes == frozenset({"Mountain"})
        assert game.view(forest).subtypes == frozenset({"Forest"})


def test_blood_moon_on_dryad_arbor() -> None:
    """Cards: Magus of the Moon (a creature with Blood Moon's ability), Dryad Arbor (a green
    nonbasic land creature — Forest Dryad, 1/1).
    CR 305.7: its land type becomes Mountain, creature type Dryad stays; its colour indicator
    still makes it green (layer 5 untouched); it is still a 1/1 land creature."""
    magus = card("Magus of the Moon", "{2}{R}", "Creature — Human Wizard", 2, 2, StaticAbility(
        "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
    arbor_card = card("Dryad Arbor", None, "Land Creature — Forest Dryad", 1, 1, colors="G")
    game = Game()
    arbor = game.place(arbor_card, player="A")
    game.place(magus, player="B")
    view = game.view(arbor)
    assert view.subtypes == frozenset({"Mountain", "Dryad"})
    assert view.colors == frozenset({Color.GREEN})
    assert view.is_a("Land") and view.is_a("Creature") and view.pt == (1, 1)


def test_conspiracy_overrides_changeling() -> None:
    """Cards: Conspiracy ("creatures you control are the chosen type", Elf chosen as it enters); a
    changeling creature entering after it.
    CR 613.3: the changeling CDA applies first in layer 4, then Conspiracy: it is only an Elf."""
    conspiracy = card("Conspiracy", "{3}{B}{B}", "Enchantment",
                      StaticAbility("As this enchantment enters, choose a creature type.", replacements=(
                          as_enters_choose(ChoiceKind.CREATURE_TYPE, lambda g: ("Elf", "Goblin", "Zombie"),
                                           "creature type", "As this enchantment enters, choose a creature type."),)),
                      StaticAbility("Creatures you control are the chosen creature type.",
                                    (becomes_creature_types(chosen="creature type"),), creatures(controller="you")))
    shifter = card("Changeling Outcast", "{B}", "Creature — Shapeshifter", 1, 1, "changeling")
    game = Game()
    game.choices.script(ChoiceKind.CREATURE_TYPE, "Elf", player="A")
    game.put_onto_battlefield(conspiracy, "A")
    obj = game.place(shifter, player="A")  # later than Conspiracy: timestamps alone would let changeling win
    assert game.view(obj).subtypes == frozenset({"Elf"})
    other = game.place(shifter, player="B")
    assert "Goblin" in game.view(other).subtypes


def test_mycosynth_lattice_and_march_of_the_machines_kill_lands() -> None:
    """Cards: Mycosynth Lattice, March of the Machines, a Forest; both timestamp orders.
    CR 613.8a: March depends on the Lattice (which changes what March applies to): every
    noncreature permanent is an artifact creature with P/T equal to its mana value; the Forest
    is 0/0 and dies (704.5f); the Lattice is 6/6, March 4/4."""
    for order in ((LATTICE, MARCH), (MARCH, LATTICE)):
        game = Game()
        forest = game.place(FOREST, player="A")
        objs = [game.place(c, player="A") for c in order]
        lattice, march = objs[order.index(LATTICE)], objs[order.index(MARCH)]
        assert game.view(forest).pt == (0, 0) and game.view(forest).is_a("Creature")
        assert game.view(lattice).pt == (6, 6) and game.view(march).pt == (4, 4)
        game.refresh_priority()
        assert game.current(forest).zone is Zone.GRAVEYARD


def test_painters_servant_colours_every_card() -> None:
    """Card: Painter's Servant, blue chosen as it enters ("all cards that aren't on the battlefield,
    spells, and permanents are the chosen colour in addition to their other colours").
    CR 614.12a (the choice as it enters), 105.3, 613.1e: Grizzly Bears on the battlefield is green
    and blue; a Lightning Bolt in hand is red and blue; a second Servant choosing red adds red."""
    game = Game()
    bear = game.place(BEARS, player="A")
    bolt = game.place(BOLT, Zone.HAND, "A")
    game.choices.script(ChoiceKind.COLOR, "U", player="B")
    game.put_onto_battlefield(PAINTER, "B")
    assert game.view(bear).colors == frozenset({Color.GREEN, Color.BLUE})
    assert game.view(bolt).colors == frozenset({Color.RED, Color.BLUE})
    game.choices.script(ChoiceKind.COLOR, "R", player="A")
    game.put_onto_battlefield(PAINTER, "A")
    assert game.view(bear).colors == frozenset({Color.GREEN, Color.BLUE, Color.RED})


def test_the_gray_ogre_example_setting_then_modifying() -> None:
    """Card: a 2/2 with a +1/+1 counter; "+4/+4 until end of turn"; an enchantment "creatures you
    control get +0/+2"; then "becomes 0/1 until end of turn".
    CR 613.4 (its example): 7b then 7c: 0/1 +1/+1 +4/+4 +0/+2 = 5/8."""
    wall = card("Shield Wall", "{1}{W}", "Enchantment", StaticAbility(
        "Creatures you control get +0/+2.", (modify_pt(0, 2),), creatures(controller="you")))
    ogre = card("Gray Ogre", "{2}{R}", "Creature — Ogre", 2, 2)
    game = Game()
    obj = game.place(ogre, player="A")
    game.put_counters(obj, "+1/+1")
    resolve_effect(game, "+4/+4", [modify_pt(4, 4)], [obj])
    game.place(wall, player="A")
    assert game.view(obj).pt == (7, 9)
    resolve_effect(game, "becomes 0/1", [base_pt(0, 1)], [obj])
    assert game.view(obj).pt == (5, 8)


def test_giant_growth_then_a_pt_setting_effect() -> None:
    """Cards: Grizzly Bears; Giant Growth; then an effect "target creature becomes 0/1 until end of turn".
    CR 613.4b-c: the later setting effect applies in 7b, Giant Growth in 7c anyway: 3/4."""
    game = Game()
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[bear])
    game.resolve_stack()
    resolve_effect(game, "becomes 0/1", [base_pt(0, 1)], [bear])
    assert game.view(bear).pt == (3, 4)


def test_switching_after_plus_zero_plus_one_then_plus_five() -> None:
    """A 1/3 given +0/+1, then switched (4/1), then given +5/+0.
    CR 613.4d (its example): 7c before 7d: unswitched 6/4, so 4/6."""
    game = Game()
    obj = game.place(card("Wall", "{1}{W}", "Creature — Wall", 1, 3), player="A")
    resolve_effect(game, "+0/+1", [modify_pt(0, 1)], [obj])
    resolve_effect(game, "switch", [switch_pt()], [obj])
    assert game.view(obj).pt == (4, 1)
    resolve_effect(game, "+5/+0", [modify_pt(5, 0)], [obj])
    assert game.view(obj).pt == (4, 6)


def test_two_switches_cancel() -> None:
    """A 1/3 given +0/+1, switched twice.  CR 613.4d (its example): 1/4."""
    game = Game()
    obj = game.place(card("Wall", "{1}{W}", "Creature — Wall", 1, 3), player="A")
    resolve_effect(game, "+0/+1", [modify_pt(0, 1)], [obj])
    resolve_effect(game, "switch", [switch_pt()], [obj])
    resolve_effect(game, "switch again", [switch_pt()], [obj])
    assert game.view(obj).pt == (1, 4)


def test_switch_with_counters() -> None:
    """A 1/3 with a +1/+1 counter, switched.  CR 613.4c (counters) before 613.4d: 2/4 → 4/2."""
    game = Game()
    obj = game.place(card("Wall", "{1}{W}", "Creature — Wall", 1, 3), player="A", counters={"+1/+1": 1})
    resolve_effect(game, "switch", [switch_pt()], [obj])
    assert game.view(obj).pt == (4, 2)


def test_ovinize_on_a_creature_with_counters() -> None:
    """A 2/2 flier with two +1/+1 counters; Ovinize: "loses all abilities and becomes 0/1 until
    end of turn".  CR 613.4b then 613.4c: 2/3, no flying."""
    game = Game()
    obj = game.place(card("Bird", "{1}{W}", "Creature — Bird", 2, 2, "flying"), player="A", counters={"+1/+1": 2})
    resolve_effect(game, "Ovinize", [lose_all_abilities(), base_pt(0, 1)], [obj])
    assert game.view(obj).pt == (2, 3) and not game.view(obj).has("flying")


def test_turn_to_frog_on_a_creature_with_a_counter() -> None:
    """A 2/2 green flier with a +1/+1 counter; Turn to Frog: "loses all abilities and becomes a
    blue Frog with base power and toughness 1/1 until end of turn".
    CR 613.1d-g: a blue Frog (only), 2/2 with the counter, no flying."""
    game = Game()
    obj = game.place(card("Hawk", "{1}{G}", "Creature — Bird", 2, 2, "flying"), player="A", counters={"+1/+1": 1})
    resolve_effect(game, "Turn to Frog", [lose_all_abilities(), becomes_color("U"),
                                          becomes_creature_types("Frog"), base_pt(1, 1)], [obj])
    view = game.view(obj)
    assert view.pt == (2, 2) and view.colors == frozenset({Color.BLUE})
    assert view.subtypes == frozenset({"Frog"}) and not view.has("flying")


def test_copy_of_a_creature_with_counters_does_not_copy_the_counters() -> None:
    """Cards: Grizzly Bears with two +1/+1 counters; a 0/0 Clone entering as a copy of it.
    CR 707.2, 613.2a: counters aren't copiable values: the Clone is a 2/2 Grizzly Bears."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"+1/+1": 2})
    assert game.view(bear).pt == (4, 4)
    game.choices.script(ChoiceKind.OBJECT, bear, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    assert game.view(clone).name == "Grizzly Bears" and game.view(clone).pt == (2, 2)
    assert not game.view(clone).counters


def test_life_and_limb_depends_on_yavimaya() -> None:
    """Cards: Life and Limb, then Yavimaya, Cradle of Growth (later), a Mountain.
    CR 613.8a: Life and Limb depends on Yavimaya (it changes what L&L applies to): the Mountain
    is a Forest, so a 1/1 green Saproling creature land; Yavimaya itself too."""
    game = Game()
    game.place(LIFE_AND_LIMB, player="A")
    yav = game.place(YAVIMAYA, player="A")
    mountain = game.place(MOUNTAIN, player="A")
    view = game.view(mountain)
    assert view.subtypes >= {"Mountain", "Forest", "Saproling"}
    assert view.is_a("Creature") and view.pt == (1, 1) and view.colors == frozenset({Color.GREEN})
    assert game.view(yav).pt == (1, 1)


def test_life_and_limb_humility_and_yavimaya_in_both_orders() -> None:
    """Cards: Life and Limb, Humility, Yavimaya; a Mountain; the two orders of L&L and Humility.
    CR 613.6: Yavimaya becomes a creature (L&L) and loses its ability in layer 6 (Humility), but
    its layer-4 effect already applied: the Mountain stays a Forest Saproling; 7b: all are 1/1."""
    for order in ((LIFE_AND_LIMB, HUMILITY), (HUMILITY, LIFE_AND_LIMB)):
        game = Game()
        mountain = game.place(MOUNTAIN, player="A")
        for c in order:
            game.place(c, player="A")
        yav = game.place(YAVIMAYA, player="A")
        assert game.view(yav).abilities == ()
        view = game.view(mountain)
        assert "Forest" in view.subtypes and "Saproling" in view.subtypes
        assert view.is_a("Creature") and view.pt == (1, 1)


def test_urborg_made_a_creature_and_stripped_still_makes_swamps() -> None:
    """Cards: Urborg, a Forest.  Actions: "Urborg becomes a 3/3 creature that's still a land until
    end of turn", then "all creatures lose all abilities until end of turn".
    CR 613.6: Urborg's layer-4 effect applied before its ability was removed in layer 6: the Forest
    is still a Swamp; Urborg has no abilities."""
    game = Game()
    urborg = game.place(URBORG, player="A")
    forest = game.place(FOREST, player="A")
    resolve_effect(game, "becomes a 3/3 creature", [add_types("Creature"), base_pt(3, 3)], [urborg])
    resolve_effect(game, "creatures lose all abilities", [lose_all_abilities()], creatures())
    assert game.view(urborg).abilities == () and game.view(urborg).pt == (3, 3)
    assert "Swamp" in game.view(forest).subtypes


def test_noncreature_artifacts_become_2_2_artifact_creatures() -> None:
    """Card: Sol Ring; an effect "all noncreature artifacts become 2/2 artifact creatures until end of turn".
    CR 613.6 (its example): the 7b part applies to the same set though they aren't noncreature
    by then: Sol Ring is a 2/2."""
    game = Game()
    ring = game.place(SOL_RING, player="A")
    resolve_effect(game, "noncreature artifacts become 2/2 creatures", [add_types("Creature"), base_pt(2, 2)],
                   artifacts(not_types=["Creature"]))
    assert game.view(ring).is_a("Creature") and game.view(ring).pt == (2, 2)


def test_static_noncreature_artifacts_are_2_2_creatures() -> None:
    """Cards: Sol Ring; a static "noncreature artifacts are 2/2 artifact creatures" (Titania's Song/March-like).
    CR 613.6: a static ability's effect too keeps the set it began with within one evaluation: 2/2."""
    song = card("Artifact Song", "{3}{G}", "Enchantment", StaticAbility(
        "Each noncreature artifact is a 2/2 artifact creature.", (add_types("Creature"), base_pt(2, 2)),
        artifacts(not_types=["Creature"])))
    game = Game()
    ring = game.place(SOL_RING, player="A")
    game.place(song, player="A")
    assert game.view(ring).pt == (2, 2)


def test_opalescence_and_enchanted_evening_in_both_orders() -> None:
    """Cards: Opalescence, Enchanted Evening, a Forest; both timestamp orders.
    CR 613.8a: Opalescence depends on Enchanted Evening: every other permanent is an enchantment
    creature with P/T = mana value: Enchanted Evening 5/5, the Forest 0/0 (dies, 704.5f);
    Opalescence itself isn't a creature."""
    for order in ((OPALESCENCE, ENCHANTED_EVENING), (ENCHANTED_EVENING, OPALESCENCE)):
        game = Game()
        forest = game.place(FOREST, player="A")
        objs = [game.place(c, player="A") for c in order]
        opal, eve = objs[order.index(OPALESCENCE)], objs[order.index(ENCHANTED_EVENING)]
        assert game.view(eve).pt == (5, 5)
        assert not game.view(opal).is_a("Creature")
        assert game.view(forest).pt == (0, 0)
        game.refresh_priority()
        assert game.current(forest).zone is Zone.GRAVEYARD


def test_aura_moved_to_another_creature_gets_a_new_timestamp() -> None:
    """Cards: two Auras "enchanted creature is blue" (on creature X) and "enchanted creature is
    red" (on creature Y).  Action: the blue Aura moves to Y.
    CR 613.7e, 701.3c: the moved Aura gets a new timestamp, later than the red one: Y is blue."""
    blue = card("Blue Aura", "{U}", "Enchantment — Aura", "enchant creature",
                StaticAbility("Enchanted creature is blue.", (becomes_color("U"),), attached_to_this()))
    red = card("Red Aura", "{R}", "Enchantment — Aura", "enchant creature",
               StaticAbility("Enchanted creature is red.", (becomes_color("R"),), attached_to_this()))
    game = Game()
    x = game.place(BEARS, player="A")
    y = game.place(ELVES, player="A")
    b = game.place(blue, player="A", attached_to=x)
    game.place(red, player="A", attached_to=y)
    assert game.view(y).colors == frozenset({Color.RED})
    game.attach(b, y)
    assert game.view(y).colors == frozenset({Color.BLUE})
    assert game.view(x).colors == frozenset({Color.GREEN})


def test_equipment_reattached_gets_a_new_timestamp_but_not_to_the_same_creature() -> None:
    """Cards: an Equipment "equipped creature has base P/T 5/5" (equip {1}); an Aura "enchanted
    creature has base P/T 1/1" attached after it; a second creature.
    CR 701.3b: equipping the creature it already equips does nothing (no new timestamp): 1/1;
    613.7e, 701.3c: moved away and back it gets a new timestamp: 5/5."""
    gear = card("Giant's Gear", "{2}", "Artifact — Equipment",
                StaticAbility("Equipped creature has base power and toughness 5/5.", (base_pt(5, 5),),
                              attached_to_this()), "equip {1}")
    frog = card("Frog Curse", "{U}", "Enchantment — Aura", "enchant creature",
                StaticAbility("Enchanted creature has base power and toughness 1/1.", (base_pt(1, 1),),
                              attached_to_this()))
    game = Game()
    bear = game.place(BEARS, player="A")
    other = game.place(ELVES, player="A")
    eq = game.place(gear, player="A", attached_to=bear)
    game.place(frog, player="A", attached_to=bear)
    assert game.view(bear).pt == (1, 1)
    game.add_mana("A", "{1}")
    game.activate("A", eq, "equip {1}", targets=[bear])
    game.resolve_stack()
    assert game.view(bear).pt == (1, 1)
    for to in (other, bear):
        game.add_mana("A", "{1}")
        game.activate("A", eq, "equip {1}", targets=[to])
        game.resolve_stack()
    assert game.view(bear).pt == (5, 5)


def test_honor_of_the_pure_follows_colour_changes() -> None:
    """Cards: Honor of the Pure ("white creatures you control get +1/+1"), a 2/2 black creature.
    Actions: it becomes white; later red.
    CR 613.5 (its example): 3/3 while white, 2/2 again once red."""
    honor = card("Honor of the Pure", "{1}{W}", "Enchantment", StaticAbility(
        "White creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you", colors=["W"])))
    game = Game()
    game.place(honor, player="A")
    obj = game.place(card("Black Knight", "{B}{B}", "Creature — Human Knight", 2, 2), player="A")
    assert game.view(obj).pt == (2, 2)
    resolve_effect(game, "becomes white", [becomes_color("W")], [obj], Indefinite())
    assert game.view(obj).pt == (3, 3)
    resolve_effect(game, "becomes red", [becomes_color("R")], [obj], Indefinite())
    assert game.view(obj).pt == (2, 2)


def test_gains_and_loses_flying_latest_wins() -> None:
    """Cards: Grizzly Bears with an Aura "has flying"; then an Aura "loses flying"; then the first
    Aura is moved to another creature and back.
    CR 613.9 (its example): timestamp order, the latest wins: no flying, then flying again
    (613.7e: the moved Aura is newer)."""
    wings = card("Wings", "{U}", "Enchantment — Aura", "enchant creature",
                 StaticAbility("Enchanted creature has flying.", (gain("flying"),), attached_to_this()))
    clip = card("Clipped", "{U}", "Enchantment — Aura", "enchant creature",
                StaticAbility("Enchanted creature loses flying.", (lose("flying"),), attached_to_this()))
    game = Game()
    bear = game.place(BEARS, player="A")
    other = game.place(ELVES, player="A")
    w = game.place(wings, player="A", attached_to=bear)
    assert game.view(bear).has("flying")
    game.place(clip, player="A", attached_to=bear)
    assert not game.view(bear).has("flying")
    game.attach(w, other)
    game.attach(w, bear)
    assert game.view(bear).has("flying")


def test_svogthos_land_creature_with_a_counting_pt() -> None:
    """A land: "becomes a 3/3 creature that's still a land until end of turn", then "+1/+1 until
    end of turn" (4/4), then "becomes a creature with P/T each equal to the number of creature
    cards in your graveyard" (ten of them): 11/11; then the first effect again: 4/4.
    CR 613.6 (the Svogthos example), 613.7b."""
    game = Game()
    tomb = game.place(card("Restless Tomb", None, "Land"), player="A")
    for _ in range(10):
        game.place(BEARS, Zone.GRAVEYARD, "A")
    resolve_effect(game, "3/3 land creature", [add_types("Creature"), base_pt(3, 3)], [tomb])
    resolve_effect(game, "+1/+1", [modify_pt(1, 1)], [tomb])
    assert game.view(tomb).pt == (4, 4)
    n = count(cards_in(Zone.GRAVEYARD, "Creature", owner="you"))
    game.create_effect("Plant Zombie with counted P/T", [add_types("Creature"), base_pt_counted(n, n)], [tomb],
                       UntilEndOfTurn(), source=tomb, controller="A")
    assert game.view(tomb).pt == (11, 11)
    game.place(BEARS, Zone.GRAVEYARD, "A")
    assert game.view(tomb).pt == (12, 12)
    resolve_effect(game, "3/3 land creature again", [add_types("Creature"), base_pt(3, 3)], [tomb])
    assert game.view(tomb).pt == (4, 4)


def test_stolen_creature_gets_the_new_controllers_anthem() -> None:
    """Cards: A's Glorious Anthem; B's Grizzly Bears.  Action: A gains control of the Bears.
    CR 613.1b before 613.4c: "creatures you control" is judged after layer 2: 3/3."""
    game = Game()
    game.place(ANTHEM, player="A")
    bear = game.place(BEARS, player="B")
    assert game.view(bear).pt == (2, 2)
    resolve_effect(game, "gain control", [control("A")], [bear], Indefinite())
    assert game.view(bear).controller == "A" and game.view(bear).pt == (3, 3)


def test_later_control_effect_wins_and_the_earlier_resumes() -> None:
    """Cards: B's Grizzly Bears.  Actions: A gains control indefinitely; then B regains control until
    end of turn; the turn ends.
    CR 613.7b in layer 2: the later wins (B); when it ends, A's effect applies again."""
    game = Game()
    bear = game.place(BEARS, player="B")
    resolve_effect(game, "A gains control", [control("A")], [bear], Indefinite())
    assert game.view(bear).controller == "A"
    resolve_effect(game, "B gains control until end of turn", [control("B")], [bear], UntilEndOfTurn(), player="B")
    assert game.view(bear).controller == "B"
    game.next_turn()
    assert game.view(bear).controller == "A"


def test_humility_before_a_cda_creature() -> None:
    """Cards: Humility; a */* "P/T each equal to the number of Swamps you control" (CDA), three Swamps.
    CR 613.4a-b: the CDA applies in 7a, Humility's 1/1 in 7b whatever the timestamps: 1/1."""
    nightmare = card("Nightmare", "{5}{B}", "Creature — Nightmare Horse", 0, 0, "flying", StaticAbility(
        "This creature's power and toughness are each equal to the number of Swamps you control.",
        (defines_pt(count(lands(subtypes=["Swamp"], controller="you")),
                    count(lands(subtypes=["Swamp"], controller="you"))),), this_object(), cda=True))
    game = Game()
    game.place(HUMILITY, player="A")
    obj = game.place(nightmare, player="A")
    for _ in range(3):
        game.place(SWAMP, player="A")
    assert game.view(obj).pt == (1, 1)


def test_cda_creature_that_loses_all_abilities_is_0_0() -> None:
    """Card: the */* Nightmare with three Swamps (3/3).  Action: "target creature loses all
    abilities until end of turn" (Merfolk Trickster).
    CR 613.1f before 613.4a: its CDA is gone before layer 7a, so its printed * counts as 0:
    0/0, and it dies (704.5f)."""
    nightmare = card("Nightmare", "{5}{B}", "Creature — Nightmare Horse", 0, 0, "flying", StaticAbility(
        "This creature's power and toughness are each equal to the number of Swamps you control.",
        (defines_pt(count(lands(subtypes=["Swamp"], controller="you")),
                    count(lands(subtypes=["Swamp"], controller="you"))),), this_object(), cda=True))
    game = Game()
    obj = game.place(nightmare, player="A")
    for _ in range(3):
        game.place(SWAMP, player="A")
    assert game.view(obj).pt == (3, 3)
    resolve_effect(game, "loses all abilities", [lose_all_abilities()], [obj])
    assert game.view(obj).pt == (0, 0)
    game.refresh_priority()
    assert game.current(obj).zone is Zone.GRAVEYARD


def test_granted_ability_keeps_the_granting_timestamp_order() -> None:
    """Cards: Colossus Hammer ("equipped creature gets +10/+10 and loses flying"), Rune of Flight
    on the Hammer ("enchanted Equipment has 'equipped creature has flying'"), a flier.
    Action: the Hammer is attached to the flier.
    CR 613.7a (its example): the granted ability has the Rune's later timestamp, and after the
    Hammer gets a new timestamp the order stays: the creature has flying, 12/12."""
    hammer = card("Colossus Hammer", "{1}", "Artifact — Equipment", StaticAbility(
        "Equipped creature gets +10/+10 and loses flying.", (modify_pt(10, 10), lose("flying")),
        attached_to_this()), "equip {8}")
    granted = StaticAbility("Equipped creature has flying.", (gain("flying"),), attached_to_this())
    rune = card("Rune of Flight", "{1}{U}", "Enchantment — Aura Rune", "enchant permanent", StaticAbility(
        "Enchanted Equipment has 'Equipped creature has flying.'", (gain(granted),), attached_to_this()))
    game = Game()
    bird = game.place(card("Bird", "{1}{W}", "Creature — Bird", 2, 2, "flying"), player="A")
    ham = game.place(hammer, player="A")
    game.place(rune, player="A", attached_to=ham)
    game.attach(ham, bird)
    assert game.view(bird).pt == (12, 12)
    assert game.view(bird).has("flying")


# =============================================================================================
# Continuous effects and their durations (611, 514.2, 101.2)
# =============================================================================================


def test_giant_growth_ends_in_the_cleanup_step() -> None:
    """Cards: Grizzly Bears, Giant Growth.  CR 611.2a, 514.2: 5/5 this turn, 2/2 in the next."""
    game = Game()
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[bear])
    game.resolve_stack()
    game.advance_to(Step.END)
    assert game.view(bear).pt == (5, 5)
    game.next_turn()
    assert game.view(bear).pt == (2, 2)


def test_anthem_affects_a_creature_that_enters_later() -> None:
    """Cards: Glorious Anthem; a Grizzly Bears cast afterwards.
    CR 611.3a, 611.3c: a static ability's effect isn't locked in: the Bears is 3/3 as it enters."""
    game = Game()
    game.place(ANTHEM, player="A")
    bear = game.place(BEARS, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    spell = game.cast("A", bear)
    game.resolve_stack()
    assert game.view(game.current(spell)).pt == (3, 3)


def test_resolved_pump_does_not_affect_a_creature_that_enters_later() -> None:
    """Cards: Grizzly Bears; "creatures you control get +1/+1 until end of turn" resolves; a second
    Bears enters.  CR 611.2c: the set was fixed when the effect began: 3/3 and 2/2."""
    game = Game()
    first = game.place(BEARS, player="A")
    resolve_effect(game, "+1/+1", [modify_pt(1, 1)], creatures(controller="you"))
    second = game.put_onto_battlefield(BEARS, "A")
    assert second is not None
    assert game.view(first).pt == (3, 3) and game.view(second).pt == (2, 2)


def test_resolved_effect_on_red_creatures_keeps_its_set() -> None:
    """Cards: a red 2/2 and a green 2/2.  Actions: "red creatures get +1/+1 until end of turn"
    resolves; then the red one becomes green and the green one red.
    CR 611.2c: the set doesn't change: the first stays 3/3, the second 2/2."""
    game = Game()
    red = game.place(card("Red Bear", "{1}{R}", "Creature — Bear", 2, 2), player="A")
    green = game.place(BEARS, player="A")
    resolve_effect(game, "red creatures +1/+1", [modify_pt(1, 1)], creatures(colors=["R"]))
    resolve_effect(game, "swap colours", [becomes_color("G")], [red])
    resolve_effect(game, "swap colours", [becomes_color("R")], [green])
    assert game.view(red).pt == (3, 3) and game.view(green).pt == (2, 2)


def test_x_is_locked_when_the_effect_is_created() -> None:
    """Cards: two creatures; "target creature gets +X/+X until end of turn, where X is the number of
    creatures you control" resolves (X=2); a third creature enters.
    CR 611.2d, 608.2h: X was fixed on resolution: still +2/+2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(ELVES, player="A")
    n = count(creatures(controller="you"))
    pump = card("Crowd Pump", "{G}", "Instant", spell=SpellAbility(
        "Target creature gets +X/+X until end of turn, where X is the number of creatures you control.",
        lambda r: r.create_effect("+X/+X", [modify_pt_by(n, n)], r.targets(0), UntilEndOfTurn()),
        (target_creature(),)))
    spell = game.place(pump, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", spell, targets=[bear])
    game.resolve_stack()
    assert game.view(bear).pt == (4, 4)
    game.put_onto_battlefield(ELVES, "A")
    assert game.view(bear).pt == (4, 4)


def test_static_count_is_counted_afresh() -> None:
    """Card: a 1/1 "gets +1/+1 for each other creature you control".  Actions: creatures enter.
    CR 611.3a: the number is counted at every moment: 1/1, 2/2, 3/3."""
    n = count(creatures(controller="you", other=True))
    leader = card("Crowd Leader", "{G}", "Creature — Elf", 1, 1, StaticAbility(
        "This creature gets +1/+1 for each other creature you control.", (modify_pt_by(n, n),), this_object()))
    game = Game()
    obj = game.place(leader, player="A")
    assert game.view(obj).pt == (1, 1)
    game.put_onto_battlefield(ELVES, "A")
    assert game.view(obj).pt == (2, 2)
    game.put_onto_battlefield(BEARS, "A")
    assert game.view(obj).pt == (3, 3)


def test_for_as_long_as_that_never_starts_does_nothing() -> None:
    """Cards: Sower of Temptation (A) and B's Bears.  Action: Sower's enters trigger ("gain control
    of target creature for as long as Sower remains on the battlefield") is on the stack when
    Sower is destroyed; it resolves.
    CR 611.2b: the duration never starts: the effect does nothing, B keeps the Bears."""
    sower = card("Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard", 2, 2, "flying", TriggeredAbility(
        "When this creature enters, gain control of target creature for as long as this creature remains on the "
        "battlefield.", enters(),
        lambda r: r.create_effect("gain control", [gain_control()], r.targets(0),
                                  while_on_battlefield(_source(r))),
        (target_creature(controller="opponent"),)))
    game = Game()
    bear = game.place(BEARS, player="B")
    s = game.put_onto_battlefield(sower, "A")
    assert s is not None
    game.choices.script(ChoiceKind.TARGETS, bear, player="A")
    game.refresh_priority()
    game.destroy(s)
    game.resolve_stack()
    assert game.view(bear).controller == "B"


def test_sower_steals_while_on_the_battlefield_and_gives_back_when_it_leaves() -> None:
    """Cards: Sower of Temptation (A), B's Bears.  Actions: the enters trigger resolves; later Sower dies.
    CR 611.2b: A controls the Bears for as long as Sower remains; then B again.
    (The positive case of the previous scenario.)"""
    sower = card("Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard", 2, 2, "flying", TriggeredAbility(
        "When this creature enters, gain control of target creature for as long as this creature remains on the "
        "battlefield.", enters(),
        lambda r: r.create_effect("gain control", [gain_control()], r.targets(0),
                                  while_on_battlefield(_source(r))),
        (target_creature(controller="opponent"),)))
    game = Game()
    bear = game.place(BEARS, player="B")
    s = game.put_onto_battlefield(sower, "A")
    assert s is not None
    game.choices.script(ChoiceKind.TARGETS, bear, player="A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.view(bear).controller == "A"
    game.destroy(s)
    assert game.view(bear).controller == "B"


def test_for_as_long_as_you_control_ends_when_control_changes() -> None:
    """Cards: A's Master Thief-like creature ("gain control of target artifact for as long as you control
    this creature"), B's Sol Ring.  Action: B gains control of the Thief.
    CR 611.2b: A no longer controls the Thief, so the duration ends: B gets Sol Ring back too."""
    game = Game()
    thief = game.place(card("Master Thief", "{2}{U}{U}", "Creature — Human Rogue", 2, 2), player="A")
    ring = game.place(SOL_RING, player="B")
    game.create_effect("gain control of Sol Ring", [gain_control()], [ring], while_controls("A", thief.id),
                       source=thief, controller="A")
    assert game.view(ring).controller == "A"
    resolve_effect(game, "B gains control of the Thief", [control("B")], [thief], Indefinite(), player="B")
    assert game.view(thief).controller == "B"
    assert game.view(ring).controller == "B"


def test_until_your_next_turn_ends_as_that_turn_begins() -> None:
    """Card: Grizzly Bears.  Action: A's effect "target creature gets -1/-0 until your next turn".
    CR 611.2a (duration), 500: it lasts through B's turn and ends as A's next turn begins."""
    game = Game()
    bear = game.place(BEARS, player="B")
    resolve_effect(game, "-1/-0", [modify_pt(-1, 0)], [bear], UntilYourNextTurn("A"))
    game.next_turn()
    assert game.view(bear).pt == (1, 2)
    game.next_turn()
    assert game.view(bear).pt == (2, 2)


def test_static_effect_ends_when_its_source_leaves() -> None:
    """Cards: Glorious Anthem, Grizzly Bears.  Action: the Anthem is destroyed.
    CR 611.3b: the effect applies only while the Anthem is on the battlefield: 2/2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    anthem = game.place(ANTHEM, player="A")
    assert game.view(bear).pt == (3, 3)
    game.destroy(anthem)
    assert game.view(bear).pt == (2, 2)


def test_resolved_ability_effect_outlives_its_source() -> None:
    """Card: a 1/1 with "{0}: target creature gets +2/+2 until end of turn"; Grizzly Bears.
    Actions: activate it on the Bears; the 1/1 dies.
    CR 611.2a: an effect from a resolved ability lasts as long as it says, whatever its source: 4/4."""
    shaman = card("Pump Shaman", "{G}", "Creature — Elf Shaman", 1, 1, ActivatedAbility(
        "{0}: Target creature gets +2/+2 until end of turn.", cost("{0}"),
        lambda r: r.create_effect("+2/+2", [modify_pt(2, 2)], r.targets(0), UntilEndOfTurn()),
        (target_creature(),)))
    game = Game()
    obj = game.place(shaman, player="A")
    bear = game.place(BEARS, player="A")
    game.activate("A", obj, targets=[bear])
    game.resolve_stack()
    game.destroy(obj)
    assert game.view(bear).pt == (4, 4)


def test_effect_ends_when_the_creature_changes_zones() -> None:
    """Cards: Grizzly Bears with Giant Growth; it is returned to hand and cast again.
    CR 400.7: it's a new object: 2/2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[bear])
    game.resolve_stack()
    in_hand = game.move(bear, Zone.HAND)
    assert in_hand is not None
    game.add_mana("A", "{1}{G}")
    spell = game.cast("A", in_hand)
    game.resolve_stack()
    assert game.view(game.current(spell)).pt == (2, 2)


def test_minus_one_anthem_kills_a_1_1_as_it_enters_and_it_still_triggers() -> None:
    """Cards: a static "all creatures get -1/-1"; a 1/1 with "when this enters, you gain 2 life".
    CR 611.3c: the effect applies as it enters: it's a 0/0, dies (704.5f), and its enters
    ability still triggered."""
    curse = card("Withering Air", "{B}{B}", "Enchantment", StaticAbility(
        "All creatures get -1/-1.", (modify_pt(-1, -1),), creatures()))
    healer = card("Healer", "{W}", "Creature — Cleric", 1, 1,
                  TriggeredAbility("When this creature enters, you gain 2 life.", enters(), gains_life(2)))
    game = Game()
    game.place(curse, player="B")
    obj = game.put_onto_battlefield(healer, "A")
    assert obj is not None
    game.refresh_priority()
    assert game.current(obj).zone is Zone.GRAVEYARD
    game.resolve_stack()
    assert game.players["A"].life == 22


def test_static_colour_change_applies_before_enters_triggers() -> None:
    """Cards: a static "all creatures are white"; a watcher "whenever a white creature enters, you
    gain 1 life"; Grizzly Bears enters.  CR 611.3c: it is white as it enters: the watcher triggers."""
    white = card("White Light", "{W}", "Enchantment", StaticAbility(
        "All creatures are white.", (becomes_color("W"),), creatures()))
    watcher = card("White Watcher", "{W}", "Enchantment", TriggeredAbility(
        "Whenever a white creature enters, you gain 1 life.", enters(creatures(colors=["W"])), gains_life(1)))
    game = Game()
    game.place(white, player="A")
    game.place(watcher, player="A")
    game.put_onto_battlefield(BEARS, "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_put_onto_the_battlefield_as_a_0_1_wall() -> None:
    """Card: Grizzly Bears in the graveyard; an effect returns it "as a 0/1 Wall creature".
    CR 611.2e: the "is" effect applies as it enters."""
    watcher = card("Wall Watcher", "{W}", "Enchantment", TriggeredAbility(
        "Whenever a Wall enters, you gain 1 life.", enters(creatures(subtypes=["Wall"])), gains_life(1)))
    game = Game()
    game.place(watcher, player="A")
    dead = game.place(BEARS, Zone.GRAVEYARD, "A")
    obj = game.put_onto_battlefield(dead, "A", effects=[("it's a 0/1 Wall", [base_pt(0, 1),
                                                                            becomes_creature_types("Wall")])])
    assert obj is not None
    assert game.view(obj).pt == (0, 1) and game.view(obj).subtypes == frozenset({"Wall"})
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 21, "it entered as a Wall (611.2e, 611.3c)"


def _treason(r: Resolution) -> None:
    r.create_effect("gain control, haste", [gain_control(), gain("haste")], r.targets(0), UntilEndOfTurn())
    r.game.untap(*r.objects(0))


def test_threaten_lets_the_creature_attack_and_ends_at_cleanup() -> None:
    """Cards: B's Grizzly Bears; A's Act of Treason ("gain control of target creature until end of
    turn, untap it, it gains haste until end of turn").  Actions: A attacks with it; the turn ends.
    CR 613.1b / 613.1f (its example), 302.6: it attacks B (18); B controls it again next turn."""
    treason = card("Act of Treason", "{2}{R}", "Sorcery", spell=SpellAbility(
        "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
        _treason,
        (target_creature(),)))
    game = Game()
    bear = game.place(BEARS, player="B", tapped=True)
    spell = game.place(treason, Zone.HAND, "A")
    game.add_mana("A", "{2}{R}")
    game.cast("A", spell, targets=[bear])
    game.resolve_stack()
    assert game.view(bear).controller == "A" and not game.view(bear).tapped
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18
    game.next_turn()
    assert game.view(bear).controller == "B"


def test_cant_attack_beats_can_attack_as_though_haste() -> None:
    """Cards: a creature that just entered; "can attack as though it had haste"; "can't attack".
    CR 101.2: "can't" wins: the declaration is illegal."""
    game = Game()
    bear = game.put_onto_battlefield(BEARS, "A")
    assert bear is not None
    game.create_effect("haste-like", rules=[CanAttackAsThoughHaste(only(bear.id))], duration=UntilEndOfTurn())
    assert can_attack(game, bear)
    game.create_effect("can't attack", rules=[CantAttack(only(bear.id))], duration=UntilEndOfTurn())
    assert not can_attack(game, bear)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bear])


def test_doesnt_untap_keeps_it_tapped() -> None:
    """Cards: a tapped Grizzly Bears and a tapped Llanowar Elves; "the Bears doesn't untap during its
    controller's untap step".  CR 502.3: the Elves untaps, the Bears doesn't."""
    game = untap_game()
    bear = game.place(BEARS, player="A", tapped=True)
    elves = game.place(ELVES, player="A", tapped=True)
    game.create_effect("doesn't untap", rules=[DoesntUntap(only(bear.id))])
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).tapped and not game.view(elves).tapped


def test_as_long_as_condition_switches_on_and_off() -> None:
    """Card: a 2/2 "as long as you control an artifact, it gets +2/+2"; Sol Ring enters, then leaves.
    CR 611.3a: 2/2, 4/4, 2/2."""
    smith = card("Artificer Bear", "{1}{G}", "Creature — Bear", 2, 2, StaticAbility(
        "As long as you control an artifact, this creature gets +2/+2.", (modify_pt(2, 2),), this_object(),
        condition=you_control(artifacts())))
    game = Game()
    obj = game.place(smith, player="A")
    assert game.view(obj).pt == (2, 2)
    ring = game.put_onto_battlefield(SOL_RING, "A")
    assert game.view(obj).pt == (4, 4)
    assert ring is not None
    game.destroy(ring)
    assert game.view(obj).pt == (2, 2)


def test_rules_effect_from_a_spell_affects_creatures_that_arrive_later() -> None:
    """Cards: "creatures can't block this turn" resolves; then Grizzly Bears enters under B.
    CR 611.2c (last sentences): an effect that doesn't change characteristics changes the rules,
    so it applies to objects that weren't there when it began: the Bears can't block."""
    game = Game()
    attacker = game.place(ELVES, player="A")
    game.next_turn()
    game.next_turn()
    game.create_effect("creatures can't block this turn", rules=[CantBlock(creatures())], duration=UntilEndOfTurn())
    blocker = game.put_onto_battlefield(BEARS, "B")
    assert blocker is not None
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({blocker: attacker})


def test_until_end_of_combat_ends_after_combat() -> None:
    """Card: Grizzly Bears; "+2/+0 until end of combat" in the beginning of combat step.
    CR 511.3 / 500.5a: it ends at the end of combat: 4/2 during combat, 2/2 in the second main."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    resolve_effect(game, "+2/+0", [modify_pt(2, 0)], [bear], UntilEndOfCombat())
    assert game.view(bear).pt == (4, 2)
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    assert game.view(bear).pt == (2, 2)


def test_the_next_creature_spell_gains_haste() -> None:
    """Card: an effect "the next creature spell you cast this turn gains haste" (Arni-like); A casts an
    instant, then Grizzly Bears.  CR 611.2f: it begins to apply when the next creature spell is put
    on the stack: the Bears has haste and can attack; a later Bears doesn't."""
    game = Game()
    affect_next_spell(game, "A", spells("Creature"), [gain("haste")], "next creature spell gains haste")
    growth = game.place(GROWTH, Zone.HAND, "A")
    target = game.place(ELVES, player="A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[target])
    game.resolve_stack()
    first = game.place(BEARS, Zone.HAND, "A")
    second = game.place(BEARS, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    s1 = game.cast("A", first)
    game.resolve_stack()
    game.add_mana("A", "{1}{G}")
    s2 = game.cast("A", second)
    game.resolve_stack()
    assert game.view(game.current(s1)).has("haste")
    assert not game.view(game.current(s2)).has("haste")


def test_damage_on_a_phased_out_creature_is_removed_in_cleanup() -> None:
    """Card: Grizzly Bears dealt 1 damage, then phased out.  Actions: the turn ends; it phases in.
    CR 514.2: damage is removed from permanents including phased-out ones: 0 damage."""
    game = Game()
    bear = game.place(BEARS, player="A")
    bolt_source = game.place(card("Pinger", "{R}", "Creature — Goblin", 1, 1), player="B")
    game.deal_damage(bolt_source, bear, 1)
    assert game.view(bear).damage == 1
    game.phase_out(bear)
    game.next_turn()
    game.next_turn()
    assert not game.view(bear).phased_out and game.view(bear).damage == 0


def test_static_minus_for_opponents_creatures_follows_control() -> None:
    """Card: A's "creatures your opponents control get -1/-1"; B's Grizzly Bears.  Action: A gains
    control of the Bears until end of turn.  CR 613.1b then 7c, 611.3a: 1/1, then 2/2."""
    curse = card("Opponents' Bane", "{1}{B}", "Enchantment", StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(controller="opponent")))
    game = Game()
    game.place(curse, player="A")
    bear = game.place(BEARS, player="B")
    assert game.view(bear).pt == (1, 1)
    resolve_effect(game, "steal", [control("A")], [bear])
    assert game.view(bear).pt == (2, 2)
    game.next_turn()
    assert game.view(bear).pt == (1, 1)


def test_noncreature_spells_cost_more() -> None:
    """Card: Thalia ("noncreature spells cost {1} more"); A has {G} and Giant Growth.
    CR 601.2f: Giant Growth costs {1}{G}: with {G} alone the cast is illegal; with {1}{G} legal."""
    thalia = card("Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier", 2, 1,
                  "first strike", StaticAbility("Noncreature spells cost {1} more to cast.",
                                                rules=(CostChange(spells(not_types=["Creature"]), 1),)))
    game = Game()
    game.place(thalia, player="B")
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bear])
    game.add_mana("A", "{1}")
    game.cast("A", growth, targets=[bear])
    game.resolve_stack()
    assert game.view(bear).pt == (5, 5)


# =============================================================================================
# More of each topic: harder interactions
# =============================================================================================


def test_stolen_creature_phased_out_phases_in_for_the_thief_and_returns_to_its_owner() -> None:
    """Cards: B's Grizzly Bears.  Actions: A gains control of it until end of turn and phases it out
    (A's turn 1); B's turn 2; A's turn 3.
    CR 702.26a: it phased out under A's control, so it phases in during A's untap step (not B's);
    611.2a/514.2: the control effect ended in turn 1's cleanup, so B controls it."""
    game = Game()
    bear = game.place(BEARS, player="B")
    resolve_effect(game, "steal until end of turn", [control("A")], [bear])
    game.phase_out(bear)
    game.next_turn()
    assert game.view(bear).phased_out
    game.next_turn()
    assert not game.view(bear).phased_out
    assert game.view(bear).controller == "B"


def test_opponents_aura_phases_in_with_the_creature() -> None:
    """Cards: A's 2/2 with phasing; B's Aura "enchanted creature gets -1/-1" on it.
    CR 702.26g: the Aura phases out indirectly with it (though B controls it) and phases in with
    it in A's untap step: 1/1 again."""
    weak = card("Weakness", "{B}", "Enchantment — Aura", "enchant creature",
                StaticAbility("Enchanted creature gets -1/-1.", (modify_pt(-1, -1),), attached_to_this()))
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    aura = game.place(weak, player="B", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    assert game.view(aura).phased_out
    game.next_turn()
    assert game.view(aura).phased_out
    game.next_turn()
    assert not game.view(aura).phased_out and game.view(bear).pt == (1, 1)


def test_blocked_attacker_stays_blocked_when_the_blocker_phases_out() -> None:
    """Cards: A's Grizzly Bears attacking; B's Llanowar Elves blocking it.  Action: the Elves phase out.
    CR 506.4: the Elves are removed from combat; 509.1h: the Bears remains blocked: B takes no damage."""
    game = Game()
    bear = game.place(BEARS, player="A")
    elves = game.place(ELVES, player="B")
    game.next_turn()
    game.next_turn()
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({elves: bear})
    game.phase_out(elves)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert game.view(bear).damage == 0


def test_spell_targeting_a_creature_that_phases_out_does_nothing() -> None:
    """Cards: A's Grizzly Bears; B's Lightning Bolt targeting it.  Action: in response it phases out.
    CR 702.26b, 608.2b: its only target is illegal as the Bolt resolves: it doesn't resolve; the
    Bears, phased in again, has no damage."""
    game = Game()
    bear = game.place(BEARS, player="A")
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[bear])
    game.phase_out(bear)
    game.resolve_stack()
    game.phase_in(bear)
    assert game.view(bear).damage == 0 and game.obj(bear).zone is Zone.BATTLEFIELD


def test_phased_out_permanent_upkeep_trigger_does_not_trigger() -> None:
    """Card: a 2/2 with phasing and "at the beginning of your upkeep, you gain 1 life".
    CR 702.26b: phased out in A's untap step, it can't trigger in that upkeep; in turn 3 it has
    phased in by the upkeep and triggers."""
    upkeeper = card("Phasing Monk", "{1}{W}", "Creature — Human Monk", 2, 2, "phasing", TriggeredAbility(
        "At the beginning of your upkeep, you gain 1 life.", at_beginning_of(Step.UPKEEP), gains_life(1)))
    game = untap_game()
    game.place(upkeeper, player="A")
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    assert game.players["A"].life == 20
    game.next_turn()
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_face_down_legends_do_not_share_a_name() -> None:
    """Cards: two copies of a legendary morph creature, both face down under A.  Action: one is
    turned face up, then the other.
    CR 708.2 (no name, no supertypes listed), 704.5j: no legend rule while face down or while one
    is; once both are face up, the legend rule applies."""
    legend = card("Legendary Morph", "{3}{G}", "Legendary Creature — Beast", 4, 4, "morph {G}")
    game = Game()
    one = game.place(legend, player="A", face_down=FaceDown.MORPH)
    two = game.place(legend, player="A", face_down=FaceDown.MORPH)
    game.refresh_priority()
    game.add_mana("A", "{G}")
    game.turn_face_up("A", one)
    game.refresh_priority()
    assert game.obj(one).zone is Zone.BATTLEFIELD and game.obj(two).zone is Zone.BATTLEFIELD
    game.add_mana("A", "{G}")
    game.turn_face_up("A", two)
    game.choices.script(ChoiceKind.LEGEND_RULE, one, player="A")
    game.refresh_priority()
    assert game.current(two).zone is Zone.GRAVEYARD and game.obj(one).zone is Zone.BATTLEFIELD


def test_morph_turned_face_up_in_response_to_a_bolt_survives() -> None:
    """Cards: A's face-down morph Angel (4/5 face up); B's Lightning Bolt targeting it.
    Action: with the Bolt on the stack, A turns it face up (A has priority).
    CR 116.2b / 702.37e: a special action any time A has priority; the Bolt deals 3 to a 4/5."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[obj])
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)  # B has priority, not A
    game.pass_priority("B")
    assert game.priority == "A"
    game.turn_face_up("A", obj)
    game.resolve_stack()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and game.view(obj).damage == 3


def test_face_down_creature_phases_in_still_face_down() -> None:
    """Card: A's face-down morph.  Action: it phases out and back in.
    CR 702.26d: phasing doesn't change its status: it's still face down, a 2/2."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.phase_out(obj)
    game.next_turn()
    game.next_turn()
    assert not game.view(obj).phased_out and game.view(obj).face_down and game.view(obj).pt == (2, 2)


def test_humility_on_a_face_down_creature() -> None:
    """Cards: a face-down morph; Humility.  CR 613.2b (face-down values in layer 1b), 613.4b: 1/1."""
    game = Game()
    game.place(HUMILITY, player="A")
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    assert game.view(obj).pt == (1, 1)


def test_casting_face_down_triggers_creature_spell_but_not_colour_triggers() -> None:
    """Cards: A's watchers "whenever you cast a creature spell, gain 1 life" and "whenever you cast a
    green spell, gain 10 life"; the green megamorph cast face down.
    CR 708.4: only the face-down characteristics are seen: 21 life."""
    creature_w = card("Creature Watcher", "{G}", "Enchantment", TriggeredAbility(
        "Whenever you cast a creature spell, you gain 1 life.", cast(spells("Creature"), by="you"), gains_life(1)))
    green_w = card("Green Watcher", "{G}", "Enchantment", TriggeredAbility(
        "Whenever you cast a green spell, you gain 10 life.", cast(spells(colors=["G"]), by="you"), gains_life(10)))
    game = Game()
    game.place(creature_w, player="A")
    game.place(green_w, player="A")
    mega = game.place(MEGA, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    game.cast("A", mega, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_face_down_creature_returned_to_hand_is_revealed() -> None:
    """Card: A's face-down morph Angel.  Action: an effect returns it to A's hand.
    CR 708.9: it is revealed; in the hand it is the face-up card."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    in_hand = game.move(obj, Zone.HAND)
    assert in_hand is not None and in_hand.zone is Zone.HAND
    assert game.view(in_hand).name == "Morph Angel" and not game.view(in_hand).face_down
    assert any(e.name == "Morph Angel" for e in game.events(Revealed))


def test_counters_and_damage_stay_when_turned_face_up() -> None:
    """Card: the face-down morph Angel with a +1/+1 counter and 1 damage.  Action: turned face up.
    CR 708.8: the same permanent: 5/6 with 1 damage."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH, counters={"+1/+1": 1})
    pinger = game.place(card("Pinger", "{R}", "Creature — Goblin", 1, 1), player="B")
    game.deal_damage(pinger, obj, 1)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    assert game.view(obj).pt == (5, 6) and game.view(obj).damage == 1


def test_flash_morph_cannot_be_cast_face_down_at_instant_speed() -> None:
    """Card: a creature with flash and morph {1}{U} in A's hand, in B's turn.
    CR 708.4, 702.37c: the face-down spell has no abilities, so no flash: casting it face down
    at instant speed is illegal; cast face up it's fine (702.8a)."""
    flasher = card("Flash Morph", "{2}{U}", "Creature — Illusion", 2, 2, "flash", "morph {1}{U}")
    game = Game()
    first = game.place(flasher, Zone.HAND, "A")
    second = game.place(flasher, Zone.HAND, "A")
    game.next_turn()  # B's turn
    game.pass_priority_to("A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", first, face_down=FaceDown.MORPH)
    game.players["A"].mana.mana.clear()
    game.add_mana("A", "{2}{U}")
    game.cast("A", second)
    game.resolve_stack()
    assert game.current(second).zone is Zone.BATTLEFIELD


def test_new_controller_may_turn_a_stolen_face_down_creature_up() -> None:
    """Card: A's face-down morph Angel; B gains control of it.  Action: B turns it face up.
    CR 702.37e: "a face-down permanent you control": B may; A no longer can."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    resolve_effect(game, "B gains control", [control("B")], [obj], Indefinite(), player="B")
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)
    game.players["A"].mana.mana.clear()
    game.pass_priority_to("B")
    game.add_mana("B", "{2}{W}{W}")
    game.turn_face_up("B", obj)
    assert game.view(obj).name == "Morph Angel"


def test_humility_turns_off_a_lords_bonus() -> None:
    """Cards: Lord of Atlantis-like "other Merfolk get +1/+1" (a 2/2 Merfolk), a 1/1 Merfolk; Humility.
    CR 613.1f before 613.4c: the lord has lost its ability before layer 7c: both are 1/1."""
    lord = card("Lord of Atlantis", "{U}{U}", "Creature — Merfolk", 2, 2, StaticAbility(
        "Other Merfolk get +1/+1.", (modify_pt(1, 1),), creatures(subtypes=["Merfolk"], other=True)))
    game = Game()
    game.place(lord, player="A")
    fish = game.place(card("Merfolk Pup", "{U}", "Creature — Merfolk", 1, 1), player="A")
    assert game.view(fish).pt == (2, 2)
    game.place(HUMILITY, player="B")
    assert game.view(fish).pt == (1, 1)


def test_humility_does_not_stop_magus_of_the_moon() -> None:
    """Cards: Magus of the Moon (a creature with "nonbasic lands are Mountains"), Humility, Urborg.
    CR 613.1d before 613.1f: the Magus's layer-4 effect applies before Humility removes its ability
    in layer 6: Urborg is still a Mountain (and has no Swamp ability)."""
    magus = card("Magus of the Moon", "{2}{R}", "Creature — Human Wizard", 2, 2, StaticAbility(
        "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
    game = Game()
    m = game.place(magus, player="A")
    game.place(HUMILITY, player="A")
    urborg = game.place(URBORG, player="B")
    forest = game.place(FOREST, player="B")
    assert game.view(m).abilities == ()
    assert game.view(urborg).subtypes == frozenset({"Mountain"})
    assert "Swamp" not in game.view(forest).subtypes


def test_changeling_under_humility_keeps_every_creature_type() -> None:
    """Cards: a changeling 1/1; Humility.  CR 613.3 (the CDA applies in layer 4), 613.1f (removed
    in layer 6, too late to undo layer 4): it is still a Goblin and an Elf, a 1/1."""
    shifter = card("Changeling Outcast", "{B}", "Creature — Shapeshifter", 1, 1, "changeling")
    game = Game()
    obj = game.place(shifter, player="A")
    game.place(HUMILITY, player="A")
    view = game.view(obj)
    assert {"Goblin", "Elf"} <= view.subtypes and not view.has("changeling")


def test_painters_servant_and_mycosynth_lattice_timestamps() -> None:
    """Cards: Painter's Servant (blue chosen) and Mycosynth Lattice ("all permanents ... are colourless"),
    Grizzly Bears; both orders.
    CR 613.1e, 613.7: layer 5 in timestamp order: Lattice later → colourless; Painter later →
    blue only (the Lattice already made it colourless)."""
    lattice = card("Mycosynth Lattice", "{6}", "Artifact", StaticAbility(
        "All cards, spells and permanents are colorless.", (becomes_color(""),), objects(zones=EVERYWHERE)))
    for order, expected in (((PAINTER, lattice), frozenset()), ((lattice, PAINTER), frozenset({Color.BLUE}))):
        game = Game()
        bear = game.place(BEARS, player="A")
        for c in order:
            game.choices.script(ChoiceKind.COLOR, "U", player="B")
            game.put_onto_battlefield(c, "B")
        assert game.view(bear).colors == expected


def test_stolen_lord_buffs_the_thiefs_creatures() -> None:
    """Cards: B's "creatures you control get +1/+1" creature (2/2); A's and B's Bears.  Action: A
    gains control of it.  CR 613.1b: "you" is now A: A's Bears 3/3, B's 2/2."""
    lord = card("Field Marshal", "{1}{W}{W}", "Creature — Human Soldier", 2, 2, StaticAbility(
        "Other creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you", other=True)))
    game = Game()
    m = game.place(lord, player="B")
    a_bear = game.place(BEARS, player="A")
    b_bear = game.place(BEARS, player="B")
    assert game.view(b_bear).pt == (3, 3) and game.view(a_bear).pt == (2, 2)
    resolve_effect(game, "steal", [control("A")], [m], Indefinite())
    assert game.view(a_bear).pt == (3, 3) and game.view(b_bear).pt == (2, 2)


def test_a_permanent_that_reenters_gets_a_new_timestamp() -> None:
    """Cards: two creatures "all creatures are red" (first) and "all creatures are blue" (second).
    Action: the first is flickered (exiled and returned).
    CR 613.7d: it has a new timestamp as it re-enters: creatures are red."""
    red = card("Red Lord", "{R}", "Creature — Elemental", 1, 1, StaticAbility(
        "All creatures are red.", (becomes_color("R"),), creatures()))
    blue = card("Blue Lord", "{U}", "Creature — Elemental", 1, 1, StaticAbility(
        "All creatures are blue.", (becomes_color("U"),), creatures()))
    game = Game()
    r = game.place(red, player="A")
    game.place(blue, player="A")
    bear = game.place(BEARS, player="B")
    assert game.view(bear).colors == frozenset({Color.BLUE})
    exiled = game.exile(r)[0]
    assert exiled is not None
    game.put_onto_battlefield(exiled, "A")
    assert game.view(bear).colors == frozenset({Color.RED})


def test_plus_and_minus_counters_annihilate() -> None:
    """Card: Grizzly Bears with two +1/+1 counters; a -1/-1 counter is put on it.
    CR 122.3, 704.5q: one of each is removed as a state-based action: one +1/+1 counter, 3/3."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"+1/+1": 2})
    game.put_counters(bear, "-1/-1")
    assert game.view(bear).pt == (3, 3)
    game.refresh_priority()
    assert game.view(bear).counters.get("+1/+1") == 1 and not game.view(bear).counters.get("-1/-1")


def test_anger_works_only_from_the_graveyard() -> None:
    """Card: Anger ("as long as this is in your graveyard and you control a Mountain, creatures you
    control have haste"); Grizzly Bears; a Mountain.
    CR 611.3b, 113.6: the ability functions only in the graveyard: no haste while Anger is on the
    battlefield; haste once it's in the graveyard."""
    anger = card("Anger", "{3}{R}", "Creature — Incarnation", 2, 2, StaticAbility(
        "As long as this card is in your graveyard and you control a Mountain, creatures you control have haste.",
        (gain("haste"),), creatures(controller="you"), condition=you_control(lands(subtypes=["Mountain"])),
        zones=frozenset({Zone.GRAVEYARD})))
    game = Game()
    a = game.place(anger, player="A")
    bear = game.place(BEARS, player="A")
    game.place(MOUNTAIN, player="A")
    assert not game.view(bear).has("haste")
    game.destroy(a)
    assert game.view(bear).has("haste")


def test_no_maximum_hand_size_means_no_discard_in_cleanup() -> None:
    """Card: Spellbook ("you have no maximum hand size"); A has nine cards in hand at cleanup.
    CR 402.2, 514.1: without Spellbook A would discard to seven; with it, nine stay."""
    spellbook = card("Spellbook", "{0}", "Artifact", StaticAbility(
        "You have no maximum hand size.", rules=(MaximumHandSize(None),)))
    game = Game()
    game.place(spellbook, player="A")
    for _ in range(9):
        game.place(BEARS, Zone.HAND, "A")
    game.next_turn()
    assert len(game.hand("A")) == 9


def test_until_next_step_duration() -> None:
    """Card: Grizzly Bears; "+1/+1 until your next upkeep" in A's turn.
    CR 611.2a: it lasts through B's turn and ends as A's next upkeep begins."""
    game = Game()
    bear = game.place(BEARS, player="A")
    resolve_effect(game, "+1/+1", [modify_pt(1, 1)], [bear], UntilNextStep(Step.UPKEEP, "A"))
    game.next_turn()
    assert game.view(bear).pt == (3, 3)
    game.advance_to(Step.UPKEEP, "A")
    assert game.view(bear).pt == (2, 2)


def test_turn_to_frog_on_a_changeling() -> None:
    """Card: a changeling 1/1; Turn to Frog.  CR 613.3 then 613.7: the CDA first, then the Frog
    effect sets its creature type: only a Frog; 1/1 blue, no changeling."""
    shifter = card("Changeling Outcast", "{B}", "Creature — Shapeshifter", 1, 1, "changeling")
    game = Game()
    obj = game.place(shifter, player="A")
    resolve_effect(game, "Turn to Frog", [lose_all_abilities(), becomes_color("U"),
                                          becomes_creature_types("Frog"), base_pt(1, 1)], [obj])
    assert game.view(obj).subtypes == frozenset({"Frog"})


def test_dependency_loop_falls_back_to_timestamps() -> None:
    """Cards: "all Goblins are Elves" and "all Elves are Goblins" (each replacing creature types);
    an Elf and a Goblin; both timestamp orders.
    CR 613.8a: each changes what the other applies to, so they form a dependency loop; 613.8b:
    within the loop timestamps decide: the later effect's type wins for both creatures."""
    to_elves = card("Elvish Song", "{G}", "Enchantment", StaticAbility(
        "All Goblins are Elves.", (becomes_creature_types("Elf"),), creatures(subtypes=["Goblin"])))
    to_goblins = card("Goblin Song", "{R}", "Enchantment", StaticAbility(
        "All Elves are Goblins.", (becomes_creature_types("Goblin"),), creatures(subtypes=["Elf"])))
    for order, last in (((to_elves, to_goblins), "Goblin"), ((to_goblins, to_elves), "Elf")):
        game = Game()
        elf = game.place(card("Elf", "{G}", "Creature — Elf", 1, 1), player="A")
        goblin = game.place(card("Goblin", "{R}", "Creature — Goblin", 1, 1), player="A")
        for c in order:
            game.place(c, player="A")
        assert game.view(elf).subtypes == frozenset({last}), order
        assert game.view(goblin).subtypes == frozenset({last}), order


def test_face_down_spell_does_not_enter_with_its_counters() -> None:
    """Card: a morph creature "this creature enters with two +1/+1 counters on it".  Action: cast
    face down, it resolves.  CR 708.3: it's face down as it enters, so the replacement has no
    effect: a 2/2 with no counters."""
    hydra = card("Counter Morph", "{3}{G}", "Creature — Hydra", 0, 0, "morph {2}{G}", StaticAbility(
        "This creature enters with two +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 2),)))
    game = Game()
    obj = game.place(hydra, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", obj, face_down=FaceDown.MORPH)
    game.resolve_stack()
    view = game.view(game.current(spell))
    assert view.pt == (2, 2) and not view.counters.get("+1/+1")


def test_manifest_dread_with_one_card_left() -> None:
    """Card: A's library holds only Grizzly Bears.  Action: manifest dread.
    CR 701.62a: A looks at the one card and manifests it; nothing goes to the graveyard."""
    game = Game(library=0)
    game.place(BEARS, Zone.LIBRARY, "A")
    obj = manifest_dread(game, "A")
    assert obj is not None and game.view(obj).face_down
    assert game.graveyard("A") == []


def test_manifest_from_an_empty_library_does_nothing() -> None:
    """A's library is empty.  Action: manifest the top card.  CR 701.40a: there is no card:
    nothing is manifested (and A doesn't lose for that: no draw)."""
    game = Game(library=0)
    assert manifest_top(game, "A") is None
    game.refresh_priority()
    assert game.battlefield("A") == [] and game.players["A"].life == 20


def test_phasing_in_keeps_the_old_timestamp() -> None:
    """Cards: a creature with phasing and "all creatures are red"; then an enchantment "all
    creatures are blue".  Action: the creature phases out and back in.
    CR 702.26d, 613.7d: phasing isn't entering a zone: it keeps its timestamp, so blue still wins."""
    red = card("Red Phaser", "{R}", "Creature — Elemental", 1, 1, "phasing", StaticAbility(
        "All creatures are red.", (becomes_color("R"),), creatures()))
    blue = card("Blue Skies", "{U}", "Enchantment", StaticAbility(
        "All creatures are blue.", (becomes_color("U"),), creatures()))
    game = untap_game()
    r = game.place(red, player="A")
    game.place(blue, player="B")
    bear = game.place(BEARS, player="B")
    assert game.view(bear).colors == frozenset({Color.BLUE})
    game.advance_to(Step.UPKEEP)
    assert game.view(r).phased_out
    game.next_turn()
    game.next_turn()
    assert not game.view(r).phased_out
    assert game.view(bear).colors == frozenset({Color.BLUE})


def test_granted_static_ability_takes_the_granting_effects_timestamp() -> None:
    """Cards: Grizzly Bears (entered first); an enchantment "all creatures have base power and
    toughness 1/1" (later); then an effect gives the Bears "all creatures have base power and
    toughness 3/3".
    CR 613.7a: the granted ability's effect has the later of the two timestamps (the granting
    effect's), so in layer 7b it applies after the enchantment's: creatures are 3/3."""
    small = card("Small World", "{2}{W}", "Enchantment", StaticAbility(
        "All creatures have base power and toughness 1/1.", (base_pt(1, 1),), creatures()))
    big = StaticAbility("All creatures have base power and toughness 3/3.", (base_pt(3, 3),), creatures())
    game = Game()
    bear = game.place(BEARS, player="A")
    elves = game.place(ELVES, player="B")
    game.place(small, player="B")
    assert game.view(elves).pt == (1, 1)
    resolve_effect(game, "the Bears gains 'all creatures have base P/T 3/3'", [gain(big)], [bear], Indefinite())
    assert game.view(elves).pt == (3, 3) and game.view(bear).pt == (3, 3)


def test_granted_static_ability_acting_in_an_earlier_layer_is_not_modelled() -> None:
    """Cards: Grizzly Bears; an effect gives it "all creatures are blue" (a colour change, layer 5).
    CR 613.1e-f: the ability is gained in layer 6, after layer 5 has applied; the model can't go
    back a layer, so it says so instead of leaving the creatures green (the answer it gave before
    issue 11's acceptance run)."""
    paint = StaticAbility("All creatures are blue.", (becomes_color("U"),), creatures())
    game = Game()
    bear = game.place(BEARS, player="A")
    with pytest.raises(NotModelled, match="appeared in layer 6 but has a part in the earlier layer 5"):
        resolve_effect(game, "the Bears gains 'all creatures are blue'", [gain(paint)], [bear], Indefinite())
        game.view(bear)


def test_new_keyword_counter_restamps_the_old_ones() -> None:
    """Card: Grizzly Bears.  Actions: a flying counter is put on it; "it loses flying" (indefinitely);
    another flying counter is put on it.
    CR 613.1f (keyword counters in layer 6), 613.7c: the second counter gives every flying counter
    a new timestamp, later than the loss: it flies again."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.put_counters(bear, "flying")
    assert game.view(bear).has("flying")
    resolve_effect(game, "loses flying", [lose("flying")], [bear], Indefinite())
    assert not game.view(bear).has("flying")
    game.put_counters(bear, "flying")
    assert game.view(bear).has("flying")


def test_sakashima_copying_a_face_down_creature_keeps_its_own_name() -> None:
    """Cards: A's face-down morph Angel; Sakashima the Impostor ("you may have it enter as a copy of
    any creature, except its name is Sakashima the Impostor").
    CR 707.2, 708.2 (the face-down 2/2's copiable values), 707.9b (the exception is part of the
    copiable values): a face-up 2/2 named Sakashima the Impostor with no abilities."""
    sakashima = card("Sakashima the Impostor", "{2}{U}{U}", "Legendary Creature — Human Rogue", 3, 1,
                     StaticAbility("You may have this creature enter as a copy of any creature on the battlefield, "
                                   "except its name is Sakashima the Impostor.",
                                   replacements=(enters_as_copy(changes=lambda v: dataclasses.replace(
                                       v, name="Sakashima the Impostor")),)))
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    obj = game.put_onto_battlefield(sakashima, "A")
    assert obj is not None
    view = game.view(obj)
    assert view.name == "Sakashima the Impostor" and view.pt == (2, 2) and not view.face_down
    assert view.abilities == () and view.supertypes == frozenset()


def test_clone_may_decline_to_copy() -> None:
    """Cards: Grizzly Bears; Clone ("you may have it enter as a copy").  Action: A declines.
    CR 707.5 with "you may": Clone enters as itself, a 0/0, and dies (704.5f)."""
    game = Game()
    game.place(BEARS, player="A")
    game.choices.script(ChoiceKind.OBJECT, None, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None and game.view(clone).name == "Clone"
    game.refresh_priority()
    assert game.current(clone).zone is Zone.GRAVEYARD


def _counter_targets(r: Resolution) -> None:
    for spell in r.objects(0):
        r.game.counter(spell)


def test_countered_face_down_spell_is_revealed() -> None:
    """Cards: A casts the morph Angel face down; B's Counterspell ("counter target spell") counters it.
    CR 708.9: a face-down spell moving from the stack to another zone is revealed; in the graveyard
    it's the face-up Angel card; 701.6a."""
    counterspell = card("Counterspell", "{U}{U}", "Instant", spell=SpellAbility(
        "Counter target spell.", _counter_targets, (target_spell(),)))
    game = Game()
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    cs = game.place(counterspell, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{U}{U}")
    game.cast("B", cs, targets=[spell])
    game.resolve_stack()
    dead = game.current(spell)
    assert dead.zone is Zone.GRAVEYARD and game.view(dead).name == "Morph Angel"
    assert any(e.name == "Morph Angel" for e in game.events(Revealed))
    assert len(game.events(Countered)) == 1


def test_placing_a_permanent_that_chooses_as_it_enters_needs_the_choice() -> None:
    """Card: Painter's Servant set up on the battlefield.  Placed without its choice it would colour
    nothing; the set-up asks for the choice instead (``chosen=``), and with it the Servant works.
    CR 614.12a: the choice is made as it enters, so a permanent that is simply there has made it."""
    game = Game()
    bear = game.place(BEARS, player="A")
    with pytest.raises(ScenarioError, match="chosen="):
        game.place(PAINTER, player="B")
    assert [o.card.name for o in game.battlefield()] == ["Grizzly Bears"], "nothing half set up"
    game.place(PAINTER, player="B", chosen={"color": "W"})
    assert game.view(bear).colors == frozenset({Color.GREEN, Color.WHITE})


def test_only_a_card_with_morph_can_be_cast_face_down() -> None:
    """Cards: Grizzly Bears (no morph) and the morph Angel in A's hand, {3} each time.
    CR 702.37d: a card can't normally be cast face down; morph allows it."""
    game = Game()
    bears = game.place(BEARS, Zone.HAND, "A")
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", bears, face_down=FaceDown.MORPH)
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    assert game.view(spell).face_down


def test_equipment_phased_out_directly_returns_unattached_without_triggering() -> None:
    """Cards: Grizzly Bears equipped with an Equipment "whenever this becomes unattached, you gain
    3 life".  Actions: the Equipment phases out directly; the Bears is destroyed; A's next untap step.
    CR 702.26i: the Equipment phases in unattached (the Bears is gone) and stays on the battlefield;
    702.26j: becoming attached or unattached by phasing triggers nothing.  (Positive case: moving it
    to another creature does trigger.)"""
    gear = card("Loyal Gear", "{1}", "Artifact — Equipment", "equip {1}", TriggeredAbility(
        "Whenever this Equipment becomes unattached, you gain 3 life.", becomes_unattached(), gains_life(3)))
    game = Game()
    bear = game.place(BEARS, player="A")
    eq = game.place(gear, player="A", attached_to=bear)
    game.phase_out(eq)
    game.destroy(bear)
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    view = game.view(eq)
    assert not view.phased_out and view.attached_to is None and game.obj(eq).zone is Zone.BATTLEFIELD
    assert game.players["A"].life == 20
    first = game.place(ELVES, player="A")
    second = game.place(ELVES, player="A")
    game.attach(eq, first)
    game.attach(eq, second)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 23


def test_manifested_card_has_none_of_its_own_entering_replacements() -> None:
    """Card: a 0/0 "enters tapped, with two +1/+1 counters" on top of A's library; Clone under it.
    Action: manifest each (Grizzly Bears is on the battlefield for the Clone to copy).
    CR 708.3: it's turned face down before it enters, so its own "enters" abilities have no effect:
    untapped 2/2s without counters, and the Clone copies nothing (and asks nothing)."""
    hydra = card("Tapped Hydra", "{3}{G}", "Creature — Hydra", 0, 0,
                 StaticAbility("This creature enters tapped.", replacements=(enters_tapped(),)),
                 StaticAbility("This creature enters with two +1/+1 counters on it.",
                               replacements=(enters_with_counters("+1/+1", 2),)))
    game = Game()
    game.place(BEARS, player="B")
    game.place(CLONE, Zone.LIBRARY, "A")
    game.place(hydra, Zone.LIBRARY, "A")
    first = manifest_top(game, "A")
    second = manifest_top(game, "A")
    assert first is not None and second is not None
    for obj in (first, second):
        view = game.view(obj)
        assert view.face_down and view.pt == (2, 2) and not view.counters and not view.tapped and view.name is None
