"""The errors the game model raises.  Each says what went wrong in the game's own terms.

- :class:`NotModelled`: the scenario asks for something the model does not know (a concept,
  not a bug).  The model never answers such a question with a plausible default.
- :class:`IllegalAction`: the rules forbid what a player tried; the game is left as it was
  before the action was proposed (732, "Handling Illegal Actions").
- :class:`UnscriptedChoice`: the rules ask a player for a choice that changes the outcome and
  the scenario did not say what they choose (see :mod:`kb.engine.choices`).
- :class:`RunawayLoop`: a loop in the engine went past its limit; the message names the loop.
- :class:`ScenarioError`: bad input: an unknown card, keyword, type or a malformed cost.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the game model raises on purpose."""


class NotModelled(EngineError):
    """The model lacks ``concept``: the scenario cannot be played faithfully, so nothing is answered."""

    def __init__(self, concept: str) -> None:
        super().__init__(f"not modelled: {concept}")
        self.concept = concept


class IllegalAction(EngineError):
    """The rules forbid the action; ``rule`` names the rule that does, when one does."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(f"{reason} ({rule})" if rule else reason)
        self.reason = reason
        self.rule = rule


class UnscriptedChoice(EngineError):
    """A player must make a choice that matters and the scenario did not script it."""


class RunawayLoop(EngineError):
    """A loop of the engine went past its limit: a genuine non-termination, or a limit too low."""

    def __init__(self, loop: str, limit: int) -> None:
        super().__init__(f"{loop}: no end after {limit} rounds")
        self.loop = loop
        self.limit = limit


class ScenarioError(EngineError, ValueError):
    """Bad input from a scenario: an unknown card name, keyword, card type, mana symbol …"""
