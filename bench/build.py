"""Build and lookup: the full build with the CR, the seeds-only build, and rule lookups.

Peers: ``grep`` for the rule line in the CR file (what a user would otherwise type) and a
linear scan for in-process lookups; the interpreter start-up with kb imported is the floor
under every ``kb`` process.  Goal (issue 2): the full build with the CR in ≤ 10 s here.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.common import CR_FILE, ROOT, Figure, figures_table
from bench.kbrun import (
    KB,
    BuildFigures,
    build_args,
    interleaved_builds,
    interleaved_commands,
    run_child,
)
from bench.report import fmt, peer_table, verdict

BUILD_GOAL = 10.0
GRAPH_STAGES = ("read", "graph", "export")
"""What issue 2's goal covers: parse, link, export (the later stages have their own figures)."""
LOOKUP_RULE = "702.26d"
LOOKUP_QUERY = "フェイズアウト トークン"
GREP_PATTERN = "^" + LOOKUP_RULE.replace(".", r"\.") + " "
CORPUS = ROOT / "corpus"
SUDACHI_GOAL = 8.0
"""Issue 17: a clean build with the CR within 8× Sudachi tokenizing the same text once."""
SEEDS_BEFORE = 3.21 / 1.2
"""Issue 17's starting point for the seeds-only build, as a ratio to the same peer: 3.21 s
(bench/RESULTS.md at f5be243) against 1.2 s for Sudachi (the issue's run).  The goal is
half of it.  Measured again at 2fb8f51 in one run on a loaded machine: 19.5 s against
3.8 s (5.1×): the starting ratio was, if anything, larger."""
RULE_FLOOR_GOAL, SEARCH_FLOOR_GOAL = 2.0, 4.0
"""Issue 17: cold ``kb rule`` ≤ 2×, ``kb search`` ≤ 4× ``python -c "import sqlite3, json"``."""
MEMORY_GOAL_MB = 1024.0


def run(quick: bool = False) -> str:
    repeat = 2 if quick else 5
    if not CR_FILE.is_file():
        return f"## Build and lookup\n\nSkipped: the CR file is not at `{CR_FILE}`.\n"
    with tempfile.TemporaryDirectory(prefix="kb-bench-build-") as tmp:
        work = Path(tmp)
        # A compile cache of this run's own: the warm-up builds fill it, as a user's first
        # build would; "no cache" builds turn it off (a vocabulary never compiled before).
        os.environ["KB_CACHE_DIR"] = str(work / "cache")
        jobs = [(build_args(CORPUS, [CR_FILE]), work / "full"), (build_args(CORPUS, []), work / "seeds")]
        interleaved_builds(jobs, 0)
        full, seeds, uncached = BuildFigures(), BuildFigures(), BuildFigures()
        peer_values: list[float] = []
        for _ in range(repeat):  # round-robin: a burst of load slows one of each
            one_full, one_seeds = interleaved_builds(jobs, 1, warmup=0, sample_every=0.1)
            full.runs += one_full.runs
            seeds.runs += one_seeds.runs
            os.environ["KB_CACHE_DIR"] = ""
            uncached.runs += interleaved_builds([jobs[0]], 1, warmup=0)[0].runs
            os.environ["KB_CACHE_DIR"] = str(work / "cache")
            peer_values.append(_sudachi_peer())
        peer = Figure("Sudachi tokenizing the same text once (mode C, one core)", peer_values)
        floor_name = 'python start-up + `import sqlite3, json` (floor)'
        rule, rule_json, search, grep, floor = interleaved_commands([
            (f"`kb rule {LOOKUP_RULE}` (cold process)",
             [*KB, "rule", LOOKUP_RULE, "--build", str(work / "full")]),
            (f"`kb rule {LOOKUP_RULE} --json` (cold process)",
             [*KB, "rule", LOOKUP_RULE, "--json", "--build", str(work / "full")]),
            (f"`kb search '{LOOKUP_QUERY}'` (cold process)",
             [*KB, "search", LOOKUP_QUERY, "--build", str(work / "full")]),
            (f"`grep -m1 '{GREP_PATTERN}' rules.txt`", ["grep", "-m1", GREP_PATTERN, str(CR_FILE)]),
            (floor_name, [sys.executable, "-c", "import sqlite3, json"]),
        ], repeat * 2)
        lookups: list[tuple[Figure, Figure | None]] = [(rule, floor), (rule_json, floor),
                                                       (search, floor), (rule, grep), (floor, grep)]
        in_process = _in_process(work / "full", repeat)
        json_size = (work / "full" / "kb.json").stat().st_size
        store_size = (work / "full" / "kb.sqlite").stat().st_size
    return "\n\n".join([
        "## Build and lookup (seeds + CR 20260116)",
        _build_section(full, seeds, uncached, peer, json_size, store_size),
        _lookup_section(lookups, in_process, rule, search, floor),
    ]) + "\n"


def _sudachi_peer() -> float:
    """One run of :mod:`bench.sudachi_files` over the full build's input."""
    files = [CR_FILE, *sorted((CORPUS / "wiki").glob("*.txt"))]
    child = run_child([sys.executable, "-m", "bench.sudachi_files", *map(str, files)])
    return float(child.stdout.split()[0])


# -- builds -----------------------------------------------------------------------------


def _build_section(full: BuildFigures, seeds: BuildFigures, uncached: BuildFigures,
                   peer: Figure, json_size: int, store_size: int) -> str:
    stage_rows = [full.stage(name, f"  stage `{name}`") for name in full.stage_names()]
    wall = full.wall("full build with the CR (wall, `kb build` process)")
    seeds_wall = seeds.wall("seeds-only build (wall)")
    uncached_wall = uncached.wall("full build with the CR, compile cache off (wall)")
    graph_part = Figure("parse + graph + export with the CR (stages read, graph, export)",
                        [sum(seconds for name, seconds in run.stages if name in GRAPH_STAGES)
                         for run in full.runs])
    peak = full.peak("full build with the CR: peak RSS, largest process")
    tree = full.tree("full build with the CR: peak of all its processes (PSS, sampled)")
    figures = [
        graph_part,
        *stage_rows,
        *[seeds.stage(name, f"  seeds-only stage `{name}`") for name in seeds.stage_names()],
        uncached.stage("dictionary", "  compile cache off: stage `dictionary`"),
        uncached.peak("full build with the CR, compile cache off: peak RSS, largest process"),
        seeds.peak("seeds-only build: peak RSS, largest process"),
    ]
    report = full.last
    stages_total = sum(f.median for f in stage_rows)
    memory = max(peak.median, tree.median if tree.values else 0.0)
    return "\n".join([
        "### Full build with the CR",
        "",
        (f"`kb build --cr rules.txt` reads {report['pages']} wiki pages and the CR "
        f"({report['rules_with_text']} rules with text, versions {', '.join(report['versions'])}), "
        f"links the graph and writes `kb.json` ({json_size / 1e6:.1f} MB) and `kb.sqlite` "
        f"({store_size / 1e6:.1f} MB). Each run is a fresh `kb build --clean` process, measured "
        "from outside (wall) with the peak RSS of its largest process and the sampled peak of "
        "all its processes; stage seconds come from `kb build --json`. The peer is "
        "`python -m bench.sudachi_files` tokenizing the CR and the wiki pages once (mode C, "
        "dictionary loaded first), run between the builds. One unmeasured build of each kind "
        "first warms the page cache and fills the compile cache (`KB_CACHE_DIR`, this run's "
        "own), as a first build would; the builds with the compile cache off compile the user "
        "dictionary as a build with a new vocabulary does."),
        "",
        peer_table([(wall, peer), (seeds_wall, peer), (uncached_wall, peer), (peer, None),
                    (peak, None), (tree, None)]),
        "",
        figures_table(figures),
        "",
        (f"- Goal (issue 17) clean build with the CR ≤ {SUDACHI_GOAL:.0f}× Sudachi tokenizing "
        f"the same text: {_ratio_verdict(wall.median, peer.median, SUDACHI_GOAL)}; with the "
        f"compile cache off {uncached_wall.median / peer.median:.1f}×."),
        (f"- Goal (issue 17) seeds-only build ≤ 0.5× its starting ratio to the same peer "
        f"({SEEDS_BEFORE:.2f}×, so ≤ {SEEDS_BEFORE / 2:.2f}×): "
        f"{_ratio_verdict(seeds_wall.median, peer.median, SEEDS_BEFORE / 2)}."),
        (f"- Goal (issue 17) peak memory of the CR build ≤ {MEMORY_GOAL_MB:.0f} MB (the larger "
        f"of the largest process and all processes): {verdict(memory, MEMORY_GOAL_MB, 'MB')}."),
        (f"- Goal (issue 2) ≤ {BUILD_GOAL:.0f} s for parsing, linking and exporting the CR build: "
        f"{verdict(graph_part.median, BUILD_GOAL)}."),
        (f"- The stages account for {fmt(stages_total)} of the {fmt(wall.median)} wall; the rest "
        "is interpreter start-up and imports, the lock, fsync and the directory swap."
        if stages_total <= wall.median else
        f"- The stages add up to {fmt(stages_total)}, more than the {fmt(wall.median)} wall: "
        "`dictionary` and `index` run in a child process beside `checks`, `export` and `site`."),
    ])


def _ratio_verdict(value: float, peer: float, goal: float) -> str:
    ratio = value / peer
    state = "met" if ratio <= goal else "**missed**"
    return f"{state} ({fmt(value)} against {fmt(peer)}: {ratio:.2f}× {'≤' if ratio <= goal else '>'} {goal:.2f}×)"


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
                    in_process: list[tuple[Figure, Figure | None]],
                    rule: Figure, search: Figure, floor: Figure) -> str:
    return "\n".join([
        "### Rule lookup",
        "",
        ("A cold `kb rule` is a new process that imports kb's command line, reads one row of "
        "`kb.sqlite` and prints the rule; a cold `kb search` loads the search (Whoosh, "
        "Sudachi and its dictionary, the query tables) and answers. Their floor is the bare "
        "interpreter importing `sqlite3` and `json`; `grep` finding the rule's line in the CR "
        "text is the other peer (it shows the text only: no children, references, versions "
        "or pages). In-process lookups run over 200 rule numbers sampled with a fixed seed; "
        "the peer is a linear scan of the same graph."),
        "",
        peer_table(lookups + in_process),
        "",
        (f"- Goal (issue 17) cold `kb rule` ≤ {RULE_FLOOR_GOAL:.0f}× the floor: "
        f"{_ratio_verdict(rule.median, floor.median, RULE_FLOOR_GOAL)}."),
        (f"- Goal (issue 17) cold `kb search` ≤ {SEARCH_FLOOR_GOAL:.0f}× the floor: "
        f"{_ratio_verdict(search.median, floor.median, SEARCH_FLOOR_GOAL)}."),
    ])


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
