"""Turn structure (500-514): phases and steps, turn-based actions, extra and skipped steps.

A turn is five phases (500.1); the beginning, combat and ending phases have steps.  As a step
(or a main phase) begins, effects lasting until it expire (500.4), "at the beginning of"
abilities trigger (500.6) and its turn-based actions happen (703): :data:`TURN_BASED_ACTIONS`
is the table of them, by step, each with its rule.  Then the active player gets priority —
except in the untap step (502.4) and, normally, the cleanup step (514.3).  As a step ends, mana
empties (500.5) and the actions of :data:`ENDING_ACTIONS` happen.

A step can be skipped (614.10: a replacement of its beginning with nothing, see
:class:`~kb.engine.replacement.BeginStep`); combat gets a second combat damage step when first or
double strike is around (510.4); with no attackers the declare blockers and combat damage steps
are skipped (508.8).  Extra turns come right after the current one (500.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from kb.engine import actions, day_night, durations, phasing, player_control, rules, teams, triggers
from kb.engine.basics import PlayerId, Zone
from kb.engine.cardtypes import SAGA
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.events import StepBegan, StepEnded, TurnBegan
from kb.engine.limits import bounded
from kb.engine.replacement import BeginPhase, BeginStep, BeginTurn, replace

if TYPE_CHECKING:
    from kb.engine.game import Game, TurnState


class Phase(Enum):
    """The five phases of a turn (500.1)."""

    BEGINNING = "beginning phase"
    PRECOMBAT_MAIN = "precombat main phase"
    COMBAT = "combat phase"
    POSTCOMBAT_MAIN = "postcombat main phase"
    ENDING = "ending phase"


class Step(Enum):
    """The steps of the beginning (501), combat (506) and ending (512) phases."""

    UNTAP = "untap step"
    UPKEEP = "upkeep step"
    DRAW = "draw step"
    BEGINNING_OF_COMBAT = "beginning of combat step"
    DECLARE_ATTACKERS = "declare attackers step"
    DECLARE_BLOCKERS = "declare blockers step"
    COMBAT_DAMAGE = "combat damage step"
    END_OF_COMBAT = "end of combat step"
    END = "end step"
    CLEANUP = "cleanup step"


Position = tuple[Phase, Step | None]

STRUCTURE: tuple[Position, ...] = (
    (Phase.BEGINNING, Step.UNTAP), (Phase.BEGINNING, Step.UPKEEP), (Phase.BEGINNING, Step.DRAW),
    (Phase.PRECOMBAT_MAIN, None),
    (Phase.COMBAT, Step.BEGINNING_OF_COMBAT), (Phase.COMBAT, Step.DECLARE_ATTACKERS),
    (Phase.COMBAT, Step.DECLARE_BLOCKERS), (Phase.COMBAT, Step.COMBAT_DAMAGE), (Phase.COMBAT, Step.END_OF_COMBAT),
    (Phase.POSTCOMBAT_MAIN, None),
    (Phase.ENDING, Step.END), (Phase.ENDING, Step.CLEANUP),
)
"""A turn's phases and steps in order (500.1, 501.1, 506.1, 512.1)."""

NO_PRIORITY = frozenset({Step.UNTAP, Step.CLEANUP})
"""Steps in which no player normally receives priority (502.4, 514.3)."""


@dataclass(frozen=True)
class TurnBasedAction:
    """A turn-based action (703): done by the game as a step begins (or ends), no stack."""

    rule: str
    text: str
    perform: Callable[[Game], None]


def _untap_phasing(game: Game) -> None:
    team = teams.active_team(game)
    phasing.untap_step_phasing(game, game.active if team == [game.active] else tuple(team))


def _day_night(game: Game) -> None:
    day_night.untap_step_check(game)


def _untap(game: Game) -> None:
    """502.3: the active player's permanents untap (the active team's players', 805.4), except those
    an effect keeps tapped."""
    views = game.views()
    theirs = [p for player in teams.active_team(game) for p in game.battlefield(player)]
    keep = {p.id for p in theirs if rules.forbids(game, rules.DoesntUntap, views[p.id])}
    actions.untap(game, [p for p in theirs if p.tapped and p.id not in keep])


def _draw(game: Game) -> None:
    """504.1, each player of the active team (805.4b, 805.6a); the player who plays first skips the
    draw of their first turn in a two-player game (103.8a), the team that does in Two-Headed Giant (810.6)."""
    if game.turn == 1 and (len(game.turn_order) == 2 or teams.shared_turns(game)):
        return
    for player in teams.active_team(game):
        actions.draw(game, player)


def _sagas(game: Game) -> None:
    """505.4: a lore counter on each Saga the active player controls, in their precombat main phase."""
    from kb.engine import counters

    if game.phase is not Phase.PRECOMBAT_MAIN or game.turn_state.main_phases != 1:
        return
    for saga in [s for player in teams.active_team(game) for s in game.battlefield(player)]:
        if SAGA in game.view(saga.id).subtypes:
            counters.put(game, saga, "lore", 1)


def _set_scheme_in_motion(game: Game) -> None:
    """505.3: in an Archenemy game, the archenemy sets the top card of their scheme deck in motion
    first thing in their precombat main phase.  (505.5, rolling to visit Attractions, is
    :mod:`kb.engine.attractions`'.)"""
    from kb.engine import archenemy

    if game.phase is Phase.PRECOMBAT_MAIN and archenemy.is_archenemy(game, teams.sole_active(game, "an archenemy")):
        archenemy.set_in_motion(game, game.active)


def _choose_defending_player(game: Game) -> None:
    from kb.engine import combat

    combat.choose_defending_player(game)


def _declare_attackers(game: Game) -> None:
    from kb.engine import combat

    combat.begin_declaration(game, "attackers")


def _declare_blockers(game: Game) -> None:
    from kb.engine import combat

    combat.begin_declaration(game, "blockers")


def _combat_damage(game: Game) -> None:
    from kb.engine import combat

    combat.damage_step(game)


def _discard(game: Game) -> None:
    """514.1: the active player (each of the active team's, 805.4) discards down to their maximum hand size."""
    for player in teams.active_team(game):
        _discard_down(game, player)


def _discard_down(game: Game, player: PlayerId) -> None:
    limit = rules.maximum_hand_size(game, player)
    hand = game.hand(player)
    if limit is None or len(hand) <= limit:
        return
    excess = len(hand) - limit
    chosen = game.choices.ask(Choice(
        ChoiceKind.DISCARD, player, f"discard {excess} card(s) down to {limit}",
        matters=len({c.card for c in hand}) > 1,
        accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == excess and all(c in hand for c in v),
        default=hand[:excess]))
    actions.discard(game, player, list(chosen))  # type: ignore[call-overload]


def _cleanup(game: Game) -> None:
    """514.2: damage is removed from permanents (phased-out ones too) and "until end of turn"
    and "this turn" effects end, simultaneously."""
    for obj in game.objects.values():
        if obj.zone is Zone.BATTLEFIELD and (obj.damage or obj.deathtouch_damage):
            obj.damage = 0
            obj.deathtouch_damage = False
    durations.end_of_turn(game)
    triggers.end_of_turn(game)
    game.emit()


TURN_BASED_ACTIONS: dict[Step | Phase, tuple[TurnBasedAction, ...]] = {
    Step.UNTAP: (TurnBasedAction("502.1", "phasing", _untap_phasing),
                 TurnBasedAction("502.2", "day becomes night, or night day", _day_night),
                 TurnBasedAction("502.3", "untap", _untap)),
    Step.DRAW: (TurnBasedAction("504.1", "draw a card", _draw),),
    Phase.PRECOMBAT_MAIN: (TurnBasedAction("505.3", "Archenemy: the archenemy sets a scheme in motion",
                                           _set_scheme_in_motion),
                           TurnBasedAction("505.4", "lore counters on Sagas", _sagas)),
    Step.BEGINNING_OF_COMBAT: (TurnBasedAction("507.1", "the active player chooses the defending player",
                                               _choose_defending_player),),
    Step.DECLARE_ATTACKERS: (TurnBasedAction("508.1", "declare attackers", _declare_attackers),),
    Step.DECLARE_BLOCKERS: (TurnBasedAction("509.1", "declare blockers", _declare_blockers),),
    Step.COMBAT_DAMAGE: (TurnBasedAction("510.1", "assign and deal combat damage", _combat_damage),),
    Step.CLEANUP: (TurnBasedAction("514.1", "discard to maximum hand size", _discard),
                   TurnBasedAction("514.2", "remove damage, end 'until end of turn' effects", _cleanup)),
}
"""The turn-based actions as each step or phase begins (703.4), in the order they happen."""


def _empty_mana(game: Game) -> None:
    for player in game.players.values():
        if player.mana.total:
            player.mana.empty(game)
            game.touch()


def _remove_from_combat(game: Game) -> None:
    from kb.engine import combat

    combat.end_combat(game)


def _end_of_combat_effects(game: Game) -> None:
    durations.end_of_combat(game)


def _skip_if_nothing_attacked(game: Game) -> None:
    from kb.engine import combat

    combat.skip_if_nothing_attacked(game)


ENDING_ACTIONS: dict[Step | Phase | None, tuple[TurnBasedAction, ...]] = {
    None: (TurnBasedAction("500.5", "mana empties", _empty_mana),),
    Step.DECLARE_ATTACKERS: (TurnBasedAction("508.8", "no attackers: skip the blockers and damage steps",
                                             _skip_if_nothing_attacked),),
    Step.END_OF_COMBAT: (TurnBasedAction("511.3", "remove from combat", _remove_from_combat),
                         TurnBasedAction("500.5a", "'until end of combat' effects end", _end_of_combat_effects)),
}
"""What happens as a step or phase ends (None: as every one ends)."""


# -- moving through the turn -----------------------------------------------------------------------


def start_game(game: Game, at: Step | Phase | None) -> None:
    """The game starts in the first player's first turn at ``at`` (default: the precombat main
    phase), as though that step had just begun: its triggers and turn-based actions are not
    replayed.  The active player has priority (except in the untap or cleanup step)."""
    wanted = at or Phase.PRECOMBAT_MAIN
    state = game.turn_state
    if wanted in (Step.UNTAP, Phase.BEGINNING):
        state.phase, state.step, state.priority = None, None, None
        state.plan = list(STRUCTURE)  # the turn hasn't begun: the next move begins its untap step
        return
    index = next((i for i, (phase, step) in enumerate(STRUCTURE) if wanted in (phase, step)), None)
    if index is None:
        raise IllegalAction(f"no such step or phase: {wanted}")
    state.phase, state.step = STRUCTURE[index]
    state.last_position = (state.phase, index)
    state.plan = list(STRUCTURE[index + 1:])
    state.main_phases = 1 if state.phase is Phase.PRECOMBAT_MAIN else (2 if index > 3 else 0)
    if state.step in NO_PRIORITY:
        state.priority = None
    else:
        state.priority = game.active


def next_active(game: Game) -> PlayerId:
    """Who takes the next turn: an extra turn first (500.7), else the next player in turn order
    still in the game (800.4k).  With shared team turns, the next team takes it (805.4): the first
    of its players in turn order stands for it (an extra turn of a player is their team's, 805.8)."""
    state = game.turn_state
    if state.extra_turns:
        return state.extra_turns[-1]
    order = game.turn_order
    last = state.normal_turn or game.active  # after extra turns, the normal order goes on
    index = order.index(last)
    for step in range(1, len(order) + 1):
        candidate = order[(index + step) % len(order)]
        if not game.players[candidate].left and teams.side(game, candidate) != teams.side(game, last):
            return candidate
    raise IllegalAction("no player is left to take a turn")


def skipped_between(game: Game, player: PlayerId) -> list[PlayerId]:
    """Players who left the game and whose turns would have come before ``player``'s (702.26n)."""
    order = game.turn_order
    index = order.index(game.turn_state.normal_turn or game.active)
    skipped = []
    for step in range(1, len(order) + 1):
        candidate = order[(index + step) % len(order)]
        if candidate == player:
            break
        if game.players[candidate].left:
            skipped.append(candidate)
    return skipped


def begin_turn(game: Game) -> None:
    state = game.turn_state
    state.spells_last_turn = day_night.spells_counted(game)  # 502.2, 502.2a
    if state.normal_turn is None:
        state.normal_turn = game.active
    for _ in bounded("turns taken by one call"):
        player = next_active(game)
        extra = bool(state.extra_turns) and state.extra_turns[-1] == player
        if extra:
            state.extra_turns.pop()
        state.skipped = skipped_between(game, player)
        if not extra:
            state.normal_turn = player
        if replace(game, BeginTurn(player)) is not None:
            break
        state.active = player  # skipped (500.11): play goes on as though the turn never was
    state.active = player
    state.number += 1
    state.plan = list(STRUCTURE)
    state.last_position = None
    state.main_phases = 0
    state.cleanup_again = False
    for someone in game.players.values():
        someone.lands_played = 0
        someone.spells_cast = 0
        someone.mana_spent_on_spells = 0
    player_control.turn_began(game, player)  # 722.1
    game.touch()
    for taking in teams.active_team(game):  # "your next turn" is each active team player's (805.4)
        durations.turn_began(game, taking)
    game.emit(TurnBegan(player, state.number))
    _next_position(game)


def _next_position(game: Game) -> None:
    from kb.engine import priority

    state = game.turn_state
    for _ in bounded("passing priority until a step (500.2)"):
        if not state.plan:
            begin_turn(game)
            return
        phase, step = state.plan.pop(0)
        if _begins_phase(state, phase, step):
            state.last_position = (phase, STRUCTURE.index((phase, step)))
            if replace(game, BeginPhase(game.active, phase.value)) is None:
                _skip_rest_of_phase(state, phase)  # skipped with all its steps (500.11, 614.10)
                continue
            state.phases_begun += 1
        state.last_position = (phase, STRUCTURE.index((phase, step)))
        begun = replace(game, BeginStep(game.active, step, phase.value))
        if begun is None:
            continue  # skipped (614.10)
        state.phase, state.step = phase, step
        state.priority = None
        state.passed.clear()
        state.begun += 1
        if step is None:
            state.main_phases += 1
        game.touch()
        if step is not None:
            for taking in teams.active_team(game):
                durations.step_began(game, step, taking)
        game.emit(StepBegan(phase, step, game.active))
        while state.first_things:  # 614.10b: before anything else of the step
            state.first_things.pop(0)(game)
        for action in turn_based_actions(step if step is not None else phase):
            action.perform(game)
            if game.over:
                return
        if state.awaiting is not None:
            return  # the step waits for a declaration (508.1, 509.1)
        if step is Step.CLEANUP:
            if cleanup_needs_priority(game):
                state.plan.insert(0, (Phase.ENDING, Step.CLEANUP))  # 514.3a: priority, then another cleanup
                priority.give(game, game.active)
                return
            end_step(game, proceed=False)
            continue
        if step in NO_PRIORITY:
            end_step(game, proceed=False)
            continue
        priority.give(game, game.active)
        return


def _begins_phase(state: TurnState, phase: Phase, step: Step | None) -> bool:
    """Is (phase, step) the first of a phase: another phase than the last one, or an earlier
    step of the same (an additional phase of that kind, 500.8)?"""
    if state.last_position is None:
        return True
    last_phase, last_index = state.last_position
    return phase is not last_phase or STRUCTURE.index((phase, step)) <= last_index


def _skip_rest_of_phase(state: TurnState, phase: Phase) -> None:
    while state.plan and not _begins_phase(state, *state.plan[0]) and state.plan[0][0] is phase:
        skipped = state.plan.pop(0)
        state.last_position = (phase, STRUCTURE.index(skipped))


def main_phase_number(game: Game) -> int:
    """How many main phases have begun this turn, the current one included (505.1b)."""
    return game.turn_state.main_phases


def cleanup_needs_priority(game: Game) -> bool:
    """514.3a: state-based actions and waiting triggered abilities in the cleanup step mean the
    players get priority (and another cleanup step follows)."""
    from kb.engine import priority

    return priority.before_priority(game)


def turn_based_actions(when: Step | Phase) -> tuple[TurnBasedAction, ...]:
    return TURN_BASED_ACTIONS.get(when, ())


def end_step(game: Game, proceed: bool = True) -> None:
    """The current step or phase ends (500.5): mana empties and ending actions happen; then the
    next one begins (unless ``proceed`` is False: the caller moves on)."""
    state = game.turn_state
    when = state.step if state.step is not None else state.phase
    for action in ENDING_ACTIONS.get(None, ()) + ENDING_ACTIONS.get(when, ()):
        action.perform(game)
    assert state.phase is not None
    game.emit(StepEnded(state.phase, state.step, game.active))
    state.priority = None
    if proceed:
        _next_position(game)


def insert_step(game: Game, phase: Phase, step: Step | None) -> None:
    """An extra step or phase right after the current one (500.8, 500.9)."""
    game.turn_state.plan.insert(0, (phase, step))
    game.touch()


def _phase_of(step: Step) -> Phase:
    return next(phase for phase, s in STRUCTURE if s is step)


def _end_of_phase(game: Game, after: Phase | None) -> int:
    """The place in the plan right after the current phase (``after`` None or the current one) or
    after the next ``after`` phase to come."""
    state = game.turn_state
    plan = state.plan
    if after is None or (after is state.phase and state.phase is not None):
        index = 0
        last = state.last_position
    else:
        start = next((i for i, (phase, _) in enumerate(plan) if phase is after), None)
        if start is None:
            raise IllegalAction(f"there is no {after.value} to come this turn", "500.8")
        index = start + 1
        last = (after, STRUCTURE.index(plan[start]))
    while index < len(plan) and last is not None and plan[index][0] is last[0] \
            and STRUCTURE.index(plan[index]) > last[1]:
        last = (last[0], STRUCTURE.index(plan[index]))
        index += 1
    return index


def _added_for(game: Game, player: PlayerId | None) -> bool:
    """500.10a: an effect saying "you get" an additional step or phase adds none in another
    player's turn."""
    return player is None or teams.is_active(game, player)


def add_phases(game: Game, phases: list[Phase], after: Phase | None = None, *, player: PlayerId | None = None
               ) -> None:
    """Additional phases (each with all its steps) directly after ``after`` — the current phase
    by default; phases added later after the same phase come first (500.8).  ``player``: the
    player who "gets" them (500.10a)."""
    if not _added_for(game, player):
        return
    index = _end_of_phase(game, after)
    game.turn_state.plan[index:index] = [position for phase in phases for position in STRUCTURE if position[0] is phase]
    game.touch()


def add_step(game: Game, step: Step, *, after: Step | None = None, before: Step | None = None,
             player: PlayerId | None = None) -> None:
    """An additional step directly after ``after`` (the current step by default) or before
    ``before``; steps added later after the same step come first (500.9, 500.10a)."""
    if not _added_for(game, player):
        return
    state = game.turn_state
    plan = state.plan
    if before is not None:
        index = next((i for i, (_, s) in enumerate(plan) if s is before), None)
        if index is None:
            raise IllegalAction(f"there is no {before.value} to come this turn", "500.9")
    elif after is None or after is state.step:
        index = 0
    else:
        found = next((i for i, (_, s) in enumerate(plan) if s is after), None)
        if found is None:
            raise IllegalAction(f"there is no {after.value} to come this turn", "500.9")
        index = found + 1
    plan.insert(index, (_phase_of(step), step))
    game.touch()


def add_step_after_phase(game: Game, step: Step, after: Phase | None = None, *, times: int = 1,
                         player: PlayerId | None = None) -> None:
    """An additional ``step`` after a phase: the phase that normally holds it is added after
    ``after`` (the current phase by default), with its other steps skipped (500.10)."""
    if not _added_for(game, player):
        return
    index = _end_of_phase(game, after)
    game.turn_state.plan[index:index] = [(_phase_of(step), step)] * times
    game.touch()


def remove_steps(game: Game, *steps: Step) -> None:
    game.turn_state.plan = [p for p in game.turn_state.plan if p[1] not in steps]
    game.touch()


def at(game: Game, when: Step | Phase, player: PlayerId | None) -> bool:
    """Is the game in ``when`` (a phase: in any of its steps) of ``player``'s turn?"""
    state = game.turn_state
    return when in (state.step, state.phase) and (player is None or teams.is_active(game, player))


def _no_priority_in_cleanup(game: Game, player: PlayerId | None, seen: int) -> int:
    """Raise if a cleanup step of ``player``'s turn began and ended since the log held ``seen`` events:
    no player received priority in it (514.3), so a scenario waiting for it would play on for
    ever.  Returns how many events are looked at now."""
    for event in game.log[seen:]:
        if isinstance(event, StepBegan) and event.step is Step.CLEANUP and player in (None, event.player):
            raise ScenarioError(f"the cleanup step of {event.player}'s turn ended with no player receiving priority "
                                "(514.3: only when state-based actions or triggered abilities happen there, "
                                "514.3a): advance_to(Step.END) stops before it, next_turn() goes past it")
    return len(game.log)


def advance_to(game: Game, when: Step | Phase, player: PlayerId | None = None, *, attack: bool = False,
               later_turn: bool = False) -> None:
    """Pass priority until the next ``when`` (of ``player``'s turn; in a later turn than this one
    if ``later_turn``) begins; stop when a player has priority there, or when the step waits for
    a declaration of attackers or blockers."""
    from kb.engine import combat, priority

    if player is not None:
        game.player(player)
    if when is Step.UNTAP:
        raise ScenarioError("no player receives priority in the untap step (502.4), so advance_to can't stop there: "
                            "Game(step=Step.UNTAP) starts just before one, advance_to(Step.UPKEEP) stops after it")
    start, start_phases = game.turn_state.begun, game.turn_state.phases_begun
    start_turn, seen = game.turn, len(game.log)
    given = False  # the first pass follows the scenario's actions; the others, the engine's
    for _ in bounded("passing priority until a step (500.2)"):
        if game.over:
            return
        state = game.turn_state
        # a phase with steps is reached at its first step with priority, in a phase begun since (500.1)
        begun = state.phases_begun > start_phases if isinstance(when, Phase) else state.begun > start
        if begun and at(game, when, player) and (not later_turn or game.turn > start_turn) and \
                (state.priority is not None or state.awaiting is not None):
            return
        if when is Step.CLEANUP and state.step is not Step.CLEANUP:
            seen = _no_priority_in_cleanup(game, player, seen)
        if state.awaiting == "attackers":
            if attack:
                raise IllegalAction("declare attackers first: the declare attackers step is waiting")
            combat.declare_attackers(game, {})
        elif state.awaiting == "blockers":
            if attack:
                raise IllegalAction("declare blockers first: the declare blockers step is waiting")
            combat.declare_blockers(game, {})
        elif state.awaiting == combat.AWAITING_ASSIGNMENT:
            combat.resume_damage_step(game)  # 510.1e: its assignment was refused; another is scripted
        elif state.phase is None:
            _next_position(game)  # the game was set up just before its first turn began
        elif state.priority is None:
            raise IllegalAction("no player has priority and nothing is awaited")
        else:
            priority.pass_priority(game, given=given)
        given = True
    raise AssertionError("unreachable")
