"""Meld cards (712.4, 712.8g, 712.21) and the keyword action meld (701.42).

``meld_pair(face("Chittering Host", …), scavengers, rats)`` gives two cards (built with
:func:`~kb.engine.card`) the combined back face they meld into.  Each is an ordinary card with its
front face everywhere (712.8b); neither can transform or convert (712.4c: it has no ``back``).

:func:`meld` puts the two cards of a meld pair onto the battlefield as one permanent with their
back faces up and combined (701.42a, 712.14c): a single object represented by two cards
(``GameObject.melded_with`` is the second card).  It has only the combined face's characteristics
and its mana value is the sum of its two front faces' (712.8g).  Tokens, cards that aren't meld
cards and meld cards of different pairs can't be melded: they stay where they are (701.42b-c).

When a melded permanent leaves the battlefield, one permanent leaves and two cards are put into
the new zone (712.21): :func:`separate` makes the second card, whose zone change is an event of
its own with no object before it, so "whenever a creature dies" sees one death and "whenever a
card is put into a graveyard" two cards.  Replacement effects apply to the permanent's one move,
so both cards go where the one chosen sends them (712.21d).  An effect that finds the new object
finds both cards (712.21c: :func:`found_cards`).

Put into a library, the owner chooses the two cards' order (712.21a; in a graveyard the model keeps
the pair's order, which no rule the model plays looks at).  Exiled with an object's ability, the
controller of that ability chooses the two cards' timestamp order (712.21b: :func:`order_exiled`);
exiled otherwise, they keep the pair's order, the exiling player being unknown to a zone change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kb.engine import zones
from kb.engine.basics import Zone
from kb.engine.errors import ScenarioError
from kb.engine.events import ZoneChanged
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId, PlayerId
    from kb.engine.cards import Card
    from kb.engine.characteristics import Characteristics, View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.replacement import Move


@dataclass(frozen=True, eq=False)
class MeldPair:
    """One of the meld pairs (712.5): the names of its two cards' front faces and the combined back
    face they form on the battlefield (712.4)."""

    cards: tuple[str, str]
    melded: Characteristics


def meld_pair(melded: Characteristics, first: Card, second: Card) -> tuple[Card, Card]:
    """The two cards of a meld pair (712.4), made from two one-faced cards; ``melded`` is the
    combined back face, built with :func:`~kb.engine.face`."""
    for each in (first, second):
        if each.is_token or each.back is not None or each.flip is not None or each.meld is not None:
            raise ScenarioError(f"{each.name}: a meld card is a card with one front face")
    pair = MeldPair((first.name, second.name), melded)
    return replace(first, meld=pair), replace(second, meld=pair)


def is_melded(permanent: GameObject) -> bool:
    return permanent.melded_with is not None and permanent.zone is Zone.BATTLEFIELD


def melded_face(permanent: GameObject) -> Characteristics | None:
    """The combined back face a melded permanent has (712.8g), or None."""
    if permanent.melded_with is None or permanent.zone is not Zone.BATTLEFIELD or permanent.card.meld is None:
        return None
    return permanent.card.meld.melded


def mana_value_cost(permanent: GameObject) -> ManaCost | None:
    """712.8g: a melded permanent's mana value is the sum of its front faces' mana values."""
    if melded_face(permanent) is None:
        return None
    assert permanent.melded_with is not None
    costs = (permanent.card.front.mana_cost, permanent.melded_with.front.mana_cost)
    return ManaCost(tuple(s for c in costs if c is not None for s in c.symbols))


def can_meld(first: GameObject, second: GameObject) -> bool:
    """701.42b: only the two cards of one meld pair can be melded — not tokens, not cards that aren't
    meld cards, not meld cards of different pairs (nor a card with itself)."""
    if first.is_token or second.is_token or first.id == second.id:
        return False
    pair = first.card.meld
    return (pair is not None and second.card.meld is pair
            and {first.card.name, second.card.name} == set(pair.cards))


def meld(game: Game, player: PlayerId, first: GameObject, second: GameObject) -> GameObject | None:
    """Meld two objects (701.42a): put them onto the battlefield under ``player``'s control as one
    permanent, back faces up and combined (712.14c).  If they can't be melded they stay in their
    current zone (701.42c): None."""
    if not can_meld(first, second) or first.zone is Zone.BATTLEFIELD or second.zone is Zone.BATTLEFIELD:
        return None
    seen = game.view(second.id)
    del game.objects[second.id]  # it becomes part of the one permanent the pair enters as
    first.melded_with = second.card
    entered = zones.move(game, first, Zone.BATTLEFIELD, controller=player)
    if entered is None:
        first.melded_with = None
        game.objects[second.id] = second  # it couldn't enter: both stay where they are
        game.touch()
        return None
    game.last_known[second.id] = seen
    game.became[second.id] = entered.id
    return entered


def separate(game: Game, obj: GameObject, new: GameObject, final: Move) -> list[GameObject]:
    """712.21: a melded permanent left the battlefield and ``new`` is its first card in the new zone;
    the second card is put there too.  Returns it (none for a permanent that isn't melded)."""
    if obj.melded_with is None or obj.zone is not Zone.BATTLEFIELD or final.to_zone is Zone.BATTLEFIELD:
        return []
    other = game._new_object(obj.melded_with, obj.owner, final.to_zone, final.controller or obj.owner)
    other.previous = obj.id
    if final.to_zone is Zone.LIBRARY:
        arrange(game, obj.owner, new, other)
    return [other]


def arrange(game: Game, owner: PlayerId, first: GameObject, second: GameObject) -> None:
    """712.21a: the two cards put into their owner's library go where the one would have, in the
    order the owner chooses (which of them is above the other), without revealing it."""
    from kb.engine.choices import Choice, ChoiceKind

    library = game.players[owner].library
    at = library.index(first.id)
    library.remove(first.id)
    answer = game.choices.ask(Choice(ChoiceKind.OBJECT, owner, "which of the two cards goes above the other",
                                     (first.id, second.id)))
    upper, lower = (first.id, second.id) if answer == first.id else (second.id, first.id)
    library[at:at] = [lower, upper]  # bottom to top
    game.touch()


def separated_event(obj: GameObject, other: GameObject, final: Move, seen: Mapping[ObjectId, View]) -> ZoneChanged:
    """The second card's move: a card put into the new zone, with no object of its own before (712.21)."""
    return ZoneChanged(None, other.id, obj.zone, final.to_zone, None, final.cause, seen)


def order_exiled(game: Game, player: PlayerId, old_id: ObjectId) -> list[ObjectId]:
    """712.21b: a player who exiles a melded permanent determines the relative timestamp order of
    its two cards then (an exception to 613.7m).  Returns the new objects in exile, oldest first."""
    from kb.engine import timestamps
    from kb.engine.choices import Choice, ChoiceKind, is_permutation

    cards = [game.objects[i] for i in found_cards(game, old_id) if game.objects[i].zone is Zone.EXILE]
    if len(cards) < 2:
        return [c.id for c in cards]
    chosen = game.choices.ask(Choice(
        ChoiceKind.TIMESTAMP_ORDER, player, "the timestamp order of the two cards of the melded permanent exiled",
        matters=True, accepts=is_permutation(cards), default=cards, items=tuple(cards)))
    ordered: list[GameObject] = list(chosen)  # type: ignore[call-overload]
    for obj in ordered:
        timestamps.stamp(game, obj)
    return [o.id for o in ordered]


def found_cards(game: Game, old_id: ObjectId) -> list[ObjectId]:
    """712.21c: the new objects an object became as it left its zone — both cards of a melded
    permanent, else the one new object (400.7)."""
    new = [o.id for o in game.objects.values() if o.previous == old_id]
    if not new and old_id in game.became and game.became[old_id] in game.objects:
        return [game.became[old_id]]
    return sorted(new)


__all__ = [
    "MeldPair",
    "can_meld",
    "found_cards",
    "is_melded",
    "mana_value_cost",
    "meld",
    "meld_pair",
    "melded_face",
    "order_exiled",
    "separate",
]
