"""Shared helpers for the benchmark scripts: repeated timing, peak memory, machine facts.

Every figure is measured several times and reported as min / median / max; figures are
compared with their peers as ratios inside one run, because this machine is shared.
"""

from __future__ import annotations

import atexit
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CR_FILE = SHARED / "data" / "cr-ja-20260116" / "rules.txt"
DEV_QUERIES = SHARED / "eval" / "dev_queries.tsv"


@dataclass
class Figure:
    """One measured quantity over several runs."""

    name: str
    values: list[float]
    unit: str = "s"

    @property
    def min(self) -> float:
        return min(self.values)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def max(self) -> float:
        return max(self.values)

    def cells(self) -> list[str]:
        return [self.name, _fmt(self.min, self.unit), _fmt(self.median, self.unit),
                _fmt(self.max, self.unit), str(len(self.values))]


def _fmt(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"
    if unit == "MB":
        return f"{value:.0f} MB"
    return f"{value:.3g} {unit}".strip()


def time_call(name: str, function: Callable[[], object], repeat: int = 5, warmup: int = 0) -> Figure:
    """Wall time of ``function()`` over ``repeat`` runs (after ``warmup`` unmeasured runs)."""
    for _ in range(warmup):
        function()
    values = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        values.append(time.perf_counter() - started)
    return Figure(name, values)


def time_command(name: str, argv: Sequence[str], repeat: int = 5, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> tuple[Figure, Figure]:
    """Wall time and peak RSS (MB) of a child process over ``repeat`` runs."""
    walls, peaks = [], []
    for _ in range(repeat):
        wall, peak = run_measured(argv, cwd=cwd, env=env)
        walls.append(wall)
        peaks.append(peak)
    return Figure(name, walls), Figure(f"{name} peak RSS", peaks, "MB")


def run_measured(argv: Sequence[str], cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run a child to completion; return (wall seconds, peak RSS in MB) of that child alone."""
    with tempfile.TemporaryFile() as err:
        measured = spawn_measured(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        wall, peak, code = measured.wall, measured.peak_mb, measured.code
        if code != 0:
            err.seek(0)
            stderr = err.read().decode(errors="replace")
            raise RuntimeError(f"{' '.join(map(str, argv))} exited {code}: {stderr[-2000:]}")
    return wall, peak


# A child's ru_maxrss also counts the memory of the process that forked it, as it was at the
# fork (Linux carries the old high-water mark across exec).  A bench process that has loaded
# a graph would inflate every child's figure, so children are started by this launcher: a
# fresh, minimal interpreter (-I -S, about 8 MB) that forks the command, times it and
# reports its rusage.  A Python child is never smaller than the launcher, so its figure is
# its own; a tiny C program such as grep reads as the launcher's size.
#
# ru_maxrss is the peak of the largest process, and ``kb build`` runs two (the search
# stages in a forked child).  With a sampling interval, a thread also adds up the
# proportional set size (shared pages split between the processes that share them) of
# the command and its descendants every interval: the memory the whole build holds.
_LAUNCHER = """
import os, sys, threading, time
result, interval, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
peak = [0]

def tree(pid):
    pids = [pid]
    for p in pids:
        try:
            with open(f"/proc/{p}/task/{p}/children") as f:
                pids += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return pids

def pss(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

def sample(pid, stop):
    while not stop.wait(interval):
        peak[0] = max(peak[0], sum(pss(p) for p in tree(pid)))

started = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(argv[0], argv)
    finally:
        os._exit(127)
stop = threading.Event()
if interval > 0:
    threading.Thread(target=sample, args=(pid, stop), daemon=True).start()
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - started
stop.set()
with open(result, "w") as out:
    out.write(f"{wall!r} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)} {peak[0]} "
              f"{usage.ru_utime + usage.ru_stime!r}")
"""


@dataclass
class Measured:
    wall: float
    """Seconds."""
    peak_mb: float
    """Peak RSS of the largest process of the command (itself or a descendant)."""
    code: int
    tree_mb: float | None = None
    """Peak of the summed PSS of the command and its descendants, sampled (None: not)."""
    cpu: float = 0.0
    """CPU seconds (user and system) of the command and the descendants it waited for:
    what a machine shared with other work distorts least."""


def spawn_measured(argv: Sequence[str], cwd: Path | None = None, env: dict[str, str] | None = None,
                   stdout: Any = None, stderr: Any = None, sample_every: float = 0.0) -> Measured:
    """Run ``argv`` through the launcher; ``sample_every`` seconds > 0 also samples the
    memory of its whole process tree (which costs a little CPU, so only where memory is
    the figure)."""
    with tempfile.TemporaryDirectory(prefix="kb-bench-") as tmp:
        result = Path(tmp) / "result"
        subprocess.run([sys.executable, "-I", "-S", "-c", _LAUNCHER, str(result), str(sample_every),
                        *map(str, argv)],
                       cwd=cwd, env=child_env() if env is None else env, stdout=stdout, stderr=stderr,
                       check=False)
        wall, peak_kb, code, tree_kb, cpu = result.read_text().split()
    return Measured(float(wall), int(peak_kb) / 1024, int(code),
                    int(tree_kb) / 1024 if sample_every > 0 else None, float(cpu))


_BYTECODE: list[str] = []


def child_env() -> dict[str, str]:
    """The environment of measured children: this one, with Python's bytecode cache on,
    in a temporary folder.  An installed kb has its ``.pyc`` files; this machine's
    environment sets ``PYTHONDONTWRITEBYTECODE``, which would have every child compile
    kb's modules from source (about 0.05 s a run) and measure that instead."""
    if not _BYTECODE:
        folder = tempfile.mkdtemp(prefix="kb-bench-pycache-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _BYTECODE.append(folder)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _BYTECODE[0]
    return env


def peak_rss_mb() -> float:
    """Peak RSS of this process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def machine() -> dict[str, str]:
    """What the results were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
        # The results file itself is rewritten by every run; it does not make the code dirty.
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                ".", ":!bench/RESULTS.md"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
        if dirty:
            commit += " (with uncommitted changes)"
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return {
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "commit": commit,
        "cpu": f"{cpu}, {os.cpu_count()} cores",
        "memory": _memory(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
    }


def _memory() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                return f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    return "unknown"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def figures_table(figures: Sequence[Figure]) -> str:
    return table(["figure", "min", "median", "max", "runs"], [f.cells() for f in figures])
