"""An audit of kb's four topics as they meet combat, the stack and the turn, through the public API.

Phasing (702.26) of attackers, blockers, attacked planeswalkers, tokens, Equipment and
control-changing Auras in the middle of combat and across the untap step (502.1, 502.3, 302.6);
"phases out until" a permanent leaves (610.4: Oubliette, Out of Time); face-down creatures
(702.37, 702.168, 708) turned face up during combat, ward on a disguised creature whose trigger
outlives the ward, face-down spells on the stack being targeted, countered, copied and not turned
up (708.4, 708.7, 707.10), a face-down copy turned up (708.10); timestamps and layers (613)
meeting combat damage: switching power and toughness with a later +X/+0 or an ending +0/+1,
lethal damage after a toughness-raising effect phases out (704.5g), trample assignments that
count damage already marked and a face-down blocker's real toughness (702.19b), first strike
gained or lost before the first combat damage step (510.4).  And three traps met on the way: a
scripted assignment for an assignment with no choice, a refused assignment (510.1e), a
replacement effect written on an event that already happened.

Written as an independent tester would, from the CR (the rule numbers in each docstring) and
well-known card interactions, covering situations the earlier audits
(``test_audit_{faces,game,layers,setup,time,effects}.py``, ``test_independent_scenarios.py``)
leave out.  Cards are described in our own words; a card named in a test's name is the
well-known card whose behaviour the scenario borrows.  Each scenario asserts the CR's answer,
or that the model raises ``NotModelled`` naming the concept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from scenario_cards import ANTHEM, BEARS, BONESPLITTER, GIANT, PHASING_BEAR, gains_life
from scenario_steps import settle, until_eot

from kb.engine import (
    ChoiceKind,
    Countered,
    FaceDown,
    Filter,
    Game,
    GameObject,
    IllegalAction,
    Indefinite,
    NotModelled,
    Phase,
    PhasedOut,
    Replacement,
    Resolution,
    Revealed,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    Step,
    StepBegan,
    TriggeredAbility,
    UntilEndOfCombat,
    Zone,
    ZoneChanged,
    any_target,
    attached_to_this,
    card,
    copy_of,
    creatures,
    gain,
    gain_control,
    is_attacking,
    is_blocked,
    is_blocking,
    lose,
    modify_pt,
    permanents,
    phases_out,
    switch_pt,
    target_spell,
    token,
    turn_face_down,
    where,
)

# ---------------------------------------------------------------------------------------------
# Cards (our own descriptions of well-known cards; more in scenario_cards.py)
# ---------------------------------------------------------------------------------------------

KNIGHT = card("Youthful Knight", "{1}{W}", "Creature — Human Knight", 2, 1, "first strike")
SENTINEL = card("Shield Sentinel", "{1}{W}", "Creature — Human Soldier", 1, 3)
TOUGH_WALL = card("Stone Sentry", "{1}{W}", "Creature — Human Soldier", 1, 4)
TRAMPLER = card("Trampling Beast", "{4}{G}{G}", "Creature — Beast", 6, 6, "trample")
STRIKING_TRAMPLER = card("Savage Striker", "{2}{R}{G}", "Creature — Beast", 3, 3, "double strike", "trample")
CONTROL_MAGIC = card("Control Magic", "{2}{U}{U}", "Enchantment — Aura", "enchant creature",
                     StaticAbility("You control enchanted creature.", (gain_control(),), attached_to_this()))
WALKER = card("Garruk Wildspeaker", "{2}{G}{G}", "Legendary Planeswalker — Garruk", loyalty=3)
# A morph whose face-up side is a 3/1 first striker.
DUELIST = card("Morph Duelist", "{2}{W}", "Creature — Human Soldier", 3, 1, "first strike", "morph {W}")
# A morph whose face-up side is a 2/5.
BARRIER = card("Morph Barrier", "{3}{G}", "Creature — Plant", 2, 5, "morph {G}")
# A disguise 3/2 (ward {2} while face down), disguise {1}{U}.
ROGUE = card("Disguised Rogue", "{2}{U}", "Creature — Human Rogue", 3, 2, "disguise {1}{U}")


def _bolt(r: Resolution) -> None:
    assert r.source_id is not None
    r.game.deal_damage(r.source_id, r.targets(0)[0], 3)


BOLT = card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to any target.", _bolt, (any_target(),)))


def where_mana_value_at_least(n: int) -> Filter:
    """Objects with mana value ``n`` or greater."""
    return where(f"mana value {n} or greater", lambda c, x: x.mana_value >= n, reads=("mana_value",), local=True,
                 zones=(Zone.STACK,))


def attack(game: Game, attackers: Sequence[GameObject] | Mapping[GameObject, object],
           blockers: Mapping[GameObject | int, GameObject | int] | None = None) -> None:
    """A's attack in A's first turn (set-up permanents are not summoning sick), B's blocks."""
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(attackers if isinstance(attackers, Mapping) else list(attackers))
    if blockers is not None:
        game.advance_to(Step.DECLARE_BLOCKERS)
        if blockers:  # with no creature able to block, B isn't asked (509.1a)
            game.declare_blockers(blockers)


# =============================================================================================
# Phasing in combat (702.26b, 506.4) and across the untap step (502.1, 302.6)
# =============================================================================================


def test_equipment_phased_out_directly_during_combat_adds_nothing_to_combat_damage() -> None:
    """Cards: A's Grizzly Bears equipped with Bonesplitter (+2/+0) attacks, unblocked.  Action: in
    the declare blockers step the Bonesplitter alone phases out.
    CR 702.26b: the phased-out Equipment is treated as though it doesn't exist: the Bears are a
    2/2 and deal 2: B 18.  702.26i: in A's next untap step it phases in attached to the Bears."""
    game = Game()
    bears = game.place(BEARS, player="A")
    splitter = game.place(BONESPLITTER, player="A", attached_to=bears)
    assert game.view(bears).pt == (4, 2)
    attack(game, [bears], blockers={})
    game.phase_out(splitter)
    assert game.view(bears).pt == (2, 2) and is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18
    game.next_turn()
    game.next_turn()
    assert not game.view(splitter).phased_out and game.view(bears).pt == (4, 2)


def test_control_magic_phasing_out_gives_the_attacker_back_and_removes_it_from_combat() -> None:
    """Cards: B's Grizzly Bears enchanted by A's Control Magic; A attacks B with the Bears.
    Action: after blocks (none), the Control Magic phases out.
    CR 702.26b: the Aura's effect stops: B controls the Bears again; 506.4: a permanent whose
    controller changes is removed from combat: the Bears deal no damage: B 20."""
    game = Game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    assert game.view(bears).controller == "A"
    attack(game, [bears], blockers={})
    game.phase_out(magic)
    assert game.view(bears).controller == "B"
    assert not is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_creature_regained_when_control_magic_phases_in_is_summoning_sick() -> None:
    """Cards: B's Grizzly Bears enchanted by A's Control Magic, which phased out directly in A's
    first turn.  Action: A's next turn.
    CR 502.1: the Aura phases in during A's untap step, so A controls the Bears again only from
    then; 302.6: A hasn't controlled them continuously since A's most recent turn began (702.26d
    speaks of the Aura's history, not of the Bears, which never phased out): they can't attack."""
    game = Game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    game.phase_out(magic)
    assert game.view(bears).controller == "B"
    game.next_turn()
    game.next_turn()
    assert not game.view(magic).phased_out and game.view(bears).controller == "A"
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([bears])


def test_phased_out_creature_cannot_be_declared_as_a_blocker() -> None:
    """Cards: A's Hill Giant attacks; B's Grizzly Bears phased out.
    CR 702.26b: a phased-out creature is treated as though it doesn't exist: B can't declare it
    as a blocker, and the Giant, unblocked, deals 3: B 17."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    game.place(SENTINEL, player="B")  # B declares blockers, but can't block with the Bears
    game.phase_out(bears)
    attack(game, [giant])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({bears: giant})
    game.declare_blockers({})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 17


def test_attacker_phased_out_after_first_strike_damage_deals_no_regular_damage() -> None:
    """Cards: A's Hill Giant (3/3) attacks; B's 2/1 first striker blocks.  Action: after the
    first-strike combat damage step (the Giant has 2 damage) the Giant phases out.
    CR 506.4, 702.26b: it is removed from combat and deals no damage in the second step: the
    Knight lives; 702.26d: the Giant keeps its damage while phased out (until the cleanup step)."""
    game = Game()
    giant = game.place(GIANT, player="A")
    knight = game.place(KNIGHT, player="B")
    attack(game, [giant], blockers={knight: giant})
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.view(giant).damage == 2
    game.phase_out(giant)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(knight).zone is Zone.BATTLEFIELD and game.view(knight).damage == 0
    assert game.players["B"].life == 20
    assert game.obj(giant).zone is Zone.BATTLEFIELD and game.view(giant).damage == 2


def test_creature_attacking_a_planeswalker_that_phases_out_deals_no_combat_damage() -> None:
    """Cards: A's Grizzly Bears attack B's planeswalker (loyalty 3).  Action: after blocks (none)
    the planeswalker phases out.
    CR 506.4: the planeswalker is removed from combat; 506.4c: the Bears keep attacking but attack
    nothing and, unblocked, deal no combat damage: B 20 and the planeswalker keeps its 3 loyalty."""
    game = Game()
    bears = game.place(BEARS, player="A")
    walker = game.place(WALKER, player="B")
    attack(game, {bears: walker}, blockers={})
    game.phase_out(walker)
    assert is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert game.view(walker).counters.get("loyalty") == 3


def test_anthem_phasing_out_after_combat_damage_kills_the_damaged_creature() -> None:
    """Cards: A's Glorious Anthem; A's Grizzly Bears (3/3) attack and B's Grizzly Bears block.
    Action: in the end of combat step the Anthem phases out.
    CR 510.2: each deals damage: B's Bears (3 damage) die, A's 3/3 survives with 2; 702.26b,
    613: without the Anthem it is a 2/2 with 2 damage, and 704.5g puts it into the graveyard."""
    game = Game()
    anthem = game.place(ANTHEM, player="A")
    mine = game.place(BEARS, player="A")
    theirs = game.place(BEARS, player="B")
    attack(game, [mine], blockers={theirs: mine})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(theirs).zone is Zone.GRAVEYARD
    assert game.obj(mine).zone is Zone.BATTLEFIELD and game.view(mine).damage == 2
    game.phase_out(anthem)
    settle(game)
    assert game.current(mine).zone is Zone.GRAVEYARD


def test_phasing_creature_blocked_last_turn_phases_out_with_its_damage_gone() -> None:
    """Cards: A's 2/2 with phasing attacks; B's Shield Sentinel (1/3) blocks.  Then B's turn, and
    A's next untap step.
    CR 514.3a: the damage on the phasing Bear wore off in A's first cleanup step; 502.1: in A's
    next untap step it phases out (tapped, as it attacked), 702.26d keeping its counters and
    status; in A's third turn it phases in and then untaps (502.3): a 2/2 with no damage."""
    game = Game()
    bear = game.place(PHASING_BEAR, player="A")
    sentinel = game.place(SENTINEL, player="B")
    attack(game, [bear], blockers={sentinel: bear})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.view(bear).damage == 1 and game.view(sentinel).damage == 2
    game.next_turn()
    assert game.view(bear).damage == 0
    game.next_turn()
    assert game.view(bear).phased_out and game.view(bear).tapped
    game.next_turn()
    game.next_turn()
    assert not game.view(bear).phased_out and not game.view(bear).tapped and game.view(bear).damage == 0


# =============================================================================================
# Face-down creatures in combat (702.37, 702.168, 708.8)
# =============================================================================================


def test_face_down_attacker_turned_up_with_first_strike_after_blocks_strikes_first() -> None:
    """Cards: A's face-down morph (face up a 3/1 first striker) attacks; B's Grizzly Bears block.
    Action: after blocks A turns it face up for {W}.
    CR 708.8: it is the same attacking creature; 510.4, 506.1: as the combat damage step begins an
    attacking creature has first strike, so there are two steps: it deals 3 first and the Bears
    die before dealing damage: the 3/1 lives."""
    game = Game()
    duelist = game.place(DUELIST, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="B")
    attack(game, [duelist], blockers={bears: duelist})
    game.pass_priority_to("A")
    game.add_mana("A", "{W}")
    game.turn_face_up("A", duelist)
    assert is_attacking(game, duelist) and is_blocked(game, duelist)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(bears).zone is Zone.GRAVEYARD
    assert game.obj(duelist).zone is Zone.BATTLEFIELD and game.view(duelist).damage == 0


def test_trampler_must_assign_lethal_damage_by_the_face_down_blockers_real_toughness() -> None:
    """Cards: A's 6/6 trampler attacks; B's face-down morph (face up a 2/5) blocks.  Action: after
    blocks B turns it face up for {G}.
    CR 702.19b, 510.1c-d: lethal damage is judged by the blocker's toughness as damage is assigned:
    5, not 2: assigning 2 to it and 4 to B is refused (510.1e); 731: the game returns to before
    the assignment, and A assigns again (the step waits for it): 5 to the blocker, 1 to B: B 19."""
    game = Game()
    beast = game.place(TRAMPLER, player="A")
    barrier = game.place(BARRIER, player="B", face_down=FaceDown.MORPH)
    attack(game, [beast], blockers={barrier: beast})
    game.pass_priority_to("B")
    game.add_mana("B", "{G}")
    game.turn_face_up("B", barrier)
    assert game.view(barrier).pt == (2, 5)
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {barrier: 2, "B": 4}, player="A")
    with pytest.raises(IllegalAction, match=r"702\.19b"):
        game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20 and game.view(barrier).damage == 0
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {barrier: 5, "B": 1}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 19 and game.current(barrier).zone is Zone.GRAVEYARD


def test_refused_first_strike_assignment_is_made_again_with_one_second_step() -> None:
    """Cards: A's 6/6 trampler, given double strike after blocks; B's Grizzly Bears block it.
    Actions: in the first combat damage step A assigns 1 to the Bears and 5 to B (refused: not
    lethal, 702.19b, 510.1e); A then assigns 2 and 4.
    CR 731: the game returns to before the assignment; 510.4: there is still exactly one more
    combat damage step, where the trampler, blocked by no creature now, assigns all 6 to B
    (702.19e): B 20 - 4 - 6 = 10."""
    game = Game()
    beast = game.place(TRAMPLER, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, [beast], blockers={bears: beast})
    until_eot(game, "double strike", [gain("double strike")], [beast])
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears: 1, "B": 5}, player="A")
    with pytest.raises(IllegalAction, match=r"702\.19b"):
        game.advance_to(Step.END_OF_COMBAT)
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears: 2, "B": 4}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 10
    assert len([e for e in game.events(StepBegan) if e.step is Step.COMBAT_DAMAGE]) == 2


def test_face_down_blocker_turned_up_lets_the_trampler_assign_lethal_and_trample_over() -> None:
    """As above, with a legal assignment: 5 (lethal) to the 2/5 and 1 to B (702.19b): B 19; the
    blocker dies and deals 2 to the 6/6."""
    game = Game()
    beast = game.place(TRAMPLER, player="A")
    barrier = game.place(BARRIER, player="B", face_down=FaceDown.MORPH)
    attack(game, [beast], blockers={barrier: beast})
    game.pass_priority_to("B")
    game.add_mana("B", "{G}")
    game.turn_face_up("B", barrier)
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {barrier: 5, "B": 1}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 19
    assert game.current(barrier).zone is Zone.GRAVEYARD and game.view(beast).damage == 2


def test_ward_trigger_counters_the_bolt_even_after_the_disguised_creature_turns_up() -> None:
    """Cards: A's disguised creature face down (ward {2}); B's Lightning Bolt.  Actions: B casts the
    Bolt at it; ward triggers; in response A turns it face up ({1}{U}), a 3/2 without ward; B
    doesn't pay {2}.
    CR 113.7a: a triggered ability on the stack exists independently of its source; 702.21a: the
    ward ability still counters the Bolt unless {2} is paid: countered, the 3/2 undamaged."""
    game = Game()
    rogue = game.place(ROGUE, player="A", face_down=FaceDown.DISGUISE)
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[rogue])
    game.pass_priority_to("A")
    assert len(game.stack) == 2  # the Bolt and the ward trigger above it
    game.add_mana("A", "{1}{U}")
    game.turn_face_up("A", rogue)
    assert not game.view(rogue).has("ward")
    game.choices.script(ChoiceKind.PAY, False, player="B")
    game.resolve_stack()
    assert len(game.events(Countered)) == 1
    assert game.obj(rogue).zone is Zone.BATTLEFIELD and game.view(rogue).damage == 0


def test_face_down_creature_turned_up_after_combat_damage_dies_to_its_damage() -> None:
    """Cards: A's face-down morph (face up a 3/1 first striker) blocked by B's Shield Sentinel
    (1/3).  Action: after combat damage (the 2/2 has 1 damage) A turns it face up.
    CR 708.8: the damage stays; 704.5g: a 3/1 with 1 damage dies."""
    game = Game()
    duelist = game.place(DUELIST, player="A", face_down=FaceDown.MORPH)
    sentinel = game.place(SENTINEL, player="B")
    attack(game, [duelist], blockers={sentinel: duelist})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.view(duelist).damage == 1 and game.view(sentinel).damage == 2
    game.add_mana("A", "{W}")
    game.turn_face_up("A", duelist)
    settle(game)
    assert game.current(duelist).zone is Zone.GRAVEYARD


# =============================================================================================
# Timestamps and layers meeting combat damage (613, 704.5g, 702.19b, 510.4)
# =============================================================================================


def test_switched_blocker_with_a_later_plus_three_zero_kills_and_survives() -> None:
    """Cards: A's Hill Giant attacks; B's Shield Sentinel (1/3) blocks.  Actions: after blocks,
    the Sentinel's power and toughness are switched until end of turn, then it gets +3/+0.
    CR 613.4c-d: the +3/+0 (7c) applies before the switch (7d) whatever their timestamps: 4/3
    switched is 3/4; it deals 3 to the Giant, which dies, and survives the Giant's 3."""
    game = Game()
    giant = game.place(GIANT, player="A")
    sentinel = game.place(SENTINEL, player="B")
    attack(game, [giant], blockers={sentinel: giant})
    until_eot(game, "switch", [switch_pt()], [sentinel], player="B")
    assert game.view(sentinel).pt == (3, 1)
    until_eot(game, "+3/+0", [modify_pt(3, 0)], [sentinel], player="B")
    assert game.view(sentinel).pt == (3, 4)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(giant).zone is Zone.GRAVEYARD
    assert game.obj(sentinel).zone is Zone.BATTLEFIELD and game.view(sentinel).damage == 3


def test_switched_attacker_deals_its_switched_power_and_reverts_after_the_cleanup_step() -> None:
    """Card: A's Stone Sentry (1/4), its power and toughness switched until end of turn (a 4/1),
    attacks, unblocked.
    CR 613.4d, 510.1a: it deals damage equal to its power then: 4: B 16; 514.2: the switch ends
    in the cleanup step: a 1/4 again in B's turn."""
    game = Game()
    sentry = game.place(TOUGH_WALL, player="A")
    until_eot(game, "switch", [switch_pt()], [sentry])
    assert game.view(sentry).pt == (4, 1)
    attack(game, [sentry], blockers={})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16
    game.next_turn()
    assert game.view(sentry).pt == (1, 4)


def test_double_strike_trampler_counts_first_strike_damage_already_on_its_blocker() -> None:
    """Cards: A's 3/3 double strike trampler attacks; B's Stone Sentry (1/4) blocks.
    CR 702.19b: in the first step lethal damage for the 1/4 is 4, more than 3: all 3 go to it; in
    the second step the damage already dealt this turn counts: lethal is 1, so A may assign 1 to
    it and 2 to B: B 18, the Sentry dies; the Sentry deals 1 to the trampler in the second step."""
    game = Game()
    striker = game.place(STRIKING_TRAMPLER, player="A")
    sentry = game.place(TOUGH_WALL, player="B")
    attack(game, [striker], blockers={sentry: striker})
    # 3 is less than lethal: no choice to make, but a scripted answer for it is its own (not the next step's)
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {sentry: 3}, player="A")
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.view(sentry).damage == 3 and game.choices.unused() == []
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {sentry: 1, "B": 2}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18
    assert game.current(sentry).zone is Zone.GRAVEYARD and game.view(striker).damage == 1


def test_scripted_answer_for_an_assignment_that_has_no_choice_is_used_up_by_it() -> None:
    """API trap: A's Hill Giant blocked by B's Grizzly Bears assigns all its damage to them
    (510.1c): nobody is asked.  A scripted answer that is this very assignment is used up by it,
    not left to answer a later one (see the double strike trampler above); one that isn't stays
    unused (``choices.unused()``), as a wrong answer to a choice nobody asked."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, [giant], blockers={bears: giant})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears: 3}, player="A")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {giant: 2}, player="B")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.choices.unused() == []
    assert game.current(bears).zone is Zone.GRAVEYARD and game.view(giant).damage == 2
    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, [giant], blockers={bears: giant})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears: 2, "B": 1}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert len(game.choices.unused()) == 1 and game.players["B"].life == 20


def test_first_striker_that_loses_first_strike_before_damage_deals_damage_with_the_others() -> None:
    """Cards: A's Hill Giant attacks; B's 2/1 first striker blocks.  Action: after blocks the
    Knight loses first strike until end of turn.
    CR 510.4, 702.7b: no attacking or blocking creature has first strike as the combat damage
    step begins: one step; both deal damage at once: the Knight dies, the Giant has 2 damage."""
    game = Game()
    giant = game.place(GIANT, player="A")
    knight = game.place(KNIGHT, player="B")
    attack(game, [giant], blockers={knight: giant})
    until_eot(game, "loses first strike", [lose("first strike")], [knight])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(knight).zone is Zone.GRAVEYARD
    assert game.view(giant).damage == 2


def test_blocker_given_first_strike_before_damage_kills_the_attacker_first() -> None:
    """Cards: A's 2/1 first striker attacks; B's Grizzly Bears block.  Action: after blocks B's
    Bears gain first strike until end of turn.
    CR 510.4, 702.7b: both have first strike: both deal their damage in the first step: both die."""
    game = Game()
    knight = game.place(KNIGHT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, [knight], blockers={bears: knight})
    until_eot(game, "gains first strike", [gain("first strike")], [bears], player="B")
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.current(knight).zone is Zone.GRAVEYARD
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_sentinel_switched_after_first_strike_damage_dies_before_regular_damage() -> None:
    """Cards: A's 2/1 first striker attacks; B's Shield Sentinel (1/3) blocks.  Action: after the
    first-strike damage step (the Sentinel has 2 damage) its power and toughness are switched.
    CR 613.4d: a 3/1 with 2 damage; 704.5g: it dies before the regular combat damage step, so it
    deals no damage: the Knight lives."""
    game = Game()
    knight = game.place(KNIGHT, player="A")
    sentinel = game.place(SENTINEL, player="B")
    attack(game, [knight], blockers={sentinel: knight})
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.view(sentinel).damage == 2
    until_eot(game, "switch", [switch_pt()], [sentinel], player="B")
    settle(game)
    assert game.current(sentinel).zone is Zone.GRAVEYARD
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(knight).zone is Zone.BATTLEFIELD and game.view(knight).damage == 0


def test_first_strike_given_after_humility_beats_humility_in_combat() -> None:
    """Cards: Humility (all creatures lose all abilities and are 1/1); A's Grizzly Bears attack; B's
    Grizzly Bears block.  Action: after blocks A's Bears get +3/+3 and first strike until end of
    turn.
    CR 613.1f, 613.7: the later effect adds first strike after Humility removed abilities; 613.4b-c:
    1/1 then +3/+3 = 4/4.  510.4: A's Bears deal 4 first; B's Bears die before dealing damage."""
    from scenario_cards import HUMILITY

    game = Game()
    game.place(HUMILITY, player="B")
    mine = game.place(BEARS, player="A")
    theirs = game.place(BEARS, player="B")
    attack(game, [mine], blockers={theirs: mine})
    until_eot(game, "+3/+3 and first strike", [modify_pt(3, 3), gain("first strike")], [mine])
    assert game.view(mine).pt == (4, 4) and game.view(mine).has("first strike")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(theirs).zone is Zone.GRAVEYARD
    assert game.view(mine).damage == 0


def test_face_down_attacker_turned_up_between_damage_steps_deals_regular_damage() -> None:
    """Cards: A's 2/1 first striker and A's face-down morph (face up a 3/1 first striker) attack;
    B's Shield Sentinel (1/3) blocks the face-down one.  Action: after the first-strike damage
    step A turns the morph face up.
    CR 702.7c: it had neither first nor double strike as the first step began, so it deals its 3
    in the second step; both it and the Sentinel die (704.5g); the Knight dealt 2 to B only once."""
    game = Game()
    knight = game.place(KNIGHT, player="A")
    duelist = game.place(DUELIST, player="A", face_down=FaceDown.MORPH)
    sentinel = game.place(SENTINEL, player="B")
    attack(game, [knight, duelist], blockers={sentinel: duelist})
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.players["B"].life == 18 and game.view(sentinel).damage == 0
    game.add_mana("A", "{W}")
    game.turn_face_up("A", duelist)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(sentinel).zone is Zone.GRAVEYARD
    assert game.current(duelist).zone is Zone.GRAVEYARD
    assert game.players["B"].life == 18


def test_turned_face_up_trigger_resolves_after_its_creature_phases_out() -> None:
    """Card: A's face-down morph Angel ("when this is turned face up, you gain 3 life").  Actions:
    A turns it face up; with the trigger on the stack the Angel phases out.
    CR 113.7a: the ability on the stack exists independently of its source: A gains 3."""
    from scenario_cards import ANGEL

    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    game.refresh_priority()
    assert len(game.stack) == 1
    game.phase_out(angel)
    game.resolve_stack()
    assert game.players["A"].life == 23


def test_morph_cannot_be_turned_face_up_without_priority() -> None:
    """Card: A's face-down morph Angel attacks.  Action: in the declare attackers step, with B
    holding priority, A tries to turn it face up.
    CR 116.2b, 702.37e: turning a face-down permanent face up is a special action, taken only when
    its controller has priority: refused; with priority A may."""
    from scenario_cards import ANGEL

    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    attack(game, [angel])
    game.pass_priority_to("B")
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", angel)
    assert game.view(angel).face_down
    game.advance_to(Step.DECLARE_BLOCKERS)  # B passed: the next step, where A has priority first
    game.add_mana("A", "{2}{W}{W}")  # the unspent mana emptied as the step ended (500.5)
    game.turn_face_up("A", angel)
    assert not game.view(angel).face_down


def test_face_down_spell_has_mana_value_zero_for_a_counterspell_that_needs_four() -> None:
    """Cards: A casts the morph Angel (mana value 6 face up) face down; B's Counterspell-like
    "counter target spell with mana value 4 or greater".
    CR 708.4, 702.37b: effects that care about the spell's characteristics see only the face-down
    spell: no mana cost, mana value 0 (202.3a): it isn't a legal target."""
    from scenario_cards import ANGEL

    def counter_it(r: Resolution) -> None:
        for spell in r.objects(0):
            r.game.counter(spell)

    scatter = card("Big Spell Snare", "{1}{U}", "Instant", spell=SpellAbility(
        "Counter target spell with mana value 4 or greater.", counter_it, (target_spell(where_mana_value_at_least(4)),)))
    game = Game()
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    snare = game.place(scatter, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{1}{U}")
    with pytest.raises(IllegalAction):
        game.cast("B", snare, targets=[spell])
    game.resolve_stack()
    assert game.view(game.current(spell)).face_down


def test_copy_of_a_face_down_creature_spell_becomes_a_face_up_nameless_2_2_token() -> None:
    """Card: A casts the morph Angel face down; an effect copies the spell.
    CR 707.2: the copy takes the copiable values as modified by the face-down status (708.2: a
    nameless 2/2 creature with no text), but not the status itself; 707.10, 608.3f: it resolves
    into a token: a face-up 2/2 with no name and no abilities, which can't be turned face up."""
    from scenario_cards import ANGEL

    from kb.engine.spell_copies import copy_spell

    game = Game()
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    [original] = [item for item in game.stack if item.spell == spell]
    copy = copy_spell(game, original)
    game.resolve_stack()
    assert copy.spell is not None
    token = game.view(game.current(copy.spell))
    assert token.token and token.zone is Zone.BATTLEFIELD
    assert not token.face_down and token.name in ("", None) and token.pt == (2, 2)
    assert not token.has("morph") and not token.has("flying")
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", game.current(copy.spell))


def test_attacking_token_phased_out_returns_untapped_and_able_to_attack() -> None:
    """Card: A's 1/1 Soldier token attacks.  Actions: after blocks (none) it phases out; A's next
    turn.
    CR 702.26b: it is removed from combat (506.4) and deals no damage: B 20; 702.26d: a token
    continues to exist while phased out; 502.1, 502.3: it phases in in A's next untap step and
    untaps; 302.6: A controlled it continuously, so it may attack: B 19."""
    soldier = token(None, "Creature — Soldier", 1, 1, colors="W")
    game = Game()
    [tok] = game.create_token(soldier, "A")
    game.next_turn()
    game.next_turn()
    attack(game, [tok], blockers={})
    game.phase_out(tok)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    game.next_turn()
    assert game.obj(tok).zone is Zone.BATTLEFIELD and game.view(tok).phased_out
    game.next_turn()
    assert not game.view(tok).phased_out and not game.view(tok).tapped
    attack(game, [tok], blockers={})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 19


def test_watcher_sees_a_creature_and_its_equipment_phase_out() -> None:
    """Cards: A's Grizzly Bears equipped with Bonesplitter; B's enchantment "whenever a permanent
    phases out, you gain 1 life".  Action: the Bears phase out.
    CR 702.26g: the Equipment phases out too (indirectly): two permanents phase out: B gains 2."""
    watcher = card("Phase Watcher", "{1}{W}", "Enchantment", TriggeredAbility(
        "Whenever a permanent phases out, you gain 1 life.", phases_out(permanents()), gains_life(1)))
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(BONESPLITTER, player="A", attached_to=bears)
    game.place(watcher, player="B")
    game.phase_out(bears)
    settle(game)
    assert game.players["B"].life == 22


def test_creatures_turned_face_down_in_combat_stay_in_combat_as_2_2s() -> None:
    """Cards: A's Hill Giant attacks; B's Stone Sentry (1/4) blocks.  Action: after blocks an
    effect turns both face down.
    CR 708.2a: each becomes a 2/2 face-down creature; 506.4 doesn't remove it from combat: the
    attacker is still blocked, each deals 2 to the other (B 20), and both 2/2s die (704.5g),
    revealed as they leave (708.9): a Hill Giant and a Stone Sentry in the graveyards."""
    game = Game()
    giant = game.place(GIANT, player="A")
    sentry = game.place(TOUGH_WALL, player="B")
    attack(game, [giant], blockers={sentry: giant})
    assert turn_face_down(game, game.obj(giant)) and turn_face_down(game, game.obj(sentry))
    assert is_attacking(game, giant) and is_blocking(game, sentry)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert game.current(giant).zone is Zone.GRAVEYARD and game.current(sentry).zone is Zone.GRAVEYARD
    assert {e.name for e in game.events(Revealed)} == {"Hill Giant", "Stone Sentry"}


def test_creature_regained_when_control_magic_phases_in_untaps_in_that_untap_step() -> None:
    """Cards: B's Grizzly Bears, tapped (they attacked in B's turn), enchanted by A's Control Magic,
    which phased out directly in A's first turn.  Action: A's next untap step.
    CR 502.1 then 502.3: the Aura phases in first, so A controls the Bears as A untaps the
    permanents A controls: the Bears untap (they still can't attack, 302.6)."""
    game = Game()
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    game.phase_out(magic)
    game.next_turn()
    attack_b = game.obj(bears)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attack_b])
    game.next_turn()
    assert game.view(bears).controller == "A" and not game.view(bears).tapped
    assert game.players["A"].life == 18


def test_face_down_lord_turned_up_after_blocks_pumps_the_other_attackers_damage() -> None:
    """Cards: A's face-down morph (face up a 2/2 "other creatures you control get +1/+1") and A's
    Grizzly Bears attack, unblocked.  Action: after blocks A turns the morph face up.
    CR 708.8, 611.3a: its static ability applies from then on; 510.1a: damage is assigned with the
    power the creatures have then: the Bears deal 3 and the lord 2: B 15."""
    lord = card("Morph Captain", "{2}{W}", "Creature — Human Soldier", 2, 2, "morph {W}", StaticAbility(
        "Other creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you", other=True)))
    game = Game()
    captain = game.place(lord, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="A")
    attack(game, [captain, bears], blockers={})
    assert game.view(bears).pt == (2, 2)
    game.add_mana("A", "{W}")
    game.turn_face_up("A", captain)
    assert game.view(bears).pt == (3, 3)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 15


def test_counterspell_targeting_a_disguised_spell_triggers_no_ward() -> None:
    """Cards: A casts the disguised Rogue face down (a 2/2 spell with ward {2}); B's Counterspell
    targets it; B pays nothing more.
    CR 702.21a: ward triggers when "this permanent" becomes the target: a spell on the stack is no
    permanent, so nothing triggers and the spell is countered (revealed, 708.9)."""
    def counter_it(r: Resolution) -> None:
        for spell in r.objects(0):
            r.game.counter(spell)

    counterspell = card("Counterspell", "{U}{U}", "Instant", spell=SpellAbility(
        "Counter target spell.", counter_it, (target_spell(),)))
    game = Game()
    rogue = game.place(ROGUE, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", rogue, face_down=FaceDown.DISGUISE)
    assert game.view(spell).has("ward")
    cs = game.place(counterspell, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{U}{U}")
    game.cast("B", cs, targets=[spell])
    game.refresh_priority()
    assert len(game.stack) == 2  # the disguised spell and the Counterspell, no ward trigger
    game.resolve_stack()
    assert game.current(spell).zone is Zone.GRAVEYARD
    assert len(game.events(Countered)) == 1


def test_face_down_attacker_turned_up_with_flying_stays_blocked() -> None:
    """Cards: A's face-down morph Angel (face up a 4/5 flier) attacks; B's Grizzly Bears block.
    Action: after blocks A turns it face up.
    CR 509.1b, 506.4: blocking restrictions apply only as blockers are declared; gaining flying
    doesn't remove the blocker: the Angel stays blocked, deals 4 to the Bears (they die) and
    nothing to B; the Bears deal it 2."""
    from scenario_cards import ANGEL

    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="B")
    attack(game, [angel], blockers={bears: angel})
    game.pass_priority_to("A")
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    assert game.view(angel).has("flying") and is_blocked(game, angel) and is_blocking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert game.current(bears).zone is Zone.GRAVEYARD and game.view(angel).damage == 2


def test_face_down_attacker_turned_up_with_menace_stays_blocked_by_one_creature() -> None:
    """Cards: A's face-down morph (face up a 3/3 with menace) attacks; B's Grizzly Bears alone block
    it.  Action: after blocks A turns it face up.
    CR 702.111b, 509.1b: menace restricts only the declaration of blockers: it stays blocked by the
    Bears alone, deals 3 to them and nothing to B."""
    brute = card("Morph Brute", "{2}{R}", "Creature — Ogre", 3, 3, "menace", "morph {R}")
    game = Game()
    ogre = game.place(brute, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="B")
    attack(game, [ogre], blockers={bears: ogre})
    game.pass_priority_to("A")
    game.add_mana("A", "{R}")
    game.turn_face_up("A", ogre)
    assert is_blocked(game, ogre) and is_blocking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20 and game.current(bears).zone is Zone.GRAVEYARD


def test_switched_attacker_loses_an_until_end_of_combat_plus_zero_one_after_combat() -> None:
    """Card: A's Shield Sentinel (1/3).  Actions: it gets +0/+1 until end of combat, then its power
    and toughness are switched until end of turn (a 4/1); it attacks, unblocked.
    CR 613.4d (its second example): it deals 4: B 16; 511.3, 500.5a: after combat the +0/+1 ends
    and it is a 3/1 until the cleanup step; then a 1/3 again."""
    game = Game()
    sentinel = game.place(SENTINEL, player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.create_effect("+0/+1 until end of combat", [modify_pt(0, 1)], [sentinel], UntilEndOfCombat(),
                       controller="A")
    until_eot(game, "switch", [switch_pt()], [sentinel])
    assert game.view(sentinel).pt == (4, 1)
    attack(game, [sentinel], blockers={})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16 and game.view(sentinel).pt == (4, 1)
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    assert game.view(sentinel).pt == (3, 1)
    game.next_turn()
    assert game.view(sentinel).pt == (1, 3)


def test_attacker_blocked_by_two_assigns_all_to_the_one_left_when_the_other_phases_out() -> None:
    """Cards: A's Hill Giant attacks; B's Grizzly Bears and Shield Sentinel both block.  Action: the
    Bears phase out.
    CR 506.4: the Bears are removed from combat; 510.1c: the Giant assigns its 3 among the blockers
    still blocking it: all to the Sentinel, which dies; B 20; the Sentinel deals 1 to the Giant."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    sentinel = game.place(SENTINEL, player="B")
    attack(game, [giant], blockers={bears: giant, sentinel: giant})
    game.phase_out(bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(sentinel).zone is Zone.GRAVEYARD and game.players["B"].life == 20
    assert game.view(giant).damage == 1 and game.view(bears).damage == 0


def test_aura_spell_whose_target_phased_out_does_not_resolve() -> None:
    """Cards: A casts an Aura ("enchanted creature gets +2/+2") targeting B's Grizzly Bears; in
    response the Bears phase out.
    CR 702.26b: the phased-out Bears are no legal target; 608.3b: the Aura spell doesn't resolve
    and goes to its owner's graveyard; the Bears, phasing in later, are 2/2 and unenchanted."""
    aura = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature",
                StaticAbility("Enchanted creature gets +2/+2.", (modify_pt(2, 2),), attached_to_this()))
    game = Game()
    bears = game.place(BEARS, player="B")
    held = game.place(aura, Zone.HAND, "A")
    game.add_mana("A", "{W}")
    spell = game.cast("A", held, targets=[bears])
    game.phase_out(bears)
    game.resolve_stack()
    assert game.current(spell).zone is Zone.GRAVEYARD
    game.phase_in(bears)
    assert game.view(bears).pt == (2, 2)


def test_face_down_morph_that_became_a_copy_turns_up_as_the_copied_morph() -> None:
    """Cards: A's face-down morph (a 3/1 first striker face up, morph {W}); B's face-up Morph Barrier
    (2/5, morph {G}).  Actions: A's morph becomes a copy of the Barrier; A turns it face up.
    CR 708.10: face down it stays a nameless 2/2; turned face up its copiable values are the
    Barrier's: it is turned up for the Barrier's morph cost {G} (702.37e: the cost it would have
    face up), and is a 2/5 Morph Barrier."""
    game = Game()
    duelist = game.place(DUELIST, player="A", face_down=FaceDown.MORPH)
    barrier = game.place(BARRIER, player="B")
    game.create_effect("becomes a copy of the Barrier", [copy_of(game, barrier)], [duelist], Indefinite(),
                       controller="A")
    view = game.view(duelist)
    assert view.face_down and view.name is None and view.pt == (2, 2)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", duelist)
    view = game.view(duelist)
    assert not view.face_down and view.name == "Morph Barrier" and view.pt == (2, 5)


def test_face_down_spell_cannot_be_turned_face_up_on_the_stack() -> None:
    """Card: A casts the morph Angel face down.  Action: with the spell on the stack A tries to pay
    its morph cost and turn it face up.
    CR 708.7: spells normally can't be turned face up; 702.37e speaks of a face-down permanent:
    refused; it resolves into a face-down 2/2."""
    from scenario_cards import ANGEL

    game = Game()
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", spell)
    game.resolve_stack()
    view = game.view(game.current(spell))
    assert view.face_down and view.pt == (2, 2)


def test_equip_ability_whose_equipment_phased_out_attaches_nothing() -> None:
    """Cards: A's Grizzly Bears and an unattached Bonesplitter.  Actions: A activates equip
    targeting the Bears; in response the Bonesplitter phases out.
    CR 113.7a: the ability still resolves; 702.26b: the phased-out Equipment can't be affected, so
    it isn't attached: when it phases in in A's next untap step it is unattached and the Bears 2/2."""
    game = Game()
    bears = game.place(BEARS, player="A")
    splitter = game.place(BONESPLITTER, player="A")
    game.add_mana("A", "{1}")
    game.activate("A", splitter, targets=[bears])
    game.phase_out(splitter)
    game.resolve_stack()
    game.next_turn()
    game.next_turn()
    assert not game.view(splitter).phased_out and game.obj(splitter).attached_to is None
    assert game.view(bears).pt == (2, 2)


def test_morph_turned_up_after_blocks_shrinks_the_blocker_to_death_and_the_attacker_stays_blocked() -> None:
    """Cards: A's face-down morph (face up a 2/2 "creatures your opponents control get -1/-1")
    attacks; B's 2/1 first striker blocks it.  Action: after blocks A turns it face up.
    CR 611.3a: the static ability applies at once: the Knight is a 1/0 and is put into the
    graveyard (704.5f); 509.1h, 506.4: the morph stays blocked and, without trample, deals no
    combat damage: B 20."""
    blight = card("Morph Blight", "{2}{B}", "Creature — Horror", 2, 2, "morph {B}", StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(controller="opponent")))
    game = Game()
    horror = game.place(blight, player="A", face_down=FaceDown.MORPH)
    knight = game.place(KNIGHT, player="B")
    attack(game, [horror], blockers={knight: horror})
    game.pass_priority_to("A")
    game.add_mana("A", "{B}")
    game.turn_face_up("A", horror)
    settle(game)
    assert game.current(knight).zone is Zone.GRAVEYARD
    assert is_blocked(game, horror)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20 and game.view(horror).damage == 0


def test_megamorph_turned_up_after_blocks_fights_with_its_counter() -> None:
    """Cards: A's face-down megamorph (a 3/3 face up, megamorph {1}{G}) attacks; B's Hill Giant
    blocks.  Action: after blocks A turns it face up for its megamorph cost.
    CR 702.37b, 708.11: the +1/+1 counter is put on it as it is turned face up: a 4/4; it deals 4
    to the Giant, which dies, and survives the Giant's 3."""
    from scenario_cards import MEGA

    game = Game()
    mega = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    giant = game.place(GIANT, player="B")
    attack(game, [mega], blockers={giant: mega})
    game.pass_priority_to("A")
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", mega)
    assert game.view(mega).pt == (4, 4) and game.view(mega).counters.get("+1/+1") == 1
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(giant).zone is Zone.GRAVEYARD
    assert game.obj(mega).zone is Zone.BATTLEFIELD and game.view(mega).damage == 3


def test_deathtouch_blocker_with_its_power_cut_to_zero_destroys_nothing() -> None:
    """Cards: A's Hill Giant attacks; B's 1/1 deathtouch creature blocks.  Action: after blocks it
    gets -1/-0 until end of turn.
    CR 613.4c: a 0/1; 510.1a: a creature with 0 power assigns no combat damage, so deathtouch
    (702.2b) has no damage to act on: the Giant lives; the 0/1 dies to the Giant's 3."""
    rats = card("Plague Rats", "{B}", "Creature — Rat", 1, 1, "deathtouch")
    game = Game()
    giant = game.place(GIANT, player="A")
    rat = game.place(rats, player="B")
    attack(game, [giant], blockers={rat: giant})
    until_eot(game, "-1/-0", [modify_pt(-1, 0)], [rat])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(giant).zone is Zone.BATTLEFIELD and game.view(giant).damage == 0
    assert game.current(rat).zone is Zone.GRAVEYARD


# =============================================================================================
# "Phases out until" (610.4): Oubliette and Out of Time
# =============================================================================================

OUBLIETTE = card("Oubliette", "{1}{B}{B}", "Enchantment")
"""Its "when this enters, target creature phases out until this leaves the battlefield" is stood in
for by ``game.phase_out(creature, until_leaves=oubliette)``."""


def test_oubliette_creature_skips_its_untap_step_and_phases_in_as_oubliette_leaves() -> None:
    """Cards: B's Oubliette; A's Grizzly Bears phased out until it leaves.  Actions: A's next turn;
    in A's main phase the Oubliette is destroyed; A attacks with the Bears.
    CR 610.4a: the Bears don't phase in in A's untap step; 610.4: they phase in as soon as the
    Oubliette leaves, not in an untap step; 702.26d, 302.6: A has controlled them all along, so
    they may attack that turn: B 18."""
    game = Game()
    bears = game.place(BEARS, player="A")
    oubliette = game.place(OUBLIETTE, player="B")
    game.phase_out(bears, until_leaves=oubliette)
    assert game.view(bears).phased_out
    game.next_turn()
    game.next_turn()
    assert game.view(bears).phased_out
    game.destroy(oubliette)
    assert not game.view(bears).phased_out
    attack(game, [bears], blockers={})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_creature_phased_in_by_another_effect_stays_out_of_oubliettes_return() -> None:
    """Cards: B's Oubliette; A's 2/2 with phasing, phased out until the Oubliette leaves.  Actions:
    another effect phases it in; in A's next untap step it phases out by its own phasing; then
    the Oubliette leaves.
    CR 610.4a: it phased in due to another effect, so the second one-shot effect doesn't happen,
    even though it has phased out again: it stays phased out until A's following untap step."""
    game = Game()
    bear = game.place(PHASING_BEAR, player="A")
    oubliette = game.place(OUBLIETTE, player="B")
    game.phase_out(bear, until_leaves=oubliette)
    game.phase_in(bear)
    game.next_turn()
    game.next_turn()
    assert game.view(bear).phased_out
    game.destroy(oubliette)
    assert game.view(bear).phased_out
    game.next_turn()
    game.next_turn()
    assert not game.view(bear).phased_out


def test_oubliette_gone_before_its_ability_resolves_phases_nothing_out() -> None:
    """Cards: B's Oubliette, destroyed in response to its enters trigger; A's Grizzly Bears.
    CR 610.4c: the event (Oubliette leaving) already happened after the ability triggered: the
    Bears don't phase out."""
    game = Game()
    bears = game.place(BEARS, player="A")
    oubliette = game.place(OUBLIETTE, player="B")
    game.destroy(oubliette)
    game.phase_out(bears, until_leaves=oubliette)
    assert not game.view(bears).phased_out


def test_out_of_time_creatures_and_their_equipment_phase_in_together_as_it_leaves() -> None:
    """Cards: B's Out of Time-like enchantment; A's Grizzly Bears with Bonesplitter and B's Hill
    Giant; all creatures phase out until it leaves.  Actions: two turns pass; it is destroyed.
    CR 702.26g: the Bonesplitter phases out indirectly; 610.4a: nothing phases in in the untap
    steps; 610.4, 610.4d: all phase in at once as it leaves, the Bonesplitter still attached
    (the Bears 4/2)."""
    out_of_time = card("Out of Time", "{1}{W}{W}", "Enchantment")
    game = Game()
    bears = game.place(BEARS, player="A")
    splitter = game.place(BONESPLITTER, player="A", attached_to=bears)
    giant = game.place(GIANT, player="B")
    source = game.place(out_of_time, player="B")
    game.phase_out(bears, giant, until_leaves=source)
    assert game.view(splitter).phased_out
    game.next_turn()
    game.next_turn()
    assert game.view(bears).phased_out and game.view(giant).phased_out and game.view(splitter).phased_out
    game.destroy(source)
    assert not any(game.view(o).phased_out for o in (bears, giant, splitter))
    assert game.view(bears).pt == (4, 2)


def test_attacker_sent_into_the_oubliette_comes_back_out_of_combat() -> None:
    """Cards: A's Grizzly Bears attack; B's Oubliette phases them out until it leaves (B's
    response after blocks).  Action: B's Oubliette is destroyed in the same combat.
    CR 506.4: phasing out removed the Bears from combat; 610.4: they phase in at once as the
    Oubliette leaves, but nothing puts them back into combat: they deal no damage: B 20."""
    game = Game()
    bears = game.place(BEARS, player="A")
    oubliette = game.place(OUBLIETTE, player="B")
    attack(game, [bears], blockers={})
    game.phase_out(bears, until_leaves=oubliette)
    game.destroy(oubliette)
    assert not game.view(bears).phased_out and not is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_control_magic_returning_from_the_oubliette_mid_combat_steals_the_blocker_out_of_combat() -> None:
    """Cards: A's Control Magic on B's Grizzly Bears, phased out until B's Oubliette leaves (so B
    controls the Bears); A's Hill Giant attacks and the Bears block.  Action: the Oubliette is
    destroyed after blocks.
    CR 610.4: the Aura phases in at once, attached to the Bears (702.26i); 613.1b: A controls them;
    506.4: a permanent whose controller changes is removed from combat; 509.1h: the Giant stays
    blocked and deals no damage: B 20, the Bears undamaged."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    magic = game.place(CONTROL_MAGIC, player="A", attached_to=bears)
    oubliette = game.place(OUBLIETTE, player="B")
    game.phase_out(magic, until_leaves=oubliette)
    assert game.view(bears).controller == "B"
    attack(game, [giant], blockers={bears: giant})
    game.destroy(oubliette)
    assert game.view(bears).controller == "A" and not is_blocking(game, bears) and is_blocked(game, giant)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20 and game.view(bears).damage == 0


def test_creature_in_an_oubliette_phases_in_when_the_oubliettes_owner_leaves_the_game() -> None:
    """Cards: C's Oubliette; A's Grizzly Bears phased out until it leaves (a three-player game).
    Action: C concedes.
    CR 800.4a: C's Oubliette leaves the game with C: it has left the battlefield, so 610.4: the
    Bears phase in at once, under A's control."""
    game = Game(["A", "B", "C"])
    bears = game.place(BEARS, player="A")
    oubliette = game.place(OUBLIETTE, player="C")
    game.phase_out(bears, until_leaves=oubliette)
    game.concede("C")
    assert not game.view(bears).phased_out and game.view(bears).controller == "A"


def test_replacement_of_phasing_out_is_not_modelled_and_a_past_event_is_refused() -> None:
    """"If this creature would phase out, …" (614) needs a proposed phasing event, which the model
    doesn't have: writing one with ``PhasedOut`` (the event that happened) raises ``NotModelled``
    naming it, rather than a replacement that never applies (the creature phasing out all the
    same, silently).  Any other event that happened (``ZoneChanged``, ``DamageDealt``) in place of
    a proposed one (``Move``, ``Damage``) is a ``ScenarioError``."""
    with pytest.raises(NotModelled, match="phasing"):
        Replacement("If this creature would phase out, it doesn't.", PhasedOut,  # type: ignore[arg-type]
                    lambda c, e: True, lambda c, e: None)
    with pytest.raises(ScenarioError, match="Proposed"):
        Replacement("If a creature would die, exile it instead.", ZoneChanged,  # type: ignore[arg-type]
                    lambda c, e: True, lambda c, e: None)


def test_banisher_priest_phasing_out_does_not_return_the_exiled_card() -> None:
    """Cards: B's Banisher Priest-like creature has exiled A's Grizzly Bears "until it leaves the
    battlefield".  Action: the Priest phases out; later it phases in.
    CR 702.26d: phasing out isn't leaving the battlefield, so 610.3's second one-shot effect
    doesn't happen: the Bears stay in exile, while the Priest is phased out and after it phases
    in; when the Priest does leave, they return."""
    from kb.engine.one_shot import exile_until_leaves

    priest_card = card("Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric", 2, 2)
    game = Game()
    bears = game.place(BEARS, player="A")
    priest = game.place(priest_card, player="B")
    exile_until_leaves(game, [bears.id], priest.id)
    assert game.current(bears).zone is Zone.EXILE
    game.phase_out(priest)
    assert game.current(bears).zone is Zone.EXILE
    game.phase_in(priest)
    assert game.current(bears).zone is Zone.EXILE
    game.destroy(priest)
    assert game.current(bears).zone is Zone.BATTLEFIELD


def test_band_member_phasing_out_leaves_the_blocked_band_with_the_banding_creature() -> None:
    """Cards: A's 1/1 with banding and A's Grizzly Bears attack as a band; B's Hill Giant blocks
    the Bears.  Action: the Bears phase out.
    CR 702.22h: the Giant blocks the whole band; 506.4, 702.22f: the Bears leave combat and the
    band; the Giant still blocks the banding creature and deals it 3 (it dies), taking 1: B 20."""
    hero_card = card("Benalish Hero", "{W}", "Creature — Human Soldier", 1, 1, "banding")
    game = Game()
    hero = game.place(hero_card, player="A")
    bears = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hero, bears], bands=[[hero, bears]])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({giant: bears})
    assert is_blocked(game, hero)
    game.phase_out(bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(hero).zone is Zone.GRAVEYARD and game.view(giant).damage == 1
    assert game.players["B"].life == 20 and game.view(bears).damage == 0
