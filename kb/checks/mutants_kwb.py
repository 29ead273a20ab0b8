"""Engine mutants for the keyword actions' other behaviour subrules checked in
:mod:`kb.checks.cr.cr701_behaviour_subrules`: each breaks one of those rules on purpose.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    attractions,
    combat,
    counters,
    facedown,
    keyword_actions,
    keywords_casting,
    keywords_recent,
    regeneration,
    spell_copies,
    zones,
)
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import Revealed, Tapped
from kb.engine.game import Game
from kb.engine.keyword_actions import PLUS_ONE
from kb.engine.mana import ManaCost
from kb.engine.objects import FaceDown, GameObject
from kb.engine.replacement import Move, ReplacementContext

_original_monstrosity = keyword_actions.monstrosity
_original_search_for_cards = keyword_actions.search_for_cards
_original_ways = facedown.ways_to_turn_face_up


def _monstrosity_forgets_x(game: Game, permanent: ObjectId, count: int) -> None:
    """It becomes monstrous, but its other abilities find no X."""
    _original_monstrosity(game, permanent, count)
    obj = game.objects.get(permanent)
    if obj is not None:
        obj.chosen.pop("monstrosity X", None)


def _search_reveals(game: Game, player: PlayerId, count: int) -> list[ObjectId]:
    """Every card found by a search is revealed, told to or not."""
    found = _original_search_for_cards(game, player, count)
    for i in found:
        game.emit(Revealed(i, game.objects[i].card.name, "found by a search"))
    return found


def _amassed_only_with_an_army(game: Game, player: PlayerId, subtype: str, count: int) -> ObjectId | None:
    """An amass that could choose no Army is as though it never happened: no "whenever you amass"."""
    from kb.engine.cards import token

    def armies() -> tuple[ObjectId, ...]:
        return tuple(o.id for o in game.creatures(player) if "Army" in game.view(o).subtypes)

    if not armies():
        game.create_token(token(None, f"Creature — {subtype} Army", 0, 0, colors="B"), player)
    found = armies()
    if not found:
        return None
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "the Army to amass with", found))
    assert isinstance(chosen, int)
    counters.put(game, game.objects[chosen], PLUS_ONE, count)
    game.emit(keyword_actions.Amassed(player, chosen))
    return chosen


def _cloaked_not_by_mana_cost(game: Game, obj: GameObject) -> dict[str, tuple[ManaCost, bool]]:
    """Only a manifested creature card may be turned face up for its mana cost, not a cloaked one."""
    ways = _original_ways(game, obj)
    if obj.face_down is FaceDown.CLOAK:
        ways.pop("mana cost", None)
    return ways


def _manifested_by_mana_cost_only(game: Game, obj: GameObject) -> dict[str, tuple[ManaCost, bool]]:
    """A manifested or cloaked card with morph or disguise may be turned face up only for its mana cost."""
    ways = _original_ways(game, obj)
    if obj.face_down in (FaceDown.MANIFEST, FaceDown.CLOAK) and "mana cost" in ways:
        return {"mana cost": ways["mana cost"]}
    return ways


def _life_totals_swapped_outright(game: Game, first: PlayerId, second: PlayerId) -> None:
    """The two life totals are swapped as numbers: no life is gained or lost."""
    one, other = game.players[first].life, game.players[second].life
    game.players[first].life, game.players[second].life = other, one


def _regenerated_untapped(game: Game, permanent: ObjectId) -> None:
    """Regeneration removes the damage and takes it out of combat but doesn't tap it."""
    obj = game.objects[permanent]
    obj.damage = 0
    obj.deathtouch_damage = False
    combat.remove_from_combat(game, permanent)


_original_regenerates_source = regeneration._regenerates_source


def _static_regeneration_used_up(context: ReplacementContext, move: Move) -> bool:
    """A static ability regenerates its permanent only the first time (as a shield would be used up)."""
    done = any(isinstance(e, Tapped) and e.object_id == move.object_id for e in context.game.log)
    return not done and _original_regenerates_source(context, move)


_original_move = zones.move


def _splice_follows_the_card(game: Game, obj: GameObject, zone: Zone, **options: Any) -> GameObject | None:
    """The cards spliced onto a spell stay with the card after it leaves the stack."""
    spliced = obj.chosen.get(keywords_casting.SPLICED)
    moved = _original_move(game, obj, zone, **options)
    if moved is not None and spliced:
        moved.chosen[keywords_casting.SPLICED] = spliced
    return moved


def _every_token_embalmed(token: GameObject) -> bool:
    """Any token counts as embalmed, not only one a resolving embalm ability created."""
    return token.is_token


def _open_from_any_deck(game: Game, player: PlayerId) -> GameObject | None:
    """A player without an Attraction deck opens the top card of another player's."""
    decks = [attractions.deck_of(game, p) for p in (player, *game.players)]
    deck = next((d for d in decks if d), [])
    if not deck:
        return None
    top = deck[-1]
    top.designations = {d for d in top.designations if not d.startswith(attractions.IN_DECK)}
    top.face_down = None
    entered = game.move(top, Zone.BATTLEFIELD, controller=player)
    if entered is None or entered.zone is not Zone.BATTLEFIELD:
        return None
    attractions.announce(game, attractions.AttractionOpened(player, entered.id))
    return entered


_original_become_bestowed = keywords_casting.become_bestowed


def _copies_not_bestowed(game: Game, spell: GameObject, player: PlayerId) -> None:
    """A cast bestowed spell becomes an Aura, but a copy of it stays a creature spell."""
    if not spell_copies.is_copy(spell):
        _original_become_bestowed(game, spell, player)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("bestowed-copies-are-creatures", "702.103c", "a copy of a bestowed Aura spell isn't a bestowed Aura spell",
           ((keywords_casting, "become_bestowed", _copies_not_bestowed),)),
    Mutant("attraction-from-anyones-deck", "701.51a",
           "a player who isn't playing with an Attraction deck opens the top card of another player's",
           ((attractions, "open_attraction", _open_from_any_deck),)),
    Mutant("every-token-embalmed", "702.128b", "a token counts as embalmed whatever created it",
           ((keywords_recent, "is_embalmed", _every_token_embalmed),)),
    Mutant("splice-follows-the-card", "702.47e", "a spell keeps its splice changes after it leaves the stack",
           ((zones, "move", _splice_follows_the_card),)),
    Mutant("static-regeneration-used-up", "701.19b", "a static ability regenerates its permanent only once",
           ((regeneration, "_regenerates_source", _static_regeneration_used_up),)),
    Mutant("life-totals-swapped-outright", "701.12g", "exchanging life totals gains and loses no life",
           ((keyword_actions, "exchange_life_totals", _life_totals_swapped_outright),)),
    Mutant("regeneration-doesnt-tap", "701.19b", "a regenerated permanent isn't tapped",
           ((regeneration, "_regenerated", _regenerated_untapped),)),
    Mutant("monstrosity-forgets-x", "701.37c", "other abilities of a permanent that became monstrous find no X",
           ((keyword_actions, "monstrosity", _monstrosity_forgets_x),)),
    Mutant("search-reveals-found", "701.23e", "the cards a search finds are revealed even if nothing says so",
           ((keyword_actions, "search_for_cards", _search_reveals),)),
    Mutant("amassed-only-with-an-army", "701.47b", "a player who could put counters on no Army didn't amass",
           ((keyword_actions, "amass", _amassed_only_with_an_army),)),
    Mutant("cloaked-not-by-mana-cost", "701.58b", "a cloaked creature card can't be turned face up for its mana cost",
           ((facedown, "ways_to_turn_face_up", _cloaked_not_by_mana_cost),)),
    Mutant("face-down-by-mana-cost-only", "701.58c",
           "a manifested or cloaked card with morph or disguise turns face up only for its mana cost",
           ((facedown, "ways_to_turn_face_up", _manifested_by_mana_cost_only),)),
)
