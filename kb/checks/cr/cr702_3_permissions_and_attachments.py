"""Keyword abilities that give or take away permissions (defender, flash, haste, vigilance,
indestructible, hexproof, shroud) and those of Auras and Equipment (enchant, equip): their
details and redundant instances."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr601_casting import LLANOWAR_ELVES
from kb.checks.cr.cr702_11_hexproof_protection import targetable
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    FOREST,
    Game,
    StaticAbility,
    Step,
    StepBegan,
    TriggeredAbility,
    attached_to_this,
    card,
    count,
    gain,
    lands,
    modify_pt,
    modify_pt_by,
    on_event,
)
from kb.engine.stack import Resolution


@check("702.3c@20260116.0@73a2b57b", "702.10d@20260116.0@4924e216", "702.20c@20260116.0@1541ff27",
       "702.8b@20260116.0@579dd7c2", "702.12c@20260116.0@56f0dffa", "702.11h@20260116.0@a4111b21",
       "702.18b@20260116.0@4faa35df", "702.16m@20260116.0@96987396", "702.3a@20260116.0@e8ff0c77",
       "702.12a@20260116.0@cb5bc45b", "702.20a@20260116.0@ade3b5c0")
def redundant_permissions(expect: Expect) -> None:
    """状況: Aのテスト用クリーチャーたちは、それぞれ速攻と警戒を2つずつ、防衛を2つ、破壊不能を2つ、呪禁を2つ、被覆を2つ、プロテクション（赤）を2つ持つ。Aの手札に瞬速を2つ持つクリーチャー。
    行動: 攻撃し、Bのターンに瞬速のクリーチャーを唱え、呪文の対象にしようとし、《神の怒り》を唱え、赤の発生源がダメージを与える。
    結果: どれも1つのときと同じ：速攻と警戒のものはこのターンに出ても攻撃してタップしない。防衛のものは攻撃できない。瞬速のものは対戦相手のターンに唱えられる。呪禁のものはコントローラーだけが、被覆のものは誰も対象にできない。破壊不能のものは残る。赤からのダメージは軽減される。"""
    game = Game(["A", "B"], library=6)
    runner = game.put_onto_battlefield(card("Test Double Runner", "{1}{R}", "Creature — Human", 2, 2, "haste",
                                            "haste", "vigilance", "vigilance"), "A")
    wall = game.place(card("Test Double Wall", "{1}", "Creature — Wall", 0, 4, "defender", "defender"))
    assert runner is not None
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([wall]), "防衛を2つ持つものは攻撃できない")
    game.declare_attackers([runner])
    expect.that(not runner.tapped, "速攻で攻撃でき、警戒でタップしない")
    game.next_turn("B")
    flash = in_hand(game, card("Test Double Flash", "{1}{U}", "Creature — Faerie", 1, 1, "flash", "flash"), "A")
    give_mana(game, "A", "{1}{U}")
    game.pass_priority_to("A")
    game.cast("A", flash)
    game.resolve_stack()
    expect.equal(game.current(flash).zone.value, "battlefield", "瞬速を2つ持つものを対戦相手のターンに唱えられる")
    hexproof = game.place(card("Test Double Hexproof", "{1}{G}", "Creature — Bear", 2, 2, "hexproof", "hexproof"), player="A")
    shroud = game.place(card("Test Double Shroud", "{1}{G}", "Creature — Bear", 2, 2, "shroud", "shroud"), player="A")
    expect.that(targetable(game, "A", cards.GIANT_GROWTH, hexproof), "呪禁を2つ持つものもコントローラーは対象にできる")
    expect.that(not targetable(game, "B", cards.GIANT_GROWTH, hexproof), "対戦相手は対象にできない")
    expect.that(not targetable(game, "A", cards.GIANT_GROWTH, shroud), "被覆を2つ持つものは誰も対象にできない")
    sturdy = game.place(card("Test Double Sturdy", "{4}", "Artifact Creature — Golem", 3, 3, "indestructible",
                             "indestructible"), player="A")
    warded = game.place(card("Test Double Warded", "{1}{W}", "Creature — Human", 2, 2, "protection from red",
                             "protection from red"), player="A")
    giant = game.place(cards.HILL_GIANT, player="B")
    expect.equal(game.deal_damage(giant, warded, 3), 0, "プロテクション（赤）が2つでも赤のダメージが軽減されるだけ")
    game.next_turn("B")
    wrath = in_hand(game, cards.WRATH_OF_GOD, "B")
    give_mana(game, "B", "{2}{W}{W}")
    game.cast("B", wrath)
    game.resolve_stack()
    expect.that(sturdy.id in game.objects and hexproof.id not in game.objects, "破壊不能を2つ持つものだけ残る")


@check("702.10c@20260116.0@5cbd33a6", "302.6@20260116.0@ed6b1576", "602.5a@20260116.0@3801650e",
       "702.10a@20260116.0@c1c1a18c")
def haste_lets_a_new_creature_use_tap_abilities(expect: Expect) -> None:
    """状況: このターンにAのコントロール下で戦場に出た《ラノワールのエルフ》。
    行動: Aがその{T}のマナ能力を起動しようとする。次に効果でエルフが速攻を得て、もう一度起動する。
    結果: ターンの開始時からコントロールしていないクリーチャーは{T}の能力を起動できないが、速攻を持てば起動できる。"""
    game = Game(["A", "B"], library=6)
    elves = game.put_onto_battlefield(LLANOWAR_ELVES, "A")
    assert elves is not None
    expect.refused(lambda: game.activate("A", elves, 0), "速攻がなければ{T}の能力を起動できない")
    game.create_effect("gains haste", [gain("haste")], [elves])
    game.activate("A", elves, 0)
    expect.equal(game.players["A"].mana.total, 1, "速攻があれば起動でき、{G}を得た")


@check("702.5a@20260116.0@b1d14d6e", "303.4a@20260116.0@a6ec3e5b", "701.3b@20260116.0@83c29d5d",
       "702.5b@20260116.0@049e5771")
def enchant_limits_targets_and_hosts(expect: Expect) -> None:
    """状況: Aの手札の《聖なる力》（エンチャント（クリーチャー））、戦場の《森》と《灰色熊》。
    行動: 森を対象に唱えようとし、熊を対象に唱える。その後、効果で聖なる力を森につけようとする。
    結果: オーラ・呪文はエンチャントできるものしか対象にできない。熊についた聖なる力を森に移そうとしても動かない。"""
    game = Game(["A", "B"], library=6)
    forest = game.place(FOREST)
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.that(targetable(game, "A", cards.HOLY_STRENGTH, bears), "クリーチャーは対象にできる")
    expect.that(not targetable(game, "A", cards.HOLY_STRENGTH, forest), "土地は対象にできない")
    aura = in_hand(game, cards.HOLY_STRENGTH)
    give_mana(game, "A", "{W}")
    game.cast("A", aura, targets=[bears])
    game.resolve_stack()
    strength = game.current(aura)
    expect.equal(game.view(bears).pt, (3, 4), "熊についた")
    game.attach(strength, forest)
    expect.equal(strength.attached_to, bears.id, "クリーチャーでない森にはつけられない")


@check("702.5c@20260116.0@3925bcc6")
def several_enchant_abilities(expect: Expect) -> None:
    """状況: Aの手札の、エンチャント（クリーチャー）とエンチャント（アーティファクト）の両方を持つテスト用オーラ。戦場に《灰色熊》、《骨断ちの矛槍》、《羽ばたき飛行機械》。
    行動: それぞれを対象に唱えようとする。
    結果: すべてのエンチャント能力に合うものだけが対象になる：アーティファクト・クリーチャーの飛行機械だけ。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    sword = game.place(cards.BONESPLITTER)
    thopter = game.place(cards.ORNITHOPTER)
    aura = card("Test Double Aura", "{U}", "Enchantment — Aura", "enchant creature", "enchant artifact",
                StaticAbility("Enchanted permanent gets +1/+1.", (modify_pt(1, 1),), attached_to_this()))
    expect.that(targetable(game, "A", aura, thopter), "アーティファクト・クリーチャーは対象にできる")
    expect.that(not targetable(game, "A", aura, bears), "アーティファクトでないクリーチャーは対象にできない")
    expect.that(not targetable(game, "A", aura, sword), "クリーチャーでないアーティファクトは対象にできない")


def _curse_damage(resolution: Resolution) -> None:
    source = resolution.source
    if source is not None and isinstance(source.attached_to, str) and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, source.attached_to, 1)


CURSE_OF_THE_PIERCED_HEART = real("貫かれた心臓の呪い", card(
    "Curse of the Pierced Heart", "{1}{R}", "Enchantment — Aura Curse", "enchant player",
    TriggeredAbility("At the beginning of enchanted player's upkeep, Curse of the Pierced Heart deals 1 damage to "
                     "that player.",
                     on_event("at the beginning of enchanted player's upkeep", (StepBegan,),
                              lambda t: 1 if isinstance(t.event, StepBegan) and t.event.step is Step.UPKEEP
                              and t.event.player == t.source.attached_to else 0), _curse_damage)))
"""貫かれた心臓の呪い; dealing the damage to a planeswalker instead is left out."""


@check("702.5d@20260116.0@a85b7c07")
def an_aura_that_enchants_a_player(expect: Expect) -> None:
    """状況: Aの手札の《貫かれた心臓の呪い》（エンチャント（プレイヤー））。Bの《灰色熊》。
    行動: Aが熊を対象に唱えようとし、Bを対象に唱える。Bのアップキープになる。
    結果: プレイヤーをエンチャントするオーラはプレイヤーを対象にでき、パーマネントは対象にできない。Bについて、Bのアップキープに1点のダメージを与える。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    expect.that(targetable(game, "A", CURSE_OF_THE_PIERCED_HEART, "B"), "プレイヤーを対象にできる")
    expect.that(not targetable(game, "A", CURSE_OF_THE_PIERCED_HEART, bears), "パーマネントは対象にできない")
    curse = in_hand(game, CURSE_OF_THE_PIERCED_HEART)
    give_mana(game, "A", "{1}{R}")
    game.cast("A", curse, targets=["B"])
    game.resolve_stack()
    expect.equal(game.current(curse).attached_to, "B", "Bについた")
    game.advance_to(Step.UPKEEP, "B")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "Bのアップキープに1点")


BLACKBLADE_REFORGED = real("再鍛の黒き剣", card(
    "Blackblade Reforged", "{2}", "Legendary Artifact — Equipment", "equip legendary creature {3}", "equip {7}",
    StaticAbility("Equipped creature gets +1/+1 for each land you control.",
                  (modify_pt_by(count(lands(controller="you")), count(lands(controller="you"))),),
                  attached_to_this())))
LEGEND = card("Test Legend", "{2}{W}", "Legendary Creature — Human Knight", 2, 2)


@check("702.6c@20260116.0@31fc13ae", "702.6d@20260116.0@239c3c7c", "704.5n@20260116.0@5cb3a8d1",
       "702.6b@20260116.0@01243aa5")
def equip_with_a_quality(expect: Expect) -> None:
    """状況: Aの《再鍛の黒き剣》（伝説のクリーチャーに装備{3}、装備{7}）、伝説のテスト用クリーチャー、《灰色熊》、《森》2つ。
    行動: 伝説のクリーチャーに装備{3}の能力で熊を対象にしようとし、伝説のクリーチャーを対象に起動する。次のターン、装備{7}の能力で熊に装備する。
    結果: 性質つきの装備はその性質を持つクリーチャーだけを対象にできる。どちらの装備能力も起動でき、装備{7}なら伝説でない熊にもつき、状況起因処理ではずれることもない。"""
    game = Game(["A", "B"], library=6)
    blade = game.place(BLACKBLADE_REFORGED)
    legend = game.place(LEGEND)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.place(FOREST)
    game.place(FOREST)
    game.add_mana("A", "{C}{C}{C}")
    expect.refused(lambda: game.activate("A", blade, "Equip legendary", targets=[bears]),
                   "伝説でない熊は対象にできない")
    game.activate("A", blade, "Equip legendary", targets=[legend])
    game.resolve_stack()
    expect.equal(game.view(legend).pt, (4, 4), "伝説のクリーチャーについて土地2つ分の+2/+2")
    game.next_turn("A")
    game.add_mana("A", "{C}{C}{C}{C}{C}{C}{C}")
    game.activate("A", blade, "Equip {7}", targets=[bears])
    game.resolve_stack()
    game.refresh_priority()
    expect.equal(blade.attached_to, bears.id, "装備{7}で伝説でない熊につき、はずれない")


WALKER = card("Test Walker", "{3}", "Legendary Planeswalker — Test", loyalty=3)
WALKER_SWORD = card("Test Walker's Blade", "{1}", "Artifact — Equipment", "equip planeswalker {1}",
                    StaticAbility("Equipped permanent gets +1/+1.", (modify_pt(1, 1),), attached_to_this()))


@check("702.6e@20260116.0@8eb4815a")
def equip_planeswalker(expect: Expect) -> None:
    """状況: Aの「プレインズウォーカーに装備{1}」を持つテスト用の装備品、テスト用プレインズウォーカー、《灰色熊》。
    行動: その能力で熊を対象にしようとし、プレインズウォーカーを対象に起動する。
    結果: プレインズウォーカーに装備はあなたのプレインズウォーカーだけを対象にでき、それがクリーチャーであるかのようにつける。つけた後も状況起因処理ではずれない。"""
    game = Game(["A", "B"], library=6)
    blade = game.place(WALKER_SWORD)
    walker = game.place(WALKER)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.add_mana("A", "{C}")
    expect.refused(lambda: game.activate("A", blade, 0, targets=[bears]), "クリーチャーは対象にできない")
    game.activate("A", blade, 0, targets=[walker])
    game.resolve_stack()
    game.refresh_priority()
    expect.equal(blade.attached_to, walker.id, "プレインズウォーカーについて、はずれない")
