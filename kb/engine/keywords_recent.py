"""Keyword abilities from 702.128 onwards that ride on combat, dying, entering and the graveyard:
embalm, eternalize, afflict, mentor, afterlife, riot, decayed, training, For Mirrodin!, toxic,
mobilize.

Each is an entry of the keyword tables the rest of the engine reads (triggered ones in
:data:`kb.engine.keyword_abilities.KEYWORD_TRIGGERED`, one ability per instance, so several
instances trigger separately: 702.130b, 702.135b, 702.149b; static ones in ``KEYWORD_STATIC``;
toxic in :data:`kb.engine.damage.DAMAGE_KEYWORDS`, as a result of combat damage, 120.3).
Importing the module registers them (``kb/engine/__init__`` does).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import combat, counters, damage, keyword_abilities, keywords, rules, zones
from kb.engine.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, Zone
from kb.engine.cards import Card, token
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.context import Context, Seeable
from kb.engine.costs import cost
from kb.engine.events import AttackersDeclared, Event
from kb.engine.keywords import Keyword
from kb.engine.mana import Color
from kb.engine.parts import gain
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.selectors import creatures, this_object, where
from kb.engine.targets import TargetSpec, target
from kb.engine.triggers import (
    Trigger,
    TriggerContext,
    at_beginning_of,
    attacks,
    becomes_blocked,
    create_delayed,
    dies,
    enters,
    on_event,
)
from kb.engine.turn import Step

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution




def _on_battlefield(game: Game, object_id: ObjectId | None) -> bool:
    return object_id is not None and object_id in game.objects and game.objects[object_id].zone is Zone.BATTLEFIELD


# -- 702.130 afflict ---------------------------------------------------------------------------------------


@cache
def _afflict(keyword: Keyword) -> TriggeredAbility:
    """702.130a: "Whenever this creature becomes blocked, defending player loses N life"."""
    from kb.engine import actions

    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        source = resolution.source_id
        player = game.combat.defending.get(source) if game.combat is not None and source is not None else None
        if player is not None and not game.players[player].left:
            actions.lose_life(game, player, amount)

    return TriggeredAbility(f"Afflict {amount}", becomes_blocked(), effect)


# -- 702.135 afterlife ---------------------------------------------------------------------------------------

SPIRIT = token(None, "Creature — Spirit", 1, 1, "flying", colors="WB")
"""702.135a: a 1/1 white and black Spirit creature token with flying."""


@cache
def _afterlife(keyword: Keyword) -> TriggeredAbility:
    """702.135a: "When this permanent is put into a graveyard from the battlefield, create N 1/1
    white and black Spirit creature tokens with flying"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        if amount:
            resolution.game.create_token(SPIRIT, resolution.controller, amount)

    return TriggeredAbility(f"Afterlife {amount}", dies(), effect)


# -- 702.136 riot -----------------------------------------------------------------------------------------------


@cache
def _riot(keyword: Keyword) -> StaticAbility:
    """702.136a: "You may have this permanent enter with an additional +1/+1 counter on it.  If you
    don't, it gains haste" — both as it enters (614.1c); each instance works separately (702.136b)."""

    def riot(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        you = move.controller or game.objects[move.object_id].owner
        if game.choices.ask(Choice(ChoiceKind.MAY, you, "have it enter with a +1/+1 counter (riot)", (True, False))):
            return with_changes(move, counters=(*move.counters, ("+1/+1", 1)))
        return with_changes(move, effects=(*move.effects, ("gains haste (riot)", (gain("haste"),))))

    return StaticAbility("Riot", replacements=(
        Replacement("Riot", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, riot, pure=False, entering_self=True),))


# -- 702.147 decayed ---------------------------------------------------------------------------------------------


@cache
def _decayed_static(keyword: Keyword) -> StaticAbility:
    """702.147a: "This creature can't block"."""
    return StaticAbility("Decayed (this creature can't block)", rules=(rules.CantBlock(this_object(),
                                                                                       "can't block (decayed)"),))


@cache
def _decayed(keyword: Keyword) -> TriggeredAbility:
    """702.147a: "When this creature attacks, sacrifice it at end of combat" — a delayed trigger
    at the beginning of the end of combat step (511.2)."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        this = resolution.source_id
        if this is None:
            return

        def sacrifice(r: Resolution) -> None:
            zones.sacrifice_if_able(r.game, r.controller, [this])

        create_delayed(game, "sacrifice it at end of combat", at_beginning_of(Step.END_OF_COMBAT, "each"),
                       sacrifice, resolution.controller, source=this)

    return TriggeredAbility("Decayed (when this creature attacks, sacrifice it at end of combat)", attacks(), effect)


# -- 702.149 training --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Trained(Event):
    """A training ability put one or more +1/+1 counters on its creature as it resolved (702.149c)."""

    object_id: ObjectId


@dataclass(frozen=True, eq=False)
class Mentored(Event):
    """A mentor ability of ``source`` resolved with ``target`` as its target (702.134c)."""

    source: ObjectId
    target: ObjectId


def mentored(game: Game, source: ObjectId, target: ObjectId) -> None:
    """702.134c: a mentor ability with ``source`` as its source resolved, targeting ``target``."""
    game.emit(Mentored(source, target))


def mentors() -> Trigger:
    """"Whenever this creature mentors a creature" (702.134c): whenever its mentor ability resolves."""
    return on_event("whenever this creature mentors a creature", (Mentored,),
                    lambda t: int(isinstance(t.event, Mentored) and t.event.source == t.source.id))


def trains() -> Trigger:
    """"Whenever this creature trains" (702.149c)."""
    return on_event("whenever this creature trains", (Trained,),
                    lambda t: int(isinstance(t.event, Trained) and t.event.object_id == t.source.id))


def _attacks_with_a_stronger_one(t: TriggerContext) -> int:
    e = t.event
    if not isinstance(e, AttackersDeclared) or t.source.id not in e.attackers:
        return 0
    power = t.source.power or 0
    others = [t.seen.get(a) for a in e.attackers if a != t.source.id]
    return int(any(v is not None and (v.power or 0) > power for v in others))


@cache
def _training(keyword: Keyword) -> TriggeredAbility:
    """702.149a: "Whenever this creature and at least one other creature with power greater than
    this creature's power attack, put a +1/+1 counter on this creature"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        this = resolution.source_id
        if this is not None and _on_battlefield(game, this) and counters.put(game, game.objects[this], "+1/+1"):
            game.emit(Trained(this))

    return TriggeredAbility("Training", on_event("whenever this and a creature with greater power attack",
                                                 (AttackersDeclared,), _attacks_with_a_stronger_one), effect)


# -- 702.164 toxic -----------------------------------------------------------------------------------------------


def total_toxic_value(keywords_held: list[Keyword]) -> int:
    """702.164b: the sum of the N of every toxic ability the creature has."""
    return sum(k.number for k in keywords_held)


def _toxic(game: Game, dealt: damage.Dealt, results: damage.Results) -> None:
    """702.164c, 120.3g: combat damage to a player from a creature with toxic also gives that player
    poison counters, as many as its total toxic value."""
    if dealt.combat and isinstance(dealt.recipient, str):
        amount = total_toxic_value(list(dealt.source_view.keywords("toxic")))
        if amount:
            results.counters.append((dealt.recipient, "poison", amount))


# -- 702.181 mobilize --------------------------------------------------------------------------------------------

WARRIOR = token(None, "Creature — Warrior", 1, 1, colors="R")
"""702.181a: a red 1/1 Warrior creature token."""


@cache
def _mobilize(keyword: Keyword) -> TriggeredAbility:
    """702.181a: "Whenever this creature attacks, create N tapped and attacking red 1/1 Warrior
    creature tokens.  Sacrifice them at the beginning of the next end step"."""
    amount = keyword.number

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        made = game.create_token(WARRIOR, resolution.controller, amount, tapped=True)
        for warrior in made:
            combat.make_attacking(game, warrior)  # 508.4: never declared as attackers
        ids = [w.id for w in made]
        if not ids:
            return

        def sacrifice(r: Resolution) -> None:
            zones.sacrifice_if_able(r.game, r.controller, ids)

        create_delayed(game, "sacrifice them at the beginning of the next end step", at_beginning_of(Step.END, "each"),
                       sacrifice, resolution.controller, source=resolution.source_id)

    return TriggeredAbility(f"Mobilize {amount}", attacks(), effect)


# -- 702.128 embalm, 702.129 eternalize ----------------------------------------------------------------------------


def _token_copy_from_graveyard(name: str, color: Color, pt: tuple[int, int] | None) -> Callable[[Resolution], None]:
    """A token that's a copy of this card (its copiable values, 707.2: the card as it last existed,
    now in exile), except it is ``color``, has no mana cost and is a Zombie in addition to its other
    types (and, for eternalize, is 4/4): the exceptions are part of its copiable values (707.9b)."""

    def effect(resolution: Resolution) -> None:
        source = resolution.item.source
        if source is None:
            return
        original = source.copiable
        changed = with_changes(original, colors=frozenset({color}), mana_cost=None,
                               subtypes=original.subtypes | {"Zombie"})
        if pt is not None:
            changed = with_changes(changed, power=pt[0], toughness=pt[1])
        made = resolution.game.create_token(Card(changed, is_token=True), resolution.controller)
        if name == "embalm":
            for created in made:
                created.designations.add(EMBALMED)  # 702.128b

    return effect


EMBALMED = "embalmed"
"""The designation of a token created by a resolving embalm ability (702.128b)."""


def is_embalmed(token: GameObject) -> bool:
    """"An embalmed token" (702.128b): one a resolving embalm ability created; a copy of it isn't."""
    return EMBALMED in token.designations


@cache
def _embalm(keyword: Keyword) -> ActivatedAbility:
    """702.128a: "[Cost], Exile this card from your graveyard: Create a token that's a copy of it,
    except it's white, it has no mana cost, and it's a Zombie in addition to its other types.
    Activate only as a sorcery"."""
    return ActivatedAbility(f"Embalm {keyword.parameter}", cost(f"{keyword.parameter}, Exile this card from your graveyard"),
                            _token_copy_from_graveyard("embalm", Color.WHITE, None), timing="sorcery",
                            zones=frozenset({Zone.GRAVEYARD}))


@cache
def _eternalize(keyword: Keyword) -> ActivatedAbility:
    """702.129a: as embalm, but the token is black and 4/4 (702.129a)."""
    return ActivatedAbility(f"Eternalize {keyword.parameter}",
                            cost(f"{keyword.parameter}, Exile this card from your graveyard"),
                            _token_copy_from_graveyard("eternalize", Color.BLACK, (4, 4)), timing="sorcery",
                            zones=frozenset({Zone.GRAVEYARD}))


# -- 702.134 mentor ---------------------------------------------------------------------------------------------------


def _weaker_attacker() -> TargetSpec:
    """"target attacking creature with lesser power" than this creature (702.134a)."""

    def test(context: Context, candidate: Seeable) -> bool:
        source = context.source_state("mentor")
        return (combat.is_attacking(context.game, candidate.id)
                and (candidate.power or 0) < (source.power or 0))

    return target(creatures() & where("attacking creature with lesser power", test),
                  "target attacking creature with lesser power")


@cache
def _mentor(keyword: Keyword) -> TriggeredAbility:
    """702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking creature
    with lesser power" — lesser as the target is chosen and again as it resolves (608.2b)."""

    def effect(resolution: Resolution) -> None:
        chosen = resolution.target
        if isinstance(chosen, int) and chosen in resolution.game.objects:
            resolution.game.put_counters(chosen, "+1/+1")
            if resolution.source_id is not None:
                mentored(resolution.game, resolution.source_id, chosen)

    return TriggeredAbility("Mentor", attacks(), effect, (_weaker_attacker(),))


# -- 702.163 For Mirrodin! ------------------------------------------------------------------------------------------

REBEL = token(None, "Creature — Rebel", 2, 2, colors="R")
"""702.163a: a red 2/2 Rebel creature token."""


@cache
def _for_mirrodin(keyword: Keyword) -> TriggeredAbility:
    """702.163a: "When this Equipment enters, create a 2/2 red Rebel creature token, then attach
    this Equipment to it"."""

    def effect(resolution: Resolution) -> None:
        game = resolution.game
        made = game.create_token(REBEL, resolution.controller)
        if made and _on_battlefield(game, resolution.source_id):
            assert resolution.source_id is not None
            game.attach(game.objects[resolution.source_id], made[0])

    return TriggeredAbility("For Mirrodin!", enters(), effect)


# -- registering ---------------------------------------------------------------------------------------------------

keywords.MODELLED.update({"afflict": "number", "afterlife": "number", "riot": "none", "decayed": "none",
                          "training": "none", "toxic": "number", "mobilize": "number", "embalm": "cost",
                          "eternalize": "cost", "mentor": "none", "for mirrodin!": "none"})
keyword_abilities.KEYWORD_TRIGGERED.update({"afflict": _afflict, "afterlife": _afterlife,
                                            "decayed": _decayed, "training": _training, "mobilize": _mobilize,
                                            "mentor": _mentor, "for mirrodin!": _for_mirrodin})
keyword_abilities.KEYWORD_ACTIVATED.update({"embalm": _embalm, "eternalize": _eternalize})
keyword_abilities.KEYWORD_STATIC.update({"riot": _riot, "decayed": _decayed_static})
damage.DAMAGE_KEYWORDS.update({"toxic": _toxic})

__all__ = ["EMBALMED", "SPIRIT", "WARRIOR", "Mentored", "Trained", "is_embalmed", "mentors", "total_toxic_value", "trains"]
