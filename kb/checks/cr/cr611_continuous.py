"""Continuous effects (611), durations, and the wiki page 継続的効果."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    MOUNTAIN,
    CanAttackAsThoughHaste,
    CantAttack,
    ChoiceKind,
    Game,
    Indefinite,
    Step,
    UntilEndOfTurn,
    UntilLeaves,
    UntilNextStep,
    UntilYourNextTurn,
    Zone,
    add_types,
    affect_next_spell,
    base_pt,
    can_attack,
    control,
    creatures,
    modify_pt,
    only,
    spells,
    while_on_battlefield,
)
from kb.engine import combat as combat_rules


def _can_block(game: Game, creature: object) -> bool:
    from kb.engine import rules

    return not rules.forbids(game, rules.CantBlock, game.view(creature))  # type: ignore[arg-type]


@check("611.1@472ecf65", wiki="継続的効果: オブジェクトの特性やコントローラーを変更したり")
def continuous_effects_change_characteristics_control_and_rules(expect: Expect) -> None:
    """状況: Aの《灰色熊》とBの《丘巨人》。
    行動: Aが熊に《巨大化》を唱え、丘巨人のコントロールをターン終了時まで得て、《尻込み》（飛行を持たないクリーチャーは
    このターンブロックできない）を唱える。そしてターンが終わる。
    結果: それぞれ特性、コントローラー、ゲームのルールを変える。ターンが終わると3つとも終わる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    giant = game.place(cards.HILL_GIANT, player="B")
    cast(game, "A", cards.GIANT_GROWTH, [bears])
    game.create_effect("gain control until end of turn", [control("A")], [giant], UntilEndOfTurn())
    cast(game, "A", cards.FALTER)
    expect.equal(game.view(bears).pt, (5, 5), "特性を変更する")
    expect.equal(game.view(giant).controller, "A", "コントローラーを変更する")
    expect.that(not _can_block(game, bears), "ゲームのルールに影響する（ブロックできない）")
    game.next_turn()
    expect.that(game.view(bears).pt == (2, 2) and game.view(giant).controller == "B" and _can_block(game, bears),
                "期間が終わればどれも終わる")


@check("611.2@6d385c60")
def resolving_spell_creates_an_effect(expect: Expect) -> None:
    """状況: Aの《灰色熊》。
    行動: Aが熊を対象に《巨大化》を唱え、解決する。
    結果: 巨大化は墓地に置かれるが、その解決で作られた継続的効果が残り、熊は5/5のまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    before = len(game.effects)
    spell = cast(game, "A", cards.GIANT_GROWTH, [bears])
    expect.that(spell not in game.objects, "巨大化はもう墓地にある")
    expect.equal(len(game.effects) - before, 1, "その解決で継続的効果がひとつ作られた")
    expect.equal(game.view(bears).pt, (5, 5), "効果は残っている")


@check("611.2a@8a95121d", wiki="継続的効果: 定められていないならばゲーム終了時まで継続する")
def durations_until_end_of_turn_or_the_game(expect: Expect) -> None:
    """状況: Aの《灰色熊》。
    行動: 《巨大化》（ターン終了時まで）と、期間の書かれていない+1/+1の効果を受け、何ターンか進む。
    結果: 巨大化はそのターンの終わりに終わるが、期間のない+1/+1はゲームの終わりまで続く。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    cast(game, "A", cards.GIANT_GROWTH, [bears])
    game.create_effect("target creature gets +1/+1", [modify_pt(1, 1)], [bears])
    expect.equal(game.view(bears).pt, (6, 6), "両方が適用されている")
    game.next_turn("B")
    expect.equal(game.view(bears).pt, (3, 3), "ターン終了時まで、の効果は終わった")
    for _ in range(3):
        game.next_turn("A")
    expect.equal(game.view(bears).pt, (3, 3), "期間のない効果はゲーム終了時まで続く")


@check("611.2b@18ea0ae4", wiki="継続的効果: 誘惑蒔き/Sower of Temptation")
def sower_of_temptation_leaving_first(expect: Expect) -> None:
    """状況: Bの《灰色熊》2体。
    行動: Aの《誘惑蒔き》が戦場に出て1体目を対象に誘発するが、解決前に誘惑蒔きが戦場を離れる。もう1枚の誘惑蒔きは残ったまま
    2体目を奪い、そのあと戦場を離れる。
    結果: 1体目のコントロールは一瞬も変わらない。2体目はコントロールを得て、誘惑蒔きが離れたときに戻る。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.TARGETS, first, player="A")
    sower = game.put_onto_battlefield(cards.SOWER_OF_TEMPTATION, "A")
    assert sower is not None
    game.refresh_priority()
    game.destroy(sower)
    game.resolve_stack()
    expect.equal(game.view(first).controller, "B", "期間が最初に適用される前に終わっていたので何もしない")
    expect.that(not any(e for e in game.effects if first.id in e.affected), "コントロール変更効果は作られなかった")
    second = game.place(cards.GRIZZLY_BEARS, player="B")
    game.choices.script(ChoiceKind.TARGETS, second, player="A")
    sower = game.put_onto_battlefield(cards.SOWER_OF_TEMPTATION, "A")
    assert sower is not None
    game.resolve_stack()
    expect.equal(game.view(second).controller, "A", "誘惑蒔きが戦場にあればコントロールを得る")
    game.destroy(sower)
    expect.equal(game.view(second).controller, "B", "誘惑蒔きが離れると効果は終わる")


@check("611.2c@615e4f07", wiki=("継続的効果: その時点でクリーチャーでないパーマネントや戦場に出ていなかったパーマネントに影響を与えない",
                                 "継続的効果: 「クリーチャーはブロックに参加できない」という効果"))
def resolved_effects_fix_what_they_affect(expect: Expect) -> None:
    """状況: Aの《灰色熊》と《ミシュラの工廠》。
    行動: Aが《鼓舞する突撃》（あなたのクリーチャーは+2/+1）と《尻込み》を唱え、そのあと別の熊が戦場に出て、工廠が
    クリーチャーになる。
    結果: 後から来た熊とクリーチャーになった工廠は修整を受けない。尻込みはルールを変えるので後から来た熊にも及ぶ。"""
    game = Game(["A", "B"])
    early = game.place(cards.GRIZZLY_BEARS, player="A")
    factory = game.place(cards.MISHRAS_FACTORY, player="A")
    cast(game, "A", cards.INSPIRED_CHARGE)
    cast(game, "A", cards.FALTER)
    late = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert late is not None
    give_mana(game, "A", "{1}")
    game.activate("A", factory, 0)
    game.resolve_stack()
    expect.equal(game.view(early).pt, (4, 3), "解決時にいたクリーチャーは+2/+1")
    expect.equal(game.view(late).pt, (2, 2), "後から戦場に出たクリーチャーは影響を受けない")
    expect.equal(game.view(factory).pt, (2, 2), "後からクリーチャーになったパーマネントも影響を受けない")
    expect.that(not _can_block(game, late), "特性を変えない効果は、後から来たクリーチャーにも影響する")


@check("611.2d@f71e862c", "608.2h@20260116.0@cb3c2a93")
def variable_is_fixed_on_resolution(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。
    行動: Aがテスト用インスタント（対象のクリーチャーは+X/+X、Xはあなたのクリーチャーの数）を唱えて解決し、そのあと3体目が出る。
    結果: Xは解決時に2と決まり、クリーチャーが増えても4/4のまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.place(cards.GRIZZLY_BEARS, player="A")
    cast(game, "A", cards.TEST_MIGHT, [bears])
    expect.equal(game.view(bears).pt, (4, 4), "解決時のX=2")
    game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    expect.equal(game.view(bears).pt, (4, 4), "クリーチャーが増えてもXは変わらない")


@check("611.2e@b3714647", wiki="継続的効果: 理想の調停者/Arbiter of the Ideal")
def is_an_enchantment_applies_as_it_enters(expect: Expect) -> None:
    """状況: Aの《アジャニに選ばれし者》（あなたのエンチャントが戦場に出るたび、猫トークンを生成する）。
    行動: 「それはエンチャントでもある」として《灰色熊》を戦場に出す。次に別の熊を出してから「エンチャントになる」効果を与える。
    結果: 「である」は出ると同時に適用されるので誘発し、猫トークンが出る。「になる」は出た後なので誘発しない。"""
    game = Game(["A", "B"])
    game.place(cards.AJANIS_CHOSEN, player="A")
    first = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A",
                                      effects=[("It's an enchantment in addition", [add_types("Enchantment")])])
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 3, "「である」は戦場に出ると同時に適用され、猫トークンが出た")
    second = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert first is not None and second is not None
    game.create_effect("It becomes an enchantment", [add_types("Enchantment")], [second])
    game.resolve_stack()
    expect.equal(len(game.creatures("A")), 4, "「になる」は戦場に出た後なので誘発しない（トークンは増えない）")
    expect.that(game.view(first).is_a("Enchantment") and game.view(second).is_a("Enchantment"),
                "どちらも結局エンチャントである")


@check("611.2f@d1f622fb")
def effect_on_the_next_spell_waits_for_it(expect: Expect) -> None:
    """状況: Aの《灰色熊》。「あなたが次に唱えるクリーチャー呪文は+1/+1の修整を受ける」効果ができる。
    行動: Aが《巨大化》、熊の呪文、もう1枚の熊の呪文を順に唱える。
    結果: 戦場の熊にも巨大化にも使われず、次のクリーチャー呪文がスタックに置かれた時点で始まって3/3、その次には適用されない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    affect_next_spell(game, "A", spells("Creature"), [modify_pt(1, 1)], "the next creature spell you cast gets +1/+1")
    expect.equal(game.view(bears).pt, (2, 2), "すぐには始まらない")
    cast(game, "A", cards.GIANT_GROWTH, [bears])
    expect.equal(game.view(bears).pt, (5, 5), "クリーチャー呪文でない巨大化には使われない")
    spell = cast(game, "A", cards.GRIZZLY_BEARS, resolve=False)
    expect.equal(game.view(spell).pt, (3, 3), "次のクリーチャー呪文がスタックに置かれた時点で適用される")
    game.resolve_stack()
    expect.equal(game.view(spell).pt, (3, 3), "その呪文がなったパーマネントにも適用され続ける")
    another = cast(game, "A", cards.GRIZZLY_BEARS)
    expect.equal(game.view(another).pt, (2, 2), "その次のクリーチャー呪文には適用されない")


@check("611.3@b49a871c")
def static_ability_creates_an_effect(expect: Expect) -> None:
    """状況: Aの《栄光の頌歌》と《灰色熊》。
    行動: 何もしない。
    結果: 頌歌の常在型能力は解決を経ずに継続的効果を生み出し、熊は3/3。"""
    game = Game(["A", "B"])
    game.place(cards.GLORIOUS_ANTHEM, player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    expect.equal(len(game.effects), 0, "解決によって作られた効果はない")
    expect.equal(game.view(bears).pt, (3, 3), "常在型能力の継続的効果で+1/+1")


@check("611.3a@c1a44913", wiki="継続的効果: 常在型能力によって生み出される継続的効果は「固定」されない")
def static_effects_are_not_locked_in(expect: Expect) -> None:
    """状況: Aの《栄光の頌歌》、《灰色熊》、《ミシュラの工廠》。
    行動: 別の熊が戦場に出て、工廠がクリーチャーになり、最初の熊のコントロールをBが得る。
    結果: 頌歌は後から来た熊にも、後でクリーチャーになった工廠にも適用され、奪われた熊には適用されなくなる。"""
    game = Game(["A", "B"])
    game.place(cards.GLORIOUS_ANTHEM, player="A")
    stolen = game.place(cards.GRIZZLY_BEARS, player="A")
    factory = game.place(cards.MISHRAS_FACTORY, player="A")
    late = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert late is not None
    give_mana(game, "A", "{1}")
    game.activate("A", factory, 0)
    game.resolve_stack()
    game.create_effect("B gains control", [control("B")], [stolen], Indefinite())
    expect.equal(game.view(late).pt, (3, 3), "後から戦場に出たクリーチャーにも適用される")
    expect.equal(game.view(factory).pt, (3, 3), "後からクリーチャーになったパーマネントにも適用される")
    expect.equal(game.view(stolen).pt, (2, 2), "あなたのクリーチャーでなくなれば適用されない")


@check("611.3b@219ba91d", "113.6b@20260116.0@61bb413d")
def static_effects_apply_while_in_their_zone(expect: Expect) -> None:
    """状況: Aの《栄光の頌歌》と《灰色熊》。《憤怒》（墓地にあり山をコントロールしていれば、あなたのクリーチャーは速攻）と
    《山》も戦場にある。
    行動: 頌歌が墓地に置かれ、憤怒が墓地に置かれ、最後に山が墓地に置かれる。
    結果: 頌歌の修整は消える。戦場の憤怒は何も与えないが、墓地に置かれると速攻を与え、山がなくなると与えない。"""
    game = Game(["A", "B"])
    anthem = game.place(cards.GLORIOUS_ANTHEM, player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.move(anthem, Zone.GRAVEYARD)
    expect.equal(game.view(bears).pt, (2, 2), "頌歌が戦場を離れると効果は適用されない")
    anger = game.place(cards.ANGER, player="A")
    mountain = game.place(MOUNTAIN, player="A")
    expect.that(not game.view(bears).has("haste"), "戦場にある憤怒の能力は機能しない")
    game.move(anger, Zone.GRAVEYARD)
    expect.that(game.view(bears).has("haste"), "墓地にあり山をコントロールしていれば速攻を与える")
    game.move(mountain, Zone.GRAVEYARD)
    expect.that(not game.view(bears).has("haste"), "山がなくなれば与えない")


@check("611.3c@f4842e45", wiki="継続的効果: カヴーの巣/Kavu Lair")
def kavu_lair_sees_the_anthem(expect: Expect) -> None:
    """状況: Aの《カヴーの巣》（パワー4以上のクリーチャーが戦場に出るたび、そのコントローラーはカードを1枚引く）と《栄光の頌歌》。
    行動: Aがパワー3の《丘巨人》を唱え、次に頌歌がない状態でもう1枚唱える。
    結果: 頌歌は戦場に出ると同時に修整するのでパワー4で出て誘発する。頌歌がなければパワー3なので誘発しない。"""
    game = Game(["A", "B"])
    game.place(cards.KAVU_LAIR, player="A")
    anthem = game.place(cards.GLORIOUS_ANTHEM, player="A")
    hand = len(game.hand("A"))
    giant = cast(game, "A", cards.HILL_GIANT)
    expect.equal(game.view(giant).power, 4, "頌歌は戦場に出ると同時に修整する")
    expect.equal(len(game.hand("A")) - hand, 1, "戦場に出たときパワー4なので、カヴーの巣が誘発した")
    game.move(anthem, Zone.GRAVEYARD)
    cast(game, "A", cards.HILL_GIANT)
    expect.equal(len(game.hand("A")) - hand, 1, "頌歌がなければパワー3なので誘発しない")


@check("611.3d@b75c6ab3")
def granted_battlefield_ability_outlasts_the_permission(expect: Expect) -> None:
    """状況: Aのテスト用エンチャント（あなたは墓地からクリーチャー呪文を唱えてよい。この方法で唱えたクリーチャーは速攻を持つ）。
    Aの墓地に《灰色熊》がある。
    行動: Bが熊を唱えようとし、Aが熊を唱えて解決し、そのエンチャントが戦場を離れる。
    結果: 許可はコントローラーだけのもの。Aが唱えた熊は許可がなくなっても速攻を持ち続けて攻撃でき、次のターンも持つ。"""
    game = Game(["A", "B"])
    necromancy = game.place(cards.graveyard_caster(), player="A")
    buried = game.place(cards.GRIZZLY_BEARS, Zone.GRAVEYARD, "A")
    give_mana(game, "B", "{1}{G}")
    game.pass_priority_to("B")
    expect.refused(lambda: game.cast("B", buried), "許可はそのコントローラーだけのもの")
    game.resolve_stack()
    game.players["B"].mana.empty()
    game.next_turn("A")
    give_mana(game, "A", "{1}{G}")
    bears = game.cast("A", buried)
    game.resolve_stack()
    game.move(necromancy, Zone.GRAVEYARD)
    expect.that(game.view(bears).has("haste"), "許可を与えた常在型能力がなくなっても、与えた能力は残る")
    expect.that(can_attack(game, bears), "このターン戦場に出たが速攻で攻撃できる")
    game.next_turn("B")
    expect.that(game.view(bears).has("haste"), "期間が定められていないのでゲーム終了まで残る")


# -- durations and "can't" beats "can" -------------------------------------------------------------


@check("611.2a@20260116.0@8a95121d", "500.4@20260116.0@61ca5256")
def until_your_next_turn_and_next_upkeep(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。Aのターンに、1体目に「あなたの次のターンまで+2/+2」、2体目に「Bの次のアップキープまで+2/+2」の
    効果ができる。
    行動: Bのターン、Aのターンと進む。
    結果: Bのアップキープが始まると2体目の効果が終わり、1体目の効果はBのターンの間も続いて、Aのターンが始まると終わる。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS, player="A")
    second = game.place(cards.GRIZZLY_BEARS, player="A")
    game.create_effect("+2/+2 until your next turn", [modify_pt(2, 2)], [first], UntilYourNextTurn("A"))
    game.create_effect("+2/+2 until B's next upkeep", [modify_pt(2, 2)], [second], UntilNextStep(Step.UPKEEP, "B"))
    game.next_turn("B")
    expect.equal(game.view(second).pt, (2, 2), "Bのアップキープが始まって終わった")
    expect.equal(game.view(first).pt, (4, 4), "Aの次のターンまでは続く")
    game.next_turn("A")
    expect.equal(game.view(first).pt, (2, 2), "Aのターンが始まって終わった")


@check("611.2b@18ea0ae4", "702.26f@08805a6b")
def until_it_leaves_versus_for_as_long_as(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体とBの《丘巨人》。「丘巨人が戦場を離れるまで」1体目は+1/+1、「丘巨人が戦場にある限り」2体目は+1/+1。
    行動: 丘巨人がフェイズ・アウトし、フェイズ・インし、そして破壊される。
    結果: フェイズ・アウトは戦場を離れることではないので1体目の効果は続くが、「ある限り」は丘巨人を見失って2体目の効果は終わり、
    フェイズ・インしても戻らない。丘巨人が破壊されると1体目の効果も終わる。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS, player="A")
    second = game.place(cards.GRIZZLY_BEARS, player="A")
    giant = game.place(cards.HILL_GIANT, player="B")
    game.create_effect("+1/+1 until it leaves", [modify_pt(1, 1)], [first], UntilLeaves(giant.id))
    game.create_effect("+1/+1 for as long as it remains", [modify_pt(1, 1)], [second],
                       while_on_battlefield(giant.id))
    expect.equal((game.view(first).pt, game.view(second).pt), ((3, 3), (3, 3)), "どちらも+1/+1")
    game.phase_out(giant)
    game.phase_in(giant)
    expect.equal(game.view(first).pt, (3, 3), "フェイズ・アウトは戦場を離れることではない")
    expect.equal(game.view(second).pt, (2, 2), "「ある限り」は見失った時点で終わり、再開しない")
    game.destroy(giant)
    expect.equal(game.view(first).pt, (2, 2), "戦場を離れると終わる")


@check("101.2@20260116.0@3cb28965", "302.6@20260116.0@ed6b1576")
def cant_beats_can(expect: Expect) -> None:
    """状況: Aのこのターン戦場に出た《灰色熊》2体に「速攻を持つかのように攻撃できる」効果が及び、2体目には《平和な心》もついている。
    行動: Aの戦闘で攻撃クリーチャーを指定しようとする。
    結果: 1体目は攻撃できる。2体目は「攻撃できる」と「攻撃できない」が両方及ぶので、「できない」が勝って攻撃できない。"""
    game = Game(["A", "B"])
    first = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    second = game.put_onto_battlefield(cards.GRIZZLY_BEARS, "A")
    assert first is not None and second is not None
    expect.that(not can_attack(game, first), "このターン戦場に出たばかりで速攻もないので、普通は攻撃できない")
    game.create_effect("they can attack as though they had haste", rules=[CanAttackAsThoughHaste(
        only(first.id, second.id))], controller="A", duration=UntilEndOfTurn())
    game.place(cards.PACIFISM, player="B", attached_to=second)
    expect.that(can_attack(game, first), "「攻撃できる」効果で攻撃できる")
    expect.that(not can_attack(game, second), "「攻撃できない」が「攻撃できる」に勝つ")
    game.advance_to(Step.DECLARE_ATTACKERS)
    expect.refused(lambda: game.declare_attackers([second]), "平和な心の熊は攻撃クリーチャーに指定できない")
    game.declare_attackers([first])
    expect.that(combat_rules.is_attacking(game, first), "1体目は攻撃している")


__all__ = ["CantAttack", "base_pt", "creatures", "in_hand"]
