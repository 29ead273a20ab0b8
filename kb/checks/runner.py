"""Running one check: pass, or fail with the claim that did not hold (or the engine's refusal)."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager

from kb.checks.expect import CheckFailed, Expect
from kb.checks.outcome import Outcome
from kb.checks.registry import Check
from kb.engine.errors import IllegalAction, NotModelled, UnscriptedChoice

__all__ = ["Outcome", "many", "run"]


def run(check: Check) -> Outcome:
    expect = Expect()
    started = time.perf_counter()
    try:
        check.function(expect)
    except CheckFailed as failure:
        return _outcome(check, False, f"違反: {failure}", expect, started)
    except IllegalAction as refusal:
        return _outcome(check, False, f"エンジンが場面に必要な行動を拒否した: {refusal}", expect, started)
    except NotModelled as missing:
        return _outcome(check, False, f"エンジンが扱えない概念: {missing.concept}", expect, started)
    except UnscriptedChoice as choice:
        return _outcome(check, False, f"場面が指定していない選択: {choice}", expect, started)
    except Exception as error:  # noqa: BLE001  (a broken engine fails the check, not the run)
        return _outcome(check, False, f"{type(error).__name__}: {error}", expect, started)
    if not expect.claims:
        return _outcome(check, False, "主張がひとつもない検査は何も示さない", expect, started)
    return _outcome(check, True, f"{len(expect.claims)} 件の主張がすべて成り立つ", expect, started)


def _outcome(check: Check, passed: bool, message: str, expect: Expect, started: float) -> Outcome:
    return Outcome(passed, message, tuple(expect.claims), time.perf_counter() - started)


@contextmanager
def many() -> Iterator[None]:
    """Around running many checks: what the process held before (a build's rule graph, its pages)
    is left out of the garbage collector's full collections meanwhile (``gc.freeze``).  Each
    check's game is a cycle of objects that only a full collection frees, and each full collection
    went through the whole process; it still frees every game.  What was frozen before stays frozen
    after (a build freezes each stage's work until it ends: unfreezing it all here had the next full
    collection, inside the checks stage, walk the whole build); otherwise nothing is kept frozen
    longer than the run (``gc.unfreeze`` after)."""
    frozen_before = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()
