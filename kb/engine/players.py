"""Players drawing cards and leaving a multiplayer game (800.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import phasing, zones
from kb.engine.basics import PlayerName, Zone
from kb.engine.characteristics import View
from kb.engine.events import CardsDrawn, Event, PlayerLeft, Revealed, ZoneChange

if TYPE_CHECKING:
    from kb.engine.game import Game


def draw(game: Game, player: PlayerName, count: int = 1) -> None:
    library = game.players[player].library
    for _ in range(min(count, len(library))):
        zones.relocate(game, game.obj(library[-1]), Zone.HAND)
    game.players[player].cards_drawn += count
    game.emit(CardsDrawn(player, count))


def leave_game(game: Game, player: PlayerName) -> None:
    """``player`` leaves the game (800.4a).

    Everything they own leaves with them; a phased-out permanent does too, but triggers
    nothing (702.26k).  Effects giving them control end.  What they still control is exiled,
    phased out or not (702.26n).  A permanent that phased out under their control and now
    belongs to someone else phases in at the untap step after their turn would have begun.
    """
    game.players[player].left = True
    views = game.views()
    events: list[Event] = [PlayerLeft(player)]
    look_back: list[View] = []
    for obj in [o for o in game.objects.values() if o.owner == player]:
        if obj.face_down and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            events.append(Revealed(obj.id, obj.card.name, "its owner left the game"))  # 708.9
        if obj.zone is Zone.BATTLEFIELD and phasing.exists(obj):
            look_back.append(views[obj.id])
            events.append(ZoneChange(obj.id, None, views[obj.id], Zone.BATTLEFIELD, None))
        game.last_known[obj.id] = views[obj.id]
        del game.objects[obj.id]
        game.attacking.discard(obj.id)
    game.stack = [item for item in game.stack
                  if item.object_id in game.objects or (item.object_id is None and item.controller != player)]
    for effect in game.effects:
        if any(part.gives_control_to == player for part in effect.parts):
            effect.ended = True
    views = game.views()
    still_theirs = []
    for obj in game.objects.values():
        if obj.zone is not Zone.BATTLEFIELD:
            continue
        if phasing.exists(obj):
            if views[obj.id].controller == player:
                still_theirs.append(obj)
        elif obj.phased_out_under == player:
            if obj.controller == player:
                still_theirs.append(obj)
            else:
                phasing.await_turn_of(obj, player)
    game.emit(*events, look_back=look_back)
    if still_theirs:
        zones.move_together(game, still_theirs, Zone.EXILE)
