"""Headless Chromium for the site's browser tests and benchmarks (Playwright).

Debian's ``/usr/bin/chromium`` is driven directly: ``playwright install`` cannot download
here.  Playwright is a test/bench dependency, imported only when a browser is wanted.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def chromium_path() -> str | None:
    """The Chromium to drive: ``$KB_CHROMIUM``, ``/usr/bin/chromium``, or one on PATH."""
    for candidate in (os.environ.get("KB_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def axe_core() -> Path | None:
    """``axe.min.js`` as ``$KB_AXE_CORE`` names it: the file, a folder holding it, or the npm
    ``--prefix`` folder it was installed into (as ``.ci/run`` does); None without it."""
    named = os.environ.get("KB_AXE_CORE")
    if not named:
        return None
    path = Path(named)
    for candidate in (path, path / "axe.min.js", path / "node_modules" / "axe-core" / "axe.min.js"):
        if candidate.is_file():
            return candidate
    return None


def why_no_browser() -> str | None:
    """None when a browser can run, else the reason (for skipping tests)."""
    if chromium_path() is None:
        return "Chromium not found (apt-get install chromium, or set KB_CHROMIUM)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@contextlib.contextmanager
def kb_served(root: Path) -> Iterator[str]:
    """``kb serve`` of ``root`` on a free local port, in a thread: yields the base URL."""
    from kb.site.serve import make_server

    server = make_server(root, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host!s}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise RuntimeError(why_no_browser() or "no Chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def run_queries(page: Page, queries: list[str], limit: int = 10) -> list[dict[str, Any]]:
    """Run each query through the page's ``kb.search``; hit ids and time per query."""
    script = """async ([queries, limit]) => {
      const out = [];
      for (const q of queries) {
        const started = performance.now();
        const result = await kb.search(q, limit);
        out.push({query: q, ids: result.hits.map(h => h.id), ms: performance.now() - started});
      }
      return out;
    }"""
    result: list[dict[str, Any]] = page.evaluate(script, [queries, limit])
    return result
