"""Keyword abilities of casting spells, 702.27-702.126: buyback, kicker, flashback, madness, storm,
affinity, convoke, replicate, ripple, split second, delve, gravestorm, evoke, conspire, retrace,
cascade, rebound, miracle, overload, dash, surge, emerge, undaunted, improvise.

Their costs are entries of :data:`kb.engine.spell_costs.OPTIONS` (optional additional and
alternative costs), ``COST_CHANGES`` (affinity, undaunted) and ``PAYMENT_KEYWORDS`` (convoke,
delve, improvise); what they do as the spell is cast, resolves or becomes a permanent, entries of
the keyword tables (:data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED`, ``KEYWORD_STATIC``).
Importing the module registers them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import (
    finding,
    keyword_abilities,
    keywords,
    revealing,
    spell_copies,
    spell_costs,
    stack,
)
from kb.engine.abilities import SpellAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import Condition, condition
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause, Event, SpellCast, TurnBegan, ZoneChanged
from kb.engine.hidden_triggers import REVEALING
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.spell_costs import CastingOption
from kb.engine.targets import TargetSpec
from kb.engine.triggers import TriggerContext, enters, on_event

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.parts import LayerPart
    from kb.engine.stack import Resolution, StackObject


def this_turn(game: Game) -> list[Event]:
    """The events of the current turn, oldest first."""
    found: list[Event] = []
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        found.append(event)
    return list(reversed(found))


def paid_condition(keyword: str) -> Condition:
    """"If its [keyword] cost was paid" (an intervening "if", 603.4)."""
    return condition(f"its {keyword} cost was paid",
                     lambda c: c.source is not None and spell_costs.paid(c.game, c.source.id, keyword))


def _item_of(game: Game, spell: ObjectId | None) -> StackObject | None:
    return next((s for s in game.stack if spell is not None and s.spell == spell), None)


def _cast_this(t: TriggerContext) -> int:
    return int(isinstance(t.event, SpellCast) and t.event.spell_id == t.source.id)


def copy_with_new_targets(game: Game, item: StackObject, controller: PlayerId) -> StackObject:
    """Copy a spell; "if the spell has any targets, you may choose new targets for the copy"
    (707.10c): a TARGETS choice, None keeping them."""
    given = None
    if item.specs:
        answer = game.choices.ask(Choice(ChoiceKind.TARGETS, controller, f"new targets for a copy of {item.text} "
                                         "(None: the same)", accepts=lambda v: v is None or isinstance(v, (list, tuple))))
        given = None if answer is None else list(answer)  # type: ignore[call-overload]
    return spell_copies.copy_spell(game, item, controller, new_targets=given)


_counted: weakref.WeakKeyDictionary[Event, set[tuple[ObjectId, str, str | None]]] = weakref.WeakKeyDictionary()


def payments_to_count(t: TriggerContext, keyword: str, parameter: str | None) -> bool:
    """Instances of a keyword alike in every way are one ability to the trigger code; each triggers
    for its own payment only (702.56b, 702.78b): the first instance looked at for an event counts
    the payments of all of them, the others count none."""
    seen = _counted.setdefault(t.event, set())
    key = (t.source.id, keyword, parameter)
    if key in seen:
        return False
    seen.add(key)
    return True


def _once_per_payment(t: TriggerContext, keyword: str, parameter: str | None) -> int:
    """"When you cast this spell, if its [keyword] cost was paid": one trigger per payment."""
    if not _cast_this(t) or not payments_to_count(t, keyword, parameter):
        return 0
    return spell_costs.times_paid(t.game, t.source.id, keyword, parameter)


# -- 702.27 buyback, 702.33 kicker, 702.56 replicate: optional additional costs ------------------------


class Buyback(CastingOption):
    keyword = "buyback"
    rule = "702.27a"
    kind = "additional"


class Kicker(CastingOption):
    """702.33a: "As you cast this spell, you may pay an additional [cost]"; one payment per
    instance (702.33b: "kicker A and/or B" is two instances)."""

    keyword = "kicker"
    rule = "702.33a"
    kind = "additional"

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        """702.33g: the targets of the part that happens only if kicked are chosen only if it is."""
        ability = spell.card.spell
        if isinstance(ability, KickerSpell) and not any(t in specs for t in ability.if_kicked):
            return (*specs, *ability.if_kicked)
        return specs


class Multikicker(Kicker):
    """702.33c: "you may pay an additional [cost] any number of times"; a multikicker cost is a
    kicker cost, so a spell with it is kicked once per payment."""

    keyword = "multikicker"
    repeatable = True


class Replicate(CastingOption):
    keyword = "replicate"
    rule = "702.56a"
    kind = "additional"
    repeatable = True


def kicked(game: Game, object_id: int | None, cost: str | None = None) -> int:
    """How many times the spell (or the permanent it became) was kicked (702.33d) — with the
    kicker ``cost`` only, for "if it was kicked with its [cost] kicker" (702.33f).  Multikicker
    costs are kicker costs (702.33c), and so are the keywords that stand for kicker (702.33h)."""
    return sum(spell_costs.times_paid(game, object_id, name, cost) for name in KICKER_KEYWORDS)


KICKER_KEYWORDS: dict[str, str] = {"kicker": "702.33a", "multikicker": "702.33c"}
"""The keywords whose costs are kicker costs, with their rule: a spell is kicked when one was paid."""


@dataclass(frozen=True, eq=False)
class KickerSpell(SpellAbility):
    """An instant or sorcery with a part that happens only if it was kicked and has targets of its
    own: those targets are chosen only if the spell is kicked; otherwise it is cast as though it
    had none (702.33g, 601.2c).  ``effect`` finds them after ``targets``."""

    if_kicked: tuple[TargetSpec, ...] = field(default=())


@cache
def _buyback(keyword: Keyword) -> StaticAbility:
    """702.27a: "If the buyback cost was paid, put this spell into its owner's hand instead of into
    that player's graveyard as it resolves"."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        spell = context.context.source
        return (spell is not None and move.object_id == spell.id and move.cause is Cause.RESOLVE
                and move.to_zone is Zone.GRAVEYARD and spell_costs.paid(context.game, spell.id, "buyback"))

    return StaticAbility("Buyback", replacements=(
        Replacement("Buyback: to its owner's hand as it resolves", Move, applies,
                    lambda context, move: with_changes(move, to_zone=Zone.HAND)),), zones=frozenset({Zone.STACK}))


@cache
def _replicate(keyword: Keyword) -> TriggeredAbility:
    """702.56a: "When you cast this spell, if a replicate cost was paid for it, copy it for each
    time its replicate cost was paid"; each instance counts its own payments (702.56b)."""

    def count(t: TriggerContext) -> int:
        return int(_once_per_payment(t, "replicate", keyword.parameter) > 0)

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        item = _item_of(game, resolution.source_id)
        if item is not None:
            for _ in range(spell_costs.times_paid(game, resolution.source_id, "replicate", keyword.parameter)):
                copy_with_new_targets(game, item, resolution.controller)

    return TriggeredAbility(f"Replicate {keyword.parameter}", on_event("when you cast this spell, if a replicate "
                                                                        "cost was paid", (SpellCast,), count),
                            effect, zones=frozenset({Zone.STACK}))


# -- 702.34 flashback, 702.81 retrace: from the graveyard ---------------------------------------------


class Flashback(CastingOption):
    """702.34a: cast from your graveyard by paying [cost] rather than the mana cost, if the
    resulting spell is an instant or sorcery."""

    keyword = "flashback"
    rule = "702.34a"
    zones = frozenset({Zone.GRAVEYARD})

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        if spell_costs.cast_from(game, spell.id) is not Zone.GRAVEYARD:
            return "flashback casts the card from its owner's graveyard"
        if not game.view(spell.id).types & {CardType.INSTANT, CardType.SORCERY}:
            return "the resulting spell isn't an instant or sorcery"
        return None

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        """A card that only gained flashback in the graveyard (Recoup) is cast with it all the same,
        so the spell is exiled as it leaves the stack (702.34a): the spell keeps the keyword."""
        if keyword is not None and not game.view(spell.id).has("flashback"):
            from kb.engine import continuous, keyword_variables
            from kb.engine.parts import gain

            kept = keyword_variables.anew(game, keyword, spell.id)  # 702.1b: as the spell is (a split card's half)
            continuous.create(game, "cast with flashback", [gain(kept)], [spell.id], controller=player)


def exiled_as_it_leaves_the_stack(name: str, exiles: Callable[[Game, ObjectId], bool]) -> StaticAbility:
    """"Exile this card instead of putting it anywhere else any time it would leave the stack" while
    `exiles(game, spell)` holds: flashback 702.34a, aftermath 702.127a, jump-start 702.133a,
    harmonize 702.180a differ only in that condition (a cost paid, or cast from a graveyard)."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        spell = context.context.source
        return (spell is not None and move.object_id == spell.id and move.to_zone is not Zone.EXILE
                and exiles(context.game, spell.id))

    return StaticAbility(name, replacements=(
        Replacement(f"{name}: exiled as it leaves the stack", Move, applies,
                    lambda context, move: with_changes(move, to_zone=Zone.EXILE)),), zones=frozenset({Zone.STACK}))


def cost_paid(keyword_name: str) -> Callable[[Game, ObjectId], bool]:
    """"If the [keyword] cost was paid"."""
    return lambda game, spell: spell_costs.paid(game, spell, keyword_name)


@cache
def _flashback(keyword: Keyword) -> StaticAbility:
    """702.34a: "If the flashback cost was paid, exile this card instead of putting it anywhere
    else any time it would leave the stack"."""
    return exiled_as_it_leaves_the_stack("Flashback", cost_paid("flashback"))


class Retrace(CastingOption):
    """702.81a: "You may cast this card from your graveyard by discarding a land card as an
    additional cost to cast it"."""

    keyword = "retrace"
    rule = "702.81a"
    kind = "additional"
    zones = frozenset({Zone.GRAVEYARD})

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        if spell_costs.cast_from(game, spell.id) is not Zone.GRAVEYARD:
            return "retrace casts the card from your graveyard"
        return None

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        from kb.engine import actions

        lands = [c for c in game.hand(player) if game.view(c.id).is_a(CardType.LAND)]
        if not lands:
            raise IllegalAction("retrace needs a land card to discard", "702.81a")
        chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, player, "a land card to discard (retrace)",
                                         tuple(c.id for c in lands)))
        actions.discard(game, player, [game.objects[chosen]])  # type: ignore[index]


# -- 702.35 madness ------------------------------------------------------------------------------------

_madness_resolving: set[ObjectId] = set()


class Madness(CastingOption):
    """The madness cost, paid rather than the mana cost as the madness trigger resolves (702.35a-b)."""

    keyword = "madness"
    rule = "702.35a"
    zones = frozenset({Zone.EXILE})

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if spell.previous in _madness_resolving else "only as its madness trigger resolves"


@cache
def _madness_static(keyword: Keyword) -> StaticAbility:
    """702.35a: "If a player would discard this card, that player discards it, but exiles it
    instead of putting it into their graveyard"."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        card = context.context.source
        return card is not None and move.object_id == card.id and move.cause is Cause.DISCARD \
            and move.to_zone is Zone.GRAVEYARD

    return StaticAbility("Madness", replacements=(
        Replacement("Madness: exiled instead as it is discarded", Move, applies,
                    lambda context, move: with_changes(move, to_zone=Zone.EXILE)),), zones=frozenset({Zone.HAND}))


@cache
def _madness_trigger(keyword: Keyword) -> TriggeredAbility:
    """702.35a: "When this card is exiled this way, its owner may cast it by paying [cost] rather
    than paying its mana cost.  If that player doesn't, they put this card into their graveyard"."""

    def count(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, ZoneChanged) and e.new_id == t.source.id and e.cause is Cause.DISCARD
                   and e.from_zone is Zone.HAND and e.to_zone is Zone.EXILE)

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        card = resolution.source_id
        if card is None or card not in game.objects or game.objects[card].zone is not Zone.EXILE:
            return
        owner = game.objects[card].owner
        _madness_resolving.add(card)
        try:
            cast = spell_costs.cast_while_resolving(game, owner, game.objects[card], alternative="madness",
                                                    what="cast it for its madness cost")
        finally:
            _madness_resolving.discard(card)
        if cast is None and card in game.objects and game.objects[card].zone is Zone.EXILE:
            moved = game.move(card, Zone.GRAVEYARD)
            if moved is not None:
                moved.designations.add(PUT_THERE_UNCAST)  # still "the discarded card" (702.35c)

    return TriggeredAbility(f"Madness {keyword.parameter}", on_event("when this card is exiled this way",
                                                                     (ZoneChanged,), count), effect,
                            zones=frozenset({Zone.EXILE}))


PUT_THERE_UNCAST = "put here by its madness trigger, not cast"
"""The designation of a card a madness trigger moved from exile into a public zone uncast (702.35c)."""


def _put_there_by_madness(game: Game, obj: GameObject) -> bool:
    """702.35c, 400.7k: effects referring to the discarded card can find it where its madness
    trigger put it without its being cast."""
    return PUT_THERE_UNCAST in obj.designations and obj.zone.is_public


finding.FOUND_AFTER["702.35c"] = _put_there_by_madness


# -- 702.40 storm -------------------------------------------------------------------------------------


def spells_cast_before(game: Game, spell: ObjectId) -> int:
    """Spells cast this turn before this one (702.40a), by any player."""
    count = 0
    for event in this_turn(game):
        if isinstance(event, SpellCast):
            if event.spell_id == spell:
                return count
            count += 1
    return count


@cache
def _storm(keyword: Keyword) -> TriggeredAbility:
    """702.40a: "When you cast this spell, copy it for each spell cast before it this turn.  If the
    spell has any targets, you may choose new targets for any of the copies"; each instance
    triggers separately (702.40b)."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        item = _item_of(game, resolution.source_id)
        if item is None or resolution.source_id is None:
            return
        for _ in range(spells_cast_before(game, resolution.source_id)):
            copy_with_new_targets(game, item, resolution.controller)

    return TriggeredAbility("Storm", on_event("when you cast this spell", (SpellCast,), _cast_this), effect,
                            zones=frozenset({Zone.STACK}))


# -- 702.41 affinity, 702.125 undaunted: cost reductions -------------------------------------------------


def _affinity(game: Game, player: PlayerId, spell: View, keyword: Keyword) -> int:
    """702.41a: "This spell costs {1} less to cast for each [text] you control"; each instance
    applies (702.41b)."""
    from kb.engine.keywords_zones import quality_filter, rules_context

    quality = keyword.parameter.removeprefix("for ").strip()
    what = quality_filter(quality.removesuffix("s"), controller="you")
    context = rules_context(game, player)
    return -sum(1 for o in game.battlefield(player) if what.matches(context, game.view(o.id)))


def _undaunted(game: Game, player: PlayerId, spell: View, keyword: Keyword) -> int:
    """702.125a-c: "This spell costs {1} less to cast for each opponent you have" — players who
    left the game aren't opponents any more, and each instance applies."""
    return -len(game.opponents(player))


# -- 702.51 convoke, 702.66 delve, 702.126 improvise: paying the total otherwise -----------------------


def _tap_to_pay(game: Game, player: PlayerId, spell: View, total: ManaCost, keyword: str,
                candidates: Sequence[GameObject], colored: bool) -> ManaCost:
    """Tap untapped permanents to pay for mana of the total: each pays {1} of its generic part or,
    with ``colored``, one mana of one of its colours.  The answer maps each tapped permanent to the
    symbol it pays ("1", "W" …)."""
    able = [o for o in candidates if not o.tapped]
    if not able or not total.symbols:
        return total

    def pays(value: object) -> ManaCost | None:
        if not isinstance(value, dict):
            return None
        left = total
        for obj, symbol in value.items():
            found = next((o for o in able if o is obj or o.id == obj), None)
            if found is None or not isinstance(symbol, str):
                return None
            if symbol == "1":
                if not any(s.isdigit() and int(s) > 0 for s in left.symbols):
                    return None
                left = left.plus(-1)
            elif colored and symbol in {c.value for c in game.view(found.id).colors} and symbol in left.symbols:
                index = left.symbols.index(symbol)
                left = ManaCost(left.symbols[:index] + left.symbols[index + 1:])
            else:
                return None
        return left

    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, f"permanents to tap for {total} ({keyword}): "
                                     "a mapping to the symbol each pays", accepts=lambda v: pays(v) is not None,
                                     default={}))
    assert isinstance(answer, dict)
    rest = pays(answer)
    assert rest is not None
    tapped = [next(o for o in able if o is obj or o.id == obj) for obj in answer]
    from kb.engine import actions

    actions.tap(game, tapped)
    if keyword == "convoke" and spell.id in game.objects:
        game.objects[spell.id].chosen[CONVOKED] = tuple(o.id for o in tapped)  # 702.51c
    return rest


CONVOKED = "convoked"


def _convoke(game: Game, player: PlayerId, spell: View, total: ManaCost) -> ManaCost:
    """702.51a: "For each colored mana in this spell's total cost, you may tap an untapped creature
    of that color you control rather than pay that mana.  For each generic mana in this spell's
    total cost, you may tap an untapped creature you control rather than pay that mana" — once
    the total cost is determined (702.51b); the creatures convoked it (702.51c)."""
    return _tap_to_pay(game, player, spell, total, "convoke", game.creatures(player), colored=True)


def _improvise(game: Game, player: PlayerId, spell: View, total: ManaCost) -> ManaCost:
    """702.126a: "For each generic mana in this spell's total cost, you may tap an untapped artifact
    you control rather than pay that mana" (702.126b: once the total is determined)."""
    artifacts = [o for o in game.battlefield(player) if game.view(o.id).is_a(CardType.ARTIFACT)]
    return _tap_to_pay(game, player, spell, total, "improvise", artifacts, colored=False)


def convoked_by(game: Game, spell: ObjectId) -> tuple[ObjectId, ...]:
    found = game.objects[spell].chosen.get(CONVOKED, ()) if spell in game.objects else ()
    return tuple(found) if isinstance(found, tuple) else ()


def _delve(game: Game, player: PlayerId, spell: View, total: ManaCost) -> ManaCost:
    """702.66a: "For each generic mana in this spell's total cost, you may exile a card from your
    graveyard rather than pay that mana" (702.66b: once the total is determined)."""
    generic = sum(int(s) for s in total.symbols if s.isdigit())
    graveyard = [c.id for c in game.graveyard(player)]
    if not generic or not graveyard:
        return total
    answer = game.choices.ask(Choice(
        ChoiceKind.OBJECTS, player, f"cards to exile from your graveyard for up to {generic} generic mana (delve)",
        accepts=lambda v: isinstance(v, (list, tuple)) and len({getattr(x, "id", x) for x in v}) == len(v) <= generic
        and all(getattr(x, "id", x) in graveyard for x in v), default=()))
    picked = [getattr(x, "id", x) for x in answer]  # type: ignore[attr-defined]
    if picked:
        delve_exile(game, spell.id, picked)
    return total.plus(-len(picked))


DELVE_LINK = "delve"
"""The link of the cards a spell's delve exiled: the permanent it becomes refers to them as "exiled
with [this]'s delve ability" (607.2q)."""


def delve_exile(game: Game, spell: ObjectId, picked: Sequence[ObjectId]) -> None:
    """702.66a: the cards are exiled to pay the spell's cost, remembered as exiled with it (607.2q)."""
    from kb.engine import linked

    linked.exile_with(game, spell, [game.obj(i) for i in picked], link=DELVE_LINK)


# -- 702.61 split second ----------------------------------------------------------------------------


@cache
def _split_second(keyword: Keyword) -> StaticAbility:
    """702.61a: "As long as this spell is on the stack, players can't cast other spells or activate
    abilities that aren't mana abilities" (702.61b: mana abilities and special actions still can)."""
    from kb.engine.rules import CantActivate, CantCast
    from kb.engine.selectors import objects

    return StaticAbility("Split second", rules=(
        CantCast(objects(other=True, zones=tuple(Zone)), text="can't cast other spells while a spell with split second is on the stack"),
        CantActivate(objects(zones=tuple(Zone)), mana_abilities=False,
                     text="can't activate abilities while a spell with split second is on the stack")),
        zones=frozenset({Zone.STACK}))


# -- 702.74 evoke, 702.109 dash, 702.117 surge, 702.119 emerge: alternative costs --------------------


class Evoke(CastingOption):
    keyword = "evoke"
    rule = "702.74a"


@cache
def _evoke(keyword: Keyword) -> TriggeredAbility:
    """702.74a: "When this permanent enters, if its evoke cost was paid, its controller sacrifices it"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        this = resolution.source_id
        if this is not None and this in game.objects and game.objects[this].zone is Zone.BATTLEFIELD:
            from kb.engine import zones

            zones.sacrifice_if_able(game, game.view(this).controller, [this])  # not if it phased out (702.26b)

    return TriggeredAbility("Evoke", enters(), effect, condition=paid_condition("evoke"))


class Dash(CastingOption):
    """702.109a: paid rather than the mana cost; "If this spell's dash cost was paid, return the
    permanent this spell becomes to its owner's hand at the beginning of the next end step"."""

    keyword = "dash"
    rule = "702.109a"

    def enters(self, game: Game, player: PlayerId, spell: GameObject) -> None:  # 608.3g
        from kb.engine.triggers import at_beginning_of, create_delayed
        from kb.engine.turn import Step

        this = spell.id

        def back(resolution: Resolution) -> None:
            obj = resolution.game.objects.get(this)
            if obj is not None and obj.zone is Zone.BATTLEFIELD:
                resolution.game.move(obj, Zone.HAND)

        create_delayed(game, "return it to its owner's hand (dash)", at_beginning_of(Step.END, "each"), back, player,
                       source=this)


@cache
def _dash(keyword: Keyword) -> StaticAbility:
    """702.109a: "As long as this permanent's dash cost was paid, it has haste"."""
    from kb.engine.parts import gain
    from kb.engine.selectors import this_object

    return StaticAbility("Dash (haste while its dash cost was paid)", (gain("haste"),), this_object(),
                         condition=paid_condition("dash"))


class Surge(CastingOption):
    """702.117a: "You may cast this spell by paying [cost] rather than its mana cost if you or one
    of your teammates has cast another spell this turn"."""

    keyword = "surge"
    rule = "702.117a"

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        if any(isinstance(e, SpellCast) and e.player == player and e.spell_id != spell.id for e in this_turn(game)):
            return None
        return "you haven't cast another spell this turn"


EMERGE_SACRIFICED = "sacrificed for emerge"


def _emerge_parameter(keyword: Keyword) -> tuple[str, str]:
    """"emerge {5}{U}{U}" → ("creature", "{5}{U}{U}"); "emerge from artifact {6}{G}" → ("artifact",
    "{6}{G}") (702.119b)."""
    text = keyword.parameter.strip()
    if text.startswith("{"):
        return "creature", text
    start = text.find("{")
    if not text.startswith("from ") or start < 0:
        from kb.engine.errors import ScenarioError

        raise ScenarioError(f"emerge is written 'emerge [cost]' or 'emerge from [quality] [cost]', not {text!r}")
    return text[len("from "):start].strip(), text[start:]


class Emerge(CastingOption):
    """702.119a, c: "You may cast this spell by paying [cost] and sacrificing a creature rather than
    paying its mana cost", the total cost reduced by that creature's mana value: it is chosen as
    the cost is announced (601.2b) and sacrificed as the cost is paid (601.2h)."""

    keyword = "emerge"
    rule = "702.119a"

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return Cost(ManaCost.parse(_emerge_parameter(keyword)[1]), extra=(_EmergeSacrifice(),))

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        from kb.engine.keywords_zones import quality_filter, rules_context

        assert keyword is not None
        quality = _emerge_parameter(keyword)[0]
        what, context = quality_filter(quality, controller="you"), rules_context(game, player)
        able = [o.id for o in game.battlefield(player) if what.matches(context, game.view(o.id))]
        if not able:
            raise IllegalAction(f"emerge needs a {quality} to sacrifice", "702.119a-b")
        spell.chosen[EMERGE_SACRIFICED] = game.choices.ask(Choice(
            ChoiceKind.OBJECT, player, f"the {quality} to sacrifice (emerge)", tuple(able)))
        game.touch()

    def reduction(self, game: Game, spell: GameObject) -> int:
        chosen = spell.chosen.get(EMERGE_SACRIFICED)
        return game.view(chosen).mana_value if isinstance(chosen, int) and chosen in game.objects else 0


@dataclass(frozen=True)
class _EmergeSacrifice:
    text: str = "sacrifice the creature chosen for emerge"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        chosen = source.chosen.get(EMERGE_SACRIFICED) if source is not None else None
        if not isinstance(chosen, int) or chosen not in game.objects \
                or game.objects[chosen].zone is not Zone.BATTLEFIELD:
            raise IllegalAction("the creature chosen for emerge is gone", "702.119a")
        game.sacrifice(player, chosen)


# -- 702.69 gravestorm, 702.78 conspire, 702.85 cascade, 702.60 ripple: cast triggers --------------------


def died_this_turn(game: Game) -> int:
    """Permanents put into a graveyard from the battlefield this turn (702.69a)."""
    return sum(1 for e in this_turn(game) if isinstance(e, ZoneChanged) and e.from_zone is Zone.BATTLEFIELD
               and e.to_zone is Zone.GRAVEYARD)


@cache
def _gravestorm(keyword: Keyword) -> TriggeredAbility:
    """702.69a: "When you cast this spell, copy it for each permanent that was put into a graveyard
    from the battlefield this turn.  If the spell has any targets, you may choose new targets for
    any of the copies"; each instance triggers separately (702.69b)."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        item = _item_of(game, resolution.source_id)
        if item is not None:
            for _ in range(died_this_turn(game)):
                copy_with_new_targets(game, item, resolution.controller)

    return TriggeredAbility("Gravestorm", on_event("when you cast this spell", (SpellCast,), _cast_this), effect,
                            zones=frozenset({Zone.STACK}))


class Conspire(CastingOption):
    """702.78a: "As an additional cost to cast this spell, you may tap two untapped creatures you
    control that each share a color with it"."""

    keyword = "conspire"
    rule = "702.78a"
    kind = "additional"

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost(extra=(_ConspireTap(),))


@dataclass(frozen=True)
class _ConspireTap:
    text: str = "tap two untapped creatures you control that each share a color with this spell"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        from kb.engine import actions

        assert source is not None
        colors = game.view(source.id).colors
        able = [o.id for o in game.creatures(player) if not o.tapped and game.view(o.id).colors & colors]
        answer = game.choices.ask(Choice(
            ChoiceKind.OBJECTS, player, "two untapped creatures that share a colour with the spell (conspire)",
            accepts=lambda v: isinstance(v, (list, tuple)) and len({getattr(x, "id", x) for x in v}) == len(v) == 2
            and all(getattr(x, "id", x) in able for x in v), default=tuple(able[:2]), matters=len(able) > 2))
        picked = [game.objects[getattr(x, "id", x)] for x in answer]  # type: ignore[attr-defined]
        if len(picked) != 2:
            raise IllegalAction("conspire taps two untapped creatures that share a colour with the spell", "702.78a")
        actions.tap(game, picked)


@cache
def _conspire(keyword: Keyword) -> TriggeredAbility:
    """702.78a: "When you cast this spell, if its conspire cost was paid, copy it.  If the spell
    has any targets, you may choose new targets for the copy"."""

    def effect(resolution: Resolution) -> None:
        item = _item_of(resolution.game, resolution.source_id)
        if item is not None:
            copy_with_new_targets(resolution.game, item, resolution.controller)

    def count(t: TriggerContext) -> int:
        return _once_per_payment(t, "conspire", None)

    return TriggeredAbility("Conspire", on_event("when you cast this spell, if its conspire cost was paid",
                                                 (SpellCast,), count), effect, zones=frozenset({Zone.STACK}))


@cache
def _cascade(keyword: Keyword) -> TriggeredAbility:
    """702.85a: "When you cast this spell, exile cards from the top of your library until you exile
    a nonland card whose mana value is less than this spell's mana value.  You may cast that card
    without paying its mana cost if the resulting spell's mana value is less than this spell's
    mana value.  Then put all cards exiled this way that weren't cast on the bottom of your
    library in a random order"; each instance triggers separately (702.85c)."""
    from kb.engine import libraries

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        source = resolution.item.source
        value = source.mana_value if source is not None else 0
        exiled: list[ObjectId] = []
        hit: ObjectId | None = None
        library = game.players[you].library
        while library:
            moved = game.exile(library[-1])[0]
            if moved is None:
                break
            exiled.append(moved.id)
            view = game.view(moved.id)
            if not view.is_a(CardType.LAND) and view.mana_value < value:
                hit = moved.id
                break
        as_you_cascade(game, you, exiled)  # 702.85b: before the choice to cast and the cards going back
        if hit is not None and game.objects[hit].zone is Zone.EXILE:
            spell_costs.cast_while_resolving(game, you, game.objects[hit], what="cast it without paying its mana "
                                             "cost (cascade)")
        back = [game.move(e, Zone.LIBRARY, to_bottom=True) for e in exiled
                if e in game.objects and game.objects[e].zone is Zone.EXILE]
        libraries.put_on_bottom_in_random_order(game, you, [b.id for b in back if b is not None])

    return TriggeredAbility("Cascade", on_event("when you cast this spell", (SpellCast,), _cast_this), effect,
                            zones=frozenset({Zone.STACK}))


@dataclass(frozen=True, eq=False)
class AsYouCascade(StaticAbility):
    """"As you cascade, [action on cards exiled by cascade]" (702.85b), on a permanent: ``action`` gets
    the game, the player cascading and the cards exiled this way still in exile."""

    action: Callable[[Game, PlayerId, list[ObjectId]], None] | None = None


def as_you_cascade(game: Game, player: PlayerId, exiled: Sequence[ObjectId]) -> None:
    """702.85b: after cascade has exiled its cards, its controller may act on them as their
    permanents' "as you cascade" abilities allow, before choosing whether to cast the last one."""
    for permanent in game.battlefield(player):
        for ability in game.view(permanent.id).abilities:
            if isinstance(ability, AsYouCascade) and ability.action is not None:
                ability.action(game, player, [e for e in exiled if e in game.objects
                                               and game.objects[e].zone is Zone.EXILE])


@cache
def _ripple(keyword: Keyword) -> TriggeredAbility:
    """702.60a: "When you cast this spell, you may reveal the top N cards of your library … you may
    cast any revealed cards with the same name as this spell without paying their mana costs.  Then
    put all revealed cards not cast this way on the bottom of your library in any order"; each
    instance triggers separately (702.60b)."""
    from kb.engine import libraries
    from kb.engine.events import Revealed

    count = int(keyword.parameter)

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        source = resolution.item.source
        if source is None or not game.choices.ask(Choice(ChoiceKind.MAY, you, f"reveal the top {count} cards "
                                                         "(ripple)", (True, False))):
            return
        revealed = libraries.top(game, you, count)
        game.emit(*(Revealed(c, game.objects[c].card.name, "ripple") for c in revealed))
        for card in revealed:
            if game.objects[card].card.name == source.name:
                spell_costs.cast_while_resolving(game, you, game.objects[card], what="cast a revealed card with "
                                                 "the same name (ripple)")
        rest = [c for c in revealed if c in game.objects and game.objects[c].zone is Zone.LIBRARY]
        if rest:
            from kb.engine.choices import is_permutation

            order = game.choices.ask(Choice(ChoiceKind.ORDER, you, "the order to put the revealed cards on the "
                                            "bottom (first: bottommost)", accepts=is_permutation(rest), items=tuple(rest),
                                            matters=len(rest) > 1, default=tuple(rest)))
            library = game.players[you].library
            moving = [c for c in order if c in library]  # type: ignore[attr-defined]
            game.players[you].library = moving + [c for c in library if c not in moving]
            game.touch()

    return TriggeredAbility(f"Ripple {count}", on_event("when you cast this spell", (SpellCast,), _cast_this),
                            effect, zones=frozenset({Zone.STACK}))


# -- 702.88 rebound, 702.94 miracle ---------------------------------------------------------------------


@cache
def _rebound(keyword: Keyword) -> StaticAbility:
    """702.88a: "If this spell was cast from your hand, instead of putting it into your graveyard
    as it resolves, exile it and, at the beginning of your next upkeep, you may cast this card
    from exile without paying its mana cost" — once, however many instances (702.88c)."""
    from kb.engine.triggers import at_beginning_of, create_delayed
    from kb.engine.turn import Step

    def applies(context: ReplacementContext, move: Move) -> bool:
        spell = context.context.source
        return (spell is not None and move.object_id == spell.id and move.cause is Cause.RESOLVE
                and move.to_zone is Zone.GRAVEYARD and spell_costs.cast_from(context.game, spell.id) is Zone.HAND)

    def instead(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        spell = move.object_id
        owner = game.objects[spell].owner

        def cast_again(resolution: Resolution) -> None:
            card = resolution.game.became.get(spell)
            if card is not None and card in resolution.game.objects \
                    and resolution.game.objects[card].zone is Zone.EXILE:
                spell_costs.cast_while_resolving(resolution.game, owner, resolution.game.objects[card],
                                                 what="cast it from exile without paying its mana cost (rebound)")

        create_delayed(game, "at the beginning of your next upkeep, you may cast it (rebound)",
                       at_beginning_of(Step.UPKEEP, "you"), cast_again, owner, source=spell)
        return with_changes(move, to_zone=Zone.EXILE)

    return StaticAbility("Rebound", replacements=(
        Replacement("Rebound: exiled as it resolves", Move, applies, instead, pure=False),),
        zones=frozenset({Zone.STACK}))


_miracles_resolving: set[ObjectId] = set()


class Miracle(CastingOption):
    """The miracle cost, paid rather than the mana cost as the miracle trigger resolves (702.94a)."""

    keyword = "miracle"
    rule = "702.94a"

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if spell.previous in _miracles_resolving else "only as its miracle trigger resolves"


def first_drawn_this_turn(game: Game, player: PlayerId, card: ObjectId) -> bool:
    from kb.engine.events import CardDrawn

    drawn = [e for e in this_turn(game) if isinstance(e, CardDrawn) and e.player == player]
    return bool(drawn) and drawn[0].card == card


@cache
def _miracle(keyword: Keyword) -> TriggeredAbility:
    """702.94a: "You may reveal this card from your hand as you draw it if it's the first card
    you've drawn this turn.  When you reveal this card this way, you may cast it by paying [cost]
    rather than its mana cost"."""
    from kb.engine.events import CardDrawn

    def revealed(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, CardDrawn) or e.card != t.source.id or not first_drawn_this_turn(t.game, e.player, e.card):
            return 0
        return int(bool(t.game.choices.ask(Choice(ChoiceKind.MAY, e.player, "reveal the card as you draw it "
                                                  "(miracle)", (True, False)))))

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        card = resolution.source_id
        if card is None or card not in game.objects or game.objects[card].zone is not Zone.HAND:
            return
        _miracles_resolving.add(card)
        try:
            spell_costs.cast_while_resolving(game, resolution.controller, game.objects[card], alternative="miracle",
                                             what="cast it for its miracle cost")
        finally:
            _miracles_resolving.discard(card)

    trigger = TriggeredAbility(f"Miracle {keyword.parameter}", on_event("when you reveal this card as you draw it",
                                                                        (CardDrawn,), revealed), effect,
                               zones=frozenset({Zone.HAND}))
    _miracle_triggers.append(trigger)
    return trigger


_miracle_triggers: list[TriggeredAbility] = []
REVEALING.append(lambda ability: any(ability is t for t in _miracle_triggers))  # 603.2f


def revealed_for_miracle(game: Game, card: GameObject) -> bool:
    """702.94b: a card revealed for its miracle ability stays revealed (in its owner's hand, see
    :func:`kb.engine.revealing.is_revealed`) until its miracle trigger resolves or leaves the stack."""
    def miracle_of_this_card(ability: object, source: ObjectId | None) -> bool:
        return source == card.id and any(ability is t for t in _miracle_triggers)

    return (any(miracle_of_this_card(p.ability, p.source_id) for p in game.pending)
            or any(miracle_of_this_card(i.ability, i.source_id) for i in game.stack))


revealing.KEPT_REVEALED["miracle"] = revealed_for_miracle


# -- 702.96 overload ----------------------------------------------------------------------------------


class Overload(CastingOption):
    """702.96a-b: paid rather than the mana cost; "target" becomes "each": the spell has no targets
    and affects each object it describes, even those it couldn't have targeted."""

    keyword = "overload"
    rule = "702.96a"

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        return ()


def overloaded(resolution: Resolution) -> bool:
    """Was the resolving spell cast for its overload cost?  Its text then says "each" (702.96a, c):
    a card written for the model gives both readings of its instructions."""
    return spell_costs.resolution_paid(resolution, "overload") > 0


# -- 702.42 entwine, 702.120 escalate: modal spells ----------------------------------------------------


class Entwine(CastingOption):
    """702.42a: "You may choose all modes of this spell instead of just the number specified.  If
    you do, you pay an additional [cost]" — the modes are chosen as the spell is cast (601.2b)."""

    keyword = "entwine"
    rule = "702.42a"
    kind = "additional"


def _escalate(game: Game, spell: GameObject, keyword: Keyword) -> ManaCost:
    """702.120a: "For each mode you choose beyond the first as you cast this spell, you pay an
    additional [cost]"."""
    from kb.engine import modes
    from kb.engine.errors import NotModelled

    if not keyword.parameter.startswith("{"):
        raise NotModelled(f"escalate with a cost that isn't mana: {keyword.parameter}")
    return ManaCost(ManaCost.parse(keyword.parameter).symbols * modes.extra_modes(spell))


# -- 702.62 suspend -----------------------------------------------------------------------------------


def is_suspended(game: Game, card: ObjectId) -> bool:
    """702.62b: a card in exile with suspend and a time counter on it."""
    obj = game.objects.get(card)
    return obj is not None and obj.zone is Zone.EXILE and game.view(card).has("suspend") and obj.counter("time") > 0


def why_it_cannot_be_cast(game: Game, player: PlayerId, card: GameObject) -> str | None:
    """Could ``player`` begin to cast ``card`` from their hand now (702.62a)?  Its timing, and every
    effect that forbids casting it (702.62c).  None if they could, else why not."""
    from kb.engine import casting, rules

    spell = casting.as_spell(game, card, player, None)
    if not spell.is_a(CardType.INSTANT) and not casting.has_flash(game, player, spell) \
            and not casting.sorcery_timing(game, player):
        return "not at this time"
    return rules.cast_forbidden(game, player, spell, card.zone)


def suspend(game: Game, player: PlayerId, card: GameObject) -> GameObject:
    """The special action of suspend (116.2f, 702.62a): a player with priority who could begin to
    cast the card from their hand now — its timing, and any effect that forbids casting it
    (702.62c) — pays [cost] and exiles it with N time counters, without the stack."""
    from kb.engine import counters, payment, priority
    from kb.engine.keywords_zones import number_and_cost

    priority.require(game, player, "suspending a card")
    found = game.view(card.id).keywords("suspend")
    if card.zone is not Zone.HAND or card.owner != player or not found:
        raise IllegalAction("only a card with suspend in your hand can be suspended", "702.62a")
    amount, price = number_and_cost(found[0])
    reason = why_it_cannot_be_cast(game, player, card)
    if reason is not None:
        raise IllegalAction(f"it couldn't be cast now ({reason}), so it can't be suspended", "702.62a, 702.62c")
    checkpoint = game.checkpoint()
    try:
        payment.pay_mana(game, player, ManaCost.parse(price))
        exiled = game.exile(card)[0]
        if exiled is None:
            raise IllegalAction("the card couldn't be exiled")
        counters.put(game, exiled, "time", amount)
    except IllegalAction:
        game.restore(checkpoint)
        raise
    priority.acted(game, player)
    return exiled


@cache
def _suspend(keyword: Keyword) -> tuple[TriggeredAbility, TriggeredAbility]:
    """702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time counter
    from it" and "When the last time counter is removed from this card, if it's exiled, you may
    play it without paying its mana cost if able.  If you don't, it remains exiled.  If you cast a
    creature spell this way, it gains haste until you lose control of the spell or the permanent
    it becomes" — casting it follows the rules for alternative costs (702.62d)."""
    from kb.engine import counters
    from kb.engine.events import CountersRemoved
    from kb.engine.triggers import at_beginning_of
    from kb.engine.turn import Step

    suspended = condition("this card is suspended", lambda c: c.source is not None and is_suspended(c.game, c.source.id))
    exiled = condition("it's exiled", lambda c: c.source is not None and c.source.id in c.game.objects
                       and c.game.objects[c.source.id].zone is Zone.EXILE)

    def remove_one(resolution: Resolution) -> None:
        this = resolution.source_id
        if this is not None and this in resolution.game.objects:
            counters.remove(resolution.game, resolution.game.objects[this], "time", 1)

    def last_removed(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, CountersRemoved) and e.object_id == t.source.id and e.kind == "time"
                   and t.game.objects[t.source.id].counter("time") == 0)

    def cast_it(resolution: Resolution) -> None:
        from kb.engine.durations import ForAsLongAs
        from kb.engine.parts import gain

        game = resolution.game
        card = resolution.source_id
        owner = resolution.controller
        if card is None or card not in game.objects:
            return
        spell = spell_costs.cast_while_resolving(game, owner, game.objects[card],
                                                 what="cast it without paying its mana cost (suspend)")
        if spell is None or not game.view(spell).is_a(CardType.CREATURE):
            return

        def controls(g: Game) -> bool:
            obj = g.objects.get(spell)
            return obj is not None and obj.zone in (Zone.STACK, Zone.BATTLEFIELD) and g.view(spell).controller == owner

        resolution.create_effect("haste until you lose control of it (suspend)", [gain("haste")], [spell],
                                 ForAsLongAs("you control the spell or the permanent it becomes", controls))

    in_exile = frozenset({Zone.EXILE})
    return (TriggeredAbility("Suspend (at the beginning of your upkeep, remove a time counter)",
                             at_beginning_of(Step.UPKEEP, "you"), remove_one, condition=suspended, zones=in_exile),
            TriggeredAbility("Suspend (when the last time counter is removed, you may cast it)",
                             on_event("when the last time counter is removed from this card", (CountersRemoved,),
                                      last_removed), cast_it, condition=exiled, zones=in_exile))


# -- 702.113 awaken, 702.76 prowl, 702.48 offering ---------------------------------------------------------


class Awaken(CastingOption):
    """702.113a-b: paid rather than the mana cost; only then does the spell target a land you
    control for its awaken ability."""

    keyword = "awaken"
    rule = "702.113a"

    def price(self, keyword: Keyword | None) -> Cost:
        from kb.engine.keywords_zones import number_and_cost

        assert keyword is not None
        return Cost(ManaCost.parse(number_and_cost(keyword)[1]))

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        from kb.engine.selectors import objects
        from kb.engine.targets import target

        return (*specs, target(objects(CardType.LAND, controller="you"), "target land you control (awaken)"))


def _awaken(resolution: Resolution) -> None:
    """702.113a: "If this spell's awaken cost was paid, put N +1/+1 counters on target land you
    control.  That land becomes a 0/0 Elemental creature with haste.  It's still a land"."""
    from kb.engine import counters
    from kb.engine.durations import Indefinite
    from kb.engine.keywords_zones import number_and_cost
    from kb.engine.parts import add_types, base_pt, becomes_creature_types, gain

    game = resolution.game
    if not spell_costs.resolution_paid(resolution, "awaken") or resolution.item.spell is None:
        return
    found = resolution.item.source.keywords("awaken") if resolution.item.source is not None else ()
    if not found:
        return
    amount = number_and_cost(found[0])[0]
    for land in resolution.objects(len(resolution.item.specs) - 1):
        counters.put(game, game.objects[land], "+1/+1", amount)
        resolution.create_effect("0/0 Elemental creature with haste (awaken)",
                                 [add_types("Creature"), becomes_creature_types("Elemental"),
                                  base_pt(0, 0), gain("haste")], [land], Indefinite())


def prowled(game: Game, player: PlayerId, spell: View) -> bool:
    """702.76a: a source ``player`` controlled that had one of the spell's creature types dealt
    combat damage to a player this turn (as it was when it dealt the damage)."""
    from kb.engine.cardtypes import CREATURE_TYPES
    from kb.engine.events import DamageDealt

    types = spell.subtypes & CREATURE_TYPES
    return any(isinstance(e, DamageDealt) and e.combat and isinstance(e.recipient, str) and e.source_view is not None
               and e.source_view.controller == player and e.source_view.subtypes & types for e in this_turn(game))


class Prowl(CastingOption):
    keyword = "prowl"
    rule = "702.76a"

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        if prowled(game, player, game.view(spell.id)):
            return None
        return "no source of yours with one of its creature types dealt combat damage to a player this turn"


OFFERED = "sacrificed for offering"


class Offering(CastingOption):
    """702.48a-c: "[Quality] offering": as an additional cost you may sacrifice a [quality]; if you
    do, the total cost is reduced by that permanent's mana cost and you may cast the spell any time
    you could cast an instant.  The permanent is chosen as the cost is announced (601.2b) and
    sacrificed as it is paid (601.2h); its generic mana reduces the generic part, each coloured or
    colourless symbol that mana, the excess the generic part (702.48c)."""

    keyword = "offering"
    rule = "702.48a"
    kind = "additional"
    flash = True

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost(extra=(_OfferingSacrifice(),))

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        from kb.engine.keywords_zones import quality_filter, rules_context

        assert keyword is not None
        what = quality_filter(keyword.parameter, controller="you")
        context = rules_context(game, player)
        able = [o.id for o in game.battlefield(player) if what.matches(context, game.view(o.id))]
        if not able:
            raise IllegalAction(f"offering needs a {keyword.parameter} to sacrifice", "702.48a")
        spell.chosen[OFFERED] = game.choices.ask(Choice(ChoiceKind.OBJECT, player,
                                                        f"the {keyword.parameter} to sacrifice (offering)", tuple(able)))
        game.touch()

    def _sacrificed_cost(self, game: Game, spell: GameObject) -> ManaCost:
        chosen = spell.chosen.get(OFFERED)
        if not isinstance(chosen, int) or chosen not in game.objects:
            return ManaCost()
        return game.view(chosen).mana_cost or ManaCost()

    def reduction(self, game: Game, spell: GameObject) -> int:
        return sum(int(s) for s in self._sacrificed_cost(game, spell).symbols if s.isdigit())

    def mana_reduction(self, game: Game, spell: GameObject) -> list[str]:
        return [s for s in self._sacrificed_cost(game, spell).symbols if not s.isdigit() and s != "X"]


@dataclass(frozen=True)
class _OfferingSacrifice:
    text: str = "sacrifice the permanent chosen for offering"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        chosen = source.chosen.get(OFFERED) if source is not None else None
        if not isinstance(chosen, int) or chosen not in game.objects \
                or game.objects[chosen].zone is not Zone.BATTLEFIELD:
            raise IllegalAction("the permanent chosen for offering is gone", "702.48b")
        game.sacrifice(player, chosen)


def _quality_offering(text: str) -> tuple[Keyword, ...] | None:
    """"Goblin offering" (702.48a): the quality comes first."""
    head, _, tail = text.strip().rpartition(" ")
    if tail.lower() != "offering" or not head:
        return None
    return (Keyword("offering", head),)


# -- 702.50 epic ------------------------------------------------------------------------------------


def _epic(resolution: Resolution) -> None:
    """702.50a: "For the rest of the game, you can't cast spells" and "At the beginning of each of
    your upkeeps for the rest of the game, copy this spell except for its epic ability.  If the
    spell has any targets, you may choose new targets for the copy" — the copies are put on the
    stack by an effect, which casting spells doesn't forbid (702.50b, 707.10)."""
    from kb.engine import targets as targeting
    from kb.engine.durations import Indefinite
    from kb.engine.rules import CantCast
    from kb.engine.selectors import objects
    from kb.engine.spell_copies import COPY_OF_A_SPELL
    from kb.engine.stack import StackObject, push
    from kb.engine.triggers import at_beginning_of, create_delayed
    from kb.engine.turn import Step

    game, item, you = resolution.game, resolution.item, resolution.controller
    if item.spell is None or item.spell not in game.objects:
        return
    source = game.objects[item.spell]
    values = game.views()[source.id].copiable
    values = with_changes(values, abilities=tuple(a for a in values.abilities
                                                  if not (isinstance(a, Keyword) and a.name == "epic")))
    copied_card, owner = with_changes(source.card, front=values, back=None), source.owner
    chosen_then = dict(source.chosen)
    resolution.create_effect("for the rest of the game, you can't cast spells (epic)", (), (), Indefinite(),
                             rules=[CantCast(objects(zones=tuple(Zone)), players="you", text="can't cast spells (epic)")])

    def copy(r: Resolution) -> None:
        g = r.game
        obj = g._new_object(copied_card, owner, Zone.STACK, you)
        obj.designations.add(COPY_OF_A_SPELL)
        obj.x = item.x
        obj.chosen = dict(chosen_then)  # the choices made as it was cast (707.10)
        view = g.view(obj.id)
        chosen = item.targets
        if item.specs:
            answer = g.choices.ask(Choice(ChoiceKind.TARGETS, you, f"new targets for the copy of {item.text} "
                                          "(None: the same)", accepts=lambda v: v is None or isinstance(v, (list, tuple))))
            if answer is not None:
                picked = targeting.choose(g, item.specs, you, view, list(answer))  # type: ignore[call-overload]
                if picked is None:
                    raise IllegalAction("the copy has no legal target", "707.10c")
                chosen = picked
        push(g, StackObject(obj.id, you, item.text, obj.id, None, None, view, item.specs, chosen, item.x))

    create_delayed(game, "at the beginning of each of your upkeeps, copy this spell except for its epic ability",
                   at_beginning_of(Step.UPKEEP, "you"), copy, you, source=source.id, once=False)


# -- 702.103 bestow --------------------------------------------------------------------------------

BESTOWED = "bestowed"


def still_bestowed(game: Game, object_id: ObjectId) -> bool:
    """A bestowed Aura spell or Aura stays bestowed until its target is illegal as it resolves
    (702.103e), it becomes unattached or attached to an illegal object (702.103f) or it phases in
    unattached (702.103g); while phased out it is unchanged."""
    from kb.engine import attach

    obj = game.objects.get(object_id)
    if obj is None or obj.chosen.get(BESTOWED) is not True:
        return False
    if obj.zone is Zone.STACK:
        return True
    if obj.zone is not Zone.BATTLEFIELD:
        return False
    if obj.phased_out:
        return True
    return obj.attached_to is not None and attach.is_legal(game, game.view(object_id), obj.attached_to)


class Bestow(CastingOption):
    """702.103a-b: paid rather than the mana cost; as the spell is put on the stack it becomes an
    Aura enchantment with enchant creature — a bestowed Aura spell, then a bestowed Aura — until
    it becomes unbestowed, and its target is chosen as an Aura spell's (601.2c, 303.4a)."""

    keyword = "bestow"
    rule = "702.103a"

    def characteristics(self) -> tuple[LayerPart, ...]:
        from kb.engine.cardtypes import AURA
        from kb.engine.parts import add_types, becomes_types, gain

        return becomes_types(CardType.ENCHANTMENT), add_types(subtypes=(AURA,)), gain("enchant creature")

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        spell.chosen[BESTOWED] = True
        become_bestowed(game, spell, player)


def become_bestowed(game: Game, spell: GameObject, player: PlayerId) -> None:
    """The effect that makes a bestowed spell an Aura with enchant creature while it stays bestowed
    (702.103b); a copy of a bestowed Aura spell gets it too (702.103c)."""
    from kb.engine import continuous
    from kb.engine.durations import ForAsLongAs

    this = spell.id
    continuous.create(game, "a bestowed Aura (bestow)", list(Bestow().characteristics()), [this],
                      ForAsLongAs("it is bestowed", lambda g: still_bestowed(g, this)), source=this,
                      controller=player)


def _unbestowed_on_illegal_target(game: Game, item: StackObject) -> bool:
    """702.103e: a bestowed Aura spell whose target is illegal as it starts to resolve becomes
    unbestowed and resolves as a creature spell."""
    if item.spell is None or not still_bestowed(game, item.spell):
        return False
    game.objects[item.spell].chosen[BESTOWED] = False
    game.touch()
    game.emit()  # the effect that made it an Aura ends (611.2b)
    return True


# -- 702.99 cipher ---------------------------------------------------------------------------------

ENCODED_ON = "encoded on"


def encoded_on(game: Game, card: ObjectId) -> ObjectId | None:
    """702.99b-c: the creature an exiled card is encoded on, for as long as the card stays exiled
    and that object on the battlefield (whoever controls it, creature or not)."""
    obj = game.objects.get(card)
    creature = obj.chosen.get(ENCODED_ON) if obj is not None and obj.zone is Zone.EXILE else None
    if isinstance(creature, int) and creature in game.objects and game.objects[creature].zone is Zone.BATTLEFIELD:
        return creature
    return None


def _cast_a_copy_of(card_id: ObjectId) -> Callable[[Resolution], None]:
    def effect(r: Resolution) -> None:
        game = r.game
        found = game.objects.get(card_id)
        if found is None or found.zone is not Zone.EXILE:
            return
        values = game.views()[card_id].copiable
        copy = game._new_object(with_changes(found.card, front=values, back=None), r.controller, Zone.EXILE,
                                r.controller)
        copy.designations.add(spell_copies.COPY_OF_A_SPELL)  # it ceases to exist outside the stack (704.5e)
        spell_costs.cast_while_resolving(game, r.controller, copy, what="cast a copy of the encoded card")

    return effect


def _cipher(resolution: Resolution) -> None:
    """702.99a: "If this spell is represented by a card, you may exile this card encoded on a
    creature you control" and "As long as this card is encoded on that creature, that creature has
    'Whenever this creature deals combat damage to a player, you may copy the encoded card and you
    may cast the copy without paying its mana cost'"."""
    from kb.engine.durations import ForAsLongAs
    from kb.engine.parts import gain
    from kb.engine.triggers import deals_damage

    game, spell, you = resolution.game, resolution.item.spell, resolution.controller
    if spell is None or spell not in game.objects or spell_copies.is_copy(game.objects[spell]):
        return
    mine = [o.id for o in game.creatures(you)]
    if not mine or not game.choices.ask(Choice(ChoiceKind.MAY, you, "exile this card encoded on a creature you "
                                               "control (cipher)", (True, False))):
        return
    creature = game.choices.ask(Choice(ChoiceKind.OBJECT, you, "the creature to encode it on", tuple(mine)))
    assert isinstance(creature, int)
    card = game.exile(spell)[0]
    if card is None:
        return
    card.chosen[ENCODED_ON] = creature
    game.touch()
    card_id = card.id
    granted = TriggeredAbility("Whenever this creature deals combat damage to a player, you may copy the encoded "
                               "card and you may cast the copy without paying its mana cost.",
                               deals_damage(combat_only=True, to_player=True), _cast_a_copy_of(card_id))
    resolution.create_effect("the creature has the encoded card's ability (cipher)", [gain(granted)], [creature],
                             ForAsLongAs("the card stays encoded on it", lambda g: encoded_on(g, card_id) == creature))


# -- 702.47 splice ---------------------------------------------------------------------------------

SPLICED = "spliced"
"""Key of a spell's ``chosen``: the cards spliced onto it, as (card id, its spell ability) in order."""


def splice_parts(keyword: Keyword) -> tuple[str, str]:
    """"splice onto Arcane {1}{R}" → ("Arcane", "{1}{R}")."""
    text = keyword.parameter.removeprefix("onto ").strip()
    start = text.find("{")
    if start <= 0:
        from kb.engine.errors import ScenarioError

        raise ScenarioError(f"splice is written 'splice onto [quality] [cost]', not {keyword.parameter!r}")
    return text[:start].strip(), text[start:].strip()


def _spliced(spell: GameObject) -> tuple[tuple[ObjectId, SpellAbility], ...]:
    found = spell.chosen.get(SPLICED, ())
    return found if isinstance(found, tuple) else ()


class Splice(CastingOption):
    """702.47a-b: as a player casts a spell of the quality, they may reveal cards with "splice onto
    [quality]" from their hand — each once, all at once, in the order their effects will happen
    after the spell's own — and pay their splice costs as additional costs; the spell gains their
    rules text (702.47c), whose targets are chosen as usual (702.47d)."""

    keyword = "splice"
    rule = "702.47a"
    kind = "additional"
    needs_keyword = False

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        from kb.engine.events import Revealed

        subtypes = game.view(spell.id).subtypes
        able = [c.id for c in game.hand(player) if c.card.spell is not None
                and any(splice_parts(k)[0] in subtypes for k in game.view(c.id).keywords("splice"))]
        answer = game.choices.ask(Choice(
            ChoiceKind.OBJECTS, player, "cards to splice onto the spell, in the order their text is followed",
            accepts=lambda v: isinstance(v, (list, tuple)) and 0 < len(v) == len({getattr(x, "id", x) for x in v})
            and all(getattr(x, "id", x) in able for x in v), default=tuple(able[:1]), matters=len(able) > 1))
        chosen = [game.objects[getattr(x, "id", x)] for x in answer]  # type: ignore[attr-defined]
        if not chosen:
            raise IllegalAction("no card in your hand can be spliced onto this spell", "702.47a")
        spell.chosen[SPLICED] = tuple((c.id, c.card.spell) for c in chosen)
        game.touch()
        game.emit(*(Revealed(c.id, c.card.name, "splice") for c in chosen))

    def extra_price(self, game: Game, spell: GameObject) -> Cost | None:
        mana = ManaCost()
        for card, _ in _spliced(spell):
            found = game.view(card).keywords("splice")
            mana = spell_costs.add(mana, ManaCost.parse(splice_parts(found[0])[1]))
        return Cost(mana)

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        return (*specs, *(t for _, ability in _spliced(spell) for t in ability.targets))


def _spliced_text(resolution: Resolution) -> None:
    """702.47c-d: the spell follows the rules text of each card spliced onto it, in the order
    announced, each with its own targets; the spell is the source (a name in that text means it)."""
    from kb.engine.stack import Resolution as Resolving

    game, item = resolution.game, resolution.item
    spell = game.objects.get(item.spell) if item.spell is not None else None
    if spell is None:
        return
    spliced = _spliced(spell)
    if not spliced:
        return
    offset = len(item.specs) - sum(len(ability.targets) for _, ability in spliced)
    for _, ability in spliced:
        count = len(ability.targets)
        ability.effect(Resolving(game, item, resolution.legal[offset:offset + count]))
        offset += count


def _kicker_and_or(text: str) -> tuple[Keyword, ...] | None:
    """702.33b: "Kicker [cost 1] and/or [cost 2]" is "kicker [cost 1], kicker [cost 2]"."""
    lower = text.lower()
    if not lower.startswith("kicker ") or " and/or " not in lower:
        return None
    first, _, second = text[len("kicker "):].partition(" and/or ")
    return Keyword("kicker", first.strip()), Keyword("kicker", second.strip())


# -- registering ---------------------------------------------------------------------------------------

keywords.MODELLED.update({
    "buyback": "cost", "kicker": "cost", "multikicker": "cost", "flashback": "cost", "madness": "cost",
    "storm": "none", "affinity": "quality", "convoke": "none", "replicate": "cost", "split second": "none",
    "delve": "none", "evoke": "cost", "retrace": "none", "dash": "cost", "surge": "cost", "emerge": "cost",
    "undaunted": "none", "improvise": "none", "gravestorm": "none", "conspire": "none", "cascade": "none",
    "ripple": "number", "rebound": "none", "miracle": "cost", "overload": "cost", "entwine": "cost",
    "escalate": "cost", "suspend": "number and cost", "awaken": "number and cost", "prowl": "cost",
    "offering": "quality", "epic": "none", "bestow": "cost", "cipher": "none", "splice": "cost",
})
for option in (Buyback(), Kicker(), Multikicker(), Replicate(), Flashback(), Retrace(), Madness(), Evoke(), Dash(),
               Surge(), Emerge(), Conspire(), Miracle(), Overload(), Entwine(), Awaken(),
               Prowl(), Offering(), Bestow(), Splice()):
    spell_costs.OPTIONS[option.keyword] = option
spell_costs.COST_CHANGES.update({"affinity": _affinity, "undaunted": _undaunted})
spell_costs.KEYWORD_COSTS.update({"escalate": _escalate})
spell_costs.PAYMENT_KEYWORDS.update({"convoke": _convoke, "delve": _delve, "improvise": _improvise})
keywords.PARSERS.extend((_kicker_and_or, _quality_offering))
keyword_abilities.KEYWORD_STATIC.update({
    "buyback": _buyback, "flashback": _flashback, "madness": _madness_static, "split second": _split_second,
    "dash": _dash, "rebound": _rebound,
})
keyword_abilities.KEYWORD_TRIGGERED.update({
    "replicate": _replicate, "madness": _madness_trigger, "storm": _storm, "evoke": _evoke,
    "gravestorm": _gravestorm, "conspire": _conspire, "cascade": _cascade, "ripple": _ripple, "miracle": _miracle,
    "suspend": _suspend,
})
stack.SPELL_KEYWORDS.update({"awaken": _awaken, "epic": _epic, "cipher": _cipher})
stack.WHEN_TARGETS_ILLEGAL.update({"bestow": _unbestowed_on_illegal_target})
stack.GAINED_TEXT.update({"splice": _spliced_text})

__all__ = [
    "CONVOKED",
    "EMERGE_SACRIFICED",
    "KickerSpell",
    "convoked_by",
    "copy_with_new_targets",
    "died_this_turn",
    "first_drawn_this_turn",
    "is_suspended",
    "kicked",
    "overloaded",
    "paid_condition",
    "prowled",
    "spells_cast_before",
    "suspend",
    "this_turn",
]
