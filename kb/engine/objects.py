"""Game objects (109): a card or token in a zone, a spell, with its statuses (110.5), counters
(122), stickers (123), attachment (301.5, 303.4) and marked damage (120.3).

Plain data: the rules that change an object live in the modules named after them (``zones``,
``phasing``, ``facedown``, ``counters`` …).  Every change to an object tells its game, so the
game's cached views are never stale (see :class:`Tracked`).
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import ATTACHMENT_SUBTYPES
from kb.engine.characteristics import Characteristics, CopiableCard
from kb.engine.records import quick_tracked_init

if TYPE_CHECKING:
    from kb.engine.cards import Card


_STAMPS = itertools.count(1)


class Tracked:
    """Setting any attribute bumps the game's version, which keys its cache of views, and gives
    the object a new ``_stamp`` (never given before, in any game): what a stamp was kept with,
    the object's plain fields still hold (the layers' memo reads it; what a list or dict field
    holds can change in place and is looked at anyway)."""

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        fields = self.__dict__
        fields["_stamp"] = next(_STAMPS)
        game = fields.get("_game")
        if game is not None and (game := game()) is not None:
            game.touch()

    @property
    def _game(self) -> Any:
        """The game it is in.  Held by a weak reference: the game holds its objects and players,
        and a reference back would make every game a cycle that only the garbage collector's
        full collections free (a game no one holds goes at once)."""
        ref = self.__dict__.get("_game")
        return ref() if ref is not None else None

    @_game.setter
    def _game(self, game: Any) -> None:
        self.__dict__["_game"] = weakref.ref(game) if game is not None else None


def restamp(obj: Tracked) -> None:
    """Give ``obj`` a new stamp after its fields were written without :meth:`Tracked.__setattr__`."""
    obj.__dict__["_stamp"] = next(_STAMPS)


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


def face_down_status(face_down: object, what: str) -> FaceDown | None:
    """A scenario's ``face_down=`` argument, checked: a face-down object's characteristics depend on
    which rule made it face down (708.2, 702.168b, 701.58a), so a bare ``True`` would leave them
    undecided; it is refused as bad input rather than kept as a status no rule reads."""
    if face_down is None or isinstance(face_down, FaceDown):
        return face_down
    from kb.engine.errors import ScenarioError

    kinds = ", ".join(f"FaceDown.{k.name}" for k in FaceDown)
    raise ScenarioError(f"{what}: face_down={face_down!r} is not a face-down status; pass one of {kinds} "
                        f"(which rule made it face down, 708.2), or None for face up")


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
    melded_with: Card | None = None
    """The second card of a melded permanent, on the battlefield (701.42a, 712.4a)."""
    cast_as: str | None = None
    """The part of its card it was cast as, on the stack (709.3, 715.3): see :meth:`Card.part`."""
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
        if self.melded_with is not None and self.zone is Zone.BATTLEFIELD and self.card.meld is not None:
            return CopiableCard(self.card.meld.melded)  # only the combined back face (712.8g)
        part = self.cast_part
        if part is not self.card:
            return CopiableCard(part.front)  # only the half or Adventure cast exists (709.3b, 715.3b)
        found = CopiableCard(self.card.front, self.card.flipped_face)
        if self.chosen:  # cast with alternative characteristics (a prototyped spell, 718.3b)
            for alternative in PRINTED_ALTERNATIVES:
                found = alternative(self, found)
        return found

    @property
    def cast_part(self) -> Card:
        """The part of its card it is: on the stack, the half of a split card or the Adventure it
        was cast as (709.3b, 715.3b); elsewhere the whole card (709.4, 715.4)."""
        return self.card.part(self.cast_as) if self.zone is Zone.STACK else self.card

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


# The dataclass's __init__ would set each of the ~35 fields through Tracked.__setattr__ (a stamp
# each); an object is new, so its fields are written at once and it is stamped once.
quick_tracked_init(GameObject, restamp)
