"""Engine mutants for the casting keywords (:mod:`kb.engine.keywords_casting`,
:mod:`kb.engine.spell_costs`): the tables of casting options, cost changes and other ways to pay
get a generated mutant per entry (:data:`TABLES`); the hand-written ones break one mechanism each.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import keywords_casting, spell_copies, spell_costs, stack
from kb.engine.characteristics import View
from kb.engine.game import Game
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost

TABLES: tuple[tuple[object, str, str], ...] = (
    (spell_costs, "OPTIONS", "casting option"),
    (spell_costs, "COST_CHANGES", "cost change"),
    (spell_costs, "PAYMENT_KEYWORDS", "payment"),
    (spell_costs, "KEYWORD_COSTS", "keyword cost"),
    (stack, "SPELL_KEYWORDS", "spell ability"),
    (stack, "WHEN_TARGETS_ILLEGAL", "targets illegal"),
    (stack, "GAINED_TEXT", "gained text"),
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


def _every_draw_first(game: Game, player: str, card: int) -> bool:
    return True


def _copy_keeping_targets(game: Game, item: object, controller: str) -> object:
    from kb.engine import spell_copies

    return spell_copies.copy_spell(game, item, controller)  # type: ignore[arg-type]


def _timing_only(game: Game, player: str, card: object) -> str | None:
    from kb.engine import casting

    spell = casting.as_spell(game, card, player, None)  # type: ignore[arg-type]
    if not spell.is_a("Instant") and not casting.sorcery_timing(game, player):
        return "not at this time"
    return None


def _payment_per_instance(game: Game, player: str, view: View, total: ManaCost) -> ManaCost:
    for name, rule in spell_costs.PAYMENT_KEYWORDS.items():
        for _ in view.keywords(name):
            total = rule(game, player, view, total)
    return total


def _cost_change_once_per_name(game: Game, player: str, view: View) -> int:
    return sum(rule(game, player, view, view.keywords(name)[0]) for name, rule in spell_costs.COST_CHANGES.items()
               if view.keywords(name))


def _every_instance_counts(t: object, keyword: str, parameter: str | None) -> bool:
    return True


def _no_mana_reductions(game: Game, view: View) -> list[str]:
    return []


def _never_as_though_flash(found: object) -> bool:
    return False


def _bestowed_while_it_exists(game: Game, object_id: int) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and obj.chosen.get(keywords_casting.BESTOWED) is True


def _encoded_forever(game: Game, card: int) -> int | None:
    obj = game.objects.get(card)
    creature = obj.chosen.get(keywords_casting.ENCODED_ON) if obj is not None else None
    return creature if isinstance(creature, int) else None


def _judged_without_options(game: Game, card: object, found: object, view: Callable[[], View]) -> View:
    return view()


_original_copy_spell = spell_copies.copy_spell


def _copy_forgetting_choices(game: Game, original: Any, controller: Any = None, *, new_targets: Any = None) -> Any:
    item = _original_copy_spell(game, original, controller, new_targets=new_targets)
    if item.spell is not None:
        game.objects[item.spell].chosen = {}
    return item


MUTANTS: tuple[Mutant, ...] = (
    Mutant("spell-copies-forget-choices", "707.10", "a copy of a spell doesn't copy the modes and costs chosen as "
           "the spell was cast", ((spell_copies, "copy_spell", _copy_forgetting_choices),)),
    Mutant("cast-judged-without-bestow", "702.103d", "whether a bestowed spell may be cast is judged on the card "
           "as it is, not as the Aura it would be", ((spell_costs, "as_spell", _judged_without_options),)),
    Mutant("cipher-encoded-forever", "702.99c", "a card stays encoded on a creature that left the battlefield",
           ((keywords_casting, "encoded_on", _encoded_forever),)),
    Mutant("bestowed-aura-stays-bestowed", "702.103f", "a bestowed Aura that becomes unattached stays an Aura",
           ((keywords_casting, "still_bestowed", _bestowed_while_it_exists),)),
    Mutant("offering-reduces-generic-only", "702.48c", "the coloured mana of a permanent sacrificed for offering "
           "doesn't reduce the total cost", ((spell_costs, "mana_reductions", _no_mana_reductions),)),
    Mutant("offering-keeps-sorcery-timing", "702.48a", "a spell cast with offering still needs sorcery timing",
           ((spell_costs, "as_though_flash", _never_as_though_flash),)),
    Mutant("payment-keyword-per-instance", "702.51d", "each instance of convoke, delve or improvise pays part of the "
           "total again", ((spell_costs, "pay_otherwise", _payment_per_instance),)),
    Mutant("cost-change-once-per-keyword", "702.125c", "a spell's several undaunted or affinity abilities apply only "
           "once", ((spell_costs, "cost_change", _cost_change_once_per_name),)),
    Mutant("conspire-instances-share-payments", "702.78b", "each conspire instance triggers for every conspire "
           "payment", ((keywords_casting, "payments_to_count", _every_instance_counts),)),
    Mutant("suspend-ignores-cant-cast", "702.62c", "a card can be suspended though an effect forbids casting it",
           ((keywords_casting, "why_it_cannot_be_cast", _timing_only),)),
    Mutant("miracle-on-any-draw", "702.94a", "miracle triggers on any card drawn, not only the first this turn",
           ((keywords_casting, "first_drawn_this_turn", _every_draw_first),)),
    Mutant("copies-keep-their-targets", "707.10c", "copies made by storm, replicate, gravestorm and conspire never "
           "get new targets", ((keywords_casting, "copy_with_new_targets", _copy_keeping_targets),)),
    Mutant("kicker-any-instance", "702.33f", "\"if it was kicked with its [A] kicker\" holds for any kicker paid",
           ((spell_costs, "times_paid", _any_instance),)),
    Mutant("kicked-targets-not-chosen", "702.33g", "a kicked spell doesn't get the targets of its kicked part",
           ((keywords_casting.Kicker, "targets", _kicked_targets_always_ignored),)),
    Mutant("pay-otherwise-before-total", "702.51b", "convoke and delve pay part of the mana cost before the total "
           "cost is determined", ((spell_costs, "pay_otherwise", _paid_before_the_total),)),
    Mutant("undaunted-counts-players-who-left", "702.125b", "undaunted counts players who have left the game",
           ((spell_costs, "COST_CHANGES", {**spell_costs.COST_CHANGES, "undaunted": _undaunted_counts_everyone}),)),
)
