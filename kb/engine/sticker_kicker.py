"""Sticker kicker (702.33h): "Sticker kicker [cost]" means "Kicker [cost]" and "As an additional cost
to cast this spell, if it's kicked, you get a ticket counter and you may put a sticker on this spell".

A spell cast with its sticker kicker cost paid is kicked (it is a kicker ability: registered in
:data:`kb.engine.keywords_casting.KICKER_KEYWORDS`); the second ability is a part of that payment,
paid with the rest of the costs (601.2h).  The sticker sheets of 123.2 are not modelled: the sticker
chosen is the scenario's answer to the choice, a :class:`~kb.engine.objects.Sticker` or
:class:`~kb.engine.objects.NameSticker` (or None, to put none)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kb.engine import counters, keywords, keywords_casting, spell_costs, stickers
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost
from kb.engine.objects import NameSticker, Sticker

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.keywords import Keyword
    from kb.engine.objects import GameObject

TICKET = "ticket"


@dataclass(frozen=True)
class TicketAndSticker:
    """The additional cost sticker kicker adds when the spell is kicked (702.33h)."""

    @property
    def text(self) -> str:
        return "you get a ticket counter and you may put a sticker on this spell"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        counters.put(game, player, TICKET, 1)
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a sticker to put on this spell, or none",
                                         accepts=lambda v: v is None or isinstance(v, (Sticker, NameSticker))))
        if source is not None and isinstance(chosen, (Sticker, NameSticker)):
            stickers.put_sticker(game, player, source, chosen)


class StickerKicker(keywords_casting.Kicker):
    """702.33h: kicker, whose payment brings the ticket counter and the sticker with it."""

    keyword = "sticker kicker"
    rule = "702.33h"

    def price(self, keyword: Keyword | None) -> Cost:
        base = super().price(keyword)
        return replace(base, extra=(*base.extra, TicketAndSticker()))


keywords.MODELLED["sticker kicker"] = "cost"
keywords.VARIANT_RULES["sticker kicker"] = "702.33h"
spell_costs.OPTIONS["sticker kicker"] = StickerKicker()
keywords_casting.KICKER_KEYWORDS["sticker kicker"] = "702.33h"

__all__ = ["TICKET", "StickerKicker", "TicketAndSticker"]
