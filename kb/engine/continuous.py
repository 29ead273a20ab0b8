"""Creating continuous effects as spells and abilities resolve (611.2)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from kb.engine import durations, phasing
from kb.engine.abilities import Selector
from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.characteristics import View
from kb.engine.effects import (
    ContinuousEffect,
    Duration,
    ForAsLongAs,
    Indefinite,
    LayerPart,
    RuleChange,
    RuleEffect,
    UntilEndOfTurn,
    WaitingEffect,
)

if TYPE_CHECKING:
    from kb.engine.game import Game


def create(
    game: Game,
    text: str,
    parts: Sequence[LayerPart],
    affects: Selector | Iterable[ObjectId],
    duration: Duration | None = None,
    source: ObjectId | None = None,
    controller: PlayerName | None = None,
) -> ContinuousEffect | None:
    """An effect from a resolving spell or ability, with a timestamp of now (613.7b).

    The objects it affects are fixed now (611.2c); a phased-out permanent is never among them,
    even when the effect names it (702.26e).  A "for as long as" effect whose duration is
    already over does nothing at all (611.2b): None is returned.
    """
    duration = duration or Indefinite()
    if isinstance(duration, ForAsLongAs) and not durations.holds(game, duration):
        return None
    selector = affects if callable(affects) else None
    effect = ContinuousEffect(text, lock_variables(game, parts), game.tick(), duration,
                              affected=frozenset(_fix(game, affects, source)), selector=selector,
                              fixed=True, source=source, controller=controller)
    game.effects.append(effect)
    game.emit()
    return effect


def lock_variables(game: Game, parts: Sequence[LayerPart]) -> tuple[LayerPart, ...]:
    """Variables such as X get their value once, as the effect is created (611.2d)."""
    return tuple(part.lock(game) if part.lock is not None else part for part in parts)


def _fix(game: Game, affects: Selector | Iterable[ObjectId], source: ObjectId | None) -> list[ObjectId]:
    views = game.views()
    if callable(affects):
        from kb.engine.layers import compute_states

        states = compute_states(game)
        source_state = states.get(source) if source is not None else None
        ids = [i for i, s in states.items() if affects(source_state, s)]
    else:
        ids = list(affects)
    return [i for i in ids if i in views and phasing.exists(game.objects[i])
            and game.objects[i].zone in (Zone.BATTLEFIELD, Zone.STACK)]


def create_rule_change(game: Game, change: RuleChange, duration: Duration | None = None,
                       source: ObjectId | None = None, controller: PlayerName | None = None) -> RuleEffect:
    """A change to the rules: it binds objects that arrive later too (611.2c)."""
    effect = RuleEffect(change, game.tick(), duration or Indefinite(), source, controller)
    game.rule_effects.append(effect)
    return effect


def affect_next_spell(game: Game, player: PlayerName, applies: Callable[[View], bool],
                      parts: Sequence[LayerPart], text: str,
                      duration: Duration | None = None) -> WaitingEffect:
    """An effect on the next matching spell ``player`` casts: it begins only then (611.2f)."""
    waiting = WaitingEffect(player, applies, tuple(parts), text, game.tick(), duration or UntilEndOfTurn())
    game.waiting.append(waiting)
    return waiting


def begin_waiting(game: Game, spell: View, player: PlayerName) -> None:
    """``player`` has just put ``spell`` on the stack: start the first waiting effect it matches."""
    for waiting in game.waiting:
        if not waiting.ended and waiting.player == player and waiting.applies(spell):
            waiting.ended = True
            game.effects.append(ContinuousEffect(waiting.text, waiting.parts, waiting.timestamp,
                                                 waiting.duration, affected=frozenset({spell.id})))
            return
