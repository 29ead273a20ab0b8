"""Cards exiled with an object (406.6): an ability that exiles cards and an ability of the same
object that refers to "the exiled cards" or "cards exiled with [this]" are linked (607.2a).  The
object remembers them by their ids in exile: a card that leaves exile is a new object and no
longer one of them, and an object that changes zones forgets them (400.7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution


EXILED_BY = "exiled by: "
"""Key prefix of a holder's ``chosen``: the cards its ability with that link exiled (607.5)."""


def exile_with(game: Game, source: ObjectId, objects: Sequence[GameObject], link: str | None = None,
               by: Resolution | None = None) -> list[GameObject | None]:
    """Exile ``objects`` with ``source``'s ability: ``source`` remembers them (406.6), and with
    ``link`` (the exiling ability's text) which ability of it exiled them: an ability linked to that
    one finds only those, whatever other abilities the object has or had (607.5).  ``by``: the
    resolving ability, when it may be one another object granted: then it is linked only with the
    abilities granted with it, not with those printed on ``source`` (607.1, 607.1a)."""
    if link is not None and by is not None:
        link += by.link_scope
    from kb.engine import meld, zones

    melded = {o.id for o in objects if meld.is_melded(o)}
    moved = zones.move_all(game, list(objects), Zone.EXILE)
    holder = game.objects.get(source)
    if holder is not None:
        exiler = game.view(source).controller
        exiled: list[ObjectId] = []
        for obj, new in zip(objects, moved, strict=True):
            if new is not None and new.zone is Zone.EXILE:  # both cards of a melded permanent (712.21b-c)
                exiled.extend(meld.order_exiled(game, exiler, obj.id) if obj.id in melded else [new.id])
        holder.exiled_with_it.extend(exiled)
        if link is not None:
            before = holder.chosen.get(EXILED_BY + link, ())
            holder.chosen[EXILED_BY + link] = (*(before if isinstance(before, tuple) else ()), *exiled)
        game.touch()
    return moved


def exiled_with(game: Game, source: ObjectId, link: str | None = None, by: Resolution | None = None
                ) -> list[ObjectId]:
    """The cards exiled with ``source`` that are still those objects in exile (406.6); with ``link``,
    only those its ability with that link exiled (607.5), the one linked with ``by`` (607.1a)."""
    if link is not None and by is not None:
        link += by.link_scope
    holder = game.objects.get(source)
    if holder is None:
        return []
    found = holder.exiled_with_it if link is None else linked_to(holder, link)
    return [i for i in found if i in game.objects and game.objects[i].zone is Zone.EXILE]


def linked_to(holder: GameObject, link: str) -> list[ObjectId]:
    """The cards ``holder``'s ability with this link exiled (607.2a, 607.5)."""
    found = holder.chosen.get(EXILED_BY + link, ())
    return [i for i in found if isinstance(i, int)] if isinstance(found, tuple) else []
