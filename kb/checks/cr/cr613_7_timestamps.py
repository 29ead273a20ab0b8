"""Timestamp order (613.7) and the wiki page タイムスタンプ.

Most scenes pit two effects of one sublayer (7b: "base power and toughness N/N") against each
other, so the result shows which has the later timestamp.
"""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    CardType,
    ChoiceKind,
    FaceDown,
    Game,
    GameObject,
    Sticker,
    Zone,
    base_pt,
    facedown,
    gain,
    lose_all_abilities,
    modify_pt,
)
from kb.engine import command as command_zone
from kb.engine import stickers as sticker_rules


def in_command_zone(game: Game, name: str, kind: CardType, power: int, toughness: int, owner: str = "A",
                    face_down: bool = False, whose: str = "all") -> GameObject:
    made = cards.command_card(name, kind, cards.base_pt_static(power, toughness, whose))
    return game.place(made, Zone.COMMAND, owner, face_down=FaceDown.EFFECT if face_down else None)


@check("613.7@91668488", wiki="タイムスタンプ: 継続的効果の適用順を決定する")
def later_timestamp_applies_later(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体。
    行動: 1体目に+1/+1（7c）、基本P/T 0/1（7b）、基本P/T 4/4（7b）の順で効果を作る。2体目には7bの2つを逆の順で作る。
    結果: 7bの中では後の効果が勝ち、+1/+1はタイムスタンプが早くても7bの後に適用されるので、1体目は5/5、2体目は1/2。"""
    game = Game(["A", "B"])
    first = game.place(cards.GRIZZLY_BEARS)
    second = game.place(cards.GRIZZLY_BEARS)
    for bears, order in ((first, ((0, 1), (4, 4))), (second, ((4, 4), (0, 1)))):
        game.create_effect("+1/+1", [modify_pt(1, 1)], [bears])
        for power, toughness in order:
            game.create_effect(f"base {power}/{toughness}", [base_pt(power, toughness)], [bears])
    expect.equal(game.view(first).pt, (5, 5), "タイムスタンプが後の4/4が先の0/1の後に適用される")
    expect.equal(game.view(second).pt, (1, 2), "作る順を逆にすれば0/1が後になる")


@check("613.7a@9abf5ed0")
def static_effect_has_the_later_of_two_timestamps(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《骨断ちの矛槍》がついている。別の熊と《丘巨人》もいる。
    行動: 別の熊を4/4にする効果の後で、矛槍が「あなたのクリーチャーの基本P/Tは1/1」を得る。さらに5/5にする効果を作り、
    最後に矛槍を丘巨人につけ替える。
    結果: 能力の効果は与えた効果の遅いタイムスタンプを持つので1/1、後の5/5で5/5、矛槍がつけ替えられて新しいタイムスタンプを
    得ると能力の効果も新しくなり1/1。"""
    game = Game(["A", "B"])
    target = game.place(cards.GRIZZLY_BEARS)
    holder = game.place(cards.GRIZZLY_BEARS)
    other = game.place(cards.HILL_GIANT)
    gear = game.place(cards.BONESPLITTER, attached_to=holder)
    game.create_effect("base 4/4", [base_pt(4, 4)], [target])
    game.create_effect("gains a static ability", [gain(cards.base_pt_static(1, 1))], [gear])
    expect.equal(game.view(target).pt, (1, 1), "矛槍のタイムスタンプではなく、能力を与えた効果のより遅いタイムスタンプを持つ")
    game.create_effect("base 5/5", [base_pt(5, 5)], [target])
    expect.equal(game.view(target).pt, (5, 5), "もっと後の効果はその後に適用される")
    game.attach(gear, other)
    expect.equal(game.view(target).pt, (1, 1), "矛槍が新しいタイムスタンプを得ると、能力の効果も新しくなる")


@check("613.7b@f40c8d6d")
def resolved_effect_is_stamped_when_created(expect: Expect) -> None:
    """状況: Aのテスト用アーティファクト（起動型能力：対象のクリーチャーの基本P/Tは1/1）が、あとから戦場に出たテスト用
    エンチャント（クリーチャーの基本P/Tは3/3）より古い。Aの《灰色熊》は3/3。
    行動: アーティファクトの能力で熊を対象にし、解決する。
    結果: 効果は解決時のタイムスタンプを持ち、エンチャントの後に適用されるので熊は1/1。"""
    game = Game(["A", "B"])
    shrinker = game.place(cards.shrinker())
    newer = game.place(cards.base_pt_enchantment("Test Big", 3, 3))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (3, 3), "エンチャントで3/3")
    game.activate("A", shrinker, 0, targets=[bears])
    game.resolve_stack()
    expect.that(shrinker.timestamp < newer.timestamp, "発生源のアーティファクトはエンチャントより古い")
    expect.equal(game.view(bears).pt, (1, 1), "解決して作られた効果はその時点のタイムスタンプを持ち、後に適用される")


@check("613.7c@743131e8", wiki="タイムスタンプ: それらのカウンターは最新のものと同一のタイムスタンプを持つ")
def counters_of_a_kind_share_the_newest_timestamp(expect: Expect) -> None:
    """状況: Aの《灰色熊》に飛行カウンターが置かれている。
    行動: その後の効果で熊がすべての能力を失い、さらに2個目の飛行カウンターが置かれる。
    結果: 能力を失うと飛行もなくなるが、2個目が置かれると1個目も新しいタイムスタンプを得るので、熊は再び飛行を持つ。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    game.put_counters(bears, "flying")
    expect.that(game.view(bears).has("flying"), "飛行カウンターで飛行を持つ")
    game.create_effect("loses all abilities", [lose_all_abilities()], [bears])
    expect.that(not game.view(bears).has("flying"), "後の効果で能力を失う")
    game.put_counters(bears, "flying")
    expect.that(game.view(bears).has("flying"), "同種のカウンターはすべて新しいタイムスタンプを得て、効果の後に適用される")


@check("613.7d@546c2286", wiki="タイムスタンプ: 現在存在している領域に入った時")
def objects_are_stamped_as_they_enter_a_zone(expect: Expect) -> None:
    """状況: 「クリーチャーの基本P/Tは1/1」「3/3」の順にテスト用エンチャントが戦場に出ていて、Aの《灰色熊》は3/3。
    行動: 前者が追放されて戦場に戻る。その後、後者がフェイズ・アウトしてフェイズ・インする。
    結果: 戻ったエンチャントは新しいタイムスタンプを得て熊は1/1。フェイジングではタイムスタンプは変わらず1/1のまま。"""
    game = Game(["A", "B"])
    small = game.place(cards.base_pt_enchantment("Test Small", 1, 1))
    big = game.place(cards.base_pt_enchantment("Test Big", 3, 3))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (3, 3), "後から戦場に出た方が後に適用される")
    [exiled] = game.exile(small)
    assert exiled is not None
    back = game.put_onto_battlefield(exiled)
    assert back is not None
    expect.that(back.timestamp > big.timestamp, "戻ってきたエンチャントは新しいタイムスタンプを得た")
    expect.equal(game.view(bears).pt, (1, 1), "それで1/1が後に適用される")
    game.phase_out(big)
    game.phase_in(big)
    expect.equal(game.view(bears).pt, (1, 1), "フェイジングは領域の移動ではないので順序は変わらない")


@check("613.7e@db4b167d", "701.3b@20260116.0@83c29d5d", wiki="タイムスタンプ: 既にそれがつけられているものに対して")
def auras_and_equipment_are_stamped_as_they_attach(expect: Expect) -> None:
    """状況: 「エンチャントされているクリーチャーの基本P/Tは1/1」のテスト用オーラがついたAの《灰色熊》が、後の効果で4/4。
    行動: オーラを同じ熊につけ直し、次に《丘巨人》につけてから熊につけ直す。装備品でも同様にする。
    結果: すでについているものにつけても何も起きず4/4のまま。つけ替えると新しいタイムスタンプを得て熊は1/1。装備品も同じ。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    giant = game.place(cards.HILL_GIANT)
    aura = game.place(cards.base_pt_attachment("Test Shrinking Aura", "Aura", 1, 1), attached_to=bears)
    gear = game.place(cards.base_pt_attachment("Test Shrinking Gear", "Equipment", 0, 4))
    game.create_effect("base 4/4", [base_pt(4, 4)], [bears])
    stamp = aura.timestamp
    game.attach(aura, bears)
    expect.equal(aura.timestamp, stamp, "すでについているものにつけてもタイムスタンプは更新されない")
    expect.equal(game.view(bears).pt, (4, 4), "4/4のまま")
    game.attach(aura, giant)
    game.attach(aura, bears)
    expect.equal(game.view(bears).pt, (1, 1), "新たについたオーラは新しいタイムスタンプを得る")
    game.attach(gear, giant)
    game.create_effect("base 3/3", [base_pt(3, 3)], [giant])
    game.attach(gear, bears)
    game.attach(gear, giant)
    expect.equal(game.view(giant).pt, (0, 4), "装備品も新たにつくと新しいタイムスタンプを得る")


@check("613.7f@096dd05e", wiki="タイムスタンプ: パーマネントは表向きや裏向きになったとき")
def permanents_are_stamped_as_they_turn_face_up_or_down(expect: Expect) -> None:
    """状況: Aの裏向きのテスト用クリーチャー（オモテは「あなたのクリーチャーの基本P/Tは3/3」と変異{1}）の後に、「クリーチャーの
    基本P/Tは1/1」のテスト用エンチャントが出ている。
    行動: Aがそれをオモテ向きにし、あとで効果が再び裏向きにする。
    結果: 裏向きの間は能力がなく熊は1/1。オモテ向きになると新しいタイムスタンプを得て熊は3/3。裏向きになるときも新しいタイムスタンプ。"""
    game = Game(["A", "B"])
    spell = in_hand(game, cards.morph_lord(3, 3))
    give_mana(game, "A", "{3}")
    hidden = game.obj(game.cast("A", spell, face_down=FaceDown.MORPH))
    game.resolve_stack()
    game.place(cards.base_pt_enchantment("Test Small", 1, 1))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (1, 1), "裏向きの間は能力がない")
    give_mana(game, "A", "{1}")
    before = hidden.timestamp
    game.turn_face_up("A", hidden)
    expect.that(hidden.timestamp > before, "オモテ向きになって新しいタイムスタンプを得た")
    expect.equal(game.view(bears).pt, (3, 3), "その常在型能力の効果はエンチャントの後に適用される")
    up = hidden.timestamp
    facedown.turn_face_down(game, hidden)
    expect.that(hidden.timestamp > up, "裏向きになっても新しいタイムスタンプを得る")


@check("613.7g@4ecf4ddc", wiki="タイムスタンプ: 両面パーマネントは変身した時点で")
def transforming_permanents_are_stamped(expect: Expect) -> None:
    """状況: Aの変身する両面のテスト用クリーチャー（第2面は「あなたのクリーチャーの基本P/Tは3/3」）の後に、「クリーチャーの
    基本P/Tは1/1」のテスト用エンチャントが出ている。
    行動: 両面クリーチャーが変身する。
    結果: 同じオブジェクトのまま新しいタイムスタンプを得て、第2面の能力の効果がエンチャントの後に適用され、熊は3/3。"""
    game = Game(["A", "B"])
    werewolf = game.place(cards.transforming((2, 2), cards.base_pt_static(3, 3)))
    game.place(cards.base_pt_enchantment("Test Small", 1, 1))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (1, 1), "第1面には能力がない")
    identity, before = werewolf.id, werewolf.timestamp
    expect.that(game.transform(werewolf), "変身した")
    expect.that(werewolf.timestamp > before and werewolf.id == identity, "同じオブジェクトが新しいタイムスタンプを得た")
    expect.equal(game.view(bears).pt, (3, 3), "第2面の常在型能力の効果はエンチャントの後に適用される")


@check("613.7h@bd384e8e", wiki="タイムスタンプ: 表向きの次元カードや現象カードや計略カード")
def planes_phenomena_and_schemes_are_stamped_as_they_turn_face_up(expect: Expect) -> None:
    """状況: 「クリーチャーの基本P/Tは3/3」のテスト用エンチャントと《灰色熊》。統率領域に裏向きのテスト用の次元（1/1）、
    計略（2/2）、現象（5/5）。
    行動: 次元へプレインズウォークし、計略を実行に移し、次元から現象へプレインズウォークする。
    結果: それぞれオモテ向きになった時点のタイムスタンプを得て、そのたびに最新のものが勝つ。"""
    game = Game(["A", "B"])
    plane = in_command_zone(game, "Test Plane", CardType.PLANE, 1, 1, face_down=True)
    scheme = in_command_zone(game, "Test Scheme", CardType.SCHEME, 2, 2, face_down=True)
    phenomenon = in_command_zone(game, "Test Phenomenon", CardType.PHENOMENON, 5, 5, face_down=True)
    enchantment = game.place(cards.base_pt_enchantment("Test Big", 3, 3))
    bears = game.place(cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears).pt, (3, 3), "裏向きの次元や計略の能力は機能しない")
    command_zone.planeswalk(game, None, plane)
    expect.that(plane.timestamp > enchantment.timestamp, "次元はオモテ向きになった時点でタイムスタンプを得る")
    expect.equal(game.view(bears).pt, (1, 1), "次元の効果はエンチャントの後")
    command_zone.turn_face_up(game, scheme)
    expect.that(scheme.timestamp > plane.timestamp, "計略も実行に移された（オモテ向きになった）時点で得る")
    expect.equal(game.view(bears).pt, (2, 2), "計略の効果が次元の後")
    command_zone.planeswalk(game, plane, phenomenon)
    expect.that(phenomenon.timestamp > scheme.timestamp and plane.face_down is not None, "現象も同じ")
    expect.equal(game.view(bears).pt, (5, 5), "現象の効果が最後")


@check("613.7i@3e68917a", wiki="タイムスタンプ: 表向きのヴァンガード・カードは")
def vanguards_are_stamped_as_the_game_starts(expect: Expect) -> None:
    """状況: Aのテスト用ヴァンガード（あなたのクリーチャーの基本P/Tは3/3）と、ゲーム前からある「クリーチャーの基本P/Tは1/1」の
    テスト用エンチャント、《灰色熊》。
    行動: ゲームが始まり、その後「2/2」のテスト用エンチャントが戦場に出る。
    結果: ヴァンガードはゲームの開始時にタイムスタンプを得るのでエンチャントより後で熊は3/3。開始後に出たものはさらに後で2/2。"""
    game = Game(["A", "B"])
    vanguard = in_command_zone(game, "Test Vanguard", CardType.VANGUARD, 3, 3, whose="yours")
    early = game.place(cards.base_pt_enchantment("Test Small", 1, 1))
    bears = game.place(cards.GRIZZLY_BEARS)
    command_zone.start_game(game)
    expect.that(vanguard.timestamp > early.timestamp, "ヴァンガードはゲームの開始時にタイムスタンプを得る")
    expect.equal(game.view(bears).pt, (3, 3), "その効果はゲーム前のエンチャントの後")
    game.put_onto_battlefield(cards.base_pt_enchantment("Test Medium", 2, 2))
    expect.equal(game.view(bears).pt, (2, 2), "開始後に戦場に出たものはヴァンガードより後")


@check("613.7j@16cd6e9c")
def conspiracies_are_stamped_at_start_and_when_turned_face_up(expect: Expect) -> None:
    """状況: Aのテスト用策略（あなたのクリーチャーの基本P/Tは3/3）と裏向きの策略（4/4）、《灰色熊》。
    行動: ゲームが始まり、「1/1」のテスト用エンチャントが出て、裏向きの策略がオモテ向きになる。
    結果: 策略はどちらもゲームの開始時にタイムスタンプを得る。エンチャントで熊は1/1、オモテ向きになった策略が最新になって4/4。"""
    game = Game(["A", "B"])
    shown = in_command_zone(game, "Test Conspiracy", CardType.CONSPIRACY, 3, 3, whose="yours")
    hidden = in_command_zone(game, "Test Hidden Agenda", CardType.CONSPIRACY, 4, 4, face_down=True, whose="yours")
    bears = game.place(cards.GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice: list(choice.items), player="A")
    command_zone.start_game(game)
    expect.that(shown.timestamp > bears.timestamp and hidden.timestamp > bears.timestamp,
                "策略はどちらもゲームの開始時にタイムスタンプを得る")
    expect.equal(game.view(bears).pt, (3, 3), "オモテ向きの策略の効果が適用される")
    game.put_onto_battlefield(cards.base_pt_enchantment("Test Small", 1, 1))
    expect.equal(game.view(bears).pt, (1, 1), "後から戦場に出たエンチャントが後")
    start = hidden.timestamp
    command_zone.turn_face_up(game, hidden)
    expect.that(hidden.timestamp > start, "裏向きの策略はオモテ向きになった時点で新しいタイムスタンプを得る")
    expect.equal(game.view(bears).pt, (4, 4), "その効果がいちばん後")


@check("613.7k@63c68cae")
def stickers_are_stamped_when_put_and_after_their_object(expect: Expect) -> None:
    """状況: Aの変身する両面のテスト用クリーチャー。
    行動: 4/4のステッカー、基本P/Tを1/1にする効果、3/5のステッカーの順に加え、そのあと変身する。
    結果: 最後のステッカーで3/5。変身して新しいタイムスタンプを得ると、ステッカーはその直後に元の順で新しいタイムスタンプを
    得るので、3/5のまま。"""
    game = Game(["A", "B"])
    creature = game.place(cards.transforming((2, 2)))
    first, second = Sticker(4, 4), Sticker(3, 5)
    sticker_rules.put_sticker(game, "A", creature, first)
    expect.equal(game.view(creature).pt, (4, 4), "ステッカーが基本P/Tを4/4にする")
    game.create_effect("base 1/1", [base_pt(1, 1)], [creature])
    expect.equal(game.view(creature).pt, (1, 1), "後の効果が勝つ")
    sticker_rules.put_sticker(game, "A", creature, second)
    expect.equal(game.view(creature).pt, (3, 5), "貼られたステッカーは新しいタイムスタンプを得る")
    game.transform(creature)
    expect.equal((first.timestamp, second.timestamp), (creature.timestamp + 1, creature.timestamp + 2),
                 "オブジェクトが新しいタイムスタンプを得た直後に、ステッカーが元の順で新しいタイムスタンプを得る")
    expect.equal(game.view(creature).pt, (3, 5), "相対的な順は変わらない")


@check("613.7m@84e84ed4", wiki="タイムスタンプ: APNAP順で")
def simultaneous_timestamps_go_in_apnap_order(expect: Expect) -> None:
    """状況: 3人戦でBのターン。B（2体）、C、Aの、「クリーチャーの基本P/TはN/N」を持つテスト用クリーチャーが手札にある。
    行動: 4体が同時に戦場に出て、Bは自分の2体を逆の順にする。
    結果: Bが選んだ順のBの2体、C、Aの順にタイムスタンプを得て、最後のAのものが勝つのでどれも4/4。"""
    game = Game(["B", "C", "A"])
    b_first = in_hand(game, cards.lord("Test B1", 1, 1), "B")
    b_second = in_hand(game, cards.lord("Test B2", 2, 2), "B")
    c_only = in_hand(game, cards.lord("Test C", 3, 3), "C")
    a_only = in_hand(game, cards.lord("Test A", 4, 4), "A")
    game.choices.script(ChoiceKind.TIMESTAMP_ORDER, lambda choice: list(reversed(choice.items)), player="B")
    from kb.engine import zones

    entered = [o for o in zones.move_all(game, [a_only, b_first, c_only, b_second], Zone.BATTLEFIELD) if o]
    order = sorted(entered, key=lambda o: o.timestamp)
    expect.equal([game.view(o).name for o in order], ["Test B2", "Test B1", "Test C", "Test A"],
                 "アクティブ・プレイヤーのBが選んだ順、次にターン順でC、A")
    expect.equal({game.view(o).pt for o in entered}, {(4, 4)}, "最後にタイムスタンプを得たAの効果が勝つ")
