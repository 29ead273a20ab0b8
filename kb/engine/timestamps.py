"""New timestamps for objects, including several at once in APNAP order (613.7)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import PlayerName

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject

OrderChoice = Callable[[PlayerName, list["GameObject"]], list["GameObject"]]
"""A player's choice of relative timestamp order among their own objects."""


def stamp(game: Game, obj: GameObject) -> None:
    """Give ``obj`` a new timestamp; its stickers get new ones right after, in their order (613.7k)."""
    obj.timestamp = game.tick()
    for sticker in obj.stickers:
        sticker.timestamp = game.tick()


def stamp_together(game: Game, objects: Sequence[GameObject], choose: OrderChoice | None = None) -> None:
    """Objects getting timestamps at the same time: the active player's first, in the order that
    player chooses, then each other player's in turn order (613.7m).  An object's controller
    decides, or its owner when nothing controls it."""
    views = game.views()
    by_player: dict[PlayerName, list[GameObject]] = {}
    for obj in objects:
        who = views[obj.id].controller if obj.id in views else obj.owner
        by_player.setdefault(who, []).append(obj)
    for player in game.apnap() + [p for p in by_player if p not in game.apnap()]:
        group = by_player.get(player, [])
        for obj in (choose(player, group) if choose is not None and group else group):
            stamp(game, obj)
