"""Teams: Two-Headed Giant (810) and the Emperor variant (809).

A team is a set of players who win and lose together.  In Two-Headed Giant the team also shares
one life total (810.4): each player's life total *is* the team's (810.9a), so damage, life loss
and life gain happen to each player and their result goes to the shared total (810.9) — the model
keeps the shared total on each member (:meth:`kb.engine.players.Player.__setattr__` mirrors a
change of one member's life to the others).  A player who loses makes the team lose; one who wins
makes the team win; a player who can't lose keeps the team from losing, one who can't win keeps it
from winning (810.8a).  In the Emperor variant the team wins, loses or draws with its emperor
(809.5).

Two-Headed Giant uses the shared team turns option (810.2, 805): teams, not players, take turns
(805.4) and have priority (805.5).  ``game.active`` stays one player of the active team (the one
"the active player" names, 805.9); :func:`active_team` and :func:`is_active` give every player of
it, who each untap, draw and may play a land in the team's turn (805.4b-c), whose "your turn" it
is, and who attack together as the attacking team (805.10a-b); the other team's players block
together (805.10d).  :func:`side` is what has priority and passes: the team.  The shared poison
counters of 810.10 are :mod:`kb.engine.team_poison`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.replacement import Instead, replace
from kb.engine.winning import WinGame

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.players import Player

TWO_HEADED_GIANT = "Two-Headed Giant"
EMPEROR = "Emperor"
TEAM_LOSES = "the player's team loses (810.8a)"


def two_headed_giant(game: Game, teams: Sequence[Sequence[PlayerId]]) -> None:
    """Make ``game`` a Two-Headed Giant game between ``teams``: each team's shared life total starts
    at 30, and 15 more for each player beyond two (810.4, 810.11)."""
    _form(game, teams, TWO_HEADED_GIANT)
    for members in teams:
        for name in members:
            game.players[name].shares_life = True
        game.players[members[0]].life = 30 + 15 * (len(members) - 2)


def emperor(game: Game, teams: Sequence[Sequence[PlayerId]]) -> None:
    """Make ``game`` an Emperor game: each team's emperor is the middle of its three players (809.2),
    and the team wins, loses or draws with its emperor (809.5)."""
    if any(len(members) != 3 for members in teams):
        raise ScenarioError("an Emperor team has three players, the emperor in the middle (809.1, 809.2)")
    _form(game, teams, EMPEROR)


def _form(game: Game, teams: Sequence[Sequence[PlayerId]], variant: str) -> None:
    seen = [p for members in teams for p in members]
    if len(set(seen)) != len(seen) or set(seen) != set(game.turn_order):
        raise ScenarioError(f"the teams of a {variant} game must hold every player once: {teams}")
    for members in teams:
        team = "+".join(members)
        for name in members:
            game.players[name].team = team
            game.players[name].variant = variant
    game.touch()


def team_of(game: Game, player: PlayerId) -> list[PlayerId]:
    """``player`` and their teammates, in turn order (just ``player`` with no team)."""
    team = game.players[player].team
    if team is None:
        return [player]
    return [p for p in game.turn_order if game.players[p].team == team]


def shared_turns(game: Game) -> bool:
    """Does the game use the shared team turns option (805): a Two-Headed Giant game (810.2)?"""
    return any(p.variant == TWO_HEADED_GIANT for p in game.players.values())


def active_team(game: Game) -> list[PlayerId]:
    """The players whose turn it is: the active team's players still in the game (805.4a), or
    just the active player."""
    if not shared_turns(game):
        return [game.active]
    return [p for p in team_of(game, game.active) if not game.players[p].left]


def is_active(game: Game, player: PlayerId) -> bool:
    """Is it ``player``'s turn: are they the active player, or a player of the active team (805.4a)?"""
    return player == game.active or (shared_turns(game) and player in team_of(game, game.active))


def side(game: Game, player: PlayerId) -> str:
    """Who receives priority and passes for ``player``: their team with shared team turns (805.5),
    else the player."""
    team = game.players[player].team
    return team if team is not None and shared_turns(game) else player


def sole_active(game: Game, what: str) -> PlayerId:
    """The active player, for what the model knows only for one player's turn: with shared team
    turns it raises :class:`NotModelled` naming ``what``."""
    if shared_turns(game):
        raise NotModelled(f"{what} in a shared team turn (805)")
    return game.active


def teammates(game: Game, player: PlayerId) -> list[PlayerId]:
    return [p for p in team_of(game, player) if p != player]


def is_opponent(game: Game, player: PlayerId, other: PlayerId) -> bool:
    """Teammates aren't opponents (102.3)."""
    return other != player and other not in team_of(game, player)


def life_sharers(game: Game, player: PlayerId) -> list[PlayerId]:
    """The players whose life total is ``player``'s: their Two-Headed Giant team, or just them.  If
    one of them can't gain or can't lose life, none of them can (810.9g, 810.9h)."""
    return team_of(game, player) if game.players[player].shares_life else [player]


def share_life(player: Player, total: int) -> None:
    """``player``'s life total became ``total``: so did their team's shared one (810.9)."""
    game = player._game
    if game is None or player.team is None:
        return
    for mate in teammates(game, player.name):
        object.__setattr__(game.players[mate], "life", total)


def emperor_of(game: Game, player: PlayerId) -> PlayerId:
    """The emperor of ``player``'s team: the middle one of its three players as seated (809.2)."""
    team = game.players[player].team
    members = team.split("+") if team is not None else [player]
    return members[len(members) // 2]


def losing(game: Game, players: Sequence[PlayerId], reasons: str | Mapping[PlayerId, str]
           ) -> tuple[list[PlayerId], list[Instead]]:
    """Which players lose once teams are taken into account, and what replacement effects do
    instead.  ``reasons``: why each player would lose (one reason for all, or one per player).
    With Two-Headed Giant a player who loses takes the team with them, unless some member's loss
    is replaced — a member who can't lose (for their own reasons, or because the team loses)
    keeps the team in the game (810.8a).  In the Emperor variant an emperor's loss takes the team
    (809.5b)."""
    from kb.engine import actions

    def why(player: PlayerId) -> str:
        if isinstance(reasons, str):
            return reasons
        return reasons.get(player) or TEAM_LOSES

    losers: list[PlayerId] = []
    instead: list[Instead] = []
    done_teams: set[str] = set()
    for player in dict.fromkeys(players):
        variant, team = game.players[player].variant, game.players[player].team
        if variant == TWO_HEADED_GIANT and team is not None:
            if team in done_teams:
                continue
            done_teams.add(team)
            members = [p for p in team_of(game, player) if not game.players[p].left]
            kept: list[PlayerId] = []
            for member in members:
                stays, done = actions.replace_losing(game, [member], why(member))
                kept += stays
                instead += done
            if set(kept) == set(members):
                losers += members
            continue
        stays, done = actions.replace_losing(game, [player], why(player))
        instead += done
        if stays and variant == EMPEROR and emperor_of(game, player) == player:
            losers += team_of(game, player)
        else:
            losers += stays
    return list(dict.fromkeys(losers)), instead


def with_teams(game: Game, players: Sequence[PlayerId]) -> list[PlayerId]:
    """Players who lose without any replacement (a concession: 810.8b) take their Two-Headed Giant
    team with them, an emperor their team."""
    found: list[PlayerId] = []
    for player in players:
        variant = game.players[player].variant
        if variant == TWO_HEADED_GIANT or (variant == EMPEROR and emperor_of(game, player) == player):
            found += team_of(game, player)
        else:
            found.append(player)
    return list(dict.fromkeys(found))


def one_side_left(game: Game, remaining: Sequence[PlayerId]) -> bool:
    """The game is over when the players still in it are one player or one team (104.2a)."""
    return len({game.players[p].team or p for p in remaining}) <= 1


def winners(game: Game, player: PlayerId) -> list[PlayerId] | None:
    """The players who win if ``player`` would win (104.2b): the whole team (810.8a, 809.5a), unless a
    member can't win; None if the win doesn't happen."""
    team = team_of(game, player) if game.players[player].variant == TWO_HEADED_GIANT or (
        game.players[player].variant == EMPEROR and emperor_of(game, player) == player) else [player]
    if any(not isinstance(replace(game, WinGame(p)), WinGame) for p in team):
        return None
    return team


def each_life_becomes(game: Game, total: int, controller: PlayerId) -> None:
    """"Each player's life total becomes N": in Two-Headed Giant each team chooses one member, and
    only that player's life total becomes N (810.9d); every other player's does."""
    from kb.engine import actions

    chosen: list[PlayerId] = []
    done: set[str] = set()
    for player in game.apnap():
        team = game.players[player].team
        if game.players[player].variant != TWO_HEADED_GIANT or team is None:
            chosen.append(player)
        elif team not in done:
            done.add(team)
            members = [p for p in team_of(game, player) if not game.players[p].left]
            picked = game.choices.ask(Choice(ChoiceKind.PLAYER, members[0],
                                             "the team member whose life total becomes the number (810.9d)",
                                             tuple(members)))
            chosen.append(str(picked))
    for player in chosen:
        actions.set_life(game, player, total)


__all__ = ["EMPEROR", "TWO_HEADED_GIANT", "active_team", "each_life_becomes", "emperor", "emperor_of", "is_active", "is_opponent", "life_sharers",
           "losing", "one_side_left", "share_life", "shared_turns", "side", "sole_active", "team_of", "teammates", "two_headed_giant", "winners",
           "with_teams"]
