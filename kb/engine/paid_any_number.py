"""Costs a resolving spell or ability lets a player pay any number of times, and the reflexive
triggered ability "when you pay this cost one or more times" (603.12a): however many times the
cost is paid, it triggers once, where other reflexive abilities trigger once for each time their
event happened (603.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import payment, triggers
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.limits import LIMITS, bounded

if TYPE_CHECKING:
    from kb.engine.abilities import Effect
    from kb.engine.basics import ObjectId, PlayerId
    from kb.engine.costs import Cost
    from kb.engine.game import Game
    from kb.engine.targets import TargetSpec


_PAYING = "paying a cost any number of times (603.12a)"
LIMITS[_PAYING] = 10_000


def pay_any_number_of_times(game: Game, player: PlayerId, price: Cost, source: ObjectId | None, text: str) -> int:
    """"You may pay [cost] any number of times": one payment at a time while the player wants to and
    can (118.3); returns how many times it was paid."""
    paid = 0
    for _ in bounded(_PAYING):
        if not game.choices.ask(Choice(ChoiceKind.MAY, player, f"pay {text} again?" if paid else f"pay {text}?",
                                       (True, False))):
            return paid
        if not payment.pay_during_resolution(game, player, lambda: _pay_once(game, player, price, source)):
            return paid
        paid += 1
    return paid


def _pay_once(game: Game, player: PlayerId, price: Cost, source: ObjectId | None) -> None:
    payment.pay(game, player, price, game.objects.get(source) if source is not None else None)


def times_it_triggers(paid: int) -> int:
    """"When you pay this cost one or more times" triggers once however many times it was paid (603.12a)."""
    return 1 if paid > 0 else 0


def when_paid_one_or_more_times(game: Game, paid: int, text: str, effect: Effect, controller: PlayerId, *,
                                source: ObjectId | None = None, targets: tuple[TargetSpec, ...] = ()) -> None:
    """The reflexive triggered ability "when you pay [that cost] one or more times, …" (603.12, 603.12a)."""
    triggers.reflexive(game, text, effect, controller, source=source, targets=targets,
                       times=times_it_triggers(paid))


__all__ = ["pay_any_number_of_times", "times_it_triggers", "when_paid_one_or_more_times"]
