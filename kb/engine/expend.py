"""Expend (700.14): "whenever you expend N" triggers as a player casts a spell that brings the
mana they've spent to cast spells this turn from less than N to N or more.  The tally is the
player's ``mana_spent_on_spells``, kept as spells are cast (601.2h) and reset as a turn begins."""

from __future__ import annotations

from kb.engine.events import SpellCast
from kb.engine.triggers import Trigger, TriggerContext, on_event


def spent_on(t: TriggerContext, spell_id: int) -> int:
    """The mana spent to cast the spell ``spell_id`` (recorded as it was cast, 601.2h)."""
    spell = t.game.objects.get(spell_id)
    spent = spell.chosen.get("mana spent", ()) if spell is not None else ()
    return len(spent) if isinstance(spent, tuple) else 0


def expend(n: int) -> Trigger:
    """"Whenever you expend N" (700.14)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, SpellCast) or e.player != t.source.controller:
            return 0
        after = t.game.players[e.player].mana_spent_on_spells
        before = after - spent_on(t, e.spell_id)
        return 1 if before < n <= after else 0

    return on_event(f"whenever you expend {n}", (SpellCast,), count)


__all__ = ["expend", "spent_on"]
