"""Casting spells (601.2), abilities on the stack, and resolving (608).

Casting moves the card to the stack first and then checks what the rules forbid and what
it costs, using the spell's characteristics there: a face-down spell is judged as a nameless
colourless 2/2 creature (601.3e, 708.4).  An illegal cast is undone completely.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine import continuous, morph, phasing, rules, zones
from kb.engine.abilities import Resolve
from kb.engine.basics import INSTANT, PERMANENT_TYPES, IllegalAction, ObjectId, PlayerName, Zone
from kb.engine.effects import CastPermission, gain
from kb.engine.events import SpellCast, ZoneChange
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject, StackItem
    from kb.engine.objects import TargetRule

FACE_DOWN_COST = ManaCost(3)
"""What a face-down spell costs instead of its mana cost: {3} (702.37a)."""


def cast(game: Game, player: PlayerName, object_id: ObjectId, *, face_down: bool = False, x: int = 0,
         targets: Sequence[ObjectId] = ()) -> ObjectId:
    """Cast a card; returns the spell's object id.  Raises IllegalAction and changes nothing
    when the rules forbid it."""
    from kb.engine.game import StackItem

    card = game.obj(object_id)
    if game.priority_holder != player:
        raise IllegalAction(f"{player} does not have priority")
    face_up = game.view(object_id)
    if face_down and not morph.can_be_cast_face_down(face_up):
        raise IllegalAction("only a card with morph can be cast face down (702.37d)")
    permission = None
    if card.zone is not Zone.HAND or card.owner != player:
        permission = rules.cast_permission(game, player, face_up)
        if permission is None:
            raise IllegalAction(f"{player} may not cast a card from {card.zone.value}")
    if (face_down or not face_up.is_a(INSTANT)) and not _sorcery_timing(game, player):
        raise IllegalAction("a spell that isn't an instant needs a main phase and an empty stack")
    spell = zones.relocate(game, card, Zone.STACK, player, face_down=face_down)
    spell.x = x
    try:
        view = game.view(spell.id)
        reason = rules.forbidden_to_cast(game, view)
        if reason is not None:
            raise IllegalAction(f"cannot be cast: {reason}")
        printed = view.characteristics.mana_cost
        if not face_down and printed is None:
            raise IllegalAction("a spell with no mana cost can't be cast for its mana cost")
        base = FACE_DOWN_COST if face_down else printed
        assert base is not None
        cost = base.with_x(x).plus(rules.cost_increase(game, view))
        for target in targets:
            if not legal_target(game, card.card.target, target):
                raise IllegalAction(f"object {target} is not a legal target")
        game.players[player].mana.pay(cost)
    except IllegalAction:
        _undo(game, spell, card)
        raise
    game.stack.append(StackItem(str(view.name or "face-down spell"), player, object_id=spell.id,
                                targets=tuple(targets), target_rule=card.card.target, x=x))
    if permission is not None:
        grant_on_cast(game, permission[0], permission[1], spell.id)
    continuous.begin_waiting(game, view, player)
    game.emit(ZoneChange(card.id, spell.id, face_up, card.zone, Zone.STACK), SpellCast(spell.id, player))
    return spell.id


def grant_on_cast(game: Game, permission: CastPermission, source: GameObject | None, spell: ObjectId) -> None:
    """What a permission gives the spells cast with it lasts for the permission's own duration,
    even after the permission's source is gone (611.3d, 400.7b)."""
    if permission.grants:
        continuous.create(game, permission.text, [gain(*permission.grants)], [spell], permission.duration,
                          source.id if source is not None else None)


def _sorcery_timing(game: Game, player: PlayerName) -> bool:
    return player == game.active and game.step == "main" and not game.stack


def _undo(game: Game, spell: GameObject, card: GameObject) -> None:
    del game.objects[spell.id]
    game.objects[card.id] = card
    game.last_known.pop(card.id, None)


def legal_target(game: Game, rule: TargetRule | None, target: ObjectId) -> bool:
    """A target must exist for the game, so a phased-out permanent is never one (702.26b)."""
    obj = game.objects.get(target)
    if obj is None or not phasing.exists(obj) or obj.zone is not Zone.BATTLEFIELD:
        return False
    return rule is None or rule(game, game.view(target))


def activate(game: Game, player: PlayerName, source: ObjectId, text: str, resolve: Resolve,
             targets: Sequence[ObjectId] = (), target_rule: TargetRule | None = None) -> StackItem:
    """Put an activated ability on the stack (602.2); its costs are left to the caller."""
    from kb.engine.game import StackItem

    if game.priority_holder != player:
        raise IllegalAction(f"{player} does not have priority")
    item = StackItem(text, player, source_id=source, resolve=resolve, targets=tuple(targets),
                     target_rule=target_rule)
    game.stack.append(item)
    return item


def resolve_top(game: Game) -> None:
    """Resolve the top of the stack; with every target gone it doesn't resolve (608.2b)."""
    item = game.stack.pop()
    if item.targets:
        legal = tuple(t for t in item.targets if legal_target(game, item.target_rule, t))
        if not legal:
            if item.object_id is not None:
                zones.move(game, game.obj(item.object_id), Zone.GRAVEYARD)
            return
        item = replace(item, targets=legal)
    if item.object_id is None:
        if item.resolve is not None:
            item.resolve(game, item)
        return
    spell = game.obj(item.object_id)
    if game.view(spell.id).types & PERMANENT_TYPES:
        if item.targets and spell.card.target is not None:
            spell.attached_to = item.targets[0]  # an Aura spell enters attached to its target (303.4f)
        zones.enter_from_stack(game, spell, item.controller)
        return
    if spell.card.effect is not None:
        spell.card.effect(game, item)
    if spell.id in game.objects and game.objects[spell.id].zone is Zone.STACK:
        zones.move(game, spell, Zone.GRAVEYARD)


def counter(game: Game, item: StackItem) -> None:
    """Counter a spell: it goes to its owner's graveyard, revealed if it was face down (701.6, 708.9)."""
    game.stack.remove(item)
    if item.object_id is not None:
        zones.move(game, game.obj(item.object_id), Zone.GRAVEYARD)
