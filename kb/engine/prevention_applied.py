"""Prevention effects as they are applied (615.13): "whenever damage that would be dealt to … is
prevented" triggers once each time one prevention effect is applied to one or more simultaneous
damage events and prevents some of that damage, not once per damage event it prevents.

:func:`kb.engine.damage.deal` records which prevention effect prevented which part of a damage
event (:func:`applications`) and emits one :class:`PreventionApplied` for each effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.events import Event
from kb.engine.replacement import Damage

if TYPE_CHECKING:
    from kb.engine.replacement import Option, Proposed

Part = tuple[ObjectId, ObjectId | PlayerId, int]
"""A damage event a prevention effect prevented some of: source, recipient, amount prevented."""


@dataclass(frozen=True, eq=False)
class PreventionApplied(Event):
    """One prevention effect was applied to one or more simultaneous damage events and prevented
    ``parts`` of them (615.13)."""

    effect: str
    parts: tuple[Part, ...]

    def prevented_to(self, recipient: ObjectId | PlayerId) -> int:
        return sum(amount for _, to, amount in self.parts if to == recipient)


def prevented(before: Proposed, after: Proposed | None) -> int:
    """How much damage applying an effect prevented: the amount it took away (none when it
    replaced the damage with something else, or when the damage can't be prevented, 615.12)."""
    if not isinstance(before, Damage) or not (after is None or isinstance(after, Damage)):
        return 0
    return max(0, before.amount - (after.amount if after is not None else 0))


def applications(records: Sequence[tuple[Option, Proposed, Proposed | None]],
                 protections: Sequence[Part] = ()) -> list[PreventionApplied]:
    """One event per prevention effect that prevented some damage of one damage event: the
    effects applied (as :func:`kb.engine.replacement.replace` records them) and the parts a
    recipient's protection prevented (702.16e: one effect, the recipient's protection)."""
    found: dict[object, tuple[str, list[Part]]] = {}
    for option, before, after in records:
        amount = prevented(before, after) if option.replacement.prevention else 0
        if amount and isinstance(before, Damage):
            entry = found.setdefault(option.key, (option.replacement.text, []))
            entry[1].append((before.source, before.recipient, amount))
    for source, recipient, amount in protections:
        found.setdefault(("protection", recipient), ("protection", []))[1].append((source, recipient, amount))
    return [PreventionApplied(text, tuple(parts)) for text, parts in found.values()]


__all__ = ["PreventionApplied", "applications", "prevented"]
