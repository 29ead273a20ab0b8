"""Cards and small building blocks the checks of chapters 601-616 and 704 share.

Real cards are registered in the shared pool (:data:`kb.checks.cards.POOL`) with their official
Japanese names and written from their Oracle meaning in our own words; a part a check doesn't
exercise is named as left out.  Made-up cards are called "Test …".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kb.checks.cards import real
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Layer,
    LayerPart,
    Resolution,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    Zone,
    add_types,
    as_enters_choose,
    base_pt,
    card,
    cost,
    creatures,
    enters,
    keyword,
    lands,
    modify_pt,
    on_event,
    permanents,
    replacement,
    this_object,
)
from kb.engine.characteristics import ObjectState
from kb.engine.context import Context, Seeable
from kb.engine.events import Tapped
from kb.engine.parts import GainAbilities, Op
from kb.engine.selectors import Filter
from kb.engine.triggers import Trigger, TriggerContext


def gain(amount: int) -> Callable[[Resolution], None]:
    """An effect: "you gain ``amount`` life" (what the watchers do, so a check counts triggers)."""

    def effect(resolution: Resolution) -> None:
        resolution.game.gain_life(resolution.controller, amount)

    return effect


def becomes_tapped(what: Filter | None = None) -> Trigger:
    """"Whenever [this / a what] becomes tapped" (603.2e): only when it turns from untapped to
    tapped on the battlefield, never when it enters tapped."""

    def count(t: TriggerContext) -> int:
        event = t.event
        return int(isinstance(event, Tapped) and t.matches(what, event.object_id))

    return on_event(f"whenever {what or 'this'} becomes tapped", (Tapped,), count)


def destroy_all(what: Filter) -> Callable[[Resolution], None]:
    def effect(resolution: Resolution) -> None:
        game = resolution.game
        context = resolution.context()
        game.destroy(*what.select(context))

    return effect


# -- real cards ----------------------------------------------------------------------------------

ARMAGEDDON = real("ハルマゲドン", card("Armageddon", "{3}{W}", "Sorcery", spell=SpellAbility(
    "Destroy all lands.", destroy_all(lands()))))

AKROMAS_VENGEANCE = real("アクローマの復讐", card("Akroma's Vengeance", "{4}{W}{W}", "Sorcery", spell=SpellAbility(
    "Destroy all artifacts, creatures, and enchantments.",
    destroy_all(permanents("Artifact") | permanents("Creature") | permanents("Enchantment")))))
"""アクローマの復讐; its cycling is left out."""

NATURES_REVOLT = real("自然の反乱", card(
    "Nature's Revolt", "{3}{G}{G}", "Enchantment",
    StaticAbility("All lands are 2/2 creatures that are still lands.", (add_types("Creature"), base_pt(2, 2)),
                  lands())))

SOUL_WARDEN = real("魂の管理人", card(
    "Soul Warden", "{W}", "Creature — Human Cleric", 1, 1,
    TriggeredAbility("Whenever another creature enters, you gain 1 life.",
                     enters(creatures(other=True)), gain(1))))

GLORIOUS_ANTHEM_LIKE = StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),),
                                     creatures(controller="you"))


def pinger(name: str = "Test Pinger", amount: int = 1) -> ActivatedAbility:
    """"{0}: this deals ``amount`` damage to any target" (a test ability)."""
    from kb.engine import any_target

    def ping(resolution: Resolution) -> None:
        chosen = resolution.target
        if chosen is not None and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, chosen, amount)

    return ActivatedAbility(f"{{0}}: {name} deals {amount} damage to any target.", cost("{0}"), ping,
                            (any_target(),))


def in_graveyard_of(resolution: Resolution, object_id: int | None) -> bool:
    game = resolution.game
    return object_id is not None and object_id in game.objects and game.objects[object_id].zone is Zone.GRAVEYARD




# -- choices linked to the ability that made them (607.2d, 607.5a) --------------------------------


@dataclass(frozen=True)
class Undefined(Op):
    """An ability refers to a choice that was never made for it: that part does nothing (607.5a)."""

    def apply(self, state: ObjectState, timestamp: int) -> None:
        return None


def chosen_value(context: Context, key: str) -> object:
    """The choice recorded under ``key`` on the object whose ability asks, or None: undefined (607.5a)."""
    source = context.source
    return None if source is None else replacement.chosen_for(context.game, source.id, key)


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def choose_a_color(name: str) -> StaticAbility:
    """"As [name] enters, choose a color": the choice is recorded for this ability only (607.2d)."""
    text = f"As {name} enters, choose a color."
    return StaticAbility(text, replacements=(as_enters_choose(ChoiceKind.COLOR, lambda g: tuple(COLOR_WORDS),
                                                              f"color ({name})", text),))


def protection_from_the_chosen_color(name: str) -> StaticAbility:
    key = f"color ({name})"

    def plan(context: Context, state: Seeable) -> Op:
        color = chosen_value(context, key)
        if not isinstance(color, str):
            return Undefined()
        return GainAbilities((keyword(f"protection from {COLOR_WORDS[color]}"),))

    return StaticAbility(f"{name} has protection from the chosen color.",
                         (LayerPart(Layer.ABILITY, "protection from the chosen color", plan, frozenset(), local=True),),
                         this_object())


VOICE_OF_ALL = real("万物の声", card(
    "Voice of All", "{2}{W}{W}", "Creature — Angel", 2, 2, "flying",
    choose_a_color("Voice of All"), protection_from_the_chosen_color("Voice of All")))


def _one_of_the_chosen_color(name: str) -> Callable[[Context], str]:
    def mana(context: Context) -> str:
        color = chosen_value(context, f"color ({name})")
        return f"{{{color}}}" if isinstance(color, str) else ""  # undefined: nothing (607.5a)

    return mana


QUIRION_ELVES = real("クウィリーオン・エルフ", card(
    "Quirion Elves", "{1}{G}", "Creature — Elf Druid", 1, 1, choose_a_color("Quirion Elves"),
    ActivatedAbility("{T}: Add {G}.", cost("{T}"), mana="{G}"),
    ActivatedAbility("{T}: Add one mana of the chosen color.", cost("{T}"), mana=_one_of_the_chosen_color(
        "Quirion Elves"))))


__all__ = ["AKROMAS_VENGEANCE", "ARMAGEDDON", "NATURES_REVOLT", "QUIRION_ELVES", "SOUL_WARDEN", "VOICE_OF_ALL",
           "becomes_tapped", "destroy_all", "gain", "pinger"]
