"""The last rules of 601-608 the checks reach: "this ability can't be countered" works while a triggered
ability is on the stack (603.1a); a delayed trigger for the Nth resolution of an ability in a turn is created
once (603.7h); a spell's steps involving several players are chosen in APNAP order and done one step at a time
(608.2e); an ability referring to the variable additional cost paid as the object was cast reads only that
(607.2j); an ability that exiles cards and refers to the cards exiled with it is linked to itself (607.1c);
abilities on both faces of a double-faced card are linked (607.1b); an ability with a target that adds mana is no mana
ability (605.5a); an ability referring to "the exiled card" refers to each card its linked ability exiled
(607.3); "when you pay this cost one or more times" triggers once (603.12a); abilities that trigger when a spell resolves trigger after it is put into the graveyard (608.2p);
a mutating creature spell merges with its target as it
resolves (608.3d); a delayed triggered ability a permanent spell's static ability creates is created
as the permanent is put onto the battlefield, not as the spell is cast (608.3g)."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr601_casting import COUNTERSPELL
from kb.checks.cr.cr702_27_casting_keywords import GOBLIN_HEELCUTTER
from kb.checks.cr.cr702_140_mutate import DREAMTAIL_HERON
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    Step,
    TriggeredAbility,
    Zone,
    card,
    condition,
    cost,
    creatures,
    enters,
    face,
    lands,
    linked,
    on_event,
    paid_any_number,
    player_steps,
    resolution_counts,
    target_player,
)
from kb.engine.context import Context
from kb.engine.events import Resolved, ZoneChanged
from kb.engine.mana_abilities import ManaOutput
from kb.engine.selectors import cards_in
from kb.engine.targets import target
from kb.engine.triggers import TriggerContext


@check("608.3g@20260116.0@5940fd60", "608.3@20260116.0@1b103e58", "702.109a@20260116.0@ee0654f7",
       "603.7a@20260116.0@219b15a1")
def a_dash_return_is_created_as_the_permanent_enters(expect: Expect) -> None:
    """状況: Aの手札に《ゴブリンの踵裂き》（疾駆{2}{R}）。
    行動: 1つ目のゲームでは、Aが疾駆で唱え、解決して戦場に出る。2つ目のゲームでは、Aが疾駆で唱え、Bがそれを《対抗呪文》で
    打ち消す。どちらも終了ステップに進む。
    結果: 「次の終了ステップの開始時に手札に戻す」遅延誘発型能力は、踵裂きが戦場に出るに際して作られる。1つ目のゲームでは
    終了ステップの開始時に誘発し、踵裂きは手札に戻る。2つ目のゲームでは戦場に出なかったので遅延誘発型能力は作られず、
    終了ステップの開始時に何も誘発しない。"""
    for countered in (False, True):
        game = Game(["A", "B"])
        heelcutter = in_hand(game, GOBLIN_HEELCUTTER)
        give_mana(game, "A", "{2}{R}")
        spell = game.cast("A", heelcutter, alternative="dash")
        if countered:
            cast(game, "B", COUNTERSPELL, [spell], resolve=False)
        game.resolve_stack()
        game.advance_to(Step.END)
        waiting = [item.text for item in game.stack]
        if not countered:
            expect.equal(waiting, ["return it to its owner's hand (dash)"],
                         "戦場に出るに際して作られた遅延誘発型能力が、終了ステップの開始時に誘発した")
            game.resolve_stack()
            expect.equal(game.current(heelcutter).zone, Zone.HAND, "踵裂きは手札に戻った")
        else:
            expect.equal(game.current(heelcutter).zone, Zone.GRAVEYARD, "打ち消された踵裂きは墓地にある")
            expect.equal(waiting, [], "戦場に出なかったので遅延誘発型能力は作られず、何も誘発しなかった")


@check("608.3d@20260116.0@fa7ab8e8", "702.140c@20260116.0@f98cd2e6", "729.2@20260116.0@8f6e7b2d",
       "302.6@20260116.0@ed6b1576")
def a_mutating_spell_merges_instead_of_entering(expect: Expect) -> None:
    """状況: Aのターンの開始時からAは《灰色熊》をコントロールしている。Aの手札に《夢尾の鷺》（3/4、飛行、変容{3}{U}）。
    行動: Aが熊を対象に鷺を変容で唱え、鷺を上にして解決する。そのまま戦闘に進み、合体したクリーチャーで攻撃する。
    結果: 鷺を表すオブジェクトは戦場に出ずに熊と合体する：新しいパーマネントが戦場に出ることはなく、熊と同じパーマネントが鷺の
    特性を持つ。ターンの開始時からコントロールしているパーマネントなので攻撃でき、Bは3点のダメージを受ける。"""
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY)
    bears = game.place(cards.GRIZZLY_BEARS)
    heron = in_hand(game, DREAMTAIL_HERON)
    give_mana(game, "A", "{3}{U}")
    game.cast("A", heron, targets=[bears], alternative="mutate")
    game.choices.script(ChoiceKind.MODE, "top", player="A")
    start = len(game.log)
    game.resolve_stack()
    merged = game.current(bears)
    expect.equal((merged.id, game.view(merged.id).name), (bears.id, "Dreamtail Heron"),
                 "熊と同じパーマネントが鷺の特性を持つ")
    entered = [e for e in game.log[start:] if isinstance(e, ZoneChanged) and e.to_zone is Zone.BATTLEFIELD]
    expect.equal(entered, [], "鷺の呪文は戦場に出ず、新しいパーマネントは現れなかった")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([merged])
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 17, "合体したクリーチャーは攻撃でき、Bは3点のダメージを受けた")


def _exile_target_land_card(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        resolution.game.exile(chosen)


DEATHRITE_SHAMAN = real("死儀礼のシャーマン", card(
    "Deathrite Shaman", "{B/G}", "Creature — Elf Shaman", 1, 2,
    ActivatedAbility("{T}: Exile target land card from a graveyard. Add one mana of any color.", cost("{T}"),
                     _exile_target_land_card, (target(cards_in(Zone.GRAVEYARD, "Land"), "target land card from a "
                                                                                          "graveyard"),),
                     mana=ManaOutput("one mana of any color", lambda p: ("{W}", "{U}", "{B}", "{R}", "{G}")))))
"""死儀礼のシャーマン: 1/2、{T}：墓地にある土地・カード1枚を対象とし、それを追放する。好きな色1色のマナ1点を加える。
（他の2つの能力は省く。）"""


@check("605.5a@20260116.0@769849a1", "605.1a@20260116.0@1aede6f8", "602.2@20260116.0@8e9ce3ec")
def a_mana_ability_with_a_target_uses_the_stack(expect: Expect) -> None:
    """状況: Aは《死儀礼のシャーマン》（{T}：墓地にある土地・カード1枚を対象とし、それを追放する。好きな色1色のマナ1点を
    加える）をコントロールし、Bの墓地に《山》がある。Aの手札に《灰色熊》。
    行動: Aが熊を唱え、そのコストをシャーマンのマナで支払おうとする。次にシャーマンの能力を山を対象として起動し、緑を選ぶ。
    結果: 対象を取るのでマナ能力ではない。呪文のコストの支払い中には起動できない。起動するとスタックに置かれる。
    解決すると山が追放され、Aのマナ・プールに{G}が加わる。"""
    game = Game(["A", "B"])
    shaman = game.place(DEATHRITE_SHAMAN)
    mountain = game.place(MOUNTAIN, Zone.GRAVEYARD, "B")
    bears = in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}")
    expect.refused(lambda: game.cast("A", bears, pay_with=[shaman]), "呪文のコストの支払い中にマナ能力として起動できない")
    ability = game.activate("A", shaman, 0, targets=[mountain])
    expect.equal(([item.id for item in game.stack], game.players["A"].mana.total), ([ability], 1),
                 "能力はスタックに置かれ、まだマナは加えられていない")
    game.choices.script(ChoiceKind.COLOR, "{G}", player="A")
    game.resolve_stack()
    expect.equal((game.current(mountain).zone, game.players["A"].mana.mana["G"]), (Zone.EXILE, 1),
                 "解決すると山が追放され、{G}が加えられた")


_ARCHIVE = "When this creature enters, exile target creature card from a graveyard."


def _exile_then_gain(link: str) -> tuple[Callable[[Resolution], None], Callable[[Resolution], None]]:
    """The two linked halves (607.2a) of "exile target card …" (its ability's text is ``link``) and "you gain
    life equal to the mana value of the card exiled with this"."""

    def exile(resolution: Resolution) -> None:
        source = resolution.source_id
        if source is not None:
            game = resolution.game
            linked.exile_with(game, source, [game.obj(i) for i in resolution.objects(0)], link=link)

    def gain(resolution: Resolution) -> None:
        source = resolution.source_id
        exiled = linked.exiled_with(resolution.game, source, link) if source is not None else []
        resolution.game.gain_life(resolution.controller, sum(resolution.game.view(i).mana_value for i in exiled))

    return exile, gain


_archive, _gain_its_mana_value = _exile_then_gain(_ARCHIVE)


GRAVE_ARCHIVIST = card(
    "Test Grave Archivist", "{2}{B}", "Creature — Human Wizard", 1, 1,
    TriggeredAbility(_ARCHIVE, enters(), _archive, (target(cards_in(Zone.GRAVEYARD, "Creature"),
                                                           "target creature card from a graveyard"),)),
    ActivatedAbility("{2}: You gain life equal to the exiled card's mana value.", cost("{2}"), _gain_its_mana_value))
"""Test: a 1/1, "when this enters, exile target creature card from a graveyard" and "{2}: you gain life equal
to the exiled card's mana value" (linked, 607.2a)."""


@check("607.3@20260116.0@a41965e4", "607.2a@20260116.0@3c63b133", "603.2d@20260116.0@527a4cc4")
def the_exiled_card_means_each_card_exiled(expect: Expect) -> None:
    """状況: Aは《パンハモニコン》をコントロールしている。Bの墓地に《灰色熊》（マナ総量2）と《丘巨人》（マナ総量4）がある。
    Aのテスト用クリーチャーは「これが戦場に出たとき、墓地にあるクリーチャー・カード1枚を対象とし、それを追放する」と
    「{2}：あなたは追放されているカードのマナ総量に等しい点数のライフを得る」を持つ。
    行動: クリーチャーが戦場に出て、戦場に出たときの能力が2回誘発し、熊と巨人を1枚ずつ追放する。Aが{2}の能力を起動する。
    結果: 関連した能力が2枚を追放したので、「追放されているカード」はその両方を指し、マナ総量は合計される。Aは6点のライフを得る。"""
    from kb.checks.cr.cr603_triggered_abilities import PANHARMONICON

    game = Game(["A", "B"])
    game.place(PANHARMONICON)
    bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    giant = game.place(cards.HILL_GIANT, Zone.GRAVEYARD, "B")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    archivist = game.put_onto_battlefield(GRAVE_ARCHIVIST, "A")
    assert archivist is not None
    game.resolve_stack()
    expect.equal((game.current(bears).zone, game.current(giant).zone), (Zone.EXILE, Zone.EXILE),
                 "戦場に出たときの能力が2回誘発し、2枚とも追放された")
    give_mana(game, "A", "{2}")
    game.activate("A", archivist, 0)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 26, "両方のマナ総量の合計6点のライフを得た")


def _instant_of_yours_resolved(t: TriggerContext) -> int:
    event = t.event
    seen = t.game.last_known.get(event.stack_id) if isinstance(event, Resolved) else None
    return int(seen is not None and seen.is_a("Instant") and seen.controller == t.source.controller)


def _gain_two(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 2)


def _instant_card_in_your_graveyard(context: Context) -> bool:
    you = context.you
    return you is not None and any(context.game.view(o.id).is_a("Instant") for o in context.game.graveyard(you))


SPENT_RITUAL_SHRINE = card("Test Spent Ritual Shrine", "{1}{U}", "Enchantment", TriggeredAbility(
    "Whenever an instant spell you control resolves, if there is an instant card in your graveyard, you gain 2 life.",
    on_event("whenever an instant spell you control resolves", (Resolved,), _instant_of_yours_resolved), _gain_two,
    condition=condition("there is an instant card in your graveyard",
                        _instant_card_in_your_graveyard)))
"""Test: "whenever an instant spell you control resolves, if there is an instant card in your graveyard, you
gain 2 life" (an intervening "if", checked as it triggers, 603.4)."""


@check("608.2p@20260116.0@037607b3", "608.2@20260116.0@c1d7c9b6", "608.2n@20260116.0@3deb9504",
       "603.4@20260116.0@3b5b8ab9")
def resolution_triggers_come_after_the_spell_is_in_the_graveyard(expect: Expect) -> None:
    """状況: Aは「あなたがコントロールするインスタント呪文が解決するたび、あなたの墓地にインスタント・カードがあるなら、
    あなたは2点のライフを得る」テスト用のエンチャントをコントロールしている。Aの墓地は空。
    行動: Aが《ショック》をBを対象として唱え、解決する。
    結果: ショックの解決の手順がすべて終わり、ショックが墓地に置かれてから、解決したときに誘発する能力が誘発する。そのとき
    墓地にショックがあるので条件を満たして誘発し、Aは2点のライフを得る。"""
    game = Game(["A", "B"])
    game.place(SPENT_RITUAL_SHRINE)
    cast(game, "A", cards.SHOCK, ["B"])
    expect.equal(game.players["B"].life, 18, "ショックが解決し、Bに2点を与えた")
    expect.equal([o.card.name for o in game.graveyard("A")], ["Shock"], "ショックは墓地に置かれた")
    expect.equal(game.players["A"].life, 22, "墓地にショックがある状態で誘発し、Aは2点のライフを得た")


_TITHE = "When you pay this cost one or more times, target player loses 2 life."


def _lose_two(resolution: Resolution) -> None:
    target_player = resolution.target
    if isinstance(target_player, str):
        resolution.game.lose_life(target_player, 2)


def _tithe(resolution: Resolution) -> None:
    game, you, source = resolution.game, resolution.controller, resolution.source_id
    paid = paid_any_number.pay_any_number_of_times(game, you, cost("{1}"), source, "{1}")
    if paid and source is not None and source in game.objects:
        game.put_counters(game.obj(source), "+1/+1", paid)
    paid_any_number.when_paid_one_or_more_times(game, paid, _TITHE, _lose_two, you, source=source,
                                                targets=(target_player(),))


TITHE_COLLECTOR = card("Test Tithe Collector", "{1}{B}", "Creature — Human Rogue", 1, 1, TriggeredAbility(
    "When this creature enters, you may pay {1} any number of times. Put a +1/+1 counter on it for each time you "
    "paid. " + _TITHE, enters(), _tithe))
"""Test: a 1/1, "when this enters, you may pay {1} any number of times; put a +1/+1 counter on it for each
time you paid; when you pay this cost one or more times, target player loses 2 life"."""


@check("603.12a@20260116.0@147a8227", "603.12@20260116.0@7084b273")
def paying_a_cost_many_times_triggers_once(expect: Expect) -> None:
    """状況: Aのマナ・プールに{3}がある。Aのテスト用クリーチャーは「これが戦場に出たとき、あなたは{1}を好きな回数支払ってよい。
    支払った1回につきこれに+1/+1カウンター1個を置く。あなたがこのコストを1回以上支払ったとき、プレイヤー1人を対象とする。
    そのプレイヤーは2点のライフを失う」を持つ。
    行動: クリーチャーが戦場に出て、Aは{1}を3回支払い、Bを対象とする。
    結果: +1/+1カウンターは3個置かれる。コストを3回支払っても、「1回以上支払ったとき」の再帰誘発型能力は1回だけ誘発し、
    Bは2点のライフだけを失う。"""
    game = Game(["A", "B"])
    give_mana(game, "A", "{3}")
    for answer in (True, True, True, False):
        game.choices.script(ChoiceKind.MAY, answer, player="A")
    game.choices.script(ChoiceKind.TARGETS, "B", player="A")
    collector = game.put_onto_battlefield(TITHE_COLLECTOR, "A")
    assert collector is not None
    game.resolve_stack()
    expect.equal((game.players["A"].mana.total, game.view(collector).counters.get("+1/+1", 0)), (0, 3),
                 "Aは{1}を3回支払い、+1/+1カウンターが3個置かれた")
    expect.equal(game.players["B"].life, 18, "再帰誘発型能力は1回だけ誘発し、Bは2点を失った")


def _gain_three(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


STUBBORN_HERALD = card("Test Stubborn Herald", "{2}{W}", "Creature — Human Cleric", 2, 2, TriggeredAbility(
    "When this creature enters, you gain 3 life. This ability can't be countered.", enters(), _gain_three,
    cant_be_countered=True))
"""Test: a 2/2, "when this creature enters, you gain 3 life; this ability can't be countered"."""
PLAIN_HERALD = card("Test Plain Herald", "{2}{W}", "Creature — Human Cleric", 2, 2, TriggeredAbility(
    "When this creature enters, you gain 3 life.", enters(), _gain_three))
"""Test: the same 2/2 without "this ability can't be countered"."""


@check("603.1a@20260116.0@f7581a15", "701.6a@20260116.0@c185d3f7", "701.6b@20260116.0@7aacf698")
def this_ability_cant_be_countered_works_on_the_stack(expect: Expect) -> None:
    """状況: Aの手札に、「これが戦場に出たとき、あなたは3点のライフを得る。この能力は打ち消されない。」を持つテスト用クリーチャーと、
    最後の一文のない同じクリーチャーがある。
    行動: それぞれが戦場に出て、誘発型能力がスタックにある間に、効果がその能力を打ち消そうとする。
    結果: 「この能力は打ち消されない」は能力の効果ではなく、スタックにある間に働く。その能力は打ち消されずに解決し、Aは3点の
    ライフを得る。その一文のない能力は打ち消され、ライフは増えない。"""
    game = Game(["A", "B"])
    game.put_onto_battlefield(STUBBORN_HERALD, "A")
    game.refresh_priority()
    [item] = game.stack
    expect.that(not game.counter(item.id), "打ち消されない能力は打ち消されなかった")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "能力は解決し、Aは3点のライフを得た")
    game.put_onto_battlefield(PLAIN_HERALD, "A")
    game.refresh_priority()
    [item] = game.stack
    expect.that(game.counter(item.id), "一文のない能力は打ち消された")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "打ち消された能力では、ライフは増えない")


_TIRELESS = "{1}: Put a +1/+1 counter on this creature. When this ability has resolved three times this turn, you gain 5 life."


def _gain_five(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 5)


def _grow_and_count(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None and source in resolution.game.objects:
        resolution.game.put_counters(resolution.game.obj(source), "+1/+1", 1)
    resolution_counts.when_resolved_times(resolution, 3, "When this ability has resolved three times this turn, "
                                          "you gain 5 life.", _gain_five)


TIRELESS_GOLEM = card("Test Tireless Golem", "{3}", "Artifact Creature — Golem", 1, 1, ActivatedAbility(
    _TIRELESS, cost("{1}"), _grow_and_count))
"""Test: a 1/1 with "{1}: put a +1/+1 counter on this creature; when this ability has resolved three times this
turn, you gain 5 life"."""


@check("603.7h@20260116.0@998570d2", "603.7@20260116.0@60bc5efe")
def the_third_resolution_creates_the_delayed_trigger_once(expect: Expect) -> None:
    """状況: Aはテスト用のゴーレム（{1}：これの上に+1/+1カウンター1個を置く。この能力がこのターンに3回解決したとき、あなたは5点の
    ライフを得る）をコントロールしている。
    行動: Aがこの能力を1回ずつ、4回起動して解決する。
    結果: 3回目の解決中に遅延誘発型能力が1度だけ作られ、Aは5点のライフを得る。4回目の解決では作られないので、ライフはそれ以上
    増えない。カウンターは4個置かれる。"""
    game = Game(["A", "B"])
    golem = game.place(TIRELESS_GOLEM)
    lives = []
    for _ in range(4):
        give_mana(game, "A", "{1}")
        game.activate("A", golem, 0)
        game.resolve_stack()
        lives.append(game.players["A"].life)
    expect.equal(lives[:3], [20, 20, 25], "3回目の解決で遅延誘発型能力が作られ、Aは5点のライフを得た")
    expect.equal((lives[3], game.view(golem).counters.get("+1/+1", 0)), (25, 4),
                 "4回目の解決では作られず、ライフは増えなかった（カウンターは4個）")


_ROB = "When this creature enters, exile target card from a graveyard."


_rob, _gain_exiled_mana_value = _exile_then_gain(_ROB)


GRAVE_ROBBER = card(
    "Test Grave Robber", "{1}{B}", "Creature — Human Rogue", 2, 2,
    TriggeredAbility(_ROB, enters(), _rob, (target(cards_in(Zone.GRAVEYARD), "target card from a graveyard"),)),
    back=face("Test Grave Lord", None, "Creature — Vampire Rogue", 4, 4, ActivatedAbility(
        "{2}: You gain life equal to the mana value of the card exiled with this creature.", cost("{2}"),
        _gain_exiled_mana_value), colors="B"))
"""Test: a transforming double-faced card: the front face 2/2 "when this creature enters, exile target card
from a graveyard"; the back face 4/4 "{2}: you gain life equal to the mana value of the card exiled with this
creature"."""


@check("607.1b@20260116.0@5c2f3821", "607.1@20260116.0@9335d4d4", "607.2a@20260116.0@3c63b133")
def abilities_on_both_faces_are_linked(expect: Expect) -> None:
    """状況: Bの墓地に《丘巨人》（マナ総量4）がある。Aのテスト用の両面カードは、第1面が「これが戦場に出たとき、墓地にあるカード
    1枚を対象とし、それを追放する」を持ち、第2面が「{2}：あなたはこのクリーチャーによって追放されているカードのマナ総量に等しい
    点数のライフを得る」を持つ。
    行動: カードが第1面で戦場に出て、丘巨人を追放する。効果で変身して第2面になり、Aが第2面の能力を起動する。
    結果: 両面カードのどちらの面に書かれた能力も、今どちらの面が表でもそのオブジェクトに「書かれている」ので、2つの能力は関連して
    いる。第2面の能力は第1面の能力が追放した丘巨人を参照し、Aは4点のライフを得る。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT, Zone.GRAVEYARD, "B")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    robber = game.put_onto_battlefield(GRAVE_ROBBER, "A")
    assert robber is not None
    game.resolve_stack()
    expect.equal(game.current(giant).zone, Zone.EXILE, "第1面の能力が丘巨人を追放した")
    game.transform(robber)
    expect.equal(game.view(robber).name, "Test Grave Lord", "変身して第2面になった")
    give_mana(game, "A", "{2}")
    game.activate("A", robber, 0)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 24, "第2面の能力は第1面の能力が追放したカードを参照し、Aは4点のライフを得た")


def _smallpox(resolution: Resolution) -> None:
    game = resolution.game
    player_steps.in_steps(game, game.apnap(), (
        player_steps.each_loses_life(1), player_steps.each_discards(1),
        player_steps.each_sacrifices(creatures(controller="you")), player_steps.each_sacrifices(lands(controller="you"))))


SMALLPOX = real("小悪疫", card("Smallpox", "{B}{B}", "Sorcery", spell=SpellAbility(
    "Each player loses 1 life, discards a card, sacrifices a creature, then sacrifices a land.", _smallpox)))


@check("608.2e@20260116.0@6704a67a", "101.4@20260116.0@7191b888")
def smallpox_goes_step_by_step_for_everyone(expect: Expect) -> None:
    """状況: Aのターン。AとBはそれぞれ、手札にカード2枚、クリーチャー2体、土地2つを持つ。
    行動: Aが《小悪疫》（各プレイヤーは1点のライフを失い、カードを1枚捨て、クリーチャーを1体生け贄に捧げ、その後土地を1つ生け贄に
    捧げる）を唱える。
    結果: 手順ごとに、APNAP順に選択（Aが先、次にB）をしてから、その手順を同時に行う。捨てるカードをA、Bの順に選んで同時に捨て、
    次に生け贄に捧げるクリーチャーをA、Bの順に選び、最後に土地をA、Bの順に選ぶ。各プレイヤーは1点を失い、手札1枚、
    クリーチャー1体、土地1つが残る。"""
    game = Game(["A", "B"])
    for player in ("A", "B"):
        for _ in range(2):
            game.place(cards.GRIZZLY_BEARS, player=player)
            game.place(MOUNTAIN, player=player)
            game.place(cards.HILL_GIANT, Zone.HAND, player)
    for player in ("A", "B"):
        game.choices.script(ChoiceKind.DISCARD, lambda c: [game.hand(c.player)[0]], player=player)
        game.choices.script(ChoiceKind.OBJECT, lambda c: c.options[0], player=player)
        game.choices.script(ChoiceKind.OBJECT, lambda c: c.options[0], player=player)
    cast(game, "A", SMALLPOX)
    asked = [(c.kind.name, c.player) for c, _ in game.choices.asked if c.kind in (ChoiceKind.DISCARD, ChoiceKind.OBJECT)]
    expect.equal(asked, [("DISCARD", "A"), ("DISCARD", "B"), ("OBJECT", "A"), ("OBJECT", "B"), ("OBJECT", "A"),
                         ("OBJECT", "B")], "手順ごとに、A、Bの順に選択してから次の手順に進んだ")
    left = [(game.players[p].life, len(game.hand(p)), len(game.creatures(p)), len(game.battlefield(p)))
            for p in ("A", "B")]
    expect.equal(left, [(19, 1, 1, 2), (19, 1, 1, 2)], "各プレイヤーは1点を失い、手札1枚とクリーチャー1体と土地1つを失った")


@check("607.2j@20260116.0@1c9235cb", "702.33d@20260116.0@ab1929e9", "400.7@20260116.0@6d94caf3")
def the_cost_paid_as_it_was_cast_is_its_own(expect: Expect) -> None:
    """状況: Aの手札に《永遠溢れの杯》（多重キッカー{2}、キッカーされた回数に等しい蓄積カウンターが置かれた状態で戦場に出る）が
    2枚ある。
    行動: Aが1枚目を多重キッカー・コストを2回支払って唱える。その杯を手札に戻し、効果によって戦場に出す。2枚目も唱えずに効果に
    よって戦場に出す。
    結果: 唱えたときに支払った多重キッカーの回数だけを参照するので、唱えて出た杯には蓄積カウンター2個が置かれる。手札に戻って
    から効果で出た杯は新しいオブジェクトで、唱えられていないので蓄積カウンターは置かれない。2枚目も同じく0個。"""
    from kb.checks.cr.cr702_27_casting_keywords import EVERFLOWING_CHALICE

    game = Game(["A", "B"])
    chalice = in_hand(game, EVERFLOWING_CHALICE)
    other = in_hand(game, EVERFLOWING_CHALICE)
    give_mana(game, "A", "{4}")
    spell = game.cast("A", chalice, additional=("multikicker", "multikicker"))
    game.resolve_stack()
    expect.equal(game.view(spell).counters.get("charge", 0), 2, "唱えたときに2回キッカーされ、蓄積カウンター2個で出た")
    back = game.move(game.obj(spell), Zone.HAND)
    assert back is not None
    again = game.put_onto_battlefield(back, "A")
    unkicked = game.put_onto_battlefield(other, "A")
    assert again is not None and unkicked is not None
    expect.equal((game.view(again).counters.get("charge", 0), game.view(unkicked).counters.get("charge", 0)), (0, 0),
                 "唱えられずに戦場に出た杯には、蓄積カウンターは置かれない")


_HOARD = "{1}: Exile target card from a graveyard. You gain 1 life for each card exiled with this ability."
_SNATCH = "When this creature enters, exile target card from a graveyard."


def _hoard(resolution: Resolution) -> None:
    source, game = resolution.source_id, resolution.game
    if source is None:
        return
    linked.exile_with(game, source, [game.obj(i) for i in resolution.objects(0)], link=_HOARD)
    game.gain_life(resolution.controller, len(linked.exiled_with(game, source, _HOARD)))


def _snatch(resolution: Resolution) -> None:
    source, game = resolution.source_id, resolution.game
    if source is not None:
        linked.exile_with(game, source, [game.obj(i) for i in resolution.objects(0)], link=_SNATCH)


_FROM_A_GRAVEYARD = (target(cards_in(Zone.GRAVEYARD), "target card from a graveyard"),)
GRAVE_HOARDER = card(
    "Test Grave Hoarder", "{2}{B}", "Creature — Rat", 1, 1,
    TriggeredAbility(_SNATCH, enters(), _snatch, _FROM_A_GRAVEYARD),
    ActivatedAbility(_HOARD, cost("{1}"), _hoard, _FROM_A_GRAVEYARD))
"""Test: a 1/1, "when this creature enters, exile target card from a graveyard" and "{1}: exile target card
from a graveyard; you gain 1 life for each card exiled with this ability" (linked to itself)."""


@check("607.1c@20260116.0@46f359b8", "607.1@20260116.0@9335d4d4", "607.5@20260116.0@44092737")
def an_ability_linked_to_itself(expect: Expect) -> None:
    """状況: Bの墓地にカードが3枚ある。Aのテスト用クリーチャーは「これが戦場に出たとき、墓地にあるカード1枚を対象とし、それを
    追放する」と「{1}：墓地にあるカード1枚を対象とし、それを追放する。あなたはこの能力によって追放されているカード1枚につき1点の
    ライフを得る」を持つ。
    行動: クリーチャーが戦場に出て、1枚目を追放する。Aが{1}の能力を2回起動し、残りの2枚を1枚ずつ追放する。
    結果: {1}の能力は追放することとその追放したカードを参照することの両方を満たすので、それ自身に関連している。1回目は1枚、2回目は
    2枚を数え、合わせて3点のライフを得る。戦場に出たときの能力が追放したカードは数えない。"""
    game = Game(["A", "B"])
    cards_there = [game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B") for _ in range(3)]
    game.choices.script(ChoiceKind.TARGETS, cards_there[0], player="A")
    hoarder = game.put_onto_battlefield(GRAVE_HOARDER, "A")
    assert hoarder is not None
    game.resolve_stack()
    lives = []
    for chosen in cards_there[1:]:
        give_mana(game, "A", "{1}")
        game.activate("A", hoarder, 0, targets=[chosen])
        game.resolve_stack()
        lives.append(game.players["A"].life)
    expect.that(all(game.current(c).zone is Zone.EXILE for c in cards_there), "3枚とも追放された")
    expect.equal(lives, [21, 23], "この能力が追放したカードだけを数え、1点、次に2点のライフを得た")
