"""An ability an object has because of an ability printed on it counts as printed on it for linked
abilities (607.1a); the same ability granted by another object's effect is not linked with the
abilities printed on the object (607.1)."""

from __future__ import annotations

from kb.checks.cards import GRIZZLY_BEARS, HILL_GIANT
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import (
    ActivatedAbility,
    Game,
    Resolution,
    StaticAbility,
    Zone,
    ability_instances,
    attached_to_this,
    card,
    cost,
    gain,
    linked,
    this_object,
)
from kb.engine.selectors import objects
from kb.engine.targets import TargetSpec

_EXILE_TEXT = "{T}: Exile target card from a graveyard."


def _exile(resolution: Resolution) -> None:
    source = resolution.source_id
    chosen = resolution.objects(0)
    if source is not None and chosen:
        game = resolution.game
        linked.exile_with(game, source, [game.obj(i) for i in chosen], _EXILE_TEXT, by=resolution)


def _gain_per_card(resolution: Resolution) -> None:
    source = resolution.source_id
    if source is not None:
        found = linked.exiled_with(resolution.game, source, _EXILE_TEXT, by=resolution)
        resolution.game.gain_life(resolution.controller, len(found))


EXILE = ActivatedAbility(_EXILE_TEXT, cost("{T}"), _exile,
                         (TargetSpec("target card from a graveyard", objects(zones=(Zone.GRAVEYARD,))),))
"""The granted ability: one object, given by the warden's own ability and by the rod alike."""

WARDEN = card("Test Grave Warden", "{2}{B}", "Creature — Human Cleric", 2, 2,
              StaticAbility(f'This creature has "{_EXILE_TEXT}"', (gain(EXILE),), this_object()),
              ActivatedAbility("{0}: You gain 1 life for each card exiled with this creature.", cost("{0}"),
                               _gain_per_card))
"""Test: a creature whose printed ability gives it an exiling ability, with a printed ability referring to the
cards it exiled."""

ROD = card("Test Exile Rod", "{2}", "Artifact — Equipment",
           StaticAbility(f'Equipped creature has "{_EXILE_TEXT}"', (gain(EXILE),), attached_to_this()))
"""Test: an Equipment giving the same exiling ability to the equipped creature."""


@check("607.1a@20260116.0@dbb512e2", "607.1@20260116.0@9335d4d4", "607.2a@20260116.0@3c63b133")
def a_granted_ability_is_linked_only_when_the_object_grants_it(expect: Expect) -> None:
    """状況: Aは、自身の能力で「{T}：墓地にあるカード1枚を対象とし、それを追放する。」を持ち、「{0}：このクリーチャーによって追放された
    カード1枚につき1点のライフを得る。」が印刷されたテスト用クリーチャーをコントロールしている。それには、装備しているクリーチャーに
    同じ「{T}：…追放する。」を与えるテスト用装備品がついている。Bの墓地に《灰色熊》と《丘巨人》がある。
    行動: Aがクリーチャー自身の能力によって持つ追放の能力で熊を、アンタップしてから装備品が与えた追放の能力で丘巨人を追放し、
    そのあとライフを得る能力を起動する。
    結果: 印刷された能力によって持つ能力は印刷されたものとして扱うので、熊はライフの能力と関連した能力で追放されている。
    装備品が与えた能力は関連していない。Aは1点だけライフを得て21点になる。"""
    game = Game(["A", "B"])
    warden = game.place(WARDEN)
    rod = game.place(ROD)
    game.attach(rod, warden)
    bears = game.place(GRIZZLY_BEARS, Zone.GRAVEYARD, "B")
    giant = game.place(HILL_GIANT, Zone.GRAVEYARD, "B")
    listed = ability_instances.instances(game.view(warden))  # the order activate() numbers them in
    exiles = sorted((since, i) for i, (ability, since) in enumerate(listed) if ability is EXILE)
    expect.equal(len(exiles), 2, "クリーチャーは追放の能力を2つ持つ（自身の能力による1つと装備品による1つ）")
    (_, own), (_, granted) = exiles  # its own ability's effect is older than the rod's
    game.activate("A", warden, own, targets=[bears])
    game.resolve_stack()
    game.untap(warden)
    game.activate("A", warden, granted, targets=[giant])
    game.resolve_stack()
    expect.that(bears.id not in game.objects and giant.id not in game.objects, "熊と丘巨人はどちらも追放された")
    game.activate("A", warden, "{0}")
    game.resolve_stack()
    expect.equal(game.players["A"].life, 21, "関連しているのは自身の能力による追放だけ：Aは1点を得た")

