"""Triggered abilities that say "Do this only once each turn" (603.2h).

Such an ability triggers only if its source's controller hasn't yet taken the action this turn: it
is the action taken that counts, not the ability triggering or resolving, so a player who declined
an optional action lets the ability trigger again.  The source remembers the turn and the player
that took the action (a new object after a zone change remembers nothing, 400.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine.choices import Choice, ChoiceKind

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId, PlayerId
    from kb.engine.game import Game
    from kb.engine.selectors import Filter
    from kb.engine.stack import Resolution
    from kb.engine.triggers import Trigger, TriggerContext

DONE = "done this turn: "
"""Key prefix of a source's ``chosen``: (turn, player) of the last time its controller took the action."""


def done(game: Game, source: ObjectId, player: PlayerId, action: str) -> bool:
    """Has ``player`` taken ``action`` of the ability of ``source`` this turn?"""
    obj = game.objects.get(source)
    return obj is not None and obj.chosen.get(DONE + action) == (game.turn, player)


def only_once_each_turn(trigger: Trigger, action: str) -> Trigger:
    """The trigger of an ability whose ``action`` is "done only once each turn" (603.2h)."""

    def count(t: TriggerContext) -> int:
        if done(t.game, t.source.id, t.source.controller, action):
            return 0
        return trigger.occurrences(t)

    def remake(what: Filter | None) -> Trigger:
        assert trigger.remake is not None
        return only_once_each_turn(trigger.remake(what), action)

    return replace(trigger, text=f"{trigger.text} (only if {action} hasn't been done this turn)", occurrences=count,
                   remake=remake if trigger.remake is not None else None)


def may_do_once(action: str, effect: Callable[[Resolution], object]) -> Callable[[Resolution], None]:
    """"You may [action]. Do this only once each turn.": the controller chooses, and if they take the
    action its source remembers it for this turn."""

    def run(resolution: Resolution) -> None:
        game = resolution.game
        if not game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, action, (True, False))):
            return
        effect(resolution)
        obj = game.objects.get(resolution.source_id) if resolution.source_id is not None else None
        if obj is not None:
            obj.chosen[DONE + action] = (game.turn, resolution.controller)
            game.touch()

    return run


__all__ = ["DONE", "done", "may_do_once", "only_once_each_turn"]
