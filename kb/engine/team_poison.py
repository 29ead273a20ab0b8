"""Poison counters shared by a Two-Headed Giant team (810.10, 704.6b, 701.34b).

An effect that gives a player poison counters gives them to that player, but the counters are the
team's: each member has the team's count (810.10, 810.10a; kept on every member, as the shared life
total is).  Losing poison counters, the team loses them (810.10b).  A team with fifteen or more
poison counters loses (704.6b); the ten of 704.5c don't count in this variant.  When a player
proliferates and chooses several players of one such team, only one of them gets the additional
poison counter, the proliferating player choosing which (701.34b).

Not modelled: "can't get poison counters" for one member keeping the whole team from getting them
(810.10c) — no effect of the model says a player can't get counters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import sba, teams
from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.objects import CounterPile

if TYPE_CHECKING:
    from kb.engine.game import Game

POISON = "poison"


def shares_poison(game: Game, player: PlayerId) -> bool:
    return game.players[player].shares_life and game.players[player].team is not None


def share(game: Game, player: PlayerId) -> None:
    """``player``'s poison counters changed: their team's shared count is now theirs (810.10, 810.10b)."""
    pile = game.players[player].counters.get(POISON)
    for mate in teams.teammates(game, player):
        piles = game.players[mate].counters
        if pile is None:
            piles.pop(POISON, None)
        else:
            piles[POISON] = CounterPile(pile.count, pile.timestamp)
    game.touch()


def proliferate_poison(game: Game, proliferator: PlayerId, chosen: Sequence[PlayerId]) -> set[PlayerId]:
    """701.34b: the chosen players that get an additional poison counter: of several players of one
    team sharing poison counters, only the one the proliferating player chooses."""
    getting: set[PlayerId] = set()
    for player in chosen:
        if not shares_poison(game, player):
            getting.add(player)
            continue
        team = [p for p in chosen if p in teams.team_of(game, player)]
        if any(p in getting for p in team):
            continue
        picked = team[0] if len(team) == 1 else game.choices.ask(Choice(
            ChoiceKind.PLAYER, proliferator, "the player of the team who gets the poison counter", tuple(team)))
        getting.add(picked)  # type: ignore[arg-type]
    return getting


def _team_loses_to_poison(check: sba.Check) -> list[sba.Action]:
    """704.6b: a Two-Headed Giant team with fifteen or more poison counters loses."""
    return [sba.Action("704.6b", "lose", p.name, "the team has fifteen or more poison counters")
            for p in check.game.players.values()
            if not p.left and not p.lost and shares_poison(check.game, p.name) and p.counter(POISON) >= 15]


sba.STATE_BASED_ACTIONS = (*sba.STATE_BASED_ACTIONS, sba.StateBasedAction(
    "704.6b", "Two-Headed Giant: a team with fifteen or more poison counters loses", _team_loses_to_poison))

__all__ = ["POISON", "proliferate_poison", "share", "shares_poison"]
