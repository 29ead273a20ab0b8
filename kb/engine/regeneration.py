"""Regeneration (701.19, 614.8): a destruction-replacement effect.

"Regenerate [permanent]" from a resolving spell or ability means: the next time it would be
destroyed this turn, instead remove all damage marked on it, its controller taps it, and it is
removed from combat.  It is a replacement effect, so it must exist before the destruction
(614.4); it replaces destruction only — by an effect, or by the state-based actions for lethal
or deathtouch damage (704.5g-h), never being put into a graveyard for toughness 0 (704.5f) —
and not a destruction that "can't be regenerated" (701.19c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import actions, combat
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.durations import UntilEndOfTurn
from kb.engine.events import Cause
from kb.engine.replacement import Move, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.game import Game


def replaces(move: Move, permanent: ObjectId) -> bool:
    """Is ``move`` the destruction of ``permanent`` that regeneration may replace (701.19a, 701.19c)?"""
    return move.object_id == permanent and move.cause is Cause.DESTROY and move.can_regenerate


def _regenerated(game: Game, permanent: ObjectId) -> None:
    """Instead of being destroyed: all damage removed, tapped, removed from combat."""
    obj = game.objects[permanent]
    obj.damage = 0
    obj.deathtouch_damage = False
    combat.remove_from_combat(game, permanent)
    actions.tap(game, [obj])


def shield(permanent: ObjectId) -> Replacement:
    def instead(context: ReplacementContext, move: Move) -> None:
        _regenerated(context.game, permanent)

    return Replacement("The next time it would be destroyed this turn, instead remove all damage marked on it, its "
                       "controller taps it, and it is removed from combat.", Move,
                       lambda c, m: replaces(m, permanent), instead, uses=1, pure=False)


def _regenerates_source(context: ReplacementContext, move: Move) -> bool:
    """Is ``move`` a destruction of the permanent whose static ability regenerates it?"""
    seen = context.context.source
    return seen is not None and replaces(move, seen.id)


def regenerates_itself(text: str) -> Replacement:
    """A static ability that regenerates its own permanent (701.19b): not a shield that is used up,
    but a replacement of each destruction of that permanent."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        return _regenerates_source(context, move)

    def instead(context: ReplacementContext, move: Move) -> None:
        _regenerated(context.game, move.object_id)

    return Replacement(text, Move, applies, instead, pure=False)


def regenerate(game: Game, permanent: ObjectId, *, source: ObjectId | None = None,
               controller: PlayerId | None = None) -> ContinuousEffect | None:
    """Regenerate ``permanent``: a shield against its next destruction this turn (701.19a)."""
    if permanent not in game.objects:
        return None
    return game.create_effect("regenerate", replacements=[shield(permanent)], duration=UntilEndOfTurn(),
                              source=source, controller=controller)


__all__ = ["regenerate", "regenerates_itself", "replaces", "shield"]
