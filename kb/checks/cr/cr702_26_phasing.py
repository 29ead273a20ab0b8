"""Phasing (702.26) and the wiki page フェイジング."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    CantPhase,
    ChoiceKind,
    Game,
    IllegalAction,
    Indefinite,
    PhasedIn,
    PhasedOut,
    StaticAbility,
    Step,
    TriggeredAbility,
    UntilEndOfTurn,
    Zone,
    can_attack,
    card,
    control,
    creatures,
    gain,
    is_attacking,
    modify_pt,
    phases_out,
    skip_step,
    this_object,
)
from kb.engine.events import StateBasedActionsPerformed


@check("702.26a@977b137e", "502.1@20260116.0@956d60b4", wiki="フェイジング: パーマネントをアンタップする前に")
def untap_step_phases_before_untapping(expect: Expect) -> None:
    """状況: Aのアンタップ・ステップが始まる。Aの《微風の守り手》（フェイジング）はタップ状態、Aの《灰色熊》は
    タップ状態でフェイズ・アウトしている。Bにも《微風の守り手》がいる。
    行動: アンタップ・ステップを進める。
    結果: Aの守り手はフェイズ・アウトしてタップ状態のまま、熊はフェイズ・インしてからアンタップされる。
    Bの守り手はそのまま。フェイズ・インとフェイズ・アウトは同時に起こる。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    keeper = game.place(cards.BREEZEKEEPER, player="A", tapped=True)
    bears = game.place(cards.GRIZZLY_BEARS, player="A", tapped=True)
    game.phase_out(bears)
    other = game.place(cards.BREEZEKEEPER, player="B")
    before = len(game.events(PhasedOut)) + len(game.events(PhasedIn))
    game.advance_to(Step.UPKEEP)
    expect.that(keeper.phased_out, "フェイジングを持つ微風の守り手はフェイズ・アウトする")
    expect.that(keeper.tapped, "アンタップより前にフェイズ・アウトしたので、タップ状態のまま")
    expect.that(not bears.phased_out, "フェイジングを持たない灰色熊もフェイズ・インする")
    expect.that(not bears.tapped, "フェイズ・インはアンタップより前なので、灰色熊はアンタップされる")
    expect.that(not other.phased_out, "非アクティブ・プレイヤーのパーマネントはフェイズ・アウトしない")
    phased = len(game.events(PhasedOut)) + len(game.events(PhasedIn)) - before
    expect.equal(phased, 2, "アンタップ・ステップで、フェイズ・インとフェイズ・アウトが1回ずつ同時に起きる")


@check("702.26b@8729bc36", "702.26c@8d794dfd", wiki="フェイジング: 神の怒り/Wrath of Godを唱えても",
       example="702.26b#2@19844a43")
def wrath_of_god_spares_phased_out(expect: Expect) -> None:
    """状況: Aの《灰色熊》はフェイズ・アウトしている。Bの《丘巨人》はフェイズ・インしている。
    行動: Aが《神の怒り》を唱える。次のAのターン、熊がフェイズ・インした後にもう一度唱える。
    結果: 1回目は熊が残り丘巨人だけが破壊される。2回目は熊も破壊される。"""
    game = Game(["A", "B"])
    hidden = game.place(cards.GRIZZLY_BEARS, player="A")
    seen = game.place(cards.HILL_GIANT, player="B")
    game.phase_out(hidden)
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.that(hidden.id in game.objects and hidden.zone is Zone.BATTLEFIELD, "フェイズ・アウトしている灰色熊は戦場に残る")
    expect.that(seen.id not in game.objects, "フェイズ・インしている丘巨人は破壊される")
    game.next_turn("A")
    expect.that(not hidden.phased_out, "Aの次のアンタップ・ステップで灰色熊はフェイズ・インする")
    cast(game, "A", cards.WRATH_OF_GOD)
    expect.that(hidden.id not in game.objects, "フェイズ・インした灰色熊は存在するものとして扱われ、破壊される")


@check("702.26b@8729bc36")
def phased_out_permanent_cannot_be_targeted(expect: Expect) -> None:
    """状況: Aの《灰色熊》がフェイズ・アウトしている。
    行動: Aが熊を対象に《巨大化》を唱えようとする。熊がフェイズ・インしてから唱え、解決前に熊がフェイズ・アウトする。
    結果: フェイズ・アウトした熊は対象にできない。対象がフェイズ・アウトしたので巨大化は解決されずに墓地へ置かれる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.phase_out(bears)
    growth = in_hand(game, cards.GIANT_GROWTH, "A")
    give_mana(game, "A", "{G}")
    expect.refused(lambda: game.cast("A", growth, targets=[bears]), "フェイズ・アウトしたパーマネントは対象にできない")
    game.phase_in(bears)
    spell = game.cast("A", growth, targets=[bears])
    game.phase_out(bears)
    game.resolve_stack()
    game.phase_in(bears)
    expect.equal(game.view(bears).pt, (2, 2), "対象がフェイズ・アウトしていたので巨大化は何もしなかった")
    expect.that(spell not in game.objects and len(game.graveyard("A")) == 1, "巨大化は解決されずに墓地に置かれた")


@check("702.26b@8729bc36", "702.26c@8d794dfd", wiki="フェイジング: 栄光の頌歌/Glorious Anthemがフェイズ・アウトしている場合")
def glorious_anthem_phased_out_stops_applying(expect: Expect) -> None:
    """状況: Aが《栄光の頌歌》と《灰色熊》をコントロールしている。
    行動: 頌歌がフェイズ・アウトし、その後フェイズ・インする。
    結果: 頌歌がフェイズ・アウトしている間、熊は2/2。フェイズ・インすると3/3に戻る。"""
    game = Game(["A", "B"])
    anthem = game.place(cards.GLORIOUS_ANTHEM, player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    expect.equal(game.view(bears).pt, (3, 3), "頌歌があれば灰色熊は3/3")
    game.phase_out(anthem)
    expect.equal(game.view(bears).pt, (2, 2), "フェイズ・アウトした頌歌の能力は機能しない")
    game.phase_in(anthem)
    expect.equal(game.view(bears).pt, (3, 3), "フェイズ・インした頌歌は再び機能する")


@check("702.26b@8729bc36", wiki="フェイジング: 集団潜在意識/Collective Unconsciousを唱えても",
       example="702.26b#1@5bfb68ed")
def collective_unconscious_does_not_count_phased_out(expect: Expect) -> None:
    """状況: Aは《灰色熊》を3体コントロールし、うち1体がフェイズ・アウトしている。
    行動: Aが《集団潜在意識》を唱える。
    結果: フェイズ・アウトしている熊は数えないので、引くのは2枚。"""
    game = Game(["A", "B"])
    bears = [game.place(cards.GRIZZLY_BEARS, player="A") for _ in range(3)]
    game.phase_out(bears[0])
    hand = len(game.hand("A"))
    cast(game, "A", cards.COLLECTIVE_UNCONSCIOUS)
    expect.equal(len(game.hand("A")) - hand, 2, "フェイズ・アウトしているクリーチャーは数えない")


@check("702.26b@8729bc36", "506.4@20260116.0@ad1a49ed")
def phased_out_creature_leaves_combat(expect: Expect) -> None:
    """状況: Aの《灰色熊》が攻撃している。
    行動: 熊がフェイズ・アウトし、その後フェイズ・インする。
    結果: フェイズ・アウトした熊は戦闘から取り除かれ、フェイズ・インしても攻撃クリーチャーには戻らない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    expect.that(is_attacking(game, bears), "灰色熊は攻撃クリーチャーになった")
    game.phase_out(bears)
    expect.that(not is_attacking(game, bears), "フェイズ・アウトしたクリーチャーは戦闘から取り除かれる")
    game.phase_in(bears)
    expect.that(not is_attacking(game, bears), "フェイズ・インしても攻撃クリーチャーには戻らない")


@check("702.26d@e7ed5362", wiki="フェイジング: 領域変更誘発の能力は誘発しない")
def phasing_is_not_a_zone_change(expect: Expect) -> None:
    """状況: Bが「クリーチャーが戦場に出るたび1点、戦場を離れるたび10点のライフを得る」テスト用エンチャントを
    コントロールしている。Aの《灰色熊》が戦場にいる。
    行動: 熊がフェイズ・アウトし、フェイズ・インする。
    結果: どちらの能力も誘発せず、熊は同じオブジェクトのまま。熊が本当に戦場を離れれば誘発する。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.place(cards.zone_watcher(), player="B")
    identity = bears.id
    game.phase_out(bears)
    game.refresh_priority()
    game.phase_in(bears)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 20, "戦場に出る・離れることによる誘発型能力は誘発しない")
    expect.that(identity in game.objects and game.objects[identity] is bears, "フェイズ・インした熊は新しいオブジェクトではない")
    game.destroy(bears)
    game.resolve_stack()
    expect.equal(game.players["B"].life, 30, "本当に戦場を離れれば誘発する")


@check("702.26d@e7ed5362", "613.7d@546c2286", wiki="フェイジング: その上に置かれたカウンターは取り除かれない")
def phased_out_permanent_keeps_counters_timestamp_and_history(expect: Expect) -> None:
    """状況: +1/+1カウンターが置かれたAの《灰色熊》。
    行動: 熊がフェイズ・アウトし、次のAのターンにフェイズ・インする。
    結果: カウンターもタイムスタンプも変わらず、そのターンに戦場に出たことにはならないので攻撃できる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.put_counters(bears, "+1/+1")
    stamp = bears.timestamp
    game.phase_out(bears)
    expect.equal(bears.counter("+1/+1"), 1, "フェイズ・アウト中もカウンターは載ったまま")
    game.next_turn("A")
    expect.that(not bears.phased_out, "Aのアンタップ・ステップでフェイズ・インした")
    expect.equal(game.view(bears).pt, (3, 3), "カウンターはそのまま効いている")
    expect.equal(bears.timestamp, stamp, "フェイジングではタイムスタンプは変わらない")
    expect.that(can_attack(game, bears), "このターン戦場に出たわけではないので攻撃できる")


@check("702.26d@e7ed5362", wiki_outdated="フェイジング: トークンがフェイズ・アウトした場合")
def phased_out_token_stays_on_the_battlefield(expect: Expect) -> None:
    """状況: Aの熊トークンがフェイズ・アウトしている。
    行動: 状況起因処理が行われる。
    結果: フェイズ・アウトしたトークンは消滅せず、フェイズ・インすれば元のまま（Wikiの「次の状況起因処理で消滅する」は旧ルール）。"""
    game = Game(["A", "B"])
    [token] = game.create_token(cards.GRIZZLY_BEARS, "A")
    game.phase_out(token)
    game.refresh_priority()
    expect.that(token.id in game.objects and token.zone is Zone.BATTLEFIELD, "フェイズ・アウト中もトークンは戦場に存在し続ける")
    game.phase_in(token)
    expect.equal(game.view(token).pt, (2, 2), "フェイズ・インしたトークンは元のまま")


@check("702.26e@fee32257", "611.2c@615e4f07")
def resolved_effect_leaves_out_phased_out_permanent(expect: Expect) -> None:
    """状況: Aの《灰色熊》が2体。1体はフェイズ・アウトしている。
    行動: Aが《鼓舞する突撃》（あなたのクリーチャーは+2/+1）を唱え、さらに効果がフェイズ・アウトした熊を名指しで+0/+5する。
    その熊がフェイズ・インする。
    結果: フェイズ・アウトしていた熊はどちらの効果も受けず2/2。もう1体は4/3。"""
    game = Game(["A", "B"])
    present = game.place(cards.GRIZZLY_BEARS, player="A")
    absent = game.place(cards.GRIZZLY_BEARS, player="A")
    game.phase_out(absent)
    cast(game, "A", cards.INSPIRED_CHARGE)
    game.create_effect("that creature gets +0/+5 until end of turn", [modify_pt(0, 5)], [absent], UntilEndOfTurn())
    game.phase_in(absent)
    expect.equal(game.view(present).pt, (4, 3), "フェイズ・インしていた熊は+2/+1")
    expect.equal(game.view(absent).pt, (2, 2), "フェイズ・アウトしていた熊は、名指しされていても影響を受けない")


@check("702.26f@08805a6b", "611.2a@8a95121d",
       wiki=("フェイジング: そのターン中にフェイズ・インする場合", "フェイジング: 次のターン以降にフェイズ・インする場合"))
def giant_growth_ends_while_phased_out(expect: Expect) -> None:
    """状況: Aの《灰色熊》2体がそれぞれ《巨大化》を受け、両方フェイズ・アウトする。
    行動: 1体は同じターンにフェイズ・インし、もう1体は次のAのターンにフェイズ・インする。
    結果: 同じターンなら5/5。次のターンなら、効果はフェイズ・アウト中にターン終了で終わっているので2/2。"""
    game = Game(["A", "B"])
    same_turn = game.place(cards.GRIZZLY_BEARS, player="A")
    later = game.place(cards.GRIZZLY_BEARS, player="A")
    cast(game, "A", cards.GIANT_GROWTH, [same_turn])
    cast(game, "A", cards.GIANT_GROWTH, [later])
    game.phase_out(same_turn, later)
    game.phase_in(same_turn)
    expect.equal(game.view(same_turn).pt, (5, 5), "同じターンにフェイズ・インすれば+3/+3のまま")
    game.next_turn("A")
    expect.that(not later.phased_out, "もう1体は次のAのアンタップ・ステップでフェイズ・インした")
    expect.equal(game.view(later).pt, (2, 2), "フェイズ・アウト中にターンが終わり、+3/+3は終了している")


@check("702.26f@08805a6b", "611.2b@18ea0ae4", wiki="フェイジング: エイヴンの擬態術士/Aven Mimeomancer")
def aven_mimeomancer_effect_ends_for_good(expect: Expect) -> None:
    """状況: Aが《エイヴンの擬態術士》をコントロールし、Bが《灰色熊》をコントロールしている。
    行動: Aのアップキープに擬態術士の能力で熊に羽根カウンターを置き、熊がフェイズ・アウトしてフェイズ・インする。
    結果: 熊は3/1飛行になったが、フェイズ・アウトで効果は熊を見失って終わり、カウンターが残っていても2/2のまま。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.place(cards.AVEN_MIMEOMANCER, player="A")
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.advance_to(Step.UPKEEP, "A")
    game.resolve_stack()
    expect.equal(game.view(bears).pt, (3, 1), "羽根カウンターが置かれている限り3/1")
    expect.that(game.view(bears).has("flying"), "羽根カウンターが置かれている限り飛行を持つ")
    game.phase_out(bears)
    game.phase_in(bears)
    expect.equal(bears.counter("feather"), 1, "羽根カウンターは取り除かれていない")
    expect.equal(game.view(bears).pt, (2, 2), "それでも効果は終了していて、再開しない")
    expect.that(not game.view(bears).has("flying"), "飛行も失っている")


@check("702.26g@d4c5c646", wiki="フェイジング: 間接的にフェイズ・アウトする")
def aura_and_equipment_phase_out_indirectly(expect: Expect) -> None:
    """状況: Aの《微風の守り手》にBの《聖なる力》とAの《骨断ちの矛槍》がついている。
    行動: Aのアンタップ・ステップで守り手がフェイズ・アウトし、Bのターンを経て、次のAのアンタップ・ステップを迎える。
    結果: オーラと装備品は間接的にフェイズ・アウトし、Bのアンタップ・ステップでは戻らず、守り手と一緒についたまま戻る。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    keeper = game.place(cards.BREEZEKEEPER, player="A")
    aura = game.place(cards.HOLY_STRENGTH, player="B", attached_to=keeper)
    sword = game.place(cards.BONESPLITTER, player="A", attached_to=keeper)
    expect.equal(game.view(keeper).pt, (7, 6), "4/4 に +1/+2 と +2/+0")
    game.advance_to(Step.UPKEEP)
    expect.that(keeper.phased_out and not keeper.phased_indirectly, "守り手は直接フェイズ・アウトした")
    expect.that(aura.phased_out and aura.phased_indirectly, "オーラは間接的にフェイズ・アウトした")
    expect.that(sword.phased_out and sword.phased_indirectly, "装備品も間接的にフェイズ・アウトした")
    game.next_turn("B")
    expect.that(aura.phased_out, "間接的にフェイズ・アウトしたオーラは、それ自身ではフェイズ・インしない")
    game.next_turn("A")
    expect.that(not keeper.phased_out and not aura.phased_out and not sword.phased_out,
                "守り手と一緒にオーラと装備品もフェイズ・インする")
    expect.that(aura.attached_to == keeper.id and sword.attached_to == keeper.id, "どちらもついたまま戻る")
    expect.equal(game.view(keeper).pt, (7, 6), "修整も元どおり")


@check("702.26h@35e47176", wiki="フェイジング: 直接と間接の両方で同時にフェイズ・アウトする場合")
def direct_and_indirect_at_once_is_indirect(expect: Expect) -> None:
    """状況: Aの《灰色熊》にBの《聖なる力》がついている。
    行動: 熊とオーラが同じ効果で同時にフェイズ・アウトし、Bのターン、Aのターンと進む。
    結果: オーラは間接的にフェイズ・アウトしたことになり、Bのアンタップ・ステップでは戻らず、熊と一緒に戻る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    aura = game.place(cards.HOLY_STRENGTH, player="B", attached_to=bears)
    game.phase_out(bears, aura)
    expect.that(aura.phased_indirectly, "直接と間接の両方でフェイズ・アウトしたオーラは、間接的にフェイズ・アウトしている")
    game.next_turn("B")
    expect.that(aura.phased_out, "Bのアンタップ・ステップでもオーラはフェイズ・インしない")
    game.next_turn("A")
    expect.that(not bears.phased_out and not aura.phased_out and aura.attached_to == bears.id,
                "熊のフェイズ・インとともに、ついたままフェイズ・インする")


@check("702.26i@01ca34c1")
def directly_phased_aura_returns_attached(expect: Expect) -> None:
    """状況: フェイジングを持つテスト用オーラ（エンチャントしているクリーチャーは+1/+1）がAの《灰色熊》についている。
    行動: Aのアンタップ・ステップでオーラだけが直接フェイズ・アウトし、次のAのアンタップ・ステップを迎える。
    結果: 熊が戦場に残っているので、オーラは熊についた状態でフェイズ・インし、修整も戻る。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    aura = game.place(cards.PHASING_AURA, player="A", attached_to=bears)
    game.advance_to(Step.UPKEEP)
    expect.that(aura.phased_out and not aura.phased_indirectly and not bears.phased_out, "オーラだけが直接フェイズ・アウトした")
    expect.equal(game.view(bears).pt, (2, 2), "フェイズ・アウトしたオーラの修整はない")
    game.next_turn("A")
    expect.that(not aura.phased_out and aura.attached_to == bears.id, "熊についた状態でフェイズ・インした")
    expect.equal(game.view(bears).pt, (3, 3), "修整が戻る")


@check("702.26i@01ca34c1", "704.5m@20260116.0@d032e5a1", "704.5n@20260116.0@5cb3a8d1")
def directly_phased_attachments_return_unattached(expect: Expect) -> None:
    """状況: Aの《灰色熊》に《聖なる力》と《骨断ちの矛槍》がついている。
    行動: オーラと装備品が直接フェイズ・アウトし、その間に熊が破壊され、次のAのターンに両方がフェイズ・インする。
    結果: 両方ついていない状態でフェイズ・インし、状況起因処理でオーラは墓地へ、装備品ははずれたまま戦場に残る。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    aura = game.place(cards.HOLY_STRENGTH, player="A", attached_to=bears)
    sword = game.place(cards.BONESPLITTER, player="A", attached_to=bears)
    game.phase_out(aura, sword)
    game.destroy(bears)
    game.refresh_priority()
    expect.that(aura.phased_out and aura.id in game.objects, "フェイズ・アウト中のオーラは状況起因処理の対象にならない")
    start = len(game.log)
    game.next_turn("A")
    performed = {r for e in game.log[start:] if isinstance(e, StateBasedActionsPerformed) for r in e.rules}
    expect.that(aura.id not in game.objects and len(game.graveyard("A")) == 2 and "704.5m" in performed,
                "ついていない状態でフェイズ・インしたオーラは状況起因処理で墓地に置かれる")
    expect.that(sword.id in game.objects and not sword.phased_out and sword.attached_to is None,
                "装備品は戦場に残り、ついていない")
    expect.that("704.5n" not in performed, "装備品ははじめからついていない状態でフェイズ・インしたので、はずす処理は起きない")


@check("702.26i@01ca34c1", "704.5m@20260116.0@d032e5a1")
def aura_on_player_who_left_returns_unattached(expect: Expect) -> None:
    """状況: 3人戦。Aの呪い（プレイヤーにつくテスト用オーラ）がCについたまま直接フェイズ・アウトしている。
    行動: Cが投了してゲームを離れ、次のAのターンになる。
    結果: 呪いはついていない状態でフェイズ・インし、状況起因処理で墓地に置かれる。"""
    game = Game(["A", "B", "C"])
    curse = game.place(cards.TEST_CURSE, player="A", attached_to="C")
    game.phase_out(curse)
    game.concede("C")
    game.advance_to(Step.UPKEEP, "A")
    expect.that(curse.id not in game.objects and len(game.graveyard("A")) == 1,
                "ついていたプレイヤーがゲームに残っていないので、ついていない状態でフェイズ・インし、墓地に置かれる")


@check("702.26i@01ca34c1", "704.5m@20260116.0@d032e5a1",
       wiki="フェイジング: プロテクションなどで「つけられない」状態")
def aura_returns_attached_then_protection_drops_it(expect: Expect) -> None:
    """状況: 白の《聖なる力》がAの《灰色熊》についたまま直接フェイズ・アウトしている。
    行動: その間に熊がプロテクション（白）を得て、オーラがフェイズ・インする。
    結果: 熊は戦場に残っているのでオーラはついた状態でフェイズ・インし、そのあとの状況起因処理で墓地に置かれる。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    aura = game.place(cards.HOLY_STRENGTH, player="A", attached_to=bears)
    game.phase_out(aura)
    game.create_effect("gains protection from white", [gain("protection from white")], [bears], Indefinite())
    game.phase_in(aura)
    expect.that(aura.attached_to == bears.id, "熊は戦場に残っているので、ついた状態でフェイズ・インする")
    game.refresh_priority()
    expect.that(aura.id not in game.objects, "不正についているので状況起因処理で墓地に置かれる")


@check("702.26j@f193bf94")
def phasing_triggers_no_attach_abilities(expect: Expect) -> None:
    """状況: Aが「オーラや装備品があなたのクリーチャーにつくたび1点、はずれるたび10点のライフを得る」テスト用
    エンチャントをコントロールしている。
    行動: 《骨断ちの矛槍》をAの《灰色熊》につける。熊と矛槍がフェイズ・アウト・フェイズ・インし、矛槍だけも同じくする。
    結果: つけたときは誘発するが、フェイジングでは「つく」「はずれる」の誘発はなく、矛槍はついたまま。"""
    game = Game(["A", "B"])
    game.place(cards.attachment_watcher(), player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    sword = game.place(cards.BONESPLITTER, player="A")
    game.attach(sword, bears)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "装備したときは誘発する")
    game.phase_out(bears)
    game.phase_in(bears)
    game.phase_out(sword)
    game.phase_in(sword)
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "フェイズ・イン／フェイズ・アウトでは「つく」「はずれる」の誘発はない")
    expect.that(sword.attached_to == bears.id, "装備品はついたまま")


@check("702.26k@e74271f4", "800.4a@20260116.0@be91bf57", wiki="フェイジング: そのオーナーがゲームを離れた場合")
def phased_out_permanent_leaves_with_its_owner(expect: Expect) -> None:
    """状況: 3人戦。Bの《灰色熊》2体のうち1体がフェイズ・アウトしている。Cが「クリーチャーが戦場を離れるたび10点の
    ライフを得る」テスト用エンチャントをコントロールしている。
    行動: Bが投了してゲームを離れる。
    結果: 両方ゲームを離れるが、Cの能力が誘発するのはフェイズ・インしていた1体のぶんだけ。"""
    game = Game(["A", "B", "C"])
    hidden = game.place(cards.GRIZZLY_BEARS, player="B")
    shown = game.place(cards.GRIZZLY_BEARS, player="B")
    game.place(cards.zone_watcher(), player="C")
    game.phase_out(hidden)
    game.concede("B")
    game.resolve_stack()
    expect.that(hidden.id not in game.objects and shown.id not in game.objects,
                "フェイズ・アウトしている熊もオーナーと一緒にゲームを離れる")
    expect.equal(game.players["C"].life, 30, "領域変更誘発はフェイズ・インしていた熊の1回だけ")


@check("702.26n@303c709e", "800.4a@20260116.0@be91bf57")
def phased_out_under_a_player_who_left(expect: Expect) -> None:
    """状況: 4人戦A→B→C→D。Dの《灰色熊》はBがコントロールを得たあとフェイズ・アウトしている。BがコントロールするDの
    《丘巨人》もフェイズ・アウトしている。
    行動: Aのターン中にBが投了し、次のターンになる。
    結果: 熊はゲームに残り、Bのターンを飛ばして始まるCのアンタップ・ステップでフェイズ・インし、コントロールはDに戻る。
    丘巨人は追放される。"""
    game = Game(["A", "B", "C", "D"])
    bears = game.place(cards.GRIZZLY_BEARS, player="D")
    game.create_effect("B gains control", [control("B")], [bears], Indefinite())
    borrowed = game.place(cards.HILL_GIANT, player="B", owner="D")
    game.phase_out(bears, borrowed)
    game.concede("B")
    expect.that(bears.id in game.objects and bears.phased_out, "熊はゲームに残り、フェイズ・アウトしたまま")
    expect.that(borrowed.id not in game.objects and len(game.in_zone(Zone.EXILE, "D")) == 1,
                "Bがなおコントロールしていた丘巨人は追放される")
    game.next_turn()
    expect.equal(game.active, "C", "Bのターンは飛ばされてCのターンになる")
    expect.that(not bears.phased_out, "熊はCのアンタップ・ステップでフェイズ・インする")
    expect.equal(game.view(bears).controller, "D", "コントロールはオーナーのDに戻っている")


@check("702.26m@befc1869", "614.10@20260116.0@33a45bbc", wiki="フェイジング: アンタップ・ステップが飛ばされた場合")
def skipped_untap_step_has_no_phasing(expect: Expect) -> None:
    """状況: Aの《微風の守り手》と、フェイズ・アウトしているAの《灰色熊》。Aのアンタップ・ステップが飛ばされる。
    行動: Aのターンが始まり、次のAのターンも来る。
    結果: 飛ばされたアンタップ・ステップではフェイズ・アウトもフェイズ・インも起きない。次のアンタップ・ステップでは起きる。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    keeper = game.place(cards.BREEZEKEEPER, player="A")
    bears = game.place(cards.GRIZZLY_BEARS, player="A")
    game.phase_out(bears)
    game.create_effect("A skips their next untap step", replacements=[skip_step(Step.UNTAP, "A")], controller="A")
    game.advance_to(Step.UPKEEP)
    expect.that(not keeper.phased_out, "飛ばされたアンタップ・ステップではフェイズ・アウトしない")
    expect.that(bears.phased_out, "フェイズ・インも起きない")
    game.next_turn("A")
    expect.that(keeper.phased_out and not bears.phased_out, "次のアンタップ・ステップでは起きる")


@check("702.26p@0f7d815c", wiki="フェイジング: 複数のフェイジングを持っていても")
def two_instances_of_phasing_act_as_one(expect: Expect) -> None:
    """状況: フェイジングを持つAの《微風の守り手》が、さらにフェイジングを得る。
    行動: Aのアンタップ・ステップを迎え、さらに次のAのアンタップ・ステップを迎える。
    結果: 1回だけフェイズ・アウトし、次のアンタップ・ステップでフェイズ・インする。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    keeper = game.place(cards.BREEZEKEEPER, player="A")
    game.create_effect("gains phasing", [gain("phasing")], [keeper], Indefinite())
    expect.equal(len(game.view(keeper).keywords("phasing")), 2, "フェイジングを2つ持つ")
    game.advance_to(Step.UPKEEP)
    expect.that(keeper.phased_out, "フェイズ・アウトする")
    expect.equal(len(game.events(PhasedOut)), 1, "フェイズ・アウトは1回だけ")
    game.next_turn("A")
    expect.that(not keeper.phased_out, "次のアンタップ・ステップでフェイズ・インする")


# -- new in the 20260116.0 model ---------------------------------------------------------------------

PHASING_WATCHER = card("Test Phasing Watcher", "{1}{U}", "Creature — Spirit", 1, 1, "phasing",
                       TriggeredAbility("When this creature phases out, you gain 3 life.", phases_out(),
                                        cards._gain_life(3)))
"""Test: a 1/1 with phasing and "When this creature phases out, you gain 3 life"."""


@check("603.10b@20260116.0@52e84fed", "702.26a@977b137e")
def own_phases_out_trigger_looks_back(expect: Expect) -> None:
    """状況: Aが「このクリーチャーがフェイズ・アウトしたとき、3点のライフを得る」とフェイジングを持つテスト用クリーチャーを
    コントロールしている。
    行動: Aのアンタップ・ステップでそれがフェイズ・アウトし、アップキープになる。
    結果: フェイズ・アウトした後のゲームにそれは存在しないが、フェイズ・アウトを誘発条件とする能力は直前を振り返るので
    誘発し、アップキープに解決されてAは23点になる。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    watcher = game.place(PHASING_WATCHER, player="A")
    game.advance_to(Step.UPKEEP)
    expect.that(watcher.phased_out, "アンタップ・ステップでフェイズ・アウトした")
    expect.equal(len(game.stack), 1, "誘発した能力はアップキープに優先権が与えられる前にスタックに置かれる")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "自身のフェイズ・アウトで誘発した")


@check("702.26b@8729bc36", "101.2@20260116.0@3cb28965")
def an_effect_stops_phasing_out(expect: Expect) -> None:
    """状況: Aの《微風の守り手》に「このパーマネントはフェイズ・アウトできない」という効果が及んでいる。
    行動: Aのアンタップ・ステップを迎える。
    結果: 守り手はフェイズ・アウトしない。効果がなければフェイズ・アウトする。"""
    game = Game(["A", "B"], step=Step.UNTAP)
    stuck = game.place(cards.BREEZEKEEPER, player="A")
    free = game.place(cards.BREEZEKEEPER, player="A")
    game.create_effect("it can't phase out", rules=[CantPhase(this_object() & creatures(), "out")], source=stuck,
                       controller="A")
    game.advance_to(Step.UPKEEP)
    expect.that(free.phased_out, "効果のない守り手はフェイズ・アウトした")
    expect.that(not stuck.phased_out, "フェイズ・アウトできない効果を受けた守り手はフェイズ・アウトしない")


__all__ = ["IllegalAction", "StaticAbility"]
