"""Reader for MTG Wiki pages exported as rendered text.

Two skins are known: indented ``•`` bullets with blank lines between blocks (フェイジング,
変異, 継続的効果), and flattened ``- `` bullets with a ``目次 |`` line and a duplicated
breadcrumb tail (タイムスタンプ).  Every line ends up somewhere: in the title, the infobox,
a heading, a paragraph, a bullet, a citation entry, a footnote, or in ``page.dropped``
with the reason it is navigation noise.  Nothing is lost and nothing crashes the reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from kb.errors import KbError
from kb.model import (
    Block,
    Bullet,
    BulletList,
    CitationBlock,
    DroppedLine,
    Example,
    Footnote,
    NamePair,
    Paragraph,
    RuleEntry,
    Section,
    SourceRef,
    WikiPage,
    rule_kind,
)
from kb.rulenum import RuleNumber, RuleNumberError
from kb.sources.names import find_name_pairs
from kb.textio import read_text


def wiki_files(corpus: Path) -> list[Path]:
    """The corpus's wiki pages: ``corpus/wiki/*.txt`` (or ``corpus/*.txt`` when there is
    no ``wiki/``), sorted."""
    if not corpus.is_dir():
        raise KbError("corpus directory not found (a folder of wiki pages: DIR/wiki/*.txt or "
                      "DIR/*.txt)", corpus)
    folder = corpus / "wiki" if (corpus / "wiki").is_dir() else corpus
    return sorted(folder.glob("*.txt"))


# Headings the wiki uses at the top level of a page; others found between blocks are
# sub-headings (level 3) unless the page's table of contents says otherwise.
TOP_HEADINGS = frozenset({
    "定義", "解説", "ルール", "旧ルール", "現在のルールとの相違点", "その他", "参考", "脚注",
    "開発秘話", "備考", "過去のルール", "関連カード", "主な亜種", "利用", "ストーリー",
    "登場", "登場カード", "関連項目", "用語", "歴史", "注釈", "外部リンク", "イラスト",
    "主なカード", "該当カード", "ルーリング", "戦略", "デッキ", "能力",
})

# Navigation noise, each with the reason it is dropped.
NOISE = (
    (re.compile(r"^提供：MTG Wiki$"), "site credit"),
    (re.compile(r"^出典: .*MTG Wiki"), "site credit"),
    (re.compile(r"^移動: ?案内, ?検索$"), "navigation links"),
    (re.compile(r"^(?:案内|検索)に移動$"), "navigation links"),
    (re.compile(r"^目次(?: |$)"), "table of contents"),
    (re.compile(r".*時点における.*による版"), "revision header"),
    (re.compile(r"^\(差分\)|^← 古い版"), "revision navigation"),
)

_CITATION_RE = re.compile(r"^引用[：:]\s*総合ルール\s*(?P<version>\d{8}\.\d+)\s*$")
_INDENTED_BULLET_RE = re.compile(r"^(?P<indent>[ \t\u3000]*)(?:[•●◦▪∙] ?|・ )(?P<text>.*)$")
_FLAT_BULLET_RE = re.compile(r"^(?P<indent>[ \t]*)[-*] (?P<text>.*)$")
_FOOTNOTE_RE = re.compile(r"^(?P<number>\d{1,3})\.\s*↑\s*(?:\^\{[^}]*\}\s*)?(?P<text>.*)$")
_FOOTNOTE_MARK_RE = re.compile(r"\^\[(\d{1,3})\]")
_INFOBOX_RE = re.compile(r"^(?P<key>[^\t]{1,20})\t(?P<value>.*)$")
_EDIT_RE = re.compile(r"\s*\[編集\]\s*$")
_TOC_ENTRY_RE = re.compile(r"(?:^|\s)(?P<num>\d+(?:\.\d+)*)\s+(?P<title>.+?)(?=\s+\d+(?:\.\d+)*\s|$)")
_LEADING_NUMBER_RE = re.compile(r"^(?P<num>\d{1,3}(?:\.\d{1,3}[a-z]?)?)\.?(?:\s+|$)")
_EXAMPLE_RE = re.compile(r"^例[：:]\s*")
_TEMPLATE_BRACKETS_RE = re.compile(r"\[\[\[([^\[\]]*)\]\]\]")
_SENTENCE_END = ("。", "．", "」", "）", ")", "、", "：", ":")
MAX_HEADING_CHARS = 40


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
    content = [ln for ln in lines if ln.text.strip()]
    if not content:
        raise KbError("empty file: a wiki page starts with its title line", path, 1)
    title_line = content[0]
    title = _EDIT_RE.sub("", title_line.text.strip())
    skin = _detect_skin(lines)
    page = WikiPage(title=title, path=path, skin=skin)
    _Parser(page, lines[title_line.number:]).run()
    return page


def _detect_skin(lines: list[_Line]) -> Literal["indented", "flat"]:
    flat = sum(1 for ln in lines if _FLAT_BULLET_RE.match(ln.text))
    indented = sum(1 for ln in lines if _INDENTED_BULLET_RE.match(ln.text))
    return "flat" if flat > indented else "indented"


class _Parser:
    """Walks the lines once, filling ``page``."""

    def __init__(self, page: WikiPage, lines: list[_Line]):
        self.page = page
        self.lines = lines
        self.toc_levels: dict[str, int] = {}
        self.section: Section | None = None
        self.blocks: list[Block] = page.lead
        self.bullet_stack: list[Bullet] = []
        self.last_entry: RuleEntry | None = None
        self.quoted: dict[RuleNumber, list[RuleEntry]] = {}
        """The current citation's entries by number: looked up per line, so a long block
        stays linear."""
        self.anchors: set[str] = set()
        self.next_suffix: dict[str, int] = {}
        self.last_content = max((i for i, ln in enumerate(lines) if ln.text.strip()), default=-1)
        """Index of the last non-blank line: "is there content after this line" is then
        one comparison, not a scan (which made long flat-skin pages quadratic)."""

    # -- driver -------------------------------------------------------------------------

    def run(self) -> None:
        self._read_toc()
        index = self._read_header()
        for i in range(index, len(self.lines)):
            line = self.lines[i]
            if not line.text.strip():
                self.bullet_stack = []
                continue
            self._read_line(line, i)
        self._finish()

    def _read_toc(self) -> None:
        for line in self.lines:
            text = line.text.strip()
            if text.startswith("目次 ") and not text.startswith("目次 |"):
                for m in _TOC_ENTRY_RE.finditer(text[3:]):
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
            if self._drop_if_noise(line):
                index += 1
                continue
            if page.english_name is None and text.startswith(page.title + "/") and "\t" not in text:
                english = text[len(page.title) + 1:].strip()
                if english and not any(ch in english for ch in "。、"):
                    page.english_name = english
                    page.names.append(NamePair(page.title, english, line.number, None))
                    index += 1
                    continue
            infobox = _INFOBOX_RE.match(line.text)
            if infobox and page.english_name is not None and self._extends_infobox(
                infobox.group("key").strip(), line.number
            ):
                page.infobox_line = page.infobox_line or line.number
                page.infobox[infobox.group("key").strip()] = infobox.group("value").strip()
                index += 1
                continue
            return index
        return index

    def _extends_infobox(self, key: str, line: int) -> bool:
        """Infobox fields are one a line with nothing between them (``prose`` gives field
        i the line ``infobox_line + i``) and no key twice: a field that breaks either rule
        is read as page text, so its line is neither lost nor misnumbered."""
        infobox = self.page.infobox
        return key not in infobox and (not infobox or line == self.page.infobox_line + len(infobox))

    def _read_line(self, line: _Line, index: int) -> None:
        text = line.text
        if self._drop_if_noise(line):
            return
        stripped = _EDIT_RE.sub("", text.strip())
        citation = _CITATION_RE.match(stripped)
        if citation:
            self._open_section(stripped, 2, line.number)
            assert self.section is not None
            self.section.citation = CitationBlock(citation.group("version"), line.number)
            return
        if self.section is not None and self.section.citation is not None:
            self._read_citation_line(line)
            return
        bullet = _INDENTED_BULLET_RE.match(text) or _FLAT_BULLET_RE.match(text)
        if bullet:
            depth = _indent_depth(bullet.group("indent"))
            self._add_bullet(bullet.group("text").strip(), depth, line.number)
            return
        footnote = _FOOTNOTE_RE.match(stripped)
        if footnote and self.section is not None and self.section.title == "脚注":
            self.page.footnotes.append(
                Footnote(int(footnote.group("number")), footnote.group("text").strip(), line.number)
            )
            self._add_block(Paragraph(stripped, line.number))
            return
        level = self._heading_level(stripped, index)
        if level is not None:
            self._open_section(stripped, level, line.number)
            return
        self._add_block(Paragraph(stripped, line.number))

    # -- classification -----------------------------------------------------------------

    def _drop_if_noise(self, line: _Line) -> bool:
        text = line.text.strip()
        for pattern, reason in NOISE:
            if pattern.match(text):
                self.page.dropped.append(DroppedLine(line.number, text, reason))
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

    # -- building -----------------------------------------------------------------------

    def _open_section(self, title: str, level: int, line: int) -> None:
        self.section = Section(title=title, level=level, line=line, anchor=self._anchor(title))
        self.page.sections.append(self.section)
        self.blocks = self.section.blocks
        self.bullet_stack = []
        self.last_entry = None
        self.quoted = {}

    def _anchor(self, title: str) -> str:
        base = re.sub(r"[\s/?#%\"'<>&]+", "-", title).strip("-") or "section"
        # Suffixes below next_suffix[base] are all taken (anchors are never removed), so
        # the search resumes there: many equal headings stay linear.
        anchor, n = base, self.next_suffix.get(base, 2)
        while anchor in self.anchors:
            anchor, n = f"{base}-{n}", n + 1
        self.next_suffix[base] = n
        self.anchors.add(anchor)
        return anchor

    def _add_block(self, block: Block) -> None:
        self.blocks.append(block)
        self.bullet_stack = []
        self._scan_text(block.text if isinstance(block, Paragraph) else "", block.line)

    def _add_bullet(self, text: str, depth: int, line: int) -> None:
        bullet = Bullet(text, line)
        self._scan_text(text, line)
        depth = min(depth, len(self.bullet_stack))
        if depth == 0 or not self.bullet_stack:
            if self.blocks and isinstance(self.blocks[-1], BulletList) and self.bullet_stack:
                self.blocks[-1].items.append(bullet)
            else:
                self.blocks.append(BulletList([bullet]))
            self.bullet_stack = [bullet]
            return
        parent = self.bullet_stack[depth - 1]
        parent.children.append(bullet)
        self.bullet_stack = [*self.bullet_stack[:depth], bullet]

    def _scan_text(self, text: str, line: int) -> None:
        section = self.section.title if self.section else None
        for name in find_name_pairs(text):
            self.page.names.append(NamePair(name.japanese, name.english, line, section))
        for mark in _FOOTNOTE_MARK_RE.finditer(text):
            self.page.footnote_marks.append((line, int(mark.group(1))))

    def _read_citation_line(self, line: _Line) -> None:
        """A line inside ``引用：総合ルール``: a quoted rule, an example, or a continuation."""
        assert self.section is not None and self.section.citation is not None
        citation = self.section.citation
        bullet = _INDENTED_BULLET_RE.match(line.text) or _FLAT_BULLET_RE.match(line.text)
        body = bullet.group("text").strip() if bullet else line.text.strip()
        depth = _indent_depth(bullet.group("indent")) if bullet else 0
        number_match = _LEADING_NUMBER_RE.match(body)
        number = None
        if number_match:
            try:
                number = RuleNumber.parse(number_match.group("num"))
            except RuleNumberError:
                number = None
        source = SourceRef(self.page.path, line.number, self.page.title)
        if number is not None:
            assert number_match is not None
            # The wiki's quote template renders the CR's "[コスト]" as "[[[コスト]]]".
            rule_text = _TEMPLATE_BRACKETS_RE.sub(r"[\1]", body[number_match.end():].strip())
            if self._is_breadcrumb_repeat(number, rule_text):
                self.page.dropped.append(
                    DroppedLine(line.number, body, "duplicated breadcrumb of the citation")
                )
                return
            # The hierarchy comes from the numbers, so both skins nest the same way.
            depth = sum(1 for ancestor in number.ancestors() if ancestor in self.quoted)
            entry = RuleEntry(number, citation.version, rule_text, rule_kind(number, rule_text), source)
            citation.entries.append(entry)
            self.quoted.setdefault(number, []).append(entry)
            self.last_entry = entry
            self._add_bullet(body, depth, line.number)
            return
        if self.last_entry is not None and _EXAMPLE_RE.match(body):
            self.last_entry.examples.append(Example(_EXAMPLE_RE.sub("", body), source))
            self._add_bullet(body, depth + 1, line.number)
            return
        if self.last_entry is not None and not bullet:
            self.last_entry.text += "\n" + body
            self._add_block(Paragraph(body, line.number))
            return
        # Not a quoted rule: kept as ordinary text of the section.
        if bullet:
            self._add_bullet(body, depth, line.number)
        else:
            self._add_block(Paragraph(body, line.number))

    def _is_breadcrumb_repeat(self, number: RuleNumber, text: str) -> bool:
        """The flat skin repeats the quoted rule's ancestors after the last entry."""
        return any(e.text == text for e in self.quoted.get(number, ()))

    def _finish(self) -> None:
        page = self.page
        if page.english_name is None:
            page.english_name = next((n.english for n in page.names if n.japanese == page.title), None)
        for section in page.sections:
            if section.citation is not None and not section.citation.entries:
                section.citation = None


def _indent_depth(indent: str) -> int:
    width = sum(2 if ch == "\u3000" else 4 if ch == "\t" else 1 for ch in indent)
    return width // 2
