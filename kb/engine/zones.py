"""Moving objects between zones: each move makes a new object (400.7) with a new timestamp
(613.7d), reveals face-down cards that leave (708.9) and emits the zone-change events that
enters- and leaves-the-battlefield abilities trigger on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from kb.engine import combat, continuous, morph, phasing, timestamps
from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.characteristics import View
from kb.engine.effects import Duration, Indefinite, LayerPart
from kb.engine.events import Event, ZoneChange
from kb.engine.objects import GameObject

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import Card


@dataclass(frozen=True)
class EnteringEffect:
    """An effect of the spell or ability that puts a permanent onto the battlefield.

    "Is"/"has"/"lacks" effects apply as the permanent enters, so its enters abilities see them;
    "becomes"/"gains" effects apply only after it has entered (611.2e)."""

    wording: Literal["is", "has", "lacks", "becomes", "gains"]
    parts: tuple[LayerPart, ...]
    text: str
    duration: Duration = field(default_factory=Indefinite)

    @property
    def as_it_enters(self) -> bool:
        return self.wording in ("is", "has", "lacks")


def create(game: Game, card: Card, controller: PlayerName, zone: Zone = Zone.BATTLEFIELD,
           owner: PlayerName | None = None, token: bool = False) -> GameObject:
    """Set up: an object that is simply there, with no event (the game starts with it)."""
    obj = game.new_object(card, owner or controller, zone, controller, token=token)
    if zone is Zone.BATTLEFIELD and card.as_enters is not None:
        card.as_enters(game, obj)
    return obj


def relocate(game: Game, obj: GameObject, zone: Zone, controller: PlayerName | None = None,
             face_down: bool = False) -> GameObject:
    """The object ``obj`` becomes in ``zone``: a new object, remembering nothing (400.7).  No event."""
    game.last_known[obj.id] = game.view(obj.id)
    del game.objects[obj.id]
    player = game.players.get(obj.owner)
    if player is not None and obj.id in player.library:
        player.library.remove(obj.id)
    combat.remove_from_combat(game, obj)
    new = GameObject(game.allocate_id(), obj.card, obj.owner, controller or obj.owner, zone, game.tick(),
                     token=obj.token, face_down=face_down, entered_turn=game.turn,
                     controlled_since_turn=game.turn)
    if zone.is_public and obj.zone.is_public:
        new.stickers = obj.stickers  # stickers stay on cards moving between public zones (123.5)
    game.objects[new.id] = new
    return new


def move(game: Game, obj: GameObject, zone: Zone, controller: PlayerName | None = None) -> GameObject:
    return move_together(game, [obj], zone, controller)[0]


def move_together(game: Game, objects: Sequence[GameObject], zone: Zone,
                  controller: PlayerName | None = None) -> list[GameObject]:
    """Move objects at once (a Wrath of God): leaves-the-battlefield abilities of all of them
    look back at the moment before (603.10a)."""
    views = game.views()
    befores = [views[o.id] for o in objects]
    events: list[Event] = []
    look_back: list[View] = []
    moved = []
    for obj, before in zip(objects, befores, strict=True):
        shown = morph.reveal_on_leaving(obj, zone)
        if shown is not None:
            events.append(shown)
        seen = phasing.exists(obj)
        new = relocate(game, obj, zone, controller)
        moved.append(new)
        events.append(ZoneChange(obj.id, new.id, before, obj.zone, zone, phased_out=not seen))
        if seen and before.zone is Zone.BATTLEFIELD:
            look_back.append(before)
    game.emit(*events, look_back=look_back)
    return moved


def put_onto_battlefield(game: Game, obj: GameObject, controller: PlayerName | None = None,
                         effects: Sequence[EnteringEffect] = (), source: ObjectId | None = None) -> GameObject:
    """Put ``obj`` onto the battlefield from wherever it is, with the effects that come with it."""
    before = game.view(obj.id)
    new = relocate(game, obj, Zone.BATTLEFIELD, controller or before.controller)
    _entering(game, new, effects, source)
    game.emit(ZoneChange(obj.id, new.id, before, before.zone, Zone.BATTLEFIELD))
    _after_entering(game, new, effects, source)
    return new


def enter_together(game: Game, entering: Sequence[tuple[GameObject, PlayerName]],
                   choose: timestamps.OrderChoice | None = None) -> list[GameObject]:
    """Several objects entering the battlefield at once: timestamps in APNAP order (613.7m)."""
    befores = [game.view(obj.id) for obj, _ in entering]
    new = [relocate(game, obj, Zone.BATTLEFIELD, controller) for obj, controller in entering]
    timestamps.stamp_together(game, new, choose)
    for obj in new:
        _entering(game, obj, (), None)
    game.emit(*(ZoneChange(b.id, n.id, b, b.zone, Zone.BATTLEFIELD) for b, n in zip(befores, new, strict=True)))
    return new


def enter_from_stack(game: Game, spell: GameObject, controller: PlayerName) -> None:
    """A resolving permanent spell becomes a permanent (608.3).  It keeps its identity here, so
    effects on the spell go on applying to the permanent (400.7a, 400.7b)."""
    before = game.view(spell.id)
    spell.zone = Zone.BATTLEFIELD
    spell.controller = controller
    spell.entered_turn = spell.controlled_since_turn = game.turn
    timestamps.stamp(game, spell)
    _entering(game, spell, (), None)
    game.emit(ZoneChange(spell.id, spell.id, before, Zone.STACK, Zone.BATTLEFIELD))


def create_token(game: Game, card: Card, controller: PlayerName) -> GameObject:
    token = game.new_object(card, controller, Zone.BATTLEFIELD, controller, token=True)
    _entering(game, token, (), None)
    game.emit(ZoneChange(None, token.id, None, None, Zone.BATTLEFIELD))
    return token


def _entering(game: Game, obj: GameObject, effects: Sequence[EnteringEffect], source: ObjectId | None) -> None:
    if obj.card.as_enters is not None and not obj.face_down:
        obj.card.as_enters(game, obj)
    for effect in effects:
        if effect.as_it_enters:
            continuous.create(game, effect.text, effect.parts, [obj.id], effect.duration, source)


def _after_entering(game: Game, obj: GameObject, effects: Sequence[EnteringEffect], source: ObjectId | None) -> None:
    for effect in effects:
        if not effect.as_it_enters:
            continuous.create(game, effect.text, effect.parts, [obj.id], effect.duration, source)


def last_known(game: Game, object_id: ObjectId) -> View:
    """How an object looked when it last existed (608.2h)."""
    if object_id in game.objects:
        return game.view(object_id)
    return game.last_known[object_id]
