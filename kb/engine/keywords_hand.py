"""Activated keyword abilities that work from a player's hand: cycling and typecycling (702.29),
ninjutsu and commander ninjutsu (702.49), transmute (702.53), forecast (702.57).

Each is an :class:`~kb.engine.abilities.ActivatedAbility` that functions in the hand
(``KEYWORD_ACTIVATED``; forecast's is written with :func:`forecast`, its ability being the card's
own).  Discarding the card to cycle it is a cost that emits :class:`Cycled` ("when you cycle this
card", 702.29c); "cycle or discard" abilities trigger once, on the discard (702.29d).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keyword_actions, keywords, zones
from kb.engine.abilities import ActivatedAbility, Effect
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType, Supertype
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost, cost
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.events import AbilityActivated, Cause, Event, TurnBegan, ZoneChanged
from kb.engine.keywords import Keyword
from kb.engine.triggers import Trigger, on_event

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution
    from kb.engine.triggers import TriggerContext


@dataclass(frozen=True, eq=False)
class Cycled(Event):
    """``player`` cycled a card: discarded it (now ``new_id``) to pay a cycling cost (702.29c)."""

    old_id: ObjectId
    new_id: ObjectId | None
    player: PlayerId


def has_activated_ability(obj: object) -> bool:
    """Does it have an activated ability — cycling and transmute included, in any zone (702.29b,
    702.53b)?  Works on a View or on an object while the layers are applied."""
    for held in getattr(obj, "abilities", ()):
        ability = getattr(held, "ability", held)
        if isinstance(ability, ActivatedAbility) or (isinstance(ability, Keyword)
                                                     and ability.name in keyword_abilities.KEYWORD_ACTIVATED):
            return True
    return False


def search(game: Game, player: PlayerId, test: object, what: str) -> GameObject | None:
    """Search your library for a card (701.23): the player's choice among those that match, or none
    (a search of a hidden zone may fail to find, 701.23b)."""
    found = [game.objects[i] for i in game.players[player].library
             if test(game.view(i))]  # type: ignore[operator]
    if not found:
        return None
    answer = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"search for {what}", (*found, None)))
    if isinstance(answer, int):
        return game.objects.get(answer)
    return next((c for c in found if c is answer), None)


@dataclass(frozen=True)
class DiscardThis:
    """"Discard this card" as a cost (from the hand); for cycling it is cycling it (702.29c)."""

    cycling: bool = False

    @property
    def text(self) -> str:
        return "Discard this card"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        if source is None or source.zone is not Zone.HAND or source.owner != player:
            raise IllegalAction("only a card in your hand can be discarded this way", "702.29a")
        moved = zones.move(game, source, Zone.GRAVEYARD, cause=Cause.DISCARD)
        if self.cycling:
            game.emit(Cycled(source.id, moved.id if moved is not None else None, player))


@dataclass(frozen=True)
class DiscardACard:
    """"Discard a card" as a cost, remembering the card on the source (``chosen["discarded"]``) for
    an effect that refers to "the discarded card"."""

    @property
    def text(self) -> str:
        return "Discard a card"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        hand = game.hand(player)
        if not hand:
            raise IllegalAction(f"{player} has no card to discard", "118.3")
        chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, player, "discard a card as a cost",
                                         accepts=lambda v: isinstance(v, (list, tuple)) and len(v) == 1
                                         and v[0] in hand, default=hand[:1], matters=len(hand) > 1))
        card = chosen[0]  # type: ignore[index]
        if source is not None:
            source.chosen["discarded"] = card.id
        zones.move(game, card, Zone.GRAVEYARD, cause=Cause.DISCARD)


# -- cycling and typecycling (702.29) ---------------------------------------------------------------------------

_TYPECYCLING = re.compile(r"^(basic land|[a-z]+)cycling (\{.*)$", re.IGNORECASE)


def cycling_parts(keyword: Keyword) -> tuple[str, str]:
    """(the type searched for, or "" for plain cycling; the cost)."""
    match = re.match(r"^(?:type (.+?) )?(\{.*)$", keyword.parameter)
    if match is None:
        raise ScenarioError(f"cycling needs a mana cost, not {keyword.parameter!r}")
    return match.group(1) or "", match.group(2)


def has_type(view: View, kind: str) -> bool:
    """Does a card have the type a typecycling names: a subtype ("Swamp"), a card type, or
    "basic land" (702.29e)?"""
    if kind.lower() == "basic land":
        return Supertype.BASIC in view.supertypes and view.is_a(CardType.LAND)
    if kind.capitalize() in {t.value for t in CardType}:
        return view.is_a(CardType(kind.capitalize()))
    return kind.capitalize() in view.subtypes


@cache
def _cycling(keyword: Keyword) -> ActivatedAbility:
    """702.29a: "[Cost], Discard this card: Draw a card."; typecycling (702.29e): "[Cost], Discard
    this card: Search your library for a [type] card, reveal it, put it into your hand, then
    shuffle"."""
    kind, price = cycling_parts(keyword)
    paid = cost(price)
    full = Cost(paid.mana, life=paid.life, extra=(DiscardThis(cycling=True),))

    def draw(resolution: Resolution) -> None:
        resolution.game.draw(resolution.controller)

    def fetch(resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        found = search(game, player, lambda v: has_type(v, kind), f"a {kind} card")
        if found is not None:
            zones.move(game, found, Zone.HAND)
        keyword_actions.shuffle(game, player)

    text = f"{kind.lower()}cycling {price}" if kind else f"Cycling {price}"
    return ActivatedAbility(text, full, fetch if kind else draw, zones=frozenset({Zone.HAND}))


def _parse_typecycling(text: str) -> tuple[Keyword, ...] | None:
    """"Swampcycling {2}", "Basic landcycling {1}": typecycling is cycling (702.29f)."""
    match = _TYPECYCLING.match(text)
    if match is None or match.group(1).lower() == "":
        return None
    return (Keyword("cycling", f"type {match.group(1).strip()} {match.group(2)}"),)


def cycled(what: str = "this card") -> Trigger:
    """"When you cycle this card" (702.29c) — it triggers from where the card went;
    ``what="a card"``: "whenever you cycle a card" (any typecycling too, 702.29f)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, Cycled):
            return 0
        return 1 if (e.new_id == t.source.id if what == "this card" else e.player == t.source.controller) else 0

    return on_event(f"when you cycle {what}", (Cycled,), count)


def discards_or_cycles(t: TriggerContext) -> int:
    """702.29d: cycling a card is discarding it: one event, one trigger."""
    e = t.event
    return 1 if isinstance(e, ZoneChanged) and e.cause is Cause.DISCARD and e.before is not None \
        and e.before.owner == t.source.controller else 0


def cycle_or_discard() -> Trigger:
    """"Whenever you cycle or discard a card" (702.29d)."""
    return on_event("whenever you cycle or discard a card", (ZoneChanged, Cycled), lambda t: discards_or_cycles(t))


# -- transmute (702.53) ------------------------------------------------------------------------------------------


@cache
def _transmute(keyword: Keyword) -> ActivatedAbility:
    """702.53a: "[Cost], Discard this card: Search your library for a card with the same mana value
    as the discarded card, reveal that card, and put it into your hand.  Then shuffle.  Activate
    only as a sorcery"."""
    paid = cost(keyword.parameter)

    def effect(resolution: Resolution) -> None:
        game, player, source = resolution.game, resolution.controller, resolution.source
        value = source.mana_value if source is not None else 0
        found = search(game, player, lambda v: v.mana_value == value, f"a card with mana value {value}")
        if found is not None:
            zones.move(game, found, Zone.HAND)
        keyword_actions.shuffle(game, player)

    return ActivatedAbility(f"Transmute {keyword.parameter}", Cost(paid.mana, extra=(DiscardThis(),)), effect,
                            timing="sorcery", zones=frozenset({Zone.HAND}))


# -- forecast (702.57) -------------------------------------------------------------------------------------------


def forecast_restriction(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    """702.57b: only during its owner's upkeep (once each turn: the ability's ``once_each_turn``)."""
    from kb.engine import teams
    from kb.engine.turn import Step

    if game.step is not Step.UPKEEP or not teams.is_active(game, obj.owner):
        return "forecast only during its owner's upkeep (702.57b)"
    return None


def _forecast_this_turn(game: Game, player: PlayerId, text: str) -> bool:
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AbilityActivated) and event.text == text and event.player == player:
            return True
    return False


def revealed(game: Game, card: GameObject) -> bool:
    """Is the card in a hand revealed by its ability: a ninjutsu card from the announcement until the
    ability leaves the stack (702.49b); a forecast card until it leaves the hand or a step other than
    the upkeep begins (702.57b)?"""
    from kb.engine.turn import Step

    if card.zone not in (Zone.HAND, Zone.COMMAND):
        return False
    if any(item.source_id == card.id and item.ability is not None and "injutsu" in item.ability.text
           for item in game.stack):
        return True
    forecasts = [a for a in keyword_abilities.activated(game.view(card.id)) if a.text.startswith("Forecast")]
    return game.step is Step.UPKEEP and any(_forecast_this_turn(game, card.owner, a.text) for a in forecasts)


def _forecast_limit(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    return forecast_restriction(game, player, obj)  # looked up as it is asked (a mutant may replace it)


def forecast(price: str, effect: Effect, text: str) -> ActivatedAbility:
    """702.57a-b: "Forecast — [cost], Reveal this card from your hand: [effect]", activated only from
    the hand, during its owner's upkeep, once each turn."""
    full = f"Forecast — {price}, Reveal this card from your hand: {text}"
    return ActivatedAbility(full, cost(price), effect, zones=frozenset({Zone.HAND}), once_each_turn=True,
                            restriction=_forecast_limit)


# -- ninjutsu (702.49) -------------------------------------------------------------------------------------------


def unblocked(game: Game, creature: ObjectId) -> bool:
    """509.1h: an attacking creature no creature blocks, once blockers have been declared."""
    from kb.engine.turn import Step

    state = game.combat
    return state is not None and creature in state.attackers and creature not in state.blocked \
        and game.step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)


@dataclass(frozen=True)
class ReturnUnblocked:
    """"Return an unblocked attacking creature you control to its owner's hand" (702.49a); what it
    attacked is remembered on the ninja for its effect (702.49c)."""

    @property
    def text(self) -> str:
        return "Return an unblocked attacking creature you control to its owner's hand"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        state = game.combat
        mine = [o for o in game.battlefield(player) if unblocked(game, o.id)]
        if state is None or not mine or source is None:
            raise IllegalAction("ninjutsu needs an unblocked attacking creature you control", "702.49c")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "the unblocked attacker to return",
                                         tuple(mine), matters=len(mine) > 1))
        creature = game.objects[chosen] if isinstance(chosen, int) else next(o for o in mine if o is chosen)
        source.chosen["attacks"] = state.attackers[creature.id]
        zones.move(game, creature, Zone.HAND)


@cache
def _ninjutsu(keyword: Keyword) -> ActivatedAbility:
    """702.49a, c: "[Cost], Reveal this card from your hand, Return an unblocked attacking creature
    you control to its owner's hand: Put this card onto the battlefield from your hand tapped and
    attacking" — the player or planeswalker the returned creature attacked, unblocked;
    commander ninjutsu works from the command zone too (702.49d)."""
    paid = cost(keyword.parameter)
    commander = keyword.name == "commander ninjutsu"

    def effect(resolution: Resolution) -> None:
        game, source = resolution.game, resolution.source_id
        card = game.objects.get(source) if source is not None else None
        if card is None or card.zone not in (Zone.HAND, Zone.COMMAND):
            return
        attacks = card.chosen.get("attacks")
        ninja = zones.put_onto_battlefield(game, card, resolution.controller, tapped=True)
        state = game.combat
        if ninja is not None and state is not None and isinstance(attacks, (int, str)):
            state.attackers[ninja.id] = attacks  # attacking, and unblocked (not declared: no attack trigger)
            game.touch()

    zones_ = frozenset({Zone.HAND, Zone.COMMAND}) if commander else frozenset({Zone.HAND})
    return ActivatedAbility(f"{keyword.name.capitalize()} {keyword.parameter}",
                            Cost(paid.mana, extra=(ReturnUnblocked(),)), effect, zones=zones_)


keywords.MODELLED.update({"cycling": "cost", "transmute": "cost", "ninjutsu": "cost", "commander ninjutsu": "cost",
                          "forecast": "none"})
keywords.VARIANTS["commander ninjutsu"] = "ninjutsu"
keywords.PARSERS.append(_parse_typecycling)
keyword_abilities.KEYWORD_ACTIVATED.update({"cycling": _cycling, "transmute": _transmute, "ninjutsu": _ninjutsu,
                                            "commander ninjutsu": _ninjutsu})
