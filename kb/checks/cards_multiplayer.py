"""Real cards the multiplayer and variant checks name (800-811, 900-905), described in our own
words, each with its Japanese name."""

from __future__ import annotations

from dataclasses import dataclass

from kb.checks.cards import real
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Indefinite,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    actions,
    at_beginning_of,
    attached_to_this,
    card,
    condition,
    create_delayed,
    creatures,
    enters,
    gain,
    gain_control,
    keyword_actions,
    on_event,
    rules,
    target_creature,
    target_player,
    teams,
    token,
    where,
)
from kb.engine.basics import PlayerId
from kb.engine.choices import Choice
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction
from kb.engine.events import LifeChanged, ZoneChanged
from kb.engine.game import Game
from kb.engine.keywords_hand import Cycled
from kb.engine.libraries import search
from kb.engine.objects import GameObject
from kb.engine.parts import base_pt, becomes_types
from kb.engine.stack import Resolution
from kb.engine.triggers import TriggerContext
from kb.engine.winning import ZERO_LIFE, cant_lose, opponents_cant_win

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
    keyword_actions.shuffle(game, opponent)


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


# -- Two-Headed Giant (810) ------------------------------------------------------------------------------


def _lose_what_you_gain(t: TriggerContext) -> int:
    event = t.event
    return int(isinstance(event, LifeChanged) and event.amount > 0 and event.player == t.source.controller)


def _lose_that_much(r: Resolution) -> None:
    event = r.event
    assert isinstance(event, LifeChanged)
    r.game.lose_life(r.controller, event.amount)


TRANSCENDENCE = real("卓絶", card(
    "Transcendence", "{3}{W}{W}{W}", "Enchantment",
    StaticAbility("You don't lose the game for having 0 or less life.",
                  replacements=(cant_lose(ZERO_LIFE, "You don't lose the game for having 0 or less life."),)),
    TriggeredAbility("Whenever you gain life, lose that much life.",
                     on_event("whenever you gain life", (LifeChanged,), _lose_what_you_gain), _lose_that_much)))
"""卓絶: its controller doesn't lose for having 0 or less life, and loses whatever life they gain."""

PLATINUM_ANGEL = real("白金の天使", card(
    "Platinum Angel", "{7}", "Artifact Creature — Angel", 4, 4, "flying",
    StaticAbility("You can't lose the game and your opponents can't win the game.",
                  replacements=(cant_lose(), opponents_cant_win()))))
"""白金の天使: its controller can't lose the game and their opponents can't win it."""


def _flame_rift(r: Resolution) -> None:
    for player in r.game.apnap():
        r.game.deal_damage(r.source_id or -1, player, 4)


FLAME_RIFT = real("火炎の裂け目", card("Flame Rift", "{1}{R}", "Sorcery", spell=SpellAbility(
    "Flame Rift deals 4 damage to each player.", _flame_rift)))


def _you_win(r: Resolution) -> None:
    actions.win(r.game, r.controller)


TEST_OF_ENDURANCE = real("忍耐の試練", card(
    "Test of Endurance", "{2}{W}{W}", "Enchantment", TriggeredAbility(
        "At the beginning of your upkeep, if you have 50 or more life, you win the game.",
        at_beginning_of(Step.UPKEEP), _you_win,
        condition=condition("you have 50 or more life", lambda c: c.game.players[c.player("you")].life >= 50))))


def _repay_in_kind(r: Resolution) -> None:
    game = r.game
    teams.each_life_becomes(game, min(game.players[p].life for p in game.apnap()), r.controller)


REPAY_IN_KIND = real("等価返し", card("Repay in Kind", "{5}{B}{B}", "Sorcery", spell=SpellAbility(
    "Each player's life total becomes the lowest life total among all players.", _repay_in_kind)))


def _life_becomes_ten(r: Resolution) -> None:
    actions.set_life(r.game, str(r.targets(0)[0]), 10)


TEST_LIFE_TEN = card("Test Reset", "{2}{W}", "Sorcery", spell=SpellAbility(
    "Target player's life total becomes 10.", _life_becomes_ten, (target_player(),)))
"""Test: a sorcery that makes a target player's life total 10."""

__all__ += ["FLAME_RIFT", "PLATINUM_ANGEL", "REPAY_IN_KIND", "TEST_LIFE_TEN",
            "TEST_OF_ENDURANCE", "TRANSCENDENCE"]


@dataclass(frozen=True)
class PayHalfYourLife:
    """"Pay half your life, rounded up" (119.4): the life total read when the cost is paid, which in
    Two-Headed Giant is the team's shared one (810.9a)."""

    text: str = "Pay half your life, rounded up"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> None:
        amount = -(-game.players[player].life // 2) if game.players[player].life > 0 else 0
        if amount and rules.life_loss_forbidden(game, player):
            raise IllegalAction(f"{player} can't pay {amount} life", "119.4, 119.8")
        actions.lose_life(game, player, amount)


def _lurking_evil(resolution: Resolution) -> None:
    if resolution.source_id is not None and resolution.source_id in resolution.game.objects:
        resolution.create_effect("becomes a 4/4 Phyrexian Horror creature with flying",
                                 [becomes_types("Creature", subtypes=["Phyrexian", "Horror"]), base_pt(4, 4),
                                  gain("flying")], [resolution.source_id], Indefinite())


LURKING_EVIL = real("隠れ潜む邪悪", card(
    "Lurking Evil", "{B}{B}{B}", "Enchantment", ActivatedAbility(
        "Pay half your life, rounded up: Lurking Evil becomes a 4/4 Phyrexian Horror creature with flying.",
        Cost(extra=(PayHalfYourLife(),)), _lurking_evil)))
"""隠れ潜む邪悪: pay half your life, rounded up, and it becomes a 4/4 flying Horror creature."""

__all__ += ["LURKING_EVIL", "PayHalfYourLife"]
