"""Real cards the multiplayer and variant checks name (800-811, 900-905), described in our own
words, each with its Japanese name."""

from __future__ import annotations

from kb.checks.cards import real
from kb.engine import (
    ChoiceKind,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    at_beginning_of,
    attached_to_this,
    card,
    condition,
    create_delayed,
    creatures,
    enters,
    gain_control,
    on_event,
    target_creature,
    target_player,
    token,
    where,
)
from kb.engine.choices import Choice
from kb.engine.events import ZoneChanged
from kb.engine.keywords_hand import Cycled
from kb.engine.libraries import search, shuffle
from kb.engine.stack import Resolution
from kb.engine.triggers import TriggerContext

ASSAULT_GRIFFIN = real("突撃するグリフィン", card("Assault Griffin", "{3}{W}", "Creature — Griffin", 3, 2, "flying"))

MIND_CONTROL = real("精神の制御", card(
    "Mind Control", "{3}{U}{U}", "Enchantment — Aura", "enchant creature",
    StaticAbility("You control enchanted creature.", (gain_control(),), attached_to_this())))
"""精神の制御: an Aura whose controller controls the enchanted creature."""


def _bribery(r: Resolution) -> None:
    game = r.game
    opponent = str(r.targets(0)[0])
    found = search(game, r.controller, opponent, "a creature card", lambda v: v.is_a("Creature"))
    if found is not None:
        game.put_onto_battlefield(found, r.controller)
    shuffle(game, opponent)


BRIBERY = real("袖の下", card("Bribery", "{3}{U}{U}", "Sorcery", spell=SpellAbility(
    "Search target opponent's library for a creature card and put that card onto the battlefield under your "
    "control. Then that player shuffles.", _bribery, (target_player("opponent"),))))
"""袖の下: put a creature card from a target opponent's library onto the battlefield under your control."""

MYR = token("Myr", "Artifact Creature — Myr", 1, 1)


def _genesis_myr(r: Resolution) -> None:
    event = r.event
    assert isinstance(event, ZoneChanged) and event.new_id is not None
    r.game.create_token(MYR, r.game.last_known_view(event.new_id).controller)


GENESIS_CHAMBER = real("起源室", card(
    "Genesis Chamber", "{2}", "Artifact", TriggeredAbility(
        "Whenever a nontoken creature enters, if Genesis Chamber is untapped, that creature's controller creates a "
        "1/1 colorless Myr artifact creature token.",
        enters(creatures() & where("nontoken", lambda c, o: not c.game.objects[o.id].is_token)), _genesis_myr,
        condition=condition("Genesis Chamber is untapped",
                            lambda c: c.source is not None and not c.game.objects[c.source.id].tapped))))
"""起源室: whenever a nontoken creature enters while it is untapped, that creature's controller gets a 1/1 Myr."""

HYPNOTIC_SPECTER = real("惑乱の死霊", card("Hypnotic Specter", "{1}{B}{B}", "Creature — Specter", 2, 2, "flying"))
"""惑乱の死霊 (its discard-at-random trigger on dealing damage to an opponent is left out: no check here needs it)."""


def _cycled(t: TriggerContext) -> int:
    return int(isinstance(t.event, Cycled))


def _astral_slide(r: Resolution) -> None:
    game = r.game
    chosen = r.objects(0)
    if not chosen or not game.choices.ask(Choice(ChoiceKind.MAY, r.controller, "exile target creature?", (True, False))):
        return
    exiled = [o for o in game.exile(*chosen) if o is not None]

    def come_back(back: Resolution) -> None:
        for obj in exiled:
            if obj.id in back.game.objects and obj.zone is Zone.EXILE:
                back.game.put_onto_battlefield(obj, obj.owner)

    if exiled:
        create_delayed(game, "return the exiled card to the battlefield under its owner's control",
                       at_beginning_of(Step.END, "each"), come_back, r.controller, source=r.source_id)


ASTRAL_SLIDE = real("霊体の地滑り", card(
    "Astral Slide", "{2}{W}", "Enchantment", TriggeredAbility(
        "Whenever a player cycles a card, you may exile target creature. If you do, return the exiled card to the "
        "battlefield under its owner's control at the beginning of the next end step.",
        on_event("whenever a player cycles a card", (Cycled,), _cycled), _astral_slide, (target_creature(),))))
"""霊体の地滑り: whenever a player cycles, you may exile a target creature until the beginning of the next end step."""

__all__ = ["ASSAULT_GRIFFIN", "ASTRAL_SLIDE", "BRIBERY", "GENESIS_CHAMBER", "HYPNOTIC_SPECTER", "MIND_CONTROL", "MYR"]
