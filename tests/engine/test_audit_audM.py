"""Audit M (issue 11): phasing and face-down objects across a whole turn, as a new user writes them.

Each scenario is written from the Comprehensive Rules (2026-01-16) and well-known card interactions,
through ``kb.engine``'s public names only: the cards, the actions, and what the CR says follows, with
the rule numbers.  Cards are described in our own words after the real card the name gives.

Counted before any fix (153 test items from 151 scenarios): 140 pass; 4 wrong answers (an effect
turning a face-down *spell* face up, 708.7; a card exiled face down keeping its characteristics,
406.3a; ``exile(until_leaves=)`` and ``put_onto_battlefield`` moving a phased-out permanent, 702.26b);
7 traps, where the API accepted something meaningless (manifesting or cloaking a permanent,
``advance_to`` a step without priority, ``place`` on the stack, an Aura placed on a phased-out
permanent, a gone object still saying it is on the battlefield, the face-up effect on an exiled card,
phasing out until itself leaves); none that couldn't be set up.  The tests of the ``m`` group are the
findings; each failed before its fix.  After the fixes all 169 items pass (``m07b``, ``y09``-``y11`` and
``c01``-``c09`` were written later; they pass on the old code too).  ``k01``-``k03`` came last: a cost
tapping another untapped creature (Springleaf Drum) couldn't be set up (an unknown cost) and is modelled
now.
"""

from __future__ import annotations

import contextlib

import pytest
from scenario_cards import ANTHEM, BEARS, BONESPLITTER, GROWTH, gains_life

from kb.engine import (
    ActivatedAbility,
    CantCast,
    CantPhase,
    Card,
    CastPermission,
    FaceDown,
    Game,
    GameObject,
    IllegalAction,
    Indefinite,
    PhasedOut,
    Revealed,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    TurnedFaceUp,
    UntilEndOfTurn,
    UntilYourNextTurn,
    Zone,
    at_beginning_of,
    attached_to_this,
    card,
    cloak,
    control,
    cost,
    count,
    create_delayed,
    creatures,
    dies,
    enters,
    enters_tapped,
    enters_with_counters,
    leaves,
    manifest,
    manifest_dread,
    manifest_top,
    modify_pt,
    permanents,
    phases_in,
    phases_out,
    skip_step,
    spells,
    target,
    target_creature,
    token,
    turn_face_down,
    turn_face_up,
    turned_face_up,
    where,
)

# -- cards, after real ones -------------------------------------------------------------------------

# Ertai's Familiar-like: a 2/2 with phasing
PHASER = card("Breezekeeper", "{3}{U}", "Creature — Elemental", 4, 4, "flying", "phasing")
SPIRIT_TOKEN = token(None, "Creature — Spirit", 1, 1, "phasing", colors="W")
RANCOR_LIKE = card("Holy Strength", "{W}", "Enchantment — Aura", "enchant creature",
                   StaticAbility("Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this()))
PHASING_AURA = card("Phasing Aura", "{W}", "Enchantment — Aura", "enchant creature", "phasing",
                    StaticAbility("Enchanted creature gets +2/+2.", (modify_pt(2, 2),), attached_to_this()))
WRATH = card("Wrath of God", "{2}{W}{W}", "Sorcery", spell=SpellAbility(
    "Destroy all creatures. They can't be regenerated.",
    lambda r: r.game.destroy(*r.game.creatures(), can_regenerate=False)))
OVERRUN = card("Overrun-ish", "{2}{G}", "Sorcery", spell=SpellAbility(
    "Creatures you control get +1/+1 until end of turn.",
    lambda r: r.create_effect("+1/+1", [modify_pt(1, 1)], creatures(controller="you"), UntilEndOfTurn())))
SOUL_WARDEN = card("Soul Warden", "{W}", "Creature — Human Cleric", 1, 1, TriggeredAbility(
    "Whenever another creature enters, you gain 1 life.", enters(creatures(other=True)), gains_life(1)))
BLOOD_ARTIST = card("Blood Artist-ish", "{1}{B}", "Creature — Vampire", 0, 1, TriggeredAbility(
    "Whenever a creature leaves the battlefield, you gain 1 life.", leaves(creatures()), gains_life(1)))
# Shimmering Efreet-like with "when this phases out / in"
FLICKERING = card("Flickering Ward", "{2}{W}", "Creature — Spirit", 2, 2, "phasing",
                  TriggeredAbility("When this creature phases out, you gain 2 life.", phases_out(), gains_life(2)),
                  TriggeredAbility("When this creature phases in, you gain 3 life.", phases_in(), gains_life(3)))
ELVES = card("Llanowar Elves", "{G}", "Creature — Elf Druid", 1, 1, ActivatedAbility("{T}: Add {G}.", cost("{T}"),
                                                                                   mana="{G}"))
LEGEND = card("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog", 2, 2)



def _zone(game: Game, obj: GameObject) -> Zone:
    """Where the object is now (a zone change makes a new object, 400.7: follow it)."""
    return game.current(obj).zone


def _grow(game: Game, creature: GameObject) -> None:
    """A casts Giant Growth on ``creature`` and it resolves."""
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    game.cast("A", growth, targets=[creature])
    game.resolve_stack()


def _block_and_turn_up(game: Game, hidden: GameObject, attacker: GameObject, morph_cost: str) -> None:
    """In B's next turn ``attacker`` attacks A, A's face-down ``hidden`` blocks it, and A turns it face
    up after blockers are declared; combat then goes on to its end."""
    game.next_turn()
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({hidden: attacker})
    game.pass_priority_to("A")
    game.add_mana("A", morph_cost)
    game.turn_face_up("A", hidden)
    game.advance_to(Step.END_OF_COMBAT)


def _untap_game() -> Game:
    """A game about to begin A's first untap step (so A's untap step phasing can be watched)."""
    return Game(["A", "B"], step=Step.UNTAP)


# ================================================================================================
# Phasing in the untap step (702.26a, 502.1)
# ================================================================================================

def test_p01_phasing_creature_phases_out_then_in_on_alternate_untap_steps() -> None:
    """Breezekeeper (4/4 flying, phasing) controlled by A.  A's untap step: it phases out (702.26a);
    B's turn: nothing (B's untap step phases only B's); A's next untap step: it phases in.
    While phased out it doesn't exist for the game (702.26b)."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.advance_to(Step.UPKEEP)
    assert game.view(keeper).phased_out
    assert keeper not in game.battlefield()
    game.next_turn()  # B's turn
    assert game.active == "B" and game.view(keeper).phased_out
    game.next_turn()  # A's turn again
    assert game.active == "A" and not game.view(keeper).phased_out
    assert game.obj(keeper.id) is keeper  # the same object: phasing is no zone change (702.26d)


def test_p02_aura_phases_out_indirectly_and_back_attached() -> None:
    """Holy Strength (+1/+2) on Breezekeeper.  CR 702.26g: the Aura phases out indirectly with the
    creature, and phases in with it, still attached: a 5/6 again."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    aura = game.place(RANCOR_LIKE, player="A", attached_to=keeper)
    game.advance_to(Step.UPKEEP)
    assert game.view(aura).phased_out
    game.next_turn()
    game.next_turn()
    assert not game.view(aura).phased_out
    assert game.view(aura).attached_to == keeper.id
    assert game.view(keeper).pt == (5, 6)
    assert _zone(game, aura) is Zone.BATTLEFIELD


def test_p03_indirectly_phased_equipment_does_not_phase_in_by_itself() -> None:
    """Bonesplitter equips Breezekeeper; B's creature gets Bonesplitter? No: the Equipment phased out
    indirectly with its creature (702.26g) and phases in only along with it.  Here an effect phases the
    creature out during B's turn (controlled by A): the Equipment is phased out too, and at B's untap
    step nothing phases in; at A's untap step both phase in and the creature is a 4/2 Bears again."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    sword = game.place(BONESPLITTER, player="A", attached_to=bears)
    game.phase_out(bears)
    assert game.view(sword).phased_out
    game.next_turn()  # B's
    assert game.view(sword).phased_out and game.view(bears).phased_out
    game.next_turn()  # A's
    assert not game.view(sword).phased_out
    assert game.view(bears).pt == (4, 2)


def test_p04_directly_phased_aura_phases_in_unattached_when_its_creature_left() -> None:
    """An Aura with phasing (+2/+2) on B's... on A's Grizzly Bears.  A's untap step: the Aura phases out
    directly (702.26a).  Then the Bears are destroyed.  At A's next untap step the Aura phases in
    unattached (702.26i) and is put into its owner's graveyard as a state-based action (704.5m)."""
    game = _untap_game()
    bears = game.place(BEARS, player="A")
    aura = game.place(PHASING_AURA, player="A", attached_to=bears)
    game.advance_to(Step.UPKEEP)
    assert game.view(aura).phased_out and not game.view(bears).phased_out
    assert game.view(bears).pt == (2, 2)
    game.destroy(bears)
    game.next_turn()
    game.next_turn()
    assert sorted(o.card.name for o in game.graveyard("A")) == ["Grizzly Bears", "Phasing Aura"]


def test_p05_directly_phased_aura_phases_in_attached_to_the_same_creature() -> None:
    """The same Aura with phasing on Grizzly Bears: it phases out directly at A's untap step and
    phases in at A's next one, attached to the Bears again (702.26i): a 4/4."""
    game = _untap_game()
    bears = game.place(BEARS, player="A")
    aura = game.place(PHASING_AURA, player="A", attached_to=bears)
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    assert not game.view(aura).phased_out
    assert game.view(aura).attached_to == bears.id
    assert game.view(bears).pt == (4, 4)


def test_p06_phasing_token_keeps_existing_while_phased_out() -> None:
    """A 1/1 Spirit token with phasing.  CR 702.26d: tokens continue to exist on the battlefield while
    phased out (704.5d doesn't remove them), and it phases in at A's next untap step."""
    game = _untap_game()
    [spirit] = game.create_token(SPIRIT_TOKEN, "A")
    game.advance_to(Step.UPKEEP)
    assert game.view(spirit).phased_out
    game.refresh_priority()
    game.next_turn()
    game.next_turn()
    assert not game.view(spirit).phased_out
    assert game.view(spirit).pt == (1, 1)


def test_p07_counters_stay_on_a_phased_out_permanent() -> None:
    """Breezekeeper with two +1/+1 counters phases out and in (702.26d): still a 6/6."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A", counters={"+1/+1": 2})
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    assert game.view(keeper).counter("+1/+1") == 2
    assert game.view(keeper).pt == (6, 6)


def test_p08_until_end_of_turn_effect_ends_while_phased_out() -> None:
    """Giant Growth on A's Grizzly Bears; an effect phases the Bears out.  The cleanup step ends the
    +3/+3 (514.2) even though the Bears are phased out (702.26f); they phase in a 2/2."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    _grow(game, bears)
    assert game.view(bears).pt == (5, 5)
    game.phase_out(bears)
    game.next_turn()
    game.next_turn()
    assert not game.view(bears).phased_out
    assert game.view(bears).pt == (2, 2)


def test_p09_damage_is_removed_from_phased_out_permanents_in_cleanup() -> None:
    """A's Grizzly Bears are dealt 1 damage, then phased out.  CR 514.2: in the cleanup step all damage
    marked on permanents, including phased-out ones, is removed.  Phased in later: no damage."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    shock = game.place(BEARS, player="B")
    game.deal_damage(shock, bears, 1)
    game.phase_out(bears)
    game.next_turn()
    game.next_turn()
    assert not game.view(bears).phased_out
    assert game.view(bears).damage == 0


def test_p10_resolved_effect_does_not_include_phased_out_creature() -> None:
    """A's Bears are phased out; A casts "creatures you control get +1/+1 until end of turn", then the
    Bears phase in (an effect) that same turn.  CR 702.26e, 611.2c: the set was fixed as the effect
    began and didn't include the phased-out Bears: they are 2/2, A's other Bears 3/3."""
    game = Game(["A", "B"])
    out = game.place(BEARS, player="A")
    other = game.place(BEARS, player="A")
    game.phase_out(out)
    spell = game.place(OVERRUN, Zone.HAND, "A")
    game.add_mana("A", "{2}{G}")
    game.cast("A", spell)
    game.resolve_stack()
    game.phase_in(out)
    assert game.view(other).pt == (3, 3)
    assert game.view(out).pt == (2, 2)


def test_p11_static_anthem_applies_again_once_phased_in() -> None:
    """Glorious Anthem: a static ability looks afresh (611.3a): the phased-in Bears are 3/3."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.place(ANTHEM, player="A")
    game.phase_out(bears)
    game.phase_in(bears)
    assert game.view(bears).pt == (3, 3)


def test_p12_wrath_leaves_the_phased_out_creature() -> None:
    """CR 702.26b example: "Destroy all creatures" doesn't destroy a phased-out creature."""
    game = Game(["A", "B"])
    out = game.place(BEARS, player="A")
    other = game.place(BEARS, player="B")
    game.phase_out(out)
    wrath = game.place(WRATH, Zone.HAND, "A")
    game.add_mana("A", "{2}{W}{W}")
    game.cast("A", wrath)
    game.resolve_stack()
    assert _zone(game, out) is Zone.BATTLEFIELD and game.view(out).phased_out
    assert _zone(game, other) is Zone.GRAVEYARD


def test_p13_counting_creatures_you_control_skips_the_phased_out_one() -> None:
    """CR 702.26b example: three creatures, one phased out: "draw a card for each creature you
    control" draws two."""
    game = Game(["A", "B"])
    for _ in range(5):
        game.place(BEARS, Zone.LIBRARY, "A")
    creatures_now = [game.place(BEARS, player="A") for _ in range(3)]
    game.phase_out(creatures_now[0])
    divination = card("Many Draws", "{2}{U}", "Sorcery", spell=SpellAbility(
        "Draw a card for each creature you control.",
        lambda r: r.game.draw(r.controller, len(r.game.creatures(r.controller)))))
    spell = game.place(divination, Zone.HAND, "A")
    game.add_mana("A", "{2}{U}")
    before = len(game.hand("A"))
    game.cast("A", spell)
    game.resolve_stack()
    assert len(game.hand("A")) == before - 1 + 2


def test_p14_phasing_is_no_zone_change_for_triggers() -> None:
    """Soul Warden ("whenever another creature enters") and "whenever a creature leaves the
    battlefield": Breezekeeper phasing out and in triggers neither (702.26d)."""
    game = _untap_game()
    game.place(PHASER, player="A")
    game.place(SOUL_WARDEN, player="B")
    game.place(BLOOD_ARTIST, player="B")
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    assert game.players["B"].life == 20


def test_p15_own_phases_out_and_phases_in_triggers() -> None:
    """A creature with phasing and "when this phases out, gain 2" / "when this phases in, gain 3".
    A's untap step: it phases out, and its own ability triggers looking back (603.10b); it goes on the
    stack in A's upkeep (503.1a).  A's next untap step: it phases in, "phases in" triggers: 25 life."""
    game = _untap_game()
    game.place(FLICKERING, player="A")
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    assert game.players["A"].life == 22
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    assert game.players["A"].life == 25


def test_p16_phased_out_elves_cannot_tap_for_mana() -> None:
    """Llanowar Elves phased out: its mana ability can't be activated (702.26b)."""
    game = Game(["A", "B"])
    elves = game.place(ELVES, player="A")
    game.phase_out(elves)
    with pytest.raises(IllegalAction):
        game.activate("A", elves)


def test_p17_skipped_untap_step_means_no_phasing() -> None:
    """A skips their next untap step (Stasis-like effect).  CR 702.26m: the phasing event simply
    doesn't occur: Breezekeeper stays phased in through that turn."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.create_effect("A skips their next untap step", replacements=[skip_step(Step.UNTAP, "A")],
                       duration=Indefinite(), controller="A")
    game.advance_to(Step.UPKEEP)
    assert not game.view(keeper).phased_out


def test_p18_cant_phase_out_keeps_phasing_creature_in() -> None:
    """A static "permanents can't phase out" (CantPhase out): Breezekeeper doesn't phase out."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.place(card("Phase Lock", "{1}{W}", "Enchantment",
                    StaticAbility("Permanents can't phase out.", rules=(CantPhase(permanents(), "out"),))),
               player="B")
    game.advance_to(Step.UPKEEP)
    assert not game.view(keeper).phased_out


def test_p19_phased_out_permanent_phases_in_at_its_phasing_controllers_untap_step() -> None:
    """During A's turn an effect phases out B's Grizzly Bears.  CR 502.1, 702.26a: they phase in during
    B's untap step (they phased out under B's control), not A's: phased in in B's upkeep."""
    game = Game(["A", "B"])
    theirs = game.place(BEARS, player="B")
    game.phase_out(theirs)
    game.next_turn()  # B's
    assert game.active == "B" and not game.view(theirs).phased_out


def test_p20_stolen_creature_phases_in_under_the_stealers_control() -> None:
    """A gains control of B's Bears indefinitely (Control Magic by effect), then they phase out during
    A's turn.  CR 702.26d: phasing doesn't change control; they phase in at A's untap step (A
    controlled them as they phased out, 502.1), still A's."""
    game = Game(["A", "B"])
    theirs = game.place(BEARS, player="B")
    game.create_effect("gain control", [control("A")], [theirs], Indefinite(), controller="A")
    assert game.view(theirs).controller == "A"
    game.phase_out(theirs)
    game.next_turn()  # B's: nothing
    assert game.view(theirs).phased_out
    game.next_turn()  # A's
    assert not game.view(theirs).phased_out
    assert game.view(theirs).controller == "A"


def test_p21_legend_rule_waits_for_the_phased_out_legend() -> None:
    """A's Isamaru phased out; A puts another Isamaru onto the battlefield: no legend rule while
    one is phased out (702.26b).  When it phases in, the legend rule applies and A chooses one to
    keep (704.5j)."""
    from kb.engine import ChoiceKind
    game = Game(["A", "B"])
    first = game.place(LEGEND, player="A")
    game.phase_out(first)
    second = game.put_onto_battlefield(LEGEND, "A")
    game.refresh_priority()
    assert second is not None and _zone(game, second) is Zone.BATTLEFIELD
    game.phase_in(first)
    game.choices.script(ChoiceKind.OBJECT, first, player="A")
    game.refresh_priority()
    assert len([o for o in game.battlefield("A") if o.card.name == LEGEND.name]) == 1


def test_p22_phased_out_tapped_creature_phases_in_then_untaps() -> None:
    """Breezekeeper is tapped as it phases out in A's untap step; it stays tapped while out (a status
    kept, 702.26d).  At A's next untap step it phases in (502.1) and then untaps (502.3)."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A", tapped=True)
    game.advance_to(Step.UPKEEP)
    assert game.view(keeper).phased_out and game.view(keeper).tapped
    game.next_turn()
    game.next_turn()
    assert not game.view(keeper).phased_out and not game.view(keeper).tapped


def test_p23_phased_in_creature_can_attack_the_same_turn() -> None:
    """A's Breezekeeper phases in during A's untap step: phasing isn't a change of control (702.26d),
    so it has been under A's control continuously since A's most recent turn began (302.6): it may
    attack; B takes 4."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([keeper])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 16


def test_p24_attacker_phased_out_is_removed_from_combat() -> None:
    """A's Grizzly Bears attack; B has no blockers; in the declare blockers step an effect phases the
    Bears out.  CR 506.4, 702.26b: it's removed from combat and deals no combat damage."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.phase_out(bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_p25_blocker_phased_out_leaves_the_attacker_blocked() -> None:
    """A's Hill Giant-sized attacker is blocked by B's Bears, then the Bears phase out.  The attacker
    remains blocked (509.1h, 506.4) and, without trample, deals no combat damage: B stays at 20."""
    game = Game(["A", "B"])
    attacker = game.place(card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), player="A")
    blocker = game.place(BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({blocker: attacker})
    game.phase_out(blocker)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20
    assert game.view(blocker).damage == 0


def test_p26_phased_out_anthem_creature_grants_nothing() -> None:
    """A lord "other creatures you control get +1/+1" phased out: its static ability doesn't apply
    (702.26b); A's Bears are 2/2 until it phases in."""
    game = Game(["A", "B"])
    lord = game.place(card("Lord of Bears", "{2}{G}", "Creature — Bear", 2, 2, StaticAbility(
        "Other creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you", other=True))),
        player="A")
    bears = game.place(BEARS, player="A")
    game.phase_out(lord)
    assert game.view(bears).pt == (2, 2)
    game.phase_in(lord)
    assert game.view(bears).pt == (3, 3)


def test_p27_until_your_next_turn_ends_while_phased_out() -> None:
    """During A's turn an effect gives B's Bears +2/+2 "until your next turn" (A's), then they phase
    out.  A's next turn begins: the effect ends (611.2, 702.26f); phased in at B's untap... they are
    B's, phased out during A's turn, so they phase in at B's untap step: a 2/2."""
    game = Game(["A", "B"])
    theirs = game.place(BEARS, player="B")
    game.create_effect("+2/+2 until your next turn", [modify_pt(2, 2)], [theirs], UntilYourNextTurn("A"),
                       controller="A")
    game.phase_out(theirs)
    game.next_turn()  # B's: they phase in; effect still running (A's next turn not yet)
    assert not game.view(theirs).phased_out
    assert game.view(theirs).pt == (4, 4)
    game.next_turn()  # A's: effect ended
    assert game.view(theirs).pt == (2, 2)


def test_p28_phasing_during_cleanup_of_a_until_end_of_turn_phase_out() -> None:
    """Effect-phased permanents ignore 'until end of turn': phasing out (an effect of a resolved
    spell, no duration) lasts until the phasing controller's untap step: A's Bears phased out in A's
    turn are still phased out in B's turn (702.26a)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    game.next_turn()
    assert game.view(bears).phased_out


def test_p29_saga_phased_out_gets_no_lore_counter() -> None:
    """A Saga phased out in A's precombat main phase: 505.4 puts lore counters only on Sagas A
    controls (phased-out ones are treated as though they don't exist, 702.26b).  A Saga with
    phasing: it phases out in A's untap step, so A's main phase gives it no counter."""
    from kb.engine import chapter
    saga = card("Phasing Saga", "{2}{W}", "Enchantment — Saga", "phasing",
                chapter(1, "I — You gain 1 life.", gains_life(1)), chapter(2, "II — You gain 2 life.", gains_life(2)),
                chapter(3, "III — You gain 3 life.", gains_life(3)))
    game = _untap_game()
    s = game.place(saga, player="A", counters={"lore": 1})
    game.advance_to(Step.UPKEEP)
    game.advance_to(Step.DRAW)
    assert game.view(s).phased_out
    from kb.engine import Phase
    game.advance_to(Phase.PRECOMBAT_MAIN)
    game.resolve_stack()
    assert game.view(s).counter("lore") == 1
    assert game.players["A"].life == 20


def test_p30_tap_all_creatures_skips_the_phased_out_one() -> None:
    """An effect "tap all creatures" while A's Bears are phased out: they stay untapped (702.26b)."""
    game = Game(["A", "B"])
    out = game.place(BEARS, player="A")
    game.phase_out(out)
    game.tap(*game.creatures())
    game.phase_in(out)
    assert not game.view(out).tapped


# ================================================================================================
# More phasing: tracking durations, Auras of other players, entering replacements, delayed triggers
# ================================================================================================

def test_p31_for_as_long_as_you_control_ends_when_the_source_phases_out() -> None:
    """Seasinger-like: A controls B's Bears "for as long as A controls" A's Seasinger.  Seasinger
    phases out: A no longer controls it (702.26b), the duration can't see it and ends (702.26f, 611.2b);
    phased in again, the effect doesn't come back: the Bears stay B's."""
    from kb.engine import while_controls
    game = Game(["A", "B"])
    singer = game.place(card("Seasinger", "{3}{U}", "Creature — Merfolk", 0, 1), player="A")
    theirs = game.place(BEARS, player="B")
    game.create_effect("gain control", [control("A")], [theirs], while_controls("A", singer), controller="A",
                       source=singer)
    assert game.view(theirs).controller == "A"
    game.phase_out(singer)
    assert game.view(theirs).controller == "B"
    game.phase_in(singer)
    assert game.view(theirs).controller == "B"


def test_p32_opponents_aura_phases_out_indirectly_and_in_with_the_creature() -> None:
    """B's Pacifism-like Aura ("enchanted creature can't attack") on A's Breezekeeper.  The Aura
    phases out indirectly with it (702.26g) at A's untap step and phases in with it at A's next untap
    step, though B controls it (702.26g: it phases in along with its host), still attached."""
    from kb.engine import CantAttack
    pacifism = card("Pacifism", "{1}{W}", "Enchantment — Aura", "enchant creature",
                    StaticAbility("Enchanted creature can't attack.", rules=(CantAttack(attached_to_this()),)))
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    aura = game.place(pacifism, player="B", attached_to=keeper)
    game.advance_to(Step.UPKEEP)
    assert game.view(aura).phased_out
    game.next_turn()  # B's untap step: the Aura doesn't phase in by itself
    assert game.view(aura).phased_out
    game.next_turn()
    assert not game.view(aura).phased_out and game.view(aura).attached_to == keeper.id


def test_p33_aura_phased_out_directly_on_opponents_creature_phases_in_attached() -> None:
    """Teferi's Protection-like: "all permanents A controls phase out": A's Aura on B's Bears phases
    out directly (A controls it), the Bears stay.  At A's next untap step the Aura phases in attached
    to the Bears again (702.26i): B's Bears are 4/4 again."""
    game = Game(["A", "B"])
    theirs = game.place(BEARS, player="B")
    aura = game.place(PHASING_AURA, player="A", attached_to=theirs)
    game.phase_out(*game.battlefield("A"))
    assert game.view(aura).phased_out and not game.view(theirs).phased_out
    assert game.view(theirs).pt == (2, 2)
    game.next_turn()
    game.next_turn()
    assert game.view(aura).attached_to == theirs.id and game.view(theirs).pt == (4, 4)


def test_p34_threatened_creature_phased_out_returns_to_its_owner_but_phases_in_on_the_thief_turn() -> None:
    """A Threatens B's Bears (control until end of turn), then phases them out.  The control effect
    ends in the cleanup step (702.26f).  They phased out under A's control, so they phase in during
    A's next untap step (502.1, 702.26a), not B's, and then under B's control."""
    game = Game(["A", "B"])
    theirs = game.place(BEARS, player="B")
    game.create_effect("Threaten", [control("A")], [theirs], UntilEndOfTurn(), controller="A")
    game.phase_out(theirs)
    game.next_turn()  # B's turn
    assert game.view(theirs).phased_out
    game.next_turn()  # A's turn
    assert not game.view(theirs).phased_out
    assert game.view(theirs).controller == "B"


def test_p35_entering_replacements_do_not_apply_to_phasing_in() -> None:
    """Authority of the Consuls-like "creatures your opponents control enter tapped" (B's) and
    "each creature you control enters with an additional +1/+1 counter" (A's): A's Breezekeeper phasing
    in doesn't enter (702.26d): untapped, no counter."""
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.place(card("Authority of the Consuls", "{W}", "Enchantment", StaticAbility(
        "Creatures your opponents control enter tapped.",
        replacements=(enters_tapped(entering=creatures(controller="opponent")),))), player="B")
    game.place(card("Master Biomancer-ish", "{2}{G}{U}", "Enchantment", StaticAbility(
        "Each creature you control enters with an additional +1/+1 counter on it.",
        replacements=(enters_with_counters("+1/+1", 1, entering=creatures(controller="you")),))), player="A")
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    assert not game.view(keeper).phased_out
    assert game.view(keeper).counter("+1/+1") == 0


def test_p36_sneak_attack_sacrifice_finds_nothing_if_phased_out() -> None:
    """Sneak Attack-like: A's Bears with "at the beginning of the next end step, sacrifice it" (a
    delayed trigger).  The Bears phase out before the end step: the ability resolves but can't
    sacrifice what is treated as not existing (702.26b); phased in at A's next untap step, they stay."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    target_id = bears.id
    create_delayed(game, "At the beginning of the next end step, sacrifice it.", at_beginning_of(Step.END, "each"),
                   lambda r: r.game.sacrifice(r.controller, target_id) if target_id in {o.id for o in r.game.battlefield()}
                   else None, "A")
    game.phase_out(bears)
    game.advance_to(Step.END)
    game.resolve_stack()
    game.next_turn()
    game.next_turn()
    assert _zone(game, bears) is Zone.BATTLEFIELD and not game.view(bears).phased_out


def test_p37_phased_out_creature_cannot_be_targeted() -> None:
    """Giant Growth can't target a phased-out creature (702.26b): the cast is refused."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    with pytest.raises(IllegalAction):
        game.cast("A", growth, targets=[bears])


def test_p38_phasing_in_doesnt_trigger_becomes_attached() -> None:
    """An Aura with "whenever this becomes attached…"? Use the general look: an Aura phasing out and
    in with its creature triggers no "becomes unattached" ability (702.26j)."""
    from kb.engine import becomes_unattached
    watcher = card("Unattach Watcher", "{1}", "Artifact", TriggeredAbility(
        "Whenever an Aura becomes unattached from a permanent, you gain 5 life.",
        becomes_unattached(permanents("Enchantment")), gains_life(5)))
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.place(RANCOR_LIKE, player="A", attached_to=keeper)
    game.place(watcher, player="B")
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    assert game.players["B"].life == 20


# ================================================================================================
# Face-down spells and permanents (708, 702.37, 701.40, 701.58, 701.62, 702.168)
# ================================================================================================

# Den Protector-like megamorph with "when turned face up, return target card from your graveyard".
HIPPO = card("Hooded Hydra-ish", "{4}{G}{G}", "Creature — Snake Hydra", 5, 5, "morph {3}{G}{G}")
ZOMBIE_CUTTHROAT = card("Zombie Cutthroat", "{3}{B}{B}", "Creature — Zombie", 3, 4, "morph {2}{B}")
MEGA = card("Ainok Survivalist", "{1}{G}", "Creature — Dog Shaman", 2, 1, "megamorph {1}{G}")
SAGE = card("Icefeather Aven", "{G}{U}", "Creature — Bird Warrior", 2, 2, "flying", "morph {1}{G}{U}",
            TriggeredAbility("When this creature is turned face up, you gain 4 life.", turned_face_up(), gains_life(4)))
ETB = card("Elvish Visionary", "{1}{G}", "Creature — Elf Shaman", 1, 1, "morph {1}",
           TriggeredAbility("When this creature enters, you gain 7 life.", enters(), gains_life(7)))
DISGUISER = card("Branch of Vitu-Ghazi-ish", "{2}{U}", "Creature — Human Rogue", 3, 2, "disguise {1}{U}")
BOLT_SMALL = card("Fatal Push-ish", "{B}", "Instant", spell=SpellAbility(
    "Destroy target creature with mana value 2 or less.",
    lambda r: r.game.destroy(*r.objects(0)),
    (target(where("creature with mana value 2 or less",
                  lambda c, o: o.is_a("Creature") and o.mana_value <= 2)),)))
LIGHTNING = card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to any target.",
    lambda r: r.game.deal_damage(r.source_id, r.targets(0)[0], 3) if r.targets(0) and r.source_id else None,
    (target_creature(),)))


def _cast_face_down(game: Game, player: str, c: Card, how: FaceDown = FaceDown.MORPH) -> GameObject:
    obj = game.place(c, Zone.HAND, player)
    game.add_mana(player, "{3}")
    game.cast(player, obj, face_down=how)
    game.resolve_stack()
    return game.current(obj)


def test_f01_morph_cast_face_down_is_a_nameless_colourless_two_two() -> None:
    """Hooded Hydra-like (5/5 green, morph) cast face down for {3}: on the battlefield a 2/2 colourless
    creature with no name, no subtypes, no mana cost (702.37c, 708.2a): mana value 0."""
    game = Game(["A", "B"])
    hydra = _cast_face_down(game, "A", HIPPO)
    view = game.view(hydra)
    assert view.face_down and view.pt == (2, 2) and view.name is None
    assert not view.colors and not view.subtypes and view.mana_value == 0


def test_f02_face_down_spell_seen_by_cast_triggers_as_face_down() -> None:
    """"Whenever you cast a green spell, gain 1 life": a green morph card cast face down is a
    colourless spell (708.4): no trigger.  Cast face up, it triggers."""
    game = Game(["A", "B"])
    game.place(card("Verdant Watcher", "{G}", "Enchantment", TriggeredAbility(
        "Whenever you cast a green spell, you gain 1 life.",
        __import__("kb.engine", fromlist=["cast"]).cast(spells(colors=["G"]), by="you"), gains_life(1))), player="A")
    _cast_face_down(game, "A", HIPPO)
    assert game.players["A"].life == 20


def test_f03_turned_face_up_in_response_dodges_a_mana_value_two_removal() -> None:
    """B casts Fatal Push-like "destroy target creature with mana value 2 or less" on A's face-down
    Hooded Hydra (mana value 0).  In response A turns it face up (special action, morph {3}{G}{G}):
    now mana value 6, an illegal target; the spell doesn't resolve (608.2b): the Hydra survives."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    push = game.place(BOLT_SMALL, Zone.HAND, "B")
    game.next_turn()  # B's turn
    game.add_mana("B", "{B}")
    game.cast("B", push, targets=[hydra])
    game.pass_priority_to("A")
    game.add_mana("A", "{3}{G}{G}")
    game.turn_face_up("A", hydra)
    game.resolve_stack()
    assert _zone(game, hydra) is Zone.BATTLEFIELD
    assert game.view(hydra).pt == (5, 5) and game.view(hydra).name == "Hooded Hydra-ish"


def test_f04_turned_face_up_mid_combat_deals_its_real_damage() -> None:
    """A's face-down Zombie Cutthroat blocks B's Hill Giant (3/3).  After blockers, A turns it face
    up (3/4): it survives 3 damage and deals 3 back: the Giant dies (510.2, 704.5g)."""
    game = Game(["A", "B"])
    hidden = game.place(ZOMBIE_CUTTHROAT, player="A", face_down=FaceDown.MORPH)
    giant = game.place(card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), player="B")
    _block_and_turn_up(game, hidden, giant, "{2}{B}")
    assert _zone(game, hidden) is Zone.BATTLEFIELD and game.view(hidden).damage == 3
    assert _zone(game, giant) is not Zone.BATTLEFIELD


def test_f05_turning_face_up_is_no_entering() -> None:
    """Elvish Visionary-like with "when this enters, gain 7" and morph {1}: cast face down, its
    enters ability doesn't trigger (708.3); turned face up later, it doesn't either (708.8)."""
    game = Game(["A", "B"])
    elf = _cast_face_down(game, "A", ETB)
    game.resolve_stack()
    game.add_mana("A", "{1}")
    game.turn_face_up("A", elf)
    game.resolve_stack()
    assert game.players["A"].life == 20


def test_f06_turned_face_up_trigger() -> None:
    """Icefeather Aven-like "when this is turned face up, gain 4": it triggers on the special action
    (702.37e) and resolves: 24 life."""
    game = Game(["A", "B"])
    aven = game.place(SAGE, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}{U}")
    game.turn_face_up("A", aven)
    game.resolve_stack()
    assert game.players["A"].life == 24
    assert len(game.events(TurnedFaceUp)) == 1


def test_f07_megamorph_gets_its_counter_only_when_megamorph_cost_paid() -> None:
    """Ainok Survivalist (2/1 megamorph {1}{G}): turned face up by paying its megamorph cost, it gets a
    +1/+1 counter (702.37b): 3/2.  Another one turned face up by an effect (no cost paid): 2/1."""
    game = Game(["A", "B"])
    paid = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    free = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", paid)
    turn_face_up(game, free)
    assert game.view(paid).pt == (3, 2)
    assert game.view(free).pt == (2, 1)


def test_f08_effects_on_the_face_down_creature_keep_applying_once_face_up() -> None:
    """Giant Growth on a face-down Hooded Hydra (5/5): 5/5 face down; turned face up: 8/8 (708.8)."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    _grow(game, hydra)
    assert game.view(hydra).pt == (5, 5)
    game.add_mana("A", "{3}{G}{G}")
    game.turn_face_up("A", hydra)
    assert game.view(hydra).pt == (8, 8)


def test_f09_face_down_creature_dying_is_revealed() -> None:
    """A's face-down Hooded Hydra is dealt lethal damage by Lightning Bolt: it's revealed as it moves
    (708.9) and is the face-up card Hooded Hydra-ish in the graveyard."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    bolt = game.place(LIGHTNING, Zone.HAND, "B")
    game.next_turn()
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[hydra])
    game.resolve_stack()
    [dead] = game.graveyard("A")
    assert dead.card.name == "Hooded Hydra-ish"
    assert not game.view(dead).face_down and game.view(dead).name == "Hooded Hydra-ish"
    assert [e.name for e in game.events(Revealed)] == ["Hooded Hydra-ish"]


def test_f10_dies_trigger_looks_back_at_the_face_down_creature() -> None:
    """"Whenever a green creature dies, you gain 2 life" (B's): A's face-down green Hydra dies.  It
    looked colourless just before it died (603.10a: appearance before the event): no trigger.  A
    face-up Grizzly Bears dying triggers it."""
    game = Game(["A", "B"])
    game.place(card("Green Mourner", "{1}{B}", "Enchantment", TriggeredAbility(
        "Whenever a green creature dies, you gain 2 life.", dies(creatures(colors=["G"])), gains_life(2))), player="B")
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="A")
    game.destroy(hydra)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["B"].life == 20
    game.destroy(bears)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["B"].life == 22


def test_f11_clone_of_a_face_down_creature_is_a_face_up_nameless_two_two() -> None:
    """Clone entering as a copy of a face-down creature copies the copiable values the face-down status
    gives (707.2, 708.2): a 2/2 with no name, no colour and no abilities, face up; it stays so when the
    original is turned face up (707.2: fixed as it entered)."""
    from kb.engine import ChoiceKind, enters_as_copy
    clone = card("Clone", "{3}{U}", "Creature — Shapeshifter", 0, 0, StaticAbility(
        "You may have this creature enter as a copy of any creature on the battlefield.",
        replacements=(enters_as_copy(),)))
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="B", face_down=FaceDown.MORPH)
    game.choices.script(ChoiceKind.OBJECT, hydra, player="A")
    copy = game.put_onto_battlefield(clone, "A")
    assert copy is not None
    v = game.view(copy)
    assert not v.face_down and v.name is None and v.pt == (2, 2) and not v.colors
    game.next_turn()
    game.add_mana("B", "{3}{G}{G}")
    game.turn_face_up("B", hydra)
    assert game.view(copy).pt == (2, 2)


def test_f12_face_down_permanent_becoming_a_copy_stays_a_two_two_until_turned_up() -> None:
    """A's face-down Zombie Cutthroat becomes a copy of B's Grizzly Bears (an effect).  CR 708.10: it
    remains a nameless 2/2 face-down creature; turned face up (by an effect), it is Grizzly Bears."""
    from kb.engine import copy_of
    game = Game(["A", "B"])
    hidden = game.place(ZOMBIE_CUTTHROAT, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="B")
    game.create_effect("becomes a copy of Grizzly Bears", [copy_of(game, bears)], [hidden], Indefinite(),
                       controller="A")
    v = game.view(hidden)
    assert v.face_down and v.name is None and v.pt == (2, 2)
    turn_face_up(game, hidden)
    v = game.view(hidden)
    assert v.name == "Grizzly Bears" and v.pt == (2, 2) and "Bear" in v.subtypes


def test_f13_manifested_creature_turns_face_up_for_its_mana_cost() -> None:
    """Manifest the top card of A's library, Grizzly Bears; A turns it face up by paying {1}{G}
    (701.40b): Grizzly Bears 2/2 with its name."""
    game = Game(["A", "B"])
    game.place(BEARS, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None and game.view(made).face_down
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", made)
    assert game.view(made).name == "Grizzly Bears"


def test_f14_manifested_noncreature_cannot_be_turned_up_for_a_mana_cost() -> None:
    """A manifested enchantment card (Glorious Anthem) can't be turned face up this way (701.40b)."""
    game = Game(["A", "B"])
    game.place(ANTHEM, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    game.add_mana("A", "{1}{W}{W}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", made)
    assert game.view(made).face_down


def test_f15_manifested_instant_revealed_and_left_face_down() -> None:
    """A manifested Lightning Bolt an effect tries to turn face up: revealed and left face down, and
    "whenever a permanent is turned face up" doesn't trigger (701.40g)."""
    game = Game(["A", "B"])
    game.place(card("Face Watcher", "{1}", "Artifact", TriggeredAbility(
        "Whenever a permanent is turned face up, you gain 1 life.", turned_face_up(permanents()), gains_life(1))),
        player="A")
    game.place(LIGHTNING, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    assert not turn_face_up(game, made)
    game.resolve_stack()
    assert game.view(made).face_down and game.players["A"].life == 20
    assert len(game.events(Revealed)) == 1


def test_f16_manifested_morph_card_turns_up_by_either_cost() -> None:
    """A manifested Hooded Hydra (morph {3}{G}{G}, mana cost {4}{G}{G}) can be turned face up by its
    morph cost (701.40c)."""
    game = Game(["A", "B"])
    game.place(HIPPO, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    game.add_mana("A", "{3}{G}{G}")
    game.turn_face_up("A", made, how="morph")
    assert game.view(made).pt == (5, 5)


def test_f17_cloaked_has_ward_two_and_loses_it_face_up() -> None:
    """Cloak Grizzly Bears: a 2/2 face-down creature with ward {2} (701.58a); turned face up for {1}{G}
    (701.58b): Grizzly Bears without ward."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, Zone.HAND, "A")
    made = cloak(game, "A", bears)
    assert made is not None and game.view(made).has("ward {2}")
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", made)
    assert not game.view(made).has("ward") and game.view(made).name == "Grizzly Bears"


def test_f18_manifest_dread_manifests_one_and_bins_the_other() -> None:
    """Manifest dread with Bears and Hill Giant on top: A picks the Giant; the Bears go to the
    graveyard (701.62a)."""
    from kb.engine import ChoiceKind
    game = Game(["A", "B"])
    giant_card = card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3)
    game.place(giant_card, Zone.LIBRARY, "A")
    game.place(BEARS, Zone.LIBRARY, "A")  # on top
    game.choices.script(ChoiceKind.OBJECT, lambda c: next(o for o in c.options
                                                       if game.obj(o).card.name == "Hill Giant"), player="A")
    made = manifest_dread(game, "A")
    assert made is not None and made.card.name == "Hill Giant"
    assert [o.card.name for o in game.graveyard("A")] == ["Grizzly Bears"]


def test_f19_disguise_face_down_has_ward_two() -> None:
    """Cast with disguise for {3}: a 2/2 face-down creature with ward {2} (702.168b); turned face up
    for its disguise cost {1}{U}: a 3/2 without ward."""
    game = Game(["A", "B"])
    d = _cast_face_down(game, "A", DISGUISER, FaceDown.DISGUISE)
    assert game.view(d).has("ward {2}") and game.view(d).pt == (2, 2)
    game.add_mana("A", "{1}{U}")
    game.turn_face_up("A", d)
    assert game.view(d).pt == (3, 2) and not game.view(d).has("ward")


def test_f20_countered_face_down_spell_is_revealed_into_the_graveyard() -> None:
    """A's face-down morph spell is countered: revealed as it leaves the stack (708.9); in the
    graveyard it is the face-up card."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell_id = game.cast("A", hydra, face_down=FaceDown.MORPH)
    game.counter(spell_id)
    [there] = game.graveyard("A")
    assert there.card.name == "Hooded Hydra-ish" and not game.view(there).face_down
    assert [e.name for e in game.events(Revealed)] == ["Hooded Hydra-ish"]


def test_f21_bounced_face_down_creature_returns_face_up_to_hand() -> None:
    """A's face-down Hydra returned to A's hand (Unsummon-like): revealed (708.9), a face-up card in
    the hand."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    back = game.move(hydra, Zone.HAND)
    assert back is not None and not game.view(back).face_down
    assert len(game.events(Revealed)) == 1


def test_f22_stolen_face_down_creature_turned_up_by_its_new_controller() -> None:
    """B gains control of A's face-down Zombie Cutthroat.  B controls it and may turn it face up by
    paying its morph cost (702.37e: "a face-down permanent you control"); A can't."""
    game = Game(["A", "B"])
    hidden = game.place(ZOMBIE_CUTTHROAT, player="A", face_down=FaceDown.MORPH)
    game.create_effect("gain control", [control("B")], [hidden], Indefinite(), controller="B")
    game.add_mana("A", "{2}{B}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", hidden)
    game.next_turn()
    game.add_mana("B", "{2}{B}")
    game.turn_face_up("B", hidden)
    assert game.view(hidden).name == "Zombie Cutthroat" and game.view(hidden).controller == "B"


def test_f23_face_down_creature_phased_out_stays_face_down() -> None:
    """A's face-down Hydra phases out and in: still face down (702.26d keeps its statuses), and A may
    look at it while phased out (708.5)."""
    from kb.engine.visibility import may_see_face
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    game.phase_out(hydra)
    assert may_see_face(game, "A", hydra) and not may_see_face(game, "B", hydra)
    game.next_turn()
    game.next_turn()
    assert game.view(hydra).face_down and game.view(hydra).pt == (2, 2)


def test_f24_phased_out_face_down_cannot_be_turned_face_up() -> None:
    """A phased-out face-down creature can't be turned face up (702.26b: it's treated as though it
    doesn't exist)."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    game.phase_out(hydra)
    game.add_mana("A", "{3}{G}{G}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", hydra)


def test_f25_face_down_cannot_be_turned_face_down_again() -> None:
    """CR 708.2b: turning a face-down permanent face down does nothing."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MANIFEST)
    assert not turn_face_down(game, hydra)
    assert game.view(hydra).face_down


def test_f26_turned_face_down_keeps_counters_and_aura() -> None:
    """Grizzly Bears with a +1/+1 counter and Holy Strength turned face down by an effect (708.2a):
    a 2/2 base plus the counter and the Aura's +1/+2: 4/5, nameless."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A", counters={"+1/+1": 1})
    game.place(RANCOR_LIKE, player="A", attached_to=bears)
    assert turn_face_down(game, bears)
    v = game.view(bears)
    assert v.face_down and v.name is None and v.pt == (4, 5)


def test_f27_face_down_dies_with_damage_when_turned_up_small() -> None:
    """A face-down Ainok Survivalist (2/1 face up) with 1 damage marked; turned face up by an effect it
    is a 2/1 with 1 damage: destroyed by the state-based action (704.5g)."""
    game = Game(["A", "B"])
    ainok = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.deal_damage(game.place(BEARS, player="B"), ainok, 1)
    turn_face_up(game, ainok)
    game.refresh_priority()
    assert _zone(game, ainok) is not Zone.BATTLEFIELD


# ================================================================================================
# Whole-turn interactions: until-leaves vs phasing, casting face down with permissions and costs,
# summoning sickness and haste, delayed triggers in the end step, Sagas with flash
# ================================================================================================

def test_w01_banisher_priest_phasing_out_does_not_return_the_card() -> None:
    """Banisher Priest-like exiles B's Bears until it leaves the battlefield (610.3).  The Priest phases
    out: phasing isn't leaving the battlefield (702.26d), so the Bears stay exiled; phased in, still
    exiled; then the Priest is destroyed: the Bears return."""
    game = Game(["A", "B"])
    priest = game.place(card("Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric", 2, 2), player="A")
    theirs = game.place(BEARS, player="B")
    game.exile(theirs, until_leaves=priest)
    assert _zone(game, theirs) is Zone.EXILE
    game.phase_out(priest)
    game.refresh_priority()
    assert _zone(game, theirs) is Zone.EXILE
    game.phase_in(priest)
    game.refresh_priority()
    assert _zone(game, theirs) is Zone.EXILE
    game.destroy(priest)
    game.refresh_priority()
    game.resolve_stack()
    assert _zone(game, theirs) is Zone.BATTLEFIELD


def test_w02_for_as_long_as_it_remains_on_the_battlefield_ends_on_phasing_out() -> None:
    """"B's Bears get -1/-0 for as long as A's Seal remains on the battlefield" (611.2b).  The Seal
    phases out: the duration tracks it and can't see it, so the effect ends (702.26f) for good."""
    from kb.engine import while_on_battlefield
    game = Game(["A", "B"])
    seal = game.place(card("Seal of Weakness", "{B}", "Enchantment"), player="A")
    theirs = game.place(BEARS, player="B")
    game.create_effect("-1/-0", [modify_pt(-1, 0)], [theirs], while_on_battlefield(seal), controller="A")
    assert game.view(theirs).pt == (1, 2)
    game.phase_out(seal)
    game.phase_in(seal)
    assert game.view(theirs).pt == (2, 2)


def test_w03_oubliette_creature_phases_in_with_its_aura_when_oubliette_leaves() -> None:
    """Oubliette-like: B's Bears wearing B's Holy Strength phase out until A's Oubliette leaves the
    battlefield (610.4); the Aura phases out indirectly (702.26g).  Oubliette is destroyed: the Bears
    phase in with the Aura attached, a 3/4."""
    game = Game(["A", "B"])
    oubliette = game.place(card("Oubliette", "{1}{B}{B}", "Enchantment"), player="A")
    theirs = game.place(BEARS, player="B")
    aura = game.place(RANCOR_LIKE, player="B", attached_to=theirs)
    game.phase_out(theirs, until_leaves=oubliette)
    assert game.view(aura).phased_out
    game.destroy(oubliette)
    game.refresh_priority()
    assert not game.view(theirs).phased_out and not game.view(aura).phased_out
    assert game.view(theirs).pt == (3, 4)


def test_w04_morph_with_flash_cannot_be_cast_face_down_at_instant_speed() -> None:
    """A creature card with flash and morph, cast face down in B's turn: the face-down spell has no
    text (702.37c, 708.4), so no flash: casting it at instant speed is refused."""
    ambusher = card("Flash Morph", "{3}{G}", "Creature — Elf", 3, 3, "flash", "morph {2}{G}")
    game = Game(["A", "B"])
    in_hand = game.place(ambusher, Zone.HAND, "A")
    game.next_turn()  # B's turn
    game.pass_priority_to("A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", in_hand, face_down=FaceDown.MORPH)
    assert _zone(game, in_hand) is Zone.HAND


def test_w05_face_down_cast_from_library_top_with_creature_permission() -> None:
    """"You may cast creature spells from the top of your library" (Garruk's Horde-like): A may cast
    the top card, Hooded Hydra, face down for {3}: the face-down spell is a creature spell
    (601.3e, 702.37c)."""
    game = Game(["A", "B"])
    game.place(card("Garruk's Horde", "{5}{G}{G}", "Creature — Beast", 7, 7, StaticAbility(
        "You may cast creature spells from the top of your library.",
        rules=(CastPermission(where("creature spells", lambda c, o: o.is_a("Creature"),
                                    zones=[Zone.LIBRARY, Zone.STACK]), Zone.LIBRARY),))), player="A")
    top = game.place(HIPPO, Zone.LIBRARY, "A")
    game.add_mana("A", "{3}")
    game.cast("A", top, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(top)).face_down


def test_w06_green_spell_permission_does_not_cover_a_face_down_spell() -> None:
    """"You may cast green spells from the top of your library": the face-down Hooded Hydra spell is
    colourless (708.4, 601.3e): not allowed; face up (green, {4}{G}{G}) it would be."""
    game = Game(["A", "B"])
    game.place(card("Green Seer", "{G}", "Enchantment", StaticAbility(
        "You may cast green spells from the top of your library.",
        rules=(CastPermission(where("green spells", lambda c, o: "G" in {str(x) for x in o.colors} or
                                    any(getattr(x, "value", x) == "G" for x in o.colors),
                                    zones=[Zone.LIBRARY, Zone.STACK]), Zone.LIBRARY),))), player="A")
    top = game.place(HIPPO, Zone.LIBRARY, "A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", top, face_down=FaceDown.MORPH)
    game.add_mana("A", "{3}{G}{G}")
    game.cast("A", top)


def test_w07_cant_cast_creature_spells_stops_the_face_down_spell() -> None:
    """"Creature spells can't be cast" stops a morph cast face down: it is a creature spell (708.4)."""
    game = Game(["A", "B"])
    game.place(card("Creature Lock", "{2}", "Artifact", StaticAbility(
        "Creature spells can't be cast.", rules=(CantCast(spells("Creature")),))), player="B")
    in_hand = game.place(HIPPO, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    with pytest.raises(IllegalAction):
        game.cast("A", in_hand, face_down=FaceDown.MORPH)


def test_w08_cost_reduction_for_creature_spells_applies_to_the_morph_cost() -> None:
    """"Creature spells you cast cost {1} less": the face-down spell ({3}) costs {2} (601.2f, 708.4);
    "green spells cost {1} less" would not apply to it."""
    from kb.engine import CostChange
    game = Game(["A", "B"])
    game.place(card("Creature Discount", "{2}", "Artifact", StaticAbility(
        "Creature spells you cast cost {1} less to cast.", rules=(CostChange(spells("Creature"), -1, "you"),))),
        player="A")
    game.place(card("Green Discount", "{2}", "Artifact", StaticAbility(
        "Green spells you cast cost {1} less to cast.", rules=(CostChange(spells(colors=["G"]), -1, "you"),))),
        player="A")
    in_hand = game.place(HIPPO, Zone.HAND, "A")
    game.add_mana("A", "{2}")
    game.cast("A", in_hand, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(in_hand)).face_down


def test_w09_face_down_since_the_turn_began_can_attack_after_turning_up() -> None:
    """A's face-down Zombie Cutthroat has been A's since the turn began; turned face up in the main
    phase, it is the same permanent (708.8), so it may attack: B takes 3."""
    game = Game(["A", "B"])
    hidden = game.place(ZOMBIE_CUTTHROAT, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{2}{B}")
    game.turn_face_up("A", hidden)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hidden])
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 17


def test_w10_morph_cast_this_turn_gains_haste_when_turned_up() -> None:
    """A casts a morph with haste face down this turn: summoning sick, it can't attack (302.6); turned
    face up it has haste (708.8: same permanent, its own ability now) and attacks: B takes 4."""
    hasty = card("Hasty Morph", "{2}{R}{R}", "Creature — Goblin", 4, 1, "haste", "morph {R}")
    game = Game(["A", "B"])
    m = _cast_face_down(game, "A", hasty)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        game.declare_attackers([m])
    game2 = Game(["A", "B"])
    m2 = _cast_face_down(game2, "A", hasty)
    game2.add_mana("A", "{R}")
    game2.turn_face_up("A", m2)
    game2.advance_to(Step.DECLARE_ATTACKERS)
    game2.declare_attackers([m2])
    game2.advance_to(Step.END_OF_COMBAT)
    assert game2.players["B"].life == 16


def test_w11_enters_with_counters_of_the_face_up_card_doesnt_apply_face_down() -> None:
    """A card "enters with two +1/+1 counters" cast face down: its static ability has no effect (708.3):
    a 2/2 with no counters; turned face up, still none (708.8)."""
    counted = card("Counter Morph", "{3}{G}", "Creature — Beast", 1, 1, "morph {1}{G}", StaticAbility(
        "This creature enters with two +1/+1 counters on it.", replacements=(enters_with_counters("+1/+1", 2),)))
    game = Game(["A", "B"])
    m = _cast_face_down(game, "A", counted)
    assert game.view(m).counter("+1/+1") == 0
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", m)
    assert game.view(m).pt == (1, 1)


def test_w12_opponents_enter_tapped_applies_to_a_face_down_creature() -> None:
    """Authority of the Consuls-like (B's): A's face-down morph enters tapped: it is a creature as it
    would enter (614.12, 708.2a)."""
    game = Game(["A", "B"])
    game.place(card("Authority of the Consuls", "{W}", "Enchantment", StaticAbility(
        "Creatures your opponents control enter tapped.",
        replacements=(enters_tapped(entering=creatures(controller="opponent")),))), player="B")
    m = _cast_face_down(game, "A", HIPPO)
    assert game.view(m).tapped


def test_w13_flickered_face_down_creature_returns_face_up_at_end_step() -> None:
    """A exiles its face-down Hooded Hydra "return it at the beginning of the next end step" (a delayed
    trigger, 603.7): revealed as it leaves (708.9), it returns face up, a new object (400.7): 5/5."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    [exiled] = game.exile(hydra)
    assert exiled is not None
    exiled_id = exiled.id
    create_delayed(game, "Return it at the beginning of the next end step.", at_beginning_of(Step.END, "each"),
                   lambda r: r.game.put_onto_battlefield(exiled_id, r.controller), "A")
    game.advance_to(Step.END)
    game.resolve_stack()
    back = game.current(exiled)
    assert back.zone is Zone.BATTLEFIELD and not game.view(back).face_down
    assert game.view(back).pt == (5, 5)


def test_w14_delayed_end_step_trigger_made_in_the_end_step_waits_a_turn() -> None:
    """In A's end step an effect creates "at the beginning of the next end step, you gain 5 life": this
    end step has begun already, so it triggers at B's end step (603.7a: the next one)."""
    game = Game(["A", "B"])
    game.advance_to(Step.END)
    create_delayed(game, "At the beginning of the next end step, you gain 5 life.",
                   at_beginning_of(Step.END, "each"), gains_life(5), "A")
    game.resolve_stack()
    game.next_turn()
    assert game.players["A"].life == 20
    game.advance_to(Step.END)
    game.resolve_stack()
    assert game.players["A"].life == 25


def test_w15_saga_cast_with_flash_in_the_opponents_turn() -> None:
    """A casts a Saga at instant speed in B's end step (a "cast as though it had flash" permission):
    it enters with a lore counter and chapter I triggers (714.3a); at A's precombat main phase it gets
    another (505.4): chapter II.  A: 20 + 1 + 2."""
    from kb.engine import Phase, chapter
    saga = card("Flash Saga", "{1}{W}", "Enchantment — Saga",
                chapter(1, "I — You gain 1 life.", gains_life(1)), chapter(2, "II — You gain 2 life.", gains_life(2)),
                chapter(3, "III — You gain 3 life.", gains_life(3)))
    game = Game(["A", "B"])
    game.place(card("Vedalken Orrery", "{4}", "Artifact", StaticAbility(
        "You may cast spells as though they had flash.",
        rules=(CastPermission(where("spells", lambda c, o: True, zones=[Zone.HAND, Zone.STACK]),
                              as_though_flash=True),))), player="A")
    in_hand = game.place(saga, Zone.HAND, "A")
    game.next_turn()
    game.advance_to(Step.END)
    game.pass_priority_to("A")
    game.add_mana("A", "{1}{W}")
    game.cast("A", in_hand)
    game.resolve_stack()
    assert game.players["A"].life == 21
    game.next_turn()
    assert game.phase is Phase.PRECOMBAT_MAIN
    game.resolve_stack()
    assert game.players["A"].life == 23
    assert game.view(game.current(in_hand)).counter("lore") == 2


def test_w16_ixidron_face_down_morph_turns_up_for_its_morph_cost() -> None:
    """Ixidron-like turns A's face-up Zombie Cutthroat face down (708.2a, no characteristics listed).
    It has morph if face up, so A may turn it face up by paying {2}{B} (702.37e)."""
    game = Game(["A", "B"])
    z = game.place(ZOMBIE_CUTTHROAT, player="A")
    assert turn_face_down(game, z)
    game.add_mana("A", "{2}{B}")
    game.turn_face_up("A", z)
    assert game.view(z).name == "Zombie Cutthroat"


def test_w17_ixidron_face_down_vanilla_cannot_be_turned_up() -> None:
    """Grizzly Bears turned face down by an effect: nothing allows turning it face up (708.7): the
    special action is refused, whatever mana A has."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    turn_face_down(game, bears)
    game.add_mana("A", "{1}{G}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", bears)


def test_w18_manifested_enters_trigger_doesnt_fire() -> None:
    """Manifest Elvish Visionary-like ("when this enters, gain 7"): it enters face down, no trigger
    (708.3); "whenever a creature enters" of another permanent does trigger (a 2/2 creature entered)."""
    game = Game(["A", "B"])
    game.place(SOUL_WARDEN, player="B")
    game.place(ETB, Zone.LIBRARY, "A")
    manifest_top(game, "A")
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 20
    assert game.players["B"].life == 21


def test_w19_manifested_land_is_a_creature_and_cant_be_turned_up_for_mana() -> None:
    """A manifested Forest is a 2/2 creature (701.40a) with no land type and no mana ability; it can't
    be turned face up for a mana cost (701.40b)."""
    from kb.engine import FOREST
    game = Game(["A", "B"])
    game.place(FOREST, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    v = game.view(made)
    assert v.is_a("Creature") and not v.is_a("Land") and v.pt == (2, 2)
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", made)
    with pytest.raises((IllegalAction, ScenarioError), match="activated abilit"):
        game.activate("A", made)  # a face-down permanent has no abilities (708.2a)


def test_w20_phased_in_manifest_still_turns_up_for_its_mana_cost() -> None:
    """A manifested Grizzly Bears phases out and in: still a manifested permanent (702.26d: no new
    object), turned face up for {1}{G}."""
    game = Game(["A", "B"])
    game.place(BEARS, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    game.phase_out(made)
    game.phase_in(made)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", made)
    assert game.view(made).name == "Grizzly Bears"


def test_w21_creature_turned_face_down_by_effect_leaving_the_battlefield_is_revealed() -> None:
    """Grizzly Bears turned face down by an effect, then destroyed: revealed (708.9), and "whenever a
    creature named Grizzly Bears dies" doesn't trigger: it had no name as it died (603.10a)."""
    game = Game(["A", "B"])
    game.place(card("Bear Mourner", "{B}", "Enchantment", TriggeredAbility(
        "Whenever a creature named Grizzly Bears dies, you gain 3 life.", dies(creatures(name="Grizzly Bears")),
        gains_life(3))), player="B")
    bears = game.place(BEARS, player="A")
    turn_face_down(game, bears)
    game.destroy(bears)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["B"].life == 20
    assert [e.name for e in game.events(Revealed)] == ["Grizzly Bears"]


def test_w22_cloaked_creature_targeted_by_opponent_triggers_ward() -> None:
    """B targets A's cloaked Grizzly Bears with Lightning Bolt: ward {2} triggers (702.21a); B doesn't
    pay: Bolt is countered, the cloaked creature survives."""
    game = Game(["A", "B"])
    made = cloak(game, "A", game.place(BEARS, Zone.HAND, "A"))
    assert made is not None
    bolt = game.place(LIGHTNING, Zone.HAND, "B")
    game.next_turn()
    game.add_mana("B", "{R}")
    game.cast("B", bolt, targets=[made])
    game.resolve_stack()  # B has no mana left to pay {2}: the Bolt is countered
    assert _zone(game, made) is Zone.BATTLEFIELD
    assert [o.card.name for o in game.graveyard("B")] == ["Lightning Bolt"]


def test_w23_phasing_equipment_with_phasing_creature_phases_out_indirectly() -> None:
    """An Equipment with phasing attached to Breezekeeper (phasing): at A's untap step both would
    phase out; the Equipment phases out only indirectly (702.26h) and so phases in with it at A's next
    untap step, attached (702.26g): a 6/4 flier again."""
    sword = card("Phasing Blade", "{1}", "Artifact — Equipment", "phasing", StaticAbility(
        "Equipped creature gets +2/+0.", (modify_pt(2, 0),), attached_to_this()), "equip {1}")
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    blade = game.place(sword, player="A", attached_to=keeper)
    game.advance_to(Step.UPKEEP)
    [out] = game.events(PhasedOut)
    assert out.directly == frozenset({keeper.id}) and out.indirectly == frozenset({blade.id})
    game.next_turn()
    game.next_turn()
    assert not game.view(blade).phased_out and game.view(blade).attached_to == keeper.id
    assert game.view(keeper).pt == (6, 4)


def test_w24_other_permanents_phase_out_trigger_counts_each() -> None:
    """"Whenever a permanent you control phases out, you gain 1 life" (another permanent's): at A's
    untap step Breezekeeper and its Holy Strength phase out (one directly, one indirectly): two
    permanents phased out, it triggers twice (603.2c, 603.10b): 22."""
    game = _untap_game()
    game.place(card("Phase Counter", "{1}", "Artifact", TriggeredAbility(
        "Whenever a permanent you control phases out, you gain 1 life.",
        phases_out(permanents(controller="you")), gains_life(1))), player="A")
    keeper = game.place(PHASER, player="A")
    game.place(RANCOR_LIKE, player="A", attached_to=keeper)
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    assert game.players["A"].life == 22


# ================================================================================================
# Effects on phased-out permanents, first strike and turning face up, copies and morph costs
# ================================================================================================

def test_x01_effects_from_before_phasing_out_still_apply_after_phasing_in() -> None:
    """A resolved effect "Grizzly Bears get +2/+2" (no end) created before they phase out: phasing
    doesn't make a new object (702.26d), so after phasing in they are 4/4 (702.26f only ends effects
    whose durations run out)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [bears], Indefinite(), controller="A")
    game.phase_out(bears)
    game.next_turn()
    game.next_turn()
    assert game.view(bears).pt == (4, 4)


def test_x02_insurrection_skips_the_phased_out_creature() -> None:
    """A gains control of all creatures until end of turn (Insurrection) while B's Bears are phased
    out: they're not in the set (702.26e); phased in later that turn they are still B's."""
    game = Game(["A", "B"])
    out = game.place(BEARS, player="B")
    other = game.place(BEARS, player="B")
    game.phase_out(out)
    game.create_effect("gain control of all creatures", [control("A")], creatures(), UntilEndOfTurn(),
                       controller="A")
    game.phase_in(out)
    assert game.view(other).controller == "A"
    assert game.view(out).controller == "B"


def test_x03_damage_cannot_be_dealt_to_a_phased_out_creature() -> None:
    """A source dealing 3 damage to a phased-out creature: it can't be affected (702.26b): no damage
    is dealt; phased in, it has no damage."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    src = game.place(BEARS, player="B")
    game.phase_out(bears)
    try:
        dealt = game.deal_damage(src, bears, 3)
    except (IllegalAction, ScenarioError):
        dealt = 0
    assert dealt == 0
    game.phase_in(bears)
    assert game.view(bears).damage == 0


def test_x04_counters_cannot_be_put_on_a_phased_out_creature() -> None:
    """An effect putting a +1/+1 counter on a phased-out creature: it can't be affected (702.26b)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    with contextlib.suppress(IllegalAction, ScenarioError):
        game.put_counters(bears, "+1/+1", 1)
    game.phase_in(bears)
    assert game.view(bears).counter("+1/+1") == 0


def test_x05_destroying_a_phased_out_creature_does_nothing() -> None:
    """"Destroy target creature" can't target it; an effect naming it can't affect it either (702.26b)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    with contextlib.suppress(IllegalAction, ScenarioError):
        game.destroy(bears)
    assert _zone(game, bears) is Zone.BATTLEFIELD and game.view(bears).phased_out


def test_x06_tapping_a_phased_out_creature_does_nothing() -> None:
    """An effect tapping a phased-out creature (by name): it can't be affected (702.26b)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    with contextlib.suppress(IllegalAction, ScenarioError):
        game.tap(bears)
    game.phase_in(bears)
    assert not game.view(bears).tapped


def test_x07_attaching_an_aura_to_a_phased_out_creature_is_refused() -> None:
    """An Aura can't become attached to a phased-out creature (702.26b)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    sword = game.place(BONESPLITTER, player="A")
    game.phase_out(bears)
    with contextlib.suppress(IllegalAction, ScenarioError):
        game.attach(sword, bears)
    game.phase_in(bears)
    assert game.view(sword).attached_to is None and game.view(bears).pt == (2, 2)


def test_x08_blocker_turned_up_as_first_striker_in_the_first_strike_step_still_deals_damage() -> None:
    """B attacks with a 1/1 first striker; A's face-down creature (a 3/3 first strike when face up,
    morph {R}) blocks.  First-strike step: the attacker deals 1.  Then A turns the blocker face up.
    CR 510.4: it had no first strike as the first step began, so it deals damage in the second step:
    the attacker dies."""
    fs_morph = card("Battle Morph", "{2}{R}", "Creature — Human Warrior", 3, 3, "first strike", "morph {R}")
    striker = card("Fencer", "{W}", "Creature — Human Soldier", 1, 1, "first strike")
    game = Game(["A", "B"])
    hidden = game.place(fs_morph, player="A", face_down=FaceDown.MORPH)
    att = game.place(striker, player="B")
    game.next_turn()
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([att])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({hidden: att})
    game.advance_to(Step.COMBAT_DAMAGE)  # the first-strike combat damage step
    assert game.view(hidden).damage == 1
    game.pass_priority_to("A")
    game.add_mana("A", "{R}")
    game.turn_face_up("A", hidden)
    game.advance_to(Step.END_OF_COMBAT)
    assert _zone(game, att) is Zone.GRAVEYARD


def test_x09_face_down_blocker_turned_into_first_striker_before_damage() -> None:
    """A's face-down Battle Morph blocks B's Hill Giant; A turns it face up (3/3 first strike) after
    blockers: first strike step: it deals 3, the Giant dies before dealing damage (510.4): the morph
    has no damage."""
    fs_morph = card("Battle Morph", "{2}{R}", "Creature — Human Warrior", 3, 3, "first strike", "morph {R}")
    game = Game(["A", "B"])
    hidden = game.place(fs_morph, player="A", face_down=FaceDown.MORPH)
    giant = game.place(card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), player="B")
    _block_and_turn_up(game, hidden, giant, "{R}")
    assert _zone(game, giant) is Zone.GRAVEYARD
    assert game.view(hidden).damage == 0


def test_x10_attacker_phased_out_after_first_strike_damage_deals_no_regular_damage() -> None:
    """A attacks with a 2/2 double striker, unblocked; after the first-strike damage (B at 18) it phases
    out: removed from combat (506.4), no regular damage: B stays at 18."""
    ds = card("Double Striker", "{1}{R}{W}", "Creature — Human", 2, 2, "double strike")
    game = Game(["A", "B"])
    att = game.place(ds, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([att])
    game.advance_to(Step.COMBAT_DAMAGE)
    assert game.players["B"].life == 18
    game.phase_out(att)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 18


def test_x11_face_down_copy_of_a_vanilla_cannot_use_its_own_morph() -> None:
    """A's face-down Zombie Cutthroat becomes a copy of Grizzly Bears (708.10): if face up it would be
    Grizzly Bears with no morph cost, so it can't be turned face up by morph (702.37e)."""
    from kb.engine import copy_of
    game = Game(["A", "B"])
    hidden = game.place(ZOMBIE_CUTTHROAT, player="A", face_down=FaceDown.MORPH)
    bears = game.place(BEARS, player="B")
    game.create_effect("becomes a copy", [copy_of(game, bears)], [hidden], Indefinite(), controller="A")
    game.add_mana("A", "{2}{B}")
    with pytest.raises(IllegalAction):
        game.turn_face_up("A", hidden)
    assert game.view(hidden).face_down


def test_x12_face_down_copy_of_a_morph_creature_turns_up_for_the_copied_morph_cost() -> None:
    """A's Grizzly Bears turned face down become a copy of B's Zombie Cutthroat (708.10): face up it
    would have morph {2}{B}, so A may pay it (702.37e) and it becomes a Zombie Cutthroat 3/4."""
    from kb.engine import copy_of
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    turn_face_down(game, bears)
    zc = game.place(ZOMBIE_CUTTHROAT, player="B")
    game.create_effect("becomes a copy", [copy_of(game, zc)], [bears], Indefinite(), controller="A")
    assert game.view(bears).face_down and game.view(bears).pt == (2, 2)
    game.add_mana("A", "{2}{B}")
    game.turn_face_up("A", bears)
    assert game.view(bears).name == "Zombie Cutthroat" and game.view(bears).pt == (3, 4)


def test_x13_clone_of_a_disguised_creature_has_ward_two() -> None:
    """Clone copies A's face-down disguised creature: the copiable values are a 2/2 with ward {2} and
    nothing else (702.168b, 707.2): the Clone is a face-up nameless 2/2 with ward {2}."""
    from kb.engine import ChoiceKind, enters_as_copy
    clone = card("Clone", "{3}{U}", "Creature — Shapeshifter", 0, 0, StaticAbility(
        "You may have this creature enter as a copy of any creature on the battlefield.",
        replacements=(enters_as_copy(),)))
    game = Game(["A", "B"])
    d = game.place(DISGUISER, player="A", face_down=FaceDown.DISGUISE)
    game.choices.script(ChoiceKind.OBJECT, d, player="B")
    c = game.put_onto_battlefield(clone, "B")
    assert c is not None
    v = game.view(c)
    assert not v.face_down and v.pt == (2, 2) and v.has("ward {2}") and v.name is None


def test_x14_humility_strips_ward_from_a_cloaked_creature() -> None:
    """Humility-like ("all creatures lose all abilities and are 1/1") and A's cloaked Bears: the ward
    {2} of the face-down characteristics (layer 1) is removed in layer 6: a 1/1 without ward."""
    from kb.engine import base_pt, lose_all_abilities
    game = Game(["A", "B"])
    game.place(card("Humility", "{2}{W}{W}", "Enchantment", StaticAbility(
        "All creatures lose all abilities and have base power and toughness 1/1.",
        (lose_all_abilities(), base_pt(1, 1)), creatures())), player="B")
    made = cloak(game, "A", game.place(BEARS, Zone.HAND, "A"))
    assert made is not None
    v = game.view(made)
    assert v.pt == (1, 1) and not v.has("ward")


def test_x15_manifested_elves_turned_up_the_same_turn_are_summoning_sick() -> None:
    """A manifests Llanowar Elves this turn and turns it face up: it hasn't been under A's control since
    the turn began (302.6), so its {T} mana ability can't be activated.  A manifest from before the
    turn began, turned up, can tap for {G}."""
    game = Game(["A", "B"])
    game.place(ELVES, Zone.LIBRARY, "A")
    new = manifest_top(game, "A")
    assert new is not None
    game.add_mana("A", "{G}")
    game.turn_face_up("A", new)
    with pytest.raises(IllegalAction):
        game.activate("A", new)
    old = game.place(ELVES, player="A", face_down=FaceDown.MANIFEST)
    game.add_mana("A", "{G}")
    game.turn_face_up("A", old)
    game.activate("A", old)
    game.cast("A", game.place(GROWTH, Zone.HAND, "A"), targets=[old])


def test_x16_cast_trigger_of_the_card_itself_is_absent_face_down() -> None:
    """A morph card with "when you cast this spell, you gain 3 life" cast face down: the face-down
    spell has no abilities (702.37c): no trigger.  Cast face up: 23."""
    from kb.engine import cast as cast_trigger
    caster = card("Cast Morph", "{2}{G}", "Creature — Beast", 3, 3, "morph {2}{G}", TriggeredAbility(
        "When you cast this spell, you gain 3 life.", cast_trigger(only_this_spell := spells()), gains_life(3),
        zones=frozenset({Zone.STACK})))
    del only_this_spell
    game = Game(["A", "B"])
    _cast_face_down(game, "A", caster)
    assert game.players["A"].life == 20


def test_x17_ball_lightning_phased_out_at_end_step_does_not_sacrifice_itself() -> None:
    """Ball Lightning-like ("at the beginning of the end step, sacrifice this") is phased out when A's
    end step begins: a phased-out permanent's abilities don't trigger (702.26b).  It phases in at A's
    next untap step and stays until that end step."""
    ball = card("Ball Lightning", "{R}{R}{R}", "Creature — Elemental", 6, 1, "trample", "haste", TriggeredAbility(
        "At the beginning of the end step, sacrifice this creature.", at_beginning_of(Step.END, "each"),
        lambda r: r.game.sacrifice(r.controller, r.source_id) if r.source_id else None))
    game = Game(["A", "B"])
    b = game.place(ball, player="A")
    game.phase_out(b)
    game.advance_to(Step.END)
    game.resolve_stack()
    game.next_turn()
    game.next_turn()
    assert _zone(game, b) is Zone.BATTLEFIELD and not game.view(b).phased_out


def test_x18_upkeep_trigger_of_a_creature_phasing_in() -> None:
    """A phasing creature with "at the beginning of your upkeep, you gain 1 life": at A's first untap
    step it phases out (no upkeep trigger); at A's next untap step it phases in, and its upkeep
    ability triggers as the upkeep begins (502.1 before 503): 21."""
    keeper = card("Upkeep Phaser", "{1}{W}", "Creature — Spirit", 1, 1, "phasing", TriggeredAbility(
        "At the beginning of your upkeep, you gain 1 life.", at_beginning_of(Step.UPKEEP, "you"), gains_life(1)))
    game = _untap_game()
    game.place(keeper, player="A")
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    assert game.players["A"].life == 20
    game.next_turn()
    game.next_turn()
    assert game.active == "A"
    game.resolve_stack()
    assert game.players["A"].life == 21


def test_x19_aura_with_phases_out_trigger_phasing_out_indirectly() -> None:
    """An Aura with "when this phases out, you gain 2 life" on Breezekeeper: it phases out indirectly
    at A's untap step; its ability triggers, looking back (603.10b): 22."""
    aura = card("Phasing Charm", "{W}", "Enchantment — Aura", "enchant creature", TriggeredAbility(
        "When this Aura phases out, you gain 2 life.", phases_out(), gains_life(2)))
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.place(aura, player="A", attached_to=keeper)
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    assert game.players["A"].life == 22


def test_x20_megamorph_turned_up_under_counter_doubling_gets_two() -> None:
    """Hardened Scales-like ("one or more +1/+1 counters put on a creature you control: that many plus
    one"): Ainok Survivalist turned face up by its megamorph cost gets 1+1 counters (702.37b, 614.1a,
    708.11): a 4/3."""
    from dataclasses import replace as with_changes

    from kb.engine import PutCounters, Replacement
    scales = card("Hardened Scales", "{G}", "Enchantment", StaticAbility(
        "If one or more +1/+1 counters would be put on a creature you control, that many plus one are put on it "
        "instead.", replacements=(Replacement(
            "one more +1/+1 counter", PutCounters,
            lambda c, p: p.kind == "+1/+1" and not isinstance(p.target, str)
            and c.game.view(p.target).controller == c.context.you,
            lambda c, p: with_changes(p, count=p.count + 1)),)))
    game = Game(["A", "B"])
    game.place(scales, player="A")
    ainok = game.place(MEGA, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", ainok)
    assert game.view(ainok).pt == (4, 3)


def test_x21_manifested_megamorph_turned_up_by_megamorph_gets_the_counter() -> None:
    """A manifested Ainok Survivalist turned up paying megamorph {1}{G} (701.40c): +1/+1 counter, 3/2;
    turned up for its mana cost {1}{G} instead: no counter, 2/1."""
    game = Game(["A", "B"])
    game.place(MEGA, Zone.LIBRARY, "A")
    a = manifest_top(game, "A")
    game.place(MEGA, Zone.LIBRARY, "A")
    b = manifest_top(game, "A")
    assert a is not None and b is not None
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", a, how="morph")
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", b, how="mana cost")
    assert game.view(a).pt == (3, 2) and game.view(b).pt == (2, 1)


def test_x22_manifest_into_a_cant_enter_stays_in_the_library() -> None:
    """"Creatures can't enter the battlefield" (CantEnter): manifesting the top card fails: the card stays
    in the library, face up status unchanged (701.40f)."""
    from kb.engine import CantEnter
    game = Game(["A", "B"])
    game.place(card("Grafdigger's Gate", "{2}", "Artifact", StaticAbility(
        "Creatures can't enter the battlefield.", rules=(CantEnter(creatures()),))), player="B")
    top = game.place(BEARS, Zone.LIBRARY, "A")
    assert manifest_top(game, "A") is None
    assert _zone(game, top) is Zone.LIBRARY


def test_x23_equip_cannot_target_a_phased_out_creature() -> None:
    """Bonesplitter's equip {1} can't target a phased-out creature (702.26b)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    sword = game.place(BONESPLITTER, player="A")
    game.phase_out(bears)
    game.add_mana("A", "{1}")
    with pytest.raises((IllegalAction, ScenarioError)):
        game.activate("A", sword, targets=[bears])


# ================================================================================================
# Manifested noncreature cards turned face up, Sagas face down
# ================================================================================================

def test_y01_manifested_forest_turned_up_taps_for_mana_at_once() -> None:
    """A manifests a Forest this turn; an effect turns it face up (708.7): it is a land, not a creature,
    so summoning sickness (302.6, creatures only) doesn't stop its {T}: Add {G}."""
    from kb.engine import FOREST
    game = Game(["A", "B"])
    game.place(FOREST, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    assert turn_face_up(game, made)
    v = game.view(made)
    assert v.is_a("Land") and not v.is_a("Creature")
    game.activate("A", made)
    growth = game.place(GROWTH, Zone.HAND, "A")
    game.cast("A", growth, targets=[game.place(BEARS, player="A")])


def test_y02_aura_on_a_manifested_land_falls_off_when_it_is_turned_up() -> None:
    """Holy Strength on A's manifested Forest (a 2/2 creature); an effect turns it face up: no longer a
    creature, the Aura is illegally attached and goes to the graveyard (704.5m); Bonesplitter on it
    becomes unattached (704.5n)."""
    from kb.engine import FOREST
    game = Game(["A", "B"])
    game.place(FOREST, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    aura = game.place(RANCOR_LIKE, player="A", attached_to=made)
    sword = game.place(BONESPLITTER, player="A", attached_to=made)
    assert game.view(made).pt == (5, 4)
    turn_face_up(game, made)
    game.refresh_priority()
    assert _zone(game, aura) is Zone.GRAVEYARD
    assert game.view(sword).attached_to is None


def test_y03_manifested_aura_turned_up_goes_to_the_graveyard() -> None:
    """A manifested Holy Strength turned face up by an effect is an Aura attached to nothing: put into
    its owner's graveyard (704.5m)."""
    game = Game(["A", "B"])
    game.place(RANCOR_LIKE, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    turn_face_up(game, made)
    game.refresh_priority()
    assert _zone(game, made) is Zone.GRAVEYARD


def test_y04_manifested_artifact_attacking_turned_up_leaves_combat() -> None:
    """A's manifested Sol Ring (since before the turn) attacks; in the declare blockers step an effect
    turns it face up: it stops being a creature and is removed from combat (506.4): B takes nothing."""
    sol = card("Sol Ring", "{1}", "Artifact", ActivatedAbility("{T}: Add {C}{C}.", cost("{T}"), mana="{C}{C}"))
    game = Game(["A", "B"])
    made = game.place(sol, player="A", face_down=FaceDown.MANIFEST)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([made])
    game.advance_to(Step.DECLARE_BLOCKERS)
    turn_face_up(game, made)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_y05_manifested_saga_gets_no_lore_counter_and_none_when_turned_up() -> None:
    """A manifested Saga is a 2/2 creature with no subtypes (701.40a): A's precombat main phase puts no
    lore counter on it (505.4).  Turned face up by an effect, it didn't enter: no lore counter
    (714.3a is about entering, 708.8); at A's next precombat main phase it gets one: chapter I."""
    from kb.engine import chapter
    saga = card("Manifested Saga", "{2}{W}", "Enchantment — Saga",
                chapter(1, "I — You gain 1 life.", gains_life(1)), chapter(2, "II — You gain 2 life.", gains_life(2)),
                chapter(3, "III — You gain 3 life.", gains_life(3)))
    game = Game(["A", "B"], step=Step.UNTAP)
    made = game.place(saga, player="A", face_down=FaceDown.MANIFEST)
    game.advance_to(Step.DRAW)
    from kb.engine import Phase
    game.advance_to(Phase.PRECOMBAT_MAIN)
    assert game.view(made).counter("lore") == 0
    turn_face_up(game, made)
    game.refresh_priority()
    game.resolve_stack()
    assert game.view(made).counter("lore") == 0 and game.players["A"].life == 20
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    assert game.view(made).counter("lore") == 1 and game.players["A"].life == 21


def test_y06_dies_trigger_of_the_face_up_card_doesnt_fire_face_down() -> None:
    """A morph card with "when this creature dies, you gain 5 life" dies face down: it had no abilities
    just before (603.10a, 708.2): no trigger.  Turned face up and then dying: 25."""
    dying = card("Dying Morph", "{2}{B}", "Creature — Zombie", 2, 2, "morph {B}", TriggeredAbility(
        "When this creature dies, you gain 5 life.", dies(), gains_life(5)))
    game = Game(["A", "B"])
    down = game.place(dying, player="A", face_down=FaceDown.MORPH)
    game.destroy(down)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 20
    up = game.place(dying, player="A", face_down=FaceDown.MORPH)
    turn_face_up(game, up)
    game.destroy(up)
    game.refresh_priority()
    game.resolve_stack()
    assert game.players["A"].life == 25


def test_y07_morph_with_a_life_cost() -> None:
    """Zombie Cutthroat's real morph is "Morph—Pay 5 life": turned face up paying 5 life (702.37e)."""
    cutthroat = card("Zombie Cutthroat", "{3}{B}{B}", "Creature — Zombie", 3, 4, "morph—pay 5 life")
    game = Game(["A", "B"])
    z = game.place(cutthroat, player="A", face_down=FaceDown.MORPH)
    game.turn_face_up("A", z)
    assert game.players["A"].life == 15 and game.view(z).pt == (3, 4)


def test_y08_disguised_creature_targeted_by_its_controller_no_ward() -> None:
    """A targets its own disguised creature with Giant Growth: ward triggers only for opponents'
    spells (702.21a): it resolves, a 5/5."""
    game = Game(["A", "B"])
    d = game.place(DISGUISER, player="A", face_down=FaceDown.DISGUISE)
    _grow(game, d)
    assert game.view(d).pt == (5, 5)


# ================================================================================================
# Permissions, costs and restrictions judged on the face-down spell; misuse of the API
# ================================================================================================

RED_MORPH = card("Skirk Commando-ish", "{3}{R}{R}", "Creature — Goblin", 4, 4, "morph {2}{R}")


def test_z01_flash_for_small_creature_spells_covers_the_face_down_spell() -> None:
    """"You may cast creature spells with mana value 2 or less as though they had flash": the face-down
    spell has mana value 0 (702.37c, 708.4), so A may cast Hooded Hydra (mana value 6) face down in B's
    turn."""
    game = Game(["A", "B"])
    game.place(card("Small Flash", "{1}{G}", "Enchantment", StaticAbility(
        "You may cast creature spells with mana value 2 or less as though they had flash.",
        rules=(CastPermission(where("creature spells with mana value 2 or less",
                                    lambda c, o: o.is_a("Creature") and o.mana_value <= 2,
                                    zones=[Zone.HAND, Zone.STACK]), as_though_flash=True),))), player="A")
    in_hand = game.place(HIPPO, Zone.HAND, "A")
    game.next_turn()
    game.pass_priority_to("A")
    game.add_mana("A", "{3}")
    game.cast("A", in_hand, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(in_hand)).face_down


def test_z02_red_spells_cost_more_doesnt_tax_the_face_down_spell() -> None:
    """"Red spells cost {2} more" (Chill-like): a red morph card cast face down is a colourless spell
    (708.4): it costs {3}, and A can cast it with exactly {3}."""
    from kb.engine import CostChange
    game = Game(["A", "B"])
    game.place(card("Chill", "{1}{U}", "Enchantment", StaticAbility(
        "Red spells cost {2} more to cast.", rules=(CostChange(spells(colors=["R"]), 2),))), player="B")
    in_hand = game.place(RED_MORPH, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    game.cast("A", in_hand, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(in_hand)).face_down


def test_z03_counter_target_red_spell_cant_target_the_face_down_spell() -> None:
    """Red Elemental Blast-like "counter target red spell": A's face-down red morph spell is colourless
    (708.4): it isn't a legal target."""
    reb = card("Blue Elemental Blast", "{U}", "Instant", spell=SpellAbility(
        "Counter target red spell.", lambda r: r.game.counter(r.objects(0)[0]) if r.objects(0) else None,
        (target(spells(colors=["R"])),)))
    game = Game(["A", "B"])
    in_hand = game.place(RED_MORPH, Zone.HAND, "A")
    blast = game.place(reb, Zone.HAND, "B")
    game.add_mana("A", "{3}")
    spell_id = game.cast("A", in_hand, face_down=FaceDown.MORPH)
    game.pass_priority_to("B")
    game.add_mana("B", "{U}")
    with pytest.raises(IllegalAction):
        game.cast("B", blast, targets=[spell_id])


def test_z04_a_face_down_spell_cant_be_turned_face_up() -> None:
    """CR 708.7: spells normally can't be turned face up: the special action on a face-down spell is
    refused."""
    game = Game(["A", "B"])
    in_hand = game.place(HIPPO, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell_id = game.cast("A", in_hand, face_down=FaceDown.MORPH)
    game.add_mana("A", "{3}{G}{G}")
    with pytest.raises((IllegalAction, ScenarioError)):
        game.turn_face_up("A", spell_id)


def test_z05_cast_face_down_without_morph_is_refused() -> None:
    """CR 702.37d: a card can't be cast face down without a morph (or disguise) ability: Grizzly Bears
    cast face_down=MORPH is refused; a morph card cast as DISGUISE too; MANIFEST is no way to cast."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    with pytest.raises((IllegalAction, ScenarioError)):
        game.cast("A", bears, face_down=FaceDown.MORPH)
    hydra = game.place(HIPPO, Zone.HAND, "A")
    with pytest.raises((IllegalAction, ScenarioError)):
        game.cast("A", hydra, face_down=FaceDown.DISGUISE)
    with pytest.raises((IllegalAction, ScenarioError)):
        game.cast("A", hydra, face_down=FaceDown.MANIFEST)


def test_z06_effect_turning_up_a_phased_out_permanent_does_nothing() -> None:
    """"Turn target face-down creature face up" can't affect a phased-out one (702.26b); the effect
    function either refuses or leaves it face down."""
    game = Game(["A", "B"])
    hydra = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    game.phase_out(hydra)
    try:
        turned = turn_face_up(game, hydra)
    except (IllegalAction, ScenarioError):
        turned = False
    assert not turned
    game.phase_in(hydra)
    assert game.view(hydra).face_down


def test_z07_effect_turning_down_a_phased_out_permanent_does_nothing() -> None:
    """Turning a phased-out Grizzly Bears face down does nothing (702.26b)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    try:
        turned = turn_face_down(game, bears)
    except (IllegalAction, ScenarioError):
        turned = False
    assert not turned
    game.phase_in(bears)
    assert not game.view(bears).face_down


def test_z08_until_end_of_turn_and_damage_end_together_in_cleanup() -> None:
    """Giant Growth on Grizzly Bears (5/5), then 4 damage: it survives.  In the cleanup step damage
    removal and the end of "until end of turn" effects happen at once (514.2): still alive, a 2/2
    with no damage."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    _grow(game, bears)
    game.deal_damage(game.place(BEARS, player="B"), bears, 4)
    game.refresh_priority()
    game.next_turn()
    assert _zone(game, bears) is Zone.BATTLEFIELD
    assert game.view(bears).pt == (2, 2) and game.view(bears).damage == 0


def test_z09_discard_trigger_in_cleanup_gives_another_cleanup_step() -> None:
    """A has eight cards in hand and "whenever you discard a card, you gain 1 life".  Cleanup: A
    discards one (514.1); the trigger makes A receive priority, and another cleanup step follows
    (514.3a).  A ends the turn at 21 with seven cards."""
    from kb.engine import ChoiceKind, StepBegan, ZoneChanged, on_event
    game = Game(["A", "B"])
    game.place(card("Discard Watcher", "{B}", "Enchantment", TriggeredAbility(
        "Whenever you discard a card, you gain 1 life.",
        on_event("you discard a card", [ZoneChanged],
                 lambda t: 1 if isinstance(t.event, ZoneChanged) and t.event.cause.value == "discard"
                 and t.event.before is not None and t.event.before.owner == t.source.controller else 0),
        gains_life(1))), player="A")
    for _ in range(8 - len(game.hand("A"))):
        game.place(BEARS, Zone.HAND, "A")
    game.choices.script(ChoiceKind.DISCARD, lambda c: [game.hand("A")[0]], player="A")
    game.next_turn()
    assert game.players["A"].life == 21 and len(game.hand("A")) == 7
    cleanups = [e for e in game.events(StepBegan) if e.step is Step.CLEANUP]
    assert len(cleanups) == 2


def test_z10_delayed_next_upkeep_created_in_upkeep_waits_for_the_next_one() -> None:
    """In A's upkeep an effect creates "at the beginning of your next upkeep, you gain 4 life": the
    current upkeep began already, so it triggers in A's following upkeep (603.7)."""
    game = Game(["A", "B"], step=Step.UNTAP)
    game.advance_to(Step.UPKEEP)
    create_delayed(game, "At the beginning of your next upkeep, you gain 4 life.",
                   at_beginning_of(Step.UPKEEP, "you"), gains_life(4), "A")
    game.resolve_stack()
    game.next_turn()
    assert game.players["A"].life == 20
    game.next_turn()
    game.resolve_stack()
    assert game.players["A"].life == 24


def test_z11_permission_to_cast_face_down_from_graveyard() -> None:
    """"You may cast creature spells from your graveyard": A casts Hooded Hydra from the graveyard face
    down for {3} (702.37c: from any zone it could normally be cast from)."""
    game = Game(["A", "B"])
    game.place(card("Graveyard Caster", "{2}{B}", "Enchantment", StaticAbility(
        "You may cast creature spells from your graveyard.",
        rules=(CastPermission(where("creature spells", lambda c, o: o.is_a("Creature"),
                                    zones=[Zone.GRAVEYARD, Zone.STACK]), Zone.GRAVEYARD),))), player="A")
    dead = game.place(HIPPO, Zone.GRAVEYARD, "A")
    game.add_mana("A", "{3}")
    game.cast("A", dead, face_down=FaceDown.MORPH)
    game.resolve_stack()
    assert game.view(game.current(dead)).face_down


# ================================================================================================
# Timestamps of turning face up and phasing (613.7f), "until" phasing (610.4a), bestow (702.103g)
# ================================================================================================

def _base(p: int, t: int, name: str, *extra: str) -> Card:
    from kb.engine import base_pt
    return card(name, "{2}{W}", "Creature — Spirit", 1, 1, *extra, StaticAbility(
        f"All creatures have base power and toughness {p}/{t}.", (base_pt(p, t),), creatures()))


def test_t01_turning_face_up_gives_a_new_timestamp() -> None:
    """A's face-down morph (face up: "all creatures have base P/T 0/2") was placed before B's "all
    creatures have base P/T 3/3": all creatures are 3/3.  Turned face up, it gets a new timestamp
    (613.7f), later than the other: its effect applies last: every creature is 0/2 (613.7a)."""
    morph = _base(0, 2, "Wall Morph", "morph {W}")
    game = Game(["A", "B"])
    hidden = game.place(morph, player="A", face_down=FaceDown.MORPH)
    other = game.place(_base(3, 3, "Giant Maker"), player="B")
    assert game.view(hidden).pt == (3, 3) and game.view(other).pt == (3, 3)
    game.add_mana("A", "{W}")
    game.turn_face_up("A", hidden)
    assert game.view(hidden).pt == (0, 2) and game.view(other).pt == (0, 2)


def test_t02_phasing_in_keeps_the_old_timestamp() -> None:
    """A's "all creatures have base P/T 0/2" was placed before B's "… 3/3": 3/3.  A's phases out and
    in: phasing isn't entering (702.26d) and no rule gives a new timestamp (613.7): still 3/3."""
    game = Game(["A", "B"])
    older = game.place(_base(0, 2, "Wall Maker"), player="A")
    newer = game.place(_base(3, 3, "Giant Maker"), player="B")
    game.phase_out(older)
    assert game.view(newer).pt == (3, 3)
    game.phase_in(older)
    assert game.view(older).pt == (3, 3) and game.view(newer).pt == (3, 3)


def test_t03_oubliette_phased_creature_phased_in_otherwise_ignores_oubliette_leaving() -> None:
    """B's Bears phase out until A's Oubliette leaves (610.4).  Another effect phases them in, then an
    effect phases them out again.  Oubliette leaves: the second one-shot effect doesn't happen
    (610.4a): the Bears stay phased out; they phase in at B's untap step (502.1)."""
    game = Game(["A", "B"])
    oubliette = game.place(card("Oubliette", "{1}{B}{B}", "Enchantment"), player="A")
    theirs = game.place(BEARS, player="B")
    game.phase_out(theirs, until_leaves=oubliette)
    game.phase_in(theirs)
    game.phase_out(theirs)
    game.destroy(oubliette)
    game.refresh_priority()
    assert game.view(theirs).phased_out
    game.next_turn()
    assert not game.view(theirs).phased_out


def test_t04_oubliette_phased_creature_doesnt_phase_in_at_untap() -> None:
    """Phased out until Oubliette leaves: not in B's untap step (610.4a)."""
    game = Game(["A", "B"])
    oubliette = game.place(card("Oubliette", "{1}{B}{B}", "Enchantment"), player="A")
    theirs = game.place(BEARS, player="B")
    game.phase_out(theirs, until_leaves=oubliette)
    game.next_turn()
    assert game.view(theirs).phased_out


def test_t05_bestowed_aura_phasing_in_unattached_is_a_creature() -> None:
    """A casts Boon Satyr-like (4/2, bestow) bestowed on B's Bears; A phases out all its permanents
    (the Aura phases out directly).  The Bears are destroyed.  At A's next untap step the Aura phases
    in unattached and ceases to be bestowed (702.103g): a 4/2 enchantment creature, not put into the
    graveyard."""
    satyr = card("Boon Satyr", "{1}{G}{G}", "Enchantment Creature — Satyr", 4, 2, "bestow {3}{G}{G}",
                 StaticAbility("Enchanted creature gets +4/+2.", (modify_pt(4, 2),), attached_to_this()))
    game = Game(["A", "B"])
    theirs = game.place(BEARS, player="B")
    in_hand = game.place(satyr, Zone.HAND, "A")
    game.add_mana("A", "{3}{G}{G}")
    game.cast("A", in_hand, alternative="bestow", targets=[theirs])
    game.resolve_stack()
    aura = game.current(in_hand)
    assert game.view(theirs).pt == (6, 4)
    game.phase_out(aura)
    game.destroy(theirs)
    game.next_turn()
    game.next_turn()
    game.refresh_priority()
    assert _zone(game, aura) is Zone.BATTLEFIELD
    v = game.view(aura)
    assert v.is_a("Creature") and v.pt == (4, 2) and v.attached_to is None


def test_t06_hooded_hydra_turned_face_up_gets_its_counters_as_it_turns() -> None:
    """Hooded Hydra (0/0; "as this is turned face up, put five +1/+1 counters on it"; morph {3}{G}{G}):
    turned face up, the counters are put on as it turns (708.11, 614.1e): a 5/5, never a 0/0 (it
    survives the state-based actions)."""
    from kb.engine import with_counters_as_turned_face_up
    hydra = card("Hooded Hydra", "{X}{G}{G}", "Creature — Snake Hydra", 0, 0, "morph {3}{G}{G}",
                 with_counters_as_turned_face_up("+1/+1", 5))
    game = Game(["A", "B"])
    h = game.place(hydra, player="A", face_down=FaceDown.MORPH)
    game.add_mana("A", "{3}{G}{G}")
    game.turn_face_up("A", h)
    game.refresh_priority()
    assert _zone(game, h) is Zone.BATTLEFIELD and game.view(h).pt == (5, 5)


def test_t07_set_pt_on_face_down_keeps_applying_face_up() -> None:
    """An effect "target creature has base P/T 4/4 until end of turn" on A's face-down Hydra-ish (5/5);
    turned face up: the effect still applies (708.8), layer 7b over its layer-1 values: a 4/4."""
    from kb.engine import base_pt
    game = Game(["A", "B"])
    h = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    game.create_effect("base 4/4", [base_pt(4, 4)], [h], UntilEndOfTurn(), controller="B")
    assert game.view(h).pt == (4, 4)
    game.add_mana("A", "{3}{G}{G}")
    game.turn_face_up("A", h)
    assert game.view(h).pt == (4, 4)


def test_t08_saga_phased_out_with_final_chapter_on_the_stack_is_sacrificed_once_back() -> None:
    """A Saga's chapter III is on the stack; the Saga phases out; the chapter resolves.  While phased
    out the Saga isn't sacrificed (702.26b); phased in with 3 lore counters and no chapter on the
    stack, it is (714.4)."""
    from kb.engine import chapter
    saga = card("Phasing Tale", "{2}{W}", "Enchantment — Saga",
                chapter(1, "I — You gain 1 life.", gains_life(1)), chapter(2, "II — You gain 2 life.", gains_life(2)),
                chapter(3, "III — You gain 3 life.", gains_life(3)))
    game = Game(["A", "B"])
    s = game.place(saga, player="A", counters={"lore": 2})
    game.put_counters(s, "lore", 1)
    game.refresh_priority()
    assert len(game.stack) == 1
    game.phase_out(s)
    game.resolve_stack()
    assert game.players["A"].life == 23
    assert _zone(game, s) is Zone.BATTLEFIELD
    game.phase_in(s)
    game.refresh_priority()
    assert _zone(game, s) is Zone.GRAVEYARD


# ================================================================================================
# Found by this audit: wrong answers and traps (each failed before its fix)
# ================================================================================================

def test_m01_an_effect_cant_turn_a_face_down_spell_face_up() -> None:
    """"Turn target face-down creature face up" aimed (by a scenario) at A's face-down morph spell on
    the stack: spells normally can't be turned face up (708.7), and the effect turns permanents.  It
    stays a face-down spell and becomes a face-down 2/2 permanent (708.4), not a 5/5 Hydra."""
    game = Game(["A", "B"])
    in_hand = game.place(HIPPO, Zone.HAND, "A")
    game.add_mana("A", "{3}")
    spell_id = game.cast("A", in_hand, face_down=FaceDown.MORPH)
    with pytest.raises(ScenarioError, match=r"708\.7"):
        turn_face_up(game, spell_id)
    assert game.view(spell_id).face_down
    game.resolve_stack()
    v = game.view(game.current(in_hand))
    assert v.face_down and v.pt == (2, 2)


def test_m02_a_card_exiled_face_down_has_no_characteristics() -> None:
    """A face-down card in exile has no characteristics (406.3a): it is no creature card, has no name
    and no mana value.  "This creature gets +1/+1 for each creature card in exile" counts the face-up
    Grizzly Bears in exile but not the face-down Hydra: a 1/1."""
    from kb.engine import cards_in, modify_pt_by, this_object
    in_exile = count(cards_in(Zone.EXILE, "Creature"))
    game = Game(["A", "B"])
    lord = game.place(card("Exile Counter", "{2}", "Creature — Spirit", 0, 0, StaticAbility(
        "This creature gets +1/+1 for each creature card in exile.", (modify_pt_by(in_exile, in_exile),),
        this_object())), player="A")
    game.place(BEARS, Zone.EXILE, "B")
    hidden = game.place(HIPPO, Zone.EXILE, "B", face_down=FaceDown.EFFECT)
    v = game.view(hidden)
    assert v.face_down and v.name is None and not v.types and v.mana_value == 0 and v.pt == (None, None)
    assert game.view(lord).pt == (1, 1)


def test_m03_a_face_down_card_exiled_by_hideaway_keeps_its_face_for_casting() -> None:
    """The card itself is unchanged by being face down in exile (406.3a: turned face up just before it
    is played): moved back to the hand, it is Hooded Hydra-ish again."""
    game = Game(["A", "B"])
    hidden = game.place(HIPPO, Zone.EXILE, "A", face_down=FaceDown.EFFECT)
    back = game.move(hidden, Zone.HAND)
    assert back is not None and game.view(back).name == "Hooded Hydra-ish" and game.view(back).pt == (5, 5)


def test_m04_exile_until_leaves_cant_exile_a_phased_out_permanent() -> None:
    """Banisher Priest-like "exile target creature until this leaves the battlefield" standing in as an
    effect on B's phased-out Bears: a phased-out permanent can't be affected (702.26b): nothing is
    exiled, as ``exile`` without ``until_leaves`` already answers."""
    game = Game(["A", "B"])
    priest = game.place(card("Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric", 2, 2), player="A")
    theirs = game.place(BEARS, player="B")
    game.phase_out(theirs)
    assert game.exile(theirs) == [None]
    game.exile(theirs, until_leaves=priest)
    assert _zone(game, theirs) is Zone.BATTLEFIELD and game.view(theirs).phased_out


def test_m05_put_onto_battlefield_cant_move_a_phased_out_permanent() -> None:
    """An effect "return it to the battlefield" naming a phased-out permanent: it's treated as though
    it doesn't exist (702.26b) and isn't moved, as ``move`` already answers (None)."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    assert game.put_onto_battlefield(bears, "A") is None
    assert game.obj(bears.id) is bears and game.view(bears).phased_out


@pytest.mark.parametrize("how", ["manifest", "cloak"])
def test_m06_manifesting_or_cloaking_a_permanent_is_refused(how: str) -> None:
    """Manifest and cloak turn a *card* face down and put it onto the battlefield (701.40a, 701.58a): a
    permanent already there isn't a card to manifest.  Asked to, the API says so and points to
    turn_face_down (708.2a) instead of making a new face-down object."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    with pytest.raises(ScenarioError, match="turn_face_down"):
        if how == "manifest":
            manifest(game, "A", bears)
        else:
            cloak(game, "A", bears)
    assert game.obj(bears.id) is bears and not game.view(bears).face_down


@pytest.mark.parametrize("step", [Step.UNTAP, Step.CLEANUP])
def test_m07_advance_to_a_step_without_priority_is_refused(step: Step) -> None:
    """No player receives priority in the untap step (502.4) and normally not in the cleanup step
    (514.3): ``advance_to`` waits for priority, so asking for them must fail (for the cleanup step, as
    soon as it has passed without priority), naming the rule, not play on until a library runs out."""
    game = Game(["A", "B"])
    with pytest.raises(ScenarioError, match="priority"):
        game.advance_to(step)
    assert game.turn == (1 if step is Step.UNTAP else 2)


def test_m07b_advance_to_cleanup_stops_when_a_trigger_gives_priority_there() -> None:
    """CR 514.3a: with a discard trigger in the cleanup step, A receives priority there, and
    ``advance_to(Step.CLEANUP)`` stops in it with the trigger on the stack."""
    from kb.engine import ChoiceKind, ZoneChanged, on_event
    game = Game(["A", "B"])
    game.place(card("Discard Watcher", "{B}", "Enchantment", TriggeredAbility(
        "Whenever you discard a card, you gain 1 life.",
        on_event("you discard a card", [ZoneChanged],
                 lambda t: 1 if isinstance(t.event, ZoneChanged) and t.event.cause.value == "discard" else 0),
        gains_life(1))), player="A")
    for _ in range(8 - len(game.hand("A"))):
        game.place(BEARS, Zone.HAND, "A")
    game.choices.script(ChoiceKind.DISCARD, lambda c: [game.hand("A")[0]], player="A")
    game.advance_to(Step.CLEANUP)
    assert game.step is Step.CLEANUP and game.priority == "A" and len(game.stack) == 1


def test_m08_placing_a_card_on_the_stack_is_refused() -> None:
    """``place(card, Zone.STACK)`` would make an object on the stack that is no spell (not in
    ``game.stack``): refused, pointing to ``cast``."""
    game = Game(["A", "B"])
    with pytest.raises(ScenarioError, match="cast"):
        game.place(BEARS, Zone.STACK, "A")


def test_m09_placing_an_aura_on_a_phased_out_permanent_is_refused() -> None:
    """Set up: a phased-in Aura attached to a phased-out creature is no state the rules make (702.26g:
    it would have phased out with it; 702.26b): ``place`` refuses it."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    with pytest.raises(ScenarioError, match="phased out"):
        game.place(RANCOR_LIKE, player="A", attached_to=bears)


def test_m10_a_left_object_does_not_claim_to_be_on_the_battlefield() -> None:
    """After Grizzly Bears die the old object no longer exists (400.7): its ``zone`` mustn't still say
    battlefield (a scenario asserting ``bears.zone is Zone.BATTLEFIELD`` would pass wrongly); the card
    is followed with ``game.current``."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.destroy(bears)
    assert bears.zone is not Zone.BATTLEFIELD
    assert game.current(bears).zone is Zone.GRAVEYARD


def test_m11_turn_face_up_effect_on_an_exiled_card_is_refused() -> None:
    """``turn_face_up(game, x)`` is the effect turning a *permanent* face up (708.7): given a face-down
    card in exile it says so rather than turning it (its face is for those allowed to look, 406.3)."""
    game = Game(["A", "B"])
    hidden = game.place(HIPPO, Zone.EXILE, "A", face_down=FaceDown.EFFECT)
    with pytest.raises(ScenarioError, match="permanent"):
        turn_face_up(game, hidden)
    assert game.view(hidden).face_down


def test_m12_phasing_out_until_it_itself_leaves_is_refused() -> None:
    """"Phases out until [this] leaves the battlefield" naming the phasing permanent itself: it can't
    leave while phased out (702.26b), so it would never come back: refused as bad input."""
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    with pytest.raises(ScenarioError, match="until_leaves"):
        game.phase_out(bears, until_leaves=bears)
    assert not game.view(bears).phased_out


def test_y09_token_copy_of_a_face_down_creature_is_a_face_up_nameless_two_two() -> None:
    """A token copy of A's face-down Hydra-ish takes the face-down copiable values (707.2, 708.2): a
    face-up 2/2 with no name and no colour."""
    from kb.engine import create_token_copies
    game = Game(["A", "B"])
    hidden = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    [made] = create_token_copies(game, hidden, "B", 1)
    v = game.view(made)
    assert not v.face_down and v.name is None and v.pt == (2, 2) and not v.colors


def test_y10_indirectly_phased_aura_triggers_on_phasing_in() -> None:
    """An Aura with "when this phases in, you gain 3 life" on Breezekeeper, and B's "whenever a
    permanent phases in, you gain 1 life": at A's second untap step both phase in (the Aura with its
    host, 702.26g): A gains 3, B gains 2 (one for each permanent)."""
    aura = card("Returning Charm", "{W}", "Enchantment — Aura", "enchant creature", TriggeredAbility(
        "When this Aura phases in, you gain 3 life.", phases_in(), gains_life(3)))
    game = _untap_game()
    keeper = game.place(PHASER, player="A")
    game.place(aura, player="A", attached_to=keeper)
    game.place(card("Phase Watcher", "{1}", "Artifact", TriggeredAbility(
        "Whenever a permanent phases in, you gain 1 life.", phases_in(permanents()), gains_life(1))), player="B")
    game.advance_to(Step.UPKEEP)
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    assert game.players["A"].life == 23 and game.players["B"].life == 22


def test_y11_face_down_legends_have_no_name_for_the_legend_rule() -> None:
    """Two face-down copies of a legendary morph creature: no name, not legendary (708.2): both stay.
    Once both are face up the legend rule applies (704.5j): A keeps one."""
    from kb.engine import ChoiceKind
    legend = card("Legend Morph", "{W}", "Legendary Creature — Dog", 2, 2, "morph {W}")
    game = Game(["A", "B"])
    first = game.place(legend, player="A", face_down=FaceDown.MORPH)
    second = game.place(legend, player="A", face_down=FaceDown.MORPH)
    game.refresh_priority()
    game.add_mana("A", "{W}")
    game.turn_face_up("A", first)
    game.refresh_priority()
    assert _zone(game, first) is Zone.BATTLEFIELD and _zone(game, second) is Zone.BATTLEFIELD
    game.add_mana("A", "{W}")
    game.choices.script(ChoiceKind.OBJECT, first, player="A")
    game.turn_face_up("A", second)
    game.refresh_priority()
    assert _zone(game, first) is Zone.BATTLEFIELD and _zone(game, second) is Zone.GRAVEYARD


# ================================================================================================
# Combat and face-down creatures turned up mid-combat
# ================================================================================================

def test_c01_turned_up_after_attacking_doesnt_trigger_attack_abilities() -> None:
    """A's face-down creature (face up: "whenever this attacks, you gain 3 life") attacks, then is
    turned face up: it already attacked (508.3a triggers on declaring): no life gained; B takes 3
    from the 3/3."""
    from kb.engine import attacks
    raider = card("Raiding Morph", "{2}{R}", "Creature — Human", 3, 3, "morph {R}", TriggeredAbility(
        "Whenever this creature attacks, you gain 3 life.", attacks(), gains_life(3)))
    game = Game(["A", "B"])
    hidden = game.place(raider, player="A", face_down=FaceDown.MORPH)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hidden])
    game.add_mana("A", "{R}")
    game.turn_face_up("A", hidden)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["A"].life == 20 and game.players["B"].life == 17


def test_c02_turned_up_with_lifelink_before_damage_gains_life() -> None:
    """A's face-down creature (face up a 3/3 with lifelink) attacks unblocked and is turned face up in
    the declare blockers step: it deals 3 combat damage with lifelink (702.15b): A 23, B 17."""
    lifer = card("Lifelink Morph", "{2}{W}", "Creature — Human", 3, 3, "lifelink", "morph {W}")
    game = Game(["A", "B"])
    hidden = game.place(lifer, player="A", face_down=FaceDown.MORPH)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hidden])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.add_mana("A", "{W}")
    game.turn_face_up("A", hidden)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["A"].life == 23 and game.players["B"].life == 17


def test_c03_blocker_turned_up_into_cant_block_keeps_blocking() -> None:
    """A's face-down creature (face up "this creature can't block", 4/4) blocks B's Hill Giant, then is
    turned face up: a restriction doesn't remove a declared blocker (506.4a): the Giant is blocked and
    dies; B takes nothing."""
    from kb.engine import CantBlock, this_object
    wall = card("Reluctant Morph", "{3}{G}", "Creature — Beast", 4, 4, "morph {G}", StaticAbility(
        "This creature can't block.", rules=(CantBlock(this_object()),)))
    game = Game(["A", "B"])
    hidden = game.place(wall, player="A", face_down=FaceDown.MORPH)
    giant = game.place(card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), player="B")
    _block_and_turn_up(game, hidden, giant, "{G}")
    assert game.players["A"].life == 20
    assert _zone(game, giant) is Zone.GRAVEYARD and _zone(game, hidden) is Zone.BATTLEFIELD


def test_c04_megamorph_counter_annihilates_a_minus_counter() -> None:
    """A face-down Ainok Survivalist with a -1/-1 counter (a 1/1) turned face up by its megamorph cost
    gets a +1/+1 counter (702.37b); the two cancel as a state-based action (704.5q): a 2/1 with none."""
    game = Game(["A", "B"])
    ainok = game.place(MEGA, player="A", face_down=FaceDown.MORPH, counters={"-1/-1": 1})
    game.add_mana("A", "{1}{G}")
    game.turn_face_up("A", ainok)
    game.refresh_priority()
    v = game.view(ainok)
    assert v.counter("+1/+1") == 0 and v.counter("-1/-1") == 0 and v.pt == (2, 1)


def test_c05_attacking_creature_phased_out_and_in_isnt_attacking() -> None:
    """A's Grizzly Bears attack; in the declare blockers step an effect phases them out and another
    phases them in: removed from combat (506.4), they aren't attacking again: B takes nothing, and
    "attacking creatures get +1/+1" doesn't apply to them."""
    from kb.engine import is_attacking
    game = Game(["A", "B"])
    bears = game.place(BEARS, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.phase_out(bears)
    game.phase_in(bears)
    assert not is_attacking(game, bears)
    game.advance_to(Step.END_OF_COMBAT)
    assert game.players["B"].life == 20


def test_c06_power_four_attack_trigger_sees_the_face_down_two_two() -> None:
    """B's "whenever a creature with power 4 or greater attacks, you gain 2 life": A's face-down Hydra-ish
    (5/5 face up) attacks as a 2/2: no trigger (508.3a, judged as it is declared)."""
    from kb.engine import attacks
    game = Game(["A", "B"])
    game.place(card("Big Watcher", "{G}", "Enchantment", TriggeredAbility(
        "Whenever a creature with power 4 or greater attacks, you gain 2 life.",
        attacks(where("creature with power 4 or greater", lambda c, o: o.is_a("Creature") and (o.power or 0) >= 4)),
        gains_life(2))), player="B")
    hidden = game.place(HIPPO, player="A", face_down=FaceDown.MORPH)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hidden])
    game.resolve_stack()
    assert game.players["B"].life == 20


def test_c07_threatened_face_down_creature_turned_up_stays_face_up_when_control_returns() -> None:
    """B Threatens A's face-down Zombie Cutthroat (control until end of turn) and turns it face up by
    its morph cost (702.37e: B controls it).  In the cleanup step control returns to A (514.2); it stays
    face up, the same object (708.8)."""
    game = Game(["A", "B"])
    hidden = game.place(ZOMBIE_CUTTHROAT, player="A", face_down=FaceDown.MORPH)
    game.next_turn()
    game.create_effect("Threaten", [control("B")], [hidden], UntilEndOfTurn(), controller="B")
    game.add_mana("B", "{2}{B}")
    game.turn_face_up("B", hidden)
    game.next_turn()
    v = game.view(hidden)
    assert v.controller == "A" and not v.face_down and v.name == "Zombie Cutthroat"


def test_c08_upkeep_ability_of_a_face_down_creature_doesnt_trigger() -> None:
    """A face-down creature whose face has "at the beginning of your upkeep, you gain 2 life": face down
    it has no abilities (708.2): nothing at A's upkeep, even if turned face up during that upkeep (the
    step began before, 603.2)."""
    keeper = card("Upkeep Morph", "{1}{W}", "Creature — Spirit", 1, 1, "morph {W}", TriggeredAbility(
        "At the beginning of your upkeep, you gain 2 life.", at_beginning_of(Step.UPKEEP, "you"), gains_life(2)))
    game = _untap_game()
    hidden = game.place(keeper, player="A", face_down=FaceDown.MORPH)
    game.advance_to(Step.UPKEEP)
    game.add_mana("A", "{W}")
    game.turn_face_up("A", hidden)
    game.resolve_stack()
    assert game.players["A"].life == 20
    game.next_turn()
    game.next_turn()
    game.resolve_stack()
    assert game.players["A"].life == 22


def test_c09_manifested_creature_turned_up_for_its_mana_cost_triggers_turned_face_up() -> None:
    """A manifested Icefeather Aven-like ("when this is turned face up, you gain 4 life") turned face up
    for its mana cost {G}{U} (701.40b): it is turned face up, so the ability triggers: 24."""
    game = Game(["A", "B"])
    game.place(SAGE, Zone.LIBRARY, "A")
    made = manifest_top(game, "A")
    assert made is not None
    game.add_mana("A", "{G}{U}")
    game.turn_face_up("A", made, how="mana cost")
    game.resolve_stack()
    assert game.players["A"].life == 24


# ================================================================================================
# Costs that tap or sacrifice other permanents, with phased-out ones about
# ================================================================================================

DRUM = card("Springleaf Drum", "{1}", "Artifact", ActivatedAbility(
    "{T}, Tap an untapped creature you control: Add {G}.", cost("{T}, Tap an untapped creature you control"),
    mana="{G}"))
ALTAR = card("Ashnod's Altar", "{3}", "Artifact", ActivatedAbility(
    "Sacrifice a creature: Add {C}{C}.", cost("Sacrifice a creature"), mana="{C}{C}"))


def test_k01_springleaf_drum_taps_a_summoning_sick_creature() -> None:
    """Springleaf Drum: "{T}, tap an untapped creature you control: add {G}".  A creature that entered
    this turn may be tapped for it: it is no {T} cost of the creature's own (302.6).  The mana casts
    Giant Growth."""
    game = Game(["A", "B"])
    drum = game.place(DRUM, player="A")
    fresh = game.put_onto_battlefield(BEARS, "A")
    assert fresh is not None
    game.activate("A", drum)
    assert game.view(fresh).tapped and game.view(drum).tapped
    game.cast("A", game.place(GROWTH, Zone.HAND, "A"), targets=[fresh])


def test_k02_springleaf_drum_cant_use_a_phased_out_creature() -> None:
    """With only a phased-out creature, Springleaf Drum's cost can't be paid (702.26b, 118.3): refused,
    nothing tapped."""
    game = Game(["A", "B"])
    drum = game.place(DRUM, player="A")
    bears = game.place(BEARS, player="A")
    game.phase_out(bears)
    with pytest.raises(IllegalAction, match=r"118\.3"):
        game.activate("A", drum)
    game.phase_in(bears)
    assert not game.view(bears).tapped and not game.view(drum).tapped


def test_k03_sacrifice_cost_cant_take_a_phased_out_creature() -> None:
    """Ashnod's Altar with a phased-out and a phased-in Bears: only the phased-in one can be sacrificed
    (702.26b); naming the other is refused, and with only the phased-out one the cost can't be paid."""
    from kb.engine import ChoiceKind
    game = Game(["A", "B"])
    altar = game.place(ALTAR, player="A")
    out = game.place(BEARS, player="A")
    game.phase_out(out)
    with pytest.raises(IllegalAction, match=r"118\.3"):
        game.activate("A", altar)
    there = game.place(BEARS, player="A")
    game.choices.script(ChoiceKind.OBJECT, out, player="A")
    with pytest.raises(ScenarioError):
        game.activate("A", altar)
    game.choices.script(ChoiceKind.OBJECT, there, player="A")
    game.activate("A", altar)
    assert _zone(game, there) is Zone.GRAVEYARD and game.view(out).phased_out
