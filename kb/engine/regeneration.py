"""Regeneration (701.19): a shield that replaces the next destruction of a permanent this turn.

"Regenerate [permanent]": the next time it would be destroyed this turn, instead all damage
marked on it is removed, it is tapped and, if it is attacking or blocking, it is removed from
combat (701.19a).  A destruction is a destroy instruction (701.8) or a state-based action that
destroys (704.5g, 704.5h); other ways to the graveyard (sacrifice, toughness 0) aren't (701.19c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.durations import UntilEndOfTurn
from kb.engine.replacement import Move, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.game import Game


def regenerate(game: Game, permanent: ObjectId, *, source: ObjectId | None = None,
               controller: PlayerId | None = None) -> ContinuousEffect | None:
    """Give ``permanent`` a regeneration shield until end of turn (701.19a)."""
    if permanent not in game.objects:
        return None

    def applies(context: ReplacementContext, move: Move) -> bool:
        return move.destroyed and move.object_id == permanent

    def instead(context: ReplacementContext, move: Move) -> None:
        from kb.engine import actions, combat

        obj = context.game.objects[permanent]
        obj.damage = 0
        obj.deathtouch_damage = False
        actions.tap(context.game, [obj])
        combat.remove_from_combat(context.game, permanent)

    return game.create_effect("regeneration shield", duration=UntilEndOfTurn(), source=source,
                              controller=controller, replacements=[Replacement(
                                  "The next time it would be destroyed this turn, instead remove all damage marked "
                                  "on it, tap it and remove it from combat.", Move, applies, instead, pure=False,
                                  uses=1)])
