"""The bench runner: a module listed before it exists is noted, a failing one reported."""

from __future__ import annotations

import sys
import types

import pytest

from bench.__main__ import MODULES, run_module


def test_every_area_is_listed_once() -> None:
    names = [name for name, _ in MODULES]
    assert len(names) == len(set(names))
    assert {"build", "scale"} <= set(names)


def test_a_module_not_written_yet_is_noted() -> None:
    section, ok = run_module("future", "bench.not_written_yet", quick=True)
    assert ok and "does not exist yet" in section and section.startswith("## future")


def test_a_failing_module_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("bench.broken_for_test")

    def run(quick: bool = False) -> str:
        raise ValueError("no data")

    module.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.broken_for_test", module)
    section, ok = run_module("broken", "bench.broken_for_test", quick=True)
    assert not ok and "ValueError: no data" in section
