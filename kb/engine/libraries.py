"""Libraries (401): looking at the top cards, searching (701.23) and putting
cards on the bottom in a random order.

A library is a player's ordered list of card ids, top card last.  Randomness (a shuffle, "in a
random order") is played by a generator seeded from the game's position, so a scenario plays the
same way every time while no player chooses the order: any order is what randomness may give.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.choices import Choice, ChoiceKind

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game


def _random(game: Game, player: PlayerId, what: str) -> random.Random:
    return random.Random(f"{what}:{game.turn}:{len(game.log)}:{player}")


def top(game: Game, player: PlayerId, count: int) -> list[ObjectId]:
    """The top ``count`` cards of the library, the top one first.  A card entering the battlefield
    from it, whose entering a replacement effect is modifying now, is not among them: an effect
    that mills or exiles cards from the top skips it (614.13c)."""
    library = game.players[player].library
    if game.entering:
        library = [card for card in library if card not in game.entering]
    return list(reversed(library[-count:])) if count > 0 else []


def put_on_bottom_in_random_order(game: Game, player: PlayerId, cards: Sequence[ObjectId]) -> None:
    """Cards still in ``player``'s library go to its bottom in a random order (they stay in the zone)."""
    library = game.players[player].library
    moving = [c for c in cards if c in library]
    _random(game, player, "bottom").shuffle(moving)
    game.players[player].library = moving + [c for c in library if c not in moving]
    game.touch()


def search(game: Game, player: PlayerId, owner: PlayerId, what: str, test: Callable[[View], bool]) -> ObjectId | None:
    """``player`` searches ``owner``'s library for a card with a quality: they may fail to find
    one even if there is one (701.23b), so with any candidate the choice is theirs (None: none)."""
    views = game.views()
    found = [c for c in game.players[owner].library if test(views[c])]
    if not found:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"a card to find: {what}", (*found, None)))
    return chosen if isinstance(chosen, int) else None
