"""Exerting as a creature attacks (701.43d): "You may exert [this creature] as it attacks" is an
optional cost to attack (508.1g), asked as the declaration of attackers is finished.  The "When you
do, …" triggered ability printed in the same paragraph is linked to it (607.2h): it triggers when
that exert ability's cost is paid, not when the creature is exerted some other way or for another
exert ability.

A card has the pair through :func:`exert_as_it_attacks`, which gives the two abilities with one link.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import combat, designations
from kb.engine.abilities import Effect, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import Event
from kb.engine.targets import TargetSpec
from kb.engine.triggers import TriggerContext, on_event

if TYPE_CHECKING:
    from kb.engine.game import Game


@dataclass(frozen=True, eq=False)
class ExertAsItAttacks(StaticAbility):
    """"You may exert [this creature] as it attacks" (701.43d); ``link`` names its paragraph."""

    link: str = ""


@dataclass(frozen=True, eq=False)
class ExertedAsItAttacked(Event):
    """The optional cost of the exert ability ``link`` of ``creature`` was paid as it attacked."""

    creature: ObjectId
    link: str


def exert_as_it_attacks(link: str, when_you_do: str, effect: Effect, targets: tuple[TargetSpec, ...] = ()
                        ) -> tuple[ExertAsItAttacks, TriggeredAbility]:
    """The paragraph "You may exert this creature as it attacks.  When you do, [effect]": the static
    ability and its linked triggered ability (607.2h), both named by ``link``."""

    def paid(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, ExertedAsItAttacked) and e.creature == t.source.id and linked(e.link, link))

    return (ExertAsItAttacks("You may exert this creature as it attacks.", link=link),
            TriggeredAbility(f"When you do, {when_you_do}", on_event("when you do (exert)", (ExertedAsItAttacked,),
                                                                      paid), effect, targets))


def linked(paid_for: str, trigger_link: str) -> bool:
    """607.2h: the "when you do" ability is linked to the exert ability of its own paragraph."""
    return paid_for == trigger_link


def pay_exert(game: Game, chosen: Mapping[ObjectId, object]) -> None:
    """508.1g: for each exert-as-it-attacks ability of each attacker, its controller may exert it."""
    events: list[Event] = []
    for attacker in chosen:
        view = game.view(attacker)
        for ability in view.characteristics.abilities:
            if not isinstance(ability, ExertAsItAttacks):
                continue
            if not game.choices.ask(Choice(ChoiceKind.MAY, view.controller, f"exert {view.name} as it attacks",
                                           (True, False))):
                continue
            if designations.exert(game, attacker, view.controller, source=attacker):
                events.append(ExertedAsItAttacked(attacker, ability.link))
    if events:
        game.emit(*events)


combat.OPTIONAL_ATTACK_COSTS.append(lambda game, chosen: pay_exert(game, chosen))  # 701.43d

__all__ = ["ExertAsItAttacks", "ExertedAsItAttacked", "exert_as_it_attacks", "linked", "pay_exert"]
