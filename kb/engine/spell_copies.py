"""Copies of spells (707.10) and what becomes of them (608.3f, 704.5e).

A copy of a spell is put on the stack with the spell's copiable values and every decision made
as it was cast — its targets, X, modes, the additional and alternative costs paid, the objects
that paid its costs — and it isn't cast (707.10); what was spent to cast it is not copied: mana is
no object; its controller may choose new targets (707.10c).  As a copy of a permanent spell
resolves it becomes a token, which is no longer a copy of a spell and wasn't "created" (608.3f,
707.10f).  A copy of a spell anywhere but on the stack ceases to exist (704.5e, 707.10a): a
countered copy, an instant copy that resolved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine import casting, stack, targets
from kb.engine.basics import PlayerId, Zone
from kb.engine.copies import Exceptions, with_exceptions
from kb.engine.errors import IllegalAction

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import StackObject

COPY_OF_A_SPELL = "copy of a spell"
"""The designation that marks a copy of a spell (it is not a card, 707.10)."""


def is_copy(obj: GameObject) -> bool:
    return COPY_OF_A_SPELL in obj.designations


def copy_spell(game: Game, original: StackObject, controller: PlayerId | None = None, *,
               new_targets: Sequence[object] | None = None, changes: Exceptions | None = None) -> StackObject:
    """Put a copy of the spell ``original`` on the stack under ``controller`` (by default the
    original's): same copiable values, targets and X, not cast (707.10); ``new_targets`` chosen
    for it instead, each legal (707.10c); ``changes``: the copy effect's exceptions ("except that
    the copy is red", 707.9b)."""
    if original.spell is None or original.spell not in game.objects:
        raise IllegalAction("only a spell on the stack can be copied this way", "707.10")
    player = controller or original.controller
    source = game.objects[original.spell]
    values = with_exceptions(game.views()[source.id].copiable, changes)
    token_card = with_changes(source.card, front=values, back=None)
    obj = game._new_object(token_card, source.owner if controller is None else player, Zone.STACK, player)
    obj.designations.add(COPY_OF_A_SPELL)
    obj.x = source.x
    # The choices made as it was cast — modes, costs paid, kicked — but not the mana spent (707.10).
    obj.chosen = {k: v for k, v in source.chosen.items() if k != casting.MANA_SPENT}
    from kb.engine import keywords_casting

    if keywords_casting.still_bestowed(game, source.id):
        keywords_casting.become_bestowed(game, obj, player)  # 702.103c: the copy is a bestowed Aura spell too
    view = game.view(obj.id)
    chosen = original.targets
    if new_targets is not None:
        picked = targets.choose(game, original.specs, player, view, new_targets)
        if picked is None:
            raise IllegalAction("the copy has no legal target", "707.10c")
        chosen = picked
    item = stack.StackObject(obj.id, player, original.text, obj.id, None, None, view, original.specs, chosen,
                             original.x, options=dict(original.options))  # what paid its costs (707.10)
    stack.push(game, item)
    return item


def becomes_a_token(game: Game, obj: GameObject) -> None:
    """A copy of a permanent spell resolving becomes a token permanent, no longer a copy (608.3f)."""
    if is_copy(obj):
        obj.card = with_changes(obj.card, is_token=True)
        obj.designations.discard(COPY_OF_A_SPELL)
        game.touch()


def ceasing(game: Game) -> list[GameObject]:
    """Copies of spells in a zone other than the stack (704.5e)."""
    return [o for o in game.objects.values() if is_copy(o) and o.zone is not Zone.STACK]


__all__ = ["COPY_OF_A_SPELL", "becomes_a_token", "ceasing", "copy_spell", "is_copy"]
