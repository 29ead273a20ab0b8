"""Coverage cannot silently drop: ``kb check --json`` on a build with the shared CR reaches at
least the figures of :data:`FLOORS` (issue 12).

Raise a floor when your checks raise the figure (to what ``kb check --json`` reports, under
``coverage``); when merging branches, keep the higher of each line.  Nothing else in this file
needs to change."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from kb.cli import main

FLOORS = {
    "rules with a passing check": 1817,  # coverage.all.passing, of the CR's 2852 rules with text
    "examples": 260,                    # coverage.examples.covered, of 277
    "keyword defining subrules": 253,    # coverage.keywords.defining.covered, of 253
    "keyword behaviour subrules": 467,  # coverage.keywords.behaviour_subrules.covered, of 467
    "500–514": 146,                     # coverage.chapters[…].covered: turn structure, of 146
    "506–511": 102,                     # combat, of 102
    "601–608": 166,                     # casting, activating, triggers, resolving, of 168
    "611–616": 126,                     # continuous, replacement, prevention effects, of 126
    "704": 39,                          # state-based actions, of 39
    "117": 20,                          # timing and priority, of 20
}


def figures(coverage: dict[str, Any]) -> dict[str, int]:
    """The figures FLOORS names, read from ``coverage`` of ``kb check --json``."""
    found = {
        "rules with a passing check": coverage["all"]["passing"],
        "examples": coverage["examples"]["covered"],
        "keyword defining subrules": coverage["keywords"]["defining"]["covered"],
        "keyword behaviour subrules": coverage["keywords"]["behaviour_subrules"]["covered"],
    }
    found.update({span["chapters"]: span["covered"] for span in coverage["chapters"]})
    return found


@pytest.fixture(scope="module")
def coverage(search_full_build: Path) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["check", "--json", "--build", str(search_full_build)]) == 0
    data: dict[str, Any] = json.loads(out.getvalue())["coverage"]
    return data


def test_coverage_reaches_the_floors(coverage: dict[str, Any]) -> None:
    reached = figures(coverage)
    assert set(FLOORS) <= set(reached), set(FLOORS) - set(reached)
    below = {name: (reached[name], floor) for name, floor in FLOORS.items() if reached[name] < floor}
    assert below == {}, f"coverage dropped below its floor (reached, floor): {below}"


def test_the_figures_add_up(coverage: dict[str, Any]) -> None:
    examples = coverage["examples"]
    assert examples["total"] == 277 and examples["unknown"] == []
    assert examples["covered"] + len(examples["rest"]) == examples["total"]
    assert all(row["reason"] for row in examples["rest"])
    keywords = coverage["keywords"]["defining"]
    assert keywords["total"] == 253 and keywords["covered"] + len(keywords["missing"]) == 253
    assert [span["chapters"] for span in coverage["chapters"]] == [
        "500–514", "506–511", "601–608", "611–616", "704", "117"]
    assert all(span["covered"] + len(span["missing"]) == span["rules"] for span in coverage["chapters"])
    assert coverage["all"]["rules"] == 2852 and coverage["not_in_cr"] == []
    drift = coverage["catalog_drift"]
    assert all(not values for part in drift.values() for values in part.values()), drift
