"""Whether a static ability an object has is a characteristic-defining ability (604.3a).

A card's author marks an ability written as defining its own object's characteristics
(``StaticAbility.cda``); whether the ability *is* a characteristic-defining ability is judged
here, on the object that has it, by 604.3a's five conditions.  Only a CDA applies first within
its layer (613.3)."""

from __future__ import annotations

import dataclasses
import functools

from kb.engine.abilities import StaticAbility
from kb.engine.characteristics import HeldAbility, Origin
from kb.engine.parts import Layer, LayerPart
from kb.engine.selectors import this_object

DEFINING_LAYERS = frozenset({Layer.TYPE, Layer.COLOR, Layer.PT_DEFINING})
"""(1) It defines colour, subtype, power or toughness (layers 4, 5 and 7a)."""

ITSELF = this_object().text


def is_cda(held: HeldAbility, ability: StaticAbility) -> bool:
    """604.3a: a static ability is a CDA only if (1) it defines its object's colour, subtype,
    power or toughness, (2) the object has it as printed (a token's definition, a copy or a
    text-changing effect count: :attr:`Origin.PRINTED`), (3) it changes no other object,
    (4) it isn't granted, even by the object to itself, and (5) it isn't conditional.
    ``ability`` is what ``held`` is (a keyword's ability: changeling, devoid)."""
    return ability.cda and _meets_604_3a(held, ability)


def _meets_604_3a(held: HeldAbility, ability: StaticAbility) -> bool:
    if not ability.parts:
        return False
    return (all(p.layer in DEFINING_LAYERS for p in ability.parts)            # (1)
            and held.origin is Origin.PRINTED                                  # (2), (4)
            and ability.affects is not None and ability.affects.text == ITSELF  # (3)
            and ability.condition is None)                                     # (5)


def static_parts(held: HeldAbility, ability: StaticAbility) -> tuple[LayerPart, ...]:
    """The parts of a static ability's effect, in the sublayers they apply in: a power and
    toughness written as defined (``defines_pt``) by an ability that isn't a CDA by 604.3a (granted,
    conditional, or defining another object's) is set in 7b by timestamp, since 7a holds only CDAs'
    (613.4a-b).  One that meets 604.3a stays in 7a even unmarked: it is a CDA."""
    if all(p.layer is not Layer.PT_DEFINING for p in ability.parts) or _meets_604_3a(held, ability):
        return ability.parts
    return _set_in_7b(ability.parts)


def outside_cda(parts: tuple[LayerPart, ...]) -> tuple[LayerPart, ...]:
    """The parts of a resolved spell's or ability's effect (never a CDA): a power and toughness
    written as defined (``defines_pt``) are set in 7b, by timestamp (613.4a-b)."""
    if all(p.layer is not Layer.PT_DEFINING for p in parts):
        return parts
    return _set_in_7b(parts)


@functools.lru_cache(maxsize=1024)
def _set_in_7b(parts: tuple[LayerPart, ...]) -> tuple[LayerPart, ...]:
    return tuple(dataclasses.replace(p, layer=Layer.PT_SETTING) if p.layer is Layer.PT_DEFINING else p
                 for p in parts)
