"""Whether a declaration of attackers (508.1) or blockers (509.1) is legal, as a whole.

A declaration is legal when it breaks no restriction (508.1c, 509.1b) and obeys as many
requirements as any declaration that breaks none could (508.1d, 509.1c).  Restrictions are
checked creature by creature (:func:`kb.engine.combat.attack_restriction`,
:func:`kb.engine.combat.block_restriction`) and on the whole declaration
(:data:`ATTACK_DECLARATION_RESTRICTIONS`, :data:`BLOCK_DECLARATION_RESTRICTIONS`).  The
requirements (:data:`ATTACK_REQUIREMENTS`, :data:`BLOCK_REQUIREMENTS`) are counted one per effect
and creature it applies to; the most any legal declaration obeys is found by trying them all,
leaving out the creatures that could attack or block only by paying a cost (508.1d, 509.1c: no
player is required to pay one).  Then the costs to attack or block are totalled, locked in and
paid (508.1g-j, 509.1d-f).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine import activating, payment, rules, teams
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError
from kb.engine.limits import bounded
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

Attacked = ObjectId | PlayerId
Attacks = Mapping[ObjectId, Attacked]
"""A declaration of attackers: each creature and the player, planeswalker or battle it attacks."""
Blocks = Mapping[ObjectId, tuple[ObjectId, ...]]
"""A declaration of blockers: each blocking creature and the attacking creatures it blocks."""

LIMIT = "declarations weighed for requirements (508.1d, 509.1c)"


# -- restrictions on the whole declaration ------------------------------------------------------------


def _attack_alone(game: Game, chosen: Attacks, views: Mapping[ObjectId, View]) -> str | None:
    if len(chosen) == 1:
        [creature] = chosen
        if rules.forbids(game, rules.CantAttackAlone, views[creature]):
            return f"{views[creature].name} can't attack alone (506.5)"
    return None


def _attack_limit(game: Game, chosen: Attacks, views: Mapping[ObjectId, View]) -> str | None:
    for found in rules.of_kind(game, rules.AttackLimit):
        change = found.change
        assert isinstance(change, rules.AttackLimit)
        if len(chosen) > change.count:
            return f"no more than {change.count} creature(s) can attack each combat"
    return None


ATTACK_DECLARATION_RESTRICTIONS: dict[str, Callable[[Game, Attacks, Mapping[ObjectId, View]], str | None]] = {
    "can't attack alone": _attack_alone,
    "attack limit": _attack_limit,
}
"""Restrictions on a declaration of attackers as a whole (508.1c), keyed by name."""


def _blocker_count(game: Game, chosen: Blocks, views: Mapping[ObjectId, View]) -> str | None:
    from kb.engine import combat

    for attacker in {a for attackers in chosen.values() for a in attackers}:
        count = sum(1 for attackers in chosen.values() if attacker in attackers)
        for name, restriction in combat.BLOCKER_COUNT_RESTRICTIONS.items():
            if views[attacker].has(name):
                reason = restriction(game, views[attacker], count)
                if reason is not None:
                    return reason
    return None


def _blocks_per_blocker(game: Game, chosen: Blocks, views: Mapping[ObjectId, View]) -> str | None:
    for blocker, attackers in chosen.items():
        allowed = blocks_allowed(game, views[blocker])
        if allowed is not None and len(attackers) > allowed:
            return (f"{views[blocker].name} can block only {allowed} creature(s) (509.1a)" if allowed > 1
                    else f"{views[blocker].name} can block only one creature (509.1a)")
    return None


BLOCK_DECLARATION_RESTRICTIONS: dict[str, Callable[[Game, Blocks, Mapping[ObjectId, View]], str | None]] = {
    "blocker count": _blocker_count,
    "blocks per blocker": _blocks_per_blocker,
}
"""Restrictions on a declaration of blockers as a whole (509.1b), keyed by name."""


def blocks_allowed(game: Game, view: View) -> int | None:
    """How many attackers ``view`` may block (509.1a): one, more with "can block an additional
    creature", any number (None) with "can block any number of creatures"."""
    allowed: int | None = 1
    for change in rules.applies_to(game, rules.CanBlockAdditional, view):
        assert isinstance(change, rules.CanBlockAdditional)
        allowed = None if change.count is None or allowed is None else allowed + change.count
    return allowed


# -- requirements -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Requirement:
    """One requirement (508.1d, 509.1c) on one creature: obeyed by a declaration or not."""

    text: str
    creature: ObjectId
    """The creature that must attack or block."""
    attacker: ObjectId | None = None
    """The attacking creature it must block (None: it must just attack or block)."""

    def obeyed(self, chosen: Mapping[ObjectId, Any]) -> bool:
        if self.attacker is None:
            return self.creature in chosen
        return self.attacker in chosen.get(self.creature, ())


def _must_attack(game: Game, views: Mapping[ObjectId, View], candidates: Sequence[ObjectId]) -> Iterator[Requirement]:
    for creature in candidates:
        for change in rules.applies_to(game, rules.MustAttack, views[creature]):
            yield Requirement(change.text, creature)


ATTACK_REQUIREMENTS: dict[str, Callable[[Game, Mapping[ObjectId, View], Sequence[ObjectId]],
                                        Iterator[Requirement]]] = {"attacks each combat if able": _must_attack}
"""Requirements on attackers (508.1d), keyed by name: each yields one per effect and creature."""


def _must_block(game: Game, views: Mapping[ObjectId, View], candidates: Sequence[ObjectId]) -> Iterator[Requirement]:
    for creature in candidates:
        for change in rules.applies_to(game, rules.MustBlock, views[creature]):
            assert isinstance(change, rules.MustBlock)
            yield Requirement(change.text, creature, change.attacker)


def _must_be_blocked(game: Game, views: Mapping[ObjectId, View], candidates: Sequence[ObjectId]
                     ) -> Iterator[Requirement]:
    from kb.engine import combat

    state = combat.combat(game)
    for attacker in state.attackers:
        for change in rules.applies_to(game, rules.MustBeBlocked, views[attacker]):
            for blocker in candidates:
                if combat.may_block(game, game.objects[blocker], views[blocker], attacker) is None:
                    yield Requirement(change.text, blocker, attacker)


BLOCK_REQUIREMENTS: dict[str, Callable[[Game, Mapping[ObjectId, View], Sequence[ObjectId]],
                                       Iterator[Requirement]]] = {
    "blocks each combat if able": _must_block,
    "all creatures able to block it do so": _must_be_blocked,
}
"""Requirements on blockers (509.1c), keyed by name."""


def _obeyed(requirements: Sequence[Requirement], chosen: Mapping[ObjectId, object]) -> int:
    return sum(1 for r in requirements if r.obeyed(chosen))


def _most_obeyed(requirements: Sequence[Requirement], options: Mapping[ObjectId, Sequence[object]],
                 legal: Callable[[dict[ObjectId, object]], bool]) -> int:
    """The most requirements any legal declaration obeys, trying every combination of ``options``
    (None: the creature doesn't attack or block)."""
    creatures = list(options)
    best = 0
    for _, combination in zip(bounded(LIMIT), itertools.product(*(options[c] for c in creatures)), strict=False):
        chosen = {c: o for c, o in zip(creatures, combination, strict=True) if o is not None}
        count = _obeyed(requirements, chosen)
        if count > best and legal(chosen):
            best = count
            if best == len(requirements):
                break
    return best


# -- checking a declaration --------------------------------------------------------------------------


def check_attackers(game: Game, chosen: Attacks) -> None:
    """508.1a-d: raise IllegalAction if ``chosen`` breaks a restriction or obeys fewer
    requirements than it could."""
    from kb.engine import combat

    views = game.views()
    problem = _attack_problem(game, chosen, views)
    if problem is not None:
        raise IllegalAction(problem, "508.1c")
    able = [o.id for p in teams.active_team(game) for o in game.battlefield(p)
            if combat.attack_restriction(game, o, views[o.id]) is None]
    requirements = [r for find in ATTACK_REQUIREMENTS.values() for r in find(game, views, able)]
    if not requirements:
        return
    targets = combat.attackable(game)
    options: dict[ObjectId, list[object]] = {
        c: [None, *(t for t in targets if not attack_costs(game, {c: t}, views))] for c in able}
    best = _most_obeyed(requirements, options,
                        lambda trial: _attack_problem(game, trial, views) is None)  # type: ignore[arg-type]
    obeyed = _obeyed(requirements, chosen)
    if obeyed < best:
        raise IllegalAction(f"the declaration obeys {obeyed} of the requirements "
                            f"({', '.join(sorted({r.text for r in requirements}))}); one that breaks no "
                            f"restriction obeys {best}", "508.1d")


def _attack_problem(game: Game, chosen: Attacks, views: Mapping[ObjectId, View]) -> str | None:
    from kb.engine import combat

    for creature, what in chosen.items():
        reason = combat.attack_restriction(game, game.objects[creature], views[creature])
        if reason is not None:
            return f"{game.objects[creature]!r} can't attack: {reason}"
        reason = combat.attack_target_problem(game, what, views)
        if reason is not None:
            return reason
    for restriction in ATTACK_DECLARATION_RESTRICTIONS.values():
        reason = restriction(game, chosen, views)
        if reason is not None:
            return reason
    return None


def check_blockers(game: Game, chosen: Blocks) -> None:
    """509.1a-c: raise IllegalAction if ``chosen`` breaks a restriction or obeys fewer
    requirements than it could."""
    from kb.engine import combat

    views = game.views()
    problem = _block_problem(game, chosen, views)
    if problem is not None:
        raise IllegalAction(problem, "509.1b")
    state = combat.combat(game)
    candidates = [o.id for o in combat.possible_blockers(game)]
    requirements = [r for find in BLOCK_REQUIREMENTS.values() for r in find(game, views, candidates)]
    if not requirements:
        return
    options: dict[ObjectId, list[object]] = {}
    for blocker in candidates:
        able = [a for a in state.attackers
                if combat.may_block(game, game.objects[blocker], views[blocker], a) is None]
        allowed = blocks_allowed(game, views[blocker])
        most = len(able) if allowed is None else min(allowed, len(able))
        groups = [g for n in range(1, most + 1) for g in itertools.combinations(able, n)]
        options[blocker] = [None, *(g for g in groups if not block_costs(game, {blocker: g}, views))]
    best = _most_obeyed(requirements, options,
                        lambda trial: _block_problem(game, trial, views) is None)  # type: ignore[arg-type]
    obeyed = _obeyed(requirements, chosen)
    if obeyed < best:
        raise IllegalAction(f"the declaration obeys {obeyed} of the requirements "
                            f"({', '.join(sorted({r.text for r in requirements}))}); one that breaks no "
                            f"restriction obeys {best}", "509.1c")


def _block_problem(game: Game, chosen: Blocks, views: Mapping[ObjectId, View]) -> str | None:
    from kb.engine import combat

    for blocker, attackers in chosen.items():
        if not attackers:
            return f"{game.objects[blocker]!r} is declared as a blocker of no creature (509.1a)"
        for attacker in attackers:
            reason = combat.may_block(game, game.objects[blocker], views[blocker], attacker)
            if reason is not None:
                return reason
    for restriction in BLOCK_DECLARATION_RESTRICTIONS.values():
        reason = restriction(game, chosen, views)
        if reason is not None:
            return reason
    return None


# -- costs to attack and block ------------------------------------------------------------------------


def attack_costs(game: Game, chosen: Attacks, views: Mapping[ObjectId, View]) -> list[str]:
    """The mana each attacker costs to attack (508.1g-h): one entry per cost that applies."""
    found = []
    for item in rules.of_kind(game, rules.AttackCost):
        change = item.change
        assert isinstance(change, rules.AttackCost)
        protected = item.context.player("you") if change.players == "you" else change.players
        if protected not in game.players:
            # another word would protect no player: the cost would silently never apply
            raise ScenarioError(f"AttackCost players={change.players!r}: give 'you' or a player of this game "
                                f"({', '.join(game.players)})")
        for creature, what in chosen.items():
            if what == protected and change.creatures.matches(item.context, views[creature]):
                found.append(change.cost)
    return found


def block_costs(game: Game, chosen: Blocks, views: Mapping[ObjectId, View]) -> list[str]:
    """The mana each blocker costs to block (509.1d)."""
    found = []
    for item in rules.of_kind(game, rules.BlockCost):
        change = item.change
        assert isinstance(change, rules.BlockCost)
        found += [change.cost for blocker in chosen if change.creatures.matches(item.context, views[blocker])]
    return found


def pay(game: Game, player: PlayerId, costs: Sequence[str], pay_with: Sequence[GameObject], rule: str) -> None:
    """508.1h-j, 509.1d-f: the total cost is locked in, mana abilities may be activated (with the
    permanents of ``pay_with``), then all of it is paid; a cost that can't be paid makes the
    declaration illegal (the caller undoes it)."""
    if not costs:
        if pay_with:
            raise IllegalAction("nothing to pay for: attacking or blocking costs nothing here", rule)
        return
    if teams.shared_turns(game):
        raise NotModelled("costs to attack or block paid by a team's players in a shared team turn (805.10)")
    total = ManaCost.parse("".join(costs))
    for permanent in pay_with:
        activating.activate_mana_abilities(game, player, permanent)
    try:
        payment.pay_mana(game, player, total)
    except IllegalAction as refusal:
        raise IllegalAction(f"the cost of {total} can't be paid: {refusal.reason}", rule) from None
