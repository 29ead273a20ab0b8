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
from kb.engine.events import DamageDealt, ZoneChanged
from kb.engine.mana import _SYMBOL_RE, MANA_TYPES, Color

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.characteristics import Characteristics
    from kb.engine.context import Context, Seeable
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.replacement import Replacement, ReplacementContext

COMMANDER = "commander"
JUST_MOVED = "commander put into a graveyard or exile since state-based actions were last checked"


def designate(game: Game, obj: GameObject) -> None:
    """``obj`` is its owner's commander (903.3); its owner may cast it from the command zone,
    paying the commander tax (903.8)."""
    obj.designations.add(COMMANDER)
    _allow_casting_from_the_command_zone(game, obj.owner)
    game.touch()


def start(game: Game, card: Card, owner: PlayerId) -> GameObject:
    """As the game starts, ``owner``'s commander is put into the command zone face up (903.6)."""
    obj = game.place(card, Zone.COMMAND, owner)
    designate(game, obj)
    return obj


CASTING_FROM_THE_COMMAND_ZONE = "you may cast your commander from the command zone (903.8)"


def _allow_casting_from_the_command_zone(game: Game, owner: PlayerId) -> None:
    """903.8, as a rule of the game for ``owner``: a permission to cast their commander from the
    command zone, and the commander tax, {2} more for each time they cast it from there before."""
    from kb.engine.conditions import Number
    from kb.engine.durations import Indefinite
    from kb.engine.rules import CastPermission, CostChange
    from kb.engine.selectors import Filter

    if any(e.text == CASTING_FROM_THE_COMMAND_ZONE and e.controller == owner and not e.ended for e in game.effects):
        return

    def yours(c: Context, o: Seeable) -> bool:
        found = c.game.objects.get(o.id)
        return found is not None and is_commander(found) and found.owner == c.you

    def from_command_zone(game: Game, spell: ObjectId) -> bool:
        return any(isinstance(e, ZoneChanged) and e.new_id == spell and e.from_zone is Zone.COMMAND for e in game.log)

    def cast_from_command_zone(c: Context, o: Seeable) -> bool:
        return yours(c, o) and from_command_zone(c.game, o.id)

    def tax(c: Context) -> int:
        being_cast = {i.id for i in c.game.stack}  # the spell whose cost is being determined isn't pushed yet
        spells = [o.id for o in c.game.in_zone(Zone.STACK) if o.id not in being_cast and is_commander(o)
                  and o.owner == c.you and from_command_zone(c.game, o.id)]
        return 2 * sum(casts_from_command_zone(c.game, i) for i in spells)

    permission = CastPermission(Filter("your commander", yours, zones=frozenset({Zone.COMMAND, Zone.STACK})),
                                Zone.COMMAND, text=CASTING_FROM_THE_COMMAND_ZONE)
    commander_tax = CostChange(Filter("your commander cast from the command zone", cast_from_command_zone,
                                      zones=frozenset({Zone.STACK})),
                               Number("{2} for each previous cast from the command zone", tax), "you",
                               text="the commander tax (903.8)")
    game.create_effect(CASTING_FROM_THE_COMMAND_ZONE, rules=[permission, commander_tax], duration=Indefinite(),
                       controller=owner, replacements=[_home_instead_of_hand_or_library()])


def _home_instead_of_hand_or_library() -> Replacement:
    """903.9b: if a commander would be put into its owner's hand or library, its owner may put it
    into the command zone instead."""
    from dataclasses import replace as with_changes

    from kb.engine.choices import Choice, ChoiceKind
    from kb.engine.replacement import Move, Replacement

    def applies(context: ReplacementContext, move: Move) -> bool:
        obj = context.game.objects.get(move.object_id)
        return (move.to_zone in (Zone.HAND, Zone.LIBRARY) and obj is not None and is_commander(obj)
                and obj.owner == context.context.you)

    def instead(context: ReplacementContext, move: Move) -> Move:
        owner = context.game.objects[move.object_id].owner
        if context.game.choices.ask(Choice(ChoiceKind.MAY, owner, "put your commander into the command zone instead",
                                           (True, False))):
            return with_changes(move, to_zone=Zone.COMMAND)
        return move

    return Replacement("If your commander would be put into your hand or library, you may put it into the command "
                       "zone instead (903.9b).", Move, applies, instead, pure=False)


def casts_from_command_zone(game: Game, spell: ObjectId) -> int:
    """How many times the commander that is now ``spell`` was cast from the command zone before
    (903.8): earlier casts that became this object through its zone changes."""
    return sum(1 for e in game.log if isinstance(e, ZoneChanged) and e.from_zone is Zone.COMMAND
               and e.to_zone is Zone.STACK and e.new_id is not None and e.new_id != spell
               and _now(game, e.new_id) == spell)


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


def commanders_color_identity(game: Game, player: PlayerId) -> frozenset[Color]:
    """"Your commander's colour identity" (903.4): with two commanders (partner), the combined colour
    identity of both (702.124c)."""
    found: set[Color] = set()
    for obj in game.objects.values():
        if is_commander(obj) and obj.owner == player:
            found |= color_identity(obj.card)
    return frozenset(found)


def your_commander(game: Game, player: PlayerId, where: Zone | None = None) -> GameObject | None:
    """The commander an effect doing something to "your commander" acts on (``where``: in that zone
    only): with two commanders (partner), the one ``player`` chooses as the effect applies
    (702.124e); None if there is none."""
    from kb.engine.choices import Choice, ChoiceKind

    found = tuple(o for o in game.objects.values() if is_commander(o) and o.owner == player
                  and (where is None or o.zone is where))
    if len(found) <= 1:
        return found[0] if found else None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "which of your commanders", tuple(o.id for o in found)))
    return next(o for o in found if o.id == chosen)


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


__all__ = ["CASTING_FROM_THE_COMMAND_ZONE", "COMMANDER", "carried", "casts_from_command_zone", "color_identity", "combat_damage_by_commanders", "commanders_color_identity", "designate", "is_commander", "just_moved", "losers", "start", "your_commander"]
