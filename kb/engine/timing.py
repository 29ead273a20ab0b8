"""Spells and abilities usable only at certain points of the turn: "cast this spell only before
blockers are declared", "only during combat", "only after your upkeep step" (506.7, 503.2).

A point of combat is the beginning of a combat step; "before" and "after" a point refer to the
turn's first combat phase (506.7d), except "during combat" and "during [a player's] combat
phase", which mean any combat phase (506.7c).  A point that never comes because its step is
skipped leaves "before" it the time until the step that follows began (506.7e, 506.7f).  What is
said of spells holds for abilities "activated only" at those points (506.7g).

The conditions here say when a card may be used; :func:`cast_only` and :func:`activate_only`
turn one into the static ability a card prints.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from kb.engine.abilities import StaticAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.conditions import Condition
from kb.engine.events import Event, StepBegan, StepEnded, TurnBegan
from kb.engine.rules import CantActivate, CantCast
from kb.engine.selectors import this_object
from kb.engine.turn import STRUCTURE, Phase, Step

if TYPE_CHECKING:
    from kb.engine.game import Game

COMBAT_STEPS = [step for phase, step in STRUCTURE if phase is Phase.COMBAT and step is not None]


def events_this_turn(game: Game) -> Iterator[Event]:
    """The events of the current turn, in order."""
    start = next((i for i in range(len(game.log) - 1, -1, -1) if isinstance(game.log[i], TurnBegan)), 0)
    return iter(game.log[start:])


def _first_combat_reached(game: Game) -> int | None:
    """How far the turn's first combat phase has come: the place in :data:`COMBAT_STEPS` of its
    latest step begun (len(COMBAT_STEPS) once it is over); None if it hasn't begun."""
    reached: int | None = None
    for event in events_this_turn(game):
        if isinstance(event, StepBegan):
            if event.phase is Phase.COMBAT and event.step is not None:
                index = COMBAT_STEPS.index(event.step)
                if reached is not None and index < reached:
                    return reached  # a second combat phase began: the first is over
                reached = index
            elif reached is not None:
                return len(COMBAT_STEPS)
            elif event.phase is Phase.POSTCOMBAT_MAIN or event.phase is Phase.ENDING:
                return len(COMBAT_STEPS)  # no combat phase this turn (506.7e)
    return reached


def is_before(game: Game, point: Step) -> bool:
    """The turn's first combat phase hasn't reached ``point`` or any step after it (506.7d-e)."""
    reached = _first_combat_reached(game)
    return reached is None or reached < COMBAT_STEPS.index(point)


def is_after(game: Game, point: Step) -> bool:
    """``point`` of the turn's first combat phase has begun (506.7d)."""
    last = -1
    for event in events_this_turn(game):
        if isinstance(event, StepBegan) and event.phase is Phase.COMBAT and event.step is not None:
            index = COMBAT_STEPS.index(event.step)
            if index < last:
                return False  # a second combat phase: the first never reached the point
            if event.step is point:
                return True
            last = index
    return False


def is_during_combat(game: Game, player: PlayerId | None) -> bool:
    """Any combat phase (of ``player``'s turn, if given) (506.7c)."""
    from kb.engine import teams

    return game.phase is Phase.COMBAT and (player is None or teams.is_active(game, player))


def is_after_blockers_in_combat(game: Game) -> bool:
    """This combat phase's declare blockers step has begun (506.7f)."""
    if game.phase is not Phase.COMBAT:
        return False
    for event in reversed(list(events_this_turn(game))):
        if isinstance(event, StepBegan) and event.phase is Phase.COMBAT:
            if event.step is Step.DECLARE_BLOCKERS:
                return True
            if event.step is Step.BEGINNING_OF_COMBAT:
                return False
    return False


def is_after_step(game: Game, step: Step) -> bool:
    """The turn's first ``step`` has ended (503.2)."""
    return any(isinstance(e, StepEnded) and e.step is step for e in events_this_turn(game))


def before(point: Step) -> Condition:
    """"Only before [point]" (506.7a-b, 506.7d-e): the turn's first combat phase hasn't reached
    ``point`` or any step after it."""
    return Condition(f"before the {point.value}", lambda c: is_before(c.game, point), frozenset())


def after(point: Step) -> Condition:
    """"Only after [point]" (506.7a-b, 506.7d): ``point`` of the turn's first combat phase has
    begun (never, if that step was skipped)."""
    return Condition(f"after the {point.value} begins", lambda c: is_after(c.game, point), frozenset())


def during_combat(player: PlayerId | None = None) -> Condition:
    """"Only during combat" / "only during [player]'s combat phase" (506.7c): any combat phase."""
    return Condition("during combat" + (f" of {player}" if player else ""),
                     lambda c: is_during_combat(c.game, player), frozenset())


def during_combat_after_blockers() -> Condition:
    """"Only during combat after blockers are declared" (506.7f): in this combat phase, once its
    declare blockers step has begun — never in a combat phase whose declare blockers step was skipped."""
    return Condition("during combat after blockers are declared", lambda c: is_after_blockers_in_combat(c.game),
                     frozenset())


def after_step(step: Step) -> Condition:
    """"Only after [your] [step]" (503.2): once the turn's first such step has ended, whatever
    steps of that kind come later."""
    return Condition(f"after the {step.value}", lambda c: is_after_step(c.game, step), frozenset())


def _negated(condition: Condition) -> Condition:
    return Condition(f"not {condition.text}", lambda c: not condition.holds(c), condition.reads)


def cast_only(when: Condition, text: str | None = None) -> StaticAbility:
    """"Cast this spell only [when]": the spell can't be cast (601.2e) while ``when`` is false."""
    return StaticAbility(text or f"Cast this spell only {when.text}.", rules=(CantCast(this_object()),),
                         condition=_negated(when), zones=frozenset({Zone.STACK}))


def activate_only(when: Condition, text: str | None = None) -> StaticAbility:
    """"Activate only [when]" for every non-mana activated ability of the object (506.7g, 602.5)."""
    return StaticAbility(text or f"Activate only {when.text}.",
                         rules=(CantActivate(this_object(), mana_abilities=False),),
                         condition=_negated(when), zones=frozenset(Zone))
