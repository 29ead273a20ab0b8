"""How long an effect lasts (611.2a, 611.2b, 500.4, 500.5, 514.2), and ending effects.

A duration is data; the turn structure tells this module when a moment passes
(:func:`end_of_turn`, :func:`end_of_combat`, :func:`turn_began`, :func:`step_began`) and the game
asks after every event whether a "for as long as" duration is over (:func:`expire`).  An effect
that has ended stays ended (611.2b).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine import phasing
from kb.engine.basics import Identified, ObjectId, PlayerId, Zone, object_id_of
from kb.engine.events import StepBegan, StepEnded

if TYPE_CHECKING:
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.game import Game
    from kb.engine.turn import Step


@dataclass(frozen=True)
class Indefinite:
    """No duration stated: until the game ends (611.2a)."""

    def __str__(self) -> str:
        return "until the game ends"


@dataclass(frozen=True)
class UntilEndOfTurn:
    """"Until end of turn" and "this turn": ends in the cleanup step (514.2)."""

    def __str__(self) -> str:
        return "until end of turn"


@dataclass(frozen=True)
class UntilEndOfCombat:
    """Ends at the end of the combat phase (500.5a, 511.2)."""

    def __str__(self) -> str:
        return "until end of combat"


@dataclass(frozen=True)
class UntilYourNextTurn:
    """"Until your next turn": ends as ``player``'s next turn begins."""

    player: PlayerId

    def __str__(self) -> str:
        return f"until {self.player}'s next turn"


@dataclass(frozen=True)
class UntilEndOfYourNextTurn:
    """"Until the end of your next turn": ends in the cleanup step (514.2) of ``player``'s next turn,
    the first of their turns after the one it was created in (or, made in another player's turn,
    their coming one)."""

    player: PlayerId

    def __str__(self) -> str:
        return f"until the end of {self.player}'s next turn"


@dataclass(frozen=True)
class UntilNextStep:
    """"Until [player's] next [step]": ends as that step begins (500.4); any player's when None.
    For "during [player's] next [step]" (Frost Breath's "doesn't untap during its controller's next
    untap step"), which lasts through that step, use :func:`during_next_step`."""

    step: Step
    player: PlayerId | None = None

    def __str__(self) -> str:
        return f"until the next {self.step.value}" + (f" of {self.player}" if self.player else "")


@dataclass(frozen=True, eq=False)
class ForAsLongAs:
    """"For as long as …" (611.2b): if it never holds the effect does nothing; once over, over.

    ``holds`` is asked of the game.  For a duration that tracks a permanent, use
    :func:`while_on_battlefield` or :func:`while_controls`: a phased-out permanent can't be
    seen, so such a duration ends when it phases out (702.26f)."""

    text: str
    holds: Callable[[Game], bool]

    def __str__(self) -> str:
        return f"for as long as {self.text}"


@dataclass(frozen=True, init=False)
class UntilLeaves:
    """"Until [object] leaves the battlefield": ends when it leaves (phasing out isn't leaving, 702.26d)."""

    object_id: ObjectId

    def __init__(self, object_id: ObjectId | Identified) -> None:
        # the object itself names it as well as its id does (an object would match no id: never on)
        object.__setattr__(self, "object_id", object_id_of(object_id, "UntilLeaves"))

    def __str__(self) -> str:
        return f"until object {self.object_id} leaves the battlefield"


Duration = (Indefinite | UntilEndOfTurn | UntilEndOfCombat | UntilYourNextTurn | UntilEndOfYourNextTurn | UntilNextStep
            | ForAsLongAs | UntilLeaves)


def on_battlefield(game: Game, object_id: ObjectId) -> bool:
    """Is the object on the battlefield and phased in: visible to a duration that tracks it?"""
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and phasing.exists(obj)


def while_on_battlefield(object_id: ObjectId | Identified, text: str = "it remains on the battlefield") -> ForAsLongAs:
    """"For as long as [object] remains on the battlefield" (611.2b), the object or its id."""
    watched = object_id_of(object_id, "while_on_battlefield")
    return ForAsLongAs(text, lambda game: on_battlefield(game, watched))


def while_controls(player: PlayerId, object_id: ObjectId | Identified, text: str = "you control it") -> ForAsLongAs:
    """"For as long as you control [object]" (Sower of Temptation, Master Thief), the object or its id."""
    watched = object_id_of(object_id, "while_controls")
    return ForAsLongAs(text, lambda game: on_battlefield(game, watched)
                       and game.view(watched).controller == player)


def during_next_step(game: Game, step: Step, player: PlayerId, text: str | None = None) -> ForAsLongAs:
    """"During [player's] next [step]" (500.4): from now until that step ends, through all of it
    ("it doesn't untap during its controller's next untap step", 502.3).  Made in that kind of
    step, it is the next one that counts."""
    if player not in game.players:
        from kb.engine.errors import ScenarioError

        raise ScenarioError(f"during_next_step: no player {player!r} in this game ({', '.join(game.players)})")
    began_before = _steps(game, StepBegan, step, player)

    def going(g: Game) -> bool:
        began = _steps(g, StepBegan, step, player)
        return began == began_before or (began == began_before + 1 and _steps(g, StepEnded, step, player) < began)

    return ForAsLongAs(text or f"{player}'s next {step.value} hasn't ended", going)


def _steps(game: Game, kind: type[StepBegan | StepEnded], step: Step, player: PlayerId) -> int:
    return sum(1 for e in game.events(kind) if e.step is step and e.player == player)


def holds(game: Game, duration: Duration) -> bool:
    """Has this duration begun, and is it still going?"""
    if isinstance(duration, ForAsLongAs):
        return duration.holds(game)
    if isinstance(duration, UntilLeaves):
        obj = game.objects.get(duration.object_id)
        return obj is not None and obj.zone is Zone.BATTLEFIELD
    return True


def _end(game: Game, test: Callable[[ContinuousEffect], bool]) -> bool:
    changed = False
    for effect in game.effects:
        if not effect.ended and test(effect):
            effect.ended = True
            changed = True
    if changed:
        game.touch()
    return changed


def expire(game: Game) -> None:
    """End every effect whose "for as long as" or "until … leaves" duration is over, again until
    none ends: one ending can end another, as control coming back ends "for as long as you
    control it" (611.2b).  Effects only end, so this stops."""
    while _end(game, lambda e: isinstance(e.duration, (ForAsLongAs, UntilLeaves)) and not holds(game, e.duration)):
        pass


def _end_then_expire(game: Game, test: Callable[[ContinuousEffect], bool]) -> None:
    if _end(game, test):
        expire(game)  # what the ended effects did may have held a "for as long as" up (611.2b)


def end_of_turn(game: Game) -> None:
    """The cleanup step: "until end of turn" and "this turn" effects end, phased out or not (514.2, 702.26f)."""
    _end_then_expire(game, lambda e: isinstance(e.duration, UntilEndOfTurn) or (
        isinstance(e.duration, UntilEndOfYourNextTurn) and e.duration.player == game.active
        and e.created_turn < game.turn))


def end_of_combat(game: Game) -> None:
    _end_then_expire(game, lambda e: isinstance(e.duration, UntilEndOfCombat))


def turn_began(game: Game, player: PlayerId) -> None:
    _end_then_expire(game, lambda e: isinstance(e.duration, UntilYourNextTurn) and e.duration.player == player
                     and e.created_turn < game.turn)


def step_began(game: Game, step: Step, player: PlayerId) -> None:
    """As a step begins, effects lasting until it expire (500.4)."""
    _end_then_expire(game, lambda e: isinstance(e.duration, UntilNextStep) and e.duration.step is step
                     and e.duration.player in (None, player))
