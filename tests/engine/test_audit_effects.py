"""An audit of continuous, replacement and prevention effects where they meet kb's four topics.

Continuous effects from resolved spells and from static abilities (611), layers, sublayers,
characteristic-defining abilities and dependencies (613), replacement effects that modify how a
permanent enters, on face-down and phasing objects (614, 616), prevention shields and sources
(615), and copy effects (707), with well-known card interactions stated from the CR.  Written as
an independent tester would, from the CR (the rule numbers in each docstring), covering
situations the other audits and ``test_independent_scenarios.py`` leave out.  Cards are
described in our own words; a card named in a test's name is the well-known card whose
behaviour the scenario borrows.  Each scenario asserts the CR's answer, or that the model raises
``NotModelled`` naming the concept.
"""

from __future__ import annotations

from dataclasses import replace as with_changes

import pytest
from scenario_cards import ANGEL, BEARS, CLONE, GIANT, HUMILITY, MEGA, OPALESCENCE, SOL_RING
from scenario_steps import settle, until_eot

from kb.engine import (
    FOREST,
    ISLAND,
    Category,
    Characteristics,
    ChoiceKind,
    Color,
    CopiableCard,
    Damage,
    FaceDown,
    Game,
    GameObject,
    IllegalAction,
    Indefinite,
    Move,
    PutCounters,
    Replacement,
    ReplacementContext,
    Shield,
    StaticAbility,
    Step,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    add_colors,
    add_types,
    artifacts,
    as_enters_choose,
    as_it_would_enter,
    base_pt,
    base_pt_is_mana_value,
    becomes_color,
    becomes_creature_types,
    becomes_types,
    card,
    create_token_copies,
    creatures,
    enters_as_copy,
    enters_tapped,
    enters_with_counters,
    instead_to,
    land_types_become,
    lands,
    manifest,
    modify_pt,
    permanents,
    prevent_damage,
    switch_pt,
    this_object,
    where,
)

# ---------------------------------------------------------------------------------------------
# Cards (our own descriptions of well-known cards; more in scenario_cards.py)
# ---------------------------------------------------------------------------------------------

TITAN = card("Craw Titan", "{4}{G}", "Creature — Beast", 5, 5)
WALL = card("Wall of Stone", "{1}{R}{R}", "Creature — Wall", 1, 3)
SHRINE = card("Quiet Shrine", "{2}{W}", "Enchantment")
VIPER = card("Tiny Viper", "{2}{B}", "Creature — Snake", 3, 1, "deathtouch")
LINKER = card("Lifelink Knight", "{3}{W}{W}", "Creature — Human Knight", 5, 5, "lifelink")
RED_MORPH = card("Red Morph", "{2}{R}", "Creature — Goblin", 3, 3, "morph {R}")
COUNTER_BEAR = card("Counter Bear", "{1}{G}", "Creature — Bear", 0, 0, StaticAbility(
    "This creature enters with two +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 2),)))
TAPLAND = card("Guild Gate", None, "Land — Gate", StaticAbility(
    "This land enters tapped.", replacements=(enters_tapped("This land enters tapped."),)))
COLOR_CHOICES = ("W", "U", "B", "R", "G")
PAINTER = card("Painter's Servant", "{2}", "Artifact Creature — Scarecrow", 1, 3, StaticAbility(
    "As this creature enters, choose a color.", replacements=(as_enters_choose(
        ChoiceKind.COLOR, lambda g: COLOR_CHOICES, "color", "As this creature enters, choose a color."),)),
    StaticAbility("This creature is the chosen color in addition to its other colors.",
                  (add_colors(chosen="color"),), this_object()))
BLOOD_MOON = card("Blood Moon", "{2}{R}", "Enchantment", StaticAbility(
    "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
LATTICE = card("Mycosynth Lattice", "{6}", "Artifact", StaticAbility(
    "All permanents are artifacts in addition to their other types.", (add_types("Artifact"),), permanents()))
MARCH = card("March of the Machines", "{3}{U}", "Enchantment", StaticAbility(
    "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value.",
    (add_types("Creature"), base_pt_is_mana_value()), artifacts(not_types=["Creature"])))
FORESTS_ARE_ISLANDS = card("Tidal Grove", "{1}{U}", "Enchantment", StaticAbility(
    "Forests are Islands.", (land_types_become("Island"),), lands(subtypes=["Forest"])))
ISLANDS_ARE_FORESTS = card("Root Tide", "{1}{G}", "Enchantment", StaticAbility(
    "Islands are Forests.", (land_types_become("Forest"),), lands(subtypes=["Island"])))
BLUE_PAINTER = card("Blue Wash", "{1}{U}", "Enchantment", StaticAbility(
    "All creatures are blue.", (becomes_color("U"),), creatures()))
COURIER = card("Transguild Courier", "{4}", "Artifact Creature — Golem", 3, 3, StaticAbility(
    "This creature is all colors.", (becomes_color("WUBRG"),), this_object(), cda=True))
ELF_WORLD = card("Elven Decree", "{2}{G}", "Enchantment", StaticAbility(
    "All creatures are Elves.", (becomes_creature_types("Elf"),), creatures()))
SHAPESHIFTER = card("Amorphous Shifter", "{3}{U}", "Creature — Shapeshifter", 2, 2, "changeling")
WHITE_LORD = card("Crusade", "{W}{W}", "Enchantment", StaticAbility(
    "White creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors=["W"])))


def _shuffled_instead_of_dying() -> StaticAbility:
    return StaticAbility("If this creature would die, shuffle it into its owner's library instead.", replacements=(
        instead_to(Zone.LIBRARY, Zone.BATTLEFIELD, text="shuffle instead of dying",
                   which=lambda c, m: m.object_id == c.context.source_state("itself").id),))


LEGACY_BEAR = card("Legacy Bear", "{1}{G}", "Creature — Bear", 2, 2, _shuffled_instead_of_dying())
REST = card("Rest in Peace", "{1}{W}", "Enchantment", StaticAbility(
    "If a card or token would be put into a graveyard from anywhere, exile it instead.",
    replacements=(instead_to(Zone.EXILE, text="exile instead of the graveyard"),)))
WARD_OFF = card("Guardian Dome", "{2}{W}", "Enchantment", StaticAbility(
    "Prevent all damage that would be dealt to creatures you control.", replacements=(Replacement(
        "prevent all damage to creatures you control", Damage,
        lambda c, d: not isinstance(d.recipient, str) and d.amount > 0
        and c.game.view(d.recipient).controller == c.context.you,
        lambda c, d: with_changes(d, amount=0), prevention=True),)))


def doubles_damage() -> Replacement:
    """"If a source would deal damage to a permanent or player, it deals double that damage instead"."""
    return Replacement("double the damage", Damage, lambda c, d: d.amount > 0,
                       lambda c, d: with_changes(d, amount=d.amount * 2))


FURNACE = card("Furnace of Rath", "{1}{R}{R}{R}", "Enchantment", StaticAbility(
    "If a source would deal damage to a permanent or player, it deals double that damage instead.",
    replacements=(doubles_damage(),)))
SCALES = card("Hardened Scales", "{G}", "Enchantment", StaticAbility(
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters "
    "are put on it instead.", replacements=(Replacement(
        "one more +1/+1 counter", PutCounters,
        lambda c, p: p.kind == "+1/+1" and not isinstance(p.target, str)
        and c.game.view(p.target).controller == c.context.you and c.game.view(p.target).is_a("Creature"),
        lambda c, p: with_changes(p, count=p.count + 1)),)))


def _as_a_copy_of_the_source(c: ReplacementContext, move: Move) -> Move:
    assert c.context.source is not None
    return with_changes(move, copy_of=CopiableCard(c.game.view(c.context.source.id).copiable))


def _a_creature_you_control_entering(c: ReplacementContext, move: Move) -> bool:
    arriving = as_it_would_enter(c.game, move)
    return (move.to_zone is Zone.BATTLEFIELD and arriving is not None and arriving.is_a("Creature")
            and arriving.controller == c.context.you)


# The public API has no builder for another permanent's "creatures you control enter as a copy of
# this creature": it is written with the replacement module's own parts (616.1c: Category.COPY).
ESSENCE = card("Essence of the Wild", "{3}{G}{G}{G}", "Creature — Avatar", 6, 6, StaticAbility(
    "Creatures you control enter as a copy of this creature.", replacements=(Replacement(
        "enter as a copy of Essence", Move, _a_creature_you_control_entering, _as_a_copy_of_the_source,
        Category.COPY, pure=False),)))


# =============================================================================================
# 611: continuous effects from resolved spells and from static abilities
# =============================================================================================


def test_resolved_minus_to_nonblack_creatures_keeps_its_set_when_one_turns_black() -> None:
    """Cards: A's Grizzly Bears and Hill Giant.  Actions: "nonblack creatures get -1/-1 until end of
    turn" resolves; then the Bears becomes black; then a Wall enters.
    CR 611.2c: the set affected is fixed as the effect begins: the Bears (now black) is still 1/1,
    the Giant 2/2, the Wall that entered later 1/3."""
    game = Game()
    bears = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="A")
    nonblack = where("nonblack creatures", lambda c, v: v.is_a("Creature") and Color.BLACK not in v.colors)
    until_eot(game, "nonblack creatures get -1/-1", [modify_pt(-1, -1)], nonblack)
    until_eot(game, "the Bears becomes black", [becomes_color("B")], [bears])
    wall = game.place(WALL, player="A")
    assert game.view(bears).pt == (1, 1) and game.view(giant).pt == (2, 2)
    assert game.view(wall).pt == (1, 3)


def test_resolved_pump_skips_a_land_animated_afterwards() -> None:
    """Cards: A's Grizzly Bears and a Forest.  Actions: "creatures you control get +1/+1 until end of
    turn" resolves; then the Forest becomes a 2/2 creature until end of turn.
    CR 611.2c: the Forest was not a creature when the pump began: it is 2/2, the Bears 3/3."""
    game = Game()
    bears = game.place(BEARS, player="A")
    forest = game.place(FOREST, player="A")
    until_eot(game, "creatures you control get +1/+1", [modify_pt(1, 1)], creatures(controller="you"))
    until_eot(game, "the Forest becomes a 2/2 creature", [add_types("Creature"), base_pt(2, 2)], [forest])
    assert game.view(forest).pt == (2, 2) and game.view(bears).pt == (3, 3)


def test_resolved_cant_block_reaches_a_creature_entering_later() -> None:
    """Cards: A's Hill Giant.  Actions: "creatures can't block this turn" resolves in A's main phase;
    then B's Grizzly Bears enters; the Giant attacks and B tries to block with the Bears.
    CR 611.2c: an effect that changes no characteristics modifies the rules, so it applies to
    objects that weren't there when it began: the block is illegal."""
    from kb.engine import CantBlock

    game = Game()
    giant = game.place(GIANT, player="A")
    game.create_effect("creatures can't block this turn", rules=[CantBlock(creatures())],
                       duration=UntilEndOfTurn(), controller="A")
    bears = game.place(BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([giant])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({bears: giant})


def test_crusade_follows_a_creature_that_becomes_white_and_stops_being_white() -> None:
    """Cards: Crusade-like "white creatures get +1/+1"; A's Grizzly Bears.  Actions: the Bears becomes
    white until end of turn; the turn ends.
    CR 611.3a-b (its example): a static ability's effect isn't locked in: 3/3 while white, 2/2 after."""
    game = Game()
    game.place(WHITE_LORD, player="B")
    bears = game.place(BEARS, player="A")
    assert game.view(bears).pt == (2, 2)
    until_eot(game, "becomes white", [becomes_color("W")], [bears])
    assert game.view(bears).pt == (3, 3)
    game.next_turn()
    assert game.view(bears).pt == (2, 2)


def test_for_as_long_as_that_ended_before_it_began_does_nothing_even_if_it_holds_again() -> None:
    """Cards: A's Hill Giant, B's Sol Ring.  Action: "gain control of target artifact for as long as
    the Giant is untapped" resolves while the Giant is tapped; then the Giant untaps.
    CR 611.2b: the duration was over before the effect began: it does nothing, and doesn't start
    later: B keeps the Sol Ring."""
    from kb.engine import ForAsLongAs, gain_control

    game = Game()
    giant = game.place(GIANT, player="A", tapped=True)
    ring = game.place(SOL_RING, player="B")
    game.create_effect("gain control of Sol Ring", [gain_control()], [ring],
                       ForAsLongAs("the Giant is untapped", lambda g: not g.current(giant).tapped), controller="A")
    assert game.view(ring).controller == "B"
    game.untap(giant)
    assert game.view(ring).controller == "B"


# =============================================================================================
# 613: layers, characteristic-defining abilities, dependencies
# =============================================================================================


def test_march_of_the_machines_waits_for_mycosynth_lattice() -> None:
    """Cards: A's Forest and an enchantment (mana value 3); March of the Machines, then Mycosynth
    Lattice (later timestamp).
    CR 613.8a-b: Lattice changes what March applies to, so March depends on it and applies after it
    although it is earlier: every noncreature permanent is an artifact creature with P/T equal to its
    mana value.  The Forest is 0/0 and dies (704.5f); the enchantment is 3/3, Lattice 6/6, March 4/4."""
    game = Game()
    forest = game.place(FOREST, player="A")
    shrine = game.place(SHRINE, player="A")
    march = game.place(MARCH, player="A")
    lattice = game.place(LATTICE, player="B")
    assert game.view(shrine).pt == (3, 3) and game.view(shrine).is_a("Creature")
    assert game.view(lattice).pt == (6, 6) and game.view(march).pt == (4, 4)
    settle(game)
    assert game.current(forest).zone is Zone.GRAVEYARD


def test_march_keeps_setting_pt_of_an_artifact_it_made_a_creature() -> None:
    """Cards: March of the Machines; A's Sol Ring (mana value 1).
    CR 613.6: March begins to apply to the Sol Ring in layer 4 (it is a noncreature artifact there)
    and keeps applying to it in 7b though it is a creature by then: a 1/1 artifact creature."""
    game = Game()
    game.place(MARCH, player="A")
    ring = game.place(SOL_RING, player="A")
    view = game.view(ring)
    assert view.is_a("Creature") and view.pt == (1, 1)


def test_forests_are_islands_and_islands_are_forests_loop_applies_in_timestamp_order() -> None:
    """Cards: "Forests are Islands", then "Islands are Forests"; A's Forest and Island.  In a second
    game the two enchantments enter the other way round.
    CR 613.8a: each effect changes what the other applies to: a dependency loop, so 613.8b applies
    them in timestamp order.  First game: the Forest becomes an Island, then every Island a Forest:
    both are Forests.  Second game: both are Islands."""
    for first, second, land_type in ((FORESTS_ARE_ISLANDS, ISLANDS_ARE_FORESTS, "Forest"),
                                     (ISLANDS_ARE_FORESTS, FORESTS_ARE_ISLANDS, "Island")):
        game = Game()
        forest = game.place(FOREST, player="A")
        island = game.place(ISLAND, player="A")
        game.place(first, player="B")
        game.place(second, player="B")
        assert game.view(forest).subtypes == {land_type}, (first.name, game.view(forest).subtypes)
        assert game.view(island).subtypes == {land_type}, (first.name, game.view(island).subtypes)


def test_color_cda_applies_before_an_earlier_all_creatures_are_blue() -> None:
    """Cards: "all creatures are blue" (on the battlefield first); then Transguild Courier, whose
    characteristic-defining ability makes it all colors.
    CR 613.3, 604.3: in layer 5 the CDA applies first whatever the timestamps; then the static
    makes it blue: only blue.  Without the enchantment it is all five colors."""
    game = Game()
    game.place(BLUE_PAINTER, player="B")
    courier = game.place(COURIER, player="A")
    assert game.view(courier).colors == {Color.BLUE}
    game = Game()
    courier = game.place(COURIER, player="A")
    assert len(game.view(courier).colors) == 5


def test_changeling_under_an_earlier_all_creatures_are_elves_is_only_an_elf() -> None:
    """Cards: "all creatures are Elves" (on the battlefield first); then a changeling.
    CR 613.3, 702.73a: changeling is a CDA, applied first in layer 4; the setting effect applies
    after it: the changeling is an Elf and no other creature type."""
    game = Game()
    game.place(ELF_WORLD, player="B")
    shifter = game.place(SHAPESHIFTER, player="A")
    assert game.view(shifter).subtypes == {"Elf"}


def test_switching_after_a_minus_counter_kills_the_creature() -> None:
    """Card: a 1/3 Wall.  Actions: its power and toughness are switched until end of turn (3/1); a
    +2/-0 effect ("gets +2/+0") and a -1/-1 counter follow.
    CR 613.4c-d: 7c first (1/3 +2/+0 -1/-1 = 2/2), then the switch: 2/2, alive; a naive order
    (switch then add) would give 4/0."""
    game = Game()
    wall = game.place(WALL, player="A")
    until_eot(game, "switch", [switch_pt()], [wall])
    until_eot(game, "+2/+0", [modify_pt(2, 0)], [wall])
    game.put_counters(wall, "-1/-1")
    settle(game)
    assert game.current(wall).zone is Zone.BATTLEFIELD and game.view(wall).pt == (2, 2)


# =============================================================================================
# 614, 616: replacement effects and their order
# =============================================================================================


def test_rest_in_peace_and_a_shuffle_instead_of_dying_creature_its_controller_chooses() -> None:
    """Cards: B's Rest in Peace-like enchantment; A's 2/2 "if this creature would die, shuffle it into
    its owner's library instead".  Action: the creature is destroyed.
    CR 616.1, 616.1f (its first example): the creature's controller A chooses which applies; the
    other then does nothing.  Unscripted, the engine asks A; A's choice decides the zone."""
    for first, zone in (("shuffle instead of dying", Zone.LIBRARY), ("exile instead of the graveyard", Zone.EXILE)):
        game = Game()
        game.place(REST, player="B")
        bear = game.place(LEGACY_BEAR, player="A")
        game.choices.script(ChoiceKind.REPLACEMENT, first, player="A")
        game.destroy(bear)
        assert game.current(bear).zone is zone, first
    game = Game()
    game.place(REST, player="B")
    bear = game.place(LEGACY_BEAR, player="A")
    with pytest.raises(UnscriptedChoice, match="A"):
        game.destroy(bear)


def test_essence_of_the_wild_copy_applies_before_enters_tapped() -> None:
    """Cards: A's Essence of the Wild-like 6/6 "creatures you control enter as a copy of this
    creature"; A's creature "this creature enters tapped".  Action: the creature enters.
    CR 616.1c, 616.1f (its second example): the copy effect applies first; the copy has no
    "enters tapped", so it enters untapped, a 6/6 named like the Essence."""
    sentinel = card("Rusted Sentinel", "{4}", "Artifact Creature — Golem", 3, 4, StaticAbility(
        "This creature enters tapped.", replacements=(enters_tapped("This creature enters tapped."),)))
    game = Game()
    game.place(ESSENCE, player="A")
    obj = game.put_onto_battlefield(sentinel, "A")
    assert obj is not None
    view = game.view(obj)
    assert view.name == "Essence of the Wild" and view.pt == (6, 6) and not view.tapped


def test_blood_moon_makes_an_enters_tapped_land_enter_untapped() -> None:
    """Cards: Blood Moon; A's nonbasic land "this land enters tapped".  Action: the land enters.
    CR 614.12: its own replacement effects are those it would have on the battlefield, where it is a
    Mountain with no other abilities (305.7): it enters untapped.  Without Blood Moon, tapped."""
    game = Game()
    game.place(BLOOD_MOON, player="B")
    gate = game.put_onto_battlefield(TAPLAND, "A")
    assert gate is not None and not game.view(gate).tapped and game.view(gate).subtypes == {"Mountain"}
    game = Game()
    gate = game.put_onto_battlefield(TAPLAND, "A")
    assert gate is not None and game.view(gate).tapped


def test_humility_means_no_choice_as_a_creature_enters() -> None:
    """Cards: Humility; A's Painter's Servant-like "as this creature enters, choose a color".
    Action: it enters.
    CR 614.12: the creature as it would exist on the battlefield has no abilities, so no color is
    chosen (nothing asked); it is a colorless 1/1."""
    game = Game()
    game.place(HUMILITY, player="B")
    painter = game.put_onto_battlefield(PAINTER, "A")
    assert painter is not None
    assert game.view(painter).colors == frozenset() and game.view(painter).pt == (1, 1)


def test_manifested_card_makes_no_as_enters_choice() -> None:
    """Card: Painter's Servant-like "as this creature enters, choose a color" on top of A's library.
    Action: A manifests it.
    CR 708.3, 701.40a: it is turned face down before it enters, so its "as enters" ability has no
    effect: nothing is asked, and it is a colorless nameless 2/2."""
    game = Game()
    top = game.place(PAINTER, Zone.LIBRARY, "A")
    obj = manifest(game, "A", top)
    assert obj is not None
    view = game.view(obj)
    assert view.face_down and view.name is None and view.pt == (2, 2) and view.colors == frozenset()


def test_opalescence_enchantment_entering_gets_a_creatures_extra_counter() -> None:
    """Cards: Opalescence; A's effect "each creature you control enters with an additional +1/+1
    counter".  Action: A's enchantment (mana value 3) enters.
    CR 614.12: whether it applies is judged on the permanent as it would exist on the battlefield,
    with the continuous effects that would apply to it: it would be a creature, so it enters with
    the counter: a 4/4."""
    game = Game()
    game.place(OPALESCENCE, player="B")
    game.create_effect("each creature you control enters with an additional +1/+1 counter",
                       replacements=[enters_with_counters("+1/+1", 1, entering=creatures(controller="you"))],
                       duration=Indefinite(), controller="A")
    shrine = game.put_onto_battlefield(SHRINE, "A")
    assert shrine is not None
    assert game.view(shrine).counters.get("+1/+1") == 1 and game.view(shrine).pt == (4, 4)


def test_face_down_flyer_escapes_creatures_with_flying_enter_tapped() -> None:
    """Cards: B's effect "creatures with flying enter tapped"; A's 4/5 flying morph.  Actions: one
    enters face down (as a morph); another copy of the card enters face up.
    CR 614.12, 708.3, 708.2a: the face-down permanent would have no abilities: untapped; the
    face-up flyer enters tapped."""
    flyers = where("creatures with flying", lambda c, v: v.is_a("Creature") and v.has("flying"))
    game = Game()
    game.create_effect("creatures with flying enter tapped", replacements=[
        enters_tapped("Creatures with flying enter tapped.", entering=flyers)], duration=Indefinite(), controller="B")
    hidden = game.put_onto_battlefield(ANGEL, "A", face_down=FaceDown.MORPH)
    shown = game.put_onto_battlefield(ANGEL, "A")
    assert hidden is not None and shown is not None
    assert not game.view(hidden).tapped and game.view(shown).tapped


def test_clone_is_judged_as_the_copy_for_bears_enter_with_a_counter() -> None:
    """Cards: A's effect "each Bear you control enters with an additional +1/+1 counter"; Grizzly
    Bears and Hill Giant.  Actions: a Clone enters copying the Bears; another copying the Giant.
    CR 616.1c, 614.12: the copy effect applies first and the other replacement is judged on the
    copy as it would exist: the Bears-copy enters with the counter (3/3), the Giant-copy without
    (3/3 with none)."""
    game = Game()
    bears = game.place(BEARS, player="B")
    giant = game.place(GIANT, player="B")
    game.create_effect("each Bear you control enters with an additional +1/+1 counter",
                       replacements=[enters_with_counters("+1/+1", 1,
                                                          entering=creatures(controller="you", subtypes=["Bear"]))],
                       duration=Indefinite(), controller="A")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    one = game.put_onto_battlefield(CLONE, "A")
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    two = game.put_onto_battlefield(CLONE, "A")
    assert one is not None and two is not None
    assert game.view(one).name == "Grizzly Bears" and game.view(one).counters.get("+1/+1") == 1
    assert game.view(one).pt == (3, 3)
    assert game.view(two).name == "Hill Giant" and not game.view(two).counters.get("+1/+1")


def test_clone_copying_painters_servant_makes_its_own_color_choice() -> None:
    """Cards: B's Painter's Servant-like artifact creature that chose red; A's Clone.  Action: Clone
    enters as a copy of it, and A chooses blue.
    CR 707.2, 614.12a, 607.2d: the choice made for the original isn't copied; the copied "as this
    enters, choose a color" applies to the Clone's own entering: it is blue, not red."""
    game = Game()
    original = game.place(PAINTER, player="B", chosen={"color": Color.RED})
    assert Color.RED in game.view(original).colors
    game.choices.script(ChoiceKind.OBJECT, original, player="A")
    game.choices.script(ChoiceKind.COLOR, "U", player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    colors = game.view(clone).colors
    assert Color.BLUE in colors and Color.RED not in colors


def test_hardened_scales_adds_to_counters_a_creature_enters_with() -> None:
    """Cards: A's Hardened Scales-like "if one or more +1/+1 counters would be put on a creature you
    control, that many plus one instead"; A's 0/0 "enters with two +1/+1 counters".  Action: it enters.
    CR 122.6: a permanent given counters as it enters has counters put on it, so the replacement
    applies (614.1c, 614.16): three counters, a 3/3."""
    game = Game()
    game.place(SCALES, player="A")
    bear = game.put_onto_battlefield(COUNTER_BEAR, "A")
    assert bear is not None
    assert game.view(bear).counters.get("+1/+1") == 3 and game.view(bear).pt == (3, 3)


def test_two_damage_doublers_each_apply_once() -> None:
    """Cards: two Furnace of Rath-like enchantments; A's Hill Giant.  Action: the Giant deals 3
    damage to B.
    CR 614.5, 616.1f: each replacement applies once to the event: 3 x 2 x 2 = 12; B at 8."""
    game = Game()
    giant = game.place(GIANT, player="A")
    game.place(FURNACE, player="A")
    game.place(FURNACE, player="B")
    game.deal_damage(giant, "B", 3)
    assert game.players["B"].life == 8


def test_doubler_and_prevent_one_to_a_creature_its_controller_orders_them() -> None:
    """Cards: Furnace of Rath-like doubler; B's Craw Titan (5/5) with "prevent 1 damage that would be
    dealt to it" (until end of turn).  Action: A's Hill Giant deals 2 damage to the Titan.
    CR 616.1, 616.1e: the affected object's controller (B, not the source's controller A) chooses the
    order: prevent first, 2 damage; double first, 3 damage."""
    for first, marked in (("prevent 1 damage to the Titan", 2), ("double the damage", 3)):
        game = Game()
        giant = game.place(GIANT, player="A")
        titan = game.place(TITAN, player="B")
        game.place(FURNACE, player="A")
        game.create_effect("prevent 1", replacements=[prevent_damage(1, to=titan.id, text="prevent 1 damage to the Titan")],
                           duration=UntilEndOfTurn(), controller="B")
        game.choices.script(ChoiceKind.REPLACEMENT, first, player="B")
        game.deal_damage(giant, titan, 2)
        assert game.view(titan).damage == marked, first


# =============================================================================================
# 615: prevention
# =============================================================================================


def _shield(game: Game, recipient: GameObject | str, n: int) -> Shield:
    shield = Shield(n, recipient if isinstance(recipient, str) else recipient.id)
    game.create_effect(f"prevent the next {n} damage", replacements=[shield.replacement(f"prevent the next {n}")],
                       duration=UntilEndOfTurn(), controller="B")
    return shield


def test_prevent_the_next_three_spans_two_damage_events() -> None:
    """Cards: B's Craw Titan with "prevent the next 3 damage that would be dealt to it this turn".
    Actions: A's Giant deals it 2 damage, then 2 more.
    CR 615.7: a shield counts damage, not events: the first 2 are prevented, then 1 of the second:
    1 damage marked; a third hit of 2 is dealt in full (3 marked)."""
    game = Game()
    giant = game.place(GIANT, player="A")
    titan = game.place(TITAN, player="B")
    _shield(game, titan, 3)
    game.deal_damage(giant, titan, 2)
    assert game.view(titan).damage == 0
    game.deal_damage(giant, titan, 2)
    assert game.view(titan).damage == 1
    game.deal_damage(giant, titan, 2)
    assert game.view(titan).damage == 3


def test_unpreventable_damage_leaves_a_shield_whole() -> None:
    """Cards: B's Craw Titan with "prevent the next 3 damage".  Actions: 2 damage that can't be
    prevented; then 3 ordinary damage.
    CR 615.12: the shield prevents none of the first and isn't reduced: 2 marked, then all 3 of
    the second prevented: still 2."""
    game = Game()
    giant = game.place(GIANT, player="A")
    titan = game.place(TITAN, player="B")
    _shield(game, titan, 3)
    game.deal_damage(giant, titan, 2, preventable=False)
    assert game.view(titan).damage == 2
    game.deal_damage(giant, titan, 3)
    assert game.view(titan).damage == 2


def test_lifelink_gains_only_the_damage_left_after_a_shield() -> None:
    """Cards: A's 5/5 lifelink; B's Craw Titan with "prevent the next 2 damage".  Action: the lifelink
    creature deals 5 damage to the Titan.
    CR 615.7, 702.15b: 3 damage is dealt, and lifelink gains what is dealt: A at 23."""
    game = Game()
    knight = game.place(LINKER, player="A")
    titan = game.place(TITAN, player="B")
    _shield(game, titan, 2)
    game.deal_damage(knight, titan, 5)
    assert game.view(titan).damage == 3 and game.players["A"].life == 23


def test_deathtouch_destroys_through_a_partial_shield() -> None:
    """Cards: A's 3/1 deathtouch; B's Craw Titan with "prevent the next 2 damage".  Action: the
    deathtouch creature deals it 3 damage.
    CR 615.7, 702.2b, 704.5h: 1 damage is dealt by a deathtouch source: the Titan is destroyed."""
    game = Game()
    viper = game.place(VIPER, player="A")
    titan = game.place(TITAN, player="B")
    _shield(game, titan, 2)
    game.deal_damage(viper, titan, 3)
    settle(game)
    assert game.current(titan).zone is Zone.GRAVEYARD


def test_fog_like_prevention_stops_lifelink_entirely() -> None:
    """Cards: A's 5/5 lifelink attacks unblocked; "prevent all combat damage this turn" resolved.
    CR 615.1, 702.15b: no damage is dealt, so no life is gained: both at 20."""
    game = Game()
    knight = game.place(LINKER, player="A")
    game.create_effect("prevent all combat damage", replacements=[prevent_damage(combat_only=True)],
                       duration=UntilEndOfTurn(), controller="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([knight])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["A"].life == 20 and game.players["B"].life == 20


def test_circle_of_protection_red_misses_a_face_down_red_creature() -> None:
    """Cards: A's effect "prevent all damage red sources would deal to you"; B's face-down morph
    whose face-up side is red.  Actions: it deals A 2 damage; it is turned face up and deals 2 more.
    CR 708.2a, 615.1: face down it is colorless, so nothing is prevented (A 18); face up it is red:
    prevented (A 18)."""
    red = where("red sources", lambda c, v: Color.RED in v.colors)
    game = Game()
    morph = game.place(RED_MORPH, player="B", face_down=FaceDown.MORPH)
    game.create_effect("prevent all damage red sources would deal to you",
                       replacements=[prevent_damage(to="A", by=red)], duration=Indefinite(), controller="A")
    game.deal_damage(morph, "A", 2)
    assert game.players["A"].life == 18
    game.next_turn()  # B's turn: B may turn it face up
    game.add_mana("B", "{R}")
    game.turn_face_up("B", morph)
    game.deal_damage(morph, "A", 2)
    assert game.players["A"].life == 18


def test_prevention_from_a_chosen_face_down_source_lasts_after_it_turns_face_up() -> None:
    """Cards: B's face-down morph; A's effect "prevent all damage that creature would deal this turn"
    aimed at it.  Actions: it is turned face up (a 3/3 Goblin) and deals A 3 damage.
    CR 708.8: turning it face up doesn't make it a new object; the effect still names it: A 20."""
    game = Game()
    game.next_turn()  # B's turn
    morph = game.place(RED_MORPH, player="B", face_down=FaceDown.MORPH)
    game.create_effect("prevent all damage that creature would deal", replacements=[prevent_damage(source=morph.id)],
                       duration=UntilEndOfTurn(), controller="A")
    game.add_mana("B", "{R}")
    game.turn_face_up("B", morph)
    assert game.view(morph).name == "Red Morph"
    game.deal_damage(morph, "A", 3)
    assert game.players["A"].life == 20


def test_phased_out_prevention_permanent_prevents_nothing() -> None:
    """Cards: B's enchantment "prevent all damage that would be dealt to creatures you control"; B's
    Craw Titan.  Actions: the enchantment phases out; A's Giant deals the Titan 3; it phases in; 3 more.
    CR 702.26b: phased out, its ability doesn't exist: 3 damage; phased in, the second is prevented."""
    game = Game()
    giant = game.place(GIANT, player="A")
    titan = game.place(TITAN, player="B")
    dome = game.place(WARD_OFF, player="B")
    game.phase_out(dome)
    game.deal_damage(giant, titan, 3)
    assert game.view(titan).damage == 3
    game.phase_in(dome)
    game.deal_damage(giant, titan, 3)
    assert game.view(titan).damage == 3


# =============================================================================================
# 702.26: phasing and replacement effects
# =============================================================================================


def test_phasing_out_is_not_dying_or_leaving_for_a_replacement() -> None:
    """Cards: Rest in Peace-like; A's creature "if this creature would die, shuffle it into its
    owner's library instead".  Action: the creature phases out, then phases in.
    CR 702.26d: phasing changes no zone: no replacement applies; it is the same object, back."""
    game = Game()
    game.place(REST, player="B")
    bear = game.place(LEGACY_BEAR, player="A")
    game.phase_out(bear)
    assert game.obj(bear).zone is Zone.BATTLEFIELD and game.view(bear).phased_out
    game.phase_in(bear)
    assert game.current(bear) is game.obj(bear) and not game.view(bear).phased_out


def test_phased_out_rest_in_peace_lets_a_creature_die_normally() -> None:
    """Cards: Rest in Peace-like (phased out); A's Grizzly Bears.  Action: the Bears is destroyed.
    CR 702.26b: the phased-out enchantment is treated as though it doesn't exist: the Bears goes
    to the graveyard."""
    game = Game()
    rest = game.place(REST, player="B")
    bears = game.place(BEARS, player="A")
    game.phase_out(rest)
    game.destroy(bears)
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_phased_out_creature_misses_a_resolved_anthem_and_its_ward_off() -> None:
    """Cards: A's Grizzly Bears (phased out) and Hill Giant.  Action: "creatures you control get +2/+2
    until end of turn" resolves; the Bears phases in.
    CR 702.26e: a phased-out permanent isn't in the set a resolved effect affects: Bears 2/2, Giant 5/5."""
    game = Game()
    bears = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="A")
    game.phase_out(bears)
    until_eot(game, "+2/+2", [modify_pt(2, 2)], creatures(controller="you"))
    game.phase_in(bears)
    assert game.view(bears).pt == (2, 2) and game.view(giant).pt == (5, 5)


# =============================================================================================
# 707: copy effects
# =============================================================================================


def test_vesuvan_doppelganger_example_clone_of_the_copy_keeps_the_exception() -> None:
    """Cards: a blue Doppelganger "enter as a copy of a creature, except it doesn't copy that
    creature's color"; a green 2/2 Bear "Runeclaw Bear"; a Clone.
    CR 707.3 (its example), 707.9b: the exception is part of the copiable values: the Clone
    copying the Doppelganger is a blue 2/2 Bear named Runeclaw Bear."""
    def keeps_blue(values: Characteristics) -> Characteristics:
        return with_changes(values, colors=frozenset({Color.BLUE}))

    doppel = card("Vesuvan Doppelganger", "{3}{U}{U}", "Creature — Shapeshifter", 0, 0, StaticAbility(
        "You may have this creature enter as a copy of any creature on the battlefield, except it doesn't copy "
        "that creature's color.", replacements=(enters_as_copy(changes=keeps_blue),)))
    runeclaw = card("Runeclaw Bear", "{1}{G}", "Creature — Bear", 2, 2)
    game = Game()
    bear = game.place(runeclaw, player="B")
    game.choices.script(ChoiceKind.OBJECT, bear, player="A")
    first = game.put_onto_battlefield(doppel, "A")
    assert first is not None
    game.choices.script(ChoiceKind.OBJECT, first, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    view = game.view(clone)
    assert view.name == "Runeclaw Bear" and view.colors == {Color.BLUE} and view.pt == (2, 2)
    assert view.subtypes == {"Bear"}


def test_copy_of_a_copy_is_the_original_not_the_clone() -> None:
    """Cards: Grizzly Bears; A's Clone copying it; B's Clone copying A's Clone.
    CR 707.3: the first Clone's copiable values are the Bears'; B's Clone is a Grizzly Bears 2/2."""
    game = Game()
    bears = game.place(BEARS, player="B")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    first = game.put_onto_battlefield(CLONE, "A")
    assert first is not None
    game.choices.script(ChoiceKind.OBJECT, first, player="B")
    second = game.put_onto_battlefield(CLONE, "B")
    assert second is not None
    assert game.view(second).name == "Grizzly Bears" and game.view(second).pt == (2, 2)


def test_clone_of_a_morph_stays_a_nameless_2_2_and_cant_turn_face_up() -> None:
    """Cards: B's face-down Morph Angel; A's Clone copying it.  Actions: B turns the original face up;
    A tries to turn the Clone face up.
    CR 707.2, 708.2: the Clone copied a face-down object's values: a face-up nameless 2/2 with no
    morph cost.  The original turning face up doesn't change it (707.2b ... the values were copied
    as it entered); the Clone isn't face down, so it can't be turned face up."""
    game = Game()
    game.next_turn()  # B's turn
    angel = game.place(ANGEL, player="B", face_down=FaceDown.MORPH)
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    game.add_mana("B", "{2}{W}{W}")
    game.turn_face_up("B", angel)
    settle(game)
    view = game.view(clone)
    assert view.name is None and view.pt == (2, 2) and not view.face_down and not view.has("flying")
    game.pass_priority_to("A")
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", clone)


def test_clone_entering_under_humility_has_no_copy_ability_to_apply() -> None:
    """Cards: Humility; B's Morph Angel (face up).  Action: A's Clone enters (nothing is scripted);
    then Humility is destroyed.
    CR 614.12: the replacement effects that apply to a permanent entering are judged on it as it
    would exist on the battlefield, with the continuous effects that would apply to it: there the
    Clone is a creature Humility strips of its abilities, so its "enter as a copy" ability doesn't
    apply and no choice is asked: it is a 1/1 Clone, and a 0/0 that dies once Humility is gone."""
    game = Game()
    humility = game.place(HUMILITY, player="B")
    game.place(ANGEL, player="B")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    settle(game)
    assert game.view(clone).name == "Clone" and game.view(clone).pt == (1, 1)
    game.destroy(humility)
    settle(game)
    assert game.current(clone).zone is Zone.GRAVEYARD


def test_becoming_a_copy_under_humility_takes_the_printed_values() -> None:
    """Cards: Humility; B's Morph Angel (printed 4/5 flying, under Humility a 1/1 with no abilities).
    Actions: A's Grizzly Bears becomes a copy of the Angel (indefinitely); Humility is destroyed.
    CR 707.2, 613.1a: Humility is no copy effect, so the copiable values are the printed ones; in
    layers 6 and 7b Humility still applies to the copy: a 1/1 Morph Angel with no flying; once
    Humility is gone, a 4/5 flier."""
    from kb.engine import copy_of

    game = Game()
    humility = game.place(HUMILITY, player="B")
    angel = game.place(ANGEL, player="B")
    bears = game.place(BEARS, player="A")
    game.create_effect("becomes a copy of the Angel", [copy_of(game, angel)], [bears], Indefinite(), controller="A")
    view = game.view(bears)
    assert view.name == "Morph Angel" and view.pt == (1, 1) and not view.has("flying")
    game.destroy(humility)
    view = game.view(bears)
    assert view.pt == (4, 5) and view.has("flying")


def test_a_becomes_a_copy_effect_on_an_animated_artifact_keeps_the_animation() -> None:
    """Cards: A's Sol Ring made a 3/3 artifact creature until end of turn; B's Grizzly Bears.
    Action: the Sol Ring becomes a copy of the Bears (indefinitely).
    CR 613.2, 707.4 (noncopy effects stay): layer 1 makes it a Grizzly Bears, then the animation's
    type and 7b P/T still apply: a 3/3 Grizzly Bears artifact creature."""
    from kb.engine import copy_of

    game = Game()
    ring = game.place(SOL_RING, player="A")
    bears = game.place(BEARS, player="B")
    until_eot(game, "becomes a 3/3 artifact creature", [becomes_types("Artifact", "Creature"), base_pt(3, 3)], [ring])
    game.create_effect("becomes a copy of the Bears", [copy_of(game, bears)], [ring], Indefinite(), controller="A")
    view = game.view(ring)
    assert view.name == "Grizzly Bears" and view.pt == (3, 3) and view.is_a("Artifact")


def test_clone_of_an_artifact_march_animated_copies_no_creature_type() -> None:
    """Cards: March of the Machines; B's Sol Ring (a 1/1 artifact creature by March).  Action: A's
    Clone enters as a copy of the Sol Ring; then March is destroyed.
    CR 707.2: the added type and P/T aren't copiable values: the Clone is a Sol Ring, an artifact
    that March makes a 1/1 creature in its own right; when March leaves it is no creature."""
    game = Game()
    march = game.place(MARCH, player="B")
    ring = game.place(SOL_RING, player="B")
    game.choices.script(ChoiceKind.OBJECT, ring, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    assert game.view(clone).name == "Sol Ring" and game.view(clone).pt == (1, 1)
    game.destroy(march)
    assert not game.view(clone).is_a("Creature")


# =============================================================================================
# More: 614.16 counters, the CR's own examples of 614.12, 611.2c split sets, 613.8 in layer 6
# =============================================================================================

DOUBLING = card("Doubling Season", "{4}{G}", "Enchantment", StaticAbility(
    "If an effect would put one or more counters on a permanent you control, it puts twice that many of those "
    "counters on that permanent instead.", replacements=(Replacement(
        "twice that many counters", PutCounters,
        lambda c, p: not isinstance(p.target, str) and c.game.view(p.target).controller == c.context.you,
        lambda c, p: with_changes(p, count=p.count * 2)),)))
WALKER = card("Garruk Wildspeaker", "{2}{G}{G}", "Legendary Planeswalker — Garruk", loyalty=3)


def test_doubling_season_doubles_a_planeswalkers_entering_loyalty() -> None:
    """Cards: A's Doubling Season-like enchantment; A's planeswalker with loyalty 3.  Action: it enters.
    CR 306.5b, 122.6, 614.16: it enters with its loyalty counters, which are "put" on it, and the
    replacement of another effect applies to them: 6 loyalty counters.  B's copy of it is not A's
    permanent: 3."""
    game = Game()
    game.place(DOUBLING, player="A")
    mine = game.put_onto_battlefield(WALKER, "A")
    theirs = game.put_onto_battlefield(WALKER, "B")
    assert mine is not None and theirs is not None
    assert game.view(mine).counters.get("loyalty") == 6
    assert game.view(theirs).counters.get("loyalty") == 3


def test_hardened_scales_adds_to_the_counter_an_opalescent_enchantment_enters_with() -> None:
    """Cards: Opalescence; A's Hardened Scales-like; A's effect "each creature you control enters with an
    additional +1/+1 counter".  Action: A's enchantment (mana value 3) enters.
    CR 614.12: it would be a creature, so it is given the counter; 122.6, 614.16: that counter is
    "put" on a creature A controls, so one more: two counters, a 5/5."""
    game = Game()
    game.place(OPALESCENCE, player="B")
    game.place(SCALES, player="A")
    game.create_effect("each creature you control enters with an additional +1/+1 counter",
                       replacements=[enters_with_counters("+1/+1", 1, entering=creatures(controller="you"))],
                       duration=Indefinite(), controller="A")
    shrine = game.put_onto_battlefield(SHRINE, "A")
    assert shrine is not None
    assert game.view(shrine).counters.get("+1/+1") == 2 and game.view(shrine).pt == (5, 5)


def test_orb_of_dreams_example_permanents_enter_tapped_spares_itself() -> None:
    """Card: Orb of Dreams-like artifact "permanents enter tapped".  Actions: it enters; then a
    Grizzly Bears enters.
    CR 614.12 (its third example): it won't affect itself: the Orb enters untapped, the Bears tapped."""
    orb = card("Orb of Dreams", "{3}", "Artifact", StaticAbility(
        "Permanents enter tapped.", replacements=(enters_tapped("Permanents enter tapped.", entering=permanents()),)))
    game = Game()
    obj = game.put_onto_battlefield(orb, "A")
    bears = game.put_onto_battlefield(BEARS, "B")
    assert obj is not None and bears is not None
    assert not game.view(obj).tapped and game.view(bears).tapped


def test_yixlid_jailer_example_creature_from_a_graveyard_still_enters_tapped() -> None:
    """Cards: Yixlid Jailer-like "cards in graveyards lose all abilities"; A's Scarwood Treefolk-like
    "this creature enters tapped" in A's graveyard.  Action: it is put onto the battlefield.
    CR 614.12 (its second example): it is judged as it would exist on the battlefield, where it has
    the ability: it enters tapped."""
    from kb.engine import cards_in, lose_all_abilities

    jailer = card("Yixlid Jailer", "{1}{B}", "Creature — Zombie Wizard", 2, 1, StaticAbility(
        "Cards in graveyards lose all abilities.", (lose_all_abilities(),), cards_in(Zone.GRAVEYARD)))
    treefolk = card("Scarwood Treefolk", "{3}{G}", "Creature — Treefolk", 3, 5, StaticAbility(
        "This creature enters tapped.", replacements=(enters_tapped("This creature enters tapped."),)))
    game = Game()
    game.place(jailer, player="B")
    dead = game.place(treefolk, Zone.GRAVEYARD, "A")
    obj = game.put_onto_battlefield(dead, "A")
    assert obj is not None and game.view(obj).tapped


def test_one_effect_pump_and_cant_block_parts_have_separate_sets() -> None:
    """Cards: B's Grizzly Bears.  Action: "creatures get +1/+1 and can't block this turn" resolves
    (one effect); then B's Hill Giant enters; A's Bears attacks.
    CR 611.2c (last sentence): the +1/+1 part applies only to the creatures there as it began (B's
    Bears 3/3, the Giant 3/3), the can't-block part to the Giant too: neither may block."""
    from kb.engine import CantBlock

    game = Game()
    attacker = game.place(BEARS, player="A")
    bears = game.place(BEARS, player="B")
    game.create_effect("creatures get +1/+1 and can't block this turn", [modify_pt(1, 1)], creatures(),
                       UntilEndOfTurn(), rules=[CantBlock(creatures())], controller="A")
    giant = game.place(GIANT, player="B")
    assert game.view(bears).pt == (3, 3) and game.view(giant).pt == (3, 3)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({giant: attacker})


def test_creatures_with_flying_have_first_strike_waits_for_all_creatures_have_flying() -> None:
    """Cards: an enchantment "creatures with flying have first strike", then (later) one "all
    creatures have flying"; A's Grizzly Bears.
    CR 613.8a-b: in layer 6 the flying grant changes what the first-strike grant applies to, so that
    one waits for it: the Bears has flying and first strike."""
    from kb.engine import gain

    flyers = where("creatures with flying", lambda c, v: v.is_a("Creature") and v.has("flying"), local=False)
    game = Game()
    game.place(card("Sky Lances", "{1}{W}", "Enchantment", StaticAbility(
        "Creatures with flying have first strike.", (gain("first strike"),), flyers)), player="B")
    game.place(card("Open Skies", "{2}{U}", "Enchantment", StaticAbility(
        "All creatures have flying.", (gain("flying"),), creatures())), player="B")
    bears = game.place(BEARS, player="A")
    view = game.view(bears)
    assert view.has("flying") and view.has("first strike")


def test_rest_in_peace_means_a_destroyed_creature_never_dies() -> None:
    """Cards: Rest in Peace-like; A's creature "when this creature dies, you gain 3 life".  Action: it
    is destroyed.
    CR 614.6: the replaced event never happens: it is exiled, no "dies" trigger: A at 20."""
    from kb.engine import TriggeredAbility, dies

    martyr = card("Martyr", "{1}{W}", "Creature — Human Cleric", 2, 2, TriggeredAbility(
        "When this creature dies, you gain 3 life.", dies(), lambda r: r.game.gain_life(r.controller, 3)))
    game = Game()
    game.place(REST, player="B")
    obj = game.place(martyr, player="A")
    game.destroy(obj)
    settle(game)
    assert game.current(obj).zone is Zone.EXILE and game.players["A"].life == 20


def test_morph_turned_face_up_gets_none_of_its_enters_with_counters() -> None:
    """Card: A's face-down morph whose face-up side is a 0/0 "enters with two +1/+1 counters" with
    morph {G}.  Action: A turns it face up.
    CR 708.8: its "enters" abilities have no effect, since it has already entered: a 0/0 that dies."""
    morph = card("Morph Hatchling", "{2}{G}", "Creature — Beast", 0, 0, "morph {G}", StaticAbility(
        "This creature enters with two +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 2),)))
    game = Game()
    obj = game.place(morph, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", obj)
    settle(game)
    assert game.current(obj).zone is Zone.GRAVEYARD


def test_shield_meeting_two_attackers_at_once_is_the_defenders_choice() -> None:
    """Cards: A's 2/2 lifelink and Hill Giant (3/3) attack B unblocked; B has "prevent the next 3
    damage that would be dealt to you this turn".
    CR 615.7: damage from two sources at the same time, more than the shield: B chooses which damage
    it prevents (all 2 of the lifelinker's, and A gains nothing; or 3 of the Giant's, and A gains 2).
    The model has no such choice: NotModelled, not the first part listed.  With a shield of 5 all of
    it is prevented and nothing is chosen: B 20, A 20."""
    from kb.engine import NotModelled

    linker = card("Lifelink Bear", "{1}{W}", "Creature — Bear", 2, 2, "lifelink")
    for size in (3, 5):
        game = Game()
        bear = game.place(linker, player="A")
        giant = game.place(GIANT, player="A")
        _shield(game, "B", size)
        game.advance_to(Step.DECLARE_ATTACKERS)
        game.declare_attackers([bear, giant])
        if size == 3:
            with pytest.raises(NotModelled, match=r"615\.7"):
                game.advance_to(Step.END_OF_COMBAT)
        else:
            game.advance_to(Step.END_OF_COMBAT)
            assert game.players["B"].life == 20 and game.players["A"].life == 20


def test_hardened_scales_adds_nothing_to_an_x_of_zero() -> None:
    """Cards: A's Hardened Scales-like; A's Hangarback Walker-like 0/0 "enters with X +1/+1 counters",
    put onto the battlefield with X = 0.
    CR 122.6, 614.16: no counters would be put on it, so "one or more counters would be put" never
    happens: it enters with none and dies as a 0/0 (704.5f)."""
    walker = card("Hangarback Walker", "{X}{X}", "Artifact Creature — Construct", 0, 0, StaticAbility(
        "This creature enters with X +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 0),)))
    game = Game()
    game.place(SCALES, player="A")
    obj = game.put_onto_battlefield(walker, "A")
    assert obj is not None
    settle(game)
    assert game.current(obj).zone is Zone.GRAVEYARD


def test_clone_entering_under_essence_of_the_wild_is_an_essence_whichever_copy_goes_first() -> None:
    """Cards: A's Essence of the Wild-like; B's Grizzly Bears.  Action: A's Clone enters; A applies
    the Clone's own copy effect first (copying the Bears) in one game, the Essence's in the other.
    CR 616.1c, 616.1f: both are copy effects, and A chooses.  Essence's first: the Clone is an
    Essence copy with no Clone ability left to apply.  Clone's first: the Bears-copy is still a
    creature A controls entering, so Essence's applies next.  Either way a 6/6 Essence of the Wild."""
    for first in ("enter as a copy of Essence", enters_as_copy().text):
        game = Game()
        game.place(ESSENCE, player="A")
        bears = game.place(BEARS, player="B")
        game.choices.script(ChoiceKind.REPLACEMENT, first, player="A")
        game.choices.script(ChoiceKind.OBJECT, bears, player="A")
        clone = game.put_onto_battlefield(CLONE, "A")
        assert clone is not None
        view = game.view(clone)
        assert view.name == "Essence of the Wild" and view.pt == (6, 6), first


def test_face_down_creature_made_a_copy_of_a_vanilla_creature_cant_be_turned_up() -> None:
    """Cards: A's face-down megamorph (face up a 3/3 "megamorph {1}{G}"); B's Grizzly Bears.  Actions:
    the face-down creature becomes a copy of the Bears; A tries to turn it face up.
    CR 613.2 (1a before 1b): face down it is still a nameless 2/2; 702.37e: face up it would be a
    Grizzly Bears with no morph cost, so it can't be turned face up."""
    from kb.engine import copy_of

    game = Game()
    mega = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="B")
    game.create_effect("becomes a copy of the Bears", [copy_of(game, bears)], [mega], Indefinite(), controller="A")
    view = game.view(mega)
    assert view.face_down and view.name is None and view.pt == (2, 2)
    game.add_mana("A", "{1}{G}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", mega)


def test_next_time_the_giant_deals_damage_to_two_blockers_is_not_halved() -> None:
    """Cards: A's Hill Giant attacks; B blocks with two Grizzly Bears; B's effect "the next time the
    Giant would deal damage this turn, prevent that damage"; the Giant assigns 2 and 1.
    CR 615.8: it prevents the next instance of damage from the Giant, however much; the model would
    have prevented the 2 and let the 1 through.  Whether that instance is all the Giant's combat
    damage is not modelled: NotModelled.  Dealt to one recipient only, it is prevented: B 20."""
    from kb.engine import NotModelled

    game = Game()
    giant = game.place(GIANT, player="A")
    one = game.place(BEARS, player="B")
    two = game.place(BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([giant])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({one: giant, two: giant})
    game.create_effect("the next time the Giant would deal damage, prevent it", replacements=[
        prevent_damage(source=giant.id, uses=1)], duration=UntilEndOfTurn(), controller="B")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {one: 2, two: 1}, player="A")
    with pytest.raises(NotModelled, match=r"615\.8"):
        game.advance_to(Step.END_OF_COMBAT)
    game = Game()
    giant = game.place(GIANT, player="A")
    game.create_effect("the next time the Giant would deal damage, prevent it", replacements=[
        prevent_damage(source=giant.id, uses=1)], duration=UntilEndOfTurn(), controller="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([giant])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_voice_of_all_example_a_token_copy_makes_its_own_choice() -> None:
    """Cards: B's Painter's Servant-like artifact creature that chose red.  Action: an effect creates
    a token that's a copy of it for A; A chooses green.
    CR 614.12 (its first example, Voice of All): as the token is created its controller chooses a
    color for it: green, not red; the original stays red."""
    game = Game()
    original = game.place(PAINTER, player="B", chosen={"color": Color.RED})
    game.choices.script(ChoiceKind.COLOR, "G", player="A")
    made = create_token_copies(game, original.id, "A")
    assert len(made) == 1
    colors = game.view(made[0]).colors
    assert Color.GREEN in colors and Color.RED not in colors
    assert Color.RED in game.view(original).colors


def test_clone_of_an_enters_with_counters_creature_under_hardened_scales_gets_three() -> None:
    """Cards: A's Hardened Scales-like; B's 0/0 "enters with two +1/+1 counters".  Action: A's Clone
    enters as a copy of it.
    CR 707.2, 614.12: the copied "enters with" applies to the Clone; 122.6, 614.16: those counters
    are put on a creature A controls: three counters, a 3/3."""
    game = Game()
    game.place(SCALES, player="A")
    original = game.place(COUNTER_BEAR, player="B", counters={"+1/+1": 2})
    game.choices.script(ChoiceKind.OBJECT, original, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    assert game.view(clone).counters.get("+1/+1") == 3 and game.view(clone).pt == (3, 3)


def test_manifested_card_gets_anothers_extra_counter_and_hardened_scales_adds_one() -> None:
    """Cards: A's Hardened Scales-like; A's effect "each creature you control enters with an additional
    +1/+1 counter".  Action: A manifests Grizzly Bears.
    CR 708.3, 614.12: its own abilities have no effect, but it would be a face-down 2/2 creature, so
    the other effect applies; 122.6, 614.16: Scales adds one: two counters, a 4/4."""
    game = Game()
    game.place(SCALES, player="A")
    game.create_effect("each creature you control enters with an additional +1/+1 counter",
                       replacements=[enters_with_counters("+1/+1", 1, entering=creatures(controller="you"))],
                       duration=Indefinite(), controller="A")
    top = game.place(BEARS, Zone.LIBRARY, "A")
    obj = manifest(game, "A", top)
    assert obj is not None
    assert game.view(obj).counters.get("+1/+1") == 2 and game.view(obj).pt == (4, 4)


def test_megamorph_counter_as_it_turns_face_up_meets_hardened_scales() -> None:
    """Cards: A's Hardened Scales-like; A's face-down megamorph (face up a 3/3, megamorph {1}{G}).
    Action: A turns it face up for its megamorph cost.
    CR 702.37b: a +1/+1 counter is put on it as it is turned face up; 614.16: Scales replaces that
    putting: two counters, a 5/5."""
    game = Game()
    game.place(SCALES, player="A")
    mega = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", mega)
    assert game.view(mega).counters.get("+1/+1") == 2 and game.view(mega).pt == (5, 5)


def test_blood_moon_means_no_color_choice_for_an_entering_nonbasic_land() -> None:
    """Cards: Blood Moon; A's nonbasic land "as this land enters, choose a color".  Action: it enters
    (nothing is scripted).
    CR 614.12, 305.7: as it would exist on the battlefield it is a Mountain with no other abilities,
    so no choice is made: a Mountain with nothing chosen."""
    grove = card("Thriving Grove", None, "Land", StaticAbility(
        "As this land enters, choose a color.", replacements=(as_enters_choose(
            ChoiceKind.COLOR, lambda g: COLOR_CHOICES, "color", "As this land enters, choose a color."),)))
    game = Game()
    game.place(BLOOD_MOON, player="B")
    land = game.put_onto_battlefield(grove, "A")
    assert land is not None
    assert game.view(land).subtypes == {"Mountain"} and "color" not in game.obj(land).chosen
