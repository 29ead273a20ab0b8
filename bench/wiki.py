"""The MTG Wiki at scale: ``kb build`` of synthetic Special:Export files of 1,000, 3,000 and
10,000 pages (:mod:`bench.synth.export`), with the real CR and the card-name table.

Measured in one run, each build a fresh ``kb build --clean`` process:

- the clean build's wall time beside the time Sudachi needs to tokenize the same text
  once (:mod:`bench.sudachi_baseline`: the newest revision of every article and the CR),
  goal ≤ 10×;
- the peak memory of all the build's processes together (sampled PSS), goal ≤ 2 GB;
- growth with the pages (time exponent from the smallest to the largest export; 1 is
  linear);
- at the largest export, a rebuild after one page changes (a sentence added to one
  article's newest revision, inside the one export file), goal ≤ 5% of the clean build.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.common import CR_FILE, table
from bench.kbrun import BuildRun, kb_build, run_child
from bench.report import fmt, ratio, verdict
from bench.synth.export import CARDS_FILE, WrittenExport, generate_export

SCALES = [1000, 3000, 10000]
QUICK_SCALES = [300, 1000]
TIME_RATIO_GOAL = 10.0
MEMORY_GOAL = 2048.0
REBUILD_GOAL = 0.05
LINEAR_ENOUGH = 1.15
MEMORY_SAMPLE = 0.2
EDIT = "編集で加えた一文で、rule 702.26a を参照する。"


@dataclass
class Point:
    pages: int
    export: WrittenExport
    build: BuildRun
    sudachi: dict[str, float]

    @property
    def tree_mb(self) -> float:
        return max(self.build.tree_mb or 0.0, self.build.peak_mb)


def run(quick: bool = False) -> str:
    if not CR_FILE.is_file():
        return f"## The wiki at scale\n\nSkipped: the CR file is not at `{CR_FILE}`.\n"
    scales = QUICK_SCALES if quick else SCALES
    with tempfile.TemporaryDirectory(prefix="kb-bench-wiki-") as tmp:
        work = Path(tmp)
        points = []
        for pages in scales:
            corpus = work / f"export-{pages}"
            written = generate_export(pages, corpus)
            sudachi = json.loads(run_child([sys.executable, "-m", "bench.sudachi_baseline",
                                            str(written.path), str(CR_FILE)]).stdout)
            build = kb_build(_args(corpus), work / f"out-{pages}", sample_every=MEMORY_SAMPLE)
            points.append(Point(pages, written, build, sudachi))
        top = points[-1]
        _edit_one_page(top.export)
        rebuild = kb_build(_args(work / f"export-{top.pages}"), work / f"out-{top.pages}",
                           clean=False, sample_every=MEMORY_SAMPLE)
        unchanged = kb_build(_args(work / f"export-{top.pages}"), work / f"out-{top.pages}",
                             clean=False, sample_every=MEMORY_SAMPLE)
    return "\n\n".join([
        "## The wiki at scale (synthetic Special:Export, 1,000–10,000 pages)",
        _corpus_table(points),
        _build_table(points),
        _rebuild_table(top, rebuild, unchanged),
        _goals(points, rebuild, quick),
    ]) + "\n"


def _args(corpus: Path) -> list[str]:
    args = ["--corpus", str(corpus), "--cr", str(CR_FILE)]
    if CARDS_FILE.is_file():
        args += ["--cards", str(CARDS_FILE)]
    return args


def _edit_one_page(export: WrittenExport) -> None:
    """A sentence added at the end of one article's newest revision (mid-file, so the
    lines of every later page move down by none, and its own text changes)."""
    title = export.titles[len(export.titles) // 2]
    data = export.path.read_text(encoding="utf-8")
    start = data.index(f"<title>{_xml(title)}</title>")
    end = data.index("</page>", start)
    last = data.rindex("</text>", start, end)
    export.path.write_text(data[:last] + EDIT + data[last:], encoding="utf-8")


def _xml(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


# -- tables -----------------------------------------------------------------------------


def _corpus_table(points: list[Point]) -> str:
    rows = [[f"{p.pages:,}", f"{p.export.articles:,}", str(p.export.redirects), str(p.export.skipped),
             f"{p.export.revisions:,}", f"{p.export.bytes / 1e6:.1f} MB",
             f"{p.sudachi['bytes'] / 1e6:.1f} MB", f"{int(p.sudachi['morphemes']):,}"] for p in points]
    return "\n".join([
        "### The exports",
        "",
        ("Written by `bench.synth.export` (deterministic): a quarter long rule pages, the rest "
         "short ones; wikitext with infoboxes, `{{CR|N}}`, `{{#CR:N}}` quotes or quoted blocks, "
         "card boxes, `<ref>` notes, links, tables, categories; 1–4 revisions a page; redirects "
         "and template/category pages (skipped by kb). The build reads the export, the real CR "
         "20260116 and the card-name table. \"Text\" is what Sudachi tokenizes: the newest "
         "revision of every article and the CR."),
        "",
        table(["pages", "articles", "redirects", "other namespaces", "revisions", "export",
               "text", "morphemes"], rows),
    ])


def _build_table(points: list[Point]) -> str:
    stages: list[str] = []
    for p in points:
        stages += [name for name, _ in p.build.stages if name not in stages]
    rows = []
    for p in points:
        seconds = dict(p.build.stages)
        rows.append([f"{p.pages:,}", fmt(p.build.wall), fmt(p.sudachi["seconds"]),
                     ratio(p.build.wall, p.sudachi["seconds"]), fmt(p.build.cpu),
                     fmt(p.sudachi["cpu"]), ratio(p.build.cpu, p.sudachi["cpu"]), f"{p.tree_mb:.0f} MB",
                     f"{p.build.peak_mb:.0f} MB", str(p.build.report.get("jobs", "—")),
                     *[fmt(seconds.get(s, 0.0)) for s in stages],
                     f"{p.build.wall / p.pages * 1000:.0f} ms"])
    return "\n".join([
        "### Clean builds",
        "",
        ("One `kb build --clean` each (a fresh process): wall time, and the CPU time of all "
         "its processes, which load from other work on this shared machine distorts least "
         "(with 2 jobs it adds up the two processes). Memory: the peak of the PSS of all the "
         f"build's processes added up, sampled every {MEMORY_SAMPLE:g} s, and the largest "
         "process's peak RSS. With 2 jobs the `dictionary` and `index` stages run in a child "
         "beside the others, so the stages add up to more than the wall time."),
        "",
        table(["pages", "build", "Sudachi once", "build ÷ Sudachi", "build CPU", "Sudachi CPU",
               "CPU ÷ CPU", "memory (all processes)",
               "largest process", "jobs", *[f"`{s}`" for s in stages], "per page"], rows),
    ])


def _rebuild_table(top: Point, rebuild: BuildRun, unchanged: BuildRun) -> str:
    stages = [name for name, _ in rebuild.stages]
    rows = []
    for name, run in (("clean build", top.build), ("one page changed", rebuild),
                      ("nothing changed", unchanged)):
        seconds = dict(run.stages)
        rows.append([name, fmt(run.wall), ratio(run.wall, top.build.wall), fmt(run.cpu),
                     ratio(run.cpu, top.build.cpu),
                     f"{max(run.tree_mb or 0.0, run.peak_mb):.0f} MB",
                     *[fmt(seconds.get(s, 0.0)) for s in stages]])
    return "\n".join([
        f"### Rebuilds at {top.pages:,} pages",
        "",
        ("A sentence added to one article's newest revision in the export, then `kb build` "
         "(reusing the previous build); then `kb build` again with nothing changed."),
        "",
        table(["build", "wall", "of the clean build", "CPU", "of the clean build's CPU", "memory",
               *[f"`{s}`" for s in stages]], rows),
    ])


def _goals(points: list[Point], rebuild: BuildRun, quick: bool) -> str:
    top, base = points[-1], points[0]
    ratios = [p.build.wall / p.sudachi["seconds"] for p in points]
    cpu_ratios = [p.build.cpu / p.sudachi["cpu"] for p in points]
    size = top.sudachi["bytes"] / base.sudachi["bytes"]
    pages = top.pages / base.pages
    time_k = math.log(top.build.wall / base.build.wall) / math.log(pages)
    bytes_k = math.log(top.build.wall / base.build.wall) / math.log(size)
    memory = max(p.tree_mb for p in points)
    share, cpu_share = rebuild.wall / top.build.wall, rebuild.cpu / top.build.cpu
    where = f"{top.pages:,} pages" + (" (quick run)" if quick else "")
    return "\n".join([
        "### Goals",
        "",
        (f"- Clean build within {TIME_RATIO_GOAL:g}× Sudachi's one tokenization: "
         + ", ".join(f"{p.pages:,} pages {r:.1f}×" for p, r in zip(points, ratios, strict=True))
         + f" ({'met' if max(ratios) <= TIME_RATIO_GOAL else '**missed**'}); in CPU time "
         + ", ".join(f"{r:.1f}×" for r in cpu_ratios) + "."),
        f"- Peak memory of all processes: {verdict(memory, MEMORY_GOAL, 'MB')}.",
        (f"- Growth {base.pages:,} → {top.pages:,} pages ({pages:.0f}× the pages, {size:.1f}× the "
         f"text): time exponent {time_k:.2f} against pages, {bytes_k:.2f} against text "
         f"({'linear or better' if max(time_k, bytes_k) <= LINEAR_ENOUGH else '**worse than linear**'}; "
         f"up to {LINEAR_ENOUGH} counts as linear)."),
        (f"- Rebuild after one page changes at {where}: {fmt(rebuild.wall)}, {share:.1%} of the "
         f"clean build ({'met' if share <= REBUILD_GOAL else '**missed**'}: goal ≤ {REBUILD_GOAL:.0%}); "
         f"in CPU time {cpu_share:.1%}."),
    ])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.wiki", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"exports of {QUICK_SCALES} pages instead of {SCALES} (a smoke run)")
    print(run(quick=parser.parse_args(argv).quick))


if __name__ == "__main__":
    main()
