"""Additional costs printed without a keyword (118.8).

- "As an additional cost to cast this spell, [cost]" on a permanent card: an
  :class:`AdditionalCost` ability, paid with the mana cost (601.2h) as an instant's or sorcery's
  ``SpellAbility.additional`` is.
- "As an additional cost to cast this spell, you may [cost]": an :class:`OptionalAdditionalCost`
  ability.  Paying it is announced as the spell is proposed (601.2b) like kicker's, and the
  spell's other text may ask whether it was paid (607.2i).  The option is an entry of
  :data:`kb.engine.spell_costs.OPTIONS` named :data:`OPTIONAL`; importing the module registers it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import spell_costs
from kb.engine.abilities import StaticAbility
from kb.engine.costs import Cost
from kb.engine.spell_costs import CastingOption

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

OPTIONAL = "optional additional cost"
"""The name a player gives to announce paying a card's optional additional cost."""


@dataclass(frozen=True, eq=False)
class OptionalAdditionalCost(StaticAbility):
    """"As an additional cost to cast this spell, you may [cost]" (118.8): an ability of the card
    that lets its caster pay ``cost`` with the rest of the total cost."""

    cost: Cost | None = None


@dataclass(frozen=True, eq=False)
class AdditionalCost(StaticAbility):
    """"As an additional cost to cast this spell, [cost]" printed on a permanent card (118.8)."""

    cost: Cost | None = None


def printed_additional(card: GameObject) -> Cost | None:
    """A permanent card's own additional cost, if it has one."""
    return next((a.cost for a in card.printed.abilities if isinstance(a, AdditionalCost)), None)


def _printed(spell: GameObject) -> Cost | None:
    return next((a.cost for a in spell.printed.abilities if isinstance(a, OptionalAdditionalCost)), None)


class OptionalAdditional(CastingOption):
    keyword = OPTIONAL
    rule = "118.8"
    kind = "additional"
    needs_keyword = False

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if _printed(spell) is not None else "the card has no optional additional cost"

    def extra_price(self, game: Game, spell: GameObject) -> Cost | None:
        return _printed(spell)


def was_paid(resolution: Resolution) -> bool:
    """"If this spell's additional cost was paid" (607.2i: whether paying it was announced)."""
    return spell_costs.resolution_paid(resolution, OPTIONAL) > 0


spell_costs.OPTIONS[OPTIONAL] = OptionalAdditional()

__all__ = ["OPTIONAL", "AdditionalCost", "OptionalAdditional", "OptionalAdditionalCost", "printed_additional",
           "was_paid"]
