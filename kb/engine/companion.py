"""Companion (702.139): a card outside the game revealed before the game begins, put into its owner's
hand once during the game for {3} as a special action (116.2g).

A card has the ability through :func:`companion`, with its condition on the starting deck as a test of
the deck's cards.  :func:`reveal` is done before the game begins (the game set up with
``step=Step.UNTAP`` and not yet begun, 103); :func:`put_into_hand` is the special action.  What was
revealed and whether the action was taken are the player's designations, so a checkpoint keeps them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import outside_game, priority
from kb.engine.abilities import StaticAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.errors import IllegalAction

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

REVEALED = "companion revealed: "
"""A player's designation: the name of the card they revealed as their companion (702.139a)."""
TAKEN = "companion put into hand"
"""A player's designation: they have taken the companion special action this game (702.139a)."""
PRICE = "{3}"


def _any_deck(cards: Sequence[Card]) -> bool:
    return True


@dataclass(frozen=True, eq=False)
class CompanionAbility(StaticAbility):
    """"Companion—[Condition]" (702.139a): a keyword ability that functions outside the game."""

    deck_condition: Callable[[Sequence[Card]], bool] = field(default=_any_deck)
    """Is the condition fulfilled by this starting deck (its cards, sideboard set aside, 702.139b)?"""


def companion(condition_text: str, condition: Callable[[Sequence[Card]], bool]) -> CompanionAbility:
    return CompanionAbility(f"Companion — {condition_text}", zones=frozenset(), deck_condition=condition)


def _ability(card: Card) -> CompanionAbility | None:
    return next((a for a in card.front.abilities if isinstance(a, CompanionAbility)), None)


def revealed(game: Game, player: PlayerId) -> str | None:
    """The name of the card ``player`` revealed as their companion, or None."""
    return next((d[len(REVEALED):] for d in game.players[player].designations if d.startswith(REVEALED)), None)


def fulfilled(ability: CompanionAbility, deck: Sequence[Card]) -> bool:
    """Does the starting deck fulfil the companion's condition (702.139a-b)?"""
    return ability.deck_condition(deck)


def taken(game: Game, player: PlayerId) -> bool:
    """Has ``player`` taken the companion special action this game (once during the game, 702.139a)?"""
    return TAKEN in game.players[player].designations


def main_phase_empty_stack(game: Game, player: PlayerId) -> bool:
    """702.139a: any time the player has priority and the stack is empty, during a main phase of their turn."""
    from kb.engine.casting import sorcery_timing

    return sorcery_timing(game, player)


def reveal(game: Game, player: PlayerId, card: Card) -> None:
    """702.139a: before the game begins, ``player`` may reveal one card they own from outside the game with
    a companion ability whose condition their starting deck fulfils."""
    if game.turn_state.step is not None or game.turn_state.phase is not None or game.turn > 1:
        raise IllegalAction("a companion is revealed before the game begins", "702.139a")
    if card not in game.players[player].outside:
        raise IllegalAction(f"{card.name} is not a card {player} owns outside the game", "702.139a")
    ability = _ability(card)
    if ability is None:
        raise IllegalAction(f"{card.name} has no companion ability", "702.139a")
    if revealed(game, player) is not None:
        raise IllegalAction(f"{player} has already revealed a companion: one card only", "702.139a")
    deck = [game.objects[i].card for i in game.players[player].library]
    if not fulfilled(ability, deck):
        raise IllegalAction(f"{player}'s starting deck doesn't fulfil {card.name}'s condition ({ability.text})",
                            "702.139a")
    game.players[player].designations.add(REVEALED + card.name)
    game.touch()


def put_into_hand(game: Game, player: PlayerId) -> GameObject:
    """702.139a: once during the game, any time ``player`` has priority and the stack is empty, but only
    during a main phase of their turn, they may pay {3} and put the companion they revealed into their hand.
    A special action (116.2g): it doesn't use the stack.  The card stays in the game (702.139c)."""
    from kb.engine import payment
    from kb.engine.mana import ManaCost

    priority.require(game, player, "putting a companion into your hand")
    name = revealed(game, player)
    if name is None:
        raise IllegalAction(f"{player} revealed no companion before the game", "702.139a")
    if taken(game, player):
        raise IllegalAction("the companion special action is taken once during the game", "702.139a")
    if not main_phase_empty_stack(game, player):
        raise IllegalAction("only during a main phase of your turn with an empty stack", "702.139a")
    card = next((c for c in game.players[player].outside if c.name == name), None)
    if card is None:
        raise IllegalAction(f"{name} is no longer outside the game", "702.139a")
    refused = outside_game.why_not_brought_in(game, player, card, "companion")
    if refused is not None:
        raise IllegalAction(refused, "903.11")
    checkpoint = game.checkpoint()
    try:
        payment.pay_mana(game, player, ManaCost.parse(PRICE))
    except IllegalAction:
        game.restore(checkpoint)
        raise
    game.players[player].outside.remove(card)
    game.players[player].designations.add(TAKEN)
    obj = game._new_object(card, player, Zone.HAND, player)
    game.touch()
    return obj


outside_game.ALLOWED_IN_COMMANDER["companion"] = "702.139d"  # a companion can enter a Commander game

__all__ = ["PRICE", "REVEALED", "TAKEN", "CompanionAbility", "companion", "fulfilled", "main_phase_empty_stack",
           "put_into_hand", "reveal", "revealed", "taken"]
