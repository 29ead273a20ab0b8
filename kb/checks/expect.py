"""What a check asserts: each claim is a sentence the site shows, and the first false one fails."""

from __future__ import annotations

from collections.abc import Callable

from kb.engine.errors import IllegalAction


class CheckFailed(AssertionError):
    """A claim of a check did not hold: the engine disagrees with what the rule says."""


class Expect:
    """Handed to every check.  ``that`` and ``equal`` record a claim or fail with it."""

    def __init__(self) -> None:
        self.claims: list[str] = []

    def that(self, condition: bool, claim: str) -> None:
        if not condition:
            raise CheckFailed(claim)
        self.claims.append(claim)

    def equal(self, actual: object, expected: object, claim: str) -> None:
        if actual != expected:
            raise CheckFailed(f"{claim}: {expected!r} のはずが {actual!r}")
        self.claims.append(claim)

    def refused(self, action: Callable[[], object], claim: str) -> IllegalAction:
        """The engine must refuse ``action`` (raise IllegalAction); returns its reason."""
        try:
            action()
        except IllegalAction as refusal:
            self.claims.append(claim)
            return refusal
        raise CheckFailed(f"{claim}: ところがエンジンは許した")
