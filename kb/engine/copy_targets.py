"""Copies of spells and abilities whose targets an effect prescribes (707.10e).

"Copy that spell.  The copy targets [an object]": every target of the copy is that object, and
no copy is made if the object isn't a legal target for each of them.  If a replacement effect
made the prescribed object into several (a token doubler creating two tokens where one was
said), the copy's controller chooses one of them to be the new target.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import spell_copies
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.stack import StackObject
    from kb.engine.targets import Target


def copy_targeting(game: Game, original: StackObject, controller: PlayerId,
                   prescribed: Sequence[Target]) -> StackObject | None:
    """Copy the spell ``original`` with the object the effect names as every target (707.10e).
    ``prescribed`` are the objects the effect produced for it: one, or more if a replacement
    effect made more, and then ``controller`` chooses one.  None: nothing to target, or it isn't a
    legal target for every target of the spell, so no copy is made."""
    if not prescribed:
        return None
    chosen = prescribed[0]
    if len(prescribed) > 1:
        chosen = game.choices.ask(Choice(ChoiceKind.TARGETS, controller, "the one new target of the copy (707.10e)",
                                         tuple(prescribed)))  # type: ignore[assignment]
    try:
        return spell_copies.copy_spell(game, original, controller, new_targets=[chosen] * len(original.specs))
    except IllegalAction:
        return None


__all__ = ["copy_targeting"]
