"""Trigger events of the turn and of combat beyond those of :mod:`kb.engine.triggers`: the
beginning of a main phase counted in the turn (505.1b); who attacks whom, attacking alone,
attacking and not being blocked, blocking and being blocked creature by creature, being blocked by
a number of creatures (508.3, 509.3).

Each triggers on the declaration (:class:`~kb.engine.events.AttackersDeclared`,
:class:`~kb.engine.events.BlockersDeclared`), so a creature put onto the battlefield attacking
never "attacked" (508.3a, 508.4); those that count blockers also trigger when an effect adds one
(:class:`~kb.engine.events.BlockerAdded`, 509.3d-e).  What a trigger asks of a creature is asked
as the event happens: a creature that takes on the quality afterwards doesn't trigger it
(508.2a, 509.3f).
"""

from __future__ import annotations

from kb.engine import turn
from kb.engine.events import AttackersDeclared, BlockerAdded, BlockersDeclared, StepBegan
from kb.engine.selectors import Filter
from kb.engine.triggers import Trigger, TriggerContext


def _player(t: TriggerContext, whose: str) -> str:
    return t.source.controller if whose == "you" else whose


def at_beginning_of_main_phase(number: int, whose: str = "you") -> Trigger:
    """"At the beginning of [your] first / second main phase" (505.1b): the ``number``-th main
    phase of the turn, however many combat phases came before or were skipped."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, StepBegan) or e.step is not None or turn.main_phase_number(t.game) != number:
            return 0
        return int(whose == "each" or e.player == _player(t, whose))

    return Trigger(f"at the beginning of {whose} main phase number {number}", (StepBegan,), count,
                   "beginning of a main phase")


def attacks_player(what: Filter | None = None, whom: str = "you", *, planeswalkers: bool = False) -> Trigger:
    """"Whenever [a creature] attacks [you] (or a planeswalker you control)" (508.3a): once for each
    such creature declared attacking that player (or, with ``planeswalkers``, their planeswalkers)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, AttackersDeclared):
            return 0
        player = _player(t, whom)
        return sum(1 for creature, attacked in e.attackers.items() if t.matches(what, creature)
                   and (attacked == player or (planeswalkers and isinstance(attacked, int)
                                               and attacked in t.seen and t.seen[attacked].controller == player)))

    return Trigger(f"whenever {what or 'this'} attacks {whom}", (AttackersDeclared,), count, "attacks")


def is_attacked(whom: str = "you") -> Trigger:
    """"Whenever [you are] attacked" (508.3b): once, when one or more creatures are declared
    attacking that player."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, AttackersDeclared) and _player(t, whom) in e.attackers.values())

    return Trigger(f"whenever {whom} is attacked", (AttackersDeclared,), count, "is attacked")


def attacks_with(what: Filter, player: str = "you") -> Trigger:
    """"Whenever [you] attack with [a creature]" (508.3c): once for each such creature that player
    controls declared as an attacker."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, AttackersDeclared) or e.player != _player(t, player):
            return 0
        return sum(1 for creature in e.attackers if t.matches(what, creature))

    return Trigger(f"whenever {player} attack with {what}", (AttackersDeclared,), count, "attacks with")


def player_attacks(player: str = "you") -> Trigger:
    """"Whenever [you] attack" (508.3d): once, when one or more creatures that player controls are
    declared as attackers."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, AttackersDeclared) and e.player == _player(t, player) and bool(e.attackers))

    return Trigger(f"whenever {player} attack", (AttackersDeclared,), count, "player attacks")


def player_attacks_player(player: str = "you") -> Trigger:
    """"Whenever [you] attack a player" (508.3e): once for each player that one or more of that
    player's creatures are declared attacking (attacking planeswalkers doesn't count)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, AttackersDeclared) or e.player != _player(t, player):
            return 0
        return len({a for a in e.attackers.values() if isinstance(a, str)})

    return Trigger(f"whenever {player} attack a player", (AttackersDeclared,), count, "player attacks a player")


def attacks_alone(what: Filter | None = None) -> Trigger:
    """"Whenever [a creature] attacks alone" (506.5): it is the only creature declared as an attacker."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, AttackersDeclared) or len(e.attackers) != 1:
            return 0
        [creature] = e.attackers
        return int(t.matches(what, creature))

    return Trigger(f"whenever {what or 'this'} attacks alone", (AttackersDeclared,), count, "attacks alone")


def attacks_and_isnt_blocked(what: Filter | None = None) -> Trigger:
    """"Whenever [a creature] attacks and isn't blocked" (508.3f, 509.3g): as blockers are declared,
    once for each attacking creature — declared or put onto the battlefield attacking — that no
    blocker was declared for."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, BlockersDeclared):
            return 0
        blocked = set(e.blocked)
        return sum(1 for a in e.attackers if a not in blocked and t.matches(what, a))

    return Trigger(f"whenever {what or 'this'} attacks and isn't blocked", (BlockersDeclared,), count,
                   "attacks and isn't blocked")


def blocks_a_creature(what: Filter | None = None) -> Trigger:
    """"Whenever [a creature] blocks a creature" (509.3b): once for each attacking creature it is
    declared blocking."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return sum(1 for b, _ in e.pairs if t.matches(what, b)) if isinstance(e, BlockersDeclared) else 0

    return Trigger(f"whenever {what or 'this'} blocks a creature", (BlockersDeclared,), count, "blocks a creature")


def becomes_blocked_by(what: Filter | None = None, by: Filter | None = None) -> Trigger:
    """"Whenever [a creature] becomes blocked by a [``by``] creature" (509.3d): once for each
    blocking creature, declared or put onto the battlefield blocking it."""

    def blocker_matches(t: TriggerContext, blocker: int) -> bool:
        if by is None:
            return True
        seen = t.seen.get(blocker)
        return seen is not None and by.matches(t.context(), seen)

    def count(t: TriggerContext) -> int:
        e = t.event
        if isinstance(e, BlockerAdded):
            return int(t.matches(what, e.attacker) and blocker_matches(t, e.blocker))
        if not isinstance(e, BlockersDeclared):
            return 0
        return sum(1 for b, a in e.pairs if t.matches(what, a) and blocker_matches(t, b))

    return Trigger(f"whenever {what or 'this'} becomes blocked by a {by or ''} creature",
                   (BlockersDeclared, BlockerAdded), count, "becomes blocked by a creature")


def becomes_blocked_by_at_least(count_needed: int, what: Filter | None = None) -> Trigger:
    """"Whenever [a creature] becomes blocked by ``count_needed`` or more creatures" (509.3e): as
    blockers are declared, or when an effect adds the blocker that makes the number."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if isinstance(e, BlockersDeclared):
            return sum(1 for a in e.blocked if len(e.blockers_of(a)) >= count_needed and t.matches(what, a))
        if isinstance(e, BlockerAdded) and t.matches(what, e.attacker):
            combat = t.game.combat
            now = len(combat.blockers_of(e.attacker)) if combat is not None else 0
            return int(now == count_needed)
        return 0

    return Trigger(f"whenever {what or 'this'} becomes blocked by {count_needed} or more creatures",
                   (BlockersDeclared, BlockerAdded), count, "becomes blocked by N creatures")


__all__ = ["at_beginning_of_main_phase", "attacks_alone", "attacks_and_isnt_blocked", "attacks_player", "attacks_with", "becomes_blocked_by",
           "becomes_blocked_by_at_least", "blocks_a_creature", "is_attacked", "player_attacks",
           "player_attacks_player"]
