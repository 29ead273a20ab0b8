"""Conditions ("as long as you control a Mountain") and numbers ("the number of creatures you
control"), evaluated in a :class:`~kb.engine.context.Context` like filters are.

A static ability with a condition generates its effects only while the condition holds; a
triggered ability's intervening "if" is a condition too (603.4).  ``reads`` says which
characteristics they look at, for the dependency trials of 613.8a.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kb.engine.context import Context
from kb.engine.selectors import EVERYTHING, Filter


@dataclass(frozen=True, eq=False)
class Condition:
    text: str
    test: Callable[[Context], bool]
    reads: frozenset[str] = EVERYTHING

    def holds(self, context: Context) -> bool:
        return self.test(context)

    def __str__(self) -> str:
        return self.text


def you_control(what: Filter, at_least: int = 1) -> Condition:
    """"As long as you control [what]" (at least ``at_least`` of them)."""
    return Condition(f"you control {at_least} or more {what.text}",
                     lambda c: sum(1 for s in c.states.values()
                                   if what.matches(c, s) and s.controller == c.player("you control")) >= at_least,
                     what.reads | {"controller"})


def exists(what: Filter, at_least: int = 1) -> Condition:
    return Condition(f"there are {at_least} or more {what.text}",
                     lambda c: len(what.select(c)) >= at_least, what.reads)


def condition(text: str, test: Callable[[Context], bool], reads: Iterable[str] = EVERYTHING) -> Condition:
    """A condition written as a function (reads everything unless told)."""
    return Condition(text, test, frozenset(reads))


@dataclass(frozen=True, eq=False)
class Number:
    """A number an effect uses: its value comes from the game in a context."""

    text: str
    value: Callable[[Context], int]
    reads: frozenset[str] = EVERYTHING

    def __str__(self) -> str:
        return self.text


def count(what: Filter) -> Number:
    """"The number of [what]"."""
    return Number(f"the number of {what.text}", lambda c: len(what.select(c)), what.reads)


def fixed(value: int) -> Number:
    return Number(str(value), lambda c: value, frozenset())


def zero_if_negative(value: int) -> int:
    """107.1b: a calculation that determines the result of an effect and comes out negative
    counts as 0."""
    return max(0, value)


def at_least_zero(number: Number) -> Number:
    """``number`` as a calculation for an effect (107.1b): "+X/+X where X is its power" with power
    -2 gives +0/+0."""
    return Number(number.text, lambda c: zero_if_negative(number.value(c)), number.reads)
