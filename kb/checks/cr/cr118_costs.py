"""Costs (118), life (119), damage (120), drawing (121) and counters (122): costs paid as an effect
resolves and "if you do", costs an effect modifies, the four steps of a damage event and the
replacement effects that modify its parts and its results, and what damage does."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    CostChange,
    FaceDown,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    actions,
    any_target,
    at_beginning_of,
    card,
    cost,
    payment,
    spells,
    target_creature,
    target_spell,
    turned_face_up,
)
from kb.engine.abilities import AlternativeCost
from kb.engine.choices import Choice
from kb.engine.errors import IllegalAction
from kb.engine.events import LifeChanged
from kb.engine.replacement import (
    Category,
    Damage,
    Draw,
    GainLife,
    LifeFromDamage,
    Move,
    Replacement,
    ReplacementContext,
    Shield,
)
from kb.engine.triggers import cast as casts

# -- 118.12: "if you do" ----------------------------------------------------------------------------------


def _standstill(resolution: Resolution) -> None:
    game, source, event = resolution.game, resolution.source_id, resolution.event
    caster = getattr(event, "player", None)

    def sacrifice() -> object:
        if source is None or source not in game.objects:
            raise IllegalAction("Standstill is gone: it can't be sacrificed", "118.3")
        return game.sacrifice(resolution.controller, source)

    if payment.pay_during_resolution(game, resolution.controller, sacrifice) and isinstance(caster, str):
        for opponent in game.opponents(caster):
            game.draw(opponent, 3)


STANDSTILL = real("行き詰まり", card(
    "Standstill", "{1}{U}", "Enchantment",
    TriggeredAbility("When a player casts a spell, sacrifice Standstill. If you do, each of that player's opponents "
                     "draws three cards.", casts(spells()), _standstill)))


@check("118.12@20260116.0@07b5f9f5", "118.3@20260116.0@4334317a", "113.3c@20260116.0@cca97d89",
       example="118.12#1@63fd1795")
def standstill_gone_draws_nothing(expect: Expect) -> None:
    """状況: Aが《行き詰まり》をコントロールしている。
    行動: Bが呪文を唱え、行き詰まりの能力が誘発する。能力が解決される前に、行き詰まりが別の能力で追放される。
    結果: 「行き詰まりを生け贄に捧げる」というコストを支払えないので、誰もカードを引かない。追放されなかった場合は、
    行き詰まりが生け贄に捧げられ、Bの対戦相手であるAがカードを3枚引く。"""
    for exiled in (False, True):
        game = Game(["B", "A"])
        standstill = game.place(STANDSTILL, player="A")
        bears = game.place(cards.GRIZZLY_BEARS, player="B")
        before = len(game.hand("A"))
        growth = in_hand(game, cards.GIANT_GROWTH, "B")
        give_mana(game, "B", "{G}")
        game.cast("B", growth, targets=[bears])
        game.refresh_priority()
        if exiled:
            game.exile(standstill)
            game.resolve_top()
            expect.equal(len(game.hand("A")), before, "行き詰まりが追放されていれば、誰もカードを引かない")
        else:
            game.resolve_top()
            expect.that(standstill.id not in game.objects and len(game.hand("A")) == before + 3,
                        "行き詰まりが生け贄に捧げられ、Aは3枚引いた")


def _gather_specimens(resolution: Resolution) -> None:
    you = resolution.controller

    def applies(context: ReplacementContext, move: Move) -> bool:
        game = context.game
        obj = game.objects.get(move.object_id)
        if move.to_zone is not Zone.BATTLEFIELD or obj is None:
            return False
        would = move.controller or obj.owner
        return would != you

    resolution.create_effect("creatures entering under an opponent's control enter under yours this turn",
                             duration=UntilEndOfTurn(), replacements=[Replacement(
                                 "If a creature would enter under an opponent's control this turn, it enters under "
                                 "your control instead.", Move, applies, lambda c, m: with_changes(m, controller=you),
                                 Category.CONTROL)])


GATHER_SPECIMENS = real("標本集め", card(
    "Gather Specimens", "{3}{U}", "Instant", spell=SpellAbility(
        "If a creature would enter the battlefield under an opponent's control this turn, it enters the battlefield "
        "under your control instead.", _gather_specimens)))
"""標本集め (the model's creature here is any permanent card: only creatures enter in the check)."""


def _dermoplasm(resolution: Resolution) -> None:
    game, source, you = resolution.game, resolution.source_id, resolution.controller
    morphs = [o for o in game.hand(you) if game.view(o.id).has("morph")]
    if not morphs or not game.choices.ask(Choice(ChoiceKind.MAY, you, "put a creature card with morph from your hand "
                                                                      "onto the battlefield?", (True, False))):
        return
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, you, "a creature card with morph", tuple(o.id for o in morphs)))
    assert isinstance(chosen, int)
    if payment.pay_during_resolution(game, you, lambda: game.put_onto_battlefield(chosen, you)) \
            and source is not None and source in game.objects:
        game.move(source, Zone.HAND)


DERMOPLASM = real("偽皮操り", card(
    "Dermoplasm", "{2}{U}", "Creature — Shapeshifter", 1, 1, "flying", "morph {2}{U}{U}",
    TriggeredAbility("When Dermoplasm is turned face up, you may put a creature card with a morph ability from your "
                     "hand onto the battlefield face up. If you do, return Dermoplasm to its owner's hand.",
                     turned_face_up(), _dermoplasm)))


@check("118.12@20260116.0@07b5f9f5", "614.1c@20260116.0@ce0a08eb", example="118.12#2@07bcdb6e")
def dermoplasm_returns_although_the_creature_went_elsewhere(expect: Expect) -> None:
    """状況: このターン、Bが《標本集め》を唱えて解決した。Aは裏向きの《偽皮操り》をコントロールし、手札に変異を持つ
    《賛美されし天使》がある。
    行動: Aが偽皮操りをオモテ向きにし、誘発した能力で天使を手札から戦場に出すことを選ぶ。
    結果: 標本集めにより天使はBのコントロール下で戦場に出るが、Aはコストを支払うことを選んだので、偽皮操りは
    オーナーの手札に戻る。"""
    game = Game(["A", "B"])
    dermoplasm = game.place(DERMOPLASM, face_down=FaceDown.MORPH)
    angel = in_hand(game, cards.EXALTED_ANGEL)
    game.pass_priority_to("B")
    cast(game, "B", GATHER_SPECIMENS)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.OBJECT, angel.id, player="A")
    give_mana(game, "A", "{2}{U}{U}")
    game.turn_face_up("A", dermoplasm)
    game.resolve_stack()
    placed = game.current(angel)
    expect.that(placed.zone is Zone.BATTLEFIELD and game.view(placed).controller == "B",
                "天使はBのコントロール下で戦場に出た")
    expect.that(game.current(dermoplasm).zone is Zone.HAND, "コストを支払うことを選んだので偽皮操りは手札に戻った")


# -- 118.11: a cost an effect modifies is still paid ----------------------------------------------------------


def _vortex_upkeep(resolution: Resolution) -> None:
    game, source, you = resolution.game, resolution.source_id, resolution.controller
    if source is None or source not in game.objects:
        return
    game.put_counters(source, "age")
    ages = game.objects[source].counter("age")
    pays = game.choices.ask(Choice(ChoiceKind.PAY, you, f"pay 'draw a card' {ages} time(s)?", (True, False)))
    if not (pays and payment.pay_during_resolution(game, you, lambda: game.draw(you, ages))):
        game.sacrifice(you, source)


PSYCHIC_VORTEX = real("精神の渦", card(
    "Psychic Vortex", "{2}{U}{U}", "Enchantment",
    TriggeredAbility("Cumulative upkeep—Draw a card. (At the beginning of your upkeep, put an age counter on this "
                     "permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)",
                     at_beginning_of(Step.UPKEEP), _vortex_upkeep)))
"""精神の渦: its cumulative upkeep written out as the triggered ability it stands for (702.24a); its end step
ability is left out."""


def _may_skip(context: ReplacementContext, draw: Draw) -> Draw | None:
    skip = context.game.choices.ask(Choice(ChoiceKind.MAY, draw.player, "skip that draw?", (True, False)))
    return None if skip else draw


OBSTINATE_FAMILIAR = real("片意地な使い魔", card(
    "Obstinate Familiar", "{R}", "Creature — Lizard", 1, 1,
    StaticAbility("If you would draw a card, you may skip that draw instead.", replacements=(Replacement(
        "If you would draw a card, you may skip that draw instead.", Draw,
        lambda c, d: d.player == c.context.player("you"), _may_skip, pure=False),))))


@check("118.11@20260116.0@51fce77a", "702.24a@20260116.0@83ba161b", example="118.11#1@f83f6f8d")
def psychic_vortex_paid_without_drawing(expect: Expect) -> None:
    """状況: Aは累加アップキープ（カード1枚を引く）を持つ《精神の渦》と、「あなたがカードを引くなら、代わりにそのドローを
    飛ばしてもよい」を持つ《片意地な使い魔》をコントロールしている。
    行動: Aのアップキープに累加アップキープの能力が解決され、Aはコストを支払うことを選び、そのドローを飛ばす。
    結果: Aはカードを引かないが、コストは支払われたものとして扱われ、精神の渦は生け贄に捧げられない。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    vortex = game.place(PSYCHIC_VORTEX)
    game.place(OBSTINATE_FAMILIAR)
    before = len(game.hand("A"))
    game.choices.script(ChoiceKind.PAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.advance_to(Step.UPKEEP)
    game.resolve_stack()
    expect.equal(game.view(vortex).counter("age"), 1, "年齢カウンターが1個置かれた")
    expect.equal(len(game.hand("A")), before, "ドローは飛ばされ、Aはカードを引いていない")
    expect.that(vortex.id in game.objects and vortex.zone is Zone.BATTLEFIELD,
                "コストは支払われたものとして扱われ、精神の渦は戦場に残る")


# -- 120.4: the damage event ----------------------------------------------------------------------------


BOON_REFLECTION = real("加護の反射", card(
    "Boon Reflection", "{4}{W}", "Enchantment",
    StaticAbility("If you would gain life, you gain twice that much life instead.", replacements=(Replacement(
        "If you would gain life, you gain twice that much life instead.", GainLife,
        lambda c, g: g.player == c.context.player("you"), lambda c, g: with_changes(g, amount=g.amount * 2)),))))


def _prevent_next_two(resolution: Resolution) -> None:
    chosen = resolution.objects(0)
    if chosen:
        shield = Shield(2, chosen[0])
        resolution.create_effect("prevent the next 2 damage", duration=UntilEndOfTurn(),
                                 replacements=[shield.replacement("Prevent the next 2 damage to it this turn.")])


SHIELD_SPELL = card("Test Shield", "{W}", "Instant", spell=SpellAbility(
    "Prevent the next 2 damage that would be dealt to target creature this turn.", _prevent_next_two,
    (target_creature(),)))
"""Test: an instant, "Prevent the next 2 damage that would be dealt to target creature this turn"."""


@check("120.4d@20260116.0@f8e422e5", "120.4b@20260116.0@800bd353", "120.4c@20260116.0@b5dc3dd6",
       "120.3d@20260116.0@95c573ae", "120.3f@20260116.0@36b87c1b", "119.10@20260116.0@5a2d2544",
       "702.80a@20260116.0@f7e725fa", "120.4@20260116.0@c08bf618", "120.2a@20260116.0@e787ee90", example="120.4d#1@b7965636")
def boon_reflection_and_a_wither_lifelink_attacker(expect: Expect) -> None:
    """状況: Aは《加護の反射》と、萎縮と絆魂を持つ3/3のテスト用クリーチャーをコントロールしている。
    行動: それでBを攻撃し、Bの2/2のテスト用クリーチャーがブロックする。Bはブロック・クリーチャーが受ける次の2点の
    ダメージを軽減するテスト用インスタントを唱える。戦闘ダメージが与えられる。
    結果: 軽減で2/2が受けるダメージは1点になり、それが-1/-1カウンター1個に変換される。Aの得る1点のライフは加護の反射で
    2点になる。3/3には2点のダメージが残る。"""
    game = Game(["A", "B"])
    game.place(BOON_REFLECTION)
    attacker = game.place(card("Test Withering Leech", "{2}{B}", "Creature — Leech", 3, 3, "wither", "lifelink"))
    blocker = game.place(card("Test Two Two", "{1}{W}", "Creature — Soldier", 2, 2), player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([attacker])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({blocker: attacker})
    game.pass_priority_to("B")
    cast(game, "B", SHIELD_SPELL, [blocker], resolve=False)
    game.resolve_top()
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((game.view(blocker).counter("-1/-1"), game.view(blocker).damage), (1, 0),
                 "2/2クリーチャーには-1/-1カウンター1個が置かれ、ダメージは負っていない")
    expect.equal(game.players["A"].life, 22, "絆魂の1点のライフは加護の反射で2点になった")
    expect.equal(game.view(attacker).damage, 2, "3/3クリーチャーは2点のダメージを負った")


def _worship_applies(context: ReplacementContext, change: LifeFromDamage) -> bool:
    game, you = context.game, context.context.player("you")
    life = game.players[you].life
    return change.player == you and bool(game.creatures(you)) and life - change.loss + change.gain < 1


WORSHIP = real("崇拝", card(
    "Worship", "{3}{W}", "Enchantment",
    StaticAbility("If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 "
                  "instead.", replacements=(Replacement(
                      "Damage that would reduce your life total to less than 1 reduces it to 1 instead.",
                      LifeFromDamage, _worship_applies,
                      lambda c, d: with_changes(d, loss=max(0, c.game.players[d.player].life + d.gain - 1))),))))


def _awe_strike(resolution: Resolution) -> None:
    chosen = resolution.objects(0)
    you = resolution.controller
    if not chosen:
        return

    def prevent(context: ReplacementContext, damage: Damage) -> Damage:
        return with_changes(damage, amount=0, gains=(*damage.gains, (you, damage.amount)))

    resolution.create_effect("the next time it would deal damage, prevent that damage", duration=UntilEndOfTurn(),
                             replacements=[Replacement(
                                 "The next time target creature would deal damage this turn, prevent that damage. You "
                                 "gain life equal to the damage prevented this way.", Damage,
                                 lambda c, d: d.source == chosen[0] and d.amount > 0, prevent, prevention=True,
                                 uses=1)])


AWE_STRIKE = real("畏敬の一撃", card(
    "Awe Strike", "{W}", "Instant", spell=SpellAbility(
        "The next time target creature would deal damage this turn, prevent that damage. You gain life equal to the "
        "damage prevented this way.", _awe_strike, (target_creature(),))))


@check("120.4d@20260116.0@f8e422e5", "120.4c@20260116.0@b5dc3dd6", "615.5@20260116.0@001f7559",
       example="120.4d#2@a633e76d")
def worship_and_awe_strike(expect: Expect) -> None:
    """状況: Bはライフ2点で、クリーチャー1体と《崇拝》をコントロールしている。Aの5/5のテスト用クリーチャー2体が
    攻撃し、ブロックされない。
    行動: Bが攻撃クリーチャーの1体を対象に《畏敬の一撃》を唱える。戦闘ダメージが与えられる。
    結果: ダメージのイベントは「Bが5点のダメージを受け、5点のライフを得る」になり、ライフを1点未満にしないので崇拝は
    適用されない。Bのライフは2点のまま。畏敬の一撃がなければ、崇拝によってライフは1点になる。"""
    for struck in (False, True):
        game = Game(["A", "B"])
        giants = [game.place(card("Test Five Five", "{4}{G}", "Creature — Beast", 5, 5)) for _ in range(2)]
        game.place(WORSHIP, player="B")
        game.place(cards.PILLARFIELD_OX, player="B")
        game.players["B"].life = 2
        game.advance_to(Step.DECLARE_ATTACKERS)
        game.declare_attackers(giants)
        game.advance_to(Step.DECLARE_BLOCKERS)
        game.declare_blockers({})
        if struck:
            game.pass_priority_to("B")
            cast(game, "B", AWE_STRIKE, [giants[0]])
        game.advance_to(Step.END_OF_COMBAT)
        if struck:
            expect.equal(game.players["B"].life, 2, "畏敬の一撃があれば崇拝は適用されず、Bのライフは2点のまま")
            changes = [e.amount for e in game.events(LifeChanged) if e.player == "B"]
            expect.equal(changes, [-5, 5], "Bは5点のライフを失い、同じイベントで5点のライフを得た")
        else:
            expect.equal(game.players["B"].life, 1, "畏敬の一撃がなければ、崇拝によってライフは1点になる")


@check("120.5@20260116.0@f3f429d9", "120.3e@20260116.0@d44057d7", "704.5g@20260116.0@05710b56",
       "120.2b@20260116.0@6b24a3e2", "120.7@20260116.0@cb70fef6", "302.4b@20260116.0@e101b5c1", example="120.5#1@d0ca9cb3")
def lightning_bolt_doesnt_destroy_a_creature(expect: Expect) -> None:
    """状況: Bの2/2の《灰色熊》。
    行動: Aが熊を対象に《稲妻》を唱え、解決する。
    結果: 稲妻は熊に3点のダメージを与えるだけで、その後の状況起因処理（致死ダメージ）が熊を破壊して墓地に置く。"""
    from kb.engine.events import Cause, DamageDealt, StateBasedActionsPerformed, ZoneChanged

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    cast(game, "A", cards.LIGHTNING_BOLT, [bears])
    dealt = [e for e in game.events(DamageDealt) if e.recipient == bears.id]
    expect.equal([e.amount for e in dealt], [3], "稲妻は熊に3点のダメージを与えた")
    expect.that(game.last_known_view(dealt[0].source).name == "Lightning Bolt", "ダメージの発生源は稲妻という呪文")
    [died] = [e for e in game.events(ZoneChanged) if e.old_id == bears.id]
    performed = [e for e in game.events(StateBasedActionsPerformed) if "704.5g" in e.rules]
    expect.equal(len(performed), 1, "致死ダメージの状況起因処理が行われた")
    expect.that(died.to_zone is Zone.GRAVEYARD and died.cause is Cause.DESTROY
                and game.log.index(performed[0]) < game.log.index(died),
                "熊を墓地に置いたのは状況起因処理による破壊で（704.5g）、稲妻ではない")


@check("120.3b@20260116.0@2230f352", "120.3d@20260116.0@95c573ae", "120.3a@20260116.0@0af728f5",
       "122.1a@20260116.0@464903b3", "702.90b@20260116.0@ee6d1a5e", "702.90c@20260116.0@be7da04e", "302.7@20260116.0@d9eb18c2", "119.2@20260116.0@034a1d91", "120.3@20260116.0@8a3727ed")
def what_damage_does_depends_on_the_source(expect: Expect) -> None:
    """状況: Aは感染を持つテスト用クリーチャー（2/2）と、持たないテスト用クリーチャー（2/2）をコントロールしている。
    Bは4/4のテスト用クリーチャーをコントロールしている。
    行動: それぞれがBに2点、Bのクリーチャーに2点のダメージを与える。
    結果: 感染を持たない発生源からのダメージでBはライフを2点失い、クリーチャーは2点のダメージを負う。感染を持つ発生源からの
    ダメージでBは毒カウンター2個を得（ライフは減らない）、クリーチャーには-1/-1カウンター2個が置かれ2/2になる。"""
    game = Game(["A", "B"])
    plague = game.place(card("Test Plaguebearer", "{1}{B}", "Creature — Horror", 2, 2, "infect"))
    brute = game.place(card("Test Brute", "{1}{R}", "Creature — Ogre", 2, 2))
    wall = game.place(card("Test Four Four", "{3}{G}", "Creature — Beast", 4, 4), player="B")
    game.deal_damage(brute, "B", 2)
    game.deal_damage(brute, wall, 2)
    expect.equal((game.players["B"].life, game.view(wall).damage), (18, 2), "ライフを2点失い、クリーチャーは2点のダメージ")
    game.deal_damage(plague, "B", 2)
    game.deal_damage(plague, wall, 2)
    expect.equal((game.players["B"].life, game.players["B"].counter("poison")), (18, 2),
                 "感染を持つ発生源からのダメージでは、ライフは減らず毒カウンター2個")
    expect.equal((game.view(wall).counter("-1/-1"), game.view(wall).damage, game.view(wall).pt), (2, 2, (2, 2)),
                 "クリーチャーには-1/-1カウンター2個が置かれ、2/2になった")


# -- 119: life --------------------------------------------------------------------------------------------


@check("119.5@20260116.0@f7008248", "119.9@20260116.0@5036a6f8", "119.3@20260116.0@56820e5d")
def a_life_total_that_becomes_a_number(expect: Expect) -> None:
    """状況: Aのライフは10点で、「あなたがライフを得るたび、カードを1枚引く」を持つテスト用エンチャントを
    コントロールしている。
    行動: 効果によってAのライフの総量が15点になり、次に7点になる。
    結果: 15点になるときAは5点のライフを得たことになり、エンチャントの能力が1回誘発してカードを1枚引く。7点になるときは
    8点を失ったことになり、誘発しない。"""
    from kb.engine.triggers import on_event

    def gained(t: object) -> int:
        event = getattr(t, "event", None)
        source = getattr(t, "source", None)
        return int(isinstance(event, LifeChanged) and event.amount > 0 and source is not None
                   and event.player == source.controller)

    game = Game(["A", "B"])
    game.place(card("Test Life Reader", "{1}{W}", "Enchantment", TriggeredAbility(
        "Whenever you gain life, draw a card.", on_event("you gain life", (LifeChanged,), gained),
        lambda r: r.game.draw(r.controller))))
    game.players["A"].life = 10
    before = len(game.hand("A"))
    actions.set_life(game, "A", 15)
    game.resolve_stack()
    expect.equal((game.players["A"].life, len(game.hand("A"))), (15, before + 1),
                 "ライフが15点になり、5点を得たので能力が1回誘発してカードを引いた")
    actions.set_life(game, "A", 7)
    game.resolve_stack()
    expect.equal((game.players["A"].life, len(game.hand("A"))), (7, before + 1), "7点になるのはライフを失うことで、誘発しない")



@check("118.5@20260116.0@75cdd8f1", "118.5a@20260116.0@b595a915", "118.6@20260116.0@29d207bd",
       "107.4d@20260116.0@a5babebe")
def zero_cost_and_no_mana_cost(expect: Expect) -> None:
    """状況: Aの手札に、マナ・コスト{0}の《羽ばたき飛行機械》と、マナ・コストを持たないテスト用ソーサリー。マナ・プールは空。
    行動: Aがそれぞれを唱えようとする。
    結果: {0}は何も支払わずに支払えるので、飛行機械は普通に唱えられる。マナ・コストを持たない呪文はマナ・コストを
    支払って唱えることはできない。"""
    game = Game(["A", "B"])
    thopter = in_hand(game, cards.ORNITHOPTER)
    spell = game.cast("A", thopter)
    expect.that(bool(game.stack) and game.stack[-1].spell == spell, "羽ばたき飛行機械はマナを支払わずに唱えられた")
    game.resolve_stack()
    vision = in_hand(game, card("Test Vision", None, "Sorcery", spell=SpellAbility("Draw two cards.",
                                                                                 lambda r: r.game.draw(r.controller, 2))))
    expect.refused(lambda: game.cast("A", vision), "マナ・コストを持たない呪文は唱えられない")


@check("118.3b@20260116.0@dddef8db", "119.4@20260116.0@da75ef94", "118.3@20260116.0@4334317a")
def paying_life_as_a_cost(expect: Expect) -> None:
    """状況: Aは「ライフを2点支払う：カードを1枚引く」を持つテスト用アーティファクトをコントロールしている。
    行動: Aのライフが1点のときと3点のときに、その能力を起動しようとする。
    結果: ライフが1点では2点を支払えず起動できない。3点なら支払え、ライフは1点になる。"""
    game = Game(["A", "B"])
    altar = game.place(card("Test Blood Altar", "{2}", "Artifact", ActivatedAbility(
        "Pay 2 life: Draw a card.", cost("Pay 2 life"), lambda r: r.game.draw(r.controller))))
    game.players["A"].life = 1
    expect.refused(lambda: game.activate("A", altar), "ライフ1点では2点を支払えない")
    game.players["A"].life = 3
    game.activate("A", altar)
    expect.equal(game.players["A"].life, 1, "ライフを2点支払った")


@check("119.7@20260116.0@647bf6ba", "119.8@20260116.0@8cf7007c", "614.17b@20260116.0@fea89bc4")
def players_who_cant_gain_or_lose_life(expect: Expect) -> None:
    """状況: Aは「あなたはライフを得られない」、Bは「あなたはライフを失わない」テスト用エンチャントをコントロールしている。
    行動: 効果がAに3点のライフを得させ、Bに3点のライフを失わせ、《稲妻》がBに3点のダメージを与える。Bが「ライフを2点
    支払う」コストを支払おうとする。
    結果: Aのライフは増えず、Bのライフも減らない。ダメージは与えられるが、Bはライフを失わない。Bはライフを支払えない。"""
    from kb.engine.rules import CantGainLife, CantLoseLife

    game = Game(["A", "B"])
    game.place(card("Test Sulfuric Pall", "{2}", "Enchantment", StaticAbility("You can't gain life.",
                                                                             rules=(CantGainLife(),))))
    game.place(card("Test Ward of Life", "{2}", "Enchantment", StaticAbility("You can't lose life.",
                                                                            rules=(CantLoseLife(),))), player="B")
    game.gain_life("A", 3)
    game.lose_life("B", 3)
    expect.equal((game.players["A"].life, game.players["B"].life), (20, 20), "Aはライフを得られず、Bは失わない")
    bolt_source = game.place(cards.HILL_GIANT)
    dealt = game.deal_damage(bolt_source, "B", 3)
    expect.that(dealt == 3 and game.players["B"].life == 20, "3点のダメージは与えられたが、Bはライフを失わない")
    altar = game.place(card("Test Blood Altar", "{2}", "Artifact", ActivatedAbility(
        "Pay 2 life: Draw a card.", cost("Pay 2 life"), lambda r: r.game.draw(r.controller))), player="B")
    game.pass_priority_to("B")
    expect.refused(lambda: game.activate("B", altar), "ライフを失わないBはライフを支払えない")


@check("120.8@20260116.0@15b98480", "120.1@20260116.0@e2f66bfd", "120.1a@20260116.0@9472fde3")
def zero_damage_and_damage_to_a_noncreature(expect: Expect) -> None:
    """状況: Aは「このクリーチャーがダメージを受けるたび、あなたは1点のライフを得る」を持つテスト用クリーチャー（1/4）を
    コントロールしている。Bはパワー0の《羽ばたき飛行機械》と、2/2の《灰色熊》をコントロールしている。
    行動: 飛行機械が0点のダメージを、熊が2点のダメージをそのクリーチャーに与える。熊がAのアーティファクトにダメージを与えようとする。
    結果: 0点のダメージは与えられず、能力は誘発しない。2点では誘発する。クリーチャーでもプレインズウォーカーでもバトルでもない
    パーマネントはダメージを受けない。"""
    from kb.engine import is_dealt_damage

    game = Game(["A", "B"])
    sponge = game.place(card("Test Sponge", "{2}{W}", "Creature — Sponge", 1, 4, TriggeredAbility(
        "Whenever this creature is dealt damage, you gain 1 life.", is_dealt_damage(),
        lambda r: r.game.gain_life(r.controller, 1))))
    thopter = game.place(cards.ORNITHOPTER, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.deal_damage(bears, sponge, 2)
    game.resolve_stack()
    expect.equal((game.view(sponge).damage, game.players["A"].life), (2, 21), "2点のダメージで能力が誘発した")
    game.deal_damage(thopter, sponge, 0)
    game.resolve_stack()
    expect.equal((game.view(sponge).damage, game.players["A"].life), (2, 21), "0点のダメージは与えられず誘発しない")
    relic = game.place(card("Test Relic", "{2}", "Artifact"))
    expect.equal(game.deal_damage(bears, relic, 2), 0, "アーティファクトはダメージを受けない")


@check("121.2@20260116.0@95c6424a", "121.6@20260116.0@356ddab0", "121.1@20260116.0@c5a997d7")
def draws_are_replaced_one_at_a_time(expect: Expect) -> None:
    """状況: Aは「あなたが次に引くカード1枚の代わりに、あなたは何も引かない」という効果を受けている。Aのライブラリーの
    一番上はテスト用カード。
    行動: Aがカードを2枚引く。
    結果: カードは1枚ずつ引かれ、置換されるのは1枚目だけなので、Aは1枚（ライブラリーの一番上のカード）を引く。"""
    game = Game(["A", "B"])
    top = game.place(card("Test Top Card", "{1}", "Artifact"), Zone.LIBRARY, "A")
    game.create_effect("skip the next draw", replacements=[Replacement(
        "The next time you would draw a card, draw nothing instead.", Draw, lambda c, d: d.player == "A",
        lambda c, d: None, uses=1)], controller="A")
    before = len(game.hand("A"))
    game.draw("A", 2)
    expect.equal(len(game.hand("A")), before + 1, "2枚のうち1枚だけが置換され、1枚引いた")
    expect.that(any(o.card is top.card for o in game.hand("A")), "引いたのはライブラリーの一番上のカード")


@check("122.1b@20260116.0@71fc0f4d", "122.2@20260116.0@4762b045")
def keyword_counters_and_counters_left_behind(expect: Expect) -> None:
    """状況: Aの《灰色熊》に飛行カウンターと+1/+1カウンターが置かれている。
    行動: 熊が手札に戻り、もう一度戦場に出る。
    結果: カウンターがある間、熊は飛行を持つ3/3である。領域を移動するとカウンターはなくなり、戻った熊は飛行を持たない2/2。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, counters={"flying": 1, "+1/+1": 1})
    expect.that(game.view(bears).has("flying") and game.view(bears).pt == (3, 3), "飛行カウンターで飛行を持つ3/3")
    back = game.move(bears, Zone.HAND)
    assert back is not None
    again = game.put_onto_battlefield(back)
    assert again is not None
    view = game.view(again)
    expect.that(not view.counters and not view.has("flying") and view.pt == (2, 2), "戻った熊にカウンターはない")


GREEN_DISCOUNT = card("Test Grove Tender", "{1}{G}", "Creature — Elf", 1, 1, StaticAbility(
    "Creature spells you cast cost {G} less to cast.", rules=(CostChange(spells("Creature"), 0, "you", mana="{G}"),)))
"""Test: a 1/1 with "Creature spells you cast cost {G} less to cast"."""


@check("118.7c@20260116.0@e3805101", "118.7b@20260116.0@8ea6b318", "118.7f@20260116.0@ad1f5b1c",
       "118.7@20260116.0@cc151c42")
def coloured_cost_reductions(expect: Expect) -> None:
    """状況: Aは「あなたが唱えるクリーチャー・呪文を唱えるためのコストは{G}少なくなる」テスト用クリーチャーをコントロールしている。
    行動: マナ・コスト{1}{G}{G}、{2}{W}、{1}{G/P}のテスト用クリーチャー・呪文を、それぞれ{1}{G}、{1}{W}、{1}で唱える。
    結果: {G}を含むコストからは{G}が1つ減り、{G}を含まないコストからは代わりに不特定マナ1点が減り、ファイレクシア・マナ・
    シンボル{G/P}はその色のマナとして減る。どれも用意したマナちょうどで唱えられる。"""
    game = Game(["A", "B"])
    game.place(GREEN_DISCOUNT)
    for spell_cost, paid in (("{1}{G}{G}", "{C}{G}"), ("{2}{W}", "{C}{W}"), ("{1}{G/P}", "{C}")):
        creature = in_hand(game, card(f"Test Beast {spell_cost}", spell_cost, "Creature — Beast", 2, 2))
        game.add_mana("A", paid)
        game.cast("A", creature)
        expect.equal((game.players["A"].mana.total, game.players["A"].life), (0, 20),
                     f"{spell_cost}の呪文を{paid}で唱えられた（ライフは払っていない）")
        game.resolve_stack()


def _fling(resolution: Resolution) -> None:
    game = resolution.game
    sacrificed = resolution.item.options.get("sacrificed", [])
    if sacrificed and resolution.target is not None and resolution.source_id is not None:
        power = game.last_known_view(sacrificed[0]).power or 0
        game.deal_damage(resolution.source_id, resolution.target, power)


FLING = real("投げ飛ばし", card("Fling", "{1}{R}", "Instant", spell=SpellAbility(
    "As an additional cost to cast this spell, sacrifice a creature. Fling deals damage equal to the sacrificed "
    "creature's power to any target.", _fling, (any_target(),), additional=cost("Sacrifice a creature"))))


@check("118.8@20260116.0@47cbd720", "118.8d@20260116.0@3f9e885a", "601.2h@20260116.0@a3920c0b",
       "202.4@20260116.0@70a35425")
def fling_costs_a_creature_too(expect: Expect) -> None:
    """状況: Aの手札に《投げ飛ばし》（{1}{R}、追加コストとしてクリーチャー1体を生け贄に捧げる）。Aは《丘巨人》（3/3）を
    コントロールしている。別のゲームでは、Aはクリーチャーをコントロールしていない。
    行動: AがBを対象に投げ飛ばしを唱え、巨人を生け贄に捧げる。
    結果: マナ・コストと同時に追加コストを支払い、スタック上の投げ飛ばしのマナ総量は2のまま。解決するとBに巨人のパワー
    3点のダメージ。クリーチャーがいなければ追加コストを支払えず、唱えられない。"""
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT)
    fling = in_hand(game, FLING)
    give_mana(game, "A", "{1}{R}")
    spell = game.cast("A", fling, targets=["B"])
    expect.that(giant.id not in game.objects and game.players["A"].mana.total == 0,
                "{1}{R}と同時に巨人を生け贄に捧げた")
    expect.equal(game.view(spell).mana_value, 2, "追加コストでマナ・コストは変わらず、マナ総量は2")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 17, "生け贄に捧げた巨人のパワー3点のダメージ")
    game = Game(["A", "B"])
    fling = in_hand(game, FLING)
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", fling, targets=["B"]), "生け贄に捧げるクリーチャーがなければ唱えられない")


@check("122.1c@20260116.0@c9ee4c41", "122.1h@20260116.0@6f7da6dd", "122.5@20260116.0@976a474a")
def shield_and_final_counters(expect: Expect) -> None:
    """状況: Aの《灰色熊》に盾カウンターが1個、《丘巨人》に最終カウンターが1個置かれている。
    行動: 熊に《稲妻》の3点のダメージが与えられ、次に熊が破壊され、もう一度破壊される。巨人が破壊される。最後に、
    効果がAのテスト用クリーチャーの+1/+1カウンター2個を熊に移動する。
    結果: 熊はダメージの代わりに盾カウンターを失い、ダメージを負わない。盾カウンターのない熊は破壊される。巨人は墓地の
    代わりに追放される。移動したカウンターは元から取り除かれ、移動先に置かれる。"""
    from kb.engine import counter_kinds

    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, counters={"shield": 1})
    giant = game.place(cards.HILL_GIANT, counters={"final": 1})
    bolt = game.place(cards.LIGHTNING_BOLT, Zone.GRAVEYARD, "B")
    game.deal_damage(bolt, bears, 3)
    expect.equal((game.view(bears).damage, game.view(bears).counter("shield")), (0, 0),
                 "ダメージの代わりに盾カウンターが取り除かれた")
    other = game.place(card("Test Grown Beast", "{2}", "Creature — Beast", 1, 1), counters={"+1/+1": 2})
    counter_kinds.move_counters(game, other, bears, "+1/+1", 2)
    expect.equal((game.view(other).counter("+1/+1"), game.view(bears).counter("+1/+1")), (0, 2),
                 "+1/+1カウンター2個が熊に移動した")
    game.destroy(bears)
    expect.that(bears.id not in game.objects, "盾カウンターのない熊は破壊された")
    game.destroy(giant)
    expect.that(any(o.card is cards.HILL_GIANT for o in game.in_zone(Zone.EXILE)), "最終カウンターのある巨人は追放された")


@check("121.5@20260116.0@8bd71296")
def putting_a_card_into_a_hand_isnt_drawing(expect: Expect) -> None:
    """状況: Aは「あなたがカードを引くたび、あなたは1点のライフを得る」を持つテスト用エンチャントをコントロールしている。
    行動: 効果がAのライブラリーの一番上のカードをAの手札に加え、次にAがカードを1枚引く。
    結果: 「引く」と書かれていない効果で手札に加えても引いたことにはならず、誘発しない。引けば誘発する。"""
    from kb.engine import CardDrawn, on_event

    game = Game(["A", "B"])
    game.place(card("Test Reader", "{1}{U}", "Enchantment", TriggeredAbility(
        "Whenever you draw a card, you gain 1 life.",
        on_event("you draw a card", (CardDrawn,), lambda t: int(isinstance(t.event, CardDrawn)
                                                                and t.event.player == t.source.controller)),
        lambda r: r.game.gain_life(r.controller, 1))))
    top = game.players["A"].library[-1]
    game.move(top, Zone.HAND)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20, "手札に加えても引いたことにはならない")
    game.draw("A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "引けば誘発する")


TEST_LIFE_PRICE = card("Test Blood Price", "{2}{B}", "Instant",
                       AlternativeCost("You may pay 4 life rather than pay this spell's mana cost.", cost=cost(
                           "Pay 4 life")),
                       spell=SpellAbility("Draw a card.", lambda r: r.game.draw(r.controller)))
"""Test: an instant costing {2}{B} with "You may pay 4 life rather than pay this spell's mana cost" and "Draw a
card"."""


@check("118.9@20260116.0@4961c10c", "118.9b@20260116.0@21962cf6", "118.9c@20260116.0@9676c1f3",
       "118.9d@20260116.0@3ff684d6")
def an_alternative_cost(expect: Expect) -> None:
    """状況: Aの手札にマナ・コスト{2}{B}で「あなたはこの呪文のマナ・コストを支払うのではなく、4点のライフを支払ってもよい」
    を持つテスト用インスタントが2枚。戦場に《抵抗の宝球》（呪文を唱えるためのコストは{1}多くなる）がある。
    行動: Aが1枚目をマナ・コスト{2}{B}に{1}を加えて唱え、2枚目を代替コストで唱える（{1}とライフ4点を支払う）。
    結果: 代替コストは選んでも選ばなくてもよい。代替コストで唱えてもスタック上の呪文のマナ総量は3のままで、コストの増加は
    代替コストにも適用される。"""
    game = Game(["A", "B"])
    game.place(cards.SPHERE_OF_RESISTANCE)
    first = in_hand(game, TEST_LIFE_PRICE)
    second = in_hand(game, TEST_LIFE_PRICE)
    give_mana(game, "A", "{3}{B}")
    game.cast("A", first)
    expect.equal((game.players["A"].mana.total, game.players["A"].life), (0, 20), "マナ・コストと{1}で唱えた")
    game.resolve_stack()
    expect.refused(lambda: game.cast("A", second, alternative=True), "増加した{1}がなければ代替コストでも唱えられない")
    give_mana(game, "A", "{1}")
    spell = game.cast("A", second, alternative=True)
    expect.equal((game.players["A"].mana.total, game.players["A"].life), (0, 16), "{1}とライフ4点を支払って唱えた")
    expect.equal(game.view(spell).mana_value, 3, "代替コストで唱えてもマナ総量は3のまま")


def _mana_leak(resolution: Resolution) -> None:
    from kb.engine import stack as stack_rules

    game, chosen = resolution.game, resolution.target
    if not isinstance(chosen, int):
        return
    item = stack_rules.find(game, chosen)
    payer = item.controller
    wants = game.choices.ask(Choice(ChoiceKind.PAY, payer, "pay {3}?", (True, False)))
    from kb.engine.mana import ManaCost

    if not (wants and payment.pay_during_resolution(game, payer, lambda: payment.pay_mana(game, payer,
                                                                                      ManaCost.parse("{3}")))):
        stack_rules.counter(game, item)


MANA_LEAK = real("マナ漏出", card("Mana Leak", "{1}{U}", "Instant", spell=SpellAbility(
    "Counter target spell unless its controller pays {3}.", _mana_leak,
    (target_spell(),))))


@check("118.12a@20260116.0@6482409c", "118.12@20260116.0@07b5f9f5")
def mana_leak_unless_its_controller_pays(expect: Expect) -> None:
    """状況: Aが《灰色熊》を唱え、Bが《マナ漏出》でそれを対象にする。
    行動: マナ漏出が解決し、Aは{3}を支払う。別のゲームでは、Aは支払えるマナを持っていない。
    結果: {3}を支払えば熊は打ち消されない。支払わなければ（支払えなければ）打ち消される。"""
    for pays in (True, False):
        game = Game(["A", "B"])
        bears = in_hand(game, cards.GRIZZLY_BEARS)
        give_mana(game, "A", "{1}{G}")
        spell = game.cast("A", bears)
        if pays:
            game.add_mana("A", "{C}{C}{C}")
        game.pass_priority_to("B")
        leak = in_hand(game, MANA_LEAK, "B")
        give_mana(game, "B", "{1}{U}")
        game.cast("B", leak, targets=[spell])
        game.choices.script(ChoiceKind.PAY, pays, player="A")
        game.resolve_top()
        if pays:
            expect.that(any(item.id == spell for item in game.stack), "{3}を支払ったので熊は打ち消されない")
        else:
            expect.that(game.current(spell).zone is Zone.GRAVEYARD, "支払わなかったので熊は打ち消された")


@check("122.6@20260116.0@d5cf1ba1", "122.3@20260116.0@a4d61971", "704.5q@20260116.0@7a04b1ed")
def counters_put_as_it_enters_and_counters_that_cancel(expect: Expect) -> None:
    """状況: Aは「あなたがコントロールしているクリーチャーの上に+1/+1カウンターが置かれるたび、あなたは1点のライフを得る」を
    持つテスト用エンチャントをコントロールしている。Aの手札にX個の+1/+1カウンターが置かれた状態で戦場に出るテスト用ハイドラ。
    行動: AがXを2としてハイドラを唱え、戦場に出す。そのあと、ハイドラに-1/-1カウンター1個が置かれる。
    結果: カウンターが置かれた状態で戦場に出ることも「置かれる」ことなので、能力が誘発する。+1/+1カウンターと-1/-1カウンターが
    同時にあると、状況起因処理で1個ずつ取り除かれ、+1/+1カウンター1個が残る。"""
    from kb.checks.cr.cr105_mana import TEST_HYDRA
    from kb.engine import on_event
    from kb.engine.events import CountersPut

    def plus_counters_on_yours(t: object) -> int:
        event, source = getattr(t, "event", None), getattr(t, "source", None)
        seen = getattr(t, "seen", {})
        return int(isinstance(event, CountersPut) and event.kind == "+1/+1" and isinstance(event.object_id, int)
                   and event.object_id in seen and source is not None
                   and seen[event.object_id].controller == source.controller)

    game = Game(["A", "B"])
    game.place(card("Test Growth Chronicler", "{1}{G}", "Enchantment", TriggeredAbility(
        "Whenever one or more +1/+1 counters are put on a creature you control, you gain 1 life.",
        on_event("+1/+1 counters are put on a creature you control", (CountersPut,), plus_counters_on_yours),
        lambda r: r.game.gain_life(r.controller, 1))))
    hydra = in_hand(game, TEST_HYDRA)
    game.add_mana("A", "{C}{C}{G}{G}")
    game.cast("A", hydra, x=2)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "カウンターが置かれた状態で戦場に出たことで誘発した")
    permanent = game.current(hydra)
    game.put_counters(permanent, "-1/-1")
    game.refresh_priority()
    view = game.view(permanent)
    expect.equal((view.counter("+1/+1"), view.counter("-1/-1")), (1, 0), "1個ずつ取り除かれ、+1/+1カウンター1個が残った")
