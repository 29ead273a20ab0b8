"""Speed (702.179, Start your engines!) and max speed (702.178).

A player has no speed until a rule or effect sets it (702.179b); a player who controls a permanent
with Start your engines! and has no speed gets speed 1 as a state-based action (702.179a, 704.5z,
an entry of :data:`kb.engine.sba.STATE_BASED_ACTIONS`).  A player with speed 1 or more has a
triggered ability with no source (702.179d): whenever one or more opponents lose life during
their turn, if their speed is less than 4, it increases by 1, once each turn — a hook of
:data:`kb.engine.triggers.PLAYER_TRIGGERS`.  Speed 4 is max speed (702.179e); an effect reading
the speed of a player with none reads 0 (702.179f).  "Start your engines!" itself does nothing
else, so it is a keyword without an entry in the behaviour tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kb.engine import keywords, triggers
from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import AbilityLike
from kb.engine.conditions import Condition, condition
from kb.engine.events import Event, LifeChanged
from kb.engine.parts import gain
from kb.engine.selectors import this_object
from kb.engine.triggers import Pending, Trigger

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.context import Context
    from kb.engine.game import Game
    from kb.engine.stack import Resolution

MAX_SPEED = 4
"""702.179d: speed doesn't increase past 4; 702.179e: a player with speed 4 has max speed."""


def speed(game: Game, player: PlayerId) -> int:
    """The player's speed as an effect reads it: 0 while they have none (702.179f)."""
    return game.players[player].speed or 0


def has_speed(game: Game, player: PlayerId) -> bool:
    """702.179b: no speed until a rule or effect sets it."""
    return game.players[player].speed is not None


def set_speed(game: Game, player: PlayerId, value: int) -> None:
    """A player's speed becomes ``value`` (702.179c), whether or not they had speed."""
    game.players[player].speed = value
    game.touch()


def has_max_speed(game: Game, player: PlayerId) -> bool:
    """702.179e."""
    return speed(game, player) == MAX_SPEED


# -- 704.5z ------------------------------------------------------------------------------------------------


def without_speed(game: Game, views: Mapping[ObjectId, View]) -> list[PlayerId]:
    """704.5z, 702.179a: players controlling a permanent with Start your engines! who have no speed."""
    return sorted({v.controller for v in views.values() if v.zone is Zone.BATTLEFIELD and not v.status.phased_out
                   and v.has("start your engines!") and not game.players[v.controller].left
                   and not has_speed(game, v.controller)})


# -- 702.179d: the speed ability -------------------------------------------------------------------------


def _below_max(context: Context) -> bool:
    return context.you is not None and speed(context.game, context.you) < MAX_SPEED


def _increase(resolution: Resolution) -> None:
    game, player = resolution.game, resolution.controller
    if speed(game, player) < MAX_SPEED:
        set_speed(game, player, speed(game, player) + 1)


SPEED_ABILITY = TriggeredAbility(
    "Whenever one or more opponents lose life during your turn, if your speed is less than 4, increase your "
    "speed by 1.  This ability triggers only once each turn.",
    Trigger("whenever one or more opponents lose life during your turn", (LifeChanged,), lambda t: 0),
    _increase, condition=condition("your speed is less than 4", _below_max, ("speed",)))
"""702.179d: the ability every player with speed 1 or more has; no source, its player controls it."""


def triggered_this_turn(game: Game, player: PlayerId) -> bool:
    """702.179d: "This ability triggers only once each turn"."""
    return game.players[player].speed_triggered_turn == game.turn


def speed_triggers(game: Game, event: Event) -> None:
    """702.179d: the active player's speed ability triggers on an opponent's life loss, once each turn
    (each active team player's, 805.4)."""
    from kb.engine import teams

    if not isinstance(event, LifeChanged) or event.amount >= 0:
        return
    for player in teams.active_team(game):
        _speed_trigger(game, player, event)


def _speed_trigger(game: Game, player: PlayerId, event: LifeChanged) -> None:
    holder = game.players[player]
    if speed(game, player) < 1 or holder.left or event.player not in game.opponents(player):
        return
    if triggered_this_turn(game, player) or speed(game, player) >= MAX_SPEED:
        return  # only once each turn; an intervening "if" (603.4)
    from kb.engine.triggers import _no_source_view

    holder.speed_triggered_turn = game.turn
    game.pending.append(Pending(SPEED_ABILITY, -1, _no_source_view(game, player), player, event, True))


# -- 702.178 max speed -------------------------------------------------------------------------------------


def at_max_speed() -> Condition:
    """"As long as your speed is 4" (702.178a)."""
    return condition("your speed is 4", lambda c: c.you is not None and has_max_speed(c.game, c.you), ("speed",))


def max_speed(ability: AbilityLike, zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})) -> StaticAbility:
    """"Max speed — [ability]" (702.178a): "As long as your speed is 4, this object has [ability]"; it
    functions from the zone the granted ability names (``zones``, 702.178b)."""
    return StaticAbility(f"Max speed — {ability}", (gain(ability),), this_object(), condition=at_max_speed(),
                         zones=zones)


keywords.MODELLED.update({"start your engines!": "none"})
def _speed_hook(game: Game, event: Event) -> None:
    speed_triggers(game, event)


triggers.PLAYER_TRIGGERS.append(_speed_hook)

__all__ = ["MAX_SPEED", "SPEED_ABILITY", "at_max_speed", "has_max_speed", "has_speed", "max_speed", "set_speed", "speed", "speed_triggers", "without_speed"]
