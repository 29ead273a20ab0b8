"""Cards and tokens as data (108, 111, 200-209), and a library to look them up by name.

``card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2)`` builds a card;
``card("Serra Angel", "{3}{W}{W}", "Creature — Angel", 4, 4, "flying", "vigilance")`` gives it
keywords (strings) and other abilities (objects of :mod:`kb.engine.abilities`).  A card's
colours come from its mana cost unless ``colors`` gives a colour indicator (202.2, 204).
``token(...)`` defines a token (111.3).  A :class:`CardLibrary` names cards for a set of
scenarios; asking it for an unknown name fails with the name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from kb.engine.abilities import Ability, ActivatedAbility, SpellAbility, StaticAbility
from kb.engine.cardtypes import BASIC_LAND_TYPES, CardType, Supertype, parse_type_line
from kb.engine.characteristics import Characteristics
from kb.engine.costs import cost
from kb.engine.errors import ScenarioError
from kb.engine.keywords import Keyword, keywords
from kb.engine.mana import Color, ManaCost

if TYPE_CHECKING:
    from kb.engine.meld import MeldPair

AbilityLike = Ability | str
"""An ability object, or a keyword written as printed (``"flying"``, ``"morph {2}{W}{W}"``)."""


@dataclass(frozen=True, eq=False)
class Card:
    """A card or token definition: its printed face(s) and, for an instant or sorcery, what it
    does.  Objects in the game refer to their Card; the Card never changes."""

    front: Characteristics
    back: Characteristics | None = None
    """The back face of a transforming double-faced card (712)."""
    spell: SpellAbility | None = None
    """The spell ability of an instant or sorcery (113.3a)."""
    is_token: bool = False
    flip: Characteristics | None = None
    """The alternate half of a flip card (710.1b): its name, text, type line and P/T, used only
    while the permanent is flipped on the battlefield (710.2)."""
    halves: tuple[Card, Card] | None = None
    """The two halves of a split card (709.1), each with its own characteristics and spell ability;
    ``front`` is both combined (709.4) and ``spell`` both in order (702.102d): :mod:`kb.engine.split_cards`."""
    adventure: Card | None = None
    """The Adventure of an adventurer card (715.2): the characteristics it has as a spell cast as an
    Adventure, and that spell's ability: :mod:`kb.engine.adventures`."""
    meld: MeldPair | None = None
    """The meld pair of a meld card (712.4): its counterpart and the combined back face they form on
    the battlefield: :mod:`kb.engine.meld`."""

    def part(self, cast_as: str | None) -> Card:
        """The part of the card a spell cast as ``cast_as`` is (709.3, 715.3b): "left" or "right"
        half, its "adventure", or the whole card (None, or "fused" both halves, 709.4d)."""
        if cast_as in ("left", "right") and self.halves is not None:
            return self.halves[0 if cast_as == "left" else 1]
        if cast_as == "adventure" and self.adventure is not None:
            return self.adventure
        return self

    @property
    def flipped_face(self) -> Characteristics | None:
        """The flipped half as it is on a flipped permanent: a flip card keeps its colour and mana
        cost when it flips (710.1c)."""
        if self.flip is None:
            return None
        return replace(self.flip, mana_cost=self.front.mana_cost, colors=self.front.colors)

    @property
    def name(self) -> str:
        return self.front.name or "(nameless)"

    def __repr__(self) -> str:
        return f"<Card {self.name}>"


def abilities_of(items: Iterable[AbilityLike]) -> tuple[Ability, ...]:
    return tuple(a for item in items for a in (keywords(item) if isinstance(item, str) else (item,)))


def _pt(value: int | str | None, what: str, name: str, abilities: tuple[Ability, ...]) -> int | None:
    if value == "*":
        if not any(isinstance(a, StaticAbility) and a.cda for a in abilities):
            raise ScenarioError(f"{name}: a {what} of * needs a characteristic-defining ability (208.2a)")
        return 0
    if value is None or isinstance(value, int):
        return value
    raise ScenarioError(f"{name}: {what} must be a number or '*', not {value!r}")


def _split(args: tuple[object, ...]) -> tuple[int | str | None, int | str | None, tuple[AbilityLike, ...]]:
    """``(2, 2, "flying", …)`` or ``("flying", …)``: power and toughness come first when given."""
    def is_pt(value: object) -> bool:
        return isinstance(value, int) or value == "*"

    if len(args) >= 2 and is_pt(args[0]) and is_pt(args[1]):
        return args[0], args[1], args[2:]  # type: ignore[return-value]
    if args and is_pt(args[0]):
        raise ScenarioError(f"give both power and toughness, not just {args[0]!r}")
    return None, None, args  # type: ignore[return-value]


def face(name: str | None, cost: str | None, type_line: str, *args: int | str | Ability,
         colors: str | None = None, loyalty: int | None = None, defense: int | None = None,
         hand_modifier: int | None = None, life_modifier: int | None = None) -> Characteristics:
    """One face's characteristics: ``face(name, cost, type_line, [power, toughness,] *abilities)``.
    ``colors`` ("WU") is a colour indicator (204)."""
    power, toughness, abilities = _split(args)
    mana_cost = ManaCost.parse(cost) if cost is not None else None
    supertypes, types, subtypes = parse_type_line(type_line)
    held = abilities_of(abilities)
    if colors is not None:
        try:
            colours = frozenset(Color(c) for c in colors)
        except ValueError:
            raise ScenarioError(f"{name}: colours are written with W U B R G, not {colors!r}") from None
    else:
        colours = mana_cost.colors if mana_cost is not None else frozenset()
    is_creature = CardType.CREATURE in types
    if is_creature and (power is None or toughness is None):
        raise ScenarioError(f"{name}: a creature card needs power and toughness (208.1); for a printed */*, "
                            f"give 0, 0 and the characteristic-defining ability (defines_pt, 604.3, 208.2a)")
    if CardType.PLANESWALKER in types and loyalty is None:
        raise ScenarioError(f"{name}: a planeswalker card needs loyalty (209.1)")
    if CardType.BATTLE in types and defense is None:
        raise ScenarioError(f"{name}: a battle card needs defense (310.4)")
    return Characteristics(name, mana_cost, colours, supertypes, types, subtypes, held,
                           _pt(power, "power", str(name), held), _pt(toughness, "toughness", str(name), held),
                           loyalty, defense, hand_modifier, life_modifier)


def card(name: str, cost: str | None, type_line: str, *args: int | str | Ability, colors: str | None = None,
         loyalty: int | None = None, defense: int | None = None, spell: SpellAbility | None = None,
         back: Characteristics | None = None, flip: Characteristics | None = None,
         hand_modifier: int | None = None, life_modifier: int | None = None) -> Card:
    """A card: ``card(name, mana cost, type line, [power, toughness,] *abilities)``.  Abilities are
    keywords written as printed (``"flying"``) or ability objects.  An instant or sorcery needs
    ``spell`` (what it does); a permanent must not have one.  ``back`` is the back face of a
    transforming double-faced card (712), ``flip`` the alternate half of a flip card (710), made
    with :func:`face` (a flip half has no mana cost of its own: give ``None``)."""
    front = face(name, cost, type_line, *args, colors=colors, loyalty=loyalty, defense=defense,
                 hand_modifier=hand_modifier, life_modifier=life_modifier)
    is_spell_card = bool(front.types & {CardType.INSTANT, CardType.SORCERY})
    if is_spell_card and spell is None:
        raise ScenarioError(f"{name}: an instant or sorcery needs spell=SpellAbility(...) (113.3a)")
    if spell is not None and not is_spell_card:
        raise ScenarioError(f"{name}: only instants and sorceries have a spell ability")
    if back is not None and flip is not None:
        raise ScenarioError(f"{name}: a card is either double-faced or a flip card, not both")
    return Card(front, back, spell, flip=flip)


def token(name: str | None, type_line: str, *args: int | str | Ability, colors: str = "") -> Card:
    """A token definition (111.3): ``token(name, type line, [power, toughness,] *abilities,
    colors="G")``; no mana cost.  With no name given, its name is its subtypes plus the word
    "Token" (111.4): ``token(None, "Creature — Dwarf Berserker", 2, 1, colors="R")`` is named
    "Dwarf Berserker Token"."""
    return Card(face(token_name(name, type_line), None, type_line, *args, colors=colors), is_token=True)


def token_name(name: str | None, type_line: str) -> str:
    """The name a spell or ability gives a token, or else its subtypes plus "Token" (111.4)."""
    if name is not None:
        return name
    subtypes = next((type_line.split(dash, 1)[1].split() for dash in ("—", " - ", "--") if dash in type_line), [])
    if not subtypes:
        raise ScenarioError(f"a token with no subtypes needs a name: {type_line!r} (111.4)")
    return " ".join(subtypes) + " Token"


def basic_land(land_type: str) -> Card:
    """A basic land: its mana ability is intrinsic to its land type (305.6)."""
    if land_type not in BASIC_LAND_TYPES:
        raise ScenarioError(f"{land_type!r} is not a basic land type (305.6)")
    return card(land_type, None, f"Basic Land — {land_type}")


INTRINSIC_MANA_ABILITIES: dict[str, ActivatedAbility] = {
    land_type: ActivatedAbility(f"{{T}}: Add {{{mana}}}.", cost("{T}"), mana=f"{{{mana}}}")
    for land_type, mana in BASIC_LAND_TYPES.items()
}
"""The mana ability each basic land type gives a land (305.6): one instance per type, so the
layer system can tell whether a land has it."""

PLAINS, ISLAND, SWAMP, MOUNTAIN, FOREST = (basic_land(t) for t in ("Plains", "Island", "Swamp", "Mountain",
                                                                    "Forest"))


@dataclass
class CardLibrary:
    """Cards by English name, for one set of scenarios.  ``library["Grizzly Bears"]``; an unknown
    name raises ScenarioError naming it."""

    cards: dict[str, Card] = field(default_factory=dict)

    def add(self, *cards: Card) -> Card:
        for found in cards:
            if found.name in self.cards and self.cards[found.name] is not found:
                raise ScenarioError(f"two different cards are called {found.name!r}")
            self.cards[found.name] = found
        return cards[-1]

    def __getitem__(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise ScenarioError(f"unknown card {name!r}: the library has no card by that name") from None

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())


def has_keyword(characteristics: Characteristics, name: str) -> Keyword | None:
    return next((a for a in characteristics.abilities if isinstance(a, Keyword) and a.name == name), None)


__all__ = ["FOREST", "ISLAND", "MOUNTAIN", "PLAINS", "SWAMP", "Card", "CardLibrary", "Supertype", "basic_land",
           "card", "face", "token"]
