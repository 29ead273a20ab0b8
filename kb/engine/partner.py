"""Partner with [name] (702.124j): in the game, the triggered ability it stands for.

Partner itself and partner—[text] only change deck construction (702.124a, h, i) and stay
unmodelled keywords: a card with them raises NotModelled.  "Partner with [name]" also means
"When this permanent enters, target player may search their library for a card named [name],
reveal it, put it into their hand, then shuffle": that triggered ability is modelled here (its
deck-construction half works before the game and has nothing to play).  An effect that refers to
partner without naming a variant refers to partner with too (702.124n): it counts as partner.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keyword_actions, keywords, searching, zones
from kb.engine.abilities import TriggeredAbility
from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import Cause, Revealed
from kb.engine.keywords import Keyword
from kb.engine.targets import target_player
from kb.engine.triggers import enters

if TYPE_CHECKING:
    from kb.engine.stack import Resolution

PARTNER_WITH = "partner with"


@cache
def _partner_with(keyword: Keyword) -> TriggeredAbility:
    name = keyword.parameter

    def fetch(resolution: Resolution) -> None:
        game = resolution.game
        player = resolution.target
        if not isinstance(player, str):
            return
        if not game.choices.ask(Choice(ChoiceKind.MAY, player, f"search your library for {name}", (True, False))):
            return
        found = searching.search(game, player, player, Zone.LIBRARY, lambda v: v.name == name, up_to=1)
        for card in found or []:
            game.emit(Revealed(card, name, "partner with"))
            zones.move(game, game.objects[card], Zone.HAND, cause=Cause.EFFECT)
        if found is not None:
            keyword_actions.shuffle(game, player)

    return TriggeredAbility(f"Partner with {name} (when this enters, target player may search their library for "
                            f"{name}, reveal it and put it into their hand, then shuffle)", enters(), fetch,
                            (target_player(),))


keywords.MODELLED.update({PARTNER_WITH: "quality"})
keywords.VARIANTS[PARTNER_WITH] = "partner"  # an effect naming no variant means it too (702.124n)
keywords.VARIANT_RULES[PARTNER_WITH] = "702.124j"
keyword_abilities.KEYWORD_TRIGGERED.update({PARTNER_WITH: _partner_with})

__all__ = ["PARTNER_WITH"]
