"""Player choices: one mechanism for every choice the rules give a player.

Targets, modes, the order of triggered abilities (603.3b) or of replacement effects (616.1),
how combat damage is divided (510.1c), "may", the legend rule (704.5j), what to discard (514.1),
how to pay mana, the order of simultaneous timestamps (613.7m) … each is a :class:`Choice`
the engine asks through ``game.choices.ask(choice)``.

A scenario answers in advance: ``game.choices.script(ChoiceKind.MAY, True, player="A")``; an
object may be answered by the object or by its id, whichever the options hold.
Scripted answers are used in order, each by the first choice of its kind (and player, if
given) that the engine asks.  When nothing is scripted:

- a choice with exactly one legal answer takes it;
- a choice whose answers all lead to the same game (``matters=False``) takes the first;
- otherwise :class:`UnscriptedChoice` is raised, naming the player, the choice and the options:
  the model never guesses what a player would do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from kb.engine.basics import PlayerId
from kb.engine.errors import ScenarioError, UnscriptedChoice


class ChoiceKind(StrEnum):
    TARGETS = "targets"
    """Targets of a spell or ability (601.2c, 603.3d); an answer is a sequence of objects/players."""
    MODE = "mode"
    MAY = "may"
    """An optional action ("you may"): True or False."""
    TRIGGER_ORDER = "order of triggered abilities"
    """A sequence of the player's pending triggered abilities, first to go on the stack first (603.3b)."""
    REPLACEMENT = "replacement effect to apply"
    """Which of several applicable replacement or prevention effects applies next (616.1)."""
    DAMAGE_ASSIGNMENT = "combat damage assignment"
    """A mapping {recipient: amount} for one attacking or blocking creature (510.1)."""
    LEGEND_RULE = "legendary permanent to keep"
    DISCARD = "cards to discard"
    MANA_PAYMENT = "mana left after paying"
    """Which mana stays in the pool when several payments are possible (601.2h)."""
    TIMESTAMP_ORDER = "timestamp order"
    """The order of the player's objects getting timestamps at the same time (613.7m)."""
    ATTACKERS = "attackers"
    """A mapping {creature: player or planeswalker or battle attacked} (508.1)."""
    BLOCKERS = "blockers"
    """A mapping {blocking creature: attacking creature} (509.1)."""
    DEFENDING_PLAYER = "defending player"
    OBJECT = "an object"
    """Any other choice of one object ("choose a creature", a card to copy, a card to manifest)."""
    OBJECTS = "any number of objects"
    """A choice of any number of objects ("exile any number of creature cards"): a sequence of them."""
    PLAYER = "a player"
    """"Choose a player" (True-Name Nemesis)."""
    COLOR = "a colour"
    CREATURE_TYPE = "a creature type"
    BASIC_LAND_TYPE = "a basic land type"
    CARD_NAME = "a card name"
    NUMBER = "a number"
    MULLIGAN = "whether to take a mulligan"
    """Take a mulligan (103.5): True or False."""
    PUT_ON_BOTTOM = "cards to put on the bottom of the library"
    """After a mulligan, the cards put on the bottom, in order (103.5)."""
    ZONE = "a zone"
    """Where an object goes when instructions to move it conflict (400.6): a Zone."""
    DIE_ROLL = "the result of a die roll"
    """A die's random result (706.1): a scenario states it, as it states every other choice."""
    PAY = "whether to pay"
    """Pay an optional or "unless" cost (ward 702.21a, 118.12): True or False."""
    PHYREXIAN = "Phyrexian symbols paid with life"
    """Which Phyrexian mana symbols of a cost are paid with 2 life each (601.2b, 107.4f): a tuple
    of the symbols (``("G/P",)``), the others being paid with mana."""
    PROTECTOR = "a battle's protector"
    """The player who becomes a battle's protector (310.8a, 704.5w-x)."""
    ORDER = "an order"
    WORD = "a word"
    """One of the words an ability offers that have no rules meaning ("choose Khans or Dragons": 614.12c, 607.2f)."""
    DIVISION = "a division"
    """How an amount is divided among a spell's targets as it is cast (601.2d): a mapping
    {target: amount}, each at least one."""
    """The order in which things are done one at a time (608.2f): a sequence of the items."""


@dataclass(frozen=True)
class Choice:
    """One choice the engine asks for."""

    kind: ChoiceKind
    player: PlayerId
    prompt: str
    options: tuple[object, ...] = ()
    """The legal answers when they can be listed; empty when ``accepts`` decides."""
    matters: bool = True
    """False when every answer leads to the same game: the first option is taken unasked."""
    accepts: Callable[[object], bool] | None = None
    """For answers that can't be listed (an order, a division): is this answer legal?"""
    default: object = None
    """The answer taken when the choice doesn't matter and ``options`` is empty."""
    items: tuple[object, ...] = ()
    """For an order or a division: the things being ordered or divided."""


@dataclass
class Answer:
    kind: ChoiceKind
    value: object
    player: PlayerId | None = None


@dataclass
class Choices:
    """The scripted answers of a game, and a record of every choice asked and answered."""

    scripted: list[Answer] = field(default_factory=list)
    asked: list[tuple[Choice, object]] = field(default_factory=list)
    deciders: dict[PlayerId, PlayerId] = field(default_factory=dict)
    """Players controlled by another, who makes their choices (722.5): a choice of the key is
    answered by the value's script."""

    def decider(self, player: PlayerId) -> PlayerId:
        """Who makes ``player``'s choices: ``player``, or the player controlling them (722.5)."""
        return self.deciders.get(player, player)

    def script(self, kind: ChoiceKind, value: object, player: PlayerId | None = None) -> None:
        """Answer the next choice of ``kind`` (by ``player``, if given) with ``value``; a function
        of the :class:`Choice` decides when it is asked (``lambda c: list(reversed(c.items))``)."""
        self.scripted.append(Answer(kind, value, player))

    def ask(self, choice: Choice) -> object:
        decider = self.decider(choice.player)
        for index, answer in enumerate(self.scripted):
            if answer.kind is choice.kind and answer.player in (None, decider):
                del self.scripted[index]
                if callable(answer.value):
                    answer.value = answer.value(choice)  # a scripted policy: decide on seeing the choice
                answer.value = _normal(choice, answer.value)
                if not _legal(choice, answer.value):
                    raise ScenarioError(f"{choice.player} can't answer {choice.prompt!r} with {answer.value!r}; "
                                        f"the legal answers are {_describe(choice)}")
                self.asked.append((choice, answer.value))
                return answer.value
        if len(choice.options) == 1:
            value = choice.options[0]
        elif not choice.matters:
            value = choice.options[0] if choice.options else choice.default
        else:
            who = choice.player if decider == choice.player else f"{decider} (controlling {choice.player})"
            raise UnscriptedChoice(f"{who} must choose {choice.kind.value}: {choice.prompt}; "
                                   f"the options are {_describe(choice)} (script it with "
                                   f"game.choices.script(ChoiceKind.{choice.kind.name}, …))")
        self.asked.append((choice, value))
        return value

    def use_if_scripted(self, kind: ChoiceKind, player: PlayerId, test: Callable[[object], bool]) -> bool:
        """For what the rules leave one answer to (not asked, not recorded): if the next scripted
        answer of ``kind`` by ``player`` is that answer (``test``), use it up here, so that it can't
        answer a later choice it wasn't meant for."""
        decider = self.decider(player)
        for index, answer in enumerate(self.scripted):
            if answer.kind is kind and answer.player in (None, decider):
                if callable(answer.value) or not test(answer.value):
                    return False
                del self.scripted[index]
                return True
        return False

    def unused(self) -> list[Answer]:
        """Scripted answers no choice has used yet."""
        return list(self.scripted)


def _normal(choice: Choice, value: object) -> object:
    """A game object given where the options are ids (targets, objects) stands for its id, and
    an id given where the options are objects stands for that object: a scenario may answer
    with either."""
    if not choice.options or value in choice.options:
        return value
    object_id = getattr(value, "id", None)
    if object_id in choice.options:
        return object_id
    if not isinstance(value, int) or isinstance(value, bool):
        return value
    same = [o for o in choice.options if getattr(o, "id", None) == value]
    return same[0] if len(same) == 1 else value


def _legal(choice: Choice, value: object) -> bool:
    if choice.accepts is not None:
        return choice.accepts(value)
    return not choice.options or value in choice.options


def _describe(choice: Choice) -> str:
    if choice.options:
        return ", ".join(repr(o) for o in choice.options[:12]) + (" …" if len(choice.options) > 12 else "")
    return "(any answer the rules allow)"


def is_permutation(items: Sequence[object]) -> Callable[[object], bool]:
    """For an ordering answer: a sequence holding each of ``items`` exactly once."""

    def accepts(value: object) -> bool:
        return isinstance(value, (list, tuple)) and len(value) == len(items) and \
            all(sum(1 for v in value if v is item) == 1 for item in items)

    return accepts
