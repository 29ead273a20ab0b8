"""Searching when an effect offers the choice (701.23g): "you may search [zone] for [a card] and [do
something with it]".  The player may choose to search even if what the effect does next with the
cards found is illegal or impossible — there may be no card to find, or the card found can't go where
the effect puts it — and searching still is a search (abilities triggered by it trigger; what follows
it, like a shuffle, still happens).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine import searching
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game


def search_offered(game: Game, player: PlayerId, owner: PlayerId, zone: Zone, matches: Callable[[View], bool]) -> bool:
    """701.23g: the choice to search is offered whatever the search could find and whatever may follow."""
    return True


def may_search(game: Game, player: PlayerId, owner: PlayerId, zone: Zone, matches: Callable[[View], bool], *,
               up_to: int | None = None, what: str = "search") -> list[ObjectId] | None:
    """``player`` may search ``owner``'s ``zone`` for cards that ``matches``: the cards found, or None
    if they chose not to search (or the search was replaced by nothing)."""
    if not search_offered(game, player, owner, zone, matches):
        return None
    if not game.choices.ask(Choice(ChoiceKind.MAY, player, what, (True, False))):
        return None
    return searching.search(game, player, owner, zone, matches, up_to=up_to)


__all__ = ["may_search", "search_offered"]
