"""Where the site's search and kb search disagree, query by query, on every query set.

``python -m bench.site_gap --build DIR`` prints Recall@1 / Recall@5 / MRR of both on each
set (``bench.search_sets.SETS``), then each query the two rank differently where one of them
misses first place: set, style, validation part (``bench.search_split``), both ranks, the
query, the expected answers and the site's first three hits.  The tool for closing the gap
of issue 13 (the site within 0.02 of the CLI): it shows which rule of ``kb search`` the
browser lacks.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.search.evaluate import SystemResult


def measure(build_dir: Path) -> str:
    from bench.browser import chromium, run_queries
    from bench.search_sets import SETS
    from bench.search_split import is_validation
    from kb.search.evaluate import read_queries, score
    from kb.search.searcher import Searcher

    searcher = Searcher.open(build_dir)
    lines: list[str] = []
    differing: list[str] = []
    with chromium() as browser:
        for label, path in SETS:
            if not path.is_file():
                continue
            queries = read_queries(path, ("seeds", "cr"))
            page = browser.new_page()
            page.goto((build_dir / "site" / "search.html").as_uri())
            found = [r["ids"] for r in run_queries(page, [q.query for q in queries])]
            page.close()
            site = score("site", queries, found)
            cli = score("kb search", queries, [[h.document.key for h in searcher.search(q.query, 10).hits]
                                               for q in queries])
            lines.append(f"{label}: kb search {_figures(cli)}, site {_figures(site)}")
            for query, ours, theirs, ids in zip(queries, cli.ranks, site.ranks, found, strict=True):
                if ours != theirs and (ours != 1 or theirs != 1):
                    differing.append("\t".join([label.split(" (")[0], query.style or "-",
                                                "V" if is_validation(query.query) else "T",
                                                f"cli={ours} site={theirs}", query.query,
                                                " ".join(query.expected), " ".join(ids[:3])]))
    searcher.close()
    return "\n".join([*lines, *differing])


def _figures(system: SystemResult) -> str:
    return "/".join(f"{v:.3f}" for v in (system.recall_at(1), system.recall_at(5), system.mrr))


if __name__ == "__main__":
    print(measure(Path(sys.argv[sys.argv.index("--build") + 1])))
