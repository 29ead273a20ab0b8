"""Cards, objects, permanents, tokens, spells and abilities (108-113), targets (115) and special
actions (116): statuses kept through copy effects, tokens' names and copiable values, effects that
follow a spell onto the battlefield, where abilities function, what is and isn't an ability, and
changing targets."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cards_basics import JADE_MAGE, REASSEMBLING_SKELETON, RUNECLAW_BEAR
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    CantBeBlocked,
    CardType,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Supertype,
    TargetSpec,
    TriggeredAbility,
    Zone,
    any_target,
    at_beginning_of,
    attached_to_this,
    becomes_color,
    card,
    cards_in,
    copies,
    cost,
    creatures,
    dies,
    enters,
    face,
    gain,
    layouts,
    linked,
    meld,
    modify_pt,
    retarget,
    stack,
    target,
    target_creature,
    target_player,
    target_spell,
    token,
    where,
)
from kb.engine.choices import Choice
from kb.engine.events import ZoneChanged
from kb.engine.mana import Color
from kb.engine.objects import GameObject
from kb.engine.turn import Step

# -- flip cards and copy effects (110.5c) -------------------------------------------------------------


def _jushi(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    game.draw(resolution.controller)
    if len(game.hand(resolution.controller)) >= 9 and source is not None and source in game.objects:
        layouts.flip(game, game.objects[source])


def _tomoya(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, str):
        resolution.game.draw(chosen, len(resolution.game.hand(resolution.controller)))


JUSHI_APPRENTICE = real("呪師の弟子", card(
    "Jushi Apprentice", "{1}{U}", "Creature — Human Wizard", 1, 2,
    ActivatedAbility("{2}{U}, {T}: Draw a card. Then if you have nine or more cards in hand, flip Jushi Apprentice.",
                     cost("{2}{U}, {T}"), _jushi),
    flip=face("Tomoya the Revealer", None, "Legendary Creature — Human Wizard", 2, 3,
              ActivatedAbility("{3}{U}{U}, {T}: Target player draws X cards, where X is the number of cards in "
                               "your hand.", cost("{3}{U}{U}, {T}"), _tomoya, (target_player(),)))))
cards.POOL.japanese["暴く者、智也"] = "Tomoya the Revealer"  # the flipped halves, named in the statements
cards.POOL.japanese["憎まれ者の傷弄り"] = "Stabwhisker the Odious"


def _shortfang(resolution: Resolution) -> None:
    game, source, victim = resolution.game, resolution.source_id, resolution.target
    if not isinstance(victim, str):
        return
    hand = game.hand(victim)
    if hand:
        chosen = game.choices.ask(_discard_choice(victim, hand))
        game.move(chosen, Zone.GRAVEYARD)  # type: ignore[arg-type]
    if not game.hand(victim) and source is not None and source in game.objects:
        layouts.flip(game, game.objects[source])


def _discard_choice(player: str, hand: list[GameObject]) -> Choice:
    return Choice(ChoiceKind.DISCARD, player, "discard a card", tuple(hand))


def _stabwhisker(resolution: Resolution) -> None:
    event = resolution.event
    player = getattr(event, "player", None)
    if isinstance(player, str):
        resolution.game.lose_life(player, max(0, 3 - len(resolution.game.hand(player))))


NEZUMI_SHORTFANG = real("鼠の短牙", card(
    "Nezumi Shortfang", "{1}{B}", "Creature — Rat Rogue", 1, 1,
    ActivatedAbility("{1}{B}, {T}: Target opponent discards a card. Then if that player has no cards in hand, flip "
                     "Nezumi Shortfang.", cost("{1}{B}, {T}"), _shortfang, (target_player("opponent"),)),
    flip=face("Stabwhisker the Odious", None, "Legendary Creature — Rat Shaman", 3, 3,
              TriggeredAbility("At the beginning of each opponent's upkeep, that player loses 1 life for each card "
                               "fewer than three in their hand.", at_beginning_of(Step.UPKEEP, "opponent"),
                               _stabwhisker))))


def _doppelganger(resolution: Resolution) -> None:
    game, source, chosen = resolution.game, resolution.source_id, resolution.target
    if not isinstance(chosen, int) or chosen not in game.objects or source is None:
        return
    [exiled] = game.exile(chosen)
    if exiled is not None:
        copies.become_copy(game, source, exiled.id, gains=(DOPPELGANGER_ABILITY,), source=source,
                           controller=resolution.controller)


DOPPELGANGER_ABILITY = ActivatedAbility(
    "{1}{U}{B}: Exile target creature card from a graveyard. Dimir Doppelganger becomes a copy of that card, except "
    "it has this ability.", cost("{1}{U}{B}"), _doppelganger,
    (target(cards_in(Zone.GRAVEYARD, CardType.CREATURE), "target creature card in a graveyard"),))
DIMIR_DOPPELGANGER = real("ディミーアのドッペルゲンガー", card(
    "Dimir Doppelganger", "{1}{U}{B}", "Creature — Shapeshifter", 0, 2, DOPPELGANGER_ABILITY))


def _copy_with_doppelganger(game: Game, doppelganger: int, card_id: int) -> None:
    give_mana(game, "A", "{1}{U}{B}")
    game.activate("A", doppelganger, DOPPELGANGER_ABILITY, targets=[card_id])
    game.resolve_stack()


@check("110.5c@20260116.0@1c81c68c", "707.3@20260116.0@6feb8daa", "710.2@20260116.0@4e2e241f",
       "707.9a@20260116.0@46f2e7e8", "710.1c@20260116.0@546d13b0", "110.5@20260116.0@b17cdbc9", example="110.5c#1@55fd2eec")
def dimir_doppelganger_stays_flipped(expect: Expect) -> None:
    """状況: Aは《ディミーアのドッペルゲンガー》をコントロールし、手札は8枚。Bの墓地に反転カード《呪師の弟子》と
    《鼠の短牙》、《ルーン爪の熊》がある。
    行動: ドッペルゲンガーが能力で呪師の弟子のコピーになり、その（コピーした）能力でカードを引いて手札が9枚になり反転する。
    次に能力で熊のコピーになり、最後に鼠の短牙のコピーになる。
    結果: 反転すると、ドッペルゲンガーの能力を持った《暴く者、智也》になる。熊のコピーになっても反転の位相は意味を
    持たないまま残り、鼠の短牙のコピーになると、その反転した側の《憎まれ者の傷弄り》（能力つき）になる。"""
    game = Game(["A", "B"])
    doppelganger = game.place(DIMIR_DOPPELGANGER)
    for _ in range(8):
        in_hand(game, cards.GRIZZLY_BEARS)
    jushi = game.place(JUSHI_APPRENTICE, Zone.GRAVEYARD, "B")
    bear = game.place(RUNECLAW_BEAR, Zone.GRAVEYARD, "B")
    shortfang = game.place(NEZUMI_SHORTFANG, Zone.GRAVEYARD, "B")
    _copy_with_doppelganger(game, doppelganger.id, jushi.id)
    view = game.view(doppelganger)
    expect.that(view.name == "Jushi Apprentice" and DOPPELGANGER_ABILITY in view.abilities,
                "呪師の弟子のコピーになり、この能力も持っている")
    give_mana(game, "A", "{2}{U}")
    game.activate("A", doppelganger, "{2}{U}, {T}")
    game.resolve_stack()
    view = game.view(doppelganger)
    expect.that(view.status.flipped and view.name == "Tomoya the Revealer", "手札が9枚になって反転し、暴く者、智也になった")
    expect.that(Supertype.LEGENDARY in view.supertypes and view.pt == (2, 3)
                and view.colors == frozenset({Color.BLUE}) and DOPPELGANGER_ABILITY in view.abilities,
                "伝説の2/3で、色は反転前の青のまま、ドッペルゲンガーの能力を持っている")
    game.untap(doppelganger)
    _copy_with_doppelganger(game, doppelganger.id, bear.id)
    view = game.view(doppelganger)
    expect.that(view.name == "Runeclaw Bear" and view.pt == (2, 2), "ルーン爪の熊のコピーになった")
    expect.that(view.status.flipped, "反転の位相は意味を持たないが、そのまま残っている")
    _copy_with_doppelganger(game, doppelganger.id, shortfang.id)
    view = game.view(doppelganger)
    expect.that(view.name == "Stabwhisker the Odious" and view.pt == (3, 3) and DOPPELGANGER_ABILITY in view.abilities,
                "反転しているので、鼠の短牙の反転した側の憎まれ者の傷弄り（能力つき）になった")


# -- tokens (111) ---------------------------------------------------------------------------------------


@check("111.3@20260116.0@3f6b67b1", "111.4@20260116.0@2b86bbe8", "111.2@20260116.0@05127b88",
       "111.1@20260116.0@bbe32746", example="111.3#1@17bb1f62")
def jade_mage_token_has_only_what_the_ability_gives(expect: Expect) -> None:
    """状況: Aの《翡翠の魔道士》。
    行動: Aが能力を起動して解決する。
    結果: Aがオーナーでありコントロールする緑の1/1の苗木・クリーチャー・トークンが生成される。マナ・コストも特殊タイプも
    能力も持たず、名前は「苗木・トークン」である。"""
    game = Game(["A", "B"])
    mage = game.place(JADE_MAGE)
    give_mana(game, "A", "{2}{G}")
    game.activate("A", mage)
    game.resolve_stack()
    [saproling] = [o for o in game.battlefield("A") if o.is_token]
    view = game.view(saproling)
    expect.that(view.owner == view.controller == "A", "生成したAがオーナーで、コントローラー")
    expect.that(view.is_a(CardType.CREATURE) and view.subtypes == frozenset({"Saproling"}) and view.pt == (1, 1)
                and view.colors == frozenset({Color.GREEN}), "緑の1/1の苗木・クリーチャー")
    expect.that(view.mana_cost is None and not view.supertypes and not view.abilities,
                "マナ・コスト、特殊タイプ、能力を持たない")
    expect.equal(view.name, "Saproling Token", "名前はサブタイプに「トークン」を加えたもの")


def _dwarves(resolution: Resolution) -> None:
    resolution.game.create_token(token(None, "Creature — Dwarf Berserker", 2, 1, colors="R"), resolution.controller,
                                 2)


DWARVEN_REINFORCEMENTS = real("ドワーフの援軍", card(
    "Dwarven Reinforcements", "{3}{R}", "Sorcery", spell=SpellAbility(
        "Create two 2/1 red Dwarf Berserker creature tokens.", _dwarves)))
"""ドワーフの援軍; its flashback is left out."""


@check("111.4@20260116.0@2b86bbe8", example="111.4#1@c68e2f27")
def dwarf_berserker_tokens_are_named_for_their_subtypes(expect: Expect) -> None:
    """状況: Aの手札に《ドワーフの援軍》。
    行動: Aがそれを唱えて解決する。
    結果: 赤の2/1のトークンが2体生成され、それぞれ名前は「ドワーフ・狂戦士・トークン」、クリーチャー・タイプはドワーフと
    狂戦士である。"""
    game = Game(["A", "B"])
    cast(game, "A", DWARVEN_REINFORCEMENTS)
    made = [game.view(o) for o in game.battlefield("A") if o.is_token]
    expect.equal(len(made), 2, "トークンが2体生成された")
    expect.that(all(v.name == "Dwarf Berserker Token" and v.subtypes == frozenset({"Dwarf", "Berserker"})
                    and v.pt == (2, 1) for v in made), "名前は「ドワーフ・狂戦士・トークン」で、ドワーフと狂戦士の2/1")


def _boo(resolution: Resolution) -> None:
    resolution.game.create_token(token("Boo", "Legendary Creature — Hamster", 1, 1, "trample", "haste", colors="R"),
                                 resolution.controller)


MINSC = real("敬愛されるレンジャー、ミンスク", card(
    "Minsc, Beloved Ranger", "{R}{G}{W}", "Legendary Creature — Human Ranger", 3, 3,
    TriggeredAbility("When Minsc enters, create Boo, a legendary 1/1 red Hamster creature token with trample and "
                     "haste.", enters(), _boo)))
"""敬愛されるレンジャー、ミンスク; its activated ability is left out."""


@check("111.4@20260116.0@2b86bbe8", "111.9@20260116.0@ef316df4", example="111.4#2@7095cb2d")
def boo_is_named_boo(expect: Expect) -> None:
    """状況: Aの手札に《敬愛されるレンジャー、ミンスク》。
    行動: Aがミンスクを唱え、戦場に出たときの誘発型能力が解決する。
    結果: 「ブー」という名前の、トランプルと速攻を持つ伝説の赤の1/1のハムスター・トークンが生成される。名前が明示されて
    いるので、名前に「ハムスター」や「トークン」は加わらない。"""
    game = Game(["A", "B"])
    cast(game, "A", MINSC)
    [boo] = [game.view(o) for o in game.battlefield("A") if o.is_token]
    expect.equal(boo.name, "Boo", "名前は「ブー」だけ")
    expect.that(boo.subtypes == frozenset({"Hamster"}) and Supertype.LEGENDARY in boo.supertypes
                and boo.has("trample") and boo.has("haste"), "サブタイプはハムスター、伝説でトランプルと速攻を持つ")


def _spitting_image(resolution: Resolution) -> None:
    chosen = resolution.objects(0)
    if chosen:
        copies.create_token_copies(resolution.game, chosen[0], resolution.controller)


SPITTING_IMAGE = real("瓜二つ", card(
    "Spitting Image", "{4}{G/U}{G/U}", "Sorcery", spell=SpellAbility(
        "Create a token that's a copy of target creature.", _spitting_image,
        (target_creature(),))))
"""瓜二つ; its retrace is left out."""


def _zombie(resolution: Resolution) -> None:
    resolution.game.create_token(token(None, "Creature — Zombie", 2, 2, colors="B"), resolution.controller)


DOOMED_DISSENTER = real("悪運尽きた造反者", card(
    "Doomed Dissenter", "{1}{B}", "Creature — Human", 1, 1,
    TriggeredAbility("When Doomed Dissenter dies, create a 2/2 black Zombie creature token.", dies(), _zombie)))


@check("111.4@20260116.0@2b86bbe8", "707.2@20260116.0@f5bf13dd", example="111.4#3@cd6a5069")
def a_token_copy_takes_the_original_name(expect: Expect) -> None:
    """状況: Bの《悪運尽きた造反者》（人間）。Aの手札に《瓜二つ》。
    行動: Aが造反者を対象に瓜二つを唱え、解決する。
    結果: 生成されるトークンの特性は造反者のコピー可能な値と一致し、名前は「悪運尽きた造反者」（「人間・トークン」などでは
    ない）。Aがコントロールし、死亡したときの能力も持っている。"""
    game = Game(["A", "B"])
    dissenter = game.place(DOOMED_DISSENTER, player="B")
    cast(game, "A", SPITTING_IMAGE, [dissenter])
    [copy] = [game.view(o) for o in game.battlefield("A") if o.is_token]
    expect.equal(copy.name, "Doomed Dissenter", "名前は「悪運尽きた造反者」")
    expect.that(copy.characteristics == game.view(dissenter).copiable and copy.controller == "A",
                "特性は造反者のコピー可能な値と同じで、Aがコントロールしている")


@check("111.11@20260116.0@fb705992", "208.2a@20260116.0@e454457d", example="111.11#1@4ea63315")
def a_token_named_after_a_card(expect: Expect) -> None:
    """状況: Aは「あなたがコントロールしている1体以上のクリーチャーがプレイヤー1人に戦闘ダメージを与えるたび、
    タルモゴイフ・トークン1体を生成する」を持つテスト用クリーチャーをコントロールしている。Aの墓地にクリーチャー・カードと
    インスタント・カードがある。
    行動: そのクリーチャーでBを攻撃し、戦闘ダメージを与える。
    結果: 生成されたトークンは「タルモゴイフ」という名前のカードの特性を持つ：マナ・コスト{1}{G}、ルーフゴイフ、
    パワーとタフネスを定める能力により2/3。"""
    from kb.checks.cr.cr613_layers import TARMOGOYF
    from kb.engine import deals_damage

    def make_goyf(resolution: Resolution) -> None:
        resolution.game.create_token(TARMOGOYF, resolution.controller)

    game = Game(["A", "B"])
    raider = game.place(card("Test Goyf Caller", "{2}{G}", "Creature — Human Scout", 2, 2, TriggeredAbility(
        "Whenever one or more creatures you control deal combat damage to a player, create a Tarmogoyf token.",
        deals_damage(creatures(controller="you"), combat_only=True, to_player=True), make_goyf)))
    game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    game.place(cards.GIANT_GROWTH, Zone.GRAVEYARD, "A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([raider])
    game.advance_to(Step.END_OF_COMBAT)
    [goyf] = [game.view(o) for o in game.battlefield("A") if o.is_token]
    expect.equal((goyf.name, str(goyf.mana_cost)), ("Tarmogoyf", "{1}{G}"), "名前とマナ・コストはタルモゴイフのもの")
    expect.equal(goyf.pt, (2, 3), "特性定義能力により、墓地のカード・タイプ2種類で2/3")


def _imprint(resolution: Resolution) -> None:
    game, source, event = resolution.game, resolution.source_id, resolution.event
    old_id = getattr(event, "old_id", None)
    found = [game.objects[i] for i in meld.found_cards(game, old_id) if game.objects[i].zone is Zone.GRAVEYARD] \
        if isinstance(old_id, int) else []  # both cards of a melded permanent, one choice (712.21c)
    if source is None or not found:
        return
    if not game.choices.ask(_may(resolution.controller, "exile that card with Mimic Vat?")):
        return
    others = linked.exiled_with(game, source)
    linked.exile_with(game, source, found)
    game.objects[source].exiled_with_it = [i for i in game.objects[source].exiled_with_it if i not in others]
    for other in others:
        game.move(other, Zone.GRAVEYARD)


def _may(player: str, prompt: str) -> Choice:
    return Choice(ChoiceKind.MAY, player, prompt, (True, False))


def _decant(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    exiled = linked.exiled_with(game, source) if source is not None else []
    made = copies.create_token_copies(game, exiled[0] if exiled else None, resolution.controller)
    if made:
        resolution.create_effect("gains haste", [gain("haste")], [made[0].id])


MIMIC_VAT = real("ミミックの大桶", card(
    "Mimic Vat", "{3}", "Artifact",
    TriggeredAbility("Whenever a nontoken creature dies, you may exile that card. If you do, return each other card "
                     "exiled with Mimic Vat to its owner's graveyard.",
                     dies(creatures() & where("nontoken", lambda c, o: not c.game.last_known_view(o.id).token,
                                              frozenset())), _imprint),
    ActivatedAbility("{3}, {T}: Create a token that's a copy of a card exiled with Mimic Vat. It gains haste. Exile it "
                     "at the beginning of the next end step.", cost("{3}, {T}"), _decant)))
"""ミミックの大桶; the delayed exile of the token at the next end step is left out."""


@check("111.12@20260116.0@5bd50a3c", "406.6@20260116.0@aa7b1162", example="111.12#1@6853df41")
def mimic_vat_copies_nothing_when_nothing_was_exiled(expect: Expect) -> None:
    """状況: Aの《ミミックの大桶》。これによって追放されているカードはない。
    行動: Aが大桶の起動型能力を起動して解決する。次に《灰色熊》が死亡し、Aはそれを大桶で追放してから、もう一度起動する。
    結果: 存在しないオブジェクトのコピーは生成されないので、1回目はトークンが生成されない。2回目は、大桶で追放された
    熊のコピーである、速攻を持つトークンが生成される。"""
    game = Game(["A", "B"])
    vat = game.place(MIMIC_VAT)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    give_mana(game, "A", "{3}")
    game.activate("A", vat)
    game.resolve_stack()
    expect.equal([o for o in game.battlefield() if o.is_token], [], "追放されているカードがないのでトークンは生成されない")
    game.untap(vat)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.destroy(bears)
    game.resolve_stack()
    expect.that(any(o.card is cards.GRIZZLY_BEARS for o in game.in_zone(Zone.EXILE)), "死亡した熊は大桶で追放された")
    give_mana(game, "A", "{3}")
    game.activate("A", vat)
    game.resolve_stack()
    [copy] = [game.view(o) for o in game.battlefield("A") if o.is_token]
    expect.that(copy.name == "Grizzly Bears" and copy.has("haste"), "熊のコピーであるトークンが速攻を得て生成された")


# -- spells (112) ------------------------------------------------------------------------------------------


def _whiten(resolution: Resolution) -> None:
    resolution.create_effect("becomes white", [becomes_color("W")], resolution.objects(0))


WHITEWASH = card("Test Whitewash", "{W}", "Instant", spell=SpellAbility(
    "Target spell becomes white.", _whiten, (target_spell(),)))
"""Test: an instant, "Target spell becomes white" (with no duration)."""


@check("112.4@20260116.0@a7f9abc0", "400.7@20260116.0@6d94caf3", "112.1@20260116.0@9698e483",
       "112.3@20260116.0@b0650bd6", "110.4b@20260116.0@5c7f55d5", example="112.4#1@b44e40cd")
def a_spell_made_white_stays_white_as_a_permanent(expect: Expect) -> None:
    """状況: Aが黒のクリーチャー・呪文（テスト用の2/2）を唱え、スタックにある。
    行動: それに対応して、Bが「呪文1つを対象とする。それは白になる」テスト用インスタントで、その呪文を対象にする。両方が解決する。
    結果: 呪文は白になり、戦場に出たクリーチャーも、その効果が続く限り白のままである。"""
    game = Game(["A", "B"])
    corpse = in_hand(game, card("Test Zombie", "{1}{B}", "Creature — Zombie", 2, 2))
    give_mana(game, "A", "{1}{B}")
    spell = game.cast("A", corpse)
    game.pass_priority_to("B")
    whitewash = in_hand(game, WHITEWASH, "B")
    give_mana(game, "B", "{W}")
    game.cast("B", whitewash, targets=[spell])
    game.resolve_top()
    expect.equal(game.view(spell).colors, frozenset({Color.WHITE}), "スタック上で白になった")
    game.resolve_stack()
    permanent = game.current(spell)
    expect.that(permanent.zone is Zone.BATTLEFIELD and game.view(permanent).colors == frozenset({Color.WHITE}),
                "戦場に出たクリーチャーも白のまま")


# -- abilities (113) ---------------------------------------------------------------------------------------


@check("113.6m@20260116.0@224a72a6", "113.6b@20260116.0@61bb413d", "109.5@20260116.0@112132cd",
       "108.4a@20260116.0@bf5cd550", example="113.6m#1@ce5604cd")
def reassembling_skeleton_works_from_the_graveyard(expect: Expect) -> None:
    """状況: Aの《組み直しの骸骨》が戦場にある。
    行動: Aが戦場にある骸骨の「あなたの墓地にあるこのカードをタップ状態で戦場に戻す」を起動しようとする。骸骨が墓地に
    置かれてから、もう一度起動する。
    結果: 戦場では起動できない。墓地にあれば起動でき、解決すると骸骨はタップ状態で戦場に戻る。"""
    game = Game(["A", "B"])
    skeleton = game.place(REASSEMBLING_SKELETON)
    give_mana(game, "A", "{1}{B}")
    expect.refused(lambda: game.activate("A", skeleton), "戦場にある間は起動できない")
    [dead] = game.destroy(skeleton)
    assert dead is not None
    game.activate("A", dead)
    game.resolve_stack()
    back = game.current(dead)
    expect.that(back.zone is Zone.BATTLEFIELD and back.tapped, "墓地から起動し、タップ状態で戦場に戻った")


MURAGANDA_PETROGLYPHS = real("ムラガンダの印刻", card(
    "Muraganda Petroglyphs", "{3}{G}", "Enchantment",
    StaticAbility("Creatures with no abilities get +2/+2.", (modify_pt(2, 2),),
                  creatures() & where("with no abilities", lambda c, o: not o.abilities, frozenset({"abilities"}),
                                      local=True))))


def _aura(name: str, ability: StaticAbility) -> object:
    return card(name, "{1}", "Enchantment — Aura", "enchant creature", ability)


@check("113.12@20260116.0@d996f9e2", "509.1b@20260116.0@e1f52e74", "113.3d@20260116.0@38d87649",
       example="113.12#1@151ce195")
def petroglyphs_and_abilities_given_or_not(expect: Expect) -> None:
    """状況: Aの《ムラガンダの印刻》と、能力を持たない《ルーン爪の熊》3体。
    行動: 1体目に「エンチャントしているクリーチャーは飛行を持つ」、2体目に「エンチャントしているクリーチャーは赤である」、
    3体目に「エンチャントしているクリーチャーはブロックされない」テスト用オーラをつける。
    結果: 飛行を得た熊は能力を持つので+2/+2の修整を受けない（2/2）。赤になった熊とブロックされない熊は能力を得て
    いないので、修整を受けて4/4のままである。"""
    from kb.engine import Card

    game = Game(["A", "B"])
    game.place(MURAGANDA_PETROGLYPHS)
    bears = [game.place(RUNECLAW_BEAR) for _ in range(3)]
    expect.that(all(game.view(b).pt == (4, 4) for b in bears), "能力を持たない熊は4/4")
    auras = [
        _aura("Test Wings", StaticAbility("Enchanted creature has flying.", (gain("flying"),), attached_to_this())),
        _aura("Test Red Paint", StaticAbility("Enchanted creature is red.", (becomes_color("R"),),
                                              attached_to_this())),
        _aura("Test Cloak of Mist", StaticAbility("Enchanted creature can't be blocked.",
                                                  rules=(CantBeBlocked(attached_to_this()),))),
    ]
    for aura, bear in zip(auras, bears, strict=True):
        assert isinstance(aura, Card)
        game.place(aura, attached_to=bear)
    flying, red, unblockable = (game.view(b) for b in bears)
    expect.that(flying.has("flying") and flying.pt == (2, 2), "飛行を持つ熊は修整を受けない")
    expect.that(red.colors == frozenset({Color.RED}) and red.pt == (4, 4), "赤になった熊は能力を得ておらず4/4")
    expect.that(not unblockable.abilities and unblockable.pt == (4, 4), "ブロックされない熊も能力を得ておらず4/4")
    blocker = game.place(cards.GRIZZLY_BEARS, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears[2]])
    game.advance_to(Step.DECLARE_BLOCKERS)
    expect.refused(lambda: game.declare_blockers({blocker: bears[2]}), "それでもその熊はブロックされない")


# -- targets (115) -----------------------------------------------------------------------------------------


def _arc_trail(resolution: Resolution) -> None:
    game, source = resolution.game, resolution.source_id
    assert source is not None
    for index, amount in ((0, 2), (1, 1)):
        for chosen in resolution.targets(index):
            game.deal_damage(source, chosen, amount)


ARC_TRAIL = real("電弧の痕跡", card(
    "Arc Trail", "{1}{R}", "Sorcery", spell=SpellAbility(
        "Arc Trail deals 2 damage to any target and 1 damage to another target.", _arc_trail,
        (any_target(), any_target(other=True)))))


def _redirect(resolution: Resolution) -> None:
    chosen = resolution.target
    if isinstance(chosen, int):
        retarget.choose_new_targets(resolution.game, resolution.controller, stack.find(resolution.game, chosen))


REDIRECT = real("移し変え", card(
    "Redirect", "{U}{U}", "Instant", spell=SpellAbility(
        "You may choose new targets for target spell.", _redirect, (target_spell(),))))


@check("115.7e@20260116.0@9e603224", "115.7d@20260116.0@3ed4c8d2", "115.1a@20260116.0@0970a1b5",
       "115.7@20260116.0@92d61ef4", example="115.7e#1@a6059a77")
def arc_trail_targets_trade_places(expect: Expect) -> None:
    """状況: Aの《電弧の痕跡》の対象が、順にBの《ルーン爪の熊》と《ラノワールのエルフ》である。
    行動: Bが電弧の痕跡を対象に《移し変え》を唱え、1つ目の対象をエルフに、2つ目の対象を熊に変える。
    結果: 最終的な対象だけを見て判断するので、入れ替えは適正である。エルフは2点のダメージで死亡し、熊は1点のダメージを負う。
    一方、2つとも同じエルフにする変更は不正である。"""
    from kb.checks.cr.cr601_casting import LLANOWAR_ELVES

    game = Game(["A", "B"])
    bear = game.place(RUNECLAW_BEAR, player="B")
    elves = game.place(LLANOWAR_ELVES, player="B")
    trail = in_hand(game, ARC_TRAIL)
    give_mana(game, "A", "{1}{R}")
    spell = game.cast("A", trail, targets=[bear, elves])
    item = stack.find(game, spell)
    expect.refused(lambda: retarget.change_targets(game, item, ((elves.id,), (elves.id,))),
                   "2つの対象を同じエルフにすることはできない")
    game.pass_priority_to("B")
    game.choices.script(ChoiceKind.MAY, True, player="B")
    game.choices.script(ChoiceKind.TARGETS, ((elves.id,), (bear.id,)), player="B")
    cast(game, "B", REDIRECT, [spell])
    expect.that(elves.id not in game.objects and game.view(bear).damage == 1,
                "対象が入れ替わり、エルフは2点で死亡し、熊は1点のダメージを負った")



# -- permanents (110) --------------------------------------------------------------------------------------


def _reanimate_under_your_control(resolution: Resolution) -> None:
    chosen = resolution.objects(0)
    if chosen:
        resolution.game.put_onto_battlefield(chosen[0], resolution.controller)


TEST_REANIMATION = card("Test Reanimation", "{1}{B}", "Sorcery", spell=SpellAbility(
    "Put target creature card from a graveyard onto the battlefield under your control.", _reanimate_under_your_control,
    (target(cards_in(Zone.GRAVEYARD, CardType.CREATURE), "target creature card in a graveyard"),)))
"""Test: a sorcery, "Put target creature card from a graveyard onto the battlefield under your control"."""


@check("110.2@20260116.0@c1ba41bc", "110.2a@20260116.0@f7511d11", "110.5b@20260116.0@a4ad2929",
       "108.3@20260116.0@d0e3d61b")
def a_permanent_put_onto_the_battlefield_by_an_effect(expect: Expect) -> None:
    """状況: Bの墓地に《灰色熊》がある。
    行動: Aが「墓地にあるクリーチャー・カード1枚を対象とする。それをあなたのコントロール下で戦場に出す」テスト用ソーサリーで
    その熊を対象にし、解決する。
    結果: 熊はAのコントロール下で、アンタップ状態で戦場に出る。オーナーは熊をデッキに入れていたBのままである。"""
    game = Game(["A", "B"])
    dead = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    cast(game, "A", TEST_REANIMATION, [dead])
    bears = game.current(dead)
    view = game.view(bears)
    expect.that(view.zone is Zone.BATTLEFIELD and view.controller == "A" and not view.tapped,
                "熊はAのコントロール下でアンタップ状態で戦場に出た")
    expect.equal(view.owner, "B", "オーナーはBのまま")


@check("110.4c@20260116.0@a777c276")
def a_permanent_without_permanent_types_stays(expect: Expect) -> None:
    """状況: Aの《羽ばたき飛行機械》（アーティファクト・クリーチャー）。
    行動: 効果によって、それがアーティファクトでもクリーチャーでもなくなる。
    結果: パーマネント・タイプをすべて失っても、それは戦場に残るパーマネントである。"""
    from kb.engine import lose_types

    game = Game(["A", "B"])
    thopter = game.place(cards.ORNITHOPTER)
    game.create_effect("loses its types", [lose_types("Artifact", "Creature")], [thopter])
    game.refresh_priority()
    expect.that(not game.view(thopter).types, "カード・タイプを持たない")
    expect.that(thopter in game.battlefield("A"), "それでも戦場に残るパーマネントである")


# -- tokens (111) ---------------------------------------------------------------------------------------------


def _flicker_all(resolution: Resolution) -> None:
    game = resolution.game
    exiled = game.exile(*resolution.objects(0))
    for gone in exiled:
        if gone is not None:
            game.put_onto_battlefield(gone, resolution.controller)


TEST_FLICKER = card("Test Flicker", "{1}{W}", "Instant", spell=SpellAbility(
    "Exile two target creatures you control, then return those cards to the battlefield under your control.",
    _flicker_all, (TargetSpec("two target creatures you control", creatures(controller="you"), None, 2),)))
"""Test: an instant, "Exile two target creatures you control, then return those cards to the battlefield under your
control"."""


@check("111.8@20260116.0@29097d27", "111.7@20260116.0@759e6290", "111.6@20260116.0@9ef1c29e",
       "400.7j@20260116.0@d217751b")
def a_token_that_left_the_battlefield_stays_gone(expect: Expect) -> None:
    """状況: Aは《灰色熊》と苗木・トークンをコントロールしている。
    行動: Aが両方を対象に「あなたがコントロールするクリーチャー2体を対象とする。それらを追放し、その後それらを戦場に戻す」
    テスト用インスタントを唱え、解決する。
    結果: トークンもクリーチャーとしてこの呪文の影響を受けて追放される。熊は戦場に戻るが、戦場を離れたトークンは戻らず
    追放領域に残り、状況起因処理で消滅する。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    [sap] = game.create_token(token(None, "Creature — Saproling", 1, 1, colors="G"), "A")
    cast(game, "A", TEST_FLICKER, [[bears, sap]])
    back = game.current(bears)
    expect.that(back.zone is Zone.BATTLEFIELD, "熊は戦場に戻った")
    moves = [(e.from_zone, e.to_zone) for e in game.events(ZoneChanged)
             if e.old_id == sap.id or (e.old_id is not None and game.became.get(sap.id) == e.old_id)]
    expect.equal(moves, [(Zone.BATTLEFIELD, Zone.EXILE)], "トークンは追放されたが、戦場には戻らなかった")
    expect.that(not any(o.is_token for o in game.objects.values()), "追放領域に残ったトークンは状況起因処理で消滅した")


@check("111.10@20260116.0@63c560cb", "111.10a@20260116.0@abe30d4e", "111.10b@20260116.0@c2f829b4",
       "111.10c@20260116.0@ddae16c0", "111.10f@20260116.0@a288a47a", "111.10g@20260116.0@c1b86181",
       "111.10h@20260116.0@26c11179")
def predefined_tokens(expect: Expect) -> None:
    """状況: Aが宝物、食物、金、手掛かり、血、パワーストーンのトークンを1つずつ生成する。
    行動: それぞれの能力を起動する。パワーストーンの{C}でテスト用ソーサリー（{1}）とテスト用アーティファクト（{1}）を
    唱えようとする。
    結果: どれも名前がサブタイプ＋トークンの無色のアーティファクトである。宝物と金はそれを生け贄に捧げて好きな色のマナを
    1点加え、食物は3点のライフを得させ、手掛かりと血はカードを1枚引かせる。パワーストーンの{C}はアーティファクトでない
    呪文には使えないが、アーティファクト・呪文には使える。"""
    from kb.engine.predefined_tokens import BLOOD, CLUE, FOOD, GOLD, POWERSTONE, TREASURE

    game = Game(["A", "B"])
    made = {t.name: game.create_token(t, "A")[0] for t in (TREASURE, FOOD, GOLD, CLUE, BLOOD, POWERSTONE)}
    expect.that(all(game.view(o).is_a(CardType.ARTIFACT) and not game.view(o).colors and
                    game.view(o).name == f"{next(iter(game.view(o).subtypes))} Token" for o in made.values()),
                "どれも無色のアーティファクトで、名前はサブタイプに「トークン」を加えたもの")
    pool = game.players["A"].mana
    game.choices.script(ChoiceKind.COLOR, "{G}", player="A")
    game.activate("A", made["Treasure Token"])
    game.choices.script(ChoiceKind.COLOR, "{R}", player="A")
    game.activate("A", made["Gold Token"])
    pool = game.players["A"].mana
    expect.that(pool.amount("G") == 1 and pool.amount("R") == 1 and made["Treasure Token"].id not in game.objects
                and made["Gold Token"].id not in game.objects, "宝物と金は生け贄に捧げられ、選んだ色のマナを加えた")
    pool.empty()
    give_mana(game, "A", "{2}")
    game.activate("A", made["Food Token"])
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "食物で3点のライフを得た")
    hand = len(game.hand("A"))
    give_mana(game, "A", "{2}")
    game.activate("A", made["Clue Token"])
    game.resolve_stack()
    in_hand(game, cards.GRIZZLY_BEARS)
    give_mana(game, "A", "{1}")
    game.choices.script(ChoiceKind.DISCARD, lambda c: [next(o for o in game.hand("A") if o.card is cards.GRIZZLY_BEARS)])
    game.activate("A", made["Blood Token"])
    game.resolve_stack()
    expect.equal(len(game.hand("A")), hand + 2, "手掛かりと血でそれぞれ1枚引いた（血は1枚捨てた）")
    sorcery = in_hand(game, card("Test Trinket Rite", "{1}", "Sorcery", spell=SpellAbility("Do nothing.", lambda r: None)))
    trinket = in_hand(game, card("Test Trinket", "{1}", "Artifact"))
    game.activate("A", made["Powerstone Token"])
    expect.refused(lambda: game.cast("A", sorcery), "パワーストーンの{C}ではアーティファクトでない呪文を唱えられない")
    game.cast("A", trinket)
    expect.equal(game.players["A"].mana.total, 0, "アーティファクト・呪文なら唱えられる")


# -- abilities (113) -------------------------------------------------------------------------------------


@check("113.10b@20260116.0@903f86d4", "113.10@20260116.0@2e90ddc3", "113.2c@20260116.0@7d0be35d")
def losing_an_ability_loses_every_instance(expect: Expect) -> None:
    """状況: Aの《風のドレイク》（飛行を持つ）が、効果によってさらに飛行を得ていて、飛行を2つ持っている。
    行動: 「ターン終了時まで、飛行を失う」効果を受ける。
    結果: 能力を取り除く効果はそのすべてを取り除くので、ドレイクは飛行を1つも持たない。"""
    from kb.engine import UntilEndOfTurn, lose

    game = Game(["A", "B"])
    drake = game.place(cards.WIND_DRAKE)
    game.create_effect("gains flying", [gain("flying")], [drake])
    expect.equal(len(game.view(drake).keywords("flying")), 2, "飛行を2つ持っている")
    game.create_effect("loses flying until end of turn", [lose("flying")], [drake], UntilEndOfTurn())
    expect.that(not game.view(drake).has("flying"), "飛行をすべて失った")


def _draw_a_card(resolution: Resolution) -> None:
    resolution.game.draw(resolution.controller)


@check("113.8@20260116.0@8351bc43", "109.4b@20260116.0@923a218b")
def a_triggered_ability_is_controlled_by_its_sources_controller(expect: Expect) -> None:
    """状況: Bがオーナーの、「このクリーチャーが死亡したとき、あなたはカードを1枚引く」を持つテスト用クリーチャーを、
    Aがコントロールしている。
    行動: そのクリーチャーが死亡し、能力が解決する。
    結果: 誘発型能力のコントローラーは、誘発した時点でその発生源をコントロールしていたAなので、カードを引くのはAである。"""
    from kb.engine import control

    game = Game(["A", "B"])
    seer = game.place(card("Test Dying Seer", "{1}{U}", "Creature — Human", 1, 1, TriggeredAbility(
        "When this creature dies, you draw a card.", dies(), _draw_a_card)), player="B")
    game.create_effect("A gains control", [control("A")], [seer])
    before = {p: len(game.hand(p)) for p in ("A", "B")}
    game.destroy(seer)
    game.resolve_stack()
    expect.equal({p: len(game.hand(p)) - before[p] for p in ("A", "B")}, {"A": 1, "B": 0},
                 "カードを引いたのは、死亡したときにコントロールしていたA")


# -- targets (115) -------------------------------------------------------------------------------------


@check("115.5@20260116.0@d84985eb", "115.2@20260116.0@13cc3292")
def a_spell_cant_target_itself(expect: Expect) -> None:
    """状況: Bが《灰色熊》を対象に《巨大化》を唱え、スタックにある。Aの手札に《対抗呪文》と《稲妻》。Bの墓地に《灰色熊》。
    行動: Aが稲妻で墓地の熊を対象にしようとし、次に対抗呪文を唱え、できるならそれ自身を対象に選ぼうとする。
    結果: 稲妻は戦場にないカードを対象にできない。対抗呪文はそれ自身を対象に選べず、選べるのはスタックにある巨大化だけで、
    巨大化は打ち消される。"""
    from kb.checks.cr.cr601_casting import COUNTERSPELL

    game = Game(["B", "A"])
    dead = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    growth = in_hand(game, cards.GIANT_GROWTH, "B")
    give_mana(game, "B", "{G}")
    spell = game.cast("B", growth, targets=[bears])
    game.pass_priority_to("A")
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "A")
    give_mana(game, "A", "{R}")
    expect.refused(lambda: game.cast("A", bolt, targets=[dead]), "墓地のカードは稲妻の対象にできない")
    counter = in_hand(game, COUNTERSPELL, "A")
    give_mana(game, "A", "{U}{U}")
    offered: list[tuple[object, ...]] = []

    def prefer_itself(choice: Choice) -> object:
        offered.append(choice.options)
        itself = [o for o in choice.options if o != spell]
        return itself[0] if itself else spell

    game.choices.script(ChoiceKind.TARGETS, prefer_itself, player="A")
    mine = game.cast("A", counter)
    expect.that(offered == [(spell,)] and mine not in offered[0], "対象に選べたのは巨大化だけで、対抗呪文自身は選べない")
    game.resolve_stack()
    expect.that(game.current(growth).zone is Zone.GRAVEYARD and game.view(bears).pt == (2, 2),
                "巨大化は打ち消された")


@check("116.3@20260116.0@1c39a4b2", "116.1@20260116.0@ee5b6b81", "405.6d@20260116.0@41872a60")
def a_player_who_takes_a_special_action_keeps_priority(expect: Expect) -> None:
    """状況: Aのメイン・フェイズで、Aが優先権を持っている。Aの手札に《森》。
    行動: Aが森をプレイする。
    結果: 土地のプレイはスタックを使わずに即座に行われ、そのあとでもAが優先権を持っている。"""
    from kb.engine import FOREST

    game = Game(["A", "B"])
    forest = in_hand(game, FOREST)
    game.play_land("A", forest)
    expect.that(not game.stack and game.current(forest).zone is Zone.BATTLEFIELD, "スタックを使わずに森が戦場に出た")
    expect.equal(game.priority, "A", "Aが優先権を得ている")


@check("115.4@20260116.0@1571ca9e", "115.3@20260116.0@105e79c0")
def any_target_and_two_targets(expect: Expect) -> None:
    """状況: Aの手札に《稲妻》。Bは《ジェイス・ベレレン》、《灰色熊》、テスト用アーティファクトをコントロールしている。
    Aの手札に「クリーチャー2体を対象とする。それぞれに1点のダメージを与える」テスト用インスタント。
    行動: 稲妻の対象を選び、テスト用インスタントで同じ熊を2回対象にしようとする。
    結果: 稲妻はB、ジェイス、熊を対象にできるが、アーティファクトは対象にできない。1つの「対象」の語で選ぶ対象は
    すべて異なっていなければならない。"""
    from kb.checks.cr.cr300_card_types import JACE_BELEREN
    from kb.engine import targets as target_rules

    game = Game(["A", "B"])
    jace = game.place(JACE_BELEREN, player="B")
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    relic = game.place(card("Test Relic", "{2}", "Artifact"), player="B")
    bolt = in_hand(game, cards.LIGHTNING_BOLT)
    [spec] = cards.LIGHTNING_BOLT.spell.targets if cards.LIGHTNING_BOLT.spell else ()
    found = target_rules.candidates(game, spec, "A", game.view(bolt))
    expect.that({"A", "B", jace.id, bears.id} <= set(found) and relic.id not in found,
                "プレイヤー、プレインズウォーカー、クリーチャーは対象にでき、アーティファクトはできない")
    twin = in_hand(game, card("Test Twin Sparks", "{1}{R}", "Instant", spell=SpellAbility(
        "Twin Sparks deals 1 damage to each of two target creatures.", lambda r: None,
        (TargetSpec("two target creatures", creatures(), None, 2),))))
    give_mana(game, "A", "{1}{R}")
    expect.refused(lambda: game.cast("A", twin, targets=[[bears, bears]]), "同じ熊を2回は対象にできない")


@check("113.9@20260116.0@12321a9a", "113.3b@20260116.0@4c0df89c", "115.1c@20260116.0@58962da4")
def an_ability_on_the_stack_isnt_a_spell(expect: Expect) -> None:
    """状況: Bの《放蕩魔術師》の「1つを対象とする。これはそれに1点のダメージを与える」がスタックにある。Aの手札に《対抗呪文》。
    行動: Aが対抗呪文でその能力を対象にしようとする。
    結果: スタックにある起動型能力は呪文ではないので、呪文を打ち消すものの対象にならない。対抗呪文には対象がなく唱えられない。"""
    from kb.checks.cr.cr601_casting import COUNTERSPELL, PRODIGAL_SORCERER

    game = Game(["B", "A"])
    sorcerer = game.place(PRODIGAL_SORCERER, player="B")
    ability = game.activate("B", sorcerer, 0, targets=["A"])
    game.pass_priority_to("A")
    counter = in_hand(game, COUNTERSPELL, "A")
    give_mana(game, "A", "{U}{U}")
    expect.that(ability is not None and any(item.id == ability for item in game.stack), "能力がスタックにある")
    expect.refused(lambda: game.cast("A", counter), "能力は呪文ではなく、対抗呪文の対象がない")


@check("111.10j@20260116.0@520404fa", "111.10k@20260116.0@d034d645", "111.10m@20260116.0@68f539d9",
       "111.10p@20260116.0@7efb1f73", "111.10q@20260116.0@43812f18", "303.7@20260116.0@4db66f05",
       "303.7a@20260116.0@fbe68cd9")
def role_tokens(expect: Expect) -> None:
    """状況: Aは《灰色熊》2体と《丘巨人》をコントロールしている。
    行動: Aが1体目の熊に怪物の役割をつけ、次に同じ熊に王族の役割をつける。Bがその熊に呪われし者の役割をつける。Aが2体目の熊に
    聖者の役割を、巨人にひねくれ者の役割をつける。最後に巨人が死亡する。
    結果: 役割は無色のオーラ・役割・エンチャント・トークンである。怪物で3/3トランプル。同じプレイヤーの役割が2つつくと古い
    怪物は墓地に置かれ、王族で3/3護法{1}。Bの呪われし者は残り、基本のパワーとタフネスが1/1になって2/2。聖者の熊はAの
    エンチャント（役割）の数だけ大きくなる。ひねくれ者は+1/+1で、墓地に置かれるとBが1点のライフを失う。"""
    from kb.engine.predefined_tokens import CURSED, MONSTER, ROYAL, VIRTUOUS, WICKED, create_role

    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    monster = create_role(game, MONSTER, "A", first.id)
    assert monster is not None
    role_view = game.view(monster)
    expect.that(not role_view.colors and role_view.subtypes == frozenset({"Aura", "Role"}) and role_view.token,
                "役割は無色のオーラ・役割のエンチャント・トークン")
    expect.that(game.view(first).pt == (3, 3) and game.view(first).has("trample"), "怪物の役割で3/3トランプル")
    create_role(game, ROYAL, "A", first.id)
    game.refresh_priority()
    expect.that(monster.id not in game.objects and game.view(first).has("ward") and game.view(first).pt == (3, 3),
                "同じプレイヤーの古い怪物の役割は墓地に置かれ、王族の役割で3/3護法{1}")
    create_role(game, CURSED, "B", first.id)
    game.refresh_priority()
    expect.equal(game.view(first).pt, (2, 2), "Bの呪われし者で基本1/1になり、王族の+1/+1で2/2")
    create_role(game, VIRTUOUS, "A", second.id)
    create_role(game, WICKED, "A", giant.id)
    game.refresh_priority()
    enchantments = len([o for o in game.battlefield("A") if game.view(o).is_a(CardType.ENCHANTMENT)])
    expect.equal(game.view(second).pt, (2 + enchantments, 2 + enchantments),
                 "聖者の熊はAのコントロールするエンチャントの数だけ+1/+1")
    expect.equal(game.view(giant).pt, (4, 4), "ひねくれ者で+1/+1")
    game.destroy(giant)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 19, "ひねくれ者が墓地に置かれ、Bが1点のライフを失った")
