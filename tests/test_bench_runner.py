"""The bench runner: every listed area exists, and a failing one is reported, not fatal."""

from __future__ import annotations

import importlib
import sys
import types

import pytest

from bench.__main__ import MODULES, run_module


def test_every_area_is_listed_once_and_exists() -> None:
    names = [name for name, _ in MODULES]
    assert len(names) == len(set(names))
    assert {"build", "scale"} <= set(names)
    for _, module in MODULES:
        assert callable(importlib.import_module(module).run), module


def test_a_missing_module_is_a_failure() -> None:
    section, ok = run_module("gone", "bench.not_there", quick=True)
    assert not ok and "ModuleNotFoundError" in section and section.startswith("## gone")


def test_a_failing_module_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("bench.broken_for_test")

    def run(quick: bool = False) -> str:
        raise ValueError("no data")

    module.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.broken_for_test", module)
    section, ok = run_module("broken", "bench.broken_for_test", quick=True)
    assert not ok and "ValueError: no data" in section
