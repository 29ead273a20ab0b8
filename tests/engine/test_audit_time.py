"""An audit of timestamps (613.7) across zones and statuses, through the public API.

Written as an independent tester would, from the CR (the rule numbers in each docstring) and from
well-known card interactions: when an object gets a new timestamp (entering a zone, becoming
attached, turning face up) and when it keeps its old one (phasing in, changing control), the
timestamp of a static ability's effect (613.7a), objects entering at once (613.7m), dependencies
beating timestamps (613.8) when a source phases or turns face up, and "for as long as" durations
across phasing and turning face down.  It also settles the leftovers of the earlier audits
(damage from a phased-out source, losing a supertype, misspelt counters, ``advance_to`` the
current step).  Cards are described in our own words; a card named in a test's name is the
well-known card whose behaviour the scenario borrows.
"""

from __future__ import annotations

import pytest
from scenario_cards import ANGEL, BEARS, CLONE, GIANT, OPALESCENCE, SOL_RING

from kb.engine import (
    ActivatedAbility,
    Card,
    ChoiceKind,
    FaceDown,
    ForAsLongAs,
    Game,
    Phase,
    ScenarioError,
    StaticAbility,
    Step,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    add_types,
    attached_to_this,
    base_pt,
    card,
    cost,
    creatures,
    gain,
    gain_control,
    lose,
    lose_types,
    modify_pt,
    permanents,
    prevent_damage,
    target_player,
    turn_face_down,
    while_controls,
)


def field(name: str, n: int) -> Card:
    """An enchantment: "All creatures have base power and toughness N/N." (layer 7b)."""
    return card(name, "{2}{W}", "Enchantment", StaticAbility(
        f"All creatures have base power and toughness {n}/{n}.", (base_pt(n, n),), creatures()))


SMALL_FIELD = field("Small Field", 1)
BIG_FIELD = field("Big Field", 3)
SHRINKING_AURA = card("Shrinking Aura", "{U}", "Enchantment — Aura", "enchant creature", StaticAbility(
    "Enchanted creature has base power and toughness 0/4.", (base_pt(0, 4),), attached_to_this()))
SHRINKING_BLADE = card("Shrinking Blade", "{1}", "Artifact — Equipment", StaticAbility(
    "Equipped creature has base power and toughness 5/1.", (base_pt(5, 1),), attached_to_this()), "equip {0}")
# A morph creature whose face-up static is a 7b effect (to watch its timestamp as it turns face up).
MORPH_LORD = card("Morph Lord", "{3}{W}", "Creature — Spirit", 2, 2, "morph {0}", StaticAbility(
    "All creatures have base power and toughness 4/4.", (base_pt(4, 4),), creatures()))
# "All permanents are enchantments in addition to their other types" (the 613.8 pair with Opalescence).
ENCHANTING = card("Enchanted Evening", "{3}{W/U}{W/U}", "Enchantment", StaticAbility(
    "All permanents are enchantments in addition to their other types.", (add_types("Enchantment"),),
    permanents()))
MORPH_ENCHANTER = card("Morph Enchanter", "{3}{W}", "Creature — Spirit", 2, 2, "morph {0}", StaticAbility(
    "All permanents are enchantments in addition to their other types.", (add_types("Enchantment"),),
    permanents()))
THIEF = card("Seasinger", "{1}{U}", "Creature — Merfolk", 0, 1)
LEGEND = card("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog", 2, 2)


def pinger() -> Card:
    """Prodigal Sorcerer-like: "{T}: This creature deals 1 damage to target player." """
    def ping(r: object) -> None:
        from kb.engine import Resolution

        assert isinstance(r, Resolution) and r.source_id is not None
        player = r.targets(0)[0]
        assert isinstance(player, str)
        r.game.deal_damage(r.source_id, player, 1)

    return card("Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard", 1, 1, ActivatedAbility(
        "{T}: This creature deals 1 damage to target player.", cost("{T}"), ping, (target_player(),)))


# Phasing keeps the timestamp (702.26d; 613.7d gives one only on entering a zone)


def test_two_phasing_fields_phase_in_together_in_their_old_order() -> None:
    """Cards: Small Field with phasing, then Big Field with phasing, Grizzly Bears.  Actions: both
    phase out in A's next untap step (2/2), and phase in together in the one after.
    CR 702.26a, 702.26d: phasing in together is no entering, so 613.7m's new relative order isn't
    asked for: they keep their timestamps and Big Field still wins: 3/3."""
    game = Game()
    small = game.place(card("Phasing Small Field", "{2}{W}", "Enchantment", "phasing", StaticAbility(
        "All creatures have base power and toughness 1/1.", (base_pt(1, 1),), creatures())), player="A")
    game.place(card("Phasing Big Field", "{2}{W}", "Enchantment", "phasing", StaticAbility(
        "All creatures have base power and toughness 3/3.", (base_pt(3, 3),), creatures())), player="A")
    bear = game.place(BEARS, player="A")
    game.next_turn("A")
    assert game.view(small).phased_out and game.view(bear).pt == (2, 2)
    game.next_turn("A")
    assert not game.view(small).phased_out
    assert game.view(bear).pt == (3, 3)


def test_stolen_creature_phasing_out_and_in_stays_stolen() -> None:
    """Cards: B's Grizzly Bears; A gains control of it until end of turn.  Actions: it phases out
    and back in that turn.
    CR 702.26d: phasing changes no control and makes no new object; the effect began before it
    phased out (702.26e is about effects beginning while it's out), so A controls it again."""
    game = Game()
    bear = game.place(BEARS, player="B")
    game.create_effect("gain control", [gain_control()], [bear], UntilEndOfTurn(), controller="A")
    game.phase_out(bear)
    game.phase_in(bear)
    assert game.view(bear).controller == "A"


def test_aura_phasing_in_with_its_creature_keeps_its_timestamp() -> None:
    """Cards: Grizzly Bears with an Aura "enchanted creature has base P/T 0/4", then Big Field
    (all creatures base 3/3).  Action: the Bears phase out (the Aura with them) and back in.
    CR 702.26g, 613.7e: an indirectly phased Aura stays attached: it never "becomes attached" and
    gets no new timestamp, so Big Field still wins: 3/3."""
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(SHRINKING_AURA, player="A", attached_to=bear.id)
    game.place(BIG_FIELD, player="A")
    assert game.view(bear).pt == (3, 3)
    game.phase_out(bear)
    assert game.view(aura).phased_out
    game.phase_in(bear)
    assert not game.view(aura).phased_out
    assert game.view(bear).pt == (3, 3)


# Attaching gives a new timestamp (613.7e)


# Turning face up (613.7f) and a static ability's timestamp (613.7a)


def test_face_up_again_after_turning_face_down_is_later_still() -> None:
    """Cards: the face-up morph lord (4/4 for all), then Small Field (1/1).  Actions: it is turned
    face down, then face up again.
    CR 613.7f: each turn gives a new timestamp; face up again its effect is the latest: 4/4."""
    game = Game()
    lord = game.place(MORPH_LORD, player="A")
    game.place(SMALL_FIELD, player="A")
    bear = game.place(BEARS, player="A")
    assert game.view(bear).pt == (1, 1)
    assert turn_face_down(game, lord)
    assert game.view(lord).face_down and game.view(bear).pt == (1, 1)
    game.turn_face_up("A", lord)
    assert game.view(bear).pt == (4, 4)


def test_static_ability_granted_to_a_face_down_creature_is_restamped_as_it_turns_up() -> None:
    """Cards: a face-down morph (Exalted Angel-like), Small Field (1/1), Grizzly Bears.  Actions:
    the morph is given "all creatures have base P/T 3/3"; a 5/5 field enters; the morph is turned
    face up.
    CR 708.2 sets only its characteristics in layer 1b, so the granted ability works face down:
    3/3, then 5/5 under the later field; 613.7f, 613.7a: turned face up it gets a new timestamp
    and so does the granted ability's effect: 3/3 again."""
    game = Game()
    morph = game.place(ANGEL, player="A", face_down=FaceDown.MORPH)
    game.place(SMALL_FIELD, player="A")
    bear = game.place(BEARS, player="A")
    granted = StaticAbility("All creatures have base power and toughness 3/3.", (base_pt(3, 3),), creatures())
    game.create_effect("gains 'all creatures are 3/3'", [gain(granted)], [morph], UntilEndOfTurn(), controller="A")
    assert game.view(bear).pt == (3, 3)
    game.place(field("Huge Field", 5), player="A")
    assert game.view(bear).pt == (5, 5)
    game.add_mana("A", "{2}{W}{W}")
    game.turn_face_up("A", morph)
    assert game.view(bear).pt == (3, 3)


def test_clone_copying_a_field_lord_has_its_own_later_timestamp() -> None:
    """Cards: B's creature "all creatures have base P/T 3/3" (the morph lord face up, 4/4), then
    Small Field (1/1).  Action: Clone enters as a copy of that creature.
    CR 613.7d, 613.7a, 707.2: the copy's static ability has the Clone's timestamp (it just entered),
    later than the Field: every creature is 4/4."""
    game = Game()
    lord = game.place(MORPH_LORD, player="B")
    game.place(SMALL_FIELD, player="A")
    bear = game.place(BEARS, player="A")
    assert game.view(bear).pt == (1, 1)
    game.choices.script(ChoiceKind.OBJECT, lord, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None and game.view(clone).name == "Morph Lord"
    assert game.view(bear).pt == (4, 4)


def test_static_ability_granted_to_an_aura_is_restamped_when_the_aura_moves() -> None:
    """Cards: the 0/4 Aura on Grizzly Bears, Small Field (1/1), Hill Giant.  Actions: a resolving
    effect gives the Aura "all creatures have base P/T 3/3"; then Big Field (base 5/5 here) enters;
    then the Aura is moved onto the Giant.
    CR 613.7a: the granted ability's effect first has the granting effect's timestamp (3/3 beats
    the Small Field); the later 5/5 field wins; when the Aura gets a new timestamp (613.7e) that
    effect gets a new one too, keeping its place after the Aura's own static: 3/3 again, the
    Giant too (its 0/4 from the Aura applies first)."""
    game = Game()
    bear = game.place(BEARS, player="A")
    aura = game.place(SHRINKING_AURA, player="A", attached_to=bear.id)
    game.place(SMALL_FIELD, player="A")
    giant = game.place(GIANT, player="A")
    granted = StaticAbility("All creatures have base power and toughness 3/3.", (base_pt(3, 3),), creatures())
    game.create_effect("gains 'all creatures are 3/3'", [gain(granted)], [aura], UntilEndOfTurn(), controller="A")
    assert game.view(giant).pt == (3, 3) and game.view(bear).pt == (3, 3)
    game.place(field("Huge Field", 5), player="A")
    assert game.view(giant).pt == (5, 5)
    game.attach(aura, giant)
    assert game.view(bear).pt == (3, 3)
    assert game.view(giant).pt == (3, 3)


def test_keyword_counters_keep_their_timestamp_through_phasing_and_share_a_new_one() -> None:
    """Card: Grizzly Bears with a flying counter.  Actions: "loses flying until end of turn";
    the Bears phase out and in; then another flying counter is put on it.
    CR 613.7c, 613.1f: the counter's flying is earlier than the loss: no flying, also after
    phasing (702.26d: counters stay, nothing is restamped); the new counter gives every flying
    counter on it a new timestamp, later than the loss: flying."""
    game = Game()
    bear = game.place(BEARS, player="A", counters={"flying": 1})
    assert game.view(bear).has("flying")
    game.create_effect("loses flying", [lose("flying")], [bear], UntilEndOfTurn(), controller="A")
    assert not game.view(bear).has("flying")
    game.phase_out(bear)
    game.phase_in(bear)
    assert not game.view(bear).has("flying")
    game.put_counters(bear, "flying")
    assert game.view(bear).has("flying")


def test_clone_of_a_lord_phasing_in_keeps_the_clones_timestamp() -> None:
    """Cards: B's face-up morph lord (all creatures base 4/4), then Small Field (1/1), then A's
    Clone entering as a copy of the lord.  Actions: the Clone phases out, then in.
    CR 613.7d, 707.2: the copy's static has the Clone's (latest) timestamp: 4/4.  Phased out
    (702.26b) only the lord's earlier one is left: the Field wins, 1/1.  702.26d: phased in it
    keeps its timestamp: 4/4 again."""
    game = Game()
    lord = game.place(MORPH_LORD, player="B")
    game.place(SMALL_FIELD, player="A")
    bear = game.place(BEARS, player="A")
    game.choices.script(ChoiceKind.OBJECT, lord, player="A")
    clone = game.put_onto_battlefield(CLONE, "A")
    assert clone is not None and game.view(bear).pt == (4, 4)
    game.phase_out(clone)
    assert game.view(bear).pt == (1, 1)
    game.phase_in(clone)
    assert game.view(bear).pt == (4, 4)


# Entering at once (613.7m)


@pytest.mark.parametrize("reverse", [False, True])
def test_two_fields_entering_at_once_take_their_controllers_order(reverse: bool) -> None:
    """Cards: A's Small Field and Big Field put onto the battlefield at the same time.
    CR 613.7m: A chooses their relative timestamps; the later one wins."""
    game = Game()
    bear = game.place(BEARS, player="A")
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda c: list(reversed(c.items)) if reverse else list(c.items),
                        player="A")
    entered = game.put_all_onto_battlefield([SMALL_FIELD, BIG_FIELD], "A")
    assert all(e is not None for e in entered)
    assert game.view(bear).pt == ((1, 1) if reverse else (3, 3))


def test_fields_entering_at_once_ask_for_an_order() -> None:
    """Two of A's fields entering together without a scripted order: A must choose (613.7m)."""
    game = Game()
    game.place(BEARS, player="A")
    with pytest.raises(UnscriptedChoice):
        game.put_all_onto_battlefield([SMALL_FIELD, BIG_FIELD], "A")


def test_fields_entering_at_once_go_in_apnap_order() -> None:
    """Cards: in A's turn, B's Small Field and A's Big Field enter at the same time.
    CR 613.7m: the active player's objects get the earlier timestamps, then the others in turn
    order: B's Small Field is later and wins: 1/1."""
    game = Game()
    bear = game.place(BEARS, player="A")
    small = game.place(SMALL_FIELD, Zone.HAND, "B")
    big = game.place(BIG_FIELD, Zone.HAND, "A")
    game.put_all_onto_battlefield([small, big])
    assert game.view(bear).pt == (1, 1)


# Dependency beats timestamps (613.8) when sources phase or turn face up


@pytest.mark.parametrize("evening_first", [False, True])
def test_opalescence_waits_for_a_phased_in_enchanted_evening(evening_first: bool) -> None:
    """Cards: Opalescence and "all permanents are enchantments" (either timestamp order), Sol Ring.
    Actions: the second phases out, then back in.
    CR 702.26b: phased out it applies to nothing: Sol Ring is no creature.  Phased in, 613.8a:
    Opalescence depends on it, so it applies first whatever the timestamps: Sol Ring is a 1/1."""
    game = Game()
    if evening_first:
        evening = game.place(ENCHANTING, player="A")
        game.place(OPALESCENCE, player="A")
    else:
        game.place(OPALESCENCE, player="A")
        evening = game.place(ENCHANTING, player="A")
    ring = game.place(SOL_RING, player="A")
    assert game.view(ring).pt == (1, 1)
    game.phase_out(evening)
    assert not game.view(ring).is_a("Creature")
    game.phase_in(evening)
    assert game.view(ring).pt == (1, 1)


def test_opalescence_waits_for_a_morph_turned_face_up_later() -> None:
    """Cards: a face-down morph whose face-up static is "all permanents are enchantments", then
    Opalescence, Sol Ring.  Action: the morph is turned face up (a new, later timestamp, 613.7f).
    CR 708.2: face down it has no abilities: Sol Ring is no creature.  613.8a: Opalescence depends
    on the newer effect and applies after it: Sol Ring is a 1/1 creature."""
    game = Game()
    morph = game.place(MORPH_ENCHANTER, player="A", face_down=FaceDown.MORPH)
    game.place(OPALESCENCE, player="A")
    ring = game.place(SOL_RING, player="A")
    assert not game.view(ring).is_a("Creature")
    game.turn_face_up("A", morph)
    assert game.view(ring).pt == (1, 1)


# "For as long as" across phasing and turning face down (611.2b)


def test_for_as_long_as_it_stays_face_up_ends_for_good_when_turned_face_down() -> None:
    """Cards: A's face-up morph lord; Grizzly Bears.  Action: "the Bears get +2/+2 for as long as
    the lord remains face up"; the lord is turned face down, then face up again.
    CR 611.2b: once the duration has ended the effect doesn't start again: 2/2 (under nothing
    else: the lord face up again makes it 4/4 by its own static, not 6/6)."""
    game = Game()
    lord = game.place(MORPH_LORD, player="A")
    bear = game.place(BEARS, player="A")
    game.create_effect("+2/+2", [modify_pt(2, 2)], [bear],
                       ForAsLongAs("the lord remains face up", lambda g: not g.view(lord).face_down),
                       controller="A")
    assert game.view(bear).pt == (6, 6)
    assert turn_face_down(game, lord)
    assert game.view(bear).pt == (2, 2)
    game.turn_face_up("A", lord)
    assert game.view(bear).pt == (4, 4)


def test_for_as_long_as_you_control_lasts_while_its_source_is_turned_face_down() -> None:
    """Cards: A's face-up morph lord as the source; B's Grizzly Bears.  Action: "gain control of
    the Bears for as long as you control it"; the source is turned face down.
    CR 708.2, 400.7: turning face down doesn't make a new object; A still controls it: A keeps
    the Bears."""
    game = Game()
    source = game.place(MORPH_LORD, player="A")
    bear = game.place(BEARS, player="B")
    game.create_effect("gain control", [gain_control()], [bear], while_controls("A", source.id), source=source,
                       controller="A")
    assert turn_face_down(game, source)
    assert game.view(bear).controller == "A"


# Leftovers of the earlier audits


def test_ability_of_a_source_that_phased_out_still_deals_its_damage() -> None:
    """Card: Prodigal Sorcerer-like pinger.  Action: its ability targets B; in response it phases out.
    CR 113.7a, 608.2h: the ability exists independently of its source; the source isn't where it
    was expected to be (702.26b: treated as though it doesn't exist), so its last known
    information is used and the damage is dealt: B at 19."""
    game = Game()
    sorcerer = game.place(pinger(), player="A")
    game.activate("A", sorcerer, targets=["B"])
    game.phase_out(sorcerer)
    game.resolve_stack()
    assert game.players["B"].life == 19


def test_prevention_naming_a_source_applies_to_its_damage_after_it_phased_out() -> None:
    """Card: the pinger.  Actions: "prevent all damage the pinger would deal this turn"; its
    ability targets B; in response it phases out.
    CR 609.7a, 702.26d: phasing doesn't make a new object, so the effect still names that source,
    and the damage its ability deals is prevented: B at 20."""
    game = Game()
    sorcerer = game.place(pinger(), player="A")
    game.create_effect("prevent its damage", replacements=[prevent_damage(source=sorcerer.id)],
                       duration=UntilEndOfTurn(), controller="B")
    game.activate("A", sorcerer, targets=["B"])
    game.phase_out(sorcerer)
    game.resolve_stack()
    assert game.players["B"].life == 20


def test_legend_that_loses_legendary_is_spared_by_the_legend_rule() -> None:
    """Cards: two of A's Isamaru.  Action: one of them "loses legendary" until end of turn.
    CR 205.4, 613.1d, 704.5j: a supertype lost in layer 4: only one legendary permanent is named
    Isamaru, and both stay."""
    game = Game()
    first = game.place(LEGEND, player="A")
    second = game.place(LEGEND, player="A")
    game.create_effect("loses legendary", [lose_types(supertypes=["Legendary"])], [first], UntilEndOfTurn(),
                       controller="A")
    assert "Legendary" not in {str(s) for s in game.view(first).supertypes}
    game.refresh_priority()
    assert game.current(first).zone is Zone.BATTLEFIELD and game.current(second).zone is Zone.BATTLEFIELD


def test_unknown_supertype_to_lose_is_refused() -> None:
    with pytest.raises(ScenarioError, match="supertype"):
        lose_types(supertypes=["Legendery"])


@pytest.mark.parametrize("kind", ["+1/+l", "\u22121/\u22121", "1/1", "+1/+1 "])
def test_misspelt_power_toughness_counter_is_refused(kind: str) -> None:
    """CR 122.1a: "+X/+Y" counters change P/T; a kind written like one but malformed would change
    nothing silently, so it is refused (122.1: other words are counters of their own kind)."""
    game = Game()
    bear = game.place(BEARS, player="A")
    with pytest.raises(ScenarioError, match="power/toughness counter"):
        game.put_counters(bear, kind)
    with pytest.raises(ScenarioError, match="power/toughness counter"):
        game.place(BEARS, player="A", counters={kind: 1})
    game.put_counters(bear, "+1/+1")
    game.put_counters(bear, "-0/-1")
    game.put_counters(bear, "oil")  # any word names a counter (122.1)
    assert game.view(bear).pt == (3, 2)


def test_advance_to_the_current_step_is_refused_unless_asked_again() -> None:
    """The game starts in A's precombat main phase: advancing to it would silently skip to B's
    turn.  ``again=True`` asks for the next one explicitly."""
    game = Game()
    with pytest.raises(ScenarioError, match="already"):
        game.advance_to(Phase.PRECOMBAT_MAIN)
    assert game.turn == 1 and game.active == "A"
    game.advance_to(Step.UPKEEP)
    assert game.turn == 2 and game.step is Step.UPKEEP
    with pytest.raises(ScenarioError, match="already"):
        game.advance_to(Step.UPKEEP, "B")
    game.advance_to(Step.UPKEEP, again=True)
    assert game.turn == 3 and game.active == "A" and game.step is Step.UPKEEP


def test_advance_to_a_phase_with_steps_stops_at_its_first_step_with_priority() -> None:
    """``advance_to(Phase.COMBAT)`` used to match no moment at all (a combat phase is always in one
    of its steps) and silently played on until the game ended by decking.  CR 500.1, 506.1: the
    combat phase begins with its beginning of combat step; 501.1, 502.4: the beginning phase's
    first step with priority is the upkeep step."""
    game = Game()
    game.advance_to(Phase.COMBAT)
    assert (game.turn, game.step) == (1, Step.BEGINNING_OF_COMBAT)
    with pytest.raises(ScenarioError, match="already"):
        game.advance_to(Phase.COMBAT)
    game.advance_to(Phase.ENDING)
    assert (game.turn, game.step) == (1, Step.END)
    game.advance_to(Phase.BEGINNING)
    assert (game.turn, game.active, game.step) == (2, "B", Step.UPKEEP)
    game.advance_to(Phase.COMBAT, "A")
    assert (game.turn, game.active, game.step) == (3, "A", Step.BEGINNING_OF_COMBAT)
    game.advance_to(Phase.COMBAT, again=True)
    assert (game.turn, game.active, game.step) == (4, "B", Step.BEGINNING_OF_COMBAT)
