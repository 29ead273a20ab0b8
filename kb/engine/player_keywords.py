"""Players with keyword abilities (702.11c hexproof, 702.16 protection, 702.18a shroud): a player
has them from rules changes (:class:`~kb.engine.rules.PlayersHave`).

The rules that read an object's keywords (targeting, 115; damage prevention, 702.16e) read a
player's the same way, through :func:`view`: the player seen as a nameless object that has
those keywords and is controlled by that player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import rules
from kb.engine.basics import PlayerId, Zone
from kb.engine.characteristics import Characteristics, View

if TYPE_CHECKING:
    from kb.engine.game import Game

PLAYER_ID = -1
"""The id a player's view has: no object has it."""


def view(game: Game, player: PlayerId) -> View:
    """``player`` as the rules that read keywords see them."""
    found = tuple(rules.player_keywords(game, player))
    return View(PLAYER_ID, Zone.COMMAND, player, player, 0, Characteristics(abilities=found), Characteristics())
