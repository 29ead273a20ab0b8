"""Predefined tokens (111.10): the tokens an effect creates by name alone, and the abilities
each has: colourless artifact tokens named for their subtype (111.4), and the Role tokens,
colourless Aura Role enchantment tokens (111.10j-r, 303.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.abilities import ActivatedAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import Card, token
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import View
from kb.engine.conditions import Number
from kb.engine.context import Context
from kb.engine.costs import cost
from kb.engine.mana import COLORS, ManaRestriction
from kb.engine.mana_abilities import ManaOutput, Production
from kb.engine.parts import LayerPart, base_pt, gain, modify_pt, modify_pt_by
from kb.engine.selectors import attached_to_this
from kb.engine.stack import Resolution
from kb.engine.triggers import dies as dies_as_token

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def _any_color(production: Production) -> tuple[str, ...]:
    return tuple(f"{{{c}}}" for c in COLORS)


ANY_COLOR = ManaOutput("one mana of any color", _any_color)

TREASURE = token(None, "Artifact — Treasure", ActivatedAbility(
    "{T}, Sacrifice this token: Add one mana of any color.", cost("{T}, Sacrifice this"), mana=ANY_COLOR))
"""111.10a."""


def _gain_three(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


FOOD = token(None, "Artifact — Food", ActivatedAbility(
    "{2}, {T}, Sacrifice this token: You gain 3 life.", cost("{2}, {T}, Sacrifice this"), _gain_three))
"""111.10b."""

GOLD = token(None, "Artifact — Gold", ActivatedAbility(
    "Sacrifice this token: Add one mana of any color.", cost("Sacrifice this"), mana=ANY_COLOR))
"""111.10c."""


def _draw(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


CLUE = token(None, "Artifact — Clue", ActivatedAbility(
    "{2}, Sacrifice this token: Draw a card.", cost("{2}, Sacrifice this"), _draw))
"""111.10f."""

BLOOD = token(None, "Artifact — Blood", ActivatedAbility(
    "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.", cost("{1}, {T}, Discard a card, Sacrifice this"),
    _draw))
"""111.10g."""


def _not_for_nonartifact_spells(spent_on: object) -> bool:
    return not (isinstance(spent_on, View) and spent_on.zone is Zone.STACK and not spent_on.is_a(CardType.ARTIFACT))


POWERSTONE = token(None, "Artifact — Powerstone", ActivatedAbility(
    "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.", cost("{T}"),
    mana=ManaOutput("{C}", lambda p: ("{C}",),
                    ManaRestriction("can't be spent to cast a nonartifact spell", _not_for_nonartifact_spells))))
"""111.10h."""

PREDEFINED: dict[str, Card] = {"Treasure": TREASURE, "Food": FOOD, "Gold": GOLD, "Clue": CLUE, "Blood": BLOOD,
                               "Powerstone": POWERSTONE}
"""The predefined tokens the model knows, by the name an effect uses (111.10)."""


# -- Role tokens (111.10j-r, 303.7) ---------------------------------------------------------------


def _role(name: str, *abilities: StaticAbility | TriggeredAbility) -> Card:
    return token(name, "Enchantment — Aura Role", "enchant creature", *abilities)


def _enchanted_gets(text: str, *parts: LayerPart) -> StaticAbility:
    return StaticAbility(text, parts, attached_to_this())


def _each_opponent_loses_one(resolution: Resolution) -> None:
    for opponent in resolution.game.opponents(resolution.controller):
        resolution.game.lose_life(opponent, 1)


def _your_enchantments(context: Context) -> int:
    you = context.player("enchantments you control")
    return sum(1 for s in context.states.values() if s.zone is Zone.BATTLEFIELD and s.controller == you
               and s.is_a(CardType.ENCHANTMENT))


ENCHANTMENTS_YOU_CONTROL = Number("the number of enchantments you control", _your_enchantments,
                                  frozenset({"types", "controller"}))

CURSED = _role("Cursed", _enchanted_gets("Enchanted creature has base power and toughness 1/1.", base_pt(1, 1)))
"""111.10j."""
MONSTER = _role("Monster", _enchanted_gets("Enchanted creature gets +1/+1 and has trample.", modify_pt(1, 1),
                                           gain("trample")))
"""111.10k."""
ROYAL = _role("Royal", _enchanted_gets("Enchanted creature gets +1/+1 and has ward {1}.", modify_pt(1, 1),
                                       gain("ward {1}")))
"""111.10m."""
VIRTUOUS = _role("Virtuous", _enchanted_gets("Enchanted creature gets +1/+1 for each enchantment you control.",
                                             modify_pt_by(ENCHANTMENTS_YOU_CONTROL, ENCHANTMENTS_YOU_CONTROL)))
"""111.10p."""
WICKED = _role("Wicked", _enchanted_gets("Enchanted creature gets +1/+1.", modify_pt(1, 1)),
               TriggeredAbility("When this token is put into a graveyard from the battlefield, each opponent loses 1 "
                                "life.", dies_as_token(), _each_opponent_loses_one))
"""111.10q."""

ROLES: dict[str, Card] = {"Cursed": CURSED, "Monster": MONSTER, "Royal": ROYAL, "Virtuous": VIRTUOUS,
                          "Wicked": WICKED}
"""The Role tokens the model knows, by name (111.10j-q; Sorcerer's scry and Young Hero are not modelled)."""


def create_role(game: Game, role: Card, controller: PlayerId, host: ObjectId) -> GameObject | None:
    """Create a Role token attached to ``host`` (a creature): a token that doesn't end up attached
    is put into its owner's graveyard by the state-based actions (704.5m)."""
    from kb.engine import attach

    made = game.create_token(role, controller)
    if not made:
        return None
    attach.attach(game, made[0], host)
    return made[0]
