"""One-shot effects that move an object "until" something happens (610.3).

"Exile target creature until this leaves the battlefield" is two one-shot effects: the first
exiles it now; the second, created immediately after the named event, returns it — not a
triggered ability: it doesn't use the stack.  If the event already happened before the first
would (after the spell was cast or the ability triggered), nothing moves (610.3a, 610.3b); the
object returns under its owner's control (610.3c); returns made by simultaneous events happen
together (610.3d).  The game calls :func:`after_events` with every batch of events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import zones
from kb.engine.basics import ObjectId, Zone
from kb.engine.events import Event, ZoneChanged

if TYPE_CHECKING:
    from kb.engine.game import Game


@dataclass(eq=False)
class UntilReturn:
    """An object moved to ``zone`` until ``watched`` leaves the battlefield; it returns to ``back_to``."""

    object_id: ObjectId
    watched: ObjectId
    zone: Zone = Zone.EXILE
    back_to: Zone = Zone.BATTLEFIELD


def exile_until_leaves(game: Game, targets: Sequence[ObjectId], watched: ObjectId) -> list[ObjectId]:
    """Exile ``targets`` until ``watched`` leaves the battlefield (610.3).  If it has already left
    (610.3a, 610.3b), nothing is exiled.  Returns what the exiled objects became."""
    host = game.objects.get(watched)
    if host is None or host.zone is not Zone.BATTLEFIELD:
        return []
    going = [game.objects[t] for t in targets if t in game.objects]
    moved = [m for m in zones.move_all(game, going, Zone.EXILE) if m is not None]
    for new in moved:
        game.untils.append(UntilReturn(new.id, watched))
    game.touch()
    return [m.id for m in moved]


def left(event: Event, watched: ObjectId) -> bool:
    return isinstance(event, ZoneChanged) and event.old_id == watched and event.leaves_battlefield


def after_events(game: Game, events: Sequence[Event]) -> None:
    """The second one-shot effects whose event is among ``events`` happen now, all at once (610.3d)."""
    if not game.untils or not events:
        return
    due = [u for u in game.untils if any(left(e, u.watched) for e in events)]
    if not due:
        return
    game.untils = [u for u in game.untils if u not in due]
    coming = [game.objects[u.object_id] for u in due
              if u.object_id in game.objects and game.objects[u.object_id].zone is u.zone]
    if coming:
        zones.move_all(game, coming, Zone.BATTLEFIELD)  # under its owner's control (610.3c)


__all__ = ["UntilReturn", "after_events", "exile_until_leaves"]
