"""Ascend and the city's blessing (702.131)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    FOREST,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Zone,
    card,
    condition,
    gain,
)
from kb.engine.ascend import has_citys_blessing
from kb.engine.selectors import this_object


def _secrets(resolution: Resolution) -> None:
    game, you = resolution.game, resolution.controller
    game.draw(you, 3 if has_citys_blessing(game, you) else 2)


SECRETS_OF_THE_GOLDEN_CITY = real("黄金都市の秘密", card(
    "Secrets of the Golden City", "{1}{U}{U}", "Sorcery", "ascend",
    spell=SpellAbility("Draw two cards. If you have the city's blessing, draw three cards instead.", _secrets)))
"""黄金都市の秘密: 昇殿。カード2枚を引く。都市の承認を持っているなら、代わりに3枚引く。"""
SKYMARCHER_ASPIRANT = real("空渡りの野心家", card(
    "Skymarcher Aspirant", "{W}", "Creature — Human Soldier", 2, 1, "ascend",
    StaticAbility("This creature has flying as long as you have the city's blessing.", (gain("flying"),),
                  this_object(), condition=condition("you have the city's blessing",
                                                     lambda c: c.you is not None and has_citys_blessing(c.game, c.you)))))
"""空渡りの野心家: 昇殿。都市の承認を持っているかぎり飛行を持つ。"""


def lands(game: Game, count: int, player: str = "A") -> None:
    for _ in range(count):
        game.place(FOREST, player=player)


def library(game: Game, count: int) -> None:
    for _ in range(count):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)


@check("702.131a@20260116.0@d044d9df")
def ascend_on_a_sorcery(expect: Expect) -> None:
    """状況: Aは9個のパーマネントをコントロールしている。手札に《黄金都市の秘密》が2枚。
    行動: 1枚目を唱える。そのあと10個目のパーマネントを得て、2枚目を唱える。
    結果: 9個では都市の承認を得ず、2枚引く。10個では解決時にまず都市の承認を得て、3枚引く。"""
    game = Game(["A", "B"])
    library(game, 6)
    lands(game, 9)
    cast(game, "A", SECRETS_OF_THE_GOLDEN_CITY)
    expect.that(not has_citys_blessing(game, "A") and len(game.hand("A")) == 2, "9個では承認を得ず2枚")
    lands(game, 1)
    cast(game, "A", SECRETS_OF_THE_GOLDEN_CITY)
    expect.that(has_citys_blessing(game, "A") and len(game.hand("A")) == 5, "10個では承認を得て3枚")


@check("702.131b@20260116.0@1ee89e54", "702.131d@20260116.0@f94b6cb9")
def ascend_on_a_permanent(expect: Expect) -> None:
    """状況: Aは8個のパーマネントをコントロールしている。手札に《空渡りの野心家》が2枚。
    行動: 1枚目を唱えて9個にする。2枚目を唱えて10個にする。そのあと、パーマネント3個が戦場を離れる。
    結果: 9個では承認を得ず、野心家は飛行を持たない。10個になった時点で承認を得て、野心家は飛行を持つ。パーマネントが減っても承認はゲームの残りの間続く。"""
    game = Game(["A", "B"])
    lands(game, 8)
    cast(game, "A", SKYMARCHER_ASPIRANT)
    [first] = [o for o in game.creatures("A") if o.card is SKYMARCHER_ASPIRANT]
    expect.that(not has_citys_blessing(game, "A") and not game.view(first).has("flying"), "9個では承認を得ない")
    cast(game, "A", SKYMARCHER_ASPIRANT)
    expect.that(has_citys_blessing(game, "A") and game.view(first).has("flying"), "10個で承認を得て飛行")
    for obj in game.battlefield("A")[:3]:
        game.destroy(obj)
    game.refresh_priority()
    expect.that(len(game.battlefield("A")) < 10 and has_citys_blessing(game, "A"), "減っても承認は続く")


@check("702.131c@20260116.0@232f20ee")
def citys_blessing_for_several_players(expect: Expect) -> None:
    """状況: AとBはどちらも9個のパーマネントと、手札に《空渡りの野心家》を持つ。
    行動: Aが野心家を唱え、Bのターンに、Bも野心家を唱える。
    結果: Aが都市の承認を得たあとでも、Bも都市の承認を得る。同時に何人でも都市の承認を持てる。"""
    game = Game(["A", "B"])
    lands(game, 9)
    lands(game, 9, "B")
    cast(game, "A", SKYMARCHER_ASPIRANT)
    game.next_turn("B")
    cast(game, "B", SKYMARCHER_ASPIRANT)
    expect.that(has_citys_blessing(game, "A") and has_citys_blessing(game, "B"), "両方が承認を持つ")
