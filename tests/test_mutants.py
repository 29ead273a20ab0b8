"""Checks that can fail: every engine mutant breaks at least one check, and no check is left
that no mutant breaks."""

from __future__ import annotations

import pytest

from kb.checks import mutants
from kb.checks.mutants import MUTANTS, Mutant, MutantRun, applied, run_mutants, unbroken
from kb.checks.registry import all_checks
from kb.checks.runner import run
from kb.engine import layers, phasing

CHECKS = all_checks()
REQUIRED = {"phased-out-exists", "no-indirect-phasing", "face-down-keeps-name", "reverse-timestamps",
            "fixed-set-reevaluated", "face-up-uses-stack"}
"""The mutants the issue names."""


def test_the_issue_s_mutants_are_there_and_names_are_unique() -> None:
    names = [m.name for m in MUTANTS]
    assert set(names) >= REQUIRED
    assert len(set(names)) == len(names)


@pytest.fixture(scope="module")
def runs() -> dict[str, MutantRun]:
    return {r.mutant.name: r for r in run_mutants(CHECKS)}


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_breaks_a_check(mutant: Mutant, runs: dict[str, MutantRun]) -> None:
    broken = runs[mutant.name].broken
    assert broken, f"no check notices {mutant.name}: {mutant.description}"
    cited = {str(n) for c in CHECKS if c.id in broken for n in c.rules}
    assert any(n.startswith(mutant.rule) for n in cited), \
        f"{mutant.name} breaks {mutant.rule} but only checks of {sorted(cited)} noticed"


def test_every_check_is_broken_by_some_mutant(runs: dict[str, MutantRun]) -> None:
    assert [c.id for c in unbroken(CHECKS, list(runs.values()))] == []


def test_mutants_are_undone_even_when_a_check_raises() -> None:
    original_exists, original_order = phasing.exists, layers.order_in_layer
    mutant = next(m for m in MUTANTS if m.name == "phased-out-exists")
    with pytest.raises(RuntimeError), applied(mutant):
        assert phasing.exists is not original_exists
        raise RuntimeError
    assert phasing.exists is original_exists and layers.order_in_layer is original_order
    assert all(run(c).passed for c in CHECKS)


def test_mutant_functions_live_in_the_mutants_module() -> None:
    for mutant in MUTANTS:
        for _, _, replacement in mutant.patches:
            function = getattr(replacement, "fget", replacement)
            assert function.__module__ == mutants.__name__, mutant.name
