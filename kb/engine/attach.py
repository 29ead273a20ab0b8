"""Auras, Equipment and Fortifications: attaching, and what they may legally be attached to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import phasing, timestamps
from kb.engine.basics import (
    AURA,
    CREATURE,
    EQUIPMENT,
    FORTIFICATION,
    LAND,
    ObjectId,
    PlayerName,
    Zone,
)
from kb.engine.characteristics import View
from kb.engine.events import Attached, Event, Unattached

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


def attach(game: Game, attachment: GameObject, target: ObjectId | PlayerName) -> None:
    """Attach ``attachment`` to ``target``.  It gets a new timestamp (613.7e), unless it is
    already attached to that very object: then nothing happens."""
    if attachment.attached_to == target:
        return
    events: list[Event] = []
    if attachment.attached_to is not None:
        events.append(Unattached(attachment.id, attachment.attached_to))
    attachment.attached_to = target
    timestamps.stamp(game, attachment)
    events.append(Attached(attachment.id, target))
    game.emit(*events)


def unattach(game: Game, attachment: GameObject) -> None:
    if attachment.attached_to is None:
        return
    previous = attachment.attached_to
    attachment.attached_to = None
    game.emit(Unattached(attachment.id, previous))


def attached_to_view(game: Game, target: ObjectId) -> list[GameObject]:
    return [o for o in game.objects.values()
            if o.zone is Zone.BATTLEFIELD and o.attached_to == target and phasing.exists(o)]


def is_legal(game: Game, attachment: View, target: ObjectId | PlayerName | None) -> bool:
    """Could ``attachment`` be attached to ``target`` (303.4, 301.5, 301.6, 702.16c)?"""
    if target is None:
        return False
    if isinstance(target, str):
        return (target in game.players and not game.players[target].left and AURA in attachment.subtypes
                and _enchants(attachment) == "player")
    obj = game.objects.get(target)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        return False
    host = game.view(target)
    if any(host.has("protection", color) for color in attachment.colors):
        return False
    if AURA in attachment.subtypes:
        wanted = _enchants(attachment)
        return wanted == "permanent" or (wanted is not None and wanted.capitalize() in host.types)
    if EQUIPMENT in attachment.subtypes:
        return host.is_a(CREATURE)
    if FORTIFICATION in attachment.subtypes:
        return host.is_a(LAND)
    return False


def _enchants(aura: View) -> str | None:
    return next((getattr(a, "detail", None) for a in aura.abilities if getattr(a, "name", None) == "enchant"),
                None)
