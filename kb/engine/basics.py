"""Zones, identifiers, card-type names and the error raised for an action the rules forbid."""

from __future__ import annotations

from enum import Enum

ObjectId = int
PlayerName = str

COLORS = ("W", "U", "B", "R", "G")
"""White, blue, black, red, green: the order the CR lists them."""

CREATURE = "Creature"
ENCHANTMENT = "Enchantment"
ARTIFACT = "Artifact"
LAND = "Land"
INSTANT = "Instant"
SORCERY = "Sorcery"
PLANE = "Plane"
PHENOMENON = "Phenomenon"
SCHEME = "Scheme"
VANGUARD = "Vanguard"
CONSPIRACY = "Conspiracy"

PERMANENT_TYPES = frozenset({CREATURE, ENCHANTMENT, ARTIFACT, LAND, "Planeswalker", "Battle"})

AURA = "Aura"
EQUIPMENT = "Equipment"
FORTIFICATION = "Fortification"
ATTACHMENT_SUBTYPES = frozenset({AURA, EQUIPMENT, FORTIFICATION})
"""The permanents that phase out with what they are attached to (702.26g)."""


class Zone(Enum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"

    @property
    def is_public(self) -> bool:
        return self not in (Zone.LIBRARY, Zone.HAND)


class IllegalAction(Exception):
    """The rules forbid what a player or an effect tried to do; the game was left unchanged."""
