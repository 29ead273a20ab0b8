"""Copying objects (707): copy effects, becoming and entering as a copy, tokens that are copies.

A copy takes the original's *copiable values* (707.2): its printed values as modified by other
copy effects and by its face-down status (707.3, 708.2), with a flip card's both halves (707.3)
and the face that is up of a double-faced permanent (707.8), and nothing else: not its counters,
statuses, damage or other continuous effects.  The values are fixed when the copy is made
(707.2b).  A copy effect is a layer 1a effect (613.2a) that leaves the object the same object
(707.4); a face-down permanent that becomes a copy stays a face-down 2/2 (layer 1b) until it is
turned face up (708.10).  Exceptions become part of the copiable values (707.9): one that sets a
characteristic leaves out the characteristic-defining ability defining it (707.9d,
:func:`except_it_is`), one that is an additional effect lapses if another copy effect then
applies (707.9e), and one that applies "if it's a creature" is judged on the copy with the
other exceptions made (707.9f).

- :func:`copy_of` is the layer part of "[this] becomes a copy of [object]" (Cytoshape, Mirrorweave);
  :func:`become_copy` creates such an effect ("except it has …", 707.9a);
- :func:`enters_as_copy` is the replacement effect of "you may have this enter as a copy of
  [a creature]" (Clone, Sakashima the Impostor: 707.5, 614.1c, 616.1c), with the copy's
  exceptions (707.9);
- :func:`create_token_copies` makes tokens that are copies (707.1, 111.4, 111.12), double-faced
  tokens for a double-faced original (707.8a).

Copies of spells (707.10) are in :mod:`kb.engine.spell_copies`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace as with_changes
from typing import TYPE_CHECKING, Any

from kb.engine.abilities import StaticAbility
from kb.engine.basics import Identified, ObjectId, PlayerId, Zone, object_id_of
from kb.engine.cards import Card
from kb.engine.characteristics import Characteristics, CopiableCard
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.parts import Layer, LayerPart, copy_of_values
from kb.engine.replacement import Category, Move, Replacement, ReplacementContext
from kb.engine.selectors import Filter, creatures

if TYPE_CHECKING:
    from kb.engine.abilities import Ability
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.durations import Duration
    from kb.engine.game import Game, ObjectRef
    from kb.engine.objects import GameObject


def copiable_values(game: Game, original: ObjectRef) -> Characteristics:
    """``original``'s copiable values now (707.2, 613.2c), or as it last existed if it has left
    its zone (608.2h)."""
    object_id = original if isinstance(original, int) else original.id
    if object_id not in game.objects and object_id not in game.last_known:
        raise ScenarioError(f"nothing to copy: no object #{object_id} in this game")
    return game.last_known_view(object_id).copiable


Exceptions = Callable[["Characteristics"], "Characteristics"]
"""A copy effect's exceptions (707.9): what it changes in the values it copies."""


def with_exceptions(values: Characteristics, changes: Exceptions | None) -> Characteristics:
    """The copied values with the copy effect's exceptions made: they become part of the copy's
    copiable values (707.9b), so whatever copies the copy copies them too (707.3)."""
    return changes(values) if changes is not None else values


def copy_of(game: Game, original: ObjectRef, *,
            changes: Exceptions | None = None) -> LayerPart:
    """Layer 1a: "becomes a copy of ``original``", with its copiable values as they are now
    (707.2b: later changes to the original don't change the copy).  ``changes`` are the copy
    effect's exceptions ("except its name is …"), part of the copiable values (707.9b)."""
    values = with_exceptions(copiable_values(game, original), changes)
    return copy_of_values(values, f"copy of {values.name or 'a nameless object'}")


_DEFINED_IN = {"power": Layer.PT_DEFINING, "toughness": Layer.PT_DEFINING, "colors": Layer.COLOR,
               "types": Layer.TYPE, "subtypes": Layer.TYPE, "supertypes": Layer.TYPE}
"""The layer of a characteristic-defining ability that defines each characteristic (604.3, 613.3)."""


def defines(ability: Ability, fields: Iterable[str]) -> bool:
    """``ability`` is a characteristic-defining ability defining one of ``fields`` (604.3), such as
    Tarmogoyf's P/T or changeling's creature types."""
    from kb.engine import keyword_abilities
    from kb.engine.keywords import Keyword

    if isinstance(ability, Keyword) and ability.name in keyword_abilities.KEYWORD_STATIC:
        ability = keyword_abilities.KEYWORD_STATIC[ability.name](ability)
    layers = {_DEFINED_IN[f] for f in fields if f in _DEFINED_IN}
    return isinstance(ability, StaticAbility) and ability.cda and any(p.layer in layers for p in ability.parts)


def except_it_is(**values: Any) -> Exceptions:
    """Exceptions that give characteristics a set value ("except it's 7/7", 707.9b): a
    characteristic-defining ability of the original that defines one of them isn't copied (707.9d;
    "in addition to its other types" is not such an exception, so write that one as a function).
    A colour set this way replaces the colour indicator with it."""
    unknown = set(values) - set(Characteristics.__dataclass_fields__)
    if unknown:
        raise ScenarioError(f"a copy exception sets characteristics there are not: {sorted(unknown)}")

    def change(copied: Characteristics) -> Characteristics:
        kept = tuple(a for a in copied.abilities if not defines(a, values))
        return with_changes(copied, abilities=kept, **values)

    return change


def _without(counters: tuple[tuple[str, int], ...], extras: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    left = list(counters)
    for extra in extras:
        left.remove(extra)
    return tuple(left)


def enters_as_copy(what: Filter | None = None, *, optional: bool = True,
                   changes: Exceptions | None = None,
                   counters: Callable[[Game, ObjectId, Characteristics], Mapping[str, int]] | None = None,
                   text: str = "You may have this enter as a copy of any creature on the battlefield.") -> Replacement:
    """"You may have this enter as a copy of [what]" (707.5, 614.1c): as it enters, its controller
    chooses an object matching ``what`` (creatures on the battlefield by default) with
    :attr:`ChoiceKind.OBJECT`; with ``optional`` (the usual "you may") None declines, so the
    choice must be scripted whenever there is something to copy.  ``changes`` are the copy's
    exceptions (707.9b, Sakashima's "except its name is …"); ``counters`` an exception that is an
    additional effect, "except it enters with N additional counters" (given the game, the entering
    object and the values it would copy with the other exceptions made, for an exception that
    applies only "if it's a creature", 707.9f), which doesn't happen if another copy effect then
    applies to it (707.9e)."""
    matching = what if what is not None else creatures()

    def replace(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        options: tuple[object, ...] = tuple(sorted(i for i in matching.select(context.context)
                                                   if i != move.object_id))
        if optional:
            options += (None,)
        if not options:
            return move
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"{text} (an object to copy"
                                         f"{', or None' if optional else ''})", options))
        if chosen is None:
            return move
        assert isinstance(chosen, int)
        base = with_changes(move, counters=_without(move.counters, move.copy_extras), copy_extras=())  # 707.9e
        values = with_exceptions(copiable_values(game, chosen), changes)
        extras = tuple(counters(game, move.object_id, values).items()) if counters is not None else ()
        return with_changes(base, copy_of=CopiableCard(values), counters=(*base.counters, *extras),
                            copy_extras=extras)

    return Replacement(text, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, replace, Category.COPY,
                       pure=False, entering_self=True)


def copiable(game: Game, object_id: ObjectId) -> CopiableCard | None:
    """The copiable values of an object that exists now, or None (707.2).  An object that has
    left the game or changed zones is no longer there to copy (400.7, 111.12)."""
    if object_id not in game.objects:
        return None
    return game.views()[object_id].copy_values()


def last_known_copiable(game: Game, object_id: ObjectId) -> CopiableCard | None:
    """The copiable values of an object now, or as it last existed (608.2h): what an effect
    copies when it says to copy an object that has left, such as "the sacrificed creature"."""
    if object_id in game.objects:
        return copiable(game, object_id)
    seen = game.last_known.get(object_id)
    return seen.copy_values() if seen is not None else None


def become_copy(game: Game, permanent: ObjectId, original: ObjectId | CopiableCard, *,
                gains: Sequence[Ability] = (), duration: Duration | None = None, source: ObjectId | None = None,
                controller: PlayerId | None = None) -> ContinuousEffect | None:
    """``permanent`` becomes a copy of ``original`` (707.1, 707.4) — an object now, or copiable
    values already taken — "except it has ``gains``" (707.9a).  None if the original is gone:
    nothing is copied."""
    values = original if isinstance(original, CopiableCard) else copiable(game, original)
    if values is None:
        return None
    values = values.with_gains(tuple(gains))
    name = values.normal.name or "a nameless object"
    return game.create_effect(f"becomes a copy of {name}", [copy_of_values(values, f"copy of {name}")],
                              [permanent], duration, source=source, controller=controller)


def token_copy_card(values: CopiableCard) -> Card:
    """The token definition a copy effect makes: the copiable values are its "text" (111.3,
    707.2), both halves of a flip card included."""
    return Card(values.normal, is_token=True, flip=values.flipped)


def double_faced_token_copy(game: Game, original: ObjectId, gains: Sequence[Ability] = ()) -> tuple[Card, bool] | None:
    """The definition of a token copy of a double-faced permanent or card, and whether it enters
    with its back face up (707.8a): both faces, each with the original's copiable values of that
    face, the face that is up as the original's.  None when ``original`` isn't double-faced (a
    Clone that entered as a copy of one isn't, 707.8a) or is face down (its copiable values are
    the face-down ones, 708.2)."""
    obj = game.objects[original]
    if obj.card.back is None or obj.face_down is not None:
        return None
    if game.views()[original].copy_values() != obj.printed_card:
        raise NotModelled("a token copy of a double-faced permanent that another copy effect applies to (707.8a)")
    front, back = (with_changes(f, abilities=f.abilities + tuple(gains)) for f in (obj.card.front, obj.card.back))
    return Card(front, back, is_token=True), obj.transformed and obj.zone is Zone.BATTLEFIELD


def create_token_copies(game: Game, original: ObjectId | Identified | None, controller: PlayerId, count: int = 1,
                        *, gains: Sequence[Ability] = ()) -> list[GameObject]:
    """Create ``count`` tokens that are copies of ``original`` (the object, its view or its id; 707.1,
    111.4): double-faced tokens if it is double-faced (707.8a).  A copy of an object that doesn't exist
    isn't created (111.12)."""
    if original is not None:  # an object looked up as an id found nothing and silently made no token
        original = object_id_of(original, "create_token_copies")
    values = copiable(game, original) if original is not None else None
    if values is None or original is None:
        return []
    double = double_faced_token_copy(game, original, gains)
    if double is not None:
        from kb.engine import zones

        return zones.create_tokens(game, double[0], controller, count, transformed=double[1])
    return game.create_token(token_copy_card(values.with_gains(tuple(gains))), controller, count)
