"""Keyword actions that are players' choices: voting (701.38) and facing a villainous choice
(701.55), through :mod:`kb.engine.choice_actions`."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    Zone,
    card,
    on_event,
)
from kb.engine import choice_actions as cha
from kb.engine.events import Voted, VotingFinished
from kb.engine.rules import AdditionalVillainousChoice, AdditionalVotes
from kb.engine.triggers import TriggerContext


def _judgment(r: Resolution) -> None:
    game = r.game
    options = tuple(o.id for o in game.battlefield() if not game.view(o).is_a("Land")
                    and game.view(o).controller != r.controller)
    tally = cha.vote(game, r.controller, options)
    game.exile(*[o for o in cha.most_votes(tally) if isinstance(o, int) and o in game.objects])


COUNCILS_JUDGMENT = real("議会の採決", card("Council's Judgment", "{1}{W}{W}", "Sorcery", spell=SpellAbility(
    "Will of the council — Starting with you, each player votes for a nonland permanent you don't control. Exile "
    "each permanent with the most votes or tied for most votes.", _judgment)))

BRAGOS_REPRESENTATIVE = real("ブレイゴの名代", card(
    "Brago's Representative", "{2}{W}", "Artifact Creature — Human Advisor", 1, 4,
    StaticAbility("You get an additional vote.", rules=(AdditionalVotes(),))))
"""ブレイゴの名代; only its extra vote matters here."""


def _each_opponent_who_voted_otherwise(r: Resolution) -> None:
    event = r.event
    assert isinstance(event, VotingFinished)
    mine = {c for p, c in event.votes if p == r.controller}
    for player in {p for p, c in event.votes if p != r.controller and c not in mine}:
        r.game.lose_life(player, 2)


def _finished_voting(t: TriggerContext) -> int:
    return int(isinstance(t.event, VotingFinished))


GRUDGE_KEEPER = real("遺恨の番人", card(
    "Grudge Keeper", "{1}{B}", "Creature — Zombie Wizard", 2, 1,
    TriggeredAbility("Whenever players finish voting, each opponent who voted for a choice you didn't vote for "
                     "loses 2 life.", on_event("players finish voting", (VotingFinished,), _finished_voting),
                     _each_opponent_who_voted_otherwise)))


def _sacrifice_a_creature(game: Game) -> cha.Option:
    def do(player: str) -> None:
        mine = game.creatures(player)
        if mine:
            game.sacrifice(player, mine[0])

    return ("that player sacrifices a creature", do)


def _villainy_effect(r: Resolution) -> None:
    def draw(player: str) -> None:
        r.game.draw(r.controller, 2)

    cha.face_villainous_choice(r.game, r.game.opponents(r.controller), r.controller, _sacrifice_a_creature(r.game),
                               ("you draw two cards", draw))


VILLAINY = card("Test Villainy", "{2}{B}", "Instant", spell=SpellAbility(
    "Each opponent faces a villainous choice — That player sacrifices a creature, or you draw two cards.",
    _villainy_effect))

VALEYARD = card("Test Valeyard", "{3}{B}", "Enchantment", StaticAbility(
    "If an opponent would face a villainous choice, they face that choice an additional time instead.",
    rules=(AdditionalVillainousChoice(),)))


@check("701.38a@20260116.0@94df5a6a", "701.38b@20260116.0@55bd857c")
def voting_starts_with_a_player_and_goes_in_turn_order(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Bは《丘巨人》を、Cは《灰色熊》をコントロールしている。
    行動: Aが《議会の採決》を唱え、Aから順に投票する。Aは丘巨人に、Bは灰色熊に、Cは丘巨人に投票する。
    また、Cのターンに、Aから始める投票を行う。
    結果: 投票はA、B、Cの順に行われ、最多の2票を得た丘巨人が追放され、灰色熊は残る。Cのターンでも、投票は指定されたAから
    手番順にA、B、Cの順で行われる。"""
    game = Game(["A", "B", "C"])
    giant = game.place(HILL_GIANT, player="B")
    bears = game.place(GRIZZLY_BEARS, player="C")
    for player, choice in (("A", giant.id), ("B", bears.id), ("C", giant.id)):
        game.choices.script(ChoiceKind.MODE, choice, player=player)
    cast(game, "A", COUNCILS_JUDGMENT)
    expect.equal([e.player for e in game.events(Voted)], ["A", "B", "C"], "Aから手番順に投票した")
    expect.that(any(o.card is HILL_GIANT for o in game.in_zone(Zone.EXILE)) and bears.zone is Zone.BATTLEFIELD,
                "最多得票の丘巨人が追放され、灰色熊は残った")
    other = Game(["C", "A", "B"])
    for player in ("A", "B", "C"):
        other.choices.script(ChoiceKind.MODE, "yes", player=player)
    cha.vote(other, "A", ("yes", "no"))
    expect.equal([e.player for e in other.events(Voted)], ["A", "B", "C"], "Cのターンでも指定されたAから手番順に投票した")


@check("701.38d@20260116.0@24c60e05", "701.38a@20260116.0@94df5a6a")
def several_votes_are_cast_at_once(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Aは《ブレイゴの名代》をコントロールしている。Bは《丘巨人》を、Cは《灰色熊》をコントロールしている。
    行動: Aが《議会の採決》を唱える。Aは2票とも灰色熊に投票し、BとCは丘巨人に投票する。
    結果: Aの2票は同時に、Aが投票する時点で投じられ、その後にBとCが投票する。2対2の同数なので丘巨人も灰色熊も追放される。"""
    game = Game(["A", "B", "C"])
    game.place(BRAGOS_REPRESENTATIVE, player="A")
    giant = game.place(HILL_GIANT, player="B")
    bears = game.place(GRIZZLY_BEARS, player="C")
    game.choices.script(ChoiceKind.MODE, [bears.id, bears.id], player="A")
    game.choices.script(ChoiceKind.MODE, giant.id, player="B")
    game.choices.script(ChoiceKind.MODE, giant.id, player="C")
    cast(game, "A", COUNCILS_JUDGMENT)
    expect.equal([e.player for e in game.events(Voted)], ["A", "A", "B", "C"], "Aの2票はAの番にまとめて投じられた")
    expect.equal(sorted(o.card.name for o in game.in_zone(Zone.EXILE)), ["Grizzly Bears", "Hill Giant"],
                 "同数で最多の両方が追放された")


@check("701.38c@20260116.0@669ecda9", "701.55a@20260116.0@107e7060")
def only_a_vote_is_voting(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Aは《遺恨の番人》をコントロールしている。Bは《丘巨人》を、Cは《灰色熊》をコントロールしている。
    行動: Aが、対戦相手それぞれが最悪の二択を行う呪文を唱え、BとCは選択をする。次にAが《議会の採決》を唱え、Aは丘巨人に、
    Bは灰色熊に、Cは丘巨人に投票する。
    結果: 最悪の二択は投票ではないので番人は誘発しない。議会の採決の投票が終わると誘発し、Aと違うものに投票したBだけが2点のライフを失う。"""
    game = Game(["A", "B", "C"])
    game.place(GRUDGE_KEEPER, player="A")
    giant = game.place(HILL_GIANT, player="B")
    bears = game.place(GRIZZLY_BEARS, player="C")
    game.choices.script(ChoiceKind.MODE, "you draw two cards", player="B")
    game.choices.script(ChoiceKind.MODE, "you draw two cards", player="C")
    cast(game, "A", VILLAINY)
    expect.equal((game.players["B"].life, game.players["C"].life), (20, 20), "投票でない選択では誘発しない")
    for player, choice in (("A", giant.id), ("B", bears.id), ("C", giant.id)):
        game.choices.script(ChoiceKind.MODE, choice, player=player)
    cast(game, "A", COUNCILS_JUDGMENT)
    expect.equal((game.players["B"].life, game.players["C"].life), (18, 20), "Aと違うものに投票したBだけが2点失った")


@check("701.55a@20260116.0@107e7060", "701.55b@20260116.0@724c47f2", "701.55d@20260116.0@195a10e0")
def facing_a_villainous_choice(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦で、Cのターンである。Bはクリーチャーをコントロールしておらず、Cは《灰色熊》をコントロールしている。
    行動: Aが、対戦相手それぞれが最悪の二択（そのプレイヤーがクリーチャー1体を生け贄に捧げるか、Aがカードを2枚引くか）を行う
    インスタントを唱える。Bも灰色熊を持つCも「クリーチャーを生け贄に捧げる」を選ぶ。
    結果: APNAP順で、まずアクティブ・プレイヤーのCが選んで灰色熊を生け贄に捧げ、次にBが選ぶ。Bは不可能な選択肢も選べ、
    できるだけのこと（何もない）をする。Aはカードを引かない。"""
    from kb.engine.events import VillainousChoiceFaced

    game = Game(["C", "A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="C")
    game.choices.script(ChoiceKind.MODE, "that player sacrifices a creature", player="B")
    game.choices.script(ChoiceKind.MODE, "that player sacrifices a creature", player="C")
    hand = len(game.hand("A"))
    cast(game, "A", VILLAINY)
    expect.equal([(e.player, e.option) for e in game.events(VillainousChoiceFaced)],
                 [("C", "that player sacrifices a creature"), ("B", "that player sacrifices a creature")],
                 "APNAP順にCが、次にBが最悪の二択を行い、Bは不可能な選択肢を選べた")
    expect.that(bears.id not in [o.id for o in game.battlefield()] and any(o.card is GRIZZLY_BEARS
                                                                            for o in game.graveyard("C")),
                "Cは灰色熊を生け贄に捧げた")
    expect.equal(len(game.hand("A")), hand, "Aはカードを引かない")


@check("701.55c@20260116.0@ab7eec0a", "701.55a@20260116.0@107e7060")
def facing_a_villainous_choice_again(expect: Expect) -> None:
    """状況: AとBの対戦。Aは「対戦相手が最悪の二択を行うなら、代わりにその選択を追加でもう1回行う。」を持つエンチャントを
    コントロールしている。Bは《灰色熊》と《丘巨人》をコントロールしている。
    行動: Aが、対戦相手が最悪の二択を行うインスタントを唱える。Bは1回目に「クリーチャーを生け贄に捧げる」を、2回目に
    「Aがカードを2枚引く」を選ぶ。
    結果: Bは最悪の二択を2回、1回ずつ順に行う。1回目で灰色熊か丘巨人の一方を生け贄に捧げ、2回目でAがカードを2枚引く。"""
    from kb.engine.events import VillainousChoiceFaced

    game = Game(["A", "B"])
    game.place(VALEYARD, player="A")
    game.place(GRIZZLY_BEARS, player="B")
    game.place(HILL_GIANT, player="B")
    game.choices.script(ChoiceKind.MODE, "that player sacrifices a creature", player="B")
    game.choices.script(ChoiceKind.MODE, "you draw two cards", player="B")
    hand = len(game.hand("A"))
    cast(game, "A", VILLAINY)
    expect.equal([e.option for e in game.events(VillainousChoiceFaced)],
                 ["that player sacrifices a creature", "you draw two cards"], "Bは最悪の二択を2回行った")
    expect.equal((len(game.battlefield("B")), len(game.hand("A"))), (1, hand + 2),
                 "Bはクリーチャーを1体生け贄に捧げ、Aはカードを2枚引いた")
