"""Keyword abilities that stand for an activated or triggered ability (702.6 equip, 702.21 ward).

:func:`activated` and :func:`triggered` give an object's abilities of those kinds, its own and
those its keywords stand for: :data:`KEYWORD_ACTIVATED` and :data:`KEYWORD_TRIGGERED` are the
tables (keyword name → the ability one instance of it is).  Static keywords (flying, haste …)
are read where the rule they change is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from kb.engine.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import cost
from kb.engine.events import BecameTarget
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.stack import Resolution
    from kb.engine.triggers import TriggerContext


@cache
def _equip(keyword: Keyword) -> ActivatedAbility:
    """702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery."."""
    from kb.engine import attach
    from kb.engine.targets import target_creature

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        target = resolution.target
        source = resolution.source_id
        if isinstance(target, int) and source is not None and source in game.objects:
            attach.attach(game, game.objects[source], target)

    return ActivatedAbility(f"Equip {keyword.parameter}", cost(keyword.parameter), effect,
                            (target_creature(controller="you"),), timing="sorcery")


@cache
def _ward(keyword: Keyword) -> TriggeredAbility:
    """702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent
    controls, counter that spell or ability unless its controller pays [cost]"."""
    from kb.engine import payment, stack
    from kb.engine.errors import IllegalAction
    from kb.engine.triggers import on_event

    def count(t: TriggerContext) -> int:
        e = t.event
        return 1 if isinstance(e, BecameTarget) and e.target == t.source.id and e.controller != t.source.controller \
            else 0

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        event = resolution.event
        assert isinstance(event, BecameTarget)
        target = next((s for s in game.stack if s.id == event.by), None)
        if target is None:
            return
        price = ManaCost.parse(keyword.parameter)
        from kb.engine.mana import payments

        can_pay = bool(payments(game.players[event.controller].mana.mana, price))
        pays = can_pay and game.choices.ask(Choice(ChoiceKind.PAY, event.controller, f"pay {price} for ward",
                                                   (True, False)))
        if pays:
            checkpoint = game.checkpoint()
            try:
                payment.pay_mana(game, event.controller, price)
                return
            except IllegalAction:
                game.restore(checkpoint)
        stack.counter(game, target)

    return TriggeredAbility(f"Ward {keyword.parameter}", on_event("becomes the target of an opponent's spell "
                                                                 "or ability", (BecameTarget,), count), effect)


@cache
def _changeling(keyword: Keyword) -> StaticAbility:
    """702.73a: "This object is every creature type" — a characteristic-defining ability (604.3)."""
    from kb.engine.parts import every_creature_type
    from kb.engine.selectors import this_object

    return StaticAbility("Changeling (This object is every creature type.)", (every_creature_type(),),
                         this_object(), cda=True)


@cache
def _devoid(keyword: Keyword) -> StaticAbility:
    """702.114a: "This object is colorless" — a characteristic-defining ability (604.3)."""
    from kb.engine.parts import becomes_color
    from kb.engine.selectors import this_object

    return StaticAbility("Devoid (This card has no color.)", (becomes_color(""),), this_object(), cda=True)


@cache
def _crew(keyword: Keyword) -> ActivatedAbility:
    """702.122a: "Tap any number of other untapped creatures you control with total power N or
    greater: This permanent becomes an artifact creature until end of turn."  A Vehicle that
    becomes a creature has its printed power and toughness (301.7b)."""
    from kb.engine.costs import Cost
    from kb.engine.durations import UntilEndOfTurn
    from kb.engine.errors import ScenarioError
    from kb.engine.parts import add_types

    if not keyword.parameter.isdigit():
        raise ScenarioError(f"crew takes a number, not {keyword.parameter!r}")

    def effect(resolution: Resolution) -> None:
        resolution.create_effect("becomes an artifact creature", [add_types("Artifact", "Creature")],
                                 [resolution.source_id], UntilEndOfTurn())

    return ActivatedAbility(f"Crew {keyword.parameter}", Cost(crew=int(keyword.parameter)), effect)


KEYWORD_STATIC: dict[str, Callable[[Keyword], StaticAbility]] = {"changeling": _changeling, "devoid": _devoid}
"""Keywords that are static abilities generating continuous effects (read by the layer system)."""
KEYWORD_ACTIVATED: dict[str, Callable[[Keyword], ActivatedAbility]] = {"equip": _equip, "crew": _crew}
KEYWORD_TRIGGERED: dict[str, Callable[[Keyword], TriggeredAbility]] = {"ward": _ward}


def static(ability: object) -> StaticAbility | None:
    """The static ability ``ability`` is or stands for, if any."""
    if isinstance(ability, StaticAbility):
        return ability
    if isinstance(ability, Keyword) and ability.name in KEYWORD_STATIC:
        return KEYWORD_STATIC[ability.name](ability)
    return None


def activated(view: View) -> list[ActivatedAbility]:
    found: list[ActivatedAbility] = []
    for ability in view.abilities:
        if isinstance(ability, ActivatedAbility):
            found.append(ability)
        elif isinstance(ability, Keyword) and ability.name in KEYWORD_ACTIVATED:
            found.append(KEYWORD_ACTIVATED[ability.name](ability))
    return found


def triggered(view: View) -> list[TriggeredAbility]:
    found: list[TriggeredAbility] = []
    for ability in view.abilities:
        if isinstance(ability, TriggeredAbility):
            found.append(ability)
        elif isinstance(ability, Keyword) and ability.name in KEYWORD_TRIGGERED:
            found.append(KEYWORD_TRIGGERED[ability.name](ability))
    return found  # a Siege's ability is among its abilities (battles.sync_intrinsic, 310.11b)
