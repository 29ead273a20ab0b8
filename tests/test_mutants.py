"""Checks that can fail: every engine mutant breaks a check about its rule, every check is broken
by some mutant, and every entry of the engine's rule tables has its mutant."""

from __future__ import annotations

import pytest

from kb.checks import mutants
from kb.checks.mutants import MUTANTS, Audit, Mutant, _relevance, applied, audit
from kb.checks.registry import all_checks
from kb.checks.runner import run
from kb.engine import (
    combat,
    damage,
    keyword_abilities,
    layers,
    phasing,
    sba,
    targets,
    triggers,
    turn,
)

CHECKS = all_checks()
BY_ID = {c.id: c for c in CHECKS}
REQUIRED = {"ignore-dependencies", "affected-set-per-layer", "forget-look-back", "state-based-actions-one-at-a-time",
            "replacement-applies-twice", "statics-after-layer-6", "phased-out-exists", "no-indirect-phasing",
            "face-down-keeps-name", "reverse-timestamps", "resolved-sets-not-fixed", "face-up-uses-stack",
            "permission-judged-face-up"}
"""The mutants the issues name: the engine mistakes the model must never make again."""


def test_required_mutants_are_there_and_names_are_unique() -> None:
    names = [m.name for m in MUTANTS]
    assert set(names) >= REQUIRED
    assert len(set(names)) == len(names)


def test_every_table_entry_has_a_mutant() -> None:
    tables = {m.table for m in MUTANTS if m.table}
    assert len([m for m in MUTANTS if m.table == "sba.STATE_BASED_ACTIONS"]) == \
        sum(1 for e in sba.STATE_BASED_ACTIONS if e.modelled)
    assert len([m for m in MUTANTS if m.table == "turn.TURN_BASED_ACTIONS"]) == \
        sum(len(v) for v in turn.TURN_BASED_ACTIONS.values())
    assert len([m for m in MUTANTS if m.table == "turn.ENDING_ACTIONS"]) == \
        sum(len(v) for v in turn.ENDING_ACTIONS.values())
    for owner, name in ((combat, "BLOCK_RESTRICTIONS"), (combat, "ATTACK_RESTRICTIONS"), (damage, "DAMAGE_KEYWORDS"),
                        (targets, "TARGETING"), (keyword_abilities, "KEYWORD_TRIGGERED"),
                        (keyword_abilities, "KEYWORD_STATIC"), (keyword_abilities, "KEYWORD_ACTIVATED")):
        table = f"{owner.__name__.rsplit('.', 1)[-1]}.{name}"
        assert table in tables
        assert len([m for m in MUTANTS if m.table == table]) == len(getattr(owner, name))
    assert len([m for m in MUTANTS if m.table == "triggers.LOOK_BACK"]) == \
        len(triggers.LOOK_BACK) - len(mutants.UNCHECKED_LOOK_BACK)
    assert len([m for m in MUTANTS if m.table and m.table.startswith("layers")]) == 10


@pytest.fixture(scope="module")
def found() -> Audit:
    return audit(CHECKS)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_mutant_breaks_a_check_about_its_rule(mutant: Mutant, found: Audit) -> None:
    [this] = [r for r in found.runs if r.mutant is mutant]
    assert this.broken, f"no check notices {mutant.name}: {mutant.description}"
    first = BY_ID[this.broken[0]]
    assert _relevance(mutant, first) <= 1, \
        f"{mutant.name} breaks {mutant.rule}, but the first check it breaks, {first.id}, cites {first.rules}"


def test_every_check_is_broken_by_some_mutant(found: Audit) -> None:
    assert found.unbroken_checks == []


def test_mutants_are_undone_even_when_a_check_raises() -> None:
    original_exists, original_evaluate = phasing.exists, layers.evaluate
    mutant = next(m for m in MUTANTS if m.name == "phased-out-exists")
    with pytest.raises(RuntimeError), applied(mutant):
        assert phasing.exists is not original_exists
        raise RuntimeError
    assert phasing.exists is original_exists and layers.evaluate is original_evaluate
    table = next(m for m in MUTANTS if m.table == "sba.STATE_BASED_ACTIONS")
    entries = sba.STATE_BASED_ACTIONS
    with applied(table):
        assert sba.STATE_BASED_ACTIONS is not entries
    assert sba.STATE_BASED_ACTIONS is entries
    assert all(run(c).passed for c in CHECKS[:20])


def test_mutant_functions_live_in_the_mutants_modules() -> None:
    for mutant in MUTANTS:
        for _, _, replacement in mutant.patches:
            function = getattr(replacement, "fget", replacement)
            if callable(function) and not isinstance(function, type):
                module = function.__module__
                assert module == mutants.__name__ or module.startswith("kb.checks.mutants_"), mutant.name
