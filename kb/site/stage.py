"""The build's ``site`` stage: the static site into ``<work>/site/``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kb.build.layout import SITE_DIR
from kb.build.state import BuildState
from kb.search.layout import SEARCH_DIR

if TYPE_CHECKING:
    from kb.site.previous import PreviousSite


def write_site(state: BuildState) -> None:
    """Render every page, the previews and the search index; check the links; write."""
    from kb.search.tables import QueryTables
    from kb.site.builder import SiteOptions, build_site  # Jinja2 and markdown-it: when used

    def tables(_graph: object) -> QueryTables:
        # The dictionary stage wrote them (deriving them again cost a second); the site
        # asks only once its pages are made, so a dictionary stage in the background
        # has had that long to finish.
        state.wait_for("dictionary")
        return QueryTables.read(state.work / SEARCH_DIR)

    def terms(ids: list[str], previous: PreviousSite) -> dict[str, str | Path]:
        # Made from kb search's index, which the index stage (perhaps in the background)
        # has had the whole rendering of the pages to finish.
        state.wait_for("index")
        state.wait_for("dictionary")  # the alias and English tables filed with the terms
        return site_term_files(state.work, ids, previous)

    # The term index only when asked for (kb build --site-terms): the site's search does
    # not read it yet, and it costs seconds a build.
    build_site(state.graph, state.work / SITE_DIR,
               SiteOptions(tables=tables, terms=terms if state.options.site_terms else None),
               reuse=state.reuse, records=state.records, claims=state.claims)
    state.written.append(f"{SITE_DIR}/")


def site_term_files(build_dir: Path, ids: list[str], previous: PreviousSite) -> dict[str, str | Path]:
    """The term index of ``build_dir``'s search index (:mod:`kb.site.search_terms`), taken
    from the previous build when the index's documents, its user dictionary and the site's
    documents are the same."""
    import hashlib
    import json

    from kb.build.reuse import digest
    from kb.search.layout import DICTIONARY_FILE, DOCUMENTS_FILE
    from kb.search.tables import QueryTables
    from kb.site.search_index import alias_table
    from kb.site.search_terms import TERMS_FORMAT, ranking_weights

    # What the index is made from (its documents, the user dictionary), not its segments:
    # an incremental build writes segments that hold the same but differ in bytes.
    folder = build_dir / SEARCH_DIR
    paths = [folder / DOCUMENTS_FILE, folder / DICTIONARY_FILE]
    stamps = [f"{path.name}\t{hashlib.sha256(path.read_bytes()).hexdigest()}" for path in paths if path.is_file()]
    tables = QueryTables.read(folder).folded()  # as the site's index files them
    aliases, english = alias_table(tables), dict(sorted(tables.english.items()))
    # The ranking's weights too: meta.js carries them, and a changed one must be written.
    filed = json.dumps([aliases, english, ranking_weights()], ensure_ascii=False, sort_keys=True)
    key = digest(TERMS_FORMAT, *ids, *stamps, hashlib.sha256(filed.encode("utf-8")).hexdigest())

    def make() -> dict[str, str]:
        from kb.search.index import open_index
        from kb.search.searcher import Searcher
        from kb.site.search_terms import term_files

        searcher = Searcher(open_index(build_dir))
        try:
            return term_files(searcher, ids, aliases, english)
        finally:
            searcher.close()

    return previous.term_files(key, make)
