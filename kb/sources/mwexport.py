"""Reader for MediaWiki XML exports (``Special:Export``, ``*.xml``): many pages, many
revisions each, namespaces and redirects, streamed.

Why lxml's ``iterparse`` and not mwxml: mwxml streams over the standard library's
iterparse, which knows no source lines, and kb cites every quoted rule by file and line;
lxml gives each element its line, reports malformed XML with line and column, and is
hardened (no entity expansion, no network, no DTD, libxml2's limits on huge nodes).  It is
also the HTML reader's parser, so it is one dependency, not two.  mwxml would further
refuse an export without ``<siteinfo>`` and assert on another root element.

Memory stays flat: each ``<page>`` is handled when its end tag is read and then cleared
with the siblings before it, so an export of any size holds one page at a time (plus the
pages read so far, as records).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from lxml import etree

from kb.errors import KbError
from kb.model import OldRevision, RevisionInfo, WikiPage
from kb.sources.wikitext import parse_wikitext

ARTICLE_NAMESPACE = 0


@dataclass
class ExportRevision:
    id: int | None
    timestamp: str | None
    text: str
    line: int
    """Line of the ``<text>`` element in the export: the text's first line is on it."""
    model: str = "wikitext"


@dataclass
class ExportPage:
    title: str
    namespace: int
    line: int
    redirect: str | None = None
    revisions: list[ExportRevision] = field(default_factory=list)
    url: str | None = None
    """The page's address, from the export's ``<siteinfo><base>`` (the main page's)."""


@dataclass
class ExportSkip:
    """A page of the export kb does not read (another namespace, no text), and why."""

    title: str
    line: int
    reason: str


def iter_export(path: str | Path) -> Iterator[ExportPage | ExportSkip]:
    """Every ``<page>`` of the export in file order, revisions oldest first."""
    path = Path(path)
    try:
        with path.open("rb") as stream:
            events = etree.iterparse(
                stream, events=("start", "end"), resolve_entities=False, no_network=True,
                load_dtd=False, huge_tree=False, remove_comments=True)
            root = None
            base: str | None = None
            for event, element in events:
                if root is None:
                    root = element
                    if etree.QName(element).localname != "mediawiki":
                        raise KbError(
                            f"not a MediaWiki export: the root element is <{etree.QName(element).localname}>, "
                            "not <mediawiki>", path, _line(element))
                    continue
                if event != "end":
                    continue
                name = etree.QName(element).localname
                if name == "base" and base is None:
                    base = (element.text or "").strip() or None
                if name != "page":
                    continue
                page = _page(element, path)
                if isinstance(page, ExportPage) and base is not None:
                    page.url = article_url(base, page.title)
                yield page
                # Drop the page and everything read before it, so memory stays flat.
                element.clear(keep_tail=False)
                parent = element.getparent()
                if parent is not None:
                    while element.getprevious() is not None:
                        del parent[0]
            if root is None:
                raise KbError("not a MediaWiki export: the file has no XML element", path, 1)
    except etree.XMLSyntaxError as err:
        line, column = err.position if err.position else (err.lineno or 1, 0)
        raise KbError(f"malformed XML at column {column}: {err.msg}", path, max(1, line)) from err
    except OSError as err:
        raise KbError(f"cannot read file: {err.strerror or err}", path) from err


def _page(element: etree._Element, path: Path) -> ExportPage | ExportSkip:
    title = _child_text(element, "title").strip()
    line = _line(element)
    if not title:
        raise KbError("a <page> without a <title>", path, line)
    namespace_text = _child_text(element, "ns").strip()
    try:
        namespace = int(namespace_text) if namespace_text else ARTICLE_NAMESPACE
    except ValueError as err:
        raise KbError(f"<ns> of {title!r} is not a number: {namespace_text!r}", path, line) from err
    page = ExportPage(title, namespace, line)
    for child in element:
        name = etree.QName(child).localname if isinstance(child.tag, str) else ""
        if name == "redirect":
            page.redirect = (child.get("title") or "").strip() or None
        elif name == "revision":
            revision = _revision(child, path, title)
            if revision is not None:
                page.revisions.append(revision)
    if not page.revisions:
        return ExportSkip(title, line, "no revision with text")
    # Oldest first by time, then id; the sort is stable, so of two revisions with the same
    # time and id (a damaged or merged export) the later one in the file counts as newer.
    page.revisions.sort(key=lambda r: (r.timestamp or "", r.id if r.id is not None else -1))
    return page


def article_url(base: str, title: str) -> str | None:
    """The address of ``title`` on the wiki whose main page is at ``base``: the main
    page's title, the last path segment (``…/wiki/メインページ``) or the ``title=``
    parameter (``…/index.php?title=Main_Page``), replaced by ``title``."""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https"):
        return None
    name = quote(title.replace(" ", "_"), safe="/:()'!*,;@")
    query = parse_qsl(parts.query, keep_blank_values=True)
    if any(key == "title" for key, _ in query):
        query = [(key, title.replace(" ", "_") if key == "title" else value) for key, value in query]
        return urlunsplit(parts._replace(query=urlencode(query), fragment=""))
    folder = parts.path.rpartition("/")[0]
    return urlunsplit(parts._replace(path=f"{folder}/{name}", query="", fragment=""))


def _revision(element: etree._Element, path: Path, title: str) -> ExportRevision | None:
    text_element = _child(element, "text")
    if text_element is None or text_element.get("deleted") is not None:
        return None
    id_text = _child_text(element, "id").strip()
    try:
        revision_id = int(id_text) if id_text else None
    except ValueError as err:
        raise KbError(f"revision id of {title!r} is not a number: {id_text!r}", path,
                      _line(element)) from err
    timestamp = _child_text(element, "timestamp").strip() or None
    model = _child_text(element, "model").strip() or "wikitext"
    return ExportRevision(revision_id, timestamp, text_element.text or "",
                          _line(text_element), model)


def _child(element: etree._Element, name: str) -> etree._Element | None:
    for child in element:
        if isinstance(child.tag, str) and etree.QName(child).localname == name:
            return child
    return None


def _child_text(element: etree._Element, name: str) -> str:
    child = _child(element, name)
    return (child.text or "") if child is not None else ""


WikitextParser = Callable[[str, str, str, int, RevisionInfo], WikiPage]
"""(text, path, title, first line, revision) -> the page: :func:`parse_wikitext`, or one
that takes unchanged pages from a cache (:mod:`kb.sources.corpus`)."""


def parse_revision(text: str, path: str, title: str, first_line: int, revision: RevisionInfo) -> WikiPage:
    return parse_wikitext(text, path, title, first_line=first_line, revision=revision)


def read_export(path: str | Path, skipped: list[ExportSkip] | None = None,
                parse: WikitextParser = parse_revision) -> Iterator[WikiPage]:
    """The export's articles as pages: the newest revision read, the older kept.

    Pages of other namespaces (templates, categories, talk) and pages without text are
    passed over; ``skipped`` collects them with the reason.
    """
    for item in iter_export(path):
        if isinstance(item, ExportSkip):
            if skipped is not None:
                skipped.append(item)
            continue
        if item.namespace != ARTICLE_NAMESPACE:
            if skipped is not None:
                skipped.append(ExportSkip(item.title, item.line, f"namespace {item.namespace}"))
            continue
        newest = item.revisions[-1]
        if newest.model != "wikitext":
            if skipped is not None:
                skipped.append(ExportSkip(item.title, item.line, f"content model {newest.model}"))
            continue
        page = parse(newest.text, str(path), item.title, newest.line,
                     RevisionInfo(newest.id, newest.timestamp, "xml"))
        page.url = item.url
        if item.redirect and page.redirect is None:
            page.redirect = item.redirect
        page.history = [
            OldRevision(RevisionInfo(r.id, r.timestamp, "xml"), str(path), r.line, "wikitext", r.text)
            for r in reversed(item.revisions[:-1])
        ]
        yield page


def _line(element: etree._Element) -> int:
    line = getattr(element, "sourceline", None)
    return line if isinstance(line, int) and line > 0 else 1
