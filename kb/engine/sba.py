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

from kb.engine import actions, attach, rules, teams, zones
from kb.engine.abilities import StaticAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import AURA, EQUIPMENT, FORTIFICATION, ROLE, SAGA, CardType, Supertype
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled
from kb.engine.events import Cause, Event, PriorityGiven, StateBasedActionsPerformed, Unattached
from kb.engine.replacement import Instead

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

Kind = Literal["lose", "cease", "graveyard", "destroy", "sacrifice", "unattach", "remove counters", "protector",
               "complete", "planeswalk", "scheme back", "command zone", "speed", "sector"]


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
        found = self.__dict__.get("_permanents")
        if found is None:  # found once per check: most entries look at every permanent
            found = [v for v in self.views.values() if v.zone is Zone.BATTLEFIELD and not v.status.phased_out]
            object.__setattr__(self, "_permanents", found)
        return list(found)

    def any_is_a(self, card_type: CardType) -> bool:
        """Is some object, in any zone, of ``card_type`` (a dungeon, a scheme …)?"""
        types = self.__dict__.get("_types")
        if types is None:
            types = frozenset(t for v in self.views.values() for t in v.types)
            object.__setattr__(self, "_types", types)
        return card_type in types


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
            if not p.left and not p.lost and p.counter("poison") >= 10 and not p.shares_life]  # 704.6b instead


def _tokens_cease(check: Check) -> list[Action]:
    return [Action("704.5d", "cease", o.id) for o in check.game.objects.values()
            if o.is_token and o.zone is not Zone.BATTLEFIELD]


def _copies_cease(check: Check) -> list[Action]:
    """704.5e: a copy of a spell anywhere but on the stack ceases to exist (707.10a).  (The model
    makes no copies of cards, 707.12.)"""
    from kb.engine import spell_copies

    return [Action("704.5e", "cease", o.id) for o in spell_copies.ceasing(check.game)]


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
            if view.other_names:
                raise NotModelled("the legend rule for a legendary permanent with more than one name (612.7)")
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
    """704.5k: only the permanent that has had the world supertype for the shortest time stays;
    with a tie for the shortest, none does."""
    worlds = [v for v in check.permanents() if Supertype.WORLD in v.supertypes]
    if len(worlds) < 2:
        return []
    since = {v.id: world_since(check, v) for v in worlds}
    newest = max(since.values())
    keep = [v for v in worlds if since[v.id] == newest]
    return [Action("704.5k", "graveyard", v.id) for v in worlds if len(keep) > 1 or v not in keep]


def world_since(check: Check, view: View) -> int:
    """When ``view`` got the world supertype it has now, as a timestamp: as it came onto the
    battlefield (or was turned face up …) if its card or a copy effect gives it, else as an effect
    made it a world permanent — the earlier of those still applying, never before it arrived."""
    from kb.engine.context import Context
    from kb.engine.parts import AddTypes, Layer
    from kb.engine.phasing import existing_views

    game = check.game
    obj = game.objects[view.id]
    world = Supertype.WORLD
    if world in view.copiable.supertypes:
        if world in obj.printed.supertypes:
            return obj.timestamp
        copies = [e.timestamp for e in game.effects if e.active and obj.id in e.affected
                  and any(p.layer is Layer.COPY for p in e.parts)]
        if not copies:
            raise NotModelled("the world rule for a permanent that is a world permanent by a copy effect the "
                              "model can't date (704.5k)")
        return max(obj.timestamp, max(copies))
    grants: list[int] = []
    unknown = False
    for effect in game.effects:
        if effect.active and obj.id in effect.affected:
            for part in effect.parts:
                if part.layer is Layer.TYPE and isinstance(part.op, AddTypes) and world in part.op.supertypes:
                    grants.append(effect.timestamp)
                elif part.layer is Layer.TYPE and part.op is None:
                    unknown = True
    existing = existing_views(check.views)
    for source in existing.values():
        for index, ability in enumerate(source.abilities):
            if not isinstance(ability, StaticAbility) or ability.affects is None:
                continue
            adds = [p for p in ability.parts if p.layer is Layer.TYPE]
            if not adds or not ability.affects.matches(Context(game, existing, source, source.controller), view):
                continue
            if any(p.op is None for p in adds):
                unknown = True
            if any(isinstance(p.op, AddTypes) and world in p.op.supertypes for p in adds):
                if ability.condition is not None:
                    raise NotModelled("the world rule for a permanent given the world supertype by a conditional "
                                      "ability (704.5k)")
                granted = source.granted_since[index] if index < len(source.granted_since) else 0
                grants.append(max(source.timestamp, granted))
    if not grants or unknown:
        raise NotModelled("the world rule for a permanent whose world supertype the model can't date (704.5k)")
    return max(obj.timestamp, min(grants))


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
    """704.5t: a dungeon whose venture marker is on its bottommost room, with no room ability of
    it waiting or on the stack, is removed from the game (309.6)."""
    if not check.any_is_a(CardType.DUNGEON):
        return []
    from kb.engine import dungeons

    return [Action("704.5t", "complete", o.id) for o in dungeons.finished(check.game)]


def _sectors(check: Check) -> list[Action]:
    """704.5u, 702.158c."""
    from kb.engine import sectors

    found = sectors.unsectored(check.game, check.views)
    return [Action("704.5u", "sector", found[0], tuple(found))] if found else []


def _speed_one(check: Check) -> list[Action]:
    """704.5z, 702.179a."""
    from kb.engine import speed

    return [Action("704.5z", "speed", p, 1) for p in speed.without_speed(check.game, check.views)]


def _unreachable(rule: str) -> Callable[[Check], list[Action]]:
    def find(check: Check) -> list[Action]:
        return []

    find.__doc__ = f"{rule}: the model has no way to reach this situation"
    return find


def _waiting_source(check: Check, object_id: ObjectId) -> bool:
    """Is it the source of an ability that has triggered but not yet left the stack?"""
    return any(s.source_id == object_id for s in check.game.stack if s.ability is not None) or \
        any(p.source_id == object_id for p in check.game.pending)


def _battle_without_defense(check: Check) -> list[Action]:
    """704.5v: a battle with defense 0 that isn't the source of a waiting triggered ability."""
    return [Action("704.5v", "graveyard", v.id) for v in check.permanents()
            if v.is_a(CardType.BATTLE) and v.defense <= 0 and not _waiting_source(check, v.id)]


def _battle_without_protector(check: Check) -> list[Action]:
    """704.5w, 310.10: a battle with no protector (or one its battle type doesn't allow) that no
    creature is attacking gets one chosen by its controller, or goes to the graveyard."""
    from kb.engine import battles

    found = []
    for view in check.permanents():
        if not view.is_a(CardType.BATTLE) or battles.attacked_by(check.game, view.id):
            continue
        current = battles.protector(check.game, view.id)
        if current is not None and current in battles.eligible_protectors(check.game, view, view.controller):
            continue
        if current is not None and current == view.controller and battles.SIEGE in view.subtypes:
            continue  # a Siege protected by its controller: 704.5x
        chosen = battles.choose_protector(check.game, view, view.controller, "a protector for the battle (704.5w)")
        found.append(Action("704.5w", "protector", view.id, chosen) if chosen is not None
                     else Action("704.5w", "graveyard", view.id))
    return found


def _siege_protected_by_its_controller(check: Check) -> list[Action]:
    """704.5x: a Siege whose controller is its protector: they choose an opponent to protect it,
    or it goes to the graveyard."""
    from kb.engine import battles

    found = []
    for view in check.permanents():
        if view.is_a(CardType.BATTLE) and battles.SIEGE in view.subtypes \
                and battles.protector(check.game, view.id) == view.controller:
            chosen = battles.choose_protector(check.game, view, view.controller, "an opponent to protect it (704.5x)")
            found.append(Action("704.5x", "protector", view.id, chosen) if chosen is not None
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


def _commander_damage(check: Check) -> list[Action]:
    """704.6c: in a Commander game, a player dealt 21 or more combat damage by the same commander
    over the course of the game loses (903.10a)."""
    from kb.engine import commander

    return [Action("704.6c", "lose", p, "21 combat damage from one commander") for p in commander.losers(check.game)]


def _commander_home(check: Check) -> list[Action]:
    """704.6d: a commander put into a graveyard or exile since the last check: its owner may put
    it into the command zone (903.9a)."""
    from kb.engine import commander

    return [Action("704.6d", "command zone", o.id) for o in commander.just_moved(check.game)]


def _schemes(check: Check) -> list[Action]:
    """704.6e: in an Archenemy game, a face-up scheme that isn't ongoing goes to the bottom of its
    owner's scheme deck once no triggered ability of a scheme waits or is on the stack."""
    if not check.any_is_a(CardType.SCHEME):
        return []
    from kb.engine import archenemy

    return [Action("704.6e", "scheme back", o.id) for o in archenemy.finished(check.game)]


def _phenomena(check: Check) -> list[Action]:
    """704.6f: in a Planechase game, a face-up phenomenon that isn't the source of a waiting
    triggered ability makes the planar controller planeswalk."""
    if not check.any_is_a(CardType.PHENOMENON):
        return []
    from kb.engine import planechase

    return [Action("704.6f", "planeswalk", o.id) for o in planechase.phenomena_done(check.game)]


STATE_BASED_ACTIONS: tuple[StateBasedAction, ...] = (
    StateBasedAction("704.5a", "a player with 0 or less life loses", _lose_at_zero_life),
    StateBasedAction("704.5b", "a player who drew from an empty library loses", _lose_drawing_from_empty),
    StateBasedAction("704.5c", "a player with ten or more poison counters loses", _lose_to_poison),
    StateBasedAction("704.5d", "a token outside the battlefield ceases to exist", _tokens_cease),
    StateBasedAction("704.5e", "a copy of a spell outside the stack ceases to exist", _copies_cease),
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
    StateBasedAction("704.5t", "a dungeon whose venture marker is on its bottommost room is removed", _dungeons),
    StateBasedAction("704.5u", "creatures without a sector designation get one while a space sculptor is there",
                     _sectors),
    StateBasedAction("704.5v", "a battle with defense 0 goes to the graveyard", _battle_without_defense),
    StateBasedAction("704.5w", "a battle without a protector gets one, or goes to the graveyard",
                     _battle_without_protector),
    StateBasedAction("704.5x", "a Siege protected by its controller gets an opponent as protector",
                     _siege_protected_by_its_controller),
    StateBasedAction("704.5y", "only the newest Role of one player on a permanent stays", _roles),
    StateBasedAction("704.5z", "a player with a Start your engines! permanent and no speed gets speed 1",
                     _speed_one),
    StateBasedAction("704.6c", "Commander: 21 combat damage from one commander loses the game", _commander_damage),
    StateBasedAction("704.6d", "Commander: a commander put into a graveyard or exile may go to the command zone",
                     _commander_home),
    StateBasedAction("704.6e", "Archenemy: a face-up scheme that isn't ongoing goes back under its deck", _schemes),
    StateBasedAction("704.6f", "Planechase: a face-up phenomenon makes the planar controller planeswalk", _phenomena),
)
"""Every state-based action of 704.5, in the CR's order, then those of the variants the model
plays (704.6: Planechase, Archenemy, Commander); a Two-Headed Giant team loses as one through
:func:`kb.engine.teams.losing` (810.8a, 810.8c), to its shared poison counters by 704.6b
(:mod:`kb.engine.team_poison` adds it)."""


IMMEDIATE: list[Callable[[Game], None]] = []
"""Rules that act at once whenever their situation holds and are not state-based actions (day and
night with daybound and nightbound, 702.145c-g): looked at whenever state-based actions are."""


def find_all(game: Game) -> list[Action]:
    """Everything the state-based actions would do now, found against one state (704.3).

    Most checks find nothing in a game that has not changed since the last check that found
    nothing (a player receives priority again): that is known without looking again, while the
    game's version (every change to an object or the game bumps it), the players, the stack, the
    events (a player receiving priority is no state), the table and the engine's code
    (:func:`kb.engine.layers.program_changed`) are the same."""
    from kb.engine import layers

    quiet = (game._version, layers.program_generation(), tuple(STATE_BASED_ACTIONS), len(game.stack),
             events_but_priority(game.log), *(layers.fields_now(p) for p in game.players.values()))
    if game.__dict__.get("_sba_quiet") == quiet:
        return []
    check = Check(game, game.views())
    found: list[Action] = []
    for entry in STATE_BASED_ACTIONS:
        found += entry.find(check)
    if not found:
        game.__dict__["_sba_quiet"] = quiet
    return found


def events_but_priority(log: list[Event]) -> int:
    """How many events the log holds, leaving out those of players receiving priority since the last other one."""
    end = len(log)
    while end and isinstance(log[end - 1], PriorityGiven):
        end -= 1
    return end


def check(game: Game) -> bool:
    """One check: perform every applicable state-based action at once (704.3).  True if any was."""
    for rule in IMMEDIATE:
        rule(game)
    views = game.views()
    found = [a for a in find_all(game) if not (a.kind == "destroy" and isinstance(a.target, int)
                                               and zones.indestructible(views[a.target]))]  # 702.12b
    for player in game.players.values():
        if player.drew_from_empty_library:
            player.drew_from_empty_library = False
    for obj in game.objects.values():  # 702.2b: only deathtouch damage since the last check counts
        if obj.deathtouch_damage:
            obj.deathtouch_damage = False
    if not found:
        return False
    if any(a.kind != "lose" for a in found):
        perform(game, found)
        return True
    before = _players_and_objects(game)
    perform(game, found)
    return _players_and_objects(game) != before  # losses effects stopped ("can't lose", 810.8a) did nothing


def _players_and_objects(game: Game) -> tuple[object, ...]:
    return (tuple((p.life, p.lost, p.left) for p in game.players.values()), frozenset(game.objects))


def _cause(kinds: set[str]) -> Cause:
    """Put into a graveyard (704.5f, 704.5i …: regeneration can't replace it), destroyed (704.5g-h:
    it can), or sacrificed (704.5s)."""
    if "graveyard" in kinds:
        return Cause.STATE_BASED
    return Cause.SACRIFICE if "sacrifice" in kinds else Cause.DESTROY


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
        elif action.kind == "sector" and isinstance(action.detail, tuple):
            from kb.engine import sectors

            sectors.choose_sectors(game, list(action.detail))
        elif action.kind == "speed" and isinstance(action.target, str) and isinstance(action.detail, int):
            from kb.engine import speed

            speed.set_speed(game, action.target, action.detail)
        elif action.kind == "scheme back" and isinstance(action.target, int) and action.target in game.objects:
            from kb.engine import archenemy

            archenemy.put_back(game, game.objects[action.target])
        elif action.kind == "complete" and isinstance(action.target, int) and action.target in game.objects:
            from kb.engine import dungeons

            dungeons.complete(game, game.objects[action.target])
        elif action.kind == "protector" and isinstance(action.target, int) and isinstance(action.detail, str):
            from kb.engine import battles

            battles.set_protector(game, action.target, action.detail)
        elif action.kind == "remove counters" and isinstance(action.target, int):
            kind, count = cast(tuple[str, int], action.detail)
            pile = game.objects[action.target].counters.get(kind)
            if pile is not None:
                pile.count -= count
                if pile.count <= 0:
                    del game.objects[action.target].counters[kind]
                game.touch()
    kinds: dict[ObjectId, set[str]] = {}
    for a in found:
        if a.kind in ("graveyard", "destroy", "sacrifice") and isinstance(a.target, int) and a.target in game.objects:
            kinds.setdefault(a.target, set()).add(a.kind)
    movable = [game.objects[i] for i in kinds]
    causes = [_cause(kinds[o.id]) for o in movable]
    game.emit(*events, StateBasedActionsPerformed(tuple(sorted({a.rule for a in found}))))
    losing = list(dict.fromkeys(a.target for a in found if a.kind == "lose" and isinstance(a.target, str)))
    reason = "; ".join(str(a.detail) for a in found if a.kind == "lose")
    reasons = {p: "; ".join(str(a.detail) for a in found if a.kind == "lose" and a.target == p) for p in losing}
    losers, instead = teams.losing(game, losing, reasons)  # as one event with the rest (704.3, 704.7); 810.8a
    destinations: dict[ObjectId, list[Zone]] = {o.id: [Zone.GRAVEYARD] for o in movable}
    for done in instead:
        for object_id, zone in done.moves:
            destinations.setdefault(object_id, []).append(zone)
    cause_of = dict(zip([o.id for o in movable], causes, strict=True))
    for zone, going in settle_destinations(game, destinations).items():
        zones.move_all(game, going, zone, causes=[cause_of.get(o.id, Cause.STATE_BASED) for o in going], seen=views)
    actions.do_instead(game, [Instead(life_totals=d.life_totals) for d in instead])
    home = [game.objects[a.target] for a in found if a.kind == "command zone" and isinstance(a.target, int)
            and a.target in game.objects]
    if home:
        from kb.engine import commander

        going_home = []
        for obj in home:
            obj.designations.discard(commander.JUST_MOVED)  # the chance is this check's only (704.6d)
            if game.choices.ask(Choice(ChoiceKind.MAY, obj.owner, "put your commander into the command zone",
                                       (True, False))):
                going_home.append(obj)
        game.touch()
        if going_home:
            zones.move_all(game, going_home, Zone.COMMAND, cause=Cause.STATE_BASED)
    if any(a.kind == "planeswalk" for a in found):
        from kb.engine import planechase

        planechase.planeswalk(game)
    if losers:
        actions.lose(game, losers, reason, seen=views, replaceable=False)  # 603.10f, 704.8


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
