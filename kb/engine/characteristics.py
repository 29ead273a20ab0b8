"""An object's characteristics: the copiable values a card prints, and what the layers make.

:class:`Characteristics` are the values a card, token or face-down rule defines (the starting
point of 613.1).  :class:`ObjectState` is the working copy the layers modify, and
:class:`View` is the frozen result every other part of the engine reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from kb.engine.basics import CREATURE, ObjectId, PlayerName, Zone
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.abilities import Ability


@dataclass(frozen=True)
class Characteristics:
    """Name, mana cost, colours, types, subtypes, abilities, power and toughness (109.3)."""

    name: str | None = None
    """None: the object has no name (a face-down spell or permanent)."""
    mana_cost: ManaCost | None = None
    colors: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    power: int | None = None
    toughness: int | None = None

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mana_cost is not None else 0


def card_face(
    name: str,
    cost: str | None,
    types: Iterable[str],
    subtypes: Iterable[str] = (),
    abilities: Iterable[Ability] = (),
    power: int | None = None,
    toughness: int | None = None,
    colors: Iterable[str] | None = None,
) -> Characteristics:
    """A printed face; its colours come from its mana cost unless given (202.2)."""
    mana_cost = ManaCost.parse(cost) if cost is not None else None
    if colors is None:
        colors = mana_cost.colors if mana_cost is not None else ()
    return Characteristics(name, mana_cost, frozenset(colors), frozenset(types), frozenset(subtypes),
                           tuple(abilities), power, toughness)


FACE_DOWN_2_2 = Characteristics(types=frozenset({CREATURE}), power=2, toughness=2)
"""A face-down spell or permanent: a 2/2 creature with no text, name, subtypes or mana cost
(702.37a, 708.2a).  These are its copiable values."""


@dataclass(frozen=True)
class HeldAbility:
    """An ability an object has, and the timestamp of the effect that granted it (0: printed)."""

    ability: Ability
    since: int = 0


@dataclass
class ObjectState:
    """One object's characteristics and controller while continuous effects are applied."""

    id: ObjectId
    zone: Zone
    owner: PlayerName
    controller: PlayerName
    timestamp: int
    face_down: bool
    attached_to: ObjectId | PlayerName | None = None
    name: str | None = None
    mana_cost: ManaCost | None = None
    colors: set[str] = field(default_factory=set)
    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    abilities: list[HeldAbility] = field(default_factory=list)
    power: int | None = None
    toughness: int | None = None

    def become(self, values: Characteristics) -> None:
        """Take ``values`` as the object's characteristics (layer 1: copy and face-down)."""
        self.name = values.name
        self.mana_cost = values.mana_cost
        self.colors = set(values.colors)
        self.types = set(values.types)
        self.subtypes = set(values.subtypes)
        self.abilities = [HeldAbility(a) for a in values.abilities]
        self.power = values.power
        self.toughness = values.toughness

    def copiable(self) -> Characteristics:
        return Characteristics(self.name, self.mana_cost, frozenset(self.colors), frozenset(self.types),
                               frozenset(self.subtypes), tuple(h.ability for h in self.abilities),
                               self.power, self.toughness)

    def is_a(self, card_type: str) -> bool:
        return card_type in self.types

    def has(self, keyword: str) -> bool:
        return any(getattr(h.ability, "name", None) == keyword for h in self.abilities)

    def freeze(self) -> View:
        return View(self.id, self.zone, self.owner, self.controller, self.timestamp, self.face_down,
                    self.copiable(), tuple(h.since for h in self.abilities))


@dataclass(frozen=True)
class View:
    """An object as the game sees it now: every continuous effect applied."""

    id: ObjectId
    zone: Zone
    owner: PlayerName
    controller: PlayerName
    timestamp: int
    face_down: bool
    characteristics: Characteristics
    granted_since: tuple[int, ...] = ()

    @property
    def name(self) -> str | None:
        return self.characteristics.name

    @property
    def power(self) -> int | None:
        return self.characteristics.power

    @property
    def toughness(self) -> int | None:
        return self.characteristics.toughness

    @property
    def pt(self) -> tuple[int | None, int | None]:
        return self.characteristics.power, self.characteristics.toughness

    @property
    def types(self) -> frozenset[str]:
        return self.characteristics.types

    @property
    def subtypes(self) -> frozenset[str]:
        return self.characteristics.subtypes

    @property
    def colors(self) -> frozenset[str]:
        return self.characteristics.colors

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return self.characteristics.abilities

    @property
    def mana_value(self) -> int:
        return self.characteristics.mana_value

    def is_a(self, card_type: str) -> bool:
        return card_type in self.characteristics.types

    def has(self, keyword: str, detail: str | None = None) -> bool:
        return any(getattr(a, "name", None) == keyword
                   and (detail is None or getattr(a, "detail", None) == detail)
                   for a in self.characteristics.abilities)

    def with_zone(self, zone: Zone) -> View:
        return replace(self, zone=zone)
