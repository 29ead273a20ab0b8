"""Paying costs (118, 601.2g-h, 602.2b): mana from the pool, tapping, sacrificing, life, cards.

Mana abilities are activated before paying (601.2g): a scenario does that with
``game.activate(player, land)`` or passes the permanents to tap for mana with ``pay_with``.
Which mana pays generic costs is the player's choice when it would leave different mana behind
(:class:`~kb.engine.choices.ChoiceKind.MANA_PAYMENT`).  A payment that can't be completed is
illegal: the caller returns the game to before the action (601.2h, 732).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from kb.engine import actions, zones
from kb.engine.basics import PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause
from kb.engine.mana import ManaCost, payments

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def pay_mana(game: Game, player: PlayerId, cost: ManaCost) -> None:
    """Pay ``cost`` from ``player``'s mana pool; for each Phyrexian symbol, with mana of its colour
    or 2 life, as the player announced (601.2b, 107.4f, 119.4)."""
    cost, life = announce_phyrexian(game, player, cost)
    _pay_from_pool(game, player, cost)
    if life:
        actions.lose_life(game, player, life)  # paying life is losing it (119.4)


def announce_phyrexian(game: Game, player: PlayerId, cost: ManaCost) -> tuple[ManaCost, int]:
    """The cost's Phyrexian symbols, each paid with mana or 2 life (601.2b): the mana left to pay
    and the life.  Only ways the player can complete are offered (118.3, 119.4); when several are
    left the player chooses which symbols to pay with life."""
    symbols = cost.phyrexian
    if not symbols:
        return cost, 0
    pool = game.players[player].mana.mana
    life_total = game.players[player].life
    ways: dict[tuple[str, ...], ManaCost] = {}
    for chosen in _sub_multisets(symbols):
        if 2 * len(chosen) > life_total:
            continue
        rest = cost.paying_life_for(chosen)
        if payments(pool, rest):
            ways[chosen] = rest
    if not ways:
        raise IllegalAction(f"{player} can pay {cost} neither with mana nor with life", "107.4f, 118.3")
    options = tuple(ways)
    answer = game.choices.ask(Choice(ChoiceKind.PHYREXIAN, player, f"the Phyrexian symbols of {cost} to pay with "
                                     "2 life each", options))
    chosen_symbols = tuple(answer) if isinstance(answer, (tuple, list)) else ()
    return ways[tuple(sorted(chosen_symbols))], 2 * len(chosen_symbols)


def _sub_multisets(symbols: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every sub-multiset of ``symbols``, each as a sorted tuple (which symbols are paid with life)."""
    counts = Counter(symbols)
    found: list[tuple[str, ...]] = [()]
    for symbol, count in sorted(counts.items()):
        found = [f + (symbol,) * n for f in found for n in range(count + 1)]
    return [tuple(sorted(f)) for f in found]


def _pay_from_pool(game: Game, player: PlayerId, cost: ManaCost) -> None:
    pool = game.players[player].mana
    after = payments(pool.mana, cost)
    if not after:
        raise IllegalAction(f"{player} can't pay {cost} from {pool}", "601.2h")
    if len(after) == 1:
        chosen = after[0]
    else:
        labels = tuple("".join(f"{{{k}}}" * v for k, v in sorted(left.items())) or "(nothing)" for left in after)
        answer = game.choices.ask(Choice(ChoiceKind.MANA_PAYMENT, player, f"what mana to leave after paying {cost}",
                                         labels))
        chosen = after[labels.index(str(answer))]
    pool.mana = Counter(chosen)
    game.touch()


def pay(game: Game, player: PlayerId, cost: Cost, source: GameObject | None, mana: ManaCost | None = None, *,
        loyalty: int | None = None) -> None:
    """Pay an activation or additional cost: the parts without randomness first (601.2h).
    ``loyalty``: a loyalty ability's total loyalty cost (606.4, 606.5)."""
    if cost.tap or cost.untap:
        if source is None or source.zone is not Zone.BATTLEFIELD:
            raise IllegalAction("{T} and {Q} need a permanent to tap or untap", "107.5")
        if cost.tap and source.tapped:
            raise IllegalAction(f"{source!r} is already tapped", "107.5")
        if cost.untap and not source.tapped:
            raise IllegalAction(f"{source!r} is already untapped", "107.6")
    if cost.life and game.players[player].life < cost.life:
        raise IllegalAction(f"{player} can't pay {cost.life} life", "119.4")
    total = mana if mana is not None else cost.mana
    if total is not None:
        pay_mana(game, player, total)
    if cost.tap and source is not None:
        actions.tap(game, [source])
    if cost.untap and source is not None:
        actions.untap(game, [source])
    if cost.life:
        actions.lose_life(game, player, cost.life)
    if cost.remove_counters is not None and source is not None:
        kind, count = cost.remove_counters
        if source.counter(kind) < count:
            raise IllegalAction(f"{source!r} doesn't have {count} {kind} counter(s)", "118.3")
        from kb.engine import counters

        counters.remove(game, source, kind, count)
    if cost.discard:
        hand = game.hand(player)
        if len(hand) < cost.discard:
            raise IllegalAction(f"{player} has fewer than {cost.discard} card(s) to discard", "118.3")
        chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, player, f"discard {cost.discard} card(s) as a cost",
                                         matters=len({c.card for c in hand}) > 1, default=hand[:cost.discard],
                                         accepts=lambda v: isinstance(v, (list, tuple)) and len(v) == cost.discard
                                         and all(c in hand for c in v)))
        actions.discard(game, player, list(chosen))  # type: ignore[call-overload]
    if loyalty is not None and source is not None:
        from kb.engine import counters

        if loyalty > 0:
            counters.put(game, source, "loyalty", loyalty)
        elif loyalty < 0:
            counters.remove(game, source, "loyalty", -loyalty)  # 606.6 is checked before (kb.engine.loyalty)
    if cost.sacrifice:
        sacrifice_one(game, player, cost.sacrifice)
    if cost.sacrifice_self and source is not None:
        if source.zone is not Zone.BATTLEFIELD:
            raise IllegalAction("only a permanent can be sacrificed", "701.21a")
        zones.move(game, source, Zone.GRAVEYARD, cause=Cause.SACRIFICE)


def sacrifice_one(game: Game, player: PlayerId, kind: str) -> None:
    """Pay "Sacrifice a [kind]": one permanent of that card type the player controls, of their
    choice (701.21a, 118.3: none, and the cost can't be paid)."""
    views = game.views()
    candidates = [o for o in game.battlefield(player) if kind == "Permanent" or views[o.id].is_a(kind)]
    if not candidates:
        raise IllegalAction(f"{player} controls no {kind.lower()} to sacrifice", "118.3")
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"a {kind.lower()} to sacrifice",
                                     tuple(o.id for o in candidates)))
    victim = next(o for o in candidates if o.id == chosen)
    zones.move(game, victim, Zone.GRAVEYARD, cause=Cause.SACRIFICE)
