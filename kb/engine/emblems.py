"""Emblems (114): objects in the command zone with abilities and nothing else.

"[Player] gets an emblem with [ability]" (114.2) puts an emblem into the command zone under that
player's control (109.4c, 408.2).  It has no characteristics other than its abilities: no name,
types, mana cost or colour (114.3); it is neither a card nor a permanent (114.5); its abilities
function in the command zone (114.4) and nothing can remove it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.cards import AbilityLike, Card, abilities_of
from kb.engine.characteristics import Characteristics

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

COMMAND_ZONE = frozenset({Zone.COMMAND})


def _in_the_command_zone(ability: object) -> object:
    """An emblem's abilities function in the command zone (114.4)."""
    if isinstance(ability, (StaticAbility, TriggeredAbility)):
        return replace(ability, zones=COMMAND_ZONE)
    return ability


def emblem(*abilities: AbilityLike) -> Card:
    """An emblem's definition: its abilities only (114.3)."""
    held = tuple(_in_the_command_zone(a) for a in abilities_of(abilities))
    return Card(Characteristics(abilities=held))  # type: ignore[arg-type]


def get_emblem(game: Game, player: PlayerId, definition: Card) -> GameObject:
    """``player`` gets an emblem (114.2): it goes to the command zone under their control."""
    made = game._new_object(definition, player, Zone.COMMAND, player)
    game.emit()
    return made


def is_emblem(obj: GameObject) -> bool:
    return obj.zone is Zone.COMMAND and not obj.card.front.types and obj.card.front.name is None
