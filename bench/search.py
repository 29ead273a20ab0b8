"""Search: build time against the Sudachi floor, query latency, cold start, and quality.

``python -m bench.search [--quick]`` prints the markdown section; ``--write`` also writes
it to bench/RESULTS.md with the machine facts (until the shared runner does that).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import (
    CR_FILE,
    DEV_QUERIES,
    ROOT,
    Figure,
    figures_table,
    machine,
    table,
    time_call,
    time_command,
)

CORPUS = ROOT / "corpus"
OWN_QUERIES = ROOT / "tests" / "fixtures" / "search_queries.tsv"
LATENCY_GOAL_MS = 30.0
COLD_GOAL_S = 0.8


def run(quick: bool = False) -> str:
    from kb.build import BuildOptions, build

    repeat = 1 if quick else 3
    rounds = 3 if quick else 20
    kb = str(Path(sys.executable).parent / "kb")
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        seeds_out = Path(tmp) / "seeds"
        full_out = Path(tmp) / "full"
        # Child processes first, while this process is small: a child's peak RSS can
        # include its parent's at fork time.
        build_wall, build_rss = time_command(
            "`kb build --cr` (seeds + CR), whole process",
            [kb, "build", "-q", "--corpus", str(CORPUS), "--cr", str(CR_FILE), "--out", str(full_out)],
            repeat=repeat)
        time_command("seeds build", [kb, "build", "-q", "--corpus", str(CORPUS), "--out", str(seeds_out)],
                     repeat=1)
        cold, cold_rss = time_command(
            "cold `kb search 'フェイズアウト トークン'` (seeds + CR)",
            [kb, "search", "フェイズアウト トークン", "--build", str(full_out)],
            repeat=3 if quick else 7)
        stage_times: dict[str, list[float]] = {}
        for _ in range(repeat):
            report = build(BuildOptions(corpus=CORPUS, cr=[CR_FILE], out=full_out))
            for name, seconds in report.timings:
                stage_times.setdefault(name, []).append(seconds)
        floor = _sudachi_floor(full_out, repeat)
        latency = {label: _latency(path, rounds) for label, path in
                   (("seeds", seeds_out), ("seeds + CR", full_out))}
        quality = [_quality(path, DEV_QUERIES, label) for label, path in
                   (("seeds", seeds_out), ("seeds + CR", full_out))]
        own = _quality(full_out, OWN_QUERIES, "seeds + CR, own queries")
    build_figures = [build_wall, build_rss,
                     *(Figure(f"stage {name} (in process)", values)
                       for name, values in stage_times.items()),
                     floor]
    index_ratio = statistics.median(stage_times["index"]) / floor.median
    search_ratio = (statistics.median(stage_times["dictionary"]) +
                    statistics.median(stage_times["index"])) / floor.median
    lines = [
        "## Search",
        "",
        ("Build of the seeds + CR, and per stage, against our floor: Sudachi alone (mode C, "
        "with the MTG user dictionary) tokenizing the text of every search document once."),
        "",
        figures_table(build_figures),
        "",
        (f"The index stage takes {index_ratio:.1f}× the Sudachi floor, dictionary + index "
        f"{search_ratio:.1f}×.  The rest is Python around each word (offsets, units), term "
        "extraction over the whole text with the system dictionary, Whoosh writing postings, "
        "and `sudachipy ubuild` (a child process that loads the whole system dictionary to "
        "resolve the entries: about 2.5 s and most of the build's peak RSS whatever the "
        "number of entries)."),
        "",
        (f"Warm query latency: every dev query, {rounds} rounds after one warm-up round, one "
        f"`Searcher` (goal p99 ≤ {LATENCY_GOAL_MS:.0f} ms)."),
        "",
        table(["build", "clock", "queries timed", "p50", "p90", "p99", "max"],
              [[label, clock, str(len(v)), *(_ms(_percentile(v, p)) for p in (50, 90, 99)),
                _ms(max(v))]
               for label, (walls, cpus) in latency.items()
               for clock, v in (("wall", walls), ("CPU", cpus))]),
        "",
        (f"Cold start: a new `kb search` process, start to exit, on the seeds + CR build "
        f"(goal ≤ {COLD_GOAL_S} s).  Whoosh, SudachiPy and the dictionary load only when a "
        "search runs; results come from the index's stored fields, never from `kb.json`."),
        "",
        figures_table([cold, cold_rss]),
        "",
        ("Quality on `../shared/eval/dev_queries.tsv` (`kb eval`): kb search against two "
        "baselines over the same documents, in the same run.  Queries marked `cr` count only "
        "on the build with the CR.  The last table is our own queries "
        "(`tests/fixtures/search_queries.tsv`), so that ranking is not judged on the dev set "
        "alone."),
        "",
        *quality,
        own,
    ]
    return "\n".join(lines)


def _sudachi_floor(build_dir: Path, repeat: int) -> Figure:
    from sudachipy import Dictionary, SplitMode

    from kb.normalize import fold
    from kb.search.analyzer import chunks
    from kb.search.index import read_documents
    from kb.search.layout import DICTIONARY_FILE, SEARCH_DIR

    texts = [fold(d.all_text()) for d in read_documents(build_dir)]
    config = f'{{"userDict": ["{(build_dir / SEARCH_DIR / DICTIONARY_FILE).resolve()}"]}}'
    tokenizer = Dictionary(dict="core", config=config).tokenizer(mode=SplitMode.C)

    def tokenize_all() -> None:
        for text in texts:
            for _, piece in chunks(text):
                tokenizer.tokenize(piece)

    return time_call("Sudachi floor: tokenize every document", tokenize_all, repeat=repeat)


def _latency(build_dir: Path, rounds: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per query (CPU time is what a busy shared machine distorts
    least)."""
    from kb.search.engine import Searcher
    from kb.search.evaluate import read_queries

    searcher = Searcher.open(build_dir)
    queries = [q.query for q in read_queries(DEV_QUERIES)]
    for query in queries:
        searcher.search(query)
    walls, cpus = [], []
    for _ in range(rounds):
        for query in queries:
            started, cpu = time.perf_counter(), time.process_time()
            searcher.search(query)
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - cpu)
    searcher.close()
    return walls, cpus


def _quality(build_dir: Path, queries: Path, label: str) -> str:
    from kb.search.evaluate import evaluate

    report = evaluate(build_dir, queries)
    rows = [[s.name, f"{s.recall_at(1):.3f}", f"{s.recall_at(5):.3f}", f"{s.mrr:.3f}"]
            for s in report.systems]
    kb, bigram, substring = report.systems
    return "\n".join([
        f"**{label}** ({len(report.queries)} queries from `{queries.name}`)",
        "",
        table(["system", "Recall@1", "Recall@5", "MRR"], rows),
        "",
        f"MRR {kb.mrr / bigram.mrr:.2f}× bigram BM25, {kb.mrr / substring.mrr:.2f}× substring.",
        "",
    ])


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))
    return ordered[index]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def write_results(section: str) -> Path:
    facts = machine()
    path = ROOT / "bench" / "RESULTS.md"
    header = ["# Benchmark results", "",
              *(f"- {key}: {value}" for key, value in facts.items()), ""]
    path.write_text("\n".join([*header, section, ""]), encoding="utf-8")
    return path


if __name__ == "__main__":
    output = run(quick="--quick" in sys.argv)
    print(output)
    if "--write" in sys.argv:
        print(f"\nwritten to {write_results(output)}", file=sys.stderr)
