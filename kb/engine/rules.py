"""Changes to the rules rather than to objects: what may be cast, what it costs, who may block
(613.11).  They come from static abilities that function now and from resolved effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import phasing
from kb.engine.abilities import StaticAbility
from kb.engine.basics import PlayerName, Zone
from kb.engine.characteristics import View
from kb.engine.effects import CantBlock, CantCast, CastPermission, CostIncrease, RuleChange

if TYPE_CHECKING:
    from kb.engine.game import Game, GameObject

Change = tuple[RuleChange, "GameObject | None", "PlayerName | None"]


def active_changes(game: Game) -> list[Change]:
    """(change, source object, its controller) for every rules change in force."""
    views = game.views()
    found: list[Change] = []
    for obj in game.objects.values():
        if not phasing.exists(obj) or (obj.zone is Zone.COMMAND and obj.face_down):
            continue
        view = views[obj.id]
        for ability in view.abilities:
            if isinstance(ability, StaticAbility) and ability.rule is not None and ability.zone is obj.zone \
                    and (ability.condition is None or ability.condition(game, obj)):
                found.append((ability.rule, obj, view.controller))
    for effect in game.rule_effects:
        if not effect.ended:
            source = game.objects.get(effect.source) if effect.source is not None else None
            found.append((effect.change, source, effect.controller))
    return found


def forbidden_to_cast(game: Game, spell: View) -> str | None:
    """Why ``spell`` can't be cast, judged by its characteristics on the stack (601.2e, 708.4)."""
    for change, source, _ in active_changes(game):
        if isinstance(change, CantCast) and change.forbids(source, spell):
            return change.text
    return None


def cost_increase(game: Game, spell: View) -> int:
    return sum(change.amount for change, source, _ in active_changes(game)
               if isinstance(change, CostIncrease) and change.applies(source, spell))


def cast_permission(game: Game, player: PlayerName, card: View
                    ) -> tuple[CastPermission, GameObject | None] | None:
    """A permission for ``player`` to cast ``card`` from the zone it is in, and its source (611.3d)."""
    for change, source, controller in active_changes(game):
        if isinstance(change, CastPermission) and controller == player and change.zone is card.zone \
                and change.allows(source, card):
            return change, source
    return None


def cant_block(game: Game, creature: View) -> bool:
    return any(isinstance(change, CantBlock) and change.applies(creature)
               for change, _, _ in active_changes(game))
