"""The other behaviour subrules of keyword actions (701): doubling mana and damage, attaching's new
timestamp, shuffling and scrying as events, conniving N, exploring with a permanent that left,
manifesting dread as an event."""

from __future__ import annotations

from collections.abc import Callable

from kb.checks.cards import BONESPLITTER, GRIZZLY_BEARS, HILL_GIANT, LIGHTNING_BOLT, real
from kb.checks.cr.cr701_keyword_actions import MERFOLK_BRANCHWALKER
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast, library_top_first
from kb.engine import (
    FOREST,
    Card,
    ChoiceKind,
    Game,
    Resolution,
    StaticAbility,
    TriggeredAbility,
    Zone,
    card,
    facedown,
    keyword_actions,
    on_event,
)
from kb.engine.events import Explored, ManifestedDread, Scried, Shuffled, Surveilled
from kb.engine.triggers import TriggerContext


def _gain(amount: int) -> Callable[[Resolution], None]:
    def effect(r: Resolution) -> None:
        r.game.gain_life(r.controller, amount)

    return effect


def _watcher(name: str, text: str, kind: type, amount: int = 1) -> Card:
    def count(t: TriggerContext) -> int:
        return int(isinstance(t.event, kind) and getattr(t.event, "player", None) == t.source.controller)

    return card(name, "{1}", "Enchantment", TriggeredAbility(text, on_event(text, (kind,), count), _gain(amount)))


FURNACE_OF_RATH = real("ラースの灼熱洞", card("Furnace of Rath", "{1}{R}{R}{R}", "Enchantment", StaticAbility(
    "If a source would deal damage to a permanent or player, it deals double that damage to that permanent or "
    "player instead.", replacements=(keyword_actions.double_damage(
        "it deals double that damage instead", lambda c, d: True),))))


@check("701.10f@20260116.0@9ac99eda")
def doubling_mana(expect: Expect) -> None:
    """状況: Aのマナ・プールに{G}{G}{R}がある。
    行動: 効果がAのマナ・プールの緑マナの量を2倍にする。
    結果: Aは{G}{G}を加え、マナ・プールは{G}{G}{G}{G}{R}になる。"""
    game = Game(["A", "B"])
    game.add_mana("A", "{G}{G}{R}")
    keyword_actions.double_mana(game, "A", "G")
    pool = game.players["A"].mana
    expect.equal((pool.amount("G"), pool.amount("R")), (4, 1), "緑マナが4点になり、赤マナは1点のまま")


@check("701.10g@20260116.0@ce62f418", "614.1a@20260116.0@200be777")
def doubling_damage(expect: Expect) -> None:
    """状況: 《ラースの灼熱洞》が戦場にある。
    行動: AがBを対象に《稲妻》を唱える。
    結果: 稲妻は代わりにその2倍の6点のダメージをBに与え、Bのライフは14点になる。"""
    game = Game(["A", "B"])
    game.place(FURNACE_OF_RATH, player="A")
    cast(game, "A", LIGHTNING_BOLT, ["B"])
    expect.equal(game.players["B"].life, 14, "3点の代わりに2倍の6点を与えた")


@check("701.3c@20260116.0@eb6a362b", "613.7e@20260116.0@db4b167d")
def attaching_to_something_else_gives_a_new_timestamp(expect: Expect) -> None:
    """状況: Aは《骨断ちの矛槍》《灰色熊》《丘巨人》をコントロールしており、矛槍は灰色熊についている。
    行動: 効果が矛槍を丘巨人につけ直す。
    結果: 矛槍は丘巨人につき、その時点で新しいタイムスタンプを得る（灰色熊や丘巨人のタイムスタンプより新しい）。"""
    game = Game(["A", "B"])
    splitter = game.place(BONESPLITTER, player="A")
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, player="A")
    game.attach(splitter, bears)
    before = game.view(splitter).timestamp
    game.attach(splitter, giant)
    after = game.view(splitter).timestamp
    expect.equal(splitter.attached_to, giant.id, "矛槍は丘巨人についた")
    expect.that(after > before and after > game.view(giant).timestamp, "つけ直した時点で新しいタイムスタンプを得た")


SHUFFLE_WATCHER = _watcher("Test Shuffle Watcher", "Whenever you shuffle your library, you gain 1 life.", Shuffled)


@check("701.24e@20260116.0@5e3ada97", "701.24a@20260116.0@8d819bc5")
def shuffling_a_tiny_library_is_still_a_shuffle(expect: Expect) -> None:
    """状況: Aのライブラリーは《森》1枚だけで、Aは「あなたがライブラリーを切り直すたび、あなたは1点のライフを得る。」を持つ
    エンチャントをコントロールしている。
    行動: 効果がAにライブラリーを切り直させる。次にライブラリーが0枚のときにもう一度切り直させる。
    結果: 0枚や1枚のライブラリーを切り直しても、切り直したときの能力はそのたびに誘発し、Aは2点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    game.place(SHUFFLE_WATCHER, player="A")
    game.place(FOREST, Zone.LIBRARY, "A")
    keyword_actions.shuffle(game, "A")
    game.resolve_stack()
    game.draw("A")
    keyword_actions.shuffle(game, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "1枚と0枚のライブラリーの切り直しで、それぞれ誘発した")


SCRY_WATCHER = _watcher("Test Scry Watcher", "Whenever you scry, you gain 1 life.", Scried)
SURVEIL_WATCHER = _watcher("Test Surveil Watcher", "Whenever you surveil, you gain 2 life.", Surveilled, 2)


@check("701.22d@20260116.0@57c30a63", "701.25d@20260116.0@015a0f28")
def scry_and_surveil_with_an_empty_library(expect: Expect) -> None:
    """状況: Aのライブラリーは空で、Aは「あなたが占術を行うたび、あなたは1点のライフを得る。」を持つエンチャントと、
    「あなたが諜報を行うたび、あなたは2点のライフを得る。」を持つエンチャントをコントロールしている。
    行動: 効果がAに占術2を、次に諜報2を行わせる。
    結果: 見るカードがなく手順の一部が不可能でも、手順が終わった後にそれぞれの能力が誘発し、Aは3点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    game.place(SCRY_WATCHER, player="A")
    game.place(SURVEIL_WATCHER, player="A")
    keyword_actions.scry(game, "A", 2)
    keyword_actions.surveil(game, "A", 2)
    game.choices.script(ChoiceKind.TRIGGER_ORDER, lambda c: list(c.items), player="A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 23, "占術と諜報の能力がそれぞれ誘発した")


@check("701.50e@20260116.0@2cad0c31", "701.50b@20260116.0@76aa329a")
def conniving_two(expect: Expect) -> None:
    """状況: Aは《灰色熊》をコントロールし、手札に《丘巨人》と《森》がある。
    行動: 灰色熊が謀議2を行い、Aはカードを2枚引いた後、丘巨人と森を捨てる。
    結果: 捨てた土地でないカードは丘巨人1枚なので、灰色熊に+1/+1カウンターが1個置かれる。謀議の手順が終わった後に謀議のイベントが起こる。"""
    from kb.engine.events import Connived

    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="A")
    giant = game.place(HILL_GIANT, Zone.HAND, "A")
    forest = game.place(FOREST, Zone.HAND, "A")
    game.choices.script(ChoiceKind.DISCARD, [giant, forest], player="A")
    keyword_actions.connive(game, bears.id, 2)
    expect.equal(sorted(o.card.name for o in game.graveyard("A")), ["Forest", "Hill Giant"], "2枚捨てた")
    expect.equal(game.view(bears).counters.get("+1/+1", 0), 1, "土地でないカード1枚につき+1/+1カウンター1個")
    expect.equal([e.object_id for e in game.events(Connived)], [bears.id], "謀議を行った")


@check("701.44c@20260116.0@390e763a", "701.44b@20260116.0@3353d9e8")
def exploring_after_leaving(expect: Expect) -> None:
    """状況: Aのライブラリーの一番上は《丘巨人》である。
    行動: Aが《マーフォークの枝渡り》を唱え、戦場に出たときの探検の能力がスタックにある間に、枝渡りが戦場を離れる。能力が解決する。
    結果: 最後の情報により、探検を行ったのは枝渡りで、Aがコントロールしていたとして扱う。Aは丘巨人を公開し、土地でないので
    +1/+1カウンターを置くことはできないが、丘巨人を墓地に置くことを選べる。探検は行われたことになる。"""
    game = Game(["A", "B"])
    [giant] = library_top_first(game, "A", HILL_GIANT)
    cast(game, "A", MERFOLK_BRANCHWALKER, resolve=False)
    game.resolve_top()
    [walker] = [o for o in game.battlefield("A") if o.card is MERFOLK_BRANCHWALKER]
    game.exile(walker)
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.resolve_stack()
    expect.equal([(e.object_id, e.player) for e in game.events(Explored)], [(walker.id, "A")],
                 "戦場を離れた枝渡りがAのコントロールで探検を行った")
    expect.that(any(o.card is HILL_GIANT for o in game.graveyard("A")) and giant.id not in game.players["A"].library,
                "公開した丘巨人を墓地に置いた")


MANIFEST_WATCHER = _watcher("Test Dread Watcher", "Whenever you manifest dread, you gain 1 life.", ManifestedDread)


@check("701.62b@20260116.0@99f0f5f2", "701.62a@20260116.0@45eca9ba")
def manifesting_dread_is_an_event(expect: Expect) -> None:
    """状況: Aのライブラリーは上から《丘巨人》《灰色熊》で、Aは「あなたが戦慄予示するたび、あなたは1点のライフを得る。」を持つ
    エンチャントをコントロールしている。
    行動: Aが戦慄予示を行い、丘巨人を予示する。次に、ライブラリーが空のときにもう一度戦慄予示を行う。
    結果: 1回目は丘巨人が裏向きの2/2で戦場に出て、灰色熊は墓地に置かれる。手順が終わった後に能力が誘発する。
    2回目は何も予示できないが、それでも戦慄予示したことになり、能力が誘発する。Aは2点のライフを得る。"""
    game = Game(["A", "B"], library=0)
    game.place(MANIFEST_WATCHER, player="A")
    giant, _ = library_top_first(game, "A", HILL_GIANT, GRIZZLY_BEARS)
    game.choices.script(ChoiceKind.OBJECT, giant, player="A")
    made = facedown.manifest_dread(game, "A")
    expect.that(made is not None and game.view(made).pt == (2, 2) and game.view(made).face_down is not None
                and any(o.card is GRIZZLY_BEARS for o in game.graveyard("A")), "丘巨人を予示し、灰色熊は墓地に置いた")
    game.resolve_stack()
    facedown.manifest_dread(game, "A")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 22, "2回とも戦慄予示したので誘発した")


@check("701.50c@20260116.0@fbc12fa5", "701.50a@20260116.0@57a446da")
def conniving_after_leaving(expect: Expect) -> None:
    """状況: Aの手札に《丘巨人》がある。
    行動: Aが《ラフィーンの密通者》を唱え、戦場に出たときの謀議の能力がスタックにある間に、密通者が戦場を離れる。能力が解決し、
    Aはカードを1枚引いてから丘巨人を捨てる。
    結果: 最後の情報により、謀議を行ったのは密通者で、Aがコントロールしていたとして扱う。Aはカードを引いて捨てるが、
    +1/+1カウンターを置く密通者はもういない。"""
    from kb.checks.cr.cr701_keyword_actions import RAFFINES_INFORMANT
    from kb.engine.events import Connived

    game = Game(["A", "B"])
    giant = game.place(HILL_GIANT, Zone.HAND, "A")
    cast(game, "A", RAFFINES_INFORMANT, resolve=False)
    game.resolve_top()
    [informant] = [o for o in game.battlefield("A") if o.card is RAFFINES_INFORMANT]
    game.exile(informant)
    game.choices.script(ChoiceKind.DISCARD, [giant], player="A")
    game.resolve_stack()
    expect.equal([(e.object_id, e.player) for e in game.events(Connived)], [(informant.id, "A")],
                 "戦場を離れた密通者がAのコントロールで謀議を行った")
    expect.that(any(o.card is HILL_GIANT for o in game.graveyard("A")), "Aは引いてから丘巨人を捨てた")
