"""Short hands for setting up scenes: cards in hand and on the battlefield, mana, turns."""

from __future__ import annotations

from collections.abc import Sequence

from kb.engine import casting, turns, zones
from kb.engine.basics import ObjectId, PlayerName, Zone
from kb.engine.game import Card, Game, GameObject
from kb.engine.mana import ManaCost


def on_battlefield(game: Game, card: Card, controller: PlayerName = "A", owner: PlayerName | None = None
                   ) -> GameObject:
    return zones.create(game, card, controller, Zone.BATTLEFIELD, owner)


def in_hand(game: Game, card: Card, owner: PlayerName = "A") -> GameObject:
    return zones.create(game, card, owner, Zone.HAND)


def give_mana(game: Game, player: PlayerName, cost: ManaCost | str) -> None:
    """Exactly the mana to pay ``cost``: its coloured symbols, and colourless for the rest."""
    cost = ManaCost.parse(cost) if isinstance(cost, str) else cost
    pool = game.players[player].mana
    for symbol in cost.colored:
        pool.add(**{symbol: 1})
    pool.add(C=cost.generic)


def cast(game: Game, player: PlayerName, card: Card, targets: Sequence[ObjectId] = (),
         resolve: bool = True) -> ObjectId:
    """Cast ``card`` from ``player``'s hand with exactly the mana it needs; resolve it unless told not to."""
    in_hand_now = in_hand(game, card, player)
    printed = card.front.mana_cost
    assert printed is not None
    give_mana(game, player, printed)
    game.priority_holder = player
    spell = casting.cast(game, player, in_hand_now.id, targets=targets)
    if resolve:
        game.resolve_stack()
    return spell


def turn_of(game: Game, player: PlayerName) -> None:
    """Play on to ``player``'s next main phase."""
    turns.advance(game)
    while game.active != player:
        turns.advance(game)
