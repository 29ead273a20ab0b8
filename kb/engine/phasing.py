"""Phasing (702.26): permanents that phase out are treated as though they don't exist.

Phasing changes a status, not a zone: no object is created or destroyed, timestamps and
counters stay, zone-change and attach triggers don't trigger (702.26d, 702.26j).  Auras,
Equipment and Fortifications attached to a permanent phasing out phase out "indirectly" with
it and come back with it (702.26g, 702.26h).  "When this phases out" abilities look back, so a
permanent's own one triggers (603.10b).  Effects may stop a permanent phasing in or out
(:class:`~kb.engine.rules.CantPhase`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import ATTACHMENT_SUBTYPES
from kb.engine.characteristics import Views
from kb.engine.events import PhasedIn, PhasedOut

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def exists(obj: GameObject) -> bool:
    """False for a phased-out permanent: the game treats it as though it doesn't exist (702.26b)."""
    return not obj.phased_out


def existing_views(views: Mapping[ObjectId, View]) -> dict[ObjectId, View]:
    """The objects that exist for the game: every view but those of phased-out permanents (702.26b).
    Found once per evaluation (kept on a game's :class:`~kb.engine.characteristics.Views`, which
    never changes); each caller gets its own copy."""
    if isinstance(views, Views):
        return dict(views.index(_EXISTING, _existing))
    return _existing(views)


def _existing(views: Mapping[ObjectId, View]) -> dict[ObjectId, View]:
    return {i: v for i, v in views.items() if not v.status.phased_out}


_EXISTING = ("existing views",)


def attached_to(game: Game, host: ObjectId) -> list[GameObject]:
    return [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD and o.attached_to == host]


def _allowed(game: Game, obj: GameObject, direction: str) -> bool:
    from kb.engine import rules  # rules builds on phasing: imported when first used

    view = game.views()[obj.id]
    return not any(isinstance(c, rules.CantPhase) and c.direction == direction
                   for c in rules.applies_to(game, rules.CantPhase, view))


def phase_out(game: Game, objects: Iterable[GameObject]) -> None:
    """Phase out ``objects`` directly and what is attached to them indirectly, all at once.
    An object phasing out both directly and indirectly phases out indirectly (702.26h)."""
    event = _phase_out(game, *_phasing_out(game, objects), game.views())
    if event is not None:
        game.emit(event)


def _phasing_out(game: Game, objects: Iterable[GameObject]) -> tuple[dict[ObjectId, GameObject], set[ObjectId]]:
    """What phases out: directly ``objects``, indirectly what is attached to them (702.26g-h)."""
    direct = {o.id: o for o in objects if o.zone is Zone.BATTLEFIELD and exists(o) and _allowed(game, o, "out")}
    indirect = indirectly_phasing(game, direct.values())
    for object_id in indirect:
        direct.pop(object_id, None)
    return direct, indirect


def _phase_out(game: Game, direct: dict[ObjectId, GameObject], indirect: set[ObjectId],
               seen: Mapping[ObjectId, View]) -> PhasedOut | None:
    """Phase them out; the event, whose triggers look back at ``seen`` (603.10b), isn't emitted."""
    if not direct and not indirect:
        return None
    from kb.engine import combat

    for obj in [*direct.values(), *(game.objects[i] for i in indirect)]:
        obj.phased_out = True
        obj.phased_indirectly = obj.id in indirect
        obj.phased_out_under = seen[obj.id].controller
        combat.remove_from_combat(game, obj.id)
    return PhasedOut(frozenset(direct), frozenset(indirect), seen)


def indirectly_phasing(game: Game, hosts: Iterable[GameObject]) -> set[ObjectId]:
    """Auras, Equipment and Fortifications attached to phasing permanents, transitively (702.26g)."""
    found: set[ObjectId] = set()
    todo = [h.id for h in hosts]
    views = game.views()
    while todo:
        host = todo.pop()
        for attached in attached_to(game, host):
            if attached.id not in found and exists(attached) and views[attached.id].subtypes & ATTACHMENT_SUBTYPES:
                found.add(attached.id)
                todo.append(attached.id)
    return found


def phase_in(game: Game, objects: Iterable[GameObject]) -> None:
    """Phase in ``objects``; what phased out indirectly with them phases in too (702.26g).

    A directly phased-out Aura, Equipment or Fortification comes back attached only if what it
    was attached to is still in the same zone, or still in the game for a player (702.26i);
    state-based actions then deal with illegal attachments (704.5m, 704.5n)."""
    event = _phase_in(game, _phasing_in(game, objects))
    if event is not None:
        game.emit(event)


def _phasing_in(game: Game, objects: Iterable[GameObject]) -> dict[ObjectId, GameObject]:
    """What phases in: ``objects`` and what phased out indirectly with them (702.26g).  What phased
    out indirectly doesn't phase in by itself, only with its host (702.26g)."""
    coming = {o.id: o for o in objects if o.zone is Zone.BATTLEFIELD and not exists(o)
              and not o.phased_indirectly and _allowed(game, o, "in")}
    todo = list(coming)
    while todo:
        host = todo.pop()
        for attached in attached_to(game, host):
            if not exists(attached) and attached.phased_indirectly and attached.id not in coming:
                coming[attached.id] = attached
                todo.append(attached.id)
    return coming


def _phase_in(game: Game, coming: dict[ObjectId, GameObject]) -> PhasedIn | None:
    """Phase them in; the event isn't emitted."""
    if not coming:
        return None
    for obj in coming.values():
        if not obj.phased_indirectly and obj.attached_to is not None and not still_there(game, obj.attached_to):
            obj.attached_to = None
        obj.phased_out = False
        obj.phased_indirectly = False
        obj.phased_out_under = None
        obj.phase_in_after_turn_of = None
    return PhasedIn(frozenset(coming))


def still_there(game: Game, target: ObjectId | PlayerId) -> bool:
    """Is what a directly phased-out attachment was attached to still there (702.26i)?"""
    if isinstance(target, str):
        return target in game.players and not game.players[target].left
    return target in game.objects and game.objects[target].zone is Zone.BATTLEFIELD


def await_turn_of(obj: GameObject, left: PlayerId) -> None:
    """``obj`` phased out under ``left``, who left the game: it phases in at the first untap step
    after ``left``'s next turn would have begun (702.26n)."""
    obj.phase_in_after_turn_of = left


def untap_step_phasing(game: Game, player: PlayerId | Sequence[PlayerId]) -> None:
    """502.1, 702.26a: ``player``'s phased-in permanents with phasing phase out and the permanents
    that phased out directly under their control phase in (but not those phased out "until" an
    event, 610.4a), simultaneously — as do those whose
    controller left the game and whose turn would have begun by now (702.26n).  Two instances
    of phasing are one (702.26p).  ``player`` may be several: the active team's players (805.4)."""
    players = {player} if isinstance(player, str) else set(player)
    views = game.views()
    outgoing = [o for o in game.battlefield() if views[o.id].controller in players and views[o.id].has("phasing")]
    from kb.engine import one_shot  # one_shot builds on phasing: imported when first used

    skipped = game.turn_state.skipped
    incoming = [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD and not exists(o)
                and not o.phased_indirectly and (o.phased_out_under in players or o.phase_in_after_turn_of in skipped)
                and not one_shot.phased_out_until(game, o.id)]  # 610.4a
    # Both happen at once (702.26a): both sets are decided first, then both act, and the two are
    # one moment for triggers: a phasing-out trigger looks back to before either (603.10b), a
    # phasing-in one looks at the game after both (603.10).
    before = game.views()
    going = _phasing_out(game, outgoing)
    arriving = _phasing_in(game, incoming)
    events = [_phase_in(game, arriving), _phase_out(game, *going, before)]
    game.emit(*(e for e in events if e is not None))
