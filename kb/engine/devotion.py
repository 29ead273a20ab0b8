"""Devotion (700.5): a player's devotion to colours is the number of mana symbols of those colours
among the mana costs of the permanents they control, a hybrid symbol counting once.  It is
computed from the objects as layers 1-3 leave them (copy, control and text-changing effects)
and before any other effect (700.5a): a :class:`Number` read where the layers stand when it
is asked — in layer 4 or later — sees every mana cost and controller as they will stay, and
effects that increase devotion (:class:`DevotionIncrease`) are read from the same objects, never
from the finished views, so an effect that depends on devotion can't depend on itself."""

from __future__ import annotations

from kb.engine import keyword_abilities
from kb.engine.basics import Zone
from kb.engine.conditions import Condition, Number
from kb.engine.context import Context
from kb.engine.errors import ScenarioError
from kb.engine.mana import Color, ManaCost
from kb.engine.rules import DevotionIncrease


def _colours(colors: str) -> frozenset[str]:
    try:
        return frozenset(Color(c).value for c in colors)
    except ValueError:
        raise ScenarioError(f"devotion is to colours written with W U B R G, not {colors!r}") from None


def devotion_of(context: Context, player: str, colors: str) -> int:
    """``player``'s devotion to ``colors`` ("R", "BR") in ``context`` (700.5)."""
    wanted = _colours(colors)
    total = 0
    for state in context.states.values():
        if state.zone is not Zone.BATTLEFIELD or state.controller != player:
            continue
        cost: ManaCost | None = getattr(state, "mana_cost", None)  # ObjectState and View have one
        if cost is not None:
            total += sum(1 for symbol in cost.symbols if wanted & set(symbol.split("/")))
        total += increase(state)
    return total


def increase(state: object) -> int:
    """How much ``state``'s static abilities increase its controller's devotion (700.5)."""
    total = 0
    for held in getattr(state, "abilities", ()):
        ability = keyword_abilities.static(getattr(held, "ability", held))
        if ability is not None:
            total += sum(r.by for r in ability.rules if isinstance(r, DevotionIncrease))
    return total


def devotion(colors: str) -> Number:
    """"Your devotion to [colors]" as a number (700.5)."""
    return Number(f"your devotion to {colors}", lambda c: devotion_of(c, c.player("your devotion"), colors),
                  frozenset({"mana_cost", "controller", "abilities"}))


def devotion_less_than(colors: str, n: int) -> Condition:
    """"As long as your devotion to [colors] is less than N" (Theros gods)."""
    return Condition(f"your devotion to {colors} is less than {n}",
                     lambda c: devotion_of(c, c.player("your devotion"), colors) < n,
                     frozenset({"mana_cost", "controller", "abilities"}))


__all__ = ["DevotionIncrease", "devotion", "devotion_less_than", "devotion_of"]
