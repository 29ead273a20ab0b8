"""Replacement effects on tokens (701.7b): one that modifies how tokens are created sees each token
as the effect defines it, before the continuous effects that would modify its characteristics; one
that modifies how a token enters the battlefield sees it as it would exist there, after them.

"If an effect would create one or more [kind] tokens under your control, it creates twice that many
instead" and "each [kind] you control enters with an additional +1/+1 counter on it" are built here.
"""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.engine import replacement
from kb.engine.basics import Zone
from kb.engine.replacement import CreateTokens, Move, Replacement, ReplacementContext


def created_is(proposed: CreateTokens, kind: str) -> bool:
    """701.7b: is the token being created a [kind], as its definition says (continuous effects don't
    apply to it yet)?"""
    return kind in {t.value for t in proposed.card.front.types}


def entering_is(context: ReplacementContext, move: Move, kind: str) -> bool:
    """701.7b: is the object entering the battlefield a [kind] as it would exist there, the
    continuous effects that already exist applied to it?"""
    arriving = replacement.as_it_would_enter(context.game, move)
    return arriving is not None and arriving.is_a(kind)


def creates_twice_as_many(kind: str) -> Replacement:
    """"If an effect would create one or more [kind] tokens under your control, it creates twice that
    many of those tokens instead" (614.1a)."""
    return Replacement(f"If an effect would create one or more {kind.lower()} tokens under your control, it creates "
                       "twice that many of those tokens instead.", CreateTokens,
                       lambda c, e: e.controller == c.context.you and created_is(e, kind),
                       lambda c, e: with_changes(e, count=e.count * 2))


def enters_with_an_additional_counter(kind: str) -> Replacement:
    """"Each [kind] you control enters with an additional +1/+1 counter on it" (614.1c)."""
    def applies(context: ReplacementContext, move: Move) -> bool:
        obj = context.game.objects.get(move.object_id)
        return (move.to_zone is Zone.BATTLEFIELD and obj is not None
                and (move.controller or obj.owner) == context.context.you and entering_is(context, move, kind))

    return Replacement(f"Each {kind.lower()} you control enters with an additional +1/+1 counter on it.", Move,
                       applies, lambda c, m: with_changes(m, counters=(*m.counters, ("+1/+1", 1))))


__all__ = ["created_is", "creates_twice_as_many", "entering_is", "enters_with_an_additional_counter"]
