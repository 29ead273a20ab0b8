"""An audit of setting scenarios up, as a new user would, through the public API.

Issue 11 lists concepts whose absence blocked scenarios and API traps met while setting them up.
Each scenario here meets one of them inside one of kb's four topics (phasing, morph and face-down
objects, timestamps and layers, continuous effects), is written from the CR (the rule numbers in
each docstring) and asserts the CR's answer, or that the model raises ``NotModelled`` naming the
concept.  Cards are described in our own words; a card named in a test's name is the well-known
card whose behaviour the scenario borrows.
"""

from __future__ import annotations

import pytest
from scenario_cards import BEARS, GIANT, PHASING_BEAR, SIZING_FIELD, gains_life

from kb.engine import (
    FOREST,
    ActivatedAbility,
    CantActivate,
    CantBeCountered,
    CantPhase,
    CantPlayLands,
    CastPermission,
    ChoiceKind,
    CostChange,
    DoesntUntap,
    ExtraLandPlays,
    FaceDown,
    Game,
    GameObject,
    IllegalAction,
    Indefinite,
    LayerPart,
    Phase,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    Step,
    Supertype,
    TriggeredAbility,
    TurnedFaceUp,
    UntilEndOfCombat,
    UntilEndOfTurn,
    UntilLeaves,
    UntilNextStep,
    UntilYourNextTurn,
    Zone,
    add_types,
    at_beginning_of,
    attached_to_this,
    base_pt,
    card,
    chapter,
    cost,
    count,
    create_delayed,
    creatures,
    enters_tapped,
    enters_with_counters,
    gain,
    gain_control,
    lose,
    manifest_top,
    modify_pt,
    modify_pt_by,
    objects,
    permanents,
    prevent_damage,
    same_name_as,
    skip_step,
    spells,
    target_creature,
    target_player,
    this_object,
    turned_face_up,
    while_controls,
    with_counters_as_turned_face_up,
)
from kb.engine.stack import Resolution
from kb.engine.turn import add_phases

MANA_ELVES = card("Llanowar Elves", "{G}", "Creature — Elf Druid", 1, 1,
             ActivatedAbility("{T}: Add {G}.", cost("{T}"), mana="{G}"))
SNOW_FOREST = card("Snow-Covered Forest", None, "Basic Snow Land — Forest")
MORPH_ANGEL = card("Exalted Angel", "{4}{W}{W}", "Creature — Angel", 4, 5, "flying", "lifelink",
                   "morph {2}{W}{W}")
STUBBORN_MORPH = card("Stubborn Morph", "{3}{G}{G}", "Creature — Beast", 5, 5, "morph {4}{G}", StaticAbility(
    "This spell can't be countered.", rules=(CantBeCountered(this_object()),), zones=frozenset({Zone.STACK})))
GREEN_MORPH = card("Green Morph", "{2}{G}", "Creature — Beast", 3, 3, "morph {3}{G}")
FENCER = card("Fencer", "{1}{W}", "Creature — Human Knight", 2, 2, "first strike")
WOOD_WALL = card("Wall of Wood", "{G}", "Creature — Wall", 1, 5, "defender")
HERON = card("Dream Heron", "{4}{U}", "Creature — Elemental Bird", 3, 4, "flying", "vigilance", "mutate {3}{U}")
CHAINS = card("Claustrophobia Chains", "{1}{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature doesn't untap during its controller's untap step.", rules=(DoesntUntap(attached_to_this()),)))
SAGA = card("Tale of Three Winters", "{1}{W}", "Enchantment — Saga",
            *(chapter(n, f"You gain {n} life.", gains_life(n)) for n in (1, 2, 3)))


def attack_and_block(game: Game, attackers: list[GameObject], blocker: GameObject, blocked: GameObject) -> None:
    """A attacks with ``attackers``, B's ``blocker`` blocks ``blocked`` (declare blockers step)."""
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(attackers)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({blocker: blocked})


def mutate_heron_onto(game: Game, permanent: GameObject, where: str) -> None:
    """A casts the Heron for its mutate cost onto ``permanent``, putting it on ``where`` ("top" or
    "bottom", 702.140c), and it resolves."""
    held = game.place(HERON, Zone.HAND, "A")
    game.add_mana("A", "{3}{U}")
    game.choices.script(ChoiceKind.MODE, where, player="A")
    game.cast("A", held, targets=[permanent], alternative="mutate")
    game.resolve_stack()



# Combat after declaring attackers, with a layer-6 change between the damage steps


@pytest.mark.parametrize(("change", "wall_damage"), [(lose("first strike"), 2), (gain("double strike"), 4)])
def test_first_striker_changed_between_the_combat_damage_steps(change: LayerPart, wall_damage: int) -> None:
    """Cards: A's 2/2 with first strike attacks; B blocks with a 1/5 wall.
    Action: after the first-strike combat damage step, an effect makes the attacker lose first
    strike (or gain double strike) until end of turn (layer 6).
    CR 702.7c: removing first strike after it has dealt first-strike damage doesn't let it deal
    damage again: the wall has 2 damage; 702.4d: giving it double strike does: 4."""
    game = Game(["A", "B"])
    attacker = game.place(FENCER, player="A")
    blocker = game.place(WOOD_WALL, player="B")
    attack_and_block(game, [attacker], blocker, attacker)
    game.advance_to(Step.COMBAT_DAMAGE)  # the first-strike combat damage step
    assert game.view(blocker).damage == 2
    game.create_effect("loses first strike or gains double strike", [change], [attacker], UntilEndOfTurn(),
                       controller="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert (game.view(blocker).damage, game.view(attacker).damage) == (wall_damage, 1)


# Effects that stop a permanent phasing in or out, and "until X leaves"


def test_cant_phase_in_until_its_source_leaves() -> None:
    """Cards: A's phased-out 2/2; B's enchantment.  Action: an ability of the enchantment says
    "that creature can't phase in for as long as this enchantment remains on the battlefield"
    (an "until [this] leaves" duration, 611.2b, 610.3).
    CR 702.26a, 502.1: in A's untap step the creature would phase in, but can't; once the
    enchantment has left the battlefield it phases in in A's next untap step."""
    jail = card("Phase Jail", "{2}{U}", "Enchantment")
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A")
    source = game.place(jail, player="B")
    game.phase_out(bear)
    game.create_effect("can't phase in", (), [bear], UntilLeaves(source.id), source=source, controller="B",
                       rules=[CantPhase(objects(), "in")])
    game.next_turn("B")
    game.next_turn("A")
    assert game.view(bear).phased_out
    game.destroy(source)
    game.next_turn("B")
    game.next_turn("A")
    assert not game.view(bear).phased_out


# Mana abilities and {T} costs


def test_manifested_mana_creature_has_no_mana_ability_until_turned_face_up() -> None:
    """Card: a manifested Llanowar Elves-like creature card A has controlled since the turn began.
    Actions: A tries to tap it for mana; then turns it face up for its mana cost {G} (paid by a
    Forest) and taps it for mana.
    CR 708.2, 701.40a: face down it has no abilities; 701.40b, 708.8: turned face up it is the same
    object, so it isn't summoning sick (302.6) and its {T} mana ability works (605.3b)."""
    game = Game(["A", "B"])
    forest = game.place(FOREST, player="A")
    elves = game.place(MANA_ELVES, player="A", face_down=FaceDown.MANIFEST)
    with pytest.raises(ScenarioError, match="0 activated abilities"):
        game.activate("A", elves)
    game.activate("A", forest)
    game.turn_face_up("A", elves)
    assert game.view(elves).name == "Llanowar Elves"
    game.activate("A", elves)
    assert game.view(elves).tapped
    assert game.players["A"].mana.amount("G") == 1


def test_face_down_creature_cast_this_turn_cannot_tap_for_mana_after_turning_up() -> None:
    """Card: a morph creature card with "{T}: Add {G}." cast face down this turn.
    Action: A turns it face up and tries to tap it for mana.
    CR 302.6: a creature's {T} ability can't be activated unless it has been under its controller's
    control continuously since their most recent turn began; turning face up doesn't change that."""
    druid = card("Morph Druid", "{1}{G}", "Creature — Elf Druid", 1, 1, "morph {G}",
                 ActivatedAbility("{T}: Add {G}.", cost("{T}"), mana="{G}"))
    game = Game(["A", "B"])
    held = game.place(druid, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", held, face_down=FaceDown.MORPH)
    game.resolve_stack()
    permanent = game.current(spell)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", permanent)
    with pytest.raises(IllegalAction):
        game.activate("A", permanent)


# "Can't be countered"


def test_face_down_spell_of_a_cant_be_countered_card_can_be_countered() -> None:
    """Card: a morph creature card whose static ability says "This spell can't be countered."
    Actions: cast face up, then (another copy) cast face down; each is countered.
    CR 708.2, 702.37c: the face-down spell has no abilities, so it can be countered (701.6); the
    face-up one can't (701.6b)."""
    game = Game(["A", "B"])
    up = game.place(STUBBORN_MORPH, Zone.HAND, "A")
    game.add_mana("A", "{3}{G}{G}")
    spell = game.cast("A", up)
    assert not game.counter(spell)
    game.resolve_stack()
    assert game.current(spell).zone is Zone.BATTLEFIELD
    down = game.place(STUBBORN_MORPH, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", down, face_down=FaceDown.MORPH)
    assert game.counter(spell)
    assert game.current(spell).zone is Zone.GRAVEYARD


# "Doesn't untap during its controller's untap step"


def test_aura_saying_doesnt_untap_phases_in_with_its_creature_and_keeps_it_tapped() -> None:
    """Cards: A's tapped 2/2 with phasing, enchanted by B's Aura "Enchanted creature doesn't untap
    during its controller's untap step".  Actions: the creature phases out (the Aura with it),
    then A's next untap step comes.
    CR 502.1-502.3: phasing happens first, so the Aura is back before permanents untap, and the
    creature stays tapped."""
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A", tapped=True)
    aura = game.place(CHAINS, player="B", attached_to=bear)
    game.phase_out(bear)
    assert game.view(aura).phased_out
    game.next_turn("B")
    game.next_turn("A")
    assert not game.view(bear).phased_out
    assert game.view(bear).tapped


# "Until your next turn" / "until your next upkeep", across turns, with skipped steps


@pytest.mark.parametrize("step", [Step.UPKEEP, Step.DRAW])
def test_until_your_next_step_outlasts_a_skipped_step(step: Step) -> None:
    """Actions: A gives B's 3/3 base P/T 0/1 "until your next upkeep" (or draw step); A's next
    such step is skipped; then the one after.
    CR 500.4/611.2, 614.10: a skipped step doesn't happen, so the effect goes on until A's next
    such step that does begin."""
    game = Game(["A", "B"])
    giant = game.place(GIANT, player="B")
    game.create_effect(f"base 0/1 until your next {step.value}", [base_pt(0, 1)], [giant], UntilNextStep(step, "A"),
                       controller="A")
    game.create_effect(f"A skips their next {step.value}", replacements=[skip_step(step, "A")], controller="A")
    game.next_turn("B")
    assert game.view(giant).pt == (0, 1)
    game.next_turn("A")
    assert game.view(giant).pt == (0, 1)
    game.next_turn("B")
    game.advance_to(step, "A")
    assert game.view(giant).pt == (3, 3)


def test_until_your_next_turn_layer_effect_and_a_later_pump_across_turns() -> None:
    """Actions: in A's turn A makes B's 3/3 have base P/T 1/1 until A's next turn; in B's turn
    B gives it +2/+2 until end of turn.
    CR 611.2a, 613.4b-c: in B's turn it is 3/3 (1/1 +2/+2); B's pump ends in B's cleanup (514.2),
    A's effect as A's next turn begins: 3/3 again."""
    game = Game(["A", "B"])
    giant = game.place(GIANT, player="B")
    game.create_effect("base 1/1 until your next turn", [base_pt(1, 1)], [giant], UntilYourNextTurn("A"),
                       controller="A")
    game.next_turn("B")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [giant], UntilEndOfTurn(), controller="B")
    assert game.view(giant).pt == (3, 3)
    game.advance_to(Step.END, "B")
    assert game.view(giant).pt == (3, 3)
    game.advance_to(Step.UPKEEP, "A")  # the untap step gives no priority (502.4): stop just after it
    assert game.view(giant).pt == (3, 3)


# Turning a manifested card face up for its mana cost: Sagas and mutate


def test_manifested_saga_is_a_2_2_that_gets_no_lore_counter_and_cannot_be_turned_up() -> None:
    """Card: a Saga card manifested by A.  Actions: A's precombat main phase begins; A tries to
    turn it face up for its mana cost.
    CR 708.2, 701.40a: face down it is a 2/2 creature with no subtypes, so not a Saga and gets no
    lore counter (714.3b); 701.40b: only a manifested creature card may be turned face up for its
    mana cost."""
    game = Game(["A", "B"], step=Step.UNTAP)
    manifested = game.place(SAGA, player="A", face_down=FaceDown.MANIFEST)
    game.advance_to(Step.BEGINNING_OF_COMBAT, "A")
    assert game.view(manifested).pt == (2, 2)
    assert game.view(manifested).counters.get("lore", 0) == 0
    game.add_mana("A", "{1}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", manifested)


def test_saga_phased_out_as_the_main_phase_begins_gets_no_lore_counter() -> None:
    """Cards: A's Saga with one lore counter (three chapters: gain 1, 2, 3 life).  Actions: in A's
    upkeep it phases out; A's precombat main phase begins; in A's next turn it has phased in.
    CR 702.26b, 714.3b: a phased-out Saga is treated as though it doesn't exist, so it gets no lore
    counter as its controller's precombat main phase begins; the next turn it gets its second."""
    game = Game(["A", "B"], step=Step.UNTAP)
    mine = game.place(SAGA, player="A", counters={"lore": 1})
    game.advance_to(Step.UPKEEP, "A")
    game.phase_out(mine)
    game.advance_to(Step.BEGINNING_OF_COMBAT, "A")
    assert game.view(mine).phased_out
    assert game.view(mine).counters.get("lore", 0) == 1
    game.next_turn("B")
    game.next_turn("A")
    game.resolve_stack()
    assert game.view(mine).counters.get("lore", 0) == 2
    assert game.players["A"].life == 22


def test_mutating_onto_a_face_down_creature_on_top_makes_it_face_up_without_turning_it_up() -> None:
    """Cards: A's face-down morph (Exalted Angel-like) with "when this is turned face up, you gain 5
    life"; a mutate creature card in A's hand.  Action: A casts it for its mutate cost targeting the
    face-down creature and puts it on top.
    CR 729.2e: the merged permanent is face up because its topmost component is, but it isn't
    treated as having been turned face up: nothing that triggers on turning face up triggers;
    702.140e: it has the mutating card's characteristics."""
    watcher = card("Revealing Angel", "{4}{W}{W}", "Creature — Angel", 4, 5, "morph {2}{W}{W}",
                   TriggeredAbility("When this creature is turned face up, you gain 5 life.",
                                    turned_face_up(), lambda r: r.game.gain_life(r.controller, 5)))
    game = Game(["A", "B"])
    hidden = game.place(watcher, player="A", face_down=FaceDown.MORPH)
    mutate_heron_onto(game, hidden, "top")
    merged = game.current(hidden)
    view = game.view(merged)
    assert (merged.id, view.face_down, view.name, view.pt) == (hidden.id, False, "Dream Heron", (3, 4))
    assert game.players["A"].life == 20
    assert not game.events(TurnedFaceUp)


def test_mutating_under_a_face_down_creature_leaves_a_face_down_2_2() -> None:
    """As above, but the mutating card is put underneath.
    CR 729.2e: the topmost component is face down, so the merged permanent is a face-down 2/2
    with no abilities (708.2)."""
    game = Game(["A", "B"])
    hidden = game.place(MORPH_ANGEL, player="A", face_down=FaceDown.MORPH)
    mutate_heron_onto(game, hidden, "bottom")
    view = game.view(game.current(hidden))
    assert (view.face_down, view.pt, view.has("flying")) == (True, (2, 2), False)


# Replacement effects: "enters tapped", "enters with N counters"


def test_face_down_creature_entering_gets_an_additional_counter_from_another_permanent() -> None:
    """Cards: A's enchantment "Each creature you control enters with an additional +1/+1
    counter on it" (614.1c); a morph card cast face down.
    CR 708.2, 614.12: the face-down spell enters as a 2/2 creature, so the replacement applies to
    it: a 3/3."""
    hall = card("Hall of Heroes", "{2}{G}", "Enchantment", StaticAbility(
        "Each creature you control enters with an additional +1/+1 counter on it.",
        replacements=(enters_with_counters("+1/+1", 1, entering=creatures(controller="you")),)))
    game = Game(["A", "B"])
    game.place(hall, player="A")
    held = game.place(GREEN_MORPH, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", held, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(spell)).pt == (3, 3)
    theirs = game.put_onto_battlefield(BEARS, "B")
    assert theirs is not None and game.view(theirs).pt == (2, 2)


def test_phasing_in_is_not_entering_so_enters_tapped_does_not_apply() -> None:
    """Cards: B's enchantment "Creatures your opponents control enter tapped"; A's untapped
    phased-out 2/2.  Action: A's untap step: it phases in; then a creature enters under A.
    CR 702.26d: phasing in isn't entering the battlefield, so the replacement doesn't apply (614.1c)
    and it stays untapped; the creature that enters is tapped."""
    consuls = card("Watchful Consuls", "{W}", "Enchantment", StaticAbility(
        "Creatures your opponents control enter tapped.",
        replacements=(enters_tapped("Creatures your opponents control enter tapped.",
                                    entering=creatures(controller="opponent")),)))
    game = Game(["A", "B"])
    game.place(consuls, player="B")
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    game.next_turn("B")
    game.next_turn("A")
    assert not game.view(bear).phased_out
    assert not game.view(bear).tapped
    giant = game.put_onto_battlefield(GIANT, "A")
    assert giant is not None and game.view(giant).tapped
    mine = game.put_onto_battlefield(GIANT, "B")
    assert mine is not None and not game.view(mine).tapped


# Targeting players


def test_creatures_target_player_controls_phase_out_and_return_in_that_players_untap_step() -> None:
    """Cards: B's two 2/2s, A's 3/3.  Action: A casts "All creatures target player controls phase
    out" targeting B.
    CR 115.1, 702.26a: B's creatures phase out (A's doesn't); they phase in during B's next untap
    step (502.1), not A's."""
    def phase_theirs(r: Resolution) -> None:
        player = r.targets(0)[0]
        assert isinstance(player, str)
        r.game.phase_out(*r.game.creatures(player))

    ripple = card("Reality Ripple", "{1}{U}", "Instant", spell=SpellAbility(
        "All creatures target player controls phase out.", phase_theirs, (target_player(),)))
    game = Game(["A", "B"])
    first, second = game.place(BEARS, player="B"), game.place(BEARS, player="B")
    giant = game.place(GIANT, player="A")
    held = game.place(ripple, Zone.HAND, "A")
    game.add_mana("A", "{1}{U}")
    game.cast("A", held, targets=["B"])
    game.resolve_stack()
    assert [game.view(c).phased_out for c in (first, second, giant)] == [True, True, False]
    game.next_turn("B")
    assert not game.view(first).phased_out and not game.view(second).phased_out


# The end step and delayed triggers


def test_delayed_sacrifice_at_end_step_misses_a_phased_out_creature() -> None:
    """Cards: A's 2/2 that an effect said to sacrifice "at the beginning of the next end step";
    before the end step it phases out.
    CR 603.7, 702.26b: when the delayed trigger resolves the creature is treated as though it
    doesn't exist, so it can't be sacrificed (101.3: the instruction is ignored, not refused); it
    phases in in A's next untap step, still there."""
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A")
    create_delayed(game, "At the beginning of the next end step, sacrifice it.", at_beginning_of(Step.END, "each"),
                   lambda r: r.game.sacrifice("A", bear, if_able=True), "A")
    game.phase_out(bear)
    game.advance_to(Step.END)
    game.resolve_stack()
    assert game.current(bear).zone is Zone.BATTLEFIELD
    game.next_turn("B")
    game.next_turn("A")
    assert not game.view(bear).phased_out
    assert game.current(bear).zone is Zone.BATTLEFIELD


def test_until_end_of_turn_face_down_pump_ends_at_cleanup_after_the_end_step_trigger() -> None:
    """Cards: A's face-down 2/2 given +2/+2 until end of turn; a delayed trigger "at the beginning
    of the next end step, you gain life equal to its power".
    CR 513.1, 514.2: the end step's trigger sees 4 power (the effect ends only in the cleanup
    step): A gains 4; afterwards it is a 2/2."""
    game = Game(["A", "B"])
    hidden = game.place(MORPH_ANGEL, player="A", face_down=FaceDown.MORPH)
    game.create_effect("+2/+2", [modify_pt(2, 2)], [hidden], UntilEndOfTurn(), controller="A")
    create_delayed(game, "At the beginning of the next end step, you gain life equal to its power.",
                   at_beginning_of(Step.END, "each"),
                   lambda r: r.game.gain_life(r.controller, r.game.view(hidden).power or 0), "A")
    game.advance_to(Step.END)
    game.resolve_stack()
    assert game.players["A"].life == 24
    game.next_turn("B")
    assert game.view(hidden).pt == (2, 2)


# "Can't be activated" restrictions


def test_cant_activate_does_not_stop_turning_a_morph_face_up() -> None:
    """Cards: B's enchantment "Activated abilities of creatures can't be activated"; A's
    face-down Exalted Angel-like morph.
    CR 116.2b, 702.37e: turning a face-down permanent face up is a special action, not an
    activated ability, so A may still do it."""
    stonehands = card("Stony Silence", "{1}{W}", "Enchantment", StaticAbility(
        "Activated abilities of creatures can't be activated.", rules=(CantActivate(creatures()),)))
    game = Game(["A", "B"])
    game.place(stonehands, player="B")
    forest = game.place(FOREST, player="A")
    hidden = game.place(MORPH_ANGEL, player="A", face_down=FaceDown.MORPH)
    elves = game.place(MANA_ELVES, player="A")
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", hidden)
    assert game.view(hidden).name == "Exalted Angel"
    with pytest.raises(IllegalAction):
        game.activate("A", elves)
    game.activate("A", forest)


# Non-mana costs


def test_sacrifice_cost_cannot_use_a_phased_out_creature() -> None:
    """Cards: A's artifact "Sacrifice a creature: You gain 2 life."; A's only creature is phased
    out.  CR 702.26b: a phased-out permanent can't be sacrificed to pay a cost (118.3), so the
    ability can't be activated; once it phases in, it can."""
    altar = card("Blood Altar", "{2}", "Artifact", ActivatedAbility(
        "Sacrifice a creature: You gain 2 life.", cost("Sacrifice a creature"),
        lambda r: r.game.gain_life(r.controller, 2)))
    game = Game(["A", "B"])
    source = game.place(altar, player="A")
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    with pytest.raises(IllegalAction):
        game.activate("A", source)
    game.phase_in(bear)
    game.choices.script(ChoiceKind.OBJECT, bear, player="A")
    game.activate("A", source)
    game.resolve_stack()
    assert game.players["A"].life == 22
    assert game.current(bear).zone is Zone.GRAVEYARD


# "As this is turned face up"


def test_counters_put_as_it_is_turned_face_up_count_under_a_base_pt_effect() -> None:
    """Cards: A's face-down Hooded Hydra-like morph (0/0, "As this is turned face up, put five
    +1/+1 counters on it"); an effect gives all creatures base P/T 1/1.
    Action: A turns it face up for its morph cost.
    CR 614.1e: the counters are there as it turns face up; 613.4b-c: base 1/1 then five counters:
    6/6, and it never is a 0/0 the state-based actions could see (704.5f)."""
    hydra = card("Hooded Hydra", "{X}{G}{G}", "Creature — Snake Hydra", 0, 0, "morph {3}{G}{G}",
                 with_counters_as_turned_face_up("+1/+1", 5))
    game = Game(["A", "B"])
    hidden = game.place(hydra, player="A", face_down=FaceDown.MORPH)
    game.place(SIZING_FIELD, player="B")
    assert game.view(hidden).pt == (1, 1)
    game.add_mana("A", "{3}{G}{G}")
    game.turn_face_up("A", hidden)
    game.refresh_priority()
    assert game.view(hidden).pt == (6, 6)


# Damage prevention


def test_prevention_shield_on_a_creature_survives_it_phasing_out_and_in() -> None:
    """Cards: A's 2/2; an effect "prevent the next 3 damage that would be dealt to it this turn";
    it phases out and back in (an effect phases it in again the same turn).
    CR 702.26d: phasing doesn't make it a new object, so the shield still applies (615.7):
    3 damage is all prevented."""
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="B")
    game.create_effect("prevent the next 3 damage", replacements=[prevent_damage(3, to=bear.id, uses=None)],
                       duration=UntilEndOfTurn(), controller="A")
    game.phase_out(bear)
    game.phase_in(bear)
    game.deal_damage(giant, bear, 3)
    assert game.view(bear).damage == 0


def test_damage_dealt_to_a_face_down_creature_with_prevention_turned_up() -> None:
    """Cards: A's face-down Exalted Angel-like morph (4/5 face up); "prevent all damage that would
    be dealt to it this turn" resolves while it is face down; it is turned face up; it is dealt 5.
    CR 708.8, 611.2c: it is the same object, the effect goes on applying: no damage."""
    game = Game(["A", "B"])
    hidden = game.place(MORPH_ANGEL, player="A", face_down=FaceDown.MORPH)
    giant = game.place(GIANT, player="B")
    game.create_effect("prevent all damage to it", replacements=[prevent_damage(to=hidden.id)],
                       duration=UntilEndOfTurn(), controller="A")
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", hidden)
    game.deal_damage(giant, hidden, 5)
    assert game.view(hidden).damage == 0


# Extra and skipped steps


def test_phasing_happens_again_in_an_extra_turns_untap_step() -> None:
    """Card: A's 2/2 with phasing.  Actions: it phases out in A's untap step; an effect gives A an
    extra turn after this one (500.7).
    CR 502.1: phasing happens in each of A's untap steps: in the extra turn it phases in again."""
    game = Game(["A", "B"], step=Step.UNTAP)
    phaser = game.place(PHASING_BEAR, player="A")
    game.advance_to(Step.UPKEEP, "A")
    assert game.view(phaser).phased_out
    game.add_extra_turn("A")
    game.next_turn()
    assert game.active == "A" and game.turn == 2
    assert not game.view(phaser).phased_out


# Flash


def test_face_down_spell_cast_at_instant_speed_with_a_creature_flash_permission() -> None:
    """Cards: A's artifact "You may cast creature spells as though they had flash"; a morph card.
    Action: in B's turn A casts it face down.
    CR 702.37c, 708.2: the face-down spell is a creature spell, so the permission applies (601.3b);
    without the artifact it is refused (307.1/301.1 timing)."""
    orrery = card("Creature Orrery", "{5}", "Artifact", StaticAbility(
        "You may cast creature spells as though they had flash.",
        rules=(CastPermission(spells("Creature"), as_though_flash=True),)))
    game = Game(["A", "B"])
    held = game.place(GREEN_MORPH, Zone.HAND, "A")
    game.next_turn("B")
    game.pass_priority_to("A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", held, face_down=FaceDown.MORPH)
    game.place(orrery, player="A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", held, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(spell)).pt == (2, 2)


# Land plays


def test_cant_play_lands_until_your_next_turn() -> None:
    """Actions: an effect says "you can't play lands until your next turn"; A tries to play a
    land this turn, then in A's next turn.
    CR 305.2, 101.2, 611.2a: refused this turn; the effect ends as A's next turn begins and the
    land may be played."""
    game = Game(["A", "B"])
    first = game.place(FOREST, Zone.HAND, "A")
    game.create_effect("you can't play lands until your next turn", rules=[CantPlayLands()],
                       duration=UntilYourNextTurn("A"), controller="A")
    with pytest.raises(IllegalAction):
        game.play_land("A", first)
    game.next_turn("A")
    game.play_land("A", first)
    assert game.current(first).zone is Zone.BATTLEFIELD


def test_manifested_land_card_is_not_a_land_play_and_cannot_pay_mana() -> None:
    """Card: a Forest card manifested by A.
    CR 708.2, 701.40a: it is a 2/2 creature with no abilities and no land type: it has no mana
    ability; manifesting it isn't playing a land (305.1), so A may still play one this turn."""
    game = Game(["A", "B"])
    game.place(FOREST, Zone.LIBRARY, "A")
    manifested = manifest_top(game, "A")
    assert manifested is not None
    view = game.view(manifested)
    assert (view.pt, view.is_a("Land"), view.subtypes) == ((2, 2), False, frozenset())
    other = game.place(FOREST, Zone.HAND, "A")
    game.play_land("A", other)


# A "creatures you control" filter in an effect with no source


def test_cant_phase_out_for_creatures_you_control_from_a_resolved_effect() -> None:
    """Cards: A's and B's 2/2s with phasing.  Action: a resolved effect of A's, with no source on
    the battlefield, says "creatures you control can't phase out"; in another game the same
    effect is created without saying whose it is.
    CR 702.26a, 109.5: "you" is the effect's controller: in B's untap step B's creature phases out,
    in A's untap step A's stays in.  Without a controller "you" is unknown: refused as the effect
    is created, not silently matching nothing nor failing in a later untap step."""
    for controller in (None, "A"):
        game = Game(["A", "B"])
        mine, theirs = game.place(PHASING_BEAR, player="A"), game.place(PHASING_BEAR, player="B")
        if controller is None:
            with pytest.raises(ScenarioError, match="who 'you' is"):
                game.create_effect("can't phase out", rules=[CantPhase(creatures(controller="you"), "out")],
                                   duration=Indefinite())
            with pytest.raises(ScenarioError, match="about 'you'"):
                game.create_effect("you can't play lands", rules=[CantPlayLands()], duration=Indefinite())
            continue
        game.create_effect("can't phase out", rules=[CantPhase(creatures(controller="you"), "out")],
                           duration=Indefinite(), controller=controller)
        game.next_turn("B")
        assert game.view(theirs).phased_out
        game.next_turn("A")
        assert not game.view(mine).phased_out


# Durations and permissions that need the game object ("you control", "top of your library")


def test_permission_to_cast_the_top_card_face_down_is_only_for_the_top_card() -> None:
    """Cards: A's enchantment "You may cast creature spells from the top of your library"; A's
    library: a land on top, a morph card under it.
    CR 601.3, 401.5: only the top card may be cast that way: the morph under the land can't be;
    once the land is drawn, the morph (now on top) may be cast face down (702.37c)."""
    future = card("Future Sight", "{2}{U}{U}{U}", "Enchantment", StaticAbility(
        "You may cast creature spells from the top of your library.",
        rules=(CastPermission(spells("Creature"), zone=Zone.LIBRARY),)))
    game = Game(["A", "B"])
    morph = game.place(GREEN_MORPH, Zone.LIBRARY, "A")
    game.place(FOREST, Zone.LIBRARY, "A")
    game.place(future, player="A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", morph, face_down=FaceDown.MORPH)
    game.draw("A")
    spell = game.cast("A", morph, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(spell)).face_down


def test_for_as_long_as_you_control_it_ends_when_the_face_down_creature_changes_control() -> None:
    """Cards: B's face-down creature; A's effect: "for as long as you control it, it gets +2/+2"
    while A controls it (stolen until end of turn).
    CR 611.2b: the effect ends when A stops controlling it, and doesn't come back."""
    game = Game(["A", "B"])
    hidden = game.place(MORPH_ANGEL, player="B", face_down=FaceDown.MORPH)
    game.create_effect("A gains control", [gain_control()], [hidden], UntilEndOfTurn(), controller="A")
    game.create_effect("+2/+2 for as long as you control it", [modify_pt(2, 2)], [hidden],
                       while_controls("A", hidden.id), controller="A")
    assert (game.view(hidden).controller, game.view(hidden).pt) == ("A", (4, 4))
    game.next_turn("B")
    assert (game.view(hidden).controller, game.view(hidden).pt) == ("B", (2, 2))


# Supertypes


def test_manifested_snow_land_is_not_a_snow_permanent() -> None:
    """Cards: a Snow-Covered Forest card manifested by A; A's creature "gets +1/+1 for each snow
    permanent you control".  CR 708.2, 205.4: face down it has no supertypes: +0/+0; turned face
    up by an effect... (it can't be: 701.40b) — a face-up Snow-Covered Forest counts: +1/+1."""
    SNOW = count(permanents(controller="you", supertypes=["Snow"]))
    counter = card("Snow Counter", "{1}{G}", "Creature — Elf", 1, 1, StaticAbility(
        "This creature gets +1/+1 for each snow permanent you control.",
        (modify_pt_by(SNOW, SNOW),), this_object()))
    game = Game(["A", "B"])
    elf = game.place(counter, player="A")
    game.place(SNOW_FOREST, Zone.LIBRARY, "A")
    manifested = manifest_top(game, "A")
    assert manifested is not None
    assert game.view(elf).pt == (1, 1)
    game.place(SNOW_FOREST, player="A")
    assert game.view(elf).pt == (2, 2)


# A "same name" helper


def test_destroy_all_with_the_same_name_as_a_face_down_target_destroys_only_it() -> None:
    """Cards: three of B's face-down creatures (two of them Grizzly Bears cards), one face-up
    Grizzly Bears.  Action: "Destroy target creature and all other creatures with the same name as
    that creature", first at a face-down creature, then at the face-up Bears.
    CR 201.2a, 708.2: an object with no name has the same name as no other object: only the target
    is destroyed; the face-up Bears shares its name with no face-down creature."""
    def destroy_same_name(r: Resolution) -> None:
        target_id = r.objects(0)[0]
        named = same_name_as(r.game.view(target_id))
        r.game.destroy(target_id, *named.select(r.context()))

    pulse = card("Name Purge", "{1}{B}{G}", "Sorcery", spell=SpellAbility(
        "Destroy target creature and all other creatures with the same name as that creature.",
        destroy_same_name, (target_creature(),)))
    game = Game(["A", "B"])
    down = [game.place(BEARS, player="B", face_down=FaceDown.MANIFEST) for _ in range(2)]
    other = game.place(GIANT, player="B", face_down=FaceDown.MANIFEST)
    up = game.place(BEARS, player="B")
    for target in (down[0], up):
        held = game.place(pulse, Zone.HAND, "A")
        game.add_mana("A", "{1}{B}{G}")
        game.cast("A", held, targets=[target])
        game.resolve_stack()
    assert [game.current(o).zone for o in (*down, other, up)] == [
        Zone.GRAVEYARD, Zone.BATTLEFIELD, Zone.BATTLEFIELD, Zone.GRAVEYARD]


# Putting a card onto the battlefield face down


def test_aura_card_put_onto_the_battlefield_face_down_is_an_unattached_2_2() -> None:
    """Card: an Aura card put onto the battlefield face down (manifested from A's library).
    CR 708.2, 701.40a: it is a 2/2 creature with no subtypes, so it isn't an Aura: it is attached
    to nothing and stays on the battlefield after state-based actions (704.5m doesn't apply)."""
    aura = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this()))
    game = Game(["A", "B"])
    held = game.place(aura, Zone.HAND, "A")
    permanent = game.put_onto_battlefield(held, "A", face_down=FaceDown.MANIFEST)
    game.refresh_priority()
    assert permanent is not None and permanent.zone is Zone.BATTLEFIELD
    view = game.view(permanent)
    assert (view.pt, view.subtypes, view.attached_to) == ((2, 2), frozenset(), None)


# Cost reduction


def test_green_spells_cost_less_does_not_reduce_a_colourless_face_down_spell() -> None:
    """Cards: A's "Green spells you cast cost {1} less"; a green morph card.
    CR 708.2, 702.37c, 601.2f: the face-down spell is colourless, so the reduction doesn't apply:
    it costs {3} — {2} isn't enough; cast face up it costs {1}{G} instead of {2}{G}."""
    reducer = card("Green Discount", "{1}{G}", "Enchantment", StaticAbility(
        "Green spells you cast cost {1} less to cast.", rules=(CostChange(spells(colors=["G"]), -1, "you"),)))
    game = Game(["A", "B"])
    game.place(reducer, player="A")
    held = game.place(GREEN_MORPH, Zone.HAND, "A")
    game.add_mana("A", "{2}")
    with pytest.raises(IllegalAction):
        game.cast("A", held, face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}")
    game.cast("A", held, face_down=FaceDown.MORPH)
    assert game.players["A"].mana.total == 0
    game.resolve_stack()
    other = game.place(GREEN_MORPH, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    game.cast("A", other)
    assert game.players["A"].mana.total == 0


# More combat after declaring attackers: keywords gained or lost between the damage steps


def test_creature_given_first_strike_after_the_first_damage_step_still_deals_regular_damage() -> None:
    """Cards: A's 2/2 with first strike and A's 3/3 attack; B's 1/5 wall blocks the 3/3.
    Action: after the first-strike damage step, the 3/3 gains first strike.
    CR 702.7c: giving first strike after the first combat damage step doesn't stop the creature
    dealing combat damage in the second: the wall has 3 damage."""
    game = Game(["A", "B"])
    fencer, giant = game.place(FENCER, player="A"), game.place(GIANT, player="A")
    blocker = game.place(WOOD_WALL, player="B")
    attack_and_block(game, [fencer, giant], blocker, giant)
    game.advance_to(Step.COMBAT_DAMAGE)  # the first-strike combat damage step
    assert (game.view(blocker).damage, game.players["B"].life) == (0, 18)
    game.create_effect("gains first strike", [gain("first strike")], [giant], UntilEndOfTurn(), controller="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.view(blocker).damage == 3


def test_until_end_of_combat_pump_is_gone_in_an_additional_combat_phase() -> None:
    """Actions: in A's first combat, A's 2/2 gets +2/+2 until end of combat; an effect gives A an
    additional combat phase after this one.
    CR 611.2a, 511.3/500.5a: "until end of combat" ends at the end of the combat phase it was
    created in; in the additional combat it is a 2/2."""
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.create_effect("+2/+2 until end of combat", [modify_pt(2, 2)], [bear], UntilEndOfCombat(), controller="A")
    add_phases(game, [Phase.COMBAT], player="A")
    assert game.view(bear).pt == (4, 4)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.view(bear).pt == (4, 4)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    assert game.phase is Phase.COMBAT and game.view(bear).pt == (2, 2)


# More mana abilities and {T} costs: a land made a creature


def test_land_animated_the_turn_it_entered_cannot_tap_for_mana() -> None:
    """Cards: two Forests of A's, one there since the turn began, one played this turn; an effect
    makes both 3/3 creatures until end of turn (layer 4, 7b).
    CR 302.6: a creature's {T} ability can be activated only if it has been under its controller's
    control continuously since their most recent turn began: the old Forest may tap for {G},
    the new one can't; the animation ends in the cleanup step."""
    game = Game(["A", "B"])
    old = game.place(FOREST, player="A")
    new = game.play_land("A", game.place(FOREST, Zone.HAND, "A"))
    game.create_effect("3/3 creatures", [add_types("Creature"), base_pt(3, 3)], [old, new], UntilEndOfTurn(),
                       controller="A")
    game.activate("A", old)
    with pytest.raises(IllegalAction):
        game.activate("A", new)
    game.next_turn("B")
    assert not game.view(new).is_a("Creature")


# Flash from a resolved effect, for one turn


def test_cast_as_though_it_had_flash_this_turn_only() -> None:
    """Action: in B's turn, a resolved effect of A's says "you may cast creature spells this turn
    as though they had flash"; A casts a morph face down; the next turn of B's, A can't.
    CR 601.3b, 611.2a: the permission lasts until end of turn."""
    game = Game(["A", "B"])
    first, second = game.place(GREEN_MORPH, Zone.HAND, "A"), game.place(GREEN_MORPH, Zone.HAND, "A")
    game.next_turn("B")
    game.pass_priority_to("A")
    game.create_effect("flash this turn", rules=[CastPermission(spells("Creature"), as_though_flash=True)],
                       duration=UntilEndOfTurn(), controller="A")
    game.add_mana("A", "{3}")
    game.cast("A", first, face_down=FaceDown.MORPH)
    game.resolve_stack()
    game.next_turn("B")
    game.pass_priority_to("A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", second, face_down=FaceDown.MORPH)


# Rules changes whose source is phased out


def test_extra_land_play_from_a_phased_out_permanent_does_not_apply() -> None:
    """Card: A's enchantment "You may play an additional land on each of your turns", phased out.
    CR 702.26b: its static ability doesn't apply while it is phased out: A may play one land only;
    phased in, two."""
    explore = card("Exploration", "{G}", "Enchantment", StaticAbility(
        "You may play an additional land on each of your turns.", rules=(ExtraLandPlays(),)))
    game = Game(["A", "B"])
    source = game.place(explore, player="A")
    lands_in_hand = [game.place(FOREST, Zone.HAND, "A") for _ in range(4)]
    game.phase_out(source)
    game.play_land("A", lands_in_hand[0])
    with pytest.raises(IllegalAction):
        game.play_land("A", lands_in_hand[1])
    game.phase_in(source)
    game.play_land("A", lands_in_hand[1])
    with pytest.raises(IllegalAction):
        game.play_land("A", lands_in_hand[2])


def test_opponents_doesnt_untap_aura_phased_out_directly_lets_the_creature_untap() -> None:
    """Cards: A's tapped 2/2 enchanted by B's Aura "Enchanted creature doesn't untap during its
    controller's untap step"; in B's turn the Aura alone phases out.
    CR 702.26b, 502.3: in A's untap step the Aura is still phased out (it phases in in B's untap
    step, 502.1), so its ability doesn't apply and the creature untaps."""
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A", tapped=True)
    aura = game.place(CHAINS, player="B", attached_to=bear)
    game.next_turn("B")
    game.phase_out(aura)
    game.next_turn("A")
    assert game.view(aura).phased_out
    assert not game.view(bear).tapped


def test_spells_cost_more_from_a_phased_out_permanent_does_not_apply() -> None:
    """Card: B's "Noncreature spells cost {1} more", phased out.  Action: A casts an instant.
    CR 702.26b, 601.2f: a phased-out permanent's static ability doesn't apply: the instant costs
    just its mana cost."""
    thalia = card("Tax Collector", "{1}{W}", "Creature — Human Soldier", 2, 1, StaticAbility(
        "Noncreature spells cost {1} more to cast.", rules=(CostChange(spells(not_types=["Creature"]), 1),)))
    shock = card("Shock", "{R}", "Instant", spell=SpellAbility(
        "Shock deals 2 damage to any target.", lambda r: None, ()))
    game = Game(["A", "B"])
    taxer = game.place(thalia, player="B")
    game.phase_out(taxer)
    held = game.place(shock, Zone.HAND, "A")
    game.add_mana("A", "{R}")
    game.cast("A", held)
    game.resolve_stack()
    game.phase_in(taxer)
    held = game.place(shock, Zone.HAND, "A")
    game.add_mana("A", "{R}")
    with pytest.raises(IllegalAction):
        game.cast("A", held)


# Merged permanents turned face up, and phasing


def test_face_down_merged_permanent_turned_up_has_every_components_abilities() -> None:
    """Cards: A's face-down morph (Exalted Angel-like); a mutate card with vigilance merged under it.
    Action: A turns the permanent face up for its morph cost.
    CR 729.2f, 702.140e: every component turns face up; the permanent has the topmost card's
    characteristics (the Angel) and every component's abilities (vigilance too)."""
    game = Game(["A", "B"])
    hidden = game.place(MORPH_ANGEL, player="A", face_down=FaceDown.MORPH)
    mutate_heron_onto(game, hidden, "bottom")
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", hidden)
    view = game.view(hidden)
    assert (view.face_down, view.name, view.pt, view.has("vigilance"), view.has("flying")) == (
        False, "Exalted Angel", (4, 5), True, True)


def test_merged_permanent_phases_out_and_in_as_one() -> None:
    """Cards: A's Grizzly Bears with a mutate card merged on top.  Action: it phases out; A's next
    untap step.  CR 702.26d, 729.2c: it phases in as the same merged permanent: the mutate card's
    name and P/T, both cards under it."""
    game = Game(["A", "B"])
    bear = game.place(BEARS, player="A")
    mutate_heron_onto(game, bear, "top")
    game.phase_out(bear)
    game.next_turn("B")
    game.next_turn("A")
    view = game.view(bear)
    assert (view.phased_out, view.name, view.pt) == (False, "Dream Heron", (3, 4))
    game.destroy(bear)
    assert sorted(c.card.name for c in game.graveyard("A")) == ["Dream Heron", "Grizzly Bears"]


def test_saga_put_onto_the_battlefield_face_down_gets_no_lore_counter_and_no_chapter() -> None:
    """Card: a Saga card put onto the battlefield face down by an effect (manifest-like).
    CR 708.2, 714.3a: it enters as a 2/2 creature, not as a Saga: no lore counter, no chapter
    ability triggers; 714.3b: none as A's precombat main phase begins."""
    game = Game(["A", "B"])
    held = game.place(SAGA, Zone.HAND, "A")
    permanent = game.put_onto_battlefield(held, "A", face_down=FaceDown.MANIFEST)
    game.resolve_stack()
    assert permanent is not None
    assert (game.view(permanent).counters.get("lore", 0), game.players["A"].life) == (0, 20)
    game.next_turn("A")
    game.resolve_stack()
    assert (game.view(permanent).counters.get("lore", 0), game.players["A"].life) == (0, 20)


# Supertypes given by an effect, and names


def test_creatures_made_legendary_face_down_ones_share_no_name() -> None:
    """Cards: A's two Grizzly Bears face up and two face-down Bears cards; an effect makes all
    creatures legendary (layer 4, a supertype: 205.4).
    CR 704.5j, 201.2a: the two face-up legends share a name: A keeps one; the face-down ones have
    no name, so the legend rule doesn't apply to them (708.2)."""
    game = Game(["A", "B"])
    up = [game.place(BEARS, player="A") for _ in range(2)]
    down = [game.place(BEARS, player="A", face_down=FaceDown.MORPH) for _ in range(2)]
    game.create_effect("all creatures are legendary", [add_types(supertypes=["Legendary"])], creatures(),
                       Indefinite(), controller="A")
    assert game.view(down[0]).supertypes == frozenset({Supertype.LEGENDARY})
    game.choices.script(ChoiceKind.OBJECT, up[0], player="A")
    game.refresh_priority()
    assert [game.current(o).zone for o in (*up, *down)] == [
        Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.BATTLEFIELD, Zone.BATTLEFIELD]


def test_trampler_whose_blocker_phases_out_deals_all_its_damage_to_the_player() -> None:
    """Cards: A's 3/3 with trample attacks; B's 2/2 blocks it, then phases out.
    CR 702.26d/506.4: the phased-out blocker is removed from combat; the attacker stays blocked
    (509.1h), and 702.19e: a blocked trampler with no creatures blocking it assigns all its damage
    to the player: B loses 3."""
    trampler = card("Trampling Giant", "{3}{G}", "Creature — Giant", 3, 3, "trample")
    game = Game(["A", "B"])
    attacker, blocker = game.place(trampler, player="A"), game.place(BEARS, player="B")
    attack_and_block(game, [attacker], blocker, attacker)
    game.phase_out(blocker)
    game.advance_to(Step.END_OF_COMBAT)
    assert (game.players["B"].life, game.view(attacker).damage) == (17, 0)
