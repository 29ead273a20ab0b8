"""Keyword abilities of casting spells with additional or alternative costs, or costs paid or
reduced otherwise: buyback (702.27), kicker (702.33), flashback (702.34), madness (702.35),
storm (702.40), affinity (702.41), convoke (702.51), replicate (702.56), split second (702.61),
delve (702.66), evoke (702.74), retrace (702.81), dash (702.109), surge (702.117), emerge
(702.119), undaunted (702.125), improvise (702.126)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    CostChange,
    Game,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    any_target,
    artifacts,
    card,
    condition,
    cost,
    enters,
    permanents,
    spells,
    target,
    target_creature,
)
from kb.engine.keywords_casting import KickerSpell, convoked_by, kicked
from kb.engine.replacement import Move, Replacement
from kb.engine.stack import Resolution


def _damage(amount: int, if_kicked: int = 0):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        chosen, source = resolution.target, resolution.source_id
        if chosen is not None and source is not None:
            more = if_kicked and kicked(resolution.game, source)
            resolution.game.deal_damage(source, chosen, if_kicked if more else amount)

    return effect


def _bounce(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        resolution.game.move(chosen, Zone.HAND)


def _destroy(resolution: Resolution) -> None:
    for index in range(len(resolution.item.specs)):
        for chosen in resolution.objects(index):
            resolution.game.destroy(chosen)


def _draw(count: int):  # type: ignore[no-untyped-def]
    return lambda r: r.game.draw(r.controller, count)


def _life(game: Game, player: str) -> int:
    return game.players[player].life


CAPSIZE = real("転覆", card("Capsize", "{1}{U}{U}", "Instant", "buyback {3}", spell=SpellAbility(
    "Return target permanent to its owner's hand.", _bounce, (target(permanents()),))))


@check("702.27a@20260116.0@429d07f4", "118.8@20260116.0@47cbd720")
def buyback(expect: Expect) -> None:
    """状況: Aの手札に《転覆》（インスタント、対象のパーマネント1つをオーナーの手札に戻す、バイバック{3}）。Bの戦場に《灰色熊》2体。
    行動: Aがバイバック・コストを加えた{4}{U}{U}を支払って熊1体を対象に唱え、解決する。次にバイバックなしでもう1体を対象に唱える。
    結果: 1回目は熊が手札に戻り、転覆は墓地ではなくAの手札に戻る。バイバックなしの2回目では、転覆は解決後に墓地に置かれる。"""
    game = Game(["A", "B"])
    first, second = game.place(cards.GRIZZLY_BEARS, player="B"), game.place(cards.GRIZZLY_BEARS, player="B")
    capsize = in_hand(game, CAPSIZE)
    give_mana(game, "A", "{4}{U}{U}")
    game.cast("A", capsize, targets=[first], additional=("buyback",))
    game.resolve_stack()
    expect.equal(game.current(first).zone, Zone.HAND, "熊は手札に戻った")
    again = game.current(capsize)
    expect.equal(again.zone, Zone.HAND, "バイバック・コストを支払ったので転覆は手札に戻った")
    give_mana(game, "A", "{1}{U}{U}")
    game.cast("A", again, targets=[second])
    game.resolve_stack()
    expect.equal(game.current(again).zone, Zone.GRAVEYARD, "バイバックなしでは墓地に置かれる")


BURST_LIGHTNING = real("噴出の稲妻", card("Burst Lightning", "{R}", "Instant", "kicker {4}", spell=SpellAbility(
    "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.",
    _damage(2, if_kicked=4), (any_target(),))))


@check("702.33a@20260116.0@13d20a81", "702.33d@20260116.0@ab1929e9", "702.33e@20260116.0@07dd8d3d",
       "601.2f@20260116.0@2220e1e2")
def kicker(expect: Expect) -> None:
    """状況: Aの手札に《噴出の稲妻》2枚（2点のダメージ、キッカー{4}：キッカーされていたなら代わりに4点）。
    行動: Aが1枚をキッカー・コストを加えた{4}{R}でBを対象に唱え、もう1枚を{R}だけで唱える。{R}だけではキッカーできない。
    結果: キッカーされた呪文は4点、キッカーされなかった呪文は2点を与え、Bのライフは14になる。"""
    game = Game(["A", "B"])
    kicked_one, plain = in_hand(game, BURST_LIGHTNING), in_hand(game, BURST_LIGHTNING)
    give_mana(game, "A", "{4}{R}")
    spell = game.cast("A", kicked_one, targets=["B"], additional=("kicker",))
    expect.equal(kicked(game, spell), 1, "キッカー・コストの支払いを宣言した呪文はキッカーされている")
    game.resolve_stack()
    expect.equal(_life(game, "B"), 16, "キッカーされたので4点")
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", plain, targets=["B"], additional=("kicker",)),
                   "キッカー・コストを加えた総コストは{R}では支払えない")
    game.cast("A", plain, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 14, "キッカーされていなければ2点")


def _kicked_with(mana: str):  # type: ignore[no-untyped-def]
    return condition(f"it was kicked with its {mana} kicker",
                     lambda c: c.source is not None and kicked(c.game, c.source.id, mana) > 0)


def _battlemage_damage(resolution: Resolution) -> None:
    chosen, source = resolution.target, resolution.source_id
    if chosen is not None and source is not None:
        resolution.game.deal_damage(source, chosen, 2)


THORNSCAPE_BATTLEMAGE = real("荊景学院の戦闘魔道士", card(
    "Thornscape Battlemage", "{2}{G}", "Creature — Elf Wizard", 2, 2, "kicker {R} and/or {W}",
    TriggeredAbility("When this creature enters, if it was kicked with its {R} kicker, it deals 2 damage to any "
                     "target.", enters(), _battlemage_damage, (any_target(),), condition=_kicked_with("{R}")),
    TriggeredAbility("When this creature enters, if it was kicked with its {W} kicker, destroy target artifact.",
                     enters(), _destroy, (target(artifacts()),), condition=_kicked_with("{W}"))))


@check("702.33b@20260116.0@7e507f0e", "702.33f@20260116.0@ce431903", "702.33d@20260116.0@ab1929e9")
def kicker_and_or(expect: Expect) -> None:
    """状況: Aの手札に《荊景学院の戦闘魔道士》2枚（キッカー{R}か{W}かその両方。{R}でキッカーされていたなら戦場に出たとき2点、{W}でキッカーされていたなら対象のアーティファクトを破壊）。Bの戦場に《羽ばたき飛行機械》2体。
    行動: Aが1枚目を両方のキッカー・コストを支払って唱え、2枚目を{W}のキッカーだけで唱える。
    結果: 1枚目は2回キッカーされ、両方の能力が誘発してBは2点を受け飛行機械1体が破壊される。2枚目では{W}の能力だけが誘発し、Bのライフは変わらない。"""
    game = Game(["A", "B"])
    thopters = [game.place(cards.ORNITHOPTER, player="B") for _ in range(2)]
    first, second = in_hand(game, THORNSCAPE_BATTLEMAGE), in_hand(game, THORNSCAPE_BATTLEMAGE)
    give_mana(game, "A", "{2}{G}{R}{W}")
    spell = game.cast("A", first, additional=("kicker", "kicker"))
    expect.equal(kicked(game, spell), 2, "2つのキッカー・コストを支払えば2回キッカーされる")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.choices.script(ChoiceKind.TARGETS, thopters[0], player="A")
    game.resolve_stack()
    expect.equal((_life(game, "B"), game.current(thopters[0]).zone), (18, Zone.GRAVEYARD),
                 "{R}と{W}の両方の能力が働いた")
    give_mana(game, "A", "{2}{G}{W}")
    game.choices.script(ChoiceKind.TARGETS, thopters[1], player="A")
    game.cast("A", second, additional=("kicker {W}",))
    game.resolve_stack()
    expect.equal((_life(game, "B"), game.current(thopters[1]).zone), (18, Zone.GRAVEYARD),
                 "{W}のキッカーだけなら{W}の能力だけが働く")


def _thunder(resolution: Resolution) -> None:
    game = resolution.game
    destroyed = resolution.objects(0)
    for chosen in destroyed:
        game.destroy(chosen)
    source = resolution.source_id
    if len(resolution.item.specs) > 1 and destroyed and source is not None:
        value = game.last_known_view(destroyed[0]).mana_value
        for creature in resolution.objects(1):
            game.deal_damage(source, creature, value)


ORIMS_THUNDER = real("オアリムのいかづち", card("Orim's Thunder", "{2}{W}", "Instant", "kicker {R}", spell=KickerSpell(
    "Destroy target artifact or enchantment. If this spell was kicked, it deals damage equal to that permanent's "
    "mana value to target creature.", _thunder, (target(permanents("Artifact") | permanents("Enchantment")),),
    if_kicked=(target_creature(),))))
THREE_DROP_ARTIFACT = card("Test Coffer", "{3}", "Artifact")


@check("702.33g@20260116.0@d87d3ae6", "601.2c@20260116.0@eb811b42")
def kicked_part_targets(expect: Expect) -> None:
    """状況: Aの手札に《オアリムのいかづち》2枚（対象のアーティファクトかエンチャント1つを破壊する。キッカー{R}：キッカーされていたなら、そのパーマネントのマナ総量に等しいダメージを対象のクリーチャー1体に与える）。Bの戦場にマナ総量3のアーティファクト2つと《灰色熊》。
    行動: Aが1枚をキッカーして、アーティファクトと熊を対象に唱える。もう1枚はキッカーせず、アーティファクトだけを対象に唱える。
    結果: キッカーしたときだけ2つ目の対象を選び、熊は3点を受けて死亡する。キッカーしなければ呪文は2つ目の対象を取らず、アーティファクトだけを破壊する。"""
    game = Game(["A", "B"])
    coffers = [game.place(THREE_DROP_ARTIFACT, player="B") for _ in range(2)]
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    first, second = in_hand(game, ORIMS_THUNDER), in_hand(game, ORIMS_THUNDER)
    give_mana(game, "A", "{2}{W}{R}")
    game.cast("A", first, targets=[coffers[0], bears], additional=("kicker",))
    game.resolve_stack()
    expect.equal((game.current(coffers[0]).zone, game.current(bears).zone), (Zone.GRAVEYARD, Zone.GRAVEYARD),
                 "キッカーされた呪文は2つ目の対象に3点を与えた")
    give_mana(game, "A", "{2}{W}")
    spell = game.cast("A", second, targets=[coffers[1]])
    expect.equal(len(game.stack[-1].specs), 1, "キッカーされなければ2つ目の対象を取らない")
    expect.equal(game.stack[-1].spell, spell, "唱えた呪文")
    game.resolve_stack()
    expect.equal(game.current(coffers[1]).zone, Zone.GRAVEYARD, "アーティファクトは破壊された")


def _charge_per_kick(context, move: Move) -> Move:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    times = kicked(context.game, move.object_id)
    return replace(move, counters=(*move.counters, ("charge", times))) if times else move


EVERFLOWING_CHALICE = real("永遠溢れの杯", card(
    "Everflowing Chalice", "{0}", "Artifact", "multikicker {2}",
    StaticAbility("This artifact enters with a charge counter on it for each time it was kicked.", replacements=(
        Replacement("enters with a charge counter for each time it was kicked", Move,
                    lambda c, m: m.to_zone is Zone.BATTLEFIELD, _charge_per_kick, entering_self=True),))))
"""永遠溢れの杯; its mana ability is left out."""


@check("702.33c@20260116.0@c114f05a", "702.33d@20260116.0@ab1929e9")
def multikicker(expect: Expect) -> None:
    """状況: Aの手札に《永遠溢れの杯》（多重キッカー{2}、キッカーされた回数に等しい蓄積カウンターが置かれた状態で戦場に出る）。
    行動: Aが{4}を支払い、多重キッカー・コストを2回支払って唱える。
    結果: 多重キッカー・コストはキッカー・コストなので杯は2回キッカーされ、蓄積カウンター2個が置かれて戦場に出る。"""
    game = Game(["A", "B"])
    chalice = in_hand(game, EVERFLOWING_CHALICE)
    give_mana(game, "A", "{4}")
    spell = game.cast("A", chalice, additional=("multikicker", "multikicker"))
    expect.equal(kicked(game, spell), 2, "2回キッカーされた")
    game.resolve_stack()
    expect.equal(game.view(spell).counters.get("charge", 0), 2, "蓄積カウンター2個")


THINK_TWICE = real("熟慮", card("Think Twice", "{1}{U}", "Instant", "flashback {2}{U}", spell=SpellAbility(
    "Draw a card.", _draw(1))))


@check("702.34a@20260116.0@ba7daaa9", "118.9@20260116.0@4961c10c", "601.2f@20260116.0@2220e1e2")
def flashback(expect: Expect) -> None:
    """状況: Aの墓地に《熟慮》（カード1枚を引く、フラッシュバック{2}{U}）。
    行動: Aがフラッシュバック・コスト{2}{U}を支払って墓地から唱え、解決する。
    結果: Aはカード1枚を引き、熟慮はスタックを離れるに際して墓地ではなく追放される。フラッシュバックなしでは墓地から唱えられない。"""
    game = Game(["A", "B"], library=5)
    think = game.place(THINK_TWICE, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{2}{U}")
    hand = len(game.hand("A"))
    game.cast("A", think, alternative="flashback")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "1枚引いた")
    expect.equal(game.current(think).zone, Zone.EXILE, "フラッシュバックした呪文は追放される")
    other = game.place(THINK_TWICE, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{1}{U}")
    expect.refused(lambda: game.cast("A", other), "マナ・コストでは墓地から唱えられない")


FIERY_TEMPER = real("癇しゃく", card("Fiery Temper", "{1}{R}{R}", "Instant", "madness {R}", spell=SpellAbility(
    "Fiery Temper deals 3 damage to any target.", _damage(3), (any_target(),))))
DISCARD_OUTLET = card("Test Outlet", "{1}", "Artifact", ActivatedAbility(
    "Discard a card: You gain 1 life.", cost("Discard a card"), lambda r: r.game.gain_life(r.controller, 1)))


@check("702.35a@20260116.0@6e5d7751", "702.35b@20260116.0@76ce2e98", "608.2g@20260116.0@302dd5cf")
def madness(expect: Expect) -> None:
    """状況: Aの手札に《癇しゃく》（3点のダメージ、マッドネス{R}）が2枚、戦場に「カード1枚を捨てる：1点のライフを得る」のテスト用アーティファクト。
    行動: Aが癇しゃくを捨て、マッドネスの誘発型能力の解決に際して{R}を支払ってBを対象に唱える。次にもう1枚を捨てて、唱えない。
    結果: 捨てた癇しゃくは墓地ではなく追放され、誘発型能力の解決中に代替コスト{R}で唱えられてBに3点を与える。唱えなかったほうは墓地に置かれる。"""
    game = Game(["A", "B"])
    outlet = game.place(DISCARD_OUTLET)
    temper = in_hand(game, FIERY_TEMPER)
    give_mana(game, "A", "{R}")
    game.activate("A", outlet)
    expect.equal(game.current(temper).zone, Zone.EXILE, "捨てたカードは墓地ではなく追放された")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.resolve_stack()
    expect.equal(_life(game, "B"), 17, "{R}で唱えて3点を与えた")
    expect.equal(game.current(temper).zone, Zone.GRAVEYARD, "解決後は墓地")
    other = in_hand(game, FIERY_TEMPER)
    game.activate("A", outlet)
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.resolve_stack()
    expect.equal(game.current(other).zone, Zone.GRAVEYARD, "唱えなかったカードは墓地に置かれる")


GRAPESHOT = real("ぶどう弾", card("Grapeshot", "{1}{R}", "Sorcery", "storm", spell=SpellAbility(
    "Grapeshot deals 1 damage to any target.", _damage(1), (any_target(),))))
DOUBLE_STORM = card("Test Double Storm", "{1}{R}", "Sorcery", "storm", "storm", spell=SpellAbility(
    "This spell deals 1 damage to any target.", _damage(1), (any_target(),)))


@check("702.40a@20260116.0@f44d2e84", "702.40b@20260116.0@494eefa6", "707.10@20260116.0@85fe7dea",
       "707.10c@20260116.0@1be4a9e5")
def storm(expect: Expect) -> None:
    """状況: このターン、Aは《ショック》2枚をBに唱えている。Aの手札に《ぶどう弾》（1点のダメージ、ストーム）と、ストームを2つ持つテスト用ソーサリー。
    行動: Aがぶどう弾をBを対象に唱え、コピーの対象は変えない。次にテスト用ソーサリーを唱える。
    結果: ぶどう弾のストームは先に唱えられた呪文2つにつき2つのコピーを作り、Bは計3点を受ける。テスト用ソーサリーの2つのストームは個別に誘発し、先の3つの呪文それぞれに1つずつ、計6つのコピーを作る。"""
    game = Game(["A", "B"])
    for _ in range(2):
        give_mana(game, "A", "{R}")
        game.cast("A", in_hand(game, cards.SHOCK), targets=["B"])
        game.resolve_stack()
    grapeshot = in_hand(game, GRAPESHOT)
    give_mana(game, "A", "{1}{R}")
    for _ in range(2):
        game.choices.script(ChoiceKind.TARGETS, None, player="A")
    game.cast("A", grapeshot, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 13, "ショック2回の4点と、ぶどう弾とコピー2つの3点")
    double = in_hand(game, DOUBLE_STORM)
    give_mana(game, "A", "{1}{R}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    for _ in range(6):
        game.choices.script(ChoiceKind.TARGETS, None, player="A")
    game.cast("A", double, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 6, "2つのストームがそれぞれ3つのコピーを作り、計7点")


FROGMITE = real("金属ガエル", card("Frogmite", "{4}", "Artifact Creature — Frog", 2, 2, "affinity for artifacts"))
DOUBLE_AFFINITY = card("Test Twice Affine", "{5}", "Artifact", "affinity for artifacts", "affinity for artifacts")


@check("702.41a@20260116.0@c7807f60", "702.41b@20260116.0@10eb267e")
def affinity(expect: Expect) -> None:
    """状況: Aは《羽ばたき飛行機械》2体をコントロールし、手札に《金属ガエル》（{4}、アーティファクトへの親和）と、アーティファクトへの親和を2つ持つ{5}のテスト用アーティファクト。
    行動: Aが{2}だけで金属ガエルを唱え、続いて{0}でテスト用アーティファクトを唱える。
    結果: 金属ガエルはアーティファクト2つにつき{2}少なくなって{2}で唱えられる。テスト用アーティファクトは親和がそれぞれ適用され、アーティファクト3つで{6}少なくなるので{0}で唱えられる。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.ORNITHOPTER)
    frogmite = in_hand(game, FROGMITE)
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.cast("A", frogmite), "{2}少なくなっても{1}では足りない")
    give_mana(game, "A", "{1}")
    game.cast("A", frogmite)
    game.resolve_stack()
    expect.equal(game.current(frogmite).zone, Zone.BATTLEFIELD, "{2}で唱えられた")
    double = in_hand(game, DOUBLE_AFFINITY)
    game.cast("A", double)
    game.resolve_stack()
    expect.equal(game.current(double).zone, Zone.BATTLEFIELD, "2つの親和で{6}少なくなった")


HEARTLESS_SUMMONING = real("心なき召喚", card("Heartless Summoning", "{1}{B}", "Enchantment", StaticAbility(
    "Creature spells you cast cost {2} less to cast.", rules=(CostChange(spells("Creature"), -2, players="you"),))))
"""心なき召喚; its -1/-1 to your creatures is left out."""
SIEGE_WURM = real("包囲ワーム", card("Siege Wurm", "{5}{G}{G}", "Creature — Wurm", 5, 5, "convoke", "trample"))


@check("702.51a@20260116.0@17ff5b3e", "702.51b@20260116.0@f90ab0b6", "702.51c@20260116.0@19f3aebb",
       "601.2f@20260116.0@2220e1e2", example="702.51b#1@beddc662")
def convoke(expect: Expect) -> None:
    """状況: Aは《心なき召喚》（あなたが唱えるクリーチャー・呪文は{2}少なくなる）、《灰色熊》2体（緑）、《羽ばたき飛行機械》3体をコントロールし、手札に《包囲ワーム》（{5}{G}{G}、召集）。マナはない。
    行動: Aがワームを唱え、総コスト{3}{G}{G}を熊2体で{G}{G}、飛行機械3体で{3}を支払う。
    結果: 召集は総コストが決まった後に適用されるので、5体をタップしてマナなしで唱えられる。タップされた5体はワームを召集するためにタップしたクリーチャーである。"""
    game = Game(["A", "B"])
    game.place(HEARTLESS_SUMMONING)
    bears = [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]
    thopters = [game.place(cards.ORNITHOPTER) for _ in range(3)]
    wurm = in_hand(game, SIEGE_WURM)
    game.choices.script(ChoiceKind.OBJECTS, {bears[0]: "G", bears[1]: "G", **dict.fromkeys(thopters, "1")}, player="A")
    spell = game.cast("A", wurm)
    expect.that(all(game.view(o).tapped for o in [*bears, *thopters]), "5体ともタップされた")
    expect.equal(set(convoked_by(game, spell)), {o.id for o in [*bears, *thopters]}, "5体がワームを召集した")
    game.resolve_stack()
    expect.equal(game.current(wurm).zone, Zone.BATTLEFIELD, "マナなしで唱えられた")


SHATTERING_SPREE = real("破壊放題", card("Shattering Spree", "{R}", "Sorcery", "replicate {R}", spell=SpellAbility(
    "Destroy target artifact.", _destroy, (target(artifacts()),))))


@check("702.56a@20260116.0@d265bb24", "707.10c@20260116.0@1be4a9e5")
def replicate(expect: Expect) -> None:
    """状況: Bは《羽ばたき飛行機械》3体をコントロールしている。Aの手札に《破壊放題》（対象のアーティファクト1つを破壊する、複製{R}）。
    行動: Aが複製コストを2回支払って{R}{R}{R}で1体目を対象に唱え、2つのコピーの対象を2体目と3体目に変える。
    結果: 唱えたときの誘発型能力が支払った回数だけ呪文をコピーし、3体とも破壊される。"""
    game = Game(["A", "B"])
    thopters = [game.place(cards.ORNITHOPTER, player="B") for _ in range(3)]
    spree = in_hand(game, SHATTERING_SPREE)
    give_mana(game, "A", "{R}{R}{R}")
    game.choices.script(ChoiceKind.TARGETS, [thopters[1]], player="A")
    game.choices.script(ChoiceKind.TARGETS, [thopters[2]], player="A")
    game.cast("A", spree, targets=[thopters[0]], additional=("replicate", "replicate"))
    game.resolve_stack()
    expect.equal([game.current(t).zone for t in thopters], [Zone.GRAVEYARD] * 3, "元の呪文と2つのコピーが破壊した")


KROSAN_GRIP = real("クローサの掌握", card("Krosan Grip", "{2}{G}", "Instant", "split second", spell=SpellAbility(
    "Destroy target artifact or enchantment.", _destroy,
    (target(permanents("Artifact") | permanents("Enchantment")),))))
PINGER = card("Test Pinger", "{1}{R}", "Creature — Human Wizard", 1, 1, ActivatedAbility(
    "{1}: This creature deals 1 damage to any target.", cost("{1}"), _damage(1), (any_target(),)))


@check("702.61a@20260116.0@7b386b51", "702.61b@20260116.0@fbfbe8a3")
def split_second(expect: Expect) -> None:
    """状況: Aの手札に《クローサの掌握》（刹那、対象のアーティファクトかエンチャント1つを破壊する）。Bは《羽ばたき飛行機械》、《森》と「{1}：1点のダメージ」のテスト用クリーチャーをコントロールし、手札に《稲妻》、マナ・プールに{R}。
    行動: Aが飛行機械を対象に掌握を唱え、Bが優先権を得る。
    結果: 掌握がスタックにある間、Bは稲妻を唱えられず、テスト用クリーチャーの能力も起動できない。森のマナ能力は起動できる。解決後は稲妻を唱えられる。"""
    game = Game(["A", "B"])
    thopter = game.place(cards.ORNITHOPTER, player="B")
    forest = game.place(FOREST, player="B")
    pinger = game.place(PINGER, player="B")
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "B")
    game.add_mana("B", "{R}")
    grip = in_hand(game, KROSAN_GRIP)
    give_mana(game, "A", "{2}{G}")
    game.cast("A", grip, targets=[thopter])
    game.pass_priority_to("B")
    expect.refused(lambda: game.cast("B", bolt, targets=["A"]), "刹那の呪文がスタックにある間は呪文を唱えられない")
    expect.refused(lambda: game.activate("B", pinger, targets=["A"]), "マナ能力でない能力は起動できない")
    game.activate("B", forest)
    expect.equal(game.players["B"].mana.amount("G"), 1, "マナ能力は起動できる")
    game.resolve_stack()
    expect.equal(game.current(thopter).zone, Zone.GRAVEYARD, "掌握が解決した")
    game.pass_priority_to("B")
    game.cast("B", bolt, targets=["A"])
    game.resolve_stack()
    expect.equal(_life(game, "A"), 17, "刹那の呪文が去れば唱えられる")


TREASURE_CRUISE = real("宝船の巡航", card("Treasure Cruise", "{7}{U}", "Sorcery", "delve", spell=SpellAbility(
    "Draw three cards.", _draw(3))))
TAX = card("Test Tax", "{1}{W}", "Enchantment", StaticAbility(
    "Noncreature spells cost {1} more to cast.", rules=(CostChange(spells(not_types=["Creature"]), 1),)))


@check("702.66a@20260116.0@3914c7e1", "702.66b@20260116.0@5646bde4")
def delve(expect: Expect) -> None:
    """状況: 戦場に「クリーチャーでない呪文を唱えるためのコストは{1}多くなる」テスト用エンチャント。Aの墓地にカード8枚、手札に《宝船の巡航》（{7}{U}、探査、カード3枚を引く）。
    行動: Aが墓地のカード8枚を追放し、{U}だけを支払って巡航を唱える。
    結果: 探査は総コスト{8}{U}が決まった後に適用されるので、増えた{1}の分も含め不特定マナ8点をカードの追放で支払える。Aは3枚引く。"""
    game = Game(["A", "B"], library=5)
    game.place(TAX, player="B")
    graveyard = [game.place(MOUNTAIN, Zone.GRAVEYARD, "A") for _ in range(8)]
    cruise = in_hand(game, TREASURE_CRUISE)
    give_mana(game, "A", "{U}")
    hand = len(game.hand("A"))
    game.choices.script(ChoiceKind.OBJECTS, graveyard, player="A")
    game.cast("A", cruise)
    expect.equal([game.current(c).zone for c in graveyard], [Zone.EXILE] * 8, "墓地の8枚が追放された")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand - 1 + 3, "3枚引いた")


MULLDRIFTER = real("熟考漂い", card("Mulldrifter", "{4}{U}", "Creature — Elemental", 2, 2, "flying", "evoke {2}{U}",
                                   TriggeredAbility("When this creature enters, draw two cards.", enters(), _draw(2))))


@check("702.74a@20260116.0@000bf5b6", "118.9@20260116.0@4961c10c")
def evoke(expect: Expect) -> None:
    """状況: Aの手札に《熟考漂い》（{4}{U}、戦場に出たときカード2枚を引く、想起{2}{U}）。
    行動: Aが想起コスト{2}{U}で唱え、戦場に出たときの2つの誘発型能力を解決する。
    結果: 想起コストが支払われていたので漂いは生け贄に捧げられ、Aはカード2枚を引く。"""
    game = Game(["A", "B"], library=5)
    drifter = in_hand(game, MULLDRIFTER)
    give_mana(game, "A", "{2}{U}")
    hand = len(game.hand("A"))
    game.cast("A", drifter, alternative="evoke")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand - 1 + 2, "2枚引いた")
    expect.equal(game.current(drifter).zone, Zone.GRAVEYARD, "想起したので生け贄に捧げられた")


FLAME_JAB = real("炎の突き", card("Flame Jab", "{R}", "Sorcery", "retrace", spell=SpellAbility(
    "Flame Jab deals 1 damage to any target.", _damage(1), (any_target(),))))


@check("702.81a@20260116.0@54a60dc1", "118.8@20260116.0@47cbd720")
def retrace(expect: Expect) -> None:
    """状況: Aの墓地に《炎の突き》（1点のダメージ、回顧）、手札に《山》。
    行動: Aが追加コストとして山を捨て、{R}を支払って墓地から突きを唱える。もう一度、手札に土地がない状態で唱えようとする。
    結果: 山は捨てられ、Bは1点を受け、突きは墓地に戻る。捨てる土地がなければ回顧では唱えられない。"""
    game = Game(["A", "B"])
    jab = game.place(FLAME_JAB, Zone.GRAVEYARD, "A")
    mountain = in_hand(game, MOUNTAIN)
    give_mana(game, "A", "{R}")
    game.cast("A", jab, targets=["B"], additional=("retrace",))
    expect.equal(game.current(mountain).zone, Zone.GRAVEYARD, "山を捨てた")
    game.resolve_stack()
    expect.equal(_life(game, "B"), 19, "1点を与えた")
    again = game.current(jab)
    expect.equal(again.zone, Zone.GRAVEYARD, "突きは墓地に戻った")
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", again, targets=["B"], additional=("retrace",)), "捨てる土地がない")


GOBLIN_HEELCUTTER = real("ゴブリンの踵裂き", card("Goblin Heelcutter", "{3}{R}", "Creature — Goblin Berserker", 3, 2,
                                             "dash {2}{R}"))
"""ゴブリンの踵裂き; its attack trigger is left out."""


@check("702.109a@20260116.0@ee0654f7")
def dash(expect: Expect) -> None:
    """状況: Aの手札に《ゴブリンの踵裂き》（{3}{R}、3/2、疾駆{2}{R}）。
    行動: Aが疾駆コスト{2}{R}で唱えて攻撃し、終了ステップに進む。
    結果: 疾駆コストが支払われていたので速攻を持って攻撃でき、Bは3点を受ける。次の終了ステップの開始時に踵裂きはオーナーの手札に戻る。"""
    game = Game(["A", "B"])
    heelcutter = in_hand(game, GOBLIN_HEELCUTTER)
    give_mana(game, "A", "{2}{R}")
    heelcutter = game.obj(game.cast("A", heelcutter, alternative="dash"))
    game.resolve_stack()
    expect.that(game.view(heelcutter).has("haste"), "疾駆コストが支払われていたので速攻を持つ")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([heelcutter])
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.equal(_life(game, "B"), 17, "攻撃して3点")
    expect.equal(game.current(heelcutter).zone, Zone.HAND, "終了ステップの開始時に手札に戻った")


RECKLESS_BUSHWHACKER = real("無謀な奇襲隊", card("Reckless Bushwhacker", "{2}{R}", "Creature — Goblin Warrior", 2, 1,
                                             "haste", "surge {1}{R}"))
"""無謀な奇襲隊; its enters trigger is left out."""


@check("702.117a@20260116.0@668c2c3d")
def surge(expect: Expect) -> None:
    """状況: Aの手札に《無謀な奇襲隊》（{2}{R}、怒濤{1}{R}）と《ショック》。
    行動: Aがこのターンに他の呪文を唱える前に怒濤コストで唱えようとし、次にショックを唱えてから怒濤コスト{1}{R}で唱える。
    結果: 他の呪文を唱える前は怒濤コストで唱えられない。ショックを唱えた後は{1}{R}で唱えられる。"""
    game = Game(["A", "B"])
    bushwhacker = in_hand(game, RECKLESS_BUSHWHACKER)
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", bushwhacker, alternative="surge"), "このターンに他の呪文を唱えていない")
    give_mana(game, "A", "{R}")
    game.cast("A", in_hand(game, cards.SHOCK), targets=["B"])
    game.resolve_stack()
    game.cast("A", bushwhacker, alternative="surge")
    game.resolve_stack()
    expect.equal(game.current(bushwhacker).zone, Zone.BATTLEFIELD, "怒濤コストで唱えられた")


ELDER_DEEP_FIEND = real("老いたる深海鬼", card("Elder Deep-Fiend", "{8}", "Creature — Eldrazi Octopus", 5, 6, "flash",
                                            "emerge {5}{U}{U}"))
"""老いたる深海鬼; its cast trigger is left out."""


@check("702.119a@20260116.0@5949b810", "702.119c@20260116.0@66a20844", "601.2h@20260116.0@a3920c0b")
def emerge(expect: Expect) -> None:
    """状況: Aは《灰色熊》（マナ総量2）をコントロールし、手札に《老いたる深海鬼》（{8}、現出{5}{U}{U}）。
    行動: Aが現出コストを支払うことを選び、熊を選んで、{3}{U}{U}を支払って唱える。
    結果: 総コストは熊のマナ総量2だけ減って{3}{U}{U}になり、熊はコストの支払いとして生け贄に捧げられる。深海鬼は戦場に出る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    fiend = in_hand(game, ELDER_DEEP_FIEND)
    give_mana(game, "A", "{3}{U}{U}")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    game.cast("A", fiend, alternative="emerge")
    expect.equal(game.current(bears).zone, Zone.GRAVEYARD, "熊を生け贄に捧げた")
    game.resolve_stack()
    expect.equal(game.current(fiend).zone, Zone.BATTLEFIELD, "{3}{U}{U}で唱えられた")


CURTAINS_CALL = real("幕切れ", card("Curtains' Call", "{5}{B}", "Instant", "undaunted", spell=SpellAbility(
    "Destroy two target creatures.", _destroy, (target_creature(), target_creature()))))


@check("702.125a@20260116.0@f13e9583", "702.125b@20260116.0@b1371151")
def undaunted(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Bの戦場に《灰色熊》2体。Aの手札に《幕切れ》2枚（{5}{B}、不抜、対象のクリーチャー2体を破壊する）。
    行動: Aが{3}{B}で1枚目を唱える。Cがゲームから離れた後、{3}{B}で2枚目を唱えようとする。
    結果: 対戦相手2人で{2}少なくなり、1枚目は{3}{B}で唱えられて熊2体が破壊される。Cが離れた後は対戦相手1人なので{4}{B}が必要になる。"""
    game = Game(["A", "B", "C"])
    bears = [game.place(cards.GRIZZLY_BEARS, player="B") for _ in range(4)]
    first, second = in_hand(game, CURTAINS_CALL), in_hand(game, CURTAINS_CALL)
    give_mana(game, "A", "{3}{B}")
    game.cast("A", first, targets=bears[:2])
    game.resolve_stack()
    expect.equal([game.current(b).zone for b in bears[:2]], [Zone.GRAVEYARD] * 2, "{3}{B}で唱えられた")
    from kb.engine import actions

    actions.leave_game(game, "C")
    give_mana(game, "A", "{3}{B}")
    expect.refused(lambda: game.cast("A", second, targets=bears[2:]), "離れたプレイヤーは対戦相手として数えない")
    give_mana(game, "A", "{1}")
    game.cast("A", second, targets=bears[2:])
    game.resolve_stack()
    expect.equal([game.current(b).zone for b in bears[2:]], [Zone.GRAVEYARD] * 2, "{4}{B}で唱えられた")


REVERSE_ENGINEER = real("解析調査", card("Reverse Engineer", "{3}{U}{U}", "Sorcery", "improvise", spell=SpellAbility(
    "Draw three cards.", _draw(3))))


@check("702.126a@20260116.0@32b3217b", "702.126b@20260116.0@d0db7297")
def improvise(expect: Expect) -> None:
    """状況: Aは《羽ばたき飛行機械》3体をコントロールし、手札に《解析調査》（{3}{U}{U}、即席、カード3枚を引く）。
    行動: Aが飛行機械3体をタップして不特定マナ{3}を支払い、{U}{U}を支払って唱える。
    結果: 3体はタップされ、Aは3枚引く。アーティファクトで色マナは支払えない。"""
    game = Game(["A", "B"], library=5)
    thopters = [game.place(cards.ORNITHOPTER) for _ in range(3)]
    engineer = in_hand(game, REVERSE_ENGINEER)
    give_mana(game, "A", "{U}{U}")
    hand = len(game.hand("A"))
    game.choices.script(ChoiceKind.OBJECTS, dict.fromkeys(thopters, "1"), player="A")
    game.cast("A", engineer)
    expect.that(all(game.view(t).tapped for t in thopters), "3体をタップして支払った")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand - 1 + 3, "3枚引いた")
