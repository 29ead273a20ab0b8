"""Loops (731.3-731.5, 104.4b): the same game state reached again and again.

A *game state* here is what the players can see of the game: every object's zone, controller,
characteristics as they are now (613), statuses, counters, damage and attachment; each player's
life, counters and mana pool; the stack (what each object on it is, its source and targets); the
turn, phase and step.  Two moments with the same state are the same state even if the effects
that made them differ (a creature that gained flying and then lost it has the state it had
before: 731.3's example).

- **A loop of mandatory actions** (731.4, 104.4b): the stack resolves and the same state comes
  back with nothing in between but players passing priority and the mandatory results of the
  objects on the stack; no optional choice was asked.  The game is a draw.  No player is forced
  to end it with an action not called for by the objects in the loop (731.5): passing priority
  keeps it going, and the draw follows.  With the limited range of influence option the draw is
  for some players only (104.4f): that raises :class:`NotModelled`.
- **A fragmented loop** (731.3): players involved each take an independent action (activating an
  ability) and the state the first of them acted in comes back.  The active player (or, if they
  aren't involved, the first involved player in turn order) must make a different game choice:
  that player repeating the same action from the same state is refused.  The other players may
  repeat theirs, so the last of them has the final say.

What a player does is followed for activated abilities (:func:`before_action`,
:func:`after_action`, called by ``activating.activate``); a fragmented loop made of spells cast
again and again isn't looked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.basics import PlayerId
from kb.engine.choices import ChoiceKind
from kb.engine.errors import IllegalAction, NotModelled
from kb.engine.events import Event, TurnBegan

if TYPE_CHECKING:
    from kb.engine.game import Game

StateKey = tuple[object, ...]

WATCH_AFTER = 32
"""How many objects resolve in one run of passes before the states are watched for a mandatory
loop: a loop goes on for ever, so it is still found, and ordinary play pays nothing."""


@dataclass(frozen=True, eq=False)
class ActionTaken(Event):
    """A player took an action while holding priority (activated ``action``), in the state ``state``."""

    player: PlayerId
    action: tuple[object, ...]
    state: StateKey


@dataclass(frozen=True, eq=False)
class GameDrawn(Event):
    """The game is a draw (104.4)."""

    reason: str


def state_key(game: Game) -> StateKey:
    """The game state as the players see it (see the module's docstring)."""
    objects = []
    for obj in sorted(game.objects.values(), key=lambda o: o.id):
        view = game.view(obj.id)
        objects.append((obj.id, view.zone, view.owner, view.controller, view.name, view.pt,
                        tuple(sorted(view.types)), tuple(sorted(view.subtypes)), tuple(sorted(view.colors)),
                        tuple(getattr(a, "text", None) or repr(a) for a in view.abilities), view.status,
                        tuple(sorted(view.counters.items())), view.damage, view.attached_to))
    players = tuple((p.name, p.life, tuple(sorted((k, len(v) if hasattr(v, "__len__") else v)
                                                  for k, v in p.counters.items())),
                     repr(p.mana), p.lost, p.left) for p in game.players.values())
    stack = tuple((item.text, item.controller, item.spell, item.source_id, repr(item.targets))
                  for item in game.stack)
    state = game.turn_state
    return (state.number, state.active, state.phase, state.step, tuple(objects), players, stack)


# -- 731.3: fragmented loops ------------------------------------------------------------------------------


def _this_turn(game: Game) -> list[ActionTaken]:
    taken: list[ActionTaken] = []
    for event in reversed(game.log):
        if isinstance(event, TurnBegan):
            break
        if isinstance(event, ActionTaken):
            taken.append(event)
    return taken[::-1]


def _must_change(game: Game, involved: set[PlayerId]) -> PlayerId:
    """731.3: the active player if involved, else the first involved player in turn order."""
    if game.active in involved:
        return game.active
    order = game.apnap()
    return next(p for p in order if p in involved)


def before_action(game: Game, player: PlayerId, action: tuple[object, ...]) -> StateKey:
    """Before ``player`` takes ``action``: refuse it if it would continue a fragmented loop that
    ``player`` must break (731.3).  Returns the state the action is taken in."""
    key = state_key(game)
    taken = _this_turn(game)
    for at, earlier in enumerate(taken):
        if earlier.player != player or earlier.action != action or earlier.state != key:
            continue
        involved = {e.player for e in taken[at:]}
        if len(involved) < 2:
            continue  # one player repeating an action alone: a shortcut (731.2), not a fragmented loop
        if _must_change(game, involved) == player:
            raise IllegalAction(f"{player} is back in a state they took this action in, each involved player "
                                f"acting in turn: a fragmented loop, which {player} must break with a "
                                f"different game choice", "731.3")
    return key


def after_action(game: Game, player: PlayerId, action: tuple[object, ...], key: StateKey) -> None:
    """Remember that ``player`` took ``action`` in the state ``key``."""
    game.log.append(ActionTaken(player, action, key))


# -- 731.4, 104.4b: loops of mandatory actions ---------------------------------------------------------------


OPTIONAL = frozenset({ChoiceKind.MAY, ChoiceKind.PAY})
"""Choices that make a loop one with an optional action (104.4b): "you may", paying or not."""


@dataclass
class Watch:
    """Watches a run of passes that resolves the stack for a state coming back (731.4)."""

    game: Game
    resolved: int = 0
    seen: dict[StateKey, int] | None = None

    def after_pass(self, stack_before: int, top_before: int | None) -> bool:
        """After a pass: True if the stack resolved into a state seen before in this run, with no
        optional choice asked since (a loop of mandatory actions)."""
        game = self.game
        top = game.stack[-1].id if game.stack else None
        if len(game.stack) == stack_before and top == top_before:
            return False  # nothing resolved: a player passed and the next one holds priority
        self.resolved += 1
        if self.resolved < WATCH_AFTER:
            return False
        asked = sum(1 for choice, _ in game.choices.asked if choice.kind in OPTIONAL)
        key = (state_key(game), game.priority)
        if self.seen is None:
            self.seen = {}
        if self.seen.get(key) == asked:
            return True
        self.seen[key] = asked
        return False


def draw_by_loop(game: Game) -> None:
    """A loop of mandatory actions: the game is a draw (731.4, 104.4b)."""
    if game.limited_range:
        raise NotModelled("a loop's draw for some players only, with the limited range of influence option (104.4f)")
    game.over = True
    game.winners = []
    game.turn_state.priority = None
    game.emit(GameDrawn("a loop of mandatory actions (731.4, 104.4b)"))


__all__ = [
    "OPTIONAL",
    "WATCH_AFTER",
    "ActionTaken",
    "GameDrawn",
    "StateKey",
    "Watch",
    "after_action",
    "before_action",
    "draw_by_loop",
    "state_key",
]
