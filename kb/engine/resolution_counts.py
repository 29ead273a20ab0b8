"""Delayed triggered abilities for an ability's Nth resolution in a turn (603.7h): "when this ability
has resolved three times this turn, …" is created only once, during that resolution, however many
times the ability resolves after it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import triggers
from kb.engine.events import Resolved, TurnBegan

if TYPE_CHECKING:
    from kb.engine.abilities import Effect
    from kb.engine.basics import ObjectId
    from kb.engine.game import Game
    from kb.engine.stack import Resolution


def times_resolved_this_turn(game: Game, source: ObjectId, text: str) -> int:
    """How many times ``source``'s ability ``text`` has finished resolving this turn."""
    count = 0
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, Resolved) and event.source == source and event.text == text:
            count += 1
    return count


def created_now(this_time: int, times: int) -> bool:
    """Is this resolution the one that creates the delayed triggered ability (603.7h)?  Only the Nth."""
    return this_time == times


def when_resolved_times(resolution: Resolution, times: int, text: str, effect: Effect) -> None:
    """During a resolution of an activated or triggered ability: create "when this ability has resolved
    ``times`` times this turn, [effect]" if this is that resolution; it triggers as it finishes."""
    source, item = resolution.source_id, resolution.item
    if source is None:
        return
    if created_now(times_resolved_this_turn(resolution.game, source, item.text) + 1, times):
        triggers.reflexive(resolution.game, text, effect, resolution.controller, source=source)


__all__ = ["created_now", "times_resolved_this_turn", "when_resolved_times"]
