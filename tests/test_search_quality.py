"""Search quality as floors: kb search and the site's search on every query set of issue 13.

The figures themselves are measured by ``python -m bench --only search`` (bench/RESULTS.md,
section Search, "Every query set"); these floors sit a little under them, so a change that
loses a query or two somewhere passes, and one that breaks a part of the ranking fails.
The sets are the 140 queries of tests/data/search_queries.tsv, the held-out sets 2 and 3
(written before the tuning of stages 3 and 4) and the shared dev queries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import DEV_QUERIES, needs_cr

from bench.browser import run_queries, why_no_browser
from kb.search.evaluate import SystemResult, evaluate, read_queries, score

DATA = Path(__file__).parent / "data"
SETS = {
    "set 1": DATA / "search_queries.tsv",
    "set 2": DATA / "search_queries_2.tsv",
    "set 3": DATA / "search_queries_3.tsv",
    "dev": DEV_QUERIES,
}
CLI_FLOORS = {  # Recall@1, Recall@5, MRR of kb search on the build with the CR
    "set 1": (0.77, 0.93, 0.84),
    "set 2": (0.75, 0.94, 0.81),
    "set 3": (0.82, 0.95, 0.87),
    "dev": (0.88, 0.96, 0.92),
}
SITE_FLOORS = {  # the same of the site's search in Chromium
    "set 1": (0.78, 0.88, 0.82),
    "set 2": (0.68, 0.89, 0.78),
    "set 3": (0.75, 0.90, 0.81),
    "dev": (0.80, 0.93, 0.86),
}
SITE_CLI_GAP = 0.11
"""How far the site's Recall@1 and Recall@5 may be from kb search's on one set (issue 13
asks for 0.02: not met; bench/RESULTS.md has the gap of each set).  0.09 → 0.11 (srch15):
kb search's set 2 Recall@1 went up 0.792 → 0.812 (a question's frame words optional), the
site box's bigram ranking did not move (0.708): the gap is now 0.104."""


def _figures(result: SystemResult) -> tuple[float, float, float]:
    return result.recall_at(1), result.recall_at(5), result.mrr


def _check(name: str, result: SystemResult, floors: tuple[float, float, float]) -> None:
    measured = _figures(result)
    assert all(m >= f for m, f in zip(measured, floors, strict=True)), (name, measured, floors)


def _cli(build: Path, name: str) -> SystemResult:
    path = SETS[name]
    if not path.is_file():
        pytest.skip(f"no query file at {path}")
    return evaluate(build, path).systems[0]


@needs_cr
@pytest.mark.parametrize("name", list(SETS))
def test_kb_search_floors(search_full_build: Path, name: str) -> None:
    _check(name, _cli(search_full_build, name), CLI_FLOORS[name])


@needs_cr
@pytest.mark.skipif(why_no_browser() is not None, reason=f"no browser: {why_no_browser()}")
def test_site_search_floors_and_gap(browser: Any, search_full_build: Path) -> None:
    measured: dict[str, Any] = {}
    for name, path in SETS.items():
        if not path.is_file():
            continue
        queries = read_queries(path)
        page = browser.new_page()
        page.goto((search_full_build / "site" / "search.html").as_uri())
        site = score("kb site", queries, [r["ids"] for r in run_queries(page, [q.query for q in queries])])
        page.close()
        measured[name] = (site, _cli(search_full_build, name))
    for name, (site, cli) in measured.items():
        _check(name, site, SITE_FLOORS[name])
        for k in (1, 5):
            assert abs(site.recall_at(k) - cli.recall_at(k)) <= SITE_CLI_GAP, (name, k, site.recall_at(k),
                                                                               cli.recall_at(k))
