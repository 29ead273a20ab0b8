"""The CR's examples of casting spells (601) played out with the real cards they name: a
permission to cast spells of a kind as though they had flash, for a spell that is of that kind
only with the alternative cost chosen (601.3b, 601.3e)."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.cr.cr702_27_casting_keywords import GLACIAL_RAY
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    FOREST,
    CastPermission,
    ChoiceKind,
    DamageDealt,
    Game,
    SpellAbility,
    StaticAbility,
    Supertype,
    UntilEndOfTurn,
    View,
    Zone,
    any_target,
    attached_to_this,
    card,
    cards_in,
    gain,
    keyword_actions,
    library_actions,
    modify_pt,
    objects,
    searching,
    spells,
    target_creature,
    target_player,
)
from kb.engine.modes import Mode, modal
from kb.engine.stack import Resolution

SIGARDAS_AID = real("シガルダの助け", card(
    "Sigarda's Aid", "{W}", "Enchantment", "flash",
    StaticAbility("You may cast Aura and Equipment spells as though they had flash.", rules=(
        CastPermission(spells(subtypes=["Aura"]) | spells(subtypes=["Equipment"]), as_though_flash=True),))))
"""シガルダの助け; its ability attaching Equipment is left out."""

NIMBUS_NAIAD = real("雨雲のナイアード", card(
    "Nimbus Naiad", "{2}{U}", "Enchantment Creature — Nymph", 2, 2, "bestow {4}{U}", "flying",
    StaticAbility("Enchanted creature gets +2/+2 and has flying.", (modify_pt(2, 2), gain("flying")),
                  attached_to_this())))


@check("601.3b@20260116.0@d7f8dc75", "601.3e@20260116.0@f151db75", "702.103b@20260116.0@c47e8255",
       "601.2b@20260116.0@bbae9992", example="601.3b#1@cded03ee")
def flash_for_auras_covers_a_bestowed_spell(expect: Expect) -> None:
    """状況: Aは《シガルダの助け》（オーラ・呪文と装備品・呪文を瞬速を持つかのように唱えてもよい）と《灰色熊》をコントロールし、
    手札に《雨雲のナイアード》（授与{4}{U}を持つ、瞬速を持たないクリーチャー・カード）がある。Bのターンで、Aが優先権を持つ。
    行動: Aがナイアードを授与コストで熊を対象に唱える。次に、もう1枚のナイアードを授与なしで唱えようとする。
    結果: 授与を選べばナイアードはオーラ・呪文になるので、瞬速を持つかのように唱えられる。授与を選ばなければクリーチャー・呪文の
    ままなので、Bのターンには唱えられない。"""
    game = Game(["A", "B"])
    game.place(SIGARDAS_AID, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    bestowed, plain = in_hand(game, NIMBUS_NAIAD), in_hand(game, NIMBUS_NAIAD)
    game.next_turn()
    game.pass_priority_to("A")
    give_mana(game, "A", "{4}{U}")
    spell = game.cast("A", bestowed, targets=[bears], alternative="bestow")
    expect.that(game.active == "B" and "Aura" in game.view(spell).subtypes,
                "Bのターンに、授与したナイアードをオーラ・呪文として唱えた")
    game.resolve_stack()
    expect.equal(game.view(bears).pt, (4, 4), "熊につけられ、熊は+2/+2を得た")
    game.pass_priority_to("A")
    give_mana(game, "A", "{2}{U}")
    expect.refused(lambda: game.cast("A", plain), "授与しなければクリーチャー・呪文なので、瞬速を持つかのようには唱えられない")


VEDALKEN_ORRERY = real("ヴィダルケンの宇宙儀", card("Vedalken Orrery", "{4}", "Artifact", StaticAbility(
    "You may cast spells as though they had flash.",
    rules=(CastPermission(objects(zones=tuple(Zone)), as_though_flash=True),))))


def _trance(r: Resolution) -> None:
    r.game.create_effect("cast spells from other players' graveyards as though in your graveyard this turn",
                         rules=[CastPermission(cards_in(Zone.GRAVEYARD, owner="opponent"), Zone.GRAVEYARD,
                                               as_though_yours=True)],
                         duration=UntilEndOfTurn(), source=r.source_id, controller=r.controller)


SHAMANS_TRANCE = real("シャーマンの恍惚", card("Shaman's Trance", "{2}{R}", "Instant", spell=SpellAbility(
    "You may play lands and cast spells from other players' graveyards this turn as though those cards were in "
    "your graveyard.", _trance)))
"""シャーマンの恍惚; its other part and playing lands this way are left out."""


def _two_damage(r: Resolution) -> None:
    source = r.source_id
    for chosen in r.targets(0):
        if source is not None:
            r.game.deal_damage(source, chosen, 2)


FIREBOLT = real("炎の稲妻", card("Firebolt", "{R}", "Sorcery", "flashback {4}{R}", spell=SpellAbility(
    "Firebolt deals 2 damage to any target.", _two_damage, (any_target(),))))


@check("609.4a@20260116.0@3f427a1d", "609.4@20260116.0@d5dc5c50", "601.3b@20260116.0@d7f8dc75",
       "702.34a@20260116.0@ba7daaa9", example="609.4a#1@a5264d49")
def flash_and_another_graveyard_as_though_together(expect: Expect) -> None:
    """状況: Aは《ヴィダルケンの宇宙儀》（すべての呪文を瞬速を持つかのように唱えてもよい）をコントロールしている。Bの墓地に
    《炎の稲妻》（2点のダメージを与えるソーサリー。フラッシュバック{4}{R}）がある。Bのターンで、Aが優先権を持つ。
    行動: Aが《シャーマンの恍惚》を唱えて解決し、その後Bの墓地の炎の稲妻をフラッシュバックでBを対象に唱える。
    結果: 炎の稲妻はAの墓地にあるかのように扱われるのでフラッシュバックで唱えられ、しかも瞬速を持つかのように扱われるので
    Bのターンに唱えられる。Bは2点のダメージを受け、炎の稲妻は追放される。恍惚がなければ唱えられない。"""
    game = Game(["A", "B"])
    game.place(VEDALKEN_ORRERY, player="A")
    firebolt = game.place(FIREBOLT, Zone.GRAVEYARD, "B")
    game.next_turn()
    game.pass_priority_to("A")
    give_mana(game, "A", "{4}{R}")
    expect.refused(lambda: game.cast("A", firebolt, targets=["B"], alternative="flashback"),
                   "恍惚がなければ、Bの墓地の炎の稲妻はフラッシュバックで唱えられない")
    give_mana(game, "A", "{2}{R}")
    game.choices.script(ChoiceKind.MANA_PAYMENT, "{C}{C}{C}{C}{R}", player="A")  # keeps {4}{R} for the flashback
    game.cast("A", in_hand(game, SHAMANS_TRANCE))
    game.resolve_stack()
    game.pass_priority_to("A")
    spell = game.cast("A", firebolt, targets=["B"], alternative="flashback")
    expect.equal((game.active, game.obj(spell).zone), ("B", Zone.STACK),
                 "Bのターンに、Bの墓地の炎の稲妻をフラッシュバックで唱えた")
    game.resolve_stack()
    expect.equal((game.players["B"].life, [o.card for o in game.in_zone(Zone.EXILE, "B")]), (18, [FIREBOLT]),
                 "Bは2点のダメージを受け、炎の稲妻は追放された")


def _two_counters(r: Resolution, mine: tuple[int, ...]) -> None:
    for chosen in r.objects(mine[0]):
        r.game.put_counters(chosen, "+1/+1", 2)


def _greatest_power_life(r: Resolution, mine: tuple[int, ...]) -> None:
    for player in r.targets(mine[0]):
        if isinstance(player, str):
            powers = [r.game.view(o).power or 0 for o in r.game.battlefield(player) if r.game.view(o).is_a("Creature")]
            r.game.gain_life(player, max(powers, default=0))


def _fight(r: Resolution, mine: tuple[int, ...]) -> None:
    yours, theirs = r.objects(mine[0]), r.objects(mine[1])
    if yours and theirs:
        keyword_actions.fight(r.game, yours[0], theirs[0])


INSCRIPTION_OF_ABUNDANCE = real("豊穣の碑文", card(
    "Inscription of Abundance", "{1}{G}", "Instant", "kicker {2}{G}", spell=modal(
        "Choose one. If this spell was kicked, choose any number instead.",
        Mode("Put two +1/+1 counters on target creature.", _two_counters, (target_creature(),)),
        Mode("Target player gains X life, where X is the greatest power among creatures they control.",
             _greatest_power_life, (target_player(),)),
        Mode("Target creature you control fights target creature you don't control.", _fight,
             (target_creature(controller="you"), target_creature(controller="opponent"))),
        more_if_paid=("kicker", 3))))


@check("601.4@20260116.0@961d1a6c", "601.2b@20260116.0@bbae9992", "700.2a@20260116.0@175ee308",
       "702.33d@20260116.0@ab1929e9", example="601.4#1@21f4c61f")
def modes_chosen_knowing_the_kicker(expect: Expect) -> None:
    """状況: Aは《灰色熊》を、Bは《丘巨人》をコントロールしている。Aの手札に《豊穣の碑文》（キッカー{2}{G}。1つを選ぶが、キッカー
    されていたなら望む数だけ選ぶ ― 対象のクリーチャーに+1/+1カウンター2個／対象のプレイヤーはそのコントロールするクリーチャーの
    最大のパワーに等しいライフを得る／あなたのクリーチャーとそうでないクリーチャーが格闘する）がある。
    行動: Aがキッカー・コストを支払うことにして、3つのモードすべてを選んで唱える。対象は熊、A、熊と丘巨人。
    結果: キッカー・コストの支払いの宣言はモードの選択より後の手順だが、Aはそれを考慮して3つのモードを選べる。熊は4/4になり、
    Aは4点のライフを得て、熊と格闘した丘巨人は4点のダメージを受けて死亡する。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="B")
    give_mana(game, "A", "{1}{G}{2}{G}")
    game.choices.script(ChoiceKind.MODE, [0, 1, 2], player="A")
    game.cast("A", in_hand(game, INSCRIPTION_OF_ABUNDANCE), targets=[bears, "A", bears, giant],
              additional=("kicker",))
    expect.equal(len(game.stack[-1].specs), 4, "キッカーを考慮して3つのモードすべてを選び、その対象を取った")
    game.resolve_stack()
    expect.equal((game.view(bears).pt, game.players["A"].life, game.current(giant).zone),
                 ((4, 4), 24, Zone.GRAVEYARD), "熊は4/4になり、Aは4点を得て、丘巨人は格闘で死亡した")


def _basic_land(view: View) -> bool:
    return view.is_a("Land") and Supertype.BASIC in view.supertypes


def _kodamas_reach(r: Resolution) -> None:
    game = r.game
    found = searching.search(game, r.controller, r.controller, Zone.LIBRARY, _basic_land, up_to=2)
    if found:
        library_actions.reveal(game, found, "Kodama's Reach")
        game.move(found[0], Zone.BATTLEFIELD, tapped=True)
        for other in found[1:]:
            game.move(other, Zone.HAND)
    if found is not None:
        keyword_actions.shuffle(game, r.controller)


KODAMAS_REACH = real("木霊の手の内", card("Kodama's Reach", "{2}{G}", "Sorcery — Arcane", spell=SpellAbility(
    "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped "
    "and the other into your hand, then shuffle.", _kodamas_reach)))


@check("201.5b@20260116.0@52fcb031", "702.47c@20260116.0@dad6108e", "702.47a@20260116.0@aefb68be",
       example="201.5b#2@669f85da")
def spliced_text_names_the_spell_it_is_spliced_onto(expect: Expect) -> None:
    """状況: Aの手札に《木霊の手の内》（秘儀。基本土地・カードを最大2枚探し、1枚をタップ状態で戦場に、もう1枚を手札に）と
    《氷河の光線》（秘儀。「氷河の光線は対象に2点のダメージを与える」、秘儀への連繋{1}{R}）があり、ライブラリーには《森》が2枚ある。
    行動: Aが木霊の手の内を唱え、氷河の光線を連繋して、光線の文章の対象にBを選ぶ。
    結果: 木霊の手の内は光線の文章を得て、その中の「氷河の光線」は木霊の手の内を指すので、Bに2点のダメージを与えるのは
    木霊の手の内である。森の1枚は戦場に、もう1枚は手札に置かれ、光線は手札に残る。"""
    game = Game(["A", "B"], library=0)
    forests = [game.place(FOREST, Zone.LIBRARY, "A") for _ in range(2)]
    reach, ray = in_hand(game, KODAMAS_REACH), in_hand(game, GLACIAL_RAY)
    give_mana(game, "A", "{2}{G}{1}{R}")
    game.choices.script(ChoiceKind.OBJECTS, [ray], player="A")  # the card to splice
    game.choices.script(ChoiceKind.OBJECTS, forests, player="A")  # the lands found
    spell = game.cast("A", reach, targets=["B"], additional=("splice",))
    game.resolve_stack()
    damage = [(game.last_known_view(e.source).name, e.recipient, e.amount) for e in game.events(DamageDealt)]
    expect.equal(damage, [("Kodama's Reach", "B", 2)], "Bに2点を与えたのは木霊の手の内")
    expect.equal((game.players["B"].life, game.current(ray).zone, len(game.battlefield("A")), spell in game.objects),
                 (18, Zone.HAND, 1, False), "Bは2点を受け、光線は手札に残り、森の1枚が戦場に出た")
