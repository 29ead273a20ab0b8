"""``python -m bench.profile_summary [--out FILE]``: where a clean build with the CR spends
its CPU, stage by stage, as a short markdown summary (``bench/PROFILE.md`` by default).

One ``kb build --clean --jobs 1`` of the seeds and the CR under cProfile, timed by CPU
(:mod:`bench.profile_build` ``--cpu``), every stage in this one process so that each is
profiled; the user cache is this run's own and starts empty, so the user dictionary is
compiled and the checks run, as in a first build.  Profiled seconds are inflated (most
for pure-Python code); compare shares, not seconds, with the unprofiled figures of
``python -m bench --only build``.
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import sys
import tempfile
from pathlib import Path

from bench.common import CR_FILE, ROOT, table
from bench.kbrun import build_args, run_child
from bench.report import fmt
from bench.scale import _by_module, _top_functions, _where

OUT = ROOT / "bench" / "PROFILE.md"
STAGE_FUNCTIONS = 6
"""Own-time functions listed under each stage."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_summary",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, metavar="FILE")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kb-bench-profile-") as tmp:
        work = Path(tmp)
        env = {**os.environ, "KB_CACHE_DIR": str(work / "cache")}
        profile_file, stages_file = work / "build.prof", work / "stages.json"
        child = run_child([sys.executable, "-m", "bench.profile_build", "--cpu", str(profile_file),
                           str(stages_file), "--", *build_args(ROOT / "corpus", [CR_FILE]),
                           "--clean", "--jobs", "1", "--out", str(work / "out")], env=env)
        marks = json.loads(stages_file.read_text(encoding="utf-8"))
        stats = pstats.Stats(str(profile_file))
    args.out.write_text(summary(stats, marks, child.wall), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def summary(stats: pstats.Stats, marks: dict[str, object], wall: float) -> str:
    rows = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in rows.values())
    stages: list[dict[str, float | str]] = marks["stages"]  # type: ignore[assignment]
    seconds = float(marks["seconds"])  # type: ignore[arg-type]
    stage_rows = [[f"`{s['name']}`", fmt(float(s["seconds"])), f"{float(s['seconds']) / seconds:.0%}",
                   f"+{float(s['peak_mb_after']) - float(s['peak_mb_before']):.0f} MB"]
                  for s in stages]
    entry_points = _stage_entry_points(stats)
    per_stage = []
    for name, key in entry_points.items():
        cumulative = rows[key][3]
        per_stage.append(f"- `{name}` ({_where(key[0], key[1])}, {fmt(cumulative)} profiled): "
                         + "; ".join(f"`{fn}` {own}" for fn, own in _own_below(stats, key)))
    return "\n".join([
        "# Profile of a clean build with the CR",
        "",
        ("Written by `python -m bench.profile_summary` (see its docstring); do not edit by hand. "
        "One `kb build --clean --jobs 1` of the seeds and the CR under cProfile, timed by CPU, "
        "with an empty user cache (the user dictionary compiled, the checks run). Profiled "
        "seconds inflate pure-Python code most: compare shares."),
        "",
        f"CPU under the profiler: {fmt(seconds)}; wall {fmt(wall)}.",
        "",
        table(["stage", "CPU (profiled)", "share", "peak RSS rise"], stage_rows),
        "",
        "Where each stage's own time goes (functions below the stage by own time):",
        "",
        *per_stage,
        "",
        "Own time by module (top 12):",
        "",
        table(["module", "share", "own time"],
              [[n, f"{s:.1%}", fmt(t)] for n, s, t in _by_module(stats, total, 12)]),
        "",
        "Functions by own time (top 15):",
        "",
        table(["function", "where", "calls", "own time", "share", "cumulative"],
              _top_functions(stats, total, 15)),
        "",
    ])


def _stage_entry_points(stats: pstats.Stats) -> dict[str, tuple[str, int, str]]:
    """Each stage's function (as ``kb.build.stages.STAGES`` names it) -> its profile key."""
    from kb.build.stages import STAGES

    wanted = {(stage.__code__.co_filename, stage.__code__.co_firstlineno, stage.__name__): name
              for name, stage in STAGES}
    return {wanted[key]: key for key in stats.stats if key in wanted}  # type: ignore[attr-defined]


def _own_below(stats: pstats.Stats, root: tuple[str, int, str]) -> list[tuple[str, str]]:
    """The functions called (at any depth) from ``root`` with the most own time, their
    own time apportioned by the share of their calls that came through ``root``'s tree
    (approximately: cProfile keeps only caller edges)."""
    rows = stats.stats  # type: ignore[attr-defined]
    reached = {root}
    frontier = [root]
    callees: dict[tuple[str, int, str], list[tuple[str, int, str]]] = {}
    for key, row in rows.items():
        for caller in row[4]:
            callees.setdefault(caller, []).append(key)
    while frontier:
        for callee in callees.get(frontier.pop(), []):
            if callee not in reached:
                reached.add(callee)
                frontier.append(callee)
    ranked = sorted((rows[key][2], key) for key in reached if key != root)[::-1][:STAGE_FUNCTIONS]
    return [(_name(key), fmt(own)) for own, key in ranked]


def _name(key: tuple[str, int, str]) -> str:
    filename, line, name = key
    return name if filename == "~" else f"{name} ({_where(filename, line)})"


if __name__ == "__main__":
    raise SystemExit(main())
