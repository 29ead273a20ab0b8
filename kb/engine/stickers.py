"""Stickers (123): power/toughness stickers, whose timestamps matter to 613.7k."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId
from kb.engine.errors import IllegalAction
from kb.engine.objects import Sticker

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def put_sticker(game: Game, player: PlayerId, obj: GameObject, sticker: Sticker) -> None:
    """Put ``sticker`` on ``obj``; it gets a new timestamp (613.7k).  A player can put stickers only
    on objects they own (123.3b)."""
    if obj.owner != player:
        raise IllegalAction(f"{player} can put stickers only on objects they own", "123.3b")
    sticker.timestamp = game.tick()
    obj.stickers.append(sticker)
    game.emit()
