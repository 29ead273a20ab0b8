"""The declare blockers step (509): declaring blockers with their restrictions, requirements and
costs, blocking several attackers, block triggers, and creatures put onto the battlefield blocking."""

from __future__ import annotations

from kb.checks import cards, cards_turn
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    FOREST,
    CanBlockAdditional,
    ChoiceKind,
    Game,
    GameObject,
    MustBlock,
    Resolution,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    at_beginning_of,
    attacks_and_isnt_blocked,
    becomes_blocked,
    becomes_blocked_by,
    becomes_blocked_by_at_least,
    becomes_color,
    blocks,
    blocks_a_creature,
    card,
    create_delayed,
    creatures,
    is_attacking,
    is_blocked,
    is_blocking,
    put_onto_battlefield_attacking,
    put_onto_battlefield_blocking,
    this_object,
)
from kb.engine.cards import Card
from kb.engine.events import BlockersDeclared
from kb.engine.triggers import Trigger

gain = cards._gain_life


def watching(name: str, power: int, toughness: int, text: str, trigger: Trigger, amount: int) -> Card:
    """A made-up creature with a trigger that gains ``amount`` life."""
    return card(name, "{2}", "Creature — Soldier", power, toughness,
                TriggeredAbility(f"{text}, you gain {amount} life.", trigger, gain(amount)))


def attack_with(game: Game, attackers: dict[GameObject, object] | list[GameObject]) -> None:
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(attackers)
    game.resolve_stack()
    game.advance_to(Step.DECLARE_BLOCKERS)


@check("509.1@20260116.0@13236807", "509.1a@20260116.0@c9d3bd91", "509.1g@20260116.0@2d380da2")
def an_illegal_declaration_of_blockers_is_undone(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの《灰色熊》2体がBを、1体がCを攻撃している。Bは《柱平原の雄牛》とタップ状態の《丘巨人》を
    コントロールしている。
    行動: Bが丘巨人でブロックしようとし、雄牛でCを攻撃している熊をブロックしようとし、雄牛でBを攻撃している熊2体をブロック
    しようとし、最後に雄牛でBを攻撃している熊1体をブロックする。
    結果: タップ状態のクリーチャーはブロックできず、自分を攻撃していないクリーチャーはブロックできず、効果がなければ1体で2体は
    ブロックできない。不正な指定は巻き戻される。最後の指定で雄牛はブロック・クリーチャーになる。"""
    game = Game(["A", "B", "C"])
    to_b = game.place(cards.GRIZZLY_BEARS)
    also_b = game.place(cards.GRIZZLY_BEARS)
    to_c = game.place(cards.GRIZZLY_BEARS)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    giant = game.place(cards.HILL_GIANT, player="B", tapped=True)
    attack_with(game, {to_b: "B", also_b: "B", to_c: "C"})
    expect.refused(lambda: game.declare_blockers({giant: to_b}), "タップ状態のクリーチャーはブロックできない")
    expect.refused(lambda: game.declare_blockers({ox: to_c}), "Cを攻撃しているクリーチャーはBのクリーチャーにはブロックできない")
    expect.refused(lambda: game.declare_blockers({ox: [to_b, also_b]}), "1体で2体をブロックすることはできない")
    expect.that(not is_blocking(game, ox) and game.turn_state.awaiting == "blockers", "不正な指定は巻き戻された")
    game.declare_blockers({ox: to_b})
    expect.that(is_blocking(game, ox) and is_blocked(game, to_b) and not is_blocked(game, to_c),
                "雄牛はブロック・クリーチャーになり、Bを攻撃していた熊はブロックされた")


@check("509.1b@20260116.0@e1f52e74", "702.9b@20260116.0@0ac06a03", "702.28b@20260116.0@11906b31",
       example="509.1b#1@312ab1cc")
def flying_and_shadow_both_restrict_blockers(expect: Expect) -> None:
    """状況: Aの飛行とシャドーを持つテスト用クリーチャーがBを攻撃している。Bは飛行だけを持つ《風のドレイク》、シャドーだけを
    持つテスト用クリーチャー、飛行とシャドーを持つテスト用クリーチャーをコントロールしている。
    行動: Bがそれぞれでブロックしようとする。
    結果: 回避能力はそれぞれに有効なので、飛行だけ、シャドーだけを持つものはブロックできず、両方を持つものだけがブロックできる。"""
    game = Game(["A", "B"])
    phantom = game.place(card("Test Shadow Drake", "{3}{B}", "Creature — Drake", 2, 2, "flying", "shadow"))
    drake = game.place(cards.WIND_DRAKE, player="B")
    shade = game.place(card("Test Shade", "{1}{B}", "Creature — Spirit", 1, 1, "shadow"), player="B")
    both = game.place(card("Test Shadow Bat", "{1}{B}", "Creature — Bat", 1, 1, "flying", "shadow"), player="B")
    attack_with(game, [phantom])
    expect.refused(lambda: game.declare_blockers({drake: phantom}), "飛行だけではブロックできない")
    expect.refused(lambda: game.declare_blockers({shade: phantom}), "シャドーだけではブロックできない")
    game.declare_blockers({both: phantom})
    expect.that(is_blocking(game, both), "飛行とシャドーを持つものはブロックできる")


BLOCKER = card("Test Sentinel", "{1}{W}", "Creature — Human Soldier", 1, 3,
               StaticAbility("This creature blocks each combat if able.", rules=(MustBlock(this_object()),)))
"""Stands for a creature that blocks each combat if able (509.1c)."""


@check("509.1c@20260116.0@9a856b2d", "702.111b@20260116.0@4cfce8de", example="509.1c#1@1e0795c4")
def a_requirement_to_block_a_creature_with_menace(expect: Expect) -> None:
    """状況: Aの《ボガートの粗暴者》（威迫）がBを攻撃している。Bは「可能ならブロックする。」を持つテスト用クリーチャーと
    《灰色熊》をコントロールしている。
    行動: Bが、どちらもブロックしない、テスト用クリーチャーだけ、熊だけ、の順に指定しようとし、最後に両方でブロックする。
    結果: どちらもブロックしないのは強制に違反し、1体だけでは威迫の制限に違反する。両方でブロックするのだけが適正である。"""
    game = Game(["A", "B"])
    brute = game.place(cards.BOGGART_BRUTE)
    sentinel = game.place(BLOCKER, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack_with(game, [brute])
    expect.refused(lambda: game.declare_blockers({}), "どちらもブロックしないのは強制に違反する")
    expect.refused(lambda: game.declare_blockers({sentinel: brute}), "強制のあるものだけでは威迫に違反する")
    expect.refused(lambda: game.declare_blockers({bears: brute}), "熊だけでは威迫と強制の両方に違反する")
    game.declare_blockers({sentinel: brute, bears: brute})
    expect.that(is_blocking(game, sentinel) and is_blocking(game, bears), "両方でブロックするのが適正")


@check("509.1c@20260116.0@9a856b2d")
def all_creatures_able_to_block_the_lured_creature_do_so(expect: Expect) -> None:
    """状況: Aの《寄せ餌》がついた《灰色熊》と《丘巨人》がBを攻撃している。Bは《柱平原の雄牛》、《灰色熊》、タップ状態の
    《珊瑚マーフォーク》をコントロールしている。
    行動: Bが、ブロックしない、雄牛で丘巨人をブロックする、と指定しようとし、最後に雄牛と熊で寄せ餌のついた熊をブロックする。
    結果: ブロックできるクリーチャーはすべて寄せ餌のついた熊をブロックしなければならない。タップ状態のマーフォークはブロック
    できないので強制されない。"""
    game = Game(["A", "B"])
    lured = game.place(cards.GRIZZLY_BEARS)
    game.place(cards_turn.LURE, attached_to=lured)
    giant = game.place(cards.HILL_GIANT)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.place(cards.CORAL_MERFOLK, player="B", tapped=True)
    attack_with(game, [lured, giant])
    expect.refused(lambda: game.declare_blockers({}), "ブロックしないのは強制に違反する")
    expect.refused(lambda: game.declare_blockers({ox: giant, bears: lured}), "雄牛が丘巨人をブロックするのは強制に違反する")
    game.declare_blockers({ox: lured, bears: lured})
    expect.that(is_blocking(game, ox) and is_blocking(game, bears), "ブロックできるものはすべて寄せ餌のついた熊をブロックした")


@check("509.1d@20260116.0@5cba75a5", "509.1e@20260116.0@1f5cf2b9", "509.1f@20260116.0@e29b23db")
def paying_to_block(expect: Expect) -> None:
    """状況: Aの《戦いの連打》のX=1の能力が解決し、このターン、ブロックするにはクリーチャー1体につき{1}を支払わなければならない。
    Aの《灰色熊》がBを攻撃している。Bは《柱平原の雄牛》と《灰色熊》と《森》1つをコントロールしている。
    行動: Bが2体でブロックしようとし（総コスト{2}）、次に雄牛だけでブロックして森のマナ能力で{1}を支払う。
    結果: {2}は支払えず一部だけ支払うこともできないので不正で、巻き戻される。雄牛だけなら{1}を支払ってブロックできる。"""
    game = Game(["A", "B"])
    cadence = game.place(cards_turn.WAR_CADENCE)
    attacker = game.place(cards.GRIZZLY_BEARS)
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    forest = game.place(FOREST, player="B")
    game.add_mana("A", "{1}{R}")
    game.activate("A", cadence, x=1)
    game.resolve_stack()
    attack_with(game, [attacker])
    expect.refused(lambda: game.declare_blockers({ox: attacker, bears: attacker}, pay_with=[forest]),
                   "{2}は支払えないので、2体でのブロックは不正")
    expect.that(not forest.tapped and not is_blocking(game, ox), "指定の前まで巻き戻された")
    game.declare_blockers({ox: attacker}, pay_with=[forest])
    expect.that(is_blocking(game, ox) and forest.tapped, "森のマナで{1}を支払い、雄牛でブロックした")


@check("509.1i@20260116.0@0c2dd5e9", "509.2@20260116.0@f0873b8e", "509.2a@20260116.0@24a431e7")
def block_triggers_go_on_the_stack_before_priority(expect: Expect) -> None:
    """状況: Aの《丘巨人》がBを攻撃している。Bは「クリーチャーがブロックするたび、あなたは1点のライフを得る。」を持つテスト用
    エンチャントと《柱平原の雄牛》をコントロールしている。
    行動: Bが雄牛でブロックする。
    結果: ブロック・クリーチャーの指定で能力が誘発し、スタックに積まれてから、アクティブ・プレイヤーのAが優先権を得る。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    game.place(card("Test Shield Bell", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature blocks, you gain 1 life.", blocks(creatures()), gain(1))), player="B")
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    attack_with(game, [giant])
    game.declare_blockers({ox: giant})
    expect.equal((len(game.stack), game.priority), (1, "A"), "能力がスタックに積まれてから、Aが優先権を得た")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 21, "能力が解決した")


@check("509.3@20260116.0@53765ae5", "509.3a@20260116.0@b71435ae", "509.3b@20260116.0@ead708b3",
       "509.1a@20260116.0@c9d3bd91")
def blocking_several_creatures_triggers_blocks_once(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体がBを攻撃している。Bは《宮殿の護衛》（好きな数のクリーチャーをブロックできる）と、「クリーチャーが
    ブロックするたび1点」「クリーチャーがクリーチャー1体をブロックするたび10点」のライフを得るテスト用エンチャントをコントロール
    している。
    行動: Bが護衛で熊2体をブロックする。
    結果: 護衛は2体をブロックできる。「ブロックするたび」は1回、「クリーチャー1体をブロックするたび」はブロックした攻撃クリーチャー
    1体につき1回、計2回誘発する。"""
    game = Game(["A", "B"])
    bears = [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]
    guard = game.place(cards_turn.PALACE_GUARD, player="B")
    game.place(card("Test Shield Bell", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature blocks, you gain 1 life.", blocks(creatures()), gain(1))), player="B")
    game.place(card("Test Shield Gong", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature blocks a creature, you gain 10 life.", blocks_a_creature(creatures()), gain(10))),
        player="B")
    attack_with(game, bears)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="B")
    game.declare_blockers({guard: bears})
    expect.that(all(is_blocked(game, b) for b in bears), "護衛は熊2体をブロックした")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 20 + 1 + 20, "「ブロックするたび」は1回、「1体をブロックするたび」は2回")


@check("509.3c@20260116.0@c2f8aa9f", "509.3d@20260116.0@740a18b3", "700.1@20260116.0@9d3fe103",
       example="700.1#1@af94bef0")
def becoming_blocked_by_two_creatures(expect: Expect) -> None:
    """状況: Aは「このクリーチャーがブロックされた状態になるたび1点」と「このクリーチャーがクリーチャー1体にブロックされた状態に
    なるたび10点」のライフを得る能力を持つテスト用クリーチャーで攻撃している。Bは《灰色熊》2体をコントロールしている。
    行動: Bが熊2体でブロックする。
    結果: 前者にとっては1つのイベント、後者にとっては2つのイベントなので、1回と2回誘発する。"""
    game = Game(["A", "B"])
    sentry = game.place(card("Test Watchful Sentry", "{2}", "Creature — Soldier", 1, 5,
                             TriggeredAbility("Whenever this creature becomes blocked, you gain 1 life.",
                                              becomes_blocked(), gain(1)),
                             TriggeredAbility("Whenever this creature becomes blocked by a creature, you gain 10 life.",
                                              becomes_blocked_by(), gain(10))))
    blockers = [game.place(cards.GRIZZLY_BEARS, player="B") for _ in range(2)]
    attack_with(game, [sentry])
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.declare_blockers(dict.fromkeys(blockers, sentry))
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20 + 1 + 20, "「ブロックされた状態になるたび」は1回、「1体に」は2回")


@check("509.4@20260116.0@1dfa5e06", "509.4a@20260116.0@383a3c92", "509.4b@20260116.0@f79e2b94",
       "506.3d@20260116.0@0b5ffb2a")
def a_creature_put_onto_the_battlefield_blocking(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの《風のドレイク》（飛行）がBを、《灰色熊》がCを攻撃している。ブロック・クリーチャーは指定されなかった。
    Bは「クリーチャーがブロックするたび1点」、Aのドレイクは「ブロックされた状態になるたび10点」のライフを得る能力を持つ。
    行動: 効果で、Bの《灰色熊》がドレイクをブロックしている状態で、Bの2体目の熊がCを攻撃している熊をブロックしている状態で、
    戦場に出る。次に、戦闘から取り除かれたクリーチャーをブロックしている状態でBの3体目の熊が出る。
    結果: 1体目は飛行を持たないがブロックしている（制限は適用されない）。ブロックしたとしては扱わないので「ブロックするたび」は
    誘発せず、ブロックされていなかったドレイクの「ブロックされた状態になるたび」は誘発する。Bを攻撃していない熊や、もう攻撃して
    いないクリーチャーをブロックする状態では出ても、ブロック・クリーチャーではない。"""
    game = Game(["A", "B", "C"])
    drake = game.place(card("Test Watchful Drake", "{2}{U}", "Creature — Drake", 2, 2, "flying", TriggeredAbility(
        "Whenever this creature becomes blocked, you gain 10 life.", becomes_blocked(), gain(10))))
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(card("Test Shield Bell", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature blocks, you gain 1 life.", blocks(creatures()), gain(1))), player="B")
    game.place(cards.CORAL_MERFOLK, player="B")
    attack_with(game, {drake: "B", bears: "C"})
    game.declare_blockers({})
    first = put_onto_battlefield_blocking(game, cards.GRIZZLY_BEARS, "B", drake)
    second = put_onto_battlefield_blocking(game, cards.GRIZZLY_BEARS, "B", bears)
    assert first is not None and second is not None
    game.resolve_stack()
    expect.that(is_blocking(game, first) and is_blocked(game, drake), "飛行を持たない熊がドレイクをブロックしている")
    expect.equal((game.players["B"].life, game.players["A"].life), (20, 30),
                 "「ブロックするたび」は誘発せず、ドレイクの「ブロックされた状態になるたび」は誘発した")
    expect.that(not is_blocking(game, second), "Bを攻撃していない熊をブロックする状態では、ブロック・クリーチャーにならない")
    game.destroy(drake)
    third = put_onto_battlefield_blocking(game, cards.GRIZZLY_BEARS, "B", drake.id)
    assert third is not None
    expect.that(not is_blocking(game, third), "もう攻撃していないクリーチャーをブロックする状態では、ブロック・クリーチャーにならない")


@check("509.3e@20260116.0@00e2f101")
def blocked_by_two_or_more_creatures(expect: Expect) -> None:
    """状況: Aは「このクリーチャーが2体以上のクリーチャーによってブロックされた状態になるたび、10点のライフを得る。」を持つテスト用
    クリーチャー（3/6）で攻撃している。Bは《柱平原の雄牛》1体でブロックした。
    行動: 効果でBの2体目の雄牛がそれをブロックしている状態で戦場に出る。次のAのターンには、Bは雄牛2体でブロックする。
    結果: 1体だけのブロックでは誘発せず、2体目が加わってブロックしているクリーチャーが2体になったときに誘発する。最初から2体で
    ブロックしたときも誘発する。"""
    game = Game(["A", "B"])
    giant = game.place(watching("Test Wary Giant", 3, 6, "Whenever this creature becomes blocked by two or more creatures",
                                becomes_blocked_by_at_least(2), 10))
    first = game.place(cards.PILLARFIELD_OX, player="B")
    attack_with(game, [giant])
    game.declare_blockers({first: giant})
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20, "1体だけのブロックでは誘発しない")
    second = put_onto_battlefield_blocking(game, cards.PILLARFIELD_OX, "B", giant)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 30, "ブロックしているクリーチャーが2体になったときに誘発した")
    assert second is not None
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, "lethal", player="A")
    game.next_turn("A")
    attack_with(game, [giant])
    game.declare_blockers({first: giant, second: giant})
    game.resolve_stack()
    expect.equal(game.players["A"].life, 40, "2体でブロックされたときに誘発した")


def _destroy_white_blockers(resolution: Resolution) -> None:
    """"Destroy that creature": the white creatures of the declaration that blocked it."""
    event = resolution.event
    game = resolution.game
    assert isinstance(event, BlockersDeclared) and resolution.source_id is not None
    for blocker in event.blockers_of(resolution.source_id):
        if blocker in game.objects and "W" in game.view(blocker).colors:
            create_delayed(game, "At end of combat, destroy that creature.", at_beginning_of(Step.END_OF_COMBAT, "each"),
                           _destroy(blocker), resolution.controller)


def _destroy(creature: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        if creature in resolution.game.objects:
            resolution.game.destroy(creature)

    return effect


BLACK_KNIGHT = card("Test Dark Squire", "{1}{B}", "Creature — Human Knight", 1, 4)


@check("509.3f@20260116.0@1ac43482", example="509.3f#1@527e5f9c")
def a_block_trigger_looks_at_the_blocker_as_it_blocks(expect: Expect) -> None:
    """状況: Aは「このクリーチャーが白のクリーチャー1体にブロックされた状態になるたび、戦闘終了時に、そのクリーチャーを破壊する。」を
    持つテスト用クリーチャー（1/5）で攻撃している。Bは白の《柱平原の雄牛》と黒のテスト用クリーチャーをコントロールしている。
    行動: 雄牛でブロックする。次のAのターンには黒のクリーチャーでブロックし、そのあと効果でそれが白になる。
    結果: 白の雄牛にブロックされたときは誘発し、雄牛は戦闘終了時に破壊される。黒のクリーチャーでブロックされたあとでそれが白に
    なっても誘発しない。"""
    game = Game(["A", "B"])
    warden = game.place(card("Test Pale Warden", "{2}", "Creature — Soldier", 1, 5, TriggeredAbility(
        "Whenever this creature becomes blocked by a white creature, destroy that creature at end of combat.",
        becomes_blocked_by(by=creatures(colors=["W"])), _destroy_white_blockers)))
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    squire = game.place(BLACK_KNIGHT, player="B")
    attack_with(game, [warden])
    game.declare_blockers({ox: warden})
    expect.equal(len(game.stack), 1, "白の雄牛にブロックされて誘発した")
    game.advance_to(Step.END_OF_COMBAT)
    game.resolve_stack()
    expect.that(ox.id not in game.objects, "雄牛は戦闘終了時に破壊された")
    game.next_turn("A")
    attack_with(game, [warden])
    game.declare_blockers({squire: warden})
    game.create_effect("it becomes white", [becomes_color("W")], [squire], UntilEndOfTurn())
    expect.equal(len(game.stack), 0, "黒のクリーチャーにブロックされても、あとで白になっても誘発しない")
    game.advance_to(Step.END)
    expect.that(squire.id in game.objects, "そのクリーチャーは破壊されない")


@check("508.3f@20260116.0@3c5e885d", "509.3g@20260116.0@733dc304")
def attackers_that_are_not_blocked(expect: Expect) -> None:
    """状況: Aは「クリーチャーが攻撃してブロックされないたび、1点のライフを得る。」を持つテスト用エンチャントと《灰色熊》2体を
    コントロールしている。Bは《柱平原の雄牛》をコントロールしている。
    行動: 熊2体で攻撃し、効果で3体目の熊がBを攻撃している状態で戦場に出る。Bは雄牛で1体目をブロックし、その後雄牛が破壊される。
    結果: 攻撃クリーチャー指定ステップには誘発しない。ブロック・クリーチャーが指定されたときに、ブロックされなかった2体目と、
    攻撃している状態で出た3体目について誘発する。ブロックされた1体目は、ブロック・クリーチャーがいなくなっても誘発しない。"""
    game = Game(["A", "B"])
    game.place(card("Test Open Road", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature attacks and isn't blocked, you gain 1 life.", attacks_and_isnt_blocked(creatures()),
        gain(1))))
    first, second = (game.place(cards.GRIZZLY_BEARS) for _ in range(2))
    ox = game.place(cards.PILLARFIELD_OX, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([first, second])
    third = put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", "B")
    assert third is not None and is_attacking(game, third)
    expect.equal(len(game.stack), 0, "攻撃クリーチャー指定ステップには誘発しない")
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.declare_blockers({ox: first})
    game.destroy(ox)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "ブロックされなかった2体について誘発した")


__all__ = ["CanBlockAdditional", "cast"]
