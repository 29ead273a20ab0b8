"""Mutants of copying objects (707), of the card layouts the copy examples play (710-712) and of the
other rules of sections 1 and 7 their examples show (113.6k, 700.3c, 700.5, 700.14, 722, 726)."""

from __future__ import annotations

from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    copies,
    copy_targets,
    devotion,
    expend,
    layers,
    piles,
    restart,
    spell_copies,
    triggers,
    visibility,
)
from kb.engine.basics import Zone
from kb.engine.characteristics import CopiableCard, ObjectState, View
from kb.engine.choices import Choices
from kb.engine.objects import GameObject

_original_freeze = layers._freeze


def _copies_see_every_layer(obj: GameObject, state: ObjectState, copiable: Any, card: Any) -> View:
    """The copiable values taken after every layer, not after layers 1a-1b: a copy would take type
    changes, P/T changes and granted abilities too."""
    seen = _original_freeze(obj, state, copiable, card)
    return _original_freeze(obj, state, seen.characteristics, CopiableCard(seen.characteristics))


def _token_copies_single_faced(game: Any, original: Any, gains: Any = ()) -> None:
    return None


def _no_ability_defines(ability: Any, fields: Any) -> bool:
    return False


def _extras_stay(counters: tuple[tuple[str, int], ...], extras: Any) -> tuple[tuple[str, int], ...]:
    return counters


_original_copy_spell = spell_copies.copy_spell


def _copies_forget_costs(game: Any, original: Any, controller: Any = None, **options: Any) -> Any:
    item = _original_copy_spell(game, original, controller, **options)
    item.options.clear()
    return item


def _copies_get_the_mana_spent(game: Any, original: Any, controller: Any = None, **options: Any) -> Any:
    item = _original_copy_spell(game, original, controller, **options)
    if original.spell in game.objects:
        game.objects[item.id].chosen.update(game.objects[original.spell].chosen)
    return item


def _prescribed_target_ignored(game: Any, original: Any, controller: Any, prescribed: Any) -> Any:
    return spell_copies.copy_spell(game, original, controller)


_original_separate = piles.separate


def _piles_are_a_zone(game: Any, player: Any, objects: Any) -> Any:
    """The separated objects are set aside in exile, as if piles were a zone."""
    moved = [game.move(o, Zone.EXILE) for o in objects]
    return _original_separate(game, player, [m.id for m in moved if m is not None])


def _as_if_nothing_was_spent_before(t: Any, spell_id: int) -> int:
    """Every spell counts from zero: a player expends N with each spell once past N."""
    return 10 ** 6


_original_part_occurrences = triggers.part_occurrences


def _only_the_first_condition(parts: Any, t: Any) -> int:
    return _original_part_occurrences(parts[:1], t)


def _no_increase(state: object) -> int:
    return 0


def _everyone_decides_for_themselves(self: Choices, player: Any) -> Any:
    return player


def _only_their_own_view(game: Any, player: Any) -> set[Any]:
    return {player}


_original_carried_over = restart.carried_over


def _only_the_deck(obj: Any, staying: Any, left_out: Any) -> bool:
    """Only the cards in libraries and on the battlefield make it into the new game."""
    return bool(_original_carried_over(obj, staying, left_out)) and obj.zone in (Zone.LIBRARY, Zone.BATTLEFIELD)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("restart-only-the-deck", "726.2", "restarting leaves out the cards in hands, graveyards and exile",
           ((restart, "carried_over", _only_the_deck),)),
    Mutant("controllers-see-only-their-own", "722.4", "a player controlling another doesn't see what that player sees",
           ((visibility, "sees_for", _only_their_own_view),)),
    Mutant("controlled-players-decide", "722.5", "a controlled player still makes their own choices",
           ((Choices, "decider", _everyone_decides_for_themselves),)),
    Mutant("devotion-increases-ignored", "700.5a", "effects that increase devotion are left out of it",
           ((devotion, "increase", _no_increase),)),
    Mutant("only-the-first-trigger-condition", "113.6k", "an ability with several trigger conditions triggers only on "
           "its first", ((triggers, "part_occurrences", _only_the_first_condition),)),
    Mutant("expend-with-every-spell", "700.14", "a player expends N with every spell cast once the total is past N",
           ((expend, "spent_on", _as_if_nothing_was_spent_before),)),
    Mutant("piles-are-a-zone", "700.3c", "objects separated into piles leave their zone",
           ((piles, "separate", _piles_are_a_zone),)),
    Mutant("prescribed-copy-target-ignored", "707.10e", "a copy told to target an object keeps the original's targets",
           ((copy_targets, "copy_targeting", _prescribed_target_ignored),)),
    Mutant("spell-copies-forget-costs", "707.10", "a copy of a spell doesn't know the objects that paid the "
           "original's costs", ((spell_copies, "copy_spell", _copies_forget_costs),)),
    Mutant("spell-copies-get-the-mana-spent", "707.10", "a copy of a spell counts the mana spent to cast the "
           "original as spent on it", ((spell_copies, "copy_spell", _copies_get_the_mana_spent),)),
    Mutant("set-characteristics-keep-their-cdas", "707.9d", "a copy exception that sets a characteristic still copies "
           "the characteristic-defining ability that defines it", ((copies, "defines", _no_ability_defines),)),
    Mutant("copy-extras-survive-another-copy", "707.9e", "an exception that is an additional effect happens even when "
           "another copy effect then applies", ((copies, "_without", _extras_stay),)),
    Mutant("token-copies-single-faced", "707.8a", "a token copy of a double-faced permanent has only the face that "
           "is up", ((copies, "double_faced_token_copy", _token_copies_single_faced),)),
    Mutant("copies-see-every-layer", "707.2", "a copy takes the original's characteristics with every effect applied, "
           "not only its copiable values", ((layers, "_freeze", _copies_see_every_layer),)),
)
