"""The pool the layer differential test draws boards from: well-known cards with static abilities
and well-known resolved effects, in the oracle's description language (:mod:`layer_oracle`),
each described in our own words after the card its name says."""

from __future__ import annotations

from layer_oracle import (
    ENCHANTED,
    AddColors,
    AddTypes,
    CardSpec,
    CreatureTypesBecome,
    EveryCreatureType,
    Gain,
    GainControl,
    GainStatic,
    LandTypesBecome,
    Lose,
    LoseAll,
    ModPT,
    PTIsSwampsYouControl,
    ResolvedSpec,
    SetColors,
    SetPT,
    SetPTToManaValue,
    SetTypes,
    StaticSpec,
    Switch,
    TriggerSpec,
    sel,
)

F = frozenset

# Permanents with static abilities.
BLOOD_MOON = CardSpec("Blood Moon", "{2}{R}", "Enchantment", statics=(StaticSpec(
    "Nonbasic lands are Mountains.", sel("Land", not_supertypes=["Basic"]), (LandTypesBecome("Mountain"),)),))
URBORG = CardSpec("Urborg, Tomb of Yawgmoth", None, "Legendary Land", statics=(StaticSpec(
    "Each land is a Swamp in addition to its other land types.", sel("Land"), (AddTypes(subtypes=F({"Swamp"})),)),))
CONSPIRACY = CardSpec("Xenograft-like Conspiracy", "{3}{B}{B}", "Enchantment", statics=(StaticSpec(
    "Creatures you control are Elves.", sel("Creature", controller="you"), (CreatureTypesBecome("Elf"),)),))
OPALESCENCE = CardSpec("Opalescence", "{2}{W}{W}", "Enchantment", statics=(StaticSpec(
    "Each other non-Aura enchantment is a creature in addition to its other types and has base power and "
    "toughness each equal to its mana value.", sel("Enchantment", not_subtypes=["Aura"], other=True),
    (AddTypes(F({"Creature"})), SetPTToManaValue())),))
MARCH = CardSpec("March of the Machines", "{3}{U}", "Enchantment", statics=(StaticSpec(
    "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value.",
    sel("Artifact", not_types=["Creature"]), (AddTypes(F({"Creature"})), SetPTToManaValue())),))
LATTICE = CardSpec("Mycosynth Lattice", "{6}", "Artifact", statics=(
    StaticSpec("All permanents are artifacts in addition to their other types.", sel(),
               (AddTypes(F({"Artifact"})),)),
    StaticSpec("All permanents are colorless.", sel(), (SetColors(F()),))))
HUMILITY = CardSpec("Humility", "{2}{W}{W}", "Enchantment", statics=(StaticSpec(
    "All creatures lose all abilities and have base power and toughness 1/1.", sel("Creature"),
    (LoseAll(), SetPT(1, 1))),))
ANTHEM = CardSpec("Glorious Anthem", "{1}{W}{W}", "Enchantment", statics=(StaticSpec(
    "Creatures you control get +1/+1.", sel("Creature", controller="you"), (ModPT(1, 1),)),))
CRUSADE = CardSpec("Crusade", "{W}{W}", "Enchantment", statics=(StaticSpec(
    "White creatures get +1/+1.", sel("Creature", colors="W"), (ModPT(1, 1),)),))
BAD_MOON = CardSpec("Bad Moon", "{1}{B}", "Enchantment", statics=(StaticSpec(
    "Black creatures get +1/+1.", sel("Creature", colors="B"), (ModPT(1, 1),)),))
DARKEST_HOUR = CardSpec("Darkest Hour", "{B}", "Enchantment", statics=(StaticSpec(
    "All creatures are black.", sel("Creature"), (SetColors(F({"B"})),)),))
DRALNUS_CRUSADE = CardSpec("Dralnu's Crusade", "{1}{B}{R}", "Enchantment", statics=(
    StaticSpec("Goblin creatures get +1/+1.", sel("Creature", subtypes=["Goblin"]), (ModPT(1, 1),)),
    StaticSpec("All Goblins are black and are Zombies in addition to their other creature types.",
               sel(subtypes=["Goblin"]), (AddTypes(subtypes=F({"Zombie"})), SetColors(F({"B"}))))))
LEVITATION = CardSpec("Levitation", "{2}{U}{U}", "Enchantment", statics=(StaticSpec(
    "Creatures you control have flying.", sel("Creature", controller="you"), (Gain("flying"),)),))
DOMINATION = CardSpec("Total Domination", "{5}{U}{U}", "Enchantment", statics=(StaticSpec(
    "You control all creatures your opponents control.", sel("Creature", controller="opponent"),
    (GainControl(),)),))
LIVING_LANDS = CardSpec("Living Lands", "{3}{G}", "Enchantment", statics=(StaticSpec(
    "All Forests are 1/1 creatures that are still lands.", sel("Land", subtypes=["Forest"]),
    (AddTypes(F({"Creature"})), SetPT(1, 1))),))
KORMUS_BELL = CardSpec("Kormus Bell", "{4}", "Artifact", statics=(StaticSpec(
    "All Swamps are 1/1 black creatures that are still lands.", sel("Land", subtypes=["Swamp"]),
    (AddTypes(F({"Creature"})), SetColors(F({"B"})), SetPT(1, 1))),))
GOBLIN_KING = CardSpec("Goblin King", "{1}{R}{R}", "Creature — Goblin", (2, 2), statics=(StaticSpec(
    "Other Goblin creatures get +1/+1 and have mountainwalk.", sel("Creature", subtypes=["Goblin"], other=True),
    (Gain("mountainwalk"), ModPT(1, 1))),))
NIGHTMARE = CardSpec("Nightmare", "{5}{B}", "Creature — Nightmare Horse", keywords=("flying",), statics=(StaticSpec(
    "Nightmare's power and toughness are each equal to the number of Swamps you control.", None,
    (PTIsSwampsYouControl(),), cda=True),))
CHANGELING = CardSpec("Woodland Changeling", "{1}{G}", "Creature — Shapeshifter", (2, 2), statics=(StaticSpec(
    "Changeling (This card is every creature type.)", None, (EveryCreatureType(),), cda=True),))
PAINTER = CardSpec("Painter's Servant-like", "{2}", "Artifact Creature — Scarecrow", (1, 3), statics=(StaticSpec(
    "All permanents are blue in addition to their other colors.", sel(), (AddColors(F({"U"})),)),))
ARCHETYPE = CardSpec("Archetype-like", "{4}{U}", "Enchantment Creature — Human Wizard", (2, 2), statics=(StaticSpec(
    "Creatures your opponents control lose flying.", sel("Creature", controller="opponent"), (Lose("flying"),)),))
GIFT = CardSpec("Gift of Size-like", "{2}{G}", "Enchantment", statics=(StaticSpec(
    "Creatures you control have \"This creature has base power and toughness 3/3.\"",
    sel("Creature", controller="you"), (GainStatic(StaticSpec(
        "This creature has base power and toughness 3/3.", None, (SetPT(3, 3),))),)),))
RUSTED_RELIC = CardSpec("Rusted Relic", "{4}", "Artifact", statics=(StaticSpec(
    "Metalcraft — Rusted Relic is a 5/5 Golem artifact creature as long as you control three or more artifacts.",
    None, (AddTypes(F({"Creature"}), F({"Golem"})), SetPT(5, 5)), condition=(sel("Artifact"), 3)),))

# Auras ("enchant creature"), attached by an event of their own (613.7e: a new timestamp each time).
KENRITHS_TRANSFORMATION = CardSpec("Kenrith's Transformation", "{1}{G}", "Enchantment — Aura",
                                   keywords=("enchant creature",), statics=(StaticSpec(
    "Enchanted creature loses all abilities and is a green Elk creature with base power and toughness 3/3.",
    ENCHANTED, (SetTypes(F({"Creature"}), F({"Elk"})), SetColors(F({"G"})), LoseAll(), SetPT(3, 3))),))
DARKSTEEL_MUTATION = CardSpec("Darksteel Mutation", "{1}{W}", "Enchantment — Aura", keywords=("enchant creature",),
                              statics=(StaticSpec(
    "Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has indestructible, "
    "and it loses all other abilities.", ENCHANTED,
    (SetTypes(F({"Artifact", "Creature"}), F({"Insect"})), LoseAll(), Gain("indestructible"), SetPT(0, 1))),))
RANCOR = CardSpec("Rancor", "{G}", "Enchantment — Aura", keywords=("enchant creature",), statics=(StaticSpec(
    "Enchanted creature gets +2/+0 and has trample.", ENCHANTED, (Gain("trample"), ModPT(2, 0))),))
AURAS = (KENRITHS_TRANSFORMATION, DARKSTEEL_MUTATION, RANCOR)

# Permanents with triggered abilities that look back in time (603.10a-b).
BLOOD_ARTIST = CardSpec("Blood Artist-like", "{1}{B}", "Creature — Vampire", (0, 1), triggers=(TriggerSpec(
    "Whenever a creature dies, you gain 1 life.", "dies", sel("Creature")),))
CUTTHROAT = CardSpec("Zulaport-like", "{1}{B}", "Creature — Human Rogue", (1, 1), triggers=(TriggerSpec(
    "Whenever another creature you control dies, you gain 1 life.", "dies",
    sel("Creature", controller="you", other=True)),))
MOURNER = CardSpec("Black-creature mourner", "{2}{B}", "Enchantment", triggers=(TriggerSpec(
    "Whenever a black creature dies, you gain 1 life.", "dies", sel("Creature", colors="B")),))
PERILOUS_MYR = CardSpec("Perilous Myr-like", "{2}", "Artifact Creature — Phyrexian Myr", (1, 1), triggers=(
    TriggerSpec("When this creature dies, you gain 1 life.", "dies"),))
JOURNEY = CardSpec("Journey-like", "{1}{W}", "Enchantment", triggers=(TriggerSpec(
    "When this enchantment leaves the battlefield, you gain 1 life.", "leaves the battlefield"),))
PHASER = CardSpec("Phasing watcher", "{1}{U}", "Creature — Human Wizard", (1, 1), triggers=(
    TriggerSpec("When this creature phases out, you gain 1 life.", "phases out"),
    TriggerSpec("Whenever a creature you control phases out, you gain 1 life.", "phases out",
                sel("Creature", controller="you"))))
GRAVE_WATCHER = CardSpec("Grave watcher", "{2}{B}", "Enchantment", triggers=(TriggerSpec(
    "Whenever a creature card is put into a graveyard from anywhere, you gain 1 life.",
    "is put into a graveyard from anywhere", sel("Creature")),))
TRIGGER_CARDS = (GRAVE_WATCHER, BLOOD_ARTIST, CUTTHROAT, MOURNER, PERILOUS_MYR, JOURNEY, PHASER)

# Permanents without them.
MERIEKE = CardSpec("Merieke Ri Berit", "{W}{U}{B}", "Legendary Creature — Human", (1, 1))
BEARS = CardSpec("Grizzly Bears", "{1}{G}", "Creature — Bear", (2, 2))
SERRA = CardSpec("Serra Angel", "{3}{W}{W}", "Creature — Angel", (4, 4), ("flying", "vigilance"))
PIKER = CardSpec("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", (2, 1))
RAGING = CardSpec("Raging Goblin", "{R}", "Creature — Goblin Berserker", (1, 1), ("haste",))
ELVES = CardSpec("Llanowar Elves", "{G}", "Creature — Elf Druid", (1, 1))
KNIGHT = CardSpec("Black Knight", "{B}{B}", "Creature — Human Knight", (2, 2), ("first strike",))
ORNITHOPTER = CardSpec("Ornithopter", "{0}", "Artifact Creature — Thopter", (0, 2), ("flying",))
SOL_RING = CardSpec("Sol Ring", "{1}", "Artifact")
MIND_STONE = CardSpec("Mind Stone", "{2}", "Artifact")
FOREST = CardSpec("Forest", None, "Basic Land — Forest")
SWAMP = CardSpec("Swamp", None, "Basic Land — Swamp")
MOUNTAIN = CardSpec("Mountain", None, "Basic Land — Mountain")
GATE = CardSpec("Mystic Gate", None, "Land")
DRYAD_ARBOR = CardSpec("Dryad Arbor", None, "Land Creature — Forest Dryad", (1, 1), colors="G")

STATIC_CARDS = (BLOOD_MOON, URBORG, CONSPIRACY, OPALESCENCE, MARCH, LATTICE, HUMILITY, ANTHEM, CRUSADE, BAD_MOON,
                DARKEST_HOUR, DRALNUS_CRUSADE, LEVITATION, DOMINATION, LIVING_LANDS, KORMUS_BELL, GOBLIN_KING,
                NIGHTMARE, CHANGELING, PAINTER, ARCHETYPE, GIFT, RUSTED_RELIC)
PLAIN_CARDS = (MERIEKE, BEARS, SERRA, PIKER, RAGING, ELVES, KNIGHT, ORNITHOPTER, SOL_RING, MIND_STONE, FOREST, SWAMP,
               MOUNTAIN, GATE, DRYAD_ARBOR)

# Resolved spells and abilities.
GIANT_GROWTH = ResolvedSpec("Target creature gets +3/+3 until end of turn.", (ModPT(3, 3),), "creature")
TWISTED_IMAGE = ResolvedSpec("Switch target creature's power and toughness until end of turn.", (Switch(),),
                             "creature")
TURN_TO_FROG = ResolvedSpec(
    "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and "
    "toughness 1/1.", (CreatureTypesBecome("Frog"), SetColors(F({"U"})), LoseAll(), SetPT(1, 1)), "creature")
TRICKSTER = ResolvedSpec("Target creature loses all abilities until end of turn.", (LoseAll(),), "creature")
ACT_OF_TREASON = ResolvedSpec("Gain control of target creature until end of turn. It gains haste until end of turn.",
                              (GainControl(), Gain("haste")), "creature")
CONTROL_MAGIC = ResolvedSpec("Gain control of target permanent.", (GainControl(),), "permanent")
WARRIORS_HONOR = ResolvedSpec("Creatures you control get +1/+1 until end of turn.", (ModPT(1, 1),), None,
                              sel("Creature", controller="you"))
CERULEAN_WISPS = ResolvedSpec("Target creature becomes blue until end of turn.", (SetColors(F({"U"})),), "creature")
TEZZERET = ResolvedSpec("Target artifact becomes an artifact creature with base power and toughness 5/5.",
                        (AddTypes(F({"Creature"})), SetPT(5, 5)), "artifact")
ANIMATE_LAND = ResolvedSpec("Until end of turn, target land becomes a 3/3 creature that's still a land.",
                            (AddTypes(F({"Creature"})), SetPT(3, 3)), "land")
SHRINK = ResolvedSpec("Target creature becomes 0/2 until end of turn.", (SetPT(0, 2),), "creature")
WHITE_WASH = ResolvedSpec("All creatures become white until end of turn.", (SetColors(F({"W"})),), None,
                          sel("Creature"))
SONG_OF_THE_DRYADS = ResolvedSpec("Target permanent is a colorless Forest land.",
                                  (SetTypes(F({"Land"}), F({"Forest"})), SetColors(F())), "permanent")
MUTAVAULT = ResolvedSpec("Until end of turn, target land becomes a 2/2 creature with all creature types.",
                         (AddTypes(F({"Creature"})), EveryCreatureType(), SetPT(2, 2)), "land")
LIQUIMETAL = ResolvedSpec("Target permanent becomes an artifact in addition to its other types.",
                          (AddTypes(F({"Artifact"})),), "permanent")
GRAVITY = ResolvedSpec("Target creature loses flying until end of turn.", (Lose("flying"),), "creature")
JUMP = ResolvedSpec("Target creature gains flying until end of turn.", (Gain("flying"),), "creature")
GIVE_LORDSHIP = ResolvedSpec("Target creature gains \"Other creatures you control get +1/+1.\"",
                             (GainStatic(StaticSpec("Other creatures you control get +1/+1.",
                                                    sel("Creature", controller="you", other=True),
                                                    (ModPT(1, 1),))),), "creature")
GIVE_SIZE = ResolvedSpec("Target creature gains \"This creature has base power and toughness 4/4.\"",
                         (GainStatic(StaticSpec("This creature has base power and toughness 4/4.", None,
                                                (SetPT(4, 4),))),), "creature")
GIVE_GROUNDING = ResolvedSpec("Target creature gains \"Creatures your opponents control lose flying.\"",
                              (GainStatic(StaticSpec("Creatures your opponents control lose flying.",
                                                     sel("Creature", controller="opponent"), (Lose("flying"),))),),
                              "creature")
CYTOSHAPE = ResolvedSpec("Choose a creature on the battlefield. Target creature becomes a copy of that creature "
                         "until end of turn.", (), "creature", copy=True)
MERIEKES_ABILITY = ResolvedSpec("Gain control of target creature for as long as you control Merieke Ri Berit.",
                                (GainControl(),), "creature")

RESOLVED = (GIANT_GROWTH, TWISTED_IMAGE, TURN_TO_FROG, TRICKSTER, ACT_OF_TREASON, CONTROL_MAGIC, WARRIORS_HONOR,
            CERULEAN_WISPS, TEZZERET, ANIMATE_LAND, SHRINK, WHITE_WASH, SONG_OF_THE_DRYADS, MUTAVAULT, LIQUIMETAL,
            GRAVITY, JUMP, GIVE_LORDSHIP, GIVE_SIZE, GIVE_GROUNDING, CYTOSHAPE, MERIEKES_ABILITY)
