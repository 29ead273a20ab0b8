"""What the site stage takes from the previous build: pages whose inputs did not change,
files whose bytes did not change, and the parts of the search index whose documents did not.

``kb build`` keeps, in the build's caches (:mod:`kb.build.reuse`), each page's key
(``site-pages``: see :mod:`kb.site.unchanged`), each file's content hash (``site-files``)
what each part of the search index was made from (``site-search-parts``) and what the
whole index was made from with its files (``site-search-files``).  A page
with the key it had is not rendered: its previous file is linked.  A file with the bytes
it had is linked rather than written.  The link check then needs to read a kept page
again only when it may point at something gone (:meth:`PreviousSite.suspects`).
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Callable, Collection
from pathlib import Path

from kb.build.reuse import Memo, Reuse, digest
from kb.search.tables import QueryTables
from kb.site.links import ids_in
from kb.site.search_index import (
    FORMAT,
    IndexPart,
    PreviousPart,
    SearchDoc,
    index_part,
    part_key,
    search_files,
)


class PreviousSite:
    """The previous build's site (``<previous>/<folder>``), as far as this one can use it;
    with ``reuse`` None (a site built on its own) nothing is taken."""

    def __init__(self, reuse: Reuse | None, folder: str):
        self.reuse = reuse
        self.folder = folder
        self.pages = Memo(reuse, "site-pages")
        self.files = Memo(reuse, "site-files")
        self.hashes = self.files.previous
        """The previous build's site files, each with its content hash (all of them)."""
        self.kept: dict[str, Path] = {}
        """Pages whose inputs are those of the previous build's page: that file."""
        self.lost_ids: set[str] = set()
        """Pages rendered again that lost an ``id`` (:meth:`rendered`)."""
        self.ids = Memo(reuse, "site-ids")
        """The ids of the pages the link check looked into, by content hash."""
        self.targets = Memo(reuse, "site-link-targets")
        """The files each page links to, by its folder and content hash: a kept page is
        read again only when one of them is suspect."""
        previous = reuse.previous if reuse is not None else None
        self._root = previous / folder if previous is not None else None

    @property
    def active(self) -> bool:
        return self.reuse is not None

    def keep(self, path: str, key: str) -> bool:
        """Remember page ``path``'s key; take the previous build's file when the key is its."""
        self.pages.put(path, key)
        if self._root is None or self.pages.previous.get(path) != key or path not in self.hashes:
            return False
        self.kept[path] = self._root / path
        return True

    def index_parts(self) -> PreviousPart | None:
        """How :func:`kb.site.search_index.search_files` finds a part of the search index
        as the previous build made it (its postings and lengths, kept in the build's
        cache), when that build made it from the same documents and variants (the core
        part survives a wiki edit; every part a rebuild with nothing changed)."""
        reuse = self.reuse
        if reuse is None:
            return None
        memo = Memo(reuse, "site-search-parts")

        def previous(name: str, docs: list[tuple[int, SearchDoc]], variants: dict[str, str]) -> IndexPart | None:
            key = part_key(name, docs, variants)
            found = memo.get(key)
            stored = json.loads(found) if isinstance(found, str) else None
            if isinstance(stored, dict) and isinstance(stored.get("postings"), dict) \
                    and isinstance(stored.get("words"), dict):
                part = IndexPart(name, [n for n, _ in docs], list(stored["lengths"]), stored["postings"],
                                 stored["words"])
            else:
                part = index_part(name, docs, variants)
                found = json.dumps({"lengths": part.lengths, "postings": part.postings, "words": part.words},
                                   ensure_ascii=False, separators=(",", ":"))
            # Kept as its JSON text, one string a part: as lists of ints, every run of pages
            # held its postings until the build ended (about 600 MB at 10,000 wiki pages).
            memo.put(key, found)
            return part

        return previous

    def search_files(self, docs: list[SearchDoc], tables: QueryTables) -> dict[str, str | Path]:
        """The search index's files: the previous build's, linked, when it made them from the
        same documents and tables (a rebuild with nothing changed merges and files nothing);
        else :func:`kb.site.search_index.search_files` with the parts it can take."""
        memo = Memo(self.reuse, "site-search-files")
        key = digest(FORMAT, json.dumps(tables.to_json(), ensure_ascii=False, sort_keys=True),
                     *(repr(doc) for doc in docs))
        found = memo.get(key)
        if isinstance(found, list) and self._root is not None \
                and all(isinstance(path, str) and path in self.hashes for path in found):
            memo.put(key, found)
            Memo(self.reuse, "site-search-parts").carry_over()  # for the next build's edits
            return {path: self._root / path for path in found}
        files = search_files(docs, tables, self.index_parts())
        memo.put(key, sorted(files))
        return files

    def term_files(self, key: str, make: Callable[[], dict[str, str]]) -> dict[str, str | Path]:
        """The term index's files (:mod:`kb.site.search_terms`): the previous build's, linked,
        when it made them from the same ``key`` (the search index and the site's documents),
        else ``make()``'s."""
        memo = Memo(self.reuse, "site-term-files")
        found = memo.get(key)
        if isinstance(found, list) and self._root is not None \
                and all(isinstance(path, str) and path in self.hashes for path in found):
            memo.put(key, found)
            return {path: self._root / path for path in found}
        files: dict[str, str | Path] = dict(make())
        memo.put(key, sorted(files))
        return files

    def rendered(self, path: str, text: str) -> None:
        """A page rendered again: a suspect when it lost an ``id`` the previous build's
        file had (a kept page may link to it)."""
        if self.reuse is None or not self.hashes or not path.endswith(".html"):
            return
        before = self.reuse.previous_file(f"{self.folder}/{path}")
        if before is not None and not ids_in(before.read_text(encoding="utf-8")) <= ids_in(text):
            self.lost_ids.add(path)

    def suspects(self, paths: Collection[str]) -> set[str] | None:
        """The files a page kept from the previous build could now link to in vain: files
        of the previous build that are gone (not among ``paths``), and pages rendered
        again that lost an ``id``.  None when there is no previous build: every page is
        checked in full."""
        if self.reuse is None or not self.hashes:
            return None
        return {path for path in self.hashes if path not in paths} | self.lost_ids

    def known_ids(self, path: str) -> set[str] | None:
        """The ids of ``path`` as this build wrote or linked it, when a build recorded
        them for the same content (:class:`kb.site.links.LinkCheck`)."""
        key = self.files.used.get(path)
        found = self.ids.get(key) if isinstance(key, str) else None
        return set(found) if isinstance(found, list) else None

    def remember_ids(self, path: str, ids: set[str]) -> None:
        key = self.files.used.get(path)
        if isinstance(key, str):
            self.ids.put(key, sorted(ids))

    def known_targets(self, path: str) -> list[str] | None:
        """The files ``path`` as this build has it links to, when a build recorded them
        for the same content in the same folder (:class:`kb.site.links.LinkCheck`)."""
        key = self._targets_key(path)
        found = self.targets.get(key) if key is not None else None
        if not isinstance(found, str):
            return None
        return found.split("\n") if found else []

    def remember_targets(self, path: str, targets: list[str]) -> None:
        key = self._targets_key(path)
        if key is not None:
            # One string a page: decoded at once, where a list would be a string a link.
            self.targets.put(key, "\n".join(targets))

    def _targets_key(self, path: str) -> str | None:
        # Links are relative: the same bytes in another folder link elsewhere.
        content = self.files.used.get(path)
        return digest(posixpath.dirname(path), content) if isinstance(content, str) else None

    def link_kept(self, path: str) -> bool:
        """Link the kept page ``path`` (its hash as before); False when that fails."""
        known = self.hashes.get(path)
        if isinstance(known, str) and self.reuse is not None and self.reuse.link(f"{self.folder}/{path}"):
            self.files.put(path, known)
            return True
        return False

    def link_same(self, path: str, key: str) -> bool:
        """Remember ``path``'s content hash ``key``; link the previous file when it had the
        same (False: the caller writes it)."""
        self.files.put(path, key)
        return (self.reuse is not None and self.hashes.get(path) == key
                and self.reuse.link(f"{self.folder}/{path}"))
