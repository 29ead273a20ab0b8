"""``runner.many()`` and the collector: a build's frozen heap stays frozen after the checks."""

from __future__ import annotations

import gc

from kb.checks import runner


def test_many_leaves_a_frozen_heap_frozen_and_an_unfrozen_one_unfrozen() -> None:
    gc.unfreeze()
    try:
        with runner.many():
            assert gc.get_freeze_count() > 0  # the process's heap is out of the collector's way
        assert gc.get_freeze_count() == 0  # kb check: nothing kept frozen after the run

        held = [[n] for n in range(1000)]  # a build's stages: their work frozen until it ends
        gc.freeze()
        with runner.many():
            inside = gc.get_freeze_count()
            made = [[n] for n in range(1000)]
        # (objects frozen and then freed by their counts leave it: near, not equal)
        assert gc.get_freeze_count() > inside - 100, "the build's frozen work is frozen still"
        assert len(held) == len(made) == 1000
    finally:
        gc.unfreeze()
