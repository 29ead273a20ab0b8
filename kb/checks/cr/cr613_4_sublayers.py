"""The sublayers of layer 7 (613.4): characteristic-defining abilities, then effects setting base
power and toughness, then modifications, then switches — whatever the timestamps."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cr.cr613_layers import TARMOGOYF
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import Game, Zone, base_pt, modify_pt
from kb.engine.parts import switch_pt


@check("613.4@20260116.0@aee82857", "613.4a@20260116.0@77012b5e", "613.4b@20260116.0@f7b3de0d",
       "613.4c@20260116.0@d67b3be5", "613.4d@20260116.0@43f40107")
def layer_seven_goes_by_sublayer_not_by_timestamp(expect: Expect) -> None:
    """状況: Aは《タルモゴイフ》をコントロールしている。墓地にはクリーチャー・カードとインスタント・カードがあり、ゴイフの
    特性定義能力は2/3を定める。
    行動: ゴイフが、古い順に「パワーとタフネスを入れ替える」（7d）、「+3/+1の修整を受ける」（7c）、「基本のパワーとタフネスは
    1/4になる」（7b）の効果を受ける。
    結果: 入れ替えだけなら3/2。+3/+1が加わると、タイムスタンプは新しくても7cが7dより先に適用され、5/4が入れ替わって4/5。
    基本1/4が加わると、7aの2/3の上に7bの1/4、7cで4/5、7dで入れ替わって5/4になる。"""
    game = Game(["A", "B"])
    goyf = game.place(TARMOGOYF)
    game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    game.place(cards.GIANT_GROWTH, Zone.GRAVEYARD, "B")
    expect.equal(game.view(goyf).pt, (2, 3), "特性定義能力（7a）で2/3")
    game.create_effect("switch", [switch_pt()], [goyf])
    expect.equal(game.view(goyf).pt, (3, 2), "7dの入れ替えで3/2")
    game.create_effect("+3/+1", [modify_pt(3, 1)], [goyf])
    expect.equal(game.view(goyf).pt, (4, 5), "あとの7cの修整が先に適用され、5/4が入れ替わって4/5")
    game.create_effect("base 1/4", [base_pt(1, 4)], [goyf])
    expect.equal(game.view(goyf).pt, (5, 4), "最後の7bが7aの上に、その上に7cの+3/+1で4/5、7dで入れ替わって5/4")
