"""Keyword actions of chapter 701 that are players' choices: voting (701.38) and facing a
villainous choice (701.55).

Voting is an event abilities can trigger on ("whenever players finish voting"); choices made
without the word "vote" are not votes (701.38c), so they make no such event.  How many votes a
player has and how many times a player faces a villainous choice can be changed by the rules
(``rules.AdditionalVotes``, ``rules.AdditionalVillainousChoice``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kb.engine import rules
from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import VillainousChoiceFaced, Voted, VotingFinished

if TYPE_CHECKING:
    from kb.engine.game import Game


def votes_of(game: Game, player: PlayerId) -> int:
    """One vote, plus any an effect gives (701.38d)."""
    extra = 0
    for found in rules.of_kind(game, rules.AdditionalVotes):
        change = found.change
        assert isinstance(change, rules.AdditionalVotes)
        if rules._player_matches(change.players, found.context, player):
            extra += change.count
    return 1 + extra


def _votes_among(options: Sequence[object], count: int) -> Callable[[object], bool]:
    def accepts(value: object) -> bool:
        return isinstance(value, (list, tuple)) and len(value) == count and all(x in options for x in value)

    return accepts


def vote(game: Game, starting: PlayerId, options: Sequence[object]) -> Counter[object]:
    """701.38a: each player, starting with ``starting`` and going in turn order, votes for one of
    ``options``; a player with several votes casts them all at once, when they would vote (701.38d).
    Returns the tally; "whenever players finish voting" triggers on the end (701.38c)."""
    order = game.turn_order
    start = order.index(starting)
    voters = [p for p in order[start:] + order[:start] if not game.players[p].left]
    tally: Counter[object] = Counter()
    cast_votes: list[tuple[PlayerId, object]] = []
    for player in voters:
        count = votes_of(game, player)
        if count == 1:
            answer = game.choices.ask(Choice(ChoiceKind.MODE, player, "vote", tuple(options)))
            chosen: list[object] = [answer]
        else:
            answer = game.choices.ask(Choice(ChoiceKind.MODE, player, f"{count} votes, cast at once",
                                             accepts=_votes_among(options, count)))
            assert isinstance(answer, (list, tuple))
            chosen = list(answer)
        tally.update(chosen)
        cast_votes += [(player, c) for c in chosen]
        game.emit(*(Voted(player, c) for c in chosen))
    game.emit(VotingFinished(tuple(cast_votes)))
    return tally


def most_votes(tally: Counter[object]) -> list[object]:
    """The options with the most votes or tied for the most."""
    if not tally:
        return []
    top = max(tally.values())
    return [o for o, n in tally.items() if n == top]


Option = tuple[str, Callable[[PlayerId], None]]
"""An option of a villainous choice: its text, and what doing it does (as much as possible), given
the player who chose it."""


def times_faced(game: Game, player: PlayerId, controller: PlayerId) -> int:
    """1, plus the additional times replacement effects say (701.55c)."""
    extra = 0
    for found in rules.of_kind(game, rules.AdditionalVillainousChoice):
        change = found.change
        assert isinstance(change, rules.AdditionalVillainousChoice)
        if rules._player_matches(change.players, found.context, player):
            extra += change.count
    return 1 + extra


def face_villainous_choice(game: Game, players: Sequence[PlayerId], controller: PlayerId, first: Option,
                           second: Option) -> list[tuple[PlayerId, str]]:
    """701.55a: each player chooses one option, then everything in it is done.  An illegal or
    impossible option may be chosen: as much of it as possible is done (701.55b).  Several players
    face it one at a time in APNAP order (701.55d), each the number of times replacement effects
    give (701.55c), one whole choice after another.  Returns (player, option chosen) in order."""
    done: list[tuple[PlayerId, str]] = []
    for player in [p for p in game.apnap() if p in players]:
        for _ in range(times_faced(game, player, controller)):
            text = game.choices.ask(Choice(ChoiceKind.MODE, player, "villainous choice", (first[0], second[0])))
            (first if text == first[0] else second)[1](player)
            done.append((player, str(text)))
            game.emit(VillainousChoiceFaced(player, str(text)))
    return done


__all__ = ["Option", "face_villainous_choice", "most_votes", "times_faced", "vote", "votes_of"]
