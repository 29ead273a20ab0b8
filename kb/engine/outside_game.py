"""Bringing cards into a game from outside it, and the limits a Commander game sets (903.11).

In a Commander game a traditional card can't be brought in from outside the game unless a rule,
an effect or a special action specifically allows it there (903.11): the ways that do are the entries
of :data:`ALLOWED_IN_COMMANDER` (the companion special action, 702.139d, registers itself).  Even
then the card can't share a name with a card of the player's starting deck or one they own in the
game, nor have a colour outside their commander's colour identity (903.11a).  The starting deck's
cards are read as the cards the player owns in the game (cards of a game don't leave it while their
owner plays on).  Dungeons and other nontraditional cards aren't limited (903.11 speaks of traditional
cards): their modules don't ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import commander

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.cards import Card
    from kb.engine.game import Game

ALLOWED_IN_COMMANDER: dict[str, str] = {}
"""Ways of bringing a card from outside the game that the rules allow in a Commander game (903.11),
with the rule that allows each."""


def is_commander_game(game: Game) -> bool:
    """A game whose players have commanders (903)."""
    return any(commander.is_commander(o) for o in game.objects.values())


def why_not_brought_in(game: Game, player: PlayerId, card: Card, way: str) -> str | None:
    """Why ``player`` can't bring ``card`` in from outside the game by ``way`` (a keyword action, a
    special action), or None if they can."""
    if not is_commander_game(game):
        return None
    if way not in ALLOWED_IN_COMMANDER:
        return f"no card is brought into a Commander game from outside it by {way} (903.11)"
    if any(o.owner == player and o.card.name == card.name for o in game.objects.values()):
        return f"{player} already owns a card named {card.name} in this game (903.11a)"
    if not commander.color_identity(card) <= commander.commanders_color_identity(game, player):
        return f"{card.name}'s colour identity isn't within {player}'s commander's (903.11a)"
    return None


__all__ = ["ALLOWED_IN_COMMANDER", "is_commander_game", "why_not_brought_in"]
