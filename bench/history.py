"""History figures: the renumbering map's precision and recall on the hand-checked sample,
and the time and peak memory of building the history of 10, 30 and all 110 English
releases (`python -m bench --only history`).

Each build is a fresh process (reading the release files, aligning every consecutive
pair, chaining identities), measured from outside: wall time and peak RSS.  The releases
are the newest N, so every size is made of releases of today's length.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile

from bench.common import ROOT, SHARED, Figure, Measured, figures_table, spawn_measured, table

CR_EN = SHARED / "data" / "cr-en"
SAMPLE = ROOT / "tests" / "data" / "renumbering_sample.tsv"
SIZES = (10, 30, 110)

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
    parts = ["## History (English releases, rule identity)", "", _accuracy(), "", _scaling(quick)]
    return "\n".join(parts) + "\n"


def _accuracy() -> str:
    from kb.history import build_history
    from kb.history.evaluate import read_sample, score
    from kb.sources.cr_en import release_files

    history = build_history(release_files(CR_EN))
    sample = read_sample(SAMPLE)
    subsets = {
        "all": sample,
        "2009-05-01 -> 2009-07-11 (the Magic 2010 rewrite)":
            [r for r in sample if r.release_from == "2009-05-01"],
        "2023-11-17 -> 2026-01-16 (20231117.0 to today)":
            [r for r in sample if r.release_from == "2023-11-17"],
        "every other pair": [r for r in sample
                             if r.release_from not in ("2009-05-01", "2023-11-17")],
    }
    rows = []
    for name, rules in subsets.items():
        result = score(history, rules)
        rows.append([name, str(len(rules)), str(result.pairs), f"{result.precision:.1%}",
                     f"{result.recall:.1%}"])
    result = score(history, sample)
    misses = "\n".join(f"- {e}" for e in result.errors)
    return "\n".join([
        "### Renumbering map on the hand-checked sample",
        "",
        (f"`{SAMPLE.relative_to(ROOT)}`: for each sampled rule, every rule of a later release "
         "that carries it on (continuation, split part, merge target), or none, decided by "
         "reading both texts; rules new in the later release must map back to nothing. A "
         "pair is (sampled rule, counterpart), \"none\" counting as a counterpart. Goal "
         "(issue 15): 99% precision and recall."),
        "",
        table(["sample", "rules", "pairs", "precision", "recall"], rows),
        "",
        "Where the map and the sample disagree:",
        "",
        misses or "- nowhere",
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


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
    sys.exit(0)
