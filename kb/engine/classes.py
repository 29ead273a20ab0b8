"""Class cards (716): class level bars, and the level a permanent has.

A class level bar "[Cost]: Level N — [Abilities]" stands for an activated ability, "[Cost]: This
Class's level becomes N.  Activate only if this Class is level N-1 and only as a sorcery", and a
static ability, "As long as this Class is level N or greater, it has [abilities]" (716.2a):
:func:`level_bar` gives both.  A level is a marker any permanent may have, kept if the permanent
stops being a Class and not copiable (716.2b): it is kept on the object (``chosen``), so it goes
with a zone change.  A permanent without one is treated as level 1 (716.2d).  Levels are no level
counters: level up (702.87) and the level symbols of leveler cards (711) count level counters, and
neither side sees the other (702.87c, 716.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.abilities import ActivatedAbility, StaticAbility
from kb.engine.basics import ObjectId
from kb.engine.conditions import condition
from kb.engine.costs import cost
from kb.engine.parts import gain
from kb.engine.selectors import this_object

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.cards import AbilityLike
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

CLASS_LEVEL = "class level"
"""Key of a permanent's ``chosen``: its level (716.2b)."""


def class_level(game: Game, permanent: ObjectId) -> int:
    """The permanent's level: 1 if it has none (716.2d).  Level counters don't count (716.4)."""
    obj = game.objects.get(permanent)
    level = obj.chosen.get(CLASS_LEVEL) if obj is not None else None
    return level if isinstance(level, int) else 1


def level_bar(n: int, price: str, *abilities: AbilityLike) -> tuple[ActivatedAbility, StaticAbility]:
    """716.2a: the activated ability that makes this Class level ``n`` and the static ability that
    gives it ``abilities`` while it is level ``n`` or greater."""

    def only_from_the_level_before(game: Game, player: PlayerId, obj: GameObject) -> str | None:
        level = class_level(game, obj.id)
        return None if level == n - 1 else f"this Class is level {level}, not {n - 1} (716.2a)"

    def becomes(resolution: Resolution) -> None:
        obj = resolution.game.objects.get(resolution.source_id) if resolution.source_id is not None else None
        if obj is not None:
            obj.chosen[CLASS_LEVEL] = n
            resolution.game.touch()

    raised = ActivatedAbility(f"{price}: Level {n}", cost(price), becomes, timing="sorcery",
                              restriction=only_from_the_level_before)
    held = StaticAbility(f"As long as this Class is level {n} or greater, it has: "
                         + "; ".join(str(a) for a in abilities), (gain(*abilities),), this_object(),
                         condition=condition(f"this Class is level {n} or greater", lambda c: c.source is not None
                                             and class_level(c.game, c.source.id) >= n))
    return raised, held


__all__ = ["CLASS_LEVEL", "class_level", "level_bar"]
