"""Finding an object after it changed zones (400.7j-k).

An object that moves to another zone becomes a new object (400.7), but the rest of the effect (or
the effect of the spell or ability whose cost) that moved it into a public zone can find it there
(400.7j).  Some later moves keep it findable too: after a madness triggered ability resolves, a
discarded card that was exiled and then moved to a public zone without being cast can still be
found by effects referring to the discarded card (400.7k, 702.35c).  Those later moves are the
entries of :data:`FOUND_AFTER`, which the modules of the rules that make them fill.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

FOUND_AFTER: dict[str, Callable[[Game, GameObject], bool]] = {}
"""Rule → test: after which further move (to the object tested, in a public zone) an effect can
still find the object it moved."""


def moved_object(game: Game, old_id: ObjectId) -> GameObject | None:
    """The object that ``old_id`` became when a cost or an effect moved it, if the effect can find
    it: in a public zone (400.7j), or moved on from there in a way an entry of :data:`FOUND_AFTER`
    allows (400.7k).  None if it can't be found."""
    new_id = game.became.get(old_id)
    while new_id is not None:
        obj = game.objects.get(new_id)
        if obj is not None:
            return obj if obj.zone.is_public else None
        later = game.became.get(new_id)
        moved_on = game.objects.get(later) if later is not None else None
        if moved_on is None or not any(test(game, moved_on) for test in FOUND_AFTER.values()):
            return None
        new_id = later
    return None


__all__ = ["FOUND_AFTER", "moved_object"]
