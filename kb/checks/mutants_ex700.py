"""Engine mutants for loops (731), range of influence examples (801) and the keyword examples of
702.1 written for the CR's examples: each breaks one rule on purpose.  :mod:`kb.checks.mutants`
collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import (
    actions,
    influence,
    keyword_variables,
    keywords_new,
    keywords_new_casting,
    loops,
    modes,
    redirection,
    replacement,
    rules,
    spell_copies,
    targets,
)
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.errors import IllegalAction
from kb.engine.game import Game
from kb.engine.keywords import Keyword
from kb.engine.modes import ModalSpell
from kb.engine.objects import GameObject

# -- 731: loops --------------------------------------------------------------------------------------------


def _active_player_loses_the_loop(game: Game) -> None:
    actions.lose(game, [game.active], "a loop of mandatory actions")


def _any_state_again(game: Game, player: PlayerId, action: tuple[object, ...]) -> loops.StateKey:
    return loops.state_key(game)


def _last_involved_must_change(game: Game, involved: set[PlayerId]) -> PlayerId:
    return [p for p in game.apnap() if p in involved][-1]


# -- 801.5a, 801.5b, 700.2e: who chooses, within which range ------------------------------------------

_original_mode_chooser = modes.mode_chooser


def _controller_chooses_modes(game: Game, controller: PlayerId, ability: ModalSpell) -> PlayerId:
    return controller


def _modes_need_range(game: Game, controller: PlayerId, ability: ModalSpell) -> PlayerId:
    chooser = _original_mode_chooser(game, controller, ability)
    if not influence.in_range(game, chooser, controller):
        raise IllegalAction(f"{chooser} can't choose modes of a spell of {controller}, outside their range")
    return chooser


def _any_range(game: Game, chooser: PlayerId, target: object) -> bool:
    return True


# -- 702.1: keyword abilities' variables -----------------------------------------------------------------


def _no_exceptions(values: object, changes: object) -> object:
    return values


def _stations_with_power_only(game: Game, creature: ObjectId) -> int:
    view = game.view(creature) if creature in game.objects else game.last_known_view(creature)
    return max(0, view.power or 0) if view is not None else 0


def _redirected_parts_lost(game: Game, final: object) -> list[object]:
    return []


def _redirection_reaches_everyone(game: Game, source: ObjectId, recipient: object) -> bool:
    return True


def _one_variant_each(views: object, name: str) -> tuple[Keyword, ...]:
    for view in views:  # type: ignore[attr-defined]
        found = view.keywords(name)
        if found:
            return (found[0],)
    return ()


def _only_completed_exhaust_activations(game: Game, player: PlayerId) -> bool:
    from kb.engine.events import AbilityActivated
    from kb.engine.keywords_casting import this_turn

    return any(isinstance(e, AbilityActivated) and e.player == player and e.text.startswith("Exhaust — ")
               for e in this_turn(game))


def _never_exhaust_again(game: Game, player: PlayerId) -> bool:
    return False


def _player_keywords_from_printed_abilities(game: Game, player: PlayerId) -> list[Keyword]:
    from kb.engine.abilities import StaticAbility
    from kb.engine.basics import Zone

    found: list[Keyword] = []
    for obj in game.objects.values():
        if obj.zone is not Zone.BATTLEFIELD or obj.controller != player:
            continue
        for ability in obj.printed.abilities:
            if isinstance(ability, StaticAbility):
                found += [k for change in ability.rules if isinstance(change, rules.PlayersHave)
                          and change.players == "you" for k in change.keywords]
    return found


def _control_not_first(option: object) -> int:
    from kb.engine.replacement import Category

    category = option.replacement.category  # type: ignore[attr-defined]
    return int(Category.OTHER) if category is Category.CONTROL else int(category)


def _variable_ignored(game: Game, keyword: Keyword, source: GameObject) -> int | None:
    return None


MUTANTS: tuple[Mutant, ...] = (
    Mutant("control-replacement-not-first", "616.1b", "an effect changing under whose control an object enters is "
           "chosen among the other replacement effects, not before them", ((replacement, "rank", _control_not_first),)),
    Mutant("player-effects-before-objects", "613.10", "effects on players are read from the objects as printed, "
           "before their characteristics are determined", ((rules, "player_keywords",
                                                             _player_keywords_from_printed_abilities),)),
    Mutant("exhaust-begun-not-counted", "702.177b", "an exhaust ability whose activation has begun but isn't "
           "complete doesn't count as activated this turn",
           ((keywords_new_casting, "activated_exhaust_this_turn", _only_completed_exhaust_activations),)),
    Mutant("exhaust-never-again", "702.177b", "no effect lets an exhaust ability be activated again",
           ((rules, "may_exhaust_again", _never_exhaust_again),)),
    Mutant("one-variant-of-a-shared-keyword", "702.1c", "an effect granting keywords \"the same is true for\" "
           "grants only one landwalk and one protection", ((keyword_variables, "variants_among", _one_variant_each),)),
    Mutant("redirected-damage-lost", "614.9", "damage a redirection effect moves to another recipient is never dealt",
           ((redirection, "parts", _redirected_parts_lost),)),
    Mutant("redirection-ignores-range", "801.13a", "a part of the damage redirected outside the range of the "
           "spell's controller is dealt anyway", ((redirection, "reaches", _redirection_reaches_everyone),)),
    Mutant("station-ignores-statics", "702.184c", "station always counts the tapped creature's power, whatever "
           "static ability says otherwise", ((keywords_new, "station_amount", _stations_with_power_only),)),
    Mutant("spell-copy-exceptions-ignored", "707.9b", "a copy of a spell ignores the copy effect's exceptions "
           "(\"except that the copy is red\")", ((spell_copies, "with_exceptions", _no_exceptions),)),
    Mutant("keyword-variable-ignored", "702.1b", "the X an effect defines for a keyword it grants is never worked out",
           ((keyword_variables, "value", _variable_ignored),)),
    Mutant("modes-chosen-by-the-controller", "700.2e", "a spell's controller chooses its modes even when an "
           "opponent should", ((modes, "mode_chooser", _controller_chooses_modes),)),
    Mutant("modes-need-range", "801.5b", "a player chooses modes only of spells whose controller is within their range",
           ((modes, "mode_chooser", _modes_need_range),)),
    Mutant("opponents-choice-ignores-range", "801.5a", "an opponent choosing a target may choose one outside "
           "their own range of influence", ((targets, "within_choosers_range", _any_range),)),
    Mutant("mandatory-loop-lost", "731.4", "a loop of mandatory actions makes the active player lose, not a draw",
           ((loops, "draw_by_loop", _active_player_loses_the_loop),)),
    Mutant("fragmented-loop-goes-on", "731.3", "a player may repeat their action in a fragmented loop for ever",
           ((loops, "before_action", _any_state_again),)),
    Mutant("fragmented-loop-broken-by-the-last", "731.3", "the last involved player in turn order must break a "
           "fragmented loop, not the active player", ((loops, "_must_change", _last_involved_must_change),)),
)

__all__ = ["MUTANTS"]
