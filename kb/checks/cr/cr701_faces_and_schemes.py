"""Keyword actions that turn cards over: convert (701.28) through :mod:`kb.engine.transform`, and
setting schemes in motion and abandoning them (701.32, 701.33) through :mod:`kb.engine.archenemy`."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks.cards import GRIZZLY_BEARS
from kb.checks.cr.cr704_state_based_actions import TEST_SCHEME
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    TriggeredAbility,
    Zone,
    archenemy,
    card,
    face,
    on_event,
    transform,
)
from kb.engine.events import Converted, Transformed, TurnedFaceDown
from kb.engine.triggers import TriggerContext


def _gain(amount: int) -> Callable[[Resolution], None]:
    def effect(r: Resolution) -> None:
        r.game.gain_life(r.controller, amount)

    return effect


CONVERTIBLE = card("Test Convertible", "{3}", "Artifact Creature — Robot", 2, 2,
                   back=face("Test Converted", None, "Artifact — Vehicle", 4, 4))


def _transformed(t: TriggerContext) -> int:
    return int(isinstance(t.event, Transformed))


def _turned_face_down(t: TriggerContext) -> int:
    return int(isinstance(t.event, TurnedFaceDown))


TRANSFORM_WATCHER = card("Test Transform Watcher", "{1}", "Enchantment", TriggeredAbility(
    "Whenever a permanent transforms, you gain 1 life.", on_event("a permanent transforms", (Transformed,),
                                                                 _transformed), _gain(1)),
    TriggeredAbility("Whenever a permanent is turned face down, you gain 2 life.",
                     on_event("a permanent is turned face down", (TurnedFaceDown,), _turned_face_down),
                     _gain(2)))

ONGOING_SCHEME = card("Test Ongoing Motion", None, "Ongoing Scheme", TriggeredAbility(
    "When you set this scheme in motion, you gain 5 life.", archenemy.set_in_motion_trigger(), _gain(5),
    zones=frozenset({Zone.COMMAND})))


@check("701.28a@20260116.0@972dea82", "701.28b@20260116.0@220bd0c2", "701.28c@20260116.0@68246390")
def converting_turns_the_other_face_up(expect: Expect) -> None:
    """状況: Aは、第2面が4/4の機体である両面の2/2のアーティファクト・クリーチャーと《灰色熊》、「パーマネントが変身するたび、
    あなたは1点のライフを得る。」と「パーマネントが裏向きになるたび、あなたは2点のライフを得る。」を持つエンチャントをコントロールしている。
    行動: Aが両面のパーマネントをトランスフォームさせ、灰色熊もトランスフォームさせようとする。
    結果: 両面のパーマネントは同じパーマネントのまま第2面の機体になる。トランスフォームは変身でも裏向きにすることでもないので、
    エンチャントのどちらの能力も誘発しない。両面カードでない灰色熊には何も起こらない。"""
    game = Game(["A", "B"])
    robot = game.place(CONVERTIBLE, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    game.place(TRANSFORM_WATCHER, player="A")
    expect.that(transform.convert(game, robot), "トランスフォームした")
    view = game.view(robot)
    expect.equal((view.name, view.is_a("Creature"), view.subtypes), ("Test Converted", False, frozenset({"Vehicle"})),
                 "第2面の機体になった")
    game.refresh_priority()
    expect.equal((len(game.stack), game.players["A"].life), (0, 20), "変身や裏向きのときの能力は誘発しない")
    expect.that(not transform.convert(game, bears) and len(game.events(Converted)) == 1,
                "両面カードでない灰色熊は何も起こらない")


@check("701.32b@20260116.0@bdc801ef", "701.32c@20260116.0@9f413339", "314.4@20260116.0@ae8755ca")
def setting_schemes_in_motion(expect: Expect) -> None:
    """状況: アーチエネミー戦。Aの計略デッキは上から、継続的な計略（実行中にしたとき5点のライフを得る）と、テスト用計略
    （実行中にしたとき3点のライフを得る）である。
    行動: Aが計略2つを実行中にするよう指示される。その後、表向きのままの継続的な計略を、効果によってもう一度実行中にする。
    結果: 計略は1つずつ実行中になり、それぞれが計略デッキの一番上から取り除かれて表向きになり、その能力が誘発する。
    すでに表向きでデッキにない継続的な計略も、どちらの動作もされないまま実行中にしたことになり、その能力がもう一度誘発する。"""
    game = Game(["A", "B"])
    archenemy.start(game, "A", [ONGOING_SCHEME, TEST_SCHEME])
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    first = archenemy.set_in_motion(game, "A")
    second = archenemy.set_in_motion(game, "A")
    assert first is not None and second is not None
    expect.that(first.face_down is None and second.face_down is None and not archenemy.scheme_deck(game, "A"),
                "2つとも計略デッキから取り除かれて表向きになった")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 28, "1つずつ実行中になり、両方の能力が誘発して解決した")
    archenemy.set_in_motion(game, "A", first)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 33, "表向きの継続的な計略も実行中にしたことになり、能力がもう一度誘発した")


@check("701.33b@20260116.0@2e3e0522", "701.33a@20260116.0@b358c37e")
def abandoning_an_ongoing_scheme(expect: Expect) -> None:
    """状況: アーチエネミー戦。Aの計略デッキは上から、継続的な計略、テスト用計略である。
    行動: Aが計略デッキにあるテスト用計略を破棄しようとする。次に継続的な計略を実行中にし、それを破棄する。
    結果: 裏向きの計略は破棄できない。表向きの継続的な計略は、破棄すると裏向きになって計略デッキの一番下に置かれる。"""
    game = Game(["A", "B"])
    archenemy.start(game, "A", [ONGOING_SCHEME, TEST_SCHEME])
    in_deck = archenemy.scheme_deck(game, "A")[1]
    expect.that(not archenemy.abandon(game, in_deck), "裏向きの計略は破棄できない")
    ongoing = archenemy.set_in_motion(game, "A")
    assert ongoing is not None
    game.resolve_stack()
    expect.that(ongoing.face_down is None, "継続的な計略は表向きのまま残っている")
    expect.that(archenemy.abandon(game, ongoing), "表向きの継続的な計略は破棄できる")
    expect.that(ongoing.face_down is not None and archenemy.scheme_deck(game, "A")[-1] is ongoing,
                "破棄した計略は裏向きになり、計略デッキの一番下に置かれた")
