"""Keyword actions' and abilities' other subrules that state behaviour (issue 12): turning
manifested and cloaked permanents face up (701.40d, 701.58b-d, 701.58g), a face-down card that
can't enter (701.40f, 701.58f), exchanging rules text (701.12h) and life totals (701.12g),
monstrosity X (701.37c), a search that doesn't reveal (701.23e), amassing when nothing can be
created (701.47b), a static regeneration (701.19b), a spliced spell leaving the stack (702.47e),
embalmed tokens (702.128b), copies of a bestowed Aura spell (702.103c) and who may open an
Attraction (701.51a)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cr.cr601_casting import COUNTERSPELL
from kb.checks.cr.cr612_text_changing import TEST_EXCHANGE
from kb.checks.cr.cr701_51_attractions import BARKER, HIGH_RIDE, LOW_RIDE, TICKET
from kb.checks.cr.cr701_keyword_actions import DEMONIC_TUTOR
from kb.checks.cr.cr702_27_casting_keywords import BOON_SATYR, GLACIAL_RAY, LAVA_SPIKE, SPELL_ECHO
from kb.checks.cr.cr702_130_recent_keywords import SACRED_CAT
from kb.checks.cr.cr708_face_down import DISGUISED
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    Game,
    LifeChanged,
    Resolution,
    Revealed,
    StaticAbility,
    TriggeredAbility,
    Zone,
    actions,
    attractions,
    card,
    cost,
    creatures,
    facedown,
    keyword_actions,
    keywords_recent,
    regeneration,
)
from kb.engine.rules import CantEnter, CantLoseLife
from kb.engine.triggers import TriggerContext, on_event


@check("701.58b@20260116.0@135c8636", "701.58a@20260116.0@e81f8f00", "116.2b@20260116.0@6ca9d9eb")
def a_cloaked_creature_card_turns_face_up_for_its_mana_cost(expect: Expect) -> None:
    """状況: Aが手札の《灰色熊》（{1}{G}）を覆面した。裏向きの2/2で護法{2}を持つ。
    行動: Aが優先権を持つときに{1}{G}を支払い、特別な処理でそれをオモテ向きにする。
    結果: スタックを使わずにすぐオモテ向きの灰色熊になり、護法は失われる。同じパーマネントのままである。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, Zone.HAND, "A")
    cloaked = facedown.cloak(game, "A", bears)
    assert cloaked is not None
    expect.that(game.view(cloaked).has("ward", "{2}"), "覆面されたものは護法{2}を持つ")
    expect.equal(set(facedown.ways_to_turn_face_up(game, cloaked)), {"mana cost"}, "マナ・コストでオモテ向きにできる")
    give_mana(game, "A", "{1}{G}")
    game.turn_face_up("A", cloaked)
    view = game.view(cloaked)
    expect.equal((view.name, view.face_down, view.has("ward", "{2}")), ("Grizzly Bears", False, False),
                 "オモテ向きの灰色熊になり、護法はない")
    expect.that(not game.stack and cloaked.id in game.objects, "スタックを使わず、同じパーマネントのまま")


@check("701.58c@20260116.0@6b2e0a20", "702.37e@20260116.0@b484429b", "701.58b@20260116.0@135c8636")
def a_cloaked_morph_card_can_use_either_procedure(expect: Expect) -> None:
    """状況: Aが手札の《賛美されし天使》（{4}{W}{W}、変異{2}{W}{W}）を覆面した。
    行動: Aが{2}{W}{W}だけを支払い、変異のやり方でオモテ向きにする。
    結果: 覆面のやり方（マナ・コスト）と変異のやり方のどちらも選べ、変異コストでオモテ向きになる。"""
    game = Game(["A", "B"])
    angel = game.place(cards.EXALTED_ANGEL, Zone.HAND, "A")
    cloaked = facedown.cloak(game, "A", angel)
    assert cloaked is not None
    expect.equal(set(facedown.ways_to_turn_face_up(game, cloaked)), {"morph", "mana cost"},
                 "マナ・コストでも変異コストでもオモテ向きにできる")
    give_mana(game, "A", "{2}{W}{W}")
    game.turn_face_up("A", cloaked, how="morph")
    expect.equal((game.view(cloaked).name, game.view(cloaked).face_down), ("Exalted Angel", False),
                 "変異コストでオモテ向きになった")


@check("701.40d@20260116.0@b28f3307", "701.58d@20260116.0@8ab527a2", "702.168d@20260116.0@f01fefea",
       "701.40b@20260116.0@d8a9c5ca", "701.58b@20260116.0@135c8636")
def manifested_and_cloaked_disguise_cards_use_either_procedure(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上に変装{1}{U}を持つテスト用3/3（{3}{U}）があり、手札にも同じカードがある。
    行動: Aがライブラリーの一番上を顕現し、手札の1枚を覆面する。顕現したものを{1}{U}で変装のやり方で、覆面したものを
    {3}{U}でマナ・コストのやり方でオモテ向きにする。
    結果: どちらも2つのやり方を選べ、それぞれ選んだやり方でオモテ向きの3/3になる。"""
    game = Game(["A", "B"])
    game.place(DISGUISED, Zone.LIBRARY, "A")
    in_hand = game.place(DISGUISED, Zone.HAND, "A")
    manifested = facedown.manifest_top(game, "A")
    cloaked = facedown.cloak(game, "A", in_hand)
    assert manifested is not None and cloaked is not None
    for obj, name in ((manifested, "顕現"), (cloaked, "覆面")):
        expect.equal(set(facedown.ways_to_turn_face_up(game, obj)), {"disguise", "mana cost"},
                     f"{name}したものは変装でもマナ・コストでもオモテ向きにできる")
    give_mana(game, "A", "{1}{U}")
    game.turn_face_up("A", manifested, how="disguise")
    give_mana(game, "A", "{3}{U}")
    game.turn_face_up("A", cloaked, how="mana cost")
    expect.equal([(game.view(o).name, game.view(o).pt) for o in (manifested, cloaked)],
                 [("Test Disguised Agent", (3, 3))] * 2, "どちらもオモテ向きの3/3になった")


@check("701.58g@20260116.0@97618d4a", "701.58b@20260116.0@135c8636")
def a_cloaked_instant_stays_face_down(expect: Expect) -> None:
    """状況: Aが手札の《巨大化》（インスタント）を覆面した。
    行動: Aがそのマナ・コストでオモテ向きにしようとし、次に効果がそれをオモテ向きにしようとする。
    結果: クリーチャー・カードでないので特別な処理ではオモテ向きにできない。効果でも公開されるだけで裏向きのまま。"""
    game = Game(["A", "B"])
    growth = game.place(cards.GIANT_GROWTH, Zone.HAND, "A")
    cloaked = facedown.cloak(game, "A", growth)
    assert cloaked is not None
    expect.that(game.view(cloaked).face_down and game.view(cloaked).pt == (2, 2), "裏向きの2/2として戦場にある")
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.turn_face_up("A", cloaked), "インスタントはマナ・コストでオモテ向きにできない")
    expect.that(not facedown.turn_face_up(game, cloaked), "効果でもオモテ向きにならない")
    expect.that(cloaked.face_down is not None and any(e.object_id == cloaked.id for e in game.events(Revealed)),
                "公開されて、裏向きのまま")


NO_CREATURES_ENTER = card("Test Barrier", "{3}", "Enchantment", StaticAbility(
    "Creatures can't enter the battlefield.", rules=(CantEnter(creatures()),)))
"""Test: an enchantment with "Creatures can't enter the battlefield"."""


@check("701.40f@20260116.0@9b6c5200", "701.58f@20260116.0@db9ea244", "614.17d@20260116.0@ef31a725",
       "701.40a@20260116.0@cb4792bf")
def a_face_down_card_that_cant_enter_stays_where_it_was(expect: Expect) -> None:
    """状況: Aのライブラリーは上から《丘巨人》、《灰色熊》の2枚で、手札にも灰色熊がある。
    行動: Aがライブラリーの一番上を顕現する。次に「クリーチャーは戦場に出られない」テスト用エンチャントが出てから、
    Aがもう一度顕現しようとし、手札の灰色熊を覆面しようとする。
    結果: 1回目は丘巨人が裏向きの2/2として戦場に出る。エンチャントがあると裏向きのクリーチャーは戦場に出られないので
    顕現も覆面もされず、ライブラリーの灰色熊はそのまま一番上に、手札の灰色熊は表向きのまま手札に残る。"""
    game = Game(["A", "B"], library=0)
    game.place(cards.GRIZZLY_BEARS, Zone.LIBRARY, "A")
    game.place(cards.HILL_GIANT, Zone.LIBRARY, "A")
    first = facedown.manifest_top(game, "A")
    expect.that(first is not None and first.zone is Zone.BATTLEFIELD and game.view(first).face_down,
                "妨げるものがなければ顕現される")
    game.place(NO_CREATURES_ENTER, player="A")
    top = game.players["A"].library[-1]
    in_hand = game.place(cards.GRIZZLY_BEARS, Zone.HAND, "A")
    expect.that(facedown.manifest_top(game, "A") is None, "顕現されない")
    expect.that(facedown.cloak(game, "A", in_hand) is None, "覆面されない")
    expect.equal((game.players["A"].library[-1], game.objects[top].face_down), (top, None),
                 "ライブラリーの一番上のカードはそのまま残る")
    expect.that(in_hand.id in game.objects and in_hand.zone is Zone.HAND and in_hand.face_down is None,
                "手札の灰色熊は表向きのまま手札に残る")


@check("701.12h@20260116.0@c7de3154", "612.5@20260116.0@32a161dc")
def exchanging_text_boxes_swaps_the_rules_text(expect: Expect) -> None:
    """状況: Aの《セラの天使》（4/4、飛行、警戒）と《灰色熊》（2/2、文章なし）。
    行動: Aが2体を対象に「クリーチャー2体の文章欄を交換する」テスト用インスタント（Exchange of Wordsの代わり）を唱える。
    結果: 天使は以前の熊のルール・テキスト（なし）になり、熊は以前の天使の飛行と警戒を持つ。パワーとタフネスは変わらない。"""
    game = Game(["A", "B"])
    angel = game.place(cards.SERRA_ANGEL)
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", TEST_EXCHANGE, [[angel, bears]])
    a, b = game.view(angel), game.view(bears)
    expect.that(b.has("flying") and b.has("vigilance"), "熊は飛行と警戒を持つ")
    expect.that(not a.has("flying") and not a.has("vigilance"), "天使は能力を持たない")
    expect.equal((a.pt, b.pt), ((4, 4), (2, 2)), "パワーとタフネスは変わらない")


def _monstrosity_x(r: Resolution) -> None:
    if r.source_id is not None:
        keyword_actions.monstrosity(r.game, r.source_id, r.x)


def _gain_x(r: Resolution) -> None:
    """Reads the X the permanent became monstrous with (701.37c)."""
    if r.source_id is None or r.source_id not in r.game.objects:
        return
    x = r.game.objects[r.source_id].chosen.get("monstrosity X")
    if isinstance(x, int) and keyword_actions.is_monstrous(r.game, r.source_id):
        r.game.gain_life(r.controller, x)


TEST_MONSTER = card("Test Monster", "{2}{G}", "Creature — Beast", 2, 2,
                    ActivatedAbility("{X}{G}: Monstrosity X.", cost("{X}{G}"), _monstrosity_x),
                    ActivatedAbility("{1}: If this creature is monstrous, you gain X life.", cost("{1}"), _gain_x))
"""Test: a 2/2 with "{X}{G}: Monstrosity X" and "{1}: If this creature is monstrous, you gain X life"."""


@check("701.37c@20260116.0@9e738943", "701.37a@20260116.0@d28f39f4")
def monstrosity_x_is_remembered_by_other_abilities(expect: Expect) -> None:
    """状況: Aは「{X}{G}：怪物化X」と「{1}：これが怪物的であるなら、あなたはX点のライフを得る」を持つテスト用2/2を
    コントロールしている。
    行動: AがXを3として怪物化を起動する。次に+1/+1カウンターが1個取り除かれた後、ライフを得る能力を起動する。
    結果: 5/5の怪物的なクリーチャーになる。もう一方の能力のXは怪物的になったときのXの3なので、カウンターが2個に
    減っていてもAは3点のライフを得る。"""
    game = Game(["A", "B"])
    monster = game.place(TEST_MONSTER, player="A")
    give_mana(game, "A", "{3}{G}")
    game.activate("A", monster, 0, x=3)
    game.resolve_stack()
    expect.equal((game.view(monster).pt, keyword_actions.is_monstrous(game, monster.id)), ((5, 5), True),
                 "+1/+1カウンター3個で5/5の怪物的なクリーチャーになった")
    game.remove_counters(monster, "+1/+1", 1)
    give_mana(game, "A", "{1}")
    game.activate("A", monster, 1)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "怪物化したときのXの3点を得た")


@check("701.23e@20260116.0@b7f944f5", "701.23d@20260116.0@0d4e88e6")
def a_search_reveals_only_when_told_to(expect: Expect) -> None:
    """状況: Aのライブラリーには《丘巨人》1枚だけがある。
    行動: Aが《悪魔の教示者》を唱え、丘巨人を探して手札に加える。
    結果: 悪魔の教示者は公開するよう指示しないので、見つけた丘巨人は公開されない。"""
    game = Game(["A", "B"], library=0)
    game.place(cards.HILL_GIANT, Zone.LIBRARY, "A")
    cast(game, "A", DEMONIC_TUTOR)
    expect.equal([c.card for c in game.hand("A")], [cards.HILL_GIANT], "丘巨人を見つけて手札に加えた")
    expect.equal(game.events(Revealed), [], "見つけたカードは公開されない")


@check("701.47b@20260116.0@e4dc54b0", "701.47a@20260116.0@55033568", "614.17d@20260116.0@ef31a725")
def amassing_counts_even_when_nothing_is_created(expect: Expect) -> None:
    """状況: Aは軍団をコントロールしていない。
    行動: Aがゾンビ動員1を行い、その軍団が墓地に置かれる。Bが「クリーチャーは戦場に出られない」テスト用エンチャントを
    戦場に出し、Aがもう一度ゾンビ動員1を行う。
    結果: 1回目は1/1の軍団ができる。2回目は軍団・トークンは戦場に出られず、カウンターも置けないが、Aは動員したことになる。"""
    game = Game(["A", "B"])
    keyword_actions.amass(game, "A", "Zombie", 1)
    armies = [o for o in game.battlefield("A") if "Army" in game.view(o).subtypes]
    expect.equal([game.view(o).pt for o in armies], [(1, 1)], "妨げるものがなければ1/1の軍団ができる")
    game.move(armies[0], Zone.GRAVEYARD)
    game.place(NO_CREATURES_ENTER, player="B")
    keyword_actions.amass(game, "A", "Zombie", 1)
    expect.equal([o for o in game.battlefield("A") if "Army" in game.view(o).subtypes], [],
                 "軍団・トークンは戦場に出られない")
    expect.equal([(e.player, e.army) for e in game.events(keyword_actions.Amassed)],
                 [("A", armies[0].id), ("A", None)], "それでもAは2回とも動員した")


def _you_gained_life(t: TriggerContext) -> int:
    event = t.event
    return int(isinstance(event, LifeChanged) and event.amount > 0 and event.player == t.source.controller)


LIFE_READER = card("Test Life Reader", "{1}{W}", "Enchantment", TriggeredAbility(
    "Whenever you gain life, draw a card.", on_event("you gain life", (LifeChanged,), _you_gained_life),
    lambda r: r.game.draw(r.controller)))
"""Test: an enchantment with "Whenever you gain life, draw a card"."""

WARD_OF_LIFE = card("Test Ward of Life", "{2}", "Enchantment", StaticAbility("You can't lose life.",
                                                                            rules=(CantLoseLife(),)))
"""Test: an enchantment with "You can't lose life"."""


@check("701.12g@20260116.0@c1b41411", "701.12c@20260116.0@7128e8f2", "119.8@20260116.0@8cf7007c")
def exchanging_life_totals_a_player_who_cant_lose_life(expect: Expect) -> None:
    """状況: Aのライフは5点でAは「あなたがライフを得るたび、カードを1枚引く」テスト用エンチャントを、Bのライフは18点で
    Bは「あなたはライフを失わない」テスト用エンチャントをコントロールしている。
    行動: 効果によってAとBがライフの総量を交換する。
    結果: Aは13点のライフを得て18点になり、ライフを得たことで誘発した能力でカードを1枚引く。Bはライフを失えないので
    18点のままで、より低いライフの総量にはならない。"""
    game = Game(["A", "B"])
    game.place(LIFE_READER, player="A")
    game.place(WARD_OF_LIFE, player="B")
    game.players["A"].life, game.players["B"].life = 5, 18
    before = len(game.hand("A"))
    keyword_actions.exchange_life_totals(game, "A", "B")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 18, "Aは13点を得て18点になった")
    expect.equal(len(game.hand("A")), before + 1, "ライフを得たことで能力が誘発し、Aはカードを1枚引いた")
    expect.equal(game.players["B"].life, 18, "Bはライフを失えないので18点のまま")


EVERLASTING_TROLL = card("Test Everlasting Troll", "{2}{G}", "Creature — Troll", 2, 2, StaticAbility(
    "If this creature would be destroyed, regenerate it.",
    replacements=(regeneration.regenerates_itself("If this creature would be destroyed, regenerate it."),)))
"""Test: a 2/2 with the static ability "If this creature would be destroyed, regenerate it"."""


@check("701.19b@20260116.0@e1161551", "701.19a@20260116.0@22d7a72d", "704.5g@20260116.0@05710b56")
def a_static_regeneration_replaces_every_destruction(expect: Expect) -> None:
    """状況: Aは「このクリーチャーが破壊されるなら、代わりに再生する」という常在型能力を持つテスト用2/2を
    コントロールしている。
    行動: Bが《ショック》でそれに2点のダメージを与える。Aがそれをアンタップした後、Bがもう一度ショックを唱える。
    結果: どちらの時も、致死ダメージによる破壊の代わりにダメージが取り除かれてタップされ、戦場に残る。
    常在型能力による再生は1回で使い切られない。"""
    game = Game(["A", "B"])
    troll = game.place(EVERLASTING_TROLL, player="A")
    for time in ("1回目", "2回目"):
        cast(game, "B", cards.SHOCK, [troll])
        expect.that(troll.id in game.objects and troll.zone is Zone.BATTLEFIELD, f"{time}: 破壊されず戦場に残る")
        expect.that(troll.damage == 0 and troll.tapped, f"{time}: ダメージが取り除かれ、タップされた")
        actions.untap(game, [troll])


@check("702.47e@20260116.0@dbbdd1a7", "702.47a@20260116.0@aefb68be", "400.7@20260116.0@6d94caf3")
def a_spliced_spell_loses_the_splice_when_it_leaves_the_stack(expect: Expect) -> None:
    """状況: Aの手札に《溶岩の撃ち込み》（秘儀、対象のプレイヤー1人に3点）と《氷河の光線》（2点、秘儀への連繋{1}{R}）。
    Bは《灰色熊》をコントロールしている。
    行動: AがBを対象に撃ち込みを唱え、光線を連繋して熊を対象に選ぶ。Bが《対抗呪文》でそれを打ち消す。撃ち込みが
    効果によってAの手札に戻り、Aはそれを連繋せずにもう一度Bを対象に唱える。
    結果: 連繋した撃ち込みには対象が2つあったが、スタックを離れたので連繋による変更は失われている。2回目の撃ち込みは
    対象が1つだけで、Bに3点を与えるだけで熊は無事である。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    spike = in_hand(game, LAVA_SPIKE)
    in_hand(game, GLACIAL_RAY)
    give_mana(game, "A", "{1}{R}{R}")
    spell = game.cast("A", spike, targets=["B", bears], additional=("splice",))
    expect.equal(len(game.stack[-1].specs), 2, "連繋した撃ち込みは光線の対象も持つ")
    cast(game, "B", COUNTERSPELL, [spell])
    [countered] = [o for o in game.graveyard("A") if o.card is LAVA_SPIKE]
    back = game.move(countered, Zone.HAND)
    assert back is not None
    give_mana(game, "A", "{R}")
    game.cast("A", back, targets=["B"])
    expect.equal(len(game.stack[-1].specs), 1, "手札から唱えた撃ち込みの対象は1つだけ")
    game.resolve_stack()
    expect.equal((game.players["B"].life, game.current(bears).zone), (17, Zone.BATTLEFIELD),
                 "Bは3点を受け、熊は無事")


@check("702.128b@20260116.0@5d64d96e", "702.128a@20260116.0@5e295aa5", "701.36a@20260116.0@f7247bb2")
def only_the_token_an_embalm_ability_creates_is_embalmed(expect: Expect) -> None:
    """状況: Aの墓地に《聖なる猫》（1/1、絆魂、不朽{W}）。
    行動: Aが不朽を起動し、それが解決してトークンが生成される。次に効果によってAが居住を行い、そのトークンのコピーを
    生成する。
    結果: 不朽の能力が生成したトークンは不朽されたトークンである。居住で生成されたコピーは不朽の能力が生成したものでは
    ないので、不朽されたトークンではない。"""
    game = Game(["A", "B"])
    cat = game.place(SACRED_CAT, Zone.GRAVEYARD, "A")
    give_mana(game, "A", "{W}")
    game.activate("A", cat, 0)
    game.resolve_stack()
    [embalmed] = game.creatures("A")
    expect.that(embalmed.is_token and keywords_recent.is_embalmed(embalmed), "不朽で生成されたトークンは不朽されている")
    [copy_id] = keyword_actions.populate(game, "A")
    copy = game.objects[copy_id]
    expect.equal((game.view(copy).name, copy.is_token), ("Sacred Cat", True), "居住で猫のトークンのコピーが生成された")
    expect.that(not keywords_recent.is_embalmed(copy), "居住で生成されたコピーは不朽されていない")


@check("701.51a@20260116.0@4d9dd736", "701.51b@20260116.0@f06639cc")
def only_a_player_with_an_attraction_deck_opens_an_attraction(expect: Expect) -> None:
    """状況: Aはアトラクション・デッキ（テスト用アトラクション2枚）で遊んでいて、Bはアトラクション・デッキを持たない。
    AとBはそれぞれ「あなたがアトラクションを開くたび、2点のライフを得る」テスト用クリーチャーをコントロールしている。
    行動: Aが「アトラクションを開く」テスト用ソーサリーを唱え、次にBも同じソーサリーを唱える。
    結果: Aはアトラクションを開き、2点を得て22になる。Bはアトラクション・デッキで遊んでいないので開けず、Bの
    クリーチャーの能力は誘発せず、Bのライフは20のまま。"""
    game = Game(["A", "B"])
    attractions.attraction_deck(game, "A", [LOW_RIDE, HIGH_RIDE])
    game.place(BARKER, player="A")
    game.place(BARKER, player="B")
    cast(game, "A", TICKET)
    expect.equal([o.card for o in game.battlefield("A") if o.card in (LOW_RIDE, HIGH_RIDE)], [HIGH_RIDE],
                 "Aはデッキの一番上のアトラクションを開いた")
    expect.equal(game.players["A"].life, 22, "Aの能力が誘発した")
    game.next_turn("B")
    cast(game, "B", TICKET)
    expect.equal([e.player for e in game.events(attractions.AttractionOpened)], ["A"], "Bはアトラクションを開けない")
    expect.equal(game.players["B"].life, 20, "Bの能力は誘発しない")


@check("702.103c@20260116.0@86e933aa", "702.103b@20260116.0@c47e8255", "707.10@20260116.0@85fe7dea")
def a_copy_of_a_bestowed_aura_spell_is_bestowed(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールし、手札に《加護のサテュロス》（4/2、授与{3}{G}{G}、エンチャントされている
    クリーチャーは+4/+2）と「呪文1つを対象とし、それをコピーする」テスト用インスタント。
    行動: Aが授与コストでサテュロスを熊を対象に唱え、それに対応してテスト用インスタントでサテュロスをコピーする。
    結果: コピーもクリーチャーでないオーラ・呪文で、授与された呪文として扱われる。コピーは熊につくオーラ・トークンとして
    戦場に出て、元のサテュロスも熊につき、熊は10/6になる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    satyr = in_hand(game, BOON_SATYR)
    give_mana(game, "A", "{3}{G}{G}")
    spell = game.cast("A", satyr, targets=[bears], alternative="bestow")
    cast(game, "A", SPELL_ECHO, [spell], resolve=False)
    game.resolve_top()
    [copy] = [item for item in game.stack if item.spell != spell]
    seen = game.view(copy.id)
    expect.equal((seen.is_a("Creature"), seen.is_a("Enchantment"), "Aura" in seen.subtypes), (False, True, True),
                 "コピーも授与されたオーラ・呪文")
    game.resolve_stack()
    attached = [o for o in game.battlefield("A") if o.attached_to == bears.id]
    expect.equal(sorted(o.is_token for o in attached), [False, True], "コピーのトークンと元のサテュロスが熊についた")
    expect.equal(game.view(bears).pt, (10, 6), "熊は+8/+4で10/6")
