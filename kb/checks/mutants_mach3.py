"""Engine mutants for the machinery of 601-616 that the mach3 checks (``cr602_gained_restrictions``,
``cr603_once_each_turn`` …) check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import activating, once_each_turn
from kb.engine.abilities import ActivatedAbility
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.game import Game
from kb.engine.objects import GameObject


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


MUTANTS: tuple[Mutant, ...] = (
    Mutant("gained-restriction-counts-identical-abilities", "602.5c", "\"activate only once each turn\" on an "
           "ability gained from another object counts the object's identical abilities too",
           ((activating, "activated_this_turn", _identical_abilities_counted_together),)),
    Mutant("done-once-triggers-again", "603.2h", "an ability whose action may be done only once each turn triggers "
           "again after the action was taken", ((once_each_turn, "done", _never_done),)),
)
