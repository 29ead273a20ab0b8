"""Casting keywords of 702.131-702.189 (casting options of kb.engine.spell_costs): spectacle,
jump-start, web-slinging, escape, blitz."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    Card,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    face,
)
from kb.engine.keywords_new_casting import (
    BargainSpell,
    Foretold,
    GiftSpell,
    Plotted,
    bargained,
    escaped,
    escapes_with,
    escapes_with_counters,
    foretell,
    foretold_turn,
    gift_promised,
    gives_a_gift,
    make_foretold,
    make_plotted,
    plot,
    plotted_turn,
    spell_warped_this_turn,
    warped_turn,
)
from kb.engine.targets import TargetSpec, any_target, target_creature
from kb.engine.triggers import on_event


def target_artifact() -> TargetSpec:
    from kb.engine.selectors import permanents
    from kb.engine.targets import target

    return target(permanents("Artifact"), "target artifact")


def _gain_a_life(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


def _damage(amount: int) -> Callable[[Resolution], None]:
    def effect(resolution: Resolution) -> None:
        target = resolution.target
        if target is not None and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, target, amount)

    return effect


def _draw(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


SKEWER_THE_CRITICS = real("批判家刺殺", card(
    "Skewer the Critics", "{2}{R}", "Sorcery", "spectacle {R}",
    spell=SpellAbility("Skewer the Critics deals 3 damage to any target.", _damage(3), (any_target(),))))
"""批判家刺殺: 3点のダメージ。絢爛{R}。"""
RADICAL_IDEA = real("急進思想", card("Radical Idea", "{1}{U}", "Instant", "jump-start",
                                  spell=SpellAbility("Draw a card.", _draw)))
"""急進思想: カード1枚を引く。再活。"""
WEB_SWINGER = card("Test Web Swinger", "{3}{R}", "Creature — Spider Human Hero", 3, 3, "web-slinging {1}{R}")
"""A made-up 3/3 with web-slinging {1}{R}."""
UNDERWORLD_RAGE_HOUND = real("死の国の憤怒犬", card(
    "Underworld Rage-Hound", "{1}{R}", "Creature — Elemental Dog", 3, 1,
    "escape {3}{R}, Exile three other cards from your graveyard",
    escapes_with_counters("+1/+1", 1)))
"""死の国の憤怒犬: 脱出―{3}{R}、他のカード3枚を追放。+1/+1カウンター1個が置かれた状態で脱出する。毎戦闘攻撃する能力は省く。"""
ESCAPING_GRIFFIN = card("Test Escaping Griffin", "{2}{W}", "Creature — Griffin", 2, 2,
                        "escape {W}, Exile two other cards from your graveyard", escapes_with("flying"))
"""A made-up 2/2 that escapes with flying."""
BLITZER = card("Test Blitzer", "{2}{R}", "Creature — Goblin Warrior", 2, 2, "blitz {R}")
"""A made-up 2/2 with blitz {R}."""


def fill_graveyard(game: Game, count: int, player: str = "A") -> None:
    for _ in range(count):
        game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, player)


# -- 702.137 spectacle ------------------------------------------------------------------------------------


@check("702.137a@20260116.0@9f313bd5", "118.9@20260116.0@4961c10c")
def spectacle_after_an_opponent_lost_life(expect: Expect) -> None:
    """状況: Aの手札に《批判家刺殺》2枚（{2}{R}、絢爛{R}）。
    行動: Bがライフを失う前に{R}の絢爛で唱えようとする。《ショック》でBに2点を与えたあと、{R}で絢爛コストを支払って唱える。
    結果: 対戦相手がライフを失っていなければ絢爛では唱えられない。失ったあとは{R}で唱えられ、Bはさらに3点を失う。"""
    game = Game(["A", "B"])
    skewer = game.place(SKEWER_THE_CRITICS, Zone.HAND)
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", skewer, targets=["B"], alternative="spectacle"), "まだ絢爛では唱えられない")
    cast(game, "A", cards.SHOCK, ["B"])
    give_mana(game, "A", "{R}")
    game.cast("A", skewer, targets=["B"], alternative="spectacle")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 15, "絢爛で唱えて3点")


# -- 702.133 jump-start --------------------------------------------------------------------------------


@check("702.133a@20260116.0@f23e7ae1")
def jump_start_from_the_graveyard(expect: Expect) -> None:
    """状況: Aの墓地に《急進思想》（カード1枚を引く、再活）。手札に《灰色熊》1枚。ライブラリーにカード2枚。
    行動: 再活なしで墓地から唱えようとする。再活で{1}{U}を支払い熊を捨てて唱える。
    結果: 再活なしでは唱えられない。再活では熊を捨てて唱えられ、1枚引く。解決後、急進思想は墓地ではなく追放される。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    idea = game.place(RADICAL_IDEA, Zone.GRAVEYARD)
    game.place(cards.GRIZZLY_BEARS, Zone.HAND)
    give_mana(game, "A", "{1}{U}")
    expect.refused(lambda: game.cast("A", idea), "再活なしでは墓地から唱えられない")
    game.cast("A", idea, additional=("jump-start",))
    expect.that([c.card for c in game.graveyard("A")] == [cards.GRIZZLY_BEARS] and not game.hand("A"),
                "熊を捨てた")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 1, "1枚引いた")
    expect.that([c.card for c in game.in_zone(Zone.EXILE, "A")] == [RADICAL_IDEA], "追放された")


# -- 702.188 web-slinging ------------------------------------------------------------------------------


@check("702.188a@20260116.0@89bfc1f5")
def web_slinging_returns_a_tapped_creature(expect: Expect) -> None:
    """状況: Aの、タップ状態の《灰色熊》。手札にウェブスリング{1}{R}を持つテスト用の3/3。
    行動: 熊がアンタップ状態のときにウェブスリングで唱えようとする。熊がタップ状態のときに{1}{R}を支払い熊を手札に戻して唱える。
    結果: タップ状態のクリーチャーがなければ唱えられない。{1}{R}と熊を戻すことで唱えられ、3/3が戦場に出て熊は手札にある。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    swinger = game.place(WEB_SWINGER, Zone.HAND)
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", swinger, alternative="web-slinging"), "タップ状態のクリーチャーが必要")
    game.tap(bears)
    game.cast("A", swinger, alternative="web-slinging")
    game.resolve_stack()
    expect.that([c.card for c in game.creatures("A")] == [WEB_SWINGER], "3/3が出た")
    expect.that([c.card for c in game.hand("A")] == [cards.GRIZZLY_BEARS], "熊は手札に戻った")


# -- 702.138 escape ------------------------------------------------------------------------------------


@check("702.138a@20260116.0@21eace16", "702.138b@20260116.0@ef5b1437", "702.138c@20260116.0@80911d8a")
def escape_from_the_graveyard_with_a_counter(expect: Expect) -> None:
    """状況: Aの墓地に《死の国の憤怒犬》（3/1、脱出―{3}{R}、他のカード3枚を追放。+1/+1カウンター1個が置かれた状態で脱出する）と他のカード2枚。手札にもう1枚の憤怒犬。
    行動: 他のカードが2枚のときに脱出で唱えようとする。3枚目が墓地に置かれたあと脱出で唱える。手札の憤怒犬を普通に唱える。
    結果: 追放するカードが足りなければ唱えられない。脱出では3枚が追放され、憤怒犬は脱出したものとして+1/+1カウンター付きの4/2で出る。手札から唱えた方は脱出しておらずカウンターもない。"""
    game = Game(["A", "B"])
    hound = game.place(UNDERWORLD_RAGE_HOUND, Zone.GRAVEYARD)
    fill_graveyard(game, 2)
    give_mana(game, "A", "{3}{R}")
    expect.refused(lambda: game.cast("A", hound, alternative="escape"), "他のカード3枚が必要")
    fill_graveyard(game, 1)
    game.cast("A", hound, alternative="escape")
    game.resolve_stack()
    [escaped_hound] = game.creatures("A")
    expect.that(len(game.in_zone(Zone.EXILE, "A")) == 3 and not game.graveyard("A"), "他のカード3枚が追放された")
    expect.that(escaped(game, escaped_hound.id) and game.view(escaped_hound).pt == (4, 2), "脱出して4/2")
    cast(game, "A", UNDERWORLD_RAGE_HOUND)
    [plain] = [c for c in game.creatures("A") if c.id != escaped_hound.id]
    expect.that(not escaped(game, plain.id) and game.view(plain).pt == (3, 1), "手札から唱えた方は3/1")


@check("702.138d@20260116.0@65ebbbb5")
def escape_with_an_ability(expect: Expect) -> None:
    """状況: Aの墓地に、脱出―{W}、他のカード2枚を追放、「飛行を持った状態で脱出する」を持つテスト用の2/2と他のカード2枚。手札にもう1枚。
    行動: 脱出で唱える。手札のものを普通に唱える。
    結果: 脱出した方は飛行を持つ。手札から唱えた方は飛行を持たない。"""
    game = Game(["A", "B"])
    griffin = game.place(ESCAPING_GRIFFIN, Zone.GRAVEYARD)
    fill_graveyard(game, 2)
    give_mana(game, "A", "{W}")
    game.cast("A", griffin, alternative="escape")
    game.resolve_stack()
    [first] = game.creatures("A")
    cast(game, "A", ESCAPING_GRIFFIN)
    [second] = [c for c in game.creatures("A") if c.id != first.id]
    expect.that(game.view(first).has("flying") and not game.view(second).has("flying"), "脱出した方だけ飛行")


# -- 702.152 blitz ----------------------------------------------------------------------------------------


@check("702.152a@20260116.0@d0b6a99e")
def blitz_haste_sacrifice_and_draw(expect: Expect) -> None:
    """状況: Aの手札に奇襲{R}を持つテスト用の2/2が2枚。ライブラリーにカード3枚。
    行動: 1枚目を奇襲で唱えて攻撃し、終了ステップを迎える。次のターンに2枚目を普通に唱える。
    結果: 奇襲で唱えたものは速攻を持ち攻撃でき、終了ステップの開始時に生け贄に捧げられ、死亡したのでAはカード1枚を引く。普通に唱えたものは速攻を持たない。"""
    game = Game(["A", "B"])
    for _ in range(3):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    blitzer = game.place(BLITZER, Zone.HAND)
    give_mana(game, "A", "{R}")
    game.cast("A", blitzer, alternative="blitz")
    game.resolve_stack()
    [made] = game.creatures("A")
    expect.that(game.view(made).has("haste"), "速攻を持つ")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([made])
    hand = len(game.hand("A"))
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(made.id not in game.objects and len(game.hand("A")) == hand + 1, "生け贄に捧げられ1枚引く")
    game.next_turn("B")
    game.next_turn("A")
    cast(game, "A", BLITZER)
    [plain] = game.creatures("A")
    expect.that(not game.view(plain).has("haste"), "普通に唱えたら速攻なし")



# -- 702.174 gift -------------------------------------------------------------------------------------------


def _blooming_blast(resolution: Resolution) -> None:
    game, source, chosen = resolution.game, resolution.source_id, resolution.target
    if source is None or not isinstance(chosen, int) or chosen not in game.objects:
        return
    controller = game.view(chosen).controller
    game.deal_damage(source, chosen, 2)
    if gift_promised(game, resolution.item.spell):
        game.deal_damage(source, controller, 3)


BLOOMING_BLAST = real("開花破", card(
    "Blooming Blast", "{1}{R}", "Instant", "gift a Treasure",
    spell=SpellAbility("Blooming Blast deals 2 damage to target creature. If the gift was promised, it also deals "
                       "3 damage to that creature's controller.", _blooming_blast, (target_creature(),))))
"""開花破: 宝物1つを贈呈する。クリーチャー1体に2点。贈呈する約束をしたなら、そのコントローラーにも3点。"""


def _promised_strike(resolution: Resolution) -> None:
    game = resolution.game
    for group in resolution.item.targets:
        for chosen in group:
            if isinstance(chosen, int) and chosen in game.objects:
                game.destroy(chosen)


PROMISED_STRIKE = card(
    "Test Promised Strike", "{2}{B}", "Sorcery", "gift a card",
    spell=GiftSpell("Destroy target artifact. If the gift was promised, also destroy target creature.",
                    _promised_strike, (target_artifact(),), if_promised=(target_creature(),)))
"""A made-up sorcery: gift a card; destroy target artifact; if the gift was promised, also destroy target creature."""


def _gift_bearer(what: str) -> Card:
    return card(f"Test Gift Bearer ({what})", "{1}", "Creature — Mouse", 1, 1, f"gift {what}")


GIFT_BEARERS = {what: _gift_bearer(what) for what in ("a Food", "a card", "a tapped Fish", "a Treasure",
                                                       "an Octopus", "an extra turn")}
"""Made-up 1/1 creatures, each with one gift (702.174d-i)."""
GIFT_WATCHER = card("Test Gift Watcher", "{1}{W}", "Creature — Hamster", 2, 3,
                    TriggeredAbility("Whenever you give a gift, you gain 1 life.", gives_a_gift(), _gain_a_life))
"""A made-up creature whose controller gains 1 life whenever they give a gift."""


@check("702.174a@20260116.0@230fe98b", "702.174b@20260116.0@3feade37", "702.174k@20260116.0@4a847afa",
       "702.174h@20260116.0@a717e7b7")
def gift_promised_on_an_instant(expect: Expect) -> None:
    """状況: Bの《灰色熊》2体。Aの手札に《開花破》2枚（宝物1つを贈呈する。クリーチャーに2点。約束したならそのコントローラーに3点）。
    行動: 1枚目は贈呈せずに熊を対象に唱える。2枚目は追加コストとしてBを選んで贈呈する約束をし、もう1体の熊を対象に唱える。
    結果: 1枚目では熊が死亡するだけで、Bは宝物を得ずライフも失わない。2枚目では贈呈する約束をしたので、Bは宝物・トークン1つを生成し、熊が死亡し、Bは3点を失う。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    cast(game, "A", BLOOMING_BLAST, [first])
    expect.that(first.id not in game.objects and game.players["B"].life == 20 and not game.battlefield("B")[1:],
                "約束しなければ熊が死ぬだけ")
    blast = game.place(BLOOMING_BLAST, Zone.HAND)
    give_mana(game, "A", "{1}{R}")
    game.cast("A", blast, targets=[second], additional=("gift",))
    game.resolve_stack()
    treasures = [o for o in game.battlefield("B") if "Treasure" in game.view(o).subtypes]
    expect.that(len(treasures) == 1 and second.id not in game.objects and game.players["B"].life == 17,
                "約束したのでBは宝物を得て、3点失う")


@check("702.174j@20260116.0@a9ac9c08")
def gift_of_a_countered_spell_does_nothing(expect: Expect) -> None:
    """状況: Bの《灰色熊》。Aの手札に《開花破》。
    行動: Aが贈呈する約束をして唱え、それが解決前に打ち消される。
    結果: 贈呈の効果は何も起こらず、Bは宝物を得ない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    blast = game.place(BLOOMING_BLAST, Zone.HAND)
    give_mana(game, "A", "{1}{R}")
    spell = game.cast("A", blast, targets=[bears], additional=("gift",))
    expect.that(game.counter(spell), "打ち消された")
    game.resolve_stack()
    expect.that(not game.battlefield("B")[1:] and bears.id in game.objects, "贈呈は起こらない")


@check("702.174m@20260116.0@035e3c1d")
def gift_targets_only_if_promised(expect: Expect) -> None:
    """状況: Bの《羽ばたき飛行機械》（アーティファクト・クリーチャー）と《灰色熊》。Aの手札に、カード1枚を贈呈する、アーティファクトを破壊し、約束したならクリーチャーも破壊するテスト用のソーサリー2枚。
    行動: 1枚目を約束せずに飛行機械を対象に唱える（対象は1つだけ）。2枚目を約束して、アーティファクトとして別の飛行機械、クリーチャーとして熊を対象に唱える。
    結果: 約束しなければクリーチャーの対象は選ばれず、飛行機械だけが破壊される。約束すれば熊も対象に取れ、どちらも破壊され、Bはカード1枚を引く。"""
    game = Game(["A", "B"])
    thopter = game.place(cards.ORNITHOPTER, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "B")
    cast(game, "A", PROMISED_STRIKE, [thopter])
    expect.that(thopter.id not in game.objects and bears.id in game.objects, "約束しなければ飛行機械だけ")
    other = game.place(cards.ORNITHOPTER, player="B")
    strike = game.place(PROMISED_STRIKE, Zone.HAND)
    give_mana(game, "A", "{2}{B}")
    game.cast("A", strike, targets=[other, bears], additional=("gift",))
    game.resolve_stack()
    expect.that(other.id not in game.objects and bears.id not in game.objects, "約束すれば熊も破壊される")
    expect.equal(len(game.hand("B")), 1, "Bはカード1枚を引く")


@check("702.174b@20260116.0@3feade37", "702.174d@20260116.0@46492408", "702.174e@20260116.0@223f7784",
       "702.174f@20260116.0@4ae7559b", "702.174i@20260116.0@85104590")
def gifts_of_permanents_as_they_enter(expect: Expect) -> None:
    """状況: Aの手札に、食物、カード、タップ状態の魚、タコをそれぞれ1つ贈呈するテスト用の1/1クリーチャー。Bのライブラリーにカード1枚。
    行動: 1体目の食物を贈呈するものは約束せずに唱える。それから4体をすべて、約束して唱える。
    結果: 約束しなければ何も起こらない。約束すると、戦場に出たときBは食物・トークンを生成し、カード1枚を引き、タップ状態の青の1/1の魚・トークンと青の8/8のタコ・トークンを生成する。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "B")
    cast(game, "A", GIFT_BEARERS["a Food"])
    expect.that(not game.battlefield("B"), "約束しなければ何も起こらない")
    for what in ("a Food", "a card", "a tapped Fish", "an Octopus"):
        bearer = game.place(GIFT_BEARERS[what], Zone.HAND)
        give_mana(game, "A", "{1}")
        game.cast("A", bearer, additional=("gift",))
        game.resolve_stack()
    views = [game.view(o) for o in game.battlefield("B")]
    expect.that(any("Food" in v.subtypes for v in views), "食物を生成")
    expect.equal(len(game.hand("B")), 1, "カード1枚を引いた")
    fish = [o for o in game.battlefield("B") if "Fish" in game.view(o).subtypes]
    expect.that(len(fish) == 1 and fish[0].tapped and game.view(fish[0]).pt == (1, 1), "タップ状態の1/1の魚")
    expect.that(any("Octopus" in v.subtypes and v.pt == (8, 8) for v in views), "8/8のタコ")


@check("702.174g@20260116.0@ea1549d9")
def gift_of_an_extra_turn(expect: Expect) -> None:
    """状況: Aの手札に、追加の1ターンを贈呈するテスト用の1/1クリーチャー。
    行動: Aが約束して唱える。Aのターンが終わる。
    結果: 次のターンはBの追加のターンであり、そのあとも再びBのターンである（通常のBのターン）。"""
    game = Game(["A", "B"])
    bearer = game.place(GIFT_BEARERS["an extra turn"], Zone.HAND)
    give_mana(game, "A", "{1}")
    game.cast("A", bearer, additional=("gift",))
    game.resolve_stack()
    game.next_turn()
    expect.equal(game.active, "B", "Bの追加のターン")
    game.next_turn()
    expect.equal(game.active, "B", "そのあとBの通常のターン")


@check("702.174c@20260116.0@bb88be65")
def giving_a_gift_triggers(expect: Expect) -> None:
    """状況: Aの「あなたが贈呈するたび、1点のライフを得る」テスト用のクリーチャー。Bの《灰色熊》2体。Aの手札に《開花破》2枚。
    行動: 1枚目を約束せずに唱える。2枚目を約束して唱える。
    結果: 約束しなかった呪文の解決では誘発しない。約束した呪文が解決されると、Aは贈呈したので1点のライフを得る。"""
    game = Game(["A", "B"])
    game.place(GIFT_WATCHER)
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    cast(game, "A", BLOOMING_BLAST, [first])
    expect.equal(game.players["A"].life, 20, "約束しなければ誘発しない")
    blast = game.place(BLOOMING_BLAST, Zone.HAND)
    give_mana(game, "A", "{1}{R}")
    game.cast("A", blast, targets=[second], additional=("gift",))
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "贈呈して1点得る")


# -- 702.175 offspring, 702.157 squad ------------------------------------------------------------------------

OFFSPRING_MOUSE = card("Test Offspring Mouse", "{1}{W}", "Creature — Mouse Soldier", 3, 3, "offspring {2}")
"""A made-up 3/3 with offspring {2}."""
TWICE_OFFSPRING = card("Test Twice Offspring", "{1}{G}", "Creature — Rabbit", 3, 3, "offspring {1}", "offspring {2}")
"""A made-up 3/3 with offspring {1} and offspring {2}."""
SQUAD_LEADER = card("Test Squad Leader", "{1}{W}", "Creature — Human Soldier", 2, 2, "squad {2}")
"""A made-up 2/2 with squad {2}."""
TWICE_SQUAD = card("Test Twice Squad", "{1}{W}", "Creature — Human Soldier", 2, 2, "squad {1}", "squad {2}")
"""A made-up 2/2 with squad {1} and squad {2}."""


def cast_with(game: Game, what: Card, mana: str, additional: tuple[str, ...] = (), alternative: str | None = None,
              targets: list[object] | None = None) -> None:
    held = game.place(what, Zone.HAND)
    give_mana(game, "A", mana)
    if alternative is None:
        game.cast("A", held, additional=additional, targets=targets)
    else:
        game.cast("A", held, additional=additional, alternative=alternative, targets=targets)
    game.resolve_stack()


@check("702.175a@20260116.0@6bc715c1")
def offspring_makes_a_one_one_copy(expect: Expect) -> None:
    """状況: Aの手札に新生{2}を持つテスト用の3/3（{1}{W}）が2枚。
    行動: 1枚目は新生コストを支払わずに唱える。2枚目は追加で{2}を支払って唱える。
    結果: 1枚目ではトークンは生成されない。2枚目では戦場に出たとき、それのコピーで1/1であるトークン1体が生成される。"""
    game = Game(["A", "B"])
    cast_with(game, OFFSPRING_MOUSE, "{1}{W}")
    expect.equal(len(game.creatures("A")), 1, "支払わなければトークンなし")
    cast_with(game, OFFSPRING_MOUSE, "{3}{W}", ("offspring",))
    tokens = [c for c in game.creatures("A") if c.is_token]
    expect.that(len(tokens) == 1 and game.view(tokens[0]).name == "Test Offspring Mouse"
                and game.view(tokens[0]).pt == (1, 1), "1/1のコピー・トークン")


@check("702.175b@20260116.0@dcfb6d21")
def offspring_instances_are_paid_separately(expect: Expect) -> None:
    """状況: Aの手札に新生{1}と新生{2}を持つテスト用の3/3。
    行動: 新生{2}だけを支払って唱える。
    結果: 支払われた新生{2}だけが誘発し、トークンは1体だけ生成される。"""
    game = Game(["A", "B"])
    cast_with(game, TWICE_OFFSPRING, "{3}{G}", ("offspring {2}",))
    expect.equal(len([c for c in game.creatures("A") if c.is_token]), 1, "トークン1体")


@check("702.157a@20260116.0@f14784a2")
def squad_copies_for_each_payment(expect: Expect) -> None:
    """状況: Aの手札に分隊{2}を持つテスト用の2/2。
    行動: 分隊コストを2回支払って唱える。
    結果: 戦場に出たとき、それのコピーであるトークンが2体生成される（2/2）。"""
    game = Game(["A", "B"])
    cast_with(game, SQUAD_LEADER, "{5}{W}", ("squad", "squad"))
    tokens = [c for c in game.creatures("A") if c.is_token]
    expect.that(len(tokens) == 2 and all(game.view(t).pt == (2, 2) for t in tokens), "2/2のコピーが2体")


@check("702.157b@20260116.0@2f8e6a8c")
def squad_instances_count_their_own_payments(expect: Expect) -> None:
    """状況: Aの手札に分隊{1}と分隊{2}を持つテスト用の2/2。
    行動: 分隊{1}を2回、分隊{2}を1回支払って唱える。
    結果: それぞれの分隊は自分の支払いだけを参照し、2体と1体、計3体のトークンが生成される。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    cast_with(game, TWICE_SQUAD, "{5}{W}", ("squad {1}", "squad {1}", "squad {2}"))
    expect.equal(len([c for c in game.creatures("A") if c.is_token]), 3, "トークン3体")


# -- 702.153 casualty ------------------------------------------------------------------------------------


def _gain_three(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


CASUALTY_RITE = card("Test Casualty Rite", "{1}{B}", "Sorcery", "casualty 2",
                     spell=SpellAbility("You gain 3 life.", _gain_three))
"""A made-up sorcery with casualty 2: "You gain 3 life"."""
TWICE_CASUALTY = card("Test Twice Casualty", "{1}{B}", "Sorcery", "casualty 1", "casualty 2",
                      spell=SpellAbility("You gain 3 life.", _gain_three))
"""A made-up sorcery with casualty 1 and casualty 2."""


@check("702.153a@20260116.0@098cf5df")
def casualty_sacrifices_and_copies(expect: Expect) -> None:
    """状況: Aの《羽ばたき飛行機械》（0/2）。手札に犠牲2を持つ「3点のライフを得る」テスト用のソーサリー。
    行動: 飛行機械しかいない状態で犠牲を支払おうとする。《灰色熊》が出たあと、熊を生け贄に捧げて唱える。
    結果: パワー2以上のクリーチャーがいなければ支払えない。熊を生け贄に捧げると呪文がコピーされ、Aは計6点のライフを得る。"""
    game = Game(["A", "B"])
    game.place(cards.ORNITHOPTER)
    rite = game.place(CASUALTY_RITE, Zone.HAND)
    give_mana(game, "A", "{1}{B}")
    expect.refused(lambda: game.cast("A", rite, additional=("casualty",)), "パワー2以上がいない")
    bears = game.place(cards.GRIZZLY_BEARS)
    game.cast("A", rite, additional=("casualty",))
    game.resolve_stack()
    expect.that(bears.id not in game.objects and game.players["A"].life == 26, "熊を生け贄にしてコピーされ6点")


@check("702.153b@20260116.0@6ddb1650")
def casualty_instances_are_separate(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《丘巨人》。手札に犠牲1と犠牲2を持つ「3点のライフを得る」テスト用のソーサリー。
    行動: 両方の犠牲を支払い（熊と丘巨人を生け贄に捧げ）て唱える。
    結果: それぞれの犠牲が自分の支払いで誘発し、コピーが2つ作られ、Aは計9点のライフを得る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECT, bears, player="A")
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    cast_with(game, TWICE_CASUALTY, "{1}{B}", ("casualty", "casualty"))
    expect.equal(game.players["A"].life, 29, "コピー2つで計9点")


# -- 702.166 bargain ---------------------------------------------------------------------------------------


def _bargain_ritual(resolution: Resolution) -> None:
    game = resolution.game
    game.gain_life(resolution.controller, 4 if bargained(game, resolution.item.spell) else 2)
    for group in resolution.item.targets:
        for chosen in group:
            if isinstance(chosen, int) and chosen in game.objects:
                game.destroy(chosen)


BARGAIN_RITUAL = card(
    "Test Bargain Ritual", "{1}{B}", "Sorcery", "bargain",
    spell=BargainSpell("You gain 2 life. If this spell was bargained, you gain 4 life instead and destroy target "
                       "creature.", _bargain_ritual, if_bargained=(target_creature(),)))
"""A made-up sorcery with bargain: gain 2 life; if bargained, gain 4 instead and destroy target creature."""


@check("702.166a@20260116.0@d377835b", "702.166b@20260116.0@26bbc50e", "702.166c@20260116.0@61d2ae12",
       "702.166d@20260116.0@d34e4b6e")
def bargain_sacrifices_a_token(expect: Expect) -> None:
    """状況: Aの宝物・トークン。Bの《灰色熊》。Aの手札に、協約と「2点のライフを得る。協約されていたなら代わりに4点得て、クリーチャー1体を破壊する」テスト用のソーサリー2枚。
    行動: 1枚目を協約せずに唱える（クリーチャーの対象は選ばれない）。2枚目は宝物を生け贄に捧げ、熊を対象にして唱える。
    結果: 協約しなければAは2点得るだけで熊は残る。協約すると呪文は協約されたことになり、宝物は生け贄に捧げられ、Aは4点得て熊が破壊される。"""
    from kb.engine.predefined_tokens import TREASURE

    game = Game(["A", "B"])
    [treasure] = game.create_token(TREASURE, "A")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    cast_with(game, BARGAIN_RITUAL, "{1}{B}")
    expect.that(game.players["A"].life == 22 and bears.id in game.objects, "協約しなければ2点だけ")
    cast_with(game, BARGAIN_RITUAL, "{1}{B}", ("bargain",), targets=[bears])
    expect.that(treasure.id not in game.objects and game.players["A"].life == 26 and bears.id not in game.objects,
                "協約して4点、熊も破壊")


# -- 702.185 warp ------------------------------------------------------------------------------------------

WARP_RAIDER = card("Test Warp Raider", "{3}{R}", "Creature — Human Pirate", 3, 3, "flash", "warp {R}")
"""A made-up 3/3 with flash and warp {R} (flash: casting it again at the end step is refused only by warp)."""


@check("702.185a@20260116.0@cbd10c99", "702.185b@20260116.0@68133641", "702.185c@20260116.0@70c93cbe")
def warp_then_exile_then_cast_later(expect: Expect) -> None:
    """状況: Aの手札に瞬速とワープ{R}を持つテスト用の3/3（{3}{R}）。
    行動: ワープで唱える。終了ステップを迎える。そのターンのうちに追放領域から唱えようとする。次のAのターンに唱える。
    結果: {R}で唱えられ、このターン呪文がワープされたことになる。終了ステップの開始時に追放され、ワープしているカードになる。そのターンのうちは唱えられないが、次のターンには追放領域からマナ・コストで唱えられる。"""
    game = Game(["A", "B"])
    cast_with(game, WARP_RAIDER, "{R}", alternative="warp")
    [raider] = game.creatures("A")
    expect.that(spell_warped_this_turn(game), "このターンに呪文がワープされた")
    game.advance_to(Step.END)
    game.resolve_stack()
    [exiled] = game.in_zone(Zone.EXILE, "A")
    expect.that(raider.id not in game.objects and warped_turn(game, exiled) is not None, "追放されワープしている")
    give_mana(game, "A", "{3}{R}")
    expect.refused(lambda: game.cast("A", exiled), "同じターンには唱えられない")
    game.next_turn("B")
    game.next_turn("A")
    expect.that(not spell_warped_this_turn(game), "次のターンにはワープされた呪文はない")
    give_mana(game, "A", "{3}{R}")
    game.cast("A", exiled)
    game.resolve_stack()
    expect.equal([c.card for c in game.creatures("A")], [WARP_RAIDER], "次のターンに追放領域から唱えた")


# -- 702.187 mayhem ----------------------------------------------------------------------------------------

MAYHEM_BOLT = card("Test Mayhem Bolt", "{2}{R}", "Sorcery", "mayhem {R}",
                   spell=SpellAbility("This spell deals 3 damage to any target.", _damage(3), (any_target(),)))
"""A made-up sorcery with mayhem {R}: 3 damage to any target."""


@check("702.187b@20260116.0@b680b729")
def mayhem_from_the_graveyard_after_discarding(expect: Expect) -> None:
    """状況: Aの墓地に、大混乱{R}を持つテスト用のソーサリー（捨てられたのではなく置かれた）。手札にもう1枚。
    行動: 墓地のものを大混乱で唱えようとする。手札のものを捨て、大混乱で{R}を支払って墓地から唱える。
    結果: このターンに捨てたのでなければ唱えられない。捨てたものは{R}で墓地から唱えられ、Bは3点を失う。"""
    from kb.engine import actions

    game = Game(["A", "B"])
    milled = game.place(MAYHEM_BOLT, Zone.GRAVEYARD)
    held = game.place(MAYHEM_BOLT, Zone.HAND)
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", milled, targets=["B"], alternative="mayhem"), "捨てたのでなければ唱えられない")
    actions.discard(game, "A", [held])
    discarded = game.current(held)
    game.cast("A", discarded, targets=["B"], alternative="mayhem")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 17, "大混乱で唱えて3点")


# -- 702.143 foretell -------------------------------------------------------------------------------------

FORETOLD_GIANT = card("Test Foretold Giant", "{4}{R}", "Creature — Giant", 4, 4, "foretell {1}{R}")
"""A made-up 4/4 ({4}{R}) with foretell {1}{R}."""
FORETELL_WATCHER = card("Test Seer", "{U}", "Creature — Human Wizard", 1, 1,
                        TriggeredAbility("Whenever you foretell a card, you gain 1 life.",
                                         on_event("whenever you foretell a card", (Foretold,),
                                                  lambda t: int(isinstance(t.event, Foretold)
                                                                and t.event.player == t.source.controller)),
                                         _gain_a_life))
"""A made-up creature: whenever its controller foretells a card, they gain 1 life."""


@check("702.143a@20260116.0@b6891e87", "702.143b@20260116.0@1d46ae2b")
def foretell_then_cast_on_a_later_turn(expect: Expect) -> None:
    """状況: Aの手札に予顕{1}{R}を持つテスト用の4/4（{4}{R}）。
    行動: Bのターンに予顕しようとする。Aのターンに{2}を支払って予顕し、同じターンに予顕コストで唱えようとする。次のAのターンに{1}{R}で唱える。
    結果: 自分のターンでなければ予顕できない。予顕は特別な処理でスタックを使わず、カードは裏向きで追放される。予顕したターンには唱えられないが、次のターンには{1}{R}で唱えられる。"""
    game = Game(["A", "B"])
    giant = game.place(FORETOLD_GIANT, Zone.HAND)
    game.next_turn("B")
    if game.priority != "A":
        game.pass_priority_to("A")
    give_mana(game, "A", "{2}")
    expect.refused(lambda: foretell(game, "A", giant), "自分のターンでなければ予顕できない")
    game.next_turn("A")
    give_mana(game, "A", "{2}")
    exiled = foretell(game, "A", giant)
    expect.that(not game.stack and exiled.zone is Zone.EXILE and exiled.face_down is not None,
                "スタックを使わず裏向きで追放")
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", exiled, alternative="foretell"), "予顕したターンには唱えられない")
    game.next_turn("B")
    game.next_turn("A")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", exiled, alternative="foretell")
    game.resolve_stack()
    expect.equal([c.card for c in game.creatures("A")], [FORETOLD_GIANT], "次のターンに予顕コストで唱えた")


@check("702.143c@20260116.0@e61812ab")
def foretelling_is_the_special_action(expect: Expect) -> None:
    """状況: Aの「あなたがカードを予顕するたび、1点のライフを得る」テスト用のクリーチャー。手札に予顕を持つテスト用の4/4。
    行動: Aが予顕の特別な処理を行う。
    結果: カードを予顕したことになり、Aは1点のライフを得る。"""
    game = Game(["A", "B"])
    game.place(FORETELL_WATCHER)
    giant = game.place(FORETOLD_GIANT, Zone.HAND)
    give_mana(game, "A", "{2}")
    exiled = foretell(game, "A", giant)
    game.refresh_priority()
    game.resolve_stack()
    expect.that(foretold_turn(game, exiled) == game.turn and game.players["A"].life == 21, "予顕して1点得る")


@check("702.143d@20260116.0@9d5263e3")
def an_effect_makes_an_exiled_card_foretold(expect: Expect) -> None:
    """状況: Aの予顕{1}{R}を持つテスト用の4/4が、効果で追放されて予顕された状態になる。
    行動: 同じターンに唱えようとする。次のAのターンに予顕コストで唱える。
    結果: 予顕されたカードとして、そのターンには唱えられず、次のターンに{1}{R}で唱えられる。"""
    game = Game(["A", "B"])
    giant = game.place(FORETOLD_GIANT, Zone.HAND)
    [exiled] = game.exile(giant)
    assert exiled is not None
    make_foretold(game, exiled, "A")
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", exiled, alternative="foretell"), "そのターンには唱えられない")
    game.next_turn("B")
    game.next_turn("A")
    give_mana(game, "A", "{1}{R}")
    game.cast("A", exiled, alternative="foretell")
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 1, "次のターンに唱えた")


# -- 702.170 plot -------------------------------------------------------------------------------------------

PLOTTING_OUTLAW = card("Test Plotting Outlaw", "{3}{R}", "Creature — Human Rogue", 3, 3, "plot {1}{R}")
"""A made-up 3/3 ({3}{R}) with plot {1}{R}."""
PLOT_WATCHER = card("Test Schemer", "{B}", "Creature — Human Rogue", 1, 1,
                    TriggeredAbility("Whenever you plot a card, you gain 1 life.",
                                     on_event("whenever you plot a card", (Plotted,),
                                              lambda t: int(isinstance(t.event, Plotted)
                                                            and t.event.player == t.source.controller)),
                                     _gain_a_life))
"""A made-up creature: whenever its controller plots a card, they gain 1 life."""


@check("702.170a@20260116.0@b145da55", "702.170b@20260116.0@fd37bff8", "702.170d@20260116.0@c5bee1f3")
def plot_then_cast_free_on_a_later_turn(expect: Expect) -> None:
    """状況: Aの手札に計画{1}{R}を持つテスト用の3/3（{3}{R}）。
    行動: 戦闘中に計画しようとする。メイン・フェイズに{1}{R}を支払って計画し、同じターンに唱えようとする。次のAのターンの戦闘中と、メイン・フェイズに唱える。
    結果: メイン・フェイズでなければ計画できない。計画は特別な処理でスタックを使わず、カードは追放される。同じターンや戦闘中には唱えられず、次のターンのメイン・フェイズにマナ・コストを支払わずに唱えられる。"""
    from kb.engine.turn import Phase

    game = Game(["A", "B"])
    outlaw = game.place(PLOTTING_OUTLAW, Zone.HAND)
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: plot(game, "A", outlaw), "戦闘中は計画できない")
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    give_mana(game, "A", "{1}{R}")
    exiled = plot(game, "A", outlaw)
    expect.that(not game.stack and exiled.zone is Zone.EXILE and plotted_turn(game, exiled) is not None,
                "スタックを使わず追放され計画された")
    expect.refused(lambda: game.cast("A", exiled, alternative="plot"), "同じターンには唱えられない")
    game.next_turn("B")
    game.next_turn("A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    expect.refused(lambda: game.cast("A", exiled, alternative="plot"), "戦闘中には唱えられない")
    game.advance_to(Phase.POSTCOMBAT_MAIN)
    game.cast("A", exiled, alternative="plot")
    game.resolve_stack()
    expect.equal([c.card for c in game.creatures("A")], [PLOTTING_OUTLAW], "マナ・コストを支払わずに唱えた")


@check("702.170c@20260116.0@1a246fd6")
def an_effect_plots_a_card(expect: Expect) -> None:
    """状況: Aの《灰色熊》（計画を持たない）が効果で追放され、計画された状態になる。
    行動: 次のAのターンのメイン・フェイズに唱える。
    結果: 計画されたカードとして、マナ・コストを支払わずに唱えられる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, Zone.HAND)
    [exiled] = game.exile(bears)
    assert exiled is not None
    make_plotted(game, exiled, "A")
    game.next_turn("B")
    game.next_turn("A")
    game.cast("A", exiled, alternative="plot")
    game.resolve_stack()
    expect.equal([c.card for c in game.creatures("A")], [cards.GRIZZLY_BEARS], "マナ・コストなしで唱えた")


@check("702.170e@20260116.0@822478d2", "702.170f@20260116.0@aa0a4e5a")
def plotting_from_another_zone(expect: Expect) -> None:
    """状況: Aの「あなたがカードを計画するたび、1点のライフを得る」テスト用のクリーチャー。Aの墓地に計画を持つテスト用の3/3。
    行動: 墓地から計画しようとする。効果が墓地からの計画を許すとして、計画する。
    結果: 通常は手札からしか計画できない。効果が許せば、カードは墓地から追放されて計画された状態になり、計画したことでAは1点のライフを得る。"""
    game = Game(["A", "B"])
    game.place(PLOT_WATCHER)
    outlaw = game.place(PLOTTING_OUTLAW, Zone.GRAVEYARD)
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: plot(game, "A", outlaw), "手札からしか計画できない")
    exiled = plot(game, "A", outlaw, allowed_from=Zone.GRAVEYARD)
    game.refresh_priority()
    game.resolve_stack()
    expect.that(exiled.zone is Zone.EXILE and plotted_turn(game, exiled) is not None and not game.graveyard("A"),
                "墓地から追放されて計画された")
    expect.equal(game.players["A"].life, 21, "計画したので1点")


# -- 702.146 disturb, 702.162 More Than Meets the Eye --------------------------------------------------

BELOVED_BEGGAR = real("愛される物乞い", card(
    "Beloved Beggar", "{1}{W}", "Creature — Human Peasant", 0, 4, "disturb {4}{W}{W}",
    back=face("Generous Soul", None, "Creature — Spirit", 4, 4, "flying", "vigilance", colors="W")))
"""愛される物乞い（0/4、降霊{4}{W}{W}）／第2面は飛行と警戒を持つ4/4のスピリット。第2面の追放する置換効果は省く。"""
CONVERTIBLE = card("Test Convertible", "{4}", "Artifact Creature — Robot", 2, 2, "more than meets the eye {1}",
                   back=face("Test Vehicle Mode", None, "Artifact Creature — Robot", 4, 4, "trample", colors=""))
"""A made-up double-faced card: a 2/2 Robot with More Than Meets the Eye {1}, its back face a 4/4 with trample."""


@check("702.146a@20260116.0@9580f8ce", "702.146b@20260116.0@222ead27", "712.8c@20260116.0@a63cb9a2")
def disturb_casts_the_back_face_from_the_graveyard(expect: Expect) -> None:
    """状況: Aの墓地に《愛される物乞い》（0/4、降霊{4}{W}{W}）。
    行動: 降霊なしで墓地から唱えようとする。降霊コストを支払い変身させた状態で唱える。
    結果: 降霊なしでは唱えられない。降霊では、スタック上の呪文は第2面の飛行を持つ4/4で、マナ総量は第1面の2である。解決されると第2面をオモテにして戦場に出る。"""
    game = Game(["A", "B"])
    beggar = game.place(BELOVED_BEGGAR, Zone.GRAVEYARD)
    give_mana(game, "A", "{4}{W}{W}")
    expect.refused(lambda: game.cast("A", beggar), "降霊なしでは墓地から唱えられない")
    spell = game.cast("A", beggar, alternative="disturb")
    view = game.view(spell)
    expect.that(view.pt == (4, 4) and view.has("flying") and view.mana_value == 2, "第2面の4/4、マナ総量2")
    game.resolve_stack()
    [soul] = game.creatures("A")
    expect.that(soul.transformed and game.view(soul).pt == (4, 4) and game.view(soul).has("vigilance"),
                "第2面をオモテにして戦場に出た")


@check("702.162a@20260116.0@45c06a19")
def more_than_meets_the_eye_casts_converted(expect: Expect) -> None:
    """状況: Aの手札に、見た目以上のもの{1}を持つテスト用の両面カード（第1面は2/2、第2面はトランプルを持つ4/4）。
    行動: 見た目以上のものコスト{1}を支払って唱える。
    結果: 変身した状態で唱えられ、第2面をオモテにした4/4として戦場に出る。"""
    game = Game(["A", "B"])
    held = game.place(CONVERTIBLE, Zone.HAND)
    give_mana(game, "A", "{1}")
    game.cast("A", held, alternative="more than meets the eye")
    game.resolve_stack()
    [made] = game.battlefield("A")
    expect.that(made.transformed and game.view(made).pt == (4, 4) and game.view(made).has("trample"),
                "第2面の4/4として出た")


# -- 702.180 harmonize ----------------------------------------------------------------------------------------


def _draw_two(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller, 2)


HARMONY = card("Test Harmony", "{4}{G}{G}", "Sorcery", "harmonize {5}{G}",
               spell=SpellAbility("Draw two cards.", _draw_two))
"""A made-up sorcery: "Draw two cards", harmonize {5}{G}."""


@check("702.180a@20260116.0@15337cc5", "702.180b@20260116.0@cfc48f71")
def harmonize_taps_a_creature_to_pay_less(expect: Expect) -> None:
    """状況: Aの墓地に、調和{5}{G}を持つ「カード2枚を引く」テスト用のソーサリー。Aの《丘巨人》（3/3、アンタップ状態）。ライブラリーにカード2枚。
    行動: 調和で唱え、丘巨人をタップすることを選ぶ。{2}{G}だけを支払う。
    結果: 総コストは丘巨人のパワー3だけ減って{2}{G}になり、丘巨人はタップされる。Aは2枚引き、呪文は墓地ではなく追放される。"""
    game = Game(["A", "B"])
    for _ in range(2):
        game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    harmony = game.place(HARMONY, Zone.GRAVEYARD)
    giant = game.place(cards.HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    give_mana(game, "A", "{2}{G}")
    game.cast("A", harmony, alternative="harmonize")
    expect.that(giant.tapped and game.players["A"].mana.total == 0, "丘巨人をタップし{2}{G}で唱えた")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), 2, "2枚引いた")
    expect.that([c.card for c in game.in_zone(Zone.EXILE, "A")] == [HARMONY] and not game.graveyard("A"),
                "追放された")


# -- 702.176 impending ------------------------------------------------------------------------------------

OVERLORD_OF_THE_MISTMOORS = real("ミストムーアの大主", card(
    "Overlord of the Mistmoors", "{5}{W}{W}", "Enchantment Creature — Avatar Horror", 6, 6, "impending 4—{2}{W}{W}"))
"""ミストムーアの大主（6/6、兆候4―{2}{W}{W}）。戦場に出るか攻撃するたび昆虫を生成する能力は省く。"""


@check("702.176a@20260116.0@47641a7b")
def impending_waits_with_time_counters(expect: Expect) -> None:
    """状況: Aの手札に《ミストムーアの大主》（6/6、兆候4―{2}{W}{W}）。
    行動: 兆候コスト{2}{W}{W}で唱え、Aの終了ステップを4回迎える。
    結果: 時間カウンター4個が置かれた状態で戦場に出て、クリーチャーではない（エンチャントではある）。Aの終了ステップの開始時ごとに1個ずつ取り除かれ、最後の1個が取り除かれると6/6のクリーチャーになる。"""
    game = Game(["A", "B"])
    cast_with(game, OVERLORD_OF_THE_MISTMOORS, "{2}{W}{W}", alternative="impending")
    [overlord] = game.battlefield("A")
    view = game.view(overlord)
    expect.that(overlord.counter("time") == 4 and not view.is_a("Creature") and view.is_a("Enchantment"),
                "時間カウンター4個、クリーチャーではない")
    for left in (3, 2, 1):
        game.advance_to(Step.END)
        game.resolve_stack()
        expect.equal(overlord.counter("time"), left, f"終了ステップに1個取り除かれ{left}個")
        game.next_turn("B")
        game.next_turn("A")
    expect.that(not game.view(overlord).is_a("Creature"), "まだクリーチャーではない")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(overlord.counter("time") == 0 and game.view(overlord).is_a("Creature")
                and game.view(overlord).pt == (6, 6), "最後の1個で6/6のクリーチャーになる")
