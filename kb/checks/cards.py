"""The cards the checks play with.

Real cards (the wiki's examples and a few staples) are written from their Oracle meaning,
keeping only the parts the checks exercise; parts left out are named in their docstrings.
Cards made up for a check are called "Test …" and say what they stand for.
"""

from __future__ import annotations

from kb.engine import continuous, counters, phasing, players, zones
from kb.engine.abilities import (
    Ability,
    Keyword,
    Morph,
    Resolve,
    StaticAbility,
    TriggeredAbility,
    keywords,
)
from kb.engine.basics import (
    ARTIFACT,
    AURA,
    CREATURE,
    ENCHANTMENT,
    EQUIPMENT,
    INSTANT,
    LAND,
    SORCERY,
    ObjectId,
    PlayerName,
    Zone,
)
from kb.engine.characteristics import View, card_face
from kb.engine.effects import (
    CantBlock,
    CantCast,
    CastPermission,
    CostIncrease,
    ForAsLongAs,
    Indefinite,
    UntilEndOfTurn,
    Variable,
    add_types,
    all_creatures,
    attached_host,
    copy_of,
    creatures_you_control,
    gain,
    modify_pt,
    modify_pt_by,
    set_base_pt,
    set_controller,
)
from kb.engine.events import Attached, Event, StepBegan, TurnedFaceUp, Unattached, ZoneChange
from kb.engine.game import Card, Game, GameObject, StackItem
from kb.engine.mana import ManaCost

# -- building blocks ------------------------------------------------------------------------


def creature(name: str, cost: str, power: int, toughness: int, subtypes: tuple[str, ...] = (),
             *abilities: Ability) -> Card:
    return Card(card_face(name, cost, [CREATURE], subtypes, abilities, power, toughness))


def _is_creature(game: Game, view: View) -> bool:
    return view.is_a(CREATURE)


def _enters(event: Event, object_id: ObjectId) -> bool:
    return isinstance(event, ZoneChange) and event.enters_battlefield and event.new_id == object_id


def _gain_life(amount: int) -> Resolve:
    """What the watchers do, so a check can count how often each triggered."""

    def resolve(game: Game, item: StackItem) -> None:
        game.players[item.controller].life += amount

    return resolve


# -- creatures --------------------------------------------------------------------------------

GRIZZLY_BEARS = creature("Grizzly Bears", "{1}{G}", 2, 2, ("Bear",))
"""灰色熊: a vanilla 2/2."""
HILL_GIANT = creature("Hill Giant", "{3}{R}", 3, 3, ("Giant",))
"""丘巨人: a vanilla 3/3, power 3."""
BREEZEKEEPER = creature("Breezekeeper", "{3}{U}", 4, 4, ("Djinn",), *keywords("flying", "phasing"))
"""風の守り手: a 4/4 with flying and phasing."""
EXALTED_ANGEL = creature("Exalted Angel", "{4}{W}{W}", 4, 5, ("Angel",), *keywords("flying", "lifelink"),
                         Morph(ManaCost.parse("{2}{W}{W}")))
"""賛美されし天使: flying, lifelink, morph {2}{W}{W}."""


def _return_from_graveyard(game: Game, item: StackItem) -> None:
    for target in item.targets:
        card = game.objects.get(target)
        if card is not None and card.zone is Zone.GRAVEYARD:
            zones.move(game, card, Zone.HAND)


DEN_PROTECTOR = creature(
    "Den Protector", "{1}{G}", 2, 1, ("Human", "Warrior"),
    Morph(ManaCost.parse("{1}{G}"), mega=True),
    TriggeredAbility("When Den Protector is turned face up, return target card from your graveyard to "
                     "your hand.", lambda g, s, e: isinstance(e, TurnedFaceUp) and e.object_id == s.id,
                     _return_from_graveyard,
                     targets=lambda g, s, e: tuple(o.id for o in g.in_zone(Zone.GRAVEYARD, s.controller))[:1]),
)
"""巣穴の守護者: megamorph {1}{G}; its evasion ability is left out."""


def _sower_takes(target: ObjectId) -> TriggeredAbility:
    def resolve(game: Game, item: StackItem) -> None:
        assert item.source_id is not None
        continuous.create(game, "gain control of target creature", [set_controller(item.controller)],
                          item.targets, ForAsLongAs(item.source_id, lambda sower: True,
                                                    "for as long as Sower remains on the battlefield"),
                          source=item.source_id, controller=item.controller)

    return TriggeredAbility(
        "When Sower of Temptation enters, gain control of target creature for as long as Sower of "
        "Temptation remains on the battlefield.",
        lambda g, s, e: _enters(e, s.id), resolve, targets=lambda g, s, e: (target,))


def sower_of_temptation(target: ObjectId) -> Card:
    """誘惑蒔き, whose enters trigger will target ``target``."""
    return creature("Sower of Temptation", "{2}{U}{U}", 2, 2, ("Faerie", "Wizard"), Keyword("flying"),
                    _sower_takes(target))


def aven_mimeomancer(target: ObjectId) -> Card:
    """エイヴンの擬態術士, whose upkeep trigger will target ``target`` (and put the counter: "may")."""

    def resolve(game: Game, item: StackItem) -> None:
        chosen = game.obj(item.targets[0])
        counters.put(game, chosen, "feather")
        continuous.create(
            game, "base power and toughness 3/1 and flying", [set_base_pt(3, 1), gain(Keyword("flying"))],
            [chosen.id], ForAsLongAs(chosen.id, lambda c: c.counter_count("feather") > 0,
                                     "for as long as it has a feather counter on it"),
            source=item.source_id, controller=item.controller)

    upkeep = TriggeredAbility(
        "At the beginning of your upkeep, you may put a feather counter on target creature. If you do, "
        "that creature has base power and toughness 3/1 and has flying for as long as it has a feather "
        "counter on it.",
        lambda g, s, e: isinstance(e, StepBegan) and e.step == "upkeep" and e.player == s.controller,
        resolve, targets=lambda g, s, e: (target,))
    return creature("Aven Mimeomancer", "{1}{W}{U}", 3, 1, ("Bird", "Wizard"), Keyword("flying"), upkeep)


def meddling_mage(named: str) -> Card:
    """翻弄する魔道士, naming ``named`` as it enters."""

    def choose(game: Game, obj: GameObject) -> None:
        obj.chosen_name = named

    def forbids(source: GameObject | None, spell: View) -> bool:
        return source is not None and spell.name is not None and spell.name == source.chosen_name

    face = card_face("Meddling Mage", "{W}{U}", [CREATURE], ("Human", "Wizard"), [
        StaticAbility("Spells with the chosen name can't be cast.",
                      rule=CantCast(forbids, "Spells with the chosen name can't be cast.")),
    ], 2, 2)
    return Card(face, as_enters=choose)


def clone(original: ObjectId) -> Card:
    """クローン, entering as a copy of ``original``."""

    def copy(game: Game, obj: GameObject) -> None:
        continuous.create(game, "Clone enters as a copy", [copy_of(original)], [obj.id], Indefinite(),
                          source=obj.id)

    return Card(card_face("Clone", "{3}{U}", [CREATURE], ("Shapeshifter",), (), 0, 0), as_enters=copy)


def _enchantment_entered(game: Game, source: View, event: Event) -> bool:
    if not (isinstance(event, ZoneChange) and event.enters_battlefield and event.new_id in game.objects):
        return False
    entered = game.view(event.new_id)
    return entered.is_a(ENCHANTMENT) and entered.controller == source.controller


def _cat_token(game: Game, item: StackItem) -> None:
    zones.create_token(game, creature("Cat", "{0}", 2, 2, ("Cat",)), item.controller)


AJANIS_CHOSEN = creature(
    "Ajani's Chosen", "{2}{W}{W}", 3, 3, ("Cat", "Soldier"),
    TriggeredAbility("Whenever an enchantment you control enters, create a 2/2 white Cat creature token.",
                     _enchantment_entered, _cat_token),
)
"""アジャニに選ばれし者; the option to attach an Aura to the token is left out."""

def _controls_a_mountain(game: Game, player: PlayerName) -> bool:
    # Conditions are looked at while the layers are applied, so they read printed values.
    return any("Mountain" in o.printed.subtypes and o.controller == player and phasing.exists(o)
               for o in game.objects.values() if o.zone is Zone.BATTLEFIELD)


ANGER = creature(
    "Anger", "{3}{R}", 2, 2, ("Incarnation",), Keyword("haste"),
    StaticAbility("As long as Anger is in your graveyard and you control a Mountain, creatures you "
                  "control have haste.", (gain(Keyword("haste")),), creatures_you_control, zone=Zone.GRAVEYARD,
                  condition=lambda g, anger: _controls_a_mountain(g, anger.owner)),
)
"""怒り: in the graveyard, with a Mountain, creatures you control have haste."""

# -- noncreature permanents -------------------------------------------------------------------

GLORIOUS_ANTHEM = Card(card_face("Glorious Anthem", "{1}{W}{W}", [ENCHANTMENT], (), [
    StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),), creatures_you_control)]))
"""栄光の頌歌."""


def _creature_power_4_entered(game: Game, source: View, event: Event) -> bool:
    if not (isinstance(event, ZoneChange) and event.enters_battlefield and event.new_id in game.objects):
        return False
    entered = game.view(event.new_id)  # as it entered: static effects already apply (611.3c)
    return entered.is_a(CREATURE) and (entered.power or 0) >= 4


def _draw_for_its_controller(game: Game, item: StackItem) -> None:
    event = item.event
    if isinstance(event, ZoneChange) and event.new_id is not None:
        players.draw(game, zones.last_known(game, event.new_id).controller)


KAVU_LAIR = Card(card_face("Kavu Lair", "{2}{G}", [ENCHANTMENT], (), [
    TriggeredAbility("Whenever a creature with power 4 or greater enters, its controller draws a card.",
                     _creature_power_4_entered, _draw_for_its_controller)]))
"""カヴーの巣."""

HOLY_STRENGTH = Card(card_face("Holy Strength", "{W}", [ENCHANTMENT], (AURA,), [
    Keyword("enchant", "creature"),
    StaticAbility("Enchanted creature gets +1/+2.", (modify_pt(1, 2),), attached_host)]),
    target=_is_creature)
"""神聖なる力."""

BONESPLITTER = Card(card_face("Bonesplitter", "{1}", [ARTIFACT], (EQUIPMENT,), [
    StaticAbility("Equipped creature gets +2/+0.", (modify_pt(2, 0),), attached_host)]))
"""骨断ちの矛; equip is done by attaching directly."""

SPHERE_OF_RESISTANCE = Card(card_face("Sphere of Resistance", "{2}", [ARTIFACT], (), [
    StaticAbility("Spells cost {1} more to cast.",
                  rule=CostIncrease(1, lambda source, spell: True, "Spells cost {1} more to cast."))]))
"""抵抗の宝球."""

MOUNTAIN = Card(card_face("Mountain", None, [LAND], ("Mountain",)))
MISHRAS_FACTORY = Card(card_face("Mishra's Factory", None, [LAND]))
"""ミシュラの工廠; its ability is used through :func:`animate_factory`."""


def animate_factory(game: Game, factory: ObjectId) -> None:
    """"Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature until end of turn."""
    continuous.create(game, "becomes a 2/2 artifact creature until end of turn",
                      [add_types(ARTIFACT, CREATURE, subtypes=("Assembly-Worker",)), set_base_pt(2, 2)],
                      [factory], UntilEndOfTurn(), source=factory)


# -- instants and sorceries -----------------------------------------------------------------


def _spell(name: str, cost: str, effect: Resolve, kind: str = SORCERY, targets_a_creature: bool = False
           ) -> Card:
    """An instant or sorcery; it may target one creature."""
    return Card(card_face(name, cost, [kind]), effect=effect,
                target=_is_creature if targets_a_creature else None)


def _destroy_all_creatures(game: Game, item: StackItem) -> None:
    zones.move_together(game, game.creatures(), Zone.GRAVEYARD)


WRATH_OF_GOD = _spell("Wrath of God", "{2}{W}{W}", _destroy_all_creatures)
"""神の怒り (regeneration is not modelled)."""


def _giant_growth(game: Game, item: StackItem) -> None:
    continuous.create(game, "+3/+3 until end of turn", [modify_pt(3, 3)], item.targets, UntilEndOfTurn(),
                      source=item.object_id, controller=item.controller)


GIANT_GROWTH = _spell("Giant Growth", "{G}", _giant_growth, INSTANT, targets_a_creature=True)
"""巨大化."""


def _inspired_charge(game: Game, item: StackItem) -> None:
    continuous.create(game, "creatures you control get +2/+1 until end of turn", [modify_pt(2, 1)],
                      creatures_you_control, UntilEndOfTurn(), source=item.object_id, controller=item.controller)


INSPIRED_CHARGE = _spell("Inspired Charge", "{2}{W}{W}", _inspired_charge, INSTANT)
"""鼓舞する突撃."""


def _draw_per_creature(game: Game, item: StackItem) -> None:
    players.draw(game, item.controller, len(game.creatures(item.controller)))


COLLECTIVE_UNCONSCIOUS = _spell("Collective Unconscious", "{4}{G}", _draw_per_creature)
"""集団潜在意識."""


def _bolt(game: Game, item: StackItem) -> None:
    from kb.engine import combat

    for target in item.targets:
        combat.deal_damage(game, game.obj(target), 3)


LIGHTNING_BOLT = _spell("Lightning Bolt", "{R}", _bolt, INSTANT, targets_a_creature=True)
"""稲妻 (aimed at creatures only here)."""


def _cant_block(game: Game, item: StackItem) -> None:
    continuous.create_rule_change(game, CantBlock(lambda view: view.is_a(CREATURE),
                                                  "Creatures can't block this turn."),
                                  UntilEndOfTurn(), item.object_id, item.controller)


FALTER = _spell("Falter", "{1}{R}", _cant_block, INSTANT)
"""怯え: "Creatures without flying can't block this turn" — simplified to all creatures."""


def grow_by_creature_count(game: Game, item: StackItem) -> None:
    """Test Might: target creature gets +X/+X until end of turn, X the creatures you control."""
    controller = item.controller
    count = Variable("the number of creatures you control", lambda g: len(g.creatures(controller)))
    continuous.create(game, "+X/+X until end of turn", [modify_pt_by(count)], item.targets, UntilEndOfTurn(),
                      source=item.object_id, controller=controller)


TEST_MIGHT = _spell("Test Might", "{1}{G}", grow_by_creature_count, INSTANT, targets_a_creature=True)

# -- made-up cards ----------------------------------------------------------------------------


def base_pt_enchantment(name: str, power: int, toughness: int, whose: str = "all") -> Card:
    """Test: an enchantment with "Creatures [you control] have base power and toughness N/N"."""
    return Card(card_face(name, "{2}", [ENCHANTMENT], (), [base_pt_static(power, toughness, whose)]))


def base_pt_static(power: int, toughness: int, whose: str = "yours") -> StaticAbility:
    """"Creatures [you control] have base power and toughness N/N" (layer 7b)."""
    everyone = whose == "all"
    return StaticAbility(f"{'Creatures' if everyone else 'Creatures you control'} have base power and "
                         f"toughness {power}/{toughness}.", (set_base_pt(power, toughness),),
                         all_creatures if everyone else creatures_you_control)


def lord(name: str, power: int, toughness: int) -> Card:
    """Test: a 1/1 creature with "Creatures have base power and toughness N/N"."""
    return creature(name, "{1}", 1, 1, ("Test",), base_pt_static(power, toughness, "all"))


def morph_lord(power: int, toughness: int) -> Card:
    """Test: a 1/1 with morph {1} and "Creatures you control have base power and toughness N/N"."""
    return creature("Test Morph Lord", "{1}{U}", 1, 1, ("Test",), Morph(ManaCost.parse("{1}")),
                    base_pt_static(power, toughness))


def shrinker() -> Card:
    """Test: an artifact whose ability makes target creature's base power and toughness 1/1 until
    end of turn; the ability is put on the stack with :func:`shrink`."""
    return Card(card_face("Test Shrinker", "{1}", [ARTIFACT]))


def shrink(game: Game, item: StackItem) -> None:
    continuous.create(game, "target creature has base power and toughness 1/1 until end of turn",
                      [set_base_pt(1, 1)], item.targets, UntilEndOfTurn(), source=item.source_id,
                      controller=item.controller)


def base_pt_attachment(name: str, subtype: str, power: int, toughness: int) -> Card:
    """Test: an Aura or Equipment: "Enchanted/equipped creature has base power and toughness N/N"."""
    abilities: list[Ability] = [StaticAbility(f"It has base power and toughness {power}/{toughness}.",
                                              (set_base_pt(power, toughness),), attached_host)]
    if subtype == AURA:
        abilities.insert(0, Keyword("enchant", "creature"))
    kind = ENCHANTMENT if subtype == AURA else ARTIFACT
    return Card(card_face(name, "{1}", [kind], (subtype,), abilities), target=_is_creature)


PHASING_AURA = Card(card_face("Test Phasing Aura", "{W}", [ENCHANTMENT], (AURA,), [
    Keyword("enchant", "creature"), Keyword("phasing"),
    StaticAbility("Enchanted creature gets +1/+1.", (modify_pt(1, 1),), attached_host)]), target=_is_creature)
"""Test: an Aura with phasing of its own."""

TEST_CURSE = Card(card_face("Test Curse", "{B}", [ENCHANTMENT], (AURA, "Curse"), [
    Keyword("enchant", "player")]))
"""Test: a Curse, an Aura that enchants a player."""


def attachment_watcher() -> Card:
    """Test: "Whenever an Aura or Equipment becomes attached to a creature you control, you gain 1
    life.  Whenever one becomes unattached from a creature you control, you gain 10 life.\""""

    def attached(game: Game, source: View, event: Event) -> bool:
        return (isinstance(event, Attached) and isinstance(event.target, int)
                and zones.last_known(game, event.target).controller == source.controller)

    def unattached(game: Game, source: View, event: Event) -> bool:
        return (isinstance(event, Unattached) and isinstance(event.target, int)
                and zones.last_known(game, event.target).controller == source.controller)

    return Card(card_face("Test Attachment Watcher", "{2}", [ENCHANTMENT], (), [
        TriggeredAbility("Whenever an Aura or Equipment becomes attached to a creature you control, you "
                         "gain 1 life.", attached, _gain_life(1)),
        TriggeredAbility("Whenever an Aura or Equipment becomes unattached from a creature you control, "
                         "you gain 10 life.", unattached, _gain_life(10)),
    ]))


def zone_watcher() -> Card:
    """Test: "Whenever a creature enters, you gain 1 life.  Whenever a creature leaves the
    battlefield, you gain 10 life.\""""

    def entered(game: Game, source: View, event: Event) -> bool:
        return (isinstance(event, ZoneChange) and event.enters_battlefield and event.new_id is not None
                and game.view(event.new_id).is_a(CREATURE))

    def left(game: Game, source: View, event: Event) -> bool:
        return (isinstance(event, ZoneChange) and event.leaves_battlefield and event.before is not None
                and event.before.is_a(CREATURE))

    return Card(card_face("Test Zone Watcher", "{2}", [ENCHANTMENT], (), [
        TriggeredAbility("Whenever a creature enters, you gain 1 life.", entered, _gain_life(1)),
        TriggeredAbility("Whenever a creature leaves the battlefield, you gain 10 life.", left,
                         _gain_life(10)),
    ]))


def morph_with_triggers() -> Card:
    """Test: a 3/3 with morph {1}{U}, "When this enters, you gain 3 life" and "When this is turned
    face up, you gain 5 life"."""
    return creature(
        "Test Morph", "{2}{U}", 3, 3, ("Shapeshifter",), Morph(ManaCost.parse("{1}{U}")),
        TriggeredAbility("When this enters, you gain 3 life.", lambda g, s, e: _enters(e, s.id),
                         _gain_life(3)),
        TriggeredAbility("When this is turned face up, you gain 5 life.",
                         lambda g, s, e: isinstance(e, TurnedFaceUp) and e.object_id == s.id,
                         _gain_life(5)),
    )


def x_morph() -> Card:
    """Test: a 1/1 with morph {X}{G} and "When this is turned face up, put X +1/+1 counters on it"."""

    def grow(game: Game, item: StackItem) -> None:
        assert item.source_id is not None
        source = game.obj(item.source_id)
        counters.put(game, source, "+1/+1", source.x)

    return creature("Test X Morph", "{G}", 1, 1, ("Beast",), Morph(ManaCost.parse("{X}{G}")),
                    TriggeredAbility("When this is turned face up, put X +1/+1 counters on it.",
                                     lambda g, s, e: isinstance(e, TurnedFaceUp) and e.object_id == s.id,
                                     grow))


def transforming(front: tuple[int, int], back_static: StaticAbility | None = None) -> Card:
    """Test: a transforming double-faced creature; its back face may have a static ability."""
    return Card(card_face("Test Front", "{1}{G}", [CREATURE], ("Human",), (), *front),
                back=card_face("Test Back", None, [CREATURE], ("Werewolf",),
                               (back_static,) if back_static else (), front[0] + 2, front[1] + 2, colors=["G"]))


def command_card(name: str, card_type: str, ability: StaticAbility | None = None) -> Card:
    """Test: a plane, phenomenon, scheme, vanguard or conspiracy whose static ability functions
    in the command zone."""
    abilities = () if ability is None else (StaticAbility(ability.text, ability.parts, ability.affects,
                                                          zone=Zone.COMMAND),)
    return Card(card_face(name, None, [card_type], (), abilities))


def graveyard_caster() -> Card:
    """Test: "You may cast creature spells from your graveyard.  Creatures cast this way have
    haste" (with no duration stated, so the haste lasts until the game ends, 611.3d)."""

    def allows(source: GameObject | None, card: View) -> bool:
        return card.is_a(CREATURE) and source is not None and card.owner == source.controller

    permission = CastPermission(Zone.GRAVEYARD, allows, (Keyword("haste"),), Indefinite(),
                                "cast from your graveyard; creatures cast this way have haste")
    return Card(card_face("Test Necromancy", "{3}{B}", [ENCHANTMENT], (), [
        StaticAbility("You may cast creature spells from your graveyard. Creatures cast this way have haste.",
                      rule=permission)]))


def phase_out_everything(game: Game, who: list[PlayerName] | None = None) -> None:
    """Test: "All permanents phase out" (of the given players)."""
    phasing.phase_out(game, [o for o in game.battlefield() if who is None or game.view(o.id).controller in who])
