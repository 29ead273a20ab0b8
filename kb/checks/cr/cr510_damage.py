"""The combat damage step (510): assigning combat damage among several blockers or blocked
creatures, the assignment checked as a whole, dealing it at once, triggers, and the first and second
combat damage steps as first strike and double strike come and go."""

from __future__ import annotations

from kb.checks import cards, cards_turn
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    CanBlockAdditional,
    ChoiceKind,
    Game,
    GameObject,
    ScenarioError,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    card,
    creatures,
    deals_damage,
    dies,
    gain,
    lose,
    this_object,
)
from kb.engine.events import DamageDealt, PriorityGiven

gain_life = cards._gain_life


def fight(game: Game, attackers: list[GameObject], blocks: dict[GameObject, object]) -> None:
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(attackers)
    if blocks:
        game.advance_to(Step.DECLARE_BLOCKERS)
        game.declare_blockers(blocks)  # type: ignore[arg-type]


SPLITS = (("4点すべてを狩人に", 0, 4, (True, False)), ("落とし子に1点、狩人に3点", 1, 3, (True, False)),
          ("2点ずつ", 2, 2, (True, False)), ("落とし子に3点、狩人に1点", 3, 1, (True, True)),
          ("4点すべてを落とし子に", 4, 0, (False, True)))


@check("510.1c@20260116.0@902977d8", example="510.1c#1@c1f2a6f9")
def a_blocked_creature_divides_its_damage_as_its_controller_chooses(expect: Expect) -> None:
    """状況: Aの《エルフの再生家》（4/3）が攻撃し、Bの《吸血鬼の落とし子》（2/3）と《お手伝いする狩人》（1/1）にブロックされた。
    行動: Aが5通りの割り振り（狩人に4点、落とし子1点と狩人3点、2点ずつ、落とし子3点と狩人1点、落とし子に4点）をそれぞれ選ぶ。
    また合計が3点の割り振りも選ぼうとする。
    結果: 5通りはどれも適正で、割り振りどおりにダメージを受ける（狩人は1点以上で、落とし子は3点以上で死亡する）。パワーと
    合計が違う割り振りは選べない。"""
    for words, to_spawn, to_hunter, dead in SPLITS:
        game = Game(["A", "B"])
        regrower = game.place(cards_turn.ELVISH_REGROWER)
        spawn = game.place(cards_turn.VAMPIRE_SPAWN, player="B")
        hunter = game.place(cards_turn.HELPFUL_HUNTER, player="B")
        fight(game, [regrower], {spawn: regrower, hunter: regrower})
        game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {spawn: to_spawn, hunter: to_hunter}, player="A")
        game.advance_to(Step.END_OF_COMBAT)
        expect.equal((hunter.id not in game.objects, spawn.id not in game.objects), dead, f"{words}割り振れる")
    game = Game(["A", "B"])
    regrower = game.place(cards_turn.ELVISH_REGROWER)
    spawn = game.place(cards_turn.VAMPIRE_SPAWN, player="B")
    hunter = game.place(cards_turn.HELPFUL_HUNTER, player="B")
    fight(game, [regrower], {spawn: regrower, hunter: regrower})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {spawn: 2, hunter: 1}, player="A")
    try:
        game.advance_to(Step.END_OF_COMBAT)
        refused = False
    except ScenarioError as refusal:  # the scripted answer is not one the rules allow
        refused = "can't answer" in str(refusal)
    expect.that(refused and not spawn.damage and not hunter.damage, "パワーに等しくない割り振りは選べず、ダメージは与えられない")


@check("510.1@20260116.0@4cc6b10d", "510.1d@20260116.0@5981f143", "510.2@20260116.0@74dbde6b",
       "509.1a@20260116.0@c9d3bd91")
def attackers_assign_first_then_blockers_and_all_is_dealt_at_once(expect: Expect) -> None:
    """状況: Aの《大喰らいのワーム》（6/4）がBの《灰色熊》2体に、Aの《灰色熊》2体がBの《宮殿の護衛》（1/4、好きな数のクリーチャーを
    ブロックできる）にブロックされた。
    行動: 戦闘ダメージ・ステップ。Aはワームのダメージを熊に3点ずつ、Bは護衛の1点を1体目の熊に割り振る。
    結果: まずアクティブ・プレイヤーのAが攻撃クリーチャーの割り振りを、次にBがブロック・クリーチャーの割り振りを決める。
    2体をブロックした護衛はそのダメージを2体に割り振れる。すべてのダメージは同時に与えられ、Bの熊2体と護衛は死亡する。"""
    game = Game(["A", "B"])
    wurm = game.place(cards.CRAW_WURM)
    mine = [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]
    theirs = [game.place(cards.GRIZZLY_BEARS, player="B") for _ in range(2)]
    guard = game.place(cards_turn.PALACE_GUARD, player="B")
    fight(game, [wurm, *mine], {theirs[0]: wurm, theirs[1]: wurm, guard: mine})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {theirs[0]: 3, theirs[1]: 3}, player="A")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {mine[0]: 1, mine[1]: 0}, player="B")
    start = len(game.log)
    game.advance_to(Step.END_OF_COMBAT)
    asked = [choice.player for choice, _ in game.choices.asked if choice.kind is ChoiceKind.DAMAGE_ASSIGNMENT]
    expect.equal(asked, ["A", "B"], "Aが攻撃クリーチャーの割り振りを先に、Bがブロック・クリーチャーの割り振りを後に決めた")
    dealt = [i for i, e in enumerate(game.log[start:]) if isinstance(e, DamageDealt)]
    expect.that(len(dealt) == 7 and dealt == list(range(dealt[0], dealt[0] + 7)),
                "7つのダメージは続けてひとつの処理で同時に与えられた")
    expect.equal((mine[0].damage, mine[1].damage), (1, 0), "護衛の1点は割り振りどおり1体目の熊に")
    expect.that(all(o.id not in game.objects for o in [*theirs, guard]), "Bの熊2体と護衛は死亡した")


ROAMING_WARDEN = card("Test Double Guard", "{1}{W}", "Creature — Human Soldier", 2, 2,
                      StaticAbility("This creature can block an additional creature each combat.",
                                    rules=(CanBlockAdditional(this_object()),)))
"""Stands for a 2/2 that can block an additional creature each combat (702.19b's example)."""
TRAMPLER = card("Test Trampler", "{2}{G}", "Creature — Beast", 3, 3, "trample")
SQUIRE = card("Test Squire", "{W}", "Creature — Human", 1, 1)


@check("510.1e@20260116.0@3e44f3a2", "702.19b@20260116.0@8e607fbd", example="702.19b#1@bee7e10a")
def the_assignment_is_checked_as_a_whole(expect: Expect) -> None:
    """状況: Aの能力を持たない1/1のテスト用クリーチャーと、トランプルを持つ3/3のテスト用クリーチャーが攻撃し、Bの「追加で1体
    ブロックできる」2/2のテスト用クリーチャーが両方をブロックした。
    行動: Aが、トランプルを持つ方の3点をブロック・クリーチャーに1点、Bに2点と割り振る。別のゲームでは、ブロック・クリーチャーに
    0点、Bに3点と割り振ろうとする。
    結果: 1/1からの1点と合わせてブロック・クリーチャーには致死ダメージが割り振られているので、Bに2点を割り振れる。0点では
    致死ダメージにならないので、割り振り全体が不適正で、割り振りの前に戻り、ダメージは与えられない。"""
    game = Game(["A", "B"])
    squire = game.place(SQUIRE)
    trampler = game.place(TRAMPLER)
    warden = game.place(ROAMING_WARDEN, player="B")
    fight(game, [trampler, squire], {warden: [squire, trampler]})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {warden: 1, "B": 2}, player="A")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {squire: 2, trampler: 0}, player="B")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((game.players["B"].life, warden.id in game.objects), (18, False),
                 "1/1の1点と合わせて致死ダメージなので、Bに2点を割り振れた")
    game = Game(["A", "B"])
    squire = game.place(SQUIRE)
    trampler = game.place(TRAMPLER)
    warden = game.place(ROAMING_WARDEN, player="B")
    fight(game, [trampler, squire], {warden: [squire, trampler]})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {warden: 0, "B": 3}, player="A")
    expect.refused(lambda: game.advance_to(Step.END_OF_COMBAT), "致死ダメージに足りない割り振りは全体として不適正")
    expect.equal((game.players["B"].life, warden.damage), (20, 0), "割り振りの前に戻り、ダメージは与えられていない")


@check("510.3@20260116.0@f0873b8e", "510.3a@20260116.0@e2f9aaec")
def damage_triggers_go_on_the_stack_before_priority(expect: Expect) -> None:
    """状況: Aは「このクリーチャーがプレイヤーに戦闘ダメージを与えるたび1点」のライフを得る能力を持つテスト用クリーチャーと
    《灰色熊》、「クリーチャーが1体死亡するたび10点」のライフを得るテスト用エンチャントをコントロールしている。
    行動: 両方で攻撃し、熊はBの《丘巨人》にブロックされる。
    結果: ダメージで誘発した能力と、そのあとの状況起因処理（熊の死亡）で誘発した能力が、Aが優先権を得る前にスタックに積まれる。"""
    game = Game(["A", "B"])
    game.place(card("Test Death Watcher", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature dies, you gain 10 life.", dies(creatures()), gain_life(10))))
    raider = game.place(card("Test Raider", "{1}{B}", "Creature — Human Rogue", 2, 1, TriggeredAbility(
        "Whenever this creature deals combat damage to a player, you gain 1 life.",
        deals_damage(combat_only=True, to_player=True), gain_life(1))))
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT, player="B")
    fight(game, [raider, bears], {giant: bears})
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.equal((game.step, game.priority, len(game.stack)), (Step.COMBAT_DAMAGE, "A", 2),
                 "2つの能力がスタックに積まれてから、Aが優先権を得た")
    expect.that(isinstance(game.log[-1], PriorityGiven), "優先権はそのあとで与えられた")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 31, "両方の能力が解決した")


@check("510.4@20260116.0@4ac110e9", "702.7c@20260116.0@4c6a5263")
def first_strike_gained_or_lost_between_the_two_steps(expect: Expect) -> None:
    """状況: Aの《若年の騎士》（2/1、先制攻撃）と《丘巨人》（3/3）がBを攻撃し、ブロックされない。
    行動: 第1戦闘ダメージ・ステップのあとで、丘巨人がターン終了時まで先制攻撃を得て、騎士は先制攻撃を失う。
    結果: 第1ステップでは騎士だけが2点与える。第1ステップの開始時に先制攻撃を持っていなかった丘巨人は、あとで先制攻撃を得ても
    第2ステップに3点与える。先制攻撃を失った騎士は第2ステップにはダメージを与えない。Bは5点失う。"""
    game = Game(["A", "B"])
    knight = game.place(cards.YOUTHFUL_KNIGHT)
    giant = game.place(cards.HILL_GIANT)
    fight(game, [knight, giant], {})
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.equal(game.players["B"].life, 18, "第1ステップでは先制攻撃を持つ騎士だけが与えた")
    game.create_effect("gains first strike", [gain("first strike")], [giant], UntilEndOfTurn())
    game.create_effect("loses first strike", [lose("first strike")], [knight], UntilEndOfTurn())
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 15, "丘巨人は第2ステップに与え、騎士は与えなかった")


@check("510.4@20260116.0@4ac110e9", "702.4c@20260116.0@571f654c", "702.4d@20260116.0@c3896301")
def double_strike_gained_or_lost_between_the_two_steps(expect: Expect) -> None:
    """状況: Aの《若年の騎士》（2/1、先制攻撃）と《ボロスの速太刀》（1/2、二段攻撃）がBを攻撃し、ブロックされない。
    行動: 第1戦闘ダメージ・ステップのあとで、騎士がターン終了時まで二段攻撃を得て、速太刀は二段攻撃を失う。
    結果: 第1ステップで両方が与え、第2ステップには二段攻撃を得た騎士がもう一度与え、二段攻撃を失った速太刀は与えない。
    Bは5点失う。"""
    game = Game(["A", "B"])
    knight = game.place(cards.YOUTHFUL_KNIGHT)
    blade = game.place(cards.BOROS_SWIFTBLADE)
    fight(game, [knight, blade], {})
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.equal(game.players["B"].life, 17, "第1ステップで両方が与えた")
    game.create_effect("gains double strike", [gain("double strike")], [knight], UntilEndOfTurn())
    game.create_effect("loses double strike", [lose("double strike")], [blade], UntilEndOfTurn())
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 15, "第2ステップには二段攻撃を得た騎士だけがもう一度与えた")
