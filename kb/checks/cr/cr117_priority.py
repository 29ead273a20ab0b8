"""Timing and priority (117): who may act, what happens without priority, and responding."""

from __future__ import annotations

from kb.checks import cards, cards_turn
from kb.checks.cr.cr601_casting import LLANOWAR_ELVES
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, give_mana, in_hand
from kb.engine import (
    FOREST,
    ChoiceKind,
    FaceDown,
    Game,
    Resolution,
    SpellAbility,
    Step,
    StepBegan,
    TriggeredAbility,
    Zone,
    at_beginning_of,
    card,
    creatures,
    dies,
    spells,
)
from kb.engine import cast as cast_trigger
from kb.engine.events import CardDrawn, PriorityGiven, StateBasedActionsPerformed, StepEnded

gain = cards._gain_life


@check("117.1@20260116.0@676ee691", "117.1a@20260116.0@569ff56d", "117.3@20260116.0@1401b594",
       "117.3d@20260116.0@3a35666c")
def only_the_player_with_priority_casts(expect: Expect) -> None:
    """状況: Aのメイン・フェイズで、Aが優先権を持っている。Bの手札に《稲妻》があり、Bのマナ・プールに{R}がある。
    行動: Bが稲妻を唱えようとする。次にAが何もせずにパスしてから、Bが唱える。
    結果: 優先権を持たないBは唱えられない。Aがパスすると優先権はターン順で次のBに移り、Bはインスタントを唱えられる。"""
    game = Game(["A", "B"])
    bolt = in_hand(game, cards.LIGHTNING_BOLT, "B")
    give_mana(game, "B", "{R}")
    expect.refused(lambda: game.cast("B", bolt, targets=["A"]), "優先権を持たないBは唱えられない")
    game.pass_priority("A")
    expect.equal(game.priority, "B", "Aがパスすると、ターン順で次のBが優先権を得る")
    game.cast("B", bolt, targets=["A"])
    expect.equal(len(game.stack), 1, "優先権を得たBはインスタントを唱えられる")


@check("117.1b@20260116.0@c3d6dde1", "117.3c@20260116.0@247da9a2", "117.7@20260116.0@a1590416")
def abilities_in_response_resolve_first(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aが、Bの《凍てつく影》（0/1）を対象に《稲妻》を唱えた。Bのマナ・プールに{B}{B}{B}がある。
    行動: Aがパスし、Bは優先権を得るたびに影の「{B}：ターン終了時まで+1/+1」を起動する（3回）。そのあと全員がパスし続ける。
    結果: 起動したBが毎回続けて優先権を得る。起動型能力は稲妻に対応して起動されたので先に解決し、影は3/4になってから稲妻の
    3点を受けて生き残る。"""
    game = Game(["A", "B"])
    shade = game.place(cards_turn.FROZEN_SHADE, player="B")
    cast(game, "A", cards.LIGHTNING_BOLT, [shade], resolve=False)
    game.pass_priority("A")
    give_mana(game, "B", "{B}{B}{B}")
    for _ in range(3):
        game.activate("B", shade)
        expect.equal(game.priority, "B", "能力を起動したBが、続けて優先権を得る")
    expect.equal([item.spell is None for item in game.stack], [False, True, True, True],
                 "起動した能力は稲妻の上に積まれている")
    game.resolve_stack()
    expect.equal((game.view(shade).pt, shade.damage), ((3, 4), 3), "能力が先に解決し、3/4の影は稲妻の3点を受けても生き残る")


@check("117.1c@20260116.0@dc5a867b", "116.2b@20260116.0@6ca9d9eb", "505.6b@20260116.0@9af9e16f",
       "116.2a@20260116.0@4d8fca1a")
def special_actions_and_their_timing(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aが《巨大化》を唱えてスタックにある。Bは裏向きの《賛美されし天使》（変異{2}{W}{W}）を
    コントロールし、Aの手札に《森》がある。
    行動: Aがパスし、優先権を得たBが天使を変異コストでオモテ向きにする。Aは巨大化がスタックにある間と解決後に森をプレイしようとする。
    結果: オモテ向きにすることは優先権を持っていればいつでも行える特別な処理なので、相手のターンでスタックに呪文があってもできる。
    土地のプレイは自分のメイン・フェイズにスタックが空のときしかできない。"""
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS)
    angel = game.place(cards.EXALTED_ANGEL, player="B", face_down=FaceDown.MORPH)
    forest = in_hand(game, FOREST)
    cast(game, "A", cards.GIANT_GROWTH, [bears], resolve=False)
    expect.refused(lambda: game.play_land("A", forest), "スタックに呪文がある間は土地をプレイできない")
    game.pass_priority("A")
    give_mana(game, "B", "{2}{W}{W}")
    game.turn_face_up("B", angel)
    expect.that(not game.view(angel).face_down and len(game.stack) == 1,
                "Bは巨大化がスタックにある間に、相手のターンでも天使をオモテ向きにできた")
    expect.equal(game.priority, "B", "特別な処理をしたBが優先権を得る")
    game.resolve_stack()
    game.play_land("A", forest)
    expect.equal(len(game.battlefield("A")), 2, "スタックが空になれば森をプレイできる")


@check("117.1d@20260116.0@160b2b53", "601.2g@20260116.0@9e38480a")
def mana_abilities_with_priority_or_while_paying(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aが優先権を持ち、AとBはそれぞれ《ラノワールのエルフ》をコントロールしている。
    Aの手札に《巨大化》がある。
    行動: 優先権のないBがエルフのマナ能力を起動しようとする。Aは巨大化を唱え、そのコストを払う途中でエルフのマナ能力を起動する。
    結果: Bは優先権もマナの支払いもないので起動できない。Aはコストの支払いのためにマナ能力を起動でき、巨大化が唱えられる。"""
    game = Game(["A", "B"])
    mine = game.place(LLANOWAR_ELVES)
    theirs = game.place(LLANOWAR_ELVES, player="B")
    growth = in_hand(game, cards.GIANT_GROWTH)
    expect.refused(lambda: game.activate("B", theirs), "優先権を持たず、支払いの途中でもないBは起動できない")
    game.cast("A", growth, targets=[mine], pay_with=[mine])
    expect.that(mine.tapped and len(game.stack) == 1 and game.players["A"].mana.total == 0,
                "唱える途中でエルフのマナ能力を起動して{G}を支払った")


@check("117.2a@20260116.0@169b64cd", "601.2i@20260116.0@c8a175cd")
def a_trigger_waits_for_the_next_priority(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aは「いずれかのプレイヤーが呪文を唱えるたび、あなたは1点のライフを得る。」を持つテスト用
    エンチャントと、《灰色熊》をコントロールしている。
    行動: Aが熊を対象に《巨大化》を唱え、全員が1回ずつパスする。
    結果: 能力は呪文を唱え終えたときに誘発し、Aが優先権を得る前に巨大化の上に積まれる。全員がパスすると能力が先に解決し、
    巨大化はまだスタックにある。"""
    game = Game(["A", "B"])
    game.place(card("Test Spell Watcher", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a player casts a spell, you gain 1 life.", cast_trigger(spells()), gain(1))))
    bears = game.place(cards.GRIZZLY_BEARS)
    cast(game, "A", cards.GIANT_GROWTH, [bears], resolve=False)
    expect.equal([item.spell is not None for item in game.stack], [True, False],
                 "Aが優先権を得る前に、誘発した能力が巨大化の上に積まれた")
    game.resolve_top()
    expect.equal((game.players["A"].life, len(game.stack)), (21, 1), "能力が先に解決し、巨大化はまだスタックにある")


def _summon(resolution: Resolution) -> None:
    game = resolution.game
    bears = next(c for c in game.hand(resolution.controller) if c.card is cards.GRIZZLY_BEARS)
    arrived = game.put_onto_battlefield(bears, resolution.controller)
    assert arrived is not None
    game.gain_life(resolution.controller, game.view(arrived).power or 0)


@check("117.2b@20260116.0@17d3cca8", "604.1@20260116.0@73d72d6e")
def static_abilities_apply_without_priority(expect: Expect) -> None:
    """状況: Aは《栄光の頌歌》をコントロールし、手札に《灰色熊》がある。
    行動: Aが「あなたの手札から《灰色熊》を戦場に出し、その後そのパワーに等しい点数のライフを得る。」というテスト用ソーサリーを唱え、
    解決する。
    結果: 解決の途中で誰も優先権を得ていなくても、頌歌の常在型能力は戦場に出た熊にすぐに適用されていて、Aは3点得る。"""
    game = Game(["A", "B"])
    game.place(cards.GLORIOUS_ANTHEM)
    in_hand(game, cards.GRIZZLY_BEARS)
    cast(game, "A", card("Test Summons", "{1}{G}", "Sorcery", spell=SpellAbility(
        "Put Grizzly Bears from your hand onto the battlefield, then gain life equal to its power.", _summon)))
    expect.equal(game.players["A"].life, 23, "熊は出た瞬間から3/3なのでAは3点得た")


@check("117.2@20260116.0@fadd1666", "117.2c@20260116.0@61471d44", "117.3a@20260116.0@38abd8e1",
       "504.2@20260116.0@615ef118")
def turn_based_actions_come_before_priority(expect: Expect) -> None:
    """状況: Bのターンのアップキープ・ステップ。Bのマナ・プールに{G}があり、Aは「各ドロー・ステップの開始時に、あなたは1点の
    ライフを得る。」を持つテスト用エンチャントをコントロールしている。
    行動: 全員がパスしてアップキープが終わり、ドロー・ステップになる。
    結果: アップキープの終わりにマナは空になり、そのあと誰も優先権を得ずにドロー・ステップが始まる。Bはまずカードを引き、
    ドロー・ステップの開始時に誘発した能力がスタックに積まれてから、Bが優先権を得る。"""
    game = Game(["A", "B"])
    game.place(card("Test Draw Watcher", "{1}", "Enchantment", TriggeredAbility(
        "At the beginning of each draw step, you gain 1 life.", at_beginning_of(Step.DRAW, "each"), gain(1))))
    game.advance_to(Step.UPKEEP, "B")
    game.add_mana("B", "{G}")
    start = len(game.log)
    game.pass_priority("B")
    game.pass_priority("A")
    log = game.log[start:]
    ended = next(i for i, e in enumerate(log) if isinstance(e, StepEnded) and e.step is Step.UPKEEP)
    began = next(i for i, e in enumerate(log) if isinstance(e, StepBegan) and e.step is Step.DRAW)
    expect.that(not any(isinstance(e, PriorityGiven) for e in log[ended:began]),
                "ステップの終わりのターン起因処理のあと、次のステップまで誰も優先権を得ない")
    expect.equal(game.players["B"].mana.total, 0, "アップキープの終わりにマナ・プールは空になった")
    drawn = next(i for i, e in enumerate(log) if isinstance(e, CardDrawn))
    given = next(i for i, e in enumerate(log) if isinstance(e, PriorityGiven) and i > began)
    expect.that(began < drawn < given and log[given].player == "B",  # type: ignore[attr-defined]
                "Bはカードを引いてから優先権を得た")
    expect.equal(len(game.stack), 1, "ドロー・ステップの開始時の誘発型能力は、Bが優先権を得る前にスタックに積まれた")


@check("117.5@20260116.0@1eb8ebba", "117.2d@20260116.0@768a7870", "704.3@20260116.0@3533b646",
       "704.5m@20260116.0@d032e5a1")
def state_based_actions_and_triggers_repeat_before_priority(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの《灰色熊》に《平和な心》がついていて、Aは「クリーチャーが1体死亡するたび、あなたは1点の
    ライフを得る。」を持つテスト用エンチャントをコントロールしている。熊に2点のダメージが与えられた。
    行動: Aが優先権を得る。
    結果: その前に状況起因処理で熊が死亡し、もう一度の確認で平和な心が墓地に置かれ、誘発した能力がスタックに積まれてから、
    Aが優先権を得る。"""
    game = Game(["A", "B"])
    game.place(card("Test Death Watcher", "{1}", "Enchantment", TriggeredAbility(
        "Whenever a creature dies, you gain 1 life.", dies(creatures()), gain(1))))
    bears = game.place(cards.GRIZZLY_BEARS)
    aura = game.place(cards.PACIFISM, attached_to=bears)
    game.deal_damage(game.place(cards.HILL_GIANT, player="B"), bears, 2)
    start = len(game.log)
    game.refresh_priority()
    expect.that(bears.id not in game.objects and aura.id not in game.objects, "熊も平和な心も墓地に置かれた")
    expect.equal(sum(1 for e in game.log[start:] if isinstance(e, StateBasedActionsPerformed)), 2,
                 "状況起因処理は、行われなくなるまで繰り返しチェックされた（2回）")
    expect.equal((len(game.stack), game.priority), (1, "A"), "誘発した能力がスタックに積まれてから、Aが優先権を得た")


def _choose_and_look(resolution: Resolution) -> None:
    from kb.engine.choices import Choice

    game = resolution.game
    if game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller, "draw a card?", (True, False))):
        game.draw(resolution.controller)
    game.gain_life(resolution.controller, 1 if game.priority is None else 100)


@check("117.2e@20260116.0@cd40e342")
def nobody_has_priority_while_a_spell_resolves(expect: Expect) -> None:
    """状況: Aのメイン・フェイズ。Aの手札に「あなたはカードを1枚引いてもよい。その後、あなたは1点のライフを得る（このとき
    誰かが優先権を持っていたなら、代わりに100点）。」というテスト用ソーサリーがある。
    行動: Aがそれを唱え、解決の途中で引くことを選ぶ。
    結果: 解決の途中でAは選択をしてカードを引くが、誰も優先権を得ないので、Aは1点だけ得る。解決後にAが優先権を得る。"""
    game = Game(["A", "B"])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    cast(game, "A", card("Test Musing", "{U}", "Sorcery", spell=SpellAbility(
        "You may draw a card. Then you gain 1 life.", _choose_and_look)))
    expect.equal(len(game.hand("A")), 1, "解決の途中でAは選択をして1枚引いた")
    expect.equal(game.players["A"].life, 21, "解決の間は誰も優先権を持っていなかった")
    expect.equal(game.priority, "A", "解決のあとでAが優先権を得た")


__all__ = ["Zone"]
