"""Exchanging a card in one zone with a card in another (701.12d-e): "exchange target Aura you
control and an Aura card in your hand" (Aura Swap).

Both cards move at once, each to the other's zone.  The exchange happens only if one player owns
both (701.12d); otherwise nothing happens, not a part of it (701.12a).  A card that was attached
to an object becomes unattached, and the card that takes its place on the battlefield becomes
attached to that object instead (701.12e), without its controller choosing what it enchants.
Exchanging the whole contents of two of a player's zones (701.12f: "exchange your hand and your
graveyard") moves every card of each to the other, even when one of them is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import zones
from kb.engine.basics import Zone
from kb.engine.errors import NotModelled
from kb.engine.events import Cause
from kb.engine.replacement import Move, replace

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def may_exchange(first: GameObject, second: GameObject) -> bool:
    """701.12d: cards in two zones are exchanged only if the same player owns both."""
    return first.owner == second.owner and first.zone is not second.zone


def exchange_cards(game: Game, first: GameObject, second: GameObject) -> bool:
    """Exchange ``first`` and ``second``, cards in two different zones (701.12d-e).  False if the
    exchange can't happen (nothing moves)."""
    if not may_exchange(first, second):
        return False
    seen = game.views()
    proposals = []
    for moving, other in ((first, second), (second, first)):
        entering = other.zone is Zone.BATTLEFIELD
        proposals.append(Move(moving.id, other.zone, Cause.EFFECT,
                              controller=seen[other.id].controller if entering else None,
                              attach_to=other.attached_to if entering else None,
                              together=frozenset({first.id, second.id})))
    finals = [replace(game, p, ()) for p in proposals]
    zones.perform(game, [first, second], finals, seen)
    return True


UNORDERED = frozenset({Zone.HAND, Zone.GRAVEYARD, Zone.EXILE})
"""The zones whose whole contents the model can exchange: a library's order isn't chosen here."""


def exchange_zones(game: Game, player: PlayerId, first: Zone, second: Zone) -> None:
    """701.12f: every card in ``player``'s ``first`` zone goes to their ``second`` and every card
    in ``second`` to ``first`` — even if one of the zones is empty."""
    if first is second or not {first, second} <= UNORDERED:
        raise NotModelled(f"exchanging the contents of a player's {first.value} and {second.value} (701.12f)")
    from_first, from_second = game.in_zone(first, player), game.in_zone(second, player)
    zones.move_all(game, from_first, second)
    zones.move_all(game, from_second, first)


__all__ = ["UNORDERED", "exchange_cards", "exchange_zones", "may_exchange"]
