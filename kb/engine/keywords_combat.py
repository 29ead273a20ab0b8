"""Keyword abilities that trigger as creatures block or become blocked, or that make creatures
block: rampage (702.23), flanking (702.25), provoke (702.39), bushido (702.45).

Each is an entry of :data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED`; each instance of the
keyword triggers on its own (702.23c, 702.25b, 702.39b, 702.45b).  Provoke's "blocks this
creature this combat if able" is a blocking requirement (509.1c): a
:class:`kb.engine.rules.MustBlock` naming the attacker, which the declaration of blockers obeys
as far as it can (:mod:`kb.engine.declarations`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keywords, rules
from kb.engine.abilities import TriggeredAbility
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.durations import UntilEndOfCombat, UntilEndOfTurn
from kb.engine.events import BlockerAdded, BlockersDeclared
from kb.engine.keywords import Keyword
from kb.engine.parts import modify_pt
from kb.engine.selectors import Filter, only
from kb.engine.targets import TargetSpec
from kb.engine.triggers import attacks, becomes_blocked, on_event
from kb.engine.turn_triggers import becomes_blocked_by

if TYPE_CHECKING:
    from kb.engine.context import Context, Seeable
    from kb.engine.stack import Resolution
    from kb.engine.triggers import TriggerContext




@cache
def _rampage(keyword: Keyword) -> TriggeredAbility:
    """702.23a: "Whenever this creature becomes blocked, it gets +N/+N until end of turn for each
    creature blocking it beyond the first" — counted once, as it resolves (702.23b)."""
    n = keyword.number

    def effect(resolution: Resolution) -> None:
        game, source = resolution.game, resolution.source_id
        if source is None or source not in game.objects or game.combat is None:
            return
        beyond = max(0, len(game.combat.blockers_of(source)) - 1)
        if beyond:
            resolution.create_effect(f"rampage {n}: +{n * beyond}/+{n * beyond}", [modify_pt(n * beyond, n * beyond)],
                                     [source], UntilEndOfTurn())

    return TriggeredAbility(f"Rampage {n}", becomes_blocked(None), effect)


def _without_flanking() -> Filter:
    return Filter("creature without flanking", lambda context, candidate: not candidate.has("flanking"))


@cache
def _flanking(keyword: Keyword) -> TriggeredAbility:
    """702.25a: "Whenever this creature becomes blocked by a creature without flanking, the
    blocking creature gets -1/-1 until end of turn" — once for each such blocker (509.3d); each
    instance resolves for the blocker it triggered for, in the order of the declaration."""
    trigger = becomes_blocked_by(None, by=_without_flanking())

    def effect(resolution: Resolution) -> None:
        event, game, source = resolution.event, resolution.game, resolution.source_id
        if isinstance(event, BlockerAdded):
            blockers = [event.blocker]
        elif isinstance(event, BlockersDeclared):
            seen = getattr(event, "seen", None) or {}
            blockers = [b for b, a in event.pairs if a == source
                        and not (seen.get(b) or game.last_known_view(b)).has("flanking")]
        else:
            return
        if not blockers:
            return
        blocker = blockers[resolution.item.options.get("occurrence", 0) % len(blockers)]  # 603.2d: again in turn
        if blocker in game.objects:
            resolution.create_effect("flanking: -1/-1", [modify_pt(-1, -1)], [blocker], UntilEndOfTurn())

    return TriggeredAbility("Flanking", trigger, effect)


@cache
def _bushido(keyword: Keyword) -> TriggeredAbility:
    """702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn"."""
    n = keyword.number

    def count(t: TriggerContext) -> int:
        e = t.event
        if isinstance(e, BlockerAdded):
            return int(e.newly_blocked and e.attacker == t.source.id)  # 509.3c
        if not isinstance(e, BlockersDeclared):
            return 0
        return 1 if t.source.id in e.blockers or t.source.id in e.blocked else 0

    def effect(resolution: Resolution) -> None:
        source = resolution.source_id
        if source is not None and source in resolution.game.objects:
            resolution.create_effect(f"bushido {n}", [modify_pt(n, n)], [source], UntilEndOfTurn())

    return TriggeredAbility(f"Bushido {n}", on_event("whenever this blocks or becomes blocked",
                                                     (BlockersDeclared, BlockerAdded), count), effect)


def defending_creature() -> Filter:
    """"Creature defending player controls", for an ability of an attacking creature."""

    def test(context: Context, candidate: Seeable) -> bool:
        state = context.game.combat
        source = context.source_state("the attacking creature")
        if state is None or source.id not in state.attackers or not candidate.is_a(CardType.CREATURE):
            return False
        return candidate.controller == state.defending.get(source.id)  # 508.5

    return Filter("creature defending player controls", test)


@cache
def _provoke(keyword: Keyword) -> TriggeredAbility:
    """702.39a: "Whenever this creature attacks, you may have target creature defending player
    controls untap and block this creature this combat if able"."""

    def effect(resolution: Resolution) -> None:
        game, target, source = resolution.game, resolution.target, resolution.source_id
        if not isinstance(target, int) or source is None:
            return
        if not game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller,
                                       "have the target untap and block this creature (provoke)", (True, False))):
            return
        game.untap(target)
        resolution.create_effect("provoked: blocks it this combat if able", (), (), UntilEndOfCombat(),
                                 rules=[rules.MustBlock(only(target), source)])

    return TriggeredAbility("Provoke", attacks(None), effect,
                            (TargetSpec("target creature defending player controls", defending_creature()),))


keywords.MODELLED.update({"rampage": "number", "flanking": "none", "bushido": "number", "provoke": "none"})
keyword_abilities.KEYWORD_TRIGGERED.update({"rampage": _rampage, "flanking": _flanking, "bushido": _bushido,
                                            "provoke": _provoke})
