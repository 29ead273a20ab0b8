"""Audit N (issue 11): timestamps, layers and continuous effects with real cards, as a new user writes them.

Written from the README's engine section, the public names of ``kb.engine`` and their docstrings, the
CR (rule numbers in each docstring) and well-known card interactions, without reading the engine's
code or the earlier audits.  Cards are described in our own words after the real card named.  A
scenario the model can't play asserts ``NotModelled`` naming the concept.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from scenario_cards import (
    ANTHEM,
    BEARS,
    BONESPLITTER,
    CLONE,
    HUMILITY,
    OPALESCENCE,
    PAINTER,
    SIZING_FIELD,
)

from kb.engine import (
    FOREST,
    ISLAND,
    ActivatedAbility,
    CantBlock,
    Characteristics,
    ChoiceKind,
    Color,
    CostChange,
    FaceDown,
    ForAsLongAs,
    Game,
    IllegalAction,
    Indefinite,
    LayerPart,
    MaximumHandSize,
    NotModelled,
    PlayersHave,
    SpellAbility,
    StaticAbility,
    Step,
    Supertype,
    TriggeredAbility,
    UntilEndOfCombat,
    UntilEndOfTurn,
    UntilEndOfYourNextTurn,
    UntilYourNextTurn,
    Zone,
    ZoneChanged,
    add_types,
    as_enters_choose,
    attached_to_this,
    base_pt,
    base_pt_is_mana_value,
    becomes_color,
    becomes_creature_types,
    becomes_types,
    card,
    cards_in,
    chapter,
    control,
    copy_of,
    cost,
    count,
    create_token_copies,
    creatures,
    defines_pt,
    enchantments,
    enters,
    enters_as_copy,
    enters_tapped,
    enters_with_counters,
    every_creature_type,
    fixed,
    gain,
    gain_control,
    keyword,
    land_types_become,
    lands,
    lose,
    lose_all_abilities,
    modify_pt,
    objects,
    on_event,
    permanents,
    spells,
    switch_pt,
    target_creature,
    target_player,
    this_object,
    token,
    tokens,
    turn_face_up,
    where,
    you_control,
)

BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")

# --- cards, after the real ones --------------------------------------------------------------------

SERRA = card("Serra Angel", "{3}{W}{W}", "Creature — Angel", 4, 4, "flying", "vigilance")
KNIGHT = card("White Knight", "{W}{W}", "Creature — Human Knight", 2, 2, "first strike")
BLACK_KNIGHT = card("Black Knight", "{B}{B}", "Creature — Human Knight", 2, 2, "first strike")
WALL = card("Wall of Stone", "{1}{R}{R}", "Creature — Wall", 0, 8, "defender")
ANCIENT_TOMB = card("Ancient Tomb", None, "Land")
BLOOD_MOON = card("Blood Moon", "{2}{R}", "Enchantment", StaticAbility(
    "Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"])))
PRISMATIC_OMEN = card("Prismatic Omen", "{1}{G}", "Enchantment", StaticAbility(
    "Lands you control are every basic land type in addition to their other types.",
    (add_types(subtypes=BASIC_TYPES),), lands(controller="you")))
ASHAYA = card("Ashaya, Soul of the Wild", "{3}{G}{G}", "Legendary Creature — Elemental", 0, 0,
              StaticAbility("Ashaya's power and toughness are each equal to the number of lands you control.",
                            (defines_pt(count(lands(controller="you")), count(lands(controller="you"))),),
                            this_object(), cda=True),
              StaticAbility("Nontoken creatures you control are Forest lands in addition to their other types.",
                            (add_types("Land", subtypes=["Forest"]),), creatures(controller="you") & ~tokens()))
LIFE_AND_LIMB = card("Life and Limb", "{3}{G}", "Enchantment", StaticAbility(
    "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their "
    "other types.",
    (add_types("Creature", "Land", subtypes=["Saproling", "Forest"]), becomes_color("G"), base_pt(1, 1)),
    where("Forests and Saprolings", lambda c, x: "Forest" in x.subtypes or "Saproling" in x.subtypes)))
CONSPIRACY = card("Conspiracy", "{3}{B}{B}", "Enchantment",
                  StaticAbility("As this enchantment enters, choose a creature type.", replacements=(as_enters_choose(
                      ChoiceKind.CREATURE_TYPE, lambda g: ("Elf", "Goblin", "Bear"), "type",
                      "As this enchantment enters, choose a creature type."),)),
                  StaticAbility("Creatures you control are the chosen type.", (becomes_creature_types(chosen="type"),),
                                creatures(controller="you")))
MASKWOOD = card("Maskwood Nexus", "{4}", "Artifact", StaticAbility(
    "Creatures you control are every creature type.", (every_creature_type(),), creatures(controller="you")))


def views_after(game: Game, *cards_in_order: Any, player: str = "A") -> list[Any]:
    """Place the cards in this order (each later one has a later timestamp, 613.7d)."""
    return [game.place(c, player=player) for c in cards_in_order]


def resolve(game: Game, text: str, parts: Sequence[LayerPart], affects: Any, duration: Any = None,
            player: str = "A") -> None:
    """Stand in for a spell or ability whose effect resolves now (611.2, timestamp 613.7b)."""
    game.create_effect(text, parts, affects, duration or UntilEndOfTurn(), controller=player)


def clone_copying(game: Game, original: Any, player: str = "A", clone: Any = CLONE) -> Any:
    game.choices.script(ChoiceKind.OBJECT, original, player=player)
    return game.put_onto_battlefield(clone, player)


# --- layer 4: land types, dependencies ---------------------------------------------------------------

def test_blood_moon_then_prismatic_omen_nonbasic_is_every_basic_type() -> None:
    """Cards: Ancient Tomb, Blood Moon, then Prismatic Omen (later).
    Both are layer 4 and neither depends on the other (613.8a: neither changes what the other applies to
    or does), so timestamp order (613.7): the Tomb becomes a Mountain (305.7), then gains every basic land
    type: it is a Plains Island Swamp Mountain Forest."""
    game = Game()
    tomb, _, _ = views_after(game, ANCIENT_TOMB, BLOOD_MOON, PRISMATIC_OMEN)
    assert game.view(tomb).subtypes == frozenset(BASIC_TYPES)


def test_prismatic_omen_then_blood_moon_nonbasic_is_only_a_mountain() -> None:
    """Cards: a Forest, Ancient Tomb, Prismatic Omen, then Blood Moon (later).
    613.7: Omen first, then Blood Moon's 305.7 replaces every land type of the Tomb: just a Mountain.
    The basic Forest isn't nonbasic: it keeps every basic type from the Omen."""
    game = Game()
    forest, tomb, _, _ = views_after(game, FOREST, ANCIENT_TOMB, PRISMATIC_OMEN, BLOOD_MOON)
    assert game.view(tomb).subtypes == frozenset({"Mountain"})
    assert game.view(forest).subtypes == frozenset(BASIC_TYPES)


def test_ashaya_under_blood_moon_loses_its_cda_and_dies() -> None:
    """Cards: Blood Moon, then Ashaya, Soul of the Wild, Grizzly Bears, two Forests.
    613.8a: Blood Moon depends on Ashaya's layer-4 effect (it changes which permanents are nonbasic lands),
    so Ashaya applies first: Ashaya and the Bears are Forest lands; then Blood Moon makes them Mountains
    and removes their rules-text abilities (305.7).  Ashaya's effect keeps applying (613.6), but its
    characteristic-defining ability, removed before layer 7a, never applies: Ashaya is 0/0 and dies
    (704.5f).  The Bears are a Mountain land creature, no longer a Forest."""
    game = Game()
    game.place(FOREST, player="A")
    game.place(FOREST, player="A")
    game.place(BLOOD_MOON, player="A")
    ashaya = game.place(ASHAYA, player="A")
    bears = game.place(BEARS, player="A")
    view = game.view(bears)
    assert view.is_a("Land") and view.is_a("Creature")
    assert "Mountain" in view.subtypes and "Forest" not in view.subtypes and "Bear" in view.subtypes
    assert game.view(ashaya).pt == (0, 0)
    game.refresh_priority()
    assert game.current(ashaya).zone is Zone.GRAVEYARD


def test_ashaya_counts_itself_and_the_creatures_it_made_lands() -> None:
    """Cards: Ashaya, Soul of the Wild, Grizzly Bears, one Forest; a 1/1 Soldier token.
    Ashaya makes nontoken creatures Forest lands (layer 4), and its CDA (7a) counts lands you control:
    the Forest, Ashaya and the Bears: 3/3.  The token isn't a land."""
    game = Game()
    game.place(FOREST, player="A")
    ashaya = game.place(ASHAYA, player="A")
    game.place(BEARS, player="A")
    soldier = game.create_token(token("Soldier", "Creature — Soldier", 1, 1, colors="W"), "A")[0]
    assert game.view(ashaya).pt == (3, 3)
    assert not game.view(soldier).is_a("Land")


def test_life_and_limb_and_prismatic_omen_both_orders() -> None:
    """Cards: an Island, Life and Limb and Prismatic Omen, in both timestamp orders.
    613.8a: Life and Limb depends on the Omen (which makes the Island a Forest, changing what Life and
    Limb applies to), so the Omen applies first either way: the Island is a 1/1 green Saproling creature
    land with every basic land type."""
    for order in ((LIFE_AND_LIMB, PRISMATIC_OMEN), (PRISMATIC_OMEN, LIFE_AND_LIMB)):
        game = Game()
        island = game.place(ISLAND, player="A")
        views_after(game, *order)
        view = game.view(island)
        assert view.is_a("Creature") and view.pt == (1, 1)
        assert view.colors == frozenset({Color.GREEN})
        assert frozenset(BASIC_TYPES) | {"Saproling"} <= view.subtypes


def test_conspiracy_then_maskwood_nexus_every_type() -> None:
    """Cards: Conspiracy (Elf chosen), then Maskwood Nexus; Grizzly Bears.
    613.7 in layer 4: Conspiracy makes the Bears an Elf, then the Nexus makes it every creature type."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(CONSPIRACY, player="A", chosen={"type": "Elf"})
    game.place(MASKWOOD, player="A")
    assert {"Elf", "Bear", "Goblin", "Sliver"} <= game.view(bears).subtypes


def test_maskwood_nexus_then_conspiracy_only_the_chosen_type() -> None:
    """Cards: Maskwood Nexus, then Conspiracy (Elf chosen); Grizzly Bears.
    613.7: the Nexus's every type first, then Conspiracy replaces the creature types: only Elf."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(MASKWOOD, player="A")
    game.place(CONSPIRACY, player="A", chosen={"type": "Elf"})
    assert game.view(bears).subtypes == frozenset({"Elf"})


SONG_OF_THE_DRYADS = card("Song of the Dryads", "{2}{G}", "Enchantment — Aura", "enchant permanent", StaticAbility(
    "Enchanted permanent is a colorless Forest land.",
    (becomes_types("Land", subtypes=["Forest"]), becomes_color("")), attached_to_this()))


def test_song_of_the_dryads_on_blood_moon_turns_it_off() -> None:
    """Cards: Blood Moon, Song of the Dryads attached to it, Ancient Tomb.
    Song sets the enchanted permanent's land subtype to Forest, so 305.7 applies: Blood Moon loses the
    abilities of its rules text.  Blood Moon's effect depends on Song's (Song changes its existence, 613.8a),
    so Song applies first and Blood Moon's effect never exists: Blood Moon is a colorless Forest land with
    only "{T}: Add {G}", and the Tomb is no Mountain."""
    game = Game()
    tomb = game.place(ANCIENT_TOMB, player="A")
    moon = game.place(BLOOD_MOON, player="B")
    game.place(SONG_OF_THE_DRYADS, player="A", attached_to=moon)
    view = game.view(moon)
    assert view.is_a("Land") and not view.is_a("Enchantment")
    assert view.subtypes == frozenset({"Forest"})
    assert view.colors == frozenset()
    assert [getattr(a, "mana", None) for a in view.abilities] == ["{G}"]
    assert game.view(tomb).subtypes == frozenset()


COLOSSUS_HAMMER = card("Colossus Hammer", "{1}", "Artifact — Equipment", StaticAbility(
    "Equipped creature gets +10/+10 and loses flying.", (modify_pt(10, 10), lose("flying")), attached_to_this()),
    "equip {8}")
RUNE_OF_FLIGHT = card("Rune of Flight", "{1}{U}", "Enchantment — Aura Rune", "enchant permanent", StaticAbility(
    "As long as enchanted permanent is an Equipment, it has \"Equipped creature has flying.\"",
    (gain(StaticAbility("Equipped creature has flying.", (gain("flying"),), attached_to_this())),),
    attached_to_this()))


def test_rune_of_flight_on_colossus_hammer_keeps_its_later_timestamp_when_the_hammer_moves() -> None:
    """The CR's example of 613.7a: Serra Angel, Colossus Hammer ("equipped creature gets +10/+10 and loses
    flying") attached to it, then Rune of Flight attached to the Hammer, granting it "equipped creature has
    flying".  The granted ability has the Rune's (later) timestamp: the Angel has flying.  The Hammer is
    then attached to a second Angel: both its abilities get new timestamps, but their relative order stays,
    so the second Angel has flying too (613.7a, 613.7e)."""
    game = Game()
    angel = game.place(SERRA, player="A")
    angel2 = game.place(SERRA, player="A")
    hammer = game.place(COLOSSUS_HAMMER, player="A", attached_to=angel)
    game.place(RUNE_OF_FLIGHT, player="A", attached_to=hammer)
    assert game.view(angel).pt == (14, 14)
    assert game.view(angel).has("flying")
    game.attach(hammer, angel2)
    assert game.view(angel2).pt == (14, 14)
    assert game.view(angel2).has("flying")
    assert game.view(angel).has("flying") and game.view(angel).pt == (4, 4)


BLUE_AURA = card("Mystic Mantle", "{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature is blue.", (becomes_color("U"),), attached_to_this()))
RED_AURA = card("Red Mantle", "{R}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature is red.", (becomes_color("R"),), attached_to_this()))


def test_aura_moved_away_and_back_is_newer() -> None:
    """Cards: Grizzly Bears with a "enchanted creature is blue" Aura, then a "… is red" Aura: red (613.7).
    The blue Aura is moved to another creature and back: it got a new timestamp each time it became
    attached (613.7e), so now the Bears are blue."""
    game = Game()
    bears = game.place(BEARS, player="A")
    other = game.place(BEARS, player="A")
    blue = game.place(BLUE_AURA, player="A", attached_to=bears)
    game.place(RED_AURA, player="A", attached_to=bears)
    assert game.view(bears).colors == frozenset({Color.RED})
    game.attach(blue, other)
    game.attach(blue, bears)
    assert game.view(bears).colors == frozenset({Color.BLUE})


MARCH = card("March of the Machines", "{3}{U}", "Enchantment", StaticAbility(
    "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value.",
    (add_types("Creature"), base_pt_is_mana_value()), permanents("Artifact", not_types=["Creature"])))


def test_march_of_the_machines_unattaches_an_equipment() -> None:
    """Cards: Grizzly Bears equipped with Bonesplitter; March of the Machines enters.
    The Bonesplitter becomes a 1/1 artifact creature; an Equipment that is also a creature can't equip a
    creature and becomes unattached as a state-based action (301.5c, 704.5n): the Bears are 2/2."""
    game = Game()
    bears = game.place(BEARS, player="A")
    splitter = game.place(BONESPLITTER, player="A", attached_to=bears)
    assert game.view(bears).pt == (4, 2)
    game.put_onto_battlefield(MARCH, "A")
    game.refresh_priority()
    assert game.view(splitter).pt == (1, 1)
    assert game.view(splitter).attached_to is None
    assert game.view(bears).pt == (2, 2)


# Devoid (702.114a) is a characteristic-defining ability: "this object is colorless".
DEVOID_SPAWN = card("Eldrazi Devastator-like Spawn", "{2}{G}", "Creature — Eldrazi", 3, 3, "devoid")
COURIER = card("Transguild Courier", "{4}", "Artifact Creature — Golem", 3, 3, StaticAbility(
    "Transguild Courier is all colors.", (becomes_color("WUBRG"),), this_object(), cda=True))


def test_painters_servant_colours_a_devoid_creature() -> None:
    """Cards: Painter's Servant (blue), a green devoid creature.
    Devoid is a colour-defining CDA, applied first in layer 5 (613.3); Painter's Servant then adds blue:
    the creature is blue (and not green), on the battlefield and in the hand alike (604.3)."""
    game = Game()
    game.place(PAINTER, player="A", chosen={"color": "U"})
    spawn = game.place(DEVOID_SPAWN, player="A")
    in_hand = game.place(DEVOID_SPAWN, Zone.HAND, "A")
    assert game.view(spawn).colors == frozenset({Color.BLUE})
    assert game.view(in_hand).colors == frozenset({Color.BLUE})


def test_colour_setting_aura_beats_an_all_colours_cda_whatever_the_order() -> None:
    """Cards: Transguild Courier ("is all colors", a CDA), a "enchanted creature is red" Aura attached.
    613.3: the CDA applies first in layer 5, then the Aura: the Courier is red."""
    game = Game()
    courier = game.place(COURIER, player="A")
    assert len(game.view(courier).colors) == 5
    game.place(RED_AURA, player="A", attached_to=courier)
    assert game.view(courier).colors == frozenset({Color.RED})


LHURGOYF = card("Lhurgoyf", "{2}{G}{G}", "Creature — Lhurgoyf", 0, 1, StaticAbility(
    "Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness is equal to "
    "that number plus 1.",
    (defines_pt(count(cards_in(Zone.GRAVEYARD, "Creature")), count(cards_in(Zone.GRAVEYARD, "Creature"))),),
    this_object(), cda=True))


def test_lhurgoyf_cda_works_in_the_hand_and_graveyard() -> None:
    """Cards: Lhurgoyf in hand and one in the graveyard; Grizzly Bears in B's graveyard.
    604.3: a characteristic-defining ability functions in all zones: two creature cards in graveyards,
    each Lhurgoyf is 2/2 (toughness counted the same here: the model's defines_pt takes a count)."""
    game = Game()
    in_hand = game.place(LHURGOYF, Zone.HAND, "A")
    in_yard = game.place(LHURGOYF, Zone.GRAVEYARD, "A")
    game.place(BEARS, Zone.GRAVEYARD, "B")
    assert game.view(in_hand).power == 2
    assert game.view(in_yard).power == 2


# --- copy effects (707) --------------------------------------------------------------------------------

GROWTH_PARTS = (modify_pt(3, 3),)


def test_clone_copies_neither_counters_nor_pumps_nor_anthems() -> None:
    """Cards: Grizzly Bears with a +1/+1 counter, Giant Growth resolved on it, Glorious Anthem (B's);
    Clone (A) copying the Bears.  707.2: only copiable values are copied: the Clone is a 2/2 Grizzly Bears
    (B's Anthem doesn't reach A's creatures)."""
    game = Game()
    bears = game.place(BEARS, player="B", counters={"+1/+1": 1})
    game.place(ANTHEM, player="B")
    resolve(game, "Target creature gets +3/+3 until end of turn.", GROWTH_PARTS, [bears], player="B")
    assert game.view(bears).pt == (7, 7)
    clone = clone_copying(game, bears)
    assert clone is not None
    assert game.view(clone).name == "Grizzly Bears" and game.view(clone).pt == (2, 2)


def test_clone_of_a_clone_copies_what_the_first_copied() -> None:
    """Cards: Serra Angel; Clone copying it; a second Clone copying the first Clone.
    707.3: the copiable values of the first Clone are Serra Angel's: the second is a 4/4 flying Serra Angel."""
    game = Game()
    angel = game.place(SERRA, player="B")
    first = clone_copying(game, angel)
    second = clone_copying(game, first)
    assert second is not None
    view = game.view(second)
    assert view.name == "Serra Angel" and view.pt == (4, 4) and view.has("flying")


def test_clone_copying_a_token_is_not_a_token() -> None:
    """Cards: a 1/1 white Soldier creature token; Clone copying it.
    707.2, 111.4: the Clone copies the token's name, types and P/T, but it is a card, not a token."""
    game = Game()
    soldier = game.create_token(token("Soldier", "Creature — Soldier", 1, 1, colors="W"), "B")[0]
    clone = clone_copying(game, soldier)
    assert clone is not None
    view = game.view(clone)
    assert view.name == "Soldier" and view.pt == (1, 1) and view.colors == frozenset({Color.WHITE})
    assert not view.token


TURN_TO_FROG = (lose_all_abilities(), base_pt(1, 1), becomes_color("U"), becomes_creature_types("Frog"))


def test_clone_copying_a_frogged_angel_gets_the_printed_angel() -> None:
    """Cards: Serra Angel under Turn to Frog (until end of turn: loses all abilities, a 1/1 blue Frog);
    Clone copying it.  707.2: Turn to Frog's effect isn't copiable: the Clone is a 4/4 white flying Serra
    Angel, while the Angel stays a 1/1 Frog."""
    game = Game()
    angel = game.place(SERRA, player="B")
    resolve(game, "Until end of turn, target creature loses all abilities and becomes a blue Frog with base "
            "power and toughness 1/1.", TURN_TO_FROG, [angel])
    clone = clone_copying(game, angel)
    assert clone is not None
    view = game.view(clone)
    assert view.pt == (4, 4) and view.has("flying") and view.colors == frozenset({Color.WHITE})
    assert game.view(angel).pt == (1, 1) and not game.view(angel).has("flying")


def test_clone_copying_an_opalescent_anthem_is_an_enchantment_creature() -> None:
    """Cards: Opalescence, Glorious Anthem (a 3/3 enchantment creature under Opalescence); Clone copies the
    Anthem.  707.2: the copiable values are the Anthem's printed ones (an Enchantment, no P/T); Opalescence
    then makes the Clone a 3/3 creature too; two Anthems: each Anthem creature is 3/3 +2/+2 = 5/5."""
    game = Game()
    game.place(OPALESCENCE, player="A")
    anthem = game.place(ANTHEM, player="A")
    assert game.view(anthem).pt == (4, 4)
    clone = clone_copying(game, anthem)
    assert clone is not None
    view = game.view(clone)
    assert view.name == "Glorious Anthem" and view.is_a("Enchantment") and view.is_a("Creature")
    assert view.pt == (5, 5)
    assert game.view(anthem).pt == (5, 5)


def test_cytoshape_copy_until_end_of_turn_keeps_counters_and_ends() -> None:
    """Cards: Grizzly Bears with a +1/+1 counter; Cytoshape resolved on it: "becomes a copy of Serra Angel
    until end of turn".  Layer 1a then 7c: a 5/5 flying Serra Angel.  At the cleanup step the copy effect
    ends (514.2): a 3/3 Grizzly Bears again."""
    game = Game()
    bears = game.place(BEARS, player="A", counters={"+1/+1": 1})
    angel = game.place(SERRA, player="B")
    resolve(game, "Target creature becomes a copy of Serra Angel until end of turn.", [copy_of(game, angel)], [bears])
    view = game.view(bears)
    assert view.name == "Serra Angel" and view.pt == (5, 5) and view.has("flying")
    game.next_turn()
    view = game.view(bears)
    assert view.name == "Grizzly Bears" and view.pt == (3, 3)


def test_two_copy_effects_the_later_wins() -> None:
    """Cards: Grizzly Bears; "becomes a copy of Serra Angel" then "becomes a copy of White Knight", both
    until end of turn.  613.7 in layer 1a: the later copy wins: a 2/2 first-striking White Knight."""
    game = Game()
    bears = game.place(BEARS, player="A")
    angel = game.place(SERRA, player="B")
    knight = game.place(KNIGHT, player="B")
    resolve(game, "becomes a copy of Serra Angel", [copy_of(game, angel)], [bears])
    resolve(game, "becomes a copy of White Knight", [copy_of(game, knight)], [bears])
    view = game.view(bears)
    assert view.name == "White Knight" and view.has("first strike") and not view.has("flying")


MUTAVAULT = card("Mutavault", None, "Land", ActivatedAbility(
    "{1}: Mutavault becomes a 2/2 creature with all creature types until end of turn. It's still a land.",
    cost("{1}"),
    lambda r: r.create_effect("becomes a 2/2 creature with all creature types", [
        add_types("Creature"), every_creature_type(), base_pt(2, 2)], [r.source_id], UntilEndOfTurn())))


def test_copying_an_animated_mutavault_gives_just_a_land() -> None:
    """Cards: Mutavault, animated (a 2/2 land creature until end of turn); Grizzly Bears becomes a copy of it
    (a Cytoshape-like effect).  707.2: the animation isn't copiable: the Bears become a land named
    Mutavault, not a creature."""
    game = Game()
    vault = game.place(MUTAVAULT, player="B")
    game.add_mana("B", "{1}")
    game.pass_priority_to("B")
    game.activate("B", vault)
    game.resolve_stack()
    assert game.view(vault).is_a("Creature") and game.view(vault).pt == (2, 2)
    bears = game.place(BEARS, player="A")
    resolve(game, "becomes a copy of Mutavault", [copy_of(game, vault)], [bears])
    view = game.view(bears)
    assert view.name == "Mutavault" and view.is_a("Land") and not view.is_a("Creature")


def test_copy_of_a_cda_creature_counts_for_itself() -> None:
    """Cards: Lhurgoyf; Clone copying it; one creature card (Grizzly Bears) in a graveyard.
    707.2: the CDA is copied; the Clone counts graveyards as Lhurgoyf does: power 1."""
    game = Game()
    goyf = game.place(LHURGOYF, player="B")
    game.place(BEARS, Zone.GRAVEYARD, "B")
    clone = clone_copying(game, goyf)
    assert clone is not None
    assert game.view(clone).power == 1
    game.place(BEARS, Zone.GRAVEYARD, "A")
    assert game.view(clone).power == 2


LIQUIMETAL = (add_types("Artifact"),)


def test_clone_does_not_copy_a_type_added_by_an_effect() -> None:
    """Cards: Grizzly Bears made an artifact until end of turn (Liquimetal Coating); Clone copies it.
    707.2: the type change isn't copiable: the Clone is a Creature — Bear, not an artifact."""
    game = Game()
    bears = game.place(BEARS, player="B")
    resolve(game, "Target permanent becomes an artifact in addition to its other types until end of turn.",
            LIQUIMETAL, [bears], player="B")
    clone = clone_copying(game, bears)
    assert clone is not None
    assert not game.view(clone).is_a("Artifact") and game.view(bears).is_a("Artifact")


def phantasmal_changes(values: Characteristics) -> Characteristics:
    """Phantasmal Image's exception: an Illusion in addition, with a sacrifice trigger (707.9a)."""
    sacrifice = TriggeredAbility(
        "When this creature becomes the target of a spell or ability, sacrifice it.",
        enters(),  # stands in: the trigger isn't the point here
        lambda r: None)
    return dataclasses.replace(values, subtypes=values.subtypes | {"Illusion"},
                               abilities=(*values.abilities, sacrifice))


PHANTASMAL_IMAGE = card("Phantasmal Image", "{1}{U}", "Creature — Illusion", 0, 0, StaticAbility(
    "You may have this creature enter as a copy of any creature on the battlefield, except it's an Illusion "
    "in addition to its other types and it has \"When this creature becomes the target of a spell or ability, "
    "sacrifice it.\"", replacements=(enters_as_copy(changes=phantasmal_changes),)))


def test_clone_copying_a_phantasmal_image_copies_its_exception() -> None:
    """Cards: Serra Angel; Phantasmal Image copying it; Clone copying the Image.
    707.9b: the exception is part of the Image's copiable values: the Image is an Angel Illusion; the Clone
    copies those values: also a Serra Angel that is an Angel Illusion."""
    game = Game()
    angel = game.place(SERRA, player="B")
    image = clone_copying(game, angel, clone=PHANTASMAL_IMAGE)
    assert image is not None
    assert game.view(image).subtypes == frozenset({"Angel", "Illusion"})
    clone = clone_copying(game, image)
    assert clone is not None
    assert game.view(clone).subtypes == frozenset({"Angel", "Illusion"})
    assert game.view(clone).name == "Serra Angel" and game.view(clone).has("flying")


# --- layer 2: control ---------------------------------------------------------------------------------

CONTROL_MAGIC = card("Control Magic", "{2}{U}{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "You control enchanted creature.", (gain_control(),), attached_to_this()))


def test_control_magic_moved_to_another_creature_gives_the_first_back() -> None:
    """Cards: A's Control Magic on B's Grizzly Bears; the Aura is moved (an effect) to B's Serra Angel.
    Layer 2 follows the Aura (611.3a, 613.7e): A controls the Angel, B gets the Bears back."""
    game = Game()
    bears = game.place(BEARS, player="B")
    angel = game.place(SERRA, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    assert game.view(bears).controller == "A"
    game.attach(magic, angel)
    assert game.view(bears).controller == "B"
    assert game.view(angel).controller == "A"


def test_stolen_equipment_stays_on_the_creature_and_keeps_equipping_it() -> None:
    """Cards: B's Grizzly Bears equipped with B's Bonesplitter; A gains control of the Bonesplitter
    (an effect, indefinitely).  Changing control doesn't unattach it (701.3, 301.5): B's Bears are still
    4/2; the Bonesplitter's controller is A."""
    game = Game()
    bears = game.place(BEARS, player="B")
    splitter = game.place(BONESPLITTER, player="B", attached_to=bears)
    resolve(game, "Gain control of target artifact.", [control("A")], [splitter],
            Indefinite())
    game.refresh_priority()
    assert game.view(splitter).controller == "A"
    assert game.view(splitter).attached_to == game.obj(bears).id
    assert game.view(bears).pt == (4, 2)


MERIEKE = card("Merieke Ri Berit", "{W}{U}{B}", "Legendary Creature — Human", 1, 1)


def test_control_for_as_long_as_the_source_stays_tapped() -> None:
    """Cards: Merieke Ri Berit (A, tapped): "gain control of target creature for as long as Merieke remains
    tapped", resolved on B's Grizzly Bears; then Merieke untaps.  611.2b: the duration ends: B controls the
    Bears again, and tapping Merieke again doesn't bring it back (once over, over)."""
    game = Game()
    merieke = game.place(MERIEKE, player="A", tapped=True)
    bears = game.place(BEARS, player="B")
    resolve(game, "Gain control of target creature for as long as Merieke Ri Berit remains tapped.",
            [gain_control()], [bears],
            ForAsLongAs("Merieke remains tapped", lambda g: g.view(merieke).tapped))
    assert game.view(bears).controller == "A"
    game.untap(merieke)
    assert game.view(bears).controller == "B"
    game.tap(merieke)
    assert game.view(bears).controller == "B"


def test_threaten_over_control_magic_then_back() -> None:
    """Cards: A's Control Magic on B's Serra Angel; B resolves Threaten on the Angel (until end of turn).
    613.7 in layer 2: Threaten is later: B controls it; after the cleanup step A does again."""
    game = Game()
    angel = game.place(SERRA, player="B")
    game.place(CONTROL_MAGIC, player="A", attached_to=angel)
    resolve(game, "Untap target creature and gain control of it until end of turn. It gains haste.",
            [gain_control(), gain("haste")], [angel], player="B")
    assert game.view(angel).controller == "B" and game.view(angel).has("haste")
    game.next_turn()
    assert game.view(angel).controller == "A" and not game.view(angel).has("haste")


# --- 611.2c: the set an effect of a resolved spell affects is fixed -------------------------------

def test_all_white_creatures_get_plus_one_fixed_set_611_2c() -> None:
    """The CR's example of 611.2c: "all white creatures get +1/+1 until end of turn" resolves with White
    Knight and a black Grizzly-sized creature on the battlefield.  The Knight then becomes black (an Aura):
    it keeps the bonus; the Black Knight becomes white: it doesn't get it."""
    game = Game()
    white = game.place(KNIGHT, player="A")
    black = game.place(BLACK_KNIGHT, player="A")
    resolve(game, "All white creatures get +1/+1 until end of turn.", [modify_pt(1, 1)],
            creatures(colors=["W"]))
    game.place(card("Dark Mantle", "{B}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature is black.", (becomes_color("B"),), attached_to_this())), player="A", attached_to=white)
    game.place(card("White Mantle", "{W}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature is white.", (becomes_color("W"),), attached_to_this())), player="A", attached_to=black)
    assert game.view(white).pt == (3, 3)
    assert game.view(black).pt == (2, 2)


def test_static_white_creatures_follow_the_colour_611_3b() -> None:
    """611.3b's example (Honor of the Pure-like static "white creatures get +1/+1"): the same two Knights and
    Auras; now the Black Knight (made white) gets it and the White Knight (made black) doesn't."""
    game = Game()
    white = game.place(KNIGHT, player="A")
    black = game.place(BLACK_KNIGHT, player="A")
    game.place(card("Crusade", "{W}{W}", "Enchantment", StaticAbility(
        "White creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors=["W"]))), player="A")
    resolve(game, "becomes black", [becomes_color("B")], [white])
    resolve(game, "becomes white", [becomes_color("W")], [black])
    assert game.view(white).pt == (2, 2)
    assert game.view(black).pt == (3, 3)


def test_resolved_flying_stays_with_a_creature_that_changes_control() -> None:
    """Cards: A's Grizzly Bears and Serra Angel... A resolves "creatures you control gain flying until end of
    turn" with the Bears; then B steals the Bears and A steals B's White Knight.  611.2c: the set was fixed:
    the Bears (now B's) still fly; the Knight (now A's) doesn't."""
    game = Game()
    bears = game.place(BEARS, player="A")
    knight = game.place(KNIGHT, player="B")
    resolve(game, "Creatures you control gain flying until end of turn.", [gain("flying")],
            creatures(controller="you"))
    resolve(game, "B gains control of the Bears", [control("B")], [bears], player="B")
    resolve(game, "A gains control of the Knight", [control("A")], [knight])
    assert game.view(bears).controller == "B" and game.view(bears).has("flying")
    assert game.view(knight).controller == "A" and not game.view(knight).has("flying")


def test_natural_affinity_does_not_animate_a_land_played_later() -> None:
    """Cards: two Forests; "all lands become 2/2 creatures until end of turn" resolves (Natural Affinity);
    then a third Forest is played.  611.2c: the new Forest isn't a creature."""
    game = Game()
    old = game.place(FOREST, player="A")
    resolve(game, "All lands become 2/2 creatures until end of turn. They're still lands.",
            [add_types("Creature"), base_pt(2, 2)], lands())
    new = game.place(FOREST, Zone.HAND, "A")
    game.play_land("A", new)
    assert game.view(old).pt == (2, 2)
    assert not game.view(game.current(new)).is_a("Creature")


# --- layer 6 and 7 -------------------------------------------------------------------------------------

GRAVITY_SPHERE = card("Gravity Sphere", "{2}{R}", "World Enchantment", StaticAbility(
    "All creatures lose flying.", (lose("flying"),), creatures()))
LEVITATION = card("Levitation", "{2}{U}{U}", "Enchantment", StaticAbility(
    "Creatures you control have flying.", (gain("flying"),), creatures(controller="you")))
SEPHARA = card("Sephara, Sky's Blade", "{4}{W}{W}{W}", "Legendary Creature — Angel", 7, 7, "flying", "lifelink",
               StaticAbility("Other creatures you control with flying have lifelink.", (gain("lifelink"),),
                             objects("Creature", controller="you", other=True)
                             & where("with flying", lambda c, x: x.has("flying"), reads=["abilities"], local=True)))


def test_gravity_sphere_and_levitation_latest_wins_613_9() -> None:
    """613.9's example, with Gravity Sphere ("all creatures lose flying") and Levitation ("creatures you control
    have flying"): neither depends on the other; the later one wins.  Sphere then Levitation: the Bears fly;
    Levitation then Sphere: they don't."""
    for order, flies in (((GRAVITY_SPHERE, LEVITATION), True), ((LEVITATION, GRAVITY_SPHERE), False)):
        game = Game()
        bears = game.place(BEARS, player="A")
        views_after(game, *order)
        assert game.view(bears).has("flying") is flies


def test_sephara_depends_on_levitation() -> None:
    """Cards: Sephara ("other creatures you control with flying have lifelink"), then Levitation (later);
    Grizzly Bears.  613.8a: Sephara's effect depends on Levitation's (which changes what it applies to), so
    Levitation applies first although it is later: the Bears have flying and lifelink."""
    game = Game()
    bears = game.place(BEARS, player="A")
    views_after(game, SEPHARA, LEVITATION)
    assert game.view(bears).has("flying") and game.view(bears).has("lifelink")


def test_gravity_sphere_after_levitation_turns_off_sephara_for_the_bears() -> None:
    """Cards: Sephara, Levitation, then Gravity Sphere (latest); Grizzly Bears.  Levitation first (Sephara
    depends on it), then Sphere would remove flying: Sephara depends on the Sphere too (it changes what
    Sephara applies to), so it waits for both: no creature has flying, and the Bears don't have lifelink."""
    game = Game()
    bears = game.place(BEARS, player="A")
    sephara, _, _ = views_after(game, SEPHARA, LEVITATION, GRAVITY_SPHERE)
    assert not game.view(bears).has("flying") and not game.view(bears).has("lifelink")
    assert game.view(sephara).has("lifelink") and not game.view(sephara).has("flying")


def test_switch_then_a_later_setting_effect_still_switched() -> None:
    """Cards: Grizzly Bears; "+0/+3 until end of turn" (2/5), then "switch its power and toughness" (5/2),
    then "becomes 0/1" (a layer 7b effect, latest).  613.4: 7b before 7c before 7d, whatever the
    timestamps: 0/1 +0/+3 = 0/4, switched: 4/0, and it dies (704.5f)."""
    game = Game()
    bears = game.place(BEARS, player="A")
    resolve(game, "+0/+3", [modify_pt(0, 3)], [bears])
    resolve(game, "switch", [switch_pt()], [bears])
    assert game.view(bears).pt == (5, 2)
    resolve(game, "becomes 0/1", [base_pt(0, 1)], [bears])
    assert game.view(bears).pt == (4, 0)
    game.refresh_priority()
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_switched_wall_with_a_minus_counter_dies() -> None:
    """Cards: Wall of Stone (0/8) with a -1/-1 counter (-1/7); its power and toughness switched until end of
    turn: 7/-1 (613.4c then 613.4d): it dies."""
    game = Game()
    wall = game.place(WALL, player="A", counters={"-1/-1": 1})
    resolve(game, "switch", [switch_pt()], [wall])
    assert game.view(wall).pt == (7, -1)
    game.refresh_priority()
    assert game.current(wall).zone is Zone.GRAVEYARD


def test_two_setting_effects_the_later_wins_and_the_earlier_resumes() -> None:
    """Cards: Grizzly Bears; "becomes 4/4 until end of turn" (a 7b effect), then a static Sizing aura
    "enchanted creature has base P/T 0/2" (later).  613.7: 0/2.  When the Aura leaves, 4/4 again."""
    game = Game()
    bears = game.place(BEARS, player="A")
    resolve(game, "becomes 4/4", [base_pt(4, 4)], [bears])
    aura = game.place(card("Frogify-like Aura", "{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature has base power and toughness 0/2.", (base_pt(0, 2),), attached_to_this())),
        player="A", attached_to=bears)
    assert game.view(bears).pt == (0, 2)
    game.destroy(aura)
    assert game.view(bears).pt == (4, 4)


def test_turn_to_frog_on_lhurgoyf_is_a_1_1() -> None:
    """Cards: Lhurgoyf (its CDA counts creature cards in graveyards: three there); Turn to Frog resolved on
    it.  Layer 6 removes the CDA, 7b sets 1/1 (613.4a-b): 1/1."""
    game = Game()
    goyf = game.place(LHURGOYF, player="A")
    for _ in range(3):
        game.place(BEARS, Zone.GRAVEYARD, "A")
    assert game.view(goyf).power == 3
    resolve(game, "Turn to Frog", TURN_TO_FROG, [goyf])
    assert game.view(goyf).pt == (1, 1)


def test_lose_all_abilities_then_lhurgoyf_is_zero_power() -> None:
    """Cards: Lhurgoyf with two creature cards in graveyards; "target creature loses all abilities until end
    of turn" (no P/T setting).  Its CDA is gone before 7a: its power is 0 (the printed 0) and it has the
    printed toughness placeholder... here the scenario checks only the power (613.4a, 604.3)."""
    game = Game()
    goyf = game.place(LHURGOYF, player="A")
    game.place(BEARS, Zone.GRAVEYARD, "A")
    game.place(BEARS, Zone.GRAVEYARD, "B")
    resolve(game, "loses all abilities", [lose_all_abilities()], [goyf])
    assert game.view(goyf).power == 0


CRUSADE = card("Crusade", "{W}{W}", "Enchantment", StaticAbility(
    "White creatures get +1/+1.", (modify_pt(1, 1),), creatures(colors=["W"])))


def test_painters_servant_white_makes_crusade_pump_everything() -> None:
    """Cards: Painter's Servant (white chosen), Crusade; B's Grizzly Bears.  Layer 5 makes the Bears white,
    then 7c's Crusade gives +1/+1 (613.9's second example): 3/3; the Servant is 2/4."""
    game = Game()
    bears = game.place(BEARS, player="B")
    servant = game.place(PAINTER, player="A", chosen={"color": "W"})
    game.place(CRUSADE, player="A")
    assert game.view(bears).pt == (3, 3)
    assert game.view(servant).pt == (2, 4)


def test_humility_opalescence_and_anthem() -> None:
    """Cards: Glorious Anthem, Humility, then Opalescence (latest).  Layer 4: Opalescence makes Humility and
    the Anthem creatures.  Layer 6: Humility removes all creatures' abilities, the Anthem's too, but the
    Anthem's effect hasn't started applying (it's a layer 7c effect) so it never applies.  7b: Humility's
    1/1, then Opalescence's mana value: the Anthem 3/3, Humility 4/4, Grizzly Bears 1/1."""
    game = Game()
    anthem = game.place(ANTHEM, player="A")
    humility = game.place(HUMILITY, player="A")
    game.place(OPALESCENCE, player="A")
    bears = game.place(BEARS, player="A")
    assert game.view(anthem).pt == (3, 3)
    assert game.view(humility).pt == (4, 4)
    assert game.view(bears).pt == (1, 1)


URZAS_SAGA = card("Urza's Saga", None, "Enchantment Land — Urza's Saga",
                  chapter(1, "I — nothing here", lambda r: None),
                  chapter(2, "II — nothing here", lambda r: None),
                  chapter(3, "III — nothing here", lambda r: None))


def test_urzas_saga_under_blood_moon_is_not_sacrificed() -> None:
    """Cards: Urza's Saga with three lore counters, Blood Moon.  305.7: the Saga is a Mountain and loses its
    chapter abilities; 714.4 sacrifices only a Saga with one or more chapter abilities: it stays."""
    game = Game()
    game.place(BLOOD_MOON, player="A")
    saga = game.place(URZAS_SAGA, player="A", counters={"lore": 3})
    assert game.view(saga).subtypes == frozenset({"Mountain", "Saga"})
    game.refresh_priority()
    assert game.current(saga).zone is Zone.BATTLEFIELD


# --- layer 4 dependencies that change what another type effect applies to ------------------------

def test_conspiracy_depends_on_opalescence() -> None:
    """Cards: Conspiracy (Elf chosen), then Opalescence (later), Glorious Anthem.  Both layer 4; Conspiracy
    ("creatures you control are the chosen type") depends on Opalescence, which changes what it applies to
    (613.8a): Opalescence first, so the Anthem creature is an Elf."""
    game = Game()
    anthem = game.place(ANTHEM, player="A")
    game.place(CONSPIRACY, player="A", chosen={"type": "Elf"})
    game.place(OPALESCENCE, player="A")
    view = game.view(anthem)
    assert view.is_a("Creature") and view.subtypes == frozenset({"Elf"})


SOL_RING = card("Sol Ring", "{1}", "Artifact", ActivatedAbility("{T}: Add {C}{C}.",
                                                                cost("{T}"),
                                                                mana="{C}{C}"))


def test_maskwood_nexus_depends_on_march_of_the_machines() -> None:
    """Cards: Maskwood Nexus ("creatures you control are every creature type"), then March of the Machines
    (later); Sol Ring.  613.8a: the Nexus depends on March (which changes what it applies to): the Sol Ring
    is a 1/1 artifact creature with every creature type; so is the Nexus itself (mana value 4: 4/4)."""
    game = Game()
    ring = game.place(SOL_RING, player="A")
    nexus = game.place(MASKWOOD, player="A")
    game.place(MARCH, player="A")
    assert game.view(ring).pt == (1, 1) and {"Sliver", "Elf"} <= game.view(ring).subtypes
    assert game.view(nexus).pt == (4, 4) and "Sliver" in game.view(nexus).subtypes


def test_humility_and_opalescence_entering_together_take_the_chosen_order() -> None:
    """Cards: Humility and Opalescence put onto the battlefield at the same time by one effect (A chooses
    their relative timestamps, 613.7m): Opalescence first, Humility second: in 7b Opalescence's 4 then
    Humility's 1/1: Humility is 1/1.  The other order: 4/4."""
    for humility_last, expected in ((True, (1, 1)), (False, (4, 4))):
        game = Game()

        def order(c: Any, humility_last: bool = humility_last, game: Game = game) -> list[Any]:
            items = list(c.items)
            names = [game.view(i).name if not isinstance(i, str) else i for i in items]
            ordered = sorted(zip(names, items, strict=True), key=lambda p: (p[0] == "Humility") == humility_last)
            return [i for _, i in ordered]

        game.choices.script(ChoiceKind.TIMESTAMP_ORDER, order, player="A")
        humility, _ = game.put_all_onto_battlefield([HUMILITY, OPALESCENCE], "A")
        assert humility is not None
        assert game.view(humility).pt == expected


def test_own_static_before_the_putting_effect_613_7n() -> None:
    """Cards: Humility put onto the battlefield by an effect saying "it's a 3/3 creature in addition to its
    other types" (611.2e).  613.7n: Humility's own static ability gets the earlier timestamp: in 7b its 1/1
    applies first, then the 3/3: Humility is 3/3 (and has no abilities, 613.6); Grizzly Bears are 1/1."""
    game = Game()
    bears = game.place(BEARS, player="A")
    humility = game.put_onto_battlefield(HUMILITY, "A", effects=[
        ("it's a 3/3 creature in addition to its other types", [add_types("Creature"), base_pt(3, 3)])])
    assert humility is not None
    assert game.view(humility).pt == (3, 3)
    assert game.view(bears).pt == (1, 1)


# --- timestamps of objects turned face up, phasing in, re-entering ----------------------------------

MORPH_KNIGHT = card("Exalted Knight-like Morph", "{3}{W}", "Creature — Human Knight", 3, 3, "morph {2}{W}")


def test_turned_face_up_gets_a_timestamp_later_than_a_sizing_effect_613_7f() -> None:
    """Cards: a face-down morph (2/2); a static "enchanted creature has base P/T 0/4"... here an effect of a
    resolved spell "becomes 0/4 until end of turn" (7b).  Turning it face up doesn't change the 7b effect's
    timestamp order with the copiable values: the effect still applies (708.8): it is a 0/4 White Knight-like
    creature with its name."""
    game = Game()
    morph = game.place(MORPH_KNIGHT, player="A", face_down=FaceDown.MORPH)
    resolve(game, "becomes 0/4", [base_pt(0, 4)], [morph])
    game.add_mana("A", "{2}{W}")
    game.turn_face_up("A", morph)
    view = game.view(morph)
    assert view.name == "Exalted Knight-like Morph" and view.pt == (0, 4)


def test_turned_face_up_after_a_colour_aura_wins_nothing_but_a_later_aura_does() -> None:
    """Cards: a face-down morph with a "is blue" Aura, and then a Conspiracy-like layer-4 effect is not the point:
    613.7f gives the permanent a new timestamp as it turns face up; effects of its own static abilities are
    then later than the Aura's.  The morph has "this creature is red" as its own static (not a CDA):
    face down it is a colourless 2/2 (the Aura makes it blue); face up, its own ability is newer than the
    Aura: red."""
    red_morph = card("Red-Fixed Morph", "{2}{R}", "Creature — Shapeshifter", 2, 2, "morph {1}{R}", StaticAbility(
        "This creature is red.", (becomes_color("R"),), this_object()))
    game = Game()
    morph = game.place(red_morph, player="A", face_down=FaceDown.MORPH)
    game.place(BLUE_AURA, player="A", attached_to=morph)
    assert game.view(morph).colors == frozenset({Color.BLUE})
    game.add_mana("A", "{1}{R}")
    game.turn_face_up("A", morph)
    assert game.view(morph).colors == frozenset({Color.RED})


def test_phasing_in_keeps_the_old_timestamp_under_two_auras() -> None:
    """Cards: Grizzly Bears with a blue Aura, then a red Aura (later): red.  The red Aura alone phases out and
    back in: it keeps its timestamp (phasing doesn't make a new object, 702.26d; 613.7 gives no new
    timestamp): still red."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(BLUE_AURA, player="A", attached_to=bears)
    red = game.place(RED_AURA, player="A", attached_to=bears)
    game.phase_out(red)
    assert game.view(bears).colors == frozenset({Color.BLUE})
    game.phase_in(red)
    assert game.view(bears).colors == frozenset({Color.RED})


def test_reentering_aura_is_newer() -> None:
    """Cards: Grizzly Bears with a red Aura, then a blue Aura; the red one is returned to hand and cast again
    on the Bears: it entered anew (613.7d) and became attached (613.7e): red."""
    game = Game()
    bears = game.place(BEARS, player="A")
    red = game.place(RED_AURA, player="A", attached_to=bears)
    game.place(BLUE_AURA, player="A", attached_to=bears)
    assert game.view(bears).colors == frozenset({Color.BLUE})
    in_hand = game.move(red, Zone.HAND)
    assert in_hand is not None
    game.add_mana("A", "{R}")
    game.cast("A", in_hand, targets=[bears])
    game.resolve_stack()
    assert game.view(bears).colors == frozenset({Color.RED})


# --- 613.11: rules changes in timestamp order; durations -------------------------------------------

def test_until_your_next_turn_outlasts_the_end_of_this_turn() -> None:
    """B resolves, during A's turn, "target creature gets -2/-0 until your next turn" on A's Serra Angel.
    611.2a: it doesn't end at A's cleanup; it ends as B's next turn begins: 2/4 in the rest of A's turn and
    in... B's turn: 4/4."""
    game = Game()
    angel = game.place(SERRA, player="A")
    resolve(game, "-2/-0 until your next turn", [modify_pt(-2, 0)], [angel], UntilYourNextTurn("B"), player="B")
    game.advance_to(Step.END)
    assert game.view(angel).pt == (2, 4)
    game.next_turn()
    assert game.active == "B" and game.view(angel).pt == (4, 4)


def test_until_your_next_turn_of_the_active_player_lasts_a_full_round() -> None:
    """A resolves, in A's turn, "until your next turn, creatures your opponents control get -1/-1": it lasts
    through B's turn and ends as A's next turn begins (611.2a)."""
    game = Game()
    bears = game.place(BEARS, player="B")
    resolve(game, "-1/-1 until your next turn", [modify_pt(-1, -1)], [bears], UntilYourNextTurn("A"))
    game.next_turn()
    assert game.active == "B" and game.view(bears).pt == (1, 1)
    game.next_turn()
    assert game.active == "A" and game.view(bears).pt == (2, 2)


# --- more: granted abilities, conditions, hidden zones, set fixing with control ---------------------

ANTHEM_GRANTING_AURA = card("Banner of Command-like Aura", "{1}{W}", "Enchantment — Aura", "enchant creature",
                            StaticAbility("Enchanted creature has \"Creatures you control get +1/+1.\"", (gain(
                                StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),),
                                              creatures(controller="you"))),), attached_to_this()))


def test_humility_then_an_aura_granting_an_anthem_ability() -> None:
    """Cards: Humility, then Grizzly Bears and White Knight, then an Aura on the Bears granting "creatures
    you control get +1/+1" (later than Humility).  Layer 6 in timestamp order: Humility removes abilities,
    then the Aura grants the anthem ability (613.7a: it has the Aura's timestamp).  7b: Humility's 1/1;
    7c: the granted anthem: the Bears and the Knight are 2/2 and the Knight has no first strike."""
    game = Game()
    game.place(HUMILITY, player="A")
    bears = game.place(BEARS, player="A")
    knight = game.place(KNIGHT, player="A")
    game.place(ANTHEM_GRANTING_AURA, player="A", attached_to=bears)
    assert game.view(bears).pt == (2, 2)
    assert game.view(knight).pt == (2, 2) and not game.view(knight).has("first strike")


def test_aura_granting_an_anthem_then_humility() -> None:
    """The same cards, but Humility arrives last: layer 6 removes the granted anthem ability too; 1/1s."""
    game = Game()
    bears = game.place(BEARS, player="A")
    knight = game.place(KNIGHT, player="A")
    game.place(ANTHEM_GRANTING_AURA, player="A", attached_to=bears)
    assert game.view(knight).pt == (3, 3)
    game.place(HUMILITY, player="A")
    assert game.view(bears).pt == (1, 1) and game.view(knight).pt == (1, 1)


def test_march_makes_counters_count_on_an_artifact() -> None:
    """Cards: Sol Ring with two +1/+1 counters (put on it while a noncreature: they stay, 122), March of the
    Machines: a 1/1 base +2/+2 from counters (613.4c): 3/3."""
    game = Game()
    ring = game.place(SOL_RING, player="A", counters={"+1/+1": 2})
    game.place(MARCH, player="A")
    assert game.view(ring).pt == (3, 3)


def test_insurrection_does_not_take_a_creature_that_enters_later() -> None:
    """A resolves Insurrection ("untap all creatures and gain control of them until end of turn. They gain
    haste") with B's Grizzly Bears on the battlefield; then B's Serra Angel enters.  611.2c: the set was
    fixed: A controls the Bears with haste; B keeps the Angel, which has no haste."""
    game = Game()
    bears = game.place(BEARS, player="B")
    resolve(game, "gain control of all creatures until end of turn; they gain haste", [gain_control(), gain("haste")],
            creatures())
    angel = game.put_onto_battlefield(SERRA, "B")
    assert angel is not None
    assert game.view(bears).controller == "A" and game.view(bears).has("haste")
    assert game.view(angel).controller == "B" and not game.view(angel).has("haste")


def test_rules_part_reaches_later_creatures_but_the_pump_part_does_not() -> None:
    """611.2c's last sentence: "creatures you control get +1/+1 until end of turn; creatures your opponents
    control can't block this turn".  B's Serra Angel entering afterwards can't block (rules change), while A's
    White Knight entering afterwards doesn't get +1/+1."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.create_effect("creatures you control get +1/+1; creatures your opponents control can't block",
                       [modify_pt(1, 1)], creatures(controller="you"), UntilEndOfTurn(),
                       rules=[CantBlock(
                           creatures(controller="opponent"))], controller="A")
    knight = game.put_onto_battlefield(KNIGHT, "A")
    angel = game.put_onto_battlefield(SERRA, "B")
    assert knight is not None and angel is not None
    assert game.view(bears).pt == (3, 3) and game.view(knight).pt == (2, 2)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({angel: bears})


def test_conspiracy_reaches_creature_cards_in_hand() -> None:
    """Arcane Adaptation / Conspiracy's second sentence: "the same is true for creature spells you control and
    creature cards you own that aren't on the battlefield" (Elf chosen): Grizzly Bears in A's hand and library
    are Elves; B's aren't."""
    hidden = [Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE]
    conspiracy = card("Conspiracy", "{3}{B}{B}", "Enchantment",
                      StaticAbility("Creatures you control are Elves.", (becomes_creature_types("Elf"),),
                                    creatures(controller="you")),
                      StaticAbility("The same is true for creature spells you control and creature cards you own "
                                    "that aren't on the battlefield.", (becomes_creature_types("Elf"),),
                                    objects("Creature", owner="you", zones=hidden)))
    game = Game()
    game.place(conspiracy, player="A")
    mine = game.place(BEARS, Zone.HAND, "A")
    deep = game.place(BEARS, Zone.LIBRARY, "A")
    theirs = game.place(BEARS, Zone.HAND, "B")
    assert game.view(mine).subtypes == frozenset({"Elf"})
    assert game.view(deep).subtypes == frozenset({"Elf"})
    assert game.view(theirs).subtypes == frozenset({"Bear"})


OVERGROWN_TOMB = card("Overgrown Tomb", None, "Land — Swamp Forest")
KIRD_APE = card("Kird Ape", "{R}", "Creature — Ape", 1, 1, StaticAbility(
    "Kird Ape gets +1/+2 as long as you control a Forest.", (modify_pt(1, 2),), this_object(),
    condition=you_control(lands(subtypes=["Forest"]))))


def test_kird_ape_sees_the_forest_as_layer_4_left_it() -> None:
    """Cards: Kird Ape, Overgrown Tomb (a nonbasic Swamp Forest).  2/3.  Blood Moon arrives: the Tomb is just a
    Mountain, so Kird Ape is 1/1; then Prismatic Omen (later) makes it every basic type again: 2/3."""
    game = Game()
    ape = game.place(KIRD_APE, player="A")
    game.place(OVERGROWN_TOMB, player="A")
    assert game.view(ape).pt == (2, 3)
    game.place(BLOOD_MOON, player="B")
    assert game.view(ape).pt == (1, 1)
    game.place(PRISMATIC_OMEN, player="A")
    assert game.view(ape).pt == (2, 3)


def test_clone_copying_painters_servant_chooses_its_own_colour() -> None:
    """Cards: Painter's Servant (blue), Grizzly Bears; Clone copies the Servant.  707.2 and 614.12a: the
    Clone has the Servant's "as this enters, choose a color" and makes its own choice (red): the Bears are
    green, blue and red."""
    game = Game()
    bears = game.place(BEARS, player="A")
    servant = game.place(PAINTER, player="B", chosen={"color": "U"})
    game.choices.script(ChoiceKind.COLOR, "R", player="A")
    clone = clone_copying(game, servant)
    assert clone is not None
    assert game.view(bears).colors == frozenset({Color.GREEN, Color.BLUE, Color.RED})


# --- more layer 1, 2, 5, 7b ------------------------------------------------------------------------------

def test_clone_copying_a_cytoshaped_bear_keeps_the_angel_after_the_turn() -> None:
    """Cards: Grizzly Bears that is a copy of Serra Angel until end of turn (Cytoshape); Clone copies it.
    707.2: the copy effect is part of the copiable values: the Clone is a Serra Angel.  The Clone's values
    were fixed as it entered (707.2b... the Clone's own copy effect has no duration): after the turn the
    Bears are Bears again and the Clone is still a 4/4 flying Serra Angel."""
    game = Game()
    bears = game.place(BEARS, player="A")
    angel = game.place(SERRA, player="B")
    resolve(game, "becomes a copy of Serra Angel until end of turn", [copy_of(game, angel)], [bears])
    clone = clone_copying(game, bears)
    assert clone is not None
    assert game.view(clone).name == "Serra Angel"
    game.next_turn()
    assert game.view(bears).name == "Grizzly Bears"
    assert game.view(clone).name == "Serra Angel" and game.view(clone).pt == (4, 4)


def test_opalescent_humility_copied_by_a_cytoshaped_bear() -> None:
    """Cards: Humility, then Opalescence; Grizzly Bears becomes a copy of Humility (a creature under
    Opalescence) until end of turn (Cytoshape), and White Knight.
    The Bears' copiable values are Humility's (an enchantment, 707.2); Opalescence makes it a 4/4 creature.
    Layer 6: the first Humility and the copy would each remove the other's ability (a loop: timestamps,
    613.8b): the first Humility goes first and removes the copy's ability before its effect starts; 7b: the
    first Humility's 1/1, then Opalescence's mana value: both Humilities 4/4; the Knight 1/1, no first strike."""
    game = Game()
    humility = game.place(HUMILITY, player="A")
    game.place(OPALESCENCE, player="A")
    bears = game.place(BEARS, player="A")
    knight = game.place(KNIGHT, player="A")
    resolve(game, "becomes a copy of Humility until end of turn", [copy_of(game, humility)], [bears])
    view = game.view(bears)
    assert view.name == "Humility" and view.is_a("Creature") and view.pt == (4, 4)
    assert game.view(humility).pt == (4, 4)
    assert game.view(knight).pt == (1, 1) and not game.view(knight).has("first strike")


def test_clone_entering_under_humility_cannot_copy_614_12() -> None:
    """Cards: Humility, Serra Angel; Clone enters.  614.12: replacement effects that modify how it enters are
    judged on the Clone as it would exist on the battlefield, with Humility applied: it has no abilities, so its
    "enter as a copy" doesn't apply: the Clone is a 1/1 named Clone."""
    game = Game()
    game.place(HUMILITY, player="B")
    game.place(SERRA, player="B")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    assert game.view(clone).name == "Clone" and game.view(clone).pt == (1, 1)


TEMPLE_GARDEN = card("Scarwood Glade", None, "Land — Forest Plains", StaticAbility(
    "This land enters tapped.", replacements=(enters_tapped(),)))


def test_tapped_land_enters_untapped_under_blood_moon_614_12() -> None:
    """Cards: Blood Moon; a nonbasic Forest Plains that "enters tapped" is played.  614.12: as it would exist on
    the battlefield it is a Mountain without its rules-text abilities (305.7): it enters untapped."""
    game = Game()
    game.place(BLOOD_MOON, player="B")
    glade = game.place(TEMPLE_GARDEN, Zone.HAND, "A")
    land = game.play_land("A", glade)
    assert not game.view(land).tapped and game.view(land).subtypes == frozenset({"Mountain"})


def test_stolen_control_magic_gives_the_creature_to_the_auras_new_controller() -> None:
    """Cards: A's Control Magic on B's Grizzly Bears; B then gains control of the Control Magic (an effect).
    Layer 2: the Aura's effect depends on the effect that changes who controls the Aura (it changes what the
    Aura's effect does, 613.8a), so that one applies first although it is later: B controls the Bears."""
    game = Game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    assert game.view(bears).controller == "A"
    resolve(game, "gain control of target enchantment", [control("B")], [magic],
            Indefinite(), player="B")
    assert game.view(magic).controller == "B"
    assert game.view(bears).controller == "B"


def test_resolved_x_x_base_pt_counted_by_the_scenario_as_it_resolves() -> None:
    """Vastwood Animist-like resolved effect "target creature has base power and toughness X/X until end of
    turn, where X is the number of lands you control" (three Forests) on Grizzly Bears: 608.2h, X is counted
    once, as it resolves: a fourth Forest later doesn't change it: 3/3.  (API trap, left as documented:
    ``base_pt_counted`` counts afresh, as Svogthos's quoted ability does (613.4's example); a resolving
    "X/X where X is …" is ``base_pt(x, x)`` with X counted by the effect.)"""
    game = Game()
    for _ in range(3):
        game.place(FOREST, player="A")
    bears = game.place(BEARS, player="A")
    x = len([p for p in game.battlefield("A") if game.view(p).is_a("Land")])
    resolve(game, "base P/T X/X where X is the number of lands you control", [base_pt(x, x)], [bears])
    assert game.view(bears).pt == (3, 3)
    game.place(FOREST, player="A")
    assert game.view(bears).pt == (3, 3)


SHIFTING_SKY = card("Shifting Sky", "{2}{U}", "Enchantment", StaticAbility(
    "All nonland permanents are red.", (becomes_color("R"),), permanents(not_types=["Land"])))


def test_shifting_sky_and_painters_servant_in_timestamp_order() -> None:
    """Cards: Shifting Sky (red chosen: "all nonland permanents are the chosen color") and Painter's Servant
    (blue: "… are blue in addition").  Layer 5, independent: timestamp order (613.7).  Sky then Servant: the
    Bears are red and blue; Servant then Sky: red only."""
    for sky_first, colours in ((True, {Color.RED, Color.BLUE}), (False, {Color.RED})):
        game = Game()
        bears = game.place(BEARS, player="B")
        if sky_first:
            game.place(SHIFTING_SKY, player="A")
        game.place(PAINTER, player="A", chosen={"color": "U"})
        if not sky_first:
            game.place(SHIFTING_SKY, player="A")
        assert game.view(bears).colors == frozenset(colours)


NIGHTCREEP_STATIC = card("Shade Pall", "{2}{B}", "Enchantment", StaticAbility(
    "White creatures are black.", (becomes_color("B"),), creatures(colors=["W"])))


def test_a_white_creatures_are_black_effect_waits_for_painter() -> None:
    """Cards: "white creatures are black" (a static, earlier), then Painter's Servant choosing white (later);
    Grizzly Bears.  Both layer 5; the first depends on the Servant, which changes what it applies to
    (613.8a): the Servant applies first, then every creature is made black: the Bears are black only."""
    game = Game()
    bears = game.place(BEARS, player="B")
    game.place(NIGHTCREEP_STATIC, player="A")
    game.place(PAINTER, player="A", chosen={"color": "W"})
    assert game.view(bears).colors == frozenset({Color.BLACK})


def test_face_down_creature_under_conspiracy_is_an_elf() -> None:
    """Cards: Conspiracy (Elf); a face-down morph (layer 1b: a 2/2 creature with no creature types).
    Layer 4 then makes it an Elf (613.1b before 613.1d); turned face up, still an Elf."""
    game = Game()
    game.place(CONSPIRACY, player="A", chosen={"type": "Elf"})
    morph = game.place(MORPH_KNIGHT, player="A",
                       face_down=FaceDown.MORPH)
    assert game.view(morph).subtypes == frozenset({"Elf"}) and game.view(morph).pt == (2, 2)
    game.add_mana("A", "{2}{W}")
    game.turn_face_up("A", morph)
    assert game.view(morph).subtypes == frozenset({"Elf"}) and game.view(morph).pt == (3, 3)


def test_copy_except_seven_seven_drops_the_cda() -> None:
    """707.9d: "becomes a copy of Lhurgoyf, except it's 7/7" (Mirror Image-like exception): the copy doesn't
    get the CDA defining P/T; it is 7/7 however many creature cards are in graveyards."""
    from kb.engine.copies import except_it_is
    game = Game()
    goyf = game.place(LHURGOYF, player="B")
    game.place(BEARS, Zone.GRAVEYARD, "B")
    bears = game.place(BEARS, player="A")
    resolve(game, "becomes a copy of Lhurgoyf except it's 7/7", [copy_of(game, goyf, changes=except_it_is(
        power=7, toughness=7))], [bears], Indefinite())
    assert game.view(bears).name == "Lhurgoyf" and game.view(bears).pt == (7, 7)
    game.place(BEARS, Zone.GRAVEYARD, "A")
    assert game.view(bears).pt == (7, 7)


# --- state-based consequences of layers; cleanup; hand size ----------------------------------------

PACIFISM_LIKE = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this()))


def test_song_of_the_dryads_on_an_equipped_enchanted_creature() -> None:
    """Cards: Grizzly Bears with Bonesplitter and Holy Strength ("enchant creature"); Song of the Dryads is
    attached to the Bears: a colorless Forest land, no longer a creature.  State-based actions: the Equipment
    becomes unattached (704.5n), the Aura that can't enchant it goes to the graveyard (704.5m)."""
    game = Game()
    bears = game.place(BEARS, player="A")
    splitter = game.place(BONESPLITTER, player="A", attached_to=bears)
    strength = game.place(PACIFISM_LIKE, player="A", attached_to=bears)
    game.place(SONG_OF_THE_DRYADS, player="B", attached_to=bears)
    game.refresh_priority()
    assert not game.view(bears).is_a("Creature")
    assert game.view(splitter).attached_to is None
    assert game.current(strength).zone is Zone.GRAVEYARD


def test_damage_and_until_end_of_turn_end_together_in_cleanup() -> None:
    """Cards: Grizzly Bears with Giant Growth (5/5) dealt 4 damage.  514.2: in the cleanup step the damage is
    removed and "until end of turn" effects end at the same time: it survives as a 2/2 with no damage."""
    game = Game()
    bears = game.place(BEARS, player="A")
    shock = game.place(card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility("deal 3", lambda r: None)),
                       Zone.HAND, "B")
    resolve(game, "+3/+3", GROWTH_PARTS, [bears])
    game.deal_damage(shock, bears, 4)
    game.refresh_priority()
    assert game.current(bears).zone is Zone.BATTLEFIELD
    game.next_turn()
    assert game.current(bears).zone is Zone.BATTLEFIELD
    assert game.view(bears).pt == (2, 2) and game.view(bears).damage == 0


def test_face_down_creature_under_painters_servant_is_blue() -> None:
    """Cards: Painter's Servant (blue); a face-down morph.  Layer 1b makes it colourless (708.2), layer 5 then
    adds blue: a blue 2/2 with no name."""
    game = Game()
    game.place(PAINTER, player="B", chosen={"color": "U"})
    morph = game.place(MORPH_KNIGHT, player="A",
                       face_down=FaceDown.MORPH)
    view = game.view(morph)
    assert view.colors == frozenset({Color.BLUE}) and view.pt == (2, 2) and view.name is None


def test_for_as_long_as_tapped_ends_when_merieke_phases_out_702_26f() -> None:
    """Cards: Merieke Ri Berit (tapped) has stolen Grizzly Bears "for as long as Merieke remains tapped"; then
    Merieke phases out.  702.26f: a "for as long as" duration that tracks a permanent ends when it phases out,
    because the game can no longer see it: B controls the Bears again, and keeps them after Merieke phases in
    still tapped."""
    game = Game()
    merieke = game.place(MERIEKE, player="A", tapped=True)
    bears = game.place(BEARS, player="B")
    resolve(game, "Gain control of target creature for as long as Merieke Ri Berit remains tapped.",
            [gain_control()], [bears],
            ForAsLongAs("Merieke remains tapped",
                        lambda g: any(p.id == game.obj(merieke).id for p in g.battlefield())
                        and g.view(merieke).tapped))
    assert game.view(bears).controller == "A"
    game.phase_out(merieke)
    assert game.view(bears).controller == "B"
    game.phase_in(merieke)
    assert game.view(merieke).tapped and game.view(bears).controller == "B"


# --- what is a characteristic-defining ability (604.3a) -------------------------------------------


def hand_counting(text: str = "This creature's power and toughness are each equal to the number of cards in "
                              "your hand.", *, cda: bool) -> StaticAbility:
    number = count(cards_in(Zone.HAND, owner="you"))
    return StaticAbility(text, (defines_pt(number, number),), this_object(), cda=cda)


def test_a_token_created_with_a_pt_ability_has_a_cda_applied_before_setting_effects() -> None:
    """Cards: Sizing Field (earlier: "all creatures have base P/T 1/1"); then a Spirit token created with
    "this creature's P/T are each equal to the number of cards in your hand" (three cards).  604.3a(2): an
    ability given to a token by the effect that created it is a CDA: 7a, then Sizing Field's 7b: 1/1."""
    game = Game()
    game.place(SIZING_FIELD, player="A")
    for _ in range(3):
        game.place(BEARS, Zone.HAND, "A")
    spirit = game.create_token(token("Spirit", "Creature — Spirit", 0, 0, hand_counting(cda=True)), "A")[0]
    assert game.view(spirit).pt == (1, 1)


def test_an_aura_granting_a_pt_ability_is_no_cda_and_goes_by_timestamp() -> None:
    """Cards: Sizing Field (earlier), Grizzly Bears, then an Aura granting the Bears "this creature's P/T are
    each equal to the number of cards in your hand" (three cards).  604.3a(2): a granted ability isn't a CDA:
    it sets P/T in 7b with the Aura's later timestamp (613.7a): 3/3."""
    game = Game()
    game.place(SIZING_FIELD, player="A")
    for _ in range(3):
        game.place(BEARS, Zone.HAND, "A")
    bears = game.place(BEARS, player="A")
    game.place(card("Hand-Sized Aura", "{G}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature has \"This creature's power and toughness are each equal to the number of cards in "
        "your hand.\"", (gain(hand_counting(cda=True)),), attached_to_this())), player="A", attached_to=bears)
    assert game.view(bears).pt == (3, 3)


def test_clone_copying_lhurgoyf_under_sizing_field_is_1_1() -> None:
    """Cards: Sizing Field, Lhurgoyf (two creature cards in graveyards); Clone copies Lhurgoyf.  604.3a(2): an
    ability acquired by a copy effect is a CDA: 7a then Sizing Field's 7b: the Clone is 1/1, like Lhurgoyf."""
    game = Game()
    game.place(SIZING_FIELD, player="B")
    goyf = game.place(LHURGOYF, player="B")
    game.place(BEARS, Zone.GRAVEYARD, "B")
    game.place(BEARS, Zone.GRAVEYARD, "A")
    clone = clone_copying(game, goyf)
    assert clone is not None
    assert game.view(clone).pt == (1, 1) and game.view(goyf).pt == (1, 1)


def test_printed_conditional_pt_ability_is_no_cda() -> None:
    """604.3a(5): "as long as you control a Forest, this creature's P/T are each 5" sets them only if a
    condition is met: no CDA, so it applies in 7b in timestamp order.  The creature (a 1/1) entered after
    Sizing Field: its ability is later: 5/5 while a Forest is there."""
    game = Game()
    game.place(SIZING_FIELD, player="A")
    game.place(FOREST, player="A")
    druid = game.place(card("Forest-Bound Druid", "{1}{G}", "Creature — Elf Druid", 1, 1, StaticAbility(
        "As long as you control a Forest, this creature's power and toughness are each 5.",
        (defines_pt(fixed(5),
                    fixed(5)),), this_object(), cda=True,
        condition=you_control(lands(subtypes=["Forest"])))),
        player="A")
    assert game.view(druid).pt == (5, 5)


# --- 613.11: maximum hand size in timestamp order -------------------------------------------------

RELIQUARY_TOWER = card("Reliquary Tower", None, "Land", StaticAbility(
    "You have no maximum hand size.", rules=(MaximumHandSize(None),)))
NULL_PROFUSION = card("Null Profusion", "{4}{B}{B}", "Enchantment", StaticAbility(
    "Your maximum hand size is two.", rules=(MaximumHandSize(size=2),)))


def test_null_profusion_and_reliquary_tower_in_timestamp_order() -> None:
    """Cards: Null Profusion ("your maximum hand size is two") and Reliquary Tower ("you have no maximum hand
    size"); nine cards in hand.  613.11: rules changes apply in timestamp order, so the later one wins: Tower
    last, A keeps nine cards through the cleanup step (514.1); Null Profusion last, A discards down to two."""
    for order, kept in (((NULL_PROFUSION, RELIQUARY_TOWER), 9), ((RELIQUARY_TOWER, NULL_PROFUSION), 2)):
        game = Game()
        views_after(game, *order)
        for _ in range(9):
            game.place(BEARS, Zone.HAND, "A")
        game.next_turn()
        assert len(game.hand("A")) == kept


# --- more copies, re-attaching, granted keywords -------------------------------------------------

def test_aura_attached_again_to_the_same_creature_keeps_its_timestamp() -> None:
    """Cards: Grizzly Bears with a blue Aura, then a red Aura: red.  An effect attaches the blue Aura to the
    Bears, which it already enchants: the effect does nothing (701.3b), so no new timestamp: still red."""
    game = Game()
    bears = game.place(BEARS, player="A")
    blue = game.place(BLUE_AURA, player="A", attached_to=bears)
    game.place(RED_AURA, player="A", attached_to=bears)
    game.attach(blue, bears)
    assert game.view(bears).colors == frozenset({Color.RED})


CHANGELING_OUTCAST = card("Changeling Outcast", "{B}", "Creature — Shapeshifter", 1, 1, "changeling")
GLASSPOOL_MIMIC = card("Glasspool Mimic", "{2}{U}", "Creature — Shapeshifter Rogue", 0, 0, StaticAbility(
    "You may have this creature enter as a copy of a creature you control, except it's a Shapeshifter Rogue in "
    "addition to its other types.", replacements=(enters_as_copy(changes=lambda v: dataclasses.replace(
        v, subtypes=v.subtypes | {"Shapeshifter", "Rogue"})),)))


def test_glasspool_mimic_copying_a_changeling_keeps_changeling_707_9d() -> None:
    """The CR's example of 707.9d: Glasspool Mimic ("except it's a Shapeshifter Rogue in addition to its other
    types") copying a creature with changeling: an "in addition" exception doesn't drop the CDA: the Mimic has
    changeling and every creature type."""
    game = Game()
    outcast = game.place(CHANGELING_OUTCAST, player="A")
    mimic = clone_copying(game, outcast, clone=GLASSPOOL_MIMIC)
    assert mimic is not None
    view = game.view(mimic)
    assert view.has("changeling") and {"Elf", "Sliver", "Rogue", "Shapeshifter"} <= view.subtypes


ISAMARU = card("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog", 2, 2)
SPARK_DOUBLE = card("Spark Double", "{3}{U}", "Creature — Illusion", 0, 0, StaticAbility(
    "You may have this creature enter as a copy of a creature you control, except it isn't legendary.",
    replacements=(enters_as_copy(changes=lambda v: dataclasses.replace(
        v, supertypes=v.supertypes - {Supertype.LEGENDARY})),)))


def test_spark_double_copy_of_a_legend_is_not_legendary() -> None:
    """Cards: Isamaru, Hound of Konda (legendary); Spark Double copies it "except it isn't legendary" (707.9b):
    the legend rule (704.5j) doesn't apply: both stay."""
    game = Game()
    isamaru = game.place(ISAMARU, player="A")
    double = clone_copying(game, isamaru, clone=SPARK_DOUBLE)
    assert double is not None
    game.refresh_priority()
    assert game.current(isamaru).zone is Zone.BATTLEFIELD and game.current(double).zone is Zone.BATTLEFIELD
    assert game.view(double).name == "Isamaru, Hound of Konda" and not game.view(double).supertypes


def test_granted_changeling_is_not_modelled() -> None:
    """Cards: Conspiracy (Elf), Grizzly Bears with an Aura granting changeling.  A granted changeling is no CDA
    (604.3a(4)) and its effect is a layer-4 one gained in layer 6 (613.1f): the model says so rather than
    answer."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(CONSPIRACY, player="A", chosen={"type": "Elf"})
    game.place(card("Amorphous Aura", "{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature has changeling.", (gain("changeling"),), attached_to_this())), player="A",
        attached_to=bears)
    with pytest.raises(NotModelled, match=r"layer 6.*earlier layer 4"):
        game.view(bears)


def test_face_down_creature_made_a_copy_cannot_turn_face_up_by_morph() -> None:
    """Cards: a face-down morph (a 2/2); Cytoshape makes it a copy of Serra Angel until end of turn.  Layer 1b
    still makes it a nameless 2/2 (708.2, 613.2b).  Face up it would be a Serra Angel, which has no morph
    cost, so it can't be turned face up for one (702.37e)."""
    game = Game()
    morph = game.place(MORPH_KNIGHT, player="A", face_down=FaceDown.MORPH)
    angel = game.place(SERRA, player="B")
    resolve(game, "becomes a copy of Serra Angel until end of turn", [copy_of(game, angel)], [morph])
    assert game.view(morph).name is None and game.view(morph).pt == (2, 2)
    game.add_mana("A", "{2}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", morph)


def test_ashaya_under_humility_still_makes_forests() -> None:
    """Cards: Humility, then Ashaya, Grizzly Bears, a Forest.  Layer 4: Ashaya's effect starts (Ashaya and the
    Bears are Forest lands).  Layer 6: Humility removes Ashaya's abilities, but its layer-4 effect goes on
    (613.6).  7b: 1/1s."""
    game = Game()
    game.place(FOREST, player="A")
    game.place(HUMILITY, player="A")
    ashaya = game.place(ASHAYA, player="A")
    bears = game.place(BEARS, player="A")
    assert game.view(ashaya).pt == (1, 1)
    assert game.view(bears).is_a("Land") and "Forest" in game.view(bears).subtypes


def test_token_copy_of_a_clone_is_the_cloned_creature() -> None:
    """Cards: Serra Angel; Clone copying it; a token copy of the Clone (707.2, 111.4): a Serra Angel token."""
    game = Game()
    angel = game.place(SERRA, player="B")
    clone = clone_copying(game, angel)
    assert clone is not None
    made = create_token_copies(game, clone, "A")[0]
    assert game.view(made).name == "Serra Angel" and game.view(made).pt == (4, 4) and game.view(made).token


def test_token_copy_of_a_face_down_creature_is_a_face_up_nameless_2_2() -> None:
    """A token copy of a face-down morph copies its copiable values, those of 708.2: a 2/2 with no name — face
    up (707.2, 708.10... the copy isn't face down)."""
    game = Game()
    morph = game.place(MORPH_KNIGHT, player="A", face_down=FaceDown.MORPH)
    made = create_token_copies(game, morph, "A")[0]
    view = game.view(made)
    assert view.name is None and view.pt == (2, 2) and not view.face_down


def test_conditional_colour_keeps_its_timestamp_when_it_turns_back_on() -> None:
    """Cards: a creature with "as long as you control a Forest, this creature is blue" (a Forest there), then a
    red Aura on it (later): red.  The Forest leaves and another comes: the condition is true again, but the
    ability's effect keeps its object's timestamp (613.7a): still red."""
    ape = card("Forest-Blue Ape", "{R}", "Creature — Ape", 1, 1, StaticAbility(
        "As long as you control a Forest, this creature is blue.", (becomes_color("U"),), this_object(),
        condition=you_control(lands(subtypes=["Forest"]))))
    game = Game()
    forest = game.place(FOREST, player="A")
    creature = game.place(ape, player="A")
    game.place(RED_AURA, player="A", attached_to=creature)
    assert game.view(creature).colors == frozenset({Color.RED})
    game.move(forest, Zone.HAND)
    game.place(FOREST, player="A")
    assert game.view(creature).colors == frozenset({Color.RED})


def test_painters_servant_colours_a_spell_on_the_stack() -> None:
    """Cards: Painter's Servant (blue); A casts Lightning Bolt: the spell on the stack is red and blue
    (Painter's Servant affects spells)."""
    game = Game()
    game.place(PAINTER, player="A", chosen={"color": "U"})
    bolt = game.place(card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
        "Lightning Bolt deals 3 damage to any target.", lambda r: None)), Zone.HAND, "A")
    game.add_mana("A", "{R}")
    spell = game.cast("A", bolt)
    assert game.view(spell).colors == frozenset({Color.RED, Color.BLUE})


def test_resolved_pt_defining_effect_is_a_7b_effect_after_sizing_field() -> None:
    """Cards: Sizing Field (earlier), Grizzly Bears; a resolved "its power and toughness are each 5 until end of
    turn" (never a CDA: 613.4b): later than the Field: 5/5."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(SIZING_FIELD, player="A")
    resolve(game, "power and toughness are each 5", [defines_pt(fixed(5), fixed(5))], [bears])
    assert game.view(bears).pt == (5, 5)


def test_aura_on_an_opalescent_anthem_falls_off_when_opalescence_leaves() -> None:
    """Cards: Opalescence, Glorious Anthem (a 3/3 creature, 4/4 with itself), Holy Strength on it (5/6).
    Opalescence is destroyed: the Anthem is no creature; Holy Strength ("enchant creature") goes to the
    graveyard as a state-based action (704.5m)."""
    game = Game()
    opalescence = game.place(OPALESCENCE, player="A")
    anthem = game.place(ANTHEM, player="A")
    strength = game.place(PACIFISM_LIKE, player="A", attached_to=anthem)
    assert game.view(anthem).pt == (5, 6)
    game.destroy(opalescence)
    game.refresh_priority()
    assert game.current(strength).zone is Zone.GRAVEYARD


# --- the CR's examples of 707.2-707.5 ---------------------------------------------------------------

CHIMERIC_STAFF = card("Chimeric Staff", "{4}", "Artifact", ActivatedAbility(
    "{X}: This artifact becomes an X/X Construct artifact creature until end of turn.", cost("{X}"),
    lambda r: r.create_effect("becomes an X/X Construct artifact creature", [
        add_types("Creature"), becomes_creature_types("Construct"), base_pt(r.x, r.x)], [r.source_id],
        UntilEndOfTurn())))


def test_clone_copying_an_animated_chimeric_staff_is_just_an_artifact() -> None:
    """707.2's first example: Chimeric Staff animated as a 5/5; Clone enters as a copy of it: the Clone is an
    artifact, not a creature.  It has the Staff's ability: activated for X=3 it becomes a 3/3."""
    game = Game()
    staff = game.place(CHIMERIC_STAFF, player="A")
    game.add_mana("A", "{5}")
    game.activate("A", staff, x=5)
    game.resolve_stack()
    assert game.view(staff).pt == (5, 5)
    clone = clone_copying(game, staff)
    assert clone is not None
    view = game.view(clone)
    assert view.name == "Chimeric Staff" and view.is_a("Artifact") and not view.is_a("Creature")
    game.add_mana("A", "{3}")
    game.activate("A", clone, x=3)
    game.resolve_stack()
    assert game.view(clone).pt == (3, 3) and game.view(clone).is_a("Creature")


RUNECLAW_BEAR = card("Runeclaw Bear", "{1}{G}", "Creature — Bear", 2, 2)
DOPPELGANGER = card("Vesuvan Doppelganger", "{3}{U}{U}", "Creature — Shapeshifter", 0, 0, StaticAbility(
    "You may have this creature enter as a copy of any creature on the battlefield, except it doesn't copy that "
    "creature's color.", replacements=(enters_as_copy(changes=lambda v: dataclasses.replace(
        v, colors=frozenset({Color.BLUE}))),)))


def test_clone_of_a_doppelganger_copies_its_kept_colour_707_3() -> None:
    """707.3's first example: Vesuvan Doppelganger copies Runeclaw Bear except its colour (it stays blue); a Clone
    copying the Doppelganger is a 2/2 blue Bear named Runeclaw Bear."""
    game = Game()
    bear = game.place(RUNECLAW_BEAR, player="B")
    doppel = clone_copying(game, bear, clone=DOPPELGANGER)
    assert doppel is not None
    clone = clone_copying(game, doppel)
    assert clone is not None
    view = game.view(clone)
    assert view.name == "Runeclaw Bear" and view.colors == frozenset({Color.BLUE}) and view.pt == (2, 2)


GRINNING_DEMON = card("Grinning Demon", "{2}{B}{B}", "Creature — Demon", 6, 6, "morph {2}{B}{B}")
BRANCHSNAP_LORIAN = card("Branchsnap Lorian", "{1}{G}{G}", "Creature — Beast", 4, 1, "trample", "morph {G}")
WANDERING_ONES = card("Wandering Ones", "{U}", "Creature — Spirit", 1, 1)


def test_face_down_demon_copying_branchsnap_lorian_turns_up_for_g_707_3() -> None:
    """707.3's third example: a face-down Grinning Demon becomes a copy of Branchsnap Lorian (morph {G}): still
    a nameless 2/2; it can be turned face up for {G}, and is then a 4/1 trampling Branchsnap Lorian."""
    game = Game()
    demon = game.place(GRINNING_DEMON, player="A", face_down=FaceDown.MORPH)
    lorian = game.place(BRANCHSNAP_LORIAN, player="B")
    resolve(game, "becomes a copy of Branchsnap Lorian", [copy_of(game, lorian)], [demon], Indefinite())
    assert game.view(demon).name is None and game.view(demon).pt == (2, 2)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", demon)
    view = game.view(demon)
    assert view.name == "Branchsnap Lorian" and view.pt == (4, 1) and view.has("trample")


def test_face_down_demon_copying_wandering_ones_turned_up_by_an_effect_707_3() -> None:
    """707.3's fourth example: a face-down Grinning Demon becomes a copy of Wandering Ones (no morph): it can't
    be turned face up as a special action, but an effect turning it face up makes it a 1/1 blue Wandering Ones."""
    game = Game()
    demon = game.place(GRINNING_DEMON, player="A", face_down=FaceDown.MORPH)
    ones = game.place(WANDERING_ONES, player="B")
    resolve(game, "becomes a copy of Wandering Ones", [copy_of(game, ones)], [demon], Indefinite())
    game.add_mana("A", "{2}{B}{B}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", demon)
    assert turn_face_up(game, demon)
    view = game.view(demon)
    assert view.name == "Wandering Ones" and view.pt == (1, 1) and view.colors == frozenset({Color.BLUE})


def test_becoming_a_copy_keeps_giant_growth_707_4() -> None:
    """707.4's example: a creature under Giant Growth becomes a copy of another creature (Serra Angel): it still
    gets +3/+3: a 7/7 flying Serra Angel."""
    game = Game()
    bears = game.place(BEARS, player="A")
    angel = game.place(SERRA, player="B")
    resolve(game, "+3/+3", GROWTH_PARTS, [bears])
    resolve(game, "becomes a copy of Serra Angel", [copy_of(game, angel)], [bears], Indefinite())
    assert game.view(bears).pt == (7, 7) and game.view(bears).has("flying")


SKYSHROUD_BEHEMOTH = card("Skyshroud Behemoth", "{5}{G}{G}", "Creature — Beast", 10, 10, StaticAbility(
    "This creature enters tapped.", replacements=(enters_tapped(),)), StaticAbility(
    "This creature enters with two fade counters on it.", replacements=(enters_with_counters("fade", 2),)))


def test_clone_of_skyshroud_behemoth_enters_tapped_with_fade_counters_707_5() -> None:
    """707.5's first example: a Clone entering as a copy of Skyshroud Behemoth has its "enters tapped" and
    "enters with two fade counters" replacement effects: it enters tapped with two fade counters."""
    game = Game()
    behemoth = game.place(SKYSHROUD_BEHEMOTH, player="B")
    clone = clone_copying(game, behemoth)
    assert clone is not None
    assert game.view(clone).tapped and game.view(clone).counters.get("fade") == 2


# --- one effect that grants and removes abilities --------------------------------------------------

DARKSTEEL_MUTATION = card("Darksteel Mutation", "{1}{W}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has indestructible, "
    "and it loses all other abilities, card types, and creature types.",
    (becomes_types("Artifact", "Creature", subtypes=["Insect"]), base_pt(0, 1), gain("indestructible"),
     lose_all_abilities()), attached_to_this()))


def test_darksteel_mutation_keeps_the_indestructible_it_grants() -> None:
    """Cards: Serra Angel enchanted with Darksteel Mutation (its parts written in the card's order: "has
    indestructible, and it loses all other abilities").  Layer 4: an Insect artifact creature; layer 6: it
    loses every other ability, keeping indestructible; 7b: 0/1."""
    game = Game()
    angel = game.place(SERRA, player="B")
    game.place(DARKSTEEL_MUTATION, player="A", attached_to=angel)
    view = game.view(angel)
    assert view.subtypes == frozenset({"Insect"}) and view.is_a("Artifact") and view.pt == (0, 1)
    assert view.has("indestructible") and not view.has("flying")


def test_humility_then_darksteel_mutation_and_the_other_order() -> None:
    """Humility, then Darksteel Mutation on Serra Angel: in layer 6 the Mutation is later: indestructible; 7b:
    1/1 then 0/1.  Mutation first, then Humility: Humility removes indestructible too, and sets 1/1 last."""
    game = Game()
    game.place(HUMILITY, player="A")
    angel = game.place(SERRA, player="B")
    game.place(DARKSTEEL_MUTATION, player="A", attached_to=angel)
    assert game.view(angel).pt == (0, 1) and game.view(angel).has("indestructible")
    game = Game()
    angel = game.place(SERRA, player="B")
    game.place(DARKSTEEL_MUTATION, player="A", attached_to=angel)
    game.place(HUMILITY, player="A")
    assert game.view(angel).pt == (1, 1) and not game.view(angel).has("indestructible")


# --- 613.10: effects on players -----------------------------------------------------------------------

LEYLINE_OF_SANCTITY = card("Leyline of Sanctity", "{2}{W}{W}", "Enchantment", StaticAbility(
    "You have hexproof.", rules=(PlayersHave((keyword("hexproof"),)),)))
DURESS_LIKE = card("Mind Rot", "{2}{B}", "Sorcery", spell=SpellAbility(
    "Target player discards two cards.", lambda r: None, (target_player(),)))


def test_leyline_of_sanctity_player_hexproof_613_10() -> None:
    """Cards: A's Leyline of Sanctity ("you have hexproof", an effect on a player applied after objects'
    characteristics, 613.10; 702.11c); B can't target A with Mind Rot, but A can target themself."""
    game = Game()
    game.place(LEYLINE_OF_SANCTITY, player="A")
    rot_b = game.place(DURESS_LIKE, Zone.HAND, "B")
    game.next_turn()
    game.add_mana("B", "{2}{B}")
    with pytest.raises(IllegalAction):
        game.cast("B", rot_b, targets=["A"])
    game.next_turn()
    rot_a = game.place(DURESS_LIKE, Zone.HAND, "A")
    game.add_mana("A", "{2}{B}")
    game.cast("A", rot_a, targets=["A"])


# --- durations in the cleanup step, type changes keeping supertypes, the world rule -------------------

def discarded_by_you(tc: Any) -> int:
    e = tc.event
    return int(isinstance(e, ZoneChanged) and e.cause == "discard" and e.before is not None
               and e.before.owner == tc.source.controller)


DISCARD_PUMP = card("Mad Pump", "{1}{R}", "Enchantment", TriggeredAbility(
    "Whenever you discard a card, target creature gets +2/+2 until end of turn.",
    on_event("whenever you discard a card", [ZoneChanged], discarded_by_you),
    lambda r: r.create_effect("+2/+2 until end of turn", [modify_pt(2, 2)], r.targets(0), UntilEndOfTurn()),
    (target_creature(),)))


def test_until_end_of_turn_created_in_the_cleanup_step_ends_in_the_next_one_514_3a() -> None:
    """Cards: Grizzly Bears and "whenever you discard a card, target creature gets +2/+2 until end of turn";
    eight cards in A's hand.  A discards in the cleanup step (514.1); the trigger makes players receive
    priority (514.3a), the +2/+2 is created after 514.2 has passed; another cleanup step follows, and it ends
    there: in B's turn the Bears are 2/2."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(DISCARD_PUMP, player="A")
    for _ in range(8):
        game.place(BEARS, Zone.HAND, "A")
    game.next_turn()
    assert game.active == "B" and len(game.hand("A")) == 7
    assert [e.text for e in game.effects] == ["+2/+2 until end of turn"]
    assert game.view(bears).pt == (2, 2)


def test_song_of_the_dryads_on_a_legend_keeps_legendary_205_1a() -> None:
    """Song of the Dryads on Isamaru (legendary): it becomes a Forest land, losing its other card types and
    creature types, but keeping its supertypes (205.1a): a legendary Forest land."""
    game = Game()
    isamaru = game.place(ISAMARU, player="B")
    game.place(SONG_OF_THE_DRYADS, player="A", attached_to=isamaru)
    view = game.view(isamaru)
    assert view.supertypes == frozenset({Supertype.LEGENDARY}) and view.subtypes == frozenset({"Forest"})
    assert view.is_a("Land") and not view.is_a("Creature")


def test_song_of_the_dryads_on_an_equipment_drops_the_equipment_subtype() -> None:
    """Song of the Dryads on Bonesplitter: a Forest land and no longer an artifact, so not an Equipment
    (205.3d: a subtype that doesn't fit its types goes)."""
    game = Game()
    splitter = game.place(BONESPLITTER, player="B")
    game.place(SONG_OF_THE_DRYADS, player="A", attached_to=splitter)
    assert game.view(splitter).subtypes == frozenset({"Forest"}) and not game.view(splitter).is_a("Artifact")


def test_changeling_is_every_creature_type_in_the_hand() -> None:
    """702.73a, 604.3: changeling is a CDA and works in every zone: the card in hand is an Elf and a Sliver."""
    game = Game()
    outcast = game.place(CHANGELING_OUTCAST, Zone.HAND, "A")
    assert {"Elf", "Sliver", "Shapeshifter"} <= game.view(outcast).subtypes


def test_humility_flickered_after_opalescence_is_1_1() -> None:
    """Humility then Opalescence: Humility 4/4.  Humility is exiled and returned: a new object with a new
    timestamp (400.7, 613.7d), now later than Opalescence: in 7b its 1/1 applies last: 1/1."""
    game = Game()
    humility = game.place(HUMILITY, player="A")
    game.place(OPALESCENCE, player="A")
    assert game.view(humility).pt == (4, 4)
    exiled = game.move(humility, Zone.EXILE)
    assert exiled is not None
    back = game.move(exiled, Zone.BATTLEFIELD)
    assert back is not None
    assert game.view(back).pt == (1, 1)


def test_dryad_arbor_under_humility_loses_its_forest_mana_ability() -> None:
    """Dryad Arbor (a Forest Dryad land creature) under Humility: the Forest's intrinsic mana ability (305.6) is
    an ability, removed in layer 6 like any other; it stays a Forest Dryad, 1/1."""
    arbor = card("Dryad Arbor", None, "Land Creature — Forest Dryad", 1, 1, colors="G")
    game = Game()
    dryad = game.place(arbor, player="A")
    game.place(HUMILITY, player="A")
    view = game.view(dryad)
    assert view.abilities == () and view.subtypes == frozenset({"Forest", "Dryad"}) and view.pt == (1, 1)


def test_world_rule_keeps_the_one_world_for_the_shortest_time_704_5k() -> None:
    """Cards: Gravity Sphere (a world enchantment), then Glorious Anthem made a world enchantment by an effect:
    704.5k keeps the permanent that has had the world supertype for the shortest time: the Anthem; the Sphere
    goes.  The other way: the Anthem made a world first, then a Sphere enters: the Anthem goes."""
    game = Game()
    sphere = game.place(GRAVITY_SPHERE, player="A")
    anthem = game.place(ANTHEM, player="A")
    resolve(game, "is a world enchantment", [add_types(supertypes=["World"])], [anthem], Indefinite())
    game.refresh_priority()
    assert game.current(sphere).zone is Zone.GRAVEYARD and game.current(anthem).zone is Zone.BATTLEFIELD
    game = Game()
    anthem = game.place(ANTHEM, player="A")
    resolve(game, "is a world enchantment", [add_types(supertypes=["World"])], [anthem], Indefinite())
    sphere = game.place(GRAVITY_SPHERE, player="B")
    game.refresh_priority()
    assert game.current(sphere).zone is Zone.BATTLEFIELD and game.current(anthem).zone is Zone.GRAVEYARD


def test_until_the_end_of_your_next_turn_lasts_through_your_next_turn() -> None:
    """A resolves, in A's turn, "creatures you control get +1/+1 until the end of your next turn" (a common
    planeswalker wording; 514.2 ends it in that turn's cleanup step): it lasts through B's turn and A's next
    turn, and is gone in B's following turn."""
    game = Game()
    bears = game.place(BEARS, player="A")
    resolve(game, "+1/+1 until the end of your next turn", [modify_pt(1, 1)], creatures(controller="you"),
            UntilEndOfYourNextTurn("A"))
    game.next_turn()
    assert game.active == "B" and game.view(bears).pt == (3, 3)
    game.next_turn()
    assert game.active == "A" and game.view(bears).pt == (3, 3)
    game.advance_to(Step.END)
    assert game.view(bears).pt == (3, 3)
    game.next_turn()
    assert game.active == "B" and game.view(bears).pt == (2, 2)


def test_until_the_end_of_your_next_turn_made_in_an_opponents_turn() -> None:
    """B's Grizzly Bears; in A's turn B resolves "-1/-0 until the end of your next turn" on A's Serra Angel:
    B's next turn is the coming one: the Angel is 3/4 until B's cleanup step, then 4/4."""
    game = Game()
    angel = game.place(SERRA, player="A")
    resolve(game, "-1/-0 until the end of your next turn", [modify_pt(-1, 0)], [angel],
            UntilEndOfYourNextTurn("B"), player="B")
    game.next_turn()
    assert game.active == "B" and game.view(angel).pt == (3, 4)
    game.next_turn()
    assert game.active == "A" and game.view(angel).pt == (4, 4)


# --- choices copied, 707.9e, cost changes in 601.2f order, a switch outliving its +0/+1 -------------

def test_token_copy_of_painters_servant_makes_its_own_choice_614_12() -> None:
    """614.12's first example, with Painter's Servant (blue) instead of Voice of All: a token copy of it is
    created; as it enters its controller chooses a colour for it (red): B's Grizzly Bears are green, blue and
    red."""
    game = Game()
    bears = game.place(BEARS, player="B")
    servant = game.place(PAINTER, player="A", chosen={"color": "U"})
    game.choices.script(ChoiceKind.COLOR, "R", player="A")
    create_token_copies(game, servant, "A")
    assert game.view(bears).colors == frozenset({Color.GREEN, Color.BLUE, Color.RED})


ALTERED_EGO = card("Altered Ego", "{X}{2}{G}{U}", "Creature — Shapeshifter", 0, 0, StaticAbility(
    "You may have this creature enter as a copy of any creature on the battlefield, except it enters with two "
    "additional +1/+1 counters on it.", replacements=(enters_as_copy(counters=lambda g, i, v: {"+1/+1": 2}),)))


def test_altered_ego_copying_a_clone_gets_no_counters_707_9e() -> None:
    """707.9e's example: Altered Ego (X=2) enters as a copy of a Clone that copied nothing, and as it applies the
    Clone's copy ability it chooses Serra Angel: the exception's counters don't come: a 4/4 Serra Angel.
    Copying Serra Angel directly it is 6/6."""
    game = Game()
    clone = game.place(CLONE, player="B")
    angel = game.place(SERRA, player="B")
    game.choices.script(ChoiceKind.OBJECT, clone, player="A")
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    ego = game.put_onto_battlefield(ALTERED_EGO, "A")
    assert ego is not None
    assert game.view(ego).name == "Serra Angel" and game.view(ego).pt == (4, 4)
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    direct = game.put_onto_battlefield(ALTERED_EGO, "A")
    assert direct is not None and game.view(direct).pt == (6, 6)


THALIA = card("Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier", 2, 1, "first strike",
              StaticAbility("Noncreature spells cost {1} more to cast.", rules=(
                  CostChange(spells(not_types=["Creature"]), 1),)))
ELECTROMANCER = card("Goblin Electromancer", "{R}{U}", "Creature — Goblin Wizard", 2, 2, StaticAbility(
    "Instant and sorcery spells you cast cost {1} less to cast.", rules=(
        CostChange(spells("Instant", controller="you") | spells("Sorcery", controller="you"), -1),)))
LIGHTNING_BOLT = card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to any target.", lambda r: None))


def test_thalia_and_electromancer_increase_before_reduction_613_11() -> None:
    """613.11 sends cost changes to 601.2f: increases first, then reductions, whatever the timestamps: Lightning
    Bolt under Thalia (+{1}) and Goblin Electromancer (-{1}) costs {1}{R} - {1} = {R}, in either order."""
    for order in ((ELECTROMANCER, THALIA), (THALIA, ELECTROMANCER)):
        game = Game()
        views_after(game, *order)
        bolt = game.place(LIGHTNING_BOLT, Zone.HAND, "A")
        game.add_mana("A", "{R}")
        game.cast("A", bolt)
        assert game.view(game.current(bolt)).zone is Zone.STACK


def test_switch_outlives_its_plus_zero_plus_one_613_4d() -> None:
    """613.4d's second example: a 1/3 creature gets +0/+1 (until end of combat), then its power and toughness
    are switched (until end of turn): 4/1.  The +0/+1 ends first: 3/1."""
    game = Game()
    wall = game.place(card("Wall of Wood-ish", "{1}{G}", "Creature — Elf", 1, 3), player="A")
    resolve(game, "+0/+1 until end of combat", [modify_pt(0, 1)], [wall],
            UntilEndOfCombat())
    resolve(game, "switch", [switch_pt()], [wall])
    assert game.view(wall).pt == (4, 1)
    game.advance_to(Step.END_OF_COMBAT)
    game.advance_to(Step.END)
    assert game.view(wall).pt == (3, 1)


DRYAD_ARBOR = card("Dryad Arbor", None, "Land Creature — Forest Dryad", 1, 1, colors="G")
SAPROLING = token("Saproling", "Creature — Saproling", 1, 1, colors="G")


def test_blood_moon_life_and_limb_dryad_arbor_and_a_saproling_both_orders() -> None:
    """Cards: Dryad Arbor (a nonbasic Forest Dryad land creature), a Saproling token, Blood Moon and Life and
    Limb.  Life and Limb depends on Blood Moon (which stops the Arbor being a Forest) and Blood Moon on Life and
    Limb (which makes the Saproling a nonbasic land): a loop, so timestamp order (613.8b).
    Blood Moon first: the Arbor is a Mountain Dryad (no Forest, so Life and Limb skips it); the Saproling
    becomes a Forest land after Blood Moon has applied: a Saproling Forest.
    Life and Limb first: both are Saproling Forest lands, then Mountains: the Arbor a Mountain Dryad
    Saproling, the token a Mountain Saproling."""
    expected = {True: ({"Mountain", "Dryad"}, {"Forest", "Saproling"}),
                False: ({"Mountain", "Dryad", "Saproling"}, {"Mountain", "Saproling"})}
    for moon_first in (True, False):
        game = Game()
        arbor = game.place(DRYAD_ARBOR, player="A")
        saproling = game.create_token(SAPROLING, "A")[0]
        views_after(game, *((BLOOD_MOON, LIFE_AND_LIMB) if moon_first else (LIFE_AND_LIMB, BLOOD_MOON)))
        assert game.view(arbor).subtypes == frozenset(expected[moon_first][0])
        assert game.view(saproling).subtypes == frozenset(expected[moon_first][1])
        assert game.view(saproling).is_a("Land")


def test_life_and_limb_waits_for_blood_moon_on_dryad_arbor() -> None:
    """Dryad Arbor, Life and Limb, then Blood Moon (no Saproling): Life and Limb depends on Blood Moon, which
    applies first though later (613.8a): the Arbor is a Mountain Dryad, not a Saproling."""
    game = Game()
    arbor = game.place(DRYAD_ARBOR, player="A")
    views_after(game, LIFE_AND_LIMB, BLOOD_MOON)
    assert game.view(arbor).subtypes == frozenset({"Mountain", "Dryad"})


def test_an_aura_setting_pt_by_a_count_goes_by_timestamp_with_sizing_field() -> None:
    """An Aura "enchanted creature has base power and toughness each equal to the number of cards in your hand"
    (printed on the Aura, affecting another object: no CDA, 604.3a(3); a 7b effect, 613.4b) and Sizing Field:
    the later one wins.  Aura later: 3/3 with three cards in hand; Sizing Field later: 1/1."""
    number = count(cards_in(Zone.HAND, owner="you"))
    aura = card("Hand-Measure Aura", "{G}", "Enchantment — Aura", "enchant creature", StaticAbility(
        "Enchanted creature has base power and toughness each equal to the number of cards in your hand.",
        (defines_pt(number, number),), attached_to_this()))
    for aura_last, expected in ((True, (3, 3)), (False, (1, 1))):
        game = Game()
        for _ in range(3):
            game.place(BEARS, Zone.HAND, "A")
        bears = game.place(BEARS, player="A")
        if not aura_last:
            game.place(aura, player="A", attached_to=bears)
        game.place(SIZING_FIELD, player="A")
        if aura_last:
            game.place(aura, player="A", attached_to=bears)
        assert game.view(bears).pt == expected


def test_equip_to_the_creature_it_already_equips_gives_no_new_timestamp() -> None:
    """Cards: Serra Angel equipped with Colossus Hammer ("loses flying"), then Levitation (later): it flies.
    Equip is activated targeting the Angel again: attaching to what it already equips does nothing (701.3b),
    no new timestamp (613.7e): it still flies.  Equipped to Grizzly Bears and back, it gets a new one: the
    Angel no longer flies."""
    game = Game()
    angel = game.place(SERRA, player="A")
    bears = game.place(BEARS, player="A")
    hammer = game.place(COLOSSUS_HAMMER, player="A", attached_to=angel)
    game.place(LEVITATION, player="A")
    assert game.view(angel).has("flying")
    game.add_mana("A", "{24}")
    game.activate("A", hammer, targets=[angel])
    game.resolve_stack()
    assert game.view(angel).has("flying") and game.view(angel).pt == (14, 14)
    game.activate("A", hammer, targets=[bears])
    game.resolve_stack()
    game.activate("A", hammer, targets=[angel])
    game.resolve_stack()
    assert not game.view(angel).has("flying") and game.view(bears).has("flying")


ENCHANTMENT_WATCHER = card("Enchantment Watcher", "{2}{G}", "Enchantment", TriggeredAbility(
    "Whenever an enchantment enters under your control, you gain 1 life.", enters(enchantments(controller="you")),
    lambda r: r.game.gain_life(r.controller, 1)))


def test_put_onto_the_battlefield_as_an_enchantment_triggers_611_2e() -> None:
    """611.2e's example (Arbiter of the Ideal): an effect puts Grizzly Bears onto the battlefield and says "that
    permanent is an enchantment in addition to its other types": it enters as an enchantment, so "whenever an
    enchantment enters under your control" triggers (A gains 1 life); plain Grizzly Bears don't trigger it."""
    game = Game()
    game.place(ENCHANTMENT_WATCHER, player="A")
    game.put_onto_battlefield(BEARS, "A", effects=[
        ("That permanent is an enchantment in addition to its other types.", [add_types("Enchantment")])])
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 21
    game.put_onto_battlefield(BEARS, "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 21


GOBLIN_OVERLORD = card("Goblin Overlord", "{3}{R}{R}", "Creature — Goblin", 3, 3, StaticAbility(
    "You control all Goblins.", (gain_control(),), creatures(subtypes=["Goblin"])))
GOBLIN_PIKER = card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1)


def test_control_of_all_goblins_is_decided_before_conspiracy_makes_goblins() -> None:
    """Cards: A's "you control all Goblins" (layer 2); B's Grizzly Bears, Goblin Piker and Conspiracy naming
    Goblin (layer 4).  613.1: layer 2 comes first, when the Bears aren't Goblins yet: B keeps the Bears (a
    Goblin by layer 4); A controls the Piker, which B's Conspiracy then no longer reaches (a Goblin Warrior)."""
    game = Game()
    game.place(GOBLIN_OVERLORD, player="A")
    bears = game.place(BEARS, player="B")
    piker = game.place(GOBLIN_PIKER, player="B")
    game.place(CONSPIRACY, player="B", chosen={"type": "Goblin"})
    assert game.view(bears).controller == "B" and game.view(bears).subtypes == frozenset({"Goblin"})
    assert game.view(piker).controller == "A" and game.view(piker).subtypes == frozenset({"Goblin", "Warrior"})


def test_two_players_permanents_entering_together_take_apnap_timestamps_613_7m() -> None:
    """A's Humility (from A's hand) and B's Opalescence (from B's hand) are put onto the battlefield by one
    effect.  613.7m: the active player's objects get the earlier timestamps.  In A's turn Humility is earlier:
    in 7b Opalescence's mana value comes last: Humility 4/4.  In B's turn Opalescence is earlier: Humility 1/1."""
    for b_active, expected in ((False, (4, 4)), (True, (1, 1))):
        game = Game()
        if b_active:
            game.next_turn()
        humility = game.place(HUMILITY, Zone.HAND, "A")
        opalescence = game.place(OPALESCENCE, Zone.HAND, "B")
        entered = game.put_all_onto_battlefield([humility, opalescence])
        assert entered[0] is not None and game.view(entered[0]).controller == "A"
        assert game.view(entered[0]).pt == expected
