"""What depends on the program alone outlives a build: the checks' outcomes and source
texts, kept in the user cache by the program's fingerprint, serve a ``--clean`` build and another folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS

from kb.build.pipeline import build
from kb.build.reuse import code_fingerprint, program_memo
from kb.build.state import BuildOptions
from kb.checks import runner
from kb.checks.registry import Check


def test_a_clean_build_takes_the_outcomes_of_this_program(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("KB_CACHE_DIR", str(cache))
    first = build(BuildOptions(corpus=CORPUS, out=tmp_path / "first", clean=True))
    kept = program_memo("checks")
    assert kept and (cache / "program" / code_fingerprint() / "checks.json").is_file()
    assert program_memo("check-descriptions")

    def must_not_run(check: Check) -> runner.Outcome:
        raise AssertionError(f"{check.id} was run again")

    def must_not_read(check: Check) -> str:
        raise AssertionError(f"{check.id}'s source was read again")

    monkeypatch.setattr(runner, "run", must_not_run)
    monkeypatch.setattr(Check, "source", must_not_read)
    again = build(BuildOptions(corpus=CORPUS, out=tmp_path / "second", clean=True))
    assert again.warnings == first.warnings
    assert (tmp_path / "second" / "kb.json").read_bytes().split(b'"versions"')[1] == \
        (tmp_path / "first" / "kb.json").read_bytes().split(b'"versions"')[1]

    monkeypatch.setenv("KB_CACHE_DIR", "")  # no user cache: the checks run
    with pytest.raises(AssertionError, match="was run again"):
        build(BuildOptions(corpus=CORPUS, out=tmp_path / "third", clean=True))
