"""Just enough combat: who may attack and block, and leaving combat (506.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import rules
from kb.engine.basics import CREATURE, IllegalAction

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


def can_attack(game: Game, creature: GameObject) -> bool:
    """Untapped, and either with haste or controlled since the turn began (302.6)."""
    view = game.view(creature.id)
    return (creature in game.battlefield() and view.is_a(CREATURE) and not creature.tapped
            and view.controller == game.active
            and (view.has("haste") or creature.controlled_since_turn < game.turn))


def declare_attackers(game: Game, creatures: Sequence[GameObject]) -> None:
    for creature in creatures:
        if not can_attack(game, creature):
            raise IllegalAction(f"object {creature.id} can't attack")
    for creature in creatures:
        creature.tapped = True
        game.attacking.add(creature.id)


def can_block(game: Game, creature: GameObject) -> bool:
    view = game.view(creature.id)
    return (creature in game.battlefield() and view.is_a(CREATURE) and not creature.tapped
            and not rules.cant_block(game, view))


def remove_from_combat(game: Game, permanent: GameObject) -> None:
    """It stops being an attacking or blocking creature (506.4): it left, changed control or phased out."""
    game.attacking.discard(permanent.id)


def deal_damage(game: Game, target: GameObject, amount: int) -> None:
    """Damage stays marked until the cleanup step; state-based actions look at it (704.5g)."""
    if target in game.battlefield():
        target.damage += amount
