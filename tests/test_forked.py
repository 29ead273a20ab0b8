"""Stages run in a child process (``--jobs 2``): the parent gets their results, their
errors as the same errors, and a failure on either side leaves no child behind and the
previous build in place."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from conftest import CORPUS

import kb.build.forked
import kb.build.pipeline
import kb.build.stages
from kb.build.pipeline import build
from kb.build.stages import BACKGROUND_STAGES
from kb.build.state import BuildOptions, BuildState, StageFunction
from kb.errors import KbError

pytestmark = pytest.mark.skipif(not kb.build.forked.can_fork(), reason="stages run in turn here")


@pytest.fixture
def previous(tmp_path: Path) -> Path:
    """A finished build of the seeds, which a failed rebuild must leave as it was."""
    out = tmp_path / "out"
    build(BuildOptions(corpus=CORPUS, out=out, jobs=1))
    return out


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch) -> list[kb.build.forked.ForkedStages]:
    """Every child a build starts."""
    started: list[kb.build.forked.ForkedStages] = []
    real = kb.build.forked.ForkedStages

    def recorded(*args: object) -> kb.build.forked.ForkedStages:
        child = real(*args)  # type: ignore[arg-type]
        started.append(child)
        return child

    monkeypatch.setattr(kb.build.pipeline, "ForkedStages", recorded)
    return started


def replace_stage(monkeypatch: pytest.MonkeyPatch, name: str, stage: StageFunction) -> None:
    monkeypatch.setattr(kb.build.pipeline, "STAGES",
                        [(n, stage if n == name else f) for n, f in kb.build.stages.STAGES])


def assert_left_alone(out: Path, before: bytes, children: list[kb.build.forked.ForkedStages]) -> None:
    assert (out / "kb.json").read_bytes() == before
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".out.")] in ([], [".out.lock"])
    for child in children:
        assert child.done
        with pytest.raises(ChildProcessError):  # reaped: no zombie, nothing running
            os.waitpid(child._pid, os.WNOHANG)


def test_the_search_stages_run_in_a_child(tmp_path: Path, children: list[kb.build.forked.ForkedStages]) -> None:
    report = build(BuildOptions(corpus=CORPUS, out=tmp_path / "out", jobs=2))
    assert len(children) == 1 and children[0].names == list(BACKGROUND_STAGES)
    # What the child wrote and reported is the parent's now: files, timings, caches.
    assert {"search/user.dic", "search/meta.json", "cache/name-keys.json"} <= set(report.written)
    assert report.written.index("search/meta.json") < report.written.index("kb.json")
    assert all(seconds > 0 for name, seconds in report.timings if name in BACKGROUND_STAGES)
    assert (tmp_path / "out" / "cache" / "name-keys.json").stat().st_size > 100


def test_an_error_in_the_child_is_the_parents(monkeypatch: pytest.MonkeyPatch, previous: Path,
                                             children: list[kb.build.forked.ForkedStages]) -> None:
    def broken(state: BuildState) -> None:
        raise KbError("the index cannot be written", "corpus/wiki/x.txt", 7)

    replace_stage(monkeypatch, "index", broken)
    before = (previous / "kb.json").read_bytes()
    with pytest.raises(KbError) as caught:
        build(BuildOptions(corpus=CORPUS, out=previous, jobs=2))
    assert str(caught.value) == "corpus/wiki/x.txt:7: the index cannot be written"
    assert (caught.value.path, caught.value.line) == ("corpus/wiki/x.txt", 7)
    assert_left_alone(previous, before, children)


def test_a_disk_error_in_the_child_reads_as_one(monkeypatch: pytest.MonkeyPatch, previous: Path,
                                               children: list[kb.build.forked.ForkedStages]) -> None:
    def full(state: BuildState) -> None:
        raise OSError(28, "No space left on device", str(state.work / "search" / "index"))

    replace_stage(monkeypatch, "dictionary", full)
    before = (previous / "kb.json").read_bytes()
    with pytest.raises(KbError, match="cannot write the build: No space left on device"):
        build(BuildOptions(corpus=CORPUS, out=previous, jobs=2))
    assert_left_alone(previous, before, children)


def test_a_bug_in_the_child_shows_its_traceback(monkeypatch: pytest.MonkeyPatch, previous: Path,
                                               children: list[kb.build.forked.ForkedStages]) -> None:
    def buggy(state: BuildState) -> None:
        _ = dict[str, int]()["missing"]

    replace_stage(monkeypatch, "index", buggy)
    with pytest.raises(RuntimeError, match=r"(?s)dictionary and index stages failed.*KeyError: 'missing'"):
        build(BuildOptions(corpus=CORPUS, out=previous, jobs=2))


def test_a_killed_child_fails_the_build(monkeypatch: pytest.MonkeyPatch, previous: Path,
                                        children: list[kb.build.forked.ForkedStages]) -> None:
    def killed(state: BuildState) -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    replace_stage(monkeypatch, "index", killed)
    before = (previous / "kb.json").read_bytes()
    with pytest.raises(KbError, match=r"stopped without finishing \(killed by signal 9\)"):
        build(BuildOptions(corpus=CORPUS, out=previous, jobs=2))
    assert_left_alone(previous, before, children)


def test_a_failure_in_the_parent_stops_the_child(monkeypatch: pytest.MonkeyPatch, previous: Path,
                                                 children: list[kb.build.forked.ForkedStages]) -> None:
    def broken(state: BuildState) -> None:
        raise KbError("a broken link", "site/x.html")

    replace_stage(monkeypatch, "checks", broken)
    before = (previous / "kb.json").read_bytes()
    with pytest.raises(KbError, match="a broken link"):
        build(BuildOptions(corpus=CORPUS, out=previous, jobs=2))
    assert len(children) == 1
    assert_left_alone(previous, before, children)


def test_jobs_by_default_follow_cores_and_input_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "wiki").mkdir(parents=True)
    (corpus / "wiki" / "a.txt").write_text("a\n提供：MTG Wiki\n本文。\n", encoding="utf-8")
    cr = tmp_path / "rules.txt"
    cr.write_bytes(b"x" * 1000)
    options = BuildOptions(corpus=corpus, cr=[cr], jobs=None)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert kb.build.pipeline.auto_jobs(options) == 2
    assert kb.build.pipeline.auto_jobs(BuildOptions(corpus=corpus, jobs=3)) == 3  # as asked
    # Past the limit, two processes would hold their peaks at once: one it is.
    monkeypatch.setattr(kb.build.pipeline, "PARALLEL_INPUT_LIMIT", 1000)
    assert kb.build.pipeline.auto_jobs(options) == 1
    monkeypatch.setattr(kb.build.pipeline, "PARALLEL_INPUT_LIMIT", 10_000)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert kb.build.pipeline.auto_jobs(options) == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    report = build(BuildOptions(corpus=corpus, out=tmp_path / "out", jobs=None))
    assert report.jobs == 2
    report = build(BuildOptions(corpus=corpus, out=tmp_path / "out", jobs=1))
    assert report.jobs == 1
