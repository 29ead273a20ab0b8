"""Replacement and prevention effects (614, 615) and how several of them apply to one event (616).

Before the model performs an event that effects may modify, it builds a *proposed* event —
:class:`Move` (an object would change zones, or enter the battlefield in some way), :class:`Damage`,
:class:`Draw`, :class:`PutCounters`, :class:`CreateTokens`, :class:`GainLife`, :class:`BeginStep`,
:class:`LoseGame` —
and asks :func:`replace` what actually happens.  Each applicable :class:`Replacement` gets one
chance at the event (614.5); self-replacement effects apply first (614.15, 616.1a), then those
that decide under whose control, as a copy of what, or with which face up a permanent enters
(616.1b-d), then any; when several of a group could apply, the affected player (or the
controller of the affected object, or its owner) chooses one (616.1), and the process repeats
with the effects that now apply (616.1f, 616.2).  A replacement returning None means the
event is replaced by nothing ("skip", "instead … nothing").

Prevention effects (615) are replacements of :class:`Damage` marked ``prevention``; damage that
can't be prevented still meets them, but they prevent none of it (615.12).

Replacement effects come from static abilities of objects where they function (and of the
object entering the battlefield itself, as it would be there, 614.12), from resolved effects
(shields: "the next time …", 615.7), and from the resolving spell or ability (``self_replacements``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as with_changes
from enum import IntEnum
from itertools import permutations
from typing import TYPE_CHECKING, Any, TypeVar

from kb.engine import keyword_abilities, phasing
from kb.engine.abilities import StaticAbility
from kb.engine.basics import Identified, ObjectId, PlayerId, Zone, object_id_of
from kb.engine.characteristics import Views, kept_on_view
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.context import Context
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.events import Cause, PhasedIn, PhasedOut
from kb.engine.limits import bounded
from kb.engine.objects import FaceDown

if TYPE_CHECKING:
    from kb.engine.abilities import Ability
    from kb.engine.cards import Card
    from kb.engine.characteristics import Characteristics, CopiableCard, View
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.game import Game
    from kb.engine.parts import LayerPart
    from kb.engine.selectors import Filter
    from kb.engine.turn import Phase, Step


# -- proposed events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Proposed:
    """An event that would happen."""


@dataclass(frozen=True)
class Move(Proposed):
    """``object_id`` would move to ``to_zone``; for the battlefield, how it would enter (614.1c-d)."""

    object_id: ObjectId
    to_zone: Zone
    cause: Cause = Cause.EFFECT
    controller: PlayerId | None = None
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    face_down: FaceDown | None = None
    copy_of: CopiableCard | None = None
    """Enters as a copy of these copiable values (707.5)."""
    copy_extras: tuple[tuple[str, int], ...] = ()
    """The counters among ``counters`` that the copy effect's exceptions add (707.9e): they go if
    another copy effect then applies."""
    attach_to: ObjectId | PlayerId | None = None
    choices: tuple[tuple[str, object], ...] = ()
    """Choices made as it enters (614.12a): ("color", "R"), ("creature type", "Elf")."""
    effects: tuple[tuple[str, tuple[LayerPart, ...]], ...] = ()
    """Effects of the resolving spell or ability that say the permanent "is" or "has" something:
    they apply as it enters (611.2e), so its enters abilities see them."""
    to_bottom: bool = False
    shuffled: bool = False
    """Shuffled into the library it goes to ("shuffle it into its owner's library instead"): the
    library is shuffled with it, after the others put into a position there by the same event
    are in place (701.24g)."""
    sacrificed: tuple[ObjectId, ...] = ()
    """Permanents chosen to be sacrificed as it enters (devour, 702.82a): sacrificed as the event
    happens, so no other effect modifying how it enters may choose them again (614.13b)."""
    together: frozenset[ObjectId] = frozenset()
    """The objects moving in the same event (614.13a: none of them can be chosen to move as part
    of how this one enters)."""
    can_regenerate: bool = True
    """False for a destruction that "can't be regenerated" (701.19c)."""
    transformed: bool = False
    """A double-faced card that enters transformed, its back face up (712.14; daybound at night, 702.145b)."""

    @property
    def destroyed(self) -> bool:
        """The move is the permanent being destroyed (701.8, 704.5g-h): what regeneration and
        shield counters replace (701.19, 122.1c)."""
        return self.cause is Cause.DESTROY


@dataclass(frozen=True)
class Damage(Proposed):
    source: ObjectId
    recipient: ObjectId | PlayerId
    amount: int
    combat: bool = False
    preventable: bool = True
    gains: tuple[tuple[PlayerId, int], ...] = ()
    """Life gained as part of this damage event, by a prevention effect that says so (120.4b)."""
    redirected: tuple[tuple[ObjectId | PlayerId, int], ...] = ()
    """Parts of it a redirection effect deals to another recipient instead (614.9), still as part
    of this event: :mod:`kb.engine.redirection`."""


@dataclass(frozen=True)
class Draw(Proposed):
    player: PlayerId


@dataclass(frozen=True)
class Instead(Proposed):
    """What a replacement effect does instead of the event it replaces ("instead, exile this and
    your life total becomes …"): objects to move and life totals that become a number, done as
    part of the event they replaced (614.6)."""

    moves: tuple[tuple[ObjectId, Zone], ...] = ()
    life_totals: tuple[tuple[PlayerId, int], ...] = ()


@dataclass(frozen=True)
class LifeFromDamage(Proposed):
    """What one damage event does to a player's life total: ``loss`` and ``gain`` together, for
    replacement effects that look at the result (120.4c)."""

    player: PlayerId
    loss: int
    gain: int


@dataclass(frozen=True)
class PutCounters(Proposed):
    target: ObjectId | PlayerId
    kind: str
    count: int


@dataclass(frozen=True)
class CreateTokens(Proposed):
    card: Card
    controller: PlayerId
    count: int = 1
    tapped: bool = False


@dataclass(frozen=True)
class GainLife(Proposed):
    player: PlayerId
    amount: int


@dataclass(frozen=True)
class PayLife(Proposed):
    """``player`` would pay ``amount`` life (119.4): an event of its own that replacement effects
    may change ("if you would pay life, … instead"), though paying life is losing it."""

    player: PlayerId
    amount: int


@dataclass(frozen=True)
class LoseGame(Proposed):
    """``player`` would lose the game (104.3b-e, not by conceding: 104.3a): "if you would lose the
    game, instead …" (704.7)."""

    player: PlayerId
    reason: str = ""


@dataclass(frozen=True)
class BeginStep(Proposed):
    """A step (or a main phase, ``step`` None) would begin; "skip" replaces it with nothing (614.10)."""

    player: PlayerId
    step: Step | None
    phase_name: str


@dataclass(frozen=True)
class BeginPhase(Proposed):
    """A phase would begin (with its first step); "skip" replaces it, and all its steps, with
    nothing (500.11, 614.10)."""

    player: PlayerId
    phase_name: str


@dataclass(frozen=True)
class BeginTurn(Proposed):
    """``player``'s turn would begin; "skip your next turn" replaces it with nothing (500.11, 614.10)."""

    player: PlayerId


P = TypeVar("P", bound=Proposed)


class Category(IntEnum):
    """Which of 616.1a-e a replacement belongs to: lower goes first."""

    SELF = 1
    """A self-replacement effect (614.15, 616.1a)."""
    CONTROL = 2
    """Under whose control an object enters (616.1b)."""
    COPY = 3
    """Enters as a copy (616.1c)."""
    BACK_FACE = 4
    """Enters with its back face up (616.1d)."""
    OTHER = 5


@dataclass(frozen=True)
class ReplacementContext:
    game: Game
    context: Context
    effect: ContinuousEffect | None = None


@dataclass(frozen=True, eq=False)
class Replacement:
    """A replacement or prevention effect: when ``applies`` to a proposed event of type ``event``,
    ``replace`` says what happens instead (None: nothing).  ``uses``: a shield from a resolved
    effect is used up after that many applications (615.7, "the next time")."""

    text: str
    event: type[Proposed]
    applies: Callable[[ReplacementContext, Any], bool]
    replace: Callable[[ReplacementContext, Any], Proposed | None]
    category: Category = Category.OTHER
    prevention: bool = False
    uses: int | None = None
    pure: bool = True
    """Its ``applies`` and ``replace`` only read the proposed event (no choices, no shield to use
    up): the engine may try orders to see whether the order among several matters."""
    entering_self: bool = False
    """A replacement of the entering object's own ("this permanent enters tapped"): it applies
    to that object's own move onto the battlefield, from wherever the object is (614.12)."""
    chooses: str | None = None
    """For "as [this] enters, choose …" (614.12a): the key the choice is remembered under."""
    independent: bool = False
    """It only adds a choice of its own to the event, so applying it before or after any other
    effect gives the same event: the order among them is no choice at all."""
    specifies: frozenset[str] = frozenset()
    """For a prevention effect: whether it names the damage's "source", its "recipient", or both
    (empty: neither) — the limited range of influence asks (801.13b)."""
    shield: Shield | None = None
    """For a shield that counts damage (615.7): the shield, whose remaining amount says whether
    simultaneous damage from several sources needs a choice of which of it is prevented."""

    def __post_init__(self) -> None:
        # One that names an event that already happened (PhasedOut, ZoneChanged, DamageDealt …)
        # would never apply: a silent wrong answer.
        if isinstance(self.event, type) and issubclass(self.event, Proposed):
            return
        if self.event in (PhasedOut, PhasedIn):
            raise NotModelled("replacement effects on phasing (\"if … would phase out\" / \"phase in\", 614): "
                              "phasing has no proposed event")
        name = getattr(self.event, "__name__", repr(self.event))
        raise ScenarioError(f"{self.text!r}: a replacement effect modifies an event that would happen (a "
                            f"Proposed: Move, Damage, PutCounters, GainLife, Draw, CreateTokens, BeginStep …), "
                            f"not {name}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class Option:
    replacement: Replacement
    context: ReplacementContext
    key: object


def affected_player(game: Game, proposed: Proposed) -> PlayerId:
    """Who chooses among replacements (616.1): the affected player, or the controller of the
    affected object (its owner if it has none)."""
    if isinstance(proposed, Move):
        obj = game.objects.get(proposed.object_id)
        if obj is None:
            return game.active
        return game.view(obj.id).controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
    if isinstance(proposed, Damage):
        if isinstance(proposed.recipient, str):
            return proposed.recipient
        return game.view(proposed.recipient).controller
    if isinstance(proposed, (Draw, GainLife, PayLife, BeginStep, BeginPhase, BeginTurn, LifeFromDamage, LoseGame)):
        return proposed.player
    if isinstance(proposed, PutCounters):
        return proposed.target if isinstance(proposed.target, str) else game.view(proposed.target).controller
    if isinstance(proposed, CreateTokens):
        return proposed.controller
    return game.active


def sources(game: Game, proposed: Proposed, own: Sequence[Replacement]) -> list[Option]:
    """Every replacement effect that exists now, with the context it is read in."""

    views = game.views()
    existing = phasing.existing_views(views)
    found = [Option(with_changes(r, category=Category.SELF), ReplacementContext(game, Context(game, existing)),
                    ("self", index)) for index, r in enumerate(own)]
    entering = proposed.object_id if isinstance(proposed, Move) and proposed.to_zone is Zone.BATTLEFIELD else None
    arriving = as_it_would_enter(game, proposed) if isinstance(proposed, Move) and entering is not None else None
    from kb.engine import counter_kinds, layers

    key = (layers.program_generation(), keyword_abilities.static, id(keyword_abilities.KEYWORD_STATIC),
           len(keyword_abilities.KEYWORD_STATIC), counter_kinds.replacements, id(counter_kinds.COUNTER_RULES),
           len(counter_kinds.COUNTER_RULES))
    if entering is None and isinstance(views, Views):  # the usual case: only the objects that have one
        holders = views.index(("replacements", key), lambda v: _holders(phasing.existing_views(v), key))
    else:
        holders = [(view, None) for view in existing.values()]
    for view, abilities in holders:
        if abilities is None:
            abilities = entering_abilities(view, proposed, arriving) \
                if view.id == entering and isinstance(proposed, Move) else view.abilities
        for index, held in enumerate(abilities):
            ability = keyword_abilities.static(held)  # a keyword may stand for one (fading, dredge, absorb …)
            if ability is None or not ability.replacements:
                continue
            own_entry = view.id == entering
            if not ability.functions_in(view.zone) and not own_entry:
                continue
            context = Context(game, existing, view, view.controller)
            if ability.condition is not None and not ability.condition.holds(context):
                continue
            for r_index, r in enumerate(ability.replacements):
                if r.entering_self and not own_entry:
                    continue
                if own_entry and not r.entering_self and not ability.functions_in(view.zone):
                    continue
                found.append(Option(r, ReplacementContext(game, context), (view.id, index, r_index, id(r))))
    counted = views.index(("counter replacements", key), lambda v: [
        view for view in phasing.existing_views(v).values() if counter_kinds.replacements(view)]) \
        if isinstance(views, Views) else existing.values()
    for view in counted:
        context = Context(game, existing, view, view.controller)
        found += [Option(r, ReplacementContext(game, context), ("counter", view.id, r.text))
                  for r in counter_kinds.replacements(view)]  # 122.1c, 122.1h
    if entering is not None and isinstance(proposed, Move) and proposed.face_down is None:
        entering_view = existing.get(entering) or game.views().get(entering)
        values = proposed.copy_of.normal if proposed.copy_of is not None else \
            (arriving.characteristics if arriving is not None else None)
        if values is not None:
            context = Context(game, existing, entering_view, proposed.controller)
            found += [Option(r, ReplacementContext(game, context), ("intrinsic", entering, r.text))
                      for r in intrinsic_entering(values)]
    for effect in game.effects:
        if effect.active:
            source = existing.get(effect.source) if effect.source is not None else None
            context = Context(game, existing, source or effect.source_view, effect.controller)
            for r_index, r in enumerate(effect.replacements):
                if r.uses is not None and effect.uses.get(r_index, 0) >= r.uses:
                    continue
                found.append(Option(r, ReplacementContext(game, context, effect), (id(effect), r_index)))
    return found


def _holders(existing: dict[ObjectId, View], key: object) -> list[tuple[View, tuple[Ability, ...] | None]]:
    """The views whose abilities include a static ability with replacement effects (as
    :func:`keyword_abilities.static` finds it), in the views' order: an index kept on a game's
    :class:`~kb.engine.characteristics.Views`, each view's answer kept on the view."""
    found: list[tuple[View, tuple[Ability, ...] | None]] = []
    for view in existing.values():
        if not view.characteristics.abilities:
            continue  # a card in a library, a vanilla creature
        replaces: bool = kept_on_view(view, ("replaces", key), _replaces)
        if replaces:
            found.append((view, view.abilities))
    return found


def _replaces(view: View) -> bool:
    for held in view.abilities:
        ability = keyword_abilities.static(held)
        if ability is not None and ability.replacements:
            return True
    return False


def entering_abilities(view: View, move: Move, arriving: View | None = None) -> tuple[Ability, ...]:
    """The abilities of an object entering the battlefield as it would exist there (614.12): a
    copy's if it enters as a copy; none if it enters face down, since it is turned face down
    before it enters and its own "enters" abilities have no effect (708.3); otherwise those of
    ``arriving``, the object as it would exist there (:func:`as_it_would_enter`)."""
    if move.face_down is not None:
        return ()
    if move.copy_of is not None:
        return move.copy_of.normal.abilities
    return arriving.abilities if arriving is not None else view.abilities


def as_it_would_enter(game: Game, move: Move) -> View | None:
    """The object of ``move`` as it would exist on the battlefield (614.12, 614.17d): its own static
    abilities and the continuous effects that already exist applied to it there, under the
    controller and with the face the replacement effects applied so far give it."""
    obj = game.objects.get(move.object_id)
    if obj is None:
        return None
    if obj.zone is Zone.BATTLEFIELD:
        return game.views()[obj.id]
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.parts import copy_of_values

    saved = (obj.zone, obj.controller, obj.face_down, game.placing, obj.transformed)
    copying = None
    if move.copy_of is not None:  # the copy effect it would enter with (614.12)
        copying = ContinuousEffect("as it would enter, a copy", (copy_of_values(move.copy_of, "copy"),), game.clock,
                                   affected=frozenset({obj.id}))
    game.placing = True  # a look, not a change: the baseline of control changes stays (603.10d)
    try:
        obj.zone, obj.controller = Zone.BATTLEFIELD, move.controller or obj.owner
        obj.face_down = move.face_down
        obj.transformed = move.transformed and obj.card.back is not None  # back face up (712.14)
        if copying is not None:
            game.effects.append(copying)
        return game.views()[obj.id]
    finally:
        if copying is not None:
            game.effects.remove(copying)
        obj.zone, obj.controller, obj.face_down = saved[:3]
        game.placing, obj.transformed = saved[3:]
        game.touch()


def may_choose_to_move(move: Move, object_id: ObjectId) -> bool:
    """While applying how ``move``'s object enters, may ``object_id`` be chosen to change zones too?
    Not the object itself, nor any other object entering at the same time (614.13a), nor one already
    chosen to by another such effect (614.13b)."""
    return object_id != move.object_id and object_id not in move.together and object_id not in move.sacrificed


def may_enter(game: Game, move: Move) -> bool:
    """Can the object of ``move`` enter the battlefield, judged as it would exist there (614.17d)?"""
    from kb.engine import rules

    if not any(True for _ in rules.of_kind(game, rules.CantEnter)):
        return True
    arriving = as_it_would_enter(game, move)
    return arriving is None or not rules.forbids(game, rules.CantEnter, arriving)


def intrinsic_counters(characteristics: Characteristics) -> list[tuple[str, int]]:
    """The counters an object enters with because of what it is: a planeswalker's loyalty
    (306.5b), a battle's defense (310.4b), a Saga's first lore counter (714.3a)."""
    from kb.engine.abilities import TriggeredAbility
    from kb.engine.cardtypes import SAGA, CardType

    found = []
    if CardType.PLANESWALKER in characteristics.types and characteristics.loyalty:
        found.append(("loyalty", characteristics.loyalty))
    if CardType.BATTLE in characteristics.types and characteristics.defense:
        found.append(("defense", characteristics.defense))
    if SAGA in characteristics.subtypes and any(
            isinstance(a, TriggeredAbility) and a.trigger.kind.startswith("chapter ") for a in characteristics.abilities) \
            and not any(getattr(a, "name", None) == "read ahead" for a in characteristics.abilities):
        found.append(("lore", 1))  # with read ahead, the chosen number instead (714.3a, 702.155b)
    return found


def intrinsic_entering(characteristics: Characteristics) -> list[Replacement]:
    """The intrinsic "enters with counters" replacement effects of :func:`intrinsic_counters` (614.1c);
    one object per kind and number, so each applies once (614.5); and a battle's choice of its
    protector as it enters (310.8a)."""
    from kb.engine.battles import PROTECTOR_AS_IT_ENTERS
    from kb.engine.cardtypes import CardType

    found = [_counters_as_it_enters(kind, count) for kind, count in intrinsic_counters(characteristics)]
    if CardType.BATTLE in characteristics.types:
        found.append(PROTECTOR_AS_IT_ENTERS)
    return found


_INTRINSIC: dict[tuple[str, int], Replacement] = {}


def _counters_as_it_enters(kind: str, count: int) -> Replacement:
    key = (kind, count)
    if key not in _INTRINSIC:
        _INTRINSIC[key] = enters_with_counters(kind, count, f"enters with {count} {kind} counter(s) (intrinsic)")
    return _INTRINSIC[key]


def rank(option: Option) -> int:
    """Which group of 616.1a-e an applicable effect belongs to: the lowest group is chosen from first."""
    return int(option.replacement.category)


def may_apply(times_applied: int) -> bool:
    """A replacement effect gets one opportunity at an event and what replaced it (614.5)."""
    return times_applied == 0


def replace(game: Game, proposed: P, own: Sequence[Replacement] = (),
            record: list[tuple[Option, Proposed, Proposed | None]] | None = None) -> P | Proposed | None:
    """What happens instead of ``proposed`` once every applicable replacement has had its chance;
    ``record`` gets each effect applied with the event before and after it (615.13 asks which
    prevention effects prevented damage)."""
    applied: Counter[object] = Counter()
    current: Proposed | None = proposed
    for _ in bounded("applying replacement effects to one event (616.1f)"):
        if current is None:
            return None
        options = [o for o in sources(game, current, own) if may_apply(applied[o.key])
                   and isinstance(current, o.replacement.event) and o.replacement.applies(o.context, current)
                   and (not game.limited_range or _within_range(o, current))]
        if not options:
            return current
        first = min(rank(o) for o in options)
        group = [o for o in options if rank(o) == first]
        chosen = group[0] if len(group) == 1 else _choose(game, current, group)
        applied[chosen.key] += 1
        before, current = current, _apply(chosen, current)
        if record is not None:
            record.append((chosen, before, current))
    raise AssertionError("unreachable")


def _within_range(option: Option, proposed: Proposed) -> bool:
    from kb.engine import influence

    if not option.replacement.prevention or not isinstance(proposed, Damage):
        return True
    return influence.prevention_reaches(option.context.game, option.context.context.you, proposed.source,
                                        proposed.recipient, option.replacement.specifies)


def _apply(option: Option, proposed: Proposed) -> Proposed | None:
    replacement = option.replacement
    if replacement.prevention and isinstance(proposed, Damage) and not proposed.preventable:
        # 615.12: the effect is applied but prevents nothing, and a shield is not reduced; its
        # additional effects take place, one counted from the damage prevented this way counting 0.
        # Whether applying it uses up a "the next time" effect the model does not say.
        if replacement.uses is not None:
            from kb.engine.errors import NotModelled

            raise NotModelled("a 'the next time' prevention effect applied to damage that can't be "
                              "prevented (615.12)")
        shown = replacement.replace(option.context, with_changes(proposed, amount=0))
        return with_changes(shown, amount=proposed.amount) if isinstance(shown, Damage) else proposed
    effect = option.context.effect
    if effect is not None and replacement.uses is not None:
        index = effect.replacements.index(replacement)
        effect.uses[index] = effect.uses.get(index, 0) + 1
        option.context.game.touch()
    return replacement.replace(option.context, proposed)


def _order_matters(group: list[Option], proposed: Proposed) -> bool:
    """Would applying ``group`` in different orders give different events?  Tried only when every
    one of them is pure; otherwise the order is taken to matter."""
    group = [o for o in group if not o.replacement.independent]
    if len(group) <= 1:
        return False
    if len(group) > 4 or any(not o.replacement.pure for o in group):
        return True
    results: list[Proposed | None] = []
    for order in permutations(group):
        current: Proposed | None = proposed
        for option in order:
            rule = option.replacement
            if current is not None and isinstance(current, rule.event) and rule.applies(option.context, current):
                current = rule.replace(option.context, current)
        if results and current != results[0]:
            return True
        results.append(current)
    return False


def _choose(game: Game, proposed: Proposed, group: list[Option]) -> Option:
    matters = _order_matters(group, proposed)
    texts = tuple(o.replacement.text for o in group)
    chosen = game.choices.ask(Choice(ChoiceKind.REPLACEMENT, affected_player(game, proposed),
                                     f"which of {list(texts)} applies first to {proposed}", texts, matters))
    return group[texts.index(str(chosen))]


# -- builders for the usual replacement effects -------------------------------------------------


def enters_tapped(text: str = "This permanent enters tapped.", *, entering: Filter | None = None) -> Replacement:
    """"[This permanent] enters tapped" (614.1c); with ``entering``, "[permanents matching it] enter
    tapped" ("Creatures your opponents control enter tapped": ``creatures(controller="opponent")``)."""
    if entering is not None:
        return Replacement(text, Move, _entering(entering), lambda c, m: with_changes(m, tapped=True))
    return Replacement(text, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD,
                       lambda c, m: with_changes(m, tapped=True), entering_self=True)


def enters_with_counters(kind: str, count: int, text: str | None = None, *,
                         entering: Filter | None = None) -> Replacement:
    """"[This permanent] enters with N [kind] counters on it" (614.1c); with ``entering``, "each
    [permanent matching it] enters with N additional [kind] counters on it"."""
    said = text or f"This permanent enters with {count} {kind} counter(s) on it."
    if entering is not None:
        return Replacement(said, Move, _entering(entering),
                           lambda c, m: with_changes(m, counters=(*m.counters, (kind, count))))
    return Replacement(said, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD,
                       lambda c, m: with_changes(m, counters=(*m.counters, (kind, count))), entering_self=True)


def _entering(entering: Filter) -> Callable[[ReplacementContext, Move], bool]:
    """Does the object entering match ``entering`` as it would exist on the battlefield (614.12)?
    Phasing in isn't entering (702.26d): it never meets a :class:`Move`."""
    def applies(context: ReplacementContext, move: Move) -> bool:
        if move.to_zone is not Zone.BATTLEFIELD:
            return False
        arriving = as_it_would_enter(context.game, move)
        return arriving is not None and entering.matches(context.context, arriving)

    return applies


def as_enters_choose(kind: ChoiceKind, options: Callable[[Game], Sequence[object]], key: str,
                     text: str) -> Replacement:
    """"As [this permanent] enters, choose a [kind]" (614.12, 614.12a): the choice is made before
    it enters and remembered on it (``obj.chosen[key]``)."""

    def choose(context: ReplacementContext, move: Move) -> Move:
        game = context.game
        player = move.controller or game.objects[move.object_id].owner
        legal = tuple(options(game))
        value = game.choices.ask(Choice(kind, player, text, legal))
        return with_changes(move, choices=(*move.choices, (key, value)))

    return Replacement(text, Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, choose, pure=False,
                       entering_self=True, chooses=key)


def choices_as_it_enters(characteristics: Characteristics) -> list[str]:
    """The keys of the "as [this] enters, choose …" choices an object with these characteristics
    makes as it enters (614.12a)."""
    return [r.chooses for ability in characteristics.abilities if isinstance(ability, StaticAbility)
            for r in ability.replacements if r.chooses is not None]


def chosen_for(game: Game, object_id: ObjectId, key: str) -> object | None:
    """The choice made as ``object_id`` entered for the ability that records under ``key`` (607.2d):
    an ability refers only to the choice its own linked ability made, and a choice never made for
    it is undefined, None (607.5a)."""
    obj = game.objects.get(object_id)
    return obj.chosen.get(key) if obj is not None else None


def instead_to(zone: Zone, from_zone: Zone | None = None, *, to: Zone = Zone.GRAVEYARD,
               text: str | None = None, which: Callable[[ReplacementContext, Move], bool] | None = None
               ) -> Replacement:
    """"If [an object] would be put into [to] (from [from_zone]), [zone] it instead" (614.1a)."""

    def applies(context: ReplacementContext, move: Move) -> bool:
        obj = context.game.objects.get(move.object_id)
        return (move.to_zone is to and obj is not None and (from_zone is None or obj.zone is from_zone)
                and (which is None or which(context, move)))

    return Replacement(text or f"If it would be put into a {to.value}, {zone.value} it instead.", Move, applies,
                       lambda c, m: with_changes(m, to_zone=zone))


def prevent_damage(amount: int | None = None, *, to: ObjectId | PlayerId | Identified | None = None,
                   source: ObjectId | Identified | None = None, combat_only: bool = False, uses: int | None = None,
                   text: str | None = None, by: Filter | None = None) -> Replacement:
    """A prevention effect (615): prevent ``amount`` (None: all) of the damage that would be dealt
    to ``to`` (a player, an object or its id) / by ``source`` (an object or its id; or by any source
    ``by`` matches: "damage dealt by creatures").  With ``uses`` it is a shield that is used up
    (615.7, 615.8): "the next time … prevent N of that damage"; "prevent the next N damage", a
    running total, is :class:`Shield` (``Shield(3, "B").replacement(text)``)."""
    if to is not None and not isinstance(to, str):
        to = object_id_of(to, "prevent_damage(to=)")
    if source is not None:
        source = object_id_of(source, "prevent_damage(source=)")

    def applies(context: ReplacementContext, damage: Damage) -> bool:
        return ((to is None or damage.recipient == to) and (source is None or damage.source == source)
                and (by is None or by.matches(context.context, context.game.last_known_view(damage.source)))
                and (not combat_only or damage.combat) and damage.amount > 0)

    def prevent(context: ReplacementContext, damage: Damage) -> Damage:
        left = 0 if amount is None else max(0, damage.amount - amount)
        return with_changes(damage, amount=left)

    named = frozenset({"recipient"} if to is not None else set()) | frozenset(
        {"source"} if source is not None or by is not None else set())
    return Replacement(text or "Prevent damage.", Damage, applies, prevent, prevention=True, uses=uses,
                       pure=uses is None, specifies=named)


@dataclass(eq=False)
class Shield:
    """"Prevent the next N damage that would be dealt to …" (615.7): a running total."""

    remaining: int
    recipient: ObjectId | PlayerId
    spent: list[int] = field(default_factory=list)

    def replacement(self, text: str) -> Replacement:
        def applies(context: ReplacementContext, damage: Damage) -> bool:
            return damage.recipient == self.recipient and self.remaining > 0 and damage.amount > 0

        def prevent(context: ReplacementContext, damage: Damage) -> Damage:
            used = min(self.remaining, damage.amount)
            self.remaining -= used
            self.spent.append(used)
            context.game.touch()
            return with_changes(damage, amount=damage.amount - used)

        return Replacement(text, Damage, applies, prevent, prevention=True, pure=False,
                           specifies=frozenset({"recipient"}), shield=self)


def _skipping(context: ReplacementContext, player: PlayerId, proposed_player: PlayerId) -> bool:
    """Is ``proposed_player``'s step, phase or turn the one ``player`` skips?  A name that is no
    player of the game is bad input, not a skip that never applies (it would be silently inert)."""
    if player not in context.game.players:
        from kb.engine.errors import ScenarioError

        raise ScenarioError(f"skip: {player!r} is not a player of this game ({', '.join(context.game.players)})")
    return proposed_player == player


def skip_step(step: Step, player: PlayerId, times: int | None = 1, text: str | None = None) -> Replacement:
    """"[Player] skips their next [step]" (614.10, 614.1b): that step is replaced by nothing.
    Put it in an effect (``replacements=[…]``); it is used up after ``times`` steps (614.10a);
    ``times=None``: every one, as a static "skips their untap steps" (Stasis) does."""
    return Replacement(text or f"{player} skips their next {step.value}", BeginStep,
                       lambda c, b: b.step is step and _skipping(c, player, b.player), lambda c, b: None,
                       uses=times)


def skip_phase(phase: Phase, player: PlayerId, times: int | None = 1, text: str | None = None) -> Replacement:
    """"[Player] skips their next [phase]" (500.11, 614.10): the phase and all its steps are
    replaced by nothing; used up after ``times`` phases (614.10a; None: every one)."""
    return Replacement(text or f"{player} skips their next {phase.value}", BeginPhase,
                       lambda c, b: b.phase_name == phase.value and _skipping(c, player, b.player),
                       lambda c, b: None, uses=times)


def skip_turn(player: PlayerId, times: int | None = 1, text: str | None = None) -> Replacement:
    """"[Player] skips their next turn" (500.11, 614.10; ``times=None``: every one)."""
    return Replacement(text or f"{player} skips their next turn", BeginTurn,
                       lambda c, b: _skipping(c, player, b.player), lambda c, b: None, uses=times)
