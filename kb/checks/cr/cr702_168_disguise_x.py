"""Disguise (702.168c, 702.168e): only a card with disguise (or morph) can be cast face down; a disguise
cost with X."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana
from kb.engine import FaceDown, Game, Resolution, TriggeredAbility, Zone, card
from kb.engine.triggers import turned_face_up


def _x_counters(resolution: Resolution) -> None:
    this = resolution.source_id
    if this is not None and this in resolution.game.objects:
        x = resolution.game.objects[this].x
        if x:
            resolution.game.put_counters(this, "+1/+1", x)


X_AGENT = card("Test X Agent", "{2}{G}", "Creature — Elf Detective", 2, 2, "disguise {X}{G}",
               TriggeredAbility("When this creature is turned face up, put X +1/+1 counters on it.",
                                turned_face_up(), _x_counters))
"""A made-up 2/2 with disguise {X}{G} and "when this is turned face up, put X +1/+1 counters on it"."""


@check("702.168c@20260116.0@c76cd41e", "708.4@20260116.0@51bfe9b1")
def only_disguise_lets_a_card_be_cast_face_down(expect: Expect) -> None:
    """状況: Aの手札に《灰色熊》（変装を持たない）と、変装を持つテスト用のクリーチャー。
    行動: それぞれ{3}を支払って裏向きで唱えようとする。
    結果: 熊は裏向きに唱えられない。変装を持つカードは裏向きの2/2として唱えられる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, Zone.HAND, "A")
    agent = game.place(X_AGENT, Zone.HAND, "A")
    give_mana(game, "A", "{3}")
    expect.refused(lambda: game.cast("A", bears, face_down=FaceDown.DISGUISE), "変装を持たないカードは裏向きに唱えられない")
    spell = game.cast("A", agent, face_down=FaceDown.DISGUISE)
    game.resolve_stack()
    view = game.view(spell)
    expect.that(view.face_down and view.pt == (2, 2), "変装を持つカードは裏向きの2/2として唱えられる")


@check("702.168e@20260116.0@4bc07535", "702.37f@20260116.0@ddf68297")
def disguise_x_is_the_value_chosen_turning_it_up(expect: Expect) -> None:
    """状況: Aの、変装{X}{G}と「これがオモテ向きになったとき、+1/+1カウンターX個を置く」を持つテスト用のクリーチャーが裏向きで戦場にある。
    行動: Xを3として{3}{G}を支払い、オモテ向きにする。
    結果: 誘発型能力のXも3であり、+1/+1カウンター3個が置かれて5/5になる。"""
    game = Game(["A", "B"])
    agent = game.place(X_AGENT, face_down=FaceDown.DISGUISE)
    give_mana(game, "A", "{3}{G}")
    game.turn_face_up("A", agent, x=3)
    game.resolve_stack()
    expect.that(agent.counter("+1/+1") == 3 and game.view(agent).pt == (5, 5), "X=3で+1/+1カウンター3個、5/5")
