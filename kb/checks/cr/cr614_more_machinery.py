"""Replacement and prevention effects, more of 614-616: two effects skipping the same next step
(614.10a), draws replaced one at a time and the rest of an effect about a drawn card (614.11a-b),
a prevention shield that checks its chosen source's quality again (615.9)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_copies import DIVINATION
from kb.checks.cr.cr702_29_hand_and_graveyard import GOLGARI_THUG
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    actions,
    at_beginning_of,
    base_pt,
    becomes_color,
    card,
    condition,
    cost,
    create_delayed,
    creatures,
    face,
    gain,
    objects,
    skip_step,
    target_creature,
    target_player,
    this_object,
    zones,
)
from kb.engine.as_face_up import with_counters_as_turned_face_up
from kb.engine.chosen_sources import prevent_next_from_chosen_source
from kb.engine.fixed_words import choose_word, word_ability
from kb.engine.objects import FaceDown
from kb.engine.stack import Resolution
from kb.engine.targets import any_target, target
from kb.engine.transform import transform


@check("614.10a@20260116.0@36727129", "614.1b@20260116.0@44dc554b", "614.10@20260116.0@33a45bbc")
def two_effects_skip_the_next_two_steps(expect: Expect) -> None:
    """状況: Aのターン。2つの別々の効果がそれぞれ「Bは次のドロー・ステップを飛ばす」と言っている。Bは「あなたの次のドロー・
    ステップの開始時に、あなたは2点のライフを得る」遅延誘発型能力をコントロールしている。Bはこのあと追加のターンを2回得ている。
    行動: Bの3回のターン（追加の2回と通常の1回）を進める。
    結果: 1つ目の効果はBの次のドロー・ステップを飛ばして終わり、2つ目の効果はその次のドロー・ステップを待って飛ばす。Bは
    2回のターンで引かず、「次の」ドロー・ステップの遅延誘発型能力は飛ばされなかった最初の機会、3回目のターンに誘発する。"""
    game = Game(["A", "B"], library=10)
    for which in ("first", "second"):
        game.create_effect(f"B skips their next draw step ({which} effect)",
                           replacements=[skip_step(Step.DRAW, "B")], controller="A")
    create_delayed(game, "At the beginning of your next draw step, you gain 2 life.", at_beginning_of(Step.DRAW),
                   lambda r: r.game.gain_life(r.controller, 2), "B")
    game.add_extra_turn("B")
    game.add_extra_turn("B")  # B takes two extra turns, then their own: three turns in a row
    seen = []
    for _ in range(3):
        game.next_turn("B")
        seen.append((len(game.hand("B")), game.players["B"].life))
    expect.equal(seen[2], (1, 22), "3回目のターンにはドロー・ステップがあり、Bは引いて遅延誘発型能力で2点得た")
    expect.equal(seen[:2], [(0, 20), (0, 20)], "最初の2回のドロー・ステップはそれぞれの効果で飛ばされた")


@check("614.11a@20260116.0@f95f4b0f", "614.11@20260116.0@ef23b906", "121.2@20260116.0@95c6424a",
       "702.52a@20260116.0@5aa338f4")
def one_of_several_draws_replaced_before_the_next(expect: Expect) -> None:
    """状況: Aの墓地に《ゴルガリの凶漢》（発掘4）があり、ライブラリーには上から順に6枚の異なるカードがある。
    行動: Aが《予言》（カードを2枚引く）を唱え、1枚目を引く代わりに発掘を選ぶ。
    結果: 1枚目を引くことの置換（上から4枚の切削と凶漢を手札に戻すこと）がすべて終わってから2枚目を引く。Aが引くのは
    切削された4枚の次、上から5枚目のカードで、凶漢と合わせて手札は2枚になる。"""
    game = Game(["A", "B"])
    library = [game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A") for _ in range(6)]  # the last is on top
    fifth = library[1]
    thug = game.place(GOLGARI_THUG, Zone.GRAVEYARD, "A")
    spell = in_hand(game, DIVINATION)
    give_mana(game, "A", "{2}{U}")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.cast("A", spell)
    game.resolve_stack()
    expect.equal(game.current(thug).zone, Zone.HAND, "1枚目を引く代わりに発掘し、凶漢を手札に戻した")
    expect.equal(sorted(o.id for o in game.hand("A")), sorted([game.current(thug).id, game.current(fifth).id]),
                 "2枚目に引いたのは切削された4枚の次のカード")
    expect.equal([game.current(c).zone for c in library[2:]], [Zone.GRAVEYARD] * 4, "上から4枚が切削された")


def _sindbad(resolution: Resolution) -> None:
    game = resolution.game
    for drawn in actions.draw(game, resolution.controller):
        if not game.view(drawn).is_a("Land"):
            actions.discard(game, resolution.controller, [game.objects[drawn]])


SINDBAD = real("シンドバッド", card("Sindbad", "{1}{U}", "Creature — Human", 1, 1, ActivatedAbility(
    "{T}: Draw a card and reveal it. If it isn't a land card, discard it.", cost("{T}"), _sindbad)))


@check("614.11b@20260116.0@c97f2c72", "614.11@20260116.0@ef23b906", "702.52a@20260116.0@5aa338f4")
def a_replaced_draw_leaves_nothing_for_the_rest(expect: Expect) -> None:
    """状況: Aは《シンドバッド》（{T}: カードを1枚引いて公開し、それが土地でないなら捨てる）をコントロールし、墓地に
    《ゴルガリの凶漢》（発掘4）がある。ライブラリーの一番上は《灰色熊》。
    行動: Aはシンドバッドを起動し、発掘せずに引く。シンドバッドがアンタップされたあともう一度起動し、引く代わりに発掘する。
    結果: 引いた熊は土地でないので捨てられる。発掘したときは引くことが置換されたので、「それが土地でないなら捨てる」は何もせず、
    手札に戻った凶漢は捨てられない。"""
    game = Game(["A", "B"], library=6)
    bear = game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    thug = game.place(GOLGARI_THUG, Zone.GRAVEYARD, "A")
    sindbad = game.place(SINDBAD, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.activate("A", sindbad)
    game.resolve_stack()
    expect.equal(game.current(bear).zone, Zone.GRAVEYARD, "引いた熊は土地でないので捨てられた")
    game.untap(sindbad)  # set-up for a second activation
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.activate("A", sindbad)
    game.resolve_stack()
    expect.equal(game.current(thug).zone, Zone.HAND, "引く代わりに発掘して凶漢を手札に戻し、凶漢は捨てられない")


CIRCLE_OF_PROTECTION_RED = real("赤の防御円", card("Circle of Protection: Red", "{1}{W}", "Enchantment", ActivatedAbility(
    "{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.",
    cost("{1}"), lambda r: prevent_next_from_chosen_source(
        r, objects(colors=["R"]), "the next time a red source of your choice would deal damage to you this turn, "
                                  "prevent that damage"))))

SPIKESHOT_ELDER = real("トゲ撃ちの古老", card("Spikeshot Elder", "{R}", "Creature — Goblin Shaman", 1, 1, ActivatedAbility(
    "{1}{R}{R}: Spikeshot Elder deals damage equal to its power to any target.", cost("{1}{R}{R}"),
    lambda r: r.game.deal_damage(r.source_id or -1, r.target, r.source.power or 0)
    if r.target is not None and r.source is not None else None, (any_target(),))))


def _becomes(color: str, extra: tuple[object, ...] = (), untap: bool = False):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        resolution.create_effect(f"becomes {color}", [becomes_color(color), *extra], resolution.objects(0),
                                 UntilEndOfTurn())
        if untap:
            resolution.game.untap(*resolution.objects(0))
        resolution.game.draw(resolution.controller)

    return effect


CERULEAN_WISPS = real("たなびく紺碧", card("Cerulean Wisps", "{U}", "Instant", spell=SpellAbility(
    "Target creature becomes blue until end of turn. Untap that creature. Draw a card.",
    _becomes("U", untap=True), (target_creature(),))))

CRIMSON_WISPS = real("たなびく真紅", card("Crimson Wisps", "{R}", "Instant", spell=SpellAbility(
    "Target creature becomes red and gains haste until end of turn. Draw a card.",
    _becomes("R", (gain("haste"),)), (target_creature(),))))


@check("615.9@20260116.0@5de0c75f", "609.7b@20260116.0@564b1a7c", "615.7@20260116.0@2a64a76e")
def a_shield_checks_its_chosen_source_again(expect: Expect) -> None:
    """状況: Aは《赤の防御円》を、Bは《トゲ撃ちの古老》（赤、1/1、{1}{R}{R}: パワーに等しいダメージを与える）をコントロール
    している。
    行動: Aが防御円を起動して古老を選ぶ。Aが《たなびく紺碧》で古老を青にし、Bが古老でAに1点を与える。Aが《たなびく真紅》で古老を
    赤に戻し、Bがもう2回、古老でAにダメージを与える。
    結果: 青い古老のダメージは軽減されず、盾は消費されない。赤に戻った古老の次のダメージが軽減されて盾は使い切られ、3回目の
    ダメージは軽減されない。"""
    game = Game(["A", "B"], library=5)
    circle = game.place(CIRCLE_OF_PROTECTION_RED, player="A")
    elder = game.place(SPIKESHOT_ELDER, player="B")
    give_mana(game, "A", "{1}")
    game.choices.script(ChoiceKind.OBJECT, elder, player="A")
    game.activate("A", circle)
    game.resolve_stack()

    def ping() -> int:
        game.pass_priority_to("B")
        give_mana(game, "B", "{1}{R}{R}")
        game.activate("B", elder, targets=["A"])
        game.resolve_stack()
        return game.players["A"].life

    for wisps in (CERULEAN_WISPS, CRIMSON_WISPS):
        held = in_hand(game, wisps)
        game.pass_priority_to("A")
        give_mana(game, "A", "{U}" if wisps is CERULEAN_WISPS else "{R}")
        game.cast("A", held, targets=[elder])
        game.resolve_stack()
        if wisps is CERULEAN_WISPS:
            expect.equal(ping(), 19, "青くなった古老のダメージは軽減されない")
    expect.equal(ping(), 19, "赤に戻った古老の次のダメージは、使われずに残っていた盾が軽減した")
    expect.equal(ping(), 18, "盾は1回で使い切られ、その次のダメージは軽減されない")


def _return_creature_card(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        zones.move(resolution.game, resolution.game.objects[chosen], Zone.HAND)


def _drain_two(resolution: Resolution) -> None:
    game = resolution.game
    for opponent in game.opponents(resolution.controller):
        game.lose_life(opponent, 2)
    game.gain_life(resolution.controller, 2)


_KHANS = TriggeredAbility(
    "At the beginning of your upkeep, return target creature card from your graveyard to your hand.",
    at_beginning_of(Step.UPKEEP), _return_creature_card,
    (target(objects("Creature", owner="you", zones=(Zone.GRAVEYARD,)), "target creature card from your graveyard"),))
_DRAGONS = TriggeredAbility("At the beginning of your upkeep, each opponent loses 2 life and you gain 2 life.",
                            at_beginning_of(Step.UPKEEP), _drain_two)
PALACE_SIEGE = real("宮殿の包囲", card("Palace Siege", "{3}{B}{B}", "Enchantment", choose_word("Khans", "Dragons"),
                                  word_ability("Khans", _KHANS), word_ability("Dragons", _DRAGONS)))


@check("614.12c@20260116.0@c80d9cc8", "607.2m@20260116.0@20012d9f", "607.2f@20260116.0@498571e6",
       "614.12a@20260116.0@69deb718")
def the_word_chosen_as_it_enters_gives_its_ability(expect: Expect) -> None:
    """状況: Aのアンタップ・ステップ。Aの墓地に《灰色熊》がある。
    行動: 《宮殿の包囲》（戦場に出るに際し「カン」か「龍」を選ぶ。カン ― アップキープの開始時に墓地のクリーチャー・カードを
    手札に戻す。龍 ― アップキープの開始時に各対戦相手は2点を失いあなたは2点を得る）が2つ戦場に出て、Aは1つ目で「カン」、
    2つ目で「龍」を選ぶ。アップキープになる。
    結果: 1つ目は「カン」の能力だけを、2つ目は「龍」の能力だけを持つ。熊は手札に戻り、Bは2点だけ失い、Aは2点だけ得る。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    bear = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    sieges = []
    for word in ("Khans", "Dragons"):
        game.choices.script(ChoiceKind.WORD, word, player="A")
        entered = game.put_onto_battlefield(PALACE_SIEGE, "A")
        assert entered is not None
        sieges.append(entered)
    had = [[a for a in game.view(s).abilities if isinstance(a, TriggeredAbility)] for s in sieges]
    expect.equal(had, [[_KHANS], [_DRAGONS]], "1つ目の包囲は「カン」の、2つ目は「龍」の誘発型能力だけを持つ")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.choices.script(ChoiceKind.TARGETS, bear, player="A")
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    expect.equal(game.current(bear).zone, Zone.HAND, "「カン」を選んだ包囲が熊を手札に戻した")
    expect.equal((game.players["A"].life, game.players["B"].life), (22, 18), "「龍」の能力は1回だけ誘発した")


TEST_MOONRISE_SENTRY = card(
    "Test Moonrise Sentry", "{2}{G}", "Creature — Human", 2, 2,
    back=face("Test Moonrise Warden", None, "Creature — Werewolf", 4, 4, StaticAbility(
        "Other creatures have base power and toughness 3/3.", (base_pt(3, 3),), creatures(other=True)), colors="G"))
"""A made-up double-faced creature whose back face sets the others' base power and toughness."""

TEST_LEVELLING_FIELD = card("Test Levelling Field", "{2}{W}", "Enchantment", StaticAbility(
    "All creatures have base power and toughness 1/1.", (base_pt(1, 1),), creatures()))
"""A made-up enchantment."""


@check("613.7g@20260116.0@9061c5c6", "613.7a@20260116.0@9abf5ed0", "701.27a@20260116.0@d1271a75")
def a_transformed_permanent_gets_a_new_timestamp(expect: Expect) -> None:
    """状況: Aは架空の両面クリーチャー（第2面は「他のクリーチャーは基本のパワーとタフネスが3/3である」）を、そのあとで架空の
    エンチャント（「すべてのクリーチャーは基本のパワーとタフネスが1/1である」）と《灰色熊》を戦場に出した。
    行動: 両面クリーチャーが変身する。
    結果: 変身したパーマネントは新しいタイムスタンプを得るので、第2面の効果はエンチャントの効果より後に適用され、熊は3/3に
    なる（変身前は1/1）。"""
    game = Game(["A", "B"])
    sentry = game.place(TEST_MOONRISE_SENTRY)
    game.place(TEST_LEVELLING_FIELD)
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (1, 1), "変身前はエンチャントの効果で熊は1/1")
    expect.that(transform(game, sentry), "両面クリーチャーが変身した")
    expect.equal(game.view(bears).pt, (3, 3), "変身で新しいタイムスタンプを得た第2面の効果が後に適用され、熊は3/3")


HOODED_HYDRA = real("頭巾被りのハイドラ", card(
    "Hooded Hydra", "{X}{G}{G}", "Creature — Snake Hydra", 0, 0, "morph {3}{G}{G}",
    with_counters_as_turned_face_up("+1/+1", 5, "As Hooded Hydra is turned face up, put five +1/+1 counters on it.")))
"""頭巾被りのハイドラ; "enters with X +1/+1 counters" and its dies trigger are left out."""


@check("614.1e@20260116.0@b6000c9e", "702.37a@20260116.0@acf2dff0", "704.5f@20260116.0@fb593c71")
def counters_as_it_is_turned_face_up(expect: Expect) -> None:
    """状況: Aは《頭巾被りのハイドラ》（0/0、変異{3}{G}{G}、表向きになるに際し+1/+1カウンター5個を置く）を裏向きに唱え、
    2/2の裏向きのクリーチャーとして戦場に出している。
    行動: Aが変異コストを支払ってハイドラを表向きにし、状況起因処理が行われる。
    結果: 「表向きになるに際し」は置換効果なので、ハイドラはカウンター5個が置かれた状態で表向きになる。0/0として状況起因処理に
    見られることはなく、5/5で戦場に残る。"""
    game = Game(["A", "B"])
    held = in_hand(game, HOODED_HYDRA)
    give_mana(game, "A", "{3}")
    hydra = game.obj(game.cast("A", held, face_down=FaceDown.MORPH))
    game.resolve_stack()
    expect.equal(game.view(hydra).pt, (2, 2), "裏向きの2/2で戦場に出た")
    give_mana(game, "A", "{3}{G}{G}")
    game.turn_face_up("A", hydra)
    game.refresh_priority()
    expect.equal((hydra.id in game.objects, game.view(hydra).pt if hydra.id in game.objects else None), (True, (5, 5)),
                 "表向きになるに際しカウンター5個が置かれ、5/5で戦場に残った")


TEST_RESTLESS_GOLEM = card("Test Restless Golem", "{3}", "Artifact Creature — Golem", 2, 2, StaticAbility(
    "As long as it's your turn, this creature has base power and toughness 4/4.", (base_pt(4, 4),), this_object(),
    condition=condition("it's your turn", lambda c: c.game.active == c.you)))
"""A made-up creature whose static ability sets its own base power and toughness only on its controller's turn."""


@check("613.7n@20260116.0@1c4a7d00", "611.2e@20260116.0@d460df51")
def own_statics_before_the_effect_that_put_it_there(expect: Expect) -> None:
    """状況: Aのターン。Aは架空のゴーレム（2/2、「あなたのターンであるかぎり、このクリーチャーの基本のパワーとタフネスは4/4
    である」）を1体戦場に出している。もう1体のゴーレムがAの墓地にある。
    行動: 解決中の効果が墓地のゴーレムを「それは基本のパワーとタフネスが1/1である」として戦場に出す。
    結果: 最初のゴーレムはAのターンなので4/4。戦場に出したゴーレムでは、両方の効果が同時のタイムスタンプで適用されるが、
    ゴーレム自身の常在型能力の効果が先のタイムスタンプを持つので、解決による1/1が後に適用されて1/1になる。"""
    game = Game(["A", "B"])
    first = game.place(TEST_RESTLESS_GOLEM)
    expect.equal(game.view(first).pt, (4, 4), "Aのターンなので常在型能力で4/4")
    buried = game.place(TEST_RESTLESS_GOLEM, Zone.GRAVEYARD, "A")
    returned = game.put_onto_battlefield(buried, "A", effects=[("it has base power and toughness 1/1",
                                                                [base_pt(1, 1)])])
    assert returned is not None
    expect.equal(game.view(returned).pt, (1, 1), "自身の常在型能力が先、戦場に出した効果が後に適用されて1/1")


def _skullcrack(resolution: Resolution) -> None:
    from kb.engine.rules import CantGainLife

    resolution.create_effect("players can't gain life this turn", rules=[CantGainLife(players="any")],
                             duration=UntilEndOfTurn())
    if resolution.target is not None and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, resolution.target, 3)


SKULLCRACK = real("頭蓋割り", card("Skullcrack", "{1}{R}", "Instant", spell=SpellAbility(
    "Players can't gain life this turn. Skullcrack deals 3 damage to target player.", _skullcrack,
    (target_player(),))))
"""頭蓋割り; "damage can't be prevented this turn" is left out."""


@check("614.17a@20260116.0@3375ed3f", "119.7@20260116.0@647bf6ba")
def cant_does_not_reach_back_in_time(expect: Expect) -> None:
    """状況: Aのターン。Bは効果で3点のライフを得て23点になった。
    行動: Aが《頭蓋割り》（このターン、プレイヤーはライフを得られない。対象のプレイヤーに3点のダメージ）をBを対象に唱える。
    そのあとBがもう一度3点のライフを得ようとする。
    結果: 「できない」効果はすでに起きたことを変えないので、先に得た3点はそのままで、Bは3点のダメージを受けて20点になる。
    そのあとに得ようとした3点は得られず、Bは20点のまま。"""
    game = Game(["A", "B"])
    game.gain_life("B", 3)
    cast(game, "A", SKULLCRACK, ["B"])
    expect.equal(game.players["B"].life, 20, "先に得た3点は取り消されず、23点から3点のダメージで20点")
    game.gain_life("B", 3)
    expect.equal(game.players["B"].life, 20, "頭蓋割りのあとではライフを得られない")
