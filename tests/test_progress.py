"""Build progress: live on a terminal for long builds, silent otherwise."""

from __future__ import annotations

import io
import json
import re
import time
from pathlib import Path

import pytest
from rich.console import Console

from kb.build.progress import BuildProgress
from kb.build.stages import BACKGROUND_STAGES
from kb.build.stages import STAGES as BUILD_STAGES
from kb.cli import main

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
STAGES = [name for name, _ in BUILD_STAGES]


def test_build_to_a_pipe_prints_only_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--corpus", str(CORPUS), "--out", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and out.startswith("built 4 wiki pages")
    assert str(tmp_path / "out") in out
    # The seeds cite 101.4, which only the CR gives: one warning line, nothing else.
    assert [line for line in err.splitlines() if not line.startswith("warning:")] == []
    assert "\x1b" not in out + err


def test_quiet_build_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--quiet", "--corpus", str(CORPUS), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("jobs", ["1", "2", "3"])
def test_build_json_reports_each_stage(tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    assert main(["build", "--json", "--jobs", jobs, "--corpus", str(CORPUS),
                 "--out", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert [stage["name"] for stage in report["stages"]] == STAGES
    assert report["pages"] == 4 and "kb.json" in report["written"]
    assert report["jobs"] == min(int(jobs), 2)  # the processes used: one child at most
    seconds = {s["name"]: s["seconds"] for s in report["stages"]}
    if jobs == "1":  # in turn: the build's wall time is its stages'
        assert report["seconds"] == pytest.approx(sum(seconds.values()), abs=0.05)
    else:  # the dictionary and index ran beside the others: less than the sum, not less
        # than the stages run in the build process itself
        assert sum(v for k, v in seconds.items() if k not in BACKGROUND_STAGES) - 0.01 \
            <= report["seconds"] <= sum(seconds.values()) + 0.05
        assert all(seconds[name] > 0 for name in BACKGROUND_STAGES)
    assert err == ""


def _terminal() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, force_terminal=True, width=100), buffer


def test_short_build_on_a_terminal_shows_nothing() -> None:
    console, buffer = _terminal()
    with BuildProgress(buffer, enabled=True, delay=60, console=console) as progress:
        for index, stage in enumerate(STAGES):
            progress(stage, index, len(STAGES))
    assert not progress.shown
    assert buffer.getvalue() == ""
    assert [stage for stage, _ in progress.finished] == STAGES


def test_long_build_on_a_terminal_shows_each_stage() -> None:
    console, buffer = _terminal()
    with BuildProgress(buffer, enabled=True, delay=0.05, console=console) as progress:
        progress(STAGES[0], 0, len(STAGES))
        deadline = time.monotonic() + 5
        while not progress.shown and time.monotonic() < deadline:
            time.sleep(0.01)
        for index, stage in enumerate(STAGES[1:], start=1):
            progress(stage, index, len(STAGES))
    assert progress.shown
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", buffer.getvalue())
    for stage in STAGES:
        assert re.search(rf"✓ {stage}\s+\d+\.\d\d s", plain), plain
    assert plain.count("✓") == len(STAGES)


def test_disabled_progress_never_draws() -> None:
    console, buffer = _terminal()
    with BuildProgress(buffer, enabled=False, delay=0, console=console) as progress:
        for index, stage in enumerate(STAGES):
            progress(stage, index, len(STAGES))
            time.sleep(0.02)
    assert not progress.shown and buffer.getvalue() == ""


def test_failed_build_stops_the_display() -> None:
    console, buffer = _terminal()
    with pytest.raises(RuntimeError), BuildProgress(buffer, enabled=True, delay=60,
                                                   console=console) as progress:
        progress("read", 0, 3)
        raise RuntimeError("stage failed")
    assert progress.finished == []
