"""Casting and triggers, more of the machinery of 601-608: dividing damage among targets as a spell
is cast (601.2d), modal triggered abilities whose modes are chosen as they are put on the stack
(603.3c, 700.2b)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr601_casting import LLANOWAR_ELVES
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    GameObject,
    StaticAbility,
    TriggeredAbility,
    Zone,
    card,
    cost,
    creatures,
    enters,
    leaves,
    permanents,
    this_object,
    token,
    where,
    zones,
)
from kb.engine.basics import ObjectId
from kb.engine.choices import Choice
from kb.engine.division import DividedSpell, division_of
from kb.engine.events import ZoneChanged
from kb.engine.keyword_actions import scry
from kb.engine.linked_tokens import create_with, created_with, made_by
from kb.engine.mana_abilities import ManaOutput, Production
from kb.engine.modal_triggers import ModalTriggered
from kb.engine.modes import Mode
from kb.engine.replacement import as_enters_choose, chosen_for
from kb.engine.selectors import Filter
from kb.engine.stack import Resolution
from kb.engine.targets import TargetSpec, any_target, target
from kb.engine.triggers import cast as cast_trigger

FORKED_BOLT = real("二股の稲妻", card("Forked Bolt", "{R}", "Sorcery", spell=DividedSpell(
    "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
    targets=(TargetSpec("one or two targets", any_target().objects, "any", count=None, up_to=2),), amount=2)))



@check("601.2d@20260116.0@b9c01134", "608.2b@20260116.0@47734daf", "601.2c@20260116.0@eb811b42")
def damage_is_divided_as_the_spell_is_cast(expect: Expect) -> None:
    """状況: Bは《灰色熊》（2/2）と《ラノワールのエルフ》（1/1）をコントロールしている。Aの手札に《二股の稲妻》（1つか2つを対象とし、
    2点のダメージを望むように分割して割り振る）がある。
    行動: Aは熊とエルフを対象に二股の稲妻を唱え、唱える時点で熊に1点、エルフに1点と割り振る（熊に2点、エルフに0点という分割は
    できない）。それに対応してBがエルフを《ショック》で破壊してから、二股の稲妻が解決する。
    結果: 割り振りは唱えたときに決まっている。エルフが不正な対象になっても、その1点が熊に回されることはなく、熊は1点だけ受けて
    生き残る。"""
    game = Game(["A", "B"])
    bear = game.place(cards.GRIZZLY_BEARS, player="B")
    elf = game.place(LLANOWAR_ELVES, player="B")
    bolt = in_hand(game, FORKED_BOLT)
    give_mana(game, "A", "{R}")
    legal: list[bool] = []

    def divide(choice: Choice) -> dict[GameObject, int]:
        assert choice.accepts is not None
        legal.extend(choice.accepts(d) for d in ({bear: 2, elf: 0}, {bear: 1, elf: 1}))
        return {bear: 1, elf: 1}

    game.choices.script(ChoiceKind.DIVISION, divide, player="A")
    spell = game.cast("A", bolt, targets=[[bear, elf]])
    expect.equal(legal, [False, True], "熊に2点・エルフに0点とは割り振れず、1点ずつなら割り振れる")
    expect.equal(dict(division_of(game.objects[spell])), {bear.id: 1, elf.id: 1}, "唱える時点で1点ずつに割り振った")
    cast(game, "B", cards.SHOCK, [elf], resolve=False)
    game.resolve_stack()
    expect.equal(game.current(elf).zone, Zone.GRAVEYARD, "エルフはショックで破壊された")
    now = game.current(bear)
    expect.equal((now.zone, game.view(now).damage if now.zone is Zone.BATTLEFIELD else None), (Zone.BATTLEFIELD, 1),
                 "熊は割り振られた1点だけを受けて生き残る（エルフの分は回されない）")


def _gain_three(resolution: Resolution, mine: tuple[int, ...]) -> None:
    resolution.game.gain_life(resolution.controller, 3)


def _scry_two(resolution: Resolution, mine: tuple[int, ...]) -> None:
    scry(resolution.game, resolution.controller, 2)


def _exile_and_return(resolution: Resolution, mine: tuple[int, ...]) -> None:
    game = resolution.game
    for object_id in resolution.objects(mine[0]):
        exiled = zones.move(game, game.objects[object_id], Zone.EXILE)
        if exiled is not None:
            zones.move(game, exiled, Zone.BATTLEFIELD, controller=resolution.controller)


def _another_creature_you_own() -> TargetSpec:
    return target(creatures(owner="you", other=True), "another target creature you own")


CHARMING_PRINCE = real("魅力的な王子", card("Charming Prince", "{1}{W}", "Creature — Human Noble", 2, 2, ModalTriggered(
    "When Charming Prince enters, choose one — Scry 2; or you gain 3 life; or exile another target creature you own, "
    "then return it to the battlefield under your control.", enters(this_object()),
    modes=(Mode("Scry 2.", _scry_two), Mode("You gain 3 life.", _gain_three),
           Mode("Exile another target creature you own, then return it.", _exile_and_return,
                (_another_creature_you_own(),))))))


def _destroy(resolution: Resolution, mine: tuple[int, ...]) -> None:
    resolution.game.destroy(*resolution.objects(mine[0]))


RUST_OR_ROT = card("Rust or Rot", "{1}{G}", "Creature — Elemental", 2, 2, ModalTriggered(
    "When this creature enters, choose one — Destroy target artifact; or destroy target enchantment.",
    enters(this_object()),
    modes=(Mode("Destroy target artifact.", _destroy, (target(permanents("Artifact")),)),
           Mode("Destroy target enchantment.", _destroy, (target(permanents("Enchantment")),)))))
"""A made-up creature whose every mode needs a target."""


@check("603.3c@20260116.0@45dfc466", "700.2b@20260116.0@655a67e6", "700.2c@20260116.0@e9b5a603",
       "603.3d@20260116.0@4f0ac0b5")
def modes_of_a_triggered_ability_are_chosen_as_it_goes_on_the_stack(expect: Expect) -> None:
    """状況: Aは《魅力的な王子》（戦場に出たとき、占術2、3点のライフを得る、あなたがオーナーである他のクリーチャー1体を対象とし
    明滅させる、から1つを選ぶ）を2枚と、「戦場に出たとき、アーティファクト1つを対象とし破壊するか、エンチャント1つを対象とし
    破壊するかを選ぶ」架空のクリーチャーを唱える。どちらの戦場にもアーティファクトもエンチャントもない。
    行動: 1枚目の王子が出たとき、Aの他のクリーチャーはいない。2枚目の王子が出たとき、1枚目を対象とする明滅のモードを選ぶ。
    戻った王子の能力ではライフを選ぶ。そのあと架空のクリーチャーを唱える。
    結果: 1枚目の誘発型能力では対象を選べない明滅のモードは選べず、占術とライフのどちらかから選ぶ（ライフを選んで3点得る）。
    2枚目ではスタックに積む時点で明滅のモードと対象が決まり、解決で1枚目の王子は新しいオブジェクトとして戻る。架空のクリーチャー
    の能力はどのモードも選べず、スタックに積まれない。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MODE, (1,), player="A")
    first = cast(game, "A", CHARMING_PRINCE)
    offered = [c.items for c, _ in game.choices.asked if c.kind is ChoiceKind.MODE]
    expect.equal(offered, [(0, 1)], "対象を選べない3つ目のモードは選択肢にない")
    expect.equal(game.players["A"].life, 23, "ライフを得るモードを選び、3点得た")
    game.choices.script(ChoiceKind.MODE, (2,), player="A")
    cast(game, "A", CHARMING_PRINCE, resolve=False)
    game.resolve_top()  # the second Prince resolves; its trigger goes on the stack as A would get priority
    game.refresh_priority()
    trigger = game.stack[-1]
    expect.equal((trigger.options.get("modes"), trigger.targets), ((2,), ((first,),)),
                 "スタックに積む時点で明滅のモードとその対象が選ばれている")
    game.choices.script(ChoiceKind.MODE, (1,), player="A")  # the returned Prince's own trigger
    game.resolve_stack()
    returned = [o for o in game.battlefield() if o.card is CHARMING_PRINCE and o.id != first]
    expect.that(first not in game.objects, "1枚目の王子は戦場を離れた")
    expect.equal(len(returned), 2, "1枚目の王子は新しいオブジェクトとして戦場に戻った")
    cast(game, "A", RUST_OR_ROT, resolve=False)
    game.resolve_top()
    game.refresh_priority()
    expect.equal(len(game.stack), 0, "どのモードも選べない誘発型能力はスタックから取り除かれる")


STANGG_TWIN = token("Stangg Twin", "Legendary Creature — Human Warrior", 3, 4, colors="RG")
_TWIN = "When Stangg enters, create Stangg Twin."


def _exile_that_token(resolution: Resolution) -> None:
    if resolution.source_id is not None:
        resolution.game.exile(*created_with(resolution.game, resolution.source_id, _TWIN))


def _sacrifice_stangg(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None and source in resolution.game.objects:
        resolution.game.sacrifice(resolution.controller, source)


def _that_token() -> Filter:
    return where("the token created with this", lambda c, o: c.source is not None
                 and made_by(c.game, c.source.id, _TWIN, o.id), ("abilities",))


STANGG = real("スタング", card(
    "Stangg", "{4}{R}{G}", "Legendary Creature — Human Warrior", 3, 4,
    TriggeredAbility("When Stangg enters, create Stangg Twin, a legendary 3/4 red and green Human Warrior creature "
                     "token.", enters(this_object()),
                     lambda r: create_with(r.game, r.source_id or -1, _TWIN, STANGG_TWIN, r.controller)),
    TriggeredAbility("When Stangg leaves the battlefield, exile that token.", leaves(), _exile_that_token),
    TriggeredAbility("When that token leaves the battlefield, sacrifice Stangg.", leaves(_that_token()),
                     _sacrifice_stangg)))


@check("607.2c@20260116.0@b5d6693c", "607.1@20260116.0@9335d4d4", "603.10a@20260116.0@ea7c52c5")
def the_token_created_with_this(expect: Expect) -> None:
    """状況: AとBはそれぞれ《スタング》（戦場に出たとき、伝説の3/4のトークン「スタングの双子」を生成する。スタングが戦場を離れた
    とき、そのトークンを追放する。そのトークンが戦場を離れたとき、スタングを生け贄に捧げる）を戦場に出し、それぞれ双子を得る。
    行動: Aのスタングが破壊される。そのあとBの双子が破壊される。
    結果: Aのスタングの能力が追放するのは、Aのスタングが生成した双子だけで、Bの双子は残る。Bの双子が戦場を離れると、それを
    生成したBのスタングだけが生け贄に捧げられる。"""
    game = Game(["A", "B"])
    stanggs, twins = {}, {}
    for player in ("A", "B"):
        entered = game.put_onto_battlefield(STANGG, player)
        assert entered is not None
        stanggs[player] = entered
        game.resolve_stack()
        [twins[player]] = [o for o in game.battlefield(player) if o.card is STANGG_TWIN]
    game.destroy(stanggs["A"])
    game.resolve_stack()
    exiled = [e.old_id for e in game.events(ZoneChanged) if e.to_zone is Zone.EXILE]
    expect.equal(exiled, [twins["A"].id], "Aのスタングが離れ、Aのスタングが生成した双子だけが追放された")
    expect.equal(twins["B"].id in game.objects, True, "Bの双子はAのスタングの能力の影響を受けない")
    game.destroy(twins["B"])
    game.resolve_stack()
    expect.equal(game.current(stanggs["B"]).zone, Zone.GRAVEYARD, "Bの双子が離れたので、それを生成したBのスタングが生け贄になった")


def _chosen_color(game: Game, source: ObjectId) -> str | None:
    found = chosen_for(game, source, "color")
    return found if isinstance(found, str) else None


def _of_the_chosen_color() -> Filter:
    return where("spell of the chosen color", lambda c, o: c.source is not None
                 and _chosen_color(c.game, c.source.id) in o.colors, ("colors",), (Zone.STACK,))


def _may_gain_one(resolution: Resolution) -> None:
    game = resolution.game
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "gain 1 life", (True, False))):
        game.gain_life(resolution.controller, 1)


def _mana_of_the_chosen_color(production: Production) -> tuple[str, ...]:
    chosen = _chosen_color(production.game, production.source.id)
    return (f"{{{chosen}}}",) if chosen is not None else ()


PARADISE_PLUME = real("極楽の羽飾り", card(
    "Paradise Plume", "{4}", "Artifact",
    StaticAbility("As Paradise Plume enters, choose a color.", replacements=(as_enters_choose(
        ChoiceKind.COLOR, lambda g: ("W", "U", "B", "R", "G"), "color", "As Paradise Plume enters, choose a color."),)),
    TriggeredAbility("Whenever a player casts a spell of the chosen color, you may gain 1 life.",
                     cast_trigger(_of_the_chosen_color()), _may_gain_one),
    ActivatedAbility("{T}: Add one mana of the chosen color.", cost("{T}"),
                     mana=ManaOutput("one mana of the chosen color", _mana_of_the_chosen_color))))


@check("607.4@20260116.0@af9f6129", "607.2d@20260116.0@60c6b891", "607.1@20260116.0@9335d4d4",
       example="607.4#1@b019a8bc")
def one_ability_in_two_linked_pairs(expect: Expect) -> None:
    """状況: Aは《極楽の羽飾り》（戦場に出るに際し色1色を選ぶ。プレイヤーが選ばれた色の呪文を唱えるたび、あなたは1点のライフを
    得てもよい。{T}: 選ばれた色のマナ1点を加える）を2つ、1つ目は赤、2つ目は緑を選んで戦場に出す。
    行動: Aが1つ目の羽飾りからマナを出す。Bが《ショック》（赤）を唱える。
    結果: 1つ目の羽飾りは赤マナを出す。ショックで誘発するのは赤を選んだ1つ目の羽飾りだけで、Aは1点だけ得る。色を選ぶ能力は
    誘発型能力ともマナ能力とも関連していて、どちらもその羽飾りで選ばれた色だけを参照する。"""
    game = Game(["A", "B"])
    plumes = []
    for color in ("R", "G"):
        game.choices.script(ChoiceKind.COLOR, color, player="A")
        entered = game.put_onto_battlefield(PARADISE_PLUME, "A")
        assert entered is not None
        plumes.append(entered)
    game.activate("A", plumes[0])
    expect.equal((game.players["A"].mana.amount("R"), game.players["A"].mana.amount("G")), (1, 0),
                 "赤を選んだ羽飾りは赤マナを出した")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.pass_priority_to("B")
    cast(game, "B", cards.SHOCK, ["B"])
    expect.equal(game.players["A"].life, 21, "赤の呪文で誘発したのは赤を選んだ羽飾りだけで、Aは1点得た")
