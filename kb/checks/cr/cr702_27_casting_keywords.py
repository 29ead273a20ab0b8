"""Keyword abilities of casting spells with additional or alternative costs, or costs paid or
reduced otherwise: buyback (702.27), kicker (702.33), flashback (702.34), madness (702.35),
storm (702.40), affinity (702.41), convoke (702.51), replicate (702.56), split second (702.61),
delve (702.66), evoke (702.74), retrace (702.81), dash (702.109), surge (702.117), emerge
(702.119), undaunted (702.125), improvise (702.126)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr601_casting_spells import GARRUKS_HORDE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    FOREST,
    MOUNTAIN,
    ActivatedAbility,
    CantCast,
    ChoiceKind,
    Color,
    CostChange,
    Game,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    any_target,
    artifacts,
    attached_to_this,
    card,
    condition,
    cost,
    creatures,
    enters,
    leaves,
    modify_pt,
    permanents,
    spells,
    target,
    target_creature,
    target_player,
    target_spell,
)
from kb.engine.keywords_casting import KickerSpell, convoked_by, kicked
from kb.engine.modes import Mode, modal
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


GRAVE_PING = card("Test Grave Ping", "{1}{B}", "Sorcery", "gravestorm", spell=SpellAbility(
    "This spell deals 1 damage to any target.", _damage(1), (any_target(),)))


@check("702.69a@20260116.0@7d5b0636", "707.10@20260116.0@85fe7dea")
def gravestorm(expect: Expect) -> None:
    """状況: このターン、Aの《灰色熊》2体が戦場から墓地に置かれた。Aの手札に墓地ストームを持つ「1点のダメージを与える」テスト用ソーサリー。
    行動: AがそのソーサリーをBを対象に唱え、コピーの対象は変えない。
    結果: 墓地ストームはこのターン戦場から墓地に置かれたパーマネント2つにつき1つずつ呪文をコピーし、Bは計3点を受ける。"""
    game = Game(["A", "B"])
    for bears in [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]:
        game.destroy(bears)
    ping = in_hand(game, GRAVE_PING)
    give_mana(game, "A", "{1}{B}")
    for _ in range(2):
        game.choices.script(ChoiceKind.TARGETS, None, player="A")
    game.cast("A", ping, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 17, "元の呪文と2つのコピーで3点")


GLEEFUL_SABOTAGE = real("上機嫌の破壊", card("Gleeful Sabotage", "{1}{G}", "Sorcery", "conspire", spell=SpellAbility(
    "Destroy target artifact or enchantment.", _destroy,
    (target(permanents("Artifact") | permanents("Enchantment")),))))


@check("702.78a@20260116.0@d192c044", "118.8@20260116.0@47cbd720", "707.10c@20260116.0@1be4a9e5")
def conspire(expect: Expect) -> None:
    """状況: Aは緑の《灰色熊》2体をコントロールし、手札に《上機嫌の破壊》（緑、共謀、対象のアーティファクトかエンチャント1つを破壊する）。Bは《羽ばたき飛行機械》2体をコントロールしている。
    行動: Aが追加コストとして熊2体をタップして、1体目の飛行機械を対象に唱え、コピーの対象を2体目に変える。
    結果: 共謀コストが支払われたので唱えたときに呪文がコピーされ、飛行機械は2体とも破壊される。熊はタップされている。"""
    game = Game(["A", "B"])
    bears = [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]
    thopters = [game.place(cards.ORNITHOPTER, player="B") for _ in range(2)]
    sabotage = in_hand(game, GLEEFUL_SABOTAGE)
    give_mana(game, "A", "{1}{G}")
    game.choices.script(ChoiceKind.TARGETS, [thopters[1]], player="A")
    game.cast("A", sabotage, targets=[thopters[0]], additional=("conspire",))
    expect.that(all(game.view(b).tapped for b in bears), "熊2体をタップして共謀コストを支払った")
    game.resolve_stack()
    expect.equal([game.current(t).zone for t in thopters], [Zone.GRAVEYARD] * 2, "コピーも破壊した")


BLOODBRAID_ELF = real("血編み髪のエルフ", card("Bloodbraid Elf", "{2}{R}{G}", "Creature — Elf Berserker", 3, 2,
                                            "haste", "cascade"))
COLOSSAL_DREADMAW = real("巨大な戦慄大口", card("Colossal Dreadmaw", "{4}{G}{G}", "Creature — Dinosaur", 6, 6,
                                             "trample"))


@check("702.85a@20260116.0@306d3399", "608.2g@20260116.0@302dd5cf")
def cascade(expect: Expect) -> None:
    """状況: Aのライブラリーの上から《山》、《巨大な戦慄大口》（マナ総量6）、《稲妻》。手札に《血編み髪のエルフ》（マナ総量4、続唱）。
    行動: Aがエルフを唱え、続唱で追放された稲妻をマナ・コストを支払わずにBを対象に唱える。
    結果: 土地でなくマナ総量が4未満の稲妻が出るまで3枚が追放され、稲妻はマナなしで唱えられてBは3点を受ける。山と戦慄大口はライブラリーの一番下に置かれる。"""
    game = Game(["A", "B"])
    bolt = game.place(cards.LIGHTNING_BOLT, Zone.LIBRARY, "A")
    dreadmaw = game.place(COLOSSAL_DREADMAW, Zone.LIBRARY, "A")
    mountain = game.place(MOUNTAIN, Zone.LIBRARY, "A")
    elf = in_hand(game, BLOODBRAID_ELF)
    give_mana(game, "A", "{2}{R}{G}")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.cast("A", elf)
    game.resolve_stack()
    expect.equal(_life(game, "B"), 17, "続唱で稲妻を唱えた")
    expect.equal(game.current(bolt).zone, Zone.GRAVEYARD, "稲妻は解決した")
    bottom = set(game.players["A"].library[:2])
    expect.equal(bottom, {game.current(mountain).id, game.current(dreadmaw).id}, "残りはライブラリーの一番下に")


SURGING_FLAME = real("うねる炎", card("Surging Flame", "{1}{R}", "Instant", "ripple 4", spell=SpellAbility(
    "Surging Flame deals 2 damage to any target.", _damage(2), (any_target(),))))


@check("702.60a@20260116.0@738f4573", "608.2g@20260116.0@302dd5cf")
def ripple(expect: Expect) -> None:
    """状況: Aのライブラリーの上4枚は《うねる炎》1枚と《山》3枚。手札に《うねる炎》（2点のダメージ、波及4）。
    行動: AがBを対象にうねる炎を唱え、波及で4枚を公開し、同名のうねる炎をマナ・コストを支払わずにBを対象に唱える。その炎の波及では公開しない。
    結果: Bは計4点を受ける。唱えなかった山3枚はライブラリーの一番下に置かれる。"""
    game = Game(["A", "B"], library=2)
    game.place(SURGING_FLAME, Zone.LIBRARY, "A")
    mountains = [game.place(MOUNTAIN, Zone.LIBRARY, "A") for _ in range(3)]
    flame = in_hand(game, SURGING_FLAME)
    give_mana(game, "A", "{1}{R}")
    for answer in (True, True, False):
        game.choices.script(ChoiceKind.MAY, answer, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.choices.script(ChoiceKind.ORDER, lambda c: list(c.items), player="A")
    game.cast("A", flame, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 16, "公開した同名のカードを唱えて計4点")
    expect.equal(set(game.players["A"].library[:3]), {m.id for m in mountains}, "山3枚は一番下に")


STAGGERSHOCK = real("よろめきショック", card("Staggershock", "{2}{R}", "Instant", "rebound", spell=SpellAbility(
    "Staggershock deals 2 damage to any target.", _damage(2), (any_target(),))))


@check("702.88a@20260116.0@db6b4e55", "702.88b@20260116.0@78634f4f")
def rebound(expect: Expect) -> None:
    """状況: Aの手札に《よろめきショック》（2点のダメージ、反復）。
    行動: Aが手札からBを対象に唱える。Aの次のアップキープに、反復の遅延誘発型能力でマナ・コストを支払わずにBを対象に唱える。
    結果: 1回目の解決後、ショックは墓地ではなく追放される。次のアップキープに追放領域から唱えられてBは計4点を受け、手札から唱えたのではないので2回目は墓地に置かれる。"""
    game = Game(["A", "B"], library=5)
    shock = in_hand(game, STAGGERSHOCK)
    give_mana(game, "A", "{2}{R}")
    game.cast("A", shock, targets=["B"])
    game.resolve_stack()
    expect.equal((_life(game, "B"), game.current(shock).zone), (18, Zone.EXILE), "2点を与えて追放された")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.next_turn()
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    expect.equal(_life(game, "B"), 16, "アップキープに追放領域から唱えた")
    expect.equal(game.current(shock).zone, Zone.GRAVEYARD, "手札から唱えたのではないので墓地に置かれる")


THUNDEROUS_WRATH = real("轟く怒り", card("Thunderous Wrath", "{4}{R}{R}", "Instant", "miracle {R}", spell=SpellAbility(
    "Thunderous Wrath deals 5 damage to any target.", _damage(5), (any_target(),))))


@check("702.94a@20260116.0@5dba06ac")
def miracle(expect: Expect) -> None:
    """状況: Aのライブラリーの上2枚は《轟く怒り》（5点のダメージ、奇跡{R}）。このターンAはまだカードを引いていない。
    行動: Aがカードを1枚引いて怒りを公開し、誘発型能力の解決中に{R}でBを対象に唱える。続けてもう1枚引く。
    結果: このターン最初に引いたカードなので奇跡が誘発し、{R}で唱えられてBは5点を受ける。2枚目は最初に引いたカードではないので奇跡は誘発しない。"""
    game = Game(["A", "B"], library=3)
    game.place(THUNDEROUS_WRATH, Zone.LIBRARY, "A")
    game.place(THUNDEROUS_WRATH, Zone.LIBRARY, "A")
    give_mana(game, "A", "{R}")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.draw("A")
    game.resolve_stack()
    expect.equal(_life(game, "B"), 15, "奇跡コスト{R}で唱えて5点")
    game.draw("A")
    game.refresh_priority()
    expect.equal(len(game.stack), 0, "2枚目では奇跡は誘発しない")


def _vandalblast(resolution: Resolution) -> None:
    from kb.engine.keywords_casting import overloaded

    game = resolution.game
    if overloaded(resolution):
        views = game.views()
        for obj in [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD]:
            if views[obj.id].is_a("Artifact") and views[obj.id].controller != resolution.controller:
                game.destroy(obj.id)
        return
    for chosen in resolution.objects(0):
        game.destroy(chosen)


VANDALBLAST = real("汚損破", card("Vandalblast", "{R}", "Sorcery", "overload {4}{R}", spell=SpellAbility(
    "Destroy target artifact you don't control.", _vandalblast, (target(artifacts(controller="opponent")),))))
HEXPROOF_RELIC = card("Test Warded Relic", "{2}", "Artifact", "hexproof")


@check("702.96a@20260116.0@41e28dc3", "702.96b@20260116.0@ecea980f")
def overload(expect: Expect) -> None:
    """状況: Bは《羽ばたき飛行機械》と呪禁を持つテスト用アーティファクトを、Aは《羽ばたき飛行機械》をコントロールしている。Aの手札に《汚損破》（あなたがコントロールしていない対象のアーティファクト1つを破壊する、超過{4}{R}）。
    行動: Aが超過コスト{4}{R}で対象を取らずに唱える。
    結果: 呪文は対象を取らず、Bのアーティファクトをすべて破壊する。対象にできない呪禁のアーティファクトも破壊される。Aの飛行機械は残る。"""
    game = Game(["A", "B"])
    theirs = game.place(cards.ORNITHOPTER, player="B")
    relic = game.place(HEXPROOF_RELIC, player="B")
    mine = game.place(cards.ORNITHOPTER)
    blast = in_hand(game, VANDALBLAST)
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", blast, targets=[relic]), "超過しなければ呪禁のアーティファクトは対象にできない")
    give_mana(game, "A", "{4}")
    game.cast("A", blast, alternative="overload")
    expect.equal(game.stack[-1].specs, (), "超過した呪文は対象を取らない")
    game.resolve_stack()
    expect.equal((game.current(theirs).zone, game.current(relic).zone, game.current(mine).zone),
                 (Zone.GRAVEYARD, Zone.GRAVEYARD, Zone.BATTLEFIELD), "Bのアーティファクトはすべて破壊された")


def _mode_damage(amount: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution, mine: tuple[int, ...]) -> None:
        source = resolution.source_id
        for chosen in resolution.targets(mine[0]):
            if source is not None:
                resolution.game.deal_damage(source, chosen, amount)

    return effect


TWIN_CHARM = card("Test Twin Charm", "{1}{R}", "Instant", "entwine {2}", spell=modal(
    "Choose one —", Mode("You gain 3 life.", lambda r, mine: r.game.gain_life(r.controller, 3)),
    Mode("This spell deals 2 damage to any target.", _mode_damage(2), (any_target(),))))


@check("702.42a@20260116.0@3b2bc56b", "702.42b@20260116.0@a5830482", "700.2a@20260116.0@175ee308",
       "700.2c@20260116.0@e9b5a603")
def entwine(expect: Expect) -> None:
    """状況: Aの手札に「1つを選ぶ ― 3点のライフを得る／1つを対象として2点のダメージを与える」、双呪{2}のテスト用インスタント2枚。
    行動: Aが1枚を双呪コストを加えた{3}{R}でBを対象に唱え、もう1枚を双呪なしで1つ目のモードだけを選んで唱える。
    結果: 双呪した呪文はすべてのモードが選ばれ、書かれた順にAが3点を得てBが2点を受ける。双呪しなければ選んだモードだけが起こり、呪文は対象を取らない。"""
    game = Game(["A", "B"])
    first, second = in_hand(game, TWIN_CHARM), in_hand(game, TWIN_CHARM)
    give_mana(game, "A", "{3}{R}")
    game.cast("A", first, targets=["B"], additional=("entwine",))
    game.resolve_stack()
    expect.equal((_life(game, "A"), _life(game, "B")), (23, 18), "双呪したのですべてのモードに従った")
    give_mana(game, "A", "{1}{R}")
    game.choices.script(ChoiceKind.MODE, [0], player="A")
    game.cast("A", second)
    expect.equal(game.stack[-1].specs, (), "選ばなかったモードの対象は取らない")
    game.resolve_stack()
    expect.equal((_life(game, "A"), _life(game, "B")), (26, 18), "選んだモードだけが起こった")


ESCALATING_VOLLEY = card("Test Escalating Volley", "{R}", "Sorcery", "escalate {1}", spell=modal(
    "Choose one or more —", Mode("This spell deals 1 damage to any target.", _mode_damage(1), (any_target(),)),
    Mode("You gain 2 life.", lambda r, mine: r.game.gain_life(r.controller, 2)),
    Mode("Draw a card.", lambda r, mine: r.game.draw(r.controller)), maximum=3))


@check("702.120a@20260116.0@204d0e8f", "601.2f@20260116.0@2220e1e2")
def escalate(expect: Expect) -> None:
    """状況: Aの手札に「1つ以上を選ぶ ― 1点のダメージ／2点のライフを得る／カードを1枚引く」、増呪{1}の{R}のテスト用ソーサリー。
    行動: Aが3つのモードすべてを選び、Bを対象にして{2}{R}で唱える。もう1枚を同じく3つのモードで{1}{R}だけで唱えようとする。
    結果: 1つ目より多く選んだモード2つにつき{1}ずつ追加で支払う。解決するとBは1点を受け、Aは2点を得て1枚引く。{1}{R}だけでは3つのモードでは唱えられない。"""
    game = Game(["A", "B"], library=3)
    volley, other = in_hand(game, ESCALATING_VOLLEY), in_hand(game, ESCALATING_VOLLEY)
    hand = len(game.hand("A"))
    give_mana(game, "A", "{2}{R}")
    game.choices.script(ChoiceKind.MODE, [0, 1, 2], player="A")
    game.cast("A", volley, targets=["B"])
    game.resolve_stack()
    expect.equal((_life(game, "B"), _life(game, "A"), len(game.hand("A"))), (19, 22, hand), "3つのモードすべてに従った")
    give_mana(game, "A", "{1}{R}")
    game.choices.script(ChoiceKind.MODE, [0, 1, 2], player="A")
    expect.refused(lambda: game.cast("A", other, targets=["B"]), "3つのモードには{2}の追加が必要")


RIFT_BOLT = real("裂け目の稲妻", card("Rift Bolt", "{2}{R}", "Sorcery", "suspend 1—{R}", spell=SpellAbility(
    "Rift Bolt deals 3 damage to any target.", _damage(3), (any_target(),))))
SLUMBERING_BEAST = card("Test Slumbering Beast", "{3}{G}", "Creature — Beast", 3, 3, "suspend 1—{G}")


@check("702.62a@20260116.0@6666d80c", "702.62b@20260116.0@a1ffba58", "702.62d@20260116.0@8599d486",
       "116.2f@20260116.0@979fa5e7")
def suspend(expect: Expect) -> None:
    """状況: Aの手札に《裂け目の稲妻》（3点のダメージ、待機1―{R}）と、待機1―{G}の3/3のテスト用クリーチャー。
    行動: Aが自分のメイン・フェイズに{R}と{G}を支払って両方を待機させ、次のAのアップキープまで進めて、最後の時間カウンターが取り除かれたときにどちらもマナ・コストを支払わずに唱える（稲妻はBを対象に）。
    結果: 待機はスタックを使わない特別な処理で、カードは時間カウンター1個とともに追放され待機状態になる。Aのアップキープにカウンターが取り除かれ、稲妻はBに3点を与え、クリーチャーは速攻を持って戦場に出る。"""
    from kb.engine.keywords_casting import is_suspended
    from kb.engine.keywords_casting import suspend as suspend_card

    game = Game(["A", "B"], library=5)
    bolt, beast = in_hand(game, RIFT_BOLT), in_hand(game, SLUMBERING_BEAST)
    give_mana(game, "A", "{R}{G}")
    exiled = [suspend_card(game, "A", bolt), suspend_card(game, "A", beast)]
    expect.equal(len(game.stack), 0, "待機はスタックを使わない")
    expect.that(all(is_suspended(game, e.id) and e.counter("time") == 1 for e in exiled), "時間カウンター1個で待機状態")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.next_turn()
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    expect.equal(_life(game, "B"), 17, "稲妻をマナ・コストなしで唱えた")
    creature = game.current(exiled[1])
    expect.equal((creature.zone, game.view(creature).has("haste")), (Zone.BATTLEFIELD, True), "クリーチャーは速攻を持つ")


NO_SORCERIES = card("Test Sorcery Ban", "{1}{W}", "Enchantment", StaticAbility(
    "Sorcery spells can't be cast.", rules=(CantCast(spells("Sorcery")),)))


@check("702.62c@20260116.0@a45ee6e0")
def suspend_needs_a_castable_card(expect: Expect) -> None:
    """状況: Aの手札に《裂け目の稲妻》（ソーサリー、待機1―{R}）2枚。
    行動: Aが1枚を待機させる。その後「ソーサリー・呪文は唱えられない」テスト用エンチャントが戦場に出て、もう1枚を待機させようとする。
    結果: 1枚目は待機できる。唱えることを禁止する効果があると唱え始められないので、2枚目は待機できない。"""
    from kb.engine.keywords_casting import suspend as suspend_card

    game = Game(["A", "B"])
    first, second = in_hand(game, RIFT_BOLT), in_hand(game, RIFT_BOLT)
    give_mana(game, "A", "{R}{R}")
    expect.equal(suspend_card(game, "A", first).zone, Zone.EXILE, "待機できた")
    game.place(NO_SORCERIES, player="B")
    expect.refused(lambda: suspend_card(game, "A", second), "唱えることが禁止されたカードは待機できない")


COASTAL_DISCOVERY = real("沿岸の発見", card("Coastal Discovery", "{3}{U}", "Sorcery", "awaken 4—{5}{U}",
                                         spell=SpellAbility("Draw two cards.", _draw(2))))


@check("702.113a@20260116.0@625018d7", "702.113b@20260116.0@9937d8fd")
def awaken(expect: Expect) -> None:
    """状況: Aは《島》をコントロールし、手札に《沿岸の発見》（カード2枚を引く、覚醒4―{5}{U}）2枚。
    行動: Aが1枚を覚醒コスト{5}{U}で島を対象に唱え、もう1枚をマナ・コストで唱える。
    結果: 覚醒した呪文はAに2枚を引かせ、島に+1/+1カウンター4個を置き、島は速攻を持つ0/0のエレメンタル・クリーチャーになる（土地のまま）。マナ・コストで唱えた呪文は土地を対象に取らない。"""
    from kb.engine import ISLAND

    game = Game(["A", "B"], library=6)
    island = game.place(ISLAND)
    first, second = in_hand(game, COASTAL_DISCOVERY), in_hand(game, COASTAL_DISCOVERY)
    hand = len(game.hand("A"))
    give_mana(game, "A", "{5}{U}")
    game.cast("A", first, targets=[island], alternative="awaken")
    game.resolve_stack()
    view = game.view(island)
    expect.equal((len(game.hand("A")), view.pt, view.is_a("Land"), view.has("haste"), "Elemental" in view.subtypes),
                 (hand + 1, (4, 4), True, True, True), "島は4/4の速攻を持つエレメンタル・クリーチャー・土地になった")
    give_mana(game, "A", "{3}{U}")
    game.cast("A", second)
    expect.equal(game.stack[-1].specs, (), "覚醒しなければ対象を取らない")


LATCHKEY_FAERIE = real("掛け鍵のフェアリー", card("Latchkey Faerie", "{3}{U}", "Creature — Faerie Rogue", 3, 1,
                                             "flying", "prowl {2}{U}"))
"""掛け鍵のフェアリー; its draw on entering is left out."""
ROGUE = card("Test Rogue", "{1}{B}", "Creature — Human Rogue", 1, 1)


@check("702.76a@20260116.0@91ff43c1")
def prowl(expect: Expect) -> None:
    """状況: Aは人間・ならず者のテスト用クリーチャーをコントロールし、手札に《掛け鍵のフェアリー》（フェアリー・ならず者、徘徊{2}{U}）。
    行動: 戦闘前に徘徊コストで唱えようとする。ならず者がBに戦闘ダメージを与えた後、第2メイン・フェイズに徘徊コスト{2}{U}で唱える。
    結果: このターン、ならず者を持つAの発生源がプレイヤーに戦闘ダメージを与えるまでは徘徊コストで唱えられない。与えた後は{2}{U}で唱えられる。"""
    from kb.engine import Phase

    game = Game(["A", "B"])
    rogue = game.place(ROGUE)
    faerie = in_hand(game, LATCHKEY_FAERIE)
    give_mana(game, "A", "{2}{U}")
    expect.refused(lambda: game.cast("A", faerie, alternative="prowl"), "まだ戦闘ダメージを与えていない")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([rogue])
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.equal(_life(game, "B"), 19, "ならず者が戦闘ダメージを与えた")
    give_mana(game, "A", "{2}{U}")
    game.cast("A", faerie, alternative="prowl")
    game.resolve_stack()
    expect.equal(game.current(faerie).zone, Zone.BATTLEFIELD, "徘徊コストで唱えられた")


DOUBLE_CONSPIRE = card("Test Doubly Conspiring Sabotage", "{1}{G}", "Sorcery", "conspire", "conspire",
                       spell=SpellAbility("Destroy target artifact.", _destroy, (target(artifacts()),)))


@check("702.78b@20260116.0@978810bf", "702.78a@20260116.0@d192c044")
def conspire_instances_are_paid_separately(expect: Expect) -> None:
    """状況: Aは緑の《灰色熊》2体をコントロールし、手札に共謀を2つ持つ「対象のアーティファクト1つを破壊する」緑のテスト用ソーサリー。Bは《羽ばたき飛行機械》3体をコントロールしている。
    行動: Aが共謀コストを1回だけ支払って（熊2体をタップ）1体目を対象に唱え、コピーの対象を2体目に変える。
    結果: 共謀はそれぞれ別々に支払われ、自身の支払いに対してのみ誘発するので、コピーは1つだけ作られる。飛行機械2体が破壊され、3体目は残る。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.GRIZZLY_BEARS)
    thopters = [game.place(cards.ORNITHOPTER, player="B") for _ in range(3)]
    sabotage = in_hand(game, DOUBLE_CONSPIRE)
    give_mana(game, "A", "{1}{G}")
    game.choices.script(ChoiceKind.TARGETS, [thopters[1]], player="A")
    game.cast("A", sabotage, targets=[thopters[0]], additional=("conspire",))
    game.resolve_stack()
    expect.equal([game.current(t).zone for t in thopters], [Zone.GRAVEYARD, Zone.GRAVEYARD, Zone.BATTLEFIELD],
                 "コピーは支払った1回分の1つだけ")


DOUBLE_GRAVESTORM = card("Test Double Grave Ping", "{1}{B}", "Sorcery", "gravestorm", "gravestorm",
                         spell=SpellAbility("This spell deals 1 damage to any target.", _damage(1), (any_target(),)))


@check("702.69b@20260116.0@a2b32275", "702.69a@20260116.0@7d5b0636")
def gravestorm_instances_trigger_separately(expect: Expect) -> None:
    """状況: このターン、Aの《灰色熊》1体が戦場から墓地に置かれた。Aの手札に墓地ストームを2つ持つ「1点のダメージを与える」テスト用ソーサリー。
    行動: AがBを対象に唱え、コピーの対象は変えない。
    結果: 2つの墓地ストームは別々に誘発し、それぞれがコピー1つを作るので、Bは計3点を受ける。"""
    game = Game(["A", "B"])
    game.destroy(game.place(cards.GRIZZLY_BEARS))
    ping = in_hand(game, DOUBLE_GRAVESTORM)
    give_mana(game, "A", "{1}{B}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    for _ in range(2):
        game.choices.script(ChoiceKind.TARGETS, None, player="A")
    game.cast("A", ping, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 17, "元の呪文とコピー2つで3点")


DOUBLY_UNDAUNTED = card("Test Doubly Undaunted", "{4}{B}", "Sorcery", "undaunted", "undaunted",
                        spell=SpellAbility("Draw a card.", _draw(1)))


@check("702.125c@20260116.0@b8b241ab", "702.125a@20260116.0@f13e9583")
def undaunted_instances_each_apply(expect: Expect) -> None:
    """状況: 2人対戦。Aの手札に不抜を2つ持つ{4}{B}のテスト用ソーサリー。
    行動: Aが{2}{B}を支払って唱える。
    結果: 不抜はそれぞれ適用され、対戦相手1人につき{1}が2回少なくなるので{2}{B}で唱えられる。"""
    game = Game(["A", "B"], library=3)
    spell = in_hand(game, DOUBLY_UNDAUNTED)
    give_mana(game, "A", "{2}{B}")
    game.cast("A", spell)
    game.resolve_stack()
    expect.equal(game.current(spell).zone, Zone.GRAVEYARD, "{2}{B}で唱えられ、解決した")


DOUBLE_CONVOKE = card("Test Double Convoke", "{1}{G}", "Sorcery", "convoke", "convoke",
                      spell=SpellAbility("Draw a card.", _draw(1)))
DOUBLE_DELVE = card("Test Double Delve", "{2}{U}", "Sorcery", "delve", "delve",
                    spell=SpellAbility("Draw a card.", _draw(1)))
DOUBLE_IMPROVISE = card("Test Double Improvise", "{2}{U}", "Sorcery", "improvise", "improvise",
                        spell=SpellAbility("Draw a card.", _draw(1)))


@check("702.51d@20260116.0@78d1e4ea", "702.66c@20260116.0@e957006c", "702.126c@20260116.0@0086d12b")
def redundant_payment_keywords(expect: Expect) -> None:
    """状況: Aは《灰色熊》と《羽ばたき飛行機械》をコントロールし、墓地にカード1枚、手札に召集を2つ持つ{1}{G}、探査を2つ持つ{2}{U}、即席を2つ持つ{2}{U}のテスト用ソーサリー。
    行動: Aが熊をタップして{G}を支払い{1}をマナで、墓地の1枚を追放して{1}を支払い{1}{U}をマナで、飛行機械をタップして{1}を支払い{1}{U}をマナで、それぞれを唱える。
    結果: 召集、探査、即席は2つあっても1つと同じで、それぞれ1回だけ選んで支払う。3つとも唱えられる。"""
    game = Game(["A", "B"], library=5)
    bears, thopter = game.place(cards.GRIZZLY_BEARS), game.place(cards.ORNITHOPTER)
    card_in_graveyard = game.place(MOUNTAIN, Zone.GRAVEYARD, "A")
    convoke_spell, delve_spell, improvise_spell = (in_hand(game, DOUBLE_CONVOKE), in_hand(game, DOUBLE_DELVE),
                                                   in_hand(game, DOUBLE_IMPROVISE))
    give_mana(game, "A", "{1}")
    game.choices.script(ChoiceKind.OBJECTS, {bears: "G"}, player="A")
    game.cast("A", convoke_spell)
    game.resolve_stack()
    give_mana(game, "A", "{1}{U}")
    game.choices.script(ChoiceKind.OBJECTS, [card_in_graveyard], player="A")
    game.cast("A", delve_spell)
    game.resolve_stack()
    give_mana(game, "A", "{1}{U}")
    game.choices.script(ChoiceKind.OBJECTS, {thopter: "1"}, player="A")
    game.cast("A", improvise_spell)
    game.resolve_stack()
    expect.equal([game.current(s).zone for s in (convoke_spell, delve_spell, improvise_spell)],
                 [Zone.GRAVEYARD] * 3, "3つとも1回の選択で支払って唱えられた")


DOUBLE_REBOUND = card("Test Double Rebound", "{R}", "Instant", "rebound", "rebound", spell=SpellAbility(
    "This spell deals 1 damage to any target.", _damage(1), (any_target(),)))


@check("702.88c@20260116.0@6c920cd1", "702.88a@20260116.0@db6b4e55")
def rebound_twice_is_rebound_once(expect: Expect) -> None:
    """状況: Aの手札に反復を2つ持つ「1点のダメージを与える」テスト用インスタント。
    行動: Aが手札からBを対象に唱え、次のAのアップキープに追放領域から唱える。
    結果: 反復が2つあっても追放されるのは1回、アップキープに唱えられるのも1回で、Bは計2点を受ける。"""
    game = Game(["A", "B"], library=5)
    spell = in_hand(game, DOUBLE_REBOUND)
    give_mana(game, "A", "{R}")
    game.choices.script(ChoiceKind.REPLACEMENT, lambda c: c.options[0], player="A")
    game.cast("A", spell, targets=["B"])
    game.resolve_stack()
    expect.equal(game.current(spell).zone, Zone.EXILE, "追放された")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.next_turn()
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    expect.equal((_life(game, "B"), game.current(spell).zone), (18, Zone.GRAVEYARD), "唱えたのは1回")


@check("702.37a@20260116.0@acf2dff0", "708.4@20260116.0@51bfe9b1")
def morph_casts_a_face_down_two_two(expect: Expect) -> None:
    """状況: Aの手札に《賛美されし天使》（{4}{W}{W}、変異{2}{W}{W}）。マナは{3}だけ。
    行動: Aが{3}を支払って裏向きで唱え、解決後に変異コスト{2}{W}{W}を支払って表向きにする。
    結果: 本来のマナ・コストではなく{3}で、名前もサブタイプもマナ・コストもない2/2のクリーチャーとして唱えられ、戦場でも2/2。表向きにすると4/5の天使になる。"""
    from kb.engine import FaceDown

    game = Game(["A", "B"])
    angel = in_hand(game, cards.EXALTED_ANGEL)
    give_mana(game, "A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    seen = game.view(spell)
    expect.equal((seen.name, seen.pt, seen.subtypes, seen.mana_value), (None, (2, 2), frozenset(), 0),
                 "名前もサブタイプもマナ・コストもない2/2")
    game.resolve_stack()
    expect.equal(game.view(spell).pt, (2, 2), "戦場でも裏向きの2/2")
    give_mana(game, "A", "{2}{W}{W}")
    game.turn_face_up("A", spell)
    expect.equal((game.view(spell).name, game.view(spell).pt), ("Exalted Angel", (4, 5)), "表向きになった")


PATRON_OF_THE_AKKI = real("悪忌の守護神", card("Patron of the Akki", "{4}{R}{R}", "Legendary Creature — Spirit", 5, 5,
                                          "Goblin offering"))
"""悪忌の守護神; its attack trigger is left out."""
GOBLIN_PIKER = real("ゴブリンの長槍使い", card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", 2, 1))
"""ゴブリンの長槍使い; its can't-block ability is left out."""


@check("702.48a@20260116.0@5955e759", "702.48b@20260116.0@209fb10f", "702.48c@20260116.0@9ca2e5bd")
def offering(expect: Expect) -> None:
    """状況: Bのターン。Aは《ゴブリンの長槍使い》（{1}{R}）をコントロールし、手札に《悪忌の守護神》（{4}{R}{R}、ゴブリンの献身）2枚。
    行動: Aが長槍使いを生け贄に捧げることを選んで、{3}{R}で守護神を唱える。次にもう1枚を献身なしで唱えようとする。
    結果: 献身によりインスタントを唱えられるときに唱えられ、総コストは長槍使いのマナ・コスト分（{R}は{R}を、{1}は不特定マナを）減って{3}{R}になる。長槍使いは支払いとして生け贄に捧げられる。献身なしではBのターンには唱えられない。"""
    game = Game(["A", "B"])
    piker = game.place(GOBLIN_PIKER)
    patron, other = in_hand(game, PATRON_OF_THE_AKKI), in_hand(game, PATRON_OF_THE_AKKI)
    game.next_turn()
    game.pass_priority_to("A")
    give_mana(game, "A", "{3}{R}")
    spell = game.cast("A", patron, additional=("offering",))
    expect.equal(game.current(piker).zone, Zone.GRAVEYARD, "長槍使いを生け贄に捧げた")
    game.resolve_stack()
    expect.equal(game.current(spell).zone, Zone.BATTLEFIELD, "Bのターンに{3}{R}で唱えられた")
    game.pass_priority_to("A")
    give_mana(game, "A", "{4}{R}{R}")
    expect.refused(lambda: game.cast("A", other), "献身なしではインスタントのタイミングで唱えられない")


EPIC_PING = card("Test Epic Ping", "{1}{R}", "Sorcery", "epic", spell=SpellAbility(
    "This spell deals 1 damage to any target.", _damage(1), (any_target(),)))


@check("702.50a@20260116.0@752566de", "702.50b@20260116.0@0adecd77", "707.10@20260116.0@85fe7dea")
def epic(expect: Expect) -> None:
    """状況: Aの手札に歴伝を持つ「1点のダメージを与える」テスト用ソーサリーと《稲妻》。
    行動: AがBを対象にソーサリーを唱えて解決し、稲妻を唱えようとする。Aの次の2回のアップキープまで進め、コピーの対象は変えない。
    結果: 解決後、Aは残りのゲームの間呪文を唱えられない。Aのアップキープの開始時ごとに歴伝を除いた呪文のコピーがスタックに置かれ（唱えるのではないので禁止されない）、Bはそのたびに1点を受ける。"""
    game = Game(["A", "B"], library=8)
    ping, bolt = in_hand(game, EPIC_PING), in_hand(game, cards.LIGHTNING_BOLT)
    give_mana(game, "A", "{1}{R}")
    game.cast("A", ping, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 19, "1点を与えた")
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", bolt, targets=["B"]), "歴伝の解決後は呪文を唱えられない")
    for life in (18, 17):
        game.choices.script(ChoiceKind.TARGETS, None, player="A")
        game.next_turn()
        game.advance_to(Step.UPKEEP, "A")
        game.resolve_stack()
        expect.equal(_life(game, "B"), life, "アップキープごとにコピーが1点を与えた")


BOON_SATYR = real("加護のサテュロス", card(
    "Boon Satyr", "{1}{G}{G}", "Enchantment Creature — Satyr", 4, 2, "flash", "bestow {3}{G}{G}",
    StaticAbility("Enchanted creature gets +4/+2.", (modify_pt(4, 2),), attached_to_this())))


@check("702.103a@20260116.0@06237667", "702.103b@20260116.0@c47e8255", "702.103f@20260116.0@76307f03",
       "303.4a@20260116.0@a6ec3e5b")
def bestow(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールし、手札に《加護のサテュロス》（4/2、授与{3}{G}{G}、エンチャントされているクリーチャーは+4/+2）。
    行動: Aが授与コスト{3}{G}{G}で熊を対象に唱えて解決する。その後、熊が破壊される。
    結果: スタック上のサテュロスはクリーチャーでないオーラ・エンチャントで、熊につき熊は6/4になる。熊がいなくなるとサテュロスははずれて授与されていない状態になり、4/2のクリーチャーとして戦場に残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    satyr = in_hand(game, BOON_SATYR)
    give_mana(game, "A", "{3}{G}{G}")
    spell = game.cast("A", satyr, targets=[bears], alternative="bestow")
    seen = game.view(spell)
    expect.equal((seen.is_a("Creature"), seen.is_a("Enchantment"), "Aura" in seen.subtypes), (False, True, True),
                 "授与されたオーラ・呪文")
    game.resolve_stack()
    expect.equal((game.obj(spell).attached_to, game.view(bears).pt), (bears.id, (6, 4)), "熊につき+4/+2")
    game.destroy(bears)
    game.refresh_priority()
    after = game.view(spell)
    expect.equal((game.obj(spell).zone, after.is_a("Creature"), after.pt, game.obj(spell).attached_to),
                 (Zone.BATTLEFIELD, True, (4, 2), None), "はずれて4/2のクリーチャーとして残る")


@check("702.103e@20260116.0@aa4575b9", "608.2b@20260116.0@47734daf")
def bestowed_spell_with_an_illegal_target(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールし、手札に《加護のサテュロス》（授与{3}{G}{G}）。
    行動: Aが授与コストで熊を対象に唱え、解決前に熊が破壊される。
    結果: 解決を始める時点で対象が不適正なので、サテュロスは授与されていない状態になり、打ち消されずにクリーチャー・呪文として解決して4/2のクリーチャーとして戦場に出る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    satyr = in_hand(game, BOON_SATYR)
    give_mana(game, "A", "{3}{G}{G}")
    spell = game.cast("A", satyr, targets=[bears], alternative="bestow")
    game.destroy(bears)
    game.resolve_stack()
    after = game.view(spell)
    expect.equal((game.obj(spell).zone, after.is_a("Creature"), after.pt), (Zone.BATTLEFIELD, True, (4, 2)),
                 "クリーチャーとして戦場に出た")


LAST_THOUGHTS = real("最後の思考", card("Last Thoughts", "{3}{U}", "Sorcery", "cipher", spell=SpellAbility(
    "Draw a card.", _draw(1))))


@check("702.99a@20260116.0@9ee36307", "702.99b@20260116.0@f6abef37", "702.99c@20260116.0@6c90135c",
       "704.5e@20260116.0@1144aa0d")
def cipher(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールし、手札に《最後の思考》（カード1枚を引く、暗号）。
    行動: Aが思考を唱えて1枚引き、熊に暗号化して追放する。熊でBを攻撃し、戦闘ダメージを与えたときに暗号化されたカードのコピーを唱える。その後、熊が戦場を離れる。
    結果: 思考は墓地ではなく追放され、熊に暗号化されている。熊が戦闘ダメージを与えると、コピーがマナ・コストなしで唱えられてAはもう1枚引き、コピーは解決後に消滅する。熊が戦場を離れると、カードは暗号化されていない。"""
    from kb.engine import Phase
    from kb.engine.keywords_casting import encoded_on

    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    thoughts = in_hand(game, LAST_THOUGHTS)
    hand = len(game.hand("A"))
    give_mana(game, "A", "{3}{U}")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.cast("A", thoughts)
    game.resolve_stack()
    exiled = game.current(thoughts)
    expect.equal((exiled.zone, encoded_on(game, exiled.id), len(game.hand("A"))), (Zone.EXILE, bears.id, hand),
                 "1枚引いて、熊に暗号化して追放した")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    expect.equal(len(game.hand("A")), hand + 1, "戦闘ダメージを与えてコピーを唱え、もう1枚引いた")
    expect.equal([o for o in game.objects.values() if o.zone is not Zone.EXILE and o.card.name == "Last Thoughts"],
                 [], "解決したコピーは消滅した")
    game.destroy(bears)
    expect.equal(encoded_on(game, exiled.id), None, "熊が離れると暗号化されていない")


@check("702.103g@20260116.0@f70cebb1", "702.103f@20260116.0@76307f03")
def bestowed_aura_phasing_in_unattached(expect: Expect) -> None:
    """状況: Aの《加護のサテュロス》が授与されたオーラとして《灰色熊》についている。
    行動: サテュロスだけが直接フェイズ・アウトし、その間に熊が破壊され、サテュロスがフェイズ・インする。
    結果: フェイズ・アウトしている間は授与されたままだが、はずれた状態でフェイズ・インしたので授与されていない状態になり、4/2のクリーチャーとして戦場にいる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    satyr = in_hand(game, BOON_SATYR)
    give_mana(game, "A", "{3}{G}{G}")
    spell = game.cast("A", satyr, targets=[bears], alternative="bestow")
    game.resolve_stack()
    game.phase_out(spell)
    game.destroy(bears)
    game.refresh_priority()
    expect.equal(game.obj(spell).zone, Zone.BATTLEFIELD, "フェイズ・アウトしたオーラは墓地に置かれない")
    game.phase_in(spell)
    game.refresh_priority()
    after = game.view(spell)
    expect.equal((game.obj(spell).zone, after.is_a("Creature"), "Aura" in after.subtypes, after.pt),
                 (Zone.BATTLEFIELD, True, False, (4, 2)), "はずれてフェイズ・インし、4/2のクリーチャーになった")


DOUBLE_CASCADE = card("Test Double Cascade", "{3}{R}", "Sorcery", "cascade", "cascade", spell=SpellAbility(
    "You gain 1 life.", lambda r: r.game.gain_life(r.controller, 1)))


@check("702.85c@20260116.0@625fc6d5", "702.85a@20260116.0@306d3399")
def cascade_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aのライブラリーの上から《山》、《稲妻》、《山》、《稲妻》。手札に続唱を2つ持つ{3}{R}のテスト用ソーサリー。
    行動: Aがそれを唱え、2つの続唱で追放された稲妻を2枚ともBを対象に唱える。
    結果: 2つの続唱は別々に誘発し、それぞれが稲妻1枚を見つけて唱えさせるので、Bは6点を受ける。"""
    game = Game(["A", "B"], library=2)
    for _ in range(2):
        game.place(cards.LIGHTNING_BOLT, Zone.LIBRARY, "A")
        game.place(MOUNTAIN, Zone.LIBRARY, "A")
    spell = in_hand(game, DOUBLE_CASCADE)
    give_mana(game, "A", "{3}{R}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    for _ in range(2):
        game.choices.script(ChoiceKind.MAY, True, player="A")
        game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    game.cast("A", spell)
    game.resolve_stack()
    expect.equal(_life(game, "B"), 14, "稲妻2枚で6点")


LEAVE_WATCHER = card("Test Leave Watcher", "{1}{W}", "Enchantment", TriggeredAbility(
    "Whenever a creature leaves the battlefield, you gain 1 life.", leaves(creatures()),
    lambda r: r.game.gain_life(r.controller, 1)))


@check("702.26k@20260116.0@677ff46e", "800.4a@20260116.0@be91bf57")
def phased_out_permanents_leave_with_their_owner(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Bは《灰色熊》2体を持ち、1体はフェイズ・アウトしている。Cは「クリーチャーが戦場を離れるたび、1点のライフを得る」テスト用エンチャントをコントロールしている。
    行動: Bがゲームから離れる。
    結果: フェイズ・インしている熊もフェイズ・アウトしている熊もBと一緒にゲームから離れる。フェイズ・アウトしていた熊は領域変更による能力を誘発させないので、Cは1点だけ得る。"""
    game = Game(["A", "B", "C"])
    game.place(LEAVE_WATCHER, player="C")
    present, phased = game.place(cards.GRIZZLY_BEARS, player="B"), game.place(cards.GRIZZLY_BEARS, player="B")
    game.phase_out(phased)
    from kb.engine import actions

    actions.leave_game(game, "B")
    game.refresh_priority()
    game.resolve_stack()
    expect.equal((present.id in game.objects, phased.id in game.objects), (False, False), "2体ともゲームを離れた")
    expect.equal(_life(game, "C"), 21, "フェイズ・インしていた熊についてだけ誘発した")


LAVA_SPIKE = real("溶岩の撃ち込み", card("Lava Spike", "{R}", "Sorcery — Arcane", spell=SpellAbility(
    "Lava Spike deals 3 damage to target player.", _damage(3), (target_player(),))))
GLACIAL_RAY = real("氷河の光線", card("Glacial Ray", "{1}{R}", "Instant — Arcane", "splice onto Arcane {1}{R}",
                                    spell=SpellAbility("Glacial Ray deals 2 damage to any target.", _damage(2),
                                                       (any_target(),))))


@check("702.47a@20260116.0@aefb68be", "702.47c@20260116.0@dad6108e", "702.47d@20260116.0@4d749a04",
       example="702.47a#1@fe8ad46e")
def splice(expect: Expect) -> None:
    """状況: Aの手札に《溶岩の撃ち込み》（秘儀、対象のプレイヤー1人に3点）と《氷河の光線》（2点のダメージ、秘儀への連繋{1}{R}）。Bは《灰色熊》をコントロールしている。
    行動: AがBを対象に撃ち込みを唱え、光線を公開して連繋し、連繋コスト{1}{R}を加えた{1}{R}{R}を支払い、光線の文章の対象に熊を選ぶ。そのあと光線を普通に唱える。
    結果: 撃ち込みは光線の文章を得て、Bに3点を与えたあと熊に2点を与えて破壊する。呪文の名前も色も撃ち込みのままで、光線は唱えられずにAの手札に残るので、あとで普通に唱えてBに2点を与えられる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    spike, ray = in_hand(game, LAVA_SPIKE), in_hand(game, GLACIAL_RAY)
    give_mana(game, "A", "{1}{R}{R}")
    spell = game.cast("A", spike, targets=["B", bears], additional=("splice",))
    expect.equal((game.view(spell).name, len(game.stack[-1].specs)), ("Lava Spike", 2),
                 "撃ち込みのまま、光線の対象を加えた")
    game.resolve_stack()
    expect.equal((_life(game, "B"), game.current(bears).zone, ray.zone), (17, Zone.GRAVEYARD, Zone.HAND),
                 "3点と2点を与え、光線は手札に残った")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", ray, targets=["B"])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 15, "手札に残った光線を普通に唱えた")


def _pump(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        resolution.create_effect("+2/+2 until end of turn", [modify_pt(2, 2)], [chosen], UntilEndOfTurn())


ARCANE_PUMP = card("Test Arcane Pump", "{G}", "Instant — Arcane", "splice onto Arcane {G}", spell=SpellAbility(
    "Target creature gets +2/+2 until end of turn.", _pump, (target_creature(),)))


@check("702.47b@20260116.0@aa022ddb", "702.47a@20260116.0@aefb68be", "612.10@20260116.0@06c543d4")
def splice_needs_its_targets(expect: Expect) -> None:
    """状況: 戦場にクリーチャーはいない。Aの手札に《溶岩の撃ち込み》（秘儀）と「対象のクリーチャー1体は+2/+2の修整を受ける」秘儀への連繋{G}のテスト用インスタント。
    行動: AがBを対象に撃ち込みを唱え、テスト用インスタントを連繋しようとする。次に《灰色熊》が出てから同じことをする。
    結果: 連繋するカードの文章の対象を選べないので、1回目は連繋できず呪文は唱えられない（ゲームは元に戻る）。熊がいれば連繋でき、熊は4/4になり、Bは3点を受ける。"""
    game = Game(["A", "B"])
    spike, pump = in_hand(game, LAVA_SPIKE), in_hand(game, ARCANE_PUMP)
    give_mana(game, "A", "{R}{G}")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    expect.refused(lambda: game.cast("A", spike, additional=("splice",)),
                   "連繋したカードの対象を選べなければ連繋できない")
    bears = game.place(cards.GRIZZLY_BEARS)
    game.cast("A", spike, targets=["B", bears], additional=("splice",))
    game.resolve_stack()
    expect.equal((game.view(bears).pt, _life(game, "B"), pump.zone), ((4, 4), 17, Zone.HAND), "連繋できた")


ARTIFACT_EMERGER = card("Test Artifact Emerger", "{7}", "Creature — Eldrazi", 6, 6, "emerge from artifact {4}{G}")


@check("702.119b@20260116.0@f7954d82", "702.119a@20260116.0@5949b810")
def emerge_from_a_quality(expect: Expect) -> None:
    """状況: Aは《灰色熊》とマナ総量3のテスト用アーティファクトをコントロールし、手札に「アーティファクトからの現出{4}{G}」を持つ{7}のテスト用クリーチャー。
    行動: Aが現出コストで唱え、アーティファクトを生け贄に捧げ、{1}{G}を支払う。
    結果: 現出の変種では性質を持つパーマネント（ここではアーティファクト）を生け贄に捧げ、総コストはそのマナ総量3だけ減る。熊は生け贄に選べない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    coffer = game.place(THREE_DROP_ARTIFACT)
    emerger = in_hand(game, ARTIFACT_EMERGER)
    give_mana(game, "A", "{1}{G}")
    spell = game.cast("A", emerger, alternative="emerge")
    expect.equal((game.current(coffer).zone, game.current(bears).zone), (Zone.GRAVEYARD, Zone.BATTLEFIELD),
                 "アーティファクトだけが生け贄の候補で、それを捧げた")
    game.resolve_stack()
    expect.equal(game.obj(spell).zone, Zone.BATTLEFIELD, "{1}{G}で唱えられた")


TWO_REPLICATES = card("Test Twice Replicated", "{R}", "Sorcery", "replicate {1}", "replicate {R}",
                      spell=SpellAbility("This spell deals 1 damage to any target.", _damage(1), (any_target(),)))


@check("702.56b@20260116.0@34a428e3", "702.56a@20260116.0@d265bb24")
def replicate_instances_count_their_own_payments(expect: Expect) -> None:
    """状況: Aの手札に複製{1}と複製{R}を持つ「1点のダメージを与える」{R}のテスト用ソーサリー。
    行動: Aが複製{1}を1回、複製{R}を2回支払ってBを対象に唱え、コピーの対象は変えない。
    結果: 2つの複製はそれぞれ別々に支払われ、自身への支払いの回数だけコピーする（1つと2つ）。Bは元の呪文と3つのコピーで計4点を受ける。"""
    game = Game(["A", "B"])
    spell = in_hand(game, TWO_REPLICATES)
    give_mana(game, "A", "{1}{R}{R}{R}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    for _ in range(3):
        game.choices.script(ChoiceKind.TARGETS, None, player="A")
    game.cast("A", spell, targets=["B"], additional=("replicate {1}", "replicate {R}", "replicate {R}"))
    game.resolve_stack()
    expect.equal(_life(game, "B"), 16, "コピー3つと元の呪文で4点")


DOUBLE_SPLIT_SECOND = card("Test Doubly Hasty Grip", "{2}{G}", "Instant", "split second", "split second",
                           spell=SpellAbility("Destroy target artifact.", _destroy, (target(artifacts()),)))


@check("702.61c@20260116.0@6da15d33", "702.61a@20260116.0@7b386b51", "702.61b@20260116.0@fbfbe8a3")
def split_second_twice(expect: Expect) -> None:
    """状況: Aの手札に刹那を2つ持つ「対象のアーティファクト1つを破壊する」テスト用インスタント。Bは《羽ばたき飛行機械》と《森》をコントロールし、手札に《稲妻》、マナ・プールに{R}。
    行動: Aが飛行機械を対象にそれを唱え、Bが優先権を得る。
    結果: 刹那が2つあっても1つと同じで、Bは稲妻を唱えられず、森のマナ能力は起動できる。"""
    game = Game(["A", "B"])
    thopter = game.place(cards.ORNITHOPTER, player="B")
    forest = game.place(FOREST, player="B")
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "B")
    game.add_mana("B", "{R}")
    grip = in_hand(game, DOUBLE_SPLIT_SECOND)
    give_mana(game, "A", "{2}{G}")
    game.cast("A", grip, targets=[thopter])
    game.pass_priority_to("B")
    expect.refused(lambda: game.cast("B", bolt, targets=["A"]), "呪文は唱えられない")
    game.activate("B", forest)
    expect.equal(game.players["B"].mana.amount("G"), 1, "マナ能力は起動できる")


DOUBLE_RIPPLE = card("Test Double Ripple", "{1}{R}", "Instant", "ripple 1", "ripple 1", spell=SpellAbility(
    "This spell deals 2 damage to any target.", _damage(2), (any_target(),)))


@check("702.60b@20260116.0@22a1df02", "702.60a@20260116.0@738f4573")
def ripple_instances_trigger_separately(expect: Expect) -> None:
    """状況: Aのライブラリーは《山》4枚。手札に波及1を2つ持つ「2点のダメージを与える」テスト用インスタント。
    行動: AがBを対象に唱え、2つの波及でそれぞれ一番上のカードを公開する。
    結果: 2つの波及は別々に誘発し、それぞれが一番上の1枚を公開して（同名ではないので唱えず）一番下に置く。"""
    game = Game(["A", "B"])
    mountains = [game.place(MOUNTAIN, Zone.LIBRARY, "A") for _ in range(4)]
    flame = in_hand(game, DOUBLE_RIPPLE)
    give_mana(game, "A", "{1}{R}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    for _ in range(2):
        game.choices.script(ChoiceKind.MAY, True, player="A")
    game.cast("A", flame, targets=["B"])
    game.resolve_stack()
    library = game.players["A"].library
    expect.equal((library[:2], _life(game, "B")), ([mountains[2].id, mountains[3].id], 18),
                 "上の2枚がそれぞれ一番下に置かれた")


AETHER_STORM = real("上天の嵐", card("Aether Storm", "{3}{U}", "Enchantment", StaticAbility(
    "Creature spells can't be cast.", rules=(CantCast(spells("Creature")),))))
"""上天の嵐; its destroy ability is left out."""


@check("702.103d@20260116.0@7ae272a1", "702.103b@20260116.0@c47e8255", "601.2e@20260116.0@e94e5207",
       example="702.103d#1@a27aa324")
def bestow_is_judged_as_an_aura(expect: Expect) -> None:
    """状況: 戦場に《上天の嵐》（クリーチャー・呪文は唱えられない）。Aは《灰色熊》をコントロールし、手札に《加護のサテュロス》（エンチャント・クリーチャー、授与{3}{G}{G}）。
    行動: Aが授与コストで熊を対象に唱える。次に、授与せずに唱えようとする。
    結果: 授与で唱えるかどうかは授与によって変更された特性だけで判断されるので、クリーチャーでないオーラ・呪文として唱えられ、熊につく。授与しなければクリーチャー・呪文なので唱えられない。"""
    game = Game(["A", "B"])
    game.place(AETHER_STORM, player="B")
    bears = game.place(cards.GRIZZLY_BEARS)
    satyr = in_hand(game, BOON_SATYR)
    give_mana(game, "A", "{3}{G}{G}")
    spell = game.cast("A", satyr, targets=[bears], alternative="bestow")
    game.resolve_stack()
    expect.equal(game.obj(spell).attached_to, bears.id, "オーラとして唱えられ、熊についた")
    other = in_hand(game, BOON_SATYR)
    give_mana(game, "A", "{1}{G}{G}")
    expect.refused(lambda: game.cast("A", other), "授与しなければクリーチャー・呪文は唱えられない")




@check("702.103d@20260116.0@7ae272a1", "601.3e@20260116.0@f151db75", example="702.103d#2@8b8a642a")
def bestow_from_the_top_of_the_library(expect: Expect) -> None:
    """状況: Aは《ガラクの大軍》（あなたはライブラリーの一番上からクリーチャー・呪文を唱えてもよい）と《灰色熊》をコントロールし、ライブラリーの一番上は《加護のサテュロス》（授与{3}{G}{G}）。
    行動: Aがサテュロスを授与された状態で熊を対象に唱えようとし、次にクリーチャー・呪文として唱える。
    結果: 授与された状態ではオーラ・呪文として判断されるのでライブラリーの一番上からは唱えられない。クリーチャー・呪文としてなら唱えられ、4/2のクリーチャーとして戦場に出る。"""
    game = Game(["A", "B"], library=3)
    game.place(GARRUKS_HORDE)
    bears = game.place(cards.GRIZZLY_BEARS)
    satyr = game.place(BOON_SATYR, Zone.LIBRARY, "A")
    give_mana(game, "A", "{3}{G}{G}")
    expect.refused(lambda: game.cast("A", satyr, targets=[bears], alternative="bestow"),
                   "授与された状態では一番上から唱えられない")
    spell = game.cast("A", satyr)
    game.resolve_stack()
    expect.equal((game.obj(spell).zone, game.view(spell).pt), (Zone.BATTLEFIELD, (4, 2)), "クリーチャーとして唱えた")


REACH_THROUGH_MISTS = real("霧中の到達", card("Reach Through Mists", "{U}", "Instant — Arcane", spell=SpellAbility(
    "Draw a card.", _draw(1))))
RED_WARDED_BEAR = card("Test Red-Warded Bear", "{1}{W}", "Creature — Bear", 2, 2, "protection from red")


@check("702.47c@20260116.0@dad6108e", "702.16a@20260116.0@f6efc8ee", example="702.47c#1@e0ebd44b")
def spliced_text_comes_from_the_spell(expect: Expect) -> None:
    """状況: Aの手札に《霧中の到達》（青の秘儀、カード1枚を引く）と《氷河の光線》（赤、2点のダメージ、秘儀への連繋{1}{R}）。Bはプロテクション（赤）を持つ2/2のテスト用クリーチャーをコントロールしている。
    行動: Aが到達を唱え、光線を連繋して、光線の文章の対象にそのクリーチャーを選ぶ。
    結果: 呪文は青の到達のままで、ダメージを与えるのも到達なので、プロテクション（赤）を持つクリーチャーを対象にでき、2点を与えて破壊する。Aはカード1枚を引く。"""
    game = Game(["A", "B"], library=3)
    warded = game.place(RED_WARDED_BEAR, player="B")
    mists = in_hand(game, REACH_THROUGH_MISTS)
    in_hand(game, GLACIAL_RAY)
    hand = len(game.hand("A"))
    give_mana(game, "A", "{1}{U}{R}")
    spell = game.cast("A", mists, targets=[warded], additional=("splice",))
    expect.equal(game.view(spell).colors, frozenset({Color.BLUE}), "呪文は青のまま")
    game.resolve_stack()
    expect.equal((game.current(warded).zone, len(game.hand("A"))), (Zone.GRAVEYARD, hand - 1 + 1),
                 "プロテクション（赤）のクリーチャーに2点を与え、1枚引いた")


def _copy_target_spell(resolution: Resolution) -> None:
    from kb.engine import spell_copies

    chosen = resolution.target
    original = next((s for s in resolution.game.stack if s.spell == chosen), None)
    if original is not None:
        spell_copies.copy_spell(resolution.game, original, resolution.controller)


SPELL_ECHO = card("Test Spell Echo", "{U}", "Instant", spell=SpellAbility(
    "Copy target spell.", _copy_target_spell, (target_spell(),)))


@check("707.10@20260116.0@85fe7dea", "700.2g@20260116.0@c0671310", "702.33d@20260116.0@ab1929e9")
def copies_keep_the_choices_made_as_it_was_cast(expect: Expect) -> None:
    """状況: Aの手札に《噴出の稲妻》（キッカー{4}：キッカーされていたなら4点）、「1つを選ぶ ― 3点のライフを得る／2点のダメージを与える」テスト用インスタント、「呪文1つを対象とし、それをコピーする」テスト用インスタント2枚。
    行動: AがBを対象にキッカーした稲妻を唱え、それをコピーする。次にダメージのモードを選んだテスト用インスタントを唱え、それをコピーする。
    結果: コピーは唱えるときの選択もコピーするので、稲妻のコピーもキッカーされていて4点を与え、モードを持つ呪文のコピーも同じモードでBに2点を与える。Bは計12点を受ける。"""
    game = Game(["A", "B"])
    burst, charm = in_hand(game, BURST_LIGHTNING), in_hand(game, TWIN_CHARM)
    echoes = [in_hand(game, SPELL_ECHO) for _ in range(2)]
    give_mana(game, "A", "{4}{R}")
    burst_spell = game.cast("A", burst, targets=["B"], additional=("kicker",))
    give_mana(game, "A", "{U}")
    game.cast("A", echoes[0], targets=[burst_spell])
    game.resolve_stack()
    expect.equal(_life(game, "B"), 12, "キッカーされた稲妻とそのコピーで8点")
    give_mana(game, "A", "{1}{R}")
    game.choices.script(ChoiceKind.MODE, [1], player="A")
    charm_spell = game.cast("A", charm, targets=["B"])
    give_mana(game, "A", "{U}")
    game.cast("A", echoes[1], targets=[charm_spell])
    game.resolve_stack()
    expect.equal((_life(game, "B"), _life(game, "A")), (8, 20), "コピーも同じダメージのモードだった")
