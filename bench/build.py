"""Build and lookup: the full build with the CR, the seeds-only build, and rule lookups.

Peers: ``grep`` for the rule line in the CR file (what a user would otherwise type) and a
linear scan for in-process lookups; the interpreter start-up with kb imported is the floor
under every ``kb`` process.  Goal (issue 2): the full build with the CR in ≤ 10 s here.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.common import CR_FILE, ROOT, Figure, figures_table
from bench.kbrun import KB, BuildFigures, build_args, interleaved_builds, interleaved_commands
from bench.report import fmt, peer_table, verdict

BUILD_GOAL = 10.0
GRAPH_STAGES = ("read", "graph", "export")
"""What issue 2's goal covers: parse, link, export (the later stages have their own figures)."""
LOOKUP_RULE = "702.26d"
GREP_PATTERN = "^" + LOOKUP_RULE.replace(".", r"\.") + " "
CORPUS = ROOT / "corpus"


def run(quick: bool = False) -> str:
    repeat = 2 if quick else 5
    if not CR_FILE.is_file():
        return f"## Build and lookup\n\nSkipped: the CR file is not at `{CR_FILE}`.\n"
    with tempfile.TemporaryDirectory(prefix="kb-bench-build-") as tmp:
        work = Path(tmp)
        full, seeds = interleaved_builds([(build_args(CORPUS, [CR_FILE]), work / "full"),
                                          (build_args(CORPUS, []), work / "seeds")], repeat)
        rule, rule_json, grep, floor = interleaved_commands([
            (f"`kb rule {LOOKUP_RULE}` (cold process)",
             [*KB, "rule", LOOKUP_RULE, "--build", str(work / "full")]),
            (f"`kb rule {LOOKUP_RULE} --json` (cold process)",
             [*KB, "rule", LOOKUP_RULE, "--json", "--build", str(work / "full")]),
            (f"`grep -m1 '{GREP_PATTERN}' rules.txt`", ["grep", "-m1", GREP_PATTERN, str(CR_FILE)]),
            ("python start-up + `import kb.cli, kb.build.pipeline` (floor)",
             [sys.executable, "-c", "import kb.cli, kb.build.pipeline"]),
        ], repeat)
        lookups: list[tuple[Figure, Figure | None]] = [(rule, grep), (rule_json, grep),
                                                       (rule, floor), (floor, grep)]
        in_process = _in_process(work / "full", repeat)
        json_size = (work / "full" / "kb.json").stat().st_size
    return "\n\n".join([
        "## Build and lookup (seeds + CR 20260116)",
        _build_section(full, seeds, floor, json_size),
        _lookup_section(lookups, in_process),
    ]) + "\n"


# -- builds -----------------------------------------------------------------------------


def _build_section(full: BuildFigures, seeds: BuildFigures, floor: Figure, json_size: int) -> str:
    stage_rows = [full.stage(name, f"  stage `{name}`") for name in full.stage_names()]
    wall = full.wall("full build with the CR (wall, `kb build` process)")
    graph_part = Figure("parse + graph + export with the CR (stages read, graph, export)",
                        [sum(seconds for name, seconds in run.stages if name in GRAPH_STAGES)
                         for run in full.runs])
    figures = [
        wall,
        graph_part,
        *stage_rows,
        full.peak("full build with the CR: peak RSS"),
        seeds.wall("seeds-only build (wall)"),
        *[seeds.stage(name, f"  stage `{name}`") for name in seeds.stage_names()],
        seeds.peak("seeds-only build: peak RSS"),
        floor,
    ]
    report = full.last
    stages_total = sum(f.median for f in stage_rows)
    lines = [
        "### Full build with the CR",
        "",
        (f"`kb build --cr rules.txt` reads {report['pages']} wiki pages and the CR "
        f"({report['rules_with_text']} rules with text, versions {', '.join(report['versions'])}), "
        f"links the graph and writes `kb.json` ({json_size / 1e6:.1f} MB). Each run is a fresh "
        "`kb build` process, measured from outside (wall) with the child's peak RSS; stage "
        "seconds come from `kb build --json`. One unmeasured build first warms the page cache."),
        "",
        figures_table(figures),
        "",
        (f"- Goal (issue 2) ≤ {BUILD_GOAL:.0f} s for parsing, linking and exporting the CR build: "
        f"{verdict(graph_part.median, BUILD_GOAL)}; the median uses "
        f"{graph_part.median / BUILD_GOAL:.0%} of the budget."),
        (f"- The whole build, with the search dictionary and index, the checks and the site, takes "
        f"{fmt(wall.median)} (median wall), {wall.median / BUILD_GOAL:.1f}× that budget."),
        (f"- The stages account for {fmt(stages_total)} of the {fmt(wall.median)} wall; the rest "
        f"is interpreter start-up and imports (floor {fmt(floor.median)}), the lock, fsync "
        "and the directory swap." if stages_total <= wall.median else
        f"- The stages add up to {fmt(stages_total)}, more than the {fmt(wall.median)} wall: "
        "`dictionary` and `index` run in a child process beside `checks`, `export` and `site`."),
    ]
    return "\n".join(lines)


# -- lookups ----------------------------------------------------------------------------


def _in_process(build: Path, repeat: int) -> list[tuple[Figure, Figure | None]]:
    """Warm lookups in one process: ``graph.get`` beside a linear scan over the nodes."""
    from kb.lookup import open_build

    loads = []
    graph = None
    for _ in range(repeat):
        started = time.perf_counter()
        graph = open_build(build)
        loads.append(time.perf_counter() - started)
    assert graph is not None
    numbers = [str(node.number) for node in graph]
    wanted = random.Random(26).sample(numbers, 200)
    loaded = graph

    def by_get() -> None:
        for text in wanted:
            assert loaded.get(text) is not None

    def by_scan() -> None:
        for text in wanted:
            assert next(node for node in loaded if str(node.number) == text) is not None

    get = _per_call(f"`graph.get(number)` (warm, per lookup, {len(numbers)} nodes)", by_get,
                    len(wanted), repeat)
    scan = _per_call("linear scan for the number (per lookup)", by_scan, len(wanted), repeat)
    load = Figure("`open_build` (load kb.json into a graph)", loads)
    return [(get, scan), (load, None)]


def _per_call(name: str, function: Callable[[], None], calls: int, repeat: int) -> Figure:
    values = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        values.append((time.perf_counter() - started) / calls * 1e6)
    return Figure(name, values, "µs")


def _lookup_section(lookups: list[tuple[Figure, Figure | None]],
                    in_process: list[tuple[Figure, Figure | None]]) -> str:
    return "\n".join([
        "### Rule lookup",
        "",
        ("A cold `kb rule` is a new process that imports kb, loads `kb.json` and prints one "
        "rule; its peer is `grep` finding the same line in the CR text (which shows the text "
        "only: no children, references, versions or pages). In-process lookups run over 200 "
        "rule numbers sampled with a fixed seed; the peer is a linear scan of the same graph."),
        "",
        peer_table(lookups + in_process),
    ])


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
