"""Damage (120): dealing it, preventing it (615), and the keyword abilities that change what it
does (:data:`DAMAGE_KEYWORDS`: deathtouch 702.2, lifelink 702.15, protection 702.16e).

Damage dealt at the same time is one batch: each event meets the replacement and prevention
effects (614, 615), then all of it is dealt at once (510.2, 120.3): marked on creatures,
loyalty counters off planeswalkers, defense counters off battles, life off players.  A source
that has left its zone is seen as it last was (702.2e, 702.15c).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import counters, phasing
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.cardtypes import CardType
from kb.engine.errors import NotModelled
from kb.engine.events import DamageDealt, DamagePrevented, Event, LifeChanged
from kb.engine.mana import Color
from kb.engine.replacement import Damage, GainLife, LifeFromDamage, replace

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.replacement import Option, Proposed

_COLOR_WORDS = {"white": Color.WHITE, "blue": Color.BLUE, "black": Color.BLACK, "red": Color.RED,
                "green": Color.GREEN}


def protected_from(protected: View, source: View, *, spared: bool = False) -> bool:
    """Does ``protected`` have protection from a quality ``source`` has (702.16a)?  With
    ``spared``, protection that "doesn't remove" ``source`` doesn't count (702.16n, 702.16p)."""
    return any(has_quality(protected, source, keyword.parameter) for keyword in protected.keywords("protection")
               if not (spared and source.id in keyword.spares))


def has_quality(protected: View, source: View, quality: str) -> bool:
    """Does ``source`` have the quality a protection or hexproof names (702.16a, 702.11d): a colour,
    a card type or subtype (in any zone, 702.16a), "everything" (702.16j), a player or each
    opponent of ``protected``'s controller (702.16k, 702.16i: what that player controls)?"""
    lower = quality.lower()
    if lower == "everything":
        return True
    if lower in _COLOR_WORDS or lower.upper() in {c.value for c in Color}:
        return (_COLOR_WORDS.get(lower) or Color(lower.upper())) in source.colors
    if lower == "multicolored":
        return len(source.colors) > 1
    if lower == "monocolored":
        return len(source.colors) == 1
    if lower.startswith("player "):
        return source.controller == quality.split()[1]
    if lower == "each opponent":
        return source.controller != protected.controller
    singular = quality.removesuffix("s")
    try:
        return source.is_a(CardType(singular.capitalize()))
    except ValueError:
        pass
    from kb.engine.cardtypes import ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES, LAND_TYPES

    if (subtype := singular.capitalize()) in CREATURE_TYPES | LAND_TYPES | ARTIFACT_TYPES | ENCHANTMENT_TYPES:
        return subtype in source.subtypes
    raise NotModelled(f"protection or hexproof from {quality}")


@dataclass(frozen=True)
class Dealt:
    source: ObjectId
    source_view: View
    recipient: ObjectId | PlayerId
    amount: int
    combat: bool


@dataclass
class Results:
    """What one damage event does, once converted (120.3, 120.4c): damage marked, counters put or
    removed, life lost and gained.  Replacement effects may still modify these (120.4c) before
    the event happens (120.4d)."""

    marked: Counter[ObjectId] = field(default_factory=Counter)
    """Damage marked on creatures (120.3e)."""
    counters: list[tuple[ObjectId | PlayerId, str, int]] = field(default_factory=list)
    """Counters put: -1/-1 counters (wither, infect: 120.3d), poison counters (infect: 120.3b)."""
    removed: list[tuple[ObjectId, str, int]] = field(default_factory=list)
    """Loyalty (120.3c) and defense (120.3h) counters removed."""
    life_lost: Counter[PlayerId] = field(default_factory=Counter)
    life_gained: Counter[PlayerId] = field(default_factory=Counter)
    """Life gained as part of the event: lifelink (120.3f), a prevention effect's "gain life equal to
    the damage prevented" (120.4b)."""
    lifelink_sources: Counter[tuple[PlayerId, ObjectId]] = field(default_factory=Counter)
    """The part of ``life_gained`` each lifelink source causes: each is a life gain event of its
    own (702.15e, 119.9-10)."""
    gain_events: dict[PlayerId, list[int]] = field(default_factory=dict)
    """After replacement (120.4c): the life gain events each player's gain is made of."""
    deathtouch: set[ObjectId] = field(default_factory=set)


KeywordRule = Callable[["Game", "Dealt", "Results"], None]


def _deathtouch(game: Game, dealt: Dealt, results: Results) -> None:
    """702.2b: a creature dealt damage by a deathtouch source is destroyed by the next check of
    state-based actions (704.5h)."""
    if isinstance(dealt.recipient, int):
        results.deathtouch.add(dealt.recipient)


def _lifelink(game: Game, dealt: Dealt, results: Results) -> None:
    """702.15b, 120.3f: the source's controller gains that much life, as part of the damage event."""
    player = game.players[dealt.source_view.controller]
    if not player.left:
        results.life_gained[player.name] += dealt.amount
        results.lifelink_sources[player.name, dealt.source] += dealt.amount


def _as_minus_counters(dealt: Dealt, results: Results) -> None:
    """120.3d: damage to a creature from a source with wither or infect is -1/-1 counters."""
    if isinstance(dealt.recipient, int) and results.marked[dealt.recipient] >= dealt.amount:
        results.marked[dealt.recipient] -= dealt.amount
        results.counters.append((dealt.recipient, "-1/-1", dealt.amount))


def _wither(game: Game, dealt: Dealt, results: Results) -> None:
    """702.80a, 120.3d."""
    _as_minus_counters(dealt, results)


def _infect(game: Game, dealt: Dealt, results: Results) -> None:
    """702.90b, 120.3b, 120.3d: poison counters to players, -1/-1 counters to creatures."""
    if isinstance(dealt.recipient, str):
        if results.life_lost[dealt.recipient] >= dealt.amount:
            results.life_lost[dealt.recipient] -= dealt.amount
            results.counters.append((dealt.recipient, "poison", dealt.amount))
        return
    _as_minus_counters(dealt, results)


DAMAGE_KEYWORDS: dict[str, KeywordRule] = {"deathtouch": _deathtouch, "lifelink": _lifelink, "wither": _wither,
                                           "infect": _infect}
"""What a source's keyword changes in the results of the damage it deals, keyed by keyword."""


def _protection_prevents(game: Game, damage: Damage) -> bool:
    """702.16e: damage from a source with a quality the recipient (a permanent or a player) has
    protection from is prevented."""
    from kb.engine import player_keywords

    if isinstance(damage.recipient, str):
        recipient = player_keywords.view(game, damage.recipient)
    elif damage.recipient in game.objects:
        recipient = game.view(damage.recipient)
    else:
        return False
    return protected_from(recipient, game.last_known_view(damage.source))


def source_as_dealt(game: Game, source: ObjectId) -> View:
    """The source as it deals damage, in whatever zone it is (702.2d, 702.15d), or as it last
    existed if it left its zone before the effect dealt it (702.2e, 702.15c)."""
    return game.last_known_view(source)


def keyword_rules(view: View) -> list[KeywordRule]:
    """The damage rules a source's keywords bring: each once, however many instances it has
    (702.2f, 702.15f)."""
    return [rule for name, rule in DAMAGE_KEYWORDS.items() if view.has(name)]


def _in_range(game: Game, source: ObjectId, recipient: ObjectId | PlayerId) -> bool:
    from kb.engine import influence

    controller = game.last_known_view(source).controller
    if isinstance(recipient, str):
        return influence.in_range(game, controller, recipient)
    return influence.object_in_range(game, controller, game.last_known_view(recipient))


def deal(game: Game, batch: Sequence[tuple[ObjectId, ObjectId | PlayerId, int]], combat: bool = False,
         preventable: bool = True) -> list[int]:
    """Deal damage simultaneously, as one event (120.4); returns the amount each part actually
    dealt.  (a)-(b): replacement and prevention effects modify each part; damage that "can't be
    prevented" still meets prevention effects, which prevent none of it (615.12).  (c): the damage
    becomes its results, which replacement effects may modify.  (d): the event happens."""
    from kb.engine import prevention_applied, redirection

    finals: list[Damage | None] = []
    redirected_parts: list[Damage] = []
    events: list[Event] = []
    applied: list[tuple[Option, Proposed, Proposed | None]] = []
    protected: list[tuple[ObjectId, ObjectId | PlayerId, int]] = []
    from kb.engine import rules

    # 615.12: a static "damage can't be prevented" makes a part unpreventable by its source
    can_prevent = [preventable and not rules.forbids(game, rules.DamageCantBePrevented, game.last_known_view(source))
                   for source, _, _ in batch]
    if any(can_prevent):
        shielded = [part for part, ok in zip(batch, can_prevent, strict=True) if ok]
        _shield_division(game, shielded)
        _next_time_from_one_source(game, shielded, combat)
    for (source, recipient, amount), part_preventable in zip(batch, can_prevent, strict=True):
        proposed = Damage(source, recipient, amount, combat, part_preventable)
        if amount <= 0:
            finals.append(None)  # 0 damage is no damage at all (120.8, 614.7a)
            continue
        if game.limited_range and not combat and not _in_range(game, source, recipient):
            finals.append(None)  # a spell or ability affects nothing outside its controller's range (801.10)
            continue
        if proposed.preventable and _protection_prevents(game, proposed):
            events.append(DamagePrevented(source, recipient, amount))
            protected.append((source, recipient, amount))
            finals.append(None)
            continue
        final = replace(game, proposed, record=applied)
        if isinstance(final, Damage):
            redirected_parts += redirection.parts(game, final)
        if isinstance(final, Damage) and final.amount + sum(a for _, a in final.redirected) < amount:
            events.append(DamagePrevented(source, recipient, amount - final.amount))
        finals.append(final if isinstance(final, Damage) else None)
    events += prevention_applied.applications(applied, protected)  # once per effect (615.13)
    results = Results()
    dealt_amounts = []
    dealt_parts: list[Dealt] = []
    for final in finals:
        if final is None:
            dealt_amounts.append(0)
            continue
        for player, gained in final.gains:
            results.life_gained[player] += gained
        dealt = convert(game, final, results)
        dealt_amounts.append(dealt.amount if dealt is not None else 0)
        if dealt is not None:
            dealt_parts.append(dealt)
    for part in redirected_parts:  # dealt as part of the same event (614.9)
        dealt = convert(game, part, results)
        if dealt is not None:
            dealt_parts.append(dealt)
    for dealt in dealt_parts:
        for rule in keyword_rules(dealt.source_view):
            rule(game, dealt, results)
    life = results_replaced(game, results)
    happen(game, results, life, dealt_parts, events)
    return dealt_amounts


def _shield_division(game: Game, batch: Sequence[tuple[ObjectId, ObjectId | PlayerId, int]]) -> None:
    """615.7: when two or more sources would deal damage at once to a shielded permanent or player
    and the shield can't prevent all of it, that player (or the permanent's controller) chooses which
    damage the shield prevents, which decides lifelink, deathtouch and "deals damage" triggers.  The
    model has no such choice; rather than let the shield take the part listed first, it says so."""
    parts: dict[ObjectId | PlayerId, list[tuple[ObjectId, int]]] = {}
    for source, recipient, amount in batch:
        if amount > 0:
            parts.setdefault(recipient, []).append((source, amount))
    for recipient, dealt in parts.items():
        if len({source for source, _ in dealt}) < 2:
            continue
        total = sum(amount for _, amount in dealt)
        for effect in game.effects:
            if effect.active and any(r.shield is not None and r.shield.recipient == recipient
                                     and 0 < r.shield.remaining < total for r in effect.replacements):
                raise NotModelled("which part of simultaneous damage from several sources a prevention shield "
                                  "prevents (615.7)")


def _next_time_from_one_source(game: Game, batch: Sequence[tuple[ObjectId, ObjectId | PlayerId, int]],
                               combat: bool) -> None:
    """615.8: "the next time [a source] would deal damage" prevents the next instance of damage from
    it, however much.  When that source deals damage to several recipients at once (blocked by two
    creatures, "2 damage to each creature"), the model would prevent only the part listed first;
    whether the instance is all of it is not modelled, so it says so."""
    from kb.engine import replacement

    if not any(r.prevention and r.uses is not None for effect in game.effects if effect.active
               for r in effect.replacements):
        return  # the usual case: no such effect exists (they come from resolved spells and abilities)
    by_source: dict[ObjectId, list[Damage]] = {}
    for source, recipient, amount in batch:
        if amount > 0:
            by_source.setdefault(source, []).append(Damage(source, recipient, amount, combat))
    for damages in by_source.values():
        if len(damages) < 2:
            continue
        for option in replacement.sources(game, damages[0], ()):
            rule = option.replacement
            if rule.prevention and rule.uses is not None and "source" in rule.specifies \
                    and sum(1 for d in damages if rule.applies(option.context, d)) >= 2:
                raise NotModelled("whether 'the next time a source would deal damage' prevents all the damage "
                                  "it deals to several recipients at once (615.8)")


def can_be_dealt_damage(view: View) -> bool:
    """120.1a: only creatures, planeswalkers and battles (and players) are dealt damage."""
    return bool(view.types & {CardType.CREATURE, CardType.PLANESWALKER, CardType.BATTLE})


def convert(game: Game, damage: Damage, results: Results) -> Dealt | None:
    """120.3: what damage to its recipient results in (keywords of the source change it later)."""
    recipient = damage.recipient
    if damage.amount <= 0:
        return None
    source_view = source_as_dealt(game, damage.source)
    if isinstance(recipient, str):
        if game.players[recipient].left:
            return None  # 800.4e
        results.life_lost[recipient] += damage.amount  # 120.3a
    else:
        obj = game.objects.get(recipient)
        if obj is None or not phasing.exists(obj):
            return None
        view = game.view(recipient)
        if not can_be_dealt_damage(view):
            return None
        if view.is_a(CardType.PLANESWALKER) and not view.is_a(CardType.CREATURE):
            results.removed.append((recipient, "loyalty", damage.amount))  # 120.3c
        elif view.is_a(CardType.BATTLE) and not view.is_a(CardType.CREATURE):
            results.removed.append((recipient, "defense", damage.amount))  # 120.3h
        else:
            if view.is_a(CardType.PLANESWALKER) or view.is_a(CardType.BATTLE):
                raise NotModelled("damage to a permanent that is both a creature and a planeswalker or battle")
            results.marked[recipient] += damage.amount  # 120.3e
    return Dealt(damage.source, source_view, recipient, damage.amount, damage.combat)


def results_replaced(game: Game, results: Results) -> dict[PlayerId, tuple[int, int]]:
    """120.4c: replacement effects modify the results: life gained (119.10), and what the event
    as a whole does to each player's life total (Worship: "damage that would reduce your life
    total to less than 1")."""
    from kb.engine import rules

    gained: Counter[PlayerId] = Counter()
    for player in [p for p in results.life_lost if rules.life_loss_forbidden(game, p)]:
        results.life_lost[player] = 0  # 119.8
    for player, amount in results.life_gained.items():
        if rules.life_gain_forbidden(game, player):
            continue  # 119.7
        parts = [n for (whose, _), n in results.lifelink_sources.items() if whose == player]  # 702.15e
        for part in [*parts, amount - sum(parts)]:
            final = replace(game, GainLife(player, part)) if part > 0 else None
            if isinstance(final, GainLife) and final.amount > 0:
                gained[final.player] += final.amount
                results.gain_events.setdefault(final.player, []).append(final.amount)
    life: dict[PlayerId, tuple[int, int]] = {}
    for player in sorted(set(results.life_lost) | set(gained)):
        change = replace(game, LifeFromDamage(player, results.life_lost[player], gained[player]))
        if isinstance(change, LifeFromDamage):
            life[player] = (change.loss, change.gain)
    return life


def happen(game: Game, results: Results, life: dict[PlayerId, tuple[int, int]], dealt: list[Dealt],
           events: list[Event]) -> None:
    """120.4d: the damage event happens: everything at once."""
    for object_id, amount in results.marked.items():
        if amount > 0 and object_id in game.objects:
            game.objects[object_id].damage += amount
    for object_id in results.deathtouch:
        if object_id in game.objects:
            game.objects[object_id].deathtouch_damage = True
    game.touch()
    for player, (loss, gain) in life.items():
        if loss:
            game.players[player].life -= loss
            events.append(LifeChanged(player, -loss))
        if gain:
            game.players[player].life += gain
            parts = results.gain_events.get(player, [])
            events += [LifeChanged(player, part) for part in (parts if sum(parts) == gain else [gain])]  # 702.15e
    events += [DamageDealt(d.source, d.recipient, d.amount, d.combat, d.source_view) for d in dealt]
    game.emit(*events)
    for object_id, kind, amount in results.removed:
        if object_id in game.objects:
            counters.remove(game, game.objects[object_id], kind, amount)
    for holder, kind, amount in results.counters:
        if isinstance(holder, str) or holder in game.objects:
            counters.put(game, holder if isinstance(holder, str) else game.objects[holder], kind, amount)
