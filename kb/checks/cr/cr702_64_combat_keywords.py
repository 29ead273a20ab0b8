"""Keyword abilities of combat and damage, 702.64-702.121: absorb, frenzy, poisonous, wither,
exalted, annihilator, infect, battle cry, dethrone, ingest, myriad, melee, renown, prowess,
extort, evolve, menace and skulk (several instances)."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import attack, block, cast, grant
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    any_target,
    card,
    creatures,
    dies,
    gain,
    is_attacking,
    lose_types,
)
from kb.engine.keywords_combat2 import evolves, is_renowned

# -- cards -------------------------------------------------------------------------------------------


def _slivers_have(keyword: str) -> StaticAbility:
    return StaticAbility(f"All Sliver creatures have {keyword}.", (gain(keyword),), creatures(subtypes=["Sliver"]))


LYMPH_SLIVER = real("血清スリヴァー", card("Lymph Sliver", "{4}{W}", "Creature — Sliver", 3, 3,
                                          _slivers_have("absorb 1")))
FRENZY_SLIVER = real("激情スリヴァー", card("Frenzy Sliver", "{B}", "Creature — Sliver", 1, 1,
                                           _slivers_have("frenzy 1")))
VIRULENT_SLIVER = real("悪性スリヴァー", card("Virulent Sliver", "{G}", "Creature — Sliver", 1, 1,
                                            _slivers_have("poisonous 1")))
BOGGART_RAM_GANG = real("ボガートの突撃隊", card("Boggart Ram-Gang", "{R/G}{R/G}{R/G}", "Creature — Goblin Warrior",
                                              3, 3, "haste", "wither"))


def _deal(amount: int) -> Callable[[Resolution], None]:
    def effect(resolution: Resolution) -> None:
        if resolution.target is not None and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, resolution.target, amount)

    return effect


PUNCTURE_BLAST = real("穿刺破", card("Puncture Blast", "{2}{R}", "Instant", "wither", spell=SpellAbility(
    "Puncture Blast deals 3 damage to any target.", _deal(3), (any_target(),))))
GLISTENER_ELF = real("ぎらつかせのエルフ", card("Glistener Elf", "{G}", "Creature — Phyrexian Elf Warrior", 1, 1,
                                            "infect"))
AKRASAN_SQUIRE = real("アクラサの従者", card("Akrasan Squire", "{W}", "Creature — Human Soldier", 1, 1, "exalted"))
ULAMOGS_CRUSHER = real("ウラモグの破壊者", card("Ulamog's Crusher", "{8}", "Creature — Eldrazi", 8, 8, "annihilator 2"))
"""ウラモグの破壊者; "attacks each combat if able" is left out."""
GOBLIN_WARDRIVER = real("ゴブリンの戦煽り", card("Goblin Wardriver", "{R}{R}", "Creature — Goblin Warrior", 2, 2,
                                              "battle cry"))
GRENZOS_CUTTHROAT = real("グレンゾの殺し屋", card("Grenzo's Cutthroat", "{1}{R}", "Creature — Human Rogue", 1, 1,
                                              "first strike", "dethrone"))
MIST_INTRUDER = real("霧の侵入者", card("Mist Intruder", "{2}{U}", "Creature — Eldrazi Drone", 1, 2, "devoid",
                                        "flying", "ingest"))
BANSHEE = real("戦慄聖歌隊のバンシー", card("Banshee of the Dread Choir", "{3}{B}{B}", "Creature — Spirit", 3, 3,
                                           "flying", "myriad"))
"""戦慄聖歌隊のバンシー; its discard trigger is left out."""
WINGS_OF_THE_GUARD = real("護衛隊の翼", card("Wings of the Guard", "{1}{W}", "Creature — Bird", 1, 1, "flying",
                                            "melee"))
TOPAN_FREEBLADE = real("トーパの自由刃", card("Topan Freeblade", "{1}{W}", "Creature — Human Soldier", 2, 2,
                                           "vigilance", "renown 1"))
MONASTERY_SWIFTSPEAR = real("僧院の速槍", card("Monastery Swiftspear", "{R}", "Creature — Human Monk", 1, 2, "haste",
                                             "prowess"))
SYNDIC_OF_TITHES = real("徴税理事", card("Syndic of Tithes", "{2}{W}", "Creature — Human Cleric", 2, 2, "extort"))
CLOUDFIN_RAPTOR = real("雲ヒレの猛禽", card("Cloudfin Raptor", "{U}", "Creature — Bird Mutant", 0, 1, "flying",
                                           "evolve"))


def _krasis_evolves(resolution: Resolution) -> None:
    game = resolution.game
    for other in game.creatures(resolution.controller):
        if other.id != resolution.source_id and other.counter("+1/+1"):
            game.put_counters(other, "+1/+1")


RENEGADE_KRASIS = real("反逆の混成体", card(
    "Renegade Krasis", "{1}{G}{G}", "Creature — Beast Mutant", 3, 2, "evolve",
    TriggeredAbility("Whenever Renegade Krasis evolves, put a +1/+1 counter on each other creature you control "
                     "with a +1/+1 counter on it.", evolves(), _krasis_evolves)))


def _dies_deals(amount: int) -> TriggeredAbility:
    return TriggeredAbility(f"When this creature dies, it deals {amount} damage to any target.", dies(),
                            _deal(amount), (any_target(),))


WITHERING_MARTYR = card("Test Withering Martyr", "{1}{B}", "Creature — Zombie", 1, 1, "wither", _dies_deals(2))
"""A made-up 1/1 with wither and "when this dies, it deals 2 damage to any target"."""
INFECTED_MARTYR = card("Test Infected Martyr", "{1}{B}", "Creature — Zombie", 1, 1, "infect", _dies_deals(2))
BLIGHT_BOLT = card("Test Blight Bolt", "{1}{B}", "Instant", "infect", spell=SpellAbility(
    "This spell deals 2 damage to any target.", _deal(2), (any_target(),)))
SKULKER = card("Test Skulker", "{1}{B}", "Creature — Spirit", 2, 2, "skulk")


# -- helpers ---------------------------------------------------------------------------------------


def three_players() -> Game:
    return Game(["A", "B", "C"])


# -- 702.64 absorb ---------------------------------------------------------------------------------


@check("702.64a@20260116.0@cddf98bb", "615.1@20260116.0@6027cbda")
def absorb_prevents_n_damage(expect: Expect) -> None:
    """状況: Aの《血清スリヴァー》（スリヴァーは吸収1を持つ）と《灰色熊》。
    行動: Bがそれぞれに《ショック》を唱える。
    結果: スリヴァーへの2点は1点軽減されて1点だけ負う。吸収を持たない熊は2点負う。"""
    game = Game(["A", "B"])
    sliver = game.place(LYMPH_SLIVER)
    bears = game.place(cards.CRAW_WURM)
    cast(game, "B", cards.SHOCK, [sliver])
    expect.equal(sliver.damage, 1, "スリヴァーは1点だけ負う")
    cast(game, "B", cards.SHOCK, [bears])
    expect.equal(bears.damage, 2, "吸収を持たないクリーチャーは2点負う")


@check("702.64b@20260116.0@8cc9dda6", "510.2@20260116.0@74dbde6b")
def absorb_applies_to_each_source_and_each_time(expect: Expect) -> None:
    """状況: Aの《血清スリヴァー》（3/3、吸収1）が攻撃し、Bの《灰色熊》2体にブロックされる。
    行動: 戦闘ダメージを与え、そのあとBが《ショック》を唱える。
    結果: 熊それぞれの2点が1点ずつ軽減され、スリヴァーは2点負って生き残る。ショックの2点もまた1点軽減される。"""
    game = Game(["A", "B"])
    sliver = game.place(LYMPH_SLIVER)
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, [sliver])
    block(game, {first: sliver, second: sliver})
    game.choices.script(ChoiceKind.DAMAGE_ASSIGNMENT, "lethal", player="A")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(sliver.damage, 2, "2体の熊からのダメージがそれぞれ1点軽減された")
    expect.that(sliver.zone is Zone.BATTLEFIELD, "スリヴァーは生き残った")
    cast(game, "B", cards.SHOCK, [sliver])
    expect.equal(sliver.damage, 3, "別のダメージもまた1点軽減される")


@check("702.64c@20260116.0@5e0bdc46")
def absorb_instances_apply_separately(expect: Expect) -> None:
    """状況: Aの《血清スリヴァー》2体（どちらのスリヴァーも吸収1を2つ持つ）。
    行動: Bが一方に《ショック》を、もう一方に《稲妻》を唱える。
    結果: 吸収はそれぞれ適用され、1回のダメージから2点軽減される。ショックは0点、稲妻は1点になる。"""
    game = Game(["A", "B"])
    first = game.place(LYMPH_SLIVER)
    second = game.place(LYMPH_SLIVER)
    cast(game, "B", cards.SHOCK, [first])
    cast(game, "B", cards.LIGHTNING_BOLT, [second])
    expect.equal((first.damage, second.damage), (0, 1), "1回のダメージから2点ずつ軽減された")


# -- 702.68 frenzy -------------------------------------------------------------------------------------


@check("702.68a@20260116.0@e03f6bf3", "509.1h@20260116.0@18ffc839")
def frenzy_when_unblocked(expect: Expect) -> None:
    """状況: Aの《激情スリヴァー》（1/1、スリヴァーは激情1を持つ）。Bは《灰色熊》を持つ。
    行動: スリヴァーで攻撃してブロックされない。次のターンにまた攻撃して熊にブロックされる。
    結果: ブロックされなかったときは+1/+0の修整を受けて2点与える。ブロックされたときは誘発しない。"""
    game = Game(["A", "B"])
    sliver = game.place(FRENZY_SLIVER)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, [sliver])
    block(game, {})
    expect.equal(game.view(sliver).pt, (2, 1), "ブロックされなかったので2/1")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 18, "2点与えた")
    game.next_turn("A")
    attack(game, [sliver])
    block(game, {bears: sliver})
    expect.equal(game.view(sliver).pt, (1, 1), "ブロックされたので誘発しない")


@check("702.68b@20260116.0@943b9354")
def frenzy_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《激情スリヴァー》2体（どちらも激情1を2つ持つ）。
    行動: 一方だけで攻撃し、ブロックされない。
    結果: 激情はそれぞれ誘発し、攻撃したスリヴァーは+2/+0の修整を受けて3/1になる。"""
    game = Game(["A", "B"])
    sliver = game.place(FRENZY_SLIVER)
    game.place(FRENZY_SLIVER)
    attack(game, [sliver])
    block(game, {})
    expect.equal(game.view(sliver).pt, (3, 1), "2回誘発して3/1")


# -- 702.70 poisonous --------------------------------------------------------------------------------


@check("702.70a@20260116.0@de4b5367", "122.1f@20260116.0@242dc862")
def poisonous_gives_poison_counters(expect: Expect) -> None:
    """状況: Aの《悪性スリヴァー》（1/1、スリヴァーは有毒1を持つ）。
    行動: スリヴァーで攻撃し、Bに戦闘ダメージを与える。
    結果: Bは1点のライフを失い、さらに毒カウンター1個を得る。"""
    game = Game(["A", "B"])
    sliver = game.place(VIRULENT_SLIVER)
    attack(game, [sliver])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].counter("poison"), 1, "毒カウンター1個")
    expect.equal(game.players["B"].life, 19, "ダメージはライフも減らす")


@check("702.70b@20260116.0@8c75330b")
def poisonous_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《悪性スリヴァー》2体（どちらも有毒1を2つ持つ）。
    行動: 一方だけで攻撃し、Bに戦闘ダメージを与える。
    結果: 有毒はそれぞれ誘発し、Bは毒カウンター2個を得る。"""
    game = Game(["A", "B"])
    sliver = game.place(VIRULENT_SLIVER)
    game.place(VIRULENT_SLIVER)
    attack(game, [sliver])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].counter("poison"), 2, "毒カウンター2個")


# -- 702.80 wither ---------------------------------------------------------------------------------------


@check("702.80a@20260116.0@f7e725fa", "120.3d@20260116.0@95c573ae")
def wither_damage_becomes_minus_counters(expect: Expect) -> None:
    """状況: Aの《ボガートの突撃隊》（3/3、萎縮）が攻撃し、Bの《大喰らいのワーム》（6/4）にブロックされる。
    行動: 戦闘ダメージを与え、ターンを終える。
    結果: ワームはダメージを負わず、-1/-1カウンター3個が置かれて3/1になる。ターンが終わっても3/1のまま。"""
    game = Game(["A", "B"])
    gang = game.place(BOGGART_RAM_GANG)
    wurm = game.place(cards.CRAW_WURM, player="B")
    attack(game, [gang])
    block(game, {wurm: gang})
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(wurm.counter("-1/-1"), 3, "-1/-1カウンター3個")
    expect.equal(wurm.damage, 0, "ダメージは負わない")
    game.next_turn()
    expect.equal(game.view(wurm).pt, (3, 1), "クリンナップ・ステップを過ぎても3/1")


@check("702.80b@20260116.0@68fb5170", "608.2h@20260116.0@cb3c2a93")
def wither_of_a_source_that_left_uses_last_known_information(expect: Expect) -> None:
    """状況: Aの萎縮と「これが死亡したとき、これは望む対象に2点のダメージを与える」を持つテスト用クリーチャー。Bの《大喰らいのワーム》。
    行動: そのクリーチャーが破壊され、誘発した能力がワームを対象にして解決する。
    結果: 発生源は戦場を離れているが、最後の情報では萎縮を持つので、ワームには-1/-1カウンター2個が置かれる。"""
    game = Game(["A", "B"])
    martyr = game.place(WITHERING_MARTYR)
    wurm = game.place(cards.CRAW_WURM, player="B")
    game.choices.script(ChoiceKind.TARGETS, wurm, player="A")
    game.destroy(martyr)
    game.resolve_stack()
    expect.equal((wurm.counter("-1/-1"), wurm.damage), (2, 0), "-1/-1カウンター2個、ダメージなし")


@check("702.80c@20260116.0@ec61ae74")
def wither_works_from_any_zone(expect: Expect) -> None:
    """状況: Bの《大喰らいのワーム》。Aの手札に《穿刺破》（萎縮を持つインスタント）。
    行動: Aが穿刺破でワームを、もう1枚でBを対象にする。
    結果: スタック上の呪文からのダメージでもワームには-1/-1カウンター3個が置かれる。プレイヤーへのダメージはライフを減らす。"""
    game = Game(["A", "B"])
    wurm = game.place(cards.CRAW_WURM, player="B")
    cast(game, "A", PUNCTURE_BLAST, [wurm])
    expect.equal((wurm.counter("-1/-1"), wurm.damage), (3, 0), "-1/-1カウンター3個")
    cast(game, "A", PUNCTURE_BLAST, ["B"])
    expect.equal(game.players["B"].life, 17, "プレイヤーはライフを失う")


@check("702.80d@20260116.0@6f8678b4")
def wither_twice_is_no_more(expect: Expect) -> None:
    """状況: Aの《ボガートの突撃隊》が萎縮をもう1つ得ている。Bの《大喰らいのワーム》がそれをブロックする。
    行動: 戦闘ダメージを与える。
    結果: 萎縮が2つあっても、置かれる-1/-1カウンターは与えたダメージと同じ3個。"""
    game = Game(["A", "B"])
    gang = game.place(BOGGART_RAM_GANG)
    grant(game, gang, "wither")
    wurm = game.place(cards.CRAW_WURM, player="B")
    attack(game, [gang])
    block(game, {wurm: gang})
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(len(game.view(gang).keywords("wither")) if gang.id in game.objects else 2, 2, "萎縮を2つ持っていた")
    expect.equal(wurm.counter("-1/-1"), 3, "-1/-1カウンターは3個")


# -- 702.90 infect -------------------------------------------------------------------------------------


@check("702.90b@20260116.0@ee6d1a5e", "120.3b@20260116.0@2230f352")
def infect_damage_to_a_player_is_poison(expect: Expect) -> None:
    """状況: Aの《ぎらつかせのエルフ》（1/1、感染）。
    行動: エルフで攻撃し、Bに戦闘ダメージを与える。
    結果: Bは毒カウンター1個を得て、ライフは20点のまま。"""
    game = Game(["A", "B"])
    elf = game.place(GLISTENER_ELF)
    attack(game, [elf])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].counter("poison"), 1, "毒カウンター1個")
    expect.equal(game.players["B"].life, 20, "ライフは減らない")


@check("702.90c@20260116.0@be7da04e", "120.3d@20260116.0@95c573ae")
def infect_damage_to_a_creature_is_minus_counters(expect: Expect) -> None:
    """状況: Aの《ぎらつかせのエルフ》が攻撃し、Bの《灰色熊》にブロックされる。
    行動: 戦闘ダメージを与える。
    結果: 熊はダメージを負わず、-1/-1カウンター1個が置かれて1/1になる。"""
    game = Game(["A", "B"])
    elf = game.place(GLISTENER_ELF)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, [elf])
    block(game, {bears: elf})
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((bears.counter("-1/-1"), bears.damage), (1, 0), "-1/-1カウンター1個、ダメージなし")
    expect.equal(game.view(bears).pt, (1, 1), "熊は1/1")


@check("702.90d@20260116.0@49268ebb")
def infect_of_a_source_that_left_uses_last_known_information(expect: Expect) -> None:
    """状況: Aの感染と「これが死亡したとき、これは望む対象に2点のダメージを与える」を持つテスト用クリーチャー。
    行動: それが破壊され、誘発した能力がBを対象にして解決する。
    結果: 最後の情報では感染を持つので、Bはライフを失わず毒カウンター2個を得る。"""
    game = Game(["A", "B"])
    martyr = game.place(INFECTED_MARTYR)
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.destroy(martyr)
    game.resolve_stack()
    expect.equal((game.players["B"].counter("poison"), game.players["B"].life), (2, 20), "毒カウンター2個")


@check("702.90e@20260116.0@d7c19728")
def infect_works_from_any_zone(expect: Expect) -> None:
    """状況: Aの手札に感染を持つテスト用インスタント（望む対象に2点）。Bの《灰色熊》。
    行動: Aがそれを唱え、Bを対象にする。もう1枚で熊を対象にする。
    結果: スタック上の呪文からでも、Bは毒カウンター2個を得て、熊には-1/-1カウンター2個が置かれる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    cast(game, "A", BLIGHT_BOLT, ["B"])
    expect.equal((game.players["B"].counter("poison"), game.players["B"].life), (2, 20), "毒カウンター2個")
    cast(game, "A", BLIGHT_BOLT, [bears])
    expect.that(bears.id not in game.objects and bool(game.graveyard("B")), "-1/-1カウンター2個で熊は墓地へ")


@check("702.90f@20260116.0@b737a53f")
def infect_twice_is_no_more(expect: Expect) -> None:
    """状況: Aの《ぎらつかせのエルフ》が感染をもう1つ得ている。
    行動: エルフで攻撃し、Bに戦闘ダメージを与える。
    結果: 感染が2つあっても、Bが得る毒カウンターは1個。"""
    game = Game(["A", "B"])
    elf = game.place(GLISTENER_ELF)
    grant(game, elf, "infect")
    expect.equal(len(game.view(elf).keywords("infect")), 2, "感染を2つ持つ")
    attack(game, [elf])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].counter("poison"), 1, "毒カウンターは1個")


# -- 702.83 exalted ----------------------------------------------------------------------------------


@check("702.83a@20260116.0@255b33ea", "506.5@20260116.0@3d4da9bd")
def exalted_pumps_a_lone_attacker(expect: Expect) -> None:
    """状況: Aの《アクラサの従者》2体（賛美）と《灰色熊》。
    行動: 熊だけで攻撃する。
    結果: 賛美が2つ誘発し、熊は+2/+2の修整を受けて4/4でBに4点与える。"""
    game = Game(["A", "B"])
    game.place(AKRASAN_SQUIRE)
    game.place(AKRASAN_SQUIRE)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    attack(game, [bears])
    expect.equal(game.view(bears).pt, (4, 4), "熊は4/4")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 16, "4点与えた")


@check("702.83b@20260116.0@4b1e3aa2")
def exalted_needs_the_only_attacker(expect: Expect) -> None:
    """状況: Aの《アクラサの従者》と《灰色熊》。
    行動: 熊だけで攻撃する。次のターンに熊と従者の両方で攻撃する。
    結果: 単独で攻撃したときは熊が3/3になる。2体で攻撃したときは単独ではないので誘発しない。"""
    game = Game(["A", "B"])
    squire = game.place(AKRASAN_SQUIRE)
    bears = game.place(cards.GRIZZLY_BEARS)
    attack(game, [bears])
    expect.equal(game.view(bears).pt, (3, 3), "単独で攻撃した熊は3/3")
    game.next_turn("A")
    attack(game, [bears, squire])
    expect.equal((game.view(bears).pt, game.view(squire).pt), ((2, 2), (1, 1)), "2体で攻撃すると誘発しない")


# -- 702.86 annihilator ----------------------------------------------------------------------------------


@check("702.86a@20260116.0@c75f3a72")
def annihilator_makes_the_defender_sacrifice(expect: Expect) -> None:
    """状況: Aの《ウラモグの破壊者》（滅殺2）。Bは《灰色熊》《森》《山》を持つ。
    行動: 破壊者で攻撃し、Bは森と山を選ぶ。
    結果: 防御プレイヤーのBはパーマネント2つを生け贄に捧げる。熊は残る。"""
    game = Game(["A", "B"])
    crusher = game.place(ULAMOGS_CRUSHER)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    forest = game.place(FOREST, player="B")
    mountain = game.place(MOUNTAIN, player="B")
    game.choices.script(ChoiceKind.OBJECT, [forest, mountain], player="B")
    attack(game, [crusher])
    expect.that(forest.id not in game.objects and mountain.id not in game.objects, "森と山を生け贄に捧げた")
    expect.that(bears.id in game.objects, "熊は残る")


@check("702.86b@20260116.0@0fdb2fec")
def annihilator_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《ウラモグの破壊者》が滅殺2をもう1つ得ている。Bはパーマネントを4つ持つ。
    行動: 破壊者で攻撃する。
    結果: 滅殺はそれぞれ誘発し、Bはパーマネントを合計4つ生け贄に捧げる。"""
    game = Game(["A", "B"])
    crusher = game.place(ULAMOGS_CRUSHER)
    grant(game, crusher, "annihilator 2")
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(FOREST, player="B")
    game.place(MOUNTAIN, player="B")
    game.place(cards.HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.OBJECT, [first, second], player="B")
    attack(game, [crusher])
    expect.equal(game.battlefield("B"), [], "4つすべて生け贄に捧げた")


# -- 702.91 battle cry -------------------------------------------------------------------------------------


@check("702.91a@20260116.0@3e5a9274")
def battle_cry_pumps_the_other_attackers(expect: Expect) -> None:
    """状況: Aの《ゴブリンの戦煽り》（喊声）と《灰色熊》、攻撃しない《丘巨人》。
    行動: 戦煽りと熊で攻撃する。
    結果: 他の攻撃クリーチャーである熊だけが+1/+0の修整を受けて3/2。戦煽り自身と攻撃していない丘巨人は変わらない。"""
    game = Game(["A", "B"])
    wardriver = game.place(GOBLIN_WARDRIVER)
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    attack(game, [wardriver, bears])
    expect.equal(game.view(bears).pt, (3, 2), "熊は3/2")
    expect.equal((game.view(wardriver).pt, game.view(giant).pt), ((2, 2), (3, 3)), "戦煽りと丘巨人は変わらない")


@check("702.91b@20260116.0@55aadf79")
def battle_cry_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《ゴブリンの戦煽り》が喊声をもう1つ得ている。《灰色熊》もいる。
    行動: 戦煽りと熊で攻撃する。
    結果: 喊声はそれぞれ誘発し、熊は+2/+0の修整を受けて4/2。"""
    game = Game(["A", "B"])
    wardriver = game.place(GOBLIN_WARDRIVER)
    grant(game, wardriver, "battle cry")
    bears = game.place(cards.GRIZZLY_BEARS)
    attack(game, [wardriver, bears])
    expect.equal(game.view(bears).pt, (4, 2), "熊は4/2")


# -- 702.105 dethrone -------------------------------------------------------------------------------------


@check("702.105a@20260116.0@6280d670")
def dethrone_when_attacking_the_player_with_most_life(expect: Expect) -> None:
    """状況: 3人対戦。Aのライフ20、Bのライフ20、Cのライフ15。Aの《グレンゾの殺し屋》2体（廃位）。
    行動: 1体目でB、2体目でCを攻撃する。
    結果: 最多と同点のライフを持つBを攻撃した1体目には+1/+1カウンターが置かれる。Cを攻撃した2体目には置かれない。"""
    game = three_players()
    game.players["C"].life = 15
    first = game.place(GRENZOS_CUTTHROAT)
    second = game.place(GRENZOS_CUTTHROAT)
    attack(game, {first: "B", second: "C"})
    expect.equal(first.counter("+1/+1"), 1, "Bを攻撃した方に+1/+1カウンター")
    expect.equal(second.counter("+1/+1"), 0, "Cを攻撃した方には置かれない")


@check("702.105b@20260116.0@0f70385d")
def dethrone_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《グレンゾの殺し屋》が廃位をもう1つ得ている。
    行動: 殺し屋でBを攻撃する。
    結果: 廃位はそれぞれ誘発し、+1/+1カウンターが2個置かれる。"""
    game = Game(["A", "B"])
    cutthroat = game.place(GRENZOS_CUTTHROAT)
    grant(game, cutthroat, "dethrone")
    attack(game, [cutthroat])
    expect.equal(cutthroat.counter("+1/+1"), 2, "+1/+1カウンター2個")


# -- 702.115 ingest ------------------------------------------------------------------------------------------


@check("702.115a@20260116.0@7983004d")
def ingest_exiles_the_top_card(expect: Expect) -> None:
    """状況: Aの《霧の侵入者》（嚥下）。Bのライブラリーの一番上に《灰色熊》。
    行動: 侵入者で攻撃し、Bに戦闘ダメージを与える。
    結果: Bはライブラリーの一番上の熊を追放する。"""
    game = Game(["A", "B"])
    intruder = game.place(MIST_INTRUDER)
    top = game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "B")
    attack(game, [intruder])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.current(top).zone, Zone.EXILE, "一番上のカードが追放された")
    expect.equal(len(game.players["B"].library), 10, "ライブラリーは1枚減った")


@check("702.115b@20260116.0@f7dbd8ec")
def ingest_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《霧の侵入者》が嚥下をもう1つ得ている。
    行動: 侵入者でBに戦闘ダメージを与える。
    結果: 嚥下はそれぞれ誘発し、Bはライブラリーの上から2枚を追放する。"""
    game = Game(["A", "B"])
    intruder = game.place(MIST_INTRUDER)
    grant(game, intruder, "ingest")
    attack(game, [intruder])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(len(game.in_zone(Zone.EXILE, "B")), 2, "2枚追放された")


# -- 702.116 myriad ---------------------------------------------------------------------------------------------


@check("702.116a@20260116.0@f4b7519f", "508.4@20260116.0@4ef5798b")
def myriad_copies_attack_the_other_opponents(expect: Expect) -> None:
    """状況: 3人対戦。Aの《戦慄聖歌隊のバンシー》（3/3、飛行、無尽）。
    行動: バンシーでBを攻撃し、無尽でトークンを生成することを選ぶ。戦闘を終える。
    結果: バンシーのコピーであるトークンがタップ状態でCを攻撃している。BとCがそれぞれ3点受け、戦闘終了時にトークンは追放される。"""
    game = three_players()
    banshee = game.place(BANSHEE)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    attack(game, {banshee: "B"})
    [token] = [o for o in game.battlefield("A") if o.is_token]
    expect.that(is_attacking(game, token) and game.combat is not None and game.combat.attackers[token.id] == "C",
                "トークンはCを攻撃している")
    expect.that(token.tapped and game.view(token).name == "Banshee of the Dread Choir", "タップ状態のバンシーのコピー")
    game.advance_to(Step.END_OF_COMBAT)
    game.resolve_stack()
    expect.equal((game.players["B"].life, game.players["C"].life), (17, 17), "BとCに3点ずつ")
    expect.that(token.id not in game.objects, "戦闘終了時にトークンは追放された")


@check("702.116b@20260116.0@3946dfe6")
def myriad_instances_trigger_separately(expect: Expect) -> None:
    """状況: 3人対戦。Aの《戦慄聖歌隊のバンシー》が無尽をもう1つ得ている。
    行動: バンシーでBを攻撃し、どちらの無尽でもトークンを生成する。
    結果: 無尽はそれぞれ誘発し、Cを攻撃しているトークンが2体生成される。"""
    game = three_players()
    banshee = game.place(BANSHEE)
    grant(game, banshee, "myriad")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    attack(game, {banshee: "B"})
    tokens = [o for o in game.battlefield("A") if o.is_token]
    expect.equal(len(tokens), 2, "トークン2体")
    expect.that(game.combat is not None and all(game.combat.attackers.get(t.id) == "C" for t in tokens),
                "どちらもCを攻撃している")


# -- 702.121 melee --------------------------------------------------------------------------------------------


@check("702.121a@20260116.0@aca07543")
def melee_counts_the_opponents_attacked(expect: Expect) -> None:
    """状況: 3人対戦。Aの《護衛隊の翼》（1/1、会戦）と《灰色熊》。
    行動: 翼でB、熊でCを攻撃する。
    結果: この戦闘でAがクリーチャーで攻撃した対戦相手は2人なので、翼は+2/+2の修整を受けて3/3。"""
    game = three_players()
    wings = game.place(WINGS_OF_THE_GUARD)
    bears = game.place(cards.GRIZZLY_BEARS)
    attack(game, {wings: "B", bears: "C"})
    expect.equal(game.view(wings).pt, (3, 3), "翼は3/3")


@check("702.121b@20260116.0@af8e9c83")
def melee_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《護衛隊の翼》が会戦をもう1つ得ている。
    行動: 翼でBを攻撃する。
    結果: 会戦はそれぞれ誘発し、翼は+2/+2の修整を受けて3/3。"""
    game = Game(["A", "B"])
    wings = game.place(WINGS_OF_THE_GUARD)
    grant(game, wings, "melee")
    attack(game, [wings])
    expect.equal(game.view(wings).pt, (3, 3), "翼は3/3")


# -- 702.112 renown ---------------------------------------------------------------------------------------------


@check("702.112a@20260116.0@eef60d1b")
def renown_once(expect: Expect) -> None:
    """状況: Aの《トーパの自由刃》（2/2、高名1）。
    行動: 自由刃で攻撃してBに戦闘ダメージを与える。次のターンにもう一度与える。
    結果: 1回目で+1/+1カウンターが置かれて高名になり3/3。2回目は高名なので何も起きない。"""
    game = Game(["A", "B"])
    blade = game.place(TOPAN_FREEBLADE)
    attack(game, [blade])
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(is_renowned(game, blade.id), "高名になった")
    expect.equal(game.view(blade).pt, (3, 3), "3/3")
    game.next_turn("A")
    attack(game, [blade])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.view(blade).pt, (3, 3), "2回目は何も起きない")


@check("702.112b@20260116.0@4632c8a5", "400.7@20260116.0@6d94caf3")
def renowned_is_no_ability_and_ends_on_leaving(expect: Expect) -> None:
    """状況: Aの高名になった《トーパの自由刃》。
    行動: 《クローン》が自由刃のコピーとして戦場に出る。自由刃がオーナーの手札に戻り、また戦場に出る。
    結果: 高名であることはコピー可能な値ではないのでクローンは高名でない。戦場を離れた自由刃も高名でなくなる。"""
    game = Game(["A", "B"])
    blade = game.place(TOPAN_FREEBLADE)
    attack(game, [blade])
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(is_renowned(game, blade.id), "高名になった")
    game.next_turn("A")
    game.choices.script(ChoiceKind.OBJECT, blade, player="A")
    cast(game, "A", cards.CLONE)
    [clone] = [o for o in game.battlefield("A") if o.id != blade.id]
    expect.that(game.view(clone).name == "Topan Freeblade" and not is_renowned(game, clone.id),
                "コピーは高名でない")
    back = game.put_onto_battlefield(game.move(blade, Zone.HAND) or blade, "A")
    expect.that(back is not None and not is_renowned(game, back.id), "戻ってきた自由刃は高名でない")


@check("702.112c@20260116.0@d446c164", "603.4@20260116.0@3b5b8ab9")
def renown_instances_trigger_but_only_the_first_counts(expect: Expect) -> None:
    """状況: Aの《トーパの自由刃》が高名2をもう1つ得ている。
    行動: Bに戦闘ダメージを与え、高名2が先に解決するように誘発を積む。
    結果: 2つとも誘発するが、先に解決した高名2が+1/+1カウンター2個を置いて高名にし、高名1は何もしない。"""
    game = Game(["A", "B"])
    blade = game.place(TOPAN_FREEBLADE)
    grant(game, blade, "renown 2")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: sorted(c.items, key=lambda p: p.ability.text == "Renown 2"),
                        player="A")
    attack(game, [blade])
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.equal(len(game.stack), 2, "2つとも誘発した")
    game.resolve_stack()
    expect.equal(blade.counter("+1/+1"), 2, "高名2の+1/+1カウンター2個だけ")
    expect.that(is_renowned(game, blade.id), "高名になった")


# -- 702.108 prowess ----------------------------------------------------------------------------------------------


@check("702.108a@20260116.0@f90f9b6b")
def prowess_on_noncreature_spells(expect: Expect) -> None:
    """状況: Aの《僧院の速槍》（1/2、果敢）と《灰色熊》。
    行動: Aが熊に《巨大化》を唱え、次に《灰色熊》を唱える。
    結果: クリーチャーでない巨大化で速槍は2/3になる。クリーチャー・呪文では誘発しない。"""
    game = Game(["A", "B"])
    spear = game.place(MONASTERY_SWIFTSPEAR)
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.GIANT_GROWTH, [bears])
    expect.equal(game.view(spear).pt, (2, 3), "速槍は2/3")
    cast(game, "A", cards.GRIZZLY_BEARS)
    expect.equal(game.view(spear).pt, (2, 3), "クリーチャー・呪文では誘発しない")


@check("702.108b@20260116.0@38ff1d5a")
def prowess_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《僧院の速槍》が果敢をもう1つ得ている。
    行動: Aが《巨大化》を速槍に唱える。
    結果: 果敢はそれぞれ誘発し、速槍は+2/+2と巨大化の+3/+3で6/7になる。"""
    game = Game(["A", "B"])
    spear = game.place(MONASTERY_SWIFTSPEAR)
    grant(game, spear, "prowess")
    cast(game, "A", cards.GIANT_GROWTH, [spear])
    expect.equal(game.view(spear).pt, (6, 7), "速槍は6/7")


# -- 702.101 extort --------------------------------------------------------------------------------------------------


@check("702.101a@20260116.0@37e1b96a")
def extort_drains_each_opponent(expect: Expect) -> None:
    """状況: 3人対戦。Aの《徴税理事》（強請）。Aは{W}を余分に持つ。
    行動: Aが《巨大化》を唱え、強請で{W/B}を支払う。
    結果: BとCがそれぞれ1点のライフを失い、Aは失われた合計の2点を得る。"""
    game = three_players()
    syndic = game.place(SYNDIC_OF_TITHES)
    game.add_mana("A", "{W}")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    cast(game, "A", cards.GIANT_GROWTH, [syndic])
    expect.equal((game.players["B"].life, game.players["C"].life), (19, 19), "対戦相手はそれぞれ1点失う")
    expect.equal(game.players["A"].life, 22, "Aは2点得る")


@check("702.101b@20260116.0@dea227fd")
def extort_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《徴税理事》2体。Aは{W}{W}を余分に持つ。
    行動: Aが呪文を1つ唱え、2つの強請でそれぞれ支払う。
    結果: 強請はそれぞれ誘発し、Bは2点失い、Aは2点得る。"""
    game = Game(["A", "B"])
    syndic = game.place(SYNDIC_OF_TITHES)
    game.place(SYNDIC_OF_TITHES)
    game.add_mana("A", "{W}{W}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.choices.script(ChoiceKind.PAY, True, player="A")
    cast(game, "A", cards.GIANT_GROWTH, [syndic])
    expect.equal((game.players["B"].life, game.players["A"].life), (18, 22), "2回誘発した")


# -- 702.100 evolve -------------------------------------------------------------------------------------------------


@check("702.100a@20260116.0@d9dddeee")
def evolve_when_a_bigger_creature_enters(expect: Expect) -> None:
    """状況: Aの《雲ヒレの猛禽》（0/1、進化）。
    行動: 《灰色熊》（2/2）を3体、1体ずつ戦場に出す。
    結果: 1体目で1/2、2体目でパワーが大きいので2/3になる。3体目は2/2で大きくないので進化しない。"""
    game = Game(["A", "B"])
    raptor = game.place(CLOUDFIN_RAPTOR)
    sizes = []
    for _ in range(3):
        game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
        game.resolve_stack()
        sizes.append(game.view(raptor).pt)
    expect.equal(sizes, [(1, 2), (2, 3), (2, 3)], "1/2、2/3、そのまま")


@check("702.100b@20260116.0@84fbaf10")
def evolving_is_getting_the_evolve_counter(expect: Expect) -> None:
    """状況: Aの《反逆の混成体》（3/2、進化、「これが進化するたび」）と+1/+1カウンターが1個置かれた《灰色熊》。
    行動: 《大喰らいのワーム》（6/4）が戦場に出る。そのあと効果で混成体に+1/+1カウンターを置く。
    結果: 進化したので熊に+1/+1カウンターが置かれる。進化によらないカウンターでは誘発しない。"""
    game = Game(["A", "B"])
    krasis = game.place(RENEGADE_KRASIS)
    bears = game.place(cards.GRIZZLY_BEARS, counters={"+1/+1": 1})
    game.put_onto_battlefield(cards.CRAW_WURM, "A")
    game.resolve_stack()
    expect.equal((krasis.counter("+1/+1"), bears.counter("+1/+1")), (1, 2), "進化して熊にもカウンター")
    game.put_counters(krasis, "+1/+1")
    game.resolve_stack()
    expect.equal(bears.counter("+1/+1"), 2, "進化でないカウンターでは誘発しない")


@check("702.100c@20260116.0@9af1e05f")
def evolve_compares_only_creatures(expect: Expect) -> None:
    """状況: Aの《雲ヒレの猛禽》（0/1、進化）。
    行動: 《灰色熊》が戦場に出て進化する。2体目の熊が出て誘発したあと、解決前にその熊がクリーチャーでなくなる。
    結果: 1体目では1/2になる。2体目はクリーチャーでなくなったので大きいとはいえず、進化しない。"""
    game = Game(["A", "B"])
    raptor = game.place(CLOUDFIN_RAPTOR)
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.resolve_stack()
    expect.equal(game.view(raptor).pt, (1, 2), "1体目で進化した")
    second = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert second is not None
    game.refresh_priority()
    expect.equal(len(game.stack), 1, "2体目でも誘発した")
    game.create_effect("isn't a creature", [lose_types("Creature")], [second])
    game.resolve_stack()
    expect.equal(game.view(raptor).pt, (1, 2), "クリーチャーでないものとは比べない")


@check("702.100d@20260116.0@64c84f80")
def evolve_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aの《雲ヒレの猛禽》（0/1）が進化をもう1つ得ている。
    行動: 《灰色熊》（2/2）が戦場に出る。
    結果: 進化はそれぞれ誘発する。1つ目で1/2、2つ目の解決時も熊のパワーが大きいので2/3になる。"""
    game = Game(["A", "B"])
    raptor = game.place(CLOUDFIN_RAPTOR)
    grant(game, raptor, "evolve")
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    game.resolve_stack()
    expect.equal(game.view(raptor).pt, (2, 3), "2回進化して2/3")


# -- 702.111c, 702.118c: menace and skulk, twice ----------------------------------------------------------------


@check("702.111c@20260116.0@c4f6ce2e")
def menace_twice_is_no_more(expect: Expect) -> None:
    """状況: Aの《ボガートの粗暴者》が威迫をもう1つ得て攻撃している。Bは《灰色熊》2体を持つ。
    行動: Bが1体でブロックしようとし、次に2体でブロックする。
    結果: 威迫が2つあっても、2体でブロックできる（1体ではできない）。"""
    game = Game(["A", "B"])
    brute = game.place(cards.BOGGART_BRUTE)
    grant(game, brute, "menace")
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, [brute])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({first: brute}), "1体ではブロックできない")
    game.declare_blockers({first: brute, second: brute})
    expect.that(game.combat is not None and len(game.combat.blockers) == 2, "2体でブロックできる")


@check("702.118c@20260116.0@a97f74cb")
def skulk_twice_is_no_more(expect: Expect) -> None:
    """状況: Aの潜伏を2つ持つテスト用の2/2が攻撃している。Bは《丘巨人》（3/3）と《灰色熊》（2/2）を持つ。
    行動: Bがブロック・クリーチャーを指定する。
    結果: 潜伏が2つあっても1つのときと同じ：パワーの大きい丘巨人はブロックできず、熊はできる。"""
    game = Game(["A", "B"])
    skulker = game.place(SKULKER)
    grant(game, skulker, "skulk")
    giant = game.place(cards.HILL_GIANT, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    attack(game, [skulker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({giant: skulker}), "丘巨人はブロックできない")
    game.declare_blockers({bears: skulker})
    expect.that(game.combat is not None and bears.id in game.combat.blockers, "熊はブロックできる")
