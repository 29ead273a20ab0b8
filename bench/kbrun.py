"""Run ``kb`` as a measured child process: wall time, the child's own peak RSS, its output.

A build is measured the way a user runs it (a fresh interpreter, imports included), and
``kb build --json`` reports the seconds of each stage, so per-stage figures need no
parsing of human-readable output.  Stages are whatever ``kb.build.stages.STAGES`` holds
when the child runs: a new stage shows up in the figures without changes here.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import ROOT, Figure, spawn_measured

KB = [sys.executable, "-m", "kb"]


@dataclass
class ChildRun:
    wall: float
    peak_mb: float
    stdout: str
    tree_mb: float | None = None
    cpu: float = 0.0


@dataclass
class BuildRun:
    """One ``kb build`` child: wall time, peak RSS and the report it printed."""

    wall: float
    peak_mb: float
    report: dict[str, Any]
    tree_mb: float | None = None
    """Peak memory of all the build's processes (sampled), when measured."""
    cpu: float = 0.0
    """CPU seconds of all the build's processes."""

    @property
    def stages(self) -> list[tuple[str, float]]:
        return [(s["name"], float(s["seconds"])) for s in self.report["stages"]]


def run_child(argv: Sequence[str], cwd: Path | None = None,
              env: dict[str, str] | None = None, sample_every: float = 0.0) -> ChildRun:
    """Run to completion; stdout captured, stderr kept for the error message."""
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        measured = spawn_measured(argv, cwd=cwd or ROOT, env=env, stdout=out_file,
                                  stderr=err_file, sample_every=sample_every)
        out_file.seek(0)
        stdout = out_file.read().decode(errors="replace")
        if measured.code != 0:
            err_file.seek(0)
            stderr = err_file.read().decode(errors="replace")
            raise RuntimeError(f"{' '.join(map(str, argv))} exited {measured.code}: {stderr[-2000:]}")
    return ChildRun(measured.wall, measured.peak_mb, stdout, measured.tree_mb, measured.cpu)


def build_args(corpus: Path, cr_files: Sequence[Path]) -> list[str]:
    args = ["--corpus", str(corpus)]
    for path in cr_files:
        args += ["--cr", str(path)]
    return args


def kb_build(args: Sequence[str], out: Path, clean: bool = True, sample_every: float = 0.0) -> BuildRun:
    """``kb build ARGS --out OUT --json`` in a fresh interpreter; with ``clean`` (the
    default) also ``--clean``, so a repeated build into ``out`` is a whole build, not a
    rebuild that reuses the last one (``bench.incremental`` measures those).
    ``sample_every`` > 0 samples the memory of all the build's processes."""
    extra = ["--clean"] if clean and "--clean" not in args else []
    child = run_child([*KB, "build", *args, *extra, "--out", str(out), "--json"],
                      sample_every=sample_every)
    return BuildRun(child.wall, child.peak_mb, json.loads(child.stdout), child.tree_mb, child.cpu)


@dataclass
class BuildFigures:
    """Repeated builds of one corpus, as figures: wall, peak RSS, and each stage."""

    runs: list[BuildRun] = field(default_factory=list)

    def wall(self, name: str) -> Figure:
        return Figure(name, [r.wall for r in self.runs])

    def peak(self, name: str) -> Figure:
        return Figure(name, [r.peak_mb for r in self.runs], "MB")

    def tree(self, name: str) -> Figure:
        """Peak memory of all the build's processes (runs measured with sampling)."""
        return Figure(name, [r.tree_mb for r in self.runs if r.tree_mb is not None], "MB")

    def stage_names(self) -> list[str]:
        names: list[str] = []
        for run in self.runs:
            names += [n for n, _ in run.stages if n not in names]
        return names

    def stage(self, name: str, label: str | None = None) -> Figure:
        values = [dict(r.stages).get(name, 0.0) for r in self.runs]
        return Figure(label or name, values)

    @property
    def last(self) -> dict[str, Any]:
        return self.runs[-1].report


def repeat_build(args: Sequence[str], out: Path, repeat: int, warmup: int = 1) -> BuildFigures:
    """Build ``warmup`` times unmeasured (page cache, .pyc files), then ``repeat`` times."""
    return interleaved_builds([(args, out)], repeat, warmup)[0]


def interleaved_builds(jobs: Sequence[tuple[Sequence[str], Path]], repeat: int,
                       warmup: int = 1, sample_every: float = 0.0) -> list[BuildFigures]:
    """Each job built ``repeat`` times, round-robin: a burst of load on this shared machine
    then slows one run of every job instead of every run of one, so ratios stay fair."""
    for _ in range(warmup):
        for args, out in jobs:
            kb_build(args, out)
    results = [BuildFigures() for _ in jobs]
    for _ in range(repeat):
        for (args, out), figures in zip(jobs, results, strict=True):
            figures.runs.append(kb_build(args, out, sample_every=sample_every))
    return results


def interleaved_commands(commands: Sequence[tuple[str, Sequence[str]]], repeat: int,
                         warmup: int = 1) -> list[Figure]:
    """Wall time of each command over ``repeat`` round-robin runs (stdout discarded)."""
    for _ in range(warmup):
        for _, argv in commands:
            run_child(argv)
    walls: list[list[float]] = [[] for _ in commands]
    for _ in range(repeat):
        for (_, argv), values in zip(commands, walls, strict=True):
            values.append(run_child(argv).wall)
    return [Figure(name, values) for (name, _), values in zip(commands, walls, strict=True)]
