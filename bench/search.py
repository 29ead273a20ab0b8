"""Search: build time against the Sudachi floor, query latency, cold start, and quality.

``python -m bench --only search`` (or ``python -m bench.search [--quick]``) prints the
markdown section; ``python -m bench`` puts it in bench/RESULTS.md.
"""

from __future__ import annotations

import shutil
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
    run_measured,
    table,
    time_call,
    time_command,
)

CORPUS = ROOT / "corpus"
OWN_QUERIES = ROOT / "tests" / "fixtures" / "search_queries.tsv"
LATENCY_GOAL_MS = 30.0
COLD_GOAL_S = 0.8


def run(quick: bool = False) -> str:
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    repeat = 1 if quick else 3
    rounds = 3 if quick else 20
    kb = str(Path(sys.executable).parent / "kb")
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        seeds_out = Path(tmp) / "seeds"
        full_out = Path(tmp) / "full"
        # Child processes first, while this process is small: a child's peak RSS can
        # include its parent's at fork time.  Each into a fresh directory: nothing reused.
        walls, peaks = [], []
        for index in range(repeat):
            wall, peak = run_measured([kb, "build", "-q", "--corpus", str(CORPUS), "--cr",
                                       str(CR_FILE), "--out", str(Path(tmp) / f"fresh-{index}")])
            walls.append(wall)
            peaks.append(peak)
        build_wall = Figure("`kb build --cr` (seeds + CR), fresh directory, whole process", walls)
        build_rss = Figure("the same: peak RSS (the `ubuild` child's, mostly)", peaks, "MB")
        shutil.copytree(Path(tmp) / "fresh-0", full_out)
        time_command("seeds build", [kb, "build", "-q", "--corpus", str(CORPUS), "--out", str(seeds_out)],
                     repeat=1)
        cold, cold_rss = time_command(
            "cold `kb search 'フェイズアウト トークン'` (seeds + CR)",
            [kb, "search", "フェイズアウト トークン", "--build", str(full_out)],
            repeat=3 if quick else 7)
        stage_times: dict[str, list[float]] = {}
        for index in range(repeat):
            fresh = Path(tmp) / f"stages-{index}"
            for label, out in (("fresh", fresh), ("rebuild, same vocabulary", fresh)):
                report = build(BuildOptions(corpus=CORPUS, cr=[CR_FILE], out=out))
                for name, seconds in report.timings:
                    if name in ("dictionary", "index"):
                        stage_times.setdefault(f"stage `{name}`, {label}", []).append(seconds)
        floor = _sudachi_floor(full_out, repeat)
        latency = {label: _latency(path, rounds) for label, path in
                   (("seeds", seeds_out), ("seeds + CR", full_out))}
        quality = [_quality(path, DEV_QUERIES, label) for label, path in
                   (("seeds", seeds_out), ("seeds + CR", full_out))]
        own = _quality(full_out, OWN_QUERIES, "seeds + CR, own queries")
    build_figures = [build_wall, build_rss,
                     *(Figure(name, values) for name, values in sorted(stage_times.items())),
                     floor]
    index_ratio = statistics.median(stage_times["stage `index`, fresh"]) / floor.median
    search_ratio = (statistics.median(stage_times["stage `dictionary`, fresh"]) +
                    statistics.median(stage_times["stage `index`, fresh"])) / floor.median
    lines = [
        "## Search",
        "",
        ("Build of the seeds + CR, and the two search stages (in process, into a fresh "
        "directory, then rebuilt there with the same vocabulary, which reuses the compiled "
        "user dictionary), against our floor: Sudachi alone (mode C, with the MTG user "
        "dictionary) tokenizing the text of every search document once."),
        "",
        figures_table(build_figures),
        "",
        (f"In a fresh directory the index stage takes {index_ratio:.1f}× the Sudachi floor, "
        f"dictionary + index {search_ratio:.1f}×.  The rest is Python around each word "
        "(offsets, units), term extraction over the whole text with the system dictionary, "
        "Whoosh writing postings, and `sudachipy ubuild` (a child process that loads the "
        "whole system dictionary to resolve the entries: about 2.5 s and most of the build's "
        "peak RSS whatever the number of entries; skipped on a rebuild with the same "
        "vocabulary)."),
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
    from kb.search.evaluate import read_queries
    from kb.search.searcher import Searcher

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


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
