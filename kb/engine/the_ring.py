"""The Ring tempts you (701.54): a Ring-bearer chosen, the emblem named The Ring and its abilities by
how many times the Ring has tempted the player.

:func:`tempt` does 701.54a and c-d: the player gets The Ring if they have none, chooses a creature they
control to be their Ring-bearer (the designation of 701.54b, kept on the permanent and naming the player),
and a :class:`RingTempted` event says it happened even if no creature could be chosen.  The emblem's
abilities read :func:`times_tempted`; "is your Ring-bearer" is :func:`is_ring_bearer` (701.54e).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import actions, combat
from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import Card
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import Characteristics
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import condition
from kb.engine.events import Event
from kb.engine.parts import add_types
from kb.engine.selectors import where
from kb.engine.triggers import attacks

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.context import Context, Seeable
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

RING_BEARER = "Ring-bearer of "
"""A permanent's designation: the player whose Ring-bearer it is (701.54a-b)."""
TEMPTED = "tempted by the Ring "
"""A player's designation: how many times the Ring has tempted them (701.54c)."""
THE_RING = "The Ring"


@dataclass(frozen=True, eq=False)
class RingTempted(Event):
    """The Ring tempted ``player`` (701.54d); ``bearer``: the creature chosen, if any."""

    player: PlayerId
    bearer: ObjectId | None


def times_tempted(game: Game, player: PlayerId) -> int:
    return next((int(d[len(TEMPTED):]) for d in game.players[player].designations if d.startswith(TEMPTED)), 0)


def is_ring_bearer(game: Game, object_id: ObjectId, player: PlayerId) -> bool:
    """701.54e: the creature is on the battlefield under ``player``'s control with the Ring-bearer designation."""
    return designated(game, object_id, player) and game.view(object_id).controller == player


def designated(game: Game, object_id: ObjectId, player: PlayerId) -> bool:
    """The permanent has the Ring-bearer designation for ``player`` (701.54b)."""
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and RING_BEARER + player in obj.designations


def ring_bearer(game: Game, player: PlayerId) -> GameObject | None:
    return next((o for o in game.battlefield(player) if is_ring_bearer(game, o.id, player)), None)


def _your_bearer(context: Context, candidate: Seeable) -> bool:
    """701.54e, read inside the layers: the candidate's controller as the layers have it so far."""
    you = context.you
    return (you is not None and getattr(candidate, "controller", None) == you
            and designated(context.game, candidate.id, you))


def _tempted_at_least(count: int) -> object:
    return condition(f"the Ring has tempted you {count} or more times",
                     lambda c: c.you is not None and times_tempted(c.game, c.you) >= count)


def _loot(resolution: Resolution) -> None:
    game, you = resolution.game, resolution.controller
    game.draw(you)
    hand = game.hand(you)
    if hand:
        chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, you, "a card to discard (the Ring)", tuple(hand),
                                         matters=len({c.card for c in hand}) > 1, default=hand[0]))
        actions.discard(game, you, [chosen])  # type: ignore[list-item]


YOUR_RING_BEARER = where("your Ring-bearer", _your_bearer)


def _the_ring() -> Card:
    """701.54c: the emblem named The Ring; its second ability only while the Ring has tempted its owner
    twice or more.  (The third and fourth, three and four times, are not written here: a scenario that
    reaches them raises NotModelled from :func:`tempt`.)"""
    from kb.engine.emblems import COMMAND_ZONE

    legendary = StaticAbility("Your Ring-bearer is legendary and can't be blocked by creatures with greater power.",
                              (add_types(supertypes=("Legendary",)),), YOUR_RING_BEARER, zones=COMMAND_ZONE)
    loot = TriggeredAbility("Whenever your Ring-bearer attacks, draw a card, then discard a card.",
                            attacks(YOUR_RING_BEARER), _loot, zones=COMMAND_ZONE,
                            condition=_tempted_at_least(2))  # type: ignore[arg-type]
    return Card(Characteristics(name=THE_RING, abilities=(legendary, loot)))


THE_RING_EMBLEM = _the_ring()


def _the_ring_of(game: Game, player: PlayerId) -> GameObject | None:
    return next((o for o in game.in_zone(Zone.COMMAND) if o.controller == player and o.card is THE_RING_EMBLEM),
                None)


def _greater_power(game: Game, attacker: View, blocker: View) -> str | None:
    """The Ring: "Your Ring-bearer … can't be blocked by creatures with greater power" (701.54c)."""
    controller = attacker.controller
    if controller is None or _the_ring_of(game, controller) is None or not designated(game, attacker.id, controller):
        return None
    if (blocker.power or 0) > (attacker.power or 0):
        return "the Ring: a Ring-bearer can't be blocked by creatures with greater power (701.54c)"
    return None


def tempt(game: Game, player: PlayerId) -> ObjectId | None:
    """701.54a, c-d: the Ring tempts ``player``.  Returns their new Ring-bearer, if they had a creature."""
    from kb.engine.emblems import get_emblem
    from kb.engine.errors import NotModelled

    if _the_ring_of(game, player) is None:
        get_emblem(game, player, THE_RING_EMBLEM)  # 701.54c: before the creature is chosen
    count = times_tempted(game, player) + 1
    if count >= 3:
        raise NotModelled("the Ring's third and fourth abilities (701.54c)")
    creatures = [o for o in game.battlefield(player) if game.view(o.id).is_a(CardType.CREATURE)]
    chosen: GameObject | None = None
    if creatures:
        answer = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "your Ring-bearer", tuple(creatures)))
        chosen = next((o for o in creatures if o is answer or o.id == answer), None)
    if chosen is not None:
        become_ring_bearer(game, player, chosen)
    designations = game.players[player].designations
    designations.difference_update({d for d in designations if d.startswith(TEMPTED)})
    designations.add(f"{TEMPTED}{count}")
    game.touch()
    announce(game, RingTempted(player, chosen.id if chosen is not None else None))
    return chosen.id if chosen is not None else None


def become_ring_bearer(game: Game, player: PlayerId, chosen: GameObject) -> None:
    """701.54a: the chosen creature is ``player``'s Ring-bearer until another creature becomes it."""
    for obj in game.objects.values():
        obj.designations.discard(RING_BEARER + player)
    chosen.designations.add(RING_BEARER + player)


def announce(game: Game, event: RingTempted) -> None:
    """701.54d: the Ring tempted the player once they completed 701.54a, even if no creature was chosen."""
    game.emit(event)


def tempts_you() -> object:
    """"Whenever the Ring tempts you" (701.54d)."""
    from kb.engine.triggers import on_event

    return on_event("whenever the Ring tempts you", (RingTempted,),
                    lambda t: int(isinstance(t.event, RingTempted) and t.event.player == t.source.controller))


combat.PAIR_RESTRICTIONS.append(_greater_power)

__all__ = [
    "RING_BEARER",
    "THE_RING",
    "THE_RING_EMBLEM",
    "YOUR_RING_BEARER",
    "RingTempted",
    "announce",
    "become_ring_bearer",
    "designated",
    "is_ring_bearer",
    "ring_bearer",
    "tempt",
    "tempts_you",
    "times_tempted",
]
