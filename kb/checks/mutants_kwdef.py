"""Engine mutants for the keywords of :mod:`kb.engine.keywords_kwdef` (assist, cleave, compleated,
prototype, spree, tiered, freerunning, ∞, airbend) and the naming of one instance of a casting option
among several: each breaks one rule on purpose.  The options and mode costs get generated mutants from
the tables of :mod:`kb.checks.mutants_casting`.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from kb.checks.mutants import Mutant
from kb.engine import (
    attractions,
    combat,
    companion,
    copies,
    hidden_agenda,
    keywords_kwdef,
    mutate,
    spell_costs,
    stack,
    the_ring,
    zones,
)
from kb.engine.basics import PlayerId, Zone
from kb.engine.game import Game
from kb.engine.keywords import Keyword
from kb.engine.objects import GameObject


def _first_instances_taken(instances: Sequence[Keyword], taken: Sequence[Keyword | None]) -> list[Keyword]:
    """Naming any instance uses up the first one: "casualty 2" after "casualty 1" finds none left."""
    return list(instances[len(taken):])


def _airbend_silently(game: Game, player: PlayerId, *targets: int) -> list[GameObject]:
    """The objects are exiled and may be cast for {2}, but no "whenever you airbend" sees it."""
    found: list[GameObject] = []
    for target in targets:
        obj = game.objects.get(target)
        if obj is not None and obj.zone is Zone.BATTLEFIELD:
            moved = game.move(obj, Zone.EXILE)
            if moved is not None:
                found.append(moved)
                game.players[moved.owner].designations.add(f"{keywords_kwdef.AIRBENT} {moved.id}")
    return found


def _bearer_added(game: Game, player: PlayerId, chosen: GameObject) -> None:
    """The earlier Ring-bearer stays one beside the new."""
    chosen.designations.add(the_ring.RING_BEARER + player)


def _nothing(*args: object) -> None:
    return None


def _never_tempted(game: Game, player: PlayerId) -> int:
    return 0


_original_deck_of = attractions.deck_of


def _deck_upside_down(game: Game, player: PlayerId) -> list[GameObject]:
    return list(reversed(_original_deck_of(game, player)))


def _every_roll_visits(context: object, lights: frozenset[int]) -> int:
    event = getattr(context, "event", None)
    return int(isinstance(event, attractions.RolledToVisit))


def _one_name(card: object) -> int:
    return 1


def _any_name(context: object, name: str | None) -> bool:
    return True


_original_token_copies = copies.create_token_copies


def _copies_keep_designations(game: Game, original: int | None, controller: PlayerId, count: int = 1,
                              **options: object) -> list[GameObject]:
    """Token copies take the original's designations along with its copiable values."""
    made = _original_token_copies(game, original, controller, count, **options)  # type: ignore[arg-type]
    source = game.objects.get(original) if original is not None else None
    for token in made:
        if source is not None:
            token.designations |= source.designations
    return made


def _nothing_at_all(*args: object) -> list[object]:
    return []


def _designated_whoever_controls(game: Game, object_id: int, player: PlayerId) -> bool:
    return the_ring.designated(game, object_id, player)


def _yes(*args: object) -> bool:
    return True


def _no(*args: object) -> bool:
    return False


TABLES: tuple[tuple[object, str, str], ...] = ((stack, "PERMANENT_SPELLS_INSTEAD", "permanent spell instead"),)
"""Keyword tables of these keywords: each entry gets a generated mutant (:data:`kb.checks.mutants.KEYWORD_TABLES`)."""

MUTANTS: tuple[Mutant, ...] = (
    Mutant("merged-permanent-keeps-its-own-values", "702.140e", "a merged permanent keeps its own card's "
           "characteristics and abilities", ((sys.modules["kb.engine.objects"], "PRINTED_ALTERNATIVES",
                                              [f for f in sys.modules["kb.engine.objects"].PRINTED_ALTERNATIVES
                                               if f is not mutate.merged_characteristics]),)),
    Mutant("merged-components-vanish", "729.3", "only the merged permanent's own card leaves the battlefield",
           ((zones, "ON_LEAVING", []),)),
    Mutant("mutates-silently", "702.140d", "nothing sees a creature mutate", ((mutate, "announce", _nothing),)),
    Mutant("mutating-spell-forgotten", "702.140f", "the mutating spell can't be followed to the permanent it "
           "merged with", ((mutate, "refer_to_permanent", _nothing),)),
    Mutant("hidden-agenda-face-up", "702.106a", "a conspiracy with hidden agenda goes into the command zone face up",
           ((hidden_agenda, "conceal", _nothing),)),
    Mutant("hidden-agenda-kept-hidden-as-player-leaves", "702.106e", "a player leaving the game doesn't reveal "
           "their face-down conspiracies", ((hidden_agenda, "revealed_as_player_leaves", _nothing_at_all),)),
    Mutant("hidden-agenda-never-revealed", "702.106c", "turning a face-down conspiracy face up does nothing",
           ((hidden_agenda, "reveal", _nothing),)),
    Mutant("chosen-name-unlinked", "702.106d", "\"the chosen name\" matches any name",
           ((hidden_agenda, "has_a_chosen_name", _any_name),)),
    Mutant("double-agenda-one-name", "702.106f", "double agenda chooses one name, as hidden agenda does",
           ((hidden_agenda, "names_to_choose", _one_name),)),
    Mutant("attraction-opened-from-the-bottom", "701.51b", "opening an Attraction takes the bottom card of the "
           "Attraction deck", ((attractions, "deck_of", _deck_upside_down),)),
    Mutant("attraction-opened-silently", "701.51c", "nothing sees that a player opened an Attraction",
           ((attractions, "announce", _nothing),)),
    Mutant("visit-whatever-the-roll", "702.159a", "an Attraction is visited whatever number the die shows",
           ((attractions, "visited", _every_roll_visits),)),
    Mutant("ring-bearers-accumulate", "701.54a", "a creature stays its controller's Ring-bearer when another "
           "becomes it", ((the_ring, "become_ring_bearer", _bearer_added),)),
    Mutant("ring-bearer-whoever-controls-it", "701.54e", "a creature stays \"your Ring-bearer\" under another "
           "player's control", ((the_ring, "is_ring_bearer", _designated_whoever_controls),)),
    Mutant("ring-bearer-copied", "701.54b", "a copy of a Ring-bearer is a Ring-bearer too (designations copied)",
           ((copies, "create_token_copies", _copies_keep_designations),)),
    Mutant("ring-tempts-silently", "701.54d", "nothing sees that the Ring tempted a player",
           ((the_ring, "announce", _nothing),)),
    Mutant("ring-count-forgotten", "701.54c", "the Ring's abilities never see how often it tempted its owner",
           ((the_ring, "times_tempted", _never_tempted),)),
    Mutant("ring-bearer-blocked-by-anything", "701.54c", "a Ring-bearer can be blocked by creatures with greater "
           "power", ((combat, "PAIR_RESTRICTIONS", []),)),
    Mutant("companion-any-deck", "702.139a", "a companion may be revealed whatever the starting deck",
           ((companion, "fulfilled", _yes),)),
    Mutant("companion-any-time", "702.139a", "the companion special action may be taken any time its owner has "
           "priority", ((companion, "main_phase_empty_stack", _yes),)),
    Mutant("companion-again-and-again", "702.139a", "the companion special action may be taken more than once",
           ((companion, "taken", _no),)),
    Mutant("infinity-ignores-harness", "702.186b", "an ∞ ability works whether or not its permanent is harnessed",
           ((keywords_kwdef, "HARNESSED_TEST", [lambda context: True]),)),
    Mutant("prototype-keeps-printed-values", "718.3b", "a prototyped permanent has the card's normal power, "
           "toughness and mana cost", ((sys.modules["kb.engine.objects"], "PRINTED_ALTERNATIVES", []),)),
    Mutant("one-instance-named-uses-the-first", "702.153b", "naming one instance of a keyword's cost uses up "
           "the first instance, whichever was named", ((spell_costs, "unpaid_instances", _first_instances_taken),)),
    Mutant("airbend-not-an-event", "701.65b", "airbending exiles without anything seeing that a player airbent",
           ((keywords_kwdef, "airbend", _airbend_silently),)),
)
