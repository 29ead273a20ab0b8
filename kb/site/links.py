"""Phase two's gate: every internal link of the rendered site must resolve.

Like ``mkdocs build --strict``, a link to a missing file or a missing ``#id`` fails the
build, naming the page that holds it.  The HTML is our own templates' output (attributes
always double-quoted), so a pattern over it finds every ``href`` and ``src``.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import quote, unquote, urlsplit

from kb.errors import KbError

_LINK_RE = re.compile(r'\s(href|src)="([^"]*)"')
_ID_RE = re.compile(r'\sid="([^"]*)"')
_ATTRIBUTE_RE = re.compile(r'\s(href|src|id)="([^"]*)"')
"""Both at once, for a rendered page: one pass over its text, not two."""
EXTERNAL_SCHEMES = ("http", "https", "mailto")


@dataclass(frozen=True)
class BrokenLink:
    page: str
    link: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.link} ({self.reason})"


SiteFile = str | bytes | Path
"""Rendered text, asset bytes, or a page taken unchanged from the previous build."""


def ids_in(text: str) -> set[str]:
    return {html.unescape(m) for m in _ID_RE.findall(text)}


LinkKey = tuple[str, str, str]
"""(folder of the page, attribute, the link as written)."""


class KnownIds(Protocol):
    """The ids of site files by their content, kept between builds
    (:class:`kb.site.previous.PreviousSite`)."""

    def known_ids(self, path: str) -> set[str] | None:
        """The ids of ``path`` as this build has it, if known without reading it (and
        then kept for the next build)."""

    def remember_ids(self, path: str, ids: set[str]) -> None:
        """``path`` as this build has it holds ``ids`` (for the next build)."""

    def known_targets(self, path: str) -> list[str] | None:
        """The site files ``path`` as this build has it links to, if a build recorded
        them for the same content and folder (and then kept for the next build)."""

    def remember_targets(self, path: str, targets: list[str]) -> None:
        """``path`` as this build has it links to ``targets`` (for the next build)."""


class LinkCheck:
    """The link check, fed page by page as the site is written, so no page has to stay
    in memory until the end: each rendered page leaves its ids and the links it holds
    (as keys shared by every page that writes them the same way); :meth:`finish` checks
    them against every file the site ended up with.

    Pages taken from the previous build passed this check there.  Given ``suspects`` (the
    files such a page could now link to in vain: gone, or lost an id), a kept page is
    read and checked again only if it links to one of them: as the build that wrote it
    recorded its links' targets (``known``), else if its text names one, as our links
    spell a name (percent-encoded) or as it is; with no suspects, not at all."""

    def __init__(self, known: KnownIds | None = None) -> None:
        self.pages: list[tuple[str, bool, list[LinkKey]]] = []
        self.ids: dict[str, set[str]] = {}
        self._known = known
        """Ids of kept pages without reading them: a rebuild's few rendered pages (the
        site's index pages, every build) link to fragments of kept ones.  Every page's
        ids are recorded (rendered or kept), so the record is the same whatever a build
        rendered."""
        self.kept: dict[str, Path] = {}
        self._keys: dict[LinkKey, LinkKey] = {}
        self._resolved: dict[LinkKey, tuple[str, str] | str] = {}
        """(folder, attribute, raw link) -> (target, fragment), or why the link is wrong
        ("" for a link that leaves the site as it may): a site repeats its links
        thousands of times."""

    def rendered(self, page: str, text: str) -> None:
        """A page rendered in this build (its text may be dropped afterwards)."""
        ids: set[str] = set()
        links: list[tuple[str, str]] = []
        for attribute, value in _ATTRIBUTE_RE.findall(text):
            if attribute == "id":
                ids.add(html.unescape(value))
            else:
                links.append((attribute, value))
        self.ids[page] = ids
        self.pages.append((page, False, self._keyed(page, links)))

    def kept_page(self, page: str, path: Path) -> None:
        """A page taken unchanged from the previous build (read again only if suspect)."""
        self.kept[page] = path

    def _links(self, page: str, text: str) -> list[LinkKey]:
        return self._keyed(page, _LINK_RE.findall(text))

    def _keyed(self, page: str, links: list[tuple[str, str]]) -> list[LinkKey]:
        folder = posixpath.dirname(page)
        keys = self._keys
        return [keys.setdefault(key, key) for key in
                ((folder, attribute, raw) for attribute, raw in links)]

    def finish(self, files: Collection[str], suspects: Collection[str] | None = None) -> list[BrokenLink]:
        """The broken links of every page fed, against ``files`` (every path of the site)."""
        names = {name for path in suspects or () for base in [posixpath.basename(path)]
                 for name in (base, quote(base, safe=".-_~"))}
        known = self._known
        # Kept pages whose links' targets a build recorded: read only if one is suspect.
        # Every page's targets are recorded (rendered, kept or read), as its ids are.
        targets: dict[str, list[str]] = {}
        if known is not None:
            for page, ids in self.ids.items():  # the rendered pages
                known.remember_ids(page, ids)
            for page in self.kept:
                recorded = known.known_ids(page)
                if recorded is None:
                    self._ids_of(page)  # read, and recorded
                else:
                    self.ids[page] = recorded
                found_targets = known.known_targets(page)
                if found_targets is not None:
                    targets[page] = found_targets
        suspect = set(suspects or ())
        for page, path in self.kept.items():
            linked_to = targets.get(page)
            if linked_to is not None:
                if suspects is not None and suspect.isdisjoint(linked_to):
                    continue  # it links to nothing gone or changed
            elif known is None and suspects is not None and not names:
                continue
            # Unrecorded (with ``known``, recorded now), or linking to a suspect: read.
            text = path.read_text(encoding="utf-8")
            if linked_to is None and known is None and suspects is not None \
                    and not any(name in text for name in names):
                continue
            self.pages.append((page, True, self._links(page, text)))
        broken: list[BrokenLink] = []
        for page, kept, keys in self.pages:
            linked: set[str] = set()
            for key in keys:
                found = self._resolved.get(key)
                if found is None:
                    found = self._resolved[key] = _resolve(*key)
                if isinstance(found, str):
                    if found:
                        broken.append(BrokenLink(page, html.unescape(key[2]), found))
                    continue
                target, fragment = found
                target = target or page
                linked.add(target)
                if target not in files:
                    broken.append(BrokenLink(page, html.unescape(key[2]), "no such file"))
                    continue
                # A kept page's link into another kept page held in the previous build: both
                # files are the same bytes, so the id is still there.
                if fragment and target.endswith(".html") and not (kept and target in self.kept) \
                        and fragment not in self._ids_of(target):
                    broken.append(BrokenLink(page, html.unescape(key[2]), f"no id {fragment!r} in {target}"))
            if known is not None and page not in targets:
                known.remember_targets(page, sorted(linked))
        return broken

    def _ids_of(self, path: str) -> set[str]:
        found = self.ids.get(path)
        if found is None:
            kept = self.kept.get(path)
            found = self.ids[path] = ids_in(kept.read_text(encoding="utf-8")) if kept is not None else set()
            if kept is not None and self._known is not None:
                self._known.remember_ids(path, found)
        return found


def _resolve(folder: str, attribute: str, raw: str) -> tuple[str, str] | str:
    parts = urlsplit(html.unescape(raw))
    if parts.scheme or parts.netloc:
        leaves = attribute == "src" or parts.scheme not in EXTERNAL_SCHEMES
        return "leaves the site" if leaves else ""
    # No path: the page itself (filled in by the caller).  A path from the root (the 404
    # page's links, which must work at any depth) is a path of the site as it is.
    path = unquote(parts.path)
    if path.startswith("/"):
        folder, path = "", path.lstrip("/")
    target = posixpath.normpath(posixpath.join(folder, path)) if path else ""
    return target, unquote(parts.fragment)


def find_broken_links(files: Mapping[str, SiteFile],
                      suspects: Collection[str] | None = None) -> list[BrokenLink]:
    """Check the links of every ``.html`` file of ``files`` (see :class:`LinkCheck`):
    a ``Path`` is a page kept from the previous build."""
    check = LinkCheck()
    for page, content in files.items():
        if not page.endswith(".html") or isinstance(content, bytes):
            continue
        if isinstance(content, Path):
            check.kept_page(page, content)
        else:
            check.rendered(page, content)
    return check.finish(files.keys(), suspects)


def raise_broken(broken: list[BrokenLink], out: str) -> None:
    if broken:
        shown = "; ".join(str(b) for b in broken[:5])
        more = f" and {len(broken) - 5} more" if len(broken) > 5 else ""
        raise KbError(f"site build failed: {len(broken)} broken internal link(s): {shown}{more}", out)
