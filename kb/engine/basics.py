"""Identifiers and zones (400): the words every other module uses."""

from __future__ import annotations

from enum import Enum
from typing import Protocol

ObjectId = int
"""Each object has its own id; an object that changes zones becomes a new object with a new id (400.7)."""
PlayerId = str
"""Players are named ("A", "B", …); the game lists them in turn order."""


class Identified(Protocol):
    """Anything that names one object by its id: a game object or its view."""

    @property
    def id(self) -> ObjectId: ...


def object_id_of(ref: ObjectId | Identified, what: str) -> ObjectId:
    """The id of an object given as itself, its view or its id.  A function that names an object
    takes any of them: an object compared with ids would match nothing and silently do nothing."""
    if type(ref) is int:  # the common case, first; a bool is an int but never an id
        return ref
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref
    found = getattr(ref, "id", None)
    if isinstance(found, int) and not isinstance(found, bool):
        return found
    from kb.engine.errors import ScenarioError

    raise ScenarioError(f"{what}: {ref!r} is neither an object nor an object's id")


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
