"""Mutants for chapters 601-616 and 704: each breaks one rule of casting, triggering,
resolving, effects, replacement and state-based actions on purpose (collected by
:func:`kb.checks.mutants.collected`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from kb.checks.mutants import Mutant
from kb.engine import instructions, selectors, triggers
from kb.engine.basics import PlayerId
from kb.engine.game import Game

T = TypeVar("T")

_original_delayed = triggers._delayed


def _delayed_sees_the_past(game: Game, event: Any, after: Any) -> None:
    """A delayed triggered ability that also triggers on events before it was created."""
    for delayed in list(game.delayed):
        if getattr(delayed, "looked_back", False):
            continue
        delayed.looked_back = True  # type: ignore[attr-defined]
        kept, game.delayed = game.delayed, [delayed]
        try:
            for past in [e for e in game.log if e is not event]:
                if delayed in game.delayed:
                    _original_delayed(game, past, after)
        finally:
            game.delayed = kept if delayed in game.delayed else [d for d in kept if d is not delayed]
    _original_delayed(game, event, after)


def _sacrifice_always_offered(game: Game, player: PlayerId, what: Any, prompt: str) -> Any:
    from kb.engine import zones
    from kb.engine.choices import Choice, ChoiceKind

    if not game.choices.ask(Choice(ChoiceKind.MAY, player, prompt, (True, False))):
        return None
    candidates = instructions.sacrificeable(game, player, what)
    return zones.sacrifice(game, player, candidates[:1])[0] if candidates else None


def _apnap_only(game: Game, controller: PlayerId, items: Sequence[T], owner_of: Callable[[T], PlayerId],
                prompt: str) -> list[T]:
    return [i for p in game.apnap() for i in items if owner_of(i) == p]


def _exact_colors(wanted: Any, candidate: Any) -> bool:
    return not wanted or wanted == candidate.colors


_original_discard_cards = instructions.discard_cards
_original_mill = instructions.mill


def _discard_all_or_nothing(game: Game, player: PlayerId, count: int) -> list[Any]:
    return [] if len(game.hand(player)) < count else _original_discard_cards(game, player, count)


def _mill_all_or_nothing(game: Game, player: PlayerId, count: int) -> list[Any]:
    return [] if len(game.players[player].library) < count else _original_mill(game, player, count)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("delayed-triggers-see-the-past", "603.7a", "a delayed triggered ability triggers on events that happened "
           "before it was created", ((triggers, "_delayed", _delayed_sees_the_past),)),
    Mutant("impossible-option-offered", "608.2d", "a player may choose to sacrifice with nothing to sacrifice",
           ((instructions, "may_sacrifice", _sacrifice_always_offered),)),
    Mutant("order-not-chosen", "608.2f", "actions done one at a time ignore the order the controller chooses",
           ((instructions, "one_at_a_time", _apnap_only),)),
    Mutant("colors-must-match-exactly", "608.2j", "'black creatures' means creatures that are only black",
           ((selectors, "colors_match", _exact_colors),)),
    Mutant("impossible-instruction-does-nothing", "609.3", "an instruction that can't be done in full does nothing",
           ((instructions, "discard_cards", _discard_all_or_nothing), (instructions, "mill", _mill_all_or_nothing))),
)
