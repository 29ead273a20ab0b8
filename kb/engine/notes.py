"""Information noted for an object (607.2e): an ability that lets a player note something ("note the
number of cards in your hand") and an ability of the same object that refers to what was noted for it
are linked; the second reads only what the first noted for this object.  The note is kept on the object
(keyed by the noting ability's text), so an object that changes zones, a new object (400.7), has none."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId
    from kb.engine.game import Game

NOTED = "noted: "
"""Key prefix of an object's ``chosen``: what its ability with that link last noted."""


def note(game: Game, source: ObjectId, link: str, value: int | str) -> None:
    """``source``'s ability ``link`` notes ``value`` for it (607.2e)."""
    holder = game.objects.get(source)
    if holder is not None:
        holder.chosen[NOTED + link] = value
        game.touch()


def noted(game: Game, source: ObjectId, link: str) -> int | str | None:
    """What ``source``'s ability ``link`` last noted for it, if anything (607.2e)."""
    holder = game.objects.get(source)
    found = holder.chosen.get(NOTED + link) if holder is not None else None
    return found if isinstance(found, (int, str)) else None


__all__ = ["NOTED", "note", "noted"]
