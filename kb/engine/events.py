"""Events (700.1): everything the model does is recorded as one of these, in order, and
triggered abilities look at them (603.2).

Events that a look-back trigger watches (603.10) carry ``seen``: every object as it was just
before the event.  Which events look back is the table :data:`kb.engine.triggers.LOOK_BACK`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.turn import Phase, Step

Seen = Mapping[ObjectId, "View"]
"""Every object's view at one moment: what look-back triggers see (603.10)."""


class Cause(StrEnum):
    """Why an object moved, as far as triggers and replacement effects care."""

    RULES = "rules"
    EFFECT = "effect"
    DESTROY = "destroy"
    SACRIFICE = "sacrifice"
    CAST = "cast"
    RESOLVE = "resolve"
    COUNTER = "counter"
    DRAW = "draw"
    DISCARD = "discard"
    PLAY_LAND = "play land"
    STATE_BASED = "state-based action"
    LEAVE_GAME = "player left the game"


@dataclass(frozen=True, eq=False)
class Event:
    """Base of all events."""


@dataclass(frozen=True, eq=False)
class ZoneChanged(Event):
    """An object moved from ``from_zone`` to ``to_zone`` and became ``new_id`` (400.7).

    ``before`` is the object as it last existed in its old zone (its last known information);
    ``new_id`` is None when it left the game with its owner (800.4a) or ceased to exist."""

    old_id: ObjectId | None
    new_id: ObjectId | None
    from_zone: Zone | None
    to_zone: Zone | None
    before: View | None
    cause: Cause = Cause.EFFECT
    seen: Seen = field(default_factory=dict)

    @property
    def enters_battlefield(self) -> bool:
        return self.to_zone is Zone.BATTLEFIELD and self.from_zone is not Zone.BATTLEFIELD

    @property
    def leaves_battlefield(self) -> bool:
        return self.from_zone is Zone.BATTLEFIELD and self.to_zone is not Zone.BATTLEFIELD

    @property
    def dies(self) -> bool:
        """"Dies" means put into a graveyard from the battlefield (700.4)."""
        return self.from_zone is Zone.BATTLEFIELD and self.to_zone is Zone.GRAVEYARD


@dataclass(frozen=True, eq=False)
class TokenCreated(Event):
    object_id: ObjectId
    controller: PlayerId


@dataclass(frozen=True, eq=False)
class PhasedOut(Event):
    """Permanents phased out at once; ``indirectly`` those that phased out with their host (702.26g)."""

    directly: frozenset[ObjectId]
    indirectly: frozenset[ObjectId]
    seen: Seen = field(default_factory=dict)

    @property
    def objects(self) -> frozenset[ObjectId]:
        return self.directly | self.indirectly


@dataclass(frozen=True, eq=False)
class PhasedIn(Event):
    objects: frozenset[ObjectId]


@dataclass(frozen=True, eq=False)
class Tapped(Event):
    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class Untapped(Event):
    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class Attached(Event):
    attachment: ObjectId
    target: ObjectId | PlayerId


@dataclass(frozen=True, eq=False)
class Unattached(Event):
    """``attachment`` stopped being attached to ``target`` (701.3d); looks back (603.10c)."""

    attachment: ObjectId
    target: ObjectId | PlayerId
    seen: Seen = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class ControlChanged(Event):
    """A permanent's controller changed; looks back (603.10d)."""

    object_id: ObjectId
    from_player: PlayerId
    to_player: PlayerId
    seen: Seen = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class TurnedFaceUp(Event):
    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class TurnedFaceDown(Event):
    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class Transformed(Event):
    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class Revealed(Event):
    """A face-down card shown to all players (708.9)."""

    object_id: ObjectId
    name: str | None
    why: str


@dataclass(frozen=True, eq=False)
class SpellCast(Event):
    spell_id: ObjectId
    player: PlayerId


@dataclass(frozen=True, eq=False)
class Crewed(Event):
    """Creatures were tapped to pay a Vehicle's crew cost: they crewed it (702.122b)."""

    vehicle: ObjectId
    crew: tuple[ObjectId, ...]


@dataclass(frozen=True, eq=False)
class BecameCrewed(Event):
    """A Vehicle's crew ability resolved: it "becomes crewed" (702.122d) by the creatures tapped to pay
    that ability's cost (702.122b)."""

    vehicle: ObjectId
    crew: tuple[ObjectId, ...] = ()


@dataclass(frozen=True, eq=False)
class AbilityActivated(Event):
    source_id: ObjectId
    player: PlayerId
    text: str
    granted_since: int = 0
    """Which instance of the ability: the timestamp of the effect that granted it (602.5c)."""


@dataclass(frozen=True, eq=False)
class ManaAdded(Event):
    """A mana ability of ``source_id`` added ``mana`` to ``player``'s pool; ``tapped`` when it was
    activated by tapping it ("whenever a player taps a land for mana")."""

    source_id: ObjectId
    player: PlayerId
    mana: str
    tapped: bool = False


@dataclass(frozen=True, eq=False)
class BecameTarget(Event):
    """``target`` became the target of the spell or ability ``by`` (a stack object's id)."""

    target: ObjectId | PlayerId
    by: int
    controller: PlayerId


@dataclass(frozen=True, eq=False)
class Countered(Event):
    """A spell or ability was countered (701.6); looks back (603.10e)."""

    stack_id: int
    text: str
    seen: Seen = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Resolved(Event):
    stack_id: int
    text: str
    source: ObjectId | None = None
    """The source of a resolved ability (603.7h counts an ability's resolutions)."""


@dataclass(frozen=True, eq=False)
class DamageDealt(Event):
    """``source`` dealt ``amount`` damage to ``recipient`` (120.3)."""

    source: ObjectId
    recipient: ObjectId | PlayerId
    amount: int
    combat: bool = False
    source_view: View | None = None
    """The source as it dealt the damage (prowl asks what creature types it had then, 702.76a)."""


@dataclass(frozen=True, eq=False)
class DamagePrevented(Event):
    source: ObjectId
    recipient: ObjectId | PlayerId
    amount: int


@dataclass(frozen=True, eq=False)
class LifeChanged(Event):
    player: PlayerId
    amount: int
    """Positive: life gained; negative: life lost (119.3)."""


@dataclass(frozen=True, eq=False)
class CountersPut(Event):
    object_id: ObjectId | PlayerId
    kind: str
    count: int


@dataclass(frozen=True, eq=False)
class CountersRemoved(Event):
    object_id: ObjectId | PlayerId
    kind: str
    count: int


@dataclass(frozen=True, eq=False)
class CardDrawn(Event):
    player: PlayerId
    card: ObjectId


@dataclass(frozen=True, eq=False)
class LandPlayed(Event):
    player: PlayerId
    land: ObjectId


@dataclass(frozen=True, eq=False)
class TurnBegan(Event):
    player: PlayerId
    turn: int


@dataclass(frozen=True, eq=False)
class StepBegan(Event):
    """A step or (for main phases) a phase began (500.6): "at the beginning of" triggers."""

    phase: Phase
    step: Step | None
    player: PlayerId


@dataclass(frozen=True, eq=False)
class StepEnded(Event):
    phase: Phase
    step: Step | None
    player: PlayerId


@dataclass(frozen=True, eq=False)
class AttackersDeclared(Event):
    """508.1: each attacking creature and what it attacks."""

    attackers: Mapping[ObjectId, ObjectId | PlayerId]
    player: PlayerId


@dataclass(frozen=True, eq=False)
class BlockersDeclared(Event):
    """509.1: each blocking creature and the attackers it blocks (usually one, 509.1a), and the
    creatures attacking as the blockers were declared (508.3f, 509.3g)."""

    blocks: Mapping[ObjectId, tuple[ObjectId, ...]]
    player: PlayerId
    attackers: tuple[ObjectId, ...] = ()

    @property
    def pairs(self) -> tuple[tuple[ObjectId, ObjectId], ...]:
        """Each block as (blocking creature, attacking creature it blocks)."""
        return tuple((b, a) for b, attackers in self.blocks.items() for a in attackers)

    @property
    def blockers(self) -> tuple[ObjectId, ...]:
        return tuple(self.blocks)

    @property
    def blocked(self) -> tuple[ObjectId, ...]:
        """Each attacking creature that became blocked, once."""
        return tuple(dict.fromkeys(a for attackers in self.blocks.values() for a in attackers))

    def blockers_of(self, attacker: ObjectId) -> tuple[ObjectId, ...]:
        return tuple(b for b, attackers in self.blocks.items() if attacker in attackers)


@dataclass(frozen=True, eq=False)
class BlockerAdded(Event):
    """An effect made ``blocker`` block ``attacker`` after blockers were declared, or put it onto
    the battlefield blocking it (``entered``, 509.4): it blocks without having been declared."""

    blocker: ObjectId
    attacker: ObjectId
    newly_blocked: bool
    """The attacker wasn't blocked before (509.3c)."""
    entered: bool


@dataclass(frozen=True, eq=False)
class StateBasedActionsPerformed(Event):
    """One check's state-based actions, performed as a single event (704.3)."""

    rules: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class PlayerLost(Event):
    """A player lost the game (104.3); looks back (603.10f)."""

    player: PlayerId
    reason: str
    seen: Seen = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class PlayerLeft(Event):
    player: PlayerId


@dataclass(frozen=True, eq=False)
class PriorityGiven(Event):
    player: PlayerId


# -- keyword actions (701) ------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Scried(Event):
    player: PlayerId
    count: int


@dataclass(frozen=True, eq=False)
class Surveilled(Event):
    player: PlayerId
    count: int


@dataclass(frozen=True, eq=False)
class Shuffled(Event):
    player: PlayerId


@dataclass(frozen=True, eq=False)
class Explored(Event):
    """A permanent explored (701.44b); ``object_id`` is the permanent as it last existed (701.44c)."""

    object_id: ObjectId
    player: PlayerId


@dataclass(frozen=True, eq=False)
class Connived(Event):
    object_id: ObjectId
    player: PlayerId


@dataclass(frozen=True, eq=False)
class Amassed(Event):
    player: PlayerId
    army: ObjectId | None
    """The Army chosen (701.47c), whether or not counters were put on it."""


@dataclass(frozen=True, eq=False)
class Blighted(Event):
    """A player blighted (701.68d); ``creature`` is the blighted creature (701.68c)."""

    player: PlayerId
    creature: ObjectId


@dataclass(frozen=True, eq=False)
class Earthbent(Event):
    """A player earthbent: the delayed triggered ability of 701.66a was created (701.66b)."""

    player: PlayerId
    land: ObjectId


@dataclass(frozen=True, eq=False)
class Clashed(Event):
    """A clash (701.30): the clashing players and the winners (701.30d: none if no card was higher)."""

    players: tuple[PlayerId, ...]
    winners: tuple[PlayerId, ...]


@dataclass(frozen=True, eq=False)
class Discovered(Event):
    """A player discovered (701.57b), even if no card was found; ``card`` is the discovered card (701.57c)."""

    player: PlayerId
    card: ObjectId | None


@dataclass(frozen=True, eq=False)
class Voted(Event):
    """A player cast a vote (701.38a)."""

    player: PlayerId
    choice: object


@dataclass(frozen=True, eq=False)
class VotingFinished(Event):
    """Players finished voting (701.38c: only an actual vote): every (player, choice), in order."""

    votes: tuple[tuple[PlayerId, object], ...]


@dataclass(frozen=True, eq=False)
class VillainousChoiceFaced(Event):
    """A player faced a villainous choice and chose ``option`` (701.55a)."""

    player: PlayerId
    option: str


@dataclass(frozen=True, eq=False)
class Foraged(Event):
    """A player foraged (701.61a)."""

    player: PlayerId


@dataclass(frozen=True, eq=False)
class Waterbent(Event):
    """A player paid a waterbend cost, however they paid it (701.67c); ``tapped``: what they tapped."""

    player: PlayerId
    tapped: tuple[ObjectId, ...]


@dataclass(frozen=True, eq=False)
class Converted(Event):
    """A permanent converted (701.28a): turned its other face up, not transforming (701.28b)."""

    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class ManifestedDread(Event):
    """A player manifested dread (701.62b), once the whole of 701.62a is done; ``permanent``: the
    manifested one, if any."""

    player: PlayerId
    permanent: ObjectId | None
