"""Attractions (717): an Attraction deck, opening an Attraction (701.51), rolling to visit (701.52,
505.5) and visit abilities (702.159).

A player's Attraction deck is the Attraction cards :func:`attraction_deck` puts in the command zone,
face down, each with a designation giving its place (the highest number is the top card).  An
Attraction's lit-up numbers and what happens when it is visited are its :func:`visit` ability.  The die
rolled is a :data:`~kb.engine.choices.ChoiceKind.DIE_ROLL`: a scenario states the result (706.1).
Importing the module adds the roll to visit to the turn-based actions of the precombat main phase.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import turn
from kb.engine.abilities import TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import ScenarioError
from kb.engine.events import Event
from kb.engine.objects import FaceDown
from kb.engine.triggers import Trigger, TriggerContext, on_event

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

IN_DECK = "Attraction deck #"
"""An object's designation: its place in its owner's Attraction deck (717.2); the highest is the top."""
ATTRACTION = "Attraction"


@dataclass(frozen=True, eq=False)
class AttractionOpened(Event):
    """A player opened an Attraction: it entered the battlefield as the instruction said (701.51c)."""

    player: PlayerId
    attraction: ObjectId


@dataclass(frozen=True, eq=False)
class RolledToVisit(Event):
    """A player rolled to visit their Attractions (701.52a) and got ``result``."""

    player: PlayerId
    result: int


def attraction_deck(game: Game, player: PlayerId, cards: list[Card]) -> list[GameObject]:
    """``player`` plays with an Attraction deck of ``cards``, the last on top (717.2), in the command zone."""
    made = []
    for place, card in enumerate(cards):
        if ATTRACTION not in card.front.subtypes:
            raise ScenarioError(f"{card.name} is not an Attraction card (717.1)")
        obj = game._new_object(card, player, Zone.COMMAND, player)
        obj.face_down = FaceDown.EFFECT
        obj.designations.add(f"{IN_DECK}{place}")
        made.append(obj)
    game.touch()
    return made


def _place(obj: GameObject) -> int | None:
    return next((int(d[len(IN_DECK):]) for d in obj.designations if d.startswith(IN_DECK)), None)


def deck_of(game: Game, player: PlayerId) -> list[GameObject]:
    """``player``'s Attraction deck, bottom first."""
    found = [o for o in game.in_zone(Zone.COMMAND) if o.owner == player and _place(o) is not None]
    return sorted(found, key=lambda o: _place(o) or 0)


def open_attraction(game: Game, player: PlayerId) -> GameObject | None:
    """701.51a-c: move the top card of your Attraction deck off it, turn it face up and put it onto the
    battlefield under your control.  Returns the Attraction, if it entered."""
    deck = deck_of(game, player)
    if not deck:
        return None  # no Attraction deck, or an empty one: nothing to open (701.51a)
    top = deck[-1]
    top.designations = {d for d in top.designations if not d.startswith(IN_DECK)}
    top.face_down = None
    entered = game.move(top, Zone.BATTLEFIELD, controller=player)
    if entered is None or entered.zone is not Zone.BATTLEFIELD:
        return None  # an effect kept it off the battlefield: nothing was opened (701.51c)
    announce(game, AttractionOpened(player, entered.id))
    return entered


def announce(game: Game, event: AttractionOpened) -> None:
    """701.51c: "whenever a player opens an Attraction" sees the Attraction put onto the battlefield."""
    game.emit(event)


def roll_die(game: Game, player: PlayerId, sides: int = 6) -> int:
    """706.1: ``player`` rolls a ``sides``-sided die."""
    result = game.choices.ask(Choice(ChoiceKind.DIE_ROLL, player, f"the result of a {sides}-sided die",
                                     tuple(range(1, sides + 1))))
    if not isinstance(result, int) or not 1 <= result <= sides:
        raise ScenarioError(f"a {sides}-sided die gives 1 to {sides}, not {result!r}")
    return result


def roll_to_visit(game: Game, player: PlayerId) -> int:
    """701.52a: roll a six-sided die; each Attraction ``player`` controls with that number lit up is visited
    and its visit ability triggers (702.159a)."""
    result = roll_die(game, player, 6)
    game.emit(RolledToVisit(player, result))
    return result


def _visits_at_main_phase(game: Game) -> None:
    """505.5, 717.4: as the active player's precombat main phase begins, if they control an Attraction they
    roll to visit their Attractions.  (The first main phase of the turn only: 505.1a.)"""
    from kb.engine.turn import Phase

    if game.phase is not Phase.PRECOMBAT_MAIN or game.turn_state.main_phases != 1:
        return
    from kb.engine import teams

    views = game.views()
    for player in teams.active_team(game):  # each player of the active team (805.4)
        if any(ATTRACTION in views[o.id].subtypes for o in game.battlefield(player)):
            roll_to_visit(game, player)


def lit_up(game: Game, object_id: ObjectId) -> frozenset[int]:
    """The numbers lit up on an Attraction (717.1): those its visit abilities name."""
    view = game.view(object_id)
    return frozenset(n for a in view.abilities if isinstance(a, VisitAbility) for n in a.lights)


@dataclass(frozen=True, eq=False)
class VisitAbility(TriggeredAbility):
    """"Visit — [Effect]" (702.159a) with the Attraction's lit-up numbers."""

    lights: frozenset[int] = field(default_factory=frozenset)


def visited(context: TriggerContext, lights: frozenset[int]) -> int:
    """702.159a: "Whenever you roll to visit your Attractions, if the result is equal to a number that is
    lit up on this Attraction"."""
    event = context.event
    return int(isinstance(event, RolledToVisit) and event.player == context.source.controller
               and event.result in lights)


def visit(lights: tuple[int, ...], text: str, effect: Callable[[Resolution], None]) -> VisitAbility:
    """An Attraction's visit ability: ``effect`` when a roll to visit gives one of ``lights`` (702.159a)."""
    found = frozenset(lights)
    if not found or not found <= set(range(1, 7)):
        raise ScenarioError(f"an Attraction lights up numbers from 1 to 6, not {lights}")
    trigger: Trigger = on_event(f"whenever you roll to visit your Attractions, if the result is lit up ({sorted(found)})",
                                (RolledToVisit,), lambda t: visited(t, found))
    return VisitAbility(f"Visit — {text}", trigger, effect, lights=found)


def claim_the_prize(resolution: Resolution, prize: Callable[[Resolution], None]) -> None:
    """702.159b: to claim the prize of an Attraction is to do what its "Prize —" paragraph says."""
    prize(resolution)


def visit_with_prize(lights: tuple[int, ...], text: str, effect: Callable[[Resolution, Callable[[], None]], None],
                     prize_text: str, prize: Callable[[Resolution], None]) -> VisitAbility:
    """A visit ability that tells its controller to "claim the prize", with a second paragraph
    "Prize — [prize_text]" that is part of the visit ability (702.159b): ``effect`` gets the
    resolution and a function that claims the prize."""

    def resolve(resolution: Resolution) -> None:
        effect(resolution, lambda: claim_the_prize(resolution, prize))

    return visit(lights, f"{text} Prize — {prize_text}", resolve)


def opens_an_attraction() -> Trigger:
    """"Whenever you open an Attraction" (701.51c)."""
    return on_event("whenever you open an Attraction", (AttractionOpened,),
                    lambda t: int(isinstance(t.event, AttractionOpened) and t.event.player == t.source.controller))


turn.TURN_BASED_ACTIONS[turn.Phase.PRECOMBAT_MAIN] = (
    *turn.TURN_BASED_ACTIONS[turn.Phase.PRECOMBAT_MAIN],
    turn.TurnBasedAction("505.5", "the active player rolls to visit their Attractions", _visits_at_main_phase))

__all__ = ["ATTRACTION", "IN_DECK", "AttractionOpened", "RolledToVisit", "VisitAbility", "announce", "attraction_deck", "claim_the_prize",
           "deck_of",
           "lit_up", "open_attraction", "opens_an_attraction", "roll_die", "roll_to_visit", "visit", "visit_with_prize", "visited"]
