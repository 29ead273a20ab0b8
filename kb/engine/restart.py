"""Restarting the game (726) and bringing cards in from outside the game (400.11).

Restarting ends the game at once, with no winner or loser (726.1); the players still in it
begin a new game by rule 103, the player who controlled the restarting spell or ability going
first (726.1a).  Every card that was in the ended game — phased out, or brought in from outside
it — is in the new one, in its owner's library, whoever owned it in the old (726.2); tokens and
copies of spells are no cards.  Cards an effect leaves out of the restart (726.5) stay out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import spell_copies
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.errors import NotModelled
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def bring_in(game: Game, player: PlayerId, card: Card, zone: Zone = Zone.HAND) -> ObjectId:
    """Put ``player``'s ``card`` from outside the game into ``zone`` (a wish: 400.11a)."""
    outside = game.players[player].outside
    if card not in outside:
        raise NotModelled(f"{card.name} is not among {player}'s cards outside the game")
    outside.remove(card)
    return game.place(card, zone, player).id


def restart(game: Game, controller: PlayerId, *, left_out: Sequence[ObjectId] = ()) -> Game:
    """End ``game`` and set up the new one, just before its first turn: begin it with
    :func:`kb.engine.starting.begin_game` (103; ``controller`` goes first, 726.1a)."""
    from kb.engine.game import Game

    if any(o.zone is Zone.COMMAND for o in game.objects.values()):
        raise NotModelled("restarting a game with objects in the command zone (726.5a, 903)")
    staying = [p for p in game.turn_order if not game.players[p].left]
    first = staying.index(controller)
    new = Game(staying[first:] + staying[:first], library=0, step=Step.UNTAP)
    for player in staying:
        new.players[player].outside = list(game.players[player].outside)
    for obj in game.objects.values():
        if carried_over(obj, staying, left_out):
            new.place(obj.card, Zone.LIBRARY, obj.owner)
    return new


def carried_over(obj: GameObject, staying: Sequence[PlayerId], left_out: Sequence[ObjectId]) -> bool:
    """Is ``obj`` a card the new game has, wherever it is (726.2): not a token or a copy of a spell,
    not left out by the effect (726.5), owned by a player still in the game."""
    return not (obj.is_token or spell_copies.is_copy(obj) or obj.id in left_out or obj.owner not in staying)


__all__ = ["bring_in", "restart"]
