"""The last rules of 601-608 the checks reach (mach6): a mana ability can't be activated again while its
own costs are being paid (605.3c); a permanent refers to the cards exiled to pay the cost of the spell it was
(607.2q); abilities printed on a token and on the object that created it can be linked (607.1d); a triggered ability of an object at no time visible to all players doesn't trigger
(603.2f); a static ability and the triggered abilities printed after it in one paragraph are linked
(603.11, 607.2h); the delayed triggered ability dash's static ability creates is controlled by the player
who cast the spell, whoever controls the permanent later (603.7g); an ability reading what was noted for an
object reads only what its linked ability noted for that object (607.2e); the delayed triggered ability a
static ability's replacement effect creates has that object as its source and is controlled by that object's
controller when the replacement applied (603.7f); whether "all" of an ability's trigger conditions happened this
turn doesn't depend on whether it triggered on them (603.1b)."""

from __future__ import annotations

from dataclasses import replace as with_changes

from kb.checks import cards
from kb.checks.cards import real
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
    StaticAbility,
    Step,
    TriggeredAbility,
    Zone,
    all_conditions,
    card,
    condition,
    cost,
    enters,
    linked,
    linked_tokens,
    notes,
    on_event,
    revealed_this_way,
    target_creature,
)
from kb.engine.cards import has_keyword, token
from kb.engine.cardtypes import CardType
from kb.engine.context import Context
from kb.engine.events import CardDrawn, Event, LifeChanged
from kb.engine.keywords_casting import DELVE_LINK
from kb.engine.linked_tokens import create_with
from kb.engine.parts import control, gain
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.selectors import permanents, this_object
from kb.engine.targets import target
from kb.engine.triggers import TriggerContext, at_beginning_of, create_delayed

MANA_PUMP = card(
    "Test Mana Pump", "{2}", "Artifact",
    ActivatedAbility("{1}: Add {C}{C}.", cost("{1}"), lambda resolution: None, mana="{C}{C}"))
"""Test: an artifact with "{1}: Add {C}{C}" (a mana ability with a mana cost and no {T})."""


@check("605.3c@20260116.0@6e402a1c", "605.3a@20260116.0@2a1cd8c7")
def a_mana_ability_cant_pay_for_itself(expect: Expect) -> None:
    """状況: Aはテスト用アーティファクト（{1}：{C}{C}を加える）と《山》をコントロールしている。
    行動: Aがアーティファクトのマナ能力を起動し、その{1}を山のマナ能力で支払う。次に、もう一度起動し、その{1}を同じ
    アーティファクトのマナ能力を起動して支払おうとする。
    結果: 1回目は山のマナで支払え、{C}{C}が加わる（プールには{C}が2点）。2回目は、起動し始めたマナ能力は解決するまで
    再び起動できないので、支払いの間に同じ能力を起動することはできず、その起動は認められない（プールは変わらない）。"""
    game = Game(["A", "B"])
    pump = game.place(MANA_PUMP)
    mountain = game.place(MOUNTAIN)
    game.activate("A", pump, 0, pay_with=[mountain])
    expect.equal(game.players["A"].mana.total, 2, "山のマナで{1}を支払い、{C}{C}が加わった")
    expect.refused(lambda: game.activate("A", pump, 0, pay_with=[pump]),
                   "起動し始めたマナ能力を、そのコストの支払い中にもう一度起動することはできない")
    expect.equal(game.players["A"].mana.total, 2, "認められなかった起動は何も変えなかった")


def _delved_a_card_with(keyword: str) -> StaticAbility:
    def delved(c: Context) -> bool:
        source = c.source
        # the cards in exile as printed: no effect there changes them, and a view would depend on this one
        printed = [c.game.objects[i].card.front for i in linked.exiled_with(c.game, source.id, DELVE_LINK)] \
            if source is not None else []
        return any(CardType.CREATURE in p.types and has_keyword(p, keyword) is not None for p in printed)

    return StaticAbility(f"If a creature card with {keyword} was exiled with this creature's delve ability, it has "
                         f"{keyword}.", (gain(keyword),), this_object(),
                         condition=condition(f"a creature card with {keyword} was exiled with its delve", delved,
                                                             reads=()))


SOULFLAYER = real("魂剥ぎ", card("Soulflayer", "{4}{B}{B}", "Creature — Demon", 4, 4, "delve",
                                 _delved_a_card_with("flying"), _delved_a_card_with("first strike")))
"""魂剥ぎ: 4/4、探査。探査で追放したカードの中に飛行を持つクリーチャー・カードがあるなら飛行を持つ（先制攻撃なども同様。
ここでは飛行と先制攻撃だけを持たせる）。"""


@check("607.2q@20260116.0@523cca47", "702.66a@20260116.0@3914c7e1")
def delve_exiles_are_linked_to_the_permanent(expect: Expect) -> None:
    """状況: Aの手札に《魂剥ぎ》（{4}{B}{B}、4/4、探査。探査で追放したカードに飛行を持つクリーチャー・カードがあるなら
    飛行を持つ。先制攻撃なども同様）。Aの墓地に《風のドレイク》（飛行）、《灰色熊》、《山》3枚。
    行動: 1つ目のゲームでは、Aが探査でドレイク、熊、山2枚を追放して{B}{B}で魂剥ぎを唱え、解決する。2つ目のゲームでは、
    ドレイクを墓地に残し、熊と山3枚を追放して唱える。
    結果: 呪文のコストを支払うために追放されたカードと、その呪文がなったパーマネントの「探査で追放された」カードを参照する
    能力は関連している。1つ目のゲームでは、戦場の魂剥ぎは飛行を持つ（先制攻撃は持たない）。2つ目のゲームでは、探査で
    追放したカードに飛行を持つものはないので、墓地にドレイクがあっても飛行を持たない。"""
    for with_drake in (True, False):
        game = Game(["A", "B"])
        drake = game.place(cards.WIND_DRAKE, Zone.GRAVEYARD, "A")
        bears = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
        mountains = [game.place(MOUNTAIN, Zone.GRAVEYARD, "A") for _ in range(3)]
        soulflayer = in_hand(game, SOULFLAYER)
        give_mana(game, "A", "{B}{B}")
        delved = [drake, bears, *mountains[:2]] if with_drake else [bears, *mountains]
        game.choices.script(ChoiceKind.OBJECTS, delved, player="A")
        game.cast("A", soulflayer)
        game.resolve_stack()
        view = game.view(game.current(soulflayer).id)
        if with_drake:
            expect.equal((view.zone, view.has("flying"), view.has("first strike")), (Zone.BATTLEFIELD, True, False),
                         "探査で飛行を持つドレイクを追放したので、戦場の魂剥ぎは飛行を持つ（先制攻撃は持たない）")
        else:
            expect.equal((game.current(drake).zone, view.has("flying")), (Zone.GRAVEYARD, False),
                         "探査で追放したカードに飛行を持つものはないので、飛行を持たない")


_JAIL = "When this enters, exile target creature an opponent controls and create a Warden token."


def _gain_the_jailed_mana_value(resolution: Resolution) -> None:
    game = resolution.game
    token = game.objects.get(resolution.source_id) if resolution.source_id is not None else None
    made = linked_tokens.maker(token) if token is not None else None
    exiled = linked.exiled_with(game, made[0], made[1]) if made is not None else []
    game.gain_life(resolution.controller, sum(game.view(i).mana_value for i in exiled))


WARDEN = token(None, "Creature — Warden", 0, 1, ActivatedAbility(
    "{2}: You gain life equal to the mana value of the card exiled with the object that created this token.",
    cost("{2}"), _gain_the_jailed_mana_value))
"""A 0/1 Warden token with "{2}: you gain life equal to the exiled card's mana value" — the card its
creator's ability exiled (607.1d)."""


def _jail(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    if source is not None:
        linked.exile_with(game, source, [game.obj(i) for i in resolution.objects(0)], link=_JAIL)
        create_with(game, source, _JAIL, WARDEN, resolution.controller)


JAILER = card("Test Jailer", "{2}{W}", "Artifact",
              TriggeredAbility(_JAIL, enters(), _jail, (target_creature(controller="opponent"),)))
"""Test: an artifact, "when this enters, exile target creature an opponent controls and create a 0/1 Warden
token with '{2}: you gain life equal to the mana value of the card exiled with [this artifact]'"."""


@check("607.1d@20260116.0@b754d599", "607.2a@20260116.0@3c63b133")
def a_token_is_linked_to_its_creator(expect: Expect) -> None:
    """状況: Bは《灰色熊》（マナ総量2）と《丘巨人》（マナ総量4）をコントロールしている。Aのテスト用アーティファクト2つは
    「これが戦場に出たとき、対戦相手がコントロールするクリーチャー1体を対象とし、それを追放し、『{2}：このトークンを生成した
    オブジェクトによって追放されているカードのマナ総量に等しい点数のライフを得る』を持つ0/1の看守・クリーチャー・トークン
    を1体生成する」を持つ。
    行動: 1つ目のアーティファクトが戦場に出て熊を、2つ目が戦場に出て巨人を追放する。Aが2つ目のトークンの能力を起動し、
    次に1つ目のトークンの能力を起動する。
    結果: トークンに印刷された能力と、そのトークンを生成した能力の発生源に印刷された能力は関連している。2つ目のトークンは
    2つ目のアーティファクトが追放した巨人を参照してAは4点を得て、1つ目のトークンは熊を参照して2点を得る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    giant = game.place(cards.HILL_GIANT, player="B")
    tokens = []
    for prisoner in (bears, giant):
        game.choices.script(ChoiceKind.TARGETS, prisoner, player="A")
        game.put_onto_battlefield(JAILER, "A")
        game.resolve_stack()
        tokens.append(next(o for o in game.battlefield("A") if o.card is WARDEN and o not in tokens))
    expect.equal((game.current(bears).zone, game.current(giant).zone), (Zone.EXILE, Zone.EXILE),
                 "それぞれのアーティファクトが1体ずつ追放した")
    gained = []
    for warden in reversed(tokens):
        life = game.players["A"].life
        give_mana(game, "A", "{2}")
        game.activate("A", warden, 0)
        game.resolve_stack()
        gained.append(game.players["A"].life - life)
    expect.equal(gained, [4, 2], "各トークンは自分を生成したアーティファクトが追放したカードを参照した（巨人4点、熊2点）")


def _drew_this(t: TriggerContext) -> int:
    return int(isinstance(t.event, CardDrawn) and t.event.card == t.source.id)


SECRET_WINDFALL = card("Test Secret Windfall", "{1}{U}", "Sorcery", TriggeredAbility(
    "When you draw this card, you gain 2 life.", on_event("when you draw this card", (CardDrawn,), _drew_this),
    lambda resolution: resolution.game.gain_life(resolution.controller, 2), zones=frozenset({Zone.HAND})),
    spell=SpellAbility("Draw a card.", lambda resolution: resolution.game.draw(resolution.controller)))
"""Test: a sorcery with "when you draw this card, you gain 2 life" (not revealed as it is drawn)."""


@check("603.2f@20260116.0@11a69767", "702.94a@20260116.0@5dba06ac", "402.3@20260116.0@d0a14781")
def a_card_no_one_else_saw_doesnt_trigger(expect: Expect) -> None:
    """状況: 3つのゲームで、Aのライブラリーの一番上にカードがあり、このターンAはまだカードを引いていない。1つ目は
    《轟く怒り》（奇跡{R}）。2つ目はテスト用ソーサリー（「あなたがこのカードを引いたとき、あなたは2点のライフを得る」。
    引くときに公開はしない）。3つ目も同じソーサリーだが、Bが《テレパシー》（対戦相手は手札を公開したままプレイする）を
    コントロールしている。
    行動: Aがカードを1枚引く（1つ目では怒りを公開する）。
    結果: 1つ目は引くに際して公開されたので、すべてのプレイヤーに見えており、奇跡の誘発型能力は誘発する。2つ目は
    ソーサリーがAにしか見えない手札に入っただけで、一度もすべてのプレイヤーに見える状態にならないので、誘発条件は
    満たされても誘発せず、Aのライフは20のまま。3つ目は手札が公開されているのですべてのプレイヤーに見え、誘発して
    Aは2点を得る。"""
    from kb.checks.cr.cr701_action_examples import TELEPATHY
    from kb.checks.cr.cr702_27_casting_keywords import THUNDEROUS_WRATH

    game = Game(["A", "B"], library=3)
    game.place(THUNDEROUS_WRATH, Zone.LIBRARY, "A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.draw("A")
    game.refresh_priority()
    expect.equal([item.text for item in game.stack], ["Miracle {R}"], "公開された怒りの奇跡は誘発した")
    for revealed in (False, True):
        game = Game(["A", "B"], library=3)
        if revealed:
            game.place(TELEPATHY, player="B")
        game.place(SECRET_WINDFALL, Zone.LIBRARY, "A")
        game.draw("A")
        game.resolve_stack()
        if revealed:
            expect.equal(game.players["A"].life, 22, "手札が公開されていてすべてのプレイヤーに見えたので、誘発して2点を得た")
        else:
            expect.equal(game.players["A"].life, 20, "一度もすべてのプレイヤーに見えなかったので誘発しなかった")


_ETCHINGS_REVEAL = "Reveal the first card you draw each turn."


def _revealed_a_creature_this_way(t: TriggerContext) -> int:
    revealed = revealed_this_way.revealed_by(t, _ETCHINGS_REVEAL)
    return int(revealed is not None and t.game.view(revealed).is_a(CardType.CREATURE))


PRIMITIVE_ETCHINGS = real("原始的刻印", card(
    "Primitive Etchings", "{2}{G}{G}", "Enchantment", revealed_this_way.RevealFirstDrawn(_ETCHINGS_REVEAL),
    TriggeredAbility("Whenever you reveal a creature card this way, draw a card.",
                     on_event("whenever you reveal a creature card this way", (revealed_this_way.RevealedThisWay,),
                              _revealed_a_creature_this_way),
                     lambda resolution: resolution.game.draw(resolution.controller))))
"""原始的刻印: エンチャント。各ターンにあなたが最初に引くカードを公開する。これによりクリーチャー・カードを公開するたび、
カードを1枚引く（1つの段落に書かれた常在型能力と誘発型能力）。"""


@check("607.2h@20260116.0@6d41b715", "603.11@20260116.0@e7d67394",
       example="603.11#1@13932ee2")
def a_trigger_refers_only_to_its_own_static_ability(expect: Expect) -> None:
    """状況: Aは《原始的刻印》を2つコントロールしている。Aのライブラリーの一番上は《灰色熊》で、このターンAはまだカードを
    引いていない。
    行動: Aがカードを1枚引く。誘発した能力をすべて解決した後、もう1枚引く。
    結果: 熊はそれぞれの刻印の常在型能力によって公開され、各刻印の誘発型能力は自分の常在型能力による公開だけを参照する
    ので、それぞれ1回ずつ、計2回誘発する（4回ではない）。Aはさらに2枚引き、手札は3枚増える。2枚目はこのターン最初に
    引いたカードではないので公開されず、何も誘発しない。"""
    game = Game(["A", "B"], library=6)
    game.place(PRIMITIVE_ETCHINGS)
    game.place(PRIMITIVE_ETCHINGS)
    game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    hand = len(game.hand("A"))
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda choice: list(choice.items), player="A")
    game.draw("A")
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "熊の公開で、各刻印の誘発型能力が1回ずつ誘発した")
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 3, "Aは熊と、誘発による2枚を引いた")
    game.draw("A")
    game.refresh_priority()
    expect.equal(len(game.stack), 0, "2枚目は公開されず、何も誘発しない")


@check("603.7g@20260116.0@43a1ac61", "702.109a@20260116.0@ee0654f7")
def dash_return_stays_with_the_caster(expect: Expect) -> None:
    """状況: Aの手札に《ゴブリンの踵裂き》（疾駆{2}{R}）。Bの手札に「クリーチャー1体を対象とし、ターン終了時まで
    そのコントロールを得る」テスト用インスタント。
    行動: Aが踵裂きを疾駆で唱え、解決する。Bがインスタントで踵裂きのコントロールを得る。終了ステップに進む。
    結果: 疾駆の常在型能力がAに疾駆で唱えることを認め、Aがそうしたので作られた遅延誘発型能力の発生源は踵裂きで、その
    コントローラーは唱えた時点のコントローラーであるA。終了ステップの開始時に、踵裂きをコントロールしているのはBだが、
    誘発した「手札に戻す」能力のコントローラーはA。解決すると踵裂きはオーナーであるAの手札に戻る。"""
    from kb.checks.cr.cr603_triggers import ACT_OF_TREASON_FOR_B
    from kb.checks.cr.cr702_27_casting_keywords import GOBLIN_HEELCUTTER

    game = Game(["A", "B"])
    heelcutter = in_hand(game, GOBLIN_HEELCUTTER)
    give_mana(game, "A", "{2}{R}")
    game.cast("A", heelcutter, alternative="dash")
    game.resolve_stack()
    permanent = game.current(heelcutter)
    game.pass_priority_to("B")
    cast(game, "B", ACT_OF_TREASON_FOR_B, [permanent])
    expect.equal(game.view(permanent.id).controller, "B", "Bが踵裂きのコントロールを得た")
    game.advance_to(Step.END)
    waiting = [(item.text, item.source_id, item.controller) for item in game.stack]
    expect.equal(waiting, [("return it to its owner's hand (dash)", permanent.id, "A")],
                 "遅延誘発型能力は発生源を踵裂きとして、唱えたAのものとして誘発した")
    game.resolve_stack()
    expect.equal(game.current(heelcutter).zone, Zone.HAND, "踵裂きはAの手札に戻った")


_TALLY = "{T}: Note the number of cards in your hand."


def _tally(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        game = resolution.game
        notes.note(game, resolution.source_id, _TALLY, len(game.hand(resolution.controller)))


def _gain_the_tally(resolution: Resolution) -> None:
    found = notes.noted(resolution.game, resolution.source_id, _TALLY) if resolution.source_id is not None else None
    resolution.game.gain_life(resolution.controller, found if isinstance(found, int) else 0)


TALLY_STONE = card("Test Tally Stone", "{2}", "Artifact",
                   ActivatedAbility(_TALLY, cost("{T}"), _tally),
                   ActivatedAbility("{2}: You gain life equal to the number noted for this artifact.", cost("{2}"),
                                    _gain_the_tally))
"""Test: an artifact with "{T}: note the number of cards in your hand" and "{2}: you gain life equal to the
number noted for this artifact" (linked, 607.2e)."""


@check("607.2e@20260116.0@4edf8e56")
def a_note_is_read_by_its_linked_ability(expect: Expect) -> None:
    """状況: Aはテスト用アーティファクト2つ（「{T}：あなたの手札のカードの枚数を記録する」と「{2}：あなたはこの
    アーティファクトについて記録された数に等しい点数のライフを得る」）をコントロールしている。Aの手札は3枚。
    行動: Aが1つ目の{T}能力を起動する（3を記録）。Aがカードを2枚引き、2つ目の{T}能力を起動する（5を記録）。次に1つ目の
    {2}能力を起動する。
    結果: 2つ目の能力は、同じオブジェクトの1つ目の能力の結果として記録された情報だけを参照する。1つ目のアーティファクト
    について記録されたのは3なので、Aは（5ではなく）3点のライフを得る。"""
    game = Game(["A", "B"], library=5)
    first, second = game.place(TALLY_STONE), game.place(TALLY_STONE)
    for _ in range(3 - len(game.hand("A"))):
        in_hand(game, MOUNTAIN)
    game.activate("A", first, 0)
    game.resolve_stack()
    game.draw("A", 2)
    game.activate("A", second, 0)
    game.resolve_stack()
    give_mana(game, "A", "{2}")
    game.activate("A", first, 1)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "1つ目について記録された3点のライフを得た")


_HARBOR = "If a nontoken creature you control would die, exile it instead and return it at the next end step."


def _harbor() -> Replacement:
    def applies(context: ReplacementContext, move: Move) -> bool:
        obj = context.game.objects.get(move.object_id)
        you = context.context.you
        return (obj is not None and obj.zone is Zone.BATTLEFIELD and move.to_zone is Zone.GRAVEYARD
                and not obj.card.is_token and context.game.view(obj.id).controller == you
                and context.game.view(obj.id).is_a(CardType.CREATURE))

    def replace(context: ReplacementContext, move: Move) -> Move:
        game, source, you = context.game, context.context.source, context.context.you
        dying = game.objects[move.object_id]

        def back(resolution: Resolution) -> None:
            returned = resolution.game.current(dying)
            if returned.zone is Zone.EXILE:
                resolution.game.put_onto_battlefield(returned, returned.owner)

        if source is not None and you is not None:
            create_delayed(game, "return the exiled creature to the battlefield", at_beginning_of(Step.END, "each"),
                           back, you, source=source.id)
        return with_changes(move, to_zone=Zone.EXILE)

    return Replacement(_HARBOR, Move, applies, replace, pure=False)


SPIRIT_HARBOR = card("Test Spirit Harbor", "{2}{W}", "Enchantment", StaticAbility(_HARBOR, replacements=(_harbor(),)))
"""Test: an enchantment, "if a nontoken creature you control would die, exile it instead; return it to the
battlefield under its owner's control at the beginning of the next end step"."""

SEIZE_PERMANENT = card("Test Seize Permanent", "{2}{U}", "Instant", spell=SpellAbility(
    "Gain control of target permanent.",
    lambda r: r.create_effect("gain control", [control(r.controller)], r.targets(0)), (target(permanents()),)))
"""Test: an instant, "gain control of target permanent"."""


@check("603.7f@20260116.0@01b8120f", "614.1a@20260116.0@200be777")
def a_replacements_delayed_trigger_keeps_its_controller(expect: Expect) -> None:
    """状況: Aはテスト用エンチャント（「あなたがコントロールするトークンでないクリーチャーが死亡するなら、代わりにそれを
    追放し、次の終了ステップの開始時に戦場に戻す」）と《灰色熊》をコントロールしている。Bの手札に「パーマネント1つを対象とし、
    そのコントロールを得る」テスト用インスタント。
    行動: 熊が破壊される。Bがインスタントでエンチャントのコントロールを得る。終了ステップに進む。
    結果: 熊は墓地に置かれる代わりに追放される。置換効果が作った遅延誘発型能力の発生源はエンチャントで、コントローラーは
    置換効果を適用した時点のエンチャントのコントローラーであるA。終了ステップの開始時、エンチャントをコントロールしているのは
    Bだが、誘発した能力のコントローラーはA。解決すると熊はAのコントロールで戦場に戻る。"""
    game = Game(["A", "B"])
    harbor = game.place(SPIRIT_HARBOR)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.destroy(bears)
    expect.equal(game.current(bears).zone, Zone.EXILE, "熊は墓地に置かれる代わりに追放された")
    game.pass_priority_to("B")
    cast(game, "B", SEIZE_PERMANENT, [harbor])
    expect.equal(game.view(harbor).controller, "B", "Bがエンチャントのコントロールを得た")
    game.advance_to(Step.END)
    waiting = [(item.text, item.source_id, item.controller) for item in game.stack]
    expect.equal(waiting, [("return the exiled creature to the battlefield", harbor.id, "A")],
                 "遅延誘発型能力はエンチャントを発生源として、置換効果を適用した時点のコントローラーAのものとして誘発した")
    game.resolve_stack()
    returned = game.current(bears)
    expect.equal((returned.zone, game.view(returned.id).controller), (Zone.BATTLEFIELD, "A"), "熊はAの戦場に戻った")


def _your_life_changed(t: TriggerContext) -> int:
    e = t.event
    return int(isinstance(e, LifeChanged) and e.player == t.source.controller and e.amount != 0)


def _gained_and_lost(c: Context) -> bool:
    you = c.you

    def gained(e: Event) -> bool:
        return isinstance(e, LifeChanged) and e.player == you and e.amount > 0

    def lost(e: Event) -> bool:
        return isinstance(e, LifeChanged) and e.player == you and e.amount < 0

    source = c.source.id if c.source is not None else None
    return all_conditions.all_happened_this_turn(c.game, source, (gained, lost))


TWOFOLD_SCHOLAR = card("Test Twofold Scholar", "{1}{W}{B}", "Creature — Human Cleric", 2, 2, TriggeredAbility(
    "Whenever you gain life or lose life, if you've both gained and lost life this turn, draw a card.",
    on_event("whenever you gain life or lose life", (LifeChanged,), _your_life_changed),
    lambda resolution: resolution.game.draw(resolution.controller),
    condition=condition("you've both gained and lost life this turn", _gained_and_lost)))
"""Test: a 2/2, "whenever you gain life or lose life, if you've both gained and lost life this turn, draw a card"."""


@check("603.1b@20260116.0@15841553", "603.4@20260116.0@3b5b8ab9")
def all_conditions_count_before_the_ability_existed(expect: Expect) -> None:
    """状況: このターン、Aはすでに2点のライフを得ている。その後、Aのテスト用クリーチャー（「あなたがライフを得るか失うたび、
    このターンにあなたがライフを得ていて、かつ失っているなら、カードを1枚引く」）が戦場に出る。
    行動: Aが1点のライフを失う。比較のため、別のゲームでは、ライフを得ていないAがクリーチャーをコントロールしていて1点を失う。
    結果: 「すべて」の誘発条件が起きたかは、その能力がそれらで誘発したかではなく、その期間に起きたかを見る。ライフを得たのは
    クリーチャーが戦場に出る前だが、このターンに得て失っているので、Aはカードを1枚引く。別のゲームでは失っただけなので、
    誘発しても条件を満たさず、引かない。"""
    game = Game(["A", "B"], library=5)
    game.gain_life("A", 2)
    game.put_onto_battlefield(TWOFOLD_SCHOLAR, "A")
    hand = len(game.hand("A"))
    game.lose_life("A", 1)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 1, "戦場に出る前に得たライフも数え、Aは1枚引いた")
    game = Game(["A", "B"], library=5)
    game.put_onto_battlefield(TWOFOLD_SCHOLAR, "A")
    hand = len(game.hand("A"))
    game.lose_life("A", 1)
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand, "失っただけでは条件を満たさず、引かなかった")
