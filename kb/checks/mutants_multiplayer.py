"""Engine mutants for multiplayer games and the variants (800-811, 900-905): each breaks one rule of
those chapters on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kb.checks.mutants import Mutant
from kb.engine import (
    actions,
    attach,
    commander,
    damage,
    grand_melee,
    influence,
    stack,
    teams,
    triggers,
    zones,
)
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import Card
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause, PlayerLeft
from kb.engine.game import Game
from kb.engine.mana import Color
from kb.engine.objects import GameObject
from kb.engine.parts import Layer
from kb.engine.players import Player
from kb.engine.replacement import Instead, Move, Replacement

# -- 800.4: leaving the game -------------------------------------------------------------------------------

_original_leave_game = actions.leave_game
_original_put_on_stack = triggers.put_on_stack


def _only_what_they_control_goes(game: Game, player: PlayerId) -> None:
    """800.4a read as "what the player controls is exiled": what they own stays in the game."""
    game.players[player].left = True
    game.emit(PlayerLeft(player))
    views = game.views()
    theirs = [o for o in game.battlefield() if views[o.id].controller == player]
    zones.move_all(game, theirs, Zone.EXILE, cause=Cause.LEAVE_GAME)


def _control_effects_outlast_the_player(game: Game, player: PlayerId) -> None:
    """Effects giving the leaving player control of objects don't end (800.4a)."""
    running = [e for e in game.effects if not e.ended and any(p.layer is Layer.CONTROL for p in e.parts)]
    _original_leave_game(game, player)
    for effect in running:
        effect.ended = False
    game.touch()


def _priority_stays_with_the_player_who_left(game: Game, player: PlayerId) -> None:
    """The player who had priority leaves, and it doesn't move on (800.4a)."""
    had = game.turn_state.priority
    _original_leave_game(game, player)
    if had == player and not game.over:
        game.turn_state.priority = player


def _triggers_of_players_who_left(game: Game) -> bool:
    """A triggered ability controlled by a player who left still goes on the stack (800.4d)."""
    gone = [p for p in game.pending if game.players[p.controller].left]
    game.pending = [p for p in game.pending if p not in gone]
    for pending in gone:
        player = game.players[pending.controller]
        player.left = False
        try:
            stack.put_triggered(game, pending)
        finally:
            player.left = True
    return _original_put_on_stack(game) or bool(gone)


# -- 801: limited range of influence, 809.3c ---------------------------------------------------------------

_original_seated = influence.seated
_original_can_be_attacked = influence.can_be_attacked
_original_prevention_reaches = influence.prevention_reaches


def _range_unlimited(game: Game, of: PlayerId, player: PlayerId) -> bool:
    return True


def _seated_now(game: Game) -> tuple[PlayerId, ...]:
    """Who is within whose range follows every player leaving at once, not from the next turn (801.2c)."""
    return tuple(p for p in game.turn_order if not game.players[p].left)


def _distance_one_way(game: Game, one: PlayerId, other: PlayerId) -> int:
    """Seats counted only to the left (801.2a counts both ways)."""
    seats = _original_seated(game)
    if one not in seats or other not in seats:
        return len(game.turn_order)
    return (seats.index(other) - seats.index(one)) % len(seats)


def _objects_always_in_range(game: Game, of: PlayerId, candidate: object) -> bool:
    return True


def _damage_ignores_range(game: Game, source: object, recipient: object) -> bool:
    return True


def _emperor_attacks_in_range(game: Game, attacker: PlayerId, opponent: PlayerId) -> bool:
    return influence.in_range(game, attacker, opponent)


def _prevention_ignores_range(game: Game, of: object, source: object, recipient: object,
                              specifies: frozenset[str]) -> bool:
    return True


def _prevention_needs_both(game: Game, of: PlayerId | None, source: ObjectId, recipient: ObjectId | PlayerId,
                           specifies: frozenset[str]) -> bool:
    """801.13b read as "the source and the recipient must both be within range", whatever the effect names."""
    return _original_prevention_reaches(game, of, source, recipient, frozenset())


def _nearest_on_the_right(game: Game, controller: PlayerId) -> PlayerId:
    """801.5c read the other way round: the nearest opponent on the controller's right chooses."""
    opponents = [p for p in game.opponents(controller) if influence.in_range(game, controller, p)]
    if opponents:
        return opponents[0]
    order = list(reversed(game.turn_order))
    start = order.index(controller)
    return next(p for p in order[start + 1:] + order[:start] if p in game.opponents(controller))


def _attached_anywhere(game: Game, attachment: object, target: object) -> bool:
    return True


def _win_outright(game: Game, player: PlayerId) -> None:
    """801.14 ignored: the player wins the whole game."""
    game.over = True
    game.winners = [player]
    game.touch()


# -- 807: Grand Melee ---------------------------------------------------------------------------------------


def _markers_rounded_up(players: int) -> int:
    return -(-players // grand_melee.SEATS_BETWEEN_MARKERS)


# -- 810: Two-Headed Giant ----------------------------------------------------------------------------------


def _life_not_shared(player: Player, total: int) -> None:
    return None


def _life_shared_by_one(game: Game, player: PlayerId) -> list[PlayerId]:
    return [player]


def _players_lose_alone(game: Game, players: Sequence[PlayerId], reasons: str | Mapping[PlayerId, str]
                        ) -> tuple[list[PlayerId], list[Instead]]:
    losers: list[PlayerId] = []
    instead: list[Instead] = []
    for player in dict.fromkeys(players):
        why = reasons if isinstance(reasons, str) else reasons.get(player, "")
        kept, done = actions.replace_losing(game, [player], why)
        losers += kept
        instead += done
    return losers, instead


def _alone(game: Game, players: Sequence[PlayerId]) -> list[PlayerId]:
    return list(players)


def _wins_despite_cant_win(game: Game, player: PlayerId) -> list[PlayerId] | None:
    return teams.team_of(game, player)


def _each_life_set_at_once(game: Game, total: int, controller: PlayerId) -> None:
    differences = {p: total - game.players[p].life for p in game.apnap()}
    for player, difference in differences.items():
        if difference > 0:
            actions.gain_life(game, player, difference)
        elif difference < 0:
            actions.lose_life(game, player, -difference)


# -- 903: Commander ---------------------------------------------------------------------------------------


def _designation_follows_characteristics(obj: GameObject) -> bool:
    """The designation read off the object's characteristics: lost while face down or a copy of
    something else (903.3 says it belongs to the card)."""
    if commander.COMMANDER not in obj.designations:
        return False
    try:
        view = obj._game.last_known_view(obj.id)
    except IllegalAction:
        return True
    return bool(view.name == obj.card.name)


def _no_commander_tax(game: Game, spell: ObjectId) -> int:
    return 0


def _never_home_from_hand_or_library() -> Replacement:
    """903.9b forgotten: a commander put into a hand or library stays there."""
    return Replacement("(nothing)", Move, lambda c, m: False, lambda c, m: m)


def _identity_from_mana_cost(card: Card) -> frozenset[Color]:
    cost = card.front.mana_cost
    return cost.colors if cost is not None else frozenset()


def _identity_front_face_only(card: Card) -> frozenset[Color]:
    return frozenset(commander._face_identity(card.front))


MUTANTS: tuple[Mutant, ...] = (
    Mutant("leaving-player-objects-stay", "800.4a", "a player who leaves takes nothing they own with them: only "
           "what they control is exiled", ((actions, "leave_game", _only_what_they_control_goes),)),
    Mutant("control-effects-outlast-the-player", "800.4a", "effects giving a player who left control don't end",
           ((actions, "leave_game", _control_effects_outlast_the_player),)),
    Mutant("priority-stays-with-the-player-who-left", "800.4a", "priority doesn't move on when the player "
           "holding it leaves", ((actions, "leave_game", _priority_stays_with_the_player_who_left),)),
    Mutant("triggers-of-players-who-left", "800.4d", "a triggered ability of a player who left goes on the stack",
           ((triggers, "put_on_stack", _triggers_of_players_who_left),)),
    Mutant("range-unlimited", "801.2", "every player is within every player's range of influence",
           ((influence, "in_range", _range_unlimited),)),
    Mutant("range-follows-leaving-at-once", "801.2c", "who is within whose range changes as soon as a player leaves",
           ((influence, "seated", _seated_now),)),
    Mutant("range-counted-one-way", "801.2a", "seats of a range of influence are counted only to the left",
           ((influence, "distance", _distance_one_way),)),
    Mutant("effects-reach-every-object", "801.10", "effects and static abilities affect and count objects outside "
           "their controller's range", ((influence, "object_in_range", _objects_always_in_range),)),
    Mutant("damage-ignores-range", "801.10", "spells and abilities deal damage outside their controller's range",
           ((damage, "_in_range", _damage_ignores_range),)),
    Mutant("emperor-attacks-in-range", "809.3c", "an emperor attacks any opponent within range, not only one "
           "sitting next to them", ((influence, "can_be_attacked", _emperor_attacks_in_range),)),
    Mutant("prevention-ignores-range", "801.13b", "prevention effects prevent damage outside their controller's range",
           ((influence, "prevention_reaches", _prevention_ignores_range),)),
    Mutant("prevention-needs-both-in-range", "801.13b", "a prevention effect naming the recipient also needs the "
           "source within range", ((influence, "prevention_reaches", _prevention_needs_both),)),
    Mutant("choice-falls-to-the-right", "801.5c", "with no opponent in range, the nearest one on the right chooses",
           ((influence, "choosing_opponent", _nearest_on_the_right),)),
    Mutant("attachments-ignore-range", "801.8", "Auras and Equipment stay attached outside their controller's range",
           ((attach, "_within_range", _attached_anywhere),)),
    Mutant("win-ignores-range", "801.14", "a player an effect says wins wins the whole game, not their range",
           ((influence, "win_in_range", _win_outright),)),
    Mutant("turn-markers-rounded-up", "807.4a", "Grand Melee uses a turn marker for every four players rounded up",
           ((grand_melee, "marker_count", _markers_rounded_up),)),
    Mutant("life-not-shared", "810.9", "a Two-Headed Giant team's members keep life totals of their own",
           ((teams, "share_life", _life_not_shared),)),
    Mutant("cant-gain-life-binds-one", "810.9g", "a teammate who can't gain or lose life doesn't bind the team",
           ((teams, "life_sharers", _life_shared_by_one),)),
    Mutant("players-lose-alone", "810.8a", "a player of a team loses alone, and a teammate who can't lose doesn't "
           "save them", ((teams, "losing", _players_lose_alone), (teams, "with_teams", _alone))),
    Mutant("wins-despite-cant-win", "810.8a", "a team wins even if a member can't win",
           ((teams, "winners", _wins_despite_cant_win),)),
    Mutant("each-life-set-at-once", "810.9d", "each player of a team has their life total set, the differences "
           "taken all at once", ((teams, "each_life_becomes", _each_life_set_at_once),)),
    Mutant("commander-designation-is-a-characteristic", "903.3",
           "a commander face down or copying another card is no longer a commander",
           ((commander, "is_commander", _designation_follows_characteristics),)),
    Mutant("no-commander-tax", "903.8", "casting a commander from the command zone again costs nothing more",
           ((commander, "casts_from_command_zone", _no_commander_tax),)),
    Mutant("commander-not-home-from-hand", "903.9b", "a commander put into its owner's hand or library can't go to "
           "the command zone instead", ((commander, "_home_instead_of_hand_or_library",
                                          _never_home_from_hand_or_library),)),
    Mutant("identity-from-the-mana-cost-only", "903.4", "colour identity ignores the rules text and colour indicators",
           ((commander, "color_identity", _identity_from_mana_cost),)),
    Mutant("identity-front-face-only", "903.4d", "colour identity ignores a double-faced card's back face",
           ((commander, "color_identity", _identity_front_face_only),)),
)

__all__ = ["MUTANTS"]
