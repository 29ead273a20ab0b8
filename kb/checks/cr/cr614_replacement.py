"""Replacement effects (614), prevention effects (615) and how several apply to one event (616)."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    Card,
    ChoiceKind,
    Game,
    GameObject,
    Replacement,
    Resolution,
    Shield,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    UnscriptedChoice,
    UntilEndOfTurn,
    Zone,
    as_enters_choose,
    card,
    creatures,
    dies,
    enters_tapped,
    enters_with_counters,
    instead_to,
    prevent_damage,
)
from kb.engine.replacement import Damage, GainLife

gain = cards._gain_life


def doubling_life() -> Replacement:
    """"If you would gain life, you gain twice that much life instead"."""
    return Replacement("If you would gain life, you gain twice that much life instead.", GainLife,
                       lambda c, e: e.player == c.context.you, lambda c, e: with_changes(e, amount=e.amount * 2))


def life_plus_one() -> Replacement:
    """"If you would gain life, you gain that much life plus 1 instead"."""
    return Replacement("If you would gain life, you gain that much life plus 1 instead.", GainLife,
                       lambda c, e: e.player == c.context.you, lambda c, e: with_changes(e, amount=e.amount + 1))


def doubler(name: str) -> Card:
    return card(name, "{2}", "Enchantment", StaticAbility(doubling_life().text, replacements=(doubling_life(),)))


REST_IN_PEACE = real("安らかなる眠り", card(
    "Rest in Peace", "{1}{W}", "Enchantment",
    StaticAbility("If a card or token would be put into a graveyard from anywhere, exile it instead.",
                  replacements=(instead_to(Zone.EXILE),))))
"""安らかなる眠り; its enters ability (exile all graveyards) is left out."""


@check("614.5@20260116.0@98d63c84", "614.1a@20260116.0@200be777")
def a_replacement_applies_once(expect: Expect) -> None:
    """状況: Aが「あなたがライフを得るなら、代わりにその2倍のライフを得る」テスト用エンチャントを1つ持つ。
    行動: Aが3点のライフを得る。2つ目の同じエンチャントが出たあと、もう一度3点得る。
    結果: 置換効果は自分が置換した出来事に再び適用されないので、1つなら6点。2つならそれぞれ1回ずつ適用されて12点。"""
    game = Game(["A", "B"])
    game.place(doubler("Test Doubler One"))
    game.gain_life("A", 3)
    expect.equal(game.players["A"].life, 26, "1回だけ2倍になって6点")
    game.place(doubler("Test Doubler Two"))
    game.gain_life("A", 3)
    expect.equal(game.players["A"].life, 38, "2つの効果がそれぞれ1回ずつ適用されて12点")


@check("614.15@20260116.0@04c9789e", "616.1a@20260116.0@a30bc248")
def self_replacement_applies_first(expect: Expect) -> None:
    """状況: Aが「あなたがライフを得るなら、代わりにその点数に1を足した点数を得る」テスト用エンチャントと《灰色熊》を持つ。
    行動: Aが「あなたは2点のライフを得る。あなたがクリーチャーをコントロールしているなら、代わりに4点のライフを得る」という
    テスト用ソーサリーを唱える。
    結果: 自己置換効果が先に適用されて4点になり、そのあとエンチャントが1を足して5点得る。"""
    def effect(resolution: Resolution) -> None:
        rather = Replacement("If you control a creature, you gain 4 life instead.", GainLife,
                             lambda c, e: bool(resolution.game.creatures(resolution.controller)),
                             lambda c, e: with_changes(e, amount=4))
        resolution.game.gain_life(resolution.controller, 2, own=[rather])

    game = Game(["A", "B"])
    game.place(card("Test Bonus", "{2}", "Enchantment", StaticAbility(life_plus_one().text,
                                                                       replacements=(life_plus_one(),))))
    game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", card("Test Feast", "{1}", "Sorcery", spell=SpellAbility(
        "You gain 2 life. If you control a creature, you gain 4 life instead.", effect)))
    expect.equal(game.players["A"].life, 25, "自己置換で4点、そのあと+1で5点")


@check("616.1@20260116.0@9ab1548c", "616.1e@20260116.0@c87a8e3f", "616.1f@20260116.0@02e1e71a")
def the_affected_player_orders_replacements(expect: Expect) -> None:
    """状況: Bに「あなたにダメージが与えられるなら、そのうち1点を軽減する」と「あなたにダメージが与えられるなら、代わりに
    その2倍を与える」の2つの効果が及んでいる。
    行動: Aの《灰色熊》がBに3点のダメージを与える。
    結果: 適用する順は影響を受けるプレイヤーBが選ぶ：選ばなければエンジンは止まる。軽減が先なら4点、2倍が先なら5点。"""
    def scene() -> tuple[Game, GameObject]:
        game = Game(["A", "B"])
        bears = game.place(cards.GRIZZLY_BEARS)
        game.create_effect("prevent 1 of that damage", replacements=[prevent_damage(1, to="B",
                                                                                   text="prevent 1 damage to B")])
        game.create_effect("double it", replacements=[Replacement(
            "double damage to B", Damage, lambda c, d: d.recipient == "B",
            lambda c, d: with_changes(d, amount=d.amount * 2))])
        return game, bears

    game, bears = scene()
    try:
        game.deal_damage(bears, "B", 3)
        expect.that(False, "順番を選ばなければ止まる")
    except UnscriptedChoice:
        expect.that(True, "影響を受けるBが選ばなければ、エンジンは推測しない")
    for first, life in (("prevent 1 damage to B", 16), ("double damage to B", 15)):
        game, bears = scene()
        game.choices.script(ChoiceKind.REPLACEMENT, first, player="B")
        game.deal_damage(bears, "B", 3)
        expect.equal(game.players["B"].life, life, f"Bが「{first}」を先にすると {20 - life} 点")


@check("614.1c@20260116.0@ce0a08eb", "614.12@20260116.0@7f67dc9f", "603.2e@20260116.0@c43033a8")
def enters_tapped_and_with_counters(expect: Expect) -> None:
    """状況: Aの手札に「このクリーチャーはタップ状態で戦場に出る」「これは+1/+1カウンターが2個置かれた状態で戦場に出る」を持つ
    テスト用クリーチャー。Aは「クリーチャーが戦場に出るたび1点のライフを得る」テスト用エンチャントを持つ。
    行動: それが戦場に出る。
    結果: タップ状態でカウンター2個の4/4として戦場に出て、出たことは誘発するが、出たあとでタップされたのではない。"""
    from kb.engine.events import Tapped

    game = Game(["A", "B"])
    game.place(cards.zone_watcher())
    arrival = game.put_onto_battlefield(card(
        "Test Late Arrival", "{2}", "Creature — Beast", 2, 2,
        StaticAbility("This creature enters tapped.", replacements=(enters_tapped(),)),
        StaticAbility("This creature enters with two +1/+1 counters on it.",
                      replacements=(enters_with_counters("+1/+1", 2),))), "A")
    assert arrival is not None
    view = game.view(arrival)
    expect.that(view.tapped, "タップ状態で戦場に出た")
    expect.equal(view.pt, (4, 4), "+1/+1カウンター2個が置かれた状態で出た")
    expect.equal(len(game.events(Tapped)), 0, "出たあとにタップされたのではない")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "戦場に出たことは誘発した")


@check("614.12a@20260116.0@69deb718", "607.2a@20260116.0@3c63b133")
def choice_as_it_enters(expect: Expect) -> None:
    """状況: Aの手札に「これが戦場に出るに際し、色を1色選ぶ。あなたがコントロールするその色のクリーチャーは+1/+1」を持つテスト用
    エンチャント。Aは緑の《灰色熊》を持つ。
    行動: Aが緑を選んでそれを戦場に出す。
    結果: 選択は戦場に出る前に行われ、出たときから熊は3/3。"""
    from kb.engine import modify_pt, where

    chosen_color = where("creatures of the chosen colour", lambda c, o: c.source is not None and str(
        c.game.objects[c.source.id].chosen.get("color")) in {x.value for x in o.colors}, ("colors",))
    banner = card("Test Banner", "{3}", "Enchantment",
                  StaticAbility("As this enters, choose a color.", replacements=(
                      as_enters_choose(ChoiceKind.COLOR, lambda g: ("W", "U", "B", "R", "G"), "color",
                                       "As this enters, choose a color."),)),
                  StaticAbility("Creatures you control of the chosen color get +1/+1.", (modify_pt(1, 1),),
                                creatures(controller="you") & chosen_color))
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.COLOR, "G", player="A")
    placed = game.put_onto_battlefield(banner, "A")
    assert placed is not None
    expect.equal(placed.chosen.get("color"), "G", "戦場に出るに際して緑が選ばれた")
    expect.equal(game.view(bears).pt, (3, 3), "緑の熊は+1/+1")


@check("616.1c@20260116.0@3cc1c665", "614.12@20260116.0@7f67dc9f")
def clone_copies_then_enters_tapped(expect: Expect) -> None:
    """状況: 「このクリーチャーはタップ状態で戦場に出る」を持つテスト用クリーチャーがBの戦場にいる。
    行動: Aの《クローン》がそれをコピーして戦場に出る。
    結果: コピーとして出る置換効果が先に適用され（616.1c）、コピーした「タップ状態で出る」も出方を変えるので、クローンはタップ状態で出る。"""
    game = Game(["A", "B"])
    sleepy = game.place(card("Test Sleepy Golem", "{3}", "Artifact Creature — Golem", 3, 3,
                             StaticAbility("This creature enters tapped.", replacements=(enters_tapped(),))),
                        player="B")
    game.choices.script(ChoiceKind.OBJECT, sleepy, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    view = game.view(clone)
    expect.equal((view.name, view.pt), ("Test Sleepy Golem", (3, 3)), "コピーとして出た")
    expect.that(view.tapped, "コピーした能力でタップ状態で出た")


@check("614.1a@20260116.0@200be777", "614.6@20260116.0@18464782", "603.2g@20260116.0@2d527564")
def rest_in_peace_replaces_dying(expect: Expect) -> None:
    """状況: Aの《安らかなる眠り》と、「クリーチャーが死亡するたび、あなたは1点のライフを得る」テスト用エンチャント、《灰色熊》。
    行動: 熊が破壊される。
    結果: 墓地に置かれる代わりに追放され、死亡という出来事は起きないので誘発しない。"""
    game = Game(["A", "B"])
    game.place(REST_IN_PEACE)
    game.place(card("Test Mourning", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a creature dies, you gain 1 life.", dies(creatures()), gain(1))))
    bears = game.place(cards.GRIZZLY_BEARS)
    game.destroy(bears)
    game.resolve_stack()
    expect.equal(len(game.in_zone(Zone.EXILE, "A")), 1, "熊は追放された")
    expect.equal(len(game.graveyard("A")), 0, "墓地には置かれない")
    expect.equal(game.players["A"].life, 20, "置換された出来事は誘発しない")


@check("615.7@20260116.0@2a64a76e", "615.1@20260116.0@6027cbda")
def prevention_shield_is_used_up(expect: Expect) -> None:
    """状況: Bの《丘巨人》に「このターン、次に与えられる2点のダメージを軽減する」効果がある。
    行動: Aが丘巨人に《稲妻》（3点）を唱え、さらに《ショック》（2点）を唱える。
    結果: 稲妻は2点軽減されて1点、残りの盾はないのでショックの2点はそのまま与えられ、丘巨人は3点で死亡する。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT, player="B")
    shield = Shield(2, giant.id)
    game.create_effect("prevent the next 2 damage to it this turn", replacements=[shield.replacement("shield")],
                       duration=UntilEndOfTurn(), controller="B")
    cast(game, "A", cards.LIGHTNING_BOLT, [giant])
    expect.equal(giant.damage, 1, "3点のうち2点が軽減され、1点だけ与えられた")
    expect.equal(shield.remaining, 0, "盾は使い切られた")
    cast(game, "A", cards.SHOCK, [giant])
    expect.that(giant.id not in game.objects, "ショックの2点で合計3点になり死亡した")


@check("615.12@20260116.0@d9dc1a94", "615.7@20260116.0@2a64a76e")
def unpreventable_damage_keeps_the_shield(expect: Expect) -> None:
    """状況: Bの《丘巨人》に「次に与えられる2点のダメージを軽減する」効果がある。
    行動: 軽減できない2点のダメージが与えられ、そのあと通常の2点のダメージが与えられる。
    結果: 軽減できないダメージは盾を減らさずにそのまま与えられ、次の2点は軽減される。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT, player="B")
    bears = game.place(cards.GRIZZLY_BEARS)
    shield = Shield(2, giant.id)
    game.create_effect("prevent the next 2 damage", replacements=[shield.replacement("shield")],
                       duration=UntilEndOfTurn(), controller="B")
    game.deal_damage(bears, giant, 2, preventable=False)
    expect.equal((giant.damage, shield.remaining), (2, 2), "軽減できないダメージはそのまま与えられ、盾は減らない")
    game.deal_damage(bears, giant, 2)
    expect.equal((giant.damage, shield.remaining), (2, 0), "通常のダメージは盾で軽減される")
