"""Engine mutants for the machinery of 601-616 that the mach3 checks (``cr602_gained_restrictions``,
``cr603_once_each_turn`` …) check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    activating,
    as_enters_costs,
    cant_events,
    once_each_turn,
    replacement,
    stack,
    zones,
)
from kb.engine.abilities import ActivatedAbility
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.game import Game
from kb.engine.objects import GameObject
from kb.engine.replacement import Proposed, Replacement


def _identical_abilities_counted_together(game: Game, obj: GameObject, ability: ActivatedAbility,
                                          since: int = 0) -> bool:
    from kb.engine.events import AbilityActivated, TurnBegan

    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AbilityActivated) and event.source_id == obj.id and event.text == ability.text:
            return True  # whichever instance it was
    return False


def _never_done(game: Game, source: ObjectId, player: PlayerId, action: str) -> bool:
    return False


def _cant_event_meets_every_replacement(game: Game, proposed: Proposed, own: Sequence[Replacement]
                                        ) -> Proposed | None:
    return replacement.replace(game, proposed, own)


class _LeftTheStack(Exception):
    """The resolving spell left the stack: in the mutant, its resolution stops there."""


_resolving: list[object] = []
_original_resolve_spell = stack._resolve_spell
_original_move_all = zones.move_all


def _stops_resolving_when_it_leaves(game: Game, item: Any, legal: Any) -> None:
    _resolving.append(item.spell)
    try:
        _original_resolve_spell(game, item, legal)
    except _LeftTheStack:
        pass
    finally:
        _resolving.pop()


def _moving_the_resolving_spell_stops_it(game: Game, objects: Sequence[GameObject], to: Any, **kwargs: Any) -> Any:
    moved = _original_move_all(game, objects, to, **kwargs)
    if _resolving and any(o.id == _resolving[-1] for o in objects):
        raise _LeftTheStack
    return moved


def _any_life_paid_as_entering(game: Game, object_id: ObjectId) -> int:
    return sum(v for o in game.objects.values() if isinstance(v := o.chosen.get(as_enters_costs.LIFE_PAID), int))


MUTANTS: tuple[Mutant, ...] = (
    Mutant("gained-restriction-counts-identical-abilities", "602.5c", "\"activate only once each turn\" on an "
           "ability gained from another object counts the object's identical abilities too",
           ((activating, "activated_this_turn", _identical_abilities_counted_together),)),
    Mutant("done-once-triggers-again", "603.2h", "an ability whose action may be done only once each turn triggers "
           "again after the action was taken", ((once_each_turn, "done", _never_done),)),
    Mutant("cant-event-replaced-by-others", "614.17c", "an event that can't happen meets every replacement effect, "
           "not only its spell's self-replacement effects", ((cant_events, "self_replaced",
                                                              _cant_event_meets_every_replacement),)),
    Mutant("leaving-the-stack-stops-resolving", "608.2m", "an instant that leaves the stack while it resolves stops "
           "resolving there", ((stack, "_resolve_spell", _stops_resolving_when_it_leaves),
                               (zones, "move_all", _moving_the_resolving_spell_stops_it))),
    Mutant("life-paid-by-any-permanent", "607.2g", "\"the life paid as [this] entered\" counts the life paid as any "
           "permanent entered", ((as_enters_costs, "life_paid", _any_life_paid_as_entering),)),
)
