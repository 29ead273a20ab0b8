"""Counters whose kind carries a rule of its own (122.1c, 122.1h), and moving counters (122.5).

- A shield counter: if the permanent would be dealt damage or destroyed, instead one shield
  counter is removed from it (122.1c).
- A final counter: if the permanent would be put into a graveyard from the battlefield, it is
  exiled instead (122.1h).

These are replacement effects that come from the counters themselves, not from any ability:
:func:`replacements` gives them for each permanent that has such counters, and
:func:`kb.engine.replacement.sources` includes them.
"""

from __future__ import annotations

from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.replacement import Damage, Move, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def _shield(permanent: ObjectId) -> list[Replacement]:
    def remove_one(context: ReplacementContext) -> None:
        from kb.engine import counters

        obj = context.game.objects.get(permanent)
        if obj is not None:
            counters.remove(context.game, obj, "shield", 1)

    def damage_applies(context: ReplacementContext, damage: Damage) -> bool:
        return damage.recipient == permanent and damage.amount > 0

    def instead_of_damage(context: ReplacementContext, damage: Damage) -> None:
        remove_one(context)

    def destroy_applies(context: ReplacementContext, move: Move) -> bool:
        return move.object_id == permanent and move.destroyed

    def instead_of_destruction(context: ReplacementContext, move: Move) -> None:
        remove_one(context)

    return [Replacement("Shield counter: if it would be dealt damage, instead remove a shield counter from it.", Damage,
                        damage_applies, instead_of_damage, pure=False),
            Replacement("Shield counter: if it would be destroyed, instead remove a shield counter from it.", Move,
                        destroy_applies, instead_of_destruction, pure=False)]


def _final(permanent: ObjectId) -> list[Replacement]:
    def applies(context: ReplacementContext, move: Move) -> bool:
        obj = context.game.objects.get(permanent)
        return move.object_id == permanent and move.to_zone is Zone.GRAVEYARD and obj is not None \
            and obj.zone is Zone.BATTLEFIELD

    return [Replacement("Final counter: if it would be put into a graveyard from the battlefield, exile it instead.",
                        Move, applies, lambda c, m: with_changes(m, to_zone=Zone.EXILE))]


COUNTER_RULES = {"shield": _shield, "final": _final}
"""Kinds of counters that come with a replacement effect, by kind (122.1c, 122.1h)."""


def replacements(view: View) -> list[Replacement]:
    """The replacement effects ``view``'s counters give it (a permanent's, 122.1c, 122.1h)."""
    if view.zone is not Zone.BATTLEFIELD:
        return []
    return [r for kind, rule in COUNTER_RULES.items() if view.counter(kind) for r in rule(view.id)]


def move_counters(game: Game, source: GameObject, target: GameObject | PlayerId, kind: str, count: int) -> int:
    """Move counters (122.5): remove them from one object and put them on another; only as many
    as were removed are put.  Returns how many were moved."""
    from kb.engine import counters

    removed = counters.remove(game, source, kind, count)
    if removed:
        counters.put(game, target, kind, removed)
    return removed
