"""An event that can't happen (614.17): only the self-replacement effects of the spell or ability
that would make it happen may replace it (614.17c, 614.15); no other replacement or prevention
effect modifies or replaces it.  What a self-replacement effect puts in its place happens, with the
replacement effects that apply to that."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import phasing
from kb.engine.context import Context
from kb.engine.errors import NotModelled
from kb.engine.replacement import Proposed, Replacement, ReplacementContext, replace

if TYPE_CHECKING:
    from kb.engine.game import Game


def self_replaced(game: Game, proposed: Proposed, own: Sequence[Replacement]) -> Proposed | None:
    """What happens instead of ``proposed``, an event that can't happen: the event itself, unchanged,
    unless one of ``own`` (its spell's self-replacement effects) replaces it (614.17c)."""
    context = ReplacementContext(game, Context(game, phasing.existing_views(game.views())))
    applicable = [r for r in own if isinstance(proposed, r.event) and r.applies(context, proposed)]
    if not applicable:
        return proposed
    if len(applicable) > 1:
        raise NotModelled("several self-replacement effects of an event that can't happen (614.17c, 616.1a)")
    instead = applicable[0].replace(context, proposed)
    if instead is None or type(instead) is type(proposed):
        return instead  # still the event that can't happen (or nothing at all)
    return replace(game, instead)  # another event, which other effects may modify (614.5: not this one again)


__all__ = ["self_replaced"]
