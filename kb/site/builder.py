"""Build the static site: resolve everything, render and write page by page, check links.

:func:`build_site` runs the parts in order.  Phase one (:func:`kb.site.sitemap.make_sitemap`
and :func:`pages_to_render`, which leaves out the pages a rebuild keeps: see
:mod:`kb.site.previous`) decides every path and link target; phase two renders each page
and writes it at once (:class:`SiteWriter`), keeping only its ids and links, adds the previews, search
index and assets (:func:`data_files`), and checks that every internal link resolves.  A
broken link fails the build with the page that holds it, and the site folder is removed
again: nothing half-written.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kb import __version__
from kb.build.reuse import Memo, Reuse, digest, program_folder
from kb.errors import KbError
from kb.export import GraphRecords
from kb.graph import RuleGraph
from kb.outdated import OutdatedClaim
from kb.search.tables import QueryTables, query_tables
from kb.site.context import PageBase, SiteInfo
from kb.site.coverage_page import coverage_page
from kb.site.diff import WORD_DIFFS_CACHE, WordDiffs
from kb.site.glossary_pages import TermPages
from kb.site.glossary_pages import preview_files as glossary_previews
from kb.site.history_pages import (
    keep_release_diffs,
    keep_timeline_diffs,
    release_changes,
    release_page,
    release_page_keys,
    releases_page,
)
from kb.site.index_pages import (
    cards_page,
    dangling_page,
    glossary_page,
    home_page,
    not_found_page,
    search_page,
)
from kb.site.links import LinkCheck, SiteFile, raise_broken
from kb.site.markup import Prose
from kb.site.outdated_notes import NOTES_FILE, notes_file
from kb.site.outline import outline_files
from kb.site.previews import preview_files
from kb.site.previous import PreviousSite
from kb.site.render import make_environment, render_page
from kb.site.resources import site_sources
from kb.site.revision_pages import revisions_page
from kb.site.rule_pages import rule_page
from kb.site.search_index import collect_docs
from kb.site.sitemap import SiteMap, make_sitemap
from kb.site.suggest import suggest_files
from kb.site.unchanged import (
    RulePageKeys,
    TermPageKeys,
    WikiPageKeys,
    glossary_page_key,
    node_digests,
)
from kb.site.urls import GLOSSARY, release_path, rule_path
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
    terms: Callable[[list[str], PreviousSite], dict[str, str | Path]] | None = None
    """The term index's files (:mod:`kb.site.search_terms`) for the site's document ids, made
    from ``kb search``'s index: only a build has one (:mod:`kb.site.stage`); a site built on
    its own has none."""


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
               records: GraphRecords | None = None,
               claims: list[OutdatedClaim] | None = None) -> SiteReport:
    """Write the site for ``graph`` into ``out`` (which must not exist or be empty).

    With ``reuse``, a page whose inputs are those of the previous build's page, and a file
    whose content is the same, are hard-linked from there instead of rendered or written.
    Each page is written as soon as it is rendered and only its ids and links are kept
    for the link check, so the site never sits in memory whole; a broken link then
    removes ``out`` again: nothing half-written."""
    options = options or SiteOptions()
    for folder in (options.templates, options.static):
        if not folder.is_dir():
            raise KbError("site sources not found (templates and static assets)", folder)
    lap = _Laps()
    sitemap = make_sitemap(graph, Memo(reuse, "everyday-words") if reuse is not None else None, claims)
    site = SiteInfo(options.name, graph.versions, f"kb {__version__}")
    previous = PreviousSite(reuse, out.name)
    program = program_folder() if reuse is not None else None
    env = make_environment(options.templates, program / "templates" if program is not None else None)
    writer = SiteWriter(out, previous)
    check = LinkCheck(previous)
    try:
        for page in pages_to_render(graph, sitemap, site, previous, records or GraphRecords()):
            text = render_page(env, site, page)
            check.rendered(page.path, text)
            previous.rendered(page.path, text)
            writer.write(page.path, text)
        for path, kept in previous.kept.items():
            check.kept_page(path, kept)
            writer.write(path, kept)
        lap("render")
        for path, content in data_files(graph, sitemap, options, previous).items():
            writer.write(path, content)
        lap("index")
        raise_broken(check.finish(writer.paths, previous.suspects(writer.paths)), str(out))
        lap("links")
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise
    return SiteReport(len(writer.paths), writer.written_bytes, lap.timings)


def pages_to_render(graph: RuleGraph, sitemap: SiteMap, site: SiteInfo, previous: PreviousSite,
                    records: GraphRecords) -> Iterator[PageBase]:
    """Every page but those :class:`PreviousSite` keeps from the previous build, made one
    at a time as the caller asks (a page's context holds its rendered prose)."""
    prose = Prose()
    changes = release_changes(graph)
    yield from (home_page(graph, sitemap), search_page(), dangling_page(graph, sitemap),
                cards_page(graph, sitemap), releases_page(graph, changes),
                coverage_page(graph, sitemap), not_found_page())
    # What every page shows of the site (not its versions: the footer links to their list,
    # so a new release does not change every page).
    site_key = digest(site.name, site.generator)
    glossary_key = glossary_page_key(graph, site_key)
    if not previous.keep(GLOSSARY, glossary_key):
        yield glossary_page(graph, sitemap, prose)
    nodes = node_digests(graph, records) if previous.active else {}
    page_keys = RulePageKeys(graph, sitemap, nodes, site_key)
    # A term's page is keyed by what it shows (its entry, the rules it links with their
    # titles), so a rule's new title renders again only the pages showing that rule.
    term_pages = TermPages(graph, sitemap.glossary, prose, sitemap.rule)
    term_keys = TermPageKeys(term_pages, page_keys, site_key) if previous.active else None
    for key, path in sitemap.glossary.items():
        if term_keys is None or not previous.keep(path, term_keys.key(key)):
            yield term_pages.page(key)
    diffs = WordDiffs(Memo(previous.reuse, WORD_DIFFS_CACHE))
    for node in graph:
        if previous.active and previous.keep(rule_path(node.number), page_keys.key(node)):
            keep_timeline_diffs(node, diffs)  # for the next build, which may change the rule
            continue
        yield rule_page(graph, node, sitemap, prose, diffs)
    wiki_keys = WikiPageKeys(graph, sitemap, site_key, page_keys, records.pages) if previous.active else None
    for page in graph.pages.values():
        if wiki_keys is None or not previous.keep(sitemap.pages[page.title], wiki_keys.page(page)):
            yield wiki_page(graph, page, sitemap, prose)
    for title in sitemap.revisions:
        page = graph.pages[title]
        if wiki_keys is None or not previous.keep(sitemap.revisions[title], wiki_keys.revisions(page)):
            yield revisions_page(graph, page, sitemap, prose)
    for release, key in release_page_keys(graph, changes, site_key).items():
        if previous.keep(release_path(release), key):
            keep_release_diffs(changes[release], diffs)
        else:
            yield release_page(graph, sitemap, changes, release, diffs)


def data_files(graph: RuleGraph, sitemap: SiteMap, options: SiteOptions,
               previous: PreviousSite) -> dict[str, SiteFile]:
    """The previews, the search index and the static assets, by site path."""
    files: dict[str, SiteFile] = dict(preview_files(graph))
    files.update(glossary_previews(graph, sitemap.glossary))
    files.update(outline_files(graph))
    docs = collect_docs(graph, sitemap)
    files.update(previous.search_files(docs, options.tables(graph).folded()))
    if options.terms is not None:
        # Numbered as search_files numbers them: the CR's documents, then the wiki's.
        ids = [d.id for d in docs if d.kind != "page"] + [d.id for d in docs if d.kind == "page"]
        files.update(options.terms(ids, previous))
    files[NOTES_FILE] = notes_file(sitemap)
    files.update(suggest_files(graph, sitemap))
    for asset in sorted(options.static.rglob("*")):
        if asset.is_file():
            files[f"static/{asset.relative_to(options.static).as_posix()}"] = asset.read_bytes()
    return files


class SiteWriter:
    """Writes site files under ``out`` as they come, linking from the previous build what
    is unchanged; remembers every path (for the link check) and the bytes written."""

    def __init__(self, out: Path, previous: PreviousSite):
        self.root = os.fspath(out)
        self.previous = previous
        self.paths: set[str] = set()
        self.written_bytes = 0
        self._folders: set[str] = set()

    def write(self, path: str, content: SiteFile) -> None:
        self.paths.add(path)
        # Strings, not Path objects: a rebuild goes through thousands of unchanged files.
        parent = path.rpartition("/")[0]
        if parent not in self._folders:
            Path(self.root, parent).mkdir(parents=True, exist_ok=True)
            self._folders.add(parent)
        if isinstance(content, Path):
            if self.previous.link_kept(path):
                return
            content = content.read_bytes()
        data = content.encode("utf-8") if isinstance(content, str) else content
        if self.previous.link_same(path, digest(data)):
            return
        Path(self.root, path).write_bytes(data)
        self.written_bytes += len(data)
