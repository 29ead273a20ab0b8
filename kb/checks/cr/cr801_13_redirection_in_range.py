"""Redirection under the limited range of influence option (801.13a): a replacement effect that would
have a spell deal damage outside its controller's range does nothing for that part."""

from __future__ import annotations

from kb.checks.cards import real
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import give_mana, in_hand
from kb.engine import (
    Game,
    Resolution,
    SpellAbility,
    UntilEndOfTurn,
    any_target,
    card,
    influence,
    target_player,
)
from kb.engine.redirection import Redirect
from kb.engine.targets import TargetSpec


def _lava_axe(resolution: Resolution) -> None:
    chosen = resolution.targets(0)
    if chosen and resolution.source_id is not None:
        resolution.game.deal_damage(resolution.source_id, chosen[0], 5)


LAVA_AXE = real("溶岩の斧", card("Lava Axe", "{4}{R}", "Sorcery", spell=SpellAbility(
    "Lava Axe deals 5 damage to target player or planeswalker.", _lava_axe, (target_player(),))))
"""溶岩の斧: 5 damage to a player (its planeswalker target is left out: no check here needs it)."""


def _maneuver(resolution: Resolution) -> None:
    protected, to = resolution.targets(0), resolution.targets(1)
    if protected and to:
        redirect = Redirect(resolution.x, protected[0], to[0])
        resolution.create_effect("the next X damage is dealt to another target instead", duration=UntilEndOfTurn(),
                                 replacements=[redirect.replacement(
                                     "The next X damage that would be dealt to it this turn is dealt to another "
                                     "target instead.")])


CAPTAINS_MANEUVER = real("艦長の操艦", card("Captain's Maneuver", "{X}{R}{W}", "Instant", spell=SpellAbility(
    "The next X damage that would be dealt to target creature, planeswalker, or player this turn is dealt to another "
    "target creature, planeswalker, or player instead.", _maneuver,
    (any_target(), TargetSpec("another target creature, planeswalker, or player", any_target().objects, "any",
                              other=True)))))
"""艦長の操艦: the next X damage to one target this turn is dealt to another target instead."""


@check("801.13a@20260116.0@c9fdd5e8", "614.9@20260116.0@a609f93f", "801.10@20260116.0@085a7c99",
       example="801.13a#1@a7dc8d72")
def redirected_damage_outside_the_range_does_nothing(expect: Expect) -> None:
    """状況: Alex、Rob、Carissaの順に座る多人数戦でAlexのターン。1つ目のゲームは影響範囲を限定しない3人戦。2つ目のゲームは
    さらに2人を加えた影響範囲1席の5人戦で、CarissaはRobの影響範囲内だが、Alexの影響範囲外にいる。
    行動: AlexがRobを対象に《溶岩の斧》（5点）を唱える。それに対応して、RobがX=3で、Rob自身を1つ目の対象、Carissaを2つ目の
    対象にして《艦長の操艦》を唱える。
    結果: 1つ目のゲームでは、溶岩の斧はRobに2点、Carissaに3点を与える。2つ目のゲームでは、Carissaに与えられるはずの3点は
    Alexの影響範囲外なので何もせず、Robが2点を受け、Carissaはダメージを受けない。"""
    for players, limited in ((["Alex", "Rob", "Carissa"], False), (["Alex", "Rob", "Carissa", "D", "E"], True)):
        game = Game(players)
        if limited:
            influence.limit_range(game, 1)
        axe = in_hand(game, LAVA_AXE, "Alex")
        give_mana(game, "Alex", "{4}{R}")
        game.cast("Alex", axe, targets=["Rob"])
        maneuver = in_hand(game, CAPTAINS_MANEUVER, "Rob")
        give_mana(game, "Rob", "{3}{R}{W}")
        game.pass_priority_to("Rob")
        game.cast("Rob", maneuver, targets=["Rob", "Carissa"], x=3)
        game.resolve_stack()
        lives = (game.players["Rob"].life, game.players["Carissa"].life)
        if limited:
            expect.equal(lives, (18, 20), "影響範囲外のCarissaへの3点は何もせず、Robが2点を受けた")
        else:
            expect.equal(lives, (18, 17), "溶岩の斧はRobに2点、Carissaに3点を与えた")
