"""Mutants of the card layouts cast in parts — split cards (709), fuse (702.102), aftermath
(702.127), adventurer cards (715) — and of meld (701.42, 712.4, 712.21)."""

from __future__ import annotations

from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import casting, meld, split_cards, stack, zones
from kb.engine.basics import Zone
from kb.engine.cards import Card
from kb.engine.mana import ManaCost

_original_part = Card.part
_original_as_spell = casting.as_spell
_original_combined = split_cards.combined


def _whole_card_on_the_stack(self: Card, cast_as: str | None) -> Card:
    """A spell cast as a half or an Adventure keeps the whole card's characteristics."""
    return self


def _fused_is_its_left_half(self: Card, cast_as: str | None) -> Card:
    if cast_as == "fused" and self.halves is not None:
        return self.halves[0]
    return _original_part(self, cast_as)


def _judged_as_the_whole_card(game: Any, card: Any, player: Any, face_down: Any) -> Any:
    """Whether it may be cast is judged on the card's normal characteristics, not the part cast."""
    saved = card.cast_as
    card.cast_as = None
    try:
        return _original_as_spell(game, card, player, face_down)
    finally:
        card.cast_as = saved


def _right_half_first(resolution: Any, left: Any, right: Any) -> None:
    from kb.engine.stack import Resolution

    first = len(left.targets)
    right.effect(Resolution(resolution.game, resolution.item, resolution.legal[first:]))
    left.effect(Resolution(resolution.game, resolution.item, resolution.legal[:first]))


def _symbols_merged(left: Any, right: Any) -> Any:
    """The combined mana cost adds the generic symbols up into one, as a printed cost would."""
    found = _original_combined(left, right)
    symbols = found.mana_cost.symbols if found.mana_cost is not None else ()
    generic = sum(int(s) for s in symbols if s.isdigit())
    merged = ((str(generic),) if generic else ()) + tuple(s for s in symbols if not s.isdigit())
    from dataclasses import replace

    return replace(found, mana_cost=ManaCost(merged))


def _fuse_from_anywhere(game: Any, player: Any, card: Any) -> str | None:
    if card.card.halves is None or not game.view(card.id).has("fuse"):
        return "no fuse"
    return None


_original_meld = meld.meld
_original_found = meld.found_cards


def _second_card_dies_too(obj: Any, other: Any, final: Any, seen: Any) -> Any:
    """The second card's move is reported as the permanent's: it is one more creature dying."""
    from kb.engine.events import ZoneChanged

    return ZoneChanged(obj.id, other.id, obj.zone, final.to_zone, seen.get(obj.id), final.cause, seen)


def _only_the_first_card_found(game: Any, old_id: Any) -> list[Any]:
    found = _original_found(game, old_id)
    return found[:1]


def _unmelded_cards_enter_anyway(game: Any, player: Any, first: Any, second: Any) -> Any:
    """Two objects that can't be melded are put onto the battlefield one by one."""
    if not meld.can_meld(first, second):
        zones.move_all(game, [first, second], Zone.BATTLEFIELD, controller=player)
        return None
    return _original_meld(game, player, first, second)


def _enters_as_its_first_card(game: Any, player: Any, first: Any, second: Any) -> Any:
    """The pair enters as its first card and only then becomes the combined permanent."""
    if not meld.can_meld(first, second):
        return None
    del game.objects[second.id]
    entered = zones.move(game, first, Zone.BATTLEFIELD, controller=player)
    if entered is not None:
        entered.melded_with = second.card
    return entered


def _arranged_without_asking(game: Any, owner: Any, first: Any, second: Any) -> None:
    """The two cards go into the library in the pair's order (the first above), the owner not asked."""
    library = game.players[owner].library
    at = library.index(first.id)
    library[at:at] = [second.id]


def _exiled_in_the_pairs_order(game: Any, player: Any, old_id: Any) -> list[Any]:
    """The exiling player isn't asked: the two cards keep the order they were made in."""
    return [i for i in meld.found_cards(game, old_id) if game.objects[i].zone is Zone.EXILE]


def _without(table: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in table.items() if k != key}


MUTANTS: tuple[Mutant, ...] = (
    Mutant("whole-card-on-the-stack", "709.3b", "a split card's half or an Adventure keeps the whole card's "
           "characteristics on the stack", ((Card, "part", _whole_card_on_the_stack),)),
    Mutant("fused-spell-is-its-left-half", "702.102b", "a fused split spell has only its left half's characteristics",
           ((Card, "part", _fused_is_its_left_half),)),
    Mutant("part-judged-as-the-whole-card", "715.3a", "whether a half or an Adventure may be cast is judged on the "
           "whole card", ((casting, "as_spell", _judged_as_the_whole_card),)),
    Mutant("fused-right-half-first", "702.102d", "a fused split spell follows its right half's instructions first",
           ((split_cards, "follow_halves", _right_half_first),)),
    Mutant("split-cost-symbols-merged", "709.4b", "a split card's combined mana cost merges the halves' generic "
           "symbols", ((split_cards, "combined", _symbols_merged),)),
    Mutant("fuse-from-anywhere", "702.102a", "a split card with fuse may be cast fused from any zone",
           ((casting, "PARTS", {**casting.PARTS, "fused": _fuse_from_anywhere}),)),
    Mutant("aftermath-half-from-anywhere", "702.127a", "an aftermath half is cast like any other half: from the hand, "
           "not from the graveyard", ((casting, "OWN_PERMISSIONS", _without(casting.OWN_PERMISSIONS, "aftermath")),)),
    Mutant("adventure-to-the-graveyard", "715.3d", "a resolved Adventure goes to its owner's graveyard",
           ((stack, "RESOLVED_ELSEWHERE", _without(stack.RESOLVED_ELSEWHERE, "adventure")),)),
    Mutant("adventure-not-playable-from-exile", "715.3d", "the card exiled by its Adventure can't be cast from exile",
           ((casting, "OWN_PERMISSIONS", _without(casting.OWN_PERMISSIONS, "adventure")),)),
    Mutant("melded-permanent-leaves-as-one-card", "712.21", "a melded permanent that leaves the battlefield puts only "
           "one card into the new zone", ((meld, "separate", lambda game, obj, new, final: []),)),
    Mutant("melded-second-card-dies-too", "712.21e", "the second card of a melded permanent moving counts as another "
           "object leaving the battlefield", ((meld, "separated_event", _second_card_dies_too),)),
    Mutant("found-new-object-is-one-card", "712.21c", "an effect that finds the new object of a melded permanent finds "
           "only one card", ((meld, "found_cards", _only_the_first_card_found),)),
    Mutant("unmelded-cards-enter-anyway", "701.42c", "objects that can't be melded are put onto the battlefield "
           "apart", ((meld, "meld", _unmelded_cards_enter_anyway),)),
    Mutant("melded-mana-value-is-the-back-face", "712.8g", "a melded permanent's mana value is its combined face's "
           "(none), not the sum of its front faces'", ((meld, "mana_value_cost", lambda permanent: None),)),
    Mutant("melded-cards-not-arranged", "712.21a", "the two cards of a melded permanent put into a library go in "
           "the pair's order, not the one their owner chooses", ((meld, "arrange", _arranged_without_asking),)),
    Mutant("exiled-melded-cards-in-the-pairs-order", "712.21b", "the player exiling a melded permanent doesn't choose "
           "the timestamp order of its two cards", ((meld, "order_exiled", _exiled_in_the_pairs_order),)),
    Mutant("meld-enters-as-its-first-card", "712.14c", "a meld pair enters the battlefield as its first card, then "
           "becomes the combined permanent", ((meld, "meld", _enters_as_its_first_card),)),
)

