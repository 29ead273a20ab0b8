"""Copy effects (707): an object that becomes, or enters as, a copy of another.

A copy takes the original's *copiable values* (707.2): its printed values as modified by other
copy effects and by its face-down status (707.3, 708.2), and nothing else: not its counters,
statuses, damage or other continuous effects.  The values are fixed when the copy is made
(707.2b).  A copy effect is a layer 1a effect (613.2a); a face-down permanent that becomes a
copy stays a face-down 2/2 (layer 1b) until it is turned face up (708.10).

- :func:`copy_of` is the layer part of "[this] becomes a copy of [object]" (Cytoshape, Mirrorweave);
- :func:`enters_as_copy` is the replacement effect of "you may have this enter as a copy of
  [a creature]" (Clone, Sakashima the Impostor: 707.5, 614.1c, 616.1c), with the copy's
  exceptions (707.9).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import ScenarioError
from kb.engine.parts import LayerPart, copy_of_values
from kb.engine.replacement import Category, Move, Replacement, ReplacementContext
from kb.engine.selectors import Filter, creatures

if TYPE_CHECKING:
    from kb.engine.characteristics import Characteristics
    from kb.engine.game import Game, ObjectRef


def copiable_values(game: Game, original: ObjectRef) -> Characteristics:
    """``original``'s copiable values now (707.2, 613.2c), or as it last existed if it has left
    its zone (608.2h)."""
    object_id = original if isinstance(original, int) else original.id
    if object_id not in game.objects and object_id not in game.last_known:
        raise ScenarioError(f"nothing to copy: no object #{object_id} in this game")
    return game.last_known_view(object_id).copiable


Exceptions = Callable[["Characteristics"], "Characteristics"]
"""A copy effect's exceptions (707.9): what it changes in the values it copies."""


def with_exceptions(values: Characteristics, changes: Exceptions | None) -> Characteristics:
    """The copied values with the copy effect's exceptions made: they become part of the copy's
    copiable values (707.9b), so whatever copies the copy copies them too (707.3)."""
    return changes(values) if changes is not None else values


def copy_of(game: Game, original: ObjectRef, *,
            changes: Exceptions | None = None) -> LayerPart:
    """Layer 1a: "becomes a copy of ``original``", with its copiable values as they are now
    (707.2b: later changes to the original don't change the copy).  ``changes`` are the copy
    effect's exceptions ("except its name is …"), part of the copiable values (707.9b)."""
    values = with_exceptions(copiable_values(game, original), changes)
    return copy_of_values(values, f"copy of {values.name or 'a nameless object'}")


def enters_as_copy(what: Filter | None = None, *, optional: bool = True,
                   changes: Exceptions | None = None,
                   text: str = "You may have this enter as a copy of any creature on the battlefield.") -> Replacement:
    """"You may have this enter as a copy of [what]" (707.5, 614.1c): as it enters, its controller
    chooses an object matching ``what`` (creatures on the battlefield by default) with
    :attr:`ChoiceKind.OBJECT`; with ``optional`` (the usual "you may") None declines, so the
    choice must be scripted whenever there is something to copy.  ``changes`` are the copy's
    exceptions (707.9b, Sakashima's "except its name is …")."""
    matching = what if what is not None else creatures()

    def replace(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        options: tuple[object, ...] = tuple(sorted(i for i in matching.select(context.context)
                                                   if i != move.object_id))
        if optional:
            options += (None,)
        if not options:
            return move
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"{text} (an object to copy"
                                         f"{', or None' if optional else ''})", options))
        if chosen is None:
            return move
        assert isinstance(chosen, int)
        return with_changes(move, copy_of=with_exceptions(copiable_values(game, chosen), changes))

    return Replacement(text, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, replace, Category.COPY,
                       pure=False, entering_self=True)
