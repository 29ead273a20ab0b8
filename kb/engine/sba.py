"""State-based actions (704): a table keyed by rule number, checked whenever a player would
receive priority (117.5, 704.3).

Each :class:`StateBasedAction` looks at the game and says what it would do (:class:`Action`).
A check runs every entry against one state of the game, then performs everything found at
once, as a single event (704.3) — so permanents that leave together see each other leave, and
their last known information is the state before any of it (704.8).  The check repeats until
nothing is found.  Only permanents that exist for the game are looked at: a phased-out token
stays (702.26d, 702.26b).

Adding one: write a ``find`` function and an entry in :data:`STATE_BASED_ACTIONS`; a mutant that
disables the entry is generated for it (:mod:`kb.checks.mutants`), so it needs a check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast

from kb.engine import actions, attach, rules, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import AURA, EQUIPMENT, FORTIFICATION, ROLE, SAGA, CardType, Supertype
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled
from kb.engine.events import Cause, Event, StateBasedActionsPerformed, Unattached
from kb.engine.replacement import Instead

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

Kind = Literal["lose", "cease", "graveyard", "destroy", "sacrifice", "unattach", "remove counters",
               "complete dungeon", "choose protector"]


@dataclass(frozen=True)
class Action:
    """One thing a state-based action does."""

    rule: str
    kind: Kind
    target: ObjectId | PlayerId
    detail: object = None


@dataclass(frozen=True)
class Check:
    """The state of the game one check looks at: every object's view, once."""

    game: Game
    views: dict[ObjectId, View]

    def permanents(self) -> list[View]:
        return [v for v in self.views.values() if v.zone is Zone.BATTLEFIELD and not v.status.phased_out]


@dataclass(frozen=True)
class StateBasedAction:
    rule: str
    text: str
    find: Callable[[Check], list[Action]]
    modelled: bool = True
    """False: the model can't reach this situation (or raises NotModelled if it could)."""


def _lose_at_zero_life(check: Check) -> list[Action]:
    return [Action("704.5a", "lose", p.name, "0 or less life") for p in check.game.players.values()
            if not p.left and not p.lost and p.life <= 0]


def _lose_drawing_from_empty(check: Check) -> list[Action]:
    return [Action("704.5b", "lose", p.name, "drew from an empty library") for p in check.game.players.values()
            if not p.left and not p.lost and p.drew_from_empty_library]


def _lose_to_poison(check: Check) -> list[Action]:
    return [Action("704.5c", "lose", p.name, "ten or more poison counters") for p in check.game.players.values()
            if not p.left and not p.lost and p.counter("poison") >= 10]


def _tokens_cease(check: Check) -> list[Action]:
    return [Action("704.5d", "cease", o.id) for o in check.game.objects.values()
            if o.is_token and o.zone is not Zone.BATTLEFIELD]


def _copies_cease(check: Check) -> list[Action]:
    return []  # the model never makes copies of spells or cards (707.10): nothing to do


def _zero_toughness(check: Check) -> list[Action]:
    return [Action("704.5f", "graveyard", v.id) for v in check.permanents()
            if v.is_a(CardType.CREATURE) and v.toughness is not None and v.toughness <= 0]


def _lethal_damage(check: Check) -> list[Action]:
    return [Action("704.5g", "destroy", v.id) for v in check.permanents()
            if v.is_a(CardType.CREATURE) and v.toughness is not None and v.toughness > 0 and v.damage > 0
            and v.damage >= v.toughness]


def _deathtouch_damage(check: Check) -> list[Action]:
    return [Action("704.5h", "destroy", v.id) for v in check.permanents()
            if v.is_a(CardType.CREATURE) and v.toughness is not None and v.toughness > 0
            and check.game.objects[v.id].deathtouch_damage]


def _zero_loyalty(check: Check) -> list[Action]:
    return [Action("704.5i", "graveyard", v.id) for v in check.permanents()
            if v.is_a(CardType.PLANESWALKER) and v.loyalty <= 0]


def _legend_rule(check: Check) -> list[Action]:
    """704.5j: a player with two or more legendary permanents with the same name keeps one."""
    game = check.game
    if not rules.legend_rule_applies(game):
        return []
    groups: dict[tuple[PlayerId, str], list[View]] = {}
    for view in check.permanents():
        if Supertype.LEGENDARY in view.supertypes and view.name is not None:
            groups.setdefault((view.controller, view.name), []).append(view)
    found = []
    for (player, name), group in groups.items():
        if len(group) < 2:
            continue
        ids = tuple(v.id for v in group)
        alike = len({(v.characteristics, tuple(sorted(v.counters.items())), v.damage, v.tapped,
                      v.attached_to) for v in group}) == 1
        keep = game.choices.ask(Choice(ChoiceKind.LEGEND_RULE, player, f"which {name} to keep (704.5j)",
                                       ids, matters=not alike))
        keep_id = keep.id if hasattr(keep, "id") else keep
        found += [Action("704.5j", "graveyard", i) for i in ids if i != keep_id]
    return found


def _world_rule(check: Check) -> list[Action]:
    """704.5k: only the permanent that has had the world supertype for the shortest time stays."""
    worlds = [v for v in check.permanents() if Supertype.WORLD in v.supertypes]
    if len(worlds) < 2:
        return []
    game = check.game
    if any(Supertype.WORLD not in game.objects[v.id].printed.supertypes for v in worlds):
        raise NotModelled("the world rule for a permanent that gained the world supertype (704.5k)")
    newest = max(v.timestamp for v in worlds)
    keep = [v for v in worlds if v.timestamp == newest]
    return [Action("704.5k", "graveyard", v.id) for v in worlds if len(keep) > 1 or v not in keep]


def _illegal_auras(check: Check) -> list[Action]:
    return [Action("704.5m", "graveyard", v.id) for v in check.permanents()
            if AURA in v.subtypes and not attach.is_legal(check.game, v, v.attached_to)]


def _illegal_equipment(check: Check) -> list[Action]:
    return [Action("704.5n", "unattach", v.id) for v in check.permanents()
            if v.subtypes & {EQUIPMENT, FORTIFICATION} and AURA not in v.subtypes and v.attached_to is not None
            and not attach.is_legal(check.game, v, v.attached_to)]


def _illegally_attached(check: Check) -> list[Action]:
    """704.5p: a creature or battle attached to something, or a permanent that is no Aura,
    Equipment or Fortification, becomes unattached."""
    return [Action("704.5p", "unattach", v.id) for v in check.permanents()
            if v.attached_to is not None and (v.is_a(CardType.CREATURE) or v.is_a(CardType.BATTLE)
                                              or not v.subtypes & {AURA, EQUIPMENT, FORTIFICATION})]


def _counters_annihilate(check: Check) -> list[Action]:
    found = []
    for view in check.permanents():
        both = min(view.counter("+1/+1"), view.counter("-1/-1"))
        if both:
            found += [Action("704.5q", "remove counters", view.id, ("+1/+1", both)),
                      Action("704.5q", "remove counters", view.id, ("-1/-1", both))]
    return found


def _too_many_counters(check: Check) -> list[Action]:
    found = []
    for view in check.permanents():
        for limit in rules.applies_to(check.game, rules.MaximumCounters, view):
            assert isinstance(limit, rules.MaximumCounters)
            excess = view.counter(limit.kind) - limit.count
            if excess > 0:
                found.append(Action("704.5r", "remove counters", view.id, (limit.kind, excess)))
    return found


def _finished_sagas(check: Check) -> list[Action]:
    """704.5s: a Saga with lore counters at or past its final chapter, whose chapter abilities
    have all left the stack, is sacrificed."""
    from kb.engine.sagas import final_chapter

    found = []
    for view in check.permanents():
        if SAGA not in view.subtypes:
            continue
        final = final_chapter(view)
        waiting = any(s.source_id == view.id for s in check.game.stack) or \
            any(p.source_id == view.id for p in check.game.pending)  # triggered, not yet left the stack
        if final and view.counter("lore") >= final and not waiting:
            found.append(Action("704.5s", "sacrifice", view.id))
    return found


def _dungeons(check: Check) -> list[Action]:
    """704.5t: a dungeon whose marker is on its bottommost room, with no room ability of it waiting
    or on the stack, is removed from the game (309.6)."""
    from kb.engine import dungeons

    return [Action("704.5t", "complete dungeon", o.id) for o in dungeons.finished(check.game)]


def _unreachable(rule: str) -> Callable[[Check], list[Action]]:
    def find(check: Check) -> list[Action]:
        return []

    find.__doc__ = f"{rule}: the model has no way to reach this situation"
    return find


def _waiting_source(game: Game, object_id: ObjectId) -> bool:
    """Is it the source of a triggered ability that has triggered and not left the stack?"""
    return any(s.source_id == object_id for s in game.stack) or any(p.source_id == object_id for p in game.pending)


def _defeated_battles(check: Check) -> list[Action]:
    """704.5v: a battle with defense 0 that isn't the source of a waiting ability goes (310.7)."""
    return [Action("704.5v", "graveyard", v.id) for v in check.permanents()
            if v.is_a(CardType.BATTLE) and v.defense <= 0 and not _waiting_source(check.game, v.id)]


def _battles_without_protectors(check: Check) -> list[Action]:
    """704.5w: a battle whose protector isn't in the game, and that nothing attacks, gets a new
    protector from its controller, or goes if there can be none."""
    from kb.engine import battles

    game = check.game
    attacked = set(game.combat.attackers.values()) if game.combat is not None else set()
    found = []
    for view in check.permanents():
        if not view.is_a(CardType.BATTLE) or view.id in attacked:
            continue
        current = battles.protector(game, view.id)
        if current is None or game.players[current].left:
            options = battles.legal_protectors(game, view.controller, view)
            found.append(Action("704.5w", "choose protector", view.id, tuple(options)) if options
                         else Action("704.5w", "graveyard", view.id))
    return found


def _sieges_protected_by_their_controller(check: Check) -> list[Action]:
    """704.5x: a Siege whose controller is its protector gets an opponent as protector, or goes."""
    from kb.engine import battles

    game = check.game
    found = []
    for view in check.permanents():
        if view.is_a(CardType.BATTLE) and battles.SIEGE in view.subtypes \
                and battles.protector(game, view.id) == view.controller:
            options = tuple(game.opponents(view.controller))
            found.append(Action("704.5x", "choose protector", view.id, options) if options
                         else Action("704.5x", "graveyard", view.id))
    return found


def _roles(check: Check) -> list[Action]:
    """704.5y: of several Roles one player controls on one permanent, only the newest stays."""
    groups: dict[tuple[ObjectId | PlayerId, PlayerId], list[View]] = {}
    for view in check.permanents():
        if ROLE in view.subtypes and view.attached_to is not None:
            groups.setdefault((view.attached_to, view.controller), []).append(view)
    found = []
    for group in groups.values():
        newest = max(v.timestamp for v in group)
        found += [Action("704.5y", "graveyard", v.id) for v in group if v.timestamp != newest]
    return found


STATE_BASED_ACTIONS: tuple[StateBasedAction, ...] = (
    StateBasedAction("704.5a", "a player with 0 or less life loses", _lose_at_zero_life),
    StateBasedAction("704.5b", "a player who drew from an empty library loses", _lose_drawing_from_empty),
    StateBasedAction("704.5c", "a player with ten or more poison counters loses", _lose_to_poison),
    StateBasedAction("704.5d", "a token outside the battlefield ceases to exist", _tokens_cease),
    StateBasedAction("704.5e", "a copy of a spell or card outside its zone ceases to exist", _copies_cease, False),
    StateBasedAction("704.5f", "a creature with toughness 0 or less goes to the graveyard", _zero_toughness),
    StateBasedAction("704.5g", "a creature with lethal damage is destroyed", _lethal_damage),
    StateBasedAction("704.5h", "a creature dealt deathtouch damage is destroyed", _deathtouch_damage),
    StateBasedAction("704.5i", "a planeswalker with loyalty 0 goes to the graveyard", _zero_loyalty),
    StateBasedAction("704.5j", "the legend rule", _legend_rule),
    StateBasedAction("704.5k", "the world rule", _world_rule),
    StateBasedAction("704.5m", "an illegally attached or unattached Aura goes to the graveyard", _illegal_auras),
    StateBasedAction("704.5n", "an illegally attached Equipment or Fortification becomes unattached",
                     _illegal_equipment),
    StateBasedAction("704.5p", "a creature, battle or other non-attachment becomes unattached", _illegally_attached),
    StateBasedAction("704.5q", "+1/+1 and -1/-1 counters cancel out", _counters_annihilate),
    StateBasedAction("704.5r", "counters past a permanent's maximum are removed", _too_many_counters),
    StateBasedAction("704.5s", "a Saga past its final chapter is sacrificed", _finished_sagas),
    StateBasedAction("704.5t", "a dungeon whose marker is on its bottommost room is removed", _dungeons),
    StateBasedAction("704.5u", "space sculptor sectors (the keyword is not modelled)", _unreachable("704.5u"), False),
    StateBasedAction("704.5v", "a battle with defense 0 goes to the graveyard", _defeated_battles),
    StateBasedAction("704.5w", "a battle without a protector in the game gets a new one", _battles_without_protectors),
    StateBasedAction("704.5x", "a Siege protected by its controller gets an opponent as protector",
                     _sieges_protected_by_their_controller),
    StateBasedAction("704.5y", "only the newest Role of one player on a permanent stays", _roles),
    StateBasedAction("704.5z", "start your engines! speed (the keyword is not modelled)", _unreachable("704.5z"),
                     False),
)
"""Every state-based action of 704.5, in the CR's order.  (704.6 covers variants — Two-Headed
Giant, Commander, Archenemy, Planechase — which the model doesn't play.)"""


def find_all(game: Game) -> list[Action]:
    """Everything the state-based actions would do now, found against one state (704.3)."""
    check = Check(game, game.views())
    found: list[Action] = []
    for entry in STATE_BASED_ACTIONS:
        found += entry.find(check)
    return found


def check(game: Game) -> bool:
    """One check: perform every applicable state-based action at once (704.3).  True if any was."""
    views = game.views()
    found = [a for a in find_all(game) if not (a.kind == "destroy" and isinstance(a.target, int)
                                               and zones.indestructible(views[a.target]))]  # 702.12b
    for player in game.players.values():
        if player.drew_from_empty_library:
            player.drew_from_empty_library = False
    if not found:
        return False
    perform(game, found)
    return True


def perform(game: Game, found: list[Action]) -> None:
    """Do everything at once, as one event (704.3)."""
    views = game.views()
    events: list[Event] = []
    for action in found:
        if action.kind == "cease" and isinstance(action.target, int) and action.target in game.objects:
            game.last_known[action.target] = views[action.target]
            del game.objects[action.target]
            game.touch()
        elif action.kind == "unattach" and isinstance(action.target, int) and action.target in game.objects:
            obj = game.objects[action.target]
            if obj.attached_to is not None:
                events.append(Unattached(obj.id, obj.attached_to, views))
                obj.attached_to = None
        elif action.kind == "choose protector" and isinstance(action.target, int) and action.target in game.objects:
            from kb.engine import battles

            obj = game.objects[action.target]
            options = cast(tuple[PlayerId, ...], action.detail)
            chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, views[obj.id].controller, "the battle's new protector",
                                             options))
            obj.chosen[battles.PROTECTOR] = chosen
            game.touch()
        elif action.kind == "complete dungeon" and isinstance(action.target, int) and action.target in game.objects:
            from kb.engine import dungeons

            dungeons.complete(game, game.objects[action.target])
        elif action.kind == "remove counters" and isinstance(action.target, int):
            kind, count = cast(tuple[str, int], action.detail)
            pile = game.objects[action.target].counters.get(kind)
            if pile is not None:
                pile.count -= count
                if pile.count <= 0:
                    del game.objects[action.target].counters[kind]
                game.touch()
    moving = [(a, game.objects[a.target]) for a in found if a.kind in ("graveyard", "destroy", "sacrifice")
              and isinstance(a.target, int) and a.target in game.objects]
    movable = []
    seen_ids: set[ObjectId] = set()
    for _action, obj in moving:
        if obj.id in seen_ids:
            continue
        seen_ids.add(obj.id)
        movable.append(obj)
    game.emit(*events, StateBasedActionsPerformed(tuple(sorted({a.rule for a in found}))))
    losing = list(dict.fromkeys(a.target for a in found if a.kind == "lose" and isinstance(a.target, str)))
    losers, instead = actions.replace_losing(game, losing)  # as one event with the rest (704.3)
    destinations: dict[ObjectId, list[Zone]] = {o.id: [Zone.GRAVEYARD] for o in movable}
    for done in instead:
        for object_id, zone in done.moves:
            destinations.setdefault(object_id, []).append(zone)
    destroyed = {a.target for a in found if a.kind == "destroy" and isinstance(a.target, int)}
    for zone, going in settle_destinations(game, destinations).items():
        zones.move_all(game, going, zone, cause=Cause.STATE_BASED, seen=views, destroyed=destroyed)
    actions.do_instead(game, [Instead(life_totals=d.life_totals) for d in instead])
    if losers:
        actions.lose(game, losers, "; ".join(str(a.detail) for a in found if a.kind == "lose"), replaceable=False)


def settle_destinations(game: Game, destinations: dict[ObjectId, list[Zone]]) -> dict[Zone, list[GameObject]]:
    """Where each object goes when several instructions move it at once: if they conflict, its
    controller (or owner) chooses which applies (400.6)."""
    going: dict[Zone, list[GameObject]] = {}
    for object_id, zones_told in destinations.items():
        if object_id not in game.objects:
            continue
        obj = game.objects[object_id]
        options = tuple(dict.fromkeys(zones_told))
        chooser = game.views()[object_id].controller if obj.zone is Zone.BATTLEFIELD else obj.owner
        zone = options[0] if len(options) == 1 else game.choices.ask(Choice(
            ChoiceKind.ZONE, chooser, f"which instruction moves {obj!r} (400.6)", options))
        going.setdefault(Zone(zone), []).append(obj)
    return going
