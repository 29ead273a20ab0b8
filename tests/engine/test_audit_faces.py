"""An audit of two of kb's topics, phasing and face-down objects, by an independent tester.

Written from the CR (rule numbers in each docstring), well-known card interactions and the
public API (the README's "Writing a scenario", ``kb.engine``'s names and docstrings), covering
situations ``test_independent_scenarios.py`` leaves out: chains of attachments, counting and
state-based actions around phasing, the untap step's order, copying, flickering and attacking
with face-down permanents, cost changes, ward on disguised and cloaked permanents, cloaked and
manifested noncreature cards, manifest dread's choice.  A scenario the model can't play asserts
that it raises ``NotModelled`` naming the concept; a wrong answer is a bug in the engine.
"""

from __future__ import annotations

import pytest
from scenario_cards import (
    ANGEL,
    BEARS,
    BONESPLITTER,
    CLONE,
    DISGUISED,
    ELVES,
    GROWTH,
    HUMILITY,
    MEGA,
    PHASING_BEAR,
    SOL_RING,
    gains_life,
)
from scenario_steps import settle

from kb.engine import (
    FOREST,
    ActivatedAbility,
    CantEnter,
    CastPermission,
    ChoiceKind,
    Color,
    CostChange,
    Countered,
    FaceDown,
    Game,
    IllegalAction,
    Indefinite,
    Phase,
    Resolution,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    TurnedFaceUp,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    attached_to_this,
    base_pt,
    becomes_color,
    card,
    cloak,
    cost,
    creatures,
    dies,
    is_attacking,
    lose_all_abilities,
    manifest_dread,
    manifest_top,
    modify_pt,
    phases_out,
    skip_step,
    spells,
    target_creature,
    turn_face_down,
    turn_face_up,
    where,
)

# ---------------------------------------------------------------------------------------------
# Cards (our own descriptions of well-known cards)
# ---------------------------------------------------------------------------------------------
# (more in scenario_cards.py, shared with the other scenario files)


def _bolt(r: Resolution) -> None:
    assert r.source_id is not None
    r.game.deal_damage(r.source_id, r.targets(0)[0], 3)


BOLT = card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to target creature.", _bolt, (target_creature(),)))


def untap_game() -> Game:
    """A's first turn, just before its untap step."""
    return Game(["A", "B"], step=Step.UNTAP)


# =============================================================================================
# Phasing (702.26)
# =============================================================================================

def test_aura_on_an_equipment_phases_out_with_the_creature_and_back_in() -> None:
    """Cards: Grizzly Bears equipped with Bonesplitter; an "enchant artifact" Aura on the Bonesplitter.
    Action: the Bears phases out (A's turn 1); A's turn 3.
    CR 702.26g: what is attached to a permanent phasing out phases out indirectly with it, so the
    Aura attached to the Equipment does too; all three phase in together, still attached: 4/2."""
    rune = card("Artifact Rune", "{W}", "Enchantment — Aura", "enchant artifact")
    game = Game()
    bear = game.place(BEARS, player="A")
    gear = game.place(BONESPLITTER, player="A", attached_to=bear)
    aura = game.place(rune, player="A", attached_to=gear)
    game.phase_out(bear)
    assert game.view(gear).phased_out and game.view(aura).phased_out
    game.next_turn()
    assert game.view(aura).phased_out
    game.next_turn()
    assert not any(game.view(o).phased_out for o in (bear, gear, aura))
    assert game.view(aura).attached_to == gear.id and game.view(gear).attached_to == bear.id
    assert game.view(bear).pt == (4, 2)


def test_phased_out_creature_phases_in_under_a_minus_one_anthem_and_dies() -> None:
    """Cards: A's Llanowar Elves (1/1) phased out; B's enchantment "creatures your opponents control
    get -1/-1" enters meanwhile.  Action: the Elves phase in.
    CR 702.26b: while phased out it is unaffected (it stays); 702.26c: once phased in, the effect
    applies; 704.5f: a 0-toughness creature is put into its owner's graveyard."""
    curse = card("Opponents' Bane", "{1}{B}", "Enchantment", StaticAbility(
        "Creatures your opponents control get -1/-1.", (modify_pt(-1, -1),), creatures(controller="opponent")))
    game = Game()
    elves = game.place(ELVES, player="A")
    game.phase_out(elves)
    game.place(curse, player="B")
    settle(game)
    assert game.obj(elves).zone is Zone.BATTLEFIELD
    game.phase_in(elves)
    settle(game)
    assert game.current(elves).zone is Zone.GRAVEYARD


def test_phased_out_creature_does_not_see_a_death() -> None:
    """Cards: A's "whenever another creature dies, you gain 1 life" creature, phased out; Grizzly
    Bears.  Action: the Bears is destroyed; later, with the watcher phased in, Llanowar Elves are.
    CR 702.26b: a phased-out permanent can't trigger: 20 life; phased in, it does: 21."""
    artist = card("Blood Watcher", "{1}{B}", "Creature — Vampire", 0, 1, TriggeredAbility(
        "Whenever another creature dies, you gain 1 life.", dies(creatures(other=True)), gains_life(1)))
    game = Game()
    watcher = game.place(artist, player="A")
    bear = game.place(BEARS, player="B")
    elves = game.place(ELVES, player="B")
    game.phase_out(watcher)
    game.destroy(bear)
    settle(game)
    assert game.players["A"].life == 20
    game.phase_in(watcher)
    game.destroy(elves)
    settle(game)
    assert game.players["A"].life == 21


def test_draw_a_card_for_each_creature_you_control_skips_the_phased_out_one() -> None:
    """CR 702.26b's first example: A controls three creatures, one phased out, and casts "draw a card
    for each creature you control": A draws two cards."""
    count_draw = card("Count and Draw", "{2}{G}", "Sorcery", spell=SpellAbility(
        "Draw a card for each creature you control.",
        lambda r: r.game.draw(r.controller, len(r.game.creatures(r.controller)))))
    game = Game()
    game.place(BEARS, player="A")
    game.place(ELVES, player="A")
    out = game.place(BEARS, player="A")
    game.phase_out(out)
    spell = game.place(count_draw, Zone.HAND, "A")
    before = len(game.hand("A"))
    game.add_mana("A", "{2}{G}")
    game.cast("A", spell)
    game.resolve_stack()
    assert len(game.hand("A")) == before - 1 + 2


def test_creature_that_phased_in_may_attack_that_turn() -> None:
    """Card: a 2/2 with phasing that entered in A's turn 1, after the untap step: it phases out in
    turn 3's untap step and in again in turn 5's.  Action: in turn 5 A attacks with it.
    CR 702.26d: phasing isn't leaving or entering the battlefield or A's control, so A has controlled
    it continuously since turn 5 began (302.6): it may attack; B takes 2."""
    game = Game()
    bear = game.put_onto_battlefield(PHASING_BEAR, "A")
    assert bear is not None
    game.next_turn()
    game.next_turn()  # turn 3: it phases out
    assert game.view(bear).phased_out
    game.next_turn()
    game.next_turn()  # turn 5: it phases in
    assert not game.view(bear).phased_out
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bear])
    assert is_attacking(game, bear)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_phased_out_equipment_cannot_be_moved_by_equip() -> None:
    """Cards: a 2/2 with phasing equipped with Bonesplitter; Llanowar Elves.  Action: the Bears
    phases out with the Equipment (702.26g); A tries to equip the Elves.
    CR 702.26b: the phased-out Equipment is treated as though it doesn't exist: its ability can't
    be activated; the Elves stay 1/1."""
    game = untap_game()
    bear = game.place(PHASING_BEAR, player="A")
    gear = game.place(BONESPLITTER, player="A", attached_to=bear)
    elves = game.place(ELVES, player="A")
    game.advance_to(Phase.PRECOMBAT_MAIN)
    assert game.view(gear).phased_out
    game.add_mana("A", "{1}")
    with pytest.raises(IllegalAction):
        game.activate("A", gear, "equip {1}", targets=[elves])
    assert game.view(elves).pt == (1, 1)


def test_opponents_aura_phased_out_directly_phases_in_in_its_controllers_untap_step() -> None:
    """Cards: A's Grizzly Bears; B's Aura "enchanted creature gets -1/-1" on it.  Action: in A's
    turn 1 the Aura phases out (directly, under B's control); B's turn 2 begins.
    CR 702.26a: it phases in during the untap step of the player it phased out under (B), not A's;
    702.26i: attached to the Bears, still there: 1/1."""
    weak = card("Weakness", "{B}", "Enchantment — Aura", "enchant creature",
                StaticAbility("Enchanted creature gets -1/-1.", (modify_pt(-1, -1),), attached_to_this()))
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(weak, player="B", attached_to=bear)
    game.phase_out(aura)
    assert game.view(bear).pt == (2, 2)
    game.next_turn()  # B's turn 2
    assert not game.view(aura).phased_out
    assert game.view(aura).attached_to == bear.id and game.view(bear).pt == (1, 1)


def test_indirectly_phased_aura_triggers_on_phasing_out() -> None:
    """Cards: Grizzly Bears enchanted by an Aura "whenever this phases out, you gain 2 life".
    Action: the Bears phases out.
    CR 702.26g: the Aura phases out too (indirectly), so its own ability triggers (603.10b looks
    back): 22 life."""
    charm = card("Phase Charm", "{W}", "Enchantment — Aura", "enchant creature", TriggeredAbility(
        "Whenever this Aura phases out, you gain 2 life.", phases_out(), gains_life(2)))
    game = Game()
    bear = game.place(BEARS, player="A")
    game.place(charm, player="A", attached_to=bear)
    game.phase_out(bear)
    settle(game)
    assert game.players["A"].life == 22


def test_phased_out_stasis_does_not_skip_the_untap_step() -> None:
    """Cards: Stasis ("players skip their untap steps") under A; B's tapped Grizzly Bears.
    Action: B's turn 2, once with Stasis phased in, once with it phased out (in A's turn 1).
    CR 702.26b: a phased-out permanent's static ability doesn't apply: B untaps in the second game
    (502.3); with Stasis there, B's untap step is skipped and the Bears stays tapped."""
    stasis = card("Stasis", "{1}{U}", "Enchantment", StaticAbility(
        "Players skip their untap steps.",
        replacements=(skip_step(Step.UNTAP, "A", times=None), skip_step(Step.UNTAP, "B", times=None))))
    for phase_it_out in (False, True):
        game = Game()
        s = game.place(stasis, player="A")
        bear = game.place(BEARS, player="B", tapped=True)
        if phase_it_out:
            game.phase_out(s)
        game.next_turn()
        assert game.view(bear).tapped is not phase_it_out, phase_it_out


def test_skipping_for_a_player_who_isnt_in_the_game_is_bad_input() -> None:
    """A "skips their untap step" effect naming a player the game doesn't have would never apply;
    the model says so (ScenarioError naming it) instead of quietly doing nothing."""
    game = Game()
    game.create_effect("players skip their untap steps", replacements=[skip_step(Step.UNTAP, "each")])
    with pytest.raises(ScenarioError, match="'each' is not a player"):
        game.next_turn()


def test_clone_cannot_copy_a_phased_out_creature() -> None:
    """Cards: A's Grizzly Bears, phased out (the only other creature); B's Clone.
    Action: Clone enters.  CR 702.26b: the phased-out Bears can't be chosen; Clone enters as
    itself, a 0/0, and dies (704.5f)."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    clone = game.put_onto_battlefield(CLONE, "B")
    assert clone is not None
    assert game.view(clone).name == "Clone"
    game.refresh_priority()
    assert game.current(clone).zone is Zone.GRAVEYARD


def test_effect_naming_a_phased_out_creature_does_not_include_it() -> None:
    """Card: Grizzly Bears, phased out.  Action: an effect "it gets +2/+2" (naming it) is created;
    the Bears phases in.  CR 702.26e: a continuous effect from a resolving spell or ability doesn't
    include a phased-out permanent even when it references it specifically: 2/2."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    game.create_effect("it gets +2/+2", [modify_pt(2, 2)], [bear], Indefinite(), controller="A")
    game.phase_in(bear)
    assert game.view(bear).pt == (2, 2)


def test_creature_phased_out_in_the_opponents_turn_phases_in_in_its_controllers_untap_step() -> None:
    """Card: A's Grizzly Bears.  Action: in B's turn 2 it phases out (an effect, Teferi's
    Protection-like); B's turn goes on; A's turn 3.
    CR 702.26a: it phased out under A's control, so it phases in in A's next untap step, and not
    before."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.next_turn()
    game.phase_out(bear)
    game.advance_to(Step.END)
    assert game.view(bear).phased_out
    game.next_turn()
    assert not game.view(bear).phased_out


def test_sacrificing_a_phased_out_creature_is_impossible() -> None:
    """Card: A's Grizzly Bears, phased out.  Action: an effect tries to make A sacrifice it.
    CR 702.26b: it is treated as though it doesn't exist: it can't be sacrificed (701.21a needs a
    permanent A controls); it stays on the battlefield."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.phase_out(bear)
    with pytest.raises(IllegalAction, match="phased-out"):
        game.sacrifice("A", bear)
    assert game.obj(bear).zone is Zone.BATTLEFIELD and game.view(bear).phased_out


def test_effects_that_name_a_phased_out_permanent_leave_it_alone() -> None:
    """Card: A's Grizzly Bears, phased out.  Actions: effects try to exile it, return it to its
    owner's hand, tap it, put a +1/+1 counter on it and remove its -1/-1 counter.
    CR 702.26b: it can't be affected by anything: it is still on the battlefield, phased out,
    untapped and with its one -1/-1 counter only (nothing removed it), and phases in as it was."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"-1/-1": 1})
    game.phase_out(bear)
    assert game.exile(bear) == [None]
    assert game.move(bear, Zone.HAND) is None
    game.tap(bear)
    game.put_counters(bear, "+1/+1")
    game.remove_counters(bear, "-1/-1")
    assert game.obj(bear).zone is Zone.BATTLEFIELD and game.view(bear).phased_out
    game.phase_in(bear)
    assert not game.view(bear).tapped and game.view(bear).pt == (1, 1)


def test_aura_cannot_be_moved_onto_a_phased_out_creature() -> None:
    """Cards: Holy Strength on A's Llanowar Elves; A's Grizzly Bears, phased out.  Action: an effect
    tries to attach the Aura to the Bears.
    CR 702.26b, 701.3b: the Bears is treated as though it doesn't exist, so the Aura can't be attached
    to it and stays on the Elves (2/3)."""
    strength = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature",
                    StaticAbility("Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this()))
    game = Game()
    bear = game.place(BEARS, player="A")
    elves = game.place(ELVES, player="A")
    aura = game.place(strength, player="A", attached_to=elves)
    game.phase_out(bear)
    game.attach(aura, bear)
    assert game.view(aura).attached_to == elves.id and game.view(elves).pt == (2, 3)
    game.phase_in(bear)
    assert game.view(bear).pt == (2, 2)


def test_phased_out_land_cannot_pay_for_a_spell() -> None:
    """Cards: A's Forest, phased out; Giant Growth in hand; Grizzly Bears.  Action: A casts the Growth
    paying with the Forest.  CR 702.26b: the Forest's mana ability can't be activated: illegal, and
    nothing changed (732 / 601.2)."""
    game = Game()
    forest = game.place(FOREST, player="A")
    bear = game.place(BEARS, player="A")
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.phase_out(forest)
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bear], pay_with=[forest])
    assert game.obj(growth).zone is Zone.HAND and not game.view(forest).tapped


def test_phased_out_face_down_creature_cannot_be_turned_up_or_down() -> None:
    """Cards: A's face-down morph Angel and Grizzly Bears, both phased out.  Actions: A tries to turn
    the Angel face up (special action), an effect tries to turn it face up, another to turn the Bears
    face down.  CR 702.26b: a phased-out permanent can't be affected: nothing changes; phased in, the
    Angel can be turned face up (702.37e)."""
    game = Game()
    angel = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    bear = game.place(BEARS, player="A")
    game.phase_out(angel, bear)
    game.add_mana("A", "{2}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", angel)
    assert turn_face_up(game, angel) is False and turn_face_down(game, bear) is False
    game.phase_in(angel, bear)
    assert game.view(angel).face_down and not game.view(bear).face_down
    game.turn_face_up("A", angel)
    assert game.view(angel).pt == (4, 5)


def test_clone_of_a_phasing_creature_phases_out_in_its_own_controllers_untap_step() -> None:
    """Cards: B's 2/2 with phasing; A's Clone copying it.  Action: A's untap step.
    CR 707.2: phasing is copied; 702.26a: A's Clone phases out in A's untap step, B's original
    doesn't (it isn't A's)."""
    game = untap_game()
    original = game.place(PHASING_BEAR, player="B")
    game.choices.script(ChoiceKind.OBJECT, original, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None and game.view(clone).has("phasing")
    game.advance_to(Step.UPKEEP)
    assert game.view(clone).phased_out and not game.view(original).phased_out


# =============================================================================================
# Face-down objects (702.37, 702.168, 701.40, 701.58, 701.62, 708)
# =============================================================================================

def test_face_down_creature_flickered_returns_face_up_and_enters() -> None:
    """Card: A's face-down morph Angel.  Action: an effect exiles it and returns it to the battlefield.
    CR 708.9: it is revealed as it leaves; 400.7: it returns as a new object, face up (it isn't put
    onto the battlefield face down): the 4/5 flying Angel, whose enters ability triggers (+5)."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    exiled = game.move(obj, Zone.EXILE)
    assert exiled is not None and game.view(exiled).name == "Morph Angel"
    back = game.put_onto_battlefield(exiled, "A")
    assert back is not None
    view = game.view(back)
    assert not view.face_down and view.pt == (4, 5) and view.has("flying")
    settle(game)
    assert game.players["A"].life == 25


def test_attacking_face_down_creature_turned_up_deals_its_face_up_damage() -> None:
    """Card: A's face-down morph Angel (since turn 1).  Actions: in turn 3 it attacks; in the declare
    blockers step (no blockers) A turns it face up.
    CR 708.8: it stays the same attacking permanent; 510.1: combat damage uses its power then: B 16."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.next_turn()
    game.next_turn()
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([obj])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    assert is_attacking(game, obj)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16


def test_manifested_creature_that_lost_all_abilities_turns_up_without_its_trigger() -> None:
    """Card: the Angel (4/5, "when turned face up, gain 3"), manifested; an effect "it loses all
    abilities" (Lignify-like, indefinitely) on the face-down permanent.  Action: A turns it face up for
    its mana cost {4}{W}{W}.
    CR 708.8: the effect still applies after it turns face up, so it is a 4/5 with no abilities and
    its "when turned face up" ability doesn't exist to trigger: 20 life."""
    game = Game()
    game.place(ANGEL, Zone.LIBRARY, "A")
    obj = manifest_top(game, "A")
    assert obj is not None
    game.create_effect("loses all abilities", [lose_all_abilities()], [obj], Indefinite(), controller="B")
    game.add_mana("A", "{4}{W}{W}")
    game.turn_face_up("A", obj, how="mana cost")
    view = game.view(obj)
    assert view.name == "Morph Angel" and view.pt == (4, 5) and not view.has("flying")
    settle(game)
    assert game.players["A"].life == 20 and len(game.events(TurnedFaceUp)) == 1


def test_base_pt_set_on_a_face_down_creature_still_applies_face_up() -> None:
    """Card: A's face-down morph Angel.  Actions: "it has base power and toughness 0/1 until end of
    turn" (layer 7b) on the 2/2; A turns it face up.
    CR 613.4b over 613.2b (the face-down 2/2 is layer 1b): 0/1; 708.8: still 0/1 face up, with
    flying, and its turned-face-up trigger triggers (23 life); 514.2: 4/5 next turn."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.create_effect("base 0/1", [base_pt(0, 1)], [obj], UntilEndOfTurn(), controller="B")
    assert game.view(obj).pt == (0, 1)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    assert game.view(obj).pt == (0, 1) and game.view(obj).has("flying")
    settle(game)
    assert game.players["A"].life == 23
    game.next_turn()
    assert game.view(obj).pt == (4, 5)


def test_colour_effect_applies_to_a_face_down_creature() -> None:
    """Cards: an enchantment "all creatures are black"; A's face-down morph Angel.
    CR 613.1e after 613.2b: the colourless face-down 2/2 is black; face up, the Angel is black too."""
    dark = card("Dark Skies", "{2}{B}", "Enchantment",
                StaticAbility("All creatures are black.", (becomes_color("B"),), creatures()))
    game = Game()
    game.place(dark, player="B")
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    assert game.view(obj).colors == frozenset({Color.BLACK})
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    assert game.view(obj).colors == frozenset({Color.BLACK})


def test_humility_removes_a_disguised_creatures_ward() -> None:
    """Cards: A's disguised creature (face down: a 2/2 with ward {2}); Humility; B's Lightning Bolt.
    CR 702.168b (ward is a face-down characteristic, layer 1b), 613.1f: Humility removes it in layer
    6; the face-down creature is a 1/1 and the Bolt, not countered, kills it."""
    game = Game()
    obj = game.place(DISGUISED, player="A", face_down=FaceDown.DISGUISE)
    assert game.view(obj).has("ward")
    game.place(HUMILITY, player="A")
    assert not game.view(obj).has("ward") and game.view(obj).pt == (1, 1)
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[obj])
    game.resolve_stack()
    assert game.current(obj).zone is Zone.GRAVEYARD and game.events(Countered) == []


def test_ward_does_not_trigger_on_its_controllers_own_spell() -> None:
    """Cards: A's disguised creature face down; A's Giant Growth on it.
    CR 702.21a: ward triggers only for spells and abilities an opponent controls: the Growth
    resolves without any payment: 5/5."""
    game = Game()
    obj = game.place(DISGUISED, player="A", face_down=FaceDown.DISGUISE)
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[obj])
    game.resolve_stack()
    assert game.view(obj).pt == (5, 5) and game.events(Countered) == []


def test_cloaked_creature_ward_paid_lets_the_bolt_resolve() -> None:
    """Cards: A's cloaked Grizzly Bears; B's Lightning Bolt targeting it, B pays {2} for ward.
    CR 702.21a: the spell is countered only unless its controller pays: paid, the Bolt resolves and
    the 2/2 dies (704.5g)."""
    game = Game()
    top = game.place(BEARS, Zone.LIBRARY, "A")
    obj = cloak(game, "A", top)
    assert obj is not None
    bolt = game.place(BOLT, Zone.HAND, "B")
    game.pass_priority_to("B")
    game.add_mana("B", "{R}{2}")
    game.cast("B", bolt, targets=[obj])
    game.choices.script(ChoiceKind.PAY, True, player="B")
    game.resolve_stack()
    assert game.current(obj).zone is Zone.GRAVEYARD and game.events(Countered) == []


def test_cloaked_noncreature_artifact_turned_up_by_an_effect_is_an_artifact() -> None:
    """Card: Sol Ring on top of A's library, cloaked.  Actions: A tries to turn it up (refused: not
    a creature card, 701.58b); an effect turns it face up.
    CR 701.58g leaves only instants and sorceries face down: turned face up it is Sol Ring, a
    noncreature artifact without ward."""
    game = Game()
    top = game.place(SOL_RING, Zone.LIBRARY, "A")
    obj = cloak(game, "A", top)
    assert obj is not None and game.view(obj).is_a("Creature")
    game.add_mana("A", "{1}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)
    assert turn_face_up(game, obj) is True
    view = game.view(obj)
    assert view.name == "Sol Ring" and not view.face_down and not view.is_a("Creature") and not view.has("ward")


def test_manifest_dread_may_manifest_the_land_and_mill_the_creature() -> None:
    """Cards: Grizzly Bears and a Forest on top of A's library.  Action: manifest dread, choosing
    the Forest.  CR 701.62a: the Forest is manifested (a face-down 2/2), the Bears goes to the
    graveyard; 701.40b: the manifested Forest can't be turned face up."""
    game = Game()
    game.place(BEARS, Zone.LIBRARY, "A")
    forest = game.place(FOREST, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.OBJECT, forest, player="A")
    obj = manifest_dread(game, "A")
    assert obj is not None and game.view(obj).face_down and game.view(obj).pt == (2, 2)
    assert [c.card.name for c in game.graveyard("A")] == ["Grizzly Bears"]
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", obj)


def test_manifest_dread_asks_which_card() -> None:
    """Cards: Grizzly Bears and Lightning Bolt on top of A's library.  Action: manifest dread with no
    choice scripted.  CR 701.62a: A chooses which to manifest; the model doesn't guess, and nothing
    moved."""
    game = Game()
    game.place(BOLT, Zone.LIBRARY, "A")
    game.place(BEARS, Zone.LIBRARY, "A")
    with pytest.raises(UnscriptedChoice):
        manifest_dread(game, "A")
    assert game.battlefield("A") == [] and game.graveyard("A") == []


def test_noncreature_morph_card_cast_face_down_from_the_library_by_a_creature_permission() -> None:
    """CR 601.3e's first example (Garruk's Horde): "you may cast creature spells from the top of your
    library"; the top card is a noncreature card with morph.  A may cast it face down (a 2/2 creature
    spell) but not face up."""
    horde = card("Garruk's Horde", "{5}{G}{G}", "Creature — Beast", 7, 7, "trample", StaticAbility(
        "You may cast creature spells from the top of your library.",
        rules=(CastPermission(spells("Creature"), zone=Zone.LIBRARY),)))
    relic = card("Morph Relic", "{2}", "Artifact", "morph {1}")
    game = Game()
    game.place(horde, player="A")
    top = game.place(relic, Zone.LIBRARY, "A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", top)
    spell = game.cast("A", top, face_down=FaceDown.MORPH)
    game.resolve_stack()
    view = game.view(game.current(spell))
    assert view.face_down and view.pt == (2, 2) and view.zone is Zone.BATTLEFIELD


def test_face_down_creature_spells_cost_less() -> None:
    """Cards: Dream Chisel-like "face-down creature spells you cast cost {1} less"; the green
    megamorph in A's hand; A has {2}.
    CR 601.2f, 708.4: the face-down spell's cost {3} is reduced to {2}: cast; cast face up it isn't
    face down and costs {1}{G}{G} (A can't)."""
    chisel = card("Dream Chisel", "{2}", "Artifact", StaticAbility(
        "Face-down creature spells you cast cost {1} less to cast.",
        rules=(CostChange(where("face-down creature spell", lambda ctx, c: bool(c.face_down) and c.is_a("Creature"),
                                zones=[Zone.STACK, Zone.HAND]), -1, players="you"),)))
    game = Game()
    game.place(chisel, player="A")
    mega = game.place(MEGA, Zone.HAND, "A")
    game.add_mana("A", "{2}")
    with pytest.raises(IllegalAction):
        game.cast("A", mega)
    game.cast("A", mega, face_down=FaceDown.MORPH)
    assert game.players["A"].mana.total == 0


def test_spell_cost_increase_does_not_touch_turning_face_up() -> None:
    """Cards: Thalia-like "noncreature spells cost {1} more" and an enchantment "creature spells
    cost {1} more"; A's face-down megamorph.  Action: A turns it face up with exactly {1}{G}.
    CR 116.2b, 702.37e: turning face up is a special action, not a spell: no cost change applies;
    the counter comes with it (702.37b): 4/4."""
    thalia = card("Thalia", "{1}{W}", "Legendary Creature — Human Soldier", 2, 1, StaticAbility(
        "Noncreature spells cost {1} more to cast.", rules=(CostChange(spells(not_types=["Creature"]), 1),)))
    tax = card("Creature Tax", "{1}{W}", "Enchantment", StaticAbility(
        "Creature spells cost {1} more to cast.", rules=(CostChange(spells("Creature"), 1),)))
    game = Game()
    game.place(thalia, player="B")
    game.place(tax, player="B")
    obj = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", obj)
    assert game.view(obj).pt == (4, 4) and game.players["A"].mana.total == 0


def test_megamorph_turned_up_by_an_effect_gets_no_counter() -> None:
    """Card: A's face-down megamorph 3/3.  Action: an effect turns it face up (no cost paid).
    CR 702.37b: the +1/+1 counter comes only when its megamorph cost is paid: a 3/3."""
    game = Game()
    obj = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    assert turn_face_up(game, obj) is True
    assert game.view(obj).pt == (3, 3) and not game.view(obj).counters.get("+1/+1")


def test_face_down_creature_turned_up_in_the_opponents_turn() -> None:
    """Card: A's face-down morph Angel.  Action: in B's turn, with priority, A turns it face up.
    CR 116.2b, 702.37e: any time A has priority, not only in A's own turn: the 4/5 Angel."""
    game = Game()
    obj = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.next_turn()
    game.pass_priority_to("A")
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", obj)
    assert game.view(obj).pt == (4, 5)


def test_manifest_refused_by_a_cant_enter_effect_leaves_the_card_in_the_library() -> None:
    """Cards: an enchantment "creatures can't enter the battlefield"; Lightning Bolt on top of A's
    library.  Action: A manifests it.
    CR 701.40f: the face-down object (a creature) can't enter, so the card isn't manifested and
    stays face up on top of the library, even though the card itself is an instant."""
    ban = card("Creature Ban", "{W}", "Enchantment", StaticAbility(
        "Creatures can't enter the battlefield.", rules=(CantEnter(creatures()),)))
    game = Game()
    game.place(ban, player="B")
    top = game.place(BOLT, Zone.LIBRARY, "A")
    assert manifest_top(game, "A") is None
    assert game.obj(top).zone is Zone.LIBRARY and game.players["A"].library[-1] == top.id
    assert game.battlefield("A") == []


def test_disguise_ward_counters_an_opponents_unpaid_ability() -> None:
    """Cards: A's disguised creature face down (ward {2}); B's creature "{0}: target creature gets
    -1/-1 until end of turn".  Action: B activates it on the face-down creature and doesn't pay.
    CR 702.21a: ward triggers for abilities too: the ability is countered; the 2/2 stays 2/2."""
    shrinker = card("Shrinker", "{B}", "Creature — Rat", 1, 1, ActivatedAbility(
        "{0}: Target creature gets -1/-1 until end of turn.", cost("{0}"),
        lambda r: r.create_effect("-1/-1", [modify_pt(-1, -1)], r.targets(0), UntilEndOfTurn()),
        (target_creature(),)))
    game = Game()
    obj = game.place(DISGUISED, player="A", face_down=FaceDown.DISGUISE)
    rat = game.place(shrinker, player="B")
    game.pass_priority_to("B")
    game.activate("B", rat, targets=[obj])
    game.choices.script(ChoiceKind.PAY, False, player="B")
    game.resolve_stack()
    assert game.view(obj).pt == (2, 2) and len(game.events(Countered)) == 1


def test_megamorph_counter_annihilates_with_a_minus_counter() -> None:
    """Card: A's face-down megamorph 3/3 with a -1/-1 counter (a 1/1).  Action: A turns it face up
    for its megamorph cost.
    CR 702.37b: it gets a +1/+1 counter; 704.5q: the two counters are removed as a state-based
    action: a 3/3 with no counters."""
    game = Game()
    obj = game.place(MEGA, player="A", face_down=FaceDown.MORPH, counters={"-1/-1": 1})
    assert game.view(obj).pt == (1, 1)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", obj)
    game.refresh_priority()
    view = game.view(obj)
    assert view.pt == (3, 3) and not view.counters.get("+1/+1") and not view.counters.get("-1/-1")


def test_turning_a_creature_face_down_keeps_its_counters_and_damage() -> None:
    """Card: Grizzly Bears with two +1/+1 counters and 1 damage.  Action: an effect (Ixidron-like)
    turns it face down.  CR 708.2a: a 2/2 face-down creature; counters and damage stay on the
    permanent (it doesn't change zones): a 4/4 with 1 damage."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"+1/+1": 2})
    pinger = game.place(card("Pinger", "{R}", "Creature — Goblin", 1, 1), player="B")
    game.deal_damage(pinger, bear, 1)
    assert turn_face_down(game, bear) is True
    view = game.view(bear)
    assert view.face_down and view.name is None and view.pt == (4, 4) and view.damage == 1
