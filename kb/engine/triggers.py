"""Triggered abilities: found when events happen (603.2), put on the stack in APNAP order (603.3b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import phasing
from kb.engine.abilities import TriggeredAbility
from kb.engine.characteristics import View
from kb.engine.events import Event, ZoneChange

if TYPE_CHECKING:
    from kb.engine.game import Game


def collect(game: Game, event: Event, look_back: list[View]) -> None:
    """Every ability ``event`` triggers.  Objects that just left the battlefield are seen as they
    were (``look_back``, 603.10a); phased-out permanents see nothing (702.26b)."""
    from kb.engine.game import PendingTrigger

    if isinstance(event, ZoneChange) and event.phased_out:
        return
    views = game.views()
    seen = [views[o.id] for o in game.objects.values() if phasing.exists(o)]
    seen += [v for v in look_back if v.id not in views]
    for view in seen:
        if game.players[view.controller].left:
            continue
        for ability in view.abilities:
            if isinstance(ability, TriggeredAbility) and ability.zone is view.zone \
                    and ability.trigger(game, view, event):
                game.pending.append(PendingTrigger(view.id, ability, view.controller, event, view))


def put_on_stack(game: Game) -> bool:
    """Put waiting triggered abilities on the stack: the active player's first (603.3b)."""
    from kb.engine.game import StackItem

    if not game.pending:
        return False
    pending, game.pending = game.pending, []
    for player in game.apnap():
        for trigger in (t for t in pending if t.controller == player):
            ability = trigger.ability
            targets = ability.targets(game, trigger.source_view, trigger.event) if ability.targets else ()
            if ability.targets is not None and not targets:
                continue  # no legal target: removed from the stack (603.3d)
            game.stack.append(StackItem(ability.text, player, source_id=trigger.source_id,
                                        resolve=ability.effect, targets=targets, event=trigger.event))
    return True
