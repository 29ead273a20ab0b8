"""Controlling another player (722): during the controlled player's next turn another player makes
every choice and decision the rules or objects let or make them make (722.5) — what to cast and
its targets, attacks, how combat damage is assigned — paying with the controlled player's things
(722.5a).  Only the player is controlled: the controlled player's objects keep their controller,
and that player stays the active player (722.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game


def control_next_turn(game: Game, controller: PlayerId, controlled: PlayerId) -> None:
    """``controller`` will control ``controlled`` during the next turn that player actually takes
    (722.1, 722.1b); a later such effect replaces an earlier one (722.1a)."""
    game.players[controlled].control_next_turn = controller
    game.touch()


def turn_began(game: Game, player: PlayerId) -> None:
    """A turn began: any control of a player ends (722.1), and ``player``'s starts if an effect
    said so (a skipped turn doesn't count: it never begins, 722.1b)."""
    for someone in game.players.values():
        someone.controlled_by = None
    from kb.engine import teams

    for name in dict.fromkeys([player, *teams.active_team(game)]):  # a team's turn is each of its players' (805.4)
        taking = game.players[name]
        if taking.control_next_turn is not None:
            taking.controlled_by, taking.control_next_turn = taking.control_next_turn, None
    game.choices.deciders = {p: q.controlled_by for p, q in game.players.items()
                             if q.controlled_by is not None and q.controlled_by != p}  # 722.9


__all__ = ["control_next_turn", "turn_began"]
