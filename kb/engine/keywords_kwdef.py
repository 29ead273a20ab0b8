"""Casting keywords of 702.132-702.186 and the keyword action airbend (701.65): assist, cleave,
compleated, prototype, spree, tiered, freerunning, ∞ (infinity).

The casting options are entries of :data:`kb.engine.spell_costs.OPTIONS`; spree's and tiered's mode
costs are entries of :data:`kb.engine.spell_costs.KEYWORD_COSTS`; assist pays part of the total
(:data:`kb.engine.spell_costs.PAYMENT_KEYWORDS`); compleated is a static ability of the keyword
tables.  A prototyped spell and the permanent it becomes have the card's alternative power,
toughness and mana cost (718.3b) through :data:`kb.engine.objects.PRINTED_ALTERNATIVES`.
Importing the module registers them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace as with_changes
from functools import cache
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, keywords, modes, payment, spell_costs
from kb.engine.abilities import Ability, StaticAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.characteristics import CopiableCard
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.events import Event
from kb.engine.keywords import Keyword
from kb.engine.keywords_casting import this_turn
from kb.engine.mana import Color, ManaCost
from kb.engine.objects import PRINTED_ALTERNATIVES
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.spell_costs import CastingOption

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution


# -- 702.132 assist --------------------------------------------------------------------------------------

ASSISTED_BY = "assisted by"
"""Key of a spell's ``chosen``: the player who paid part of its generic mana (702.132a)."""


def _assist(game: Game, player: PlayerId, view: View, total: ManaCost) -> ManaCost:
    """702.132a: if the total cost has generic mana, the caster may choose another player, who may pay any
    amount of that generic mana before the caster pays the rest."""
    generic = sum(int(s) for s in total.symbols if s.isdigit())
    others = tuple(p for p in game.players if p != player and game.players[p].in_game)
    if not generic or not others:
        return total
    helper = game.choices.ask(Choice(ChoiceKind.PLAYER, player, "another player to assist (assist)", (None, *others)))
    if helper is None:
        return total
    if helper not in others:
        raise IllegalAction("assist chooses another player in the game", "702.132a")
    amount = game.choices.ask(Choice(ChoiceKind.NUMBER, helper, f"generic mana of {total} to pay (assist)",
                                     tuple(range(generic + 1))))
    if not isinstance(amount, int) or not 0 <= amount <= generic:
        raise IllegalAction(f"the assisting player pays from 0 to {generic} generic mana", "702.132a")
    if amount:
        payment.pay_mana(game, helper, ManaCost((str(amount),)), view)
        spell = game.objects.get(view.id)
        if spell is not None:
            spell.chosen[ASSISTED_BY] = helper
    return total.plus(-amount)


# -- 702.148 cleave --------------------------------------------------------------------------------------


class Cleave(CastingOption):
    """702.148a: "You may cast this spell by paying [cost] rather than paying its mana cost"."""

    keyword = "cleave"
    rule = "702.148a"


def cleaved(resolution: Resolution) -> bool:
    """702.148a-b: was the resolving spell's cleave cost paid?  Its text then loses the words in square
    brackets: a card written for the model gives both readings of its instructions (a text-changing
    effect, 612)."""
    return spell_costs.resolution_paid(resolution, "cleave") > 0


# -- 702.150 compleated ----------------------------------------------------------------------------------

LIFE_FOR_PHYREXIAN = payment.PHYREXIAN_WITH_LIFE
"""Key of a spell's ``chosen``: how many Phyrexian mana symbols of its cost were paid with life (702.150a);
recorded by :func:`kb.engine.payment.pay_mana`."""


def phyrexian_paid_with_life(game: Game, object_id: int) -> int:
    obj = game.objects.get(object_id)
    found = obj.chosen.get(LIFE_FOR_PHYREXIAN, 0) if obj is not None else 0
    return found if isinstance(found, int) else 0


@cache
def _compleated(keyword: Keyword) -> StaticAbility:
    """702.150a: "If this permanent would enter with one or more loyalty counters on it and the player who
    cast it chose to pay life for any part of its cost represented by Phyrexian mana symbols, it instead
    enters with that many loyalty counters minus two for each of those mana symbols"."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        return (move.to_zone is Zone.BATTLEFIELD and any(k == "loyalty" and n > 0 for k, n in move.counters)
                and phyrexian_paid_with_life(context.game, move.object_id) > 0)

    def replace(context: ReplacementContext, move: Move) -> Move:
        fewer = 2 * phyrexian_paid_with_life(context.game, move.object_id)
        return with_changes(move, counters=tuple((k, max(0, n - fewer)) if k == "loyalty" else (k, n)
                                                 for k, n in move.counters))

    return StaticAbility("Compleated", replacements=(
        Replacement("Compleated: fewer loyalty counters", Move, applies, replace, entering_self=True),))


# -- 702.160 prototype -----------------------------------------------------------------------------------

PROTOTYPED = "prototyped"
"""Key of a spell's ``chosen``: it was cast prototyped (702.160a); the permanent it becomes keeps it."""

_PROTOTYPE = re.compile(r"^((?:\{[^}]+\})+)\s+(\d+)/(\d+)$")


def prototype_parts(keyword: Keyword) -> tuple[ManaCost, int, int]:
    """"prototype {1}{R} 2/1": the alternative mana cost, power and toughness (718.2)."""
    found = _PROTOTYPE.match(keyword.parameter.strip())
    if found is None:
        raise ScenarioError(f"prototype is written 'prototype [mana cost] [power]/[toughness]', not "
                            f"{keyword.parameter!r}")
    return ManaCost.parse(found.group(1)), int(found.group(2)), int(found.group(3))


class Prototype(CastingOption):
    """702.160a: a player may cast a spell with prototype "prototyped": no cost of its own, a choice made as
    it is cast (601.2b) after which its alternative power, toughness and mana cost are used — to see whether
    it can be cast (718.3a) and for the mana cost paid (601.2f)."""

    keyword = "prototype"
    rule = "702.160a"
    kind = "additional"

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost()

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        spell.chosen[PROTOTYPED] = True
        game.touch()


def _prototyped(obj: GameObject, printed: CopiableCard) -> CopiableCard:
    """718.3b: a prototyped spell and the permanent it becomes have only the alternative power, toughness
    and mana cost, and the colours of that mana cost (105.2); they are its copiable values (718.2a)."""
    if not obj.chosen.get(PROTOTYPED) or obj.zone not in (Zone.STACK, Zone.BATTLEFIELD):
        return printed
    normal = printed.normal
    found = next((a for a in normal.abilities if isinstance(a, Keyword) and a.name == "prototype"), None)
    if found is None:
        return printed
    mana_cost, power, toughness = prototype_parts(found)
    colors = frozenset(Color(s) for s in mana_cost.symbols if s in {c.value for c in Color})
    return CopiableCard(with_changes(normal, mana_cost=mana_cost, power=power, toughness=toughness,
                                     colors=colors or normal.colors), printed.flipped)


def prototyped(game: Game, object_id: int | None) -> bool:
    obj = game.objects.get(object_id) if object_id is not None else None
    return obj is not None and bool(obj.chosen.get(PROTOTYPED))


# -- 702.172 spree, 702.183 tiered: modes with costs -----------------------------------------------------


@dataclass(frozen=True)
class CostedMode(modes.Mode):
    """A mode of a spree or tiered spell with the cost that goes with it (702.172a, 702.183a)."""

    cost: str = ""


def _mode_costs(game: Game, spell: GameObject, keyword: Keyword) -> ManaCost:
    """702.172a, 702.183a: "As an additional cost to cast this spell, pay the costs associated with those
    modes" — the chosen modes' costs, added to the total (601.2f)."""
    ability = spell.card.spell
    if not isinstance(ability, modes.ModalSpell):
        raise ScenarioError(f"{keyword.name} is found on modal spells (700.2)")
    total = ManaCost()
    for number in modes.chosen_modes(spell):
        mode = ability.modes[number]
        if not isinstance(mode, CostedMode):
            raise ScenarioError(f"each mode of a {keyword.name} spell has a cost: {mode.text!r}")
        total = spell_costs.add(total, ManaCost.parse(mode.cost))
    return total


def spree(text: str, *choices: CostedMode) -> modes.ModalSpell:
    """702.172a: "Choose one or more modes" — each with its additional cost."""
    return modes.modal(text, *choices, minimum=1, maximum=len(choices))


def tiered(text: str, *choices: CostedMode) -> modes.ModalSpell:
    """702.183a: "Choose one" — with that mode's additional cost."""
    return modes.modal(text, *choices)


# -- 702.173 freerunning ---------------------------------------------------------------------------------


def assassin_or_commander_hit(game: Game, player: PlayerId) -> bool:
    """702.173a: a player was dealt combat damage this turn by a creature that, as it dealt it, was an
    Assassin creature or a commander under ``player``'s control."""
    from kb.engine import commander
    from kb.engine.cardtypes import CardType
    from kb.engine.events import DamageDealt

    for event in this_turn(game):
        if not (isinstance(event, DamageDealt) and event.combat and isinstance(event.recipient, str)):
            continue
        then = event.source_view
        source = game.objects.get(event.source)
        if then is None or then.controller != player or not then.is_a(CardType.CREATURE):
            continue
        if "Assassin" in then.subtypes or (source is not None and commander.is_commander(source)):
            return True
    return False


class Freerunning(CastingOption):
    """702.173a: "You may pay [cost] rather than pay this spell's mana cost if a player was dealt combat
    damage this turn by a creature that, at the time it dealt that damage, was an Assassin creature or a
    commander under your control"."""

    keyword = "freerunning"
    rule = "702.173a"

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        if assassin_or_commander_hit(game, player):
            return None
        return "no Assassin creature or commander of yours dealt combat damage to a player this turn"


# -- 702.186 ∞ (infinity) --------------------------------------------------------------------------------


def _harnessed_source(context: object) -> bool:
    from kb.engine import designations

    source = getattr(context, "source", None)
    game = getattr(context, "game", None)
    return source is not None and game is not None and designations.is_harnessed(game, source.id)


HARNESSED_TEST: list[Callable[[object], bool]] = [_harnessed_source]
"""How an ∞ ability asks whether its permanent is harnessed (one entry: a mutant can replace it)."""


def infinity(ability: Ability, text: str = "") -> StaticAbility:
    """702.186b: "∞ — [Ability]" means "As long as this permanent is harnessed, it has [ability]"."""
    from kb.engine.conditions import condition
    from kb.engine.parts import gain
    from kb.engine.selectors import this_object

    return StaticAbility(f"∞ — {text or getattr(ability, 'text', str(ability))}", (gain(ability),), this_object(),
                         condition=condition("this permanent is harnessed", lambda c: HARNESSED_TEST[0](c)))


# -- 701.65 airbend --------------------------------------------------------------------------------------

AIRBENT = "airbent"


@dataclass(frozen=True, eq=False)
class Airbent(Event):
    """A player airbent: exiled one or more objects as an instruction to airbend told them to (701.65b)."""

    player: PlayerId
    objects: tuple[int, ...]


def airbend(game: Game, player: PlayerId, *targets: int) -> list[GameObject]:
    """701.65a: ``player`` exiles the permanents and/or spells; each card exiled this way may be cast by its
    owner for {2} rather than its mana cost for as long as it remains exiled.  Returns the cards exiled."""
    exiled: list[GameObject] = []
    for target in targets:
        obj = game.objects.get(target)
        if obj is None or obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            continue
        if obj.zone is Zone.STACK:
            item = next((s for s in game.stack if s.spell == obj.id), None)
            if item is not None:
                game.stack.remove(item)
        moved = game.move(obj, Zone.EXILE)
        if moved is not None and moved.zone is Zone.EXILE:
            exiled.append(moved)
            if not moved.is_token:
                game.players[moved.owner].designations.add(f"{AIRBENT} {moved.id}")
    game.touch()
    if exiled:
        game.emit(Airbent(player, tuple(o.id for o in exiled)))
    return exiled


class Airbend(CastingOption):
    """701.65a: an airbent card's owner may cast it from exile by paying {2} rather than its mana cost."""

    keyword = "airbend"
    rule = "701.65a"
    zones = frozenset({Zone.EXILE})
    needs_keyword = False

    def price(self, keyword: Keyword | None) -> Cost:
        return Cost(ManaCost.parse("{2}"))

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        from kb.engine.events import ZoneChanged

        moved = next((e for e in reversed(game.log) if isinstance(e, ZoneChanged) and e.new_id == spell.id), None)
        if moved is None or moved.from_zone is not Zone.EXILE or \
                f"{AIRBENT} {moved.old_id}" not in game.players[spell.owner].designations:
            return "only a card exiled by airbending can be cast for {2} this way"
        return None


# -- registering -----------------------------------------------------------------------------------------

keywords.MODELLED.update({"assist": "none", "cleave": "cost", "compleated": "none", "prototype": "cost",
                          "spree": "none", "tiered": "none", "freerunning": "cost"})
for _option in (Cleave(), Prototype(), Freerunning(), Airbend()):
    spell_costs.OPTIONS[_option.keyword] = _option
spell_costs.PAYMENT_KEYWORDS["assist"] = _assist
spell_costs.KEYWORD_COSTS.update({"spree": _mode_costs, "tiered": _mode_costs})
keyword_abilities.KEYWORD_STATIC["compleated"] = _compleated
PRINTED_ALTERNATIVES.append(_prototyped)

__all__ = ["AIRBENT", "ASSISTED_BY", "LIFE_FOR_PHYREXIAN", "PROTOTYPED", "Airbent", "CostedMode", "airbend",
           "assassin_or_commander_hit", "cleaved", "infinity", "phyrexian_paid_with_life", "prototype_parts",
           "prototyped", "spree", "tiered"]
