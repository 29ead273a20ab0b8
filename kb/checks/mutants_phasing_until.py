"""Engine mutants of 610.4, "phases out until" (Oubliette), that the checks of
``cr610_4_phasing_out_until`` notice: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Sequence

from kb.checks.mutants import Mutant
from kb.engine import one_shot, phasing
from kb.engine.basics import ObjectId
from kb.engine.events import Event, PhasedIn
from kb.engine.game import Game

_original_after_events = one_shot.after_events


def _due(game: Game, events: Sequence[Event]) -> list[one_shot.UntilPhaseIn]:
    return [u for u in game.untils if isinstance(u, one_shot.UntilPhaseIn)
            and any(one_shot.left(e, u.watched) for e in events)]


def _never_phases_in(game: Game, events: Sequence[Event]) -> None:
    due = _due(game, events)
    game.untils = [u for u in game.untils if u not in due]
    _original_after_events(game, events)


def _untap_step_phases_it_in(game: Game, obj_id: ObjectId) -> bool:
    return False


def _other_phase_in_unseen(game: Game, events: Sequence[Event]) -> None:
    _original_after_events(game, [e for e in events if not isinstance(e, PhasedIn)])


def _phased_out_even_after_it_left(game: Game, targets: Sequence[ObjectId], watched: ObjectId, *,
                                   tapped: bool = False) -> list[ObjectId]:
    going = [game.objects[t] for t in targets if t in game.objects and phasing.exists(game.objects[t])]
    phasing.phase_out(game, going)
    for obj in going:
        game.untils.append(one_shot.UntilPhaseIn(obj.id, watched, tapped))
    return [o.id for o in going]


def _phase_in_one_at_a_time(game: Game, events: Sequence[Event]) -> None:
    due = _due(game, events)
    game.untils = [u for u in game.untils if u not in due]
    for until in due:
        obj = game.objects.get(until.object_id)
        if obj is not None and not phasing.exists(obj):
            phasing.phase_in(game, [obj])
            obj.tapped = obj.tapped or until.tapped
    _original_after_events(game, events)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("phased-out-until-never-phases-in", "610.4", "a permanent phased out until an event stays phased out "
           "after it", ((one_shot, "after_events", _never_phases_in),)),
    Mutant("phased-out-until-phases-in-in-untap-step", "610.4a", "a permanent phased out until an event phases in "
           "in its controller's untap step", ((one_shot, "phased_out_until", _untap_step_phases_it_in),)),
    Mutant("phased-in-otherwise-still-waited-for", "610.4a", "a permanent phased out until an event and phased in "
           "by another effect still phases in after the event", ((one_shot, "after_events", _other_phase_in_unseen),)),
    Mutant("phased-out-although-it-already-left", "610.4b", "'phases out until it leaves' phases out even if it has "
           "already left", ((one_shot, "phase_out_until_leaves", _phased_out_even_after_it_left),)),
    Mutant("phase-in-one-at-a-time", "610.4d", "permanents phasing in after one event phase in one at a time",
           ((one_shot, "after_events", _phase_in_one_at_a_time),)),
)

