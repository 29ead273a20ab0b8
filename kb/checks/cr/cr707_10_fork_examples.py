"""Copying a modal spell with an exception and new targets (707.10's first example): the copy has the
exception's colour, the original's mode, and the targets its controller chose for it."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    UntilEndOfTurn,
    card,
    permanents,
    spell_copies,
    spells,
    target,
    target_creature,
    target_spell,
    targets,
)
from kb.engine.choices import Choice
from kb.engine.copies import except_it_is
from kb.engine.mana import Color
from kb.engine.modes import Mode, chosen_modes, modal
from kb.engine.parts import lose


def _untap(resolution: Resolution, mine: tuple[int, ...]) -> None:
    for chosen in resolution.targets(mine[0]):
        if isinstance(chosen, int):
            resolution.game.untap(chosen)


def _destroy(resolution: Resolution, mine: tuple[int, ...]) -> None:
    for chosen in resolution.targets(mine[0]):
        if isinstance(chosen, int):
            resolution.game.destroy(chosen)


def _loses_flying(resolution: Resolution, mine: tuple[int, ...]) -> None:
    for chosen in resolution.targets(mine[0]):
        resolution.create_effect("loses flying until end of turn", [lose("flying")], [chosen], UntilEndOfTurn())


EMERALD_CHARM = real("エメラルドの魔除け", card("Emerald Charm", "{G}", "Instant", spell=modal(
    "Choose one —",
    Mode("Untap target permanent.", _untap, (target(permanents()),)),
    Mode("Destroy target non-Aura enchantment.", _destroy,
         (target(permanents("Enchantment", not_subtypes=["Aura"]), "target non-Aura enchantment"),)),
    Mode("Target creature loses flying until end of turn.", _loses_flying, (target_creature(),)))))
"""エメラルドの魔除け: choose one — untap a permanent; destroy a non-Aura enchantment; a creature loses
flying until end of turn."""


def _fork(resolution: Resolution) -> None:
    game = resolution.game
    chosen = resolution.target
    original = next((s for s in game.stack if s.spell == chosen), None)
    if original is None or original.spell is None:
        return
    new_targets = None
    if original.specs and game.choices.ask(Choice(ChoiceKind.MAY, resolution.controller,
                                                  "choose new targets for the copy?", (True, False))):
        picked = targets.choose(game, original.specs, resolution.controller, game.view(original.spell), None)
        new_targets = [group[0] if len(group) == 1 else group for group in picked or ()]
    spell_copies.copy_spell(game, original, resolution.controller, new_targets=new_targets,
                            changes=except_it_is(colors=frozenset({Color.RED})))


FORK = card("Test Fork", "{R}{R}", "Instant", spell=SpellAbility(
    "Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for the copy.",
    _fork, (target_spell(spells("Instant") | spells("Sorcery")),)))
"""Test: an instant standing in for Fork (no official Japanese name), "Copy target instant or sorcery
spell, except that the copy is red.  You may choose new targets for the copy"."""


@check("707.10@20260116.0@85fe7dea", "707.10c@20260116.0@1be4a9e5", "700.2g@20260116.0@c0671310",
       "707.9b@20260116.0@8dc2d984", example="707.10#1@543c0d3d")
def a_red_copy_of_emerald_charm_keeps_its_mode(expect: Expect) -> None:
    """状況: Bは飛行を持つ《風のドレイク》を2体コントロールしている。Aの手札に《エメラルドの魔除け》（モードを持つ緑の
    インスタント）と、「インスタントかソーサリーである呪文1つを対象とする。それを、コピーが赤であることを除いてコピーする。
    あなたはそのコピーの新しい対象を選んでもよい」というテスト用のインスタント（Forkにあたる）がある。
    行動: Aが1体目のドレイクを対象に「クリーチャー1体はターン終了時まで飛行を失う」のモードで魔除けを唱え、それを対象にテスト用の
    インスタントを唱える。それが解決し、Aはコピーの新しい対象に2体目のドレイクを選ぶ。
    結果: 魔除けのコピーがスタックに積まれる。コピーは緑ではなく赤で、元の魔除けと同じモードを持ち、新しい対象の2体目のドレイクを
    対象にしている。コピーと元の魔除けが解決し、2体のドレイクはどちらも飛行を失う。"""
    game = Game(["A", "B"])
    first = game.place(cards.WIND_DRAKE, player="B")
    second = game.place(cards.WIND_DRAKE, player="B")
    charm = in_hand(game, EMERALD_CHARM)
    fork = in_hand(game, FORK)
    give_mana(game, "A", "{G}{R}{R}")
    game.choices.script(ChoiceKind.MODE, [2], player="A")
    charm_item = game.cast("A", charm, targets=[first])
    game.cast("A", fork, targets=[charm_item])
    game.choices.script(ChoiceKind.MAY, True, player="A")
    game.choices.script(ChoiceKind.TARGETS, second, player="A")
    game.resolve_top()
    copy = game.stack[-1]
    expect.that(copy.spell != charm_item and copy.spell is not None, "魔除けのコピーがスタックに積まれた")
    assert copy.spell is not None
    expect.equal(game.view(copy.spell).colors, frozenset({Color.RED}), "コピーは緑ではなく赤")
    expect.equal(chosen_modes(game.objects[copy.spell]), (2,), "コピーは元の魔除けと同じモード")
    expect.equal(copy.targets, ((second.id,),), "コピーの対象は新しく選んだ2体目のドレイク")
    game.resolve_stack()
    expect.that(not game.view(first).has("flying") and not game.view(second).has("flying"),
                "コピーと元の魔除けが解決し、2体のドレイクはどちらも飛行を失った")
