"""The build's ``site`` stage: the static site into ``<work>/site/``."""

from __future__ import annotations

from kb.build.layout import SITE_DIR
from kb.build.state import BuildState
from kb.search.layout import SEARCH_DIR


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

    build_site(state.graph, state.work / SITE_DIR, SiteOptions(tables=tables),
               reuse=state.reuse, records=state.records, claims=state.claims)
    state.written.append(f"{SITE_DIR}/")
