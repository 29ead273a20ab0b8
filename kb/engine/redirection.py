"""Redirection effects (614.9): damage that would be dealt to one creature, planeswalker, battle or
player is dealt to another instead.

A redirection is a replacement effect on the proposed :class:`~kb.engine.replacement.Damage`: it
takes the part it redirects off the damage and records it in ``redirected`` as damage to the new
recipient, dealt as part of the same event (:func:`parts`, read by :func:`kb.engine.damage.deal`).
It does nothing if either permanent has left the battlefield or is no longer a battle, creature or
planeswalker, or either player has left the game (614.9).  Under the limited range of influence
option, a part redirected to a player or object outside the range of the controller of the spell
or ability dealing the damage does nothing (801.13a).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.replacement import Damage, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.game import Game


def can_be_redirected_to(game: Game, recipient: ObjectId | PlayerId) -> bool:
    """614.9: a player still in the game, or a battle, creature or planeswalker on the battlefield."""
    from kb.engine import damage

    if isinstance(recipient, str):
        return recipient in game.players and not game.players[recipient].left
    obj = game.objects.get(recipient)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and damage.can_be_dealt_damage(game.view(recipient))


@dataclass(eq=False)
class Redirect:
    """"The next ``remaining`` damage that would be dealt to ``recipient`` this turn is dealt to ``to``
    instead" (Captain's Maneuver): a running total, as a prevention shield keeps one (615.7)."""

    remaining: int
    recipient: ObjectId | PlayerId
    to: ObjectId | PlayerId
    moved: list[int] = field(default_factory=list)

    def replacement(self, text: str) -> Replacement:
        def applies(context: ReplacementContext, damage: Damage) -> bool:
            game = context.game
            return (damage.recipient == self.recipient and self.remaining > 0 and damage.amount > 0
                    and can_be_redirected_to(game, self.recipient) and can_be_redirected_to(game, self.to))

        def redirect(context: ReplacementContext, damage: Damage) -> Damage:
            moved = min(self.remaining, damage.amount)
            self.remaining -= moved
            self.moved.append(moved)
            context.game.touch()
            return with_changes(damage, amount=damage.amount - moved, redirected=(*damage.redirected, (self.to, moved)))

        return Replacement(text, Damage, applies, redirect, pure=False)


def parts(game: Game, final: Damage) -> list[Damage]:
    """The parts of ``final`` redirected to other recipients, each as damage from the same source;
    a part outside the range of influence of the source's controller does nothing (801.13a)."""
    found = []
    for recipient, amount in final.redirected:
        if game.limited_range and not reaches(game, final.source, recipient):
            continue
        found.append(Damage(final.source, recipient, amount, final.combat, final.preventable))
    return found


def reaches(game: Game, source: ObjectId, recipient: ObjectId | PlayerId) -> bool:
    """Is ``recipient`` within the range of influence of the controller of the damage's source (801.13a)?"""
    from kb.engine import influence

    controller = game.last_known_view(source).controller
    if isinstance(recipient, str):
        return influence.in_range(game, controller, recipient)
    return influence.object_in_range(game, controller, game.last_known_view(recipient))


__all__ = ["Redirect", "can_be_redirected_to", "parts", "reaches"]
