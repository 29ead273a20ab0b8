"""Characteristics with every continuous effect applied: the layer system (613).

Every object starts from its printed values (613.1); then each layer and sublayer applies,
in order, the effects that belong to it, in timestamp order (613.7).  Within a layer an effect
looks at the objects as the earlier layers left them, so "creatures you control" in layer 7c
sees control after layer 2 and types after layer 4.

Effects come from four places: resolved spells and abilities (``game.effects``), static
abilities of objects in the zone where they function (611.3b), counters (613.4c, 613.1f) and
power/toughness stickers (123.8).  A static ability granted by an effect produces effects
too, so the abilities are collected again after layer 6 until they stop changing.
Dependencies (613.8) are not modelled.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kb.engine import morph, phasing
from kb.engine.abilities import Keyword, StaticAbility
from kb.engine.basics import Zone
from kb.engine.characteristics import Characteristics, ObjectState, View
from kb.engine.effects import (
    Applying,
    ContinuousEffect,
    Indefinite,
    Layer,
    gain,
    modify_pt,
    set_base_pt,
)

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId
    from kb.engine.game import Game, GameObject

KEYWORD_COUNTERS = frozenset({"flying", "first strike", "deathtouch", "lifelink", "trample", "haste",
                              "vigilance", "reach", "menace", "hexproof", "indestructible"})
"""Counters that grant the keyword they name (122.1b, layer 6)."""

_MAX_PASSES = 4


def compute(game: Game) -> dict[ObjectId, View]:
    return {i: s.freeze() for i, s in compute_states(game).items()}


def compute_states(game: Game) -> dict[ObjectId, ObjectState]:
    base = {obj.id: _start(obj) for obj in game.objects.values()}
    resolved = [e for e in game.effects if not e.ended]
    _apply(game, [Layer.COPY], resolved, base)
    _face_down(game, base)
    statics = static_effects(game, base)
    for _ in range(_MAX_PASSES):
        states = {i: _clone(s) for i, s in base.items()}
        effects = resolved + statics + counter_effects(game) + sticker_effects(game)
        _apply(game, [layer for layer in Layer if layer > Layer.FACE_DOWN], effects, states)
        again = static_effects(game, states)
        if _same(again, statics):
            break
        statics = again
    return states


def copiable_values(game: Game, object_id: ObjectId) -> Characteristics:
    """An object's copiable values: its printed values after copy effects and the face-down
    rule, nothing else (613.2c, 707.2, 708.2)."""
    states = {obj.id: _start(obj) for obj in game.objects.values()}
    _apply(game, [Layer.COPY], [e for e in game.effects if not e.ended], states)
    _face_down(game, states)
    return states[object_id].copiable()


def _start(obj: GameObject) -> ObjectState:
    state = ObjectState(obj.id, obj.zone, obj.owner, obj.controller, obj.timestamp, obj.face_down,
                        obj.attached_to)
    state.become(obj.printed)
    return state


def _clone(state: ObjectState) -> ObjectState:
    copy = ObjectState(state.id, state.zone, state.owner, state.controller, state.timestamp, state.face_down,
                       state.attached_to)
    copy.become(state.copiable())
    copy.abilities = list(state.abilities)
    return copy


def _face_down(game: Game, states: dict[ObjectId, ObjectState]) -> None:
    """Layer 1b: face-down spells and permanents have only the values the rule gives (708.2)."""
    for obj in game.objects.values():
        if obj.face_down and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            states[obj.id].become(morph.face_down_values(obj))


def order_in_layer(effects: Iterable[ContinuousEffect]) -> list[ContinuousEffect]:
    """Timestamp order: the earlier effect applies first (613.7)."""
    return sorted(effects, key=lambda e: (e.timestamp, e.order))


def affected(game: Game, effect: ContinuousEffect, states: dict[ObjectId, ObjectState]) -> list[ObjectId]:
    """The objects ``effect`` applies to now.  A fixed set stays what it was when the effect
    was created (611.2c); a selector is looked at again (611.3a).  Objects that don't exist
    for the game (phased out) are never affected (702.26b)."""
    if effect.fixed:
        ids: Iterable[ObjectId] = effect.affected
    else:
        source = states.get(effect.source) if effect.source is not None else None
        selector = effect.selector
        ids = [i for i, s in states.items() if selector is not None and selector(source, s)]
    return [i for i in ids if i in states and phasing.exists(game.objects[i])]


def _apply(game: Game, layer_list: list[Layer], effects: list[ContinuousEffect],
           states: dict[ObjectId, ObjectState]) -> None:
    for layer in layer_list:
        for effect in order_in_layer(e for e in effects if layer in e.layers):
            targets = affected(game, effect, states)
            at = Applying(effect.timestamp, states, game)
            for part in effect.parts:
                if part.layer is layer:
                    for object_id in targets:
                        part.apply(states[object_id], at)


def static_effects(game: Game, states: dict[ObjectId, ObjectState]) -> list[ContinuousEffect]:
    """Effects of the static abilities that function now (611.3b).

    Each has the later of its object's timestamp and the timestamp of the effect that granted
    the ability; an object's own abilities keep their printed order (613.7a).
    """
    found = []
    for obj in game.objects.values():
        state = states[obj.id]
        if not phasing.exists(obj) or (obj.zone is Zone.COMMAND and obj.face_down):
            continue
        for index, held in enumerate(state.abilities):
            ability = held.ability
            if not isinstance(ability, StaticAbility) or not ability.parts or ability.zone is not obj.zone:
                continue
            if ability.condition is not None and not ability.condition(game, obj):
                continue
            found.append(ContinuousEffect(
                ability.text, ability.parts, timestamp=max(obj.timestamp, held.since),
                duration=Indefinite(), selector=ability.affects, fixed=False, source=obj.id,
                controller=state.controller, order=index,
            ))
    return found


def _same(a: list[ContinuousEffect], b: list[ContinuousEffect]) -> bool:
    def key(effects: list[ContinuousEffect]) -> list[tuple[int | None, int, int, int]]:
        return sorted((e.source, e.order, e.timestamp, id(e.parts)) for e in effects)

    return key(a) == key(b)


def counter_effects(game: Game) -> list[ContinuousEffect]:
    """+1/+1 and -1/-1 counters in layer 7c, keyword counters in layer 6, with the counters'
    timestamps (613.7c)."""
    found = []
    for obj in game.objects.values():
        if obj.zone is not Zone.BATTLEFIELD:
            continue
        for kind, pile in obj.counters.items():
            if kind == "+1/+1":
                part = modify_pt(pile.count, pile.count)
            elif kind == "-1/-1":
                part = modify_pt(-pile.count, -pile.count)
            elif kind in KEYWORD_COUNTERS:
                part = gain(Keyword(kind))
            else:
                continue
            found.append(ContinuousEffect(f"{pile.count} {kind} counter(s)", (part,), pile.timestamp,
                                          affected=frozenset({obj.id}), source=obj.id))
    return found


def sticker_effects(game: Game) -> list[ContinuousEffect]:
    """Power/toughness stickers set base power and toughness in layer 7b (123.8)."""
    return [
        ContinuousEffect(f"{s.power}/{s.toughness} sticker", (set_base_pt(s.power, s.toughness),),
                         s.timestamp, affected=frozenset({obj.id}), source=obj.id)
        for obj in game.objects.values() if obj.zone is Zone.BATTLEFIELD for s in obj.stickers
    ]
