"""How much the layer oracle's differential tests (``tests/engine/test_layer_differential.py``)
notice: a longer search than the suite's for disagreements with the engine, then the engine
mutants of the areas the oracle covers (layers, dependency, continuous effects and durations,
timestamps, phasing, face-down objects, copies, attaching, triggers), each played through the
same boards: a mutant is caught when some board's answer differs from the oracle's.

    python -m bench.layer_oracle [BOARDS] [TRIGGER_BOARDS]

Boards are drawn by hypothesis, derandomized: the same code draws the same boards.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

AREAS = frozenset({"layers", "dependency", "continuous", "durations", "timestamps", "phasing", "facedown", "copies",
                   "parts", "attach", "triggers", "selectors", "characteristics", "counters"})


def _draw(strategy: Any, count: int) -> list[Any]:
    from hypothesis import HealthCheck, Phase, given, settings

    drawn: list[Any] = []

    @settings(max_examples=count, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(example: Any) -> None:
        drawn.append(example)

    collect()
    return drawn


def _wrong(play: Callable[[Any], list[str]], boards: Sequence[Any]) -> tuple[int, str]:
    """How many boards disagree, and the first disagreement (an exception counts as one)."""
    count, first = 0, ""
    for board in boards:
        try:
            found = play(board)
        except Exception as error:  # noqa: BLE001 (a mutant may break the engine in any way: that is caught too)
            found = [f"{type(error).__name__}: {error}"]
        if found:
            count += 1
            first = first or found[0]
    return count, first


def main(argv: Sequence[str]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))
    import test_layer_differential as differential

    from kb.checks.mutants import MUTANTS, applied

    boards = _draw(differential.boards, int(argv[0]) if argv else 300)
    trigger_boards = _draw(differential.trigger_boards, int(argv[1]) if len(argv) > 1 else 150)

    def play_layers(script: Any) -> list[str]:
        return differential.play(script)

    def play_triggers(drawn: Any) -> list[str]:
        return differential.play_look_back(*drawn)

    started = time.process_time()
    layer_wrong = _wrong(play_layers, boards)
    trigger_wrong = _wrong(play_triggers, trigger_boards)
    seconds = time.process_time() - started
    print(f"engine: {layer_wrong[0]} of {len(boards)} boards and {trigger_wrong[0]} of {len(trigger_boards)} "
          f"look-back boards disagree ({seconds:.1f} s CPU); refused: {differential.REFUSED}")
    for first in (layer_wrong[1], trigger_wrong[1]):
        if first:
            print("  ", first)
    chosen = [m for m in MUTANTS
              if any(str(getattr(owner, "__name__", getattr(owner, "__module__", ""))).rsplit(".", 1)[-1] in AREAS
                     for owner, _, _ in m.patches)]
    caught = 0
    for mutant in chosen:
        with applied(mutant):
            wrong = _wrong(play_layers, boards)[0] + _wrong(play_triggers, trigger_boards)[0]
        caught += wrong > 0
        print(f"{'caught' if wrong else 'MISSED'} {mutant.name} ({mutant.rule}): {wrong} boards")
    print(f"mutants of these areas caught: {caught} of {len(chosen)}")


if __name__ == "__main__":
    main(sys.argv[1:])
