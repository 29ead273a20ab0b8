"""Counters on objects (122); each kind keeps one timestamp, the newest counter's (613.7c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.objects import CounterPile

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


def put(game: Game, obj: GameObject, kind: str, count: int = 1) -> None:
    """Put counters on ``obj``: the counters of that kind already there share the new timestamp."""
    if count <= 0:
        return
    pile = obj.counters.get(kind)
    timestamp = game.tick()
    if pile is None:
        obj.counters[kind] = CounterPile(count, timestamp)
    else:
        pile.count += count
        pile.timestamp = timestamp
    game.emit()


def remove(game: Game, obj: GameObject, kind: str, count: int = 1) -> None:
    pile = obj.counters.get(kind)
    if pile is None:
        return
    pile.count -= count
    if pile.count <= 0:
        del obj.counters[kind]
    game.emit()
