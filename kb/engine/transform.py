"""Transforming double-faced permanents (701.27, 712)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import timestamps
from kb.engine.basics import Zone
from kb.engine.events import Transformed

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def only_by_day_night(game: Game, permanent: GameObject) -> bool:
    """702.145b, 702.145e: "this permanent can't transform except due to its daybound/nightbound ability"."""
    view = game.view(permanent.id)
    return view.has("daybound") or view.has("nightbound")


def transform(game: Game, permanent: GameObject, *, by_day_night: bool = False) -> bool:
    """Turn the other face up (701.27a).  It stays the same object, so effects on it go on
    applying (712.18), and it gets a new timestamp (613.7g).  A card with one face or a
    face-down permanent can't transform (701.27c, 712.9): False; nor a permanent with daybound or
    nightbound, except by that ability (``by_day_night``, 702.145b, 702.145e)."""
    if permanent.card.back is None or permanent.face_down is not None or permanent.zone is not Zone.BATTLEFIELD:
        return False
    if not by_day_night and only_by_day_night(game, permanent):
        return False
    permanent.transformed = not permanent.transformed
    timestamps.stamp(game, permanent)
    game.emit(Transformed(permanent.id))
    return True
