"""Objects shuffled into a library as they move there (701.24g): "shuffle it into its owner's
library instead" is a zone change whose :class:`~kb.engine.replacement.Move` is ``shuffled``.

When one event puts some cards into a library to be shuffled in and others into a position in
that same library (its top, its bottom), the result is a library shuffled except that those
others are where they were put.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import Zone
from kb.engine.events import Event, Shuffled

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.replacement import Move


def shuffle_in(game: Game, arrived: Sequence[tuple[GameObject, Move]]) -> list[Event]:
    """Shuffle each library an object of this event was shuffled into, keeping the objects the
    event put on its top or bottom there (701.24g); the Shuffled events to emit with the move."""
    into_library = [(new, move) for new, move in arrived if move.to_zone is Zone.LIBRARY]
    owners = sorted({new.owner for new, move in into_library if move.shuffled})
    events: list[Event] = []
    for owner in owners:
        placed = [(new.id, move.to_bottom) for new, move in into_library if new.owner == owner and not move.shuffled]
        times = sum(1 for new, move in into_library if new.owner == owner and move.shuffled)
        events += shuffles_at_once(game, owner, placed, times)
    return events


def shuffles_at_once(game: Game, owner: str, placed: Sequence[tuple[int, bool]], times: int) -> list[Shuffled]:
    """701.24f: ``times`` effects shuffle the same library at the same time (each object shuffled in
    by its own "shuffle it into its owner's library instead"): it is shuffled that many times, and
    abilities that trigger on a shuffle trigger that many times."""
    return [shuffle_keeping(game, owner, placed) for _ in range(times)]


def shuffle_keeping(game: Game, owner: str, placed: Sequence[tuple[int, bool]]) -> Shuffled:
    """Randomize ``owner``'s library except the cards ``placed`` on its top (False) or bottom (True)."""
    library = game.players[owner].library
    kept = {object_id for object_id, _ in placed}
    rest = [i for i in library if i not in kept]
    random.Random(game.clock).shuffle(rest)
    bottom = [i for i, to_bottom in placed if to_bottom and i in library]
    top = [i for i, to_bottom in placed if not to_bottom and i in library]
    library[:] = [*bottom, *rest, *top]
    from kb.engine import shown_cards

    shown_cards.reordered(game, owner, rest)  # 701.20d
    game.touch()
    return Shuffled(owner)


__all__ = ["shuffle_in", "shuffle_keeping", "shuffles_at_once"]
