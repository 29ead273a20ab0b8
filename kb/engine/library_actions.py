"""Keyword actions of chapter 701 that reveal or dig through cards: reveal (701.20), behold
(701.4), fateseal (701.29), clash (701.30), learn (701.48) and discover (701.57).  (Scry, surveil,
search, shuffle, mill, explore and connive are in :mod:`kb.engine.keyword_actions` and
:mod:`kb.engine.instructions`.)

Revealing shows a card to every player; it doesn't move it (701.20b).  Each reveal is a
:class:`~kb.engine.events.Revealed` event, so "whenever a player reveals" abilities can see it.
Cards from outside the game (a Lesson, 701.48a) are given as a list of :class:`Card`, as for
dungeons (701.49a).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import keyword_actions, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled
from kb.engine.events import Cause, Clashed, Discovered, Revealed

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def reveal(game: Game, cards: Sequence[ObjectId], why: str = "revealed by an effect") -> None:
    """701.20a-b: show the cards to all players; they stay where they are."""
    game.emit(*(Revealed(i, game.view(i).name, why) for i in cards))


PUBLIC_ZONES = frozenset({Zone.GRAVEYARD, Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND})
"""Zones every player may see (400.2); exile counts, as the face-up cards there do."""


def milled_cards(game: Game, milled: Sequence[GameObject | None]) -> list[ObjectId]:
    """What "the milled cards" finds (701.17c): each card milled, in the zone it moved to from the
    library, as long as that zone is public (a replacement effect may have sent it to exile)."""
    return [o.id for o in milled if o is not None and o.id in game.objects and o.zone in PUBLIC_ZONES]


def milled_card_value(game: Game, milled: Sequence[GameObject | None], value: Callable[[View], int]) -> int:
    """701.17d: an ability asking about "the milled card" when several cards were milled asks about
    each of them; the variable it sets is the sum of the answers."""
    return sum(value(game.view(i)) for i in milled_cards(game, milled))


# -- behold (701.4) -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Beheld:
    """What was beheld: the object, and whether it had the quality as it was beheld (701.4b)."""

    object_id: ObjectId
    quality: str
    had_quality: bool


def behold(game: Game, player: PlayerId, quality: str, matches: Callable[[View], bool]) -> Beheld | None:
    """701.4a: reveal a card with the quality from your hand, or choose a permanent with it that
    you control.  None if there is neither.  Whether it "was beheld" is fixed now (701.4b)."""
    in_hand = [o.id for o in game.hand(player) if matches(game.view(o))]
    on_battlefield = [o.id for o in game.battlefield(player) if matches(game.view(o))]
    options = tuple(in_hand + on_battlefield)
    if not options:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"behold a {quality}", options))
    assert isinstance(chosen, int)
    if chosen in in_hand:
        reveal(game, [chosen], f"beheld ({quality})")
    return Beheld(chosen, quality, True)


def was_beheld(game: Game, beheld: Beheld | None, matches: Callable[[View], bool]) -> bool:
    """"If a [quality] was beheld" (701.4b): whether the object had the quality as it was beheld,
    whatever it is now (``matches`` is the quality, for what the object is now: not consulted)."""
    return beheld is not None and beheld.had_quality


# -- fateseal (701.29) --------------------------------------------------------------------------------


def fateseal(game: Game, player: PlayerId, opponent: PlayerId, count: int) -> None:
    """701.29a: ``player`` looks at the top ``count`` cards of ``opponent``'s library and puts any
    number on the bottom of that library and the rest on top, each in any order ``player`` chooses."""
    if count <= 0:
        return
    looked = keyword_actions.top_of_library(game, opponent, count)
    bottom = keyword_actions._some_of(game, player, looked, f"cards to put on the bottom (fateseal {count})")
    top = [i for i in looked if i not in bottom]
    keyword_actions._restack(game, opponent, looked,
                             keyword_actions._in_order(game, player, top, "order on top, top first"),
                             keyword_actions._in_order(game, player, bottom, "order on the bottom, upper first"))


# -- clash (701.30) -----------------------------------------------------------------------------------


def clash(game: Game, players: Sequence[PlayerId]) -> list[PlayerId]:
    """701.30a, c, d: each clashing player reveals the top card of their library at the same time;
    in APNAP order each decides whether to put it on the bottom; then they move at the same time.
    Returns the winners: a player whose card's mana value is higher than every other card revealed
    (none if tied, or if a player revealed nothing to beat)."""
    revealed = {p: keyword_actions.top_of_library(game, p, 1) for p in players}
    game.emit(*(Revealed(i[0], game.view(i[0]).name, "clash") for i in revealed.values() if i))
    values = {p: game.view(cards[0]).mana_value for p, cards in revealed.items() if cards}
    to_bottom: list[tuple[PlayerId, ObjectId]] = []
    for player in [p for p in game.apnap() if p in revealed]:
        if revealed[player] and game.choices.ask(Choice(ChoiceKind.MAY, player, "put the revealed card on the bottom",
                                                        (True, False))):
            to_bottom.append((player, revealed[player][0]))
    for player, card in to_bottom:  # all at once: no one sees another's move before deciding
        library = game.players[player].library
        library.remove(card)
        library.insert(0, card)
    if to_bottom:
        game.touch()
    winners = [p for p, value in values.items() if all(value > other for q, other in values.items() if q != p)]
    game.emit(Clashed(tuple(players), tuple(winners)))
    return winners


def clash_with_an_opponent(game: Game, player: PlayerId) -> bool:
    """701.30b: choose an opponent; you and that opponent each clash.  True if you won."""
    opponents = tuple(game.opponents(player))
    chosen = opponents[0] if len(opponents) == 1 else game.choices.ask(
        Choice(ChoiceKind.PLAYER, player, "the opponent to clash with", opponents))
    assert isinstance(chosen, str)
    return player in clash(game, [player, chosen])


# -- learn (701.48) -----------------------------------------------------------------------------------


def learn(game: Game, player: PlayerId, outside: Sequence[Card] = ()) -> ObjectId | None:
    """701.48a: you may discard a card; if you do, draw a card.  If you didn't discard, you may
    reveal a Lesson card you own from outside the game (``outside``) and put it into your hand.
    Returns the Lesson put into the hand, if any."""
    from kb.engine import actions

    hand = tuple(o.id for o in game.hand(player))
    from kb.engine import outside_game

    lessons = [c for c in outside if "Lesson" in c.front.subtypes
               and outside_game.why_not_brought_in(game, player, c, "learn") is None]  # 903.11
    options: tuple[object, ...] = (None, *hand, *(c.name for c in lessons))
    answer = game.choices.ask(Choice(ChoiceKind.MODE, player, "learn: a card to discard (then draw), a Lesson from "
                                     "outside the game, or nothing", options))
    if isinstance(answer, int):
        actions.discard(game, player, [game.objects[answer]])
        game.draw(player)
        return None
    if isinstance(answer, str):
        lesson = next(c for c in lessons if c.name == answer)
        obj = game._new_object(lesson, player, Zone.HAND, player)
        game.emit(Revealed(obj.id, lesson.name, "a Lesson from outside the game (learn)"))
        return obj.id
    return None


# -- discover (701.57) --------------------------------------------------------------------------------


def discover(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    """701.57a-c: exile cards from the top of your library until you exile a nonland card with mana
    value ``count`` or less; you may cast it without paying its mana cost if the spell's mana value
    is ``count`` or less, else it goes to your hand; the other exiled cards go on the bottom in a
    random order.  Returns the discovered card (701.57c), if one was found.  You discovered even if
    none was (701.57b)."""
    exiled: list[ObjectId] = []
    found: ObjectId | None = None
    library = game.players[player].library
    while library:
        top = game.objects[library[-1]]
        moved = zones.move(game, top, Zone.EXILE, cause=Cause.EFFECT)
        if moved is None:
            break
        view = game.view(moved)
        if not view.is_a("Land") and view.mana_value <= count:
            found = moved.id
            break
        exiled.append(moved.id)
    if found is not None:
        if game.choices.ask(Choice(ChoiceKind.MAY, player, "cast the discovered card without paying its mana cost",
                                   (True, False))):
            raise NotModelled("casting a spell without paying its mana cost while another resolves (discover, 701.57a)")
        zones.move(game, game.objects[found], Zone.HAND, cause=Cause.EFFECT)
    rest = [game.objects[i] for i in exiled if i in game.objects and game.objects[i].zone is Zone.EXILE]
    random.Random(game.clock).shuffle(rest)  # 701.57a: a random order, seeded so a scenario replays
    zones.move_all(game, rest, Zone.LIBRARY, cause=Cause.EFFECT, to_bottom=True)
    game.emit(Discovered(player, found))
    return found


__all__ = ["Beheld", "behold", "clash", "clash_with_an_opponent", "discover", "fateseal", "learn", "milled_card_value", "milled_cards", "reveal", "was_beheld"]
