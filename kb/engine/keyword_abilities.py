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
    from kb.engine.basics import PlayerId
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.stack import Resolution
    from kb.engine.targets import TargetSpec
    from kb.engine.triggers import TriggerContext


def equip_parts(keyword: Keyword) -> tuple[str, str]:
    """An equip ability's quality and cost: ``equip {2}`` → ("", "{2}"), ``equip legendary
    creature {3}`` → ("legendary creature", "{3}") (702.6c), ``equip planeswalker {1}`` (702.6e)."""
    text = keyword.parameter
    start = text.find("{")
    if start < 0:
        return text.strip(), ""
    return text[:start].strip(), text[start:].strip()


def _equip_target(quality: str) -> TargetSpec:
    """Who an equip ability may target (702.6a, 702.6c, 702.6e): a creature (a planeswalker) you
    control, with the quality if one is named."""
    from kb.engine.cardtypes import Supertype
    from kb.engine.errors import NotModelled
    from kb.engine.selectors import objects
    from kb.engine.targets import target

    words = [w for w in quality.split() if w.lower() != "creature"]
    if words == ["planeswalker"]:
        return target(objects("Planeswalker", controller="you"), "target planeswalker you control")
    supertypes = [w.capitalize() for w in words if w.capitalize() in {s.value for s in Supertype}]
    subtypes = [w for w in words if w.capitalize() not in supertypes]
    if any(not w[:1].isupper() for w in subtypes):
        raise NotModelled(f"equip {quality}")
    return target(objects("Creature", controller="you", supertypes=supertypes, subtypes=subtypes),
                  f"target {quality or 'creature'} you control")


@cache
def _equip(keyword: Keyword) -> ActivatedAbility:
    """702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as a
    sorcery."; with a quality, only a creature with it is a legal target (702.6c); "equip
    planeswalker" targets a planeswalker you control (702.6e)."""
    from kb.engine import attach

    quality, price = equip_parts(keyword)

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        target = resolution.target
        source = resolution.source_id
        if isinstance(target, int) and source is not None and source in game.objects:
            attach.attach(game, game.objects[source], target)

    return ActivatedAbility(f"Equip {keyword.parameter}", cost(price), effect, (_equip_target(quality),),
                            timing="sorcery")


X_VALUES: dict[str, Callable[[Game, PlayerId], int]] = {
    "the number of cards in your hand": lambda game, you: len(game.hand(you)),
    "the number of creatures you control": lambda game, you: len(game.creatures(you)),
}
"""What an X in a keyword's cost can stand for ("ward {X}, where X is …"), read for the
controller of the ability."""


def x_value(game: Game, definition: str, you: PlayerId) -> int:
    if definition not in X_VALUES:
        from kb.engine.errors import ScenarioError

        raise ScenarioError(f"unknown X {definition!r}: one of {', '.join(X_VALUES)}")
    return X_VALUES[definition](game, you)


@cache
def _ward(keyword: Keyword) -> TriggeredAbility:
    """702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent
    controls, counter that spell or ability unless its controller pays [cost]"; an X in the cost
    is worked out as the ability resolves (702.21b)."""
    from kb.engine import payment, stack
    from kb.engine.errors import IllegalAction
    from kb.engine.triggers import on_event

    text, _, definition = keyword.parameter.partition(", where X is ")

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
        price = ManaCost.parse(text)
        if price.x_count:
            price = price.with_x(x_value(game, definition, resolution.controller))
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
        from kb.engine.events import BecameCrewed

        resolution.create_effect("becomes an artifact creature", [add_types("Artifact", "Creature")],
                                 [resolution.source_id], UntilEndOfTurn())
        if resolution.source_id is not None:
            crew = resolution.item.options.get("crewed_by", ())
            resolution.game.emit(BecameCrewed(resolution.source_id, tuple(crew)))  # 702.122d

    return ActivatedAbility(f"Crew {keyword.parameter}", Cost(crew=int(keyword.parameter)), effect)


KEYWORD_STATIC: dict[str, Callable[[Keyword], StaticAbility]] = {"changeling": _changeling, "devoid": _devoid}
"""Keywords that are static abilities generating continuous effects (read by the layer system)."""
KEYWORD_ACTIVATED: dict[str, Callable[[Keyword], ActivatedAbility | tuple[ActivatedAbility, ...]]] = {
    "equip": _equip, "crew": _crew}
KEYWORD_TRIGGERED: dict[str, Callable[[Keyword], TriggeredAbility | tuple[TriggeredAbility, ...]]] = {"ward": _ward}
"""A keyword may stand for several abilities of a kind (champion's two triggers, 702.72a): a tuple."""


def static(ability: object) -> StaticAbility | None:
    """The static ability ``ability`` is or stands for, if any."""
    if isinstance(ability, StaticAbility):
        return ability
    if isinstance(ability, Keyword) and ability.name in KEYWORD_STATIC:
        return KEYWORD_STATIC[ability.name](ability)
    return None


def activated(view: View) -> list[ActivatedAbility]:
    return [each for ability in view.abilities for each in activated_of(ability)]


def activated_of(ability: object) -> tuple[ActivatedAbility, ...]:
    """The activated abilities one ability of an object is or stands for (a keyword's)."""
    if isinstance(ability, ActivatedAbility):
        return (ability,)
    if isinstance(ability, Keyword) and ability.name in KEYWORD_ACTIVATED:
        built = KEYWORD_ACTIVATED[ability.name](ability)
        return built if isinstance(built, tuple) else (built,)
    return ()


def triggered(view: View) -> list[TriggeredAbility]:
    found: list[TriggeredAbility] = []
    for ability in view.abilities:
        if isinstance(ability, TriggeredAbility):
            found.append(ability)
        elif isinstance(ability, Keyword) and ability.name in KEYWORD_TRIGGERED:
            built = KEYWORD_TRIGGERED[ability.name](ability)
            found.extend(built if isinstance(built, tuple) else (built,))
    return found  # a Siege's ability is among its abilities (battles.sync_intrinsic, 310.11b)
