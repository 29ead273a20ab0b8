"""Commander (903): the commander designation and its state-based actions (704.6c, 704.6d).

A card designated as a commander stays a commander wherever it goes (903.3), so the designation
moves with it through zone changes (:mod:`kb.engine.zones`).  A player dealt 21 or more combat
damage by the same commander over the game loses (903.10a, 704.6c): the damage is counted from
the game's events, following each source to the object it is now, so a commander that changed
zones is still the same commander.  A commander put into a graveyard or exile since the last check
of state-based actions may be put into the command zone by its owner (903.9a, 704.6d): the move
marks it, and the next check asks once.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.errors import NotModelled
from kb.engine.events import DamageDealt
from kb.engine.mana import _SYMBOL_RE, MANA_TYPES, Color

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.characteristics import Characteristics
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

COMMANDER = "commander"
JUST_MOVED = "commander put into a graveyard or exile since state-based actions were last checked"


def designate(game: Game, obj: GameObject) -> None:
    """``obj`` is its owner's commander (903.3)."""
    obj.designations.add(COMMANDER)
    game.touch()


def is_commander(obj: GameObject) -> bool:
    return COMMANDER in obj.designations


def carried(old: GameObject, new: GameObject, to: Zone) -> None:
    """A commander that changes zones is still the commander (903.3); one put into a graveyard or
    exile may go to the command zone at the next check (704.6d)."""
    if is_commander(old):
        new.designations.add(COMMANDER)
        if to in (Zone.GRAVEYARD, Zone.EXILE):
            new.designations.add(JUST_MOVED)


def _now(game: Game, object_id: ObjectId) -> ObjectId:
    """The object ``object_id`` has become through its zone changes."""
    for _ in range(len(game.became) + 1):
        if object_id in game.objects or object_id not in game.became:
            return object_id
        object_id = game.became[object_id]
    return object_id


def combat_damage_by_commanders(game: Game, player: PlayerId) -> Counter[ObjectId]:
    """Combat damage dealt to ``player`` over the game, by each commander (as it is now)."""
    totals: Counter[ObjectId] = Counter()
    for event in game.events(DamageDealt):
        if event.combat and event.recipient == player:
            source = game.objects.get(_now(game, event.source))
            if source is not None and is_commander(source):
                totals[source.id] += event.amount
    return totals


def losers(game: Game) -> list[PlayerId]:
    """704.6c: players dealt 21 or more combat damage by the same commander."""
    if not any(is_commander(o) for o in game.objects.values()):
        return []
    return [p for p in game.apnap() if any(v >= 21 for v in combat_damage_by_commanders(game, p).values())]


def color_identity(card: Card) -> frozenset[Color]:
    """A card's colour identity (903.4): the colours of the mana symbols in its mana cost and rules
    text, and those of its colour indicator, on every face, the back face of a double-faced card
    included (903.4d).  Fixed before the game from the card itself (903.4a), so it is read from
    the card's printed faces, never from an object's current characteristics."""
    found: set[Color] = set()
    for each in (card.front, card.back, card.flip):
        if each is not None:
            found |= _face_identity(each)
    return frozenset(found)


def _face_identity(face: Characteristics) -> set[Color]:
    found = set(face.colors)  # the mana cost's colours, or the colour indicator (204) where there is one
    for ability in face.abilities:
        if getattr(ability, "cda", False) and any(p.layer.name == "COLOR" for p in getattr(ability, "parts", ())):
            raise NotModelled("colour identity from a characteristic-defining ability that sets colour (903.4)")
        for symbol in _SYMBOL_RE.findall(_rules_text(ability)):
            found.update(Color(c) for c in symbol.split("/") if c in MANA_TYPES[:5])
    return found


def _rules_text(ability: object) -> str:
    """The ability as printed: its text with its cost (a keyword's parameter holds its cost)."""
    text = getattr(ability, "text", None)
    if text is None:
        text = f"{getattr(ability, 'name', '')} {getattr(ability, 'parameter', '')}"
    mana = getattr(getattr(ability, "cost", None), "mana", None)
    symbols = "".join(f"{{{s}}}" for s in mana.symbols) if mana is not None else ""
    return f"{symbols} {text}"


def just_moved(game: Game) -> list[GameObject]:
    return [o for o in game.objects.values() if JUST_MOVED in o.designations]


__all__ = ["COMMANDER", "carried", "color_identity", "combat_damage_by_commanders", "designate", "is_commander", "just_moved", "losers"]
