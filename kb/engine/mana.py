"""Colours (105), mana symbols and costs (107, 202), and a player's mana pool (106).

A :class:`ManaCost` is the printed sequence of symbols (``{X}{2}{W/B}{G}``): generic, coloured,
colourless ``{C}``, snow ``{S}``, hybrid ``{W/B}`` and ``{2/W}``, Phyrexian ``{W/P}`` and ``{X}``.
Paying it from a pool looks at every way the pool could pay; when two ways would leave
different mana behind, which one to use is the player's choice (see :func:`payments`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
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

    def payable_with_any_color(self) -> ManaCost:
        """The cost as paid by a player who may spend mana as though it were mana of any color
        (609.4b): each coloured or hybrid symbol is paid by one mana of any type, and so is like
        {1}; {C} still needs colourless mana.  A Phyrexian symbol raises NotModelled."""
        from kb.engine.errors import NotModelled

        if self.phyrexian:
            raise NotModelled("Phyrexian mana paid with mana as though it were mana of any color")
        colored = set(MANA_TYPES[:5])
        return ManaCost(tuple("1" if set(s.split("/")) & colored else s for s in self.symbols))

    def with_x(self, value: int) -> ManaCost:
        """The cost once X is announced (107.3a, 601.2b)."""
        if value < 0:
            raise IllegalAction("X can't be negative", "107.3")
        rest = tuple(s for s in self.symbols if s != "X")
        return ManaCost(((str(value * self.x_count),) if self.x_count and value else ()) + rest)

    def reduced_by(self, kind: str) -> ManaCost:
        """One mana of type ``kind`` taken off the cost: a symbol of that type, or a Phyrexian
        symbol of that colour (118.7f); if the cost has none, one generic mana instead (118.7b-d)."""
        for symbol in (kind, f"{kind}/P"):
            if symbol in self.symbols:
                index = self.symbols.index(symbol)
                return ManaCost(self.symbols[:index] + self.symbols[index + 1:])
        return self.plus(-1)

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
    """Every distinct pool that paying ``cost`` from ``pool`` with mana alone could leave behind
    (601.2h); empty when the pool can't pay.  :func:`ways_to_pay` adds paying life for
    Phyrexian symbols."""
    return [left for left, life in ways_to_pay(pool, cost) if life == 0]


def mana_type(key: str) -> str:
    """The type of mana a pool key holds: ``"R"``, or ``"R|only creature spells"`` for restricted
    red mana (106.6)."""
    return key.split("|", 1)[0]


def ways_to_pay(pool: Counter[str], cost: ManaCost) -> list[tuple[Counter[str], int]]:
    """Every distinct way to pay ``cost`` from ``pool``: the pool it leaves and the life paid
    (601.2h).  A hybrid symbol is paid with either half (107.4e); a Phyrexian symbol with mana of
    its colour or 2 life (107.4f); generic mana with any type (107.4b); {C} only with colourless
    mana (107.4c).  Keys of ``pool`` are types of mana, or types with a restriction
    (:func:`mana_type`): each unit is spent as the mana it is."""
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
            options.append((*_phyrexian_as_mana(symbol).split("/"), "life"))
        else:
            options.append((symbol,))
    results: dict[tuple[tuple[tuple[str, int], ...], int], tuple[Counter[str], int]] = {}
    for choice in product(*options) if options else [()]:
        for left, life, extra_generic in _spend_symbols(Counter(pool), choice):
            for rest in _generic_payments(+left, generic + extra_generic):
                results[(tuple(sorted(rest.items())), life)] = (rest, life)
    return list(results.values())


def _spend_symbols(pool: Counter[str], symbols: tuple[str, ...]) -> list[tuple[Counter[str], int, int]]:
    """Each way to spend ``symbols`` (types, ``"2"`` for two generic, ``"life"`` for 2 life) from
    ``pool``: the pool left, the life paid and the generic mana still owed."""
    if not symbols:
        return [(pool, 0, 0)]
    symbol, rest = symbols[0], symbols[1:]
    if symbol == "2":
        return [(left, life, generic + 2) for left, life, generic in _spend_symbols(pool, rest)]
    if symbol == "life":
        return [(left, life + 2, generic) for left, life, generic in _spend_symbols(pool, rest)]
    found = []
    for key in [k for k in pool if pool[k] > 0 and mana_type(k) == symbol]:
        after = Counter(pool)
        after[key] -= 1
        found += _spend_symbols(after, rest)
    return found


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

    walk(sorted(k for k in pool if pool[k] > 0), Counter(pool), amount)
    return found


@dataclass(frozen=True, eq=False)
class ManaRestriction:
    """How some mana may be spent (106.6): ``allows(what)`` says whether it may pay for that spell
    or ability (a View of the spell, or the ability; None when paying anything else)."""

    text: str
    allows: Callable[[object], bool]
    kept: Callable[[object], bool] | None = None
    """While ``kept(game)`` holds, this mana isn't lost as steps and phases end (500.5: "you don't
    lose this mana", firebending 702.189a)."""


@dataclass
class ManaPool:
    """Mana a player has (106.4): counts of W, U, B, R, G and C, unrestricted mana under the
    type's letter and restricted mana under ``"R|<restriction>"`` (106.6).  It empties as each
    step and phase ends (500.5)."""

    mana: Counter[str] = field(default_factory=Counter)
    restrictions: dict[str, ManaRestriction] = field(default_factory=dict)

    def add(self, text: str, restriction: ManaRestriction | None = None) -> None:
        """Add mana written as symbols: ``"{G}{G}{C}"``; a number is that much colourless (106.10)."""
        if "{" not in text and text:
            raise ScenarioError(f"write mana as symbols, like {{G}}{{G}}: {text!r}")
        suffix = ""
        if restriction is not None:
            suffix = f"|{restriction.text}"
            self.restrictions[restriction.text] = restriction
        for symbol in _SYMBOL_RE.findall(text):
            if symbol.isdigit():
                self.mana["C" + suffix] += int(symbol)
            elif symbol in MANA_TYPES:
                self.mana[symbol + suffix] += 1
            else:
                raise ScenarioError(f"{{{symbol}}} is not a type of mana (106.1)")

    def amount(self, mana_kind: str) -> int:
        """How much mana of one type, restricted or not."""
        return sum(n for k, n in self.mana.items() if mana_type(k) == mana_kind)

    def usable(self, spent_on: object) -> Counter[str]:
        """The mana that may pay for ``spent_on`` (106.6): unrestricted mana, and restricted mana
        whose restriction allows it."""
        return Counter({k: n for k, n in self.mana.items() if n > 0 and (
            "|" not in k or self.restrictions[k.split("|", 1)[1]].allows(spent_on))})

    @property
    def total(self) -> int:
        return sum(self.mana.values())

    def empty(self, game: object = None) -> None:
        """Lose the mana (500.5), except mana kept by its rider while ``game`` allows (none without a game)."""
        kept = {text for text, r in self.restrictions.items() if game is not None and r.kept is not None and r.kept(game)}
        self.mana = Counter({k: n for k, n in self.mana.items() if "|" in k and k.split("|", 1)[1] in kept and n > 0})
        self.restrictions = {text: r for text, r in self.restrictions.items() if text in kept}

    def __str__(self) -> str:
        return describe(self.mana) or "(empty)"


def describe(pool: Counter[str]) -> str:
    """``{R}{R}{G} ({R} only for …)``: unrestricted mana, then each restricted kind."""
    plain = "".join(f"{{{k}}}" * pool[k] for k in MANA_TYPES)
    restricted = [f"{{{mana_type(k)}}}x{n} ({k.split('|', 1)[1]})" for k, n in sorted(pool.items())
                  if "|" in k and n > 0]
    return " ".join([plain, *restricted]).strip()
