"""Space sculptor and sector designations (702.158, 704.5u)."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import ChoiceKind, Game, Resolution, SpellAbility, card, sectors
from kb.engine.choices import Choice
from kb.engine.sectors import SECTORS, same_sector, sector_of

SCULPTOR = card("Test Space Sculptor", "{2}{U}", "Legendary Creature — Human Wizard", 1, 3, "space sculptor")
"""A made-up creature with space sculptor (Space Beleren is not in the name list)."""


def _sector_sweep(resolution: Resolution) -> None:
    game = resolution.game
    chosen = game.choices.ask(Choice(ChoiceKind.MODE, resolution.controller, "a sector", SECTORS))
    assert isinstance(chosen, str)
    game.destroy(*sectors.in_sector(game, chosen))


SECTOR_SWEEP = card("Test Sector Sweep", "{2}{B}", "Sorcery",
                    spell=SpellAbility("Choose a sector. Destroy each creature in that sector.", _sector_sweep))
"""A made-up sorcery: "Choose a sector. Destroy each creature in that sector"."""


@check("702.158c@20260116.0@239bfdd4", "704.5u@20260116.0@d83a7c91")
def space_sculptor_gives_sectors(expect: Expect) -> None:
    """状況: Aの《灰色熊》、Bの《丘巨人》。どちらもセクター記号を持たない。
    行動: Aが宇宙を刻む者を持つテスト用のクリーチャーを唱える。
    結果: 状況起因処理で、宇宙を刻む者を持たないBがまず丘巨人のセクターを選び、そのあとAが熊と自分のクリーチャーのセクターを選ぶ。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT, player="B")
    game.refresh_priority()
    expect.that(sector_of(game, bears) is None and sector_of(game, giant) is None, "宇宙を刻む者がなければ記号はない")
    asked: list[str] = []

    def answer(sector: str) -> Callable[[Choice], str]:
        def pick(choice: Choice) -> str:
            asked.append(choice.player)
            return sector
        return pick

    game.choices.script(ChoiceKind.MODE, answer("gamma"), player="B")
    game.choices.script(ChoiceKind.MODE, answer("alpha"), player="A")
    game.choices.script(ChoiceKind.MODE, answer("beta"), player="A")
    cast(game, "A", SCULPTOR)
    expect.equal(asked, ["B", "A", "A"], "Bが先に選び、そのあとA")
    [sculptor] = [o for o in game.creatures("A") if o.card is SCULPTOR]
    expect.that(sector_of(game, giant) == "gamma" and sector_of(game, bears) == "alpha"
                and sector_of(game, sculptor) == "beta", "それぞれ選ばれたセクター記号を持つ")


@check("702.158b@20260116.0@5df8ac39")
def sector_designations_last_while_a_sculptor_does(expect: Expect) -> None:
    """状況: Aの宇宙を刻む者を持つテスト用のクリーチャーと、アルファ・セクターの《灰色熊》。
    行動: 《クローン》が熊のコピーとして戦場に出る。そのあと宇宙を刻む者を持つクリーチャーが破壊される。
    結果: セクター記号はコピー可能な値ではないので、クローンは自分のセクター記号を選ぶ。宇宙を刻む者を持つパーマネントがなくなると、熊のセクター記号はなくなる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.MODE, "alpha", player="A")
    game.choices.script(ChoiceKind.MODE, "alpha", player="A")
    sculptor = game.put_onto_battlefield(SCULPTOR, "A")
    assert sculptor is not None
    game.refresh_priority()
    expect.equal(sector_of(game, bears), "alpha", "熊はアルファ・セクター")
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    game.choices.script(ChoiceKind.MODE, "gamma", player="A")
    cast(game, "A", cards.CLONE)
    [clone] = [o for o in game.creatures("A") if o.card is cards.CLONE]
    expect.equal(sector_of(game, clone), "gamma", "コピーはセクター記号をコピーせず、自分で選ぶ")
    game.destroy(sculptor)
    game.refresh_priority()
    expect.that(sector_of(game, bears) is None and sector_of(game, clone) is None, "宇宙を刻む者がなくなれば記号もなくなる")


@check("702.158d@20260116.0@670d1bb1", "702.158e@20260116.0@f4dbcf64")
def choose_a_sector_and_act_on_it(expect: Expect) -> None:
    """状況: Aの宇宙を刻む者を持つテスト用のクリーチャー（ベータ）。Bの《灰色熊》（アルファ）と《丘巨人》（アルファ）と《大喰らいのワーム》（ガンマ）。
    行動: Aが「セクター1つを選ぶ。そのセクターにある各クリーチャーを破壊する」テスト用のソーサリーでアルファを選ぶ。
    結果: 同じセクター記号を持つ熊と丘巨人は同じセクターにあり、どちらも破壊される。ワームと宇宙を刻む者を持つクリーチャーは残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    giant = game.place(cards.HILL_GIANT, player="B")
    wurm = game.place(cards.CRAW_WURM, player="B")
    for sector in ("alpha", "alpha", "gamma"):
        game.choices.script(ChoiceKind.MODE, sector, player="B")
    game.choices.script(ChoiceKind.MODE, "beta", player="A")
    sculptor = game.put_onto_battlefield(SCULPTOR, "A")
    game.refresh_priority()
    expect.that(same_sector(game, bears, giant) and not same_sector(game, bears, wurm), "熊と丘巨人は同じセクター")
    game.choices.script(ChoiceKind.MODE, "alpha", player="A")
    cast(game, "A", SECTOR_SWEEP)
    expect.that(bears.id not in game.objects and giant.id not in game.objects, "アルファの2体は破壊された")
    expect.that(wurm.id in game.objects and sculptor is not None and sculptor.id in game.objects, "他は残る")
