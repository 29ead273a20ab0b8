"""Activating abilities (602) and mana abilities (605).

Only the controller of an object activates its abilities (602.2), while the ability functions
in the object's zone (113.6); "activate only as a sorcery" follows sorcery timing (602.5d); a
creature's {T} or {Q} ability needs the creature under its controller's control since their
most recent turn began, unless it has haste (602.5a, 302.6); effects may forbid activating
(602.5, :class:`~kb.engine.rules.CantActivate`).  The ability goes on the stack with its targets
(602.2a-b, 601.2c) and its costs are paid (601.2f-h); a mana ability doesn't use the stack and
resolves at once (605.3b).  An illegal activation leaves the game as it was (602.2, 732).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import (
    ability_instances,
    keyword_abilities,
    loyalty,
    mana_abilities,
    payment,
    phasing,
    priority,
    rules,
    stack,
    targets,
)
from kb.engine.abilities import ActivatedAbility
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.cardtypes import CardType
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError, UnscriptedChoice
from kb.engine.events import AbilityActivated, Event, ManaAdded
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def find(view: View, which: int | str | ActivatedAbility) -> ActivatedAbility:
    abilities = keyword_abilities.activated(view)
    if isinstance(which, ActivatedAbility):
        if which not in abilities:
            raise IllegalAction(f"{view.name or 'the object'} doesn't have the ability {which.text!r}")
        return which
    if isinstance(which, int):
        if not 0 <= which < len(abilities):
            raise ScenarioError(f"{view.name or 'the object'} has {len(abilities)} activated abilities, "
                                f"not one numbered {which}")
        return abilities[which]
    for ability in abilities:
        if ability.text == which or ability.text.lower().startswith(which.lower()):
            return ability
    raise IllegalAction(f"{view.name or 'the object'} has no activated ability {which!r}")


def summoning_sick(game: Game, obj: GameObject, view: View) -> bool:
    """302.6: a creature not under its controller's control since their most recent turn began."""
    return view.is_a(CardType.CREATURE) and obj.control_since >= game.turn and not view.has("haste")


def may_activate(player: PlayerId, view: View) -> bool:
    """Only an object's controller activates its abilities (602.2)."""
    return view.controller == player


def loyalty_ability_allowed(game: Game, player: PlayerId, obj: GameObject, view: View,
                            ability: ActivatedAbility) -> int:
    """606.3, 606.6: a loyalty ability only at sorcery speed, only if no loyalty ability of that
    permanent has been activated this turn, and with enough loyalty counters for a negative cost.
    Returns its total loyalty cost (606.5)."""
    return loyalty.check(game, player, obj, view, ability)


def check_activation(game: Game, player: PlayerId, obj: GameObject, ability: ActivatedAbility, since: int = 0
                     ) -> View:
    view = game.view(obj.id)
    if not phasing.exists(obj):
        raise IllegalAction(f"{obj!r} is phased out: treated as though it doesn't exist, its abilities "
                            "can't be activated", "702.26b")
    if not may_activate(player, view):
        raise IllegalAction(f"only the controller of {obj!r} can activate its abilities", "602.2")
    if not ability.functions_in(view.zone):
        raise IllegalAction(f"{ability.text!r} doesn't function in the {view.zone.value}", "113.6")
    if (ability.cost.tap or ability.cost.untap) and summoning_sick(game, obj, view):
        raise IllegalAction(f"{obj!r} hasn't been under {player}'s control since their turn began", "602.5a")
    if ability.once_each_turn and activated_this_turn(game, obj, ability, since):
        raise IllegalAction(f"{ability.text!r} can be activated only once each turn", "602.1b, 602.5b")
    if ability.restriction is not None and (reason := ability.restriction(game, player, obj)) is not None:
        raise IllegalAction(f"{ability.text!r} can't be activated now: {reason}", "602.5b")
    for change in rules.applies_to(game, rules.CantActivate, view):
        assert isinstance(change, rules.CantActivate)
        if prohibits(change, ability):
            raise IllegalAction(f"its abilities can't be activated: {change.text}", "602.5")
    return view


def activated_this_turn(game: Game, obj: GameObject, ability: ActivatedAbility, since: int = 0) -> bool:
    """Has this instance of ``ability`` of ``obj`` (``since``: the grant it comes from) been activated
    this turn, by anyone (602.5b)?  An identical ability gained from another object is another (602.5c)."""
    from kb.engine.events import TurnBegan

    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AbilityActivated) and event.source_id == obj.id and event.text == ability.text \
                and event.granted_since == since:
            return True
    return False


def prohibits(change: rules.CantActivate, ability: ActivatedAbility) -> bool:
    """Does this "can't be activated" reach ``ability``?  Some spare mana abilities (602.5)."""
    return change.mana_abilities or not ability.is_mana_ability


@dataclass(frozen=True, eq=False)
class ActivationBegun(Event):
    """A player has begun to activate an ability (602.2a): its legality is settled and its costs are
    about to be paid (702.177b asks whether an exhaust ability's activation has begun)."""

    source_id: ObjectId
    player: PlayerId
    text: str


def activate(game: Game, player: PlayerId, obj: GameObject, which: int | str | ActivatedAbility, *,
             targets: Sequence[object] | None = None, x: int = 0, pay_with: Sequence[GameObject] = ()) -> int | None:
    """Activate an ability; returns its id on the stack (None for a mana ability).  ``pay_with``:
    permanents whose mana abilities are activated as the costs are paid (602.2b, 601.2g)."""
    view = game.view(obj.id)
    ability = find(view, which)
    since = ability_instances.granted_since(view, which, ability)
    if ability.is_mana_ability:
        priority.require(game, player, "activating a mana ability outside a payment")
        _mana_ability(game, player, obj, ability, since, pay_with)
        return None
    priority.require(game, player, "activating an ability")
    if ability.timing == "sorcery":
        from kb.engine.casting import sorcery_timing

        if not sorcery_timing(game, player):
            raise IllegalAction("this ability can be activated only as a sorcery", "602.5d")
    from kb.engine import loops

    action = ("activate", obj.id, ability.text)
    state = loops.before_action(game, player, action)  # 731.3
    checkpoint = game.checkpoint()
    try:
        view = check_activation(game, player, obj, ability, since)
        loyal = loyalty_ability_allowed(game, player, obj, view, ability) if ability.is_loyalty_ability else None
        chosen = _targets(game, player, view, ability, targets)
        mana = total_mana_cost(game, player, view, ability, x)
        item = stack.StackObject(game.allocate_id(), player, ability.text, None, ability, obj.id, view,
                                 ability.targets, chosen, x)
        game.log.append(ActivationBegun(obj.id, player, ability.text))
        game.touch()
        for paying in pay_with:  # 602.2b, 601.2g
            activate_mana_abilities(game, player, paying)
        item.options.update(payment.pay(game, player, ability.cost, obj, mana, ability, loyalty=loyal))
        item.options[stack.LINK_SCOPE] = ability_instances.link_scope(view, which, ability)  # 607.1, 607.1a
        stack.push(game, item)
        game.emit(AbilityActivated(obj.id, player, ability.text, since))
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # 732: as though it was never proposed
        raise
    loops.after_action(game, player, action, state)
    priority.acted(game, player)
    return item.id


def total_mana_cost(game: Game, player: PlayerId, view: View, ability: ActivatedAbility, x: int) -> ManaCost | None:
    """The mana part of the total cost (602.2b, 601.2f): the activation cost with X announced, plus
    the increases of effects; then a change to how the activation cost is paid applies to all of
    that total, not to the printed cost alone (602.1e)."""
    printed = ability.cost.mana.with_x(x) if ability.cost.mana is not None else None
    increases = rules.activation_cost_increases(game, player, view)
    total = printed
    if increases:
        symbols = (printed.symbols if printed is not None else ()) + tuple(
            s for more in increases for s in ManaCost.parse(more).symbols)
        total = ManaCost(symbols)
    if total is not None and rules.spends_as_any_color(game, player, view):
        total = total.payable_with_any_color()
    return total


def _targets(game: Game, player: PlayerId, view: View, ability: ActivatedAbility,
             given: Sequence[object] | None) -> tuple[tuple[targets.Target, ...], ...]:
    chosen = targets.choose(game, ability.targets, player, view, given)
    if chosen is None:
        raise IllegalAction("the ability needs a target and there is no legal one", "601.2c, 602.2b")
    return chosen


def _mana_ability(game: Game, player: PlayerId, obj: GameObject, ability: ActivatedAbility, since: int = 0,
                  pay_with: Sequence[GameObject] = (), begun: frozenset[tuple[ObjectId, str]] = frozenset()) -> None:
    """605.3b: it doesn't go on the stack; it resolves immediately after it is activated.  While its
    costs are paid, ``pay_with``'s mana abilities are activated (605.3a) — but not this one again:
    ``begun`` are the mana abilities begun and not yet resolved (605.3c)."""
    checkpoint = game.checkpoint()
    try:
        view = check_activation(game, player, obj, ability, since)
        for paying in pay_with:
            activate_mana_abilities(game, player, paying, begun | {(obj.id, ability.text)})
        payment.pay(game, player, ability.cost, obj)
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # 732: as though it was never proposed
        raise
    assert ability.mana is not None
    mana = mana_abilities.produce(game, player, obj, ability, view)  # its source as it was, if a cost sacrificed it
    game.emit(AbilityActivated(obj.id, player, ability.text, since), ManaAdded(obj.id, player, mana, ability.cost.tap))
    resolve_triggered_mana_abilities(game)


def resolve_triggered_mana_abilities(game: Game) -> None:
    """Triggered mana abilities resolve immediately after the mana ability that triggered them,
    without the stack (605.4a)."""
    from kb.engine.stack import Resolution, StackObject

    for _ in range(len(game.pending) + 1):
        waiting = [p for p in game.pending if p.ability.mana_ability]
        if not waiting:
            return
        for pending in waiting:
            game.pending.remove(pending)
            item = StackObject(game.allocate_id(), pending.controller, pending.ability.text, None, pending.ability,
                               pending.source_id, pending.source, event=pending.event)
            pending.ability.effect(Resolution(game, item, ()))
        game.touch()


def begun_again(begun: frozenset[tuple[ObjectId, str]], source: ObjectId, ability: ActivatedAbility) -> bool:
    """605.3c: once a player begins to activate a mana ability, it can't be activated again until it
    has resolved (while its own costs are paid)."""
    return (source, ability.text) in begun


def activate_mana_abilities(game: Game, player: PlayerId, obj: GameObject,
                            begun: frozenset[tuple[ObjectId, str]] = frozenset()) -> None:
    """While paying a cost (601.2g, 605.3a): activate ``obj``'s mana ability (its only one, or
    the player's choice among several); ``begun``: the mana abilities whose costs are being paid."""
    view = game.view(obj.id)
    abilities = [a for a in keyword_abilities.activated(view) if a.is_mana_ability]
    if not abilities:
        raise IllegalAction(f"{obj!r} has no mana ability to pay with", "605.1a")
    abilities = [a for a in abilities if not begun_again(begun, obj.id, a)]
    if not abilities:
        raise IllegalAction(f"{obj!r}'s mana ability is being activated and hasn't resolved", "605.3c")
    if len(abilities) > 1:
        from kb.engine.choices import Choice, ChoiceKind

        text = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"which mana ability of {obj!r} to activate",
                                       tuple(a.text for a in abilities)))
        chosen = next(a for a in abilities if a.text == text)
    else:
        chosen = abilities[0]
    _mana_ability(game, player, obj, chosen, begun=begun)
