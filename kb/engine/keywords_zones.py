"""Keyword abilities of permanents entering and leaving, and of cards outside the battlefield,
from 702.65 to 702.123: aura swap, fortify, transfigure, champion, hideaway, reinforce, persist,
devour, unearth, umbra armor, living weapon, undying, soulbond, scavenge, unleash, tribute,
exploit, fabricate, and the triggers of crew (702.122b, 702.122d; the crew ability itself is
:mod:`kb.engine.keyword_abilities`'s, its cost :func:`kb.engine.payment.crew`).

Each is an entry of the keyword tables (:data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED`,
``KEYWORD_ACTIVATED``, ``KEYWORD_STATIC``); importing the module registers them.  What links two
abilities (champion's exiled card, 607; hideaway's card; a soulbond pair) is kept on the objects
involved (``chosen``) or as an effect with the duration the rule gives (a pair lasts "for as long
as both remain creatures on the battlefield under your control", 702.95a).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import (
    counters,
    keyword_abilities,
    keyword_actions,
    keywords,
    libraries,
    phasing,
    replacement,
    rules,
    visibility,
    zones,
)
from kb.engine.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import AURA, CardType, card_type
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.conditions import Condition, condition
from kb.engine.context import Context, Seeable
from kb.engine.costs import cost
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.events import BecameCrewed, Cause, Crewed, Event, ZoneChanged
from kb.engine.keywords import Keyword
from kb.engine.objects import FaceDown
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.selectors import Filter, creatures, objects, this_object, where
from kb.engine.targets import target, target_creature
from kb.engine.triggers import (
    Trigger,
    TriggerContext,
    at_beginning_of,
    create_delayed,
    dies,
    enters,
    leaves,
    on_event,
)

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution




def number_and_cost(keyword: Keyword) -> tuple[int, str]:
    """"N—[cost]" (reinforce, suspend, awaken)."""
    text = keyword.parameter.replace("―", "—").replace(" - ", "—").replace("-", "—", 1)
    head, sep, tail = text.partition("—")
    if not sep or not head.strip().isdigit() or not tail.strip():
        raise ScenarioError(f"{keyword.name} is written '{keyword.name} N—[cost]', not {keyword.parameter!r}")
    return int(head), tail.strip()


def quality_filter(quality: str, *, controller: str = "any", other: bool = False) -> Filter:
    """A permanent of a quality named by one word: a card type ("artifact") or a subtype ("Faerie")."""
    word = quality.strip()
    for article in ("a ", "an "):
        word = word.removeprefix(article)
    try:
        kind = card_type(word.capitalize())
    except ScenarioError:
        return objects(subtypes=[word.capitalize()], controller=controller, other=other, text=word)
    return objects(kind, controller=controller, other=other, text=word)


def _alive(resolution: Resolution) -> GameObject | None:
    source = resolution.source_id
    game = resolution.game
    if source is None or source not in game.objects or game.objects[source].zone is not Zone.BATTLEFIELD:
        return None
    return game.objects[source]


def _may(game: Game, player: PlayerId, what: str) -> bool:
    return bool(game.choices.ask(Choice(ChoiceKind.MAY, player, what, (True, False))))


def _choose_any(game: Game, player: PlayerId, what: str, among: Sequence[ObjectId]) -> list[ObjectId]:
    """Any number of ``among`` (none, some or all)."""
    if not among:
        return []
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, what, items=tuple(among),
                                     accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == len(v)
                                     and all(getattr(x, "id", x) in among for x in v)))
    return [getattr(x, "id", x) for x in chosen]  # type: ignore[attr-defined]


# -- 702.65 aura swap --------------------------------------------------------------------------------


@cache
def _aura_swap(keyword: Keyword) -> ActivatedAbility:
    """702.65a: "[Cost]: You may exchange this Aura with an Aura card in your hand"; if either half
    of the exchange can't be done, nothing happens (702.65b, 701.12b)."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        aura = _alive(resolution)
        you = resolution.controller
        if aura is None or aura.owner != you or aura.attached_to is None:
            return  # it would go to its owner's hand, not yours: no exchange (702.65b)
        host = aura.attached_to
        in_hand = [c.id for c in game.hand(you) if AURA in game.view(c.id).subtypes]
        if not in_hand or not _may(game, you, "exchange the Aura with an Aura card in your hand"):
            return
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, you, "the Aura card to exchange", tuple(in_hand)))
        from kb.engine import attach

        card = game.objects[chosen] if isinstance(chosen, int) else None
        if card is None or not attach.is_legal(game, game.view(card.id), host):
            return  # the other half can't be done (702.65b)
        seen = game.views()
        leaving = replacement.replace(game, Move(aura.id, Zone.HAND))
        arriving = replacement.replace(game, Move(card.id, Zone.BATTLEFIELD, controller=you, attach_to=host))
        zones.perform(game, [aura, card], [leaving, arriving], seen)

    return ActivatedAbility(f"Aura swap {keyword.parameter}", cost(keyword.parameter), effect)


# -- 702.67 fortify ---------------------------------------------------------------------------------------


@cache
def _fortify(keyword: Keyword) -> ActivatedAbility:
    """702.67a: "[Cost]: Attach this Fortification to target land you control.  Activate only as a sorcery"."""
    from kb.engine import attach

    def effect(resolution: Resolution) -> None:
        fortification = _alive(resolution)
        land = resolution.target
        if fortification is not None and isinstance(land, int):
            attach.attach(resolution.game, fortification, land)

    return ActivatedAbility(f"Fortify {keyword.parameter}", cost(keyword.parameter), effect,
                            (target(objects(CardType.LAND, controller="you"), "target land you control"),),
                            timing="sorcery")


# -- 702.71 transfigure --------------------------------------------------------------------------------------


@cache
def _transfigure(keyword: Keyword) -> ActivatedAbility:
    """702.71a: "[Cost], Sacrifice this permanent: Search your library for a creature card with the
    same mana value as this permanent, put it onto the battlefield, then shuffle.  Activate only
    as a sorcery" — the mana value it had as it was sacrificed (its last known information)."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        source = resolution.item.source
        you = resolution.controller
        if source is None:
            return
        value = source.mana_value
        found = libraries.search(game, you, you, f"a creature card with mana value {value}",
                                 lambda v: v.is_a(CardType.CREATURE) and v.mana_value == value)
        if found is not None:
            game.put_onto_battlefield(found, you)
        keyword_actions.shuffle(game, you)

    return ActivatedAbility(f"Transfigure {keyword.parameter}", cost(f"{keyword.parameter}, Sacrifice this"),
                            effect, timing="sorcery")


# -- 702.72 champion -------------------------------------------------------------------------------------------

CHAMPIONED_BY = "championed by"
"""On a card exiled by a champion ability: the permanent that championed it (702.72c)."""


def championed_by(game: Game, card: ObjectId) -> ObjectId | None:
    obj = game.objects.get(card)
    found = obj.chosen.get(CHAMPIONED_BY) if obj is not None and obj.zone is Zone.EXILE else None
    return found if isinstance(found, int) else None


@cache
def _champion(keyword: Keyword) -> tuple[TriggeredAbility, TriggeredAbility]:
    """702.72a: "When this permanent enters, sacrifice it unless you exile another [object] you
    control" and "When this permanent leaves the battlefield, return the exiled card to the
    battlefield under its owner's control" — linked abilities (702.72b, 607)."""
    quality = quality_filter(keyword.parameter, controller="you", other=True)

    def exile_or_sacrifice(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        this = resolution.source_id
        context = resolution.context()
        candidates = [o.id for o in game.battlefield() if quality.matches(context, game.view(o.id))]
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, you, f"another {keyword.parameter} to exile (champion)",
                                         (*candidates, None))) if candidates else None
        if isinstance(chosen, int):
            exiled = game.exile(chosen)[0]
            if exiled is not None and this is not None:
                exiled.chosen[CHAMPIONED_BY] = this
                game.touch()
            return
        permanent = _alive(resolution)
        if permanent is not None:  # not if it phased out or changed control in response (609.3, 701.21a)
            zones.sacrifice_if_able(game, you, [permanent.id])

    def return_exiled(resolution: Resolution) -> None:
        game = resolution.game
        this = resolution.source_id
        for card in [o for o in game.in_zone(Zone.EXILE) if this is not None and championed_by(game, o.id) == this]:
            game.put_onto_battlefield(card, card.owner)

    text = f"Champion {keyword.parameter}"
    return (TriggeredAbility(f"{text} (when this enters, sacrifice it unless you exile another)", enters(),
                             exile_or_sacrifice),
            TriggeredAbility(f"{text} (when this leaves, return the exiled card)", leaves(), return_exiled))


# -- 702.75 hideaway -------------------------------------------------------------------------------------------

HIDDEN_BY = "hidden by"
"""On a card exiled face down by a hideaway ability: the permanent that exiled it."""


def may_look_at(game: Game, player: PlayerId, card: ObjectId) -> bool:
    """702.75a: "Any player who has controlled the permanent that exiled this card may look at this
    card in the exile zone" — whoever controls it now, or did at any time, even once it is gone."""
    obj = game.objects.get(card)
    if obj is None or obj.zone is not Zone.EXILE:
        return False
    if obj.face_down is None:
        return True
    hider = obj.chosen.get(HIDDEN_BY)
    return isinstance(hider, int) and player in have_controlled(game, hider)


def have_controlled(game: Game, permanent: ObjectId) -> set[PlayerId]:
    """The players who have controlled ``permanent`` (one object, 400.7): its controller now (or as
    it was last known), and each player its control passed from or to."""
    from kb.engine.events import ControlChanged

    now = game.view(permanent) if permanent in game.objects else game.last_known.get(permanent)
    found = {now.controller} if now is not None else set()
    for event in game.log:
        if isinstance(event, ControlChanged) and event.object_id == permanent:
            found |= {event.from_player, event.to_player}
    return found


visibility.LOOK_PERMISSIONS["hideaway"] = lambda game, player, obj: may_look_at(game, player, obj.id)


@cache
def _hideaway(keyword: Keyword) -> TriggeredAbility:
    """702.75a: "When this permanent enters, look at the top N cards of your library.  Exile one of
    them face down and put the rest on the bottom of your library in a random order.  The exiled
    card gains 'Any player who has controlled the permanent that exiled this card may look at
    this card in the exile zone'"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        looked = libraries.top(game, you, amount)
        if not looked:
            return
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, you, "the card to exile face down (hideaway)",
                                         tuple(looked)))
        assert isinstance(chosen, int)
        exiled = game.move(chosen, Zone.EXILE, face_down=FaceDown.EFFECT)
        if exiled is not None and resolution.source_id is not None:
            exiled.chosen[HIDDEN_BY] = resolution.source_id
            game.touch()
        libraries.put_on_bottom_in_random_order(game, you, [c for c in looked if c != chosen])

    return TriggeredAbility(f"Hideaway {amount}", enters(), effect)


# -- 702.77 reinforce ------------------------------------------------------------------------------------------


@cache
def _reinforce(keyword: Keyword) -> ActivatedAbility:
    """702.77a: "[Cost], Discard this card: Put N +1/+1 counters on target creature" — activated
    only from the hand, though the ability exists in every zone (702.77b)."""
    amount, price = number_and_cost(keyword)

    def effect(resolution: Resolution) -> None:
        chosen = resolution.target
        if isinstance(chosen, int):
            resolution.game.put_counters(chosen, "+1/+1", amount)

    return ActivatedAbility(f"Reinforce {amount}—{price}", cost(f"{price}, Discard this card"), effect,
                            (target_creature(),), zones=frozenset({Zone.HAND}))


# -- 702.79 persist, 702.93 undying ------------------------------------------------------------------------------


def _returns_with(counter: str, name: str) -> TriggeredAbility:
    """"When this permanent is put into a graveyard from the battlefield, if it had no [counter]
    counters on it, return it to the battlefield under its owner's control with a [counter]
    counter on it" — "had" is its last known information (603.10a)."""
    had_none = condition(f"it had no {counter} counters on it",
                         lambda c: c.source is not None and not c.source.counters.get(counter, 0), ("counters",))

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        event = resolution.event
        card_id = getattr(event, "new_id", None)
        if not isinstance(card_id, int) or card_id not in game.objects or game.objects[card_id].zone is not Zone.GRAVEYARD:
            return
        card = game.objects[card_id]
        game.move(card, Zone.BATTLEFIELD, controller=card.owner, counters={counter: 1})

    return TriggeredAbility(name, dies(), effect, condition=had_none)


@cache
def _persist(keyword: Keyword) -> TriggeredAbility:
    """702.79a."""
    return _returns_with("-1/-1", "Persist")


@cache
def _undying(keyword: Keyword) -> TriggeredAbility:
    """702.93a."""
    return _returns_with("+1/+1", "Undying")


# -- 702.82 devour, 702.104 tribute, 702.98 unleash: as it enters --------------------------------------------------

DEVOURED = "devoured"
"""How many permanents it devoured (702.82b): sacrificed as it entered by its devour ability."""


def devoured(game: Game, permanent: ObjectId) -> int:
    obj = game.objects.get(permanent)
    value = obj.chosen.get(DEVOURED, 0) if obj is not None else 0
    return value if isinstance(value, int) else 0


def _devour_parameter(keyword: Keyword) -> tuple[Filter, int]:
    """"devour N" or "devour [quality] N" (702.82c)."""
    words = keyword.parameter.split()
    if not words or not words[-1].isdigit():
        raise ScenarioError(f"devour is written 'devour N' or 'devour [quality] N', not {keyword.parameter!r}")
    what = " ".join(words[:-1])
    return (quality_filter(what, controller="you") if what else creatures(controller="you")), int(words[-1])


@cache
def _devour(keyword: Keyword) -> StaticAbility:
    """702.82a: "As this object enters, you may sacrifice any number of creatures.  This permanent
    enters with N +1/+1 counters on it for each creature sacrificed this way"; 702.82c: any number
    of permanents of a quality."""
    what, amount = _devour_parameter(keyword)

    def devour(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        you = move.controller or game.objects[move.object_id].owner
        ctx = rules_context(game, you)
        among = [o.id for o in game.battlefield(you)
                 if replacement.may_choose_to_move(move, o.id) and what.matches(ctx, game.view(o.id))]
        chosen = _choose_any(game, you, f"permanents to sacrifice (devour {keyword.parameter})", among)
        extra = (("+1/+1", amount * len(chosen)),) if chosen and amount else ()
        before = dict(move.choices).get(DEVOURED, 0)
        total = (before if isinstance(before, int) else 0) + len(chosen)
        return with_changes(move, counters=(*move.counters, *extra), choices=(*move.choices, (DEVOURED, total)),
                            sacrificed=(*move.sacrificed, *chosen))  # sacrificed as it enters (614.13b)

    return StaticAbility(f"Devour {keyword.parameter}", replacements=(
        Replacement(f"Devour {keyword.parameter}", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, devour,
                    pure=False, entering_self=True),))


def rules_context(game: Game, you: PlayerId) -> Context:
    return Context(game, phasing.existing_views(game.views()), None, you)


TRIBUTE_PAID = "tribute paid"


def tribute_paid(game: Game, permanent: ObjectId) -> bool:
    obj = game.objects.get(permanent)
    return obj is not None and obj.chosen.get(TRIBUTE_PAID) is True


def tribute_wasnt_paid() -> Condition:
    """702.104b: "if tribute wasn't paid" — the opponent chose not to add the counters."""
    return condition("tribute wasn't paid", lambda c: c.source is not None and not tribute_paid(c.game, c.source.id))


@cache
def _tribute(keyword: Keyword) -> StaticAbility:
    """702.104a: "As this creature enters, choose an opponent.  That player may have this creature
    enter with N additional +1/+1 counters on it"."""
    amount = keyword.number

    def tribute(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        you = move.controller or game.objects[move.object_id].owner
        opponents = game.opponents(you)
        if not opponents:
            return move
        opponent = game.choices.ask(Choice(ChoiceKind.DEFENDING_PLAYER, you, "an opponent (tribute)",
                                           tuple(opponents)))
        assert isinstance(opponent, str)
        paid = _may(game, opponent, f"have it enter with {amount} more +1/+1 counters (tribute)")
        extra = (("+1/+1", amount),) if paid else ()
        return with_changes(move, counters=(*move.counters, *extra), choices=(*move.choices, (TRIBUTE_PAID, paid)))

    return StaticAbility(f"Tribute {amount}", replacements=(
        Replacement(f"Tribute {amount}", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, tribute, pure=False,
                    entering_self=True),))


@cache
def _unleash(keyword: Keyword) -> StaticAbility:
    """702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" and
    "This permanent can't block as long as it has a +1/+1 counter on it"."""

    def unleash(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        you = move.controller or game.objects[move.object_id].owner
        if not _may(game, you, "have it enter with a +1/+1 counter (unleash)"):
            return move
        return with_changes(move, counters=(*move.counters, ("+1/+1", 1)))

    countered = this_object() & where("with a +1/+1 counter", lambda c, o: o.counters.get("+1/+1", 0) > 0,
                                      ("counters",), local=True)
    return StaticAbility("Unleash", replacements=(
        Replacement("Unleash", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, unleash, pure=False,
                    entering_self=True),), rules=(rules.CantBlock(countered, "can't block while it has a +1/+1 counter"),))


# -- 702.84 unearth ------------------------------------------------------------------------------------------------


@cache
def _unearth(keyword: Keyword) -> ActivatedAbility:
    """702.84a: "[Cost]: Return this card from your graveyard to the battlefield.  It gains haste.
    Exile it at the beginning of the next end step.  If it would leave the battlefield, exile it
    instead of putting it anywhere else.  Activate only as a sorcery"."""
    from kb.engine.parts import gain
    from kb.engine.turn import Step

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        card = resolution.source_id
        if card is None or card not in game.objects or game.objects[card].zone is not Zone.GRAVEYARD:
            return
        back = game.move(card, Zone.BATTLEFIELD, controller=resolution.controller)
        if back is None or back.zone is not Zone.BATTLEFIELD:
            return
        this = back.id
        instead = Replacement("If it would leave the battlefield, exile it instead.", Move,
                              lambda c, m: m.object_id == this and c.game.objects[this].zone is Zone.BATTLEFIELD
                              and m.to_zone is not Zone.EXILE, lambda c, m: with_changes(m, to_zone=Zone.EXILE))
        resolution.create_effect("gains haste; exiled instead of leaving otherwise", [gain("haste")], [this],
                                 replacements=[instead])
        create_delayed(game, "exile it at the beginning of the next end step", at_beginning_of(Step.END, "each"),
                       lambda r: r.game.exile(this) if this in r.game.objects else None, resolution.controller,
                       source=this)

    return ActivatedAbility(f"Unearth {keyword.parameter}", cost(keyword.parameter), effect, timing="sorcery",
                            zones=frozenset({Zone.GRAVEYARD}))


# -- 702.89 umbra armor ---------------------------------------------------------------------------------------------


@cache
def _umbra_armor(keyword: Keyword) -> StaticAbility:
    """702.89a: "If enchanted permanent would be destroyed, instead remove all damage marked on it
    and destroy this Aura"."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        aura = context.context.source
        return (aura is not None and move.object_id == aura.attached_to and move.cause is Cause.DESTROY
                and context.game.objects[move.object_id].zone is Zone.BATTLEFIELD)

    def instead(context: ReplacementContext, move: Move) -> None:
        game = context.game
        aura = context.context.source
        assert aura is not None
        host = game.objects[move.object_id]
        host.damage = 0
        host.deathtouch_damage = False
        if aura.id in game.objects:
            game.destroy(aura.id)

    return StaticAbility("Umbra armor", replacements=(
        Replacement("Umbra armor", Move, applies, instead, pure=False),))


# -- 702.92 living weapon --------------------------------------------------------------------------------------------


@cache
def _living_weapon(keyword: Keyword) -> TriggeredAbility:
    """702.92a: "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then
    attach this Equipment to it"."""
    from kb.engine.cards import token

    germ = token("Phyrexian Germ", "Creature — Phyrexian Germ", 0, 0, colors="B")

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        made = game.create_token(germ, resolution.controller)
        equipment = _alive(resolution)
        if made and equipment is not None:
            game.attach(equipment, made[0])

    return TriggeredAbility("Living weapon", enters(), effect)


# -- 702.95 soulbond ------------------------------------------------------------------------------------------------

PAIRED = "paired (soulbond)"


def paired_with(game: Game, creature: ObjectId) -> ObjectId | None:
    """The creature this one is paired with (702.95b), or None."""
    for effect in game.effects:
        if effect.active and effect.text == PAIRED and creature in effect.affected:
            [other] = [i for i in effect.affected if i != creature]
            return other
    return None


def is_paired() -> Condition:
    """"As long as this creature is paired with another creature"."""
    return condition("it is paired", lambda c: c.source is not None and paired_with(c.game, c.source.id) is not None)


def this_and_its_pair() -> Filter:
    """"Both creatures" of a soulbond pair."""
    def test(c: Context, o: Seeable) -> bool:
        source = c.source_state("soulbond pair").id
        return o.id in (source, paired_with(c.game, source))

    return where("this creature and the creature paired with it", test)


def pair(game: Game, player: PlayerId, first: ObjectId, second: ObjectId) -> bool:
    """Pair two creatures (702.95a) for as long as both remain creatures on the battlefield under
    ``player``'s control (702.95e); nothing happens if that isn't so now (702.95c) or either is
    already paired (702.95d)."""
    from kb.engine.durations import ForAsLongAs

    def both_remain(g: Game) -> bool:
        return all(i in g.objects and g.objects[i].zone is Zone.BATTLEFIELD and g.view(i).is_a(CardType.CREATURE)
                   and g.view(i).controller == player for i in (first, second))

    if first == second or not both_remain(game) or paired_with(game, first) is not None \
            or paired_with(game, second) is not None:
        return False
    game.create_effect(PAIRED, (), [first, second], ForAsLongAs("both remain paired creatures", both_remain),
                       controller=player)
    return True


@cache
def _soulbond(keyword: Keyword) -> tuple[TriggeredAbility, TriggeredAbility]:
    """702.95a: "When this creature enters, if you control both this creature and another creature
    and both are unpaired, you may pair this creature with another unpaired creature you control"
    and "Whenever another creature enters under your control, if you control both that creature
    and this one and both are unpaired, you may pair that creature with this creature"."""

    def unpaired_here(game: Game, player: PlayerId, creature: ObjectId) -> bool:
        return (creature in game.objects and game.objects[creature].zone is Zone.BATTLEFIELD
                and game.view(creature).is_a(CardType.CREATURE) and game.view(creature).controller == player
                and paired_with(game, creature) is None)

    def this_enters(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        this = resolution.source_id
        if this is None or not unpaired_here(game, you, this):
            return
        others = [o.id for o in game.creatures(you) if o.id != this and unpaired_here(game, you, o.id)]
        if not others or not _may(game, you, "pair this creature (soulbond)"):
            return
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, you, "the creature to pair with", tuple(others)))
        assert isinstance(chosen, int)
        pair(game, you, this, chosen)

    def other_enters(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        this = resolution.source_id
        other = getattr(resolution.event, "new_id", None)
        if this is None or not isinstance(other, int):
            return
        if unpaired_here(game, you, this) and unpaired_here(game, you, other) \
                and _may(game, you, "pair the creature with this one (soulbond)"):
            pair(game, you, this, other)

    def another_enters(t: TriggerContext) -> int:
        e = t.event
        if not isinstance(e, ZoneChanged) or not e.enters_battlefield or e.new_id is None or e.new_id == t.source.id:
            return 0
        seen = t.seen.get(e.new_id)
        return int(seen is not None and seen.is_a(CardType.CREATURE) and seen.controller == t.source.controller)

    return (TriggeredAbility("Soulbond (when this creature enters, you may pair it)", enters(), this_enters),
            TriggeredAbility("Soulbond (whenever another creature enters under your control, you may pair it)",
                             on_event("whenever another creature enters under your control", (ZoneChanged,),
                                      another_enters), other_enters))


# -- 702.97 scavenge -------------------------------------------------------------------------------------------------


@cache
def _scavenge(keyword: Keyword) -> ActivatedAbility:
    """702.97a: "[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal
    to this card's power on target creature.  Activate only as a sorcery" — its power as it was
    exiled (its last known information)."""

    def effect(resolution: Resolution) -> None:
        chosen = resolution.target
        source = resolution.item.source
        if isinstance(chosen, int) and source is not None and (source.power or 0) > 0:
            resolution.game.put_counters(chosen, "+1/+1", source.power or 0)

    return ActivatedAbility(f"Scavenge {keyword.parameter}",
                            cost(f"{keyword.parameter}, Exile this card from your graveyard"), effect,
                            (target_creature(),), timing="sorcery", zones=frozenset({Zone.GRAVEYARD}))


# -- 702.110 exploit -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Exploited(Event):
    """A creature with exploit exploited a creature: its controller sacrificed one as the exploit
    ability resolved (702.110b)."""

    exploiter: ObjectId
    sacrificed: ObjectId


def exploits() -> Trigger:
    """"When this creature exploits a creature" (702.110b)."""
    return on_event("when this exploits a creature", (Exploited,),
                    lambda t: int(isinstance(t.event, Exploited) and t.event.exploiter == t.source.id), "exploits")


@cache
def _exploit(keyword: Keyword) -> TriggeredAbility:
    """702.110a: "When this creature enters, you may sacrifice a creature"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        this = resolution.source_id
        mine = [o.id for o in game.creatures(you)]
        if not mine or this is None:
            return
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, you, "a creature to sacrifice (exploit)", (*mine, None)))
        if not isinstance(chosen, int):
            return
        if chosen == this and any(t.trigger.kind == "exploits" for t in keyword_abilities.triggered(game.view(this))):
            raise NotModelled("a creature exploiting itself: whether its own 'when it exploits' ability "
                              "triggers (702.110b says nothing of it)")
        game.sacrifice(you, chosen)
        game.emit(Exploited(this, chosen))

    return TriggeredAbility("Exploit", enters(), effect)


# -- 702.122 crew ------------------------------------------------------------------------------------------------------


def becomes_crewed() -> Trigger:
    """"Whenever this Vehicle becomes crewed": whenever its crew ability resolves (702.122d)."""
    return on_event("whenever this Vehicle becomes crewed", (BecameCrewed,),
                    lambda t: int(isinstance(t.event, BecameCrewed) and t.event.vehicle == t.source.id))


def crews() -> Trigger:
    """"Whenever this creature crews a Vehicle": it was tapped to pay a crew cost (702.122b)."""
    return on_event("whenever this creature crews a Vehicle", (Crewed,),
                    lambda t: int(isinstance(t.event, Crewed) and t.source.id in t.event.crew))


# -- 702.123 fabricate --------------------------------------------------------------------------------------------------


@cache
def _fabricate(keyword: Keyword) -> TriggeredAbility:
    """702.123a: "When this permanent enters, you may put N +1/+1 counters on it.  If you don't,
    create N 1/1 colorless Servo artifact creature tokens"."""
    from kb.engine.cards import token

    amount = keyword.number
    servo = token("Servo", "Artifact Creature — Servo", 1, 1)

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        this = _alive(resolution)
        if this is not None and _may(game, resolution.controller, f"put {amount} +1/+1 counters on it (fabricate)"):
            counters.put(game, this, "+1/+1", amount)
            return
        game.create_token(servo, resolution.controller, amount)

    return TriggeredAbility(f"Fabricate {amount}", enters(), effect)


# -- registering -----------------------------------------------------------------------------------------------------

keywords.MODELLED.update({
    "aura swap": "cost", "fortify": "cost", "transfigure": "cost", "champion": "quality", "hideaway": "number",
    "reinforce": "number and cost", "persist": "none", "devour": "quality", "unearth": "cost", "umbra armor": "none",
    "living weapon": "none", "undying": "none", "soulbond": "none", "scavenge": "cost", "unleash": "none",
    "tribute": "number", "exploit": "none", "fabricate": "number",
})
keyword_abilities.KEYWORD_ACTIVATED.update({
    "aura swap": _aura_swap, "fortify": _fortify, "transfigure": _transfigure, "reinforce": _reinforce,
    "unearth": _unearth, "scavenge": _scavenge,
})
keyword_abilities.KEYWORD_TRIGGERED.update({
    "champion": _champion, "hideaway": _hideaway, "persist": _persist, "undying": _undying,
    "living weapon": _living_weapon, "soulbond": _soulbond, "exploit": _exploit, "fabricate": _fabricate,
})
keyword_abilities.KEYWORD_STATIC.update({
    "devour": _devour, "tribute": _tribute, "unleash": _unleash, "umbra armor": _umbra_armor,
})

__all__ = ["CHAMPIONED_BY", "DEVOURED", "HIDDEN_BY", "PAIRED", "TRIBUTE_PAID", "Exploited",
           "becomes_crewed", "championed_by", "crews", "devoured", "exploits", "is_paired", "may_look_at",
           "number_and_cost", "pair", "paired_with", "quality_filter", "this_and_its_pair", "tribute_paid",
           "tribute_wasnt_paid"]
