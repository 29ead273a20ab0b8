"""Loops (731.3-731.5, 104.4b): a fragmented loop the active player must break; a loop of
mandatory actions is a draw, and no player is forced to end it with an action from outside it."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ActivatedAbility,
    Game,
    Resolution,
    SpellAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    card,
    cost,
    gain,
    permanents,
    target,
    target_creature,
)
from kb.engine.events import LifeChanged
from kb.engine.loops import GameDrawn
from kb.engine.parts import lose
from kb.engine.triggers import Trigger, TriggerContext, on_event


def _gains_flying(resolution: Resolution) -> None:
    if resolution.source_id in resolution.game.objects:
        resolution.create_effect("gains flying until end of turn", [gain("flying")], [resolution.source_id],
                                 UntilEndOfTurn())


def _loses_flying(resolution: Resolution) -> None:
    chosen = resolution.targets(0)
    if chosen:
        resolution.create_effect("loses flying until end of turn", [lose("flying")], [chosen[0]], UntilEndOfTurn())


FLIGHT_TOGGLER = card("Test Flight Toggler", "{1}{U}", "Creature — Bird", 2, 2, ActivatedAbility(
    "{0}: This creature gains flying until end of turn.", cost("{0}"), _gains_flying))
"""Test: a 2/2 creature, "{0}: This creature gains flying until end of turn"."""

GROUNDING_ROD = card("Test Grounding Rod", "{2}", "Artifact", ActivatedAbility(
    "{0}: Target creature loses flying until end of turn.", cost("{0}"), _loses_flying, (target_creature(),)))
"""Test: an artifact, "{0}: Target creature loses flying until end of turn"."""


@check("731.3@20260116.0@a8e30b77", "731.1b@20260116.0@9fbbfdc4", example="731.3#1@751e2e0c")
def the_active_player_breaks_a_fragmented_loop(expect: Expect) -> None:
    """状況: 2人戦のAのターン。Aは「{0}：このクリーチャーはターン終了時まで飛行を得る」を持つテスト用のクリーチャーを、Bは
    「{0}：クリーチャー1体を対象とする。それはターン終了時まで飛行を失う」を持つテスト用のアーティファクトをコントロールして
    いる。起動した回数を気にするものはない。
    行動: Aがクリーチャーの能力を起動して解決させる。Bがアーティファクトの能力でそのクリーチャーを対象にして解決させる。Aが
    もう一度クリーチャーの能力を起動しようとする。2つ目のゲームでは、BはAの能力の解決後に何もしない。
    結果: Aの起動で飛行を得るが、Bの起動で以前と同じゲームの状態に戻る。これは分断されたループで、アクティブ・プレイヤーの
    Aが別のゲーム上の選択をしなければならないので、同じ能力をもう一度起動することはできず、クリーチャーは飛行を持たない。
    Bが能力を起動しなければ、クリーチャーは飛行を持ったまま。最後の選択はBにある。"""
    game = Game(["A", "B"])
    bird = game.place(FLIGHT_TOGGLER, player="A")
    rod = game.place(GROUNDING_ROD, player="B")
    game.activate("A", bird)
    game.resolve_stack()
    expect.that(game.view(bird).has("flying"), "Aの能力の解決で飛行を得た")
    game.pass_priority_to("B")
    game.activate("B", rod, targets=[bird])
    game.resolve_stack()
    expect.that(not game.view(bird).has("flying"), "Bの能力の解決で飛行を失い、以前と同じ状態に戻った")
    expect.refused(lambda: game.activate("A", bird), "Aは同じ能力をもう一度起動してループを続けることはできない")
    expect.that(not game.view(bird).has("flying"), "クリーチャーは飛行を持たない")
    game = Game(["A", "B"])
    bird = game.place(FLIGHT_TOGGLER, player="A")
    game.place(GROUNDING_ROD, player="B")
    game.activate("A", bird)
    game.resolve_stack()
    game.pass_priority_to("B")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.that(game.view(bird).has("flying"), "Bが起動しなければ、クリーチャーは飛行を持ったまま")


def _your_life_changes(gained: bool) -> Trigger:
    def count(t: TriggerContext) -> int:
        event = t.event
        return int(isinstance(event, LifeChanged) and event.player == t.source.controller
                   and (event.amount > 0) == gained and event.amount != 0)

    return on_event("whenever you gain life" if gained else "whenever you lose life", (LifeChanged,), count)


def _lose_one(resolution: Resolution) -> None:
    resolution.game.lose_life(resolution.controller, 1)


def _gain_one(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


EBB_IDOL = card("Test Ebb Idol", "{2}", "Artifact", TriggeredAbility(
    "Whenever you gain life, you lose 1 life.", _your_life_changes(True), _lose_one))
"""Test: an artifact, "Whenever you gain life, you lose 1 life"."""

FLOW_IDOL = card("Test Flow Idol", "{2}", "Artifact", TriggeredAbility(
    "Whenever you lose life, you gain 1 life.", _your_life_changes(False), _gain_one))
"""Test: an artifact, "Whenever you lose life, you gain 1 life"."""

FIRST_DROP = card("Test First Drop", "{W}", "Sorcery", spell=SpellAbility("You gain 1 life.", _gain_one))
"""Test: a sorcery, "You gain 1 life"."""


def _destroy_target(resolution: Resolution) -> None:
    chosen = resolution.targets(0)
    if chosen and isinstance(chosen[0], int):
        resolution.game.destroy(chosen[0])


SEAL_OF_CLEANSING = real("浄化の印章", card(
    "Seal of Cleansing", "{1}{W}", "Enchantment", ActivatedAbility(
        "Sacrifice Seal of Cleansing: Destroy target artifact or enchantment.", cost("Sacrifice this"),
        _destroy_target, (target(permanents("Artifact") | permanents("Enchantment")),))))
"""浄化の印章: sacrifice it to destroy target artifact or enchantment."""


@check("731.4@20260116.0@640180e6", "104.4b@20260116.0@c92b42df")
def a_loop_of_mandatory_triggers_is_a_draw(expect: Expect) -> None:
    """状況: 2人戦。Aは「あなたがライフを得るたび、あなたは1点のライフを失う」と「あなたがライフを失うたび、あなたは1点のライフを
    得る」というテスト用のアーティファクトを1つずつコントロールしている。
    行動: Aが「あなたは1点のライフを得る」テスト用のソーサリーを唱え、両プレイヤーは優先権をパスし続ける。
    結果: 2つの誘発型能力が交互に誘発し、止める方法のないまま同じゲームの状態が繰り返される。強制的な処理だけのループなので、
    ゲームは引き分けになる。"""
    game = Game(["A", "B"])
    game.place(EBB_IDOL, player="A")
    game.place(FLOW_IDOL, player="A")
    cast(game, "A", FIRST_DROP, resolve=False)
    game.resolve_top()
    expect.equal(game.players["A"].life, 21, "Aは1点のライフを得た")
    expect.equal([item.text for item in game.stack], ["Whenever you gain life, you lose 1 life."],
                 "ライフを得たことで1つ目のアーティファクトの能力が誘発した")
    game.resolve_stack()
    expect.that(game.over and game.winners == [] and bool(game.events(GameDrawn)), "ゲームは引き分けになった")
    expect.that(not game.players["A"].lost and not game.players["B"].lost, "どちらのプレイヤーも敗北していない")


@check("731.5@20260116.0@9c326817", "731.4@20260116.0@640180e6", "104.4b@20260116.0@c92b42df",
       example="731.5#1@ede04223")
def no_one_must_sacrifice_the_seal_to_end_a_loop(expect: Expect) -> None:
    """状況: 2人戦。Aは「あなたがライフを得るたび、あなたは1点のライフを失う」と「あなたがライフを失うたび、あなたは1点のライフを
    得る」というテスト用のアーティファクトを1つずつコントロールしている。Bは《浄化の印章》をコントロールしている。
    行動: Aが「あなたは1点のライフを得る」テスト用のソーサリーを唱え、アーティファクトを含む強制的なループが始まる。1つ目の
    ゲームでは、ループの途中でBが浄化の印章を生け贄に捧げ、1つ目のアーティファクトを破壊する。2つ目のゲームでは、Bは
    優先権をパスし続ける。
    結果: 浄化の印章でアーティファクトを破壊すればループは終わり、ゲームは続く。しかしBはそうすることを強制されない。パスし
    続ければループは続き、強制的な処理だけのループとしてゲームは引き分けになり、浄化の印章は戦場に残る。"""
    for breaks in (True, False):
        game = Game(["A", "B"])
        ebb = game.place(EBB_IDOL, player="A")
        game.place(FLOW_IDOL, player="A")
        seal = game.place(SEAL_OF_CLEANSING, player="B")
        cast(game, "A", FIRST_DROP, resolve=False)
        for _ in range(3):
            game.resolve_top()
        if breaks:
            game.pass_priority_to("B")
            game.activate("B", seal, targets=[ebb])
            game.resolve_stack()
            expect.that(game.current(ebb).zone is Zone.GRAVEYARD and not game.over and not game.stack,
                        "浄化の印章でアーティファクトを破壊すればループは終わり、ゲームは続く")
        else:
            game.resolve_stack()
            expect.that(game.over and game.winners == [] and bool(game.events(GameDrawn)),
                        "Bがパスし続ければ、ゲームは引き分けになった")
            expect.that(seal.id in game.objects and ebb.id in game.objects,
                        "浄化の印章は生け贄に捧げられず、アーティファクトも残っている")
