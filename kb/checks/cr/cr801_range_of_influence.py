"""The limited range of influence option (801): players sit in turn order, and a player's spells,
abilities and attacks reach only the players within so many seats, as seated when the turn began;
and the Emperor variant's attack rule (809.3c)."""

from __future__ import annotations

from functools import partial

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_basics import RUNECLAW_BEAR
from kb.checks.cards_copies import FACT_OR_FICTION
from kb.checks.cr.cr614_replacement_effects import PYROCLASM
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    Card,
    ChoiceKind,
    DamageDealt,
    Game,
    Indefinite,
    LayerPart,
    Resolution,
    Shield,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    actions,
    any_target,
    attached_to_this,
    becomes_blocked,
    card,
    control,
    creatures,
    influence,
    instructions,
    leaves,
    prevent_damage,
    target_player,
    teams,
    where,
)
from kb.engine.choices import Choice
from kb.engine.context import Context, Seeable
from kb.engine.parts import Layer, ModifyPT, Op
from kb.engine.triggers import Trigger
from kb.engine.turn_triggers import becomes_blocked_by


def _seated(players: list[str], first: str) -> list[str]:
    """The same table, in turn order from ``first``: the game starts in ``first``'s turn."""
    at = players.index(first)
    return players[at:] + players[:at]


SIX = ["A", "B", "C", "D", "E", "F"]
"""Six players around the table in turn order: B sits on A's left, F on A's right."""


def _shock_targets(game: Game, player: str) -> list[str]:
    """The players ``player`` can target with 《ショック》 now: each is tried, and a refused cast
    leaves the game as it was."""
    found = []
    for target in game.turn_order:
        if game.players[target].left:
            continue
        shock = in_hand(game, cards.SHOCK, player)
        give_mana(game, player, "{R}")
        if game.priority != player:
            game.pass_priority_to(player)
        checkpoint = game.checkpoint()
        try:
            game.cast(player, shock, targets=[target])
        except Exception:  # noqa: BLE001  (an illegal target: the cast is refused)
            game.restore(checkpoint)
            continue
        found.append(target)
        game.restore(checkpoint)
    return found


@check("801.2a@20260116.0@7308099a", "801.2@20260116.0@58108ef3", "801.2b@20260116.0@db6f8067",
       "801.4@20260116.0@0ef8c5d1", example=("801.2a#1@c3e27bcf", "801.2a#2@0577d196"))
def one_seat_or_two_seats_of_influence(expect: Expect) -> None:
    """状況: A〜Fの6人が順に座る多人数戦で、「影響範囲限定」選択ルールを使う。1つ目のゲームでは影響範囲は各1席、2つ目のゲーム
    では各2席。
    行動: Aが《ショック》を唱え、各プレイヤーを対象にしようとする。
    結果: 1席ならA自身と両隣のBとFだけを対象にできる。2席ならさらにもう1席隣のCとEまで対象にでき、向かいのDは対象にできない。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    expect.equal(_shock_targets(game, "A"), ["A", "B", "F"], "影響範囲1席：自分と両隣だけ")
    game = Game(SIX)
    influence.limit_range(game, 2)
    expect.equal(_shock_targets(game, "A"), ["A", "B", "C", "E", "F"], "影響範囲2席：もう1席隣まで")


@check("801.2c@20260116.0@990bb503", "801.2@20260116.0@58108ef3", "801.4@20260116.0@0ef8c5d1",
       "800.4a@20260116.0@be91bf57", example="801.2c#1@a297f4ea")
def leaving_brings_players_into_range_next_turn(expect: Expect) -> None:
    """状況: 影響範囲1席の4人戦。D、C、R、Aの順に座り、AはRの左隣、CはRの右隣、DはAの左隣にいる。Dのターン。
    行動: Rが投了してゲームを離れる。そのターンと、次のCのターンに、Aが《ショック》でCを対象にしようとする。
    結果: Rが離れたターンの間は、誰が誰の影響範囲にいるかはターンの開始時のままなので、CはAの影響範囲外。次のターンの開始時
    からはCがAの影響範囲に入り、対象にできる。"""
    game = Game(["D", "C", "R", "A"])
    influence.limit_range(game, 1)
    expect.equal(_shock_targets(game, "A"), ["D", "R", "A"], "初めはAの影響範囲はA、D、Rだけ")
    game.concede("R")
    expect.that("C" not in _shock_targets(game, "A"), "Rが離れたターンのうちは、CはまだAの影響範囲外")
    game.next_turn()
    expect.equal(game.active, "C", "Cのターン")
    expect.that("C" in _shock_targets(game, "A"), "次のターンの開始時から、CはAの影響範囲内")


@check("801.10@20260116.0@085a7c99", "801.2d@20260116.0@a7ccb407", example="801.10#1@adcd627c")
def pyroclasm_reaches_only_the_neighbours(expect: Expect) -> None:
    """状況: 影響範囲が各1席の6人戦。A〜Fのそれぞれが《灰色熊》をコントロールしている。
    行動: Aが《紅蓮地獄》（各クリーチャーに2点）を唱える。
    結果: ダメージを受けて死亡するのはA自身と両隣のBとFの熊だけ。C、D、Eの熊は影響範囲外なのでダメージを受けない。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    bears = {p: game.place(cards.GRIZZLY_BEARS, player=p) for p in SIX}
    pyroclasm = in_hand(game, PYROCLASM, "A")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", pyroclasm)
    game.resolve_stack()
    survivors = sorted(p for p, bear in bears.items() if bear.id in game.objects)
    expect.equal(survivors, ["C", "D", "E"], "A、B、Fの熊だけが死亡した")


def _coat_of_arms_bonus(context: Context, state: Seeable) -> Op:
    kin = creatures() & where("another creature that shares a creature type with it",
                              lambda c, o: o.id != state.id and bool(set(o.subtypes) & set(state.subtypes)),
                              ("subtypes",))
    count = len(kin.select(context))
    return ModifyPT(count, count)


COAT_OF_ARMS = real("旗印", card(
    "Coat of Arms", "{5}", "Artifact", StaticAbility(
        "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type "
        "with it.", (LayerPart(Layer.PT_MODIFYING, "+1/+1 for each other creature that shares a creature type",
                               _coat_of_arms_bonus),), creatures())))
"""旗印: each creature gets +1/+1 for each other creature sharing a creature type with it."""


@check("801.11@20260116.0@6f00bec4", "801.10@20260116.0@085a7c99", "613.4c@20260116.0@d67b3be5",
       example=("801.11#1@93774aab", "801.11#2@ae929fbf"))
def coat_of_arms_counts_what_its_controller_sees(expect: Expect) -> None:
    """状況: 影響範囲が各1席の6人戦。Aが《旗印》をコントロールしている。A〜Fのそれぞれが《灰色熊》をコントロールしている。
    FはAの右隣に座っている。
    行動: 各熊のパワーとタフネスを見る。
    結果: Aの熊は、Aと両隣のB、Fの熊だけを数えて+2/+2の4/4。Fの熊も、Fの影響範囲外であるBの熊を含め、Aの影響範囲内の熊を
    数えて4/4。Aの影響範囲外のC、D、Eの熊は修整を受けず2/2。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    game.place(COAT_OF_ARMS, player="A")
    bears = {p: game.place(cards.GRIZZLY_BEARS, player=p) for p in SIX}
    sizes = {p: game.view(bear).pt for p, bear in bears.items()}
    expect.equal(sizes["A"], (4, 4), "Aの熊は影響範囲内の他の熊2体ぶんで4/4")
    expect.equal(sizes["F"], (4, 4), "Fの熊はAの影響範囲内の熊（Fの影響範囲外のBの熊を含む）を数えて4/4")
    expect.equal((sizes["B"], sizes["C"], sizes["D"], sizes["E"]), ((4, 4), (2, 2), (2, 2), (2, 2)),
                 "Bの熊も4/4、影響範囲外のC、D、Eの熊は2/2のまま")


EMPEROR_SEATS = ["A1", "A2", "A3", "B1", "B2", "B3"]
"""Two Emperor teams around the table: A2 and B2 are the emperors, in the middle of their teams."""


@check("809.3c@20260116.0@a3d4402e", "809.3a@20260116.0@b7dc7282", "809.2@20260116.0@91671fce",
       "801.3@20260116.0@498d24d3", example="809.3c#1@caa509a7")
def emperors_cant_attack_each_other_at_first(expect: Expect) -> None:
    """状況: 皇帝戦。A1、A2、A3、B1、B2、B3の順に座り、A2とB2がそれぞれのチームの皇帝（影響範囲2）、他は将軍（影響範囲1）。
    皇帝A2は《灰色熊》をコントロールしている。A2のターン。
    行動: A2の熊が相手の皇帝B2や将軍B1を攻撃しようとし、A2が《ショック》で相手の将軍A1の隣のB3を対象にしようとする。
    結果: 皇帝は隣に座っている対戦相手しか攻撃できないので、ゲームの開始時にはどちらの皇帝も相手を攻撃できない。それでも
    相手の将軍B3は皇帝の影響範囲（2席）内なので、呪文の対象にはできる。"""
    game = Game(_seated(EMPEROR_SEATS, "A2"))
    teams.emperor(game, (EMPEROR_SEATS[:3], EMPEROR_SEATS[3:]))
    influence.limit_range(game, {"A1": 1, "A2": 2, "A3": 1, "B1": 1, "B2": 2, "B3": 1})
    bears = game.place(cards.GRIZZLY_BEARS, player="A2")
    game.advance_to(Step.DECLARE_ATTACKERS)
    for defender in ("B2", "B1"):
        expect.refused(partial(game.declare_attackers, {bears: defender}), f"皇帝A2は{defender}を攻撃できない")
    game.declare_attackers({})
    game.advance_to(Step.END_OF_COMBAT)
    reachable = _shock_targets(game, "A2")
    expect.that("B3" in reachable and "B2" not in reachable,
                "相手の将軍B3は皇帝A2の影響範囲内で対象にできるが、相手の皇帝B2は範囲外")


def _extract(resolution: Resolution) -> None:
    game = resolution.game
    chosen = resolution.targets(0)
    if chosen and game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "have the target player mill two cards?",
                                          (True, False))):
        instructions.mill(game, str(chosen[0]), 2)


EXTRACTOR_DEMON = real("絞り取る悪魔", card(
    "Extractor Demon", "{4}{B}{B}", "Creature — Demon", 5, 5, "flying",
    TriggeredAbility("Whenever another creature leaves the battlefield, you may have target player mill two cards.",
                     leaves(creatures(other=True)), _extract, (target_player(),))))
"""絞り取る悪魔 (its unearth is left out: no check here needs it)."""


@check("801.7a@20260116.0@6f6f9b88", "801.7@20260116.0@464dc187", "603.10a@20260116.0@ea7c52c5",
       "603.6c@20260116.0@6516b9fe", example="801.7a#1@8fee2582")
def extractor_demons_see_the_creature_leave_where_it_was(expect: Expect) -> None:
    """状況: 影響範囲1席の4人戦。A、X、C、Yの順に座り、AとCは互いの影響範囲外。CはAがオーナーである《ルーン爪の熊》を
    コントロールしている。AとCはそれぞれ《絞り取る悪魔》をコントロールしている。
    行動: 熊が破壊され、Aの墓地に置かれる。Cは自分を対象に選び、カード2枚を切削することを選ぶ。
    結果: 戦場を離れるイベントはCの影響範囲内で起こったので、Cの悪魔の能力は誘発する。Aの影響範囲外で起こったので、Aの悪魔の
    能力は誘発しない（熊がAの墓地に置かれても）。"""
    game = Game(["A", "X", "C", "Y"])
    influence.limit_range(game, 1)
    game.place(EXTRACTOR_DEMON, player="A")
    game.place(EXTRACTOR_DEMON, player="C")
    bear = game.place(RUNECLAW_BEAR, player="C", owner="A")
    game.destroy(bear)
    expect.equal(game.current(bear).zone, Zone.GRAVEYARD, "熊はオーナーのAの墓地に置かれた")
    expect.equal([p.controller for p in game.pending], ["C"], "誘発したのはCの悪魔の能力だけ")
    game.choices.script(ChoiceKind.TARGETS, "C", player="C")
    game.choices.script(ChoiceKind.MAY, True, player="C")
    game.resolve_stack()
    expect.equal((len(game.graveyard("C")), len(game.graveyard("A"))), (2, 1), "Cが2枚切削し、Aの墓地には熊だけ")


WARD_OFF_CREATURES = card("Test Creature Ward", "{2}{W}", "Enchantment", StaticAbility(
    "Prevent all damage that would be dealt by creatures.", replacements=(prevent_damage(
        by=creatures(), text="Prevent all damage that would be dealt by creatures."),)))
"""Test: an enchantment, "Prevent all damage that would be dealt by creatures"."""

FIVE = ["A", "R", "C", "Y", "X"]
"""Five players, range 1: R and X sit next to A; C and Y are outside A's range."""


def _attack(game: Game, attacker: str, defender: str) -> None:
    """In ``attacker``'s turn, a 《灰色熊》 of theirs attacks ``defender``, unblocked."""
    bears = game.place(cards.GRIZZLY_BEARS, player=attacker)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: defender})
    game.advance_to(Step.END_OF_COMBAT)


@check("801.13b@20260116.0@e0e11413", "801.13@20260116.0@f1afa1c6", "615.1a@20260116.0@34219692",
       example="801.13b#1@31be72f7")
def prevention_from_a_source_out_of_range_does_nothing(expect: Expect) -> None:
    """状況: 影響範囲1席の5人戦。A、R、C、Y、Xの順に座り、RとXはAの影響範囲内、CとYは範囲外。Aは「クリーチャーが与える
    すべてのダメージを軽減する」というテスト用エンチャントをコントロールしている。
    行動: 1つ目のゲームではXの《灰色熊》がAを攻撃する。2つ目のゲームではCの熊がRを攻撃する。
    結果: Xの熊はAの影響範囲内なので、そのダメージは軽減される。Cの熊は影響範囲外の発生源なので軽減されず、Rは通常通り戦闘
    ダメージを受ける。"""
    game = Game(_seated(FIVE, "X"))
    influence.limit_range(game, 1)
    game.place(WARD_OFF_CREATURES, player="A")
    _attack(game, "X", "A")
    expect.equal(game.players["A"].life, 20, "Aの影響範囲内のXの熊のダメージは軽減された")
    game = Game(_seated(FIVE, "C"))
    influence.limit_range(game, 1)
    game.place(WARD_OFF_CREATURES, player="A")
    _attack(game, "C", "R")
    expect.equal(game.players["R"].life, 18, "影響範囲外のCの熊のダメージは軽減されず、Rは2点を受けた")


def _lightning_blast(resolution: Resolution) -> None:
    chosen = resolution.targets(0)
    if chosen and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, chosen[0], 4)


LIGHTNING_BLAST = real("電撃破", card("Lightning Blast", "{3}{R}", "Instant", spell=SpellAbility(
    "Lightning Blast deals 4 damage to any target.", _lightning_blast, (any_target(),))))


def _mending_hands(resolution: Resolution) -> None:
    chosen = resolution.targets(0)
    if chosen:
        shield = Shield(4, chosen[0])
        resolution.create_effect("prevent the next 4 damage", duration=UntilEndOfTurn(),
                                 replacements=[shield.replacement("Prevent the next 4 damage to it this turn.")])


MENDING_HANDS = real("繕いの手", card("Mending Hands", "{W}", "Instant", spell=SpellAbility(
    "Prevent the next 4 damage that would be dealt to any target this turn.", _mending_hands, (any_target(),))))


@check("801.13b@20260116.0@e0e11413", "615.7@20260116.0@2a64a76e", "801.4@20260116.0@0ef8c5d1",
       example="801.13b#2@25f0473f")
def mending_hands_shields_a_player_in_range(expect: Expect) -> None:
    """状況: 影響範囲1席の5人戦。A、R、C、Y、Xの順に座り、RはAの影響範囲内、Cは範囲外。Cのターン。
    行動: CがRを対象に《電撃破》（4点）を唱え、それに対応してAがRを対象に《繕いの手》（次の4点を軽減）を唱える。
    結果: 軽減先のRがAの影響範囲内なので、発生源のCが範囲外でもRへのダメージは軽減される。"""
    game = Game(_seated(FIVE, "C"))
    influence.limit_range(game, 1)
    blast = in_hand(game, LIGHTNING_BLAST, "C")
    give_mana(game, "C", "{3}{R}")
    game.cast("C", blast, targets=["R"])
    hands = in_hand(game, MENDING_HANDS, "A")
    give_mana(game, "A", "{W}")
    game.pass_priority_to("A")
    game.cast("A", hands, targets=["R"])
    game.resolve_stack()
    expect.equal(len(game.events(DamageDealt)), 0, "電撃破のダメージはすべて軽減された")
    expect.equal(game.players["R"].life, 20, "Rはダメージを受けなかった")


def _fog(resolution: Resolution) -> None:
    resolution.create_effect("prevent all combat damage this turn", duration=UntilEndOfTurn(), replacements=[
        prevent_damage(combat_only=True, text="Prevent all combat damage that would be dealt this turn.")])


FOG = real("濃霧", card("Fog", "{G}", "Instant", spell=SpellAbility(
    "Prevent all combat damage that would be dealt this turn.", _fog)))


@check("801.13b@20260116.0@e0e11413", "615.1a@20260116.0@34219692", "510.2@20260116.0@74dbde6b",
       example="801.13b#3@d4683822")
def fog_stops_only_what_is_all_in_range(expect: Expect) -> None:
    """状況: 影響範囲1席の5人戦。A、R、C、Y、Xの順に座り、RとXはAの影響範囲内、Cは範囲外。
    行動: 1つ目のゲームでは、Xの《灰色熊》がAを攻撃し、Aの熊がブロックしたあとでAが《濃霧》を唱える。2つ目のゲームでは、
    Cの熊がRを攻撃し、Rの熊がブロックしたあとでAが濃霧を唱える。
    結果: 発生源も軽減先も特定しない濃霧は、両方がAの影響範囲内にあるダメージだけを軽減する。1つ目のゲームでは熊はどちらも
    生き残る。2つ目のゲームではCの熊は範囲外なので、Cの熊とRの熊はお互いに戦闘ダメージを与えあい、どちらも死亡する。"""
    for attacker, defender in (("X", "A"), ("C", "R")):
        game = Game(_seated(FIVE, attacker))
        influence.limit_range(game, 1)
        attacking = game.place(cards.GRIZZLY_BEARS, player=attacker)
        blocking = game.place(cards.GRIZZLY_BEARS, player=defender)
        game.advance_to(Step.DECLARE_ATTACKERS)
        game.declare_attackers({attacking: defender})
        game.advance_to(Step.DECLARE_BLOCKERS)
        game.declare_blockers({blocking: attacking})
        fog = in_hand(game, FOG, "A")
        give_mana(game, "A", "{G}")
        game.pass_priority_to("A")
        game.cast("A", fog)
        game.resolve_stack()
        game.advance_to(Step.END_OF_COMBAT)
        alive = (attacking.id in game.objects, blocking.id in game.objects)
        if attacker == "X":
            expect.equal(alive, (True, True), "Aの影響範囲内のXとAの熊の戦闘ダメージは軽減された")
        else:
            expect.equal(alive, (False, False), "範囲外のCの熊とRの熊は互いに戦闘ダメージを与えあった")


@check("801.5c@20260116.0@46944b5c", "801.5a@20260116.0@e7605610", "809.3a@20260116.0@b7dc7282",
       example="801.5c#1@034ebfa4")
def the_nearest_opponent_on_the_left_splits_the_piles(expect: Expect) -> None:
    """状況: 影響範囲が各1席の皇帝戦。A1、A2、A3、B1、B2、B3の順に座り、A2とB2が皇帝。皇帝A2の両隣はチームメイトで、
    影響範囲内に対戦相手はいない。
    行動: A2が《嘘か真か》を唱える。束に分けた対戦相手は、公開された5枚のうち2枚を1つ目の束にし、A2は1つ目の束を手札に入れる。
    結果: 影響範囲内に選択を行える対戦相手がいないので、A2の左側でもっとも近い対戦相手のB1が束に分ける。A2は2枚を手札に
    入れ、3枚を墓地に置く。"""
    game = Game(_seated(EMPEROR_SEATS, "A2"))
    teams.emperor(game, (EMPEROR_SEATS[:3], EMPEROR_SEATS[3:]))
    influence.limit_range(game, 1)
    hand = len(game.hand("A2"))
    game.choices.script(ChoiceKind.OBJECTS, lambda c: list(game.players["A2"].library[-2:]), player="B1")
    game.choices.script(ChoiceKind.OBJECT, lambda c: next(p for p in c.options if len(p) == 2), player="A2")
    fact = in_hand(game, FACT_OR_FICTION, "A2")
    give_mana(game, "A2", "{3}{U}")
    game.cast("A2", fact)
    game.resolve_stack()
    separators = [c.player for c, _ in game.choices.asked if c.kind is ChoiceKind.OBJECTS]
    expect.equal(separators, ["B1"], "A2の左側でもっとも近い対戦相手のB1が束に分けた")
    expect.equal((len(game.hand("A2")) - hand, len(game.graveyard("A2"))), (2, 4),
                 "A2は2枚の束を手札に入れ、3枚を（嘘か真かとともに）墓地に置いた")


def _aura(name: str, trigger: Trigger, text: str) -> Card:
    return card(name, "{1}", "Enchantment — Aura", "enchant creature",
                TriggeredAbility(text, trigger, lambda r: r.game.gain_life(r.controller, 1)))


BLOCKED_AURA = _aura("Test Blocked Aura", becomes_blocked(attached_to_this()),
                     "Whenever enchanted creature becomes blocked, you gain 1 life.")
"""Test: an Aura, "Whenever enchanted creature becomes blocked, you gain 1 life"."""
BLOCKED_BY_AURA = _aura("Test Blocked-By Aura", becomes_blocked_by(attached_to_this(), creatures()),
                        "Whenever enchanted creature becomes blocked by a creature, you gain 1 life.")
"""Test: an Aura, "Whenever enchanted creature becomes blocked by a creature, you gain 1 life"."""


@check("801.7@20260116.0@464dc187", "509.3c@20260116.0@c2f8aa9f", "509.3d@20260116.0@740a18b3",
       example="801.7#1@9fd88dba")
def a_trigger_event_must_be_wholly_in_range(expect: Expect) -> None:
    """状況: 影響範囲1席の4人戦。R、A、L、Zの順に座り、AはRの左隣、LはAの左隣で、LはRの影響範囲外。Rは「エンチャントされている
    クリーチャーがブロックされるたび」と「エンチャントされているクリーチャーがクリーチャー1体にブロックされるたび」に誘発する
    テスト用オーラ2つを、Aの《ルーン爪の熊》につけている。
    行動: Aのターンに、熊がLを攻撃し、Lの《灰色熊》にブロックされる。
    結果: 熊がブロックされるというイベントはRの影響範囲内で完結しているので、1つ目のオーラは誘発する。2つ目のオーラの誘発
    イベントにはRの影響範囲外のブロック・クリーチャーが関わるので、誘発しない。"""
    game = Game(["A", "L", "Z", "R"])  # R, A, L, Z around the table, in A's turn
    influence.limit_range(game, 1)
    bear = game.place(RUNECLAW_BEAR, player="A")
    game.place(BLOCKED_AURA, player="R", attached_to=bear)
    game.place(BLOCKED_BY_AURA, player="R", attached_to=bear)
    blocker = game.place(cards.GRIZZLY_BEARS, player="L")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bear: "L"})
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({blocker: bear})
    expect.equal([item.text for item in game.stack], ["Whenever enchanted creature becomes blocked, you gain 1 life."],
                 "誘発したのはブロックされたことに誘発するオーラだけ")


def _you_win(resolution: Resolution) -> None:
    actions.win(resolution.game, resolution.controller)


TEST_VICTORY = card("Test Victory", "{W}", "Sorcery", spell=SpellAbility("You win the game.", _you_win))
"""Test: a sorcery, "You win the game"."""


@check("801.14@20260116.0@c24745b8", "104.2b@20260116.0@fd8765d2", "800.4@20260116.0@9f544b67")
def winning_makes_the_opponents_in_range_lose(expect: Expect) -> None:
    """状況: 影響範囲が各1席の6人戦。A〜Fの順に座っている。
    行動: Aが「あなたはゲームに勝利する」というテスト用の呪文を唱える。
    結果: Aが勝利する代わりに、Aの影響範囲内の対戦相手であるBとFがゲームに敗北し、残りの4人でゲームが続く。"""
    game = Game(SIX)
    influence.limit_range(game, 1)
    victory = in_hand(game, TEST_VICTORY, "A")
    give_mana(game, "A", "{W}")
    game.cast("A", victory)
    game.resolve_stack()
    expect.equal(sorted(p for p in SIX if game.players[p].lost), ["B", "F"], "Aの影響範囲内の対戦相手BとFが敗北した")
    expect.that(not game.over and game.apnap() == ["A", "C", "D", "E"], "A、C、D、Eでゲームは続く")


@check("809.5b@20260116.0@b9746277", "809.5a@20260116.0@cfb1d92d", "809.5@20260116.0@c5dc5de7",
       "809.1@20260116.0@638a9099", "104.3b@20260116.0@1c5b6903")
def the_team_falls_with_its_emperor(expect: Expect) -> None:
    """状況: 影響範囲を使わない皇帝戦。A1、A2、A3、B1、B2、B3の順に座り、A2とB2が皇帝。
    行動: 将軍B1のライフが0点になり、状況起因処理が行われる。続いて皇帝B2のライフが0点になる。
    結果: 将軍が敗北してもそのチームは負けない。皇帝B2が敗北すると、B2のチームが負け、A2のチームが勝利する。"""
    game = Game(EMPEROR_SEATS)
    teams.emperor(game, (EMPEROR_SEATS[:3], EMPEROR_SEATS[3:]))
    game.lose_life("B1", 20)
    game.refresh_priority()
    expect.that(game.players["B1"].lost and not game.players["B3"].lost and not game.over,
                "将軍B1だけが敗北し、ゲームは続く")
    game.lose_life("B2", 20)
    game.refresh_priority()
    expect.that(game.players["B3"].lost and game.over and sorted(game.winners) == ["A1", "A2", "A3"],
                "皇帝B2が敗北するとそのチームが負け、A2のチームが勝利する")


@check("801.8@20260116.0@b7e6d810", "801.9@20260116.0@88b289e5", "704.5m@20260116.0@d032e5a1",
       "704.5n@20260116.0@5cb3a8d1", "801.2d@20260116.0@a7ccb407")
def auras_and_equipment_stay_within_range(expect: Expect) -> None:
    """状況: 影響範囲1席の4人戦。R、A、L、Zの順に座り、LはRの影響範囲外。Rは《聖なる力》と《骨断ちの矛槍》を、Aの
    《ルーン爪の熊》につけている。
    行動: 効果によってLが熊のコントロールを得て、状況起因処理が行われる。
    結果: 熊はRの影響範囲外になったので、聖なる力はRの墓地に置かれ、骨断ちの矛槍ははずれて戦場に残る。"""
    game = Game(["R", "A", "L", "Z"])
    influence.limit_range(game, 1)
    bear = game.place(RUNECLAW_BEAR, player="A")
    aura = game.place(cards.HOLY_STRENGTH, player="R", attached_to=bear)
    sword = game.place(cards.BONESPLITTER, player="R", attached_to=bear)
    game.refresh_priority()
    expect.that(aura.attached_to == bear.id and sword.attached_to == bear.id and game.view(bear).pt == (5, 4),
                "Aの熊はRの影響範囲内で、オーラも装備品もついている")
    game.create_effect("L gains control of the bear", [control("L")], [bear], Indefinite())
    game.refresh_priority()
    expect.equal(game.current(aura).zone, Zone.GRAVEYARD, "聖なる力はRの墓地に置かれた")
    expect.that(sword.id in game.objects and sword.attached_to is None, "骨断ちの矛槍ははずれて戦場に残った")
