"""Engine mutants for the casting keywords (:mod:`kb.engine.keywords_casting`,
:mod:`kb.engine.spell_costs`): the tables of casting options, cost changes and other ways to pay
get a generated mutant per entry (:data:`TABLES`); the hand-written ones break one mechanism each.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import keywords_casting, spell_costs
from kb.engine.characteristics import View
from kb.engine.game import Game
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost

TABLES: tuple[tuple[object, str, str], ...] = (
    (spell_costs, "OPTIONS", "casting option"),
    (spell_costs, "COST_CHANGES", "cost change"),
    (spell_costs, "PAYMENT_KEYWORDS", "payment"),
)

_original_times_paid = spell_costs.times_paid
_original_pay_otherwise = spell_costs.pay_otherwise


def _any_instance(game: Game, object_id: int | None, keyword: str, parameter: str | None = None) -> int:
    return _original_times_paid(game, object_id, keyword)


def _paid_before_the_total(game: Game, player: str, view: View, total: ManaCost) -> ManaCost:
    """Convoke and delve applied to the mana cost as printed, before increases and reductions."""
    printed = game.objects[view.id].printed.mana_cost or ManaCost()
    rest = _original_pay_otherwise(game, player, view, printed)
    return total.plus(-(printed.mana_value - rest.mana_value))


def _kicked_targets_always_ignored(self: object, spell: object, specs: tuple[object, ...],
                                   keyword: Keyword | None) -> tuple[object, ...]:
    return specs


def _undaunted_counts_everyone(game: Game, player: str, spell: View, keyword: Keyword) -> int:
    return -(len(game.players) - 1)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("kicker-any-instance", "702.33f", "\"if it was kicked with its [A] kicker\" holds for any kicker paid",
           ((spell_costs, "times_paid", _any_instance),)),
    Mutant("kicked-targets-not-chosen", "702.33g", "a kicked spell doesn't get the targets of its kicked part",
           ((keywords_casting.Kicker, "targets", _kicked_targets_always_ignored),)),
    Mutant("pay-otherwise-before-total", "702.51b", "convoke and delve pay part of the mana cost before the total "
           "cost is determined", ((spell_costs, "pay_otherwise", _paid_before_the_total),)),
    Mutant("undaunted-counts-players-who-left", "702.125b", "undaunted counts players who have left the game",
           ((spell_costs, "COST_CHANGES", {**spell_costs.COST_CHANGES, "undaunted": _undaunted_counts_everyone}),)),
)
