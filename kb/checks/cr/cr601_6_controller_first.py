"""Where casting a spell or activating an ability has its controller and another player act at
once, the controller acts first and the other player after (601.6b, 602.3b), though the other is
the active player (an exception to 101.4): both announce targets in the one step of 601.2c."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, PILLARFIELD_OX
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    card,
    cost,
    creatures,
)
from kb.engine.targets import TargetSpec


def _two_each(resolution: Resolution) -> None:
    for index in (0, 1):
        chosen = resolution.targets(index)
        if chosen and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, chosen[0], 2)


_TWO_TARGETS = (TargetSpec("target creature of an opponent's choice", creatures(), chosen_by="an opponent"),
                TargetSpec("another target creature", creatures(), other=True))

CROSSFIRE = card("Test Crossfire", "{1}{R}", "Instant", spell=SpellAbility(
    "This spell deals 2 damage to target creature of an opponent's choice and 2 damage to another target creature.",
    _two_each, _TWO_TARGETS))
"""Test: an instant whose first target an opponent chooses, its second its controller."""

CROSSFIRE_TOWER = card("Test Crossfire Tower", "{3}", "Artifact", ActivatedAbility(
    "{T}: This artifact deals 2 damage to target creature of an opponent's choice and 2 damage to another target "
    "creature.", cost("{T}"), _two_each, _TWO_TARGETS))
"""Test: an artifact with the same two targets on an activated ability."""


def _targets_asked(game: Game) -> list[tuple[str, tuple[object, ...]]]:
    return [(c.player, c.options) for c, _ in game.choices.asked if c.kind is ChoiceKind.TARGETS]


@check("601.6b@20260116.0@6d1ae5f1", "601.2c@20260116.0@eb811b42", "101.4@20260116.0@7191b888")
def the_spells_controller_chooses_before_the_active_player(expect: Expect) -> None:
    """状況: Aのターン。Bの手札に「対戦相手1人が選ぶクリーチャー1体を対象とし2点、もう1体のクリーチャーを対象とし2点のダメージを
    与える」テスト用インスタント。Aは《灰色熊》と《丘巨人》を、Bは《柱平原の雄牛》をコントロールしている。
    行動: Bがその呪文を唱える。2つの対象は同じ手順で選ばれるので、BとAが同時に選ぶことになる。Bは熊を選び、Aは残る中から雄牛を選ぶ。
    結果: アクティブ・プレイヤーのAからではなく、呪文のコントローラーのBが先に選び、そのあとでAが選ぶ。Aの選択肢にはBの選んだ熊はない。
    解決すると熊と雄牛がそれぞれ2点を受け、熊は死ぬ。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A")
    ox = game.place(PILLARFIELD_OX, player="B")
    game.choices.script(ChoiceKind.TARGETS, bears.id, player="B")
    game.choices.script(ChoiceKind.TARGETS, ox.id, player="A")
    game.pass_priority_to("B")
    give_mana(game, "B", "{1}{R}")
    game.cast("B", in_hand(game, CROSSFIRE, "B"))
    expect.equal([p for p, _ in _targets_asked(game)], ["B", "A"], "呪文のコントローラーのBが先に選び、アクティブ・プレイヤーのAがあとで選んだ")
    expect.equal(set(_targets_asked(game)[1][1]), {giant.id, ox.id}, "Aの選択肢にはBが先に選んだ熊はない")
    expect.equal([item.targets for item in game.stack], [((ox.id,), (bears.id,))], "呪文は雄牛（1つ目）と熊（2つ目）を対象にしている")
    game.resolve_stack()
    expect.that(bears.id not in game.objects and ox.id in game.objects and game.obj(ox.id).damage == 2,
                "熊は2点で死に、雄牛は2点を負った")


@check("602.3b@20260116.0@e871e100", "602.2b@20260116.0@cf7b7a79", "101.4@20260116.0@7191b888")
def the_abilitys_controller_chooses_before_the_active_player(expect: Expect) -> None:
    """状況: Aのターン。Bは「タップ：対戦相手1人が選ぶクリーチャー1体を対象とし2点、もう1体のクリーチャーを対象とし2点のダメージを
    与える」テスト用アーティファクトをコントロールしている。Aは《灰色熊》と《丘巨人》を、Bは《柱平原の雄牛》をコントロールしている。
    行動: Bがその能力を起動する。Bは熊を選び、Aは残る中から雄牛を選ぶ。
    結果: アクティブ・プレイヤーのAからではなく、能力のコントローラーのBが先に選び、そのあとでAが選ぶ。Aの選択肢にはBの選んだ熊はない。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A")
    ox = game.place(PILLARFIELD_OX, player="B")
    tower = game.place(CROSSFIRE_TOWER, player="B")
    game.choices.script(ChoiceKind.TARGETS, bears.id, player="B")
    game.choices.script(ChoiceKind.TARGETS, ox.id, player="A")
    game.pass_priority_to("B")
    game.activate("B", tower)
    expect.equal([p for p, _ in _targets_asked(game)], ["B", "A"], "能力のコントローラーのBが先に選び、アクティブ・プレイヤーのAがあとで選んだ")
    expect.equal(set(_targets_asked(game)[1][1]), {giant.id, ox.id}, "Aの選択肢にはBが先に選んだ熊はない")
    game.resolve_stack()
    expect.that(bears.id not in game.objects and giant.id in game.objects, "熊は2点で死に、丘巨人は残る")
