"""Hand-written mutants for the keyword abilities 702.2-702.61: each breaks one rule of a keyword
(or the machinery it stands on) the way an engine could get it wrong.  Collected by
:mod:`kb.checks.mutants`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import (
    activating,
    attach,
    banding,
    casting,
    combat,
    damage,
    keyword_abilities,
    keywords,
    keywords_counters,
    keywords_graveyard,
    keywords_hand,
    keywords_upkeep,
    player_keywords,
    targets,
)
from kb.engine.abilities import ActivatedAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import Characteristics, View
from kb.engine.game import Game
from kb.engine.keywords import Keyword
from kb.engine.objects import GameObject
from kb.engine.selectors import Filter

# -- damage keywords: last known information, any zone, one instance ----------------------------------

_original_source_as_dealt = damage.source_as_dealt


def _without_abilities(view: View) -> View:
    return replace(view, characteristics=replace(view.characteristics, abilities=()))


def _no_last_known_keywords(game: Game, source: ObjectId) -> View:
    view = _original_source_as_dealt(game, source)
    return view if source in game.objects else _without_abilities(view)


def _keywords_only_on_battlefield(game: Game, source: ObjectId) -> View:
    view = _original_source_as_dealt(game, source)
    return view if source not in game.objects or view.zone is Zone.BATTLEFIELD else _without_abilities(view)


def _per_instance(view: View) -> list[Any]:
    return [rule for name, rule in damage.DAMAGE_KEYWORDS.items() for _ in view.keywords(name)]


# -- first and double strike: the second combat damage step ----------------------------------------------

_original_damage_step = combat.damage_step


def _second_step_by_current_abilities(game: Game) -> None:
    """Who deals damage in the second step is decided by first strike now, not at the first step."""
    state = combat.combat(game)
    if state.first_strike_step:
        views = game.views()
        state.had_first_strike = {i for i in [*state.attackers, *state.blockers]
                                  if i in views and (views[i].has("first strike") or views[i].has("double strike"))}
    _original_damage_step(game)


def _never_past(game: Game, view: View, attacked: ObjectId | PlayerId) -> PlayerId | None:
    return None


# -- protection and hexproof ------------------------------------------------------------------------------

_original_protected_from = damage.protected_from


def _never_prevents(game: Game, dealt: Any) -> bool:
    return False


def _removes_everything(protected: View, source: View, *, spared: bool = False) -> bool:
    return _original_protected_from(protected, source)


def _plain_hexproof(game: Game, view: View, controller: PlayerId, source: View | None) -> bool:
    return controller != view.controller


# -- enchant, equip, haste ----------------------------------------------------------------------------------


def _first_enchant_only(aura: View, host: View) -> bool:
    found = aura.keywords("enchant")
    return bool(found) and attach._enchant_allows(found[0].parameter.lower(), aura, host)


def _equip_any_creature(keyword: Keyword) -> ActivatedAbility:
    from kb.engine.costs import cost
    from kb.engine.targets import target_creature

    price = keyword_abilities.equip_parts(keyword)[1]
    original = keyword_abilities._equip(keyword)
    return ActivatedAbility(original.text, cost(price), original.effect, (target_creature(controller="you"),),
                            timing="sorcery")


_original_summoning_sick = activating.summoning_sick


def _haste_only_for_attacking(game: Game, obj: GameObject, view: View) -> bool:
    return _original_summoning_sick(game, obj, replace(view, characteristics=replace(
        view.characteristics, abilities=tuple(a for a in view.abilities
                                              if not (isinstance(a, Keyword) and a.name == "haste")))))


# -- banding and blocking requirements ------------------------------------------------------------------------


def _any_bands(game: Game, chosen: Any, bands: Any) -> str | None:
    return None


def _blocks_not_spread(state: Any, chosen: Any) -> dict[ObjectId, tuple[ObjectId, ...]]:
    return dict(chosen)


def _controller_assigns(game: Game, state: Any, creature: ObjectId) -> PlayerId | None:
    return None


def _only_itself_blocked(game: Game, attacker: ObjectId) -> None:
    if game.combat is not None:
        game.combat.blocked.add(attacker)
        game.touch()


# -- upkeep costs, the graveyard, the hand ----------------------------------------------------------------------


def _always(*args: object) -> bool:
    return True


def _cycling_counts_twice(t: Any) -> int:
    from kb.engine.keywords_hand import Cycled

    return 1 if isinstance(t.event, Cycled) and t.event.player == t.source.controller else \
        _original_discards(t)


_original_discards = keywords_hand.discards_or_cycles


def _attacking_is_unblocked(game: Game, creature: ObjectId) -> bool:
    return game.combat is not None and creature in game.combat.attackers and creature not in game.combat.blocked


def _forecast_any_upkeep(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    return None


def _never_revealed(game: Game, card: GameObject) -> bool:
    return False


def _sunburst_counts_mana(context: Any, move: Any) -> int:
    obj = context.game.objects[move.object_id]
    spent = obj.chosen.get("mana spent", ())
    return len(spent) if isinstance(spent, tuple) else 0


def _commander_ninjutsu_from_hand_only(keyword: Keyword) -> ActivatedAbility | tuple[ActivatedAbility, ...]:
    return keyword_abilities.KEYWORD_ACTIVATED["ninjutsu"](Keyword("ninjutsu", keyword.parameter))


def _plain_activated_only(obj: object) -> bool:
    return any(isinstance(getattr(h, "ability", h), ActivatedAbility) for h in getattr(obj, "abilities", ()))


_original_is_legal = attach.is_legal
_original_aura_target = casting.aura_target


def _auras_never_on_players(game: Game, attachment: View, target: Any) -> bool:
    return not isinstance(target, str) and _original_is_legal(game, attachment, target)


def _aura_spells_target_anything(quality: str) -> Any:
    from kb.engine.targets import TargetSpec

    spec = _original_aura_target(quality)
    if spec.objects is None:
        return spec
    return TargetSpec(spec.text, Filter("any permanent", lambda c, o: True, frozenset()), spec.players)


# -- players' keyword abilities --------------------------------------------------------------------------


def _players_have_nothing(game: Game, player: PlayerId) -> View:
    return View(player_keywords.PLAYER_ID, Zone.COMMAND, player, player, 0, Characteristics(), Characteristics())


MUTANTS: tuple[Mutant, ...] = (
    Mutant("damage-keywords-forget-last-known", "702.2e",
           "a source that left its zone before dealing damage has no deathtouch or lifelink",
           ((damage, "source_as_dealt", _no_last_known_keywords),)),
    Mutant("damage-keywords-only-on-battlefield", "702.2d",
           "deathtouch and lifelink work only for a source on the battlefield",
           ((damage, "source_as_dealt", _keywords_only_on_battlefield),)),
    Mutant("damage-keywords-per-instance", "702.15f", "each instance of lifelink or deathtouch acts again",
           ((damage, "keyword_rules", _per_instance),)),
    Mutant("second-step-by-current-abilities", "702.7c",
           "the second combat damage step is dealt by whoever lacks first strike now",
           ((combat, "damage_step", _second_step_by_current_abilities),)),
    Mutant("no-trample-over-planeswalkers", "702.19c", "trample over planeswalkers is plain trample",
           ((combat, "_past_planeswalker", _never_past),)),
    Mutant("protection-doesnt-prevent-damage", "702.16e", "protection doesn't prevent damage",
           ((damage, "_protection_prevents", _never_prevents),)),
    Mutant("protection-removes-everything", "702.16n", "protection that doesn't remove some permanents removes them",
           ((damage, "protected_from", _removes_everything),)),
    Mutant("hexproof-from-is-hexproof", "702.11d", "hexproof from a quality stops every opponent's spell",
           ((targets, "TARGETING", {**targets.TARGETING, "hexproof": _plain_hexproof}),)),
    Mutant("first-enchant-ability-only", "702.5c", "an Aura with several enchant abilities obeys only the first",
           ((attach, "_enchants", _first_enchant_only),)),
    Mutant("equip-ignores-its-quality", "702.6c", "equip [quality] may target any creature you control",
           ((keyword_abilities, "KEYWORD_ACTIVATED", {**keyword_abilities.KEYWORD_ACTIVATED,
                                                      "equip": _equip_any_creature}),)),
    Mutant("haste-doesnt-help-tapping", "702.10c", "haste doesn't let a new creature use {T} abilities",
           ((activating, "summoning_sick", _haste_only_for_attacking),)),
    Mutant("any-creatures-band", "702.22c", "any attacking creatures may form a band",
           ((combat, "BAND_RULE", _any_bands),)),
    Mutant("blocking-one-doesnt-block-the-band", "702.22h", "a creature blocking one of a band blocks only that one",
           ((combat, "spread_blocks", _blocks_not_spread),)),
    Mutant("attacker-controller-assigns-against-banding", "702.22j",
           "the active player assigns an attacker's damage even when a creature with banding blocks it",
           ((combat, "ASSIGNER", {**combat.ASSIGNER, "attacker": _controller_assigns}),)),
    Mutant("blocker-controller-assigns-against-banding", "702.22k",
           "the defending player assigns a blocker's damage even when it blocks a creature with banding",
           ((combat, "ASSIGNER", {**combat.ASSIGNER, "blocker": _controller_assigns}),)),
    Mutant("effect-blocks-one-of-a-band", "702.22i", "an effect that blocks one creature of a band blocks only it",
           ((banding, "becomes_blocked", _only_itself_blocked),)),
    Mutant("bands-with-other-stays", "702.22b", "losing banding doesn't lose \"bands with other\"",
           ((keywords, "LOST_WITH", {}),)),
    Mutant("echo-every-upkeep", "702.30a", "echo triggers in every upkeep, not only the first after it arrives",
           ((keywords_upkeep, "came_under_control_since_last_upkeep", _always),)),
    Mutant("unpayable-costs-offered", "702.24a", "a cost that can't be paid is offered anyway (and the permanent stays)",
           ((keywords_upkeep, "can_pay", _always),)),
    Mutant("sunburst-counts-mana", "702.44b", "sunburst counts the mana spent, not its colours",
           ((keywords_counters, "sunburst_count", _sunburst_counts_mana),)),
    Mutant("dredge-without-enough-cards", "702.52b", "a player can dredge with too few cards in their library",
           ((keywords_graveyard, "can_mill", _always),)),
    Mutant("cycling-triggers-discard-twice", "702.29d", "cycling a card triggers a cycle-or-discard ability twice",
           ((keywords_hand, "discards_or_cycles", _cycling_counts_twice),)),
    Mutant("ninjutsu-before-blockers", "702.49c", "ninjutsu can return an attacker before blockers are declared",
           ((keywords_hand, "unblocked", _attacking_is_unblocked),)),
    Mutant("forecast-any-step", "702.57b", "forecast can be activated outside its owner's upkeep",
           ((keywords_hand, "forecast_restriction", _forecast_any_upkeep),)),
    Mutant("ninjutsu-never-revealed", "702.49b", "a card whose ability is on the stack isn't revealed",
           ((keywords_hand, "revealed", _never_revealed),)),
    Mutant("commander-ninjutsu-only-from-hand", "702.49d", "commander ninjutsu works only from the hand",
           ((keyword_abilities, "KEYWORD_ACTIVATED", {**keyword_abilities.KEYWORD_ACTIVATED,
                                                      "commander ninjutsu": _commander_ninjutsu_from_hand_only}),)),
    Mutant("cycling-is-no-activated-ability", "702.29b", "cycling on a permanent isn't an activated ability",
           ((keywords_hand, "has_activated_ability", _plain_activated_only),)),
    Mutant("auras-never-enchant-players", "702.5d", "an Aura with enchant player can't be attached to a player",
           ((attach, "is_legal", _auras_never_on_players),)),
    Mutant("aura-spells-target-anything", "702.5a", "an Aura spell may target what it couldn't enchant",
           ((casting, "aura_target", _aura_spells_target_anything),)),
    Mutant("protection-removes-what-was-attached", "702.16p",
           "protection that leaves attached permanents alone removes them all the same",
           ((damage, "protected_from", _removes_everything),)),
    Mutant("players-have-no-keywords", "702.11c", "an effect giving a player hexproof or protection does nothing",
           ((player_keywords, "view", _players_have_nothing),)),
)
