"""Engine mutants for the keyword abilities of 702.142-702.189 played on the battlefield
(:mod:`kb.engine.keywords_new`): each breaks one rule they brought.  :mod:`kb.checks.mutants`
collects them; the keyword tables' entries get their generated mutants there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.checks.mutants import Mutant
from kb.engine import (
    ascend,
    cases,
    daybound,
    facedown,
    keywords_new,
    keywords_new_casting,
    keywords_recent,
    sagas,
    sectors,
    speed,
    stack,
    transform,
)
from kb.engine.basics import Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.events import AbilityActivated, TurnBegan
from kb.engine.keywords import Keyword

if TYPE_CHECKING:
    from kb.engine.basics import PlayerId
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def _any_time(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    return None


def _activated_this_turn(game: Game, obj: GameObject, text: str) -> bool:
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            return False
        if isinstance(event, AbilityActivated) and event.source_id == obj.id and event.text == text:
            return True
    return False


def _never(*args: object) -> bool:
    return False


def _always(*args: object) -> bool:
    return True


def _nothing(*args: object) -> None:
    return None


def _speed_or_minus_one(game: Game, player: PlayerId) -> int:
    value = game.players[player].speed
    return -1 if value is None else value


def _set_only_existing_speed(game: Game, player: PlayerId, value: int) -> None:
    if game.players[player].speed is not None:
        game.players[player].speed = value
        game.touch()


def _read_ahead_each_time(context: object, move: Any) -> bool:
    return bool(move.to_zone is Zone.BATTLEFIELD)


_TURN_FACE_UP = facedown.turn_face_up


def _face_up_without_x(game: Game, obj: GameObject, *, megamorph_paid: bool = False, x: int = 0) -> bool:
    return _TURN_FACE_UP(game, obj, megamorph_paid=megamorph_paid, x=0)


def _blessing_for_one_player(game: Game, player: PlayerId) -> bool:
    if any(ascend.CITYS_BLESSING in p.designations for p in game.players.values()):
        return False
    if len(game.battlefield(player)) < ascend.ASCEND_THRESHOLD:
        return False
    game.players[player].designations.add(ascend.CITYS_BLESSING)
    game.touch()
    return True


def _blessing_unseen(game: Game, player: PlayerId) -> bool:
    if ascend.has_citys_blessing(game, player) or len(game.battlefield(player)) < ascend.ASCEND_THRESHOLD:
        return False
    game.players[player].designations.add(ascend.CITYS_BLESSING)  # continuous effects not applied again
    return True


def _enlist_anything(game: Game, attacker: int, candidate: GameObject, chosen: Any, used: set[int]) -> bool:
    return candidate.id not in used and not candidate.tapped


_ENLIST_TRIGGER = keywords_new.enlist_trigger


def _enlist_triggers_once(game: Game, attacker: int, creature: int) -> None:
    if len([e for e in game.events(keywords_new.Enlisted) if e.attacker == attacker]) <= 1:
        _ENLIST_TRIGGER(game, attacker, creature)


def _sculptors_choose_first(game: Game, creatures: list[int]) -> None:
    views = game.views()
    sculpting = {v.controller for v in views.values() if v.zone is Zone.BATTLEFIELD and v.has("space sculptor")}
    for player in sorted(game.apnap(), key=lambda p: p not in sculpting):
        for creature in creatures:
            if creature in views and views[creature].controller == player:
                chosen = game.choices.ask(Choice(ChoiceKind.MODE, player, "a sector designation", sectors.SECTORS))
                game.objects[creature].designations.add(f"sector: {chosen}")
    game.touch()


def _every_creature(game: Game, sector: str) -> list[GameObject]:
    return game.creatures()


_GIFT_BEGIN = keywords_new_casting.Gift.begin


def _gift_given_as_cast(self: Any, game: Game, player: PlayerId, spell: GameObject, keyword: Any) -> None:
    _GIFT_BEGIN(self, game, player, spell, keyword)
    view = game.view(spell.id)
    for instance in view.keywords("gift"):
        keywords_new_casting.give(game, instance.parameter, str(spell.chosen[keywords_new_casting.GIFT_TO]))


def _no_promised_targets(self: Any, spell: Any, specs: Any, keyword: Any) -> Any:
    return specs


def _warped_any_time(game: Game, player: PlayerId, card: GameObject) -> bool:
    return keywords_new_casting.warped_turn(game, card) is not None


def _usable_anyway(self: Any, game: Game, player: PlayerId, spell: GameObject) -> str | None:
    return None


_MARKED_BEFORE = keywords_new_casting._marked_before


def _marked_earlier(game: Game, spell: GameObject, mark: str) -> int | None:
    turn = _MARKED_BEFORE(game, spell, mark)
    return None if turn is None else turn - 1


class _OtherEvent:
    """Stands for an event no trigger looks for."""

    def __init__(self, *args: object) -> None:
        self.args = args


def _no_reduction(self: Any, game: Game, spell: GameObject) -> int:
    return 0


def _material_by_battlefield_only(game: Game, candidate: GameObject, kind: str) -> bool:
    view = game.view(candidate.id)
    return candidate.zone is Zone.BATTLEFIELD and (view.is_a(kind) or kind in view.subtypes)


def _every_other_ability(abilities: Sequence[object], backup: Keyword) -> tuple[object, ...]:
    return tuple(a for a in abilities if not (isinstance(a, Keyword) and a.name == "backup"))


def _current_abilities(game: Game, source: View) -> tuple[object, ...]:
    return tuple(game.view(source.id).abilities) if source.id in game.objects else tuple(source.abilities)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("boast-any-time", "702.142a", "a boast ability can be activated though the creature didn't attack",
           ((keywords_new, "boast_restriction", _any_time),)),
    Mutant("boasting-isnt-boast", "702.142b", "activating a boast ability isn't boasting",
           ((keywords_new, "BOAST_PREFIX", "(no boast)"),)),
    Mutant("exhaust-once-each-turn", "702.177a", "an exhaust ability can be activated again in a later turn",
           ((keywords_new, "activated_before", _activated_this_turn),)),
    Mutant("backup-gives-every-ability", "702.165c", "backup gives every other ability, above it too",
           ((keywords_new, "abilities_below", _every_other_ability),)),
    Mutant("backup-reads-current-abilities", "702.165d",
           "backup gives the abilities the creature has as the ability resolves",
           ((keywords_new, "backup_abilities", _current_abilities),)),
    Mutant("firebending-mana-lost", "702.189a", "firebending's mana is lost as steps end, like other mana",
           ((keywords_new, "_kept_through_combat", _never),)),
    Mutant("firebending-mana-kept-forever", "702.189a", "firebending's mana is kept after combat too",
           ((keywords_new, "_kept_through_combat", _always),)),
    Mutant("mentoring-unnoticed", "702.134c", "a resolving mentor ability isn't the creature mentoring",
           ((keywords_recent, "mentored", _nothing),)),
    Mutant("speed-never-rises", "702.179d", "a player's speed ability never triggers",
           ((speed, "speed_triggers", _nothing),)),
    Mutant("speed-rises-each-time", "702.179d", "the speed ability triggers each time, not once each turn",
           ((speed, "triggered_this_turn", _never),)),
    Mutant("speed-past-four", "702.179d", "speed goes past 4 (the ability has no intervening 'if')",
           ((speed, "MAX_SPEED", 99),)),
    Mutant("no-speed-is-none", "702.179f", "an effect reading the speed of a player with none gets nothing",
           ((speed, "speed", _speed_or_minus_one),)),
    Mutant("speed-set-only-if-had", "702.179c", "an instruction setting a player's speed does nothing while they "
           "have none", ((speed, "set_speed", _set_only_existing_speed),)),
    Mutant("read-ahead-chapters-all-trigger", "702.155a", "a Saga with read ahead triggers the chapters it skipped",
           ((sagas, "read_ahead_allows", _always),)),
    Mutant("read-ahead-each-instance", "702.155c", "each instance of read ahead adds its own lore counters",
           ((keywords_new, "_read_ahead_applies", _read_ahead_each_time),)),
    Mutant("solved-statics-always", "702.169b", "a 'Solved —' static ability applies before the Case is solved",
           ((cases, "applies_while_solved", _always),)),
    Mutant("solved-triggers-always", "702.169c", "a 'Solved —' triggered ability triggers before the Case is solved",
           ((cases, "triggers_while_solved", _always),)),
    Mutant("solved-activates-always", "702.169d", "a 'Solved —' activated ability can be activated before the Case "
           "is solved", ((cases, "activates_while_solved", _always),)),
    Mutant("day-night-nothing-transforms", "702.145b", "nothing transforms as it becomes day or night",
           ((daybound, "as_it_becomes", _nothing),)),
    Mutant("day-night-no-corrections", "702.145c", "day, night and daybound or nightbound permanents may disagree",
           ((daybound, "corrections", _nothing),)),
    Mutant("daybound-transforms-freely", "702.145b", "other effects can transform daybound and nightbound permanents",
           ((transform, "only_by_day_night", _never),)),
    Mutant("disguise-x-forgotten", "702.168e", "X chosen as a permanent is turned face up isn't remembered",
           ((facedown, "turn_face_up", _face_up_without_x),)),
    Mutant("permanents-dont-ascend", "702.131b", "ascend on a permanent does nothing",
           ((ascend, "permanent_ascend", _nothing),)),
    Mutant("ascend-needs-eleven", "702.131a", "ascend needs eleven permanents",
           ((ascend, "ASCEND_THRESHOLD", 11),)),
    Mutant("blessing-for-one-player", "702.131c", "only one player at a time can have the city's blessing",
           ((ascend, "ascend", _blessing_for_one_player),)),
    Mutant("enlist-never-asked", "702.154a", "an attacking creature with enlist can't enlist",
           ((keywords_new, "pay_enlist", _nothing),)),
    Mutant("enlist-adds-nothing", "702.154b", "paying the enlist cost triggers nothing",
           ((keywords_new, "enlist_trigger", _nothing),)),
    Mutant("enlist-anything", "702.154c", "any untapped creature may be enlisted, itself and summoning-sick ones too",
           ((keywords_new, "may_enlist", _enlist_anything),)),
    Mutant("enlist-triggers-once", "702.154d", "a second instance of enlist doesn't trigger for its own payment",
           ((keywords_new, "enlist_trigger", _enlist_triggers_once),)),
    Mutant("sculptors-choose-first", "702.158c", "the players controlling a space sculptor choose sectors first",
           ((sectors, "choose_sectors", _sculptors_choose_first),)),
    Mutant("sectors-last-forever", "702.158b", "sector designations stay after the last space sculptor leaves",
           ((sectors, "keep_or_lose", _nothing),)),
    Mutant("every-creature-in-the-sector", "702.158d", "an ability acting on a sector acts on every creature",
           ((sectors, "in_sector", _every_creature),)),
    Mutant("spectacle-any-time", "702.137a", "spectacle can be used though no opponent lost life this turn",
           ((keywords_new_casting, "opponent_lost_life_this_turn", _always),)),
    Mutant("nothing-escaped", "702.138b", "a spell cast with escape, and its permanent, didn't escape",
           ((keywords_new_casting, "escaped", _never),)),
    Mutant("gift-nothing-given", "702.174d", "a promised gift gives nothing",
           ((keywords_new_casting, "give", _nothing),)),
    Mutant("gift-unnoticed", "702.174c", "giving a gift isn't noticed by 'whenever you give a gift'",
           ((keywords_new_casting, "gave_a_gift", _nothing),)),
    Mutant("gift-given-as-cast", "702.174j", "the gift is given as the spell is cast, even if it never resolves",
           ((keywords_new_casting.Gift, "begin", _gift_given_as_cast),)),
    Mutant("gift-targets-never-added", "702.174m", "a spell promised a gift doesn't get the targets of that part",
           ((keywords_new_casting.Gift, "targets", _no_promised_targets),)),
    Mutant("warped-cast-this-turn", "702.185a", "a warped card may be cast again the turn it was exiled",
           ((keywords_new_casting, "_warped_castable", _warped_any_time),)),
    Mutant("mayhem-without-discarding", "702.187b", "mayhem casts a card that wasn't discarded this turn",
           ((keywords_new_casting.Mayhem, "usable", _usable_anyway),)),
    Mutant("foretell-any-turn", "702.143a", "a card can be foretold during another player's turn",
           ((keywords_new_casting, "may_foretell_now", _always),)),
    Mutant("foretold-or-plotted-cast-at-once", "702.143a", "a foretold or plotted card may be cast the turn it "
           "became so", ((keywords_new_casting, "_marked_before", _marked_earlier),)),
    Mutant("foretelling-unnoticed", "702.143c", "foretelling a card isn't noticed by what refers to it",
           ((keywords_new_casting, "Foretold", _OtherEvent),)),
    Mutant("plot-any-time", "702.170a", "a card can be plotted outside your main phase",
           ((keywords_new_casting, "may_plot_now", _always),)),
    Mutant("plotting-unnoticed", "702.170e", "plotting a card isn't noticed by what refers to it",
           ((keywords_new_casting, "Plotted", _OtherEvent),)),
    Mutant("cast-transformed-face-up", "702.146b", "a spell cast transformed (disturb, More Than Meets the Eye) is "
           "front face up", ((keywords_new_casting.CastTransformed, "begin", _usable_anyway),)),
    Mutant("exhaust-never-noticed", "702.177b", "'if you haven't activated an exhaust ability this turn' always holds",
           ((keywords_new_casting, "activated_exhaust_this_turn", _never),)),
    Mutant("harmonize-no-reduction", "702.180a", "harmonize's total cost isn't reduced by the tapped creature's power",
           ((keywords_new_casting.Harmonize, "reduction", _no_reduction),)),
    Mutant("harmonize-taps-nothing", "702.180b", "the creature chosen for harmonize isn't tapped",
           ((keywords_new_casting.TapChosenCreature, "pay", _usable_anyway),)),
    Mutant("craft-materials-on-the-battlefield-only", "702.167b", "craft materials can't be cards in the graveyard",
           ((keywords_new, "is_material", _material_by_battlefield_only),)),
    Mutant("blessing-unseen", "702.131d", "continuous effects aren't applied again after a player gets the city's "
           "blessing", ((ascend, "ascend", _blessing_unseen),)),
)

TABLES: tuple[tuple[object, str, str], ...] = ((stack, "SPELL_KEYWORDS_FIRST", "spell ability"),)
"""Keyword tables of these keywords: each entry gets a generated mutant (:data:`kb.checks.mutants.KEYWORD_TABLES`)."""
