"""Keyword actions of chapter 701 that change power and toughness or put counters by a rule:
triple (701.11), support (701.41), incubate (701.53), time travel (701.56), endure (701.63),
earthbend (701.66) and blight (701.68).  (Double, proliferate, monstrosity, bolster, adapt and
amass are in :mod:`kb.engine.keyword_actions`.)

Each is a function of the game called from an effect function; the choices they need (which
creature to blight, whether to put counters or create a Spirit) are the player's, asked through
:mod:`kb.engine.choices`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine import counters
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import Blighted, Earthbent, ZoneChanged

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game

PLUS_ONE = "+1/+1"
MINUS_ONE = "-1/-1"
TIME = "time"


def _on_battlefield(game: Game, object_id: ObjectId) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and not obj.phased_out


# -- power and toughness --------------------------------------------------------------------------


def triple(game: Game, creature: ObjectId, source: ObjectId | None, controller: PlayerId, *,
           power: bool = True, toughness: bool = False) -> None:
    """701.11b-c: +X/+0 (and/or +0/+Y) until end of turn, X twice its power as the effect
    resolves; a negative value gives twice its distance from 0 the other way, which is the same
    sum.  A modification, not a setting (701.11a, 613.4c)."""
    from kb.engine.durations import UntilEndOfTurn
    from kb.engine.parts import modify_pt

    if not _on_battlefield(game, creature):
        return
    view = game.view(creature)
    x = 2 * (view.power or 0) if power else 0
    y = 2 * (view.toughness or 0) if toughness else 0
    game.create_effect("triple", [modify_pt(x, y)], [creature], UntilEndOfTurn(), source=source,
                       controller=controller)


# -- counters ---------------------------------------------------------------------------------------


def support(game: Game, chosen: Sequence[ObjectId]) -> None:
    """701.41a: a +1/+1 counter on each of the (up to N) target creatures still legal; the
    targets are chosen as the spell or ability is put on the stack (``up_to`` of a TargetSpec)."""
    for creature in chosen:
        if _on_battlefield(game, creature):
            counters.put(game, game.objects[creature], PLUS_ONE, 1)


INCUBATOR_TRANSFORM = "{2}: Transform this token."


def incubator() -> Card:
    """The Incubator token (111.10i, 701.53b): a double-faced token, a colorless Incubator artifact
    with "{2}: Transform this token." whose back face is a 0/0 colorless Phyrexian artifact
    creature named Phyrexian Token."""
    from kb.engine.abilities import ActivatedAbility
    from kb.engine.cards import face, token
    from kb.engine.costs import cost
    from kb.engine.stack import Resolution

    def transform_this(resolution: Resolution) -> None:
        assert resolution.source_id is not None
        obj = resolution.game.objects.get(resolution.source_id)
        if obj is not None:
            resolution.game.transform(obj)

    front = token("Incubator", "Artifact — Incubator",
                  ActivatedAbility(INCUBATOR_TRANSFORM, cost("{2}"), transform_this))
    return replace(front, back=face("Phyrexian Token", None, "Artifact Creature — Phyrexian", 0, 0))


def incubate(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    """701.53a: create an Incubator token that enters with ``count`` +1/+1 counters on it."""
    from kb.engine import zones

    made = zones.create_tokens(game, INCUBATOR, player, 1)
    if not made:
        return None
    token = made[0]
    if count > 0 and token.zone is Zone.BATTLEFIELD:
        counters.put(game, token, PLUS_ONE, count)
    return token.id


def time_travel(game: Game, player: PlayerId) -> dict[ObjectId, int]:
    """701.56a: choose any number of permanents you control and suspended cards you own in exile,
    each with a time counter; for each, put a time counter on it or remove one.  The answer maps
    each chosen object to +1 or -1.  Returns it."""
    from kb.engine.objects import GameObject

    def has_time(obj: GameObject) -> bool:
        pile = obj.counters.get(TIME)
        return pile is not None and pile.count > 0

    options = [o.id for o in game.battlefield(player) if has_time(o)]
    options += [o.id for o in game.in_zone(Zone.EXILE, player) if has_time(o) and game.view(o).has("suspend")]
    if not options:
        return {}

    def accepts(value: object) -> bool:
        return isinstance(value, dict) and all(k in options and v in (1, -1) for k, v in value.items())

    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "time travel: +1 or -1 time counter for each chosen",
                                     accepts=accepts, default={}))
    assert isinstance(answer, dict)
    for object_id, change in answer.items():
        obj = game.objects[object_id]
        if change > 0:
            counters.put(game, obj, TIME, 1)
        else:
            counters.remove(game, obj, TIME, 1)
    return dict(answer)


SPIRIT = "Spirit"


def endure(game: Game, permanent: ObjectId, count: int) -> ObjectId | None:
    """701.63a: the permanent's controller puts ``count`` +1/+1 counters on it, or else creates a
    white Spirit creature token with that power and toughness (their choice; the counters can't be
    chosen for a permanent no longer there).  Endure 0 does nothing (701.63b).  Returns the token."""
    from kb.engine.cards import token

    if count <= 0:
        return None
    present = _on_battlefield(game, permanent)
    player = game.view(permanent).controller if present else game.last_known_view(permanent).controller
    counters_chosen = present and game.choices.ask(Choice(
        ChoiceKind.MAY, player, f"endure {count}: put +1/+1 counters rather than create a Spirit", (True, False)))
    if counters_chosen:
        counters.put(game, game.objects[permanent], PLUS_ONE, count)
        return None
    made = game.create_token(token(None, "Creature — Spirit", count, count, colors="W"), player)
    return made[0].id if made else None


def earthbend(game: Game, land: ObjectId, count: int, player: PlayerId, source: ObjectId | None) -> None:
    """701.66a: the target land becomes a 0/0 land creature with haste in addition to its other
    types; put ``count`` +1/+1 counters on it; when it dies or is put into exile, return it to the
    battlefield tapped under ``player``'s control (a delayed triggered ability, whose creation is
    the earthbend event of 701.66b)."""
    from kb.engine.durations import Indefinite
    from kb.engine.parts import add_types, base_pt, gain
    from kb.engine.stack import Resolution
    from kb.engine.triggers import TriggerContext, create_delayed, on_event

    if not _on_battlefield(game, land):
        return
    game.create_effect("a 0/0 land creature with haste", [add_types("Creature"), base_pt(0, 0), gain("haste")],
                       [land], Indefinite(), source=source, controller=player)
    counters.put(game, game.objects[land], PLUS_ONE, count)

    def left(t: TriggerContext) -> int:
        event = t.event
        return int(isinstance(event, ZoneChanged) and event.old_id == land and event.from_zone is Zone.BATTLEFIELD
                   and event.to_zone in (Zone.GRAVEYARD, Zone.EXILE))

    def come_back(resolution: Resolution) -> None:
        moved = [e for e in resolution.game.events(ZoneChanged) if e.old_id == land and e.new_id is not None]
        if moved:
            card = resolution.game.objects.get(moved[-1].new_id)  # type: ignore[arg-type]
            if card is not None and card.zone is moved[-1].to_zone:
                resolution.game.put_onto_battlefield(card, player, tapped=True)

    create_delayed(game, "When that land dies or is put into exile, return it to the battlefield tapped under "
                   "your control.", on_event("that land dies or is put into exile", (ZoneChanged,), left),
                   come_back, player, source=source)
    game.emit(Earthbent(player, land))


def blight(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    """701.68a: put ``count`` -1/-1 counters on a creature ``player`` controls, of their choice: the
    "blighted creature" (701.68c).  A player who controls no creature can't blight (701.68b): None,
    and no event.  "Whenever you blight" triggers once it is done (701.68d)."""
    mine = tuple(o.id for o in game.creatures(player))
    if not mine:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"the creature to blight {count}", mine))
    assert isinstance(chosen, int)
    counters.put(game, game.objects[chosen], MINUS_ONE, count)
    game.emit(Blighted(player, chosen))
    return chosen


def can_blight(game: Game, player: PlayerId) -> bool:
    """701.68b: a player may choose to blight only if they control a creature."""
    return bool(game.creatures(player))


INCUBATOR = incubator()

__all__ = ["INCUBATOR", "blight", "can_blight", "earthbend", "endure", "incubate", "incubator", "support",
           "time_travel", "triple"]
