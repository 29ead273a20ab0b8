"""Filters: which objects an effect, a rule change or a trigger is about ("creatures you
control", "each other non-Aura enchantment", "enchanted creature").

A :class:`Filter` is evaluated in a :class:`~kb.engine.context.Context` that knows the game and
the source, so "you" is always the source's controller; a filter that needs a source and has
none raises instead of matching nothing.  Filters compose: ``creatures() & ~tokens()``,
``lands() | creatures(subtypes={"Saproling"})``.

``reads`` lists the characteristics a filter looks at; the layer system uses it to skip a
dependency trial that could not change anything (613.8a).  ``local`` says the test looks only at
the candidate and the source (not at other objects): then a trial need only look at the objects
it changed.  A filter written with a function of its own (:func:`where`) reads everything and is
not local unless told otherwise — always correct, only slower.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import CardType, Supertype, card_type, supertype
from kb.engine.context import Context, Seeable
from kb.engine.errors import ScenarioError
from kb.engine.mana import Color

EVERYTHING = frozenset({"*"})
"""``reads`` of a filter that may look at anything."""


@dataclass(frozen=True, eq=False)
class Filter:
    """Which objects: ``test(context, candidate)`` over the objects in ``zones``."""

    text: str
    test: Callable[[Context, Seeable], bool]
    reads: frozenset[str] = EVERYTHING
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
    local: bool = False
    """The test looks only at the candidate and the source (their characteristics, ids, status)."""

    def matches(self, context: Context, candidate: Seeable) -> bool:
        return candidate.zone in self.zones and self.test(context, candidate)

    def select(self, context: Context) -> frozenset[ObjectId]:
        return frozenset(i for i, s in context.states.items() if self.matches(context, s))

    def __and__(self, other: Filter) -> Filter:
        return Filter(f"{self.text} and {other.text}", lambda c, o: self.test(c, o) and other.test(c, o),
                      self.reads | other.reads, self.zones & other.zones, self.local and other.local)

    def __or__(self, other: Filter) -> Filter:
        return Filter(f"{self.text} or {other.text}",
                      lambda c, o: self.matches(c, o) or other.matches(c, o),
                      self.reads | other.reads, self.zones | other.zones, self.local and other.local)

    def __invert__(self) -> Filter:
        return Filter(f"not {self.text}", lambda c, o: not self.test(c, o), self.reads, self.zones, self.local)

    def __str__(self) -> str:
        return self.text


Whose = str
"""``"any"``, ``"you"`` (the source's controller), ``"opponent"``, or a player's name."""


def _owner_test(whose: Whose, by: str) -> Callable[[Context, Seeable], bool]:
    def test(context: Context, candidate: Seeable) -> bool:
        if whose == "any":
            return True
        holder: PlayerId = getattr(candidate, by)
        if whose == "you":
            return holder == context.player(f"objects {by} by you")
        if whose == "opponent":
            return holder != context.player(f"objects {by} by an opponent")
        return holder == whose

    return test


def objects(*types: CardType | str, controller: Whose = "any", owner: Whose = "any", other: bool = False,
            subtypes: Iterable[str] = (), not_types: Iterable[CardType | str] = (),
            not_subtypes: Iterable[str] = (), supertypes: Iterable[Supertype | str] = (),
            not_supertypes: Iterable[Supertype | str] = (), colors: Iterable[Color | str] = (),
            name: str | None = None, zones: Iterable[Zone] = (Zone.BATTLEFIELD,), text: str | None = None
            ) -> Filter:
    """Objects with all of ``types`` (any, when none), under ``controller``, … in ``zones``.

    ``other=True`` leaves out the source ("each other creature").  Types, supertypes and
    colours are checked against the closed lists of the CR."""
    wanted = frozenset(card_type(str(t)) for t in types)
    unwanted = frozenset(card_type(str(t)) for t in not_types)
    supers = frozenset(supertype(str(s)) for s in supertypes)
    not_supers = frozenset(supertype(str(s)) for s in not_supertypes)
    subs, not_subs = frozenset(subtypes), frozenset(not_subtypes)
    try:
        hues = frozenset(Color(str(c)) for c in colors)
    except ValueError:
        raise ScenarioError(f"colours are W U B R G, not {colors!r}") from None
    by_controller, by_owner = _owner_test(controller, "controller"), _owner_test(owner, "owner")

    def test(context: Context, candidate: Seeable) -> bool:
        if other and context.source_state("other objects").id == candidate.id:
            return False
        return (wanted <= candidate.types and not unwanted & candidate.types
                and subs <= candidate.subtypes and not not_subs & candidate.subtypes
                and supers <= candidate.supertypes and not not_supers & candidate.supertypes
                and colors_match(hues, candidate) and (name is None or candidate.name == name)
                and by_controller(context, candidate) and by_owner(context, candidate))

    reads = {"types"} if wanted or unwanted else set()
    reads |= {"subtypes"} if subs or not_subs else set()
    reads |= {"supertypes"} if supers or not_supers else set()
    reads |= {"colors"} if hues else set()
    reads |= {"name"} if name is not None else set()
    reads |= {"controller"} if controller != "any" else set()
    return Filter(text or _describe(types, controller, other, subtypes, not_types, not_subtypes),
                  test, frozenset(reads), frozenset(zones), local=True)


def colors_match(wanted: frozenset[Color], candidate: Seeable) -> bool:
    """"Black creatures": an object with each colour named, whatever other colours it has (608.2j)."""
    return wanted <= candidate.colors


def _describe(types: Iterable[object], controller: Whose, other: bool, subtypes: Iterable[str],
              not_types: Iterable[object], not_subtypes: Iterable[str]) -> str:
    words = (["other"] if other else []) + [f"non-{t}" for t in [*not_types, *not_subtypes]]
    words += [*map(str, subtypes), *map(str, types)] or ["objects"]
    owner = {"any": "", "you": " you control", "opponent": " your opponents control"}.get(
        controller, f" {controller} controls")
    return " ".join(words) + owner


def permanents(*types: CardType | str, **kwargs: object) -> Filter:
    """Permanents (on the battlefield): ``permanents("Artifact", not_types=["Creature"])``."""
    return objects(*types, **kwargs)  # type: ignore[arg-type]


def creatures(**kwargs: object) -> Filter:
    """``creatures(controller="you")`` is "creatures you control"."""
    return objects(CardType.CREATURE, **kwargs)  # type: ignore[arg-type]


def lands(**kwargs: object) -> Filter:
    return objects(CardType.LAND, **kwargs)  # type: ignore[arg-type]


def artifacts(**kwargs: object) -> Filter:
    return objects(CardType.ARTIFACT, **kwargs)  # type: ignore[arg-type]


def enchantments(**kwargs: object) -> Filter:
    return objects(CardType.ENCHANTMENT, **kwargs)  # type: ignore[arg-type]


def spells(*types: CardType | str, **kwargs: object) -> Filter:
    """Spells: objects on the stack."""
    return objects(*types, zones=(Zone.STACK,), **kwargs)  # type: ignore[arg-type]


def cards_in(zone: Zone, *types: CardType | str, **kwargs: object) -> Filter:
    """Cards in a zone other than the battlefield: ``cards_in(Zone.GRAVEYARD, owner="you")``."""
    return objects(*types, zones=(zone,), **kwargs)  # type: ignore[arg-type]


ALL_ZONES = frozenset(Zone)


def this_object() -> Filter:
    """The source itself ("this creature", "~"), in whatever zone it is."""
    return Filter("this object", lambda c, o: o.id == c.source_state("this object").id, frozenset(), ALL_ZONES,
                  local=True)


def attached_to_this() -> Filter:
    """"Enchanted creature", "equipped creature": what the source is attached to."""
    return Filter("the object it is attached to",
                  lambda c, o: o.id == c.source_state("enchanted/equipped object").attached_to,
                  frozenset(), ALL_ZONES, local=True)


def only(*ids: ObjectId) -> Filter:
    """Exactly these objects (a filter for an effect that names them)."""
    chosen = frozenset(ids)
    return Filter(f"object {', '.join(map(str, ids))}", lambda c, o: o.id in chosen, frozenset(), ALL_ZONES,
                  local=True)


def where(text: str, test: Callable[[Context, Seeable], bool], reads: Iterable[str] = EVERYTHING,
          zones: Iterable[Zone] = (Zone.BATTLEFIELD,), *, local: bool = False) -> Filter:
    """A filter written as a function.  Give ``reads`` (characteristic names) when you know
    them, and ``local=True`` when ``test`` looks only at the candidate and the source; the
    defaults (everything, not local) are always correct, only slower."""
    return Filter(text, test, frozenset(reads), frozenset(zones), local)


def tokens() -> Filter:
    return Filter("tokens", lambda c, o: c.game.objects[o.id].is_token, frozenset(), local=True)
