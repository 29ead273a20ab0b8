"""One-shot effects that move or phase out an object "until" something happens (610.3, 610.4).

"Exile target creature until this leaves the battlefield" is two one-shot effects: the first
exiles it now; the second, created immediately after the named event, returns it — not a
triggered ability: it doesn't use the stack.  If the event already happened before the first
would (after the spell was cast or the ability triggered), nothing moves (610.3a, 610.3b); the
object returns under its owner's control (610.3c); returns made by simultaneous events happen
together (610.3d).  "Target creature phases out until this leaves the battlefield" (Oubliette,
Out of Time) is the same with phasing (610.4): the permanent doesn't phase in in the untap step
(610.4a); if another effect phases it in, the second effect doesn't happen, even if it has
phased out again.  The game calls :func:`after_events` with every batch of events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import phasing, zones
from kb.engine.basics import ObjectId, Zone
from kb.engine.events import Event, PhasedIn, ZoneChanged

if TYPE_CHECKING:
    from kb.engine.game import Game


@dataclass(eq=False)
class UntilReturn:
    """An object moved to ``zone`` until ``watched`` leaves the battlefield; it returns to ``back_to``."""

    object_id: ObjectId
    watched: ObjectId
    zone: Zone = Zone.EXILE
    back_to: Zone = Zone.BATTLEFIELD


@dataclass(eq=False)
class UntilPhaseIn:
    """A permanent phased out until ``watched`` leaves the battlefield (610.4); it then phases in."""

    object_id: ObjectId
    watched: ObjectId
    tapped: bool = False
    """It is tapped as it phases in this way (Oubliette)."""


def phased_out_until(game: Game, obj_id: ObjectId) -> bool:
    """Is the permanent phased out "until" an event, so the untap step doesn't phase it in (610.4a)?"""
    return any(isinstance(u, UntilPhaseIn) and u.object_id == obj_id for u in game.untils)


def phase_out_until_leaves(game: Game, targets: Sequence[ObjectId], watched: ObjectId, *,
                           tapped: bool = False) -> list[ObjectId]:
    """``targets`` phase out until ``watched`` leaves the battlefield (610.4); with ``tapped``, they
    are tapped as they phase in this way.  If it has already left (610.4b, 610.4c), nothing phases
    out.  Returns those that phased out directly this way (what is attached to them phases out
    indirectly and comes back with them, 702.26g)."""
    host = game.objects.get(watched)
    if host is None or host.zone is not Zone.BATTLEFIELD:
        return []
    going = [game.objects[t] for t in targets if t in game.objects and phasing.exists(game.objects[t])]
    phasing.phase_out(game, going)
    out = [o.id for o in going if not phasing.exists(o) and not o.phased_indirectly]
    for object_id in out:
        game.untils.append(UntilPhaseIn(object_id, watched, tapped))
    game.touch()
    return out


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
    """The second one-shot effects whose event is among ``events`` happen now, all at once (610.3d,
    610.4d).  A permanent phased out "until" that phased in some other way is no longer waited
    for (610.4a)."""
    if not game.untils or not events:
        return
    phased_in = {i for e in events if isinstance(e, PhasedIn) for i in e.objects}
    done = [u for u in game.untils if isinstance(u, UntilPhaseIn) and u.object_id in phased_in]
    due = [u for u in game.untils if u not in done and any(left(e, u.watched) for e in events)]
    if not due and not done:
        return
    game.untils = [u for u in game.untils if u not in due and u not in done]
    game.touch()
    phasing_in = [game.objects[u.object_id] for u in due if isinstance(u, UntilPhaseIn)
                  and u.object_id in game.objects and not phasing.exists(game.objects[u.object_id])]
    coming = [game.objects[u.object_id] for u in due if isinstance(u, UntilReturn)
              if u.object_id in game.objects and game.objects[u.object_id].zone is u.zone]
    if phasing_in:
        phasing.phase_in(game, phasing_in)
        tapping = {u.object_id for u in due if isinstance(u, UntilPhaseIn) and u.tapped}
        for obj in phasing_in:
            if obj.id in tapping and phasing.exists(obj):
                obj.tapped = True  # it phases in tapped: it doesn't "become tapped", as one entering tapped
        game.touch()
    if coming:
        zones.move_all(game, coming, Zone.BATTLEFIELD)  # under its owner's control (610.3c)


__all__ = ["UntilPhaseIn", "UntilReturn", "after_events", "exile_until_leaves", "phase_out_until_leaves",
           "phased_out_until"]
