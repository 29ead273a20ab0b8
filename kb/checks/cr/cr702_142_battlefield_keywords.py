"""Keyword abilities from 702.142 onwards that work on the battlefield: boast, reconfigure, living
metal, backup, saddle, exhaust, station, Job select, firebending, ravenous; and mentoring (702.134c)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    ActivatedAbility,
    AttackersDeclared,
    ChoiceKind,
    Game,
    GameObject,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    cost,
    face,
    gain,
    lose_all_abilities,
    modify_pt,
    modify_pt_by,
    token,
)
from kb.engine.conditions import Number
from kb.engine.keywords_new import boast, boasts, exhaust, firebends, is_saddled
from kb.engine.keywords_recent import mentors
from kb.engine.selectors import attached_to_this, this_object
from kb.engine.triggers import TriggerContext, on_event

# -- cards -------------------------------------------------------------------------------------------


def _warrior_token(resolution: Resolution) -> None:
    resolution.game.create_token(HUMAN_WARRIOR, resolution.controller)


HUMAN_WARRIOR = token(None, "Creature — Human Warrior", 1, 1, colors="W")
USHER_OF_THE_FALLEN = real("堕ちたる者の案内者", card(
    "Usher of the Fallen", "{W}", "Creature — Human Warrior", 2, 1,
    boast("{1}{W}", "Create a 1/1 white Human Warrior creature token.", _warrior_token)))
"""堕ちたる者の案内者: 誇示で1/1の白の人間・戦士・トークンを生成する。"""


def _gain_a_life(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


BOAST_WATCHER = card("Test Skald", "{1}{R}", "Creature — Human Shaman", 1, 1,
                     TriggeredAbility("Whenever you boast, you gain 1 life.", boasts(), _gain_a_life))
"""A made-up creature: whenever its controller boasts, they gain 1 life."""

LIZARD_BLADES = real("蜥蜴丸", card(
    "Lizard Blades", "{1}{R}", "Artifact Creature — Equipment Lizard", 1, 1, "double strike",
    StaticAbility("Equipped creature has double strike.", (gain("double strike"),), attached_to_this()),
    "reconfigure {2}"))
"""蜥蜴丸: 二段攻撃を持つ1/1の装備品クリーチャー。装備しているクリーチャーは二段攻撃を持つ。換装{2}。"""

LIVING_VEHICLE = card("Test Living Vehicle", "{3}", "Artifact — Vehicle", 4, 4, "living metal")
"""A made-up Vehicle with living metal (the Transformers cards are not in the name list)."""

BOON_BRINGER_VALKYRIE = real("加護をもたらす戦乙女", card(
    "Boon-Bringer Valkyrie", "{3}{W}{W}", "Creature — Angel Warrior", 4, 4,
    "backup 1", "flying", "first strike", "lifelink"))
"""加護をもたらす戦乙女: 賛助1、その下に飛行、先制攻撃、絆魂。"""
BACKUP_BELOW = card("Test Backup Trainer", "{2}{G}", "Creature — Human Warrior", 2, 2, "trample", "backup 2",
                    "vigilance")
"""A made-up creature with trample printed above backup 2 and vigilance below it."""


def _charges(t: TriggerContext) -> int:
    e = t.event
    return int(isinstance(e, AttackersDeclared) and t.source.id in e.attackers and is_saddled(t.game, t.source.id))


def _charge(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        from kb.engine import UntilEndOfTurn

        resolution.create_effect("+1/+2 and menace", [modify_pt(1, 2), gain("menace")], [resolution.source_id],
                                 UntilEndOfTurn())


QUILLED_CHARGER = real("針毛の突撃者", card(
    "Quilled Charger", "{3}{R}", "Creature — Porcupine Mount", 4, 3,
    TriggeredAbility("Whenever this creature attacks while saddled, it gets +1/+2 and gains menace until end of turn.",
                     on_event("whenever this creature attacks while saddled", (AttackersDeclared,), _charges), _charge),
    "saddle 2"))
"""針毛の突撃者: 騎乗した状態で攻撃するたび、ターン終了時まで+1/+2の修整と威迫を得る。騎乗2。"""


def _draw(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


EXHAUST_ENGINE = card("Test Exhaust Engine", "{2}", "Artifact", exhaust("{1}", "Draw a card.", _draw))
"""A made-up artifact: "Exhaust — {1}: Draw a card.\""""
STATION_SHIP = card("Test Starship", "{2}", "Artifact — Spacecraft", "station")
"""A made-up Spacecraft with station (its charge-counter thresholds are left out)."""
LION_BLADE = card("Test Job Blade", "{1}", "Artifact — Equipment",
                  StaticAbility("Equipped creature gets +1/+0.", (modify_pt(1, 0),), attached_to_this()),
                  "job select")
"""A made-up Equipment with Job select whose equipped creature gets +1/+0 (its equip ability left out)."""


# -- helpers ---------------------------------------------------------------------------------------


def attack(game: Game, attackers: list[GameObject]) -> None:
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(attackers)
    game.resolve_stack()


def main_phase_two(game: Game) -> None:
    from kb.engine.turn import Phase

    game.advance_to(Phase.POSTCOMBAT_MAIN)


# -- 702.142 boast -------------------------------------------------------------------------------------------


@check("702.142a@20260116.0@eafe0167", "602.5b@20260116.0@84d8225a")
def boast_only_after_attacking_once_a_turn(expect: Expect) -> None:
    """状況: Aの《堕ちたる者の案内者》（2/1、誇示―{1}{W}：1/1の人間・戦士・トークンを生成する）。
    行動: 攻撃する前に誇示を起動しようとする。攻撃したあと起動し、同じターンにもう一度起動しようとする。
    結果: 攻撃前は起動できない。攻撃後は起動でき、トークンが1体生成される。同じターンの2回目は起動できない。"""
    game = Game(["A", "B"])
    usher = game.place(USHER_OF_THE_FALLEN)
    game.add_mana("A", "{C}{W}")
    expect.refused(lambda: game.activate("A", usher), "攻撃していないターンには起動できない")
    attack(game, [usher])
    game.add_mana("A", "{C}{W}")
    game.activate("A", usher)
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 2, "攻撃したあとは起動でき、トークン1体")
    game.add_mana("A", "{C}{W}")
    expect.refused(lambda: game.activate("A", usher), "1ターンに1回しか起動できない")


@check("702.142b@20260116.0@dc8d5467")
def boasting_is_activating_a_boast_ability(expect: Expect) -> None:
    """状況: Aの《堕ちたる者の案内者》と、「あなたが誇示するたび、1点のライフを得る」を持つテスト用のクリーチャー。
    行動: 案内者で攻撃し、誇示能力を起動する。
    結果: 誇示能力を起動したことが誇示したことであり、Aは1点のライフを得る。起動する前には誘発していない。"""
    game = Game(["A", "B"])
    usher = game.place(USHER_OF_THE_FALLEN)
    game.place(BOAST_WATCHER)
    attack(game, [usher])
    expect.equal(game.players["A"].life, 20, "攻撃しただけでは誘発しない")
    game.add_mana("A", "{C}{W}")
    game.activate("A", usher)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "誇示して1点得る")


# -- 702.151 reconfigure -----------------------------------------------------------------------------------


@check("702.151a@20260116.0@de520590", "702.151b@20260116.0@112becb7", "704.5p@20260116.0@838d1560",
       "602.5d@20260116.0@1624fba4")
def reconfigure_attaches_and_stops_being_a_creature(expect: Expect) -> None:
    """状況: Aの《蜥蜴丸》（1/1の装備品クリーチャー、二段攻撃、換装{2}）と《灰色熊》。
    行動: 戦闘中に換装しようとする。メイン・フェイズに換装で熊につけ、次にはずす。
    結果: ソーサリーとしてしか起動できない。つけられた蜥蜴丸はクリーチャーではなくなり、はずれずに熊につき続け、熊は二段攻撃を持つ。はずすと再びクリーチャーになる。"""
    game = Game(["A", "B"])
    blades = game.place(LIZARD_BLADES)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.add_mana("A", "{C}{C}")
    expect.refused(lambda: game.activate("A", blades, 0, targets=[bears]), "戦闘中には換装できない")
    main_phase_two(game)
    game.add_mana("A", "{C}{C}")
    game.activate("A", blades, 0, targets=[bears])
    game.resolve_stack()
    expect.that(blades.attached_to == bears.id, "熊についた")
    expect.that(not game.view(blades).is_a("Creature"), "ついている間はクリーチャーではない")
    expect.that(game.view(bears).has("double strike"), "熊は二段攻撃を持つ")
    game.add_mana("A", "{C}{C}")
    game.activate("A", blades, 1)
    game.resolve_stack()
    expect.that(blades.attached_to is None and game.view(blades).is_a("Creature"), "はずすとクリーチャーに戻る")


# -- 702.161 living metal ----------------------------------------------------------------------------------


@check("702.161a@20260116.0@27ca03b0", "301.7b@20260116.0@8c9a31b5")
def living_metal_on_your_turn(expect: Expect) -> None:
    """状況: Aの、金属生命体を持つテスト用の機体（4/4）。
    行動: Aのターンと、Bのターンに、それがクリーチャーかどうかを見る。
    結果: Aのターンには4/4のアーティファクト・クリーチャーで、攻撃できる。Bのターンにはクリーチャーではない。"""
    game = Game(["A", "B"])
    vehicle = game.place(LIVING_VEHICLE)
    view = game.view(vehicle)
    expect.that(view.is_a("Creature") and view.is_a("Artifact") and view.pt == (4, 4),
                "自分のターンには4/4のアーティファクト・クリーチャー")
    game.next_turn("B")
    expect.that(not game.view(vehicle).is_a("Creature"), "対戦相手のターンにはクリーチャーではない")
    game.next_turn("A")
    attack(game, [vehicle])
    expect.equal(game.players["B"].life, 20, "攻撃クリーチャー指定ではまだダメージはない")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 16, "自分のターンには攻撃して4点")


# -- 702.165 backup --------------------------------------------------------------------------------------


@check("702.165a@20260116.0@9a5048c4")
def backup_on_another_creature(expect: Expect) -> None:
    """状況: Aの《灰色熊》。手札に《加護をもたらす戦乙女》（4/4、賛助1、飛行、先制攻撃、絆魂）が2枚。
    行動: 1枚目を唱えて賛助で熊を対象にする。2枚目を唱えて賛助で自身を対象にする。
    結果: 熊は+1/+1カウンター1個で3/3になり、ターン終了時まで飛行、先制攻撃、絆魂を得る。次のターンには失う。自身を対象にした戦乙女には+1/+1カウンターが置かれるだけである。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    cast(game, "A", BOON_BRINGER_VALKYRIE)
    view = game.view(bears)
    expect.that(view.pt == (3, 3) and view.has("flying") and view.has("first strike") and view.has("lifelink"),
                "熊は3/3で、飛行、先制攻撃、絆魂を得る")
    expect.that(not view.has("backup"), "賛助そのものは与えられない")
    game.next_turn("B")
    expect.that(not game.view(bears).has("flying") and game.view(bears).pt == (3, 3), "ターン終了時に能力は消える")
    game.next_turn("A")
    [first] = [o for o in game.creatures("A") if o.card is BOON_BRINGER_VALKYRIE]
    game.choices.script(ChoiceKind.TARGETS, lambda c: next(o for o in c.options if o not in (bears, bears.id, first,
                                                                                             first.id)), player="A")
    cast(game, "A", BOON_BRINGER_VALKYRIE)
    [second] = [o for o in game.creatures("A") if o.card is BOON_BRINGER_VALKYRIE and o.id != first.id]
    expect.that(game.view(second).pt == (5, 5) and game.view(bears).pt == (3, 3), "自身を対象にした戦乙女には+1/+1カウンター")


@check("702.165a@20260116.0@9a5048c4", "702.165c@20260116.0@00b3db51", "702.165d@20260116.0@a764564c")
def backup_gives_only_printed_abilities_below(expect: Expect) -> None:
    """状況: Aの《灰色熊》。手札に、上から順にトランプル、賛助2、警戒が記されたテスト用のクリーチャー。それは効果で飛行も得ることになる。
    行動: それを唱え、賛助の誘発がスタックにある間に、それはすべての能力を失い、飛行を得る。賛助で熊を対象にする。
    結果: 熊は+1/+1カウンター2個で4/4になり、警戒だけを得る。上に記されたトランプルも、あとから得た飛行も与えられず、能力を失ったことも関係しない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    cast(game, "A", BACKUP_BELOW, resolve=False)
    game.resolve_top()
    trainer = next(o for o in game.creatures("A") if o.card is BACKUP_BELOW)
    expect.that(len(game.stack) == 1, "賛助の誘発がスタックにある")
    game.create_effect("loses all abilities", [lose_all_abilities()], [trainer])
    game.create_effect("gains flying", [gain("flying")], [trainer])
    game.resolve_stack()
    view = game.view(bears)
    expect.that(view.pt == (4, 4) and view.has("vigilance"), "熊は4/4で警戒を得る")
    expect.that(not view.has("trample") and not view.has("flying"), "上に記されたトランプルや得た飛行は与えられない")


@check("702.165b@20260116.0@c93ce45d")
def backup_on_a_copy_keeps_the_order(expect: Expect) -> None:
    """状況: Aの《灰色熊》。トランプル、賛助2、警戒がこの順に記されたテスト用のクリーチャーのコピーであるトークンを生成する。
    行動: トークンが戦場に出て、賛助で熊を対象にする。
    結果: 記された順番はコピーでも保たれ、熊は+1/+1カウンター2個と警戒を得て、トランプルは得ない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    original = game.place(BACKUP_BELOW, Zone.GRAVEYARD)
    from kb.engine import copiable_values
    from kb.engine.cards import Card

    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.create_token(Card(copiable_values(game, original), is_token=True), "A")
    game.resolve_stack()
    view = game.view(bears)
    expect.that(view.pt == (4, 4) and view.has("vigilance") and not view.has("trample"), "コピーも下の警戒だけを与える")


# -- 702.171 saddle ------------------------------------------------------------------------------------------


@check("702.171a@20260116.0@e6c0c0e9", "702.171b@20260116.0@75392fec")
def saddle_taps_power_and_lasts_the_turn(expect: Expect) -> None:
    """状況: Aの《針毛の突撃者》（4/3、騎乗2）と《羽ばたき飛行機械》（0/2）。あとから《灰色熊》（2/2）。
    行動: 飛行機械しかいない状態で騎乗しようとする。熊が出たあと熊をタップして騎乗し、突撃者で攻撃する。次のターンにも攻撃する。
    結果: パワーの合計が2に満たないと騎乗できない。熊で騎乗すると突撃者は騎乗された状態になり、攻撃すると+1/+2と威迫を得る。騎乗された状態はターン終了時に終わり、次のターンの攻撃では誘発しない。"""
    game = Game(["A", "B"])
    charger = game.place(QUILLED_CHARGER)
    game.place(cards.ORNITHOPTER)
    expect.refused(lambda: game.activate("A", charger), "パワーの合計が足りない")
    expect.that(not is_saddled(game, charger), "はじめは騎乗されていない")
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, [bears], player="A")
    game.activate("A", charger)
    game.resolve_stack()
    expect.that(is_saddled(game, charger) and bears.tapped, "熊をタップして騎乗された")
    attack(game, [charger])
    view = game.view(charger)
    expect.that(view.pt == (5, 5) and view.has("menace"), "騎乗された状態で攻撃して+1/+2と威迫")
    game.next_turn("B")
    expect.that(not is_saddled(game, charger), "ターン終了時に騎乗された状態は終わる")
    game.next_turn("A")
    attack(game, [charger])
    expect.equal(game.view(charger).pt, (4, 3), "騎乗されずに攻撃しても誘発しない")


@check("702.171c@20260116.0@0757373e")
def creatures_tapped_for_saddle_saddle_it(expect: Expect) -> None:
    """状況: Aの《針毛の突撃者》（騎乗2）と《灰色熊》、《羽ばたき飛行機械》。
    行動: 熊と飛行機械をタップして騎乗する。
    結果: コストのためにタップした熊と飛行機械が突撃者に騎乗したクリーチャーである。"""
    from kb.engine.keywords_new import Saddled

    game = Game(["A", "B"])
    charger = game.place(QUILLED_CHARGER)
    bears = game.place(cards.GRIZZLY_BEARS)
    thopter = game.place(cards.ORNITHOPTER)
    game.choices.script(ChoiceKind.OBJECT, [bears, thopter], player="A")
    game.activate("A", charger)
    saddled = game.events(Saddled)
    expect.that(len(saddled) == 1 and saddled[0].mount == charger.id and set(saddled[0].by) == {bears.id, thopter.id},
                "熊と飛行機械が騎乗した")


# -- 702.177 exhaust -------------------------------------------------------------------------------------------


@check("702.177a@20260116.0@3fc59cc6")
def exhaust_only_once(expect: Expect) -> None:
    """状況: Aの、「消尽 ― {1}：カード1枚を引く」を持つテスト用のアーティファクト。ライブラリーにカード3枚。
    行動: 消尽能力を起動し、次のターンにもう一度起動しようとする。アーティファクトがいったん手札に戻り再び戦場に出たあと、起動する。
    結果: 1回目は起動でき1枚引く。次のターンでも2回目は起動できない。新しいオブジェクトになれば再び起動できる。"""
    game = Game(["A", "B"])
    for _ in range(3):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    engine = game.place(EXHAUST_ENGINE)
    game.add_mana("A", "{C}")
    game.activate("A", engine)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 1, "1枚引いた")
    game.next_turn("B")
    game.next_turn("A")
    game.add_mana("A", "{C}")
    expect.refused(lambda: game.activate("A", engine), "2回目は起動できない")
    game.move(engine, Zone.HAND)
    again = game.put_onto_battlefield(game.current(engine), "A")
    assert again is not None
    game.add_mana("A", "{C}")
    game.activate("A", again)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 3, "新しいオブジェクトなら再び起動できる")


# -- 702.184 station -----------------------------------------------------------------------------------------


@check("702.184a@20260116.0@49e92a09")
def station_counts_the_tapped_creatures_power(expect: Expect) -> None:
    """状況: Aの、配備を持つテスト用の宇宙船と《大喰らいのワーム》（6/4）。
    行動: 戦闘中に配備しようとする。メイン・フェイズにワームをタップして配備する。
    結果: ソーサリーとしてしか起動できない。配備するとワームのパワーに等しい6個の蓄積カウンターが置かれる。"""
    game = Game(["A", "B"])
    ship = game.place(STATION_SHIP)
    wurm = game.place(cards.CRAW_WURM)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.refused(lambda: game.activate("A", ship), "戦闘中には起動できない")
    main_phase_two(game)
    game.activate("A", ship)
    expect.that(wurm.tapped, "ワームをタップした")
    game.resolve_stack()
    expect.equal(ship.counter("charge"), 6, "パワーに等しい6個")


# -- 702.182 Job select ----------------------------------------------------------------------------------------


@check("702.182a@20260116.0@1b6b6c6b")
def job_select_makes_a_hero_and_attaches(expect: Expect) -> None:
    """状況: Aの手札に、ジョブ選択と「装備しているクリーチャーは+1/+0の修整を受ける」を持つテスト用の装備品。
    行動: それを唱える。
    結果: 戦場に出たとき無色の1/1の英雄・クリーチャー・トークンが生成され、装備品がそれにつき、英雄は2/1になる。"""
    game = Game(["A", "B"])
    cast(game, "A", LION_BLADE)
    [hero] = game.creatures("A")
    blade = next(o for o in game.battlefield("A") if o.card is LION_BLADE)
    view = game.view(hero)
    expect.that("Hero" in view.subtypes and not view.colors, "無色の英雄・トークン")
    expect.that(blade.attached_to == hero.id and view.pt == (2, 1), "装備品がつき2/1")


# -- 702.134c mentoring --------------------------------------------------------------------------------------

MENTOR_WATCHER = card("Test Mentor Watcher", "{1}{W}", "Creature — Human Soldier", 2, 2, "mentor",
                      TriggeredAbility("Whenever this creature mentors a creature, you gain 1 life.", mentors(),
                                       _gain_a_life))
"""A made-up creature with mentor that gains its controller 1 life whenever it mentors."""


@check("702.134c@20260116.0@23622dc3", "702.134a@20260116.0@6d63f55c")
def mentoring_triggers_when_mentor_resolves(expect: Expect) -> None:
    """状況: Aの、教導と「このクリーチャーが教導するたび、あなたは1点のライフを得る」を持つテスト用のクリーチャー（2/2）と《羽ばたき飛行機械》（0/2）。
    行動: 両方で攻撃し、教導が飛行機械を対象にして解決される。
    結果: 教導の解決で飛行機械に+1/+1カウンターが置かれ、教導したことによる能力が誘発してAは1点のライフを得る。教導が解決する前にはライフは変わらない。"""
    game = Game(["A", "B"])
    watcher = game.place(MENTOR_WATCHER)
    thopter = game.place(cards.ORNITHOPTER)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([watcher, thopter])
    game.refresh_priority()
    expect.that(len(game.stack) == 1 and game.players["A"].life == 20, "教導がスタックにある間は誘発していない")
    game.resolve_stack()
    expect.equal(thopter.counter("+1/+1"), 1, "飛行機械に+1/+1カウンター")
    expect.equal(game.players["A"].life, 21, "教導したので1点得る")


# -- 702.189 firebending -----------------------------------------------------------------------------------

FIREBENDER = card("Test Firebender", "{1}{R}", "Creature — Human Warrior", 2, 2, "firebending 2")
"""A made-up creature with firebending 2 (the Avatar cards are not in the name list)."""
FIRE_WATCHER = card("Test Fire Watcher", "{R}", "Creature — Human", 1, 1,
                    TriggeredAbility("Whenever you firebend, you gain 1 life.", firebends(), _gain_a_life))
"""A made-up creature whose controller gains 1 life whenever they firebend."""


@check("702.189a@20260116.0@0dd33ca9", "500.5@20260116.0@4a2ad836")
def firebending_mana_lasts_until_end_of_combat(expect: Expect) -> None:
    """状況: Aの、火の技2を持つテスト用のクリーチャー（2/2）。
    行動: それで攻撃する。ブロック・ステップ、戦闘ダメージ・ステップ、戦闘終了ステップと進め、戦闘後メイン・フェイズに移る。
    結果: 攻撃したとき{R}{R}が加わり、ステップが終わってもそのマナは失われず、戦闘終了ステップにも残っている。戦闘が終わると失われる。"""
    game = Game(["A", "B"])
    bender = game.place(FIREBENDER)
    attack(game, [bender])
    expect.equal(game.players["A"].mana.amount("R"), 2, "{R}{R}が加わる")
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.equal(game.players["A"].mana.amount("R"), 2, "ステップが終わっても失われない")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["A"].mana.amount("R"), 2, "戦闘終了ステップにも残る")
    main_phase_two(game)
    expect.equal(game.players["A"].mana.amount("R"), 0, "戦闘が終わると失われる")


@check("702.189b@20260116.0@eb95be8e")
def firebending_is_resolving_a_firebending_ability(expect: Expect) -> None:
    """状況: Aの、火の技2を持つテスト用のクリーチャーと、「あなたが火の技を行うたび、1点のライフを得る」を持つテスト用のクリーチャー。
    行動: 火の技を持つクリーチャーで攻撃し、火の技の能力が解決される。
    結果: 火の技の能力がスタックにある間は誘発していない。解決されると火の技を行ったことになり、Aは1点のライフを得る。"""
    game = Game(["A", "B"])
    bender = game.place(FIREBENDER)
    game.place(FIRE_WATCHER)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bender])
    game.refresh_priority()
    expect.that(len(game.stack) == 1 and game.players["A"].life == 20, "解決前は誘発していない")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "火の技を行って1点得る")


# -- 702.156 ravenous ---------------------------------------------------------------------------------------

RAVENOUS_SWARM = card("Test Ravenous Swarm", "{X}{G}", "Creature — Tyranid", 0, 0, "ravenous")
"""A made-up 0/0 creature with ravenous."""


@check("702.156a@20260116.0@86b21d19", "107.3m@20260116.0@bdcf1d8b")
def ravenous_counters_and_a_card_for_x_five(expect: Expect) -> None:
    """状況: Aの手札に貪欲を持つテスト用の0/0のクリーチャー（{X}{G}）が2枚。ライブラリーにカードが2枚。
    行動: 1枚目をX=3で、2枚目をX=5で唱える。
    結果: 1枚目は+1/+1カウンター3個が置かれた3/3で戦場に出て、カードは引かない。2枚目は5/5で出て、Aはカード1枚を引く。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    first = game.place(RAVENOUS_SWARM, Zone.HAND)
    game.add_mana("A", "{C}{C}{C}{G}")
    game.cast("A", first, x=3)
    game.resolve_stack()
    [small] = game.creatures("A")
    expect.that(game.view(small).pt == (3, 3) and len(game.hand("A")) == 0, "X=3では3/3で、引かない")
    second = game.place(RAVENOUS_SWARM, Zone.HAND)
    game.add_mana("A", "{C}{C}{C}{C}{C}{G}")
    game.cast("A", second, x=5)
    game.resolve_stack()
    big = next(o for o in game.creatures("A") if o.id != small.id)
    expect.that(game.view(big).pt == (5, 5), "X=5では5/5")
    expect.equal(len(game.hand("A")), 1, "X=5ではカード1枚を引く")


# -- 702.141 encore ------------------------------------------------------------------------------------------

ENCORE_RAIDER = card("Test Encore Raider", "{3}{R}", "Creature — Human Pirate", 3, 3, "encore {2}{R}")
"""A made-up 3/3 with encore {2}{R}."""


@check("702.141a@20260116.0@db0aeee3", "508.1d@20260116.0@9aa1f6d6")
def encore_token_attacks_that_opponent(expect: Expect) -> None:
    """状況: Aの墓地に再演{2}{R}を持つテスト用の3/3。Bは《ジェイス・ベレレン》をコントロールしている。
    行動: Aが再演を起動する。戦闘でトークンで攻撃しない宣言と、ジェイスを攻撃する宣言を試み、次にBを攻撃する。
    結果: カードは追放され、そのコピーである速攻を持つトークンが生成される。トークンはこのターン可能ならBを攻撃しなければならないので、他の宣言は認められない。終了ステップの開始時にトークンは生け贄に捧げられる。"""
    from kb.checks.cards_basics import JACE_BELEREN

    game = Game(["A", "B"])
    raider = game.place(ENCORE_RAIDER, Zone.GRAVEYARD)
    jace = game.place(JACE_BELEREN, player="B")
    game.add_mana("A", "{C}{C}{R}")
    game.activate("A", raider)
    game.resolve_stack()
    [made] = game.creatures("A")
    view = game.view(made)
    expect.that(made.is_token and view.name == "Test Encore Raider" and view.has("haste"), "速攻を持つコピーのトークン")
    expect.that(game.current(raider).zone is Zone.EXILE, "カードは追放された")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([]), "攻撃しない宣言は認められない")
    expect.refused(lambda: game.declare_attackers({made: jace}), "ジェイスを攻撃する宣言は認められない")
    game.declare_attackers({made: "B"})
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(made.id not in game.objects, "終了ステップの開始時に生け贄に捧げられる")


# -- 702.144 demonstrate --------------------------------------------------------------------------------------


def _gain_three(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


SHARED_LESSON = card("Test Shared Lesson", "{1}{W}", "Sorcery", "demonstrate",
                     spell=SpellAbility("You gain 3 life.", _gain_three))
"""A made-up sorcery with demonstrate: "You gain 3 life"."""


@check("702.144a@20260116.0@ac212600", "707.10@20260116.0@85fe7dea")
def demonstrate_copies_for_you_and_an_opponent(expect: Expect) -> None:
    """状況: Aの手札に、実演を持つ「あなたは3点のライフを得る」テスト用のソーサリーが2枚。
    行動: 1枚目を唱え、実演でコピーする。2枚目を唱え、コピーしない。
    結果: 1枚目では、Aのコピーと、選ばれた対戦相手Bのコピーが作られ、Aは6点、Bは3点のライフを得る。2枚目ではコピーは作られず、Aが3点得るだけである。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", SHARED_LESSON)
    expect.that(game.players["A"].life == 26 and game.players["B"].life == 23, "Aは6点、Bは3点得る")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    cast(game, "A", SHARED_LESSON)
    expect.that(game.players["A"].life == 29 and game.players["B"].life == 23, "コピーしなければAが3点得るだけ")


# -- 702.154 enlist ------------------------------------------------------------------------------------------

ENLISTER = card("Test Enlister", "{1}{W}", "Creature — Human Soldier", 2, 2, "enlist")
"""A made-up 2/2 with enlist."""


@check("702.154a@20260116.0@1c9516b0", "702.154b@20260116.0@c858da01", "508.1g@20260116.0@4d844274")
def enlist_taps_a_creature_and_adds_its_power(expect: Expect) -> None:
    """状況: Aの、後援を持つテスト用の2/2と《丘巨人》（3/3、前のターンから）。このターンに出た《灰色熊》（速攻なし）。
    行動: 後援を持つクリーチャーだけで攻撃し、後援で丘巨人をタップする。
    結果: 選べるのは攻撃していないアンタップ状態で、このターンの開始時からコントロールしている丘巨人だけで、熊は選べない。丘巨人はタップされ、後援の誘発でターン終了時まで5/2になる。"""
    game = Game(["A", "B"])
    enlister = game.place(ENLISTER)
    giant = game.place(cards.HILL_GIANT)
    cast(game, "A", cards.GRIZZLY_BEARS)
    offered: list[object] = []

    def pick(choice: object) -> object:
        offered.extend(getattr(choice, "options", ()))
        return giant

    game.choices.script(ChoiceKind.OBJECT, pick, player="A")
    attack(game, [enlister])
    names = {o.card.name for o in offered if isinstance(o, GameObject)}
    expect.equal(names, {"Hill Giant"}, "選べるのは丘巨人だけ")
    expect.that(giant.tapped and game.view(enlister).pt == (5, 2), "丘巨人をタップして5/2")
    game.next_turn("B")
    expect.equal(game.view(enlister).pt, (2, 2), "ターン終了時まで")


@check("702.154c@20260116.0@e1de8bf7")
def enlisting_names_the_tapped_creature(expect: Expect) -> None:
    """状況: Aの、後援を持つテスト用の2/2と《灰色熊》（前のターンから）。
    行動: 後援を持つクリーチャーで攻撃し、熊をタップして後援のコストを支払う。
    結果: 後援を持つクリーチャーが熊を後援したことになる。攻撃する後援を持つクリーチャー自身は選択肢にない。"""
    from kb.engine.keywords_new import Enlisted

    game = Game(["A", "B"])
    enlister = game.place(ENLISTER)
    bears = game.place(cards.GRIZZLY_BEARS)
    offered: list[object] = []

    def pick(choice: object) -> object:
        offered.extend(getattr(choice, "options", ()))
        return bears

    game.choices.script(ChoiceKind.OBJECT, pick, player="A")
    attack(game, [enlister])
    events = game.events(Enlisted)
    expect.that(len(events) == 1 and events[0].attacker == enlister.id and events[0].creature == bears.id,
                "熊を後援した")
    expect.that(enlister not in offered, "自分自身は後援できない")


@check("702.154d@20260116.0@581bbf34")
def enlist_instances_work_separately(expect: Expect) -> None:
    """状況: Aの、後援を持つテスト用の2/2が効果でもう1つ後援を得ている。Aの《灰色熊》と《丘巨人》（前のターンから）。
    行動: それで攻撃し、1つ目の後援で熊を、2つ目の後援で丘巨人をタップする。
    結果: それぞれの後援の誘発はそのコストの支払いについて1回だけ誘発し、2+3で7/2になる。"""
    game = Game(["A", "B"])
    enlister = game.place(ENLISTER)
    game.create_effect("gains enlist", [gain("enlist")], [enlister])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    attack(game, [enlister])
    expect.that(bears.tapped and giant.tapped, "2体ともタップされた")
    expect.equal(game.view(enlister).pt, (7, 2), "それぞれ1回ずつで7/2")


# -- 702.177b: "if you haven't activated an exhaust ability this turn" ------------------------------------


def _tuner_restriction(game: Game, player: str, obj: GameObject) -> str | None:
    from kb.engine import keywords_new_casting

    if keywords_new_casting.activated_exhaust_this_turn(game, player):
        return "you activated an exhaust ability this turn"
    return None


ENGINE_TUNER = card("Test Engine Tuner", "{1}", "Artifact",
                    ActivatedAbility("{T}: Draw a card. Activate only if you haven't activated an exhaust ability "
                                     "this turn.", cost("{T}"), _draw, restriction=_tuner_restriction))
"""A made-up artifact whose ability works only if you haven't activated an exhaust ability this turn."""


@check("702.177b@20260116.0@3a410ca3")
def only_if_no_exhaust_ability_this_turn(expect: Expect) -> None:
    """状況: Aの、「消尽 ― {1}：カード1枚を引く」を持つテスト用のアーティファクトと、「このターンに消尽能力を起動していない場合にのみ起動できる {T}：カード1枚を引く」テスト用のアーティファクト2つ。
    行動: 消尽能力を起動する前に一方の{T}能力を起動する。消尽能力を起動したあと、もう一方の{T}能力を起動しようとする。
    結果: 消尽能力を起動する前は起動できる。このターンに消尽能力を起動したあとは起動できない。"""
    game = Game(["A", "B"])
    for _ in range(4):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    engine = game.place(EXHAUST_ENGINE)
    first = game.place(ENGINE_TUNER)
    second = game.place(ENGINE_TUNER)
    game.activate("A", first)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 1, "消尽前は起動できる")
    game.add_mana("A", "{C}")
    game.activate("A", engine)
    game.resolve_stack()
    expect.refused(lambda: game.activate("A", second), "消尽能力を起動したターンには起動できない")


# -- 702.167 craft ----------------------------------------------------------------------------------------------


def _count_crafted(context: object) -> int:
    from kb.engine.context import Context

    assert isinstance(context, Context)
    source = context.source
    obj = context.game.objects.get(source.id) if source is not None else None
    return len(obj.exiled_with_it) if obj is not None else 0


CRAFTED_IDOL = card("Test Crafted Idol", "{1}", "Artifact", "craft with artifact {2}",
                    back=face("Test Awakened Idol", None, "Artifact Creature — Golem", 3, 3,
                              StaticAbility("This creature gets +1/+1 for each card exiled to craft it.",
                                            (modify_pt_by(Number("cards exiled to craft it", _count_crafted),
                                                          Number("cards exiled to craft it", _count_crafted)),),
                                            this_object()), colors=""))
"""A made-up artifact with "craft with artifact {2}"; its back face a 3/3 Golem that gets +1/+1 for each card
exiled to craft it."""


@check("702.167a@20260116.0@088dcb0f", "702.167b@20260116.0@c8c55331", "702.167c@20260116.0@ad331082")
def craft_exiles_and_returns_transformed(expect: Expect) -> None:
    """状況: Aの、「アーティファクトで作製{2}」を持つテスト用のアーティファクト。Aの墓地に《羽ばたき飛行機械》（アーティファクト・カード）。
    行動: 戦闘中に作製しようとする。メイン・フェイズに{2}を支払い、それ自身と墓地の飛行機械を追放して作製する。
    結果: ソーサリーとしてしか起動できない。墓地のアーティファクト・カードも素材になる。そのカードはオーナーのコントロール下で変身した状態で戦場に戻り、作製のために追放されたカード1枚を参照して4/4になる。"""
    from kb.engine.turn import Phase

    game = Game(["A", "B"])
    idol = game.place(CRAFTED_IDOL)
    thopter = game.place(cards.ORNITHOPTER, Zone.GRAVEYARD)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.add_mana("A", "{C}{C}")
    expect.refused(lambda: game.activate("A", idol), "戦闘中には作製できない")
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    game.add_mana("A", "{C}{C}")
    game.choices.script(ChoiceKind.OBJECT, thopter, player="A")
    game.activate("A", idol)
    game.resolve_stack()
    [golem] = game.creatures("A")
    expect.that(golem.transformed and game.view(golem).name == "Test Awakened Idol", "変身した状態で戻った")
    expect.that(not game.graveyard("A") and [c.card for c in game.in_zone(Zone.EXILE, "A")] == [cards.ORNITHOPTER],
                "墓地の飛行機械が素材として追放された")
    expect.equal(game.view(golem).pt, (4, 4), "作製に使ったカード1枚を参照して4/4")
