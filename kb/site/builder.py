"""Build the static site: resolve everything, render into memory, check links, then write.

:func:`build_site` runs the parts in order.  Phase one (:func:`kb.site.sitemap.make_sitemap`
and :func:`pages_to_render`, which leaves out the pages a rebuild keeps: see
:mod:`kb.site.previous`) decides every path and link target; phase two renders each page,
adds the previews, search index and assets (:func:`data_files`), checks that every
internal link resolves, and only then writes (:func:`write_files`).  A broken link fails
the build with the page that holds it, and nothing is written.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kb import __version__
from kb.build.reuse import Reuse, digest
from kb.errors import KbError
from kb.graph import RuleGraph
from kb.rulenum import RuleNumber
from kb.search.tables import QueryTables, query_tables
from kb.site.context import PageBase, SiteInfo
from kb.site.index_pages import cards_page, dangling_page, glossary_page, home_page, search_page
from kb.site.links import SiteFile, check_links
from kb.site.markup import Prose
from kb.site.previews import preview_files
from kb.site.previous import PreviousSite
from kb.site.render import make_environment, render_page
from kb.site.resources import site_sources
from kb.site.revision_pages import revisions_page
from kb.site.rule_pages import rule_page
from kb.site.search_index import collect_docs, search_files
from kb.site.sitemap import SiteMap, make_sitemap
from kb.site.unchanged import RulePageKeys, glossary_page_key, node_digests
from kb.site.urls import GLOSSARY, rule_path
from kb.site.wiki_pages import wiki_page


@dataclass
class SiteOptions:
    templates: Path = field(default_factory=lambda: site_sources() / "templates")
    static: Path = field(default_factory=lambda: site_sources() / "static")
    name: str = "kb 総合ルール"
    tables: Callable[[RuleGraph], QueryTables] = query_tables
    """Where the search's variant and English-name tables come from: by default derived
    from the graph as the ``dictionary`` stage does; the build reads what that stage
    wrote (:mod:`kb.site.stage`)."""


@dataclass
class SiteReport:
    files: int
    written_bytes: int
    """Bytes of the files written; those linked from the previous build not counted."""
    timings: list[tuple[str, float]] = field(default_factory=list)


class _Laps:
    """Seconds of each part of the site stage, for the report."""

    def __init__(self) -> None:
        self.timings: list[tuple[str, float]] = []
        self._clock = time.perf_counter()

    def __call__(self, name: str) -> None:
        now = time.perf_counter()
        self.timings.append((name, now - self._clock))
        self._clock = now


def build_site(graph: RuleGraph, out: Path, options: SiteOptions | None = None,
               reuse: Reuse | None = None,
               rule_records: dict[RuleNumber, str] | None = None) -> SiteReport:
    """Write the site for ``graph`` into ``out`` (which must not exist or be empty).

    With ``reuse``, a page whose inputs are those of the previous build's page, and a file
    whose content is the same, are hard-linked from there instead of rendered or written."""
    options = options or SiteOptions()
    for folder in (options.templates, options.static):
        if not folder.is_dir():
            raise KbError("site sources not found (templates and static assets)", folder)
    lap = _Laps()
    sitemap = make_sitemap(graph)
    site = SiteInfo(options.name, graph.versions, f"kb {__version__}")
    previous = PreviousSite(reuse, out.name)
    pages = pages_to_render(graph, sitemap, site, previous, rule_records)
    lap("resolve")
    env = make_environment(options.templates)
    files: dict[str, SiteFile] = {page.path: render_page(env, site, page) for page in pages}
    files.update(previous.kept)
    lap("render")
    files.update(data_files(graph, sitemap, options, previous))
    lap("index")
    check_links(files, str(out), previous.suspects(files))
    lap("links")
    written = write_files(files, out, previous)
    lap("write")
    return SiteReport(len(files), written, lap.timings)


def pages_to_render(graph: RuleGraph, sitemap: SiteMap, site: SiteInfo, previous: PreviousSite,
                    rule_records: dict[RuleNumber, str] | None) -> list[PageBase]:
    """Every page but those :class:`PreviousSite` keeps from the previous build."""
    prose = Prose()
    pages: list[PageBase] = [home_page(graph, sitemap), search_page(), dangling_page(graph, sitemap),
                             cards_page(graph, sitemap)]
    site_key = digest(repr(site))
    if not previous.keep(GLOSSARY, glossary_page_key(graph, site_key)):
        pages.append(glossary_page(graph, sitemap, prose))
    nodes = node_digests(graph, rule_records) if previous.active else {}
    page_keys = RulePageKeys(graph, sitemap, nodes, site_key)
    for node in graph:
        if previous.active and previous.keep(rule_path(node.number), page_keys.key(node)):
            continue
        pages.append(rule_page(graph, node, sitemap, prose))
    pages += [wiki_page(graph, page, sitemap, prose) for page in graph.pages.values()]
    pages += [revisions_page(graph, graph.pages[title], sitemap, prose) for title in sitemap.revisions]
    return pages


def data_files(graph: RuleGraph, sitemap: SiteMap, options: SiteOptions,
               previous: PreviousSite) -> dict[str, SiteFile]:
    """The previews, the search index and the static assets, by site path."""
    files: dict[str, SiteFile] = dict(preview_files(graph))
    files.update(search_files(collect_docs(graph, sitemap), options.tables(graph).folded(),
                              previous.core_part()))
    for asset in sorted(options.static.rglob("*")):
        if asset.is_file():
            files[f"static/{asset.relative_to(options.static).as_posix()}"] = asset.read_bytes()
    return files


def write_files(files: dict[str, SiteFile], out: Path, previous: PreviousSite) -> int:
    """Write ``files`` under ``out``, linking from the previous build what is unchanged;
    the bytes written."""
    total = 0
    root = os.fspath(out)
    folders: set[str] = set()
    # Strings, not Path objects: a rebuild goes through thousands of unchanged files.
    for path, content in files.items():
        parent = path.rpartition("/")[0]
        if parent not in folders:
            Path(root, parent).mkdir(parents=True, exist_ok=True)
            folders.add(parent)
        if isinstance(content, Path):
            if previous.link_kept(path):
                continue
            content = content.read_bytes()
        data = content.encode("utf-8") if isinstance(content, str) else content
        if previous.link_same(path, digest(data)):
            continue
        Path(root, path).write_bytes(data)
        total += len(data)
    return total
