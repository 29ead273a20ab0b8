"""Whether a static ability an object has is a characteristic-defining ability (604.3a).

A card's author marks an ability written as defining its own object's characteristics
(``StaticAbility.cda``); whether the ability *is* a characteristic-defining ability is judged
here, on the object that has it, by 604.3a's five conditions.  Only a CDA applies first within
its layer (613.3)."""

from __future__ import annotations

from kb.engine.abilities import StaticAbility
from kb.engine.characteristics import HeldAbility, Origin
from kb.engine.parts import Layer
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
    if not ability.cda or not ability.parts:
        return False
    return (all(p.layer in DEFINING_LAYERS for p in ability.parts)            # (1)
            and held.origin is Origin.PRINTED                                  # (2), (4)
            and ability.affects is not None and ability.affects.text == ITSELF  # (3)
            and ability.condition is None)                                     # (5)
