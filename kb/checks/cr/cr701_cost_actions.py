"""Keyword actions paid as costs: collect evidence (701.59), forage (701.61) and waterbend
(701.67), through :mod:`kb.engine.cost_actions`."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, ORNITHOPTER, real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Cost,
    Game,
    IllegalAction,
    Resolution,
    SpellAbility,
    TriggeredAbility,
    Zone,
    card,
    enters,
    on_event,
)
from kb.engine import cost_actions as co
from kb.engine.events import Waterbent
from kb.engine.predefined_tokens import PREDEFINED
from kb.engine.triggers import TriggerContext


def _draw(r: Resolution) -> None:
    r.game.draw(r.controller)


EVIDENCE_LOCKER = card("Test Evidence Locker", "{2}", "Artifact", ActivatedAbility(
    "Collect evidence 6: Draw a card.", Cost(extra=(co.CollectEvidence(6),)), _draw))


def _may_forage(r: Resolution) -> None:
    from kb.engine.choices import Choice

    game = r.game
    if co.forage_options(game, r.controller) and game.choices.ask(Choice(ChoiceKind.MAY, r.controller, "forage",
                                                                         (True, False))):
        co.forage(game, r.controller)
        game.draw(r.controller)


TREETOP_SENTRIES = real("樹上の哨兵", card(
    "Treetop Sentries", "{3}{G}", "Creature — Squirrel Warrior", 2, 4, "reach",
    TriggeredAbility("When this creature enters, you may forage. If you do, draw a card.", enters(), _may_forage)))

WATER_WHEEL = card("Test Water Wheel", "{2}", "Artifact", ActivatedAbility(
    "Waterbend {3}: Draw a card.", Cost(extra=(co.Waterbend("{3}"),)), _draw))


def _waterbent(t: TriggerContext) -> int:
    return int(isinstance(t.event, Waterbent) and t.event.player == t.source.controller)


WATER_WATCHER = card("Test Water Watcher", "{U}", "Enchantment", TriggeredAbility(
    "Whenever you waterbend, you gain 1 life.", on_event("you waterbend", (Waterbent,), _waterbent),
    lambda r: r.game.gain_life(r.controller, 1)))

WATER_REVIVAL = card("Test Water Revival", "{1}{U}{U}", "Sorcery", spell=SpellAbility(
    "As an additional cost to cast this spell, waterbend {2}. Draw a card.", _draw,
    additional=Cost(extra=(co.Waterbend("{2}"),))))


@check("701.59a@20260116.0@ae6319ed", "701.59b@20260116.0@0fd362a1", "118.3@20260116.0@4334317a")
def collecting_evidence(expect: Expect) -> None:
    """状況: Aは「証拠6を収集する: カードを1枚引く。」を持つアーティファクトをコントロールし、Aの墓地には《丘巨人》（マナ総量4）
    だけがある。
    行動: Aが能力を起動しようとする。その後、墓地に《灰色熊》（マナ総量2）が加わり、もう一度起動する。
    結果: 1回目は墓地のカードのマナ総量の合計が6に満たないので証拠を収集できず、起動できない。2回目は丘巨人と灰色熊を追放して
    コストを支払い、Aはカードを1枚引く。"""
    game = Game(["A", "B"])
    locker = game.place(EVIDENCE_LOCKER, player="A")
    giant = game.place(HILL_GIANT, Zone.GRAVEYARD, "A")
    try:
        game.activate("A", locker)
        refused = False
    except IllegalAction:
        refused = True
    expect.that(refused and giant.zone is Zone.GRAVEYARD, "マナ総量の合計が6未満なので証拠を収集できない")
    bears = game.place(GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    game.choices.script(ChoiceKind.OBJECTS, [giant, bears], player="A")
    hand = len(game.hand("A"))
    game.activate("A", locker)
    expect.equal(sorted(o.card.name for o in game.in_zone(Zone.EXILE, "A")), ["Grizzly Bears", "Hill Giant"],
                 "合計6の2枚を追放して証拠を収集した")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "カードを1枚引いた")


@check("701.61a@20260116.0@5f2aa1a4")
def foraging(expect: Expect) -> None:
    """状況: Aは食物・トークンをコントロールし、墓地にカードはない。
    行動: Aが《樹上の哨兵》を戦場に出し、給餌することを選ぶ。次にもう1体を出すが、食物はもうなく墓地にはカードが2枚だけである。
    その後、墓地のカードが3枚になってから3体目を出し、給餌することを選ぶ。
    結果: 1回目は食物を生け贄に捧げて給餌し、カードを1枚引く。2回目は墓地のカード3枚の追放も食物の生け贄もできないので給餌できず、
    カードを引かない。3回目は墓地のカード3枚を追放して給餌し、カードを1枚引く。"""
    game = Game(["A", "B"])
    game.create_token(PREDEFINED["Food"], "A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    hand = len(game.hand("A"))
    game.put_onto_battlefield(TREETOP_SENTRIES, "A")
    game.resolve_stack()
    expect.equal((len(game.hand("A")), [o for o in game.battlefield("A") if o.card.is_token]), (hand + 1, []),
                 "食物を生け贄に捧げて給餌し、カードを1枚引いた")
    game.place(HILL_GIANT, Zone.GRAVEYARD, "A")
    game.put_onto_battlefield(TREETOP_SENTRIES, "A")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "給餌できないのでカードを引かない")
    for more in (GRIZZLY_BEARS, GRIZZLY_BEARS):
        game.place(more, Zone.GRAVEYARD, "A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.OBJECTS, lambda c: [o.id for o in game.graveyard("A")][:3], player="A")
    game.put_onto_battlefield(TREETOP_SENTRIES, "A")
    game.resolve_stack()
    expect.that(len(game.hand("A")) == hand + 2 and not game.graveyard("A") and len(game.in_zone(Zone.EXILE, "A")) == 3,
                "墓地のカード3枚を追放して給餌した")


@check("701.67a@20260116.0@ff9bd16a", "701.67c@20260116.0@ba921206")
def waterbending(expect: Expect) -> None:
    """状況: Aは「水の技{3}: カードを1枚引く。」を持つアーティファクトと、「あなたが水の技を使うたび、あなたは1点のライフを得る。」を
    持つエンチャント、アンタップ状態の《灰色熊》と《羽ばたき飛行機械》をコントロールしている。Aのマナ・プールに{C}がある。
    行動: Aが能力を起動し、灰色熊と飛行機械をタップして{3}のうち{2}を支払い、残りの{1}をマナで支払う。
    結果: 灰色熊と飛行機械はタップされ、マナ・プールは空になり、Aはカードを1枚引く。支払い方によらず水の技を使ったので、
    エンチャントの能力が誘発してAは1点のライフを得る。"""
    game = Game(["A", "B"])
    wheel = game.place(WATER_WHEEL, player="A")
    game.place(WATER_WATCHER, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    thopter = game.place(ORNITHOPTER, player="A")
    game.add_mana("A", "{C}")
    game.choices.script(ChoiceKind.OBJECTS, [bears, thopter], player="A")
    hand = len(game.hand("A"))
    game.activate("A", wheel)
    expect.that(game.view(bears).tapped and game.view(thopter).tapped and not game.players["A"].mana.mana.total(),
                "灰色熊と飛行機械をタップし、残りをマナで支払った")
    game.resolve_stack()
    expect.equal((len(game.hand("A")), game.players["A"].life), (hand + 1, 21),
                 "カードを1枚引き、水の技を使ったので1点のライフを得た")


@check("701.67b@20260116.0@608b458f", "701.67a@20260116.0@ff9bd16a")
def waterbend_pays_only_its_own_generic_mana(expect: Expect) -> None:
    """状況: Aの手札に、マナ・コスト{1}{U}{U}で追加コストとして水の技{2}を要するソーサリーがある。Aはアンタップ状態の《灰色熊》
    2体と《羽ばたき飛行機械》をコントロールし、マナ・プールに{U}{U}がある。
    行動: Aが、クリーチャー3体をタップして水の技{2}と{1}を支払おうとする。次に、2体をタップして水の技{2}を支払い、
    {1}{U}{U}をマナで支払う。
    結果: 水の技でクリーチャーをタップして支払えるのは水の技のコストの{2}だけなので、1回目は唱えられない。2回目は唱えられない
    ことはないが、{1}の分のマナが足りない。マナ・プールに{C}を加えると唱えられる。"""
    def attempt(tapping: int, mana: str) -> tuple[bool, list[bool]]:
        game = Game(["A", "B"])
        revival = game.place(WATER_REVIVAL, Zone.HAND, "A")
        creatures = [game.place(c, player="A") for c in (GRIZZLY_BEARS, GRIZZLY_BEARS, ORNITHOPTER)]
        game.add_mana("A", mana)
        game.choices.script(ChoiceKind.OBJECTS, creatures[:tapping], player="A")
        try:
            game.cast("A", revival)
            cast_ = True
        except IllegalAction:
            cast_ = False
        return cast_, [game.view(c).tapped for c in creatures]

    expect.equal(attempt(3, "{U}{U}"), (False, [False, False, False]),
                 "3体をタップして水の技以外の{1}を支払うことはできない")
    expect.equal(attempt(2, "{U}{U}")[0], False, "{1}の分のマナがないので唱えられない")
    expect.equal(attempt(2, "{C}{U}{U}"), (True, [True, True, False]),
                 "2体をタップして水の技{2}を支払い、{1}{U}{U}をマナで支払って唱えた")
