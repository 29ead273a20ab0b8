"""Revealing as a cost, and hands played revealed (701.20).

"Play with your hand revealed" (Telepathy) keeps the cards of a player's hand revealed while the
ability applies: :func:`is_revealed`.  A card that is currently revealed may be revealed again
(701.20c): revealing a card from your hand as a cost (:class:`RevealFromHand`) may choose it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.abilities import StaticAbility
from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction

if TYPE_CHECKING:
    from collections.abc import Callable

    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


@dataclass(frozen=True, eq=False)
class HandsRevealed(StaticAbility):
    """"Your opponents play with their hands revealed" (``whose`` "opponents") or "Players play with
    their hands revealed" ("players")."""

    whose: str = "opponents"


KEPT_REVEALED: dict[str, Callable[[Game, GameObject], bool]] = {}
"""Rules that keep a card in a hand revealed for a while after it was revealed (miracle, 702.94b),
keyed by what they are; entries come from the modules of those keywords."""


def is_revealed(game: Game, card: GameObject) -> bool:
    """Is ``card`` revealed now, by an effect that keeps its owner's hand revealed or by a rule of
    :data:`KEPT_REVEALED`?"""
    if card.zone is not Zone.HAND:
        return False
    if any(rule(game, card) for rule in KEPT_REVEALED.values()):
        return True
    for view in game.battlefield():
        for ability in game.view(view).abilities:
            if isinstance(ability, HandsRevealed) and (
                    ability.whose == "players" or card.owner in game.opponents(game.view(view).controller)):
                return True
    return False


def may_reveal(game: Game, card: GameObject) -> bool:
    """A card that is currently revealed may be revealed again (701.20c)."""
    return True


@dataclass(frozen=True)
class RevealFromHand:
    """"Reveal a [subtype] card from your hand" as (part of) a cost."""

    subtype: str

    @property
    def text(self) -> str:
        return f"Reveal a {self.subtype} card from your hand"

    def able(self, game: Game, player: PlayerId, source: GameObject | None) -> list[int]:
        return [o.id for o in game.hand(player) if (source is None or o.id != source.id)
                and self.subtype in game.view(o).subtypes and may_reveal(game, o)]

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]] | None:
        able = self.able(game, player, source)
        if not able:
            raise IllegalAction(f"no {self.subtype} card in the hand can be revealed", "701.20c, 118.3")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"a {self.subtype} card to reveal", tuple(able)))
        assert isinstance(chosen, int)
        from kb.engine import library_actions

        library_actions.reveal(game, [chosen], self.text)
        return {"revealed": [chosen]}


@dataclass(frozen=True)
class EitherCost:
    """"[cost A] or [cost B]" as an additional cost: the player chooses which to pay (601.2b)."""

    first: Cost
    second: Cost

    @property
    def text(self) -> str:
        return f"{self.first} or {self.second}"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]] | None:
        from kb.engine import payment

        chosen = game.choices.ask(Choice(ChoiceKind.MODE, player, f"which to pay: {self.text}",
                                         (str(self.first), str(self.second))))
        return payment.pay(game, player, self.first if chosen == str(self.first) else self.second, source)
