"""Engine mutants for multiplayer games and the variants (800-811, 900-905): each breaks one rule of
those chapters on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import commander
from kb.engine.cards import Card
from kb.engine.errors import IllegalAction
from kb.engine.mana import Color
from kb.engine.objects import GameObject

# -- 903: Commander ---------------------------------------------------------------------------------------


def _designation_follows_characteristics(obj: GameObject) -> bool:
    """The designation read off the object's characteristics: lost while face down or a copy of
    something else (903.3 says it belongs to the card)."""
    if commander.COMMANDER not in obj.designations:
        return False
    try:
        view = obj._game.last_known_view(obj.id)
    except IllegalAction:
        return True
    return bool(view.name == obj.card.name)


def _identity_from_mana_cost(card: Card) -> frozenset[Color]:
    cost = card.front.mana_cost
    return cost.colors if cost is not None else frozenset()


def _identity_front_face_only(card: Card) -> frozenset[Color]:
    return frozenset(commander._face_identity(card.front))


MUTANTS: tuple[Mutant, ...] = (
    Mutant("commander-designation-is-a-characteristic", "903.3",
           "a commander face down or copying another card is no longer a commander",
           ((commander, "is_commander", _designation_follows_characteristics),)),
    Mutant("identity-from-the-mana-cost-only", "903.4", "colour identity ignores the rules text and colour indicators",
           ((commander, "color_identity", _identity_from_mana_cost),)),
    Mutant("identity-front-face-only", "903.4d", "colour identity ignores a double-faced card's back face",
           ((commander, "color_identity", _identity_front_face_only),)),
)

__all__ = ["MUTANTS"]
