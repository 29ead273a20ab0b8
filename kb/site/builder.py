"""Build the static site: resolve everything, render into memory, check links, then write.

Phase one (:func:`kb.site.sitemap.make_sitemap` and the page contexts) decides every path
and link target; phase two renders each page, adds the assets, previews and search index,
checks that every internal link resolves, and only then writes files.  A broken link fails
the build with the page that holds it, and nothing is written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kb import __version__
from kb.errors import KbError
from kb.graph import RuleGraph
from kb.reuse import Memo, Reuse, digest
from kb.site.context import PageBase, SiteInfo
from kb.site.index_pages import dangling_page, glossary_page, home_page, search_page
from kb.site.links import check_links
from kb.site.markup import Prose
from kb.site.previews import preview_files
from kb.site.render import make_environment, render_page
from kb.site.rule_pages import rule_page
from kb.site.search_index import collect_docs, search_files
from kb.site.sitemap import make_sitemap
from kb.site.tables import QueryTables, query_tables
from kb.site.wiki_pages import wiki_page

SITE_SOURCE = Path(__file__).resolve().parent.parent.parent / "site"
"""The repository's ``site/`` folder: ``templates/`` and ``static/``."""


@dataclass
class SiteOptions:
    templates: Path = SITE_SOURCE / "templates"
    static: Path = SITE_SOURCE / "static"
    name: str = "kb 総合ルール"
    tables: Callable[[RuleGraph], QueryTables] = query_tables
    """Where the search's variant and English-name tables come from."""


@dataclass
class SiteReport:
    files: int
    bytes: int
    timings: list[tuple[str, float]] = field(default_factory=list)


def build_site(graph: RuleGraph, out: Path, options: SiteOptions | None = None,
               reuse: Reuse | None = None) -> SiteReport:
    """Write the site for ``graph`` into ``out`` (which must not exist or be empty).

    With ``reuse``, a file whose content is the same as in the previous build is
    hard-linked from there instead of written."""
    options = options or SiteOptions()
    for folder in (options.templates, options.static):
        if not folder.is_dir():
            raise KbError("site sources not found (templates and static assets)", folder)
    timings: list[tuple[str, float]] = []
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings.append((name, now - clock))
        clock = now

    sitemap = make_sitemap(graph)
    prose = Prose()
    pages: list[PageBase] = [home_page(graph, sitemap), search_page(),
                             glossary_page(graph, sitemap, prose), dangling_page(graph, sitemap)]
    pages += [rule_page(graph, node, sitemap, prose) for node in graph]
    pages += [wiki_page(graph, page, sitemap, prose) for page in graph.pages.values()]
    lap("resolve")

    env = make_environment(options.templates)
    site = SiteInfo(options.name, graph.versions, f"kb {__version__}")
    files: dict[str, str | bytes] = {page.path: render_page(env, site, page) for page in pages}
    lap("render")
    files.update(preview_files(graph))
    files.update(search_files(collect_docs(graph, sitemap), options.tables(graph)))
    for asset in sorted(options.static.rglob("*")):
        if asset.is_file():
            files[f"static/{asset.relative_to(options.static).as_posix()}"] = asset.read_bytes()
    lap("index")

    check_links(files, str(out))
    lap("links")

    total = 0
    folders: set[Path] = set()
    memo = Memo(reuse, "site-files")
    prefix = f"{out.name}/"
    for path, content in files.items():
        target = out / path
        if target.parent not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            folders.add(target.parent)
        data = content.encode("utf-8") if isinstance(content, str) else content
        total += len(data)
        key = digest(data)
        memo.put(path, key)
        if reuse is not None and memo.previous.get(path) == key and reuse.link(prefix + path):
            continue
        target.write_bytes(data)
    lap("write")
    return SiteReport(len(files), total, timings)
