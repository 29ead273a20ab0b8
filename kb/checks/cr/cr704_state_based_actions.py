"""State-based actions (704): the CR's examples and the rules around the table of 704.5 — what
happens during a resolution doesn't matter to them, one replacement for several losses at once,
last known information from before all of them, and looking back at a loss."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_spells import gain
from kb.checks.cr.cr603_triggered_abilities import EMPTY_HANDED
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, in_hand
from kb.engine import (
    CardDrawn,
    Game,
    Number,
    Replacement,
    Resolution,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    Zone,
    a_player_loses,
    card,
    condition,
    defines_pt,
    dies,
    instructions,
    this_object,
)
from kb.engine.replacement import LoseGame, ReplacementContext
from kb.engine.zones import move_all

_CARDS_IN_HAND = Number("the number of cards in your hand", lambda c: len(c.game.hand(c.player("you"))), frozenset())

MARO = real("マロー", card(
    "Maro", "{2}{G}{G}", "Creature — Avatar", "*", "*",
    StaticAbility("Maro's power and toughness are each equal to the number of cards in your hand.",
                  (defines_pt(_CARDS_IN_HAND, _CARDS_IN_HAND),), this_object(), cda=True)))


def _discard_then_draw_seven(resolution: Resolution) -> None:
    game = resolution.game
    instructions.discard_cards(game, resolution.controller, len(game.hand(resolution.controller)))
    game.draw(resolution.controller, 7)


TEST_REFILL = card("Test Refill", "{2}{U}", "Sorcery", spell=SpellAbility(
    "Discard your hand, then draw seven cards.", _discard_then_draw_seven))
"""Test: a sorcery: "Discard your hand, then draw seven cards"."""


@check("704.4@20260116.0@f2f6e047", "704.3@20260116.0@3533b646", "604.3@20260116.0@47c1c986",
       example="704.4#1@5ff14e9d")
def state_based_actions_ignore_what_happens_during_a_resolution(expect: Expect) -> None:
    """状況: Aの《マロー》（パワーとタフネスはあなたの手札の枚数に等しい）と「あなたの手札にカードが1枚もないたび、カード1枚を
    引く」テスト用エンチャント。Aの手札は2枚。
    行動: Aが「あなたの手札を捨てる。その後、カードを7枚引く」テスト用ソーサリーを唱えて解決する。
    結果: 解決の途中でマローのタフネスは一時的に0になるが、解決し終えたときには7なので、状況起因処理で墓地に置かれない。
    一方、手札がない状態になったことで誘発する能力は誘発し、解決後にスタックに置かれる。"""
    game = Game(["A", "B"], library=20)
    maro = game.place(MARO)
    game.place(EMPTY_HANDED)
    in_hand(game, cards.GRIZZLY_BEARS)
    cast(game, "A", TEST_REFILL, resolve=False)
    expect.equal(game.view(maro).pt, (1, 1), "唱えたあと手札は1枚：マローは1/1")
    game.resolve_top()
    expect.that(game.obj(maro).zone is Zone.BATTLEFIELD and game.view(maro).pt == (7, 7),
                "解決し終えたときには7/7で、墓地に置かれていない")
    expect.equal(len(game.stack), 1, "手札が0枚になった瞬間に能力は誘発し、スタックに置かれた")


def _return_with_a_counter(resolution: Resolution) -> None:
    event = resolution.event
    game = resolution.game
    new_id = getattr(event, "new_id", None)
    if new_id is not None and new_id in game.objects and game.objects[new_id].zone is Zone.GRAVEYARD:
        game.put_onto_battlefield(game.objects[new_id], game.objects[new_id].owner, counters={"+1/+1": 1})


YOUNG_WOLF = real("若き狼", card(
    "Young Wolf", "{G}", "Creature — Wolf", 1, 1,
    TriggeredAbility("Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the "
                     "battlefield under its owner's control with a +1/+1 counter on it.)", dies(),
                     _return_with_a_counter,
                     condition=condition("it had no +1/+1 counters on it",
                                         lambda c: c.source is not None and not c.source.counters.get("+1/+1"),
                                         ("counters",)))))
"""若き狼, its undying written out as the triggered ability it is (702.93a)."""


@check("704.8@20260116.0@040d33f3", "704.5q@20260116.0@7a04b1ed", "704.5f@20260116.0@fb593c71",
       "603.10a@20260116.0@ea7c52c5", example="704.8#1@d30ed48d")
def last_known_information_comes_from_before_every_state_based_action(expect: Expect) -> None:
    """状況: Aの《若き狼》（不死）が2体。
    行動: 1体目が破壊される。戻ってきた+1/+1カウンターのある狼に、効果が-1/-1カウンターを3個置く。
    結果: 1体目は+1/+1カウンターなしで死亡したので、不死で+1/+1カウンター付きで戻る。カウンターの相殺（704.5q）と
    タフネス0以下（704.5f）は同時に行われ、最後の情報はそれより前のものなので、狼は+1/+1カウンターを持って死亡したことになり、
    不死は誘発しない。"""
    game = Game(["A", "B"])
    wolf = game.place(YOUNG_WOLF)
    game.destroy(wolf)
    game.resolve_stack()
    back = game.current(wolf)
    expect.that(back.zone is Zone.BATTLEFIELD and back.counter("+1/+1") == 1, "不死で+1/+1カウンター付きで戻った")
    game.put_counters(back, "-1/-1", 3)
    game.resolve_stack()
    expect.equal(game.current(back).zone, Zone.GRAVEYARD, "狼は死亡した")
    expect.equal(game.stack, [], "+1/+1カウンターを持って死亡したので、不死は誘発しない")


def _lichs_mirror() -> Replacement:
    def instead(context: ReplacementContext, loss: LoseGame) -> None:
        game = context.game
        player = loss.player
        owned = (game.hand(player) + game.graveyard(player)
                 + [o for o in game.objects.values() if o.zone is Zone.BATTLEFIELD and o.owner == player])
        move_all(game, owned, Zone.LIBRARY)  # the order of the shuffled library is not modelled
        game.draw(player, 7)
        game.players[player].life = 20
        game.touch()

    return Replacement("If you would lose the game, instead shuffle your hand, your graveyard, and all permanents "
                       "you own into your library, then draw seven cards and your life total becomes 20.",
                       LoseGame, lambda c, e: e.player == c.context.you, instead, pure=False)


LICHS_MIRROR = real("死者の鏡", card(
    "Lich's Mirror", "{5}", "Artifact", StaticAbility(_lichs_mirror().text, replacements=(_lichs_mirror(),))))


def _nights_whisper(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, 2)
    resolution.game.lose_life(resolution.controller, 2)


NIGHTS_WHISPER = real("夜の囁き", card("Night's Whisper", "{1}{B}", "Sorcery", spell=SpellAbility(
    "You draw two cards and you lose 2 life.", _nights_whisper)))


@check("704.7@20260116.0@336c6c42", "704.5a@20260116.0@44340245", "704.5b@20260116.0@5809d837",
       example="704.7#1@422eaee3")
def one_replacement_replaces_two_losses(expect: Expect) -> None:
    """状況: Aの《死者の鏡》（あなたがゲームに敗北するなら、代わりに手札と墓地と自分のパーマネントをライブラリーに加えて切り直し、
    カードを7枚引き、ライフは20点になる）。Aのライブラリーは1枚、ライフは1点、手札は6枚。
    行動: Aが《夜の囁き》（カードを2枚引き、2点のライフを失う）を唱える。
    結果: 状況起因処理で704.5aと704.5bの両方によって敗北するところを、鏡の1回の置換がまとめて置き換える：Aはゲームに残り、
    7枚だけ引いてライフは20点。"""
    game = Game(["A", "B"], library=1)
    game.place(LICHS_MIRROR)
    for _ in range(6):
        in_hand(game, cards.GRIZZLY_BEARS)
    game.players["A"].life = 1
    cast(game, "A", NIGHTS_WHISPER, resolve=False)
    drawn_before = len(game.events(CardDrawn))
    game.resolve_stack()
    expect.that(not game.over and not game.players["A"].lost, "Aは敗北していない")
    expect.equal(game.players["A"].life, 20, "ライフは20点になった")
    expect.equal(len(game.events(CardDrawn)) - drawn_before, 1 + 7, "夜の囁きの1枚と、鏡の1回ぶんの7枚だけを引いた")


MOURNER = card("Test Mourner", "{2}", "Creature — Spirit", 1, 1, TriggeredAbility(
    "Whenever a player loses the game, you gain 5 life.", a_player_loses(), gain(5)))
"""Test: a 1/1 with "Whenever a player loses the game, you gain 5 life"."""


@check("603.10f@20260116.0@1a20dc8d", "603.9@20260116.0@2cc702a4", "704.3@20260116.0@3533b646")
def a_loss_is_looked_back_at(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの「プレイヤーがゲームに敗北するたび、5点のライフを得る」テスト用1/1クリーチャー。
    行動: そのクリーチャーが1点のダメージを受け、Bのライフが0点になる。状況起因処理が行われる。
    結果: Bの敗北とクリーチャーの死亡は同時に起こり、敗北の誘発は直前を振り返るので、死亡したクリーチャーの能力も誘発する。"""
    game = Game(["A", "B", "C"])
    mourner = game.place(MOURNER)
    pinger = game.place(cards.GRIZZLY_BEARS, player="C")
    game.deal_damage(pinger, mourner, 1)
    game.players["B"].life = 0
    game.touch()
    game.refresh_priority()
    expect.that(game.players["B"].lost and game.current(mourner).zone is Zone.GRAVEYARD, "Bは敗北し、同時に死亡した")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 25, "振り返って誘発し、Aは5点得た")


__all__ = ["MARO"]
