"""Modal spells (700.2): "Choose one —", "Choose one or more —" (ported from branch kw2).

A :class:`ModalSpell` is an instant's or sorcery's spell ability with modes.  The modes are
chosen as the spell is cast (601.2b, 700.2a: a :class:`~kb.engine.choices.ChoiceKind.MODE`
choice, a list of mode numbers), a mode whose targets can't be chosen can't be chosen, the
spell has the targets of the modes chosen only (700.2c), and it does what they say in the
order they are printed.  The modes chosen are kept on the spell (``chosen["modes"]``), and a
copy copies them (700.2g).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine.abilities import SpellAbility
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import ScenarioError
from kb.engine.targets import TargetSpec

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

MODES = "modes"


@dataclass(frozen=True)
class Mode:
    text: str
    effect: Callable[[Resolution, tuple[int, ...]], object]
    """What the mode does, given the resolution and the indexes of its own target specs."""
    targets: tuple[TargetSpec, ...] = ()


def run_modes(resolution: Resolution, modes: tuple[Mode, ...], chosen: Iterable[int]) -> None:
    """Do what the chosen modes say, in printed order, each with its own slice of the targets
    (700.2c); a mode all of whose targets are illegal does nothing (608.2b).  Modal spells and
    modal triggered abilities (603.3c) both resolve this way."""
    index = 0
    for number in chosen:
        mode = modes[number]
        mine = tuple(range(index, index + len(mode.targets)))
        index += len(mode.targets)
        if mode.targets and not any(resolution.targets(i) for i in mine):
            continue  # every target of this mode is illegal: the mode does nothing (608.2b)
        mode.effect(resolution, mine)


def _run(resolution: Resolution) -> None:
    spell = resolution.game.objects.get(resolution.item.spell or -1)
    ability = spell.card.spell if spell is not None else None
    if not isinstance(ability, ModalSpell) or spell is None:
        return
    run_modes(resolution, ability.modes, chosen_modes(spell))


@dataclass(frozen=True, eq=False)
class ModalSpell(SpellAbility):
    """"Choose [minimum] to [maximum] —" and the modes (700.2)."""

    text: str = ""
    effect: Callable[[Resolution], object] = field(default=_run)
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[Mode, ...] = ()
    minimum: int = 1
    maximum: int = 1
    chooser: str = "you"
    """``"an opponent"``: "An opponent chooses one —" (700.2e)."""
    more_if_paid: tuple[str, int] | None = None
    """"If this spell was kicked, choose any number instead": (the option's keyword, the maximum
    when its cost is announced)."""

    def __post_init__(self) -> None:
        if not self.modes or not 1 <= self.minimum <= self.maximum <= len(self.modes):
            raise ScenarioError(f"{self.text!r}: give modes and how many may be chosen (700.2)")


def modal(text: str, *modes: Mode, minimum: int = 1, maximum: int = 1, chooser: str = "you",
          more_if_paid: tuple[str, int] | None = None) -> ModalSpell:
    return ModalSpell(text, modes=modes, minimum=minimum, maximum=maximum, chooser=chooser,
                      more_if_paid=more_if_paid)


def mode_chooser(game: Game, controller: PlayerId, ability: ModalSpell) -> PlayerId:
    """Who chooses the modes: the controller, or the opponent the controller chooses (700.2e), one
    within the controller's range of influence (801.5a).  That opponent may choose among the modes
    even if the controller is outside their own range: modes aren't objects or players (801.5b)."""
    if ability.chooser == "you":
        return controller
    from kb.engine import influence

    return influence.choosing_opponent(game, controller)


def chosen_modes(spell: GameObject) -> tuple[int, ...]:
    found = spell.chosen.get(MODES, ())
    return tuple(found) if isinstance(found, (list, tuple)) else ()


def announce(game: Game, player: PlayerId, spell: GameObject, every_mode: bool = False) -> None:
    """601.2b, 700.2a: the player chooses the modes (numbers from 0 in printed order); with
    ``every_mode`` (entwine, 702.42a) all of them instead of the number the spell says."""
    ability = spell.card.spell
    if not isinstance(ability, ModalSpell):
        return
    count = len(ability.modes)
    if every_mode:
        spell.chosen[MODES] = tuple(range(count))
        game.touch()
        return

    most = maximum_modes(game, spell, ability)

    def legal(value: object) -> bool:
        return (isinstance(value, (list, tuple)) and ability.minimum <= len(value) <= most
                and len(set(value)) == len(value) and all(isinstance(v, int) and 0 <= v < count for v in value))

    chosen = game.choices.ask(Choice(ChoiceKind.MODE, mode_chooser(game, player, ability), f"modes of {ability.text!r}", accepts=legal,
                                     items=tuple(range(count))))
    assert isinstance(chosen, (list, tuple))
    spell.chosen[MODES] = tuple(sorted(chosen))
    game.touch()


def maximum_modes(game: Game, spell: GameObject, ability: ModalSpell) -> int:
    """How many modes may be chosen: more if the cost that allows it is announced too, though that
    is announced later in 601.2b (601.4: the player may consider that choice now)."""
    from kb.engine import spell_costs

    if ability.more_if_paid is not None and spell_costs.times_paid(game, spell.id, ability.more_if_paid[0]):
        return ability.more_if_paid[1]
    return ability.maximum


def targets(spell: GameObject, specs: tuple[TargetSpec, ...]) -> tuple[TargetSpec, ...]:
    """700.2c: the spell has the targets of the chosen modes only."""
    ability = spell.card.spell
    if not isinstance(ability, ModalSpell):
        return specs
    return tuple(spec for number in chosen_modes(spell) for spec in ability.modes[number].targets)


def extra_modes(spell: GameObject) -> int:
    """How many modes beyond the first were chosen (escalate, 702.120a)."""
    return max(0, len(chosen_modes(spell)) - 1)


__all__ = ["MODES", "ModalSpell", "Mode", "announce", "chosen_modes", "extra_modes", "maximum_modes", "modal",
           "mode_chooser", "run_modes", "targets"]
