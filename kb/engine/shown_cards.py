"""Cards an effect shows for as long as it needs them (701.20): revealed to every player, or looked
at by one player only (701.20e: looking follows the rules of revealing, but only that player sees
the card).  A shown card in a library that is reordered — shuffled, or otherwise put in another
order — stops being shown and becomes a new object (701.20d).  An effect that searches a library,
shuffles it and then puts the cards found into a position leaves those cards out of the shuffle,
though they are still in the library (701.24b): they stay the objects that were found.

Being shown is a designation of the object (so a new object is shown to nobody); the effect that
showed a card ends it with :func:`stop_showing` when it is done with it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.events import Revealed, Shuffled

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

REVEALED = "revealed by an effect"
"""The designation of a card shown to every player (701.20a)."""
LOOKED_AT = "looked at by "
"""Prefix of the designation of a card shown to one player (701.20e), followed by the player."""


def reveal(game: Game, cards: Sequence[ObjectId], why: str = "revealed by an effect") -> None:
    """701.20a: show the cards to every player until the effect is done with them."""
    for object_id in cards:
        game.objects[object_id].designations.add(REVEALED)
    game.touch()
    game.emit(*(Revealed(i, game.view(i).name, why) for i in cards))


def look_at(game: Game, player: PlayerId, cards: Sequence[ObjectId]) -> None:
    """701.20e: ``player`` looks at the cards: shown as revealed cards are, but to ``player`` only."""
    for object_id in cards:
        game.objects[object_id].designations.add(LOOKED_AT + player)
    game.touch()


def shown_to(game: Game, player: PlayerId, obj: GameObject) -> bool:
    """Is ``obj`` shown to ``player`` by an effect now (revealed, or looked at by them)?"""
    return REVEALED in obj.designations or LOOKED_AT + player in obj.designations


def _shown(obj: GameObject) -> bool:
    return any(d == REVEALED or d.startswith(LOOKED_AT) for d in obj.designations)


def stop_showing(game: Game, cards: Sequence[ObjectId]) -> None:
    """The effect that showed the cards is done with them."""
    for object_id in cards:
        obj = game.objects.get(object_id)
        if obj is not None:
            obj.designations -= {d for d in obj.designations if d == REVEALED or d.startswith(LOOKED_AT)}
    game.touch()


def reordered(game: Game, owner: PlayerId, cards: Sequence[ObjectId]) -> None:
    """701.20d: the cards of ``owner``'s library that were put in a new order: each one shown stops
    being shown and becomes a new object, in the same place."""
    library = game.players[owner].library
    for object_id in cards:
        obj = game.objects.get(object_id)
        if obj is None or obj.zone is not Zone.LIBRARY or object_id not in library or not _shown(obj):
            continue
        new = game._new_object(obj.card, obj.owner, Zone.LIBRARY)
        new.previous = object_id
        game.last_known[object_id] = game.view(object_id)
        game.became[object_id] = new.id
        library[library.index(object_id)] = new.id
        del game.objects[object_id]
    game.touch()


def left_out_of_shuffle(game: Game, owner: PlayerId, found: Sequence[ObjectId]) -> set[ObjectId]:
    """701.24b: the found cards still in ``owner``'s library are not shuffled."""
    return {i for i in found if i in game.players[owner].library}


def shuffle_leaving_out(game: Game, owner: PlayerId, found: Sequence[ObjectId]) -> None:
    """701.24b: shuffle ``owner``'s library except the cards ``found``, which keep their places;
    abilities that trigger on a shuffle still trigger."""
    library = game.players[owner].library
    kept = left_out_of_shuffle(game, owner, found)
    places = [n for n, i in enumerate(library) if i not in kept]
    rest = [library[n] for n in places]
    random.Random(game.clock).shuffle(rest)
    for n, object_id in zip(places, rest, strict=True):
        library[n] = object_id
    reordered(game, owner, rest)
    game.emit(Shuffled(owner))


def put_on_top(game: Game, owner: PlayerId, cards: Sequence[ObjectId]) -> list[ObjectId]:
    """Put the cards still in ``owner``'s library on its top, the first given ending on top; they
    stop being shown as the effect is done with them.  Returns those put there."""
    library = game.players[owner].library
    here = [i for i in cards if i in library]
    library[:] = [i for i in library if i not in here] + list(reversed(here))
    stop_showing(game, here)
    return here


__all__ = ["LOOKED_AT", "REVEALED", "left_out_of_shuffle", "look_at", "put_on_top", "reordered", "reveal",
           "shown_to", "shuffle_leaving_out", "stop_showing"]
