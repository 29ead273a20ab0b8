"""When continuous effects end (611.2a, 611.2b, 514.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import phasing
from kb.engine.basics import Zone
from kb.engine.effects import (
    ContinuousEffect,
    ForAsLongAs,
    RuleEffect,
    UntilEndOfTurn,
    WaitingEffect,
)

if TYPE_CHECKING:
    from kb.engine.game import Game


def holds(game: Game, duration: ForAsLongAs) -> bool:
    """Is a "for as long as" duration still going?  It loses track of a permanent that left
    the battlefield or phased out (702.26f)."""
    tracked = game.objects.get(duration.tracked)
    return (tracked is not None and tracked.zone is Zone.BATTLEFIELD and phasing.exists(tracked)
            and duration.holds(tracked))


def expire(game: Game) -> None:
    """End every "for as long as" effect whose duration is over; ended effects stay ended."""
    effects: list[ContinuousEffect | RuleEffect] = [*game.effects, *game.rule_effects]
    for effect in effects:
        if not effect.ended and isinstance(effect.duration, ForAsLongAs) and \
                not holds(game, effect.duration):
            effect.ended = True


def end_of_turn(game: Game) -> None:
    """The cleanup step: "until end of turn" effects end, phased out or not (514.2, 702.26f)."""
    effects: list[ContinuousEffect | RuleEffect | WaitingEffect] = [*game.effects, *game.rule_effects,
                                                                    *game.waiting]
    for effect in effects:
        if isinstance(effect.duration, UntilEndOfTurn):
            effect.ended = True
