"""Keyword actions that turn cards over: convert (701.28) through :mod:`kb.engine.transform`, and
setting schemes in motion and abandoning them (701.32, 701.33) through :mod:`kb.engine.archenemy`."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks.cards import GRIZZLY_BEARS
from kb.checks.cr.cr704_state_based_actions import TEST_SCHEME
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    Card,
    ChoiceKind,
    Game,
    IllegalAction,
    Resolution,
    TriggeredAbility,
    View,
    Zone,
    archenemy,
    card,
    face,
    on_event,
    planechase,
    transform,
)
from kb.engine.events import Converted, Transformed, TurnedFaceDown
from kb.engine.triggers import Trigger, TriggerContext


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


SPELL_BACKED = card("Test Spell-Backed", "{2}", "Creature — Human", 2, 2,
                    back=face("Test Back Sorcery", None, "Sorcery"))


def _flying(view: View) -> bool:
    return view.has("flying")


FLIER_TO_BE = card("Test Flier To Be", "{1}{U}", "Creature — Human Wizard", 1, 1,
                   back=face("Test Flight Form", None, "Creature — Bird", 2, 2, "flying"))

FLYING_WATCHER = card("Test Flight Watcher", "{1}{U}", "Enchantment", TriggeredAbility(
    "Whenever a permanent transforms into a creature with flying, you gain 3 life.",
    transform.transforms_into("a permanent transforms into a creature with flying", _flying), _gain(3)))


@check("701.27b@20260116.0@90a52850", "701.27g@20260116.0@4ef5f4e9", "701.27a@20260116.0@d1271a75")
def transforming_is_not_turning_face_down(expect: Expect) -> None:
    """状況: Aは《秘密を掘り下げる者》と、「パーマネントが変身するたび、あなたは1点のライフを得る。」と「パーマネントが裏向きに
    なるたび、あなたは2点のライフを得る。」を持つエンチャントをコントロールしている。
    行動: 掘り下げる者を変身させ、その後もう一度変身させる。
    結果: 変身するたび変身の能力だけが誘発し（裏向きになったときの能力は誘発しない）、Aは2点のライフを得る。
    第2面の《昆虫の逸脱者》の間は「変身したパーマネント」だが、第1面に戻ると、以前に第2面だったことがあっても変身したパーマネントではない。"""
    from kb.checks.cr.cr200_card_parts import DELVER

    game = Game(["A", "B"])
    delver = game.place(DELVER, player="A")
    game.place(TRANSFORM_WATCHER, player="A")
    game.transform(delver)
    expect.that(transform.is_transformed(delver), "第2面の間は変身したパーマネント")
    game.resolve_stack()
    game.transform(delver)
    expect.that(not transform.is_transformed(delver), "第1面に戻ると変身したパーマネントではない")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "変身の能力だけが2回誘発した")


@check("701.27d@20260116.0@2e1bd104", "701.28d@20260116.0@6f70e2a9")
def no_turning_into_a_sorcery_face(expect: Expect) -> None:
    """状況: Aは、第2面がソーサリーの面である両面のクリーチャーをコントロールしている。
    行動: 効果がそれを変身させようとし、次にトランスフォームさせようとする。
    結果: 変身先やトランスフォーム先の面がソーサリーなので、どちらも何も起こらず、第1面のクリーチャーのままである。"""
    game = Game(["A", "B"])
    creature = game.place(SPELL_BACKED, player="A")
    expect.that(not game.transform(creature) and not transform.convert(game, creature), "何も起こらない")
    expect.equal((game.view(creature).name, game.view(creature).pt), ("Test Spell-Backed", (2, 2)),
                 "第1面のクリーチャーのまま")


@check("701.27e@20260116.0@3b0d66ce", "701.28a@20260116.0@972dea82")
def transforms_into_triggers_on_converting_too(expect: Expect) -> None:
    """状況: Aは、「パーマネントが飛行を持つクリーチャーに変身するたび、あなたは3点のライフを得る。」を持つエンチャントと、
    第2面が飛行を持つ両面のクリーチャー2体をコントロールしている。
    行動: 1体目を変身させ、2体目をトランスフォームさせる。その後、1体目を第1面に戻す。
    結果: 変身でもトランスフォームでも、直後に飛行を持つので能力が誘発し、Aは6点のライフを得る。第1面に戻ったときは飛行を持たないので
    誘発しない。"""
    game = Game(["A", "B"])
    game.place(FLYING_WATCHER, player="A")
    first = game.place(FLIER_TO_BE, player="A")
    second = game.place(FLIER_TO_BE, player="A")
    game.transform(first)
    game.resolve_stack()
    transform.convert(game, second)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 26, "変身でもトランスフォームでも誘発した")
    game.transform(first)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 26, "飛行を持たない面に戻っても誘発しない")


def _plane(name: str, trigger: Trigger, amount: int) -> Card:
    return card(name, None, "Plane — Dominaria", TriggeredAbility(f"{trigger.text}: you gain {amount} life.", trigger,
                                                                  _gain(amount), zones=frozenset({Zone.COMMAND})))


LEFT_PLANE = _plane("Test Left Plane", planechase.planeswalk_away(), 4)
REACHED_PLANE = _plane("Test Reached Plane", planechase.planeswalk_to(), 2)


@check("701.31a@20260116.0@73bbf01a", "701.31d@20260116.0@19dcc2e0", "701.31b@20260116.0@e5af2485")
def planeswalking_away_and_to(expect: Expect) -> None:
    """状況: プレインチェイス戦で、Aのターンである。Aの次元デッキは上から、「あなたがこの次元からプレインズウォークして離れたとき、
    4点のライフを得る。」次元と、「あなたがこの次元にプレインズウォークしたとき、2点のライフを得る。」次元であり、1枚目が表向きである。
    別に、プレインチェイス戦でないゲームもある。
    行動: Bがプレインズウォークしようとする。次にAがプレインズウォークする。プレインチェイス戦でないゲームでもプレインズウォークしようとする。
    結果: 次元コントローラーでないBはプレインズウォークできない。Aは、裏向きになった1枚目の次元から離れ、表向きになった2枚目の次元に
    プレインズウォークしたので、両方の能力が誘発して6点のライフを得る。プレインチェイス戦でないゲームではプレインズウォークできない。"""
    game = Game(["A", "B"])
    planechase.start(game, {"A": [LEFT_PLANE, REACHED_PLANE]})

    def refused(match: Game, player: str | None) -> bool:
        try:
            planechase.planeswalk(match, player)
            return False
        except IllegalAction:
            return True

    expect.that(refused(game, "B"), "次元コントローラーでないBはプレインズウォークできない")
    planechase.planeswalk(game, "A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.resolve_stack()
    expect.equal(([game.view(o).name for o in planechase.face_up(game)], game.players["A"].life),
                 (["Test Reached Plane"], 26), "離れた次元と、たどり着いた次元の両方の能力が誘発した")
    expect.that(refused(Game(["A", "B"]), None), "プレインチェイス戦でなければプレインズウォークできない")
