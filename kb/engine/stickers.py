"""Stickers (123): only power/toughness stickers, the kind whose timestamps matter to 613.7k."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import PlayerName

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject, Sticker


def put_sticker(game: Game, player: PlayerName, obj: GameObject, sticker: Sticker) -> bool:
    """Put ``sticker`` on ``obj``; it gets a new timestamp (613.7k).  A player can put stickers
    only on objects they own (123.3b): False otherwise."""
    if obj.owner != player:
        return False
    sticker.timestamp = game.tick()
    obj.stickers.append(sticker)
    game.emit()
    return True
