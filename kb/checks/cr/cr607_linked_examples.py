"""The CR's examples of linked abilities (607) played out: a creature with two kicker costs and a
triggered ability linked to each (607.2i); a creature that gains a pair of linked abilities, whose
second finds only what the first exiled (607.5)."""

from __future__ import annotations

from dataclasses import dataclass

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT, real
from kb.checks.cr.cr200_card_parts import QUICKSILVER_ELEMENTAL
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Cost,
    Game,
    GameObject,
    IllegalAction,
    ManaCost,
    PlayerId,
    Step,
    TriggeredAbility,
    Zone,
    any_target,
    card,
    condition,
    cost,
    creatures,
    enters,
    linked,
    objects,
    target,
)
from kb.engine.combat import combat
from kb.engine.conditions import Condition
from kb.engine.context import Context, Seeable
from kb.engine.keywords_casting import kicked
from kb.engine.selectors import where
from kb.engine.stack import Resolution


def kicked_with(mana: str) -> Condition:
    """"If it was kicked with its [mana] kicker" (702.33f): linked to that kicker cost only (607.2i)."""
    return condition(f"it was kicked with its {mana} kicker",
                     lambda c: c.source is not None and kicked(c.game, c.source.id, mana) > 0)


def _gain_three(resolution: Resolution) -> None:
    resolution.game.gain_life(resolution.controller, 3)


def _destroy_unregenerable(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        resolution.game.destroy(chosen, can_regenerate=False)


STORMSCAPE_BATTLEMAGE = real("嵐景学院の戦闘魔道士", card(
    "Stormscape Battlemage", "{2}{U}", "Creature — Metathran Wizard", 2, 2, "kicker {W} and/or {2}{B}",
    TriggeredAbility("When this creature enters, if it was kicked with its {W} kicker, you gain 3 life.",
                     enters(), _gain_three, condition=kicked_with("{W}")),
    TriggeredAbility("When this creature enters, if it was kicked with its {2}{B} kicker, destroy target nonblack "
                     "creature. It can't be regenerated.", enters(), _destroy_unregenerable,
                     (target(creatures() & ~objects(colors=["B"]), "target nonblack creature"),),
                     condition=kicked_with("{2}{B}"))))
"""嵐景学院の戦闘魔道士: キッカー{W}と{2}{B}、それぞれのキッカーで誘発する戦場に出たときの能力。"""


@check("607.2i@20260116.0@ce43b5f2", "702.33f@20260116.0@ce431903", "702.33b@20260116.0@7e507f0e",
       "603.4@20260116.0@3b5b8ab9", example="607.2i#1@0aedbcc7")
def each_kicker_has_its_own_linked_trigger(expect: Expect) -> None:
    """状況: Aの手札に《嵐景学院の戦闘魔道士》が2枚ある（キッカー{W}とキッカー{2}{B}。{W}でキッカーされていたなら戦場に出たとき
    3点のライフを得て、{2}{B}でキッカーされていたなら戦場に出たとき黒でないクリーチャー1体を対象として破壊する）。Bは《灰色熊》を
    コントロールしている。
    行動: Aが1枚目を{2}{B}のキッカーだけを支払って唱え、2枚目を{W}のキッカーだけを支払って唱える。
    結果: 1枚目では{2}{B}のキッカーに関連した能力だけが誘発して灰色熊が破壊され、Aのライフは変わらない。2枚目では{W}のキッカーに
    関連した能力だけが誘発してAは3点のライフを得て、破壊の能力は誘発しない。"""
    game = Game(["A", "B"])
    bears = game.place(GRIZZLY_BEARS, player="B")
    first, second = in_hand(game, STORMSCAPE_BATTLEMAGE), in_hand(game, STORMSCAPE_BATTLEMAGE)
    give_mana(game, "A", "{2}{U}{2}{B}")
    game.choices.script(ChoiceKind.TARGETS, bears, player="A")
    game.cast("A", first, additional=("kicker {2}{B}",))
    game.resolve_stack()
    expect.equal((game.current(bears).zone, game.players["A"].life), (Zone.GRAVEYARD, 20),
                 "{2}{B}のキッカーに関連した能力だけが働き、熊が破壊された")
    give_mana(game, "A", "{2}{U}{W}")
    game.cast("A", second, additional=("kicker {W}",))
    game.resolve_stack()
    expect.equal((game.players["A"].life, len(game.stack)), (23, 0),
                 "{W}のキッカーに関連した能力だけが働き、Aは3点のライフを得た")


@dataclass(frozen=True)
class ExileTopOfLibrary:
    """"Exile the top [count] cards of your library" as part of a cost (118.3: all of them or none)."""

    count: int
    link: str

    @property
    def text(self) -> str:
        return f"Exile the top {self.count} cards of your library"

    def pay(self, game: Game, player: PlayerId, source: GameObject | None) -> dict[str, list[int]] | None:
        library = game.players[player].library
        if len(library) < self.count:
            raise IllegalAction(f"the library has fewer than {self.count} cards", "118.3")
        top = [game.objects[i] for i in reversed(library[-self.count:])]
        if source is not None:
            linked.exile_with(game, source.id, top, self.link)
        else:
            game.exile(*top)
        return None


def _two_damage(resolution: Resolution) -> None:
    source = resolution.source_id
    for chosen in resolution.targets(0):
        if source is not None:
            resolution.game.deal_damage(source, chosen, 2)


ARC_SLOGGER_TEXT = "{R}, Exile the top ten cards of your library: This creature deals 2 damage to any target."
ARC_SLOGGER = real("弧炎撒き", card(
    "Arc-Slogger", "{3}{R}{R}", "Creature — Beast", 4, 5,
    ActivatedAbility(ARC_SLOGGER_TEXT, Cost(ManaCost.parse("{R}"), extra=(ExileTopOfLibrary(10, ARC_SLOGGER_TEXT),)),
                     _two_damage, (any_target(),))))

SISTERS_EXILE_TEXT = "{B}{G}: Exile target creature blocking or blocked by Sisters of Stone Death."


def _blocking_or_blocked_by_this(context: Context, candidate: Seeable) -> bool:
    this = context.source_state("this creature").id
    fight = combat(context.game)
    return this in fight.blocked_by(candidate.id) or candidate.id in fight.blocked_by(this)


def _sisters_exile(resolution: Resolution) -> None:
    source = resolution.source_id
    chosen = [resolution.game.objects[i] for i in resolution.objects(0)]
    if source is not None and chosen:
        linked.exile_with(resolution.game, source, chosen, SISTERS_EXILE_TEXT)


def _sisters_return(resolution: Resolution) -> None:
    from kb.engine.choices import Choice

    game, source = resolution.game, resolution.source_id
    found = linked.exiled_with(game, source, SISTERS_EXILE_TEXT) if source is not None else []
    if found:
        chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, resolution.controller,
                                         "a creature card exiled with Sisters of Stone Death", tuple(found)))
        if isinstance(chosen, int):
            game.move(chosen, Zone.BATTLEFIELD, controller=resolution.controller)


SISTERS_OF_STONE_DEATH = real("石の死の姉妹", card(
    "Sisters of Stone Death", "{4}{B}{G}{G}", "Legendary Creature — Gorgon", 7, 5,
    ActivatedAbility(SISTERS_EXILE_TEXT, cost("{B}{G}"), _sisters_exile,
                     (target(where("creature blocking or blocked by this", _blocking_or_blocked_by_this)
                             & creatures(), "target creature blocking or blocked by this"),)),
    ActivatedAbility("{2}{B}: Put a creature card exiled with Sisters of Stone Death onto the battlefield under "
                     "your control.", cost("{2}{B}"), _sisters_return)))
"""石の死の姉妹; its ability forcing a creature to block it is left out."""


@check("607.5@20260116.0@44092737", "607.2a@20260116.0@3c63b133", "607.1@20260116.0@9335d4d4",
       "201.5b@20260116.0@52fcb031", example="607.5#1@9d180af5")
def gained_linked_abilities_stay_linked_to_each_other(expect: Expect) -> None:
    """状況: Aは《水銀の精霊》《弧炎撒き》《石の死の姉妹》をコントロールし、Aのライブラリーの上から10枚の中に《丘巨人》がある。
    Bは《灰色熊》をコントロールしている。
    行動: 精霊が弧炎撒きの起動型能力を得て、ライブラリーの上から10枚を追放してBに2点を与える。次に姉妹の起動型能力を得る。
    精霊で攻撃して熊にブロックされ、得た能力で熊を追放し、得た「石の死の姉妹によって追放されているクリーチャー・カードを戦場に
    出す」を起動する（Aはできるなら丘巨人を選びたい）。
    結果: 戻す能力は同時に得た追放の能力と関連しているので、選べるのはその能力で追放した熊だけで、精霊が弧炎撒きの能力で追放した
    丘巨人は戻せない。熊がAのコントロールで戦場に出る。"""
    game = Game(["A", "B"], library=0)
    for _ in range(8):
        game.place(GRIZZLY_BEARS, Zone.LIBRARY, "A")
    giant = game.place(HILL_GIANT, Zone.LIBRARY, "A")  # fourth from the top, once three more are on it
    for _ in range(3):
        game.place(GRIZZLY_BEARS, Zone.LIBRARY, "A")
    elemental = game.place(QUICKSILVER_ELEMENTAL, player="A")
    slogger = game.place(ARC_SLOGGER, player="A")
    sisters = game.place(SISTERS_OF_STONE_DEATH, player="A")
    bears = game.place(GRIZZLY_BEARS, player="B")
    give_mana(game, "A", "{U}")
    game.activate("A", elemental, 0, targets=[slogger])
    game.resolve_stack()
    give_mana(game, "A", "{R}")
    game.activate("A", elemental, "{R}, Exile the top ten", targets=["B"])
    game.resolve_stack()
    expect.equal((game.current(giant).zone, game.players["B"].life), (Zone.EXILE, 18),
                 "精霊が弧炎撒きの能力で丘巨人を含む10枚を追放し、Bに2点を与えた")
    give_mana(game, "A", "{U}")
    game.activate("A", elemental, 0, targets=[sisters])
    game.resolve_stack()
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([elemental])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.declare_blockers({bears: elemental})
    give_mana(game, "A", "{B}{G}")
    game.activate("A", elemental, "{B}{G}: Exile", targets=[bears])
    game.resolve_stack()
    give_mana(game, "A", "{2}{B}")
    game.choices.script(ChoiceKind.OBJECT, lambda c: next((o for o in c.options if game.objects[o].card is HILL_GIANT),
                                                          c.options[0]), player="A")
    game.activate("A", elemental, "{2}{B}: Put")
    game.resolve_stack()
    expect.equal([o.card for o in game.battlefield("A") if game.view(o).controller == "A"
                  and o.card in (HILL_GIANT, GRIZZLY_BEARS)], [GRIZZLY_BEARS],
                 "戻せたのは関連した能力で追放した熊だけで、熊はAのコントロールで戦場に出た")
    expect.equal(game.current(giant).zone, Zone.EXILE, "弧炎撒きの能力で追放した丘巨人は戻せない")
