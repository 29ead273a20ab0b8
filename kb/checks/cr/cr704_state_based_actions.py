"""State-based actions (704): the CR's examples and the rules around the table of 704.5 — what
happens during a resolution doesn't matter to them, one replacement for several losses at once,
last known information from before all of them, and looking back at a loss."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_spells import gain
from kb.checks.cr.cr603_triggered_abilities import EMPTY_HANDED
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, in_hand
from kb.engine import (
    CardDrawn,
    ChoiceKind,
    Game,
    Number,
    Replacement,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    a_player_loses,
    add_types,
    archenemy,
    card,
    commander,
    condition,
    creatures,
    defines_pt,
    dies,
    dungeons,
    instructions,
    planechase,
    spell_copies,
    target_spell,
    this_object,
)
from kb.engine import gain as gain_ability
from kb.engine.replacement import LoseGame, ReplacementContext
from kb.engine.zones import move_all

_CARDS_IN_HAND = Number("the number of cards in your hand", lambda c: len(c.game.hand(c.player("you"))), frozenset())

MARO = real("マロー", card(
    "Maro", "{2}{G}{G}", "Creature — Avatar", "*", "*",
    StaticAbility("Maro's power and toughness are each equal to the number of cards in your hand.",
                  (defines_pt(_CARDS_IN_HAND, _CARDS_IN_HAND),), this_object(), cda=True)))


def _discard_then_draw_seven(resolution: Resolution) -> None:
    game = resolution.game
    instructions.discard_cards(game, resolution.controller, len(game.hand(resolution.controller)))
    game.draw(resolution.controller, 7)


TEST_REFILL = card("Test Refill", "{2}{U}", "Sorcery", spell=SpellAbility(
    "Discard your hand, then draw seven cards.", _discard_then_draw_seven))
"""Test: a sorcery: "Discard your hand, then draw seven cards"."""


@check("704.4@20260116.0@f2f6e047", "704.3@20260116.0@3533b646", "604.3@20260116.0@47c1c986",
       "704.1a@20260116.0@01d9fd36", "704.2@20260116.0@123a9d0b",
       example="704.4#1@5ff14e9d")
def state_based_actions_ignore_what_happens_during_a_resolution(expect: Expect) -> None:
    """状況: Aの《マロー》（パワーとタフネスはあなたの手札の枚数に等しい）と「あなたの手札にカードが1枚もないたび、カード1枚を
    引く」テスト用エンチャント。Aの手札は2枚。
    行動: Aが「あなたの手札を捨てる。その後、カードを7枚引く」テスト用ソーサリーを唱えて解決する。
    結果: 解決の途中でマローのタフネスは一時的に0になるが、解決し終えたときには7なので、状況起因処理で墓地に置かれない。
    一方、手札がない状態になったことで誘発する能力は誘発し、解決後にスタックに置かれる。"""
    game = Game(["A", "B"], library=20)
    maro = game.place(MARO)
    game.place(EMPTY_HANDED)
    in_hand(game, cards.GRIZZLY_BEARS)
    cast(game, "A", TEST_REFILL, resolve=False)
    expect.equal(game.view(maro).pt, (1, 1), "唱えたあと手札は1枚：マローは1/1")
    game.resolve_top()
    expect.that(game.obj(maro).zone is Zone.BATTLEFIELD and game.view(maro).pt == (7, 7),
                "解決し終えたときには7/7で、墓地に置かれていない")
    expect.equal(len(game.stack), 1, "手札が0枚になった瞬間に能力は誘発し、スタックに置かれた")


def _return_with_a_counter(resolution: Resolution) -> None:
    event = resolution.event
    game = resolution.game
    new_id = getattr(event, "new_id", None)
    if new_id is not None and new_id in game.objects and game.objects[new_id].zone is Zone.GRAVEYARD:
        game.put_onto_battlefield(game.objects[new_id], game.objects[new_id].owner, counters={"+1/+1": 1})


YOUNG_WOLF = real("若き狼", card(
    "Young Wolf", "{G}", "Creature — Wolf", 1, 1,
    TriggeredAbility("Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the "
                     "battlefield under its owner's control with a +1/+1 counter on it.)", dies(),
                     _return_with_a_counter,
                     condition=condition("it had no +1/+1 counters on it",
                                         lambda c: c.source is not None and not c.source.counters.get("+1/+1"),
                                         ("counters",)))))
"""若き狼, its undying written out as the triggered ability it is (702.93a)."""


@check("704.8@20260116.0@040d33f3", "704.5q@20260116.0@7a04b1ed", "704.5f@20260116.0@fb593c71",
       "603.10a@20260116.0@ea7c52c5", "704.1@20260116.0@8143644e", example="704.8#1@d30ed48d")
def last_known_information_comes_from_before_every_state_based_action(expect: Expect) -> None:
    """状況: Aの《若き狼》（不死）が2体。
    行動: 1体目が破壊される。戻ってきた+1/+1カウンターのある狼に、効果が-1/-1カウンターを3個置く。
    結果: 1体目は+1/+1カウンターなしで死亡したので、不死で+1/+1カウンター付きで戻る。カウンターの相殺（704.5q）と
    タフネス0以下（704.5f）は同時に行われ、最後の情報はそれより前のものなので、狼は+1/+1カウンターを持って死亡したことになり、
    不死は誘発しない。"""
    game = Game(["A", "B"])
    wolf = game.place(YOUNG_WOLF)
    game.destroy(wolf)
    game.resolve_stack()
    back = game.current(wolf)
    expect.that(back.zone is Zone.BATTLEFIELD and back.counter("+1/+1") == 1, "不死で+1/+1カウンター付きで戻った")
    game.put_counters(back, "-1/-1", 3)
    game.resolve_stack()
    expect.equal(game.current(back).zone, Zone.GRAVEYARD, "狼は死亡した")
    expect.equal(game.stack, [], "+1/+1カウンターを持って死亡したので、不死は誘発しない")


def _lichs_mirror() -> Replacement:
    def instead(context: ReplacementContext, loss: LoseGame) -> None:
        game = context.game
        player = loss.player
        owned = (game.hand(player) + game.graveyard(player)
                 + [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD and o.owner == player])
        move_all(game, owned, Zone.LIBRARY)  # the order of the shuffled library is not modelled
        game.draw(player, 7)
        game.players[player].life = 20
        game.touch()

    return Replacement("If you would lose the game, instead shuffle your hand, your graveyard, and all permanents "
                       "you own into your library, then draw seven cards and your life total becomes 20.",
                       LoseGame, lambda c, e: e.player == c.context.you, instead, pure=False)


LICHS_MIRROR = real("死者の鏡", card(
    "Lich's Mirror", "{5}", "Artifact", StaticAbility(_lichs_mirror().text, replacements=(_lichs_mirror(),))))


def _nights_whisper(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, 2)
    resolution.game.lose_life(resolution.controller, 2)


NIGHTS_WHISPER = real("夜の囁き", card("Night's Whisper", "{1}{B}", "Sorcery", spell=SpellAbility(
    "You draw two cards and you lose 2 life.", _nights_whisper)))


@check("704.7@20260116.0@336c6c42", "704.5a@20260116.0@44340245", "704.5b@20260116.0@5809d837",
       example="704.7#1@422eaee3")
def one_replacement_replaces_two_losses(expect: Expect) -> None:
    """状況: Aの《死者の鏡》（あなたがゲームに敗北するなら、代わりに手札と墓地と自分のパーマネントをライブラリーに加えて切り直し、
    カードを7枚引き、ライフは20点になる）。Aのライブラリーは1枚、ライフは1点、手札は6枚。
    行動: Aが《夜の囁き》（カードを2枚引き、2点のライフを失う）を唱える。
    結果: 状況起因処理で704.5aと704.5bの両方によって敗北するところを、鏡の1回の置換がまとめて置き換える：Aはゲームに残り、
    7枚だけ引いてライフは20点。"""
    game = Game(["A", "B"], library=1)
    game.place(LICHS_MIRROR)
    for _ in range(6):
        in_hand(game, cards.GRIZZLY_BEARS)
    game.players["A"].life = 1
    cast(game, "A", NIGHTS_WHISPER, resolve=False)
    drawn_before = len(game.events(CardDrawn))
    game.resolve_stack()
    expect.that(not game.over and not game.players["A"].lost, "Aは敗北していない")
    expect.equal(game.players["A"].life, 20, "ライフは20点になった")
    expect.equal(len(game.events(CardDrawn)) - drawn_before, 1 + 7, "夜の囁きの1枚と、鏡の1回ぶんの7枚だけを引いた")


MOURNER = card("Test Mourner", "{2}", "Creature — Spirit", 1, 1, TriggeredAbility(
    "Whenever a player loses the game, you gain 5 life.", a_player_loses(), gain(5)))
"""Test: a 1/1 with "Whenever a player loses the game, you gain 5 life"."""


@check("603.10f@20260116.0@1a20dc8d", "603.9@20260116.0@2cc702a4", "704.3@20260116.0@3533b646")
def a_loss_is_looked_back_at(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの「プレイヤーがゲームに敗北するたび、5点のライフを得る」テスト用1/1クリーチャー。
    行動: そのクリーチャーが1点のダメージを受け、Bのライフが0点になる。状況起因処理が行われる。
    結果: Bの敗北とクリーチャーの死亡は同時に起こり、敗北の誘発は直前を振り返るので、死亡したクリーチャーの能力も誘発する。"""
    game = Game(["A", "B", "C"])
    mourner = game.place(MOURNER)
    pinger = game.place(cards.GRIZZLY_BEARS, player="C")
    game.deal_damage(pinger, mourner, 1)
    game.players["B"].life = 0
    game.touch()
    game.refresh_priority()
    expect.that(game.players["B"].lost and game.current(mourner).zone is Zone.GRAVEYARD, "Bは敗北し、同時に死亡した")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 25, "振り返って誘発し、Aは5点得た")


__all__ = ["MARO"]


TEST_SIEGE = card("Test Siege", "{2}{R}", "Battle — Siege", defense=3)
"""Test: a Siege with defense 3 and no back face (so it can't be cast transformed)."""

TEST_BATTLE = card("Test Battle", "{2}", "Battle", defense=2)
"""Test: a battle with no battle type and defense 2 (its controller protects it, 310.8a)."""


@check("704.5v@20260116.0@9152037a", "310.11b@20260116.0@304fb5f1", "310.6@20260116.0@6fc566b7",
       "310.8b@20260116.0@c14d16ec", "310.11a@20260116.0@c1885724")
def a_battle_without_defense_goes_unless_its_trigger_waits(expect: Expect) -> None:
    """状況: Aのテスト用の包囲戦（防衛値3）が戦場に出て、守備者にBが選ばれる。Aのテスト用の、バトル・タイプのないバトル（防衛値2）。
    行動: Aの《丘巨人》が包囲戦を攻撃し、ブロックされずに3点を与える。次に《ショック》でもう1つのバトルに2点を与える。
    結果: ダメージは防衛カウンターを取り除く。包囲戦は最後の防衛カウンターが取り除かれたときの能力の発生源なので、それがスタックを
    離れるまで墓地に置かれず、解決して追放される。もう1つのバトルは防衛値0になって墓地に置かれる。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    siege = game.put_onto_battlefield(TEST_SIEGE, "A")
    assert siege is not None
    from kb.engine import battles

    expect.equal((battles.protector(game, siege.id), game.view(siege).defense), ("B", 3),
                 "守備者は対戦相手のB、防衛カウンターは3個")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({giant: siege})
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.that(game.view(siege).defense == 0 and len(game.stack) == 1 and game.obj(siege).zone is Zone.BATTLEFIELD,
                "防衛値0でも、誘発した能力がスタックにある間は戦場に残る")
    game.resolve_stack()
    expect.equal(game.current(siege).zone, Zone.EXILE, "能力が解決して追放された")
    other = game.put_onto_battlefield(TEST_BATTLE, "A")
    assert other is not None
    cast(game, "A", cards.SHOCK, [other])
    expect.equal(game.current(other).zone, Zone.GRAVEYARD, "防衛値0のバトルは墓地に置かれた")


@check("704.5w@20260116.0@1ce36d71", "310.10@20260116.0@191d7c71", "310.8a@20260116.0@d0c03e88")
def a_battle_gets_a_new_protector(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aのテスト用の包囲戦の守備者にCが選ばれている。
    行動: Cがゲームから投了する。
    結果: 攻撃されていないバトルに守備者がいなくなったので、Aは残る対戦相手のBを守備者に選ぶ。"""
    from kb.engine import battles

    game = Game(["A", "B", "C"])
    game.choices.script(ChoiceKind.PROTECTOR, "C", player="A")
    siege = game.put_onto_battlefield(TEST_SIEGE, "A")
    assert siege is not None
    expect.equal(battles.protector(game, siege.id), "C", "守備者はC")
    game.concede("C")
    game.refresh_priority()
    expect.equal(battles.protector(game, siege.id), "B", "Cがいなくなり、Aは守備者にBを選んだ")


@check("704.5x@20260116.0@49c02cef", "310.11a@20260116.0@c1885724")
def a_siege_never_protects_its_controller(expect: Expect) -> None:
    """状況: Aのテスト用の包囲戦の守備者はB。
    行動: Bがその包囲戦のコントロールを得る。
    結果: 包囲戦のコントローラーが守備者になったので、Bは対戦相手のAを守備者に選ぶ。"""
    from kb.engine import battles
    from kb.engine.parts import control

    game = Game(["A", "B"])
    siege = game.put_onto_battlefield(TEST_SIEGE, "A")
    assert siege is not None
    game.create_effect("B gains control", [control("B")], [siege], controller="B")
    expect.equal(game.view(siege).controller, "B", "Bがコントロールを得た")
    game.refresh_priority()
    expect.equal(battles.protector(game, siege.id), "A", "Bは対戦相手のAを守備者に選んだ")


def _gain_life(amount: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        resolution.game.gain_life(resolution.controller, amount)

    return effect


TEST_DUNGEON = dungeons.dungeon(
    "Test Dungeon",
    dungeons.room("Entrance", "You gain 1 life.", _gain_life(1), to=("Hall",)),
    dungeons.room("Hall", "You gain 2 life.", _gain_life(2), to=("Vault",)),
    dungeons.room("Vault", "You gain 3 life.", _gain_life(3)),
)
"""Test: a dungeon of three rooms in a row: gain 1 life, gain 2 life, gain 3 life."""


@check("704.5t@20260116.0@6f0bb9bf", "309.6@20260116.0@8ba43f08", "701.49a@20260116.0@7f667939",
       "701.49b@20260116.0@69118bbb", "309.7@20260116.0@f1ebac7d")
def a_dungeon_is_completed_after_its_last_room(expect: Expect) -> None:
    """状況: Aはゲームの外にテスト用のダンジョン（3つの部屋が一列：1点、2点、3点のライフを得る）を持つ。
    行動: Aがダンジョンに3回進む。最後の部屋の能力が解決する前と後の状況起因処理を見る。
    結果: 1回目でダンジョンが統率領域に置かれて一番上の部屋に、進むたびに部屋の能力が誘発する。一番下の部屋に着いても、その部屋の
    能力がスタックにある間はダンジョンは残り、解決したあとの状況起因処理でゲームから取り除かれて、Aはダンジョンを踏破する。"""
    game = Game(["A", "B"])
    for _ in range(3):
        dungeons.venture(game, "A", [TEST_DUNGEON])
        game.refresh_priority()
        if len(game.stack) == 1 and game.stack[0].text.startswith("Vault"):
            break
        game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "最初の2つの部屋で1点と2点")
    expect.that(dungeons.dungeon_of(game, "A") is not None, "最後の部屋の能力がスタックにある間、ダンジョンは残る")
    game.resolve_stack()
    expect.that(game.players["A"].life == 26 and dungeons.dungeon_of(game, "A") is None,
                "能力が解決してから、ダンジョンはゲームから取り除かれた")
    expect.equal([e.player for e in game.events(dungeons.DungeonCompleted)], ["A"], "Aはダンジョンを踏破した")


def _copy_target_spell(resolution: Resolution) -> None:

    chosen = resolution.target
    if isinstance(chosen, int):
        original = next((s for s in resolution.game.stack if s.spell == chosen), None)
        if original is not None:
            spell_copies.copy_spell(resolution.game, original, resolution.controller)


TEST_ECHO = card("Test Echo", "{U}{U}", "Instant", spell=SpellAbility(
    "Copy target spell. You may choose new targets for the copy.", _copy_target_spell, (target_spell(),)))
"""Test: an instant: "Copy target spell" (the choice of new targets is left out)."""


@check("704.5e@20260116.0@1144aa0d", "707.10@20260116.0@85fe7dea", "608.3f@20260116.0@44f537cc")
def copies_of_spells_cease_outside_the_stack(expect: Expect) -> None:
    """状況: Aが《灰色熊》を唱え、さらにBの《ショック》に対応してそれをコピーする「呪文1つを対象とし、それをコピーする」
    テスト用インスタントを唱える。
    行動: コピーしたショックと元のショックが解決し、次に熊の呪文をコピーして解決する。
    結果: ショックのコピーは唱えられたものではないが同じ対象に2点を与え、解決して墓地に置かれると、状況起因処理で消滅する。熊の
    呪文のコピーは解決して戦場に出るときにトークンになり、もう呪文のコピーではないので戦場に残る。"""
    game = Game(["A", "B"])
    game.pass_priority_to("B")
    shock = cast(game, "B", cards.SHOCK, ["A"], resolve=False)
    cast(game, "A", TEST_ECHO, [shock], resolve=False)
    game.resolve_top()
    expect.that(len(game.stack) == 2 and game.stack[-1].spell != shock, "ショックのコピーがスタックに置かれた")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 16, "コピーも元のショックも2点を与えた")
    expect.that(not any(spell_copies.is_copy(o) for o in game.objects.values()), "墓地に置かれたコピーは消滅した")
    expect.equal(len(game.graveyard("B")), 1, "Bの墓地には元のショックだけ")
    bears = cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    cast(game, "A", TEST_ECHO, [bears])
    tokens = [o for o in game.battlefield("A") if o.is_token]
    expect.that(len(tokens) == 1 and game.view(tokens[0]).name == "Grizzly Bears" and not spell_copies.is_copy(tokens[0]),
                "熊の呪文のコピーはトークンとして戦場に出て残った")


CONCORDANT_CROSSROADS = real("調和の中心", card(
    "Concordant Crossroads", "{G}", "World Enchantment",
    StaticAbility("All creatures have haste.", (gain_ability("haste"),), creatures())))


@check("704.5k@20260116.0@e748dbc6", "205.4a@20260116.0@c8d7dbe4")
def the_world_rule_counts_from_when_it_became_a_world(expect: Expect) -> None:
    """状況: Aの《栄光の頌歌》が戦場に出て、そのあと《調和の中心》（ワールド・エンチャント）が出る。
    行動: 効果が頌歌をワールドにする。
    結果: 頌歌は調和の中心より前から戦場にあるが、ワールドの特殊タイプを持ってからの時間が最も短いのは頌歌なので、調和の中心が
    墓地に置かれる。"""
    game = Game(["A", "B"])
    anthem = game.put_onto_battlefield(cards.GLORIOUS_ANTHEM, "A")
    crossroads = game.put_onto_battlefield(CONCORDANT_CROSSROADS, "A")
    assert anthem is not None and crossroads is not None
    game.refresh_priority()
    expect.that(game.obj(crossroads).zone is Zone.BATTLEFIELD, "ワールドが1つのうちは何も起きない")
    game.create_effect("becomes a world permanent", [add_types(supertypes=("World",))], [anthem])
    game.refresh_priority()
    expect.that(game.current(crossroads).zone is Zone.GRAVEYARD and game.obj(anthem).zone is Zone.BATTLEFIELD,
                "ワールドになったばかりの頌歌が残り、調和の中心が墓地へ")


def _command_ability(text: str, trigger: object, amount: int) -> TriggeredAbility:
    return TriggeredAbility(text, trigger, _gain_life(amount), zones=frozenset({Zone.COMMAND}))  # type: ignore[arg-type]


TEST_PLANE = card("Test Plane", None, "Plane — Dominaria", _command_ability(
    "When you planeswalk away from Test Plane, you gain 4 life.", planechase.planeswalk_away(), 4))
"""Test: a plane with "When you planeswalk away from this plane, you gain 4 life"."""

TEST_PHENOMENON = card("Test Phenomenon", None, "Phenomenon", _command_ability(
    "When you encounter Test Phenomenon, you gain 2 life.", planechase.planeswalk_to(), 2))
"""Test: a phenomenon with "When you encounter this phenomenon, you gain 2 life"."""

TEST_SECOND_PLANE = card("Test Second Plane", None, "Plane — Zendikar")
"""Test: a plane with no abilities."""


@check("603.10g@20260116.0@863cddc2", "704.6f@20260116.0@7dd4463d", "701.31b@20260116.0@e5af2485",
       "312.5@20260116.0@f9bdb3e9")
def planeswalking_away_and_moving_on_from_a_phenomenon(expect: Expect) -> None:
    """状況: プレインチェイス戦。Aの次元デッキは上から、テスト用次元（これからプレインズウォークして離れたとき、4点のライフを得る）、
    テスト用現象（これに遭遇したとき、2点のライフを得る）、もう1つのテスト用次元。最初の次元が表向きになっている。
    行動: Aがプレインズウォークする。現象の能力が解決したあとの状況起因処理を見る。
    結果: 離れた次元は裏向きになって能力を失うが、プレインズウォークして離れたときの誘発は直前を振り返るので誘発し、現象との遭遇も
    誘発する。現象の能力がスタックを離れると、状況起因処理でAはもう一度プレインズウォークし、2つ目の次元が表向きになる。"""
    game = Game(["A", "B"])
    planechase.start(game, {"A": [TEST_PLANE, TEST_PHENOMENON, TEST_SECOND_PLANE]})
    expect.equal([game.view(o).name for o in planechase.face_up(game)], ["Test Plane"], "最初の次元が表向き")
    planechase.planeswalk(game)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "離れた次元の能力と、現象との遭遇の能力が誘発した")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 26, "4点と2点を得た")
    expect.equal([game.view(o).name for o in planechase.face_up(game)], ["Test Second Plane"],
                 "現象の能力がスタックを離れ、状況起因処理で2つ目の次元へプレインズウォークした")


TEST_SCHEME = card("Test Scheme", None, "Scheme", _command_ability(
    "When you set this scheme in motion, you gain 3 life.", archenemy.set_in_motion_trigger(), 3))
"""Test: a scheme with "When you set this scheme in motion, you gain 3 life"."""

TEST_ONGOING_SCHEME = card("Test Ongoing Scheme", None, "Ongoing Scheme")
"""Test: an ongoing scheme with no abilities."""


@check("704.6e@20260116.0@44d18c01", "701.32a@20260116.0@7527e695", "314.4@20260116.0@ae8755ca")
def a_scheme_goes_back_under_its_deck(expect: Expect) -> None:
    """状況: アーチエネミー戦。Aの計略デッキは上から、テスト用計略（これを実行に移したとき、3点のライフを得る）、継続的なテスト用計略。
    行動: Aが計略を実行に移し、能力が解決する。次にもう1枚を実行に移す。
    結果: 能力がスタックにある間は計略は表向きのまま。解決したあと、継続的でない計略は裏向きになってデッキの一番下に置かれる。
    継続的な計略は表向きのまま残る。"""
    game = Game(["A", "B"])
    archenemy.start(game, "A", [TEST_SCHEME, TEST_ONGOING_SCHEME])
    scheme = archenemy.set_in_motion(game, "A")
    assert scheme is not None
    game.refresh_priority()
    expect.that(len(game.stack) == 1 and scheme.face_down is None, "能力がスタックにある間は表向き")
    game.resolve_stack()
    expect.that(game.players["A"].life == 23 and scheme.face_down is not None
                and archenemy.scheme_deck(game, "A")[-1] is scheme, "解決したあと、裏向きでデッキの一番下に置かれた")
    ongoing = archenemy.set_in_motion(game, "A")
    assert ongoing is not None
    game.refresh_priority()
    expect.that(ongoing.face_down is None, "継続的な計略は表向きのまま")


TEST_COMMANDER = card("Test Commander", "{4}{G}{G}", "Legendary Creature — Giant", 11, 11)
"""Test: a legendary 11/11, designated as A's commander."""


@check("704.6c@20260116.0@a9d16cee", "903.10a@20260116.0@edc30c4e", "903.3@20260116.0@34d20cf6",
       "704.6@20260116.0@11850456")
def twenty_one_combat_damage_from_one_commander(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者はテスト用の11/11の伝説のクリーチャー。Bのライフは100点。
    行動: 統率者がBを攻撃して11点を与え、オーナーの手札に戻ってから再び戦場に出て、次のAのターンにもう一度攻撃して11点を与える。
    結果: 領域を移動しても同じ統率者なので、その戦闘ダメージは合わせて22点になり、Bはライフが78点あってもゲームに敗北する。"""
    game = Game(["A", "B"])
    leader = game.place(TEST_COMMANDER)
    commander.designate(game, leader)
    game.players["B"].life = 100
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([leader])
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(game.players["B"].life == 89 and not game.over, "11点ではまだ敗北しない")
    game.choices.script(ChoiceKind.MAY, False, player="A")  # not into the command zone instead (903.9b)
    game.move(leader, Zone.HAND)
    again = game.put_onto_battlefield(game.current(leader), "A")
    assert again is not None
    game.next_turn("B")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([again])
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(game.over and game.players["B"].lost and game.players["B"].life == 78,
                "同じ統率者からの戦闘ダメージが22点になり、Bは敗北した")


@check("704.6d@20260116.0@39efd7a4", "903.9a@20260116.0@bf755fa8")
def a_commander_may_go_to_the_command_zone(expect: Expect) -> None:
    """状況: 統率者戦。Aの統率者（テスト用の伝説のクリーチャー）2体がそれぞれ別のゲームで戦場にある。
    行動: 統率者が破壊される。1つ目のゲームではAは統率領域に置くことを選び、2つ目のゲームでは選ばない。
    結果: 状況起因処理でAは統率者を統率領域に置くかどうかを選べる。置かなければ墓地に残り、次の状況起因処理では選ぶ機会はない。"""
    for choice, zone in ((True, Zone.COMMAND), (False, Zone.GRAVEYARD)):
        game = Game(["A", "B"])
        leader = game.place(TEST_COMMANDER)
        commander.designate(game, leader)
        game.destroy(leader)
        game.choices.script(ChoiceKind.MAY, choice, player="A")
        game.refresh_priority()
        expect.equal(game.current(leader).zone, zone, f"Aが{'置く' if choice else '置かない'}ことを選んだ")
        game.refresh_priority()
        expect.equal(game.current(leader).zone, zone, "次の状況起因処理では何も起こらない")
