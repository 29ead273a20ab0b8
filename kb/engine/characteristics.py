"""Characteristics (109.3): the values a card or token defines, the working copy the layers
change, and the frozen result the rest of the engine reads.

- :class:`Characteristics`: name, mana cost, colours, supertypes, card types, subtypes,
  abilities, power, toughness, loyalty and defense.  A card's printed face and a token's
  definition are Characteristics; so are an object's copiable values (707.2, 613.2c).
- :class:`ObjectState`: one object's characteristics and controller while the continuous
  effects of one evaluation are applied (613.1).  Abilities are held as :class:`HeldAbility`,
  which records where each came from (305.7 and 613.7a need to know).
- :class:`View`: the object as the game sees it now, every effect applied, with its status,
  counters and damage.  Scenarios and rules read Views.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, TypeVar, cast

from kb.engine import keywords
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType, Supertype
from kb.engine.errors import ScenarioError
from kb.engine.keywords import CR_KEYWORDS, MODELLED, VARIANTS, Keyword
from kb.engine.mana import Color, ManaCost
from kb.engine.records import quick_init

if TYPE_CHECKING:
    from kb.engine.abilities import Ability

T = TypeVar("T")


@quick_init
@dataclass(frozen=True)
class Characteristics:
    """The characteristics of 109.3."""

    name: str | None = None
    """None: no name (a face-down object, 708.2a)."""
    mana_cost: ManaCost | None = None
    colors: frozenset[Color] = frozenset()
    supertypes: frozenset[Supertype] = frozenset()
    types: frozenset[CardType] = frozenset()
    subtypes: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    hand_modifier: int | None = None
    """A vanguard's hand modifier (211.1, 313.6)."""
    life_modifier: int | None = None
    """A vanguard's life modifier (212.1, 313.7)."""
    mana_value_from: ManaCost | None = None
    """The mana cost its mana value is computed from when that isn't its own: a transformed
    permanent's front face (202.3b, 712.8e), a spell's cost with X announced (202.3e).  Not a
    copiable value: a copy of a back face has mana value 0."""
    other_names: frozenset[str] = frozenset()
    """Names a text-changing effect gave it in addition to its name (Spy Kit, 612.7).  Not a copiable
    value (707.2)."""

    @property
    def mana_value(self) -> int:
        if self.mana_value_from is not None:
            return self.mana_value_from.mana_value
        return self.mana_cost.mana_value if self.mana_cost is not None else 0


@quick_init
@dataclass(frozen=True)
class CopiableCard:
    """What a copy effect copies (707.2, 707.3): the copiable values, with a flip card's flipped
    half beside its normal one, so the copy's own flipped status picks one (707.3, 710)."""

    normal: Characteristics
    flipped: Characteristics | None = None
    """The flipped half as it is once flipped: its own name, text, types and P/T, with the normal
    half's colour and mana cost (710.1c)."""

    def face(self, flipped: bool) -> Characteristics:
        return self.flipped if flipped and self.flipped is not None else self.normal

    def with_gains(self, abilities: tuple[Ability, ...]) -> CopiableCard:
        """An exception "except it has [ability]" becomes part of the copiable values (707.9a)."""
        if not abilities:
            return self
        return CopiableCard(replace(self.normal, abilities=self.normal.abilities + abilities),
                            replace(self.flipped, abilities=self.flipped.abilities + abilities)
                            if self.flipped is not None else None)


class Origin(Enum):
    """Where an object's ability comes from, as far as the rules care."""

    PRINTED = "printed"
    """Its copiable values: printed, or from a copy effect (removed by 305.7)."""
    GRANTED = "granted"
    """An effect gave it (613.7a: it has that effect's timestamp if later)."""
    LAND_TYPE = "land type"
    """The intrinsic mana ability of a basic land type (305.6)."""
    COUNTER = "counter"
    """A keyword counter (122.1b)."""
    INTRINSIC = "intrinsic"
    """An ability an object has because of its type, like a Siege's (310.11b)."""


@dataclass(frozen=True, eq=False)
class HeldAbility:
    """One instance of an ability on one object during one evaluation.  Compared by identity:
    two instances of flying are two abilities (113.2c)."""

    ability: Ability
    origin: Origin = Origin.PRINTED
    since: int = 0
    """The timestamp of the effect that granted it; 0 when it is the object's own."""
    own: bool = True
    """For linked abilities (607.1): printed on the object, or granted to it by an ability printed on
    it (607.1a); False when another object's effect granted it."""


@dataclass
class ObjectState:
    """One object while the layers are applied: starts as its printed values (613.1)."""

    id: ObjectId
    zone: Zone
    owner: PlayerId
    controller: PlayerId
    timestamp: int
    face_down: bool
    attached_to: ObjectId | PlayerId | None
    name: str | None = None
    mana_cost: ManaCost | None = None
    colors: frozenset[Color] = frozenset()
    supertypes: frozenset[Supertype] = frozenset()
    types: frozenset[CardType] = frozenset()
    subtypes: frozenset[str] = frozenset()
    abilities: tuple[HeldAbility, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    counters: Mapping[str, int] = field(default_factory=dict)
    """Read-only here: counters are not characteristics, but filters may look at them."""
    x: int = 0
    """The value chosen for X as it was cast: part of its mana value on the stack (202.3e)."""
    flipped: bool = False
    """Its flipped status (110.5): it picks the half of a flip card, or of a copy of one (707.3)."""
    copy_basis: CopiableCard | None = None
    """What a copy of it would copy, as layer 1 leaves it (707.2, 707.3)."""
    mana_value_from: ManaCost | None = None
    """See :attr:`Characteristics.mana_value_from` (202.3b)."""
    other_names: frozenset[str] = frozenset()
    """See :attr:`Characteristics.other_names` (612.7)."""

    def become_card(self, card: CopiableCard, origin: Origin = Origin.PRINTED) -> None:
        """Take a card's copiable values, the half its flipped status picks (layer 1a, 707.3)."""
        self.become(card.face(self.flipped), origin)
        self.copy_basis = card

    def become(self, values: Characteristics, origin: Origin = Origin.PRINTED) -> None:
        """Take ``values`` as the object's characteristics (layer 1: copy and face-down)."""
        self.copy_basis = CopiableCard(values)
        self.mana_value_from = None
        self.other_names = frozenset()
        self.name = values.name
        self.mana_cost = values.mana_cost
        self.colors = values.colors
        self.supertypes = values.supertypes
        self.types = values.types
        self.subtypes = values.subtypes
        self.abilities = tuple(HeldAbility(a, origin) for a in values.abilities)
        self.power = values.power
        self.toughness = values.toughness
        self.loyalty = values.loyalty
        self.defense = values.defense

    def copiable(self) -> Characteristics:
        return Characteristics(self.name, self.mana_cost, self.colors, self.supertypes, self.types,
                               self.subtypes, tuple(h.ability for h in self.abilities), self.power,
                               self.toughness, self.loyalty, self.defense)

    def values(self) -> Characteristics:
        """The characteristics as they are now, with the mana value a transformed permanent keeps."""
        values = self.copiable()
        if self.mana_value_from is not None:  # a new object no one holds yet: faster than replace()
            object.__setattr__(values, "mana_value_from", self.mana_value_from)
        if self.other_names:
            object.__setattr__(values, "other_names", self.other_names)
        return values

    def clone(self) -> ObjectState:
        """A copy for a trial (613.8a): the same held abilities, so their identity survives.
        (Every field holds an immutable value or, ``counters``, one read only: a shallow copy.)"""
        copied = object.__new__(ObjectState)
        copied.__dict__.update(self.__dict__)
        return copied

    def is_a(self, card_type: CardType | str) -> bool:
        return card_type in self.types

    def has(self, name: str) -> bool:
        """Does it have the keyword ``name`` (a variant such as megamorph counts as morph)?  Written
        as printed ("ward {2}"), the parameter must match too; a word that is no keyword raises."""
        parameter = None
        if name not in CR_KEYWORDS and name not in MODELLED:  # a bare name, the usual case, asks nothing more
            name, parameter = keywords.asked(name)
        return any(isinstance(h.ability, Keyword) and name in (h.ability.name, VARIANTS.get(h.ability.name))
                   and (parameter is None or h.ability.parameter.lower() == parameter.lower())
                   for h in self.abilities)

    @property
    def mana_value(self) -> int:
        if self.mana_value_from is not None:
            return self.mana_value_from.mana_value
        return mana_value(self.mana_cost, self.zone, self.x)


def mana_value(cost: ManaCost | None, zone: Zone, x: int) -> int:
    """The total of the mana cost's symbols; X counts as the number chosen for it while the object
    is on the stack, as 0 elsewhere (202.3, 202.3e)."""
    if cost is None:
        return 0
    return cost.mana_value + (x * cost.x_count if zone is Zone.STACK else 0)


FIELDS = ("name", "other_names", "mana_cost", "colors", "supertypes", "types", "subtypes", "abilities", "power",
          "toughness", "loyalty", "defense", "controller")
"""The parts of an ObjectState that continuous effects change (613.1a-g)."""


def changed_fields(before: ObjectState, after: ObjectState) -> frozenset[str]:
    return frozenset(f for f in FIELDS if getattr(before, f) != getattr(after, f))


@quick_init
@dataclass(frozen=True)
class Status:
    """The statuses of a permanent (110.5): each has a default value."""

    tapped: bool = False
    flipped: bool = False
    face_down: bool = False
    phased_out: bool = False
    transformed: bool = False


@quick_init
@dataclass(frozen=True)
class View:
    """An object as the game sees it now: every continuous effect applied (613)."""

    id: ObjectId
    zone: Zone
    owner: PlayerId
    controller: PlayerId
    timestamp: int
    characteristics: Characteristics
    copiable: Characteristics
    """Its copiable values (613.2c), the half its status picks."""
    status: Status = Status()
    counters: Mapping[str, int] = field(default_factory=dict)
    damage: int = 0
    attached_to: ObjectId | PlayerId | None = None
    token: bool = False
    granted_since: tuple[int, ...] = ()
    """For each ability, the timestamp of the effect that granted it (0: its own)."""
    granted_by_others: frozenset[int] = frozenset()
    """The indexes of its abilities another object's effect granted it: not linked to the abilities
    printed on it (607.1, 607.1a)."""
    x: int = 0
    """The value chosen for X as it was cast (202.3e)."""
    copiable_card: CopiableCard | None = None
    """What a copy effect copies (707.2, 707.3): its copiable values, both halves of a flip card."""

    def copy_values(self) -> CopiableCard:
        return self.copiable_card if self.copiable_card is not None else CopiableCard(self.copiable)

    @property
    def name(self) -> str | None:
        return self.characteristics.name

    @property
    def other_names(self) -> frozenset[str]:
        return self.characteristics.other_names

    @property
    def mana_cost(self) -> ManaCost | None:
        return self.characteristics.mana_cost

    @property
    def mana_value(self) -> int:
        if self.characteristics.mana_value_from is not None:
            return self.characteristics.mana_value  # a transformed permanent's front face (202.3b)
        return mana_value(self.characteristics.mana_cost, self.zone, self.x)

    @property
    def colors(self) -> frozenset[Color]:
        return self.characteristics.colors

    @property
    def supertypes(self) -> frozenset[Supertype]:
        return self.characteristics.supertypes

    @property
    def types(self) -> frozenset[CardType]:
        return self.characteristics.types

    @property
    def subtypes(self) -> frozenset[str]:
        return self.characteristics.subtypes

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return self.characteristics.abilities

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
    def loyalty(self) -> int:
        """A planeswalker's loyalty on the battlefield is its loyalty counters (306.5c); elsewhere it
        is the printed value (306.5a)."""
        if self.zone is not Zone.BATTLEFIELD:
            return self.characteristics.loyalty or 0
        return self.counters.get("loyalty", 0)

    @property
    def defense(self) -> int:
        """A battle's defense on the battlefield is its defense counters (310.4c); elsewhere it is
        the printed value (310.4a)."""
        if self.zone is not Zone.BATTLEFIELD:
            return self.characteristics.defense or 0
        return self.counters.get("defense", 0)

    @property
    def tapped(self) -> bool:
        return self.status.tapped

    @property
    def face_down(self) -> bool:
        return self.status.face_down

    @property
    def phased_out(self) -> bool:
        return self.status.phased_out

    def is_a(self, card_type: CardType | str) -> bool:
        return card_type in self.characteristics.types

    def has(self, name: str, parameter: str | None = None) -> bool:
        """Does it have the keyword ``name`` (with ``parameter`` if given)?  ``has("ward {2}")``, the
        keyword as printed, is ``has("ward", "{2}")``; a word that is no keyword raises ScenarioError
        (it would otherwise quietly answer no)."""
        printed = None
        if name not in CR_KEYWORDS and name not in MODELLED:  # a bare name, the usual case, asks nothing more
            name, printed = keywords.asked(name)
        if printed is not None:
            if parameter is not None and parameter.lower() != printed.lower():
                raise ScenarioError(f"has({name!r} {printed!r}, {parameter!r}): two parameters")
            parameter = printed
        return any(isinstance(a, Keyword) and name in (a.name, VARIANTS.get(a.name))
                   and (parameter is None or a.parameter.lower() == parameter.lower())
                   for a in self.characteristics.abilities)

    def keywords(self, name: str) -> list[Keyword]:
        """Every instance of the keyword ``name`` it has."""
        return [a for a in self.characteristics.abilities if isinstance(a, Keyword) and a.name == name]

    def counter(self, kind: str) -> int:
        return self.counters.get(kind, 0)


class Views(dict[ObjectId, View]):
    """Every object's view from one evaluation (613.1), as :meth:`kb.engine.game.Game.views` gives
    them.  Never changed once made (a change to the game makes a new evaluation and a new one),
    so what the rules find in it (the objects with triggered abilities, with replacement effects)
    is kept on it: :meth:`index`.  A mapping that is not a Views (a look-back built by hand) is
    searched afresh each time."""

    __slots__ = ("_indexes",)
    _indexes: dict[object, object]

    def index(self, key: object, compute: Callable[[Views], T]) -> T:
        """``compute(self)``, kept under ``key`` (which must name everything ``compute`` reads
        besides the views: the engine's tables and code, :func:`kb.engine.layers.program_generation`)."""
        try:
            indexes = self._indexes
        except AttributeError:
            indexes = {}
            self._indexes = indexes
        if key not in indexes:
            indexes[key] = compute(self)
        return cast(T, indexes[key])


def with_keyword(views: Mapping[ObjectId, View], name: str) -> list[View]:
    """The views among ``views`` that have the keyword ``name`` (:meth:`View.has`), in order:
    kept on a game's :class:`Views` (rules that look for one keyword at every check of
    state-based actions — ascend, space sculptor — see each Views once, not once per check)."""
    if not isinstance(views, Views):
        return [v for v in views.values() if v.has(name)]
    from kb.engine import layers

    key = ("keyword", name, layers.program_generation(), id(VARIANTS), len(VARIANTS))
    return views.index(key, lambda found: [v for v in found.values() if v.characteristics.abilities and v.has(name)])


def kept_on_view(view: View, key: object, compute: Callable[[View], T]) -> T:
    """``compute(view)``, kept on the view under ``key``: a view never changes, and an object
    that no effect changed keeps its view from one evaluation to the next (so this is found once
    per change of the object, not once per evaluation)."""
    kept = view.__dict__.get("_kept")
    if kept is None:
        kept = view.__dict__["_kept"] = {}
    if key not in kept:
        kept[key] = compute(view)
    return cast(T, kept[key])
