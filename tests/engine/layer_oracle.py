"""An independent oracle for the layer system (613) and for triggers that look back in time
(603.10), for differential tests of kb.engine (``test_layer_differential.py``).

It knows nothing of the engine: a board is described in a small language of its own (cards with
static and triggered abilities, effects of resolved spells, counters, Auras, face-down and
phased-out permanents), and :meth:`Board.evaluate` computes every permanent's characteristics
straight from the CR's text:

- 613.1: start from the printed values, then layer 1a (copy effects, their values fixed as they
  were copied: 707.2, 707.2b), 1b (face-down: only the values 708.2a lists), 2 (control),
  4 (type), 5 (colour), 6 (abilities), 7a-7d (power and toughness) in order (no text-changing
  effects in the pool);
- 613.3 / 613.4a: characteristic-defining abilities first in layers 2-6; 7a is theirs;
- 613.7: otherwise timestamp order; a static ability's effect has the later of its object's
  timestamp and that of the effect that granted the ability (613.7a), a resolved effect the time
  it was created (613.7b); an Aura gets a new one as it is attached (613.7e), a permanent as it
  turns face up or down (613.7f);
- 613.8a by trial: A depends on B when applying B to the objects as they are now would change
  whether A exists (its ability there, its condition true), what it applies to or what it does to
  any of them (and neither or both are CDAs); 613.8b: an effect waits for those it depends on
  unless they are in a dependency loop with it (a strongly connected part of the graph), and
  among those ready the earliest timestamp goes first; 613.8c: all of this is decided again
  after each applied effect, and an ability granted meanwhile joins the rest;
- 613.6: once an effect has applied in a layer it keeps applying to the same set of objects in
  the later layers, even if its ability is removed; a static ability's effect that has not started
  exists only while its object has the ability (611.3b);
- 611.2c: a resolved effect's set of objects is fixed when it is created (702.26e: phased-out
  permanents left out); 611.3a: a static ability's is found afresh each evaluation; 611.2b: a
  "for as long as" effect ends once its duration is over;
- 702.26b: a phased-out permanent is treated as though it doesn't exist; what is attached to it
  phases out and in with it (702.26g);
- 205.3d, 305.7, 208.3: subtypes that don't fit the card types go, a land whose land type is set
  loses its rules-text abilities, a noncreature has no power or toughness.

:func:`look_back` finds the triggered abilities a destruction or a phasing out of several
permanents at once triggers, on the game as it was just before (603.10a-b), or just after for
"put into a graveyard from anywhere" (603.6c).

The ``engine_*`` functions translate the same descriptions to the engine's public API, so one
drawn board can be played through both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

# ---------------------------------------------------------------- the description language

CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery", "Planeswalker", "Battle",
              "Kindred")
BASIC = ("Plains", "Island", "Swamp", "Mountain", "Forest")
LAND_SUBTYPES = frozenset(BASIC)
ENCHANTMENT_SUBTYPES = frozenset({"Aura"})
# every other subtype in the pool is a creature type


@dataclass(frozen=True)
class Sel:
    """Which permanents: all of ``types`` and ``subtypes``, none of ``not_types``,
    ``not_subtypes`` and ``not_supertypes``, each colour of ``colors``, controlled by
    ``controller`` ("any", "you", "opponent"), the source itself left out when ``other``."""

    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    not_subtypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    controller: str = "any"
    other: bool = False
    attached: bool = False  # "enchanted creature": what the source is attached to, and only that


ENCHANTED = Sel(attached=True)


def sel(*types: str, subtypes: Iterable[str] = (), not_types: Iterable[str] = (), not_subtypes: Iterable[str] = (),
        not_supertypes: Iterable[str] = (), colors: str = "", controller: str = "any", other: bool = False) -> Sel:
    return Sel(frozenset(types), frozenset(subtypes), frozenset(not_types), frozenset(not_subtypes),
               frozenset(not_supertypes), frozenset(colors), controller, other)


# What an effect does, one part per layer.


@dataclass(frozen=True)
class GainControl:
    """"You control …" (the effect's controller)."""


@dataclass(frozen=True)
class AddTypes:
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class SetTypes:
    """"… is a [types] [subtypes]": the card types replaced (205.1a), the subtypes that no longer
    fit go; land subtypes given are set as 305.7 says."""

    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class AddColors:
    colors: frozenset[str]


@dataclass(frozen=True)
class Values:
    """Copiable values (707.2), fixed when copied (707.2b)."""

    name: str | None
    mana_value: int
    colors: frozenset[str]
    types: frozenset[str]
    supertypes: frozenset[str]
    subtypes: frozenset[str]
    abilities: tuple[Any, ...]  # keywords by name, static abilities as StaticSpec
    power: int | None
    toughness: int | None

    def become(self, obj: Obj, key: object) -> None:
        obj.name, obj.mana_value, obj.colors = self.name, self.mana_value, self.colors
        obj.types, obj.supertypes, obj.subtypes = self.types, self.supertypes, self.subtypes
        obj.power, obj.toughness = self.power, self.toughness
        obj.abilities = [Ability("keyword", a, True) if isinstance(a, str)
                         else Ability("trigger" if isinstance(a, TriggerSpec) else "static", ("copy", key, obj.id, n),
                                      True, (a, 0))
                         for n, a in enumerate(self.abilities)]


@dataclass(frozen=True)
class CopyOf:
    """"… becomes a copy of [object]": layer 1a, with the values it had when copied."""

    values: Values

    def __repr__(self) -> str:
        return f"CopyOf({self.values.name})"


@dataclass(frozen=True)
class GainStatic:
    """"… gains '[static ability]'" (layer 6)."""

    static: StaticSpec

    def __repr__(self) -> str:
        return f"GainStatic({self.static.text!r})"


@dataclass(frozen=True)
class Lose:
    keyword: str


@dataclass(frozen=True)
class LandTypesBecome:
    """"… are [basic land type]" (305.7)."""

    land_type: str


@dataclass(frozen=True)
class CreatureTypesBecome:
    """"… are [creature type]" (205.1a: replaces the creature types)."""

    creature_type: str


@dataclass(frozen=True)
class EveryCreatureType:
    """Changeling (702.73a): a CDA."""


@dataclass(frozen=True)
class SetColors:
    colors: frozenset[str]


@dataclass(frozen=True)
class Gain:
    keyword: str


@dataclass(frozen=True)
class LoseAll:
    pass


@dataclass(frozen=True)
class SetPT:
    power: int
    toughness: int


@dataclass(frozen=True)
class SetPTToManaValue:
    pass


@dataclass(frozen=True)
class ModPT:
    power: int
    toughness: int


@dataclass(frozen=True)
class Switch:
    pass


@dataclass(frozen=True)
class PTIsSwampsYouControl:
    """A CDA: power and toughness each equal to the number of Swamps you control (Nightmare)."""


Part = Any

LAYER_OF: dict[type, str] = {
    CopyOf: "1a",
    GainControl: "2", AddTypes: "4", SetTypes: "4", AddColors: "5", Lose: "6", LandTypesBecome: "4", CreatureTypesBecome: "4", EveryCreatureType: "4",
    SetColors: "5", Gain: "6", GainStatic: "6", LoseAll: "6", PTIsSwampsYouControl: "7a", SetPT: "7b", SetPTToManaValue: "7b",
    ModPT: "7c", Switch: "7d",
}
LAYERS = ("2", "4", "5", "6", "7a", "7b", "7c", "7d")


@dataclass(frozen=True)
class StaticSpec:
    text: str
    affects: Sel | None  # None: this object itself
    parts: tuple[Part, ...]
    cda: bool = False
    condition: tuple[Sel, int] | None = None  # "as long as you control N or more [Sel]"


@dataclass(frozen=True)
class CardSpec:
    name: str
    cost: str | None
    type_line: str
    pt: tuple[int, int] | None = None
    keywords: tuple[str, ...] = ()
    statics: tuple[StaticSpec, ...] = ()
    colors: str | None = None  # a colour indicator; else the cost's colours (202.2)
    triggers: tuple[TriggerSpec, ...] = ()

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class TriggerSpec:
    """A triggered ability: "when this [event]" (``what`` None) or "whenever a [what] [event]";
    ``event`` is "dies", "leaves the battlefield" or "phases out", which look back in time
    (603.10a-b), or "is put into a graveyard from anywhere", which doesn't (603.6c, 603.10a): its
    ``what`` is a card in the graveyard."""

    text: str
    event: str
    what: Sel | None = None


@dataclass(frozen=True)
class ResolvedSpec:
    """A spell or ability whose effect lasts (until end of turn or indefinitely: the same here)."""

    text: str
    parts: tuple[Part, ...]
    target: str | None  # "creature", "artifact", "land", "permanent": one target of that type
    affects: Sel | None = None  # when no target: the objects it affects, found as it resolves
    copy: bool = False  # the target becomes a copy of another creature (its parts are then made as it resolves)

    def __repr__(self) -> str:
        return repr(self.text)


# ---------------------------------------------------------------- the oracle's objects


@dataclass
class Ability:
    kind: str  # "keyword" or "static"
    value: object  # the keyword's name, or (object id, index) for a static ability
    printed: bool
    granted: tuple[Any, int] | None = None
    """A static ability an effect gave: what it is, and the granting effect's timestamp (0 for
    one a copy effect gave: it is part of the copiable values, 707.2, so the object's own)."""


@dataclass
class Obj:
    id: int
    controller: str
    types: frozenset[str]
    supertypes: frozenset[str]
    subtypes: frozenset[str]
    colors: frozenset[str]
    abilities: list[Ability]
    power: int | None
    toughness: int | None
    mana_value: int
    name: str | None = None
    attached_to: int | None = None

    def copy(self) -> Obj:
        return replace(self, abilities=list(self.abilities))


def parse_type_line(line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    left, _, right = line.partition(" — ")
    words = left.split()
    types = frozenset(w for w in words if w in CARD_TYPES)
    supertypes = frozenset(w for w in words if w not in CARD_TYPES)
    return types, supertypes, frozenset(right.split())


def cost_values(cost: str | None) -> tuple[int, frozenset[str]]:
    """Mana value (202.3) and colours (202.2) of a cost written {2}{W}{W}."""
    if not cost:
        return 0, frozenset()
    symbols = cost.strip("{}").split("}{")
    value = sum(int(s) if s.isdigit() else 1 for s in symbols)
    return value, frozenset(s for s in symbols if s in "WUBRG")


EVERY = "*every creature type*"
"""Stands for every creature type (702.73a), which the oracle does not list."""


def has_subtype(obj: Obj, subtype: str) -> bool:
    if subtype in obj.subtypes:
        return True
    return EVERY in obj.subtypes and subtype not in LAND_SUBTYPES | ENCHANTMENT_SUBTYPES


def normal_subtypes(subtypes: frozenset[str], creature_types: frozenset[str]) -> frozenset[str]:
    """Subtypes as the oracle writes them: every creature type at once is :data:`EVERY`."""
    if EVERY in subtypes or creature_types <= subtypes:
        return frozenset(s for s in subtypes if s not in creature_types and s != EVERY) | {EVERY}
    return subtypes


def subtype_fits(subtype: str, types: frozenset[str]) -> bool:
    """205.3d: a subtype goes with its card type."""
    if subtype in LAND_SUBTYPES:
        return "Land" in types
    if subtype in ENCHANTMENT_SUBTYPES:
        return "Enchantment" in types
    return bool(types & {"Creature", "Kindred"})


@dataclass
class Effect:
    key: object
    timestamp: int
    parts: tuple[Part, ...]
    cda: bool = False
    source: int | None = None  # a static ability's object
    ability: object = None  # what its object holds while the ability is there
    affects: Sel | None = None
    this_only: bool = False
    locked: frozenset[int] | None = None  # a resolved effect's objects (611.2c); a counter's object
    you: str | None = None  # a resolved effect's controller
    condition: tuple[Sel, int] | None = None

    def parts_in(self, layer: str) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if LAYER_OF[type(p)] == layer)


@dataclass
class Board:
    """Permanents put onto the battlefield, effects created and counters put, in order."""

    specs: dict[int, CardSpec] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)
    stamps: dict[int, int] = field(default_factory=dict)
    resolved: list[Effect] = field(default_factory=list)
    counters: list[tuple[int, int, str]] = field(default_factory=list)  # (timestamp, object, kind)
    clock: int = 0
    phased_out: set[int] = field(default_factory=set)
    gone: set[int] = field(default_factory=set)
    """Permanents that have left the battlefield (only at the end of a look-back board)."""
    lasting: dict[object, tuple[str, int]] = field(default_factory=dict)
    """The "for as long as [player] controls [permanent]" effects (611.2b), by key."""
    phased_with: dict[int, int] = field(default_factory=dict)
    """Auras phased out indirectly (702.26g), with the permanent they phase in with."""
    face_down: dict[int, str] = field(default_factory=dict)
    """Face-down permanents, with the rule that made each so: "morph", "manifest", "effect" (708.2a:
    a 2/2 with nothing else), "disguise" or "cloak" (the same with ward {2}: 702.168b, 701.58a)."""
    attached: dict[int, int] = field(default_factory=dict)

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def place(self, spec: CardSpec, player: str, face_down: str | None = None) -> int:
        object_id = len(self.specs)
        if face_down is not None:
            self.face_down[object_id] = face_down
        self.specs[object_id] = spec
        self.owners[object_id] = player
        self.stamps[object_id] = self.tick()
        return object_id

    def resolve(self, spec: ResolvedSpec, player: str, targets: Sequence[int] = (),
                while_controls: int | None = None) -> frozenset[int]:
        """The effect begins: its objects are fixed now (611.2c).  ``while_controls``: it lasts
        for as long as ``player`` controls that permanent (611.2b)."""
        if spec.target is not None:
            objects = frozenset(targets)
        else:
            assert spec.affects is not None
            now = self.evaluate()
            objects = frozenset(i for i, o in now.items() if matches(spec.affects, o, player, None))
        effect = Effect(("resolved", len(self.resolved)), self.tick(), spec.parts, locked=objects, you=player)
        if while_controls is not None:
            self.lasting[effect.key] = (player, while_controls)
        self.resolved.append(effect)
        self.expire()
        return objects

    def expire(self) -> None:
        """611.2b: a "for as long as" effect whose duration is over ends (all those over at once),
        and stays ended; one ending may end another; a permanent phased out can't be seen (702.26f)."""
        while True:
            now = self.evaluate()
            over = [e for e in self.resolved if e.key in self.lasting
                    and (self.lasting[e.key][1] not in now
                         or now[self.lasting[e.key][1]].controller != self.lasting[e.key][0])]
            if not over:
                return
            self.resolved = [e for e in self.resolved if e not in over]

    def put_counter(self, object_id: int, kind: str) -> None:
        self.counters.append((self.tick(), object_id, kind))

    def phase_out(self, object_id: int) -> None:
        """702.26b: treated as though it doesn't exist (no new timestamp either way); what is
        attached to it phases out with it (702.26g)."""
        self.phased_out.add(object_id)
        for aura, target in self.attached.items():
            if target == object_id and aura not in self.phased_out:
                self.phased_out.add(aura)
                self.phased_with[aura] = object_id

    def phase_in(self, object_id: int) -> None:
        """702.26c, 702.26g: with what phased out with it."""
        self.phased_out.discard(object_id)
        for aura, target in list(self.phased_with.items()):
            if target == object_id:
                self.phased_out.discard(aura)
                del self.phased_with[aura]

    def attach(self, aura: int, target: int) -> None:
        """701.3a; a new timestamp (613.7e)."""
        if self.attached.get(aura) != target:
            self.attached[aura] = target
            self.stamps[aura] = self.tick()

    def turn_face_down(self, object_id: int) -> None:
        """708.2a; a new timestamp (613.7f)."""
        self.face_down.setdefault(object_id, "effect")  # 708.2b: a face-down one stays as it is
        self.stamps[object_id] = self.tick()

    def turn_face_up(self, object_id: int) -> None:
        self.face_down.pop(object_id, None)
        self.stamps[object_id] = self.tick()

    def printed(self, object_id: int) -> Obj:
        spec = self.specs[object_id]
        types, supertypes, subtypes = parse_type_line(spec.type_line)
        value, colors = cost_values(spec.cost)
        if spec.colors is not None:
            colors = frozenset(spec.colors)
        abilities = [Ability("keyword", k, True) for k in spec.keywords]
        abilities += [Ability("static", (object_id, n), True) for n in range(len(spec.statics))]
        abilities += [Ability("trigger", (object_id, n), True, (t, 0)) for n, t in enumerate(spec.triggers)]
        power, toughness = spec.pt if spec.pt is not None else (None, None)
        if any(isinstance(p, PTIsSwampsYouControl) for s in spec.statics for p in s.parts):
            power, toughness = 0, 0  # printed */*
        return Obj(object_id, self.owners[object_id], types, supertypes, subtypes, colors, abilities, power,
                   toughness, value, spec.name, self.attached.get(object_id))

    def layer_1(self, state: dict[int, Obj], effects: list[Effect]) -> None:
        """1a: copy effects in timestamp order (their values were fixed as they were created, 707.2b);
        1b: face-down objects have only the values 708.2a lists."""
        for effect in sorted(effects, key=lambda e: e.timestamp):
            for part in effect.parts_in("1a"):
                for i in sorted(applies_to(effect, state, {})):
                    part.values.become(state[i], effect.key)
        for i, how in self.face_down.items():
            if i in state:
                old = state[i]
                ward = [Ability("keyword", "ward {2}", True)] if how in ("disguise", "cloak") else []
                state[i] = Obj(i, old.controller, frozenset({"Creature"}), frozenset(), frozenset(), frozenset(), ward,
                               2, 2, 0, None, old.attached_to)

    def copiable(self, object_id: int) -> Values:
        """The object's copiable values now (707.2: after layer 1, 613.2c)."""
        state = {i: self.printed(i) for i in self.specs if i not in self.phased_out}
        self.layer_1(state, self.effects())
        obj = state[object_id]
        abilities: list[str | StaticSpec] = []
        for a in obj.abilities:
            if a.kind == "keyword":
                abilities.append(str(a.value))
            elif a.granted is not None:
                abilities.append(a.granted[0])
            else:
                assert isinstance(a.value, tuple)
                source, n = a.value
                abilities.append(self.specs[int(source)].statics[int(n)])
        return Values(obj.name, obj.mana_value, obj.colors, obj.types, obj.supertypes, obj.subtypes,
                      tuple(abilities), obj.power, obj.toughness)

    def effects(self) -> list[Effect]:
        found: list[Effect] = []
        for object_id, spec in self.specs.items():
            if object_id in self.phased_out | self.gone:  # 702.26b: its abilities don't exist
                continue
            for n, static in enumerate(spec.statics):
                found.append(Effect(("static", object_id, n), self.stamps[object_id], static.parts, static.cda,
                                    object_id, (object_id, n), static.affects, static.affects is None,
                                    condition=static.condition))
        found += self.resolved
        for stamp, object_id, kind in self.counters:
            change = {"+1/+1": ModPT(1, 1), "-1/-1": ModPT(-1, -1)}[kind]
            found.append(Effect(("counter", stamp), stamp, (change,), locked=frozenset({object_id})))
        return found

    # ------------------------------------------------------------ the evaluation (613.1)

    def granted(self, state: dict[int, Obj], effects: list[Effect]) -> list[Effect]:
        """The effects of static abilities an effect has just granted, with the later of the
        object's timestamp and the granting effect's (613.7a)."""
        known = {e.key for e in effects}
        found = []
        for obj in state.values():
            for ability in obj.abilities:
                if ability.kind == "static" and ability.granted is not None and ability.value not in known:
                    spec, stamp = ability.granted
                    if stamp and any(LAYER_OF[type(p)] < "6" for p in spec.parts):
                        raise AssertionError("a static ability granted in layer 6 with a part in an earlier layer")
                    found.append(Effect(ability.value, max(stamp, self.stamps[obj.id]), spec.parts, spec.cda,
                                        obj.id, ability.value, spec.affects, spec.affects is None,
                                        condition=spec.condition))
                    known.add(ability.value)
        return found

    def evaluate(self) -> dict[int, Obj]:
        state = {i: self.printed(i) for i in self.specs if i not in self.phased_out | self.gone}
        started: dict[object, frozenset[int]] = {}
        effects = self.effects()
        self.layer_1(state, effects)
        effects += self.granted(state, effects)  # the static abilities copy effects gave
        for layer in LAYERS:
            waiting = [e for e in effects if e.parts_in(layer)]
            if layer in ("2", "4", "5", "6"):  # 613.3: CDAs first, in timestamp order
                for effect in sorted((e for e in waiting if e.cda), key=lambda e: e.timestamp):
                    if exists(effect, state, started):
                        apply(effect, layer, state, started)
                waiting = [e for e in waiting if not e.cda]
            while True:
                live = [e for e in waiting if exists(e, state, started)]
                if not live:
                    break
                chosen = next_effect(live, layer, state, started)
                apply(chosen, layer, state, started)
                waiting.remove(chosen)
                for effect in self.granted(state, effects):  # it exists from now on (613.8c)
                    effects.append(effect)
                    if effect.parts_in(layer):
                        waiting.append(effect)
        for obj in state.values():  # 208.3
            if "Creature" not in obj.types:
                obj.power = obj.toughness = None
        return state


def you_of(effect: Effect, state: dict[int, Obj]) -> str:
    if effect.you is not None:
        return effect.you
    assert effect.source is not None
    return state[effect.source].controller


def matches(selector: Sel, obj: Obj, you: str, source: int | None) -> bool:
    if selector.other and obj.id == source:
        return False
    if selector.controller == "you" and obj.controller != you:
        return False
    if selector.controller == "opponent" and obj.controller == you:
        return False
    return (selector.types <= obj.types and not selector.not_types & obj.types
            and all(has_subtype(obj, s) for s in selector.subtypes)
            and not any(has_subtype(obj, s) for s in selector.not_subtypes)
            and not selector.not_supertypes & obj.supertypes and selector.colors <= obj.colors)


def exists(effect: Effect, state: dict[int, Obj], started: dict[object, frozenset[int]]) -> bool:
    """A static ability's effect exists while its object has the ability, or once it has started
    to apply (613.6); other effects always do here."""
    if effect.ability is None or effect.key in started:
        return True
    assert effect.source is not None
    if not any(a.kind == "static" and a.value == effect.ability for a in state[effect.source].abilities):
        return False
    if effect.condition is None:
        return True
    wanted, at_least = effect.condition
    you = you_of(effect, state)
    return sum(1 for o in state.values() if o.controller == you and matches(wanted, o, you, effect.source)) >= at_least


def applies_to(effect: Effect, state: dict[int, Obj], started: dict[object, frozenset[int]]) -> frozenset[int]:
    if effect.key in started:
        return started[effect.key]
    if effect.locked is not None:
        return frozenset(i for i in effect.locked if i in state)
    if effect.this_only:
        assert effect.source is not None
        return frozenset({effect.source})
    assert effect.affects is not None
    if effect.affects.attached:
        assert effect.source is not None
        return frozenset(i for i in [state[effect.source].attached_to] if i is not None and i in state)
    you = you_of(effect, state)
    return frozenset(i for i, o in state.items() if matches(effect.affects, o, you, effect.source))


def what_it_does(part: Part, effect: Effect, obj: Obj, state: dict[int, Obj]) -> object:
    """The change one part makes to one object, as a value (for 613.8a's "what it does")."""
    if isinstance(part, GainControl):
        return ("control", you_of(effect, state))
    if isinstance(part, GainStatic):
        return ("grant", part.static, effect.key, effect.timestamp)
    if isinstance(part, SetPTToManaValue):
        return ("set", obj.mana_value, obj.mana_value)
    if isinstance(part, PTIsSwampsYouControl):
        you = you_of(effect, state)
        n = sum(1 for o in state.values() if o.controller == you and "Swamp" in o.subtypes)
        return ("set", n, n)
    return part


def change(obj: Obj, done: object) -> None:
    """Apply one change (as :func:`what_it_does` gives it) to one object."""
    if isinstance(done, tuple) and done[0] == "control":
        obj.controller = str(done[1])
    elif isinstance(done, tuple) and done[0] == "grant":
        _, spec, key, stamp = done
        obj.abilities.append(Ability("static", ("granted", key, obj.id), False, (spec, stamp)))
    elif isinstance(done, tuple) and done[0] == "set":
        obj.power, obj.toughness = int(str(done[1])), int(str(done[2]))
    elif isinstance(done, AddTypes):
        obj.types = obj.types | done.types
        obj.subtypes = obj.subtypes | frozenset(s for s in done.subtypes if subtype_fits(s, obj.types))
        obj.subtypes = frozenset(s for s in obj.subtypes if subtype_fits(s, obj.types))
    elif isinstance(done, SetTypes):
        obj.types = done.types | (obj.types & {"Instant", "Sorcery"})
        obj.subtypes = frozenset(s for s in obj.subtypes if subtype_fits(s, obj.types))
        lands = sorted(s for s in done.subtypes if s in LAND_SUBTYPES)
        assert len(lands) <= 1, "the pool sets one land type at most"
        if lands:
            change(obj, LandTypesBecome(lands[0]))
        for creature_type in sorted(done.subtypes - LAND_SUBTYPES):
            change(obj, CreatureTypesBecome(creature_type))
    elif isinstance(done, LandTypesBecome):
        if "Land" in obj.types:  # 305.7
            obj.subtypes = frozenset(s for s in obj.subtypes if s not in LAND_SUBTYPES) | {done.land_type}
            obj.abilities = [a for a in obj.abilities if not a.printed]
    elif isinstance(done, CreatureTypesBecome):
        if subtype_fits(done.creature_type, obj.types):
            obj.subtypes = frozenset(s for s in obj.subtypes if s in LAND_SUBTYPES | ENCHANTMENT_SUBTYPES) \
                | {done.creature_type}
    elif isinstance(done, EveryCreatureType):
        obj.subtypes = obj.subtypes | {EVERY}
    elif isinstance(done, SetColors):
        obj.colors = done.colors
    elif isinstance(done, AddColors):
        obj.colors = obj.colors | done.colors
    elif isinstance(done, Lose):
        obj.abilities = [a for a in obj.abilities if not (a.kind == "keyword" and a.value == done.keyword)]
    elif isinstance(done, Gain):
        obj.abilities.append(Ability("keyword", done.keyword, False))
    elif isinstance(done, LoseAll):
        obj.abilities = []
    elif isinstance(done, SetPT):
        obj.power, obj.toughness = done.power, done.toughness
    elif isinstance(done, ModPT):
        obj.power = (obj.power or 0) + done.power
        obj.toughness = (obj.toughness or 0) + done.toughness
    elif isinstance(done, Switch):
        obj.power, obj.toughness = obj.toughness, obj.power
    else:
        raise AssertionError(f"unknown change {done!r}")


def apply(effect: Effect, layer: str, state: dict[int, Obj], started: dict[object, frozenset[int]]) -> None:
    objects = applies_to(effect, state, started)
    started.setdefault(effect.key, objects)
    for part in effect.parts_in(layer):
        plans = {i: what_it_does(part, effect, state[i], state) for i in sorted(objects)}
        for i, done in plans.items():
            change(state[i], done)


def signature(effect: Effect, layer: str, state: dict[int, Obj], started: dict[object, frozenset[int]]
              ) -> tuple[object, ...]:
    if not exists(effect, state, started):
        return (False,)
    objects = applies_to(effect, state, started)
    return (True, objects, tuple((i, what_it_does(p, effect, state[i], state))
                                 for p in effect.parts_in(layer) for i in sorted(objects)))


def depends(a: Effect, b: Effect, layer: str, state: dict[int, Obj], started: dict[object, frozenset[int]]) -> bool:
    """613.8a, by trial: would applying ``b`` now change ``a``'s existence, its objects or what it
    does to them?"""
    if a is b or a.cda != b.cda:
        return False
    trial = {i: o.copy() for i, o in state.items()}
    trial_started = dict(started)
    apply(b, layer, trial, trial_started)
    return signature(a, layer, state, started) != signature(a, layer, trial, trial_started)


def next_effect(live: list[Effect], layer: str, state: dict[int, Obj], started: dict[object, frozenset[int]]
                ) -> Effect:
    """613.8b: the earliest effect among those that depend on no remaining effect outside a
    dependency loop they are part of."""
    on = {a.key: [b for b in live if depends(a, b, layer, state, started)] for a in live}
    reach: dict[object, set[object]] = {}
    for a in live:  # what each effect depends on, directly or through others
        seen: set[object] = set()
        todo = [b.key for b in on[a.key]]
        while todo:
            k = todo.pop()
            if k not in seen:
                seen.add(k)
                todo += [b.key for b in on[k]]
        reach[a.key] = seen
    ready = [a for a in live if all(a.key in reach[b.key] for b in on[a.key])]
    return min(ready, key=lambda e: e.timestamp)


# ---------------------------------------------------------------- look-back triggers (603.10)


def look_back(board: Board, event: str, objects: Iterable[int]) -> list[tuple[str, int, str]]:
    """The triggered abilities that trigger when ``objects`` all leave the battlefield at once
    (``event`` "dies": to the graveyard) or phase out (``event`` "phases out"), judged on the
    game as it was immediately before the event (603.10a-b): the abilities that existed then and
    what the objects looked like then.  Each is (its text, its object, its controller)."""
    before = board.evaluate()
    moved = [i for i in objects if i in before]
    found = []
    if event == "dies":  # 603.10: the others are checked just after the event, on the cards as they are now
        after = replace(board, gone=board.gone | set(moved)).evaluate()
        for obj in after.values():
            for ability in obj.abilities:
                if ability.kind != "trigger" or ability.granted is None:
                    continue
                anywhere: TriggerSpec = ability.granted[0]
                if anywhere.event != "is put into a graveyard from anywhere" or anywhere.what is None:
                    continue
                found += [(anywhere.text, obj.id, obj.controller) for i in moved
                          if matches(anywhere.what, board.printed(i), obj.controller, obj.id)]
    for obj in before.values():
        for ability in obj.abilities:
            if ability.kind != "trigger":
                continue
            assert ability.granted is not None
            spec: TriggerSpec = ability.granted[0]
            if event == "phases out" and spec.event != "phases out":
                continue
            if event == "dies" and spec.event not in ("dies", "leaves the battlefield"):
                continue
            for i in moved:
                if spec.what is None and i != obj.id:
                    continue
                if spec.what is not None and not matches(spec.what, before[i], obj.controller, obj.id):
                    continue
                found.append((spec.text, obj.id, obj.controller))
    return sorted(found)


# ---------------------------------------------------------------- translations to the engine


def engine_filter(selector: Sel) -> Any:
    from kb.engine import permanents

    return permanents(*sorted(selector.types), subtypes=sorted(selector.subtypes),
                      not_types=sorted(selector.not_types), not_subtypes=sorted(selector.not_subtypes),
                      not_supertypes=sorted(selector.not_supertypes), colors=sorted(selector.colors),
                      controller=selector.controller, other=selector.other)


def engine_parts(parts: Iterable[Part]) -> list[Any]:
    from kb.engine import (
        Number,
        add_colors,
        add_types,
        base_pt,
        base_pt_is_mana_value,
        becomes_color,
        becomes_creature_types,
        becomes_types,
        count,
        defines_pt,
        every_creature_type,
        gain,
        gain_control,
        land_types_become,
        lose,
        lose_all_abilities,
        modify_pt,
        permanents,
        switch_pt,
    )

    made = []
    for part in parts:
        if isinstance(part, GainControl):
            made.append(gain_control())
        elif isinstance(part, AddTypes):
            made.append(add_types(*sorted(part.types), subtypes=sorted(part.subtypes)))
        elif isinstance(part, LandTypesBecome):
            made.append(land_types_become(part.land_type))
        elif isinstance(part, SetTypes):
            made.append(becomes_types(*sorted(part.types), subtypes=sorted(part.subtypes)))
        elif isinstance(part, AddColors):
            made.append(add_colors("".join(sorted(part.colors))))
        elif isinstance(part, Lose):
            made.append(lose(part.keyword))
        elif isinstance(part, CreatureTypesBecome):
            made.append(becomes_creature_types(part.creature_type))
        elif isinstance(part, EveryCreatureType):
            made.append(every_creature_type())
        elif isinstance(part, SetColors):
            made.append(becomes_color("".join(sorted(part.colors))))
        elif isinstance(part, Gain):
            made.append(gain(part.keyword))
        elif isinstance(part, GainStatic):
            made.append(gain(engine_static(part.static)))
        elif isinstance(part, LoseAll):
            made.append(lose_all_abilities())
        elif isinstance(part, SetPT):
            made.append(base_pt(part.power, part.toughness))
        elif isinstance(part, SetPTToManaValue):
            made.append(base_pt_is_mana_value())
        elif isinstance(part, ModPT):
            made.append(modify_pt(part.power, part.toughness))
        elif isinstance(part, Switch):
            made.append(switch_pt())
        elif isinstance(part, PTIsSwampsYouControl):
            swamps = count(permanents(subtypes=["Swamp"], controller="you"))
            made.append(defines_pt(swamps, Number("the number of Swamps you control", swamps.value, swamps.reads)))
        else:
            raise TypeError(part)
    return made


def engine_static(static: StaticSpec) -> Any:
    from kb.engine import StaticAbility, attached_to_this, this_object, you_control

    affects = this_object() if static.affects is None else engine_filter(static.affects)
    if static.affects is not None and static.affects.attached:
        affects = attached_to_this()
    condition = None if static.condition is None else you_control(engine_filter(static.condition[0]),
                                                                  static.condition[1])
    return StaticAbility(static.text, tuple(engine_parts(static.parts)), affects, condition=condition, cda=static.cda)


def engine_trigger(spec: TriggerSpec) -> Any:
    from kb.engine import (
        TriggeredAbility,
        Zone,
        cards_in,
        dies,
        leaves,
        phases_out,
        put_into_graveyard_from_anywhere,
    )

    what = None if spec.what is None else engine_filter(spec.what)
    if spec.event == "is put into a graveyard from anywhere":
        assert spec.what is not None
        trigger = put_into_graveyard_from_anywhere(cards_in(Zone.GRAVEYARD, *sorted(spec.what.types)))
    else:
        trigger = {"dies": dies, "leaves the battlefield": leaves, "phases out": phases_out}[spec.event](what)
    return TriggeredAbility(spec.text, trigger, lambda r: r.game.gain_life(r.controller, 1))


def engine_card(spec: CardSpec) -> Any:
    from kb.engine import card

    abilities: list[Any] = [*spec.keywords, *map(engine_static, spec.statics), *map(engine_trigger, spec.triggers)]
    pt: tuple[int, ...] = spec.pt if spec.pt is not None else ()
    if any(isinstance(p, PTIsSwampsYouControl) for s in spec.statics for p in s.parts):
        pt = (0, 0)
    kwargs: dict[str, Any] = {} if spec.colors is None else {"colors": spec.colors}
    return card(spec.name, spec.cost, spec.type_line, *pt, *abilities, **kwargs)
