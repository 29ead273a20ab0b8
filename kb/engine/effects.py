"""Continuous effects: layers (613.1-613.4), timestamps, durations and affected sets.

An effect is one or more :class:`LayerPart` (what it does in which layer), the objects it
affects, a timestamp and a duration.  Effects from resolving spells and abilities fix their
affected objects when they are created (611.2c); effects of static abilities name a selector
that is looked at again every time the layers are applied (611.3a).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import TYPE_CHECKING

from kb.engine.abilities import Ability, Selector
from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.characteristics import HeldAbility, ObjectState, View

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


class Layer(IntEnum):
    """Layers and sublayers in the order they apply (613.1, 613.2, 613.4)."""

    COPY = 1
    FACE_DOWN = 2
    CONTROL = 3
    TEXT = 4
    TYPE = 5
    COLOR = 6
    ABILITY = 7
    PT_DEFINING = 8
    PT_SETTING = 9
    PT_MODIFYING = 10
    PT_SWITCHING = 11

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Layer.COPY: "1a", Layer.FACE_DOWN: "1b", Layer.CONTROL: "2", Layer.TEXT: "3", Layer.TYPE: "4",
    Layer.COLOR: "5", Layer.ABILITY: "6", Layer.PT_DEFINING: "7a", Layer.PT_SETTING: "7b",
    Layer.PT_MODIFYING: "7c", Layer.PT_SWITCHING: "7d",
}


@dataclass(frozen=True)
class Applying:
    """What a layer part may look at while it applies: its effect's timestamp, every state."""

    timestamp: int
    states: Mapping[ObjectId, ObjectState]
    game: Game


Modification = Callable[[ObjectState, Applying], None]


@dataclass(frozen=True, eq=False)
class LayerPart:
    layer: Layer
    apply: Modification
    text: str
    gives_control_to: PlayerName | None = None
    """Set on control-changing parts, so a player leaving the game can end them (800.4a)."""
    lock: Callable[[Game], LayerPart] | None = None
    """For a part with a variable (X): the same part with the variable's value now (611.2d)."""


@dataclass(frozen=True, eq=False)
class Variable:
    """A number an effect uses, such as "the number of creatures you control"."""

    text: str
    count: Callable[[Game], int]


# -- the parts the cards in the checks need -------------------------------------------------


def copy_of(original: ObjectId) -> LayerPart:
    """Become a copy of ``original`` (707.2, layer 1a).  A resolving spell or ability locks the
    copiable values in as it creates the effect: later changes to the original don't reach
    the copy (707.2b)."""

    def apply(state: ObjectState, at: Applying) -> None:
        source = at.states.get(original)
        if source is not None:
            state.become(source.copiable())

    def lock(game: Game) -> LayerPart:
        from kb.engine import layers

        values = layers.copiable_values(game, original)
        return LayerPart(Layer.COPY, lambda state, at: state.become(values),
                         f"copy of {values.name or 'a nameless object'} ({values.power}/{values.toughness})")

    return LayerPart(Layer.COPY, apply, f"copy of object {original}", lock=lock)


def set_controller(player: PlayerName) -> LayerPart:
    def apply(state: ObjectState, at: Applying) -> None:
        state.controller = player

    return LayerPart(Layer.CONTROL, apply, f"controlled by {player}", gives_control_to=player)


def add_types(*types: str, subtypes: tuple[str, ...] = ()) -> LayerPart:
    def apply(state: ObjectState, at: Applying) -> None:
        state.types.update(types)
        state.subtypes.update(subtypes)

    return LayerPart(Layer.TYPE, apply, f"is also {' '.join(types + subtypes)}")


def gain(*abilities: Ability) -> LayerPart:
    """Gain abilities; each remembers this effect's timestamp (613.7a)."""

    def apply(state: ObjectState, at: Applying) -> None:
        state.abilities.extend(HeldAbility(a, at.timestamp) for a in abilities)

    return LayerPart(Layer.ABILITY, apply, "gains " + ", ".join(str(getattr(a, "text", a)) for a in abilities))


def lose_all_abilities() -> LayerPart:
    def apply(state: ObjectState, at: Applying) -> None:
        state.abilities.clear()

    return LayerPart(Layer.ABILITY, apply, "loses all abilities")


def set_base_pt(power: int, toughness: int) -> LayerPart:
    def apply(state: ObjectState, at: Applying) -> None:
        state.power, state.toughness = power, toughness

    return LayerPart(Layer.PT_SETTING, apply, f"base power and toughness {power}/{toughness}")


def modify_pt(power: int, toughness: int) -> LayerPart:
    def apply(state: ObjectState, at: Applying) -> None:
        if state.power is not None and state.toughness is not None:
            state.power += power
            state.toughness += toughness

    return LayerPart(Layer.PT_MODIFYING, apply, f"{power:+d}/{toughness:+d}")


def modify_pt_by(x: Variable) -> LayerPart:
    """+X/+X.  Looked at every time it applies, unless locked when a resolving spell or ability
    creates the effect (611.2d)."""

    def apply(state: ObjectState, at: Applying) -> None:
        modify_pt(x.count(at.game), x.count(at.game)).apply(state, at)

    def lock(game: Game) -> LayerPart:
        value = x.count(game)
        return replace(modify_pt(value, value), text=f"+X/+X where X is {x.text} (X={value})")

    return LayerPart(Layer.PT_MODIFYING, apply, f"+X/+X where X is {x.text}", lock=lock)


def switch_pt() -> LayerPart:
    def apply(state: ObjectState, at: Applying) -> None:
        state.power, state.toughness = state.toughness, state.power

    return LayerPart(Layer.PT_SWITCHING, apply, "power and toughness switched")


# -- selectors ----------------------------------------------------------------------------


def creatures_you_control(source: ObjectState | None, candidate: ObjectState) -> bool:
    return (source is not None and candidate.zone is Zone.BATTLEFIELD and candidate.is_a("Creature")
            and candidate.controller == source.controller)


def all_creatures(source: ObjectState | None, candidate: ObjectState) -> bool:
    return candidate.zone is Zone.BATTLEFIELD and candidate.is_a("Creature")


def attached_host(source: ObjectState | None, candidate: ObjectState) -> bool:
    """"Enchanted creature", "equipped creature": what the source is attached to."""
    return source is not None and candidate.id == source.attached_to


def only(object_id: ObjectId) -> Selector:
    def select(source: ObjectState | None, candidate: ObjectState) -> bool:
        return candidate.id == object_id

    return select


# -- durations -----------------------------------------------------------------------------


@dataclass(frozen=True)
class UntilEndOfTurn:
    """Ends in the cleanup step (514.2)."""


@dataclass(frozen=True)
class Indefinite:
    """No duration stated: lasts until the game ends (611.2a)."""


@dataclass(frozen=True, eq=False)
class ForAsLongAs:
    """"For as long as" a tracked object meets a condition (611.2b); once over, over for good."""

    tracked: ObjectId
    holds: Callable[[GameObject], bool]
    text: str


Duration = UntilEndOfTurn | Indefinite | ForAsLongAs


@dataclass(eq=False)
class ContinuousEffect:
    text: str
    parts: tuple[LayerPart, ...]
    timestamp: int
    duration: Duration = field(default_factory=Indefinite)
    affected: frozenset[ObjectId] = frozenset()
    """Fixed when the effect was created (611.2c); empty when ``selector`` decides."""
    selector: Selector | None = None
    fixed: bool = True
    """False for effects of static abilities, whose selector is looked at again (611.3a)."""
    source: ObjectId | None = None
    controller: PlayerName | None = None
    order: int = 0
    """Breaks ties between effects with one timestamp: an object's abilities in printed order."""
    ended: bool = False

    @property
    def layers(self) -> frozenset[Layer]:
        return frozenset(p.layer for p in self.parts)


# -- changes to the rules rather than to objects --------------------------------------------

SpellTest = Callable[["GameObject | None", View], bool]
"""(the effect's source object, a spell) -> does the effect apply to that spell?"""


@dataclass(frozen=True, eq=False)
class CantCast:
    """Spells matching ``forbids`` can't be cast (Meddling Mage)."""

    forbids: SpellTest
    text: str


@dataclass(frozen=True, eq=False)
class CostIncrease:
    amount: int
    applies: SpellTest
    text: str


@dataclass(frozen=True, eq=False)
class CantBlock:
    """Creatures matching ``applies`` can't block: a rules change, so it also binds creatures
    that arrive later (611.2c)."""

    applies: Callable[[View], bool]
    text: str


@dataclass(frozen=True, eq=False)
class CastPermission:
    """The controller may cast spells matching ``allows`` from ``zone``; spells cast this way
    gain ``grants`` for ``duration`` (611.3d)."""

    zone: Zone
    allows: SpellTest
    grants: tuple[Ability, ...]
    duration: Duration
    text: str


RuleChange = CantCast | CostIncrease | CantBlock | CastPermission


@dataclass(eq=False)
class RuleEffect:
    """A rules change made by a resolving spell or ability, with its duration."""

    change: RuleChange
    timestamp: int
    duration: Duration = field(default_factory=Indefinite)
    source: ObjectId | None = None
    controller: PlayerName | None = None
    ended: bool = False


@dataclass(eq=False)
class WaitingEffect:
    """An effect on the next spell a player casts: it begins only when that spell is put on the
    stack (611.2f)."""

    player: PlayerName
    applies: Callable[[View], bool]
    parts: tuple[LayerPart, ...]
    text: str
    timestamp: int
    duration: Duration = field(default_factory=UntilEndOfTurn)
    ended: bool = False
