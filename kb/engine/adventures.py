"""Adventurer cards (715).

``adventurer(card("Giant Killer", …), card("Chop Down", "{2}{W}", "Instant — Adventure", spell=…))``
gives a card an Adventure: alternative characteristics it may have as a spell (715.2), part of its
copiable values (715.2b).  It is one card (715.2c).  A player casting it chooses to cast it
normally or as an Adventure (``game.cast(…, half="adventure")``, 715.3); as an Adventure only the
alternative characteristics are evaluated to see if it can be cast (715.3a, 601.3e) and the spell
has only them (715.3b).  Everywhere else it has only its normal characteristics (715.4).  As an
Adventure resolves its controller exiles it rather than putting it into the graveyard, and may
play it for as long as it stays exiled — though not as an Adventure (715.3d).

Not modelled: copies of an Adventure spell (715.3c) and choosing an Adventure's name (715.5).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine import casting, stack, zones
from kb.engine.basics import Zone
from kb.engine.cardtypes import CardType
from kb.engine.errors import ScenarioError
from kb.engine.events import Cause

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.cards import Card
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import StackObject

ADVENTURE = "adventure"
"""The part of an adventurer card a spell is cast as (:meth:`kb.engine.cards.Card.part`)."""

ON_AN_ADVENTURE = "on an adventure"
"""Key of an exiled card's ``chosen``: the player who may play it since it was exiled as its
Adventure resolved (715.3d); forgotten when it leaves exile (400.7)."""


def adventurer(card: Card, adventure: Card) -> Card:
    """``card`` with the Adventure ``adventure``: an instant or sorcery with the Adventure subtype (715.2)."""
    if not adventure.front.types & {CardType.INSTANT, CardType.SORCERY} or "Adventure" not in adventure.front.subtypes:
        raise ScenarioError(f"{adventure.name}: an Adventure is an instant or sorcery with the Adventure subtype")
    if card.is_token or card.halves is not None or card.adventure is not None:
        raise ScenarioError(f"{card.name}: only a card of one face can be an adventurer card")
    return replace(card, adventure=adventure)


def has_an_adventure(obj: GameObject) -> bool:
    """715.2a: the object has an Adventure's alternative characteristics, used now or not."""
    return obj.card.adventure is not None


def cast_as_adventure(obj: GameObject) -> bool:
    return obj.zone is Zone.STACK and obj.cast_as == ADVENTURE


def _as_an_adventure(game: Game, player: PlayerId, card: GameObject) -> str | None:
    return None if has_an_adventure(card) else "it has no Adventure (715.2)"


def _exiled(game: Game, spell: GameObject, item: StackObject) -> bool:
    """715.3d: a spell cast as an Adventure is exiled as it resolves; its controller may then play it."""
    if not cast_as_adventure(spell):
        return False
    exiled = zones.move(game, spell, Zone.EXILE, cause=Cause.RESOLVE)
    if exiled is not None and exiled.zone is Zone.EXILE:
        exiled.chosen = {**exiled.chosen, ON_AN_ADVENTURE: item.controller}
    return True


def _play_from_exile(game: Game, player: PlayerId, card: GameObject, spell: View) -> bool | None:
    """715.3d: the player who exiled it may play it while it remains exiled, though not as an
    Adventure (other effects may allow that)."""
    if card.zone is not Zone.EXILE or card.chosen.get(ON_AN_ADVENTURE) != player or card.cast_as == ADVENTURE:
        return None
    return True


casting.PARTS[ADVENTURE] = _as_an_adventure
casting.OWN_PERMISSIONS[ADVENTURE] = _play_from_exile
stack.RESOLVED_ELSEWHERE[ADVENTURE] = _exiled

__all__ = ["ADVENTURE", "ON_AN_ADVENTURE", "adventurer", "cast_as_adventure", "has_an_adventure"]
