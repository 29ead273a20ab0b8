"""Modal triggered abilities (603.3c, 700.2b): "When …, choose one —".

The controller chooses the modes as the ability is put on the stack (603.3c), before its targets
(603.3d): a mode whose targets can't be chosen can't be chosen, and if no mode can be, the ability
is removed from the stack.  The ability has the targets of the chosen modes only (700.2c) and does
what they say in printed order; the modes are kept on the stack object (``options["modes"]``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import targets
from kb.engine.abilities import Effect, TriggeredAbility
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import ScenarioError
from kb.engine.modes import MODES, Mode, run_modes

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.stack import Resolution
    from kb.engine.targets import TargetSpec
    from kb.engine.triggers import Pending


def _run(resolution: Resolution) -> None:
    ability = resolution.item.ability
    if isinstance(ability, ModalTriggered):
        run_modes(resolution, ability.modes, resolution.item.options.get(MODES, ()))


@dataclass(frozen=True, eq=False)
class ModalTriggered(TriggeredAbility):
    """A triggered ability with modes: "choose [minimum] to [maximum] —" (603.3c, 700.2)."""

    effect: Effect = field(default=_run)
    modes: tuple[Mode, ...] = ()
    minimum: int = 1
    maximum: int = 1

    def __post_init__(self) -> None:
        if not self.modes or self.targets or not 1 <= self.minimum <= self.maximum <= len(self.modes):
            raise ScenarioError(f"{self.text!r}: give modes (each with its own targets) and how many may be "
                                "chosen (603.3c, 700.2)")


def mode_allowed(game: Game, pending: Pending, mode: Mode) -> bool:
    """A mode can be chosen only if its targets can be chosen (603.3c)."""
    return all(spec.count is None or len(targets.candidates(game, spec, pending.controller, pending.source))
               >= spec.count for spec in mode.targets)


def announce(game: Game, pending: Pending) -> tuple[int, ...] | None:
    """The modes chosen as ``pending`` is put on the stack (603.3c): () for an ability without
    modes, None when no mode can be chosen (it is removed from the stack)."""
    ability = pending.ability
    if not isinstance(ability, ModalTriggered):
        return ()
    allowed = tuple(n for n, mode in enumerate(ability.modes) if mode_allowed(game, pending, mode))
    if len(allowed) < ability.minimum:
        return None
    most = min(ability.maximum, len(allowed))

    def legal(value: object) -> bool:
        return (isinstance(value, (list, tuple)) and ability.minimum <= len(value) <= most
                and len(set(value)) == len(value) and all(v in allowed for v in value))

    options = tuple((n,) for n in allowed) if most == 1 else ()
    chosen = game.choices.ask(Choice(ChoiceKind.MODE, pending.controller, f"modes of {ability.text!r}", options,
                                     accepts=legal, items=allowed))
    assert isinstance(chosen, (list, tuple))
    return tuple(sorted(chosen))


def target_specs(pending: Pending, chosen: tuple[int, ...]) -> tuple[TargetSpec, ...]:
    """700.2c: the targets of the chosen modes only."""
    ability = pending.ability
    if not isinstance(ability, ModalTriggered):
        return ability.targets
    return tuple(spec for number in chosen for spec in ability.modes[number].targets)


__all__ = ["ModalTriggered", "announce", "mode_allowed", "target_specs"]
