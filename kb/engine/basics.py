"""Identifiers and zones (400): the words every other module uses."""

from __future__ import annotations

from enum import Enum

ObjectId = int
"""Each object has its own id; an object that changes zones becomes a new object with a new id (400.7)."""
PlayerId = str
"""Players are named ("A", "B", …); the game lists them in turn order."""


class Zone(Enum):
    """The zones of 400.1; ``COMMAND`` holds planes, schemes, vanguards, conspiracies, emblems."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"

    @property
    def is_public(self) -> bool:
        """Libraries and hands are hidden zones; the others are public (400.2)."""
        return self not in (Zone.LIBRARY, Zone.HAND)
