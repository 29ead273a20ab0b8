"""The stack (405) and resolving (608): spells and abilities wait there, last in first out.

A :class:`StackObject` is a spell (its card's object is on the stack) or an ability (not an
object of its own, 113.7: it has only its text and remembers its source).  As the top one
resolves (608.2), its targets are checked again (608.2b): with every target gone it doesn't
resolve; an illegal target is not affected.  Its effect function receives a :class:`Resolution`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.engine import phasing, rules, targets, zones
from kb.engine.abilities import ActivatedAbility, SpellAbility, TriggeredAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import PERMANENT_TYPES
from kb.engine.context import Context
from kb.engine.errors import IllegalAction, NotModelled
from kb.engine.events import BecameTarget, Cause, Countered, Event, Resolved
from kb.engine.targets import Target, TargetSpec

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.triggers import Pending


@dataclass(eq=False)
class StackObject:
    """A spell or ability on the stack.  ``id`` is the spell's object id, or a new id for an ability."""

    id: int
    controller: PlayerId
    text: str
    spell: ObjectId | None = None
    ability: TriggeredAbility | ActivatedAbility | None = None
    source_id: ObjectId | None = None
    source: View | None = None
    """The source as it was when the ability was activated or triggered (113.7a)."""
    specs: tuple[TargetSpec, ...] = ()
    targets: tuple[tuple[Target, ...], ...] = ()
    x: int = 0
    event: Event | None = None
    """The event that triggered it (for a triggered ability)."""
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def is_spell(self) -> bool:
        return self.spell is not None

    def __repr__(self) -> str:
        return f"<stack #{self.id} {self.text!r} ({self.controller})>"


LINK_SCOPE = "link scope"
"""Key of a stack object's ``options``: which abilities of its source the ability is linked with
(:func:`kb.engine.ability_instances.link_scope`, 607.1)."""


@dataclass
class Resolution:
    """What an effect function sees as its spell or ability resolves."""

    game: Game
    item: StackObject
    legal: tuple[tuple[Target, ...], ...]
    """The targets of each spec that are still legal (608.2b)."""

    @property
    def controller(self) -> PlayerId:
        return self.item.controller

    @property
    def source(self) -> View | None:
        """The source now, or as it last existed (608.2h)."""
        source_id = self.item.source_id if self.item.spell is None else self.item.spell
        if source_id is not None and source_id in self.game.objects:
            return self.game.view(source_id)
        return self.item.source

    @property
    def source_id(self) -> ObjectId | None:
        return self.item.spell if self.item.spell is not None else self.item.source_id

    @property
    def x(self) -> int:
        return self.item.x

    @property
    def link_scope(self) -> str:
        """Which abilities of its source this ability is linked with: ``""`` for the source's own
        (607.1, 607.1a), else those granted with it."""
        scope = self.item.options.get(LINK_SCOPE, "")
        return scope if isinstance(scope, str) else ""

    @property
    def event(self) -> Event | None:
        return self.item.event

    def targets(self, index: int = 0) -> tuple[Target, ...]:
        return self.legal[index] if index < len(self.legal) else ()

    def objects(self, index: int = 0) -> tuple[ObjectId, ...]:
        """The legal targets of target spec ``index`` that are objects (not players)."""
        return tuple(t for t in self.targets(index) if isinstance(t, int))

    @property
    def target(self) -> Target | None:
        """The first legal target of the first "target" (None if it is gone)."""
        found = self.targets(0)
        return found[0] if found else None

    def context(self) -> Context:
        views = self.game.views()
        existing = phasing.existing_views(views)
        return Context(self.game, existing, self.source, self.controller)

    def create_effect(self, text: str, parts: Sequence[Any] = (), affects: Any = (), duration: Any = None,
                      **options: Any) -> ContinuousEffect | None:
        """A continuous effect from this resolution (611.2), its source and controller filled in."""
        return self.game.create_effect(text, parts, affects, duration, source=self.source_id,
                                       controller=self.controller, **options)


PUT_AT = "put on the stack at"
"""Key of a stack object's ``options``: the length of the game's log when it was put on the stack."""
DELAYED = "delayed"
"""Key of a stack object's ``options``: True for a delayed triggered ability (603.7)."""


def push(game: Game, item: StackObject) -> None:
    """Put ``item`` on top of the stack (405.1) and say what it targets (for ward and the like)."""
    item.options.setdefault(PUT_AT, len(game.log))  # what happened since (701.27f)
    game.stack.append(item)
    game.touch()
    game.emit(*(BecameTarget(t, item.id, item.controller) for group in item.targets for t in group))


def put_triggered(game: Game, pending: Pending) -> None:
    """A triggered ability goes on the stack with its targets (603.3, 603.3d); with no legal
    target it is removed; a player who left the game puts nothing there (800.4d)."""
    if game.players[pending.controller].left:
        return
    from kb.engine import modal_triggers

    modes = modal_triggers.announce(game, pending)  # 603.3c: before the targets
    if modes is None:
        return
    specs = modal_triggers.target_specs(pending, modes)
    chosen = targets.choose(game, specs, pending.controller, pending.source, None)
    if chosen is None:
        return
    options: dict[str, Any] = {"occurrence": pending.occurrence, "modes": modes} if modes else \
        {"occurrence": pending.occurrence}
    if pending.delayed:
        options[DELAYED] = True
    push(game, StackObject(game.allocate_id(), pending.controller, pending.ability.text, None, pending.ability,
                           pending.source_id, pending.source, specs, chosen, _x_of(game, pending),
                           pending.event, options))


def _x_of(game: Game, pending: Pending) -> int:
    source = game.objects.get(pending.source_id)
    return source.x if source is not None else 0


def legal_targets(game: Game, item: StackObject) -> tuple[tuple[Target, ...], ...]:
    """Each spec's targets that are still legal (608.2b); the source's last known information is
    used if it is gone."""
    source = item.source
    if item.spell is not None and item.spell in game.objects:
        source = game.view(item.spell)
    elif item.source_id is not None and item.source_id in game.objects:
        source = game.view(item.source_id)
    return tuple(tuple(t for t in group if targets.is_legal(game, spec, t, item.controller, source))
                 for spec, group in zip(item.specs, item.targets, strict=True))


def resolve_top(game: Game) -> None:
    """The top object resolves (608): an intervening "if" checked again (608.2a), targets checked
    again (608.2b), then its instructions (608.2c) or it becomes a permanent (608.3)."""
    item = game.stack[-1]
    ability = item.ability
    if not intervening_if_holds(game, item):
        _remove(game, item)  # 608.2a
        return
    legal = legal_targets(game, item)
    if item.specs and not any(legal) and not _resolves_anyway(game, item):
        _remove(game, item)  # it doesn't resolve: every target is illegal (608.2b)
        if item.spell is not None and item.spell in game.objects:
            zones.move(game, game.objects[item.spell], Zone.GRAVEYARD, cause=Cause.RULES)
        return
    if item.spell is not None:
        _resolve_spell(game, item, legal)
    else:
        _remove(game, item)
        if ability is not None and ability.effect is not None:
            ability.effect(Resolution(game, item, legal))
        if isinstance(ability, ActivatedAbility) and ability.mana is not None and not ability.is_mana_ability:
            _adds_its_mana(game, item, ability)
    game.emit(Resolved(item.id, item.text, item.source_id if item.spell is None else None))


def _adds_its_mana(game: Game, item: StackObject, ability: ActivatedAbility) -> None:
    """An ability that adds mana but isn't a mana ability (it has a target, 605.5a) adds its mana as
    it resolves, after the rest of its effect."""
    from kb.engine import mana_abilities
    from kb.engine.events import ManaAdded

    source = item.source_id
    obj = game.objects.get(source) if source is not None else None
    if source is None or obj is None:
        raise NotModelled("a targeted ability adding mana after its source left its zone (605.5a)")
    added = mana_abilities.produce(game, item.controller, obj, ability, item.source)
    game.emit(ManaAdded(source, item.controller, added))


def intervening_if_holds(game: Game, item: StackObject) -> bool:
    """A triggered ability's intervening "if" is checked again as it resolves (603.4, 608.2a)."""
    ability = item.ability
    if not isinstance(ability, TriggeredAbility) or ability.condition is None:
        return True
    existing = phasing.existing_views(game.views())
    return ability.condition.holds(Context(game, existing, item.source, item.controller))


def _remove(game: Game, item: StackObject) -> None:
    if item in game.stack:
        game.stack.remove(item)
        game.touch()


SPELL_KEYWORDS_FIRST: dict[str, Callable[[Resolution], None]] = {}
"""Keywords of instants and sorceries that are spell abilities of their own followed as the spell
resolves, before the rest of its text (ascend, 702.131a; gift, 702.174b), keyed by keyword; those
followed after it are :data:`SPELL_KEYWORDS`."""


def _resolve_spell(game: Game, item: StackObject, legal: tuple[tuple[Target, ...], ...]) -> None:
    assert item.spell is not None
    spell = game.obj(item.spell)
    view = game.view(spell.id)
    _remove(game, item)
    if view.types & PERMANENT_TYPES:
        if any(view.has(name) and instead(game, item, legal) for name, instead in PERMANENT_SPELLS_INSTEAD.items()):
            return  # it didn't enter the battlefield: a mutating creature spell merged (702.140c)
        attach_to = legal[0][0] if legal and legal[0] and view.has("enchant") else None
        zones.enter_from_stack(game, spell, item.controller, attach_to)  # 608.3a, 608.3c
        return
    for keyword, perform in SPELL_KEYWORDS_FIRST.items():
        if view.has(keyword):
            perform(Resolution(game, item, legal))
    card_ability: SpellAbility | None = spell.cast_part.spell  # a half, both fused, an Adventure (709.3b)
    if card_ability is not None:
        card_ability.effect(Resolution(game, item, legal))
    for name, keyword_ability in SPELL_KEYWORDS.items():  # after the rest of its text (awaken, 702.113a)
        if view.has(name):
            keyword_ability(Resolution(game, item, legal))
    for gained in GAINED_TEXT.values():  # text the spell gained as it was cast (splice, 702.47c)
        gained(Resolution(game, item, legal))
    if spell.id in game.objects and game.objects[spell.id].zone is Zone.STACK:
        resolved = game.objects[spell.id]
        if not any(rule(game, resolved, item) for rule in RESOLVED_ELSEWHERE.values()):
            zones.move(game, resolved, Zone.GRAVEYARD, cause=Cause.RESOLVE)  # 608.2n


RESOLVED_ELSEWHERE: dict[str, Callable[[Game, GameObject, StackObject], bool]] = {}
"""Rules that put a resolved instant or sorcery somewhere other than its owner's graveyard (an
Adventure is exiled, 715.3d), keyed by what they are: each moves the card itself and returns True
if it applies."""


PERMANENT_SPELLS_INSTEAD: dict[str, Callable[[Game, StackObject, tuple[tuple[Target, ...], ...]], bool]] = {}
"""Keywords of a permanent spell that may make it do something else than enter the battlefield as it
resolves (a mutating creature spell merges with its target, 702.140c), keyed by keyword: ``rule(game,
item, legal targets)`` does it and returns True, or returns False and the spell enters (608.3)."""

WHEN_TARGETS_ILLEGAL: dict[str, Callable[[Game, StackObject], bool]] = {}
"""Keywords of a spell that let it resolve although every target is illegal (a bestowed Aura spell
resolves as a creature spell, 702.103e), keyed by keyword: ``rule(game, item)`` changes the spell
as the rule says and returns True if it resolves."""


def _resolves_anyway(game: Game, item: StackObject) -> bool:
    if item.spell is None or item.spell not in game.objects:
        return False
    view = game.view(item.spell)
    return any(view.has(name) and rule(game, item) for name, rule in WHEN_TARGETS_ILLEGAL.items())


GAINED_TEXT: dict[str, Callable[[Resolution], None]] = {}
"""Instructions a spell gained as it was cast, followed after its own (the text of cards spliced
onto it, 702.47b-c), keyed by the keyword that gives them: each reads the spell's choices."""

SPELL_KEYWORDS: dict[str, Callable[[Resolution], None]] = {}
"""Keywords of an instant or sorcery that are spell abilities of their own, followed after the rest
of its instructions as it resolves (awaken, 702.113a), keyed by keyword."""


def find(game: Game, stack_id: int) -> StackObject:
    for item in game.stack:
        if item.id == stack_id:
            return item
    raise IllegalAction(f"nothing with id {stack_id} is on the stack")


def can_be_countered(game: Game, item: StackObject) -> bool:
    """A spell with "can't be countered" (or under such an effect) can't be (701.6b), nor a triggered
    ability whose text says so (603.1a)."""
    if isinstance(item.ability, TriggeredAbility) and item.ability.cant_be_countered:
        return False
    if item.spell is None or item.spell not in game.objects:
        return True
    return not rules.forbids(game, rules.CantBeCountered, game.view(item.spell))


def counter(game: Game, item: StackObject) -> bool:
    """Counter a spell or ability (701.6a): a spell goes to its owner's graveyard, revealed if face
    down (708.9); an ability ceases to exist.  "Can't be countered" makes this do nothing.
    The event looks back (603.10e).  True if it was countered."""
    if item not in game.stack or not can_be_countered(game, item):
        return False
    seen = game.views()
    _remove(game, item)
    if item.spell is not None and item.spell in game.objects:
        zones.move(game, game.objects[item.spell], Zone.GRAVEYARD, cause=Cause.COUNTER)
    game.emit(Countered(item.id, item.text, seen))
    return True
