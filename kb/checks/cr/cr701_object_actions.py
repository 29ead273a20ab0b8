"""Keyword actions on objects and zones (701.2-701.27): activate, attach, cast, create, discard,
exile, play and transform, each done by a real card through the engine's own action."""

from __future__ import annotations

from kb.checks.cards import BONESPLITTER, GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.cr.cr200_card_parts import DELVER
from kb.checks.cr.cr601_casting import PRODIGAL_SORCERER
from kb.checks.cr.cr608_resolving import MIND_ROT
from kb.checks.cr.cr611_continuous_effects import RAISE_THE_ALARM
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    FOREST,
    ChoiceKind,
    Game,
    IllegalAction,
    Resolution,
    SpellAbility,
    Zone,
    card,
    target_creature,
)
from kb.engine.events import Transformed


def _plowshares(r: Resolution) -> None:
    for creature in r.objects(0):
        seen = r.game.view(creature)
        r.game.exile(creature)
        r.game.gain_life(seen.controller, seen.power or 0)


SWORDS_TO_PLOWSHARES = real("剣を鍬に", card("Swords to Plowshares", "{W}", "Instant", spell=SpellAbility(
    "Exile target creature. Its controller gains life equal to its power.", _plowshares, (target_creature(),))))


@check("701.2a@20260116.0@372106d0", "602.2@20260116.0@8e9ce3ec")
def activating_puts_an_ability_on_the_stack(expect: Expect) -> None:
    """状況: Aは《放蕩魔術師》をコントロールしている。
    行動: Bのターンに、優先権を持つBが魔術師の能力を起動しようとする。次にBが優先権を渡し、AがBを対象に起動する。
    結果: コントローラーでないBは起動できない。Aが起動すると、コストとして魔術師がタップされて能力がスタックに積まれ、
    解決してBに1点のダメージを与える。"""
    game = Game(["B", "A"])
    sorcerer = game.place(PRODIGAL_SORCERER, player="A")
    try:
        game.activate("B", sorcerer, targets=["A"])
        refused = False
    except IllegalAction:
        refused = True
    expect.that(refused, "コントローラーでないBは魔術師の能力を起動できない")
    game.pass_priority_to("A")
    game.activate("A", sorcerer, targets=["B"])
    expect.that(game.view(sorcerer).tapped and len(game.stack) == 1, "コストが支払われ（タップ）、能力がスタックに積まれた")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "能力が解決してBに1点のダメージを与えた")


@check("701.5a@20260116.0@a88c77e2", "701.5b@20260116.0@2aa5b18b", "601.3@20260116.0@dec4acd5")
def casting_puts_a_card_on_the_stack(expect: Expect) -> None:
    """状況: Aの手札に《丘巨人》があり、Aのマナ・プールに{3}{R}がある。
    行動: Aが丘巨人を唱える。Bは、Aの手札にある別の丘巨人を唱えようとする。
    結果: 丘巨人は手札からスタックに移り、マナが支払われてマナ・プールは空になる。解決すると戦場に出る。
    Bは自分のものでない手札のカードを唱えられない。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, Zone.HAND, "A")
    other = game.place(HILL_GIANT, Zone.HAND, "A")
    give_mana(game, "A", "{3}{R}")
    spell = game.cast("A", giant)
    expect.that(game.objects[spell].zone is Zone.STACK and giant.id not in [c.id for c in game.hand("A")],
                "丘巨人は手札からスタックに移った")
    expect.equal(sum(game.players["A"].mana.mana.values()), 0, "コストとしてマナが支払われた")
    game.resolve_stack()
    expect.that(any(o.card is HILL_GIANT for o in game.battlefield("A")), "解決して丘巨人が戦場に出た")
    give_mana(game, "B", "{3}{R}")
    game.pass_priority_to("B")
    try:
        game.cast("B", other)
        refused = False
    except IllegalAction:
        refused = True
    expect.that(refused, "Bは他のプレイヤーの手札のカードを唱えられない")


@check("701.7a@20260116.0@ba0746ba")
def creating_tokens(expect: Expect) -> None:
    """状況: Aの手札に《急報》がある。
    行動: Aが急報を唱える。
    結果: 白の1/1の兵士・クリーチャー・トークン2体が戦場に出る。"""
    game = Game(["A", "B"])
    cast(game, "A", RAISE_THE_ALARM)
    soldiers = [o for o in game.battlefield("A") if o.card.is_token]
    expect.equal(len(soldiers), 2, "トークンが指定の数だけ戦場に出た")
    expect.that(all(game.view(s).pt == (1, 1) and game.view(s).subtypes == frozenset({"Soldier"}) for s in soldiers),
                "どれも1/1の兵士である")


@check("701.9a@20260116.0@560dcce0", "701.9b@20260116.0@f0f5c0fc")
def discarding_moves_cards_to_the_graveyard(expect: Expect) -> None:
    """状況: Bの手札に《灰色熊》《丘巨人》《森》がある。
    行動: Aが《精神腐敗》でBを対象にし、Bは灰色熊と森を捨てることを選ぶ。
    結果: 灰色熊と森はBの手札からBの墓地に移り、丘巨人は手札に残る。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, Zone.HAND, "B")
    giant = game.place(HILL_GIANT, Zone.HAND, "B")
    forest = game.place(FOREST, Zone.HAND, "B")
    game.choices.script(ChoiceKind.DISCARD, [bears, forest], player="B")
    cast(game, "A", MIND_ROT, ["B"])
    expect.equal(sorted(o.card.name for o in game.graveyard("B")), ["Forest", "Grizzly Bears"],
                 "Bが選んだ2枚がBの墓地にある")
    expect.equal([o.id for o in game.hand("B")], [giant.id], "丘巨人は手札に残った")


@check("701.13a@20260116.0@1175435e", "406.1@20260116.0@cae02f9f")
def exiling_moves_an_object_to_exile(expect: Expect) -> None:
    """状況: Bは《丘巨人》をコントロールしている。
    行動: Aが《剣を鍬に》で丘巨人を対象にする。
    結果: 丘巨人は追放領域に移り（墓地には行かない）、Bはそのパワーに等しい3点のライフを得る。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="B")
    cast(game, "A", SWORDS_TO_PLOWSHARES, [giant])
    expect.that(any(o.card is HILL_GIANT for o in game.in_zone(Zone.EXILE, "B")), "丘巨人は追放領域にある")
    expect.equal(game.graveyard("B"), [], "墓地には置かれていない")
    expect.equal(game.players["B"].life, 23, "Bはパワーに等しい3点のライフを得た")


@check("701.18a@20260116.0@9c199ebb", "305.2@20260116.0@03fd7ee6", "305.4@20260116.0@3d78d46b")
def playing_a_land(expect: Expect) -> None:
    """状況: Aのメイン・フェイズで、スタックは空である。Aの手札に《森》が2枚ある。
    行動: 効果によって別の《森》が戦場に出た後、Aは森を1枚プレイし、さらにもう1枚プレイしようとする。
    結果: 効果で戦場に出た森はプレイしたことにならないので、1枚目はスタックを使わずに戦場に出る。このターンに土地をプレイしたので、
    2枚目はプレイできない。"""
    game = Game(["A", "B"])
    first = game.place(FOREST, Zone.HAND, "A")
    second = game.place(FOREST, Zone.HAND, "A")
    game.put_onto_battlefield(FOREST, "A")
    land = game.play_land("A", first)
    expect.that(land.zone is Zone.BATTLEFIELD and not game.stack, "森はスタックを使わずに戦場に出た")
    try:
        game.play_land("A", second)
        refused = False
    except IllegalAction:
        refused = True
    expect.that(refused, "このターンすでに土地をプレイしたので2枚目はプレイできない")


@check("701.3a@20260116.0@c6206580")
def attaching_an_equipment(expect: Expect) -> None:
    """状況: Aは《骨断ちの矛槍》《灰色熊》《森》をコントロールしている。
    行動: 効果が矛槍を森につけようとし、次に灰色熊につける。
    結果: 装備品は土地につけられないので森にはつかない。灰色熊にはつき、灰色熊は4/2になる。"""
    game = Game(["A", "B"])
    splitter = game.place(BONESPLITTER, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    forest = game.place(FOREST, player="A")
    game.attach(splitter, forest)
    expect.equal(splitter.attached_to, None, "装備品は土地にはつかない")
    game.attach(splitter, bears)
    expect.equal(splitter.attached_to, bears.id, "矛槍は灰色熊についた")
    expect.equal(game.view(bears).pt, (4, 2), "装備された灰色熊は+2/+0の修整を受けている")


@check("701.27a@20260116.0@d1271a75", "701.27c@20260116.0@9a1ce949")
def transforming_turns_the_other_face_up(expect: Expect) -> None:
    """状況: Aは《秘密を掘り下げる者》（1/1）と《灰色熊》をコントロールしている。
    行動: 効果が掘り下げる者を変身させ、灰色熊も変身させようとする。
    結果: 掘り下げる者は同じパーマネントのまま第2面の《昆虫の逸脱者》（飛行を持つ3/2）になる。
    両面カードでない灰色熊には何も起こらない。"""
    game = Game(["A", "B"])
    delver = game.place(DELVER, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    expect.that(game.transform(delver), "掘り下げる者は変身した")
    view = game.view(delver)
    expect.equal((view.name, view.pt, view.has("flying")), ("Insectile Aberration", (3, 2), True),
                 "第2面の特性を持つ")
    expect.that(delver.id in game.objects and game.objects[delver.id].zone is Zone.BATTLEFIELD, "同じパーマネントのまま")
    expect.that(not game.transform(bears) and len(game.events(Transformed)) == 1, "灰色熊は変身しない")
