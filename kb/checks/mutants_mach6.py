"""Engine mutants for the last machinery rules of 601-608 that the mach6 checks (``cr601_608_last``)
check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    activating,
    all_conditions,
    hidden_triggers,
    keywords_casting,
    linked_tokens,
    notes,
    revealed_this_way,
    triggers,
)
from kb.engine.basics import Zone


def _never_begun(begun: Any, source: Any, ability: Any) -> bool:
    return False


MUTANTS: tuple[Mutant, ...] = (
    Mutant("mana-ability-reactivated-while-paying", "605.3c", "a mana ability may be activated again while its own "
           "costs are being paid", ((activating, "begun_again", _never_begun),)),
)


def _delve_exiles_unremembered(game: Any, spell: Any, picked: Any) -> None:
    game.exile(*picked)


MUTANTS += (
    Mutant("delve-exiles-not-linked", "607.2q", "the cards exiled to pay a spell's cost with delve aren't remembered "
           "as exiled with it (the permanent it becomes can't refer to them)",
           ((keywords_casting, "delve_exile", _delve_exiles_unremembered),)),
)


def _no_maker(obj: Any) -> None:
    return None


MUTANTS += (
    Mutant("token-not-linked-to-its-creator", "607.1d", "an ability printed on a token can't refer to what the ability "
           "of the object that created it did", ((linked_tokens, "maker", _no_maker),)),
)


def _always_visible(game: Any, ability: Any, view: Any, seen: Any) -> bool:
    return True


def _never_revealed_by_its_trigger(game: Any, ability: Any, view: Any, seen: Any) -> bool:
    return bool(view.zone.is_public)


MUTANTS += (
    Mutant("hidden-object-triggers", "603.2f", "a triggered ability of an object at no time visible to all players "
           "triggers", ((hidden_triggers, "visible_to_all", _always_visible),)),
    Mutant("hidden-means-not-in-public-zone", "603.2f", "only an object in a public zone counts as visible: a card "
           "revealed as it is drawn (miracle) or in a revealed hand doesn't trigger",
           ((hidden_triggers, "visible_to_all", _never_revealed_by_its_trigger),)),
)


def _any_reveal_this_way(t: Any, link: str) -> Any:
    e = t.event
    return e.object_id if isinstance(e, revealed_this_way.RevealedThisWay) else None


MUTANTS += (
    Mutant("linked-trigger-sees-any-static", "607.2h", "a triggered ability linked to a static ability in its paragraph "
           "triggers on what any object's such static ability did", ((revealed_this_way, "revealed_by",
                                                                       _any_reveal_this_way),)),
)


_original_delayed = triggers._delayed


def _delayed_controlled_by_source_now(game: Any, event: Any, after: Any) -> None:
    for delayed in game.delayed:
        if delayed.source_id in game.objects and game.objects[delayed.source_id].zone is Zone.BATTLEFIELD:
            delayed.controller = game.view(delayed.source_id).controller
    _original_delayed(game, event, after)


MUTANTS += (
    Mutant("delayed-trigger-follows-source-control", "603.7g", "a delayed triggered ability a static ability created "
           "is controlled by whoever controls its source when it triggers, not by its controller when the action was "
           "taken", ((triggers, "_delayed", _delayed_controlled_by_source_now),)),
)


def _any_objects_note(game: Any, source: Any, link: str) -> Any:
    found = [o.chosen[notes.NOTED + link] for o in game.objects.values() if notes.NOTED + link in o.chosen]
    return found[-1] if found else None


MUTANTS += (
    Mutant("note-read-from-any-object", "607.2e", "an ability reading what was noted reads a note made by another "
           "object's ability", ((notes, "noted", _any_objects_note),)),
)


def _only_since_it_existed(game: Any, source: Any, tests: Any) -> bool:
    from kb.engine.events import ZoneChanged
    from kb.engine.keywords_casting import this_turn

    events = this_turn(game)
    entered = [i for i, e in enumerate(events) if isinstance(e, ZoneChanged) and e.new_id == source]
    since = events[entered[-1] + 1:] if entered else events
    return all(any(test(e) for e in since) for test in tests)


MUTANTS += (
    Mutant("all-conditions-only-since-it-could-trigger", "603.1b", "whether all of an ability's trigger conditions "
           "happened counts only what happened while it could trigger on them",
           ((all_conditions, "all_happened_this_turn", _only_since_it_existed),)),
)
