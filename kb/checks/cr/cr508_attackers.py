"""The declare attackers step (508): declaring attackers with their restrictions, requirements and
costs, attack triggers, the defending player, and choosing again what a creature attacks."""

from __future__ import annotations

from functools import partial
from typing import Any

from kb.checks import cards, cards_turn
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    FOREST,
    AttackLimit,
    CantAttackAlone,
    ChoiceKind,
    Game,
    MustAttack,
    Resolution,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    at_beginning_of,
    attacks,
    attacks_with,
    becomes_color,
    card,
    create_delayed,
    creatures,
    enters,
    is_attacked,
    is_attacking,
    player_attacks,
    player_attacks_player,
    put_onto_battlefield_attacking,
    target,
    this_object,
    where,
)
from kb.engine import combat as combat_rules
from kb.engine.choices import Choice
from kb.engine.events import AttackersDeclared

gain = cards._gain_life

WALL = card("Test Wall", "{1}{W}", "Creature — Wall", 0, 4, "defender")
PACK_WOLF = card("Test Pack Wolf", "{1}{G}", "Creature — Wolf", 2, 2,
                 StaticAbility("This creature can't attack alone.", rules=(CantAttackAlone(this_object()),)))
"""Stands for a creature with "can't attack alone" (506.5, 508.1c)."""
BERSERKER = card("Test Berserker", "{1}{R}", "Creature — Human Berserker", 2, 2,
                 StaticAbility("This creature attacks each combat if able.", rules=(MustAttack(this_object()),)))
"""Stands for a creature that attacks each combat if able (508.1d)."""


@check("508.1@20260116.0@827af846", "508.1a@20260116.0@c2dfa918", "508.1k@20260116.0@77a11d5e",
       "508.1f@20260116.0@460aa117")
def an_illegal_declaration_of_attackers_is_undone(expect: Expect) -> None:
    """状況: Aの《灰色熊》、防衛を持つテスト用クリーチャー、タップ状態の《丘巨人》。
    行動: Aが熊と防衛を持つクリーチャーで攻撃しようとし、次にタップ状態の丘巨人で攻撃しようとし、最後に熊だけで攻撃する。
    結果: 不正な指定は指定の前まで巻き戻されるので熊はアンタップ状態のまま。熊だけの指定は適正で、熊はタップされて攻撃
    クリーチャーになり、戦闘フェイズが終わるまで攻撃クリーチャーであり続ける。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    wall = game.place(WALL)
    giant = game.place(cards.HILL_GIANT, tapped=True)
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([bears, wall]), "防衛を持つクリーチャーを含む指定は不正")
    expect.that(not bears.tapped and not is_attacking(game, bears), "不正な指定は巻き戻され、熊はタップされていない")
    expect.refused(lambda: game.declare_attackers([giant]), "タップ状態のクリーチャーは攻撃クリーチャーに選べない")
    game.declare_attackers([bears])
    expect.that(bears.tapped and is_attacking(game, bears), "熊はタップされて攻撃クリーチャーになった")
    game.advance_to(Step.END_OF_COMBAT)
    expect.that(is_attacking(game, bears), "戦闘が終わるまで攻撃クリーチャーのまま")


@check("508.1c@20260116.0@2e71adef", "506.5@20260116.0@3d4da9bd", example="508.1c#1@ba0ca918")
def creatures_that_cant_attack_alone_may_attack_together(expect: Expect) -> None:
    """状況: Aは「このクリーチャーは単独では攻撃できない。」を持つテスト用クリーチャーを2体コントロールしている。
    行動: 1体だけで攻撃しようとし、次に2体で攻撃する。
    結果: 1体だけでは制限に違反するので不正。2体とも攻撃クリーチャーとして指定するのは適正である。"""
    game = Game(["A", "B"])
    first = game.place(PACK_WOLF)
    second = game.place(PACK_WOLF)
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([first]), "1体だけで攻撃するのは不正")
    game.declare_attackers([first, second])
    expect.that(is_attacking(game, first) and is_attacking(game, second), "2体で攻撃するのは適正")


@check("508.1d@20260116.0@9aa1f6d6", example="508.1d#1@12e83128")
def requirements_are_obeyed_as_far_as_restrictions_allow(expect: Expect) -> None:
    """状況: Aは「可能なら攻撃する。」を持つテスト用クリーチャーと《灰色熊》をコントロールしている。「各戦闘で2体以上の
    クリーチャーは攻撃できない。」という効果がある。
    行動: Aが、熊だけ、両方、どちらも攻撃しない、可能なら攻撃するものだけ、の順に指定しようとする。
    結果: 制限に違反せず最大の数の強制に従う指定、つまり可能なら攻撃するクリーチャーだけが攻撃する指定だけが適正である。"""
    game = Game(["A", "B"])
    berserker = game.place(BERSERKER)
    bears = game.place(cards.GRIZZLY_BEARS)
    game.create_effect("no more than one creature can attack each combat", rules=[AttackLimit(1)], controller="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([bears]), "熊だけの攻撃は強制に従っていない")
    expect.refused(lambda: game.declare_attackers([berserker, bears]), "両方での攻撃は制限に違反する")
    expect.refused(lambda: game.declare_attackers([]), "攻撃しないのは強制に従っていない")
    game.declare_attackers([berserker])
    expect.that(is_attacking(game, berserker) and not is_attacking(game, bears), "可能なら攻撃するものだけの攻撃が適正")


@check("508.1h@20260116.0@7f84812f", "508.1i@20260116.0@1f5cf2b9", "508.1j@20260116.0@e29b23db")
def paying_to_attack(expect: Expect) -> None:
    """状況: Bは《プロパガンダ》をコントロールしている。Aは《灰色熊》2体と《森》3つをコントロールしている。
    行動: Aが熊2体でBを攻撃しようとし（総コスト{4}）、次に熊1体で攻撃して森2つのマナ能力で{2}を支払う。
    結果: {4}は支払えず一部だけ支払うこともできないので、指定は不正で、何もタップされていない状態に戻る。熊1体なら総コスト{2}を
    森のマナで支払って攻撃でき、熊はBに2点与える。"""
    game = Game(["A", "B"])
    game.place(cards_turn.PROPAGANDA, player="B")
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    forests = [game.place(FOREST) for _ in range(3)]
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([first, second], pay_with=forests),
                   "{4}は支払えないので、熊2体での攻撃は不正")
    expect.that(not any(p.tapped for p in [first, second, *forests]), "指定の前まで巻き戻され、何もタップされていない")
    game.declare_attackers([first], pay_with=forests[:2])
    expect.that(is_attacking(game, first) and forests[0].tapped and forests[1].tapped and not forests[2].tapped,
                "森2つのマナ能力を起動して{2}を支払い、熊1体で攻撃した")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal(game.players["B"].life, 18, "熊はBに2点与えた")


@check("508.1d@20260116.0@9aa1f6d6", "508.1h@20260116.0@7f84812f")
def no_one_is_required_to_pay_to_obey_a_requirement(expect: Expect) -> None:
    """状況: Bは《プロパガンダ》をコントロールしている。Aは「可能なら攻撃する。」を持つテスト用クリーチャーをコントロールし、
    マナ・プールに{2}がある。
    行動: Aが攻撃クリーチャーを指定しない。次のAのターンに{2}を支払って攻撃する。
    結果: 攻撃するにはコストの支払いが必要なので、強制があっても支払いは求められず、攻撃しない指定は適正である。支払えば攻撃できる。"""
    game = Game(["A", "B"])
    game.place(cards_turn.PROPAGANDA, player="B")
    berserker = game.place(BERSERKER)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.add_mana("A", "{2}")
    game.declare_attackers([])
    expect.that(not is_attacking(game, berserker), "支払いが必要なので、攻撃しない指定が適正")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.add_mana("A", "{2}")
    game.declare_attackers([berserker])
    expect.that(is_attacking(game, berserker) and game.players["A"].mana.total == 0, "{2}を支払えば攻撃できる")


@check("508.1m@20260116.0@ddc8068f", "508.2@20260116.0@615ef118", "508.2b@20260116.0@b73f3b03")
def attack_triggers_go_on_the_stack_before_priority(expect: Expect) -> None:
    """状況: Aは「クリーチャーが攻撃するたび、1点のライフを得る。」を持つテスト用エンチャントと《灰色熊》2体をコントロールしている。
    行動: 熊2体で攻撃する。
    結果: 攻撃クリーチャーの指定で能力が2回誘発し、Aが優先権を得る前にスタックに積まれる。"""
    game = Game(["A", "B"])
    game.place(card("Test War Drums", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a creature attacks, you gain 1 life.", attacks(creatures()), gain(1))))
    bears = [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers(bears)
    expect.equal((len(game.stack), game.priority), (2, "A"), "誘発した2つの能力が積まれてから、Aが優先権を得た")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "両方解決した")


def _destroy(creature: int) -> object:
    def effect(resolution: Resolution) -> None:
        if creature in resolution.game.objects:
            resolution.game.destroy(creature)

    return effect


def _destroy_at_end_step(resolution: Resolution) -> None:
    """"Destroy it": the green creature of the declaration that triggered this."""
    event = resolution.event
    assert isinstance(event, AttackersDeclared)
    game = resolution.game
    for creature in [c for c in event.attackers if c in game.objects and "G" in game.view(c).colors]:
        create_delayed(game, "At the beginning of the next end step, destroy that creature.",
                       at_beginning_of(Step.END, "each"), _destroy(creature), resolution.controller)  # type: ignore[arg-type]


@check("508.2a@20260116.0@10f7c0bf", example="508.2a#1@ede381b2")
def an_attack_trigger_looks_at_the_creature_as_it_is_declared(expect: Expect) -> None:
    """状況: Bは「緑のクリーチャーが1体攻撃するたび、次の終了ステップの開始時に、そのクリーチャーを破壊する。」を持つテスト用
    エンチャントをコントロールしている。Aは緑の《灰色熊》と青の《珊瑚マーフォーク》をコントロールしている。
    行動: 熊で攻撃する。次のAのターンにはマーフォークで攻撃し、そのあと効果でマーフォークが緑になる。
    結果: 攻撃クリーチャーとして指定された時点で緑だった熊については誘発し、熊は終了ステップに破壊される。指定された後で緑に
    なったマーフォークについては誘発しないので、生き残る。"""
    game = Game(["A", "B"])
    game.place(card("Test Verdant Ward", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a green creature attacks, destroy it at the beginning of the next end step.",
        attacks(creatures(colors=["G"])), _destroy_at_end_step)), player="B")
    bears = game.place(cards.GRIZZLY_BEARS)
    merfolk = game.place(cards.CORAL_MERFOLK)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    expect.equal(len(game.stack), 1, "緑の熊の攻撃で誘発した")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(bears.id not in game.objects, "熊は終了ステップに破壊された")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([merfolk])
    game.create_effect("it becomes green", [becomes_color("G")], [merfolk], UntilEndOfTurn())
    expect.equal(len(game.stack), 0, "青のマーフォークの攻撃では誘発せず、あとで緑になっても誘発しない")
    game.advance_to(Step.END)
    game.resolve_stack()
    expect.that(merfolk.id in game.objects, "マーフォークは破壊されない")


def _watch(name: str, text: str, trigger: object, amount: int) -> object:
    return card(name, "{1}", "Enchantment", TriggeredAbility(text, trigger, gain(amount)))  # type: ignore[arg-type]


@check("508.3@20260116.0@1892f1e6", "508.3b@20260116.0@8fecc0cb", "508.3c@20260116.0@b13db94c",
       "508.3d@20260116.0@cfcc3f63", "508.3e@20260116.0@a1e01343")
def who_attacks_whom_triggers(expect: Expect) -> None:
    """状況: Aは《灰色熊》2体と《丘巨人》、それぞれ「あなたがクリーチャー1体で攻撃するたび10点」「あなたが攻撃するたび100点」
    「あなたがプレイヤーを攻撃するたび1000点」のライフを得るテスト用エンチャントをコントロールしている。Bは「あなたが攻撃される
    たび1点」のライフを得るテスト用エンチャントと《ジェイス・ベレレン》をコントロールしている。
    行動: 熊2体でB、丘巨人でジェイスを攻撃する。そのあと効果で熊がもう1体、Bを攻撃している状態で戦場に出る。
    結果: 「クリーチャーで攻撃するたび」は攻撃クリーチャー1体ごとに3回、「攻撃するたび」は1回、「プレイヤーを攻撃するたび」は
    攻撃されたプレイヤーBについて1回（ジェイスは数えない）、「攻撃されるたび」は1回誘発する。攻撃している状態で戦場に
    出た熊ではどれも誘発しない。"""
    game = Game(["A", "B"])
    game.place(_watch("Test Captain's Horn", "Whenever you attack with a creature, you gain 10 life.",
                      attacks_with(creatures()), 10))  # type: ignore[arg-type]
    game.place(_watch("Test War Horn", "Whenever you attack, you gain 100 life.", player_attacks(), 100))  # type: ignore[arg-type]
    game.place(_watch("Test Raid Horn", "Whenever you attack a player, you gain 1000 life.",
                      player_attacks_player(), 1000))  # type: ignore[arg-type]
    game.place(_watch("Test Alarm Bell", "Whenever you're attacked, you gain 1 life.", is_attacked(), 1),  # type: ignore[arg-type]
               player="B")
    bears = [game.place(cards.GRIZZLY_BEARS) for _ in range(2)]
    giant = game.place(cards.HILL_GIANT)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears[0]: "B", bears[1]: "B", giant: jace})
    game.resolve_stack()
    expect.equal(game.players["A"].life, 20 + 30 + 100 + 1000, "3体で10点ずつ、攻撃で100点、プレイヤーBへの攻撃で1000点")
    expect.equal(game.players["B"].life, 21, "Bが攻撃されたことで1回誘発した")
    put_onto_battlefield_attacking(game, cards.GRIZZLY_BEARS, "A", "B")
    game.resolve_stack()
    expect.equal((game.players["A"].life, game.players["B"].life), (1150, 21),
                 "攻撃している状態で戦場に出たクリーチャーでは誘発しない")


def _defending_player_loses(resolution: Resolution) -> None:
    source = resolution.source_id
    player = combat_rules.defending_player(resolution.game, source) if source is not None else None
    if player is not None:
        resolution.game.lose_life(player, 1)


RAIDER = card("Test Raider", "{1}{B}", "Creature — Human Rogue", 2, 1, TriggeredAbility(
    "Whenever this creature attacks, defending player loses 1 life.", attacks(), _defending_player_loses))
"""Stands for a creature whose attack trigger refers to the defending player (508.5)."""


@check("508.5@20260116.0@376781b5", "508.5a@20260116.0@e5caedea")
def the_defending_player_is_the_one_the_creature_attacks(expect: Expect) -> None:
    """状況: A、B、Cの3人戦。Aは「このクリーチャーが攻撃するたび、防御プレイヤーは1点のライフを失う。」を持つテスト用
    クリーチャーを2体コントロールしている。
    行動: 1体目でC、2体目でBを攻撃する。2体目の能力が解決する前に、2体目は戦場を離れる。
    結果: 防御プレイヤーはそれぞれが攻撃しているプレイヤーなので、CとBが1点ずつ失う。戦闘から取り除かれたあとでも、防御プレイヤーは
    それが取り除かれる前に攻撃していたBである。"""
    game = Game(["A", "B", "C"])
    first = game.place(RAIDER)
    second = game.place(RAIDER)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({first: "C", second: "B"})
    game.destroy(second)
    game.resolve_stack()
    expect.equal((game.players["B"].life, game.players["C"].life, game.players["A"].life), (19, 19, 20),
                 "CとBがそれぞれ1点ずつ失った")


@check("508.6@20260116.0@b97bf306")
def attacking_a_player_and_having_attacked_one(expect: Expect) -> None:
    """状況: Aの《灰色熊》。Bは《ジェイス・ベレレン》をコントロールしている。
    行動: 熊でジェイスを攻撃する。次のAのターンに熊でBを攻撃し、戦闘のあとを見る。
    結果: ジェイスを攻撃している間、AはBを攻撃しておらず、Bを攻撃してもいない。Bを攻撃すると、Aは「Bを攻撃している」し
    「Bを攻撃した」。戦闘が終わると攻撃してはいないが、そのターンBを攻撃したままである。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: jace})
    expect.that(not combat_rules.is_attacking_player(game, "A", "B") and not combat_rules.has_attacked(game, "A", "B"),
                "プレインズウォーカーを攻撃しても、Bを攻撃してはいない")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({bears: "B"})
    expect.that(combat_rules.is_attacking_player(game, "A", "B") and combat_rules.has_attacked(game, "A", "B"),
                "Bを攻撃しているし、Bを攻撃した")
    game.advance_to(Step.END)
    expect.that(not combat_rules.is_attacking_player(game, "A", "B") and combat_rules.has_attacked(game, "A", "B"),
                "戦闘のあとはBを攻撃していないが、このターンBを攻撃した")


def _reselect(resolution: Resolution) -> None:
    game = resolution.game
    creature = resolution.target
    if not isinstance(creature, int) or game.step is not Step.DECLARE_ATTACKERS:
        return
    if not game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "reselect what it attacks", (True, False))):
        return
    options = tuple(combat_rules.attackable(game))
    chosen = game.choices.ask(Choice(ChoiceKind.DEFENDING_PLAYER, resolution.controller,
                                     "what the attacking creature attacks now", options))
    combat_rules.reselect_attacked(game, creature, chosen)


PORTAL_MAGE = cards.real("門の魔道士", card(
    "Portal Mage", "{2}{U}", "Creature — Human Wizard", 2, 2, "flash",
    TriggeredAbility("When Portal Mage enters, if it's the declare attackers step, you may reselect which player or "
                     "planeswalker target attacking creature attacks.", enters(), _reselect,
                     (target(where("attacking creature", lambda c, o: combat_rules.is_attacking(c.game, o.id))),))))


@check("508.7@20260116.0@551c19a2", "508.7a@20260116.0@aceeb6e3", "508.7b@20260116.0@35e32b58",
       "508.7c@20260116.0@0aad43c7")
def choosing_again_what_a_creature_attacks(expect: Expect) -> None:
    """状況: Bは《プロパガンダ》と《ジェイス・ベレレン》をコントロールしている。Aは「クリーチャーが攻撃するたび、1点のライフを
    得る。」を持つテスト用エンチャントと《丘巨人》をコントロールしている。
    行動: 丘巨人でジェイスを攻撃する（Bへの攻撃ではないので支払いはない）。Bが《門の魔道士》を瞬速で唱え、その能力で丘巨人が
    攻撃するものをBに選び直す。
    結果: 丘巨人は戦闘から取り除かれず、プロパガンダのコストを支払わずにBを攻撃している。2回攻撃したことにはならず「攻撃する
    たび」は1回だけで、攻撃クリーチャー指定のときに選ばれたジェイスを攻撃したものとして扱われる。攻撃するものにAを選ぶことは
    できない。Bは3点失う。"""
    game = Game(["A", "B"])
    game.place(cards_turn.PROPAGANDA, player="B")
    jace = game.place(cards_turn.JACE_BELEREN, player="B")
    game.place(card("Test War Drums", "{2}", "Enchantment", TriggeredAbility(
        "Whenever a creature attacks, you gain 1 life.", attacks(creatures()), gain(1))))
    giant = game.place(cards.HILL_GIANT)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({giant: jace})
    game.resolve_stack()
    expect.refused(lambda: combat_rules.reselect_attacked(game, giant, "A"), "攻撃するものに自分自身は選べない")
    mage = in_hand(game, PORTAL_MAGE, "B")
    game.pass_priority("A")
    give_mana(game, "B", "{2}{U}")
    game.cast("B", mage)
    game.choices.script(ChoiceKind.MAY, True, player="B")
    game.choices.script(ChoiceKind.DEFENDING_PLAYER, "B", player="B")
    game.resolve_stack()
    expect.that(is_attacking(game, giant) and combat_rules.attacked_by(game, giant) == "B",
                "丘巨人は戦闘に残り、コストを支払わずにBを攻撃している")
    expect.equal(game.players["A"].life, 21, "2回攻撃したことにはならない")
    expect.that(not combat_rules.has_attacked(game, "A", "B"), "指定のときに選ばれたジェイスを攻撃したものとして扱う")
    game.advance_to(Step.END_OF_COMBAT)
    expect.equal((game.players["B"].life, jace.counter("loyalty")), (17, 3), "Bが3点失い、ジェイスは無事")


MOUNTAIN_WALKER = card("Test Mountain Walker", "{1}{R}", "Creature — Goblin", 2, 2, "mountainwalk")


@check("802.2a@20260116.0@c4e9511f", "802.2@20260116.0@59daa273", "508.5a@20260116.0@e5caedea", "702.14c@20260116.0@26b99bfd",
       example="802.2a#1@df649716")
def landwalk_looks_at_the_player_it_attacks(expect: Expect) -> None:
    """状況: A、B、Cの3人戦で「複数への攻撃」選択ルールを使う。Bは《山》をコントロールし、Cは山をコントロールしていない。
    Aは《灰色熊》と山渡りを持つテスト用クリーチャーをコントロールしている。Cは《柱平原の雄牛》をコントロールしている。
    行動: Aが熊でBを、山渡りを持つクリーチャーでCを攻撃し、Cが雄牛でブロックする。別のゲームではCも山をコントロールしている。
    結果: 山渡りを持つクリーチャーの防御プレイヤーはそれが攻撃しているCなので、Bの山は関係なく、Cはブロックできる。Cが山を
    コントロールしていればブロックできない。"""
    from kb.engine import MOUNTAIN, is_blocking

    for c_has_a_mountain in (False, True):
        game = Game(["A", "B", "C"])
        bears = game.place(cards.GRIZZLY_BEARS)
        walker = game.place(MOUNTAIN_WALKER)
        game.place(MOUNTAIN, player="B")
        if c_has_a_mountain:
            game.place(MOUNTAIN, player="C")
        ox = game.place(cards.PILLARFIELD_OX, player="C")
        game.advance_to(Step.DECLARE_ATTACKERS)
        game.declare_attackers({bears: "B", walker: "C"})
        game.advance_to(Step.DECLARE_BLOCKERS)
        blocks: dict[Any, Any] = {ox: walker}
        if not c_has_a_mountain:
            game.declare_blockers(blocks)
            expect.that(is_blocking(game, ox), "Bの山は関係なく、山のないCはブロックできる")
        else:
            expect.refused(partial(game.declare_blockers, blocks), "Cが山をコントロールしていればブロックできない")


__all__ = ["WALL"]
