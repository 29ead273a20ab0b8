"""Meld (701.42) and melded permanents (712.4, 712.8g, 712.21): the CR's examples with
《夜深の死体あさり》 and 《墓ネズミ》, which meld into 《騒がしい徒党》."""

from __future__ import annotations

from dataclasses import replace

from kb.checks.cards import GRIZZLY_BEARS, POOL, real
from kb.checks.cr.cr108_objects import MIMIC_VAT
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    CardType,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    at_beginning_of,
    attached_to_this,
    card,
    condition,
    create_delayed,
    creatures,
    dies,
    enters,
    face,
    gain,
    instead_to,
    linked,
    modify_pt,
    put_into_graveyard_from_anywhere,
    target_creature,
    this_object,
    where,
    zones,
)
from kb.engine import meld as melding
from kb.engine.cardtypes import CREATURE_TYPES
from kb.engine.choices import Choice
from kb.engine.context import Context, Seeable
from kb.engine.objects import GameObject
from kb.engine.parts import Layer, LayerPart, Op, SetPT, SetSubtypes
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.selectors import EVERYTHING


def _both_there(context: Context) -> bool:
    """"If you both own and control Graf Rats and a creature named Midnight Scavengers"."""
    source, you = context.source, context.you
    if source is None or you is None:
        return False
    mine = [v for v in context.states.values() if v.zone is Zone.BATTLEFIELD and v.controller == you
            and context.game.objects[v.id].owner == you]
    return any(v.id == source.id for v in mine) and any(v.name == "Midnight Scavengers" and v.is_a(CardType.CREATURE)
                                                        for v in mine)


def _exile_and_meld(resolution: Resolution) -> None:
    game, you = resolution.game, resolution.controller
    rats = resolution.source_id
    scavengers = next((o for o in game.battlefield(you) if game.view(o.id).name == "Midnight Scavengers"
                       and o.owner == you), None)
    if rats is None or rats not in game.objects or scavengers is None:
        return
    exiled = game.exile(rats, scavengers)  # "exile them, then meld them into Chittering Host"
    found = [o for o in exiled if o is not None]
    if len(found) == 2:
        melding.meld(game, you, found[0], found[1])


def _host_enters(resolution: Resolution) -> None:
    others = creatures(controller="you", other=True)
    resolution.create_effect("other creatures you control get +1/+0 and gain menace until end of turn",
                             [modify_pt(1, 0), gain("menace")], others, UntilEndOfTurn())


CHITTERING_HOST = face("Chittering Host", None, "Creature — Eldrazi Horror", 5, 6, "menace", TriggeredAbility(
    "When this creature enters, other creatures you control get +1/+0 and gain menace until end of turn.",
    enters(), _host_enters), colors="B")
"""騒がしい徒党: the combined back face (a black 5/6 with menace)."""

MIDNIGHT_SCAVENGERS, GRAF_RATS = melding.meld_pair(
    CHITTERING_HOST,
    card("Midnight Scavengers", "{4}{B}", "Creature — Zombie", 3, 3),
    card("Graf Rats", "{2}{B}", "Creature — Rat", 2, 1, TriggeredAbility(
        "At the beginning of combat on your turn, if you both own and control this creature and a creature named "
        "Midnight Scavengers, exile them, then meld them into Chittering Host.",
        at_beginning_of(Step.BEGINNING_OF_COMBAT, "you"), _exile_and_meld,
        condition=condition("you both own and control it and a creature named Midnight Scavengers", _both_there))))
real("夜深の死体あさり", MIDNIGHT_SCAVENGERS)
real("墓ネズミ", GRAF_RATS)
POOL.japanese["騒がしい徒党"] = "Chittering Host"  # the combined back face, named in the statements
"""夜深の死体あさり (its ability returning a creature card from the graveyard is left out) and 墓ネズミ."""


def melded_host(game: Game, player: str = "A") -> GameObject:
    """A Chittering Host on the battlefield: the two cards melded (701.42a) from exile."""
    scavengers = game.place(MIDNIGHT_SCAVENGERS, Zone.EXILE, player)
    rats = game.place(GRAF_RATS, Zone.EXILE, player)
    host = melding.meld(game, player, scavengers, rats)
    assert host is not None
    game.resolve_stack()  # its entering ability
    return host


@check("701.42a@20260116.0@2545fbb6", "712.4a@20260116.0@70eed938", "712.8g@20260116.0@010a48fe",
       "712.14c@20260116.0@e8d08828")
def two_cards_meld_into_one_permanent(expect: Expect) -> None:
    """状況: Aの戦場に《夜深の死体あさり》（3/3）と《墓ネズミ》（2/1。あなたの戦闘開始時に、これと死体あさりを
    オーナーとしてコントロールしているなら、両方を追放して《騒がしい徒党》に合体させる）と《灰色熊》。
    行動: Aのターンの戦闘開始ステップになり、墓ネズミの能力が解決する。
    結果: 2枚は1つのパーマネント《騒がしい徒党》として戦場に出る。それは黒の5/6で威迫を持ち、マナ総量は2枚の表面の
    マナ総量の合計の8。徒党が戦場に出たときの能力で熊は3/2になる。"""
    game = Game(["A", "B"])
    game.place(MIDNIGHT_SCAVENGERS, player="A")
    game.place(GRAF_RATS, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.resolve_stack()
    [host] = [o for o in game.battlefield("A") if o.id != bears.id]
    seen = game.view(host)
    expect.equal((seen.name, seen.pt, seen.has("menace")), ("Chittering Host", (5, 6), True),
                 "2枚は1つのパーマネント、威迫を持つ5/6の騒がしい徒党になった")
    expect.equal(seen.mana_value, 8, "マナ総量は2枚の表面のマナ総量の合計の8")
    expect.that(melding.is_melded(host) and not game.in_zone(Zone.EXILE), "1つのパーマネントは2枚のカードで表される")
    expect.equal(game.view(bears).pt, (3, 2), "徒党が戦場に出たときの能力が誘発し、熊は3/2になった")


@check("701.42c@20260116.0@8a429562", "701.42b@20260116.0@7c1e25c0", example="701.42c#1@4073b8ff")
def a_token_copy_cant_be_melded(expect: Expect) -> None:
    """状況: Aは《夜深の死体あさり》と、《墓ネズミ》のコピーであるトークンをオーナーとしてコントロールしている。
    行動: Aのターンの戦闘開始時に、トークンの墓ネズミの能力が解決する。
    結果: 両方とも追放されるが、トークンは合体できないので合体しない。死体あさりは追放されたままで、追放されたトークンは
    状況起因処理で消滅する。"""
    game = Game(["A", "B"])
    scavengers = game.place(MIDNIGHT_SCAVENGERS, player="A")
    [rats_copy] = zones.create_tokens(game, GRAF_RATS, "A")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    game.resolve_stack()
    expect.that(game.current(scavengers).zone is Zone.EXILE, "死体あさりは追放され、追放されたまま")
    expect.that(not game.battlefield("A"), "騒がしい徒党は戦場に出ていない")
    expect.that(rats_copy.id not in game.objects and not [o for o in game.objects.values() if o.is_token],
                "追放されたトークンは消滅した")


def _gain_one(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 1)


TEST_MOURNER = card("Test Mourner", "{1}{B}", "Enchantment", TriggeredAbility(
    "Whenever a creature dies, you gain 1 life.", dies(creatures()), _gain_one))
"""Test: whenever a creature dies, its controller gains 1 life."""

TEST_GRAVE_COUNTER = card("Test Grave Counter", "{1}{B}", "Enchantment", TriggeredAbility(
    "Whenever a card is put into a graveyard from anywhere, you gain 1 life.",
    put_into_graveyard_from_anywhere(where("a card", lambda c, o: not c.game.objects[o.id].is_token
                                           if o.id in c.game.objects else True, (), zones=tuple(Zone))), _gain_one))
"""Test: whenever a card is put into a graveyard from anywhere, its controller gains 1 life."""


@check("712.21@20260116.0@4c15f8de", "712.21e@20260116.0@8b3de9d6", example="712.21#1@954028ad")
def a_melded_permanent_dies_as_one_permanent_and_two_cards(expect: Expect) -> None:
    """状況: Aの戦場に合体した《騒がしい徒党》。Bは「クリーチャーが死亡するたび、あなたは1点のライフを得る」テスト用の
    エンチャントを、Aは「カードがいずこかから墓地に置かれるたび、あなたは1点のライフを得る」テスト用のエンチャントを
    コントロールしている。
    行動: 徒党が破壊される。
    結果: 死亡したパーマネントは1つなので、Bの能力は1回誘発する。墓地に置かれたカードは《夜深の死体あさり》と
    《墓ネズミ》の2枚なので、Aの能力は2回誘発する。"""
    game = Game(["A", "B"])
    host = melded_host(game)
    game.place(TEST_MOURNER, player="B")
    game.place(TEST_GRAVE_COUNTER, player="A")
    game.destroy(host)
    game.resolve_stack()
    expect.equal(sorted(game.view(o.id).name or "" for o in game.graveyard("A")), ["Graf Rats", "Midnight Scavengers"],
                 "墓地には2枚のカードが置かれた")
    expect.equal(game.players["A"].life, 22, "カードが墓地に置かれたことで2回誘発した")
    expect.equal(game.players["B"].life, 21, "クリーチャーの死亡では1回だけ誘発した")


def _journey(resolution: Resolution) -> None:
    game = resolution.game
    for chosen in resolution.objects(0):
        game.exile(chosen)

        def back(later: Resolution, exiled_from: int = chosen) -> None:
            found = [later.game.objects[i] for i in melding.found_cards(later.game, exiled_from)
                     if later.game.objects[i].zone is Zone.EXILE]
            zones.move_all(later.game, found, Zone.BATTLEFIELD, counters={"+1/+1": 1})

        create_delayed(game, "At the beginning of the next end step, return that card to the battlefield under its "
                       "owner's control with a +1/+1 counter on it.", at_beginning_of(Step.END, "each"), back,
                       resolution.controller, source=resolution.source_id)


OTHERWORLDLY_JOURNEY = real("来世への旅", card("Otherworldly Journey", "{1}{W}", "Instant — Arcane", spell=SpellAbility(
    "Exile target creature. At the beginning of the next end step, return that card to the battlefield under its "
    "owner's control with a +1/+1 counter on it.", _journey, (target_creature(),))))


@check("712.21c@20260116.0@3e90a081", example="712.21c#1@3837799f")
def an_exiled_melded_permanent_returns_as_both_cards(expect: Expect) -> None:
    """状況: Aの戦場に合体した《騒がしい徒党》。
    行動: Bが徒党を対象に《来世への旅》（クリーチャー1体を追放し、次の終了ステップの開始時にそのカードを+1/+1カウンター
    1個が置かれた状態でオーナーのコントロールで戦場に戻す）を唱える。終了ステップになる。
    結果: 徒党は追放され、2枚のカードになる。終了ステップの開始時に、《夜深の死体あさり》と《墓ネズミ》の両方が
    それぞれ+1/+1カウンター1個が置かれて戦場に戻る（4/4と3/2）。"""
    game = Game(["A", "B"])
    host = melded_host(game)
    held = in_hand(game, OTHERWORLDLY_JOURNEY, "B")
    give_mana(game, "B", "{1}{W}")
    game.pass_priority_to("B")
    game.cast("B", held, targets=[host])
    game.resolve_stack()
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice: list(choice.items), player="A")
    expect.equal(sorted(game.view(o.id).name or "" for o in game.in_zone(Zone.EXILE, "A")),
                 ["Graf Rats", "Midnight Scavengers"], "徒党は追放され、2枚のカードになった")
    game.advance_to(Step.END)
    game.resolve_stack()
    back = {game.view(o.id).name: (game.view(o.id).pt, o.counter("+1/+1")) for o in game.battlefield("A")}
    expect.equal(back, {"Midnight Scavengers": ((4, 4), 1), "Graf Rats": ((3, 2), 1)},
                 "両方のカードがそれぞれ+1/+1カウンター1個とともに戦場に戻った")


def _false_demise(resolution: Resolution) -> None:
    event = resolution.event
    old = getattr(event, "old_id", None)
    if old is None:
        return
    found = [resolution.game.objects[i] for i in melding.found_cards(resolution.game, old)
             if resolution.game.objects[i].zone is Zone.GRAVEYARD]
    zones.move_all(resolution.game, found, Zone.BATTLEFIELD, controller=resolution.controller)


FALSE_DEMISE = real("まやかしの死", card(
    "False Demise", "{2}{U}", "Enchantment — Aura", "enchant creature",
    TriggeredAbility("When enchanted creature dies, return that card to the battlefield under your control.",
                     dies(attached_to_this()), _false_demise)))


@check("712.21c@20260116.0@3e90a081", example="712.21c#2@af6bcc34")
def an_aura_returns_both_cards_of_a_melded_permanent(expect: Expect) -> None:
    """状況: Bの戦場に合体した《騒がしい徒党》があり、Aの《まやかしの死》（エンチャントしているクリーチャーが死亡したとき、
    そのカードをあなたのコントロールで戦場に戻す）がついている。
    行動: 徒党が破壊される。
    結果: まやかしの死の能力は《夜深の死体あさり》と《墓ネズミ》の両方をAのコントロールで戦場に戻す。"""
    game = Game(["A", "B"])
    host = melded_host(game, "B")
    game.place(FALSE_DEMISE, player="A", attached_to=host)
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice: list(choice.items), player="A")
    game.destroy(host)
    game.resolve_stack()
    back = sorted(game.view(o.id).name or "" for o in game.battlefield("A") if o.owner == "B")
    expect.equal(back, ["Graf Rats", "Midnight Scavengers"], "両方のカードがAのコントロールで戦場に戻った")


@check("712.21c@20260116.0@3e90a081", example="712.21c#3@5a51c391")
def one_choice_for_both_cards(expect: Expect) -> None:
    """状況: Aの戦場に合体した《騒がしい徒党》と《ミミックの大桶》（トークンでないクリーチャーが死亡するたび、
    そのカードを追放してもよい）。
    行動: 徒党が破壊され、大桶の能力が解決する。Aは追放することを選ぶ。
    結果: Aが選ぶのは1回だけで、《夜深の死体あさり》と《墓ネズミ》の両方が追放される。"""
    game = Game(["A", "B"])
    host = melded_host(game)
    game.place(MIMIC_VAT, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.destroy(host)
    game.resolve_stack()
    asked = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.MAY]
    expect.equal(sorted(game.view(o.id).name or "" for o in game.in_zone(Zone.EXILE, "A")),
                 ["Graf Rats", "Midnight Scavengers"], "両方のカードが追放された")
    expect.equal(len(asked), 1, "追放するかどうかの選択は1回だけ")


def _opponents_card(context: ReplacementContext, move: Move) -> bool:
    obj = context.game.objects.get(move.object_id)
    you = context.context.you
    return obj is not None and not obj.is_token and you is not None and obj.owner != you


LEYLINE_OF_THE_VOID = real("虚空の力線", card(
    "Leyline of the Void", "{2}{B}{B}", "Enchantment",
    StaticAbility("If a card would be put into an opponent's graveyard from anywhere, exile it instead.",
                  replacements=(instead_to(Zone.EXILE, which=_opponents_card,
                                           text="If a card would be put into an opponent's graveyard from anywhere, "
                                                "exile it instead."),))))
"""虚空の力線; beginning the game with it on the battlefield is left out."""


def _enchanted_players_card(context: ReplacementContext, move: Move) -> bool:
    obj = context.game.objects.get(move.object_id)
    source = context.context.source
    return obj is not None and not obj.is_token and source is not None and obj.owner == source.attached_to


WHEEL_OF_SUN_AND_MOON = real("太陽と月の輪", card(
    "Wheel of Sun and Moon", "{G/W}{G/W}", "Enchantment — Aura", "enchant player",
    StaticAbility("If a card would be put into enchanted player's graveyard from anywhere, instead that card is "
                  "revealed and put on the bottom of its owner's library.",
                  replacements=(Replacement(
                      "If a card would be put into enchanted player's graveyard, put it on the bottom of its owner's "
                      "library instead.", Move,
                      lambda c, m: m.to_zone is Zone.GRAVEYARD and _enchanted_players_card(c, m),
                      lambda c, m: replace(m, to_zone=Zone.LIBRARY, to_bottom=True)),))))
"""太陽と月の輪; the card goes to the bottom of the library (revealing it is left out)."""


@check("712.21d@20260116.0@728d1191", "712.21a@20260116.0@5d20a648", example="712.21d#1@e40a5d7c")
def one_replacement_for_both_cards(expect: Expect) -> None:
    """状況: Bの戦場に合体した《騒がしい徒党》。Aの《虚空の力線》（カードが対戦相手の墓地に置かれるなら、代わりに追放する）と、
    Bにつけられた《太陽と月の輪》（カードがエンチャントしているプレイヤーの墓地に置かれるなら、代わりにライブラリーの一番下に置く）
    がある。
    行動: 徒党が破壊される。Bはどちらの置換効果を適用するかを選び、力線を選ぶ。別のゲームで、同じ場面のBが輪を選び、
    2枚のうち墓ネズミを上にする。
    結果: Bが選ぶのは1回だけで、力線の効果が2枚の両方に適用され、《夜深の死体あさり》と《墓ネズミ》の両方が追放される。
    輪を選んだゲームでは、2枚ともライブラリーの一番下に、Bが選んだ順（墓ネズミが上）で置かれる。"""
    game = Game(["A", "B"])
    game.place(LEYLINE_OF_THE_VOID, player="A")
    game.place(WHEEL_OF_SUN_AND_MOON, player="A", attached_to="B")
    host = melded_host(game, "B")
    game.choices.script(ChoiceKind.REPLACEMENT, lambda choice: next(o for o in choice.options if "exile" in str(o)),
                        player="B")
    game.destroy(host)
    asked = [c for c, _ in game.choices.asked if c.kind is ChoiceKind.REPLACEMENT]
    expect.equal(sorted(game.view(o.id).name or "" for o in game.in_zone(Zone.EXILE, "B")),
                 ["Graf Rats", "Midnight Scavengers"], "力線の効果で両方のカードが追放された")
    expect.equal(len(asked), 1, "適用する置換効果の選択は1回だけ")
    pair = (MIDNIGHT_SCAVENGERS, GRAF_RATS)
    expect.that(not game.graveyard("B") and not [i for i in game.players["B"].library if game.obj(i).card in pair],
                "どちらのカードも墓地にもライブラリーにもない")
    other = Game(["A", "B"])
    other.place(LEYLINE_OF_THE_VOID, player="A")
    other.place(WHEEL_OF_SUN_AND_MOON, player="A", attached_to="B")
    host = melded_host(other, "B")
    other.choices.script(ChoiceKind.REPLACEMENT, lambda choice: next(o for o in choice.options if "library" in str(o)),
                         player="B")
    other.choices.script(ChoiceKind.OBJECT, lambda choice: next(i for i in choice.options
                                                                if other.obj(i).card is GRAF_RATS), player="B")
    other.destroy(host)
    bottom = [other.obj(i).card for i in other.players["B"].library[:2]]
    expect.equal(bottom, [MIDNIGHT_SCAVENGERS, GRAF_RATS], "輪の効果で2枚ともライブラリーの一番下に、墓ネズミが上で置かれた")
    expect.that(not other.in_zone(Zone.EXILE, "B"), "輪を選べば、どちらのカードも追放されない")


def _last_creature_card(context: Context) -> Seeable | None:
    """The last creature card exiled with the source: the one with the latest timestamp (712.21b)."""
    source = context.source
    if source is None:
        return None
    found = [context.states[i] for i in linked.exiled_with(context.game, source.id) if i in context.states]
    creature_cards = [s for s in found if CardType.CREATURE in s.types]
    return max(creature_cards, key=lambda s: context.game.objects[s.id].timestamp) if creature_cards else None


def _duplicant_types(context: Context, state: object) -> Op:
    last = _last_creature_card(context)
    types = frozenset(last.subtypes if last is not None else ()) | {"Shapeshifter"}
    return SetSubtypes(frozenset(t for t in types if t in CREATURE_TYPES))


def _duplicant_pt(context: Context, state: object) -> Op:
    last = _last_creature_card(context)
    return SetPT(last.power if last else None, last.toughness if last else None)


def _imprint(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    chosen = resolution.objects(0)
    if source is None or not chosen:
        return
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "exile target nontoken creature with Duplicant",
                               (True, False))):
        linked.exile_with(game, source, [game.objects[chosen[0]]])


DUPLICANT = real("映し身人形", card(
    "Duplicant", "{6}", "Artifact Creature — Shapeshifter", 2, 4,
    TriggeredAbility("When Duplicant enters, you may exile target nontoken creature.", enters(), _imprint,
                     (target_creature(),)),
    StaticAbility("As long as a card exiled with Duplicant is a creature card, Duplicant has the power, toughness, "
                  "and creature types of the last creature card exiled with Duplicant. It's still a Shapeshifter.",
                  (LayerPart(Layer.TYPE, "the creature types of the last creature card exiled with it",
                             _duplicant_types, EVERYTHING),
                   LayerPart(Layer.PT_SETTING, "the power and toughness of the last creature card exiled with it",
                             _duplicant_pt, EVERYTHING)),
                  this_object(),
                  condition=condition("a card exiled with it is a creature card",
                                      lambda c: _last_creature_card(c) is not None))))
"""映し身人形 (its target is any creature here: "nontoken" is left to the scenario, which has no token)."""


@check("712.21b@20260116.0@1f524424", "406.6@20260116.0@aa7b1162", example="712.21b#1@930ef2c4")
def the_exiling_player_orders_the_two_cards(expect: Expect) -> None:
    """状況: Bの戦場に合体した《騒がしい徒党》。Aの手札に《映し身人形》（戦場に出たとき、トークンでないクリーチャー1体を
    追放してもよい。これによって追放されたカードがクリーチャー・カードであるかぎり、最後に追放されたクリーチャー・カードの
    パワー、タフネス、クリーチャー・タイプを持つ。多相の戦士でもある）。
    行動: Aが映し身人形を唱え、徒党を追放する。Aは2枚のカードのタイムスタンプ順を決め、墓ネズミを後にする。別のゲームで、
    同じ場面のAが夜深の死体あさりを後にする。
    結果: 追放したAが順を決めるので、墓ネズミを後にすれば映し身人形は2/1のネズミ・多相の戦士、死体あさりを後にすれば
    3/3のゾンビ・多相の戦士になる。"""
    for last, expected, subtype in ((GRAF_RATS, (2, 1), "Rat"), (MIDNIGHT_SCAVENGERS, (3, 3), "Zombie")):
        game = Game(["A", "B"])
        host = melded_host(game, "B")
        held = in_hand(game, DUPLICANT)
        give_mana(game, "A", "{6}")
        game.cast("A", held)
        game.choices.script(ChoiceKind.TARGETS, host.id, player="A")
        game.choices.script(ChoiceKind.MAY, True, player="A")
        game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice, last=last: sorted(
            choice.items, key=lambda o: o.card is last), player="A")
        game.resolve_stack()
        [duplicant] = game.battlefield("A")
        seen = game.view(duplicant)
        expect.that(len(game.in_zone(Zone.EXILE, "B")) == 2, "徒党は追放され、2枚のカードになった")
        expect.equal((seen.pt, subtype in seen.subtypes, "Shapeshifter" in seen.subtypes), (expected, True, True),
                     f"Aが{last.name}を後にしたので、映し身人形は{expected[0]}/{expected[1]}の{subtype}・多相の戦士")
