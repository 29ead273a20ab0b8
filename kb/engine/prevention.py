"""Prevention shields a resolving spell or ability gives several untargeted objects (615.11).

"Prevent the next N damage that would be dealt to each creature that …" makes one shield for
each object that fits as the spell or ability resolves: objects that fit later get none, and
one that stops fitting keeps its shield (:func:`shield_each`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId
from kb.engine.replacement import Shield

if TYPE_CHECKING:
    from kb.engine.durations import Duration
    from kb.engine.selectors import Filter
    from kb.engine.stack import Resolution


def shield_each(resolution: Resolution, which: Filter, amount: int, duration: Duration, text: str
                ) -> list[tuple[ObjectId, Shield]]:
    """A shield of ``amount`` for each object ``which`` finds now (615.11, 615.7)."""
    chosen = sorted(which.select(resolution.context()))
    made = []
    for object_id in chosen:
        shield = Shield(amount, object_id)
        resolution.create_effect(text, replacements=[shield.replacement(text)], duration=duration)
        made.append((object_id, shield))
    return made


__all__ = ["shield_each"]
