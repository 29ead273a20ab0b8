"""Separating objects into piles (700.3): the piles are a way of grouping, not a zone — the
objects stay where they are, in their order, until an effect moves them (700.3c)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import ScenarioError

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId, PlayerId
    from kb.engine.game import Game

Pile = tuple["ObjectId", ...]


def separate(game: Game, player: PlayerId, objects: Sequence[ObjectId]) -> tuple[Pile, Pile]:
    """``player`` separates ``objects`` into two piles (700.3a; a pile may be empty, 700.3d):
    :attr:`ChoiceKind.OBJECTS` answers the first pile, the rest is the second.  Nothing moves."""
    given = tuple(objects)
    first = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "the cards of the first pile (the rest form the "
                                    "second)", accepts=lambda a: isinstance(a, (list, tuple))
                                    and set(a) <= set(given) and len(set(a)) == len(a), items=given))
    assert isinstance(first, (list, tuple))
    if any(o not in game.objects for o in given):
        raise ScenarioError("only objects in the game can be separated into piles")
    chosen = set(first)
    return tuple(o for o in given if o in chosen), tuple(o for o in given if o not in chosen)


def choose(game: Game, player: PlayerId, piles: Sequence[Pile]) -> Pile:
    """``player`` chooses one of ``piles`` (:attr:`ChoiceKind.OBJECT`, answered by the pile)."""
    picked = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a pile", tuple(piles)))
    assert isinstance(picked, tuple)
    return picked


__all__ = ["Pile", "choose", "separate"]
