"""Commander (903): the commander designation belongs to the card, not to its characteristics
(903.3), and colour identity is read from the card's mana symbols, colour indicators and every face
(903.4)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_basics import CYTOSHAPE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Color,
    Game,
    NotModelled,
    Resolution,
    StaticAbility,
    Zone,
    any_target,
    card,
    cards_in,
    commander,
    cost,
    enters_as_copy,
    face,
    turn_face_down,
)
from kb.engine.mana import ManaCost
from kb.engine.objects import GameObject


def _bosh_fling(resolution: Resolution) -> None:
    raise NotModelled("the mana value of the artifact sacrificed to pay a cost (Bosh, Iron Golem)")


BOSH = real("鉄のゴーレム、ボッシュ", card(
    "Bosh, Iron Golem", "{8}", "Legendary Artifact Creature — Golem", 6, 7, "trample",
    ActivatedAbility("{3}{R}, Sacrifice an artifact: Bosh deals damage equal to the sacrificed artifact's mana "
                     "value to any target.", cost("{3}{R}, Sacrifice an artifact"), _bosh_fling, (any_target(),))))
"""鉄のゴーレム、ボッシュ: a colourless legendary artifact creature whose activated ability costs {3}{R}."""

CIVILIZED_SCHOLAR = real("礼儀正しい識者", card(
    "Civilized Scholar", "{2}{U}", "Creature — Human Advisor", 0, 1,
    back=face("Homicidal Brute", None, "Creature — Human Mutant", 5, 1, colors="R")))
"""礼儀正しい識者 // 人殺しの粗暴者: a blue double-faced card whose back face has a red colour
indicator (the abilities that loot and transform it aren't needed here and are left out)."""

BODY_DOUBLE = real("影武者", card(
    "Body Double", "{4}{U}", "Creature — Shapeshifter", 0, 0,
    StaticAbility("You may have Body Double enter as a copy of any creature card in a graveyard.",
                  replacements=(enters_as_copy(cards_in(Zone.GRAVEYARD, "Creature"), text="You may have Body "
                                               "Double enter as a copy of any creature card in a graveyard."),))))
"""影武者: enters as a copy of a creature card in a graveyard."""

TEST_COMMANDER = card("Test Commander", "{3}{G}{G}", "Legendary Creature — Elf Warrior", 5, 5)
"""Test: a legendary 5/5, A's commander."""


def _commander_game() -> tuple[Game, GameObject]:
    game = Game(["A", "B"])
    leader = game.place(TEST_COMMANDER)
    commander.designate(game, leader)
    return game, leader


def _goes_home(game: Game, permanent: GameObject) -> Zone:
    """Destroy ``permanent``; if its owner is asked whether to put it into the command zone
    (704.6d), they say yes.  Where it is afterwards."""
    game.destroy(permanent)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.refresh_priority()
    return game.current(permanent).zone


@check("903.3@20260116.0@34d20cf6", "704.6d@20260116.0@39efd7a4", "903.9a@20260116.0@bf755fa8",
       "708.2@20260116.0@946b971b", "707.2@20260116.0@f5bf13dd", example="903.3#1@cb605705")
def the_commander_designation_belongs_to_the_card(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者はテスト用の伝説の5/5。
    行動: 1つ目のゲームでは（イクシドロンが戦場に出るときのような）効果で統率者が裏向きになってから破壊される。2つ目のゲームでは《細胞形成》で
    統率者が《灰色熊》のコピーになってから破壊される。3つ目のゲームでは統率者が墓地にあるとき、Aの《影武者》がそのコピーとして
    戦場に出て、破壊される。
    結果: 裏向きの統率者も、他のカードのコピーになった統率者も統率者のままなので、Aは統率領域に置ける。統率者をコピーした
    影武者は統率者ではないので、墓地に置かれたまま、統率領域に置くかどうかは尋ねられない。"""
    game, leader = _commander_game()
    turn_face_down(game, leader)
    expect.equal(game.view(leader.id).name, None, "統率者は名前のない裏向きの2/2になった")
    expect.equal(_goes_home(game, leader), Zone.COMMAND, "裏向きの統率者も統率者で、統率領域に置ける")

    game, leader = _commander_game()
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.OBJECT, bears.id, player="A")
    cast(game, "A", CYTOSHAPE, [leader])
    expect.equal(game.view(leader.id).name, "Grizzly Bears", "統率者は灰色熊のコピーになった")
    expect.equal(_goes_home(game, leader), Zone.COMMAND, "他のカードのコピーになった統率者も統率者のまま")

    game, leader = _commander_game()
    game.destroy(leader)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.refresh_priority()
    game.choices.script(ChoiceKind.OBJECT, game.current(leader).id, player="A")
    double = game.put_onto_battlefield(BODY_DOUBLE, "A")
    assert double is not None
    expect.equal(game.view(double).name, "Test Commander", "影武者は墓地の統率者のコピーとして戦場に出た")
    asked = len(game.choices.asked)
    game.destroy(double)
    game.refresh_priority()
    expect.that(game.current(double).zone is Zone.GRAVEYARD
                and not any(c.kind is ChoiceKind.MAY for c, _ in game.choices.asked[asked:]),
                "統率者をコピーした影武者は統率者ではなく、統率領域に置くかどうかは尋ねられない")


@check("903.4@20260116.0@b13365bb", "903.4a@20260116.0@e66ad481", "202.2@20260116.0@f5cfedd7",
       example="903.4#1@978d571d")
def bosh_has_a_red_colour_identity(expect: Expect) -> None:
    """状況: 統率者戦。《鉄のゴーレム、ボッシュ》はマナ・コストが{8}の無色の伝説のアーティファクト・クリーチャーで、
    起動コストに{R}を含む起動型能力を持つ。
    行動: ボッシュの色と固有色を見る。
    結果: ボッシュ自身は無色だが、ルール・テキストの{R}により固有色は赤。"""
    game = Game(["A", "B"])
    bosh = game.place(BOSH)
    expect.equal(game.view(bosh).colors, frozenset(), "ボッシュは無色")
    expect.equal(commander.color_identity(BOSH), frozenset({Color.RED}), "固有色はルール・テキストの{R}による赤")
    expect.equal(commander.color_identity(cards.GRIZZLY_BEARS), ManaCost.parse("{G}").colors,
                 "マナ・コストだけを持つ灰色熊の固有色は緑")


@check("903.4d@20260116.0@f9758e95", "903.4@20260116.0@b13365bb", "204.1@20260116.0@c98b7afc",
       "712.8a@20260116.0@82342642", example="903.4d#1@4124142a")
def a_double_faced_cards_identity_counts_its_back_face(expect: Expect) -> None:
    """状況: 《礼儀正しい識者》は第1面のマナ・コストが{2}{U}で、第2面の人殺しの粗暴者は赤の色指標を持つ両面カード。
    行動: 戦場にある識者の色と、カードの固有色を見る。
    結果: 戦場の識者は第1面の特性だけを持ち青だが、固有色は第2面も含めて青と赤。"""
    game = Game(["A", "B"])
    scholar = game.place(CIVILIZED_SCHOLAR)
    expect.equal(game.view(scholar).colors, frozenset({Color.BLUE}), "戦場の識者は第1面の特性だけを持ち、青")
    expect.equal(commander.color_identity(CIVILIZED_SCHOLAR), frozenset({Color.BLUE, Color.RED}),
                 "固有色は第2面の赤の色指標も含めて青と赤")


@check("903.8@20260116.0@e3f29709", "903.6@20260116.0@51080112", "903.9a@20260116.0@bf755fa8",
       "601.2f@20260116.0@2220e1e2", "601.3@20260116.0@dec4acd5")
def the_commander_tax_grows_with_each_cast(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者（テスト用の伝説の5/5、マナ・コスト{3}{G}{G}）はゲームの開始時から統率領域にある。
    行動: Aが統率者を統率領域から唱え、それが破壊されて統率領域に戻ることを2回繰り返したあと、3回目を唱えようとする。
    結果: 1回目は{3}{G}{G}で唱えられる。2回目は統率者税{2}が加わり7マナ、3回目は{4}が加わり9マナが必要で、7マナでは
    唱えられない。"""
    game = Game(["A", "B"])
    leader = commander.start(game, TEST_COMMANDER, "A")
    for extra in ("", "{2}"):
        game.add_mana("A", "{3}{G}{G}" + extra)
        game.cast("A", game.current(leader))
        game.resolve_stack()
        expect.equal(game.current(leader).zone, Zone.BATTLEFIELD, f"統率領域から{5 + len(extra) // 3 * 2}マナで唱えた")
        game.destroy(game.current(leader))
        game.choices.script(ChoiceKind.MAY, True, player="A")
        game.refresh_priority()
    game.add_mana("A", "{3}{G}{G}{2}")
    expect.refused(lambda: game.cast("A", game.current(leader)), "3回目は統率者税{4}が加わり、7マナでは唱えられない")
    game.add_mana("A", "{2}")
    game.cast("A", game.current(leader))
    expect.equal(game.current(leader).zone, Zone.STACK, "9マナなら3回目を唱えられる")


@check("903.9b@20260116.0@e2ca45b9", "614.1a@20260116.0@200be777", "903.3@20260116.0@34d20cf6")
def a_commander_bounced_may_go_home(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者（テスト用の伝説の5/5）が2つのゲームでそれぞれ戦場にある。
    行動: 効果が統率者をオーナーの手札に戻す。1つ目のゲームではAは代わりに統率領域に置くことを選び、2つ目のゲームでは選ばない。
    また、統率者でない《灰色熊》も手札に戻される。
    結果: 統率者はAの選択どおり統率領域か手札に置かれる。統率者でない熊については何も尋ねられず、手札に戻る。"""
    for choice, zone in ((True, Zone.COMMAND), (False, Zone.HAND)):
        game, leader = _commander_game()
        bears = game.place(cards.GRIZZLY_BEARS)
        game.choices.script(ChoiceKind.MAY, choice, player="A")
        game.move(leader, Zone.HAND)
        expect.equal(game.current(leader).zone, zone, f"Aが{'統率領域を選んだ' if choice else '選ばなかった'}")
        asked = len(game.choices.asked)
        game.move(bears, Zone.HAND)
        expect.that(game.current(bears).zone is Zone.HAND and len(game.choices.asked) == asked,
                    "統率者でない熊は何も尋ねられずに手札に戻る")
