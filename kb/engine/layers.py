"""The layer system (613): every object's characteristics with every continuous effect applied.

One evaluation starts each object from its printed values (613.1) and applies the layers in
order: 1a copy, 1b face-down (708.2), 2 control, 3 text, 4 type, 5 colour, 6 abilities, 7a-7d
power and toughness.  Within a layer:

- characteristic-defining abilities first in layers 2-6 (613.3); 7a is theirs (613.4a);
- then the others in timestamp order (613.7), unless one depends on another (613.8): which
  effect applies next is decided in :mod:`kb.engine.dependency`, again after each applied
  effect (613.8c);
- an effect that has started to apply keeps applying, in later layers, to the set of objects
  it began with, even if the ability that generates it is removed meanwhile (613.6) — so what
  it did in earlier layers is never undone by a later layer;
- an effect from a resolved spell or ability applies to the objects fixed when it was created
  (611.2c); a static ability's effect chooses its objects as it starts to apply, afresh in
  each evaluation (611.3a).

Effects come from resolved spells and abilities (``game.effects``), from the static abilities
of objects in zones where they function (611.3b), from counters (613.4c, 122.1b) and stickers
(123.8).  Phased-out permanents are not affected and their abilities don't function (702.26b).
A static ability that an object gains in one layer (say, layer 6) and that has a part in an
earlier layer can't go back in time: that raises NotModelled rather than guessing.

Most objects in a game are touched by no effect (the cards in libraries and hands): their view
is their own values alone.  An evaluation keeps, per game and per object, the object's starting
state and its view (:class:`_Memo`), valid while every field of the object is as it was (any
change to the object, in place or not, is seen), under the functions that compute them (a mutant
that replaces one recomputes everything) and :func:`program_changed`.  The kept starting state
is shared, not copied: an effect that changes the object changes a copy (:meth:`Evaluation.writable`),
and an object that no effect changed in this evaluation gets its kept view back instead of a new
one that would be equal.  ``Game.cache_views = False`` turns this off too.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from kb.engine import battles, dependency, keyword_abilities, phasing
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import INTRINSIC_MANA_ABILITIES
from kb.engine.cardtypes import BASIC_LAND_TYPES, CardType
from kb.engine.cda import is_cda, outside_cda, static_parts
from kb.engine.characteristics import (
    Characteristics,
    CopiableCard,
    HeldAbility,
    ObjectState,
    Origin,
    Status,
    View,
    Views,
)
from kb.engine.conditions import Condition
from kb.engine.context import Context
from kb.engine.counters import PT_COUNTER
from kb.engine.errors import NotModelled
from kb.engine.keywords import MODELLED, Keyword
from kb.engine.limits import bounded
from kb.engine.mana import ManaCost
from kb.engine.objects import FaceDown, NameSticker
from kb.engine.parts import (
    AddNameWord,
    GainAbilities,
    Layer,
    LayerPart,
    ModifyPT,
    Op,
    SetPT,
    constant,
    removals_first,
)
from kb.engine.selectors import Filter

if TYPE_CHECKING:
    from kb.engine.abilities import StaticAbility
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


_ABILITIES = operator.attrgetter("abilities")
_LAYERS = tuple(Layer)
"""The layers in order (iterating the enumeration itself is slow)."""


@dataclass(eq=False)
class Applicable:
    """One continuous effect as one evaluation sees it.

    ``locked``: the objects a resolved effect (or a counter, a sticker) applies to (611.2c).
    ``selector``: how a static ability's effect finds its objects (611.3a).
    ``started``: the set fixed once the effect began to apply in this evaluation (613.6)."""

    key: object
    text: str
    parts: tuple[LayerPart, ...]
    timestamp: int
    order: int = 0
    cda: bool = False
    source: ObjectId | None = None
    you: PlayerId | None = None
    locked: frozenset[ObjectId] | None = None
    selector: Filter | None = None
    held: HeldAbility | None = None
    condition: Condition | None = None
    started: frozenset[ObjectId] | None = None

    @property
    def sort_key(self) -> tuple[int, int]:
        return self.timestamp, self.order

    def parts_in(self, layer: Layer) -> tuple[LayerPart, ...]:
        by_layer = self.__dict__.get("_by_layer")
        if by_layer is None or by_layer[0] is not self.parts:  # sorted once per parts
            grouped: dict[Layer, tuple[LayerPart, ...]] = {}
            for part in self.parts:
                grouped[part.layer] = (*grouped.get(part.layer, ()), part)
            if len(grouped.get(Layer.ABILITY, ())) > 1:
                grouped[Layer.ABILITY] = removals_first(grouped[Layer.ABILITY])
            by_layer = self.__dict__["_by_layer"] = (self.parts, grouped)
        return by_layer[1].get(layer, ())

    def __repr__(self) -> str:
        return f"<effect {self.text!r} @{self.timestamp}>"


@dataclass
class Evaluation:
    """The state of one evaluation: every object's working state, which of them exist for the
    game (phased-in), and what each effect has done so far."""

    game: Game
    states: dict[ObjectId, ObjectState]
    visible: dict[ObjectId, ObjectState]
    fixed: list[Applicable]
    applied: dict[Layer, set[object]] = field(default_factory=dict)
    live: dict[object, Applicable] = field(default_factory=dict)
    """Static abilities' effects that have started to apply in this evaluation (613.6)."""
    first_seen: dict[object, Layer] = field(default_factory=dict)
    statics_of: dict[ObjectId, tuple[tuple[HeldAbility, ...], list[tuple[int, HeldAbility, StaticAbility]]]] = \
        field(default_factory=dict)
    """Static abilities with layer parts of objects whose abilities an effect changed, kept while
    they stay the same tuple (an unchanged object's are kept in its :class:`_Memo`)."""
    applied_count: int = 0
    """How many effect applications this evaluation has made: the objects change only then."""
    sets: dict[object, tuple[int, frozenset[ObjectId]]] = field(default_factory=dict)
    """Filters' answers on the objects as they are now (by effect key), valid until a state changes."""
    changes: int = 0
    """How many times a working state was handed out to be changed (:meth:`writable`)."""
    holders_of: tuple[int, list[tuple[HeldAbility, ...]] | None, list[tuple[ObjectId, ObjectState, list[
        tuple[int, HeldAbility, StaticAbility]]]]] | None = None
    """:meth:`holders` as last found, with :attr:`changes` and every visible object's abilities then."""
    fixed_layers: dict[Layer, bool] = field(default_factory=dict)
    """The layers ``fixed`` has a part in (set in ``__post_init__``)."""
    memo: dict[ObjectId, _Memo] = field(default_factory=dict)
    """Each object's kept starting state and view, where the object is as it was when they were
    made (see :class:`_Memo`); empty when the game doesn't cache views."""
    plain: bool = False
    """The views are a function of the objects' fields alone: the memo is on, no effect of a resolved
    spell or ability applies and no visible object has a static ability with layer parts (so no
    condition or filter reads the rest of the game); counters and stickers are the objects' own."""
    fresh: bool = True
    """Some object was started afresh (it is new or changed since the last evaluation)."""

    def __post_init__(self) -> None:
        self.fixed_layers = {part.layer: True for a in self.fixed for part in a.parts}

    def statics(self, object_id: ObjectId, state: ObjectState) -> list[tuple[int, HeldAbility, StaticAbility]]:
        entry = self.memo.get(object_id)
        cached = entry.statics if entry is not None else self.statics_of.get(object_id)
        if cached is not None and cached[0] is state.abilities:
            return cached[1]
        found = _statics(state.abilities)
        if entry is not None and state.abilities is entry.start.abilities:
            entry.statics = (state.abilities, found)  # kept across evaluations, like the state itself
        else:
            self.statics_of[object_id] = (state.abilities, found)
        return found

    def holders(self) -> list[tuple[ObjectId, ObjectState, list[tuple[int, HeldAbility, StaticAbility]]]]:
        """The visible objects with static abilities that have layer parts, with them, in the
        objects' order; looked for again only when some object's abilities changed (most objects
        have none: going through them all for each candidate of each layer cost the most)."""
        kept = self.holders_of
        if kept is not None and kept[0] == self.changes:
            return kept[2]
        abilities = list(map(_ABILITIES, self.visible.values()))
        if kept is None or kept[1] is None or kept[1] != abilities:  # identical tuples: equal at once
            found = [(i, s, statics) for i, s in self.visible.items() for statics in [self.statics(i, s)] if statics]
        else:  # the same abilities; a state may have been copied to be changed
            found = [(i, self.visible[i], statics) for i, _, statics in kept[2]]
        self.holders_of = (self.changes, abilities, found)
        return found

    def writable(self, object_id: ObjectId) -> ObjectState:
        """The object's working state, to change: a kept starting state is shared by every
        evaluation that doesn't change the object, so it is copied before the first change."""
        state = self.states[object_id]
        entry = self.memo.get(object_id)
        if entry is not None and state is entry.start:
            state = state.clone()
            self.states[object_id] = state
            if object_id in self.visible:
                self.visible[object_id] = state
        self.changes += 1
        return state

    def context(self, effect: Applicable, visible: dict[ObjectId, ObjectState] | None = None) -> Context:
        states = self.visible if visible is None else visible
        source = states.get(effect.source) if effect.source is not None else None
        if source is None and effect.source is not None:
            source = self.states.get(effect.source)
        you = effect.you if effect.you is not None else (source.controller if source is not None else None)
        return Context(self.game, states, source, you)


def _statics(abilities: tuple[HeldAbility, ...]) -> list[tuple[int, HeldAbility, StaticAbility]]:
    """The static abilities among ``abilities`` that have layer parts, with their places."""
    return [(index, held, ability) for index, held in enumerate(abilities)
            for ability in [keyword_abilities.static(held.ability)] if ability is not None and ability.parts]


def evaluate(game: Game) -> dict[ObjectId, View]:
    """Every object's view, with every continuous effect applied (613.1).

    When the last evaluation was plain (:attr:`Evaluation.plain`) and every object is as it was
    then (none started afresh, the same ones in the same order), this one would be the same: its
    views are given again (a :class:`Views` is never changed, so sharing it is safe)."""
    # taken out first: an evaluation that raises leaves none behind
    last: tuple[tuple[int, tuple[ObjectId, ...]], Views] | None = game.__dict__.pop(_LAST, None)
    evaluation = start(game)
    ids = tuple(evaluation.states)
    if last is not None and evaluation.plain and not evaluation.fresh and last[0] == (_program_generation, ids):
        game.__dict__[_LAST] = last
        return last[1]
    for layer in _LAYERS:
        if layer is Layer.FACE_DOWN:
            face_down_rule(game, evaluation)
            copiable = _copiables(evaluation)
            continue
        run_layer(evaluation, layer)
    memo, objects = evaluation.memo, game.objects
    views = Views()  # never changed once returned: indexes of it are kept on it
    for object_id, state in evaluation.states.items():
        entry = memo.get(object_id)
        if entry is not None and state is entry.start and entry.view is not None:
            views[object_id] = entry.view  # no effect changed it: its kept view (made from entry.copiable)
        else:
            views[object_id] = _view(evaluation, objects[object_id], state, copiable[object_id])
    if evaluation.plain and not evaluation.holders():  # no static ability appeared in layer 6 either
        game.__dict__[_LAST] = ((_program_generation, ids), views)
    return views


def _copiables(evaluation: Evaluation) -> dict[ObjectId, tuple[Characteristics, CopiableCard | None]]:
    memo = evaluation.memo
    found = {}
    for object_id, state in evaluation.states.items():
        entry = memo.get(object_id)
        if entry is not None and state is entry.start and entry.copiable is not None:
            found[object_id] = entry.copiable
        else:
            found[object_id] = _copiable_now(evaluation, object_id, state)
    return found


def copiable_values(game: Game, object_id: ObjectId) -> Characteristics:
    """An object's copiable values: printed values with copy effects and the face-down rule
    applied, nothing else (613.2c, 707.2)."""
    return game.views()[object_id].copiable


def start(game: Game) -> Evaluation:
    kept = _memo_of(game)
    memo: dict[ObjectId, _Memo] = {}
    own = True  # counters and stickers may be there: their effects are looked for
    if kept is None:
        states = {obj.id: _start(obj) for obj in game.objects.values()}
        visible = {i: s for i, s in states.items() if phasing.exists(game.objects[i])}
    else:
        objects = list(game.objects.values())
        scan: _Scan | None = game.__dict__.get(_SCAN)
        suspects = scan.suspects(kept, objects) if scan is not None else None
        if scan is not None and suspects is not None:  # the same objects: only those that may have changed
            try:
                fresh = scan.renew(kept, objects, suspects)
            except BaseException:
                del game.__dict__[_SCAN]  # half brought up to date: the next evaluation walks every object
                raise
            memo, states, visible, holders = dict(kept), dict(scan.states), dict(scan.visible), list(scan.holders)
            own = bool(scan.busy)  # no object holds anything in a container: no counter, no sticker
        else:
            states, visible = {}, {}
            holders = []
            fresh = False
            for obj in objects:
                object_id = obj.id
                entry = kept.get(object_id)
                if entry is None or not entry.holds(obj):
                    entry = _Memo.of(obj)
                    fresh = True
                memo[object_id] = entry
                states[object_id] = entry.start  # shared until changed (Evaluation.writable)
                if entry.exists:
                    visible[object_id] = entry.start
                    if entry.statics is not None and entry.statics[1]:
                        holders.append((object_id, entry.start, entry.statics[1]))
            kept.clear()
            kept.update(memo)  # objects gone from the game are forgotten
            game.__dict__[_SCAN] = _Scan.of(kept, objects, memo, states, visible, holders)
    fixed = [a for effect in game.effects if effect.active and effect.parts
             for a in [Applicable(effect, effect.text, outside_cda(effect.parts), effect.timestamp,
                                  source=effect.source, you=effect.controller, locked=effect.affected)]]
    resolved = bool(fixed)
    if own:
        fixed += counter_effects(game) + sticker_effects(game)
    evaluation = Evaluation(game, states, visible, fixed, memo=memo)
    if kept is not None:
        evaluation.holders_of = (0, None, holders)  # the kept states' static abilities, found as they were kept
        evaluation.plain = not resolved and not holders
        evaluation.fresh = fresh
    return evaluation


_SCAN = "_layers_scan"
"""Where a game keeps its :class:`_Scan` (in its own ``__dict__``, like its memo)."""
_STAMP_OF = operator.itemgetter("_stamp")


@dataclass(eq=False)
class _Scan:
    """What the evaluations' walk over the objects found, kept up to date, so that the objects that
    may have changed since are found at once (without going through every object one by one in
    Python): with the same objects in the same order, an object may have changed only if its
    stamp is new (a field was set), if a container of it that was empty is no longer empty, or if
    it had something in a container (its entry is asked).  The others' entries still hold, and so
    do the states, the visible objects and the holders of static abilities found from them."""

    kept: dict[ObjectId, _Memo]
    """The memo it was made against (a new one when the program changes), kept up to date with it."""
    objects: list[GameObject]
    fields: list[dict[str, Any]]
    stamps: list[object]
    entries: list[_Memo]
    empty: list[tuple[Callable[[Any], tuple[object, ...]], list[dict[str, Any]], list[int]]]
    """Per shape of object, what picks its containers, with the fields and places of the objects
    whose containers were all empty (their entries hold while the stamp is the same and the
    containers empty)."""
    busy: list[int]
    """The places of the objects with something in a container (their entries are asked)."""
    states: dict[ObjectId, ObjectState]
    visible: dict[ObjectId, ObjectState]
    holders: list[tuple[ObjectId, ObjectState, list[tuple[int, HeldAbility, StaticAbility]]]]

    @classmethod
    def of(cls, kept: dict[ObjectId, _Memo], objects: list[GameObject], memo: dict[ObjectId, _Memo],
           states: dict[ObjectId, ObjectState], visible: dict[ObjectId, ObjectState],
           holders: list[tuple[ObjectId, ObjectState, list[tuple[int, HeldAbility, StaticAbility]]]]) -> _Scan:
        fields = [obj.__dict__ for obj in objects]
        made = cls(kept, objects, fields, list(map(_STAMP_OF, fields)), list(memo.values()), [], [],
                   dict(states), dict(visible), list(holders))  # the evaluation changes its own
        made._group()
        return made

    def _group(self) -> None:
        empty: dict[tuple[str, ...], tuple[list[dict[str, Any]], list[int]]] = {}
        busy = []
        for place, entry in enumerate(self.entries):
            if entry.contents is None:
                group = empty.setdefault(entry.names, ([], []))
                group[0].append(self.fields[place])
                group[1].append(place)
            else:
                busy.append(place)
        self.empty = [(_picker(names), found, places) for names, (found, places) in empty.items()]
        self.busy = busy

    def suspects(self, kept: dict[ObjectId, _Memo], objects: list[GameObject]) -> list[int] | None:
        """The places of the objects that may have changed since (in order), or None when the
        objects are not the same ones in the same order (or the memo is another)."""
        if self.kept is not kept or self.objects != objects:
            return None
        now = list(map(_STAMP_OF, self.fields))
        found = set(itertools.compress(range(len(now)), map(operator.ne, now, self.stamps)))
        found.update(self.busy)
        for pick, group, places in self.empty:
            if any(itertools.chain.from_iterable(map(pick, group))):  # a container filled in place
                found.update(place for place, fields in zip(places, group, strict=True) if any(pick(fields)))
        return sorted(found)

    def renew(self, kept: dict[ObjectId, _Memo], objects: list[GameObject], suspects: list[int]) -> bool:
        """Ask each suspect's entry whether it still holds; start afresh those that don't (in
        ``kept`` too) and bring the states, visible objects and holders up to date.  True if any
        object was started afresh."""
        renewed = False
        regroup = rebuild = False
        for place in suspects:
            obj, entry = objects[place], self.entries[place]
            if entry.holds(obj):
                continue
            made = _Memo.of(obj)
            renewed = True
            object_id = obj.id
            self.entries[place] = kept[object_id] = made
            self.states[object_id] = made.start
            if made.exists != entry.exists or _holds_statics(made) or _holds_statics(entry):
                rebuild = True  # the visible objects or the holders change
            elif made.exists:
                self.visible[object_id] = made.start
            if (made.contents is None) != (entry.contents is None) or made.names != entry.names:
                regroup = True
        if rebuild:
            self.visible = {o.id: e.start for o, e in zip(objects, self.entries, strict=True) if e.exists}
            self.holders = [(o.id, e.start, e.statics[1]) for o, e in zip(objects, self.entries, strict=True)
                            if e.exists and e.statics is not None and e.statics[1]]
        if regroup:
            self._group()
        if suspects:
            self.stamps = list(map(_STAMP_OF, self.fields))  # every entry holds for the object as it is now
        return renewed


def _holds_statics(entry: _Memo) -> bool:
    """Is the entry's object among the holders of static abilities with layer parts?"""
    return entry.exists and entry.statics is not None and bool(entry.statics[1])


def _start(obj: GameObject) -> ObjectState:
    """The object's printed values (613.1): read from the object alone (its memo is keyed by
    the object's fields)."""
    state = ObjectState(obj.id, obj.zone, obj.owner, obj.controller, obj.timestamp, obj.face_down is not None,
                        obj.attached_to, counters={k: p.count for k, p in obj.counters.items()}, x=obj.x,
                        flipped=obj.flipped and obj.zone is Zone.BATTLEFIELD)
    if obj.face_down is not None and obj.zone in FACE_DOWN_ZONES:
        state.become(face_down_values(obj))  # its printed abilities never function (708.2, 406.3a)
    else:
        state.become_card(obj.printed_card)
        state.mana_value_from = mana_value_cost(obj, state)
    sync_land_abilities(state)
    return state


def mana_value_cost(obj: GameObject, state: ObjectState) -> ManaCost | None:
    """The cost an object's mana value comes from when not its own mana cost: a transformed
    permanent's front face (202.3b).  X on the stack is counted from ``state.x`` (202.3e)."""
    if obj.transformed and obj.card.back is not None:
        return obj.card.front.mana_cost
    if obj.melded_with is None:
        return None
    from kb.engine import meld

    return meld.mana_value_cost(obj)  # the sum of a melded permanent's front faces (712.8g)


def sync_land_abilities(state: ObjectState) -> None:
    """A land has the intrinsic mana ability of each of its basic land types (305.6); a Siege its
    intrinsic triggered ability (310.11b)."""
    wanted = {t for t in BASIC_LAND_TYPES if t in state.subtypes} if CardType.LAND in state.types else set()
    if wanted or any(h.origin is Origin.LAND_TYPE for h in state.abilities):  # else nothing to add or remove
        have = {h.ability for h in state.abilities if h.origin is Origin.LAND_TYPE}
        given = {INTRINSIC_MANA_ABILITIES[t] for t in wanted}
        keep = tuple(h for h in state.abilities if h.origin is not Origin.LAND_TYPE or h.ability in given)
        added = tuple(HeldAbility(INTRINSIC_MANA_ABILITIES[t], Origin.LAND_TYPE) for t in sorted(wanted)
                      if INTRINSIC_MANA_ABILITIES[t] not in have)
        if added or len(keep) != len(state.abilities):
            state.abilities = keep + added
    battles.sync_intrinsic(state)


FACE_DOWN_VALUES = Characteristics(types=frozenset({CardType.CREATURE}), power=2, toughness=2)
"""A 2/2 face-down creature with no text, name, subtypes or mana cost (702.37a, 701.40a, 708.2a)."""

FACE_DOWN_WITH_WARD = Characteristics(types=frozenset({CardType.CREATURE}), power=2, toughness=2,
                                      abilities=(Keyword("ward", "{2}"),))
"""The same with ward {2}: disguise (702.168a) and cloak (701.58a)."""


NO_CHARACTERISTICS = Characteristics()
"""A card exiled face down has no characteristics (406.3a)."""

FACE_DOWN_ZONES = (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE)
"""Where a face-down object's characteristics are those its being face down gives (708.2, 406.3a);
face-down cards of the command zone follow their own rules (``command``)."""


def face_down_values(obj: GameObject) -> Characteristics:
    """What the rule that made ``obj`` face down says it is (708.2); nothing in exile (406.3a)."""
    if obj.zone is Zone.EXILE:
        return NO_CHARACTERISTICS
    if obj.face_down in (FaceDown.DISGUISE, FaceDown.CLOAK):
        return FACE_DOWN_WITH_WARD
    return FACE_DOWN_VALUES


def face_down_rule(game: Game, evaluation: Evaluation) -> None:
    """Layer 1b: face-down spells and permanents have only the characteristics the rule or
    ability that made them face down lists, as their copiable values (613.2b, 708.2, 708.10)."""
    for object_id in list(evaluation.states):
        obj = game.objects[object_id]
        if obj.face_down is not None and obj.zone in FACE_DOWN_ZONES:
            evaluation.writable(object_id).become(face_down_values(obj))


def run_layer(evaluation: Evaluation, layer: Layer) -> None:
    """Apply every effect with a part in ``layer``, one at a time, choosing each next by 613.3,
    613.7 and 613.8 (re-evaluated after each one, 613.8c)."""
    applied = evaluation.applied.setdefault(layer, set())
    if not evaluation.live and not evaluation.fixed_layers.get(layer) and not evaluation.holders():
        return  # no effect could be a candidate (most evaluations: only counters, or nothing)
    for _ in bounded("applying the effects of one layer (613.8c)"):
        pending = candidates(evaluation, layer)
        if not pending:
            return
        if layer.cda_first and any(a.cda for a in pending):
            pending = [a for a in pending if a.cda]  # 613.3
        chosen = dependency.next_effect(evaluation, layer, pending)
        apply_effect(evaluation, layer, chosen)
        applied.add(chosen.key)


def candidates(evaluation: Evaluation, layer: Layer) -> list[Applicable]:
    """The effects with a part in ``layer`` that exist now and haven't applied in it yet."""
    done = evaluation.applied.get(layer, set())
    found = [a for a in evaluation.fixed if a.key not in done and a.parts_in(layer)]
    found += [a for a in static_effects(evaluation, layer) if a.key not in done]
    return found


def static_effects(evaluation: Evaluation, layer: Layer) -> list[Applicable]:
    """Effects of the static abilities that function now and have a part in ``layer`` (611.3b).

    An effect that already started in an earlier layer goes on even if its ability is gone
    (613.6).  Each has the later of its object's timestamp and that of the effect that granted
    the ability (613.7a); one object's abilities keep their printed order."""
    found: dict[object, Applicable] = {k: a for k, a in evaluation.live.items() if a.parts_in(layer)}
    for object_id, state, statics in evaluation.holders():
        obj = evaluation.game.objects[object_id]
        if obj.zone is Zone.COMMAND and obj.face_down is not None:
            continue
        for index, held, ability in statics:
            if held in found or held in evaluation.live:
                continue
            first = evaluation.first_seen.setdefault(held, layer)
            if not ability.functions_in(state.zone):
                continue
            cda = is_cda(held, ability)
            if ability.cda and state.zone not in ability.zones and not cda:
                continue  # written like a CDA but not one (604.3a): only CDAs function everywhere (604.3)
            parts = ability.parts if cda else static_parts(held, ability)
            if all(p.layer is not layer for p in parts) and not _too_late_parts(parts, first):
                continue  # nothing to do or to refuse in this layer (what follows would find so)
            effect = Applicable(held, ability.text, parts, max(state.timestamp, held.since), index,
                                cda, object_id, None, None, ability.affects, held, ability.condition)
            missed = _too_late(effect, first)
            if missed and exists(evaluation, effect):
                # asked whether or not it has a part in this layer: one whose parts are all in
                # earlier layers would otherwise be silently ignored
                raise NotModelled(f"the static ability {effect.text!r} appeared in layer {first.label} "
                                  f"but has a part in the earlier layer {missed[0].layer.label}")
            if not effect.parts_in(layer) or not exists(evaluation, effect):
                continue
            found[held] = effect
    return list(found.values())


def _too_late(effect: Applicable, first: Layer) -> list[LayerPart]:
    """The parts of a static ability that first appeared in layer ``first`` (gained in layer 6,
    say) that belong to earlier layers, already applied: the model can't go back in time."""
    return _too_late_parts(effect.parts, first)


def _too_late_parts(parts: Iterable[LayerPart], first: Layer) -> list[LayerPart]:
    if first <= Layer.COPY:
        return []
    return [p for p in parts if p.layer < first and p.layer is not Layer.FACE_DOWN]


def exists(evaluation: Evaluation, effect: Applicable, visible: dict[ObjectId, ObjectState] | None = None) -> bool:
    """Does a static ability's effect exist now: is its object still there with the ability,
    in a zone where it functions, with its condition true (613.8a "the existence of")?"""
    if effect.held is None:
        return True
    states = evaluation.visible if visible is None else visible
    source = states.get(effect.source) if effect.source is not None else None
    if source is None or effect.held not in source.abilities:
        return False
    ability = keyword_abilities.static(effect.held.ability)
    assert ability is not None
    if not ability.functions_in(source.zone):
        return False
    return effect.condition is None or effect.condition.holds(evaluation.context(effect, states))


def affected_set(evaluation: Evaluation, effect: Applicable,
                 visible: dict[ObjectId, ObjectState] | None = None) -> frozenset[ObjectId]:
    """The objects ``effect`` applies to if it applied now: the set it started with (613.6),
    the set fixed when it was created (611.2c), or what its filter finds (611.3a)."""
    states = evaluation.visible if visible is None else visible
    if effect.started is not None:
        return frozenset(i for i in effect.started if i in states)
    if effect.locked is not None:
        return frozenset(i for i in effect.locked if i in states)
    assert effect.selector is not None
    if visible is not None:
        return effect.selector.select(evaluation.context(effect, states))
    known = evaluation.sets.get(effect.key)
    if known is not None and known[0] == evaluation.changes:
        return known[1]
    found = effect.selector.select(evaluation.context(effect, states))
    evaluation.sets[effect.key] = (evaluation.changes, found)
    return found


def plans(evaluation: Evaluation, effect: Applicable, layer: Layer, targets: Iterable[ObjectId],
          visible: dict[ObjectId, ObjectState] | None = None) -> tuple[tuple[ObjectId, tuple[Op, ...]], ...]:
    """What ``effect`` would do, in ``layer``, to each object (613.8a "what it does")."""
    states = evaluation.visible if visible is None else visible
    context = evaluation.context(effect, states)
    parts = effect.parts_in(layer)
    return tuple((i, tuple(p.plan(context, states[i]) for p in parts)) for i in sorted(targets))


def apply_effect(evaluation: Evaluation, layer: Layer, effect: Applicable) -> None:
    """Apply ``effect``'s parts in ``layer``; the first time it applies, its set is fixed (613.6)."""
    targets = affected_set(evaluation, effect)
    if effect.started is None:
        effect.started = targets
        if effect.held is not None:
            evaluation.live[effect.key] = effect
    evaluation.applied_count += 1
    for object_id, ops in plans(evaluation, effect, layer, targets):
        state = evaluation.writable(object_id)
        for op in ops:
            before = len(state.abilities)
            op.apply(state, effect.timestamp)
            if isinstance(op, GainAbilities) and not _grants_its_own(effect, object_id):
                state.abilities = state.abilities[:before] + tuple(
                    dataclasses.replace(h, own=False) for h in state.abilities[before:])
        if layer in (Layer.TEXT, Layer.TYPE):
            sync_land_abilities(state)  # a land's basic land types give it their mana abilities (305.6)


def _grants_its_own(effect: Applicable, object_id: ObjectId) -> bool:
    """Does ``effect`` come from an ability printed on ``object_id`` itself (607.1a)?"""
    return effect.source == object_id and effect.held is not None and effect.held.origin is Origin.PRINTED


def counter_effects(game: Game) -> list[Applicable]:
    """Counters as effects with the counters' timestamp (613.7c): power/toughness counters in
    layer 7c (613.4c), keyword counters in layer 6 (122.1b, 613.1f)."""
    found = []
    for obj in game.objects.values():
        if obj.zone is not Zone.BATTLEFIELD:
            continue
        for kind, pile in obj.counters.items():
            match = PT_COUNTER.match(kind)
            part: LayerPart
            if match is not None:
                power, toughness = (int(v) * pile.count for v in match.groups())
                part = constant(Layer.PT_MODIFYING, ModifyPT(power, toughness), f"{pile.count} {kind} counter(s)")
            elif kind in MODELLED and MODELLED[kind] == "none":
                part = constant(Layer.ABILITY, GainAbilities((Keyword(kind),)), f"{kind} counter")
            else:
                continue
            found.append(Applicable(("counter", obj.id, kind), part.text, (part,), pile.timestamp,
                                    source=obj.id, locked=frozenset({obj.id})))
    return found


def sticker_effects(game: Game) -> list[Applicable]:
    """Power/toughness stickers set base power and toughness in layer 7b (123.8); name stickers
    change the name in layer 3, in every zone (123.6c)."""
    found = []
    for obj in game.objects.values():
        for index, sticker in enumerate(obj.stickers):
            part: LayerPart
            if isinstance(sticker, NameSticker):
                part = constant(Layer.TEXT, AddNameWord(sticker.word, sticker.position), f"{sticker.word} sticker")
            elif obj.zone is Zone.BATTLEFIELD:
                part = constant(Layer.PT_SETTING, SetPT(sticker.power, sticker.toughness), "sticker")
            else:
                continue
            found.append(Applicable(("sticker", obj.id, index), part.text, (part,), sticker.timestamp, source=obj.id,
                                    locked=frozenset({obj.id})))
    return found


@dataclass(eq=False)
class _Memo:
    """One object's starting state, kept while the object's fields stay the same (:meth:`holds`),
    shared by every evaluation that changes nothing of it (one that does changes a copy,
    :meth:`Evaluation.writable`); its copiable values, view and static abilities once found."""

    stamp: object
    """The object's ``_stamp`` (:class:`kb.engine.objects.Tracked`) as it was: while it is the
    same, every field was last set before, so only what a container holds may have changed."""
    keys: tuple[str, ...]
    values: tuple[object, ...]
    """The object's fields as they were: compared by identity first, then equality."""
    held: tuple[int, ...]
    """Where ``values`` holds something that may change in place (a list, a record …)."""
    names: tuple[str, ...]
    """The names of those fields."""
    contents: tuple[object, ...] | None
    """A copy of what those held then (:func:`_frozen`); None when they were all empty containers."""
    start: ObjectState
    exists: bool
    """:func:`kb.engine.phasing.exists` of the object (it reads the object's fields)."""
    copiable: tuple[Characteristics, CopiableCard | None] | None = None
    view: View | None = None
    statics: tuple[tuple[HeldAbility, ...], list[tuple[int, HeldAbility, StaticAbility]]] | None = None
    first: _Memo | None = None
    """The shared first state this one's start is (:data:`_FIRST`): its copiable values and view
    are filled in with this one's."""

    @classmethod
    def of(cls, obj: GameObject) -> _Memo:
        fields = obj.__dict__
        keys = tuple(fields)
        values = tuple(fields.values())
        held = _held(keys, tuple(map(type, values)))
        contents = _contents(values, held)
        first = _first_of(keys, values, held) if contents is None else None
        if first is not None:  # an object equal field by field to one seen before: its first state and view
            return cls(fields.get("_stamp"), keys, values, held, first.names, None, first.start, first.exists,
                       first.copiable, first.view, first.statics, first)
        start = _start(obj)
        made = cls(fields.get("_stamp"), keys, values, held, tuple(keys[i] for i in held), contents,
                   start, phasing.exists(obj),
                   statics=(start.abilities, _statics(start.abilities)))
        if contents is None and not start.abilities:
            made.first = _keep_first(keys, values, held, made)
        return made

    def holds(self, obj: GameObject) -> bool:
        """Is ``obj`` as it was when this was made: every field the same (any change to the
        object, in place or not, makes it differ)?  What the game holds is not the object's."""
        fields = obj.__dict__
        if self.stamp is not None and fields.get("_stamp") == self.stamp:
            now = _picker(self.names)(fields)  # the same containers, or equal ones
            if self.contents is None and not any(now):
                return True  # the usual case: nothing set since, every container still empty
            return _contents(now, tuple(range(len(now)))) == self.contents
        values = tuple(fields.values())
        if values != self.values or tuple(fields) != self.keys:
            return False
        if self.contents is None and not any(_picker(self.held)(values)):
            return True
        return _contents(values, self.held) == self.contents


def _held(keys: tuple[str, ...], types: tuple[type, ...]) -> tuple[int, ...]:
    """Where fields of these names and kinds may hold something that changes in place: found once
    per shape of object (its game, ``_game``, is not the object's)."""
    found = _HELD.get((keys, types))
    if found is None:
        found = _HELD[keys, types] = tuple(i for i, kind in enumerate(types)
                                           if keys[i] != "_game" and _kind(kind) is not _AS_IS)
    return found


_HELD: dict[tuple[tuple[str, ...], tuple[type, ...]], tuple[int, ...]] = {}

_FIRST: dict[object, _Memo] = {}
"""First states shared by objects equal field by field but for their game and stamp, with every
container empty and no ability (the nameless cards of every scenario's libraries: the same ids,
owners and timestamps in every game): a game's first evaluation made each anew.  What is shared
is never changed (a state is copied before an effect changes it, :meth:`Evaluation.writable`; a
view never is); emptied when the program changes (:func:`_memo_of`)."""
_FIRST_LIMIT = 4_096


def _first_key(keys: tuple[str, ...], values: tuple[object, ...], held: tuple[int, ...]) -> tuple[object, ...]:
    """The object's fields but its game, its stamp and its (empty) containers, after a number
    standing for the object's shape (its fields' names and where its containers are)."""
    shape = _PLAIN_AT.get((keys, held))
    if shape is None:
        plain = tuple(i for i, k in enumerate(keys) if i not in held and k not in ("_game", "_stamp"))
        shape = _PLAIN_AT[keys, held] = (len(_PLAIN_AT), _picker(plain))
    return shape[0], *shape[1](values)


_PLAIN_AT: dict[tuple[tuple[str, ...], tuple[int, ...]], tuple[int, Callable[[Any], tuple[object, ...]]]] = {}
"""Per shape of object: its number, and what picks its fields but its game, stamp and containers."""


def _first_of(keys: tuple[str, ...], values: tuple[object, ...], held: tuple[int, ...]) -> _Memo | None:
    try:
        return _FIRST.get(_first_key(keys, values, held))
    except TypeError:  # a field that can't be a key
        return None


def _keep_first(keys: tuple[str, ...], values: tuple[object, ...], held: tuple[int, ...], entry: _Memo
                ) -> _Memo | None:
    """Share ``entry``'s first state: a copy without the object's fields (they hold its game)."""
    if len(_FIRST) >= _FIRST_LIMIT:
        return None
    kept = _Memo(None, keys, (), held, entry.names, None, entry.start, entry.exists, statics=entry.statics)
    try:
        _FIRST[_first_key(keys, values, held)] = kept
    except TypeError:  # a field that can't be a key
        return None
    return kept


@functools.cache
def _picker(held: tuple[Any, ...]) -> Callable[[Any], tuple[object, ...]]:
    """``values[i] for i in held``, as a tuple, without a loop in Python."""
    if len(held) == 1:
        return lambda values: (values[held[0]],)
    return operator.itemgetter(*held) if held else (lambda values: ())


def _contents(values: tuple[object, ...], held: tuple[int, ...]) -> tuple[object, ...] | None:
    found = [values[i] for i in held]
    if not any(found) and _CONTAINERS.issuperset(map(type, found)):
        return None
    return tuple(map(_frozen, found))


_MEMOS = "_layers_memo"
"""Where a game keeps its memo (in its own ``__dict__``, with the program it was made by): kept
beside the game rather than in a weak mapping keyed by it, whose entries (each memo holds its
objects' fields, their game among them) kept every game alive to the end of the process."""
_program_generation = 0
_FIRST_PROGRAM: list[object] = [None]
"""The program :data:`_FIRST` was made by."""
_LAST = "_layers_last"
"""Where a game keeps its last plain evaluation (:attr:`Evaluation.plain`), with the program's
generation and the objects it saw, in order; gone once a later evaluation of the game is not plain."""


def program_changed() -> None:
    """Say that the engine's code changed (a mutant applied or removed): no view kept from
    before is used again."""
    global _program_generation
    _program_generation += 1


def program_generation() -> int:
    """How many times :func:`program_changed` was called."""
    return _program_generation


def fields_now(holder: object) -> tuple[object, ...]:
    """Every field of ``holder`` (a player …) as a value equal to another only while the fields
    hold the same things (lists and records copied, see :func:`_frozen`); its game is left out.
    A :class:`~kb.engine.objects.Tracked` holder's plain fields are stood for by its stamp (equal
    stamps, equal fields: a checkpoint restores a player's stamp with its fields)."""
    fields = holder.__dict__
    stamp = fields.get("_stamp")
    if stamp is not None:  # a Tracked holder: its stamp stands for its plain fields (see _Memo.stamp)
        shape = _STAMPED.get(stamp)
        if shape is None or len(shape[0]) != len(fields):  # (same stamp, same fields: names and kinds)
            keys = tuple(fields)
            held = _held(keys, tuple(map(type, fields.values())))
            if len(_STAMPED) >= _FIRST_LIMIT:
                _STAMPED.clear()
            shape = _STAMPED[stamp] = (keys, _picker(tuple(keys[i] for i in held)))
        return (stamp, shape[0], *map(_frozen, shape[1](fields)))
    game = fields.get("_game")
    return (tuple(fields), *(v if type(v) in _PLAIN else _frozen(v) for v in fields.values() if v is not game))


_STAMPED: dict[object, tuple[tuple[str, ...], Callable[[Any], tuple[object, ...]]]] = {}
"""Per stamp of a holder :func:`fields_now` was asked about: its fields' names and what picks
those that may change in place (found once per stamp, not at each check of state-based actions)."""


def _program() -> tuple[object, ...]:
    """What a kept state or view was computed with: the functions that compute them (looked up
    now, so a replaced one is seen) and the generation :func:`program_changed` counts."""
    return (_program_generation, _start, _freeze, face_down_rule, face_down_values, sync_land_abilities,
            mana_value_cost, battles.sync_intrinsic, phasing.exists, ObjectState.become, ObjectState.become_card,
            ObjectState.copiable, ObjectState.values)


def _memo_of(game: Game) -> dict[ObjectId, _Memo] | None:
    if not game.cache_views:
        return None
    program = _program()
    if _FIRST and _FIRST_PROGRAM[0] != program:
        _FIRST.clear()
    _FIRST_PROGRAM[0] = program
    found: tuple[tuple[object, ...], dict[ObjectId, _Memo]] | None = game.__dict__.get(_MEMOS)
    if found is None or found[0] != program:
        found = game.__dict__[_MEMOS] = (program, {})
    return found[1]


def kept_memo(game: Game) -> dict[ObjectId, _Memo]:
    """The game's memo as its last evaluation left it (empty when it has none)."""
    found = game.__dict__.get(_MEMOS)
    return found[1] if found is not None else {}


def last_plain(game: Game) -> Views | None:
    """The views of the game's last evaluation if it was plain and is kept (see :func:`evaluate`)."""
    found = game.__dict__.get(_LAST)
    return found[1] if found is not None else None


_PLAIN: set[type] = {int, str, bool, float, type(None)}
"""Kinds of values that never change in place (enums and frozen records join as they are met)."""
_CONTAINERS = {list, dict, set, tuple}
_AS_IS, _SEQUENCE, _MAPPING, _SET, _RECORD, _UNKNOWN = range(6)
_KINDS: dict[type, int] = {}


def _kind(kind: type) -> int:
    found = _KINDS.get(kind)
    if found is None:
        if issubclass(kind, (int, str, float, bytes, type(None), Enum)) and not issubclass(kind, tuple):
            found = _AS_IS
        elif issubclass(kind, (list, tuple)):
            found = _SEQUENCE
        elif issubclass(kind, dict):
            found = _MAPPING
        elif issubclass(kind, (set, frozenset)):
            found = _SET
        elif dataclasses.is_dataclass(kind):
            # a frozen record (a card) compares by its own equality, identity for a card
            found = _AS_IS if kind.__dataclass_params__.frozen else _RECORD  # type: ignore[attr-defined]
        else:
            found = _UNKNOWN
        _KINDS[kind] = found
        if found is _AS_IS:
            _PLAIN.add(kind)
    return found


def _frozen(value: Any) -> object:
    kind = _kind(type(value))
    if kind is _AS_IS:
        return value
    if kind is _SEQUENCE:
        if _PLAIN.issuperset(map(type, value)):  # the usual case (ids, words): no copy of each
            return (type(value), *value)
        return (type(value), *(_frozen(v) for v in value))
    if kind is _MAPPING:
        if _PLAIN.issuperset(map(type, value.values())):
            return (dict, *value.items())
        return (dict, *((k, _frozen(v)) for k, v in value.items()))
    if kind is _SET:
        if _PLAIN.issuperset(map(type, value)):
            return (type(value), frozenset(value))
        return (type(value), frozenset(_frozen(v) for v in value))
    if kind is _RECORD:
        fields = value.__dict__.values()
        if _PLAIN.issuperset(map(type, fields)):
            return (type(value), *fields)
        return (type(value), *(_frozen(v) for v in fields))
    return object()  # unknown: never equal to anything kept


def _unchanged(evaluation: Evaluation, object_id: ObjectId, state: ObjectState) -> _Memo | None:
    """The object's memo if no effect has changed its state so far in this evaluation."""
    entry = evaluation.memo.get(object_id)
    if entry is not None and (state is entry.start or state.__dict__ == entry.start.__dict__):
        return entry
    return None


def _copiable_now(evaluation: Evaluation, object_id: ObjectId, state: ObjectState
                  ) -> tuple[Characteristics, CopiableCard | None]:
    """The object's copiable values as layers 1a and 1b leave them (613.2c)."""
    entry = _unchanged(evaluation, object_id, state)
    if entry is None:
        return state.copiable(), state.copy_basis
    if entry.copiable is None:
        entry.copiable = (state.copiable(), state.copy_basis)
        if entry.first is not None and entry.first.copiable is None:
            entry.first.copiable = entry.copiable
    return entry.copiable


def _view(evaluation: Evaluation, obj: GameObject, state: ObjectState,
          copiable: tuple[Characteristics, CopiableCard | None]) -> View:
    entry = _unchanged(evaluation, obj.id, state)
    if entry is None or entry.copiable is not copiable:
        return _freeze(obj, state, *copiable)
    if entry.view is None:
        entry.view = _freeze(obj, state, *copiable)
        if entry.first is not None and entry.first.view is None and entry.first.copiable is copiable:
            entry.first.view = entry.view
    return entry.view


def _freeze(obj: GameObject, state: ObjectState, copiable: Characteristics, card: CopiableCard | None) -> View:
    status = Status(obj.tapped, obj.flipped, obj.face_down is not None, not phasing.exists(obj), obj.transformed)
    values = state.values()
    if obj.zone is Zone.BATTLEFIELD and CardType.CREATURE not in values.types and values.power is not None:
        values = replace(values, power=None, toughness=None)  # 208.3: only creatures have them
    return View(obj.id, obj.zone, obj.owner, state.controller, obj.timestamp, values, copiable, status,
                {k: p.count for k, p in obj.counters.items()}, obj.damage, obj.attached_to, obj.is_token,
                tuple(h.since for h in state.abilities), x=obj.x, copiable_card=card,
                granted_by_others=frozenset(i for i, h in enumerate(state.abilities) if not h.own))
