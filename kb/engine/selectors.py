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
from typing import TYPE_CHECKING

from kb.engine import influence
from kb.engine.basics import Identified, ObjectId, PlayerId, Zone, object_id_of
from kb.engine.cardtypes import CardType, Supertype, card_type, check_subtypes, supertype
from kb.engine.context import Context, Seeable
from kb.engine.errors import ScenarioError
from kb.engine.mana import Color

if TYPE_CHECKING:
    from kb.engine.game import Game

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
    words: frozenset[tuple[str, str]] = frozenset()
    """The words it is written with that a text-changing effect may change: (kind, word), kind
    "color" (W U B R G), "land type" or "creature type" (612.2)."""
    rebuild: Callable[[Swap], Filter] | None = None
    """The same filter with its words swapped; None for a filter written as a function."""

    def matches(self, context: Context, candidate: Seeable) -> bool:
        if context.game.limited_range and context.you is not None \
                and not influence.object_in_range(context.game, context.you, candidate):
            return False  # outside the range of influence of the player it is evaluated for (801.10, 801.11)
        return candidate.zone in self.zones and self.test(context, candidate)

    def select(self, context: Context) -> frozenset[ObjectId]:
        return frozenset(i for i, s in context.states.items() if self.matches(context, s))

    def reworded(self, swap: Swap) -> Filter:
        """This filter with each of its words passed through ``swap`` (612.1); raises ValueError if
        it is written as a function and has words."""
        if self.rebuild is None:
            raise ValueError(f"the filter {self.text!r} is written as a function: its words can't be changed")
        return self.rebuild(swap)

    def __and__(self, other: Filter) -> Filter:
        return Filter(f"{self.text} and {other.text}", lambda c, o: self.test(c, o) and other.test(c, o),
                      self.reads | other.reads, self.zones & other.zones, self.local and other.local,
                      self.words | other.words, _combined(self, other, lambda a, b: a & b))

    def __or__(self, other: Filter) -> Filter:
        return Filter(f"{self.text} or {other.text}",
                      lambda c, o: self.matches(c, o) or other.matches(c, o),
                      self.reads | other.reads, self.zones | other.zones, self.local and other.local,
                      self.words | other.words, _combined(self, other, lambda a, b: a | b))

    def __invert__(self) -> Filter:
        rebuild = None if self.rebuild is None else (lambda swap: ~self.reworded(swap))
        return Filter(f"not {self.text}", lambda c, o: not self.test(c, o), self.reads, self.zones, self.local,
                      self.words, rebuild)

    def __str__(self) -> str:
        return self.text


Swap = Callable[[str, str], str]
"""(kind, word) -> the word a text-changing effect puts in its place (the same word if none)."""


def _combined(first: Filter, second: Filter, join: Callable[[Filter, Filter], Filter]
              ) -> Callable[[Swap], Filter] | None:
    """Rewording a combination rewords its parts; a part written as a function with no words of
    its own is kept as it is."""
    def part(f: Filter) -> Callable[[Swap], Filter] | None:
        if f.rebuild is not None:
            return f.rebuild
        if not f.words:
            return lambda swap: f
        return None

    left, right = part(first), part(second)
    if left is None or right is None:
        return None
    return lambda swap: join(left(swap), right(swap))


def word_kind(subtype: str) -> str | None:
    """What kind of word a subtype is for text-changing effects (612.2): a basic land type or a
    creature type; None for others."""
    from kb.engine.cardtypes import BASIC_LAND_TYPES, CREATURE_TYPES

    if subtype in BASIC_LAND_TYPES:
        return "land type"
    if subtype in CREATURE_TYPES:
        return "creature type"
    return None


Whose = str
"""``"any"``, ``"you"`` (the source's controller), ``"opponent"``, or a player's name."""


def teammates(game: Game, player: PlayerId, other: PlayerId) -> bool:
    """Are two different players on the same team?  A teammate is no opponent (102.3)."""
    team = game.players[player].team
    return team is not None and other != player and game.players[other].team == team


def _owner_test(whose: Whose, by: str) -> Callable[[Context, Seeable], bool]:
    def test(context: Context, candidate: Seeable) -> bool:
        if whose == "any":
            return True
        holder: PlayerId = getattr(candidate, by)
        if whose == "you":
            return holder == context.player(f"objects {by} by you")
        if whose == "opponent":
            you = context.player(f"objects {by} by an opponent")
            return holder != you and not teammates(context.game, you, holder)  # 102.3
        if whose not in context.game.players:
            # "opponents" or a misspelt name would match no object: an effect silently doing nothing
            raise ScenarioError(f"{by}={whose!r}: give 'any', 'you', 'opponent' or a player of this game "
                                f"({', '.join(context.game.players)})")
        return holder == whose

    return test


def is_named(candidate: Seeable, name: str) -> bool:
    """Does ``candidate`` have the name ``name``: its name, or one of the names an effect gave it in
    addition to it (612.7)?"""
    return candidate.name == name or name in candidate.other_names


def objects(*types: CardType | str, controller: Whose = "any", owner: Whose = "any", other: bool = False,
            subtypes: Iterable[str] = (), not_types: Iterable[CardType | str] = (),
            not_subtypes: Iterable[str] = (), supertypes: Iterable[Supertype | str] = (),
            not_supertypes: Iterable[Supertype | str] = (), colors: Iterable[Color | str] = (),
            name: str | None = None, zones: Iterable[Zone] = (Zone.BATTLEFIELD,), text: str | None = None
            ) -> Filter:
    """Objects with all of ``types`` (any, when none), under ``controller``, … in ``zones``.

    ``other=True`` leaves out the source ("each other creature").  Types, supertypes and
    colours are checked against the closed lists of the CR."""
    if any(isinstance(t, Filter) for t in (*types, *not_types)):  # spells(where(…)): read as a card type named its text
        raise ScenarioError("a filter takes card types, not another filter: use the filter itself "
                            "(where(text, test, zones=(Zone.STACK,)) for spells)")
    wanted = frozenset(card_type(str(t)) for t in types)
    unwanted = frozenset(card_type(str(t)) for t in not_types)
    supers = frozenset(supertype(str(s)) for s in supertypes)
    not_supers = frozenset(supertype(str(s)) for s in not_supertypes)
    subs, not_subs = frozenset(subtypes), frozenset(not_subtypes)
    check_subtypes(subs | not_subs, wanted, "a filter of objects")
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
                and colors_match(hues, candidate) and (name is None or is_named(candidate, name))
                and by_controller(context, candidate) and by_owner(context, candidate))

    reads = {"types"} if wanted or unwanted else set()
    reads |= {"subtypes"} if subs or not_subs else set()
    reads |= {"supertypes"} if supers or not_supers else set()
    reads |= {"colors"} if hues else set()
    reads |= {"name", "other_names"} if name is not None else set()
    reads |= {"controller"} if controller != "any" else set()
    words = {("color", c.value) for c in hues}
    words |= {(kind, t) for t in subs | not_subs for kind in [word_kind(t)] if kind is not None}

    def rebuild(swap: Swap) -> Filter:
        def each(names: Iterable[str]) -> list[str]:
            return [n if (kind := word_kind(n)) is None else swap(kind, n) for n in names]

        return objects(*types, controller=controller, owner=owner, other=other, subtypes=each(subs),
                       not_types=not_types, not_subtypes=each(not_subs), supertypes=supertypes,
                       not_supertypes=not_supertypes, colors=[swap("color", c.value) for c in hues], name=name,
                       zones=zones, text=None if text is None else text)

    return Filter(text or _describe(types, controller, other, subtypes, not_types, not_subtypes),
                  test, frozenset(reads), frozenset(zones), local=True, words=frozenset(words), rebuild=rebuild)


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


def only(*objects: ObjectId | Identified) -> Filter:
    """Exactly these objects (a filter for an effect that names them), given as objects or ids."""
    ids = [object_id_of(o, "only") for o in objects]
    chosen = frozenset(ids)
    return Filter(f"object {', '.join(map(str, ids))}", lambda c, o: o.id in chosen, frozenset(), ALL_ZONES,
                  local=True)


def names_of(candidate: Seeable) -> frozenset[str]:
    """Every name ``candidate`` has: none for a face-down object (708.2a), more with 612.7."""
    return candidate.other_names | ({candidate.name} if candidate.name is not None else set())


def same_name_as(what: Seeable, zones: Iterable[Zone] = (Zone.BATTLEFIELD,)) -> Filter:
    """Objects with the same name as ``what`` has now (201.2a): a name in common.  An object with
    no name (face down: 708.2a) has the same name as no object, not even another nameless one.
    ``what`` matches itself: "all other …" is ``same_name_as(v) & ~only(v.id)``."""
    wanted = names_of(what)
    return Filter(f"objects named {' or '.join(sorted(wanted)) or '(no name: none)'}",
                  lambda c, o: bool(wanted & names_of(o)), frozenset({"name", "other_names"}), frozenset(zones),
                  local=True)


def where(text: str, test: Callable[[Context, Seeable], bool], reads: Iterable[str] = EVERYTHING,
          zones: Iterable[Zone] = (Zone.BATTLEFIELD,), *, local: bool = False) -> Filter:
    """A filter written as a function.  Give ``reads`` (characteristic names) when you know
    them, and ``local=True`` when ``test`` looks only at the candidate and the source; the
    defaults (everything, not local) are always correct, only slower.  A name that is no
    characteristic (``"type"`` for ``"types"``) is refused: the dependency trials (613.8a) would
    skip the effects that change what the test really looks at."""
    names = frozenset(reads)
    if isinstance(reads, str) or not names <= READABLE:
        bad = sorted({reads} if isinstance(reads, str) else names - READABLE)
        raise ScenarioError(f"where({text!r}): reads={bad} names no characteristic; use some of "
                            f"{', '.join(sorted(READABLE - EVERYTHING))} (or leave it out: everything)")
    return Filter(text, test, names, frozenset(zones), local)


READABLE = frozenset({"name", "other_names", "mana_cost", "mana_value", "colors", "supertypes", "types", "subtypes",
                      "abilities", "power", "toughness", "loyalty", "defense", "controller", "owner", "zone",
                      "attached_to", "counters", "face_down"}) | EVERYTHING
"""What ``where``'s ``reads`` may name: the characteristics continuous effects change (613.1a-g) and
what else a filter's candidate shows."""


def tokens() -> Filter:
    return Filter("tokens", lambda c, o: c.game.objects[o.id].is_token, frozenset(), local=True)
