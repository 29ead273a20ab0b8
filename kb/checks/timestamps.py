"""Checks for timestamp order (613.7) and the wiki page タイムスタンプ.

Most scenes pit two effects of the same layer (7b: "base power and toughness N/N") against
each other, so the result shows which has the later timestamp.
"""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenario import give_mana, in_hand, on_battlefield
from kb.engine import (
    attach,
    casting,
    command,
    continuous,
    counters,
    morph,
    phasing,
    stickers,
    transform,
    zones,
)
from kb.engine.basics import AURA, CONSPIRACY, EQUIPMENT, PHENOMENON, PLANE, SCHEME, VANGUARD, Zone
from kb.engine.effects import gain, lose_all_abilities, modify_pt, set_base_pt
from kb.engine.game import Game, GameObject, Sticker


def _in_command_zone(game: Game, name: str, kind: str, power: int, toughness: int, owner: str = "A",
                     face_down: bool = False, whose: str = "all") -> GameObject:
    card = cards.command_card(name, kind, cards.base_pt_static(power, toughness, whose))
    obj = zones.create(game, card, owner, Zone.COMMAND)
    obj.face_down = face_down
    return obj


@check("613.7@91668488", wiki="タイムスタンプ: 継続的効果の適用順を決定する")
def later_timestamp_applies_later(expect: Expect) -> None:
    """灰色熊に、+1/+1（7c）、基本P/T 0/1（7b）、基本P/T 4/4（7b）の順で効果が作られる。7bの中では後の4/4が
    勝ち、+1/+1はタイムスタンプが早くても7bの後に適用されるので5/5。7bの2つを逆の順で作れば1/2。"""
    game = Game(["A", "B"])
    first = on_battlefield(game, cards.GRIZZLY_BEARS)
    second = on_battlefield(game, cards.GRIZZLY_BEARS)
    for bears, order in ((first, ((0, 1), (4, 4))), (second, ((4, 4), (0, 1)))):
        continuous.create(game, "+1/+1", [modify_pt(1, 1)], [bears.id])
        for power, toughness in order:
            continuous.create(game, f"base {power}/{toughness}", [set_base_pt(power, toughness)], [bears.id])
    expect.equal(game.view(first.id).pt, (5, 5), "タイムスタンプが後の4/4が先の0/1の後に適用される")
    expect.equal(game.view(second.id).pt, (1, 2), "作る順を逆にすれば0/1が後になる")


@check("613.7a@9abf5ed0")
def static_effect_has_the_later_of_two_timestamps(expect: Expect) -> None:
    """熊を4/4にする効果の後で、装備品が「あなたのクリーチャーの基本P/Tは1/1」を得る：熊は1/1。後の5/5効果で5/5に
    なるが、装備品が付け替えられて新しいタイムスタンプを得ると、その能力の効果も新しくなり熊は再び1/1。"""
    game = Game(["A", "B"])
    target = on_battlefield(game, cards.GRIZZLY_BEARS)
    holder = on_battlefield(game, cards.GRIZZLY_BEARS)
    other = on_battlefield(game, cards.HILL_GIANT)
    gear = on_battlefield(game, cards.BONESPLITTER)
    attach.attach(game, gear, holder.id)
    continuous.create(game, "base 4/4", [set_base_pt(4, 4)], [target.id])
    continuous.create(game, "gains a static ability", [gain(cards.base_pt_static(1, 1))], [gear.id])
    expect.equal(game.view(target.id).pt, (1, 1),
                 "矛のタイムスタンプではなく、能力を与えた効果のより遅いタイムスタンプを持つ")
    continuous.create(game, "base 5/5", [set_base_pt(5, 5)], [target.id])
    expect.equal(game.view(target.id).pt, (5, 5), "もっと後の効果はその後に適用される")
    attach.attach(game, gear, other.id)
    expect.equal(game.view(target.id).pt, (1, 1), "矛が新しいタイムスタンプを得ると、能力の効果も新しくなる")


@check("613.7b@f40c8d6d")
def resolved_effect_is_stamped_when_created(expect: Expect) -> None:
    """古い試験用の縮小器の能力（対象の基本P/Tを1/1にする）が、あとから戦場に出たエンチャント（クリーチャーの
    基本P/Tは3/3）より後に解決する。効果は解決時のタイムスタンプを持つので、熊は1/1。"""
    game = Game(["A", "B"])
    shrinker = on_battlefield(game, cards.shrinker())
    newer = on_battlefield(game, cards.base_pt_enchantment("Test Big", 3, 3))
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears.id).pt, (3, 3), "エンチャントで3/3")
    casting.activate(game, "A", shrinker.id, "shrink", cards.shrink, targets=[bears.id])
    game.resolve_stack()
    expect.that(shrinker.timestamp < newer.timestamp, "発生源の縮小器はエンチャントより古い")
    expect.equal(game.view(bears.id).pt, (1, 1), "解決して作られた効果はその時点のタイムスタンプを持ち、後に適用される")


@check("613.7c@743131e8", wiki="タイムスタンプ: それらのカウンターは最新のものと同一のタイムスタンプを持つ")
def counters_of_a_kind_share_the_newest_timestamp(expect: Expect) -> None:
    """飛行カウンターが置かれた熊が、その後の効果ですべての能力を失う。2個目の飛行カウンターが置かれると、
    1個目も新しいタイムスタンプを得るので、熊は再び飛行を持つ。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    counters.put(game, bears, "flying")
    expect.that(game.view(bears.id).has("flying"), "飛行カウンターで飛行を持つ")
    continuous.create(game, "loses all abilities", [lose_all_abilities()], [bears.id])
    expect.that(not game.view(bears.id).has("flying"), "後の効果で能力を失う")
    counters.put(game, bears, "flying")
    expect.that(game.view(bears.id).has("flying"), "同種のカウンターはすべて新しいタイムスタンプを得て、効果の後に適用される")


@check("613.7d@546c2286", wiki="タイムスタンプ: 現在存在している領域に入った時")
def objects_are_stamped_as_they_enter_a_zone(expect: Expect) -> None:
    """「基本P/T 1/1」、「3/3」の順にエンチャントが出て熊は3/3。前者が追放されて戻ると新しいタイムスタンプを得て
    1/1。後者がフェイズ・アウトしてフェイズ・インしてもタイムスタンプは変わらず1/1のまま。"""
    game = Game(["A", "B"])
    small = on_battlefield(game, cards.base_pt_enchantment("Test Small", 1, 1))
    big = on_battlefield(game, cards.base_pt_enchantment("Test Big", 3, 3))
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears.id).pt, (3, 3), "後から戦場に出た方が後に適用される")
    exiled = zones.move(game, small, Zone.EXILE)
    back = zones.put_onto_battlefield(game, exiled)
    expect.that(back.timestamp > big.timestamp, "戻ってきたエンチャントは新しいタイムスタンプを得た")
    expect.equal(game.view(bears.id).pt, (1, 1), "それで1/1が後に適用される")
    phasing.phase_out(game, [big])
    phasing.phase_in(game, [big])
    expect.equal(game.view(bears.id).pt, (1, 1), "フェイジングは領域の移動ではないので順序は変わらない")


@check("613.7e@db4b167d", wiki="タイムスタンプ: 既にそれがつけられているものに対して")
def auras_and_equipment_are_stamped_as_they_attach(expect: Expect) -> None:
    """「エンチャントされているクリーチャーの基本P/Tは1/1」のオーラがついた熊が、後の効果で4/4になる。同じ熊に
    つけ直しても何も変わらないが、丘巨人につけてから熊につけ直すと新しいタイムスタンプを得て熊は1/1。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    giant = on_battlefield(game, cards.HILL_GIANT)
    aura = on_battlefield(game, cards.base_pt_attachment("Test Shrinking Aura", AURA, 1, 1))
    gear = on_battlefield(game, cards.base_pt_attachment("Test Shrinking Gear", EQUIPMENT, 0, 4))
    attach.attach(game, aura, bears.id)
    continuous.create(game, "base 4/4", [set_base_pt(4, 4)], [bears.id])
    stamp = aura.timestamp
    attach.attach(game, aura, bears.id)
    expect.equal(aura.timestamp, stamp, "すでについているものにつけてもタイムスタンプは更新されない")
    expect.equal(game.view(bears.id).pt, (4, 4), "4/4のまま")
    attach.attach(game, aura, giant.id)
    attach.attach(game, aura, bears.id)
    expect.equal(game.view(bears.id).pt, (1, 1), "新たについたオーラは新しいタイムスタンプを得る")
    attach.attach(game, gear, giant.id)
    continuous.create(game, "base 3/3", [set_base_pt(3, 3)], [giant.id])
    attach.attach(game, gear, bears.id)
    attach.attach(game, gear, giant.id)
    expect.equal(game.view(giant.id).pt, (0, 4), "装備品も新たにつくと新しいタイムスタンプを得る")


@check("613.7f@096dd05e", wiki="タイムスタンプ: パーマネントは表向きや裏向きになったとき")
def permanents_are_stamped_as_they_turn_face_up_or_down(expect: Expect) -> None:
    """裏向きのクリーチャー（オモテは「あなたのクリーチャーの基本P/Tは3/3」）の後に「1/1」のエンチャント。オモテ
    向きになると新しいタイムスタンプを得て熊は3/3。再び裏向きになるとまた新しいタイムスタンプを得る。"""
    game = Game(["A", "B"])
    spell = in_hand(game, cards.morph_lord(3, 3))
    give_mana(game, "A", "{3}")
    hidden = game.obj(casting.cast(game, "A", spell.id, face_down=True))
    game.resolve_stack()
    on_battlefield(game, cards.base_pt_enchantment("Test Small", 1, 1))
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears.id).pt, (1, 1), "裏向きの間は能力がない")
    give_mana(game, "A", "{1}")
    before = hidden.timestamp
    morph.turn_face_up(game, "A", hidden)
    expect.that(hidden.timestamp > before, "オモテ向きになって新しいタイムスタンプを得た")
    expect.equal(game.view(bears.id).pt, (3, 3), "その常在型能力の効果はエンチャントの後に適用される")
    up = hidden.timestamp
    morph.turn_face_down(game, hidden)
    expect.that(hidden.timestamp > up, "裏向きになっても新しいタイムスタンプを得る")


@check("613.7g@4ecf4ddc", wiki="タイムスタンプ: 両面パーマネントは変身した時点で")
def transforming_permanents_are_stamped(expect: Expect) -> None:
    """変身する両面クリーチャー（第2面は「あなたのクリーチャーの基本P/Tは3/3」）の後に「1/1」のエンチャントが
    戦場に出る。変身すると新しいタイムスタンプを得て熊は3/3。両面クリーチャーは同じオブジェクトのまま。"""
    game = Game(["A", "B"])
    werewolf = on_battlefield(game, cards.transforming((2, 2), cards.base_pt_static(3, 3)))
    on_battlefield(game, cards.base_pt_enchantment("Test Small", 1, 1))
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears.id).pt, (1, 1), "第1面には能力がない")
    identity, before = werewolf.id, werewolf.timestamp
    expect.that(transform.transform(game, werewolf), "変身した")
    expect.that(werewolf.timestamp > before and werewolf.id == identity, "同じオブジェクトが新しいタイムスタンプを得た")
    expect.equal(game.view(bears.id).pt, (3, 3), "第2面の常在型能力の効果はエンチャントの後に適用される")


@check("613.7h@bd384e8e", wiki="タイムスタンプ: 表向きの次元カードや現象カードや計略カード")
def planes_phenomena_and_schemes_are_stamped_as_they_turn_face_up(expect: Expect) -> None:
    """「クリーチャーの基本P/Tは3/3」のエンチャントの後で、次元（1/1）へプレインズウォークし、計略（2/2）を
    実行に移し、現象をオモテ向きにする。それぞれオモテ向きになった時点のタイムスタンプを得る。"""
    game = Game(["A", "B"])
    plane = _in_command_zone(game, "Test Plane", PLANE, 1, 1, face_down=True)
    scheme = _in_command_zone(game, "Test Scheme", SCHEME, 2, 2, face_down=True)
    phenomenon = _in_command_zone(game, "Test Phenomenon", PHENOMENON, 5, 5, face_down=True)
    enchantment = on_battlefield(game, cards.base_pt_enchantment("Test Big", 3, 3))
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    expect.equal(game.view(bears.id).pt, (3, 3), "裏向きの次元や計略の能力は機能しない")
    command.planeswalk(game, None, plane)
    expect.that(plane.timestamp > enchantment.timestamp, "次元はオモテ向きになった時点でタイムスタンプを得る")
    expect.equal(game.view(bears.id).pt, (1, 1), "次元の効果はエンチャントの後")
    command.turn_face_up(game, scheme)
    expect.that(scheme.timestamp > plane.timestamp, "計略も実行に移された（オモテ向きになった）時点で得る")
    expect.equal(game.view(bears.id).pt, (2, 2), "計略の効果が次元の後")
    command.planeswalk(game, plane, phenomenon)
    expect.that(phenomenon.timestamp > scheme.timestamp and plane.face_down, "現象も同じ")
    expect.equal(game.view(bears.id).pt, (5, 5), "現象の効果が最後")


@check("613.7i@3e68917a", wiki="タイムスタンプ: 表向きのヴァンガード・カードは")
def vanguards_are_stamped_as_the_game_starts(expect: Expect) -> None:
    """ヴァンガード（あなたのクリーチャーの基本P/Tは3/3）はゲームの開始時にタイムスタンプを得るので、ゲーム前から
    ある「1/1」のエンチャントより後で熊は3/3。開始後に戦場に出た「2/2」はさらに後。"""
    game = Game(["A", "B"])
    vanguard = _in_command_zone(game, "Test Vanguard", VANGUARD, 3, 3, whose="yours")
    early = on_battlefield(game, cards.base_pt_enchantment("Test Small", 1, 1))
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    command.start_game(game)
    expect.that(vanguard.timestamp > early.timestamp, "ヴァンガードはゲームの開始時にタイムスタンプを得る")
    expect.equal(game.view(bears.id).pt, (3, 3), "その効果はゲーム前のエンチャントの後")
    later = in_hand(game, cards.base_pt_enchantment("Test Medium", 2, 2))
    zones.put_onto_battlefield(game, later)
    expect.equal(game.view(bears.id).pt, (2, 2), "開始後に戦場に出たものはヴァンガードより後")


@check("613.7j@16cd6e9c")
def conspiracies_are_stamped_at_start_and_when_turned_face_up(expect: Expect) -> None:
    """策略（3/3）と裏向きの策略（4/4）はゲームの開始時にタイムスタンプを得る。開始後の「1/1」のエンチャントで熊は
    1/1になるが、裏向きの策略がオモテ向きになると新しいタイムスタンプを得て熊は4/4。"""
    game = Game(["A", "B"])
    shown = _in_command_zone(game, "Test Conspiracy", CONSPIRACY, 3, 3, whose="yours")
    hidden = _in_command_zone(game, "Test Hidden Agenda", CONSPIRACY, 4, 4, face_down=True, whose="yours")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS)
    command.start_game(game)
    expect.that(shown.timestamp > bears.timestamp and hidden.timestamp > bears.timestamp,
                "策略はどちらもゲームの開始時にタイムスタンプを得る")
    expect.equal(game.view(bears.id).pt, (3, 3), "オモテ向きの策略の効果が適用される")
    zones.put_onto_battlefield(game, in_hand(game, cards.base_pt_enchantment("Test Small", 1, 1)))
    expect.equal(game.view(bears.id).pt, (1, 1), "後から戦場に出たエンチャントが後")
    start = hidden.timestamp
    command.turn_face_up(game, hidden)
    expect.that(hidden.timestamp > start, "裏向きの策略はオモテ向きになった時点で新しいタイムスタンプを得る")
    expect.equal(game.view(bears.id).pt, (4, 4), "その効果がいちばん後")


@check("613.7k@63c68cae")
def stickers_are_stamped_when_put_and_after_their_object(expect: Expect) -> None:
    """4/4のステッカー、1/1にする効果、3/5のステッカーの順で両面クリーチャーは3/5。変身して新しいタイムスタンプを
    得ると、ステッカーはその直後に元の順で新しいタイムスタンプを得る（合同は扱わない）。"""
    game = Game(["A", "B"])
    creature = on_battlefield(game, cards.transforming((2, 2)))
    first, second = Sticker(4, 4), Sticker(3, 5)
    stickers.put_sticker(game, "A", creature, first)
    expect.equal(game.view(creature.id).pt, (4, 4), "ステッカーが基本P/Tを4/4にする")
    continuous.create(game, "base 1/1", [set_base_pt(1, 1)], [creature.id])
    expect.equal(game.view(creature.id).pt, (1, 1), "後の効果が勝つ")
    stickers.put_sticker(game, "A", creature, second)
    expect.equal(game.view(creature.id).pt, (3, 5), "貼られたステッカーは新しいタイムスタンプを得る")
    transform.transform(game, creature)
    expect.equal((first.timestamp, second.timestamp), (creature.timestamp + 1, creature.timestamp + 2),
                 "オブジェクトが新しいタイムスタンプを得た直後に、ステッカーが元の順で新しいタイムスタンプを得る")
    expect.equal(game.view(creature.id).pt, (3, 5), "相対的な順は変わらない")


@check("613.7m@84e84ed4", wiki="タイムスタンプ: APNAP順で")
def simultaneous_timestamps_go_in_apnap_order(expect: Expect) -> None:
    """3人戦でBのターン。B（2体）、C、Aのクリーチャーが同時に戦場に出る。Bが選んだ順のBの2体、C、Aの順に
    タイムスタンプを得る。どれも「クリーチャーの基本P/TはN/N」を持つので、最後のAのものが勝つ。"""
    game = Game(["A", "B", "C"])
    game.active = "B"
    b_first = in_hand(game, cards.lord("Test B1", 1, 1), "B")
    b_second = in_hand(game, cards.lord("Test B2", 2, 2), "B")
    c_only = in_hand(game, cards.lord("Test C", 3, 3), "C")
    a_only = in_hand(game, cards.lord("Test A", 4, 4), "A")
    entered = zones.enter_together(game, [(a_only, "A"), (b_first, "B"), (c_only, "C"), (b_second, "B")],
                                   choose=lambda player, group: list(reversed(group)))
    order = sorted(entered, key=lambda o: o.timestamp)
    expect.equal([game.view(o.id).name for o in order], ["Test B2", "Test B1", "Test C", "Test A"],
                 "アクティブ・プレイヤーのBが選んだ順、次にターン順でC、A")
    expect.equal({game.view(o.id).pt for o in entered}, {(4, 4)}, "最後にタイムスタンプを得たAの効果が勝つ")
