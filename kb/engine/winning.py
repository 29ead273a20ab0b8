"""Effects that stop a player winning or losing the game (104.2b, 104.3, 810.8a): "you can't lose
the game", "you don't lose the game for having 0 or less life", "your opponents can't win the game".

Losing is the proposed event :class:`~kb.engine.replacement.LoseGame` and winning by an effect is
:class:`WinGame`; such an effect is a replacement that lets the event happen as nothing.  A player
who can't lose also doesn't leave the game for that reason; a concession can't be stopped
(104.3a): it is never proposed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kb.engine.basics import PlayerId
from kb.engine.replacement import LoseGame, Proposed, Replacement, ReplacementContext

ZERO_LIFE = "0 or less life"
"""The reason state-based action 704.5a gives (sba._lose_at_zero_life)."""


@dataclass(frozen=True)
class WinGame(Proposed):
    """``player`` would win the game by an effect (104.2b)."""

    player: PlayerId


def _nothing(context: ReplacementContext, event: Any) -> None:
    return None


def cant_lose(reason: str | None = None, text: str = "You can't lose the game.") -> Replacement:
    """"You can't lose the game" (``reason`` None) or "you don't lose the game for [reason]": a player
    who would lose for that reason and another at once still loses (704.7)."""
    return Replacement(text, LoseGame, lambda c, lose: lose.player == c.context.player("you")
                       and (reason is None or set(lose.reason.split("; ")) == {reason}), _nothing)


def opponents_cant_win(text: str = "Your opponents can't win the game.") -> Replacement:
    def applies(context: ReplacementContext, win: WinGame) -> bool:
        return win.player in context.game.opponents(context.context.player("you"))

    return Replacement(text, WinGame, applies, _nothing)


__all__ = ["ZERO_LIFE", "WinGame", "cant_lose", "opponents_cant_win"]
