"""Robustness figures: SIGKILL trials against `kb build`, recovery after a kill, and the
cost of decoding a 20 MB file in each encoding kb detects.

The kill trials check the same invariant as tests/test_atomic_build.py (after every kill,
_build/ is the previous build file for file, or the whole new one) and time it; this
module is where the numbers come from, the test only passes or fails.
"""

from __future__ import annotations

import codecs
import functools
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from bench.buildfiles import MARKER, comparable_names, file_hashes, holds_every_document
from bench.common import (
    CR_FILE,
    DEV_QUERIES,
    ROOT,
    Figure,
    figures_table,
    table,
    time_call,
    time_command,
)
from kb.textio import decode

KILL_PHASES = ("any time", "after the lock", "near the end", "just after the swap")


def _corpus(root: Path, copies: int = 0) -> Path:
    """The seeds (and renamed copies), with one marker page a build replaces."""
    wiki = root / "corpus" / "wiki"
    wiki.mkdir(parents=True)
    for path in sorted((ROOT / "corpus" / "wiki").glob("*.txt")):
        shutil.copy(path, wiki / path.name)
        body = path.read_text(encoding="utf-8").split("\n", 1)[1]
        for copy in range(copies):
            (wiki / f"{path.stem}{copy}.txt").write_text(f"{path.stem}{copy}\n{body}", encoding="utf-8")
    _mark(root / "corpus", 0)
    return root / "corpus"


def _mark(corpus: Path, number: int) -> str:
    for old in corpus.glob(f"wiki/{MARKER}*.txt"):
        old.unlink()
    marker = f"{MARKER}{number}"
    (corpus / "wiki" / f"{marker}.txt").write_text(f"{marker}\n本文。\n", encoding="utf-8")
    return marker


def _command(corpus: Path, out: Path) -> list[str]:
    command = [sys.executable, "-m", "kb", "build", "--corpus", str(corpus), "--out", str(out), "-q"]
    if CR_FILE.is_file():
        command += ["--cr", str(CR_FILE)]
    return command


def _work_dirs(out: Path) -> set[Path]:
    return set(out.parent.glob(f".{out.name}.tmp-*"))


def _wait(condition: Callable[[], bool], process: subprocess.Popen[bytes]) -> None:
    while not condition() and process.poll() is None:
        time.sleep(0.001)


def kill_trials(root: Path, trials: int, seed: int) -> tuple[str, Figure, Figure, Figure]:
    """Run ``trials`` killed builds; return an outcome table and the timing figures."""
    corpus = _corpus(root)
    out = root / "_build"
    build_wall, _ = time_command("full build (seeds + CR, with the site), warm",
                                 _command(corpus, out), repeat=3, cwd=root)
    seconds = build_wall.median
    rng = random.Random(seed)
    previous = file_hashes(out)
    outcomes: Counter[tuple[str, str]] = Counter()
    trial_walls, kill_points = [], []
    for trial in range(trials):
        marker = _mark(corpus, trial + 1)
        phase = KILL_PHASES[trial % len(KILL_PHASES)]
        left_over = _work_dirs(out)  # an earlier killed build's, not this one's
        inode = out.stat().st_ino
        started = time.perf_counter()
        process = subprocess.Popen(_command(corpus, out), cwd=root, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        if phase == "any time":
            time.sleep(rng.uniform(0, seconds))
        elif phase == "after the lock":

            def started_work(seen: set[Path] = left_over) -> bool:
                return bool(_work_dirs(out) - seen)

            _wait(started_work, process)
            time.sleep(rng.uniform(0, seconds / 2))
        elif phase == "near the end":
            time.sleep(rng.uniform(seconds * 0.6, seconds * 0.95))
        else:

            def swapped(old: int = inode) -> bool:
                return out.stat().st_ino != old

            _wait(swapped, process)
            time.sleep(rng.uniform(0, 0.03))
        kill_points.append(time.perf_counter() - started)
        process.kill()
        process.wait()
        now = file_hashes(out)
        titles = {p["title"] for p in json.loads((out / "kb.json").read_text(encoding="utf-8"))["pages"]}
        if marker in titles:
            if comparable_names(now) != comparable_names(previous) or not holds_every_document(out):
                differing = sorted(comparable_names(now) ^ comparable_names(previous))[:10]
                raise AssertionError(f"trial {trial}: new build incomplete (files differing: {differing}; "
                                     f"index whole: {holds_every_document(out)})")
            outcome = "finished" if process.returncode == 0 else "killed after the swap"
        else:
            if now != previous:
                raise AssertionError(f"trial {trial}: build changed but is not the new one")
            outcome = "killed, old build kept"
        outcomes[(phase, outcome)] += 1
        previous = now
        trial_walls.append(time.perf_counter() - started)
    rows = [[phase] + [str(outcomes[(phase, o)]) for o in
                       ("killed, old build kept", "killed after the swap", "finished")]
            for phase in KILL_PHASES]
    outcome_table = table(["kill", "killed, old build kept", "killed after the swap", "finished"], rows)
    return (outcome_table, build_wall, Figure("time to kill (from start)", kill_points),
            Figure("trial (start → kill → checked)", trial_walls))


def recovery(root: Path, repeat: int = 5) -> tuple[Figure, Figure]:
    """A build that first clears a killed build's litter, against a clean one (interleaved,
    so the machine's drift hits both alike)."""
    corpus = _corpus(root)
    out = root / "_build"
    command = _command(corpus, out)
    subprocess.run(command, cwd=root, check=True)
    clean, after_kill = [], []
    for _ in range(repeat):
        litter = out.parent / f".{out.name}.tmp-999999"
        shutil.copytree(out, litter)  # what a build killed after writing leaves
        subprocess.run(["sync"], check=True)  # time the build, not flushing the copy
        started = time.perf_counter()
        subprocess.run(command, cwd=root, check=True)
        after_kill.append(time.perf_counter() - started)
        if litter.exists():
            raise AssertionError("litter not removed")
        subprocess.run(["sync"], check=True)
        started = time.perf_counter()
        subprocess.run(command, cwd=root, check=True)
        clean.append(time.perf_counter() - started)
    return (Figure("build, no litter", clean),
            Figure("build after a killed one (litter to clear)", after_kill))


def decoding(megabytes: int = 20) -> list[Figure]:
    page = (ROOT / "corpus" / "wiki" / "タイムスタンプ.txt").read_text(encoding="utf-8")
    copies = megabytes * 1_000_000 // len(page.encode()) + 1
    text = page * copies
    figures = []
    for label, data in [
        ("UTF-8", text.encode()),
        ("UTF-8 with BOM", codecs.BOM_UTF8 + text.encode()),
        ("UTF-16 LE, no BOM", text.encode("utf-16-le")),
        ("CP932", text.encode("cp932")),
        ("EUC-JP", text.encode("euc_jp")),
    ]:
        figures.append(time_call(f"decode {len(data) / 1e6:.0f} MB {label}",
                                 functools.partial(decode, data), repeat=3))
    return figures


def _dev_queries() -> list[str]:
    if not DEV_QUERIES.is_file():
        return ["フェイズアウト トークン", "変異 裏向き", "表向き タイムスタンプ", "702.26d", "Glorious Anthem"]
    rows = [line.split("\t") for line in DEV_QUERIES.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return [row[0] for row in rows if row[0]]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _time_table(rows: list[tuple[str, list[float]]]) -> str:
    def ms(value: float) -> str:
        return f"{value * 1000:.1f} ms"

    return table(["queries", "min", "median", "p95", "p99", "max", "n"],
                 [[name, ms(min(v)), ms(statistics.median(v)), ms(_percentile(v, 0.95)),
                   ms(_percentile(v, 0.99)), ms(max(v)), str(len(v))] for name, v in rows])


def concurrent_queries(root: Path, queries: int, cli: int, rebuilds_wanted: int) -> tuple[str, str]:
    """Query times with ``_build/`` at rest and while ``kb build`` rebuilds it in a loop:
    in-process (a fresh Searcher per query, which pins the current build; and one kept
    open) and ``kb search`` processes.  Every answer is checked to name a build."""
    from kb.search.searcher import Searcher

    corpus = _corpus(root)
    out = root / "_build"
    subprocess.run(_command(corpus, out), check=True, cwd=root)
    texts = _dev_queries()
    kept = Searcher.open(out)
    kept.search(texts[0])  # Sudachi loads its dictionaries once per process
    rebuilds: list[float] = []

    def measure(label: str, busy: bool) -> tuple[list[tuple[str, list[float]]], set[str]]:
        fresh: list[float] = []
        held: list[float] = []
        processes: list[float] = []
        builds: set[str] = set()
        i = 0
        while len(fresh) < queries or len(processes) < cli or (busy and len(rebuilds) < rebuilds_wanted):
            query = texts[i % len(texts)]
            i += 1
            started = time.perf_counter()
            searcher = Searcher.open(out)
            response = searcher.search(query)
            searcher.close()
            fresh.append(time.perf_counter() - started)
            builds.add(response.build or "")
            started = time.perf_counter()
            kept.search(query)
            held.append(time.perf_counter() - started)
            if i % max(1, queries // max(1, cli)) == 0:
                started = time.perf_counter()
                result = subprocess.run([sys.executable, "-m", "kb", "search", "--json", "--build",
                                         str(out), "--", query], capture_output=True, check=False)
                processes.append(time.perf_counter() - started)
                if result.returncode not in (0, 1):
                    raise AssertionError(f"kb search {query!r}: {result.stderr.decode(errors='replace')}")
                builds.add(json.loads(result.stdout)["build"] or "")
        return [(f"open, search, close ({label})", fresh), (f"kept searcher ({label})", held),
                (f"`kb search` process ({label})", processes)], builds - {""}

    at_rest, _ = measure("at rest", busy=False)
    done = threading.Event()

    def keep_building() -> None:
        while not done.is_set():
            started = time.perf_counter()
            subprocess.run(_command(corpus, out), check=True, cwd=root)
            rebuilds.append(time.perf_counter() - started)

    builder = threading.Thread(target=keep_building)
    builder.start()
    try:
        busy, builds = measure("during rebuilds", busy=True)
    finally:
        done.set()
        builder.join()
        kept.close()
    rows = [row for pair in zip(at_rest, busy, strict=True) for row in pair]
    note = (f"During the second pass `kb build` (seeds + CR, with the site) ran {len(rebuilds)} times "
            f"(median {statistics.median(rebuilds):.1f} s each, back to back); the answers came from "
            f"{len(builds)} different builds, each named by its build id and whole "
            "(tests/test_search_concurrency.py checks the answers; this only times them). The kept "
            "searcher stays on the build it opened. Queries: the shared dev queries, in turn; the "
            "slowdown during rebuilds is the cores shared with the build, not waiting: a reader pins "
            "the build it finds and waits only if that one is being deleted just then.")
    return _time_table(rows), note


def run(quick: bool = False) -> str:
    trials = 12 if quick else 48
    seed = 20260116
    with tempfile.TemporaryDirectory() as temp:
        outcome_table, build_wall, kill_points, trial_walls = kill_trials(Path(temp) / "k", trials, seed)
        clean, after_kill = recovery(Path(temp) / "r")
        query_table, query_note = concurrent_queries(Path(temp) / "q", 100 if quick else 1000,
                                                     10 if quick else 100, 1 if quick else 3)
    decode_figures = decoding(5 if quick else 20)
    utf8 = decode_figures[0].median
    ratios = ", ".join(f"{f.name.split(' ', 3)[-1]} ×{f.median / utf8:.1f}" for f in decode_figures[1:])
    what = (f"{trials} builds of the seeds and the CR (with the site) were killed with SIGKILL "
            f"(seed {seed}), a quarter each: at a random time; at a random time after the build "
            "took its lock; near the end of a build; just after the swap. After every kill "
            "`_build/` was checked file by file: the previous build, or the whole new one.")
    note = ("No trial left a partial or missing `_build/`. Recovery after a kill costs the "
            "removal of one temporary folder: compare the last two build rows.")
    return "\n\n".join([
        "## Robustness: killed builds, recovery, queries during rebuilds, decoding",
        what,
        outcome_table,
        figures_table([build_wall, kill_points, trial_walls, clean, after_kill]),
        "Search while `kb build` rewrites the index (seeds + CR), each query timed alone:",
        query_table,
        query_note,
        f"Decoding (`kb.textio.decode`); ratios to UTF-8 in the same run: {ratios}.",
        figures_table(decode_figures),
        note,
    ])


if __name__ == "__main__":  # or: python -m bench --only robustness
    print(run(quick="--quick" in sys.argv))
