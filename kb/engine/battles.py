"""Battles (310) and their state-based actions (704.5v, 704.5w, 704.5x).

A battle enters with defense counters (310.4b, an intrinsic replacement of :mod:`kb.engine.replacement`)
and, as it enters, its controller chooses its protector (310.8a): for a Siege, one of their
opponents (310.11a); for a battle with no battle type, themself.  A battle can be attacked by a
player for whom its protector is a defending player, even its own controller, and only its
protector's creatures block creatures attacking it (310.8b-c, :mod:`kb.engine.combat`).  Damage to
it removes defense counters (310.6).  A Siege has the intrinsic ability "When the last defense
counter is removed from this permanent, exile it, then you may cast it transformed without
paying its mana cost" (310.11b); casting it transformed is not modelled and raises.
"""

from __future__ import annotations

from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine.abilities import TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import HeldAbility, ObjectState, Origin
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled
from kb.engine.events import CountersRemoved
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.triggers import TriggerContext, on_event

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.stack import Resolution

PROTECTOR = "protector"
"""Where a battle keeps its protector (``GameObject.chosen``): chosen as it enters (310.8a)."""
SIEGE = "Siege"
BATTLE_TYPES = frozenset({SIEGE})
"""The battle types (205.3q)."""


def protector(game: Game, battle: ObjectId) -> PlayerId | None:
    """The player designated as the battle's protector (310.8), or None."""
    obj = game.objects.get(battle)
    value = obj.chosen.get(PROTECTOR) if obj is not None else None
    return value if isinstance(value, str) and value in game.players and not game.players[value].left else None


def set_protector(game: Game, battle: ObjectId, player: PlayerId) -> None:
    """``player`` becomes its protector; the previous one stops being it (310.8f)."""
    game.objects[battle].chosen[PROTECTOR] = player
    game.touch()


def eligible_protectors(game: Game, battle: View | ObjectState, controller: PlayerId) -> list[PlayerId]:
    """Who can be its protector under ``controller``, by its battle type (310.8a, 310.11a)."""
    if SIEGE in battle.subtypes:
        return game.opponents(controller)
    return [controller] if not game.players[controller].left else []


def legal_protectors(game: Game, controller: PlayerId, battle: View | ObjectState) -> list[PlayerId]:
    """Who may protect the battle under ``controller`` (310.8a; a Siege: an opponent, 310.11a)."""
    return eligible_protectors(game, battle, controller)


def can_be_attacked_by(game: Game, battle: ObjectId, defenders: list[PlayerId]) -> bool:
    """310.8b: a battle can be attacked by a player whose defending player is its protector."""
    view = game.views().get(battle)
    return view is not None and view.zone is Zone.BATTLEFIELD and view.is_a(CardType.BATTLE) \
        and protector(game, battle) in defenders


def choose_protector(game: Game, battle: View | ObjectState, controller: PlayerId, prompt: str) -> PlayerId | None:
    options = eligible_protectors(game, battle, controller)
    if not options:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.PROTECTOR, controller, prompt, tuple(options)))
    return str(chosen)


def _protector_as_it_enters(context: ReplacementContext, move: Move) -> Move:
    from kb.engine import replacement

    game = context.game
    arriving = replacement.as_it_would_enter(game, move)
    if arriving is None:
        return move
    controller = move.controller or game.objects[move.object_id].owner
    chosen = choose_protector(game, arriving, controller, "the battle's protector (310.8a)")
    return with_changes(move, choices=(*move.choices, (PROTECTOR, chosen)))


PROTECTOR_AS_IT_ENTERS = Replacement("As a battle enters, its controller chooses its protector (310.8a).", Move,
                                     lambda c, m: m.to_zone is Zone.BATTLEFIELD, _protector_as_it_enters,
                                     pure=False, entering_self=True, independent=True)


def _last_defense_counter(t: TriggerContext) -> int:
    event = t.event
    if not isinstance(event, CountersRemoved) or event.object_id != t.source.id or event.kind != "defense":
        return 0
    return int(t.source.counter("defense") == 0)


def _exile_then_cast_transformed(resolution: Resolution) -> None:
    game = resolution.game
    source = resolution.source_id
    obj = game.objects.get(source) if source is not None else None
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        return
    exiled = game.exile(obj)[0]
    if exiled is None or exiled.card.back is None:
        return  # no back face: it can't be cast transformed
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "cast it transformed", (True, False))):
        raise NotModelled("casting a Siege transformed from exile (310.11b, 712)")


SIEGE_ABILITY = TriggeredAbility(
    "When the last defense counter is removed from this permanent, exile it, then you may cast it transformed "
    "without paying its mana cost.", on_event("when the last defense counter is removed", (CountersRemoved,),
                                              _last_defense_counter), _exile_then_cast_transformed)
"""The intrinsic ability of a Siege (310.11b)."""


def sync_intrinsic(state: ObjectState) -> None:
    """A Siege has :data:`SIEGE_ABILITY` while it is a Siege battle (310.11b), like a land has the
    mana abilities of its basic land types (305.6): effects that remove abilities remove it."""
    wanted = CardType.BATTLE in state.types and SIEGE in state.subtypes
    has = any(h.ability is SIEGE_ABILITY for h in state.abilities)
    if wanted and not has:
        state.abilities = (*state.abilities, HeldAbility(SIEGE_ABILITY, Origin.INTRINSIC))
    elif has and not wanted:
        state.abilities = tuple(h for h in state.abilities if h.ability is not SIEGE_ABILITY)


def attacked_by(game: Game, battle: ObjectId) -> list[ObjectId]:
    """The attacking creatures attacking this battle now."""
    state = game.combat
    return [] if state is None else [a for a, what in state.attackers.items() if what == battle]


def defending_player(game: Game, battle: ObjectId) -> PlayerId | None:
    """The defending player for a creature attacking this battle: its protector (310.8d)."""
    return protector(game, battle)


__all__ = [
    "PROTECTOR",
    "PROTECTOR_AS_IT_ENTERS",
    "SIEGE",
    "SIEGE_ABILITY",
    "attacked_by",
    "can_be_attacked_by",
    "choose_protector",
    "defending_player",
    "eligible_protectors",
    "legal_protectors",
    "protector",
    "set_protector",
    "sync_intrinsic",
]
