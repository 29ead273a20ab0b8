"""Phase two's gate: every internal link of the rendered site must resolve.

Like ``mkdocs build --strict``, a link to a missing file or a missing ``#id`` fails the
build, naming the page that holds it.  The HTML is our own templates' output (attributes
always double-quoted), so a pattern over it finds every ``href`` and ``src``.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

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


def find_broken_links(files: Mapping[str, SiteFile], check_unchanged: bool = True) -> list[BrokenLink]:
    """Check the links of every ``.html`` file against the set of files to be written.

    Pages taken from the previous build (``Path`` values) passed this check there; with
    ``check_unchanged`` False they are not read again (the caller has made sure that no
    file and no id they could point to has gone)."""
    ids: dict[str, set[str]] = {}

    def ids_of(path: str) -> set[str]:
        found = ids.get(path)
        if found is None:
            found = ids[path] = ids_in(_text(files[path]))
        return found

    broken: list[BrokenLink] = []
    for page, content in files.items():
        if not page.endswith(".html") or isinstance(content, bytes):
            continue
        if isinstance(content, Path) and not check_unchanged:
            continue
        for attribute, raw in _LINK_RE.findall(_text(content)):
            link = html.unescape(raw)
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                if attribute == "src" or parts.scheme not in EXTERNAL_SCHEMES:
                    broken.append(BrokenLink(page, link, "leaves the site"))
                continue
            target = page
            if parts.path:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path)))
            if target not in files:
                broken.append(BrokenLink(page, link, "no such file"))
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.endswith(".html") and fragment not in ids_of(target):
                broken.append(BrokenLink(page, link, f"no id {fragment!r} in {target}"))
    return broken


def check_links(files: Mapping[str, SiteFile], out: str, check_unchanged: bool = True) -> None:
    broken = find_broken_links(files, check_unchanged)
    if broken:
        shown = "; ".join(str(b) for b in broken[:5])
        more = f" and {len(broken) - 5} more" if len(broken) > 5 else ""
        raise KbError(f"site build failed: {len(broken)} broken internal link(s): {shown}{more}", out)
