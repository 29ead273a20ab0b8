"""Copying objects (707): becoming a copy, and tokens that are copies.

A copy takes the original's copiable values (707.2): its printed values as modified by other copy
effects and by its face-down status, with a flip card's both halves (707.3) and the face that is
up of a double-faced permanent (707.8).  They are taken once, as the copy effect begins: later
changes to the original don't change the copy (707.2b).  Exceptions that give the copy an ability
become part of its copiable values (707.9a).  Becoming a copy is an effect in layer 1a (613.2a)
that leaves the object the same object (707.4); entering as a copy is a replacement effect
(:class:`~kb.engine.replacement.Move` ``copy_of``, 707.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.cards import Card
from kb.engine.characteristics import CopiableCard
from kb.engine.parts import copy_of_values

if TYPE_CHECKING:
    from kb.engine.abilities import Ability
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.durations import Duration
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def copiable(game: Game, object_id: ObjectId) -> CopiableCard | None:
    """The copiable values of an object that exists now, or None (707.2).  An object that has
    left the game or changed zones is no longer there to copy (400.7, 111.12)."""
    if object_id not in game.objects:
        return None
    return game.views()[object_id].copy_values()


def last_known_copiable(game: Game, object_id: ObjectId) -> CopiableCard | None:
    """The copiable values of an object now, or as it last existed (608.2h): what an effect
    copies when it says to copy an object that has left, such as "the sacrificed creature"."""
    if object_id in game.objects:
        return copiable(game, object_id)
    seen = game.last_known.get(object_id)
    return seen.copy_values() if seen is not None else None


def become_copy(game: Game, permanent: ObjectId, original: ObjectId | CopiableCard, *,
                gains: Sequence[Ability] = (), duration: Duration | None = None, source: ObjectId | None = None,
                controller: PlayerId | None = None) -> ContinuousEffect | None:
    """``permanent`` becomes a copy of ``original`` (707.1, 707.4) — an object now, or copiable
    values already taken — "except it has ``gains``" (707.9a).  None if the original is gone:
    nothing is copied."""
    values = original if isinstance(original, CopiableCard) else copiable(game, original)
    if values is None:
        return None
    values = values.with_gains(tuple(gains))
    name = values.normal.name or "a nameless object"
    return game.create_effect(f"becomes a copy of {name}", [copy_of_values(values, f"copy of {name}")],
                              [permanent], duration, source=source, controller=controller)


def token_copy_card(values: CopiableCard) -> Card:
    """The token definition a copy effect makes: the copiable values are its "text" (111.3,
    707.2), both halves of a flip card included."""
    return Card(values.normal, is_token=True, flip=values.flipped)


def create_token_copies(game: Game, original: ObjectId | None, controller: PlayerId, count: int = 1, *,
                        gains: Sequence[Ability] = ()) -> list[GameObject]:
    """Create ``count`` tokens that are copies of ``original`` (707.1, 111.4).  A copy of an object
    that doesn't exist isn't created (111.12)."""
    values = copiable(game, original) if original is not None else None
    if values is None:
        return []
    return game.create_token(token_copy_card(values.with_gains(tuple(gains))), controller, count)
