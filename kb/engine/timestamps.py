"""Timestamps (613.7): new ones for objects, several at once in APNAP order (613.7m), and the
stickers that follow their object (613.7k).  The clock itself is ``game.tick()``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind, is_permutation

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def stamp(game: Game, obj: GameObject) -> None:
    """Give ``obj`` a new timestamp; its stickers get new ones right after, in their order (613.7k)."""
    obj.timestamp = game.tick()
    for sticker in obj.stickers:
        sticker.timestamp = game.tick()


def stamp_together(game: Game, objects: Sequence[GameObject]) -> None:
    """Objects getting timestamps at the same time: the active player's first, in the order that
    player chooses, then each other player's in turn order (613.7m).  An object's controller
    decides, or its owner when it has none."""
    if not objects:
        return
    views = game.views()
    by_player: dict[PlayerId, list[GameObject]] = {}
    for obj in objects:
        who = views[obj.id].controller if obj.id in views else obj.owner
        by_player.setdefault(who, []).append(obj)
    order = game.apnap() + [p for p in by_player if p not in game.apnap()]
    for player in order:
        group = by_player.get(player, [])
        if len(group) > 1:
            chosen = game.choices.ask(Choice(
                ChoiceKind.TIMESTAMP_ORDER, player, "the order in which your objects get their timestamps",
                matters=len({o.card for o in group}) > 1, accepts=is_permutation(group), default=group,
                items=tuple(group)))
            group = list(chosen)  # type: ignore[call-overload]
        for obj in group:
            stamp(game, obj)
