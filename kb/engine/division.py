"""Dividing or distributing an effect among targets as a spell is cast (601.2d).

"[This] deals N damage divided as you choose among one or two targets": the player announces the
division right after the targets (601.2d), each target getting at least one, and it is fixed from
then on.  As the spell resolves, a target that has become illegal gets nothing and its share is
not given to the others (608.2b): :func:`shares` reads the division made on casting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine.abilities import SpellAbility
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.targets import Target

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.stack import Resolution

DIVISION = "division"
"""Key of a spell's ``chosen``: the division announced as it was cast, ((target, amount), …)."""


def _deal_damage(resolution: Resolution, parts: list[tuple[Target, int]]) -> None:
    from kb.engine import damage

    source = resolution.source_id
    if source is not None and parts:
        resolution.game.last_known_view(source)
        damage.deal(resolution.game, [(source, target, amount) for target, amount in parts])


def _run(resolution: Resolution) -> None:
    spell = resolution.game.objects.get(resolution.item.spell or -1)
    ability = spell.card.spell if spell is not None else None
    if isinstance(ability, DividedSpell):
        ability.give(resolution, shares(resolution))


@dataclass(frozen=True, eq=False)
class DividedSpell(SpellAbility):
    """A spell that divides ``amount`` (of damage, by default) among its targets (601.2d);
    ``give`` does it, given each legal target's share, simultaneously."""

    text: str = ""
    effect: Callable[[Resolution], object] = field(default=_run)
    amount: int = 0
    give: Callable[[Resolution, list[tuple[Target, int]]], None] = _deal_damage

    def __post_init__(self) -> None:
        if self.amount < 1 or not self.targets:
            raise ScenarioError(f"{self.text!r}: a divided spell needs an amount and targets (601.2d)")


def announce(game: Game, player: PlayerId, spell: GameObject, chosen: tuple[tuple[Target, ...], ...]) -> None:
    """601.2d: the player announces how the amount is divided, each target getting at least one."""
    ability = spell.card.spell
    if not isinstance(ability, DividedSpell):
        return
    picked = tuple(dict.fromkeys(t for group in chosen for t in group))
    if not picked or len(picked) > ability.amount:
        raise IllegalAction(f"{ability.amount} can't be divided so that each of {len(picked)} targets gets "
                            "at least one", "601.2d")

    def legal(value: object) -> bool:
        if not isinstance(value, dict):
            return False
        keys = {getattr(k, "id", k) for k in value}
        amounts = list(value.values())
        return keys == set(picked) and all(isinstance(a, int) and a >= 1 for a in amounts) \
            and sum(amounts) == ability.amount

    if len(picked) == 1:
        division: dict[Target, int] = {picked[0]: ability.amount}
    else:
        answer = game.choices.ask(Choice(ChoiceKind.DIVISION, player, f"how to divide {ability.amount} among the "
                                          "targets", accepts=legal, items=picked))
        assert isinstance(answer, dict)
        division = {_target(k): v for k, v in answer.items()}
    spell.chosen[DIVISION] = tuple((t, division[t]) for t in picked)
    game.touch()


def _target(key: object) -> Target:
    found = getattr(key, "id", key)
    assert isinstance(found, (int, str))
    return found


def division_of(spell: GameObject) -> tuple[tuple[Target, int], ...]:
    found = spell.chosen.get(DIVISION, ())
    return tuple(found) if isinstance(found, tuple) else ()


def shares(resolution: Resolution) -> list[tuple[Target, int]]:
    """What each target still legal gets: its share of the division made on casting (601.2d);
    an illegal target's share is given to no one (608.2b)."""
    spell = resolution.game.objects.get(resolution.item.spell or -1)
    if spell is None:
        return []
    legal = {t for group in resolution.legal for t in group}
    return [(target, amount) for target, amount in division_of(spell) if target in legal]


__all__ = ["DIVISION", "DividedSpell", "announce", "division_of", "shares"]
