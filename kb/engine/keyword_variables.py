"""Variables and variants of granted keyword abilities (702.1b, 702.1c).

An effect that grants a keyword ability may define a variable of it from the object or the game:
"this creature has echo {X}, where X is your life total".  The keyword carries the definition
(:attr:`~kb.engine.keywords.Keyword.x`, a :class:`~kb.engine.conditions.Number`), and its value is
worked out whenever the keyword's cost is paid, as the game is then: it is constantly
reevaluated, so a life total that changed between the trigger and its resolution sets the cost.

An effect granting keywords "the same is true for" a list of them grants every variant and variable
of a keyword found (702.1c): each landwalk and each protection ability among the objects it looks
at, not just one landwalk (:func:`variants_among`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from kb.engine.context import Context

if TYPE_CHECKING:
    from collections.abc import Iterable

    from kb.engine.basics import ObjectId
    from kb.engine.characteristics import View
    from kb.engine.costs import Cost
    from kb.engine.game import Game
    from kb.engine.keywords import Keyword
    from kb.engine.objects import GameObject


def value(game: Game, keyword: Keyword, source: GameObject) -> int | None:
    """The keyword's X now, for ``source`` (None if the keyword doesn't define one)."""
    if keyword.x is None:
        return None
    view = game.view(source.id) if source.id in game.objects else game.last_known_view(source.id)
    return max(0, keyword.x.value(Context(game, game.views(), view, view.controller)))


def price(game: Game, keyword: Keyword, source: GameObject, cost: Cost) -> Cost:
    """``cost`` (the keyword's cost) with its X as the keyword defines it now (702.1b)."""
    x = value(game, keyword, source)
    if x is None or cost.mana is None or not cost.mana.x_count:
        return cost
    return dataclasses.replace(cost, mana=cost.mana.with_x(x))


def anew(game: Game, keyword: Keyword, object_id: ObjectId) -> Keyword:
    """``keyword`` with the parameter its granting effect defines from the object (702.1b:
    :attr:`~kb.engine.keywords.Keyword.of_object`) worked out for ``object_id`` as it is now."""
    if keyword.of_object is None or object_id not in game.objects:
        return keyword
    return dataclasses.replace(keyword, parameter=keyword.of_object(game.view(object_id)))


def variants_among(views: Iterable[View], name: str) -> tuple[Keyword, ...]:
    """Every variant of the keyword ``name`` the objects have, each once (702.1c): "forestwalk" and
    "islandwalk" for landwalk, each quality of protection."""
    found: dict[str, Keyword] = {}
    for view in views:
        for keyword in view.keywords(name):
            found.setdefault(str(keyword), keyword)
    return tuple(found.values())


__all__ = ["anew", "price", "value", "variants_among"]
