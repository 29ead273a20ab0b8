"""Combat (506-511): declaring attackers and blockers, combat damage, leaving combat.

- Declaring attackers (508.1) and blockers (509.1) are turn-based actions that wait for the
  players' declarations (:meth:`Game.declare_attackers`, :meth:`Game.declare_blockers`); when no
  creature could attack (or block), the declaration is empty and nothing waits.  Restrictions
  and requirements are checked (508.1c-d, 509.1b-c): summoning sickness (302.6), defender
  (702.3b), "can't attack/block" (with "can't" beating "can", 101.2), "attacks each combat if
  able", and the evasion abilities of :data:`BLOCK_RESTRICTIONS` (flying 702.9b, reach 702.17b,
  intimidate 702.13b, fear 702.36b, shadow 702.28b, skulk 702.118b, landwalk 702.14c) and
  :data:`BLOCKER_COUNT_RESTRICTIONS` (menace 702.111b).  Attackers tap unless they have
  vigilance (508.1f, 702.20b).
- Combat damage (510): each attacking and blocking creature assigns damage equal to its power
  (510.1a); a blocked creature divides it among its blockers as its controller chooses
  (510.1c) — trample lets the excess over lethal damage go to the player or permanent it
  attacks (702.19b), deathtouch makes 1 lethal (702.2c); all of it is dealt at once (510.2).  With
  first strike or double strike around there are two combat damage steps (510.4).
- A creature leaves combat when it leaves the battlefield, changes controller, phases out or
  stops being a creature (506.4); everything leaves combat as the end of combat step ends (511.3).

Banding (702.22), attacking planeswalkers or battles of several players in one combat and
creatures blocking several attackers are not modelled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.engine import actions, activating, battles, damage, phasing, rules, turn
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import BASIC_LAND_TYPES, CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, NotModelled
from kb.engine.events import AttackersDeclared, BlockersDeclared
from kb.engine.mana import Color
from kb.engine.objects import GameObject

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game


@dataclass
class Combat:
    """This combat: who attacks what, who blocks whom, which damage steps there are."""

    attackers: dict[ObjectId, ObjectId | PlayerId] = field(default_factory=dict)
    """Each attacking creature and the player or planeswalker it attacks."""
    blockers: dict[ObjectId, ObjectId] = field(default_factory=dict)
    """Each blocking creature and the attacking creature it blocks."""
    blocked: set[ObjectId] = field(default_factory=set)
    """Attacking creatures that became blocked (509.1h); they stay blocked (509.1h)."""
    first_strike_step: bool | None = None
    """Whether this combat has a first combat damage step for first and double strike (510.4)."""
    had_first_strike: set[ObjectId] = field(default_factory=set)
    damage_steps: int = 0

    def blockers_of(self, attacker: ObjectId) -> list[ObjectId]:
        return [b for b, a in self.blockers.items() if a == attacker]


def combat(game: Game) -> Combat:
    if game.combat is None:
        game.combat = Combat()
    return game.combat


def remove_from_combat(game: Game, object_id: ObjectId) -> None:
    """506.4: it stops being an attacking, blocking, blocked or unblocked creature."""
    state = game.combat
    if state is None:
        return
    state.attackers.pop(object_id, None)
    state.blockers.pop(object_id, None)
    game.touch()


def end_combat(game: Game) -> None:
    """511.3: as the end of combat step ends, everything is removed from combat."""
    game.combat = None
    game.touch()


def is_attacking(game: Game, ref: GameObject | ObjectId) -> bool:
    object_id = ref.id if isinstance(ref, GameObject) else ref
    return game.combat is not None and object_id in game.combat.attackers


def is_blocking(game: Game, ref: GameObject | ObjectId) -> bool:
    object_id = ref.id if isinstance(ref, GameObject) else ref
    return game.combat is not None and object_id in game.combat.blockers


# -- who may attack and block -------------------------------------------------------------------


def _defender(game: Game, view: View) -> str | None:
    return "it has defender (702.3b)"


ATTACK_RESTRICTIONS: dict[str, Callable[[Game, View], str | None]] = {"defender": _defender}
"""Keyword abilities that stop a creature attacking, keyed by keyword."""


def attack_restriction(game: Game, obj: GameObject, view: View) -> str | None:
    """Why ``obj`` can't attack (508.1a, 508.1c), or None."""
    if not view.is_a(CardType.CREATURE) or view.is_a(CardType.BATTLE):
        return "only a creature can attack (506.3)"
    if obj.zone is not Zone.BATTLEFIELD or not phasing.exists(obj) or view.controller != game.active:
        return "it isn't a creature the active player controls (508.1a)"
    if obj.tapped:
        return "it is tapped (508.1a)"
    for name, restriction in ATTACK_RESTRICTIONS.items():
        if view.has(name):
            reason = restriction(game, view)
            if reason is not None:
                return reason
    if rules.forbids(game, rules.CantAttack, view):
        return "an effect says it can't attack"
    if activating.summoning_sick(game, obj, view) and not rules.applies_to(game, rules.CanAttackAsThoughHaste, view):
        return "it hasn't been under its controller's control since their turn began (302.6)"
    return None


def taps_to_attack(view: View) -> bool:
    """Attacking taps a creature (508.1f), unless it has vigilance (702.20b)."""
    return not view.has("vigilance")


def tramples(view: View) -> bool:
    """Trample lets excess combat damage go to what the creature attacks (702.19b)."""
    return view.has("trample")


def can_attack(game: Game, ref: GameObject | ObjectId) -> bool:
    obj = game.obj(ref)
    return attack_restriction(game, obj, game.view(obj.id)) is None


def _evasion_flying(game: Game, attacker: View, blocker: View) -> str | None:
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        return "a creature with flying can be blocked only by creatures with flying or reach (702.9b)"
    return None


def _evasion_intimidate(game: Game, attacker: View, blocker: View) -> str | None:
    if attacker.has("intimidate") and not blocker.is_a(CardType.ARTIFACT) and not attacker.colors & blocker.colors:
        return "intimidate: only artifact creatures and creatures sharing a colour can block it (702.13b)"
    return None


def _evasion_fear(game: Game, attacker: View, blocker: View) -> str | None:
    if attacker.has("fear") and not blocker.is_a(CardType.ARTIFACT) and Color.BLACK not in blocker.colors:
        return "fear: only artifact and/or black creatures can block it (702.36b)"
    return None


def _evasion_shadow(game: Game, attacker: View, blocker: View) -> str | None:
    if attacker.has("shadow") != blocker.has("shadow"):
        return "shadow: creatures with shadow and without it can't block each other (702.28b)"
    return None


def _evasion_skulk(game: Game, attacker: View, blocker: View) -> str | None:
    if attacker.has("skulk") and (blocker.power or 0) > (attacker.power or 0):
        return "skulk: it can't be blocked by creatures with greater power (702.118b)"
    return None


def _evasion_landwalk(game: Game, attacker: View, blocker: View) -> str | None:
    for keyword in attacker.keywords("landwalk"):
        land_type = keyword.parameter
        if land_type not in BASIC_LAND_TYPES:
            raise NotModelled(f"{keyword}")
        if any(land_type in v.subtypes and v.is_a(CardType.LAND) for v in game.views().values()
               if v.zone is Zone.BATTLEFIELD and not v.status.phased_out and v.controller == blocker.controller):
            return f"{keyword}: the defending player controls a {land_type} (702.14c)"
    return None


def _evasion_protection(game: Game, attacker: View, blocker: View) -> str | None:
    if damage.protected_from(attacker, blocker):
        return "protection: it can't be blocked by creatures with the quality (702.16f)"
    return None


BlockRestriction = Callable[["Game", "View", "View"], "str | None"]

BLOCK_RESTRICTIONS: dict[str, BlockRestriction] = {
    "flying": _evasion_flying,
    "intimidate": _evasion_intimidate,
    "fear": _evasion_fear,
    "shadow": _evasion_shadow,
    "skulk": _evasion_skulk,
    "landwalk": _evasion_landwalk,
    "protection": _evasion_protection,
}
"""Keyword abilities that restrict which creatures can block an attacker (one blocker at a
time), keyed by keyword: ``restriction(game, attacker, blocker)`` says why it can't block."""


def _menace(game: Game, attacker: View, count: int) -> str | None:
    if attacker.has("menace") and count == 1:
        return "menace: it can't be blocked except by two or more creatures (702.111b)"
    return None


BLOCKER_COUNT_RESTRICTIONS: dict[str, Callable[[Game, View, int], str | None]] = {"menace": _menace}
"""Keyword abilities that restrict how many creatures may block an attacker, keyed by keyword."""


def block_restriction(game: Game, blocker: GameObject, view: View, attacker: View) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (509.1a-b), or None."""
    if not view.is_a(CardType.CREATURE) or view.is_a(CardType.BATTLE):
        return "only a creature can block (506.3)"
    if blocker.tapped:
        return "a tapped creature can't block (509.1a)"
    if rules.forbids(game, rules.CantBlock, view):
        return "an effect says it can't block"
    if rules.forbids(game, rules.CantBeBlocked, attacker):
        return "an effect says the attacker can't be blocked (509.1b)"
    for name, restriction in BLOCK_RESTRICTIONS.items():
        if attacker.has(name) or (name == "shadow" and view.has("shadow")):
            reason = restriction(game, attacker, view)
            if reason is not None:
                return reason
    return None


# -- declarations ----------------------------------------------------------------------------------


def begin_declaration(game: Game, which: str) -> None:
    """508.1, 509.1: wait for the declaration, unless the declaring side has no untapped creature
    (then the declaration is empty).  Whether a creature may really attack or block is checked
    when it is declared."""
    state = combat(game)
    views = game.views()
    if which == "attackers":
        side = game.battlefield(game.active) if game.opponents(game.active) else []
    else:
        defenders = {defending_player(game, a) for a in state.attackers.values() if isinstance(a, str) or a in views}
        side = [o for p in defenders for o in game.battlefield(p)]
    if not any(views[o.id].is_a(CardType.CREATURE) and not o.tapped for o in side):
        (_finish_attackers if which == "attackers" else _finish_blockers)(game, {})
        return
    game.turn_state.awaiting = which
    game.turn_state.priority = None
    game.touch()


Ref = Any


def _ref(game: Game, value: Ref) -> ObjectId:
    return value.id if isinstance(value, GameObject) else game.obj(value).id


def defending_player(game: Game, attacked: ObjectId | PlayerId) -> PlayerId:
    """The player an attacker's blockers come from: the player attacked, a planeswalker's
    controller, or a battle's protector (310.8c-d)."""
    if isinstance(attacked, str):
        return attacked
    view = game.views()[attacked]
    if view.is_a(CardType.BATTLE):
        found = battles.protector(game, attacked)
        if found is not None:
            return found
    return view.controller


def declare_attackers(game: Game, attackers: Mapping[Ref, Ref] | Iterable[Ref]) -> None:
    """508.1: the active player declares attackers: {creature: player or planeswalker it attacks}."""
    if game.turn_state.awaiting != "attackers":
        raise IllegalAction("attackers are declared at the start of the declare attackers step", "508.1")
    opponents = game.opponents(game.active)
    chosen: dict[ObjectId, ObjectId | PlayerId] = {}
    items = attackers.items() if isinstance(attackers, Mapping) else [(a, None) for a in attackers]
    for creature, what in items:
        if what is None:
            if len(opponents) != 1:
                raise IllegalAction("say which player each creature attacks", "508.1b")
            what = opponents[0]
        chosen[_ref(game, creature)] = what if isinstance(what, str) else _ref(game, what)
    views = game.views()
    for creature_id, what in chosen.items():
        reason = attack_restriction(game, game.objects[creature_id], views[creature_id])
        if reason is not None:
            raise IllegalAction(f"{game.objects[creature_id]!r} can't attack: {reason}", "508.1")
        if isinstance(what, str):
            if what not in opponents:
                raise IllegalAction(f"{what} is not a defending player", "506.2")
        elif not (what in views and views[what].is_a(CardType.PLANESWALKER) and views[what].controller in opponents) \
                and not battles.can_be_attacked_by(game, what, opponents):
            raise IllegalAction("a creature attacks a defending player, a planeswalker they control or a battle they "
                                "protect", "508.1b, 310.8b")
    for obj in game.battlefield(game.active):
        if obj.id not in chosen and rules.forbids(game, rules.MustAttack, views[obj.id]) \
                and attack_restriction(game, obj, views[obj.id]) is None:
            raise IllegalAction(f"{obj!r} attacks each combat if able", "508.1d")
    _finish_attackers(game, chosen)


def _finish_attackers(game: Game, chosen: dict[ObjectId, ObjectId | PlayerId]) -> None:
    from kb.engine import priority

    state = combat(game)
    views = game.views()
    actions.tap(game, [game.objects[i] for i in chosen if taps_to_attack(views[i])])  # 508.1f, 702.20b
    state.attackers = dict(chosen)
    game.turn_state.awaiting = None
    game.touch()
    if chosen:
        game.emit(AttackersDeclared(dict(chosen), game.active))  # 508.1m
    else:
        turn.remove_steps(game, turn.Step.DECLARE_BLOCKERS, turn.Step.COMBAT_DAMAGE)  # 508.8
    priority.give(game, game.active)  # 508.2


def declare_blockers(game: Game, blockers: Mapping[Ref, Ref]) -> None:
    """509.1: the defending players declare blockers: {blocking creature: attacker it blocks}."""
    if game.turn_state.awaiting != "blockers":
        raise IllegalAction("blockers are declared at the start of the declare blockers step", "509.1")
    state = combat(game)
    views = game.views()
    chosen = {_ref(game, b): _ref(game, a) for b, a in blockers.items()}
    for blocker_id, attacker_id in chosen.items():
        if attacker_id not in state.attackers:
            raise IllegalAction(f"{game.objects[attacker_id]!r} isn't attacking", "509.1a")
        blocker = game.objects[blocker_id]
        attacked = state.attackers[attacker_id]
        defender = defending_player(game, attacked)
        if views[blocker_id].controller != defender or not phasing.exists(blocker) or blocker.zone is not Zone.BATTLEFIELD:
            raise IllegalAction(f"{blocker!r} isn't controlled by the player that creature attacks", "509.1a")
        reason = block_restriction(game, blocker, views[blocker_id], views[attacker_id])
        if reason is not None:
            raise IllegalAction(f"{blocker!r} can't block {game.objects[attacker_id]!r}: {reason}", "509.1b")
    for attacker_id in state.attackers:
        count = sum(1 for a in chosen.values() if a == attacker_id)
        if count:
            for name, restriction in BLOCKER_COUNT_RESTRICTIONS.items():
                reason = restriction(game, views[attacker_id], count)
                if reason is not None and views[attacker_id].has(name):
                    raise IllegalAction(reason, "509.1b")
    _finish_blockers(game, chosen)


def _finish_blockers(game: Game, chosen: dict[ObjectId, ObjectId]) -> None:
    from kb.engine import priority

    state = combat(game)
    state.blockers = dict(chosen)
    state.blocked = set(chosen.values())  # 509.1h
    game.turn_state.awaiting = None
    game.touch()
    if chosen:
        game.emit(BlockersDeclared(dict(chosen), game.active))  # 509.1i
    priority.give(game, game.active)  # 509.2


# -- combat damage ----------------------------------------------------------------------------------


def _strikes_first(view: View) -> bool:
    return view.has("first strike") or view.has("double strike")


def damage_step(game: Game) -> None:
    """510.1-510.2, 510.4: assign combat damage, then deal it all at once."""
    state = combat(game)
    views = game.views()
    fighters = [i for i in [*state.attackers, *state.blockers] if i in views]
    if state.first_strike_step is None:
        state.had_first_strike = {i for i in fighters if _strikes_first(views[i])}
        state.first_strike_step = bool(state.had_first_strike)
        if state.first_strike_step:
            turn.insert_step(game, turn.Phase.COMBAT, turn.Step.COMBAT_DAMAGE)  # 510.4
        this_step = set(state.had_first_strike) if state.first_strike_step else set(fighters)
    else:
        this_step = {i for i in fighters if i not in state.had_first_strike or views[i].has("double strike")}
    state.damage_steps += 1
    batch: list[tuple[ObjectId, ObjectId | PlayerId, int]] = []
    assigned: dict[ObjectId, int] = {}
    for attacker in [a for a in state.attackers if a in this_step]:
        for recipient, amount in assign_attacker(game, state, attacker, assigned).items():
            batch.append((attacker, recipient, amount))
            if isinstance(recipient, int):
                assigned[recipient] = assigned.get(recipient, 0) + amount
    for blocker in [b for b in state.blockers if b in this_step]:
        attacker = state.blockers[blocker]
        power = views[blocker].power or 0
        if power > 0 and attacker in state.attackers:
            batch.append((blocker, attacker, power))  # 510.1d
    damage.deal(game, batch, combat=True)  # 510.2


def lethal(game: Game, creature: View, source: View, already: int) -> int:
    """Lethal damage for trample (702.19b): toughness minus damage marked and assigned this step;
    1 from a deathtouch source (702.2c)."""
    remaining = max(0, (creature.toughness or 0) - creature.damage - already)
    return min(1, remaining) if source.has("deathtouch") else remaining


def assign_attacker(game: Game, state: Combat, attacker: ObjectId, assigned: dict[ObjectId, int]
                    ) -> dict[ObjectId | PlayerId, int]:
    """How an attacking creature assigns its combat damage (510.1a-c, 702.19b-d)."""
    views = game.views()
    view = views[attacker]
    power = view.power or 0
    if power <= 0:
        return {}  # 510.1a
    attacked = state.attackers[attacker]
    target: ObjectId | PlayerId | None = attacked
    if isinstance(attacked, int) and (attacked not in views or not views[attacked].types & {CardType.PLANESWALKER,
                                                                                           CardType.BATTLE}):
        target = None  # what it attacked is gone (510.1b)
    if isinstance(target, str) and game.players[target].left:
        target = None  # 800.4e
    if attacker not in state.blocked:
        return {target: power} if target is not None else {}
    blockers = [b for b in state.blockers_of(attacker) if b in views]
    trample = tramples(view)
    if not blockers:
        return {target: power} if trample and target is not None else {}  # 702.19d, 510.1c
    if len(blockers) == 1 and not trample:
        return {blockers[0]: power}
    needs = {b: lethal(game, views[b], view, assigned.get(b, 0)) for b in blockers}
    recipients: tuple[ObjectId | PlayerId, ...] = tuple(blockers) + ((target,) if trample and target else ())

    def normal(value: Mapping[Any, int]) -> dict[ObjectId | PlayerId, int]:
        return {(k.id if isinstance(k, GameObject) else k): v for k, v in value.items()}

    def legal(value: object) -> bool:
        if value == "lethal":
            return True
        if not isinstance(value, Mapping):
            return False
        value = normal(value)
        if sum(value.values()) != power:
            return False
        if any(k not in recipients or v < 0 for k, v in value.items()):
            return False
        to_player = sum(v for k, v in value.items() if not isinstance(k, int) or k not in blockers)
        return not to_player or all(value.get(b, 0) >= needs[b] for b in blockers)  # 702.19b

    only_blocker_gets_all = len(blockers) == 1 and trample and power <= needs[blockers[0]]
    if only_blocker_gets_all:
        return {blockers[0]: power}
    answer = game.choices.ask(Choice(ChoiceKind.DAMAGE_ASSIGNMENT, view.controller,
                                     f"how {view.name} assigns {power} combat damage among {list(recipients)}",
                                     accepts=legal))
    if answer == "lethal":
        result: dict[ObjectId | PlayerId, int] = {}
        left = power
        for blocker in blockers:
            give = min(left, needs[blocker])
            if give:
                result[blocker] = give
            left -= give
        if left:
            last: ObjectId | PlayerId = target if trample and target is not None else blockers[-1]
            result[last] = result.get(last, 0) + left
        return result
    assert isinstance(answer, Mapping)
    return {k: v for k, v in normal(answer).items() if v}
