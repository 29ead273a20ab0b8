"""Keyword abilities of combat and damage from 702.64 to 702.121: absorb, frenzy, poisonous,
wither, exalted, annihilator, infect, battle cry, dethrone, ingest, myriad, melee, renown, prowess,
extort, evolve.  (Wither and infect are entries of :data:`kb.engine.damage.DAMAGE_KEYWORDS`.)

Each is an entry of the keyword tables the rest of the engine reads:
:data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED` for the triggered ones (one ability per
instance, so several instances trigger separately: 702.68b, 702.70b …),
:data:`~kb.engine.keyword_abilities.KEYWORD_STATIC` for absorb's prevention (702.64a).  Importing the module registers them (``kb/engine/__init__`` does).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import counters, keyword_abilities, keywords
from kb.engine.abilities import StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import AttackersDeclared, BlockersDeclared, DamageDealt, Event, ZoneChanged
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost, payments
from kb.engine.replacement import Damage, Replacement, ReplacementContext
from kb.engine.selectors import creatures, spells
from kb.engine.triggers import Trigger, TriggerContext, attacks, cast, deals_damage, on_event

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution




def defending_player(game: Game, attacker: ObjectId) -> PlayerId | None:
    """The player ``attacker`` attacks, or the controller of the planeswalker it attacks (506.2)."""
    if game.combat is None or attacker not in game.combat.attackers:
        return None
    return game.combat.defending.get(attacker)


def _pump(resolution: Resolution, ids: list[ObjectId], power: int, toughness: int, text: str) -> None:
    from kb.engine.durations import UntilEndOfTurn
    from kb.engine.parts import modify_pt

    alive = [i for i in ids if i in resolution.game.objects]
    if alive:
        resolution.create_effect(text, [modify_pt(power, toughness)], alive, UntilEndOfTurn())


def _this_alive(resolution: Resolution) -> ObjectId | None:
    source = resolution.source_id
    game = resolution.game
    if source is None or source not in game.objects or game.objects[source].zone is not Zone.BATTLEFIELD:
        return None
    return source


# -- 702.64 absorb ---------------------------------------------------------------------------------


@cache
def _absorb(keyword: Keyword) -> StaticAbility:
    """702.64a: "If a source would deal damage to this creature, prevent N of that damage";
    each instance prevents N of each event of damage from each source (702.64b-c)."""
    amount = keyword.number

    def applies(context: ReplacementContext, proposed: Damage) -> bool:
        this = context.context.source
        return this is not None and proposed.recipient == this.id and proposed.amount > 0

    def prevent(context: ReplacementContext, proposed: Damage) -> Damage:
        return with_changes(proposed, amount=max(0, proposed.amount - amount))

    shield = Replacement(f"Absorb {amount}", Damage, applies, prevent, prevention=True)
    return StaticAbility(f"Absorb {amount}", replacements=(shield,))


# -- 702.68 frenzy ----------------------------------------------------------------------------------


def _unblocked(t: TriggerContext) -> int:
    """"Whenever this creature attacks and isn't blocked": once blockers are declared (509.1h)."""
    combat = t.game.combat
    return int(isinstance(t.event, BlockersDeclared) and combat is not None and t.source.id in combat.attackers
               and t.source.id not in combat.blocked)


@cache
def _frenzy(keyword: Keyword) -> TriggeredAbility:
    """702.68a: "Whenever this creature attacks and isn't blocked, it gets +N/+0 until end of turn"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        source = _this_alive(resolution)
        if source is not None:
            _pump(resolution, [source], amount, 0, f"frenzy {amount}")

    return TriggeredAbility(f"Frenzy {amount}", on_event("whenever this attacks and isn't blocked",
                                                         (BlockersDeclared,), _unblocked), effect)


# -- 702.70 poisonous, 702.115 ingest, 702.112 renown: combat damage to a player ------------------


def _damaged_player(resolution: Resolution) -> PlayerId | None:
    event = resolution.event
    if isinstance(event, DamageDealt) and isinstance(event.recipient, str):
        return event.recipient
    return None


@cache
def _poisonous(keyword: Keyword) -> TriggeredAbility:
    """702.70a: "Whenever this creature deals combat damage to a player, that player gets N poison counters"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        player = _damaged_player(resolution)
        if player is not None and not resolution.game.players[player].left:
            counters.put(resolution.game, player, "poison", amount)

    return TriggeredAbility(f"Poisonous {amount}", deals_damage(combat_only=True, to_player=True), effect)


@cache
def _ingest(keyword: Keyword) -> TriggeredAbility:
    """702.115a: "Whenever this creature deals combat damage to a player, that player exiles the
    top card of their library"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        player = _damaged_player(resolution)
        if player is not None and game.players[player].library:
            game.exile(game.players[player].library[-1])

    return TriggeredAbility("Ingest", deals_damage(combat_only=True, to_player=True), effect)


RENOWNED = "renowned"
"""The designation renown gives (702.112b): no ability, no copiable value; it goes with the
permanent when it leaves the battlefield (a new object has no designations, 400.7)."""


def is_renowned(game: Game, object_id: ObjectId) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and RENOWNED in obj.designations


@cache
def _renown(keyword: Keyword) -> TriggeredAbility:
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned, put N
    +1/+1 counters on it and it becomes renowned"; the "if" is checked again as it resolves
    (603.4), so of several instances only the first does anything (702.112c)."""
    from kb.engine.conditions import condition

    amount = keyword.number
    not_yet = condition("it isn't renowned", lambda c: c.source is not None and not is_renowned(c.game, c.source.id))

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        source = _this_alive(resolution)
        if source is None:
            return
        game.put_counters(source, "+1/+1", amount)
        game.objects[source].designations.add(RENOWNED)
        game.touch()

    return TriggeredAbility(f"Renown {amount}", deals_damage(combat_only=True, to_player=True), effect,
                            condition=not_yet)


# -- 702.83 exalted, 702.86 annihilator, 702.91 battle cry, 702.105 dethrone, 702.121 melee ----------


def _alone(t: TriggerContext) -> int:
    """702.83b: a creature attacks alone when it is the only creature declared as an attacker."""
    e = t.event
    if not isinstance(e, AttackersDeclared) or len(e.attackers) != 1:
        return 0
    [attacker] = e.attackers
    seen = t.seen.get(attacker)
    return int(seen is not None and seen.controller == t.source.controller)


@cache
def _exalted(keyword: Keyword) -> TriggeredAbility:
    """702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn"."""

    def effect(resolution: Resolution) -> None:
        event = resolution.event
        if isinstance(event, AttackersDeclared):
            _pump(resolution, list(event.attackers), 1, 1, "exalted")

    return TriggeredAbility("Exalted", on_event("whenever a creature you control attacks alone",
                                                (AttackersDeclared,), _alone), effect)


@cache
def _annihilator(keyword: Keyword) -> TriggeredAbility:
    """702.86a: "Whenever this creature attacks, defending player sacrifices N permanents"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        event = resolution.event
        source = resolution.source_id
        if not isinstance(event, AttackersDeclared) or source is None or source not in event.attackers:
            return
        attacked = event.attackers[source]
        player = attacked if isinstance(attacked, str) else game.last_known_view(attacked).controller
        if game.players[player].left:
            return
        theirs = game.battlefield(player)
        chosen = theirs if len(theirs) <= amount else game.choices.ask(Choice(
            ChoiceKind.OBJECT, player, f"{amount} permanent(s) to sacrifice (annihilator)",
            accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == amount and all(p in theirs for p in v),
            items=tuple(theirs)))
        game.sacrifice(player, *list(chosen))  # type: ignore[call-overload]

    return TriggeredAbility(f"Annihilator {amount}", attacks(), effect)


@cache
def _battle_cry(keyword: Keyword) -> TriggeredAbility:
    """702.91a: "Whenever this creature attacks, each other attacking creature gets +1/+0 until end
    of turn" — the attacking creatures as it resolves (611.2c)."""

    def effect(resolution: Resolution) -> None:
        combat = resolution.game.combat
        if combat is not None:
            _pump(resolution, [a for a in combat.attackers if a != resolution.source_id], 1, 0, "battle cry")

    return TriggeredAbility("Battle cry", attacks(),
                            effect)


def _attacks_most_life(t: TriggerContext) -> int:
    e = t.event
    if not isinstance(e, AttackersDeclared) or t.source.id not in e.attackers:
        return 0
    attacked = e.attackers[t.source.id]
    if not isinstance(attacked, str):
        return 0  # a planeswalker is not a player (702.105a)
    players = [p for p in t.game.players.values() if not p.left]
    return int(t.game.players[attacked].life == max(p.life for p in players))


@cache
def _dethrone(keyword: Keyword) -> TriggeredAbility:
    """702.105a: "Whenever this creature attacks the player with the most life or tied for most
    life, put a +1/+1 counter on this creature"."""

    def effect(resolution: Resolution) -> None:
        source = _this_alive(resolution)
        if source is not None:
            resolution.game.put_counters(source, "+1/+1")

    return TriggeredAbility("Dethrone", on_event("whenever this attacks the player with the most life",
                                                 (AttackersDeclared,), _attacks_most_life), effect)


@cache
def _melee(keyword: Keyword) -> TriggeredAbility:
    """702.121a: "Whenever this creature attacks, it gets +1/+1 until end of turn for each opponent
    you attacked with a creature this combat" (players attacked, counted as it resolves)."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        source = _this_alive(resolution)
        if source is None or game.combat is None:
            return
        you = resolution.controller
        views = game.views()
        attacked = {what for attacker, what in game.combat.attackers.items()
                    if isinstance(what, str) and what != you and attacker in views and views[attacker].controller == you}
        if attacked:
            _pump(resolution, [source], len(attacked), len(attacked), "melee")

    return TriggeredAbility("Melee", attacks(), effect)


# -- 702.116 myriad ------------------------------------------------------------------------------------


@cache
def _myriad(keyword: Keyword) -> TriggeredAbility:
    """702.116a: "Whenever this creature attacks, for each opponent other than defending player,
    you may create a token that's a copy of this creature that's tapped and attacking that player
    or a planeswalker they control.  If one or more tokens are created this way, exile the tokens
    at end of combat"."""
    from kb.engine.triggers import at_beginning_of, create_delayed
    from kb.engine.turn import Step

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        source = resolution.source_id
        if source is None or game.combat is None:
            return
        this = game.last_known_view(source)
        defending = defending_player(game, source)
        made = []
        for opponent in game.opponents(resolution.controller):
            if opponent == defending:
                continue
            if not game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller,
                                           f"create a token copy attacking {opponent} (myriad)", (True, False))):
                continue
            made.append(_token_attacking(game, this, resolution.controller, opponent))
        ids = [t.id for t in made if t is not None]
        if ids:
            create_delayed(game, "exile the tokens at end of combat", at_beginning_of(Step.END_OF_COMBAT, "each"),
                           lambda r: r.game.exile(*[i for i in ids if i in r.game.objects]), resolution.controller,
                           source=source)

    return TriggeredAbility("Myriad", attacks(), effect)


def _token_attacking(game: Game, original: View, controller: PlayerId, attacked: PlayerId) -> GameObject | None:
    """A token copy of ``original`` (its copiable values, 707.2) created tapped and attacking
    ``attacked``: it was never declared as an attacker, so "whenever … attacks" doesn't trigger (508.4)."""
    from kb.engine import combat
    from kb.engine.cards import Card

    [token] = game.create_token(Card(original.copiable, is_token=True), controller, tapped=True)
    combat.make_attacking(game, token, attacked)
    return token


# -- 702.108 prowess, 702.101 extort: cast triggers -------------------------------------------------


@cache
def _prowess(keyword: Keyword) -> TriggeredAbility:
    """702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn"."""

    def effect(resolution: Resolution) -> None:
        source = _this_alive(resolution)
        if source is not None:
            _pump(resolution, [source], 1, 1, "prowess")

    return TriggeredAbility("Prowess", cast(spells(not_types=[CardType.CREATURE], text="a noncreature spell"),
                                            by="you"), effect)


EXTORT_COST = ManaCost.parse("{W/B}")


@cache
def _extort(keyword: Keyword) -> TriggeredAbility:
    """702.101a: "Whenever you cast a spell, you may pay {W/B}.  If you do, each opponent loses 1
    life and you gain life equal to the total life lost this way"."""
    from kb.engine import actions, payment

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        you = resolution.controller
        if not payments(game.players[you].mana.mana, EXTORT_COST):
            return
        if not game.choices.ask(Choice(ChoiceKind.PAY, you, "pay {W/B} for extort", (True, False))):
            return
        payment.pay_mana(game, you, EXTORT_COST)
        lost = 0
        for opponent in game.opponents(you):
            before = game.players[opponent].life
            actions.lose_life(game, opponent, 1)
            lost += before - game.players[opponent].life
        if lost:
            game.gain_life(you, lost)

    return TriggeredAbility("Extort", cast(spells(text="a spell"), by="you"), effect)


# -- 702.100 evolve ------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Evolved(Event):
    """A creature evolved: its evolve ability put a +1/+1 counter on it (702.100b)."""

    object_id: ObjectId


def evolves() -> Trigger:
    """"Whenever this creature evolves" (702.100b): its evolve ability put a +1/+1 counter on it."""
    return on_event("whenever this evolves", (Evolved,),
                    lambda t: int(isinstance(t.event, Evolved) and t.event.object_id == t.source.id))


def _bigger(entering: View, this: View) -> bool:
    """702.100a, 702.100c: only a creature can be bigger, and only than a creature."""
    if not entering.is_a(CardType.CREATURE) or not this.is_a(CardType.CREATURE):
        return False
    return (entering.power or 0) > (this.power or 0) or (entering.toughness or 0) > (this.toughness or 0)


def _evolve_trigger(t: TriggerContext) -> int:
    e = t.event
    if not isinstance(e, ZoneChanged) or not e.enters_battlefield or e.new_id is None or e.new_id == t.source.id:
        return 0
    entering = t.seen.get(e.new_id)
    if entering is None or not creatures(controller="you").matches(t.context(), entering):
        return 0
    return int(_bigger(entering, t.source))  # an intervening "if" (603.4): checked now and as it resolves


@cache
def _evolve(keyword: Keyword) -> TriggeredAbility:
    """702.100a: "Whenever a creature you control enters, if that creature's power is greater than
    this creature's power and/or that creature's toughness is greater than this creature's
    toughness, put a +1/+1 counter on this creature"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        event = resolution.event
        source = _this_alive(resolution)
        if source is None or not isinstance(event, ZoneChanged) or event.new_id is None:
            return
        if event.new_id in game.objects and game.objects[event.new_id].zone is Zone.BATTLEFIELD:
            entering = game.view(event.new_id)
        else:
            entering = game.last_known_view(event.new_id)  # it left: as it last existed
        if not _bigger(entering, game.view(source)):
            return  # the "if" is checked again (603.4)
        if counters.put(game, game.objects[source], "+1/+1"):
            game.emit(Evolved(source))

    return TriggeredAbility("Evolve", on_event("whenever a creature you control enters, if it is bigger",
                                               (ZoneChanged,), _evolve_trigger), effect)


# -- registering ----------------------------------------------------------------------------------------

keywords.MODELLED.update({
    "absorb": "number", "frenzy": "number", "poisonous": "number", "exalted": "none",
    "annihilator": "number", "battle cry": "none", "dethrone": "none", "ingest": "none",
    "myriad": "none", "melee": "none", "renown": "number", "prowess": "none", "extort": "none", "evolve": "none",
})
keyword_abilities.KEYWORD_STATIC.update({"absorb": _absorb})
keyword_abilities.KEYWORD_TRIGGERED.update({
    "frenzy": _frenzy, "poisonous": _poisonous, "ingest": _ingest, "renown": _renown, "exalted": _exalted,
    "annihilator": _annihilator, "battle cry": _battle_cry, "dethrone": _dethrone, "melee": _melee,
    "myriad": _myriad, "prowess": _prowess, "extort": _extort, "evolve": _evolve,
})

__all__ = ["RENOWNED", "Evolved", "defending_player", "evolves", "is_renowned"]
