"""Split cards (709), fuse (702.102) and aftermath (702.127).

``split_card(card("Fire", "{1}{R}", "Instant", spell=…), card("Ice", "{1}{U}", "Instant", spell=…))``
builds a split card from its two halves.  It is one card (709.2).  In every zone but the stack it
has both halves' characteristics combined (709.4): both mana costs, whose symbols stay separate
(709.4b), so both colours and the sum of the mana values; each card type and each ability of each
half (709.4c).  A player casting it chooses a half (``game.cast(…, half="left")``) before it goes
on the stack (709.3); only that half is evaluated to see if it can be cast (709.3a) and only that
half's characteristics exist on the stack (709.3b).  With fuse, a player casting it from their
hand may cast both halves (``half="fused"``, 702.102a): a fused split spell has the combined
characteristics (702.102b, 709.4d), costs both mana costs (702.102c) and follows the left half's
instructions, then the right's (702.102d).  Aftermath (702.127a) lets its half be cast from its
owner's graveyard only, and exiles that spell whenever it would leave the stack.

Not modelled: split cards with a shared type line (Rooms, 709.5) and choosing one of a split
card's two names (709.4a: the combined name is written "Left // Right").
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kb.engine import casting, keyword_abilities, keywords, spell_costs
from kb.engine.abilities import SpellAbility, StaticAbility
from kb.engine.basics import Zone
from kb.engine.cards import Card
from kb.engine.characteristics import Characteristics
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.keywords import Keyword
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution


def split_card(left: Card, right: Card) -> Card:
    """A split card with halves ``left`` and ``right`` (709.1), each built with :func:`~kb.engine.card`."""
    for half in (left, right):
        if half.is_token or half.back is not None or half.flip is not None or half.halves is not None:
            raise ScenarioError(f"{half.name}: a half of a split card is one face, not a token or a card of "
                                "another layout")
        if half.spell is None:
            raise NotModelled("split cards with a shared type line (709.5)")
    assert left.spell is not None and right.spell is not None
    return Card(combined(left.front, right.front), spell=fused(left.spell, right.spell), halves=(left, right))


def combined(left: Characteristics, right: Characteristics) -> Characteristics:
    """Both halves' characteristics combined (709.4): the mana costs side by side, so the symbols
    stay separate (709.4b); colours from that cost (709.4b); each type and ability (709.4c)."""
    cost = ManaCost((left.mana_cost.symbols if left.mana_cost else ())
                    + (right.mana_cost.symbols if right.mana_cost else ()))
    return Characteristics(f"{left.name} // {right.name}", cost, cost.colors, left.supertypes | right.supertypes,
                           left.types | right.types, left.subtypes | right.subtypes, left.abilities + right.abilities)


def fused(left: SpellAbility, right: SpellAbility) -> SpellAbility:
    """Both halves' instructions (702.102d: :func:`follow_halves`), each with its own targets (the
    left half's come first)."""
    if left.additional is not None and right.additional is not None:
        raise NotModelled("a fused split spell with an additional cost on each half (702.102c)")
    return SpellAbility(f"{left.text} / {right.text}", lambda resolution: follow_halves(resolution, left, right),
                        left.targets + right.targets, left.additional or right.additional)


def follow_halves(resolution: Resolution, left: SpellAbility, right: SpellAbility) -> None:
    """702.102d: as a fused split spell resolves, its controller follows the instructions of the left
    half and then those of the right half, each half reading its own targets."""
    from kb.engine.stack import Resolution

    first = len(left.targets)
    left.effect(Resolution(resolution.game, resolution.item, resolution.legal[:first]))
    right.effect(Resolution(resolution.game, resolution.item, resolution.legal[first:]))


def is_split(card: GameObject) -> bool:
    return card.card.halves is not None


# -- 709.3: choosing a half ---------------------------------------------------------------------------


def _a_half(game: Game, player: PlayerId, card: GameObject) -> str | None:
    return None if is_split(card) else "only a split card has halves (709.1)"


def _both_halves(game: Game, player: PlayerId, card: GameObject) -> str | None:
    """702.102a: a split card with fuse, cast from its caster's hand."""
    if not is_split(card):
        return "only a split card has halves (709.1)"
    if not game.view(card.id).has("fuse"):
        return "it has no fuse (702.102a)"
    if card.zone is not Zone.HAND or card.owner != player:
        return "fuse applies only while the card is in its caster's hand (702.102a)"
    return None


# -- 702.127a aftermath ---------------------------------------------------------------------------------


def _aftermath_zones(game: Game, player: PlayerId, card: GameObject, spell: View) -> bool | None:
    """702.127a: "You may cast this half of this split card from your graveyard" and "This half of
    this split card can't be cast from any zone other than a graveyard"."""
    if not spell.has("aftermath"):
        return None
    if card.zone is not Zone.GRAVEYARD:
        return False
    return True if card.owner == player else None


@cache
def _aftermath(keyword: Keyword) -> StaticAbility:
    """702.127a: "If this spell was cast from a graveyard, exile it instead of putting it anywhere
    else any time it would leave the stack"."""

    from kb.engine.keywords_casting import exiled_as_it_leaves_the_stack

    return exiled_as_it_leaves_the_stack(
        "Aftermath", lambda game, spell: spell_costs.cast_from(game, spell) is Zone.GRAVEYARD)


keywords.MODELLED.update({"fuse": "none", "aftermath": "none"})
casting.PARTS.update({"left": _a_half, "right": _a_half, "fused": _both_halves})
casting.OWN_PERMISSIONS["aftermath"] = _aftermath_zones
keyword_abilities.KEYWORD_STATIC["aftermath"] = _aftermath

__all__ = ["combined", "follow_halves", "fused", "is_split", "split_card"]
