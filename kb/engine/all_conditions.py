"""603.1b: a triggered ability may have several trigger conditions and ask whether "all" of them happened
during a period ("whenever you gain or lose life, if you've both gained and lost life this turn, …").
That asks whether each happened in that period, whether or not this ability triggered on it — it may have
happened before the object was on the battlefield."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId
    from kb.engine.events import Event
    from kb.engine.game import Game


def all_happened_this_turn(game: Game, source: ObjectId | None, tests: Sequence[Callable[[Event], bool]]) -> bool:
    """Did an event of this turn meet each of ``tests`` (603.1b)?  ``source``, the object asking, doesn't
    limit the events looked at."""
    from kb.engine.keywords_casting import this_turn

    events = this_turn(game)
    return all(any(test(e) for e in events) for test in tests)


__all__ = ["all_happened_this_turn"]
