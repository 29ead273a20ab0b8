"""``python -m bench.stage_cpu <kb build arguments>``: one build in this process, with the
CPU seconds (``time.process_time``) of each stage, which a loaded machine distorts less
than the wall clock.  Pass ``--jobs 1`` so that the search stages run here too.  Beside
it, ``python -m bench.sudachi_files FILE …`` gives the tokenizing peer (wall)."""

from __future__ import annotations

import sys
import time


def main(argv: list[str]) -> int:
    from kb.build.pipeline import build
    from kb.cli import build_options, make_parser

    options = build_options(make_parser().parse_args(["build", *argv]))
    marks: list[tuple[str, float]] = []

    def progress(stage: str, index: int, count: int) -> None:
        marks.append((stage, time.process_time()))

    started = time.process_time()
    build(options, progress)
    ended = time.process_time()
    laps = [f"{stage} {after - at:.2f}"
            for (stage, at), (_, after) in zip(marks, [*marks[1:], ("end", ended)], strict=True)]
    print(f"total {ended - started:.2f} s CPU | " + ", ".join(laps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
