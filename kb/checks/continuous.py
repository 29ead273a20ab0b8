"""Checks for continuous effects (611) and the wiki page 継続的効果."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenario import cast, give_mana, in_hand, on_battlefield, turn_of
from kb.engine import casting, combat, continuous, turns, zones
from kb.engine.basics import CREATURE, ENCHANTMENT, Zone
from kb.engine.effects import (
    Indefinite,
    UntilEndOfTurn,
    add_types,
    modify_pt,
    set_controller,
)
from kb.engine.game import Game


@check("611.1@472ecf65", wiki="継続的効果: オブジェクトの特性やコントローラーを変更したり")
def continuous_effects_change_characteristics_control_and_rules(expect: Expect) -> None:
    """巨大化は特性を、コントロール変更効果はコントローラーを、怯えはゲームのルールを、それぞれターン終了時
    まで変える。ターンが終わると3つとも終わる。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    giant = on_battlefield(game, cards.HILL_GIANT, "B")
    cast(game, "A", cards.GIANT_GROWTH, [bears.id])
    continuous.create(game, "gain control until end of turn", [set_controller("A")], [giant.id], UntilEndOfTurn())
    cast(game, "A", cards.FALTER)
    expect.equal(game.view(bears.id).pt, (5, 5), "特性を変更する")
    expect.equal(game.view(giant.id).controller, "A", "コントローラーを変更する")
    expect.that(not combat.can_block(game, bears), "ゲームのルールに影響する（ブロックできない）")
    turns.cleanup(game)
    expect.that(game.view(bears.id).pt == (2, 2) and game.view(giant.id).controller == "B"
                and combat.can_block(game, bears), "期間が終わればどれも終わる")


@check("611.2@6d385c60")
def resolving_spell_creates_an_effect(expect: Expect) -> None:
    """巨大化が解決されると、その効果は呪文が墓地に置かれた後も継続的効果として残り、熊は5/5のまま。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    before = len(game.effects)
    spell = cast(game, "A", cards.GIANT_GROWTH, [bears.id])
    expect.that(spell not in game.objects, "巨大化はもう墓地にある")
    expect.equal(len(game.effects) - before, 1, "その解決で継続的効果がひとつ作られた")
    expect.equal(game.view(bears.id).pt, (5, 5), "効果は残っている")


@check("611.2a@8a95121d", wiki="継続的効果: 定められていないならばゲーム終了時まで継続する")
def durations_until_end_of_turn_or_the_game(expect: Expect) -> None:
    """巨大化（ターン終了時まで）はそのターンの終わりに終わる。期間の書かれていない+1/+1の効果は何ターン後も
    続く。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    cast(game, "A", cards.GIANT_GROWTH, [bears.id])
    continuous.create(game, "target creature gets +1/+1", [modify_pt(1, 1)], [bears.id])
    expect.equal(game.view(bears.id).pt, (6, 6), "両方が適用されている")
    turn_of(game, "B")
    expect.equal(game.view(bears.id).pt, (3, 3), "ターン終了時まで、の効果は終わった")
    for _ in range(3):
        turn_of(game, "A")
    expect.equal(game.view(bears.id).pt, (3, 3), "期間のない効果はゲーム終了時まで続く")


@check("611.2b@18ea0ae4", wiki="継続的効果: 誘惑蒔き/Sower of Temptation")
def sower_of_temptation_leaving_first(expect: Expect) -> None:
    """誘惑蒔きの能力の解決前に誘惑蒔きが戦場を離れると、対象のコントロールは一瞬も変わらない。残っていれば
    コントロールを得て、誘惑蒔きが離れたときに戻る。"""
    game = Game(["A", "B"])
    first = on_battlefield(game, cards.GRIZZLY_BEARS, "B")
    sower = zones.put_onto_battlefield(game, in_hand(game, cards.sower_of_temptation(first.id), "A"), "A")
    game.priority()
    zones.move(game, sower, Zone.GRAVEYARD)
    game.resolve_stack()
    expect.equal(game.view(first.id).controller, "B", "期間が最初に適用される前に終わっていたので何もしない")
    expect.that(not any(e for e in game.effects if first.id in e.affected), "コントロール変更効果は作られなかった")
    second = on_battlefield(game, cards.GRIZZLY_BEARS, "B")
    sower = zones.put_onto_battlefield(game, in_hand(game, cards.sower_of_temptation(second.id), "A"), "A")
    game.priority()
    game.resolve_stack()
    expect.equal(game.view(second.id).controller, "A", "誘惑蒔きが戦場にあればコントロールを得る")
    zones.move(game, sower, Zone.GRAVEYARD)
    expect.equal(game.view(second.id).controller, "B", "誘惑蒔きが離れると効果は終わる")


@check("611.2c@615e4f07", wiki=("継続的効果: その時点でクリーチャーでないパーマネントや戦場に出ていなかったパーマネントに影響を与えない",
                                 "継続的効果: 「クリーチャーはブロックに参加できない」という効果"))
def resolved_effects_fix_what_they_affect(expect: Expect) -> None:
    """鼓舞する突撃（あなたのクリーチャーは+2/+1）の後に戦場に出た熊と、あとでクリーチャーになったミシュラの
    工廠は修整を受けない。怯え（クリーチャーはブロックできない）はルールを変えるので、後から来た熊にも及ぶ。"""
    game = Game(["A", "B"])
    early = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    factory = on_battlefield(game, cards.MISHRAS_FACTORY, "A")
    cast(game, "A", cards.INSPIRED_CHARGE)
    cast(game, "A", cards.FALTER)
    late = zones.put_onto_battlefield(game, in_hand(game, cards.GRIZZLY_BEARS, "A"))
    cards.animate_factory(game, factory.id)
    expect.equal(game.view(early.id).pt, (4, 3), "解決時にいたクリーチャーは+2/+1")
    expect.equal(game.view(late.id).pt, (2, 2), "後から戦場に出たクリーチャーは影響を受けない")
    expect.equal(game.view(factory.id).pt, (2, 2), "後からクリーチャーになったパーマネントも影響を受けない")
    expect.that(not combat.can_block(game, late), "特性を変えない効果は、後から来たクリーチャーにも影響する")


@check("611.2d@f71e862c")
def variable_is_fixed_on_resolution(expect: Expect) -> None:
    """「対象のクリーチャーは+X/+X（Xはあなたのクリーチャーの数）」がクリーチャー2体のときに解決する。その後
    3体目が出ても、Xは2のまま。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    cast(game, "A", cards.TEST_MIGHT, [bears.id])
    expect.equal(game.view(bears.id).pt, (4, 4), "解決時のX=2")
    zones.put_onto_battlefield(game, in_hand(game, cards.GRIZZLY_BEARS, "A"))
    expect.equal(game.view(bears.id).pt, (4, 4), "クリーチャーが増えてもXは変わらない")


@check("611.2e@b3714647", wiki="継続的効果: 理想の調停者/Arbiter of the Ideal")
def is_an_enchantment_applies_as_it_enters(expect: Expect) -> None:
    """アジャニに選ばれし者（エンチャントが戦場に出るたび猫トークン）がいる。理想の調停者のように「それは
    エンチャントでもある」として熊を戦場に出すと誘発する。「エンチャントになる」なら出た後なので誘発しない。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.AJANIS_CHOSEN, "A")
    is_effect = zones.EnteringEffect("is", (add_types(ENCHANTMENT),), "It's an enchantment in addition")
    becomes = zones.EnteringEffect("becomes", (add_types(ENCHANTMENT),), "It becomes an enchantment")
    first = zones.put_onto_battlefield(game, in_hand(game, cards.GRIZZLY_BEARS, "A"), effects=[is_effect])
    game.priority()
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 3, "「である」は戦場に出ると同時に適用され、猫トークンが出た")
    second = zones.put_onto_battlefield(game, in_hand(game, cards.GRIZZLY_BEARS, "A"), effects=[becomes])
    game.priority()
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 4, "「になる」は戦場に出た後なので誘発しない（トークンは増えない）")
    expect.that(game.view(first.id).is_a(ENCHANTMENT) and game.view(second.id).is_a(ENCHANTMENT),
                "どちらも結局エンチャントである")


@check("611.2f@d1f622fb")
def effect_on_the_next_spell_waits_for_it(expect: Expect) -> None:
    """「あなたが次に唱えるクリーチャー呪文は+1/+1の修整を受ける」。戦場の熊には効かず、先に唱えた巨大化にも
    使われず、次のクリーチャー呪文がスタックに置かれた時点で始まり、それだけに適用される。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    continuous.affect_next_spell(game, "A", lambda spell: spell.is_a(CREATURE), [modify_pt(1, 1)],
                                 "the next creature spell you cast gets +1/+1")
    expect.equal(game.view(bears.id).pt, (2, 2), "すぐには始まらない")
    cast(game, "A", cards.GIANT_GROWTH, [bears.id])
    expect.equal(game.view(bears.id).pt, (5, 5), "クリーチャー呪文でない巨大化には使われない")
    spell = cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    expect.equal(game.view(spell).pt, (3, 3), "次のクリーチャー呪文がスタックに置かれた時点で適用される")
    game.resolve_stack()
    expect.equal(game.view(spell).pt, (3, 3), "その呪文がなったパーマネントにも適用され続ける")
    another = cast(game, "A", cards.GRIZZLY_BEARS)
    expect.equal(game.view(another).pt, (2, 2), "その次のクリーチャー呪文には適用されない")


@check("611.3@b49a871c")
def static_ability_creates_an_effect(expect: Expect) -> None:
    """栄光の頌歌の常在型能力は、解決を経ずに継続的効果を生み出し、熊は3/3。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.GLORIOUS_ANTHEM, "A")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    expect.equal(len(game.effects), 0, "解決によって作られた効果はない")
    expect.equal(game.view(bears.id).pt, (3, 3), "常在型能力の継続的効果で+1/+1")


@check("611.3a@c1a44913", wiki="継続的効果: 常在型能力によって生み出される継続的効果は「固定」されない")
def static_effects_are_not_locked_in(expect: Expect) -> None:
    """栄光の頌歌は、後から戦場に出た熊にも、後でクリーチャーになったミシュラの工廠にも適用され、コントロール
    を奪われた熊には適用されなくなる。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.GLORIOUS_ANTHEM, "A")
    stolen = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    factory = on_battlefield(game, cards.MISHRAS_FACTORY, "A")
    late = zones.put_onto_battlefield(game, in_hand(game, cards.GRIZZLY_BEARS, "A"))
    cards.animate_factory(game, factory.id)
    continuous.create(game, "B gains control", [set_controller("B")], [stolen.id], Indefinite())
    expect.equal(game.view(late.id).pt, (3, 3), "後から戦場に出たクリーチャーにも適用される")
    expect.equal(game.view(factory.id).pt, (3, 3), "後からクリーチャーになったパーマネントにも適用される")
    expect.equal(game.view(stolen.id).pt, (2, 2), "あなたのクリーチャーでなくなれば適用されない")


@check("611.3b@219ba91d")
def static_effects_apply_while_in_their_zone(expect: Expect) -> None:
    """栄光の頌歌が戦場を離れると修整は消える。怒りは墓地にあり山があるときだけ「あなたのクリーチャーは速攻を
    持つ」を生み出す。"""
    game = Game(["A", "B"])
    anthem = on_battlefield(game, cards.GLORIOUS_ANTHEM, "A")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    zones.move(game, anthem, Zone.GRAVEYARD)
    expect.equal(game.view(bears.id).pt, (2, 2), "頌歌が戦場を離れると効果は適用されない")
    anger = on_battlefield(game, cards.ANGER, "A")
    mountain = on_battlefield(game, cards.MOUNTAIN, "A")
    expect.that(not game.view(bears.id).has("haste"), "戦場にある怒りの能力は機能しない")
    zones.move(game, anger, Zone.GRAVEYARD)
    expect.that(game.view(bears.id).has("haste"), "墓地にあり山をコントロールしていれば速攻を与える")
    zones.move(game, mountain, Zone.GRAVEYARD)
    expect.that(not game.view(bears.id).has("haste"), "山がなくなれば与えない")


@check("611.3c@f4842e45", wiki="継続的効果: カヴーの巣/Kavu Lair")
def kavu_lair_sees_the_anthem(expect: Expect) -> None:
    """カヴーの巣と栄光の頌歌をコントロールしているときにパワー3の丘巨人を唱えると、パワー4で戦場に出るので
    カヴーの巣が誘発する。頌歌がなければ誘発しない。"""
    game = Game(["A", "B"], library=5)
    on_battlefield(game, cards.KAVU_LAIR, "A")
    anthem = on_battlefield(game, cards.GLORIOUS_ANTHEM, "A")
    giant = cast(game, "A", cards.HILL_GIANT)
    expect.equal(game.view(giant).power, 4, "頌歌は戦場に出ると同時に修整する")
    expect.equal(game.players["A"].cards_drawn, 1, "戦場に出たときパワー4なので、カヴーの巣が誘発した")
    zones.move(game, anthem, Zone.GRAVEYARD)
    cast(game, "A", cards.HILL_GIANT)
    expect.equal(game.players["A"].cards_drawn, 1, "頌歌がなければパワー3なので誘発しない")


@check("611.3d@b75c6ab3")
def granted_battlefield_ability_outlasts_the_permission(expect: Expect) -> None:
    """「あなたは墓地からクリーチャー呪文を唱えてよい。この方法で唱えたクリーチャーは速攻を持つ」。墓地から
    唱えた熊は、その許可を与えたエンチャントが戦場を離れても速攻を持ち続け、攻撃できる。"""
    game = Game(["A", "B"])
    necromancy = on_battlefield(game, cards.graveyard_caster(), "A")
    buried = zones.create(game, cards.GRIZZLY_BEARS, "A", Zone.GRAVEYARD)
    give_mana(game, "B", "{1}{G}")
    game.priority_holder = "B"
    expect.refused(lambda: casting.cast(game, "B", buried.id), "許可はそのコントローラーだけのもの")
    game.priority_holder = "A"
    give_mana(game, "A", "{1}{G}")
    bears = casting.cast(game, "A", buried.id)
    game.resolve_stack()
    zones.move(game, necromancy, Zone.GRAVEYARD)
    expect.that(game.view(bears).has("haste"), "許可を与えた常在型能力がなくなっても、与えた能力は残る")
    expect.that(combat.can_attack(game, game.obj(bears)), "このターン戦場に出たが速攻で攻撃できる")
    turn_of(game, "B")
    expect.that(game.view(bears).has("haste"), "期間が定められていないのでゲーム終了まで残る")
