"""Which instance of an activated ability a player activates (602.5c).

An object may have two identical activated abilities: its own and one an effect of another object
gave it, or two that two objects gave it.  A restriction such as "activate only once each turn"
counts the activations of that one instance: the one gained from a given object is told apart by
the timestamp of the effect that granted it (0 for the object's own abilities).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import keyword_abilities
from kb.engine.abilities import ActivatedAbility

if TYPE_CHECKING:
    from kb.engine.characteristics import View


def instances(view: View) -> list[tuple[ActivatedAbility, int]]:
    """Each activated ability of ``view`` in the order :func:`keyword_abilities.activated` lists
    them, with the timestamp of the effect that granted it (0: its own)."""
    found: list[tuple[ActivatedAbility, int]] = []
    for index, ability in enumerate(view.abilities):
        since = view.granted_since[index] if index < len(view.granted_since) else 0
        built = keyword_abilities.activated_of(ability)
        found.extend((each, since) for each in built)
    return found


def granted_since(view: View, which: int | str | ActivatedAbility, ability: ActivatedAbility) -> int:
    """The grant that the ability a player picked with ``which`` comes from: by its number among
    the object's activated abilities, or else the first instance of ``ability``."""
    listed = instances(view)
    if isinstance(which, int) and 0 <= which < len(listed):
        return listed[which][1]
    return next((since for each, since in listed if each is ability), 0)


def link_scope(view: View, which: int | str | ActivatedAbility, ability: ActivatedAbility) -> str:
    """Which of the object's abilities the picked instance is linked with (607.1): ``""`` for its own
    — printed on it, or granted to it by an ability printed on it (607.1a) — else the abilities
    granted by the same effect, named by that effect's timestamp."""
    listed: list[tuple[ActivatedAbility, int, bool]] = []
    for index, held in enumerate(view.abilities):
        since = view.granted_since[index] if index < len(view.granted_since) else 0
        listed.extend((each, since, index not in view.granted_by_others)
                      for each in keyword_abilities.activated_of(held))
    if isinstance(which, int) and 0 <= which < len(listed):
        _, since, own = listed[which]
    else:
        _, since, own = next((entry for entry in listed if entry[0] is ability), (ability, 0, True))
    return "" if own else f" (granted at {since})"


__all__ = ["granted_since", "instances", "link_scope"]
