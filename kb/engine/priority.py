"""Priority (117): who may act, what happens before a player gets it, and passing it.

Each time a player would receive priority, state-based actions are performed (all at once,
repeatedly, 704.3), then waiting triggered abilities go on the stack, and this repeats until
neither happens (117.5); only then does the player get priority.  When all players pass in
succession, the top object of the stack resolves, or, with the stack empty, the step or phase
ends (117.4, 500.2).  With shared team turns a team has priority: any of its players may act,
and the team passes (117.6, 805.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import sba, stack, teams, triggers, turn
from kb.engine.basics import PlayerId
from kb.engine.errors import IllegalAction
from kb.engine.events import PriorityGiven
from kb.engine.limits import bounded

if TYPE_CHECKING:
    from kb.engine.game import Game


def before_priority(game: Game) -> bool:
    """117.5 and 704.3: state-based actions, then triggered abilities to the stack, until neither
    happens.  True if anything did."""
    anything = False
    for _ in bounded("state-based actions and triggers before priority (117.5, 704.3)"):
        if game.over:
            return anything
        acted = sba.check(game)
        triggers.check_state_triggers(game)
        stacked = triggers.put_on_stack(game)
        anything = anything or acted or stacked
        if not acted and not stacked:
            return anything
    raise AssertionError("unreachable")


def give(game: Game, player: PlayerId) -> None:
    """``player`` is to receive priority (117.3): 117.5 first.  A player who left the game is
    skipped: the next in turn order gets it instead (800.4j)."""
    before_priority(game)
    if game.over:
        game.turn_state.priority = None
        return
    order = game.turn_order
    start = order.index(player)
    for offset in range(len(order)):
        candidate = order[(start + offset) % len(order)]
        if not game.players[candidate].left:
            game.turn_state.priority = candidate  # no characteristic depends on who has priority
            game.log.append(PriorityGiven(candidate))
            return
    game.turn_state.priority = None


def acted(game: Game, player: PlayerId) -> None:
    """``player`` cast, activated or took a special action: they receive priority again (117.3c)."""
    game.turn_state.passed.clear()
    give(game, player)


def require(game: Game, player: PlayerId, what: str) -> None:
    if game.over:
        raise IllegalAction("the game is over")
    if game.priority is None or teams.side(game, game.priority) != teams.side(game, player):  # 805.5a: a team's
        holder = game.priority or "no player"
        raise IllegalAction(f"{player} does not have priority ({holder} has): {what} needs it", "117.1")


def pass_priority(game: Game, player: PlayerId | None = None) -> None:
    holder = game.priority
    if holder is None:
        raise IllegalAction("no player has priority now" + (f" (the game waits for {game.turn_state.awaiting})"
                                                             if game.turn_state.awaiting else ""))
    if player is not None and teams.side(game, player) != teams.side(game, holder):
        raise IllegalAction(f"{player} can't pass: {holder} has priority", "117.3d")
    if before_priority(game):  # something a scenario did since priority was given (117.5)
        state_changed = True
        if game.over:
            return
    else:
        state_changed = False
    state = game.turn_state
    if state_changed:
        state.passed.clear()
    state.passed.add(teams.side(game, holder))  # the team passes with shared team turns (805.5b)
    if all_passed(game):
        state.passed.clear()
        state.priority = None
        if game.stack:
            stack.resolve_top(game)
            give(game, game.active)  # 117.3b
        else:
            turn.end_step(game)  # 117.4, 500.2
        return
    order = game.turn_order
    index = order.index(holder)
    following = [order[(index + i) % len(order)] for i in range(1, len(order) + 1)]
    give(game, next(p for p in following if not game.players[p].left
                     and teams.side(game, p) != teams.side(game, holder)))


def all_passed(game: Game) -> bool:
    """Have all players (all teams, 805.5b) still in the game passed in succession (117.4)?"""
    return {teams.side(game, p) for p in game.apnap()} <= game.turn_state.passed


def resolve_top(game: Game) -> None:
    """Everyone passes once in succession: the top object resolves."""
    refresh(game)
    if not game.stack:
        raise IllegalAction("the stack is empty")
    top = game.stack[-1]
    for _ in bounded("resolving the stack (608)"):
        if game.priority is None:
            raise IllegalAction("no player has priority, so the stack can't resolve now")
        pass_priority(game)
        if top not in game.stack or game.over:
            return


def refresh(game: Game) -> None:
    """The player with priority would receive it again: state-based actions and waiting triggered
    abilities first (117.5).  What a scenario does between actions (an effect it stands in for)
    is followed by this before anyone passes."""
    if game.priority is not None:
        give(game, game.priority)
    else:
        before_priority(game)


def resolve_stack(game: Game) -> None:
    """Everyone passes until the stack is empty."""
    from kb.engine import loops

    refresh(game)
    watch = loops.Watch(game)
    for _ in bounded("resolving the stack (608)"):
        if not game.stack or game.over:
            return
        if game.priority is None:
            raise IllegalAction("no player has priority, so the stack can't resolve now")
        size, top = len(game.stack), game.stack[-1].id
        pass_priority(game)
        if watch.after_pass(size, top):
            loops.draw_by_loop(game)  # 731.4, 104.4b
            return


def pass_to(game: Game, player: PlayerId) -> None:
    """Pass priority around until ``player`` holds it, never completing a round of passes."""
    game.player(player)
    for _ in bounded("passing priority until a step (500.2)"):
        holder = game.priority
        if holder is None:
            raise IllegalAction("no player has priority now")
        if teams.side(game, holder) == teams.side(game, player):
            return
        if {teams.side(game, p) for p in game.apnap()} <= game.turn_state.passed | {teams.side(game, holder)}:
            raise IllegalAction(f"{player} can't get priority by passing: every player would have passed")
        pass_priority(game)
