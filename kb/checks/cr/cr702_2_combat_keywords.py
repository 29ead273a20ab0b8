"""The combat keyword abilities of 702.2-702.36 in detail: deathtouch and lifelink from any zone
and by last known information, redundant instances, first and double strike changing between
the two combat damage steps, trample and trample over planeswalkers, landwalk of every kind,
horsemanship."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    FOREST,
    ActivatedAbility,
    ChoiceKind,
    DamageDealt,
    Game,
    GameObject,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    card,
    cost,
    creatures,
    gain,
    is_blocking,
    lose,
    target_creature,
)
from kb.engine.cards import Card
from kb.engine.errors import IllegalAction
from kb.engine.events import LifeChanged
from kb.engine.rules import CanBlockAdditional
from kb.engine.stack import Resolution
from kb.engine.triggers import on_event


def _pings(amount: int):  # type: ignore[no-untyped-def]
    """"This deals N damage to target creature", its source the object with the ability (or as it
    last existed, 113.7a)."""

    def effect(resolution: Resolution) -> None:
        target = resolution.target
        if isinstance(target, int) and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, target, amount)

    return effect


VIPER = card("Test Viper", "{B}{W}", "Creature — Snake", 1, 1, "deathtouch", "lifelink",
             ActivatedAbility("Sacrifice this: It deals 1 damage to target creature.", cost("Sacrifice this"),
                              _pings(1), (target_creature(),)))
GRAVE_VIPER = card("Test Grave Viper", "{B}{W}", "Creature — Snake", 1, 1, "deathtouch", "lifelink",
                   ActivatedAbility("{1}: This card deals 1 damage to target creature. Activate only while it is "
                                    "in your graveyard.", cost("{1}"), _pings(1), (target_creature(),),
                                    zones=frozenset({Zone.GRAVEYARD})))


@check("702.2e@20260116.0@c2a6070c", "702.15c@20260116.0@b1572000", "702.2b@20260116.0@5599ce7c")
def deathtouch_and_lifelink_by_last_known_information(expect: Expect) -> None:
    """状況: Aの接死と絆魂を持つテスト用の蛇（「これを生け贄に捧げる：クリーチャー1体を対象とする。これはそれに1点のダメージを与える。」）。Bの《丘巨人》。
    行動: Aが蛇を生け贄に捧げて丘巨人を対象に起動し、解決する。
    結果: ダメージを与える前に蛇は墓地に移っているが、最後の情報で接死と絆魂を持つので、丘巨人は破壊され、Aは1点のライフを得る。"""
    game = Game(["A", "B"], library=6)
    viper = game.place(VIPER)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.activate("A", viper, 0, targets=[giant])
    expect.that(viper.id not in game.objects, "蛇は生け贄に捧げられた")
    game.resolve_stack()
    expect.that(giant.id not in game.objects, "最後の情報の接死で丘巨人は破壊された")
    expect.equal(game.players["A"].life, 21, "最後の情報の絆魂でAはライフを得た")


@check("702.2d@20260116.0@c981be31", "702.15d@20260116.0@b6dfc563", "702.2a@20260116.0@e949adc5",
       "702.15a@20260116.0@0951d644")
def deathtouch_and_lifelink_from_the_graveyard(expect: Expect) -> None:
    """状況: Aの墓地に、接死と絆魂を持ち「{1}：クリーチャー1体を対象とする。このカードはそれに1点のダメージを与える。墓地にある間にのみ起動できる。」を持つテスト用の蛇のカード。Bの《丘巨人》。
    行動: Aが墓地から起動して丘巨人を対象とし、解決する。
    結果: 墓地にあるカードがダメージを与えても接死と絆魂は働く。丘巨人は破壊され、Aは1点のライフを得る。"""
    game = Game(["A", "B"], library=6)
    viper = game.place(GRAVE_VIPER, Zone.GRAVEYARD, "A")
    giant = game.place(cards.HILL_GIANT, player="B")
    game.add_mana("A", "{C}")
    game.activate("A", viper, 0, targets=[giant])
    game.resolve_stack()
    expect.that(giant.id not in game.objects, "墓地のカードの接死で丘巨人は破壊された")
    expect.equal(game.players["A"].life, 21, "墓地のカードの絆魂でAはライフを得た")
    expect.equal(viper.zone, Zone.GRAVEYARD, "カードは墓地にあるまま")


DOUBLED = card("Test Doubled Striker", "{3}{B}{G}", "Creature — Beast", 2, 2, "deathtouch", "deathtouch",
               "first strike", "first strike", "lifelink", "lifelink", "trample", "trample")


@check("702.2f@20260116.0@a503658a", "702.7d@20260116.0@fa5931b4", "702.15f@20260116.0@a330ca64",
       "702.19g@20260116.0@ecbf7b15", "702.2c@20260116.0@7c59584f")
def redundant_combat_damage_keywords(expect: Expect) -> None:
    """状況: Aの2/2のテスト用クリーチャーは接死、先制攻撃、絆魂、トランプルをそれぞれ2つずつ持つ。Bの《丘巨人》（3/3）。
    行動: それが攻撃し、丘巨人にブロックされる。Aは丘巨人に1点、Bに1点を割り振る。
    結果: 接死の1点で致死ダメージとして扱われ、残りはBに与えられる。ダメージは先制攻撃の1回だけ、ライフは与えた2点を1回だけ得る。丘巨人は破壊される。"""
    game = Game(["A", "B"], library=6)
    striker = game.place(DOUBLED)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([striker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({giant: striker})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {giant: 1, "B": 1}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    dealt = [e for e in game.events(DamageDealt) if e.source == striker.id]
    expect.equal(len(dealt), 2, "第1ステップで丘巨人とBに1回ずつ、第2ステップには与えない")
    expect.equal(game.players["B"].life, 19, "接死の1点が致死なので1点がBに通った")
    expect.that(giant.id not in game.objects, "丘巨人は接死で破壊された")
    gains = [e.amount for e in game.events(LifeChanged) if e.player == "A" and e.amount > 0]
    expect.equal(gains, [2], "絆魂2つでもライフを得るのは与えた2点の1回だけ（1つの発生源は1つのライフ獲得イベント）")


KNIGHT_TWO = card("Test Second Knight", "{1}{W}", "Creature — Human Knight", 2, 1, "first strike")


@check("702.4c@20260116.0@571f654c", "702.4d@20260116.0@c3896301", "702.7c@20260116.0@4c6a5263",
       "702.4b@20260116.0@c98f2eeb", "702.4a@20260116.0@9f9c7d87", "702.7a@20260116.0@89d3f6d6",
       "510.4@20260116.0@4ac110e9")
def strike_changes_between_damage_steps(expect: Expect) -> None:
    """状況: Aの《ボロスの速太刀》（二段攻撃、1/2）、《若年の騎士》（先制攻撃、2/1）、《灰色熊》、先制攻撃を持つテスト用の騎士（2/1）が攻撃し、誰もブロックしない。
    行動: 第1戦闘ダメージ・ステップの後、速太刀は二段攻撃を失い、若年の騎士は二段攻撃を得、熊は先制攻撃を得、テスト用の騎士は先制攻撃を失う。
    結果: 第1ステップでは速太刀と2体の騎士の5点。第2ステップで与えるのは若年の騎士（二段攻撃を得た）と熊（第1ステップの開始時に先制攻撃を持っていなかった）の4点だけ。"""
    game = Game(["A", "B"], library=6)
    swiftblade = game.place(cards.BOROS_SWIFTBLADE)
    knight = game.place(cards.YOUTHFUL_KNIGHT)
    bears = game.place(cards.GRIZZLY_BEARS)
    other = game.place(KNIGHT_TWO)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([swiftblade, knight, bears, other])
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.equal(game.players["B"].life, 15, "第1ステップは先制攻撃と二段攻撃の5点")
    game.create_effect("loses double strike", [lose("double strike")], [swiftblade], UntilEndOfTurn())
    game.create_effect("gains double strike", [gain("double strike")], [knight], UntilEndOfTurn())
    game.create_effect("gains first strike", [gain("first strike")], [bears], UntilEndOfTurn())
    game.create_effect("loses first strike", [lose("first strike")], [other], UntilEndOfTurn())
    before = len(game.events(DamageDealt))
    game.advance_to(Step.END_OF_COMBAT)
    second = {e.source for e in game.events(DamageDealt)[before:]}
    expect.equal(second, {knight.id, bears.id}, "第2ステップに与えるのは二段攻撃を得た騎士と熊だけ")
    expect.equal(game.players["B"].life, 11, "第2ステップは4点")


TWIN_STRIKER = card("Test Twin Striker", "{2}{R}{W}", "Creature — Human Soldier", 2, 2, "double strike",
                    "double strike")


@check("702.4e@20260116.0@983b714d", "702.4b@20260116.0@c98f2eeb", "510.4@20260116.0@4ac110e9")
def redundant_double_strike(expect: Expect) -> None:
    """状況: Aの二段攻撃を2つ持つ2/2のテスト用クリーチャーが攻撃し、誰もブロックしない。
    行動: 戦闘ダメージ・ステップを進める。
    結果: 戦闘ダメージ・ステップは2つだけで、それぞれ2点ずつ、合計4点を与える。"""
    game = Game(["A", "B"], library=6)
    twin = game.place(TWIN_STRIKER)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([twin])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal([e.amount for e in game.events(DamageDealt)], [2, 2], "2回だけ与える")
    expect.equal(game.players["B"].life, 16, "合計4点")


SHU_CAVALRY = real("蜀の騎兵部隊", card("Shu Cavalry", "{2}{W}", "Creature — Human Soldier", 2, 2, "horsemanship"))


def _blocks(game: Game, attacker: GameObject, refused: GameObject, allowed: GameObject, expect: Expect,
            what: str) -> None:
    expect.refused(lambda: game.declare_blockers({refused: attacker}), f"{what}: ブロックできない")
    game.declare_blockers({allowed: attacker})
    expect.that(is_blocking(game, allowed), f"{what}: ブロックできる")


def _attack_and_block(attacker: Card, refused: Card, allowed: Card, expect: Expect, what: str) -> None:
    game = Game(["A", "B"], library=6)
    a = game.place(attacker)
    no = game.place(refused, player="B")
    yes = game.place(allowed, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([a])
    game.advance_to(Step.DECLARE_BLOCKERS)
    _blocks(game, a, no, yes, expect, what)


@check("702.31b@20260116.0@a706faaf", "702.31a@20260116.0@1a7a37b2")
def horsemanship(expect: Expect) -> None:
    """状況: Aの《蜀の騎兵部隊》（馬術）が攻撃している。Bは《風のドレイク》（飛行）と馬術を持つテスト用の騎兵を持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 飛行を持つドレイクでもブロックできない。馬術を持つ騎兵はブロックできる。馬術を持つクリーチャーは馬術を持たない攻撃クリーチャーもブロックできる。"""
    _attack_and_block(SHU_CAVALRY, cards.WIND_DRAKE,
                      card("Test Rider", "{1}{B}", "Creature — Human Soldier", 1, 1, "horsemanship"), expect,
                      "馬術")
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    rider = game.place(SHU_CAVALRY, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({rider: bears})
    expect.that(is_blocking(game, rider), "馬術を持つクリーチャーは馬術のない熊をブロックできる")


@check("702.9c@20260116.0@2dec17ac", "702.17c@20260116.0@25089980", "702.28c@20260116.0@5cdac9ab",
       "702.31c@20260116.0@f3cda2c3", "702.36c@20260116.0@f9bc4ace", "702.13c@20260116.0@a5c48a79",
       "702.9a@20260116.0@aa59cca3", "702.13a@20260116.0@c4ad0dfb", "702.17a@20260116.0@16b3fa96",
       "702.28a@20260116.0@bd905a8b", "702.36a@20260116.0@9840cbd0")
def redundant_evasion(expect: Expect) -> None:
    """状況: Aの攻撃クリーチャーは、それぞれ飛行を2つ、シャドーを2つ、馬術を2つ、畏怖を2つ、威嚇を2つ持つテスト用クリーチャー。Bのブロックには到達を2つ持つもの、シャドーを持つもの、馬術を持つもの、黒いもの、同じ色のものがいる。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 2つ持っていても1つのときと同じ：持たないものはブロックできず、1つ持つもの（到達は2つでも1つと同じ）や条件に合うものはブロックできる。"""
    plain = cards.GRIZZLY_BEARS
    cases = (
        ("飛行", card("Test Flier", "{2}{U}", "Creature — Bird", 2, 2, "flying", "flying"),
         card("Test Spider", "{2}{G}", "Creature — Spider", 1, 3, "reach", "reach")),
        ("シャドー", card("Test Shade", "{1}{B}", "Creature — Spirit", 2, 1, "shadow", "shadow"),
         card("Test Shade Blocker", "{1}{B}", "Creature — Spirit", 1, 1, "shadow")),
        ("馬術", card("Test Horseman", "{1}{W}", "Creature — Human", 2, 2, "horsemanship", "horsemanship"),
         card("Test Rider", "{1}{B}", "Creature — Human Soldier", 1, 1, "horsemanship")),
        ("畏怖", card("Test Fearsome", "{1}{B}", "Creature — Zombie", 2, 2, "fear", "fear"), cards.TYPHOID_RATS),
        ("威嚇", card("Test Menacing Green", "{1}{G}", "Creature — Beast", 2, 2, "intimidate", "intimidate"),
         card("Test Green Blocker", "{G}", "Creature — Elf", 1, 1)),
    )
    for what, attacker, allowed in cases:
        _attack_and_block(attacker, plain if what != "威嚇" else cards.HILL_GIANT, allowed, expect, what)


SNOW_FOREST = real("冠雪の森", card("Snow-Covered Forest", None, "Basic Snow Land — Forest"))
SNOW_WALKER = card("Test Snow Forestwalker", "{2}{G}", "Creature — Elemental", 2, 2, "snow forestwalk")


@check("702.14c@20260116.0@26b99bfd", "702.14d@20260116.0@36a56f35", "702.14b@20260116.0@e4e4858c",
       example="702.14d#1@99ebbba4")
def snow_forestwalk_doesnt_cancel_out(expect: Expect) -> None:
    """状況: Aの氷雪森渡りを持つテスト用クリーチャーが攻撃している。Bは《冠雪の森》と、氷雪森渡りを持つ同じクリーチャーをコントロールしている。別のゲームではBは（氷雪でない）《森》だけを持つ。
    行動: Bがその氷雪森渡りを持つクリーチャーでブロックしようとする。
    結果: Bが氷雪の森をコントロールしている限り、氷雪森渡りを持つクリーチャーにさえブロックされない（土地渡りは打ち消し合わない）。氷雪でない森しかなければブロックできる。"""
    game = Game(["A", "B"], library=6)
    walker = game.place(SNOW_WALKER)
    game.place(SNOW_FOREST, player="B")
    blocker = game.place(SNOW_WALKER, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([walker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({blocker: walker}), "同じ氷雪森渡りを持っていてもブロックできない")
    other = Game(["A", "B"], library=6)
    walker = other.place(SNOW_WALKER)
    other.place(FOREST, player="B")
    blocker = other.place(SNOW_WALKER, player="B")
    other.advance_to(Step.DECLARE_ATTACKERS)
    other.declare_attackers([walker])
    other.advance_to(Step.DECLARE_BLOCKERS)
    other.declare_blockers({blocker: walker})
    expect.that(is_blocking(other, blocker), "氷雪でない森だけならブロックできる")


@check("702.14c@20260116.0@26b99bfd", "702.14e@20260116.0@d8b15840", "702.14a@20260116.0@3120c255")
def landwalk_of_every_kind(expect: Expect) -> None:
    """状況: Aは基本でない土地渡りを持つもの、アーティファクト土地渡りを持つもの、森渡りを2つ持つもののテスト用クリーチャーで攻撃する。Bは《森》と、基本でない土地（《ミシュラの工廠》）をコントロールしている。
    行動: Bが《灰色熊》でブロックしようとする。
    結果: 基本でない土地渡りと森渡り（2つあっても同じ）ではブロックできない。Bはアーティファクトである土地を持たないので、アーティファクト土地渡りを持つものはブロックできる。"""
    for keyword, blocked in (("nonbasic landwalk", False), ("artifact landwalk", True),
                             ("forestwalk", False)):
        game = Game(["A", "B"], library=6)
        extra = (keyword,) if keyword != "forestwalk" else ("forestwalk", "forestwalk")
        walker = game.place(card("Test Walker", "{2}{G}", "Creature — Elemental", 2, 2, *extra))
        game.place(FOREST, player="B")
        game.place(cards.MISHRAS_FACTORY, player="B")
        bears = game.place(cards.GRIZZLY_BEARS, player="B")
        game.advance_to(Step.DECLARE_ATTACKERS)
        game.declare_attackers([walker])
        game.advance_to(Step.DECLARE_BLOCKERS)
        if blocked:
            game.declare_blockers({bears: walker})
            expect.that(is_blocking(game, bears), f"{keyword}: 該当する土地がないのでブロックできる")
        else:
            expect.refused(lambda g=game, b=bears, w=walker: g.declare_blockers({b: w}),  # type: ignore[misc]
                           f"{keyword}: 該当する土地があるのでブロックできない")


AJANIS_PRIDEMATE = real("アジャニの群れ仲間", card(
    "Ajani's Pridemate", "{1}{W}", "Creature — Cat Soldier", 2, 2,
    TriggeredAbility("Whenever you gain life, you may put a +1/+1 counter on Ajani's Pridemate.",
                     on_event("whenever you gain life", (LifeChanged,),
                              lambda t: 1 if isinstance(t.event, LifeChanged) and t.event.amount > 0
                              and t.event.player == t.source.controller else 0),
                     lambda r: r.game.put_counters(r.source_id, "+1/+1") if r.source_id is not None else None)))
"""アジャニの群れ仲間 (the "may" is taken: the checks always put the counter)."""


@check("702.15e@20260116.0@be4a4d4b", "702.15b@20260116.0@5c772e00", example="702.15e#1@cc51a142")
def lifelink_sources_gain_life_separately(expect: Expect) -> None:
    """状況: Aは《アジャニの群れ仲間》と、絆魂を持つ《吸血鬼の夜鷲》2体をコントロールしている。
    行動: 2体の夜鷲が同時にBに戦闘ダメージを与える。
    結果: それぞれが別々にライフを得るイベントを作るので、群れ仲間の能力は2回誘発し、+1/+1カウンターが2個置かれる。"""
    game = Game(["A", "B"], library=6)
    pridemate = game.place(AJANIS_PRIDEMATE)
    first = game.place(cards.VAMPIRE_NIGHTHAWK)
    second = game.place(cards.VAMPIRE_NIGHTHAWK)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([first, second])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal([e.amount for e in game.events(LifeChanged) if e.player == "A"], [2, 2], "ライフを得るイベントは2つ")
    expect.equal(game.view(pridemate).counter("+1/+1"), 2, "群れ仲間の能力は2回誘発した")


@check("702.19a@20260116.0@ff9a0f71", "704.5g@20260116.0@05710b56")
def trample_is_only_for_attacking_combat_damage(expect: Expect) -> None:
    """状況: Bのトランプルと「{T}：クリーチャー1体を対象とする。これはそれに自身のパワーに等しいダメージを与える。」を持つ6/6のテスト用クリーチャー。Aの《灰色熊》。
    行動: 熊が攻撃し、トランプルを持つクリーチャーがブロックする。次のターン、Bがその能力で熊と同じような2/2を対象にする。
    結果: ブロックしているときも、戦闘ダメージでないときも、トランプルは何もしない：余剰のダメージがプレイヤーに与えられることはない。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    trampler = game.place(card("Test Trampling Brute", "{4}{G}{G}", "Creature — Beast", 6, 6, "trample",
                               ActivatedAbility("{T}: It deals damage equal to its power to target creature.",
                                                cost("{T}"), _pings(6), (target_creature(),))), player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({trampler: bears})
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(bears.id not in game.objects, "ブロックした6点で熊は破壊された")
    expect.equal(game.players["A"].life, 20, "ブロック・クリーチャーのトランプルで余剰がAに与えられることはない")
    other = game.place(cards.GRIZZLY_BEARS)
    game.next_turn("B")
    game.activate("B", trampler, 0, targets=[other])
    game.resolve_stack()
    expect.that(other.id not in game.objects, "能力のダメージで熊は破壊された")
    expect.equal(game.players["A"].life, 20, "戦闘ダメージでないダメージにトランプルは働かない")


WIDE_BLOCKER = card("Test Wide Blocker", "{2}{W}", "Creature — Soldier", 2, 2,
                    StaticAbility("This creature can block an additional creature each combat.",
                                  rules=(CanBlockAdditional(creatures()),)))
"""Stands for the creature of the example that can block an additional creature."""


@check("702.19b@20260116.0@8e607fbd", "509.1a@20260116.0@c9d3bd91", "510.1d@20260116.0@5981f143",
       example="702.19b#1@bee7e10a")
def trample_past_a_creature_blocking_two(expect: Expect) -> None:
    """状況: Bのクリーチャーを追加で1体ブロックできる2/2のテスト用クリーチャー。Aの能力を持たない1/1のテスト用クリーチャーと、トランプルを持つ3/3のテスト用クリーチャー。
    行動: 2体が攻撃し、Bの2/2が両方をブロックする。Aは1/1から1点、トランプルを持つものから1点をブロック・クリーチャーに、残る2点をBに割り振る。Bは2/2のダメージを2体に割り振る。
    結果: 同時に割り振られる1/1のダメージと合わせて2/2に致死ダメージが割り振られたので、トランプルの2点がBに与えられる。2/2は破壊される。"""
    game = Game(["A", "B"], library=6)
    small = game.place(card("Test Small", "{W}", "Creature — Soldier", 1, 1))
    trampler = game.place(card("Test Trampler 3/3", "{2}{G}", "Creature — Beast", 3, 3, "trample"))
    wide = game.place(WIDE_BLOCKER, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([small, trampler])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({wide: [small, trampler]})
    expect.that(is_blocking(game, wide), "追加で1体ブロックできるので2体をブロックした")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {wide: 1, "B": 2}, player="A")
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {small: 1, trampler: 1}, player="B")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 18, "トランプルの2点がBに与えられた")
    expect.that(wide.id not in game.objects, "2/2は合わせて2点を受けて破壊された")
    expect.that(small.id not in game.objects and trampler.id in game.objects, "Bは1点ずつ割り振った")


PRO_GREEN = card("Test Green Warden", "{1}{W}", "Creature — Human", 2, 2, "protection from green")


@check("702.19b@20260116.0@8e607fbd", "702.16e@20260116.0@8fed278b", example="702.19b#2@cfc44a28")
def trample_assigns_lethal_ignoring_prevention(expect: Expect) -> None:
    """状況: Aのトランプルを持つ6/6の緑のテスト用クリーチャーが、Bのプロテクション（緑）を持つ2/2のテスト用クリーチャーにブロックされている。
    行動: Aはブロック・クリーチャーに1点だけ割り振ってBに5点割り振ろうとし、次に2点と4点で割り振る。
    結果: 軽減されるダメージでも致死ダメージは2点なので、1点では割り振れない。2点割り振れば4点がBに与えられ、2点は軽減される。"""
    game = Game(["A", "B"], library=6)
    wurm = game.place(card("Test Green Trampler", "{4}{G}{G}", "Creature — Wurm", 6, 6, "trample"))
    warden = game.place(PRO_GREEN, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([wurm])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({warden: wurm})
    checkpoint = game.checkpoint()
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {warden: 1, "B": 5}, player="A")
    try:
        game.advance_to(Step.END_OF_COMBAT)
        refused = False
    except IllegalAction:
        refused = True
    expect.that(refused, "1点では致死ダメージに足りないので割り振れない")
    game.restore(checkpoint)
    game.choices.scripted.clear()
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {warden: 2, "B": 4}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 16, "4点がBに与えられた")
    expect.equal(game.current(warden).damage, 0, "2点はプロテクションで軽減された")


WALKER = card("Test Walker", "{3}", "Legendary Planeswalker — Test", loyalty=3)
PW_TRAMPLER = card("Test Planeswalker Trampler", "{5}{G}{G}", "Creature — Beast", 7, 7,
                   "trample over planeswalkers")


@check("702.19c@20260116.0@f888f76d", example="702.19c#1@e0d7498e")
def trample_over_planeswalkers(expect: Expect) -> None:
    """状況: Bの忠誠カウンター3個のテスト用プレインズウォーカー。Aの能力を持たない1/1と、プレインズウォーカー越えトランプルを持つ7/7のテスト用クリーチャー。
    行動: 2体がプレインズウォーカーを攻撃し、ブロックされない。Aは1/1の1点と7/7の2点をプレインズウォーカーに、7/7の5点をBに割り振る。
    結果: 同時に割り振られた1点と合わせて忠誠度以上を割り振ったので、余剰の5点はプレインズウォーカーのコントローラーであるBに与えられる。プレインズウォーカーは墓地に置かれる。"""
    game = Game(["A", "B"], library=6)
    walker = game.place(WALKER, player="B")
    small = game.place(card("Test Small", "{W}", "Creature — Soldier", 1, 1))
    trampler = game.place(PW_TRAMPLER)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({small: walker, trampler: walker})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, {walker: 2, "B": 5}, player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 15, "余剰の5点がBに与えられた")
    expect.that(walker.id not in game.objects, "プレインズウォーカーは3点で墓地に置かれた")


@check("702.19e@20260116.0@ab0de3ea", "702.19f@20260116.0@b831ee8a", "702.19d@20260116.0@3cb17de8",
       "702.19c@20260116.0@f888f76d")
def trample_over_a_planeswalker_that_left(expect: Expect) -> None:
    """状況: Aのプレインズウォーカー越えトランプルを持つ7/7と、トランプルだけを持つ7/7のテスト用クリーチャーが、Bのテスト用プレインズウォーカーを攻撃している。
    行動: 戦闘ダメージの前にプレインズウォーカーが戦場を離れる。
    結果: プレインズウォーカー越えトランプルを持つものは7点すべてをBに与える。トランプルだけのものはプレインズウォーカーがいなくなってもBにダメージを与えない。"""
    game = Game(["A", "B"], library=6)
    walker = game.place(WALKER, player="B")
    over = game.place(PW_TRAMPLER)
    plain = game.place(card("Test Trampler 7/7", "{5}{G}{G}", "Creature — Beast", 7, 7, "trample"))
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({over: walker, plain: walker})
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.exile(walker)
    game.advance_to(Step.END_OF_COMBAT)
    dealt = {e.source: e.amount for e in game.events(DamageDealt)}
    expect.equal(dealt.get(over.id), 7, "プレインズウォーカー越えトランプルの7点はBに")
    expect.that(plain.id not in dealt, "トランプルだけでは防御プレイヤーに与えない")
    expect.equal(game.players["B"].life, 13, "Bが受けたのは7点")
