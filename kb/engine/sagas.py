"""Sagas (714): chapter abilities trigger as lore counters reach their number (714.2b); a lore
counter is added in the precombat main phase (505.4, :mod:`kb.engine.turn`); a Saga past its
final chapter is sacrificed (704.5s, :mod:`kb.engine.sba`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.abilities import Effect, TriggeredAbility
from kb.engine.events import CountersPut
from kb.engine.triggers import Trigger, TriggerContext

if TYPE_CHECKING:
    from kb.engine.characteristics import View

_PREFIX = "chapter "


def chapter(number: int, text: str, effect: Effect) -> TriggeredAbility:
    """Chapter ``number``: triggers when a lore counter brings the Saga's lore counters from
    fewer than ``number`` to at least ``number`` (714.2b)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, CountersPut) or e.kind != "lore" or e.object_id != t.source.id:
            return 0
        after = t.source.counter("lore")
        if not read_ahead_allows(t, number, after):
            return 0
        return 1 if chapter_reached(after - e.count, after, number) else 0

    return TriggeredAbility(f"{_roman(number)} — {text}", Trigger(f"chapter {number}", (CountersPut,), count,
                                                                  f"{_PREFIX}{number}"), effect)


def read_ahead_allows(t: TriggerContext, number: int, lore: int) -> bool:
    """702.155a: a Saga with read ahead's chapter abilities don't trigger the turn it entered unless
    it has exactly that chapter's number of lore counters."""
    if not t.source.has("read ahead") or lore == number:
        return True
    obj = t.game.objects.get(t.source.id)
    return obj is None or obj.entered_turn != t.game.turn


def chapter_reached(before: int, after: int, number: int) -> bool:
    """Chapter ``number`` triggers when lore counters go from fewer than ``number`` to at least it
    (107.15a, 714.2b): adding several at once can trigger several chapters."""
    return before < number <= after


def final_chapter(saga: View) -> int:
    """The greatest chapter number among its chapter abilities (714.2c); 0 if it has none."""
    numbers = [int(a.trigger.kind[len(_PREFIX):]) for a in saga.abilities
               if isinstance(a, TriggeredAbility) and a.trigger.kind.startswith(_PREFIX)]
    return max(numbers, default=0)


def _roman(number: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}.get(number, str(number))
