"""Attaching Auras, Equipment and Fortifications (701.3, 301.5, 301.6, 303.4) and what each may
legally be attached to.  Attaching to something new gives a new timestamp (613.7e, 701.3c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import phasing, timestamps
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import AURA, EQUIPMENT, FORTIFICATION, SUBTYPES_BY_LOWER, CardType
from kb.engine.errors import NotModelled
from kb.engine.events import Attached, Event, Unattached
from kb.engine.selectors import teammates

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def attach(game: Game, attachment: GameObject, target: ObjectId | PlayerId) -> bool:
    """Attach ``attachment`` to ``target`` (701.3a).  Nothing happens if it is already attached
    to it, or if it couldn't be attached to it (701.3b).  True if it moved."""
    if attachment.attached_to == target:
        return False
    if not phasing.exists(attachment) or (isinstance(target, int) and target in game.objects
                                          and not phasing.exists(game.objects[target])):
        return False  # a phased-out permanent is treated as though it doesn't exist (702.26b)
    view = game.view(attachment.id)
    if not is_legal(game, view, target):
        return False
    seen = game.views()
    events: list[Event] = []
    if attachment.attached_to is not None:
        events.append(Unattached(attachment.id, attachment.attached_to, seen))
    attachment.attached_to = target
    timestamps.stamp(game, attachment)
    events.append(Attached(attachment.id, target))
    game.emit(*events)
    return True


def unattach(game: Game, attachment: GameObject) -> None:
    """701.3d: it stays on the battlefield, attached to nothing."""
    if attachment.attached_to is None:
        return
    seen = game.views()
    previous = attachment.attached_to
    attachment.attached_to = None
    game.emit(Unattached(attachment.id, previous, seen))


def _within_range(game: Game, attachment: View, target: ObjectId | PlayerId) -> bool:
    from kb.engine import influence

    if isinstance(target, str):
        return influence.in_range(game, attachment.controller, target)
    return target not in game.objects or influence.object_in_range(game, attachment.controller, game.view(target))


def is_legal(game: Game, attachment: View, target: ObjectId | PlayerId | None) -> bool:
    """Could ``attachment`` be attached to ``target``: what it enchants (303.4a), a creature for
    Equipment (301.5c), a land for a Fortification (301.6), and not protected from it (702.16c)?"""
    if target is None:
        return False
    if game.limited_range and not _within_range(game, attachment, target):
        return False  # not outside its controller's range of influence (801.8, 801.9)
    if isinstance(target, str):
        player = game.players.get(target)
        if player is None or player.left or AURA not in attachment.subtypes:
            return False
        qualities = [k.parameter.lower() for k in attachment.keywords("enchant")]
        return bool(qualities) and all(
            q == "player" or (q == "opponent" and target != attachment.controller
                              and not teammates(game, attachment.controller, target))  # 102.3
            for q in qualities)
    obj = game.objects.get(target)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or target == attachment.id:
        return False
    host = game.view(target)
    from kb.engine import damage

    if damage.protected_from(host, attachment, spared=True):  # 702.16n-p: what it doesn't remove
        return False
    if AURA in attachment.subtypes:
        return _enchants(attachment, host)
    if EQUIPMENT in attachment.subtypes:  # a planeswalker too, for "equip planeswalker" (702.6e)
        return host.is_a(CardType.CREATURE) or (host.is_a(CardType.PLANESWALKER) and any(
            k.parameter.lower().startswith("planeswalker") for k in attachment.keywords("equip")))
    if FORTIFICATION in attachment.subtypes:
        return host.is_a(CardType.LAND)
    return False


def _enchants(aura: View, host: View) -> bool:
    """Every enchant ability of the Aura must allow ``host`` (702.5c)."""
    qualities = [k.parameter.lower() for k in aura.keywords("enchant")]
    return bool(qualities) and all(_enchant_allows(quality, aura, host) for quality in qualities)


def _enchant_allows(quality: str, aura: View, host: View) -> bool:
    words = quality.split()
    if words[-2:] == ["you", "control"]:
        if host.controller != aura.controller:
            return False
        words = words[:-2]
    kind = " ".join(words)
    if kind == "permanent":
        return True
    if kind in ("player", "opponent"):
        return False  # an Aura that enchants a player never enchants a permanent (702.5d)
    kinds = [k for k in kind.replace(" or ", ",").split(",") if k.strip()]  # "creature, land, or planeswalker"
    return any(_is_kind(k.strip(), host, quality) for k in kinds)


def _is_kind(kind: str, host: View, quality: str) -> bool:
    """A card type ("creature") or a subtype ("Elf", "Forest", "Wall": 205.3) the host has."""
    try:
        return host.is_a(CardType(kind.capitalize()))
    except ValueError:
        pass
    subtype = SUBTYPES_BY_LOWER.get(kind)
    if subtype is None:
        raise NotModelled(f"enchant {quality}")
    return subtype in host.subtypes


def host_for_entering_aura(game: Game, aura: GameObject, controller: PlayerId) -> ObjectId | PlayerId | None:
    """An Aura put onto the battlefield other than by resolving (303.4f): as it enters, the player
    putting it there chooses something it can legally enchant — it doesn't target, so hexproof
    and shroud don't stop it.  None when there is nothing: it stays where it was (303.4g)."""
    from kb.engine.choices import Choice, ChoiceKind

    view = game.view(aura.id)
    pretend = _as_entering(view, controller)
    options: list[ObjectId | PlayerId] = [o.id for o in game.battlefield() if o.id != aura.id
                                          and is_legal(game, pretend, o.id)]
    options += [p for p in game.apnap() if is_legal(game, pretend, p)]
    if not options:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, controller, f"what {view.name} enchants as it enters",
                                     tuple(options)))
    return chosen if isinstance(chosen, (int, str)) else None


def _as_entering(view: View, controller: PlayerId) -> View:
    from dataclasses import replace

    return replace(view, zone=Zone.BATTLEFIELD, controller=controller)
