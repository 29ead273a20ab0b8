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
import shutil
import sys
import tempfile
from pathlib import Path

from bench.common import CR_FILE, ROOT, table
from bench.kbrun import build_args, run_child
from bench.report import fmt
from bench.scale import _by_module, _top_functions, _where

OUT = ROOT / "bench" / "PROFILE.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_summary",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, metavar="FILE")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep the profile (build.prof, stages.json) in DIR")
    parser.add_argument("--again", type=Path, metavar="DIR",
                        help="summarise the profile kept in DIR instead of building")
    args = parser.parse_args(argv)
    if args.again is not None:
        marks = json.loads((args.again / "stages.json").read_text(encoding="utf-8"))
        stats = pstats.Stats(str(args.again / "build.prof"))
        args.out.write_text(summary(stats, marks, float(marks.get("wall", 0.0))), encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory(prefix="kb-bench-profile-") as tmp:
        work = Path(tmp)
        env = {**os.environ, "KB_CACHE_DIR": str(work / "cache")}
        profile_file, stages_file = work / "build.prof", work / "stages.json"
        child = run_child([sys.executable, "-m", "bench.profile_build", "--cpu", str(profile_file),
                           str(stages_file), "--", *build_args(ROOT / "corpus", [CR_FILE]),
                           "--clean", "--jobs", "1", "--out", str(work / "out")], env=env)
        marks = json.loads(stages_file.read_text(encoding="utf-8"))
        marks["wall"] = child.wall
        stats = pstats.Stats(str(profile_file))
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(profile_file, args.keep / "build.prof")
            (args.keep / "stages.json").write_text(json.dumps(marks), encoding="utf-8")
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
        per_stage += [f"- `{name}` ({_where(key[0], key[1])}): {fmt(rows[key][3])} profiled",
                      *("  " + line for line in _calls_below(stats, key))]
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
        "Where each stage's time goes: its heaviest calls, two levels down, with the time spent through each:",
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


def _calls_below(stats: pstats.Stats, root: tuple[str, int, str], depth: int = 2,
                 width: int = 4) -> list[str]:
    """The calls made from ``root`` with their cumulative time through that call (cProfile
    keeps it per caller), the heaviest ``width`` of each, ``depth`` levels down.  Below the
    first level a callee's time counts its calls from anywhere its caller was called."""
    rows = stats.stats  # type: ignore[attr-defined]
    callees: dict[tuple[str, int, str], list[tuple[float, tuple[str, int, str]]]] = {}
    for key, row in rows.items():
        for caller, edge in row[4].items():
            callees.setdefault(caller, []).append((edge[3], key))
    found: list[str] = []

    def walk(key: tuple[str, int, str], level: int) -> None:
        for cumulative, callee in sorted(callees.get(key, []), reverse=True)[:width]:
            found.append(f"{'  ' * level}- `{_name(callee)}` {fmt(cumulative)}")
            if level + 1 < depth and callee[0] not in ("~", "<frozen importlib._bootstrap>"):
                walk(callee, level + 1)  # a built-in's callees are everyone's

    walk(root, 0)
    return found


def _name(key: tuple[str, int, str]) -> str:
    filename, line, name = key
    return name if filename == "~" else f"{name} ({_where(filename, line)})"


if __name__ == "__main__":
    raise SystemExit(main())
