"""Objects put onto the battlefield or created with an object (607.2c, 607.1d).

An ability that creates tokens (or puts objects onto the battlefield) and an ability of the same
object that refers to "the token created with [this]" or "that token" are linked: the second finds
only the objects the first put there.  Each such object remembers which object's ability (by its id,
and the ability's ``link`` text) put it there, so the second ability still finds them after its own
object has left the battlefield (a leaves-the-battlefield trigger); and the object remembers the ids
of what it made, so its triggered ability can tell "that token" leaving from any other (looking back,
603.10a).  An object that changes zones is a new object and no longer one of them (400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

CREATED_WITH = "created with"
"""Key of a created object's ``chosen``: (the source's id, the link) of the ability that made it."""
CREATED = "created: "
"""Key prefix of the source's ``chosen``: the ids its ability with that link put onto the battlefield."""


def create_with(game: Game, source: ObjectId, link: str, token: Card, controller: PlayerId,
                count: int = 1) -> list[GameObject]:
    """``source``'s ability ``link`` creates ``count`` tokens (701.7a), remembered as created with it."""
    made = game.create_token(token, controller, count)
    for obj in made:
        obj.chosen[CREATED_WITH] = (source, link)
    holder = game.objects.get(source)
    if holder is not None:
        before = holder.chosen.get(CREATED + link, ())
        holder.chosen[CREATED + link] = (*(before if isinstance(before, tuple) else ()), *(o.id for o in made))
    game.touch()
    return made


def is_linked(game: Game, obj: GameObject, source: ObjectId, link: str) -> bool:
    """Was ``obj`` put onto the battlefield by ``source``'s ability ``link`` (607.2c)?"""
    return obj.chosen.get(CREATED_WITH) == (source, link)


def maker(obj: GameObject) -> tuple[ObjectId, str] | None:
    """The object whose ability (by its ``link``) put ``obj`` onto the battlefield: an ability printed on
    ``obj`` that refers to what that object's linked ability did is linked across the two objects (607.1d)."""
    found = obj.chosen.get(CREATED_WITH)
    return found if isinstance(found, tuple) and len(found) == 2 else None


def created_with(game: Game, source: ObjectId, link: str) -> list[ObjectId]:
    """The objects ``source``'s ability ``link`` put onto the battlefield that are still there."""
    return [i for i, obj in game.objects.items()
            if obj.zone is Zone.BATTLEFIELD and is_linked(game, obj, source, link)]


def made_by(game: Game, source: ObjectId, link: str, object_id: ObjectId) -> bool:
    """Is ``object_id`` (maybe gone now) one that ``source``'s ability ``link`` put onto the battlefield?
    For "when that token leaves the battlefield, …" on ``source``."""
    holder = game.objects.get(source)
    found = holder.chosen.get(CREATED + link, ()) if holder is not None else ()
    return isinstance(found, tuple) and object_id in found


__all__ = ["CREATED", "CREATED_WITH", "create_with", "created_with", "is_linked", "made_by", "maker"]
