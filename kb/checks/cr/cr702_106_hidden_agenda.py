"""Hidden agenda and double agenda (702.106), through :mod:`kb.engine.hidden_agenda`."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    Card,
    ChoiceKind,
    Game,
    StaticAbility,
    Zone,
    actions,
    card,
    hidden_agenda,
    modify_pt,
)
from kb.engine.cardtypes import CardType
from kb.engine.errors import ScenarioError
from kb.engine.events import Revealed
from kb.engine.selectors import where


def _with_a_chosen_name(context: object, candidate: object) -> bool:
    view = candidate
    return (getattr(view, "controller", None) == getattr(context, "you", None)
            and CardType.CREATURE in getattr(view, "types", frozenset())
            and hidden_agenda.has_a_chosen_name(context, getattr(view, "name", None)))  # type: ignore[arg-type]


def _favour(text: str, *agenda: str) -> Card:
    return card(f"Test {text}", None, "Conspiracy", *agenda, StaticAbility(
        "Creatures you control with the chosen name get +1/+1.", (modify_pt(1, 1),),
        where("creatures you control with the chosen name", _with_a_chosen_name), zones=frozenset({Zone.COMMAND})))


HIDDEN_FAVOUR = _favour("Hidden Favour", "hidden agenda")
"""A made-up conspiracy: hidden agenda; creatures you control with the chosen name get +1/+1."""
DOUBLE_FAVOUR = _favour("Double Favour", "double agenda")
"""A made-up conspiracy: double agenda; creatures you control with a chosen name get +1/+1."""


@check("702.106a@20260116.0@2720bde3", "702.106c@20260116.0@82b7735d", "702.106d@20260116.0@6fbe076b",
       "708.2@20260116.0@946b971b")
def hidden_agenda_named_face_down_then_revealed(expect: Expect) -> None:
    """状況: Aは秘策と「選ばれた名前を持つ、あなたがコントロールするクリーチャーは+1/+1の修整を受ける」を持つテスト用の策略カードを持つ。
    Aは《灰色熊》と《丘巨人》をコントロールしている。
    行動: Aは策略を統率領域に置きながら「灰色熊」を秘密裏に選ぶ。その後、優先権を持っている間に策略を表向きにする。
    結果: 策略は裏向きで統率領域にあり、能力を持たないので熊は2/2のまま。表向きにすると選ばれた名前が公開され、熊は3/3、丘巨人は3/3のまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.CARD_NAME, "Grizzly Bears", player="A")
    favour = hidden_agenda.put_conspiracy(game, "A", HIDDEN_FAVOUR)
    expect.that(favour.zone is Zone.COMMAND and favour.face_down is not None, "策略は裏向きで統率領域に置かれた")
    expect.equal(game.view(bears.id).pt, (2, 2), "裏向きの策略は能力を持たない")
    hidden_agenda.reveal(game, "A", favour)
    expect.that(favour.face_down is None, "策略は表向きになった")
    expect.equal((game.view(bears.id).pt, game.view(giant.id).pt), ((3, 3), (3, 3)),
                 "選ばれた名前の熊だけが+1/+1")


@check("702.106f@20260116.0@09eb5b58", "702.106a@20260116.0@2720bde3")
def double_agenda_names_two_cards(expect: Expect) -> None:
    """状況: Aは倍策と「選ばれた名前を持つ、あなたがコントロールするクリーチャーは+1/+1の修整を受ける」を持つテスト用の策略カードを持つ。
    Aは《灰色熊》と《丘巨人》をコントロールしている。
    行動: Aは策略を統率領域に置きながら、同じ名前を2つ選ぼうとする。次に「灰色熊」と「丘巨人」を選ぶ。その後、策略を表向きにする。
    結果: 倍策では異なる2つの名前を選ぶ。表向きになると熊も丘巨人も+1/+1の修整を受けて3/3と4/4になる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.CARD_NAME, ("Grizzly Bears", "Grizzly Bears"), player="A")
    try:
        hidden_agenda.put_conspiracy(game, "A", DOUBLE_FAVOUR)
        refused = False
    except ScenarioError:  # not a legal answer: two different names are chosen
        refused = True
    expect.that(refused, "同じ名前を2つは選べない")
    game.choices.script(ChoiceKind.CARD_NAME, ("Grizzly Bears", "Hill Giant"), player="A")
    favour = hidden_agenda.put_conspiracy(game, "A", DOUBLE_FAVOUR)
    hidden_agenda.reveal(game, "A", favour)
    expect.equal((game.view(bears.id).pt, game.view(giant.id).pt), ((3, 3), (4, 4)), "選ばれた2つの名前が両方とも+1/+1")


@check("702.106e@20260116.0@029b3167", "702.106a@20260116.0@2720bde3")
def hidden_agendas_revealed_as_their_player_leaves(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Aは秘策を持つテスト用の策略カードを、「灰色熊」を選んで裏向きで統率領域に置いている。
    行動: Aがゲームから除外される（投了する）。
    結果: Aがコントロールしていた裏向きの策略カードは全員に公開される。"""
    game = Game(["A", "B", "C"])
    game.choices.script(ChoiceKind.CARD_NAME, "Grizzly Bears", player="A")
    favour = hidden_agenda.put_conspiracy(game, "A", HIDDEN_FAVOUR)
    shown_before = [e for e in game.log if isinstance(e, Revealed) and e.object_id == favour.id]
    actions.leave_game(game, "A")
    shown = [e for e in game.log if isinstance(e, Revealed) and e.object_id == favour.id]
    expect.equal((len(shown_before), [e.name for e in shown]), (0, ["Test Hidden Favour"]),
                 "Aが去るとき裏向きの策略が公開された")
