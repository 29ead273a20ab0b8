"""Counters (122) on objects and players.  Each kind on one object shares the newest counter's
timestamp (613.7c).  Putting counters may be replaced (614.16)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId
from kb.engine.errors import ScenarioError
from kb.engine.events import CountersPut, CountersRemoved
from kb.engine.objects import CounterPile
from kb.engine.replacement import PutCounters, replace

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def checked_kind(kind: str) -> str:
    """``kind``, refused when it is written like a power/toughness counter but isn't one: any word
    names a counter (122.1), but "+1/+l" or "−1/−1" would silently change no P/T (122.1a)."""
    if "/" in kind and PT_COUNTER.match(kind) is None:
        raise ScenarioError(f"{kind!r} is not a power/toughness counter: write it as '+X/+Y' or '-X/-Y' "
                            "with ASCII signs and digits (122.1a)")
    return kind


def put(game: Game, target: GameObject | PlayerId, kind: str, count: int = 1) -> int:
    """Put counters; the counters of that kind already there share the new timestamp (613.7c).
    Returns how many were put."""
    if count <= 0:
        return 0
    key = target if isinstance(target, str) else target.id
    final = replace(game, PutCounters(key, checked_kind(kind), count))
    if not isinstance(final, PutCounters) or final.count <= 0:
        return 0
    holder = game.players[final.target] if isinstance(final.target, str) else game.objects[final.target]
    pile = holder.counters.get(final.kind)
    stamp = game.tick()
    if pile is None:
        holder.counters[final.kind] = CounterPile(final.count, stamp)
    else:
        pile.count += final.count
        pile.timestamp = stamp
    if isinstance(final.target, str) and final.kind == "poison":
        from kb.engine import team_poison

        team_poison.share(game, final.target)  # the team's counters (810.10)
    game.touch()
    game.emit(CountersPut(final.target, final.kind, final.count))
    return final.count


def remove(game: Game, obj: GameObject | PlayerId, kind: str, count: int = 1) -> int:
    """Remove up to ``count`` counters of ``kind``; returns how many were removed."""
    holder = game.players[obj] if isinstance(obj, str) else obj
    pile = holder.counters.get(kind)
    if pile is None or count <= 0:
        return 0
    removed = min(count, pile.count)
    pile.count -= removed
    if pile.count <= 0:
        del holder.counters[kind]
    if isinstance(obj, str) and kind == "poison":
        from kb.engine import team_poison

        team_poison.share(game, obj)  # the team loses them (810.10b)
    game.touch()
    game.emit(CountersRemoved(obj if isinstance(obj, str) else obj.id, kind, removed))
    return removed
