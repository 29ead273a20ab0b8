"""The site search on the wire (issue 17 goal 3): what one query downloads and how soon a
throttled phone shows results.

Each dev query runs in a fresh browser context (nothing cached) on ``search.html`` served
by ``kb serve`` (HTTP/1.1, gzip, caching headers); the requests for the search's data
(``search/``, ``previews/``: with the page, as ``search/meta.js``, or by ``kb.search``) are
counted with their transferred (compressed) bytes, through the DevTools protocol.  The phone profile is Chromium's network and CPU throttling (DevTools
protocol ``Network.emulateNetworkConditions`` and ``Emulation.setCPUThrottlingRate``):
150 ms round trip, 1.6 Mb/s down, 0.75 Mb/s up, CPU 4× slower; time to first results runs
from navigation start of ``search.html?q=…`` to the page's ``kb-first-results`` mark.

Run: ``python -m bench.site_network [BUILD]`` (a build with the CR; without one it builds
the seeds and the CR into a temporary folder), or through ``python -m bench``;
``python -m bench.site_network BEFORE AFTER`` measures two builds in one run, side by side;
``--call searchByTerms`` measures the port of kb search's ranking instead of ``kb.search``
(builds made with ``kb build --site-terms``; on the phone, from navigation start to its
answer to a query asked once the page has its scripts), ``--repeat N`` the phone runs (0: none);
``--sets`` the requests and bytes of every query set (``bench.search_sets.SETS``) instead.
"""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from bench.browser import chromium, why_no_browser
from bench.common import CR_FILE, DEV_QUERIES, ROOT, SHARED, table
from kb.search.evaluate import read_queries

PHONE = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8}
"""Chromium's network conditions: round trip in ms, bytes per second."""
PHONE_CPU = 4
PHONE_QUERIES = ("トランプル", "状況起因処理とは", "ライフが0になったらどうなる？", "フェイズアウト トークン")
BUDGET_BYTES = 40_000
BUDGET_REQUESTS = 10
BUDGET_FIRST_RESULTS = 1.5


def run(quick: bool = False) -> str:
    out = ["## Site search on the wire (`kb serve`, fresh browser context per query)", ""]
    reason = why_no_browser()
    if reason is not None or not CR_FILE.is_file():
        return "\n".join([*out, f"Skipped: {reason or 'no CR file'}."]) + "\n"
    with tempfile.TemporaryDirectory(prefix="kb-bench-net-") as folder:
        build = Path(folder) / "_build"
        subprocess.run([sys.executable, "-m", "kb", "build", "-q", "--corpus", str(SHARED / "seeds"),
                        "--cr", str(CR_FILE), "--out", str(build)], check=True, cwd=ROOT)
        out.append(report(measure(build, repeat=1 if quick else 3)))
    return "\n".join(out) + "\n"


def measure(build: Path, repeat: int = 3, call: str = "search", queries_file: Path = DEV_QUERIES) -> dict[str, Any]:
    """Per dev query: requests and compressed bytes; per folder: the mean of both; on the
    phone profile: seconds to first results per query (best of ``repeat``; none when
    ``repeat`` is 0).  ``call``: the search function measured (``kb.searchByTerms``, the
    port of kb search's ranking, beside ``kb.search``: a build made with ``kb build
    --site-terms``)."""
    if call == "searchByTerms":
        from bench.site_terms import require_terms

        require_terms(build)
    queries = [q.query for q in read_queries(queries_file, ["seeds", "cr"])]
    per_query: list[tuple[str, int, int]] = []
    folders: dict[str, list[int]] = {}
    phone: list[tuple[str, float]] = []
    with _served(build) as root, chromium() as browser:
        for query in queries:
            requests = _search_requests(browser, root, query, call)
            per_query.append((query, len(requests), sum(size for _, size in requests)))
            for url, size in requests:
                folder = url[len(root):].rsplit("/", 1)[0]
                folders.setdefault(folder, [0, 0])
                folders[folder][0] += 1
                folders[folder][1] += size
        for query in PHONE_QUERIES if repeat else ():
            phone.append((query, min(_phone_first_results(browser, root, query, call) for _ in range(repeat))))
    return {"queries": per_query, "folders": folders, "phone": phone}


def report(found: dict[str, Any]) -> str:
    rows = found["queries"]
    counts = [r[1] for r in rows]
    sizes = [r[2] for r in rows]
    lines = [table(["per dev query", "median", "90th percentile", "max", "goal"], [
        ["requests", f"{statistics.median(counts):g}", f"{_p90(counts):g}", str(max(counts)), f"≤ {BUDGET_REQUESTS}"],
        ["compressed kB", f"{statistics.median(sizes) / 1e3:.1f}", f"{_p90(sizes) / 1e3:.1f}",
         f"{max(sizes) / 1e3:.1f}", f"≤ {BUDGET_BYTES / 1e3:g}"],
    ]), "", table(["folder", "requests per query", "kB per query"], [
        [folder or "(root)", f"{n / len(rows):.1f}", f"{size / len(rows) / 1e3:.1f}"]
        for folder, (n, size) in sorted(found["folders"].items())
    ]), "", table(["phone profile, fresh context", "first results (s)", "goal"], [
        [query, f"{seconds:.2f}", f"≤ {BUDGET_FIRST_RESULTS}"] for query, seconds in found["phone"]
    ])]
    worst = sorted(rows, key=lambda r: -r[2])[:3]
    lines += ["", "Most bytes: " + "; ".join(f"{q} ({n} requests, {size / 1e3:.1f} kB)" for q, n, size in worst)]
    return "\n".join(lines)


def compare(builds: list[Path], repeat: int = 3, call: str = "search") -> str:
    """The same figures for several builds measured in one run, side by side (a change's
    before and after): ``python -m bench.site_network BEFORE AFTER``.  The phone runs are
    interleaved (each round runs every query on every build in turn), and each build's
    best and median of ``repeat`` are shown."""
    found = [measure(build, 0, call) for build in builds]
    phone = phone_rounds(builds, repeat, call)
    names = [build.name for build in builds]
    rows: list[list[str]] = []
    for label, index, scale in (("requests", 1, 1.0), ("compressed kB", 2, 1e3)):
        for statistic, pick in (("median", statistics.median), ("90th percentile", _p90), ("max", max)):
            rows.append([f"{label}, {statistic}",
                         *(f"{pick([r[index] for r in f['queries']]) / scale:.1f}" for f in found)])
    folders = sorted({folder for f in found for folder in f["folders"]})
    for folder in folders:
        rows.append([f"{folder}: requests / kB per query", *(
            f"{f['folders'].get(folder, [0, 0])[0] / len(f['queries']):.1f} / "
            f"{f['folders'].get(folder, [0, 0])[1] / len(f['queries']) / 1e3:.1f}" for f in found)])
    for query in PHONE_QUERIES if repeat else ():
        rows.append([f"phone, first results (s), best / median: {query}", *(
            f"{min(times[query]):.2f} / {statistics.median(times[query]):.2f}" for times in phone)])
    return table(["per dev query", *names], rows)


def phone_rounds(builds: list[Path], repeat: int, call: str = "search") -> list[dict[str, list[float]]]:
    """Per build, per phone query: the seconds to first results of ``repeat`` rounds, each
    round running every query on every build in turn (so that the machine's load falls
    on all builds alike)."""
    times: list[dict[str, list[float]]] = [{query: [] for query in PHONE_QUERIES} for _ in builds]
    if not repeat:
        return times
    with ExitStack() as stack:
        roots = [stack.enter_context(_served(build)) for build in builds]
        browser = stack.enter_context(chromium())
        for _ in range(repeat):
            for query in PHONE_QUERIES:
                for at, root in enumerate(roots):
                    times[at][query].append(_phone_first_results(browser, root, query, call))
    return times


def compare_sets(builds: list[Path], call: str = "search") -> str:
    """Each query set of ``bench.search_sets.SETS`` (the dev queries too) on each build, one
    run: requests median / mean, compressed kB median / max, and the queries within both
    budgets (``python -m bench.site_network BEFORE AFTER --sets``)."""
    from bench.search_sets import SETS

    rows: list[list[str]] = []
    for label, path in SETS:
        cells = [label]
        for build in builds:
            found = measure(build, 0, call, path)["queries"]
            counts, sizes = [r[1] for r in found], [r[2] for r in found]
            within = sum(1 for r in found if r[1] <= BUDGET_REQUESTS and r[2] <= BUDGET_BYTES)
            cells.append(f"{statistics.median(counts):g} / {statistics.mean(counts):.1f}, "
                         f"{statistics.median(sizes) / 1e3:.1f} / {max(sizes) / 1e3:.1f} kB, {within} of {len(found)}")
        rows.append(cells)
    return table(["set: requests median / mean, kB median / max, within budget", *(b.name for b in builds)], rows)


def _p90(values: list[int]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


SEARCH_DATA = ("search/", "previews/")
"""The folders of the search's data: what it loads, with the page (``search.html`` loads
``search/meta.js`` with itself) or after it."""


def _search_requests(browser: Any, root: str, query: str, call: str = "search") -> list[tuple[str, int]]:
    """(url, transferred bytes) of each request for the search's data (:data:`SEARCH_DATA`)
    that ``search.html`` and ``kb.search(query)`` make in a fresh context."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    sizes: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])))
    page.goto(root + "search.html")
    page.wait_for_load_state("load")
    page.evaluate("([q, call]) => kb[call](q, 10)", [query, call])
    page.wait_for_timeout(50)  # the last loadingFinished events
    context.close()
    return [(url, sizes.get(request, 0)) for request, url in urls.items()
            if url[len(root):].startswith(SEARCH_DATA)]


def _phone_first_results(browser: Any, root: str, query: str, call: str = "search") -> float:
    """Seconds from navigation start to the first results of ``search.html?q=…`` (the box,
    ``kb.search``); with another ``call`` (``searchByTerms``, which the box does not run),
    to that function's answer for a query asked as soon as the page has its scripts
    (``search.html`` without a query): its files and work, not the drawing of the results."""
    context, page = _phone_page(browser)
    if call == "search":
        page.goto(root + "search.html?q=" + query)
        page.wait_for_selector("#results li", timeout=60_000)
        started: float = page.evaluate("performance.getEntriesByName('kb-first-results')[0].startTime")
    else:
        page.goto(root + "search.html", wait_until="domcontentloaded")
        started = page.evaluate("async ([q, call]) => { await kb[call](q, 10); return performance.now(); }",
                                [query, call])
    context.close()
    return started / 1000


def waterfall(build: Path, queries: tuple[str, ...] = PHONE_QUERIES) -> str:
    """Where a phone query's time to first results goes: each request of ``search.html?q=…``
    on the phone profile with its start and end (ms from navigation start, Resource Timing)
    and transferred bytes, then the page's own marks (``kb-*``: the script's steps)."""
    out: list[str] = []
    with _served(build) as root, chromium() as browser:
        for query in queries:
            context, page = _phone_page(browser)
            page.goto(root + "search.html?q=" + query)
            page.wait_for_selector("#results li", timeout=60_000)
            found: dict[str, Any] = page.evaluate("""() => ({
                resources: performance.getEntriesByType('resource').map(e => [e.name, e.startTime,
                    e.responseStart, e.responseEnd, e.transferSize]),
                navigation: performance.getEntriesByType('navigation').map(e => [e.responseStart,
                    e.responseEnd, e.domInteractive, e.domContentLoadedEventEnd]),
                marks: performance.getEntriesByType('mark').map(e => [e.name, e.startTime]),
            })""")
            context.close()
            nav = found["navigation"][0]
            rows = [["(page)", "0", f"{nav[0]:.0f}", f"{nav[1]:.0f}", ""]]
            rows += [[url[len(root):], f"{start:.0f}", f"{first:.0f}", f"{end:.0f}", f"{size / 1e3:.1f}"]
                     for url, start, first, end, size in found["resources"]]
            rows += [["dom interactive / content loaded", "", "", f"{nav[2]:.0f} / {nav[3]:.0f}", ""]]
            rows += [[f"mark {name}", "", "", f"{at:.0f}", ""] for name, at in found["marks"]]
            out += [query, "", table(["request", "start (ms)", "first byte", "end", "kB"], rows), ""]
    return "\n".join(out)


def _phone_page(browser: Any) -> tuple[Any, Any]:
    """A fresh context and page on the phone profile (nothing cached)."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
    return context, page


@contextmanager
def _served(build: Path) -> Iterator[str]:
    """``kb serve`` on a free port, stopped afterwards."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--build", str(build), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    args = sys.argv[1:]
    options = {"call": "search", "repeat": "3"}
    for name in ("call", "repeat"):
        if f"--{name}" in args:
            at = args.index(f"--{name}")
            options[name] = args[at + 1]
            del args[at:at + 2]
    if "--waterfall" in args:
        args.remove("--waterfall")
        print(waterfall(Path(args[0])))
    elif "--sets" in args:
        args.remove("--sets")
        print(compare_sets([Path(arg) for arg in args], options["call"]))
    elif len(args) > 1 and "--quick" not in args:
        print(compare([Path(arg) for arg in args], int(options["repeat"]), options["call"]))
    elif args and "--quick" not in args:
        print(report(measure(Path(args[0]), int(options["repeat"]), options["call"])))
    else:
        print(run(quick="--quick" in sys.argv))
