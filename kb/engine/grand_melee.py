"""Grand Melee (807): turn markers, so that several players take turns at once.

The model plays one turn at a time, so a Grand Melee game can't be played through (simultaneous
turns and their several stacks, 807.4c-807.5b, are not modelled: the
model has no Grand Melee game to play); what it does model is
how many turn markers the game uses and who holds them as it starts (807.4a, 807.4b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId

if TYPE_CHECKING:
    from kb.engine.game import Game

SEATS_BETWEEN_MARKERS = 4


def marker_count(players: int) -> int:
    """One turn marker for every four players, rounded down (807.4a)."""
    return players // SEATS_BETWEEN_MARKERS


def starting_markers(game: Game) -> list[PlayerId]:
    """Who holds each turn marker as the game starts, the first marker first: the starting player,
    then every fourth player to their left (807.4b)."""
    order = game.turn_order
    return [order[i * SEATS_BETWEEN_MARKERS] for i in range(marker_count(len(order)))]


__all__ = ["marker_count", "starting_markers"]
