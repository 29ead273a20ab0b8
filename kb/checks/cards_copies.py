"""Cards the checks of copies (707), double-faced cards (712) and the other examples of sections 7
play with.

Real cards are written from their Oracle meaning in our own words (parts left out are named in
their docstrings) and registered in :data:`kb.checks.cards.POOL` with their Japanese names.
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.cards import POOL, real
from kb.engine import (
    ActivatedAbility,
    CardType,
    ChoiceKind,
    Game,
    ObjectId,
    Replacement,
    Resolution,
    SpellAbility,
    StaticAbility,
    Supertype,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    add_types,
    attached_to_this,
    base_pt,
    becomes_color,
    becomes_creature_types,
    becomes_types,
    card,
    copies,
    copy_targets,
    cost,
    creatures,
    deals_damage,
    enchantments,
    enters,
    face,
    gain,
    influence,
    keyword_actions,
    layouts,
    libraries,
    lose_all_abilities,
    lose_types,
    modify_pt,
    on_event,
    permanents,
    piles,
    player_control,
    restart,
    spell_copies,
    spells,
    target_creature,
    target_player,
    target_spell,
    this_object,
    token,
    transform,
)
from kb.engine.characteristics import Characteristics
from kb.engine.choices import Choice
from kb.engine.devotion import DevotionIncrease, devotion_less_than
from kb.engine.events import Revealed, SpellCast
from kb.engine.expend import expend
from kb.engine.keywords import keywords as keyword_abilities
from kb.engine.keywords_graveyard import haunted_dies
from kb.engine.replacement import CreateTokens, enters_tapped
from kb.engine.targets import target
from kb.engine.triggers import TriggerContext, any_of


def _staff(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None:
        resolution.create_effect(f"a {resolution.x}/{resolution.x} Construct artifact creature until end of turn",
                                 [add_types("Creature"), becomes_creature_types("Construct"),
                                  base_pt(resolution.x, resolution.x)], [source], UntilEndOfTurn())


CHIMERIC_STAFF = real("キマイラ杖", card(
    "Chimeric Staff", "{4}", "Artifact",
    ActivatedAbility("{X}: This artifact becomes an X/X Construct artifact creature until end of turn.",
                     cost("{X}"), _staff)))

GRINNING_DEMON = real("にやにや笑いの悪魔", card(
    "Grinning Demon", "{2}{B}{B}", "Creature — Demon", 6, 6, "morph {2}{B}{B}"))
"""Its upkeep life loss is left out: the checks only turn it face down and up."""

BRANCHSNAP_LORIAN = real("枝折りロリアン", card(
    "Branchsnap Lorian", "{1}{G}{G}", "Creature — Beast", 4, 1, "trample", "morph {G}"))

WANDERING_ONES = real("さまようもの", card("Wandering Ones", "{U}", "Creature — Spirit", 1, 1))

SKYSHROUD_BEHEMOTH = real("スカイシュラウドのビヒモス", card(
    "Skyshroud Behemoth", "{5}{G}{G}", "Creature — Beast", 10, 10, "fading 2",
    StaticAbility("This creature enters tapped.", replacements=(enters_tapped(),))))


def _draw_a_card(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


WALL_OF_OMENS = real("前兆の壁", card(
    "Wall of Omens", "{1}{W}", "Creature — Wall", 0, 4, "defender",
    TriggeredAbility("When this creature enters, draw a card.", enters(this_object()), _draw_a_card)))


AFFLICTED_DESERTER = real("苦悩の脱走者", card(
    "Afflicted Deserter", "{3}{R}", "Creature — Human Werewolf", 3, 2,
    back=face("Werewolf Ransacker", None, "Creature — Werewolf", 5, 4, colors="R")))
"""Both faces' transform triggers and the back face's artifact destruction are left out: the checks
transform it by other means."""
POOL.japanese["狼男の荒らし屋"] = "Werewolf Ransacker"  # the back face, named in the statements

INSTIGATOR_GANG = real("扇動する集団", card(
    "Instigator Gang", "{3}{R}", "Creature — Human Werewolf", 2, 3,
    back=face("Wildblood Pack", None, "Creature — Werewolf", 5, 5, "trample", colors="R")))
"""Each face's bonus for attacking creatures and the transform triggers are left out."""
POOL.japanese["野生の血の群れ"] = "Wildblood Pack"


def _moonmist(resolution: Resolution) -> None:
    game = resolution.game
    for creature in [o for o in game.creatures() if "Human" in game.view(o.id).subtypes]:
        transform.transform(game, creature)


MOONMIST = real("月霧", card("Moonmist", "{1}{G}", "Instant", spell=SpellAbility(
    "Transform all Humans.", _moonmist)))
"""Its prevention of combat damage by non-Werewolves and non-Wolves is left out."""


QUICKSILVER_GARGANTUAN = real("水銀のガルガンチュアン", card(
    "Quicksilver Gargantuan", "{5}{U}{U}", "Creature — Shapeshifter", 7, 7,
    StaticAbility("You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7.",
                  replacements=(copies.enters_as_copy(changes=copies.except_it_is(power=7, toughness=7),
                                                      text="You may have this creature enter as a copy of any "
                                                           "creature on the battlefield, except it's 7/7."),))))

GLASSPOOL_MIMIC = real("玻璃池のミミック", card(
    "Glasspool Mimic", "{2}{U}", "Creature — Shapeshifter Rogue", 0, 0,
    StaticAbility("You may have this creature enter as a copy of a creature you control, except it's a Shapeshifter "
                  "Rogue in addition to its other types.",
                  replacements=(copies.enters_as_copy(
                      creatures(controller="you"),
                      changes=lambda v: replace(v, subtypes=v.subtypes | {"Shapeshifter", "Rogue"}),
                      text="You may have this creature enter as a copy of a creature you control, except it's a "
                           "Shapeshifter Rogue in addition to its other types."),))))
"""The back face of its modal double-faced card (Shatterskull Smashing) is left out."""


def _x_counters(game: Game, entering: ObjectId, values: Characteristics) -> dict[str, int]:
    return {"+1/+1": game.objects[entering].x}


ALTERED_EGO = real("もう一人の自分", card(
    "Altered Ego", "{X}{2}{G}{U}", "Creature — Shapeshifter", 0, 0,
    StaticAbility("You may have this creature enter as a copy of any creature on the battlefield, except it enters "
                  "with X additional +1/+1 counters on it.",
                  replacements=(copies.enters_as_copy(counters=_x_counters,
                                                      text="You may have this creature enter as a copy of any "
                                                           "creature on the battlefield, except it enters with X "
                                                           "additional +1/+1 counters on it."),))))
"""もう一人の自分; "this spell can't be countered" is left out."""


def _moritte_changes(values: Characteristics) -> Characteristics:
    """Legendary and snow in addition; if the result is a creature, changeling too (707.9f)."""
    made = replace(values, supertypes=values.supertypes | {Supertype.LEGENDARY, Supertype.SNOW})
    if CardType.CREATURE in made.types:
        made = replace(made, abilities=(*made.abilities, *keyword_abilities("changeling")))
    return made


def _moritte_counters(game: Game, entering: ObjectId, values: Characteristics) -> dict[str, int]:
    return {"+1/+1": 2} if CardType.CREATURE in values.types else {}


MORITTE_OF_THE_FROST = real("霜のモーリット", card(
    "Moritte of the Frost", "{2}{G}{U}{U}", "Legendary Snow Creature — Shapeshifter", 0, 0, "changeling",
    StaticAbility("You may have Moritte enter as a copy of a permanent you control, except it's legendary and snow in "
                  "addition to its other types and, if it's a creature, it enters with two additional +1/+1 counters "
                  "on it and has changeling.",
                  replacements=(copies.enters_as_copy(
                      permanents(controller="you"), changes=_moritte_changes, counters=_moritte_counters,
                      text="You may have Moritte enter as a copy of a permanent you control, except it's legendary "
                           "and snow in addition to its other types and, if it's a creature, it enters with two "
                           "additional +1/+1 counters on it and has changeling."),))))


def _twincast(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, int):
        original = next((s for s in resolution.game.stack if s.spell == chosen), None)
        if original is not None:
            spell_copies.copy_spell(resolution.game, original, resolution.controller)


TWINCAST = real("双つ術", card("Twincast", "{U}{U}", "Instant", spell=SpellAbility(
    "Copy target instant or sorcery spell. You may choose new targets for the copy.", _twincast,
    (target_spell(spells("Instant") | spells("Sorcery")),))))
"""双つ術; choosing new targets is left out (the copy keeps the original's)."""


def _dawnglow(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    spent = game.objects[source].chosen.get("mana spent", ()) if source is not None and source in game.objects else ()
    for colour in ("G", "W"):
        if isinstance(spent, tuple) and colour in spent:
            game.gain_life(resolution.controller, resolution.x)


DAWNGLOW_INFUSION = real("アケノヒカリの注入", card("Dawnglow Infusion", "{X}{G/W}", "Sorcery", spell=SpellAbility(
    "You gain X life if {G} was spent to cast this spell and X life if {W} was spent to cast this spell.",
    _dawnglow)))


def _olivia(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    if source is None:
        return
    for chosen in resolution.objects(0):
        game.deal_damage(source, chosen, 1)
        if chosen in game.objects:
            resolution.create_effect("a Vampire in addition to its other types", [add_types(subtypes=("Vampire",))], [chosen])
    if source in game.objects:
        game.put_counters(source, "+1/+1", 1)


OLIVIA_VOLDAREN = real("オリヴィア・ヴォルダーレン", card(
    "Olivia Voldaren", "{2}{B}{R}", "Legendary Creature — Vampire", 3, 3, "flying",
    ActivatedAbility("{1}{R}: Olivia Voldaren deals 1 damage to another target creature. That creature becomes a "
                     "Vampire in addition to its other types. Put a +1/+1 counter on Olivia Voldaren.",
                     cost("{1}{R}"), _olivia, (target_creature(other=True),))))
"""Its ability to gain control of a Vampire is left out."""

ELITE_VANGUARD = real("先兵の精鋭", card("Elite Vanguard", "{W}", "Creature — Human Soldier", 2, 1))

KRUIN_OUTLAW = real("クルーインの無法者", card(
    "Kruin Outlaw", "{1}{R}{R}", "Creature — Human Rogue Werewolf", 2, 2, "first strike",
    back=face("Terror of Kruin Pass", None, "Creature — Werewolf", 3, 3, "double strike", colors="R")))
"""Both faces' transform triggers and the back face's blocking restriction for Werewolves are left out."""
POOL.japanese["クルーイン峡の恐怖"] = "Terror of Kruin Pass"

VILLAGE_IRONSMITH = real("村の鉄鍛冶", card(
    "Village Ironsmith", "{1}{R}", "Creature — Human Werewolf", 1, 1, "first strike",
    back=face("Ironfang", None, "Creature — Werewolf", 3, 1, "first strike", colors="R")))
"""Both faces' transform triggers are left out."""
POOL.japanese["鉄牙"] = "Ironfang"


def _flip_this(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None and source in resolution.game.objects:
        layouts.flip(resolution.game, resolution.game.objects[source])


AKKI_LAVARUNNER = real("悪忌の溶岩走り", card(
    "Akki Lavarunner", "{3}{R}", "Creature — Goblin Warrior", 1, 1, "haste",
    TriggeredAbility("Whenever Akki Lavarunner deals damage to an opponent, flip it.",
                     deals_damage(to_player=True), _flip_this),
    flip=face("Tok-Tok, Volcano Born", None, "Legendary Creature — Goblin Shaman", 2, 2, "protection from red")))
"""Tok-Tok's extra damage from red sources is left out."""
POOL.japanese["溶岩生まれのトクトク"] = "Tok-Tok, Volcano Born"


def _time_of_need(resolution: Resolution) -> None:
    game, player = resolution.game, resolution.controller
    found = libraries.search(game, player, player, "a legendary creature card",
                             lambda v: Supertype.LEGENDARY in v.supertypes and v.is_a(CardType.CREATURE))
    if found is not None:
        game.move(found, Zone.HAND)
    keyword_actions.shuffle(game, player)


TIME_OF_NEED = real("緊急時", card("Time of Need", "{1}{G}", "Sorcery", spell=SpellAbility(
    "Search your library for a legendary creature card, reveal it, put it into your hand, then shuffle.",
    _time_of_need)))


def _targets_a_single_creature_you_control(t: TriggerContext) -> int:
    """"A spell that targets only a single creature you control": one target, that creature."""
    event = t.event
    if not isinstance(event, SpellCast) or event.player != t.source.controller:
        return 0
    item = next((s for s in t.game.stack if s.spell == event.spell_id), None)
    if item is None:
        return 0
    chosen = {target for group in item.targets for target in group}
    if len(chosen) != 1:
        return 0
    [only] = chosen
    seen = t.game.views().get(only) if isinstance(only, int) else None
    return 1 if seen is not None and seen.is_a(CardType.CREATURE) and seen.controller == t.source.controller else 0


def _frontline_heroism(resolution: Resolution) -> None:
    game, event = resolution.game, resolution.event
    made = game.create_token(token("Soldier", "Creature — Soldier", 1, 1, "haste", colors="R"),
                             resolution.controller)
    original = next((s for s in game.stack if isinstance(event, SpellCast) and s.spell == event.spell_id), None)
    if original is not None:
        copy_targets.copy_targeting(game, original, resolution.controller, [o.id for o in made])


FRONTLINE_HEROISM = real("前線に向かう勇気", card(
    "Frontline Heroism", "{2}{R}", "Enchantment",
    TriggeredAbility("Whenever you cast a spell that targets only a single creature you control, create a 1/1 red "
                     "Soldier creature token with haste, then copy that spell. The copy targets that token.",
                     on_event("whenever you cast a spell that targets only a single creature you control",
                              (SpellCast,), _targets_a_single_creature_you_control), _frontline_heroism)))


def _double_tokens() -> Replacement:
    return Replacement("If an effect would create one or more tokens under your control, it creates twice that many "
                       "of those tokens instead.", CreateTokens, lambda c, e: e.controller == c.context.you,
                       lambda c, e: replace(e, count=e.count * 2))


ANOINTED_PROCESSION = real("選定された行進", card(
    "Anointed Procession", "{3}{W}", "Enchantment", StaticAbility(_double_tokens().text,
                                                                  replacements=(_double_tokens(),))))


def _moment_of_triumph(resolution: Resolution) -> None:
    resolution.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], resolution.objects(0), UntilEndOfTurn())
    resolution.game.gain_life(resolution.controller, 1)


MOMENT_OF_TRIUMPH = real("制覇の時", card("Moment of Triumph", "{W}", "Instant", spell=SpellAbility(
    "Target creature gets +1/+1 until end of turn. You gain 1 life.", _moment_of_triumph, (target_creature(),))))


IMPRISONED_IN_THE_MOON = real("月への封印", card(
    "Imprisoned in the Moon", "{2}{U}", "Enchantment — Aura", "enchant creature, land, or planeswalker",
    StaticAbility("Enchanted permanent is a colorless land with '{T}: Add {C}' and loses all other card types and "
                  "abilities.", (becomes_types("Land"), becomes_color(""), lose_all_abilities(),
                                 gain(ActivatedAbility("{T}: Add {C}.", cost("{T}"), mana="{C}"))),
                  attached_to_this())))


def _fact_or_fiction(resolution: Resolution) -> None:
    game, player = resolution.game, resolution.controller
    top = libraries.top(game, player, 5)
    game.emit(*(Revealed(i, game.objects[i].card.name, "Fact or Fiction") for i in top))
    # "An opponent": the one within range, the controller choosing among several (801.5a-c).
    separator = influence.choosing_opponent(game, player)
    chosen = piles.choose(game, player, piles.separate(game, separator, top))
    for card_id in top:
        game.move(card_id, Zone.HAND if card_id in chosen else Zone.GRAVEYARD)


FACT_OR_FICTION = real("嘘か真か", card("Fact or Fiction", "{3}{U}", "Instant", spell=SpellAbility(
    "Reveal the top five cards of your library. An opponent separates those cards into two piles. Put one pile into "
    "your hand and the other into your graveyard.", _fact_or_fiction)))
"""嘘か真か: the separating opponent chosen as 801.5 says, the piles as 700.3 says."""


BARK_KNUCKLE_BOXER = real("幹拳の拳闘家", card(
    "Bark-Knuckle Boxer", "{1}{G}", "Creature — Raccoon Warrior", 3, 2,
    TriggeredAbility("Whenever you expend 4, this creature gains indestructible until end of turn.", expend(4),
                     lambda r: r.create_effect("indestructible until end of turn", [gain("indestructible")],
                                               [r.source_id] if r.source_id is not None else [], UntilEndOfTurn()))))

DIVINATION = real("予言", card("Divination", "{2}{U}", "Sorcery", spell=SpellAbility(
    "Draw two cards.", lambda r: r.game.draw(r.controller, 2))))


def _destroy_target(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        resolution.game.destroy(chosen)


ABSOLVER_THRULL = real("赦免のスラル", card(
    "Absolver Thrull", "{3}{W}", "Creature — Thrull", 2, 3, "haunt",
    TriggeredAbility("When this creature enters or the creature it haunts dies, destroy target enchantment.",
                     any_of(enters(), haunted_dies()), _destroy_target,
                     (target(enchantments(), "target enchantment"),),
                     zones=frozenset({Zone.BATTLEFIELD, Zone.EXILE}))))


PURPHOROS = real("鍛冶の神、パーフォロス", card(
    "Purphoros, God of the Forge", "{3}{R}", "Legendary Enchantment Creature — God", 6, 5, "indestructible",
    StaticAbility("As long as your devotion to red is less than five, Purphoros isn't a creature.",
                  (lose_types("Creature"),), this_object(), condition=devotion_less_than("R", 5))))
"""Its damage trigger and its pump ability are left out."""

ALTAR_OF_THE_PANTHEON = real("万神殿の祭壇", card(
    "Altar of the Pantheon", "{3}", "Artifact",
    StaticAbility("Your devotion to each color and each combination of colors is increased by one.",
                  rules=(DevotionIncrease(1),))))
"""Its mana ability and its life-gaining ability are left out."""

BALL_LIGHTNING = real("ボール・ライトニング", card(
    "Ball Lightning", "{R}{R}{R}", "Creature — Elemental", 6, 1, "trample", "haste"))
"""Its sacrifice at the beginning of the end step is left out."""


def _mindslaver(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, str):
        player_control.control_next_turn(resolution.game, resolution.controller, chosen)


MINDSLAVER = real("精神隷属器", card(
    "Mindslaver", "{6}", "Legendary Artifact",
    ActivatedAbility("{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn.",
                     cost("{4}, {T}, Sacrifice this"), _mindslaver, (target_player(),))))

TORMENTING_VOICE = real("苦しめる声", card("Tormenting Voice", "{1}{R}", "Sorcery", spell=SpellAbility(
    "As an additional cost to cast this spell, discard a card. Draw two cards.",
    lambda r: r.game.draw(r.controller, 2), additional=cost("Discard a card"))))


def _living_wish(resolution: Resolution) -> None:
    game, player = resolution.game, resolution.controller
    wanted = tuple(c for c in game.players[player].outside
                   if {CardType.CREATURE, CardType.LAND} & c.front.types)
    if not wanted:
        return
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a creature or land card you own from outside "
                                     "the game, or None", (*wanted, None)))
    if chosen is not None:
        restart.bring_in(game, player, chosen, Zone.HAND)  # type: ignore[arg-type]


LIVING_WISH = real("生ける願い", card("Living Wish", "{1}{G}", "Sorcery", spell=SpellAbility(
    "You may reveal a creature or land card you own from outside the game and put it into your hand. Exile Living "
    "Wish.", _living_wish)))
"""生ける願い; exiling itself is left out (it goes to the graveyard as it resolves)."""

