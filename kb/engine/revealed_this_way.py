"""Static abilities that reveal cards and the triggered abilities linked to them (603.11, 607.2h): "Reveal
the first card you draw each turn.  Whenever you reveal a creature card this way, …" — one paragraph, the
static ability first.  The static ability reveals the card as it is drawn (an event of its own, naming the
object whose ability revealed it); each linked triggered ability refers only to cards its own object's
static ability revealed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import triggers
from kb.engine.abilities import StaticAbility
from kb.engine.events import CardDrawn, Event

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId
    from kb.engine.game import Game
    from kb.engine.triggers import TriggerContext


@dataclass(frozen=True, eq=False)
class RevealedThisWay(Event):
    """``source``'s static ability (``link``, its text) revealed ``object_id``."""

    object_id: ObjectId
    source: ObjectId
    link: str


@dataclass(frozen=True, eq=False)
class RevealFirstDrawn(StaticAbility):
    """"Reveal the first card you draw each turn" (a static ability: the card is revealed as it is drawn)."""


def _reveal_first_drawn(game: Game, event: Event) -> None:
    if not isinstance(event, CardDrawn):
        return
    from kb.engine.keywords_casting import first_drawn_this_turn

    if not first_drawn_this_turn(game, event.player, event.card):
        return
    for permanent in game.battlefield(event.player):
        view = game.view(permanent.id)
        for ability in view.abilities:
            if isinstance(ability, RevealFirstDrawn):
                game.emit(RevealedThisWay(event.card, permanent.id, ability.text))


def revealed_by(t: TriggerContext, link: str) -> ObjectId | None:
    """607.2h: the card this object's static ability ``link`` revealed, if this event is that reveal."""
    e = t.event
    return e.object_id if isinstance(e, RevealedThisWay) and e.source == t.source.id and e.link == link else None


triggers.PLAYER_TRIGGERS.append(_reveal_first_drawn)

__all__ = ["RevealFirstDrawn", "RevealedThisWay", "revealed_by"]
