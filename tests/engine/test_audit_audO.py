"""Audit audO (issue 11): continuous effects as a judge meets them at a table.

Written as a new user from the README's engine section, ``kb.engine``'s public names and the CR
(rule numbers in each comment), without reading earlier audits or the engine's code.  Each
scenario names the real card whose behaviour it borrows; cards are described in our own words.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from kb.engine import (
    AttackCost,
    AttackLimit,
    CantAttack,
    CantBeBlocked,
    CantBlock,
    CantGainLife,
    CardType,
    ChoiceKind,
    CostChange,
    Damage,
    DamageCantBePrevented,
    DoesntCauseTriggers,
    FaceDown,
    Game,
    GameObject,
    IllegalAction,
    MustAttack,
    MustBeBlocked,
    MustBlock,
    NotModelled,
    PlayersHave,
    Replacement,
    ReplacementContext,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    UntilLeaves,
    Zone,
    ZoneChanged,
    attached_to_this,
    card,
    creatures,
    enters,
    gain,
    gain_control,
    is_attacking,
    is_blocked,
    is_blocking,
    keyword,
    lose_all_abilities,
    modify_pt,
    objects,
    only,
    permanents,
    prevent_damage,
    spells,
    target_creature,
    turn_face_down,
    where,
    while_controls,
)
from kb.engine.parts import base_pt, control

BEARS = card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2)
SOWER = card("Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard", 2, 2, "flying")
GIANT = card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3)
WALL = card("Wall of Stone", "{1}{R}{R}", "Creature — Wall", 0, 8, "defender")
ANTHEM = card("Glorious Anthem", "{1}{W}{W}", "Enchantment",
              StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you")))
CONTROL_MAGIC = card("Control Magic", "{2}{U}{U}", "Enchantment — Aura", "enchant creature",
                     StaticAbility("You control enchanted creature.", (gain_control(),), attached_to_this()))
GHOSTLY_PRISON = card("Ghostly Prison", "{2}{W}", "Enchantment", StaticAbility(
    "Creatures can't attack you unless their controller pays {2} for each.",
    rules=(AttackCost(creatures(controller="opponent"), "{2}", players="you"),)))
PROPAGANDA = card("Propaganda", "{2}{U}", "Enchantment", StaticAbility(
    "Creatures can't attack you unless their controller pays {2} for each.",
    rules=(AttackCost(creatures(controller="opponent"), "{2}", players="you"),)))
SULFURIC_VORTEX = card("Sulfuric Vortex", "{1}{R}{R}", "Enchantment", StaticAbility(
    "If a player would gain life, that player gains no life instead.", rules=(CantGainLife(players="any"),)))
THALIA = card("Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier", 2, 1, "first strike",
              StaticAbility("Noncreature spells cost {1} more to cast.",
                            rules=(CostChange(spells(not_types=["Creature"]), 1),)))
SHOCK = card("Shock", "{R}", "Instant", spell=SpellAbility(
    "Shock deals 2 damage to any target.", lambda r: None, ()))
GROWTH = card("Giant Growth", "{G}", "Instant", spell=SpellAbility(
    "Target creature gets +3/+3 until end of turn.",
    lambda r: r.create_effect("+3/+3", [modify_pt(3, 3)], r.targets(0), UntilEndOfTurn()),
    (target_creature(),)))


def _double(text: str) -> Replacement:
    """Furnace of Rath: damage that would be dealt is dealt doubled instead (614.1a)."""
    return Replacement(text, Damage, lambda c, d: d.amount > 0,
                       lambda c, d: dataclasses.replace(d, amount=d.amount * 2))


FURNACE = card("Furnace of Rath", "{1}{R}{R}{R}", "Enchantment", StaticAbility(
    "If a source would deal damage, it deals double that damage instead.", replacements=(_double("Furnace"),)))


def _game() -> Game:
    return Game(["A", "B"])


def _steal_until_eot(game: Game, who: str, creature: object, *, haste: bool = True) -> None:
    """Threaten / Act of Treason: gain control until end of turn, untap, it gains haste (611.2a)."""
    parts = [control(who), gain("haste")] if haste else [control(who)]
    game.create_effect("Threaten", parts, [creature], UntilEndOfTurn(), controller=who)  # type: ignore[list-item]


def _attack_blocked(game: Game, attacker: object, blocker: object) -> None:
    """A attacks with ``attacker``; B blocks it with ``blocker``."""
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])  # type: ignore[list-item]
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({blocker: attacker})  # type: ignore[dict-item]


def _attack(game: Game, *attackers: object) -> None:
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(list(attackers))  # type: ignore[arg-type]


def _must_attack(game: Game) -> None:
    """"Creatures attack each combat if able" this turn."""
    game.create_effect("attacks each combat if able", rules=[MustAttack(creatures())], duration=UntilEndOfTurn(),
                       controller="A")


def _growth_in_hand(game: Game) -> tuple[GameObject, GameObject]:
    """A's Giant Growth in hand, A's Bears to target, and {G} for A."""
    growth = game.place(GROWTH, Zone.HAND, "A")
    bears = game.place(BEARS, player="A")
    game.add_mana("A", "{G}")
    return growth, bears


# --- Control-changing effects: static vs resolved, timestamps (611.2, 611.3, 613.1b, 613.7) ---


def test_control_magic_static_control_ends_when_aura_leaves() -> None:
    # 611.3a: a static ability's effect applies only while the permanent is there; 613.1b layer 2.
    game = _game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    assert game.view(bears).controller == "A"
    game.destroy(magic)
    assert game.view(bears).controller == "B"


def test_threaten_over_control_magic_by_timestamp_then_back() -> None:
    # 613.7: a later control effect wins in layer 2; when it ends, the earlier one applies again.
    game = _game()
    bears = game.place(BEARS, player="B")
    game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    _steal_until_eot(game, "B", bears)
    assert game.view(bears).controller == "B"
    game.next_turn()
    assert game.view(bears).controller == "A"


def test_control_magic_later_than_threaten_wins() -> None:
    # 613.7a/e: an Aura's timestamp is when it was attached; the later control effect wins.
    game = _game()
    bears = game.place(BEARS, player="B")
    _steal_until_eot(game, "A", bears)
    game.place(CONTROL_MAGIC, player="B", attached_to=bears)
    assert game.view(bears).controller == "B"


def test_stolen_creature_is_summoning_sick_without_haste() -> None:
    # 302.6: a creature can't attack unless under its controller's control continuously since the turn began.
    game = _game()
    bears = game.place(BEARS, player="B")
    _steal_until_eot(game, "A", bears, haste=False)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_act_of_treason_creature_can_attack_its_owner() -> None:
    # 611.2a, 302.6 + 702.10 haste: the stolen creature attacks its owner.
    game = _game()
    bears = game.place(BEARS, player="B")
    _steal_until_eot(game, "A", bears)
    _attack(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_resolved_pump_follows_creature_across_control_change() -> None:
    # 611.2c: a resolved effect's affected set is fixed; a change of controller doesn't remove the bonus.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.create_effect("Creatures you control get +1/+1 until end of turn", [modify_pt(1, 1)],
                       creatures(controller="you"), UntilEndOfTurn(), controller="A")
    game.create_effect("B steals it", [control("B")], [bears], UntilEndOfTurn(), controller="B")
    assert game.view(bears).controller == "B"
    assert game.view(bears).pt == (3, 3)


def test_resolved_pump_doesnt_reach_creature_arriving_later() -> None:
    # 611.2c: a creature that enters after the effect began is not affected.
    game = _game()
    game.place(BEARS, player="A")
    game.create_effect("Creatures you control get +1/+1 until end of turn", [modify_pt(1, 1)],
                       creatures(controller="you"), UntilEndOfTurn(), controller="A")
    late = game.put_onto_battlefield(BEARS, "A")
    assert late is not None
    assert game.view(late).pt == (2, 2)


def test_static_anthem_reaches_stolen_creature_and_leaves_lost_one() -> None:
    # 611.3a: a static ability's affected set is determined continually.
    game = _game()
    mine = game.place(BEARS, player="A")
    theirs = game.place(GIANT, player="B")
    game.place(ANTHEM, player="A")
    game.create_effect("swap", [control("B")], [mine], UntilEndOfTurn(), controller="B")
    game.create_effect("swap", [control("A")], [theirs], UntilEndOfTurn(), controller="A")
    assert game.view(mine).pt == (2, 2)
    assert game.view(theirs).pt == (4, 4)


def test_rule_change_from_resolved_spell_reaches_later_creature() -> None:
    # 611.2c: only effects changing characteristics or controller fix their set; "creatures can't block
    # this turn" (Falter-like, a rules change) also stops a creature that enters later.
    game = _game()
    attacker = game.place(GIANT, player="A")
    game.create_effect("Creatures can't block this turn", rules=[CantBlock(creatures())], duration=UntilEndOfTurn(),
                       controller="A")
    late = game.put_onto_battlefield(BEARS, "B")
    assert late is not None
    _attack(game, attacker)
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({late: attacker})


# --- "For as long as" and "until" durations ending at odd moments (611.2b, 610.3, 702.26) ---


def test_sower_effect_ends_when_sower_leaves() -> None:
    # 611.2b: "for as long as you control Sower of Temptation".
    game = _game()
    sower = game.place(SOWER, player="A")
    bears = game.place(BEARS, player="B")
    game.create_effect("Sower", [control("A")], [bears], while_controls("A", sower), controller="A", source=sower)
    assert game.view(bears).controller == "A"
    game.destroy(sower)
    assert game.view(bears).controller == "B"


def test_sower_effect_ends_for_good_when_sower_changes_control() -> None:
    # 611.2b: once the "for as long as" duration ends, the effect doesn't return when it holds again.
    game = _game()
    sower = game.place(SOWER, player="A")
    bears = game.place(BEARS, player="B")
    game.create_effect("Sower", [control("A")], [bears], while_controls("A", sower), controller="A", source=sower)
    _steal_until_eot(game, "B", sower)
    assert game.view(bears).controller == "B"
    game.next_turn()
    assert game.view(sower).controller == "A"
    assert game.view(bears).controller == "B"


def test_sower_phasing_out_ends_effect() -> None:
    # 702.26d/f? A phased-out Sower is treated as though it doesn't exist: "you control Sower" is false,
    # the duration ends (611.2b) and doesn't come back when Sower phases in.
    game = _game()
    sower = game.place(SOWER, player="A")
    bears = game.place(BEARS, player="B")
    game.create_effect("Sower", [control("A")], [bears], while_controls("A", sower), controller="A", source=sower)
    game.phase_out(sower)
    assert game.view(bears).controller == "B"
    game.phase_in(sower)
    assert game.view(bears).controller == "B"


def test_until_leaves_survives_source_phasing_out() -> None:
    # 702.26d: phasing out isn't leaving the battlefield; an "until ~ leaves" effect continues.
    game = _game()
    keeper = game.place(card("Old Man of the Sea", "{1}{U}{U}", "Creature — Djinn", 2, 3), player="A")
    bears = game.place(BEARS, player="B")
    game.create_effect("steal", [control("A")], [bears], UntilLeaves(keeper), controller="A", source=keeper)
    game.phase_out(keeper)
    game.phase_in(keeper)
    assert game.view(bears).controller == "A"
    game.destroy(keeper)
    assert game.view(bears).controller == "B"


def test_control_magic_creature_phases_out_and_back_stays_stolen() -> None:
    # 702.26g: the Aura phases out with the creature and back in attached; Control Magic applies again.
    game = _game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    game.phase_out(bears)
    assert game.view(magic).phased_out
    game.phase_in(bears)
    assert game.view(bears).controller == "A"


def test_act_of_treason_ends_while_phased_out() -> None:
    # 702.26d: an effect may end while the permanent is phased out; "until end of turn" ends in cleanup.
    game = _game()
    bears = game.place(BEARS, player="B")
    _steal_until_eot(game, "A", bears)
    game.phase_out(bears)
    game.next_turn()
    game.phase_in(bears)
    assert game.view(bears).controller == "B"


def test_static_ability_of_phased_out_permanent_stops() -> None:
    # 702.26b: a phased-out Glorious Anthem is treated as though it doesn't exist.
    game = _game()
    bears = game.place(BEARS, player="A")
    anthem = game.place(ANTHEM, player="A")
    game.phase_out(anthem)
    assert game.view(bears).pt == (2, 2)
    game.phase_in(anthem)
    assert game.view(bears).pt == (3, 3)


def test_sulfuric_vortex_phased_out_lets_life_gain() -> None:
    # 613.11 rule-changing effect; 702.26b phased out: no effect.
    game = _game()
    vortex = game.place(SULFURIC_VORTEX, player="A")
    game.gain_life("B", 3)
    assert game.players["B"].life == 20
    game.phase_out(vortex)
    game.gain_life("B", 3)
    assert game.players["B"].life == 23


def test_thalia_tax_and_phased_out_thalia() -> None:
    # 601.2f cost increase from a static ability; gone while phased out (702.26b).
    game = _game()
    thalia = game.place(THALIA, player="B")
    growth, bears = _growth_in_hand(game)
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bears])
    game.phase_out(thalia)
    game.cast("A", growth, targets=[bears])
    game.resolve_stack()
    assert game.view(bears).pt == (5, 5)


def test_face_down_thalia_has_no_tax() -> None:
    # 708.2: a face-down permanent has no abilities, so its cost increase doesn't apply.
    game = _game()
    thalia = game.place(THALIA, player="B")
    turn_face_down(game, thalia)
    growth, bears = _growth_in_hand(game)
    game.cast("A", growth, targets=[bears])
    game.resolve_stack()
    assert game.view(bears).pt == (5, 5)


def test_two_thalias_tax_adds_up() -> None:
    # 601.2f: cost increases add up ({G} + {1} + {1}).  (Legend rule: different names.)
    game = _game()
    game.place(THALIA, player="B")
    game.place(card("Vryn Wingmare", "{2}{W}", "Creature — Pegasus", 2, 1, "flying",
                    StaticAbility("Noncreature spells cost {1} more to cast.",
                                  rules=(CostChange(spells(not_types=["Creature"]), 1),))), player="B")
    growth = game.place(GROWTH, Zone.HAND, "A")
    bears = game.place(BEARS, player="A")
    game.add_mana("A", "{G}{1}")
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bears])
    game.add_mana("A", "{1}")
    game.cast("A", growth, targets=[bears])


# --- Attack costs, requirements and restrictions (508.1c-d, 509.1c) ---


def test_ghostly_prison_attack_unpaid_is_illegal() -> None:
    # 508.1g-h: an attack cost must be paid; unpaid, the declaration is illegal.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.place(GHOSTLY_PRISON, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_ghostly_prison_and_propaganda_costs_add_up() -> None:
    # 508.1h: the total cost is {4} for one creature; four lands pay it.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.place(GHOSTLY_PRISON, player="B")
    game.place(PROPAGANDA, player="B")
    lands = [game.place(card("Plains", None, "Basic Land — Plains"), player="A") for _ in range(4)]
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears], pay_with=lands[:2])
    game.declare_attackers([bears], pay_with=lands)
    assert is_attacking(game, bears)


def test_must_attack_but_costs_need_not_be_paid() -> None:
    # 508.1d: a requirement with a cost is not a requirement to pay: not attacking is legal.
    game = _game()
    bears = game.place(BEARS, player="A")
    _must_attack(game)
    game.place(PROPAGANDA, player="B")
    game.place(card("Plains", None, "Basic Land — Plains"), player="A")
    game.place(card("Plains", None, "Basic Land — Plains"), player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    assert not is_attacking(game, bears)


def test_must_attack_without_attacking_is_illegal() -> None:
    # 508.1d: the requirement is obeyed as far as possible.
    game = _game()
    bears = game.place(BEARS, player="A")
    _must_attack(game)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([])
    game.declare_attackers([bears])


def test_cant_attack_beats_must_attack() -> None:
    # 508.1c before 508.1d; 101.2: "can't" beats a requirement.
    game = _game()
    bears = game.place(BEARS, player="A")
    _must_attack(game)
    game.create_effect("can't attack", rules=[CantAttack(creatures())], duration=UntilEndOfTurn(), controller="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    assert not is_attacking(game, bears)


def test_must_attack_tapped_creature_no_requirement() -> None:
    # 508.1d: a tapped creature isn't able to attack; no requirement.
    game = _game()
    bears = game.place(BEARS, player="A", tapped=True)
    _must_attack(game)
    game.advance_to(Step.DECLARE_ATTACKERS)  # no untapped creature: the declaration is made with none
    game.advance_to(Step.END_OF_COMBAT)
    assert not is_attacking(game, bears)
    assert game.players["B"].life == 20


def test_must_attack_with_limit_one_of_two() -> None:
    # 508.1d: with "no more than one creature can attack", obey the most requirements possible: one attacks.
    game = _game()
    a = game.place(BEARS, player="A")
    b = game.place(GIANT, player="A")
    _must_attack(game)
    game.create_effect("no more than one", rules=[AttackLimit(1)], duration=UntilEndOfTurn(), controller="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([])
    with pytest.raises(IllegalAction):
        game.declare_attackers([a, b])
    game.declare_attackers([a])


# --- Control change in combat (506.4, 509.1h) ---


def test_attacker_changing_control_leaves_combat() -> None:
    # 506.4: a creature whose controller changes is removed from combat; it deals no combat damage.
    game = _game()
    bears = game.place(BEARS, player="A")
    _attack(game, bears)
    game.create_effect("B gains control", [control("B")], [bears], UntilEndOfTurn(), controller="B")
    assert not is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_blocker_changing_control_leaves_attacker_blocked() -> None:
    # 506.4, 509.1h: the attacker stays blocked; with no blocker and no trample it deals no damage.
    game = _game()
    giant = game.place(GIANT, player="A")
    wall = game.place(WALL, player="B")
    _attack_blocked(game, giant, wall)
    game.pass_priority()
    game.create_effect("A gains control", [control("A")], [wall], UntilEndOfTurn(), controller="A")
    assert not is_blocking(game, wall)
    assert is_blocked(game, giant)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_stolen_attacker_returned_removed_from_combat_when_threaten_ends_not_before() -> None:
    # 506.4: while control stays, it stays attacking (an untap doesn't remove it).
    game = _game()
    bears = game.place(BEARS, player="B")
    _steal_until_eot(game, "A", bears)
    _attack(game, bears)
    game.untap(bears)
    assert is_attacking(game, bears)


# --- Prevention and replacement with continuous effects (614, 615, 616.1) ---


def test_fog_prevents_combat_damage_not_shock() -> None:
    # 615.1a: "prevent all combat damage that would be dealt this turn" (Fog).
    game = _game()
    bears = game.place(BEARS, player="A")
    game.create_effect("Fog", replacements=[prevent_damage(combat_only=True)], duration=UntilEndOfTurn(),
                       controller="B")
    _attack(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    game.deal_damage(bears, "B", 2)
    assert game.players["B"].life == 18


def test_fog_does_not_reach_next_turn() -> None:
    # 514.2: "this turn" effects end in cleanup.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.create_effect("Fog", replacements=[prevent_damage(combat_only=True)], duration=UntilEndOfTurn(),
                       controller="B")
    game.next_turn()
    game.next_turn()
    _attack(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_circle_of_protection_shield_once() -> None:
    # 615.7: "the next time a red source of your choice would deal damage to you this turn, prevent it".
    game = _game()
    goblin = game.place(card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1), player="A")
    game.create_effect("COP: Red", replacements=[prevent_damage(to="B", source=goblin, uses=1)],
                       duration=UntilEndOfTurn(), controller="B")
    game.deal_damage(goblin, "B", 2)
    assert game.players["B"].life == 20
    game.deal_damage(goblin, "B", 2)
    assert game.players["B"].life == 18


def test_two_furnaces_quadruple() -> None:
    # 614.5, 616.1: each replacement applies once: 2 → 4 → 8.
    game = _game()
    goblin = game.place(card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1), player="A")
    game.place(FURNACE, player="A")
    game.place(FURNACE, player="B")
    game.deal_damage(goblin, "B", 2)
    assert game.players["B"].life == 12


def test_furnace_and_prevent_three_affected_player_orders() -> None:
    # 616.1: the affected player (B) chooses: prevent 3 first then double (0), or double then prevent (1).
    for first_prevent, life in ((True, 20), (False, 19)):
        game = _game()
        goblin = game.place(card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1), player="A")
        game.place(FURNACE, player="A")
        shield = prevent_damage(3, to="B", uses=1, text="Healing Salve")
        game.create_effect("Healing Salve", replacements=[shield], duration=UntilEndOfTurn(), controller="B")
        game.choices.script(ChoiceKind.REPLACEMENT,
                            lambda c, p=first_prevent: next(o for o in c.options
                                                            if ("Salve" in str(o)) == p), player="B")
        game.deal_damage(goblin, "B", 2)
        assert game.players["B"].life == life, first_prevent


def test_furnace_and_prevention_unscripted_asks() -> None:
    # 616.1: the order matters and the affected player must choose: the model must not guess.
    game = _game()
    goblin = game.place(card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1), player="A")
    game.place(FURNACE, player="A")
    game.create_effect("Healing Salve", replacements=[prevent_damage(3, to="B", uses=1)],
                       duration=UntilEndOfTurn(), controller="B")
    from kb.engine import UnscriptedChoice
    with pytest.raises(UnscriptedChoice):
        game.deal_damage(goblin, "B", 2)


def _worship_replacement() -> Replacement:
    def applies(c: ReplacementContext, d: Damage) -> bool:
        you = c.context.you
        assert you is not None
        return (d.recipient == you and any(c.game.view(o).controller == you for o in c.game.creatures())
                and c.game.players[you].life - d.amount < 1)

    def replace(c: ReplacementContext, d: Damage) -> Damage:
        you = c.context.you
        assert you is not None
        return dataclasses.replace(d, amount=max(0, c.game.players[you].life - 1))

    return Replacement("Worship", Damage, applies, replace, pure=False)


def test_worship_keeps_life_at_one_while_you_control_a_creature() -> None:
    # 614.1a: Worship's replacement; with no creature, the damage is dealt in full.
    game = _game()
    bears = game.place(BEARS, player="B")
    game.place(card("Worship", "{3}{W}", "Enchantment",
                    StaticAbility("Worship", replacements=(_worship_replacement(),))), player="B")
    goblin = game.place(card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1), player="A")
    game.deal_damage(goblin, "B", 25)
    assert game.players["B"].life == 1
    game.destroy(bears)
    game.deal_damage(goblin, "B", 5)
    game.refresh_priority()
    assert game.players["B"].life == -4


def test_giant_growth_then_humility_timestamp() -> None:
    # 613.4b then 613.4c: Humility sets 1/1 in 7b, Giant Growth's +3/+3 in 7c whatever the order.
    humility = card("Humility", "{2}{W}{W}", "Enchantment", StaticAbility(
        "All creatures lose all abilities and have base power and toughness 1/1.",
        (base_pt(1, 1),), creatures()))
    game = _game()
    bears = game.place(BEARS, player="A")
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bears], UntilEndOfTurn(), controller="A")
    game.place(humility, player="B")
    assert game.view(bears).pt == (4, 4)


def test_pump_from_ability_survives_source_leaving() -> None:
    # 611.2a: a resolved ability's effect lasts its duration even when its source leaves.
    game = _game()
    bears = game.place(BEARS, player="A")
    giver = game.place(card("Pump Knight", "{W}", "Creature — Human Knight", 1, 1), player="A")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [bears], UntilEndOfTurn(), controller="A", source=giver)
    game.destroy(giver)
    assert game.view(bears).pt == (4, 4)


def test_face_down_platinum_angel_does_not_stop_losing() -> None:
    # 708.2: face down it has no abilities; its owner at 0 life loses (704.5a).
    from kb.engine.winning import cant_lose
    game = _game()
    angel = game.place(card("Platinum Angel", "{7}", "Artifact Creature — Angel", 4, 4,
                            StaticAbility("You can't lose the game.", replacements=(cant_lose(),))), player="A")
    game.lose_life("A", 20)
    game.refresh_priority()
    assert not game.players["A"].lost
    turn_face_down(game, angel)
    game.refresh_priority()
    assert game.players["A"].lost


def _creature_entering(game: Game, event: object) -> bool:
    return (isinstance(event, ZoneChanged) and event.enters_battlefield and event.new_id is not None
            and game.view(event.new_id).is_a(CardType.CREATURE))


TORPOR_ORB = card("Torpor Orb", "{2}", "Artifact", StaticAbility(
    "Creatures entering the battlefield don't cause abilities to trigger.",
    rules=(DoesntCauseTriggers(objects(), _creature_entering),)))
HUSHWING = card("Hushwing Gryff", "{2}{W}", "Creature — Hippogriff", 2, 1, "flash", "flying", StaticAbility(
    "Creatures entering the battlefield don't cause abilities to trigger.",
    rules=(DoesntCauseTriggers(objects(), _creature_entering),)))
WARDEN = card("Soul Warden", "{W}", "Creature — Human Cleric", 1, 1, TriggeredAbility(
    "Whenever another permanent enters, you gain 1 life.", enters(permanents()),
    lambda r: r.game.gain_life(r.controller, 1)))
ELEMENTAL = card("Thragtusk", "{4}{G}", "Creature — Beast", 5, 3, TriggeredAbility(
    "When this creature enters, you gain 5 life.", enters(), lambda r: r.game.gain_life(r.controller, 5)))


def test_torpor_orb_stops_enter_triggers_of_creatures_only() -> None:
    # 613.11 rule change (Torpor Orb); before audO there was no way to write it.  A land entering still
    # triggers Soul Warden; Thragtusk's own and Warden's triggers for it don't happen.
    game = _game()
    game.place(WARDEN, player="A")
    orb = game.place(TORPOR_ORB, player="B")
    game.put_onto_battlefield(ELEMENTAL, "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 20
    game.put_onto_battlefield(card("Forest", None, "Basic Land — Forest"), "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 21
    game.phase_out(orb)  # 702.26b: phased out, no effect
    game.put_onto_battlefield(ELEMENTAL, "A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 27


def test_face_down_hushwing_gryff_stops_nothing() -> None:
    # 708.2: face down, the Gryff has no abilities.
    game = _game()
    gryff = game.place(HUSHWING, player="B")
    game.put_onto_battlefield(ELEMENTAL, "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 20
    turn_face_down(game, gryff)
    game.put_onto_battlefield(ELEMENTAL, "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 25


LEYLINE_OF_PUNISHMENT = card("Leyline of Punishment", "{2}{R}{R}", "Enchantment", StaticAbility(
    "Players can't gain life. Damage can't be prevented.",
    rules=(CantGainLife(players="any"), DamageCantBePrevented(objects()))))


def test_leyline_of_punishment_beats_fog_and_shield() -> None:
    # 615.12: damage that can't be prevented meets Fog and a shield but none of it is prevented.
    # (Could not be set up before audO: there was no rules change for it.)
    game = _game()
    bears = game.place(BEARS, player="A")
    goblin = game.place(GOBLIN, player="A")
    leyline = game.place(LEYLINE_OF_PUNISHMENT, player="A")
    game.create_effect("Fog", replacements=[prevent_damage(combat_only=True)], duration=UntilEndOfTurn(),
                       controller="B")
    game.create_effect("prevent all to B", replacements=[prevent_damage(to="B")], duration=UntilEndOfTurn(),
                       controller="B")
    game.deal_damage(goblin, "B", 2)
    assert game.players["B"].life == 18
    _attack(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16
    game.phase_out(leyline)  # 702.26b: phased out, prevention works again
    game.deal_damage(goblin, "B", 2)
    assert game.players["B"].life == 16
    # whether a "the next time" shield is used up on damage that can't be prevented: said so, not guessed
    game.phase_in(leyline)
    game.create_effect("COP", replacements=[prevent_damage(to="B", source=goblin, uses=1, text="COP")],
                       duration=UntilEndOfTurn(), controller="B")
    game.choices.script(ChoiceKind.REPLACEMENT, lambda c: next(o for o in c.options if "COP" in str(o)), player="B")
    with pytest.raises(NotModelled, match="can't be"):
        game.deal_damage(goblin, "B", 2)


def test_leyline_of_punishment_only_some_sources() -> None:
    # 615.12 with a filter: "damage dealt by creatures you control can't be prevented" leaves other damage preventable.
    game = _game()
    mine = game.place(GOBLIN, player="A")
    theirs = game.place(GOBLIN, player="B")
    game.place(card("Unpreventable Lord", "{2}{R}", "Enchantment", StaticAbility(
        "Damage that would be dealt by creatures you control can't be prevented.",
        rules=(DamageCantBePrevented(creatures(controller="you")),))), player="A")
    game.create_effect("prevent all", replacements=[prevent_damage()], duration=UntilEndOfTurn(), controller="B")
    game.deal_damage(mine, "B", 2)
    game.deal_damage(theirs, "A", 2)
    assert game.players["B"].life == 18
    assert game.players["A"].life == 20


def test_face_down_is_not_facedown_enum_misuse() -> None:
    # place(face_down=True) is refused: FaceDown.MORPH must be said (a trap made an error).
    game = _game()
    thalia = game.place(THALIA, player="B", face_down=FaceDown.MORPH)
    assert game.view(thalia).name is None


# --- Second round: odder moments ---


GOBLIN = card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1)


def test_ghostly_prison_doesnt_tax_attacking_a_planeswalker() -> None:
    # Ghostly Prison says "attack you": attacking B's planeswalker needs no payment (508.1g).
    game = _game()
    bears = game.place(BEARS, player="A")
    game.place(GHOSTLY_PRISON, player="B")
    jace = game.place(card("Jace Beleren", "{1}{U}{U}", "Legendary Planeswalker — Jace", loyalty=3), player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: jace})
    assert is_attacking(game, bears)


def test_own_control_effect_on_own_attacker_doesnt_remove_it() -> None:
    # 506.4: only a change of controller removes a creature from combat.
    game = _game()
    bears = game.place(BEARS, player="A")
    _attack(game, bears)
    game.create_effect("A gains control", [control("A")], [bears], UntilEndOfTurn(), controller="A")
    assert is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_stolen_creature_pays_owners_ghostly_prison() -> None:
    # Act of Treason on B's creature, B's Ghostly Prison: A must pay to attack B with it (508.1g).
    game = _game()
    bears = game.place(BEARS, player="B")
    game.place(GHOSTLY_PRISON, player="B")
    _steal_until_eot(game, "A", bears)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_phased_out_propaganda_taxes_nothing() -> None:
    # 702.26b.
    game = _game()
    bears = game.place(BEARS, player="A")
    prop = game.place(PROPAGANDA, player="B")
    game.phase_out(prop)
    _attack(game, bears)
    assert is_attacking(game, bears)


def test_face_down_archangel_of_tithes_taxes_nothing() -> None:
    # 708.2: face down, no abilities, no attack cost; face up again, the cost is back.
    tithes = card("Archangel of Tithes", "{1}{W}{W}{W}", "Creature — Angel", 3, 5, "flying", "morph {1}{W}",
                  StaticAbility("Creatures can't attack you unless their controller pays {1} for each.",
                                rules=(AttackCost(creatures(controller="opponent"), "{1}", players="you"),)))
    game = _game()
    bears = game.place(BEARS, player="A")
    angel = game.place(tithes, player="B", face_down=FaceDown.MORPH)
    _attack(game, bears)
    assert is_attacking(game, bears)
    del angel


def test_face_up_archangel_of_tithes_taxes() -> None:
    tithes = card("Archangel of Tithes", "{1}{W}{W}{W}", "Creature — Angel", 3, 5, "flying", "morph {1}{W}",
                  StaticAbility("Creatures can't attack you unless their controller pays {1} for each.",
                                rules=(AttackCost(creatures(controller="opponent"), "{1}", players="you"),)))
    game = _game()
    bears = game.place(BEARS, player="A")
    angel = game.place(tithes, player="B", face_down=FaceDown.MORPH)
    from kb.engine import turn_face_up
    turn_face_up(game, angel)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_cost_reduction_doesnt_reduce_colored() -> None:
    # 601.2f: a generic reduction can't reduce {G}: Giant Growth still needs {G}.
    game = _game()
    game.place(card("Helm of Awakening", "{2}", "Artifact", StaticAbility(
        "Spells cost {1} less to cast.", rules=(CostChange(spells(), -1),))), player="B")
    growth = game.place(GROWTH, Zone.HAND, "A")
    bears = game.place(BEARS, player="A")
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bears])


def test_thalia_and_helm_cancel() -> None:
    # 601.2f: increases then reductions: {G}+{1}-{1} = {G}.
    game = _game()
    game.place(THALIA, player="B")
    game.place(card("Helm of Awakening", "{2}", "Artifact", StaticAbility(
        "Spells cost {1} less to cast.", rules=(CostChange(spells(), -1),))), player="B")
    growth, bears = _growth_in_hand(game)
    game.cast("A", growth, targets=[bears])


def test_furnace_phased_out_doesnt_double() -> None:
    game = _game()
    goblin = game.place(GOBLIN, player="A")
    furnace = game.place(FURNACE, player="A")
    game.phase_out(furnace)
    game.deal_damage(goblin, "B", 2)
    assert game.players["B"].life == 18


def test_growth_survives_phasing_out_and_in_same_turn() -> None:
    # 702.26d: an effect that hasn't expired still applies after the permanent phases in.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bears], UntilEndOfTurn(), controller="A")
    game.phase_out(bears)
    game.phase_in(bears)
    assert game.view(bears).pt == (5, 5)


def test_lure_blocker_that_cant_block_isnt_required() -> None:
    # 509.1c: a requirement a creature can't obey (restriction) doesn't apply; others must block the Lure.
    game = _game()
    lured = game.place(BEARS, player="A")
    game.create_effect("Lure", rules=[MustBeBlocked(creatures(controller="A"))], duration=UntilEndOfTurn(),
                       controller="A")
    b1 = game.place(GIANT, player="B")
    b2 = game.place(GOBLIN, player="B")
    _attack(game, lured)
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({b1: lured})
    game.declare_blockers({b1: lured, b2: lured})


def test_must_block_and_cant_block() -> None:
    # 509.1c: can't beats must.
    from kb.engine import only
    game = _game()
    attacker = game.place(GIANT, player="A")
    blocker = game.place(BEARS, player="B")
    game.create_effect("blocks each combat if able", rules=[MustBlock(only(blocker))], duration=UntilEndOfTurn(),
                       controller="A")
    game.create_effect("can't block", rules=[CantBlock(only(blocker))], duration=UntilEndOfTurn(), controller="B")
    _attack(game, attacker)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    assert not is_blocking(game, blocker)


def test_must_block_with_unblockable_attacker_only() -> None:
    # 509.1c: if the only attacker can't be blocked, "blocks if able" asks nothing.
    from kb.engine import only
    game = _game()
    attacker = game.place(GIANT, player="A")
    blocker = game.place(BEARS, player="B")
    game.create_effect("unblockable", rules=[CantBeBlocked(only(attacker))], duration=UntilEndOfTurn(),
                       controller="A")
    game.create_effect("blocks each combat if able", rules=[MustBlock(only(blocker))], duration=UntilEndOfTurn(),
                       controller="A")
    _attack(game, attacker)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 17


def test_trampler_whose_blocker_changes_control_assigns_all_to_player() -> None:
    # 702.19e: a blocked trampler with no blockers assigns all its damage to the player.
    trampler = card("Craw Wurm Trampler", "{4}{G}{G}", "Creature — Wurm", 6, 4, "trample")
    game = _game()
    wurm = game.place(trampler, player="A")
    wall = game.place(WALL, player="B")
    _attack_blocked(game, wurm, wall)
    game.pass_priority()
    game.create_effect("A gains control", [control("A")], [wall], UntilEndOfTurn(), controller="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 14


def test_control_magic_stolen_gives_creature_to_new_aura_controller() -> None:
    # 613.1b: "you" of Control Magic is its current controller; when B controls the Aura, B controls the creature.
    game = _game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    game.create_effect("B gains control of the Aura", [control("B")], [magic], UntilEndOfTurn(), controller="B")
    assert game.view(bears).controller == "B"


def test_leyline_of_sanctity_player_hexproof() -> None:
    # 702.11d: a player with hexproof can't be the target of opponents' spells.
    from kb.engine import target_player
    burn = card("Lava Spike", "{R}", "Sorcery", spell=SpellAbility(
        "Lava Spike deals 3 damage to target player.", lambda r: None, (target_player(),)))
    game = _game()
    game.place(card("Leyline of Sanctity", "{2}{W}{W}", "Enchantment", StaticAbility(
        "You have hexproof.", rules=(PlayersHave((keyword("hexproof"),)),))), player="B")
    spike = game.place(burn, Zone.HAND, "A")
    game.add_mana("A", "{R}")
    with pytest.raises(IllegalAction):
        game.cast("A", spike, targets=["B"])


def test_humility_after_growth_then_humility_phases_out() -> None:
    # 702.26b: Humility phased out: base 2/2 again plus +3/+3.
    humility = card("Humility", "{2}{W}{W}", "Enchantment", StaticAbility(
        "All creatures lose all abilities and have base power and toughness 1/1.",
        (lose_all_abilities(), base_pt(1, 1)), creatures()))
    game = _game()
    bears = game.place(BEARS, player="A")
    hum = game.place(humility, player="B")
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bears], UntilEndOfTurn(), controller="A")
    assert game.view(bears).pt == (4, 4)
    game.phase_out(hum)
    assert game.view(bears).pt == (5, 5)


def test_prevention_shield_on_creature_with_furnace_controller_orders() -> None:
    # 616.1: the affected object's controller (B) chooses; unscripted it must ask B, not A.
    game = _game()
    goblin = game.place(GOBLIN, player="A")
    bears = game.place(BEARS, player="B")
    game.place(FURNACE, player="A")
    game.create_effect("prevent 1", replacements=[prevent_damage(1, to=bears, uses=1)], duration=UntilEndOfTurn(),
                       controller="B")
    game.choices.script(ChoiceKind.REPLACEMENT, lambda c: next(o for o in c.options if "Furnace" not in str(o)),
                        player="B")
    game.deal_damage(goblin, bears, 1)
    game.refresh_priority()
    assert game.view(bears).damage == 0


# --- Third round ---



def test_cleanup_damage_and_growth_end_together() -> None:
    # 514.2: damage wears off and "until end of turn" effects end simultaneously: a 2/2 with +3/+3 and 4 damage lives.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bears], UntilEndOfTurn(), controller="A")
    game.deal_damage(game.place(GIANT, player="B"), bears, 4)
    game.refresh_priority()
    game.next_turn()
    assert game.current(bears).zone == Zone.BATTLEFIELD
    assert game.view(bears).pt == (2, 2)
    assert game.view(bears).damage == 0


def test_resolved_flying_for_all_doesnt_reach_late_creature() -> None:
    # 611.2c: "creatures gain flying until end of turn" fixes its set.
    game = _game()
    game.place(BEARS, player="A")
    game.create_effect("creatures gain flying", [gain("flying")], creatures(), UntilEndOfTurn(), controller="A")
    late = game.put_onto_battlefield(GIANT, "A")
    assert late is not None
    assert not game.view(late).has("flying")


def test_growth_on_face_down_creature_survives_turning_face_up() -> None:
    # 708.8: turning face up doesn't make a new object; resolved effects still apply.
    angel = card("Exalted Angel", "{4}{W}{W}", "Creature — Angel", 4, 5, "flying", "morph {2}{W}{W}")
    game = _game()
    down = game.place(angel, player="A", face_down=FaceDown.MORPH)
    game.create_effect("+3/+3", [modify_pt(3, 3)], [down], UntilEndOfTurn(), controller="A")
    assert game.view(down).pt == (5, 5)
    from kb.engine import turn_face_up
    turn_face_up(game, down)
    assert game.view(down).pt == (7, 8)


def test_control_magic_on_creature_turned_face_down_keeps_control() -> None:
    game = _game()
    bears = game.place(card("Exalted Angel", "{4}{W}{W}", "Creature — Angel", 4, 5, "morph {2}{W}{W}"), player="B")
    game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    turn_face_down(game, bears)
    assert game.view(bears).controller == "A"
    assert game.view(bears).pt == (2, 2)


def test_cant_attack_from_resolved_effect_follows_stolen_creature() -> None:
    # 611.2c: "target creature can't attack this turn" stays with that creature when A steals it.
    game = _game()
    bears = game.place(BEARS, player="B")
    game.create_effect("can't attack this turn", rules=[CantAttack(only(bears))], duration=UntilEndOfTurn(),
                       controller="B")
    _steal_until_eot(game, "A", bears)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_must_attack_summoning_sick_creature_not_required() -> None:
    # 508.1d: a creature unable to attack (302.6) has no requirement.
    game = _game()
    game.place(BEARS, player="A")
    late = game.put_onto_battlefield(GIANT, "A")
    _must_attack(game)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([])
    game.declare_attackers([game.battlefield("A")[0]])
    assert late is not None and not is_attacking(game, late)


def test_red_spells_tax_doesnt_hit_face_down_red_morph() -> None:
    # 601.3e/708.4: a face-down spell is colourless; "red spells cost {1} more" doesn't apply: {3} pays it.
    red_morph = card("Skirk Marauder", "{1}{R}", "Creature — Goblin", 2, 1, "morph {2}{R}")
    game = _game()
    game.place(card("Gloom", "{2}{B}", "Enchantment", StaticAbility(
        "Red spells cost {1} more to cast.",
        rules=(CostChange(spells() & where("red", lambda c, o: "R" in {str(x) for x in o.colors}), 1),))),
        player="B")
    morph = game.place(red_morph, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    game.cast("A", morph, face_down=FaceDown.MORPH)
    game.resolve_stack()


def test_lifelink_under_sulfuric_vortex_gains_nothing() -> None:
    # 702.15b + rule change "players can't gain life".
    game = _game()
    linker = game.place(card("Vampire Nighthawk", "{1}{B}{B}", "Creature — Vampire Shaman", 2, 3, "lifelink"),
                        player="A")
    game.place(SULFURIC_VORTEX, player="B")
    game.deal_damage(linker, "B", 2)
    assert game.players["A"].life == 20
    assert game.players["B"].life == 18


def test_platinum_angel_controlled_by_opponent_doesnt_save_owner() -> None:
    # 109.5: "you" is the controller; after A steals B's Angel, B at 0 loses.
    from kb.engine.winning import cant_lose
    game = _game()
    angel = game.place(card("Platinum Angel", "{7}", "Artifact Creature — Angel", 4, 4,
                            StaticAbility("You can't lose the game.", replacements=(cant_lose(),))), player="B")
    game.lose_life("B", 20)
    game.refresh_priority()
    assert not game.players["B"].lost
    _steal_until_eot(game, "A", angel)
    game.refresh_priority()
    assert game.players["B"].lost


def test_shield_three_against_simultaneous_two_and_three() -> None:
    # 615.7: a "prevent the next 3 damage" shield against 5 simultaneous combat damage prevents 3 in all.
    game = _game()
    a1 = game.place(BEARS, player="A")
    a2 = game.place(GIANT, player="A")
    # (prevent_damage(3, uses=1) is "prevent 3 of the next damage": one use; its docstring named a
    # `damage_shield` that doesn't exist; the running total is `Shield`.)
    from kb.engine import Shield
    game.create_effect("Healing Salve", replacements=[Shield(3, "B").replacement("Healing Salve")],
                       duration=UntilEndOfTurn(), controller="B")
    _attack(game, a1, a2)
    # B chooses which part is prevented (615.7): the model says it can't, rather than pick one.
    with pytest.raises(NotModelled, match=r"615\.7"):
        game.advance_to(Step.END_OF_COMBAT)


# --- Fourth round ---


def test_stolen_ghostly_prison_taxes_its_new_controllers_attackers_no_more() -> None:
    # 109.5: "you" is Ghostly Prison's controller; once A controls it, A's attack on B is free.
    game = _game()
    bears = game.place(BEARS, player="A")
    prison = game.place(GHOSTLY_PRISON, player="B")
    game.create_effect("A gains control", [control("A")], [prison], UntilEndOfTurn(), controller="A")
    _attack(game, bears)
    assert is_attacking(game, bears)


def test_anthem_stolen_pumps_new_controllers_creatures() -> None:
    game = _game()
    mine = game.place(BEARS, player="A")
    theirs = game.place(GIANT, player="B")
    anthem = game.place(ANTHEM, player="A")
    game.create_effect("B gains control", [control("B")], [anthem], UntilEndOfTurn(), controller="B")
    assert game.view(mine).pt == (2, 2)
    assert game.view(theirs).pt == (4, 4)


def test_small_creatures_cant_block_until_grown() -> None:
    # 611.3a: a static rule that reads power is judged continually: after Giant Growth the Bears may block.
    game = _game()
    attacker = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    game.place(card("Bedlam", "{2}{R}{R}", "Enchantment", StaticAbility(
        "Creatures with power 2 or less can't block.",
        rules=(CantBlock(creatures() & where("power 2 or less", lambda c, o: (o.power or 0) <= 2)),))), player="A")
    _attack(game, attacker)
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({bears: attacker})
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bears], UntilEndOfTurn(), controller="B")
    game.declare_blockers({bears: attacker})
    assert is_blocking(game, bears)


def test_for_as_long_as_already_over_does_nothing() -> None:
    # 611.2b: "for as long as you control Sower" when A no longer controls it: the effect does nothing,
    # and regaining control later doesn't start it.
    game = _game()
    sower = game.place(SOWER, player="B")
    bears = game.place(BEARS, player="B")
    game.create_effect("Sower", [control("A")], [bears], while_controls("A", sower), controller="A", source=sower)
    assert game.view(bears).controller == "B"
    game.create_effect("A steals Sower", [control("A")], [sower], UntilEndOfTurn(), controller="A")
    assert game.view(bears).controller == "B"


def test_until_end_of_combat_ends_at_end_of_combat() -> None:
    # 511.3 / 514.2: "until end of combat" ends as the end of combat step ends.
    from kb.engine import UntilEndOfCombat
    game = _game()
    bears = game.place(BEARS, player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.create_effect("+2/+0", [modify_pt(2, 0)], [bears], UntilEndOfCombat(), controller="A")
    _attack(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16
    game.advance_to(Step.POSTCOMBAT_MAIN if hasattr(Step, "POSTCOMBAT_MAIN") else Step.END)
    assert game.view(bears).pt == (2, 2)


def test_thalia_stolen_still_taxes_everyone() -> None:
    # Thalia's cost increase affects all players whoever controls her.
    game = _game()
    thalia = game.place(THALIA, player="B")
    game.create_effect("A steals Thalia", [control("A")], [thalia], UntilEndOfTurn(), controller="A")
    growth, bears = _growth_in_hand(game)
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bears])


# --- Fifth round: combat odd moments ---


def test_attacker_phasing_out_leaves_combat() -> None:
    # 506.4, 702.26: a phased-out attacker is removed from combat and deals no damage.
    game = _game()
    bears = game.place(BEARS, player="A")
    _attack(game, bears)
    game.phase_out(bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert not is_attacking(game, bears)


def test_blocker_phasing_out_leaves_attacker_blocked() -> None:
    # 506.4, 509.1h: the attacker stays blocked.
    game = _game()
    giant = game.place(GIANT, player="A")
    wall = game.place(WALL, player="B")
    _attack_blocked(game, giant, wall)
    game.pass_priority()
    game.phase_out(wall)
    assert is_blocked(game, giant)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_cant_block_after_blocks_doesnt_undo_block() -> None:
    # 509.1b: restrictions are checked as blockers are declared; a later "can't block" changes nothing.
    game = _game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    _attack_blocked(game, giant, bears)
    game.create_effect("can't block", rules=[CantBlock(only(bears))], duration=UntilEndOfTurn(), controller="A")
    assert is_blocking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert game.current(bears).zone == Zone.GRAVEYARD


def test_defender_steals_attacker_mid_combat() -> None:
    # 506.4: the defending player gains control of the attacker with an instant: it leaves combat.
    game = _game()
    giant = game.place(GIANT, player="A")
    _attack(game, giant)
    _steal_until_eot(game, "B", giant)
    assert not is_attacking(game, giant)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    game.next_turn()
    assert game.view(giant).controller == "A"


def test_until_your_next_turn_lasts_through_opponents_turn() -> None:
    # 611.2b: "until your next turn" ends as A's next turn begins.
    from kb.engine import UntilYourNextTurn
    game = _game()
    bears = game.place(BEARS, player="B")
    game.create_effect("can't attack until your next turn", rules=[CantAttack(only(bears))],
                       duration=UntilYourNextTurn("A"), controller="A")
    game.next_turn()
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])
    game.declare_attackers([])
    game.next_turn()
    game.next_turn()
    _attack(game, bears)
    assert is_attacking(game, bears)


def test_propaganda_arriving_after_attack_changes_nothing() -> None:
    # 508.1h: costs are locked in as attackers are declared.
    game = _game()
    bears = game.place(BEARS, player="A")
    _attack(game, bears)
    game.put_onto_battlefield(PROPAGANDA, "B")
    assert is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


# --- Sixth round: Auras and dynamic restrictions ---

PACIFISM = card("Pacifism", "{1}{W}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature can't attack or block.", rules=(CantAttack(attached_to_this()), CantBlock(attached_to_this()))))


def test_pacifism_follows_stolen_creature() -> None:
    # 611.3a: the Aura's restriction applies to the enchanted creature whoever controls it.
    game = _game()
    bears = game.place(BEARS, player="B")
    game.place(PACIFISM, player="A", attached_to=bears)
    _steal_until_eot(game, "A", bears)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_pacifism_phases_with_creature_and_still_applies() -> None:
    # 702.26g: the Aura phases out and in with the creature, still attached.
    game = _game()
    bears = game.place(BEARS, player="A")
    game.place(PACIFISM, player="B", attached_to=bears)
    game.phase_out(bears)
    game.phase_in(bears)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_ensnaring_bridge_judged_at_declaration_only() -> None:
    # 508.1c: "creatures with power greater than the number of cards in your hand can't attack" is judged as
    # attackers are declared; a pump afterwards doesn't remove the attacker.
    def too_big(c: Any, o: Any) -> bool:
        return bool((o.power or 0) > len(c.game.hand(c.you)))

    game = _game()
    bears = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="A")
    game.place(card("Ensnaring Bridge", "{3}", "Artifact", StaticAbility(
        "Creatures with power greater than the number of cards in your hand can't attack.",
        rules=(CantAttack(creatures() & where("power > cards in your hand", too_big)),))), player="B")
    for _ in range(2):
        game.place(BEARS, Zone.HAND, "B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([giant])
    game.declare_attackers([bears])
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bears], UntilEndOfTurn(), controller="A")
    assert is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 15


def test_grand_arbiter_taxes_only_opponents() -> None:
    # 601.2f: "spells your opponents cast cost {1} more" (Grand Arbiter Augustin IV) — not its controller's.
    game = _game()
    game.place(card("Grand Arbiter Augustin IV", "{2}{W}{U}", "Legendary Creature — Human Advisor", 2, 3,
                    StaticAbility("Spells your opponents cast cost {1} more to cast.",
                                  rules=(CostChange(spells(), 1, players="opponent"),))), player="A")
    bears = game.place(BEARS, player="A")
    mine = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", mine, targets=[bears])
    game.resolve_stack()
    game.pass_priority_to("B")
    theirs = game.place(GROWTH, Zone.HAND, "B")
    game.add_mana("B", "{G}")
    with pytest.raises(IllegalAction):
        game.cast("B", theirs, targets=[bears])


def test_leyline_of_punishment_beats_protection() -> None:
    # 702.16e is a prevention effect; 615.12: with Leyline of Punishment the damage is dealt anyway.
    game = _game()
    goblin = game.place(GOBLIN, player="A")
    knight = game.place(card("White Knight", "{W}{W}", "Creature — Human Knight", 2, 2, "first strike",
                             "protection from red"), player="B")
    game.deal_damage(goblin, knight, 1)
    game.refresh_priority()
    assert game.view(knight).damage == 0
    game.place(LEYLINE_OF_PUNISHMENT, player="B")
    game.deal_damage(goblin, knight, 1)
    game.refresh_priority()
    assert game.view(knight).damage == 1


def test_torpor_orb_leaves_dies_triggers() -> None:
    # Torpor Orb stops only what creatures entering cause: "when this dies" still triggers.
    from kb.engine import dies
    game = _game()
    game.place(TORPOR_ORB, player="B")
    mourner = game.place(card("Doomed Traveler", "{W}", "Creature — Human Soldier", 1, 1, TriggeredAbility(
        "When this creature dies, you gain 2 life.", dies(), lambda r: r.game.gain_life(r.controller, 2))),
        player="A")
    game.destroy(mourner)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 22
