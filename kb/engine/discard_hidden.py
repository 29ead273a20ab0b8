"""A card discarded into a hidden zone without being revealed (701.9c).

When an effect puts a discarded card into a hidden zone (a library, a hand) instead of its owner's
graveyard and the card isn't revealed, every value of its characteristics is undefined: an effect
asking about "the discarded card" gets no answer.  A cost that says what kind of card to discard
("Discard a creature card", :class:`DiscardACardOf`) can't be paid that way: the payment is illegal
and the game goes back to before the cost was paid (the activation's or cast's checkpoint)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import actions
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction
from kb.engine.events import Revealed

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def hidden_unrevealed(game: Game, discarded: ObjectId) -> bool:
    """701.9c: did the card discarded as ``discarded`` go into a hidden zone without being revealed?"""
    new_id = game.became.get(discarded)
    obj = game.objects.get(new_id) if new_id is not None else None
    if obj is None or obj.zone.is_public:
        return False
    return not any(isinstance(e, Revealed) and e.object_id == new_id for e in game.log)


def discarded_card(game: Game, discarded: ObjectId) -> View | None:
    """"The discarded card" as an effect asks about it: the card as it was last in the hand, or None
    when its characteristics are undefined (701.9c)."""
    return None if hidden_unrevealed(game, discarded) else game.last_known_view(discarded)


@dataclass(frozen=True)
class DiscardACardOf:
    """"Discard a [quality] card" as a cost: a cost that specifies a characteristic of the card
    discarded.  Paying it by discarding a card into a hidden zone unrevealed is illegal (701.9c)."""

    quality: str
    matches: Callable[[View], bool]

    @property
    def text(self) -> str:
        return f"Discard a {self.quality} card"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]]:
        hand = [o for o in game.hand(player) if self.matches(game.view(o))]
        if not hand:
            raise IllegalAction(f"{player} has no {self.quality} card to discard", "118.3")
        chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, player, f"a {self.quality} card to discard as a cost",
                                         accepts=lambda v: isinstance(v, (list, tuple)) and len(v) == 1
                                         and v[0] in hand, default=hand[:1], matters=len({c.card for c in hand}) > 1))
        card = chosen[0]  # type: ignore[index]
        actions.discard(game, player, [card])
        if hidden_unrevealed(game, card.id):
            raise IllegalAction(f"the {self.quality} card discarded went into a hidden zone unrevealed: "
                                "the cost's payment is illegal", "701.9c")
        return {"discarded": [card.id]}


__all__ = ["DiscardACardOf", "discarded_card", "hidden_unrevealed"]
