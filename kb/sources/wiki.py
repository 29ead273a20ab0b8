"""Reader for MTG Wiki pages exported as rendered text.

Two skins are known: indented ``•`` bullets with blank lines between blocks (フェイジング,
変異, 継続的効果), and the reader-mode skin with no blank lines, ``- `` bullets, a ``目次 |``
line and a duplicated breadcrumb tail (タイムスタンプ).  The skin is judged from several
signals (:func:`detect_skin`), not from the bullets alone.  Every line ends up somewhere:
in the title, the infobox, a heading, a paragraph, a bullet, a citation entry, a
footnote, or in ``page.dropped`` with the reason it is page furniture.  Nothing is lost
and nothing crashes the reader.

What else a real export holds, and where it goes (:mod:`kb.sources.rendered` has the
tables): card boxes (name, type, keyword and P/T lines are text, never headings; a P/T
glued to the next line is cut off), infoboxes written with tabs, spaces or as a Markdown
table, revision headers (their date is the page's revision), footers, categories, and
wikitext that leaked into the text (a diff page: only the newer column is read).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from kb.errors import KbError, NotAnArticle
from kb.model import Footnote, NamePair, RevisionInfo, WikiPage
from kb.sources import rendered
from kb.sources.articles import non_article_reason
from kb.sources.leaked import render_leaked_wikitext
from kb.sources.pagebuilder import CITATION_RE, PageBuilder
from kb.textio import read_text

# Headings the wiki uses at the top level of a page; others found between blocks are
# sub-headings (level 3) unless the page's table of contents says otherwise.
TOP_HEADINGS = frozenset({
    "定義", "解説", "ルール", "旧ルール", "現在のルールとの相違点", "その他", "参考", "脚注",
    "開発秘話", "備考", "過去のルール", "関連カード", "主な亜種", "利用", "ストーリー",
    "登場", "登場カード", "関連項目", "用語", "歴史", "注釈", "外部リンク", "イラスト",
    "主なカード", "該当カード", "ルーリング", "戦略", "デッキ", "能力",
})

_INDENTED_BULLET_RE = re.compile(r"^(?P<indent>[ \t\u3000]*)(?:[•●◦▪∙] ?|・ )(?P<text>.*)$")
_FLAT_BULLET_RE = re.compile(r"^(?P<indent>[ \t]*)[-*] (?P<text>.*)$")
_FOOTNOTE_RE = re.compile(r"^(?P<number>\d{1,3})\.\s*↑\s*(?:\^\{[^}]*\}\s*)?(?P<text>.*)$")
_INFOBOX_TAB_RE = re.compile(r"^(?P<key>[^\t]{1,20})\t(?P<value>.*)$")
_INFOBOX_SPACE_RE = re.compile(
    r"^(?P<key>" + "|".join(map(re.escape, rendered.INFOBOX_KEYS)) + r")[ \u3000]+(?P<value>\S.*)$")
_EDIT_RE = re.compile(r"\s*\[編集\]\s*$")
_EDIT_PREFIX_RE = re.compile(r"^\[編集\]\s*")
_WIKITEXT_HEADING_RE = re.compile(r"^(?P<marks>={2,6})\s*(?P<title>[^=].*?)\s*(?P=marks)$")
_TOC_ENTRY_RE = re.compile(r"(?:^|\s)(?P<num>\d+(?:\.\d+)*)\s+(?P<title>.+?)(?=\s+\d+(?:\.\d+)*\s|$)")
_TOC_RE = re.compile(r"^目次(?:\s*\[(?:非表示|表示)\])?(?P<rest>.*)$")
_SENTENCE_END = ("。", "．", "」", "）", ")", "、", "：", ":")
MAX_HEADING_CHARS = 40
MAX_TITLE_CHARS = 120


@dataclass
class _Line:
    number: int
    text: str


def read_wiki_page(path: str | Path) -> WikiPage:
    """Read one page file."""
    return parse_wiki_page(read_text(path), str(path))


def parse_wiki_page(text: str, path: str) -> WikiPage:
    """Parse the rendered text of one page."""
    lines = [_Line(i + 1, line.rstrip()) for i, line in enumerate(text.split("\n"))]
    if not any(ln.text.strip() for ln in lines):
        raise KbError("empty file: a wiki page starts with its title line", path, 1)
    index, title = _find_title(lines, path)
    skin = detect_skin(lines)
    page = WikiPage(title=title, path=path, skin=skin, revision=rendered.revision_from_name(path))
    body = list(lines)
    if index is not None:
        body[index] = _Line(lines[index].number, "")  # the title is not content
    _Parser(page, body).run()
    return page


def _find_title(lines: list[_Line], path: str) -> tuple[int | None, str]:
    """The first line that is neither furniture nor a table row; the file's name when
    the text starts mid-table or mid-sentence."""
    first = None
    for index, line in enumerate(lines):
        text = _EDIT_PREFIX_RE.sub("", _EDIT_RE.sub("", line.text.strip()))
        if not text:
            continue
        first = first or line
        if rendered.noise_reason(text) or rendered.REVISION_RE.match(text):
            continue
        diff = rendered.DIFF_TITLE_RE.match(text)
        if diff:
            return index, _article_title(diff.group("title"), path, line.number)
        if rendered.is_title_like(text, MAX_TITLE_CHARS):
            return index, _article_title(text, path, line.number)
        break  # the text starts mid-table or mid-sentence
    stem = Path(path).stem.strip()
    if stem and rendered.is_title_like(stem, MAX_TITLE_CHARS):
        return None, _article_title(stem, path, 1)
    raise KbError("cannot tell the page title: the text starts mid-page and the file name "
                  "is no title either; name the file after the page", path,
                  first.number if first else 1)


def _article_title(title: str, path: str, line: int) -> str:
    reason = non_article_reason(title)
    if reason is not None:
        raise NotAnArticle(f"{title!r} is {reason}", path, line)
    return title


def detect_skin(lines: list[_Line]) -> Literal["indented", "flat"]:
    """Indented or reader-mode skin, by votes: bullet shapes, blank lines between blocks
    (the reader-mode skin has none), the ``目次 |`` bar and the desktop's navigation line."""
    content = [ln.text for ln in lines if ln.text.strip()]
    flat_bullets = sum(1 for t in content if _FLAT_BULLET_RE.match(t))
    indented_bullets = sum(1 for t in content if _INDENTED_BULLET_RE.match(t))
    votes = 0
    if flat_bullets != indented_bullets:
        votes += 2 if flat_bullets > indented_bullets else -2
    stripped = [t.strip() for t in content]
    if any(rendered.is_toc_bar(t) for t in stripped):
        votes += 2
    if any(rendered.NAVIGATION_RE.match(t) for t in stripped):
        votes -= 1
    if any(rendered.FOOTER_RE.match(t) for t in stripped):
        votes += 1
    if len(content) >= 6:
        blanks = sum(1 for a, b in itertools.pairwise(lines)
                     if not a.text.strip() and b.text.strip())
        ratio = blanks / len(content)
        votes += 3 if ratio < 0.08 else -3 if ratio > 0.2 else 0
    return "flat" if votes > 0 else "indented"


class _Parser(PageBuilder):
    """Walks the lines once, classifying each and handing it to the page builder."""

    def __init__(self, page: WikiPage, lines: list[_Line]):
        super().__init__(page)
        self.lines = lines
        self.toc_levels: dict[str, int] = {}
        self.last_content = max((i for i, ln in enumerate(lines) if ln.text.strip()), default=-1)
        """Index of the last non-blank line: "is there content after this line" is then
        one comparison, not a scan (which made long flat-skin pages quadratic)."""
        self.diff = any(rendered.DIFF_LINE_NUMBERS_RE.match(ln.text.strip()) for ln in lines) or \
            any(rendered.DIFF_TITLE_RE.match(ln.text.strip()) for ln in lines[:5])
        self.previous_text = ""
        page.partial = self.diff

    # -- driver -------------------------------------------------------------------------

    def run(self) -> None:
        self._read_toc()
        index = self._read_header()
        for i in range(index, len(self.lines)):
            line = self.lines[i]
            if not line.text.strip():
                self.end_list()
                continue
            self._read_line(line, i)
            self.previous_text = line.text.strip()
        self.finish()

    def _read_toc(self) -> None:
        for line in self.lines:
            toc = _TOC_RE.match(line.text.strip())
            if toc and not toc.group("rest").strip().startswith("|"):
                for m in _TOC_ENTRY_RE.finditer(toc.group("rest")):
                    level = m.group("num").count(".") + 2
                    self.toc_levels.setdefault(m.group("title").strip(), level)

    def _read_header(self) -> int:
        """The bilingual name line and the infobox right after the title."""
        page = self.page
        index = 0
        while index < len(self.lines):
            line = self.lines[index]
            text = line.text.strip()
            if not text:
                index += 1
                continue
            if self._drop_if_furniture(line):
                index += 1
                continue
            cells = rendered.table_cells(text)
            name_cell = cells[0] if cells and len([c for c in cells if c]) == 1 else text
            if page.english_name is None and name_cell.startswith(page.title + "/") and "\t" not in text:
                english = name_cell[len(page.title) + 1:].strip()
                if english and not any(ch in english for ch in "。、|"):
                    page.english_name = english
                    page.names.append(NamePair(page.title, english, line.number, None))
                    index += 1
                    continue
            field = self._infobox_field(text, cells)
            if field and page.english_name is not None and self._extends_infobox(field[0], line.number):
                page.infobox_line = page.infobox_line or line.number
                page.infobox[field[0]] = field[1]
                index += 1
                continue
            return index
        return index

    def _infobox_field(self, text: str, cells: list[str] | None) -> tuple[str, str] | None:
        """``種別<TAB>常在型能力``, ``種別 常在型能力`` (a known key) or ``種別 | 常在型能力 |``."""
        if cells is not None:
            filled = [c for c in cells if c]
            return (filled[0], filled[1]) if len(filled) == 2 and len(filled[0]) <= 20 else None
        for pattern in (_INFOBOX_TAB_RE, _INFOBOX_SPACE_RE):
            match = pattern.match(text)
            if match:
                return match.group("key").strip(), match.group("value").strip()
        return None

    def _extends_infobox(self, key: str, line: int) -> bool:
        """Infobox fields are one a line with nothing between them (``prose`` gives field
        i the line ``infobox_line + i``) and no key twice: a field that breaks either rule
        is read as page text, so its line is neither lost nor misnumbered."""
        infobox = self.page.infobox
        return key not in infobox and (not infobox or line == self.page.infobox_line + len(infobox))

    def _read_line(self, line: _Line, index: int) -> None:
        if self._drop_if_furniture(line):
            return
        if self.diff and "\t" in line.text:
            self._read_diff_row(line)
            return
        text = line.text
        stripped = _EDIT_PREFIX_RE.sub("", _EDIT_RE.sub("", text.strip()))
        citation = CITATION_RE.match(stripped)
        if citation:
            self.open_citation(citation.group("version"), stripped, line.number)
            return
        if self.in_citation:
            bullet = _INDENTED_BULLET_RE.match(text) or _FLAT_BULLET_RE.match(text)
            body = bullet.group("text").strip() if bullet else text.strip()
            depth = _indent_depth(bullet.group("indent")) if bullet else 0
            self.citation_line(body, depth, bullet is not None, line.number)
            return
        glued = rendered.GLUED_PT_RE.match(stripped)
        if glued:
            # Reader mode glues a card's P/T to the next line: "1/1Ethereal Ambush".
            self.add_paragraph(glued.group("pt"), line.number)
            rest = _Line(line.number, glued.group("rest"))
            if not self._drop_if_furniture(rest):
                self._read_content(rest, glued.group("rest"), index)
            return
        if rendered.is_type_line(stripped) and stripped == self.previous_text:
            self.drop(line.number, stripped, "repeated type line of a card box")
            return
        self._read_content(line, stripped, index)

    def _read_content(self, line: _Line, stripped: str, index: int) -> None:
        text = line.text
        if rendered.LEAKED_WIKITEXT_RE.search(stripped):
            heading = _WIKITEXT_HEADING_RE.match(stripped)
            if heading:
                title = render_leaked_wikitext(heading.group("title"), self.page, line.number).strip()
                self.open_section(title or stripped, len(heading.group("marks")), line.number)
                return
            stripped = render_leaked_wikitext(stripped, self.page, line.number).strip()
            if not stripped:
                self.drop(line.number, text.strip(), "wikitext without visible text")
                return
            text = render_leaked_wikitext(text, self.page, line.number)
        bullet = _INDENTED_BULLET_RE.match(text) or _FLAT_BULLET_RE.match(text)
        if bullet:
            depth = _indent_depth(bullet.group("indent"))
            self.add_bullet(bullet.group("text").strip(), depth, line.number)
            return
        cells = rendered.table_cells(stripped)
        if cells is not None:
            # A Markdown-like table row: its cells, without the bars.
            self.add_paragraph("　".join(c for c in cells if c) or stripped, line.number)
            return
        footnote = _FOOTNOTE_RE.match(stripped)
        if footnote and self.section is not None and self.section.title == "脚注":
            self.page.footnotes.append(
                Footnote(int(footnote.group("number")), footnote.group("text").strip(), line.number)
            )
            self.add_paragraph(stripped, line.number)
            return
        level = self._heading_level(stripped, index)
        if level is not None:
            self.open_section(stripped, level, line.number)
            return
        self.add_paragraph(stripped, line.number)

    def _read_diff_row(self, line: _Line) -> None:
        """A row of a diff page's two-column table: only the newer column is the page."""
        new, reason = rendered.diff_row_text(line.text)
        if new is None:
            self.drop(line.number, line.text.strip(), reason)
            return
        heading = _WIKITEXT_HEADING_RE.match(new.strip())
        if heading:
            title = render_leaked_wikitext(heading.group("title"), self.page, line.number).strip()
            self.open_section(title or new.strip(), len(heading.group("marks")), line.number)
            return
        shown = render_leaked_wikitext(new, self.page, line.number).strip()
        if shown:
            self.add_paragraph(shown, line.number)
        else:
            self.drop(line.number, line.text.strip(), "diff row without visible text")

    # -- classification -----------------------------------------------------------------

    def _drop_if_furniture(self, line: _Line) -> bool:
        text = line.text.strip()
        revision = rendered.REVISION_RE.match(text)
        if revision:
            # A diff page shows the older revision's header, then the newer one's.
            if self.page.revision.origin in ("none", "file name") or self.diff:
                self.page.revision = RevisionInfo(
                    self.page.revision.id, rendered.revision_timestamp(revision), "header")
            self.drop(line.number, text, "revision header")
            return True
        categories = rendered.CATEGORIES_RE.match(text)
        if categories:
            for name in re.split(r"\s*[|｜]\s*", categories.group("names")):
                if name and name not in self.page.categories:
                    self.page.categories.append(name)
            self.drop(line.number, text, "categories")
            return True
        retrieved = rendered.RETRIEVED_FROM_RE.match(text)
        if retrieved:
            self.page.url = self.page.url or retrieved.group("url")
            self.drop(line.number, text, "footer: the page's address")
            return True
        reason = rendered.noise_reason(text)
        if reason is None and rendered.TABLE_RULE_RE.match(text):
            reason = "table rule"
        if reason is not None:
            self.drop(line.number, text, reason)
            return True
        return False

    def _heading_level(self, text: str, index: int) -> int | None:
        if text in self.toc_levels:
            return self.toc_levels[text]
        if text in TOP_HEADINGS:
            return 2
        if len(text) > MAX_HEADING_CHARS or "。" in text or text.endswith(_SENTENCE_END):
            return None
        if text.startswith(("例", "※", "(", "（", "「", "→")) or "\t" in text:
            return None
        if not rendered.can_be_heading(text):
            return None
        # In the indented skin a heading stands alone between blank lines and is followed
        # by content; in the flat skin there are no blank lines, so a short line without
        # sentence punctuation followed by more content is a heading.
        if self.page.skin == "indented":
            before = self.lines[index - 1].text.strip() if index > 0 else ""
            after = self.lines[index + 1].text.strip() if index + 1 < len(self.lines) else ""
            if before or after:
                return None
        if not self._has_content_after(index):
            return None
        return 3 if self.page.sections else 2

    def _has_content_after(self, index: int) -> bool:
        return index < self.last_content


def _indent_depth(indent: str) -> int:
    width = sum(2 if ch == "\u3000" else 4 if ch == "\t" else 1 for ch in indent)
    return width // 2
