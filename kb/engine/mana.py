"""Mana costs (``{X}{2}{W}{W}``) and a player's mana pool."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from kb.engine.basics import COLORS, IllegalAction

_SYMBOL_RE = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: tuple[str, ...] = ()
    """One letter (W U B R G) for each coloured symbol, in printed order."""
    x: int = 0
    """How many ``{X}`` symbols the cost has."""

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        generic, colored, x = 0, [], 0
        rest = _SYMBOL_RE.sub("", text)
        if rest.strip():
            raise ValueError(f"not a mana cost: {text!r}")
        for symbol in _SYMBOL_RE.findall(text):
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol == "X":
                x += 1
            elif symbol in COLORS:
                colored.append(symbol)
            else:
                raise ValueError(f"unknown mana symbol {{{symbol}}} in {text!r}")
        return cls(generic, tuple(colored), x)

    @property
    def mana_value(self) -> int:
        """X counts as 0 everywhere but on the stack (202.3e)."""
        return self.generic + len(self.colored)

    @property
    def colors(self) -> frozenset[str]:
        return frozenset(self.colored)

    def with_x(self, value: int) -> ManaCost:
        """The cost to pay once X is chosen."""
        if value < 0:
            raise IllegalAction("X cannot be negative")
        return ManaCost(self.generic + self.x * value, self.colored, 0)

    def plus(self, generic: int) -> ManaCost:
        return ManaCost(max(0, self.generic + generic), self.colored, self.x)

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or not (self.colored or self.x):
            parts.append(f"{{{self.generic}}}")
        parts.extend(f"{{{c}}}" for c in self.colored)
        return "".join(parts)


@dataclass
class ManaPool:
    """Mana a player has available: W U B R G and C (colourless)."""

    mana: Counter[str] = field(default_factory=Counter)

    def add(self, **amounts: int) -> None:
        for symbol, amount in amounts.items():
            if symbol not in (*COLORS, "C"):
                raise ValueError(f"unknown mana {symbol!r}")
            self.mana[symbol] += amount

    @property
    def total(self) -> int:
        return sum(self.mana.values())

    def can_pay(self, cost: ManaCost) -> bool:
        return self._after(cost) is not None

    def pay(self, cost: ManaCost) -> None:
        """Pay a cost whose X is already chosen, or raise and leave the pool unchanged."""
        after = self._after(cost)
        if after is None:
            raise IllegalAction(f"cannot pay {cost} from {dict(self.mana)}")
        self.mana = after

    def _after(self, cost: ManaCost) -> Counter[str] | None:
        if cost.x:
            raise IllegalAction("choose X before paying")
        left = Counter(self.mana)
        for symbol in cost.colored:
            if left[symbol] <= 0:
                return None
            left[symbol] -= 1
        generic = cost.generic
        while generic:
            # Colourless first, then whichever colour is most plentiful: keeps scarce colours.
            symbol = "C" if left["C"] > 0 else max(COLORS, key=lambda c: left[c])
            if left[symbol] <= 0:
                return None
            left[symbol] -= 1
            generic -= 1
        return +left
