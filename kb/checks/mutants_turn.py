"""Engine mutants for the turn's structure, priority and combat (500-514, 117): each breaks one
rule of those chapters on purpose.  :mod:`kb.checks.mutants` collects them.

The tables of the declarations (:mod:`kb.engine.declarations`) get one mutant per entry, as the
engine's other tables do; the rest are written by hand, one per mechanism.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import actions, combat, declarations, priority, replacement, stack, timing, turn
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.events import AttackersDeclared, BlockersDeclared, StepBegan
from kb.engine.game import Game
from kb.engine.objects import GameObject
from kb.engine.replacement import BeginPhase, BeginTurn

# -- generated from the tables of the declarations -------------------------------------------------------

DECLARATION_TABLES: tuple[tuple[str, dict[str, str]], ...] = (
    ("ATTACK_DECLARATION_RESTRICTIONS", {"can't attack alone": "508.1c", "attack limit": "508.1c"}),
    ("BLOCK_DECLARATION_RESTRICTIONS", {"blocker count": "509.1b", "blocks per blocker": "509.1a"}),
    ("ATTACK_REQUIREMENTS", {"attacks each combat if able": "508.1d",
                             "attacks that player this turn if able (encore)": "702.141a",
                             "goaded": "701.15b"}),
    ("BLOCK_REQUIREMENTS", {"blocks each combat if able": "509.1c", "all creatures able to block it do so": "509.1c"}),
)
"""Each table of :mod:`kb.engine.declarations` and the rule of each of its entries."""


def _declaration_mutants() -> list[Mutant]:
    found = []
    for name, rules in DECLARATION_TABLES:
        table: dict[str, Any] = getattr(declarations, name)
        for key in table:
            rest = {k: v for k, v in table.items() if k != key}
            slug = key.replace(" ", "-").replace("'", "")
            found.append(Mutant(f"no-{slug}", rules[key],
                                f"the declarations forget '{key}'", ((declarations, name, rest),),
                                f"declarations.{name}"))
    return found


# -- 117: timing and priority --------------------------------------------------------------------------

_original_resolve_top = stack.resolve_top


def _priority_while_resolving(game: Game) -> None:
    game.turn_state.priority = game.active
    try:
        _original_resolve_top(game)
    finally:
        game.turn_state.priority = None


def _anyone_acts(game: Game, player: PlayerId, what: str) -> None:
    if game.over:
        from kb.engine.errors import IllegalAction

        raise IllegalAction("the game is over")


def _actor_loses_priority(game: Game, player: PlayerId) -> None:
    game.turn_state.passed.clear()
    priority.give(game, game.active)


# -- 500-505: phases and steps ---------------------------------------------------------------------------


_original_end_of_phase = turn._end_of_phase


def _after_the_phases_added_before(game: Game, after: Any) -> int:
    index = _original_end_of_phase(game, after)
    plan = game.turn_state.plan
    while index < len(plan) and plan[index][0] is not turn.Phase.ENDING:
        index += 1  # past the phases added before, up to the ending phase of the normal turn
    return index


_original_add_step = turn.add_step


def _oldest_first_steps(game: Game, step: Any, *, after: Any = None, before: Any = None,
                        player: PlayerId | None = None) -> None:
    state = game.turn_state
    if after is not None or before is not None or state.step is None or state.phase is None:
        _original_add_step(game, step, after=after, before=before, player=player)
        return
    if player is not None and player != game.active:
        return
    following = turn.STRUCTURE[turn.STRUCTURE.index((state.phase, state.step)) + 1]
    index = 0
    while index < len(state.plan) and state.plan[index] != following:
        index += 1  # past the steps added before
    state.plan.insert(index, (turn._phase_of(step), step))


def _whole_phase_for_a_step(game: Game, step: Any, after: Any = None, *, times: int = 1,
                            player: PlayerId | None = None) -> None:
    if player is not None and player != game.active:
        return
    index = turn._end_of_phase(game, after)
    phase = turn._phase_of(step)
    game.turn_state.plan[index:index] = [p for p in turn.STRUCTURE if p[0] is phase] * times


def _in_any_turn(game: Game, player: PlayerId | None) -> bool:
    return True


_original_replace = replacement.replace


def _phase_and_turn_skips_ignored(game: Game, proposed: Any, own: Any = ()) -> Any:
    if isinstance(proposed, (BeginPhase, BeginTurn)):
        return proposed
    return _original_replace(game, proposed, own)


def _postcombat_is_second(game: Game) -> int:
    return 1 if game.phase is turn.Phase.PRECOMBAT_MAIN else 2


# -- 506.7, 503.2: timing of spells and abilities ---------------------------------------------------------

_original_is_before = timing.is_before


def _before_until_the_point_ends(game: Game, point: Any) -> bool:
    return _original_is_before(game, point) or game.step is point


def _before_the_current_combat(game: Game, point: Any) -> bool:
    if game.phase is not turn.Phase.COMBAT or game.step is None:
        return _original_is_before(game, point)
    return timing.COMBAT_STEPS.index(game.step) < timing.COMBAT_STEPS.index(point)


def _only_the_first_combat(game: Game, player: PlayerId | None) -> bool:
    begun = sum(1 for e in timing.events_this_turn(game)
                if isinstance(e, StepBegan) and e.step is turn.Step.BEGINNING_OF_COMBAT)
    return game.phase is turn.Phase.COMBAT and begun == 1


def _after_attackers_even_if_skipped(game: Game) -> bool:
    return game.phase is turn.Phase.COMBAT and game.step not in (turn.Step.BEGINNING_OF_COMBAT,
                                                                 turn.Step.DECLARE_ATTACKERS)


def _after_attackers_needs_attackers(game: Game, point: Any) -> bool:
    return any(isinstance(e, AttackersDeclared) for e in timing.events_this_turn(game))


_original_is_after_step = timing.is_after_step


def _after_step_but_not_during_another(game: Game, step: Any) -> bool:
    return game.step is not step and _original_is_after_step(game, step)


# -- 506, 508, 509: combat --------------------------------------------------------------------------------

_original_make_attacking = combat.make_attacking
_original_make_blocking = combat.make_blocking
_original_remove_from_combat = combat.remove_from_combat


def _entering_attackers_attacked(game: Game, obj: GameObject, attacking: Any = None) -> bool:
    done = _original_make_attacking(game, obj, attacking)
    if done and game.combat is not None:
        game.emit(AttackersDeclared({obj.id: game.combat.attackers[obj.id]}, game.active))  # type: ignore[dict-item]
    return done


def _entering_attackers_obey_restrictions(game: Game, obj: GameObject, attacking: Any = None) -> bool:
    if combat.attack_restriction(game, obj, game.view(obj.id)) is not None:
        return False
    return _original_make_attacking(game, obj, attacking)


def _noncreatures_enter_attacking(game: Game, obj: GameObject, attacking: Any = None) -> bool:
    state = combat.combat(game)
    what = attacking if isinstance(attacking, str) else getattr(attacking, "id", attacking)
    state.attackers[obj.id] = what
    state.defending[obj.id] = what if isinstance(what, str) else game.opponents(game.active)[0]
    state.anything_attacked = True
    game.touch()
    return True


def _anyones_creatures_enter_attacking(game: Game, obj: GameObject, attacking: Any = None) -> bool:
    view = game.view(obj.id)
    if not view.is_a("Creature"):
        return False
    return _noncreatures_enter_attacking(game, obj, attacking)


def _only_declared_attackers_keep_combat(game: Game) -> None:
    state = combat.combat(game)
    if not state.declared:
        turn.remove_steps(game, turn.Step.DECLARE_BLOCKERS, turn.Step.COMBAT_DAMAGE)


def _entering_blockers_blocked(game: Game, obj: GameObject, blocking: Any = None) -> bool:
    done = _original_make_blocking(game, obj, blocking)
    if done and game.combat is not None:
        attacker = game.combat.blockers[obj.id][0]
        game.emit(BlockersDeclared({obj.id: (attacker,)}, game.active, tuple(game.combat.attackers)))
    return done


def _entering_blockers_obey_restrictions(game: Game, obj: GameObject, blocking: Any = None) -> bool:
    attacker = blocking.id if isinstance(blocking, GameObject) else blocking
    if isinstance(attacker, int) and combat.block_restriction(game, obj, game.view(obj.id),
                                                               game.view(attacker)) is not None:
        return False
    return _original_make_blocking(game, obj, blocking)


def _blocking_anything(game: Game, obj: GameObject, blocking: Any = None) -> bool:
    state = combat.combat(game)
    attacker = blocking.id if isinstance(blocking, GameObject) else blocking
    state.blockers[obj.id] = (attacker,)
    state.blocked.add(attacker)
    game.touch()
    return True


def _noncreatures_stay_in_combat(game: Game) -> None:
    return None


def _walker_takes_its_attackers_along(game: Game, object_id: ObjectId, *, as_creature: bool = True,
                                      as_attacked: bool = True) -> None:
    state = game.combat
    if state is not None and as_attacked:
        for attacker in [a for a, what in state.attackers.items() if what == object_id]:
            state.attackers.pop(attacker, None)
    _original_remove_from_combat(game, object_id, as_creature=as_creature, as_attacked=as_attacked)


_original_notice_changes = combat.remove_noncreatures


def _losing_one_type_removes_both_roles(game: Game) -> None:
    state = game.combat
    if state is None:
        return
    views = game.views()
    for object_id in [i for i in [*state.attackers, *state.blockers] if i in views
                      and not views[i].is_a("Creature")]:
        _original_remove_from_combat(game, object_id)
    for object_id in {w for w in state.attackers.values() if isinstance(w, int) and w in views
                      and not views[w].is_a("Planeswalker")}:
        _original_remove_from_combat(game, object_id)


def _cant_attack_removes_attackers(game: Game) -> None:
    from kb.engine import rules

    _original_notice_changes(game)
    state = game.combat
    if state is None:
        return
    views = game.views()
    for attacker in [a for a in state.attackers if a in views and rules.forbids(game, rules.CantAttack, views[a])]:
        _original_remove_from_combat(game, attacker)


def _tapping_removes_from_combat(game: Game, objects: Sequence[GameObject]) -> None:
    _original_tap(game, objects)
    for obj in objects:
        if game.combat is not None and (obj.id in game.combat.blockers or obj.id in game.combat.attackers):
            _original_remove_from_combat(game, obj.id)


def _forget_defending_player(game: Game, ref: GameObject | ObjectId) -> PlayerId | None:
    object_id = ref.id if isinstance(ref, GameObject) else ref
    if game.combat is None or object_id not in game.combat.attackers:
        return None
    return game.combat.defending.get(object_id)


def _has_attacked_means_attacking(game: Game, player: PlayerId, whom: PlayerId) -> bool:
    return combat.is_attacking_player(game, player, whom)


_original_reselect = combat.reselect_attacked


def _reselecting_attacks_again(game: Game, attacker: GameObject | ObjectId, what: Any) -> None:
    _original_reselect(game, attacker, what)
    creature = attacker.id if isinstance(attacker, GameObject) else attacker
    assert game.combat is not None
    game.emit(AttackersDeclared({creature: game.combat.attackers[creature]}, game.active))  # type: ignore[dict-item]


def _reselecting_pays_costs(game: Game, attacker: GameObject | ObjectId, what: Any) -> None:
    _original_reselect(game, attacker, what)
    creature = attacker.id if isinstance(attacker, GameObject) else attacker
    assert game.combat is not None
    costs = declarations.attack_costs(game, {creature: game.combat.attackers[creature]}, game.views())  # type: ignore[dict-item]
    declarations.pay(game, game.active, costs, (), "508.7b")


def _reselect_anything(game: Game, attacker: GameObject | ObjectId, what: Any) -> None:
    state = combat.combat(game)
    creature = attacker.id if isinstance(attacker, GameObject) else attacker
    state.attackers[creature] = what if isinstance(what, str) else getattr(what, "id", what)
    game.touch()


def _had_to_attack_judged_now(game: Game, ref: GameObject | ObjectId) -> bool:
    object_id = ref.id if isinstance(ref, GameObject) else ref
    views = game.views()
    return object_id in views and any(True for find in declarations.ATTACK_REQUIREMENTS.values()
                                      for _ in find(game, views, [object_id]))


def _no_costs(*args: Any) -> list[str]:
    return []


def _one_block_each(game: Game, view: Any) -> int | None:
    return 1


# -- 510: combat damage ------------------------------------------------------------------------------------

_original_assign_blocker = combat.assign_blocker


def _blocker_damage_to_the_first(game: Game, state: Any, blocker: ObjectId) -> dict[ObjectId | PlayerId, int]:
    blocked = state.blocked_by(blocker)
    power = game.views()[blocker].power or 0
    return {blocked[0]: power} if blocked and power > 0 else {}


def _assignment_unchecked(game: Game, state: Any, assignments: Mapping[ObjectId, Any]) -> str | None:
    return None


_original_assignment_problem = combat.assignment_problem


def _trample_counts_only_its_own(game: Game, state: Any, assignments: Mapping[ObjectId, Any]) -> str | None:
    for attacker, assignment in assignments.items():
        problem = _original_assignment_problem(game, state, {attacker: assignment})
        if problem is not None:
            return problem
    return None


def _second_step_judged_now(game: Game, state: Any) -> set[ObjectId]:
    views = game.views()
    fighters = [i for i in [*state.attackers, *state.blockers] if i in views]
    if state.first_strike_step is None:
        return _original_dealing(game, state)
    return {i for i in fighters if not (views[i].has("first strike") or views[i].has("double strike"))
            or views[i].has("double strike")}


def _double_strike_judged_at_the_start(game: Game, state: Any) -> set[ObjectId]:
    if state.first_strike_step is None:
        return _original_dealing(game, state)
    views = game.views()
    return {i for i in [*state.attackers, *state.blockers] if i in views and i not in state.had_first_strike}


_original_dealing = combat.dealing_this_step
_original_tap = actions.tap

HANDWRITTEN: tuple[Mutant, ...] = (
    Mutant("priority-while-resolving", "117.2e", "the active player holds priority while a spell or ability resolves",
           ((stack, "resolve_top", _priority_while_resolving),)),
    Mutant("anyone-acts-without-priority", "117.1", "a player may cast, activate or play without priority",
           ((priority, "require", _anyone_acts),)),
    Mutant("actor-loses-priority", "117.3c", "after casting or activating, the active player gets priority",
           ((priority, "acted", _actor_loses_priority),)),
    Mutant("added-phases-oldest-first", "500.8", "phases added after the same phase come in the order they were made",
           ((turn, "_end_of_phase", _after_the_phases_added_before),)),
    Mutant("added-steps-oldest-first", "500.9", "steps added after the same step come in the order they were made",
           ((turn, "add_step", _oldest_first_steps),)),
    Mutant("step-after-a-phase-brings-its-phase", "500.10", "a step added after a phase comes with all the other "
           "steps of its phase", ((turn, "add_step_after_phase", _whole_phase_for_a_step),)),
    Mutant("you-get-steps-in-any-turn", "500.10a", "a player gets additional steps and phases in others' turns too",
           ((turn, "_added_for", _in_any_turn),)),
    Mutant("phase-and-turn-skips-ignored", "500.11", "skipped phases and turns happen anyway",
           ((turn, "replace", _phase_and_turn_skips_ignored),)),
    Mutant("postcombat-main-is-second", "505.1b", "every postcombat main phase counts as the second main phase",
           ((turn, "main_phase_number", _postcombat_is_second),)),
    Mutant("before-a-point-includes-it", "506.7b", "'only before blockers are declared' still works in that step",
           ((timing, "is_before", _before_until_the_point_ends),)),
    Mutant("before-refers-to-this-combat", "506.7d", "'only before [a point]' refers to the current combat phase",
           ((timing, "is_before", _before_the_current_combat),)),
    Mutant("after-attackers-needs-attackers", "506.7a", "'only after attackers are declared' needs declared attackers",
           ((timing, "is_after", _after_attackers_needs_attackers),)),
    Mutant("during-combat-only-the-first", "506.7c", "'only during combat' means the first combat phase only",
           ((timing, "is_during_combat", _only_the_first_combat),)),
    Mutant("after-blockers-even-if-skipped", "506.7f", "'during combat after blockers are declared' works in a combat "
           "whose declare blockers step was skipped", ((timing, "is_after_blockers_in_combat",
                                                        _after_attackers_even_if_skipped),)),
    Mutant("after-a-step-not-during-another", "503.2", "'only after your upkeep' isn't allowed during a later upkeep",
           ((timing, "is_after_step", _after_step_but_not_during_another),)),
    Mutant("entering-attackers-attacked", "508.3a", "a creature put onto the battlefield attacking counts as having "
           "attacked", ((combat, "make_attacking", _entering_attackers_attacked),)),
    Mutant("entering-attackers-obey-restrictions", "508.4c", "restrictions on attacking apply to a creature put onto "
           "the battlefield attacking", ((combat, "make_attacking", _entering_attackers_obey_restrictions),)),
    Mutant("noncreatures-enter-attacking", "506.3a", "anything put onto the battlefield attacking is attacking",
           ((combat, "make_attacking", _noncreatures_enter_attacking),)),
    Mutant("anyones-creatures-enter-attacking", "506.3b", "any player's creature put onto the battlefield attacking "
           "is attacking, whatever it attacks", ((combat, "make_attacking", _anyones_creatures_enter_attacking),)),
    Mutant("only-declared-attackers-keep-combat", "508.8", "a creature put onto the battlefield attacking doesn't "
           "keep the blockers and damage steps", ((combat, "skip_if_nothing_attacked",
                                                   _only_declared_attackers_keep_combat),)),
    Mutant("entering-blockers-blocked", "509.4", "a creature put onto the battlefield blocking counts as having blocked",
           ((combat, "make_blocking", _entering_blockers_blocked),)),
    Mutant("entering-blockers-obey-restrictions", "509.4b", "restrictions on blocking apply to a creature put onto "
           "the battlefield blocking", ((combat, "make_blocking", _entering_blockers_obey_restrictions),)),
    Mutant("blocking-anything", "509.4a", "a creature put onto the battlefield blocking blocks whatever it is told to",
           ((combat, "make_blocking", _blocking_anything),)),
    Mutant("noncreatures-stay-in-combat", "506.4", "a creature that stops being one stays in combat",
           ((combat, "remove_noncreatures", _noncreatures_stay_in_combat),)),
    Mutant("losing-one-type-removes-both-roles", "506.4d", "a blocking creature that is also an attacked planeswalker "
           "leaves combat entirely when it stops being a creature", ((combat, "remove_noncreatures",
                                                                      _losing_one_type_removes_both_roles),)),
    Mutant("walker-takes-its-attackers-along", "506.4c", "when an attacked planeswalker leaves combat, its attackers "
           "leave too", ((combat, "remove_from_combat", _walker_takes_its_attackers_along),)),
    Mutant("cant-attack-removes-attackers", "506.4a", "a 'can't attack' effect removes an attacking creature from "
           "combat", ((combat, "remove_noncreatures", _cant_attack_removes_attackers),)),
    Mutant("tapping-removes-from-combat", "506.4b", "tapping a blocking or attacking creature removes it from combat",
           ((actions, "tap", _tapping_removes_from_combat),)),
    Mutant("defending-player-forgotten", "508.5", "a creature that left combat has no defending player",
           ((combat, "defending_player", _forget_defending_player),)),
    Mutant("has-attacked-means-attacking", "508.6", "a player has attacked another only while attacking them",
           ((combat, "has_attacked", _has_attacked_means_attacking),)),
    Mutant("reselecting-attacks-again", "508.7a", "choosing again what a creature attacks makes it attack again",
           ((combat, "reselect_attacked", _reselecting_attacks_again),)),
    Mutant("reselecting-pays-costs", "508.7b", "choosing again what a creature attacks asks for the costs to attack",
           ((combat, "reselect_attacked", _reselecting_pays_costs),)),
    Mutant("reselect-anything", "508.7c", "a creature may be made to attack anything, even its own controller",
           ((combat, "reselect_attacked", _reselect_anything),)),
    Mutant("had-to-attack-judged-now", "506.6", "whether a creature had to attack is judged by the requirements now",
           ((combat, "had_to_attack", _had_to_attack_judged_now),)),
    Mutant("attacking-costs-nothing", "508.1h", "costs to attack are never asked",
           ((declarations, "attack_costs", _no_costs),)),
    Mutant("blocking-costs-nothing", "509.1d", "costs to block are never asked",
           ((declarations, "block_costs", _no_costs),)),
    Mutant("one-block-each", "509.1a", "no effect lets a creature block more than one attacker",
           ((declarations, "blocks_allowed", _one_block_each),)),
    Mutant("blocker-damage-to-the-first", "510.1d", "a creature blocking several gives all its damage to the first",
           ((combat, "assign_blocker", _blocker_damage_to_the_first),)),
    Mutant("assignment-unchecked", "510.1e", "the combat damage assignment isn't checked as a whole",
           ((combat, "assignment_problem", _assignment_unchecked),)),
    Mutant("trample-counts-only-its-own", "702.19b", "trample's lethal damage ignores the other attackers' damage",
           ((combat, "assignment_problem", _trample_counts_only_its_own),)),
    Mutant("second-step-judged-now", "702.7c", "who deals damage in the second step is judged by first strike now",
           ((combat, "dealing_this_step", _second_step_judged_now),)),
    Mutant("double-strike-judged-at-the-start", "702.4d", "double strike gained after the first step gives no "
           "second damage", ((combat, "dealing_this_step", _double_strike_judged_at_the_start),)),
)

MUTANTS: tuple[Mutant, ...] = tuple(_declaration_mutants()) + HANDWRITTEN

__all__ = ["DECLARATION_TABLES", "MUTANTS"]
