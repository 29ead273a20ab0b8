"""Card layouts beyond one face: flip cards (710).

Double-faced cards and transforming are in :mod:`kb.engine.transform` (712, 701.27).  A flip
card (``card(..., flip=face(...))``) has its normal half and an alternate half printed upside
down; the permanent uses the alternate half while it is flipped (710.1b, 710.2), keeping its
colour and mana cost (710.1c).  Flipped is a status (110.5): a permanent keeps it even when it
means nothing, say while it is a copy of a card that isn't a flip card (110.5c), and it uses it
again once it copies a flip card (707.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def flip(game: Game, permanent: GameObject) -> bool:
    """Flip a permanent: its status becomes flipped, for good (710.4).  Only a permanent has a
    status (110.5d); flipping a flipped one does nothing.  True if it flipped."""
    if permanent.zone is not Zone.BATTLEFIELD or permanent.flipped:
        return False
    permanent.flipped = True
    game.emit()
    return True
