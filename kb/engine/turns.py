"""The steps these rules need: untap (502), upkeep, cleanup (514), and passing the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import durations, phasing
from kb.engine.events import StepBegan

if TYPE_CHECKING:
    from kb.engine.game import Game


def untap_step(game: Game) -> None:
    """Phasing first, then the active player's permanents untap (502.1, 502.3, 702.26a).

    No player gets priority in the untap step.  A skipped untap step does neither (702.26m).
    """
    game.step = "untap"
    game.priority_holder = None
    player = game.players[game.active]
    if player.untap_steps_to_skip:
        player.untap_steps_to_skip -= 1
        game.skipped_turns = []
        return
    phasing.untap_step_phasing(game, game.active)
    game.skipped_turns = []
    untap_permanents(game)


def untap_permanents(game: Game) -> None:
    """The active player untaps their permanents that exist for the game (502.3)."""
    for permanent in game.battlefield(game.active):
        permanent.tapped = False


def upkeep(game: Game) -> None:
    """The upkeep step: "at the beginning of your upkeep" abilities trigger, and the active
    player gets priority (503)."""
    game.step = "upkeep"
    game.emit(StepBegan("upkeep", game.active))
    game.priority()


def main_phase(game: Game) -> None:
    game.step = "main"
    game.priority()


def cleanup(game: Game) -> None:
    """Damage is removed and "until end of turn" effects end (514.2)."""
    game.step = "cleanup"
    for obj in game.objects.values():
        obj.damage = 0
    game.attacking.clear()
    durations.end_of_turn(game)
    game.emit()


def next_turn(game: Game) -> None:
    """End this turn and begin the next player's, up to the end of their untap step.

    A player who left the game gets no turn (800.4k); their skipped turn is remembered for
    what phased out under their control (702.26n)."""
    cleanup(game)
    order = game.turn_order
    index = order.index(game.active)
    skipped = []
    for step in range(1, len(order) + 1):
        candidate = order[(index + step) % len(order)]
        if not game.players[candidate].left:
            break
        skipped.append(candidate)
    game.active = candidate
    game.turn += 1
    game.skipped_turns = skipped
    untap_step(game)


def advance(game: Game) -> None:
    """To the next player's main phase, resolving what triggers at upkeep."""
    next_turn(game)
    upkeep(game)
    game.resolve_stack()
    main_phase(game)
