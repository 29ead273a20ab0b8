"""603.2f: a triggered ability whose trigger condition is met doesn't trigger if the object with it is
at no time visible to all players — a card in a hand or a library that is neither revealed nor moved
to or from a public zone by the event.  A trigger whose condition is itself revealing the card (miracle,
"when you reveal this card as you draw it", 702.94a) makes it visible: :data:`REVEALING` lists the
tests for such triggers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.engine.abilities import TriggeredAbility
    from kb.engine.basics import ObjectId
    from kb.engine.characteristics import View
    from kb.engine.game import Game

REVEALING: list[Callable[[TriggeredAbility], bool]] = []
"""Tests for triggered abilities whose trigger condition reveals the object (702.94a)."""


def visible_to_all(game: Game, ability: TriggeredAbility, view: View, seen: Mapping[ObjectId, View]) -> bool:
    """Was the object with ``ability`` visible to all players at some time as its trigger condition
    was met: in a public zone before or after the event, revealed, or revealed by the trigger itself?"""
    if view.zone.is_public:
        return True
    from kb.engine import revealing

    before = seen.get(view.id)
    now = game.objects.get(view.id)
    return (before is not None and before.zone.is_public) or (now is not None and now.zone.is_public) \
        or (now is not None and revealing.is_revealed(game, now)) or any(test(ability) for test in REVEALING)


__all__ = ["REVEALING", "visible_to_all"]
