"""Transforming and converting double-faced permanents (701.27, 701.28, 712)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import timestamps
from kb.engine.basics import Zone
from kb.engine.events import Converted, Transformed

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def transform(game: Game, permanent: GameObject) -> bool:
    """Turn the other face up (701.27a).  It stays the same object, so effects on it go on
    applying (712.18), and it gets a new timestamp (613.7g).  A card with one face or a
    face-down permanent can't transform (701.27c, 712.9): False."""
    if permanent.card.back is None or permanent.face_down is not None or permanent.zone is not Zone.BATTLEFIELD:
        return False
    permanent.transformed = not permanent.transformed
    timestamps.stamp(game, permanent)
    game.emit(Transformed(permanent.id))
    return True


def convert(game: Game, permanent: GameObject) -> bool:
    """Turn the other face up by converting it (701.28a): as transforming (701.27a-f, 712.18), but
    a different action, so "whenever … transforms" abilities don't see it (701.28b), only those
    that trigger when it "transforms into" something (701.27e).  False if it can't (701.28c)."""
    if permanent.card.back is None or permanent.face_down is not None or permanent.zone is not Zone.BATTLEFIELD:
        return False
    permanent.transformed = not permanent.transformed
    timestamps.stamp(game, permanent)
    game.emit(Converted(permanent.id))
    return True
