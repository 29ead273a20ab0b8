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


def exile_with(game: Game, source: ObjectId, objects: Sequence[GameObject]) -> list[GameObject | None]:
    """Exile ``objects`` with ``source``'s ability: ``source`` remembers them (406.6)."""
    from kb.engine import meld, zones

    melded = {o.id for o in objects if meld.is_melded(o)}
    moved = zones.move_all(game, list(objects), Zone.EXILE)
    holder = game.objects.get(source)
    if holder is not None:
        exiler = game.view(source).controller
        for obj, new in zip(objects, moved, strict=True):
            if new is not None and new.zone is Zone.EXILE:  # both cards of a melded permanent (712.21b-c)
                holder.exiled_with_it.extend(meld.order_exiled(game, exiler, obj.id) if obj.id in melded else [new.id])
        game.touch()
    return moved


def exiled_with(game: Game, source: ObjectId) -> list[ObjectId]:
    """The cards exiled with ``source`` that are still those objects in exile (406.6)."""
    holder = game.objects.get(source)
    if holder is None:
        return []
    return [i for i in holder.exiled_with_it if i in game.objects and game.objects[i].zone is Zone.EXILE]
