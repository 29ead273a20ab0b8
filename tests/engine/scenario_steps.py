"""Steps shared by the engine's scenario files: what a scenario does between its actions."""

from __future__ import annotations

from collections.abc import Sequence

from kb.engine import Filter, Game, GameObject, LayerPart, UntilEndOfTurn


def settle(game: Game) -> None:
    """State-based actions and triggers as a player would receive priority, then an empty stack."""
    game.refresh_priority()
    game.resolve_stack()


def until_eot(game: Game, text: str, parts: Sequence[LayerPart], affected: Filter | Sequence[GameObject],
              player: str = "A") -> None:
    """Stand in for a resolved spell or ability: ``parts`` on ``affected`` until end of turn (611.2)."""
    game.create_effect(text, parts, affected, UntilEndOfTurn(), controller=player)
