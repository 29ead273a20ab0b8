"""Engine mutants for the CR's sections 1-4 (game concepts, parts of a card, card types, zones):
each breaks one rule of those sections on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import actions, rules, starting, turn
from kb.engine.basics import PlayerId
from kb.engine.game import Game

# -- 100-104: game concepts ---------------------------------------------------------------------------


def _lands_never_forbidden(game: Game, player: PlayerId) -> bool:
    return False


def _apnap_reversed(self: Game) -> list[PlayerId]:
    order = self.turn_order
    start = order.index(self.active)
    return list(reversed([p for p in order[start:] + order[:start] if not self.players[p].left]))


def _every_mulligan_free(game: Game, taken: int) -> int:
    return 0


def _first_mulligan_counts(game: Game, taken: int) -> int:
    return taken


def _no_opening_hand_actions(game: Game, player: PlayerId) -> None:
    return None


def _no_first_draw_at_all() -> Any:
    def draw(game: Game) -> None:
        if game.turn != 1:
            actions.draw(game, game.active)

    return {**turn.TURN_BASED_ACTIONS, turn.Step.DRAW: (turn.TurnBasedAction("504.1", "draw a card", draw),)}


_original_lose = actions.lose


def _last_one_doesnt_win(game: Game, players: Sequence[PlayerId], reason: str) -> None:
    _original_lose(game, players, reason)
    if game.over and game.winners:
        game.over, game.winners = False, []


def _draws_have_a_winner(game: Game, players: Sequence[PlayerId], reason: str) -> None:
    _original_lose(game, players, reason)
    if game.over and not game.winners:
        game.winners = [game.turn_order[0]]


def _losers_stay(game: Game, player: PlayerId) -> None:
    return None


MUTANTS: tuple[Mutant, ...] = (
    Mutant("lands-cant-ignored", "101.2", "an effect saying a player can't play lands loses to one letting them",
           ((rules, "lands_forbidden", _lands_never_forbidden),)),
    Mutant("apnap-choices-reversed", "101.4", "players choose in reverse APNAP order",
           ((Game, "apnap", _apnap_reversed),)),
    Mutant("mulligans-free", "103.5", "a mulligan puts no card on the bottom of the library",
           ((starting, "mulligans_counted", _every_mulligan_free),)),
    Mutant("first-mulligan-counts", "103.5c", "the first mulligan counts in a multiplayer game",
           ((starting, "mulligans_counted", _first_mulligan_counts),)),
    Mutant("no-opening-hand-actions", "103.6a", "cards in an opening hand can't begin the game on the battlefield",
           ((starting, "_opening_hand_actions", _no_opening_hand_actions),)),
    Mutant("no-first-draw-in-multiplayer", "103.8c", "the starting player skips the first draw in every game",
           ((turn, "TURN_BASED_ACTIONS", _no_first_draw_at_all()),)),
    Mutant("last-one-doesnt-win", "104.2a", "the player left in the game doesn't win",
           ((actions, "lose", _last_one_doesnt_win),)),
    Mutant("draws-have-a-winner", "104.4a", "a game all players lose together still has a winner",
           ((actions, "lose", _draws_have_a_winner),)),
    Mutant("losers-stay", "104.5", "a player who loses a multiplayer game stays in it",
           ((actions, "leave_game", _losers_stay),)),
)
