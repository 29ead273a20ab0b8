"""Subgames (728): a game of Magic played inside another with new zones.  Each player's library
becomes their library in the subgame (728.2); everything of the main game and outside it is
outside the subgame unless brought in (728.4); as the subgame ends, each card its owner has left
in any of its zones but the command zone goes to the owner's library in the main game, which is
shuffled (728.5) — cards brought in from the main game or from outside it too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import keyword_actions, restart
from kb.engine.basics import PlayerId, Zone
from kb.engine.errors import NotModelled
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.game import Game


def start_subgame(main: Game, players: Sequence[PlayerId] | None = None) -> Game:
    """The subgame, set up before its first turn (begin it with :func:`kb.engine.starting.begin_game`):
    each player's main-game library moves into it (728.2); their cards outside the main game are
    outside the subgame too (728.4)."""
    from kb.engine.game import Game

    if any(o.zone is Zone.COMMAND for o in main.objects.values()):
        raise NotModelled("a subgame with objects in the command zone (728.2a-c)")
    playing = list(players) if players is not None else [p for p in main.turn_order if not main.players[p].left]
    sub = Game(playing, library=0, step=Step.UNTAP)
    for player in playing:
        sub.players[player].outside = main.players[player].outside  # the same cards: a wish takes one
        for card_id in list(main.players[player].library):
            obj = main.objects.pop(card_id)
            main.players[player].library.remove(card_id)
            sub.place(obj.card, Zone.LIBRARY, obj.owner)
        keyword_actions.shuffle(sub, player)
    main.touch()
    return sub


def end_subgame(main: Game, sub: Game) -> None:
    """The subgame is over: each card left in it, except in its command zone, goes to its owner's
    main-game library, and those libraries are shuffled (728.5)."""
    owners = set()
    for obj in list(sub.objects.values()):
        if obj.zone is not Zone.COMMAND and restart.carried_over(obj, list(main.players), ()):
            main.place(obj.card, Zone.LIBRARY, obj.owner)
            owners.add(obj.owner)
    sub.objects.clear()
    sub.touch()
    for player in sorted(owners):
        keyword_actions.shuffle(main, player)


__all__ = ["end_subgame", "start_subgame"]
