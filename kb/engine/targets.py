"""Targets (115): what a spell or ability may target, choosing targets, and whether they are
still legal as it resolves (608.2b).

A :class:`TargetSpec` is one instance of the word "target": objects matching a filter, and/or
players.  A target must exist for the game — a phased-out permanent is never one (702.26b) —
and be in the zone the spec names; keyword abilities may forbid it: :data:`TARGETING` is the
table of those (shroud 702.18, hexproof 702.11, protection 702.16b).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import influence, phasing
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.context import Context
from kb.engine.errors import IllegalAction
from kb.engine.selectors import Filter, creatures, objects, teammates

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game

Target = ObjectId | PlayerId


@dataclass(frozen=True, eq=False)
class TargetSpec:
    """One "target …": objects matching ``objects`` and/or players (``players``: "any",
    "opponent", "you", or None for none); ``count`` of them (115.1), or with ``count`` None
    "any number of" them, the number announced as the targets are (601.2c)."""

    text: str
    objects: Filter | None = None
    players: str | None = None
    count: int | None = 1
    other: bool = False
    """"Another target": it can't be any target chosen for an earlier "target" of the same spell
    or ability."""
    up_to: int | None = None
    """With ``count`` None: "up to N target …", at most this many (601.2c)."""
    chosen_by: str | None = None
    """``"an opponent"``: "… of an opponent's choice": the controller chooses the opponent (one
    within their range of influence, 801.5a) and that opponent chooses the target, among those
    within the range of both (801.4, 801.5a)."""

    def __str__(self) -> str:
        return self.text


def target(what: Filter, text: str | None = None) -> TargetSpec:
    return TargetSpec(text or f"target {what}", what)


def target_creature(**kwargs: object) -> TargetSpec:
    return TargetSpec("target creature", creatures(**kwargs))


def target_player(whose: str = "any") -> TargetSpec:
    return TargetSpec("target player" if whose == "any" else f"target {whose}", None, whose)


def any_target(*, other: bool = False) -> TargetSpec:
    """"Any target": a creature, player, planeswalker or battle (115.4); ``other`` for "another
    target"."""
    return TargetSpec("another target" if other else "any target",
                      objects(zones=(Zone.BATTLEFIELD,), text="creature, planeswalker or battle") & _damageable(),
                      "any", other=other)


def _damageable() -> Filter:
    kinds = {CardType.CREATURE, CardType.PLANESWALKER, CardType.BATTLE}
    return Filter("creature, planeswalker or battle", lambda c, o: bool(o.types & kinds), frozenset({"types"}))


def target_spell(what: Filter | None = None) -> TargetSpec:
    return TargetSpec("target spell", what or objects(zones=(Zone.STACK,), text="spell"))


# -- keyword abilities that restrict targeting ---------------------------------------------------

Restriction = Callable[["Game", "View", PlayerId, "View | None"], bool]
"""(game, the would-be target, the controller of the spell or ability, its source) -> forbidden?"""


def _shroud(game: Game, view: View, controller: PlayerId, source: View | None) -> bool:
    return view.has("shroud")  # 702.18a


def _hexproof(game: Game, view: View, controller: PlayerId, source: View | None) -> bool:
    """702.11b-c: not by an opponent's spells and abilities; "hexproof from [quality]" only those
    with the quality, or from sources with it (702.11d)."""
    from kb.engine import damage

    if controller == view.controller:
        return False
    return any(not k.parameter or (source is not None and damage.has_quality(view, source, k.parameter))
               for k in view.keywords("hexproof"))


def _protection(game: Game, view: View, controller: PlayerId, source: View | None) -> bool:
    """702.16b; protection from a player: not by what that player controls (702.16k)."""
    from kb.engine import damage

    for keyword in view.keywords("protection"):
        if keyword.parameter.lower().startswith("player "):
            if controller == keyword.parameter.split()[1]:
                return True
        elif keyword.parameter.lower() == "each opponent":
            if controller != view.controller:
                return True
        elif source is not None and damage.has_quality(view, source, keyword.parameter):
            return True
    return False


TARGETING: dict[str, Restriction] = {"shroud": _shroud, "hexproof": _hexproof, "protection": _protection}
"""Keyword abilities that make an object an illegal target, keyed by keyword."""


def targets_itself(source: View | None, object_id: ObjectId) -> bool:
    """A spell on the stack is an illegal target for itself (115.5)."""
    return source is not None and source.zone is Zone.STACK and source.id == object_id


def legal_object(game: Game, spec: TargetSpec, object_id: ObjectId, controller: PlayerId,
                 source: View | None) -> bool:
    obj = game.objects.get(object_id)
    if obj is None or not phasing.exists(obj) or spec.objects is None:
        return False
    if targets_itself(source, object_id):
        return False
    views = game.views()
    view = views[object_id]
    existing = phasing.existing_views(views)
    if not spec.objects.matches(Context(game, existing, source, controller), view):
        return False
    return not any(rule(game, view, controller, source) for name, rule in TARGETING.items()
                   if view.has(name))


def legal_player(game: Game, spec: TargetSpec, player: PlayerId, controller: PlayerId,
                 source: View | None = None) -> bool:
    from kb.engine import player_keywords

    if spec.players is None or player not in game.players or game.players[player].left:
        return False
    if spec.players == "opponent" and (player == controller or teammates(game, controller, player)):
        return False  # a teammate is no opponent (102.3)
    if spec.players == "you" and player != controller:
        return False
    if not influence.in_range(game, controller, player):
        return False  # 801.4
    seen = player_keywords.view(game, player)  # a player's hexproof, shroud, protection (702.11c, 702.18a)
    return not any(rule(game, seen, controller, source) for name, rule in TARGETING.items() if seen.has(name))


def is_legal(game: Game, spec: TargetSpec, chosen: Target, controller: PlayerId, source: View | None) -> bool:
    if isinstance(chosen, str):
        return legal_player(game, spec, chosen, controller, source)
    return legal_object(game, spec, chosen, controller, source)


def candidates(game: Game, spec: TargetSpec, controller: PlayerId, source: View | None) -> list[Target]:
    found: list[Target] = [p for p in game.apnap() if legal_player(game, spec, p, controller, source)]
    found += [i for i in game.objects if legal_object(game, spec, i, controller, source)]
    return found


def announcing_order(specs: Sequence[TargetSpec]) -> list[int]:
    """The order the targets of one spell or ability are announced in (601.2c): all of them are
    announced in one step, so where its controller and an opponent both choose ("… of an
    opponent's choice"), the controller chooses first and the opponent after (601.6b, 602.3b: an
    exception to the APNAP order of 101.4), each in printed order."""
    return sorted(range(len(specs)), key=lambda index: specs[index].chosen_by is not None)


def choose(game: Game, specs: Sequence[TargetSpec], controller: PlayerId, source: View | None,
           given: Sequence[object] | None) -> tuple[tuple[Target, ...], ...] | None:
    """Targets for each spec (601.2c, 603.3d): those given (checked), or the player's choice.
    None when some spec has no legal target."""
    found: dict[int, tuple[Target, ...]] = {}
    given_list = list(given) if given is not None else None
    for index in announcing_order(specs):
        spec = specs[index]
        # "another target" (115.1): apart from the targets of every earlier "target", and from
        # those of a later "another target" already announced
        chosen = [group for other, group in found.items() if (spec.other and other < index)
                  or (specs[other].other and other > index)]
        chooser = influence.choosing_opponent(game, controller) if spec.chosen_by == "an opponent" else controller
        if given_list is not None:
            raw = given_list[index] if index < len(given_list) else None
            picks = _as_targets(raw, spec.count)
            for pick in picks:
                if not is_legal(game, spec, pick, controller, source):
                    raise IllegalAction(f"{_name(game, pick)} is not a legal target for {spec.text!r}", "115.1")
                if chooser != controller and not within_choosers_range(game, chooser, pick):
                    raise IllegalAction(f"{_name(game, pick)} is outside {chooser}'s range of influence", "801.5a")
            if not right_number(spec, picks):
                raise IllegalAction(f"{spec.text!r} needs {spec.count} different target(s)", "601.2c")
            if any(p in group for group in chosen for p in picks):
                raise IllegalAction(f"{spec.text!r} must be another target than the earlier ones", "115.1")
            found[index] = picks
            continue
        options = candidates(game, spec, controller, source)
        if chooser != controller:  # 801.5a: within the range of the player choosing too
            options = [o for o in options if within_choosers_range(game, chooser, o)]
        options = [o for o in options if not any(o in group for group in chosen)]
        if spec.count is None:
            picks_value = game.choices.ask(Choice(ChoiceKind.TARGETS, chooser, f"{spec.text} (how many, and which)",
                                                  accepts=_targets_among(options, None, spec.up_to)))
            found[index] = _as_targets(picks_value, None)
            continue
        if len(options) < spec.count:
            return None
        if spec.count == 1:
            answer = game.choices.ask(Choice(ChoiceKind.TARGETS, chooser, spec.text, tuple(options)))
            found[index] = _as_targets(answer, 1)
        else:
            picks_value = game.choices.ask(Choice(
                ChoiceKind.TARGETS, chooser, spec.text, accepts=_targets_among(options, spec.count)))
            found[index] = _as_targets(picks_value, spec.count)
    return tuple(found[index] for index in range(len(specs)))


def within_choosers_range(game: Game, chooser: PlayerId, target: Target) -> bool:
    """801.5a: a player asked to choose an object or player chooses one within their range."""
    if isinstance(target, str):
        return influence.in_range(game, chooser, target)
    return influence.object_in_range(game, chooser, game.view(target))


def right_number(spec: TargetSpec, picks: Sequence[Target]) -> bool:
    """One instance of the word "target" needs that many different targets: the same one can't be
    chosen twice for it (601.2c, 115.3; it may be chosen again for another "target")."""
    if spec.count is None:
        return distinct(picks) and (spec.up_to is None or len(picks) <= spec.up_to)
    return distinct(picks) and len(picks) == spec.count


def distinct(picks: Sequence[Target]) -> bool:
    """The objects and players one word "target" chooses are all different (115.3)."""
    return len(set(picks)) == len(picks)


def _targets_among(options: Sequence[Target], count: int | None, up_to: int | None = None) -> Callable[[object], bool]:
    def accepts(value: object) -> bool:
        if not isinstance(value, (list, tuple)):
            return False
        ids = [getattr(x, "id", x) for x in value]
        return len(set(ids)) == len(ids) and (count is None or len(ids) == count) and \
            (up_to is None or len(ids) <= up_to) and all(x in options for x in ids)
    return accepts


def _as_targets(raw: object, count: int | None) -> tuple[Target, ...]:
    from kb.engine.objects import GameObject

    items = raw if isinstance(raw, (list, tuple)) and (count is None or count > 1) else [raw]
    found: list[Target] = []
    for item in items:
        if isinstance(item, GameObject):
            found.append(item.id)
        elif isinstance(item, (int, str)):
            found.append(item)
        else:
            raise IllegalAction(f"not a target: {item!r}")
    return tuple(found)


def _name(game: Game, target: Target) -> str:
    if isinstance(target, str):
        return f"player {target}"
    obj = game.objects.get(target)
    return f"object {target}" if obj is None else repr(obj)
