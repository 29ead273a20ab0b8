"""Game concepts (100-104): the golden rules, players, starting the game and mulligans, and
ending the game."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import _gain_life
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, in_hand
from kb.engine import (
    FOREST,
    CantPlayLands,
    ChoiceKind,
    ExtraLandPlays,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    actions,
    card,
    creatures,
    dies,
    modify_pt,
    zones,
)
from kb.engine.choices import Choice
from kb.engine.events import Cause
from kb.engine.starting import begin_game, begin_on_battlefield
from kb.engine.turn import Phase


def _lands_this_turn(*changes: object) -> Game:
    game = Game(["A", "B"])
    for _ in range(2):
        in_hand(game, FOREST)
    for change in changes:
        game.create_effect(str(change), rules=[change], duration=UntilEndOfTurn(), controller="A")  # type: ignore[list-item]
    return game


@check("101.2@20260116.0@3cb28965", "305.2@20260116.0@03fd7ee6", example="101.2#1@8fd8ffb3")
def cant_play_lands_beats_an_extra_land_play(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの手札に《森》が2枚。
    行動: 「このターン、あなたは追加で土地1枚をプレイしてよい」という効果だけがあるときと、それに加えて
    「このターン、あなたは土地をプレイできない」という効果もあるときに、Aが森をプレイしようとする。
    結果: 前者では2枚ともプレイできる。後者では、できないとする効果が優先され、1枚もプレイできない。"""
    game = _lands_this_turn(ExtraLandPlays())
    for forest in game.hand("A"):
        game.play_land("A", forest)
    expect.equal(len(game.battlefield("A")), 2, "追加で土地をプレイしてよい効果だけなら2枚プレイできる")
    game = _lands_this_turn(ExtraLandPlays(), CantPlayLands())
    first = game.hand("A")[0]
    expect.refused(lambda: game.play_land("A", first), "プレイできないとする効果が優先され、1枚目もプレイできない")
    expect.equal(len(game.battlefield("A")), 0, "戦場に土地はない")


def _each_player_sacrifices(resolution: Resolution) -> None:
    """Each player chooses a creature they control, the active player first, then the others in
    turn order; then all are sacrificed at once (101.4).  A player with none sacrifices nothing (101.3)."""
    game = resolution.game
    chosen = []
    for player in game.apnap():
        own = [o.id for o in game.creatures(player)]
        if own:
            chosen.append(game.choices.ask(Choice(ChoiceKind.OBJECT, player, "a creature to sacrifice", tuple(own))))
    zones.move_all(game, [game.objects[i] for i in chosen if isinstance(i, int)], Zone.GRAVEYARD,
                   cause=Cause.SACRIFICE)


EACH_SACRIFICES = card("Test Edict for All", "{1}{B}", "Sorcery", spell=SpellAbility(
    "Each player sacrifices a creature.", _each_player_sacrifices))
"""Test: a sorcery, "Each player sacrifices a creature"."""

MOURNER = card("Test Mourner", "{1}{B}", "Creature — Human", 1, 1, TriggeredAbility(
    "Whenever this creature or another creature dies, you gain 1 life.", dies(creatures()), _gain_life(1)))
"""Test: a 1/1 with "Whenever this creature or another creature dies, you gain 1 life"."""


@check("101.4@20260116.0@7191b888", "101.3@20260116.0@517b5522", example="101.4#1@60ac7908")
def each_player_sacrifices_in_apnap_order(expect: Expect) -> None:
    """状況: 3人戦でAのターン。Aは「このクリーチャーか他のクリーチャーが死亡するたび、あなたは1点のライフを得る」
    を持つテスト用クリーチャーと《灰色熊》を、Bは《灰色熊》と《丘巨人》をコントロールしている。Cはクリーチャーを
    コントロールしていない。
    行動: Aが「各プレイヤーはそれぞれクリーチャー1体を生け贄に捧げる」ソーサリーを唱え、Aはテスト用クリーチャーを、
    Bは《丘巨人》を選ぶ。
    結果: まずAが、次にBが選び（Cには選ぶものがなく何もしない）、選ばれた2体は同時に生け贄に捧げられる。
    同時なのでテスト用クリーチャーは両方の死亡を見て、Aは2点のライフを得る。"""
    game = Game(["A", "B", "C"])
    mourner = game.place(MOURNER, player="A")
    game.place(cards.GRIZZLY_BEARS, player="A")
    game.place(cards.GRIZZLY_BEARS, player="B")
    giant = game.place(cards.HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.OBJECT, mourner.id, player="A")
    game.choices.script(ChoiceKind.OBJECT, giant.id, player="B")
    cast(game, "A", EACH_SACRIFICES)
    asked = [c.player for c, _ in game.choices.asked if c.kind is ChoiceKind.OBJECT]
    expect.equal(asked, ["A", "B"], "アクティブ・プレイヤーのAが先に選び、次にターン順でBが選んだ")
    expect.that(mourner.id not in game.objects and giant.id not in game.objects, "選ばれた2体が生け贄に捧げられた")
    expect.equal(len(game.creatures("A")) + len(game.creatures("B")), 2, "選ばれなかったクリーチャーは残っている")
    expect.equal(game.players["A"].life, 22, "同時に死亡したので、テスト用クリーチャーは2体の死亡を見て2回誘発した")


def _deck(game: Game, player: str, count: int = 9) -> list[int]:
    return [game.place(card(f"Test Card {player}{i}", "{1}", "Artifact"), Zone.LIBRARY, player).id
            for i in range(count)]


@check("103.5@20260116.0@78b114ad", "103.4@20260116.0@9ab79fea", "119.1@20260116.0@4a5494cb")
def opening_hands_and_a_mulligan(expect: Expect) -> None:
    """状況: 2人戦の開始前。AとBのライブラリーはそれぞれ9枚で、ライフはどちらも5点にされている。
    行動: ゲームを始める。まずAが、次にBがマリガンするかどうかを決める。Aは1回マリガンしてから残すことにし、
    Bは最初の手札を残す。
    結果: 2人とも初期ライフ総量の20点でゲームを始める。Bの手札は7枚。Aは引き直した7枚のうち、マリガンの回数と同じ
    1枚を選んでライブラリーの一番下に置き、手札は6枚になる。"""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    _deck(game, "A")
    _deck(game, "B")
    for player in ("A", "B"):
        game.players[player].life = 5
    answers = iter([True, False, False])  # A mulligans; then B keeps; then A keeps
    game.choices.script(ChoiceKind.MULLIGAN, lambda c: next(answers))
    game.choices.script(ChoiceKind.MULLIGAN, lambda c: next(answers))
    game.choices.script(ChoiceKind.MULLIGAN, lambda c: next(answers))
    bottom: list[object] = []

    def choose_bottom(choice: Choice) -> list[object]:
        hand = game.hand("A")
        bottom.append(hand[0].card)
        return [hand[0]]

    game.choices.script(ChoiceKind.PUT_ON_BOTTOM, choose_bottom, player="A")
    begin_game(game)
    deciders = [c.player for c, _ in game.choices.asked if c.kind is ChoiceKind.MULLIGAN]
    expect.equal(deciders, ["A", "B", "A"], "開始プレイヤーのAが先に決め、次にB、マリガンしたAがもう一度決めた")
    expect.equal((game.players["A"].life, game.players["B"].life), (20, 20), "初期ライフ総量は20点")
    expect.equal(len(game.hand("B")), 7, "最初の手札を残したBは7枚")
    expect.equal(len(game.hand("A")), 6, "1回マリガンしたAは1枚を一番下に置いて6枚")
    expect.equal([game.objects[i].card for i in game.players["A"].library[:1]], bottom,
                 "選んだ1枚がライブラリーの一番下にある")


@check("103.5c@20260116.0@e15c7c18", "100.1b@20260116.0@635e8671")
def the_first_mulligan_is_free_in_multiplayer(expect: Expect) -> None:
    """状況: 3人戦の開始前。各プレイヤーのライブラリーは9枚。
    行動: Aは2回マリガンし、Bは1回マリガンし、Cは最初の手札を残す。
    結果: 多人数戦では1回目のマリガンは数えないので、Bは7枚のまま、Aは1枚だけを一番下に置いて6枚になる。"""
    game = Game(["A", "B", "C"], library=0, step=Step.UNTAP)
    for player in ("A", "B", "C"):
        _deck(game, player)
    plan = {"A": [True, True, False], "B": [True, False], "C": [False]}
    for player, answers in plan.items():
        for answer in answers:
            game.choices.script(ChoiceKind.MULLIGAN, answer, player=player)
    game.choices.script(ChoiceKind.PUT_ON_BOTTOM, lambda c: [game.hand("A")[0]], player="A")
    begin_game(game)
    expect.equal(len(game.hand("C")), 7, "マリガンしなかったCは7枚")
    expect.equal(len(game.hand("B")), 7, "1回目のマリガンは数えないのでBは7枚")
    expect.equal(len(game.hand("A")), 6, "2回マリガンしたAは1回分の1枚だけを一番下に置いて6枚")


LEYLINE = card("Test Leyline", "{2}{W}{W}", "Enchantment", begin_on_battlefield())
"""Test: an enchantment with "If this card is in your opening hand, you may begin the game with it on the
battlefield"."""


@check("103.6a@20260116.0@dbcd59ed", "103.6@20260116.0@a4784e42")
def beginning_the_game_with_a_card_on_the_battlefield(expect: Expect) -> None:
    """状況: 2人戦の開始前。Aのライブラリーは「このカードが開始時の手札にあるなら、それが戦場に出ている状態で
    ゲームを始めてもよい」を持つテスト用エンチャントだけでできている。
    行動: ゲームを始め、2人とも最初の手札を残す。Aは1枚目のエンチャントについてその処理を行い、2枚目は行わない。
    結果: 1枚目は戦場に出た状態でゲームが始まり、2枚目はAの手札に残る。"""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    for _ in range(8):
        game.place(LEYLINE, Zone.LIBRARY, "A")
    _deck(game, "B")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="B")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    for _ in range(6):
        game.choices.script(ChoiceKind.MAY, False, player="A")
    begin_game(game)
    on_battlefield = [o for o in game.battlefield("A") if o.card is LEYLINE]
    expect.equal(len(on_battlefield), 1, "処理を行った1枚は戦場に出ている")
    expect.equal(len(game.hand("A")), 6, "残りの6枚は手札にある")


@check("103.8c@20260116.0@933d72b5", "103.8@20260116.0@0445d35f", "100.1b@20260116.0@635e8671")
def no_one_skips_the_first_draw_in_multiplayer(expect: Expect) -> None:
    """状況: 3人戦で、開始プレイヤーAの最初のターンが始まる前。
    行動: Aの最初のターンのドロー・ステップまで進める。
    結果: 多人数戦ではドロー・ステップを飛ばさないので、Aはカードを1枚引く。"""
    game = Game(["A", "B", "C"], step=Step.UNTAP)
    before = len(game.hand("A"))
    game.advance_to(Step.DRAW)
    expect.equal((game.turn, game.active), (1, "A"), "開始プレイヤーAの最初のターン")
    expect.equal(len(game.hand("A")), before + 1, "最初のドロー・ステップでAは1枚引いた")


@check("104.2a@20260116.0@e62906bc", "104.3a@20260116.0@39262118", "104.5@20260116.0@fb1736ee",
       "104.1@20260116.0@d85ba619")
def the_last_player_in_the_game_wins(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。
    行動: Bが投了し、続いてCが投了する。
    結果: 投了したBは負けてゲームを離れるが、ゲームは続く。Cも投了すると、残ったAの勝ちでゲームが終わる。"""
    game = Game(["A", "B", "C"])
    game.concede("B")
    expect.that(game.players["B"].lost and game.players["B"].left, "投了したBは負けてゲームを離れた")
    expect.that(not game.over, "AとCが残っているのでゲームは続く")
    game.concede("C")
    expect.that(game.over and game.winners == ["A"], "対戦相手がすべて離れたのでAの勝ち")


@check("104.3c@20260116.0@987551f3", "121.4@20260116.0@c8e47957")
def drawing_more_cards_than_the_library_has(expect: Expect) -> None:
    """状況: 2人戦。Bのライブラリーは2枚。
    行動: Bがカードを3枚引き、そのあとで優先権が発生する。
    結果: Bは残っている2枚を引き、次に優先権が発生したときに負ける。"""
    game = Game(["A", "B"], library=2)
    game.draw("B", 3)
    expect.equal(len(game.hand("B")), 2, "残っていた2枚を引いた")
    expect.that(not game.over, "引いた時点ではまだ負けていない")
    game.refresh_priority()
    expect.that(game.over and game.winners == ["A"], "次に優先権が発生したときにBが負けた")


def _each_player_loses_two(resolution: Resolution) -> None:
    for player in resolution.game.apnap():
        actions.lose_life(resolution.game, player, 2)


@check("104.4a@20260116.0@9d577a05", "104.3b@20260116.0@1c5b6903", "119.6@20260116.0@933609ef")
def everyone_losing_at_once_is_a_draw(expect: Expect) -> None:
    """状況: 2人戦。AとBのライフはどちらも2点。
    行動: Aが「各プレイヤーはそれぞれ2点のライフを失う」テスト用ソーサリーを唱え、解決する。
    結果: 2人のライフが同時に0点になり、状況起因処理で同時に負けるので、ゲームは引き分けになる。"""
    game = Game(["A", "B"])
    game.players["A"].life = game.players["B"].life = 2
    cast(game, "A", card("Test Drain All", "{B}", "Sorcery", spell=SpellAbility(
        "Each player loses 2 life.", _each_player_loses_two)))
    expect.that(game.players["A"].lost and game.players["B"].lost, "2人とも負けた")
    expect.that(game.over and game.winners == [], "勝者のいない引き分けでゲームが終わった")


def _lose(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, str):
        actions.lose(resolution.game, [chosen], "an effect says so")


@check("104.3e@20260116.0@d7223d21", "104.5@20260116.0@fb1736ee")
def an_effect_makes_a_player_lose(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。
    行動: Aが「プレイヤー1人を対象とする。そのプレイヤーはこのゲームに敗北する」テスト用ソーサリーでBを対象にする。
    結果: Bは負けてゲームを離れ、AとCでゲームが続く。"""
    from kb.engine import target_player

    game = Game(["A", "B", "C"])
    cast(game, "A", card("Test Doom", "{B}", "Sorcery", spell=SpellAbility(
        "Target player loses the game.", _lose, (target_player(),))), ["B"])
    expect.that(game.players["B"].lost and game.players["B"].left, "Bは負けてゲームを離れた")
    expect.that(not game.over and game.apnap() == ["A", "C"], "AとCでゲームが続く")


TEST_VANGUARD = card("Test Vanguard", None, "Vanguard", StaticAbility(
    "Creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you"),
    zones=frozenset({Zone.COMMAND})), hand_modifier=1, life_modifier=-2)
"""Test: a vanguard with hand modifier +1, life modifier -2 and "Creatures you control get +1/+1"."""


@check("103.4b@20260116.0@c93e368e", "103.5a@20260116.0@bd88e177", "211.1@20260116.0@e5fe7337",
       "212.1@20260116.0@6f2f411b", "313.6@20260116.0@ebe4b585", "313.7@20260116.0@9144564c",
       "313.2@20260116.0@62cdd71a", "313.4@20260116.0@5b34343b", "313.5@20260116.0@c65a3c8e",
       "400.4b@20260116.0@a6348d24", "402.2@20260116.0@42c59977", "313.1@20260116.0@0fc41965")
def a_vanguard_changes_the_start_and_the_game(expect: Expect) -> None:
    """状況: ヴァンガード戦の開始前。Aは手札補正子+1、ライフ補正子-2で「あなたがコントロールするクリーチャーは+1/+1の修整を
    受ける」を持つテスト用ヴァンガードを統率領域に置いている。
    行動: ゲームを始め、2人とも手札を残す。Aが《灰色熊》を戦場に出す。効果がヴァンガードを墓地に置こうとする。Aのクリン
    ナップ・ステップに、Aの手札は9枚ある。
    結果: Aの初期ライフ総量は18点、初期手札は8枚。ヴァンガードはパーマネントではなく、統率領域から離れず、その能力で熊は
    3/3になる。手札の上限は8枚になり、Aは1枚だけ捨てる。"""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    vanguard = game.place(TEST_VANGUARD, Zone.COMMAND, "A")
    _deck(game, "A", 12)
    _deck(game, "B", 12)
    for player in ("A", "B"):
        game.choices.script(ChoiceKind.MULLIGAN, False, player=player)
    begin_game(game)
    expect.equal((game.players["A"].life, game.players["B"].life), (18, 20), "Aの初期ライフ総量は20-2で18点")
    expect.equal((len(game.hand("A")), len(game.hand("B"))), (8, 7), "Aの初期手札は7+1で8枚")
    game.advance_to(Phase.PRECOMBAT_MAIN)
    bears = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert bears is not None
    expect.that(game.view(bears).pt == (3, 3) and vanguard not in game.battlefield(),
                "ヴァンガードはパーマネントではなく、その能力で熊は3/3")
    expect.that(game.move(vanguard, Zone.GRAVEYARD) is None and vanguard.zone is Zone.COMMAND,
                "ヴァンガードは統率領域を離れない")
    game.draw("A")
    game.choices.script(ChoiceKind.DISCARD, lambda c: [game.hand("A")[0]], player="A")
    game.next_turn("B")
    expect.equal(len(game.hand("A")), 8, "クリンナップ・ステップでAは手札の上限の8枚まで、1枚だけ捨てた")
