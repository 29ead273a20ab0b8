"""Ascend and the city's blessing (702.131).

The city's blessing is a designation of a player (702.131c), kept for the rest of the game.  Ascend
on an instant or sorcery is a spell ability (702.131a, :data:`kb.engine.stack.SPELL_KEYWORDS_FIRST`); on a
permanent it is a static ability that acts at once whenever its controller controls ten or more
permanents (702.131b): it is looked at whenever state-based actions are (:data:`kb.engine.sba.IMMEDIATE`),
and continuous effects are applied again before triggers are looked at (702.131d: views are
recomputed as the game changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import keywords, sba, stack
from kb.engine.characteristics import with_keyword

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.stack import Resolution

CITYS_BLESSING = "the city's blessing"
ASCEND_THRESHOLD = 10
"""702.131a-b: ten or more permanents."""


def has_citys_blessing(game: Game, player: PlayerId) -> bool:
    return CITYS_BLESSING in game.players[player].designations


def ascend(game: Game, player: PlayerId) -> bool:
    """"If you control ten or more permanents and you don't have the city's blessing, you get the city's
    blessing for the rest of the game": True if the player got it now."""
    if has_citys_blessing(game, player) or len(game.battlefield(player)) < ASCEND_THRESHOLD:
        return False
    game.players[player].designations.add(CITYS_BLESSING)
    game.touch()
    return True


def _spell_ascend(resolution: Resolution) -> None:
    """702.131a: ascend on an instant or sorcery, followed as it resolves."""
    ascend(resolution.game, resolution.controller)


def permanents_ascend(game: Game) -> None:
    """702.131b: each player who controls a permanent with ascend gets the city's blessing at once
    when they control ten or more permanents."""
    views = game.views()
    holders = {v.controller for v in with_keyword(views, "ascend") if v.zone.value == "battlefield"
               and not v.status.phased_out}
    for player in sorted(holders):
        permanent_ascend(game, player)


def permanent_ascend(game: Game, player: PlayerId) -> None:
    ascend(game, player)


keywords.MODELLED.update({"ascend": "none"})
stack.SPELL_KEYWORDS_FIRST["ascend"] = lambda resolution: _spell_ascend(resolution)
sba.IMMEDIATE.append(lambda game: permanents_ascend(game))

__all__ = ["ASCEND_THRESHOLD", "CITYS_BLESSING", "ascend", "has_citys_blessing", "permanent_ascend",
           "permanents_ascend"]
