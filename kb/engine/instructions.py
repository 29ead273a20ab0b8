"""Carrying out a resolving spell's or ability's instructions (608.2c-f, 609.3).

- Choices the effect offers are made as it is applied, and an option that is impossible can't
  be chosen (608.2d): :func:`may_sacrifice` offers the sacrifice only to a player who controls
  something to sacrifice.
- An action on several players and objects that can't be done at once is done one at a time,
  in APNAP order for different players, in the order the controller chooses otherwise (608.2f):
  :func:`one_at_a_time`.
- An instruction that asks for the impossible does as much as it can (609.3): discarding more
  cards than the hand holds discards the hand (:func:`discard_cards`); moving more cards than
  a library holds moves them all (:func:`mill`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from kb.engine import actions, libraries, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind, is_permutation
from kb.engine.events import Cause

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.selectors import Filter

T = TypeVar("T")


def sacrificeable(game: Game, player: PlayerId, what: Filter, source: ObjectId | None = None) -> list[GameObject]:
    """The permanents ``player`` could sacrifice now that match ``what`` (701.21a: only their own);
    ``source`` is the object whose ability asks ("another creature")."""
    from kb.engine.context import Context
    from kb.engine.phasing import existing_views

    views = game.views()
    context = Context(game, existing_views(views), game.last_known_view(source) if source is not None else None,
                      player)
    return [o for o in game.battlefield(player) if what.matches(context, views[o.id])]


def may_sacrifice(game: Game, player: PlayerId, what: Filter, prompt: str, *, source: ObjectId | None = None
                  ) -> GameObject | None:
    """"You may sacrifice a [what]": the sacrifice is offered only if it is possible (608.2d).
    Returns what was sacrificed (as it now is in the graveyard), or None."""
    candidates = sacrificeable(game, player, what, source)
    options: tuple[object, ...] = (True, False) if candidates else (False,)
    if not game.choices.ask(Choice(ChoiceKind.MAY, player, prompt, options)):
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"the {what.text} to sacrifice",
                                     tuple(o.id for o in candidates)))
    victim = game.objects[chosen] if isinstance(chosen, int) else candidates[0]
    return zones.sacrifice(game, player, [victim])[0]


def one_at_a_time(game: Game, controller: PlayerId, items: Sequence[T], owner_of: Callable[[T], PlayerId],
                  prompt: str) -> list[T]:
    """The order an action is done on ``items`` one at a time (608.2f): by APNAP order of the
    players they belong to, and within one player's, as ``controller`` chooses."""
    ordered: list[T] = []
    for player in game.apnap():
        theirs = [i for i in items if owner_of(i) == player]
        if len(theirs) > 1:
            chosen = game.choices.ask(Choice(ChoiceKind.ORDER, controller, f"{prompt} ({player}'s)",
                                             accepts=is_permutation(theirs), items=tuple(theirs)))
            theirs = list(chosen)  # type: ignore[call-overload]
        ordered += theirs
    return ordered


def discard_cards(game: Game, player: PlayerId, count: int) -> list[ObjectId]:
    """``player`` discards ``count`` cards of their choice (701.9b), or their whole hand if it
    holds fewer (609.3).  Returns what was discarded."""
    hand = game.hand(player)
    if len(hand) <= count:
        chosen = hand
    else:
        answer = game.choices.ask(Choice(ChoiceKind.DISCARD, player, f"discard {count} card(s)",
                                         matters=len({c.card for c in hand}) > 1, default=hand[:count],
                                         accepts=lambda v: isinstance(v, (list, tuple)) and len(v) == count
                                         and all(c in hand for c in v)))
        chosen = list(answer)  # type: ignore[call-overload]
    ids = [c.id for c in chosen]
    actions.discard(game, player, chosen)
    return ids


def mill(game: Game, player: PlayerId, count: int) -> list[GameObject | None]:
    """Put the top ``count`` cards of ``player``'s library into their graveyard, or all of them
    if it holds fewer (609.3, 701.17a)."""
    top = [game.objects[i] for i in libraries.top(game, player, count)]  # 614.13c: not a card entering
    return zones.move_all(game, top, Zone.GRAVEYARD, cause=Cause.EFFECT)


__all__ = ["discard_cards", "may_sacrifice", "mill", "one_at_a_time", "sacrificeable"]
