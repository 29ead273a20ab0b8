"""An audit of timestamps and layers (613) and continuous effects (611), through the public API.

Written as an independent tester would, from the CR (the rule numbers in each docstring) and from
well-known card interactions, covering situations the independent set in
``test_independent_scenarios.py`` does not.  Cards are described in our own words; a card named
in a test's name is the well-known card whose behaviour the scenario borrows.  Each scenario
asserts the CR's answer, or that the model raises ``NotModelled`` naming the concept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from scenario_cards import ANTHEM, BEARS, GIANT, OPALESCENCE, SIZING_FIELD, SOL_RING

from kb.engine import (
    Color,
    ForAsLongAs,
    Game,
    Indefinite,
    LayerPart,
    Number,
    ScenarioError,
    StaticAbility,
    UntilEndOfTurn,
    UntilLeaves,
    UntilYourNextTurn,
    Zone,
    add_types,
    artifacts,
    base_pt,
    base_pt_is_mana_value,
    becomes_color,
    becomes_creature_types,
    card,
    cards_in,
    control,
    copy_of,
    count,
    creatures,
    defines_pt,
    enchantments,
    gain,
    gain_control,
    land_types_become,
    lands,
    lose,
    lose_all_abilities,
    modify_pt,
    permanents,
    switch_pt,
    this_object,
    while_controls,
)
from kb.engine.text_changes import change_text

WALL = card("Wall of Stone", "{1}{R}{R}", "Creature — Wall", 1, 3)
ORNITHOPTER = card("Ornithopter", "{0}", "Artifact Creature — Thopter", 0, 2, "flying")
MAGUS = card("Magus of the Moon", "{2}{R}", "Creature — Human Wizard", 2, 2, StaticAbility(
    "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
OMEN = card("Prismatic Omen", "{1}{G}", "Enchantment", StaticAbility(
    "Lands you control are every basic land type in addition to their other types.",
    (add_types(subtypes=["Plains", "Island", "Swamp", "Mountain", "Forest"]),), lands(controller="you")))
GATE = card("Mystic Gate", None, "Land")
DOMINATION = card("Total Domination", "{5}{U}{U}", "Enchantment", StaticAbility(
    "You control all creatures your opponents control.", (gain_control(),), creatures(controller="opponent")))
THIEF = card("Master Thief", "{2}{U}{U}", "Creature — Human Rogue", 2, 2)
CARDS_IN_GRAVEYARDS = count(cards_in(Zone.GRAVEYARD))
GOYF = card("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", 0, 0, StaticAbility(
    "Tarmogoyf's power is equal to the number of cards in all graveyards and its toughness is equal to that "
    "number plus 1.",
    (defines_pt(CARDS_IN_GRAVEYARDS, Number("that number plus 1", lambda c: CARDS_IN_GRAVEYARDS.value(c) + 1,
                                            CARDS_IN_GRAVEYARDS.reads)),), this_object(), cda=True))


def resolve_effect(game: Game, text: str, parts: Sequence[LayerPart], affects: Any, duration: Any = None,
                   player: str = "A") -> None:
    """Stand in for a spell or ability whose effect resolves now (611.2)."""
    game.create_effect(text, parts, affects, duration or UntilEndOfTurn(), controller=player)


# Layer 7: sublayers (613.4)


def test_giant_growth_then_twisted_image_then_a_counter() -> None:
    """Card: a 1/3 wall.  Actions: +3/+3 until end of turn; "switch its power and toughness until
    end of turn"; then a +1/+1 counter is put on it.
    CR 613.4c-d: every 7c change (the counter too, however late) applies before 7d's switch:
    1/3 +3/+3 +1/+1 = 5/7, switched: 7/5."""
    game = Game()
    wall = game.place(WALL, player="A")
    resolve_effect(game, "+3/+3", [modify_pt(3, 3)], [wall])
    assert game.view(wall).pt == (4, 6)
    resolve_effect(game, "switch", [switch_pt()], [wall])
    assert game.view(wall).pt == (6, 4)
    game.put_counters(wall, "+1/+1")
    assert game.view(wall).pt == (7, 5)


def test_switched_creature_later_set_to_0_2_is_2_0_and_dies() -> None:
    """Card: a 1/3 wall.  Actions: its power and toughness are switched until end of turn (3/1);
    later "becomes 0/2 until end of turn".
    CR 613.4b, 613.4d: the setting effect (7b) applies before the switch (7d) whatever their
    timestamps: 0/2 switched is 2/0, and it is put into the graveyard (704.5f)."""
    game = Game()
    wall = game.place(WALL, player="A")
    resolve_effect(game, "switch", [switch_pt()], [wall])
    assert game.view(wall).pt == (3, 1)
    resolve_effect(game, "becomes 0/2", [base_pt(0, 2)], [wall])
    assert game.view(wall).pt == (2, 0)
    game.refresh_priority()
    assert game.current(wall).zone is Zone.GRAVEYARD


def test_tarmogoyf_like_cda_counts_graveyards_and_takes_a_pump() -> None:
    """Card: a creature whose P/T is defined as */1+* by the cards in all graveyards (7a).
    Actions: two cards are put into graveyards; +3/+3 until end of turn.
    CR 604.3, 613.4a: the CDA applies in 7a wherever it is and counts afresh; 7c adds to it:
    2/3, then 5/6."""
    game = Game()
    goyf = game.place(GOYF, player="A")
    assert game.view(goyf).pt == (0, 1)
    game.place(BEARS, Zone.GRAVEYARD, "A")
    game.place(SOL_RING, Zone.GRAVEYARD, "B")
    assert game.view(goyf).pt == (2, 3)
    resolve_effect(game, "+3/+3", [modify_pt(3, 3)], [goyf])
    assert game.view(goyf).pt == (5, 6)
    game.place(GIANT, Zone.GRAVEYARD, "B")
    assert game.view(goyf).pt == (6, 7)


def test_setting_effect_overrides_a_cda_until_it_ends() -> None:
    """Card: the */1+* creature with three cards in graveyards (3/4).  Action: "becomes 0/1 until
    end of turn"; the turn ends.
    CR 613.4a-b: 7b applies after 7a, so 0/1 wins this turn; in the cleanup step the effect ends
    (514.2) and the CDA gives 3/4 again."""
    game = Game()
    goyf = game.place(GOYF, player="A")
    for c in (BEARS, SOL_RING, GIANT):
        game.place(c, Zone.GRAVEYARD, "B")
    assert game.view(goyf).pt == (3, 4)
    resolve_effect(game, "becomes 0/1", [base_pt(0, 1)], [goyf])
    assert game.view(goyf).pt == (0, 1)
    game.next_turn()
    assert game.view(goyf).pt == (3, 4)


def test_static_set_pt_later_than_a_resolved_one_wins_and_earlier_loses() -> None:
    """Cards: Grizzly Bears; an enchantment "all creatures have base power and toughness 1/1".
    Actions: in one game the Bears "becomes 4/4 until end of turn" before the enchantment enters,
    in the other after it.
    CR 613.7a, 613.7d: in 7b the effect with the later timestamp applies last: 1/1, then 4/4."""
    game = Game()
    bear = game.place(BEARS, player="A")
    resolve_effect(game, "becomes 4/4", [base_pt(4, 4)], [bear])
    game.place(SIZING_FIELD, player="B")
    assert game.view(bear).pt == (1, 1)
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(SIZING_FIELD, player="B")
    resolve_effect(game, "becomes 4/4", [base_pt(4, 4)], [bear])
    assert game.view(bear).pt == (4, 4)


# Layer 1: copy effects (613.2, 707.2)


def test_creature_pumped_then_becoming_a_copy_keeps_the_pump() -> None:
    """Cards: Grizzly Bears, Hill Giant (3/3).  Actions: the Bears gets +3/+3 until end of turn,
    then becomes a copy of Hill Giant.
    CR 613.2a, 613.1a: the copy effect sets the copiable values in layer 1; the +3/+3 still
    applies in 7c: a Hill Giant 6/6."""
    game = Game()
    bear = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="B")
    resolve_effect(game, "+3/+3", [modify_pt(3, 3)], [bear])
    resolve_effect(game, "becomes a copy of Hill Giant", [copy_of(game, giant)], [bear], Indefinite())
    view = game.view(bear)
    assert view.name == "Hill Giant" and view.pt == (6, 6)


def test_copy_of_a_pumped_creature_copies_only_the_printed_values() -> None:
    """Cards: A's Grizzly Bears under Glorious Anthem and +3/+3 until end of turn; B's 1/3 wall.
    Action: the wall becomes a copy of the Bears.
    CR 707.2: the copiable values are the printed ones (and other copy effects): the wall is a
    Grizzly Bears 2/2, B controls it so A's Anthem does not apply."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(ANTHEM, player="A")
    resolve_effect(game, "+3/+3", [modify_pt(3, 3)], [bear])
    assert game.view(bear).pt == (6, 6)
    wall = game.place(WALL, player="B")
    resolve_effect(game, "becomes a copy of the Bears", [copy_of(game, bear)], [wall], Indefinite(), player="B")
    view = game.view(wall)
    assert view.name == "Grizzly Bears" and view.pt == (2, 2)


# Layer 2: control (613.1b) and filters that read the controller


def test_stolen_creature_loses_its_owners_anthem() -> None:
    """Cards: A's Glorious Anthem and Grizzly Bears.  Action: B gains control of the Bears.
    CR 613.1b then 613.4c: control is settled in layer 2, before "creatures you control" is read
    for the +1/+1: the Bears, now B's, is 2/2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(ANTHEM, player="A")
    assert game.view(bear).pt == (3, 3)
    resolve_effect(game, "B gains control", [control("B")], [bear], Indefinite(), player="B")
    assert game.view(bear).controller == "B" and game.view(bear).pt == (2, 2)
    game.next_turn()  # 611.2a: no duration stated, so it lasts
    assert game.view(bear).controller == "B"


def test_stolen_anthem_pumps_the_thiefs_creatures() -> None:
    """Cards: A's Glorious Anthem and Grizzly Bears; B's 1/3 wall.  Action: B gains control of the
    Anthem.  CR 613.1b, 109.5: "you" is now B: B's wall is 2/4, A's Bears 2/2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    anthem = game.place(ANTHEM, player="A")
    wall = game.place(WALL, player="B")
    resolve_effect(game, "B gains control of the Anthem", [control("B")], [anthem], Indefinite(), player="B")
    assert game.view(wall).pt == (2, 4)
    assert game.view(bear).pt == (2, 2)


# Layer 3: text-changing effects (612, 613.1c)


def test_sleight_of_mind_turns_a_green_anthem_blue() -> None:
    """Cards: an enchantment "green creatures get +1/+1"; Grizzly Bears (green), a blue 1/1.
    Action: a text-changing effect replaces "green" with "blue" on the enchantment.
    CR 612.1, 613.1c: layer 3 rewrites the ability before 7c reads it: the Bears 2/2, the blue
    creature 2/2."""
    green_anthem = card("Green Banner", "{2}{G}", "Enchantment", StaticAbility(
        "Green creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors="G")))
    drake = card("Blue Drake", "{U}", "Creature — Drake", 1, 1)
    game = Game()
    bear = game.place(BEARS, player="A")
    blue = game.place(drake, player="A")
    banner = game.place(green_anthem, player="A")
    assert game.view(bear).pt == (3, 3) and game.view(blue).pt == (1, 1)
    resolve_effect(game, "green becomes blue", [change_text("color", "G", "U")], [banner], Indefinite())
    assert game.view(bear).pt == (2, 2)
    assert game.view(blue).pt == (2, 2)


# Layer 4 and the effects that start there (613.1d, 613.6, 305.7)


def test_magus_of_the_moon_then_prismatic_omen_in_timestamp_order() -> None:
    """Cards: Magus of the Moon ("nonbasic lands are Mountains"), Prismatic Omen ("lands you
    control are every basic land type in addition"), a nonbasic land; both orders.
    CR 613.8a: neither effect changes what the other applies to or does, so 613.7 timestamps
    decide in layer 4: Magus first gives all five types; Omen first, then Magus, just Mountain."""
    for order, expected in (((MAGUS, OMEN), {"Plains", "Island", "Swamp", "Mountain", "Forest"}),
                            ((OMEN, MAGUS), {"Mountain"})):
        game = Game()
        gate = game.place(GATE, player="A")
        for c in order:
            game.place(c, player="A")
        assert game.view(gate).subtypes == frozenset(expected), order


def test_blood_moon_switches_off_a_nonbasic_lands_static_ability() -> None:
    """Cards: a nonbasic land "creatures you control get +1/+1", Grizzly Bears, Magus of the Moon.
    CR 305.7, 613.1d: the land becomes a Mountain and loses the abilities of its text in layer 4,
    before its +1/+1 would apply in 7c: the Bears is 2/2; without the Magus 3/3."""
    banner_land = card("Banner Keep", None, "Land", StaticAbility(
        "Creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you")))
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(banner_land, player="A")
    assert game.view(bear).pt == (3, 3)
    game.place(MAGUS, player="B")
    assert game.view(bear).pt == (2, 2)


def test_self_animating_enchantment_that_loses_its_abilities_keeps_animating() -> None:
    """Cards: an enchantment "all enchantments are 3/3 creatures in addition to their other types"
    (so itself too), and a second enchantment.  Action: the first "loses all abilities until end of
    turn" (a later effect, layer 6).
    CR 613.6: its effect began to apply in layer 4, so it goes on applying in 7b to the same
    objects though its ability is removed in layer 6: both are still 3/3 creatures."""
    animator = card("Living Glass", "{3}{G}", "Enchantment", StaticAbility(
        "All enchantments are 3/3 creatures in addition to their other types.",
        (add_types("Creature"), base_pt(3, 3)), enchantments()))
    game = Game()
    glass = game.place(animator, player="A")
    other = game.place(ANTHEM, player="A")
    assert game.view(glass).pt == (4, 4) and game.view(other).pt == (4, 4)
    resolve_effect(game, "loses all abilities", [lose_all_abilities()], [glass])
    assert game.view(glass).abilities == ()
    assert game.view(glass).is_a("Creature") and game.view(glass).pt == (4, 4)
    assert game.view(other).is_a("Creature") and game.view(other).pt == (4, 4)


def test_noncreature_artifacts_become_blue_creatures_and_stay_in_the_set() -> None:
    """Cards: an enchantment "each noncreature artifact is a blue 2/2 artifact creature"; Sol Ring,
    Ornithopter (a 0/2 artifact creature).
    CR 613.6: the set is fixed when the effect starts in layer 4; Sol Ring is then a creature but
    still gets the colour (5) and P/T (7b): a blue 2/2.  Ornithopter, already a creature, is
    untouched: colourless 0/2."""
    tinker = card("Blue Tinkering", "{3}{U}", "Enchantment", StaticAbility(
        "Each noncreature artifact is a blue 2/2 artifact creature.",
        (add_types("Creature"), becomes_color("U"), base_pt(2, 2)), artifacts(not_types=["Creature"])))
    game = Game()
    ring = game.place(SOL_RING, player="A")
    thopter = game.place(ORNITHOPTER, player="A")
    game.place(tinker, player="A")
    view = game.view(ring)
    assert view.is_a("Creature") and view.colors == frozenset({Color.BLUE}) and view.pt == (2, 2)
    assert game.view(thopter).colors == frozenset() and game.view(thopter).pt == (0, 2)


def test_conspiracy_then_arcane_adaptation_and_the_reverse() -> None:
    """Cards: "creatures you control are Elves" (replacing their creature types) and "creatures you
    control are Goblins in addition to their other types"; Grizzly Bears; both orders.
    CR 613.8a: neither depends on the other; 613.7: in layer 4 the later one applies last: Elf
    and Goblin when the addition is later; only Elf when the replacement is later."""
    conspiracy = card("Elf Conspiracy", "{3}{B}{B}", "Enchantment", StaticAbility(
        "Creatures you control are Elves.", (becomes_creature_types("Elf"),), creatures(controller="you")))
    adaptation = card("Goblin Adaptation", "{2}{U}", "Enchantment", StaticAbility(
        "Creatures you control are Goblins in addition to their other types.",
        (add_types(subtypes=["Goblin"]),), creatures(controller="you")))
    for order, expected in (((conspiracy, adaptation), {"Elf", "Goblin"}), ((adaptation, conspiracy), {"Elf"})):
        game = Game()
        bear = game.place(BEARS, player="A")
        for c in order:
            game.place(c, player="A")
        assert game.view(bear).subtypes == frozenset(expected), order


def test_opalescence_makes_glorious_anthem_pump_itself() -> None:
    """Cards: Opalescence, Glorious Anthem, Grizzly Bears.
    CR 611.3a: a static ability applies at each moment to whatever its text indicates: the Anthem,
    made a 3/3 creature in layers 4 and 7b, is a creature A controls when 7c is applied: 4/4;
    Opalescence itself is no creature; the Bears 3/3."""
    game = Game()
    opal = game.place(OPALESCENCE, player="A")
    anthem = game.place(ANTHEM, player="A")
    bear = game.place(BEARS, player="A")
    assert game.view(anthem).is_a("Creature") and game.view(anthem).pt == (4, 4)
    assert not game.view(opal).is_a("Creature")
    assert game.view(bear).pt == (3, 3)


# Continuous effects from resolving spells and abilities: durations (611.2)


def test_resolved_flying_stays_with_a_creature_that_changes_control() -> None:
    """Cards: A's Grizzly Bears.  Actions: "creatures you control gain flying until end of turn"
    resolves for A; B gains control of the Bears; A's Hill Giant enters.
    CR 611.2c: the affected set was fixed as the effect began: the Bears keeps flying under B;
    the Giant, arriving later, has none."""
    game = Game()
    bear = game.place(BEARS, player="A")
    resolve_effect(game, "creatures you control gain flying", [gain("flying")], creatures(controller="you"))
    resolve_effect(game, "B gains control", [control("B")], [bear], Indefinite(), player="B")
    assert game.view(bear).controller == "B" and game.view(bear).has("flying")
    giant = game.place(GIANT, player="A")
    assert not game.view(giant).has("flying")


def test_pump_and_damage_wear_off_together_in_the_cleanup_step() -> None:
    """Card: Grizzly Bears.  Actions: +2/+2 until end of turn; 3 damage is dealt to it; the turn ends.
    CR 514.2: damage is removed and "until end of turn" effects end at the same time, so it is
    never a 2/2 with 3 damage: next turn it is on the battlefield, 2/2 with no damage."""
    game = Game()
    bear = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="B")
    resolve_effect(game, "+2/+2", [modify_pt(2, 2)], [bear])
    game.deal_damage(giant, bear, 3)
    game.refresh_priority()
    assert game.current(bear).zone is Zone.BATTLEFIELD
    game.next_turn()
    assert game.current(bear).zone is Zone.BATTLEFIELD
    view = game.view(bear)
    assert view.pt == (2, 2) and view.damage == 0


def test_for_as_long_as_it_stays_tapped_ends_for_good() -> None:
    """Cards: A's tapped Hill Giant, Grizzly Bears.  Action: "the Bears gets +2/+2 for as long as
    the Giant remains tapped"; the Giant untaps, then is tapped again.
    CR 611.2b: once the duration has ended the effect does not come back: 4/4, 2/2, 2/2."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bear = game.place(BEARS, player="A")
    game.tap(giant)
    resolve_effect(game, "+2/+2", [modify_pt(2, 2)], [bear],
                   ForAsLongAs("the Giant remains tapped", lambda g: g.current(giant).tapped))
    assert game.view(bear).pt == (4, 4)
    game.untap(giant)
    assert game.view(bear).pt == (2, 2)
    game.tap(giant)
    assert game.view(bear).pt == (2, 2)


def test_until_leaves_effect_does_not_return_with_its_source() -> None:
    """Cards: A's Hill Giant, B's Grizzly Bears.  Action: "the Bears gets -2/-0 until the Giant
    leaves the battlefield"; the Giant is returned to hand, then put onto the battlefield again.
    CR 611.2b, 400.7: the returning Giant is a new object: the effect ended and stays ended."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bear = game.place(BEARS, player="B")
    resolve_effect(game, "-2/-0", [modify_pt(-2, 0)], [bear], UntilLeaves(giant.id))
    assert game.view(bear).pt == (0, 2)
    game.move(giant, Zone.HAND)
    assert game.view(bear).pt == (2, 2)
    back = game.put_onto_battlefield(game.current(giant), "A")
    assert back is not None
    assert game.view(bear).pt == (2, 2)


def test_static_effect_restarts_with_a_new_timestamp_when_its_source_returns() -> None:
    """Cards: a "creatures are 1/1" enchantment, then A's Grizzly Bears made 4/4 until end of turn
    after it.  Action: the enchantment leaves and comes back.
    CR 611.3b, 613.7d: the returned enchantment is a new object with a new timestamp, later than
    the 4/4 effect: the Bears is 1/1 again (it was 4/4 before)."""
    game = Game()
    field = game.place(SIZING_FIELD, player="B")
    bear = game.place(BEARS, player="A")
    resolve_effect(game, "becomes 4/4", [base_pt(4, 4)], [bear])
    assert game.view(bear).pt == (4, 4)
    game.move(field, Zone.HAND)
    assert game.view(bear).pt == (4, 4)
    back = game.put_onto_battlefield(game.current(field), "B")
    assert back is not None
    assert game.view(bear).pt == (1, 1)


# More dependencies and filters read across layers (613.8, 611.3a)


def test_magus_of_the_moon_and_life_and_limb_on_dryad_arbor_in_both_orders() -> None:
    """Cards: Dryad Arbor (a green nonbasic Forest Dryad land creature, 1/1), Magus of the Moon,
    Life and Limb ("all Forests and all Saprolings are 1/1 green Saproling creatures and Forest
    lands in addition to their other types"); both orders.
    CR 613.8a: the Magus changes what Life and Limb applies to (the Arbor stops being a Forest),
    so Life and Limb depends on it and applies after it, whatever the timestamps: the Arbor is a
    Mountain Dryad, not a Saproling."""
    arbor_card = card("Dryad Arbor", None, "Land Creature — Forest Dryad", 1, 1, colors="G")
    life_and_limb = card("Life and Limb", "{3}{G}", "Enchantment", StaticAbility(
        "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their "
        "other types.",
        (add_types("Creature", "Land", subtypes=["Saproling", "Forest"]), becomes_color("G"), base_pt(1, 1)),
        creatures(subtypes=["Saproling"]) | lands(subtypes=["Forest"])))
    for order in ((MAGUS, life_and_limb), (life_and_limb, MAGUS)):
        game = Game()
        arbor = game.place(arbor_card, player="A")
        for c in order:
            game.place(c, player="B")
        assert game.view(arbor).subtypes == frozenset({"Mountain", "Dryad"}), order


def test_static_control_of_the_opponents_creatures_settles() -> None:
    """Cards: A's enchantment "you control all creatures your opponents control" (a static
    control-changing effect), A's Glorious Anthem, B's Grizzly Bears.
    CR 613.1b, 611.3a: in layer 2 the effect applies to the creatures B controls then; later
    layers see A as the controller: the Bears is A's and gets A's +1/+1 (3/3)."""
    game = Game()
    bear = game.place(BEARS, player="B")
    game.place(ANTHEM, player="A")
    game.place(DOMINATION, player="A")
    assert game.view(bear).controller == "A"
    assert game.view(bear).pt == (3, 3)


def test_becoming_a_copy_of_an_animated_anthem_copies_no_animation() -> None:
    """Cards: Opalescence, Glorious Anthem (a 3/3 creature through Opalescence), Grizzly Bears.
    Action: the Bears becomes a copy of the Anthem.
    CR 707.2: Opalescence's effects are not copiable: the Bears is a Glorious Anthem
    enchantment, which Opalescence then animates as a 3/3; two Anthems give +2/+2: both
    Anthems are 5/5."""
    game = Game()
    game.place(OPALESCENCE, player="A")
    anthem = game.place(ANTHEM, player="A")
    bear = game.place(BEARS, player="A")
    resolve_effect(game, "becomes a copy of the Anthem", [copy_of(game, anthem)], [bear], Indefinite())
    view = game.view(bear)
    assert view.name == "Glorious Anthem" and view.is_a("Enchantment") and view.is_a("Creature")
    assert view.pt == (5, 5)
    assert game.view(anthem).pt == (5, 5)


def test_colour_change_turns_off_a_colour_anthem() -> None:
    """Cards: an enchantment "green creatures get +1/+1", Grizzly Bears.  Action: the Bears
    "becomes blue until end of turn"; the turn ends.
    CR 613.1e before 613.4c: the colour is settled in layer 5 before the +1/+1 reads it: 2/2 this
    turn, 3/3 again next turn (514.2)."""
    green_anthem = card("Green Banner", "{2}{G}", "Enchantment", StaticAbility(
        "Green creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors="G")))
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(green_anthem, player="A")
    assert game.view(bear).pt == (3, 3)
    resolve_effect(game, "becomes blue", [becomes_color("U")], [bear])
    assert game.view(bear).pt == (2, 2)
    game.next_turn()
    assert game.view(bear).pt == (3, 3)


def test_control_change_keeps_the_static_effects_timestamp() -> None:
    """Cards: B's enchantment "all creatures have base power and toughness 1/1", then A's Grizzly
    Bears made 4/4 until end of turn.  Action: A gains control of the enchantment.
    CR 613.7a, 613.7d: an object's timestamp is when it entered; a change of control gives no new
    one: the 4/4 effect is still later: 4/4."""
    game = Game()
    field = game.place(SIZING_FIELD, player="B")
    bear = game.place(BEARS, player="A")
    resolve_effect(game, "becomes 4/4", [base_pt(4, 4)], [bear])
    resolve_effect(game, "A gains control of the enchantment", [control("A")], [field], Indefinite())
    assert game.view(field).controller == "A"
    assert game.view(bear).pt == (4, 4)


def test_resolved_pump_skips_an_artifact_that_becomes_a_creature_later() -> None:
    """Cards: Grizzly Bears, Sol Ring.  Actions: "all creatures get +1/+1 until end of turn"
    resolves; then March of the Machines-like "noncreature artifacts are artifact creatures with
    P/T equal to their mana value" enters.
    CR 611.2c: the set was fixed as the spell resolved; Sol Ring, a creature only later, isn't in
    it: 1/1; the Bears 3/3."""
    march = card("March of the Machines", "{3}{U}", "Enchantment", StaticAbility(
        "Each noncreature artifact is an artifact creature with base power and toughness each equal to its "
        "mana value.", (add_types("Creature"), base_pt_is_mana_value()), artifacts(not_types=["Creature"])))
    game = Game()
    bear = game.place(BEARS, player="A")
    ring = game.place(SOL_RING, player="A")
    resolve_effect(game, "all creatures get +1/+1", [modify_pt(1, 1)], creatures())
    game.place(march, player="A")
    assert game.view(ring).is_a("Creature") and game.view(ring).pt == (1, 1)
    assert game.view(bear).pt == (3, 3)


def test_magical_hack_turns_blood_moon_into_island_moon() -> None:
    """Cards: Blood Moon, a nonbasic land.  Action: a text-changing effect replaces "Mountain"
    with "Island" on Blood Moon.
    CR 612.1, 613.1c before 613.1d: the text is rewritten in layer 3, so in layer 4 nonbasic
    lands are Islands."""
    blood_moon = card("Blood Moon", "{2}{R}", "Enchantment", StaticAbility(
        "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
    game = Game()
    gate = game.place(GATE, player="A")
    moon = game.place(blood_moon, player="B")
    assert game.view(gate).subtypes == frozenset({"Mountain"})
    resolve_effect(game, "Mountain becomes Island", [change_text("land type", "Mountain", "Island")], [moon],
                   Indefinite())
    assert game.view(gate).subtypes == frozenset({"Island"})


def test_humility_opalescence_and_an_anthem() -> None:
    """Cards, in this order: Humility, Opalescence, Glorious Anthem; Grizzly Bears.
    CR 613.1d, 613.1f, 613.6: Opalescence animates Humility and the Anthem (layer 4); Humility
    removes every creature's abilities in layer 6, the Anthem's too, whose effect had not begun
    (it only acts in 7c), while Humility's own goes on.  7b: Humility's 1/1 then Opalescence's
    mana value: Humility 4/4, Anthem 3/3, Bears 1/1; no +1/+1 anywhere."""
    humility = card("Humility", "{2}{W}{W}", "Enchantment", StaticAbility(
        "All creatures lose all abilities and have base power and toughness 1/1.",
        (lose_all_abilities(), base_pt(1, 1)), creatures()))
    game = Game()
    hum = game.place(humility, player="A")
    game.place(OPALESCENCE, player="A")
    anthem = game.place(ANTHEM, player="A")
    bear = game.place(BEARS, player="A")
    assert game.view(hum).pt == (4, 4)
    assert game.view(anthem).pt == (3, 3)
    assert game.view(bear).pt == (1, 1)


def test_cda_colour_applies_before_an_earlier_colour_effect() -> None:
    """Cards: an enchantment "all creatures are blue", then Transguild Courier-like "this is all
    colours" (a characteristic-defining ability) entering later.
    CR 613.3: within layer 5 the CDA applies first, whatever the timestamps: the Courier is blue."""
    blue_field = card("Blue Field", "{2}{U}", "Enchantment", StaticAbility(
        "All creatures are blue.", (becomes_color("U"),), creatures()))
    courier = card("Transguild Courier", "{4}", "Artifact Creature — Golem", 3, 3, StaticAbility(
        "This creature is all colors.", (becomes_color("WUBRG"),), this_object(), cda=True))
    game = Game()
    game.place(blue_field, player="A")
    obj = game.place(courier, player="A")
    assert game.view(obj).colors == frozenset({Color.BLUE})


def test_two_static_steal_effects_return_the_creature_to_its_first_controller() -> None:
    """Cards: A's and B's enchantments, each "you control all creatures your opponents control";
    a Grizzly Bears starting under A or under B; both timestamp orders.
    CR 613.8a: the effect whose set the other would change depends on it (the one that now
    applies to nothing), so the other applies first and the dependent one takes the creature
    back: it ends with the player who controlled it first, in every order."""
    def domination(name: str) -> Any:
        return card(name, "{5}{U}{U}", "Enchantment", StaticAbility(
            "You control all creatures your opponents control.", (gain_control(),), creatures(controller="opponent")))

    for first in ("A", "B"):
        for order in (("A", "B"), ("B", "A")):
            game = Game()
            bear = game.place(BEARS, player=first)
            for player in order:
                game.place(domination(f"Domination of {player}"), player=player)
            assert game.view(bear).controller == first, (first, order)


def test_you_control_filter_in_an_effect_with_no_controller_is_refused() -> None:
    """Card: Grizzly Bears.  Action: an effect "creatures you control gain flying" created with
    neither a source nor a controller.
    API: "you" can't be known, so the scenario is refused (ScenarioError), never a filter that
    silently matches nothing."""
    game = Game()
    game.place(BEARS, player="A")
    with pytest.raises(ScenarioError, match="you"):
        game.create_effect("creatures you control gain flying", [gain("flying")], creatures(controller="you"),
                           UntilEndOfTurn())


def test_for_as_long_as_you_control_ends_when_a_static_effect_takes_the_creature() -> None:
    """Cards: A's Master Thief-like creature ("gain control of target artifact for as long as you
    control this creature"), B's Sol Ring; then B's enchantment "you control all creatures your
    opponents control" is there.
    CR 611.2b, 613.1b: the static effect takes the Thief at once; A no longer controls it, so the
    duration is over and B has Sol Ring back, whatever brought the enchantment (set-up or an
    event)."""
    game = Game()
    obj = game.place(THIEF, player="A")
    ring = game.place(SOL_RING, player="B")
    game.create_effect("gain control of Sol Ring", [gain_control()], [ring], while_controls("A", obj.id),
                       source=obj, controller="A")
    assert game.view(ring).controller == "A"
    game.place(DOMINATION, player="B")
    assert game.view(obj).controller == "B"
    assert game.view(ring).controller == "B"


def test_for_as_long_as_you_control_ends_when_the_control_it_rests_on_ends() -> None:
    """Cards: A's Hill Giant, tapped; B's Master Thief-like creature and Sol Ring.  Actions: A
    gains control of the Thief "for as long as the Giant remains tapped"; then A gains control
    of Sol Ring "for as long as you control the Thief"; the Giant untaps.
    CR 611.2b: the first duration ends, the Thief goes back to B, so A no longer controls it and
    the second ends at the same moment: B has both back."""
    game = Game()
    giant = game.place(GIANT, player="A", tapped=True)
    obj = game.place(THIEF, player="B")
    ring = game.place(SOL_RING, player="B")
    game.create_effect("A gains control of the Thief", [gain_control()], [obj],
                       ForAsLongAs("the Giant remains tapped", lambda g: g.current(giant).tapped), controller="A")
    game.create_effect("gain control of Sol Ring", [gain_control()], [ring], while_controls("A", obj.id),
                       source=obj, controller="A")
    assert game.view(obj).controller == "A" and game.view(ring).controller == "A"
    game.untap(giant)
    assert game.view(obj).controller == "B"
    assert game.view(ring).controller == "B"


# API traps: what would silently match nothing is refused


def test_a_plural_or_misspelt_subtype_in_a_filter_is_refused() -> None:
    """A filter "Forests" or "Elves" (the plural of the CR's subtypes, 205.3) would match
    nothing; so would a misspelt "Swmap" added by an effect: each is refused, naming the rule.
    A planeswalker type, on no list the model holds, is accepted with its card type."""
    for make in (lambda: lands(subtypes=["Forests"]), lambda: creatures(subtypes=["Elves"]),
                 lambda: add_types(subtypes=["Swmap"])):
        with pytest.raises(ScenarioError, match=r"205\.3"):
            make()
    assert permanents("Planeswalker", subtypes=["Jace"]).text


def test_an_unknown_player_in_an_effect_is_refused() -> None:
    """Control given to, an effect controlled by, or "until your next turn" of a player not in
    the game would control nothing or never end: refused (ScenarioError naming the player)."""
    game = Game()
    bear = game.place(BEARS, player="A")
    for parts, duration, controller in (([control("C")], Indefinite(), "A"),
                                        ([modify_pt(1, 1)], UntilYourNextTurn("C"), "A"),
                                        ([modify_pt(1, 1)], UntilEndOfTurn(), "Z")):
        with pytest.raises(ScenarioError, match="no player"):
            game.create_effect("bad", parts, [bear], duration, controller=controller)
    assert game.view(bear).pt == (2, 2) and game.view(bear).controller == "A"


def test_losing_an_unknown_keyword_is_refused() -> None:
    """"Loses flyin" would remove nothing, as "gains flyin" would add nothing: both refused."""
    with pytest.raises(ScenarioError, match="flyin"):
        lose("flyin")
    with pytest.raises(ScenarioError, match="flyin"):
        gain("flyin")


def test_three_type_songs_in_a_chain_are_reordered_after_each_applies() -> None:
    """Cards: "all Elves are Goblins", "all Goblins are Orcs", "all Orcs are Elves" (each
    replacing creature types), an Elf; two timestamp orders.
    CR 613.8a-c: at first only "Goblins are Orcs" depends on "Elves are Goblins"; after each
    effect applies, dependencies are judged again.  Elves→Goblins, Goblins→Orcs, Orcs→Elves in
    that order: the Elf goes round to Elf.  Goblins→Orcs, Orcs→Elves, Elves→Goblins: Orcs→Elves
    (earliest independent) finds no Orc, then Elves→Goblins, then Goblins→Orcs: an Orc."""
    def song(old: str, new: str) -> Any:
        return card(f"{old} Song", "{1}", "Enchantment", StaticAbility(
            f"All {old}s are {new}s.", (becomes_creature_types(new),), creatures(subtypes=[old])))

    elves, goblins, orcs = song("Elf", "Goblin"), song("Goblin", "Orc"), song("Orc", "Elf")
    for order, expected in (((elves, goblins, orcs), "Elf"), ((goblins, orcs, elves), "Orc")):
        game = Game()
        elf = game.place(card("Elvish Scout", "{G}", "Creature — Elf", 1, 1), player="A")
        for c in order:
            game.place(c, player="A")
        assert game.view(elf).subtypes == frozenset({expected}), [c.name for c in order]
