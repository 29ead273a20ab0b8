"""The cards the checks play with.

Real cards are written from their Oracle meaning in our own words, keeping the parts the checks
exercise (parts left out are named in their docstrings), and are registered with their official
Japanese name: checks name them in 《》 (``POOL.english("灰色熊")`` gives "Grizzly Bears").
Cards made up for a check are called "Test …" and say what they stand for; a check's statement
describes them in words, never in 《》.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    Card,
    CardLibrary,
    CastPermission,
    ChoiceKind,
    CostChange,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    add_colors,
    add_types,
    artifacts,
    as_enters_choose,
    at_beginning_of,
    attached_to_this,
    base_pt,
    base_pt_is_mana_value,
    becomes_creature_types,
    card,
    cards_in,
    condition,
    cost,
    count,
    creatures,
    enchantments,
    enters,
    enters_as_copy,
    fixed,
    gain,
    keyword,
    land_types_become,
    lands,
    lose_all_abilities,
    modify_pt,
    modify_pt_by,
    objects,
    permanents,
    spells,
    target_creature,
    this_object,
    turned_face_up,
    where,
    you_control,
)
from kb.engine import rules as rule_changes
from kb.engine.cardtypes import CREATURE_TYPES
from kb.engine.durations import while_controls
from kb.engine.events import ZoneChanged
from kb.engine.parts import control
from kb.engine.replacement import enters_tapped
from kb.engine.targets import TargetSpec, target


@dataclass
class CardPool:
    """The checks' cards: a library by English name, and each real card's Japanese name."""

    library: CardLibrary = field(default_factory=CardLibrary)
    japanese: dict[str, str] = field(default_factory=dict)
    """Japanese name → English name, for the real cards."""

    def real(self, japanese: str, built: Card) -> Card:
        self.library.add(built)
        self.japanese[japanese] = built.name
        return built

    def english(self, japanese: str) -> str | None:
        return self.japanese.get(japanese)


POOL = CardPool()
real = POOL.real


def _gain_life(amount: int):  # type: ignore[no-untyped-def]
    """What the test watchers do, so a check can count how often each triggered."""

    def effect(resolution: Resolution) -> None:
        resolution.game.gain_life(resolution.controller, amount)

    return effect


# -- lands -------------------------------------------------------------------------------------

real("山", MOUNTAIN)
real("森", FOREST)

MISHRAS_FACTORY = real("ミシュラの工廠", card(
    "Mishra's Factory", None, "Land",
    ActivatedAbility("{1}: Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature until end of turn. "
                     "It's still a land.", cost("{1}"),
                     lambda r: r.create_effect("becomes a 2/2 Assembly-Worker artifact creature",
                                               [add_types("Artifact", "Creature"),
                                                becomes_creature_types("Assembly-Worker"), base_pt(2, 2)],
                                               [r.source_id], UntilEndOfTurn()))))
"""ミシュラの工廠; its mana ability and its pump ability are left out."""

URBORG = real("ヨーグモスの墳墓、アーボーグ", card(
    "Urborg, Tomb of Yawgmoth", None, "Legendary Land",
    StaticAbility("Each land is a Swamp in addition to its other land types.",
                  (add_types(subtypes=("Swamp",)),), lands())))

YAVIMAYA = real("成長の揺り篭、ヤヴィマヤ", card(
    "Yavimaya, Cradle of Growth", None, "Legendary Land",
    StaticAbility("Each land is a Forest in addition to its other land types.",
                  (add_types(subtypes=("Forest",)),), lands())))

# -- creatures -----------------------------------------------------------------------------------

GRIZZLY_BEARS = real("灰色熊", card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2))
HILL_GIANT = real("丘巨人", card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3))
SERRA_ANGEL = real("セラの天使", card("Serra Angel", "{3}{W}{W}", "Creature — Angel", 4, 4, "flying", "vigilance"))
GIANT_SPIDER = real("大蜘蛛", card("Giant Spider", "{3}{G}", "Creature — Spider", 2, 4, "reach"))
RAGING_GOBLIN = real("怒り狂うゴブリン", card("Raging Goblin", "{R}", "Creature — Goblin Berserker", 1, 1, "haste"))
WIND_DRAKE = real("風のドレイク", card("Wind Drake", "{2}{U}", "Creature — Drake", 2, 2, "flying"))
SCARWOOD_TREEFOLK = real("スカーウッドのツリーフォーク", card(
    "Scarwood Treefolk", "{3}{G}", "Creature — Treefolk", 3, 5,
    StaticAbility("This creature enters tapped.", replacements=(enters_tapped(),))))
"""Enters tapped: the replacement checks of 614.12 and 708.3 both read it."""
CRAW_WURM = real("大喰らいのワーム", card("Craw Wurm", "{4}{G}{G}", "Creature — Wurm", 6, 4))
SPINED_WURM = real("針刺ワーム", card("Spined Wurm", "{4}{G}", "Creature — Wurm", 5, 4))
YOUTHFUL_KNIGHT = real("若年の騎士", card("Youthful Knight", "{1}{W}", "Creature — Human Knight", 2, 1,
                                         "first strike"))
BOROS_SWIFTBLADE = real("ボロスの速太刀", card("Boros Swiftblade", "{R}{W}", "Creature — Human Soldier", 1, 2,
                                            "double strike"))
TYPHOID_RATS = real("チフス鼠", card("Typhoid Rats", "{B}", "Creature — Rat", 1, 1, "deathtouch"))
VAMPIRE_NIGHTHAWK = real("吸血鬼の夜鷲", card("Vampire Nighthawk", "{1}{B}{B}", "Creature — Vampire Shaman", 2, 3,
                                           "flying", "deathtouch", "lifelink"))
BOGGART_BRUTE = real("ボガートの粗暴者", card("Boggart Brute", "{2}{R}", "Creature — Goblin Warrior", 3, 2, "menace"))
PILLARFIELD_OX = real("柱平原の雄牛", card("Pillarfield Ox", "{3}{W}", "Creature — Ox", 2, 4))
CORAL_MERFOLK = real("珊瑚マーフォーク", card("Coral Merfolk", "{1}{U}", "Creature — Merfolk", 2, 1))
ORNITHOPTER = real("羽ばたき飛行機械", card("Ornithopter", "{0}", "Artifact Creature — Thopter", 0, 2, "flying"))
CHANGELING_OUTCAST = real("変わり身ののけ者", card(
    "Changeling Outcast", "{B}", "Creature — Shapeshifter", 1, 1, "changeling"))
"""変わり身ののけ者; "can't block and can't be blocked" is left out."""

BREEZEKEEPER = real("微風の守り手", card("Breezekeeper", "{3}{U}", "Creature — Djinn", 4, 4, "flying", "phasing"))
EXALTED_ANGEL = real("賛美されし天使", card("Exalted Angel", "{4}{W}{W}", "Creature — Angel", 4, 5, "flying",
                                       "lifelink", "morph {2}{W}{W}"))
"""賛美されし天使 (its Oracle text has lifelink as a keyword)."""


def _return_from_graveyard(resolution: Resolution) -> None:
    game = resolution.game
    chosen = resolution.target
    if isinstance(chosen, int) and chosen in game.objects and game.objects[chosen].zone is Zone.GRAVEYARD:
        game.move(chosen, Zone.HAND)


DEN_PROTECTOR = real("棲み家の防御者", card(
    "Den Protector", "{1}{G}", "Creature — Human Warrior", 2, 1, "megamorph {1}{G}",
    TriggeredAbility("When Den Protector is turned face up, return target card from your graveyard to your hand.",
                     turned_face_up(), _return_from_graveyard,
                     (target(cards_in(Zone.GRAVEYARD, owner="you"), "target card in your graveyard"),))))
"""棲み家の防御者; its blocking restriction is left out."""


def _sower_takes(resolution: Resolution) -> None:
    source = resolution.source_id
    assert source is not None
    resolution.create_effect("gain control of target creature", [control(resolution.controller)],
                             resolution.targets(0), while_controls(resolution.controller, source,
                                                                   "Sower of Temptation remains on the battlefield"))


SOWER_OF_TEMPTATION = real("誘惑蒔き", card(
    "Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard", 2, 2, "flying",
    TriggeredAbility("When Sower of Temptation enters, gain control of target creature for as long as Sower of "
                     "Temptation remains on the battlefield.", enters(), _sower_takes, (target_creature(),))))


def _feather(resolution: Resolution) -> None:
    game = resolution.game
    chosen = resolution.target
    if not isinstance(chosen, int) or not game.choices.ask(_may(resolution.controller, "put a feather counter")):
        return
    game.put_counters(chosen, "feather")
    from kb.engine import ForAsLongAs
    from kb.engine.durations import on_battlefield

    resolution.create_effect("base power and toughness 3/1 and flying", [base_pt(3, 1), gain("flying")], [chosen],
                             ForAsLongAs("it has a feather counter on it",
                                         lambda g: on_battlefield(g, chosen) and g.objects[chosen].counter("feather") > 0))


def _may(player: str, what: str):  # type: ignore[no-untyped-def]
    from kb.engine.choices import Choice

    return Choice(ChoiceKind.MAY, player, what, (True, False))


AVEN_MIMEOMANCER = real("エイヴンの擬態術士", card(
    "Aven Mimeomancer", "{1}{W}{U}", "Creature — Bird Wizard", 3, 1, "flying",
    TriggeredAbility("At the beginning of your upkeep, you may put a feather counter on target creature. If you "
                     "do, that creature has base power and toughness 3/1 and has flying for as long as it has a "
                     "feather counter on it.", at_beginning_of(Step.UPKEEP),
                     _feather, (target_creature(),))))

MEDDLING_MAGE = real("翻弄する魔道士", card(
    "Meddling Mage", "{W}{U}", "Creature — Human Wizard", 2, 2,
    StaticAbility("As Meddling Mage enters, choose a nonland card name.",
                  replacements=(as_enters_choose(ChoiceKind.CARD_NAME, lambda g: (), "name",
                                                 "As Meddling Mage enters, choose a nonland card name."),)),
    StaticAbility("Spells with the chosen name can't be cast.", rules=(rule_changes.CantCast(
        spells(text="spells with the chosen name") & where(
            "the chosen name", lambda c, o: c.source is not None and o.name is not None
            and o.name == c.game.objects[c.source.id].chosen.get("name"), ("name",), (Zone.STACK,))),))))


CLONE = real("クローン", card(
    "Clone", "{3}{U}", "Creature — Shapeshifter", 0, 0,
    StaticAbility("You may have Clone enter as a copy of any creature on the battlefield.",
                  replacements=(enters_as_copy(optional=False, text="You may have Clone enter as a copy of any "
                                               "creature on the battlefield."),))))
"""クローン; "may" is taken as yes when there is a creature to copy."""


def _cat(resolution: Resolution) -> None:
    from kb.engine import token

    resolution.game.create_token(token("Cat", "Creature — Cat", 2, 2, colors="W"), resolution.controller)


AJANIS_CHOSEN = real("アジャニに選ばれし者", card(
    "Ajani's Chosen", "{2}{W}{W}", "Creature — Cat Soldier", 3, 3,
    TriggeredAbility("Whenever an enchantment you control enters, create a 2/2 white Cat creature token.",
                     enters(enchantments(controller="you")), _cat)))
"""アジャニに選ばれし者; the option to attach an Aura to the token is left out."""

ANGER = real("憤怒", card(
    "Anger", "{3}{R}", "Creature — Incarnation", 2, 2, "haste",
    StaticAbility("As long as Anger is in your graveyard and you control a Mountain, creatures you control have "
                  "haste.", (gain("haste"),), creatures(controller="you"),
                  condition=you_control(lands(subtypes=["Mountain"])), zones=frozenset({Zone.GRAVEYARD}))))

# -- noncreature permanents ----------------------------------------------------------------------

GLORIOUS_ANTHEM = real("栄光の頌歌", card(
    "Glorious Anthem", "{1}{W}{W}", "Enchantment",
    StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you"))))


def _draw_for_controller(resolution: Resolution) -> None:
    event = resolution.event
    if isinstance(event, ZoneChanged) and event.new_id is not None:
        resolution.game.draw(resolution.game.last_known_view(event.new_id).controller)


KAVU_LAIR = real("カヴーの巣", card(
    "Kavu Lair", "{2}{G}", "Enchantment",
    TriggeredAbility("Whenever a creature with power 4 or greater enters, its controller draws a card.",
                     enters(creatures() & where(
                         "power 4 or greater", lambda c, o: (o.power or 0) >= 4, ("power",))),
                     _draw_for_controller)))

HOLY_STRENGTH = real("聖なる力", card(
    "Holy Strength", "{W}", "Enchantment — Aura", "enchant creature",
    StaticAbility("Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_to_this())))

BONESPLITTER = real("骨断ちの矛槍", card(
    "Bonesplitter", "{1}", "Artifact — Equipment", "equip {1}",
    StaticAbility("Equipped creature gets +2/+0.", (modify_pt(2, 0),), attached_to_this())))

SPHERE_OF_RESISTANCE = real("抵抗の宝球", card(
    "Sphere of Resistance", "{2}", "Artifact",
    StaticAbility("Spells cost {1} more to cast.", rules=(CostChange(spells(), 1),))))

OPALESCENCE = real("オパール色の輝き", card(
    "Opalescence", "{2}{W}{W}", "Enchantment",
    StaticAbility("Each other non-Aura enchantment is a creature in addition to its other types and has base "
                  "power and toughness each equal to its mana value.",
                  (add_types("Creature"), base_pt_is_mana_value()), enchantments(other=True, not_subtypes=["Aura"]))))

ENCHANTED_EVENING = real("魔法の夜", card(
    "Enchanted Evening", "{3}{W/B}{W/B}", "Enchantment",
    StaticAbility("All permanents are enchantments in addition to their other types.",
                  (add_types("Enchantment"),), permanents())))

HUMILITY = real("謙虚", card(
    "Humility", "{2}{W}{W}", "Enchantment",
    StaticAbility("All creatures lose all abilities and have base power and toughness 1/1.",
                  (lose_all_abilities(), base_pt(1, 1)), creatures())))

LIFE_AND_LIMB = real("生命と枝", card(
    "Life and Limb", "{3}{G}", "Enchantment",
    StaticAbility("All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition "
                  "to their other types.",
                  (add_types("Creature", "Land", subtypes=("Saproling", "Forest")), add_colors("G"), base_pt(1, 1)),
                  permanents(subtypes=["Forest"]) | permanents(subtypes=["Saproling"]))))

BLOOD_MOON = real("血染めの月", card(
    "Blood Moon", "{2}{R}", "Enchantment",
    StaticAbility("Nonbasic lands are Mountains.", (land_types_become("Mountain"),), lands(not_supertypes=["Basic"]))))

MARCH_OF_THE_MACHINES = real("機械の行進", card(
    "March of the Machines", "{3}{U}", "Enchantment",
    StaticAbility("Each noncreature artifact is an artifact creature with power and toughness each equal to its "
                  "mana value.", (add_types("Creature"), base_pt_is_mana_value()),
                  artifacts(not_types=["Creature"]))))


def _conspiracy_types(chosen: str) -> StaticAbility:
    everywhere = (objects("Creature", owner="you", zones=(Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE))
                  | spells("Creature", controller="you") | creatures(controller="you"))
    return StaticAbility(f"Creature cards you own that aren't on the battlefield, creature spells you control, and "
                         f"creatures you control are the chosen type ({chosen}).",
                         (becomes_creature_types(chosen),), everywhere)


def conspiracy(chosen: str) -> Card:
    """奸謀, with ``chosen`` as the creature type chosen as it entered."""
    if chosen not in CREATURE_TYPES:
        raise ValueError(f"{chosen} is not a creature type")
    return card("Conspiracy", "{3}{B}{B}", "Enchantment", _conspiracy_types(chosen))


POOL.japanese["奸謀"] = "Conspiracy"

MIRROR_GALLERY = real("鏡の画廊", card(
    "Mirror Gallery", "{5}", "Artifact",
    StaticAbility("The \"legend rule\" doesn't apply.", rules=(rule_changes.LegendRuleDoesntApply(),))))

HONOR_OF_THE_PURE = real("清浄の名誉", card(
    "Honor of the Pure", "{1}{W}", "Enchantment",
    StaticAbility("White creatures you control get +1/+1.", (modify_pt(1, 1),),
                  creatures(controller="you", colors=["W"]))))

PACIFISM = real("平和な心", card(
    "Pacifism", "{1}{W}", "Enchantment — Aura", "enchant creature",
    StaticAbility("Enchanted creature can't attack or block.",
                  rules=(rule_changes.CantAttack(attached_to_this()), rule_changes.CantBlock(attached_to_this())))))

MYSTIC_FORGE = real("神秘の炉", card(
    "Mystic Forge", "{4}", "Artifact",
    StaticAbility("You may look at the top card of your library any time. You may cast artifact spells and "
                  "colorless nonland spells from the top of your library.",
                  rules=(CastPermission(objects("Artifact", zones=tuple(Zone)) | where(
                      "colorless nonland spells", lambda c, o: not o.colors and not o.is_a("Land"),
                      ("colors", "types"), tuple(Zone)), Zone.LIBRARY),))))
"""神秘の炉; its ability to exile the top card is left out."""

# -- instants and sorceries --------------------------------------------------------------------------


def _destroy_all_creatures(resolution: Resolution) -> None:
    game = resolution.game
    game.destroy(*game.creatures(), can_regenerate=False)


WRATH_OF_GOD = real("神の怒り", card("Wrath of God", "{2}{W}{W}", "Sorcery", spell=SpellAbility(
    "Destroy all creatures. They can't be regenerated.", _destroy_all_creatures)))


def _plus(power: int, toughness: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        resolution.create_effect(f"+{power}/+{toughness} until end of turn", [modify_pt(power, toughness)],
                                 resolution.targets(0), UntilEndOfTurn())

    return effect


GIANT_GROWTH = real("巨大化", card("Giant Growth", "{G}", "Instant", spell=SpellAbility(
    "Target creature gets +3/+3 until end of turn.", _plus(3, 3), (target_creature(),))))


def _inspired_charge(resolution: Resolution) -> None:
    resolution.create_effect("creatures you control get +2/+1 until end of turn", [modify_pt(2, 1)],
                             creatures(controller="you"), UntilEndOfTurn())


INSPIRED_CHARGE = real("鼓舞する突撃", card("Inspired Charge", "{2}{W}{W}", "Instant", spell=SpellAbility(
    "Creatures you control get +2/+1 until end of turn.", _inspired_charge)))


def _draw_per_creature(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, len(resolution.game.creatures(resolution.controller)))


COLLECTIVE_UNCONSCIOUS = real("集団潜在意識", card("Collective Unconscious", "{4}{G}", "Sorcery", spell=SpellAbility(
    "Draw a card for each creature you control.", _draw_per_creature)))


def _damage(amount: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        game = resolution.game
        chosen = resolution.target
        source = resolution.source_id
        if chosen is not None and source is not None:
            game.deal_damage(source, chosen, amount)

    return effect


def _any_target() -> TargetSpec:
    from kb.engine import any_target

    return any_target()


LIGHTNING_BOLT = real("稲妻", card("Lightning Bolt", "{R}", "Instant", spell=SpellAbility(
    "Lightning Bolt deals 3 damage to any target.", _damage(3), (_any_target(),))))

SHOCK = real("ショック", card("Shock", "{R}", "Instant", spell=SpellAbility(
    "Shock deals 2 damage to any target.", _damage(2), (_any_target(),))))


def _falter(resolution: Resolution) -> None:
    resolution.create_effect("creatures without flying can't block this turn", rules=[
        rule_changes.CantBlock(creatures() & ~where(
            "with flying", lambda c, o: o.has("flying"), ("abilities",)))], duration=UntilEndOfTurn())


FALTER = real("尻込み", card("Falter", "{1}{R}", "Instant", spell=SpellAbility(
    "Creatures without flying can't block this turn.", _falter)))


def _might(resolution: Resolution) -> None:
    number = count(creatures(controller="you"))
    from kb.engine import modify_pt_by as by

    resolution.create_effect("+X/+X until end of turn", [by(number, number)], resolution.targets(0), UntilEndOfTurn())


TEST_MIGHT = card("Test Might", "{1}{G}", "Instant", spell=SpellAbility(
    "Target creature gets +X/+X until end of turn, where X is the number of creatures you control.", _might,
    (target_creature(),)))

# -- made-up cards ---------------------------------------------------------------------------------


def base_pt_static(power: int, toughness: int, whose: str = "you") -> StaticAbility:
    """"Creatures [you control] have base power and toughness N/N" (layer 7b)."""
    everyone = whose == "all"
    return StaticAbility(f"{'Creatures' if everyone else 'Creatures you control'} have base power and toughness "
                         f"{power}/{toughness}.", (base_pt(power, toughness),),
                         creatures() if everyone else creatures(controller="you"))


def base_pt_enchantment(name: str, power: int, toughness: int, whose: str = "all") -> Card:
    """Test: an enchantment with "Creatures [you control] have base power and toughness N/N"."""
    return card(name, "{2}", "Enchantment", base_pt_static(power, toughness, whose))


def lord(name: str, power: int, toughness: int) -> Card:
    """Test: a 1/1 creature with "Creatures have base power and toughness N/N"."""
    return card(name, "{1}", "Creature — Human", 1, 1, base_pt_static(power, toughness, "all"))


def morph_lord(power: int, toughness: int) -> Card:
    """Test: a 1/1 with morph {1} and "Creatures you control have base power and toughness N/N"."""
    return card("Test Morph Lord", "{1}{U}", "Creature — Human", 1, 1, "morph {1}", base_pt_static(power, toughness))


def shrinker() -> Card:
    """Test: an artifact with "{0}: target creature has base power and toughness 1/1 until end of turn"."""
    return card("Test Shrinker", "{1}", "Artifact", ActivatedAbility(
        "{0}: Target creature has base power and toughness 1/1 until end of turn.", cost("{0}"),
        lambda r: r.create_effect("base power and toughness 1/1 until end of turn", [base_pt(1, 1)], r.targets(0),
                                  UntilEndOfTurn()), (target_creature(),)))


def base_pt_attachment(name: str, subtype: str, power: int, toughness: int) -> Card:
    """Test: an Aura or Equipment: "Enchanted/equipped creature has base power and toughness N/N"."""
    ability = StaticAbility(f"It has base power and toughness {power}/{toughness}.", (base_pt(power, toughness),),
                            attached_to_this())
    if subtype == "Aura":
        return card(name, "{1}", "Enchantment — Aura", "enchant creature", ability)
    return card(name, "{1}", "Artifact — Equipment", "equip {1}", ability)


PHASING_AURA = card("Test Phasing Aura", "{W}", "Enchantment — Aura", "enchant creature", "phasing",
                    StaticAbility("Enchanted creature gets +1/+1.", (modify_pt(1, 1),), attached_to_this()))
"""Test: an Aura with phasing of its own."""

TEST_CURSE = card("Test Curse", "{B}", "Enchantment — Aura Curse", "enchant player")
"""Test: a Curse, an Aura that enchants a player."""


def attachment_watcher() -> Card:
    """Test: "Whenever an Aura or Equipment becomes attached to a creature you control, you gain 1 life.
    Whenever one becomes unattached from a creature you control, you gain 10 life.\""""
    from kb.engine.events import Attached, Unattached
    from kb.engine.triggers import TriggerContext, on_event

    def attached(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, Attached) and isinstance(e.target, int) and e.target in t.seen
                   and t.seen[e.target].controller == t.source.controller)

    def unattached(t: TriggerContext) -> int:
        e = t.event
        return int(isinstance(e, Unattached) and isinstance(e.target, int) and e.target in t.seen
                   and t.seen[e.target].controller == t.source.controller)

    return card("Test Attachment Watcher", "{2}", "Enchantment",
                TriggeredAbility("Whenever an Aura or Equipment becomes attached to a creature you control, you "
                                 "gain 1 life.", on_event("becomes attached", (Attached,), attached), _gain_life(1)),
                TriggeredAbility("Whenever one becomes unattached from a creature you control, you gain 10 life.",
                                 on_event("becomes unattached", (Unattached,), unattached, "becomes unattached"),
                                 _gain_life(10)))


def zone_watcher() -> Card:
    """Test: "Whenever a creature enters, you gain 1 life.  Whenever a creature leaves the battlefield,
    you gain 10 life.\""""
    from kb.engine import leaves

    return card("Test Zone Watcher", "{2}", "Enchantment",
                TriggeredAbility("Whenever a creature enters, you gain 1 life.", enters(creatures()), _gain_life(1)),
                TriggeredAbility("Whenever a creature leaves the battlefield, you gain 10 life.", leaves(creatures()),
                                 _gain_life(10)))


def morph_with_triggers() -> Card:
    """Test: a 3/3 with morph {1}{U}, "When this enters, you gain 3 life" and "When this is turned face up, you
    gain 5 life"."""
    return card("Test Morph", "{2}{U}", "Creature — Shapeshifter", 3, 3, "morph {1}{U}",
                TriggeredAbility("When this enters, you gain 3 life.", enters(), _gain_life(3)),
                TriggeredAbility("When this is turned face up, you gain 5 life.", turned_face_up(), _gain_life(5)))


def x_morph() -> Card:
    """Test: a 1/1 with morph {X}{G} and "When this is turned face up, put X +1/+1 counters on it"."""

    def grow(resolution: Resolution) -> None:
        source = resolution.source_id
        if source is not None and source in resolution.game.objects:
            resolution.game.put_counters(source, "+1/+1", resolution.game.objects[source].x)

    return card("Test X Morph", "{G}", "Creature — Beast", 1, 1, "morph {X}{G}",
                TriggeredAbility("When this is turned face up, put X +1/+1 counters on it.", turned_face_up(), grow))


def transforming(front: tuple[int, int], back_static: StaticAbility | None = None) -> Card:
    """Test: a transforming double-faced creature; its back face may have a static ability."""
    from kb.engine import face

    back = face("Test Back", None, "Creature — Werewolf", front[0] + 2, front[1] + 2,
                *((back_static,) if back_static else ()), colors="G")
    return card("Test Front", "{1}{G}", "Creature — Human", *front, back=back)


def command_card(name: str, card_type: str, ability: StaticAbility) -> Card:
    """Test: a plane, phenomenon, scheme, vanguard or conspiracy whose static ability functions in the
    command zone (113.6p)."""
    return card(name, None, card_type, StaticAbility(ability.text, ability.parts, ability.affects,
                                                     zones=frozenset({Zone.COMMAND})))


def graveyard_caster() -> Card:
    """Test: "You may cast creature spells from your graveyard.  Creatures cast this way have haste" (no
    duration stated, so the haste lasts until the game ends, 611.3d)."""
    permission = CastPermission(objects("Creature", owner="you", zones=tuple(Zone)), Zone.GRAVEYARD,
                                grants=(keyword("haste"),))
    return card("Test Necromancy", "{3}{B}", "Enchantment", StaticAbility(
        "You may cast creature spells from your graveyard. Creatures cast this way have haste.", rules=(permission,)))


def anthem_of(power: int, toughness: int) -> StaticAbility:
    return StaticAbility(f"Creatures you control get +{power}/+{toughness}.", (modify_pt(power, toughness),),
                         creatures(controller="you"))


__all__ = ["POOL", "CardPool", "condition", "fixed", "modify_pt_by", "this_object"]
