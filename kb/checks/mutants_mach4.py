"""Engine mutants for the machinery of 601-616 that the mach4 checks (``cr601_616_more_machinery``) check:
each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks.mutants import Mutant
from kb.engine import replacement, stack
from kb.engine.characteristics import View
from kb.engine.events import AbilityActivated
from kb.engine.game import Game
from kb.engine.replacement import Category, Move, Option
from kb.engine.triggers import Pending

_original_put_triggered = stack.put_triggered


def _triggering_counts_as_activating(game: Game, pending: Pending) -> None:
    _original_put_triggered(game, pending)
    game.emit(AbilityActivated(pending.source_id, pending.controller, pending.ability.text))


def _back_face_ranked_with_the_others(option: Option) -> int:
    category = option.replacement.category
    return int(Category.OTHER if category is Category.BACK_FACE else category)


_original_as_it_would_enter = replacement.as_it_would_enter


def _enters_front_face_up_as_it_would(game: Game, move: Move) -> View | None:
    return _original_as_it_would_enter(game, with_changes(move, transformed=False))


MUTANTS: tuple[Mutant, ...] = (
    Mutant("triggered-ability-counts-as-activated", "602.1c", "a triggered ability put on the stack counts as its "
           "controller activating an ability", ((stack, "put_triggered", _triggering_counts_as_activating),)),
    Mutant("back-face-replacement-among-others", "616.1d", "an effect that has a double-faced card enter with its "
           "back face up is chosen among the other replacement effects, not before them",
           ((replacement, "rank", _back_face_ranked_with_the_others),)),
    Mutant("entering-object-seen-front-face-up", "614.12", "a replacement effect sees an object entering transformed "
           "with its front face up", ((replacement, "as_it_would_enter", _enters_front_face_up_as_it_would),)),
)
