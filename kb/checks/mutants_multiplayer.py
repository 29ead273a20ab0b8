"""Engine mutants for multiplayer games and the variants (800-811, 900-905): each breaks one rule of
those chapters on purpose.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import actions, commander, stack, triggers, zones
from kb.engine.basics import PlayerId, Zone
from kb.engine.cards import Card
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause, PlayerLeft
from kb.engine.game import Game
from kb.engine.mana import Color
from kb.engine.objects import GameObject
from kb.engine.parts import Layer

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
    Mutant("triggers-of-players-who-left", "800.4d", "a triggered ability of a player who left goes on the stack",
           ((triggers, "put_on_stack", _triggers_of_players_who_left),)),
    Mutant("commander-designation-is-a-characteristic", "903.3",
           "a commander face down or copying another card is no longer a commander",
           ((commander, "is_commander", _designation_follows_characteristics),)),
    Mutant("identity-from-the-mana-cost-only", "903.4", "colour identity ignores the rules text and colour indicators",
           ((commander, "color_identity", _identity_from_mana_cost),)),
    Mutant("identity-front-face-only", "903.4d", "colour identity ignores a double-faced card's back face",
           ((commander, "color_identity", _identity_front_face_only),)),
)

__all__ = ["MUTANTS"]
