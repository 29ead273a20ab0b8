"""Predefined tokens (111.10): the tokens an effect creates by name alone, and the abilities
each has.  Each is a colourless artifact token named for its subtype (111.4)."""

from __future__ import annotations

from kb.engine.abilities import ActivatedAbility
from kb.engine.basics import Zone
from kb.engine.cards import Card, token
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import View
from kb.engine.costs import cost
from kb.engine.mana import COLORS, ManaRestriction
from kb.engine.mana_abilities import ManaOutput, Production
from kb.engine.stack import Resolution


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
