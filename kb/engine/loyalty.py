"""Loyalty abilities (606): activated abilities with a loyalty symbol in their cost.

A player activates a loyalty ability of a permanent they control only at sorcery speed and only
if no loyalty ability of that permanent was activated this turn (606.3).  The cost is putting
on or removing loyalty counters (606.4); effects that change it are combined with it into one
cost (606.5); a negative cost needs that many loyalty counters on the permanent (606.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import rules
from kb.engine.basics import PlayerId
from kb.engine.errors import IllegalAction
from kb.engine.events import AbilityActivated, TurnBegan

if TYPE_CHECKING:
    from kb.engine.abilities import ActivatedAbility
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def activated_this_turn(game: Game, obj: GameObject, view: View) -> bool:
    """Has a player activated a loyalty ability of ``obj`` this turn (606.3)?"""
    from kb.engine.abilities import ActivatedAbility

    texts = {a.text for a in view.abilities if isinstance(a, ActivatedAbility) and a.is_loyalty_ability}
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AbilityActivated) and event.source_id == obj.id and event.text in texts:
            return True
    return False


def total_cost(game: Game, player: PlayerId, view: View, ability: ActivatedAbility) -> int:
    """The loyalty cost with every change applied, as one cost (606.4, 606.5)."""
    assert ability.cost.loyalty is not None
    return ability.cost.loyalty + rules.loyalty_cost_change(game, player, view)


def check(game: Game, player: PlayerId, obj: GameObject, view: View, ability: ActivatedAbility) -> int:
    """May ``player`` activate this loyalty ability now (606.3, 606.6)?  Returns its total cost."""
    from kb.engine.casting import sorcery_timing

    if not sorcery_timing(game, player):
        raise IllegalAction("a loyalty ability is activated only in a main phase of your turn with an empty stack",
                            "606.3")
    if activated_this_turn(game, obj, view):
        raise IllegalAction("a loyalty ability of this permanent was already activated this turn", "606.3")
    cost = total_cost(game, player, view, ability)
    if cost < 0 and obj.counter("loyalty") < -cost:
        raise IllegalAction(f"it needs {-cost} loyalty counters to pay [{cost}]", "606.6")
    return cost


__all__ = ["activated_this_turn", "check", "total_cost"]
