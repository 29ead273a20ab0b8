"""Abilities as data (113): keyword, static, triggered, activated and spell abilities.

An ability's behaviour is given as data the engine interprets (layer parts, filters, rules
changes, replacement effects, trigger patterns, costs, target specifications) plus, for what
an ability *does* when it resolves, a small function of a :class:`~kb.engine.stack.Resolution`.
The engine decides when each applies: a static ability while its object is in a zone where it
functions (611.3b, 113.6), a triggered ability when its trigger event happens (603.2), an
activated ability when a player with priority activates it (602).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from kb.engine.basics import Zone
from kb.engine.keywords import Keyword

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.conditions import Condition
    from kb.engine.context import Context
    from kb.engine.costs import Cost
    from kb.engine.game import Game
    from kb.engine.mana_abilities import ManaOutput
    from kb.engine.objects import GameObject
    from kb.engine.parts import LayerPart
    from kb.engine.replacement import Replacement
    from kb.engine.rules import RuleChange
    from kb.engine.selectors import Filter
    from kb.engine.stack import Resolution
    from kb.engine.targets import TargetSpec
    from kb.engine.triggers import Trigger

Effect = Callable[["Resolution"], object]
"""What a spell or ability does as it resolves (608.2c), given the resolution; what it returns is ignored."""


@dataclass(frozen=True, eq=False)
class StaticAbility:
    """A static ability (113.3d, 604): while its object is in ``zones`` it generates

    - continuous effects: ``parts`` (what it does in which layer) applied to ``affects``,
      looked at afresh in each evaluation (611.3a);
    - ``rules``: changes to the rules of the game ("can't", "can", costs, permissions: 613.11);
    - ``replacements``: replacement and prevention effects (614.1, 615).

    ``condition`` is an "as long as" condition: while false the ability generates nothing.
    ``cda`` marks a characteristic-defining ability (604.3): it applies first within its layer
    (613.3, 613.4a) and functions in every zone.
    """

    text: str
    parts: tuple[LayerPart, ...] = ()
    affects: Filter | None = None
    rules: tuple[RuleChange, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    condition: Condition | None = None
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
    cda: bool = False

    def __post_init__(self) -> None:
        if self.parts and self.affects is None:
            from kb.engine.errors import ScenarioError

            raise ScenarioError(f"the static ability {self.text!r} changes objects but says none: give affects=")

    def functions_in(self, zone: Zone) -> bool:
        """CDAs function everywhere, even outside the game (604.3)."""
        return self.cda or zone in self.zones

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class TriggeredAbility:
    """A triggered ability (113.3c, 603): "[When/Whenever/At] [trigger], [effect]".

    ``trigger`` says which events (or, for a state trigger, which game state: 603.8) it looks
    for; ``condition`` is an intervening "if" clause, checked when it triggers and again as
    it resolves (603.4).  ``targets`` are chosen as it is put on the stack (603.3d)."""

    text: str
    trigger: Trigger
    effect: Effect
    targets: tuple[TargetSpec, ...] = ()
    condition: Condition | None = None
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
    mana_ability: bool = False
    """A triggered mana ability (605.1b): it triggers from a mana ability or from mana being added,
    could add mana, and has no target; it resolves at once, without the stack (605.4a)."""
    cant_be_countered: bool = False
    """"This ability can't be countered", written after its effect: not part of the effect, it works
    while the ability is on the stack (603.1a)."""

    def __str__(self) -> str:
        return self.text


Timing = Literal["instant", "sorcery"]


@dataclass(frozen=True, eq=False)
class ActivatedAbility:
    """An activated ability (113.3b, 602): "[cost]: [effect]".

    ``timing`` "sorcery" means "activate only as a sorcery" (602.5d).  ``mana`` makes it a mana
    ability (605.1a) that adds that mana (``"{G}"``, a function of the context giving it: "add {G}
    for each creature you control", or a :class:`~kb.engine.mana_abilities.ManaOutput` when it
    offers a choice that depends on the game) and doesn't use the stack; a mana ability has no
    ``effect`` and no targets.  A loyalty symbol in its cost makes it a loyalty ability (606.2)."""

    text: str
    cost: Cost
    effect: Effect | None = None
    targets: tuple[TargetSpec, ...] = ()
    timing: Timing = "instant"
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
    mana: str | ManaOutput | Callable[[Context], str] | None = None
    once_each_turn: bool = False
    """"Activate only once each turn" (602.1b): counted per object, whoever controls it (602.5b)."""
    restriction: Callable[[Game, PlayerId, GameObject], str | None] | None = None
    """Another "activate only …" restriction (602.5b), such as "only during your upkeep" (forecast
    702.57b): says why it can't be activated now, or None."""

    @property
    def is_mana_ability(self) -> bool:
        """605.1a: it could add mana, isn't a loyalty ability and has no target (605.5a: one with a
        target uses the stack and adds its mana as it resolves)."""
        return self.mana is not None and self.cost.loyalty is None and not self.targets

    @property
    def is_loyalty_ability(self) -> bool:
        return self.cost.loyalty is not None

    def functions_in(self, zone: Zone) -> bool:
        """It can be activated only while its object is in one of ``zones`` (113.6, 113.6b, 113.6m)."""
        return zone in self.zones

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class SpellAbility:
    """What an instant or sorcery does as it resolves (113.3a, 608.2), and its targets."""

    text: str
    effect: Effect
    targets: tuple[TargetSpec, ...] = ()
    additional: Cost | None = None
    """"As an additional cost to cast this spell, …" (118.8): paid with the mana cost (601.2f-h); what
    was paid (a sacrificed creature) is in the resolution's ``item.options``."""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class AlternativeCost(StaticAbility):
    """"You may [pay a cost] rather than pay this spell's mana cost" (118.9): a cost its controller
    may pay instead of the mana cost as they cast it (601.2b, 601.2f); only one alternative cost
    applies to a spell (118.9a)."""

    cost: Cost | None = None


Ability = Keyword | StaticAbility | TriggeredAbility | ActivatedAbility
