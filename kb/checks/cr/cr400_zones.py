"""Zones (400-408): conflicting instructions that move one object (400.6), owners' zones (400.3),
objects that change zones becoming new objects (400.7), stickers between public zones (400.7m),
the stack (405) and emblems in the command zone (114, 408)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr123_stickers import BEAR_CUB
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    StaticAbility,
    Zone,
    card,
    control,
    creatures,
    emblems,
    modify_pt,
    stickers,
)
from kb.engine.objects import NameSticker
from kb.engine.replacement import Instead, LoseGame, Replacement, ReplacementContext
from kb.engine.starting import STARTING_LIFE


def _archangel_instead(context: ReplacementContext, lose: LoseGame) -> Instead:
    source = context.context.source_state("Exquisite Archangel")
    return Instead(moves=((source.id, Zone.EXILE),), life_totals=((lose.player, STARTING_LIFE),))


EXQUISITE_ARCHANGEL = real("極上の大天使", card(
    "Exquisite Archangel", "{5}{W}{W}", "Creature — Angel", 5, 5, "flying",
    StaticAbility("If you would lose the game, instead exile Exquisite Archangel and your life total becomes equal to "
                  "your starting life total.", replacements=(Replacement(
                      "If you would lose the game, instead exile Exquisite Archangel and your life total becomes equal "
                      "to your starting life total.", LoseGame,
                      lambda c, lose: lose.player == c.context.player("you"), _archangel_instead),))))


@check("400.6@20260116.0@0a84797b", "614.6@20260116.0@18464782", "704.3@20260116.0@3533b646",
       example="400.6#1@c4185168")
def exquisite_archangel_goes_where_its_controller_says(expect: Expect) -> None:
    """状況: Aはライフ5点で《極上の大天使》をコントロールしている。
    行動: 呪文がAと大天使にそれぞれ5点のダメージを与え、状況起因処理が行われる。Aは大天使を追放すること（別のゲームでは
    墓地に置くこと）を選ぶ。
    結果: Aは負ける代わりにライフが初期ライフ総量の20点になる。大天使を墓地に置く処理と追放する処理が同時に指示されるので、
    Aが選んだほうが適用される。"""
    for chosen in (Zone.EXILE, Zone.GRAVEYARD):
        game = Game(["A", "B"])
        angel = game.place(EXQUISITE_ARCHANGEL)
        game.players["A"].life = 5
        flames = game.place(card("Test Flames", "{R}", "Creature — Elemental", 1, 1), player="B")
        game.deal_damage(flames, "A", 5)
        game.deal_damage(flames, angel, 5)
        game.choices.script(ChoiceKind.ZONE, chosen, player="A")
        game.refresh_priority()
        expect.that(not game.over and not game.players["A"].lost and game.players["A"].life == 20,
                    "Aは負けず、ライフは20点になった")
        [where] = [o.zone for o in game.objects.values() if o.card is EXQUISITE_ARCHANGEL]
        expect.equal(where, chosen, f"大天使はAが選んだ{'追放領域' if chosen is Zone.EXILE else '墓地'}に移動した")


@check("400.3@20260116.0@09883a3c", "404.1@20260116.0@bc3d3a42", "108.3@20260116.0@d0e3d61b")
def a_stolen_creature_dies_into_its_owners_graveyard(expect: Expect) -> None:
    """状況: AがBの《灰色熊》のコントロールを得ている。
    行動: 熊が破壊される。
    結果: 熊はコントローラーのAではなく、オーナーであるBの墓地に置かれる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.create_effect("A gains control", [control("A")], [bears])
    expect.equal(game.view(bears).controller, "A", "Aがコントロールしている")
    [dead] = game.destroy(bears)
    expect.that(dead is not None and dead in game.graveyard("B") and not game.graveyard("A"),
                "熊はオーナーであるBの墓地に置かれた")


@check("400.7@20260116.0@6d94caf3", "403.4@20260116.0@3ce5cafe", "611.2c@20260116.0@615e4f07")
def an_object_that_changes_zones_is_a_new_object(expect: Expect) -> None:
    """状況: Aの《灰色熊》が《巨大化》で+3/+3の修整を受け、5/5になっている。
    行動: 熊が手札に戻り、もう一度戦場に出る。
    結果: 戻ってきた熊は以前の熊とは関係のない新しいオブジェクトなので、+3/+3の修整は受けておらず2/2である。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.GIANT_GROWTH, [bears])
    expect.equal(game.view(bears).pt, (5, 5), "巨大化で5/5")
    back = game.move(bears, Zone.HAND)
    assert back is not None
    again = game.put_onto_battlefield(back)
    assert again is not None
    expect.that(again.id != bears.id and bears.id not in game.objects, "戻ってきた熊は新しいオブジェクト")
    expect.equal(game.view(again).pt, (2, 2), "新しいオブジェクトに+3/+3は適用されない")


@check("400.7m@20260116.0@d2e09a00", "123.5@20260116.0@676ba538")
def stickers_stay_between_public_zones(expect: Expect) -> None:
    """状況: Aの《仔熊》に「Dark」の名前ステッカーが貼られ、名前は「Dark Bear Cub」である。
    行動: 仔熊が墓地に置かれ、次に墓地から手札に戻る。
    結果: 戦場から墓地へは公開領域どうしの移動なのでステッカーは残り、墓地でも「Dark Bear Cub」である。非公開領域の手札に
    移るとステッカーは取り除かれ、「Bear Cub」に戻る。"""
    game = Game(["A", "B"])
    cub = game.place(BEAR_CUB)
    stickers.put_sticker(game, "A", cub, NameSticker("Dark", 0))
    [dead] = game.destroy(cub)
    assert dead is not None
    expect.equal(game.view(dead).name, "Dark Bear Cub", "墓地でもステッカーは残り「Dark Bear Cub」")
    held = game.move(dead, Zone.HAND)
    assert held is not None
    expect.equal(game.view(held).name, "Bear Cub", "手札に移るとステッカーは取り除かれる")


@check("405.2@20260116.0@b2210b99", "405.5@20260116.0@969484fb", "405.1@20260116.0@2bb11f81")
def the_last_spell_cast_resolves_first(expect: Expect) -> None:
    """状況: Bの《灰色熊》。
    行動: Aが熊を対象に《ショック》を唱え、それに対応してBが熊を対象に《巨大化》を唱える。
    結果: 後からスタックに積まれた巨大化が先に解決し、5/5になった熊はショックの2点では死なない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    shock = in_hand(game, cards.SHOCK)
    give_mana(game, "A", "{R}")
    game.cast("A", shock, targets=[bears])
    game.pass_priority_to("B")
    cast(game, "B", cards.GIANT_GROWTH, [bears], resolve=False)
    expect.equal([item.text for item in game.stack], ["Shock", "Giant Growth"], "巨大化がショックの上に積まれた")
    game.resolve_stack()
    expect.that(bears.id in game.objects and game.view(bears).damage == 2, "巨大化が先に解決し、熊は2点を受けても生き残る")


EMBLEM_ANTHEM = StaticAbility("Creatures you control get +1/+1.", (modify_pt(1, 1),), creatures(controller="you"))


@check("114.1@20260116.0@7ba27565", "114.3@20260116.0@843d2d1b", "114.4@20260116.0@e0f4df13",
       "114.5@20260116.0@2df24048", "408.2@20260116.0@ab406d93", "113.6p@20260116.0@14f2c271", "114.2@20260116.0@0a9b4805", "109.4c@20260116.0@5482a6a3")
def an_emblem_works_from_the_command_zone(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールしている。
    行動: Aが「あなたがコントロールしているクリーチャーは+1/+1の修整を受ける」を持つ紋章を得る。そのあとで
    《神の怒り》が解決する。
    結果: 紋章は統率領域に置かれ、名前もタイプもマナ・コストも持たず、パーマネントではない。その能力は統率領域で機能し、
    熊は3/3になる。神の怒りのあとも紋章は残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    mark = emblems.get_emblem(game, "A", emblems.emblem(EMBLEM_ANTHEM))
    view = game.view(mark)
    expect.that(view.zone is Zone.COMMAND and view.controller == "A", "紋章はAのコントロールする統率領域にある")
    expect.that(view.name is None and not view.types and view.mana_cost is None and not view.colors,
                "紋章は能力以外の特性を持たない")
    expect.that(mark not in game.battlefield(), "紋章はパーマネントではない")
    expect.equal(game.view(bears).pt, (3, 3), "紋章の能力で熊は3/3")
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.that(mark.id in game.objects and mark.zone is Zone.COMMAND, "神の怒りのあとも紋章は統率領域にある")


