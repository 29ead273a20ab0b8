"""Reader for MTG Wiki pages saved from a browser (``*.html``), desktop or mobile skin.

Parsed with lxml's HTML parser (libxml2: fast, tolerant of what browsers save, and every
element knows its source line, which the page records cite).  The page is the
``#firstHeading`` (mobile: ``#section_0``) title and the ``.mw-parser-output`` content;
the table of contents, edit links, scripts, the print footer and navigation are left out,
the category links are read into ``page.categories``, the revision header
(``#mw-revision-info``, ``#contentSub``) and ``wgRevisionId`` give the revision.  A file
with no title or no content is not a wiki page and is refused by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
from lxml.etree import ParserError
from lxml.html import HtmlElement as _Element

from kb.errors import KbError, NotAnArticle
from kb.model import Footnote, NamePair, RevisionInfo, WikiPage
from kb.sources import rendered
from kb.sources.articles import non_article_reason
from kb.sources.pagebuilder import CITATION_RE, PageBuilder
from kb.textio import read_text

SKIPPED = ("toc", "mw-editsection", "printfooter", "catlinks", "noprint", "mw-jump-link",
           "navbox", "mw-references-wrap", "reference", "mw-cite-backlink", "thumb")
_SPACES_RE = re.compile(r"\s+")
_REVISION_ID_RE = re.compile(r'"wgRevisionId"\s*:\s*(\d+)')
_TITLE_SUFFIX_RE = re.compile(r"\s*[-–—]\s*MTG ?Wiki\s*$")
HEADINGS = {"h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
LISTS = ("ul", "ol", "dl")


def read_html_page(path: str | Path) -> WikiPage:
    return parse_html_page(read_text(path), str(path))


def parse_html_page(text: str, path: str) -> WikiPage:
    try:
        document = lxml.html.document_fromstring(text)
    except (ParserError, ValueError) as err:
        raise KbError(f"not a wiki page: the HTML cannot be read ({err})", path, 1) from err
    title = _title(document)
    if not title:
        raise KbError("not a wiki page: no page title (#firstHeading, or a <title> ending "
                      "in '- MTG Wiki')", path, 1)
    reason = non_article_reason(title)
    if reason is None and _first(document, ".//textarea[@id='wpTextbox1']") is not None:
        reason = "an edit page: it holds the editor, not the page"
    if reason is not None:
        raise NotAnArticle(f"{title!r} is {reason}", path, 1)
    content = _first(document, ".//*[@class and contains(concat(' ', normalize-space(@class), ' '), "
                               "' mw-parser-output ')]", ".//*[@id='mw-content-text']",
                     ".//*[@id='bodyContent']")
    if content is None:
        raise KbError(f"not a wiki page: {title!r} has no content (.mw-parser-output)", path, 1)
    page = WikiPage(title=title, path=path, skin="html", revision=_revision(document, text, path))
    page.url = _url(document)
    page.categories = [_text(a) for a in _xpath(document, 
        ".//*[@id='catlinks']//*[contains(@class, 'catlinks')]//li/a | .//*[@id='mw-normal-catlinks']//li/a")]
    _Walker(page).walk(content)
    return page


def _first(document: _Element, *paths: str) -> _Element | None:
    for xpath in paths:
        found = _xpath(document, xpath)
        if found:
            return found[0]
    return None


def _xpath(element: _Element, xpath: str) -> list[_Element]:
    found = element.xpath(xpath)
    return [e for e in found if isinstance(e, _Element)] if isinstance(found, list) else []


def line_of(element: _Element) -> int:
    """The element's source line (libxml2 gives 0 or None where it does not know)."""
    line = getattr(element, "sourceline", None)
    return line if isinstance(line, int) and line > 0 else 1


def _title(document: _Element) -> str:
    heading = _first(document, ".//*[@id='firstHeading']", ".//*[@id='section_0']",
                     ".//h1[contains(@class, 'firstHeading')]")
    if heading is not None and _text(heading):
        return _text(heading)
    title = _first(document, ".//title")
    if title is not None and _TITLE_SUFFIX_RE.search(_text(title)):
        return _TITLE_SUFFIX_RE.sub("", _text(title))
    return ""


def _revision(document: _Element, text: str, path: str) -> RevisionInfo:
    revision_id = _REVISION_ID_RE.search(text)
    header = _first(document, ".//*[@id='mw-revision-info']", ".//*[@id='contentSub']",
                    ".//*[@id='mw-content-subtitle']")
    date = rendered.REVISION_RE.search(_text(header)) if header is not None else None
    if date or revision_id:
        return RevisionInfo(int(revision_id.group(1)) if revision_id else None,
                            rendered.revision_timestamp(date) if date else None,
                            "header")
    return rendered.revision_from_name(path)


def _url(document: _Element) -> str | None:
    """The page's address: its canonical link, else the print footer's ``「URL」から取得``."""
    for xpath in (".//link[@rel='canonical']/@href", ".//meta[@property='og:url']/@content"):
        found = document.xpath(xpath)
        if isinstance(found, list) and found and str(found[0]).startswith(("http://", "https://")):
            return str(found[0])
    footer = _first(document, ".//*[contains(@class, 'printfooter')]")
    retrieved = rendered.RETRIEVED_FROM_RE.match(_text(footer)) if footer is not None else None
    return retrieved.group("url") if retrieved else None


def _text(element: _Element) -> str:
    return _SPACES_RE.sub(" ", element.text_content()).strip()


def _classes(element: _Element) -> set[str]:
    return set(str(element.get("class") or "").split()) | {str(element.get("id") or "")}


class _Walker(PageBuilder):
    """Walks the content in document order, handing each block to the page builder."""

    def walk(self, content: _Element) -> None:
        self._children(content)
        self.finish()

    def _children(self, element: _Element) -> None:
        for child in element:
            if isinstance(child.tag, str):
                self._element(child)

    def _element(self, element: _Element) -> None:
        tag = str(element.tag).lower()
        if tag in ("script", "style", "noscript", "link", "meta") or _classes(element) & set(SKIPPED):
            if "references" in _classes(element) or "mw-references-wrap" in _classes(element):
                self._footnotes(element)
            return
        line = line_of(element)
        if tag in HEADINGS:
            headline = _first(element, ".//*[contains(@class, 'mw-headline')]")
            title = _heading_text(headline if headline is not None else element)
            if title:
                citation = CITATION_RE.match(title)
                if citation:
                    self.open_citation(citation.group("version"), title, line)
                else:
                    self.open_section(title, HEADINGS[tag], line)
            return
        if tag in LISTS:
            self._list(element, 0)
            return
        if tag == "table":
            self._table(element)
            return
        if "references" in _classes(element):
            self._footnotes(element)
            return
        if tag in ("p", "pre", "blockquote") or (tag == "div" and not len(element)):
            text = _inline_text(element)
            if text:
                self._paragraph(text, line)
            return
        self._children(element)

    def _paragraph(self, text: str, line: int) -> None:
        citation = CITATION_RE.match(text)
        if citation:
            self.open_citation(citation.group("version"), text, line)
        elif self.in_citation:
            self.citation_line(text, 0, False, line)
        else:
            self.add_paragraph(text, line)

    def _list(self, element: _Element, depth: int) -> None:
        if "references" in _classes(element):
            self._footnotes(element)
            return
        for item in element:
            if not isinstance(item.tag, str) or str(item.tag).lower() not in ("li", "dt", "dd"):
                continue
            text = _inline_text(item, skip=LISTS)
            line = line_of(item)
            if text:
                if self.in_citation:
                    self.citation_line(text, depth, True, line)
                else:
                    self.add_bullet(text, depth, line)
            for sub in item:
                if isinstance(sub.tag, str) and str(sub.tag).lower() in LISTS:
                    self._list(sub, depth + 1 if text else depth)
        if depth == 0:
            self.end_list()

    def _table(self, table: _Element) -> None:
        rows = [[_inline_text(cell) for cell in row if isinstance(cell.tag, str)
                 and str(cell.tag).lower() in ("td", "th")] for row in table.iter("tr")]
        infobox = not self.page.sections and not self.page.lead and not self.page.infobox
        for row, element in zip(rows, table.iter("tr"), strict=False):
            cells = [c for c in row if c]
            line = line_of(element)
            if not cells:
                continue
            if infobox and len(cells) == 1 and cells[0].startswith(self.page.title + "/"):
                english = cells[0][len(self.page.title) + 1:].strip()
                if english and self.page.english_name is None:
                    self.page.english_name = english
                    self.page.names.append(NamePair(self.page.title, english, line, None))
                    continue
            if infobox and len(cells) == 2 and cells[0] not in self.page.infobox and len(cells[0]) <= 20:
                self.page.infobox_line = self.page.infobox_line or line
                self.page.infobox[cells[0]] = cells[1]
                continue
            self.add_paragraph("　".join(cells), line)
        self.end_list()

    def _footnotes(self, element: _Element) -> None:
        for number, item in enumerate(element.iter("li"), start=1):
            text = _inline_text(item)
            text = re.sub(r"^↑\s*", "", text)
            if text:
                self.page.footnotes.append(Footnote(number, text, line_of(item)))


def _heading_text(element: _Element) -> str:
    parts = []
    for node in element.iter():
        if isinstance(node.tag, str) and _classes(node) & {"mw-editsection"}:
            continue
        if node.text and not any(_classes(a) & {"mw-editsection"} for a in node.iterancestors()):
            parts.append(node.text)
        if node is not element and node.tail:
            parts.append(node.tail)
    return rendered.noise_free_heading(_SPACES_RE.sub(" ", "".join(parts)).strip())


def _inline_text(element: _Element, skip: tuple[str, ...] = ()) -> str:
    """The element's text without nested blocks named in ``skip``, with ``^[n]`` for
    footnote marks and a space for ``<br>``."""
    parts: list[str] = []

    def visit(node: _Element) -> None:
        tag = str(node.tag).lower() if isinstance(node.tag, str) else ""
        classes = _classes(node) if tag else set()
        if tag in ("script", "style") or tag in skip or "mw-editsection" in classes:
            return
        if "reference" in classes:
            mark = re.search(r"\d+", node.text_content())
            parts.append(f"^[{mark.group(0)}]" if mark else "")
            return
        if tag == "br":
            parts.append(" ")
        elif node.text and tag:
            parts.append(node.text)
        for child in node:
            visit(child)
            if child.tail:
                parts.append(child.tail)

    visit(element)
    return _SPACES_RE.sub(" ", "".join(parts)).strip()
