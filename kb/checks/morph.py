"""Checks for morph (702.37), face-down spells and permanents, and the wiki page 変異."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenario import cast, give_mana, in_hand, on_battlefield
from kb.engine import casting, counters, morph
from kb.engine.basics import CREATURE, Zone
from kb.engine.events import Revealed
from kb.engine.game import Card, Game, GameObject


def _face_down(game: Game, card: Card, player: str = "A") -> GameObject:
    """Cast ``card`` face down for {3} and let it resolve."""
    spell = in_hand(game, card, player)
    give_mana(game, player, "{3}")
    game.priority_holder = player
    permanent = casting.cast(game, player, spell.id, face_down=True)
    game.resolve_stack()
    return game.obj(permanent)


@check("702.37a@acf2dff0", "702.37c@33908109", wiki="変異: 裏向きで2/2の")
def cast_face_down_for_three(expect: Expect) -> None:
    """{3}しかないAは、賛美されし天使（{4}{W}{W}）を表向きには唱えられないが、変異で裏向きに唱えられる。
    呪文は名前・色・サブタイプ・文章・マナ・コストを持たない2/2のクリーチャーで、同じ特性で戦場に出る。"""
    game = Game(["A", "B"])
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: casting.cast(game, "A", angel.id), "{3}では表向きには唱えられない")
    spell = casting.cast(game, "A", angel.id, face_down=True)
    expect.equal(game.players["A"].mana.total, 0, "本来のマナ・コストの代わりに{3}を支払った")
    on_stack = game.view(spell)
    expect.equal(on_stack.name, None, "裏向きの呪文は名前を持たない")
    expect.equal(on_stack.colors, frozenset(), "色を持たない")
    expect.equal(on_stack.types, frozenset({CREATURE}), "クリーチャー呪文である")
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
    """Bの翻弄する魔道士が「Exalted Angel」を指定している。Aは賛美されし天使を表向きには唱えられないが、
    裏向きなら名前を持たない呪文なので唱えられる。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.meddling_mage("Exalted Angel"), "B")
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{4}{W}{W}")
    expect.refused(lambda: casting.cast(game, "A", angel.id), "指定された名前の呪文は唱えられない")
    expect.that(angel.id in game.objects and angel.zone is Zone.HAND, "唱えられなかったカードは手札に戻っている")
    spell = casting.cast(game, "A", angel.id, face_down=True)
    expect.that(game.obj(spell).zone is Zone.STACK, "裏向きの呪文は名前を持たないので唱えられる")


@check("702.37c@33908109")
def face_down_values_are_copiable(expect: Expect) -> None:
    """Bのクローンが、Aの裏向きの賛美されし天使をコピーして戦場に出る。コピー可能な値は裏向きの値なので、
    クローンは名前のない2/2。あとで天使がオモテ向きになってもクローンは変わらない。"""
    game = Game(["A", "B"])
    angel = _face_down(game, cards.EXALTED_ANGEL)
    copy = on_battlefield(game, cards.clone(angel.id), "B")
    seen = game.view(copy.id)
    expect.that(not seen.face_down, "クローン自身はオモテ向き")
    expect.equal((seen.name, seen.pt, seen.abilities), (None, (2, 2), ()),
                 "コピーしたのは裏向きの値（名前なし、2/2、能力なし）")
    give_mana(game, "A", "{2}{W}{W}")
    morph.turn_face_up(game, "A", angel)
    expect.equal(game.view(copy.id).pt, (2, 2), "元がオモテ向きになってもコピーは変わらない")


@check("702.37c@33908109", wiki="変異: コスト増加カード・コスト減少カードの影響は通常と同じく受ける")
def morph_cost_is_an_alternative_cost(expect: Expect) -> None:
    """抵抗の宝球（呪文は{1}多く）がある。変異で裏向きに唱えるには{3}に{1}を加えた{4}が要る。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.SPHERE_OF_RESISTANCE, "B")
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: casting.cast(game, "A", angel.id, face_down=True), "{3}では足りない")
    give_mana(game, "A", "{1}")
    casting.cast(game, "A", angel.id, face_down=True)
    expect.equal(game.players["A"].mana.total, 0, "代替コスト{3}にコスト増加{1}が加わって{4}を支払った")


@check("702.37d@df52710a", wiki="変異: 変異を持たないカードを裏向きクリーチャーとして唱えることは違反行為")
def only_morph_lets_a_card_be_cast_face_down(expect: Expect) -> None:
    """変異を持たない灰色熊は裏向きに唱えられない。変異を持つ賛美されし天使は唱えられる。"""
    game = Game(["A", "B"])
    bears = in_hand(game, cards.GRIZZLY_BEARS, "A")
    angel = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: casting.cast(game, "A", bears.id, face_down=True), "変異がなければ裏向きには唱えられない")
    casting.cast(game, "A", angel.id, face_down=True)
    expect.equal(len(game.stack), 1, "変異があれば唱えられる")


@check("702.37e@b484429b", wiki="変異: スタックを用いず直ぐに実行される")
def turning_face_up_is_a_special_action(expect: Expect) -> None:
    """Bが裏向きの賛美されし天使（2/2）に稲妻を唱える。優先権を得たAは変異コストを払って天使をオモテ向きに
    する。スタックは稲妻のままで、天使はすぐに4/5になり、稲妻の3点を受けても生き残る。"""
    game = Game(["A", "B"])
    angel = _face_down(game, cards.EXALTED_ANGEL)
    give_mana(game, "A", "{2}{W}{W}")
    game.priority_holder = None
    expect.refused(lambda: morph.turn_face_up(game, "A", angel), "優先権がなければオモテ向きにできない")
    game.priority_holder = "B"
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "B")
    give_mana(game, "B", "{R}")
    casting.cast(game, "B", bolt.id, targets=[angel.id])
    game.priority_holder = "A"
    morph.turn_face_up(game, "A", angel)
    expect.equal([item.text for item in game.stack], ["Lightning Bolt"], "スタックを使わない：稲妻だけが積まれている")
    expect.equal((game.view(angel.id).name, game.view(angel.id).pt), ("Exalted Angel", (4, 5)),
                 "稲妻の解決を待たずに、すでにオモテ向きの4/5")
    game.resolve_stack()
    expect.that(angel.id in game.objects and angel.damage == 3, "3点のダメージを受けても4/5の天使は生き残る")


@check("702.37e@b484429b", wiki="変異: 新たに戦場に出たわけではないので")
def turned_face_up_keeps_effects_and_does_not_enter(expect: Expect) -> None:
    """裏向きのクリーチャーが巨大化と+1/+1カウンターを受けてからオモテ向きになる。同じオブジェクトのまま
    修整は残り、「戦場に出たとき」は誘発せず、「オモテ向きになったとき」は誘発する。"""
    game = Game(["A", "B"])
    creature = _face_down(game, cards.morph_with_triggers())
    expect.equal(game.players["A"].life, 20, "裏向きで戦場に出たときは能力がないので何も誘発しない")
    cast(game, "A", cards.GIANT_GROWTH, [creature.id])
    counters.put(game, creature, "+1/+1")
    expect.equal(game.view(creature.id).pt, (6, 6), "裏向きの2/2に+3/+3と+1/+1")
    give_mana(game, "A", "{1}{U}")
    morph.turn_face_up(game, "A", creature)
    game.priority()
    game.resolve_stack()
    view = game.view(creature.id)
    expect.equal((view.name, view.pt), ("Test Morph", (7, 7)), "本来の3/3に戻り、修整とカウンターは残る")
    expect.equal(game.players["A"].life, 25, "「オモテ向きになったとき」（5点）だけが誘発し、「戦場に出たとき」（3点）は誘発しない")


@check("702.37e@b484429b", wiki="変異: 変異以外の効果によって裏向きになっている場合でも")
def turning_face_up_needs_a_morph_cost(expect: Expect) -> None:
    """効果で裏向きにされた灰色熊は、オモテ向きのときに変異コストを持たないので特別な処理ではオモテ向きに
    できない。同じく効果で裏向きにされた賛美されし天使は変異コストを払ってオモテ向きにできる。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    angel = on_battlefield(game, cards.EXALTED_ANGEL, "A")
    morph.turn_face_down(game, bears)
    morph.turn_face_down(game, angel)
    expect.equal(game.view(bears.id).pt, (2, 2), "裏向きにされた熊は名前のない2/2")
    give_mana(game, "A", "{9}")
    expect.refused(lambda: morph.turn_face_up(game, "A", bears), "変異コストを持たないのでオモテ向きにできない")
    give_mana(game, "A", "{W}{W}")
    morph.turn_face_up(game, "A", angel)
    expect.equal(game.view(angel.id).name, "Exalted Angel", "変異を持つ天使は変異コストでオモテ向きになる")


@check("702.37b@94426506")
def megamorph_counter_only_when_its_cost_was_paid(expect: Expect) -> None:
    """巣穴の守護者2体。大変異コストを払ってオモテ向きにした方は+1/+1カウンターを得て3/2、効果でオモテ向きに
    された方はカウンターを得ず2/1。"""
    game = Game(["A", "B"])
    paid = _face_down(game, cards.DEN_PROTECTOR)
    other = _face_down(game, cards.DEN_PROTECTOR)
    give_mana(game, "A", "{1}{G}")
    morph.turn_face_up(game, "A", paid)
    morph.turn_up(game, other)
    expect.equal(game.view(paid.id).pt, (3, 2), "大変異コストを支払ったので+1/+1カウンターが置かれる")
    expect.equal(game.view(other.id).pt, (2, 1), "大変異コストを支払わずにオモテ向きになったので置かれない")


@check("702.37f@ddf68297")
def morph_x_is_the_value_chosen(expect: Expect) -> None:
    """変異{X}{G}と「オモテ向きになったとき、これの上に+1/+1カウンターをX個置く」を持つクリーチャーを、
    X=2でオモテ向きにする。{2}{G}を支払い、カウンターは2個。"""
    game = Game(["A", "B"])
    creature = _face_down(game, cards.x_morph())
    give_mana(game, "A", "{2}{G}")
    morph.turn_face_up(game, "A", creature, x=2)
    expect.equal(game.players["A"].mana.total, 0, "X=2で{2}{G}を支払った")
    game.priority()
    game.resolve_stack()
    expect.equal(creature.counter_count("+1/+1"), 2, "能力のXは特別な処理で選んだ2")
    expect.equal(game.view(creature.id).pt, (3, 3), "1/1に+1/+1カウンター2個")


@check("702.37g@6a940292", "708.9@20260116.0@15891b79", wiki="変異: カードの表をすべて公開して")
def face_down_cards_are_revealed_when_they_leave(expect: Expect) -> None:
    """裏向きの賛美されし天使が神の怒りで破壊されると公開され、墓地ではオモテ向き。打ち消された裏向きの呪文も
    公開される。"""
    game = Game(["A", "B"])
    angel = _face_down(game, cards.EXALTED_ANGEL)
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.equal([e.name for e in game.events(Revealed)], ["Exalted Angel"], "戦場を離れる裏向きのパーマネントは公開される")
    in_graveyard = [game.view(o.id).name for o in game.in_zone(Zone.GRAVEYARD, "A")]
    expect.that("Exalted Angel" in in_graveyard and angel.id not in game.objects, "墓地ではオモテ向きのカード")
    second = in_hand(game, cards.EXALTED_ANGEL, "A")
    give_mana(game, "A", "{3}")
    casting.cast(game, "A", second.id, face_down=True)
    casting.counter(game, game.stack[-1])
    expect.equal(len(game.events(Revealed)), 2, "打ち消された裏向きの呪文も公開される")
