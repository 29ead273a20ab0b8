"""Combat (506-511) and the keyword abilities that change it: evasion, first and double strike,
trample, deathtouch, lifelink, vigilance, defender, haste."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    FOREST,
    ChoiceKind,
    Game,
    GameObject,
    Step,
    TriggeredAbility,
    attacks,
    can_attack,
    card,
    creatures,
    is_attacking,
    is_blocking,
)
from kb.engine.cards import Card

gain = cards._gain_life


def attack_with(game: Game, *attackers: GameObject) -> None:
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(list(attackers))


def block_with(game: Game, blocks: dict[GameObject, GameObject]) -> None:
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers(blocks)  # type: ignore[arg-type]


def fight(attacker: Card, blocker: Card | None = None) -> tuple[Game, GameObject, GameObject | None]:
    """A's ``attacker`` attacks B; B's ``blocker`` (if any) blocks it; the combat ends."""
    game = Game(["A", "B"])
    a = game.place(attacker)
    b = game.place(blocker, player="B") if blocker is not None else None
    attack_with(game, a)
    if b is not None:
        block_with(game, {b: a})
    game.advance_to(Step.END_OF_COMBAT)
    return game, a, b


@check("508.1a@20260116.0@c2dfa918", "302.6@20260116.0@ed6b1576", "702.10b@20260116.0@2b38fda4")
def summoning_sickness_and_haste(expect: Expect) -> None:
    """状況: Aのこのターン戦場に出た《灰色熊》と《怒り狂うゴブリン》（速攻）、前からいる《丘巨人》。
    行動: 攻撃クリーチャーを指定しようとする。
    結果: 熊は自分のターンの開始時からコントロールしていないので攻撃できない。速攻を持つゴブリンと丘巨人は攻撃できる。"""
    game = Game(["A", "B"])
    bears = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    goblin = game.put_onto_battlefield(cards.RAGING_GOBLIN, "A")
    giant = game.place(cards.HILL_GIANT)
    assert bears is not None and goblin is not None
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([bears]), "このターン出た熊は攻撃できない")
    game.declare_attackers([goblin, giant])
    expect.that(is_attacking(game, goblin) and is_attacking(game, giant), "速攻のゴブリンと丘巨人は攻撃できる")


@check("702.3b@20260116.0@50aaf3ac")
def defender_cannot_attack(expect: Expect) -> None:
    """状況: Aの防衛を持つテスト用クリーチャー（0/4）と《灰色熊》。
    行動: 攻撃クリーチャーを指定する。
    結果: 防衛を持つクリーチャーは攻撃できない。熊はできる。"""
    game = Game(["A", "B"])
    wall = game.place(card("Test Wall", "{1}", "Creature — Wall", 0, 4, "defender"))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.that(not can_attack(game, wall) and can_attack(game, bears), "防衛を持つ方だけ攻撃できない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([wall]), "防衛を持つクリーチャーを攻撃に指定できない")


@check("508.1f@20260116.0@460aa117", "702.20b@20260116.0@2e556292")
def attackers_tap_unless_vigilant(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《セラの天使》（警戒）。
    行動: 両方で攻撃する。
    結果: 攻撃クリーチャーはタップされるが、警戒を持つ天使はタップされない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    angel = game.place(cards.SERRA_ANGEL)
    attack_with(game, bears, angel)
    expect.that(bears.tapped, "熊はタップされた")
    expect.that(not angel.tapped, "警戒を持つ天使はタップされない")


@check("702.9b@20260116.0@0ac06a03", "702.17b@20260116.0@00295023", "509.1b@20260116.0@e1f52e74")
def flying_is_blocked_only_by_flying_or_reach(expect: Expect) -> None:
    """状況: Aの《風のドレイク》（飛行）が攻撃している。Bは《灰色熊》と《大蜘蛛》（到達）を持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 熊ではブロックできない。到達を持つ大蜘蛛はブロックできる。"""
    game = Game(["A", "B"])
    drake = game.place(cards.WIND_DRAKE)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    spider = game.place(cards.GIANT_SPIDER, player="B")
    attack_with(game, drake)
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({bears: drake}), "飛行を持たない熊はブロックできない")
    game.declare_blockers({spider: drake})
    expect.that(is_blocking(game, spider), "到達を持つ大蜘蛛はブロックできる")


@check("702.111b@20260116.0@4cfce8de")
def menace_needs_two_blockers(expect: Expect) -> None:
    """状況: Aの《ボガートの粗暴者》（威迫）が攻撃している。Bは《灰色熊》2体を持つ。
    行動: Bが1体でブロックしようとし、次に2体でブロックする。
    結果: 威迫を持つクリーチャーは2体以上でなければブロックできない。"""
    game = Game(["A", "B"])
    brute = game.place(cards.BOGGART_BRUTE)
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, brute)
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({first: brute}), "1体ではブロックできない")
    game.declare_blockers({first: brute, second: brute})
    expect.that(is_blocking(game, first) and is_blocking(game, second), "2体ならブロックできる")


def _evasion(expect: Expect, attacker: Card, refused: Card, allowed: Card, what: str) -> None:
    game = Game(["A", "B"])
    a = game.place(attacker)
    no = game.place(refused, player="B")
    yes = game.place(allowed, player="B")
    attack_with(game, a)
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({no: a}), f"{what}: ブロックできない")
    game.declare_blockers({yes: a})
    expect.that(is_blocking(game, yes), f"{what}: ブロックできる")


@check("702.13b@20260116.0@8a6b10eb")
def intimidate(expect: Expect) -> None:
    """状況: Aの赤の威嚇を持つテスト用クリーチャーが攻撃している。Bは緑の《灰色熊》と《羽ばたき飛行機械》（アーティファクト）を持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 色を共有しない熊はブロックできない。アーティファクト・クリーチャーはブロックできる。"""
    _evasion(expect, card("Test Intimidator", "{1}{R}", "Creature — Goblin", 2, 2, "intimidate"),
             cards.GRIZZLY_BEARS, cards.ORNITHOPTER, "威嚇")


@check("702.36b@20260116.0@63fb26b5")
def fear(expect: Expect) -> None:
    """状況: Aの畏怖を持つテスト用クリーチャーが攻撃している。Bは緑の《灰色熊》と黒の《チフス鼠》を持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 黒でもアーティファクトでもない熊はブロックできない。黒の鼠はブロックできる。"""
    _evasion(expect, card("Test Frightener", "{1}{B}", "Creature — Horror", 2, 2, "fear"),
             cards.GRIZZLY_BEARS, cards.TYPHOID_RATS, "畏怖")


@check("702.28b@20260116.0@11906b31")
def shadow(expect: Expect) -> None:
    """状況: Aの影を持つテスト用クリーチャーが攻撃している。Bは《灰色熊》と影を持つテスト用クリーチャーを持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 影を持たない熊はブロックできない。影を持つクリーチャーはブロックできる。"""
    _evasion(expect, card("Test Shade", "{1}{B}", "Creature — Spirit", 2, 2, "shadow"),
             cards.GRIZZLY_BEARS, card("Test Other Shade", "{1}{B}", "Creature — Spirit", 1, 1, "shadow"), "影")


@check("702.118b@20260116.0@c8af586f")
def skulk(expect: Expect) -> None:
    """状況: Aのパワー2の忍び寄りを持つテスト用クリーチャーが攻撃している。Bは《丘巨人》（パワー3）と《灰色熊》（パワー2）を持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: パワーの大きい丘巨人はブロックできない。パワーが同じ熊はブロックできる。"""
    _evasion(expect, card("Test Skulker", "{1}{B}", "Creature — Rat", 2, 2, "skulk"),
             cards.HILL_GIANT, cards.GRIZZLY_BEARS, "忍び寄り")


@check("702.14c@20260116.0@26b99bfd")
def landwalk(expect: Expect) -> None:
    """状況: Aの森渡りを持つテスト用クリーチャーが攻撃している。Bは《森》と《灰色熊》を持つ。
    行動: Bが熊でブロックしようとする。森がなくなってからもう一度攻撃する。
    結果: 防御プレイヤーが森をコントロールしている間はブロックできない。森がなければブロックできる。"""
    game = Game(["A", "B"])
    walker = game.place(card("Test Forest Walker", "{1}{G}", "Creature — Elf", 2, 2, "forestwalk"))
    forest = game.place(FOREST, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, walker)
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({bears: walker}), "森をコントロールしているとブロックできない")
    game.declare_blockers({})
    game.destroy(forest)
    game.next_turn("A")
    attack_with(game, walker)
    block_with(game, {bears: walker})
    expect.that(is_blocking(game, bears), "森がなければブロックできる")


@check("510.1a@20260116.0@c73cff8f", "510.1b@20260116.0@20f11ef2", "510.2@20260116.0@74dbde6b")
def unblocked_and_blocked_damage(expect: Expect) -> None:
    """状況: Aの《丘巨人》と《灰色熊》が攻撃し、Bは熊を《柱平原の雄牛》（2/4）でブロックする。
    行動: 戦闘ダメージ・ステップ。
    結果: ブロックされなかった丘巨人はBに3点、熊と雄牛は互いに2点ずつ与え、同時に与えられる。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    bears = game.place(cards.GRIZZLY_BEARS)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    attack_with(game, giant, bears)
    block_with(game, {ox: bears})
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 17, "ブロックされなかった丘巨人が3点")
    expect.that(bears.id not in game.objects, "熊は雄牛から2点受けて死亡")
    expect.equal(ox.damage, 2, "雄牛は熊から2点受けた")


@check("510.1c@20260116.0@902977d8", "509.1h@20260116.0@18ffc839")
def blocked_creature_divides_its_damage(expect: Expect) -> None:
    """状況: Aの《大喰らいのワーム》（6/4）が攻撃し、Bは《灰色熊》2体でブロックする。
    行動: Aがダメージの割り振りを選ぶ（1体目に4点、2体目に2点）。選ばなければエンジンは推測しない。
    結果: 割り振りどおりに与えられ、熊は2体とも死亡し、Bにはダメージは与えられない。"""
    game = Game(["A", "B"])
    wurm = game.place(cards.CRAW_WURM)
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, wurm)
    block_with(game, {first: wurm, second: wurm})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {first: 4, second: 2}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(first.id not in game.objects and second.id not in game.objects, "2体とも死亡した")
    expect.equal(game.players["B"].life, 20, "トランプルがないのでBには与えられない")


@check("509.1h@20260116.0@18ffc839", "510.1c@20260116.0@902977d8")
def a_blocked_creature_stays_blocked(expect: Expect) -> None:
    """状況: Aの《丘巨人》が攻撃し、Bの《灰色熊》がブロックした。
    行動: 戦闘ダメージの前に熊が破壊される。
    結果: 丘巨人はブロックされたままで、ブロックしているクリーチャーがいないのでダメージを与えない。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, giant)
    block_with(game, {bears: giant})
    game.destroy(bears)
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 20, "ブロックされた丘巨人はBにダメージを与えない")


@check("510.4@20260116.0@4ac110e9", "702.7b@20260116.0@8d5e3b94")
def first_strike_deals_damage_first(expect: Expect) -> None:
    """状況: Aの《若年の騎士》（2/1、先制攻撃）が攻撃し、Bの《灰色熊》がブロックする。
    行動: 戦闘ダメージ・ステップ。
    結果: 先制攻撃の戦闘ダメージ・ステップで騎士が熊を倒し、2つ目のステップで熊はもう戦場にいないので騎士は生き残る。"""
    game, knight, bears = fight(cards.YOUTHFUL_KNIGHT, cards.GRIZZLY_BEARS)
    assert bears is not None
    expect.that(bears.id not in game.objects, "熊は先に死亡した")
    expect.that(knight.id in game.objects and knight.damage == 0, "騎士はダメージを受けずに生き残った")


@check("702.4b@20260116.0@c98f2eeb", "510.4@20260116.0@4ac110e9")
def double_strike_deals_damage_twice(expect: Expect) -> None:
    """状況: Aの《ボロスの速太刀》（1/2、二段攻撃）が攻撃し、ブロックされない。
    行動: 戦闘ダメージ・ステップが2回ある。
    結果: 先制攻撃のステップと通常のステップの両方でダメージを与え、Bは2点失う。"""
    game, _, _ = fight(cards.BOROS_SWIFTBLADE)
    expect.equal(game.players["B"].life, 18, "1点ずつ2回与えた")


@check("702.19b@20260116.0@8e607fbd", "702.19d@20260116.0@3cb17de8")
def trample_assigns_the_excess(expect: Expect) -> None:
    """状況: Aのトランプルを持つ6/6のテスト用クリーチャーが攻撃し、Bの《灰色熊》がブロックする。
    行動: Aが、熊に致死ダメージを割り振り残りをBに割り振る。
    結果: 熊に2点、Bに4点。熊に致死ダメージを割り振る前にBには割り振れない。"""
    game = Game(["A", "B"])
    wurm = game.place(card("Test Trampler", "{4}{G}", "Creature — Wurm", 6, 6, "trample"))
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, wurm)
    block_with(game, {bears: wurm})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {bears: 1, "B": 5}, player="A")
    expect.refused(lambda: game.advance_to(Step.END_OF_COMBAT), "熊に致死ダメージを割り振る前にBには割り振れない")
    game = Game(["A", "B"])
    wurm = game.place(card("Test Trampler", "{4}{G}", "Creature — Wurm", 6, 6, "trample"))
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, wurm)
    block_with(game, {bears: wurm})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, "lethal", player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(bears.id not in game.objects, "熊に致死ダメージ2点")
    expect.equal(game.players["B"].life, 16, "残りの4点がBに")


@check("702.2c@20260116.0@7c59584f", "702.19b@20260116.0@8e607fbd")
def deathtouch_makes_one_damage_lethal_for_trample(expect: Expect) -> None:
    """状況: Aの接死とトランプルを持つ3/3のテスト用クリーチャーが攻撃し、Bの《柱平原の雄牛》（2/4）がブロックする。
    行動: Aが致死ダメージを割り振り、残りをBに割り振る。
    結果: 接死なので1点が致死ダメージで、雄牛に1点、Bに2点。雄牛は接死で破壊される。"""
    game = Game(["A", "B"])
    brute = game.place(card("Test Deadly Trampler", "{2}{B}{G}", "Creature — Beast", 3, 3, "deathtouch", "trample"))
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    attack_with(game, brute)
    block_with(game, {ox: brute})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, "lethal", player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 18, "雄牛に1点、Bに2点")
    expect.that(ox.id not in game.objects, "雄牛は接死で破壊された")


@check("702.15b@20260116.0@5c772e00", "120.3f@20260116.0@36b87c1b")
def lifelink_gains_life(expect: Expect) -> None:
    """状況: Aの《吸血鬼の夜鷲》（2/3、飛行、接死、絆魂）が攻撃し、ブロックされない。
    行動: 戦闘ダメージ・ステップ。
    結果: Bに2点与え、Aは同じだけライフを得る。"""
    game, _, _ = fight(cards.VAMPIRE_NIGHTHAWK)
    expect.equal((game.players["A"].life, game.players["B"].life), (22, 18), "Bが2点失いAが2点得た")


@check("511.3@20260116.0@53e6300e", "506.4@20260116.0@ad1a49ed")
def everything_leaves_combat_at_the_end(expect: Expect) -> None:
    """状況: Aの《丘巨人》が攻撃し、Bの《柱平原の雄牛》がブロックした。
    行動: 戦闘終了ステップが終わる。
    結果: 終了ステップの間はまだ攻撃・ブロックしているが、終わるとどちらも戦闘から取り除かれる。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    attack_with(game, giant)
    block_with(game, {ox: giant})
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(is_attacking(game, giant) and is_blocking(game, ox), "戦闘終了ステップではまだ戦闘中")
    game.advance_to(Step.END)
    expect.that(not is_attacking(game, giant) and not is_blocking(game, ox), "戦闘から取り除かれた")


@check("508.3a@20260116.0@2801683e", "603.2c@20260116.0@192b7fad")
def attack_triggers_once_per_attacker(expect: Expect) -> None:
    """状況: Aの「クリーチャーが攻撃するたび、あなたは1点のライフを得る」テスト用エンチャントと、《灰色熊》2体。
    行動: 2体で攻撃する。
    結果: 1つの出来事に2回の発生があるので2回誘発し、Aは22点になる。"""
    game = Game(["A", "B"])
    game.place(card("Test War Drums", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a creature attacks, you gain 1 life.", attacks(creatures()), gain(1))))
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    attack_with(game, first, second)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "攻撃クリーチャー1体ごとに誘発した")


@check("506.4@20260116.0@ad1a49ed", "613.1b@20260116.0@ef3441f2")
def a_creature_whose_controller_changes_leaves_combat(expect: Expect) -> None:
    """状況: Aの《丘巨人》が攻撃している。
    行動: Bが丘巨人のコントロールを得る。
    結果: コントローラーが変わったクリーチャーは戦闘から取り除かれ、ダメージを与えない。"""
    from kb.engine import UntilEndOfTurn, control

    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    attack_with(game, giant)
    game.create_effect("B gains control", [control("B")], [giant], UntilEndOfTurn())
    expect.that(not is_attacking(game, giant), "戦闘から取り除かれた")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 20, "ダメージは与えられない")


@check("500.5a@20260116.0@22ce98a0", "511.2@20260116.0@0ea22502")
def until_end_of_combat_ends_with_the_combat_phase(expect: Expect) -> None:
    """状況: Aの戦闘開始ステップに、《灰色熊》が「戦闘終了時まで+2/+0」の修整を受ける。
    行動: 戦闘終了ステップを迎え、戦闘後メイン・フェイズに進む。
    結果: 戦闘終了ステップの間はまだ4/2で、戦闘フェイズが終わると効果も終わって2/2。"""
    from kb.engine import Phase, UntilEndOfCombat, modify_pt

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.create_effect("+2/+0 until end of combat", [modify_pt(2, 0)], [bears], UntilEndOfCombat())
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.view(bears).pt, (4, 2), "戦闘終了ステップではまだ修整がある")
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.equal(game.view(bears).pt, (2, 2), "戦闘フェイズが終わると終わった")
