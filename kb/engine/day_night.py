"""Day and night (728): a designation of the game, and its check in the untap step (502.2).

Once it is day or night it stays one of them for the rest of the game; in each untap step, day
becomes night if the previous turn's active player cast no spells that turn, and night becomes
day if they cast two or more (502.2; with shared team turns, the players of the previous turn's
active team, 502.2a: :func:`spells_counted`).  What makes it day first (728.2: a daybound permanent, an
effect) is for a scenario to stand in for with :func:`becomes`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.errors import ScenarioError

if TYPE_CHECKING:
    from kb.engine.game import Game

DAY = "day"
NIGHT = "night"


AS_IT_BECOMES: list[Callable[[Game, str], None]] = []
"""What happens as it becomes day or night (daybound and nightbound permanents transform, 702.145b,
702.145e: registered by :mod:`kb.engine.daybound`)."""


def current(game: Game) -> str | None:
    """"day", "night", or None while it is neither."""
    return game.turn_state.day_night


def becomes(game: Game, value: str) -> None:
    """It becomes day or night (728.2, by an effect)."""
    if value not in (DAY, NIGHT):
        raise ScenarioError(f"it becomes day or night, not {value!r}")
    game.turn_state.day_night = value
    game.touch()
    for hook in AS_IT_BECOMES:
        hook(game, value)


def spells_counted(game: Game) -> int:
    """What the check of the next untap step reads of the turn now ending (502.2): how many spells
    the active player cast.  With shared team turns it looks at each player of the active team
    (502.2a): none of them cast a spell exactly when the most any one cast is 0, and one cast two
    or more exactly when that most is 2 or more — spells of two players don't add up."""
    from kb.engine import teams

    return max((game.players[p].spells_cast for p in teams.active_team(game)), default=0)


def untap_step_check(game: Game) -> None:
    """502.2: the turn-based action after phasing, before untapping."""
    state = game.turn_state
    cast = state.spells_last_turn
    if cast is None:
        return  # the first turn: no previous turn to look at
    if state.day_night == DAY and cast == 0:
        becomes(game, NIGHT)
    elif state.day_night == NIGHT and cast >= 2:
        becomes(game, DAY)
