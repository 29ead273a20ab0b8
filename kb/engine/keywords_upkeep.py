"""Keyword abilities that trigger at the beginning of their controller's upkeep and ask for a
price: cumulative upkeep (702.24), echo (702.30), fading (702.32).

Each is an entry of :data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED` (fading is also an entry
of ``KEYWORD_STATIC``: it enters with fade counters, 614.1c).  Paying is optional; what isn't paid
is sacrificed.  Costs are :class:`~kb.engine.costs.Cost` (mana, life, sacrificing permanents …),
paid with :func:`pay_or_not`.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keyword_variables, keywords, payment, zones
from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import Condition
from kb.engine.costs import Cost, cost
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError, UnscriptedChoice
from kb.engine.events import TurnBegan
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost
from kb.engine.replacement import enters_with_counters
from kb.engine.triggers import at_beginning_of
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.context import Context
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution


def can_pay(game: Game, player: PlayerId, price: Cost, source: GameObject | None) -> bool:
    """Could ``player`` pay ``price`` now?  (Tried and undone; a choice still to make means yes.)"""
    checkpoint = game.checkpoint()
    try:
        payment.pay(game, player, price, source)
        return True
    except UnscriptedChoice:
        return True
    except (IllegalAction, NotModelled):
        return False
    finally:
        game.restore(checkpoint)


def pay_or_not(game: Game, player: PlayerId, price: Cost, source: GameObject | None, what: str) -> bool:
    """``player`` may pay ``price`` (118.12): asked only if it can be paid; True if it was."""
    if not can_pay(game, player, price, source):
        return False
    checkpoint = game.checkpoint()
    if not game.choices.ask(Choice(ChoiceKind.PAY, player, f"pay {price} for {what}", (True, False))):
        return False
    try:
        payment.pay(game, player, price, source)
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # a cost that can't be paid isn't paid (118.3)
        return False
    return True


def _sacrifice(game: Game, player: PlayerId, source: GameObject) -> None:
    """"If you don't, sacrifice it": not if it has left, phased out or changed control meanwhile (609.3)."""
    zones.sacrifice_if_able(game, player, [source.id])


def combined(costs: list[Cost]) -> Cost:
    """Several costs paid together as one (702.24a: all at once)."""
    symbols: tuple[str, ...] = ()
    for part in costs:
        if part.tap or part.untap or part.sacrifice_self or part.remove_counters or part.crew:
            raise ScenarioError(f"{part} can't be combined with other costs")
        symbols += part.mana.symbols if part.mana is not None else ()
    sacrifices = [p for p in costs if p.sacrifice is not None]
    if len({p.sacrifice for p in sacrifices}) > 1:
        raise NotModelled("cumulative upkeep choices between sacrificing different kinds of permanents")
    return Cost(ManaCost(symbols) if symbols else None, life=sum(p.life for p in costs),
                discard=sum(p.discard for p in costs), energy=sum(p.energy for p in costs),
                sacrifice=sacrifices[0].sacrifice if sacrifices else None,
                sacrifice_count=sum(p.sacrifice_count for p in sacrifices) or 1)


@cache
def _cumulative_upkeep(keyword: Keyword) -> TriggeredAbility:
    """702.24a: "At the beginning of your upkeep, if this permanent is on the battlefield, put an
    age counter on this permanent.  Then you may pay [cost] for each age counter on it.  If you
    don't, sacrifice it."  A cost with a choice ("{W} or {U}") is chosen for each age counter; the
    counters are counted as each instance resolves (702.24b)."""
    options = [cost(part) for part in re.split(r"\s+or\s+", keyword.parameter)]

    def effect(resolution: Resolution) -> None:
        game, source = resolution.game, resolution.source_id
        if source is None or source not in game.objects:
            return
        permanent = game.objects[source]
        game.put_counters(permanent, "age")
        ages = permanent.counter("age")
        if len(options) == 1:
            price = options[0].times(ages)
        else:
            labels = tuple(str(o) for o in options)
            picked = game.choices.ask(Choice(
                ChoiceKind.MODE, resolution.controller, f"the cost to pay for each of {ages} age counters {labels}",
                accepts=lambda v: isinstance(v, (list, tuple)) and len(v) == ages and all(x in labels for x in v)))
            price = combined([options[labels.index(str(x))] for x in picked])  # type: ignore[attr-defined]
        if not pay_or_not(game, resolution.controller, price, permanent, "cumulative upkeep"):
            _sacrifice(game, resolution.controller, permanent)

    return TriggeredAbility(f"Cumulative upkeep—{keyword.parameter}", at_beginning_of(Step.UPKEEP), effect)


def previous_turn(game: Game, player: PlayerId) -> int:
    """The number of ``player``'s turn before this one (0 if none began in this game)."""
    turns = [e.turn for e in game.log if isinstance(e, TurnBegan) and e.player == player and e.turn < game.turn]
    if turns:
        return turns[-1]
    return 1 if game.turn_order[0] == player and game.turn > 1 else 0


def came_under_control_since_last_upkeep(context: Context) -> bool:
    """702.30a: it came under your control since the beginning of your last upkeep."""
    source = context.source_state("the permanent with echo")
    game = context.game
    obj = game.objects.get(source.id)
    return obj is not None and obj.control_since >= max(1, previous_turn(game, source.controller))


@cache
def _echo(keyword: Keyword) -> TriggeredAbility:
    """702.30a: "At the beginning of your upkeep, if this permanent came under your control since
    the beginning of your last upkeep, sacrifice it unless you pay [cost]"; echo printed without a
    cost (the Urza block) costs the card's mana cost (702.30b)."""

    def effect(resolution: Resolution) -> None:
        game, source = resolution.game, resolution.source_id
        if source is None or source not in game.objects:
            return
        permanent = game.objects[source]
        printed = permanent.printed.mana_cost
        price = cost(keyword.parameter) if keyword.parameter != MANA_COST else Cost(printed)
        price = keyword_variables.price(game, keyword, permanent, price)  # 702.1b: X as it is now
        if not pay_or_not(game, resolution.controller, price, permanent, "echo"):
            _sacrifice(game, resolution.controller, permanent)

    return TriggeredAbility(f"Echo {keyword.parameter}", at_beginning_of(Step.UPKEEP), effect,
                            condition=Condition("it came under your control since your last upkeep",
                                                lambda c: came_under_control_since_last_upkeep(c)))


@cache
def _fading_counters(keyword: Keyword) -> StaticAbility:
    """702.32a: "This permanent enters with N fade counters on it"."""
    n = keyword.number
    return StaticAbility(f"Fading {n} (enters with {n} fade counters)",
                         replacements=(enters_with_counters("fade", n),))


@cache
def _fading(keyword: Keyword) -> TriggeredAbility:
    """702.32a: "At the beginning of your upkeep, remove a fade counter from this permanent.  If
    you can't, sacrifice the permanent"."""

    def effect(resolution: Resolution) -> None:
        game, source = resolution.game, resolution.source_id
        if source is None or source not in game.objects:
            return
        permanent = game.objects[source]
        if permanent.counter("fade"):
            game.remove_counters(permanent, "fade")
        else:
            _sacrifice(game, resolution.controller, permanent)

    return TriggeredAbility(f"Fading {keyword.number}", at_beginning_of(Step.UPKEEP), effect)


MANA_COST = "(its mana cost)"
"""The cost of echo printed without one (702.30b)."""


def _parse(text: str) -> tuple[Keyword, ...] | None:
    """"Cumulative upkeep—Pay 1 life" is written with a dash before a cost that isn't mana; echo
    may be printed without a cost (702.30b)."""
    if text.strip().lower() == "echo":
        return (Keyword("echo", MANA_COST),)
    match = re.match(r"^cumulative upkeep\s*[—-]\s*(.+)$", text, re.IGNORECASE)
    return (Keyword("cumulative upkeep", match.group(1).strip()),) if match else None


keywords.MODELLED.update({"cumulative upkeep": "cost", "echo": "cost", "fading": "number"})
keywords.PARSERS.append(_parse)
keyword_abilities.KEYWORD_TRIGGERED.update({"cumulative upkeep": _cumulative_upkeep, "echo": _echo,
                                            "fading": _fading})
keyword_abilities.KEYWORD_STATIC["fading"] = _fading_counters
