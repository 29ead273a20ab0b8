"""More behaviour subrules of keyword actions (701): replacement effects on tokens being created and
entering, several shuffles at once trigger once each, surveilling with additional cards looked at,
and "the milled card" when several were milled."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, MARCH_OF_THE_MACHINES, real
from kb.checks.cr.cr701_action_examples import DARKSTEEL_COLOSSUS
from kb.checks.cr.cr701_behaviours import SHUFFLE_WATCHER
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, library_top_first
from kb.engine import (
    FOREST,
    ChoiceKind,
    Game,
    GameObject,
    Resolution,
    SpellAbility,
    StaticAbility,
    Zone,
    card,
    instructions,
    keyword_actions,
    token,
)
from kb.engine import library_actions as la
from kb.engine.choices import Choice
from kb.engine.events import Shuffled
from kb.engine.predefined_tokens import TREASURE
from kb.engine.token_replacements import creates_twice_as_many, enters_with_an_additional_counter


@check("701.24f@20260116.0@51c4d447", "701.24a@20260116.0@8d819bc5", "614.1a@20260116.0@200be777")
def two_shuffles_at_once_trigger_twice(expect: Expect) -> None:
    """状況: Aは《ダークスティールの巨像》2体と、「あなたがライブラリーを切り直すたび、あなたは1点のライフを得る。」を持つ
    エンチャントをコントロールしている。Aのライブラリーには《丘巨人》が5枚ある。
    行動: Aが2体の巨像を同時に生け贄に捧げる。
    結果: 2体はそれぞれ墓地に置かれる代わりにライブラリーに加えて切り直される。2つの効果が同時にライブラリーを2回切り直すので、
    切り直したときの能力は2回誘発し、Aは2点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    for _ in range(5):
        game.place(HILL_GIANT, Zone.LIBRARY, "A")
    game.place(SHUFFLE_WATCHER, player="A")
    first = game.place(DARKSTEEL_COLOSSUS, player="A")
    second = game.place(DARKSTEEL_COLOSSUS, player="A")
    game.sacrifice("A", first, second)
    library = [game.objects[i].card for i in game.players["A"].library]
    expect.equal((len(library), library.count(DARKSTEEL_COLOSSUS), game.graveyard("A")), (7, 2, []),
                 "2体とも墓地でなくライブラリーに加えられた")
    expect.equal([e.player for e in game.events(Shuffled)], ["A", "A"], "Aのライブラリーは2回切り直された")
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "切り直しの能力が2回誘発し、2点のライフを得た")


def _all_it_may(*wanted: GameObject) -> object:
    """Answer a choice of any number of cards with every wanted card it accepts."""
    def answer(choice: Choice) -> list[int]:
        return [o.id for o in wanted if choice.accepts is not None and choice.accepts([o.id])]

    return answer


@check("701.25b@20260116.0@309ff38e", "701.25a@20260116.0@46fe78db")
def surveil_with_an_additional_card(expect: Expect) -> None:
    """状況: Aのライブラリーは上から《丘巨人》《森》《灰色熊》である。効果により、Aは諜報を行う間にカードを追加で1枚見てもよい。
    行動: Aが諜報1を行い、追加で1枚見て、丘巨人と森を墓地に置くことを選ぶ。
    結果: 追加で見た森も墓地に置けるカードに含まれるので、丘巨人と森が墓地に置かれ、ライブラリーの一番上は灰色熊になる。"""
    game = Game(["A", "B"], library=0)
    giant, forest, bears = library_top_first(game, "A", HILL_GIANT, FOREST, GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECTS, _all_it_may(giant, forest), player="A")
    keyword_actions.surveil(game, "A", 1, additional=1)
    expect.equal(sorted(o.card.name for o in game.graveyard("A")), ["Forest", "Hill Giant"],
                 "諜報1で見た丘巨人も、追加で見た森も墓地に置いた")
    expect.equal(game.players["A"].library[-1], bears.id, "ライブラリーの一番上は灰色熊になった")


def _mill_and_gain(r: Resolution) -> None:
    milled = instructions.mill(r.game, r.controller, 2)
    r.game.gain_life(r.controller, la.milled_card_value(r.game, milled, lambda v: v.mana_value))


MILLED_CARD_READER = card("Test Milled Card Reader", "{1}{G}", "Sorcery", spell=SpellAbility(
    "Mill two cards. You gain life equal to the milled card's mana value.", _mill_and_gain))


@check("701.17d@20260116.0@0dd32831", "701.17a@20260116.0@30e9c1ad")
def the_milled_card_when_two_were_milled(expect: Expect) -> None:
    """状況: Aのライブラリーは上から《丘巨人》（マナ総量4）《灰色熊》（マナ総量2）である。
    行動: Aが「カードを2枚切削する。あなたは切削したカードのマナ総量に等しい点数のライフを得る。」ソーサリーを唱える。
    結果: 単一の切削されたカードを参照する能力は切削された2枚をともに参照し、回答の合計6を用いるので、Aは6点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    library_top_first(game, "A", HILL_GIANT, GRIZZLY_BEARS)
    cast(game, "A", MILLED_CARD_READER)
    expect.equal(sorted(o.card.name for o in game.graveyard("A")),
                 ["Grizzly Bears", "Hill Giant", "Test Milled Card Reader"], "2枚を切削した")
    expect.equal(game.players["A"].life, 26, "切削した2枚のマナ総量の合計6点のライフを得た")


PARALLEL_LIVES = real("似通った生命", card("Parallel Lives", "{3}{G}", "Enchantment", StaticAbility(
    creates_twice_as_many("Creature").text, replacements=(creates_twice_as_many("Creature"),))))
"""似通った生命: あなたのコントロール下でクリーチャー・トークンを生成するなら、代わりにその2倍を生成する。"""

CREATURE_WELCOMER = card("Test Creature Welcomer", "{1}{G}", "Enchantment", StaticAbility(
    enters_with_an_additional_counter("Creature").text, replacements=(enters_with_an_additional_counter("Creature"),)))
"""Test: "Each creature you control enters with an additional +1/+1 counter on it"."""

SOLDIER = token("Soldier", "Creature — Soldier", 1, 1, colors="W")


@check("701.7b@20260116.0@f2d3f0fd", "701.7a@20260116.0@ba0746ba", "614.1a@20260116.0@200be777",
       "614.1c@20260116.0@ce0a08eb")
def token_replacements_before_and_after_continuous_effects(expect: Expect) -> None:
    """状況: Aは《似通った生命》、《機械の行進》（クリーチャーでないアーティファクトはマナ総量に等しいパワーとタフネスを持つ
    アーティファクト・クリーチャーである）と、「あなたがコントロールするクリーチャーは、追加の+1/+1カウンター1個が置かれた状態で
    戦場に出る。」テスト用エンチャントをコントロールしている。
    行動: 効果がAに1/1の兵士・クリーチャー・トークン1体を生成させる。次に宝物・トークン1つを生成させる。
    結果: 兵士は生成されるときにクリーチャーなので2体になる。宝物は生成されるときには機械の行進がまだ適用されずクリーチャーでないので
    似通った生命は適用されず1つだけだが、戦場に出るときには機械の行進の後で見るのでクリーチャーであり、+1/+1カウンターが置かれて
    1/1のクリーチャーとして残る。"""
    game = Game(["A", "B"])
    game.place(PARALLEL_LIVES, player="A")
    game.place(MARCH_OF_THE_MACHINES, player="A")
    game.place(CREATURE_WELCOMER, player="A")
    soldiers = game.create_token(SOLDIER, "A")
    expect.equal(len(soldiers), 2, "生成されるときにクリーチャーである兵士は2体生成された")
    treasures = game.create_token(TREASURE, "A")
    expect.equal(len(treasures), 1, "生成されるときにクリーチャーでない宝物は1つだけ生成された")
    game.refresh_priority()
    treasure = treasures[0]
    expect.equal(game.view(treasure).counters.get("+1/+1", 0), 1, "戦場に出る宝物はクリーチャーとして+1/+1カウンターを得た")
    expect.equal((treasure.zone, game.view(treasure).power), (Zone.BATTLEFIELD, 1), "宝物は1/1のクリーチャーとして残った")
