"""The last rules of 611-616 the checks reach: permanents entering at once whose costs are paid as
they enter can't be given choices whose combined costs can't be paid (614.12b); a prevention effect applied to damage that can't be
prevented applies once and its additional effect still takes place (615.12, 615.12a); "whenever
damage … is prevented" triggers once per prevention effect applied to simultaneous damage (615.13)."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cr.cr801_range_of_influence import FOG
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ChoiceKind,
    Game,
    Phase,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    as_enters_costs,
    card,
    on_event,
    skip_phase,
    skip_then,
)
from kb.engine.basics import PlayerId
from kb.engine.events import LifeChanged, StepBegan
from kb.engine.prevention_applied import PreventionApplied
from kb.engine.replacement import Damage, Replacement, ReplacementContext
from kb.engine.triggers import TriggerContext


def _damage_to_you(context: ReplacementContext, damage: Damage) -> bool:
    return damage.recipient == context.context.player("you") and damage.amount > 0


def _prevent_one_and_gain_one(context: ReplacementContext, damage: Damage) -> Damage:
    # the additional effect is part of the damage event (120.4b, 615.5)
    you = context.context.player("you")
    return with_changes(damage, amount=max(0, damage.amount - 1), gains=(*damage.gains, (you, 1)))


WARDING_SIGIL = card("Test Warding Sigil", "{1}{W}", "Enchantment", StaticAbility(
    "If a source would deal damage to you, prevent 1 of that damage and you gain 1 life.", replacements=(Replacement(
        "If a source would deal damage to you, prevent 1 of that damage and you gain 1 life.", Damage,
        _damage_to_you, _prevent_one_and_gain_one, prevention=True),)))
"""Test: a static prevention effect with an additional effect that isn't counted from the damage prevented."""


@check("615.12a@20260116.0@6c52c8a7", "615.12@20260116.0@d9dc1a94", "615.5@20260116.0@001f7559",
       "120.4b@20260116.0@800bd353")
def a_prevention_effect_meets_unpreventable_damage_once(expect: Expect) -> None:
    """状況: Bは「発生源があなたにダメージを与えるなら、そのダメージを1点軽減し、あなたは1点のライフを得る」テスト用の
    エンチャントをコントロールしている。Bのライフは20点。
    行動: Aが《ショック》でBに2点のダメージを与える。次に、軽減できない3点のダメージがBに与えられる。
    結果: ショックの2点は1点軽減されてBは1点を受け、1点のライフを得る（20点のまま）。軽減できない3点には軽減効果が適用されても
    何も軽減しないが、追加の効果は起こる。その適用は1回だけなので、Bは3点を受けて1点だけライフを得る（18点）。"""
    game = Game(["A", "B"])
    game.place(WARDING_SIGIL, player="B")
    cast(game, "A", cards.SHOCK, ["B"])
    expect.equal(game.players["B"].life, 20, "ショックの2点は1点軽減され、Bは1点を受けて1点のライフを得た")
    start = len(game.log)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.deal_damage(bears, "B", 3, preventable=False)
    changes = [e.amount for e in game.log[start:] if isinstance(e, LifeChanged) and e.player == "B"]
    expect.equal(changes, [-3, 1], "軽減できない3点はすべて与えられ、追加の効果でBは1点のライフを得た")
    expect.equal(game.players["B"].life, 18, "軽減効果は1回だけ適用され、Bのライフは18点になった")


def _damage_to_you_prevented(t: TriggerContext) -> int:
    event = t.event
    return int(isinstance(event, PreventionApplied) and event.prevented_to(t.source.controller) > 0)


def _gain_two(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 2)


MERCY_SHRINE = card("Test Mercy Shrine", "{2}{W}", "Enchantment", TriggeredAbility(
    "Whenever damage that would be dealt to you is prevented, you gain 2 life.",
    on_event("whenever damage that would be dealt to you is prevented", (PreventionApplied,),
             _damage_to_you_prevented), _gain_two))
"""Test: "whenever damage that would be dealt to you is prevented, you gain 2 life"."""


@check("615.13@20260116.0@26730b56", "615.1a@20260116.0@34219692", "510.2@20260116.0@74dbde6b")
def prevented_damage_triggers_once_per_prevention_effect(expect: Expect) -> None:
    """状況: Bは「あなたに与えられるダメージが軽減されるたび、あなたは2点のライフを得る」テスト用のエンチャントをコントロール
    している。Aの《灰色熊》2体がBを攻撃する。Bはクリーチャーをコントロールしていない。
    行動: ブロック・ステップにBが《濃霧》を唱える。戦闘ダメージが与えられる。
    結果: 2体の熊からの同時のダメージは1つの軽減効果がまとめて軽減したので、エンチャントは1回だけ誘発し、Bは2点のライフを
    得る（22点）。"""
    game = Game(["A", "B"])
    game.place(MERCY_SHRINE, player="B")
    bears = [game.place(cards.GRIZZLY_BEARS, player="A") for _ in range(2)]
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(bears)
    game.advance_to(Step.DECLARE_BLOCKERS)
    cast(game, "B", FOG)
    game.advance_to(Step.COMBAT_DAMAGE)
    applied = list(game.events(PreventionApplied))
    expect.equal([sorted(a for _, _, a in e.parts) for e in applied], [[2, 2]],
                 "濃霧の軽減効果1つが、2体の熊からの同時のダメージをまとめて軽減した")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 22, "エンチャントは1回だけ誘発し、Bは2点のライフを得た")


@check("614.12b@20260116.0@7d3ab08c", "614.12@20260116.0@7f67dc9f", "119.4@20260116.0@da75ef94")
def permanents_entering_at_once_pay_costs_that_add_up(expect: Expect) -> None:
    """状況: Aのライフは6点で、墓地に《ファイレクシアの処理装置》（戦場に出るに際し、任意の点数のライフを支払う）が2枚ある。
    行動: 効果によって2枚が同時に戦場に出る。Aは1つ目で4点を支払うことを選ぶ。
    結果: 1つ目では0点から6点までを選べる。2つ目の選択は合わせたコストが支払えるものに限られ、0点から2点までしか選べない。
    Aが2つ目で1点を選ぶと、2つとも戦場に出て、Aのライフは1点になる。"""
    from kb.checks.cr.cr607_costs_as_entered import PHYREXIAN_PROCESSOR
    from kb.engine import zones

    game = Game(["A", "B"])
    game.players["A"].life = 6
    processors = [game.place(PHYREXIAN_PROCESSOR, Zone.GRAVEYARD, "A") for _ in range(2)]
    game.choices.script(ChoiceKind.NUMBER, 4, player="A")
    game.choices.script(ChoiceKind.NUMBER, 1, player="A")
    entered = zones.move_all(game, processors, Zone.BATTLEFIELD, controller="A")
    offered = [c.options for c, _ in game.choices.asked if c.kind is ChoiceKind.NUMBER]
    expect.equal(offered[:1], [tuple(range(7))], "1つ目では0点から6点までを選べた")
    expect.equal(offered[1:], [tuple(range(3))], "2つ目では、合わせて支払える0点から2点までしか選べなかった")
    paid = sorted(as_enters_costs.life_paid(game, e.id) for e in entered if e is not None)
    expect.equal((paid, game.players["A"].life), ([1, 4], 1), "2つとも戦場に出て、合わせて5点を支払った")


def _postponed_harvest(resolution: Resolution) -> None:
    you = resolution.controller
    text = "Skip your next draw step, then you gain 3 life."
    resolution.create_effect(text, replacements=[skip_then.skip_step_then(
        Step.DRAW, you, lambda game: game.gain_life(you, 3), text)])


POSTPONED_HARVEST = card("Test Postponed Harvest", "{G}", "Sorcery", spell=SpellAbility(
    "Skip your next draw step, then you gain 3 life.", _postponed_harvest))
"""Test: a sorcery, "skip your next draw step, then you gain 3 life"."""


def _step_when_life_changed(game: Game, player: PlayerId) -> tuple[Phase, Step | None] | None:
    """The step or phase in which ``player`` gained 3 life as the very next event after it began."""
    for before, event in zip(game.log, game.log[1:], strict=False):
        if isinstance(event, LifeChanged) and event.player == player and event.amount == 3:
            return (before.phase, before.step) if isinstance(before, StepBegan) else None
    return None


@check("614.10b@20260116.0@311e82c4", "614.10@20260116.0@33a45bbc", "500.11@20260116.0@06d44ca6",
       "500.12@20260116.0@d14c1034")
def the_action_after_a_skip_comes_first_in_the_next_step(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aが「あなたの次のドロー・ステップを飛ばし、その後あなたは3点のライフを得る」テスト用の
    ソーサリーを唱え、解決する。2つ目のゲームでは、Aは「あなたの次の戦闘前メイン・フェイズを飛ばす」効果も受けている。
    行動: Bのターンのあと、Aの次のターンに進む。
    結果: Aのドロー・ステップは始まらず、ライフを得るのは次に実際に始まったもの、戦闘前メイン・フェイズの最初の出来事になる
    （ステップとフェイズの間には何も起こらないので、飛ばしたときにアップキープとメイン・フェイズの間で得るのではない）。2つ目のゲームではメイン・フェイズも飛ばされるので、ライフを得るのは
    戦闘開始ステップの最初になる。"""
    for main_skipped in (False, True):
        game = Game(["A", "B"])
        if main_skipped:
            game.create_effect("A skips their next precombat main phase", controller="A",
                               replacements=[skip_phase(Phase.PRECOMBAT_MAIN, "A")])
        cast(game, "A", POSTPONED_HARVEST)
        game.next_turn("B")
        game.advance_to(Step.BEGINNING_OF_COMBAT, "A")
        draw_steps = [e for e in game.events(StepBegan) if e.step is Step.DRAW and e.player == "A"]
        expect.equal(draw_steps, [], "Aのドロー・ステップは飛ばされた")
        expected = (Phase.COMBAT, Step.BEGINNING_OF_COMBAT) if main_skipped else (Phase.PRECOMBAT_MAIN, None)
        expect.equal(_step_when_life_changed(game, "A"), expected,
                     "ライフを得たのは、次に実際に始まったステップかフェイズの最初の出来事だった")
        expect.equal(game.players["A"].life, 23, "Aは3点のライフを得た")
