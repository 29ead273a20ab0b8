"""Continuous effects made by resolving spells and abilities (611.2).

:func:`create` makes one: parts for the layers (what it does to objects), ``rules`` (changes to
the rules: "can't", "can", costs, permissions) and ``replacements`` (replacement and prevention
effects, 614-615), with a duration.  It gets a timestamp as it is created (613.7b).  The
objects its parts affect are fixed now (611.2c) — a phased-out permanent is never among them,
even when named (702.26e) — and its variables get their value now (611.2d); its rules changes
bind objects that arrive later.  Effects of static abilities are not made here: the layer
system looks at the abilities afresh each time (611.3a, :mod:`kb.engine.layers`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import durations, phasing
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.characteristics import View
from kb.engine.context import Context
from kb.engine.durations import Duration, ForAsLongAs, Indefinite
from kb.engine.errors import ScenarioError
from kb.engine.parts import LayerPart
from kb.engine.selectors import Filter

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.replacement import Replacement
    from kb.engine.rules import RuleChange


@dataclass(eq=False)
class ContinuousEffect:
    """An effect from the resolution of a spell or ability (or a rule), with its timestamp."""

    text: str
    parts: tuple[LayerPart, ...]
    timestamp: int
    duration: Duration = field(default_factory=Indefinite)
    affected: frozenset[ObjectId] = frozenset()
    """The objects its parts apply to, fixed as it began (611.2c)."""
    selector: Filter | None = None
    """The filter that fixed them, when one did (kept to say what the effect was about)."""
    rules: tuple[RuleChange, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    source: ObjectId | None = None
    source_view: View | None = None
    """The source as it was when the effect was created (608.2h)."""
    controller: PlayerId | None = None
    created_turn: int = 0
    created_at: int = 0
    ended: bool = False
    uses: dict[int, int] = field(default_factory=dict)
    """How often each of its replacement effects has been used (for "the next time" shields)."""

    @property
    def active(self) -> bool:
        return not self.ended


def context_for(game: Game, source: ObjectId | None, controller: PlayerId | None) -> Context:
    """The situation an effect created now is evaluated in: every object that exists (phased-in)."""
    views = game.views()
    existing = phasing.existing_views(views)
    source_view = views.get(source) if source is not None else None
    if source_view is None and source is not None:
        source_view = game.last_known.get(source)
    you = controller if controller is not None else (source_view.controller if source_view else None)
    return Context(game, existing, source_view, you)


def create(game: Game, text: str, parts: Sequence[LayerPart] = (), affects: Filter | Iterable[ObjectId] = (),
           duration: Duration | None = None, *, rules: Sequence[RuleChange] = (),
           replacements: Sequence[Replacement] = (), source: ObjectId | None = None,
           controller: PlayerId | None = None) -> ContinuousEffect | None:
    """Create an effect now (613.7b).  ``affects`` is a filter, evaluated now, or the objects it
    names.  A "for as long as" effect whose duration is already over does nothing: None (611.2b)."""
    duration = duration or Indefinite()
    if isinstance(duration, ForAsLongAs) and not durations.holds(game, duration):
        return None
    if parts and affects == ():
        raise ScenarioError(f"the effect {text!r} changes objects but names none: give affects=")
    for name in _players_named(duration, parts, controller):
        game.player(name)  # an unknown name would control nothing or never end: refused, not ignored
    context = context_for(game, source, controller)
    if context.you is None:
        _refuse_you(context, rules)
    if isinstance(affects, Filter):
        affected = affects.select(context)
    else:
        affected = frozenset(i for i in affects if i in context.states)
    locked = tuple(part.lock(context) if part.lock is not None else part for part in parts)
    effect = ContinuousEffect(text, locked, game.tick(), duration, affected,
                              affects if isinstance(affects, Filter) else None, tuple(rules), tuple(replacements),
                              source, context.source if isinstance(context.source, View) else None,
                              context.you, game.turn, game.clock)
    game.add_effect(effect)
    return effect


def _refuse_you(context: Context, rules: Sequence[RuleChange]) -> None:
    """109.5: "you" in a rules change is the effect's controller.  With none, a change about "you"
    is refused now, not first when the rule is asked, mid-turn (a filter needing "you" raises as it
    is tried on the objects there now)."""
    for change in rules:
        if getattr(change, "players", "any") in ("you", "opponent"):
            raise ScenarioError(f"{change.text!r} is about 'you': give the effect a controller or a source")
        for name in ("creatures", "permanents", "spells", "sources"):
            what = getattr(change, name, None)
            if isinstance(what, Filter):
                what.select(context)


def _players_named(duration: Duration, parts: Sequence[LayerPart], controller: PlayerId | None) -> list[PlayerId]:
    named = [part.gives_control_to for part in parts if part.gives_control_to is not None]
    named += [p for p in (controller, getattr(duration, "player", None)) if p is not None]
    return named


@dataclass(eq=False)
class WaitingEffect:
    """An effect on the next spell a player casts that matches ``spells``: it begins only when
    that spell is put on the stack, and applies to it (611.2f)."""

    player: PlayerId
    spells: Filter
    parts: tuple[LayerPart, ...]
    text: str
    duration: Duration
    source: ObjectId | None = None

    def context(self, game: Game) -> Context:
        return context_for(game, self.source, self.player)


def affect_next_spell(game: Game, player: PlayerId, spells: Filter, parts: Sequence[LayerPart], text: str,
                      duration: Duration | None = None, source: ObjectId | None = None) -> WaitingEffect:
    """"The next [kind of] spell you cast this turn …" (611.2f)."""
    from kb.engine.durations import UntilEndOfTurn

    waiting = WaitingEffect(player, spells, tuple(parts), text, duration or UntilEndOfTurn(), source)
    game.waiting_effects.append(waiting)
    game.touch()
    return waiting
