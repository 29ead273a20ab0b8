"""``python -m bench.profile_build [--cpu] PROFILE STAGES.json -- <kb build arguments>``

One build, the way ``kb build`` runs it, under cProfile; also records the peak RSS the
process has reached when each stage starts and when the build ends, so the growth of the
high-water mark can be charged to the stage that caused it.  ``--cpu`` times by CPU
(``time.process_time``) instead of the wall clock, which a loaded machine distorts less.
Pass ``--jobs 1`` to profile the search stages too (else they may run in a child).
"""

from __future__ import annotations

import cProfile
import itertools
import json
import resource
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    cpu = bool(argv) and argv[0] == "--cpu"
    profile_path, stages_path, separator, *rest = argv[1:] if cpu else argv
    if separator != "--":
        raise SystemExit(__doc__)
    clock = time.process_time if cpu else time.perf_counter
    from kb.build.pipeline import build
    from kb.cli import build_options, make_parser

    options = build_options(make_parser().parse_args(["build", *rest]))
    marks: list[dict[str, float | str]] = []

    def progress(stage: str, index: int, count: int) -> None:
        marks.append({"stage": stage, "at": clock(), "peak_mb": _peak_mb()})

    profiler = cProfile.Profile(clock)
    started = clock()
    report = profiler.runcall(build, options, progress)
    ended = clock()
    profiler.dump_stats(profile_path)
    marks.append({"stage": "end", "at": ended, "peak_mb": _peak_mb()})
    stages = []
    for mark, following in itertools.pairwise(marks):
        stages.append({"name": mark["stage"], "seconds": float(following["at"]) - float(mark["at"]),
                       "peak_mb_before": mark["peak_mb"], "peak_mb_after": following["peak_mb"]})
    Path(stages_path).write_text(json.dumps({
        "seconds": ended - started, "stages": stages, "timings": report.timings,
    }, indent=1), encoding="utf-8")
    return 0


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
