"""The state-based actions these rules need (704.5d, 704.5f, 704.5g, 704.5m, 704.5n).

Only permanents that exist for the game are looked at: a phased-out token stays (702.26d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import attach, zones
from kb.engine.basics import ATTACHMENT_SUBTYPES, AURA, CREATURE, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


def check(game: Game) -> bool:
    """Perform every state-based action that applies, all at once; True if any did."""
    tokens = [o for o in game.objects.values() if o.token and o.zone is not Zone.BATTLEFIELD]
    for token in tokens:  # 704.5d
        del game.objects[token.id]
    to_graveyard: list[GameObject] = []
    to_unattach: list[GameObject] = []
    views = game.views()
    for obj in game.battlefield():
        view = views[obj.id]
        if view.is_a(CREATURE) and view.toughness is not None and (
                view.toughness <= 0 or 0 < view.toughness <= obj.damage):
            to_graveyard.append(obj)  # 704.5f, 704.5g
        elif view.subtypes & ATTACHMENT_SUBTYPES and not attach.is_legal(game, view, obj.attached_to):
            if AURA in view.subtypes:
                to_graveyard.append(obj)  # 704.5m
            elif obj.attached_to is not None:
                to_unattach.append(obj)  # 704.5n
    for obj in to_unattach:
        attach.unattach(game, obj)
    if to_graveyard:
        zones.move_together(game, to_graveyard, Zone.GRAVEYARD)
    return bool(tokens or to_graveyard or to_unattach)
