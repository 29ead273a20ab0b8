"""Objects: cards, their statuses (tapped, phased out, face down, transformed), counters,
stickers and attachments.  Plain data; the rules that change them live in the other modules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from kb.engine.abilities import Resolve
from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.characteristics import Characteristics, View

if TYPE_CHECKING:
    from kb.engine.game import Game

TargetRule = Callable[["Game", View], bool]
AsEnters = Callable[["Game", "GameObject"], None]


@dataclass(frozen=True, eq=False)
class Card:
    """A card's printed faces and what it does when it resolves."""

    front: Characteristics
    back: Characteristics | None = None
    """The back face of a transforming double-faced card (712.2)."""
    effect: Resolve | None = None
    """What an instant or sorcery does as it resolves (608.2)."""
    target: TargetRule | None = None
    """What the spell may target; None: no target."""
    as_enters: AsEnters | None = None
    """Choices made as the permanent enters: a name to name, an object to copy (614.12)."""

    @property
    def name(self) -> str | None:
        return self.front.name


class Phase(Enum):
    IN = "phased in"
    OUT = "phased out"


@dataclass
class CounterPile:
    """Counters of one kind on one object: they share the newest one's timestamp (613.7c)."""

    count: int
    timestamp: int


@dataclass
class Sticker:
    """A power/toughness sticker (123.8): sets base power and toughness in layer 7b."""

    power: int
    toughness: int
    timestamp: int = 0


@dataclass(eq=False)
class GameObject:
    id: ObjectId
    card: Card
    owner: PlayerName
    controller: PlayerName
    """The controller the rules give it (110.2); layer 2 effects may change who controls it."""
    zone: Zone
    timestamp: int
    token: bool = False
    tapped: bool = False
    phase: Phase = Phase.IN
    phased_indirectly: bool = False
    phased_out_under: PlayerName | None = None
    """Who controlled it when it phased out: it phases in during that player's untap step."""
    phase_in_after_turn_of: PlayerName | None = None
    """Set when its controller left the game while it was phased out (702.26n)."""
    face_down: bool = False
    transformed: bool = False
    counters: dict[str, CounterPile] = field(default_factory=dict)
    stickers: list[Sticker] = field(default_factory=list)
    attached_to: ObjectId | PlayerName | None = None
    damage: int = 0
    entered_turn: int = 0
    controlled_since_turn: int = 0
    chosen_name: str | None = None
    x: int = 0
    """X chosen as it was cast or turned face up (702.37f)."""
    megamorph_paid: bool = False

    @property
    def printed(self) -> Characteristics:
        """The face that is up (712.8d, 712.8e)."""
        if self.transformed and self.card.back is not None:
            return self.card.back
        return self.card.front

    def counter_count(self, kind: str) -> int:
        pile = self.counters.get(kind)
        return pile.count if pile else 0
