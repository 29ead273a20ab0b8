"""Engine mutants for the mechanisms the CR's examples of 601-614 and 701 needed (the checks of
``cr607_linked_examples``, ``cr701_action_examples`` …): each breaks one rule.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.checks.mutants import Mutant
from kb.engine import (
    additional_costs,
    keyword_actions,
    keywords_casting,
    linked,
    modes,
    replacement,
    revealing,
    rules,
    searching,
    shuffling,
    stack,
)
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import View
from kb.engine.events import Event, Shuffled
from kb.engine.game import Game
from kb.engine.objects import GameObject
from kb.engine.replacement import Move
from kb.engine.stack import Resolution

_original_search = searching.search
_original_shuffle_keeping = shuffling.shuffle_keeping


def _flashback_not_kept(self: object, game: object, player: object, spell: object, keyword: object) -> None:
    """A card given flashback in the graveyard loses it as it becomes a spell."""


def _undefined_matches_anything(game: Game, player: PlayerId, owner: PlayerId, zone: Zone,
                                matches: Callable[[View], bool] | None, *, up_to: int | None = None
                                ) -> list[ObjectId] | None:
    return _original_search(game, player, owner, zone, matches or (lambda v: True), up_to=up_to)


def _whole_zone(game: Game, search: searching.Search) -> list[ObjectId]:
    return [o.id for o in game.in_zone(search.zone, search.owner)]


def _portion_is_no_search(game: Game, player: PlayerId, owner: PlayerId, zone: Zone,
                          matches: Callable[[View], bool] | None, *, up_to: int | None = None
                          ) -> list[ObjectId] | None:
    done = replacement.replace(game, searching.Search(player, owner, zone))
    if not isinstance(done, searching.Search) or done.top is not None:
        return None
    game.emit(searching.Searched(player, owner, zone))
    looked_at = set(searching.searchable(game, done))
    return [] if matches is None else keyword_actions.search(
        game, player, owner, zone, lambda v: v.id in looked_at and matches(v), up_to=up_to)


def _spliced_text_from_its_card(resolution: Resolution) -> None:
    """The text of a card spliced onto a spell is followed with that card as its source."""
    from dataclasses import replace as with_changes

    game, item = resolution.game, resolution.item
    spell = game.objects.get(item.spell) if item.spell is not None else None
    spliced = keywords_casting._spliced(spell) if spell is not None else ()
    offset = len(item.specs) - sum(len(ability.targets) for _, ability in spliced)
    for card, ability in spliced:
        count = len(ability.targets)
        ability.effect(Resolution(game, with_changes(item, spell=card), resolution.legal[offset:offset + count]))
        offset += count


def _exiled_with_any_ability(game: Game, source: ObjectId, link: str | None = None) -> list[ObjectId]:
    holder = game.objects.get(source)
    return [] if holder is None else [i for i in holder.exiled_with_it
                                      if i in game.objects and game.objects[i].zone is Zone.EXILE]


def _chosen_twice(move: Move, object_id: ObjectId) -> bool:
    return object_id != move.object_id and object_id not in move.together


def _no_printed_additional(card: GameObject) -> None:
    return None


def _revealed_not_again(game: Game, card: GameObject) -> bool:
    return not revealing.is_revealed(game, card)


def _modes_before_options(game: Game, spell: GameObject, ability: modes.ModalSpell) -> int:
    return ability.maximum


def _never_as_though_yours(game: Game, player: PlayerId, card: View, zone: Zone) -> bool:
    return False


def _shuffle_everything(game: Game, owner: str, placed: Sequence[tuple[int, bool]]) -> Shuffled:
    return _original_shuffle_keeping(game, owner, ())


def _never_shuffled_in(game: Game, arrived: Sequence[tuple[GameObject, Move]]) -> list[Event]:
    return []


MUTANTS: tuple[Mutant, ...] = (
    Mutant("chosen-to-move-twice", "614.13b", "a permanent chosen to be sacrificed by one effect modifying how a "
           "creature enters may be chosen by another", ((replacement, "may_choose_to_move", _chosen_twice),)),
    Mutant("permanent-additional-cost-ignored", "118.8", "a permanent card's printed additional cost isn't paid",
           ((additional_costs, "printed_additional", _no_printed_additional),)),
    Mutant("revealed-card-not-revealed-again", "701.20c", "a card that is currently revealed can't be revealed again "
           "(to pay a cost)", ((revealing, "may_reveal", _revealed_not_again),)),
    Mutant("exiled-with-any-ability", "607.5", "\"cards exiled with [this]\" finds the cards any ability of the "
           "object exiled, not only those of the ability linked to it", ((linked, "exiled_with", _exiled_with_any_ability),)),
    Mutant("spliced-text-names-its-card", "201.5b", "a name in text spliced onto a spell means the spliced card, "
           "not the spell", ((stack, "GAINED_TEXT", {**stack.GAINED_TEXT, "splice": _spliced_text_from_its_card}),)),
    Mutant("modes-before-options", "601.4", "the modes are chosen without regard to the kicker announced later in "
           "601.2b", ((modes, "maximum_modes", _modes_before_options),)),
    Mutant("as-though-yours-ignored", "609.4", "a card in another player's graveyard is never treated as though it "
           "were in yours", ((rules, "as_though_yours", _never_as_though_yours),)),
    Mutant("shuffle-moves-placed-cards", "701.24g", "a library shuffled by the event that put a card on its top "
           "shuffles that card too", ((shuffling, "shuffle_keeping", _shuffle_everything),)),
    Mutant("shuffled-in-not-shuffled", "701.24a", "a card shuffled into a library as it moves there is put on top "
           "and the library isn't shuffled", ((shuffling, "shuffle_in", _never_shuffled_in),)),
    Mutant("undefined-quality-matches-anything", "701.23c", "a search for a quality that is undefined finds any card",
           ((searching, "search", _undefined_matches_anything),)),
    Mutant("search-portion-ignored", "701.23f", "a search replaced by a search of the top cards looks at the whole "
           "library", ((searching, "searchable", _whole_zone),)),
    Mutant("portion-search-is-no-search", "701.23f", "searching only part of a library isn't searching it: what "
           "follows a search of it doesn't apply", ((searching, "search", _portion_is_no_search),)),
    Mutant("granted-flashback-not-kept", "702.34a", "a card given flashback in the graveyard is cast without it, so "
           "the spell isn't exiled as it leaves the stack",
           ((keywords_casting.Flashback, "begin", _flashback_not_kept),)),
)
