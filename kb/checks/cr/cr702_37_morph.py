"""Morph and megamorph (702.37), and the wiki page 変異."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    CardType,
    ChoiceKind,
    FaceDown,
    Game,
    GameObject,
    Revealed,
    Zone,
    facedown,
)
from kb.engine.cards import Card


def face_down(game: Game, made: Card, player: str = "A") -> GameObject:
    """Cast ``made`` face down for {3} and let it resolve."""
    held = in_hand(game, made, player)
    give_mana(game, player, "{3}")
    if game.priority != player:
        game.pass_priority_to(player)
    spell = game.cast(player, held, face_down=FaceDown.MORPH)
    game.resolve_stack()
    return game.obj(spell)


@check("702.37a@acf2dff0", "702.37c@33908109", "708.2@20260116.0@946b971b", wiki="変異: 裏向きで2/2の")
def cast_face_down_for_three(expect: Expect) -> None:
    """状況: Aは{3}だけを持ち、手札に《賛美されし天使》（{4}{W}{W}、変異{2}{W}{W}）がある。
    行動: 表向きに唱えようとし、次に変異で裏向きに唱える。
    結果: 表向きには唱えられない。裏向きには{3}で唱えられ、呪文は名前・色・サブタイプ・能力・マナ・コストを持たない
    2/2のクリーチャーで、同じ特性で戦場に出る。"""
    game = Game(["A", "B"])
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.cast("A", angel), "{3}では表向きには唱えられない")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    expect.equal(game.players["A"].mana.total, 0, "本来のマナ・コストの代わりに{3}を支払った")
    on_stack = game.view(spell)
    expect.equal(on_stack.name, None, "裏向きの呪文は名前を持たない")
    expect.equal(on_stack.colors, frozenset(), "色を持たない")
    expect.equal(on_stack.types, frozenset({CardType.CREATURE}), "クリーチャー呪文である")
    expect.equal(on_stack.subtypes, frozenset(), "サブタイプを持たない")
    expect.equal(on_stack.abilities, (), "文章（能力）を持たない")
    expect.equal(on_stack.mana_value, 0, "マナ・コストを持たず、マナ総量は0")
    expect.equal(on_stack.pt, (2, 2), "2/2である")
    game.resolve_stack()
    permanent = game.view(spell)
    expect.that(permanent.zone is Zone.BATTLEFIELD and permanent.face_down, "裏向きのまま戦場に出た")
    expect.equal(permanent.characteristics, on_stack.characteristics, "呪文のときと同じ特性で戦場に出る")


@check("702.37c@33908109", wiki="変異: 翻弄する魔道士/Meddling Mage")
def meddling_mage_cannot_stop_a_face_down_spell(expect: Expect) -> None:
    """状況: Bの《翻弄する魔道士》が「Exalted Angel」を指定している。Aの手札に《賛美されし天使》がある。
    行動: Aが天使を表向きに唱えようとし、次に裏向きに唱える。
    結果: 表向きには唱えられず、手札に戻っている。裏向きの呪文は名前を持たないので唱えられる。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.CARD_NAME, "Exalted Angel", player="B")
    game.put_onto_battlefield(cards.MEDDLING_MAGE, "B")
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{4}{W}{W}")
    expect.refused(lambda: game.cast("A", angel), "指定された名前の呪文は唱えられない")
    expect.that(angel.id in game.objects and angel.zone is Zone.HAND, "唱えられなかったカードは手札に戻っている")
    game.players["A"].mana.empty()
    give_mana(game, "A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    expect.that(game.obj(spell).zone is Zone.STACK, "裏向きの呪文は名前を持たないので唱えられる")


@check("702.37c@33908109", "613.2a@20260116.0@78a0e5c5", "707.2@20260116.0@f5bf13dd")
def face_down_values_are_copiable(expect: Expect) -> None:
    """状況: Aの裏向きの《賛美されし天使》が戦場にいる。
    行動: Bの《クローン》がそれをコピーして戦場に出て、そのあと天使がオモテ向きになる。
    結果: コピー可能な値は裏向きの値なので、クローンは名前のない能力なしの2/2で、天使が表になっても変わらない。"""
    game = Game(["A", "B"])
    angel = face_down(game, cards.EXALTED_ANGEL)
    game.choices.script(ChoiceKind.OBJECT, angel, player="B")
    copy = game.put_onto_battlefield(cards.CLONE, "B")
    assert copy is not None
    seen = game.view(copy)
    expect.that(not seen.face_down, "クローン自身はオモテ向き")
    expect.equal((seen.name, seen.pt, seen.abilities), (None, (2, 2), ()), "コピーしたのは裏向きの値（名前なし、2/2、能力なし）")
    give_mana(game, "A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    expect.equal(game.view(angel).name, "Exalted Angel", "天使はオモテ向きになった")
    expect.equal(game.view(copy).pt, (2, 2), "元がオモテ向きになってもコピーは変わらない")


@check("702.37c@33908109", "601.2f@20260116.0@2220e1e2",
       wiki="変異: コスト増加カード・コスト減少カードの影響は通常と同じく受ける")
def morph_cost_is_an_alternative_cost(expect: Expect) -> None:
    """状況: Bの《抵抗の宝球》（呪文を唱えるためのコストは{1}多くなる）が戦場にある。
    行動: Aが《賛美されし天使》を変異で裏向きに唱える。
    結果: {3}では足りず、代替コスト{3}に{1}を加えた{4}を支払う。"""
    game = Game(["A", "B"])
    game.place(cards.SPHERE_OF_RESISTANCE, player="B")
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.cast("A", angel, face_down=FaceDown.MORPH), "{3}では足りない")
    give_mana(game, "A", "{1}")
    game.cast("A", angel, face_down=FaceDown.MORPH)
    expect.equal(game.players["A"].mana.total, 0, "代替コスト{3}にコスト増加{1}が加わって{4}を支払った")


@check("702.37d@df52710a", wiki="変異: 変異を持たないカードを裏向きクリーチャーとして唱えることは違反行為")
def only_morph_lets_a_card_be_cast_face_down(expect: Expect) -> None:
    """状況: Aの手札に《灰色熊》と《賛美されし天使》があり、{3}がある。
    行動: それぞれ裏向きに唱えようとする。
    結果: 変異を持たない熊は裏向きに唱えられない。変異を持つ天使は唱えられる。"""
    game = Game(["A", "B"])
    bears = in_hand(game, cards.GRIZZLY_BEARS, "A")
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.cast("A", bears, face_down=FaceDown.MORPH), "変異がなければ裏向きには唱えられない")
    game.cast("A", angel, face_down=FaceDown.MORPH)
    expect.equal(len(game.stack), 1, "変異があれば唱えられる")


@check("702.37e@b484429b", "116.2b@20260116.0@6ca9d9eb", wiki="変異: スタックを用いず直ぐに実行される")
def turning_face_up_is_a_special_action(expect: Expect) -> None:
    """状況: Aの裏向きの《賛美されし天使》（2/2）に、Bが《稲妻》を唱える。
    行動: 優先権を得たAが変異コスト{2}{W}{W}を払って天使をオモテ向きにする。
    結果: 優先権がなければできない。オモテ向きにしてもスタックは稲妻だけで、天使はすぐに4/5になり、3点を受けても生き残る。"""
    game = Game(["A", "B"])
    angel = face_down(game, cards.EXALTED_ANGEL)
    give_mana(game, "A", "{2}{W}{W}")
    game.pass_priority_to("B")
    expect.refused(lambda: game.turn_face_up("A", angel), "優先権がなければオモテ向きにできない")
    cast(game, "B", cards.LIGHTNING_BOLT, [angel], resolve=False)
    game.pass_priority_to("A")
    game.turn_face_up("A", angel)
    expect.equal([item.text for item in game.stack], ["Lightning Bolt"], "スタックを使わない：稲妻だけが積まれている")
    expect.equal((game.view(angel).name, game.view(angel).pt), ("Exalted Angel", (4, 5)),
                 "稲妻の解決を待たずに、すでにオモテ向きの4/5")
    game.resolve_stack()
    expect.that(angel.id in game.objects and angel.damage == 3, "3点のダメージを受けても4/5の天使は生き残る")


@check("702.37e@b484429b", "708.8@20260116.0@71c94275", wiki="変異: 新たに戦場に出たわけではないので")
def turned_face_up_keeps_effects_and_does_not_enter(expect: Expect) -> None:
    """状況: 「戦場に出たとき3点」「オモテ向きになったとき5点」のライフを得る変異持ちのテスト用3/3を、Aが裏向きで
    戦場に出し、《巨大化》と+1/+1カウンターを与える。
    行動: Aが変異コストを払ってオモテ向きにする。
    結果: 同じオブジェクトのまま修整とカウンターは残って7/7。「戦場に出たとき」は誘発せず、「オモテ向きになったとき」だけ誘発する。"""
    game = Game(["A", "B"])
    creature = face_down(game, cards.morph_with_triggers())
    expect.equal(game.players["A"].life, 20, "裏向きで戦場に出たときは能力がないので何も誘発しない")
    cast(game, "A", cards.GIANT_GROWTH, [creature])
    game.put_counters(creature, "+1/+1")
    expect.equal(game.view(creature).pt, (6, 6), "裏向きの2/2に+3/+3と+1/+1")
    give_mana(game, "A", "{1}{U}")
    game.turn_face_up("A", creature)
    game.resolve_stack()
    view = game.view(creature)
    expect.equal((view.name, view.pt), ("Test Morph", (7, 7)), "本来の3/3に戻り、修整とカウンターは残る")
    expect.equal(game.players["A"].life, 25, "「オモテ向きになったとき」（5点）だけが誘発し、「戦場に出たとき」（3点）は誘発しない")


@check("702.37e@b484429b", wiki="変異: 変異以外の効果によって裏向きになっている場合でも")
def turning_face_up_needs_a_morph_cost(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《賛美されし天使》が効果で裏向きにされている。
    行動: Aがそれぞれを特別な処理でオモテ向きにしようとする。
    結果: 熊はオモテ向きのとき変異コストを持たないのでできない。天使は変異コストを払ってオモテ向きにできる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    angel = game.place(cards.EXALTED_ANGEL, player="A")
    facedown.turn_face_down(game, bears)
    facedown.turn_face_down(game, angel)
    expect.equal(game.view(bears).pt, (2, 2), "裏向きにされた熊は名前のない2/2")
    give_mana(game, "A", "{9}")
    expect.refused(lambda: game.turn_face_up("A", bears), "変異コストを持たないのでオモテ向きにできない")
    game.players["A"].mana.empty()
    give_mana(game, "A", "{2}{W}{W}")
    game.turn_face_up("A", angel)
    expect.equal(game.view(angel).name, "Exalted Angel", "変異を持つ天使は変異コストでオモテ向きになる")


@check("702.37b@94426506")
def megamorph_counter_only_when_its_cost_was_paid(expect: Expect) -> None:
    """状況: Aの裏向きの《棲み家の防御者》（大変異{1}{G}）が2体。
    行動: 1体は大変異コストを払ってオモテ向きにし、もう1体は効果でオモテ向きになる。
    結果: 大変異コストを払った方は+1/+1カウンターを得て3/2、効果でオモテ向きになった方は2/1。"""
    game = Game(["A", "B"])
    paid = face_down(game, cards.DEN_PROTECTOR)
    other = face_down(game, cards.DEN_PROTECTOR)
    give_mana(game, "A", "{1}{G}")
    game.turn_face_up("A", paid)
    facedown.turn_face_up(game, other)
    expect.equal(game.view(paid).pt, (3, 2), "大変異コストを支払ったので+1/+1カウンターが置かれる")
    expect.equal(game.view(other).pt, (2, 1), "大変異コストを支払わずにオモテ向きになったので置かれない")


@check("702.37f@ddf68297")
def morph_x_is_the_value_chosen(expect: Expect) -> None:
    """状況: Aの裏向きのテスト用クリーチャー（1/1、変異{X}{G}、「オモテ向きになったとき+1/+1カウンターをX個置く」）。
    行動: AがX=2でオモテ向きにする。
    結果: {2}{G}を支払い、能力のXは2なのでカウンターは2個、3/3になる。"""
    game = Game(["A", "B"])
    creature = face_down(game, cards.x_morph())
    give_mana(game, "A", "{2}{G}")
    game.turn_face_up("A", creature, x=2)
    expect.equal(game.players["A"].mana.total, 0, "X=2で{2}{G}を支払った")
    game.resolve_stack()
    expect.equal(creature.counter("+1/+1"), 2, "能力のXは特別な処理で選んだ2")
    expect.equal(game.view(creature).pt, (3, 3), "1/1に+1/+1カウンター2個")


@check("702.37g@6a940292", "708.9@20260116.0@15891b79", wiki="変異: カードの表をすべて公開して")
def face_down_cards_are_revealed_when_they_leave(expect: Expect) -> None:
    """状況: Aの裏向きの《賛美されし天使》が戦場にいる。
    行動: 《神の怒り》で破壊される。もう1枚の天使を裏向きに唱え、それが打ち消される。
    結果: 戦場を離れる裏向きのパーマネントも、打ち消された裏向きの呪文も公開され、墓地ではオモテ向き。"""
    from kb.engine import stack as stack_rules

    game = Game(["A", "B"])
    angel = face_down(game, cards.EXALTED_ANGEL)
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.equal([e.name for e in game.events(Revealed)], ["Exalted Angel"], "戦場を離れる裏向きのパーマネントは公開される")
    in_graveyard = [game.view(o).name for o in game.graveyard("A")]
    expect.that("Exalted Angel" in in_graveyard and angel.id not in game.objects, "墓地ではオモテ向きのカード")
    second = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    game.cast("A", second, face_down=FaceDown.MORPH)
    stack_rules.counter(game, game.stack[-1])
    expect.equal(len(game.events(Revealed)), 2, "打ち消された裏向きの呪文も公開される")
