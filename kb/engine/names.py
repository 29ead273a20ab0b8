"""Names (201): objects with different names, and choosing a card name.

- Objects have *different names* only if each has a name and no two share one (201.2b): a
  face-down object has none (708.2a), so it is never one of several differently named objects.
- A player told to choose a card name chooses the name of a card: one in the Oracle (108.1) —
  here the card library the scenario gives — whose characteristics there match what is asked
  (201.4a), whatever the objects in the game look like now; a flip card's alternate name
  (201.4c), a double-faced card's back face name (201.4d) and a meld pair's combined back
  face name (712.19) may be chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from kb.engine.choices import Choice, ChoiceKind

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.cards import Card, CardLibrary
    from kb.engine.characteristics import Characteristics, View
    from kb.engine.game import Game


def _one_name_each(objects: Sequence[View], what: str) -> None:
    from kb.engine.errors import NotModelled

    if any(o.other_names for o in objects):
        raise NotModelled(f"{what} among objects with more than one name (612.7)")


def have_different_names(objects: Sequence[View]) -> bool:
    """Do these objects have different names (201.2b)?  Each needs a name, and no two the same."""
    _one_name_each(objects, "different names")
    names = [o.name for o in objects]
    return all(n is not None for n in names) and len(set(names)) == len(names)


def most_with_different_names(objects: Sequence[View]) -> int:
    """The most of ``objects`` that have different names (201.2b): one per distinct name."""
    _one_name_each(objects, "the most objects with different names")
    return len({o.name for o in objects if o.name is not None})


def oracle_faces(card: Card) -> Iterable[Characteristics]:
    """The Oracle characteristics whose names a player may choose for ``card`` (201.4c, 201.4d)."""
    yield card.front
    if card.flipped_face is not None:
        yield card.flipped_face  # its flipped characteristics (201.4c, 710.1c)
    if card.back is not None:
        yield card.back  # the back face's characteristics only (201.4d)
    if card.meld is not None and card.meld.cards[0] == card.name:
        yield card.meld.melded  # the combined back face of a meld pair, once (712.19)


def card_names(oracle: CardLibrary, test: Callable[[Characteristics], bool] = lambda c: True) -> tuple[str, ...]:
    """The card names a player may choose when told to choose a name with ``test`` (201.4a):
    judged on each card's Oracle characteristics, not on any object in the game."""
    return tuple(sorted({face.name for card in oracle if not card.is_token for face in oracle_faces(card)
                         if face.name is not None and test(face)}))


def choose_card_name(game: Game, player: PlayerId, oracle: CardLibrary, what: str,
                     test: Callable[[Characteristics], bool] = lambda c: True) -> str:
    """``player`` chooses a card name (201.4): one of :func:`card_names`."""
    answer = game.choices.ask(Choice(ChoiceKind.CARD_NAME, player, f"choose {what}", card_names(oracle, test)))
    return str(answer)
