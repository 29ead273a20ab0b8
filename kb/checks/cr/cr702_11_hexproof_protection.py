"""Hexproof (702.11), protection (702.16), shroud (702.18) and ward (702.21) in detail: their
variants ("from [quality]", "from each color", "from everything", from a player), players that
have them, protection that leaves some permanents attached, and ward's X."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    Card,
    ChoiceKind,
    Game,
    GameObject,
    IllegalAction,
    Keyword,
    PlayerId,
    SpellAbility,
    StaticAbility,
    Step,
    Zone,
    as_enters_choose,
    attached_to_this,
    card,
    cost,
    gain,
    lose,
    target_creature,
    this_object,
)
from kb.engine.context import Context, Seeable
from kb.engine.parts import GainAbilities, Layer, LayerPart, Op
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.rules import PlayersHave
from kb.engine.stack import Resolution


def _damage(amount: int):  # type: ignore[no-untyped-def]
    def effect(resolution: Resolution) -> None:
        target = resolution.target
        if target is not None and resolution.source_id is not None:
            resolution.game.deal_damage(resolution.source_id, target, amount)

    return effect


WHITE_BOLT = card("Test White Bolt", "{W}", "Instant", spell=SpellAbility(
    "Test White Bolt deals 1 damage to target creature.", _damage(1), (target_creature(),)))
BLUE_BOLT = card("Test Blue Bolt", "{U}", "Instant", spell=SpellAbility(
    "Test Blue Bolt deals 1 damage to target creature.", _damage(1), (target_creature(),)))
RED_SORCERY = card("Test Red Blast", "{R}", "Sorcery", spell=SpellAbility(
    "Test Red Blast deals 2 damage to target creature.", _damage(2), (target_creature(),)))
PINGER = card("Test Pinger", "{2}", "Artifact", ActivatedAbility(
    "{T}: This deals 1 damage to target creature.", cost("{T}"), _damage(1), (target_creature(),)))


def targetable(game: Game, player: PlayerId, spell: Card, target: GameObject | PlayerId) -> bool:
    """Could ``player`` cast ``spell`` targeting ``target`` now?  (Tried, then undone.)"""
    checkpoint = game.checkpoint()
    try:
        held = in_hand(game, spell, player)
        assert spell.front.mana_cost is not None
        give_mana(game, player, str(spell.front.mana_cost))
        if game.priority != player:
            game.pass_priority_to(player)
        game.cast(player, held, targets=[target])
        return True
    except IllegalAction:
        return False
    finally:
        game.restore(checkpoint)


def pinger_reaches(game: Game, player: PlayerId, target: GameObject | PlayerId) -> bool:
    """Could ``player``'s colorless artifact's ability target ``target``?"""
    checkpoint = game.checkpoint()
    try:
        pinger = game.place(PINGER, player=player)
        if game.priority != player:
            game.pass_priority_to(player)
        game.activate(player, pinger, 0, targets=[target])
        return True
    except IllegalAction:
        return False
    finally:
        game.restore(checkpoint)


LEYLINE_OF_SANCTITY = real("神聖の力線", card(
    "Leyline of Sanctity", "{2}{W}{W}", "Enchantment",
    StaticAbility("You have hexproof.", rules=(PlayersHave((Keyword("hexproof"),)),))))
"""神聖の力線; its opening-hand ability is left out."""
TRUE_BELIEVER = real("真実の信仰者", card(
    "True Believer", "{W}{W}", "Creature — Human Cleric", 2, 2,
    StaticAbility("You have shroud.", rules=(PlayersHave((Keyword("shroud"),)),))))

TARGET_PLAYER_BOLT = card("Test Player Bolt", "{R}", "Instant", spell=SpellAbility(
    "Test Player Bolt deals 1 damage to target player.", _damage(1), ()))


@check("702.11c@20260116.0@ec1ddf2f", "702.18a@20260116.0@3146fb9f", "115.1@20260116.0@66d7c2ad")
def players_with_hexproof_and_shroud(expect: Expect) -> None:
    """状況: Aは《神聖の力線》（あなたは呪禁を持つ）を、Cは《真実の信仰者》（あなたは被覆を持つ）をコントロールしている。Aは《灰色熊》も持つ。
    行動: Bが《ショック》でA、Aの熊、Cを対象にしようとし、AとCもそれぞれ自分を対象にしようとする。
    結果: 呪禁を持つAは対戦相手の呪文の対象にならないが、自分の呪文の対象にはなる。熊は守られない。被覆を持つCは誰の呪文の対象にもならない。"""
    from kb.engine import any_target

    shock = card("Test Shock", "{R}", "Instant", spell=SpellAbility(
        "It deals 2 damage to any target.", _damage(2), (any_target(),)))
    game = Game(["A", "B", "C"], library=6)
    expect.that(targetable(game, "B", shock, "A"), "力線がなければBはAを対象にできる")
    game.place(LEYLINE_OF_SANCTITY)
    game.place(TRUE_BELIEVER, player="C")
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.that(not targetable(game, "B", shock, "A"), "呪禁を持つAは対戦相手の呪文の対象にならない")
    expect.that(targetable(game, "A", shock, "A"), "A自身の呪文の対象にはなる")
    expect.that(targetable(game, "B", shock, bears), "プレイヤーの呪禁はパーマネントを守らない")
    expect.that(not targetable(game, "B", shock, "C") and not targetable(game, "C", shock, "C"),
                "被覆を持つCは誰の呪文の対象にもならない")


HEXPROOF_FROM_RED = card("Test Red-Warded Bear", "{1}{G}", "Creature — Bear", 2, 2, "hexproof from red")


@check("702.11d@20260116.0@3d4187e3", "702.11e@20260116.0@7974263c", "702.11a@20260116.0@3decbb34")
def hexproof_from_a_quality(expect: Expect) -> None:
    """状況: Aの赤からの呪禁を持つテスト用の熊。
    行動: Bが《ショック》（赤）と《巨大化》（緑）でそれを対象にしようとし、Aも《ショック》で対象にしようとする。次に効果で熊が呪禁を失う。
    結果: Bの赤の呪文だけが対象にできない。緑の呪文と、A自身の赤の呪文は対象にできる。呪禁を失わせる効果は赤からの呪禁も失わせるので、その後はBのショックも対象にできる。"""
    game = Game(["A", "B"], library=6)
    bear = game.place(HEXPROOF_FROM_RED)
    expect.that(targetable(game, "B", cards.GIANT_GROWTH, bear), "対戦相手の緑の呪文は対象にできる")
    expect.that(not targetable(game, "B", cards.SHOCK, bear), "対戦相手の赤の呪文は対象にできない")
    expect.that(targetable(game, "A", cards.SHOCK, bear), "コントローラーの赤の呪文は対象にできる")
    game.create_effect("loses hexproof", [lose("hexproof")], [bear])
    expect.that(targetable(game, "B", cards.SHOCK, bear), "呪禁を失うと赤からの呪禁もなくなる")


@check("702.11f@20260116.0@166d7f03", "702.11g@20260116.0@4a574936")
def hexproof_from_several_qualities(expect: Expect) -> None:
    """状況: Aの白からと青からの呪禁を持つテスト用の熊と、各色からの呪禁を持つテスト用の熊。
    行動: Bが白、青、赤の呪文と、無色のアーティファクトの能力でそれぞれを対象にしようとする。
    結果: 白からと青からの呪禁は2つの呪禁として働き、白と青の呪文は対象にできないが赤のショックはできる。各色からの呪禁を持つ熊はどの色の呪文の対象にもならないが、無色の発生源の能力の対象にはなる。"""
    game = Game(["A", "B"], library=6)
    two = game.place(card("Test Two-Warded Bear", "{1}{G}", "Creature — Bear", 2, 2,
                          "hexproof from white and from blue"))
    every = game.place(card("Test All-Warded Bear", "{1}{G}", "Creature — Bear", 2, 2, "hexproof from each color"))
    expect.that(targetable(game, "B", cards.SHOCK, two), "赤の呪文は対象にできる")
    expect.that(not targetable(game, "B", WHITE_BOLT, two) and not targetable(game, "B", BLUE_BOLT, two),
                "白の呪文も青の呪文も対象にできない")
    expect.that(pinger_reaches(game, "B", every), "無色の発生源の能力は対象にできる")
    expect.that(not any(targetable(game, "B", spell, every) for spell in (cards.SHOCK, WHITE_BOLT, BLUE_BOLT,
                                                                         cards.GIANT_GROWTH)),
                "どの色の呪文の対象にもならない")


PRO_INSTANTS = card("Test Instant-Proof Bear", "{1}{W}", "Creature — Bear", 2, 2, "protection from instants")


@check("702.16a@20260116.0@f6efc8ee", "702.16b@20260116.0@a64c7873")
def protection_from_a_card_type(expect: Expect) -> None:
    """状況: Aのプロテクション（インスタント）を持つテスト用の熊。
    行動: Bが赤のソーサリー（2点のダメージ）と《ショック》（インスタント）でそれを対象にしようとする。
    結果: カード・タイプへのプロテクションは戦場以外の発生源にも働き、スタック上のインスタント呪文の対象にならない。ソーサリーは対象にでき、2点で熊は破壊される。"""
    game = Game(["A", "B"], library=6)
    bear = game.place(PRO_INSTANTS)
    game.next_turn("B")
    expect.that(targetable(game, "B", RED_SORCERY, bear), "ソーサリー呪文は対象にできる")
    expect.that(not targetable(game, "B", cards.SHOCK, bear), "インスタント呪文の対象にならない")
    blast = in_hand(game, RED_SORCERY, "B")
    give_mana(game, "B", "{R}")
    game.cast("B", blast, targets=[bear])
    game.resolve_stack()
    expect.that(bear.id not in game.objects, "ソーサリーの2点で破壊された")


RED_SWORD = card("Test Red Sword", "{R}", "Artifact — Equipment", "equip {1}")


@check("702.16d@20260116.0@ef00dbbf", "704.5n@20260116.0@5cb3a8d1")
def protection_from_red_equipment(expect: Expect) -> None:
    """状況: Aの赤いテスト用の装備品（装備{1}）、《灰色熊》と、プロテクション（赤）を持つテスト用の騎士。
    行動: 騎士に装備しようとし、熊に装備する。その後、効果で熊がプロテクション（赤）を得る。
    結果: 赤の装備品は騎士を装備できない。熊には装備できるが、熊がプロテクション（赤）を得ると状況起因処理ではずれ、装備品は戦場に残る。"""
    game = Game(["A", "B"], library=6)
    sword = game.place(RED_SWORD)
    bears = game.place(cards.GRIZZLY_BEARS)
    knight = game.place(card("Test Knight of Purity", "{W}{W}", "Creature — Human Knight", 2, 2,
                             "protection from red"))
    game.add_mana("A", "{C}")
    expect.refused(lambda: game.activate("A", sword, "Equip", targets=[knight]), "プロテクション（赤）の騎士には装備できない")
    game.activate("A", sword, "Equip", targets=[bears])
    game.resolve_stack()
    expect.equal(sword.attached_to, bears.id, "熊には装備できる")
    game.create_effect("gains protection from red", [gain("protection from red")], [bears])
    game.refresh_priority()
    expect.that(sword.attached_to is None, "状況起因処理ではずれた")
    expect.equal(sword.zone, Zone.BATTLEFIELD, "装備品は戦場に残る")


@check("702.16g@20260116.0@592ecb01", "702.16h@20260116.0@b12d2c4e", "702.16e@20260116.0@8fed278b")
def protection_from_several_qualities(expect: Expect) -> None:
    """状況: Aのプロテクション（白）とプロテクション（青）を持つテスト用クリーチャーと、プロテクション（各色）を持つテスト用クリーチャー（ともに4/4）。
    行動: 白、青、赤のテスト用クリーチャーと無色のアーティファクトが、それぞれに1点ずつダメージを与える。
    結果: 白と青からのダメージは軽減され、赤からのダメージは与えられる。プロテクション（各色）は5色それぞれへのプロテクションなので色のある発生源からのダメージはすべて軽減され、無色の発生源のダメージだけが与えられる。"""
    game = Game(["A", "B"], library=6)
    two = game.place(card("Test Two-Guarded", "{2}{W}", "Creature — Human", 4, 4,
                          "protection from white and from blue"))
    every = game.place(card("Test All-Guarded", "{2}{W}", "Creature — Human", 4, 4, "protection from each color"))
    sources = {color: game.place(card(f"Test {color} Source", f"{{{color}}}", "Creature — Elemental", 1, 1),
                                 player="B") for color in "WUR"}
    colorless = game.place(card("Test Colorless Source", "{1}", "Artifact", ), player="B")
    expect.equal(game.deal_damage(sources["R"], two, 1), 1, "赤からのダメージは与えられる")
    expect.equal((game.deal_damage(sources["W"], two, 1), game.deal_damage(sources["U"], two, 1)), (0, 0),
                 "白と青からのダメージは軽減される")
    expect.equal(game.deal_damage(colorless, every, 1), 1, "無色の発生源からのダメージは与えられる")
    expect.equal([game.deal_damage(s, every, 1) for s in sources.values()], [0, 0, 0], "色のある発生源はすべて軽減")


PROTECTED_FROM_OPPONENTS = card("Test Guarded Envoy", "{1}{W}", "Creature — Human", 2, 2,
                                "protection from each opponent")


@check("702.16i@20260116.0@d136ca2c", "702.16k@20260116.0@2ff10f4d")
def protection_from_each_opponent(expect: Expect) -> None:
    """状況: 3人のゲーム。Aのプロテクション（各対戦相手）を持つテスト用クリーチャー。
    行動: BとCが《ショック》でそれを対象にしようとし、Aも対象にしようとする。BとCのクリーチャーがダメージを与えようとする。
    結果: 対戦相手それぞれへのプロテクションとして働く：BとCの呪文の対象にならず、BとCがコントロールする発生源からのダメージは軽減される。A自身は対象にできる。"""
    game = Game(["A", "B", "C"], library=6)
    envoy = game.place(PROTECTED_FROM_OPPONENTS)
    expect.that(targetable(game, "A", cards.SHOCK, envoy), "A自身の呪文は対象にできる")
    expect.that(not targetable(game, "B", cards.SHOCK, envoy) and not targetable(game, "C", cards.SHOCK, envoy),
                "BとCの呪文の対象にならない")
    b_giant = game.place(cards.HILL_GIANT, player="B")
    c_giant = game.place(cards.HILL_GIANT, player="C")
    expect.equal((game.deal_damage(b_giant, envoy, 1), game.deal_damage(c_giant, envoy, 1)), (0, 0),
                 "BとCの発生源からのダメージは軽減される")


PROGENITUS = real("大祖始", card(
    "Progenitus", "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}", "Legendary Creature — Hydra Avatar", 10, 10,
    "protection from everything"))
"""大祖始; its ability that shuffles it into its owner's library is left out."""


@check("702.16j@20260116.0@6352e849")
def protection_from_everything(expect: Expect) -> None:
    """状況: Aの《大祖始》（プロテクション（すべて））。Bの《羽ばたき飛行機械》と無色のアーティファクト。
    行動: Aが《巨大化》で、Bが無色の能力で大祖始を対象にしようとする。オーラをつけようとする。大祖始が攻撃し、Bが飛行機械でブロックしようとする。無色の発生源がダメージを与えようとする。
    結果: コントローラーの呪文も含めどの呪文や能力の対象にもならず、オーラはつかず、どのクリーチャーにもブロックされず、無色の発生源からのダメージも軽減される。"""
    game = Game(["A", "B"], library=6)
    progenitus = game.place(PROGENITUS)
    thopter = game.place(cards.ORNITHOPTER, player="B")
    expect.that(not targetable(game, "A", cards.GIANT_GROWTH, progenitus), "コントローラーの呪文の対象にもならない")
    expect.that(not pinger_reaches(game, "B", progenitus), "無色の発生源の能力の対象にもならない")
    aura = game.place(cards.HOLY_STRENGTH)
    game.attach(aura, progenitus)
    expect.that(aura.attached_to is None, "オーラはつかない")
    colorless = game.place(card("Test Colorless Source", "{1}", "Artifact"), player="B")
    expect.equal(game.deal_damage(colorless, progenitus, 3), 0, "無色の発生源からのダメージも軽減される")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([progenitus])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({thopter: progenitus}), "アーティファクト・クリーチャーにもブロックされない")


def _chosen(game: Game, object_id: int, key: str) -> object:
    obj = game.objects.get(object_id)
    return obj.chosen.get(key) if obj is not None else None


def _protection_from_chosen_player() -> LayerPart:
    def plan(context: Context, state: Seeable) -> Op:
        player = _chosen(context.game, state.id, "player")
        return GainAbilities((Keyword("protection", f"player {player}"),) if player else ())

    return LayerPart(Layer.ABILITY, "has protection from the chosen player", plan, local=True)


TRUE_NAME_NEMESIS = real("真の名の宿敵", card(
    "True-Name Nemesis", "{1}{U}{U}", "Creature — Merfolk Rogue", 3, 1,
    StaticAbility("As True-Name Nemesis enters, choose a player.", replacements=(as_enters_choose(
        ChoiceKind.PLAYER, lambda g: tuple(g.turn_order), "player", "choose a player"),)),
    StaticAbility("True-Name Nemesis has protection from the chosen player.", (_protection_from_chosen_player(),),
                  this_object())))

RED_AURA = card("Test Red Aura", "{R}", "Enchantment — Aura", "enchant creature")


@check("702.16k@20260116.0@2ff10f4d", "702.16b@20260116.0@a64c7873", "702.16e@20260116.0@8fed278b",
       "702.16f@20260116.0@30ba0762", "702.16c@20260116.0@4de6e915")
def protection_from_a_player(expect: Expect) -> None:
    """状況: Aが《真の名の宿敵》を唱え、戦場に出るに際してBを選ぶ。Bの《丘巨人》とオーラ、Cの《丘巨人》。
    行動: Bが《ショック》で、Aが自分の《ショック》で宿敵を対象にしようとする。Bの丘巨人がダメージを与えようとし、Bのオーラをつけようとする。宿敵がBを攻撃し、丘巨人でブロックしようとする。
    結果: 宿敵はBがコントロールする呪文の対象にならず、Bの発生源からのダメージは軽減され、Bのオーラはつかず、Bのクリーチャーにブロックされない。Aの呪文の対象にはなり、Cの丘巨人のダメージは受ける。"""
    game = Game(["A", "B", "C"], library=6)
    nemesis_card = in_hand(game, TRUE_NAME_NEMESIS)
    give_mana(game, "A", "{1}{U}{U}")
    game.choices.script(ChoiceKind.PLAYER, "B", player="A")
    game.cast("A", nemesis_card)
    game.resolve_stack()
    nemesis = game.current(nemesis_card)
    b_giant = game.place(cards.HILL_GIANT, player="B")
    c_giant = game.place(cards.HILL_GIANT, player="C")
    expect.that(targetable(game, "A", cards.SHOCK, nemesis), "Aの呪文の対象にはなる")
    expect.that(not targetable(game, "B", cards.SHOCK, nemesis), "Bの呪文の対象にならない")
    aura = game.place(RED_AURA, player="B")
    game.attach(aura, nemesis)
    expect.that(aura.attached_to is None, "Bのオーラはつかない")
    game.next_turn("A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers({nemesis: "B"})
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({b_giant: nemesis}), "Bのクリーチャーにはブロックされない")
    game.declare_blockers({})
    expect.equal(game.deal_damage(b_giant, nemesis, 1), 0, "Bの発生源からのダメージは軽減される")
    expect.equal(game.deal_damage(c_giant, nemesis, 1), 1, "Cの発生源からのダメージは受ける")


def _protection_from_chosen_color(spares: str) -> LayerPart:
    """"Enchanted creature has protection from the chosen color.  This effect doesn't remove
    [this Aura / permanents already attached to that creature]" (702.16n, 702.16p)."""

    def plan(context: Context, state: Seeable) -> Op:
        source = context.source_state("this Aura")
        color = _chosen(context.game, source.id, "color")
        kept = frozenset({source.id})
        if spares == "already attached":
            there = _chosen(context.game, source.id, "already attached")
            kept |= frozenset(there if isinstance(there, tuple) else ())
        return GainAbilities((Keyword("protection", str(color), spares=kept),) if color else ())

    return LayerPart(Layer.ABILITY, "has protection from the chosen color", plan)


def _choose_color() -> Replacement:
    return as_enters_choose(ChoiceKind.COLOR, lambda g: ("white", "blue", "black", "red", "green"), "color",
                            "choose a color")


def _choose_color_remembering_attached() -> Replacement:
    """As it enters attached to a creature, choose a color, and remember what is already attached
    to that creature: its protection starts to apply now (702.16p)."""
    choose = _choose_color()

    def remember(context: ReplacementContext, move: Move) -> Move:
        from dataclasses import replace

        host = move.attach_to
        there = tuple(o.id for o in context.game.objects.values() if host is not None and o.attached_to == host)
        chosen = choose.replace(context, move)
        assert isinstance(chosen, Move)
        return replace(chosen, choices=(*chosen.choices, ("already attached", there)))

    return Replacement("choose a color", Move, lambda c, m: m.to_zone is Zone.BATTLEFIELD, remember, pure=False,
                       entering_self=True)


CHO_MANNOS_BLESSING = real("チョー＝マノの祝福", card(
    "Cho-Manno's Blessing", "{W}{W}", "Enchantment — Aura", "flash", "enchant creature",
    StaticAbility("As Cho-Manno's Blessing enters, choose a color.", replacements=(_choose_color(),)),
    StaticAbility("Enchanted creature has protection from the chosen color. This effect doesn't remove "
                  "Cho-Manno's Blessing.", (_protection_from_chosen_color("itself"),), attached_to_this())))
BENEVOLENT_BLESSING = real("慈善の祝福", card(
    "Benevolent Blessing", "{W}", "Enchantment — Aura", "flash", "enchant creature",
    StaticAbility("As Benevolent Blessing enters, choose a color.",
                  replacements=(_choose_color_remembering_attached(),)),
    StaticAbility("Enchanted creature has protection from the chosen color. This effect doesn't remove "
                  "permanents that are already attached to that creature.",
                  (_protection_from_chosen_color("already attached"),), attached_to_this())))
WHITE_AURA = card("Test White Aura", "{W}", "Enchantment — Aura", "enchant creature")


def _bless(game: Game, blessing: Card, bears: GameObject) -> GameObject:
    held = in_hand(game, blessing)
    assert blessing.front.mana_cost is not None
    give_mana(game, "A", str(blessing.front.mana_cost))
    game.choices.script(ChoiceKind.COLOR, "white", player="A")
    game.cast("A", held, targets=[bears])
    game.resolve_stack()
    return game.current(held)


@check("702.16n@20260116.0@fe0b2f66", "704.5m@20260116.0@d032e5a1")
def protection_that_doesnt_remove_its_aura(expect: Expect) -> None:
    """状況: Aの《灰色熊》に白いテスト用のオーラがついている。
    行動: Aが《チョー＝マノの祝福》（白）を熊に唱え、白を選ぶ。
    結果: 熊はプロテクション（白）を得る。その効果は祝福自身を取り除かないので祝福は残るが、もう1つの白いオーラは状況起因処理で墓地に置かれる。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    other = game.place(WHITE_AURA, attached_to=bears)
    blessing = _bless(game, CHO_MANNOS_BLESSING, bears)
    expect.that(game.view(bears).has("protection", "white"), "熊はプロテクション（白）を持つ")
    expect.equal(blessing.attached_to, bears.id, "祝福自身は取り除かれない")
    expect.that(other.id not in game.objects, "もう1つの白いオーラは墓地に置かれた")


@check("702.16p@20260116.0@496036f7")
def protection_that_doesnt_remove_what_was_attached(expect: Expect) -> None:
    """状況: Aの《灰色熊》に白いテスト用のオーラがついている。
    行動: Aが《慈善の祝福》（白）を熊に唱え、白を選ぶ。その後、別の白いオーラを熊につけようとする。
    結果: プロテクションが適用され始めたときにすでについていたオーラと祝福自身は残る。そのあと新たな白いオーラはつけられない。"""
    game = Game(["A", "B"], library=6)
    bears = game.place(cards.GRIZZLY_BEARS)
    already = game.place(WHITE_AURA, attached_to=bears)
    blessing = _bless(game, BENEVOLENT_BLESSING, bears)
    expect.that(game.view(bears).has("protection", "white"), "熊はプロテクション（白）を持つ")
    expect.that(already.attached_to == bears.id and blessing.attached_to == bears.id,
                "すでについていたオーラと祝福自身は残る")
    late = game.place(WHITE_AURA)
    game.attach(late, bears)
    expect.that(late.attached_to is None, "後から白いオーラはつけられない")


PLAYER_PROTECTION = card("Test Ward of Flames", "{1}{W}", "Enchantment",
                         StaticAbility("You have protection from red.",
                                       rules=(PlayersHave((Keyword("protection", "red"),)),)))


@check("702.16b@20260116.0@a64c7873", "702.16e@20260116.0@8fed278b")
def a_player_with_protection(expect: Expect) -> None:
    """状況: Aは「あなたはプロテクション（赤）を持つ」テスト用エンチャントをコントロールしている。Bの《丘巨人》（赤）と《灰色熊》（緑）。
    行動: Bが赤の呪文でAを対象にしようとし、丘巨人と熊がAにダメージを与えようとする。
    結果: プロテクションを持つプレイヤーは赤の呪文の対象にならず、赤の発生源からのダメージは軽減される。熊のダメージは受ける。"""
    from kb.engine import any_target

    shock = card("Test Shock", "{R}", "Instant", spell=SpellAbility(
        "It deals 2 damage to any target.", _damage(2), (any_target(),)))
    game = Game(["A", "B"], library=6)
    expect.that(targetable(game, "B", shock, "A"), "プロテクションがなければ対象にできる")
    game.place(PLAYER_PROTECTION)
    giant = game.place(cards.HILL_GIANT, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    expect.that(not targetable(game, "B", shock, "A"), "赤の呪文の対象にならない")
    expect.equal(game.deal_damage(bears, "A", 2), 2, "緑の発生源のダメージは受ける")
    expect.equal(game.deal_damage(giant, "A", 3), 0, "赤の発生源のダメージは軽減される")
    expect.equal(game.players["A"].life, 18, "Aのライフは熊の2点だけ減った")


@check("702.21b@20260116.0@eb4e0728", "702.21a@20260116.0@1be21921")
def ward_x_is_worked_out_as_it_resolves(expect: Expect) -> None:
    """状況: Aの「護法{X}（Xはあなたの手札のカードの枚数）」を持つテスト用クリーチャー。Aの手札は1枚。Bは{R}と{2}を持つ。
    行動: Bが《ショック》でそれを対象にし、護法が誘発する。その解決前にAがカードを2枚引く。
    結果: Xは誘発したときでなく解決するときに決まるので3になり、Bは{3}を払えず、ショックは打ち消される。"""
    game = Game(["A", "B"], library=6)
    warded = game.place(card("Test Ward-X Bear", "{1}{G}", "Creature — Bear", 2, 2,
                             "ward {X}, where X is the number of cards in your hand"))
    in_hand(game, cards.GRIZZLY_BEARS, "A")
    shock = in_hand(game, cards.SHOCK, "B")
    game.add_mana("B", "{R}{C}{C}")
    game.pass_priority_to("B")
    game.cast("B", shock, targets=[warded])
    game.refresh_priority()
    expect.equal(len(game.stack), 2, "護法が誘発した")
    game.draw("A", 2)
    game.choices.script(ChoiceKind.PAY, True, player="B")
    game.resolve_stack()
    expect.that(warded.id in game.objects, "Xは3なので払えず、ショックは打ち消された")
    expect.equal(game.players["B"].mana.total, 2, "Bのマナは残っている")
