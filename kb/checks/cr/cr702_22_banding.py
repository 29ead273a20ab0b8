"""Banding (702.22): attacking bands, blocking a band, and who assigns combat damage."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import SWAMP, ChoiceKind, DamageDealt, Game, Step, card, is_blocking, lose
from kb.engine import banding as banding_rules
from kb.engine import combat as combat_rules

BENALISH_HERO = real("ベナリアの勇士", card("Benalish Hero", "{W}", "Creature — Human Soldier", 1, 1, "banding"))
MESA_PEGASUS = real("メサ・ペガサス", card("Mesa Pegasus", "{1}{W}", "Creature — Pegasus", 1, 1, "flying",
                                        "banding"))
BOG_WRAITH = real("沼の悪霊", card("Bog Wraith", "{3}{B}", "Creature — Wraith", 3, 3, "swampwalk"))
real("沼", SWAMP)
WALKER = card("Test Walker", "{3}", "Legendary Planeswalker — Test", loyalty=3)


@check("702.22c@20260116.0@229d3037", "702.22d@20260116.0@b13d8dbe", "702.22m@20260116.0@8434737b",
       "702.22a@20260116.0@028a911e")
def attacking_bands(expect: Expect) -> None:
    """状況: Aの《ベナリアの勇士》2体（バンド）、バンドを2つ持つテスト用クリーチャー、《灰色熊》、《丘巨人》。Bのテスト用プレインズウォーカー。
    行動: 攻撃クリーチャー指定に際し、いくつかの組み合わせでバンドを組もうとする。
    結果: バンドを持つものと、バンドを持たないもの1体までなら組める。バンドを持たないもの2体（バンドを2つ持つものがいても）や、違うものを攻撃するものとは組めない。"""
    game = Game(["A", "B"], library=6)
    hero = game.place(BENALISH_HERO)
    other_hero = game.place(BENALISH_HERO)
    doubled = game.place(card("Test Double Bander", "{1}{W}", "Creature — Human Soldier", 1, 1, "banding",
                              "banding"))
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    walker = game.place(WALKER, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    everyone = dict.fromkeys((hero, other_hero, doubled, bears, giant), "B")  # B, not the planeswalker (508.1b)
    expect.refused(lambda: game.declare_attackers(everyone, bands=[[bears, giant]]), "バンドを持たない2体では組めない")
    expect.refused(lambda: game.declare_attackers(everyone, bands=[[doubled, bears, giant]]),
                   "バンドを2つ持っていてもバンドを持たないものは1体まで")
    expect.refused(lambda: game.declare_attackers({hero: "B", bears: walker}, bands=[[hero, bears]]),
                   "違うものを攻撃するクリーチャーとは組めない")
    game.declare_attackers(everyone, bands=[[hero, other_hero, bears], [doubled, giant]])
    expect.equal(len(game.combat.bands) if game.combat else 0, 2, "バンドを持つものと持たないもの1体で2つのバンドを組めた")


PACK_WOLF = card("Test Pack Wolf", "{1}{G}", "Creature — Wolf", 1, 1, "bands with other Wolves")
WOLF = card("Test Wolf", "{1}{G}", "Creature — Wolf", 2, 2)


@check("702.22b@20260116.0@211c50e4", "702.22c@20260116.0@229d3037")
def bands_with_other(expect: Expect) -> None:
    """状況: Aの「他の狼とのバンド」を持つテスト用の狼、ただの狼2体、《灰色熊》。
    行動: 狼3体でバンドを組み、熊を含めたバンドも組もうとする。次のターン、効果で群れの狼がバンドを失ってから、狼3体でバンドを組もうとする。
    結果: 他の狼とのバンドを持つ狼を含む狼は何体でもバンドを組めるが、狼でない熊は入れない。バンドを失うと他の～とのバンドも失われ、組めなくなる。"""
    game = Game(["A", "B"], library=6)
    pack = game.place(PACK_WOLF)
    wolves = [game.place(WOLF), game.place(WOLF)]
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([pack, *wolves, bears], bands=[[pack, wolves[0], bears]]),
                   "狼でない熊は入れない")
    game.declare_attackers([pack, *wolves], bands=[[pack, *wolves]])
    expect.equal(len(game.combat.bands) if game.combat else 0, 1, "狼3体でバンドを組めた")
    game.next_turn("A")
    game.create_effect("loses banding", [lose("banding")], [pack])
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([pack, *wolves], bands=[[pack, *wolves]]),
                   "バンドを失うと他の狼とのバンドも失われる")


@check("702.22g@20260116.0@6a5d5344", "702.22h@20260116.0@fd032879", example="702.22h#1@d27d06f6")
def blocking_a_band_of_a_flyer_and_a_swampwalker(expect: Expect) -> None:
    """状況: Aが《メサ・ペガサス》（飛行、バンド）と《沼の悪霊》（沼渡り）のバンドで攻撃する。Bは《沼》、《風のドレイク》（飛行）、《灰色熊》をコントロールしている。
    行動: Bがブロック・クリーチャーを指定する。
    結果: バンドは能力を分け合わないので、熊はペガサスも悪霊もブロックできない。ドレイクはペガサスをブロックでき、そうすると沼渡りを持つ悪霊も同じドレイクにブロックされる。"""
    game = Game(["A", "B"], library=6)
    pegasus = game.place(MESA_PEGASUS)
    wraith = game.place(BOG_WRAITH)
    game.place(SWAMP, player="B")
    drake = game.place(cards.WIND_DRAKE, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([pegasus, wraith], bands=[[pegasus, wraith]])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({bears: pegasus}), "熊は飛行を持つペガサスをブロックできない")
    expect.refused(lambda: game.declare_blockers({bears: wraith}), "熊は沼渡りを持つ悪霊をブロックできない")
    game.declare_blockers({drake: pegasus})
    state = game.combat
    expect.that(state is not None and set(state.blockers[drake.id]) == {pegasus.id, wraith.id},
                "ドレイクはペガサスと同じバンドの悪霊もブロックしている")


@check("702.22e@20260116.0@d474d8d5", "702.22f@20260116.0@dd4138a4", "702.22h@20260116.0@fd032879")
def a_band_lasts_the_combat(expect: Expect) -> None:
    """状況: Aの《ベナリアの勇士》2体と《灰色熊》がバンドを組んで攻撃している。Bの《丘巨人》。
    行動: 効果で勇士2体がバンドを失い、熊は戦闘から取り除かれる。Bが丘巨人で1体目の勇士をブロックする。
    結果: バンドは戦闘の間残るので、2体目の勇士もブロックされる。戦闘から取り除かれた熊はバンドからも取り除かれ、ブロックされない。"""
    game = Game(["A", "B"], library=6)
    hero = game.place(BENALISH_HERO)
    other = game.place(BENALISH_HERO)
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hero, other, bears], bands=[[hero, other, bears]])
    game.create_effect("loses banding", [lose("banding")], [hero, other])
    combat_rules.remove_from_combat(game, bears.id)  # as an effect that removes it from combat would
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({giant: hero})
    state = game.combat
    assert state is not None
    expect.equal(set(state.blockers[giant.id]), {hero.id, other.id}, "バンドを失ってもバンドは残り、2体ともブロックされた")
    expect.that(bears.id not in state.blocked and bears.id not in state.attackers, "熊はバンドにいない")


@check("702.22i@20260116.0@73e47490", "509.1h@20260116.0@18ffc839")
def a_band_blocked_by_an_effect(expect: Expect) -> None:
    """状況: Aの《ベナリアの勇士》と《灰色熊》がバンドを組んで攻撃している。
    行動: 効果で勇士がブロックされた状態になる。Bはブロック・クリーチャーを指定しない。
    結果: バンド全体がブロックされた状態になるので、熊もブロックされていて、どちらもBにダメージを与えない。"""
    game = Game(["A", "B"], library=6)
    hero = game.place(BENALISH_HERO)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HILL_GIANT, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hero, bears], bands=[[hero, bears]])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    banding_rules.becomes_blocked(game, hero.id)
    state = game.combat
    expect.that(state is not None and bears.id in state.blocked, "熊もブロックされた状態")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 20, "ブロックされたバンドはダメージを与えない")


@check("702.22j@20260116.0@e5550603", "510.1c@20260116.0@902977d8")
def defending_player_assigns_against_banding(expect: Expect) -> None:
    """状況: Aの《丘巨人》（3/3）が攻撃し、Bの《ベナリアの勇士》（バンド）と《灰色熊》にブロックされる。別のゲームでは熊2体にブロックされる。
    行動: 戦闘ダメージを割り振る。
    結果: バンドを持つクリーチャーにブロックされたので、丘巨人のダメージはアクティブ・プレイヤーでなく防御プレイヤーのBが割り振る：Bは3点すべてを勇士に割り振り、熊は生き残る。熊2体にブロックされたなら割り振るのはA。"""
    game = Game(["A", "B"], library=6)
    giant = game.place(cards.HILL_GIANT)
    hero = game.place(BENALISH_HERO, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([giant])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({hero: giant, bears: giant})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {hero: 3}, player="B")
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(hero.id not in game.objects and bears.id in game.objects, "Bが割り振り、勇士だけが死亡した")
    other = Game(["A", "B"], library=6)
    giant = other.place(cards.HILL_GIANT)
    first, second = other.place(cards.GRIZZLY_BEARS, player="B"), other.place(cards.GRIZZLY_BEARS, player="B")
    other.advance_to(Step.DECLARE_ATTACKERS)
    other.declare_attackers([giant])
    other.advance_to(Step.DECLARE_BLOCKERS)
    other.declare_blockers({first: giant, second: giant})
    other.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {first: 3}, player="A")
    other.advance_to(Step.END_OF_COMBAT)
    expect.that(first.id not in other.objects, "バンドがなければAが割り振る")


@check("702.22k@20260116.0@828d203f", "510.1d@20260116.0@5981f143", "702.22h@20260116.0@fd032879")
def active_player_assigns_for_a_blocker_of_a_band(expect: Expect) -> None:
    """状況: Aの《ベナリアの勇士》と《灰色熊》がバンドを組んで攻撃し、Bの《丘巨人》が熊をブロックする。
    行動: 戦闘ダメージを割り振る。
    結果: 丘巨人はバンド全体をブロックしている。バンドを持つクリーチャーをブロックしているので、丘巨人の3点は防御プレイヤーでなくアクティブ・プレイヤーのAが割り振る：Aは3点すべてを勇士に割り振り、熊は生き残る。丘巨人は2体から3点を受けて死亡する。"""
    game = Game(["A", "B"], library=6)
    hero = game.place(BENALISH_HERO)
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([hero, bears], bands=[[hero, bears]])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({giant: bears})
    expect.that(is_blocking(game, giant), "丘巨人がブロックした")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {hero: 3}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    to_giant = sum(e.amount for e in game.events(DamageDealt) if e.recipient == giant.id)
    expect.equal(to_giant, 3, "バンドの2体が丘巨人に3点")
    expect.that(hero.id not in game.objects and bears.id in game.objects, "Aが割り振り、勇士だけが死亡した")
    expect.that(giant.id not in game.objects, "丘巨人も死亡した")
