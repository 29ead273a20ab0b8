"""Keyword abilities of dying creatures and of cards in graveyards and exile: soulshift (702.46),
dredge (702.52), haunt (702.55), recover (702.59).

Soulshift and haunt trigger as their permanent dies (looking back, 603.10a); haunt exiles the
card "haunting" a creature (remembered on the exiled card as ``chosen["haunting"]``) and the
card's abilities that refer to the haunted creature trigger from exile (702.55c,
:func:`haunted_dies`).  Recover triggers from a graveyard; dredge is a replacement effect of a
card in a graveyard (``KEYWORD_STATIC``, functioning there).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keywords, libraries, zones
from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import cost
from kb.engine.events import Cause, ZoneChanged
from kb.engine.keywords import Keyword
from kb.engine.replacement import Draw, Replacement, ReplacementContext
from kb.engine.selectors import cards_in, creatures, where
from kb.engine.targets import target
from kb.engine.triggers import Trigger, dies, on_event

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution
    from kb.engine.triggers import TriggerContext



def now(game: Game, object_id: ObjectId) -> GameObject | None:
    """What the object became after it changed zones (for the card an ability of a gone permanent
    refers to: "exile it", "return this card")."""
    while object_id not in game.objects and object_id in game.became:
        object_id = game.became[object_id]
    return game.objects.get(object_id)


def mill(game: Game, player: PlayerId, count: int) -> None:
    """Mill (701.17a): the top ``count`` cards of the library into the graveyard."""
    zones.move_all(game, [game.objects[i] for i in libraries.top(game, player, count)], Zone.GRAVEYARD)  # 614.13c


# -- soulshift (702.46) ---------------------------------------------------------------------------------------


@cache
def _soulshift(keyword: Keyword) -> TriggeredAbility:
    """702.46a: "When this permanent dies, you may return target Spirit card with mana value N or
    less from your graveyard to your hand"."""
    n = keyword.number
    spirits = cards_in(Zone.GRAVEYARD, owner="you", subtypes=["Spirit"]) & where(
        f"mana value {n} or less", lambda c, o: o.mana_value <= n, zones=(Zone.GRAVEYARD,))

    def effect(resolution: Resolution) -> None:
        game, card_id = resolution.game, resolution.target
        if isinstance(card_id, int) and game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller,
                                                                "return it to your hand (soulshift)", (True, False))):
            game.move(card_id, Zone.HAND)

    return TriggeredAbility(f"Soulshift {n}", dies(), effect,
                            (target(spirits, f"target Spirit card with mana value {n} or less in your graveyard"),))


# -- haunt (702.55) -------------------------------------------------------------------------------------------


def _exile_haunting(resolution: Resolution) -> None:
    """Exile this card haunting target creature (702.55a-b)."""
    game, creature, source = resolution.game, resolution.target, resolution.source_id
    card = now(game, source) if source is not None else None
    if not isinstance(creature, int) or card is None or card.zone is not Zone.GRAVEYARD:
        return
    exiled = game.move(card, Zone.EXILE)
    if exiled is not None:
        exiled.chosen["haunting"] = creature


def _haunts(t: TriggerContext) -> int:
    """A permanent dying, or an instant or sorcery spell put into a graveyard as it resolves."""
    e = t.event
    if not isinstance(e, ZoneChanged) or e.old_id != t.source.id:
        return 0
    if e.dies:
        return 1
    return 1 if e.from_zone is Zone.STACK and e.to_zone is Zone.GRAVEYARD and e.cause is Cause.RESOLVE else 0


@cache
def _haunt(keyword: Keyword) -> TriggeredAbility:
    """702.55a: on a permanent, "When this permanent dies, exile it haunting target creature"; on an
    instant or sorcery, "When this spell card is put into a graveyard during its resolution, exile
    it haunting target creature".  Both look back to the object that left (603.10a)."""
    return TriggeredAbility("Haunt", on_event("when this dies or this spell card is put into a graveyard as it "
                                              "resolves", (ZoneChanged,), _haunts, "leaves the battlefield"),
                            _exile_haunting, (target(creatures(), "target creature"),),
                            zones=frozenset({Zone.BATTLEFIELD, Zone.STACK}))


def haunted_dies() -> Trigger:
    """"When the creature it haunts dies" (702.55b-c): an ability of the haunting card in exile;
    looks back, as a creature dying does (603.10a)."""

    def count(t: TriggerContext) -> int:
        e = t.event
        card = t.game.objects.get(t.source.id)
        return 1 if isinstance(e, ZoneChanged) and e.dies and card is not None \
            and card.chosen.get("haunting") == e.old_id else 0

    return on_event("when the creature it haunts dies", (ZoneChanged,), count, "leaves the battlefield")


# -- recover (702.59) ------------------------------------------------------------------------------------------


@cache
def _recover(keyword: Keyword) -> TriggeredAbility:
    """702.59a: "When a creature is put into your graveyard from the battlefield, you may pay
    [cost].  If you do, return this card from your graveyard to your hand.  Otherwise, exile this
    card" (it functions in the graveyard)."""
    from kb.engine.keywords_upkeep import pay_or_not

    price = cost(keyword.parameter)

    def count(t: TriggerContext) -> int:
        e = t.event
        if not (isinstance(e, ZoneChanged) and e.dies and e.before is not None):
            return 0
        return 1 if e.before.is_a(CardType.CREATURE) and e.before.owner == t.source.owner else 0

    def effect(resolution: Resolution) -> None:
        game, source = resolution.game, resolution.source_id
        card = game.objects.get(source) if source is not None else None
        if card is None or card.zone is not Zone.GRAVEYARD:
            return
        if pay_or_not(game, resolution.controller, price, card, "recover"):
            game.move(card, Zone.HAND)
        else:
            game.exile(card)

    return TriggeredAbility(f"Recover {keyword.parameter}",
                            on_event("when a creature is put into your graveyard from the battlefield", (ZoneChanged,),
                                     count, "leaves the battlefield"), effect, zones=frozenset({Zone.GRAVEYARD}))


def can_mill(game: Game, player: PlayerId, count: int) -> bool:
    """702.52b: a player with fewer cards in their library than dredge N can't mill N to dredge."""
    return len(game.players[player].library) >= count


# -- dredge (702.52) -------------------------------------------------------------------------------------------


@cache
def _dredge(keyword: Keyword) -> StaticAbility:
    """702.52a: "If you would draw a card, you may mill N cards instead.  If you do, return this
    card from your graveyard to your hand" — only with N or more cards in your library (702.52b)."""
    n = keyword.number

    def applies(context: ReplacementContext, draw: Draw) -> bool:
        source = context.context.source
        return source is not None and draw.player == source.owner and source.zone is Zone.GRAVEYARD \
            and can_mill(context.game, draw.player, n)

    def replace_draw(context: ReplacementContext, draw: Draw) -> Draw | None:
        game, source = context.game, context.context.source
        assert source is not None
        if not game.choices.ask(Choice(ChoiceKind.MAY, draw.player, f"dredge {n} instead of drawing", (True, False))):
            return draw
        mill(game, draw.player, n)
        card = game.objects.get(source.id)
        if card is not None:
            game.move(card, Zone.HAND)
        return None

    return StaticAbility(f"Dredge {n}", replacements=(Replacement(f"dredge {n}", Draw, applies, replace_draw,
                                                                  pure=False),),
                         zones=frozenset({Zone.GRAVEYARD}))


keywords.MODELLED.update({"soulshift": "number", "haunt": "none", "recover": "cost", "dredge": "number"})
keyword_abilities.KEYWORD_TRIGGERED.update({"soulshift": _soulshift, "haunt": _haunt, "recover": _recover})
keyword_abilities.KEYWORD_STATIC["dredge"] = _dredge
