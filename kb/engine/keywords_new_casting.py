"""Casting keywords of 702.131-702.189: casting options (:mod:`kb.engine.spell_costs`) and what goes
with them — spectacle, jump-start, escape, blitz, web-slinging.

Each option is an entry of :data:`kb.engine.spell_costs.OPTIONS`; what the permanent or spell does
because the cost was paid is in the keyword tables (:mod:`kb.engine.keyword_abilities`), read with
:func:`kb.engine.spell_costs.paid`.  Importing the module registers them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import casting, keyword_abilities, keywords, special_actions, spell_costs, stack
from kb.engine.abilities import SpellAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.cards import token
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost, cost
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError
from kb.engine.events import Event, LifeChanged
from kb.engine.keywords import Keyword
from kb.engine.keywords_casting import cost_paid, exiled_as_it_leaves_the_stack, this_turn
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.spell_costs import CastingOption

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution
    from kb.engine.targets import TargetSpec
    from kb.engine.triggers import Trigger, TriggerContext


# -- 702.137 spectacle --------------------------------------------------------------------------------------


def opponent_lost_life_this_turn(game: Game, player: PlayerId) -> bool:
    """702.137a: "if an opponent lost life this turn"."""
    return any(isinstance(e, LifeChanged) and e.amount < 0 and e.player in game.opponents(player)
               for e in this_turn(game))


class Spectacle(CastingOption):
    """702.137a: "You may pay [cost] rather than pay this spell's mana cost if an opponent lost life this turn"."""

    keyword = "spectacle"
    rule = "702.137a"

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if opponent_lost_life_this_turn(game, player) else "no opponent lost life this turn"


# -- 702.133 jump-start ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardACard:
    """"Discard a card" as an additional cost (jump-start 702.133a)."""

    text: str = "Discard a card"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        from kb.engine import actions

        hand = [c for c in game.hand(player) if source is None or c.id != source.id]
        if not hand:
            raise IllegalAction(f"{player} has no card to discard", "118.3")
        chosen = game.choices.ask(Choice(ChoiceKind.DISCARD, player, "a card to discard", tuple(c.id for c in hand)))
        actions.discard(game, player, [game.objects[chosen]])  # type: ignore[index]


class JumpStart(CastingOption):
    """702.133a: "You may cast this card from your graveyard if the resulting spell is an instant or sorcery
    spell by discarding a card as an additional cost to cast it" (paying its mana cost)."""

    keyword = "jump-start"
    rule = "702.133a"
    kind = "additional"
    zones = frozenset({Zone.GRAVEYARD})

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost(extra=(DiscardACard(),))

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        if spell_costs.cast_from(game, spell.id) is not Zone.GRAVEYARD:
            return "jump-start casts the card from your graveyard"
        if not game.view(spell.id).types & {CardType.INSTANT, CardType.SORCERY}:
            return "the resulting spell isn't an instant or sorcery"
        return None


@cache
def _jump_start(keyword: Keyword) -> StaticAbility:
    """702.133a: "If this spell was cast using jump-start, exile it instead of putting it anywhere else any
    time it would leave the stack"."""
    return exiled_as_it_leaves_the_stack("Jump-start", cost_paid("jump-start"))


# -- 702.188 web-slinging ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReturnTappedCreature:
    """"Return a tapped creature you control to its owner's hand" (web-slinging's cost, 702.188a)."""

    text: str = "Return a tapped creature you control to its owner's hand"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        tapped = [c for c in game.creatures(player) if c.tapped]
        if not tapped:
            raise IllegalAction(f"{player} controls no tapped creature to return", "702.188a")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a tapped creature to return (web-slinging)",
                                         tuple(tapped)))
        if chosen not in tapped:
            raise IllegalAction("that isn't a tapped creature you control", "702.188a")
        game.move(chosen, Zone.HAND)


class WebSlinging(CastingOption):
    """702.188a: "You may cast this spell by paying [cost] and returning a tapped creature you control to
    its owner's hand rather than paying its mana cost"."""

    keyword = "web-slinging"
    rule = "702.188a"

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return with_changes(cost(keyword.parameter), extra=(ReturnTappedCreature(),))


# -- 702.138 escape ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExileOtherCards:
    """"Exile N other cards from your graveyard" (escape's cost, 702.138a)."""

    count: int

    @property
    def text(self) -> str:
        return f"Exile {self.count} other cards from your graveyard"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        others = [c for c in game.graveyard(player) if source is None or c.id != source.id]
        if len(others) < self.count:
            raise IllegalAction(f"{player} has fewer than {self.count} other cards in their graveyard", "702.138a")
        chosen = game.choices.ask(Choice(
            ChoiceKind.OBJECTS, player, f"{self.count} other cards to exile from your graveyard",
            accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == self.count and all(c in others for c in v),
            matters=len(others) > self.count, default=others[:self.count]))
        assert isinstance(chosen, (list, tuple))
        game.exile(*chosen)


def escape_cost(text: str) -> Cost:
    """"[mana], Exile N other cards from your graveyard" (702.138a)."""
    mana, _, rest = text.partition(",")
    words = rest.strip().split()
    if len(words) < 2 or words[0].lower() != "exile":
        return cost(text)
    numbers = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
    count = int(words[1]) if words[1].isdigit() else numbers.get(words[1].lower())
    if count is None:
        raise ScenarioError(f"escape: how many cards to exile in {text!r}?")
    return with_changes(cost(mana.strip()), extra=(ExileOtherCards(count),))


class Escape(CastingOption):
    """702.138a: "You may cast this card from your graveyard by paying [cost] rather than paying its mana cost"."""

    keyword = "escape"
    rule = "702.138a"
    zones = frozenset({Zone.GRAVEYARD})

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return escape_cost(keyword.parameter)

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if spell_costs.cast_from(game, spell.id) is Zone.GRAVEYARD else "escape casts it from your graveyard"


def escaped(game: Game, object_id: int | None) -> bool:
    """702.138b: a spell or the permanent it became "escaped" if it was cast with its escape ability."""
    return spell_costs.paid(game, object_id, "escape")


def escapes_with_counters(kind: str, count: int) -> StaticAbility:
    """702.138c: "[This permanent] escapes with [counters]": "If this permanent escaped, it enters with [counters]"."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        return move.to_zone is Zone.BATTLEFIELD and escaped(context.game, move.object_id)

    return StaticAbility(f"This permanent escapes with {count} {kind} counter(s).", replacements=(
        Replacement(f"escapes with {count} {kind} counters", Move, applies,
                    lambda c, m: with_changes(m, counters=(*m.counters, (kind, count))), entering_self=True),))


def escapes_with(ability: str) -> StaticAbility:
    """702.138d: "[This permanent] escapes with [ability]": "If this permanent escaped, it has [ability]"."""
    from kb.engine.conditions import condition
    from kb.engine.parts import gain
    from kb.engine.selectors import this_object

    return StaticAbility(f"This permanent escapes with {ability}.", (gain(ability),), this_object(),
                         condition=condition("it escaped", lambda c: c.source is not None
                                             and escaped(c.game, c.source.id)))


# -- 702.152 blitz -----------------------------------------------------------------------------------------


class Blitz(CastingOption):
    """702.152a: "You may cast this spell by paying [cost] rather than its mana cost" and "If this spell's
    blitz cost was paid, sacrifice the permanent this spell becomes at the beginning of the next end step"."""

    keyword = "blitz"
    rule = "702.152a"

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        used = keyword.parameter if keyword is not None else ""
        if keyword is not None and game.view(spell.id).keywords("blitz").count(keyword) > 1:
            raise NotModelled("two instances of blitz with the same cost told apart (702.152b)")
        spell.chosen[BLITZ_PAID_WITH] = used  # the instance whose cost was paid (702.152b)

    def enters(self, game: Game, player: PlayerId, spell: GameObject) -> None:  # 608.3g
        from kb.engine.triggers import at_beginning_of, create_delayed
        from kb.engine.turn import Step

        this = spell.id

        def sacrifice(resolution: Resolution) -> None:
            from kb.engine import zones

            zones.sacrifice_if_able(resolution.game, resolution.controller, [this])

        create_delayed(game, "sacrifice it at the beginning of the next end step (blitz)",
                       at_beginning_of(Step.END, "each"), sacrifice, player, source=this)


@cache
def _blitz(keyword: Keyword) -> StaticAbility:
    """702.152a: "As long as this permanent's blitz cost was paid, it has haste and 'When this permanent is
    put into a graveyard from the battlefield, draw a card'"."""
    from kb.engine.conditions import condition
    from kb.engine.parts import gain
    from kb.engine.selectors import this_object
    from kb.engine.triggers import dies

    def draw(resolution: Resolution) -> None:
        resolution.game.draw(resolution.controller)

    return StaticAbility("Blitz (haste and 'when this dies, draw a card' while its blitz cost was paid)",
                         (gain("haste", TriggeredAbility("When this permanent dies, draw a card.", dies(), draw)),),
                         this_object(), condition=condition("its blitz cost was paid", lambda c: c.source is not None
                                                            and blitz_instance_paid(c.game, c.source.id, keyword)))


BLITZ_PAID_WITH = "blitz paid with"
"""Key of a spell's ``chosen`` (kept by the permanent it becomes): the cost of the blitz instance used."""


def blitz_paid(game: Game, object_id: int) -> bool:
    return spell_costs.paid(game, object_id, "blitz")


def blitz_instance_paid(game: Game, object_id: int, keyword: Keyword) -> bool:
    """702.152b: an instance of blitz refers only to the payment made for itself as the spell was
    cast, not to one made for another instance of blitz."""
    obj = game.objects.get(object_id)
    return blitz_paid(game, object_id) and obj is not None and obj.chosen.get(BLITZ_PAID_WITH) == keyword.parameter


# -- 702.174 gift -----------------------------------------------------------------------------------------------

GIFT_TO = "gift to"
"""Key of a spell's ``chosen``: the opponent chosen as the gift was promised (702.174a, 702.174k)."""

FISH = token(None, "Creature — Fish", 1, 1, colors="U")
OCTOPUS = token(None, "Creature — Octopus", 8, 8, colors="U")


@dataclass(frozen=True, eq=False)
class GaveGift(Event):
    """``player`` gave a gift (702.174c): a gift spell resolved or a gift trigger resolved."""

    player: PlayerId
    recipient: PlayerId


def gives_a_gift() -> Trigger:
    """"Whenever you give a gift" (702.174c)."""
    from kb.engine.triggers import on_event

    return on_event("whenever you give a gift", (GaveGift,),
                    lambda t: int(isinstance(t.event, GaveGift) and t.event.player == t.source.controller))


@dataclass(frozen=True, eq=False)
class GiftSpell(SpellAbility):
    """An instant or sorcery with a part that happens only if the gift was promised and has targets of its
    own: those are chosen only if it was (702.174m, 601.2c).  ``effect`` finds them after ``targets``."""

    if_promised: tuple[TargetSpec, ...] = field(default=())


class Gift(CastingOption):
    """702.174a: "As an additional cost to cast this spell, you may choose an opponent" — promising the gift
    (702.174k)."""

    keyword = "gift"
    rule = "702.174a"
    kind = "additional"

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost()

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        opponents = tuple(p for p in game.opponents(player) if not game.players[p].left)
        if not opponents:
            raise IllegalAction("there is no opponent to promise a gift to", "702.174a")
        chosen = game.choices.ask(Choice(ChoiceKind.PLAYER, player, "an opponent to promise the gift to", opponents))
        spell.chosen[GIFT_TO] = chosen

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        """702.174m: the targets of the part that happens only if the gift was promised."""
        ability = spell.card.spell
        if isinstance(ability, GiftSpell) and not any(t in specs for t in ability.if_promised):
            return (*specs, *ability.if_promised)
        return specs


def gift_promised(game: Game, object_id: int | None) -> bool:
    """702.174k: the gift was promised (its cost paid) for this spell or the permanent it became."""
    return spell_costs.paid(game, object_id, "gift")


def recipient(game: Game, object_id: int | None) -> PlayerId | None:
    obj = game.objects.get(object_id) if object_id is not None else None
    value = obj.chosen.get(GIFT_TO) if obj is not None else None
    return value if isinstance(value, str) else None


def give(game: Game, what: str, to: PlayerId) -> None:
    """What each gift is (702.174d-i)."""
    from kb.engine.predefined_tokens import FOOD, TREASURE

    if game.players[to].left:
        return
    kind = what.lower().removeprefix("an ").removeprefix("a ").strip()
    if kind == "food":
        game.create_token(FOOD, to)  # 702.174d
    elif kind == "card":
        game.draw(to)  # 702.174e
    elif kind == "tapped fish":
        game.create_token(FISH, to, tapped=True)  # 702.174f
    elif kind == "extra turn":
        game.add_extra_turn(to)  # 702.174g
    elif kind == "treasure":
        game.create_token(TREASURE, to)  # 702.174h
    elif kind == "octopus":
        game.create_token(OCTOPUS, to)  # 702.174i
    else:
        raise NotModelled(f"the gift {what!r} (702.174)")


def gift_resolves(game: Game, giver: PlayerId, object_id: int | None, what: str) -> None:
    """The gift happens; the giver gave a gift (702.174c)."""
    to = recipient(game, object_id)
    if to is None:
        return
    give(game, what, to)
    gave_a_gift(game, giver, to)


def gave_a_gift(game: Game, giver: PlayerId, to: PlayerId) -> None:
    """702.174c: the giver gave a gift."""
    game.emit(GaveGift(giver, to))


def _gift_spell(resolution: Resolution) -> None:
    """702.174b, 702.174j: an instant or sorcery: "If the gift cost was paid, [the gift]" — first, before the
    rest of its text."""
    spell = resolution.item.spell
    view = resolution.item.source or (resolution.game.view(spell) if spell is not None else None)
    if view is None or not gift_promised(resolution.game, spell):
        return
    for keyword in view.keywords("gift"):
        gift_resolves(resolution.game, resolution.controller, spell, keyword.parameter)


@cache
def _gift_permanent(keyword: Keyword) -> TriggeredAbility:
    """702.174b: a permanent: "When this permanent enters, if the gift cost was paid, [the gift]"."""
    from kb.engine.conditions import condition
    from kb.engine.triggers import enters

    def effect(resolution: Resolution) -> None:
        gift_resolves(resolution.game, resolution.controller, resolution.source_id, keyword.parameter)

    return TriggeredAbility(f"Gift {keyword.parameter}", enters(), effect,
                            condition=condition("the gift was promised", lambda c: c.source is not None
                                                and gift_promised(c.game, c.source.id)))


# -- 702.175 offspring, 702.157 squad: token copies as it enters -------------------------------------------


class Offspring(CastingOption):
    """702.175a: "You may pay an additional [cost] as you cast this spell"."""

    keyword = "offspring"
    rule = "702.175a"
    kind = "additional"


class Squad(CastingOption):
    """702.157a: "As an additional cost to cast this spell, you may pay [cost] any number of times"."""

    keyword = "squad"
    rule = "702.157a"
    kind = "additional"
    repeatable = True


def token_copies(game: Game, original: int, controller: PlayerId, count: int, pt: tuple[int, int] | None = None) -> None:
    """Create ``count`` tokens that are copies of ``original`` (its copiable values, 707.2), "except it's
    1/1" with ``pt`` (an exception that is part of the copiable values, 707.9b)."""
    from kb.engine.cards import Card
    from kb.engine.copies import copiable_values

    values = copiable_values(game, original)
    if pt is not None:
        values = with_changes(values, power=pt[0], toughness=pt[1])
    for _ in range(count):
        game.create_token(Card(values, is_token=True), controller)


@cache
def _offspring(keyword: Keyword) -> TriggeredAbility:
    """702.175a: "When this permanent enters, if its offspring cost was paid, create a token that's a copy of
    it, except it's 1/1"; each instance triggers only for its own payment (702.175b)."""
    from kb.engine.conditions import condition
    from kb.engine.triggers import enters

    def effect(resolution: Resolution) -> None:
        if resolution.source_id is not None:
            token_copies(resolution.game, resolution.source_id, resolution.controller, 1, (1, 1))

    return TriggeredAbility(f"Offspring {keyword.parameter}", enters(), effect, condition=condition(
        "its offspring cost was paid", lambda c: c.source is not None
        and spell_costs.times_paid(c.game, c.source.id, "offspring", keyword.parameter) > 0))


@cache
def _squad(keyword: Keyword) -> TriggeredAbility:
    """702.157a: "When this creature enters, if its squad cost was paid, create a token that's a copy of it
    for each time its squad cost was paid" — this instance's payments only (702.157b)."""
    from kb.engine.conditions import condition
    from kb.engine.triggers import enters

    def effect(resolution: Resolution) -> None:
        game, this = resolution.game, resolution.source_id
        if this is not None:
            token_copies(game, this, resolution.controller,
                         spell_costs.times_paid(game, this, "squad", keyword.parameter))

    return TriggeredAbility(f"Squad {keyword.parameter}", enters(), effect, condition=condition(
        "its squad cost was paid", lambda c: c.source is not None
        and spell_costs.times_paid(c.game, c.source.id, "squad", keyword.parameter) > 0))


# -- 702.153 casualty ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SacrificeWithPower:
    """"Sacrifice a creature with power N or greater" (casualty's cost, 702.153a)."""

    power: int

    @property
    def text(self) -> str:
        return f"Sacrifice a creature with power {self.power} or greater"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        views = game.views()
        able = [c for c in game.creatures(player) if (views[c.id].power or 0) >= self.power]
        if not able:
            raise IllegalAction(f"{player} controls no creature with power {self.power} or greater", "702.153a")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, self.text, tuple(able)))
        if chosen not in able:
            raise IllegalAction("that creature can't be sacrificed for casualty", "702.153a")
        game.sacrifice(player, chosen)


class Casualty(CastingOption):
    """702.153a: "As an additional cost to cast this spell, you may sacrifice a creature with power N or greater"."""

    keyword = "casualty"
    rule = "702.153a"
    kind = "additional"

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return Cost(extra=(SacrificeWithPower(keyword.number),))


@cache
def _casualty(keyword: Keyword) -> TriggeredAbility:
    """702.153a: "When you cast this spell, if a casualty cost was paid for it, copy it.  If the spell has any
    targets, you may choose new targets for the copy"; each instance for its own payment (702.153b)."""
    from kb.engine.events import SpellCast
    from kb.engine.keywords_casting import copy_with_new_targets
    from kb.engine.triggers import on_event

    def count(t: TriggerContext) -> int:
        return int(isinstance(t.event, SpellCast) and t.event.spell_id == t.source.id
                   and spell_costs.times_paid(t.game, t.source.id, "casualty", keyword.parameter) > 0)

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        item = next((s for s in game.stack if s.spell == resolution.source_id), None)
        if item is not None:
            copy_with_new_targets(game, item, resolution.controller)

    return TriggeredAbility(f"Casualty {keyword.parameter}", on_event(
        "when you cast this spell, if a casualty cost was paid", (SpellCast,), count), effect,
        zones=frozenset({Zone.STACK}))


# -- 702.166 bargain -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SacrificeArtifactEnchantmentOrToken:
    """"Sacrifice an artifact, enchantment, or token" (bargain's cost, 702.166a)."""

    text: str = "Sacrifice an artifact, enchantment, or token"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        views = game.views()
        able = [o for o in game.battlefield(player) if o.is_token or views[o.id].is_a(CardType.ARTIFACT)
                or views[o.id].is_a(CardType.ENCHANTMENT)]
        if not able:
            raise IllegalAction(f"{player} has no artifact, enchantment or token to sacrifice", "702.166a")
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, self.text, tuple(able)))
        if chosen not in able:
            raise IllegalAction("that can't be sacrificed for bargain", "702.166a")
        game.sacrifice(player, chosen)


@dataclass(frozen=True, eq=False)
class BargainSpell(SpellAbility):
    """An instant or sorcery with a part that happens only if it was bargained and has targets of its own:
    they are chosen only if it was (702.166d)."""

    if_bargained: tuple[TargetSpec, ...] = field(default=())


class Bargain(CastingOption):
    """702.166a: "You may sacrifice an artifact, enchantment, or token as an additional cost to cast this spell"."""

    keyword = "bargain"
    rule = "702.166a"
    kind = "additional"

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost(extra=(SacrificeArtifactEnchantmentOrToken(),))

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        ability = spell.card.spell
        if isinstance(ability, BargainSpell) and not any(t in specs for t in ability.if_bargained):
            return (*specs, *ability.if_bargained)
        return specs


def bargained(game: Game, object_id: int | None) -> bool:
    """702.166b: a spell is bargained if its controller declared the intention to pay its bargain cost."""
    return spell_costs.paid(game, object_id, "bargain")


# -- 702.185 warp ------------------------------------------------------------------------------------------

WARPED = "warped"
"""702.185b: a designation of a card exiled by warp's delayed triggered ability; with the turn it was exiled."""


class Warp(CastingOption):
    """702.185a: "You may cast this card from your hand by paying [cost] rather than its mana cost" and "If
    this spell's warp cost was paid, exile the permanent this spell becomes at the beginning of the next end
    step.  Its owner may cast this card after the current turn has ended for as long as it remains exiled"."""

    keyword = "warp"
    rule = "702.185a"

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if spell_costs.cast_from(game, spell.id) is Zone.HAND else "warp casts it from your hand"

    def enters(self, game: Game, player: PlayerId, spell: GameObject) -> None:  # 608.3g
        from kb.engine.triggers import at_beginning_of, create_delayed
        from kb.engine.turn import Step

        this = spell.id

        def exile(resolution: Resolution) -> None:
            g = resolution.game
            obj = g.objects.get(this)
            if obj is None or obj.zone is not Zone.BATTLEFIELD:
                return
            [exiled] = g.exile(obj)
            if exiled is not None:
                exiled.designations.add(f"{WARPED}:{g.turn}")
                g.touch()
                from kb.engine import rules
                from kb.engine.selectors import where

                castable = where("a warped card exiled before this turn",
                                 lambda c, o: o.id in c.game.objects
                                 and _warped_castable(c.game, c.game.objects[o.id].owner, c.game.objects[o.id]))
                g.create_effect("its owner may cast it after this turn (warp)", (), (), None,
                                rules=[rules.CastPermission(castable, Zone.EXILE)], controller=exiled.owner)

        create_delayed(game, "exile it at the beginning of the next end step (warp)", at_beginning_of(Step.END, "each"),
                       exile, player, source=this)


def warped_turn(game: Game, obj: GameObject) -> int | None:
    """The turn a warped card was exiled (702.185b), or None if it isn't warped."""
    if obj.zone is not Zone.EXILE:
        return None
    return next((int(d.split(":", 1)[1]) for d in obj.designations if d.startswith(WARPED + ":")), None)


def _warped_castable(game: Game, player: PlayerId, card: GameObject) -> bool:
    """702.185a: its owner may cast it after the turn it was exiled has ended."""
    turn = warped_turn(game, card)
    return turn is not None and card.owner == player and game.turn > turn


def spell_warped_this_turn(game: Game) -> bool:
    """702.185c: a spell was cast this turn with its warp cost paid."""
    from kb.engine.events import SpellCast

    return any(isinstance(e, SpellCast) and spell_costs.paid(game, e.spell_id, "warp") for e in this_turn(game))


# -- 702.187 mayhem ----------------------------------------------------------------------------------------


class Mayhem(CastingOption):
    """702.187b: "You may cast this card from your graveyard by paying [cost] rather than its mana cost if you
    discarded it this turn"."""

    keyword = "mayhem"
    rule = "702.187b"
    zones = frozenset({Zone.GRAVEYARD})

    def price(self, keyword: Keyword | None) -> Cost:
        if keyword is None or not keyword.parameter:
            raise IllegalAction("mayhem without a cost has no cost to pay: play the card, paying its mana cost",
                                "702.187c")
        return super().price(keyword)

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        from kb.engine.events import ZoneChanged

        if spell_costs.cast_from(game, spell.id) is not Zone.GRAVEYARD:
            return "mayhem casts it from your graveyard"
        moved = next((e for e in reversed(game.log) if isinstance(e, ZoneChanged) and e.new_id == spell.id), None)
        card_id = moved.old_id if moved is not None else None
        if spell.owner != player or not any(isinstance(e, ZoneChanged) and e.new_id == card_id
                                            and e.cause.value == "discard" for e in this_turn(game)):
            return "you didn't discard this card this turn"
        return None


def may_play_by_mayhem(game: Game, player: PlayerId, card: GameObject) -> bool:
    """702.187c: mayhem without a cost: "You may play this card from your graveyard if you discarded it this
    turn" — play it as a land (305.1) or cast it paying its costs (701.18b)."""
    from kb.engine.events import ZoneChanged

    return (card.zone is Zone.GRAVEYARD and card.owner == player
            and any(not k.parameter for k in game.view(card.id).keywords("mayhem"))
            and any(isinstance(e, ZoneChanged) and e.new_id == card.id and e.cause.value == "discard"
                    for e in this_turn(game)))


def _mayhem_permission(game: Game, player: PlayerId, card: GameObject, spell: View) -> bool | None:
    return True if may_play_by_mayhem(game, player, card) else None


def _mayhem_land(game: Game, player: PlayerId, card: GameObject) -> bool:
    return may_play_by_mayhem(game, player, card)


special_actions.LAND_PERMISSIONS["mayhem"] = _mayhem_land
casting.OWN_PERMISSIONS["mayhem"] = _mayhem_permission


# -- 702.143 foretell, 702.170 plot: special actions that exile a card to cast it later --------------------

FORETOLD = "foretold"
PLOTTED = "plotted"


@dataclass(frozen=True, eq=False)
class Foretold(Event):
    """A card was foretold (702.143c: the special action, or an effect saying it becomes foretold)."""

    object_id: int
    player: PlayerId


@dataclass(frozen=True, eq=False)
class Plotted(Event):
    """A card became plotted (702.170e: the special action, or an effect, 702.170c)."""

    object_id: int
    player: PlayerId


def _marked_turn(obj: GameObject, mark: str) -> int | None:
    return next((int(d.split(":", 1)[1]) for d in obj.designations if d.startswith(mark + ":")), None)


def foretold_turn(game: Game, obj: GameObject) -> int | None:
    """The turn the card became foretold (702.143c-d), or None; only in exile."""
    return _marked_turn(obj, FORETOLD) if obj.zone is Zone.EXILE else None


def plotted_turn(game: Game, obj: GameObject) -> int | None:
    """The turn the card became plotted (702.170a, 702.170c), or None; only in exile."""
    return _marked_turn(obj, PLOTTED) if obj.zone is Zone.EXILE else None


def _special_action(game: Game, player: PlayerId, what: str) -> None:
    from kb.engine import priority

    priority.require(game, player, what)
    if game.stack and what.startswith("plot"):
        raise IllegalAction("plot needs an empty stack", "702.170a")


def may_foretell_now(game: Game, player: PlayerId) -> bool:
    """702.143a: during your turn (any time you have priority)."""
    from kb.engine import teams

    return teams.is_active(game, player)


def foretell(game: Game, player: PlayerId, card: GameObject) -> GameObject:
    """702.143a-b: during your turn, while you have priority, pay {2} and exile a card with foretell from your
    hand face down — a special action (116): it doesn't use the stack.  Returns the card in exile."""
    from kb.engine import payment
    from kb.engine.mana import ManaCost
    from kb.engine.objects import FaceDown

    _special_action(game, player, "foretelling a card")
    if not may_foretell_now(game, player):
        raise IllegalAction("a card can be foretold only during its owner's turn", "702.143a")
    if card.zone is not Zone.HAND or card.owner != player or not game.view(card.id).has("foretell"):
        raise IllegalAction("only a card with foretell in your hand can be foretold", "702.143a")
    checkpoint = game.checkpoint()
    try:
        payment.pay_mana(game, player, ManaCost.parse("{2}"))
        exiled = game.move(card, Zone.EXILE, face_down=FaceDown.EFFECT)
    except IllegalAction:
        game.restore(checkpoint)
        raise
    assert exiled is not None
    make_foretold(game, exiled, player)
    return exiled


def _mark_in_exile(game: Game, card: GameObject, mark: str) -> None:
    """A card in exile gets a designation that remembers the turn it got it (foretold, plotted): on the
    card while it is in exile, and on its owner under the card's id, because the spell cast from it is a
    new object (400.7) that must still know the turn."""
    card.designations.add(f"{mark}:{game.turn}")
    game.players[card.owner].designations.add(f"{mark} {card.id} {game.turn}")
    game.touch()


def make_foretold(game: Game, card: GameObject, player: PlayerId) -> None:
    """702.143d: a card in exile becomes foretold (the special action does this too)."""
    _mark_in_exile(game, card, FORETOLD)
    game.emit(Foretold(card.id, player))


def foretold_revealed_as_player_leaves(game: Game, player: PlayerId) -> list[Event]:
    """702.143f: a player leaving the game reveals the face-down foretold cards they own (called by
    :func:`kb.engine.actions.leave_game` before their cards leave with them)."""
    from kb.engine.events import Revealed

    return [Revealed(card.id, card.card.front.name, "foretold cards are revealed as their owner leaves")
            for card in game.in_zone(Zone.EXILE, player)
            if foretold_turn(game, card) is not None and card.face_down is not None]


class Foretell(CastingOption):
    """702.143a: the owner may cast a foretold card from exile on a later turn by paying its foretell cost
    rather than its mana cost."""

    keyword = "foretell"
    rule = "702.143a"
    zones = frozenset({Zone.EXILE})

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        turn = _marked_before(game, spell, FORETOLD)
        if turn is None:
            return "foretell casts a foretold card from exile"
        if turn >= game.turn:
            return "a foretold card can be cast only after the turn it was foretold"
        return None


def _marked_before(game: Game, spell: GameObject, mark: str) -> int | None:
    """The turn the card this spell was cast from became ``mark`` (foretold, plotted), remembered by its owner
    under the card's id in exile; None if it wasn't."""
    from kb.engine.events import ZoneChanged

    moved = next((e for e in reversed(game.log) if isinstance(e, ZoneChanged) and e.new_id == spell.id), None)
    if moved is None or moved.from_zone is not Zone.EXILE or moved.old_id is None:
        return None
    prefix = f"{mark} {moved.old_id} "
    found = [d for d in game.players[spell.owner].designations if d.startswith(prefix)]
    return int(found[0][len(prefix):]) if found else None


class Plot(CastingOption):
    """702.170d: the owner may cast a plotted card from exile without paying its mana cost during their main
    phase while the stack is empty, on a turn after the one it became plotted."""

    keyword = "plot"
    rule = "702.170d"
    zones = frozenset({Zone.EXILE})
    needs_keyword = False  # an effect may plot a card without plot (702.170c)

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost()

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        from kb.engine.casting import sorcery_timing

        turn = _marked_before(game, spell, PLOTTED)
        if turn is None:
            return "only a plotted card is cast from exile this way"
        if turn >= game.turn:
            return "a plotted card can be cast only on a later turn"
        if not sorcery_timing(game, player):
            return "a plotted card is cast during your main phase while the stack is empty"
        return None


def may_plot_now(game: Game, player: PlayerId) -> bool:
    """702.170a: during your main phase while the stack is empty."""
    from kb.engine.casting import sorcery_timing

    return sorcery_timing(game, player)


def plot(game: Game, player: PlayerId, card: GameObject, *, allowed_from: Zone = Zone.HAND) -> GameObject:
    """702.170a-b: any time you have priority during your main phase while the stack is empty, exile a card
    with plot from your hand and pay its plot cost — a special action (116); 702.170f: an effect may let a
    card be plotted from another zone, exiled from where it is."""
    from kb.engine import payment

    _special_action(game, player, "plotting a card")
    if not may_plot_now(game, player):
        raise IllegalAction("plot only during your main phase while the stack is empty", "702.170a")
    found = game.view(card.id).keywords("plot")
    if card.owner != player or not found:
        raise IllegalAction("only your card with plot can be plotted", "702.170a")
    if card.zone is not allowed_from:
        raise IllegalAction(f"a card is plotted from your {allowed_from.value} here", "702.170a, 702.170f")
    checkpoint = game.checkpoint()
    try:
        payment.pay(game, player, cost(found[0].parameter), card)
        exiled = game.move(card, Zone.EXILE)
    except IllegalAction:
        game.restore(checkpoint)
        raise
    assert exiled is not None
    make_plotted(game, exiled, player)
    return exiled


def make_plotted(game: Game, card: GameObject, player: PlayerId) -> None:
    """702.170c: a card in exile becomes plotted (the special action does this too)."""
    _mark_in_exile(game, card, PLOTTED)
    game.emit(Plotted(card.id, player))


# -- 702.146 disturb, 702.162 More Than Meets the Eye: cast transformed ------------------------------------


class CastTransformed(CastingOption):
    """Casting a double-faced card transformed, back face up (712.8c, 701.28): the spell has its back face's
    characteristics (its mana value from its front face, 202.3b) and the permanent it becomes enters with that
    face up (702.146b)."""

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        if spell.card.back is None:
            raise IllegalAction("only a double-faced card can be cast transformed", "712.8c")
        spell.transformed = True
        game.touch()


class Disturb(CastTransformed):
    """702.146a: "You may cast this card transformed from your graveyard by paying [cost] rather than its mana cost"."""

    keyword = "disturb"
    rule = "702.146a"
    zones = frozenset({Zone.GRAVEYARD})

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if spell_costs.cast_from(game, spell.id) is Zone.GRAVEYARD else "disturb casts it from your graveyard"


class MoreThanMeetsTheEye(CastTransformed):
    """702.162a: "You may cast this card converted by paying [cost] rather than its mana cost" (from any zone it
    could be cast from)."""

    keyword = "more than meets the eye"
    rule = "702.162a"


# -- 702.177b: "if you haven't activated an exhaust ability this turn" --------------------------------------


def activated_exhaust_this_turn(game: Game, player: PlayerId) -> bool:
    """702.177b: has the player begun to activate an exhaust ability this turn (one whose activation
    is still being completed counts)?"""
    from kb.engine.activating import ActivationBegun
    from kb.engine.events import AbilityActivated

    return any(isinstance(e, (AbilityActivated, ActivationBegun)) and e.player == player
               and e.text.startswith("Exhaust — ") for e in this_turn(game))


# -- 702.180 harmonize -------------------------------------------------------------------------------------

HARMONIZE_CREATURE = "harmonize creature"
"""Key of a spell's ``chosen``: the creature chosen to tap for harmonize (702.180b)."""


@dataclass(frozen=True)
class TapChosenCreature:
    """Tapping the creature chosen for harmonize, as the total cost is paid (702.180b)."""

    text: str = "Tap up to one untapped creature you control"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        from kb.engine import actions

        chosen = source.chosen.get(HARMONIZE_CREATURE) if source is not None else None
        if isinstance(chosen, int):
            obj = game.objects.get(chosen)
            if obj is None or obj.tapped or obj.zone is not Zone.BATTLEFIELD:
                raise IllegalAction("the creature chosen for harmonize can't be tapped", "702.180b")
            actions.tap(game, [obj])


class Harmonize(CastingOption):
    """702.180a: cast from your graveyard by paying [cost] and tapping up to one untapped creature you control
    rather than the mana cost; the total cost is reduced by that creature's power."""

    keyword = "harmonize"
    rule = "702.180a"
    zones = frozenset({Zone.GRAVEYARD})

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return with_changes(cost(keyword.parameter), extra=(TapChosenCreature(),))

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        """702.180b: the creature to tap is chosen as the harmonize cost is chosen (601.2b)."""
        able = [c for c in game.creatures(player) if not c.tapped]
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "up to one creature to tap (harmonize)",
                                         (None, *able), default=None)) if able else None
        spell.chosen[HARMONIZE_CREATURE] = chosen.id if chosen in able else None

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        return None if spell_costs.cast_from(game, spell.id) is Zone.GRAVEYARD else "harmonize casts it from your graveyard"

    def reduction(self, game: Game, spell: GameObject) -> int:
        """702.180a: generic mana equal to the tapped creature's power."""
        chosen = spell.chosen.get(HARMONIZE_CREATURE)
        if not isinstance(chosen, int) or chosen not in game.objects:
            return 0
        return max(0, game.view(chosen).power or 0)


@cache
def _harmonize(keyword: Keyword) -> StaticAbility:
    """702.180a: "If the harmonize cost was paid, exile this card instead of putting it anywhere else any time
    it would leave the stack"."""
    return exiled_as_it_leaves_the_stack("Harmonize", cost_paid("harmonize"))


# -- 702.176 impending -------------------------------------------------------------------------------------


def _impending_parts(keyword: Keyword) -> tuple[int, str]:
    """"Impending N—[cost]": (N, cost)."""
    number, sep, price = keyword.parameter.replace("--", "—").partition("—")
    if not sep or not number.strip().isdigit():
        raise ScenarioError(f"impending is written 'impending N—[cost]', not {keyword.parameter!r}")
    return int(number), price.strip()


class Impending(CastingOption):
    """702.176a: "You may choose to pay [cost] rather than pay this spell's mana cost"."""

    keyword = "impending"
    rule = "702.176a"

    def price(self, keyword: Keyword | None) -> Cost:
        assert keyword is not None
        return cost(_impending_parts(keyword)[1])


def impending_paid(game: Game, object_id: int | None) -> bool:
    return spell_costs.paid(game, object_id, "impending")


@cache
def _impending_static(keyword: Keyword) -> StaticAbility:
    """702.176a: "If you chose to pay this permanent's impending cost, it enters with N time counters on it" and
    "As long as this permanent's impending cost was paid and it has a time counter on it, it's not a creature"."""
    from kb.engine.parts import lose_types
    from kb.engine.selectors import this_object, where

    amount = _impending_parts(keyword)[0]

    def applies(context: ReplacementContext, move: Move) -> bool:
        return move.to_zone is Zone.BATTLEFIELD and impending_paid(context.game, move.object_id)

    waiting = this_object() & where("its impending cost was paid and it has a time counter",
                                    lambda c, o: impending_not_creature(c.game, o.id))
    return StaticAbility(
        f"Impending {keyword.parameter}", (lose_types("Creature"),), waiting,
        replacements=(Replacement("Impending: enters with time counters", Move, applies,
                                  lambda c, m: with_changes(m, counters=(*m.counters, ("time", amount))),
                                  entering_self=True),))


def impending_not_creature(game: Game, object_id: int) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and impending_paid(game, object_id) and obj.counter("time") > 0


@cache
def _impending_trigger(keyword: Keyword) -> TriggeredAbility:
    """702.176a: "At the beginning of your end step, if this permanent's impending cost was paid and it has a time
    counter on it, remove a time counter from it"."""
    from kb.engine.conditions import condition
    from kb.engine.triggers import at_beginning_of
    from kb.engine.turn import Step

    def effect(resolution: Resolution) -> None:
        this = resolution.source_id
        if this is not None and this in resolution.game.objects:
            resolution.game.remove_counters(this, "time")

    return TriggeredAbility("Impending (remove a time counter)", at_beginning_of(Step.END, "you"), effect,
                            condition=condition("its impending cost was paid and it has a time counter",
                                                lambda c: c.source is not None
                                                and impending_not_creature(c.game, c.source.id)))


# -- registering ---------------------------------------------------------------------------------------------

keywords.MODELLED.update({"spectacle": "cost", "jump-start": "none", "web-slinging": "cost", "escape": "cost",
                          "blitz": "cost", "gift": "quality", "offspring": "cost", "squad": "cost",
                          "casualty": "number", "bargain": "none", "warp": "cost", "mayhem": "optional cost",
                          "foretell": "cost", "plot": "cost", "disturb": "cost", "more than meets the eye": "cost",
                          "harmonize": "cost", "impending": "cost"})
for _option in (Spectacle(), JumpStart(), WebSlinging(), Escape(), Blitz(), Gift(), Offspring(), Squad(), Casualty(),
                Bargain(), Warp(), Mayhem(), Foretell(), Plot(), Disturb(), MoreThanMeetsTheEye(),
                Harmonize(), Impending()):
    spell_costs.OPTIONS[_option.keyword] = _option
keyword_abilities.KEYWORD_STATIC.update({"jump-start": _jump_start, "blitz": _blitz, "harmonize": _harmonize,
                                         "impending": _impending_static})
keyword_abilities.KEYWORD_TRIGGERED.update({"gift": _gift_permanent, "offspring": _offspring, "squad": _squad,
                                            "casualty": _casualty, "impending": _impending_trigger})
stack.SPELL_KEYWORDS_FIRST["gift"] = lambda resolution: _gift_spell(resolution)

__all__ = [
    "FISH",
    "GIFT_TO",
    "OCTOPUS",
    "GaveGift",
    "GiftSpell",
    "escape_cost",
    "escaped",
    "escapes_with",
    "escapes_with_counters",
    "gift_promised",
    "give",
    "gives_a_gift",
    "opponent_lost_life_this_turn",
    "recipient",
    "this_turn",
]
