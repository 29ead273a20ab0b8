"""Case cards (719) and solved (702.169).

"To solve — [condition]" is a triggered ability (719.3a): at the beginning of your end step, if
[condition] and this Case isn't solved, it becomes solved.  Solved is a designation (719.3b) kept
until the Case leaves the battlefield (a new object has none, 400.7).  "Solved — [ability]" is an
ability that works only while the Case is solved (702.169b-d, 719.3c): :func:`solved` builds it from
the static, triggered or activated ability it stands for.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.conditions import Condition, condition
from kb.engine.triggers import TriggerContext, at_beginning_of
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.context import Context
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

SOLVED = "solved"
"""719.3b: a designation of a permanent."""


def is_solved(game: Game, ref: GameObject | ObjectId) -> bool:
    object_id = ref if isinstance(ref, int) else ref.id
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and SOLVED in obj.designations


def _this_solved(context: Context) -> bool:
    return context.source is not None and is_solved(context.game, context.source.id)


def this_case_is_solved() -> Condition:
    return condition("this Case is solved", _this_solved)


def to_solve(text: str, test: Condition) -> TriggeredAbility:
    """"To solve — [condition]" (719.3a): "At the beginning of your end step, if [condition] and this
    Case is not solved, it becomes solved" (an intervening "if", 603.4)."""

    def unsolved_and(context: Context) -> bool:
        return not _this_solved(context) and test.holds(context)

    def solve(resolution: Resolution) -> None:
        this = resolution.source_id
        if this is not None and this in resolution.game.objects:
            resolution.game.objects[this].designations.add(SOLVED)
            resolution.game.touch()

    return TriggeredAbility(f"To solve — {text}", at_beginning_of(Step.END, "you"), solve,
                            condition=condition(f"{test.text} and this Case is not solved", unsolved_and))


def solved(ability: StaticAbility | TriggeredAbility | ActivatedAbility) -> StaticAbility | TriggeredAbility | ActivatedAbility:
    """"Solved — [ability]" (702.169b-d): a static ability that applies, a triggered ability that
    triggers, an activated ability that can be activated, only while this Case is solved."""
    text = f"Solved — {ability.text}"
    if isinstance(ability, StaticAbility):
        own_condition = ability.condition
        both = condition("this Case is solved" + (f" and {own_condition.text}" if own_condition else ""),
                         lambda c: applies_while_solved(c) and (own_condition is None or own_condition.holds(c)))
        return replace(ability, text=text, condition=both)  # 702.169b
    if isinstance(ability, TriggeredAbility):
        trigger = ability.trigger
        counted = trigger.occurrences

        def only_if_solved(t: TriggerContext) -> int:
            return counted(t) if triggers_while_solved(t.game, t.source.id) else 0  # 702.169c

        return replace(ability, text=text, trigger=replace(trigger, occurrences=only_if_solved))
    own = ability.restriction

    def restriction(game: Game, player: PlayerId, obj: GameObject) -> str | None:
        if not activates_while_solved(game, obj.id):
            return "this Case isn't solved"  # 702.169d
        return own(game, player, obj) if own is not None else None

    return replace(ability, text=text, restriction=restriction)


def applies_while_solved(context: Context) -> bool:
    """702.169b: a "Solved —" static ability applies while the Case is solved."""
    return _this_solved(context)


def triggers_while_solved(game: Game, object_id: ObjectId) -> bool:
    """702.169c: a "Solved —" triggered ability triggers only if the Case is solved."""
    return is_solved(game, object_id)


def activates_while_solved(game: Game, object_id: ObjectId) -> bool:
    """702.169d: a "Solved —" activated ability can be activated only if the Case is solved."""
    return is_solved(game, object_id)


__all__ = ["SOLVED", "activates_while_solved", "applies_while_solved", "is_solved", "solved", "this_case_is_solved",
           "to_solve", "triggers_while_solved"]
