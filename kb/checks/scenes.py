"""Short hands the checks share for setting up a scene."""

from __future__ import annotations

from collections.abc import Sequence

from kb.engine import Card, Game, GameObject, ManaCost, PlayerId, Step, Zone, gain


def in_hand(game: Game, card: Card, player: PlayerId = "A") -> GameObject:
    return game.place(card, Zone.HAND, player)


def library_top_first(game: Game, player: PlayerId, *cards_top_first: Card) -> list[GameObject]:
    """``cards_top_first`` put on top of ``player``'s library, the first named on top; the
    objects in that order."""
    placed = [game.place(made, Zone.LIBRARY, player) for made in reversed(cards_top_first)]
    return list(reversed(placed))


def give_mana(game: Game, player: PlayerId, cost: str) -> None:
    """Exactly the mana to pay ``cost``: its coloured symbols, and colourless for the generic part."""
    mana = []
    for symbol in ManaCost.parse(cost).symbols:
        if symbol.isdigit():
            mana += ["{C}"] * int(symbol)
        elif symbol != "X":
            mana.append("{" + symbol.split("/")[0].replace("2", "C") + "}")  # a hybrid: its first half
    game.add_mana(player, "".join(mana) or "{0}")


def cast(game: Game, player: PlayerId, card: Card, targets: Sequence[object] | None = None, *,
         resolve: bool = True) -> int:
    """``player`` casts ``card`` from their hand with exactly the mana it needs (getting priority by
    the others passing if needed); everything on the stack resolves unless told not to."""
    held = in_hand(game, card, player)
    assert card.front.mana_cost is not None
    give_mana(game, player, str(card.front.mana_cost))
    if game.priority != player:
        game.pass_priority_to(player)
    spell = game.cast(player, held, targets=targets)
    if resolve:
        game.resolve_stack()
    return spell


def attack(game: Game, attackers: dict[GameObject, str] | list[GameObject]) -> None:
    """The active player declares ``attackers`` (a list attacks the only opponent); the triggers
    that gives resolve."""
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(attackers)
    game.resolve_stack()


def block(game: Game, blocks: dict[GameObject, GameObject]) -> None:
    """The defender declares ``blocks`` (nothing to declare when they have no creature that could
    block); the triggers that gives resolve."""
    game.advance_to(Step.DECLARE_BLOCKERS)
    if game.turn_state.awaiting == "blockers":
        game.declare_blockers(blocks)  # type: ignore[arg-type]
    game.resolve_stack()


def grant(game: Game, obj: GameObject, keyword: str) -> None:
    """``obj`` gains ``keyword`` from an effect with no end."""
    game.create_effect(f"gains {keyword}", [gain(keyword)], [obj])
