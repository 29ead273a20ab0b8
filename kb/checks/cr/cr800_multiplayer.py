"""Multiplayer games (800): the game goes on when a player leaves it, and what that player owned
and controlled leaves, ends or is exiled (800.4a-800.4d)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards_basics import RUNECLAW_BEAR
from kb.checks.cards_multiplayer import (
    ASSAULT_GRIFFIN,
    ASTRAL_SLIDE,
    BRIBERY,
    GENESIS_CHAMBER,
    HYPNOTIC_SPECTER,
    MIND_CONTROL,
)
from kb.checks.cr.cr613_layers import ACT_OF_TREASON
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import ChoiceKind, DamageDealt, Game, Step, Zone, card
from kb.engine.objects import GameObject


def _gone(game: Game, obj: GameObject) -> bool:
    """The object and whatever it became have left the game: nothing of it is in any zone."""
    object_id = obj.id
    while object_id in game.became:
        object_id = game.became[object_id]
    return object_id not in game.objects


def _mind_control_game() -> tuple[Game, GameObject, GameObject]:
    game = Game(["A", "B", "C"])
    griffin = game.place(ASSAULT_GRIFFIN, player="B")
    cast(game, "A", MIND_CONTROL, [griffin])
    aura = next(o for o in game.battlefield("A") if o.card is MIND_CONTROL)
    game.next_turn("C")
    return game, griffin, aura


@check("800.4a@20260116.0@be91bf57", "800.4@20260116.0@9f544b67", "104.3a@20260116.0@39262118",
       "704.5m@20260116.0@d032e5a1", "303.4c@20260116.0@1b32d2e6", example="800.4a#1@cce80c9d")
def mind_control_when_either_player_leaves(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aは《精神の制御》をBの《突撃するグリフィン》につけてそのコントロールを得ている。
    行動: Cのターンに、1つ目のゲームではAが、2つ目のゲームではBが投了してゲームを離れる。
    結果: Aが離れると、Aがオーナーである精神の制御もゲームを離れ、グリフィンはBのコントロールに戻る。Bが離れると、Bがオーナー
    であるグリフィンがゲームを離れ、精神の制御は何にもついていないのでAの墓地に置かれる。"""
    game, griffin, aura = _mind_control_game()
    expect.equal(game.view(griffin).controller, "A", "精神の制御でAがグリフィンをコントロールしている")
    game.concede("A")
    game.refresh_priority()
    expect.that(_gone(game, aura), "Aがオーナーである精神の制御はゲームを離れた")
    expect.that(griffin.id in game.objects and game.view(griffin).controller == "B",
                "グリフィンは戦場に残り、Bのコントロールに戻った")

    game, griffin, aura = _mind_control_game()
    game.concede("B")
    expect.that(_gone(game, griffin), "Bがオーナーであるグリフィンはゲームを離れた")
    game.refresh_priority()
    expect.equal(game.current(aura).zone, Zone.GRAVEYARD, "精神の制御は状況起因処理でAの墓地に置かれた")


@check("800.4a@20260116.0@be91bf57", "611.2a@20260116.0@8a95121d", "613.1b@20260116.0@ef3441f2",
       example="800.4a#2@348d9b13")
def act_of_treason_ends_when_its_controller_leaves(expect: Expect) -> None:
    """状況: A、B、Cの3人戦のAのターン。AはBの《ルーン爪の熊》を対象に《反逆の行動》を唱え、熊のコントロールを得た。
    行動: そのターンのうちにAが投了してゲームを離れる。
    結果: 反逆の行動のコントロール変更効果は終わり、熊は追放されずにBのコントロールに戻る。"""
    game = Game(["A", "B", "C"])
    bear = game.place(RUNECLAW_BEAR, player="B")
    cast(game, "A", ACT_OF_TREASON, [bear])
    expect.equal(game.view(bear).controller, "A", "反逆の行動でAが熊をコントロールしている")
    game.concede("A")
    expect.that(bear.id in game.objects and game.view(bear).controller == "B",
                "コントロール変更効果が終わり、熊はBのコントロールに戻った")


def _bribery_game() -> tuple[Game, GameObject]:
    game = Game(["A", "B", "C"])
    angel = game.place(cards.SERRA_ANGEL, Zone.LIBRARY, "B")
    game.choices.script(ChoiceKind.OBJECT, angel.id, player="A")
    cast(game, "A", BRIBERY, ["B"])
    game.next_turn("C")
    return game, game.current(angel)


@check("800.4a@20260116.0@be91bf57", "108.3@20260116.0@d0e3d61b", "108.4@20260116.0@6124ba18",
       example="800.4a#3@1c9e8ce2")
def bribery_angel_leaves_with_its_owner_or_is_exiled(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。AはBを対象に《袖の下》を唱え、Bのライブラリーから《セラの天使》をAのコントロール下で戦場に出した。
    行動: Cのターンに、1つ目のゲームではBが、2つ目のゲームではAが投了してゲームを離れる。
    結果: オーナーのBが離れると、天使もゲームを離れる。コントローラーのAが離れると、天使はBの追放領域に置かれる。"""
    game, angel = _bribery_game()
    expect.that(angel.zone is Zone.BATTLEFIELD and game.view(angel).controller == "A" and angel.owner == "B",
                "天使はBがオーナーでAがコントロールしている")
    game.concede("B")
    expect.that(_gone(game, angel), "オーナーのBと一緒に天使はゲームを離れた")

    game, angel = _bribery_game()
    game.concede("A")
    expect.equal(game.current(angel).zone, Zone.EXILE, "Aがなおコントロールしていた天使は追放された")
    expect.equal(game.current(angel).owner, "B", "追放されたのはBがオーナーのカード")


@check("800.4a@20260116.0@be91bf57", "111.2@20260116.0@05127b88", "603.4@20260116.0@3b5b8ab9",
       example="800.4a#4@41f70fd3")
def genesis_chamber_myr_belong_to_who_made_them(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aはアンタップ状態の《起源室》をコントロールしている。
    行動: Aの《灰色熊》とCの《灰色熊》が戦場に出て、それぞれのコントローラーがマイア・トークンを生成する。その後Aが投了する。
    結果: Aのコントロール下で生成されたマイアはAがオーナーなので、Aとともにゲームを離れる。Cのコントロール下で生成された
    マイアはCがオーナーなのでゲームに残る。"""
    game = Game(["A", "B", "C"])
    game.place(GENESIS_CHAMBER, player="A")
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "C")
    game.resolve_stack()
    myr = [o for o in game.battlefield() if o.is_token]
    expect.equal(sorted(o.owner for o in myr), ["A", "C"], "熊のコントローラーごとに、そのプレイヤーがオーナーのマイアが1体ずつ")
    game.next_turn("C")
    game.concede("A")
    left = [o for o in game.battlefield() if o.is_token]
    expect.equal([o.owner for o in left], ["C"], "Aのマイアはゲームを離れ、Cのマイアは残る")


@check("800.4d@20260116.0@a3c02044", "603.7@20260116.0@60bc5efe", "702.29a@20260116.0@219edfd0",
       example="800.4d#1@03414b3e")
def astral_slide_return_waits_for_nobody(expect: Expect) -> None:
    """状況: A、B、Cの3人戦のAのターン。Bは《霊体の地滑り》をコントロールしている。Aは《惑乱の死霊》をコントロールしている。
    行動: Bがカードをサイクリングし、地滑りの能力で死霊を追放する。1つ目のゲームではそのまま終了ステップを迎え、2つ目のゲーム
    ではその前にBが投了してゲームを離れる。
    結果: Bが残っていれば、終了ステップの開始時に遅延誘発型能力で死霊は戦場に戻る。Bが離れていれば、その遅延誘発型能力は
    誘発してもスタックに積まれず、死霊は追放されたまま。"""
    for b_leaves in (False, True):
        game = Game(["A", "B", "C"])
        game.place(ASTRAL_SLIDE, player="B")
        specter = game.place(HYPNOTIC_SPECTER, player="A")
        cycler = game.place(card("Test Cycler", "{3}", "Artifact", "cycling {2}"), Zone.HAND, "B")
        game.pass_priority_to("B")
        game.add_mana("B", "{2}")
        game.activate("B", cycler)
        game.choices.script(ChoiceKind.MAY, True, player="B")
        game.resolve_stack()
        expect.equal(game.current(specter).zone, Zone.EXILE, "地滑りの能力で死霊は追放された")
        if b_leaves:
            game.concede("B")
        game.advance_to(Step.END)
        game.resolve_stack()
        if not b_leaves:
            expect.equal(game.current(specter).zone, Zone.BATTLEFIELD, "Bが残っていれば終了ステップに死霊は戻る")
        else:
            expect.equal(game.current(specter).zone, Zone.EXILE,
                         "Bが離れていれば遅延誘発型能力はスタックに積まれず、死霊は戻らない")


@check("800.4j@20260116.0@e653d4dc", "800.4k@20260116.0@10e3dec8", "800.4a@20260116.0@be91bf57",
       "117.3d@20260116.0@3a35666c")
def turns_go_on_around_players_who_left(expect: Expect) -> None:
    """状況: A、B、C、Dの4人戦のAのターン。
    行動: Bが投了し、次のターンになる。Cのターンに、優先権を持っているCが投了する。Dが《ショック》でAに2点を与え、全員が
    パスして、次のターンになる。
    結果: Bのターンは始まらず、Aの次はCのターンになる。Cが離れても、Cのターンはアクティブ・プレイヤーのいないまま続き、
    優先権はターン順で次のDに移る。ショックの解決後、優先権はDが得る。その次はDのターンになる。"""
    game = Game(["A", "B", "C", "D"])
    game.concede("B")
    game.next_turn()
    expect.equal(game.active, "C", "Bのターンは飛ばされ、Cのターンになる")
    expect.equal(game.priority, "C", "Cが優先権を持っている")
    game.concede("C")
    expect.that(game.active == "C" and game.priority == "D", "Cのターンは続き、優先権はDに移った")
    shock = game.place(cards.SHOCK, Zone.HAND, "D")
    game.add_mana("D", "{R}")
    game.cast("D", shock, targets=["A"])
    game.resolve_stack()
    expect.that(game.players["A"].life == 18 and game.priority == "D", "ショックが解決し、優先権はDが得た")
    game.next_turn()
    expect.equal(game.active, "D", "次はDのターン")


@check("800.4e@20260116.0@79ff70fa", "510.1a@20260116.0@c73cff8f")
def no_combat_damage_to_a_player_who_left(expect: Expect) -> None:
    """状況: A、B、C、Dの4人戦。Aの《灰色熊》2体が、それぞれBとCを攻撃している。
    行動: ブロック・クリーチャー指定ステップにCが投了し、戦闘ダメージ・ステップになる。
    結果: Bを攻撃している熊はBに2点を与える。ゲームを離れたCには戦闘ダメージは割り振られない。"""
    game = Game(["A", "B", "C", "D"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({first: "B", second: "C"})
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.concede("C")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal([(e.recipient, e.amount) for e in game.events(DamageDealt)], [("B", 2)],
                 "Bに2点、Cには何も割り振られない")
