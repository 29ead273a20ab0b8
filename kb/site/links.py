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
from urllib.parse import quote, unquote, urlsplit

from kb.errors import KbError

_LINK_RE = re.compile(r'\s(href|src)="([^"]*)"')
_ID_RE = re.compile(r'\sid="([^"]*)"')
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


def _text(content: SiteFile) -> str:
    if isinstance(content, Path):
        return content.read_text(encoding="utf-8")
    return content if isinstance(content, str) else content.decode("utf-8")


def find_broken_links(files: Mapping[str, SiteFile],
                      suspects: Collection[str] | None = None) -> list[BrokenLink]:
    """Check the links of every ``.html`` file against the set of files to be written.

    Pages taken from the previous build (``Path`` values) passed this check there.  Given
    ``suspects`` (the files such a page could now link to in vain: gone, or lost an id),
    a kept page is checked again only if its text names one of them, as our links spell
    a name (percent-encoded) or as it is; with no suspects, not at all."""
    names = {name for path in suspects or () for base in [posixpath.basename(path)]
             for name in (base, quote(base, safe=".-_~"))}
    ids: dict[str, set[str]] = {}

    def ids_of(path: str) -> set[str]:
        found = ids.get(path)
        if found is None:
            found = ids[path] = ids_in(_text(files[path]))
        return found

    resolved: dict[tuple[str, str, str], tuple[str, str] | str] = {}
    """(folder, attribute, raw link) -> (target, fragment), or why the link is wrong ("" for
    a link that leaves the site as it may): a site repeats its links thousands of times."""

    def resolve(folder: str, attribute: str, raw: str) -> tuple[str, str] | str:
        parts = urlsplit(html.unescape(raw))
        if parts.scheme or parts.netloc:
            leaves = attribute == "src" or parts.scheme not in EXTERNAL_SCHEMES
            return "leaves the site" if leaves else ""
        # No path: the page itself (filled in by the caller).
        target = posixpath.normpath(posixpath.join(folder, unquote(parts.path))) if parts.path else ""
        return target, unquote(parts.fragment)

    broken: list[BrokenLink] = []
    for page, content in files.items():
        if not page.endswith(".html") or isinstance(content, bytes):
            continue
        kept = isinstance(content, Path)
        if kept and suspects is not None and not names:
            continue
        text = _text(content)
        if kept and suspects is not None and not any(name in text for name in names):
            continue
        folder = posixpath.dirname(page)
        for attribute, raw in _LINK_RE.findall(text):
            key = (folder, attribute, raw)
            found = resolved.get(key)
            if found is None:
                found = resolved[key] = resolve(folder, attribute, raw)
            if isinstance(found, str):
                if found:
                    broken.append(BrokenLink(page, html.unescape(raw), found))
                continue
            target, fragment = found
            target = target or page
            if target not in files:
                broken.append(BrokenLink(page, html.unescape(raw), "no such file"))
                continue
            # A kept page's link into another kept page held in the previous build: both
            # files are the same bytes, so the id is still there.
            if fragment and target.endswith(".html") and not (kept and isinstance(files[target], Path)) \
                    and fragment not in ids_of(target):
                broken.append(BrokenLink(page, html.unescape(raw), f"no id {fragment!r} in {target}"))
    return broken


def check_links(files: Mapping[str, SiteFile], out: str, suspects: Collection[str] | None = None) -> None:
    broken = find_broken_links(files, suspects)
    if broken:
        shown = "; ".join(str(b) for b in broken[:5])
        more = f" and {len(broken) - 5} more" if len(broken) > 5 else ""
        raise KbError(f"site build failed: {len(broken)} broken internal link(s): {shown}{more}", out)
