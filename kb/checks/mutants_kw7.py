"""Engine mutants for the last behaviour subrules of keyword actions and abilities checked in
:mod:`kb.checks.cr.cr701_last_keyword_subrules` and
:mod:`kb.checks.cr.cr702_last_keyword_subrules`: each breaks one of those rules on purpose.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from kb.checks.mutants import Mutant
from kb.engine import (
    classes,
    discard_hidden,
    exert_attacks,
    finding,
    keywords_casting,
    keywords_new_casting,
    optional_search,
    outside_game,
    planar_die,
    planechase,
    shown_cards,
    sticker_kicker,
    team_poison,
)
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import View
from kb.engine.game import Game
from kb.engine.keywords import Keyword
from kb.engine.objects import GameObject


def _any_blitz_paid(game: Game, object_id: int, keyword: Keyword) -> bool:
    """Every instance of blitz sees a blitz cost paid, whichever instance it was paid for."""
    return keywords_new_casting.blitz_paid(game, object_id)


def _discarded_cards_always_known(game: Game, discarded: ObjectId) -> bool:
    """A card discarded into a hidden zone unrevealed keeps its characteristics, and pays any discard cost."""
    return False


def _class_level_from_counters(game: Game, permanent: ObjectId) -> int:
    """A permanent's class level counts its level counters too."""
    obj = game.objects.get(permanent)
    stored = obj.chosen.get(classes.CLASS_LEVEL) if obj is not None else None
    return max(stored if isinstance(stored, int) else 1, obj.counter("level") if obj is not None else 0)


def _no_planeswalking_ability(game: Game, player: PlayerId) -> None:
    """Rolling the planeswalker symbol triggers nothing."""


def _nothing_after_the_owner_left(game: Game, leaving: list[ObjectId]) -> None:
    """The face-up plane leaving with its owner leaves the game without one."""


def _each_team_member_poisoned(game: Game, proliferator: PlayerId, chosen: Sequence[PlayerId]) -> set[PlayerId]:
    """Every player chosen while proliferating gets a poison counter, teammates sharing them too."""
    return set(chosen)


def _search_offered_only_if_it_finds(game: Game, player: PlayerId, owner: PlayerId, zone: Zone,
                                     matches: Callable[[View], bool]) -> bool:
    """The choice to search is offered only when the zone holds a card the search could find."""
    return any(matches(game.view(o)) for o in game.in_zone(zone, owner))


def _no_ticket_or_sticker(self: object, game: Game, player: PlayerId, source: GameObject | None) -> None:
    """Paying a sticker kicker cost brings neither a ticket counter nor a sticker."""


def _no_exert_as_it_attacks(game: Game, chosen: Mapping[ObjectId, object]) -> None:
    """Exerting as a creature attacks is never offered as the attackers are declared."""


def _reordered_stay(game: Game, owner: PlayerId, cards: Sequence[ObjectId]) -> None:
    """Shown cards of a reordered library stay shown and stay the same objects."""


def _looked_at_is_revealed(game: Game, player: PlayerId, cards: Sequence[ObjectId]) -> None:
    """Looking at cards shows them to every player, as revealing does."""
    for object_id in cards:
        game.objects[object_id].designations.add(shown_cards.REVEALED)


def _found_cards_shuffled_too(game: Game, owner: PlayerId, found: Sequence[ObjectId]) -> set[ObjectId]:
    """The cards found are shuffled with the rest of the library they are still in."""
    return set()


MUTANTS: tuple[Mutant, ...] = (
    Mutant("no-planeswalk-when-the-plane-s-owner-leaves", "901.10",
           "when the owner of the face-up plane leaves the game, the planar controller turns no new plane face up",
           ((planechase, "after_owner_left", _nothing_after_the_owner_left),)),
    Mutant("planar-die-never-planeswalks", "701.31c",
           "rolling the planeswalker symbol doesn't trigger the planeswalking ability",
           ((planar_die, "planeswalking_ability", _no_planeswalking_ability),)),
    Mutant("class-level-counts-level-counters", "702.87c",
           "a Class's level counts the level counters on it", ((classes, "class_level", _class_level_from_counters),)),
    Mutant("proliferate-poisons-each-teammate", "701.34b",
           "proliferating, each chosen player of a Two-Headed Giant team gets a poison counter for the shared count",
           ((team_poison, "proliferate_poison", _each_team_member_poisoned),)),
    Mutant("companion-kept-out-of-commander", "702.139d",
           "in a Commander game no way of bringing a card from outside the game is allowed, the companion's neither",
           ((outside_game, "ALLOWED_IN_COMMANDER", {}),)),
    Mutant("hidden-discard-still-known", "701.9c",
           "a card discarded into a hidden zone without being revealed keeps its characteristics and pays a discard "
           "cost that specifies one", ((discard_hidden, "hidden_unrevealed", _discarded_cards_always_known),)),
    Mutant("search-offered-only-if-it-finds", "701.23g",
           "a player offered to search is asked only when the zone holds a card the search could find",
           ((optional_search, "search_offered", _search_offered_only_if_it_finds),)),
    Mutant("sticker-kicker-not-kicker", "702.33h",
           "a spell cast with its sticker kicker cost paid isn't kicked",
           ((keywords_casting, "KICKER_KEYWORDS", {"kicker": "702.33a", "multikicker": "702.33c"}),)),
    Mutant("sticker-kicker-without-ticket", "702.33h",
           "paying a sticker kicker cost brings no ticket counter and no sticker",
           ((sticker_kicker.TicketAndSticker, "pay", _no_ticket_or_sticker),)),
    Mutant("exert-not-offered-as-it-attacks", "701.43d",
           "\"you may exert this creature as it attacks\" is not offered as an optional cost as attackers are declared",
           ((exert_attacks, "pay_exert", _no_exert_as_it_attacks),)),
    Mutant("madness-uncast-card-lost", "702.35c",
           "a discarded card a madness trigger put into a public zone uncast can't be found by effects referring to "
           "the discarded card", ((finding, "FOUND_AFTER", {}),)),
    Mutant("reordered-shown-cards-stay", "701.20d",
           "revealed or looked-at cards of a library that is shuffled stay shown and stay the same objects",
           ((shown_cards, "reordered", _reordered_stay),)),
    Mutant("looking-shows-to-everyone", "701.20e",
           "a card a player looks at is shown to every player, as a revealed card is",
           ((shown_cards, "look_at", _looked_at_is_revealed),)),
    Mutant("found-cards-shuffled-too", "701.24b",
           "the cards found by a search stay in the shuffle that comes before they are put into position",
           ((shown_cards, "left_out_of_shuffle", _found_cards_shuffled_too),)),
    Mutant("blitz-instances-share-payments", "702.152b",
           "each instance of blitz refers to a payment made for any instance of blitz, not only its own",
           ((keywords_new_casting, "blitz_instance_paid", _any_blitz_paid),)),
)
