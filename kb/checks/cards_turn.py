"""The cards the checks of the turn's structure, priority and combat play with (500-514, 117).

Real cards are written from their Oracle meaning in our own words, keeping the parts the checks
exercise (the parts left out are named); made-up ones are called "Test …" and say what they
stand for.  Each real card is registered in :data:`kb.checks.cards.POOL` with its Japanese name.
"""

from __future__ import annotations

from kb.checks import cards_basics
from kb.checks.cards import real
from kb.engine import (
    ActivatedAbility,
    AttackCost,
    BlockCost,
    CanBlockAdditional,
    MustBeBlocked,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    at_beginning_of,
    attached_to_this,
    attacks,
    card,
    condition,
    cost,
    creatures,
    deals_damage,
    modify_pt,
    target_creature,
    this_object,
)
from kb.engine import turn as turn_structure
from kb.engine.events import DamageDealt, StepBegan
from kb.engine.timing import events_this_turn

# -- creatures ---------------------------------------------------------------------------------------


def _pump(resolution: Resolution) -> None:
    if resolution.source_id is not None and resolution.source_id in resolution.game.objects:
        resolution.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], [resolution.source_id],
                                 UntilEndOfTurn())


FROZEN_SHADE = real("凍てつく影", card(
    "Frozen Shade", "{2}{B}", "Creature — Shade", 0, 1,
    ActivatedAbility("{B}: Frozen Shade gets +1/+1 until end of turn.", cost("{B}"), _pump)))

PALACE_GUARD = real("宮殿の護衛", card(
    "Palace Guard", "{2}{W}", "Creature — Human Soldier", 1, 4,
    StaticAbility("Palace Guard can block any number of creatures.",
                  rules=(CanBlockAdditional(this_object(), None),))))

ELVISH_REGROWER = real("エルフの再生家", card("Elvish Regrower", "{2}{G}{G}", "Creature — Elf Druid", 4, 3))
"""エルフの再生家: its enters-the-battlefield ability is left out."""

VAMPIRE_SPAWN = real("吸血鬼の落とし子", card("Vampire Spawn", "{2}{B}", "Creature — Vampire", 2, 3))
"""吸血鬼の落とし子: its enters-the-battlefield ability is left out."""

HELPFUL_HUNTER = real("お手伝いする狩人", card("Helpful Hunter", "{1}{W}", "Creature — Cat", 1, 1))
"""お手伝いする狩人: its enters-the-battlefield ability is left out."""

JACE_BELEREN = cards_basics.JACE_BELEREN
"""ジェイス・ベレレン: a planeswalker with loyalty 3 (shared with the checks of 306)."""


def _obeka(resolution: Resolution) -> None:
    event = resolution.event
    assert isinstance(event, DamageDealt)
    turn_structure.add_step_after_phase(resolution.game, Step.UPKEEP, times=event.amount,
                                        player=resolution.controller)


OBEKA = real("秒刻みのオベカ", card(
    "Obeka, Splitter of Seconds", "{1}{U}{B}{R}", "Legendary Creature — Ogre Warlock", 2, 5, "menace",
    TriggeredAbility("Whenever Obeka deals combat damage to a player, you get that many additional upkeep steps "
                     "after this phase.", deals_damage(combat_only=True, to_player=True), _obeka)))


def _captain(resolution: Resolution) -> None:
    """"You may put a Soldier creature card from your hand onto the battlefield tapped and attacking"."""
    from kb.engine import ChoiceKind, Zone, combat
    from kb.engine.choices import Choice

    game, player = resolution.game, resolution.controller
    soldiers = tuple(c.id for c in game.hand(player)
                     if game.view(c.id).is_a("Creature") and "Soldier" in game.view(c.id).subtypes)
    if not soldiers or not game.choices.ask(Choice(ChoiceKind.MAY, player, "put a Soldier onto the battlefield",
                                                   (True, False))):
        return
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "which Soldier card", soldiers))
    assert isinstance(chosen, int) and game.objects[chosen].zone is Zone.HAND
    combat.put_onto_battlefield_attacking(game, chosen, player, tapped=True)


PREEMINENT_CAPTAIN = real("秀でた隊長", card(
    "Preeminent Captain", "{2}{W}", "Creature — Kithkin Soldier", 2, 2, "first strike",
    TriggeredAbility("Whenever Preeminent Captain attacks, you may put a Soldier creature card from your hand onto "
                     "the battlefield tapped and attacking.", attacks(), _captain)))

# -- spells and other permanents ---------------------------------------------------------------------


def _relentless_assault(resolution: Resolution) -> None:
    from kb.engine import Phase, combat

    game = resolution.game
    attacked = [a for a in game.objects.values() if combat.attacked_this_turn(game, a.id)]
    game.untap(*attacked)
    turn_structure.add_phases(game, [Phase.COMBAT, Phase.POSTCOMBAT_MAIN], player=resolution.controller)


RELENTLESS_ASSAULT = real("連続突撃", card(
    "Relentless Assault", "{2}{R}{R}", "Sorcery", spell=SpellAbility(
        "Untap all creatures that attacked this turn. After this main phase, there is an additional combat phase "
        "followed by an additional main phase.", _relentless_assault)))


def _first_upkeep_of_enchanted_player(context: object) -> bool:
    from kb.engine.context import Context

    assert isinstance(context, Context)
    source = context.source_state("enchanted player")
    game = context.game
    upkeeps = sum(1 for e in events_this_turn(game) if isinstance(e, StepBegan) and e.step is Step.UPKEEP)
    return game.active == source.attached_to and upkeeps == 1


def _extra_upkeep(resolution: Resolution) -> None:
    source = resolution.source
    assert source is not None and isinstance(source.attached_to, str)
    turn_structure.add_step(resolution.game, Step.UPKEEP, player=source.attached_to)


PARADOX_HAZE = real("逆説のもや", card(
    "Paradox Haze", "{2}{U}", "Enchantment — Aura", "enchant player",
    TriggeredAbility("At the beginning of enchanted player's first upkeep each turn, that player gets an additional "
                     "upkeep step after this step.", at_beginning_of(Step.UPKEEP, "each"), _extra_upkeep,
                     condition=condition("it is enchanted player's first upkeep this turn",
                                         _first_upkeep_of_enchanted_player))))

LURE = real("寄せ餌", card(
    "Lure", "{1}{G}{G}", "Enchantment — Aura", "enchant creature",
    StaticAbility("All creatures able to block enchanted creature do so.",
                  rules=(MustBeBlocked(attached_to_this()),))))

PROPAGANDA = real("プロパガンダ", card(
    "Propaganda", "{2}{U}", "Enchantment",
    StaticAbility("Creatures can't attack you unless their controller pays {2} for each creature they control "
                  "that's attacking you.", rules=(AttackCost(creatures(), "{2}"),))))


def _war_cadence(resolution: Resolution) -> None:
    resolution.create_effect(f"creatures can't block unless their controller pays {{{resolution.x}}} for each",
                             rules=[BlockCost(creatures(), f"{{{resolution.x}}}")], duration=UntilEndOfTurn())


WAR_CADENCE = real("戦いの連打", card(
    "War Cadence", "{2}{R}", "Enchantment",
    ActivatedAbility("{X}{R}: This turn, creatures can't block unless their controller pays {X} for each blocking "
                     "creature they control.", cost("{X}{R}"), _war_cadence)))


def _tap_target(resolution: Resolution) -> None:
    chosen = resolution.objects(0)
    if chosen:
        resolution.game.tap(*chosen)


TEST_TAP = card("Test Tap", "{W}", "Instant", spell=SpellAbility(
    "Tap target creature.", _tap_target, (target_creature(),)))
"""Stands for any instant that taps a creature (a classic play in the beginning of combat step)."""

__all__ = ["ELVISH_REGROWER", "FROZEN_SHADE", "HELPFUL_HUNTER", "JACE_BELEREN", "LURE", "OBEKA",
           "PALACE_GUARD", "PARADOX_HAZE", "PREEMINENT_CAPTAIN", "PROPAGANDA", "RELENTLESS_ASSAULT", "TEST_TAP",
           "VAMPIRE_SPAWN", "WAR_CADENCE"]
