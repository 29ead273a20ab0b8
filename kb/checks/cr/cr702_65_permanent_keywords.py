"""Keyword abilities of permanents entering and leaving and of cards in other zones, 702.65-702.123:
aura swap, fortify, transfigure, champion, hideaway, reinforce, persist, devour, unearth, umbra
armor, living weapon, undying, soulbond, scavenge, unleash, tribute, exploit, crew, fabricate."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr300_card_types import SMUGGLERS_COPTER
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    GameObject,
    Keyword,
    Resolution,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    attached_to_this,
    card,
    creatures,
    enters,
    gain,
    is_attacking,
    modify_pt,
    only,
    target_creature,
    where,
)
from kb.engine.choices import Choice
from kb.engine.context import Seeable
from kb.engine.keyword_abilities import KEYWORD_ACTIVATED
from kb.engine.keywords_zones import (
    becomes_crewed,
    championed_by,
    crews,
    devoured,
    exploits,
    is_paired,
    may_look_at,
    paired_with,
    this_and_its_pair,
    tribute_wasnt_paid,
)
from kb.engine.rules import CantCrew

# -- cards -------------------------------------------------------------------------------------------

ENCHANTED_GETS_FLYING = StaticAbility("Enchanted creature has flying.", (gain("flying"),), attached_to_this())
ARCANUM_WINGS = real("奥義の翼", card("Arcanum Wings", "{1}{U}", "Enchantment — Aura", "enchant creature",
                                     ENCHANTED_GETS_FLYING, "aura swap {2}{U}"))
HYENA_UMBRA = real("ハイエナの陰影", card(
    "Hyena Umbra", "{W}", "Enchantment — Aura", "enchant creature",
    StaticAbility("Enchanted creature gets +1/+1 and has first strike.", (modify_pt(1, 1), gain("first strike")),
                  attached_to_this()), "umbra armor"))
LAND_AURA = card("Test Land Aura", "{G}", "Enchantment — Aura", "enchant land")
"""A made-up Aura that enchants a land."""
DARKSTEEL_GARRISON = real("ダークスティールの駐屯地", card(
    "Darksteel Garrison", "{2}", "Artifact — Fortification",
    StaticAbility("Fortified land has indestructible.", (gain("indestructible"),), attached_to_this()),
    "fortify {3}"))
"""ダークスティールの駐屯地; its tapping trigger is left out."""
TWO_WAY_FORT = card("Test Twin Fort", "{2}", "Artifact — Fortification", "fortify {4}", "fortify {1}")
"""A made-up Fortification with two fortify abilities."""
FLESHWRITHER = real("肉捻り", card("Fleshwrither", "{2}{B}{B}", "Creature — Horror", 3, 3, "transfigure {1}{B}{B}"))
CHANGELING_HERO = real("変わり身の勇士", card("Changeling Hero", "{4}{W}", "Creature — Shapeshifter", 4, 4,
                                            "changeling", "champion a creature", "lifelink"))
HIDDEN_VAULT = card("Test Hidden Vault", None, "Land", "hideaway 4")
"""A made-up land with hideaway 4."""
BURRENTON_BOMBARDIER = real("ブレンタンの爆撃手", card("Burrenton Bombardier", "{2}{W}", "Creature — Kithkin Soldier",
                                                  2, 2, "flying", "reinforce 2—{2}{W}"))


def _has_activated(candidate: Seeable) -> bool:
    held = [getattr(a, "ability", a) for a in getattr(candidate, "abilities", ())]
    return any(isinstance(a, ActivatedAbility) or (isinstance(a, Keyword) and a.name in KEYWORD_ACTIVATED)
               for a in held)


TOOLMASTER = card("Test Toolmaster", "{2}{W}", "Enchantment",
                  StaticAbility("Creatures with activated abilities get +1/+1.", (modify_pt(1, 1),),
                                creatures() & where("with an activated ability", lambda c, o: _has_activated(o))))
"""A made-up anthem for creatures that have an activated ability."""
KITCHEN_FINKS = real("台所の嫌がらせ屋", card("Kitchen Finks", "{1}{G/W}{G/W}", "Creature — Ouphe", 3, 2, "persist"))
"""台所の嫌がらせ屋; its life-gain trigger is left out."""
PREYSEIZER_DRAGON = real("餌食奪いのドラゴン", card("Preyseizer Dragon", "{4}{R}{R}", "Creature — Dragon", 4, 4,
                                                 "flying", "devour 2"))
"""餌食奪いのドラゴン; its attack trigger is left out."""


def _draw_per_devoured(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        resolution.game.draw(resolution.controller, devoured(resolution.game, resolution.source_id))


SKULLMULCHER = real("髑髏覆い", card(
    "Skullmulcher", "{4}{G}", "Creature — Elemental", 3, 3, "devour 1",
    TriggeredAbility("When Skullmulcher enters, draw a card for each creature it devoured.", enters(),
                     _draw_per_devoured)))
SCRAP_GLUTTON = card("Test Scrap Glutton", "{3}", "Artifact Creature — Construct", 1, 1, "devour artifact 1")
"""A made-up creature with "devour artifact 1"."""
TRINKET = card("Test Trinket", "{1}", "Artifact")
DREGSCAPE_ZOMBIE = real("屑肉の地のゾンビ", card("Dregscape Zombie", "{1}{B}", "Creature — Zombie", 2, 1,
                                              "unearth {B}"))
FLAYER_HUSK = real("皮剥ぎの鞘", card(
    "Flayer Husk", "{1}", "Artifact — Equipment", "living weapon",
    StaticAbility("Equipped creature gets +1/+1.", (modify_pt(1, 1),), attached_to_this()), "equip {2}"))
STRANGLEROOT_GEIST = real("絡み根の霊", card("Strangleroot Geist", "{G}{G}", "Creature — Spirit", 2, 1, "haste",
                                           "undying"))
SILVERBLADE_PALADIN = real("銀刃の聖騎士", card(
    "Silverblade Paladin", "{1}{W}{W}", "Creature — Human Knight", 2, 2, "soulbond",
    StaticAbility("As long as Silverblade Paladin is paired with another creature, both creatures have double strike.",
                  (gain("double strike"),), this_and_its_pair(), condition=is_paired())))
SLITHERHEAD = real("滑り頭", card("Slitherhead", "{B/G}", "Creature — Plant Zombie", 1, 1, "scavenge {0}"))
RAKDOS_CACKLER = real("ラクドスの哄笑者", card("Rakdos Cackler", "{B/R}", "Creature — Devil", 1, 1, "unleash"))


def _fanatic_rages(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        resolution.create_effect("+1/+1 and haste until end of turn", [modify_pt(1, 1), gain("haste")],
                                 [resolution.source_id], UntilEndOfTurn())


FANATIC_OF_XENAGOS = real("ゼナゴスの狂信者", card(
    "Fanatic of Xenagos", "{1}{R}{G}", "Creature — Centaur Warrior", 3, 3, "trample", "tribute 1",
    TriggeredAbility("When Fanatic of Xenagos enters, if tribute wasn't paid, it gets +1/+1 and gains haste until "
                     "end of turn.", enters(), _fanatic_rages, condition=tribute_wasnt_paid())))


def _shrink(resolution: Resolution) -> None:
    resolution.create_effect("-3/-3 until end of turn", [modify_pt(-3, -3)], resolution.targets(0), UntilEndOfTurn())


SILUMGAR_BUTCHER = real("シルムガルの解体者", card(
    "Silumgar Butcher", "{4}{B}", "Creature — Zombie Djinn", 3, 3, "exploit",
    TriggeredAbility("When Silumgar Butcher exploits a creature, target creature an opponent controls gets -3/-3 "
                     "until end of turn.", exploits(), _shrink, (target_creature(controller="opponent"),))))


def _first_strike_to_crewed(resolution: Resolution) -> None:
    event = resolution.event
    vehicle = getattr(event, "vehicle", None)
    if isinstance(vehicle, int) and vehicle in resolution.game.objects:
        resolution.create_effect("first strike until end of turn", [gain("first strike")], [vehicle], UntilEndOfTurn())


SPEEDWAY_FANATIC = real("競走路の熱狂者", card(
    "Speedway Fanatic", "{1}{R}", "Creature — Human Pilot", 2, 1, "haste",
    TriggeredAbility("Whenever Speedway Fanatic crews a Vehicle, that Vehicle gains first strike until end of turn.",
                     crews(), _first_strike_to_crewed)))


def _reward_the_crew(resolution: Resolution) -> None:
    for creature in getattr(resolution.event, "crew", ()):
        if creature in resolution.game.objects:
            resolution.game.put_counters(creature, "+1/+1")


CREWED_RACER = card("Test Grateful Racer", "{3}", "Artifact — Vehicle", 3, 3, "crew 1",
                    TriggeredAbility("Whenever this Vehicle becomes crewed, put a +1/+1 counter on each creature that "
                                     "crewed it.", becomes_crewed(), _reward_the_crew))
"""A made-up Vehicle with a "becomes crewed" trigger."""
WEAPONCRAFT_ENTHUSIAST = real("武器作り狂", card("Weaponcraft Enthusiast", "{2}{B}", "Creature — Aetherborn Artificer",
                                              0, 1, "fabricate 2"))
DOUBLE_FABRICATOR = card("Test Double Fabricator", "{3}", "Artifact Creature — Construct", 1, 1, "fabricate 1",
                         "fabricate 1")


# -- helpers ---------------------------------------------------------------------------------------------


def activate(game: Game, player: str, source: GameObject, which: str, mana: str = "", **options: object) -> None:
    if mana:
        give_mana(game, player, mana)
    if game.priority != player:
        game.pass_priority_to(player)
    game.activate(player, source, which, **options)
    game.resolve_stack()


def zone_of(game: Game, obj: GameObject) -> Zone:
    return game.current(obj).zone


def recording(offered: list[object], answer: object) -> Callable[[Choice], object]:
    """A scripted answer that also notes what the player was offered."""
    def policy(choice: Choice) -> object:
        offered.extend(choice.options or choice.items)
        return answer

    return policy


# -- 702.65 aura swap ------------------------------------------------------------------------------------


@check("702.65a@20260116.0@78a0b882", "701.12a@20260116.0@788258ac")
def aura_swap_exchanges_with_an_aura_in_hand(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《奥義の翼》（オーラ交換{2}{U}）がついている。Aの手札に《ハイエナの陰影》。
    行動: Aがオーラ交換を起動して交換する。
    結果: 翼は手札に戻り、陰影が熊についた状態で戦場に出る。熊は飛行を失い、先制攻撃を持つ3/3になる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    wings = game.place(ARCANUM_WINGS, attached_to=bears)
    umbra = in_hand(game, HYENA_UMBRA)
    expect.that(game.view(bears).has("flying"), "翼で熊は飛行を持つ")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    activate(game, "A", wings, "Aura swap", "{2}{U}")
    expect.equal(zone_of(game, wings), Zone.HAND, "翼は手札に戻った")
    placed = game.current(umbra)
    expect.that(placed.zone is Zone.BATTLEFIELD and placed.attached_to == bears.id, "陰影が熊についた")
    expect.that(game.view(bears).pt == (3, 3) and not game.view(bears).has("flying"), "熊は3/3で飛行を持たない")


@check("702.65b@20260116.0@d8b23034", example="702.65b#1@43f9d9d3")
def aura_swap_with_an_aura_that_cannot_enchant_it_does_nothing(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《奥義の翼》がついている。Aの手札にある唯一のオーラは、土地にしかつけられないテスト用オーラ。
    行動: Aがオーラ交換を起動する。
    結果: 手札のオーラは熊にエンチャントできないので交換の半分が行えず、能力は何もしない。翼は熊についたまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    wings = game.place(ARCANUM_WINGS, attached_to=bears)
    land_aura = in_hand(game, LAND_AURA)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    activate(game, "A", wings, "Aura swap", "{2}{U}")
    expect.that(wings.id in game.objects and wings.attached_to == bears.id, "翼は熊についたまま")
    expect.equal(zone_of(game, land_aura), Zone.HAND, "手札のオーラは手札のまま")


@check("702.65b@20260116.0@d8b23034", example="702.65b#2@3bd75851")
def aura_swap_of_an_aura_you_do_not_own_does_nothing(expect: Expect) -> None:
    """状況: Aがコントロールしているが、オーナーはBである《奥義の翼》がAの《灰色熊》についている。Aの手札に《ハイエナの陰影》。
    行動: Aがオーラ交換を起動する。
    結果: 翼はAの手札ではなくオーナーの手札に行くことになるので交換は完了できず、能力は効果を持たない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    wings = game.place(ARCANUM_WINGS, owner="B", attached_to=bears)
    umbra = in_hand(game, HYENA_UMBRA)
    expect.equal(game.view(wings).controller, "A", "翼をコントロールしているのはA")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    activate(game, "A", wings, "Aura swap", "{2}{U}")
    expect.that(wings.id in game.objects and wings.attached_to == bears.id, "翼は熊についたまま")
    expect.equal(zone_of(game, umbra), Zone.HAND, "陰影は手札のまま")


# -- 702.67 fortify ---------------------------------------------------------------------------------------


@check("702.67a@20260116.0@7fc10e47", "301.6@20260116.0@20a3ada9")
def fortify_attaches_to_your_land_as_a_sorcery(expect: Expect) -> None:
    """状況: Aの《ダークスティールの駐屯地》（城砦化{3}）と《森》、Bの《山》。
    行動: Aが城砦化でBの山を対象にしようとし、次に森を対象にする。森を破壊しようとする。戦闘中にも起動しようとする。
    結果: あなたがコントロールする土地にだけつけられ、破壊不能になった森は残る。ソーサリーとしてのみ起動できる。"""
    game = Game(["A", "B"])
    garrison = game.place(DARKSTEEL_GARRISON)
    forest = game.place(FOREST)
    mountain = game.place(MOUNTAIN, player="B")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.activate("A", garrison, "Fortify", targets=[mountain]), "対戦相手の土地にはつけられない")
    game.activate("A", garrison, "Fortify", targets=[forest])
    game.resolve_stack()
    expect.equal(garrison.attached_to, forest.id, "森についた")
    game.destroy(forest)
    expect.that(forest.id in game.objects, "破壊不能の森は残る")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.activate("A", garrison, "Fortify", targets=[forest]), "戦闘中は起動できない")


@check("702.67c@20260116.0@9c7ea1c0")
def any_of_several_fortify_abilities(expect: Expect) -> None:
    """状況: Aの城砦化{4}と城砦化{1}の2つを持つテスト用の城砦と《森》。Aは{1}しか持たない。
    行動: Aが城砦化{1}を起動する。
    結果: どちらの城砦化も使えるので、{1}で森につけられる。"""
    game = Game(["A", "B"])
    fort = game.place(TWO_WAY_FORT)
    forest = game.place(FOREST)
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.activate("A", fort, "Fortify {4}", targets=[forest]), "{4}の方は払えない")
    game.activate("A", fort, "Fortify {1}", targets=[forest])
    game.resolve_stack()
    expect.equal(fort.attached_to, forest.id, "{1}の城砦化でついた")


# -- 702.71 transfigure ------------------------------------------------------------------------------------


@check("702.71a@20260116.0@6b150e53", "701.23a@20260116.0@5a5a8334")
def transfigure_finds_a_creature_of_the_same_mana_value(expect: Expect) -> None:
    """状況: Aの《肉捻り》（マナ総量4、変形{1}{B}{B}）。Aのライブラリーに《柱平原の雄牛》（マナ総量4）と《灰色熊》。
    行動: Aが変形を起動し、肉捻りを生け贄に捧げ、雄牛を探す。
    結果: 雄牛が戦場に出て、肉捻りは墓地にある。ライブラリーは切り直される。"""
    game = Game(["A", "B"])
    writher = game.place(FLESHWRITHER)
    ox = game.place(cards.PILLARFIELD_OX, Zone.LIBRARY, "A")
    game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    offered: list[object] = []
    game.choices.script(ChoiceKind.OBJECT, recording(offered, ox.id), player="A")
    activate(game, "A", writher, "Transfigure", "{1}{B}{B}")
    expect.that(ox.id in offered and all(game.objects[o].card is not cards.GRIZZLY_BEARS
                                         for o in offered if isinstance(o, int) and o in game.objects),
                "マナ総量4のクリーチャー・カードだけが探せる")
    expect.equal(zone_of(game, ox), Zone.BATTLEFIELD, "雄牛が戦場に出た")
    expect.equal(zone_of(game, writher), Zone.GRAVEYARD, "肉捻りは生け贄に捧げられた")


# -- 702.72 champion ----------------------------------------------------------------------------------------


@check("702.72a@20260116.0@61612f4b")
def champion_exiles_another_and_returns_it(expect: Expect) -> None:
    """状況: Aの《灰色熊》。Aが《変わり身の勇士》（クリーチャー1体を覇権）を唱える。
    行動: 戦場に出たとき熊を追放する。そのあと勇士が破壊される。別のゲームでは覇権するクリーチャーがいない。
    結果: 熊は追放され、勇士が戦場を離れると熊が戦場に戻る。追放するものがなければ勇士は生け贄に捧げられる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    cast(game, "A", CHANGELING_HERO)
    [hero] = [o for o in game.battlefield("A") if o.card is CHANGELING_HERO]
    expect.equal(zone_of(game, bears), Zone.EXILE, "熊は追放された")
    game.destroy(hero)
    game.resolve_stack()
    expect.equal(zone_of(game, bears), Zone.BATTLEFIELD, "勇士が離れて熊が戻った")
    alone = Game(["A", "B"])
    cast(alone, "A", CHANGELING_HERO)
    expect.equal([o.card.name for o in alone.graveyard("A")], ["Changeling Hero"], "追放するものがなければ生け贄")


@check("702.72b@20260116.0@e9a35fb8", "702.72c@20260116.0@13815d29", "607.1@20260116.0@9335d4d4",
       "607.2k@20260116.0@f7cb3463")
def champion_returns_only_the_card_it_championed(expect: Expect) -> None:
    """状況: Aの《変わり身の勇士》2体が、それぞれ《灰色熊》と《丘巨人》を覇権している。
    行動: 熊を覇権した勇士が破壊される。
    結果: その勇士に覇権された熊だけが戻り、もう一方に覇権された丘巨人は追放されたまま（2つの能力は関連している）。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    cast(game, "A", CHANGELING_HERO)
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    cast(game, "A", CHANGELING_HERO)
    first, second = [o for o in game.battlefield("A") if o.card is CHANGELING_HERO]
    exiled_bears, exiled_giant = game.current(bears), game.current(giant)
    expect.equal((championed_by(game, exiled_bears.id), championed_by(game, exiled_giant.id)), (first.id, second.id),
                 "それぞれの勇士に覇権された")
    game.destroy(first)
    game.resolve_stack()
    expect.equal((zone_of(game, bears), zone_of(game, giant)), (Zone.BATTLEFIELD, Zone.EXILE), "熊だけが戻った")


# -- 702.75 hideaway -------------------------------------------------------------------------------------------


@check("702.75a@20260116.0@1d5bdf88")
def hideaway_exiles_one_of_the_top_cards_face_down(expect: Expect) -> None:
    """状況: Aの秘匿4を持つテスト用の土地。Aのライブラリーの上4枚の中に《灰色熊》。
    行動: その土地が戦場に出て、Aは熊を裏向きに追放する。
    結果: 熊は裏向きで追放され、土地をコントロールするAは見てよいがBは見られない。残りの3枚はライブラリーの一番下にある。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    others = [game.place(c, Zone.LIBRARY, "A") for c in (cards.HILL_GIANT, cards.PILLARFIELD_OX, cards.CRAW_WURM)]
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    game.put_onto_battlefield(HIDDEN_VAULT, "A")
    game.resolve_stack()
    hidden = game.current(bears)
    expect.that(hidden.zone is Zone.EXILE and hidden.face_down is not None, "熊は裏向きに追放された")
    expect.that(may_look_at(game, "A", hidden.id) and not may_look_at(game, "B", hidden.id), "Aだけが見られる")
    expect.equal(set(game.players["A"].library[:3]), {o.id for o in others}, "残りはライブラリーの一番下")


# -- 702.77 reinforce ------------------------------------------------------------------------------------------


@check("702.77a@20260116.0@c7dfdc4d")
def reinforce_from_the_hand(expect: Expect) -> None:
    """状況: Aの手札に《ブレンタンの爆撃手》（補強2―{2}{W}）、戦場に《灰色熊》。
    行動: Aが補強を起動する。
    結果: 爆撃手を捨て、熊に+1/+1カウンター2個が置かれる。"""
    game = Game(["A", "B"])
    bombardier = in_hand(game, BURRENTON_BOMBARDIER)
    bears = game.place(cards.GRIZZLY_BEARS)
    activate(game, "A", bombardier, "Reinforce", "{2}{W}", targets=[bears])
    expect.equal(bears.counter("+1/+1"), 2, "+1/+1カウンター2個")
    expect.equal(zone_of(game, bombardier), Zone.GRAVEYARD, "爆撃手は捨てられた")


@check("702.77b@20260116.0@2eb32e70")
def reinforce_exists_on_the_battlefield(expect: Expect) -> None:
    """状況: Aの戦場に《ブレンタンの爆撃手》と《灰色熊》、「起動型能力を持つクリーチャーは+1/+1の修整を受ける」テスト用エンチャント。
    行動: 戦場の爆撃手の補強を起動しようとする。
    結果: 補強は手札でしか起動できないが能力は存在するので、爆撃手は+1/+1の修整を受けて3/3。熊は2/2のまま。"""
    game = Game(["A", "B"])
    bombardier = game.place(BURRENTON_BOMBARDIER)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(TOOLMASTER)
    expect.equal((game.view(bombardier).pt, game.view(bears).pt), ((3, 3), (2, 2)), "爆撃手は起動型能力を持つ")
    give_mana(game, "A", "{2}{W}")
    expect.refused(lambda: game.activate("A", bombardier, "Reinforce", targets=[bears]), "戦場からは起動できない")


# -- 702.79 persist, 702.93 undying ------------------------------------------------------------------------------


@check("702.79a@20260116.0@3767fa48", "603.10a@20260116.0@ea7c52c5")
def persist_returns_once(expect: Expect) -> None:
    """状況: Aの《台所の嫌がらせ屋》（3/2、頑強）。
    行動: 破壊され、戻ってきたあとでもう一度破壊される。
    結果: 1回目は-1/-1カウンター1個が置かれた状態で戻って2/1。2回目は-1/-1カウンターがあったので戻らない。"""
    game = Game(["A", "B"])
    finks = game.place(KITCHEN_FINKS)
    game.destroy(finks)
    game.resolve_stack()
    back = game.current(finks)
    expect.that(back.zone is Zone.BATTLEFIELD and back.counter("-1/-1") == 1, "-1/-1カウンター1個で戻った")
    expect.equal(game.view(back).pt, (2, 1), "2/1")
    game.destroy(back)
    game.resolve_stack()
    expect.equal(zone_of(game, finks), Zone.GRAVEYARD, "2回目は戻らない")


@check("702.93a@20260116.0@fd7f0cb5")
def undying_returns_once(expect: Expect) -> None:
    """状況: Aの《絡み根の霊》（2/1、不死）。
    行動: 破壊され、戻ってきたあとでもう一度破壊される。
    結果: 1回目は+1/+1カウンター1個が置かれた状態で戻って3/2。2回目は+1/+1カウンターがあったので戻らない。"""
    game = Game(["A", "B"])
    geist = game.place(STRANGLEROOT_GEIST)
    game.destroy(geist)
    game.resolve_stack()
    back = game.current(geist)
    expect.that(back.zone is Zone.BATTLEFIELD and back.counter("+1/+1") == 1, "+1/+1カウンター1個で戻った")
    expect.equal(game.view(back).pt, (3, 2), "3/2")
    game.destroy(back)
    game.resolve_stack()
    expect.equal(zone_of(game, geist), Zone.GRAVEYARD, "2回目は戻らない")


# -- 702.82 devour -----------------------------------------------------------------------------------------------


@check("702.82a@20260116.0@dce81b77", "614.1c@20260116.0@ce0a08eb")
def devour_sacrifices_as_it_enters(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。Aが《餌食奪いのドラゴン》（4/4、貪食2）を唱える。
    行動: 戦場に出るに際し、熊2体を生け贄に捧げる。
    結果: ドラゴンは+1/+1カウンター4個が置かれた状態で戦場に出て8/8。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, [first, second], player="A")
    cast(game, "A", PREYSEIZER_DRAGON)
    [dragon] = game.battlefield("A")
    expect.equal(dragon.counter("+1/+1"), 4, "+1/+1カウンター4個")
    expect.equal(game.view(dragon).pt, (8, 8), "8/8")


@check("702.82b@20260116.0@04f18eaa")
def it_devoured_counts_the_creatures_sacrificed(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体と《丘巨人》。Aが《髑髏覆い》（貪食1、「戦場に出たとき、これが貪食したクリーチャー1体につきカードを1枚引く」）を唱える。
    行動: 熊2体だけを貪食する。
    結果: 貪食したのは2体なので、カードを2枚引き、髑髏覆いは5/5。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECT, [first, second], player="A")
    cast(game, "A", SKULLMULCHER)
    [mulcher] = [o for o in game.battlefield("A") if o.card is SKULLMULCHER]
    expect.equal(devoured(game, mulcher.id), 2, "貪食したのは2体")
    expect.equal(len(game.hand("A")), 2, "2枚引いた")
    expect.equal(game.view(mulcher).pt, (5, 5), "5/5")


@check("702.82c@20260116.0@b2ac9e1a")
def devour_a_quality(expect: Expect) -> None:
    """状況: Aの《羽ばたき飛行機械》、テスト用のアーティファクト、《灰色熊》。Aが「アーティファクトの貪食1」を持つテスト用クリーチャー（1/1）を出す。
    行動: 戦場に出るに際し、生け贄に捧げるものを選ぶ。
    結果: 選べるのはアーティファクトだけで熊は選べない。アーティファクト2つを生け贄に捧げて+1/+1カウンター2個で3/3。"""
    game = Game(["A", "B"])
    thopter = game.place(cards.ORNITHOPTER)
    trinket = game.place(TRINKET)
    bears = game.place(cards.GRIZZLY_BEARS)
    offered: list[object] = []
    game.choices.script(ChoiceKind.OBJECT, recording(offered, [thopter.id, trinket.id]), player="A")
    glutton = game.put_onto_battlefield(SCRAP_GLUTTON, "A")
    assert glutton is not None
    expect.that(set(offered) == {thopter.id, trinket.id} and bears.id not in offered, "アーティファクトだけが選べる")
    expect.equal(game.view(glutton).pt, (3, 3), "3/3")


# -- 702.84 unearth ------------------------------------------------------------------------------------------------


@check("702.84a@20260116.0@497d8ebb")
def unearth_returns_for_a_turn(expect: Expect) -> None:
    """状況: Aの墓地に《屑肉の地のゾンビ》（蘇生{B}）。
    行動: Aが蘇生を起動し、戻ったゾンビで攻撃し、終了ステップを迎える。別のゲームでは戻ったゾンビが破壊される。
    結果: 速攻を得たゾンビは攻撃でき、次の終了ステップの開始時に追放される。戦場を離れるときは墓地でなく追放される。"""
    game = Game(["A", "B"])
    zombie = game.place(DREGSCAPE_ZOMBIE, Zone.GRAVEYARD, "A")
    activate(game, "A", zombie, "Unearth", "{B}")
    back = game.current(zombie)
    expect.that(back.zone is Zone.BATTLEFIELD and game.view(back).has("haste"), "速攻を得て戻った")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([back])
    expect.that(is_attacking(game, back), "攻撃できる")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(zone_of(game, zombie), Zone.EXILE, "終了ステップの開始時に追放された")
    other = Game(["A", "B"])
    again = other.place(DREGSCAPE_ZOMBIE, Zone.GRAVEYARD, "A")
    activate(other, "A", again, "Unearth", "{B}")
    other.destroy(other.current(again))
    expect.equal(zone_of(other, again), Zone.EXILE, "破壊されても墓地でなく追放")
    give_mana(other, "A", "{B}")
    other.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.refused(lambda: other.activate("A", other.place(DREGSCAPE_ZOMBIE, Zone.GRAVEYARD, "A"), "Unearth"),
                   "ソーサリーとしてのみ起動できる")


# -- 702.89 umbra armor ---------------------------------------------------------------------------------------------


@check("702.89a@20260116.0@4ed00a11", "701.8b@20260116.0@90da2461", "614.1a@20260116.0@200be777")
def umbra_armor_saves_the_enchanted_creature(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《ハイエナの陰影》（陰影鎧）がついている。
    行動: Bが熊に《稲妻》を唱え、致死ダメージの状況起因処理で熊が破壊されようとする。別のゲームでは《神の怒り》が唱えられる。
    結果: どちらでも代わりに熊のダメージが取り除かれて陰影が破壊される。熊は2/2でダメージのないまま残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    umbra = game.place(HYENA_UMBRA, attached_to=bears)
    cast(game, "B", cards.LIGHTNING_BOLT, [bears])
    expect.that(bears.id in game.objects and bears.damage == 0, "熊は残り、ダメージは取り除かれた")
    expect.equal(zone_of(game, umbra), Zone.GRAVEYARD, "陰影が破壊された")
    expect.equal(game.view(bears).pt, (2, 2), "熊は2/2")
    wrath = Game(["A", "B"])
    saved = wrath.place(cards.GRIZZLY_BEARS)
    wrath.place(HYENA_UMBRA, attached_to=saved)
    giant = wrath.place(cards.HILL_GIANT)
    cast(wrath, "A", cards.WRATH_OF_GOD)
    expect.that(saved.id in wrath.objects and giant.id not in wrath.objects, "神の怒りでも熊だけが残る")


# -- 702.92 living weapon ------------------------------------------------------------------------------------------


@check("702.92a@20260116.0@692f56f6")
def living_weapon_makes_a_germ_to_carry_it(expect: Expect) -> None:
    """状況: Aが《皮剥ぎの鞘》（生体武器、装備しているクリーチャーは+1/+1）を唱える。
    行動: 鞘が戦場に出て、生体武器が解決する。
    結果: 黒の0/0のファイレクシアン・細菌・トークンが生成され、鞘がつけられて1/1で生き残る。"""
    game = Game(["A", "B"])
    cast(game, "A", FLAYER_HUSK)
    [germ] = [o for o in game.battlefield("A") if o.is_token]
    [husk] = [o for o in game.battlefield("A") if o.card is FLAYER_HUSK]
    expect.equal(husk.attached_to, germ.id, "鞘は細菌についている")
    view = game.view(germ)
    expect.that(view.pt == (1, 1) and "Germ" in view.subtypes and {c.value for c in view.colors} == {"B"},
                "黒の細菌は1/1")


# -- 702.95 soulbond --------------------------------------------------------------------------------------------------


@check("702.95a@20260116.0@7c806ae0", "702.95b@20260116.0@e8706ba0")
def soulbond_pairs_as_either_enters(expect: Expect) -> None:
    """状況: Aの《灰色熊》。Aが《銀刃の聖騎士》（結魂、組になっているかぎり両方が二段攻撃を持つ）を唱える。
    行動: 聖騎士が出たとき熊と組にする。別のゲームでは聖騎士が先にいて、あとから熊が出て組になる。
    結果: どちらでも聖騎士と熊は組になり、両方とも二段攻撃を持つ。組になる前の聖騎士は二段攻撃を持たない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", SILVERBLADE_PALADIN)
    [paladin] = [o for o in game.battlefield("A") if o.card is SILVERBLADE_PALADIN]
    expect.equal(paired_with(game, paladin.id), bears.id, "聖騎士が出て熊と組になった")
    expect.that(game.view(paladin).has("double strike") and game.view(bears).has("double strike"), "両方が二段攻撃")
    later = Game(["A", "B"])
    alone = later.place(SILVERBLADE_PALADIN)
    expect.that(not later.view(alone).has("double strike"), "組になっていない聖騎士は二段攻撃を持たない")
    later.choices.script(ChoiceKind.MAY, True, player="A")
    newcomer = later.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    later.resolve_stack()
    assert newcomer is not None
    expect.equal(paired_with(later, newcomer.id), alone.id, "あとから出た熊と組になった")


@check("702.95c@20260116.0@96d490a6")
def soulbond_pairs_nothing_if_one_is_gone(expect: Expect) -> None:
    """状況: Aの《銀刃の聖騎士》。Aの《灰色熊》が戦場に出て、結魂が誘発する。
    行動: 結魂の解決前に熊が手札に戻り、別の熊が出て誘発したものは解決する。
    結果: 戦場にいなくなった熊とは組にならない。戦場にいる2体目の熊とは組になる。"""
    game = Game(["A", "B"])
    paladin = game.place(SILVERBLADE_PALADIN)
    gone = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert gone is not None
    game.refresh_priority()
    game.move(gone, Zone.HAND)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.resolve_stack()
    expect.equal(paired_with(game, paladin.id), None, "いなくなった熊とは組にならない")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    stays = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.resolve_stack()
    assert stays is not None
    expect.equal(paired_with(game, paladin.id), stays.id, "戦場にいる熊とは組になる")


@check("702.95d@20260116.0@6ad846ca")
def soulbond_pairs_each_creature_with_only_one(expect: Expect) -> None:
    """状況: Aの《銀刃の聖騎士》と《灰色熊》が組になっている。
    行動: 2体目の《銀刃の聖騎士》が戦場に出る。
    結果: ほかのクリーチャーはすでに組になっているので2体目は組になれず、1体目と熊の組はそのまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", SILVERBLADE_PALADIN)
    [first] = [o for o in game.battlefield("A") if o.card is SILVERBLADE_PALADIN]
    expect.equal(paired_with(game, first.id), bears.id, "1体目は熊と組")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    second = game.put_onto_battlefield(SILVERBLADE_PALADIN, "A")
    game.resolve_stack()
    assert second is not None
    expect.that(paired_with(game, second.id) is None and paired_with(game, first.id) == bears.id,
                "2体目は組になれない")


@check("702.95e@20260116.0@ac85c8aa")
def soulbond_pair_ends(expect: Expect) -> None:
    """状況: Aの《銀刃の聖騎士》と《灰色熊》が組になっている。
    行動: Bが熊のコントロールを得る。別のゲームでは熊が破壊される。
    結果: どちらでも組でなくなり、聖騎士は二段攻撃を失う。熊のコントロールがAに戻っても組には戻らない。"""
    from kb.engine import control

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", SILVERBLADE_PALADIN)
    [paladin] = [o for o in game.battlefield("A") if o.card is SILVERBLADE_PALADIN]
    expect.that(game.view(paladin).has("double strike"), "組になって二段攻撃")
    stolen = game.create_effect("B controls the bears", [control("B")], [bears], UntilEndOfTurn())
    game.refresh_priority()
    expect.that(paired_with(game, paladin.id) is None and not game.view(paladin).has("double strike"),
                "コントロールが変わって組でなくなった")
    assert stolen is not None
    game.next_turn()
    expect.equal((game.view(bears).controller, paired_with(game, paladin.id)), ("A", None), "戻っても組にならない")
    dies = Game(["A", "B"])
    victim = dies.place(cards.GRIZZLY_BEARS)
    dies.choices.script(ChoiceKind.MAY, True, player="A")
    cast(dies, "A", SILVERBLADE_PALADIN)
    [knight] = [o for o in dies.battlefield("A") if o.card is SILVERBLADE_PALADIN]
    dies.destroy(victim)
    expect.that(paired_with(dies, knight.id) is None and not dies.view(knight).has("double strike"),
                "熊が離れて組でなくなった")


# -- 702.97 scavenge ---------------------------------------------------------------------------------------------------


@check("702.97a@20260116.0@f6cc13b9")
def scavenge_from_the_graveyard(expect: Expect) -> None:
    """状況: Aの墓地に《滑り頭》（1/1、活用{0}）、戦場に《灰色熊》。
    行動: Aが活用を起動する。戦闘中にも墓地のもう1枚で起動しようとする。
    結果: 滑り頭は追放され、熊にそのパワーに等しい+1/+1カウンター1個が置かれる。ソーサリーとしてのみ起動できる。"""
    game = Game(["A", "B"])
    head = game.place(SLITHERHEAD, Zone.GRAVEYARD, "A")
    bears = game.place(cards.GRIZZLY_BEARS)
    activate(game, "A", head, "Scavenge", targets=[bears])
    expect.equal(bears.counter("+1/+1"), 1, "+1/+1カウンター1個")
    expect.equal(zone_of(game, head), Zone.EXILE, "滑り頭は追放された")
    other = game.place(SLITHERHEAD, Zone.GRAVEYARD, "A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.refused(lambda: game.activate("A", other, "Scavenge", targets=[bears]), "戦闘中は起動できない")


# -- 702.98 unleash -------------------------------------------------------------------------------------------------------


@check("702.98a@20260116.0@c666a7e9")
def unleash_counter_and_no_blocking(expect: Expect) -> None:
    """状況: Aが《ラクドスの哄笑者》（1/1、解鎖）を2体唱え、1体目だけ+1/+1カウンターを置いて出す。
    行動: Bの《灰色熊》が攻撃し、Aがブロックしようとする。
    結果: カウンターを置いた方は2/2だがブロックできない。置かなかった方は1/1でブロックできる。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", RAKDOS_CACKLER)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", RAKDOS_CACKLER)
    wild, calm = [o for o in game.battlefield("A") if o.card is RAKDOS_CACKLER]
    expect.equal((game.view(wild).pt, game.view(calm).pt), ((2, 2), (1, 1)), "2/2と1/1")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.next_turn("B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({wild: bears}), "カウンターのある方はブロックできない")
    game.declare_blockers({calm: bears})
    expect.that(game.combat is not None and calm.id in game.combat.blockers, "カウンターのない方はブロックできる")


# -- 702.104 tribute --------------------------------------------------------------------------------------------------------


@check("702.104a@20260116.0@eee3b210", "702.104b@20260116.0@a65c41aa")
def tribute_paid_or_not(expect: Expect) -> None:
    """状況: Aが《ゼナゴスの狂信者》（3/3、貢納1、「貢納が支払われていない場合、+1/+1と速攻」）を唱える。
    行動: 選ばれたBが貢納を支払う（+1/+1カウンターを置かせる）。別のゲームではBが支払わない。
    結果: 支払えば+1/+1カウンター1個で4/4になり、誘発はしない。支払わなければカウンターはなく、誘発して+1/+1と速攻を得る。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="B")
    cast(game, "A", FANATIC_OF_XENAGOS)
    [paid] = game.battlefield("A")
    expect.that(paid.counter("+1/+1") == 1 and game.view(paid).pt == (4, 4), "貢納が支払われて4/4")
    expect.that(not game.view(paid).has("haste"), "誘発しない")
    other = Game(["A", "B"])
    other.choices.script(ChoiceKind.MAY, False, player="B")
    cast(other, "A", FANATIC_OF_XENAGOS)
    [unpaid] = other.battlefield("A")
    expect.that(unpaid.counter("+1/+1") == 0 and other.view(unpaid).pt == (4, 4) and other.view(unpaid).has("haste"),
                "貢納が支払われず、+1/+1と速攻")


# -- 702.110 exploit ----------------------------------------------------------------------------------------------------------


@check("702.110a@20260116.0@0597334a", "702.110b@20260116.0@f301a236")
def exploit_sacrifice_and_its_reward(expect: Expect) -> None:
    """状況: Aの《灰色熊》、Bの《丘巨人》。Aが《シルムガルの解体者》（濫用、「これがクリーチャーを濫用したとき、対戦相手のクリーチャー1体に-3/-3」）を唱える。
    行動: 濫用で熊を生け贄に捧げる。別のゲームでは生け贄に捧げない。
    結果: 熊を濫用したので丘巨人は-3/-3で死亡する。生け贄に捧げなければ濫用していないので何も起きない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    cast(game, "A", SILUMGAR_BUTCHER)
    expect.equal(zone_of(game, bears), Zone.GRAVEYARD, "熊を生け贄に捧げた")
    expect.equal(zone_of(game, giant), Zone.GRAVEYARD, "丘巨人は-3/-3で死亡")
    other = Game(["A", "B"])
    other.place(cards.GRIZZLY_BEARS)
    spared = other.place(cards.HILL_GIANT, player="B")
    other.choices.script(ChoiceKind.OBJECT, None, player="A")
    cast(other, "A", SILUMGAR_BUTCHER)
    expect.equal(other.view(spared).pt, (3, 3), "濫用しなければ何も起きない")


# -- 702.122 crew --------------------------------------------------------------------------------------------------------------


@check("702.122a@20260116.0@2c3dedef")
def crew_makes_the_vehicle_a_creature(expect: Expect) -> None:
    """状況: Aの《密輸人の回転翼機》（3/3、搭乗1）、このターンに出た《灰色熊》と《羽ばたき飛行機械》（パワー0）。
    行動: 熊をタップして搭乗する。次のAのターン、熊がタップ状態で飛行機械だけが残るときに搭乗しようとする。
    結果: 熊（召喚酔いでもよい）で搭乗すると、回転翼機はターン終了時までアーティファクト・クリーチャーになる。パワーの合計が1未満では搭乗できない。"""
    game = Game(["A", "B"])
    copter = game.place(SMUGGLERS_COPTER)
    thopter = game.place(cards.ORNITHOPTER)
    bears = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert bears is not None
    expect.that(not game.view(copter).is_a("Creature"), "搭乗されるまではクリーチャーでない")
    game.choices.script(ChoiceKind.OBJECT, [bears], player="A")
    activate(game, "A", copter, "Crew")
    view = game.view(copter)
    expect.that(bears.tapped and view.is_a("Creature") and view.is_a("Artifact"), "アーティファクト・クリーチャーになった")
    game.next_turn()
    expect.that(not game.view(copter).is_a("Creature"), "ターン終了時に元に戻る")
    game.next_turn("A")
    game.tap(bears)
    expect.that(not thopter.tapped, "飛行機械はアンタップ状態")
    expect.refused(lambda: game.activate("A", copter, "Crew"), "パワーの合計が0では搭乗できない")


@check("702.122b@20260116.0@aacf6fd3")
def crewing_is_being_tapped_for_the_crew_cost(expect: Expect) -> None:
    """状況: Aの《密輸人の回転翼機》と《競走路の熱狂者》（「これが機体に搭乗するたび、その機体は先制攻撃を得る」）。
    行動: 熱狂者をタップして搭乗する。そのあと別の効果で熱狂者をアンタップしてタップする。
    結果: 搭乗のコストでタップされたので誘発し、回転翼機は先制攻撃を得る。ただタップされただけでは誘発しない。"""
    game = Game(["A", "B"])
    copter = game.place(SMUGGLERS_COPTER)
    fanatic = game.place(SPEEDWAY_FANATIC)
    game.choices.script(ChoiceKind.OBJECT, [fanatic], player="A")
    activate(game, "A", copter, "Crew")
    expect.that(game.view(copter).has("first strike"), "搭乗した熱狂者の能力で先制攻撃")
    game.untap(fanatic)
    game.tap(fanatic)
    game.refresh_priority()
    expect.equal(game.stack, [], "ただタップされても誘発しない")


@check("702.122c@20260116.0@bcdf2b01")
def a_creature_that_cannot_crew(expect: Expect) -> None:
    """状況: Aの《密輸人の回転翼機》と《灰色熊》2体。一方の熊は効果で機体に搭乗できない。
    行動: その熊で搭乗しようとし、次にもう一方の熊で搭乗する。
    結果: 搭乗できない熊は搭乗のコストのためにタップできない。もう一方はできる。"""
    game = Game(["A", "B"])
    copter = game.place(SMUGGLERS_COPTER)
    barred = game.place(cards.GRIZZLY_BEARS)
    free = game.place(cards.GRIZZLY_BEARS)
    game.create_effect("can't crew Vehicles", rules=[CantCrew(only(barred.id))], controller="A")
    game.choices.script(ChoiceKind.OBJECT, [free], player="A")
    activate(game, "A", copter, "Crew")
    expect.that(free.tapped and game.view(copter).is_a("Creature"), "もう一方の熊で搭乗した")
    game.choices.script(ChoiceKind.OBJECT, [barred], player="A")
    expect.refused(lambda: game.activate("A", copter, "Crew"), "搭乗できない熊はタップできない")
    expect.that(not barred.tapped, "搭乗できない熊はアンタップのまま")


@check("702.122d@20260116.0@2cbe2007")
def becomes_crewed_when_the_crew_ability_resolves(expect: Expect) -> None:
    """状況: Aの「この機体が搭乗されるたび、搭乗したクリーチャーそれぞれに+1/+1カウンターを置く」テスト用の機体（搭乗1）と《灰色熊》。
    行動: 熊で搭乗する。
    結果: 起動しただけでは誘発せず、搭乗能力が解決したときに誘発して熊に+1/+1カウンターが置かれる。"""
    game = Game(["A", "B"])
    racer = game.place(CREWED_RACER)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, [bears], player="A")
    game.activate("A", racer, "Crew")
    expect.equal(len(game.stack), 1, "起動しただけでは誘発しない")
    game.resolve_stack()
    expect.equal(bears.counter("+1/+1"), 1, "解決して誘発し、熊に+1/+1カウンター")


# -- 702.123 fabricate ---------------------------------------------------------------------------------------------------------


@check("702.123a@20260116.0@43ba597d")
def fabricate_counters_or_servos(expect: Expect) -> None:
    """状況: Aが《武器作り狂》（0/1、製造2）を2回唱える。
    行動: 1回目は+1/+1カウンターを置き、2回目は置かない。
    結果: 1体目は2/3になる。2体目は0/1のままで、1/1の無色の霊気装置・アーティファクト・クリーチャー・トークンが2体生成される。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", WEAPONCRAFT_ENTHUSIAST)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", WEAPONCRAFT_ENTHUSIAST)
    first, second = [o for o in game.battlefield("A") if o.card is WEAPONCRAFT_ENTHUSIAST]
    servos = [o for o in game.battlefield("A") if o.is_token]
    expect.equal((game.view(first).pt, game.view(second).pt), ((2, 3), (0, 1)), "2/3と0/1")
    expect.that(len(servos) == 2 and all(game.view(s).pt == (1, 1) and "Servo" in game.view(s).subtypes
                                         and game.view(s).is_a("Artifact") for s in servos), "霊気装置2体")


@check("702.123b@20260116.0@6fe6e90d")
def fabricate_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aが製造1を2つ持つテスト用クリーチャー（1/1）を出す。
    行動: 1つ目ではカウンターを置き、2つ目では置かない。
    結果: 製造はそれぞれ誘発し、+1/+1カウンター1個で2/2になり、霊気装置1体も生成される。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    maker = game.put_onto_battlefield(DOUBLE_FABRICATOR, "A")
    game.resolve_stack()
    assert maker is not None
    expect.equal(game.view(maker).pt, (2, 2), "2/2")
    expect.equal(len([o for o in game.battlefield("A") if o.is_token]), 1, "霊気装置1体")


