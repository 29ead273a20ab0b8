"""A permanent that enters face down has none of its own "enters" abilities (708.3, 708.8): no
counters, no entering tapped, no entering as a copy — whether cast face down or put onto the
battlefield face down by manifest or cloak."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import (
    Game,
    StaticAbility,
    Zone,
    card,
    cloak,
    enters_with_counters,
    manifest_top,
)

SPIKE_FEEDER = real("スパイクの飼育係", card(
    "Spike Feeder", "{1}{G}{G}", "Creature — Spike", 0, 0,
    StaticAbility("This creature enters with two +1/+1 counters on it.",
                  replacements=(enters_with_counters("+1/+1", 2),))))
"""Its two activated abilities are left out: entering is what matters here."""

SCARWOOD_TREEFOLK = cards.SCARWOOD_TREEFOLK


@check("708.3@20260116.0@b22cb415", "701.40a@20260116.0@cb4792bf", "614.1c@20260116.0@ce0a08eb",
       "708.8@20260116.0@71c94275")
def manifested_card_enters_without_its_own_counters(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に《スパイクの飼育係》（0/0、+1/+1カウンターが2個置かれた状態で戦場に出る）がある。
    行動: Aがそれを顕現し、そのあとマナ・コスト{1}{G}{G}を支払ってオモテ向きにする。さらに同じカードを通常どおり
    戦場に出す。
    結果: 裏向きになってから戦場に出るので、カウンターは置かれず2/2で出る。オモテ向きになっても戦場に出たわけでは
    ないのでカウンターはなく、0/0として墓地に置かれる。通常どおり出たほうは2個のカウンターを得て2/2。"""
    game = Game(["A", "B"])
    game.place(SPIKE_FEEDER, Zone.LIBRARY, "A")
    manifested = manifest_top(game, "A")
    assert manifested is not None
    seen = game.view(manifested)
    expect.equal((seen.face_down, seen.pt, dict(seen.counters)), (True, (2, 2), {}),
                 "裏向きの2/2として、カウンターなしで戦場に出た")
    give_mana(game, "A", "{1}{G}{G}")
    game.turn_face_up("A", manifested)
    expect.equal(game.current(manifested).zone, Zone.GRAVEYARD, "オモテ向きの0/0でカウンターもないので墓地に置かれた")
    normal = game.put_onto_battlefield(SPIKE_FEEDER, "A")
    assert normal is not None
    expect.equal(dict(game.view(normal).counters), {"+1/+1": 2}, "通常どおり戦場に出ればカウンターが2個置かれる")


@check("708.3@20260116.0@b22cb415", "701.58a@20260116.0@e81f8f00", "614.1c@20260116.0@ce0a08eb")
def cloaked_card_enters_untapped_and_not_as_a_copy(expect: Expect) -> None:
    """状況: Aのライブラリーの上から《スカーウッドのツリーフォーク》（タップ状態で戦場に出る）と《クローン》がある。
    戦場にはBの《灰色熊》がいる。
    行動: Aがそれぞれを偽装する。
    結果: どちらも裏向きになってから戦場に出るので、ツリーフォークはアンタップ状態で出て、クローンは何もコピーせず
    （コピーの選択もない）、どちらも護法{2}を持つ名前のない2/2である。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS, player="B")
    clone = game.place(cards.CLONE, Zone.LIBRARY, "A")
    treefolk = game.place(SCARWOOD_TREEFOLK, Zone.LIBRARY, "A")
    cloaked = [cloak(game, "A", treefolk), cloak(game, "A", clone)]
    assert all(c is not None for c in cloaked)
    first, second = (game.view(c) for c in cloaked if c is not None)
    expect.that(not first.tapped, "ツリーフォークはアンタップ状態で戦場に出た")
    expect.equal((second.name, second.pt, second.has("ward", "{2}")), (None, (2, 2), True),
                 "クローンは何もコピーせず、護法{2}を持つ名前のない2/2")
    expect.equal(first.pt, (2, 2), "ツリーフォークも2/2")
