"""Spells and abilities whose separate steps involve several players (608.2e): for each step, the
choices are made in APNAP order, then the step is done for everyone at once; then the next step.

A step is a :class:`Step`: ``choose(game, player)`` makes one player's choice for it (None: none to
make) and ``perform(game, chosen)`` does it for every player at once.  :func:`each_discards`,
:func:`each_sacrifices` and :func:`each_loses_life` are the usual ones ("each player discards a
card, then sacrifices a creature")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import actions, instructions, zones
from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import Cause

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.selectors import Filter


@dataclass(frozen=True)
class Step:
    text: str
    choose: Callable[[Game, PlayerId], object]
    perform: Callable[[Game, Mapping[PlayerId, object]], None]


def in_steps(game: Game, players: Sequence[PlayerId], steps: Sequence[Step]) -> None:
    """Carry out ``steps`` for ``players``: each step's choices in APNAP order, then the step at once (608.2e)."""
    order = [p for p in game.apnap() if p in players]
    for step in steps:
        chosen = {player: step.choose(game, player) for player in order}
        step.perform(game, chosen)


def each_loses_life(amount: int) -> Step:
    def perform(game: Game, chosen: Mapping[PlayerId, object]) -> None:
        for player in chosen:
            game.lose_life(player, amount)

    return Step(f"each player loses {amount} life", lambda game, player: None, perform)


def each_discards(count: int = 1) -> Step:
    """"Each player discards [count] card(s)": each chooses from their hand, then all are discarded at once."""

    def choose(game: Game, player: PlayerId) -> object:
        hand = game.hand(player)
        if len(hand) <= count:
            return [c.id for c in hand]  # all of it (609.3)
        answer = game.choices.ask(Choice(
            ChoiceKind.DISCARD, player, f"discard {count} card(s)", matters=True,
            accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == count
            and all(getattr(c, "id", c) in {h.id for h in hand} for c in v)))
        assert isinstance(answer, (list, tuple))
        return [getattr(c, "id", c) for c in answer]

    def perform(game: Game, chosen: Mapping[PlayerId, object]) -> None:
        cards = [game.objects[i] for ids in chosen.values() if isinstance(ids, list) for i in ids]
        actions.discard(game, game.active, cards)

    return Step(f"each player discards {count} card(s)", choose, perform)


def each_sacrifices(what: Filter) -> Step:
    """"Each player sacrifices a [what]": each chooses one they control, then all are sacrificed at once."""

    def choose(game: Game, player: PlayerId) -> object:
        candidates = instructions.sacrificeable(game, player, what)
        if len(candidates) <= 1:
            return candidates[0].id if candidates else None
        return game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"the {what.text} to sacrifice",
                                       tuple(o.id for o in candidates)))

    def perform(game: Game, chosen: Mapping[PlayerId, object]) -> None:
        victims = [game.objects[i] for i in chosen.values() if isinstance(i, int) and i in game.objects
                   and game.objects[i].zone is Zone.BATTLEFIELD]
        zones.move_all(game, victims, Zone.GRAVEYARD, cause=Cause.SACRIFICE)

    return Step(f"each player sacrifices a {what.text}", choose, perform)


__all__ = ["Step", "each_discards", "each_loses_life", "each_sacrifices", "in_steps"]
