"""Phasing (702.26): permanents that phase out are treated as though they don't exist.

Phasing changes a status, not a zone: no object is created or destroyed, timestamps and
counters stay, and nothing that watches zone changes or attachments triggers (702.26d, 702.26j).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kb.engine import combat
from kb.engine.basics import ATTACHMENT_SUBTYPES, ObjectId, PlayerName, Zone
from kb.engine.events import PhasedIn, PhasedOut
from kb.engine.objects import Phase

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


def exists(obj: GameObject) -> bool:
    """False for a phased-out permanent: the game treats it as though it doesn't exist (702.26b)."""
    return obj.phase is Phase.IN


def attached_to(game: Game, host: ObjectId) -> list[GameObject]:
    return [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD and o.attached_to == host]


def phase_out(game: Game, objects: Iterable[GameObject]) -> None:
    """Phase out ``objects`` directly and what is attached to them indirectly, all at once.

    An object phasing out both directly and indirectly phases out indirectly (702.26h).
    """
    direct = {o.id: o for o in objects if o.zone is Zone.BATTLEFIELD and exists(o)}
    indirect = indirectly_phasing(game, direct.values())
    for obj_id in indirect:
        direct.pop(obj_id, None)
    views = game.views()
    for obj in [*direct.values(), *(game.obj(i) for i in indirect)]:
        obj.phase = Phase.OUT
        obj.phased_indirectly = obj.id in indirect
        obj.phased_out_under = views[obj.id].controller
        combat.remove_from_combat(game, obj)
    game.emit(PhasedOut(frozenset(direct), frozenset(indirect)))


def indirectly_phasing(game: Game, hosts: Iterable[GameObject]) -> set[ObjectId]:
    """Auras, Equipment and Fortifications attached to phasing permanents, transitively (702.26g)."""
    found: set[ObjectId] = set()
    todo = [h.id for h in hosts]
    views = game.views()
    while todo:
        host = todo.pop()
        for attached in attached_to(game, host):
            if attached.id not in found and exists(attached) and \
                    views[attached.id].subtypes & ATTACHMENT_SUBTYPES:
                found.add(attached.id)
                todo.append(attached.id)
    return found


def phase_in(game: Game, objects: Iterable[GameObject]) -> None:
    """Phase in ``objects``; whatever phased out indirectly with them phases in too (702.26g).

    A directly phased-out Aura, Equipment or Fortification comes back attached only if what
    it was attached to is still in the same zone, or still in the game for a player
    (702.26i); state-based actions then deal with illegal attachments.
    """
    coming = {o.id: o for o in objects if o.zone is Zone.BATTLEFIELD and not exists(o)}
    todo = list(coming)
    while todo:
        host = todo.pop()
        for attached in attached_to(game, host):
            if not exists(attached) and attached.phased_indirectly and attached.id not in coming:
                coming[attached.id] = attached
                todo.append(attached.id)
    for obj in coming.values():
        if not obj.phased_indirectly and obj.attached_to is not None and \
                not still_there(game, obj.attached_to):
            obj.attached_to = None
        obj.phase = Phase.IN
        obj.phased_indirectly = False
        obj.phased_out_under = None
        obj.phase_in_after_turn_of = None
    game.emit(PhasedIn(frozenset(coming)))


def still_there(game: Game, target: ObjectId | PlayerName) -> bool:
    if isinstance(target, str):
        return target in game.players and not game.players[target].left
    return target in game.objects and game.objects[target].zone is Zone.BATTLEFIELD


def await_turn_of(obj: GameObject, left: PlayerName) -> None:
    """``obj`` phased out under the control of ``left``, who has left the game: it phases in at
    the first untap step after ``left``'s turn would have begun (702.26n)."""
    obj.phase_in_after_turn_of = left


def untap_step_phasing(game: Game, player: PlayerName) -> None:
    """The phasing events of ``player``'s untap step, simultaneously (702.26a).

    The player's phased-in permanents with phasing phase out; the permanents that phased out
    directly under their control phase in, and so do those whose controller left the game
    and whose next turn would have begun by now (702.26n).
    """
    views = game.views()
    outgoing = [o for o in game.battlefield() if views[o.id].controller == player
                and views[o.id].has("phasing")]
    incoming = [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD and not exists(o)
                and not o.phased_indirectly and (o.phased_out_under == player
                                                 or o.phase_in_after_turn_of in game.skipped_turns)]
    _phase_simultaneously(game, outgoing, incoming)


def _phase_simultaneously(game: Game, outgoing: list[GameObject], incoming: list[GameObject]) -> None:
    # Both happen at once: decide both sets first, then act.
    if incoming:
        phase_in(game, incoming)
    if outgoing:
        phase_out(game, outgoing)
