"""Keyword actions of chapter 701 that are paid as costs (or as "you may … if you do" during
resolution): collect evidence (701.59), forage (701.61) and waterbend (701.67).

Each is a :class:`~kb.engine.costs.CostPart` (``cost(...)`` with ``extra=(CollectEvidence(6),)``),
so it is paid with the rest of a cost (601.2h, 602.2b) and an activation or cast that can't pay
it is illegal and undone (118.3, 732).  ``can_…`` says whether a player may choose to do it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import payment, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause, Foraged, Waterbent
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def _ids(value: object) -> list[ObjectId]:
    from kb.engine.objects import GameObject

    items = value if isinstance(value, (list, tuple)) else []
    return [i.id if isinstance(i, GameObject) else i for i in items if isinstance(i, (int, GameObject))]


# -- collect evidence (701.59) ------------------------------------------------------------------------


def can_collect_evidence(game: Game, player: PlayerId, amount: int) -> bool:
    """701.59b: only if the cards in their graveyard have total mana value ``amount`` or more."""
    return sum(game.view(o).mana_value for o in game.graveyard(player)) >= amount


def collect_evidence(game: Game, player: PlayerId, amount: int) -> list[ObjectId]:
    """701.59a: exile any number of cards from your graveyard with total mana value ``amount`` or
    more, of your choice.  Raises IllegalAction if it can't be done (701.59b).  Returns them."""
    if not can_collect_evidence(game, player, amount):
        raise IllegalAction(f"{player}'s graveyard holds less than {amount} total mana value", "701.59b")
    graveyard = {o.id: game.view(o).mana_value for o in game.graveyard(player)}

    def accepts(value: object) -> bool:
        chosen = _ids(value)
        return len(set(chosen)) == len(chosen) and all(i in graveyard for i in chosen) and \
            sum(graveyard[i] for i in chosen) >= amount

    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, f"cards to exile (collect evidence {amount})",
                                     accepts=accepts))
    chosen = _ids(answer)
    zones.move_all(game, [game.objects[i] for i in chosen], Zone.EXILE, cause=Cause.EFFECT)
    return chosen


@dataclass(frozen=True)
class CollectEvidence:
    amount: int

    @property
    def text(self) -> str:
        return f"Collect evidence {self.amount}"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        collect_evidence(game, player, self.amount)


# -- forage (701.61) ----------------------------------------------------------------------------------

FORAGE_EXILE = "exile three cards from your graveyard"
FORAGE_FOOD = "sacrifice a Food"


def forage_options(game: Game, player: PlayerId) -> list[str]:
    options = []
    if len(game.graveyard(player)) >= 3:
        options.append(FORAGE_EXILE)
    if any("Food" in game.view(o).subtypes for o in game.battlefield(player)):
        options.append(FORAGE_FOOD)
    return options


def forage(game: Game, player: PlayerId) -> None:
    """701.61a: exile three cards from your graveyard or sacrifice a Food.  Raises IllegalAction if
    neither can be done."""
    options = forage_options(game, player)
    if not options:
        raise IllegalAction(f"{player} has neither three cards in their graveyard nor a Food", "701.61a")
    how = options[0] if len(options) == 1 else game.choices.ask(Choice(ChoiceKind.MODE, player, "forage",
                                                                       tuple(options)))
    if how == FORAGE_EXILE:
        graveyard = [o.id for o in game.graveyard(player)]
        answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "three cards to exile (forage)", accepts=lambda v: (
            len(set(_ids(v))) == 3 == len(_ids(v)) and all(i in graveyard for i in _ids(v)))))
        zones.move_all(game, [game.objects[i] for i in _ids(answer)], Zone.EXILE, cause=Cause.EFFECT)
    else:
        foods = tuple(o.id for o in game.battlefield(player) if "Food" in game.view(o).subtypes)
        food = foods[0] if len(foods) == 1 else game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a Food to sacrifice",
                                                                        foods))
        assert isinstance(food, int)
        zones.sacrifice(game, player, [game.objects[food]])
    game.emit(Foraged(player))


@dataclass(frozen=True)
class Forage:
    @property
    def text(self) -> str:
        return "Forage"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        forage(game, player)


# -- waterbend (701.67) -------------------------------------------------------------------------------


def waterbend(game: Game, player: PlayerId, cost: ManaCost, spent_on: object = None,
              tapping: Sequence[ObjectId] | None = None) -> list[ObjectId]:
    """701.67a: pay ``cost``; for each generic mana in it, the player may tap an untapped artifact or
    creature they control instead of paying that mana.  Only the generic mana of the waterbend cost
    itself can be paid this way (701.67b: the caller pays the rest of a total cost).  "Whenever you
    waterbend" triggers however it was paid (701.67c).  Returns what was tapped."""
    from kb.engine import actions

    generic = sum(int(s) for s in cost.symbols if s.isdigit())
    able = [o.id for o in game.battlefield(player) if not o.tapped
            and (game.view(o).is_a("Artifact") or game.view(o).is_a("Creature"))]
    if tapping is None:
        answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, f"artifacts and creatures to tap for {cost}",
                                         accepts=lambda v: isinstance(v, (list, tuple)), default=[]))
        tapping = _ids(answer)
    if len(set(tapping)) != len(tapping) or len(tapping) > generic or any(i not in able for i in tapping):
        raise IllegalAction(f"only up to {generic} untapped artifacts or creatures you control can be tapped for "
                            f"waterbend {cost}", "701.67a")
    rest = ManaCost(tuple(s for s in cost.symbols if not s.isdigit())
                    + ((str(generic - len(tapping)),) if generic - len(tapping) else ()))
    if rest.symbols:
        payment.pay_mana(game, player, rest, spent_on)
    actions.tap(game, [game.objects[i] for i in tapping])
    game.emit(Waterbent(player, tuple(tapping)))
    return list(tapping)


@dataclass(frozen=True)
class Waterbend:
    """"Waterbend [cost]" as (part of) a cost."""

    cost: str

    @property
    def text(self) -> str:
        return f"Waterbend {self.cost}"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        waterbend(game, player, ManaCost.parse(self.cost), source)


__all__ = ["FORAGE_EXILE", "FORAGE_FOOD", "CollectEvidence", "Forage", "Waterbend", "can_collect_evidence",
           "collect_evidence", "forage", "forage_options", "waterbend"]
