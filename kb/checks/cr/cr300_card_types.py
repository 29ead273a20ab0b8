"""Card types (300-308): an object that is a land and something else, Vehicles and crew, Auras put
onto the battlefield without being cast, instants and sorceries that can't enter the battlefield,
lands put onto the battlefield without being played, and kindred cards."""

from __future__ import annotations

from kb.checks import cards, cards_basics
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    FOREST,
    CardType,
    ChoiceKind,
    CostChange,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    Supertype,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    any_target,
    card,
    chapter,
    dungeons,
    face,
    modify_pt,
    on_event,
    spells,
)
from kb.engine.events import Crewed
from kb.engine.mana import Color
from kb.engine.triggers import TriggerContext

DRYAD_ARBOR = cards_basics.DRYAD_ARBOR


@check("300.2a@20260116.0@2f902af9", "305.9@20260116.0@16458ddc", "205.3c@20260116.0@71dd6116",
       "204.2@20260116.0@fa7b77c2", "302.6@20260116.0@ed6b1576", "107.13@20260116.0@5abd36af", "202.2e@20260116.0@d2de208b", "202.1b@20260116.0@90c3ad0c")
def a_land_creature_is_played_not_cast(expect: Expect) -> None:
    """状況: Aの手札に《ドライアドの東屋》（土地・クリーチャー ─ 森・ドライアド。緑の色指標を持つ）。
    行動: Aがそれを唱えようとし、次に土地としてプレイする。
    結果: 土地でもあるので唱えることはできず、プレイする。戦場では森とドライアドのサブタイプを持つ緑の1/1のクリーチャーで、
    このターン戦場に出たばかりなので、その{T}の能力（森のマナ能力）は起動できない。"""
    game = Game(["A", "B"])
    arbor = in_hand(game, DRYAD_ARBOR)
    expect.refused(lambda: game.cast("A", arbor), "土地でもあるカードは唱えられない")
    land = game.play_land("A", arbor)
    view = game.view(land)
    expect.that(view.is_a(CardType.LAND) and view.is_a(CardType.CREATURE) and view.pt == (1, 1),
                "土地としてプレイされ、1/1の土地・クリーチャーになった")
    expect.equal(view.subtypes, frozenset({"Forest", "Dryad"}), "森は土地タイプ、ドライアドはクリーチャー・タイプ")
    expect.that(view.mana_cost is None and view.colors == frozenset({Color.GREEN}), "マナ・コストはないが、色指標で緑")
    expect.refused(lambda: game.activate("A", land), "クリーチャーなので、出たターンは{T}のマナ能力を起動できない")


SMUGGLERS_COPTER = real("密輸人の回転翼機", card(
    "Smuggler's Copter", "{2}", "Artifact — Vehicle", 3, 3, "flying", "crew 1"))
"""密輸人の回転翼機; its looting trigger is left out."""


def _crews(t: TriggerContext) -> int:
    return int(isinstance(t.event, Crewed) and t.source.id in t.event.crew)


def _motorist_boost(resolution: Resolution) -> None:
    event = resolution.event
    if isinstance(event, Crewed):
        resolution.create_effect("+1/+1 until end of turn", [modify_pt(1, 1)], [event.vehicle], UntilEndOfTurn())


VETERAN_MOTORIST = real("経験豊富な操縦者", card(
    "Veteran Motorist", "{R}{W}", "Creature — Dwarf Pilot", 3, 2,
    TriggeredAbility("Whenever Veteran Motorist crews a Vehicle, that Vehicle gets +1/+1 until end of turn.",
                     on_event("crews a Vehicle", (Crewed,), _crews), _motorist_boost)))
"""経験豊富な操縦者; its enters-the-battlefield scry is left out."""


@check("208.3a@20260116.0@529983cc", "208.3@20260116.0@4fef6a60", "301.7a@20260116.0@8548054e",
       "301.7b@20260116.0@8c9a31b5", "702.122a@20260116.0@2c3dedef", "702.122b@20260116.0@aacf6fd3",
       example="208.3a#1@19a7a9f2")
def veteran_motorist_crews_a_vehicle(expect: Expect) -> None:
    """状況: Aは《経験豊富な操縦者》と《密輸人の回転翼機》（搭乗1の3/3の機体）をコントロールしている。
    行動: Aが操縦者をタップして回転翼機に搭乗させる。操縦者の誘発型能力が先に解決し、そのあとで搭乗の能力が解決する。
    結果: クリーチャーでない回転翼機にはパワーもタフネスもないが、+1/+1の効果は発生する。搭乗でアーティファクト・
    クリーチャーになると、印刷された3/3にその効果が適用されて4/4になる。"""
    game = Game(["A", "B"])
    motorist = game.place(VETERAN_MOTORIST)
    copter = game.place(SMUGGLERS_COPTER)
    expect.that(not game.view(copter).is_a(CardType.CREATURE) and game.view(copter).pt == (None, None),
                "クリーチャーでない機体はパワーもタフネスも持たない")
    game.activate("A", copter, "Crew 1")
    expect.that(game.view(motorist).tapped, "操縦者はタップされて搭乗させた")
    game.refresh_priority()
    game.resolve_top()
    view = game.view(copter)
    expect.that(not view.is_a(CardType.CREATURE) and view.pt == (None, None) and any(
        e.text == "+1/+1 until end of turn" for e in game.effects), "+1/+1の効果は発生したが、機体はまだクリーチャーではない")
    game.resolve_top()
    view = game.view(copter)
    expect.that(view.types == frozenset({CardType.ARTIFACT, CardType.CREATURE}) and view.pt == (4, 4),
                "アーティファクト・クリーチャーになり、印刷された3/3に+1/+1が適用されて4/4")


@check("303.4f@20260116.0@2ea43607", "303.4g@20260116.0@6f837ce0", "702.11b@20260116.0@06b3a708")
def an_aura_put_onto_the_battlefield_doesnt_target(expect: Expect) -> None:
    """状況: Aの墓地に《平和な心》がある。Bは呪禁を持つテスト用クリーチャーをコントロールしている。
    行動: 効果によって平和な心がAのコントロール下で戦場に出る。別のゲームでは、戦場にクリーチャーがいない。
    結果: 戦場に出るに際してAがエンチャントするものを選び、対象を取らないので、呪禁を持つクリーチャーにつけられる。
    エンチャントできるものがなければ、平和な心は墓地に残る。"""
    game = Game(["A", "B"])
    shy = game.place(card("Test Shy Bear", "{1}{G}", "Creature — Bear", 2, 2, "hexproof"), player="B")
    aura = game.place(cards.PACIFISM, Zone.GRAVEYARD, "A")
    game.choices.script(ChoiceKind.OBJECT, shy.id, player="A")
    entered = game.put_onto_battlefield(aura, "A")
    expect.that(entered is not None and entered.zone is Zone.BATTLEFIELD and entered.attached_to == shy.id,
                "呪禁を持つクリーチャーにつけて戦場に出た")
    game = Game(["A", "B"])
    aura = game.place(cards.PACIFISM, Zone.GRAVEYARD, "A")
    stayed = game.put_onto_battlefield(aura, "A")
    expect.that(stayed is None and aura.id in game.objects and aura.zone is Zone.GRAVEYARD,
                "エンチャントできるものがなければ墓地に残る")


@check("304.4@20260116.0@82c2ad85", "307.4@20260116.0@b38b1a69", "400.4a@20260116.0@fe81bbe6",
       "110.4a@20260116.0@0a5d0c1a")
def instants_and_sorceries_dont_enter_the_battlefield(expect: Expect) -> None:
    """状況: Aの手札に《稲妻》と《神の怒り》と《灰色熊》がある。
    行動: 効果がそれぞれを戦場に出そうとする。
    結果: 熊は戦場に出る。インスタントとソーサリーは戦場に出ず、手札に残る。"""
    game = Game(["A", "B"])
    bears = in_hand(game, cards.GRIZZLY_BEARS)
    bolt = in_hand(game, cards.LIGHTNING_BOLT)
    wrath = in_hand(game, cards.WRATH_OF_GOD)
    entered = game.put_onto_battlefield(bears)
    expect.that(entered is not None and entered.zone is Zone.BATTLEFIELD, "熊は戦場に出た")
    for spell in (bolt, wrath):
        expect.that(game.put_onto_battlefield(spell) is None and spell.zone is Zone.HAND,
                    f"{spell.card.name}は戦場に出ず、手札に残る")


@check("305.4@20260116.0@3d78d46b", "305.2@20260116.0@03fd7ee6")
def a_land_put_onto_the_battlefield_isnt_played(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの手札に《森》が2枚。
    行動: 効果が1枚目の森を戦場に出し、次にAが2枚目の森をプレイし、3枚目をプレイしようとする。
    結果: 効果で戦場に出した森はプレイしたことにならないので、Aは2枚目の森をプレイできる。そのあとはもうプレイできない。"""
    game = Game(["A", "B"])
    first, second, third = (in_hand(game, FOREST) for _ in range(3))
    game.put_onto_battlefield(first)
    expect.equal(game.players["A"].lands_played, 0, "効果で戦場に出すのは土地のプレイではない")
    game.play_land("A", second)
    expect.equal(len(game.battlefield("A")), 2, "このターンの土地のプレイとして2枚目をプレイできた")
    expect.refused(lambda: game.play_land("A", third), "土地のプレイは使ってしまった")


def _tarfire(resolution: Resolution) -> None:
    if resolution.target is not None and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, resolution.target, 2)


TARFIRE = real("タール火", card("Tarfire", "{R}", "Kindred Instant — Goblin", spell=SpellAbility(
    "Tarfire deals 2 damage to any target.", _tarfire, (any_target(),))))

GOBLIN_SPELLS_COST_LESS = card("Test Goblin Foreman", "{1}{R}", "Creature — Goblin", 1, 1, StaticAbility(
    "Goblin spells you cast cost {1} less to cast.", rules=(CostChange(spells(subtypes=["Goblin"]), -1, "you"),)))
"""Test: a 1/1 Goblin with "Goblin spells you cast cost {1} less to cast"."""


@check("308.1@20260116.0@a29b3a4b", "308.2@20260116.0@5beea9a1", "205.3d@20260116.0@d3fb3c31",
       "118.7@20260116.0@cc151c42", "118.7a@20260116.0@493a575c")
def a_kindred_instant_has_a_creature_type(expect: Expect) -> None:
    """状況: Aの手札に《タール火》（同族・インスタント ─ ゴブリン）と、マナ・コスト{2}{R}のテスト用の同族・インスタント ─
    ゴブリン。Aは「あなたが唱えるゴブリン・呪文を唱えるためのコストは{1}少なくなる」テスト用クリーチャーを
    コントロールしている。
    行動: Aが{1}{R}でテスト用インスタントを唱え、次にタール火でBを対象にする。
    結果: どちらもクリーチャーではないが、ゴブリンのサブタイプを持つゴブリン・呪文なので{1}少なくなり、{1}{R}で唱えられる。
    タール火はBに2点のダメージを与える。"""
    game = Game(["A", "B"])
    game.place(GOBLIN_SPELLS_COST_LESS)
    tarfire = in_hand(game, TARFIRE)
    view = game.view(tarfire)
    expect.that(view.types == frozenset({CardType.KINDRED, CardType.INSTANT}) and view.subtypes == frozenset({"Goblin"})
                and not view.is_a(CardType.CREATURE), "同族・インスタントで、ゴブリンのサブタイプを持つがクリーチャーではない")
    grenade = in_hand(game, card("Test Goblin Volley", "{2}{R}", "Kindred Instant — Goblin", spell=SpellAbility(
        "Do nothing.", lambda r: None)))
    give_mana(game, "A", "{1}{R}")
    game.cast("A", grenade)
    expect.equal(game.players["A"].mana.total, 0, "{2}{R}のゴブリン・呪文を{1}{R}で唱えられた")
    game.resolve_stack()
    give_mana(game, "A", "{R}")
    game.cast("A", tarfire, targets=["B"])
    game.resolve_stack()
    expect.equal(game.players["B"].life, 18, "タール火がBに2点のダメージ")


@check("303.4d@20260116.0@02e57156", "303.4e@20260116.0@27660da1", "303.4b@20260116.0@3023e9d2",
       "115.1b@20260116.0@24016061")
def who_controls_an_aura(expect: Expect) -> None:
    """状況: Aの手札に《平和な心》。Bの《灰色熊》。
    行動: Aが熊を対象に平和な心を唱え、解決する。
    結果: 平和な心はAがコントロールし、エンチャントしている熊はBがコントロールしたまま。熊は攻撃できない。オーラは
    それ自身をエンチャントできない。"""
    from kb.checks.scenes import cast as cast_spell
    from kb.engine import attach, can_attack

    game = Game(["B", "A"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.pass_priority_to("A")
    game.next_turn("A")
    cast_spell(game, "A", cards.PACIFISM, [bears])
    [aura] = [o for o in game.battlefield() if o.card is cards.PACIFISM]
    expect.that(game.view(aura).controller == "A" and game.view(bears).controller == "B" and aura.attached_to == bears.id,
                "オーラはA、エンチャントされた熊はBがコントロールしている")
    game.next_turn("B")
    expect.that(not can_attack(game, bears), "熊は攻撃できない")
    expect.that(not attach.is_legal(game, game.view(aura), aura.id), "オーラはそれ自身をエンチャントできない")


JACE_BELEREN = cards_basics.JACE_BELEREN


@check("306.5d@20260116.0@b017b4ff", "306.5a@20260116.0@0261b567", "306.5b@20260116.0@b8ccc90f",
       "306.5c@20260116.0@82f78d67", "209.2@20260116.0@98f577b9", "107.7@20260116.0@9f8eccd7",
       "606.3@20260116.0@0efb7b33", "606.4@20260116.0@69df0aab", "606.6@20260116.0@3948f055", "113.5@20260116.0@14b1186b", "122.1e@20260116.0@5661a318")
def jace_belerens_loyalty_abilities(expect: Expect) -> None:
    """状況: Aの手札に《ジェイス・ベレレン》（忠誠度3）。
    行動: Aがそれを唱えて戦場に出し、[+2]を起動する。同じターンに[−1]を起動しようとする。Bのターンに[−1]を起動しようとし、
    次のAのターンに[−10]を起動しようとしてから[−1]を起動する。
    結果: 手札にある間の忠誠度は印刷された3で、忠誠カウンター3個とともに戦場に出る。[+2]で5個になり、各プレイヤーが1枚引く。
    忠誠度能力は1ターンに1回、自分のメイン・フェイズにスタックが空のときだけ起動でき、忠誠カウンターが10個未満では[−10]は
    起動できない。[−1]で4個になる。"""
    game = Game(["A", "B"])
    jace = in_hand(game, JACE_BELEREN)
    expect.equal(game.view(jace).loyalty, 3, "手札での忠誠度は印刷された3")
    give_mana(game, "A", "{1}{U}{U}")
    game.cast("A", jace)
    game.resolve_stack()
    walker = game.current(jace)
    expect.equal(game.view(walker).counter("loyalty"), 3, "忠誠カウンター3個とともに戦場に出た")
    hands = {p: len(game.hand(p)) for p in ("A", "B")}
    game.activate("A", walker, "[+2]")
    expect.equal(game.view(walker).loyalty, 5, "[+2]のコストで忠誠カウンターが5個になった")
    game.resolve_stack()
    expect.equal({p: len(game.hand(p)) - hands[p] for p in ("A", "B")}, {"A": 1, "B": 1}, "各プレイヤーが1枚引いた")
    expect.refused(lambda: game.activate("A", walker, "[−1]", targets=["B"]), "同じターンに2回目は起動できない")
    game.next_turn("B")
    game.pass_priority_to("A")
    expect.refused(lambda: game.activate("A", walker, "[−1]", targets=["B"]), "相手のターンには起動できない")
    game.next_turn("A")
    expect.refused(lambda: game.activate("A", walker, "[−10]", targets=["B"]), "忠誠カウンター5個では[−10]は起動できない")
    game.activate("A", walker, "[−1]", targets=["B"])
    expect.equal(game.view(walker).loyalty, 4, "[−1]で4個になった")


@check("306.8@20260116.0@dcf20dba", "306.9@20260116.0@afe44519", "120.3c@20260116.0@df838875")
def damage_to_a_planeswalker(expect: Expect) -> None:
    """状況: Aの《ジェイス・ベレレン》（忠誠カウンター3個）。
    行動: 《ショック》がジェイスに2点のダメージを与え、そのあと《稲妻》が3点のダメージを与える。
    結果: ダメージはその点数の忠誠カウンターを取り除き、1個になる。稲妻で0個になると、状況起因処理でオーナーの墓地に置かれる。"""
    from kb.checks.scenes import cast as cast_spell

    game = Game(["A", "B"])
    jace = game.place(JACE_BELEREN)
    game.pass_priority_to("B")
    cast_spell(game, "B", cards.SHOCK, [jace])
    expect.equal((game.view(jace).loyalty, game.view(jace).damage), (1, 0), "2点のダメージで忠誠カウンターが2個減った")
    cast_spell(game, "B", cards.LIGHTNING_BOLT, [jace])
    expect.that(jace.id not in game.objects and any(o.card is JACE_BELEREN for o in game.graveyard("A")),
                "忠誠度0でオーナーの墓地に置かれた")


def _saga_life(amount: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        resolution.game.gain_life(resolution.controller, amount)

    return effect


TEST_SAGA = card("Test Saga of Seasons", "{2}{W}", "Enchantment — Saga",
                 chapter(1, "You gain 1 life.", _saga_life(1)),
                 chapter(2, "You gain 10 life.", _saga_life(10)),
                 chapter(3, "You gain 10 life.", _saga_life(10)))
"""Test: a Saga with "I — You gain 1 life." and "II, III — You gain 10 life." (one ability for two chapters)."""


@check("107.15a@20260116.0@51ddbd82", "107.15b@20260116.0@4f63c620", "303.5@20260116.0@f8dff64c",
       "714.2b@20260116.0@168b476a", "107.15@20260116.0@038899b1")
def saga_chapter_symbols(expect: Expect) -> None:
    """状況: Aはテスト用の英雄譚（I ― 1点のライフを得る。II, III ― 10点のライフを得る）を、伝承カウンターなしで
    コントロールしている。
    行動: 効果がその英雄譚に伝承カウンターを3個同時に置く。
    結果: 伝承カウンターが0個から3個になったので、I、II、IIIの章能力がすべて誘発する（「II, III」は2つの章能力と同じ）。
    Aは21点のライフを得る。"""
    game = Game(["A", "B"])
    saga = game.place(TEST_SAGA, counters={"lore": 0})
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.put_counters(saga, "lore", 3)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 41, "I、II、IIIの3つの章能力が誘発し、21点のライフを得た")


TEST_SHRINE = card("Test Shrine", "{1}{W}", "Enchantment")
"""Test: an enchantment with no abilities."""


@check("301.1@20260116.0@07650cfd", "302.1@20260116.0@687dc4d2", "303.1@20260116.0@aaa5ba67",
       "306.1@20260116.0@8510874b", "304.1@20260116.0@2617540b", "301.2@20260116.0@49b162e3",
       "302.2@20260116.0@83cab4f3", "303.2@20260116.0@8b93982c", "306.2@20260116.0@d2e405f5",
       "304.2@20260116.0@838c3e90", "307.2@20260116.0@be817104")
def each_card_type_cast_and_resolved(expect: Expect) -> None:
    """状況: Bのターンのメイン・フェイズにAが優先権を持っている。Aの手札に《羽ばたき飛行機械》（アーティファクト）、
    《灰色熊》（クリーチャー）、テスト用エンチャント、《ジェイス・ベレレン》（プレインズウォーカー）、《巨大化》
    （インスタント）、《神の怒り》（ソーサリー）。
    行動: Aがそれぞれを唱えようとする。次のAのターンのメイン・フェイズに、スタックが空のときにそれぞれを唱えて解決する。
    結果: Bのターンに唱えられるのはインスタントだけで、解決するとオーナーの墓地に置かれる。自分のメイン・フェイズなら
    どれも唱えられ、アーティファクト、クリーチャー、エンチャント、プレインズウォーカーはAのコントロール下で戦場に出て、
    ソーサリーは解決すると墓地に置かれる。"""
    from kb.checks.scenes import cast as cast_spell

    game = Game(["B", "A"])
    bears_b = game.place(cards.GRIZZLY_BEARS, player="B")
    permanents = [cards.ORNITHOPTER, cards.GRIZZLY_BEARS, TEST_SHRINE, JACE_BELEREN]
    held = [in_hand(game, c, "A") for c in permanents]
    game.pass_priority_to("A")
    for obj in held:
        give_mana(game, "A", str(obj.card.front.mana_cost))
        expect.refused(lambda o=obj: game.cast("A", o), f"{obj.card.name}は相手のターンには唱えられない")  # type: ignore[misc]
        game.players["A"].mana.empty()
    growth = in_hand(game, cards.GIANT_GROWTH, "A")
    give_mana(game, "A", "{G}")
    game.cast("A", growth, targets=[bears_b])
    game.resolve_stack()
    expect.that(game.current(growth).zone is Zone.GRAVEYARD, "インスタントは相手のターンにも唱えられ、解決後は墓地へ")
    game.next_turn("A")
    for obj in held:
        give_mana(game, "A", str(obj.card.front.mana_cost))
        game.cast("A", obj)
        game.resolve_stack()
        entered = game.current(obj)
        expect.that(entered.zone is Zone.BATTLEFIELD and game.view(entered).controller == "A",
                    f"{obj.card.name}は解決してAのコントロール下で戦場に出た")
    cast_spell(game, "A", cards.WRATH_OF_GOD)
    expect.that(any(o.card is cards.WRATH_OF_GOD for o in game.graveyard("A")), "ソーサリーは解決後に墓地に置かれた")


@check("305.6@20260116.0@c95e8075", "305.8@20260116.0@34f30ba4", "205.4c@20260116.0@ed2756ac",
       "305.5@20260116.0@8ee3839b")
def basic_land_types_give_mana_abilities(expect: Expect) -> None:
    """状況: Aは《森》（基本土地 ─ 森）と《ドライアドの東屋》（土地・クリーチャー ─ 森・ドライアド）をコントロールしている。
    行動: それぞれの{T}のマナ能力を起動する。
    結果: 森は基本土地で、森の土地タイプを持つので「{T}：{G}を加える」を持つ。基本でない東屋も森の土地タイプによって同じ能力を
    持ち、{G}を加える。"""
    game = Game(["A", "B"])
    forest = game.place(FOREST)
    arbor = game.place(DRYAD_ARBOR)
    expect.that(Supertype.BASIC in game.view(forest).supertypes and Supertype.BASIC not in game.view(arbor).supertypes,
                "森は基本土地で、東屋は基本ではない")
    game.activate("A", forest)
    game.activate("A", arbor)
    expect.equal(game.players["A"].mana.amount("G"), 2, "どちらも森の土地タイプによって{G}を加えた")


@check("301.5a@20260116.0@6a2dcb08", "301.5d@20260116.0@2916f5a2", "702.6a@20260116.0@a90d1d87",
       "701.3b@20260116.0@83c29d5d")
def equipment_and_the_creature_it_equips(expect: Expect) -> None:
    """状況: Aは《骨断ちの矛槍》（装備しているクリーチャーは+2/+0）と《灰色熊》を、Bは《灰色熊》をコントロールしている。
    行動: Aが矛槍をBの熊に装備しようとし、次に自分の熊に装備する。そのあとBがAの熊のコントロールを得る。
    結果: 装備は自分のクリーチャーにしかできない。装備した熊は4/2になる。熊のコントロールが変わっても矛槍のコントローラーは
    Aのままで、矛槍はついたままである。"""
    from kb.engine import control

    game = Game(["A", "B"])
    splitter = game.place(cards.BONESPLITTER)
    mine = game.place(cards.GRIZZLY_BEARS)
    theirs = game.place(cards.GRIZZLY_BEARS, player="B")
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.activate("A", splitter, 0, targets=[theirs]), "対戦相手のクリーチャーには装備できない")
    game.activate("A", splitter, 0, targets=[mine])
    game.resolve_stack()
    expect.that(splitter.attached_to == mine.id and game.view(mine).pt == (4, 2), "装備した熊は4/2")
    game.create_effect("B gains control", [control("B")], [mine])
    game.refresh_priority()
    expect.that(game.view(mine).controller == "B" and game.view(splitter).controller == "A"
                and splitter.attached_to == mine.id, "熊はBのものになったが、矛槍のコントローラーはAのままついている")


@check("303.4c@20260116.0@1b32d2e6", "303.4a@20260116.0@a6ec3e5b", "303.4i@20260116.0@f80ac3c5",
       "704.5m@20260116.0@d032e5a1")
def an_aura_left_without_a_legal_host(expect: Expect) -> None:
    """状況: Aの《ミシュラの工廠》が能力でクリーチャーになっている。Aの手札に《平和な心》（エンチャント（クリーチャー））。
    行動: Aが工廠を対象に平和な心を唱える。ターンが終わり、工廠はクリーチャーでなくなる。別の効果が平和な心を《森》に
    つけようとする。
    結果: クリーチャーである工廠は平和な心の対象にでき、つけられる。森にはつけられない。工廠がクリーチャーでなくなると、
    平和な心は不正につけられた状態になり、状況起因処理でオーナーの墓地に置かれる。"""
    from kb.engine import attach

    game = Game(["A", "B"])
    factory = game.place(cards.MISHRAS_FACTORY)
    forest = game.place(FOREST)
    give_mana(game, "A", "{1}")
    game.activate("A", factory)
    game.resolve_stack()
    from kb.checks.scenes import cast as cast_spell

    cast_spell(game, "A", cards.PACIFISM, [factory])
    [aura] = [o for o in game.battlefield() if o.card is cards.PACIFISM]
    expect.that(aura.attached_to == factory.id, "クリーチャーになった工廠に平和な心がついた")
    expect.that(not attach.attach(game, aura, forest.id) and aura.attached_to == factory.id,
                "森にはつけられず、平和な心は動かない")
    game.next_turn("B")
    expect.that(aura.id not in game.objects and any(o.card is cards.PACIFISM for o in game.graveyard("A")),
                "工廠がクリーチャーでなくなり、平和な心は墓地に置かれた")


def _soldier(resolution: Resolution) -> None:
    from kb.engine import token

    resolution.game.create_token(token(None, "Creature — Soldier", 1, 1, colors="W"), resolution.controller)


TEST_DUNGEON = dungeons.dungeon(
    "Test Depths",
    dungeons.room("Entry Hall", "You gain 1 life.", lambda r: r.game.gain_life(r.controller, 1),
                  to=("Left Passage", "Right Passage")),
    dungeons.room("Left Passage", "Draw a card.", lambda r: r.game.draw(r.controller), to=("Vault",)),
    dungeons.room("Right Passage", "You gain 3 life.", lambda r: r.game.gain_life(r.controller, 3), to=("Vault",)),
    dungeons.room("Vault", "Create a 1/1 white Soldier creature token.", _soldier))
"""Test: a dungeon — Entry Hall (gain 1 life) to Left Passage (draw a card) or Right Passage (gain 3 life), both to
Vault (create a 1/1 Soldier)."""


@check("701.49a@20260116.0@7f667939", "701.49b@20260116.0@69118bbb", "309.2a@20260116.0@f88abe22",
       "309.2b@20260116.0@89dad2e2", "309.2c@20260116.0@8df37328", "309.4@20260116.0@0c1feee8",
       "309.4a@20260116.0@dacfd604", "309.4c@20260116.0@71f708e6", "309.5a@20260116.0@7cc8ca8d",
       "309.6@20260116.0@8ba43f08", "309.7@20260116.0@f1ebac7d", "704.5t@20260116.0@6f0bb9bf",
       "309.1@20260116.0@3509258c", "309.2@20260116.0@5ba9952c", "309.5@20260116.0@104d8b49")
def venturing_through_a_dungeon(expect: Expect) -> None:
    """状況: Aはゲームの外部にテスト用ダンジョン（入口の間：1点のライフを得る → 左の通路：カードを1枚引く ／ 右の通路：
    3点のライフを得る → 宝物庫：1/1の兵士トークンを生成する）を持っている。
    行動: Aがダンジョン探索を3回行い、2回目は右の通路を選ぶ。それぞれの部屋能力が解決する。
    結果: 1回目でダンジョンがAの統率領域に置かれ、探索マーカーが一番上の部屋に置かれて部屋能力が誘発する。ダンジョンは
    パーマネントではなく、唱えられない。2回目は矢印に従って選んだ部屋に、3回目で一番下の部屋に動く。一番下の部屋の能力が
    スタックを離れると、状況起因処理でダンジョンはゲームから取り除かれ、Aはそれを踏破したことになる。"""
    game = Game(["A", "B"])
    dungeons.venture(game, "A", [TEST_DUNGEON])
    depths = dungeons.dungeon_of(game, "A")
    assert depths is not None
    expect.that(depths.zone is Zone.COMMAND and depths.chosen[dungeons.MARKER] == "Entry Hall",
                "ダンジョンは統率領域にあり、探索マーカーは一番上の入口の間にある")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "入口の間の部屋能力で1点のライフを得た")
    expect.that(depths not in game.battlefield(), "ダンジョンはパーマネントではない")
    expect.refused(lambda: game.cast("A", depths), "ダンジョンは唱えられない")
    game.choices.script(ChoiceKind.MODE, "Right Passage", player="A")
    dungeons.venture(game, "A", [TEST_DUNGEON])
    game.resolve_stack()
    expect.equal((depths.chosen[dungeons.MARKER], game.players["A"].life), ("Right Passage", 24),
                 "選んだ右の通路に動き、3点のライフを得た")
    dungeons.venture(game, "A", [TEST_DUNGEON])
    expect.that(depths.id in game.objects and depths.chosen[dungeons.MARKER] == "Vault",
                "宝物庫の能力がスタックにある間は、ダンジョンは統率領域に残る")
    game.resolve_stack()
    expect.that(len([o for o in game.battlefield("A") if o.is_token]) == 1, "宝物庫の能力で兵士トークンが生成された")
    expect.that(depths.id not in game.objects and dungeons.completed(game, "A") == 1,
                "ダンジョンはゲームから取り除かれ、Aはそれを踏破した")


@check("701.49c@20260116.0@06326dd1", "309.5b@20260116.0@4205f026", "309.3@20260116.0@f397b11f")
def venturing_from_the_bottommost_room(expect: Expect) -> None:
    """状況: Aのテスト用ダンジョンの探索マーカーが一番下の宝物庫にあり、その部屋能力はまだスタックにある。
    行動: Aがもう一度ダンジョン探索を行う。
    結果: Aはそのダンジョンをゲームから取り除いて踏破し、ゲームの外部から新しいダンジョンを統率領域に置いて、探索マーカーを
    その一番上の部屋に置く。統率領域にあるAのダンジョンは常に1つだけである。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MODE, "Left Passage", player="A")
    for _ in range(3):
        dungeons.venture(game, "A", [TEST_DUNGEON])
    first = dungeons.dungeon_of(game, "A")
    assert first is not None
    expect.equal(first.chosen[dungeons.MARKER], "Vault", "探索マーカーは一番下の宝物庫にある")
    dungeons.venture(game, "A", [TEST_DUNGEON])
    second = dungeons.dungeon_of(game, "A")
    expect.that(first.id not in game.objects and dungeons.completed(game, "A") == 1, "最初のダンジョンを踏破した")
    expect.that(second is not None and second.chosen[dungeons.MARKER] == "Entry Hall"
                and len(game.in_zone(Zone.COMMAND, "A")) == 1,
                "新しいダンジョンが統率領域に置かれ、探索マーカーは一番上の部屋にある")


TEST_SIEGE = card("Test Invasion", "{2}{W}", "Battle — Siege", defense=3,
                  back=face("Test Liberator", None, "Creature — Human Soldier", 3, 3, colors="W"))
"""Test: a Siege with defense 3 whose back face is a 3/3 white creature."""


@check("310.1@20260116.0@c3bb45c3", "310.2@20260116.0@7946f956", "310.4a@20260116.0@759ef347",
       "310.4b@20260116.0@60791546", "310.4c@20260116.0@25ae440c", "310.8a@20260116.0@d0c03e88",
       "310.11a@20260116.0@c1885724", "310.5@20260116.0@c37ba17f", "310.8b@20260116.0@c14d16ec",
       "310.6@20260116.0@6fc566b7", "120.3h@20260116.0@dc75f54b", "310.7@20260116.0@2fcfce0d",
       "310.11b@20260116.0@304fb5f1", "704.5v@20260116.0@9152037a", "508.1b@20260116.0@56ade82d",
       "310.4@20260116.0@f64e219a", "310.8@20260116.0@d440581e", "310.11@20260116.0@1504a644",
       "122.1g@20260116.0@b4d1a248")
def attacking_a_siege(expect: Expect) -> None:
    """状況: Aの手札に守備値3のテスト用の包囲戦（バトル）。Aは《丘巨人》（3/3）をコントロールしている。
    行動: Aが自分のメイン・フェイズに包囲戦を唱えて戦場に出す。Bのターンに、Bは包囲戦を攻撃しようとする。次のAのターンに
    Aが丘巨人で包囲戦を攻撃し、ブロックされない。誘発した能力で、Aは変身させて唱えることを選ばない。最後に、もう1つの
    包囲戦に3点のダメージが与えられ、誘発した能力が打ち消される。
    結果: 手札での守備値は3で、守備カウンター3個とともに戦場に出る。守る者には対戦相手のBが選ばれ、守る者のBはそれを
    攻撃できないが、コントローラーのAは攻撃できる。3点のダメージで守備カウンターがなくなり、誘発した能力がスタックを離れる
    までは墓地に置かれず、その能力で追放される。別の包囲戦の同じ能力が打ち消されると、守備値0のそれは墓地に置かれる。"""
    from kb.engine import battles

    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    siege = in_hand(game, TEST_SIEGE)
    expect.equal(game.view(siege).defense, 3, "手札での守備値は3")
    give_mana(game, "A", "{2}{W}")
    game.cast("A", siege)
    game.resolve_stack()
    battle = game.current(siege)
    expect.that(battle.zone is Zone.BATTLEFIELD and game.view(battle).controller == "A"
                and game.view(battle).counter("defense") == 3, "Aのコントロール下で守備カウンター3個とともに戦場に出た")
    expect.equal(battles.protector(game, battle.id), "B", "守る者には対戦相手のBが選ばれた")
    game.next_turn("B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers({bears: battle}), "守る者のBはそれを攻撃できない")
    game.declare_attackers({})
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({giant: battle})
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({})
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.advance_to(Step.COMBAT_DAMAGE)
    expect.that(battle.id in game.objects and game.view(battle).defense == 0 and bool(game.stack),
                "守備カウンターはなくなったが、誘発した能力がスタックにある間は戦場に残る")
    game.resolve_stack()
    expect.that(battle.id not in game.objects and any(o.card is TEST_SIEGE for o in game.in_zone(Zone.EXILE)),
                "包囲戦の能力で追放された")
    again = game.put_onto_battlefield(TEST_SIEGE, "A")
    assert again is not None
    game.deal_damage(giant, again, 3)
    game.refresh_priority()
    from kb.engine import stack as stack_rules

    stack_rules.counter(game, game.stack[-1])
    game.refresh_priority()
    expect.that(again.id not in game.objects and any(o.card is TEST_SIEGE for o in game.graveyard("A")),
                "能力が打ち消されてスタックを離れると、守備値0の包囲戦は状況起因処理で墓地に置かれる")


@check("704.5x@20260116.0@49c02cef", "704.5w@20260116.0@1ce36d71", "310.8f@20260116.0@f8697ed3",
       "310.8e@20260116.0@96ec6b74")
def a_siege_gets_a_new_protector(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aの包囲戦の守る者はB。
    行動: Bが包囲戦のコントロールを得る。次に、守る者がCになったあとでCが投了する。
    結果: 守る者がコントローラーでもある包囲戦には、状況起因処理で対戦相手から新しい守る者が選ばれる（Bの対戦相手のC）。
    守る者がゲームを離れると、コントローラーが新しい守る者を選ぶ。守る者は常に1人である。"""
    from kb.engine import battles, control

    game = Game(["A", "B", "C"])
    game.choices.script(ChoiceKind.PROTECTOR, "B", player="A")
    battle = game.put_onto_battlefield(TEST_SIEGE, "A")
    assert battle is not None
    expect.equal(battles.protector(game, battle.id), "B", "守る者はB")
    game.create_effect("B gains control", [control("B")], [battle])
    game.choices.script(ChoiceKind.PROTECTOR, "C", player="B")
    game.refresh_priority()
    expect.equal(battles.protector(game, battle.id), "C", "コントローラーのBが守る者だったので、Cが新しい守る者になった")
    game.choices.script(ChoiceKind.PROTECTOR, "A", player="B")
    game.concede("C")
    game.refresh_priority()
    expect.equal(battles.protector(game, battle.id), "A", "守る者のCが離れ、Bが新しい守る者にAを選んだ")
