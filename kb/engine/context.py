"""What a filter, condition or variable may look at: the game, every object's current
characteristics, and the source of the ability or effect asking ("you" is its controller, 109.5).

During the layer evaluation the characteristics are those the earlier layers made
(:class:`~kb.engine.characteristics.ObjectState`); elsewhere they are final
(:class:`~kb.engine.characteristics.View`).  Both answer the same questions (:class:`Seeable`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType, Supertype
from kb.engine.errors import ScenarioError
from kb.engine.mana import Color

if TYPE_CHECKING:
    from kb.engine.game import Game


class Seeable(Protocol):
    """The questions a filter may ask of an object."""

    @property
    def id(self) -> ObjectId: ...
    @property
    def zone(self) -> Zone: ...
    @property
    def owner(self) -> PlayerId: ...
    @property
    def controller(self) -> PlayerId: ...
    @property
    def name(self) -> str | None: ...
    @property
    def other_names(self) -> frozenset[str]: ...
    @property
    def colors(self) -> frozenset[Color]: ...
    @property
    def supertypes(self) -> frozenset[Supertype]: ...
    @property
    def types(self) -> frozenset[CardType]: ...
    @property
    def subtypes(self) -> frozenset[str]: ...
    @property
    def power(self) -> int | None: ...
    @property
    def toughness(self) -> int | None: ...
    @property
    def mana_value(self) -> int: ...
    @property
    def attached_to(self) -> ObjectId | PlayerId | None: ...
    @property
    def counters(self) -> Mapping[str, int]: ...
    @property
    def abilities(self) -> tuple[object, ...]: ...
    @property
    def face_down(self) -> bool: ...

    def is_a(self, card_type: CardType | str) -> bool: ...
    def has(self, name: str) -> bool: ...


@dataclass(frozen=True)
class Context:
    """The situation a filter, condition or variable is evaluated in."""

    game: Game
    states: Mapping[ObjectId, Seeable]
    """Every object that exists for the game (phased-out permanents are left out, 702.26b)."""
    source: Seeable | None = None
    """The object whose ability or effect asks (None: an effect whose source is gone)."""
    you: PlayerId | None = None
    """The controller of that ability or effect (109.5)."""

    def player(self, what: str) -> PlayerId:
        """"You": raises ScenarioError when the context has no controller, so a filter like
        "creatures you control" never silently matches nothing."""
        if self.you is None:
            raise ScenarioError(f"{what!r} needs to know who 'you' is: give the effect a source or a controller")
        return self.you

    def source_state(self, what: str) -> Seeable:
        if self.source is None:
            raise ScenarioError(f"{what!r} needs the object the ability is on, and there is none")
        return self.source

    def opponents(self, player: PlayerId) -> list[PlayerId]:
        from kb.engine import teams

        return [p for p in self.game.turn_order if teams.is_opponent(self.game, player, p)
                and not self.game.players[p].left]
