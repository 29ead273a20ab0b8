""""As [this permanent] is turned face up, …" (614.1e): a replacement effect of the permanent
turning face up, read from its face-up characteristics, that modifies how it turns face up — so
what it does is already true the moment the permanent is face up, before any state-based action
or trigger could see it without (as "enters with" does for entering, 614.1c).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine import counters, replacement
from kb.engine.abilities import StaticAbility
from kb.engine.basics import ObjectId
from kb.engine.replacement import Proposed, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


@dataclass(frozen=True)
class TurningFaceUp(Proposed):
    """``object_id`` is being turned face up; ``counters``: put on it as it is (614.1e)."""

    object_id: ObjectId
    counters: tuple[tuple[str, int], ...] = ()


def with_counters_as_turned_face_up(kind: str, count: int, text: str | None = None) -> StaticAbility:
    """"As [this permanent] is turned face up, put N [kind] counters on it" (614.1e)."""
    said = text or f"As this permanent is turned face up, put {count} {kind} counter(s) on it."
    return StaticAbility(said, replacements=(Replacement(
        said, TurningFaceUp, _of_itself, lambda c, t: with_changes(t, counters=(*t.counters, (kind, count)))),))


def _of_itself(context: ReplacementContext, turning: TurningFaceUp) -> bool:
    """Only the permanent's own turning face up ("as this permanent is turned face up")."""
    source = context.context.source
    return source is not None and source.id == turning.object_id


def own_replacements(game: Game, obj: GameObject) -> list[Replacement]:
    """The "as this is turned face up" effects of ``obj`` as it is face up (614.1e)."""
    return [r for ability in game.view(obj.id).abilities if isinstance(ability, StaticAbility)
            for r in ability.replacements if r.event is TurningFaceUp]


def apply(game: Game, obj: GameObject) -> None:
    """``obj`` has just been turned face up: what its "as this is turned face up" effects say
    happens as part of that (614.1e)."""
    if not own_replacements(game, obj):
        return
    final = replacement.replace(game, TurningFaceUp(obj.id))  # found on the permanent, now face up
    if isinstance(final, TurningFaceUp):
        for kind, count in final.counters:
            counters.put(game, obj, kind, count)


__all__ = ["TurningFaceUp", "apply", "own_replacements", "with_counters_as_turned_face_up"]
