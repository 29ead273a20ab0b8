"""Cards shared by the engine's scenario files, each described in our own words after a
well-known card (the name says which).  A card used by one file only stays in that file."""

from __future__ import annotations

from collections.abc import Callable

from kb.engine import (
    ChoiceKind,
    Resolution,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    add_colors,
    add_types,
    as_enters_choose,
    attached_to_this,
    base_pt,
    base_pt_is_mana_value,
    card,
    creatures,
    enchantments,
    enters,
    enters_as_copy,
    lose_all_abilities,
    modify_pt,
    objects,
    target_creature,
    turned_face_up,
)


def gains_life(n: int) -> Callable[[Resolution], None]:
    """An effect: its controller gains ``n`` life."""
    return lambda r: r.game.gain_life(r.controller, n)


BEARS = card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2)
ELVES = card("Llanowar Elves", "{G}", "Creature — Elf Druid", 1, 1)
PHASING_BEAR = card("Phasing Bear", "{1}{G}", "Creature — Bear", 2, 2, "phasing")
SOL_RING = card("Sol Ring", "{1}", "Artifact")
GIANT = card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3)
SIZING_FIELD = card("Sizing Field", "{2}{W}", "Enchantment", StaticAbility(
    "All creatures have base power and toughness 1/1.", (base_pt(1, 1),), creatures()))
ANTHEM = card("Glorious Anthem", "{1}{W}{W}", "Enchantment",
              StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),),
                            creatures(controller="you")))
GROWTH = card("Giant Growth", "{G}", "Instant", spell=SpellAbility(
    "Target creature gets +3/+3 until end of turn.",
    lambda r: r.create_effect("+3/+3 until end of turn", [modify_pt(3, 3)], r.targets(0), UntilEndOfTurn()),
    (target_creature(),)))
BONESPLITTER = card("Bonesplitter", "{1}", "Artifact — Equipment",
                    StaticAbility("Equipped creature gets +2/+0.", (modify_pt(2, 0),), attached_to_this()),
                    "equip {1}")
CLONE = card("Clone", "{3}{U}", "Creature — Shapeshifter", 0, 0,
             StaticAbility("You may have this creature enter as a copy of any creature on the battlefield.",
                           replacements=(enters_as_copy(),)))
HUMILITY = card("Humility", "{2}{W}{W}", "Enchantment", StaticAbility(
    "All creatures lose all abilities and have base power and toughness 1/1.",
    (lose_all_abilities(), base_pt(1, 1)), creatures()))
OPALESCENCE = card("Opalescence", "{2}{W}{W}", "Enchantment", StaticAbility(
    "Each other non-Aura enchantment is a creature in addition to its other types and has base power and "
    "toughness each equal to its mana value.",
    (add_types("Creature"), base_pt_is_mana_value()), enchantments(other=True, not_subtypes=["Aura"])))

# Exalted Angel-like: morph {2}{W}{W}, a 4/5 flier; "when turned face up, you gain 3 life";
# "when this enters, you gain 5 life" (to see that it doesn't trigger on turning face up).
ANGEL = card("Morph Angel", "{4}{W}{W}", "Creature — Angel", 4, 5, "flying", "morph {2}{W}{W}",
             TriggeredAbility("When this creature is turned face up, you gain 3 life.", turned_face_up(), gains_life(3)),
             TriggeredAbility("When this creature enters, you gain 5 life.", enters(), gains_life(5)))
# A green megamorph 3/3 (Den Protector-like).
MEGA = card("Mega Bear", "{1}{G}{G}", "Creature — Bear", 3, 3, "megamorph {1}{G}")
# A disguise 3/2 (Karlov-era).
DISGUISED = card("Disguised Rogue", "{2}{U}", "Creature — Human Rogue", 3, 2, "disguise {1}{U}")

EVERYWHERE = [Zone.BATTLEFIELD, Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE, Zone.STACK]
PAINTER = card("Painter's Servant", "{2}", "Artifact Creature — Scarecrow", 1, 3,
               StaticAbility("As this creature enters, choose a color.", replacements=(as_enters_choose(
                   ChoiceKind.COLOR, lambda g: ("W", "U", "B", "R", "G"), "color",
                   "As this creature enters, choose a color."),)),
               StaticAbility("All cards that aren't on the battlefield, spells, and permanents are the chosen color "
                             "in addition to their other colors.", (add_colors(chosen="color"),),
                             objects(zones=EVERYWHERE)))
