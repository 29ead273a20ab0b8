"""Stickers (123): power/toughness stickers (123.8), whose timestamps matter to 613.7k, and name
stickers (123.6), whose word the object's controller places in its name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction
from kb.engine.objects import NameSticker, Sticker

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def put_sticker(game: Game, player: PlayerId, obj: GameObject, sticker: Sticker | NameSticker) -> None:
    """Put ``sticker`` on ``obj``; it gets a new timestamp (613.7k).  A player can put stickers only
    on objects they own (123.3b)."""
    if obj.owner != player:
        raise IllegalAction(f"{player} can put stickers only on objects they own", "123.3b")
    sticker.timestamp = game.tick()
    obj.stickers.append(sticker)
    game.emit()


def placements(name: str, word: str) -> tuple[str, ...]:
    """The names a name sticker's word can make (123.6b): before the name, or after any number
    of its words."""
    words = name.split()
    return tuple(" ".join([*words[:i], word, *words[i:]]) for i in range(len(words) + 1))


def put_name_sticker(game: Game, player: PlayerId, obj: GameObject, word: str) -> None:
    """Put a name sticker with ``word`` on ``obj`` (123.6b): its controller (its owner, off the
    battlefield and stack: 108.4a) chooses where the word goes and declares the new name."""
    if obj.owner != player:
        raise IllegalAction(f"{player} can put stickers only on objects they own", "123.3b")
    name = game.view(obj.id).name
    if name is None:
        raise IllegalAction("a face-down object has no name to put a word in", "123.6c")
    chooser = game.view(obj.id).controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
    options = placements(name, word)
    chosen = game.choices.ask(Choice(ChoiceKind.CARD_NAME, chooser, f"where {word!r} goes in {name!r}", options))
    put_sticker(game, player, obj, NameSticker(word, options.index(str(chosen))))
