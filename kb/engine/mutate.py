"""Mutate (702.140) and merged permanents (729).

A spell cast for its mutate cost (a casting option of :data:`kb.engine.spell_costs.OPTIONS`) is a
mutating creature spell targeting a non-Human creature with the same owner (702.140a).  As it resolves
with a legal target it merges with that creature instead of entering the battlefield
(:data:`kb.engine.stack.PERMANENT_SPELLS_INSTEAD`): its controller puts it on top or underneath, and the
creature becomes a merged permanent — the same object, not a new one (729.2b-c).  The components are kept
top first in the permanent's ``chosen`` under :data:`MERGED`; the permanent has the characteristics of the
topmost and the abilities of all (702.140e, 729.2a) through :data:`kb.engine.objects.PRINTED_ALTERNATIVES`.
With its target illegal it resolves as a creature spell (702.140b).  When the merged permanent leaves the
battlefield each component goes to the new zone (729.3, :data:`kb.engine.zones.ON_LEAVING`).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING

from kb.engine import keywords, spell_costs, stack, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import CopiableCard
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled
from kb.engine.events import Event
from kb.engine.objects import PRINTED_ALTERNATIVES
from kb.engine.selectors import where
from kb.engine.spell_costs import CastingOption
from kb.engine.targets import TargetSpec, target

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.context import Context, Seeable
    from kb.engine.game import Game
    from kb.engine.keywords import Keyword
    from kb.engine.objects import GameObject
    from kb.engine.stack import StackObject
    from kb.engine.targets import Target
    from kb.engine.triggers import Trigger

MUTATING = "mutating creature spell"
"""Key of a spell's ``chosen``: it is a mutating creature spell (702.140a-b)."""
MERGED = "merged components"
"""Key of a merged permanent's ``chosen``: its components, top first, each (card, owner) (729.2)."""


@dataclass(frozen=True, eq=False)
class Mutated(Event):
    """A mutating creature spell merged with ``permanent`` (702.140d)."""

    permanent: ObjectId
    controller: PlayerId


def _non_human_same_owner(context: Context, candidate: Seeable) -> bool:
    view = context.game.view(candidate.id)
    spell = context.source
    return (view.is_a(CardType.CREATURE) and "Human" not in view.subtypes and spell is not None
            and context.game.objects[candidate.id].owner == context.game.objects[spell.id].owner)


MUTATE_TARGET = target(where("non-Human creature with the same owner as this spell", _non_human_same_owner),
                       "target non-Human creature with the same owner as this spell")


class Mutate(CastingOption):
    """702.140a: "You may pay [cost] rather than pay this spell's mana cost.  If you do, it becomes a mutating
    creature spell and targets a non-Human creature with the same owner as this spell"."""

    keyword = "mutate"
    rule = "702.140a"

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        spell.chosen[MUTATING] = True
        game.touch()

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        return (*specs, MUTATE_TARGET)


def is_mutating(game: Game, spell_id: ObjectId | None) -> bool:
    obj = game.objects.get(spell_id) if spell_id is not None else None
    return obj is not None and bool(obj.chosen.get(MUTATING))


def _target_illegal(game: Game, item: StackObject) -> bool:
    """702.140b: its target illegal, it ceases to be a mutating creature spell and resolves as a creature spell."""
    if not is_mutating(game, item.spell):
        return False
    assert item.spell is not None
    game.objects[item.spell].chosen[MUTATING] = False
    game.touch()
    return True


def components(obj: GameObject) -> tuple[tuple[Card, PlayerId], ...]:
    """The cards representing ``obj``, top first: itself alone unless it is merged (729.2)."""
    found = obj.chosen.get(MERGED)
    return tuple(found) if isinstance(found, tuple) else ((obj.card, obj.owner),)


def _merge_on_resolution(game: Game, item: StackObject, legal: tuple[tuple[Target, ...], ...]) -> bool:
    """702.140c: a mutating creature spell with a legal target merges with it instead of entering."""
    if not is_mutating(game, item.spell) or not legal or not legal[-1]:
        return False
    chosen = legal[-1][0]
    if not isinstance(chosen, int) or chosen not in game.objects:
        return False
    assert item.spell is not None
    merge(game, game.objects[item.spell], game.objects[chosen], item.controller)
    return True


def merge(game: Game, spell: GameObject, permanent: GameObject, controller: PlayerId) -> None:
    """729.2: the spell is put on top of or under the permanent (its controller chooses, 702.140c); the
    permanent stays the same object (729.2c) and doesn't enter the battlefield (729.2b)."""
    if permanent.is_token or spell.is_token:
        raise NotModelled("a merged permanent with a token component (729.2d)")
    on_top = game.choices.ask(Choice(ChoiceKind.MODE, controller, "put the mutating spell on top or under",
                                     ("top", "bottom"))) == "top"
    existing = components(permanent)
    added = (spell.card, spell.owner)
    permanent.chosen[MERGED] = (added, *existing) if on_top else (*existing, added)
    if on_top and permanent.face_down is not None and spell.face_down is None:
        # 729.2e: the topmost component decides; it is face up, yet it wasn't "turned face up"
        permanent.face_down = None
    game.last_known[spell.id] = game.view(spell.id)
    del game.objects[spell.id]
    refer_to_permanent(game, spell.id, permanent.id)
    game.touch()
    announce(game, Mutated(permanent.id, controller))


def refer_to_permanent(game: Game, spell: ObjectId, permanent: ObjectId) -> None:
    """702.140f: what refers to the mutating creature spell refers to the permanent it merged with."""
    game.became[spell] = permanent


def announce(game: Game, event: Mutated) -> None:
    """702.140d: "whenever a creature mutates" sees the merge."""
    game.emit(event)


def mutates() -> Trigger:
    """"Whenever this creature mutates" (702.140d)."""
    from kb.engine.triggers import on_event

    return on_event("whenever this creature mutates", (Mutated,),
                    lambda t: int(isinstance(t.event, Mutated) and t.event.permanent == t.source.id))


def merged_characteristics(obj: GameObject, printed: CopiableCard) -> CopiableCard:
    """702.140e, 729.2a: the topmost component's characteristics with every component's abilities."""
    found = obj.chosen.get(MERGED)
    if not isinstance(found, tuple) or obj.zone is not Zone.BATTLEFIELD:
        return printed
    top = found[0][0].front if found[0][0] is not obj.card else printed.normal
    abilities = tuple(a for card, _ in found for a in (printed.normal if card is obj.card else card.front).abilities)
    return CopiableCard(with_changes(top, abilities=abilities))


def _split(game: Game, old: GameObject, new: GameObject) -> None:
    """729.3: a merged permanent leaving the battlefield puts each of its components into the new zone."""
    found = old.chosen.get(MERGED)
    if not isinstance(found, tuple) or old.zone is not Zone.BATTLEFIELD:
        return
    if new.zone is Zone.LIBRARY:
        raise NotModelled("a merged permanent put into a library: its components' order (729.3a)")
    rest = list(found)
    rest.remove(next(c for c in rest if c[0] is old.card))
    for card, owner in rest:
        game._new_object(card, owner, new.zone, owner)
    game.touch()


keywords.MODELLED["mutate"] = "cost"
spell_costs.OPTIONS["mutate"] = Mutate()
stack.WHEN_TARGETS_ILLEGAL["mutate"] = _target_illegal
stack.PERMANENT_SPELLS_INSTEAD["mutate"] = _merge_on_resolution
PRINTED_ALTERNATIVES.append(merged_characteristics)
zones.ON_LEAVING.append(_split)

__all__ = ["MERGED", "MUTATE_TARGET", "MUTATING", "Mutate", "Mutated", "announce", "components", "is_mutating",
           "merge", "merged_characteristics", "mutates", "refer_to_permanent"]
