"""What a player may see at any time by the rules: the faces of cards in public zones (400.2),
their own hand (402.3), the faces of the face-down spells and permanents they control (708.5),
and whatever a player they control may see (722.4); and the cards an effect shows them for a while
(701.20, kept by :mod:`kb.engine.shown_cards`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.basics import Zone

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def sees_for(game: Game, player: PlayerId) -> set[PlayerId]:
    """The players whose view ``player`` shares: themselves and any player they control (722.4)."""
    return {player} | {p for p, q in game.players.items() if q.controlled_by == player}


LOOK_PERMISSIONS: dict[str, Callable[[Game, PlayerId, GameObject], bool]] = {}
"""Rules and abilities that let a player look at a hidden card, keyed by what they are (hideaway's
exiled card, 702.75a)."""


def may_see_face(game: Game, player: PlayerId, obj: GameObject) -> bool:
    """May ``player`` look at ``obj``'s face now (400.2, 402.3, 708.5, 722.4), or does an effect
    show it to them (701.20, :mod:`kb.engine.shown_cards`) or let them look at it (:data:`LOOK_PERMISSIONS`)?"""
    from kb.engine import shown_cards

    return any(_own_view(game, viewer, obj) or shown_cards.shown_to(game, viewer, obj)
               or any(rule(game, viewer, obj) for rule in LOOK_PERMISSIONS.values()) for viewer in sees_for(game, player))


def _own_view(game: Game, player: PlayerId, obj: GameObject) -> bool:
    if obj.face_down is not None:
        if obj.zone is Zone.BATTLEFIELD:  # 708.5 with 613.1b: the controller after control-changing effects
            return game.view(obj.id).controller == player
        return obj.zone is Zone.STACK and obj.controller == player  # 708.5
    if obj.zone.is_public:
        return True  # 400.2
    return obj.zone is Zone.HAND and obj.owner == player  # 402.3


__all__ = ["LOOK_PERMISSIONS", "may_see_face", "sees_for"]
