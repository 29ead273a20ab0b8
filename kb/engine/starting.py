"""Starting the game (103): shuffling, starting life, opening hands and mulligans, and what cards
in an opening hand may do.

Set a game up with ``Game(players, library=0, step=Step.UNTAP)``, put each player's deck in their
library, then :func:`begin_game`: the libraries are shuffled (103.3), every player's life total
becomes the starting life total (103.4), each draws their opening hand (103.5) and may take
mulligans — first the starting player decides, then the others in turn order, and those who
chose to mulligan do it at the same time; it repeats until no one does (103.5).  A mulligan
shuffles the hand into the library, draws a new hand and puts as many of its cards on the bottom
as mulligans the player took — the first not counted in a multiplayer game (103.5c).  Then, in
turn order, players may use what their opening hands allow (103.6).  The starting player's first
turn begins next (103.8).  Before the decks are shuffled, cards in them act as
:mod:`kb.engine.before_the_game` says (607.2n, 607.2p).

Shuffling is random (103.3): the model draws its order from a seeded random generator, and no
check may depend on which order it gave.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from kb.engine import before_the_game
from kb.engine.abilities import StaticAbility
from kb.engine.basics import PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import NotModelled, ScenarioError
from kb.engine.events import Cause, Revealed

if TYPE_CHECKING:
    from kb.engine.game import Game

STARTING_LIFE = 20
"""103.4 (variants differ: 103.4a-e)."""
OPENING_HAND = 7
"""103.5."""


@dataclass(frozen=True, eq=False)
class OpeningHandAbility(StaticAbility):
    """"If this card is in your opening hand, you may begin the game with it on the battlefield"
    (``"battlefield"``, 103.6a) or "… you may reveal it" (``"reveal"``, 103.6b)."""

    action: Literal["battlefield", "reveal"] = "battlefield"


def begin_on_battlefield(text: str = "If this card is in your opening hand, you may begin the game with it on "
                                     "the battlefield.") -> OpeningHandAbility:
    return OpeningHandAbility(text, zones=frozenset({Zone.HAND}), action="battlefield")


def reveal_from_opening_hand(text: str) -> OpeningHandAbility:
    return OpeningHandAbility(text, zones=frozenset({Zone.HAND}), action="reveal")


def shuffle(game: Game, player: PlayerId, rng: random.Random) -> None:
    """Put ``player``'s library in a random order (103.3, 701.24a)."""
    library = game.players[player].library
    rng.shuffle(library)
    game.touch()


def begin_game(game: Game, *, seed: int = 0, starting_life: int = STARTING_LIFE,
               hand_size: int = OPENING_HAND) -> None:
    """Do 103.3-103.6 for a game set up just before its first turn (``step=Step.UNTAP``)."""
    from kb.engine import actions

    if game.turn_state.step is not None or game.turn_state.phase is not None:
        raise ScenarioError("begin_game needs a game set up before its first turn: Game(..., step=Step.UNTAP)")
    from kb.engine import command

    if any(p.shares_life for p in game.players.values()):
        raise NotModelled("starting a Two-Headed Giant game: team mulligans and the first draw (805.3a, 810.6)")
    rng = random.Random(seed)
    order = game.apnap()  # the starting player first, then in turn order (103.1, 101.4e)
    command.start_game(game)  # vanguards and conspiracies get their timestamps (613.7i-j)
    for player in order:
        before_the_game.before_shuffle(game, player)  # 607.2n, 607.2p
    for player in order:
        shuffle(game, player, rng)  # 103.3
    for player in order:
        game.players[player].life = starting_life + vanguard_modifier(game, player, "life")  # 103.4, 103.4b
    sizes = {p: hand_size + vanguard_modifier(game, p, "hand") for p in order}  # 103.5, 103.5a
    for player in order:
        actions.draw(game, player, sizes[player])
    _mulligans(game, order, sizes, rng)
    for player in order:
        _opening_hand_actions(game, player)  # 103.6


def vanguard_modifier(game: Game, player: PlayerId, which: str) -> int:
    """The hand or life modifier of the vanguard ``player`` owns in the command zone (211.1, 212.1,
    313.6, 313.7); 0 without one."""
    from kb.engine.cardtypes import CardType

    total = 0
    for obj in game.in_zone(Zone.COMMAND, player):
        printed = obj.printed
        if CardType.VANGUARD in printed.types:
            total += (printed.hand_modifier if which == "hand" else printed.life_modifier) or 0
    return total


def mulligans_counted(game: Game, taken: int) -> int:
    """How many of ``taken`` mulligans count: in a multiplayer game the first is free (103.5c)."""
    return max(0, taken - 1) if len(game.turn_order) > 2 else taken


def _mulligans(game: Game, order: list[PlayerId], sizes: dict[PlayerId, int], rng: random.Random) -> None:
    from kb.engine import actions
    from kb.engine.limits import bounded

    taken = dict.fromkeys(order, 0)
    kept: set[PlayerId] = set()
    for _ in bounded("taking mulligans (103.5)"):
        deciding = [p for p in order if p not in kept and mulligans_counted(game, taken[p]) < sizes[p]]
        going = []
        for player in deciding:  # the starting player decides first, then the others in turn order
            if game.choices.ask(Choice(ChoiceKind.MULLIGAN, player, "take a mulligan?", (True, False))):
                going.append(player)
            else:
                kept.add(player)
        if not going:
            return
        for player in going:  # at the same time
            hand = game.hand(player)
            from kb.engine import zones

            zones.move_all(game, hand, Zone.LIBRARY, cause=Cause.RULES)
            shuffle(game, player, rng)
            actions.draw(game, player, sizes[player])
            taken[player] += 1
            _bottom(game, player, mulligans_counted(game, taken[player]))
    raise AssertionError("unreachable")


def _bottom(game: Game, player: PlayerId, count: int) -> None:
    """Put ``count`` cards from the new hand on the bottom of the library, in the order chosen."""
    if count <= 0:
        return
    from kb.engine import zones

    hand = game.hand(player)
    chosen = game.choices.ask(Choice(
        ChoiceKind.PUT_ON_BOTTOM, player, f"put {count} card(s) from your hand on the bottom of your library",
        matters=len({c.card for c in hand}) > 1, default=hand[:count],
        accepts=lambda v: isinstance(v, (list, tuple)) and len(set(v)) == count and all(c in hand for c in v)))
    assert isinstance(chosen, (list, tuple))
    for picked in chosen:
        zones.move(game, picked, Zone.LIBRARY, cause=Cause.RULES, to_bottom=True)


def _opening_hand_actions(game: Game, player: PlayerId) -> None:
    from kb.engine import zones

    for obj in list(game.hand(player)):
        ability = next((a for a in obj.printed.abilities if isinstance(a, OpeningHandAbility)), None)
        if ability is None or obj.id not in game.objects:
            continue
        if not game.choices.ask(Choice(ChoiceKind.MAY, player, ability.text, (True, False))):
            continue
        if ability.action == "battlefield":
            zones.move(game, obj, Zone.BATTLEFIELD, controller=player, cause=Cause.RULES)  # 103.6a
        else:
            game.emit(Revealed(obj.id, obj.card.name, "revealed from an opening hand (103.6b)"))
