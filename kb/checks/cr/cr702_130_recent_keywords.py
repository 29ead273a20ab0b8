"""Keyword abilities from 702.128 onwards that ride on combat, dying, entering and the graveyard:
embalm, eternalize, afflict, mentor, afterlife, riot, decayed, training, For Mirrodin!, toxic,
mobilize."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import attack, block, cast, give_mana, grant
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    Step,
    TriggeredAbility,
    Zone,
    card,
    token,
)
from kb.engine.keywords_recent import trains

# -- cards -------------------------------------------------------------------------------------------

KHENRA_ETERNAL = real("ケンラの永遠衆", card("Khenra Eternal", "{1}{B}", "Creature — Zombie Jackal Warrior", 2, 2,
                                          "afflict 1"))
TITHE_TAKER = real("徴税人", card("Tithe Taker", "{1}{W}", "Creature — Human Soldier", 2, 1, "afterlife 1"))
"""徴税人; its tax on the opponents' turns is left out."""
MINISTRANT_OF_OBLIGATION = real("債務の聖職者", card("Ministrant of Obligation", "{2}{W}", "Creature — Human Cleric",
                                                  2, 1, "afterlife 2"))
ZHUR_TAA_GOBLIN = real("ザル＝ターのゴブリン", card("Zhur-Taa Goblin", "{R}{G}", "Creature — Goblin Berserker", 2, 2,
                                                "riot"))
DOUBLE_RIOTER = card("Test Double Rioter", "{3}", "Creature — Goblin", 2, 2, "riot", "riot")
DECAYED_ZOMBIE = token(None, "Creature — Zombie", 2, 2, "decayed", colors="B")
"""The 2/2 black Zombie token with decayed that several cards create."""


def _gain_a_life(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


HOPEFUL_INITIATE = real("有望な信徒", card("Hopeful Initiate", "{W}", "Creature — Human Warrior", 2, 2, "training"))
"""有望な信徒; its activated ability is left out."""
TRAINED_SQUIRE = card("Test Trained Squire", "{W}", "Creature — Human Soldier", 1, 1, "training",
                      TriggeredAbility("Whenever this creature trains, you gain 1 life.", trains(), _gain_a_life))
CRAWLING_CHORUS = real("這い回る合唱者", card("Crawling Chorus", "{W}", "Artifact Creature — Phyrexian Cleric", 1, 1,
                                           "toxic 1"))
"""這い回る合唱者; its ability that makes a token is left out."""
TOXIC_TWO = card("Test Toxic Two", "{1}{B}", "Creature — Phyrexian Rat", 1, 1, "toxic 2")
SACRED_CAT = real("聖なる猫", card("Sacred Cat", "{W}", "Creature — Cat", 1, 1, "lifelink", "embalm {W}"))
PROVEN_COMBATANT = real("実績ある戦闘員", card("Proven Combatant", "{U}", "Creature — Human Warrior", 1, 1,
                                            "eternalize {4}{U}{U}"))
SUNHOME_STALWART = real("サンホームの重鎮", card("Sunhome Stalwart", "{1}{W}", "Creature — Human Soldier", 2, 2,
                                             "first strike", "mentor"))
BARBED_BATTERFIST = real("逆棘の叩拳", card("Barbed Batterfist", "{2}", "Artifact — Equipment", "for mirrodin!"))
"""逆棘の叩拳; its bonus to the equipped creature and its equip ability are left out."""
MOBILIZER = card("Test Mobilizer", "{2}{R}", "Creature — Orc Warrior", 2, 2, "mobilize 2")
"""A made-up creature with mobilize 2."""


# -- helpers ---------------------------------------------------------------------------------------


# -- 702.130 afflict --------------------------------------------------------------------------------


@check("702.130a@20260116.0@36c5ea46", "509.3c@20260116.0@c2f8aa9f")
def afflict_when_blocked(expect: Expect) -> None:
    """状況: Aの《ケンラの永遠衆》（2/2、加虐1）。Bは《羽ばたき飛行機械》（0/2）を持つ。
    行動: 永遠衆で攻撃し、飛行機械にブロックされる。次のターンはブロックされない。
    結果: ブロックされたときBは1点のライフを失う。ブロックされなかったときは誘発せず、Bは戦闘ダメージの2点だけを失う。"""
    game = Game(["A", "B"])
    khenra = game.place(KHENRA_ETERNAL)
    thopter = game.place(cards.ORNITHOPTER, player="B")
    attack(game, [khenra])
    block(game, {thopter: khenra})
    expect.equal(game.players["B"].life, 19, "ブロックされてBは1点失う")
    game.next_turn("A")
    before = game.players["B"].life
    attack(game, [khenra])
    block(game, {})
    expect.equal(game.players["B"].life, before, "ブロックされなければ誘発しない")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, before - 2, "戦闘ダメージの2点だけ")


@check("702.130b@20260116.0@7eeccd49")
def afflict_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《ケンラの永遠衆》（加虐1）が効果でもう1つ加虐1を得ている。Bは《灰色熊》を持つ。
    行動: 永遠衆で攻撃し、熊にブロックされる。
    結果: 加虐はそれぞれ誘発し、Bは2点のライフを失う。"""
    game = Game(["A", "B"])
    khenra = game.place(KHENRA_ETERNAL)
    grant(game, khenra, "afflict 1")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, [khenra])
    block(game, {bears: khenra})
    expect.equal(game.players["B"].life, 18, "2回誘発して2点")


# -- 702.135 afterlife --------------------------------------------------------------------------------


@check("702.135a@20260116.0@39d30d2b", "111.2@20260116.0@05127b88")
def afterlife_makes_spirits(expect: Expect) -> None:
    """状況: Aの《徴税人》（2/1、死後1）。
    行動: Bが《ショック》で徴税人を対象にし、徴税人が死亡する。
    結果: Aは飛行を持つ白黒の1/1のスピリット・クリーチャー・トークン1体を生成する。"""
    game = Game(["A", "B"])
    taker = game.place(TITHE_TAKER)
    expect.equal(game.creatures("A"), [taker], "はじめは徴税人だけ")
    cast(game, "B", cards.SHOCK, [taker])
    spirits = game.creatures("A")
    expect.equal(len(spirits), 1, "トークン1体")
    view = game.view(spirits[0])
    expect.that(view.pt == (1, 1) and view.has("flying") and "Spirit" in view.subtypes
                and {c.value for c in view.colors} == {"W", "B"}, "飛行を持つ白黒の1/1のスピリット")


@check("702.135b@20260116.0@2f2c70d2")
def afterlife_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《債務の聖職者》（2/1、死後2）が効果で死後1も得ている。
    行動: Bが《ショック》で聖職者を対象にし、聖職者が死亡する。
    結果: 死後はそれぞれ誘発し、スピリット・トークンは2体と1体、計3体生成される。"""
    game = Game(["A", "B"])
    ministrant = game.place(MINISTRANT_OF_OBLIGATION)
    grant(game, ministrant, "afterlife 1")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    cast(game, "B", cards.SHOCK, [ministrant])
    expect.equal(len(game.creatures("A")), 3, "3体のスピリット")


# -- 702.136 riot -------------------------------------------------------------------------------------------


@check("702.136a@20260116.0@86831b69", "614.1c@20260116.0@ce0a08eb")
def riot_counter_or_haste(expect: Expect) -> None:
    """状況: Aの手札に《ザル＝ターのゴブリン》2枚（2/2、暴動）。
    行動: 1枚目を唱えて+1/+1カウンターを選ぶ。2枚目を唱えて選ばない。
    結果: 1枚目はカウンター1個が置かれた3/3で、速攻を持たない。2枚目は2/2で速攻を持ち、そのターンに攻撃できる。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", ZHUR_TAA_GOBLIN)
    [first] = game.creatures("A")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", ZHUR_TAA_GOBLIN)
    [second] = [o for o in game.creatures("A") if o.id != first.id]
    expect.that(game.view(first).pt == (3, 3) and not game.view(first).has("haste"), "カウンターを選べば3/3で速攻なし")
    expect.that(game.view(second).pt == (2, 2) and game.view(second).has("haste"), "選ばなければ速攻を得る")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([first]), "速攻のない1枚目は攻撃できない")
    game.declare_attackers([second])
    expect.that(second.id in (game.combat.attackers if game.combat else {}), "速攻を得た2枚目は攻撃できる")


@check("702.136b@20260116.0@ecad5fb4")
def riot_instances_work_separately(expect: Expect) -> None:
    """状況: Aの手札に暴動を2つ持つテスト用のクリーチャー（2/2）。
    行動: 唱えて、一方の暴動ではカウンターを選び、もう一方では選ばない。
    結果: 暴動はそれぞれ適用され、カウンター1個の3/3で、しかも速攻を持つ。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.REPLACEMENT, "Riot", player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", DOUBLE_RIOTER)
    [rioter] = game.creatures("A")
    view = game.view(rioter)
    expect.that(view.pt == (3, 3) and view.has("haste"), "カウンター1個と速攻の両方")


# -- 702.147 decayed ----------------------------------------------------------------------------------------------


@check("702.147a@20260116.0@d8a52cf6", "511.2@20260116.0@0ea22502")
def decayed_cannot_block_and_is_sacrificed(expect: Expect) -> None:
    """状況: Aの腐乱を持つ黒の2/2のゾンビ・トークン2体。Bの《灰色熊》。
    行動: Bのターンに熊が攻撃し、Aはゾンビでブロックしようとする。Aのターンに一方のゾンビで攻撃する。
    結果: ゾンビではブロックできない。攻撃したゾンビは戦闘ダメージを与えたあと、戦闘終了時に生け贄に捧げられる。攻撃しなかったゾンビは残る。"""
    game = Game(["A", "B"])
    attacker, stayer = game.create_token(DECAYED_ZOMBIE, "A", 2)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.next_turn("B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.resolve_stack()
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({attacker: bears}), "腐乱を持つクリーチャーではブロックできない")
    game.next_turn("A")
    life = game.players["B"].life
    attack(game, [attacker])
    game.advance_to(Step.COMBAT_DAMAGE)
    game.resolve_stack()
    expect.that(game.players["B"].life == life - 2 and attacker.id in game.objects, "戦闘ダメージは与える")
    game.advance_to(Step.END_OF_COMBAT)
    game.resolve_stack()
    expect.that(attacker.id not in game.objects, "戦闘終了時に生け贄に捧げられた")
    expect.that(stayer.id in game.objects and stayer.zone is Zone.BATTLEFIELD, "攻撃しなかったゾンビは残る")


# -- 702.149 training ----------------------------------------------------------------------------------------------


@check("702.149a@20260116.0@3d3e59e0")
def training_with_a_stronger_attacker(expect: Expect) -> None:
    """状況: Aの《有望な信徒》（2/2、訓練）、《灰色熊》（2/2）、《大喰らいのワーム》（6/4）。
    行動: 信徒と熊で攻撃する。次のターン、信徒とワームで攻撃する。
    結果: パワーが同じ熊とでは誘発しない。パワーがより大きいワームとでは誘発し、信徒に+1/+1カウンターが置かれる。"""
    game = Game(["A", "B"])
    initiate = game.place(HOPEFUL_INITIATE)
    bears = game.place(cards.GRIZZLY_BEARS)
    wurm = game.place(cards.CRAW_WURM)
    attack(game, [initiate, bears])
    expect.equal(initiate.counter("+1/+1"), 0, "パワーが同じでは誘発しない")
    game.next_turn("A")
    attack(game, [initiate, wurm])
    expect.equal(initiate.counter("+1/+1"), 1, "より大きいワームとなら+1/+1カウンター")


@check("702.149b@20260116.0@60399ab7")
def training_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《有望な信徒》（訓練）が効果でもう1つ訓練を得ている。Aの《大喰らいのワーム》。
    行動: 信徒とワームで攻撃する。
    結果: 訓練はそれぞれ誘発し、信徒に+1/+1カウンターが2個置かれる。"""
    game = Game(["A", "B"])
    initiate = game.place(HOPEFUL_INITIATE)
    grant(game, initiate, "training")
    wurm = game.place(cards.CRAW_WURM)
    attack(game, [initiate, wurm])
    expect.equal(initiate.counter("+1/+1"), 2, "2回誘発して2個")


@check("702.149c@20260116.0@74b616cc")
def trains_when_training_puts_a_counter(expect: Expect) -> None:
    """状況: Aの訓練と「これが訓練をするたび、あなたは1点のライフを得る」を持つテスト用のクリーチャー（1/1）と《灰色熊》。
    行動: そのクリーチャーと熊で攻撃する。
    結果: 訓練能力が+1/+1カウンターを置き、訓練をしたので誘発し、Aは1点のライフを得る。"""
    game = Game(["A", "B"])
    squire = game.place(TRAINED_SQUIRE)
    bears = game.place(cards.GRIZZLY_BEARS)
    attack(game, [squire, bears])
    expect.equal(squire.counter("+1/+1"), 1, "訓練で+1/+1カウンター")
    expect.equal(game.players["A"].life, 21, "訓練をしたので1点のライフを得る")


# -- 702.164 toxic --------------------------------------------------------------------------------------------------


@check("702.164c@20260116.0@f2078af5", "702.164a@20260116.0@6c93b39d", "120.3g@20260116.0@26777dc9")
def toxic_combat_damage_gives_poison(expect: Expect) -> None:
    """状況: Aの《這い回る合唱者》（1/1、毒性1）。
    行動: 合唱者で攻撃してBに戦闘ダメージを与える。そのあと、戦闘以外でBにダメージを与えさせる。
    結果: 戦闘ダメージでBは1点のライフを失い、さらに毒カウンター1個を得る。戦闘ダメージでないダメージでは毒カウンターを得ない。"""
    game = Game(["A", "B"])
    chorus = game.place(CRAWLING_CHORUS)
    attack(game, [chorus])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((game.players["B"].life, game.players["B"].counter("poison")), (19, 1), "1点と毒カウンター1個")
    game.deal_damage(chorus, "B", 1)
    expect.equal((game.players["B"].life, game.players["B"].counter("poison")), (18, 1),
                 "戦闘ダメージでなければ毒カウンターは増えない")


@check("702.164b@20260116.0@95f2aea1", example="702.164b#1@764ae060")
def total_toxic_value_adds_up(expect: Expect) -> None:
    """状況: Aの毒性2を持つテスト用のクリーチャー（1/1）が、効果で毒性1を得ている。
    行動: それで攻撃してBに戦闘ダメージを与える。
    結果: 毒性の値の合計は3で、Bは毒カウンター3個を得る。"""
    game = Game(["A", "B"])
    rat = game.place(TOXIC_TWO)
    grant(game, rat, "toxic 1")
    attack(game, [rat])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].counter("poison"), 3, "毒カウンター3個")


# -- 702.181 mobilize ------------------------------------------------------------------------------------------------


@check("702.181a@20260116.0@c8df0657", "508.4@20260116.0@4ef5798b")
def mobilize_makes_attacking_warriors_until_the_end_step(expect: Expect) -> None:
    """状況: Aの応召2を持つテスト用のクリーチャー（2/2）。
    行動: それで攻撃し、ブロックされない。
    結果: 赤の1/1の戦士・トークン2体がタップ状態かつ攻撃している状態で生成され、Bは計4点を受ける。次の終了ステップの開始時にトークンは生け贄に捧げられる。"""
    game = Game(["A", "B"])
    mobilizer = game.place(MOBILIZER)
    attack(game, [mobilizer])
    warriors = [o for o in game.creatures("A") if o.id != mobilizer.id]
    expect.equal(len(warriors), 2, "トークン2体")
    expect.that(all(w.tapped and game.combat is not None and w.id in game.combat.attackers for w in warriors),
                "タップ状態で攻撃している")
    expect.that(all(game.view(w).pt == (1, 1) and "Warrior" in game.view(w).subtypes for w in warriors),
                "1/1の戦士")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 16, "2+1+1の4点")
    expect.equal(len(game.creatures("A")), 3, "戦闘が終わってもまだ残る")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(game.creatures("A"), [mobilizer], "終了ステップの開始時に生け贄に捧げられた")


# -- 702.128 embalm, 702.129 eternalize ------------------------------------------------------------------------------


@check("702.128a@20260116.0@5e295aa5", "707.9b@20260116.0@8dc2d984")
def embalm_makes_a_white_zombie_copy(expect: Expect) -> None:
    """状況: Aの墓地に《聖なる猫》（1/1、絆魂、不朽{W}）。
    行動: Bのターンに不朽を起動しようとする。Aのメイン・フェイズに起動する。
    結果: ソーサリーのタイミングでしか起動できない。猫は追放され、白でマナ・コストを持たず、猫であり、ゾンビでもある1/1の絆魂を持つトークンが生成される。"""
    game = Game(["A", "B"])
    cat = game.place(SACRED_CAT, Zone.GRAVEYARD, "A")
    game.next_turn("B")
    give_mana(game, "A", "{W}")
    expect.refused(lambda: game.activate("A", cat, 0), "Bのターンには起動できない")
    game.next_turn("A")
    give_mana(game, "A", "{W}")
    game.activate("A", cat, 0)
    game.resolve_stack()
    expect.equal(len(game.graveyard("A")), 0, "猫は墓地から追放された")
    [made] = game.creatures("A")
    view = game.view(made)
    expect.that(made.is_token and view.name == "Sacred Cat" and view.mana_cost is None, "マナ・コストのない猫のコピー")
    expect.that({c.value for c in view.colors} == {"W"} and {"Cat", "Zombie"} <= view.subtypes, "白のゾンビ・猫")
    expect.that(view.pt == (1, 1) and view.has("lifelink"), "1/1で絆魂を持つ")


@check("702.129a@20260116.0@dfeb0374")
def eternalize_makes_a_black_four_four_copy(expect: Expect) -> None:
    """状況: Aの墓地に《実績ある戦闘員》（青の1/1、永遠{4}{U}{U}）。
    行動: Aのメイン・フェイズに永遠を起動する。
    結果: 戦闘員は追放され、黒で4/4で、マナ・コストを持たず、人間・戦士であり、ゾンビでもあるトークンが生成される。"""
    game = Game(["A", "B"])
    combatant = game.place(PROVEN_COMBATANT, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{4}{U}{U}")
    game.activate("A", combatant, 0)
    game.resolve_stack()
    [made] = game.creatures("A")
    view = game.view(made)
    expect.that(made.is_token and view.name == "Proven Combatant" and view.mana_cost is None, "コピーのトークン")
    expect.that({c.value for c in view.colors} == {"B"} and view.pt == (4, 4), "黒の4/4")
    expect.that({"Human", "Warrior", "Zombie"} <= view.subtypes, "ゾンビでもある")


# -- 702.134 mentor -------------------------------------------------------------------------------------------------


@check("702.134a@20260116.0@6d63f55c", "603.3d@20260116.0@4f0ac0b5")
def mentor_a_weaker_attacker(expect: Expect) -> None:
    """状況: Aの《サンホームの重鎮》（2/2、教導）、《羽ばたき飛行機械》（0/2）、《丘巨人》（3/3）。
    行動: 重鎮と飛行機械で攻撃する。次のターン、重鎮と巨人で攻撃する。
    結果: パワーの小さい飛行機械には+1/+1カウンターが置かれる。パワーが重鎮より大きい巨人は対象にできず、教導は対象がないので何もしない。"""
    game = Game(["A", "B"])
    stalwart = game.place(SUNHOME_STALWART)
    thopter = game.place(cards.ORNITHOPTER)
    giant = game.place(cards.HILL_GIANT)
    attack(game, [stalwart, thopter])
    expect.equal(thopter.counter("+1/+1"), 1, "パワーの小さい飛行機械にカウンター")
    game.next_turn("A")
    attack(game, [stalwart, giant])
    expect.equal(giant.counter("+1/+1"), 0, "パワーの大きい巨人は対象にできない")


@check("702.134b@20260116.0@b7690f8b")
def mentor_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《サンホームの重鎮》（2/2、教導）が効果でもう1つ教導を得ている。Aの《羽ばたき飛行機械》（0/2）。
    行動: 両方で攻撃し、どちらの教導も飛行機械を対象にする。
    結果: 教導はそれぞれ誘発し、飛行機械に+1/+1カウンターが2個置かれる。"""
    game = Game(["A", "B"])
    stalwart = game.place(SUNHOME_STALWART)
    grant(game, stalwart, "mentor")
    thopter = game.place(cards.ORNITHOPTER)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    attack(game, [stalwart, thopter])
    expect.equal(thopter.counter("+1/+1"), 2, "2回誘発して2個")


# -- 702.163 For Mirrodin! ------------------------------------------------------------------------------------------


@check("702.163a@20260116.0@7d47be9e")
def for_mirrodin_makes_a_rebel_to_carry_it(expect: Expect) -> None:
    """状況: Aの手札に《逆棘の叩拳》（装備品、ミラディンのために！）。
    行動: それを唱えて戦場に出す。
    結果: 赤の2/2のレベル・トークン1体が生成され、叩拳はそれにつけられる。"""
    game = Game(["A", "B"])
    cast(game, "A", BARBED_BATTERFIST)
    [rebel] = game.creatures("A")
    view = game.view(rebel)
    expect.that(view.pt == (2, 2) and "Rebel" in view.subtypes and {c.value for c in view.colors} == {"R"},
                "赤の2/2のレベル")
    [batterfist] = [o for o in game.battlefield("A") if o.id != rebel.id]
    expect.equal(batterfist.attached_to, rebel.id, "叩拳はレベルにつけられた")
