"""The kb command end to end, in temporary directories."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, ROOT, needs_cr

from kb.cli import main


@pytest.fixture(scope="module")
def seeds_build(search_seed_build: Path) -> Path:
    """The session's seeds build (read-only here)."""
    return search_seed_build


@pytest.fixture(scope="module")
def cr_build(search_full_build: Path) -> Path:
    """The session's seeds + CR build (read-only here)."""
    return search_full_build


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


def test_build_prints_what_and_where(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "kb", "build", "--corpus", str(CORPUS), "--out", str(out)],
        capture_output=True, text=True, cwd=tmp_path, check=True,
    )
    assert "4 wiki pages" in result.stdout and "47 rules with text" in result.stdout
    assert str(out) in result.stdout
    assert (out / "kb.json").is_file()
    assert not list(tmp_path.glob(".out.tmp-*"))


def test_rule_json(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "rule", "702.26", "--json", "--build", str(seeds_build))
    assert code == 0
    for key in ("number", "texts", "examples", "parent", "children", "references", "referenced_by", "pages"):
        assert key in data
    assert data["number"] == "702.26" and data["parent"] == "702"
    assert data["children"] == [f"702.26{c}" for c in "abcdefghijkmnp"]
    assert any(p["page"] == "フェイジング" for p in data["pages"])


def test_rule_text_output(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "７０２．２６ｎ", "--build", str(seeds_build)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("702.26n")
    assert "[2023-11-17 日本語 20231117.0]" in out and "800.4a" in out and "フェイジング" in out


def test_missing_rule_says_so_and_suggests(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "702.2", "--build", str(seeds_build)]) == 1
    captured = capsys.readouterr()
    assert "702.2 " in captured.err and "702.26" in captured.err
    assert "702.26a" not in captured.out


def test_rule_refuses_what_is_not_a_number(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "2/2", "--build", str(seeds_build)]) == 2


def test_stats(seeds_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "stats", "--json", "--build", str(seeds_build))
    assert code == 0
    assert data["pages"] == 4 and data["rules_with_text"] == 47
    assert data["rules_per_version"] == {"20231117.0": 47}
    assert "101.4" in [d["number"] for d in data["dangling"]]


def test_lookup_without_a_build_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "702.26", "--build", str(tmp_path / "none")]) == 1
    assert "kb build" in capsys.readouterr().err


@needs_cr
def test_rule_with_the_cr(cr_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "rule", "613.7f", "--json", "--build", str(cr_build))
    assert code == 0
    texts = data["texts"]
    assert [t["version"] for t in texts] == ["20260116.0", "20231117.0"]
    assert texts[0]["source"]["path"].endswith("rules.txt")
    code, data = run_json(capsys, "rule", "702.2", "--json", "--build", str(cr_build))
    assert code == 0 and data["number"] == "702.2" and "702.26" not in data["children"]
    code, stats = run_json(capsys, "stats", "--json", "--build", str(cr_build))
    assert stats["glossary_terms"] == 728 and stats["conflicts"] == 1
    assert stats["rules_per_version"]["20260116.0"] > 2800


def test_failed_build_keeps_the_previous_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "_build"
    assert main(["build", "--corpus", str(CORPUS), "--out", str(out), "--quiet"]) == 0
    before = (out / "kb.json").read_bytes()
    broken = tmp_path / "corpus" / "wiki"
    broken.mkdir(parents=True)
    (broken / "good.txt").write_text("題\n\n本文。\n", encoding="utf-8")
    (broken / "bad.txt").write_bytes(b"\n \n")
    assert main(["build", "--corpus", str(tmp_path / "corpus"), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "bad.txt" in err
    assert (out / "kb.json").read_bytes() == before
    assert not list(tmp_path.glob("._build.tmp-*"))


def test_strict_fails_on_dangling_references(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "_build"
    assert main(["build", "--corpus", str(CORPUS), "--out", str(out), "--strict"]) == 1
    assert "dangling reference" in capsys.readouterr().err
    assert not out.exists()


def test_python_m_kb_help() -> None:
    result = subprocess.run([sys.executable, "-m", "kb", "--help"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0 and "build" in result.stdout


def test_build_defaults_are_the_libraries(tmp_path: Path) -> None:
    """``kb build`` with no options builds as ``build(BuildOptions())`` does."""
    from kb.build.state import BuildOptions
    from kb.cli import DEFAULT_CORPUS, build_options, make_parser

    args = make_parser().parse_args(["build"])
    options = BuildOptions()
    assert (args.jobs, args.out, args.strict, args.clean, args.site_terms) == \
        (options.jobs, options.out, options.strict, options.clean, options.site_terms)
    assert options.jobs is None  # as many as auto_jobs decides
    assert not options.site_terms  # the term index only with --site-terms
    assert build_options(make_parser().parse_args(["build", "--corpus", ".", "--site-terms"])).site_terms
    assert options.corpus == DEFAULT_CORPUS


def test_build_outside_a_checkout_says_how_to_name_the_corpus(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "kb", "build"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert f"no corpus in {tmp_path}" in done.stderr
    assert "--corpus DIR (DIR/wiki/ or DIR/" in done.stderr
    assert not (tmp_path / "_build").exists()
