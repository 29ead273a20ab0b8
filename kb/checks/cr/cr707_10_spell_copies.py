"""Copies of spells and abilities (707.10, 707.11): what a copy of a spell takes from the spell —
its choices and the objects that paid its costs, not the mana spent — and effects that follow a
permanent named by its name."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards_copies import (
    ANOINTED_PROCESSION,
    DAWNGLOW_INFUSION,
    FRONTLINE_HEROISM,
    MOMENT_OF_TRIUMPH,
    OLIVIA_VOLDAREN,
    TWINCAST,
)
from kb.checks.cr.cr118_costs import FLING
from kb.checks.cr.cr607_linked_abilities import UNSTABLE_SHAPESHIFTER
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import ChoiceKind, Game, Zone, spell_copies


@check("707.10@20260116.0@85fe7dea", "118.8@20260116.0@47cbd720", "608.2h@20260116.0@cb3c2a93",
       example="707.10#2@c5f5fd22")
def copy_of_fling_uses_the_creature_sacrificed_for_the_original(expect: Expect) -> None:
    """状況: Aは《丘巨人》（3/3）をコントロールし、手札に《投げ飛ばし》（追加コストとしてクリーチャー1体を生け贄に捧げる。
    それのパワーに等しい点数のダメージを与える）と《双つ術》（インスタントかソーサリーである呪文1つをコピーする）がある。
    行動: AがBを対象に、丘巨人を生け贄に捧げて投げ飛ばしを唱える。それに対応して双つ術で投げ飛ばしをコピーする。
    結果: コピーは元の投げ飛ばしのコストとして生け贄に捧げた丘巨人のパワーを参照し、Bに3点のダメージを与える。
    元の投げ飛ばしも3点与え、Bのライフは14になる。"""
    game = Game(["A", "B"])
    game.place(cards.HILL_GIANT, player="A")
    fling = in_hand(game, FLING)
    give_mana(game, "A", "{1}{R}")
    spell = game.cast("A", fling, targets=["B"])
    cast(game, "A", TWINCAST, [spell], resolve=False)
    game.pass_priority("A")
    game.pass_priority("B")  # 双つ術が解決し、コピーが積まれる
    expect.equal(len(game.stack), 2, "投げ飛ばしとそのコピーがスタックにある")
    game.pass_priority("A")
    game.pass_priority("B")  # コピーが解決する
    expect.equal(game.players["B"].life, 17, "コピーは生け贄に捧げた丘巨人のパワー3点のダメージを与えた")
    game.resolve_stack()
    expect.equal(game.players["B"].life, 14, "元の投げ飛ばしと合わせて6点")


@check("707.10@20260116.0@85fe7dea", "601.2h@20260116.0@a3920c0b", example="707.10#3@53b1db0c")
def copy_of_dawnglow_infusion_gains_no_life(expect: Expect) -> None:
    """状況: Aの手札に《アケノヒカリの注入》（{X}{G/W}。唱えるために{G}が支払われていたならX点、{W}が支払われていたなら
    X点のライフを得る）と《双つ術》がある。
    行動: AがX=3で{G}を支払って注入を唱え、それに対応して双つ術で注入をコピーする。
    結果: マナはオブジェクトではないので、コピーを唱えるのにどのマナも使われておらず、コピーではライフを得ない。
    元の注入で3点得て、Aのライフは23になる。"""
    game = Game(["A", "B"])
    infusion = in_hand(game, DAWNGLOW_INFUSION)
    game.add_mana("A", "{C}{C}{C}{G}")
    spell = game.cast("A", infusion, x=3)
    cast(game, "A", TWINCAST, [spell], resolve=False)
    game.pass_priority("A")
    game.pass_priority("B")  # 双つ術が解決し、コピーが積まれる
    expect.equal(len(game.stack), 2, "注入とそのコピーがスタックにある")
    game.pass_priority("A")
    game.pass_priority("B")  # コピーが解決する
    expect.equal((len(game.stack), game.players["A"].life), (1, 20), "コピーではライフを得ない")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "元の注入は{G}が支払われていたので3点得た")


@check("707.11@20260116.0@cdff791b", "707.4@20260116.0@e943b654", "113.7a@20260116.0@ac51ec80",
       example="707.11#1@4f67e8ff")
def shapeshifter_keeps_the_counter_of_olivias_ability(expect: Expect) -> None:
    """状況: Aの《不定の多相の戦士》が、Bの《オリヴィア・ヴォルダーレン》（{1}{R}: 他のクリーチャー1体に1点のダメージを与え、
    それを吸血鬼にし、オリヴィアに+1/+1カウンターを1個置く）のコピーになっている。Bの《珊瑚マーフォーク》（2/1）がいる。
    行動: Aがマーフォークを対象に、多相の戦士のオリヴィアの能力を起動する。それが解決する前にBの《丘巨人》が戦場に出て、
    多相の戦士は丘巨人のコピーになる。
    結果: もうオリヴィアのコピーではないが、能力は多相の戦士を追い続ける。多相の戦士がマーフォークに1点のダメージを与えて
    破壊し、多相の戦士に+1/+1カウンターが置かれて4/4の丘巨人になる。Bのオリヴィアにはカウンターは置かれない。"""
    game = Game(["A", "B"])
    shapeshifter = game.place(UNSTABLE_SHAPESHIFTER, player="A")
    merfolk = game.place(cards.CORAL_MERFOLK, player="B")
    olivia = game.put_onto_battlefield(OLIVIA_VOLDAREN, "B")
    assert olivia is not None
    game.refresh_priority()
    game.resolve_stack()
    expect.equal(game.view(shapeshifter).name, "Olivia Voldaren", "多相の戦士はオリヴィアのコピー")
    give_mana(game, "A", "{1}{R}")
    game.activate("A", shapeshifter, targets=[merfolk])
    game.put_onto_battlefield(cards.HILL_GIANT, "B")
    game.refresh_priority()
    game.resolve_stack()
    seen = game.view(shapeshifter)
    expect.equal(game.current(merfolk).zone, Zone.GRAVEYARD, "多相の戦士が1点のダメージを与え、マーフォークは死亡した")
    expect.equal((seen.name, seen.counter("+1/+1"), seen.pt), ("Hill Giant", 1, (4, 4)),
                 "丘巨人のコピーになった多相の戦士に+1/+1カウンターが置かれた")
    expect.equal(game.view(olivia).counter("+1/+1"), 0, "同名のBのオリヴィアには置かれない")


@check("707.10e@20260116.0@b0c2b4ca", "707.10@20260116.0@85fe7dea", "614.1a@20260116.0@200be777",
       "603.3d@20260116.0@4f0ac0b5", example="707.10e#1@0924b4fd")
def frontline_heroism_copy_targets_one_of_the_two_tokens(expect: Expect) -> None:
    """状況: Aの《前線に向かう勇気》（自分のクリーチャー1体のみを対象とする呪文を唱えるたび、速攻を持つ赤の1/1の兵士・
    クリーチャー・トークンを生成し、その呪文をコピーする。コピーはそのトークンを対象とする）と《選定された行進》（トークンを
    2倍生成する）、Aの《灰色熊》。
    行動: Aが熊を対象に《制覇の時》（+1/+1の修整を受け、あなたは1点のライフを得る）を唱え、前線に向かう勇気が誘発する。
    結果: 兵士トークンが2体生成される。制覇の時のコピーは、Aが選んだ1体のトークンだけを対象とし、両方を対象にはしない。
    解決後、選んだトークンは2/2、もう1体は1/1、熊は3/3で、Aのライフは2点増える。"""
    game = Game(["A", "B"])
    game.place(FRONTLINE_HEROISM, player="A")
    game.place(ANOINTED_PROCESSION, player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.choices.script(ChoiceKind.TARGETS, lambda c: c.options[-1], player="A")
    cast(game, "A", MOMENT_OF_TRIUMPH, [bears], resolve=False)
    game.pass_priority("A")
    game.pass_priority("B")  # 誘発型能力が解決する
    tokens = [o for o in game.battlefield("A") if o.is_token]
    expect.equal(len(tokens), 2, "行進によって兵士トークンが2体生成された")
    [copy] = [s for s in game.stack if spell_copies.is_copy(game.objects[s.id])]
    expect.equal(copy.targets, ((tokens[-1].id,),), "コピーはAの選んだ1体のトークンだけを対象とする")
    game.resolve_stack()
    expect.equal(sorted(game.view(t).pt for t in tokens), [(1, 1), (2, 2)], "選んだトークンだけが+1/+1を受けた")
    expect.equal((game.view(bears).pt, game.players["A"].life), ((3, 3), 22), "熊は3/3、Aのライフは2点増えた")
