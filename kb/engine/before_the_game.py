"""What cards in a deck do before the game begins, as :func:`kb.engine.starting.begin_game`
starts it, before the decks are shuffled (103.3).

- "Before you shuffle your deck to start the game, you may reveal this card from your deck and
  exile up to N cards from your deck" (:class:`ExileBeforeShuffle`): the cards are exiled with a
  card of that name, and an ability that refers to the cards "you've exiled with cards named
  [this object's name]" is linked to that ability of every object that had the name before the
  game began, not only to its own (607.2n): :func:`exiled_with_cards_named`.
- "Before the game begins, choose [a colour]" printed in one paragraph with a characteristic-
  defining ability that uses the choice (:class:`ChooseBeforeTheGame`): the two are linked, and the
  object keeps referring to that choice as it changes zones for the rest of the game (607.2p):
  :func:`carried` moves the choice to each new object (400.7 would otherwise forget it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.abilities import StaticAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import Cause, Revealed

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

EXILED_BEFORE_THE_GAME = "exiled before the game with a card named"
"""On a card exiled by :class:`ExileBeforeShuffle`: (the player who exiled it, the name of the card
that exiled it, that card's object then)."""
KEPT_ACROSS_ZONES = "choices made before the game"
"""On an object: the keys of its ``chosen`` made before the game began, which follow it (607.2p)."""


@dataclass(frozen=True, eq=False)
class ExileBeforeShuffle(StaticAbility):
    """"Before you shuffle your deck to start the game, you may reveal this card from your deck and
    exile up to ``count`` cards from your deck" (607.2n)."""

    count: int = 1


@dataclass(frozen=True, eq=False)
class ChooseBeforeTheGame(StaticAbility):
    """"Before the game begins, choose a [kind]": the owner chooses among ``options``; the choice is
    remembered as ``chosen[key]`` for the object's linked characteristic-defining ability (607.2p)."""

    kind: ChoiceKind = ChoiceKind.COLOR
    options: tuple[object, ...] = ()
    key: str = ""


def before_shuffle(game: Game, player: PlayerId) -> None:
    """What ``player``'s deck does before it is shuffled to start the game: choices first, then
    cards revealed to exile others, each card of the deck in turn."""
    deck = [game.objects[i] for i in reversed(game.players[player].library)]
    for obj in deck:
        for ability in obj.printed.abilities:
            if isinstance(ability, ChooseBeforeTheGame):
                value = game.choices.ask(Choice(ability.kind, obj.owner, ability.text, ability.options))
                obj.chosen[ability.key] = value
                kept = obj.chosen.get(KEPT_ACROSS_ZONES, ())
                obj.chosen[KEPT_ACROSS_ZONES] = (*kept, ability.key) if isinstance(kept, tuple) else (ability.key,)
    for obj in deck:
        for ability in obj.printed.abilities:
            if isinstance(ability, ExileBeforeShuffle) and obj.id in game.players[player].library:
                _reveal_and_exile(game, player, obj, ability)
    game.touch()


def _reveal_and_exile(game: Game, player: PlayerId, obj: GameObject, ability: ExileBeforeShuffle) -> None:
    from kb.engine import zones

    if not game.choices.ask(Choice(ChoiceKind.MAY, player, ability.text, (True, False))):
        return
    name = obj.printed.name
    game.emit(Revealed(obj.id, name or "", "revealed from a deck before the game (607.2n)"))
    others = tuple(i for i in reversed(game.players[player].library) if i != obj.id)
    picked = game.choices.ask(Choice(
        ChoiceKind.OBJECTS, player, f"up to {ability.count} card(s) to exile", others,
        accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == len(v) <= ability.count
        and all(getattr(c, "id", c) in others for c in v)))
    assert isinstance(picked, (list, tuple))
    for chosen in picked:
        picked_id: ObjectId = chosen if isinstance(chosen, int) else chosen.id
        exiled = zones.move(game, game.objects[picked_id], Zone.EXILE, cause=Cause.RULES)
        if exiled is not None:
            exiled.chosen[EXILED_BEFORE_THE_GAME] = (player, name, obj.id)


def exiled_with_cards_named(game: Game, player: PlayerId, source: ObjectId) -> list[ObjectId]:
    """The cards in exile ``player`` exiled before the game with cards named as ``source`` is (its
    last known name if it is gone) — by any object that had that name before the game began, not
    only by ``source`` itself (607.2n)."""
    name = game.view(source).name if source in game.objects else game.last_known_view(source).name
    found = []
    for obj in game.in_zone(Zone.EXILE):
        record = obj.chosen.get(EXILED_BEFORE_THE_GAME)
        if name is not None and isinstance(record, tuple) and record[:2] == (player, name):
            found.append(obj.id)
    return found


def carried(old: GameObject, new: GameObject) -> None:
    """``old`` became ``new`` in another zone: the choices made for it before the game go with it
    (607.2p)."""
    kept = old.chosen.get(KEPT_ACROSS_ZONES)
    if isinstance(kept, tuple):
        for key in kept:
            if key in old.chosen:
                new.chosen[key] = old.chosen[key]
        new.chosen[KEPT_ACROSS_ZONES] = kept


__all__ = ["EXILED_BEFORE_THE_GAME", "KEPT_ACROSS_ZONES", "ChooseBeforeTheGame", "ExileBeforeShuffle", "before_shuffle",
           "carried", "exiled_with_cards_named"]
