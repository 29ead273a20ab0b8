"""A page is a title and its revisions: files (or export pages) with one title are
revisions of one page, the newest of which is the page.

Revisions are ordered by date, then revision id (from the export, a rendered old
revision's header, or the file name); an undated copy ranks below every dated one, and
copies that rank the same (a desktop and a mobile copy of one revision) keep the order
they were read in, the first being the page.  A redirect never replaces an article, and
a diff page (which shows only the changed rows) never replaces a whole copy: both are
the page only when nothing else of the title was read.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.model import OldRevision, WikiPage


def merge_revisions(pages: Iterable[WikiPage]) -> list[WikiPage]:
    """One page per title, in the order titles were first read."""
    by_title: dict[str, list[WikiPage]] = {}
    for page in pages:
        by_title.setdefault(page.title, []).append(page)
    merged = []
    for copies in by_title.values():
        if len(copies) == 1:
            merged.append(copies[0])
            continue
        # sorted() is stable with reverse=True too: among equal keys the first read stays first.
        ranked = sorted(copies, key=lambda p: (p.redirect is None, not p.partial, p.revision.sort_key),
                        reverse=True)
        newest = ranked[0]
        older = [OldRevision(p.revision, p.path, 1, p.skin) for p in ranked[1:]]
        for page in ranked[1:]:
            older.extend(page.history)
        older.extend(newest.history)
        older.sort(key=lambda r: r.revision.sort_key, reverse=True)
        newest.history = older
        merged.append(newest)
    return merged

