"""Site benchmark: build time, size and files; search quality and speed in Chromium;
the same pages and queries through Pagefind (extended, the build that segments Japanese).

Run: ``python -m bench.site`` (or through ``python -m bench``).  Needs Chromium for the
browser figures and ``pagefind[extended]`` (the bench extra) for the comparison.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from bench.browser import chromium, run_queries, why_no_browser
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
from kb.build.layout import SITE_DIR
from kb.build.swap import flush_to_disk
from kb.export import GRAPH_FILE, load_graph
from kb.search.evaluate import EvalQuery, SystemResult, evaluate, read_queries, score
from kb.site.builder import build_site
from kb.site.sitemap import make_sitemap

FIRST_QUERY = "フェイズアウト トークン"


STYLED_QUERIES = ROOT / "tests" / "data" / "search_queries.tsv"


def run(quick: bool = False) -> str:
    repeat = 1 if quick else 3
    out = ["## Static site (`kb build` site stage, browser search, Pagefind)"]
    with tempfile.TemporaryDirectory(prefix="kb-bench-site-") as folder:
        tmp = Path(folder)
        builds = {"seeds": tmp / "seeds"}
        if CR_FILE.is_file():
            builds["seeds + CR"] = tmp / "cr"
        figures, sizes = _build_figures(builds, repeat)
        out += ["", "### Build", "", figures_table(figures), "", _size_table(builds, sizes)]
        out += ["", "### Glossary link cost", "", _glossary_link_cost(builds)]
        reason = why_no_browser()
        if reason is not None:
            out += ["", f"Browser figures skipped: {reason}."]
            return "\n".join(out) + "\n"
        largest = builds.get("seeds + CR", builds["seeds"])
        out += ["", "### Page weight of a rule page", ""]
        out += _page_weight_section(largest / SITE_DIR)
        out += ["", "### Search in Chromium", ""]
        out += _browser_section(builds, largest, repeat)
        out += ["", "### Pagefind on the same pages", ""]
        out += _pagefind_section(largest, tmp, repeat)
    out += ["", _NOTE]
    return "\n".join(out) + "\n"


_NOTE = """Build: `kb build` is the whole command (read, graph, export, site) in a child process;
"site stage" is `build_site` alone on an already built graph; the fsync line is the part of
`kb build` that syncs each written file to disk (about 3,900 files with the CR), which on
this machine costs more than rendering the site.  Size counts every file the
site writes.  Search: `kb.search` in headless Chromium, pages opened from `file://`; time
to first results is from navigation start of `search.html?q=…` in a fresh browser context
(nothing cached) to the results being shown.  Recall and MRR count a hit when it is one of
the expected rules, or any section of an expected page (`page:…`).  Pagefind: the same
generated HTML indexed with `pagefind --root-selector main` (its extended build segments
Japanese), queried through its JS API over HTTP (it needs `fetch` and WebAssembly, so it
does not run from `file://`); its results are whole pages, ranked by its own scoring.
The CLI search's Recall@5 (the search issue's bench) is the figure the site should stay
within 0.05 of."""


# -- builds -----------------------------------------------------------------------------


def _build_figures(builds: dict[str, Path], repeat: int) -> tuple[list[Figure], dict[str, dict[str, int]]]:
    figures: list[Figure] = []
    sizes: dict[str, dict[str, int]] = {}
    for name, out in builds.items():
        # --clean: each repeat is a whole build (bench.incremental measures rebuilds).
        argv = [sys.executable, "-m", "kb", "build", "--clean", "--corpus", str(ROOT / "corpus"),
                "--out", str(out), "-q"]
        if name != "seeds":
            argv += ["--cr", str(CR_FILE)]
        wall, peak = time_command(f"kb build ({name})", argv, repeat=repeat)
        figures += [wall, peak]
        graph = load_graph(out / GRAPH_FILE)
        scratch = out.parent / f"{out.name}-stage"

        def stage(graph: Any = graph, scratch: Path = scratch) -> None:
            shutil.rmtree(scratch, ignore_errors=True)
            build_site(graph, scratch)

        figures.append(time_call(f"site stage ({name}, {len(graph.nodes)} rule pages)", stage, repeat=repeat))
        shutil.rmtree(scratch, ignore_errors=True)
        figures.append(_fsync_figure(name, out, scratch, repeat))
        sizes[name] = _sizes(out / SITE_DIR)
    return figures, sizes


def _fsync_figure(name: str, out: Path, scratch: Path, repeat: int) -> Figure:
    """What ``kb build`` spends making its output durable (one syncfs of the new build).

    Each run copies the build (so its pages are dirty again) and times the flush alone.
    """
    values = []
    for _ in range(repeat):
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.copytree(out, scratch)
        started = time.perf_counter()
        flush_to_disk(scratch)
        values.append(time.perf_counter() - started)
    shutil.rmtree(scratch, ignore_errors=True)
    return Figure(f"of which flushing to disk ({name}, kb.build.swap.flush_to_disk)", values)


def _sizes(site: Path) -> dict[str, int]:
    found: dict[str, int] = {"files": 0, "bytes": 0}
    for path in site.rglob("*"):
        if path.is_file():
            part = path.relative_to(site).parts[0] if len(path.relative_to(site).parts) > 1 else "top level"
            size = path.stat().st_size
            found["files"] += 1
            found["bytes"] += size
            found[part] = found.get(part, 0) + size
    return found


def _size_table(builds: dict[str, Path], sizes: dict[str, dict[str, int]]) -> str:
    parts = ["rules", "pages", "search", "previews", "static", "top level"]
    rows = [[name, str(s["files"]), _mb(s["bytes"])] + [_mb(s.get(p, 0)) for p in parts]
            for name, s in sizes.items()]
    return table(["site", "files", "total", *parts], rows)


def _glossary_link_cost(builds: dict[str, Path]) -> str:
    """What following a glossary term link loads (the term's own page) and hovering one
    (one preview file), against the whole glossary a link used to load: bytes as
    written and gzip-compressed (as ``kb serve`` sends them)."""
    import gzip
    import statistics

    rows = []
    for name, out in builds.items():
        site = out / SITE_DIR
        terms = sorted((site / "glossary").glob("*.html"))
        if not terms:
            continue
        raw = [p.stat().st_size for p in terms]
        packed = [len(gzip.compress(p.read_bytes())) for p in terms]
        previews = [p.stat().st_size for p in (site / "glossary" / "previews").glob("*.js")]
        whole = (site / "glossary.html").read_bytes()
        rows.append([name, str(len(terms)), f"{statistics.median(raw) / 1e3:.1f} kB / {max(raw) / 1e3:.1f} kB",
                     f"{statistics.median(packed) / 1e3:.1f} kB", f"{statistics.median(previews) / 1e3:.1f} kB",
                     f"{len(whole) / 1e3:.0f} kB ({len(gzip.compress(whole)) / 1e3:.0f} kB gzip)"])
    if not rows:
        return "No glossary (the seeds alone have none)."
    return table(["site", "terms", "term page (median / max)", "term page gzip (median)",
                  "preview file (median)", "whole glossary.html"], rows)


def _mb(size: int) -> str:
    return f"{size / 1e6:.2f} MB" if size >= 100_000 else f"{size / 1e3:.0f} kB"


# -- page weight ------------------------------------------------------------------------

WEIGHED_PAGES = ("rules/702.26d.html", "rules/702.26.html", "index.html")
VIEWPORTS = (("phone 390×844", {"width": 390, "height": 844}), ("desktop 1280×900", {"width": 1280, "height": 900}))


def page_weight(browser: Any, site: Path, path: str, viewport: dict[str, int]) -> dict[str, int]:
    """Bytes of every file a fresh context loads for ``path`` from ``file://`` (the page,
    its CSS and scripts, the data files its scripts load on their own, such as the
    outline on a wide screen), by kind, raw and gzip-compressed as ``kb serve`` sends them."""
    import gzip

    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    loaded: list[str] = []
    page.on("requestfinished", lambda request: loaded.append(request.url))
    page.goto((site / path).as_uri())
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # scripts loading data after the load event
    context.close()
    found = {"files": 0, "html": 0, "css": 0, "js": 0, "data": 0, "total": 0, "gzip": 0}
    for url in loaded:
        file = Path(unquote(urlsplit(url).path))
        if not file.is_file():
            continue
        data = file.read_bytes()
        rel = file.relative_to(site).as_posix()
        kind = ("html" if rel.endswith(".html") else "css" if rel.endswith(".css")
                else "js" if rel.startswith("static/") else "data")
        found[kind] += len(data)
        found["files"] += 1
        found["total"] += len(data)
        found["gzip"] += len(gzip.compress(data, 6))
    return found


def _page_weight_section(site: Path) -> list[str]:
    rows = []
    with chromium() as browser:
        for path in WEIGHED_PAGES:
            if not (site / path).is_file():
                continue
            for label, viewport in VIEWPORTS:
                w = page_weight(browser, site, path, viewport)
                rows.append([f"`{path}`", label, str(w["files"]), _mb(w["html"]), _mb(w["css"]), _mb(w["js"]),
                             _mb(w["data"]), _mb(w["total"]), _mb(w["gzip"])])
    note = ("Every file a fresh browser context loads for the page from `file://`, before any hover "
            "or search; on a wide screen that includes `outline.js` and the chapter's "
            "`outline/CHAPTER.js`, the CR's outline the sidebar shows.  gzip: each file "
            "compressed at level 6, as `kb serve` sends text.")
    return [table(["page", "viewport", "files", "HTML", "CSS", "JS", "data scripts", "total", "gzip"], rows), "", note]


# -- our search in the browser ----------------------------------------------------------


def _queries(build_name: str) -> list[EvalQuery]:
    if not DEV_QUERIES.is_file():
        return []
    return read_queries(DEV_QUERIES, ["seeds"] if build_name == "seeds" else ["seeds", "cr"])


def _browser_section(builds: dict[str, Path], largest: Path, repeat: int) -> list[str]:
    rows = []
    gaps: list[str] = []
    timing: list[Figure] = []
    with chromium() as browser:
        for name, out in builds.items():
            queries = _queries(name)
            if not queries:
                continue
            page = browser.new_page()
            page.goto((out / SITE_DIR / "search.html").as_uri())
            started = time.perf_counter()
            results = run_queries(page, [q.query for q in queries])
            total = time.perf_counter() - started
            page.close()
            site_row = _score_row(f"kb site ({name} build)", queries, results)
            cli = _cli_result(out)
            rows.append(site_row)
            rows.append([f"kb search CLI ({name} build)", str(len(cli.ranks)), f"{cli.recall_at(1):.3f}",
                         f"{cli.recall_at(5):.3f}", f"{cli.mrr:.3f}", "—"])
            gaps.append(f"{name} build: site Recall@5 − CLI Recall@5 = "
                        f"{float(site_row[3]) - cli.recall_at(5):+.3f} (goal: within ±0.05)")
            if name != "seeds":
                cr_only = [i for i, q in enumerate(queries) if q.corpus == "cr"]
                rows.append(_score_row(f"kb site ({name} build, `cr` rows only)",
                                       [queries[i] for i in cr_only], [results[i] for i in cr_only]))
            timing.append(Figure(f"query in a loaded page ({name}; first query loads meta)",
                                 [r["ms"] / 1000 for r in results]))
            timing.append(Figure(f"all {len(queries)} dev queries ({name})", [total]))
        styled = read_queries(STYLED_QUERIES, ["seeds", "cr"] if "seeds + CR" in builds else ["seeds"])
        if styled:
            page = browser.new_page()
            page.goto((largest / SITE_DIR / "search.html").as_uri())
            results = run_queries(page, [q.query for q in styled])
            page.close()
            site_row = _score_row("kb site (issue 13's dev set)", styled, results)
            cli = next(s for s in evaluate(largest, STYLED_QUERIES).systems if s.name == "kb search")
            rows.append(site_row)
            rows.append(["kb search CLI (issue 13's dev set)", str(len(cli.ranks)), f"{cli.recall_at(1):.3f}",
                         f"{cli.recall_at(5):.3f}", f"{cli.mrr:.3f}", "—"])
            gaps.append(f"issue 13's dev set: site − CLI Recall@1 {float(site_row[2]) - cli.recall_at(1):+.3f}, "
                        f"Recall@5 {float(site_row[3]) - cli.recall_at(5):+.3f} (goal: within ±0.02)")
        search = largest / SITE_DIR / "search.html"
        for label, url in (("file://", search.as_uri()),):
            timing.append(Figure(f"time to first results, fresh context ({label}, {FIRST_QUERY})",
                                 [_first_results(browser, url) for _ in range(repeat)]))
        with _serve(largest / SITE_DIR) as root:
            timing.append(Figure(f"time to first results, fresh context (HTTP, {FIRST_QUERY})",
                                 [_first_results(browser, root + "search.html") for _ in range(repeat)]))
    return [table(["search", "queries", "Recall@1", "Recall@5", "MRR", "missed (top 5)"], rows), "",
            *[f"- {gap}" for gap in gaps], "", figures_table(timing)]


def _cli_result(build: Path) -> SystemResult:
    """The CLI search on the same build and queries, measured in the same run."""
    report = evaluate(build, DEV_QUERIES)
    return next(s for s in report.systems if s.name == "kb search")


def _score_row(label: str, queries: list[EvalQuery], results: list[dict[str, Any]]) -> list[str]:
    result = score(label, queries, [r["ids"] for r in results])
    missed = "; ".join(q.query for q in result.missed(queries)) or "—"
    return [label, str(len(queries)), f"{result.recall_at(1):.3f}", f"{result.recall_at(5):.3f}",
            f"{result.mrr:.3f}", missed]


def _first_results(browser: Any, search_url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{search_url}?q={FIRST_QUERY}")
    page.wait_for_selector("#results li")
    started: float = page.evaluate("performance.getEntriesByName('kb-first-results')[0].startTime")
    context.close()
    return started / 1000


@contextmanager
def _serve(folder: Path) -> Iterator[str]:
    """A plain static server (no CSP header: Pagefind needs fetch and WebAssembly)."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


# -- Pagefind ---------------------------------------------------------------------------

_PAGEFIND_PAGE = """<!doctype html><html lang="ja"><head><meta charset="utf-8">
<script type="module" src="pagefind-bench.js"></script></head><body></body></html>"""
_PAGEFIND_SCRIPT = """import * as pagefind from "./pagefind/pagefind.js";
await pagefind.init();
window.pagefindSearch = async (query, limit) => {
  const found = await pagefind.search(query);
  const data = await Promise.all(found.results.slice(0, limit).map((r) => r.data()));
  return data.map((d) => d.url);
};
window.pagefindReady = true;
"""


def _pagefind_section(largest: Path, tmp: Path, repeat: int) -> list[str]:
    try:
        import pagefind  # noqa: F401
    except ImportError:
        return ["Pagefind skipped: `pip install -e '.[bench]'` installs `pagefind[extended]`."]
    site = tmp / "pagefind-site"
    argv = [sys.executable, "-m", "pagefind", "--site", str(site), "--root-selector", "main", "--silent"]
    walls = []
    for _ in range(repeat):
        shutil.rmtree(site, ignore_errors=True)
        shutil.copytree(largest / SITE_DIR, site)
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        walls.append(time.perf_counter() - started)
    index_bytes = sum(p.stat().st_size for p in (site / "pagefind").rglob("*") if p.is_file())
    index_files = sum(1 for p in (site / "pagefind").rglob("*") if p.is_file())
    ours = _sizes(largest / SITE_DIR).get("search", 0)
    (site / "pagefind-bench.html").write_text(_PAGEFIND_PAGE, encoding="utf-8")
    (site / "pagefind-bench.js").write_text(_PAGEFIND_SCRIPT, encoding="utf-8")
    graph = load_graph(largest / GRAPH_FILE)
    titles = {path: title for title, path in make_sitemap(graph).pages.items()}
    name = "seeds" if largest.name == "seeds" else "seeds + CR"
    queries = _queries(name)
    rows = []
    times: list[float] = []
    with chromium() as browser, _serve(site) as root:
        page = browser.new_page()
        page.goto(root + "pagefind-bench.html")
        page.wait_for_function("() => window.pagefindReady === true")
        ranked = []
        for query in queries:
            started = time.perf_counter()
            urls = page.evaluate("([q, n]) => window.pagefindSearch(q, n)", [query.query, 10])
            times.append(time.perf_counter() - started)
            ranked.append({"ids": [_pagefind_id(u, titles) for u in urls], "ms": 0})
        rows.append(_score_row(f"Pagefind extended ({name} build)", queries, ranked))
        cr_only = [i for i, q in enumerate(queries) if q.corpus == "cr"]
        if cr_only:
            rows.append(_score_row(f"Pagefind extended ({name} build, `cr` rows only)",
                                   [queries[i] for i in cr_only], [ranked[i] for i in cr_only]))
    figures = [Figure(f"pagefind index ({name} site)", walls),
               Figure("Pagefind query in a loaded page (first query loads its index)", times)]
    sizes = table(["index", "files", "size"], [
        ["Pagefind", str(index_files), _mb(index_bytes)],
        ["kb site search (search/)", str(sum(1 for _ in (largest / SITE_DIR / "search").rglob("*.js"))),
         _mb(ours)],
    ])
    return [table(["search", "queries", "Recall@1", "Recall@5", "MRR", "missed (top 5)"], rows), "",
            figures_table(figures), "", sizes]


def _pagefind_id(url: str, titles: dict[str, str]) -> str:
    path = unquote(urlsplit(url).path).lstrip("/")
    if path.startswith("rules/") and path.endswith(".html"):
        return "rule:" + path[len("rules/"):-len(".html")]
    if path in titles:
        return "page:" + titles[path]
    return path


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
