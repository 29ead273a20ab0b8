"""Text-changing effects (612), applied in layer 3 (613.1c).

An object's abilities are data, so changing its text means rewriting the words its abilities are
made of: the colours, basic land types and creature types its filters, keywords, layer parts,
triggers and targets name (:class:`~kb.engine.selectors.Filter` ``words``), and the subtypes of
its type line.  Only words used as what they are change (612.2): never the object's name, even a
Forest named Forest, and never an ability another effect granted (612.3).  A token's type line and
text change like a card's (612.4), including the creature type an ability uses as a token's
type and name (612.2a).

What can't be rewritten is never silently left as it was: an ability whose English text uses the
word but whose behaviour is written as a function that doesn't declare it raises
:class:`~kb.engine.errors.NotModelled`.

Also here: exchanging the rules text of two objects (612.5), having the full text of another
object (612.6), an effect that sets a name (612.8), and Spy Kit's "all names" (612.7: other names
of the object, which "named" filters read; the legend rule and "different names" among such
objects raise NotModelled).  Name stickers (612.9) are not modelled; splice (612.10) is a keyword the model doesn't play.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.abilities import ActivatedAbility, SpellAbility, StaticAbility, TriggeredAbility
from kb.engine.basics import ObjectId
from kb.engine.cardtypes import BASIC_LAND_TYPES, CREATURE_TYPES
from kb.engine.characteristics import HeldAbility, ObjectState, Origin
from kb.engine.context import Context, Seeable
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.keywords import Keyword
from kb.engine.mana import Color
from kb.engine.parts import (
    AddColors,
    AddTypes,
    GainAbilities,
    Layer,
    LayerPart,
    Op,
    RemoveTypes,
    SetColors,
    SetLandTypes,
    SetSubtypes,
)
from kb.engine.selectors import Filter
from kb.engine.triggers import Trigger

if TYPE_CHECKING:
    from kb.engine.abilities import Ability
    from kb.engine.cards import Card, CardLibrary
    from kb.engine.characteristics import Characteristics
    from kb.engine.stack import Resolution

COLOR = "color"
LAND_TYPE = "land type"
CREATURE_TYPE = "creature type"
KINDS = (COLOR, LAND_TYPE, CREATURE_TYPE)

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True)
class WordChange:
    """Replace every instance of the ``kind`` word ``old`` with ``new`` (colours as W U B R G)."""

    kind: str
    old: str
    new: str

    def __post_init__(self) -> None:
        words = {COLOR: COLOR_WORDS, LAND_TYPE: BASIC_LAND_TYPES, CREATURE_TYPE: CREATURE_TYPES}.get(self.kind)
        if words is None:
            raise ScenarioError(f"text-changing effects change colour words, basic land types or creature types, "
                                f"not {self.kind!r} (612.2)")
        for word in (self.old, self.new):
            if word not in words:
                raise ScenarioError(f"{word!r} is not a {self.kind} word")

    def swap(self, kind: str, word: str) -> str:
        return self.new if kind == self.kind and word == self.old else word

    def forms(self, word: str) -> list[str]:
        """How the word can appear in English rules text: "white", "Swamp", "swampwalk", "Goblins"."""
        if self.kind == COLOR:
            return [COLOR_WORDS[word]]
        if self.kind == LAND_TYPE:
            return [word, f"{word}s", f"{word.lower()}walk"]
        return [word, f"{word}s"]

    def mentioned_in(self, text: str) -> bool:
        return any(re.search(rf"\b{re.escape(form)}\b", text, re.IGNORECASE) for form in self.forms(self.old))

    def rewrite(self, text: str) -> str:
        """The English text with the word replaced (what the changed card says)."""
        for old_form, new_form in zip(self.forms(self.old), self.forms(self.new), strict=True):
            text = re.sub(rf"\b{re.escape(old_form)}\b", _in_the_same_case(new_form), text, flags=re.IGNORECASE)
        return text

    def __str__(self) -> str:
        show = COLOR_WORDS if self.kind == COLOR else {}
        return f"{show.get(self.old, self.old)} → {show.get(self.new, self.new)}"


def _in_the_same_case(replacement: str) -> Callable[[re.Match[str]], str]:
    def case(found: re.Match[str]) -> str:
        return replacement[:1].upper() + replacement[1:] if found.group(0)[:1].isupper() else replacement.lower()

    return case


# -- rewording what abilities are made of ---------------------------------------------------------


def _reword_keyword(keyword: Keyword, change: WordChange) -> tuple[Keyword, bool]:
    parameter = keyword.parameter
    if keyword.name == "landwalk" and change.kind == LAND_TYPE and parameter == change.old:
        return Keyword("landwalk", change.new), True
    if keyword.name in ("protection", "enchant") and parameter:
        if change.kind == COLOR and parameter.lower() == COLOR_WORDS[change.old]:
            return Keyword(keyword.name, COLOR_WORDS[change.new]), True
        if change.kind != COLOR and change.mentioned_in(parameter):
            return Keyword(keyword.name, change.rewrite(parameter)), True
    return keyword, False


_OP_WORDS: dict[type[Op], Callable[[Any, WordChange], tuple[Op, bool]]] = {}


def _subtypes_op(op: Any, change: WordChange) -> tuple[Op, bool]:
    field = "land_types" if isinstance(op, SetLandTypes) else "subtypes"
    names = getattr(op, field)
    if change.kind == COLOR or change.old not in names:
        return op, False
    return dataclasses.replace(op, **{field: frozenset(change.swap(change.kind, n) for n in names)}), True


def _colors_op(op: Any, change: WordChange) -> tuple[Op, bool]:
    if change.kind != COLOR or Color(change.old) not in op.colors:
        return op, False
    return dataclasses.replace(op, colors=frozenset(Color(change.swap(COLOR, c.value)) for c in op.colors)), True


def _abilities_op(op: GainAbilities, change: WordChange) -> tuple[Op, bool]:
    new = [reword_ability(a, change) for a in op.abilities]
    return GainAbilities(tuple(a for a, _ in new)), any(done for _, done in new)


_OP_WORDS.update({AddTypes: _subtypes_op, SetSubtypes: _subtypes_op, SetLandTypes: _subtypes_op,
                  RemoveTypes: _subtypes_op, SetColors: _colors_op, AddColors: _colors_op,
                  GainAbilities: _abilities_op})


def _reword_part(part: LayerPart, change: WordChange) -> tuple[LayerPart, bool]:
    if part.op is None or type(part.op) not in _OP_WORDS:
        return part, False
    op, done = _OP_WORDS[type(part.op)](part.op, change)
    if not done:
        return part, False
    return dataclasses.replace(part, op=op, plan=_always(op), text=change.rewrite(part.text)), True


def _always(op: Op) -> Callable[[Context, Seeable], Op]:
    return lambda context, state: op


def _reword_filter(what: Filter, change: WordChange) -> tuple[Filter, bool]:
    if not any(kind == change.kind and word == change.old for kind, word in what.words):
        return what, False
    return what.reworded(change.swap), True


def _reword(value: Any, change: WordChange) -> tuple[Any, bool]:
    """``value`` with its declared words changed, and whether any was."""
    if isinstance(value, Filter):
        return _reword_filter(value, change)
    if isinstance(value, Keyword):
        return _reword_keyword(value, change)
    if isinstance(value, LayerPart):
        return _reword_part(value, change)
    if isinstance(value, Trigger):
        if value.what is None or value.remake is None:
            return value, False
        what, done = _reword_filter(value.what, change)
        return (value.remake(what), True) if done else (value, False)
    if isinstance(value, tuple):
        items = [_reword(item, change) for item in value]
        return tuple(i for i, _ in items), any(d for _, d in items)
    if hasattr(value, "reworded") and hasattr(value, "words") and not isinstance(value, Filter):
        if any(k == change.kind and w == change.old for k, w in value.words):
            return value.reworded(change), True
        return value, False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        updates = {}
        for field in dataclasses.fields(value):
            if field.name == "text":
                continue
            new, done = _reword(getattr(value, field.name), change)
            if done:
                updates[field.name] = new
        if not updates:
            return value, False
        text = getattr(value, "text", None)
        if isinstance(text, str):
            updates["text"] = change.rewrite(text)
        return dataclasses.replace(value, **updates), True
    return value, False


def reword_ability(ability: Ability, change: WordChange) -> tuple[Ability, bool]:
    """The ability with its words changed (612.1, 612.2), and whether it changed.  An ability whose
    text uses the word where the model can't rewrite it raises NotModelled."""
    if isinstance(ability, Keyword):
        return _reword_keyword(ability, change)
    new, done = _reword(ability, change)
    if isinstance(ability, (StaticAbility, TriggeredAbility, ActivatedAbility, SpellAbility)):
        left = change.mentioned_in(new.text) if done else change.mentioned_in(ability.text)
        if left:
            raise NotModelled(f"changing the word {change.old!r} of the ability {ability.text!r}: part of it is "
                              "written as code that doesn't name its words (612.1)")
    return new, done


# -- the ops of layer 3 ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ChangeText(Op):
    """Layer 3: replace every instance of a word in the type line and the rules text (612.1, 612.2).
    Granted abilities keep their words (612.3); the name never changes (612.2)."""

    change: WordChange

    def apply(self, state: ObjectState, timestamp: int) -> None:
        change = self.change
        if change.kind != COLOR and change.old in state.subtypes:
            state.subtypes = (state.subtypes - {change.old}) | {change.new}
        held = []
        for h in state.abilities:
            if h.origin is Origin.PRINTED:
                new, done = reword_ability(h.ability, change)
                held.append(HeldAbility(new, h.origin, h.since) if done else h)
            else:
                held.append(h)
        state.abilities = tuple(held)


@dataclass(frozen=True)
class SetName(Op):
    """Layer 3: the object has only this name (612.8)."""

    name: str

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.name = self.name
        state.other_names = frozenset()


@dataclass(frozen=True)
class AddNames(Op):
    """Layer 3: the object has these names in addition to its name (612.7)."""

    names: frozenset[str]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        state.other_names = state.other_names | (self.names - {state.name} if state.name else self.names)


@dataclass(frozen=True)
class SetRulesText(Op):
    """Layer 3: its rules text becomes ``abilities`` (612.5); abilities effects granted stay."""

    abilities: tuple[Ability, ...]

    def apply(self, state: ObjectState, timestamp: int) -> None:
        kept = tuple(h for h in state.abilities if h.origin is not Origin.PRINTED)
        state.abilities = tuple(HeldAbility(a) for a in self.abilities) + kept


@dataclass(frozen=True)
class FullText(Op):
    """Layer 3: the object has the full text of another: name, mana cost, colour, type line, rules
    text, power and toughness (612.6), plus ``own`` (the text it keeps)."""

    values: Any
    own: tuple[Ability, ...] = ()

    def apply(self, state: ObjectState, timestamp: int) -> None:
        kept = tuple(h for h in state.abilities if h.origin is not Origin.PRINTED)
        state.name, state.mana_cost, state.colors = self.values.name, self.values.mana_cost, self.values.colors
        state.supertypes, state.types, state.subtypes = self.values.supertypes, self.values.types, self.values.subtypes
        state.power, state.toughness = self.values.power, self.values.toughness
        state.abilities = tuple(HeldAbility(a) for a in (*self.values.abilities, *self.own)) + kept


# -- parts -----------------------------------------------------------------------------------------


def change_text(kind: str, old: str, new: str) -> LayerPart:
    """Layer 3: "replace all instances of one [colour word / basic land type / creature type] with
    another" (612.1)."""
    change = WordChange(kind, old, new)
    op = ChangeText(change)

    def plan(context: Context, state: Seeable) -> Op:
        card = context.game.objects[state.id].card if state.id in context.game.objects else None
        if card is not None and card.spell is not None and change.mentioned_in(card.spell.text):
            raise NotModelled(f"changing the text of the instant or sorcery {card.name!r} (612.1)")
        return op

    return LayerPart(Layer.TEXT, f"text: {change}", plan, frozenset(), local=True, op=op)


def set_name(name: str) -> LayerPart:
    """Layer 3: "[it] is named [name]" (612.8)."""
    op = SetName(name)
    return LayerPart(Layer.TEXT, f"is named {name}", lambda c, s: op, frozenset(), local=True, op=op)


def has_all_names(oracle: CardLibrary, test: Callable[[Characteristics], bool], text: str) -> LayerPart:
    """Layer 3: "has all names of [nonlegendary creature] cards in addition to its name" (Spy Kit,
    612.7): the name of each card of the Oracle (here ``oracle``, 108.1) that passes ``test``."""
    from kb.engine import names

    def plan(context: Context, state: Seeable) -> Op:
        return AddNames(frozenset(names.card_names(oracle, test)))  # the Oracle as it is now

    return LayerPart(Layer.TEXT, text, plan, frozenset(), local=True)


def exchange_text(first: ObjectId, second: ObjectId) -> LayerPart:
    """Layer 3: the rules texts of two objects are exchanged (612.5).  Apply it to both."""

    def plan(context: Context, state: Seeable) -> Op:
        other = second if state.id == first else first
        there = context.states.get(other)
        if not isinstance(there, ObjectState):
            raise NotModelled("exchanging text with an object that is not there (612.5)")
        return SetRulesText(tuple(h.ability for h in there.abilities if h.origin is Origin.PRINTED))

    return LayerPart(Layer.TEXT, "exchanges rules text", plan, frozenset({"abilities"}))


def full_text_of(which: Callable[[Context], ObjectId | None], own: tuple[Ability, ...] = ()) -> LayerPart:
    """Layer 3: "has the full text of [an object]" (612.6); ``which`` finds that object (None: no
    change).  The text is the object's printed text, its card's."""

    def plan(context: Context, state: Seeable) -> Op:
        found = which(context)
        if found is None or found not in context.game.objects:
            return _Unchanged()
        return FullText(context.game.objects[found].printed, own)

    return LayerPart(Layer.TEXT, "has the full text of another card", plan)


@dataclass(frozen=True)
class _Unchanged(Op):
    def apply(self, state: ObjectState, timestamp: int) -> None:
        return None


@dataclass(frozen=True)
class TokenMaker:
    """An effect: "create ``count`` [token]" written so that a text-changing effect can change the
    creature type it uses as the token's type and name, and the token's colour (612.2a)."""

    card: Card
    count: int = 1

    def __call__(self, resolution: Resolution) -> None:
        resolution.game.create_token(self.card, resolution.controller, self.count)

    @property
    def words(self) -> frozenset[tuple[str, str]]:
        front = self.card.front
        return frozenset({(CREATURE_TYPE, t) for t in front.subtypes if t in CREATURE_TYPES}
                         | {(COLOR, c.value) for c in front.colors})

    def reworded(self, change: WordChange) -> TokenMaker:
        front = self.card.front
        name = change.new if change.kind == CREATURE_TYPE and front.name == change.old else front.name
        front = dataclasses.replace(front, name=name,
                                    subtypes=frozenset(change.swap(CREATURE_TYPE, t) if t in CREATURE_TYPES else t
                                                       for t in front.subtypes),
                                    colors=frozenset(Color(change.swap(COLOR, c.value)) for c in front.colors))
        return dataclasses.replace(self, card=dataclasses.replace(self.card, front=front))


__all__ = ["COLOR", "CREATURE_TYPE", "LAND_TYPE", "AddNames", "ChangeText", "FullText", "SetName", "SetRulesText",
           "TokenMaker", "WordChange",
           "change_text", "exchange_text", "full_text_of", "has_all_names", "reword_ability", "set_name"]
