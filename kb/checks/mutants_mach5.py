"""Engine mutants for the last machinery rules of 601-616 and 500-514 that the mach5 checks
(``cr611_616_remaining`` …) check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    as_enters_costs,
    battles,
    combat,
    linked,
    paid_any_number,
    player_steps,
    prevention_applied,
    replacement,
    resolution_counts,
    skip_then,
    spell_costs,
    stack,
    transform,
)
from kb.engine.abilities import ActivatedAbility
from kb.engine.cardtypes import CardType
from kb.engine.events import Event, Resolved
from kb.engine.prevention_applied import Part, PreventionApplied

_original_apply = replacement._apply


def _invokes_itself_again(option: Any, proposed: Any) -> Any:
    once = _original_apply(option, proposed)
    unpreventable = isinstance(proposed, replacement.Damage) and not proposed.preventable
    if unpreventable and option.replacement.prevention and once is not None:
        return _original_apply(option, once)
    return once


def _additional_effect_lost(option: Any, proposed: Any) -> Any:
    if isinstance(proposed, replacement.Damage) and not proposed.preventable and option.replacement.prevention:
        return proposed
    return _original_apply(option, proposed)


_original_applications = prevention_applied.applications


def _once_per_damage_event(records: Sequence[Any], protections: Sequence[Part] = ()) -> list[PreventionApplied]:
    return [PreventionApplied(found.effect, (part,)) for found in _original_applications(records, protections)
            for part in found.parts]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("prevention-reapplied-to-unpreventable", "615.12a", "a prevention effect applies to damage that can't "
           "be prevented again and again", ((replacement, "_apply", _invokes_itself_again),)),
    Mutant("unpreventable-loses-additional-effect", "615.12", "a prevention effect applied to damage that can't be "
           "prevented skips its additional effect", ((replacement, "_apply", _additional_effect_lost),)),
    Mutant("prevention-triggers-per-damage-event", "615.13", "damage prevented triggers once per damage event "
           "prevented, not once per prevention effect applied",
           ((prevention_applied, "applications", _once_per_damage_event),)),
)


def _each_choice_alone(game: Any, player: str) -> int:
    """The life ``player`` had before the permanents now entering paid anything: each choice is
    judged as if it were alone."""
    from kb.engine.events import LifeChanged

    paid = 0
    for event in reversed(game.log):
        if not isinstance(event, LifeChanged):
            break
        paid -= event.amount if event.player == player and event.amount < 0 else 0
    return _original_payable_life(game, player) + paid


_original_payable_life = as_enters_costs.payable_life

MUTANTS += (
    Mutant("entering-costs-judged-alone", "614.12b", "permanents entering at once may be given choices whose "
           "combined costs can't be paid", ((as_enters_costs, "payable_life", _each_choice_alone),)),
)


def _at_once(game: Any, action: Any) -> None:
    action(game)


MUTANTS += (
    Mutant("skip-then-at-once", "614.10b", "the action an effect takes after skipping a step happens as the step is "
           "skipped, not as the first thing of the next step to begin", ((skip_then, "defer", _at_once),)),
)


_original_begin = spell_costs.begin


def _options_enter_as_cast(game: Any, player: Any, spell: Any, found: Any) -> None:
    _original_begin(game, player, spell, found)
    for way in found:
        way.option.enters(game, player, spell)


def _nothing_as_it_enters(game: Any, permanent: Any, controller: Any) -> None:
    return


MUTANTS += (
    Mutant("delayed-trigger-made-as-cast", "608.3g", "a delayed triggered ability a permanent spell's static "
           "ability creates is created as the spell is cast, not as the permanent enters",
           ((spell_costs, "begin", _options_enter_as_cast), (spell_costs, "entering", _nothing_as_it_enters))),
    Mutant("mutating-spell-enters", "608.3d", "a mutating creature spell resolves by entering the battlefield "
           "instead of merging with its target", ((stack, "PERMANENT_SPELLS_INSTEAD", {}),)),
)


def _targets_ignored(self: ActivatedAbility) -> bool:
    return self.mana is not None and self.cost.loyalty is None


MUTANTS += (
    Mutant("targeted-mana-ability", "605.5a", "an activated ability with a target that could add mana is a mana "
           "ability", ((ActivatedAbility, "is_mana_ability", property(_targets_ignored)),)),
)


_original_exiled_with = linked.exiled_with


def _only_the_last_exiled(game: Any, source: Any, link: str | None = None) -> list[Any]:
    return _original_exiled_with(game, source, link)[-1:]


MUTANTS += (
    Mutant("the-exiled-card-is-one", "607.3", "an ability referring to \"the exiled card\" sees only the last of the "
           "cards its linked ability exiled", ((linked, "exiled_with", _only_the_last_exiled),)),
)


class _ResolvedUnseen(Event):
    """Stands in for :class:`~kb.engine.events.Resolved` where the mutant moves it: no trigger looks for it."""

    def __init__(self, stack_id: int, text: str, source: int | None = None) -> None:
        self.stack_id, self.text, self.source = stack_id, text, source


_original_resolve_spell = stack._resolve_spell


def _resolved_before_the_graveyard(game: Any, item: Any, legal: Any) -> None:
    game.emit(Resolved(item.id, item.text))
    _original_resolve_spell(game, item, legal)


MUTANTS += (
    Mutant("resolution-triggers-before-the-end", "608.2p", "abilities that trigger when a spell resolves trigger "
           "before its instructions are followed and it is put into the graveyard",
           ((stack, "_resolve_spell", _resolved_before_the_graveyard), (stack, "Resolved", _ResolvedUnseen))),
)


def _once_per_payment(paid: int) -> int:
    return paid


MUTANTS += (
    Mutant("paid-n-times-triggers-n-times", "603.12a", "\"when you pay this cost one or more times\" triggers once for "
           "each payment", ((paid_any_number, "times_it_triggers", _once_per_payment),)),
)


def _attacked_while_a_planeswalker_or_battle(game: Any, view: Any) -> bool:
    return bool(view.is_a(CardType.PLANESWALKER) or view.is_a(CardType.BATTLE))


def _any_creature_attacks_or_blocks(view: Any) -> bool:
    return bool(view.is_a(CardType.CREATURE))


MUTANTS += (
    Mutant("former-battle-stays-attacked", "506.4e", "a planeswalker battle that stops being a battle stays in "
           "combat whoever controls it", ((combat, "still_attacked", _attacked_while_a_planeswalker_or_battle),)),
    Mutant("battles-attack-and-block", "506.3e", "a creature that is also a battle can be put onto the battlefield "
           "attacking or blocking", ((combat, "may_become_attacking_or_blocking", _any_creature_attacks_or_blocks),)),
)


def _reselect_ignoring_range(game: Any, views: Any, controller: Any, opponents: Any, chosen: Any) -> bool:
    if isinstance(chosen, str):
        return chosen in opponents
    view = views.get(chosen) if chosen is not None else None
    if view is None:
        return False
    if view.is_a(CardType.PLANESWALKER):
        return bool(view.controller in opponents)
    return view.is_a(CardType.BATTLE) and battles.protector(game, view.id) in opponents


MUTANTS += (
    Mutant("reselect-out-of-range", "508.7e", "a creature may be made to attack a player, planeswalker or battle "
           "outside its controller's range of influence", ((combat, "reselectable", _reselect_ignoring_range),)),
)


_original_can_be_countered = stack.can_be_countered


def _abilities_always_counterable(game: Any, item: Any) -> bool:
    return True if item.spell is None else bool(_original_can_be_countered(game, item))


def _from_the_nth_on(this_time: int, times: int) -> bool:
    return this_time >= times


MUTANTS += (
    Mutant("uncounterable-trigger-countered", "603.1a", "\"this ability can't be countered\" after a triggered "
           "ability's effect does nothing while it is on the stack",
           ((stack, "can_be_countered", _abilities_always_counterable),)),
    Mutant("nth-resolution-trigger-made-again", "603.7h", "the delayed trigger for an ability's Nth resolution in a "
           "turn is created again at each later resolution", ((resolution_counts, "created_now", _from_the_nth_on),)),
)


_original_transform = transform.transform


def _transforming_forgets_the_exiled(game: Any, permanent: Any, *, by_day_night: bool = False) -> bool:
    turned = _original_transform(game, permanent, by_day_night=by_day_night)
    if turned:
        permanent.chosen = {k: v for k, v in permanent.chosen.items() if not k.startswith(linked.EXILED_BY)}
    return bool(turned)


MUTANTS += (
    Mutant("faces-not-linked", "607.1b", "an ability on one face of a double-faced permanent doesn't see what an "
           "ability on its other face did", ((transform, "transform", _transforming_forgets_the_exiled),)),
)


def _player_by_player(game: Any, players: Any, steps: Any) -> None:
    for player in [p for p in game.apnap() if p in players]:
        for step in steps:
            step.perform(game, {player: step.choose(game, player)})


MUTANTS += (
    Mutant("steps-player-by-player", "608.2e", "an effect's steps for several players are done by each player in "
           "turn, all of them, instead of step by step with the choices in APNAP order",
           ((player_steps, "in_steps", _player_by_player),)),
)
