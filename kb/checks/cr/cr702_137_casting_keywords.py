"""Casting keywords of 702.131-702.189 (casting options of kb.engine.spell_costs): spectacle,
jump-start, web-slinging, escape, blitz."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import Card, Game, Resolution, SpellAbility, Step, TriggeredAbility, Zone, card
from kb.engine.keywords_new_casting import (
    GiftSpell,
    escaped,
    escapes_with,
    escapes_with_counters,
    gift_promised,
    gives_a_gift,
)
from kb.engine.targets import TargetSpec, any_target, target_creature


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
