"""What running one check gave: pass or fail, the message, the claims that held, the time.

Apart from :mod:`kb.checks.runner` (which imports the engine) so that a build taking the
outcomes from its cache reads them without importing the engine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    passed: bool
    message: str
    claims: tuple[str, ...]
    """The claims that held, in order (all of them when the check passed)."""
    seconds: float
