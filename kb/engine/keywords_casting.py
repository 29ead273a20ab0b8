"""Keyword abilities of casting spells, 702.27-702.126: buyback, kicker, flashback, madness, storm,
affinity, convoke, replicate, split second, delve, evoke, retrace, dash, surge, emerge, undaunted,
improvise.

Their costs are entries of :data:`kb.engine.spell_costs.OPTIONS` (optional additional and
alternative costs), ``COST_CHANGES`` (affinity, undaunted) and ``PAYMENT_KEYWORDS`` (convoke,
delve, improvise); what they do as the spell is cast, resolves or becomes a permanent, entries of
the keyword tables (:data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED`, ``KEYWORD_STATIC``).
Importing the module registers them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keywords, spell_copies, spell_costs
from kb.engine.abilities import SpellAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import Condition, condition
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction
from kb.engine.events import Cause, Event, SpellCast, TurnBegan, ZoneChanged
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
    costs are kicker costs (702.33c)."""
    return sum(spell_costs.times_paid(game, object_id, name, cost) for name in ("kicker", "multikicker"))


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
        return _cast_this(t) and int(spell_costs.times_paid(t.game, t.source.id, "replicate", keyword.parameter) > 0)

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


@cache
def _flashback(keyword: Keyword) -> StaticAbility:
    """702.34a: "If the flashback cost was paid, exile this card instead of putting it anywhere
    else any time it would leave the stack"."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        spell = context.context.source
        return (spell is not None and move.object_id == spell.id and move.to_zone is not Zone.EXILE
                and spell_costs.paid(context.game, spell.id, "flashback"))

    return StaticAbility("Flashback", replacements=(
        Replacement("Flashback: exiled as it leaves the stack", Move, applies,
                    lambda context, move: with_changes(move, to_zone=Zone.EXILE)),), zones=frozenset({Zone.STACK}))


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
            game.move(card, Zone.GRAVEYARD)

    return TriggeredAbility(f"Madness {keyword.parameter}", on_event("when this card is exiled this way",
                                                                     (ZoneChanged,), count), effect,
                            zones=frozenset({Zone.EXILE}))


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
        game.exile(*picked)
    return total.plus(-len(picked))


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
            game.sacrifice(game.view(this).controller, this)

    return TriggeredAbility("Evoke", enters(), effect, condition=paid_condition("evoke"))


class Dash(CastingOption):
    """702.109a: paid rather than the mana cost; "If this spell's dash cost was paid, return the
    permanent this spell becomes to its owner's hand at the beginning of the next end step"."""

    keyword = "dash"
    rule = "702.109a"

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
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


def _emerge_parameter(keyword: Keyword) -> str:
    if not keyword.parameter.startswith("{"):
        from kb.engine.errors import NotModelled

        raise NotModelled(f"emerge from a permanent of a quality (702.119b): {keyword.parameter}")
    return keyword.parameter


class Emerge(CastingOption):
    """702.119a, c: "You may cast this spell by paying [cost] and sacrificing a creature rather than
    paying its mana cost", the total cost reduced by that creature's mana value: it is chosen as
    the cost is announced (601.2b) and sacrificed as the cost is paid (601.2h)."""

    keyword = "emerge"
    rule = "702.119a"

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return Cost(ManaCost.parse(_emerge_parameter(keyword)), extra=(_EmergeSacrifice(),))

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        able = [o.id for o in game.creatures(player)]
        if not able:
            raise IllegalAction("emerge needs a creature to sacrifice", "702.119a")
        spell.chosen[EMERGE_SACRIFICED] = game.choices.ask(Choice(
            ChoiceKind.OBJECT, player, "the creature to sacrifice (emerge)", tuple(able)))
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
    "undaunted": "none", "improvise": "none",
})
for option in (Buyback(), Kicker(), Multikicker(), Replicate(), Flashback(), Retrace(), Madness(), Evoke(), Dash(),
               Surge(), Emerge()):
    spell_costs.OPTIONS[option.keyword] = option
spell_costs.COST_CHANGES.update({"affinity": _affinity, "undaunted": _undaunted})
spell_costs.PAYMENT_KEYWORDS.update({"convoke": _convoke, "delve": _delve, "improvise": _improvise})
keywords.PARSERS.append(_kicker_and_or)
keyword_abilities.KEYWORD_STATIC.update({
    "buyback": _buyback, "flashback": _flashback, "madness": _madness_static, "split second": _split_second,
    "dash": _dash,
})
keyword_abilities.KEYWORD_TRIGGERED.update({
    "replicate": _replicate, "madness": _madness_trigger, "storm": _storm, "evoke": _evoke,
})

__all__ = ["CONVOKED", "EMERGE_SACRIFICED", "KickerSpell", "convoked_by", "copy_with_new_targets", "kicked",
           "paid_condition", "spells_cast_before", "this_turn"]
