"""Space sculptor and sector designations (702.158, 704.5u).

A sector designation (alpha, beta or gamma) is a designation of a permanent (702.158b), not a
copiable value.  While a permanent with space sculptor is on the battlefield, each creature without
a sector designation gets one as a state-based action (704.5u, 702.158c): first the players who
control none with space sculptor choose for their creatures, then the others.  A permanent keeps
its designation until no player controls a permanent with space sculptor or an ability whose source
has it (702.158b): that is looked at whenever state-based actions are (:data:`kb.engine.sba.IMMEDIATE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kb.engine import keywords, sba
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import with_keyword
from kb.engine.choices import Choice, ChoiceKind

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

SECTORS = ("alpha", "beta", "gamma")
"""702.158b: the three sector designations."""
_PREFIX = "sector: "


def sector_of(game: Game, ref: GameObject | ObjectId) -> str | None:
    object_id = ref if isinstance(ref, int) else ref.id
    obj = game.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        return None
    return next((d[len(_PREFIX):] for d in obj.designations if d.startswith(_PREFIX)), None)


def same_sector(game: Game, a: GameObject | ObjectId, b: GameObject | ObjectId) -> bool:
    """702.158e: two permanents with the same sector designation are in the same sector."""
    first = sector_of(game, a)
    return first is not None and first == sector_of(game, b)


def in_sector(game: Game, sector: str) -> list[GameObject]:
    """702.158d: the creatures in the chosen sector — each creature with that sector designation."""
    views = game.views()
    return [o for o in game.battlefield() if o.id in views and views[o.id].is_a("Creature")
            and sector_of(game, o) == sector]


def _sculptors(views: Mapping[ObjectId, View]) -> list[View]:
    return [v for v in with_keyword(views, "space sculptor") if v.zone is Zone.BATTLEFIELD
            and not v.status.phased_out]


def unsectored(game: Game, views: Mapping[ObjectId, View]) -> list[ObjectId]:
    """704.5u: creatures without a sector designation while a permanent with space sculptor is there."""
    if not _sculptors(views):
        return []
    return [v.id for v in views.values() if v.zone is Zone.BATTLEFIELD and not v.status.phased_out
            and v.is_a("Creature") and sector_of(game, v.id) is None]


def choose_sectors(game: Game, creatures: list[ObjectId]) -> None:
    """702.158c: the players who control none with space sculptor choose first, then the others."""
    views = game.views()
    sculpting = {v.controller for v in _sculptors(views)}
    players: list[PlayerId] = [p for p in game.apnap() if p not in sculpting] + [p for p in game.apnap() if p in sculpting]
    for player in players:
        for creature in creatures:
            if creature in views and views[creature].controller == player and creature in game.objects:
                chosen = game.choices.ask(Choice(ChoiceKind.MODE, player,
                                                 f"a sector designation for {views[creature].name}", SECTORS))
                assert isinstance(chosen, str)
                game.objects[creature].designations.add(_PREFIX + chosen)
    game.touch()


def keep_or_lose(game: Game) -> None:
    """702.158b: sector designations last until no player controls a permanent with space sculptor or an
    ability whose source has it."""
    views = game.views()
    if _sculptors(views) or any(item.source is not None and item.source.has("space sculptor")
                                for item in game.stack if item.ability is not None):
        return
    for obj in game.battlefield():
        marks = {d for d in obj.designations if d.startswith(_PREFIX)}
        if marks:
            obj.designations -= marks
            game.touch()


keywords.MODELLED.update({"space sculptor": "none"})
sba.IMMEDIATE.append(lambda game: sector_designations_last(game))


def sector_designations_last(game: Game) -> None:
    keep_or_lose(game)


__all__ = ["SECTORS", "choose_sectors", "in_sector", "keep_or_lose", "same_sector", "sector_of", "unsectored"]
