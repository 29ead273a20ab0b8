"""The limited range of influence option (801) and the seating it rests on.

Players sit around the table in turn order, play passing to the left: the next player in turn
order sits on a player's left (101.4, 801.5c).  A player's range of influence is the greatest
number of seats away they affect: players within that many seats, counting around the table both
ways, are within it, and a player is always within their own (801.2, 801.2a, 801.2b).  Who is
within whose range is fixed as each turn begins (801.2c): a player who leaves during the turn
still holds their seat until the next turn begins.  An object is within a player's range if its
controller is, a battle also if its protector is (801.2d).

What the range limits in the model: what a player's creatures can attack (801.3), what their
spells and abilities can target (801.4), the objects their effects and static abilities affect
and the objects they count (every :class:`~kb.engine.selectors.Filter` evaluated for a player,
801.10, 801.11), and the players and objects their spells and abilities deal damage to (801.10).
In the Emperor variant a player attacks only an opponent sitting next to them (809.3c).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.errors import ScenarioError
from kb.engine.events import PlayerLeft, TurnBegan

if TYPE_CHECKING:
    from kb.engine.context import Seeable
    from kb.engine.game import Game

_SEATS: weakref.WeakKeyDictionary[Game, tuple[tuple[int, int], tuple[PlayerId, ...]]] = weakref.WeakKeyDictionary()


def limit_range(game: Game, ranges: int | Mapping[PlayerId, int]) -> None:
    """Play with the limited range of influence option: every player's range, or each one's (801.2a)."""
    for name in game.turn_order:
        size = ranges if isinstance(ranges, int) else ranges.get(name)
        if size is None or size < 1:
            raise ScenarioError(f"a range of influence is a number of seats, 1 or more: {name} has {size!r}")
        game.players[name].influence = size
    game.limited_range = True
    game.touch()


def seated(game: Game) -> tuple[PlayerId, ...]:
    """The players around the table as this turn began, in turn order (801.2c)."""
    key = (len(game.log), game.turn)
    cached = _SEATS.get(game)
    if cached is not None and cached[0] == key:
        return cached[1]
    began = max((i for i, e in enumerate(game.log) if isinstance(e, TurnBegan)), default=-1)
    gone = {e.player for e in game.log[:began + 1] if isinstance(e, PlayerLeft)}
    seats = tuple(p for p in game.turn_order if p not in gone)
    _SEATS[game] = (key, seats)
    return seats


def distance(game: Game, one: PlayerId, other: PlayerId) -> int:
    """How many seats apart two players sit, the shorter way around the table."""
    seats = seated(game)
    if one not in seats or other not in seats:
        return len(game.turn_order)  # a player who has left sits nowhere
    apart = abs(seats.index(one) - seats.index(other))
    return min(apart, len(seats) - apart)


def in_range(game: Game, of: PlayerId, player: PlayerId) -> bool:
    """Is ``player`` within ``of``'s range of influence (801.2, 801.2b)?"""
    if not game.limited_range or of == player:
        return True
    size = game.players[of].influence
    return size is None or distance(game, of, player) <= size


def object_in_range(game: Game, of: PlayerId, candidate: Seeable) -> bool:
    """Is the object within ``of``'s range of influence: its controller is, or, for a battle, its
    protector (801.2d)?"""
    if in_range(game, of, candidate.controller):
        return True
    from kb.engine import battles

    protector = battles.protector(game, candidate.id)
    return protector is not None and in_range(game, of, protector)


def can_be_attacked(game: Game, attacker: PlayerId, opponent: PlayerId) -> bool:
    """Can ``attacker``'s creatures attack ``opponent`` (and their planeswalkers and battles)?  Only an
    opponent in range (801.3); in the Emperor variant, only one sitting next to them (809.3c)."""
    if game.players[attacker].variant == "Emperor":
        return distance(game, attacker, opponent) == 1
    return in_range(game, attacker, opponent)


def win_in_range(game: Game, player: PlayerId) -> None:
    """An effect says ``player`` wins: instead, every opponent within their range loses (801.14)."""
    from kb.engine import actions

    losing = [p for p in game.opponents(player) if in_range(game, player, p)]
    actions.lose(game, losing, "an opponent within range won (801.14)")


def choosing_opponent(game: Game, controller: PlayerId) -> PlayerId:
    """The opponent who makes a choice an effect gives "an opponent" (Fact or Fiction's piles): one
    within the controller's range, the controller choosing among several (801.5a); if none is, the
    nearest opponent on the controller's left (801.5c)."""
    from kb.engine.choices import Choice, ChoiceKind

    opponents = game.opponents(controller)
    if not opponents:
        raise ScenarioError(f"{controller} has no opponent to make the choice")
    within = [p for p in opponents if in_range(game, controller, p)]
    if len(within) == 1:
        return within[0]
    if within:
        chosen = game.choices.ask(Choice(ChoiceKind.PLAYER, controller, "the opponent who chooses", tuple(within)))
        return str(chosen)
    order = game.turn_order
    start = order.index(controller)
    return next(p for p in order[start + 1:] + order[:start] if p in opponents)


def prevention_reaches(game: Game, of: PlayerId | None, source: ObjectId, recipient: ObjectId | PlayerId,
                       specifies: frozenset[str]) -> bool:
    """Does a prevention effect controlled by ``of`` apply to this damage (801.13b)?  One that names
    the source needs the source within range; one that names the recipient, the recipient; one
    that names neither (or both), both."""
    if of is None or not game.limited_range:
        return True
    source_in = object_in_range(game, of, game.last_known_view(source))
    recipient_in = in_range(game, of, recipient) if isinstance(recipient, str) \
        else object_in_range(game, of, game.last_known_view(recipient))
    if specifies == frozenset({"source"}):
        return source_in
    if specifies == frozenset({"recipient"}):
        return recipient_in
    return source_in and recipient_in


__all__ = ["can_be_attacked", "choosing_opponent", "distance", "in_range", "limit_range", "object_in_range", "prevention_reaches", "seated", "win_in_range"]
