"""An audit of kb's four topics where they meet the rest of the game, through the public API.

Phasing, face-down objects, timestamps and layers, and continuous effects, each met with combat
(506-511: first and double strike with a change between the damage steps, trample, deathtouch and
lifelink on animated, pumped or stolen creatures, leaving combat), triggered abilities and
look-back (603.7, 603.8, 603.10a), replacement effects as a permanent enters or dies (614),
state-based actions on layer-dependent toughness and names (704) and the cleanup step (514).
Written as an independent tester would, from the CR (the rule numbers in each docstring) and
well-known card interactions, covering situations ``test_independent_scenarios.py``,
``test_audit_faces.py`` and ``test_audit_layers.py`` leave out.  Cards are described in our own
words; a card named in a test's name is the well-known card whose behaviour the scenario borrows.
Each scenario asserts the CR's answer, or that the model raises ``NotModelled`` naming the concept.
"""

from __future__ import annotations

from collections.abc import Mapping

from scenario_cards import ANTHEM, BEARS, CLONE, GIANT, HUMILITY, OPALESCENCE, gains_life
from scenario_steps import settle, until_eot

from kb.engine import (
    ChoiceKind,
    FaceDown,
    Game,
    GameObject,
    Indefinite,
    Phase,
    Resolution,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfCombat,
    UntilEndOfTurn,
    Zone,
    add_types,
    attached_to_this,
    attacks,
    base_pt,
    card,
    condition,
    control,
    creatures,
    dies,
    enters_tapped,
    enters_with_counters,
    gain,
    instead_to,
    is_attacking,
    is_blocked,
    is_blocking,
    leaves,
    lose,
    lose_all_abilities,
    modify_pt,
    permanents,
    state,
    where,
)
from kb.engine.context import Context

# ---------------------------------------------------------------------------------------------
# Cards (our own descriptions of well-known cards; more in scenario_cards.py)
# ---------------------------------------------------------------------------------------------

TITAN = card("Craw Titan", "{4}{G}", "Creature — Beast", 5, 5)
KNIGHT = card("Youthful Knight", "{1}{W}", "Creature — Human Knight", 2, 1, "first strike")
FENCER = card("Double Fencer", "{1}{R}{W}", "Creature — Human Soldier", 2, 6, "double strike")
TRAMPLER = card("Trampling Bear", "{1}{G}", "Creature — Bear", 2, 2, "trample")
ISLAND = card("Island", None, "Basic Land — Island")
WASTES = card("Dusty Plain", None, "Land")
PLAIN_ENCHANTMENT = card("Quiet Shrine", "{2}{W}", "Enchantment")

# A morph whose face-up side is a 1/1 deathtouch Assassin.
ASSASSIN = card("Morph Assassin", "{1}{B}", "Creature — Human Assassin", 1, 1, "deathtouch", "morph {B}")
# A morph with "when this creature dies, you gain 3 life".
MARTYR = card("Morph Martyr", "{2}{W}", "Creature — Human Cleric", 2, 2, "morph {W}",
              TriggeredAbility("When this creature dies, you gain 3 life.", dies(), gains_life(3)))
SOUL_WARDEN = card("Dying Witness", "{B}", "Creature — Human Cleric", 1, 1, TriggeredAbility(
    "Whenever this creature or another creature dies, you gain 1 life.", dies(creatures()), gains_life(1)))
LIFELINKER = card("Lifelink Bear", "{1}{W}", "Creature — Bear", 2, 2, "lifelink")
WAR_CHANT = card("War Chant", "{2}{R}", "Enchantment", TriggeredAbility(
    "Whenever a creature you control attacks, you gain 1 life.", attacks(creatures(controller="you")), gains_life(1)))
COUNTER_BEAR = card("Counter Bear", "{2}{G}", "Creature — Bear", 0, 0, StaticAbility(
    "This creature enters with two +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 2),)))
TAPPED_GIANT = card("Sleepy Giant", "{3}{R}", "Creature — Giant", 4, 4, StaticAbility(
    "This creature enters tapped.", replacements=(enters_tapped(),)))
LEGEND = card("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog", 2, 2)


def _exiled_instead_of_dying() -> StaticAbility:
    return StaticAbility("If this creature would die, exile it instead.", replacements=(
        instead_to(Zone.EXILE, Zone.BATTLEFIELD, text="exile instead of dying",
                   which=lambda c, m: m.object_id == c.context.source_state("itself").id),))


PHOENIX_ASH = card("Ashen Spirit", "{1}{R}", "Creature — Spirit", 2, 2, _exiled_instead_of_dying())


def attack(game: Game, *attackers: GameObject, blockers: Mapping[GameObject | int, GameObject | int] | None = None
           ) -> None:
    """A's attack in A's first turn (set-up permanents are not summoning sick), B's blocks."""
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(list(attackers))
    if blockers is not None:
        game.advance_to(Step.DECLARE_BLOCKERS)
        game.declare_blockers(blockers)


# =============================================================================================
# Combat: first and double strike with a change between the damage steps (510.4)
# =============================================================================================


def test_double_striker_pumped_between_the_damage_steps_deals_more_the_second_time() -> None:
    """Cards: A's 2/6 double striker attacks; B's 5/5 blocks.  Action: after the first-strike
    damage step, the attacker gets +3/+0 until end of turn.
    CR 510.4, 702.4b: it deals damage in both steps, each time its power then: 2, then 5; the 5/5
    has 7 damage and dies (704.5g); the 5/5 deals its 5 in the second step only: the fencer lives."""
    game = Game()
    fencer = game.place(FENCER, player="A")
    titan = game.place(TITAN, player="B")
    attack(game, fencer, blockers={titan: fencer})
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.view(titan).damage == 2 and game.view(fencer).damage == 0
    until_eot(game, "+3/+0", [modify_pt(3, 0)], [fencer])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(titan).zone is Zone.GRAVEYARD
    assert game.obj(fencer).zone is Zone.BATTLEFIELD and game.view(fencer).damage == 5


def test_first_strike_gained_or_lost_after_the_first_damage_step() -> None:
    """Cards: A's 2/1 first striker and A's 3/3 Hill Giant attack, unblocked.  Actions: after the
    first-strike damage step, the Giant gains first strike and the Knight loses it.
    CR 510.4, 702.7c: the Giant had neither as the first step began, so it deals its 3 in the
    second step; the Knight, which lost first strike, deals nothing more: B 20 - 2 - 3 = 15."""
    game = Game()
    knight = game.place(KNIGHT, player="A")
    giant = game.place(GIANT, player="A")
    attack(game, knight, giant)
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.players["B"].life == 18
    until_eot(game, "gains first strike", [gain("first strike")], [giant])
    until_eot(game, "loses first strike", [lose("first strike")], [knight])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 15


def test_first_striker_given_double_strike_after_the_first_step_deals_damage_again() -> None:
    """Card: A's 2/1 first striker attacks, unblocked.  Action: after the first-strike damage step
    it gains double strike.
    CR 702.4d: it assigns combat damage again in the second step: B 16."""
    game = Game()
    knight = game.place(KNIGHT, player="A")
    attack(game, knight)
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.players["B"].life == 18
    until_eot(game, "gains double strike", [gain("double strike")], [knight])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16


# =============================================================================================
# Combat: face-down, animated, pumped and stolen creatures
# =============================================================================================


def test_face_down_blocker_turned_up_after_blocks_kills_with_deathtouch() -> None:
    """Cards: B's face-down morph (a 1/1 deathtouch Assassin face up); A's 5/5 attacks.  Actions:
    the face-down 2/2 blocks; in the declare blockers step B turns it face up for {B}.
    CR 708.8: it stays the same blocking creature; 510.1, 702.2b: it deals 1 deathtouch damage and
    the 5/5 is destroyed; it takes 5 and dies too."""
    game = Game()
    titan = game.place(TITAN, player="A")
    assassin = game.place(ASSASSIN, player="B", face_down=FaceDown.MORPH)
    attack(game, titan, blockers={assassin: titan})
    game.pass_priority_to("B")
    game.add_mana("B", "{B}")
    game.turn_face_up("B", assassin)
    assert is_blocking(game, assassin) and game.view(assassin).has("deathtouch")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(titan).zone is Zone.GRAVEYARD
    assert game.current(assassin).zone is Zone.GRAVEYARD


def test_trampler_pumped_after_blocks_assigns_the_new_excess_to_the_player() -> None:
    """Cards: A's 2/2 trampler attacks; B's Grizzly Bears blocks.  Action: after blocks the trampler
    gets +3/+3 until end of turn.
    CR 702.19b: damage is assigned with its power as the damage step begins: 2 (lethal) to the
    Bears, 3 to B."""
    game = Game()
    trampler = game.place(TRAMPLER, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, trampler, blockers={bears: trampler})
    until_eot(game, "+3/+3", [modify_pt(3, 3)], [trampler])
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears: 2, "B": 3}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 17
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_animated_land_with_trample_and_deathtouch_assigns_one_to_its_blocker() -> None:
    """Cards: A's land, made a 4/4 creature with trample and deathtouch until end of turn; B's
    5/5 blocks it.
    CR 702.2c, 702.19b: 1 damage is lethal from a deathtouch source: A assigns 1 to the 5/5 and 3
    to B; the 5/5 is destroyed (702.2b), the land takes 5 and is put into the graveyard."""
    game = Game()
    land = game.place(WASTES, player="A")
    until_eot(game, "becomes a 4/4 creature with trample and deathtouch",
              [add_types("Creature"), base_pt(4, 4), gain("trample", "deathtouch")], [land])
    titan = game.place(TITAN, player="B")
    attack(game, land, blockers={titan: land})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {titan: 1, "B": 3}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 17
    assert game.current(titan).zone is Zone.GRAVEYARD
    assert game.current(land).zone is Zone.GRAVEYARD


def test_stolen_lifelink_creature_gains_life_for_its_new_controller() -> None:
    """Card: B's 2/2 lifelink Bear.  Actions: A gains control of it until end of turn (untapped, and
    able to attack: set up since the start of the turn) and attacks B with it.
    CR 702.15b: the source's controller gains the life: A 22, B 18."""
    game = Game()
    bear = game.place(LIFELINKER, player="B")
    until_eot(game, "gain control and haste", [control("A"), gain("haste")], [bear])
    attack(game, bear)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["A"].life == 22 and game.players["B"].life == 18


def test_stolen_blocker_leaves_combat_and_the_attacker_stays_blocked() -> None:
    """Cards: A's Hill Giant attacks; B's Grizzly Bears blocks.  Action: A gains control of the
    Bears until end of turn.
    CR 506.4: a creature whose controller changes is removed from combat; 509.1h, 510.1c: the
    Giant stays blocked and deals no damage: B 20, the Bears undamaged and no longer blocking."""
    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, giant, blockers={bears: giant})
    until_eot(game, "gain control", [control("A")], [bears])
    assert not is_blocking(game, bears)
    assert is_blocked(game, giant)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20 and game.view(bears).damage == 0 and game.view(giant).damage == 0


def test_opalescence_creature_attacking_leaves_combat_when_opalescence_leaves() -> None:
    """Cards: A's Opalescence and a plain enchantment of mana value 3 (a 3/3 creature).  Actions:
    the enchantment attacks; after blocks (none) Opalescence is destroyed.
    CR 613.1d, 506.4: it stops being a creature and is removed from combat: B takes no damage."""
    game = Game()
    opal = game.place(OPALESCENCE, player="A")
    shrine = game.place(PLAIN_ENCHANTMENT, player="A")
    assert game.view(shrine).pt == (3, 3)
    attack(game, shrine)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.destroy(opal)
    assert not is_attacking(game, shrine)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_trampler_whose_only_blocker_phased_out_deals_all_its_damage_to_the_player() -> None:
    """Cards: A's 2/2 trampler attacks; B's Grizzly Bears blocks.  Action: the Bears phase out.
    CR 702.26b, 506.4: the Bears leave combat; 702.19d: the trampler is blocked with no blockers,
    so its damage goes to B as though its blockers had lethal damage: B 18."""
    game = Game()
    trampler = game.place(TRAMPLER, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, trampler, blockers={bears: trampler})
    game.phase_out(bears)
    assert is_blocked(game, trampler)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_until_end_of_combat_setting_beats_an_earlier_until_end_of_turn_one_in_combat_only() -> None:
    """Card: A's Grizzly Bears.  Actions: in the beginning of combat step "becomes 0/1 until end of
    turn"; in the declare attackers step (it attacks) "has base power and toughness 4/4 until end
    of combat".
    CR 613.7a: the later timestamp wins in 7b: 4/4, still in the end of combat step (511.3: the
    phase is over only after it); in the second main phase 0/1 again; next turn 2/2 (514.2).
    It deals 4 to B."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    until_eot(game, "becomes 0/1", [base_pt(0, 1)], [bear])
    attack(game, bear)
    game.create_effect("base 4/4 until end of combat", [base_pt(4, 4)], [bear], UntilEndOfCombat(), controller="A")
    assert game.view(bear).pt == (4, 4)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.view(bear).pt == (4, 4) and game.players["B"].life == 16
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    assert game.view(bear).pt == (0, 1)
    game.next_turn()
    assert game.view(bear).pt == (2, 2)


# =============================================================================================
# Triggered abilities: look-back (603.10a), control, delayed (603.7) and state (603.8) triggers
# =============================================================================================


def test_face_down_creature_that_dies_does_not_trigger_its_face_up_dies_ability() -> None:
    """Card: A's face-down morph whose face-up side says "when this creature dies, you gain 3 life".
    Action: it is destroyed face down.
    CR 603.10a, 708.2: the ability looks back at the face-down 2/2, which had no abilities: A 20.
    The same card destroyed face up triggers: A 23."""
    game = Game()
    martyr = game.place(MARTYR, player="A", face_down=FaceDown.MORPH)
    game.destroy(martyr)
    settle(game)
    assert game.players["A"].life == 20
    martyr = game.place(MARTYR, player="A")
    game.destroy(martyr)
    settle(game)
    assert game.players["A"].life == 23


def test_humility_destroyed_with_the_creatures_triggers_no_dies_abilities() -> None:
    """Cards: Humility; A's "whenever this creature or another creature dies, gain 1 life" 1/1 and
    two Grizzly Bears.  Action: all permanents are destroyed at once.
    CR 603.10a: leaves-the-battlefield abilities look back to just before the event, when Humility
    still took the ability away: no life gained."""
    game = Game()
    humility = game.place(HUMILITY, player="B")
    witness = game.place(SOUL_WARDEN, player="A")
    one = game.place(BEARS, player="A")
    two = game.place(BEARS, player="B")
    game.destroy(humility, witness, one, two)
    settle(game)
    assert game.players["A"].life == 20


def test_dying_witness_sees_itself_and_the_others_die_together() -> None:
    """Cards: A's "whenever this creature or another creature dies, gain 1 life" 1/1 and two
    Grizzly Bears; Humility already gone.  Action: all three are destroyed at once.
    CR 603.10a: it looks back and sees all three die: A 23."""
    game = Game()
    witness = game.place(SOUL_WARDEN, player="A")
    one = game.place(BEARS, player="A")
    two = game.place(BEARS, player="B")
    game.destroy(witness, one, two)
    settle(game)
    assert game.players["A"].life == 23


def test_aura_watching_its_host_leave_does_not_trigger_when_the_host_phases_out() -> None:
    """Cards: A's Aura "when enchanted creature leaves the battlefield, you gain 2 life" on A's
    Grizzly Bears.  Actions: the Bears phase out (the Aura with them) and back in; then the Bears
    are destroyed.
    CR 702.26d: phasing is not leaving the battlefield: no trigger; 603.10a: when the Bears die the
    Aura looks back and sees it leave while enchanted: A 22."""
    aura = card("Watchful Bond", "{W}", "Enchantment — Aura", "enchant creature", TriggeredAbility(
        "When enchanted creature leaves the battlefield, you gain 2 life.", leaves(attached_to_this()), gains_life(2)))
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(aura, player="A", attached_to=bears)
    game.phase_out(bears)
    settle(game)
    game.phase_in(bears)
    settle(game)
    assert game.players["A"].life == 20
    game.destroy(bears)
    settle(game)
    assert game.players["A"].life == 22


def test_attack_trigger_counts_a_stolen_creature_for_its_new_controller() -> None:
    """Cards: A's and B's "whenever a creature you control attacks, you gain 1 life"; A's Hill Giant;
    B's Grizzly Bears that A controls until end of turn (with haste).  Action: A attacks with both.
    CR 603.2, 508.3a: "you control" is read as the attackers are declared: A's ability triggers
    twice (22), B's not at all (20, minus 5 combat damage: 15)."""
    game = Game()
    game.place(WAR_CHANT, player="A")
    game.place(WAR_CHANT, player="B")
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    until_eot(game, "gain control and haste", [control("A"), gain("haste")], [bears])
    attack(game, giant, bears)
    settle(game)
    assert game.players["A"].life == 22 and game.players["B"].life == 20
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 15


RAIDER = card("Blitz Raider", "{2}{R}", "Creature — Goblin Warrior", 3, 3, "blitz {R}")


def blitzed(game: Game) -> GameObject:
    """A casts the 3/3 Raider for its blitz cost {R} (702.152a) and it resolves: the permanent."""
    spell = game.place(RAIDER, Zone.HAND, "A")
    game.add_mana("A", "{R}")
    game.cast("A", spell, alternative="blitz")
    game.resolve_stack()
    return game.current(spell)


def test_blitzed_creature_phased_out_at_the_end_step_is_not_sacrificed() -> None:
    """Card: a 3/3 with blitz {R} (haste, "when this dies, draw a card", sacrificed at the beginning
    of the next end step).  Actions: A casts it for its blitz cost; before the end step it phases
    out.
    CR 702.152a, 603.7c, 702.26b: the delayed trigger resolves but can't sacrifice a permanent treated
    as though it doesn't exist; it phases in in A's next untap step, still there, and A drew no card."""
    game = Game()
    obj = blitzed(game)
    assert obj.zone is Zone.BATTLEFIELD
    hand = len(game.hand("A"))
    game.phase_out(obj)
    game.advance_to(Step.END)
    game.resolve_stack()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and len(game.hand("A")) == hand
    game.next_turn()
    game.next_turn()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and not game.view(obj).phased_out


def test_blitzed_creature_stolen_before_the_end_step_is_not_sacrificed() -> None:
    """Card: A's 3/3 with blitz {R}, cast for its blitz cost.  Action: B gains control of it until end
    of turn before the end step.
    CR 603.7d: A controls the delayed "sacrifice it" trigger; 701.21a: a player can't sacrifice a
    permanent they don't control, so nothing happens (Sneak Attack and Donate, well known); in the
    cleanup step it returns to A (514.2) and stays: A didn't draw for it dying, and B didn't lose it."""
    game = Game()
    obj = blitzed(game)
    until_eot(game, "gain control", [control("B")], [obj], player="B")
    hand = len(game.hand("A"))
    game.advance_to(Step.END)
    game.resolve_stack()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and game.view(obj).controller == "B"
    game.next_turn()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and game.view(obj).controller == "A"
    assert len(game.hand("A")) == hand


def test_mobilized_warriors_stolen_before_the_end_step_are_not_sacrificed() -> None:
    """Card: A's 2/2 with mobilize 1 attacks: a tapped and attacking 1/1 Warrior token is created, to
    be sacrificed at the beginning of the next end step.  Action: B gains control of the token until
    end of turn.
    CR 603.7e, 701.21a: A's delayed trigger can't make anyone sacrifice what A doesn't control: the
    token stays, and returns to A in the cleanup step."""
    mobilizer = card("Mobilizing Bear", "{1}{R}", "Creature — Bear", 2, 2, "mobilize 1")
    game = Game()
    bear = game.place(mobilizer, player="A")
    attack(game, bear)
    settle(game)
    warriors = [o for o in game.battlefield("A") if o.is_token]
    assert len(warriors) == 1
    until_eot(game, "gain control", [control("B")], warriors, player="B")
    game.advance_to(Step.END)
    game.resolve_stack()
    assert game.obj(warriors[0]).zone is Zone.BATTLEFIELD
    game.next_turn()
    assert game.obj(warriors[0]).zone is Zone.BATTLEFIELD and game.view(warriors[0]).controller == "A"


def test_cumulative_upkeep_unpaid_for_a_creature_phased_out_in_response_sacrifices_nothing() -> None:
    """Card: A's 2/2 with cumulative upkeep {1}.  Actions: its upkeep trigger is on the stack; in
    response it phases out; A doesn't pay.
    CR 702.24a, 702.26b, 609.3: no age counter can be put on it and "sacrifice it" can't happen: it
    stays, phased out."""
    aging = card("Aging Bear", "{1}{G}", "Creature — Bear", 2, 2, "cumulative upkeep {1}")
    game = Game(step=Step.UNTAP)
    bear = game.place(aging, player="A")
    game.advance_to(Step.UPKEEP)
    game.phase_out(bear)
    game.choices.script(ChoiceKind.PAY, False, player="A")
    game.resolve_stack()
    assert game.obj(bear).zone is Zone.BATTLEFIELD and game.view(bear).phased_out
    assert not game.obj(bear).counters


def test_champion_phased_out_in_response_to_its_trigger_is_not_sacrificed() -> None:
    """Card: A's 4/4 "champion a Bear" (no other Bear around).  Actions: it enters; in response to its
    "sacrifice it unless you exile another Bear" trigger it phases out.
    CR 702.72a, 702.26b, 609.3: there is nothing to exile and it can't be sacrificed: it stays."""
    champion = card("Champion Bear", "{1}{G}", "Creature — Bear", 4, 4, "champion a Bear")
    game = Game()
    spell = game.place(champion, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    game.cast("A", spell)
    game.resolve_top()
    obj = game.current(spell)
    game.refresh_priority()
    assert len(game.stack) == 1
    game.phase_out(obj)
    game.resolve_stack()
    assert game.obj(obj).zone is Zone.BATTLEFIELD and game.view(obj).phased_out


def test_state_trigger_fires_when_the_only_island_phases_out() -> None:
    """Cards: A's Island and a 2/2 "when you control no Islands, sacrifice this creature" (a state
    trigger).  Action: the Island phases out.
    CR 603.8, 702.26b: A controls no Islands now; the ability triggers and the creature is
    sacrificed."""
    def no_islands(c: Context) -> bool:
        you = c.player("you")
        return not any(s.controller == you and "Island" in s.subtypes and s.zone is Zone.BATTLEFIELD
                       for s in c.states.values())

    serpent = card("Shore Serpent", "{1}{U}", "Creature — Serpent", 2, 2, TriggeredAbility(
        "When you control no Islands, sacrifice this creature.", state(condition("you control no Islands", no_islands)),
        lambda r: r.game.sacrifice(r.controller, r.source_id) if r.source_id is not None else None))
    game = Game()
    island = game.place(ISLAND, player="A")
    obj = game.place(serpent, player="A")
    settle(game)
    assert game.obj(obj).zone is Zone.BATTLEFIELD
    game.phase_out(island)
    settle(game)
    assert game.current(obj).zone is Zone.GRAVEYARD


# =============================================================================================
# Replacement effects as a permanent enters or dies (614)
# =============================================================================================


def test_clone_copying_a_creature_that_enters_with_counters_gets_them() -> None:
    """Cards: A's 0/0 "enters with two +1/+1 counters" (on the battlefield, 2/2); A's Clone.  Action:
    Clone enters as a copy of it.
    CR 614.12, 707.2: the copy effect applies first and the copied "enters with" ability then
    applies to Clone's entering: a 2/2 with two counters, alive after state-based actions."""
    game = Game()
    original = game.place(COUNTER_BEAR, player="A", counters={"+1/+1": 2})
    game.choices.script(ChoiceKind.OBJECT, original, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    settle(game)
    assert game.current(clone).zone is Zone.BATTLEFIELD
    assert game.view(clone).counters.get("+1/+1") == 2 and game.view(clone).pt == (2, 2)


def test_clone_copying_an_enters_tapped_creature_enters_tapped() -> None:
    """Cards: B's 4/4 "enters tapped"; A's Clone.  Action: Clone enters as a copy of it.
    CR 614.12, 614.1c: the copied ability applies to Clone's own entering: it enters tapped."""
    game = Game()
    original = game.place(TAPPED_GIANT, player="B")
    game.choices.script(ChoiceKind.OBJECT, original, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    assert game.view(clone).name == "Sleepy Giant" and game.view(clone).tapped


def test_humility_switches_off_a_creatures_own_exile_instead_of_dying() -> None:
    """Card: A's 2/2 "if this creature would die, exile it instead".  Actions: destroyed alone, it
    is exiled; a second one destroyed under Humility goes to the graveyard.
    CR 613.1f, 614.1a: with its ability removed in layer 6 there is no replacement effect."""
    game = Game()
    spirit = game.place(PHOENIX_ASH, player="A")
    game.destroy(spirit)
    assert game.current(spirit).zone is Zone.EXILE
    game.place(HUMILITY, player="B")
    spirit = game.place(PHOENIX_ASH, player="A")
    game.destroy(spirit)
    assert game.current(spirit).zone is Zone.GRAVEYARD


def test_rest_in_peace_like_effect_exiles_a_creature_killed_by_a_minus_counter() -> None:
    """Cards: an effect "if a card or token would be put into a graveyard from anywhere, exile it
    instead"; A's Grizzly Bears under Glorious Anthem (3/3) with two -1/-1 counters (1/1).  Action:
    the Anthem is destroyed.
    CR 704.5f: the Bears is 0/0 and is put into its owner's graveyard — replaced by 614.1a: exiled,
    as is the Anthem."""
    game = Game()
    game.create_effect("exile instead of the graveyard", replacements=[instead_to(Zone.EXILE)],
                       duration=Indefinite(), controller="B")
    anthem = game.place(ANTHEM, player="A")
    bears = game.place(BEARS, player="A", counters={"-1/-1": 2})
    assert game.view(bears).pt == (1, 1)
    game.destroy(anthem)
    settle(game)
    assert game.current(anthem).zone is Zone.EXILE
    assert game.current(bears).zone is Zone.EXILE


# =============================================================================================
# State-based actions on layer-dependent characteristics (704) and the cleanup step (514)
# =============================================================================================


def test_land_with_a_minus_counter_animated_as_a_1_1_dies() -> None:
    """Card: A's land with a -1/-1 counter (a counter on a noncreature does nothing).  Action: it
    becomes a 1/1 creature until end of turn.
    CR 613.4c: the counter applies in 7c: 0/0; 704.5f: it is put into the graveyard."""
    game = Game()
    land = game.place(WASTES, player="A", counters={"-1/-1": 1})
    settle(game)
    assert game.obj(land).zone is Zone.BATTLEFIELD
    until_eot(game, "becomes a 1/1 creature", [add_types("Creature"), base_pt(1, 1)], [land])
    assert game.view(land).pt == (0, 0)
    settle(game)
    assert game.current(land).zone is Zone.GRAVEYARD


def test_land_damaged_while_animated_dies_when_animated_again_that_turn() -> None:
    """Card: A's land.  Actions: it becomes a 3/3 creature until end of combat and is dealt 2
    damage; after combat it is a land again (the damage stays, 120.6); in the second main phase it
    becomes a 2/2 creature until end of turn.
    CR 120.6, 704.5g: 2 damage on a 2/2: it is destroyed."""
    game = Game()
    land = game.place(WASTES, player="A")
    bears = game.place(BEARS, player="B")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.create_effect("becomes a 3/3 creature until end of combat", [add_types("Creature"), base_pt(3, 3)],
                       [land], UntilEndOfCombat(), controller="A")
    game.deal_damage(bears, land, 2)
    settle(game)
    assert game.obj(land).zone is Zone.BATTLEFIELD and game.view(land).damage == 2
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    assert not game.view(land).is_a("Creature") and game.view(land).damage == 2
    until_eot(game, "becomes a 2/2 creature", [add_types("Creature"), base_pt(2, 2)], [land])
    settle(game)
    assert game.current(land).zone is Zone.GRAVEYARD


def test_animated_land_with_damage_survives_the_cleanup_step() -> None:
    """Card: A's land, a 3/3 creature until end of turn with "+0/+1 until end of turn" (3/4), dealt
    3 damage.  Action: the turn ends.
    CR 514.2: damage is removed and "until end of turn" effects end at the same time: the land
    survives as a land with no damage."""
    game = Game()
    land = game.place(WASTES, player="A")
    bears = game.place(BEARS, player="B")
    until_eot(game, "becomes a 3/3 creature", [add_types("Creature"), base_pt(3, 3)], [land])
    until_eot(game, "+0/+1", [modify_pt(0, 1)], [land])
    game.deal_damage(bears, land, 3)
    settle(game)
    assert game.obj(land).zone is Zone.BATTLEFIELD
    game.next_turn()
    assert game.obj(land).zone is Zone.BATTLEFIELD
    view = game.view(land)
    assert view.damage == 0 and not view.is_a("Creature")


def test_clone_copying_its_controllers_legend_triggers_the_legend_rule() -> None:
    """Cards: A's legendary 2/2; A's Clone.  Action: Clone enters as a copy of it; A keeps Clone.
    CR 707.2 (the supertype is copied), 704.5j: A chooses one; the original goes to the graveyard."""
    game = Game()
    legend = game.place(LEGEND, player="A")
    game.choices.script(ChoiceKind.OBJECT, legend, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    game.choices.script(ChoiceKind.LEGEND_RULE, clone, player="A")
    settle(game)
    assert game.current(legend).zone is Zone.GRAVEYARD
    assert game.current(clone).zone is Zone.BATTLEFIELD


def test_clone_copying_an_opponents_legend_keeps_both() -> None:
    """Cards: B's legendary 2/2; A's Clone.  Action: Clone enters as a copy of it.
    CR 704.5j: the legend rule looks at one player's permanents: both stay."""
    game = Game()
    legend = game.place(LEGEND, player="B")
    game.choices.script(ChoiceKind.OBJECT, legend, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    settle(game)
    assert game.current(legend).zone is Zone.BATTLEFIELD and game.current(clone).zone is Zone.BATTLEFIELD


def test_legend_rule_applies_when_a_stolen_copy_meets_the_original() -> None:
    """Cards: A's legendary 2/2 and B's legendary 2/2 of the same name.  Action: A gains control of
    B's until end of turn; A keeps B's.
    CR 613.1b, 704.5j: now A controls both: A chooses one, the other goes to its owner's graveyard."""
    game = Game()
    mine = game.place(LEGEND, player="A")
    theirs = game.place(LEGEND, player="B")
    settle(game)
    until_eot(game, "gain control", [control("A")], [theirs])
    game.choices.script(ChoiceKind.LEGEND_RULE, theirs, player="A")
    settle(game)
    assert game.current(mine).zone is Zone.GRAVEYARD and game.current(mine).owner == "A"
    assert game.current(theirs).zone is Zone.BATTLEFIELD


def test_minus_counter_kills_once_the_anthem_leaves() -> None:
    """Cards: Glorious Anthem; A's Grizzly Bears with a -1/-1 counter (2/2) and another with two
    (1/1).  Action: the Anthem is destroyed.
    CR 613.4c, 704.5f: 1/1 and 0/0: the second is put into the graveyard, the first lives."""
    game = Game()
    anthem = game.place(ANTHEM, player="A")
    one = game.place(BEARS, player="A", counters={"-1/-1": 1})
    two = game.place(BEARS, player="A", counters={"-1/-1": 2})
    settle(game)
    assert game.view(two).pt == (1, 1)
    game.destroy(anthem)
    settle(game)
    assert game.obj(one).zone is Zone.BATTLEFIELD and game.view(one).pt == (1, 1)
    assert game.current(two).zone is Zone.GRAVEYARD


def test_permanents_filter_sees_a_creature_made_by_opalescence() -> None:
    """Cards: A's Opalescence, a plain enchantment (3/3) and a "creatures you control get +1/+1"
    anthem (itself a 3/3 creature, so 4/4).  Action: a -4/-4 until end of turn on every creature.
    CR 613.1d then 7c: the plain enchantment (4/4 - 4) and the Anthem (4/4 - 4) die (704.5f);
    Opalescence, not a creature of its own, stays."""
    game = Game()
    opal = game.place(OPALESCENCE, player="A")
    shrine = game.place(PLAIN_ENCHANTMENT, player="A")
    anthem = game.place(ANTHEM, player="A")
    assert game.view(shrine).pt == (4, 4) and game.view(anthem).pt == (4, 4)
    game.create_effect("-4/-4", [modify_pt(-4, -4)], permanents("Creature"), UntilEndOfTurn(), controller="B")
    settle(game)
    assert game.current(shrine).zone is Zone.GRAVEYARD and game.current(anthem).zone is Zone.GRAVEYARD
    assert game.obj(opal).zone is Zone.BATTLEFIELD


# =============================================================================================
# More meetings: control and look-back, the cleanup step's state-based actions (514.3a),
# deathtouch and lifelink between the damage steps, counting abilities and phasing
# =============================================================================================


def test_stolen_creature_dying_triggers_the_thiefs_dies_ability() -> None:
    """Cards: A's and B's "whenever a creature you control dies, you gain 1 life"; B's Grizzly Bears,
    which A controls until end of turn.  Action: the Bears are destroyed.
    CR 603.10a, 603.3a: the ability looks back: A controlled it as it died: A 21, B 20; it goes to
    its owner's (B's) graveyard."""
    vigil = card("Grave Vigil", "{1}{B}", "Enchantment", TriggeredAbility(
        "Whenever a creature you control dies, you gain 1 life.", dies(creatures(controller="you")), gains_life(1)))
    game = Game()
    game.place(vigil, player="A")
    game.place(vigil, player="B")
    bears = game.place(BEARS, player="B")
    until_eot(game, "gain control", [control("A")], [bears])
    game.destroy(bears)
    settle(game)
    assert game.players["A"].life == 21 and game.players["B"].life == 20
    assert game.current(bears).zone is Zone.GRAVEYARD and game.current(bears).owner == "B"


def test_lord_whose_abilities_return_in_the_cleanup_step_kills_and_the_death_triggers() -> None:
    """Cards: B's "creatures your opponents control get -1/-1"; A's 1/1 "when this creature dies,
    you gain 2 life".  Actions: B's creature loses all abilities until end of turn (A's 1/1 lives);
    the turn ends.
    CR 514.2: in the cleanup step the effect ends: the 1/1 is 0/0; 514.3a: state-based actions are
    performed there, it dies, its ability triggers and players get priority; then another cleanup
    step: A has 22 life as B's turn begins."""
    lord = card("Withering Lord", "{2}{B}{B}", "Creature — Zombie", 2, 2, StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(controller="opponent")))
    mourner = card("Mourner", "{W}", "Creature — Human", 1, 1,
                   TriggeredAbility("When this creature dies, you gain 2 life.", dies(), gains_life(2)))
    game = Game()
    lord_obj = game.place(lord, player="B")
    victim = game.place(mourner, player="A")
    settle(game)
    assert game.current(victim).zone is Zone.GRAVEYARD
    assert game.players["A"].life == 22
    victim = game.place(mourner, player="A")
    until_eot(game, "loses all abilities", [lose_all_abilities()], [lord_obj], player="A")
    settle(game)
    assert game.obj(victim).zone is Zone.BATTLEFIELD and game.view(victim).pt == (1, 1)
    game.next_turn()
    assert game.current(victim).zone is Zone.GRAVEYARD
    assert game.players["A"].life == 24


def test_aura_on_a_land_animated_until_end_of_turn_goes_to_the_graveyard_in_cleanup() -> None:
    """Cards: A's land, a 2/2 creature until end of turn; B's "enchant creature" Aura put onto it.
    Action: the turn ends.
    CR 514.2: the land stops being a creature; 704.5m, 514.3a: the Aura is attached to an illegal
    object and is put into its owner's graveyard during the cleanup step."""
    shackles = card("Heavy Shackles", "{1}{W}", "Enchantment — Aura", "enchant creature")
    game = Game()
    land = game.place(WASTES, player="A")
    until_eot(game, "becomes a 2/2 creature", [add_types("Creature"), base_pt(2, 2)], [land])
    aura = game.place(shackles, player="B", attached_to=land)
    settle(game)
    assert game.obj(aura).zone is Zone.BATTLEFIELD
    game.next_turn()
    assert game.current(aura).zone is Zone.GRAVEYARD and game.obj(land).zone is Zone.BATTLEFIELD


def test_equipment_on_a_land_animated_until_end_of_turn_falls_off_in_cleanup() -> None:
    """Cards: A's land, a 2/2 creature until end of turn, equipped with A's "+2/+0" Equipment.
    Action: the turn ends.
    CR 704.5n: Equipment attached to an illegal permanent becomes unattached and stays on the
    battlefield."""
    blade = card("Plain Blade", "{1}", "Artifact — Equipment",
                 StaticAbility("Equipped creature gets +2/+0.", (modify_pt(2, 0),), attached_to_this()), "equip {1}")
    game = Game()
    land = game.place(WASTES, player="A")
    until_eot(game, "becomes a 2/2 creature", [add_types("Creature"), base_pt(2, 2)], [land])
    equipment = game.place(blade, player="A", attached_to=land)
    assert game.view(land).pt == (4, 2)
    game.next_turn()
    assert game.obj(equipment).zone is Zone.BATTLEFIELD and game.obj(equipment).attached_to is None


def test_exile_instead_of_dying_granted_then_humility_takes_it_away() -> None:
    """Cards: A's Grizzly Bears.  Actions: an effect gives it "if this creature would die, exile it
    instead" until end of turn; then Humility enters; the Bears is destroyed.
    CR 613.1f, 613.7: in layer 6 Humility's later timestamp removes the granted ability: it goes to
    the graveyard.  In another game with Humility first, the later grant wins: exiled."""
    granted = _exiled_instead_of_dying()
    game = Game()
    bears = game.place(BEARS, player="A")
    until_eot(game, "gains exile-instead", [gain(granted)], [bears])
    game.place(HUMILITY, player="B")
    game.destroy(bears)
    assert game.current(bears).zone is Zone.GRAVEYARD
    game = Game()
    game.place(HUMILITY, player="B")
    bears = game.place(BEARS, player="A")
    until_eot(game, "gains exile-instead", [gain(granted)], [bears])
    game.destroy(bears)
    assert game.current(bears).zone is Zone.EXILE


def test_blocker_told_it_cant_block_after_blocks_keeps_blocking() -> None:
    """Cards: A's Hill Giant attacks; B's Grizzly Bears blocks.  Action: "creatures can't block this
    turn" resolves after blocks.
    CR 506.4a: an effect that would have kept it from blocking doesn't remove it from combat: the
    Giant and the Bears fight (Bears dies, Giant has 2 damage), B 20."""
    from kb.engine import CantBlock

    game = Game()
    giant = game.place(GIANT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, giant, blockers={bears: giant})
    game.create_effect("creatures can't block", rules=[CantBlock(creatures())], duration=UntilEndOfTurn())
    assert is_blocking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(bears).zone is Zone.GRAVEYARD and game.view(giant).damage == 2
    assert game.players["B"].life == 20


def test_deathtouch_gained_after_the_first_strike_step_does_not_kill_retroactively() -> None:
    """Cards: A's 2/1 first striker attacks; B's 5/5 blocks.  Action: after the first-strike damage
    step (2 damage on the 5/5) the Knight gains deathtouch.
    CR 702.2b: only damage dealt by a source with deathtouch destroys: the 5/5 lives with 2 damage;
    it kills the Knight in the second step."""
    game = Game()
    knight = game.place(KNIGHT, player="A")
    titan = game.place(TITAN, player="B")
    attack(game, knight, blockers={titan: knight})
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.view(titan).damage == 2
    until_eot(game, "gains deathtouch", [gain("deathtouch")], [knight])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(titan).zone is Zone.BATTLEFIELD and game.view(titan).damage == 2
    assert game.current(knight).zone is Zone.GRAVEYARD


def test_double_strike_lifelink_pumped_between_steps_gains_each_amount() -> None:
    """Card: A's 2/6 double striker, given lifelink until end of turn, attacks unblocked.  Action:
    after the first-strike step it gets +3/+0.
    CR 702.15b, 510.4: A gains 2 then 5: 27; B 13."""
    game = Game()
    fencer = game.place(FENCER, player="A")
    until_eot(game, "gains lifelink", [gain("lifelink")], [fencer])
    attack(game, fencer)
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.players["A"].life == 22
    until_eot(game, "+3/+0", [modify_pt(3, 0)], [fencer])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["A"].life == 27 and game.players["B"].life == 13


def test_face_down_attacker_has_no_attack_trigger_even_when_turned_up_later() -> None:
    """Card: A's face-down morph whose face-up side says "whenever this creature attacks, you gain 3
    life".  Actions: it attacks face down; in the declare attackers step A turns it face up.
    CR 708.2, 603.2: as it was declared an attacker it had no abilities; turning it up later
    doesn't make it attack again (708.8): A 20."""
    raider = card("Morph Raider", "{2}{R}", "Creature — Human Warrior", 3, 3, "morph {R}",
                  TriggeredAbility("Whenever this creature attacks, you gain 3 life.", attacks(), gains_life(3)))
    game = Game()
    obj = game.place(raider, player="A", face_down=FaceDown.MORPH)
    attack(game, obj)
    game.add_mana("A", "{R}")
    game.turn_face_up("A", obj)
    settle(game)
    assert game.players["A"].life == 20
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 17


def test_swamp_counting_creature_dies_when_the_swamps_phase_out() -> None:
    """Cards: A's creature "power and toughness each equal to the number of Swamps you control" and
    two Swamps (2/2).  Action: both Swamps phase out.
    CR 604.3, 613.4a, 702.26b: the phased-out Swamps don't exist: it is 0/0 and is put into the
    graveyard (704.5f)."""
    from kb.engine import count, defines_pt, lands, this_object

    swamps = count(lands(controller="you", subtypes=["Swamp"]))
    nightmare = card("Swamp Nightmare", "{5}{B}", "Creature — Nightmare", 0, 0, StaticAbility(
        "Its power and toughness are each equal to the number of Swamps you control.",
        (defines_pt(swamps, swamps),), this_object(), cda=True))
    swamp = card("Swamp", None, "Basic Land — Swamp")
    game = Game()
    one = game.place(swamp, player="A")
    two = game.place(swamp, player="A")
    obj = game.place(nightmare, player="A")
    settle(game)
    assert game.view(obj).pt == (2, 2)
    game.phase_out(one, two)
    settle(game)
    assert game.current(obj).zone is Zone.GRAVEYARD


def test_humility_stops_a_creature_entering_with_its_own_counters() -> None:
    """Cards: Humility; A's 0/0 "enters with two +1/+1 counters".  Action: it enters.
    CR 614.12: its own replacement effects are those it would have on the battlefield, where
    Humility has taken its abilities away: it enters with no counters, a 1/1."""
    game = Game()
    game.place(HUMILITY, player="B")
    obj = game.put_onto_battlefield(COUNTER_BEAR, "A")
    assert obj is not None
    settle(game)
    assert game.current(obj).zone is Zone.BATTLEFIELD
    assert not game.view(obj).counters.get("+1/+1") and game.view(obj).pt == (1, 1)


def test_humility_stops_a_creature_entering_tapped() -> None:
    """Cards: Humility; A's 4/4 "enters tapped".  Action: it enters.
    CR 614.12: it would have no abilities on the battlefield: it enters untapped."""
    game = Game()
    game.place(HUMILITY, player="B")
    obj = game.put_onto_battlefield(TAPPED_GIANT, "A")
    assert obj is not None and not game.view(obj).tapped


def test_double_strike_trampler_whose_blocker_died_in_the_first_step_hits_the_player() -> None:
    """Cards: A's 2/6 double striker, given trample until end of turn, attacks; B's 1/1 blocks.
    CR 702.19b: first step 1 to the blocker (lethal), 1 to B; 702.19d: in the second step it is
    blocked with no blockers: all 2 to B: 17.  Without trample it would deal B nothing (510.1c)."""
    elves = card("Llanowar Elves", "{G}", "Creature — Elf Druid", 1, 1)
    game = Game()
    fencer = game.place(FENCER, player="A")
    blocker = game.place(elves, player="B")
    until_eot(game, "gains trample", [gain("trample")], [fencer])
    attack(game, fencer, blockers={blocker: fencer})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {blocker: 1, "B": 1}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(blocker).zone is Zone.GRAVEYARD
    assert game.players["B"].life == 17


def test_damaged_face_down_creature_turned_up_as_a_3_1_dies() -> None:
    """Card: A's face-down morph (a 3/1 face up), dealt 1 damage as a 2/2.  Action: A turns it face
    up.
    CR 708.8 (damage stays), 704.5g: 1 damage on a 3/1: it is destroyed."""
    scout = card("Morph Scout", "{1}{R}", "Creature — Goblin Scout", 3, 1, "morph {R}")
    game = Game()
    obj = game.place(scout, player="A", face_down=FaceDown.MORPH)
    game.deal_damage(game.place(BEARS, player="B"), obj, 1)
    settle(game)
    assert game.obj(obj).zone is Zone.BATTLEFIELD
    game.add_mana("A", "{R}")
    game.turn_face_up("A", obj)
    settle(game)
    assert game.current(obj).zone is Zone.GRAVEYARD


def test_manifested_card_with_exile_instead_of_dying_goes_to_the_graveyard() -> None:
    """Card: A's manifested "if this creature would die, exile it instead" 2/2.  Action: destroyed.
    CR 708.2: face down it has no abilities, so no replacement: it goes to the graveyard (revealed,
    708.9)."""
    from kb.engine import manifest_top

    game = Game()
    game.place(PHOENIX_ASH, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    game.destroy(obj)
    assert game.current(obj).zone is Zone.GRAVEYARD


def test_player_leaving_the_game_takes_a_phased_in_creature_which_triggers_leaving() -> None:
    """Cards: A's "whenever a creature leaves the battlefield, you gain 1 life"; B's two Grizzly
    Bears, one phased out; a three-player game.  Action: B concedes.
    CR 800.4a, 603.6c: a phased-in permanent leaving the game with its owner triggers a
    leaves-the-battlefield ability, a phased-out one doesn't (702.26b): A 21."""
    watcher = card("Exit Watcher", "{1}{B}", "Enchantment", TriggeredAbility(
        "Whenever a creature leaves the battlefield, you gain 1 life.", leaves(creatures()), gains_life(1)))
    game = Game(["A", "B", "C"])
    game.place(watcher, player="A")
    game.place(BEARS, player="B")
    hidden = game.place(BEARS, player="B")
    game.phase_out(hidden)
    game.concede("B")
    settle(game)
    assert game.players["A"].life == 21


def test_granted_dies_ability_triggers_for_its_granter_dying_at_the_same_time() -> None:
    """Cards: A's 2/2 "other creatures you control have 'when this creature dies, you gain 1 life'"
    and two Grizzly Bears.  Action: all three are destroyed at once.
    CR 603.10a: each Bears looks back to when it still had the granted ability: 2 triggers (the
    granter itself doesn't have it): A 22."""
    granted = TriggeredAbility("When this creature dies, you gain 1 life.", dies(), gains_life(1))
    granter = card("Kind Chieftain", "{2}{W}", "Creature — Human", 2, 2, StaticAbility(
        "Other creatures you control have \"When this creature dies, you gain 1 life.\"", (gain(granted),),
        creatures(controller="you", other=True)))
    game = Game()
    chief = game.place(granter, player="A")
    one = game.place(BEARS, player="A")
    two = game.place(BEARS, player="A")
    game.destroy(chief, one, two)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    settle(game)
    assert game.players["A"].life == 22


def test_land_played_this_turn_and_animated_cannot_attack() -> None:
    """Card: a land A plays this turn, then made a 3/3 creature until end of turn.
    CR 302.6: A hasn't controlled it continuously since the turn began: it can't attack."""
    from kb.engine import IllegalAction, can_attack

    game = Game()
    land = game.place(WASTES, Zone.HAND, "A")
    played = game.play_land("A", land)
    until_eot(game, "becomes a 3/3 creature", [add_types("Creature"), base_pt(3, 3)], [played])
    assert not can_attack(game, played)
    game.advance_to(Step.DECLARE_ATTACKERS)
    try:
        game.declare_attackers([played])
    except IllegalAction:
        pass
    else:
        raise AssertionError("a land played this turn attacked")


def test_regenerated_blocker_leaves_combat_and_deals_no_regular_damage() -> None:
    """Cards: A's 2/1 first striker attacks; B's Grizzly Bears blocks it and gets a regeneration
    shield.  Action: the Knight's 2 first-strike damage is lethal to the 2/2.
    CR 701.19a, 506.4: the Bears regenerate (tapped, damage removed) and leave combat; in the second
    step they deal no damage: the Knight lives."""
    from kb.engine.regeneration import regenerate

    game = Game()
    knight = game.place(KNIGHT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, knight, blockers={bears: knight})
    regenerate(game, bears.id, controller="B")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(bears).zone is Zone.BATTLEFIELD and game.view(bears).tapped and game.view(bears).damage == 0
    assert game.obj(knight).zone is Zone.BATTLEFIELD and game.view(knight).damage == 0


def test_protection_gained_after_blocks_prevents_the_blockers_damage_but_it_stays_blocked() -> None:
    """Cards: A's Hill Giant attacks; B's red 2/2 blocks.  Action: after blocks the Giant gains
    protection from red until end of turn.
    CR 506.4a, 509.1h: it stays blocked (B 20); 702.16e: the red creature's damage to it is
    prevented (no damage on the Giant); the Giant's 3 kill the 2/2."""
    goblin = card("Red Brawler", "{1}{R}", "Creature — Goblin", 2, 2)
    game = Game()
    giant = game.place(GIANT, player="A")
    brawler = game.place(goblin, player="B")
    attack(game, giant, blockers={brawler: giant})
    until_eot(game, "protection from red", [gain("protection from red")], [giant])
    assert is_blocked(game, giant) and is_blocking(game, brawler)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20 and game.view(giant).damage == 0
    assert game.current(brawler).zone is Zone.GRAVEYARD


def test_first_striker_under_humility_deals_damage_with_the_others() -> None:
    """Cards: Humility; A's first striker (a 1/1 under Humility) attacks; B's Grizzly Bears (1/1)
    blocks.
    CR 613.1f: it has no first strike; 510.4: there is one combat damage step: both die."""
    game = Game()
    game.place(HUMILITY, player="B")
    knight = game.place(KNIGHT, player="A")
    bears = game.place(BEARS, player="B")
    attack(game, knight, blockers={bears: knight})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.current(knight).zone is Zone.GRAVEYARD and game.current(bears).zone is Zone.GRAVEYARD


def test_humility_entering_between_the_damage_steps_stops_the_double_striker() -> None:
    """Cards: A's 2/6 double striker attacks unblocked.  Action: after the first-strike damage step
    (B 18) Humility enters.
    CR 510.4: in the second step only creatures that now have double strike, or had neither first
    strike nor double strike as the first step began, deal damage: the 1/1 has neither now and had
    double strike then: it deals nothing more: B 18."""
    game = Game()
    fencer = game.place(FENCER, player="A")
    attack(game, fencer)
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.players["B"].life == 18
    game.put_onto_battlefield(HUMILITY, "B")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_opalescence_destroyed_with_an_enchantment_creature_sees_it_die() -> None:
    """Cards: A's Opalescence and a plain enchantment of mana value 3 (a 3/3 creature); B's
    "whenever this creature or another creature dies, gain 1 life" 1/1.  Actions: Opalescence is
    destroyed alone in one game; in another, Opalescence and the enchantment are destroyed at once.
    CR 613.1d, 700.4: alone, the enchantment stops being a creature and nothing dies (B 20);
    together, 603.10a looks back to when it was a creature: it died (B 21)."""
    game = Game()
    opal = game.place(OPALESCENCE, player="A")
    game.place(PLAIN_ENCHANTMENT, player="A")
    game.place(SOUL_WARDEN, player="B")
    game.destroy(opal)
    settle(game)
    assert game.players["B"].life == 20
    game = Game()
    opal = game.place(OPALESCENCE, player="A")
    shrine = game.place(PLAIN_ENCHANTMENT, player="A")
    game.place(SOUL_WARDEN, player="B")
    game.destroy(opal, shrine)
    settle(game)
    assert game.players["B"].life == 21


def test_wither_counters_outlast_the_pump_and_kill_in_the_cleanup_step() -> None:
    """Cards: A's Grizzly Bears with +2/+2 until end of turn (4/4); B's 2/2 with wither.  Action:
    the wither creature deals 2 damage to the Bears (two -1/-1 counters: 2/2); the turn ends.
    CR 702.80a, 514.2: the +2/+2 ends in the cleanup step; the Bears are 0/0; 514.3a, 704.5f: they
    are put into the graveyard before B's turn."""
    witherer = card("Wilting Imp", "{1}{B}", "Creature — Imp", 2, 2, "wither")
    game = Game()
    bears = game.place(BEARS, player="A")
    imp = game.place(witherer, player="B")
    until_eot(game, "+2/+2", [modify_pt(2, 2)], [bears])
    game.deal_damage(imp, bears, 2)
    settle(game)
    assert game.view(bears).counters.get("-1/-1") == 2 and game.view(bears).pt == (2, 2)
    assert game.view(bears).damage == 0
    game.next_turn()
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_prevented_deathtouch_damage_destroys_nothing() -> None:
    """Cards: A's 1/1 deathtouch attacks; B's 5/5 blocks, with "prevent all damage that would be dealt
    to it this turn".
    CR 702.2b, 615.1: no damage is dealt, so the 5/5 isn't destroyed; it kills the 1/1."""
    from kb.engine import prevent_damage

    viper = card("Tiny Viper", "{B}", "Creature — Snake", 1, 1, "deathtouch")
    game = Game()
    snake = game.place(viper, player="A")
    titan = game.place(TITAN, player="B")
    attack(game, snake, blockers={titan: snake})
    game.create_effect("prevent all damage to it", replacements=[prevent_damage(to=titan.id)],
                       duration=UntilEndOfTurn(), controller="B")
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(titan).zone is Zone.BATTLEFIELD
    assert game.current(snake).zone is Zone.GRAVEYARD


def test_stolen_creatures_own_dies_ability_goes_to_the_thief() -> None:
    """Card: B's 2/2 "when this creature dies, you gain 3 life", which A controls until end of turn.
    Action: it is destroyed.
    CR 603.3a, 603.10a: the ability's controller is the player who controlled its source as it
    left, A: A 23, B 20."""
    mourner = card("Mourning Bear", "{1}{W}", "Creature — Bear", 2, 2,
                   TriggeredAbility("When this creature dies, you gain 3 life.", dies(), gains_life(3)))
    game = Game()
    bear = game.place(mourner, player="B")
    until_eot(game, "gain control", [control("A")], [bear])
    game.destroy(bear)
    settle(game)
    assert game.players["A"].life == 23 and game.players["B"].life == 20


def test_damage_outlasts_an_until_end_of_combat_pump_and_kills_after_combat() -> None:
    """Card: A's Grizzly Bears with +2/+2 until end of combat (4/4) attacks; B's Hill Giant blocks.
    CR 510.2: the Bears take 3 and live as a 4/4; 511.2: the pump ends with the combat phase;
    120.6, 704.5g: a 2/2 with 3 damage is destroyed in the postcombat main phase."""
    game = Game()
    bears = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="B")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.create_effect("+2/+2 until end of combat", [modify_pt(2, 2)], [bears], UntilEndOfCombat(), controller="A")
    attack(game, bears, blockers={giant: bears})
    game.advance_to(Step.END_OF_COMBAT)
    assert game.obj(bears).zone is Zone.BATTLEFIELD and game.view(bears).damage == 3
    assert game.current(giant).zone is Zone.GRAVEYARD
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_set_up_statuses_a_zone_cant_have_are_refused() -> None:
    """Set-up: a card placed tapped or attached in a hand, or face down in a graveyard.
    CR 110.5, 701.3a: only a permanent is tapped or attached; 404.2: a graveyard is a face-up pile.
    Bad input is named (ScenarioError), not silently dropped (tapped) or kept (attached, face down)."""
    import pytest

    from kb.engine import ScenarioError

    aura = card("Plain Aura", "{W}", "Enchantment — Aura", "enchant creature")
    game = Game()
    bears = game.place(BEARS, player="A")
    with pytest.raises(ScenarioError, match="tapped"):
        game.place(BEARS, Zone.HAND, "A", tapped=True)
    with pytest.raises(ScenarioError, match="attached"):
        game.place(aura, Zone.HAND, "A", attached_to=bears)
    with pytest.raises(ScenarioError, match="face down"):
        game.place(MARTYR, Zone.GRAVEYARD, "A", face_down=FaceDown.MORPH)
    assert game.place(MARTYR, Zone.EXILE, "A", face_down=FaceDown.EFFECT).face_down is FaceDown.EFFECT


def test_legend_rule_and_zero_toughness_are_one_event() -> None:
    """Cards: two of A's legendary 2/2s of one name, one with two -1/-1 counters (0/0).  Action:
    state-based actions are checked; A chooses to keep the 0/0.
    CR 704.3: every state-based action that applies is performed at once: the 0/0 goes for 704.5f
    and the other for the legend rule (704.5j): both are in the graveyard."""
    game = Game()
    healthy = game.place(LEGEND, player="A")
    withered = game.place(LEGEND, player="A", counters={"-1/-1": 2})
    game.choices.script(ChoiceKind.LEGEND_RULE, withered, player="A")
    settle(game)
    assert game.current(healthy).zone is Zone.GRAVEYARD and game.current(withered).zone is Zone.GRAVEYARD


def test_until_end_of_turn_effect_made_in_the_cleanup_step_ends_in_the_next_cleanup() -> None:
    """Cards: B's "creatures your opponents control get -1/-1", which lost all abilities until end of
    turn; A's 1/1 "when this creature dies, your Grizzly Bears gets +3/+3 until end of turn"; A's
    Grizzly Bears.  Action: the turn ends.
    CR 514.2-514.3a: in the cleanup step the -1/-1 returns, the 1/1 dies, its ability resolves while
    players have priority in the cleanup step (the Bears 1/1 + 3/3 = 4/4); another cleanup step
    follows and ends that effect: the Bears are 1/1 in B's turn."""
    lord = card("Withering Lord", "{2}{B}{B}", "Creature — Zombie", 2, 2, StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(controller="opponent")))
    game = Game()
    bears = game.place(BEARS, player="A")

    def pump(r: Resolution) -> None:
        r.create_effect("+3/+3 until end of turn", [modify_pt(3, 3)], [bears], UntilEndOfTurn())

    mourner = card("Mourner", "{W}", "Creature — Human", 1, 1, TriggeredAbility(
        "When this creature dies, your Grizzly Bears gets +3/+3 until end of turn.", dies(), pump))
    lord_obj = game.place(lord, player="B")
    victim = game.place(mourner, player="A")
    until_eot(game, "loses all abilities", [lose_all_abilities()], [lord_obj])
    settle(game)
    game.advance_to(Step.END)
    game.pass_priority_to("A")
    while game.turn == 1 and game.priority is not None and (game.step is not Step.CLEANUP or game.stack):
        game.pass_priority()
    assert game.step is Step.CLEANUP and game.current(victim).zone is Zone.GRAVEYARD
    assert game.view(bears).pt == (4, 4)
    game.next_turn()
    assert game.view(bears).pt == (1, 1)


def test_deathtouch_damage_survived_by_indestructible_does_not_kill_once_indestructible_ends() -> None:
    """Cards: B's Grizzly Bears under B's "creatures you control have indestructible"; A's 1/1
    deathtouch.  Actions: the deathtouch creature deals 1 damage to the Bears (state-based actions
    are checked: indestructible, it stays); then the enchantment is destroyed.
    CR 702.2b: only deathtouch damage dealt since the last time state-based actions were checked
    destroys; 704.5g: 1 damage on a 2/2 isn't lethal: the Bears stay."""
    viper = card("Tiny Viper", "{B}", "Creature — Snake", 1, 1, "deathtouch")
    totem = card("Shield Totem", "{2}{W}", "Enchantment", StaticAbility(
        "Creatures you control have indestructible.", (gain("indestructible"),), creatures(controller="you")))
    game = Game()
    snake = game.place(viper, player="A")
    bears = game.place(BEARS, player="B")
    shield = game.place(totem, player="B")
    game.deal_damage(snake, bears, 1)
    settle(game)
    assert game.obj(bears).zone is Zone.BATTLEFIELD and game.view(bears).damage == 1
    game.destroy(shield)
    settle(game)
    assert game.obj(bears).zone is Zone.BATTLEFIELD


def test_creature_that_died_pumped_by_an_anthem_dying_with_it_is_seen_with_the_pump() -> None:
    """Cards: B's "whenever a creature with power 4 or greater dies, you gain 1 life"; A's Glorious
    Anthem and Hill Giant (4/4).  Actions: in one game both are destroyed at once (B 21); in another
    the Anthem first, then the Giant (a 3/3: B 20).
    CR 603.10a: the ability looks back to the Giant just before it left, with the Anthem's +1/+1."""
    big = where("creature with power 4 or greater", lambda c, x: x.is_a("Creature") and (x.power or 0) >= 4)
    watcher = card("Big Watcher", "{2}{G}", "Enchantment", TriggeredAbility(
        "Whenever a creature with power 4 or greater dies, you gain 1 life.", dies(big), gains_life(1)))
    for together, life in ((True, 21), (False, 20)):
        game = Game()
        game.place(watcher, player="B")
        anthem = game.place(ANTHEM, player="A")
        giant = game.place(GIANT, player="A")
        if together:
            game.destroy(anthem, giant)
        else:
            game.destroy(anthem)
            game.destroy(giant)
        settle(game)
        assert game.players["B"].life == life


def test_attack_trigger_on_the_stack_resolves_after_humility_takes_the_ability() -> None:
    """Card: A's 3/3 "whenever this creature attacks, you gain 3 life".  Actions: it attacks; with the
    trigger on the stack, Humility enters.
    CR 113.7a: the ability on the stack exists independently of its source: A gains 3; 613.1f: the
    attacker is now a 1/1 without abilities: B 19."""
    raider = card("Raider", "{2}{R}", "Creature — Human Warrior", 3, 3, TriggeredAbility(
        "Whenever this creature attacks, you gain 3 life.", attacks(), gains_life(3)))
    game = Game()
    obj = game.place(raider, player="A")
    attack(game, obj)
    game.refresh_priority()
    assert len(game.stack) == 1
    game.put_onto_battlefield(HUMILITY, "B")
    game.resolve_stack()
    assert game.players["A"].life == 23
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 19


def test_state_trigger_waits_while_its_source_is_phased_out_and_triggers_again_after() -> None:
    """Card: A's 2/2 "when this creature has three or more +1/+1 counters on it, you gain 1 life"
    with three counters.  Actions: the ability triggers; the creature phases out; the ability
    resolves (A 21); the creature phases in.
    CR 603.8: a state trigger triggers again once it has resolved if its object is still there and
    the state still holds; 702.26b: phased out it doesn't exist, so only after it phases in."""
    def three_counters(c: Context) -> bool:
        return c.source is not None and c.source.counters.get("+1/+1", 0) >= 3

    grower = card("Growing Bear", "{1}{G}", "Creature — Bear", 2, 2, TriggeredAbility(
        "When this creature has three or more +1/+1 counters on it, you gain 1 life.",
        state(condition("it has three or more +1/+1 counters", three_counters)), gains_life(1)))
    game = Game()
    bear = game.place(grower, player="A", counters={"+1/+1": 3})
    game.refresh_priority()
    assert len(game.stack) == 1
    game.phase_out(bear)
    game.resolve_top()
    game.refresh_priority()
    assert game.players["A"].life == 21 and not game.stack
    game.phase_in(bear)
    game.refresh_priority()
    assert len(game.stack) == 1
