"""Prevention shields for a source of a player's choice with a quality (615.9, 609.7b).

"The next time a red source of your choice would deal damage to you this turn, prevent that
damage" (Circle of Protection: Red): the source is chosen among the objects with the quality as the
effect is created, and the shield checks the quality again as that source would deal damage.  If it
no longer has it, the damage is neither prevented nor replaced and the shield is not used up, so it
still waits for the next time (:func:`still_fits`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.durations import UntilEndOfTurn
from kb.engine.replacement import Damage, Replacement, ReplacementContext

if TYPE_CHECKING:
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.selectors import Filter
    from kb.engine.stack import Resolution


def still_fits(context: ReplacementContext, damage: Damage, quality: Filter) -> bool:
    """615.9: the shield checks its source's quality again as the damage would be dealt."""
    return quality.matches(context.context, context.game.last_known_view(damage.source))


def shield(source: ObjectId, recipient: ObjectId | PlayerId, quality: Filter, text: str) -> Replacement:
    """Prevent the next damage ``source`` would deal to ``recipient`` while it has ``quality``."""

    def applies(context: ReplacementContext, damage: Damage) -> bool:
        return damage.source == source and damage.recipient == recipient and damage.amount > 0 \
            and still_fits(context, damage, quality)

    def prevent(context: ReplacementContext, damage: Damage) -> Damage:
        from dataclasses import replace

        return replace(damage, amount=0)

    return Replacement(text, Damage, applies, prevent, prevention=True, uses=1, pure=False,
                       specifies=frozenset({"source", "recipient"}))


def prevent_next_from_chosen_source(resolution: Resolution, quality: Filter, text: str,
                                    recipient: ObjectId | PlayerId | None = None) -> ContinuousEffect | None:
    """"The next time a [quality] source of your choice would deal damage to [you] this turn, prevent
    that damage": the controller chooses the source now, among the objects with ``quality``."""
    game = resolution.game
    candidates = tuple(sorted(quality.select(resolution.context())))
    if not candidates:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, resolution.controller, f"{text}: the source", candidates))
    source = getattr(chosen, "id", chosen)
    assert isinstance(source, int)
    who = resolution.controller if recipient is None else recipient
    return resolution.create_effect(text, replacements=[shield(source, who, quality, text)],
                                    duration=UntilEndOfTurn())


__all__ = ["prevent_next_from_chosen_source", "shield", "still_fits"]
