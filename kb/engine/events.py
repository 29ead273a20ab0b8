"""What happens in a game, recorded in order; triggered abilities look at these (603.2)."""

from __future__ import annotations

from dataclasses import dataclass

from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.characteristics import View


@dataclass(frozen=True)
class ZoneChange:
    """An object moved; ``before`` is how it looked in its old zone (last known information).

    ``new_id`` is None when the object left the game with its owner (800.4a)."""

    old_id: ObjectId | None
    new_id: ObjectId | None
    before: View | None
    from_zone: Zone | None
    to_zone: Zone | None
    phased_out: bool = False
    """The object was phased out: the game doesn't see it move, nothing triggers (702.26b)."""

    @property
    def enters_battlefield(self) -> bool:
        return self.to_zone is Zone.BATTLEFIELD and self.from_zone is not Zone.BATTLEFIELD

    @property
    def leaves_battlefield(self) -> bool:
        return self.from_zone is Zone.BATTLEFIELD and self.to_zone is not Zone.BATTLEFIELD


@dataclass(frozen=True)
class Attached:
    attachment: ObjectId
    target: ObjectId | PlayerName


@dataclass(frozen=True)
class Unattached:
    attachment: ObjectId
    target: ObjectId | PlayerName


@dataclass(frozen=True)
class PhasedOut:
    directly: frozenset[ObjectId]
    indirectly: frozenset[ObjectId]


@dataclass(frozen=True)
class PhasedIn:
    objects: frozenset[ObjectId]


@dataclass(frozen=True)
class TurnedFaceUp:
    object_id: ObjectId


@dataclass(frozen=True)
class TurnedFaceDown:
    object_id: ObjectId


@dataclass(frozen=True)
class Transformed:
    object_id: ObjectId


@dataclass(frozen=True)
class SpellCast:
    spell_id: ObjectId
    player: PlayerName


@dataclass(frozen=True)
class Revealed:
    """A face-down card shown to every player (708.9)."""

    object_id: ObjectId
    name: str | None
    why: str


@dataclass(frozen=True)
class StepBegan:
    step: str
    player: PlayerName


@dataclass(frozen=True)
class PlayerLeft:
    player: PlayerName


@dataclass(frozen=True)
class CardsDrawn:
    player: PlayerName
    count: int


Event = (ZoneChange | Attached | Unattached | PhasedOut | PhasedIn | TurnedFaceUp | TurnedFaceDown
         | Transformed | SpellCast | Revealed | StepBegan | PlayerLeft | CardsDrawn)
