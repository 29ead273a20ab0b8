"""607.2g: "as [this] enters, pay any amount of life" and an ability referring to the life paid as it
entered are linked: the second reads only what the first paid for that permanent."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    as_enters_costs,
    card,
    cost,
    token,
)


def _minion(resolution: Resolution) -> None:
    source = resolution.source_id
    x = as_enters_costs.life_paid(resolution.game, source) if source is not None else 0
    resolution.game.create_token(token("Phyrexian Minion", "Creature — Phyrexian Minion", x, x, colors="B"),
                                 resolution.controller)


PHYREXIAN_PROCESSOR = real("ファイレクシアの処理装置", card(
    "Phyrexian Processor", "{4}", "Artifact",
    as_enters_costs.pay_any_amount_of_life("As Phyrexian Processor enters, pay any amount of life."),
    ActivatedAbility("{4}, {T}: Create an X/X black Phyrexian Minion creature token, where X is the life paid as "
                     "Phyrexian Processor entered.", cost("{4}, {T}"), _minion)))


@check("607.2g@20260116.0@ec69c535", "607.2@20260116.0@306155a0", "614.12@20260116.0@7f67dc9f", "119.4@20260116.0@da75ef94")
def the_life_paid_as_it_entered_is_its_own(expect: Expect) -> None:
    """状況: Aの20点のライフ。
    行動: 《ファイレクシアの処理装置》（戦場に出るに際し、任意の点数のライフを支払う。{4},{T}：X/Xの黒の
    ファイレクシアン・ミニオン・クリーチャー・トークンを1体生成する。Xはこれが戦場に出るに際し支払われたライフの点数）が
    2つ戦場に出て、Aは1つ目で5点、2つ目で2点を支払う。それぞれの起動型能力を起動する。
    結果: Aのライフは13点になる。それぞれの能力は自身が戦場に出るに際し支払われたライフだけを参照し、5/5と2/2のトークンが出る。"""
    game = Game(["A", "B"])
    processors = []
    for amount in (5, 2):
        game.choices.script(ChoiceKind.NUMBER, amount, player="A")
        entered = game.put_onto_battlefield(PHYREXIAN_PROCESSOR, "A")
        assert entered is not None
        processors.append(entered)
    expect.equal(game.players["A"].life, 13, "戦場に出るに際し5点と2点を支払った")
    sizes = []
    for processor in processors:
        game.add_mana("A", "{4}")
        game.activate("A", processor)
        game.resolve_stack()
        minion = [o for o in game.battlefield("A") if o.card.name == "Phyrexian Minion"][-1]
        view = game.view(minion.id)
        sizes.append((view.power, view.toughness))
    expect.equal(sizes, [(5, 5), (2, 2)], "それぞれが自身の支払ったライフだけを参照した")
