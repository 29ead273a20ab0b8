"""Abilities as data: keywords, static abilities, triggered abilities and morph.

An ability's behaviour is given as small functions of the game; the engine decides when they
apply (a static ability while its object is in the right zone, 611.3b; a triggered ability
when a matching event happens, 603.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, Zone
from kb.engine.characteristics import ObjectState, View
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.effects import LayerPart, RuleChange
    from kb.engine.events import Event
    from kb.engine.game import Game, GameObject, StackItem

Selector = Callable[[ObjectState | None, ObjectState], bool]
"""Which objects an effect applies to: (the source's state, a candidate's state) -> bool."""
Condition = Callable[["Game", "GameObject"], bool]
"""A static ability's "as long as …" condition, given the game and the ability's object.  It is
asked while the layers are being applied, so it must read objects' printed values, never
``game.view`` (dependencies between effects, 613.8, are not modelled)."""
TriggerCondition = Callable[["Game", View, "Event"], bool]
"""Does ``event`` trigger this ability of the object seen as ``View``?"""
TargetChooser = Callable[["Game", View, "Event"], tuple[ObjectId, ...]]
Resolve = Callable[["Game", "StackItem"], None]


@dataclass(frozen=True)
class Keyword:
    """A keyword ability: ``phasing``, ``flying``, ``haste``; ``protection``/``enchant`` with a detail."""

    name: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.name} {self.detail}".strip()


@dataclass(frozen=True, eq=False)
class StaticAbility:
    """A static ability: continuous effects while its object is in ``zone`` (611.3)."""

    text: str
    parts: tuple[LayerPart, ...] = ()
    affects: Selector | None = None
    """The objects the layer parts apply to, looked at again every time (611.3a)."""
    rule: RuleChange | None = None
    """A change to the rules of the game rather than to objects."""
    zone: Zone = Zone.BATTLEFIELD
    condition: Condition | None = None


@dataclass(frozen=True, eq=False)
class TriggeredAbility:
    text: str
    trigger: TriggerCondition
    effect: Resolve
    targets: TargetChooser | None = None
    zone: Zone = Zone.BATTLEFIELD


@dataclass(frozen=True)
class Morph:
    """Morph [cost], or megamorph [cost] when ``mega`` (702.37a, 702.37b)."""

    cost: ManaCost
    mega: bool = False

    def __str__(self) -> str:
        return f"{'megamorph' if self.mega else 'morph'} {self.cost}"


Ability = Keyword | StaticAbility | TriggeredAbility | Morph


def keywords(*names: str) -> tuple[Keyword, ...]:
    return tuple(Keyword(name) for name in names)


def morph_of(abilities: tuple[Ability, ...]) -> Morph | None:
    return next((a for a in abilities if isinstance(a, Morph)), None)
