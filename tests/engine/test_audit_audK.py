"""Audit K: timestamps, layers and continuous effects, written as a new user would write them.

Written from the README's engine section and the docstrings of ``kb.engine``'s public names
only, from the CR (613.1-613.8, 611, 101.2, 400.7, with their examples) and from well-known
card interactions.  Each scenario states the cards, the actions, the expected result and the CR
rule; cards are described in our own words after the well-known card named in the test.  A
scenario the model can't play asserts the ``NotModelled`` naming the concept.
"""

from __future__ import annotations

import pytest
from scenario_cards import ANTHEM, BEARS, ELVES, GROWTH, HUMILITY, SOL_RING

from kb.engine import (
    FOREST,
    MOUNTAIN,
    SWAMP,
    ActivatedAbility,
    CanBlockAdditional,
    CantBeCountered,
    CantBlock,
    CantCast,
    CantGainLife,
    CantPlayLands,
    CastPermission,
    ChoiceKind,
    Color,
    CostChange,
    DoesntUntap,
    ExtraLandPlays,
    FaceDown,
    Game,
    IllegalAction,
    Indefinite,
    Move,
    Number,
    ObjectId,
    Replacement,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    UntilEndOfTurn,
    UntilNextStep,
    UntilYourNextTurn,
    Zone,
    add_types,
    artifacts,
    attached_to_this,
    base_pt,
    becomes_color,
    becomes_creature_types,
    becomes_types,
    card,
    cost,
    count,
    creatures,
    during_next_step,
    enters_as_copy,
    exists,
    face,
    fixed,
    gain,
    gain_control,
    land_types_become,
    lands,
    lose_all_abilities,
    modify_pt,
    modify_pt_by,
    only,
    permanents,
    prevent_damage,
    spells,
    switch_pt,
    target_creature,
    this_object,
    turn_face_down,
    where,
)

# --- cards (our own words after the well-known card) -------------------------------------------

SIZING_FIELD = card("Sizing Field", "{2}{W}", "Enchantment", StaticAbility(
    "All creatures have base power and toughness 1/1.", (base_pt(1, 1),), creatures()))
GIANT_AURA = card("Giant Shape", "{2}{G}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature has base power and toughness 4/4.", (base_pt(4, 4),), attached_to_this()))
BLUE_AURA = card("Blue Aura", "{U}", "Enchantment — Aura", "enchant creature",
                 StaticAbility("Enchanted creature is blue.", (becomes_color("U"),), attached_to_this()))
FROG_AURA = card("Frog Curse", "{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature has base power and toughness 1/1.", (base_pt(1, 1),), attached_to_this()))
CONTROL_MAGIC = card("Control Magic", "{2}{U}{U}", "Enchantment — Aura", "enchant creature",
                     StaticAbility("You control enchanted creature.", (gain_control(),), attached_to_this()))

URBORG = card("Urborg, Tomb of Yawgmoth", None, "Legendary Land", StaticAbility(
    "Each land is a Swamp in addition to its other land types.", (add_types(subtypes=["Swamp"]),), lands()))
YAVIMAYA = card("Yavimaya, Cradle of Growth", None, "Legendary Land", StaticAbility(
    "Each land is a Forest in addition to its other land types.", (add_types(subtypes=["Forest"]),), lands()))
BLOOD_MOON = card("Blood Moon", "{2}{R}", "Enchantment", StaticAbility(
    "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
KORMUS_BELL = card("Kormus Bell", "{4}", "Artifact", StaticAbility(
    "All Swamps are 1/1 black creatures that are still lands.",
    (add_types("Creature"), becomes_color("B"), base_pt(1, 1)), lands(subtypes=["Swamp"])))
LIVING_LANDS = card("Living Lands", "{3}{G}", "Enchantment", StaticAbility(
    "All Forests are 1/1 creatures that are still lands.", (add_types("Creature"), base_pt(1, 1)),
    lands(subtypes=["Forest"])))
SPREADING_SEAS = card("Spreading Seas", "{1}{U}", "Enchantment — Aura", "enchant land", StaticAbility(
    "Enchanted land is an Island.", (land_types_become("Island"),), attached_to_this()))
LATTICE = card("Mycosynth Lattice", "{6}", "Artifact", StaticAbility(
    "All permanents are artifacts in addition to their other types.", (add_types("Artifact"),), permanents()))
ENSOUL = card("Ensoul Artifact", "{1}{U}", "Enchantment — Aura", "enchant artifact", StaticAbility(
    "Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other types.",
    (add_types("Creature"), base_pt(5, 5)), attached_to_this()))
PLATING = card("Cranial Plating", "{2}", "Artifact — Equipment", StaticAbility(
    "Equipped creature gets +1/+0 for each artifact you control.",
    (modify_pt_by(count(artifacts(controller="you")), fixed(0)),), attached_to_this()),
    "equip {1}")
ELF_LORD = card("Elvish Archdruid", "{1}{G}{G}", "Creature — Elf Druid", 2, 2, StaticAbility(
    "Other Elf creatures you control get +1/+1.", (modify_pt(1, 1),),
    creatures(controller="you", subtypes=["Elf"], other=True)))
GRAY_OGRE = card("Gray Ogre", "{2}{R}", "Creature — Ogre", 2, 2)
MERFOLK = card("Coral Merfolk", "{1}{U}", "Creature — Merfolk", 2, 1)
FLIER = card("Wind Drake", "{2}{U}", "Creature — Drake", 2, 2, "flying")
THALIA = card("Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier", 2, 1, "first strike",
              StaticAbility("Noncreature spells cost {1} more to cast.",
                            rules=(CostChange(spells(not_types=["Creature"]), 1),)))
SHOCK = card("Shock", "{R}", "Instant", spell=SpellAbility(
    "Shock deals 2 damage to any target.", lambda r: None))


def _source(r: Resolution) -> ObjectId:
    assert r.source_id is not None
    return r.source_id


def _bear_game(players: tuple[str, ...] = ("A", "B")) -> Game:
    return Game(list(players))


# --- 613.7: timestamps --------------------------------------------------------------------------

def test_613_7e_aura_cast_after_sizing_field_is_later_and_sets_4_4() -> None:
    """Cards: Sizing Field ("all creatures have base P/T 1/1"), Grizzly Bears; A casts an Aura "enchanted
    creature has base P/T 4/4" on the Bears.  Then another Sizing Field enters.
    CR 613.7d-e: the Aura's timestamp is when it entered attached, after the first Field: 4/4; the
    second Field is later still: 1/1."""
    game = Game()
    game.place(SIZING_FIELD, player="A")
    bear = game.place(BEARS, player="A")
    assert game.view(bear).pt == (1, 1)
    aura = game.place(GIANT_AURA, Zone.HAND, "A")
    game.add_mana("A", "{2}{G}")
    game.cast("A", aura, targets=[bear])
    game.resolve_stack()
    assert game.view(bear).pt == (4, 4)
    game.put_onto_battlefield(SIZING_FIELD, "A")
    assert game.view(bear).pt == (1, 1)


def test_613_7n_own_static_ability_is_earlier_than_the_effect_that_put_it_onto_the_battlefield() -> None:
    """Card: an artifact "this is a 3/3 artifact creature" (its own static ability), put onto the
    battlefield by an effect saying "it's a 1/1 creature" (611.2e).
    CR 613.7n: its own static ability gets the earlier timestamp: the effect's 1/1 wins."""
    golem = card("Animated Idol", "{3}", "Artifact", StaticAbility(
        "This artifact is a 3/3 artifact creature.", (add_types("Creature"), base_pt(3, 3)), this_object()))
    game = Game()
    plain = game.put_onto_battlefield(golem, "A")
    assert plain is not None and game.view(plain).pt == (3, 3)
    idol = game.put_onto_battlefield(golem, "A", effects=[("it's a 1/1 creature", (base_pt(1, 1),))])
    assert idol is not None
    assert game.view(idol).pt == (1, 1)


def test_613_7f_morph_turned_face_up_is_later_than_a_spell_made_while_it_was_face_down() -> None:
    """Cards: A's face-down morph whose face says "all creatures are blue"; Grizzly Bears.  A resolved
    effect "all creatures become red until end of turn" is made while the morph is face down; then
    A turns the morph face up.
    CR 613.7f: turning face up gives the morph a new timestamp, later than the red effect: blue."""
    painter = card("Azure Morph", "{2}{U}", "Creature — Human Wizard", 2, 2, "morph {U}", StaticAbility(
        "All creatures are blue.", (becomes_color("U"),), creatures()))
    game = Game()
    bear = game.place(BEARS, player="A")
    morph = game.place(painter, player="A", face_down=FaceDown.MORPH)
    game.create_effect("all creatures become red", [becomes_color("R")], creatures(), UntilEndOfTurn())
    assert game.view(bear).colors == frozenset({Color.RED})
    game.add_mana("A", "{U}")
    game.turn_face_up("A", morph)
    assert game.view(bear).colors == frozenset({Color.BLUE})
    assert game.view(morph).colors == frozenset({Color.BLUE})


def test_613_7f_creature_turned_down_and_up_is_later_than_an_aura() -> None:
    """Cards: a morph creature "this creature has base P/T 5/5" (own static), face up; later an Aura
    "enchanted creature has base P/T 1/1" on it.  Then an effect turns it face down and it is turned
    face up again.
    CR 613.7f: it gets a new timestamp, later than the Aura's: 5/5 again (the Aura stays on)."""
    brute = card("Shifting Brute", "{3}{G}", "Creature — Beast", 2, 2, "morph {G}", StaticAbility(
        "This creature has base power and toughness 5/5.", (base_pt(5, 5),), this_object()))
    game = Game()
    b = game.place(brute, player="A")
    assert game.view(b).pt == (5, 5)
    game.place(FROG_AURA, player="A", attached_to=b)
    assert game.view(b).pt == (1, 1)
    assert turn_face_down(game, game.obj(b))
    assert game.view(b).pt == (1, 1)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", b)
    assert game.view(b).pt == (5, 5)


def test_613_7e_aura_moved_away_and_back_is_later_than_a_spell() -> None:
    """Cards: an Aura "enchanted creature is blue" on Grizzly Bears; then a resolved "target creature
    becomes red until end of turn" on the Bears; an effect moves the Aura to Llanowar Elves and back.
    CR 613.7e: each attachment gives the Aura a new timestamp: back on the Bears it is later than the
    red effect: blue."""
    game = Game()
    bear = game.place(BEARS, player="A")
    elf = game.place(ELVES, player="A")
    aura = game.place(BLUE_AURA, player="A", attached_to=bear)
    game.create_effect("becomes red", [becomes_color("R")], [bear], UntilEndOfTurn())
    assert game.view(bear).colors == frozenset({Color.RED})
    game.attach(aura, elf)
    assert game.view(elf).colors == frozenset({Color.BLUE})
    game.attach(aura, bear)
    assert game.view(bear).colors == frozenset({Color.BLUE})


def test_613_7g_transformed_permanents_static_ability_is_later_than_an_earlier_spell() -> None:
    """Card: a double-faced creature whose back face says "this creature has base P/T 4/4"; a resolved
    "target creature has base P/T 1/1 until end of turn" on it; then it transforms.
    CR 613.7g: transforming gives it a new timestamp, later than the 1/1 effect: 4/4."""
    dfc = card("Village Ironsmith", "{1}{R}", "Creature — Human Werewolf", 1, 1,
               back=face("Ironfang", None, "Creature — Werewolf", 3, 1, StaticAbility(
                   "This creature has base power and toughness 4/4.", (base_pt(4, 4),), this_object()),
                   colors="R"))
    game = Game()
    w = game.place(dfc, player="A")
    game.create_effect("base 1/1", [base_pt(1, 1)], [w], UntilEndOfTurn())
    assert game.view(w).pt == (1, 1)
    assert game.transform(w)
    assert game.view(w).pt == (4, 4)


def test_613_7a_as_long_as_ability_keeps_its_objects_timestamp_when_it_switches_on() -> None:
    """Cards: a creature "as long as you control an artifact, this creature has base P/T 5/5"; later an
    Aura "enchanted creature has base P/T 1/1" on it; then Sol Ring enters.
    CR 613.7a: the static ability's effect has its object's timestamp, earlier than the Aura's, even
    though it starts to apply only now: 1/1."""
    golem = card("Tinkered Golem", "{3}", "Artifact Creature — Golem", 2, 2, StaticAbility(
        "As long as you control another artifact, this creature has base power and toughness 5/5.",
        (base_pt(5, 5),), this_object(), condition=exists(artifacts(controller="you", other=True))))
    game = Game()
    g = game.place(golem, player="A")
    game.place(FROG_AURA, player="A", attached_to=g)
    assert game.view(g).pt == (1, 1)
    game.put_onto_battlefield(SOL_RING, "A")
    assert game.view(g).pt == (1, 1)
    # and with the Aura first, the same ability wins: the order is the objects', not the condition's
    game2 = Game()
    g2 = game2.place(golem, player="A")
    game2.place(SOL_RING, player="A")
    assert game2.view(g2).pt == (5, 5)


def test_613_7c_flying_counter_put_after_losing_all_abilities_gives_flying() -> None:
    """Cards: Grizzly Bears under a resolved "target creature loses all abilities until end of turn";
    then a flying counter is put on it.
    CR 613.7c, 122.1b: the counter's timestamp is later than the effect: the Bears has flying."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.create_effect("loses all abilities", [lose_all_abilities()], [bear], UntilEndOfTurn())
    game.put_counters(bear, "flying")
    assert game.view(bear).has("flying")


# --- 613.8: dependency with everyday cards ------------------------------------------------------

@pytest.mark.parametrize("bell_first", [True, False])
def test_613_8_kormus_bell_depends_on_urborg_in_either_order(bell_first: bool) -> None:
    """Cards: Kormus Bell ("all Swamps are 1/1 black creatures"), Urborg ("each land is a Swamp"), a
    Forest.  CR 613.8a: applying Urborg changes what the Bell applies to, so the Bell waits for it
    (613.8b) whatever the timestamps: the Forest and Urborg are 1/1 creatures."""
    game = Game()
    if bell_first:
        game.place(KORMUS_BELL, player="A")
        urborg = game.place(URBORG, player="A")
    else:
        urborg = game.place(URBORG, player="A")
        game.place(KORMUS_BELL, player="A")
    forest = game.place(FOREST, player="B")
    for land in (forest, urborg):
        v = game.view(land)
        assert v.is_a("Creature") and v.pt == (1, 1) and v.colors == frozenset({Color.BLACK})


@pytest.mark.parametrize("order", ["moon_bell_urborg", "urborg_bell_moon", "bell_urborg_moon"])
def test_613_8_blood_moon_stops_urborg_feeding_kormus_bell(order: str) -> None:
    """Cards: Blood Moon, Urborg, Kormus Bell, a Forest and a Swamp, in several orders.
    CR 613.8a: Urborg's effect depends on Blood Moon (Blood Moon removes it, 305.7), and the Bell
    depends on both: Urborg is only a Mountain; the Forest is no Swamp; only the basic Swamp is a
    1/1 creature."""
    game = Game()
    ids: dict[str, ObjectId] = {}
    for name in order.split("_"):
        c = {"moon": BLOOD_MOON, "bell": KORMUS_BELL, "urborg": URBORG}[name]
        ids[name] = game.place(c, player="A").id
    forest = game.place(FOREST, player="B")
    swamp = game.place(SWAMP, player="B")
    assert game.view(ids["urborg"]).subtypes == frozenset({"Mountain"})
    assert not game.view(ids["urborg"]).is_a("Creature")
    assert game.view(forest).subtypes == frozenset({"Forest"})
    assert not game.view(forest).is_a("Creature")
    assert game.view(swamp).is_a("Creature") and game.view(swamp).pt == (1, 1)


@pytest.mark.parametrize("seas_first", [True, False])
def test_613_8_living_lands_waits_for_spreading_seas(seas_first: bool) -> None:
    """Cards: Living Lands ("all Forests are 1/1 creatures"), a Forest enchanted by Spreading Seas
    ("enchanted land is an Island"), another Forest.
    CR 613.8a: the Seas changes what Living Lands applies to, so Living Lands applies after it in
    either order: the enchanted Forest is an Island and no creature; the other Forest is a 1/1."""
    game = Game()
    forest = game.place(FOREST, player="A")
    other = game.place(FOREST, player="A")
    if seas_first:
        game.place(SPREADING_SEAS, player="A", attached_to=forest)
        game.place(LIVING_LANDS, player="A")
    else:
        game.place(LIVING_LANDS, player="A")
        game.place(SPREADING_SEAS, player="A", attached_to=forest)
    assert game.view(forest).subtypes == frozenset({"Island"})
    assert not game.view(forest).is_a("Creature")
    assert game.view(other).is_a("Creature") and game.view(other).pt == (1, 1)


@pytest.mark.parametrize("seas_later", [True, False])
def test_613_7_blood_moon_and_spreading_seas_on_a_nonbasic_land_go_by_timestamp(seas_later: bool) -> None:
    """Cards: Blood Moon and Spreading Seas on Urborg (nonbasic).
    CR 613.7: neither changes what the other applies to (no dependency), so the later one wins:
    an Island if the Seas came later, else a Mountain."""
    game = Game()
    urborg = game.place(URBORG, player="A")
    if seas_later:
        game.place(BLOOD_MOON, player="B")
        game.place(SPREADING_SEAS, player="B", attached_to=urborg)
    else:
        game.place(SPREADING_SEAS, player="B", attached_to=urborg)
        game.place(BLOOD_MOON, player="B")
    assert game.view(urborg).subtypes == frozenset({"Island"} if seas_later else {"Mountain"})


def test_613_1d_urborg_and_yavimaya_make_every_land_a_swamp_and_a_forest() -> None:
    """Cards: Urborg, Yavimaya, a Mountain.
    CR 613.1d, 305.7 (added types): every land, Urborg and Yavimaya themselves included, is a
    Swamp and a Forest in addition to its own types."""
    game = Game()
    urborg = game.place(URBORG, player="A")
    yav = game.place(YAVIMAYA, player="A")
    mountain = game.place(MOUNTAIN, player="B")
    assert game.view(mountain).subtypes == frozenset({"Mountain", "Swamp", "Forest"})
    assert game.view(urborg).subtypes == frozenset({"Swamp", "Forest"})
    assert game.view(yav).subtypes == frozenset({"Swamp", "Forest"})


def _conspiracy(kind: str) -> StaticAbility:
    return StaticAbility(
        f"Creatures you control are {kind}s.", (becomes_creature_types(kind),), creatures(controller="you"))


def test_613_1_conspiracy_makes_bears_elves_for_an_elf_lord() -> None:
    """Cards: Conspiracy-like "creatures you control are Elves" (static), Elvish Archdruid ("other
    Elves you control get +1/+1"), Grizzly Bears.
    CR 613.1d then 613.4c: the Bears is an Elf in layer 4, so the lord's filter finds it in 7c: 3/3."""
    game = Game()
    game.place(card("Elf Conspiracy", "{3}{B}{B}", "Enchantment", _conspiracy("Elf")), player="A")
    game.place(ELF_LORD, player="A")
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    assert game.view(bear).subtypes == frozenset({"Elf"})
    assert game.view(bear).pt == (3, 3)
    assert game.view(ogre).pt == (2, 2)


def test_613_1b_stolen_creature_takes_the_thiefs_conspiracy_type() -> None:
    """Cards: A's Conspiracy ("creatures you control are Elves"), B's Gray Ogre; A's Control Magic on it.
    CR 613.1b before 613.1d: control changes in layer 2, so the Ogre is A's when layer 4 asks: an Elf."""
    game = Game()
    game.place(card("Elf Conspiracy", "{3}{B}{B}", "Enchantment", _conspiracy("Elf")), player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    assert game.view(ogre).subtypes == frozenset({"Ogre"})
    game.place(CONTROL_MAGIC, player="A", attached_to=ogre)
    assert game.view(ogre).controller == "A"
    assert game.view(ogre).subtypes == frozenset({"Elf"})


def test_ensoul_artifact_on_a_lattice_land_and_the_aura_falls_off_when_lattice_goes() -> None:
    """Cards: Mycosynth Lattice, a Forest, Ensoul Artifact on the Forest.  Then the Lattice is destroyed.
    CR 613.1d, 613.4b: the Forest is an artifact (Lattice), so Ensoul makes it a 5/5 artifact creature
    land; without the Lattice it is no artifact, the Aura is illegal and goes (704.5m, 303.4d), and
    the Forest is an ordinary land."""
    game = Game()
    lattice = game.place(LATTICE, player="A")
    forest = game.place(FOREST, player="A")
    ensoul = game.place(ENSOUL, player="A", attached_to=forest)
    v = game.view(forest)
    assert v.is_a("Creature") and v.is_a("Artifact") and v.is_a("Land") and v.pt == (5, 5)
    game.destroy(lattice)
    game.refresh_priority()
    assert game.current(ensoul).zone == Zone.GRAVEYARD
    assert not game.view(forest).is_a("Creature")


def test_ensoul_artifact_then_counter_and_giant_growth() -> None:
    """Cards: Sol Ring enchanted by Ensoul Artifact (base 5/5), a +1/+1 counter, then Giant Growth.
    CR 613.4b, 613.4c: the 5/5 is set in 7b, the counter and the +3/+3 apply in 7c: 9/9."""
    game = Game()
    ring = game.place(SOL_RING, player="A")
    game.place(ENSOUL, player="A", attached_to=ring)
    game.put_counters(ring, "+1/+1")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[ring])
    game.resolve_stack()
    assert game.view(ring).pt == (9, 9)


def test_613_1_cranial_plating_counts_lands_made_artifacts_by_lattice() -> None:
    """Cards: Mycosynth Lattice, Cranial Plating ("+1/+0 for each artifact you control") on Grizzly
    Bears, two Forests.  CR 613.1d before 613.4c: counted in 7c, the artifacts include the lands,
    the Bears, the Plating and the Lattice: 5 artifacts: 7/2."""
    game = Game()
    game.place(LATTICE, player="A")
    bear = game.place(BEARS, player="A")
    game.place(PLATING, player="A", attached_to=bear)
    game.place(FOREST, player="A")
    game.place(FOREST, player="A")
    assert game.view(bear).pt == (7, 2)


def test_613_4d_switch_made_earlier_still_applies_after_a_later_setting_effect() -> None:
    """Cards: Coral Merfolk (2/1) with a +1/+1 counter; a resolved "switch its power and toughness until
    end of turn"; then an Aura "enchanted creature has base P/T 0/3" (later).
    CR 613.4b-d: 7b (0/3), 7c (+1/+1: 1/4), 7d (switch: 4/1), whatever the timestamps."""
    wall_aura = card("Wall Curse", "{1}{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature has base power and toughness 0/3.", (base_pt(0, 3),), attached_to_this()))
    game = Game()
    m = game.place(MERFOLK, player="A")
    game.put_counters(m, "+1/+1")
    game.create_effect("switch", [switch_pt()], [m], UntilEndOfTurn())
    assert game.view(m).pt == (2, 3)
    game.place(wall_aura, player="A", attached_to=m)
    assert game.view(m).pt == (4, 1)


def test_quicksilver_gargantuan_copy_of_a_cda_creature_is_7_7() -> None:
    """Cards: a Tarmogoyf-like creature (CDA: P/T equal to the number of cards in all graveyards), and
    a Quicksilver Gargantuan-like Clone "as a copy except it's 7/7".
    CR 707.9d: the exception sets P/T, so the CDA defining them is not copied: 7/7 whatever the
    graveyards hold; the original counts them (2 cards: 2/2)."""
    from kb.engine import cards_in, defines_pt
    goyf = card("Graveyard Lurker", "{1}{G}", "Creature — Lhurgoyf", 0, 0, StaticAbility(
        "This creature's power and toughness are each equal to the number of cards in all graveyards.",
        (defines_pt(count(cards_in(Zone.GRAVEYARD)), count(cards_in(Zone.GRAVEYARD))),), this_object(),
        cda=True))
    from kb.engine.copies import except_it_is
    gargantuan = card("Quicksilver Gargantuan", "{5}{U}{U}", "Creature — Shapeshifter", 7, 7, StaticAbility(
        "You may have this enter as a copy of any creature on the battlefield, except it's 7/7.",
        replacements=(enters_as_copy(changes=except_it_is(power=7, toughness=7)),)))
    game = Game()
    g = game.place(goyf, player="A")
    game.place(BEARS, Zone.GRAVEYARD, "A")
    game.place(SHOCK, Zone.GRAVEYARD, "B")
    assert game.view(g).pt == (2, 2)
    game.choices.script(ChoiceKind.OBJECT, g, player="A")
    q = game.put_onto_battlefield(gargantuan, "A")
    assert q is not None
    assert game.view(q).name == "Graveyard Lurker"
    assert game.view(q).pt == (7, 7)


def test_clone_of_a_stolen_creature_is_controlled_by_the_clones_controller() -> None:
    """Cards: B's Grizzly Bears under A's Control Magic; B's Clone copies the Bears.
    CR 707.2: control is not a copiable value: B controls the Clone (a Grizzly Bears)."""
    from scenario_cards import CLONE
    game = Game()
    bear = game.place(BEARS, player="B")
    game.place(CONTROL_MAGIC, player="A", attached_to=bear)
    game.choices.script(ChoiceKind.OBJECT, bear, player="B")
    c = game.put_onto_battlefield(CLONE, "B")
    assert c is not None
    assert game.view(c).name == "Grizzly Bears" and game.view(c).controller == "B"


def test_humility_later_than_a_giant_growth_still_lets_the_growth_apply() -> None:
    """Cards: Grizzly Bears pumped by Giant Growth; then Humility enters.
    CR 613.4b before 613.4c: Humility's base 1/1 is 7b, the Growth's +3/+3 7c: 4/4 though Humility
    is later."""
    game = Game()
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[bear])
    game.resolve_stack()
    game.put_onto_battlefield(HUMILITY, "A")
    assert game.view(bear).pt == (4, 4)


def test_613_1e_static_colour_of_all_creatures_then_a_later_spell() -> None:
    """Cards: a static "all creatures are black"; a resolved "target creature becomes white until end of
    turn" on the Bears; the next turn.
    CR 613.7a-b in layer 5: the spell is later: white; when it ends the static's black again."""
    game = Game()
    game.place(card("Darkest Hour", "{B}", "Enchantment", StaticAbility(
        "All creatures are black.", (becomes_color("B"),), creatures())), player="B")
    bear = game.place(BEARS, player="A")
    assert game.view(bear).colors == frozenset({Color.BLACK})
    game.create_effect("becomes white", [becomes_color("W")], [bear], UntilEndOfTurn())
    assert game.view(bear).colors == frozenset({Color.WHITE})
    game.next_turn()
    assert game.view(bear).colors == frozenset({Color.BLACK})


def test_becomes_types_artifact_land_creature_loses_land_type_abilities() -> None:
    """Cards: a Forest made "an artifact creature with base P/T 2/2" (a becomes effect replacing its
    types, 205.1a) until end of turn.
    CR 205.1a, 305.7: it is no longer a land, so no Forest: it has no land types."""
    game = Game()
    forest = game.place(FOREST, player="A")
    game.create_effect("becomes a 2/2 artifact creature", [becomes_types("Artifact", "Creature"), base_pt(2, 2)],
                       [forest], UntilEndOfTurn())
    v = game.view(forest)
    assert v.is_a("Artifact") and v.is_a("Creature") and not v.is_a("Land")
    assert v.pt == (2, 2)


# --- 611: continuous effects -----------------------------------------------------------------

def test_611_2c_activated_pump_keeps_its_set_when_the_source_changes_controller() -> None:
    """Cards: A's lord with "{1}: creatures you control get +1/+1 until end of turn"; A's Bears; B's Ogre.
    A activates; then B gains control of the lord.
    CR 611.2c: the set was fixed at resolution: A's Bears keeps +1/+1, B's Ogre gets nothing; the
    lord itself (now B's) keeps its own."""
    lord = card("Rally Captain", "{2}{W}", "Creature — Human Soldier", 1, 1, ActivatedAbility(
        "{1}: Creatures you control get +1/+1 until end of turn.", cost("{1}"),
        lambda r: r.create_effect("+1/+1", [modify_pt(1, 1)], creatures(controller="you"), UntilEndOfTurn())))
    game = Game()
    cap = game.place(lord, player="A")
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.add_mana("A", "{1}")
    game.activate("A", cap)
    game.resolve_stack()
    assert game.view(bear).pt == (3, 3) and game.view(cap).pt == (2, 2)
    game.create_effect("B gains control", [gain_control()], [cap], Indefinite(), controller="B")
    assert game.view(cap).controller == "B"
    assert game.view(bear).pt == (3, 3)
    assert game.view(ogre).pt == (2, 2)
    assert game.view(cap).pt == (2, 2)


def test_611_2c_resolved_lose_flying_misses_a_flier_entering_later() -> None:
    """Cards: a resolved "all creatures lose flying until end of turn"; Wind Drake on the battlefield
    and a second Wind Drake entering afterwards.
    CR 611.2c: the first Drake loses flying; the later one keeps it."""
    from kb.engine.parts import lose
    game = Game()
    d1 = game.place(FLIER, player="A")
    game.create_effect("all creatures lose flying", [lose("flying")], creatures(), UntilEndOfTurn())
    d2 = game.put_onto_battlefield(FLIER, "A")
    assert d2 is not None
    assert not game.view(d1).has("flying")
    assert game.view(d2).has("flying")


def test_611_2b_until_your_next_turn_control_lasts_through_the_other_turns_of_three_players() -> None:
    """Cards: C's Gray Ogre; A gains control of it "until your next turn".
    CR 611.2b (durations), 500: the effect lasts through B's and C's turns and ends as A's next
    turn begins: C controls it again."""
    game = Game(["A", "B", "C"])
    ogre = game.place(GRAY_OGRE, player="C")
    game.create_effect("gain control until your next turn", [gain_control()], [ogre], UntilYourNextTurn("A"),
                       controller="A")
    assert game.view(ogre).controller == "A"
    game.next_turn()
    assert game.active == "B" and game.view(ogre).controller == "A"
    game.next_turn()
    assert game.active == "C" and game.view(ogre).controller == "A"
    game.next_turn()
    assert game.active == "A" and game.view(ogre).controller == "C"


def test_control_magic_stolen_gives_the_creature_to_the_auras_new_controller() -> None:
    """Cards: B's Gray Ogre enchanted by A's Control Magic; C gains control of the Control Magic.
    CR 613.1b, 611.3a: "you" in a static ability is its source's controller now: C controls the Ogre."""
    game = Game(["A", "B", "C"])
    ogre = game.place(GRAY_OGRE, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=ogre)
    assert game.view(ogre).controller == "A"
    game.create_effect("C gains control of the Aura", [gain_control()], [magic], Indefinite(), controller="C")
    assert game.view(magic).controller == "C"
    assert game.view(ogre).controller == "C"


def test_control_magic_leaving_returns_the_creature() -> None:
    """Cards: B's Gray Ogre enchanted by A's Control Magic; the Aura is destroyed.
    CR 611.3b: the static effect stops when its source leaves: B controls the Ogre again."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=ogre)
    assert game.view(ogre).controller == "A"
    game.destroy(magic)
    assert game.view(ogre).controller == "B"


def test_611_3_anthem_leaving_lets_damage_kill() -> None:
    """Cards: Glorious Anthem, Grizzly Bears (3/3) with 2 damage; the Anthem is destroyed.
    CR 611.3b, 704.5g: without the Anthem it is a 2/2 with 2 damage: it dies."""
    game = Game()
    anthem = game.place(ANTHEM, player="A")
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.deal_damage(ogre, bear, 2)
    game.refresh_priority()
    assert game.current(bear).zone == Zone.BATTLEFIELD
    game.destroy(anthem)
    game.refresh_priority()
    assert game.current(bear).zone == Zone.GRAVEYARD


def test_615_prevent_all_damage_to_a_creature_this_turn_lasts_the_turn_only() -> None:
    """Cards: a resolved "prevent all damage that would be dealt to target creature this turn" on the
    Bears; two damage events this turn; 3 damage the next turn.
    CR 615.1, 611.2a: the prevention lasts the turn: both prevented; next turn the Bears dies."""
    game = Game()
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("prevent all damage to it this turn", (), (), UntilEndOfTurn(),
                       replacements=[prevent_damage(to=bear)])
    assert game.deal_damage(ogre, bear, 3) == 0
    assert game.deal_damage(ogre, bear, 5) == 0
    game.refresh_priority()
    assert game.current(bear).zone == Zone.BATTLEFIELD
    game.next_turn()
    assert game.deal_damage(ogre, bear, 3) == 3
    game.refresh_priority()
    assert game.current(bear).zone == Zone.GRAVEYARD


def test_614_if_it_would_die_this_turn_exile_it_instead_ends_and_skips_a_new_object() -> None:
    """Cards: a resolved "if target creature would die this turn, exile it instead" on the Bears
    (Magma Spray-like); the Bears is destroyed.  A second Bears under the same kind of effect is
    flickered first (exiled and returned), then destroyed.
    CR 614.1a: the first is exiled; CR 400.7: the returned Bears is a new object the effect doesn't
    know: it goes to the graveyard."""
    def exile_instead(target: ObjectId) -> Replacement:
        return Replacement("if it would die this turn, exile it instead", Move,
                           lambda c, m: m.object_id == target and m.to_zone == Zone.GRAVEYARD,
                           lambda c, m: Move(m.object_id, Zone.EXILE, m.cause))
    game = Game()
    bear = game.place(BEARS, player="A")
    other = game.place(BEARS, player="A")
    game.create_effect("exile instead", (), (), UntilEndOfTurn(), replacements=[exile_instead(bear.id)])
    game.create_effect("exile instead", (), (), UntilEndOfTurn(), replacements=[exile_instead(other.id)])
    game.destroy(bear)
    assert game.current(bear).zone == Zone.EXILE
    exiled = game.exile(other)[0]
    assert exiled is not None
    back = game.move(exiled, Zone.BATTLEFIELD)
    assert back is not None
    game.destroy(back)
    assert game.current(back).zone == Zone.GRAVEYARD


def test_prevent_damage_to_you_until_your_next_turn_covers_the_opponents_turn() -> None:
    """Cards: a resolved "prevent all damage that would be dealt to you until your next turn" (A);
    B's Gray Ogre deals damage to A in B's turn; then in A's next turn.
    CR 611.2b: the shield lasts through B's turn and ends as A's turn begins."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("prevent all damage to you", (), (), UntilYourNextTurn("A"),
                       replacements=[prevent_damage(to="A")])
    game.next_turn()
    assert game.active == "B"
    assert game.deal_damage(ogre, "A", 2) == 0
    assert game.players["A"].life == 20
    game.next_turn()
    assert game.deal_damage(ogre, "A", 2) == 2
    assert game.players["A"].life == 18


def test_101_2_cant_block_beats_can_block_an_additional_creature() -> None:
    """Cards: B's Gray Ogre under "can block an additional creature each combat" and "can't block"
    (both static); A attacks with two Bears.
    CR 101.2: "can't" wins: the block is refused."""
    game = Game()
    a1 = game.place(BEARS, player="A")
    a2 = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("can block an additional creature", (), (), Indefinite(),
                       rules=[CanBlockAdditional(only(ogre.id), 1)])
    game.create_effect("can't block", (), (), UntilEndOfTurn(), rules=[CantBlock(only(ogre.id))])
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([a1, a2])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({ogre: [a1, a2]})


def test_101_2_cant_cast_from_graveyards_beats_a_permission_to() -> None:
    """Cards: A may cast instants from their graveyard (Yawgmoth's Will-like); a static "players can't
    cast spells from graveyards" (Grafdigger's Cage-like); Shock in A's graveyard.
    CR 101.2: the "can't" wins: casting it is refused; without the Cage it is allowed."""
    game = Game()
    bolt = game.place(card("Spark", "{R}", "Instant", spell=SpellAbility(
        "Spark deals 1 damage to target creature.", lambda r: None, (target_creature(),))), Zone.GRAVEYARD, "A")
    bear = game.place(BEARS, player="B")
    game.create_effect("may cast instants from your graveyard", (), (), UntilEndOfTurn(), rules=[
        CastPermission(where("instant card", lambda ctx, c: c.is_a("Instant"), zones=[Zone.GRAVEYARD]),
                       zone=Zone.GRAVEYARD)], controller="A")
    cage = game.place(card("Grafdigger's Cage", "{1}", "Artifact", StaticAbility(
        "Players can't cast spells from graveyards.",
        rules=(CantCast(spells(), from_zones=frozenset({Zone.GRAVEYARD})),))),
        player="B")
    game.add_mana("A", "{R}")
    with pytest.raises(IllegalAction):
        game.cast("A", bolt, targets=[bear])
    game.destroy(cage)
    game.cast("A", bolt, targets=[bear])


def test_101_2_cant_be_countered_beats_a_counter() -> None:
    """Cards: a static "green spells you cast can't be countered"; A casts Grizzly Bears; B counters it.
    CR 101.2: the Bears isn't countered and resolves."""
    game = Game()
    game.place(card("Vexing Shusher", "{R/G}", "Creature — Goblin Shaman", 2, 2, StaticAbility(
        "Green spells you cast can't be countered.", rules=(CantBeCountered(spells(colors=["G"])),))),
        player="A")
    b = game.place(BEARS, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    sid = game.cast("A", b)
    assert not game.counter(sid)
    game.resolve_stack()
    assert game.current(b).zone == Zone.BATTLEFIELD


def test_101_2_cant_gain_life_beats_lifelink() -> None:
    """Cards: a static "players can't gain life" (Sulfuric Vortex-like); A's lifelink creature deals
    damage.  CR 101.2, 119.7: A gains no life."""
    game = Game()
    game.place(card("Sulfuric Vortex", "{1}{R}{R}", "Enchantment", StaticAbility(
        "Players can't gain life.", rules=(CantGainLife(players="any"),))), player="B")
    linker = game.place(card("Vampire Nighthawk", "{1}{B}{B}", "Creature — Vampire", 2, 3, "lifelink"), player="A")
    game.deal_damage(linker, "B", 2)
    assert game.players["B"].life == 18
    assert game.players["A"].life == 20


def test_101_2_example_cant_play_lands_beats_an_additional_land() -> None:
    """Cards: "you may play an additional land this turn" and "you can't play lands this turn" (A).
    CR 101.2's example: the effect that precludes playing lands wins: A can't play a Forest."""
    game = Game()
    f = game.place(FOREST, Zone.HAND, "A")
    game.create_effect("additional land", (), (), UntilEndOfTurn(), rules=[ExtraLandPlays(1)], controller="A")
    game.create_effect("can't play lands", (), (), UntilEndOfTurn(), rules=[CantPlayLands()], controller="A")
    with pytest.raises(IllegalAction):
        game.play_land("A", f)


def test_502_3_frost_breath_doesnt_untap_during_its_controllers_next_untap_step() -> None:
    """Cards: B's tapped Gray Ogre; a resolved (A's turn) "it doesn't untap during its controller's next
    untap step" (Frost Breath-like).
    CR 502.3: in B's next untap step it stays tapped; in B's following untap step it untaps."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B", tapped=True)
    game.create_effect("doesn't untap during its controller's next untap step", (), (),
                       during_next_step(game, Step.UNTAP, "B"), rules=[DoesntUntap(only(ogre))])
    game.next_turn()
    assert game.active == "B" and game.view(ogre).tapped
    game.next_turn()
    game.next_turn()
    assert game.active == "B" and not game.view(ogre).tapped


def test_500_4_until_next_untap_step_ends_before_the_untap_so_it_keeps_nothing_tapped() -> None:
    """The contrast: "until [B's] next untap step" ends as that step begins (500.4), before its
    untap turn-based action (502.3): the Ogre untaps.  A doesn't-untap effect needs
    ``during_next_step`` (above)."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B", tapped=True)
    game.create_effect("until B's next untap step", (), (), UntilNextStep(Step.UNTAP, "B"),
                       rules=[DoesntUntap(only(ogre))], controller="A")
    game.next_turn()
    assert game.active == "B" and not game.view(ogre).tapped


def test_500_4_during_next_upkeep_made_in_an_upkeep_lasts_through_the_next_one() -> None:
    """An effect "during your next upkeep" made during A's upkeep lasts through A's following upkeep,
    not the current one (500.4)."""
    from kb.engine import ForAsLongAs
    game = Game(step=Step.UNTAP)
    game.advance_to(Step.UPKEEP)
    duration = during_next_step(game, Step.UPKEEP, "A")
    assert isinstance(duration, ForAsLongAs)
    game.advance_to(Step.DRAW)
    assert duration.holds(game)
    game.next_turn()  # B's turn
    assert duration.holds(game)
    game.advance_to(Step.UPKEEP, "A")
    assert game.turn == 3 and duration.holds(game)
    game.advance_to(Step.DRAW)
    assert not duration.holds(game)


def test_601_2f_increases_then_reductions_and_no_colored_reduction() -> None:
    """Cards: Thalia ("noncreature spells cost {1} more"), a static "instant spells you cast cost {2}
    less" (A); A casts Spark ({R}) with {R} only.
    CR 601.2f: the total is {R}+{1}-{2}: the reduction takes the {1} and can't reduce {R}: {R}."""
    game = Game()
    game.place(THALIA, player="B")
    game.place(card("Instant Discount", "{1}{U}", "Enchantment", StaticAbility(
        "Instant spells you cast cost {2} less.", rules=(CostChange(spells("Instant"), -2, players="you"),))),
        player="A")
    spark = game.place(card("Spark", "{R}", "Instant", spell=SpellAbility(
        "Spark deals 1 damage to target creature.", lambda r: None, (target_creature(),))), Zone.HAND, "A")
    bear = game.place(BEARS, player="B")
    game.add_mana("A", "{R}")
    game.cast("A", spark, targets=[bear])  # {R} was enough


def test_cost_increase_follows_its_sources_controller() -> None:
    """Cards: B's static "spells your opponents cast cost {1} more" (Thalia's Lieutenant-like
    Vryn Wingmare?: Glowrider-like for opponents); A casts Shock-like Spark with {R} only: refused;
    then A gains control of the source: A's spell costs {R}, B's would cost more.
    CR 611.3a, 109.5: "your opponents" is judged from its controller now."""
    taxer = card("Gaddock Tax", "{2}{W}", "Enchantment", StaticAbility(
        "Spells your opponents cast cost {1} more to cast.",
        rules=(CostChange(spells(), 1, players="opponent"),)))
    spark = card("Spark", "{R}", "Instant", spell=SpellAbility(
        "Spark deals 1 damage to target creature.", lambda r: None, (target_creature(),)))
    game = Game()
    t = game.place(taxer, player="B")
    s = game.place(spark, Zone.HAND, "A")
    bear = game.place(BEARS, player="B")
    game.add_mana("A", "{R}")
    with pytest.raises(IllegalAction):
        game.cast("A", s, targets=[bear])
    game.create_effect("gain control", [gain_control()], [t], Indefinite(), controller="A")
    game.cast("A", s, targets=[bear])


def test_400_7_stolen_creature_flickered_returns_under_its_owner() -> None:
    """Cards: B's Gray Ogre, stolen by A with a resolved "gain control of target creature" (no duration);
    then it is exiled and returned to the battlefield ("under its owner's control").
    CR 400.7, 611.2c: the returned Ogre is a new object the control effect doesn't know: B's."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("gain control", [gain_control()], [ogre], Indefinite(), controller="A")
    assert game.view(ogre).controller == "A"
    exiled = game.exile(ogre)[0]
    assert exiled is not None
    back = game.move(exiled, Zone.BATTLEFIELD)
    assert back is not None
    assert game.view(back).controller == "B"


def test_400_7_flickered_creature_loses_aura_counters_and_pump() -> None:
    """Cards: Grizzly Bears with a +1/+1 counter, Giant Growth's +3/+3 and an Aura "enchanted creature
    is blue"; it is exiled and returned.
    CR 400.7: a new object: 2/2, green, no counter; the Aura is put into the graveyard (704.5m)."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.put_counters(bear, "+1/+1")
    aura = game.place(BLUE_AURA, player="A", attached_to=bear)
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bear], UntilEndOfTurn())
    assert game.view(bear).pt == (6, 6)
    exiled = game.exile(bear)[0]
    assert exiled is not None
    back = game.move(exiled, Zone.BATTLEFIELD)
    assert back is not None
    game.refresh_priority()
    v = game.view(back)
    assert v.pt == (2, 2) and v.colors == frozenset({Color.GREEN}) and not v.counters
    assert game.current(aura).zone == Zone.GRAVEYARD


def test_611_2c_resolved_effect_on_a_creature_spell_does_not_follow_it_onto_the_battlefield() -> None:
    """Cards: a resolved "target creature gets +2/+2 until end of turn" (on the Bears); the Bears is
    returned to A's hand and cast again.
    CR 400.7: the permanent is a new object: 2/2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [bear], UntilEndOfTurn())
    card_in_hand = game.move(bear, Zone.HAND)
    assert card_in_hand is not None
    game.add_mana("A", "{1}{G}")
    sid = game.cast("A", card_in_hand)
    game.resolve_stack()
    assert game.view(game.current(sid)).pt == (2, 2)


def test_611_2_effect_naming_a_source_keeps_its_controller_after_the_source_is_stolen() -> None:
    """Cards: A's artifact with "{T}: gain control of target creature for as long as you control this
    artifact"; B's Ogre; A activates; then C gains control of the artifact.
    CR 611.2b: "you" is A (the ability's controller), so the duration ends when A loses the artifact:
    B's again, not C's."""
    from kb.engine import while_controls
    rod = card("Rod of Rule", "{4}", "Artifact", ActivatedAbility(
        "{T}: Gain control of target creature for as long as you control this artifact.", cost("{T}"),
        lambda r: r.create_effect("gain control", [gain_control()], r.targets(0),
                                  while_controls(r.controller, _source(r))),
        (target_creature(),)))
    game = Game(["A", "B", "C"])
    r = game.place(rod, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.activate("A", r, targets=[ogre])
    game.resolve_stack()
    assert game.view(ogre).controller == "A"
    game.create_effect("C gains control of the rod", [gain_control()], [r], Indefinite(), controller="C")
    assert game.view(r).controller == "C"
    assert game.view(ogre).controller == "B"


def test_611_3a_static_effect_follows_a_creature_that_becomes_an_elf() -> None:
    """Cards: Elvish Archdruid ("other Elves you control get +1/+1"), Grizzly Bears; a resolved "target
    creature becomes an Elf until end of turn" on the Bears; the next turn.
    CR 611.3a: the lord's set is determined afresh: 3/3 this turn, 2/2 the next."""
    game = Game()
    game.place(ELF_LORD, player="A")
    bear = game.place(BEARS, player="A")
    game.create_effect("becomes an Elf", [becomes_creature_types("Elf")], [bear], UntilEndOfTurn())
    assert game.view(bear).pt == (3, 3)
    game.next_turn()
    assert game.view(bear).pt == (2, 2)


def test_611_2c_resolved_gain_ability_for_creatures_you_control_misses_a_later_creature() -> None:
    """Cards: a resolved "creatures you control gain flying until end of turn" (A); a Bears entering
    afterwards.  CR 611.2c: only those A controlled as it resolved fly."""
    game = Game()
    b1 = game.place(BEARS, player="A")
    game.create_effect("creatures you control gain flying", [gain("flying")], creatures(controller="you"),
                       UntilEndOfTurn(), controller="A")
    b2 = game.put_onto_battlefield(BEARS, "A")
    assert b2 is not None
    assert game.view(b1).has("flying")
    assert not game.view(b2).has("flying")


def test_613_1f_lose_all_abilities_removes_a_granted_ability_from_an_earlier_effect() -> None:
    """Cards: an Equipment-like static "equipped creature has flying" on Grizzly Bears, then a resolved
    "target creature loses all abilities until end of turn".
    CR 613.1f, 613.7: in layer 6 the later removal wins: no flying; next turn, flying again."""
    wings = card("Wings", "{1}", "Artifact — Equipment", StaticAbility(
        "Equipped creature has flying.", (gain("flying"),), attached_to_this()), "equip {1}")
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(wings, player="A", attached_to=bear)
    assert game.view(bear).has("flying")
    game.create_effect("loses all abilities", [lose_all_abilities()], [bear], UntilEndOfTurn())
    assert not game.view(bear).has("flying")
    game.next_turn()
    assert game.view(bear).has("flying")


def test_doesnt_untap_static_stops_when_its_source_leaves() -> None:
    """Cards: A's static "creatures your opponents control don't untap during their controllers' untap
    steps"; B's tapped Ogre; B's untap step; then A's static leaves and B's next untap step.
    CR 502.3, 611.3b: tapped after the first; untapped after the second."""
    game = Game()
    frost = game.place(card("Frozen Field", "{2}{U}", "Enchantment", StaticAbility(
        "Creatures your opponents control don't untap during their controllers' untap steps.",
        rules=(DoesntUntap(creatures(controller="opponent")),))), player="A")
    ogre = game.place(GRAY_OGRE, player="B", tapped=True)
    game.next_turn()
    assert game.active == "B" and game.view(ogre).tapped
    game.destroy(frost)
    game.next_turn()
    game.next_turn()
    assert not game.view(ogre).tapped


def test_613_1b_control_of_all_elves_looks_at_types_before_layer_4() -> None:
    """Cards: A's static "you control all Elves" (Elvish Hegemon-like control, layer 2); B's Conspiracy
    "creatures you control are Elves" (layer 4); B's Grizzly Bears and B's Llanowar Elves.
    CR 613.1b before 613.1d, 613.6: the control effect's set is determined in layer 2, when the Bears
    is still a Bear: A controls the printed Elf only; the Bears stays B's (and is an Elf)."""
    game = Game()
    game.place(card("Elf Magnet", "{3}{U}{U}", "Enchantment", StaticAbility(
        "You control all Elves.", (gain_control(),), creatures(subtypes=["Elf"]))), player="A")
    game.place(card("Elf Conspiracy", "{3}{B}{B}", "Enchantment", _conspiracy("Elf")), player="B")
    bear = game.place(BEARS, player="B")
    elf = game.place(ELVES, player="B")
    assert game.view(elf).controller == "A"
    assert game.view(bear).controller == "B"
    assert game.view(bear).subtypes == frozenset({"Elf"})


def test_613_4d_switching_a_cda_creature() -> None:
    """Cards: a Tarmogoyf-like creature whose CDA makes it */1+* (cards in all graveyards: 2), switched
    by a resolved effect.  CR 613.4a then 613.4d: 2/3 switched: 3/2."""
    from kb.engine import cards_in, defines_pt
    n = count(cards_in(Zone.GRAVEYARD))
    goyf = card("Graveyard Lurker", "{1}{G}", "Creature — Lhurgoyf", 0, 1, StaticAbility(
        "This creature's power is equal to the number of cards in all graveyards and its toughness is "
        "equal to that number plus 1.",
        (defines_pt(n, where_plus_one(n)),), this_object(), cda=True))
    game = Game()
    g = game.place(goyf, player="A")
    game.place(BEARS, Zone.GRAVEYARD, "A")
    game.place(SHOCK, Zone.GRAVEYARD, "B")
    assert game.view(g).pt == (2, 3)
    game.create_effect("switch", [switch_pt()], [g], UntilEndOfTurn())
    assert game.view(g).pt == (3, 2)


def where_plus_one(n: Number) -> Number:
    """"That number plus 1" (Tarmogoyf's toughness)."""
    return Number(f"{n.text} plus 1", lambda ctx: n.value(ctx) + 1, n.reads)


def test_611_2c_resolved_forests_become_creatures_keeps_its_set() -> None:
    """Cards: a resolved "all Forests become 1/1 creatures until end of turn" with two Forests; then
    Spreading Seas on one of them and a third Forest entering.
    CR 611.2c: the set was fixed at resolution: the Island-ed Forest is still a 1/1 creature; the new
    Forest isn't a creature."""
    game = Game()
    f1 = game.place(FOREST, player="A")
    f2 = game.place(FOREST, player="A")
    game.create_effect("Forests become 1/1 creatures", [add_types("Creature"), base_pt(1, 1)],
                       lands(subtypes=["Forest"]), UntilEndOfTurn())
    game.place(SPREADING_SEAS, player="B", attached_to=f1)
    f3 = game.put_onto_battlefield(FOREST, "A")
    assert f3 is not None
    assert game.view(f1).subtypes == frozenset({"Island"})
    assert game.view(f1).is_a("Creature") and game.view(f1).pt == (1, 1)
    assert game.view(f2).is_a("Creature")
    assert not game.view(f3).is_a("Creature")


def test_613_1_seventh_layer_filter_sees_abilities_from_layer_6() -> None:
    """Cards: a static "creatures without flying get -1/-1" (7c); Grizzly Bears; then a resolved "target
    creature gains flying until end of turn" on the Bears.
    CR 613.1f before 613.4c: the Bears has flying when 7c looks: 2/2 (1/1 before)."""
    game = Game()
    game.place(card("Gale Curse", "{1}{B}", "Enchantment", StaticAbility(
        "Creatures without flying get -1/-1.", (modify_pt(-1, -1),),
        where("creature without flying", lambda ctx, c: c.is_a("Creature") and not c.has("flying"))),
    ), player="B")
    bear = game.place(BEARS, player="A")
    assert game.view(bear).pt == (1, 1)
    game.create_effect("gains flying", [gain("flying")], [bear], UntilEndOfTurn())
    assert game.view(bear).pt == (2, 2)


# --- traps: an argument that named an object by itself, not its id, was silently ignored ---------

def test_611_2b_for_as_long_as_naming_the_source_object_itself_steals_and_gives_back() -> None:
    """Cards: Sower of Temptation-like A's Faerie; a resolved "gain control of target creature for as long
    as [the Faerie] remains on the battlefield", the duration naming the Faerie object (not its id);
    B's Ogre.  Then the Faerie dies.
    CR 611.2b: A controls the Ogre while the Faerie remains; then B.  (The object was compared with
    ids, so the duration never held and the effect did nothing, 611.2b's "never began".)"""
    from kb.engine import while_on_battlefield
    game = Game()
    faerie = game.place(card("Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard", 2, 2, "flying"),
                        player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("gain control", [gain_control()], [ogre], while_on_battlefield(faerie), controller="A")
    assert game.view(ogre).controller == "A"
    game.destroy(faerie)
    assert game.view(ogre).controller == "B"


def test_611_2b_for_as_long_as_you_control_naming_the_object_itself() -> None:
    """As above with "for as long as you control [the Faerie]" (Master Thief-like), named by the object."""
    from kb.engine import while_controls
    game = Game()
    faerie = game.place(card("Master Thief", "{2}{U}{U}", "Creature — Human Rogue", 2, 2), player="A")
    ring = game.place(SOL_RING, player="B")
    game.create_effect("gain control", [gain_control()], [ring], while_controls("A", faerie), controller="A")
    assert game.view(ring).controller == "A"
    game.create_effect("B steals the Thief", [gain_control()], [faerie], Indefinite(), controller="B")
    assert game.view(ring).controller == "B"


def test_until_leaves_and_only_naming_objects_themselves() -> None:
    """Cards: a resolved "+1/+1 until [the Ogre] leaves the battlefield" on the Bears, given as
    ``only(bear)`` and ``UntilLeaves(ogre)`` with the objects themselves.
    CR 611.2b: 3/3 while the Ogre remains, 2/2 once it is destroyed."""
    from kb.engine import UntilLeaves
    game = Game()
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("+1/+1", [modify_pt(1, 1)], only(bear),
                       UntilLeaves(ogre))
    assert game.view(bear).pt == (3, 3)
    game.destroy(ogre)
    assert game.view(bear).pt == (2, 2)


def test_615_prevention_from_a_source_named_by_the_object_itself() -> None:
    """Cards: a resolved "prevent all damage [the Ogre] would deal this turn" naming the Ogre object.
    CR 615.1a: its 3 damage to the Bears is prevented."""
    game = Game()
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("prevent damage from the Ogre", (), (), UntilEndOfTurn(),
                       replacements=[prevent_damage(source=ogre)])
    assert game.deal_damage(ogre, bear, 3) == 0


def test_an_object_argument_that_is_neither_object_nor_id_is_refused() -> None:
    """A name where an object was wanted is bad input, named as such, not an effect that does nothing."""
    from kb.engine import ScenarioError, UntilLeaves
    with pytest.raises(ScenarioError, match="only"):
        only("Grizzly Bears")  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="UntilLeaves"):
        UntilLeaves("Gray Ogre")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", ["opponents", "each", "Players"])
def test_109_5_a_players_word_the_model_does_not_know_is_refused(players: str) -> None:
    """Cards: a static "[players] can't gain life" written with a word other than "any", "you",
    "opponent" or a player's name.  CR 109.5, 119.7: it used to match no player, so the rule silently
    did nothing (B gained life); it is bad input, named."""
    from kb.engine import ScenarioError
    game = Game()
    game.place(card("Sulfuric Vortex", "{1}{R}{R}", "Enchantment", StaticAbility(
        "Players can't gain life.", rules=(CantGainLife(players=players),))), player="A")
    with pytest.raises(ScenarioError, match="players="):
        game.gain_life("B", 3)


def test_119_7_opponents_cant_gain_life_spares_its_controller() -> None:
    """Cards: A's static "your opponents can't gain life" (players="opponent").
    CR 119.7: B gains nothing; A gains 3."""
    game = Game()
    game.place(card("Rampaging Ferocidon", "{2}{R}", "Creature — Dinosaur", 3, 3, StaticAbility(
        "Your opponents can't gain life.", rules=(CantGainLife(players="opponent"),))), player="A")
    game.gain_life("B", 3)
    game.gain_life("A", 3)
    assert game.players["B"].life == 20 and game.players["A"].life == 23


def test_601_2e_cant_cast_with_a_filter_that_never_looks_at_the_stack_is_refused() -> None:
    """A CantCast written with ``where(…)`` (which looks at the battlefield by default) or with the
    graveyard as its zone never matched a spell, which is judged on the stack (601.2e): "players can't
    cast spells from graveyards" silently forbade nothing.  It is refused, naming ``from_zones``."""
    from kb.engine import ScenarioError
    with pytest.raises(ScenarioError, match="from_zones"):
        CantCast(where("spell from a graveyard", lambda ctx, c: True, zones=[Zone.GRAVEYARD]))
    with pytest.raises(ScenarioError, match=r"601\.2e"):
        CantCast(where("red spell", lambda ctx, c: Color.RED in c.colors))


def test_601_2e_cant_cast_spells_from_graveyards_leaves_the_hand_alone() -> None:
    """Cards: Grafdigger's Cage-like "players can't cast spells from graveyards"; Spark in A's hand.
    CR 601.2e: casting it from the hand is allowed."""
    game = Game()
    game.place(card("Grafdigger's Cage", "{1}", "Artifact", StaticAbility(
        "Players can't cast spells from graveyards.",
        rules=(CantCast(spells(), from_zones=frozenset({Zone.GRAVEYARD})),))), player="B")
    spark = game.place(card("Spark", "{R}", "Instant", spell=SpellAbility(
        "Spark deals 1 damage to target creature.", lambda r: None, (target_creature(),))), Zone.HAND, "A")
    bear = game.place(BEARS, player="B")
    game.add_mana("A", "{R}")
    game.cast("A", spark, targets=[bear])


def test_610_3_banisher_priest_exiles_until_it_leaves_and_the_creature_returns_as_a_new_object() -> None:
    """Cards: A's Banisher Priest-like creature exiles B's Gray Ogre (pumped +2/+2 until end of turn)
    "until this creature leaves the battlefield"; then the Priest is destroyed.
    CR 610.3, 610.3c, 400.7: the Ogre returns under B's control as a new object: a 2/2, unpumped."""
    game = Game()
    priest = game.place(card("Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric", 2, 2), player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [ogre], UntilEndOfTurn())
    exiled = game.exile(ogre, until_leaves=priest)
    assert exiled[0] is not None and exiled[0].zone == Zone.EXILE
    game.destroy(priest)
    back = game.current(exiled[0])
    assert back.zone == Zone.BATTLEFIELD
    assert game.view(back).controller == "B" and game.view(back).pt == (2, 2)


# --- more: copies in layer 1, the 613.9 examples, control by exchange and by a resolved "all" ---------

def test_613_9_example_white_creatures_get_plus_one_and_an_aura_making_it_white() -> None:
    """Cards: a static "white creatures get +1/+1" (Crusade); Grizzly Bears; an Aura "enchanted creature
    is white" on it.  CR 613.9 (second example): the Bears gets +1/+1 whatever its previous colour:
    3/3, in both orders of the two."""
    crusade = card("Crusade", "{W}{W}", "Enchantment", StaticAbility(
        "White creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors=["W"])))
    white_aura = card("White Aura", "{W}", "Enchantment — Aura", "enchant creature",
                      StaticAbility("Enchanted creature is white.", (becomes_color("W"),), attached_to_this()))
    for crusade_first in (True, False):
        game = Game()
        bear = game.place(BEARS, player="A")
        if crusade_first:
            game.place(crusade, player="B")
            game.place(white_aura, player="A", attached_to=bear)
        else:
            game.place(white_aura, player="A", attached_to=bear)
            game.place(crusade, player="B")
        assert game.view(bear).pt == (3, 3), crusade_first


def test_613_9_example_has_flying_and_loses_flying_from_a_static_and_a_later_spell() -> None:
    """Cards: an Aura "enchanted creature has flying" on the Bears, then a static "all creatures lose
    flying" entering later, then a resolved "target creature gains flying until end of turn".
    CR 613.9 (first example): timestamp order: no flying after the static; flying after the spell;
    no flying again the next turn."""
    from kb.engine.parts import lose
    wings = card("Wings Aura", "{U}", "Enchantment — Aura", "enchant creature",
                 StaticAbility("Enchanted creature has flying.", (gain("flying"),), attached_to_this()))
    grounding = card("Gravity Field", "{1}{G}", "Enchantment", StaticAbility(
        "All creatures lose flying.", (lose("flying"),), creatures()))
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(wings, player="A", attached_to=bear)
    assert game.view(bear).has("flying")
    game.put_onto_battlefield(grounding, "B")
    assert not game.view(bear).has("flying")
    game.create_effect("gains flying", [gain("flying")], [bear], UntilEndOfTurn())
    assert game.view(bear).has("flying")
    game.next_turn()
    assert not game.view(bear).has("flying")


def test_613_2_becomes_a_copy_until_end_of_turn_then_reverts() -> None:
    """Cards: Grizzly Bears becomes a copy of Gray Ogre until end of turn (Cytoshape-like); it has a
    +1/+1 counter.  CR 613.2a, 707.2: a Gray Ogre 3/3 (counter kept); next turn Grizzly Bears 3/3."""
    from kb.engine import copy_of
    game = Game()
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.put_counters(bear, "+1/+1")
    game.create_effect("becomes a copy", [copy_of(game, ogre)], [bear], UntilEndOfTurn())
    assert game.view(bear).name == "Gray Ogre" and game.view(bear).pt == (3, 3)
    assert game.view(bear).subtypes == frozenset({"Ogre"})
    game.next_turn()
    assert game.view(bear).name == "Grizzly Bears" and game.view(bear).pt == (3, 3)


def test_613_2_two_copy_effects_the_later_wins_and_the_earlier_shows_when_it_ends() -> None:
    """Cards: Grizzly Bears becomes a copy of Coral Merfolk (no duration), then of Gray Ogre until end of
    turn.  CR 613.2a, 613.7b: the later copy effect wins (Gray Ogre); when it ends: Coral Merfolk."""
    from kb.engine import copy_of
    game = Game()
    bear = game.place(BEARS, player="A")
    merfolk = game.place(MERFOLK, player="B")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("becomes a copy of the Merfolk", [copy_of(game, merfolk)], [bear], Indefinite())
    game.create_effect("becomes a copy of the Ogre", [copy_of(game, ogre)], [bear], UntilEndOfTurn())
    assert game.view(bear).name == "Gray Ogre"
    game.next_turn()
    assert game.view(bear).name == "Coral Merfolk" and game.view(bear).pt == (2, 1)


def test_707_2_copy_of_an_enchanted_creature_copies_no_granted_ability_or_pump() -> None:
    """Cards: Gray Ogre with an Aura "enchanted creature has flying" and Giant Growth; Clone copies it.
    CR 707.2: only copiable values: the Clone is a 2/2 Gray Ogre without flying."""
    from scenario_cards import CLONE
    wings = card("Wings Aura", "{U}", "Enchantment — Aura", "enchant creature",
                 StaticAbility("Enchanted creature has flying.", (gain("flying"),), attached_to_this()))
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B")
    game.place(wings, player="B", attached_to=ogre)
    game.create_effect("+3/+3", [modify_pt(3, 3)], [ogre], UntilEndOfTurn())
    game.choices.script(ChoiceKind.OBJECT, ogre, player="A")
    c = game.put_onto_battlefield(CLONE, "A")
    assert c is not None
    v = game.view(c)
    assert v.name == "Gray Ogre" and v.pt == (2, 2) and not v.has("flying")


def test_701_12b_exchange_of_control_then_one_leaves() -> None:
    """Cards: A's Grizzly Bears and B's Gray Ogre; A exchanges control of them (Switcheroo).
    CR 701.12b: A controls the Ogre and B the Bears; the exchange lasts (no duration)."""
    from kb.engine.keyword_actions import exchange_control
    game = Game()
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    assert exchange_control(game, bear.id, ogre.id, None, "A")
    assert game.view(ogre).controller == "A" and game.view(bear).controller == "B"
    game.next_turn()
    game.next_turn()
    assert game.view(ogre).controller == "A" and game.view(bear).controller == "B"


def test_611_2c_gain_control_of_all_creatures_misses_one_entering_later() -> None:
    """Cards: a resolved "gain control of all creatures target player controls until end of turn"
    (Insurrection-like, A targeting B); B's Ogre; then B's Merfolk enters.
    CR 611.2c: the Ogre is A's, the Merfolk stays B's; next turn the Ogre is B's again."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("gain control of B's creatures", [gain_control()], creatures(controller="B"),
                       UntilEndOfTurn(), controller="A")
    m = game.put_onto_battlefield(MERFOLK, "B")
    assert m is not None
    assert game.view(ogre).controller == "A" and game.view(m).controller == "B"
    game.next_turn()
    assert game.view(ogre).controller == "B"


def test_conspiracy_with_a_chosen_type_reaches_creature_cards_in_hand() -> None:
    """Cards: Conspiracy ("as this enters, choose a creature type; creatures you control are the chosen
    type; the same is true for creature cards you own that aren't on the battlefield"), choosing Elf;
    Grizzly Bears in A's hand and in B's hand.
    CR 613.1d: A's card in hand is an Elf, B's isn't."""
    from kb.engine import as_enters_choose, cards_in
    conspiracy = card("Conspiracy", "{3}{B}{B}", "Enchantment",
                      StaticAbility("As this enters, choose a creature type.", replacements=(as_enters_choose(
                          ChoiceKind.CREATURE_TYPE, lambda g: ("Elf", "Goblin"), "type",
                          "As this enters, choose a creature type."),)),
                      StaticAbility("Creatures you control and creature cards you own that aren't on the battlefield "
                                    "are the chosen type.", (becomes_creature_types(chosen="type"),),
                                    creatures(controller="you") | cards_in(Zone.HAND, "Creature", owner="you")))
    game = Game()
    game.place(conspiracy, player="A", chosen={"type": "Elf"})
    mine = game.place(BEARS, Zone.HAND, "A")
    theirs = game.place(BEARS, Zone.HAND, "B")
    assert game.view(mine).subtypes == frozenset({"Elf"})
    assert game.view(theirs).subtypes == frozenset({"Bear"})


# --- more "can't" against "can" / "must" (101.2), and costs of abilities -------------------------

def test_101_2_cant_attack_beats_attacks_each_combat_if_able() -> None:
    """Cards: A's Grizzly Bears under "attacks each combat if able" and "can't attack".
    CR 101.2, 508.1d: the requirement can't be obeyed: declaring no attackers is legal, declaring it
    is refused."""
    from kb.engine import CantAttack, MustAttack
    game = Game()
    bear = game.place(BEARS, player="A")
    game.create_effect("must attack", (), (), UntilEndOfTurn(), rules=[MustAttack(only(bear))], controller="A")
    game.create_effect("can't attack", (), (), UntilEndOfTurn(), rules=[CantAttack(only(bear))], controller="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    checkpoint = game.checkpoint()
    with pytest.raises(IllegalAction):
        game.declare_attackers([bear])
    game.restore(checkpoint)
    game.declare_attackers([])


def test_101_2_must_attack_is_obeyed_without_the_cant() -> None:
    """The positive case of the previous scenario: with only "attacks each combat if able", declaring no
    attackers is refused (508.1d)."""
    from kb.engine import MustAttack
    game = Game()
    bear = game.place(BEARS, player="A")
    game.create_effect("must attack", (), (), UntilEndOfTurn(), rules=[MustAttack(only(bear))], controller="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([])


def test_101_2_cant_be_blocked_beats_all_creatures_able_to_block_it_do_so() -> None:
    """Cards: A's Grizzly Bears with "can't be blocked" and Lure's "all creatures able to block it do
    so"; B's Ogre.  CR 101.2, 509.1b-c: no creature is able to block it: no block is legal and none is
    required."""
    from kb.engine import CantBeBlocked, MustBeBlocked
    game = Game()
    bear = game.place(BEARS, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.create_effect("lure", (), (), UntilEndOfTurn(), rules=[MustBeBlocked(only(bear))], controller="A")
    game.create_effect("unblockable", (), (), UntilEndOfTurn(), rules=[CantBeBlocked(only(bear))], controller="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear])
    game.advance_to(Step.DECLARE_BLOCKERS)
    checkpoint = game.checkpoint()
    with pytest.raises(IllegalAction):
        game.declare_blockers({ogre: bear})
    game.restore(checkpoint)
    game.declare_blockers({})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_502_3_doesnt_untap_in_the_untap_step_but_an_effect_may_untap_it() -> None:
    """Cards: B's tapped Ogre under a static "doesn't untap during its controller's untap step"; an effect
    untaps it.  CR 502.3: the restriction is about the untap step only: the effect untaps it."""
    game = Game()
    ogre = game.place(GRAY_OGRE, player="B", tapped=True)
    game.create_effect("doesn't untap", (), (), Indefinite(), rules=[DoesntUntap(only(ogre))], controller="A")
    game.next_turn()
    assert game.view(ogre).tapped
    game.untap(ogre)
    assert not game.view(ogre).tapped


def test_602_2b_activation_cost_increase_applies_and_ends_with_its_source() -> None:
    """Cards: Rally Captain-like "{1}: creatures you control get +1/+1 until end of turn"; a static
    "activated abilities cost {2} more to activate" (Suppression Field-like).
    CR 602.2b, 601.2f: with {1} only the activation is refused; with {3} it works; once the static
    leaves, {1} is enough."""
    from kb.engine.rules import ActivationCostChange
    lord = card("Rally Captain", "{2}{W}", "Creature — Human Soldier", 1, 1, ActivatedAbility(
        "{1}: Creatures you control get +1/+1 until end of turn.", cost("{1}"),
        lambda r: r.create_effect("+1/+1", [modify_pt(1, 1)], creatures(controller="you"), UntilEndOfTurn())))
    game = Game()
    cap = game.place(lord, player="A")
    field = game.place(card("Suppression Field", "{1}{W}", "Enchantment", StaticAbility(
        "Activated abilities cost {2} more to activate unless they're mana abilities.",
        rules=(ActivationCostChange(permanents(), "{2}"),))), player="B")
    game.add_mana("A", "{1}")
    with pytest.raises(IllegalAction):
        game.activate("A", cap)
    game.add_mana("A", "{2}")
    game.activate("A", cap)
    game.resolve_stack()
    assert game.view(cap).pt == (2, 2)
    game.destroy(field)
    game.add_mana("A", "{1}")
    game.activate("A", cap)
    game.resolve_stack()
    assert game.view(cap).pt == (3, 3)


@pytest.mark.parametrize("dawn_first", [True, False])
def test_613_8_celestial_dawn_turns_off_its_controllers_urborg(dawn_first: bool) -> None:
    """Cards: A's Celestial Dawn ("lands you control are Plains"), A's Urborg, B's Mountain.
    CR 305.7, 613.8a: Dawn removes Urborg's ability, so Urborg's effect depends on it: Urborg is a
    Plains only and B's Mountain is no Swamp, in either order."""
    dawn = card("Celestial Dawn", "{1}{W}{W}", "Enchantment", StaticAbility(
        "Lands you control are Plains.", (land_types_become("Plains"),), lands(controller="you")))
    game = Game()
    if dawn_first:
        game.place(dawn, player="A")
        urborg = game.place(URBORG, player="A")
    else:
        urborg = game.place(URBORG, player="A")
        game.place(dawn, player="A")
    mountain = game.place(MOUNTAIN, player="B")
    assert game.view(urborg).subtypes == frozenset({"Plains"})
    assert game.view(mountain).subtypes == frozenset({"Mountain"})


def test_611_3a_prevention_of_a_stolen_permanent_protects_its_new_controller() -> None:
    """Cards: A's static "if a source an opponent controls would deal damage to you, prevent 1 of that
    damage" (a Circle-like enchantment); B's Ogre deals 2 to A: 1.  Then B gains control of the
    enchantment: the Ogre's 2 damage to A is not prevented; A's Bears's 2 to B becomes 1.
    CR 611.3a, 109.5: "you" and "an opponent" are read from its controller now."""
    from kb.engine import Damage

    def applies(c: object, d: Damage) -> bool:
        from kb.engine import ReplacementContext
        assert isinstance(c, ReplacementContext)
        you = c.context.you
        return d.recipient == you and c.game.last_known_view(d.source).controller != you

    shield = Replacement("prevent 1 of damage an opponent's source would deal to you", Damage, applies,
                         lambda c, d: Damage(d.source, d.recipient, max(0, d.amount - 1), d.combat, d.preventable),
                         prevention=True)
    circle = card("Circle of Solace", "{1}{W}", "Enchantment",
                  StaticAbility("Prevent 1 damage an opponent's source would deal to you.", replacements=(shield,)))
    game = Game()
    ench = game.place(circle, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    bear = game.place(BEARS, player="A")
    assert game.deal_damage(ogre, "A", 2) == 1
    game.create_effect("B gains control", [gain_control()], [ench], Indefinite(), controller="B")
    assert game.deal_damage(ogre, "A", 2) == 2
    assert game.deal_damage(bear, "B", 2) == 1


def test_611_2b_until_your_next_turn_made_in_the_opponents_turn_ends_at_the_coming_turn() -> None:
    """Cards: in B's turn, A makes "target creature gets +2/+2 until your next turn" on A's Bears.
    CR 611.2b: it lasts through B's turn and ends as A's next turn (the coming one) begins."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.next_turn()
    assert game.active == "B"
    game.create_effect("+2/+2", [modify_pt(2, 2)], [bear], UntilYourNextTurn("A"), controller="A")
    game.advance_to(Step.END)
    assert game.view(bear).pt == (4, 4)
    game.next_turn()
    assert game.active == "A" and game.view(bear).pt == (2, 2)


def test_613_1d_aura_granting_urborgs_land_type_ability_is_not_modelled() -> None:
    """Cards: an Aura "enchanted land has 'each land is a Swamp in addition to its other types'"
    (a layer-4 effect from an ability gained in layer 6).
    CR 613.1, 613.6: out of reach of the model (README): NotModelled naming the concept, not a
    land that silently stays a Forest."""
    from kb.engine import NotModelled
    aura = card("Swamp Blessing", "{B}", "Enchantment — Aura", "enchant land", StaticAbility(
        "Enchanted land has 'Each land is a Swamp in addition to its other land types.'",
        (gain(StaticAbility("Each land is a Swamp in addition to its other land types.",
                            (add_types(subtypes=["Swamp"]),), lands())),), attached_to_this()))
    game = Game()
    forest = game.place(FOREST, player="A")
    other = game.place(FOREST, player="B")
    game.place(aura, player="A", attached_to=forest)
    with pytest.raises(NotModelled, match="layer"):
        game.view(other)


@pytest.mark.parametrize("kwargs", [{"controller": "opponents"}, {"owner": "opponents"}, {"controller": "C"}])
def test_109_5_a_filter_for_a_player_the_game_does_not_have_is_refused(kwargs: dict[str, str]) -> None:
    """Cards: a static "creatures your opponents control get -1/-1" written ``controller="opponents"``
    (or for a player not in the game).  CR 109.5: the filter matched no creature, so the effect
    silently did nothing; it is bad input, named."""
    from kb.engine import ScenarioError
    game = Game()
    bear = game.place(BEARS, player="B")
    game.place(card("Curse of Weakness", "{2}{B}", "Enchantment", StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(**kwargs))), player="A")
    with pytest.raises(ScenarioError, match=next(iter(kwargs))):
        game.view(bear)


# --- wrong answer: a teammate counted as an opponent (102.3) ---------------------------------------

def _two_headed_giant() -> Game:
    from kb.engine import teams
    game = Game(["A", "B", "C", "D"])
    teams.two_headed_giant(game, [["A", "C"], ["B", "D"]])
    return game


def test_102_3_creatures_your_opponents_control_spares_a_teammates_creature() -> None:
    """Cards: in a Two-Headed Giant game (A and C against B and D), A's static "creatures your opponents
    control get -1/-1"; Grizzly Bears of C (A's teammate) and of B.
    CR 102.3, 611.3a: a teammate is no opponent: C's Bears 2/2, B's 1/1.  (C's was 1/1.)"""
    game = _two_headed_giant()
    mate = game.place(BEARS, player="C")
    foe = game.place(BEARS, player="B")
    game.place(card("Curse of Weakness", "{2}{B}", "Enchantment", StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(controller="opponent"))),
        player="A")
    assert game.view(foe).pt == (1, 1)
    assert game.view(mate).pt == (2, 2)


def test_102_3_your_opponents_cant_gain_life_lets_a_teammate_gain() -> None:
    """Cards: Two-Headed Giant (A and C against B and D); A's static "your opponents can't gain life".
    CR 102.3, 119.7: B's gain does nothing; C (A's teammate) gains 3 (the team's shared life, 810.9)."""
    game = _two_headed_giant()
    game.place(card("Rampaging Ferocidon", "{2}{R}", "Creature — Dinosaur", 3, 3, StaticAbility(
        "Your opponents can't gain life.", rules=(CantGainLife(players="opponent"),))), player="A")
    foes, mates = game.players["B"].life, game.players["C"].life
    game.gain_life("B", 3)
    game.gain_life("C", 3)
    assert game.players["B"].life == foes
    assert game.players["C"].life == mates + 3


def test_102_3_target_opponent_cannot_be_a_teammate() -> None:
    """Cards: Two-Headed Giant (A and C against B and D); A casts "target opponent loses 2 life".
    CR 102.3, 115.1: C is no legal target; B is."""
    from kb.engine import target_player
    drain = card("Sting", "{B}", "Sorcery", spell=SpellAbility(
        "Target opponent loses 2 life.", lambda r: None, (target_player("opponent"),)))
    game = _two_headed_giant()
    s = game.place(drain, Zone.HAND, "A")
    game.add_mana("A", "{B}")
    with pytest.raises(IllegalAction):
        game.cast("A", s, targets=["C"])
    game.cast("A", s, targets=["B"])


def test_102_3_curse_with_enchant_opponent_cannot_enchant_a_teammate() -> None:
    """Cards: Two-Headed Giant (A and C against B and D); A casts a Curse "enchant opponent".
    CR 102.3, 303.4a, 702.5a: C is no opponent of A: not a legal target; B is."""
    curse = card("Curse of Thirst", "{4}{B}", "Enchantment — Aura Curse", "enchant opponent")
    game = _two_headed_giant()
    c = game.place(curse, Zone.HAND, "A")
    game.add_mana("A", "{4}{B}")
    with pytest.raises(IllegalAction):
        game.cast("A", c, targets=["C"])
    game.cast("A", c, targets=["B"])
    game.resolve_stack()
    assert game.view(game.current(c)).zone == Zone.BATTLEFIELD


def test_102_3_curse_with_enchant_opponent_cannot_be_moved_onto_a_teammate() -> None:
    """Cards: Two-Headed Giant; A's Curse "enchant opponent" on B; an effect tries to attach it to C
    (A's teammate).  CR 102.3, 701.3b: C is no opponent, so the Curse can't be attached to C: it stays
    on B (an effect can't attach it where it couldn't enchant)."""
    curse = card("Curse of Thirst", "{4}{B}", "Enchantment — Aura Curse", "enchant opponent")
    game = _two_headed_giant()
    c = game.place(curse, player="A", attached_to="B")
    game.attach(c, "C")
    game.refresh_priority()
    assert game.current(c).zone == Zone.BATTLEFIELD
    assert game.view(c).attached_to == "B"


def test_603_2_whenever_an_opponent_casts_a_spell_ignores_your_own_spells() -> None:
    """Cards: A's enchantment "whenever an opponent casts a spell, you gain 1 life"; A casts Grizzly
    Bears, then B casts Grizzly Bears.  CR 603.2, 102.2: only B's spell triggers it: A gains 1.
    (by="opponent" was read as "any player", so A's own spell triggered it too.)"""
    from scenario_cards import gains_life

    from kb.engine import TriggeredAbility
    from kb.engine import cast as casts
    game = Game()
    game.place(card("Kalastria Watcher", "{1}{W}", "Enchantment", TriggeredAbility(
        "Whenever an opponent casts a spell, you gain 1 life.", casts(spells(), by="opponent"), gains_life(1))),
        player="A")
    mine = game.place(BEARS, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    game.cast("A", mine)
    game.resolve_stack()
    assert game.players["A"].life == 20
    game.next_turn()
    theirs = game.place(BEARS, Zone.HAND, "B")
    game.add_mana("B", "{1}{G}")
    game.cast("B", theirs)
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_603_2_a_casting_trigger_for_a_player_word_it_does_not_know_is_refused() -> None:
    """``cast(…, by="opponents")`` would have counted every player's spell; it is refused, named."""
    from kb.engine import ScenarioError
    from kb.engine import cast as casts
    with pytest.raises(ScenarioError, match="opponents"):
        casts(spells(), by="opponents")


def test_508_1g_attack_cost_for_a_players_word_it_does_not_know_is_refused() -> None:
    """Cards: B's Ghostly Prison-like "creatures can't attack [players] unless their controller pays {2}"
    written players="opponent"; A attacks B.  It used to protect nobody, so the attack cost nothing; it
    is refused, named.  With players="you" the unpaid attack is refused (508.1h)."""
    from kb.engine import AttackCost, ScenarioError
    for players, error in (("opponent", ScenarioError), ("you", IllegalAction)):
        game = Game()
        bear = game.place(BEARS, player="A")
        game.place(card("Ghostly Prison", "{2}{W}", "Enchantment", StaticAbility(
            "Creatures can't attack you unless their controller pays {2} for each.",
            rules=(AttackCost(creatures(), "{2}", players=players),))), player="B")
        game.advance_to(Step.DECLARE_ATTACKERS)
        with pytest.raises(error):
            game.declare_attackers({bear: "B"})


def test_506_4_attacking_creature_whose_control_changes_leaves_combat() -> None:
    """Cards: A attacks B with Grizzly Bears; after blockers (none), B gains control of it until end of
    turn.  CR 506.4: a permanent whose controller changes is removed from combat: no damage to B."""
    from kb.engine import is_attacking
    game = Game()
    bear = game.place(BEARS, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear])
    game.advance_to(Step.DECLARE_BLOCKERS)
    assert is_attacking(game, bear)
    game.create_effect("B gains control", [gain_control()], [bear], UntilEndOfTurn(), controller="B")
    assert not is_attacking(game, bear)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_613_4d_switching_a_damaged_wall_kills_it() -> None:
    """Cards: a 1/4 Wall with 2 damage; a resolved "switch its power and toughness until end of turn".
    CR 613.4d, 704.5g: it is a 4/1 with 2 damage: it dies."""
    wall = card("Wall of Stone", "{1}{W}", "Creature — Wall", 1, 4, "defender")
    game = Game()
    w = game.place(wall, player="A")
    ogre = game.place(GRAY_OGRE, player="B")
    game.deal_damage(ogre, w, 2)
    game.refresh_priority()
    assert game.current(w).zone == Zone.BATTLEFIELD
    game.create_effect("switch", [switch_pt()], [w], UntilEndOfTurn())
    game.refresh_priority()
    assert game.current(w).zone == Zone.GRAVEYARD
