"""Keyword abilities of time and level counters: vanishing (702.63), level up (702.87), outlast
(702.107).

Vanishing is a replacement effect and two triggers (702.63a; without a number, only the triggers:
702.63b); each instance works separately (702.63c).  Level up and outlast are activated abilities
that put a counter on their permanent.  Each is an entry of the keyword tables; importing the
module registers them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import counters, keyword_abilities, keywords, zones
from kb.engine.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import Zone
from kb.engine.conditions import Condition, condition
from kb.engine.costs import cost
from kb.engine.events import CountersRemoved
from kb.engine.keywords import Keyword
from kb.engine.replacement import Move, Replacement
from kb.engine.triggers import TriggerContext, at_beginning_of, on_event
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.stack import Resolution




# -- 702.63 vanishing ----------------------------------------------------------------------------------


def _last_time_counter(t: TriggerContext) -> int:
    """"When the last time counter is removed from this": a time counter came off and none is left."""
    e = t.event
    return int(isinstance(e, CountersRemoved) and e.object_id == t.source.id and e.kind == "time"
               and t.source.counters.get("time", 0) == 0)


def _remove_a_time_counter(resolution: Resolution) -> None:
    game = resolution.game
    this = resolution.source_id
    if this is not None and this in game.objects and game.objects[this].zone is Zone.BATTLEFIELD:
        counters.remove(game, game.objects[this], "time", 1)


@cache
def _vanishing_counters(keyword: Keyword) -> StaticAbility:
    """702.63a: "This permanent enters with N time counters on it" (none without a number, 702.63b)."""
    amount = keyword.number if keyword.parameter else 0
    return StaticAbility(f"Vanishing {amount}", replacements=(
        Replacement(f"This permanent enters with {amount} time counters on it.", Move,
                    lambda c, m: m.to_zone is Zone.BATTLEFIELD and amount > 0,
                    lambda c, m: with_changes(m, counters=(*m.counters, ("time", amount))), entering_self=True),))


@cache
def _vanishing(keyword: Keyword) -> tuple[TriggeredAbility, TriggeredAbility]:
    """702.63a-b: "At the beginning of your upkeep, if there is a time counter on this permanent,
    remove a time counter from it" and "When the last time counter is removed from this
    permanent, sacrifice it"."""
    has_time = condition("there is a time counter on it",
                         lambda c: c.source is not None and c.source.counters.get("time", 0) > 0, ("counters",))

    def sacrifice(resolution: Resolution) -> None:
        game = resolution.game
        this = resolution.source_id
        if this is not None:
            zones.sacrifice_if_able(game, resolution.controller, [this])

    return (TriggeredAbility("Vanishing (at the beginning of your upkeep, remove a time counter)",
                             at_beginning_of(Step.UPKEEP, "you"), _remove_a_time_counter, condition=has_time),
            TriggeredAbility("Vanishing (when the last time counter is removed, sacrifice it)",
                             on_event("when the last time counter is removed from this permanent",
                                      (CountersRemoved,), _last_time_counter), sacrifice))


# -- 702.87 level up, 702.107 outlast ---------------------------------------------------------------------


def _put_on_this(kind: str) -> Callable[[Resolution], None]:
    def effect(resolution: Resolution) -> None:
        game = resolution.game
        this = resolution.source_id
        if this is not None and this in game.objects and game.objects[this].zone is Zone.BATTLEFIELD:
            counters.put(game, game.objects[this], kind, 1)

    return effect


@cache
def _level_up(keyword: Keyword) -> ActivatedAbility:
    """702.87a: "[Cost]: Put a level counter on this permanent.  Activate only as a sorcery"."""
    return ActivatedAbility(f"Level up {keyword.parameter}", cost(keyword.parameter), _put_on_this("level"),
                            timing="sorcery")


def level(low: int, high: int | None = None) -> Condition:
    """A level symbol's condition (711.2): "LEVEL low-high" or, with no ``high``, "LEVEL low+"."""
    return condition(f"level {low}" + (f"-{high}" if high is not None else "+"),
                     lambda c: c.source is not None and low <= c.source.counters.get("level", 0)
                     and (high is None or c.source.counters.get("level", 0) <= high), ("counters",))


@cache
def _outlast(keyword: Keyword) -> ActivatedAbility:
    """702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature.  Activate only as a sorcery"."""
    return ActivatedAbility(f"Outlast {keyword.parameter}", cost(f"{keyword.parameter}, {{T}}"),
                            _put_on_this("+1/+1"), timing="sorcery")


# -- registering --------------------------------------------------------------------------------------------

keywords.MODELLED.update({"vanishing": "optional number", "level up": "cost", "outlast": "cost"})
keyword_abilities.KEYWORD_TRIGGERED.update({"vanishing": _vanishing})
keyword_abilities.KEYWORD_STATIC.update({"vanishing": _vanishing_counters})
keyword_abilities.KEYWORD_ACTIVATED.update({"level up": _level_up, "outlast": _outlast})

__all__ = ["level"]
