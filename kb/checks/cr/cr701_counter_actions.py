"""Keyword actions that change power and toughness or put counters (701.11 triple, 701.41 support,
701.53 incubate, 701.56 time travel, 701.63 endure, 701.66 earthbend, 701.68 blight), performed
through :mod:`kb.engine.counter_actions`."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana
from kb.engine import (
    FOREST,
    ChoiceKind,
    Game,
    IllegalAction,
    Resolution,
    SpellAbility,
    TargetSpec,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    card,
    creatures,
    modify_pt,
    on_event,
    target_creature,
)
from kb.engine import counter_actions as ca
from kb.engine.events import Blighted, Earthbent
from kb.engine.triggers import TriggerContext


def _triple(r: Resolution) -> None:
    for creature in r.objects(0):
        ca.triple(r.game, creature, r.source_id, r.controller)


TRIPLER = card("Test Tripler", "{1}{R}", "Instant", spell=SpellAbility(
    "Triple target creature's power until end of turn.", _triple, (target_creature(),)))

LEAD_BY_EXAMPLE = real("模範提示", card("Lead by Example", "{1}{G}", "Instant", spell=SpellAbility(
    "Support 2.", lambda r: ca.support(r.game, r.objects(0)),
    (TargetSpec("up to two target creatures", creatures(), count=None, up_to=2),))))


def _eyes(r: Resolution) -> None:
    ca.incubate(r.game, r.controller, 3)
    r.game.draw(r.controller)


EYES_OF_GITAXIAS = real("ギタクシアスの眼", card("Eyes of Gitaxias", "{2}{U}", "Sorcery", spell=SpellAbility(
    "Incubate 3. Draw a card.", _eyes)))

TIME_VAULT = card("Test Time Vault", "{2}", "Artifact")


def _tripled(game: Game, creature: object) -> None:
    game.choices.script(ChoiceKind.TARGETS, creature, player="A")
    cast(game, "A", TRIPLER, [creature])


@check("701.11b@20260116.0@d1d859f0", "701.11a@20260116.0@29482ad1", "613.4c@20260116.0@d67b3be5")
def tripling_power_is_a_modification(expect: Expect) -> None:
    """状況: Aの《丘巨人》（3/3）は+1/+1の修整を受けて4/4である。
    行動: Aがパワーを3倍にするインスタントで丘巨人を対象にし、その後、別の効果で丘巨人が+2/+0の修整を受ける。
    結果: 3倍にする効果は解決時のパワー4の2倍の+8/+0の修整なので12/4になり、その後の+2/+0で14/4になる
    （パワーを特定の値にする効果ではないので、後から掛け直されることはない）。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    game.create_effect("+1/+1", [modify_pt(1, 1)], [giant], UntilEndOfTurn())
    _tripled(game, giant)
    expect.equal(game.view(giant).pt, (12, 4), "パワーが3倍の12になった")
    game.create_effect("+2/+0", [modify_pt(2, 0)], [giant], UntilEndOfTurn())
    expect.equal(game.view(giant).pt, (14, 4), "3倍は+8/+0の修整なので、後の+2/+0を加えて14")


@check("701.11c@20260116.0@2d28e390", "701.11b@20260116.0@d1d859f0")
def tripling_a_negative_power(expect: Expect) -> None:
    """状況: Aの《灰色熊》は-4/-0の修整を受けてパワーが-2である。
    行動: Aがパワーを3倍にするインスタントで灰色熊を対象にする。
    結果: 灰色熊は0との差2の2倍の-4/-0の修整を受け、パワーは-6になる。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    game.create_effect("-4/-0", [modify_pt(-4, 0)], [bears], UntilEndOfTurn())
    _tripled(game, bears)
    expect.equal(game.view(bears).pt, (-6, 2), "負のパワー-2を3倍にして-6")


@check("701.41a@20260116.0@439b0f10", "601.2c@20260116.0@eb811b42")
def support_puts_a_counter_on_up_to_n_creatures(expect: Expect) -> None:
    """状況: Aは《灰色熊》2体と《丘巨人》をコントロールしている。
    行動: Aが《模範提示》（支援2）を3体を対象にして唱えようとし、次に灰色熊2体を対象にして唱える。
    結果: 対象は最大2体なので3体は選べない。2体を対象にすると、それぞれに+1/+1カウンターが1個置かれ、丘巨人には置かれない。"""
    game = Game(["A", "B"])
    first = game.place(GRIZZLY_BEARS, player="A")
    second = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A")
    held = game.place(LEAD_BY_EXAMPLE, Zone.HAND, "A")
    give_mana(game, "A", "{1}{G}")
    try:
        game.cast("A", held, targets=[[first, second, giant]])
        refused = False
    except IllegalAction:
        refused = True
    expect.that(refused, "支援2は3体を対象にできない")
    game.cast("A", held, targets=[[first, second]])
    game.resolve_stack()
    expect.equal([game.view(c).counters.get("+1/+1", 0) for c in (first, second, giant)], [1, 1, 0],
                 "対象の2体にだけ+1/+1カウンターが1個ずつ置かれた")


@check("701.53a@20260116.0@7a794f71", "701.53b@20260116.0@a391b803", "111.10i@20260116.0@a008a28d")
def incubate_creates_an_incubator_with_counters(expect: Expect) -> None:
    """状況: Aのライブラリーにカードがある。
    行動: Aが《ギタクシアスの眼》（培養3）を唱え、その後、培養器・トークンの{2}の能力を起動する。
    結果: +1/+1カウンター3個が置かれた、クリーチャーでない無色の培養器・アーティファクト・トークンが戦場に出る。
    能力が解決すると、それは変身して0/0のファイレクシアン・アーティファクト・クリーチャーになり、カウンターにより3/3である。"""
    game = Game(["A", "B"])
    game.place(GRIZZLY_BEARS, Zone.LIBRARY, "A")
    cast(game, "A", EYES_OF_GITAXIAS)
    [incubator] = [o for o in game.battlefield("A") if o.card.is_token]
    view = game.view(incubator)
    expect.equal((view.name, view.counters.get("+1/+1", 0), view.is_a("Creature"), view.colors),
                 ("Incubator", 3, False, frozenset()), "+1/+1カウンター3個の置かれた無色の培養器が出た")
    give_mana(game, "A", "{2}")
    game.activate("A", incubator)
    game.resolve_stack()
    view = game.view(incubator)
    expect.equal((view.name, view.is_a("Creature"), view.subtypes, view.pt), ("Phyrexian Token", True,
                 frozenset({"Phyrexian"}), (3, 3)), "変身して、カウンター3個の3/3のファイレクシアンになった")


@check("701.56a@20260116.0@8d803041")
def time_travel_adds_or_removes_time_counters(expect: Expect) -> None:
    """状況: Aは時間カウンター2個が置かれたアーティファクトと、時間カウンター3個が置かれたアーティファクト、
    時間カウンターのない《灰色熊》をコントロールしている。
    行動: Aがタイムトラベルを行い、1つ目に時間カウンターを1個置き、2つ目から1個取り除くことを選ぶ。灰色熊を選ぼうとする。
    結果: 1つ目は時間カウンターが3個、2つ目は2個になる。時間カウンターのない灰色熊は選べない。"""
    game = Game(["A", "B"])
    first = game.place(TIME_VAULT, player="A", counters={"time": 2})
    second = game.place(TIME_VAULT, player="A", counters={"time": 3})
    bears = game.place(GRIZZLY_BEARS, player="A")
    game.choices.script(ChoiceKind.OBJECTS, {bears.id: 1}, player="A")
    try:
        ca.time_travel(game, "A")
        refused = False
    except Exception:  # noqa: BLE001  (the scripted answer is refused)
        refused = True
    expect.that(refused, "時間カウンターのない灰色熊は選べない")
    game.choices.script(ChoiceKind.OBJECTS, {first.id: 1, second.id: -1}, player="A")
    ca.time_travel(game, "A")
    expect.equal([game.view(o).counters.get("time", 0) for o in (first, second)], [3, 2],
                 "選んだものにそれぞれ時間カウンターを1個置き、あるいは1個取り除いた")


@check("701.63a@20260116.0@ef838b39", "701.63b@20260116.0@ec2597ac")
def endure_puts_counters_or_creates_a_spirit(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールしている。
    行動: 灰色熊が闘魂2を行い、Aは+1/+1カウンターを置くことを選ぶ。次に闘魂2を行い、Aはスピリットを生成することを選ぶ。
    最後に闘魂0を行う。
    結果: 1回目で灰色熊は+1/+1カウンター2個で4/4になる。2回目は白の2/2のスピリット・クリーチャー・トークンが生成される。
    闘魂0では何も起こらず、カウンターもトークンも増えない。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    ca.endure(game, bears.id, 2)
    expect.equal(game.view(bears).pt, (4, 4), "+1/+1カウンター2個が置かれた")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    spirit = ca.endure(game, bears.id, 2)
    expect.that(spirit is not None and game.view(spirit).pt == (2, 2) and game.view(spirit).colors == frozenset("W")
                and "Spirit" in game.view(spirit).subtypes, "白の2/2のスピリット・トークンが生成された")
    before = len(game.battlefield("A"))
    ca.endure(game, bears.id, 0)
    expect.equal((len(game.battlefield("A")), game.view(bears).pt), (before, (4, 4)), "闘魂0では何も起こらない")


def _earthbent(t: TriggerContext) -> int:
    return int(isinstance(t.event, Earthbent) and t.event.player == t.source.controller)


EARTH_WATCHER = card("Test Earth Watcher", "{1}{G}", "Enchantment", TriggeredAbility(
    "Whenever you earthbend, you gain 2 life.", on_event("you earthbend", (Earthbent,), _earthbent),
    lambda r: r.game.gain_life(r.controller, 2)))


@check("701.66a@20260116.0@7273c7e5", "701.66b@20260116.0@9584337c", "603.7a@20260116.0@219b15a1")
def earthbend_animates_a_land_that_returns(expect: Expect) -> None:
    """状況: Aは《森》と、「あなたが土の技を使うたび、あなたは2点のライフを得る。」を持つエンチャントをコントロールしている。
    行動: Aが森を対象に土の技2を使い、その後、森が破壊される。
    結果: 森は速攻を持つ0/0の土地・クリーチャーになり、+1/+1カウンター2個で2/2である。土の技の遅延誘発型能力が作られたので
    エンチャントの能力が誘発し、Aは2点のライフを得る。森が死亡すると、それはタップ状態でAのコントロール下で戦場に戻る。"""
    game = Game(["A", "B"])
    forest = game.place(FOREST, player="A")
    game.place(EARTH_WATCHER, player="A")
    ca.earthbend(game, forest.id, 2, "A", None)
    view = game.view(forest)
    expect.equal((view.is_a("Land"), view.is_a("Creature"), view.pt, view.has("haste")), (True, True, (2, 2), True),
                 "森は速攻を持つ2/2の土地・クリーチャーになった")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "土の技を使ったので2点のライフを得た")
    game.destroy(forest)
    game.resolve_stack()
    back = [o for o in game.battlefield("A") if o.card is FOREST]
    expect.that(len(back) == 1 and back[0].tapped and not game.view(back[0]).is_a("Creature"),
                "死亡した森はタップ状態で戦場に戻った（新しいオブジェクトで、もうクリーチャーではない）")


def _blighted(t: TriggerContext) -> int:
    return int(isinstance(t.event, Blighted) and t.event.player == t.source.controller)


BLIGHT_WATCHER = card("Test Blight Watcher", "{1}{B}", "Enchantment", TriggeredAbility(
    "Whenever you blight, you gain 1 life.", on_event("you blight", (Blighted,), _blighted),
    lambda r: r.game.gain_life(r.controller, 1)))


@check("701.68a@20260116.0@c010e03d", "701.68c@20260116.0@7b7f560d", "701.68d@20260116.0@18f39823")
def blight_puts_minus_counters_on_your_creature(expect: Expect) -> None:
    """状況: Aは《丘巨人》《灰色熊》と、「あなたが枯朽を行うたび、あなたは1点のライフを得る。」を持つエンチャントを
    コントロールしている。Bは《灰色熊》をコントロールしている。
    行動: Aが枯朽1を行い、丘巨人を選ぶ。次にBの灰色熊を選ぼうとする。
    結果: 丘巨人に-1/-1カウンターが1個置かれて2/2になり、それが枯朽したクリーチャーである。枯朽の後にエンチャントの能力が誘発し、
    Aは1点のライフを得る。Aのコントロールしていない灰色熊は選べない。"""
    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, player="A")
    game.place(GRIZZLY_BEARS, player="A")
    theirs = game.place(GRIZZLY_BEARS, player="B")
    game.place(BLIGHT_WATCHER, player="A")
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    chosen = ca.blight(game, "A", 1)
    expect.equal((chosen, game.view(giant).pt), (giant.id, (2, 2)), "丘巨人に-1/-1カウンターが置かれ、それが枯朽したクリーチャー")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "枯朽を行ったので誘発した")
    game.choices.script(ChoiceKind.OBJECT, theirs, player="A")
    try:
        ca.blight(game, "A", 1)
        refused = False
    except Exception:  # noqa: BLE001  (the scripted answer is refused)
        refused = True
    expect.that(refused and game.view(theirs).pt == (2, 2), "Bの灰色熊には置けない")


@check("701.68b@20260116.0@bb09f7d0", "701.68d@20260116.0@18f39823")
def no_blight_without_a_creature(expect: Expect) -> None:
    """状況: Aはクリーチャーをコントロールしておらず、「あなたが枯朽を行うたび、あなたは1点のライフを得る。」を持つ
    エンチャントをコントロールしている。もう1つのゲームでは《灰色熊》をコントロールしている。
    行動: Aが枯朽1を行うことを選べるかを見る。
    結果: 灰色熊がいるゲームでは選べるが、クリーチャーがいなければ枯朽を行うことを選べず、枯朽の処理も起こらず、何も誘発しない。"""
    game = Game(["A", "B"])
    game.place(BLIGHT_WATCHER, player="A")
    other = Game(["A", "B"])
    other.place(GRIZZLY_BEARS, player="A")
    expect.that(ca.can_blight(other, "A"), "クリーチャーがいれば枯朽を行える")
    expect.that(not ca.can_blight(game, "A"), "クリーチャーがいなければ枯朽を選べない")
    expect.equal(ca.blight(game, "A", 1), None, "枯朽を行えない")
    game.resolve_stack()
    expect.equal((game.players["A"].life, game.events(Blighted)), (20, []), "枯朽のイベントは起こらず、何も誘発しない")
