"""Costs paid as a permanent enters, and the abilities that refer to them (607.2g).

"As [this] enters, pay any amount of life" is a replacement effect of the permanent's own (614.12):
its controller chooses an amount they can pay (a player who can't lose life can pay none, 119.8)
and pays it (paying life is losing it, 119.4) before it enters.  The amount is remembered on the
permanent, and an ability of it that refers to "the life paid as [this] entered" reads that amount
only: the two abilities are linked (607.2g), and an object that paid nothing as it entered paid 0.
"""

from __future__ import annotations

from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine import actions, rules
from kb.engine.abilities import StaticAbility
from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.replacement import Move, Replacement, ReplacementContext, chosen_for

if TYPE_CHECKING:
    from kb.engine.basics import ObjectId, PlayerId
    from kb.engine.game import Game

LIFE_PAID = "life paid as it entered"
"""The key the amount of life paid is remembered under."""


def pay_any_amount_of_life(text: str = "As this permanent enters, pay any amount of life.") -> StaticAbility:
    """"As [this] enters, pay any amount of life" (614.12, 607.2g)."""

    def pay(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        most = payable_life(game, player)
        amount = game.choices.ask(Choice(ChoiceKind.NUMBER, player, text, tuple(range(most + 1))))
        assert isinstance(amount, int)
        actions.pay_life(game, player, amount)  # 119.4
        return with_changes(move, choices=(*move.choices, (LIFE_PAID, amount)))

    return StaticAbility(text, replacements=(Replacement(text, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, pay,
                                                         pure=False, entering_self=True, chooses=LIFE_PAID),))


def may_pay_life_or_enter_tapped(amount: int, text: str | None = None) -> StaticAbility:
    """"As this land enters, you may pay N life.  If you don't, it enters tapped" (the shock lands,
    614.12): the choice and the payment happen as it enters, while it is still where it was."""
    said = text or f"As this land enters, you may pay {amount} life. If you don't, it enters tapped."

    def pay_or_tap(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        if payable_life(game, player) >= amount and game.choices.ask(Choice(ChoiceKind.MAY, player, said, (True, False))):
            actions.pay_life(game, player, amount)  # 119.4
            return move
        return with_changes(move, tapped=True)

    return StaticAbility(said, replacements=(Replacement(said, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD,
                                                         pay_or_tap, pure=False, entering_self=True),))


def payable_life(game: Game, player: PlayerId) -> int:
    """The most life ``player`` can pay now (119.4, 119.8).  Permanents entering at once pay as each
    one's replacement effect is applied, so a later choice counts what the earlier ones paid: no
    choices whose combined costs can't be paid (614.12b)."""
    return 0 if rules.life_loss_forbidden(game, player) else max(0, game.players[player].life)


def life_paid(game: Game, object_id: ObjectId) -> int:
    """The life its linked ability paid as ``object_id`` entered (607.2g); 0 if it paid none."""
    value = chosen_for(game, object_id, LIFE_PAID)
    return value if isinstance(value, int) else 0


__all__ = ["LIFE_PAID", "life_paid", "may_pay_life_or_enter_tapped", "pay_any_amount_of_life", "payable_life"]
