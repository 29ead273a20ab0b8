"""Linked abilities whose first ability acts before the game begins: exiling cards before the deck
is shuffled, linked to every object of that name (607.2n), and a choice for a characteristic-defining
ability that the object keeps referring to as it changes zones (607.2p)."""

from __future__ import annotations

from kb.checks.cards import HILL_GIANT, SERRA_ANGEL
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Phase,
    Resolution,
    StaticAbility,
    Step,
    Zone,
    becomes_color,
    before_the_game,
    card,
    cost,
    this_object,
)
from kb.engine.choices import Choice
from kb.engine.events import Revealed
from kb.engine.mana import Color
from kb.engine.starting import begin_game

_EXILE_TEXT = ("Before you shuffle your deck to start the game, you may reveal this card from your deck and exile up "
               "to two cards from your deck.")


def _return_one(resolution: Resolution) -> None:
    game = resolution.game
    if resolution.source_id is None:
        return
    found = before_the_game.exiled_with_cards_named(game, resolution.controller, resolution.source_id)
    if found:
        picked = game.choices.ask(Choice(
            ChoiceKind.OBJECT, resolution.controller, "a card to put into your hand", tuple(found)))
        assert isinstance(picked, int)
        game.move(picked, Zone.HAND)


ARCHIVE = card("Test Archive Vault", "{2}", "Artifact",
               before_the_game.ExileBeforeShuffle(_EXILE_TEXT, count=2),
               ActivatedAbility("{T}: Put a card you've exiled with cards named Test Archive Vault into your hand.",
                                cost("{T}"), _return_one))
"""Test: an artifact that may exile two cards before the game, and brings one back later."""

_CHOOSE_TEXT = "Before the game begins, choose a color. This creature is the chosen color."
IDOL = card("Test Chameleon Idol", "{3}", "Artifact Creature — Shapeshifter", 2, 2,
            before_the_game.ChooseBeforeTheGame(_CHOOSE_TEXT, kind=ChoiceKind.COLOR,
                                                options=tuple(Color), key="color chosen before the game"),
            StaticAbility(_CHOOSE_TEXT, (becomes_color(chosen="color chosen before the game"),), this_object(), cda=True))
"""Test: a creature whose colour is chosen before the game (one paragraph: a choice and a CDA)."""


def _now(game: Game, object_id: int) -> int:
    """What the object ``object_id`` is now, after its zone changes (400.7)."""
    while object_id in game.became:
        object_id = game.became[object_id]
    return object_id


def _filler(game: Game, player: str, count: int) -> None:
    for i in range(count):
        game.place(card(f"Test Card {player}{i}", "{1}", "Artifact"), Zone.LIBRARY, player)


@check("607.2n@20260116.0@7fac6618", "607.1@20260116.0@9335d4d4", "103.3@20260116.0@620232f7")
def cards_exiled_before_the_game_are_linked_by_name(expect: Expect) -> None:
    """状況: 2人戦の開始前。Aのデッキには「ゲームの開始時にデッキを切り直す前に、このカードを公開し、デッキからカードを2枚まで
    追放してもよい」と「タップ：あなたが『Test Archive Vault』という名前のカードによって追放したカード1枚を手札に加える」を持つ
    テスト用アーティファクトが2枚と、《丘巨人》、《セラの天使》などがある。
    行動: ゲームを始める前に、Aは1枚目のアーティファクトを公開して丘巨人とセラの天使を追放し、2枚目は公開しない。ゲームが始まった
    あと、公開しなかった2枚目のアーティファクトが戦場に出て、Aがその能力を起動する。
    結果: 2つ目の能力は、ゲーム開始前にその名前を持っていたすべてのオブジェクトの1つ目の能力と関連しているので、2枚目の能力も
    1枚目が追放したカードを参照でき、丘巨人がAの手札に加わる。"""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    _filler(game, "A", 8)
    giant = game.place(HILL_GIANT, Zone.LIBRARY, "A")
    angel = game.place(SERRA_ANGEL, Zone.LIBRARY, "A")
    game.place(ARCHIVE, Zone.LIBRARY, "A")
    game.place(ARCHIVE, Zone.LIBRARY, "A")
    _filler(game, "B", 10)
    game.choices.script(ChoiceKind.MAY, True, player="A")  # the first vault asked reveals, the other doesn't
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.choices.script(ChoiceKind.OBJECTS, [giant.id, angel.id], player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="B")
    begin_game(game)
    exiled = {o.card.front.name for o in game.in_zone(Zone.EXILE, "A")}
    expect.equal(exiled, {"Hill Giant", "Serra Angel"}, "ゲーム開始前に丘巨人とセラの天使が追放された")
    revealed = [_now(game, e.object_id) for e in game.log if isinstance(e, Revealed)]
    expect.equal(len(revealed), 1, "公開されたのは1枚目のアーティファクトだけ")
    vaults = [o for o in game.objects.values() if o.card is ARCHIVE and o.id not in revealed]
    expect.equal(len(vaults), 1, "公開しなかったアーティファクトは1枚")
    game.advance_to(Phase.PRECOMBAT_MAIN)
    vault = game.put_onto_battlefield(vaults[0], "A")
    assert vault is not None
    game.choices.script(ChoiceKind.OBJECT, lambda c: next(o for o in c.options
                                                          if game.objects[o].card is HILL_GIANT), player="A")
    game.activate("A", vault)
    game.resolve_stack()
    expect.that(any(o.card is HILL_GIANT for o in game.hand("A")), "公開しなかった2枚目の能力で、丘巨人がAの手札に加わった")


@check("607.2p@20260116.0@897a189c", "604.3@20260116.0@47c1c986", "400.7@20260116.0@6d94caf3")
def a_choice_made_before_the_game_follows_the_card(expect: Expect) -> None:
    """状況: 2人戦の開始前。Aのデッキに「ゲーム開始前に色1色を選ぶ。このクリーチャーは選ばれた色である。」を1つの段落に持つ
    テスト用アーティファクト・クリーチャーがある。
    行動: ゲームを始める前に、Aは青を選ぶ。ゲームが始まったあと、そのカードが戦場に出て、そのあと墓地に置かれる。
    結果: 特性定義能力は選択の能力と関連していて、そのオブジェクトが領域を変えても同じ選択を参照し続ける。カードはライブラリーでも
    手札でも、戦場でも、墓地でも青である。"""
    game = Game(["A", "B"], library=0, step=Step.UNTAP)
    _filler(game, "A", 9)
    game.place(IDOL, Zone.LIBRARY, "A")
    _filler(game, "B", 10)
    game.choices.script(ChoiceKind.COLOR, Color.BLUE, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="A")
    game.choices.script(ChoiceKind.MULLIGAN, False, player="B")
    begin_game(game)
    now = next(o for o in game.objects.values() if o.card is IDOL)
    expect.equal(game.view(now.id).colors, frozenset({Color.BLUE}), f"ゲームの開始後、{now.zone.value}にあるカードは青")
    permanent = game.put_onto_battlefield(now, "A")
    assert permanent is not None
    expect.equal(game.view(permanent.id).colors, frozenset({Color.BLUE}), "戦場に出ても青")
    dead = game.move(permanent, Zone.GRAVEYARD)
    assert dead is not None
    expect.equal(game.view(dead.id).colors, frozenset({Color.BLUE}), "墓地に置かれても青")
