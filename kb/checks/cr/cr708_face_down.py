"""Face-down spells and permanents (708) other than morph itself: casting face down from another
zone (601.3e), manifest (701.40), cloak (701.58), manifest dread (701.62) and disguise (702.168)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    ChoiceKind,
    FaceDown,
    Game,
    Revealed,
    TriggeredAbility,
    Zone,
    card,
    creatures,
    enters,
    facedown,
)

gain = cards._gain_life


@check("601.3e@20260116.0@f151db75", "702.37c@20260116.0@eda0a51d", "708.4@20260116.0@51bfe9b1")
def face_down_spell_from_the_library_is_judged_face_down(expect: Expect) -> None:
    """状況: Aの《神秘の炉》（あなたはライブラリーの一番上から、アーティファクト呪文と無色の土地でない呪文を唱えてよい）。
    Aのライブラリーの一番上に《賛美されし天使》（白、変異）。
    行動: Aが天使を表向きに唱えようとし、次に変異で裏向きに唱える。
    結果: 白い天使は許されない。裏向きの呪文は無色なので、唱えてよいかは裏向きの特性で判断され、唱えられる。"""
    game = Game(["A", "B"])
    game.place(cards.MYSTIC_FORGE)
    angel = game.place(cards.EXALTED_ANGEL, Zone.LIBRARY, "A")
    give_mana(game, "A", "{4}{W}{W}")
    expect.refused(lambda: game.cast("A", angel), "表向きの天使は白なので許可されない")
    game.players["A"].mana.empty()
    give_mana(game, "A", "{3}")
    spell = game.cast("A", angel, face_down=FaceDown.MORPH)
    expect.that(game.obj(spell).zone is Zone.STACK and game.view(spell).face_down, "裏向きなら無色の呪文として唱えられる")


@check("701.40a@20260116.0@cb4792bf", "701.40b@20260116.0@d8a9c5ca", "708.3@20260116.0@b22cb415")
def manifest_and_turn_face_up_for_the_mana_cost(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に「戦場に出たとき3点のライフを得る」テスト用2/3クリーチャー（{1}{G}）。Aはテスト用
    エンチャント「クリーチャーが戦場に出るたび1点」も持つ。
    行動: Aがライブラリーの一番上のカードを裏向きに戦場に出し（顕現）、そのマナ・コストを支払ってオモテ向きにする。
    結果: 名前のない2/2として戦場に出て、自身の「戦場に出たとき」は誘発しない。オモテ向きになると2/3になる。"""
    game = Game(["A", "B"])
    game.place(card("Test Greeter", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a creature enters, you gain 1 life.", enters(creatures()), gain(1))))
    game.place(card("Test Herald", "{1}{G}", "Creature — Elf", 2, 3, TriggeredAbility(
        "When this creature enters, you gain 3 life.", enters(), gain(3))), Zone.LIBRARY, "A")
    manifested = facedown.manifest_top(game, "A")
    assert manifested is not None
    game.resolve_stack()
    view = game.view(manifested)
    expect.equal((view.name, view.pt, view.face_down), (None, (2, 2), True), "名前のない2/2として戦場に出た")
    expect.equal(game.players["A"].life, 21, "クリーチャーとして戦場に出たことは誘発するが、自身の能力は誘発しない")
    give_mana(game, "A", "{1}{G}")
    game.turn_face_up("A", manifested)
    expect.equal((game.view(manifested).name, game.view(manifested).pt), ("Test Herald", (2, 3)),
                 "マナ・コストを払ってオモテ向きになった")


@check("701.40b@20260116.0@d8a9c5ca", "701.40g@20260116.0@c9ca90f7")
def a_manifested_noncreature_stays_face_down(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に《巨大化》（インスタント）。
    行動: Aがそれを顕現し、マナ・コストでオモテ向きにしようとし、そのあと効果がそれをオモテ向きにしようとする。
    結果: クリーチャー・カードでないので特別な処理ではオモテ向きにできない。効果でも公開されるだけで裏向きのまま。"""
    game = Game(["A", "B"])
    game.place(cards.GIANT_GROWTH, Zone.LIBRARY, "A")
    manifested = facedown.manifest_top(game, "A")
    assert manifested is not None
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.turn_face_up("A", manifested), "インスタントはマナ・コストでオモテ向きにできない")
    expect.that(not facedown.turn_face_up(game, manifested), "効果でもオモテ向きにならない")
    expect.that(manifested.face_down is not None and bool(game.events(Revealed)), "公開されて、裏向きのまま")


@check("701.40c@20260116.0@4cf889e5", "702.37e@b484429b")
def a_manifested_morph_can_use_either_cost(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に《賛美されし天使》（{4}{W}{W}、変異{2}{W}{W}）。
    行動: Aがそれを顕現し、{2}{W}{W}で変異のやり方でオモテ向きにする。
    結果: 顕現されたカードが変異を持っていれば、どちらのやり方でもオモテ向きにできる。"""
    game = Game(["A", "B"])
    game.place(cards.EXALTED_ANGEL, Zone.LIBRARY, "A")
    manifested = facedown.manifest_top(game, "A")
    assert manifested is not None
    give_mana(game, "A", "{2}{W}{W}")
    game.turn_face_up("A", manifested, how="morph")
    expect.equal(game.view(manifested).name, "Exalted Angel", "変異コストでオモテ向きになった")


@check("701.58a@20260116.0@e81f8f00", "702.21a@20260116.0@1be21921")
def cloaked_permanents_have_ward(expect: Expect) -> None:
    """状況: Aが《灰色熊》を覆面（裏向きの2/2で護法{2}を持つ）で戦場に出した。Bは{R}だけを持つ。
    行動: Bが《ショック》でそれを対象にする。
    結果: 護法が誘発し、Bは{2}を支払えないのでショックは打ち消され、熊は無事。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, Zone.HAND, "A")
    cloaked = facedown.cloak(game, "A", bears)
    assert cloaked is not None
    expect.that(game.view(cloaked).has("ward", "{2}") and game.view(cloaked).pt == (2, 2), "護法{2}を持つ2/2")
    cast(game, "B", cards.SHOCK, [cloaked])
    expect.that(cloaked.id in game.objects and cloaked.damage == 0, "ショックは打ち消された")
    expect.equal(len(game.graveyard("B")), 1, "ショックは墓地にある")


@check("701.62a@20260116.0@45eca9ba")
def manifest_dread_manifests_one_of_two(expect: Expect) -> None:
    """状況: Aのライブラリーの上から《灰色熊》、《丘巨人》。
    行動: Aが恐怖を顕現し、熊を選ぶ。
    結果: 熊が裏向きで戦場に出て、丘巨人は墓地に置かれる。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT, Zone.LIBRARY, "A")
    bears = game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    manifested = facedown.manifest_dread(game, "A")
    assert manifested is not None
    expect.that(manifested.card is cards.GRIZZLY_BEARS and manifested.face_down is not None, "熊が裏向きで戦場に出た")
    expect.that(giant.id not in game.objects and [o.card for o in game.graveyard("A")] == [cards.HILL_GIANT],
                "丘巨人は墓地に置かれた")


DISGUISED = card("Test Disguised Agent", "{3}{U}", "Creature — Human Rogue", 3, 3, "disguise {1}{U}")
"""Test: a 3/3 with disguise {1}{U}."""


@check("702.168a@20260116.0@2c164e12", "702.168b@20260116.0@4d1f281a", "702.168d@20260116.0@f01fefea")
def disguise_casts_face_down_with_ward(expect: Expect) -> None:
    """状況: Aの手札に変装{1}{U}を持つテスト用3/3クリーチャー。
    行動: Aが{3}で裏向きに唱え、解決したあと{1}{U}でオモテ向きにする。
    結果: 裏向きの間は護法{2}を持つ名前のない2/2。変装コストでオモテ向きになると3/3になる。"""
    game = Game(["A", "B"])
    held = game.place(DISGUISED, Zone.HAND, "A")
    give_mana(game, "A", "{3}")
    spell = game.cast("A", held, face_down=FaceDown.DISGUISE)
    game.resolve_stack()
    view = game.view(spell)
    expect.equal((view.name, view.pt), (None, (2, 2)), "名前のない2/2")
    expect.that(view.has("ward", "{2}"), "護法{2}を持つ")
    give_mana(game, "A", "{1}{U}")
    game.turn_face_up("A", spell)
    expect.equal(game.view(spell).pt, (3, 3), "変装コストでオモテ向きになった")
