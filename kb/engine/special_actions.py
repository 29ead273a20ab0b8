"""Special actions (116) other than turning face up (which is in :mod:`kb.engine.facedown`):
playing a land (116.2a, 305)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine import priority, rules, teams, zones
from kb.engine.basics import PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause, LandPlayed

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


LAND_PERMISSIONS: dict[str, Callable[[Game, PlayerId, GameObject], bool]] = {}
"""Rules that let a player play a land card of theirs from a zone other than their hand (mayhem
without a cost, 702.187c), keyed by what they are."""


def played_by_permission(game: Game, player: PlayerId, card: GameObject) -> bool:
    """An effect lets ``player`` play ``card`` from where it is ("you may play lands from the top
    of your library"): a :class:`~kb.engine.rules.CastPermission` that covers lands."""
    for found in rules.cast_permissions(game, player, game.view(card.id)):
        change = found.change
        assert isinstance(change, rules.CastPermission)
        if change.lands and change.zone is card.zone and (
                card.zone is not Zone.LIBRARY or game.players[card.owner].library[-1:] == [card.id]):
            return True
    return False


LAND_PERMISSIONS["played by permission"] = played_by_permission


def play_land(game: Game, player: PlayerId, card: GameObject) -> GameObject:
    """Play a land (305.1): a player with priority, in a main phase of their turn, with an empty
    stack, who hasn't used up their land plays (305.2, 305.3), puts a land card from their hand
    onto the battlefield.  It doesn't use the stack."""
    from kb.engine.casting import sorcery_timing

    priority.require(game, player, "playing a land")
    if not game.view(card.id).is_a(CardType.LAND):
        raise IllegalAction(f"{card!r} is not a land card", "305.1")
    if card.owner != player or (card.zone is not Zone.HAND
                                and not any(rule(game, player, card) for rule in LAND_PERMISSIONS.values())):
        raise IllegalAction("a land is played from your hand, unless a rule lets you play it from elsewhere", "305.1")
    if not teams.is_active(game, player):  # each player of the active team may (805.4c)
        raise IllegalAction("a player can play a land only during their own turn", "305.3")
    if not sorcery_timing(game, player):
        raise IllegalAction("a land is played in a main phase with an empty stack", "305.1")
    if rules.lands_forbidden(game, player):
        raise IllegalAction(f"{player} can't play lands: that beats any permission to play one", "101.2")
    if game.players[player].lands_played >= rules.lands_per_turn(game, player):
        raise IllegalAction(f"{player} has already played as many lands as they may this turn", "305.2b")
    land = zones.move(game, card, Zone.BATTLEFIELD, controller=player, cause=Cause.PLAY_LAND)
    game.players[player].lands_played += 1
    if land is None:
        raise IllegalAction("the land didn't arrive on the battlefield")
    game.emit(LandPlayed(player, land.id))
    priority.acted(game, player)
    return land
