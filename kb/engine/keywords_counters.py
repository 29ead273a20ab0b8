"""Keyword abilities that have a permanent enter with +1/+1 (or charge) counters, and move them:
amplify (702.38), modular (702.43), sunburst (702.44), bloodthirst (702.54), graft (702.58).

The counters are replacement effects of the entering permanent's own static abilities (614.1c,
614.12: ``KEYWORD_STATIC``); modular's and graft's moving of counters are triggered abilities
(``KEYWORD_TRIGGERED``).  Each instance of these keywords works separately (702.38b, 702.43b,
702.44d, 702.54c, 702.58b).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keywords
from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import Condition
from kb.engine.events import Cause, DamageDealt, TurnBegan
from kb.engine.keywords import Keyword
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.selectors import creatures, objects
from kb.engine.targets import target
from kb.engine.triggers import enters, leaves

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution



def _entering(count: object, kind: object, text: str, pure: bool = True) -> Replacement:
    """This permanent enters with ``count(context, move)`` counters of ``kind`` (614.1c; a function
    of the same for a kind that depends on the permanent).  ``pure`` unless counting asks a player
    something: then the order among several such effects is asked too."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        return move.to_zone is Zone.BATTLEFIELD

    def put(context: ReplacementContext, move: Move) -> Move:
        found = count(context, move)  # type: ignore[operator]
        which = str(kind(context, move) if callable(kind) else kind)
        return replace(move, counters=(*move.counters, (which, found))) if found > 0 else move

    return Replacement(text, Move, applies, put, pure=pure, entering_self=True)


# -- amplify (702.38) --------------------------------------------------------------------------------------


@cache
def _amplify(keyword: Keyword) -> StaticAbility:
    """702.38a: "As this object enters, reveal any number of cards from your hand that share a
    creature type with it.  This permanent enters with N +1/+1 counters on it for each card
    revealed this way" (not itself, nor cards entering with it)."""
    n = keyword.number

    def revealed(context: ReplacementContext, move: Move) -> int:
        game = context.game
        entering = game.objects[move.object_id]
        player = move.controller or entering.owner
        kinds = game.view(entering.id).subtypes
        hand = [c for c in game.hand(player) if c.id != entering.id and game.view(c.id).subtypes & kinds
                and game.view(c.id).is_a(CardType.CREATURE)]
        if not hand:
            return 0
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, f"cards to reveal for amplify {n}",
                                         accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == len(v)
                                         and all(c in hand for c in v), items=tuple(hand)))
        return n * len(chosen)  # type: ignore[arg-type]

    return StaticAbility(f"Amplify {n}", replacements=(_entering(revealed, "+1/+1", f"amplify {n}", pure=False),))


# -- sunburst (702.44) ---------------------------------------------------------------------------------------


def sunburst_count(context: ReplacementContext, move: Move) -> int:
    """702.44b: the colours of mana spent to cast it, if it enters as a spell resolving."""
    obj = context.game.objects[move.object_id]
    return len(colors_spent(obj)) if move.cause is Cause.RESOLVE and obj.zone is Zone.STACK else 0


def colors_spent(obj: GameObject) -> frozenset[str]:
    """The colours of mana spent to cast it (recorded as it was cast, 601.2h)."""
    spent = obj.chosen.get("mana spent", ())
    return frozenset(m for m in spent if m in "WUBRG") if isinstance(spent, tuple) else frozenset()


@cache
def _sunburst(keyword: Keyword) -> StaticAbility:
    """702.44a: "This enters with a +1/+1 counter on it for each color of mana spent to cast it if
    it's entering as a creature, ignoring any type-changing effects that would affect it.
    Otherwise, it enters with a charge counter for each color"."""

    def kind(context: ReplacementContext, move: Move) -> str:
        obj = context.game.objects[move.object_id]
        return "+1/+1" if CardType.CREATURE in obj.printed.types else "charge"

    return StaticAbility("Sunburst", replacements=(_entering(lambda c, m: sunburst_count(c, m), kind, "sunburst"),))


# -- modular (702.43) ---------------------------------------------------------------------------------------


@cache
def _modular_counters(keyword: Keyword) -> StaticAbility:
    """702.43a: "This permanent enters with N +1/+1 counters on it"; "modular—sunburst" counts the
    colours of mana spent, whether or not it is a creature (702.44c)."""
    if keyword.parameter.lower() == "sunburst":
        return StaticAbility("Modular—Sunburst", replacements=(_entering(lambda c, m: sunburst_count(c, m), "+1/+1",
                                                                         "modular—sunburst"),))
    n = keyword.number
    return StaticAbility(f"Modular {n}", replacements=(_entering(lambda c, m: n, "+1/+1", f"modular {n}"),))


@cache
def _modular(keyword: Keyword) -> TriggeredAbility:
    """702.43a: "When this permanent is put into a graveyard from the battlefield, you may put a
    +1/+1 counter on target artifact creature for each +1/+1 counter on this permanent" (as it
    last existed)."""

    def effect(resolution: Resolution) -> None:
        game, target_id, source = resolution.game, resolution.target, resolution.source
        if not isinstance(target_id, int) or source is None:
            return
        count = source.counter("+1/+1")
        if count and game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller,
                                             f"put {count} +1/+1 counter(s) on the target (modular)", (True, False))):
            game.put_counters(target_id, "+1/+1", count)

    return TriggeredAbility(f"Modular {keyword.parameter}", leaves(None, Zone.GRAVEYARD), effect,
                            (target(objects("Artifact", "Creature"), "target artifact creature"),))


# -- bloodthirst (702.54) ------------------------------------------------------------------------------------


def damage_to_opponents_this_turn(game: Game, player: PlayerId) -> int:
    """The damage ``player``'s opponents were dealt this turn."""
    total = 0
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, DamageDealt) and isinstance(event.recipient, str) and event.recipient != player:
            total += event.amount
    return total


@cache
def _bloodthirst(keyword: Keyword) -> StaticAbility:
    """702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
    counters on it"; with X, as many as the damage those opponents were dealt (702.54b)."""
    x = keyword.parameter.upper() == "X"
    n = 0 if x else keyword.number

    def count(context: ReplacementContext, move: Move) -> int:
        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        dealt = damage_to_opponents_this_turn(game, player)
        return (dealt if x else n) if dealt else 0

    return StaticAbility(f"Bloodthirst {keyword.parameter}", replacements=(_entering(count, "+1/+1",
                                                                                     f"bloodthirst {keyword.parameter}"),))


# -- graft (702.58) ------------------------------------------------------------------------------------------


@cache
def _graft_counters(keyword: Keyword) -> StaticAbility:
    n = keyword.number
    return StaticAbility(f"Graft {n}", replacements=(_entering(lambda c, m: n, "+1/+1", f"graft {n}"),))


def _has_counter(context: object) -> bool:
    source = getattr(context, "source", None)
    return source is not None and source.counters.get("+1/+1", 0) > 0


@cache
def _graft(keyword: Keyword) -> TriggeredAbility:
    """702.58a: "Whenever another creature enters, if this permanent has a +1/+1 counter on it, you
    may move a +1/+1 counter from this permanent onto that creature"."""

    def effect(resolution: Resolution) -> None:
        game, source, event = resolution.game, resolution.source_id, resolution.event
        new_id = getattr(event, "new_id", None)
        if source is None or source not in game.objects or new_id not in game.objects:
            return
        if game.objects[source].counter("+1/+1") and game.choices.ask(Choice(
                ChoiceKind.MAY, resolution.controller, "move a +1/+1 counter onto it (graft)", (True, False))):
            game.remove_counters(source, "+1/+1")
            game.put_counters(new_id, "+1/+1")

    return TriggeredAbility(f"Graft {keyword.parameter}", enters(creatures(other=True)), effect,
                            condition=Condition("this permanent has a +1/+1 counter on it", _has_counter))


def _parse(text: str) -> tuple[Keyword, ...] | None:
    """"Modular—Sunburst" (702.44c)."""
    return (Keyword("modular", "sunburst"),) if text.lower().replace(" ", "") in ("modular—sunburst",
                                                                                  "modular-sunburst") else None


keywords.PARSERS.append(_parse)
keywords.MODELLED.update({"amplify": "number", "modular": "number", "sunburst": "none", "bloodthirst": "number",
                          "graft": "number"})
keyword_abilities.KEYWORD_STATIC.update({"amplify": _amplify, "sunburst": _sunburst, "modular": _modular_counters,
                                         "bloodthirst": _bloodthirst, "graft": _graft_counters})
keyword_abilities.KEYWORD_TRIGGERED.update({"modular": _modular, "graft": _graft})
