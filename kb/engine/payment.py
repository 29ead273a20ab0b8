"""Paying costs (118, 601.2g-h, 602.2b): mana from the pool, tapping, sacrificing, life, cards.

Mana abilities are activated before paying (601.2g): a scenario does that with
``game.activate(player, land)`` or passes the permanents to tap for mana with ``pay_with``.
Which mana pays generic costs is the player's choice when it would leave different mana behind
(:class:`~kb.engine.choices.ChoiceKind.MANA_PAYMENT`).  A payment that can't be completed is
illegal: the caller returns the game to before the action (601.2h, 732).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine import actions, mana, rules, zones
from kb.engine.basics import PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause
from kb.engine.mana import ManaCost
from kb.engine.objects import GameObject

if TYPE_CHECKING:
    from kb.engine.game import Game


def pay_mana(game: Game, player: PlayerId, cost: ManaCost, spent_on: object = None) -> Counter[str]:
    """Pay a mana cost from ``player``'s pool, with the mana that may pay for ``spent_on`` (106.6);
    each Phyrexian symbol with mana of its colour or 2 life, as the player announced (601.2b,
    107.4f, 119.4).  When several ways would leave different mana, the player chooses (106.4a).
    Returns the mana spent, by kind ("W", "C" …)."""
    phyrexian = bool(cost.phyrexian)
    cost, announced = announce_phyrexian(game, player, cost, spent_on)
    pool = game.players[player].mana
    usable = pool.usable(spent_on)
    life = game.players[player].life
    can_pay_life = not rules.life_loss_forbidden(game, player)
    ways = [(left, paid) for left, paid in mana.ways_to_pay(usable, cost)
            if paid == 0 or (paid <= life and can_pay_life)]
    if not ways:
        raise IllegalAction(f"{player} can't pay {cost} from {pool}", "601.2h")
    if len(ways) == 1:
        left, paid = ways[0]
    else:
        labels = tuple(("".join(f"{{{k}}}" * v for k, v in sorted(left.items())) or "(nothing)")
                       + (f" and {paid} life paid" if paid else "") for left, paid in ways)
        answer = game.choices.ask(Choice(ChoiceKind.MANA_PAYMENT, player, f"what mana to leave after paying {cost}",
                                         labels))
        left, paid = ways[labels.index(str(answer))]
    pool.mana = Counter(left) + Counter({k: n for k, n in pool.mana.items() if k not in usable})
    game.touch()
    if paid + announced:
        actions.pay_life(game, player, paid + announced)  # paying life is losing it (119.4)
    spell = game.objects.get(getattr(spent_on, "id", -1)) if phyrexian else None
    if spell is not None and spell.zone is Zone.STACK:  # a spell's cost: compleated asks how many symbols were paid with life (702.150a)
        spell.chosen[PHYREXIAN_WITH_LIFE] = (paid + announced) // 2
    spent: Counter[str] = Counter()
    for kind, count in (usable - Counter(left)).items():
        spent[kind.split("|", 1)[0]] += count
    return spent


PHYREXIAN_WITH_LIFE = "Phyrexian symbols paid with life"
"""Key of a spell's ``chosen``: how many Phyrexian symbols of its cost were paid with 2 life (702.150a)."""


def announce_phyrexian(game: Game, player: PlayerId, cost: ManaCost, spent_on: object = None
                       ) -> tuple[ManaCost, int]:
    """The cost's Phyrexian symbols, each paid with mana or 2 life (601.2b): the mana left to pay
    and the life.  Only ways the player can complete are offered (118.3, 119.4); when several are
    left the player chooses which symbols to pay with life."""
    symbols = cost.phyrexian
    if not symbols:
        return cost, 0
    pool = game.players[player].mana.usable(spent_on)
    life_total = game.players[player].life if not rules.life_loss_forbidden(game, player) else 0
    possible_life = {life for _, life in mana.ways_to_pay(pool, cost)}  # 107.4f: mana or 2 life each
    ways: dict[tuple[str, ...], ManaCost] = {}
    for chosen in _sub_multisets(symbols):
        if 2 * len(chosen) > life_total or 2 * len(chosen) not in possible_life:
            continue
        rest = cost.paying_life_for(chosen)
        if mana.payments(pool, rest):
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


def pay(game: Game, player: PlayerId, cost: Cost, source: GameObject | None, mana: ManaCost | None = None,
        spent_on: object = None, *, loyalty: int | None = None) -> dict[str, list[int]]:
    """Pay an activation or additional cost: the parts without randomness first (601.2h).
    ``loyalty``: a loyalty ability's total loyalty cost (606.4, 606.5).  Returns what was paid that
    the effect may refer to: ``{"sacrificed": [ids]}`` (the objects as they were, for "the
    sacrificed creature", 608.2h)."""
    paid: dict[str, list[int]] = {}
    if cost.tap or cost.untap:
        if source is None or source.zone is not Zone.BATTLEFIELD:
            raise IllegalAction("{T} and {Q} need a permanent to tap or untap", "107.5")
        if cost.tap and source.tapped:
            raise IllegalAction(f"{source!r} is already tapped", "107.5")
        if cost.untap and not source.tapped:
            raise IllegalAction(f"{source!r} is already untapped", "107.6")
    if cost.life and (game.players[player].life < cost.life or rules.life_loss_forbidden(game, player)):
        raise IllegalAction(f"{player} can't pay {cost.life} life", "119.4, 119.8")
    total = mana if mana is not None else cost.mana
    if total is not None:
        pay_mana(game, player, total, spent_on)
    if cost.tap and source is not None:
        actions.tap(game, [source])
    if cost.untap and source is not None:
        actions.untap(game, [source])
    if cost.life:
        actions.pay_life(game, player, cost.life)
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
        paid["discarded"] = [c.id for c in chosen]  # type: ignore[attr-defined]  # "the discarded card" (400.7j)
    if loyalty is not None and source is not None:
        from kb.engine import counters

        if loyalty > 0:
            counters.put(game, source, "loyalty", loyalty)
        elif loyalty < 0:
            counters.remove(game, source, "loyalty", -loyalty)  # 606.6 is checked before (kb.engine.loyalty)
    if cost.energy:
        from kb.engine import counters

        if game.players[player].counter("energy") < cost.energy:
            raise IllegalAction(f"{player} has fewer than {cost.energy} energy counters", "107.14")
        counters.remove(game, player, "energy", cost.energy)
    if cost.crew and source is not None:
        paid["crewed_by"] = crew(game, player, source, cost.crew)
    if cost.sacrifice is not None:
        kind, another = cost.sacrifice
        if cost.sacrifice_count > 1:
            views = game.views()
            mine = [o for o in game.battlefield(player) if kind == "Permanent" or views[o.id].is_a(kind)]
            if len(mine) < cost.sacrifice_count:
                raise IllegalAction(f"{player} controls fewer than {cost.sacrifice_count} {kind.lower()}s "
                                    "to sacrifice", "118.3")
        paid["sacrificed"] = [sacrifice_one(game, player, kind, source if another else None)
                              for _ in range(cost.sacrifice_count)]
    if cost.sacrifice_self and source is not None:
        if source.zone is not Zone.BATTLEFIELD:
            raise IllegalAction("only a permanent can be sacrificed", "701.21a")
        zones.move(game, source, Zone.GRAVEYARD, cause=Cause.SACRIFICE)
        paid["sacrificed"] = [*paid.get("sacrificed", []), source.id]
    for part in cost.extra:
        if (what := part.pay(game, player, source)) is not None:
            paid.update(what)  # what the part paid, for the effect (the creature tapped for station, 702.184a)
    if cost.discard_self and source is not None:
        if source.zone is not Zone.HAND:
            raise IllegalAction("only a card in a hand can be discarded", "701.9a")
        actions.discard(game, player, [source])
    if cost.exile_self and source is not None:
        if source.zone is not Zone.GRAVEYARD:
            raise IllegalAction("this cost exiles the card from a graveyard", "118.3")
        zones.move(game, source, Zone.EXILE)
    return paid


def sacrifice_one(game: Game, player: PlayerId, kind: str, other_than: GameObject | None = None) -> int:
    """Pay "Sacrifice a [kind]" ("another [kind]": not ``other_than``): one permanent of that card
    type the player controls, of their choice (701.21a, 118.3: none, and the cost can't be paid).
    Returns the sacrificed object's id."""
    views = game.views()
    candidates = [o for o in game.battlefield(player) if (kind == "Permanent" or views[o.id].is_a(kind))
                  and not (other_than is not None and o.id == other_than.id)]
    if not candidates:
        raise IllegalAction(f"{player} controls no {'other ' if other_than is not None else ''}{kind.lower()} "
                            "to sacrifice", "118.3")
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"a {kind.lower()} to sacrifice",
                                     tuple(o.id for o in candidates)))
    victim = next(o for o in candidates if o.id == chosen)
    zones.move(game, victim, Zone.GRAVEYARD, cause=Cause.SACRIFICE)
    return victim.id


def pay_during_resolution(game: Game, player: PlayerId, action: Callable[[], object]) -> bool:
    """"[Do something]. If you do, …" (118.12): the something is a cost paid as the spell or
    ability resolves.  "If you do" asks whether the player paid it — began paying it — not what
    the events turned out to be (118.11: a cost whose payment an effect modified is still paid).
    A cost that can't be paid isn't (118.3): the game is as it was and the answer is False."""
    checkpoint = game.checkpoint()
    try:
        action()
    except IllegalAction:
        game.restore(checkpoint)
        return False
    return True


def crew(game: Game, player: PlayerId, vehicle: GameObject, power: int) -> list[int]:
    """Pay crew N (702.122a): tap other untapped creatures ``player`` controls whose total power
    is N or more — summoning sickness doesn't matter, the creatures' own {T} isn't used.  They
    crew the Vehicle (702.122b)."""
    from kb.engine.events import Crewed

    views = game.views()
    options = [o for o in game.creatures(player) if o.id != vehicle.id and not o.tapped
               and not rules.forbids(game, rules.CantCrew, views[o.id])]  # 702.122c
    if sum(max(0, views[o.id].power or 0) for o in options) < power:
        raise IllegalAction(f"{player}'s untapped creatures don't have total power {power}", "702.122a")

    def enough(value: object) -> bool:
        return isinstance(value, (list, tuple)) and len(set(value)) == len(value) and all(
            v in options for v in value) and sum(views[v.id].power or 0 for v in value) >= power

    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"creatures to crew with (total power {power})",
                                     accepts=enough, matters=len(options) > 1, default=options))
    assert isinstance(chosen, (list, tuple))
    crew_members = [c for c in chosen if isinstance(c, GameObject)]
    actions.tap(game, crew_members)
    game.emit(Crewed(vehicle.id, tuple(c.id for c in crew_members)))
    return [c.id for c in crew_members]
