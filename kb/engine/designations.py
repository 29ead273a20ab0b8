"""Keyword actions of chapter 701 that give a permanent a designation or a lasting requirement:
goad (701.15), exert (701.43), suspect (701.60) and harness (701.64).  (Monstrous, 701.37, is
in :mod:`kb.engine.keyword_actions`; detain, 701.35, too.)

A designation is neither an ability nor a copiable value (701.15b, 701.60b, 701.64b): it is
kept on the object (``GameObject.designations``), so it ends when the permanent leaves the
battlefield (a new object, 400.7) and a copy doesn't have it.  What a designation does is a
continuous effect that lasts as long as the designation (suspected: menace and "can't block",
701.60c) or a rules change in force for the designation's duration (goaded, until the goading
player's next turn, 701.15a).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine import declarations, rules
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.durations import ForAsLongAs, UntilYourNextTurn
from kb.engine.events import StepEnded
from kb.engine.selectors import only

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game

SUSPECTED = "suspected"
HARNESSED = "harnessed"


def _on_battlefield(game: Game, object_id: ObjectId) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD


# -- goad (701.15) ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoadRequirement(declarations.Requirement):
    """"Attacks a player other than ``goader`` if able" (701.15b): obeyed only by attacking such a
    player (not a planeswalker or a battle)."""

    goader: PlayerId = ""

    def obeyed(self, chosen: Mapping[ObjectId, Any]) -> bool:
        attacked = chosen.get(self.creature)
        return isinstance(attacked, str) and attacked != self.goader


def goaded_by(game: Game, creature: ObjectId) -> list[PlayerId]:
    """The players who goaded ``creature`` and whose goad still lasts, in the order they did."""
    view = game.view(creature)
    return [change.player for change in rules.applies_to(game, rules.Goaded, view)
            if isinstance(change, rules.Goaded)]


def goad(game: Game, creature: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    """701.15a: until ``player``'s next turn, the creature is goaded.  The same player goading it
    again has no effect (701.15d); another player's goad adds requirements (701.15c).  True if it
    became goaded by ``player``."""
    if not _on_battlefield(game, creature) or player in goaded_by(game, creature):
        return False
    game.create_effect(f"goaded by {player}", (), [creature], UntilYourNextTurn(player),
                       rules=[rules.Goaded(only(creature), player)], source=source, controller=player)
    return True


def _goad_requirements(game: Game, views: Mapping[ObjectId, View], candidates: Sequence[ObjectId]
                       ) -> Iterator[declarations.Requirement]:
    """701.15b: each goad is two requirements: attack each combat, and attack a player other than
    the goading one."""
    for creature in candidates:
        for change in rules.applies_to(game, rules.Goaded, views[creature]):
            assert isinstance(change, rules.Goaded)
            yield declarations.Requirement(f"goaded by {change.player}: attacks each combat if able", creature)
            yield GoadRequirement(f"goaded by {change.player}: attacks a player other than {change.player} if able",
                                  creature, goader=change.player)


declarations.ATTACK_REQUIREMENTS["goaded"] = _goad_requirements


# -- exert (701.43) -----------------------------------------------------------------------------------


def exert(game: Game, permanent: ObjectId, player: PlayerId, source: ObjectId | None = None) -> bool:
    """701.43a: it doesn't untap during ``player``'s next untap step.  It may be exerted untapped or
    again (701.43b: every such effect ends in that same untap step); an object not on the
    battlefield can't be exerted (701.43c).  True if it was exerted."""
    if not _on_battlefield(game, permanent):
        return False
    untap_steps_before = _untap_steps_ended(game, player)
    game.create_effect("exerted: doesn't untap during your next untap step", (), [permanent],
                       ForAsLongAs(f"{player}'s next untap step hasn't ended",
                                   lambda g: _untap_steps_ended(g, player) == untap_steps_before),
                       rules=[rules.DoesntUntap(only(permanent), "exerted")], source=source, controller=player)
    return True


def _untap_steps_ended(game: Game, player: PlayerId) -> int:
    from kb.engine.turn import Step

    return sum(1 for e in game.events(StepEnded) if e.step is Step.UNTAP and e.player == player)


# -- suspect (701.60) ---------------------------------------------------------------------------------


def is_suspected(game: Game, permanent: ObjectId) -> bool:
    obj = game.objects.get(permanent)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and SUSPECTED in obj.designations


def suspect(game: Game, creature: ObjectId, source: ObjectId | None = None, controller: PlayerId | None = None
            ) -> bool:
    """701.60a: the creature becomes suspected until it leaves the battlefield or an effect ends it.
    While suspected it has menace and "This creature can't block" (701.60c).  A suspected permanent
    can't become suspected again (701.60d).  True if it became suspected."""
    from kb.engine.parts import gain
    from kb.engine.rules import CantBlock

    obj = game.objects.get(creature)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or SUSPECTED in obj.designations:
        return False
    obj.designations.add(SUSPECTED)
    game.touch()
    game.create_effect("suspected: menace and can't block", [gain("menace")], [creature],
                       ForAsLongAs("it is suspected", lambda g: is_suspected(g, creature)),
                       rules=[CantBlock(only(creature), "suspected: can't block")], source=source,
                       controller=controller or game.view(creature).controller)
    return True


def no_longer_suspected(game: Game, creature: ObjectId) -> None:
    """An effect says it is no longer suspected (701.60a)."""
    obj = game.objects.get(creature)
    if obj is not None and SUSPECTED in obj.designations:
        obj.designations.discard(SUSPECTED)
        game.touch()


# -- harness (701.64) ---------------------------------------------------------------------------------


def is_harnessed(game: Game, permanent: ObjectId) -> bool:
    obj = game.objects.get(permanent)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and HARNESSED in obj.designations


def harness(game: Game, permanent: ObjectId) -> bool:
    """701.64a: if it isn't harnessed, it becomes harnessed, until it leaves the battlefield
    (701.64b).  True if it became harnessed now."""
    obj = game.objects.get(permanent)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or HARNESSED in obj.designations:
        return False
    obj.designations.add(HARNESSED)
    game.touch()
    return True


__all__ = ["HARNESSED", "SUSPECTED", "GoadRequirement", "exert", "goad", "goaded_by", "harness", "is_harnessed",
           "is_suspected", "no_longer_suspected", "suspect"]
