"""Face-down spells and permanents (708) and morph (702.37).

Casting face down is in :mod:`kb.engine.casting` (``cast(..., face_down=True)``); this module
gives the face-down values and turns permanents face up or down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import counters, timestamps
from kb.engine.abilities import Morph, morph_of
from kb.engine.basics import IllegalAction, PlayerName, Zone
from kb.engine.characteristics import FACE_DOWN_2_2, Characteristics, View
from kb.engine.events import Revealed, TurnedFaceDown, TurnedFaceUp

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject


def face_down_values(obj: GameObject) -> Characteristics:
    """What a face-down spell or permanent is: a nameless, colourless 2/2 creature with no text,
    subtypes or mana cost.  These are its copiable values (702.37a, 708.2)."""
    return FACE_DOWN_2_2


def can_be_cast_face_down(card: View) -> bool:
    """Only a card with morph can be cast face down (702.37d)."""
    return morph_of(card.abilities) is not None


def morph_if_face_up(game: Game, obj: GameObject) -> Morph | None:
    """The morph ability the permanent would have if it were face up (702.37e)."""
    obj.face_down = False
    try:
        abilities = game.view(obj.id).abilities
    finally:
        obj.face_down = True
    return morph_of(abilities)


def turn_face_up(game: Game, player: PlayerName, obj: GameObject, x: int = 0) -> None:
    """The special action (702.37e, 116.2b): show and pay the morph cost, and the permanent is
    face up at once.  It doesn't use the stack, so nothing can respond to it."""
    if game.priority_holder != player:
        raise IllegalAction(f"{player} does not have priority: turning face up needs it (116.2b)")
    if not obj.face_down or obj.zone is not Zone.BATTLEFIELD or game.view(obj.id).controller != player:
        raise IllegalAction("only a face-down permanent you control can be turned face up")
    found = morph_if_face_up(game, obj)
    if found is None:
        raise IllegalAction("it would have no morph cost face up, so it can't be turned face up this way")
    game.players[player].mana.pay(found.cost.with_x(x))
    turn_up(game, obj, megamorph_paid=found.mega, x=x)


def turn_up(game: Game, obj: GameObject, megamorph_paid: bool = False, x: int = 0) -> None:
    """Turn a face-down permanent face up: it regains its normal characteristics, gets a new
    timestamp (613.7f) and stays the same object, so effects on it go on applying and its
    enters-the-battlefield abilities don't trigger (702.37e, 708.8)."""
    if not obj.face_down:
        return
    obj.face_down = False
    obj.x = x
    obj.megamorph_paid = megamorph_paid
    if megamorph_paid:
        counters.put(game, obj, "+1/+1")  # as it is turned face up (702.37b, 708.11)
    timestamps.stamp(game, obj)
    game.emit(TurnedFaceUp(obj.id))


def reveal_on_leaving(obj: GameObject, to: Zone) -> Revealed | None:
    """A face-down permanent leaving the battlefield, or a face-down spell leaving the stack other
    than for the battlefield, is revealed to every player (708.9)."""
    if obj.face_down and obj.zone in (Zone.BATTLEFIELD, Zone.STACK) and to is not Zone.BATTLEFIELD:
        return Revealed(obj.id, obj.card.name, f"{obj.zone.value} → {to.value}")
    return None


def turn_face_down(game: Game, obj: GameObject) -> None:
    """Turn a face-up permanent face down (708.2a); double-faced ones can't be (712.16), and a
    face-down one stays as it is (708.2b)."""
    if obj.face_down or obj.card.back is not None or obj.zone is not Zone.BATTLEFIELD:
        return
    obj.face_down = True
    timestamps.stamp(game, obj)
    game.emit(TurnedFaceDown(obj.id))
