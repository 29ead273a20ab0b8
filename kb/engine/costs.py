"""Costs (118): what a player pays to cast a spell or activate an ability.

``cost("{2}{G}, {T}")``, ``cost("{T}, Sacrifice this")``, ``cost("Pay 2 life, Discard a card")``.
The parts are paid in the order 601.2h gives; paying is in :mod:`kb.engine.payment`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from kb.engine.errors import ScenarioError
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


class CostPart(Protocol):
    """A part of a cost none of the fields below stands for (discarding this card to cycle it,
    702.29a; returning an unblocked attacker for ninjutsu, 702.49a): ``pay`` pays it, raising
    IllegalAction if it can't be paid (118.3), and may return what was paid for the effect to
    refer to (put into the stack object's options)."""

    @property
    def text(self) -> str: ...

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]] | None: ...


@dataclass(frozen=True)
class Cost:
    """An activation or additional cost (118.1, 602.1a)."""

    mana: ManaCost | None = None
    tap: bool = False
    """{T}: tap this permanent (107.5)."""
    untap: bool = False
    """{Q}: untap this permanent (107.6)."""
    sacrifice_self: bool = False
    life: int = 0
    discard: int = 0
    remove_counters: tuple[str, int] | None = None
    """(kind, how many) removed from this object."""
    sacrifice: tuple[str, bool] | None = None
    """"Sacrifice a [type]" / "Sacrifice another [type]": (the card type, whether it must be another)."""
    energy: int = 0
    """{E} symbols: pay that many energy counters (107.14)."""
    loyalty: int | None = None
    """A loyalty cost (107.7, 606.4): put (positive) or remove (negative) that many loyalty counters."""
    crew: int = 0
    """Crew N's cost: tap any number of other untapped creatures you control with total power N or
    more (702.122a)."""
    sacrifice_count: int = 1
    """How many permanents ``sacrifice`` asks for ("Sacrifice two creatures", 701.21a)."""
    extra: tuple[CostPart, ...] = ()
    """Other parts, paid last, in order."""
    discard_self: bool = False
    """"Discard this card" (an ability that functions in the hand: reinforce, 702.77a)."""
    exile_self: bool = False
    """"Exile this card from your graveyard" (scavenge, 702.97a)."""

    def times(self, count: int) -> Cost:
        """The cost paid ``count`` times over, all at once (cumulative upkeep, 702.24a)."""
        if self.tap or self.untap or self.sacrifice_self or self.remove_counters or self.crew or self.extra \
                or self.discard_self or self.exile_self \
                or self.loyalty is not None or (self.sacrifice is not None and self.sacrifice[1]):
            raise ScenarioError(f"{self} can't be paid several times over")
        mana = ManaCost(self.mana.symbols * count) if self.mana is not None else None
        return Cost(mana, life=self.life * count, discard=self.discard * count, energy=self.energy * count,
                    sacrifice=self.sacrifice if count else None, sacrifice_count=self.sacrifice_count * count)

    def __str__(self) -> str:
        parts = [str(self.mana)] if self.mana is not None else []
        parts += ["{T}"] if self.tap else []
        parts += ["{Q}"] if self.untap else []
        parts += ["Sacrifice this"] if self.sacrifice_self else []
        parts += [f"Pay {self.life} life"] if self.life else []
        parts += [f"Discard {self.discard} card(s)"] if self.discard else []
        if self.energy:
            parts.append("{E}" * self.energy)
        if self.loyalty is not None:
            parts.insert(0, f"[{self.loyalty:+d}]" if self.loyalty else "[0]")
        if self.crew:
            parts.append(f"Tap untapped creatures with total power {self.crew} or more")
        if self.sacrifice and self.sacrifice_count != 1:
            parts.append(f"Sacrifice {self.sacrifice_count} {self.sacrifice[0].lower()}s")
        elif self.sacrifice:
            parts.append(f"Sacrifice {'another' if self.sacrifice[1] else 'a'} {self.sacrifice[0].lower()}")
        if self.remove_counters:
            parts.append(f"Remove {self.remove_counters[1]} {self.remove_counters[0]} counter(s) from this")
        parts += [part.text for part in self.extra]
        parts += ["Discard this card"] if self.discard_self else []
        parts += ["Exile this card from your graveyard"] if self.exile_self else []
        return ", ".join(parts) or "{0}"


_LIFE = re.compile(r"^pay (\d+) life$", re.IGNORECASE)
_DISCARD = re.compile(r"^discard (a|\d+) cards?$", re.IGNORECASE)
_COUNTERS = re.compile(r"^remove (a|an|\d+) (.+?) counters? from (this|~)$", re.IGNORECASE)
_LOYALTY = re.compile(r"^\[([+\-−]?)(\d+)\]$")
_SACRIFICE = re.compile(r"^sacrifice (a|an|another|two|three|\d+) (artifact|creature|enchantment|land|planeswalker|"
                        r"permanent)s?$", re.IGNORECASE)
_COUNT_WORDS = {"a": 1, "an": 1, "another": 1, "two": 2, "three": 3}
_TAP_UNTAPPED = re.compile(r"^tap (a|an|two|three|\d+) untapped (artifact|creature|land|permanent)s? you control$",
                           re.IGNORECASE)


@dataclass(frozen=True)
class TapUntapped:
    """"Tap N untapped [kind]s you control" (Springleaf Drum, 118.3): permanents of the player's choice
    that exist (a phased-out one doesn't, 702.26b); not a {T} cost, so summoning sickness doesn't
    matter (302.6), and what is already tapped — the source after its own {T} — can't pay it."""

    kind: str
    count: int

    @property
    def text(self) -> str:
        return f"tap {self.count} untapped {self.kind.lower()}(s) you control"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]] | None:
        from kb.engine import actions
        from kb.engine.choices import Choice, ChoiceKind
        from kb.engine.errors import IllegalAction

        views = game.views()
        able = [o.id for o in game.battlefield(player)
                if not o.tapped and (self.kind == "Permanent" or views[o.id].is_a(self.kind))]
        if len(able) < self.count:
            raise IllegalAction(f"{player} controls fewer than {self.count} untapped {self.kind.lower()}(s) to tap",
                                "118.3")
        if self.count == 1:
            answer: object = [game.choices.ask(Choice(ChoiceKind.OBJECT, player,
                                                      f"an untapped {self.kind.lower()} to tap", tuple(able)))]
        else:
            answer = game.choices.ask(Choice(
                ChoiceKind.OBJECTS, player, f"{self.count} untapped {self.kind.lower()}s to tap",
                accepts=lambda v: isinstance(v, (list, tuple)) and len({getattr(x, "id", x) for x in v}) == len(v)
                == self.count and all(getattr(x, "id", x) in able for x in v),
                default=tuple(able[:self.count]), matters=len(able) > self.count))
        assert isinstance(answer, (list, tuple))
        picked = [x.id if hasattr(x, "id") else x for x in answer]
        assert all(isinstance(i, int) and i in able for i in picked)
        actions.tap(game, [game.objects[i] for i in picked])
        return {"tapped": picked}


def cost(text: str) -> Cost:
    """Read a cost as printed before the colon; an unknown part is bad input."""
    mana: ManaCost | None = None
    fields: dict[str, object] = {}
    for part in (p.strip() for p in text.split(",")):
        lower = part.lower()
        if part == "{T}":
            fields["tap"] = True
        elif part == "{Q}":
            fields["untap"] = True
        elif lower in ("sacrifice this", "sacrifice ~"):
            fields["sacrifice_self"] = True
        elif lower in ("discard this card", "discard ~"):
            fields["discard_self"] = True
        elif lower in ("exile this card from your graveyard", "exile ~ from your graveyard"):
            fields["exile_self"] = True
        elif (match := _LIFE.match(part)) is not None:
            fields["life"] = int(match.group(1))
        elif (match := _DISCARD.match(part)) is not None:
            fields["discard"] = 1 if match.group(1) == "a" else int(match.group(1))
        elif part and part.replace("{E}", "") == "":
            fields["energy"] = part.count("{E}")
        elif (match := _LOYALTY.match(part)) is not None:
            fields["loyalty"] = -int(match.group(2)) if match.group(1) in ("-", "−") else int(match.group(2))
        elif (match := _SACRIFICE.match(part)) is not None:
            fields["sacrifice"] = (match.group(2).capitalize(), match.group(1).lower() == "another")
            fields["sacrifice_count"] = _COUNT_WORDS.get(match.group(1).lower()) or int(match.group(1))
        elif (match := _TAP_UNTAPPED.match(part)) is not None:
            count = _COUNT_WORDS.get(match.group(1).lower()) or int(match.group(1))
            fields["extra"] = (*fields.get("extra", ()), TapUntapped(match.group(2).capitalize(), count))  # type: ignore[misc]
        elif (match := _COUNTERS.match(part)) is not None:
            amount = 1 if match.group(1) in ("a", "an") else int(match.group(1))
            fields["remove_counters"] = (match.group(2), amount)
        elif part.startswith("{"):
            mana = ManaCost.parse(part)
        else:
            raise ScenarioError(f"unknown cost {part!r} in {text!r}")
    return Cost(mana, **fields)  # type: ignore[arg-type]


FREE = Cost()
