"""Hidden agenda and double agenda (702.106): a conspiracy put into the command zone face down with
a card name (two, for double agenda) secretly chosen, revealed later as a special action.

:func:`put_conspiracy` puts a conspiracy card into the command zone before the game (the Conspiracy
Draft variant's starting conspiracies): with hidden agenda it is turned face down and the name chosen as
it goes there (702.106a-b), kept in its ``chosen`` under :data:`CHOSEN_NAMES` — the linked ability that
refers to "the chosen name" reads it there (702.106d, 607.2d).  A face-down conspiracy has no abilities
(708.2), so that ability works only once the card is revealed with :func:`reveal` (702.106c), which turns
it face up (a timestamp of now, 613.7j).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import command, keywords, priority
from kb.engine.basics import PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.events import Revealed
from kb.engine.objects import FaceDown

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.context import Context
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

CHOSEN_NAMES = "chosen names"
"""Key of a conspiracy's ``chosen``: the card names secretly chosen for its hidden (or double) agenda."""


def names_to_choose(card: Card) -> int:
    """1 for hidden agenda, 2 for double agenda (702.106f), 0 for neither."""
    found = {a.name for a in card.front.abilities if isinstance(a, keywords.Keyword)}
    return 2 if "double agenda" in found else (1 if "hidden agenda" in found else 0)


def put_conspiracy(game: Game, player: PlayerId, card: Card) -> GameObject:
    """A conspiracy card goes into the command zone under ``player``'s control; with hidden agenda it is
    turned face down and a card name is secretly chosen as it does (702.106a), two different names with
    double agenda (702.106f)."""
    if CardType.CONSPIRACY not in card.front.types:
        raise ScenarioError(f"{card.name} is not a conspiracy card")
    count = names_to_choose(card)
    obj = game._new_object(card, player, Zone.COMMAND, player)
    if count:
        conceal(obj)
        names = game.choices.ask(Choice(ChoiceKind.CARD_NAME, player, f"{count} card name(s) for {card.name}",
                                        accepts=lambda v: _names(v, count) is not None))
        chosen = _names(names, count)
        assert chosen is not None
        obj.chosen[CHOSEN_NAMES] = chosen
    game.touch()
    return obj


def conceal(conspiracy: GameObject) -> None:
    """702.106a: "turn it face down" as it is put into the command zone."""
    conspiracy.face_down = FaceDown.EFFECT


def _names(value: object, count: int) -> tuple[str, ...] | None:
    found = (value,) if isinstance(value, str) else tuple(value) if isinstance(value, (list, tuple)) else ()
    if len(found) != count or len(set(found)) != count or not all(isinstance(v, str) and v for v in found):
        return None
    return found


def chosen_names(game: Game, conspiracy: GameObject) -> tuple[str, ...]:
    found = conspiracy.chosen.get(CHOSEN_NAMES, ())
    return tuple(found) if isinstance(found, tuple) else ()


def has_a_chosen_name(context: Context, name: str | None) -> bool:
    """Does ``name`` equal a name chosen for the source's hidden agenda (702.106d: linked to it only)?"""
    source = context.source
    obj = context.game.objects.get(source.id) if source is not None else None
    return obj is not None and name is not None and name in chosen_names(context.game, obj)


def reveal(game: Game, player: PlayerId, conspiracy: GameObject) -> None:
    """702.106c: any time they have priority, a player may turn a face-down conspiracy they control in the
    command zone face up, revealing the chosen name — a special action (116.2j)."""
    priority.require(game, player, "turning a face-down conspiracy face up")
    if conspiracy.zone is not Zone.COMMAND or conspiracy.controller != player or conspiracy.face_down is None \
            or CardType.CONSPIRACY not in conspiracy.card.front.types:
        raise IllegalAction("only a face-down conspiracy you control in the command zone is turned face up",
                            "702.106c")
    command.turn_face_up(game, conspiracy)
    for name in chosen_names(game, conspiracy):
        game.emit(Revealed(conspiracy.id, name, "the name chosen for its hidden agenda"))


def revealed_as_player_leaves(game: Game, player: PlayerId) -> list[Revealed]:
    """702.106e: a player leaving the game reveals every face-down conspiracy card they control."""
    return [Revealed(o.id, o.card.name, "a face-down conspiracy of a player who left the game")
            for o in game.in_zone(Zone.COMMAND) if o.controller == player and o.face_down is not None
            and CardType.CONSPIRACY in o.card.front.types]


keywords.MODELLED.update({"hidden agenda": "none", "double agenda": "none"})
keywords.VARIANT_RULES["double agenda"] = "702.106"

__all__ = ["CHOSEN_NAMES", "chosen_names", "conceal", "has_a_chosen_name", "names_to_choose", "put_conspiracy", "reveal",
           "revealed_as_player_leaves"]
