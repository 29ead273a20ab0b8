"""The last behaviour subrules of keyword actions (701): cards revealed or looked at that a shuffle
reorders become new objects shown to nobody (701.20d-e), the cards a search found left out of the shuffle
before they are put in place (701.24b), exerting as a creature attacks (701.43d), proliferating a Two-Headed Giant team's shared poison
counters once (701.34b), choosing to search when what follows can't be done (701.23g), a card
discarded into a hidden zone unrevealed (701.9c), and the ways a player planeswalks (701.31c)."""

from __future__ import annotations

from dataclasses import replace

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.cr.cr608_resolving import WORMS_OF_THE_EARTH
from kb.checks.cr.cr701_behaviours import SHUFFLE_WATCHER
from kb.checks.cr.cr701_more_behaviour_subrules import SEARCH_WARDEN
from kb.checks.cr.cr704_state_based_actions import TEST_PHENOMENON, TEST_SECOND_PLANE
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, library_top_first
from kb.engine import (
    FOREST,
    ISLAND,
    MOUNTAIN,
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    Step,
    Supertype,
    View,
    Zone,
    card,
    cost,
    counters,
    discard_hidden,
    keyword_actions,
    library_actions,
    optional_search,
    planar_die,
    planechase,
    searching,
    shown_cards,
    target_creature,
    teams,
)
from kb.engine.discard_hidden import DiscardACardOf
from kb.engine.events import CountersPut, Revealed
from kb.engine.exert_attacks import exert_as_it_attacks
from kb.engine.replacement import Move, Replacement, ReplacementContext
from kb.engine.visibility import may_see_face

# -- 701.20d, 701.20e: shown cards in a reordered library -------------------------------------------------


@check("701.20d@20260116.0@a990fb37", "701.20e@20260116.0@07b32c70", "701.20a@20260116.0@007380f3",
       "701.24a@20260116.0@8d819bc5")
def shown_cards_stop_being_shown_when_the_library_is_shuffled(expect: Expect) -> None:
    """状況: Bのライブラリーは上から《丘巨人》《灰色熊》《森》である。
    行動: 効果によりAがBのライブラリーの一番上のカードを見て、次にBが2枚目のカードを公開する。そのあとBがライブラリーを切り直す。
    結果: Aが見たカードはAにだけ見え、Bの目には見えない（見ることは、そのプレイヤーにだけ公開することと同じ）。公開した灰色熊は
    両方のプレイヤーに見える。切り直されると、見られたカードも公開されたカードも公開が終わって新しいオブジェクトになり、
    Bのライブラリーのカードはどれも誰にも見えない。"""
    game = Game(["A", "B"], library=0)
    giant, bears, _ = library_top_first(game, "B", HILL_GIANT, GRIZZLY_BEARS, FOREST)
    game.place(ISLAND, Zone.LIBRARY, "A")
    shown_cards.look_at(game, "A", [giant.id])
    expect.that(may_see_face(game, "A", giant) and not may_see_face(game, "B", giant),
                "Aが見た丘巨人はAにだけ見え、オーナーのBにも見えない")
    shown_cards.reveal(game, [bears.id])
    expect.that(may_see_face(game, "A", bears) and may_see_face(game, "B", bears), "公開した灰色熊は両方に見える")
    keyword_actions.shuffle(game, "B")
    expect.that(giant.id not in game.objects and bears.id not in game.objects,
                "切り直しで順番が変わった丘巨人と灰色熊は新しいオブジェクトになった")
    library = [game.objects[i] for i in game.players["B"].library]
    expect.that(len(library) == 3 and not any(may_see_face(game, p, o) for p in ("A", "B") for o in library),
                "切り直したあと、Bのライブラリーのカードはどれも見えない")

# -- 701.24b: searching, shuffling, then putting the found card on top ------------------------------------


def _worldly_tutor(r: Resolution) -> None:
    game, you = r.game, r.controller
    found = keyword_actions.search(game, you, you, Zone.LIBRARY, lambda v: v.is_a("Creature"), up_to=1)
    shown_cards.reveal(game, found, "revealed by Worldly Tutor")
    shown_cards.shuffle_leaving_out(game, you, found)
    shown_cards.put_on_top(game, you, found)


WORLDLY_TUTOR = real("俗世の教示者", card("Worldly Tutor", "{G}", "Instant", spell=SpellAbility(
    "Search your library for a creature card, reveal it, then shuffle and put the card on top.", _worldly_tutor)))
"""俗世の教示者: ライブラリーからクリーチャー・カード1枚を探して公開し、切り直してからそのカードを一番上に置く。"""


@check("701.24b@20260116.0@fd3a0434", "701.24a@20260116.0@8d819bc5", "701.23a@20260116.0@5a5a8334",
       "701.20d@20260116.0@a990fb37")
def found_cards_are_left_out_of_the_shuffle(expect: Expect) -> None:
    """状況: Aは「あなたがライブラリーを切り直すたび、あなたは1点のライフを得る。」を持つエンチャントをコントロールしている。
    Aのライブラリーは上から《森》《島》《山》《丘巨人》《森》《島》《山》である。
    行動: Aが《俗世の教示者》を唱え、丘巨人を探して公開し、切り直してからそれを一番上に置く。
    結果: 見つけた丘巨人はライブラリーに残ったまま切り直しに含まれないので、公開された同じカードとして一番上に置かれる
    （切り直しに含まれたなら、公開されたカードは新しいオブジェクトになり、一番上に置くカードを見失う）。切り直したときの
    能力は誘発し、Aは1点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    game.place(SHUFFLE_WATCHER, player="A")
    library_top_first(game, "A", FOREST, ISLAND, MOUNTAIN, HILL_GIANT, FOREST, ISLAND, MOUNTAIN)
    giant = next(game.objects[i] for i in game.players["A"].library if game.objects[i].card is HILL_GIANT)
    game.choices.script(ChoiceKind.OBJECTS, [giant], player="A")
    cast(game, "A", WORLDLY_TUTOR)
    expect.that(any(isinstance(e, Revealed) and e.object_id == giant.id for e in game.log), "丘巨人を探して公開した")
    library = game.players["A"].library
    expect.equal((len(library), library[-1]), (7, giant.id), "公開した丘巨人がそのまま一番上に置かれた")
    expect.equal(game.players["A"].life, 21, "切り直したときの能力が誘発し、1点のライフを得た")

# -- 701.43d: exerting as a creature attacks -----------------------------------------------------------------


def _four_damage(r: Resolution) -> None:
    if r.source_id is not None and isinstance(r.target, int):
        r.game.deal_damage(r.source_id, r.target, 4)


GLORYBRINGER = real("栄光をもたらすもの", card(
    "Glorybringer", "{3}{R}{R}", "Creature — Dragon", 4, 4, "flying", "haste",
    *exert_as_it_attacks("Glorybringer", "it deals 4 damage to target non-Dragon creature an opponent controls.",
                         _four_damage, (target_creature(controller="opponent", not_subtypes=["Dragon"]),))))
"""栄光をもたらすもの: 飛行、速攻。攻撃するに際し督励してもよく、そうしたとき、対戦相手のドラゴンでないクリーチャー1体に4点。"""

EXERTING_RAIDER = card("Test Exerting Raider", "{1}{W}", "Creature — Human Soldier", 2, 2,
                       *exert_as_it_attacks("Raider", "you gain 2 life.", lambda r: r.game.gain_life(r.controller, 2)))
"""Test: a 2/2 with "You may exert this creature as it attacks.  When you do, you gain 2 life"."""


@check("701.43d@20260116.0@cde92bfe", "701.43a@20260116.0@c7423d98", "508.1g@20260116.0@4d844274",
       "607.2h@20260116.0@6d41b715")
def exerting_as_it_attacks_is_an_optional_cost(expect: Expect) -> None:
    """状況: Aは《栄光をもたらすもの》と、「これが攻撃するに際し、あなたはこれを督励してもよい。そうしたとき、あなたは2点のライフを
    得る。」を持つテスト用の2/2をコントロールしている。Bは《丘巨人》をコントロールしている。
    行動: Aが両方で攻撃し、攻撃クリーチャーの指定に際して栄光をもたらすものだけを督励し、2/2は督励しない。次のAのターンを迎える。
    結果: 督励は攻撃時の選択的コストなので、払った栄光をもたらすものの「そうしたとき」の能力だけが誘発して丘巨人に4点を与え、
    督励しなかった2/2の能力は誘発せずAのライフは変わらない。督励した栄光をもたらすものはAの次のアンタップ・ステップで
    アンタップしない。"""
    game = Game(["A", "B"])
    glorybringer = game.place(GLORYBRINGER, player="A")
    raider = game.place(EXERTING_RAIDER, player="A")
    giant = game.place(HILL_GIANT, player="B")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.MAY, False, player="A")
    game.choices.script(ChoiceKind.TARGETS, giant, player="A")
    game.declare_attackers([glorybringer, raider])
    game.resolve_stack()
    expect.that(giant.id not in game.objects and game.current(giant).zone is Zone.GRAVEYARD,
                "督励した栄光をもたらすものの能力が誘発し、丘巨人に4点を与えて破壊した")
    expect.equal(game.players["A"].life, 20, "督励しなかった2/2の能力は誘発しなかった")
    game.next_turn("B")
    game.next_turn("A")
    expect.that(game.view(glorybringer).tapped and not game.view(raider).tapped,
                "督励した栄光をもたらすものはアンタップせず、2/2はアンタップした")


# -- 701.23g: choosing to search when what follows can't be done ---------------------------------------------


def _basic_land(view: View) -> bool:
    return view.is_a("Land") and Supertype.BASIC in view.supertypes


def _path_to_exile(r: Resolution) -> None:
    game = r.game
    target = r.target
    if not isinstance(target, int):
        return
    controller = game.view(target).controller
    game.exile(target)
    found = optional_search.may_search(game, controller, controller, Zone.LIBRARY, _basic_land, up_to=1,
                                       what="search for a basic land card")
    if found is None:
        return
    for land in found:
        game.move(land, Zone.BATTLEFIELD, tapped=True)
    keyword_actions.shuffle(game, controller)


PATH_TO_EXILE = real("流刑への道", card("Path to Exile", "{W}", "Instant", spell=SpellAbility(
    "Exile target creature. Its controller may search their library for a basic land card, put that card onto the "
    "battlefield tapped, then shuffle.", _path_to_exile, (target_creature(),))))
"""流刑への道: クリーチャー1体を追放し、そのコントローラーはライブラリーから基本土地・カード1枚を探してタップ状態で戦場に出し、
切り直してもよい。"""


@check("701.23g@20260116.0@f4377a5a", "701.23b@20260116.0@9f95c522", "614.17d@20260116.0@ef31a725")
def choosing_to_search_when_what_follows_cannot_be_done(expect: Expect) -> None:
    """状況: Aは「対戦相手がライブラリーを探すたび、あなたは1点のライフを得る。」を持つテスト用のクリーチャーをコントロールしている。
    Bは《灰色熊》2体をコントロールし、Bのライブラリーには《丘巨人》しかない。
    行動: Aが《流刑への道》で熊1体を追放し、Bは探すことを選ぶ。次にBが「土地は戦場に出られない」エンチャント（英語名 Worms of the
    Earth）を出し、Bのライブラリーに《森》を加えたあと、Aがもう1体を流刑への道で追放し、Bはまた探すことを選ぶ。
    結果: 見つけたカードを戦場に出すことが不可能でも、不正でも、Bは探すことを選べる。1回目は何も見つからず、2回目は森を見つけるが
    戦場に出られずライブラリーに残る。どちらでもBはライブラリーを探したので、Aの能力が誘発してAは2点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    game.place(SEARCH_WARDEN, player="A")
    first, second = game.place(GRIZZLY_BEARS, player="B"), game.place(GRIZZLY_BEARS, player="B")
    for _ in range(3):
        game.place(HILL_GIANT, Zone.LIBRARY, "B")
    game.choices.script(ChoiceKind.MAY, True, player="B")
    cast(game, "A", PATH_TO_EXILE, [first])
    expect.equal((len(game.events(searching.Searched)), game.players["A"].life), (1, 21),
                 "見つけられる基本土地がなくても、Bは探すことを選べた")
    game.place(WORMS_OF_THE_EARTH, player="B")
    forest = game.place(FOREST, Zone.LIBRARY, "B")
    game.choices.script(ChoiceKind.MAY, True, player="B")
    game.choices.script(ChoiceKind.OBJECTS, [forest], player="B")
    cast(game, "A", PATH_TO_EXILE, [second])
    expect.equal((len(game.events(searching.Searched)), game.players["A"].life), (2, 22),
                 "見つけた森を戦場に出すことが不正でも、Bは探すことを選べた")
    expect.that(forest.id in game.players["B"].library and not any(game.view(o).is_a("Land") for o in game.battlefield()),
                "見つけた森は戦場に出られず、ライブラリーに残った")


# -- 701.9c: a card discarded into a hidden zone unrevealed --------------------------------------------------


def _fauna_shaman(r: Resolution) -> None:
    game, you = r.game, r.controller
    found = searching.search(game, you, you, Zone.LIBRARY, lambda v: v.is_a("Creature"), up_to=1)
    if found:
        library_actions.reveal(game, found)
        for creature in found:
            game.move(creature, Zone.HAND)
    keyword_actions.shuffle(game, you)


FAUNA_SHAMAN = real("獣相のシャーマン", card(
    "Fauna Shaman", "{1}{G}", "Creature — Elf Shaman", 2, 2, ActivatedAbility(
        "{G}, {T}, Discard a creature card: Search your library for a creature card, reveal it, put it into your "
        "hand, then shuffle.", replace(cost("{G}, {T}"), extra=(DiscardACardOf("creature", lambda v: v.is_a("Creature")),)),
        _fauna_shaman)))
"""獣相のシャーマン: {G}、{T}、クリーチャー・カード1枚を捨てる：クリーチャー・カード1枚を探して公開し、手札に加え、切り直す。"""


def _gain_its_mana_value(r: Resolution) -> None:
    for discarded in r.item.options.get("discarded", ()):
        view = discard_hidden.discarded_card(r.game, discarded)
        r.game.gain_life(r.controller, view.mana_value if view is not None else 0)


MANA_VALUE_READER = card("Test Discard Reader", "{1}", "Artifact", ActivatedAbility(
    "Discard a card: You gain life equal to the discarded card's mana value.", cost("Discard a card"),
    _gain_its_mana_value))
"""Test: an artifact with "Discard a card: You gain life equal to the discarded card's mana value"."""


def _to_top_instead(context: ReplacementContext, move: Move) -> bool:
    obj = context.game.objects.get(move.object_id)
    source = context.context.source
    return obj is not None and source is not None and obj.owner == source.controller and obj.zone is Zone.HAND \
        and move.to_zone is Zone.GRAVEYARD


MEMORY_VAULT = card("Test Memory Vault", "{2}", "Artifact", StaticAbility(
    "If a card would be put into your graveyard from your hand, put it on top of your library instead.",
    replacements=(Replacement("to the top of the library instead", Move, _to_top_instead,
                              lambda context, move: replace(move, to_zone=Zone.LIBRARY)),)))
"""Test: an artifact saying "If a card would be put into your graveyard from your hand, put it on top of your
library instead" (it isn't revealed)."""


@check("701.9c@20260116.0@2f274e33", "701.9a@20260116.0@560dcce0", "614.1a@20260116.0@200be777")
def a_card_discarded_into_a_hidden_zone_is_undefined(expect: Expect) -> None:
    """状況: Aは《獣相のシャーマン》2体と、「カード1枚を捨てる：あなたは捨てたカードのマナ総量に等しい点数のライフを得る。」を持つ
    テスト用アーティファクトをコントロールし、手札に《丘巨人》（マナ総量4）が3枚ある。
    行動: Aがアーティファクトの能力で丘巨人を捨てて解決し、シャーマンの能力を丘巨人を捨てて起動する。次に「あなたの手札からあなたの
    墓地にカードが置かれるなら、代わりにあなたのライブラリーの一番上に置く」テスト用アーティファクト（公開はしない）を出し、もう
    1体のシャーマンの能力を丘巨人を捨てて起動しようとし、次にアーティファクトの能力で丘巨人を捨てる。
    結果: 墓地に捨てた丘巨人では、Aは4点のライフを得て、シャーマンの起動もできる。ライブラリーに公開されずに置かれた丘巨人は特性が
    すべて未定義になるので、クリーチャー・カードを捨てるコストの支払いは不正で、ゲームは支払いの前に戻る（丘巨人は手札に、
    シャーマンはアンタップ状態に、マナはマナ・プールに残る）。アーティファクトの能力では、捨てたカードのマナ総量が未定義なので
    Aはライフを得ない。"""
    game = Game(["A", "B"], library=0)
    first, second = game.place(FAUNA_SHAMAN, player="A"), game.place(FAUNA_SHAMAN, player="A")
    reader = game.place(MANA_VALUE_READER, player="A")
    giants = [game.place(HILL_GIANT, Zone.HAND, "A") for _ in range(3)]
    game.choices.script(ChoiceKind.DISCARD, [giants[0]], player="A")
    game.activate("A", reader)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 24, "墓地に捨てた丘巨人のマナ総量4点のライフを得た")
    game.add_mana("A", "{G}")
    game.activate("A", first)
    game.resolve_stack()
    expect.that(game.view(first).tapped and game.current(giants[1]).zone is Zone.GRAVEYARD,
                "墓地にクリーチャー・カードを捨ててシャーマンを起動できた")
    game.place(MEMORY_VAULT, player="A")
    game.add_mana("A", "{G}")
    expect.refused(lambda: game.activate("A", second), "ライブラリーに公開されずに置かれるクリーチャー・カードではコストを払えない")
    expect.that(giants[2].id in game.objects and giants[2].zone is Zone.HAND and not game.view(second).tapped
                and game.players["A"].mana.total == 1, "ゲームはコストの支払いの前に戻った")
    game.activate("A", reader)
    game.resolve_stack()
    expect.equal((game.players["A"].life, len(game.players["A"].library)), (24, 1),
                 "ライブラリーに置かれた丘巨人のマナ総量は未定義で、ライフを得なかった")


# -- 701.34b: proliferating a Two-Headed Giant team's poison counters ---------------------------------------


@check("701.34b@20260116.0@2f28792d", "701.34a@20260116.0@6edd2138", "810.10@20260116.0@07d225be",
       "704.6b@20260116.0@d33590f1", "704.5c@20260116.0@38c2a6d7")
def proliferating_a_team_s_shared_poison_counters(expect: Expect) -> None:
    """状況: 双頭巨人戦。A1とA2のチームとB1とB2のチーム。効果によりB1が毒カウンター12個を得る。
    行動: 状況起因処理を見る。次にA1が増殖を行い、B1とB2の両方を選び、毒カウンターを置くのはB2にする。そのあとB1がさらに毒カウンター
    2個を得る。
    結果: 毒カウンターはチームで共有されるのでB2も12個を持ち、双頭巨人戦では10個では敗北しない。増殖でチームの2人を選んでも、
    追加の毒カウンターは選ばれた1人（B2）にだけ置かれ、チームの毒カウンターは13個になる。15個になるとBのチームは敗北する。"""
    game = Game(["A1", "A2", "B1", "B2"])
    teams.two_headed_giant(game, (("A1", "A2"), ("B1", "B2")))
    counters.put(game, "B1", "poison", 12)
    game.refresh_priority()
    expect.that(game.players["B2"].counter("poison") == 12 and not game.players["B1"].lost,
                "毒カウンターはチームで共有され、12個ではBのチームは敗北しない")
    game.choices.script(ChoiceKind.OBJECTS, ["B1", "B2"], player="A1")
    game.choices.script(ChoiceKind.PLAYER, "B2", player="A1")
    keyword_actions.proliferate(game, "A1")
    poisoned = [e.object_id for e in game.events(CountersPut) if e.kind == "poison"]
    expect.equal((poisoned[-1:], game.players["B1"].counter("poison"), game.players["B2"].counter("poison")),
                 (["B2"], 13, 13), "増殖では選ばれたB2にだけ毒カウンターが置かれ、チームの毒カウンターは13個になった")
    counters.put(game, "B1", "poison", 2)
    game.refresh_priority()
    expect.that(game.players["B1"].lost and game.players["B2"].lost and game.over,
                "毒カウンターが15個になり、Bのチームは敗北した")


# -- 701.31c: the ways a player planeswalks -------------------------------------------------------------------

FIRST_PLANE = card("Test First Plane", None, "Plane — Kamigawa")
"""Test: a plane with no abilities."""
THIRD_PLANE = card("Test Third Plane", None, "Plane — Ravnica")
"""Test: a plane with no abilities."""

PLANESWALK_NOW = card("Test Planar Shift", "{U}", "Instant", spell=SpellAbility(
    "Planeswalk.", lambda r: planechase.planeswalk(r.game, r.controller)))
"""Test: an instant that says "Planeswalk"."""


@check("701.31c@20260116.0@b6bf300e", "901.8@20260116.0@a20b9e5f", "901.9@20260116.0@7d84a7a3",
       "901.9c@20260116.0@d54e0036", "704.6f@20260116.0@7dd4463d", "701.31b@20260116.0@e5af2485")
def the_ways_a_player_planeswalks(expect: Expect) -> None:
    """状況: プレインチェイス戦。Aの次元デッキは上から、テスト用次元3枚のうち1枚目、2枚目、テスト用現象（これに遭遇したとき、2点の
    ライフを得る）、3枚目の順で、1枚目が表向きになっている。
    行動: Aが第1メイン・フェイズに次元ダイスを振り、プレインズウォーカー・シンボルを出す。次に「プレインズウォークする。」インスタント
    を唱える。そのあと{1}を支払って次元ダイスをもう一度振り、無地の面を出す。
    結果: プレインズウォーカー・シンボルで発生源のない「プレインズウォーク能力」が誘発し、解決するとAは2枚目の次元へプレインズ
    ウォークする。インスタントの指示でもプレインズウォークし、現象に遭遇する。現象の誘発型能力がスタックを離れると、状況起因処理で
    Aはもう一度プレインズウォークし、3枚目の次元が表向きになる。2回目のダイスは{1}かかり、無地なので何も起こらない。"""
    game = Game(["A", "B"])
    planechase.start(game, {"A": [FIRST_PLANE, TEST_SECOND_PLANE, TEST_PHENOMENON, THIRD_PLANE]})
    game.choices.script(ChoiceKind.DIE_ROLL, "planeswalker", player="A")
    planar_die.roll(game, "A")
    expect.that(len(game.stack) == 1 and game.stack[0].source_id == -1,
                "プレインズウォーカー・シンボルで、発生源のないプレインズウォーク能力が誘発した")
    game.resolve_stack()
    expect.equal([o.card for o in planechase.face_up(game)], [TEST_SECOND_PLANE],
                 "プレインズウォーク能力の解決で、2枚目の次元へプレインズウォークした")
    cast(game, "A", PLANESWALK_NOW)
    expect.equal(([o.card for o in planechase.face_up(game)], game.players["A"].life), ([THIRD_PLANE], 22),
                 "指示でプレインズウォークして現象に遭遇し、その能力がスタックを離れると3枚目の次元へプレインズウォークした")
    give_mana(game, "A", "{1}")
    game.choices.script(ChoiceKind.DIE_ROLL, "blank", player="A")
    planar_die.roll(game, "A")
    expect.equal(([o.card for o in planechase.face_up(game)], game.players["A"].mana.total, game.stack), ([THIRD_PLANE], 0, []),
                 "2回目は{1}を支払って振り、無地なので何も起こらない")


B_PLANE = card("Test Plane of B", None, "Plane — Innistrad")
"""Test: a plane with no abilities, in B's planar deck."""
C_PLANE = card("Test Plane of C", None, "Plane — Zendikar")
"""Test: a plane with no abilities, in C's planar deck."""


@check("701.31c@20260116.0@b6bf300e", "901.10@20260116.0@88b461d4", "800.4a@20260116.0@be91bf57")
def planeswalking_when_the_owner_of_the_plane_leaves(expect: Expect) -> None:
    """状況: A、B、Cの3人のプレインチェイス戦。各プレイヤーの次元デッキにテスト用次元がある。
    行動: Bのターンに、Bが次元ダイスでプレインズウォーカー・シンボルを出し、Bの次元へプレインズウォークする。Cのターンに、Bが
    ゲームに敗北する。
    結果: Bがゲームから離れると、Bがオーナーである表向きの次元もゲームから離れ、その場で次元コントローラーのCが自分の次元デッキの
    一番上のカードを表向きにする（プレインズウォークする）。"""
    game = Game(["A", "B", "C"])
    planechase.start(game, {"A": [FIRST_PLANE], "B": [B_PLANE], "C": [C_PLANE]})
    game.next_turn("B")
    game.choices.script(ChoiceKind.DIE_ROLL, "planeswalker", player="B")
    planar_die.roll(game, "B")
    game.resolve_stack()
    expect.equal([o.card for o in planechase.face_up(game)], [B_PLANE], "Bは自分の次元へプレインズウォークした")
    game.next_turn("C")
    game.players["B"].life = 0
    game.refresh_priority()
    expect.that(game.players["B"].left, "Bは敗北してゲームから離れた")
    expect.equal([(o.card, o.controller) for o in planechase.face_up(game)], [(C_PLANE, "C")],
                 "Bの次元はBとともに離れ、次元コントローラーのCが自分の次元へプレインズウォークした")
