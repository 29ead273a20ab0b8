"""``python -m bench.profile_build PROFILE STAGES.json -- <kb build arguments>``

One build, the way ``kb build`` runs it, under cProfile; also records the peak RSS the
process has reached when each stage starts and when the build ends, so the growth of the
high-water mark can be charged to the stage that caused it.
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
    profile_path, stages_path, separator, *rest = argv
    if separator != "--":
        raise SystemExit(__doc__)
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions
    from kb.cli import make_parser

    args = make_parser().parse_args(["build", *rest])
    options = BuildOptions(corpus=args.corpus, cr=list(args.cr), out=args.out, strict=args.strict)
    marks: list[dict[str, float | str]] = []

    def progress(stage: str, index: int, count: int) -> None:
        marks.append({"stage": stage, "at": time.perf_counter(), "peak_mb": _peak_mb()})

    profiler = cProfile.Profile()
    started = time.perf_counter()
    report = profiler.runcall(build, options, progress)
    ended = time.perf_counter()
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
