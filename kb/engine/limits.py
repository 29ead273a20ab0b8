"""Every loop of the engine has a limit, and going past it raises :class:`RunawayLoop`
naming the loop: nothing is ever cut short quietly.

The limits are far above anything a legal game reaches; a scenario that hits one has found
either a genuine loop (an endless chain of triggers, a dependency the model cannot order) or
a bug.  ``LIMITS`` is a table so a test or a scenario can see them.
"""

from __future__ import annotations

from collections.abc import Iterator

from kb.engine.errors import RunawayLoop

LIMITS: dict[str, int] = {
    "state-based actions and triggers before priority (117.5, 704.3)": 1_000,
    "applying replacement effects to one event (616.1f)": 100,
    "applying the effects of one layer (613.8c)": 10_000,
    "passing priority until a step (500.2)": 100_000,
    "resolving the stack (608)": 10_000,
    "turns taken by one call": 1_000,
    "cleanup steps in one turn (514.3a)": 100,
    "combat damage steps (510.4)": 2,
    "declarations weighed for requirements (508.1d, 509.1c)": 100_000,
    "taking mulligans (103.5)": 100,
}


def bounded(loop: str) -> Iterator[int]:
    """Count the rounds of ``loop`` (a key of :data:`LIMITS`); raise past its limit."""
    limit = LIMITS[loop]
    yield from range(limit)
    raise RunawayLoop(loop, limit)
