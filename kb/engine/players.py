"""Players (102): life, poison counters, mana pool, library order, what they did this turn, and
leaving or losing the game (104, 800.4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.mana import ManaPool
from kb.engine.objects import CounterPile, Tracked

if TYPE_CHECKING:
    from kb.engine.cards import Card


@dataclass(eq=False)
class Player(Tracked):
    name: PlayerId
    life: int = 20
    counters: dict[str, CounterPile] = field(default_factory=dict)
    """Poison and other counters on the player (122.1f)."""
    mana: ManaPool = field(default_factory=ManaPool)
    library: list[ObjectId] = field(default_factory=list)
    """The order of the library, top card last."""
    lands_played: int = 0
    """Lands played this turn (305.2a)."""
    spells_cast: int = 0
    mana_spent_on_spells: int = 0
    """Mana spent this turn to cast spells (700.14: expend)."""
    outside: list[Card] = field(default_factory=list)
    """The player's cards outside the game, such as a sideboard (400.11)."""
    controlled_by: PlayerId | None = None
    """Another player controlling this one this turn, making their choices (722)."""
    control_next_turn: PlayerId | None = None
    """Who will control this player during the next turn they take (722.1, the latest wins: 722.1a)."""
    drew_from_empty_library: bool = False
    """Since state-based actions were last checked (704.5b)."""
    lost: bool = False
    left: bool = False
    designations: set[str] = field(default_factory=set)
    """Designations a player has, such as the city's blessing (702.131c)."""
    speed: int | None = None
    """702.179b: no speed until a rule or effect sets it (kb.engine.speed)."""
    speed_triggered_turn: int = 0
    """The turn the speed ability last triggered (702.179d: only once each turn)."""
    team: str | None = None
    """The team the player belongs to in a team variant (809, 810); None: none."""
    variant: str | None = None
    """The team variant (:mod:`kb.engine.teams`), if any."""
    shares_life: bool = False
    """Two-Headed Giant: the player's life total is the team's shared one (810.4, 810.9a)."""
    influence: int | None = None
    """The player's range of influence, in seats (801.2); None: unlimited."""

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name == "life" and self.__dict__.get("shares_life"):
            from kb.engine import teams

            teams.share_life(self, value)  # type: ignore[arg-type]

    @property
    def in_game(self) -> bool:
        return not self.left

    def counter(self, kind: str) -> int:
        pile = self.counters.get(kind)
        return pile.count if pile else 0

    def __repr__(self) -> str:
        return f"<player {self.name}: {self.life} life>"
