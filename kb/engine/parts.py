"""What a continuous effect does, one part per layer (613.1-613.4).

A :class:`LayerPart` belongs to one :class:`Layer` and, for each object the effect applies to,
*plans* an :class:`Op`: a small value saying exactly what it will do to that object ("add the
types Artifact and Creature", "+2/+0", "set base power and toughness to 5/5").  Comparing the
ops an effect plans with and without another effect applied first is how the layer system
decides whether one depends on the other ("what it does to any of the things it applies to",
613.8a); then the op is applied.

Builders for the usual parts are below; each names the layer it belongs to.  Text-changing
effects (layer 3, 612) are built in :mod:`kb.engine.text_changes`; a name's own layer-3 changes,
name stickers (123.6) and "named [name]", here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import IntEnum

from kb.engine.abilities import Ability
from kb.engine.basics import PlayerId
from kb.engine.cards import AbilityLike, abilities_of
from kb.engine.cardtypes import (
    BASIC_LAND_TYPES,
    CREATURE_TYPES,
    LAND_TYPES,
    CardType,
    Supertype,
    card_type,
    check_subtypes,
    subtype_fits,
    supertype,
)
from kb.engine.characteristics import (
    Characteristics,
    CopiableCard,
    HeldAbility,
    ObjectState,
    Origin,
)
from kb.engine.conditions import Number
from kb.engine.context import Context, Seeable
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.keywords import Keyword, keyword
from kb.engine.mana import Color


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
        """The CR's name: 1a, 1b, 2 … 6, 7a … 7d."""
        return _LABELS[self]

    @property
    def cda_first(self) -> bool:
        """Layers 2-6 apply characteristic-defining abilities first (613.3); 7a is their own sublayer."""
        return Layer.CONTROL <= self <= Layer.ABILITY


_LABELS = {Layer.COPY: "1a", Layer.FACE_DOWN: "1b", Layer.CONTROL: "2", Layer.TEXT: "3", Layer.TYPE: "4",
           Layer.COLOR: "5", Layer.ABILITY: "6", Layer.PT_DEFINING: "7a", Layer.PT_SETTING: "7b",
           Layer.PT_MODIFYING: "7c", Layer.PT_SWITCHING: "7d"}


# -- ops: what one part does to one object --------------------------------------------------


@dataclass(frozen=True)
class Op:
    """What a part does to one object; equal ops do the same thing."""

    def apply(self, state: ObjectState, timestamp: int) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class CopyValues(Op):
    """Layer 1a: the copiable values become ``values`` (707.2), the half of a flip card the
    object's own flipped status picks (707.3)."""

    values: CopiableCard

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.become_card(self.values)


@dataclass(frozen=True)
class AddNameWord(Op):
    """Layer 3: a name sticker's word goes after ``position`` words of the name as it is now
    (123.6c), at its end if the name has fewer; an object with no name gets none (708.2a)."""

    word: str
    position: int

    def apply(self, state: ObjectState, timestamp: int) -> None:
        if state.name is None:
            return
        words = state.name.split()
        words.insert(min(self.position, len(words)), self.word)
        state.name = " ".join(words)


@dataclass(frozen=True)
class SetName(Op):
    """Layer 3: "named [name]" — a text-changing effect on the name (123.6c)."""

    name: str

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.name = self.name


@dataclass(frozen=True)
class SetController(Op):
    player: PlayerId

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.controller = self.player


def _fit_subtypes(state: ObjectState) -> None:
    """Subtypes that no longer correspond to a card type go (205.1a, 205.3d)."""
    state.subtypes = frozenset(s for s in state.subtypes if subtype_fits(s, state.types))


@dataclass(frozen=True)
class AddTypes(Op):
    """Layer 4: "in addition to its other types" (205.1b)."""

    types: frozenset[CardType] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[Supertype] = frozenset()

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.types = state.types | self.types
        state.supertypes = state.supertypes | self.supertypes
        state.subtypes = state.subtypes | frozenset(s for s in self.subtypes if subtype_fits(s, state.types))


@dataclass(frozen=True)
class SetTypes(Op):
    """Layer 4: the card types become ``types`` (instant and sorcery stay, 205.1a), and the
    subtypes that no longer fit go; ``subtypes`` replace those of their own kind."""

    types: frozenset[CardType]
    subtypes: frozenset[str] = frozenset()

    def apply(self, state: ObjectState, timestamp: int) -> None:
        kept = state.types & {CardType.INSTANT, CardType.SORCERY}
        state.types = self.types | kept
        _fit_subtypes(state)
        if self.subtypes:
            SetSubtypes(self.subtypes).apply(state, timestamp)


@dataclass(frozen=True)
class SetSubtypes(Op):
    """Layer 4: subtypes replace the existing subtypes of the same kind (creature types, land
    types …) (205.1a)."""

    subtypes: frozenset[str]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        kinds = [k for k in (CREATURE_TYPES, LAND_TYPES) if self.subtypes & k]
        if not kinds:
            raise NotModelled(f"setting subtypes {sorted(self.subtypes)} of a kind other than creature or land types")
        if LAND_TYPES in kinds and self.subtypes <= frozenset(BASIC_LAND_TYPES):
            SetLandTypes(self.subtypes).apply(state, timestamp)
            return
        state.subtypes = frozenset(s for s in state.subtypes if not any(s in k for k in kinds)) | \
            frozenset(s for s in self.subtypes if subtype_fits(s, state.types))


@dataclass(frozen=True)
class SetLandTypes(Op):
    """Layer 4: a land's subtype set to basic land types (305.7): it loses its old land types,
    the abilities of its rules text and copy effects, and gains the new types' mana abilities;
    abilities other effects granted stay."""

    land_types: frozenset[str]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        if CardType.LAND not in state.types:
            return
        state.subtypes = frozenset(s for s in state.subtypes if s not in LAND_TYPES) | self.land_types
        state.abilities = tuple(h for h in state.abilities if h.origin not in (Origin.PRINTED, Origin.LAND_TYPE))


@dataclass(frozen=True)
class RemoveTypes(Op):
    types: frozenset[CardType] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[Supertype] = frozenset()

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.types = state.types - self.types
        state.supertypes = state.supertypes - self.supertypes
        state.subtypes = state.subtypes - self.subtypes
        _fit_subtypes(state)


@dataclass(frozen=True)
class SetColors(Op):
    colors: frozenset[Color]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.colors = self.colors


@dataclass(frozen=True)
class AddColors(Op):
    colors: frozenset[Color]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.colors = state.colors | self.colors


@dataclass(frozen=True)
class GainAbilities(Op):
    """Layer 6: each ability gained remembers the effect's timestamp (613.7a)."""

    abilities: tuple[Ability, ...]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.abilities = state.abilities + tuple(HeldAbility(a, Origin.GRANTED, timestamp) for a in self.abilities)


@dataclass(frozen=True)
class LoseAllAbilities(Op):
    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.abilities = ()


@dataclass(frozen=True)
class LoseAbilities(Op):
    """Lose every instance of the keywords named (702.x: "loses flying")."""

    names: frozenset[str]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        from kb.engine.keywords import LOST_WITH

        names = self.names | {other for name in self.names for other in LOST_WITH.get(name, ())}
        state.abilities = tuple(h for h in state.abilities
                                if not (isinstance(h.ability, Keyword) and h.ability.name in names))


@dataclass(frozen=True)
class SetPT(Op):
    """Layers 7a and 7b: power and/or toughness become these values (None: unchanged)."""

    power: int | None
    toughness: int | None

    def apply(self, state: ObjectState, timestamp: int) -> None:
        if self.power is not None:
            state.power = self.power
        if self.toughness is not None:
            state.toughness = self.toughness


@dataclass(frozen=True)
class ModifyPT(Op):
    """Layer 7c: +N/+M.  An object with no power and toughness is not changed (208.3)."""

    power: int
    toughness: int

    def apply(self, state: ObjectState, timestamp: int) -> None:
        if state.power is not None:
            state.power += self.power
        if state.toughness is not None:
            state.toughness += self.toughness


@dataclass(frozen=True)
class SwitchPT(Op):
    """Layer 7d: power and toughness are exchanged (613.4d)."""

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.power, state.toughness = state.toughness, state.power


# -- parts -------------------------------------------------------------------------------------

Plan = Callable[[Context, Seeable], Op]


@dataclass(frozen=True, eq=False)
class LayerPart:
    """One layer's part of an effect: for each affected object, ``plan`` says what it does.

    ``reads`` names the characteristics the plan looks at (empty: it does the same to every
    object, whatever the game looks like).  ``lock`` gives, for an effect created by a
    resolving spell or ability, the same part with its variables fixed (611.2d)."""

    layer: Layer
    text: str
    plan: Plan
    reads: frozenset[str] = frozenset()
    lock: Callable[[Context], LayerPart] | None = None
    gives_control_to: PlayerId | None = None
    """For a control-changing part naming a player: a player leaving the game ends it (800.4a)."""
    local: bool = False
    """The plan looks only at the object it applies to and the effect's controller, never at other
    objects: a dependency trial then compares only the objects the trial changed.  The default
    (False) is always correct, only slower."""
    op: Op | None = None
    """For a part that does the same to every object: what it does (a text-changing effect can
    reword it, 612.1)."""

    def __str__(self) -> str:
        return f"{self.text} (layer {self.layer.label})"


def constant(layer: Layer, op: Op, text: str) -> LayerPart:
    return LayerPart(layer, text, lambda c, s: op, local=True, op=op)


def copy_of_values(values: Characteristics | CopiableCard, text: str) -> LayerPart:
    """Layer 1a: become a copy with these copiable values (707.2; fixed once copied, 707.2b)."""
    card = values if isinstance(values, CopiableCard) else CopiableCard(values)
    return constant(Layer.COPY, CopyValues(card), text)


def control(player: PlayerId) -> LayerPart:
    """Layer 2: "gain control of" (613.1b)."""
    return replace(constant(Layer.CONTROL, SetController(player), f"controlled by {player}"),
                   gives_control_to=player)


def gain_control() -> LayerPart:
    """Layer 2: the controller of the effect ("you") gains control."""
    return LayerPart(Layer.CONTROL, "you gain control",
                     lambda c, s: SetController(c.player("you gain control")), local=True)


def _types(names: Iterable[CardType | str]) -> frozenset[CardType]:
    return frozenset(card_type(str(n)) for n in names)


def add_types(*types: CardType | str, subtypes: Iterable[str] = (), supertypes: Iterable[str] = ()) -> LayerPart:
    """Layer 4: "is also a …" / "in addition to its other types"."""
    check_subtypes(subtypes := tuple(subtypes), _types(types), "is also")
    op = AddTypes(_types(types), frozenset(subtypes), frozenset(supertype(s) for s in supertypes))
    words = " ".join([*map(str, supertypes), *subtypes, *map(str, types)])
    return constant(Layer.TYPE, op, f"is also {words}")


def becomes_types(*types: CardType | str, subtypes: Iterable[str] = ()) -> LayerPart:
    """Layer 4: "becomes a [subtypes] [types]", replacing its card types (205.1a)."""
    check_subtypes(subtypes := tuple(subtypes), _types(types), "becomes")
    op = SetTypes(_types(types), frozenset(subtypes))
    return constant(Layer.TYPE, op, f"becomes {' '.join([*subtypes, *map(str, types)])}")


def becomes_creature_types(*subtypes: str, chosen: str | None = None) -> LayerPart:
    """Layer 4: "[type] artifact creature" / "is the chosen creature type": replaces its creature
    types.  With ``chosen`` (the key given to :func:`~kb.engine.replacement.as_enters_choose`) the
    type is the one chosen for the effect's source as it entered (Conspiracy); none chosen, none set."""
    unknown = [s for s in subtypes if s not in CREATURE_TYPES]
    if unknown:
        raise ScenarioError(f"not creature types (205.3m): {unknown}")
    if chosen is None and not subtypes:
        raise ScenarioError("becomes_creature_types() names no creature type; \"loses all creature types\" "
                            "is lose_creature_types()")
    if chosen is None:
        return constant(Layer.TYPE, SetSubtypes(frozenset(subtypes)), f"is {' '.join(subtypes)} (creature types)")

    def plan(context: Context, state: Seeable) -> Op:
        value = chosen_value(context, chosen)
        names: frozenset[str] = frozenset() if value is None else frozenset({str(value)})
        if not names <= CREATURE_TYPES:
            raise ScenarioError(f"the chosen {chosen!r} {sorted(names)} is not a creature type (205.3m)")
        return SetSubtypes(names) if names else AddTypes()

    return LayerPart(Layer.TYPE, f"is the chosen {chosen}", plan, local=True)


def chosen_value(context: Context, key: str) -> object:
    """What was chosen for the effect's source as it entered (614.12a, ``obj.chosen[key]``), or
    None: no choice was made (it entered otherwise, or the source is gone)."""
    if context.source is None or context.source.id not in context.game.objects:
        return None
    return context.game.objects[context.source.id].chosen.get(key)


def land_types_become(*land_types: str) -> LayerPart:
    """Layer 4: "[lands] are [basic land type]": 305.7 applies."""
    unknown = [t for t in land_types if t not in BASIC_LAND_TYPES]
    if unknown:
        raise ScenarioError(f"not basic land types (305.6): {unknown}")
    return constant(Layer.TYPE, SetLandTypes(frozenset(land_types)), f"is {' '.join(land_types)}")


def every_creature_type() -> LayerPart:
    """Layer 4: changeling's "this object is every creature type" (702.73a)."""
    return constant(Layer.TYPE, AddTypes(subtypes=CREATURE_TYPES), "is every creature type")


def lose_creature_types() -> LayerPart:
    """Layer 4: "loses all creature types" (Amoeboid Changeling): its other subtypes stay (205.1a).
    Changeling's every creature type is a characteristic-defining ability, applied first in the
    layer (613.3), so the loss wins whatever the timestamps."""
    return constant(Layer.TYPE, RemoveTypes(subtypes=CREATURE_TYPES), "loses all creature types")


def lose_types(*types: CardType | str, subtypes: Iterable[str] = (), supertypes: Iterable[str] = ()) -> LayerPart:
    """Layer 4: "is no longer [types]"; ``supertypes`` too, such as "loses legendary" (205.4, 613.1d)."""
    op = RemoveTypes(_types(types), frozenset(subtypes), frozenset(supertype(s) for s in supertypes))
    return constant(Layer.TYPE, op, f"is no longer {' '.join([*map(str, supertypes), *subtypes, *map(str, types)])}")


def _colors(colors: str) -> frozenset[Color]:
    try:
        return frozenset(Color(c) for c in colors)
    except ValueError:
        raise ScenarioError(f"colours are W U B R G, not {colors!r}") from None


def becomes_color(colors: str = "", *, chosen: str | None = None) -> LayerPart:
    """Layer 5: "becomes [colours]"; ``""`` is colourless.  With ``chosen``, "is the chosen
    colour" (see :func:`becomes_creature_types`)."""
    if chosen is not None:
        key = chosen

        def plan(context: Context, state: Seeable) -> Op:
            found = _chosen_colors(context, key)
            return SetColors(found) if found else AddColors(frozenset())  # none chosen: nothing changes

        return LayerPart(Layer.COLOR, f"is the chosen {chosen}", plan, local=True)
    return constant(Layer.COLOR, SetColors(_colors(colors)), f"is {colors or 'colorless'}")


def add_colors(colors: str = "", *, chosen: str | None = None) -> LayerPart:
    """Layer 5: "is [colours] in addition to its other colours"; with ``chosen``, the colour
    chosen for the effect's source as it entered (Painter's Servant; see :func:`becomes_creature_types`)."""
    if chosen is not None:
        return LayerPart(Layer.COLOR, f"is also the chosen {chosen}",
                         lambda c, s: AddColors(_chosen_colors(c, chosen)), local=True)
    return constant(Layer.COLOR, AddColors(_colors(colors)), f"is also {colors}")


def _chosen_colors(context: Context, key: str) -> frozenset[Color]:
    value = chosen_value(context, key)
    if value is None:
        return frozenset()
    if isinstance(value, Color):
        return frozenset({value})
    return _colors(str(value))


def gain(*abilities: AbilityLike) -> LayerPart:
    """Layer 6: "gains"/"has" abilities (keywords as strings)."""
    held = abilities_of(abilities)
    return constant(Layer.ABILITY, GainAbilities(held), "gains " + ", ".join(map(str, held)))


def lose_all_abilities() -> LayerPart:
    return constant(Layer.ABILITY, LoseAllAbilities(), "loses all abilities")


def removals_first(parts: tuple[LayerPart, ...]) -> tuple[LayerPart, ...]:
    """One effect's layer-6 parts with what it removes before what it grants: "has indestructible and
    loses all other abilities" (Darksteel Mutation) keeps what it grants, in whatever order its parts
    were written; no card grants an ability and then takes it away in the same effect."""
    return tuple(sorted(parts, key=lambda p: not isinstance(p.op, LoseAllAbilities | LoseAbilities)))


def lose(*keywords: str) -> LayerPart:
    for name in keywords:  # an unknown word would silently remove nothing, as gain's would add nothing
        with contextlib.suppress(NotModelled):
            keyword(name)
    return constant(Layer.ABILITY, LoseAbilities(frozenset(keywords)), f"loses {', '.join(keywords)}")


def defines_pt(power: Number, toughness: Number) -> LayerPart:
    """Layer 7a: a characteristic-defining ability's power and toughness (604.3, 613.4a)."""

    def plan(context: Context, state: Seeable) -> Op:
        return SetPT(power.value(context), toughness.value(context))

    return LayerPart(Layer.PT_DEFINING, f"power is {power}, toughness is {toughness}", plan,
                     power.reads | toughness.reads)


def base_pt(power: int | None, toughness: int | None) -> LayerPart:
    """Layer 7b: "has base power and toughness N/M" / "becomes N/M"."""
    return constant(Layer.PT_SETTING, SetPT(power, toughness), f"base power and toughness {power}/{toughness}")


def base_pt_counted(power: Number, toughness: Number) -> LayerPart:
    """Layer 7b: "power and toughness are each equal to [a number]" given by an effect, counted
    afresh each time (it changes as the number does): Svogthos's quoted ability (613.4's example).
    A resolving "becomes an X/X … where X is …" counts X once (608.2h): that is ``base_pt(x, x)``."""

    def plan(context: Context, state: Seeable) -> Op:
        return SetPT(power.value(context), toughness.value(context))

    return LayerPart(Layer.PT_SETTING, f"base power {power} and toughness {toughness}", plan,
                     power.reads | toughness.reads)


def base_pt_is_mana_value() -> LayerPart:
    """Layer 7b: "base power and toughness each equal to its mana value" (Opalescence, March of
    the Machines)."""

    def plan(context: Context, state: Seeable) -> Op:
        return SetPT(state.mana_value, state.mana_value)

    return LayerPart(Layer.PT_SETTING, "base power and toughness equal to its mana value", plan,
                     frozenset({"mana_cost"}), local=True)


def modify_pt(power: int, toughness: int) -> LayerPart:
    """Layer 7c: "gets +N/+M"."""
    return constant(Layer.PT_MODIFYING, ModifyPT(power, toughness), f"{power:+d}/{toughness:+d}")


def modify_pt_by(power: Number, toughness: Number) -> LayerPart:
    """Layer 7c: "+X/+Y" where X and Y are counted each time, unless a resolving spell or ability
    fixes them as it creates the effect (611.2d)."""

    def plan(context: Context, state: Seeable) -> Op:
        return ModifyPT(power.value(context), toughness.value(context))

    def lock(context: Context) -> LayerPart:
        fixed_power, fixed_toughness = power.value(context), toughness.value(context)
        return replace(modify_pt(fixed_power, fixed_toughness),
                       text=f"+X/+Y where X is {power} and Y is {toughness} (now {fixed_power}/{fixed_toughness})")

    return LayerPart(Layer.PT_MODIFYING, f"+X/+Y where X is {power} and Y is {toughness}", plan,
                     power.reads | toughness.reads, lock)


def switch_pt() -> LayerPart:
    """Layer 7d: "switch power and toughness" (613.4d)."""
    return constant(Layer.PT_SWITCHING, SwitchPT(), "power and toughness switched")


def named(name: str) -> LayerPart:
    """Layer 3: "is named [name]" (123.6c treats it as a text-changing effect)."""
    return constant(Layer.TEXT, SetName(name), f"is named {name}")
