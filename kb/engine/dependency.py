"""Which effect applies next within a layer: timestamps (613.7) and dependencies (613.8).

613.8a: an effect A depends on an effect B of the same layer (or sublayer) if applying B would
change A's text, whether A exists, what A applies to, or what A does to any of those things —
unless exactly one of them is from a characteristic-defining ability.  This module decides it
*by trial*: on a scratch copy of the objects as they are at this point of the layer, it applies
B and compares A's existence, affected set and planned operations with and without B.  No
dependency is declared by hand.  (Text-changing effects are not modelled, so "text" never differs.)

613.8b: an effect waits until every effect it depends on has applied; among the effects free
to apply, the earliest timestamp goes first; effects that form a dependency loop ignore their
dependencies on each other and go by timestamp.  613.8c: after each effect applies, the
dependencies among the rest are determined again (:func:`kb.engine.layers.run_layer` asks this
module once per applied effect).

A trial is skipped when B changes none of the characteristics A reads: then A's existence, set
and plans can't differ, so the trial's answer is known.  ``reads`` of filters, conditions and
parts make this possible; anything written as a free function reads everything and is tried.
When A's filter and parts are ``local`` (they look only at the object in question and A's
source) and B left A's source alone, only the objects B changed can answer differently, so only
those are compared; otherwise A's whole signature is computed on the scratch copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from kb.engine import layers
from kb.engine.basics import ObjectId
from kb.engine.characteristics import ObjectState, changed_fields
from kb.engine.parts import Layer
from kb.engine.selectors import EVERYTHING

if TYPE_CHECKING:
    from kb.engine.layers import Applicable, Evaluation

Signature = tuple[object, ...]


def next_effect(evaluation: Evaluation, layer: Layer, pending: list[Applicable]) -> Applicable:
    """The effect to apply next among ``pending`` (613.7, 613.8b)."""
    if len(pending) == 1:
        return pending[0]
    depends = dependencies(evaluation, layer, pending)
    loops = components(pending, depends)
    ready = [a for a in pending if depends[a] <= loops[a]]
    return min(ready, key=lambda a: a.sort_key)


def reads(effect: Applicable, layer: Layer) -> frozenset[str]:
    """The characteristics that decide ``effect``'s existence, set and plans in ``layer``."""
    found: set[str] = set()
    for part in effect.parts_in(layer):
        found |= part.reads
    if effect.started is None and effect.locked is None and effect.selector is not None:
        found |= effect.selector.reads
    if effect.held is not None:
        found |= {"controller"}  # "you" is the controller of the ability's object (109.5)
        if effect.started is None:
            found |= {"abilities"} | (effect.condition.reads if effect.condition is not None else set())
    return frozenset(found)


def signature(evaluation: Evaluation, layer: Layer, effect: Applicable,
              visible: dict[ObjectId, ObjectState] | None = None) -> Signature:
    """Whether ``effect`` exists, what it applies to and what it does to each (613.8a)."""
    if effect.started is None and not layers.exists(evaluation, effect, visible):
        return (False,)
    targets = layers.affected_set(evaluation, effect, visible)
    return (True, targets, layers.plans(evaluation, effect, layer, targets, visible))


class Trial(NamedTuple):
    """``effect`` applied to a scratch copy of the objects: the copy, the characteristics it
    changed, the objects it changed."""

    scratch: dict[ObjectId, ObjectState]
    written: frozenset[str]
    changed: frozenset[ObjectId]


def trial(evaluation: Evaluation, layer: Layer, effect: Applicable) -> Trial:
    """Apply ``effect`` to a scratch copy of the objects as they are now in this layer."""
    scratch = dict(evaluation.visible)
    written: set[str] = set()
    changed: set[ObjectId] = set()
    targets = layers.affected_set(evaluation, effect)
    for object_id, ops in layers.plans(evaluation, effect, layer, targets):
        before = evaluation.visible[object_id]
        after = before.clone()
        for op in ops:
            op.apply(after, effect.timestamp)
        if layer is Layer.TYPE:
            layers.sync_land_abilities(after)
        fields = changed_fields(before, after)
        if fields:
            scratch[object_id] = after
            written |= fields
            changed.add(object_id)
    return Trial(scratch, frozenset(written), frozenset(changed))


LAYER_WRITES: dict[Layer, frozenset[str]] = {
    Layer.COPY: EVERYTHING, Layer.FACE_DOWN: EVERYTHING, Layer.CONTROL: frozenset({"controller"}),
    Layer.TEXT: EVERYTHING, Layer.TYPE: frozenset({"types", "subtypes", "supertypes", "abilities"}),
    Layer.COLOR: frozenset({"colors"}), Layer.ABILITY: frozenset({"abilities"}),
    Layer.PT_DEFINING: frozenset({"power", "toughness"}), Layer.PT_SETTING: frozenset({"power", "toughness"}),
    Layer.PT_MODIFYING: frozenset({"power", "toughness"}), Layer.PT_SWITCHING: frozenset({"power", "toughness"}),
}
"""What applying an effect of each layer can change (613.1): a trial is needed only when some
effect reads one of these (a type-changing effect adds land types' mana abilities, 305.6)."""


def _may_depend(needs: frozenset[str], layer: Layer) -> bool:
    writes = LAYER_WRITES[layer]
    return needs >= EVERYTHING or writes >= EVERYTHING or bool(needs & writes)


def dependencies(evaluation: Evaluation, layer: Layer, pending: list[Applicable]
                 ) -> dict[Applicable, set[Applicable]]:
    """For each effect, the effects among ``pending`` it depends on (613.8a)."""
    depends: dict[Applicable, set[Applicable]] = {a: set() for a in pending}
    needs_of = {a: reads(a, layer) for a in pending}
    if not any(_may_depend(needs, layer) for needs in needs_of.values()):
        return depends  # nothing here reads what this layer writes: no trial could differ
    trials: dict[Applicable, Trial] = {}
    base: dict[Applicable, Signature] = {}
    for a in pending:
        needs = needs_of[a]
        if not _may_depend(needs, layer):
            continue
        for b in pending:
            if b is a or a.cda != b.cda:  # 613.8a(c)
                continue
            if b not in trials:
                trials[b] = trial(evaluation, layer, b)
            tried = trials[b]
            if not tried.written or not (needs >= EVERYTHING or needs & tried.written):
                continue
            if _local(a, layer) and a.source not in tried.changed:
                if _differs_locally(evaluation, layer, a, tried):
                    depends[a].add(b)
                continue
            if a not in base:
                base[a] = signature(evaluation, layer, a)
            if signature(evaluation, layer, a, tried.scratch) != base[a]:
                depends[a].add(b)
    return depends


def _local(effect: Applicable, layer: Layer) -> bool:
    """Does ``effect``'s existence, set and plans depend only on each object itself and the source?"""
    if not all(part.local for part in effect.parts_in(layer)):
        return False
    return effect.started is not None or effect.locked is not None or \
        (effect.selector is not None and effect.selector.local)


def _differs_locally(evaluation: Evaluation, layer: Layer, effect: Applicable, tried: Trial) -> bool:
    """The signature comparison for a local effect whose source the trial left alone: its
    existence can differ only through its condition; its set and plans only at changed objects."""
    if effect.started is None:
        existed = layers.exists(evaluation, effect)
        if effect.condition is not None and layers.exists(evaluation, effect, tried.scratch) != existed:
            return True
        if not existed:
            return False
    parts = effect.parts_in(layer)
    before_context = evaluation.context(effect)
    after_context = evaluation.context(effect, tried.scratch)
    for object_id in tried.changed:
        before, after = evaluation.visible[object_id], tried.scratch[object_id]
        if effect.started is not None or effect.locked is not None:
            fixed = effect.started if effect.started is not None else effect.locked
            was_in = now_in = fixed is not None and object_id in fixed
        else:
            assert effect.selector is not None
            was_in = effect.selector.matches(before_context, before)
            now_in = effect.selector.matches(after_context, after)
        if was_in != now_in:
            return True
        if now_in and tuple(p.plan(before_context, before) for p in parts) != \
                tuple(p.plan(after_context, after) for p in parts):
            return True
    return False


def components(pending: list[Applicable], depends: dict[Applicable, set[Applicable]]
               ) -> dict[Applicable, set[Applicable]]:
    """Each effect's dependency loop (its strongly connected component; itself alone if none)."""
    order: list[Applicable] = []
    seen: set[Applicable] = set()
    for root in pending:
        if root in seen:
            continue
        stack = [(root, iter(depends[root]))]
        seen.add(root)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                order.append(node)
            elif child not in seen:
                seen.add(child)
                stack.append((child, iter(depends[child])))
    reverse: dict[Applicable, set[Applicable]] = {a: set() for a in pending}
    for a, targets in depends.items():
        for b in targets:
            reverse[b].add(a)
    found: dict[Applicable, set[Applicable]] = {}
    for root in reversed(order):
        if root in found:
            continue
        group = {root}
        todo = [root]
        while todo:
            node = todo.pop()
            for other in reverse[node]:
                if other not in group and other not in found:
                    group.add(other)
                    todo.append(other)
        for member in group:
            found[member] = group
    return found
