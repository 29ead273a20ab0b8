"""Keyword abilities that put counters on a permanent as it enters, and move them: amplify (702.38),
modular (702.43), sunburst (702.44), bloodthirst (702.54), graft (702.58)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import ChoiceKind, Game, ScenarioError, Zone, card

CANOPY_CRAWLER = real("梢を這うもの", card("Canopy Crawler", "{3}{G}", "Creature — Beast", 2, 2, "amplify 1"))
"""梢を這うもの; its {T} ability is left out."""
BEAST = card("Test Beast", "{2}{G}", "Creature — Beast", 3, 3)


@check("702.38a@20260116.0@f87642c0", "614.12@20260116.0@7f67dc9f")
def amplify(expect: Expect) -> None:
    """状況: Aの手札に《梢を這うもの》（ビースト、増幅1）、テスト用のビースト2枚、《灰色熊》。
    行動: 梢を這うものを唱え、戦場に出るに際してビースト2枚を公開する。熊やそれ自身を公開しようともする。
    結果: 同じクリーチャー・タイプを持つカードだけを公開でき、公開した2枚分の+1/+1カウンター2個が置かれて4/4で戦場に出る。"""
    game = Game(["A", "B"], library=6)
    crawler = in_hand(game, CANOPY_CRAWLER)
    beasts = [in_hand(game, BEAST), in_hand(game, BEAST)]
    bears = in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{3}{G}")
    game.cast("A", crawler)
    checkpoint = game.checkpoint()
    for wrong in ([bears], [crawler]):
        game.choices.script(ChoiceKind.OBJECTS, wrong, player="A")
        try:
            game.resolve_stack()
            accepted = True
        except ScenarioError:  # the answer isn't one the rules allow
            accepted = False
        expect.that(not accepted, "ビーストでない熊やそれ自身は公開できない")
        game.restore(checkpoint)
        game.choices.scripted.clear()
    game.choices.script(ChoiceKind.OBJECTS, beasts, player="A")
    game.resolve_stack()
    expect.equal(game.view(game.current(crawler)).pt, (4, 4), "公開した2枚分の+1/+1カウンターで4/4")


@check("702.38b@20260116.0@fdc85b32")
def two_amplifies(expect: Expect) -> None:
    """状況: Aの手札に、増幅1を2つ持つ1/1のテスト用のビーストと、別のテスト用のビースト1枚。
    行動: 唱え、2つの増幅それぞれでビースト1枚を公開する。
    結果: 増幅はそれぞれ別に機能し、それぞれ1個ずつ、+1/+1カウンター2個で3/3になる。"""
    game = Game(["A", "B"], library=6)
    twin = in_hand(game, card("Test Twice-Amplified Beast", "{2}{G}", "Creature — Beast", 1, 1, "amplify 1",
                              "amplify 1"))
    other = in_hand(game, BEAST)
    give_mana(game, "A", "{2}{G}")
    game.choices.script(ChoiceKind.OBJECTS, [other], player="A")
    game.choices.script(ChoiceKind.OBJECTS, [other], player="A")
    game.choices.script(ChoiceKind.REPLACEMENT, lambda c: c.options[0], player="A")
    game.cast("A", twin)
    game.resolve_stack()
    expect.equal(game.view(game.current(twin)).pt, (3, 3), "2つの増幅で+1/+1カウンター2個")


ARCBOUND_WORKER = real("電結の働き手", card("Arcbound Worker", "{1}", "Artifact Creature — Construct", 0, 0,
                                         "modular 1"))


@check("702.43a@20260116.0@1b71d3c4", "603.10a@20260116.0@ea7c52c5")
def modular(expect: Expect) -> None:
    """状況: Aの手札に《電結の働き手》（0/0、接合1）2枚。
    行動: 2枚とも唱える。1体目に+1/+1カウンターを1個追加で置き、破壊する。
    結果: それぞれ+1/+1カウンター1個で戦場に出る。1体目が墓地に置かれると、その最後の情報の+1/+1カウンター2個と同じ数を、対象のアーティファクト・クリーチャー（2体目）に置ける。"""
    game = Game(["A", "B"], library=6)
    first, second = in_hand(game, ARCBOUND_WORKER), in_hand(game, ARCBOUND_WORKER)
    for worker in (first, second):
        give_mana(game, "A", "{1}")
        game.cast("A", worker)
        game.resolve_stack()
    one, two = game.current(first), game.current(second)
    expect.equal((game.view(one).pt, game.view(two).pt), ((1, 1), (1, 1)), "+1/+1カウンター1個で戦場に出た")
    game.put_counters(one, "+1/+1")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.destroy(one)
    game.resolve_stack()
    expect.equal(game.view(two).counter("+1/+1"), 3, "2個のカウンターが移って3個")


@check("702.43b@20260116.0@c9ef1caa")
def two_modulars(expect: Expect) -> None:
    """状況: Aの、接合1を2つ持つ0/0のテスト用アーティファクト・クリーチャーと《羽ばたき飛行機械》。
    行動: テスト用クリーチャーを唱え、その後破壊する。
    結果: 2つの接合はそれぞれ別に処理される：+1/+1カウンター2個で戦場に出て、墓地に置かれると2つの誘発型能力がそれぞれ2個ずつ、飛行機械に合計4個置く。"""
    game = Game(["A", "B"], library=6)
    thopter = game.place(cards.ORNITHOPTER)
    held = in_hand(game, card("Test Twice-Modular Golem", "{2}", "Artifact Creature — Golem", 0, 0, "modular 1",
                              "modular 1"))
    give_mana(game, "A", "{2}")
    game.cast("A", held)
    game.resolve_stack()
    golem = game.current(held)
    expect.equal(game.view(golem).counter("+1/+1"), 2, "カウンター2個で戦場に出た")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.destroy(golem)
    game.resolve_stack()
    expect.equal(game.view(thopter).counter("+1/+1"), 4, "2回、2個ずつ")


SKYREACH_MANTA = real("空に届くマンタ", card("Skyreach Manta", "{5}", "Artifact Creature — Manta", 0, 0, "sunburst",
                                          "flying"))
PENTAD_PRISM = real("五元のプリズム", card("Pentad Prism", "{2}", "Artifact", "sunburst"))
"""五元のプリズム; its mana ability is left out."""


@check("702.44a@20260116.0@d0d63ef6", "702.44b@20260116.0@5e214ef3")
def sunburst(expect: Expect) -> None:
    """状況: Aの手札に《空に届くマンタ》（烈日）と《五元のプリズム》（烈日）、別の《空に届くマンタ》。
    行動: マンタを{W}{U}{B}{R}{G}で唱える。プリズムを{R}{G}で唱える。もう1体のマンタは{5}（無色）で唱える。最後に、効果で手札のマンタを唱えずに戦場に出す。
    結果: クリーチャーとして戦場に出るマンタは支払った色5色分の+1/+1カウンター5個、クリーチャーでないプリズムは2色分の蓄積カウンター2個。色マナを使わずに唱えたときや、唱えずに戦場に出たときはカウンターはない。"""
    game = Game(["A", "B"], library=6)
    manta = in_hand(game, SKYREACH_MANTA)
    game.add_mana("A", "{W}{U}{B}{R}{G}")
    game.cast("A", manta)
    game.resolve_stack()
    expect.equal(game.view(game.current(manta)).counter("+1/+1"), 5, "5色で+1/+1カウンター5個")
    prism = in_hand(game, PENTAD_PRISM)
    game.add_mana("A", "{R}{G}")
    game.cast("A", prism)
    game.resolve_stack()
    expect.equal(game.view(game.current(prism)).counters, {"charge": 2}, "クリーチャーでないので蓄積カウンター2個")
    colorless = in_hand(game, SKYREACH_MANTA)
    give_mana(game, "A", "{5}")
    game.cast("A", colorless)
    game.resolve_stack()
    expect.that(game.current(colorless).zone is Zone.GRAVEYARD, "色マナなしではカウンターがなく0/0で死亡した")
    put = game.put_onto_battlefield(SKYREACH_MANTA, "A")
    expect.that(put is None or put.id not in game.objects or game.view(put).counter("+1/+1") == 0,
                "唱えずに戦場に出たらカウンターはない")


@check("702.44c@20260116.0@67999f8c", "702.44d@20260116.0@4d2b739e")
def sunburst_setting_a_number(expect: Expect) -> None:
    """状況: Aの手札に「接合 ― 烈日」を持つクリーチャーでないテスト用アーティファクトと、烈日を2つ持つ0/0のテスト用アーティファクト・クリーチャー。
    行動: 前者を{R}{G}で、後者を{W}{U}{B}で唱える。
    結果: 「接合 ― 烈日」はクリーチャーかどうかに関わらず色2色分の+1/+1カウンター2個。2つの烈日はそれぞれ別に適用され、3個ずつで+1/+1カウンター6個。"""
    game = Game(["A", "B"], library=6)
    relic = in_hand(game, card("Test Sunburst Relic", "{2}", "Artifact", "modular—sunburst"))
    game.add_mana("A", "{R}{G}")
    game.cast("A", relic)
    game.resolve_stack()
    expect.equal(game.view(game.current(relic)).counters, {"+1/+1": 2}, "クリーチャーでなくても+1/+1カウンター2個")
    twin = in_hand(game, card("Test Twice-Sunburst Golem", "{3}", "Artifact Creature — Golem", 0, 0, "sunburst",
                              "sunburst"))
    game.add_mana("A", "{W}{U}{B}")
    game.cast("A", twin)
    game.resolve_stack()
    expect.equal(game.view(game.current(twin)).counter("+1/+1"), 6, "2つの烈日で3個ずつ")


SCAB_CLAN_MAULER = real("瘡蓋族のやっかい者", card("Scab-Clan Mauler", "{R}{G}", "Creature — Human Berserker", 1, 1,
                                             "bloodthirst 2", "trample"))


@check("702.54a@20260116.0@34b540d6", "702.54b@20260116.0@00202278")
def bloodthirst(expect: Expect) -> None:
    """状況: Aの手札に《瘡蓋族のやっかい者》（狂喜2）2枚と、狂喜Xを持つ0/0のテスト用クリーチャー。
    行動: Bがダメージを受けていないうちにやっかい者を唱える。《ショック》でBに2点、さらに1点を与えてから、もう1枚のやっかい者とテスト用クリーチャーを唱える。
    結果: 対戦相手がこのターンにダメージを受けていなければカウンターはなく1/1。受けていれば+1/+1カウンター2個で3/3。狂喜Xは受けたダメージの合計3個。"""
    game = Game(["A", "B"], library=6)
    first = in_hand(game, SCAB_CLAN_MAULER)
    give_mana(game, "A", "{R}{G}")
    game.cast("A", first)
    game.resolve_stack()
    expect.equal(game.view(game.current(first)).pt, (1, 1), "ダメージがなければカウンターなし")
    shock = in_hand(game, cards.SHOCK)
    give_mana(game, "A", "{R}")
    game.cast("A", shock, targets=["B"])
    game.resolve_stack()
    game.deal_damage(game.current(first), "B", 1)
    second = in_hand(game, SCAB_CLAN_MAULER)
    give_mana(game, "A", "{R}{G}")
    game.cast("A", second)
    game.resolve_stack()
    expect.equal(game.view(game.current(second)).pt, (3, 3), "Bがダメージを受けたので+1/+1カウンター2個")
    x = in_hand(game, card("Test Thirsty Horror", "{1}{R}", "Creature — Horror", 0, 0, "bloodthirst X"))
    give_mana(game, "A", "{1}{R}")
    game.cast("A", x)
    game.resolve_stack()
    expect.equal(game.view(game.current(x)).counter("+1/+1"), 3, "狂喜Xはダメージの合計3")


@check("702.54c@20260116.0@80ae2e74")
def two_bloodthirsts(expect: Expect) -> None:
    """状況: Bはこのターンにダメージを受けている。Aの手札に狂喜1を2つ持つ1/1のテスト用クリーチャー。
    行動: それを唱える。
    結果: 2つの狂喜はそれぞれ別に適用され、+1/+1カウンター2個で3/3になる。"""
    game = Game(["A", "B"], library=6)
    giant = game.place(cards.HILL_GIANT)
    game.deal_damage(giant, "B", 1)
    twin = in_hand(game, card("Test Twice-Thirsty", "{1}{R}", "Creature — Horror", 1, 1, "bloodthirst 1",
                              "bloodthirst 1"))
    give_mana(game, "A", "{1}{R}")
    game.cast("A", twin)
    game.resolve_stack()
    expect.equal(game.view(game.current(twin)).pt, (3, 3), "2つの狂喜で+1/+1カウンター2個")


SIMIC_INITIATE = real("シミックの信徒", card("Simic Initiate", "{G}", "Creature — Human Mutant", 0, 0, "graft 1"))


@check("702.58a@20260116.0@3aedbc8f", "702.58b@20260116.0@1e452410")
def graft(expect: Expect) -> None:
    """状況: Aの手札に《シミックの信徒》（移植1）と移植1を2つ持つ0/0のテスト用クリーチャー、《灰色熊》2体。
    行動: 信徒を唱え、熊を唱えて移動を選ぶ。テスト用クリーチャーを唱え、もう1体の熊を唱えて2回とも移動を選ぶ。
    結果: 信徒は+1/+1カウンター1個で戦場に出て、熊が出たときそれを熊に移せる：信徒は0/0で死亡し、熊は3/3。2つの移植はそれぞれ別に作用し、テスト用クリーチャーは2個で出て、熊に2個を移す。"""
    game = Game(["A", "B"], library=6)
    initiate = in_hand(game, SIMIC_INITIATE)
    give_mana(game, "A", "{G}")
    game.cast("A", initiate)
    game.resolve_stack()
    expect.equal(game.view(game.current(initiate)).pt, (1, 1), "+1/+1カウンター1個で戦場に出た")
    bears = in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}{G}")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.cast("A", bears)
    game.resolve_stack()
    expect.equal(game.view(game.current(bears)).pt, (3, 3), "カウンターが熊に移った")
    expect.equal(game.current(initiate).zone, Zone.GRAVEYARD, "信徒は0/0で死亡した")
    twin = in_hand(game, card("Test Twice-Grafted", "{1}{G}", "Creature — Mutant", 0, 0, "graft 1", "graft 1"))
    give_mana(game, "A", "{1}{G}")
    game.cast("A", twin)
    game.resolve_stack()
    expect.equal(game.view(game.current(twin)).counter("+1/+1"), 2, "2つの移植でカウンター2個")
    other = in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}{G}")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.cast("A", other)
    game.resolve_stack()
    expect.equal(game.view(game.current(other)).pt, (4, 4), "2つの移植がそれぞれ誘発して2個移した")
