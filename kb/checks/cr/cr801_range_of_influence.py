"""The limited range of influence option (801): players sit in turn order, and a player's spells,
abilities and attacks reach only the players within so many seats, as seated when the turn began;
and the Emperor variant's attack rule (809.3c)."""

from __future__ import annotations

from functools import partial

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr614_replacement_effects import PYROCLASM
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    Game,
    LayerPart,
    StaticAbility,
    Step,
    card,
    creatures,
    influence,
    teams,
    where,
)
from kb.engine.context import Context, Seeable
from kb.engine.parts import Layer, ModifyPT, Op

SIX = ["A", "B", "C", "D", "E", "F"]
"""Six players around the table in turn order: B sits on A's left, F on A's right."""


def _shock_targets(game: Game, player: str) -> list[str]:
    """The players ``player`` can target with 《ショック》 now: each is tried, and a refused cast
    leaves the game as it was."""
    found = []
    for target in game.turn_order:
        if game.players[target].left:
            continue
        shock = in_hand(game, cards.SHOCK, player)
        give_mana(game, player, "{R}")
        if game.priority != player:
            game.pass_priority_to(player)
        checkpoint = game.checkpoint()
        try:
            game.cast(player, shock, targets=[target])
        except Exception:  # noqa: BLE001  (an illegal target: the cast is refused)
            game.restore(checkpoint)
            continue
        found.append(target)
        game.restore(checkpoint)
    return found


@check("801.2a@20260116.0@7308099a", "801.2@20260116.0@58108ef3", "801.2b@20260116.0@db6f8067",
       "801.4@20260116.0@0ef8c5d1", example=("801.2a#1@c3e27bcf", "801.2a#2@0577d196"))
def one_seat_or_two_seats_of_influence(expect: Expect) -> None:
    """状況: A〜Fの6人が順に座る多人数戦で、「影響範囲限定」選択ルールを使う。1つ目のゲームでは影響範囲は各1席、2つ目のゲーム
    では各2席。
    行動: Aが《ショック》を唱え、各プレイヤーを対象にしようとする。
    結果: 1席ならA自身と両隣のBとFだけを対象にできる。2席ならさらにもう1席隣のCとEまで対象にでき、向かいのDは対象にできない。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    expect.equal(_shock_targets(game, "A"), ["A", "B", "F"], "影響範囲1席：自分と両隣だけ")
    game = Game(SIX)
    influence.limit_range(game, 2)
    expect.equal(_shock_targets(game, "A"), ["A", "B", "C", "E", "F"], "影響範囲2席：もう1席隣まで")


@check("801.2c@20260116.0@990bb503", "801.2@20260116.0@58108ef3", "801.4@20260116.0@0ef8c5d1",
       "800.4a@20260116.0@be91bf57", example="801.2c#1@a297f4ea")
def leaving_brings_players_into_range_next_turn(expect: Expect) -> None:
    """状況: 影響範囲1席の4人戦。D、C、R、Aの順に座り、AはRの左隣、CはRの右隣、DはAの左隣にいる。Dのターン。
    行動: Rが投了してゲームを離れる。そのターンと、次のCのターンに、Aが《ショック》でCを対象にしようとする。
    結果: Rが離れたターンの間は、誰が誰の影響範囲にいるかはターンの開始時のままなので、CはAの影響範囲外。次のターンの開始時
    からはCがAの影響範囲に入り、対象にできる。"""
    game = Game(["D", "C", "R", "A"])
    influence.limit_range(game, 1)
    expect.equal(_shock_targets(game, "A"), ["D", "R", "A"], "初めはAの影響範囲はA、D、Rだけ")
    game.concede("R")
    expect.that("C" not in _shock_targets(game, "A"), "Rが離れたターンのうちは、CはまだAの影響範囲外")
    game.next_turn()
    expect.equal(game.active, "C", "Cのターン")
    expect.that("C" in _shock_targets(game, "A"), "次のターンの開始時から、CはAの影響範囲内")


@check("801.10@20260116.0@085a7c99", "801.2d@20260116.0@a7ccb407", example="801.10#1@adcd627c")
def pyroclasm_reaches_only_the_neighbours(expect: Expect) -> None:
    """状況: 影響範囲が各1席の6人戦。A〜Fのそれぞれが《灰色熊》をコントロールしている。
    行動: Aが《紅蓮地獄》（各クリーチャーに2点）を唱える。
    結果: ダメージを受けて死亡するのはA自身と両隣のBとFの熊だけ。C、D、Eの熊は影響範囲外なのでダメージを受けない。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    bears = {p: game.place(cards.GRIZZLY_BEARS, player=p) for p in SIX}
    pyroclasm = in_hand(game, PYROCLASM, "A")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", pyroclasm)
    game.resolve_stack()
    survivors = sorted(p for p, bear in bears.items() if bear.id in game.objects)
    expect.equal(survivors, ["C", "D", "E"], "A、B、Fの熊だけが死亡した")


def _coat_of_arms_bonus(context: Context, state: Seeable) -> Op:
    kin = creatures() & where("another creature that shares a creature type with it",
                              lambda c, o: o.id != state.id and bool(set(o.subtypes) & set(state.subtypes)),
                              ("subtypes",))
    count = len(kin.select(context))
    return ModifyPT(count, count)


COAT_OF_ARMS = real("旗印", card(
    "Coat of Arms", "{5}", "Artifact", StaticAbility(
        "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type "
        "with it.", (LayerPart(Layer.PT_MODIFYING, "+1/+1 for each other creature that shares a creature type",
                               _coat_of_arms_bonus),), creatures())))
"""旗印: each creature gets +1/+1 for each other creature sharing a creature type with it."""


@check("801.11@20260116.0@6f00bec4", "801.10@20260116.0@085a7c99", "613.4c@20260116.0@d67b3be5",
       example=("801.11#1@93774aab", "801.11#2@ae929fbf"))
def coat_of_arms_counts_what_its_controller_sees(expect: Expect) -> None:
    """状況: 影響範囲が各1席の6人戦。Aが《旗印》をコントロールしている。A〜Fのそれぞれが《灰色熊》をコントロールしている。
    FはAの右隣に座っている。
    行動: 各熊のパワーとタフネスを見る。
    結果: Aの熊は、Aと両隣のB、Fの熊だけを数えて+2/+2の4/4。Fの熊も、Fの影響範囲外であるBの熊を含め、Aの影響範囲内の熊を
    数えて4/4。Aの影響範囲外のC、D、Eの熊は修整を受けず2/2。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    game.place(COAT_OF_ARMS, player="A")
    bears = {p: game.place(cards.GRIZZLY_BEARS, player=p) for p in SIX}
    sizes = {p: game.view(bear).pt for p, bear in bears.items()}
    expect.equal(sizes["A"], (4, 4), "Aの熊は影響範囲内の他の熊2体ぶんで4/4")
    expect.equal(sizes["F"], (4, 4), "Fの熊はAの影響範囲内の熊（Fの影響範囲外のBの熊を含む）を数えて4/4")
    expect.equal((sizes["B"], sizes["C"], sizes["D"], sizes["E"]), ((4, 4), (2, 2), (2, 2), (2, 2)),
                 "Bの熊も4/4、影響範囲外のC、D、Eの熊は2/2のまま")


EMPEROR_SEATS = ["A1", "A2", "A3", "B1", "B2", "B3"]
"""Two Emperor teams around the table: A2 and B2 are the emperors, in the middle of their teams."""


@check("809.3c@20260116.0@a3d4402e", "809.3a@20260116.0@b7dc7282", "809.2@20260116.0@91671fce",
       "801.3@20260116.0@498d24d3", example="809.3c#1@caa509a7")
def emperors_cant_attack_each_other_at_first(expect: Expect) -> None:
    """状況: 皇帝戦。A1、A2、A3、B1、B2、B3の順に座り、A2とB2がそれぞれのチームの皇帝（影響範囲2）、他は将軍（影響範囲1）。
    皇帝A2は《灰色熊》をコントロールしている。A2のターン。
    行動: A2の熊が相手の皇帝B2や将軍B1を攻撃しようとし、A2が《ショック》で相手の将軍A1の隣のB3を対象にしようとする。
    結果: 皇帝は隣に座っている対戦相手しか攻撃できないので、ゲームの開始時にはどちらの皇帝も相手を攻撃できない。それでも
    相手の将軍B3は皇帝の影響範囲（2席）内なので、呪文の対象にはできる。"""
    game = Game(EMPEROR_SEATS)
    teams.emperor(game, (EMPEROR_SEATS[:3], EMPEROR_SEATS[3:]))
    influence.limit_range(game, {"A1": 1, "A2": 2, "A3": 1, "B1": 1, "B2": 2, "B3": 1})
    game.next_turn("A2")
    bears = game.place(cards.GRIZZLY_BEARS, player="A2")
    game.advance_to(Step.DECLARE_ATTACKERS)
    for defender in ("B2", "B1"):
        expect.refused(partial(game.declare_attackers, {bears: defender}), f"皇帝A2は{defender}を攻撃できない")
    game.declare_attackers({})
    game.advance_to(Step.END_OF_COMBAT)
    expect.that("B3" in _shock_targets(game, "A2") and "B2" not in _shock_targets(game, "A2"),
                "相手の将軍B3は皇帝A2の影響範囲内で対象にできるが、相手の皇帝B2は範囲外")
