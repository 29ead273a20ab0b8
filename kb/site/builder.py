"""Build the static site: resolve everything, render into memory, check links, then write.

Phase one (:func:`kb.site.sitemap.make_sitemap` and the page contexts) decides every path
and link target; phase two renders each page, adds the assets, previews and search index,
checks that every internal link resolves, and only then writes files.  A broken link fails
the build with the page that holds it, and nothing is written.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kb import __version__
from kb.build.reuse import Memo, Reuse, digest
from kb.errors import KbError
from kb.graph import RuleGraph
from kb.rulenum import RuleNumber
from kb.search.tables import QueryTables, query_tables
from kb.site.context import PageBase, SiteInfo
from kb.site.index_pages import dangling_page, glossary_page, home_page, search_page
from kb.site.links import SiteFile, check_links, ids_in
from kb.site.markup import Prose
from kb.site.previews import preview_files
from kb.site.render import make_environment, render_page
from kb.site.resources import site_sources
from kb.site.rule_pages import rule_page
from kb.site.search_index import (
    IndexPart,
    PreviousPart,
    SearchDoc,
    collect_docs,
    index_part,
    part_key,
    search_files,
)
from kb.site.sitemap import make_sitemap
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


def _previous_core(reuse: Reuse, folder: str) -> PreviousPart:
    """The search index's core part as the previous build wrote it, when that build made
    it from the same documents and variants (remembered under :func:`part_key`)."""
    memo = Memo(reuse, "site-search-core")

    def previous(docs: list[tuple[int, SearchDoc]], variants: dict[str, str]) -> IndexPart | None:
        key = part_key(docs, variants)
        found = memo.get(key)
        part = None
        if isinstance(found, dict):
            files: dict[str, str | Path] = {}
            for i in range(int(found["shards"])):
                path = f"search/index/core-{i}.js"
                kept = reuse.previous_file(f"{folder}/{path}")
                if kept is None:
                    break
                files[path] = kept
            else:
                part = IndexPart("core", int(found["shards"]), [n for n, _ in docs],
                                 list(found["lengths"]), files)
        if part is None:
            part = index_part("core", docs, variants)
        memo.put(key, {"shards": part.shards, "lengths": part.lengths})
        return part

    return previous


def _suspect_targets(files: dict[str, SiteFile], previous: dict[str, object],
                     reuse: Reuse, folder: str) -> set[str]:
    """The files a page kept from the previous build could now link to in vain: files of
    the previous build that are gone, and pages rendered again that lost an ``id``."""
    suspects = {path for path in previous if path not in files}
    for path, content in files.items():
        if path.endswith(".html") and isinstance(content, str):
            before = reuse.previous_file(f"{folder}/{path}")
            if before is not None and not ids_in(before.read_text(encoding="utf-8")) <= ids_in(content):
                suspects.add(path)
    return suspects


def build_site(graph: RuleGraph, out: Path, options: SiteOptions | None = None,
               reuse: Reuse | None = None,
               rule_records: dict[RuleNumber, str] | None = None) -> SiteReport:
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
    site = SiteInfo(options.name, graph.versions, f"kb {__version__}")
    pages: list[PageBase] = [home_page(graph, sitemap), search_page(), dangling_page(graph, sitemap)]
    unchanged: dict[str, Path] = {}
    """Pages whose inputs are those of the previous build's page: that file."""
    page_memo = Memo(reuse, "site-pages")
    file_memo = Memo(reuse, "site-files")
    previous_files = file_memo.previous
    """The previous build's site files (the memo of their hashes lists them all)."""
    previous_site = reuse.previous / out.name if reuse is not None and reuse.previous else out
    nodes = node_digests(graph, rule_records) if reuse is not None else {}
    site_key = digest(repr(site))
    page_keys = RulePageKeys(graph, sitemap, nodes, site_key)

    def kept(path: str, key: str) -> bool:
        """Remember ``path``'s key; take the previous build's file when the key is its."""
        page_memo.put(path, key)
        if reuse is None or page_memo.previous.get(path) != key or path not in previous_files:
            return False
        unchanged[path] = previous_site / path
        return True

    if not kept(GLOSSARY, glossary_page_key(graph, site_key)):
        pages.append(glossary_page(graph, sitemap, prose))
    for node in graph:
        if reuse is not None and kept(rule_path(node.number), page_keys.key(node)):
            continue
        pages.append(rule_page(graph, node, sitemap, prose))
    pages += [wiki_page(graph, page, sitemap, prose) for page in graph.pages.values()]
    lap("resolve")

    env = make_environment(options.templates)
    files: dict[str, SiteFile] = {page.path: render_page(env, site, page) for page in pages}
    files.update(unchanged)
    lap("render")
    files.update(preview_files(graph))
    files.update(search_files(collect_docs(graph, sitemap), options.tables(graph).folded(),
                              _previous_core(reuse, out.name) if reuse is not None else None))
    for asset in sorted(options.static.rglob("*")):
        if asset.is_file():
            files[f"static/{asset.relative_to(options.static).as_posix()}"] = asset.read_bytes()
    lap("index")

    check_links(files, str(out), None if reuse is None or not previous_files else
                _suspect_targets(files, previous_files, reuse, out.name))
    lap("links")

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
            known = previous_files.get(path)
            if isinstance(known, str) and reuse is not None and reuse.link(f"{out.name}/{path}"):
                file_memo.put(path, known)
                continue
            content = content.read_bytes()
        data = content.encode("utf-8") if isinstance(content, str) else content
        key = digest(data)
        file_memo.put(path, key)
        if reuse is not None and previous_files.get(path) == key and reuse.link(f"{out.name}/{path}"):
            continue
        Path(root, path).write_bytes(data)
        total += len(data)
    lap("write")
    return SiteReport(len(files), total, timings)
