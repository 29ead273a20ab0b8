"""The combat phase (506): what attacks and what can be attacked, creatures put onto the battlefield
attacking, leaving combat, attacking alone, and spells usable only at points of combat (506.7)."""

from __future__ import annotations

from kb.checks import cards, cards_turn
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    CantAttack,
    ChoiceKind,
    Game,
    IllegalAction,
    Phase,
    SpellAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    UntilNextStep,
    attacks,
    attacks_alone,
    card,
    cost,
    creatures,
    defending_player,
    is_attacking,
    is_blocking,
    lose_types,
    put_onto_battlefield_attacking,
    skip_phase,
    this_object,
)
from kb.engine import combat as combat_rules
from kb.engine.cards import Card
from kb.engine.conditions import Condition
from kb.engine.timing import (
    activate_only,
    after,
    before,
    cast_only,
    during_combat,
    during_combat_after_blockers,
)

gain = cards._gain_life

IDOL = card("Test Idol", "{2}", "Artifact")
"""A noncreature artifact."""

SHIELDWALL_SOLDIER = card("Test Shieldwall Soldier", "{1}{W}", "Creature — Human Soldier", 1, 3, "defender")
"""A Soldier with defender: it can't be declared as an attacker."""


def attack(game: Game, *attackers: object) -> None:
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(list(attackers))  # type: ignore[arg-type]


def timed(name: str, when: Condition) -> Card:
    """A made-up instant: "Cast this spell only [when]. You gain 1 life."."""
    return card(name, "{W}", "Instant", cast_only(when), spell=SpellAbility("You gain 1 life.", gain(1)))


def castable(game: Game, spell: Card, player: str = "A") -> bool:
    """Whether ``player`` (holding priority) may cast ``spell`` now; nothing is left on the stack."""
    held = in_hand(game, spell, player)
    give_mana(game, player, "{W}")
    try:
        game.cast(player, held)
    except IllegalAction:
        game.players[player].mana.empty()
        return False
    game.resolve_top()
    return True


@check("506.2@20260116.0@05ab3ec1", "508.1b@20260116.0@56ade82d", "510.1b@20260116.0@20f11ef2")
def attacking_a_planeswalker(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《丘巨人》。Bは忠誠度3の《ジェイス・ベレレン》をコントロールし、クリーチャーはいない。
    行動: Aが、何を攻撃するかを言わずに攻撃しようとする。次に熊でジェイスを、丘巨人でBを攻撃する。
    結果: 防御プレイヤーがプレインズウォーカーをコントロールしているので、各クリーチャーが何を攻撃するかを指定しなければならない。
    防御プレイヤーはBで、熊のダメージはジェイスの忠誠度を2減らし、丘巨人はBに3点与える。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([bears, giant]), "何を攻撃するかを指定しなければならない")
    game.declare_attackers({bears: jace, giant: "B"})
    expect.equal((defending_player(game, bears), defending_player(game, giant)), ("B", "B"),
                 "どちらもBが防御プレイヤー")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((jace.counter("loyalty"), game.players["B"].life), (1, 17), "ジェイスに2点、Bに3点")


@check("506.3@20260116.0@cf020fae")
def only_creatures_attack_and_only_players_and_planeswalkers_are_attacked(expect: Expect) -> None:
    """状況: Aの《灰色熊》とクリーチャーでないテスト用アーティファクト。Bの《柱平原の雄牛》。
    行動: Aがアーティファクトで攻撃しようとし、熊で雄牛を攻撃しようとし、熊でBを攻撃する。
    結果: クリーチャーでないものは攻撃できず、クリーチャーを攻撃することもできない。熊はBを攻撃できる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    idol = game.place(IDOL)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers({idol: "B"}), "クリーチャーでないパーマネントは攻撃できない")
    expect.refused(lambda: game.declare_attackers({bears: ox}), "クリーチャーを攻撃することはできない")
    game.declare_attackers({bears: "B"})
    expect.that(is_attacking(game, bears), "熊はBを攻撃している")


@check("508.4@20260116.0@4ef5798b", "508.4c@20260116.0@26f2b460", "508.3a@20260116.0@2801683e")
def a_creature_put_onto_the_battlefield_attacking_never_attacked(expect: Expect) -> None:
    """状況: Aの《秀でた隊長》と、「クリーチャーが攻撃するたび、1点のライフを得る。」を持つテスト用エンチャント。Aの手札に防衛を
    持つテスト用の兵士・クリーチャーがある。Bは《ジェイス・ベレレン》をコントロールしている。
    行動: 隊長でBを攻撃し、その能力で兵士をタップ状態で攻撃している状態で戦場に出す。Aはそれがジェイスを攻撃することを選ぶ。
    結果: 兵士は防衛を持っていても攻撃している（攻撃の制限は適用されない）が、攻撃クリーチャーとして指定されていないので「攻撃
    するたび」は隊長の1回しか誘発しない。兵士はAが選んだジェイスにダメージを与える。"""
    game = Game(["A", "B"])
    game.place(card("Test War Drums", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a creature attacks, you gain 1 life.", attacks(creatures()), gain(1))))
    captain = game.place(cards_turn.PREEMINENT_CAPTAIN)
    soldier = in_hand(game, SHIELDWALL_SOLDIER)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.DEFENDING_PLAYER, jace.id, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({captain: "B"})
    game.resolve_stack()
    arrived = game.current(soldier)
    expect.that(is_attacking(game, arrived) and arrived.tapped, "防衛を持つ兵士がタップ状態で攻撃している")
    expect.equal(game.players["A"].life, 21, "「攻撃するたび」は指定された隊長の1回だけ誘発した")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((jace.counter("loyalty"), game.players["B"].life), (2, 18), "兵士はジェイスに、隊長はBにダメージを与えた")


def _put_bears_attacking(game: Game) -> None:
    put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", "B")


@check("508.8@20260116.0@8f01956a", "506.1@20260116.0@ab7bb35d")
def a_creature_put_onto_the_battlefield_attacking_keeps_the_combat(expect: Expect) -> None:
    """状況: Aのターン。Aは攻撃クリーチャーを指定しない。
    行動: 攻撃クリーチャー指定ステップの間に、効果で《灰色熊》がBを攻撃している状態で戦場に出る。
    結果: 攻撃している状態で戦場に出たクリーチャーがいるので、ブロック・クリーチャー指定ステップと戦闘ダメージ・ステップは
    飛ばされず、熊はBに2点与える。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    _put_bears_attacking(game)
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.equal(game.players["B"].life, 18, "戦闘ダメージ・ステップが行われ、熊が2点与えた")


@check("506.3a@20260116.0@2ba7a7ee", "506.3b@20260116.0@90ffcad2", "506.3c@20260116.0@4b1992d7",
       "508.4a@20260116.0@0d7aa401")
def what_enters_attacking_must_be_the_attackers_creature_attacking_something(expect: Expect) -> None:
    """状況: Aの攻撃クリーチャー指定ステップ。Aは《灰色熊》でBを攻撃した。Bは《ジェイス・ベレレン》をコントロールしていたが、
    それはもう戦場にない。
    行動: 効果が、Aの《灰色熊》、クリーチャーでないアーティファクト、Bがコントロールする《灰色熊》、ジェイスを攻撃する
    《灰色熊》を、それぞれ攻撃している状態で戦場に出す。
    結果: 1つ目の熊だけが攻撃している。アーティファクト、攻撃プレイヤーでないBのクリーチャー、もういないジェイスを攻撃する
    はずの熊は、戦場に出るが攻撃していない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: "B"})
    game.destroy(jace)
    mine = put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", "B")
    idol = put_onto_battlefield_attacking(game, IDOL, "A", "B")
    theirs = put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "B", "A")
    late = put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", jace.id)
    assert mine is not None and idol is not None and theirs is not None and late is not None
    expect.that(is_attacking(game, mine), "Aの熊はBを攻撃している状態で戦場に出た")
    expect.that(not is_attacking(game, idol), "クリーチャーでないものは攻撃していない")
    expect.that(not is_attacking(game, theirs), "攻撃プレイヤーでないBがコントロールするクリーチャーは攻撃していない")
    expect.that(not is_attacking(game, late), "もういないプレインズウォーカーを攻撃するはずのクリーチャーは攻撃していない")


@check("508.4b@20260116.0@3dc1126c")
def becoming_attacking_needs_the_player_still_in_the_game(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの攻撃クリーチャー指定ステップ。Aの《灰色熊》2体は攻撃していない。Cはゲームを投了した。
    行動: 効果が1体目の熊をBを攻撃している状態に、2体目の熊をCを攻撃している状態にする。
    結果: 1体目は攻撃クリーチャーになる。Cはもうゲームにいないので2体目は攻撃クリーチャーにならない。"""
    game = Game(["A", "B", "C"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HILL_GIANT)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({})
    game.concede("C")
    combat_rules.make_attacking(game, first, "B")
    combat_rules.make_attacking(game, second, "C")
    expect.that(is_attacking(game, first), "Bを攻撃している状態になった")
    expect.that(not is_attacking(game, second), "ゲームにいないCを攻撃する状態にはならない")


@check("506.4@20260116.0@ad1a49ed")
def a_creature_that_stops_being_one_leaves_combat(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《丘巨人》が攻撃している。
    行動: 「次のブロック・クリーチャー指定ステップまで、熊はクリーチャーでない」効果ができ、そのステップの開始時に終わる。
    結果: クリーチャーでなくなった熊は戦闘から取り除かれ、再びクリーチャーになっても戦闘には戻らないので、Bには丘巨人の
    3点だけが与えられる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    attack(game, bears, giant)
    game.create_effect("it isn't a creature until the declare blockers step", [lose_types("Creature")], [bears],
                       UntilNextStep(Step.DECLARE_BLOCKERS))
    expect.that(not is_attacking(game, bears) and is_attacking(game, giant), "クリーチャーでなくなった熊は戦闘から取り除かれた")
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(game.view(bears).is_a("Creature") and not is_attacking(game, bears), "再びクリーチャーになっても戦闘には戻らない")
    expect.equal(game.players["B"].life, 17, "丘巨人の3点だけ")


@check("506.4c@20260116.0@4cc2f784", "510.1b@20260116.0@20f11ef2")
def an_attacked_planeswalker_leaving_leaves_its_attackers_attacking_nothing(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体がBの《ジェイス・ベレレン》を攻撃している。Bは《柱平原の雄牛》をコントロールしている。
    行動: ジェイスが破壊され（戦闘から取り除かれ）、Bは雄牛で1体目の熊をブロックする。
    結果: 熊はどちらも攻撃クリーチャーのままでブロックもされうるが、何も攻撃していない。ブロックされなかった2体目は戦闘ダメージを
    割り振らず、Bはダメージを受けない。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({first: jace, second: jace})
    game.destroy(jace)
    expect.that(is_attacking(game, first) and is_attacking(game, second), "熊はどちらも攻撃クリーチャーのまま")
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({ox: first})
    expect.that(is_blocking(game, ox), "何も攻撃していない熊もブロックできる")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((game.players["B"].life, ox.damage), (20, 2), "ブロックされなかった熊はダメージを割り振らない")


@check("506.4a@20260116.0@eec4ed26")
def a_cant_attack_effect_after_the_declaration_changes_nothing(expect: Expect) -> None:
    """状況: Aの《灰色熊》がBを攻撃している。
    行動: 効果が「熊は攻撃できない」と言う。
    結果: すでに攻撃クリーチャーとして指定されているので、熊は戦闘から取り除かれず、Bに2点与える。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    attack(game, bears)
    game.create_effect("it can't attack", rules=[CantAttack(this_object())], source=bears, controller="A",
                       duration=UntilEndOfTurn())
    expect.that(is_attacking(game, bears), "熊は攻撃クリーチャーのまま")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 18, "熊はBに2点与えた")


@check("506.4b@20260116.0@9ec007cd")
def tapping_or_untapping_doesnt_remove_from_combat(expect: Expect) -> None:
    """状況: Aの《丘巨人》が攻撃し、Bの《柱平原の雄牛》がブロックした。
    行動: 効果で雄牛がタップされ、丘巨人がアンタップされる。
    結果: どちらも戦闘から取り除かれず、戦闘ダメージも変わらない。丘巨人は雄牛に3点、雄牛は丘巨人に2点与える。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    attack(game, giant)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({ox: giant})
    game.tap(ox)
    game.untap(giant)
    expect.that(is_attacking(game, giant) and is_blocking(game, ox), "どちらも戦闘に残っている")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((ox.damage, giant.damage), (3, 2), "戦闘ダメージはそのまま与えられた")


@check("506.5@20260116.0@3d4da9bd")
def attacking_alone(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体と、「あなたがコントロールするクリーチャーが単独で攻撃するたび、1点のライフを得る。」を持つテスト用
    エンチャント。
    行動: 最初のターンは熊1体だけで攻撃し、次のAのターンは2体で攻撃する。
    結果: 1体だけが攻撃クリーチャーとして指定されたときにだけ、単独で攻撃したことになり誘発する。"""
    game = Game(["A", "B"])
    game.place(card("Test Lone Banner", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature you control attacks alone, you gain 1 life.", attacks_alone(creatures(controller="you")),
        gain(1))))
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    attack(game, first)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "単独で攻撃したので誘発した")
    game.next_turn("A")
    attack(game, first, second)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "2体で攻撃したので誘発しない")


@check("506.7@20260116.0@a8092cc9", "506.7b@20260116.0@9fef4ba9", "506.7e@20260116.0@64781d47")
def only_before_blockers_are_declared(expect: Expect) -> None:
    """状況: 「この呪文はブロック・クリーチャーが指定される前にのみ唱えられる。」というテスト用インスタント。
    行動: Aが攻撃したターンに、攻撃クリーチャー指定ステップとブロック・クリーチャー指定ステップで唱えようとする。次のAのターンは
    攻撃せず、攻撃クリーチャー指定ステップと戦闘終了ステップで唱えようとする。その次のAのターンは戦闘フェイズが飛ばされ、
    戦闘前と戦闘後のメイン・フェイズで唱えようとする。
    結果: ブロック・クリーチャー指定ステップの開始前にだけ唱えられる。そのステップが飛ばされたら攻撃クリーチャー指定ステップの
    終わりまで、戦闘フェイズが飛ばされたら戦闘前メイン・フェイズの終わりまで唱えられる。"""
    spell = timed("Test Ambush", before(Step.DECLARE_BLOCKERS))
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, bears)
    expect.that(castable(game, spell), "攻撃クリーチャー指定ステップでは唱えられる")
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    expect.that(not castable(game, spell), "ブロック・クリーチャー指定ステップでは唱えられない")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    expect.that(castable(game, spell), "攻撃しなかったターンの攻撃クリーチャー指定ステップでは唱えられる")
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(not castable(game, spell), "ブロック・クリーチャー指定ステップが飛ばされたら、戦闘終了ステップでは唱えられない")
    game.next_turn("B")
    game.create_effect("A skips their next combat phase", replacements=[skip_phase(Phase.COMBAT, "A")], controller="A")
    game.next_turn("A")
    expect.that(castable(game, spell), "戦闘フェイズが飛ばされるターンでも戦闘前メイン・フェイズでは唱えられる")
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.that(not castable(game, spell), "戦闘フェイズが飛ばされたら戦闘後メイン・フェイズでは唱えられない")


@check("506.7a@20260116.0@ad14cfe1")
def only_after_attackers_are_declared(expect: Expect) -> None:
    """状況: 「この呪文は攻撃クリーチャーが指定された後にのみ唱えられる。」というテスト用インスタント。Aは攻撃しない。
    行動: 戦闘開始ステップと攻撃クリーチャー指定ステップで唱えようとする。
    結果: 実際に攻撃クリーチャーが指定されたかどうかによらず、攻撃クリーチャー指定ステップが始まった後なら唱えられる。"""
    spell = timed("Test Reprisal", after(Step.DECLARE_ATTACKERS))
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.that(not castable(game, spell), "戦闘開始ステップでは唱えられない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    expect.that(castable(game, spell), "攻撃クリーチャーがいなくても攻撃クリーチャー指定ステップでは唱えられる")


@check("506.7c@20260116.0@b118c17a", "506.7d@20260116.0@daf96782")
def during_combat_means_any_combat_before_blockers_the_first(expect: Expect) -> None:
    """状況: Aのターン。《連続突撃》で戦闘フェイズが2回ある。「戦闘中にのみ唱えられる」テスト用インスタントと「ブロック・
    クリーチャーが指定される前にのみ唱えられる」テスト用インスタント。
    行動: 2回目の戦闘の攻撃クリーチャー指定ステップで、それぞれを唱えようとする。メイン・フェイズでも「戦闘中」を唱えようとする。
    結果: 「戦闘中」はどの戦闘フェイズでも唱えられるがメイン・フェイズでは唱えられない。「ブロック・クリーチャー指定前」は
    最初の戦闘フェイズを指すので、2回目の戦闘では唱えられない。"""
    in_combat = timed("Test Skirmish", during_combat())
    early = timed("Test Ambush", before(Step.DECLARE_BLOCKERS))
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.that(not castable(game, in_combat), "メイン・フェイズには「戦闘中」は唱えられない")
    attack(game, bears)
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    cast(game, "A", cards_turn.RELENTLESS_ASSAULT)
    attack(game, bears)
    expect.that(castable(game, in_combat), "2回目の戦闘フェイズでも「戦闘中」は唱えられる")
    expect.that(not castable(game, early), "「ブロック・クリーチャー指定前」は最初の戦闘を指すので唱えられない")


@check("506.7f@20260116.0@cb18e3c5")
def during_combat_after_blockers_needs_the_blockers_step(expect: Expect) -> None:
    """状況: 「この呪文は戦闘中でブロック・クリーチャーが指定された後にのみ唱えられる。」というテスト用インスタント。
    行動: Aが攻撃したターンの戦闘ダメージ・ステップと、攻撃しなかったターンの戦闘終了ステップで唱えようとする。
    結果: ブロック・クリーチャー指定ステップがあった戦闘では唱えられる。そのステップが飛ばされた戦闘フェイズの間は唱えられない。"""
    spell = timed("Test Riposte", during_combat_after_blockers())
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    attack(game, bears)
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.that(castable(game, spell), "ブロック・クリーチャー指定の後の戦闘ダメージ・ステップでは唱えられる")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([])
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(not castable(game, spell), "ブロック・クリーチャー指定ステップが飛ばされた戦闘では唱えられない")


@check("506.7g@20260116.0@d9802695")
def abilities_activated_only_before_blockers(expect: Expect) -> None:
    """状況: Aは「{1}：あなたは1点のライフを得る。ブロック・クリーチャーが指定される前にのみ起動できる。」を持つテスト用
    アーティファクトをコントロールし、《灰色熊》で攻撃した。
    行動: 攻撃クリーチャー指定ステップとブロック・クリーチャー指定ステップで起動しようとする。
    結果: 呪文と同じく、ブロック・クリーチャー指定ステップの開始前にだけ起動できる。"""
    game = Game(["A", "B"])
    relic = game.place(card("Test Timed Relic", "{2}", "Artifact",
                            ActivatedAbility("{1}: You gain 1 life.", cost("{1}"), gain(1)),
                            activate_only(before(Step.DECLARE_BLOCKERS))))
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, bears)
    give_mana(game, "A", "{1}")
    game.activate("A", relic)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "攻撃クリーチャー指定ステップでは起動できる")
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.activate("A", relic), "ブロック・クリーチャー指定ステップでは起動できない")


@check("506.2a@20260116.0@d6807995", "507.1@20260116.0@8d63ea8f", "508.7d@20260116.0@397f5149")
def the_active_player_chooses_one_defending_player(expect: Expect) -> None:
    """状況: A、B、Cの3人戦で「複数への攻撃」選択ルールを使わない。Aの《灰色熊》2体。別の3人戦では「複数への攻撃」を使う。
    行動: 戦闘開始ステップでAがCを防御プレイヤーに選び、熊でBを攻撃しようとし、次にCを攻撃する。攻撃するものをBに選び直そうと
    する。「複数への攻撃」を使うゲームでは、熊1体ずつでBとCを攻撃する。
    結果: 対戦相手全員が自動的に防御プレイヤーになるのではないので、戦闘開始ステップにAが1人を選ぶ。Bは防御プレイヤーではなく
    攻撃も選び直しもできない。「複数への攻撃」を使うなら対戦相手全員が防御プレイヤーで、BとCを同時に攻撃できる。"""
    game = Game(["A", "B", "C"], attack_multiple_players=False)
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.DEFENDING_PLAYER, "C", player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.equal(combat_rules.defending_players(game), ["C"], "戦闘開始ステップにAがCを防御プレイヤーに選んだ")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers({first: "B"}), "防御プレイヤーでないBは攻撃できない")
    game.declare_attackers({first: "C", second: "C"})
    expect.refused(lambda: combat_rules.reselect_attacked(game, first, "B"), "選び直す先も選ばれた防御プレイヤーでなければならない")
    game = Game(["A", "B", "C"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({first: "B", second: "C"})
    expect.equal((defending_player(game, first), defending_player(game, second)), ("B", "C"),
                 "「複数への攻撃」では対戦相手全員が防御プレイヤー")


@check("506.6@20260116.0@477c48f3")
def a_creature_had_to_attack_if_a_requirement_applied(expect: Expect) -> None:
    """状況: Aは「可能なら攻撃する。」を持つテスト用クリーチャーと《灰色熊》をコントロールしている。
    行動: 両方で攻撃し、そのあと要求を与えていた効果がなくなる。
    結果: 攻撃クリーチャー指定のときに攻撃の強制が適用されていたほうは「攻撃しなければならなかった」。熊は攻撃したが、強制が
    なかったので攻撃しなければならなかったわけではない。あとで強制がなくなっても変わらない。"""
    from kb.engine import MustAttack

    game = Game(["A", "B"])
    driven = game.place(cards.GRIZZLY_BEARS)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.create_effect("it attacks each combat if able", rules=[MustAttack(this_object())], source=driven,
                       controller="A", duration=UntilNextStep(Step.DECLARE_BLOCKERS))
    attack(game, driven, bears)
    expect.that(combat_rules.had_to_attack(game, driven), "強制が適用されていたクリーチャーは攻撃しなければならなかった")
    expect.that(not combat_rules.had_to_attack(game, bears), "強制のなかった熊は攻撃しなければならなかったわけではない")
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.that(combat_rules.had_to_attack(game, driven), "強制がなくなっても攻撃しなければならなかったことは変わらない")


@check("506.4d@20260116.0@d76ee6ce")
def a_blocking_planeswalker_that_loses_one_type(expect: Expect) -> None:
    """状況: Bの《ジェイス・ベレレン》は効果でターン終了時まで2/2のクリーチャーでもある。Aの《灰色熊》1体目がジェイスを、
    2体目がBを攻撃し、Bはジェイスで2体目をブロックした。
    行動: 効果でジェイスがクリーチャーでなくなる。そのあと別の効果でプレインズウォーカーでもなくなる。
    結果: クリーチャーでなくなったジェイスはブロック・クリーチャーではなくなるが、攻撃されているプレインズウォーカーのままである。
    両方でなくなると戦闘から取り除かれ、1体目の熊は何も攻撃していない。"""
    from kb.engine import add_types, base_pt, is_blocked

    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.create_effect("it is also a 2/2 creature", [add_types("Creature"), base_pt(2, 2)], [jace], UntilEndOfTurn())
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({first: jace, second: "B"})
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({jace: second})
    expect.that(is_blocking(game, jace) and combat_rules.attacked_by(game, first) == jace.id,
                "ジェイスはブロック・クリーチャーでもあり、攻撃されているプレインズウォーカーでもある")
    game.create_effect("it isn't a creature", [lose_types("Creature")], [jace], UntilEndOfTurn())
    expect.that(not is_blocking(game, jace) and is_blocked(game, second), "クリーチャーでなくなり、ブロックしていない")
    expect.equal(combat_rules.attacked_by(game, first), jace.id, "攻撃されているプレインズウォーカーのまま")
    game.create_effect("it isn't a planeswalker", [lose_types("Planeswalker")], [jace], UntilEndOfTurn())
    expect.that(is_attacking(game, first) and combat_rules.attacked_by(game, first) is None,
                "両方でなくなると戦闘から取り除かれ、1体目の熊は何も攻撃していない")
