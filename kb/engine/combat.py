"""Combat (506-511): declaring attackers and blockers, combat damage, leaving combat.

- Declaring attackers (508.1) and blockers (509.1) are turn-based actions that wait for the
  players' declarations (:meth:`Game.declare_attackers`, :meth:`Game.declare_blockers`); when no
  creature could attack (or block), the declaration is empty and nothing waits.  Each creature's
  restrictions are checked here (508.1a, 509.1a-b): summoning sickness (302.6), defender
  (702.3b), "can't attack/block" (with "can't" beating "can", 101.2), and the evasion abilities
  of :data:`BLOCK_RESTRICTIONS` (flying 702.9b, reach 702.17b, intimidate 702.13b, fear 702.36b,
  shadow 702.28b, skulk 702.118b, landwalk 702.14c, protection 702.16f) and
  :data:`BLOCKER_COUNT_RESTRICTIONS` (menace 702.111b); the declaration as a whole — restrictions
  like "can't attack alone", requirements like "attacks each combat if able" obeyed as far as
  possible, and costs to attack or block — in :mod:`kb.engine.declarations`.  An illegal
  declaration is undone (508.1, 509.1, 731).  Attackers tap unless they have vigilance (508.1f,
  702.20b).  A creature blocks one attacker unless an effect lets it block more (509.1a).
- Creatures put onto the battlefield attacking or blocking (508.4, 509.4) attack or block
  without having been declared: they never "attacked" or "blocked" for triggers.
- Combat damage (510): each attacking and blocking creature assigns damage equal to its power
  (510.1a); a creature blocked by several creatures, or blocking several, divides it as its
  controller chooses (510.1c-d) — trample lets the excess over lethal damage go to the player or
  permanent it attacks (702.19b), deathtouch makes 1 lethal (702.2c); all of it is dealt at once
  (510.2).  With first strike or double strike around there are two combat damage steps (510.4).
- A creature leaves combat when it leaves the battlefield, changes controller, phases out or
  stops being a creature; an attacked planeswalker when it stops being one (506.4), and its
  attackers then attack nothing (506.4c).  Everything leaves combat as the end of combat step
  ends (511.3).

Battles are attacked through their protector (310.8b-d, :mod:`kb.engine.battles`).
Banding (702.22) is not modelled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.engine import (
    actions,
    activating,
    battles,
    damage,
    declarations,
    phasing,
    rules,
    teams,
    turn,
)
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import BASIC_LAND_TYPES, CardType, Supertype
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, NotModelled, UnscriptedChoice
from kb.engine.events import AttackersDeclared, BlockerAdded, BlockersDeclared
from kb.engine.mana import Color
from kb.engine.objects import GameObject

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game

Attacked = ObjectId | PlayerId


@dataclass
class Combat:
    """This combat: who attacks what, who blocks whom, which damage steps there are."""

    attackers: dict[ObjectId, Attacked | None] = field(default_factory=dict)
    """Each attacking creature and the player or planeswalker it attacks (None: what it attacked
    was removed from combat, so it attacks nothing, 506.4c)."""
    declared: dict[ObjectId, Attacked] = field(default_factory=dict)
    """What each creature declared as an attacker was declared attacking (508.7a)."""
    defending: dict[ObjectId, PlayerId] = field(default_factory=dict)
    """Each attacking creature's defending player, kept after it leaves combat (508.5)."""
    blockers: dict[ObjectId, tuple[ObjectId, ...]] = field(default_factory=dict)
    """Each blocking creature and the attacking creatures it blocks (usually one, 509.1a)."""
    blocked: set[ObjectId] = field(default_factory=set)
    """Attacking creatures that became blocked (509.1h); they stay blocked (509.1h)."""
    bands: list[set[ObjectId]] = field(default_factory=list)
    """Attacking bands (702.22c): they last for the combat (702.22e)."""
    anything_attacked: bool = False
    """A creature was declared as an attacker or put onto the battlefield attacking (508.8)."""
    chosen_defender: PlayerId | None = None
    """The defending player the active player chose at the beginning of combat (507.1)."""
    had_to_attack: set[ObjectId] = field(default_factory=set)
    """Creatures to which a requirement to attack applied as attackers were declared (506.6)."""
    blockers_declared: bool = False
    declared_for_nobody: dict[str, str] = field(default_factory=dict)
    """``"attackers"``, ``"blockers"``: that declaration was made empty as its step began, as no creature
    could be declared (508.1, 509.1), and why: a later declaration is refused with that reason."""
    first_strike_step: bool | None = None
    """Whether this combat has a first combat damage step for first and double strike (510.4)."""
    had_first_strike: set[ObjectId] = field(default_factory=set)
    damage_steps: int = 0

    def blockers_of(self, attacker: ObjectId) -> list[ObjectId]:
        return [b for b, attackers in self.blockers.items() if attacker in attackers]

    def band_of(self, attacker: ObjectId) -> set[ObjectId]:
        """The attacking band ``attacker`` is in (702.22c), or just itself."""
        return next((band for band in self.bands if attacker in band), {attacker})

    def blocked_by(self, blocker: ObjectId) -> tuple[ObjectId, ...]:
        """The creatures ``blocker`` blocks that are still attacking."""
        return tuple(a for a in self.blockers.get(blocker, ()) if a in self.attackers)


def combat(game: Game) -> Combat:
    if game.combat is None:
        game.combat = Combat()
    return game.combat


def remove_from_combat(game: Game, object_id: ObjectId, *, as_creature: bool = True, as_attacked: bool = True
                       ) -> None:
    """506.4: it stops being an attacking, blocking, blocked or unblocked creature (``as_creature``)
    and an attacked planeswalker (``as_attacked``; its attackers then attack nothing, 506.4c)."""
    state = game.combat
    if state is None:
        return
    if as_creature:
        state.attackers.pop(object_id, None)
        state.blockers.pop(object_id, None)
        for band in state.bands:
            band.discard(object_id)  # 702.22f
    if as_attacked:
        for attacker, what in state.attackers.items():
            if what == object_id:
                state.attackers[attacker] = None
    game.touch()


def remove_noncreatures(game: Game) -> None:
    """506.4: a creature in combat that stopped being a creature, or an attacked planeswalker or battle
    that stopped being one, is removed from combat (and stays removed).  A permanent that was both
    and lost only one of the types stays in combat as the other (506.4d)."""
    state = game.combat
    if state is None or not (state.attackers or state.blockers):
        return
    views = game.views()
    for object_id in [i for i in [*state.attackers, *state.blockers]
                      if i in views and not views[i].is_a(CardType.CREATURE)]:
        remove_from_combat(game, object_id, as_attacked=False)
    for object_id in {what for what in state.attackers.values() if isinstance(what, int) and what in views
                      and not still_attacked(game, views[what])}:
        remove_from_combat(game, object_id, as_creature=False)


def still_attacked(game: Game, view: View) -> bool:
    """Does an attacked permanent stay in combat (506.4)?  A planeswalker or battle does; one that
    was both and is now only a planeswalker stays only if its protector controls it (506.4e)."""
    if view.is_a(CardType.BATTLE):
        return True
    if not view.is_a(CardType.PLANESWALKER):
        return False
    protector = battles.protector(game, view.id)
    return protector is None or protector == view.controller


def may_become_attacking_or_blocking(view: View) -> bool:
    """An effect can make only a creature that isn't also a battle an attacking or blocking creature
    (506.3a; 506.3e-f: a creature battle enters, or stays, as neither)."""
    return view.is_a(CardType.CREATURE) and not view.is_a(CardType.BATTLE)


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


def is_blocked(game: Game, ref: GameObject | ObjectId) -> bool:
    """509.1h: an attacking creature that had a blocker declared (or was blocked by an effect)."""
    object_id = ref.id if isinstance(ref, GameObject) else ref
    return is_attacking(game, object_id) and object_id in combat(game).blocked


def attacked_by(game: Game, ref: GameObject | ObjectId) -> Attacked | None:
    """What an attacking creature attacks now (None: nothing, 506.4c, or not attacking)."""
    object_id = ref.id if isinstance(ref, GameObject) else ref
    return game.combat.attackers.get(object_id) if game.combat is not None else None


def defending_player(game: Game, ref: GameObject | ObjectId) -> PlayerId | None:
    """508.5: the player an attacking creature attacks, or who controls the planeswalker it
    attacks — as it was just before it left combat, if it has."""
    object_id = ref.id if isinstance(ref, GameObject) else ref
    return game.combat.defending.get(object_id) if game.combat is not None else None


def is_attacking_player(game: Game, player: PlayerId, whom: PlayerId) -> bool:
    """508.6: ``player`` is attacking ``whom`` while they control a creature attacking that player."""
    views = game.views()
    return game.combat is not None and any(
        what == whom and creature in views and views[creature].controller == player
        for creature, what in game.combat.attackers.items())


def has_attacked(game: Game, player: PlayerId, whom: PlayerId) -> bool:
    """508.6: ``player`` has attacked ``whom`` this turn if they declared one or more creatures
    attacking that player (putting one onto the battlefield attacking is not declaring it)."""
    from kb.engine.events import TurnBegan

    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AttackersDeclared) and event.player == player and whom in event.attackers.values():
            return True
    return False


def attacked_this_turn(game: Game, ref: GameObject | ObjectId) -> bool:
    """The creature was declared as an attacker this turn ("creatures that attacked this turn")."""
    from kb.engine.events import TurnBegan

    object_id = ref.id if isinstance(ref, GameObject) else ref
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AttackersDeclared) and object_id in event.attackers:
            return True
    return False


def reselect_attacked(game: Game, attacker: GameObject | ObjectId, what: Ref) -> None:
    """508.7: an effect lets a player choose again what an attacking creature attacks.  It stays in
    combat and doesn't attack again (508.7a: it still counts as having attacked what it was declared
    attacking); no requirement or restriction on declaring attackers applies (508.7b); the new
    choice is a player, or a planeswalker they control, that is an opponent of its controller (508.7c)."""
    state = combat(game)
    creature = attacker.id if isinstance(attacker, GameObject) else attacker
    if creature not in state.attackers:
        raise IllegalAction(f"{game.objects[creature]!r} isn't attacking", "508.7")
    chosen: Attacked = what if isinstance(what, str) else _ref(game, what)
    views = game.views()
    controller = views[creature].controller
    opponents = game.opponents(controller)
    if not game.attack_multiple_players and state.chosen_defender in opponents:
        opponents = [state.chosen_defender]  # 508.7d: the chosen defending player or their planeswalkers
    if not reselectable(game, views, controller, opponents, chosen):
        raise IllegalAction("what it attacks now must be an opponent of its controller, a planeswalker an opponent "
                            "controls or a battle an opponent protects, within its controller's range of influence",
                            "508.7c, 508.7e")
    state.attackers[creature] = chosen
    state.defending[creature] = _defender_of(game, views, chosen)
    game.touch()


def reselectable(game: Game, views: Mapping[ObjectId, View], controller: PlayerId, opponents: Sequence[PlayerId],
                 chosen: Attacked) -> bool:
    """May an attacking creature of ``controller`` be made to attack ``chosen`` instead (508.7c-d)?  With
    the limited range of influence, it must be in range (801.2d), and a battle's protector too (508.7e)."""
    from kb.engine import influence

    if isinstance(chosen, str):
        return chosen in opponents and influence.in_range(game, controller, chosen)
    view = views.get(chosen) if chosen is not None else None
    if view is None:
        return False
    if view.is_a(CardType.PLANESWALKER) and view.controller in opponents:
        return influence.in_range(game, controller, view.controller)
    protector = battles.protector(game, view.id) if view.is_a(CardType.BATTLE) else None
    return protector is not None and protector in opponents and influence.object_in_range(game, controller, view) \
        and influence.in_range(game, controller, protector)


# -- who may attack and block -------------------------------------------------------------------


def _defender(game: Game, view: View) -> str | None:
    return "it has defender (702.3b)"


ATTACK_RESTRICTIONS: dict[str, Callable[[Game, View], str | None]] = {"defender": _defender}
"""Keyword abilities that stop a creature attacking, keyed by keyword."""


def attack_restriction(game: Game, obj: GameObject, view: View) -> str | None:
    """Why ``obj`` can't attack (508.1a, 508.1c), or None."""
    if not view.is_a(CardType.CREATURE) or view.is_a(CardType.BATTLE):
        return "only a creature can attack (506.3)"
    if obj.zone is Zone.BATTLEFIELD and not phasing.exists(obj):
        return "it is phased out: it is treated as though it doesn't exist (702.26b)"
    if obj.zone is not Zone.BATTLEFIELD or not teams.is_active(game, view.controller):
        return "it isn't a creature the active player (or the active team, 805.10a) controls (508.1a)"
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


def defending_players(game: Game) -> list[PlayerId]:
    """The defending players of this combat: the active player's opponents, or the one the active
    player chose at the beginning of combat in a multiplayer game without the "attack multiple
    players" option (506.2, 506.2a, 507.1, 802.2)."""
    from kb.engine import influence

    opponents = [p for p in game.opponents(game.active) if influence.can_be_attacked(game, game.active, p)]  # 801.3
    chosen = game.combat.chosen_defender if game.combat is not None else None
    if game.attack_multiple_players or len(opponents) < 2 or chosen is None:
        return opponents
    return [chosen] if chosen in opponents else []


def choose_defending_player(game: Game) -> None:
    """507.1: in a multiplayer game where not every opponent is a defending player, the active
    player chooses one as the beginning of combat step begins."""
    from kb.engine import influence

    opponents = [p for p in game.opponents(game.active) if influence.can_be_attacked(game, game.active, p)]  # 801.3
    if game.attack_multiple_players or len(opponents) < 2:
        return
    chosen = game.choices.ask(Choice(ChoiceKind.DEFENDING_PLAYER, game.active, "the defending player of this combat",
                                     tuple(opponents)))
    assert isinstance(chosen, str)
    combat(game).chosen_defender = chosen
    game.touch()


def had_to_attack(game: Game, ref: GameObject | ObjectId) -> bool:
    """506.6: a requirement to attack applied to the creature as attackers were declared this combat
    (whether or not it could attack, and whatever happened afterwards)."""
    object_id = ref.id if isinstance(ref, GameObject) else ref
    return game.combat is not None and object_id in game.combat.had_to_attack


def attackable(game: Game) -> list[Attacked]:
    """What the active player's creatures may attack: each defending player, the planeswalkers
    they control and the battles they protect (506.2, 508.1b, 310.8b)."""
    opponents = defending_players(game)
    views = game.views()
    walkers = [o.id for o in game.battlefield() if views[o.id].is_a(CardType.PLANESWALKER)
               and views[o.id].controller in opponents]
    protected = [o.id for o in game.battlefield() if battles.can_be_attacked_by(game, o.id, opponents)]
    return [*opponents, *walkers, *protected]


def attack_target_problem(game: Game, what: Attacked, views: Mapping[ObjectId, View]) -> str | None:
    """Why a creature can't attack ``what`` (506.3, 508.1b), or None."""
    opponents = defending_players(game)
    if isinstance(what, str):
        return None if what in opponents else f"{what} is not a defending player (506.2)"
    view = views.get(what)
    if view is not None and view.zone is Zone.BATTLEFIELD and view.is_a(CardType.BATTLE):
        if not battles.can_be_attacked_by(game, what, opponents):
            return "a battle can be attacked only if its protector is a defending player (310.8b)"
        return None
    if view is None or view.zone is not Zone.BATTLEFIELD or not view.is_a(CardType.PLANESWALKER) \
            or view.controller not in opponents:
        return "a creature attacks only a defending player or a planeswalker they control (506.3, 508.1b)"
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


def walks_onto(keyword_parameter: str, land: View) -> bool:
    """Is ``land`` a land the landwalk names (702.14c): of the land type ("Forest"), with the type
    or supertype ("Artifact Land", "Snow Forest"), or without it ("Nonbasic Land")?"""
    *qualifier, kind = keyword_parameter.split()
    if not land.is_a(CardType.LAND) or (kind != "Land" and kind not in land.subtypes):
        return False
    if kind != "Land" and kind not in BASIC_LAND_TYPES:
        raise NotModelled(f"{keyword_parameter.lower()}walk")
    for word in qualifier:
        if word == "Nonbasic":
            if Supertype.BASIC in land.supertypes:
                return False
        elif word == "Artifact":
            if not land.is_a(CardType.ARTIFACT):
                return False
        elif Supertype(word) not in land.supertypes:
            return False
    return True


def _evasion_landwalk(game: Game, attacker: View, blocker: View) -> str | None:
    for keyword in attacker.keywords("landwalk"):
        if any(walks_onto(keyword.parameter, v) for v in game.views().values()
               if v.zone is Zone.BATTLEFIELD and not v.status.phased_out and v.controller == blocker.controller):
            return f"{keyword}: the defending player controls such a land (702.14c)"
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

PAIR_RESTRICTIONS: list[BlockRestriction] = []
"""Restrictions on which creature may block an attacker that come from effects, not keywords (the Ring:
"your Ring-bearer can't be blocked by creatures with greater power", 701.54c)."""


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
    for restriction in PAIR_RESTRICTIONS:
        reason = restriction(game, attacker, view)
        if reason is not None:
            return reason
    return None


def may_block(game: Game, blocker: GameObject, view: View, attacker: ObjectId) -> str | None:
    """Why ``blocker`` can't block the attacking creature ``attacker`` (509.1a-b), or None."""
    state = combat(game)
    if attacker not in state.attackers:
        return f"{game.objects[attacker]!r} isn't attacking (509.1a)"
    if blocker.zone is Zone.BATTLEFIELD and not phasing.exists(blocker):
        return f"{blocker!r} is phased out: it is treated as though it doesn't exist (702.26b)"
    if blocker.zone is not Zone.BATTLEFIELD or not _defends_against(game, view.controller, attacker):
        return f"{blocker!r} isn't controlled by the player (or a player of the team, 805.10d) that creature attacks (509.1a)"
    reason = block_restriction(game, blocker, view, game.view(attacker))
    if reason is not None:
        return f"{blocker!r} can't block {game.objects[attacker]!r}: {reason}"
    return None


def _defends_against(game: Game, player: PlayerId, attacker: ObjectId) -> bool:
    """Can ``player``'s creatures block ``attacker``: is ``player`` its defending player, or, with shared
    team turns, a player of that player's team (805.10d)?"""
    defending = combat(game).defending.get(attacker)
    return defending is not None and teams.side(game, player) == teams.side(game, defending)


def possible_blockers(game: Game) -> list[GameObject]:
    """Untapped creatures of the players being attacked (509.1a)."""
    state = combat(game)
    views = game.views()
    defenders = {teams.side(game, state.defending[a]) for a in state.attackers if a in state.defending}
    return [o for p in game.apnap() if teams.side(game, p) in defenders for o in game.battlefield(p)
            if views[o.id].is_a(CardType.CREATURE) and not o.tapped]


# -- declarations ----------------------------------------------------------------------------------


def begin_declaration(game: Game, which: str) -> None:
    """508.1, 509.1: wait for the declaration, unless the declaring side has no untapped creature
    (then the declaration is empty).  Whether a creature may really attack or block is checked
    when it is declared."""
    state = combat(game)
    if which == "attackers":
        views = game.views()
        opposed = bool(game.opponents(game.active))
        side = [o for p in teams.active_team(game) for o in game.battlefield(p)] if opposed else []
        ready = any(views[o.id].is_a(CardType.CREATURE) and not o.tapped for o in side)
        why = "the active player had no untapped creature" if opposed else "the active player had no opponent"
    else:
        ready = bool(state.attackers) and bool(possible_blockers(game))
        why = "the defending players had no untapped creature" if state.attackers else "no creature was attacking"
    if not ready:
        state.declared_for_nobody[which] = why
        if which == "attackers":
            _finish_attackers(game, {}, ())
        else:
            _finish_blockers(game, {}, ())
        return
    game.turn_state.awaiting = which
    game.turn_state.priority = None
    game.touch()


def _not_awaited(game: Game, which: str) -> str:
    """Why a declaration of ``which`` ("attackers" or "blockers") can't be made now."""
    step = turn.Step.DECLARE_ATTACKERS if which == "attackers" else turn.Step.DECLARE_BLOCKERS
    if game.step is not step:
        now = game.step.value if game.step is not None else (game.phase.value if game.phase else "no step")
        return f"{which} are declared as the {step.value} begins; it is now the {now}"
    state = combat(game)
    if which in state.declared_for_nobody:
        return (f"no {which} to declare: as this step began, {state.declared_for_nobody[which]}, "
                f"so the declaration was made with none")
    return f"{which} were already declared in this step"


Ref = Any


def _ref(game: Game, value: Ref) -> ObjectId:
    return value.id if isinstance(value, GameObject) else game.obj(value).id


def declare_attackers(game: Game, attackers: Mapping[Ref, Ref] | Iterable[Ref],
                      pay_with: Sequence[GameObject] = (), bands: Iterable[Iterable[Ref]] = ()) -> None:
    """508.1: the active player declares attackers: {creature: player or planeswalker it attacks},
    and which of them attack as bands (702.22c).  ``pay_with``: permanents whose mana abilities
    pay the costs to attack (508.1i)."""
    if game.turn_state.awaiting != "attackers":
        raise IllegalAction(_not_awaited(game, "attackers"), "508.1")
    opponents = defending_players(game)
    chosen: dict[ObjectId, Attacked] = {}
    items = attackers.items() if isinstance(attackers, Mapping) else [(a, None) for a in attackers]
    for creature, what in items:
        if what is None:
            if len(opponents) != 1 or len(attackable(game)) != 1:
                raise IllegalAction("say which player or planeswalker each creature attacks", "508.1b")
            what = opponents[0]
        chosen[_ref(game, creature)] = what if isinstance(what, str) else _ref(game, what)
    grouped = [{_ref(game, c) for c in band} for band in bands]
    checkpoint = game.checkpoint()
    try:
        declarations.check_attackers(game, chosen)
        reason = BAND_RULE(game, chosen, grouped)
        if reason is not None:
            raise IllegalAction(reason, "702.22c")
        _finish_attackers(game, chosen, pay_with, grouped)
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # 508.1: the game returns to before the declaration (731)
        raise


def _no_bands(game: Game, chosen: Mapping[ObjectId, Attacked], bands: list[set[ObjectId]]) -> str | None:
    return "no creature here can attack in a band" if bands else None


BAND_RULE: Callable[[Game, Mapping[ObjectId, Attacked], list[set[ObjectId]]], str | None] = _no_bands
"""Why the attacking bands declared are illegal, or None (banding, 702.22c-d, sets this)."""


OPTIONAL_ATTACK_COSTS: list[Callable[[Game, Mapping[ObjectId, Attacked]], None]] = []
"""Optional costs to attack that some attackers have (508.1g): each asks and pays, as the declaration
is finished (enlist: :mod:`kb.engine.keywords_new`)."""


def _finish_attackers(game: Game, chosen: dict[ObjectId, Attacked], pay_with: Sequence[GameObject],
                      bands: Sequence[set[ObjectId]] = ()) -> None:
    from kb.engine import priority

    state = combat(game)
    views = game.views()
    actions.tap(game, [game.objects[i] for i in chosen if taps_to_attack(views[i])])  # 508.1f, 702.20b
    for optional in OPTIONAL_ATTACK_COSTS:
        optional(game, chosen)  # 508.1g: optional costs the attacking player chooses to pay (enlist, 702.154b)
    declarations.pay(game, game.active, declarations.attack_costs(game, chosen, views), pay_with, "508.1h")
    views = game.views()
    chosen = {c: what for c, what in chosen.items() if c in views and teams.is_active(game, views[c].controller)}  # 508.1k
    state.attackers = dict(chosen)
    state.declared = dict(chosen)
    state.bands = [band & set(chosen) for band in bands if len(band & set(chosen)) > 1]
    state.defending = {c: _defender_of(game, views, what) for c, what in chosen.items()}
    state.anything_attacked = bool(chosen)
    state.had_to_attack = {o.id for p in teams.active_team(game) for o in game.battlefield(p) if o.id in views
                           and any(True for find in declarations.ATTACK_REQUIREMENTS.values()
                                   for _ in find(game, views, [o.id]))}
    game.turn_state.awaiting = None
    game.touch()
    if chosen:
        game.emit(AttackersDeclared(dict(chosen), game.active))  # 508.1m
    priority.give(game, game.active)  # 508.2


def _attackable_permanent(view: View) -> bool:
    """A permanent a creature can attack: a planeswalker or a battle (506.3, 310.8)."""
    return view.is_a(CardType.PLANESWALKER) or view.is_a(CardType.BATTLE)


def _defender_of(game: Game, views: Mapping[ObjectId, View], what: Attacked) -> PlayerId:
    """The defending player of a creature attacking ``what``: that player, a planeswalker's
    controller, or a battle's protector (508.5, 310.8d)."""
    if isinstance(what, str):
        return what
    if views[what].is_a(CardType.BATTLE):
        protector = battles.protector(game, what)
        if protector is not None:
            return protector
    return views[what].controller


def skip_if_nothing_attacked(game: Game) -> None:
    """508.8: with no creature declared as an attacker or put onto the battlefield attacking, the
    declare blockers and combat damage steps are skipped."""
    if not combat(game).anything_attacked:
        turn.remove_steps(game, turn.Step.DECLARE_BLOCKERS, turn.Step.COMBAT_DAMAGE)


def declare_blockers(game: Game, blockers: Mapping[Ref, Ref | Sequence[Ref]],
                     pay_with: Sequence[GameObject] = ()) -> None:
    """509.1: the defending players declare blockers: {blocking creature: attacking creature it
    blocks, or several where an effect lets it block more (509.1a)}.  ``pay_with``: permanents whose
    mana abilities pay the costs to block (509.1e)."""
    if game.turn_state.awaiting != "blockers":
        raise IllegalAction(_not_awaited(game, "blockers"), "509.1")
    chosen: dict[ObjectId, tuple[ObjectId, ...]] = {}
    for blocker, blocked in blockers.items():
        group = blocked if isinstance(blocked, (list, tuple)) else [blocked]
        chosen[_ref(game, blocker)] = tuple(dict.fromkeys(_ref(game, a) for a in group))
    checkpoint = game.checkpoint()
    try:
        declarations.check_blockers(game, chosen)
        _finish_blockers(game, chosen, pay_with)
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # 509.1: the game returns to before the declaration (731)
        raise


def spread_blocks(state: Combat, chosen: Mapping[ObjectId, tuple[ObjectId, ...]]) -> dict[ObjectId, tuple[ObjectId, ...]]:
    """A creature blocking one member of an attacking band blocks the whole band (702.22h)."""
    spread: dict[ObjectId, tuple[ObjectId, ...]] = {}
    for blocker, attackers in chosen.items():
        blocked: list[ObjectId] = []
        for attacker in attackers:
            blocked += [a for a in sorted(state.band_of(attacker)) if a not in blocked]
        spread[blocker] = tuple(blocked)
    return spread


def _finish_blockers(game: Game, chosen: dict[ObjectId, tuple[ObjectId, ...]], pay_with: Sequence[GameObject]
                     ) -> None:
    from kb.engine import priority

    state = combat(game)
    views = game.views()
    if chosen:
        player = views[next(iter(chosen))].controller
        declarations.pay(game, player, declarations.block_costs(game, chosen, views), pay_with, "509.1d")
    elif pay_with:
        raise IllegalAction("nothing to pay for: no creature blocks", "509.1d")
    views = game.views()
    chosen = {b: a for b, a in chosen.items() if b in views
              and all(_defends_against(game, views[b].controller, x) for x in a)}  # 509.1g
    chosen = spread_blocks(state, chosen)
    state.blockers = dict(chosen)
    state.blocked = {a for attackers in chosen.values() for a in attackers}  # 509.1h
    state.blockers_declared = True
    game.turn_state.awaiting = None
    game.touch()
    if state.attackers:
        game.emit(BlockersDeclared(dict(chosen), game.active, tuple(state.attackers)))  # 509.1i
    priority.give(game, game.active)  # 509.2


# -- put onto the battlefield attacking or blocking ------------------------------------------------------


def put_onto_battlefield_attacking(game: Game, card: Any, controller: PlayerId | None = None,
                                   attacking: Ref | None = None, *, tapped: bool = False) -> GameObject | None:
    """An effect puts ``card`` onto the battlefield attacking ``attacking`` (or what its controller
    chooses): 508.4.  Returns the permanent (attacking or not: 506.3a-c, 508.4a)."""
    obj = game.put_onto_battlefield(card, controller, tapped=tapped)
    if obj is not None:
        make_attacking(game, obj, attacking)
    return obj


def make_attacking(game: Game, obj: GameObject, attacking: Ref | None = None) -> bool:
    """508.4: ``obj`` becomes an attacking creature (attacking ``attacking``, or what its controller
    chooses among the defending players and their planeswalkers), unaffected by requirements and
    restrictions (508.4c), without having attacked (508.3a).  Not if it isn't a creature (506.3a),
    its controller isn't the attacking player (506.3b), or what it would attack is gone (506.3c,
    508.4a-b).  True if it is attacking."""
    if game.phase is not turn.Phase.COMBAT or game.step in (None, turn.Step.BEGINNING_OF_COMBAT):
        raise NotModelled("a creature put onto the battlefield attacking outside the combat phase's attacks")
    state = combat(game)
    views = game.views()
    view = views[obj.id]
    if not may_become_attacking_or_blocking(view) or not teams.is_active(game, view.controller):
        return False
    if attacking is None:
        options = tuple(attackable(game))
        if not options:
            return False
        what: Attacked = game.choices.ask(Choice(  # type: ignore[assignment]
            ChoiceKind.DEFENDING_PLAYER, view.controller, f"what {view.name} attacks as it enters attacking", options))
    else:
        what = attacking if isinstance(attacking, str) else (attacking.id if isinstance(attacking, GameObject)
                                                              else attacking)
        if isinstance(what, str) and what not in game.players:
            raise IllegalAction(f"no player {what!r}")
        if attack_target_problem(game, what, views) is not None:
            return False
    state.attackers[obj.id] = what
    state.defending[obj.id] = _defender_of(game, views, what)
    state.anything_attacked = True
    game.touch()
    return True


def put_onto_battlefield_blocking(game: Game, card: Any, controller: PlayerId | None = None,
                                  blocking: Ref | None = None) -> GameObject | None:
    """An effect puts ``card`` onto the battlefield blocking ``blocking`` (or the attacking creature
    its controller chooses): 509.4.  Returns the permanent (blocking or not: 506.3a, 506.3d, 509.4a)."""
    obj = game.put_onto_battlefield(card, controller)
    if obj is not None:
        make_blocking(game, obj, blocking)
    return obj


def make_blocking(game: Game, obj: GameObject, blocking: Ref | None = None) -> bool:
    """509.4: ``obj``, just put onto the battlefield, blocks ``blocking`` (or the attacker its
    controller chooses among those attacking them or their planeswalkers), unaffected by
    requirements and restrictions (509.4b), without having blocked.  Not if it isn't a creature
    (506.3a), the attacker is no longer attacking (509.4a) or attacks someone else (506.3d)."""
    state = combat(game)
    if game.phase is not turn.Phase.COMBAT or not state.blockers_declared:
        raise NotModelled("a creature put onto the battlefield blocking before blockers are declared")
    view = game.view(obj.id)
    if not may_become_attacking_or_blocking(view):
        return False
    if blocking is None:
        options = tuple(a for a in state.attackers if _defends_against(game, view.controller, a))
        if not options:
            return False
        attacker = game.choices.ask(Choice(ChoiceKind.OBJECT, view.controller,
                                           f"which attacking creature {view.name} blocks as it enters", options))
        assert isinstance(attacker, int)
    else:
        attacker = blocking.id if isinstance(blocking, GameObject) else blocking
    if attacker not in state.attackers or not _defends_against(game, view.controller, attacker):
        return False
    band = sorted(state.band_of(attacker))  # 702.22h: it blocks the whole band
    newly = {a: a not in state.blocked for a in band}
    state.blockers[obj.id] = tuple(band)
    state.blocked |= set(band)
    game.touch()
    game.emit(*(BlockerAdded(obj.id, a, newly_blocked=newly[a], entered=True) for a in band))
    return True


# -- combat damage ----------------------------------------------------------------------------------


def _strikes_first(view: View) -> bool:
    return view.has("first strike") or view.has("double strike")


def damage_step(game: Game) -> None:
    """510.1-510.2, 510.4: assign combat damage — the active player for the attackers, then the
    defending player for the blockers (510.1) — check the assignment as a whole (510.1e), then deal
    it all at once (510.2)."""
    checkpoint = game.checkpoint()  # the step as it began: a refused assignment returns here (510.1e, 731)
    state = combat(game)
    views = game.views()
    this_step = dealing_this_step(game, state)
    state.damage_steps += 1
    attacking = [a for a in state.attackers if a in this_step]
    attacking.sort(key=lambda a: tramples(views[a]))  # those that trample count the others' damage (702.19b)
    assignments: dict[ObjectId, dict[ObjectId | PlayerId, int]] = {}
    assigned: dict[ObjectId, int] = {}
    for attacker in attacking:
        assignments[attacker] = assign_attacker(game, state, attacker, assigned)
        for recipient, amount in assignments[attacker].items():
            if isinstance(recipient, int):
                assigned[recipient] = assigned.get(recipient, 0) + amount
    problem = assignment_problem(game, state, assignments)
    if problem is not None:
        unused = list(game.choices.scripted)  # without the refused answers, which mustn't answer again
        game.restore(checkpoint)  # 510.1e: back to before the assignment (731)
        game.choices.scripted = unused
        game.turn_state.awaiting = AWAITING_ASSIGNMENT  # the step waits for a legal one
        raise IllegalAction(f"{problem}; the combat damage step waits for a legal assignment: script one and "
                            f"go on (advance_to)", "510.1e")
    batch = [(a, recipient, amount) for a in state.attackers if a in assignments
             for recipient, amount in assignments[a].items()]
    for blocker in [b for b in state.blockers if b in this_step]:
        for recipient, amount in assign_blocker(game, state, blocker).items():
            batch.append((blocker, recipient, amount))
    damage.deal(game, batch, combat=True)  # 510.2


AWAITING_ASSIGNMENT = "a legal combat damage assignment"
"""What the combat damage step waits for after an assignment was refused (510.1e)."""


def resume_damage_step(game: Game) -> None:
    """The combat damage step, its assignment refused, tries again (a newly scripted one), then
    goes on as the step would: the active player gets priority (510.3)."""
    from kb.engine import priority

    game.turn_state.awaiting = None
    damage_step(game)
    if not game.over:
        priority.give(game, game.active)


def dealing_this_step(game: Game, state: Combat) -> set[ObjectId]:
    """510.4: with a creature in combat that has first strike or double strike as the first combat
    damage step begins, that step is for them and a second one follows, for those that had neither
    then and those with double strike now (702.4b-d, 702.7b-c)."""
    views = game.views()
    fighters = [i for i in [*state.attackers, *state.blockers] if i in views]
    if state.first_strike_step is None:
        state.had_first_strike = {i for i in fighters if _strikes_first(views[i])}
        state.first_strike_step = bool(state.had_first_strike)
        if state.first_strike_step:
            turn.insert_step(game, turn.Phase.COMBAT, turn.Step.COMBAT_DAMAGE)  # 510.4
        return set(state.had_first_strike) if state.first_strike_step else set(fighters)
    return {i for i in fighters if i not in state.had_first_strike or views[i].has("double strike")}


def assignment_problem(game: Game, state: Combat, assignments: Mapping[ObjectId, Mapping[ObjectId | PlayerId, int]]
                       ) -> str | None:
    """510.1e: the attackers' assignment as a whole.  A trampling attacker assigns damage past its
    blockers only if each of them is assigned lethal damage, counting the damage it already has
    and what the other attackers assign to it at the same time (702.19b, 702.2c)."""
    views = game.views()
    total: dict[ObjectId, int] = {}
    deadly: set[ObjectId] = set()
    for attacker, assignment in assignments.items():
        for recipient, amount in assignment.items():
            if isinstance(recipient, int) and recipient in views and amount > 0:
                total[recipient] = total.get(recipient, 0) + amount
                if views[attacker].has("deathtouch"):
                    deadly.add(recipient)
    for attacker, assignment in assignments.items():
        blockers = [b for b in state.blockers_of(attacker) if b in views]
        past = sum(v for k, v in assignment.items() if k not in blockers)
        if not past:
            continue
        short = [b for b in blockers if b not in deadly
                 and total.get(b, 0) < max(0, (views[b].toughness or 0) - views[b].damage)]
        if short:
            return (f"{views[attacker].name} assigns damage past its blockers before "
                    f"{', '.join(views[b].name or '?' for b in short)} is assigned lethal damage (702.19b)")
    return None


def _nobody(game: Game, state: Combat, creature: ObjectId) -> PlayerId | None:
    return None


ASSIGNER: dict[str, Callable[[Game, Combat, ObjectId], PlayerId | None]] = {"attacker": _nobody, "blocker": _nobody}
"""Who chooses how an attacking ("attacker") or blocking ("blocker") creature's combat damage is
assigned when the rules make it someone other than its controller (banding, 702.22j-k)."""


def lethal(game: Game, creature: View, source: View, already: int) -> int:
    """Lethal damage for trample (702.19b): toughness minus damage marked and assigned this step;
    1 from a deathtouch source (702.2c)."""
    remaining = max(0, (creature.toughness or 0) - creature.damage - already)
    return min(1, remaining) if source.has("deathtouch") else remaining


def _normal(value: Mapping[Any, int]) -> dict[ObjectId | PlayerId, int]:
    return {(k.id if isinstance(k, GameObject) else k): v for k, v in value.items()}


def _forced(game: Game, chooser: PlayerId, assignment: dict[ObjectId | PlayerId, int]
            ) -> dict[ObjectId | PlayerId, int]:
    """An assignment the rules leave no choice about (510.1c-d; 702.19b: no more than lethal to its
    only blocker).  Nobody is asked; but a scripted answer of ``chooser`` that is this assignment
    (or "lethal") is used up here, rather than left to answer a later, different assignment (a
    trap: in the first-strike step a forced assignment, in the regular step a real one)."""

    def same(value: object) -> bool:
        return value == "lethal" or (isinstance(value, Mapping)
                                     and {k: v for k, v in _normal(value).items() if v} == assignment)

    game.choices.use_if_scripted(ChoiceKind.DAMAGE_ASSIGNMENT, chooser, same)
    return assignment


def assign_blocker(game: Game, state: Combat, blocker: ObjectId) -> dict[ObjectId | PlayerId, int]:
    """How a blocking creature assigns its combat damage (510.1a, 510.1d): all of it to the one
    creature it blocks, or divided as its controller chooses among several."""
    view = game.views()[blocker]
    power = view.power or 0
    blocked = state.blocked_by(blocker)
    if power <= 0 or not blocked:
        return {}  # 510.1a, 510.1d
    chooser = ASSIGNER["blocker"](game, state, blocker) or view.controller
    if len(blocked) == 1:
        return _forced(game, chooser, {blocked[0]: power})

    def legal(value: object) -> bool:
        if not isinstance(value, Mapping):
            return False
        value = _normal(value)
        return sum(value.values()) == power and all(k in blocked and v >= 0 for k, v in value.items())

    answer = game.choices.ask(Choice(ChoiceKind.DAMAGE_ASSIGNMENT, chooser,
                                     f"how {view.name} assigns {power} combat damage among {list(blocked)}",
                                     accepts=legal))
    assert isinstance(answer, Mapping)
    return {k: v for k, v in _normal(answer).items() if v}


def assign_attacker(game: Game, state: Combat, attacker: ObjectId, assigned: dict[ObjectId, int]
                    ) -> dict[ObjectId | PlayerId, int]:
    """How an attacking creature assigns its combat damage (510.1a-c, 702.19b-e)."""
    views = game.views()
    view = views[attacker]
    power = view.power or 0
    if power <= 0:
        return {}  # 510.1a
    target = attacked = state.attackers[attacker]
    if isinstance(target, int) and (target not in views or not _attackable_permanent(views[target])):
        target = None  # what it attacked is gone (510.1b)
    if isinstance(target, str) and game.players[target].left:
        target = None  # 800.4e
    # 702.19e: a planeswalker removed from combat is still the one it attacked, as it last existed
    beyond = _past_planeswalker(game, view, attacked if attacked is not None else state.declared.get(attacker))
    if target is None and beyond is not None:
        target, beyond = beyond, None  # 702.19e: all of it to the planeswalker's controller
    blockers = [b for b in state.blockers_of(attacker) if b in views] if attacker in state.blocked else []
    trample = tramples(view)
    if attacker in state.blocked and not blockers and not trample:
        return {}  # 510.1c
    if not blockers and beyond is None:
        return {target: power} if target is not None else {}  # unblocked, or 702.19d
    if len(blockers) == 1 and not trample:
        return _forced(game, ASSIGNER["attacker"](game, state, attacker) or view.controller, {blockers[0]: power})
    needs: dict[ObjectId | PlayerId, int] = {b: lethal(game, views[b], view, assigned.get(b, 0)) for b in blockers}
    stages: list[list[ObjectId | PlayerId]] = [list(blockers)] if blockers else []
    if trample and target is not None:
        stages.append([target])
        if isinstance(target, int):
            needs[target] = max(0, views[target].loyalty - assigned.get(target, 0))  # 702.19c
    if beyond is not None:
        stages.append([beyond])
    recipients: tuple[ObjectId | PlayerId, ...] = tuple(r for stage in stages for r in stage)

    def legal(value: object) -> bool:
        if value == "lethal":
            return True
        if not isinstance(value, Mapping):
            return False
        value = _normal(value)
        if sum(value.values()) != power:
            return False
        if not all(k in recipients and v >= 0 for k, v in value.items()):
            return False
        # lethal to the blockers first: 510.1e, 702.19b; to the planeswalker before its controller: 702.19c
        return not (beyond is not None and value.get(beyond) and target is not None
                    and value.get(target, 0) < needs.get(target, 0))

    chooser = ASSIGNER["attacker"](game, state, attacker) or view.controller
    if power <= sum(needs.get(r, 0) for r in stages[0]) and len(stages[0]) == 1:
        return _forced(game, chooser, {stages[0][0]: power})
    answer = game.choices.ask(Choice(ChoiceKind.DAMAGE_ASSIGNMENT, chooser,
                                     f"how {view.name} assigns {power} combat damage among {list(recipients)}",
                                     accepts=legal))
    if answer == "lethal":
        result: dict[ObjectId | PlayerId, int] = {}
        left = power
        for recipient in recipients[:-1]:
            give = min(left, needs.get(recipient, 0))
            if give:
                result[recipient] = give
            left -= give
        if left:
            result[recipients[-1]] = result.get(recipients[-1], 0) + left
        return result
    assert isinstance(answer, Mapping)
    return {k: v for k, v in _normal(answer).items() if v}


def _past_planeswalker(game: Game, view: View, attacked: ObjectId | PlayerId | None) -> PlayerId | None:
    """Trample over planeswalkers (702.19c): the player excess damage may go to past the
    planeswalker it attacks — its controller, as it last existed if it is gone (702.19e)."""
    if not view.has("trample over planeswalkers") or not isinstance(attacked, int):
        return None
    seen = game.views().get(attacked) or game.last_known.get(attacked)
    if seen is None or game.players[seen.controller].left:
        return None
    return seen.controller
