"""Audit audJ: phasing (702.26) and face-down objects (702.37, 702.168, 701.40, 701.58, 701.62, 708).

Written as a new user would: from the README's engine section, ``kb.engine``'s public names and
their docstrings, the CR (rule numbers in each docstring) and well-known card interactions, not
from the engine's internals.  Each scenario states its cards, the actions and the expected
result; one the model can't play asserts the ``NotModelled`` naming the concept.
"""

from __future__ import annotations

import contextlib

import pytest
from scenario_cards import (
    ANGEL,
    BEARS,
    BONESPLITTER,
    CLONE,
    DISGUISED,
    ELVES,
    GIANT,
    MEGA,
    PHASING_BEAR,
    gains_life,
)
from scenario_steps import settle

from kb.engine import (
    CantBeBlocked,
    CantCast,
    CantPhase,
    Card,
    CastPermission,
    ChoiceKind,
    Color,
    FaceDown,
    Filter,
    Game,
    IllegalAction,
    Indefinite,
    PhasedOut,
    Resolution,
    Revealed,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    UntilLeaves,
    Zone,
    artifacts,
    attached_to_this,
    becomes_color,
    becomes_creature_types,
    becomes_unattached,
    card,
    cloak,
    control,
    count,
    create_token_copies,
    creatures,
    defines_pt,
    dies,
    enters,
    face,
    gain,
    gain_control,
    leaves,
    lose_all_abilities,
    manifest,
    manifest_dread,
    manifest_top,
    modify_pt,
    permanents,
    phases_in,
    phases_out,
    spells,
    switch_pt,
    target_creature,
    target_spell,
    this_object,
    token,
    turn_face_down,
    turn_face_up,
    turned_face_up,
    where,
    while_on_battlefield,
    with_counters_as_turned_face_up,
    you_control,
    you_lose_control,
)
from kb.engine.day_night import becomes
from kb.engine.events import ManifestedDread
from kb.engine.facedown import manifest_top_cards
from kb.engine.triggers import on_event
from kb.engine.visibility import may_see_face

# ---------------------------------------------------------------------------------------------
# Cards (our own descriptions of well-known cards)
# ---------------------------------------------------------------------------------------------

# An Aura with phasing (Mirage's phasing Auras): "enchant creature; enchanted creature gets +1/+1".
PHASING_AURA = card("Phasing Might", "{G}", "Enchantment — Aura", "enchant creature", "phasing",
                    StaticAbility("Enchanted creature gets +1/+1.", (modify_pt(1, 1),), attached_to_this()))
# An Equipment with phasing.
PHASING_SWORD = card("Phasing Blade", "{1}", "Artifact — Equipment", "phasing", "equip {1}",
                     StaticAbility("Equipped creature gets +2/+0.", (modify_pt(2, 0),), attached_to_this()))
# A legendary morph (Zur's Weirding-era style): 3/3, morph {1}{U}.
LEGEND_MORPH = card("Akroma Echo", "{3}{U}", "Legendary Creature — Angel", 3, 3, "morph {1}{U}")
LEGEND = card("Akroma Echo", "{3}{U}", "Legendary Creature — Angel", 3, 3)
# An Elf lord: "other Elves you control get +1/+1".
ELF_LORD = card("Elvish Archdruid", "{1}{G}{G}", "Creature — Elf Druid", 2, 2, StaticAbility(
    "Other Elf creatures you control get +1/+1.", (modify_pt(1, 1),),
    creatures(controller="you", subtypes=["Elf"], other=True)))
# A morph Elf 1/1 (Birchlore Rangers-like).
MORPH_ELF = card("Morph Ranger", "{G}", "Creature — Elf Druid", 1, 1, "morph {G}")
# An Aura "enchant Elf".
ELF_AURA = card("Elven Blessing", "{G}", "Enchantment — Aura", "enchant Elf",
                StaticAbility("Enchanted creature gets +1/+1.", (modify_pt(1, 1),), attached_to_this()))
ENCHANT_CREATURE = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature",
                        StaticAbility("Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this()))
# A noncreature artifact and an Aura card, to be manifested.
ORNITHOPTER_ROCK = card("Mind Stone", "{2}", "Artifact")
# A green creature: "whenever a green creature dies" reads last known information.


def _bolt(r: Resolution) -> None:
    assert r.source_id is not None
    r.game.deal_damage(r.source_id, r.targets(0)[0], 3)


BOLT = card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to target creature.", _bolt, (target_creature(),)))


def untap_game(players: tuple[str, ...] = ("A", "B")) -> Game:
    return Game(list(players), step=Step.UNTAP)


# =============================================================================================
# Phasing (702.26)
# =============================================================================================

def test_702_26h_aura_with_phasing_on_a_phasing_creature_phases_out_only_indirectly() -> None:
    """Cards: A's Phasing Bear enchanted by A's Aura with phasing.  Action: A's untap step.
    CR 702.26h: the Aura would phase out directly and indirectly at once: it phases out only
    indirectly, so the event lists it among the indirect ones."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    aura = game.place(PHASING_AURA, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out and game.view(aura).phased_out
    event = game.events(PhasedOut)[-1]
    assert bear.id in event.directly
    assert aura.id in event.indirectly and aura.id not in event.directly


def test_702_26g_opponents_phasing_aura_phased_out_indirectly_waits_for_the_creature() -> None:
    """Cards: A's Phasing Bear enchanted by B's Aura with phasing.  Actions: A's untap step (both
    phase out, the Aura indirectly), B's untap step, A's next untap step, B's next.
    CR 702.26g: an Aura that phased out indirectly doesn't phase in by itself (not in B's untap
    step) but with its host (A's turn 3); 702.26a: in B's turn 4 the Aura phases out directly."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    aura = game.place(PHASING_AURA, player="B", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    assert game.view(aura).phased_out
    game.next_turn()  # B's turn 2
    assert game.view(aura).phased_out and game.view(bear).phased_out
    game.next_turn()  # A's turn 3: both phase in, still attached
    assert not game.view(aura).phased_out and not game.view(bear).phased_out
    assert game.view(aura).attached_to == bear.id
    assert game.view(bear).pt == (3, 3)
    game.next_turn()  # B's turn 4: B's Aura phases out directly, the Bear stays
    assert game.view(aura).phased_out and not game.view(bear).phased_out
    assert game.view(bear).pt == (2, 2)


def test_702_26i_equipment_with_phasing_phases_in_attached_to_the_same_creature() -> None:
    """Cards: Grizzly Bears equipped with an Equipment with phasing (+2/+0).  Actions: A's untap
    steps of turns 1 and 3.  CR 702.26i: phased out directly, it phases in attached to the creature
    it was attached to, which is still on the battlefield: 2/2 meanwhile, 4/2 again."""
    game = untap_game()
    bear = game.place(BEARS, player="A")
    sword = game.place(PHASING_SWORD, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    assert game.view(sword).phased_out and game.view(bear).pt == (2, 2)
    game.next_turn()
    game.next_turn()
    assert not game.view(sword).phased_out
    assert game.view(sword).attached_to == bear.id and game.view(bear).pt == (4, 2)


def test_702_26i_equipment_phases_in_unattached_when_its_creature_changed_zones() -> None:
    """Cards: an Equipment with phasing on Grizzly Bears.  Actions: it phases out; the Bears is
    flickered (exiled and returned: a new object, 400.7); the Equipment phases in.
    CR 702.26i: the object it was attached to isn't in the same zone any more: it phases in
    unattached and stays on the battlefield (an Equipment may be unattached, 704.5n)."""
    game = untap_game()
    bear = game.place(BEARS, player="A")
    sword = game.place(PHASING_SWORD, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    exiled = game.exile(bear)[0]
    assert exiled is not None
    back = game.put_onto_battlefield(exiled, "A")
    assert back is not None
    game.next_turn()
    game.next_turn()
    assert not game.view(sword).phased_out
    assert game.view(sword).attached_to is None
    assert game.view(sword).zone is Zone.BATTLEFIELD
    assert game.view(back).pt == (2, 2)


def test_702_26c_creature_that_lost_phasing_still_phases_in_and_then_stays() -> None:
    """Cards: a Phasing Bear phased out; then an enchantment "all creatures lose all abilities"
    (Humility-like, without the P/T part).  Actions: A's turns 3 and 5.
    CR 702.26a: the phasing in of what phased out under A's control doesn't depend on the ability;
    having lost phasing, it doesn't phase out again in turn 5."""
    blank = card("Blank Slate", "{2}{W}{W}", "Enchantment", StaticAbility(
        "All creatures lose all abilities.", (lose_all_abilities(),), creatures()))
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    game.advance_to(Step.UPKEEP)
    assert game.view(bear).phased_out
    game.place(blank, player="B")
    game.next_turn()
    game.next_turn()  # A's turn 3
    assert not game.view(bear).phased_out
    game.next_turn()
    game.next_turn()  # A's turn 5
    assert not game.view(bear).phased_out


def test_702_26a_phasing_watchers_trigger_in_the_upkeep_in_apnap_order() -> None:
    """Cards: A's Phasing Bear; A's and B's enchantments "whenever a creature phases out, you gain
    1 life".  Action: A's untap step, then the upkeep begins.
    CR 502.4 and 603.3b: triggers of the untap step wait for the upkeep, A's go on the stack
    first, B's on top; both resolve: each player gains 1."""
    def watcher(name: str) -> Card:
        return card(name, "{W}", "Enchantment", TriggeredAbility(
            "Whenever a creature phases out, you gain 1 life.", phases_out(creatures()), gains_life(1)))
    game = untap_game()
    game.place(PHASING_BEAR, player="A")
    game.place(watcher("A's Vigil"), player="A")
    game.place(watcher("B's Vigil"), player="B")
    game.advance_to(Step.UPKEEP)
    assert game.step is Step.UPKEEP
    assert len(game.stack) == 2
    assert [game.stack[0].controller, game.stack[1].controller] == ["A", "B"]
    game.resolve_stack()
    assert game.players["A"].life == 21 and game.players["B"].life == 21


def test_702_26d_phasing_in_is_not_entering_for_an_enters_watcher() -> None:
    """Cards: A's Phasing Bear; A's "whenever a creature enters, gain 1 life" and "whenever a
    creature phases in, gain 2 life".  Actions: turns 1 (phases out) and 3 (phases in).
    CR 702.26d: no zone-change trigger; the phases-in one triggers: 22 life, not 23."""
    welcome = card("Welcome Mat", "{W}", "Enchantment",
                   TriggeredAbility("Whenever a creature enters, you gain 1 life.", enters(creatures()), gains_life(1)),
                   TriggeredAbility("Whenever a creature phases in, you gain 2 life.",
                                    phases_in(creatures()), gains_life(2)))
    game = untap_game()
    game.place(PHASING_BEAR, player="A")
    game.place(welcome, player="A")
    game.advance_to(Step.UPKEEP)
    settle(game)
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.players["A"].life == 22


def test_702_26k_phased_out_permanent_leaves_the_game_with_its_owner_without_triggers() -> None:
    """Cards: B's Grizzly Bears phased out; A's "whenever a creature leaves the battlefield, you
    gain 1 life".  Action: in a three-player game, B concedes.
    CR 702.26k: B's phased-out permanents leave the game too, and no zone-change ability triggers;
    the watcher did see nothing: A stays at 20."""
    watch = card("Grave Watch", "{B}", "Enchantment", TriggeredAbility(
        "Whenever a creature leaves the battlefield, you gain 1 life.", leaves(creatures()), gains_life(1)))
    game = Game(["A", "B", "C"])
    game.place(watch, player="A")
    bear = game.place(BEARS, player="B")
    game.phase_out(bear)
    game.concede("B")
    settle(game)
    assert all(o.id != bear.id for o in game.in_zone(Zone.BATTLEFIELD))
    assert game.players["A"].life == 20


def test_702_26n_phased_out_under_a_player_who_left_phases_in_after_their_turn_would_have_begun() -> None:
    """Cards: A's Phasing Bear, controlled by C (a lasting control effect), phased out in C's
    untap step.  Action: C concedes in A's turn 4; play on.
    CR 800.4a: the effect giving C control ends; 702.26n: the Bear phased out under C's control
    phases in during the next untap step after C's next turn would have begun: A's turn 7 (turn
    order A, B, C; C's turn 6 never begins), not in B's untap step of turn 5."""
    game = Game(["A", "B", "C"])
    bear = game.place(PHASING_BEAR, player="A")
    game.create_effect("C controls the Bear", [control("C")], [bear], Indefinite(), controller="C")
    game.next_turn()  # B's turn 2
    game.next_turn()  # C's turn 3: the Bear phases out under C's control
    assert game.view(bear).phased_out
    game.next_turn()  # A's turn 4
    game.concede("C")
    assert game.view(bear).phased_out
    game.next_turn()  # B's turn 5
    assert game.view(bear).phased_out
    game.next_turn()  # A's turn 6 in the game's count (C's turn is gone)
    assert not game.view(bear).phased_out
    assert game.view(bear).controller == "A"


def test_702_26f_pump_for_as_long_as_the_creature_is_on_the_battlefield_ends_when_it_phases_out() -> None:
    """Cards: Grizzly Bears given +3/+3 "for as long as it remains on the battlefield".  Actions: it
    phases out, then in.  CR 702.26f: a "for as long as" duration tracking the permanent ends when
    it phases out (it can't be seen): phased in, it is 2/2 again."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.create_effect("+3/+3", [modify_pt(3, 3)], [bear], while_on_battlefield(bear.id), controller="A")
    assert game.view(bear).pt == (5, 5)
    game.phase_out(bear)
    game.phase_in(bear)
    assert game.view(bear).pt == (2, 2)


def test_702_26e_gain_control_of_all_creatures_misses_a_phased_out_one() -> None:
    """Cards: A's Grizzly Bears phased out and A's Llanowar Elves.  Action: B resolves "gain
    control of all creatures until end of turn" (Insurrection-like); the Bears phases in that turn.
    CR 702.26e: the phased-out Bears isn't in the affected set: A still controls it; the Elves
    is B's."""
    game = Game()
    bear = game.place(BEARS, player="A")
    elves = game.place(ELVES, player="A")
    game.phase_out(bear)
    game.create_effect("gain control of all creatures", [control("B")], creatures(), UntilEndOfTurn(),
                       controller="B")
    game.phase_in(bear)
    assert game.view(elves).controller == "B"
    assert game.view(bear).controller == "A"


def test_702_26b_static_lord_phased_in_again_applies_at_once() -> None:
    """Cards: Elvish Archdruid (other Elves +1/+1) and Llanowar Elves.  Action: the lord phases out,
    then in.  CR 702.26b-c and 611.3a: a static ability applies again as soon as its source is
    treated as existing: 1/1 meanwhile, 2/2 again."""
    game = Game()
    lord = game.place(ELF_LORD, player="A")
    elves = game.place(ELVES, player="A")
    assert game.view(elves).pt == (2, 2)
    game.phase_out(lord)
    assert game.view(elves).pt == (1, 1)
    game.phase_in(lord)
    assert game.view(elves).pt == (2, 2)


def test_702_26b_phased_out_creature_cannot_be_chosen_for_a_fight_by_its_controller() -> None:
    """Card: "Target creature you control deals damage equal to its power to target creature you
    don't control" (Rabid Bite).  A's only creature is phased out.  CR 702.26b: it can't be
    targeted, so the spell can't be cast (601.2c): IllegalAction."""
    bite = card("Rabid Bite", "{1}{G}", "Sorcery", spell=SpellAbility(
        "Target creature you control deals damage equal to its power to target creature you don't control.",
        lambda r: None, (target_creature(controller="you"), target_creature(controller="opponent"))))
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(ELVES, player="B")
    game.phase_out(bear)
    spell = game.place(bite, Zone.HAND, "A")
    game.add_mana("A", "{1}{G}")
    with pytest.raises(IllegalAction):
        game.cast("A", spell)


def test_702_26d_token_with_phasing_made_by_copying_phases_out_and_back_in() -> None:
    """Cards: a token copy of Phasing Bear.  Actions: A's untap steps of turns 1 and 3.
    CR 707.2 (phasing is copied), 702.26d: a token continues to exist while phased out."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="B")
    tok = create_token_copies(game, bear.id, "A")[0]
    game.advance_to(Step.UPKEEP)
    assert game.view(tok).phased_out and not game.view(bear).phased_out
    game.next_turn()
    game.next_turn()
    assert not game.view(tok).phased_out and game.view(tok).token


def test_702_26d_counters_put_before_phasing_out_remain_and_count_again() -> None:
    """Cards: Grizzly Bears with two +1/+1 counters, equipped with Bonesplitter.  Action: phase out,
    then in.  CR 702.26d: counters remain; 702.26g: the Equipment came back with it: 6/4."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"+1/+1": 2})
    game.place(BONESPLITTER, player="A", attached_to=bear)
    game.phase_out(bear)
    game.phase_in(bear)
    assert game.view(bear).pt == (6, 4)


def test_702_26b_phased_out_creature_is_not_dealt_damage_by_a_sweeper() -> None:
    """Cards: "deal 2 damage to each creature" (Pyroclasm); A's Bears phased out, B's Elves.
    CR 702.26b: the phased-out Bears is unaffected: no damage marked, still there after phasing in."""
    game = Game()
    bear = game.place(BEARS, player="A")
    elves = game.place(ELVES, player="B")
    game.phase_out(bear)
    for c in game.creatures():
        game.deal_damage(elves, c, 2)
    settle(game)
    game.phase_in(bear)
    assert game.view(bear).damage == 0
    assert game.current(elves).zone is Zone.GRAVEYARD


def test_702_26b_phased_out_permanent_cannot_be_exiled_or_destroyed_directly() -> None:
    """CR 702.26b: a phased-out permanent can't be affected: destroy and exile do nothing to it."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    assert game.destroy(bear) == [None]
    assert game.exile(bear) == [None]
    game.phase_in(bear)
    assert game.obj(bear).zone is Zone.BATTLEFIELD


def test_702_26b_phased_out_artifact_does_not_satisfy_an_as_long_as_condition() -> None:
    """Cards: a creature "gets +2/+2 as long as you control an artifact"; A's only artifact phases
    out.  CR 702.26b: it's treated as though it doesn't exist: 2/2 meanwhile, 4/4 phased in."""
    proud = card("Proud Smith", "{1}{R}", "Creature — Human", 2, 2, StaticAbility(
        "This creature gets +2/+2 as long as you control an artifact.", (modify_pt(2, 2),),
        this_object(), condition=you_control(artifacts())))
    game = Game()
    smith = game.place(proud, player="A")
    rock = game.place(ORNITHOPTER_ROCK, player="A")
    assert game.view(smith).pt == (4, 4)
    game.phase_out(rock)
    assert game.view(smith).pt == (2, 2)
    game.phase_in(rock)
    assert game.view(smith).pt == (4, 4)


def test_702_26a_phasing_permanents_of_the_non_active_player_stay_in_the_active_players_untap_step() -> None:
    """Cards: A's and B's Phasing Bears.  Action: A's untap step.  CR 702.26a: only permanents the
    active player controls phase out."""
    game = untap_game()
    mine = game.place(PHASING_BEAR, player="A")
    theirs = game.place(PHASING_BEAR, player="B")
    game.advance_to(Step.UPKEEP)
    assert game.view(mine).phased_out and not game.view(theirs).phased_out


def test_702_26b_phased_out_creature_does_not_count_for_a_creature_count_cda() -> None:
    """Cards: a creature whose P/T is the number of creatures you control (CDA, 604.3), and two
    Bears, one phased out.  CR 702.26b: 2/2 (itself and one Bears), 3/3 once it phases in."""
    crowd = card("Crowd Beast", "{2}{G}", "Creature — Beast", 0, 0, StaticAbility(
        "Crowd Beast's power and toughness are each equal to the number of creatures you control.",
        (defines_pt(count(creatures(controller="you")), count(creatures(controller="you"))),),
        this_object(), cda=True))
    game = Game()
    beast = game.place(crowd, player="A")
    game.place(BEARS, player="A")
    out = game.place(BEARS, player="A")
    game.phase_out(out)
    assert game.view(beast).pt == (2, 2)
    game.phase_in(out)
    assert game.view(beast).pt == (3, 3)


def test_702_26_phased_out_creature_with_an_until_end_of_turn_control_returns_to_its_owner() -> None:
    """Cards: B's Grizzly Bears, taken by A until end of turn (Threaten); it phases out under A.
    Actions: B's turn 2, A's turn 3.  CR 702.26f: the effect ends while phased out; 702.26a: it
    phases in in A's untap step (it phased out under A's control), then under B's control."""
    game = Game()
    bear = game.place(BEARS, player="B")
    game.create_effect("Threaten", [control("A")], [bear], UntilEndOfTurn(), controller="A")
    assert game.view(bear).controller == "A"
    game.phase_out(bear)
    game.next_turn()  # B's turn 2: it phased out under A's control, stays out
    assert game.view(bear).phased_out
    game.next_turn()  # A's turn 3
    assert not game.view(bear).phased_out
    assert game.view(bear).controller == "B"


def test_702_26b_phased_out_creature_is_not_a_legal_sacrifice_for_an_edict() -> None:
    """Cards: "target player sacrifices a creature" (Diabolic Edict-like, as an effect); B's Bears
    phased out and B's Elves.  CR 702.26b: only the Elves can be sacrificed; no choice is asked."""
    game = Game()
    bear = game.place(BEARS, player="B")
    elves = game.place(ELVES, player="B")
    game.phase_out(bear)
    assert [c.id for c in game.creatures("B")] == [elves.id]
    game.sacrifice("B", game.creatures("B")[0])
    settle(game)
    assert game.current(elves).zone is Zone.GRAVEYARD
    game.phase_in(bear)
    assert game.obj(bear).zone is Zone.BATTLEFIELD


def test_702_26j_aura_with_phasing_unattached_trigger_does_not_fire_on_phasing() -> None:
    """Cards: an Aura with phasing and "whenever this becomes unattached, you gain 3 life", on the
    Bears.  Actions: the Aura phases out directly (A's untap step), phases in (turn 3); then the
    Bears dies.  CR 702.26j: no trigger from phasing; when the Bears dies the Aura becomes
    unattached (then goes to the graveyard) and it does trigger: 23."""
    aura_card = card("Fickle Charm", "{W}", "Enchantment — Aura", "enchant creature", "phasing",
                     TriggeredAbility("Whenever this becomes unattached, you gain 3 life.",
                                      becomes_unattached(), gains_life(3)))
    game = untap_game()
    bear = game.place(BEARS, player="A")
    game.place(aura_card, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    settle(game)
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.players["A"].life == 20
    game.destroy(bear)
    settle(game)
    assert game.players["A"].life == 23


# =============================================================================================
# Face-down spells and permanents (702.37, 702.168, 701.40, 701.58, 701.62, 708)
# =============================================================================================

def test_702_37f_morph_x_is_known_to_the_turned_face_up_trigger() -> None:
    """Card: "Morph {X}{G}; when this is turned face up, put X +1/+1 counters on it" (a 1/1 Elf,
    Hooded Hydra-like).  Action: A turns it face up with X = 3.
    CR 702.37f: other abilities of the permanent refer to the X chosen as the special action was
    taken: three counters, a 4/4."""
    def grow(r: Resolution) -> None:
        assert r.source_id is not None
        r.game.put_counters(r.source_id, "+1/+1", r.x)
    hydra = card("Hooded Sprout", "{X}{G}", "Creature — Elf", 1, 1, "morph {X}{G}",
                 TriggeredAbility("When this creature is turned face up, put X +1/+1 counters on it.",
                                  turned_face_up(), grow))
    game = Game()
    sprout = game.place(hydra, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{3}{G}")
    game.turn_face_up("A", sprout, x=3)
    settle(game)
    assert game.view(sprout).pt == (4, 4)


def test_702_37e_turning_face_up_is_a_special_action_and_a_held_spell_stays_on_the_stack() -> None:
    """Cards: B's Lightning Bolt on the stack targeting A's face-down Morph Angel.  Action: A turns it
    face up (special action) with the Bolt still on the stack.
    CR 116.2b, 116.3: it doesn't use the stack and A receives priority again: the Bolt is still
    there, the "turned face up" trigger goes above it and resolves first: 23 life, the Angel
    survives the Bolt as a 4/5."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[angel])
    game.pass_priority()
    assert game.priority == "A"
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    game.refresh_priority()
    assert game.priority == "A"
    assert len(game.stack) == 2
    game.resolve_top()
    assert game.players["A"].life == 23
    game.resolve_stack()
    assert game.view(angel).damage == 3 and game.obj(angel).zone is Zone.BATTLEFIELD


def test_708_8_turned_face_up_by_an_effect_still_triggers_when_turned_face_up() -> None:
    """Card: face-down Morph Angel ("when turned face up, gain 3"; "when this enters, gain 5").
    Action: an effect turns it face up (no cost).  CR 708.8: only abilities relating to entering
    don't trigger: A gains 3."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    assert turn_face_up(game, angel)
    settle(game)
    assert game.players["A"].life == 23


def test_turned_face_up_watcher_triggers_for_another_permanent() -> None:
    """Card: A's enchantment "whenever a permanent you control is turned face up, you gain 1 life"
    (Trail of Mystery-like); a face-down Mega Bear.  Action: A turns it up for its megamorph cost.
    CR 702.37e, 603.2: the watcher triggers; the Bear gets its +1/+1 counter (702.37b): 4/4."""
    trail = card("Trail Marker", "{1}{G}", "Enchantment", TriggeredAbility(
        "Whenever a permanent you control is turned face up, you gain 1 life.",
        turned_face_up(where("a permanent you control", lambda c, o: o.controller == c.you)), gains_life(1)))
    game = Game()
    game.place(trail, player="A")
    bear = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", bear)
    settle(game)
    assert game.players["A"].life == 21
    assert game.view(bear).pt == (4, 4)


def test_707_2_token_copy_of_a_face_down_creature_is_a_face_up_nameless_2_2() -> None:
    """Card: a face-down Morph Angel; an effect creates a token that's a copy of it (Cackling
    Counterpart).  CR 707.2, 708.2: the copiable values are the face-down ones: a face-up 2/2 with
    no name; it has no morph, so it can't be turned face up."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    tok = create_token_copies(game, angel.id, "A")[0]
    view = game.view(tok)
    assert view.pt == (2, 2) and not view.face_down and view.name in (None, "")
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", tok)


def test_708_2_face_down_elf_has_no_creature_types_for_an_elf_lord() -> None:
    """Cards: Elvish Archdruid ("other Elves you control get +1/+1"); a face-down Morph Ranger (an
    Elf, 1/1), with two such lords.  Action: turned face up for {G}.  CR 708.2: face down it has
    no subtypes, so no lord pumps it: 2/2; face up it is an Elf: 1/1 + 2 = 3/3."""
    game = Game()
    game.place(ELF_LORD, player="A")
    game.place(ELF_LORD, player="A")
    ranger = game.place(MORPH_ELF, player="A", face_down=FaceDown.MORPH)
    assert game.view(ranger).pt == (2, 2)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", ranger)
    assert game.view(ranger).pt == (3, 3)


def test_613_1d_creature_type_effect_applies_to_a_face_down_creature() -> None:
    """Cards: "all creatures are Elves" (layer 4, Conspiracy-like) and Elvish Archdruid; a face-down
    Morph Angel.  CR 613.1d, 708.2: the type-changing effect gives the face-down creature the type
    Elf, so the lord pumps it: 3/3."""
    conspiracy = card("Elf Conspiracy", "{3}{B}{B}", "Enchantment", StaticAbility(
        "Creatures are Elves.", (becomes_creature_types("Elf"),), creatures()))
    game = Game()
    game.place(conspiracy, player="A")
    game.place(ELF_LORD, player="A")
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    assert "Elf" in game.view(angel).subtypes
    assert game.view(angel).pt == (3, 3)


def test_704_5m_enchant_elf_aura_falls_off_when_its_creature_is_turned_face_down() -> None:
    """Cards: Llanowar Elves enchanted with "enchant Elf" (+1/+1).  Action: an effect turns the Elves
    face down (708.2a: no subtypes).  CR 704.5m: the Aura is attached illegally and is put into its
    owner's graveyard."""
    game = Game()
    elves = game.place(ELVES, player="A")
    aura = game.place(ELF_AURA, player="A", attached_to=elves)
    assert game.view(elves).pt == (2, 2)
    assert turn_face_down(game, elves)
    settle(game)
    assert game.current(aura).zone is Zone.GRAVEYARD
    assert game.view(elves).pt == (2, 2) and game.view(elves).face_down


def test_704_5m_manifested_artifact_turned_face_up_loses_its_creature_aura() -> None:
    """Cards: a manifested Mind Stone (a noncreature artifact card) enchanted by Holy Strength.
    Action: an effect turns it face up.  CR 701.40a, 708.8: it is a noncreature artifact now; the
    "enchant creature" Aura is put into the graveyard (704.5m); the artifact stays."""
    game = Game()
    rock = game.place(ORNITHOPTER_ROCK, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    aura = game.place(ENCHANT_CREATURE, player="A", attached_to=made)
    assert game.view(made).pt == (3, 4)
    assert turn_face_up(game, made)
    settle(game)
    assert game.current(aura).zone is Zone.GRAVEYARD
    view = game.view(made)
    assert "Creature" not in {str(t) for t in view.types} and view.zone is Zone.BATTLEFIELD
    del rock


def test_704_5m_manifested_aura_card_turned_face_up_is_put_into_the_graveyard() -> None:
    """Card: a manifested Aura card (Holy Strength).  Action: an effect turns it face up.
    CR 708.8: it is an Aura attached to nothing; 704.5m puts it into its owner's graveyard."""
    game = Game()
    game.place(ENCHANT_CREATURE, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None and game.view(made).pt == (2, 2)
    assert turn_face_up(game, made)
    settle(game)
    assert game.current(made).zone is Zone.GRAVEYARD


def test_704_5j_legendary_morph_turned_face_up_meets_the_legend_rule() -> None:
    """Cards: A's face-up legendary Akroma Echo and a face-down morph Akroma Echo.  Action: A turns
    the morph face up.  CR 704.5j: two legendary permanents with the same name: A chooses one to
    keep (scripted: the one just turned up); the other goes to the graveyard."""
    game = Game()
    old = game.place(LEGEND, player="A")
    morph = game.place(LEGEND_MORPH, player="A", face_down=FaceDown.MORPH)
    settle(game)
    assert game.obj(old).zone is Zone.BATTLEFIELD
    game.add_mana("A", "{1}{U}")
    game.choices.script(ChoiceKind.LEGEND_RULE, morph, player="A")
    game.turn_face_up("A", morph)
    settle(game)
    assert game.current(old).zone is Zone.GRAVEYARD
    assert game.obj(morph).zone is Zone.BATTLEFIELD


def test_701_58d_cloaked_disguise_card_turns_up_for_its_disguise_cost() -> None:
    """Card: Disguised Rogue ({2}{U}, disguise {1}{U}) cloaked from A's hand.  Action: A turns it up
    paying only {1}{U}.  CR 701.58d: either procedure may be used; its ward {2} is gone once up
    (it has none printed)."""
    game = Game()
    rogue = game.place(DISGUISED, Zone.HAND, "A")
    made = cloak(game, "A", rogue)
    assert made is not None and game.view(made).has("ward {2}")
    game.add_mana("A", "{1}{U}")
    game.turn_face_up("A", made, how="disguise")
    view = game.view(made)
    assert not view.face_down and view.pt == (3, 2) and not view.has("ward {2}")


def test_701_40c_manifested_megamorph_card_turned_up_for_its_megamorph_cost_gets_the_counter() -> None:
    """Card: Mega Bear (megamorph {1}{G}) manifested from the top of A's library.  Action: A turns it
    up paying {1}{G} by its megamorph ability.  CR 701.40c, 702.37b: the megamorph cost was paid:
    a +1/+1 counter, 4/4."""
    game = Game()
    game.place(MEGA, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", made, how="morph")
    assert game.view(made).pt == (4, 4)


def test_701_58a_cloaked_card_with_its_own_ward_has_only_that_ward_face_up() -> None:
    """Card: a 2/3 with ward {1} (its own), cloaked.  CR 701.58a: face down it has ward {2}; turned
    face up for its mana cost it has ward {1} and not ward {2}."""
    warded = card("Warded Sprite", "{1}{U}", "Creature — Faerie", 2, 3, "ward {1}")
    game = Game()
    c = game.place(warded, Zone.HAND, "A")
    made = cloak(game, "A", c)
    assert made is not None
    assert game.view(made).has("ward {2}") and not game.view(made).has("ward {1}")
    game.add_mana("A", "{1}{U}")
    game.turn_face_up("A", made)
    assert game.view(made).has("ward {1}") and not game.view(made).has("ward {2}")


def test_603_10a_face_down_green_creature_dying_is_colourless_for_a_dies_trigger() -> None:
    """Cards: B's "whenever a green creature dies, gain 2 life" and "whenever a creature dies, gain
    1 life"; A's face-down Mega Bear (a green card).  Action: it is destroyed.
    CR 603.10a, 708.2: the trigger looks back at the permanent, a colourless face-down 2/2: only the
    second triggers: 21."""
    green_watch = card("Green Mourner", "{G}", "Enchantment",
                       TriggeredAbility("Whenever a green creature dies, you gain 2 life.",
                                        dies(creatures(colors="G")), gains_life(2)),
                       TriggeredAbility("Whenever a creature dies, you gain 1 life.",
                                        dies(creatures()), gains_life(1)))
    game = Game()
    game.place(green_watch, player="B")
    bear = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.destroy(bear)
    settle(game)
    assert game.players["B"].life == 21


def test_708_9_face_down_creature_exiled_is_revealed() -> None:
    """Card: a face-down Morph Angel.  Action: it is exiled.  CR 708.9: its owner reveals it as it
    moves: a Revealed event naming the Angel; in exile it is face up."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    out = game.exile(angel)[0]
    assert out is not None
    revealed = game.events(Revealed)
    assert revealed and revealed[-1].name == "Morph Angel"
    assert game.view(out).name == "Morph Angel" and not game.view(out).face_down


def test_708_9_face_down_permanents_of_a_player_leaving_the_game_are_revealed() -> None:
    """Card: B's face-down Morph Angel, in a three-player game.  Action: B concedes.
    CR 708.9: all face-down permanents owned by a player who leaves the game are revealed."""
    game = Game(["A", "B", "C"])
    game.place(ANGEL, player="B", face_down=FaceDown.MORPH)
    game.concede("B")
    assert any(e.name == "Morph Angel" for e in game.events(Revealed))


def test_708_4_face_down_spell_meets_a_cant_cast_rule_for_its_face_down_characteristics() -> None:
    """Cards: B's "creature spells with mana value 3 or less can't be cast" (a Rule-of-Law-like
    lock); A's Morph Angel (mana value 6).  CR 708.4, 702.37c: cast face down it's a mana value 0
    creature spell: forbidden; face up (mana value 6) it may be cast."""
    lock = card("Small Ban", "{1}{W}", "Enchantment", StaticAbility(
        "Creature spells with mana value 3 or less can't be cast.",
        rules=(CantCast(where("creature spells with mana value 3 or less",
                              lambda c, o: o.is_a("Creature") and o.mana_value <= 3, zones=(Zone.STACK,))),)))
    game = Game()
    game.place(lock, player="B")
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", angel, face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{W}{W}")
    game.cast("A", angel)
    game.resolve_stack()
    assert game.current(angel).zone is Zone.BATTLEFIELD


def test_601_3e_morph_cast_face_down_from_the_graveyard_with_a_creature_permission() -> None:
    """Cards: A's "you may cast creature spells from your graveyard" (Yawgmoth's-Will-like, for
    creatures); Morph Angel in A's graveyard.  Action: A casts it face down for {3}.
    CR 601.3e, 708.4: the permission is judged on the face-down spell, a creature spell: allowed;
    it resolves into a face-down 2/2."""
    grave = card("Grave Call", "{2}{B}", "Enchantment", StaticAbility(
        "You may cast creature spells from your graveyard.",
        rules=(CastPermission(creatures_on_stack(), zone=Zone.GRAVEYARD),)))
    game = Game()
    game.place(grave, player="A")
    angel = game.place(ANGEL, Zone.GRAVEYARD, "A")
    game.add_mana("A", "{3}")
    game.cast("A", angel, face_down=FaceDown.MORPH)
    game.resolve_stack()
    made = game.current(angel)
    assert made.zone is Zone.BATTLEFIELD and game.view(made).face_down and game.view(made).pt == (2, 2)


def creatures_on_stack() -> Filter:
    return where("creature spells", lambda c, o: o.is_a("Creature"), zones=(Zone.STACK,))


def test_302_6_morph_cast_last_turn_and_turned_up_may_attack() -> None:
    """Card: Morph Angel cast face down in A's turn 1.  Action: in A's turn 3 A turns it face up and
    attacks.  CR 708.8, 302.6: turning face up isn't entering: A has controlled it continuously
    since the turn began; it attacks as a 4/5 flier: B goes to 16."""
    game = Game()
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    game.cast("A", angel, face_down=FaceDown.MORPH)
    game.resolve_stack()
    made = game.current(angel)
    game.next_turn()
    game.next_turn()
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", made)
    settle(game)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([made])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16


def test_613_7f_morph_turned_up_later_has_the_later_timestamp_for_colour_setting() -> None:
    """Cards: two face-down morphs, the red one ("all creatures are red") placed before the green
    one ("all creatures are green"), both layer 5 (613.1e); Grizzly Bears.  Actions: A turns up the
    green one, then the red one.  CR 613.7f: each gets a new timestamp as it turns face up, so the
    red one is now the later despite entering first: the Bears is red."""
    red = card("Red Morph", "{2}{R}", "Creature — Shaman", 2, 2, "morph {R}", StaticAbility(
        "All creatures are red.", (becomes_color("R"),), creatures()))
    green = card("Green Morph", "{2}{G}", "Creature — Shaman", 2, 2, "morph {G}", StaticAbility(
        "All creatures are green.", (becomes_color("G"),), creatures()))
    game = Game()
    bear = game.place(BEARS, player="A")
    r = game.place(red, player="A", face_down=FaceDown.MORPH)
    g = game.place(green, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", g)
    assert game.view(bear).colors == frozenset({Color.GREEN})
    game.add_mana("A", "{R}")
    game.turn_face_up("A", r)
    assert game.view(bear).colors == frozenset({Color.RED})


def test_707_2_clone_of_a_face_down_creature_stays_nameless_when_the_original_turns_up() -> None:
    """Cards: a face-down Morph Angel; a Clone put onto the battlefield copying it.  Action: the
    Angel turns face up.  CR 707.2, 708.2: the Clone copied the face-down copiable values as it
    entered (a nameless 2/2); it stays so."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None and game.view(clone).pt == (2, 2)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    assert game.view(angel).pt == (4, 5)
    assert game.view(clone).pt == (2, 2) and not game.view(clone).has("flying")


def test_701_40a_manifest_a_card_from_hand_is_a_face_down_2_2() -> None:
    """Card: Grizzly Bears in A's hand, manifested (Soul Summons-like from hand).  CR 701.40a: a
    face-down 2/2 with no name and no mana cost; turned up for {1}{G} it is the Bears."""
    game = Game()
    bear = game.place(BEARS, Zone.HAND, "A")
    made = manifest(game, "A", bear)
    assert made is not None
    view = game.view(made)
    assert view.face_down and view.pt == (2, 2) and view.mana_value == 0
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", made)
    assert game.view(made).name == "Grizzly Bears"


def test_702_168a_disguised_creature_turned_up_by_an_effect_loses_ward() -> None:
    """Card: a face-down Disguised Rogue.  Action: an effect turns it face up (no cost).
    CR 702.168a, 708.8: the disguise effect ends: a 3/2 without ward {2}."""
    game = Game()
    rogue = game.place(DISGUISED, player="A", face_down=FaceDown.DISGUISE)
    assert game.view(rogue).has("ward {2}")
    assert turn_face_up(game, rogue)
    assert game.view(rogue).pt == (3, 2) and not game.view(rogue).has("ward {2}")


def test_701_62b_whenever_you_manifest_dread_triggers_even_with_an_empty_library() -> None:
    """Card: "whenever you manifest dread, gain 1 life" (Duskmourn-like).  Action: A manifests
    dread twice: with two cards and with an empty library.  CR 701.62b: it triggers each time,
    even when nothing could be manifested: 22."""

    def mine(tc: object) -> int:
        event = tc.event  # type: ignore[attr-defined]
        source = tc.source  # type: ignore[attr-defined]
        return 1 if isinstance(event, ManifestedDread) and event.player == source.controller else 0
    dread = card("Dread Listener", "{B}", "Enchantment", TriggeredAbility(
        "Whenever you manifest dread, you gain 1 life.", on_event("you manifest dread", [ManifestedDread], mine),
        gains_life(1)))
    game = Game(library=2)
    game.place(dread, player="A")
    game.choices.script(ChoiceKind.OBJECT, lambda c: c.options[0], player="A")
    manifest_dread(game, "A")
    settle(game)
    manifest_dread(game, "A")
    settle(game)
    assert game.players["A"].life == 22


# ---------------------------------------------------------------------------------------------
# A third round: harder combinations
# ---------------------------------------------------------------------------------------------

def test_702_26i_curse_with_phasing_phases_in_attached_to_the_same_player() -> None:
    """Card: B's Aura "enchant player; phasing" on A ("enchanted player's creatures get -1/-0").
    Actions: B's untap step (it phases out), B's next untap step.
    CR 702.26i: phased out directly, it phases in attached to the player it was attached to, who
    is still in the game."""
    curse = card("Phasing Curse", "{B}", "Enchantment — Aura Curse", "enchant player", "phasing")
    game = untap_game(("B", "A"))
    hexed = game.place(curse, player="B", attached_to="A")
    game.advance_to(Step.UPKEEP)
    assert game.view(hexed).phased_out
    game.next_turn()
    game.next_turn()
    assert not game.view(hexed).phased_out
    assert game.view(hexed).attached_to == "A"


def test_702_26i_aura_phasing_in_onto_a_creature_with_protection_goes_to_the_graveyard() -> None:
    """Cards: A's green Aura with phasing on Grizzly Bears; while it is phased out, the Bears gains
    protection from green.  Action: the Aura phases in.  CR 702.26i: it phases in attached;
    704.5m: attached illegally (702.16c), it is put into its owner's graveyard."""
    game = untap_game()
    bear = game.place(BEARS, player="A")
    aura = game.place(PHASING_AURA, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    assert game.view(aura).phased_out
    game.create_effect("protection from green", [gain("protection from green")], [bear], Indefinite())
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.current(aura).zone is Zone.GRAVEYARD


def test_702_26g_phases_in_watcher_sees_the_creature_and_its_aura() -> None:
    """Cards: A's Phasing Bear enchanted by Holy Strength; A's "whenever a permanent phases in, you
    gain 1 life".  Actions: turns 1 and 3.  CR 702.26g: the Aura phases in with the Bear: two
    permanents phase in, two triggers: 22."""
    watch = card("Tide Watch", "{U}", "Enchantment", TriggeredAbility(
        "Whenever a permanent phases in, you gain 1 life.", phases_in(permanents()), gains_life(1)))
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    game.place(ENCHANT_CREATURE, player="A", attached_to=bear)
    game.place(watch, player="A")
    game.advance_to(Step.UPKEEP)
    settle(game)
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.players["A"].life == 22


def test_712_15a_manifested_double_faced_card_cant_transform_and_turns_up_front_face() -> None:
    """Card: a transforming double-faced card (front a 2/2 Human, back a 4/4 Werewolf) manifested.
    CR 712.15a: while face down it can't transform; turned face up (mana cost {1}{G}) its front
    face is up: a 2/2 Human."""
    wolf = card("Village Hunter", "{1}{G}", "Creature — Human Werewolf", 2, 2,
                back=face("Howling Hunter", None, "Creature — Werewolf", 4, 4))
    game = Game()
    game.place(wolf, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    assert game.transform(made) is False
    assert game.view(made).pt == (2, 2) and game.view(made).face_down
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", made)
    assert game.view(made).name == "Village Hunter" and game.view(made).pt == (2, 2)


def test_708_10_clone_of_a_face_up_morph_turned_face_down_turns_up_as_the_copy() -> None:
    """Cards: face-up Morph Angel; a Clone that entered as a copy of it.  Actions: an effect turns
    the Clone face down (a nameless 2/2); A turns it face up for the morph cost {2}{W}{W} (which
    it has as a copy of the Angel).  CR 708.10, 708.8: its copiable values are the Angel's again:
    a 4/5 flier, and its "when turned face up" trigger (copied) gives A 3 life."""
    game = Game()
    angel = game.place(ANGEL, player="A")
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None
    settle(game)  # the Clone's copied "when this enters" trigger: 25
    assert game.players["A"].life == 25
    assert turn_face_down(game, clone)
    assert game.view(clone).pt == (2, 2)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", clone)
    settle(game)
    assert game.view(clone).pt == (4, 5) and game.view(clone).has("flying")
    assert game.players["A"].life == 28


def test_702_168e_disguise_x_is_known_to_the_turned_face_up_trigger() -> None:
    """Card: "Disguise {X}{U}; when this is turned face up, draw X cards" (a 2/2).  Action: A turns
    it face up with X = 2.  CR 702.168e: the X chosen for the special action: A draws two."""
    def draw_x(r: Resolution) -> None:
        r.game.draw(r.controller, r.x)
    spy = card("Masked Spy", "{X}{U}", "Creature — Human Spy", 2, 2, "disguise {X}{U}",
               TriggeredAbility("When this creature is turned face up, draw X cards.", turned_face_up(), draw_x))
    game = Game()
    made = game.place(spy, player="A", face_down=FaceDown.DISGUISE)
    hand = len(game.hand("A"))
    game.add_mana("A", "{2}{U}")
    game.turn_face_up("A", made, x=2)
    settle(game)
    assert len(game.hand("A")) == hand + 2


def test_603_10a_whenever_a_face_down_creature_you_control_dies_looks_back() -> None:
    """Card: A's "whenever a face-down creature you control dies, you gain 2 life" (Yarus-like); a
    face-down Morph Angel and a face-up Grizzly Bears.  Actions: both are destroyed.
    CR 603.10a: the trigger looks back: the Angel was face down (it is a face-up card in the
    graveyard now): one trigger, 22."""
    yarus = card("Face Keeper", "{2}{R}{G}", "Creature — Centaur", 4, 4, TriggeredAbility(
        "Whenever a face-down creature you control dies, you gain 2 life.",
        dies(where("a face-down creature you control", lambda c, o: o.face_down and o.controller == c.you)),
        gains_life(2)))
    game = Game()
    game.place(yarus, player="A")
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bear = game.place(BEARS, player="A")
    game.destroy(angel, bear)
    settle(game)
    assert game.players["A"].life == 22


def test_708_5_controller_may_look_at_a_phased_out_face_down_permanent_the_opponent_may_not() -> None:
    """Card: A's face-down Morph Angel, phased out.  CR 708.5: A may look at it even while phased
    out; B may not."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.phase_out(angel)
    assert may_see_face(game, "A", game.obj(angel))
    assert not may_see_face(game, "B", game.obj(angel))


def test_702_37a_morph_with_a_life_payment_cost() -> None:
    """Card: "Morph—Pay 4 life" (a 4/4, Zombie Cutthroat-like).  Actions: B, at 3 life, can't turn
    its copy face up; A turns A's face up paying 4 life (no mana).  CR 702.37a: a morph cost may
    be any cost; 119.4: a player can't pay more life than they have; 702.37e: A pays: 16, a 4/4."""
    cut = card("Throat Cutter", "{3}{B}{B}", "Creature — Zombie", 4, 4, "Morph—Pay 4 life")
    game = Game()
    made = game.place(cut, player="A", face_down=FaceDown.MORPH)
    poor = game.place(cut, player="B", face_down=FaceDown.MORPH)
    game.players["B"].life = 3
    game.pass_priority()
    with pytest.raises(IllegalAction):
        game.turn_face_up("B", poor)
    assert game.view(poor).face_down and game.players["B"].life == 3
    game.next_turn()
    game.next_turn()
    game.turn_face_up("A", made)
    assert game.players["A"].life == 16 and game.view(made).pt == (4, 4)


def test_708_2a_equipped_creature_turned_face_down_keeps_its_equipment_and_aura() -> None:
    """Cards: face-up Morph Angel with Bonesplitter and Holy Strength.  Action: an effect turns it
    face down.  CR 708.2a, 708.8 (effects keep applying): it is still a creature, both stay
    attached: 2/2 + 2/0 + 1/2 = 5/4, without flying."""
    game = Game()
    angel = game.place(ANGEL, player="A")
    game.place(BONESPLITTER, player="A", attached_to=angel)
    game.place(ENCHANT_CREATURE, player="A", attached_to=angel)
    assert turn_face_down(game, angel)
    settle(game)
    view = game.view(angel)
    assert view.pt == (5, 4) and not view.has("flying")


def test_701_40g_cloaked_sorcery_turned_up_by_an_effect_is_revealed_and_stays_a_2_2_with_ward() -> None:
    """Card: a sorcery cloaked.  Action: an effect turns it face up.  CR 701.58g: it is revealed and
    stays face down: still a 2/2 with ward {2}; no "turned face up" watcher triggers."""
    rite = card("Quiet Rite", "{1}{B}", "Sorcery", spell=SpellAbility("Draw a card.", lambda r: r.game.draw(r.controller)))
    watch = card("Face Watch", "{G}", "Enchantment", TriggeredAbility(
        "Whenever a permanent is turned face up, you gain 1 life.", turned_face_up(where(
            "a permanent", lambda c, o: True)), gains_life(1)))
    game = Game()
    game.place(watch, player="A")
    c = game.place(rite, Zone.HAND, "A")
    made = cloak(game, "A", c)
    assert made is not None
    assert turn_face_up(game, made) is False
    settle(game)
    view = game.view(made)
    assert view.face_down and view.pt == (2, 2) and view.has("ward", "{2}")
    assert any(e.name == "Quiet Rite" for e in game.events(Revealed))
    assert game.players["A"].life == 20


# ---------------------------------------------------------------------------------------------
# Simultaneous phasing in the untap step (702.26a, 603.10b)
# ---------------------------------------------------------------------------------------------

def phasing_watcher(trigger_on: str) -> Card:
    """An enchantment with phasing: "whenever another permanent phases <trigger_on>, you gain 1 life"."""
    trig = phases_out(permanents(other=True)) if trigger_on == "out" else phases_in(permanents(other=True))
    return card(f"Phase Watcher {trigger_on}", "{U}", "Enchantment", "phasing", TriggeredAbility(
        f"Whenever another permanent phases {trigger_on}, you gain 1 life.", trig, gains_life(1)))


def test_603_10b_watcher_phasing_out_with_the_creature_sees_it_phase_out() -> None:
    """Cards: A's enchantment with phasing "whenever another permanent phases out, gain 1"; A's
    Phasing Bear.  Action: A's untap step: both phase out at once.
    CR 603.10b: a phasing-out trigger looks back: the watcher existed just before: it triggers
    (and resolves though its source is phased out): 21."""
    game = untap_game()
    game.place(phasing_watcher("out"), player="A")
    game.place(PHASING_BEAR, player="A")
    game.advance_to(Step.UPKEEP)
    settle(game)
    assert game.players["A"].life == 21


def test_603_10b_watcher_phasing_in_as_the_creature_phases_out_sees_nothing() -> None:
    """Cards: A's "whenever another permanent phases out, gain 1" watcher with phasing, phased out in
    A's turn 1 (main phase); A's Phasing Bear, entering in turn 1 after the untap step.
    Action: A's turn 3 untap step: the watcher phases in as the Bear phases out.
    CR 603.10b: looking back, the watcher didn't exist (phased out): no trigger: 20."""
    game = Game()
    watcher = game.place(phasing_watcher("out"), player="A")
    game.phase_out(watcher)
    bear = game.place(PHASING_BEAR, player="A")
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.view(bear).phased_out and not game.view(watcher).phased_out
    assert game.players["A"].life == 20


def test_603_2_watcher_phasing_in_with_the_creature_sees_it_phase_in() -> None:
    """Cards: A's "whenever another permanent phases in, gain 1" watcher and Grizzly Bears, both
    phased out in A's turn 1.  Action: A's turn 3 untap step: both phase in at once.
    CR 603.2, 603.10: a phases-in trigger looks at the game after the event: the watcher exists
    then, and triggers for the Bears: 21."""
    game = Game()
    watcher = game.place(phasing_watcher("in"), player="A")
    bear = game.place(BEARS, player="A")
    game.phase_out(watcher, bear)
    game.next_turn()
    game.next_turn()
    settle(game)
    assert not game.view(bear).phased_out
    assert game.players["A"].life == 21


def test_603_2_watcher_phasing_out_as_the_creature_phases_in_sees_nothing() -> None:
    """Cards: A's "whenever another permanent phases in, gain 1" watcher with phasing (phased in);
    A's Grizzly Bears phased out in turn 1.  Action: A's turn 3 untap step: the Bears phases in as
    the watcher phases out.  CR 603.2: after the event the watcher is phased out (702.26b): no
    trigger: 20."""
    game = Game()
    watcher = game.place(phasing_watcher("in"), player="A")
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    game.next_turn()
    game.next_turn()
    settle(game)
    assert not game.view(bear).phased_out and game.view(watcher).phased_out
    assert game.players["A"].life == 20


# ---------------------------------------------------------------------------------------------
# More face-down characteristics
# ---------------------------------------------------------------------------------------------

def test_708_2_face_down_card_with_phasing_does_not_phase_out() -> None:
    """Card: a morph card with phasing, face down.  Action: A's untap step.
    CR 708.2: face down it has no abilities, so no phasing: it stays phased in; turned face up it
    phases out in A's next untap step."""
    phaser = card("Phasing Morph", "{1}{U}", "Creature — Illusion", 3, 3, "phasing", "morph {U}")
    game = untap_game()
    made = game.place(phaser, player="A", face_down=FaceDown.MORPH)
    game.advance_to(Step.UPKEEP)
    assert not game.view(made).phased_out
    game.add_mana("A", "{U}")
    game.turn_face_up("A", made)
    game.next_turn()
    game.next_turn()
    assert game.view(made).phased_out


def test_708_7_creature_turned_face_down_by_an_effect_is_turned_up_by_an_effect() -> None:
    """Cards: Grizzly Bears turned face down by an effect (Ixidron-like).  A can't turn it up as a
    special action (no morph, not manifested: 702.37e); an effect that turns it face up does:
    Grizzly Bears 2/2 again."""
    game = Game()
    bear = game.place(BEARS, player="A")
    assert turn_face_down(game, bear)
    game.add_mana("A", "{1}{G}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", bear)
    assert turn_face_up(game, bear)
    assert game.view(bear).name == "Grizzly Bears"


def test_708_2a_token_turned_face_down_and_up_again() -> None:
    """Card: a 1/1 white Soldier token.  Actions: an effect turns it face down, another face up.
    CR 708.2a: face down a nameless colourless 2/2; face up its token characteristics again."""
    soldier = token(None, "Creature — Soldier", 1, 1, colors="W")
    game = Game()
    tok = game.create_token(soldier, "A")[0]
    assert turn_face_down(game, tok)
    assert game.view(tok).pt == (2, 2) and not game.view(tok).colors
    assert turn_face_up(game, tok)
    assert game.view(tok).pt == (1, 1) and game.view(tok).name == "Soldier Token"


def test_708_8_switch_on_a_face_down_creature_applies_to_its_face_up_values() -> None:
    """Cards: face-down Morph Angel; a resolved "switch target creature's power and toughness until
    end of turn" (layer 7d).  Action: A turns it face up.  CR 708.8, 613.4d: the effect still
    applies: 5/4."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.create_effect("switch", [switch_pt()], [angel], UntilEndOfTurn(), controller="B")
    assert game.view(angel).pt == (2, 2)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    assert game.view(angel).pt == (5, 4)


def test_604_3_face_down_creature_with_a_pt_cda_is_2_2_until_turned_up() -> None:
    """Card: a morph whose power and toughness equal the number of creatures you control (CDA), with
    two Grizzly Bears.  CR 708.2: face down it has no CDA: 2/2; face up 3/3."""
    crowd = card("Crowd Morph", "{2}{G}", "Creature — Beast", 0, 0, "morph {G}", StaticAbility(
        "Its power and toughness are each equal to the number of creatures you control.",
        (defines_pt(count(creatures(controller="you")), count(creatures(controller="you"))),),
        this_object(), cda=True))
    game = Game()
    game.place(BEARS, player="A")
    game.place(BEARS, player="A")
    made = game.place(crowd, player="A", face_down=FaceDown.MORPH)
    assert game.view(made).pt == (2, 2)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", made)
    assert game.view(made).pt == (3, 3)


def test_708_2_face_down_six_drop_has_mana_value_zero_for_a_small_creature_sweeper() -> None:
    """Cards: face-down Morph Angel (mana value 6 face up) and Hill Giant (4).  Action: "destroy each
    creature with mana value 3 or less" (an effect).  CR 708.2: face down its mana value is 0: it is
    destroyed, the Giant isn't."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    giant = game.place(GIANT, player="A")
    small = [c for c in game.creatures() if game.view(c).mana_value <= 3]
    game.destroy(*small)
    assert game.current(angel).zone is Zone.GRAVEYARD
    assert game.obj(giant).zone is Zone.BATTLEFIELD


def test_708_4_counter_target_green_spell_cannot_target_a_face_down_green_spell() -> None:
    """Cards: A's Mega Bear (green) cast face down; B's "counter target green spell" (Mana Leak-like
    Hydroblast for green).  CR 708.4: the face-down spell is colourless: no legal target: B can't
    cast it."""
    def _counter(r: Resolution) -> None:
        spell = r.targets(0)[0]
        assert isinstance(spell, int)
        r.game.counter(spell)
    hate = card("Green Hate", "{U}", "Instant", spell=SpellAbility(
        "Counter target green spell.", _counter, (target_spell(spells(colors=["G"])),)))
    game = Game()
    mega = game.place(MEGA, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    game.cast("A", mega, face_down=FaceDown.MORPH)
    spell = game.place(hate, Zone.HAND, "B")
    game.pass_priority()
    game.add_mana("B", "{U}")
    with pytest.raises(IllegalAction):
        game.cast("B", spell)


def test_611_2c_cant_be_blocked_this_turn_covers_a_creature_that_phases_in_later() -> None:
    """Cards: A's Grizzly Bears phased out; A resolves "creatures you control can't be blocked this
    turn" (a rules effect, not one that modifies characteristics); the Bears phases in; B has
    Llanowar Elves.  CR 611.2c, 702.26e: only effects that modify characteristics or control lock
    in their set; this one applies to the Bears once phased in: B can't block it."""
    game = Game()
    bear = game.place(BEARS, player="A", )
    elves = game.place(ELVES, player="B")
    game.phase_out(bear)
    game.create_effect("creatures you control can't be blocked this turn",
                       rules=[CantBeBlocked(creatures(controller="you"))], duration=UntilEndOfTurn(), controller="A")
    game.phase_in(bear)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        game.declare_blockers({elves: bear})


def test_708_11_as_turned_face_up_counters_save_a_0_0_but_a_when_trigger_is_too_late() -> None:
    """Cards: two 0/0 morphs, one "as this is turned face up, put three +1/+1 counters on it", the
    other "when this is turned face up, put three +1/+1 counters on it".  Action: A turns both up.
    CR 708.11, 614.1e: the first gets its counters as it turns: a 3/3; the second is a 0/0 when
    A would receive priority and is put into the graveyard (704.5f) before its trigger resolves."""

    def three(r: Resolution) -> None:
        assert r.source_id is not None
        with contextlib.suppress(IllegalAction):  # it is gone (400.7)
            r.game.put_counters(r.source_id, "+1/+1", 3)
    as_up = card("Ready Hatchling", "{3}{G}", "Creature — Beast", 0, 0, "morph {G}",
                 with_counters_as_turned_face_up("+1/+1", 3))
    when_up = card("Late Hatchling", "{3}{G}", "Creature — Beast", 0, 0, "morph {G}",
                   TriggeredAbility("When this creature is turned face up, put three +1/+1 counters on it.",
                                    turned_face_up(), three))
    game = Game()
    ready = game.place(as_up, player="A", face_down=FaceDown.MORPH)
    late = game.place(when_up, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{G}{G}")
    game.turn_face_up("A", ready)
    game.turn_face_up("A", late)
    settle(game)
    assert game.view(ready).pt == (3, 3)
    assert game.current(late).zone is Zone.GRAVEYARD


# ---------------------------------------------------------------------------------------------
# Traps a new user met: each now raises naming the mistake
# ---------------------------------------------------------------------------------------------

def test_view_has_a_misspelt_keyword_is_bad_input_not_a_quiet_no() -> None:
    """A cloaked card has ward {2} (701.58a): ``has("ward {2}")`` (the keyword as printed, as
    ``card()`` takes it) is True, ``has("ward {1}")`` False; a word that is no keyword raises."""
    game = Game()
    made = cloak(game, "A", game.place(BEARS, Zone.HAND, "A"))
    assert made is not None
    view = game.view(made)
    assert view.has("ward {2}") and view.has("ward") and not view.has("ward {1}")
    with pytest.raises(ScenarioError, match="wrad"):
        view.has("wrad")


def test_spells_of_a_filter_is_bad_input_naming_the_mistake() -> None:
    """``spells(where(…))`` read the filter's text as a card type ("unknown card type 'creature
    spells …'"); it now says to use the filter itself."""
    with pytest.raises(ScenarioError, match="use the filter itself"):
        spells(where("creature spells", lambda c, o: o.is_a("Creature"), zones=(Zone.STACK,)))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# A fourth round: control, leaving the game, revealing
# ---------------------------------------------------------------------------------------------

def test_702_26d_phasing_out_is_not_losing_control_but_a_phased_out_control_aura_is() -> None:
    """Cards: B's "whenever you lose control of a creature, you gain 2 life"; B's Grizzly Bears;
    A's Elves stolen by B's Aura with phasing "you control enchanted creature".  Actions: the Bears
    phases out (effect, in A's turn); then B's untap step: the Aura phases out.
    CR 702.26d: phasing out isn't losing control: no trigger for the Bears; but when the Aura phases
    out its control effect stops: B loses control of the Elves (603.10d): 22."""
    watcher = card("Jealous Eye", "{U}", "Enchantment", TriggeredAbility(
        "Whenever you lose control of a creature, you gain 2 life.", you_lose_control(creatures()), gains_life(2)))
    steal = card("Phasing Control", "{2}{U}{U}", "Enchantment — Aura", "enchant creature", "phasing",
                 StaticAbility("You control enchanted creature.", (gain_control(),), attached_to_this()))
    game = Game()
    game.place(watcher, player="B")
    bear = game.place(BEARS, player="B")
    elves = game.place(ELVES, player="A")
    game.place(steal, player="B", attached_to=elves)
    assert game.view(elves).controller == "B"
    game.phase_out(bear)
    settle(game)
    assert game.players["B"].life == 20
    game.next_turn()  # B's untap step: the Aura phases out
    settle(game)
    assert game.view(elves).controller == "A"
    assert game.players["B"].life == 22


def test_708_9_phased_out_face_down_permanent_of_a_player_leaving_is_revealed() -> None:
    """Card: B's face-down Morph Angel, phased out, in a three-player game.  Action: B concedes.
    CR 702.26k: it leaves the game with B; 708.9: every face-down permanent B owns is revealed --
    phased out or not."""
    game = Game(["A", "B", "C"])
    angel = game.place(ANGEL, player="B", face_down=FaceDown.MORPH)
    game.phase_out(angel)
    game.concede("B")
    assert any(e.name == "Morph Angel" for e in game.events(Revealed))


def test_708_9_face_down_spell_exiled_from_the_stack_is_revealed() -> None:
    """Card: A's Morph Angel cast face down; an effect exiles it from the stack.  CR 708.9: a
    face-down spell moving from the stack to any zone but the battlefield is revealed."""
    game = Game()
    angel = game.place(ANGEL, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    game.move(spell, Zone.EXILE)
    assert any(e.name == "Morph Angel" for e in game.events(Revealed))
    assert game.current(angel).zone is Zone.EXILE


def test_702_26i_curse_phased_out_directly_phases_in_unattached_when_its_player_left() -> None:
    """Cards: A's curse with phasing on C, in a three-player game.  Actions: the curse phases out in
    A's untap step; C concedes; A's next untap step.  CR 702.26i: the player isn't in the game any
    more: it phases in unattached and is put into A's graveyard (704.5m)."""
    curse = card("Phasing Curse", "{B}", "Enchantment — Aura Curse", "enchant player", "phasing")
    game = untap_game(("A", "B", "C"))
    hexed = game.place(curse, player="A", attached_to="C")
    game.advance_to(Step.UPKEEP)
    assert game.view(hexed).phased_out
    game.concede("C")
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.current(hexed).zone is Zone.GRAVEYARD


def test_701_40e_manifesting_two_cards_one_at_a_time_triggers_twice() -> None:
    """Cards: A's "whenever a creature enters under your control, you gain 1 life"; Grizzly Bears and
    Llanowar Elves on top of A's library.  Action: manifest the top two cards.  CR 701.40e: one at a
    time: two face-down 2/2s, two triggers: 22."""
    soul = card("Soul Warden Echo", "{W}", "Enchantment", TriggeredAbility(
        "Whenever a creature enters under your control, you gain 1 life.",
        enters(creatures(controller="you")), gains_life(1)))
    game = Game()
    game.place(soul, player="A")
    game.place(BEARS, Zone.LIBRARY, "A")
    game.place(ELVES, Zone.LIBRARY, "A")
    made = manifest_top_cards(game, "A", 2)
    assert len(made) == 2 and all(game.view(m).face_down for m in made)
    settle(game)
    assert game.players["A"].life == 22


def test_702_26n_player_leaving_in_their_own_turn_the_permanent_waits_for_their_next_turn() -> None:
    """Cards: A's Phasing Bear controlled by C (lasting effect); it phases out in C's untap step
    (turn 3).  Action: C concedes in that same turn.  CR 702.26n: it phases in during the next
    untap step after C's *next* turn would have begun: not in A's turn 4 nor B's turn 5, but in
    A's turn after that."""
    game = Game(["A", "B", "C"])
    bear = game.place(PHASING_BEAR, player="A")
    game.create_effect("C controls the Bear", [control("C")], [bear], Indefinite(), controller="C")
    game.next_turn()
    game.next_turn()  # C's turn 3
    assert game.view(bear).phased_out
    game.concede("C")
    game.next_turn()  # A's turn
    assert game.view(bear).phased_out
    game.next_turn()  # B's turn
    assert game.view(bear).phased_out
    game.next_turn()  # A's turn: C's turn would have begun before it
    assert not game.view(bear).phased_out


def test_702_26a_cant_phase_out_from_a_phasing_source_stops_its_own_phasing_too() -> None:
    """Cards: A's enchantment with phasing "permanents you control can't phase out"; A's Phasing Bear.
    Action: A's untap step.  CR 702.26a with 101.2 ("can't" wins): the effect exists as the phasing
    would happen, so neither phases out."""
    anchor = card("Time Anchor", "{2}{U}", "Enchantment", "phasing", StaticAbility(
        "Permanents you control can't phase out.", rules=(CantPhase(permanents(controller="you"), "out"),)))
    game = untap_game()
    held = game.place(anchor, player="A")
    bear = game.place(PHASING_BEAR, player="A")
    game.advance_to(Step.UPKEEP)
    assert not game.view(bear).phased_out and not game.view(held).phased_out


def test_708_4_green_creature_flash_permission_does_not_cover_a_face_down_green_card() -> None:
    """Cards: A's "you may cast green creature spells as though they had flash"; A's Mega Bear (green,
    megamorph).  Action: in B's turn, A tries to cast it face down, then face up.
    CR 708.4, 601.3e: face down it is a colourless creature spell: not covered; face up it is."""
    leyline = card("Green Haste", "{1}{G}", "Enchantment", StaticAbility(
        "You may cast green creature spells as though they had flash.",
        rules=(CastPermission(where("green creature spells", lambda c, o: o.is_a("Creature") and Color.GREEN in o.colors,
                                    zones=(Zone.STACK,)), as_though_flash=True),)))
    game = Game()
    game.place(leyline, player="A")
    mega = game.place(MEGA, Zone.HAND, "A")
    game.next_turn()
    game.pass_priority_to("A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", mega, face_down=FaceDown.MORPH)
    game.add_mana("A", "{G}{G}{1}")
    game.cast("A", mega)
    game.resolve_stack()
    assert game.current(mega).zone is Zone.BATTLEFIELD


def test_702_26f_effect_still_running_applies_again_when_its_creature_phases_back_in() -> None:
    """Cards: Grizzly Bears given +2/+2 until end of turn and +1/+1 "until Oubliette-like source
    leaves the battlefield" (UntilLeaves of an enchantment).  Actions: the Bears phases out and back
    in the same turn.  CR 702.26f: neither effect expired: it is 5/5 again."""
    game = Game()
    bear = game.place(BEARS, player="A")
    rock = game.place(ORNITHOPTER_ROCK, player="A")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [bear], UntilEndOfTurn(), controller="A")
    game.create_effect("+1/+1", [modify_pt(1, 1)], [bear], UntilLeaves(rock.id), controller="A", source=rock)
    game.phase_out(bear)
    game.phase_in(bear)
    assert game.view(bear).pt == (5, 5)
    game.destroy(rock)
    assert game.view(bear).pt == (4, 4)


def test_x_for_a_morph_cost_without_x_is_bad_input_not_a_quiet_x() -> None:
    """``game.turn_face_up(player, permanent, x=3)`` for Morph Angel (morph {2}{W}{W}: no X) was
    taken and the permanent's X recorded as 3 for its abilities (702.37f); X is chosen only for a
    cost that has one (107.3d): ScenarioError, nothing paid, still face down."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(ScenarioError, match="no X"):
        game.turn_face_up("A", angel, x=3)
    assert game.view(angel).face_down
    game.turn_face_up("A", angel)
    assert game.view(angel).pt == (4, 5) and game.view(angel).x == 0


@pytest.mark.parametrize("how", [FaceDown.MORPH, FaceDown.DISGUISE, FaceDown.EFFECT])
def test_manifest_with_a_face_down_kind_other_than_manifest_or_cloak_is_bad_input(how: FaceDown) -> None:
    """``manifest(game, player, card, how=FaceDown.MORPH)`` made a face-down "morph" permanent that
    wasn't manifested, so it couldn't be turned face up for its mana cost (701.40b); it now says
    how is MANIFEST or CLOAK (701.40a, 701.58a)."""
    game = Game()
    bear = game.place(BEARS, Zone.HAND, "A")
    with pytest.raises(ScenarioError, match="MANIFEST or"):
        manifest(game, "A", bear, how=how)
    assert game.obj(bear).zone is Zone.HAND


def test_702_145c_daybound_werewolf_phased_out_at_nightfall_transforms_as_it_phases_in() -> None:
    """Card: A's daybound werewolf (front a 2/2 Human, back a 4/4 nightbound Werewolf), phased out.
    Actions: it becomes night (an effect); A's turn 3 untap step phases it in.
    CR 702.26b: phased out, it isn't affected as night falls: still front face up; 702.145c: once A
    controls it again, front face up at night, it transforms at once: a 4/4."""
    wolf = card("Tavern Hunter", "{1}{G}", "Creature — Human Werewolf", 2, 2, "daybound",
                back=face("Moonlit Hunter", None, "Creature — Werewolf", 4, 4, "nightbound"))
    game = Game()
    hunter = game.place(wolf, player="A")
    becomes(game, "day")
    game.phase_out(hunter)
    becomes(game, "night")
    assert game.view(hunter).name == "Tavern Hunter"
    game.next_turn()
    game.next_turn()
    assert not game.view(hunter).phased_out
    assert game.view(hunter).name == "Moonlit Hunter" and game.view(hunter).pt == (4, 4)


def test_702_26g_aura_phased_out_indirectly_does_not_phase_in_by_itself() -> None:
    """Cards: Grizzly Bears enchanted by Holy Strength; the Bears phases out (the Aura indirectly).
    Action: an effect phases in the Aura alone.  CR 702.26g: an Aura that phased out indirectly
    won't phase in by itself, only with the permanent it's attached to: it stays phased out (it
    was left on the battlefield attached to nothing that exists); then the Bears phases in with
    it: 3/4."""
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(ENCHANT_CREATURE, player="A", attached_to=bear)
    game.phase_out(bear)
    game.phase_in(aura)
    settle(game)
    assert game.view(aura).phased_out and game.obj(aura).zone is Zone.BATTLEFIELD
    game.phase_in(bear)
    assert not game.view(aura).phased_out and game.view(bear).pt == (3, 4)


@pytest.mark.parametrize("where_", ["top", "bottom"])
def test_729_2j_merged_permanent_with_a_double_faced_component_cant_be_turned_face_down(where_: str) -> None:
    """Cards: A's transforming double-faced 2/2 (front face up); a mutating 3/4 flier cast onto it, on
    top or underneath.  Action: an effect tries to turn the merged permanent face down.
    CR 729.2j (and 712.16): a face-up merged permanent with a double-faced component can't be
    turned face down: nothing happens, it stays face up."""
    heron = card("Dream Heron", "{4}{U}", "Creature — Elemental Bird", 3, 4, "flying", "mutate {3}{U}")
    wolf = card("Village Hunter", "{1}{G}", "Creature — Elf Werewolf", 2, 2,
                back=face("Howling Hunter", None, "Creature — Werewolf", 4, 4))
    game = Game()
    hunter = game.place(wolf, player="A")
    held = game.place(heron, Zone.HAND, "A")
    game.add_mana("A", "{3}{U}")
    game.choices.script(ChoiceKind.MODE, where_, player="A")
    game.cast("A", held, targets=[hunter], alternative="mutate")
    game.resolve_stack()
    merged = game.current(hunter)
    assert turn_face_down(game, merged) is False
    assert not game.view(merged).face_down


def test_702_26j_aura_phasing_in_unattached_after_its_creature_died_triggers_nothing() -> None:
    """Cards: an Aura with phasing and "whenever this becomes unattached, you gain 3 life" on Grizzly
    Bears.  Actions: the Aura phases out directly (A's untap step); the Bears dies; the Aura phases
    in (turn 3).  CR 702.26b: while phased out it saw nothing; 702.26i-j: it phases in unattached,
    which isn't becoming unattached: no trigger, 20; 704.5m puts it into the graveyard."""
    charm = card("Fickle Charm", "{W}", "Enchantment — Aura", "enchant creature", "phasing",
                 TriggeredAbility("Whenever this becomes unattached, you gain 3 life.",
                                  becomes_unattached(), gains_life(3)))
    game = untap_game()
    bear = game.place(BEARS, player="A")
    aura = game.place(charm, player="A", attached_to=bear)
    game.advance_to(Step.UPKEEP)
    game.destroy(bear)
    settle(game)
    game.next_turn()
    game.next_turn()
    settle(game)
    assert game.current(aura).zone is Zone.GRAVEYARD
    assert game.players["A"].life == 20


@pytest.mark.parametrize("how", [FaceDown.DISGUISE, FaceDown.CLOAK])
def test_702_168b_token_copy_of_a_disguised_or_cloaked_creature_has_ward_2(how: FaceDown) -> None:
    """Card: a face-down Disguised Rogue (disguised, or cloaked).  Action: a token copy of it is
    created.  CR 702.168b, 701.58a: the face-down values -- a 2/2 creature with ward {2}, no name --
    are its copiable values (708.2): the token is a face-up nameless 2/2 with ward {2}."""
    game = Game()
    if how is FaceDown.CLOAK:
        made = cloak(game, "A", game.place(DISGUISED, Zone.HAND, "A"))
        assert made is not None
    else:
        made = game.place(DISGUISED, player="A", face_down=how)
    tok = create_token_copies(game, made.id, "A")[0]
    view = game.view(tok)
    assert not view.face_down and view.pt == (2, 2) and view.has("ward {2}")
