"""Card types, supertypes and subtypes (205), and the type line they are printed on.

Card types and supertypes are closed lists (205.2a, 205.4a): a name not in them is bad input.
Subtypes are open strings, except the ones the rules give meaning to: basic land types
(305.6) and the subtypes of attachments (Aura 303.4, Equipment 301.5, Fortification 301.6).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from kb.engine.errors import ScenarioError


class CardType(StrEnum):
    """The card types of 205.2a."""

    ARTIFACT = "Artifact"
    BATTLE = "Battle"
    CONSPIRACY = "Conspiracy"
    CREATURE = "Creature"
    DUNGEON = "Dungeon"
    ENCHANTMENT = "Enchantment"
    INSTANT = "Instant"
    KINDRED = "Kindred"
    LAND = "Land"
    PHENOMENON = "Phenomenon"
    PLANE = "Plane"
    PLANESWALKER = "Planeswalker"
    SCHEME = "Scheme"
    SORCERY = "Sorcery"
    VANGUARD = "Vanguard"


class Supertype(StrEnum):
    """The supertypes of 205.4a."""

    BASIC = "Basic"
    LEGENDARY = "Legendary"
    ONGOING = "Ongoing"
    SNOW = "Snow"
    WORLD = "World"


PERMANENT_TYPES = frozenset({CardType.ARTIFACT, CardType.BATTLE, CardType.CREATURE, CardType.ENCHANTMENT,
                             CardType.LAND, CardType.PLANESWALKER})
"""A card or token with one of these types enters the battlefield when it resolves (110.4)."""

BASIC_LAND_TYPES: dict[str, str] = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""Each basic land type and the mana its intrinsic ability adds (305.6)."""

AURA = "Aura"
EQUIPMENT = "Equipment"
FORTIFICATION = "Fortification"
SAGA = "Saga"
ROLE = "Role"
ATTACHMENT_SUBTYPES = frozenset({AURA, EQUIPMENT, FORTIFICATION})
"""The permanents that can be attached and phase out with their host (702.26g)."""


LAND_TYPES = frozenset({
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
    "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's"
})
"""The land types (205.3i): setting a land's subtype replaces only these (305.7)."""

CREATURE_TYPES = frozenset({
    "Time Lord", "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer",
    "Archon", "Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog",
    "Aurochs", "Avatar", "Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat",
    "Bear", "Beast", "Beaver", "Beeble", "Beholder", "Berserker", "Bird", "Bison", "Blinkmoth",
    "Boar", "Bringer", "Brushwagg", "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat",
    "Centaur", "Child", "Chimera", "Citizen", "Cleric", "Clown", "Cockatrice", "Construct",
    "Coward", "Coyote", "Crab", "Crocodile", "C’tan", "Custodes", "Cyberman", "Cyclops", "Dalek",
    "Dauthi", "Demigod", "Demon", "Deserter", "Detective", "Devil", "Dinosaur", "Djinn", "Doctor",
    "Dog", "Dragon", "Drake", "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Dwarf", "Echidna",
    "Efreet", "Egg", "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Employee", "Eye",
    "Faerie", "Ferret", "Fish", "Flagbearer", "Fox", "Fractal", "Frog", "Fungus", "Gamer",
    "Gargoyle", "Germ", "Giant", "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God",
    "Golem", "Gorgon", "Graveborn", "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster",
    "Harpy", "Hedgehog", "Hellion", "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus",
    "Horror", "Horse", "Human", "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Inkling",
    "Inquisitor", "Insect", "Jackal", "Jellyfish", "Juggernaut", "Kangaroo", "Kavu", "Kirin",
    "Kithkin", "Knight", "Kobold", "Kor", "Kraken", "Llama", "Lamia", "Lammasu", "Leech", "Lemur",
    "Leviathan", "Lhurgoyf", "Licid", "Lizard", "Lobster", "Manticore", "Masticore", "Mercenary",
    "Merfolk", "Metathran", "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk",
    "Monkey", "Moogle", "Moonfolk", "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus",
    "Necron", "Nephilim", "Nightmare", "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph",
    "Octopus", "Ogre", "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin",
    "Peasant", "Pegasus", "Pentavite", "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian",
    "Pilot", "Pincher", "Pirate", "Plant", "Platypus", "Porcupine", "Possum", "Praetor", "Primarch",
    "Prism", "Processor", "Qu", "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel", "Reflection",
    "Rhino", "Rigger", "Robot", "Rogue", "Sable", "Salamander", "Samurai", "Sand", "Saproling",
    "Satyr", "Scarecrow", "Scientist", "Scion", "Scorpion", "Scout", "Sculpture", "Seal", "Serf",
    "Serpent", "Servo", "Shade", "Shaman", "Shapeshifter", "Shark", "Sheep", "Siren", "Skeleton",
    "Skunk", "Slith", "Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer",
    "Spawn", "Specter", "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge",
    "Squid", "Squirrel", "Starfish", "Surrakar", "Survivor", "Symbiote", "Synth", "Tentacle",
    "Tetravite", "Thalakos", "Thopter", "Thrull", "Tiefling", "Toy", "Treefolk", "Trilobite",
    "Triskelavite", "Troll", "Turtle", "Tyranid", "Unicorn", "Vampire", "Varmint", "Vedalken",
    "Villain", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird", "Werewolf",
    "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm", "Yeti", "Zombie",
    "Zubera"
})
"""The creature types (205.3m), shared with kindreds: what changeling makes an object (702.73a)
and what "is the chosen creature type" replaces."""


ARTIFACT_TYPES = frozenset({
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
    "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone",
    "Spacecraft", "Stone", "Treasure", "Vehicle"
})
"""The artifact types (205.3g)."""

ENCHANTMENT_TYPES = frozenset({
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
    "Shard", "Shrine"
})
"""The enchantment types (205.3h)."""

SPELL_TYPES = frozenset({
    "Adventure", "Arcane", "Lesson", "Omen", "Trap"
})
"""The spell types (205.3k), shared by instants and sorceries."""


def subtype_fits(subtype: str, types: frozenset[CardType]) -> bool:
    """Does ``subtype`` correspond to one of ``types`` (205.3d)?  Subtypes in no list of the CR
    (planeswalker, dungeon, plane types …) are kept."""
    if subtype in CREATURE_TYPES:
        return bool(types & {CardType.CREATURE, CardType.KINDRED})
    if subtype in LAND_TYPES:
        return CardType.LAND in types
    if subtype in ARTIFACT_TYPES:
        return CardType.ARTIFACT in types
    if subtype in ENCHANTMENT_TYPES:
        return CardType.ENCHANTMENT in types
    if subtype in SPELL_TYPES:
        return bool(types & {CardType.INSTANT, CardType.SORCERY})
    return True


_CLOSED_LISTS = {CardType.CREATURE: CREATURE_TYPES, CardType.KINDRED: CREATURE_TYPES, CardType.LAND: LAND_TYPES,
                 CardType.ARTIFACT: ARTIFACT_TYPES, CardType.ENCHANTMENT: ENCHANTMENT_TYPES,
                 CardType.INSTANT: SPELL_TYPES, CardType.SORCERY: SPELL_TYPES}
_LISTED = frozenset().union(*_CLOSED_LISTS.values())
SUBTYPES_BY_LOWER: dict[str, str] = {s.lower(): s for s in _LISTED}
"""Every listed subtype by its lower-case spelling, for keywords read lower-case ("enchant elf")."""


def check_subtypes(subtypes: Iterable[str], types: Iterable[CardType], what: str) -> None:
    """Refuse a subtype that is on none of the CR's lists (205.3g-m), such as "Elves" or
    "Forests", where it would silently match or add nothing; unless a card type whose list the
    model doesn't hold is named (planeswalker, battle, plane … types: 205.3j, 205.3n)."""
    if any(t not in _CLOSED_LISTS for t in types):
        return
    unknown = sorted(set(subtypes) - _LISTED)
    if unknown:
        raise ScenarioError(f"{what}: {unknown} on no list of subtypes (205.3): write them singular, as the CR does "
                            f"(Elf, Forest), or name the card type they belong to")


_SUPERTYPE_NAMES = frozenset(s.value for s in Supertype)


def card_type(name: str) -> CardType:
    try:
        return CardType(name)
    except ValueError:
        raise ScenarioError(f"unknown card type {name!r} (205.2a lists {', '.join(CardType)})") from None


def supertype(name: str) -> Supertype:
    try:
        return Supertype(name)
    except ValueError:
        raise ScenarioError(f"unknown supertype {name!r} (205.4a lists {', '.join(Supertype)})") from None


def parse_type_line(line: str) -> tuple[frozenset[Supertype], frozenset[CardType], frozenset[str]]:
    """``"Legendary Creature — Human Wizard"`` → supertypes, card types, subtypes (205.1).

    Words before the dash are supertypes or card types; words after it are subtypes.  A
    hyphen stands in for the dash (``"Creature - Bear"``)."""
    for dash in ("—", " - ", "--"):
        if dash in line:
            before, after = line.split(dash, 1)
            break
    else:
        before, after = line, ""
    supertypes, types = set(), set()
    for word in before.split():
        if word in _SUPERTYPE_NAMES:
            supertypes.add(Supertype(word))
        else:
            types.add(card_type(word))
    if not types:
        raise ScenarioError(f"the type line {line!r} names no card type")
    return frozenset(supertypes), frozenset(types), frozenset(after.split())
