"""Game objects (109): a card or token in a zone, a spell, with its statuses (110.5), counters
(122), stickers (123), attachment (301.5, 303.4) and marked damage (120.3).

Plain data: the rules that change an object live in the modules named after them (``zones``,
``phasing``, ``facedown``, ``counters`` …).  Every change to an object tells its game, so the
game's cached views are never stale (see :class:`Tracked`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import ATTACHMENT_SUBTYPES
from kb.engine.characteristics import Characteristics, CopiableCard

if TYPE_CHECKING:
    from kb.engine.cards import Card


class Tracked:
    """Setting any attribute bumps the game's version, which keys its cache of views."""

    _game: Any = None

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        game = self.__dict__.get("_game")
        if game is not None:
            game.touch()


class FaceDown(Enum):
    """Which rule made an object face down: it says what the object's characteristics are (708.2)."""

    MORPH = "morph"
    """Cast with morph or megamorph (702.37c): a 2/2 with no text, name, subtypes or mana cost."""
    DISGUISE = "disguise"
    """Cast with disguise (702.168b): the same, with ward {2}."""
    MANIFEST = "manifest"
    """Manifested (701.40a), also by manifest dread (701.62a): a 2/2 with no text …"""
    CLOAK = "cloak"
    """Cloaked (701.58a): a 2/2 with ward {2} …"""
    EFFECT = "effect"
    """Turned or put face down by an effect that lists no characteristics (708.2a)."""


@dataclass
class CounterPile:
    """Counters of one kind on one object or player: they share the newest one's timestamp (613.7c)."""

    count: int
    timestamp: int


@dataclass
class Sticker:
    """A power/toughness sticker (123.8): sets base power and toughness in layer 7b."""

    power: int
    toughness: int
    timestamp: int = 0


@dataclass
class NameSticker:
    """A name sticker (123.6): its word is added to the object's name after ``position`` of the
    name's words (0: before them), as a text-changing effect with the sticker's timestamp (123.6c)."""

    word: str
    position: int
    timestamp: int = 0


PRINTED_ALTERNATIVES: list[Callable[[GameObject, CopiableCard], CopiableCard]] = []
"""Alternative characteristics an object has by how it was cast, as its copiable values (a prototyped
spell and the permanent it becomes, 718.2a, 718.3b): each is given the object and its printed values."""


@dataclass(eq=False)
class GameObject(Tracked):
    """An object in a zone.  ``controller`` is the controller the rules give it (108.4, 110.2);
    continuous effects in layer 2 may give it another (read :meth:`Game.view`)."""

    id: ObjectId
    card: Card
    owner: PlayerId
    controller: PlayerId
    zone: Zone
    timestamp: int
    tapped: bool = False
    flipped: bool = False
    face_down: FaceDown | None = None
    transformed: bool = False
    phased_out: bool = False
    phased_indirectly: bool = False
    phased_out_under: PlayerId | None = None
    """Who controlled it as it phased out: it phases in during that player's untap step (502.1)."""
    phase_in_after_turn_of: PlayerId | None = None
    """Set when that player left the game while it was phased out (702.26n)."""
    counters: dict[str, CounterPile] = field(default_factory=dict)
    stickers: list[Sticker | NameSticker] = field(default_factory=list)
    attached_to: ObjectId | PlayerId | None = None
    damage: int = 0
    """Damage marked on it (120.3e); removed in the cleanup step (514.2)."""
    deathtouch_damage: bool = False
    """Dealt damage by a source with deathtouch since state-based actions were last checked (704.5h)."""
    entered_turn: int = 0
    control_since: int = 0
    """The turn its current controller began controlling it continuously (302.6)."""
    chosen: dict[str, object] = field(default_factory=dict)
    """Choices made as it entered or was cast: a name, a colour, a creature type (614.12)."""
    x: int = 0
    """X chosen as it was cast or turned face up (107.3, 702.37f)."""
    megamorph_paid: bool = False
    designations: set[str] = field(default_factory=set)
    """Designations such as monstrous or suspected (700.x, 701.x): not characteristics."""
    cast: bool = False
    """A spell on the stack that was cast (not copied or put there)."""
    exiled_with_it: list[ObjectId] = field(default_factory=list)
    """Cards exiled by its abilities, which its linked abilities may refer to (406.6, 607.2a): the
    ids they have in exile, forgotten when it becomes a new object (400.7)."""
    previous: ObjectId | None = None
    """The object this one was before its last zone change (for scenarios; the rules forget it, 400.7)."""

    @property
    def printed(self) -> Characteristics:
        """The face that is up (712.8d, 712.8e), or a flipped flip card's flipped half (710.2)."""
        return self.printed_card.face(self.flipped and self.zone is Zone.BATTLEFIELD)

    @property
    def printed_card(self) -> CopiableCard:
        """Its own copiable values before any copy effect: the face that is up of a double-faced
        card (707.8), both halves of a flip card (707.3)."""
        if self.transformed and self.card.back is not None:
            return CopiableCard(self.card.back)
        found = CopiableCard(self.card.front, self.card.flipped_face)
        if self.chosen:  # cast with alternative characteristics (a prototyped spell, 718.3b)
            for alternative in PRINTED_ALTERNATIVES:
                found = alternative(self, found)
        return found

    @property
    def is_token(self) -> bool:
        return self.card.is_token

    def counter(self, kind: str) -> int:
        pile = self.counters.get(kind)
        return pile.count if pile else 0

    @property
    def is_attachment(self) -> bool:
        return bool(self.printed.subtypes & ATTACHMENT_SUBTYPES)

    def __repr__(self) -> str:
        where = "face down" if self.face_down else self.printed.name
        return f"<#{self.id} {where} ({self.zone.value}, {self.owner})>"
