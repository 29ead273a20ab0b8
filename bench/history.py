"""History figures (`python -m bench --only history`): the renumbering map's precision and
recall on the hand-checked samples (the first, and the fresh pairs drawn after it); the
time and peak memory of the history alone and of a whole `kb build` with 10, 30 and all
110 English releases; and an incremental `kb build` after adding one release.

Each build is a fresh process measured from outside: wall time, and peak RSS of the
process (the history alone) or of all the build's processes (`kb build`, sampled).  The
releases are the newest N, so every size is made of releases of today's length.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import (
    CR_FILE,
    ROOT,
    SHARED,
    Figure,
    Measured,
    figures_table,
    spawn_measured,
    table,
)
from bench.kbrun import BuildFigures, BuildRun, kb_build

CR_EN = SHARED / "data" / "cr-en"
SAMPLE = ROOT / "tests" / "data" / "renumbering_sample.tsv"
FRESH = ROOT / "tests" / "data" / "renumbering_fresh.tsv"
UNSEEN = ROOT / "tests" / "data" / "renumbering_unseen.tsv"
RANDOM = ROOT / "tests" / "data" / "renumbering_random.tsv"
SIZES = (10, 30, 110)
MIDDLE = "2016-07-22"
"""The release left out and added back for the incremental build of an older release."""

_CHILD = """
import json, sys, time
from kb.history import Release, history_of
from kb.history.release import Interner
from kb.sources.cr_en import read_cr_en_many, release_files
started = time.perf_counter()
files = release_files(sys.argv[1])[-int(sys.argv[2]):]
intern = Interner()
releases = [Release.from_english(r, intern) for r in read_cr_en_many(files)]
read = time.perf_counter() - started
history = history_of(releases)
total = time.perf_counter() - started
print(json.dumps({"releases": len(releases), "read": read, "align": total - read,
                  "entries": sum(len(r) for r in releases), "identities": len(history.births)}))
"""


def run(quick: bool = False) -> str:
    if not (CR_EN / "2026-01-16.txt").is_file():
        return f"## History\n\nNot measured: the English releases are not in `{CR_EN}`.\n"
    parts = ["## History (English releases, rule identity)", "", _accuracy(), "", _scaling(quick),
             "", _builds(quick)]
    return "\n".join(parts) + "\n"


def _accuracy() -> str:
    from kb.history import build_history
    from kb.history.evaluate import read_sample, score
    from kb.sources.cr_en import release_files

    history = build_history(release_files(CR_EN))
    sample, fresh, unseen = read_sample(SAMPLE), read_sample(FRESH), read_sample(UNSEEN)
    drawn = read_sample(RANDOM)
    rewrite = ("2009-05-01", "2009-07-11")
    early = ("2003-03-15", "2003-07-01", "2003-10-01", "2003-12-01", "2004-02-01", "2004-06-01")
    subsets = [
        ("first sample", sample),
        ("... 2009-05-01 -> 2009-07-11 (the Magic 2010 rewrite)",
         [r for r in sample if (r.release_from, r.release_to) == rewrite]),
        ("... 2003-2004 releases", [r for r in sample if r.release_from in early]),
        ("... 2023-11-17 -> 2026-01-16 (20231117.0 to today)",
         [r for r in sample if r.release_from == "2023-11-17"]),
        ("... every other pair", [r for r in sample if (r.release_from, r.release_to) != rewrite
                                  and r.release_from not in (*early, "2023-11-17")]),
        ("fresh pairs", fresh),
        ("... 2009-05-01 -> 2009-07-11", [r for r in fresh
                                          if (r.release_from, r.release_to) == rewrite]),
        ("... 2003-2004 releases", [r for r in fresh if r.release_from in early]),
        ("... later pairs", [r for r in fresh if (r.release_from, r.release_to) != rewrite
                             and r.release_from not in early]),
        ("both", sample + fresh),
        ("unseen pairs (16 other release pairs, written before tuning)", unseen),
        ("random pairs (seed 5151, drawn after the ordered gaps were written)", drawn),
        ("... 2009-05-01 -> 2009-07-11", [r for r in drawn if (r.release_from, r.release_to) == rewrite]),
        ("... other pairs", [r for r in drawn if (r.release_from, r.release_to) != rewrite]),
        ("all four", sample + fresh + unseen + drawn),
    ]
    rows = []
    for name, rules in subsets:
        result = score(history, rules)
        rows.append([name, str(len(rules)), str(result.pairs), f"{result.precision:.1%}",
                     f"{result.recall:.1%}"])
    misses = []
    for path, rules in ((SAMPLE, sample), (FRESH, fresh), (UNSEEN, unseen), (RANDOM, drawn)):
        misses += [f"- `{path.name}` {e}" for e in score(history, rules).errors]
    return "\n".join([
        "### Renumbering map on the hand-checked samples",
        "",
        (f"`{SAMPLE.relative_to(ROOT)}` (the first sample), `{FRESH.relative_to(ROOT)}` "
         "(pairs drawn at random after it, so the goal is not tuned to one sample) and "
         f"`{UNSEEN.relative_to(ROOT)}` (other release pairs, written before any tuning "
         f"against the first two's misses) and `{RANDOM.relative_to(ROOT)}` (rules drawn at "
         "random with a fixed seed after the last change to the alignment): for each "
         "sampled rule, every rule of a later release that carries it on (continuation, split "
         "part, merge target), or none, decided by reading both texts; rules new in the later "
         "release must map back to nothing. A pair is (sampled rule, counterpart), \"none\" "
         "counting as a counterpart. Goal (issue 15): 99% precision and recall."),
        "",
        table(["sample", "rules", "pairs", "precision", "recall"], rows),
        "",
        "Where the map and the samples disagree:",
        "",
        "\n".join(misses) or "- nowhere",
    ])


def _scaling(quick: bool) -> str:
    repeat = 1 if quick else 3
    sizes = SIZES[:2] if quick else SIZES
    figures: list[Figure] = []
    rows = []
    per_release: dict[int, float] = {}
    for size in sizes:
        walls, peaks, trees = [], [], []
        report: dict[str, float] = {}
        for _ in range(repeat):
            measured, report = _build(size)
            walls.append(measured.wall)
            peaks.append(measured.peak_mb)
            trees.append(measured.tree_mb or 0.0)
        figures.append(Figure(f"history of {size} releases (wall)", walls))
        figures.append(Figure(f"history of {size} releases: peak RSS", peaks, "MB"))
        per_release[size] = sorted(walls)[len(walls) // 2] / size
        rows.append([str(size), f"{report['entries']:,.0f}", f"{report['identities']:,.0f}",
                     f"{report['read']:.1f} s", f"{report['align']:.1f} s",
                     f"{per_release[size] * 1000:.0f} ms"])
    smallest = min(per_release)
    growth = ", ".join(f"{size}: {per_release[size] / per_release[smallest]:.2f}×"
                       for size in sorted(per_release))
    return "\n".join([
        "### Building the history",
        "",
        ("A fresh process reads the newest N release files and aligns each to the next; wall "
         "time and peak RSS from outside, the split between reading and aligning from inside "
         "(last run). Goals (issue 15): time at most linear in the releases, all 110 in about "
         "5 minutes, peak ≤ 2 GB."),
        "",
        figures_table(figures),
        "",
        table(["releases", "entries", "identities", "read", "align", "wall per release"], rows),
        "",
        f"- Time per release relative to {smallest} releases: {growth} (1× is linear).",
    ])


def _build(size: int) -> tuple[Measured, dict[str, float]]:
    with tempfile.TemporaryFile() as out:
        measured = spawn_measured([sys.executable, "-c", _CHILD, str(CR_EN), str(size)],
                                  cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL,
                                  sample_every=0.5)
        out.seek(0)
        text = out.read().decode()
    if measured.code != 0:
        raise RuntimeError(f"history of {size} releases exited {measured.code}")
    return measured, json.loads(text.strip().splitlines()[-1])


# -- whole builds -------------------------------------------------------------------------------


def _release_args(files: list[Path]) -> list[str]:
    args: list[str] = []
    for path in files:
        args += ["--cr-en", str(path)]
    return args


def _builds(quick: bool) -> str:
    """``kb build`` of the repository's corpus, the Japanese CR and the newest N English
    releases (clean, all processes' peak memory sampled); then incremental builds: all
    releases but one built, the one added, built again (against a clean build of all)."""
    from kb.sources.cr_en import release_files

    if not CR_FILE.is_file():
        return f"### Whole builds\n\nNot measured: the Japanese CR is not at `{CR_FILE}`.\n"
    files = release_files(CR_EN)
    repeat = 1 if quick else 2
    sizes = SIZES[:2] if quick else SIZES
    base = ["--corpus", str(ROOT / "corpus"), "--cr", str(CR_FILE)]
    figures: list[Figure] = []
    rows: list[list[str]] = []
    per_release: dict[int, float] = {}
    clean_all: BuildFigures | None = None
    with tempfile.TemporaryDirectory(prefix="kb-bench-history-") as tmp:
        work = Path(tmp)
        for size in sizes:
            args = base + _release_args(files[-size:])
            kb_build(args, work / f"n{size}")  # warm-up: page cache, .pyc files
            runs = BuildFigures([kb_build(args, work / f"n{size}", sample_every=0.25)
                                 for _ in range(repeat)])
            figures += [runs.wall(f"kb build, {size} releases (wall)"),
                        runs.tree(f"kb build, {size} releases: peak RSS, all processes")]
            wall = sorted(r.wall for r in runs.runs)[len(runs.runs) // 2]
            per_release[size] = wall
            stages = dict(runs.runs[-1].stages)
            rows.append([str(size), f"{wall:.1f} s", f"{stages.get('read', 0):.1f} s",
                         f"{stages.get('history', 0):.1f} s", f"{stages.get('site', 0):.1f} s"])
            if size == len(files):
                clean_all = runs
        incremental = _incremental(work, base, files, repeat) if not quick else []
    smallest = min(per_release)
    growth = ", ".join(f"{size}: {per_release[size] - per_release[smallest]:+.1f} s "
                       f"({(per_release[size] - per_release[smallest]) / (size - smallest):.2f} s "
                       "per release added)" for size in sorted(per_release) if size != smallest)
    parts = [
        "### Whole builds",
        "",
        ("`kb build --clean` of the repository's corpus, the Japanese CR 20260116.0 and the "
         "newest N English releases; wall time from outside, peak memory of all the build's "
         "processes together (sampled every 0.25 s). Goals (issue 15): time at most linear "
         "in the releases, all 110 in about 5 minutes, peak ≤ 2 GB."),
        "",
        figures_table(figures),
        "",
        table(["releases", "wall (median)", "read", "history", "site"], rows),
        "",
        f"- Growth over {smallest} releases: {growth or 'one size only'}.",
    ]
    if incremental:
        parts += ["", _incremental_table(incremental, clean_all)]
    return "\n".join(parts)


def _incremental(work: Path, base: list[str], files: list[Path], repeat: int
                 ) -> list[tuple[str, BuildFigures]]:
    found = []
    for label, left_out in (("adding the newest release (2026-01-16)", files[-1].stem),
                            (f"adding an older release ({MIDDLE})", MIDDLE)):
        without = base + _release_args([f for f in files if f.stem != left_out])
        everything = base + _release_args(files)
        out = work / f"inc-{left_out}"
        runs: list[BuildRun] = []
        for _ in range(repeat):
            kb_build(without, out, clean=False)
            runs.append(kb_build(everything, out, clean=False))
        found.append((label, BuildFigures(runs)))
    return found


def _incremental_table(incremental: list[tuple[str, BuildFigures]], clean_all: BuildFigures | None) -> str:
    clean = clean_all.wall("clean build, all releases") if clean_all else None
    parts = ["### Incremental build after adding one release", "",
             ("All releases but one built, the one added and `kb build` run again (it "
              "reads only the new file and aligns only its one or two pairs; the other "
              "pairs' alignments come from the build's cache, `cr-en-pairs`; the search "
              "segment of the CR, written again when today's texts change, analyses only the "
              "documents whose text changed, `search/analysed.bin`). Goal "
              "(issue 15): ≤ 10% of a clean build."), ""]
    rows = []
    for name, runs in incremental:
        wall = sorted(r.wall for r in runs.runs)[len(runs.runs) // 2]
        share = f"{wall / clean.median:.0%}" if clean else "-"
        slow = ", ".join(f"{n} {v:.1f} s" for n, v in runs.runs[-1].stages if v >= 0.3)
        rows.append([name, f"{wall:.1f} s", share, slow])
    if clean:
        rows.append(["clean build of all releases", f"{clean.median:.1f} s", "100%", ""])
    parts.append(table(["build", "wall (median)", "of a clean build", "stages ≥ 0.3 s (last run)"],
                       rows))
    return "\n".join(parts)


def incremental_only(repeat: int = 1) -> str:
    """The incremental builds alone, against clean builds of all releases run beside them
    (``python -m bench.history --incremental``)."""
    from kb.sources.cr_en import release_files

    files = release_files(CR_EN)
    base = ["--corpus", str(ROOT / "corpus"), "--cr", str(CR_FILE)]
    with tempfile.TemporaryDirectory(prefix="kb-bench-history-") as tmp:
        work = Path(tmp)
        clean = BuildFigures([kb_build(base + _release_args(files), work / "all")
                              for _ in range(repeat)])
        found = _incremental(work, base, files, repeat)
    return _incremental_table(found, clean)


if __name__ == "__main__":
    print(incremental_only() if "--incremental" in sys.argv else run(quick="--quick" in sys.argv))
    sys.exit(0)
