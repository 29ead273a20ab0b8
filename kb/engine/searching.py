"""Searching a zone as an event replacement effects may modify (701.23).

"Search [zone] for a card with [quality]" is proposed as a :class:`Search`; a replacement effect
may change it into a search of a portion of that zone ("searches the top four cards of that
library instead"), and it is still a search of the zone: what follows a search of it (a shuffle)
still applies and abilities that trigger on it trigger (701.23f, :class:`Searched`).  A quality
that is undefined (the name of a card that was never chosen) lets the zone be searched but finds
nothing (701.23c).  The choosing itself is :func:`kb.engine.keyword_actions.search`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import keyword_actions, replacement
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.events import Event
from kb.engine.replacement import Proposed

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.characteristics import View
    from kb.engine.game import Game


@dataclass(frozen=True)
class Search(Proposed):
    """``player`` would search ``owner``'s ``zone``; ``top``: only that many cards from the top of a
    library (a replacement effect's doing)."""

    player: PlayerId
    owner: PlayerId
    zone: Zone
    top: int | None = None


@dataclass(frozen=True, eq=False)
class Searched(Event):
    """``player`` searched ``owner``'s ``zone`` (or a portion of it: 701.23f)."""

    player: PlayerId
    owner: PlayerId
    zone: Zone


def searchable(game: Game, search: Search) -> list[ObjectId]:
    """The cards the search looks at: the zone, or the top cards of the library it was replaced by."""
    cards = [o.id for o in game.in_zone(search.zone, search.owner)]
    if search.top is None or search.zone is not Zone.LIBRARY:
        return cards
    return list(reversed(game.players[search.owner].library))[:search.top]


def search(game: Game, player: PlayerId, owner: PlayerId, zone: Zone, matches: Callable[[View], bool] | None, *,
           up_to: int | None = None) -> list[ObjectId] | None:
    """``player`` searches ``owner``'s ``zone`` for cards that ``matches`` (None: a quality that is
    undefined, 701.23c) and returns those found; None if the search was replaced by nothing.  A
    search replaced by a search of part of the zone is a search of the zone (701.23f)."""
    done = replacement.replace(game, Search(player, owner, zone))
    if not isinstance(done, Search):
        return None
    game.emit(Searched(player, done.owner, done.zone))
    if matches is None:
        return []
    looked_at = set(searchable(game, done))
    test = matches
    return keyword_actions.search(game, player, done.owner, done.zone, lambda v: v.id in looked_at and test(v),
                                  up_to=up_to)


def search_for_each(game: Game, player: PlayerId, owner: PlayerId, zone: Zone,
                    qualities: Sequence[Callable[[View], bool]]) -> list[ObjectId] | None:
    """"Search your library for a [A] card and a [B] card": several searches followed by one
    shuffle are a single search of the zone (701.23h): one :class:`Search` to replace, one
    :class:`Searched` to trigger on; each quality finds at most one card, never one already found.
    None if the search was replaced by nothing."""
    done = replacement.replace(game, Search(player, owner, zone))
    if not isinstance(done, Search):
        return None
    game.emit(Searched(player, done.owner, done.zone))
    looked_at = set(searchable(game, done))
    found: list[ObjectId] = []
    for quality in qualities:
        found += keyword_actions.search(game, player, done.owner, done.zone, _one_more(quality, looked_at, found),
                                        up_to=1)
    return found


def _one_more(quality: Callable[[View], bool], looked_at: set[ObjectId], found: list[ObjectId]
              ) -> Callable[[View], bool]:
    return lambda v: v.id in looked_at and v.id not in found and quality(v)


def search_each(game: Game, players: Sequence[PlayerId], zone: Zone, matches: Callable[[View], bool], *,
                up_to: int | None = None) -> dict[PlayerId, list[ObjectId]]:
    """701.23i: several players search their own ``zone`` at the same time: each looks at the cards
    at once, then they decide which to find in APNAP order.  Returns what each found (a search
    replaced by nothing finds nothing)."""
    searching = []
    for player in [p for p in game.apnap() if p in players]:
        done = replacement.replace(game, Search(player, player, zone))
        if isinstance(done, Search):
            searching.append(done)
    game.emit(*(Searched(s.player, s.owner, s.zone) for s in searching))
    found: dict[PlayerId, list[ObjectId]] = {p: [] for p in players}
    for done in searching:
        looked_at = set(searchable(game, done))
        found[done.player] = keyword_actions.search(game, done.player, done.owner, done.zone,
                                                    _one_more(matches, looked_at, []), up_to=up_to)
    return found


def outside_candidates(game: Game, player: PlayerId, matches: Callable[[Card], bool]) -> list[Card]:
    """The cards a search of "cards you own outside the game" may find: ``player``'s own cards outside
    the game that match (701.23j), never another player's."""
    return [c for c in game.players[player].outside if matches(c)]


def search_outside_the_game(game: Game, player: PlayerId, matches: Callable[[Card], bool], to: Zone
                            ) -> ObjectId | None:
    """701.23j: ``player`` searches outside the game and may choose a card they own there that
    ``matches``; it comes into the game in ``to`` (their hand, say).  None if they chose none."""
    from kb.engine.choices import Choice, ChoiceKind

    candidates = outside_candidates(game, player, matches)
    names = tuple(dict.fromkeys(c.name for c in candidates))
    answer = game.choices.ask(Choice(ChoiceKind.CARD_NAME, player, "a card you own outside the game, or none",
                                     (*names, None)))
    chosen = next((c for c in candidates if c.name == answer), None)
    if chosen is None:
        return None
    game.players[player].outside.remove(chosen)
    return game._new_object(chosen, player, to, player).id


def top_instead(count: int, text: str) -> replacement.Replacement:
    """"If an opponent would search a library, that player searches the top [count] cards of that
    library instead" (614.1a): for a static ability of the permanent."""

    def applies(context: replacement.ReplacementContext, proposed: Search) -> bool:
        you = context.context.you
        return proposed.zone is Zone.LIBRARY and proposed.top is None \
            and you is not None and proposed.player in context.game.opponents(you)

    return replacement.Replacement(text, Search, applies,
                                   lambda context, proposed: Search(proposed.player, proposed.owner, proposed.zone,
                                                                    count))


__all__ = ["Search", "Searched", "outside_candidates", "search", "search_each", "search_for_each", "search_outside_the_game", "searchable",
           "top_instead"]
