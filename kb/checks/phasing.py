"""Checks for phasing (702.26) and the wiki page フェイジング."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenario import cast, give_mana, in_hand, on_battlefield, turn_of
from kb.engine import attach, casting, combat, continuous, counters, phasing, players, turns, zones
from kb.engine.abilities import Keyword
from kb.engine.basics import Zone
from kb.engine.effects import Indefinite, UntilEndOfTurn, gain, modify_pt, set_controller
from kb.engine.events import PhasedIn, PhasedOut
from kb.engine.game import Game, Phase


@check("702.26a@977b137e", wiki="フェイジング: パーマネントをアンタップする前に")
def untap_step_phases_before_untapping(expect: Expect) -> None:
    """Aのアンタップ・ステップ。タップ状態でフェイジングを持つ風の守り手はフェイズ・アウトし、フェイズ・アウト
    していたタップ状態の灰色熊はフェイズ・インしてからアンタップされる。Bの風の守り手はそのまま。"""
    game = Game(["A", "B"])
    keeper = on_battlefield(game, cards.BREEZEKEEPER, "A")
    keeper.tapped = True
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    bears.tapped = True
    phasing.phase_out(game, [bears])
    other = on_battlefield(game, cards.BREEZEKEEPER, "B")
    turns.untap_step(game)
    expect.that(keeper.phase is Phase.OUT, "フェイジングを持つ風の守り手はフェイズ・アウトする")
    expect.that(keeper.tapped, "アンタップより前にフェイズ・アウトしたので、タップ状態のまま")
    expect.that(bears.phase is Phase.IN, "フェイジングを持たない灰色熊もフェイズ・インする")
    expect.that(not bears.tapped, "フェイズ・インはアンタップより前なので、灰色熊はアンタップされる")
    expect.that(other.phase is Phase.IN, "非アクティブ・プレイヤーのパーマネントはフェイズ・アウトしない")
    phased = game.events(PhasedOut) + game.events(PhasedIn)
    expect.equal(len(phased), 3, "フェイズ・アウト1回（準備）と、同時に起きるフェイズ・インとフェイズ・アウト")


@check("702.26b@8729bc36", "702.26c@8d794dfd",
       wiki="フェイジング: 神の怒り/Wrath of Godを唱えても")
def wrath_of_god_spares_phased_out(expect: Expect) -> None:
    """神の怒りはフェイズ・アウトしている灰色熊を破壊しない。フェイズ・インした後の神の怒りは破壊する。"""
    game = Game(["A", "B"])
    hidden = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    seen = on_battlefield(game, cards.HILL_GIANT, "B")
    phasing.phase_out(game, [hidden])
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.that(hidden.id in game.objects and hidden.zone is Zone.BATTLEFIELD,
                "フェイズ・アウトしている灰色熊は戦場に残る")
    expect.that(seen.id not in game.objects, "フェイズ・インしている丘巨人は破壊される")
    turn_of(game, "A")
    expect.that(hidden.phase is Phase.IN, "Aの次のアンタップ・ステップで灰色熊はフェイズ・インする")
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.that(hidden.id not in game.objects, "フェイズ・インした灰色熊は存在するものとして扱われ、破壊される")


@check("702.26b@8729bc36")
def phased_out_permanent_cannot_be_targeted(expect: Expect) -> None:
    """フェイズ・アウトしている灰色熊を巨大化の対象にはできない。対象の熊が解決前にフェイズ・アウトすると、
    巨大化は解決されない。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    phasing.phase_out(game, [bears])
    growth = in_hand(game, cards.GIANT_GROWTH, "A")
    give_mana(game, "A", "{G}")
    expect.refused(lambda: casting.cast(game, "A", growth.id, targets=[bears.id]),
                   "フェイズ・アウトしたパーマネントは対象にできない")
    phasing.phase_in(game, [bears])
    spell = casting.cast(game, "A", growth.id, targets=[bears.id])
    phasing.phase_out(game, [bears])
    game.resolve_stack()
    phasing.phase_in(game, [bears])
    expect.equal(game.view(bears.id).pt, (2, 2), "対象がフェイズ・アウトしていたので巨大化は何もしなかった")
    expect.that(spell not in game.objects and len(game.in_zone(Zone.GRAVEYARD, "A")) == 1,
                "巨大化は解決されずに墓地に置かれた")


@check("702.26b@8729bc36", "702.26c@8d794dfd",
       wiki="フェイジング: 栄光の頌歌/Glorious Anthemがフェイズ・アウトしている場合")
def glorious_anthem_phased_out_stops_applying(expect: Expect) -> None:
    """栄光の頌歌がフェイズ・アウトしている間、灰色熊は2/2。頌歌がフェイズ・インすると3/3に戻る。"""
    game = Game(["A", "B"])
    anthem = on_battlefield(game, cards.GLORIOUS_ANTHEM, "A")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    expect.equal(game.view(bears.id).pt, (3, 3), "頌歌があれば灰色熊は3/3")
    phasing.phase_out(game, [anthem])
    expect.equal(game.view(bears.id).pt, (2, 2), "フェイズ・アウトした頌歌の能力は機能しない")
    phasing.phase_in(game, [anthem])
    expect.equal(game.view(bears.id).pt, (3, 3), "フェイズ・インした頌歌は再び機能する")


@check("702.26b@8729bc36", wiki="フェイジング: 集団潜在意識/Collective Unconsciousを唱えても")
def collective_unconscious_does_not_count_phased_out(expect: Expect) -> None:
    """Aはクリーチャー3体をコントロールし、うち1体がフェイズ・アウトしている。集団潜在意識で引くのは2枚。"""
    game = Game(["A", "B"], library=10)
    creatures = [on_battlefield(game, cards.GRIZZLY_BEARS, "A") for _ in range(3)]
    phasing.phase_out(game, creatures[:1])
    cast(game, "A", cards.COLLECTIVE_UNCONSCIOUS)
    expect.equal(game.players["A"].cards_drawn, 2, "フェイズ・アウトしているクリーチャーは数えない")


@check("702.26b@8729bc36")
def phased_out_creature_leaves_combat(expect: Expect) -> None:
    """攻撃している灰色熊がフェイズ・アウトすると戦闘から取り除かれ、フェイズ・インしても攻撃していない。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    game.turn += 1  # controlled since the turn began: no summoning sickness
    combat.declare_attackers(game, [bears])
    expect.that(bears.id in game.attacking, "灰色熊は攻撃クリーチャーになった")
    phasing.phase_out(game, [bears])
    expect.that(bears.id not in game.attacking, "フェイズ・アウトしたクリーチャーは戦闘から取り除かれる")
    phasing.phase_in(game, [bears])
    expect.that(bears.id not in game.attacking, "フェイズ・インしても攻撃クリーチャーには戻らない")


@check("702.26d@e7ed5362", wiki="フェイジング: 領域変更誘発の能力は誘発しない")
def phasing_is_not_a_zone_change(expect: Expect) -> None:
    """灰色熊がフェイズ・アウトしてフェイズ・インしても、「戦場に出たとき」「戦場を離れたとき」の見張りは
    誘発せず、熊は同じオブジェクトのまま。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.zone_watcher(), "B")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    identity = bears.id
    phasing.phase_out(game, [bears])
    game.priority()
    phasing.phase_in(game, [bears])
    game.priority()
    game.resolve_stack()
    expect.equal(game.players["B"].life, 20, "戦場に出る・離れることによる誘発型能力は誘発しない")
    expect.that(identity in game.objects and game.objects[identity] is bears,
                "フェイズ・インした熊は新しいオブジェクトではない")


@check("702.26d@e7ed5362", "613.7d@546c2286",
       wiki="フェイジング: その上に置かれたカウンターは取り除かれない")
def phased_out_permanent_keeps_counters_timestamp_and_history(expect: Expect) -> None:
    """+1/+1カウンターが置かれた灰色熊がフェイズ・アウトし、次のAのターンにフェイズ・インする。
    カウンターもタイムスタンプも変わらず、そのターンに戦場に出たことにはならないので攻撃できる。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    counters.put(game, bears, "+1/+1")
    stamp = bears.timestamp
    phasing.phase_out(game, [bears])
    expect.equal(bears.counter_count("+1/+1"), 1, "フェイズ・アウト中もカウンターは載ったまま")
    turn_of(game, "B")
    turn_of(game, "A")
    expect.that(bears.phase is Phase.IN, "Aのアンタップ・ステップでフェイズ・インした")
    expect.equal(game.view(bears.id).pt, (3, 3), "カウンターはそのまま効いている")
    expect.equal(bears.timestamp, stamp, "フェイジングではタイムスタンプは変わらない")
    expect.that(bears.entered_turn < game.turn, "フェイズ・インは戦場に出たことにならない")
    expect.that(combat.can_attack(game, bears), "このターン戦場に出たわけではないので攻撃できる")


@check("702.26d@e7ed5362", wiki="フェイジング: トークンがフェイズ・アウトした場合")
def phased_out_token_stays_on_the_battlefield(expect: Expect) -> None:
    """フェイズ・アウトしたトークンは状況起因処理で消滅しない（Wikiの「次の状況起因処理で消滅する」は旧ルール）。"""
    game = Game(["A", "B"])
    token = zones.create_token(game, cards.GRIZZLY_BEARS, "A")
    phasing.phase_out(game, [token])
    game.priority()
    expect.that(token.id in game.objects and token.zone is Zone.BATTLEFIELD,
                "フェイズ・アウト中もトークンは戦場に存在し続ける")
    phasing.phase_in(game, [token])
    expect.equal(game.view(token.id).pt, (2, 2), "フェイズ・インしたトークンは元のまま")


@check("702.26e@fee32257", "611.2c@615e4f07")
def resolved_effect_leaves_out_phased_out_permanent(expect: Expect) -> None:
    """鼓舞する突撃（+2/+1）の解決時にフェイズ・アウトしていた熊は、同じターンにフェイズ・インしても修整を
    受けない。その熊を名指しする効果も、フェイズ・アウト中に作られたなら熊に及ばない。"""
    game = Game(["A", "B"])
    present = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    absent = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    phasing.phase_out(game, [absent])
    cast(game, "A", cards.INSPIRED_CHARGE)
    continuous.create(game, "that creature gets +0/+5 until end of turn", [modify_pt(0, 5)], [absent.id],
                      UntilEndOfTurn())
    phasing.phase_in(game, [absent])
    expect.equal(game.view(present.id).pt, (4, 3), "フェイズ・インしていた熊は+2/+1")
    expect.equal(game.view(absent.id).pt, (2, 2),
                 "フェイズ・アウトしていた熊は、名指しされていても影響を受けるオブジェクトに含まれない")


@check("702.26f@08805a6b", "611.2a@8a95121d",
       wiki=("フェイジング: そのターン中にフェイズ・インする場合",
             "フェイジング: 次のターン以降にフェイズ・インする場合"))
def giant_growth_ends_while_phased_out(expect: Expect) -> None:
    """巨大化を受けた灰色熊がフェイズ・アウトする。同じターンにフェイズ・インすれば5/5、次のAのターンに
    フェイズ・インすれば、ターン終了時に効果が終わっているので2/2。"""
    game = Game(["A", "B"])
    same_turn = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    later = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    cast(game, "A", cards.GIANT_GROWTH, [same_turn.id])
    cast(game, "A", cards.GIANT_GROWTH, [later.id])
    phasing.phase_out(game, [same_turn, later])
    phasing.phase_in(game, [same_turn])
    expect.equal(game.view(same_turn.id).pt, (5, 5), "同じターンにフェイズ・インすれば+3/+3のまま")
    turn_of(game, "B")
    turn_of(game, "A")
    expect.that(later.phase is Phase.IN, "もう1体は次のAのアンタップ・ステップでフェイズ・インした")
    expect.equal(game.view(later.id).pt, (2, 2), "フェイズ・アウト中にターンが終わり、+3/+3は終了している")


@check("702.26f@08805a6b", "611.2b@18ea0ae4", wiki="フェイジング: エイヴンの擬態術士/Aven Mimeomancer")
def aven_mimeomancer_effect_ends_for_good(expect: Expect) -> None:
    """エイヴンの擬態術士の能力で羽根カウンターが置かれ3/1飛行になった熊がフェイズ・アウトする。効果は熊を
    見失って終わり、フェイズ・インしてもカウンターはあるが2/2に戻っている。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "B")
    on_battlefield(game, cards.aven_mimeomancer(bears.id), "A")
    turns.upkeep(game)
    game.resolve_stack()
    expect.equal(game.view(bears.id).pt, (3, 1), "羽根カウンターが置かれている限り3/1")
    expect.that(game.view(bears.id).has("flying"), "羽根カウンターが置かれている限り飛行を持つ")
    phasing.phase_out(game, [bears])
    phasing.phase_in(game, [bears])
    expect.equal(bears.counter_count("feather"), 1, "羽根カウンターは取り除かれていない")
    expect.equal(game.view(bears.id).pt, (2, 2), "それでも効果は終了していて、再開しない")
    expect.that(not game.view(bears.id).has("flying"), "飛行も失っている")


@check("702.26g@d4c5c646", wiki="フェイジング: 間接的にフェイズ・アウトする")
def aura_and_equipment_phase_out_indirectly(expect: Expect) -> None:
    """風の守り手（フェイジング）にBのオーラとAの装備品がついている。両方が守り手と間接的にフェイズ・アウトし、
    Bのアンタップ・ステップでは戻らず、Aの次のアンタップ・ステップで守り手についたまま一緒に戻る。"""
    game = Game(["A", "B"])
    keeper = on_battlefield(game, cards.BREEZEKEEPER, "A")
    aura = on_battlefield(game, cards.HOLY_STRENGTH, "B")
    sword = on_battlefield(game, cards.BONESPLITTER, "A")
    attach.attach(game, aura, keeper.id)
    attach.attach(game, sword, keeper.id)
    expect.equal(game.view(keeper.id).pt, (7, 6), "4/4 に +1/+2 と +2/+0")
    turns.untap_step(game)
    expect.that(keeper.phase is Phase.OUT and not keeper.phased_indirectly, "守り手は直接フェイズ・アウトした")
    expect.that(aura.phase is Phase.OUT and aura.phased_indirectly, "オーラは間接的にフェイズ・アウトした")
    expect.that(sword.phase is Phase.OUT and sword.phased_indirectly, "装備品も間接的にフェイズ・アウトした")
    turn_of(game, "B")
    expect.that(aura.phase is Phase.OUT, "間接的にフェイズ・アウトしたオーラは、それ自身ではフェイズ・インしない")
    turn_of(game, "A")
    expect.that(keeper.phase is Phase.IN and aura.phase is Phase.IN and sword.phase is Phase.IN,
                "守り手と一緒にオーラと装備品もフェイズ・インする")
    expect.that(aura.attached_to == keeper.id and sword.attached_to == keeper.id, "どちらもついたまま戻る")
    expect.equal(game.view(keeper.id).pt, (7, 6), "修整も元どおり")


@check("702.26h@35e47176", wiki="フェイジング: 直接と間接の両方で同時にフェイズ・アウトする場合")
def direct_and_indirect_at_once_is_indirect(expect: Expect) -> None:
    """Aの熊とそれについたBのオーラが、同じ効果で同時にフェイズ・アウトする。オーラは間接的にフェイズ・アウト
    したことになり、Bのアンタップ・ステップではフェイズ・インせず、Aのアンタップ・ステップで熊と一緒に戻る。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    aura = on_battlefield(game, cards.HOLY_STRENGTH, "B")
    attach.attach(game, aura, bears.id)
    cards.phase_out_everything(game)
    expect.that(aura.phased_indirectly, "直接と間接の両方でフェイズ・アウトしたオーラは、間接的にフェイズ・アウトしている")
    turn_of(game, "B")
    expect.that(aura.phase is Phase.OUT, "Bのアンタップ・ステップでもオーラはフェイズ・インしない")
    turn_of(game, "A")
    expect.that(bears.phase is Phase.IN and aura.phase is Phase.IN and aura.attached_to == bears.id,
                "熊のフェイズ・インとともに、ついたままフェイズ・インする")


@check("702.26i@01ca34c1")
def directly_phased_aura_returns_attached(expect: Expect) -> None:
    """フェイジングを持つオーラがフェイジングを持たない熊についている。オーラだけが直接フェイズ・アウトし、
    熊が戦場に残っているので、次のアンタップ・ステップで熊についた状態でフェイズ・インする。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    aura = on_battlefield(game, cards.PHASING_AURA, "A")
    attach.attach(game, aura, bears.id)
    turns.untap_step(game)
    expect.that(aura.phase is Phase.OUT and not aura.phased_indirectly and bears.phase is Phase.IN,
                "オーラだけが直接フェイズ・アウトした")
    expect.equal(game.view(bears.id).pt, (2, 2), "フェイズ・アウトしたオーラの修整はない")
    turn_of(game, "B")
    turn_of(game, "A")
    expect.that(aura.phase is Phase.IN and aura.attached_to == bears.id, "熊についた状態でフェイズ・インした")
    expect.equal(game.view(bears.id).pt, (3, 3), "修整が戻る")


@check("702.26i@01ca34c1", "704.5m@20260116.0@d032e5a1", "704.5n@20260116.0@5cb3a8d1")
def directly_phased_attachments_return_unattached(expect: Expect) -> None:
    """熊についたオーラと装備品が直接フェイズ・アウトし、その間に熊が破壊される。両方ついていない状態で
    フェイズ・インし、状況起因処理でオーラは墓地へ、装備品ははずれたまま戦場に残る。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    aura = on_battlefield(game, cards.HOLY_STRENGTH, "A")
    sword = on_battlefield(game, cards.BONESPLITTER, "A")
    attach.attach(game, aura, bears.id)
    attach.attach(game, sword, bears.id)
    phasing.phase_out(game, [aura, sword])
    zones.move(game, bears, Zone.GRAVEYARD)
    game.priority()
    expect.that(aura.phase is Phase.OUT and aura.id in game.objects,
                "フェイズ・アウト中のオーラは状況起因処理の対象にならない")
    turns.untap_step(game)
    expect.that(aura.phase is Phase.IN and aura.attached_to is None, "オーラはついていない状態でフェイズ・インする")
    expect.that(sword.phase is Phase.IN and sword.attached_to is None, "装備品もついていない状態でフェイズ・インする")
    game.priority()
    expect.that(aura.id not in game.objects and len(game.in_zone(Zone.GRAVEYARD, "A")) == 2,
                "何にもついていないオーラは状況起因処理で墓地に置かれる")
    expect.that(sword.id in game.objects and sword.zone is Zone.BATTLEFIELD, "装備品は戦場に残る")


@check("702.26i@01ca34c1", "704.5m@20260116.0@d032e5a1")
def aura_on_player_who_left_returns_unattached(expect: Expect) -> None:
    """3人戦。Aの呪い（プレイヤーにつくオーラ）がCについたまま直接フェイズ・アウトし、その間にCがゲームを
    離れる。呪いはついていない状態でフェイズ・インし、状況起因処理で墓地に置かれる。"""
    game = Game(["A", "B", "C"])
    curse = on_battlefield(game, cards.TEST_CURSE, "A")
    attach.attach(game, curse, "C")
    phasing.phase_out(game, [curse])
    players.leave_game(game, "C")
    turns.untap_step(game)
    expect.that(curse.phase is Phase.IN and curse.attached_to is None,
                "ついていたプレイヤーがゲームに残っていないので、ついていない状態でフェイズ・インする")
    game.priority()
    expect.that(curse.id not in game.objects, "状況起因処理で墓地に置かれる")


@check("702.26i@01ca34c1", "704.5m@20260116.0@d032e5a1", wiki="フェイジング: プロテクションなどで「つけられない」状態")
def aura_returns_attached_then_protection_drops_it(expect: Expect) -> None:
    """白の神聖なる力が直接フェイズ・アウトしている間に、熊がプロテクション（白）を得る。オーラは熊についた
    状態でフェイズ・インし、そのあとの状況起因処理で墓地に置かれる。"""
    game = Game(["A", "B"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    aura = on_battlefield(game, cards.HOLY_STRENGTH, "A")
    attach.attach(game, aura, bears.id)
    phasing.phase_out(game, [aura])
    continuous.create(game, "gains protection from white", [gain(Keyword("protection", "W"))], [bears.id],
                      Indefinite())
    phasing.phase_in(game, [aura])
    expect.that(aura.attached_to == bears.id, "熊は戦場に残っているので、ついた状態でフェイズ・インする")
    game.priority()
    expect.that(aura.id not in game.objects, "不正についているので状況起因処理で墓地に置かれる")


@check("702.26j@f193bf94")
def phasing_triggers_no_attach_abilities(expect: Expect) -> None:
    """「つくたび」「はずれるたび」に誘発する見張りがいる。装備品を熊につけると誘発するが、熊と装備品が
    フェイズ・アウト・フェイズ・インしても、装備品だけが直接フェイズ・アウト・フェイズ・インしても誘発しない。"""
    game = Game(["A", "B"])
    on_battlefield(game, cards.attachment_watcher(), "A")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    sword = on_battlefield(game, cards.BONESPLITTER, "A")
    attach.attach(game, sword, bears.id)
    game.priority()
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "装備したときは誘発する")
    phasing.phase_out(game, [bears])
    phasing.phase_in(game, [bears])
    phasing.phase_out(game, [sword])
    phasing.phase_in(game, [sword])
    game.priority()
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "フェイズ・イン／フェイズ・アウトでは「つく」「はずれる」の誘発はない")
    expect.that(sword.attached_to == bears.id, "装備品はついたまま")


@check("702.26k@e74271f4", "800.4a@20260116.0@be91bf57", wiki="フェイジング: そのオーナーがゲームを離れた場合")
def phased_out_permanent_leaves_with_its_owner(expect: Expect) -> None:
    """3人戦。Bがオーナーの熊2体のうち1体がフェイズ・アウトしている。Bがゲームを離れると両方ゲームを離れるが、
    Cの「クリーチャーが戦場を離れるたび」の見張りが誘発するのはフェイズ・インしていた1体だけ。"""
    game = Game(["A", "B", "C"])
    on_battlefield(game, cards.zone_watcher(), "C")
    hidden = on_battlefield(game, cards.GRIZZLY_BEARS, "B")
    shown = on_battlefield(game, cards.GRIZZLY_BEARS, "B")
    phasing.phase_out(game, [hidden])
    players.leave_game(game, "B")
    game.priority()
    game.resolve_stack()
    expect.that(hidden.id not in game.objects and shown.id not in game.objects,
                "フェイズ・アウトしている熊もオーナーと一緒にゲームを離れる")
    expect.equal(game.players["C"].life, 30, "領域変更誘発はフェイズ・インしていた熊の1回だけ")


@check("702.26n@303c709e", "800.4a@20260116.0@be91bf57")
def phased_out_under_a_player_who_left(expect: Expect) -> None:
    """4人戦A→B→C→D。Bのコントロール下でフェイズ・アウトしたDの熊は、Aのターン中にBが離れても残り、Bのターンが
    来るはずだった後のCのアンタップ・ステップでフェイズ・インする。Bが（効果によらず）コントロールしていたものは追放。"""
    game = Game(["A", "B", "C", "D"])
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "D")
    continuous.create(game, "B gains control", [set_controller("B")], [bears.id], Indefinite())
    borrowed = on_battlefield(game, cards.HILL_GIANT, "B", owner="D")
    phasing.phase_out(game, [bears, borrowed])
    players.leave_game(game, "B")
    expect.that(bears.id in game.objects and bears.phase is Phase.OUT, "熊はゲームに残り、フェイズ・アウトしたまま")
    expect.that(borrowed.id not in game.objects and len(game.in_zone(Zone.EXILE, "D")) == 1,
                "Bがなおコントロールしていた丘巨人は追放される")
    turns.next_turn(game)
    expect.equal(game.active, "C", "Bのターンは飛ばされてCのターンになる")
    expect.that(bears.phase is Phase.IN, "熊はCのアンタップ・ステップでフェイズ・インする")
    expect.equal(game.view(bears.id).controller, "D", "コントロールはオーナーのDに戻っている")


@check("702.26m@befc1869", wiki="フェイジング: アンタップ・ステップが飛ばされた場合")
def skipped_untap_step_has_no_phasing(expect: Expect) -> None:
    """Aのアンタップ・ステップが飛ばされる。風の守り手はフェイズ・アウトせず、フェイズ・アウトしている熊も
    フェイズ・インしない。"""
    game = Game(["A", "B"])
    keeper = on_battlefield(game, cards.BREEZEKEEPER, "A")
    bears = on_battlefield(game, cards.GRIZZLY_BEARS, "A")
    phasing.phase_out(game, [bears])
    game.players["A"].untap_steps_to_skip = 1
    turns.untap_step(game)
    expect.that(keeper.phase is Phase.IN, "飛ばされたアンタップ・ステップではフェイズ・アウトしない")
    expect.that(bears.phase is Phase.OUT, "フェイズ・インも起きない")
    turn_of(game, "B")
    turn_of(game, "A")
    expect.that(keeper.phase is Phase.OUT and bears.phase is Phase.IN, "次のアンタップ・ステップでは起きる")


@check("702.26p@0f7d815c", wiki="フェイジング: 複数のフェイジングを持っていても")
def two_instances_of_phasing_act_as_one(expect: Expect) -> None:
    """フェイジングを持つ風の守り手がさらにフェイジングを得る。アンタップ・ステップごとに1回だけ
    フェイズ・アウトし、次のアンタップ・ステップでフェイズ・インする。"""
    game = Game(["A", "B"])
    keeper = on_battlefield(game, cards.BREEZEKEEPER, "A")
    continuous.create(game, "gains phasing", [gain(Keyword("phasing"))], [keeper.id], Indefinite())
    expect.equal(sum(1 for a in game.view(keeper.id).abilities if getattr(a, "name", "") == "phasing"), 2,
                 "フェイジングを2つ持つ")
    turns.untap_step(game)
    expect.that(keeper.phase is Phase.OUT, "フェイズ・アウトする")
    expect.equal(len(game.events(PhasedOut)), 1, "フェイズ・アウトは1回だけ")
    turn_of(game, "B")
    turn_of(game, "A")
    expect.that(keeper.phase is Phase.IN, "次のアンタップ・ステップでフェイズ・インする")
