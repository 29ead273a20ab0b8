"""Casting spells (601), activating abilities (602), mana abilities (605), targets (115),
resolving (608) and countering (701.6)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    CantBeCountered,
    CostChange,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Zone,
    any_target,
    card,
    cost,
    spells,
    target,
    this_object,
)
from kb.engine import stack as stack_rules

LLANOWAR_ELVES = real("ラノワールのエルフ", card(
    "Llanowar Elves", "{G}", "Creature — Elf Druid", 1, 1,
    ActivatedAbility("{T}: Add {G}.", cost("{T}"), mana="{G}")))


def _ping(resolution: Resolution) -> None:
    game = resolution.game
    victim = resolution.target
    source = resolution.source_id
    if victim is not None and source is not None:
        game.deal_damage(source, victim, 1)  # the source as it last existed, if it is gone (608.2h)


PRODIGAL_SORCERER = real("放蕩魔術師", card(
    "Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard", 1, 1,
    ActivatedAbility("{T}: Prodigal Sorcerer deals 1 damage to any target.", cost("{T}"), _ping, (any_target(),))))

COUNTERSPELL = real("対抗呪文", card("Counterspell", "{U}{U}", "Instant", spell=SpellAbility(
    "Counter target spell.", lambda r: stack_rules.counter(r.game, stack_rules.find(r.game, r.target))  # type: ignore[arg-type]
    if r.target is not None else None, (target(spells(), "target spell"),))))


@check("601.2@20260116.0@5ac2ae50", "601.2h@20260116.0@a3920c0b", "732.1@20260116.0@bbf6e98c")
def an_illegal_cast_is_undone(expect: Expect) -> None:
    """状況: Aの手札に《賛美されし天使》があり、マナ・プールに{2}だけがある。
    行動: Aが天使を変異で裏向きに唱えようとする（{3}が必要）。
    結果: 支払えないので唱えることは違反となり、ゲームは唱え始める前に戻る：天使は手札、マナも残り、何も起きていない。"""
    game = Game(["A", "B"])
    angel = in_hand(game, cards.EXALTED_ANGEL)
    give_mana(game, "A", "{2}")
    objects, log = dict(game.objects), list(game.log)
    from kb.engine import FaceDown

    expect.refused(lambda: game.cast("A", angel, face_down=FaceDown.MORPH), "{2}では唱えられない")
    expect.that(game.objects == objects and game.log == log and not game.stack, "ゲームの状態は元のまま")
    expect.that(angel.zone is Zone.HAND and game.players["A"].mana.total == 2, "天使は手札、マナも残っている")


@check("601.3@20260116.0@dec4acd5")
def only_your_own_hand(expect: Expect) -> None:
    """状況: Bの手札に《巨大化》がある。Aが優先権を持ち、{G}がある。
    行動: AがBの巨大化を唱えようとする。
    結果: 手札から唱えられるのは自分の手札のカードだけなので、唱えられない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    theirs = in_hand(game, cards.GIANT_GROWTH, "B")
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", theirs, targets=[bears]), "他人の手札のカードは唱えられない")


@check("601.2c@20260116.0@eb811b42", "115.1@20260116.0@66d7c2ad")
def targets_are_chosen_and_checked(expect: Expect) -> None:
    """状況: Aの手札に《巨大化》。戦場にはAの《灰色熊》と《栄光の頌歌》。
    行動: Aが頌歌を対象に唱えようとし、次に熊を対象に唱える。
    結果: クリーチャーでない頌歌は「クリーチャー1体」の対象にできない。熊は対象にでき、5/5になる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    anthem = game.place(cards.GLORIOUS_ANTHEM)
    growth = in_hand(game, cards.GIANT_GROWTH)
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", growth, targets=[anthem]), "クリーチャーでないものは対象にできない")
    game.cast("A", growth, targets=[bears])
    game.resolve_stack()
    expect.equal(game.view(bears).pt, (6, 6), "熊が対象になり、頌歌と合わせて6/6")


@check("608.2b@20260116.0@47734daf")
def a_spell_whose_targets_are_all_gone_does_not_resolve(expect: Expect) -> None:
    """状況: Aが《灰色熊》を対象に《巨大化》を唱えた。
    行動: 解決前に熊が破壊される。
    結果: 対象がすべて不正なので、巨大化は解決されずに墓地に置かれ、何もしない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    spell = cast(game, "A", cards.GIANT_GROWTH, [bears], resolve=False)
    game.destroy(bears)
    game.resolve_stack()
    expect.that(spell not in game.objects and not game.stack, "巨大化は墓地に置かれた")
    expect.equal(len(game.effects), 0, "効果は作られなかった")


@check("701.6a@20260116.0@c185d3f7", "701.6b@20260116.0@7aacf698")
def countering_and_cant_be_countered(expect: Expect) -> None:
    """状況: Aが《灰色熊》と、「この呪文は打ち消されない」を持つテスト用クリーチャーを唱えた。
    行動: Bが《対抗呪文》でそれぞれを打ち消そうとする。
    結果: 熊は打ち消されて墓地へ。打ち消されない呪文は対抗呪文が解決しても何も起こらず、戦場に出る。"""
    game = Game(["A", "B"])
    bears = cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    cast(game, "B", COUNTERSPELL, [bears])
    expect.that(bears not in game.objects and len(game.graveyard("A")) == 1, "熊は打ち消された")
    stubborn = card("Test Stubborn Beast", "{1}{G}", "Creature — Beast", 2, 2, StaticAbility(
        "This spell can't be countered.", rules=(CantBeCountered(this_object()),), zones=frozenset({Zone.STACK})))
    spell = cast(game, "A", stubborn, resolve=False)
    cast(game, "B", COUNTERSPELL, [spell])
    expect.that(spell in game.objects and game.obj(spell).zone is Zone.BATTLEFIELD, "打ち消されずに戦場に出た")


@check("605.3b@20260116.0@19c2a602", "605.1a@20260116.0@1aede6f8", "601.2g@20260116.0@9e38480a")
def mana_abilities_resolve_at_once(expect: Expect) -> None:
    """状況: Aの《ラノワールのエルフ》（前のターンから）と手札の《巨大化》、《灰色熊》。
    行動: Aがエルフのマナ能力を起動し、そのマナで巨大化を唱える。もう1回は唱えながらエルフで支払う。
    結果: マナ能力はスタックを使わずにすぐに{G}を加え、それで巨大化を唱えられる。支払いの途中でも起動できる。"""
    game = Game(["A", "B"])
    elves = game.place(LLANOWAR_ELVES)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.activate("A", elves)
    expect.that(not game.stack and game.players["A"].mana.mana["G"] == 1, "スタックを使わずに{G}が加わった")
    game.cast("A", in_hand(game, cards.GIANT_GROWTH), targets=[bears])
    expect.equal(game.players["A"].mana.total, 0, "そのマナで巨大化を唱えた")
    game.resolve_stack()
    game.untap(elves)
    game.cast("A", in_hand(game, cards.GIANT_GROWTH), targets=[bears], pay_with=[elves])
    expect.that(elves.tapped and len(game.stack) == 1, "唱えながらエルフのマナ能力で支払った")


@check("602.5a@20260116.0@3801650e", "302.6@20260116.0@ed6b1576")
def tap_abilities_need_a_creature_under_control_since_the_turn_began(expect: Expect) -> None:
    """状況: Aの《放蕩魔術師》（{T}：任意の対象に1点）がこのターン戦場に出た。
    行動: Aが能力を起動しようとし、次のAのターンにもう一度起動する。
    結果: このターンは起動できない。次のターンは起動できて、Bに1点与える。"""
    game = Game(["A", "B"])
    sorcerer = game.put_onto_battlefield(PRODIGAL_SORCERER, "A")
    assert sorcerer is not None
    expect.refused(lambda: game.activate("A", sorcerer, targets=["B"]), "このターン出たクリーチャーの{T}能力は起動できない")
    game.next_turn("A")
    game.activate("A", sorcerer, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "次のターンは起動できた")


@check("602.2@20260116.0@8e9ce3ec", "113.7a@20260116.0@ac51ec80", "608.2h@20260116.0@cb3c2a93")
def abilities_are_activated_by_their_controller_and_live_on(expect: Expect) -> None:
    """状況: Aの《放蕩魔術師》（前のターンから）。
    行動: Bが起動しようとする。Aが起動し、解決前に魔術師が破壊される。
    結果: 起動できるのはコントローラーだけ。起動された能力は発生源から独立していて、魔術師がいなくても1点与える。"""
    game = Game(["A", "B"])
    sorcerer = game.place(PRODIGAL_SORCERER)
    game.pass_priority_to("B")
    expect.refused(lambda: game.activate("B", sorcerer, targets=["A"]), "Bは起動できない")
    game.resolve_stack()
    game.next_turn("A")
    game.activate("A", sorcerer, targets=["B"])
    game.destroy(sorcerer)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "発生源がなくなっても能力は解決し、1点与えた")


@check("601.2f@20260116.0@2220e1e2")
def cost_reduction_and_increase(expect: Expect) -> None:
    """状況: Aの「あなたが唱えるクリーチャー呪文のコストは{1}少なくなる」テスト用エンチャントと、Bの《抵抗の宝球》。
    行動: Aが《灰色熊》（{1}{G}）を唱える。
    結果: 増加と減少が両方適用されて総コストは{1}{G}のまま。"""
    game = Game(["A", "B"])
    game.place(card("Test Discount", "{2}", "Enchantment", StaticAbility(
        "Creature spells you cast cost {1} less to cast.", rules=(CostChange(spells("Creature"), -1, "you"),))))
    game.place(cards.SPHERE_OF_RESISTANCE, player="B")
    held = in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", held), "{G}だけでは足りない")
    give_mana(game, "A", "{1}")
    game.cast("A", held)
    expect.equal(game.players["A"].mana.total, 0, "{1}{G}を支払った")
