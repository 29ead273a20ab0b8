"""Transforming and converting double-faced permanents (701.27, 701.28, 712)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine import timestamps
from kb.engine.basics import Zone
from kb.engine.cardtypes import CardType
from kb.engine.events import Converted, Transformed

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution
    from kb.engine.triggers import Trigger, TriggerContext


def can_turn_over(permanent: GameObject) -> bool:
    """Whether a permanent can transform or convert: a face-up double-faced permanent on the
    battlefield (701.27c, 701.28c, 712.9) whose other face isn't an instant or sorcery face
    (701.27d, 701.28d)."""
    if permanent.card.back is None or permanent.face_down is not None or permanent.zone is not Zone.BATTLEFIELD:
        return False
    other = permanent.card.front if permanent.transformed else permanent.card.back
    return not other.types & {CardType.INSTANT, CardType.SORCERY}


def is_transformed(permanent: GameObject) -> bool:
    """"A transformed permanent" (701.27g): a double-faced permanent on the battlefield with its back
    face up."""
    return permanent.zone is Zone.BATTLEFIELD and permanent.card.back is not None and permanent.transformed


def only_by_day_night(game: Game, permanent: GameObject) -> bool:
    """702.145b, 702.145e: "this permanent can't transform except due to its daybound/nightbound ability"."""
    view = game.view(permanent.id)
    return view.has("daybound") or view.has("nightbound")


def cant_convert(game: Game, permanent: GameObject) -> bool:
    """701.28f: a permanent an ability says can't transform can't convert either (daybound and
    nightbound: "can't transform except due to this ability", 702.145b, 702.145e)."""
    return only_by_day_night(game, permanent)


def transform(game: Game, permanent: GameObject, *, by_day_night: bool = False) -> bool:
    """Turn the other face up (701.27a).  It stays the same object, so effects on it go on
    applying (712.18), and it gets a new timestamp (613.7g).  A card with one face, a face-down
    permanent or one whose other face is an instant or sorcery can't transform (701.27c-d, 712.9):
    False; nor a permanent with daybound or nightbound, except by that ability (``by_day_night``,
    702.145b, 702.145e)."""
    if not can_turn_over(permanent):
        return False
    if not by_day_night and only_by_day_night(game, permanent):
        return False
    permanent.transformed = not permanent.transformed
    timestamps.stamp(game, permanent)
    game.emit(Transformed(permanent.id))
    return True


def convert(game: Game, permanent: GameObject) -> bool:
    """Turn the other face up by converting it (701.28a): as transforming (701.27a-f, 712.18), but
    a different action, so "whenever … transforms" abilities don't see it (701.28b), only those
    that trigger when it "transforms into" something (701.27e).  False if it can't (701.28c-d), or
    if it can't transform (701.28f)."""
    if not can_turn_over(permanent) or cant_convert(game, permanent):
        return False
    permanent.transformed = not permanent.transformed
    timestamps.stamp(game, permanent)
    game.emit(Converted(permanent.id))
    return True


def turn_itself_over(resolution: Resolution, *, converting: bool = False) -> bool:
    """"Transform this permanent" (``converting``: "convert it") in the effect of the permanent's own
    activated or triggered ability: it does so only if it hasn't transformed or converted since the
    ability was put on the stack; otherwise the instruction is ignored (701.27f, 701.28e).  False if
    it didn't turn over."""
    from kb.engine.errors import NotModelled
    from kb.engine.stack import DELAYED, PUT_AT

    game, item = resolution.game, resolution.item
    if item.options.get(DELAYED):
        raise NotModelled("a delayed triggered ability transforming its source: since it was created (701.27f)")
    permanent = game.objects.get(item.source_id) if item.source_id is not None else None
    if permanent is None:
        return False
    if turned_over_since(game, permanent, item.options.get(PUT_AT, len(game.log))):
        return False
    return convert(game, permanent) if converting else transform(game, permanent)


def turned_over_since(game: Game, permanent: GameObject, since: int) -> bool:
    """Has ``permanent`` transformed or converted since the log had ``since`` events?"""
    return any(isinstance(e, (Transformed, Converted)) and e.object_id == permanent.id for e in game.log[since:])


TURNING_OVER: tuple[type, ...] = (Transformed, Converted)
"""The events "transforms into" abilities trigger on (701.27e): transforming and converting."""


def transforms_into(text: str, matches: Callable[[View], bool]) -> Trigger:
    """"Whenever a permanent transforms into [a permanent with a quality]" (701.27e): it transformed
    or converted and has the quality just after (``matches`` may also ask who controls it)."""
    from kb.engine.triggers import on_event

    def count(t: TriggerContext) -> int:
        event = t.event
        if not isinstance(event, TURNING_OVER) or not isinstance(event, (Transformed, Converted)):
            return 0
        return int(matches(t.game.view(event.object_id)))

    return on_event(text, (Transformed, Converted), count)
