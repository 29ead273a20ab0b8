"""What mana abilities add (106, 605): fixed mana, or mana that depends on the game.

A mana ability's ``mana`` is the mana it adds written as symbols (``"{G}"``), or a
:class:`ManaOutput` whose options say, as the ability resolves, each amount and type it could add.
With no option it adds nothing: an ability that would add mana of an undefined type adds none
(106.5); with several, its controller chooses.  Mana may come with a restriction on how it may
be spent (106.6).  :func:`could_produce` answers "the types of mana a permanent could produce"
(106.7): its mana abilities as though they resolved now, whatever their costs; a permanent
whose ability asks what another could produce, and so on back to itself, adds nothing by that
route.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.basics import ObjectId, PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.mana import COLORS, MANA_TYPES, ManaRestriction

if TYPE_CHECKING:
    from kb.engine.abilities import ActivatedAbility
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


@dataclass(frozen=True)
class Production:
    """What a mana ability's output is computed from: the game, its source as it is now, its
    controller, and the permanents already being asked what they could produce (106.7)."""

    game: Game
    source: View
    controller: PlayerId
    asking: frozenset[ObjectId] = frozenset()


@dataclass(frozen=True, eq=False)
class ManaOutput:
    """Mana an ability adds that depends on the game: ``options`` gives each mana it could add,
    written as symbols (``("{R}", "{G}")`` for "one mana of any of these colours", ``("",)`` for
    "no mana", ``()`` when the type isn't defined, 106.5)."""

    text: str
    options: Callable[[Production], tuple[str, ...]]
    restriction: ManaRestriction | None = None


def _mana_abilities(view: View) -> list[ActivatedAbility]:
    from kb.engine import keyword_abilities

    return [a for a in keyword_abilities.activated(view) if a.is_mana_ability]


def options(game: Game, source: View, controller: PlayerId, ability: ActivatedAbility,
            asking: frozenset[ObjectId] = frozenset()) -> tuple[str, ...]:
    """The mana ``ability`` could add now, one option each."""
    mana = ability.mana
    if mana is None:
        return ()
    if isinstance(mana, str):
        return (mana,)
    if isinstance(mana, ManaOutput):
        return mana.options(Production(game, source, controller, asking | {source.id}))
    from kb.engine.context import Context
    from kb.engine.phasing import existing_views

    views = game.views()
    return (mana(Context(game, existing_views(views), source, controller)),)  # counted now (605.2)


def produce(game: Game, player: PlayerId, obj: GameObject, ability: ActivatedAbility,
            source: View | None = None) -> str:
    """The mana ability resolves: its mana goes into its controller's pool (106.4, 605.3b); returns
    it ("" for none: still a mana ability, 605.2).  ``source``: the object as it was when
    activated, if a cost has moved it (113.7a)."""
    found = options(game, source if source is not None else game.view(obj.id), player, ability)
    if not found:
        return ""  # 106.5: no type is defined, no mana
    chosen = found[0] if len(found) == 1 else game.choices.ask(
        Choice(ChoiceKind.COLOR, player, f"what mana {ability.text!r} adds", found))
    restriction = ability.mana.restriction if isinstance(ability.mana, ManaOutput) else None
    if chosen:
        game.players[player].mana.add(str(chosen), restriction)
    game.touch()
    return str(chosen)


def could_produce(game: Game, permanent: ObjectId, asking: frozenset[ObjectId] = frozenset()) -> frozenset[str]:
    """The types of mana ``permanent`` could produce (106.7): what its mana abilities would add if
    they resolved now, costs aside.  A permanent already being asked adds nothing again."""
    if permanent in asking or permanent not in game.objects:
        return frozenset()
    view = game.view(permanent)
    found: set[str] = set()
    for ability in _mana_abilities(view):
        for mana in options(game, view, view.controller, ability, asking):
            found.update(t for t in MANA_TYPES if f"{{{t}}}" in mana)
    return frozenset(found)


def any_color_could_produce(lands: Callable[[Production], list[ObjectId]], text: str) -> ManaOutput:
    """"Add one mana of any color that [lands] could produce" (Exotic Orchard, 106.7)."""

    def choose(production: Production) -> tuple[str, ...]:
        colours: set[str] = set()
        for land in lands(production):
            colours |= could_produce(production.game, land, production.asking)
        return tuple(f"{{{c}}}" for c in COLORS if c in colours)

    return ManaOutput(text, choose)
