"""Daybound and nightbound (702.145): double-faced permanents that follow day and night (728)."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import Game, card, face
from kb.engine.day_night import DAY, NIGHT, becomes, current
from kb.engine.events import Transformed

KESSIG_NATURALIST = real("ケッシグの自然主義者", card(
    "Kessig Naturalist", "{R}{G}", "Creature — Human Werewolf", 2, 2, "daybound",
    back=face("Lord of the Ulvenwald", None, "Creature — Werewolf", 3, 3, "nightbound", colors="RG")))
"""ケッシグの自然主義者（2/2、日暮）／ウルヴェンワルドの王（3/3、夜明）。攻撃時にマナを加える能力と王の強化能力は省く。"""


def naturalist_game() -> Game:
    return Game(["A", "B"])


@check("702.145b@20260116.0@95dedeb5")
def daybound_follows_night(expect: Expect) -> None:
    """状況: 昼である。Aの《ケッシグの自然主義者》（日暮）。
    行動: 効果で変身させようとする。そのあと夜になる。夜のうちに2枚目の自然主義者を唱える。
    結果: 日暮以外では変身できない。夜になるに際し第1面の自然主義者は変身して3/3の「ウルヴェンワルドの王」になる。夜に唱えた2枚目は変身した状態で戦場に出る。"""
    game = naturalist_game()
    becomes(game, DAY)
    cast(game, "A", KESSIG_NATURALIST)
    [first] = game.creatures("A")
    expect.that(not game.transform(first) and not first.transformed, "日暮以外では変身できない")
    becomes(game, NIGHT)
    expect.that(first.transformed and game.view(first).name == "Lord of the Ulvenwald", "夜になるに際し変身する")
    cast(game, "A", KESSIG_NATURALIST)
    [second] = [c for c in game.creatures("A") if c.id != first.id]
    expect.that(second.transformed and game.view(second).pt == (3, 3), "夜には変身した状態で戦場に出る")
    expect.that(all(e.object_id != second.id for e in game.events(Transformed)), "出たあとで変身したのではない")


@check("702.145e@20260116.0@8bb3ee70")
def nightbound_follows_day(expect: Expect) -> None:
    """状況: 夜である。Aの《ケッシグの自然主義者》は変身していて「ウルヴェンワルドの王」（夜明）である。
    行動: 効果で変身させようとする。そのあと昼になる。
    結果: 夜明以外では変身できない。昼になるに際し第2面の王は変身して2/2の自然主義者に戻る。"""
    game = naturalist_game()
    becomes(game, NIGHT)
    cast(game, "A", KESSIG_NATURALIST)
    [lord] = game.creatures("A")
    expect.that(lord.transformed and not game.transform(lord) and lord.transformed, "夜明以外では変身できない")
    becomes(game, DAY)
    expect.that(not lord.transformed and game.view(lord).pt == (2, 2), "昼になるに際し変身して第1面に戻る")


@check("702.145c@20260116.0@fb8ec240")
def daybound_front_up_at_night_transforms(expect: Expect) -> None:
    """状況: 昼である。Aの《ケッシグの自然主義者》がフェイズ・アウトしている。
    行動: 夜になる（フェイズ・アウトしている自然主義者は変身しない）。そのあと自然主義者がフェイズ・インする。
    結果: 夜に日暮を持つ第1面のパーマネントをコントロールしているので、即座に変身する。"""
    game = naturalist_game()
    becomes(game, DAY)
    cast(game, "A", KESSIG_NATURALIST)
    [naturalist] = game.creatures("A")
    game.phase_out(naturalist)
    becomes(game, NIGHT)
    expect.that(not naturalist.transformed, "フェイズ・アウト中は変身しない")
    game.phase_in(naturalist)
    game.refresh_priority()
    expect.that(naturalist.transformed, "フェイズ・インした夜の第1面は変身する")


@check("702.145f@20260116.0@9b9754c4")
def nightbound_back_up_at_day_transforms(expect: Expect) -> None:
    """状況: 夜である。Aの「ウルヴェンワルドの王」（変身した自然主義者）がフェイズ・アウトしている。
    行動: 昼になる。そのあと王がフェイズ・インする。
    結果: 昼に夜明を持つ第2面のパーマネントをコントロールしているので、即座に変身して自然主義者に戻る。"""
    game = naturalist_game()
    becomes(game, NIGHT)
    cast(game, "A", KESSIG_NATURALIST)
    [lord] = game.creatures("A")
    game.phase_out(lord)
    becomes(game, DAY)
    expect.that(lord.transformed, "フェイズ・アウト中は変身しない")
    game.phase_in(lord)
    game.refresh_priority()
    expect.that(not lord.transformed, "フェイズ・インした昼の第2面は変身する")


@check("702.145d@20260116.0@d898ae27")
def daybound_makes_it_day(expect: Expect) -> None:
    """状況: 昼でも夜でもない。
    行動: Aが《ケッシグの自然主義者》を唱えて戦場に出す。
    結果: 日暮を持つパーマネントをコントロールしているので、昼になる。"""
    game = naturalist_game()
    expect.equal(current(game), None, "はじめは昼でも夜でもない")
    cast(game, "A", KESSIG_NATURALIST)
    expect.equal(current(game), DAY, "昼になる")


@check("702.145g@20260116.0@4fb7e0cd")
def nightbound_alone_makes_it_night(expect: Expect) -> None:
    """状況: 昼でも夜でもない。Aの、変身した状態の「ウルヴェンワルドの王」（夜明）がある（日暮を持つパーマネントはない）。
    行動: 状況起因処理のチェックの機会が来る。
    結果: 夜明を持つパーマネントをコントロールしていて日暮を持つパーマネントがないので、夜になる。"""
    game = naturalist_game()
    lord = game.place(KESSIG_NATURALIST)
    lord.transformed = True  # set-up: it is there transformed, as an effect could have put it
    expect.equal(current(game), None, "はじめは昼でも夜でもない")
    game.refresh_priority()
    expect.that(current(game) == NIGHT and lord.transformed, "夜になり、王はそのまま")
