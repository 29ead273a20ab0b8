"""Battles (310): defense, protectors, attacking a battle, and Sieges.

A battle enters with defense counters (310.4b, an intrinsic replacement effect in
:mod:`kb.engine.replacement`); its defense on the battlefield is their number (310.4c) and damage
removes them (310.6, 120.3h).  As it enters, its controller chooses its protector — for a Siege,
one of their opponents (310.8a, 310.11a); the protector can't attack it, a player whose defending
player is its protector can, and only the protector's creatures can block creatures attacking it
(310.8b-c).  A battle with defense 0 goes to its owner's graveyard unless it is the source of a
triggered ability that hasn't left the stack (310.7, 704.5v); one with no protector in the game gets
a new one or goes (704.5w); a Siege protected by its controller gets an opponent as protector or
goes (704.5x).  A Siege has "When the last defense counter is removed from this permanent, exile
it, then you may cast it transformed without paying its mana cost" (310.11b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.abilities import TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled
from kb.engine.events import CountersRemoved
from kb.engine.triggers import Trigger, TriggerContext

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.stack import Resolution

PROTECTOR = "protector"
"""Where a battle keeps its protector (``GameObject.chosen``): chosen as it enters (310.8a)."""
SIEGE = "Siege"


def protector(game: Game, battle: ObjectId) -> PlayerId | None:
    obj = game.objects.get(battle)
    value = obj.chosen.get(PROTECTOR) if obj is not None else None
    return value if isinstance(value, str) else None


def legal_protectors(game: Game, controller: PlayerId, view: View) -> list[PlayerId]:
    """Who may protect the battle: for a Siege, its controller's opponents (310.11a)."""
    if SIEGE in view.subtypes:
        return game.opponents(controller)
    raise NotModelled(f"protectors of battles of other types than Siege: {sorted(view.subtypes)} (310.8a)")


def entering_choices(game: Game, object_id: ObjectId, controller: PlayerId) -> tuple[tuple[str, object], ...]:
    """As a battle enters, its controller chooses its protector (310.8a, 310.11a); with no one to
    choose, it has none and the state-based actions deal with it (704.5w)."""
    view = game.view(object_id)
    if not view.is_a(CardType.BATTLE):
        return ()
    options = legal_protectors(game, controller, view)
    if not options:
        return ()
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, controller, "the battle's protector", tuple(options)))
    return ((PROTECTOR, chosen),)


def can_be_attacked_by(game: Game, battle: ObjectId, defenders: list[PlayerId]) -> bool:
    """310.8b: a battle can be attacked by a player whose defending player is its protector."""
    view = game.view(battle)
    return view.is_a(CardType.BATTLE) and protector(game, battle) in defenders


def _last_counter_removed(t: TriggerContext) -> int:
    e = t.event
    return int(isinstance(e, CountersRemoved) and e.object_id == t.source.id and e.kind == "defense"
               and t.source.counter("defense") == 0 and e.count > 0)


def _exile_then_cast(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    if source is None or source not in game.objects:
        return
    [exiled] = game.exile(source)
    if exiled is None:
        return
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "cast it transformed without paying its mana "
                                                                     "cost?", (True, False))):
        raise NotModelled("casting a Siege transformed as its ability resolves (310.11b)")


SIEGE_ABILITY = TriggeredAbility(
    "When the last defense counter is removed from this permanent, exile it, then you may cast it transformed without "
    "paying its mana cost.", Trigger("when the last defense counter is removed", (CountersRemoved,),
                                     _last_counter_removed, "last defense counter"), _exile_then_cast)
"""310.11b: the ability every Siege has."""


def intrinsic_triggers(view: View) -> list[TriggeredAbility]:
    return [SIEGE_ABILITY] if view.is_a(CardType.BATTLE) and SIEGE in view.subtypes else []
