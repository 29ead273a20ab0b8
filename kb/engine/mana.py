"""Colours (105), mana symbols and costs (107, 202), and a player's mana pool (106).

A :class:`ManaCost` is the printed sequence of symbols (``{X}{2}{W/B}{G}``): generic, coloured,
colourless ``{C}``, snow ``{S}``, hybrid ``{W/B}`` and ``{2/W}``, Phyrexian ``{W/P}`` and ``{X}``.
Paying it from a pool looks at every way the pool could pay; when two ways would leave
different mana behind, which one to use is the player's choice (see :func:`payments`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import product

from kb.engine.errors import IllegalAction, NotModelled, ScenarioError


class Color(StrEnum):
    """The five colours in the order the CR lists them (105.1)."""

    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"


COLORS = tuple(Color)
MANA_TYPES = ("W", "U", "B", "R", "G", "C")
"""The six types of mana: five colours and colourless (106.1b)."""

_SYMBOL_RE = re.compile(r"\{([^{}]+)\}")
_HYBRID_RE = re.compile(r"^([WUBRG2])/([WUBRG])$")
_PHYREXIAN_RE = re.compile(r"^([WUBRG])(?:/([WUBRG]))?/P$")
"""A Phyrexian mana symbol, {G/P}, or a hybrid Phyrexian one, {G/U/P} (107.4f)."""


def _check_symbol(symbol: str, text: str) -> None:
    if symbol.isdigit() or symbol in ("X", "C", "S") or symbol in MANA_TYPES[:5]:
        return
    if _HYBRID_RE.match(symbol) or _PHYREXIAN_RE.match(symbol):
        return
    raise ScenarioError(f"unknown mana symbol {{{symbol}}} in {text!r} (107.4)")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost as printed: its symbols in order."""

    symbols: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        if _SYMBOL_RE.sub("", text).strip():
            raise ScenarioError(f"not a mana cost: {text!r} (write symbols in braces: {{2}}{{G}})")
        symbols = tuple(_SYMBOL_RE.findall(text))
        for symbol in symbols:
            _check_symbol(symbol, text)
        return cls(symbols)

    @property
    def mana_value(self) -> int:
        """The total of the symbols; X is 0 here (202.3, 202.3e); {2/W} counts 2 (202.3f)."""
        total = 0
        for symbol in self.symbols:
            if symbol.isdigit():
                total += int(symbol)
            elif symbol == "X":
                continue
            elif symbol.startswith("2/"):
                total += 2
            else:
                total += 1
        return total

    @property
    def colors(self) -> frozenset[Color]:
        """The colours of the mana symbols: an object's colour comes from them (202.2, 105.2)."""
        found: set[Color] = set()
        for symbol in self.symbols:
            found.update(Color(c) for c in symbol.split("/") if c in MANA_TYPES[:5])
        return frozenset(found)

    @property
    def phyrexian(self) -> tuple[str, ...]:
        """Its Phyrexian mana symbols (107.4f)."""
        return tuple(s for s in self.symbols if _PHYREXIAN_RE.match(s))

    def paying_life_for(self, symbols: Sequence[str]) -> ManaCost:
        """The mana left to pay once 2 life is paid for each of ``symbols`` (its Phyrexian symbols,
        107.4f), the others being paid with mana of their colour: what the player announced (601.2b)."""
        rest = list(self.symbols)
        for symbol in symbols:
            if symbol not in rest or not _PHYREXIAN_RE.match(symbol):
                raise ScenarioError(f"{{{symbol}}} is not a Phyrexian symbol of {self}")
            rest.remove(symbol)
        return ManaCost(tuple(_phyrexian_as_mana(s) for s in rest))

    @property
    def x_count(self) -> int:
        return sum(1 for s in self.symbols if s == "X")

    def with_x(self, value: int) -> ManaCost:
        """The cost once X is announced (107.3a, 601.2b)."""
        if value < 0:
            raise IllegalAction("X can't be negative", "107.3")
        rest = tuple(s for s in self.symbols if s != "X")
        return ManaCost(((str(value * self.x_count),) if self.x_count and value else ()) + rest)

    def plus(self, generic: int) -> ManaCost:
        """Add ``generic`` (negative: reduce) to the generic part; never below {0} (601.2f)."""
        current = sum(int(s) for s in self.symbols if s.isdigit())
        rest = tuple(s for s in self.symbols if not s.isdigit())
        amount = max(0, current + generic)
        return ManaCost(((str(amount),) if amount else ()) + rest)

    def __str__(self) -> str:
        return "".join(f"{{{s}}}" for s in self.symbols) or "{0}"


def _phyrexian_as_mana(symbol: str) -> str:
    """{G/P} paid with mana is {G}; {G/U/P} is the hybrid {G/U}."""
    match = _PHYREXIAN_RE.match(symbol)
    if match is None:
        return symbol
    first, second = match.groups()
    return first if second is None else f"{first}/{second}"


def payments(pool: Counter[str], cost: ManaCost) -> list[Counter[str]]:
    """Every distinct pool that paying ``cost`` from ``pool`` could leave behind (601.2h).

    Empty when the pool can't pay.  Phyrexian symbols must have been announced first, as mana
    or 2 life each (601.2b, :meth:`ManaCost.paying_life_for`)."""
    if cost.x_count:
        raise IllegalAction("announce X before paying (601.2b)")
    options: list[tuple[str, ...]] = []
    generic = 0
    for symbol in cost.symbols:
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol == "S":
            raise NotModelled("paying snow mana {S} (107.4h)")
        elif (match := _HYBRID_RE.match(symbol)) is not None:
            left, right = match.groups()
            options.append(("2", right) if left == "2" else (left, right))
        elif _PHYREXIAN_RE.match(symbol):
            raise NotModelled(f"paying {{{symbol}}} without announcing mana or 2 life for it (107.4f, 601.2b)")
        else:
            options.append((symbol,))
    results: dict[tuple[tuple[str, int], ...], Counter[str]] = {}
    for choice in product(*options) if options else [()]:
        left = Counter(pool)
        extra_generic = 0
        ok = True
        for symbol in choice:
            if symbol == "2":
                extra_generic += 2
            elif left[symbol] > 0:
                left[symbol] -= 1
            else:
                ok = False
                break
        if not ok:
            continue
        for rest in _generic_payments(+left, generic + extra_generic):
            results[tuple(sorted(rest.items()))] = rest
    return list(results.values())


def _generic_payments(pool: Counter[str], amount: int) -> list[Counter[str]]:
    """Every pool left after paying ``amount`` generic mana with any types of mana (107.4b)."""
    if sum(pool.values()) < amount:
        return []
    found: list[Counter[str]] = []

    def walk(kinds: list[str], left: Counter[str], still: int) -> None:
        if still == 0:
            found.append(+left)
            return
        if not kinds:
            return
        kind, rest = kinds[0], kinds[1:]
        for used in range(min(left[kind], still), -1, -1):
            after = Counter(left)
            after[kind] -= used
            walk(rest, after, still - used)

    walk([k for k in MANA_TYPES if pool[k] > 0], Counter(pool), amount)
    return found


@dataclass
class ManaPool:
    """Mana a player has (106.4): counts of W, U, B, R, G and C.  It empties as each step and
    phase ends (500.5)."""

    mana: Counter[str] = field(default_factory=Counter)

    def add(self, text: str) -> None:
        """Add mana written as symbols: ``"{G}{G}{C}"``; a number is that much colourless."""
        for symbol in _SYMBOL_RE.findall(text) if "{" in text else []:
            if symbol.isdigit():
                self.mana["C"] += int(symbol)
            elif symbol in MANA_TYPES:
                self.mana[symbol] += 1
            else:
                raise ScenarioError(f"{{{symbol}}} is not a type of mana (106.1)")
        if "{" not in text:
            raise ScenarioError(f"write mana as symbols, like {{G}}{{G}}: {text!r}")

    @property
    def total(self) -> int:
        return sum(self.mana.values())

    def empty(self) -> None:
        self.mana = Counter()

    def __str__(self) -> str:
        return "".join(f"{{{k}}}" * self.mana[k] for k in MANA_TYPES) or "(empty)"
