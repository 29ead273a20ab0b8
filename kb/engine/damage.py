"""Damage (120): dealing it, preventing it (615), and the keyword abilities that change what it
does (:data:`DAMAGE_KEYWORDS`: deathtouch 702.2, lifelink 702.15, protection 702.16e).

Damage dealt at the same time is one batch: each event meets the replacement and prevention
effects (614, 615), then all of it is dealt at once (510.2, 120.3): marked on creatures,
loyalty counters off planeswalkers, defense counters off battles, life off players.  A source
that has left its zone is seen as it last was (702.2e, 702.15c).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import counters, phasing
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.cardtypes import CardType
from kb.engine.errors import NotModelled
from kb.engine.events import DamageDealt, DamagePrevented, Event, LifeChanged
from kb.engine.mana import Color
from kb.engine.replacement import Damage, replace

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game

_COLOR_WORDS = {"white": Color.WHITE, "blue": Color.BLUE, "black": Color.BLACK, "red": Color.RED,
                "green": Color.GREEN}


def protected_from(protected: View, source: View) -> bool:
    """Does ``protected`` have protection from a quality ``source`` has (702.16a)?"""
    for keyword in protected.keywords("protection"):
        quality = keyword.parameter.lower()
        if quality == "everything":
            return True
        if quality in _COLOR_WORDS or quality.upper() in {c.value for c in Color}:
            color = _COLOR_WORDS.get(quality) or Color(quality.upper())
            if color in source.colors:
                return True
            continue
        singular = quality.removesuffix("s")
        try:
            kind = CardType(singular.capitalize())
        except ValueError:
            raise NotModelled(f"protection from {keyword.parameter}") from None
        if source.is_a(kind):
            return True
    return False


@dataclass(frozen=True)
class Dealt:
    source: ObjectId
    source_view: View
    recipient: ObjectId | PlayerId
    amount: int
    combat: bool


KeywordRule = Callable[["Game", "Dealt"], None]


def _deathtouch(game: Game, dealt: Dealt) -> None:
    """702.2b: a creature dealt damage by a deathtouch source is destroyed by the next check of
    state-based actions (704.5h)."""
    if isinstance(dealt.recipient, int) and dealt.recipient in game.objects:
        game.objects[dealt.recipient].deathtouch_damage = True


def _lifelink(game: Game, dealt: Dealt) -> None:
    """702.15b: the source's controller gains that much life (as part of the damage event, 120.3f)."""
    from kb.engine import actions

    player = game.players[dealt.source_view.controller]
    if not player.left:
        actions.gain_life(game, player.name, dealt.amount)


DAMAGE_KEYWORDS: dict[str, KeywordRule] = {"deathtouch": _deathtouch, "lifelink": _lifelink}
"""What a source's keyword does when it deals damage, keyed by keyword."""


def _protection_prevents(game: Game, damage: Damage) -> bool:
    """702.16e: damage from a source with a quality the recipient has protection from is prevented."""
    if isinstance(damage.recipient, str) or damage.recipient not in game.objects:
        return False
    return protected_from(game.view(damage.recipient), game.last_known_view(damage.source))


def deal(game: Game, batch: Sequence[tuple[ObjectId, ObjectId | PlayerId, int]], combat: bool = False,
         preventable: bool = True) -> list[int]:
    """Deal damage simultaneously; returns the amount each part actually dealt.  Damage that
    "can't be prevented" still meets prevention effects, which prevent none of it (615.12)."""
    finals: list[Damage | None] = []
    events: list[Event] = []
    for source, recipient, amount in batch:
        proposed = Damage(source, recipient, amount, combat, preventable)
        if amount <= 0:
            finals.append(None)  # 0 damage is no damage at all (614.7a)
            continue
        if proposed.preventable and _protection_prevents(game, proposed):
            events.append(DamagePrevented(source, recipient, amount))
            finals.append(None)
            continue
        final = replace(game, proposed)
        if isinstance(final, Damage) and final.amount < amount:
            events.append(DamagePrevented(source, recipient, amount - final.amount))
        finals.append(final if isinstance(final, Damage) and final.amount > 0 else None)
    dealt_amounts = []
    results: list[Dealt] = []
    for final in finals:
        if final is None:
            dealt_amounts.append(0)
            continue
        source_view = game.last_known_view(final.source)
        done = _mark(game, final)
        dealt_amounts.append(done)
        if done:
            results.append(Dealt(final.source, source_view, final.recipient, done, final.combat))
    for dealt in results:
        events.append(DamageDealt(dealt.source, dealt.recipient, dealt.amount, dealt.combat))
    game.emit(*events)
    for dealt in results:
        for name, rule in DAMAGE_KEYWORDS.items():
            if dealt.source_view.has(name):
                rule(game, dealt)
    return dealt_amounts


def _mark(game: Game, damage: Damage) -> int:
    """120.3: what damage does to what it is dealt to."""
    recipient = damage.recipient
    if isinstance(recipient, str):
        player = game.players[recipient]
        if player.left:
            return 0  # 800.4e
        player.life -= damage.amount
        game.emit(LifeChanged(recipient, -damage.amount))
        return damage.amount
    obj = game.objects.get(recipient)
    if obj is None or not phasing.exists(obj):
        return 0
    view = game.view(recipient)
    if view.is_a(CardType.PLANESWALKER) and not view.is_a(CardType.CREATURE):
        counters.remove(game, obj, "loyalty", damage.amount)
    elif view.is_a(CardType.BATTLE) and not view.is_a(CardType.CREATURE):
        counters.remove(game, obj, "defense", damage.amount)
    else:
        if view.is_a(CardType.PLANESWALKER) or view.is_a(CardType.BATTLE):
            raise NotModelled("damage to a permanent that is both a creature and a planeswalker or battle")
        obj.damage += damage.amount
    return damage.amount
