"""Engine mutants for the machinery rules the mach8 checks reach: each breaks one rule.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kb.checks.mutants import Mutant
from kb.engine import libraries, targets


def _in_printed_order(specs: Sequence[Any]) -> list[int]:
    return list(range(len(specs)))


def _top_with_entering(game: Any, player: Any, count: int) -> list[Any]:
    library = game.players[player].library
    return list(reversed(library[-count:])) if count > 0 else []


MUTANTS: tuple[Mutant, ...] = (
    Mutant("targets-in-printed-order", "601.6b", "the targets of a spell or ability are announced in printed order, "
           "an opponent's choice before its controller's", ((targets, "announcing_order", _in_printed_order),)),
    Mutant("library-top-includes-entering", "614.13c", "a card entering the battlefield from the library is among "
           "the top cards another replacement effect exiles or mills", ((libraries, "top", _top_with_entering),)),
)
