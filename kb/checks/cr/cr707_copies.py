"""Copying objects (707) and a face-down permanent that becomes a copy (708.10)."""

from __future__ import annotations

from dataclasses import replace

from kb.checks import cards, cards_basics
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    CardType,
    ChoiceKind,
    FaceDown,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    artifacts,
    card,
    enters_as_copy,
    target_creature,
    turn_face_up,
)

JUGGERNAUT = real("巨大戦車", card("Juggernaut", "{4}", "Artifact Creature — Juggernaut", 5, 3))
"""Its attack requirement and its restriction about Walls are left out: copying doesn't need them."""

COPY_ARTIFACT = card(
    "Copy Artifact", "{1}{U}", "Enchantment",
    StaticAbility("You may have this enchantment enter as a copy of any artifact on the battlefield, except it's "
                  "an enchantment in addition to its other types.",
                  replacements=(enters_as_copy(artifacts(), changes=lambda v: replace(
                      v, types=v.types | {CardType.ENCHANTMENT}),
                      text="You may have this enchantment enter as a copy of any artifact on the battlefield, "
                           "except it's an enchantment in addition to its other types."),)))
"""The CR's own example card (707.9b); it has no Japanese name."""


@check("707.9b@20260116.0@8dc2d984", "707.3@20260116.0@6feb8daa", "707.5@20260116.0@c44e7e0c",
       example="707.9b#1@12799952")
def copy_artifact_copies_juggernaut_as_an_enchantment(expect: Expect) -> None:
    """状況: Aの《巨大戦車》（5/3のアーティファクト・クリーチャー）が戦場にある。
    行動: Aの「Copy Artifact」（日本語名のない総合ルールの例のカード。他のタイプに加えてエンチャントであることを除き、アーティファクト1つのコピーとして
    戦場に出てもよい）が巨大戦車をコピーして戦場に出る。次に《クローン》がそのCopy Artifactをコピーして出る。
    結果: Copy Artifactは巨大戦車という名前の5/3のアーティファクト・クリーチャー・エンチャントになる。
    例外で加わったエンチャントもコピー可能な値なので、それをコピーしたクローンもエンチャントである。"""
    game = Game(["A", "B"])
    juggernaut = game.place(JUGGERNAUT, player="A")
    game.choices.script(ChoiceKind.OBJECT, juggernaut, player="A")
    copy = game.put_onto_battlefield(COPY_ARTIFACT, "A")
    assert copy is not None
    seen = game.view(copy)
    expect.equal(seen.name, "Juggernaut", "巨大戦車のコピーとして戦場に出た")
    expect.equal(seen.types, frozenset({CardType.ARTIFACT, CardType.CREATURE, CardType.ENCHANTMENT}),
                 "タイプはアーティファクトとクリーチャーとエンチャント")
    expect.equal(seen.pt, (5, 3), "巨大戦車と同じ5/3")
    game.choices.script(ChoiceKind.OBJECT, copy, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    expect.that(game.view(clone).is_a(CardType.ENCHANTMENT), "例外で加わったタイプはコピー可能な値なのでクローンにも写る")


CYTOSHAPE = cards_basics.CYTOSHAPE



def _break_open(resolution: Resolution) -> None:
    for target in resolution.objects(0):
        turn_face_up(resolution.game, resolution.game.obj(target))


BREAK_OPEN = real("こじ開け", card("Break Open", "{1}{R}", "Instant", spell=SpellAbility(
    "Turn target face-down creature an opponent controls face up.", _break_open,
    (target_creature(controller="opponent"),))))
"""A face-up target is left as it is (the face-down restriction is checked as it resolves)."""


@check("708.10@20260116.0@2feb09bf", "613.2a@20260116.0@78a0e5c5", "613.2b@20260116.0@1e0c20d9",
       "702.37e@20260116.0@b484429b")
def face_down_permanent_becoming_a_copy_stays_face_down(expect: Expect) -> None:
    """状況: Aの裏向きの《賛美されし天使》とBの《灰色熊》が戦場にある。
    行動: Aの《細胞形成》で天使がターン終了時まで灰色熊のコピーになる。Aが変異コストで天使をオモテ向きにしようとする。
    次にBの《こじ開け》（対戦相手の裏向きのクリーチャー1体をオモテ向きにする）で天使がオモテ向きになる。
    結果: 裏向きのあいだは名前のない2/2のまま（コピー可能な値は裏向きの状態で修整される）。オモテ向きなら灰色熊で
    変異を持たないので、変異による特別な行動ではオモテ向きにできない。効果でオモテ向きになると、天使ではなく灰色熊になる。"""
    game = Game(["A", "B"])
    angel = game.place(cards.EXALTED_ANGEL, player="A", face_down=FaceDown.MORPH)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    cast(game, "A", CYTOSHAPE, [angel])
    seen = game.view(angel)
    expect.equal((seen.name, seen.pt, seen.face_down), (None, (2, 2), True), "裏向きのあいだは名前のない2/2")
    give_mana(game, "A", "{2}{W}{W}")
    expect.refused(lambda: game.turn_face_up("A", angel), "オモテ向きなら変異コストを持たないので、変異ではオモテ向きにできない")
    cast(game, "B", BREAK_OPEN, [angel])
    seen = game.view(angel)
    expect.that(not seen.face_down, "こじ開けの効果でオモテ向きになった")
    expect.equal((seen.name, seen.pt), ("Grizzly Bears", (2, 2)), "オモテ向きになると灰色熊のコピー")


@check("707.2@20260116.0@f5bf13dd", "707.2b@20260116.0@cae4a971", "122.1@20260116.0@791a9b1b")
def counters_are_not_copied(expect: Expect) -> None:
    """状況: Aの《灰色熊》に+1/+1カウンターが2個置かれている（4/4）。
    行動: Aの《クローン》が灰色熊をコピーして戦場に出る。その後、灰色熊が《細胞形成》で《賛美されし天使》のコピーになる。
    結果: カウンターはコピー可能な値ではないので、クローンは2/2の灰色熊。元の熊があとで別のもののコピーになっても、
    クローンは変わらない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A", counters={"+1/+1": 2})
    angel = game.place(cards.EXALTED_ANGEL, player="B")
    expect.equal(game.view(bears).pt, (4, 4), "熊はカウンターで4/4")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    expect.equal((game.view(clone).name, game.view(clone).pt), ("Grizzly Bears", (2, 2)),
                 "クローンは2/2の灰色熊（カウンターはコピーされない）")
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    cast(game, "A", CYTOSHAPE, [bears])
    expect.equal(game.view(bears).name, "Exalted Angel", "元の熊は天使のコピーになった")
    expect.equal(game.view(clone).name, "Grizzly Bears", "コピーしたあとで元の値が変わってもクローンは変わらない")
