"""More keyword actions' and abilities' other subrules that state behaviour (issue 12): several
permanents exploring or conniving at once (701.44d, 701.50d) and partner commanders functioning
independently (702.124d), foretold cards revealed as their owner leaves the game (702.143f) and a
max speed ability that functions from the graveyard (702.178b)."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr300_card_types import TEST_DUNGEON
from kb.checks.cr.cr702_27_casting_keywords import BLOODBRAID_ELF, THUNDEROUS_WRATH
from kb.checks.cr.cr702_137_casting_keywords import FORETOLD_GIANT
from kb.checks.cr.cr702_145_daybound import KESSIG_NATURALIST
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    Revealed,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    Zone,
    additional_costs,
    attractions,
    card,
    commander,
    cost,
    cost_actions,
    dungeons,
    face,
    facedown,
    keyword_actions,
    revealing,
    searching,
    transform,
    zone_exchanges,
)
from kb.engine import speed as speeds
from kb.engine.additional_costs import OptionalAdditionalCost
from kb.engine.cards import FOREST, MOUNTAIN, PLAINS, Card
from kb.engine.cardtypes import CardType
from kb.engine.characteristics import View
from kb.engine.choices import Choice
from kb.engine.conditions import condition
from kb.engine.context import Context, Seeable
from kb.engine.costs import Cost
from kb.engine.each_permanent import connive_each, explore_each
from kb.engine.events import Converted, ZoneChanged
from kb.engine.keywords_casting import AsYouCascade
from kb.engine.keywords_new_casting import foretell
from kb.engine.mana import COLORS
from kb.engine.mana_abilities import ManaOutput, Production
from kb.engine.objects import FaceDown
from kb.engine.parts import modify_pt
from kb.engine.selectors import Filter, attached_to_this
from kb.engine.targets import target_creature
from kb.engine.triggers import TriggerContext, on_event
from kb.engine.turn import Step


@check("701.44d@20260116.0@86ab2db2", "701.50d@20260116.0@3ae98b32", "701.44a@20260116.0@80e9eac4",
       "701.50a@20260116.0@57a446da", "101.4@20260116.0@7191b888")
def permanents_told_to_explore_at_once_go_one_at_a_time(expect: Expect) -> None:
    """状況: Aのターン。Aの《灰色熊》2体（1と2）とBの《灰色熊》1体。Aのライブラリーの一番上は《森》、その下は《巨大化》。
    Bのライブラリーの一番上は《巨大化》。Aの手札はない。
    行動: 3体が同時に探検するよう指示され、Aは熊2を先に選ぶ（公開されたカードは墓地に置かない）。別のゲームで同じ3体が
    同時に謀議する。
    結果: APNAP順で最初のAが自分のものから1体を選び、1体ずつ処理する。熊2が《森》を得て、熊1は次の《巨大化》で
    +1/+1カウンターを得て、最後にBの熊が探検する。謀議でも同じ順で、熊2は《森》を引いて捨て、熊1が《巨大化》を
    引いて捨ててカウンターを得る。"""
    for act, name in ((explore_each, "探検"), (connive_each, "謀議")):
        game = Game(["A", "B"])
        game.place(cards.GIANT_GROWTH, Zone.LIBRARY, "A")
        game.place(FOREST, Zone.LIBRARY, "A")
        game.place(cards.GIANT_GROWTH, Zone.LIBRARY, "B")
        first, second = game.place(cards.GRIZZLY_BEARS), game.place(cards.GRIZZLY_BEARS)
        theirs = game.place(cards.GRIZZLY_BEARS, player="B")
        game.choices.script(ChoiceKind.OBJECT, second.id, player="A")
        if act is explore_each:
            game.choices.script(ChoiceKind.MAY, False, player="A")
            game.choices.script(ChoiceKind.MAY, False, player="B")
        order = act(game, [theirs.id, first.id, second.id])
        expect.equal(order, [second.id, first.id, theirs.id], f"{name}: Aが選んだ熊2、熊1、Bの熊の順")
        expect.equal([game.view(i).counters.get("+1/+1", 0) for i in order], [0, 1, 1],
                     f"{name}: 熊2は《森》でカウンターなし、熊1は《巨大化》でカウンターを得た")


PARTNER_ONE = card("Test Partner Giant", "{1}{G}", "Legendary Creature — Giant", 11, 11)
PARTNER_TWO = card("Test Partner Knight", "{1}{W}", "Legendary Creature — Human Knight", 10, 10)
"""Made-up legendary creatures, A's two partner commanders (partner itself works only before the
game, 702.124a: here both are simply A's commanders)."""


@check("702.124d@20260116.0@319c2ae9", "903.8@20260116.0@e3f29709", "903.10a@20260116.0@edc30c4e",
       "704.6c@20260116.0@a9d16cee")
def partner_commanders_are_taxed_and_counted_apart(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者は共闘を持つ2体、テスト用の11/11（{1}{G}）と10/10（{1}{W}）で、どちらも統率領域にある。
    Bのライフは40点。
    行動: Aが11/11を統率領域から唱え、次に10/10を{1}{W}だけで唱える。次のAのターンに2体でBを攻撃する。
    結果: 10/10の統率者税は11/11を唱えた回数を数えず、{1}{W}で唱えられる。Bは統率者から合わせて21点の戦闘ダメージを
    受けるが、同一の統率者からは11点と10点なので敗北しない。"""
    game = Game(["A", "B"])
    giant = commander.start(game, PARTNER_ONE, "A")
    knight = commander.start(game, PARTNER_TWO, "A")
    game.players["B"].life = 40
    game.add_mana("A", "{1}{G}")
    game.cast("A", giant)
    game.resolve_stack()
    expect.equal(game.current(giant).zone, Zone.BATTLEFIELD, "11/11を統率領域から唱えた")
    game.add_mana("A", "{1}{W}")
    game.cast("A", knight)
    game.resolve_stack()
    expect.equal(game.current(knight).zone, Zone.BATTLEFIELD, "10/10は統率者税なしの{1}{W}で唱えられた")
    game.next_turn("B")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([game.current(giant), game.current(knight)])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(sorted(commander.combat_damage_by_commanders(game, "B").values()), [10, 11],
                 "Bは統率者から11点と10点、合わせて21点の戦闘ダメージを受けた")
    expect.that(game.players["B"].life == 19 and not game.players["B"].lost, "同一の統率者からは21点未満で、Bは敗北しない")


@check("702.143f@20260116.0@8b93b8e8", "702.143a@20260116.0@b6891e87", "800.4a@20260116.0@be91bf57")
def foretold_cards_are_revealed_as_their_owner_leaves(expect: Expect) -> None:
    """状況: A、B、Cの多人数戦。Aの手札に予顕{1}{R}を持つテスト用の4/4がある。
    行動: Aが自分のターンに{2}を支払ってそれを予顕し、その後ゲームから離れる（投了する）。
    結果: 予顕されたカードは裏向きで追放されていて公開されていないが、Aがゲームから離れるときにすべてのプレイヤーに公開される。"""
    game = Game(["A", "B", "C"])
    giant = game.place(FORETOLD_GIANT, Zone.HAND)
    give_mana(game, "A", "{2}")
    exiled = foretell(game, "A", giant)
    expect.that(exiled.face_down is not None and not game.events(Revealed), "予顕されたカードは裏向きで、公開されていない")
    game.concede("A")
    expect.equal([(e.object_id, e.name) for e in game.events(Revealed)], [(exiled.id, "Test Foretold Giant")],
                 "Aがゲームから離れるとき、予顕されていたカードが公開された")


def _gain_a_life(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


@check("702.178b@20260116.0@5b697ed4", "702.178a@20260116.0@ece91588", "702.34a@20260116.0@ba7daaa9")
def a_max_speed_ability_granting_flashback_works_in_the_graveyard(expect: Expect) -> None:
    """状況: Aの墓地に、「最高速度 ― フラッシュバック{1}{R}」を持つテスト用のソーサリー（{R}、あなたは1点のライフを得る）がある。
    行動: Aの速度が3のときと4のときに、それをフラッシュバックで唱えようとする。
    結果: 与えられる能力が墓地から機能するので、最高速度の能力も墓地から機能する。速度4ならフラッシュバックで唱えられ、
    解決してAは1点のライフを得て、カードは追放される。速度3ではフラッシュバックを持たず唱えられない。"""
    revving = card("Test Revving Blast", "{R}", "Sorcery",
                   speeds.max_speed("flashback {1}{R}", zones=frozenset({Zone.GRAVEYARD})),
                   spell=SpellAbility("You gain 1 life.", _gain_a_life))  # built here: a mutant changes max_speed
    game = Game(["A", "B"])
    blast = game.place(revving, Zone.GRAVEYARD)
    speeds.set_speed(game, "A", 4)
    expect.that(game.view(blast).has("flashback"), "速度4では墓地のカードがフラッシュバックを持つ")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", blast, alternative="flashback")
    game.resolve_stack()
    expect.that(game.players["A"].life == 21 and game.current(blast).zone is Zone.EXILE,
                "フラッシュバックで唱えて1点得て、カードは追放された")
    game = Game(["A", "B"])
    blast = game.place(revving, Zone.GRAVEYARD)
    speeds.set_speed(game, "A", 3)
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", blast, alternative="flashback"), "速度3ではフラッシュバックで唱えられない")


@check("702.94b@20260116.0@184e1e03", "702.94a@20260116.0@5dba06ac")
def a_miracle_card_stays_revealed_until_its_trigger_resolves(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に《轟く怒り》（奇跡{R}）。このターンAはまだカードを引いていない。
    行動: Aがそれを引いて奇跡で公開し、誘発型能力がスタックにある間と、解決して（Aが唱えないことを選んで）からを比べる。
    結果: 誘発型能力がスタックにある間、怒りはAの手札で公開されたままである。解決したあとは公開されていない。"""
    game = Game(["A", "B"], library=2)
    wrath = game.place(THUNDEROUS_WRATH, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.draw("A")
    game.refresh_priority()
    in_hand = game.current(wrath)
    expect.that(len(game.stack) == 1 and in_hand.zone is Zone.HAND and revealing.is_revealed(game, in_hand),
                "奇跡の誘発型能力がスタックにある間、手札の怒りは公開されている")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.resolve_stack()
    expect.that(not game.stack and in_hand.zone is Zone.HAND and not revealing.is_revealed(game, in_hand),
                "能力が解決したあとは公開されていない")


def _transform_itself(resolution: Resolution) -> None:
    transform.turn_itself_over(resolution)


def _convert_itself(resolution: Resolution) -> None:
    transform.turn_itself_over(resolution, converting=True)


MOONLIT_PUP = card("Test Moonlit Pup", "{1}{G}", "Creature — Wolf", 1, 1,
                   ActivatedAbility("{1}: Transform this creature.", cost("{1}"), _transform_itself),
                   ActivatedAbility("{2}: Convert this creature.", cost("{2}"), _convert_itself),
                   back=face("Test Moon Howler", None, "Creature — Werewolf", 3, 3, colors="G"))
"""A made-up double-faced 1/1 that can transform itself for {1} and convert itself for {2}."""


@check("701.27f@20260116.0@d6a0839b", "701.28e@20260116.0@2cffbed6", "701.27a@20260116.0@d1271a75",
       "701.28a@20260116.0@972dea82", "113.7a@20260116.0@ac51ec80")
def its_own_ability_turns_it_over_only_if_it_hasnt_since(expect: Expect) -> None:
    """状況: Aの、{1}で自身を変身させ{2}で自身をトランスフォームさせる能力を持つテスト用の両面の1/1（第2面は3/3）。
    行動: 1つ目のゲームでAが変身の能力、トランスフォームの能力の順に起動して解決させる。2つ目のゲームでは逆の順に起動する。
    結果: 後から起動した能力が先に解決して第2面になる。残った能力は、スタックに置かれた以降にそれがトランスフォームまたは
    変身しているので何もせず、どちらのゲームでも第2面の3/3のままである。"""
    for first, second in ((0, 1), (1, 0)):
        game = Game(["A", "B"])
        pup = game.place(MOONLIT_PUP)
        give_mana(game, "A", "{3}")
        game.activate("A", pup, first)
        game.activate("A", pup, second)
        game.resolve_top()
        what = ("トランスフォーム", "変身") if second else ("変身", "トランスフォーム")
        expect.equal(game.view(pup).pt, (3, 3), f"先に解決した{what[0]}の能力で第2面になった")
        game.resolve_stack()
        expect.equal((game.view(pup).name, game.view(pup).pt), ("Test Moon Howler", (3, 3)),
                     f"{what[1]}の能力は何もせず、第2面のまま")


UNDERCITY = dungeons.dungeon(
    "Test Undercity",
    dungeons.room("Gate", "You gain 2 life.", lambda r: r.game.gain_life(r.controller, 2), to=("Cellar",)),
    dungeons.room("Cellar", "Draw a card.", lambda r: r.game.draw(r.controller)))
"""A made-up dungeon of two rooms: Gate (gain 2 life) to Cellar (draw a card)."""


def _is_undercity(dungeon: Card) -> bool:
    return dungeon.name == "Test Undercity"


@check("701.49d@20260116.0@7acf8b82", "701.49a@20260116.0@7f667939", "701.49b@20260116.0@69118bbb")
def venturing_into_a_named_dungeon(expect: Expect) -> None:
    """状況: Aはゲームの外部にテスト用のダンジョン2つ（「深淵」と「地下街」）を持っている。
    行動: 1つ目のゲームでは統率領域にダンジョンがないAが「地下街探索」を行う。2つ目のゲームでは、すでに深淵が統率領域にある
    Aが「地下街探索」を行う。
    結果: 1つ目では、Aは選ぶことなく地下街を統率領域に置き、探索マーカーはその一番上の部屋に置かれる。2つ目では通常の
    ダンジョン探索として、深淵の探索マーカーが次の部屋に進み、地下街は持ち込まれない。"""
    game = Game(["A", "B"])
    dungeons.venture_into(game, "A", [TEST_DUNGEON, UNDERCITY], _is_undercity)
    found = dungeons.dungeon_of(game, "A")
    expect.equal((found.card.name, found.chosen[dungeons.MARKER]) if found else None, ("Test Undercity", "Gate"),
                 "統率領域に地下街が置かれ、探索マーカーは一番上の部屋にある")
    game = Game(["A", "B"])
    dungeons.venture(game, "A", [TEST_DUNGEON])
    game.resolve_stack()
    game.choices.script(ChoiceKind.MODE, "Left Passage", player="A")
    dungeons.venture_into(game, "A", [TEST_DUNGEON, UNDERCITY], _is_undercity)
    found = dungeons.dungeon_of(game, "A")
    expect.equal((found.card.name, found.chosen[dungeons.MARKER]) if found else None, ("Test Depths", "Left Passage"),
                 "深淵の探索マーカーが次の部屋に進み、地下街は持ち込まれない")


def _named_subtype(subtype: str) -> Callable[[View], bool]:
    return lambda view: subtype in view.subtypes


def _krosan_verge(resolution: Resolution) -> None:
    game, you = resolution.game, resolution.controller
    found = searching.search_for_each(game, you, you, Zone.LIBRARY, (_named_subtype("Forest"), _named_subtype("Plains")))
    for land in found or []:
        game.put_onto_battlefield(land, you, tapped=True)
    keyword_actions.shuffle(game, you)


real("平地", PLAINS)
KROSAN_VERGE = real("クローサの境界", card(
    "Krosan Verge", None, "Land",
    ActivatedAbility("{2}, {T}, Sacrifice this land: Search your library for a Forest card and a Plains card, put "
                     "them onto the battlefield tapped, then shuffle.", cost("{2}, {T}, Sacrifice this"), _krosan_verge)))
"""クローサの境界: a land that fetches a Forest and a Plains (its entering tapped and its mana ability are left out)."""


def _gain_one(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


SEARCH_WARDEN = card("Test Search Warden", "{1}{W}", "Creature — Human Cleric", 2, 2, TriggeredAbility(
    "Whenever an opponent searches their library, you gain 1 life.",
    on_event("whenever an opponent searches their library", (searching.Searched,),
             lambda t: int(isinstance(t.event, searching.Searched) and t.event.zone is Zone.LIBRARY
                           and t.event.player in t.game.opponents(t.source.controller))), _gain_one))
"""A made-up creature: whenever an opponent searches their library, its controller gains 1 life."""


@check("701.23h@20260116.0@3b4e903e", "701.23a@20260116.0@5a5a8334", "701.24a@20260116.0@8d819bc5")
def searching_for_two_cards_then_shuffling_is_one_search(expect: Expect) -> None:
    """状況: Aの《クローサの境界》。Aのライブラリーに《森》と《平地》がある。Bは「対戦相手がライブラリーを探すたび、
    あなたは1点のライフを得る」を持つテスト用のクリーチャーをコントロールしている。
    行動: Aが境界の能力を起動し、《森》と《平地》を探して戦場に出し、ライブラリーを切り直す。
    結果: 森と平地はタップ状態で戦場に出る。2枚のカードを探したが、ライブラリーを探したのは1回だけなので、Bの能力は1回だけ
    誘発してBは1点のライフを得る。"""
    game = Game(["A", "B"])
    verge = game.place(KROSAN_VERGE)
    forest, plains = game.place(FOREST, Zone.LIBRARY, "A"), game.place(PLAINS, Zone.LIBRARY, "A")
    game.place(SEARCH_WARDEN, player="B")
    give_mana(game, "A", "{2}")
    game.choices.script(ChoiceKind.OBJECTS, [forest.id], player="A")
    game.choices.script(ChoiceKind.OBJECTS, [plains.id], player="A")
    game.activate("A", verge)
    game.resolve_stack()
    lands = [game.current(forest), game.current(plains)]
    expect.that(all(o.zone is Zone.BATTLEFIELD and o.tapped for o in lands), "森と平地がタップ状態で戦場に出た")
    expect.equal((len(game.events(searching.Searched)), game.players["B"].life), (1, 21),
                 "ライブラリーを探したのは1回だけで、Bは1点だけライフを得た")


MAYHEM_WASTES = card("Test Mayhem Wastes", None, "Land", "mayhem")
"""A made-up land with mayhem without a cost (its mana ability is left out)."""
MAYHEM_TONIC = card("Test Mayhem Tonic", "{G}", "Sorcery", "mayhem", spell=SpellAbility("You gain 1 life.", _gain_one))
"""A made-up sorcery ({G}, you gain 1 life) with mayhem without a cost."""


@check("702.187c@20260116.0@a3dd87cf", "701.18b@20260116.0@f91aa09f", "305.1@20260116.0@c390b563")
def mayhem_without_a_cost_plays_the_card_from_the_graveyard(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの手札に、コストのない大混乱を持つテスト用の土地とソーサリー（{G}、あなたは1点のライフを
    得る）がある。墓地には、捨てられたのではなく置かれた同じ土地がある。
    行動: Aが手札の2枚を捨て、墓地から土地をプレイし、ソーサリーを{G}で唱える。別のゲームで、捨てていない土地をプレイしようとする。
    結果: このターンに捨てたカードはプレイできる。土地は土地としてプレイされて戦場に出て、ソーサリーはマナ・コストを支払って
    唱えられ、Aは1点のライフを得る。このターンに捨てていない土地はプレイできない。"""
    from kb.engine import actions

    game = Game(["A", "B"])
    land, tonic = game.place(MAYHEM_WASTES, Zone.HAND), game.place(MAYHEM_TONIC, Zone.HAND)
    actions.discard(game, "A", [land, tonic])
    played = game.play_land("A", game.current(land))
    expect.that(played.zone is Zone.BATTLEFIELD and game.players["A"].lands_played == 1,
                "捨てた土地を墓地から土地としてプレイした")
    give_mana(game, "A", "{G}")
    game.cast("A", game.current(tonic))
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "捨てたソーサリーを墓地からマナ・コストで唱えた")
    game = Game(["A", "B"])
    milled = game.place(MAYHEM_WASTES, Zone.GRAVEYARD)
    expect.refused(lambda: game.play_land("A", milled), "このターンに捨てていない土地はプレイできない")


def _your_commanders_colours(production: Production) -> tuple[str, ...]:
    identity = commander.commanders_color_identity(production.game, production.controller)
    return tuple(f"{{{c}}}" for c in COLORS if c in identity)


COMMAND_TOWER = real("統率の塔", card(
    "Command Tower", None, "Land",
    ActivatedAbility("{T}: Add one mana of any color in your commander's color identity.", cost("{T}"),
                     mana=ManaOutput("one mana of any color in your commander's color identity",
                                     _your_commanders_colours))))


@check("702.124c@20260116.0@e56402af", "903.4@20260116.0@b13365bb")
def partner_commanders_combine_their_colour_identity(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者は共闘を持つ2体、緑のテスト用11/11（{1}{G}）と白のテスト用10/10（{1}{W}）で、統率領域にある。
    Aは《統率の塔》をコントロールしている。
    行動: Aが塔のマナ能力を起動して白を選ぶ。塔をアンタップしてもう一度起動し、緑を選ぶ。
    結果: 統率者の固有色は2体を合わせた緑と白なので、塔からは{W}も{G}も出せる。"""
    game = Game(["A", "B"])
    commander.start(game, PARTNER_ONE, "A")
    commander.start(game, PARTNER_TWO, "A")
    tower = game.place(COMMAND_TOWER)
    game.choices.script(ChoiceKind.COLOR, "{W}", player="A")
    game.activate("A", tower)
    game.untap(tower)
    game.choices.script(ChoiceKind.COLOR, "{G}", player="A")
    game.activate("A", tower)
    pool = game.players["A"].mana
    expect.equal((pool.amount("W"), pool.amount("G")), (1, 1), "塔から2体の統率者の色、{W}と{G}を1つずつ出せた")


def _beacon(resolution: Resolution) -> None:
    chosen = commander.your_commander(resolution.game, resolution.controller, Zone.COMMAND)
    if chosen is not None:
        resolution.game.move(chosen, Zone.HAND)


COMMAND_BEACON = real("統率の灯台", card(
    "Command Beacon", None, "Land",
    ActivatedAbility("{T}, Sacrifice this land: Put your commander into your hand from the command zone.",
                     cost("{T}, Sacrifice this"), _beacon)))
"""統率の灯台: its mana ability is left out."""


@check("702.124e@20260116.0@88aed048", "903.3@20260116.0@34d20cf6", "903.9b@20260116.0@e2ca45b9")
def an_effect_on_your_commander_acts_on_the_one_you_choose(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者は共闘を持つテスト用の11/11と10/10で、どちらも統率領域にある。Aは《統率の灯台》を
    コントロールしている。
    行動: Aが灯台の能力を起動し、解決するときに10/10を選ぶ（代わりに統率領域に置くことは選ばない）。
    結果: 「あなたの統率者」を手札に加える効果は、適用するときにAが選んだ一方だけに働く。10/10がAの手札に加わり、
    11/11は統率領域に残る。"""
    game = Game(["A", "B"])
    giant = commander.start(game, PARTNER_ONE, "A")
    knight = commander.start(game, PARTNER_TWO, "A")
    beacon = game.place(COMMAND_BEACON)
    game.activate("A", beacon)
    game.choices.script(ChoiceKind.OBJECT, knight.id, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="A")  # not back into the command zone instead (903.9b)
    game.resolve_stack()
    expect.equal((game.current(knight).zone, game.current(giant).zone), (Zone.HAND, Zone.COMMAND),
                 "選んだ10/10だけが手札に加わり、11/11は統率領域に残る")


SCOUT_PARTNER = card("Test Scout Partner", "{1}{G}", "Legendary Creature — Elf Scout", 2, 2,
                     "partner with Test Guide Partner")
GUIDE_PARTNER = card("Test Guide Partner", "{1}{W}", "Legendary Creature — Human Guide", 2, 2,
                     "partner with Test Scout Partner")
"""Made-up legendary creatures, each with "partner with" the other."""


@check("702.124j@20260116.0@d2ca618c", "701.23a@20260116.0@5a5a8334", "603.3d@20260116.0@4f0ac0b5")
def partner_with_fetches_the_named_partner(expect: Expect) -> None:
    """状況: Aの手札に「テスト用の案内人との共闘」を持つテスト用の斥候（伝説の2/2、{1}{G}）。Aのライブラリーにその案内人が1枚ある。
    行動: Aが斥候を唱え、戦場に出たときの誘発型能力でAを対象にし、案内人を探すことを選ぶ。
    結果: Aはライブラリーから案内人を探して公開し、手札に加え、ライブラリーを切り直す。"""
    game = Game(["A", "B"])
    guide = game.place(GUIDE_PARTNER, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.TARGETS, "A", player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.OBJECTS, [guide.id], player="A")
    cast(game, "A", SCOUT_PARTNER)
    found = game.current(guide)
    expect.that(found.zone is Zone.HAND and any(e.object_id == guide.id for e in game.events(Revealed)),
                "案内人を公開して手札に加えた")
    expect.equal([e.player for e in game.events(keyword_actions.Shuffled)], ["A"], "その後Aはライブラリーを切り直した")


SIDEBOARD_SORCERY = card("Test Sideboard Sorcery", "{G}", "Sorcery", spell=SpellAbility("You gain 1 life.", _gain_one))
OTHER_SORCERY = card("Test Other Sorcery", "{U}", "Sorcery", spell=SpellAbility("You gain 1 life.", _gain_one))
"""Made-up sorceries kept outside the game."""


def _is_sorcery(found: Card) -> bool:
    return CardType.SORCERY in found.front.types


@check("701.23j@20260116.0@da347753")
def searching_outside_the_game_finds_only_your_own_cards(expect: Expect) -> None:
    """状況: Aはゲームの外部にテスト用のソーサリーを1枚、Bは別のソーサリーを1枚持っている。
    行動: 効果によってAがゲームの外部からソーサリー・カードを探し、見つけたものを手札に加える。
    結果: Aが選べるのは自分がオーナーであるAのソーサリーだけで、それがAの手札に加わる。Bのカードはゲームの外部に残る。"""
    game = Game(["A", "B"])
    game.players["A"].outside.append(SIDEBOARD_SORCERY)
    game.players["B"].outside.append(OTHER_SORCERY)
    expect.equal([c.name for c in searching.outside_candidates(game, "A", _is_sorcery)], ["Test Sideboard Sorcery"],
                 "Aが選べるのは自分のソーサリーだけ")
    game.choices.script(ChoiceKind.CARD_NAME, "Test Sideboard Sorcery", player="A")
    found = searching.search_outside_the_game(game, "A", _is_sorcery, Zone.HAND)
    expect.that(found is not None and game.objects[found].zone is Zone.HAND and game.objects[found].owner == "A"
                and game.players["B"].outside == [OTHER_SORCERY], "Aのソーサリーが手札に加わり、Bのカードは外部に残る")


def _yours_with_partner(context: Context, candidate: Seeable) -> bool:
    return candidate.is_a(CardType.CREATURE) and candidate.controller == context.you and candidate.has("partner")


PARTNERSHIP_BANNER = card("Test Partnership Banner", "{2}", "Artifact", StaticAbility(
    "Creatures you control with partner get +1/+1.", (modify_pt(1, 1),),
    Filter("creatures you control with partner", _yours_with_partner)))
"""A made-up artifact: creatures its controller controls with partner get +1/+1."""


@check("702.124n@20260116.0@572da9e7", "702.124j@20260116.0@d2ca618c")
def partner_named_without_a_variant_includes_partner_with(expect: Expect) -> None:
    """状況: Aは「共闘を持つクリーチャーは+1/+1の修整を受ける」テスト用のアーティファクトと、「テスト用の案内人との共闘」を持つ
    テスト用の斥候（2/2）、《灰色熊》をコントロールしている。
    行動: 斥候と熊のパワーとタフネスを見る。
    結果: 効果は共闘の種類を名前で指定していないので、「[名前]との共闘」を持つ斥候にも働き3/3になる。熊は2/2のまま。"""
    game = Game(["A", "B"])
    game.place(PARTNERSHIP_BANNER)
    scout, bears = game.place(SCOUT_PARTNER), game.place(cards.GRIZZLY_BEARS)
    expect.equal((game.view(scout).pt, game.view(bears).pt), ((3, 3), (2, 2)),
                 "「[名前]との共闘」を持つ斥候は共闘を持つとして3/3、熊は2/2")


def _convert_target(resolution: Resolution) -> None:
    for chosen in resolution.objects():
        transform.convert(resolution.game, resolution.game.objects[chosen])


TURNABOUT = card("Test Turnabout", "{U}", "Instant", spell=SpellAbility(
    "Convert target creature.", _convert_target, (target_creature(),)))
"""A made-up instant: convert target creature."""


@check("701.28f@20260116.0@da83bc4c", "702.145b@20260116.0@95dedeb5", "701.28a@20260116.0@972dea82")
def a_permanent_that_cant_transform_cant_convert(expect: Expect) -> None:
    """状況: Aは、テスト用の両面の1/1（第2面は3/3）と、日暮を持つ《ケッシグの自然主義者》（2/2、第2面は3/3）をコントロールしている。
    行動: Aが「クリーチャー1体を対象とし、それをトランスフォームさせる」テスト用のインスタントを、それぞれを対象に唱える。
    結果: テスト用の1/1はトランスフォームして3/3になる。自然主義者は日暮によって（日暮による以外で）変身できないので、
    トランスフォームもできず2/2のままである。"""
    game = Game(["A", "B"])
    pup, naturalist = game.place(MOONLIT_PUP), game.place(KESSIG_NATURALIST)
    cast(game, "A", TURNABOUT, [pup.id])
    expect.equal(game.view(pup).pt, (3, 3), "テスト用の1/1はトランスフォームして3/3になった")
    cast(game, "A", TURNABOUT, [naturalist.id])
    expect.that(game.view(naturalist).name == "Kessig Naturalist"
                and not [e for e in game.events(Converted) if e.object_id == naturalist.id],
                "日暮を持つ自然主義者はトランスフォームせず2/2のまま")


def _face_down_yours(context: Context) -> int:
    you = context.you
    return sum(1 for o in context.game.battlefield(you) if o.face_down is not None) if you is not None else 0


def _face_down_creature_of_yours_enters(t: TriggerContext) -> int:
    e = t.event
    if not isinstance(e, ZoneChanged) or not e.enters_battlefield or e.new_id is None:
        return 0
    entered = t.game.objects.get(e.new_id)
    return int(entered is not None and entered.face_down is not None and entered.controller == t.source.controller)


SHROUDED_WATCHER = card("Test Shrouded Watcher", "{1}{U}", "Creature — Human Spy", 1, 1, TriggeredAbility(
    "Whenever a face-down creature you control enters, if you control two or more face-down creatures, you gain "
    "1 life.", on_event("whenever a face-down creature you control enters", (ZoneChanged,),
                        _face_down_creature_of_yours_enters), _gain_one,
    condition=condition("you control two or more face-down creatures", lambda c: _face_down_yours(c) >= 2)))
"""A made-up creature whose trigger counts the face-down creatures as each one enters."""


@check("701.40e@20260116.0@6ed477cc", "701.58e@20260116.0@75e474bd", "701.40a@20260116.0@cb4792bf",
       "701.58a@20260116.0@e81f8f00", "603.4@20260116.0@3b5b8ab9")
def several_cards_are_manifested_one_at_a_time(expect: Expect) -> None:
    """状況: Aは「あなたがコントロールする裏向きのクリーチャーが戦場に出るたび、あなたが裏向きのクリーチャーを2体以上
    コントロールしているなら、あなたは1点のライフを得る」を持つテスト用のクリーチャーをコントロールしている。
    行動: 1つ目のゲームでAがライブラリーの一番上から2枚を顕現し、2つ目のゲームでは2枚を覆面する。
    結果: カードは1枚ずつ戦場に出る。1枚目が出たときは裏向きのクリーチャーは1体だけなので能力は誘発せず、2枚目のときだけ
    誘発する。どちらのゲームでもAの裏向きのクリーチャーは2体になり、Aは1点だけライフを得る。"""
    for how, name in ((FaceDown.MANIFEST, "顕現"), (FaceDown.CLOAK, "覆面")):
        game = Game(["A", "B"])
        game.place(SHROUDED_WATCHER)
        entered = facedown.manifest_top_cards(game, "A", 2, how)
        game.resolve_stack()
        expect.equal((len(entered), game.players["A"].life), (2, 21),
                     f"{name}: 2枚が裏向きで戦場に出て、能力は2枚目のときだけ誘発した")


def _deciders(game: Game, kind: ChoiceKind) -> list[str]:
    return [choice.player for choice, _ in game.choices.asked if choice.kind is kind]


@check("701.22c@20260116.0@926ae3e9", "701.23i@20260116.0@606575fb", "701.22a@20260116.0@29e4405c",
       "101.4@20260116.0@7191b888")
def players_scrying_or_searching_at_once_decide_in_apnap_order(expect: Expect) -> None:
    """状況: Aのターン。AとBのライブラリーの一番上はそれぞれ《巨大化》で、どちらのライブラリーにも《森》がある。
    行動: 効果によって（Bから順に書かれているが）BとAが同時に占術1を行い、Aは巨大化を一番下に置き、Bは一番上に残す。別の
    ゲームで、BとAが同時にライブラリーから基本土地カードを1枚探す。
    結果: 占術では2人が同時に見て、APNAP順にまずA、次にBがどこに置くかを決め、Aの巨大化は一番下に、Bのものは一番上に
    置かれる。探すときも、まずA、次にBがどのカードを見つけるかを決め、それぞれ自分の森を見つける。"""
    game = Game(["A", "B"])
    growths = {p: game.place(cards.GIANT_GROWTH, Zone.LIBRARY, p) for p in ("A", "B")}
    game.choices.script(ChoiceKind.OBJECTS, [growths["A"].id], player="A")
    game.choices.script(ChoiceKind.OBJECTS, [], player="B")
    keyword_actions.scry_each(game, ["B", "A"], 1)
    libraries = {p: game.players[p].library for p in ("A", "B")}
    expect.that(libraries["A"][0] == growths["A"].id and libraries["B"][-1] == growths["B"].id,
                "Aの巨大化は一番下に、Bの巨大化は一番上に置かれた")
    expect.equal(_deciders(game, ChoiceKind.OBJECTS), ["A", "B"], "占術ではまずA、次にBが決めた")
    game = Game(["A", "B"])
    forests = {p: game.place(FOREST, Zone.LIBRARY, p) for p in ("A", "B")}
    for p in ("A", "B"):
        game.choices.script(ChoiceKind.OBJECTS, [forests[p].id], player=p)
    found = searching.search_each(game, ["B", "A"], Zone.LIBRARY, _named_subtype("Forest"), up_to=1)
    expect.equal(found, {"A": [forests["A"].id], "B": [forests["B"].id]}, "それぞれ自分の森を見つけた")
    expect.equal(_deciders(game, ChoiceKind.OBJECTS), ["A", "B"], "探すときもまずA、次にBが決めた")


def _claim_if_you_control_a_creature(resolution: Resolution, claim: Callable[[], None]) -> None:
    if resolution.game.creatures(resolution.controller):
        claim()


def _gain_three(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


PRIZE_BOOTH = card("Test Prize Booth", None, "Artifact — Attraction", attractions.visit_with_prize(
    (3,), "If you control a creature, claim the prize.", _claim_if_you_control_a_creature,
    "You gain 3 life.", _gain_three))
"""A made-up Attraction with 3 lit up: "Visit — If you control a creature, claim the prize." and
"Prize — You gain 3 life."."""


@check("702.159b@20260116.0@514b9ba8", "702.159a@20260116.0@a1a133f2", "701.52a@20260116.0@e93bf178")
def claiming_the_prize_of_an_attraction(expect: Expect) -> None:
    """状況: Aは、3が点灯したテスト用アトラクション（観覧 ― あなたがクリーチャーをコントロールしているなら、賞品獲得する。
    賞品 ― あなたは3点のライフを得る。）と《灰色熊》をコントロールしている。
    行動: Aが観覧するためにサイコロを振り、3が出る。観覧能力が解決する。
    結果: Aはクリーチャーをコントロールしているので賞品獲得し、長いダッシュの後の処理を行って3点のライフを得る。"""
    game = Game(["A", "B"])
    attractions.attraction_deck(game, "A", [PRIZE_BOOTH])
    attractions.open_attraction(game, "A")
    game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.DIE_ROLL, 3, player="A")
    attractions.roll_to_visit(game, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "賞品獲得して3点のライフを得た")


GIANT_MIGHT = card("Test Giant Might", "{2}{G}", "Enchantment — Aura", "enchant creature",
                   StaticAbility("Enchanted creature gets +3/+3.", (modify_pt(3, 3),), attached_to_this()))
"""A made-up Aura: enchanted creature gets +3/+3."""


@check("701.12d@20260116.0@241c7712", "701.12e@20260116.0@86660aaa", "701.12a@20260116.0@788258ac")
def exchanging_an_aura_with_an_aura_card_in_hand(expect: Expect) -> None:
    """状況: Aの《灰色熊》に、Aがオーナーである《聖なる力》（+1/+2）がついている。Aの手札に+3/+3のテスト用オーラ・カードがある。
    Bは《丘巨人》をコントロールしている。別のゲームでは、熊についている聖なる力はAがコントロールしているがオーナーはBである。
    行動: 効果によって、Aがコントロールするオーラと手札のオーラ・カードを交換する。
    結果: 聖なる力は手札に移り、手札のオーラが戦場に出て、選ぶことなく熊につき、熊は5/5になる。オーナーが異なる場合は
    交換はまったく起こらず、熊は3/4のままである。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    holy = game.place(cards.HOLY_STRENGTH, attached_to=bears)
    game.place(cards.HILL_GIANT, player="B")
    might = game.place(GIANT_MIGHT, Zone.HAND)
    expect.that(zone_exchanges.exchange_cards(game, holy, might), "交換できた")
    on_bears = [o for o in game.battlefield("A") if o.attached_to == bears.id]
    expect.that(game.current(holy).zone is Zone.HAND and [o.card for o in on_bears] == [GIANT_MIGHT]
                and game.view(bears).pt == (5, 5), "聖なる力は手札に、テスト用オーラは熊について5/5")
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    holy = game.place(cards.HOLY_STRENGTH, owner="B", attached_to=bears)
    might = game.place(GIANT_MIGHT, Zone.HAND)
    expect.that(not zone_exchanges.exchange_cards(game, holy, might) and holy.zone is Zone.BATTLEFIELD
                and might.zone is Zone.HAND and game.view(bears).pt == (3, 4), "オーナーが異なれば交換は起こらない")


def _case_notes(resolution: Resolution) -> None:
    for _ in range(2 if additional_costs.was_paid(resolution) else 1):
        resolution.game.draw(resolution.controller)


CASE_NOTES = card(
    "Test Case Notes", "{1}{U}", "Sorcery",
    OptionalAdditionalCost("As an additional cost to cast this spell, you may collect evidence 4.",
                           cost=Cost(extra=(cost_actions.CollectEvidence(4),))),
    spell=SpellAbility("Draw a card. If evidence was collected, draw two cards instead.", _case_notes))
"""A made-up sorcery: may collect evidence 4 as it is cast; draws two cards if evidence was collected, else one."""


@check("701.59c@20260116.0@08edfae6", "701.59a@20260116.0@ae6319ed", "607.2i@20260116.0@ce43b5f2")
def the_ability_that_asks_whether_evidence_was_collected_is_linked(expect: Expect) -> None:
    """状況: Aの手札に「追加コストとして証拠4を収集してもよい。カードを1枚引く。証拠が収集されていたなら、代わりに2枚引く。」
    テスト用のソーサリーが2枚ある。Aの墓地には《丘巨人》（マナ総量4）がある。
    行動: Aが1枚を証拠を収集して（丘巨人を追放して）唱え、もう1枚を証拠を収集せずに唱える。
    結果: 証拠を収集したことを参照する能力は収集を許可する能力と関連していて、1枚目ではAは2枚引き、2枚目では1枚引く。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT, Zone.GRAVEYARD)
    first, second = game.place(CASE_NOTES, Zone.HAND), game.place(CASE_NOTES, Zone.HAND)
    hand = len(game.hand("A"))
    game.choices.script(ChoiceKind.OBJECTS, [giant.id], player="A")
    give_mana(game, "A", "{1}{U}")
    game.cast("A", first, additional=[additional_costs.OPTIONAL])
    game.resolve_stack()
    expect.equal((len(game.hand("A")), game.current(giant).zone), (hand - 1 + 2, Zone.EXILE),
                 "丘巨人を追放して証拠を収集し、2枚引いた")
    give_mana(game, "A", "{1}{U}")
    game.cast("A", second)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand - 2 + 3, "証拠を収集しなければ1枚だけ引いた")


def _land_from_the_cascade(game: Game, player: str, exiled: list[int]) -> None:
    lands = [e for e in exiled if game.view(e).is_a(CardType.LAND)]
    if lands and game.choices.ask(Choice(ChoiceKind.MAY, player, "put an exiled land onto the battlefield tapped",
                                         (True, False))):
        game.put_onto_battlefield(lands[0], player, tapped=True)


CASCADE_GARDENER = card("Test Cascade Gardener", "{1}{R}{G}", "Creature — Elf Druid", 2, 3, AsYouCascade(
    "As you cascade, you may put a land card from among the exiled cards onto the battlefield tapped.",
    action=_land_from_the_cascade))
"""A made-up creature with an "as you cascade" ability that may put an exiled land onto the battlefield."""


@check("702.85b@20260116.0@e1bdf64a", "702.85a@20260116.0@306d3399")
def as_you_cascade_acts_on_the_exiled_cards(expect: Expect) -> None:
    """状況: Aは「あなたが続唱を行うに際し、その追放されたカードの中から土地・カード1枚をタップ状態で戦場に出してもよい」を持つ
    テスト用のクリーチャーをコントロールしている。Aのライブラリーの上から《山》、《稲妻》。手札に《血編み髪のエルフ》（続唱）。
    行動: Aがエルフを唱え、続唱で山と稲妻が追放される。Aは山を戦場に出すことを選び、稲妻は唱えないことを選ぶ。
    結果: 続唱でカードを追放し終えたあと、稲妻を唱えるかどうかを選ぶ前に、山がタップ状態で戦場に出る。唱えなかった稲妻は
    ライブラリーの一番下に置かれる。"""
    game = Game(["A", "B"])
    bolt = game.place(cards.LIGHTNING_BOLT, Zone.LIBRARY, "A")
    mountain = game.place(MOUNTAIN, Zone.LIBRARY, "A")
    game.place(CASCADE_GARDENER)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", BLOODBRAID_ELF)
    land = game.current(mountain)
    expect.that(land.zone is Zone.BATTLEFIELD and land.tapped and land.controller == "A", "山がタップ状態で戦場に出た")
    expect.that(game.players["A"].library[0] == game.current(bolt).id, "唱えなかった稲妻はライブラリーの一番下に置かれた")


@check("701.12f@20260116.0@bfa2f310", "701.12a@20260116.0@788258ac")
def exchanging_a_hand_and_an_empty_graveyard(expect: Expect) -> None:
    """状況: Aの手札には《灰色熊》と《巨大化》があり、墓地は空である。
    行動: 効果によってAが自分の手札と墓地を交換する。
    結果: 墓地が空でも交換は起こり、熊と巨大化はAの墓地に置かれ、Aの手札は空になる。"""
    game = Game(["A", "B"])
    held = [game.place(cards.GRIZZLY_BEARS, Zone.HAND), game.place(cards.GIANT_GROWTH, Zone.HAND)]
    expect.that(not game.graveyard("A") and len(game.hand("A")) == 2, "はじめ墓地は空で、手札は2枚")
    zone_exchanges.exchange_zones(game, "A", Zone.HAND, Zone.GRAVEYARD)
    expect.equal((sorted(o.card.name for o in game.graveyard("A")), game.hand("A")),
                 (sorted(o.card.name for o in held), []), "手札の2枚が墓地に移り、手札は空になった")
