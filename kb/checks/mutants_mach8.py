"""Engine mutants for the machinery rules the mach8 checks reach: each breaks one rule.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    ability_instances,
    activating,
    before_the_game,
    casting,
    day_night,
    keywords_zones,
    layers,
    libraries,
    rules,
    selectors,
    targets,
    teams,
)
from kb.engine.basics import Zone
from kb.engine.mana import ManaCost


def _in_printed_order(specs: Sequence[Any]) -> list[int]:
    return list(range(len(specs)))


def _top_with_entering(game: Any, player: Any, count: int) -> list[Any]:
    library = game.players[player].library
    return list(reversed(library[-count:])) if count > 0 else []


def _each_player_has_priority(game: Any, player: Any) -> Any:
    return player


def _team_spells_add_up(game: Any) -> int:
    return sum(game.players[p].spells_cast for p in teams.active_team(game))


def _only_the_active_player(game: Any, player: Any) -> bool:
    return bool(player == game.active)


def _exiled_by_this_object_only(game: Any, player: Any, source: int) -> list[int]:
    found = []
    for obj in game.in_zone(Zone.EXILE):
        record = obj.chosen.get(before_the_game.EXILED_BEFORE_THE_GAME)
        if isinstance(record, tuple) and record[0] == player:
            exiler = record[2]
            while exiler in game.became:
                exiler = game.became[exiler]
            if exiler == source:
                found.append(obj.id)
    return found


def _choice_left_behind(old: Any, new: Any) -> None:
    return None


def _anyone_may_begin(game: Any, player: Any, card: Any) -> bool:
    return True


def _only_the_controller_now(game: Any, permanent: int) -> set[Any]:
    return {game.view(permanent).controller} if permanent in game.objects else set()


def _any_color_for_the_printed_cost_only(game: Any, player: Any, view: Any, ability: Any, x: int) -> Any:
    printed = ability.cost.mana.with_x(x) if ability.cost.mana is not None else None
    if printed is not None and rules.spends_as_any_color(game, player, view):
        printed = printed.payable_with_any_color()
    increases = [s for more in rules.activation_cost_increases(game, player, view) for s in ManaCost.parse(more).symbols]
    if not increases:
        return printed
    return ManaCost((printed.symbols if printed is not None else ()) + tuple(increases))


def _never_its_own(effect: Any, object_id: int) -> bool:
    return False


def _linked_by_text(view: Any, which: Any, ability: Any) -> str:
    return ""


def _own_name_only(candidate: Any, name: str) -> bool:
    return bool(candidate.name == name)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("targets-in-printed-order", "601.6b", "the targets of a spell or ability are announced in printed order, "
           "an opponent's choice before its controller's", ((targets, "announcing_order", _in_printed_order),)),
    Mutant("library-top-includes-entering", "614.13c", "a card entering the battlefield from the library is among "
           "the top cards another replacement effect exiles or mills", ((libraries, "top", _top_with_entering),)),
    Mutant("priority-per-player-in-team-turns", "117.6", "with shared team turns each player, not the team, receives "
           "priority and passes", ((teams, "side", _each_player_has_priority),)),
    Mutant("day-night-team-spells-add-up", "502.2a", "the day/night check adds up the spells of the previous active "
           "team's players", ((day_night, "spells_counted", _team_spells_add_up),)),
    Mutant("team-turn-is-one-players", "506.2b", "with shared team turns only the active player, not every player of "
           "the active team, is taking the turn (attacks, lands, sorcery timing)",
           ((teams, "is_active", _only_the_active_player),)),
    Mutant("pre-game-exile-linked-to-its-object", "607.2n", "cards exiled before the game are linked only to the "
           "object that exiled them, not to every object of its name",
           ((before_the_game, "exiled_with_cards_named", _exiled_by_this_object_only),)),
    Mutant("pre-game-choice-forgotten-on-zone-change", "607.2p", "a choice made before the game stays behind when the "
           "object changes zones (400.7)", ((before_the_game, "carried", _choice_left_behind),)),
    Mutant("cast-face-down-exiled-unseen", "601.3f", "a player may begin to cast a spell from among face-down cards in "
           "exile without being able to look at the card", ((casting, "may_begin_from_face_down", _anyone_may_begin),)),
    Mutant("hideaway-look-by-controller-now", "702.75a", "only the player controlling the hideaway permanent now may "
           "look at the exiled card, not every player who has controlled it",
           ((keywords_zones, "have_controlled", _only_the_controller_now),)),
    Mutant("payment-change-on-printed-activation-cost", "602.1e", "a change to how an activation cost is paid "
           "applies to the printed cost only, not to what other effects add to it",
           ((activating, "total_mana_cost", _any_color_for_the_printed_cost_only),)),
    Mutant("granted-by-own-ability-not-printed", "607.1a", "an ability an object has because of an ability printed on "
           "it is not treated as printed on it for linked abilities", ((layers, "_grants_its_own", _never_its_own),)),
    Mutant("granted-abilities-linked-by-text", "607.1", "an ability another object granted is linked with the abilities "
           "printed on the object when its text is the same", ((ability_instances, "link_scope", _linked_by_text),)),
    Mutant("named-by-its-own-name-only", "612.7", "an object is named only by its own name, not by the names an effect "
           "gave it in addition to it", ((selectors, "is_named", _own_name_only),)),
)
