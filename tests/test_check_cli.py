"""``kb check`` end to end, and the build stage that attaches checks to the export."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from kb.build.stages import STAGES
from kb.checks.mutants import MUTANTS, applied
from kb.cli import main

SCHEMA = Path(__file__).resolve().parent.parent / "kb" / "schema" / "kb-graph-1.schema.json"


@pytest.fixture(scope="module")
def seeds_build(search_seed_build: Path) -> Path:
    """The session's seeds build (read-only here)."""
    return search_seed_build


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


def test_check_json_on_the_default_build(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "check", "--json", "--build", str(seeds_build))
    assert code == 0
    checks = data["checks"]
    assert isinstance(checks, list) and checks
    assert {c["status"] for c in checks} == {"pass"}
    assert all({"id", "rules", "status", "message"} <= set(c) for c in checks)
    coverage = data["coverage"]
    assert coverage["quoted"] == {"version": "20231117.0", "rules": 47, "with_checks": 47,
                                  "passing": 47, "missing": []}
    assert "all" not in coverage and coverage["chapters"] == [] and coverage["not_in_cr"] == []  # no CR
    assert coverage["examples"]["total"] == 277 and coverage["examples"]["covered"] > 0  # the catalog's
    assert coverage["keywords"]["defining"]["total"] == 253


def test_check_a_rule_lists_its_checks(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "702.26", "--build", str(seeds_build)]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines()[1:] if line.startswith("702.")]
    assert rows and all(r[0].startswith("702.26") and r[2] == "pass" for r in rows)
    assert {r[1].split(".")[0] for r in rows} >= {"cr702_26_phasing"}
    assert {r[0] for r in rows} >= {"702.26a", "702.26g", "702.26p"}
    assert "rules the wiki quotes: 14/14" in out


def test_check_unknown_or_bad_numbers(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "713", "--build", str(seeds_build)]) == 1  # substitute cards: no game situation
    assert "no check cites 713" in capsys.readouterr().err
    assert main(["check", "70x", "--build", str(seeds_build)]) == 2


def test_a_failing_check_exits_1(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mutant = next(m for m in MUTANTS if m.name == "reverse-timestamps")
    with applied(mutant):
        code, data = _json(capsys, "check", "613.7", "--json", "--build", str(seeds_build))
    assert code == 1
    failed = [c for c in data["checks"] if c["status"] == "fail"]
    assert failed and all(c["message"] for c in failed)


def test_check_mutants_lists_what_each_breaks(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "check", "702.37b", "702.37e", "708.9", "--mutants", "--json")
    assert code == 0
    by_name = {m["name"]: m for m in data["mutants"]}
    assert "reverse-timestamps" not in by_name  # a mutant of 613.7, not of these rules
    assert set(by_name) >= {"megamorph-counter-always", "face-up-uses-stack", "face-up-enters", "no-reveal"}
    assert by_name["no-reveal"]["broken"] == ["cr702_37_morph.face_down_cards_are_revealed_when_they_leave"]
    assert data["unbroken_checks"] == []
    breakers = data["breakers"]
    assert isinstance(breakers, dict) and all(breakers.values())


def test_build_attaches_checks_to_the_export(seeds_build: Path) -> None:
    names = [name for name, _ in STAGES]
    assert names.index("checks") + 1 == names.index("export")  # the site stage follows
    data = json.loads((seeds_build / "kb.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(data)
    rules = {r["number"]: r for r in data["rules"]}
    [check] = rules["702.26h"]["checks"]
    assert check["id"] == "cr702_26_phasing.direct_and_indirect_at_once_is_indirect"
    assert set(check["statement"]) == {"situation", "action", "result"}
    assert {"ja": "灰色熊", "en": "Grizzly Bears"} in check["cards"]
    assert check["status"] == "pass" and check["written_against"] == "20231117.0"
    assert check["doc"] and "def direct_and_indirect_at_once_is_indirect" in check["source"]
    assert check["wiki"] == ["フェイジング: 直接と間接の両方で同時にフェイズ・アウトする場合"]
    assert all(r["checks"] for r in data["rules"] if r["texts"] and any(p["kind"] == "quote" for p in r["pages"]))


def test_rule_shows_its_checks(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "702.26m", "--build", str(seeds_build)]) == 0
    assert "検査: cr702_26_phasing.skipped_untap_step_has_no_phasing (pass)" in capsys.readouterr().out


def test_cr_build_reports_changed_rules_with_both_texts(search_full_build: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = search_full_build
    code, data = _json(capsys, "check", "702.26k", "--json", "--build", str(out))
    assert code == 0
    [check] = [c for c in data["checks"] if c["status"] != "pass"]  # one written for the 20231117.0 text
    assert check["status"] == "needs-review"
    assert any(c["status"] == "pass" for c in data["checks"])  # one written for 20260116.0 passes
    [review] = check["reviews"]
    assert review["written_version"] == "20231117.0" and review["version"] == "20260116.0"
    assert "領域変更誘発を誘発させない" in review["written_text"]
    assert "領域変更による能力を誘発を誘発させない" in review["text"]
    assert main(["check", "--build", str(out)]) == 0
    text = capsys.readouterr().out
    assert "702.26k: the text changed in 20260116.0" in text
    assert "all rules with text in the CR 20260116.0:" in text
    assert re.search(r"CR examples: \d+/277 reproduced by a passing check", text)
    assert re.search(r"keywords: \d+/253 defining subrules", text)
    assert re.search(r"500–514 +\d+/146 .*turn structure", text) and "catalog drift" not in text
    exported = json.loads((out / "kb.json").read_text(encoding="utf-8"))
    rule = next(r for r in exported["rules"] if r["number"] == "702.26k")
    assert any(c.get("changed_in") == ["20260116.0"] for c in rule["checks"])
    switch = next(r for r in exported["rules"] if r["number"] == "613.4d")
    assert any("613.4d#1" in c["examples"] for c in switch["checks"])
