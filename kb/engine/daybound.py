"""Daybound and nightbound (702.145): double-faced permanents that follow day and night (728).

Daybound (on a front face) means: it enters transformed if it is night (a replacement, 614.1c,
in :data:`kb.engine.keyword_abilities.KEYWORD_STATIC`); as it becomes night, if it is front face up,
it transforms; it can't transform except by that ability (:func:`kb.engine.transform.only_by_day_night`).
Nightbound (on a back face) is the same the other way, as it becomes day (702.145e).  The rules of
702.145c-d and 702.145f-g act at once, not as state-based actions: they are registered in
:data:`kb.engine.sba.IMMEDIATE` (looked at whenever state-based actions are) and the transformations
as day or night begins in :data:`kb.engine.day_night.AS_IT_BECOMES`.
"""

from __future__ import annotations

from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import day_night, keyword_abilities, keywords, sba, transform
from kb.engine.abilities import StaticAbility
from kb.engine.basics import Zone
from kb.engine.characteristics import with_keyword
from kb.engine.keywords import Keyword
from kb.engine.replacement import Category, Move, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

DAYBOUND = "daybound"
NIGHTBOUND = "nightbound"


def _front_up(game: Game, keyword_name: str) -> list[GameObject]:
    having = {v.id for v in with_keyword(game.views(), keyword_name)}  # kept on the views: most games have none
    return [o for o in game.battlefield() if not o.phased_out and o.id in having] if having else []


def _enters_transformed_at_night(context: ReplacementContext, move: Move) -> bool:
    game = context.game
    obj = game.objects.get(move.object_id)
    return move.to_zone is Zone.BATTLEFIELD and day_night.current(game) == day_night.NIGHT \
        and obj is not None and obj.card.back is not None


@cache
def _daybound(keyword: Keyword) -> StaticAbility:
    """702.145b: "If it is night and this permanent is represented by a double-faced card, it enters
    transformed" (the other two abilities are :func:`as_it_becomes` and the transform restriction)."""
    return StaticAbility("Daybound", replacements=(
        Replacement("Daybound (enters transformed at night)", Move, lambda c, m: _enters_transformed_at_night(c, m),
                    lambda c, m: with_changes(m, transformed=True), entering_self=True,
                    category=Category.BACK_FACE),))


def as_it_becomes(game: Game, value: str) -> None:
    """702.145b: as it becomes night, each daybound permanent front face up transforms; 702.145e: as it
    becomes day, each nightbound permanent back face up transforms."""
    bound = DAYBOUND if value == day_night.NIGHT else NIGHTBOUND
    for permanent in _front_up(game, bound):
        transform.transform(game, permanent, by_day_night=True)


def corrections(game: Game) -> None:
    """702.145c-d, 702.145f-g: what happens at once when day, night and these permanents disagree."""
    now = day_night.current(game)
    if now == day_night.NIGHT:
        for permanent in _front_up(game, DAYBOUND):  # 702.145c
            transform.transform(game, permanent, by_day_night=True)
    elif now == day_night.DAY:
        for permanent in _front_up(game, NIGHTBOUND):  # 702.145f
            transform.transform(game, permanent, by_day_night=True)
    elif _front_up(game, DAYBOUND):
        day_night.becomes(game, day_night.DAY)  # 702.145d
    elif _front_up(game, NIGHTBOUND):
        day_night.becomes(game, day_night.NIGHT)  # 702.145g: and no daybound permanent


keywords.MODELLED.update({DAYBOUND: "none", NIGHTBOUND: "none"})
keywords.VARIANT_RULES.update({DAYBOUND: "702.145", NIGHTBOUND: "702.145"})
keyword_abilities.KEYWORD_STATIC.update({DAYBOUND: _daybound})
day_night.AS_IT_BECOMES.append(lambda game, value: as_it_becomes(game, value))
sba.IMMEDIATE.append(lambda game: corrections(game))

__all__ = ["DAYBOUND", "NIGHTBOUND", "as_it_becomes", "corrections"]
