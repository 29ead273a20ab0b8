"""Keyword actions that give a permanent a designation or a lasting requirement (701.15 goad,
701.43 exert, 701.60 suspect, 701.64 harness), through :mod:`kb.engine.designations`."""

from __future__ import annotations

from kb.checks.cards import CLONE, GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    IllegalAction,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    condition,
    cost,
    creatures,
    designations,
    enters,
    modify_pt,
    this_object,
)
from kb.engine.rules import CantBlock, forbids


def _decorum(r: Resolution) -> None:
    for creature in creatures(controller="opponent").select(r.context()):
        designations.goad(r.game, creature, r.controller, r.source_id)


DISRUPT_DECORUM = real("礼儀妨害", card("Disrupt Decorum", "{2}{R}{R}", "Sorcery", spell=SpellAbility(
    "Goad all creatures you don't control.", _decorum)))


def _suspect_this(r: Resolution) -> None:
    assert r.source_id is not None
    designations.suspect(r.game, r.source_id, r.source_id, r.controller)


FRANTIC_SCAPEGOAT = real("狂乱逃走する山羊", card(
    "Frantic Scapegoat", "{R}", "Creature — Goat", 1, 1, "haste",
    TriggeredAbility("When Frantic Scapegoat enters, suspect it.", enters(), _suspect_this)))
"""狂乱逃走する山羊; its ability at the beginning of combat that moves the suspicion is left out."""


def _harness_this(r: Resolution) -> None:
    assert r.source_id is not None
    designations.harness(r.game, r.source_id)


HARNESSED_ENGINE = card(
    "Test Harnessed Engine", "{2}", "Artifact Creature — Construct", 2, 2,
    ActivatedAbility("{1}: Harness this creature.", cost("{1}"), _harness_this),
    StaticAbility("As long as this creature is harnessed, it gets +2/+2.", (modify_pt(2, 2),), this_object(),
                  condition=condition("this is harnessed", lambda c: c.source is not None
                                      and designations.is_harnessed(c.game, c.source.id))))


def _attack(game: Game, attacks: dict[object, str]) -> bool:
    """Whether the declaration is accepted."""
    try:
        game.declare_attackers(attacks)  # type: ignore[arg-type]
        return True
    except IllegalAction:
        return False


@check("701.15a@20260116.0@e6b0aa24", "701.15b@20260116.0@854d53a3", "508.1d@20260116.0@9aa1f6d6")
def a_goaded_creature_attacks_another_player(expect: Expect) -> None:
    """状況: A、B、Cの3人対戦。Bは《丘巨人》をコントロールしている。
    行動: Aが《礼儀妨害》を唱え、丘巨人が使嗾される。Bのターンに、攻撃しない、Aを攻撃する、Cを攻撃する、を試す。
    次のAのターンの後、Bのターンに攻撃しないことを試す。
    結果: 使嗾された丘巨人は可能なら攻撃し、可能ならA以外のプレイヤーを攻撃しなければならないので、攻撃しないこともAを攻撃することも
    認められず、Cへの攻撃だけが認められる。Aの次のターンが始まると使嗾は終わり、丘巨人は攻撃しなくてよい。"""
    game = Game(["A", "B", "C"])
    giant = game.place(HILL_GIANT, player="B")
    cast(game, "A", DISRUPT_DECORUM)
    expect.equal(designations.goaded_by(game, giant.id), ["A"], "丘巨人はAに使嗾された")
    game.next_turn("B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.that(not _attack(game, {}), "使嗾されたクリーチャーは可能なら攻撃しなければならない")
    expect.that(not _attack(game, {giant: "A"}), "使嗾したAは、他のプレイヤーを攻撃できる限り攻撃できない")
    expect.that(_attack(game, {giant: "C"}), "Cへの攻撃は認められる")
    game.next_turn("A")
    expect.equal(designations.goaded_by(game, giant.id), [], "Aの次のターンが始まって使嗾は終わった")
    game.next_turn("B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.that(_attack(game, {}), "使嗾されていない丘巨人は攻撃しなくてよい")


@check("701.15c@20260116.0@6b90ab8d", "701.15d@20260116.0@bf829d05", "701.15b@20260116.0@854d53a3")
def goaded_by_two_players(expect: Expect) -> None:
    """状況: A、B、C、Dの4人対戦。Bは《丘巨人》をコントロールしている。
    行動: Aが丘巨人を使嗾し、もう一度使嗾する。Cも丘巨人を使嗾する。Bのターンに、Aを攻撃する、Dを攻撃する、を試す。
    結果: Aが2度目に使嗾しても効果はなく、使嗾したのはAとCの2人である。使嗾ごとに攻撃強制が生じるので、Aへの攻撃はCの使嗾に従っても
    Aの使嗾に従わず認められない。AとCの両方以外のDへの攻撃は認められる。"""
    game = Game(["A", "B", "C", "D"])
    giant = game.place(HILL_GIANT, player="B")
    first = designations.goad(game, giant.id, "A")
    again = designations.goad(game, giant.id, "A")
    designations.goad(game, giant.id, "C")
    expect.equal((first, again, designations.goaded_by(game, giant.id)), (True, False, ["A", "C"]),
                 "Aの2度目の使嗾は効果がなく、AとCが使嗾した")
    game.next_turn("B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.that(not _attack(game, {giant: "A"}), "Aへの攻撃はAの使嗾の強制に従わない")
    expect.that(not _attack(game, {giant: "C"}), "Cへの攻撃はCの使嗾の強制に従わない")
    expect.that(_attack(game, {giant: "D"}), "Dへの攻撃はすべての強制に従う")


@check("701.43a@20260116.0@c7423d98", "701.43b@20260116.0@7f9f6a68", "701.43c@20260116.0@4ca6f5cf",
       "502.3@20260116.0@e8bdee09")
def an_exerted_permanent_skips_one_untap(expect: Expect) -> None:
    """状況: Aは《丘巨人》と《灰色熊》をコントロールしている。丘巨人はタップ状態である。
    行動: 効果によってAが丘巨人を2回督励し、アンタップ状態の灰色熊も督励してから、灰色熊をタップする。
    また、墓地にある《灰色熊》を督励しようとする。次のAのターンと、その次のAのターンまで進める。
    結果: 次のAのアンタップ・ステップでは丘巨人も灰色熊もアンタップしない。2回督励しても、その次のAのアンタップ・ステップでは
    両方ともアンタップする。墓地のカードは督励できない。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A", tapped=True)
    bears = game.place(GRIZZLY_BEARS, player="A")
    gone = game.place(GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    designations.exert(game, giant.id, "A")
    designations.exert(game, giant.id, "A")
    designations.exert(game, bears.id, "A")
    game.tap(bears)
    expect.that(not designations.exert(game, gone.id, "A"), "戦場にないオブジェクトは督励できない")
    game.next_turn("A")
    expect.that(game.view(giant).tapped and game.view(bears).tapped, "次のアンタップ・ステップでは両方アンタップしない")
    game.next_turn("A")
    expect.that(not game.view(giant).tapped and not game.view(bears).tapped,
                "その次のアンタップ・ステップでは、2回督励した丘巨人もアンタップする")


@check("701.60a@20260116.0@0fe91950", "701.60c@20260116.0@46eb2a13", "701.60d@20260116.0@8f867b75")
def a_suspected_creature_has_menace_and_cant_block(expect: Expect) -> None:
    """状況: Aの手札に《狂乱逃走する山羊》がある。
    行動: Aが山羊を唱え、戦場に出たときの能力で山羊に容疑をかける。さらに容疑をかけようとする。
    その後、山羊が追放され、効果によって戦場に戻る。
    結果: 容疑をかけられた山羊は威迫と「このクリーチャーはブロックできない。」を持つ。容疑をかけられているパーマネントに再び容疑は
    かけられない。戦場を離れて戻った山羊は新しいオブジェクトで、戦場に出たときの能力が解決するまでは容疑をかけられておらず、
    威迫を持たず、ブロックできる。"""
    game = Game(["A", "B"])
    cast(game, "A", FRANTIC_SCAPEGOAT)
    [goat] = [o for o in game.battlefield("A") if o.card is FRANTIC_SCAPEGOAT]
    view = game.view(goat)
    expect.that(designations.is_suspected(game, goat.id), "山羊は容疑をかけられた")
    expect.equal((view.has("menace"), forbids(game, CantBlock, view)), (True, True), "威迫を持ち、ブロックできない")
    expect.that(not designations.suspect(game, goat.id), "容疑をかけられているので再び容疑はかけられない")
    game.exile(goat)
    back = game.put_onto_battlefield(game.current(goat), "A")
    assert back is not None
    view = game.view(back)
    expect.equal((view.has("menace"), forbids(game, CantBlock, view)), (False, False),
                 "戻った山羊は新しいオブジェクトで、容疑をかけられていない")


@check("701.60b@20260116.0@1253a6ce", "701.60a@20260116.0@0fe91950")
def suspected_is_not_copied(expect: Expect) -> None:
    """状況: Aは容疑をかけられた《灰色熊》をコントロールしている。
    行動: Aが《クローン》を唱え、灰色熊のコピーとして戦場に出す。
    結果: 灰色熊は威迫を持つが、容疑をかけられていることはコピー可能な値ではないので、クローンは容疑をかけられておらず、
    威迫を持たず、ブロックできる。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    designations.suspect(game, bears.id)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    cast(game, "A", CLONE)
    [clone] = [o for o in game.battlefield("A") if o.card is CLONE]
    view = game.view(clone)
    expect.that(game.view(bears).has("menace"), "容疑をかけられた灰色熊は威迫を持つ")
    expect.equal((view.name, designations.is_suspected(game, clone.id), view.has("menace"),
                  forbids(game, CantBlock, view)), ("Grizzly Bears", False, False, False),
                 "クローンは灰色熊のコピーだが容疑はかけられていない")


@check("701.64a@20260116.0@91539a04", "701.64b@20260116.0@73f6784a")
def harnessing_marks_a_permanent(expect: Expect) -> None:
    """状況: Aは「{1}: これを装着する。」と「これが装着されている限り、これは+2/+2の修整を受ける。」を持つ2/2の
    アーティファクト・クリーチャーをコントロールしている。
    行動: Aが{1}の能力を起動し、もう一度起動する。その後、それが戦場を離れて戻る。
    結果: 1回目でそれは装着された状態になって4/4になり、2回目では何も変わらない。戦場を離れて戻ったそれは装着されておらず、2/2である。"""
    game = Game(["A", "B"])
    engine = game.place(HARNESSED_ENGINE, player="A")
    game.add_mana("A", "{2}")
    game.activate("A", engine)
    game.resolve_stack()
    expect.equal((designations.is_harnessed(game, engine.id), game.view(engine).pt), (True, (4, 4)),
                 "装着された状態になり、+2/+2の修整を受ける")
    game.activate("A", engine)
    game.resolve_stack()
    expect.equal(game.view(engine).pt, (4, 4), "すでに装着されているので何も変わらない")
    game.exile(engine)
    back = game.put_onto_battlefield(game.current(engine), "A")
    assert back is not None
    expect.equal((designations.is_harnessed(game, back.id), game.view(back).pt), (False, (2, 2)),
                 "戦場を離れて戻ったものは装着されていない")
