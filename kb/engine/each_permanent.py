"""Several permanents told to take the same keyword action at once (701.44d explore, 701.50d connive).

The first player in APNAP order among their controllers (as they last existed, if they left the
battlefield) chooses one of theirs, and it acts; then the permanents still on the battlefield that
haven't acted yet repeat the process, so each action sees what the ones before it did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId, PlayerId
    from kb.engine.game import Game


def _controller(game: Game, permanent: ObjectId) -> PlayerId:
    obj = game.objects.get(permanent)
    if obj is not None and obj.zone is Zone.BATTLEFIELD:
        return game.view(permanent).controller
    return game.last_known_view(permanent).controller


def _on_battlefield(game: Game, permanent: ObjectId) -> bool:
    obj = game.objects.get(permanent)
    return obj is not None and obj.zone is Zone.BATTLEFIELD


def one_at_a_time(game: Game, permanents: Sequence[ObjectId], act: Callable[[Game, ObjectId], None],
                  what: str) -> list[ObjectId]:
    """701.44d, 701.50d: ``permanents`` each ``act`` ("explore", "connive"), one at a time in the
    order described above; returns the permanents in the order they acted."""
    waiting = list(dict.fromkeys(permanents))
    done: list[ObjectId] = []
    while waiting:
        if done:  # after the first, only those still on the battlefield act
            waiting = [p for p in waiting if _on_battlefield(game, p)]
            if not waiting:
                break
        controllers = {p: _controller(game, p) for p in waiting}
        chooser = next(p for p in game.apnap() if p in controllers.values())
        theirs = tuple(p for p in waiting if controllers[p] == chooser)
        chosen = theirs[0] if len(theirs) == 1 else game.choices.ask(
            Choice(ChoiceKind.OBJECT, chooser, f"the permanent to {what} next", theirs))
        assert isinstance(chosen, int)
        waiting.remove(chosen)
        act(game, chosen)
        done.append(chosen)
    return done


def explore_each(game: Game, permanents: Sequence[ObjectId]) -> list[ObjectId]:
    """701.44d: ``permanents`` explore at the same time."""
    from kb.engine.keyword_actions import explore

    return one_at_a_time(game, permanents, explore, "explore")


def connive_each(game: Game, permanents: Sequence[ObjectId]) -> list[ObjectId]:
    """701.50d: ``permanents`` connive at the same time."""
    from kb.engine.keyword_actions import connive

    return one_at_a_time(game, permanents, connive, "connive")


__all__ = ["connive_each", "explore_each", "one_at_a_time"]
