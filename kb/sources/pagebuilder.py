"""Assembling a :class:`~kb.model.WikiPage` from classified lines: sections with unique
anchors, paragraphs, nested bullets, citation blocks of quoted rules, name pairs and
footnote marks.

Every wiki reader (rendered text, wikitext, saved HTML) decides what each line *is* and
hands it here, so the page records come out the same whichever form the page came in.
"""

from __future__ import annotations

import re

from kb.model import (
    Block,
    Bullet,
    BulletList,
    CitationBlock,
    DroppedLine,
    Example,
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

CITATION_RE = re.compile(r"^引用[：:]\s*総合ルール\s*(?P<version>\d{8}\.\d+)\s*$")
_LEADING_NUMBER_RE = re.compile(r"^(?P<num>\d{1,3}(?:\.\d{1,3}[a-z]?)?)\.?(?:\s+|$)")
_EXAMPLE_RE = re.compile(r"^例[：:]\s*")
_TEMPLATE_BRACKETS_RE = re.compile(r"\[\[\[([^\[\]]*)\]\]\]")
_FOOTNOTE_MARK_RE = re.compile(r"\^\[(\d{1,3})\]")


class PageBuilder:
    """Fills ``page`` as lines arrive in page order."""

    def __init__(self, page: WikiPage):
        self.page = page
        self.section: Section | None = None
        self.blocks: list[Block] = page.lead
        self.bullet_stack: list[Bullet] = []
        self.last_entry: RuleEntry | None = None
        self.quoted: dict[RuleNumber, list[RuleEntry]] = {}
        """The current citation's entries by number: looked up per line, so a long block
        stays linear."""
        self.anchors: set[str] = set()
        self.next_suffix: dict[str, int] = {}

    # -- structure ----------------------------------------------------------------------

    def open_section(self, title: str, level: int, line: int) -> Section:
        self.section = Section(title=title, level=level, line=line, anchor=self._anchor(title))
        self.page.sections.append(self.section)
        self.blocks = self.section.blocks
        self.bullet_stack = []
        self.last_entry = None
        self.quoted = {}
        return self.section

    def open_citation(self, version: str, title: str, line: int) -> Section:
        """A ``引用：総合ルール VERSION`` block: the lines after it quote rules."""
        section = self.open_section(title, 2, line)
        section.citation = CitationBlock(version, line)
        return section

    @property
    def in_citation(self) -> bool:
        return self.section is not None and self.section.citation is not None

    def end_list(self) -> None:
        """A blank line or other break: the next bullet starts a new list."""
        self.bullet_stack = []

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

    # -- content ------------------------------------------------------------------------

    def add_paragraph(self, text: str, line: int) -> None:
        self.blocks.append(Paragraph(text, line))
        self.bullet_stack = []
        self.scan_text(text, line)

    def add_bullet(self, text: str, depth: int, line: int) -> None:
        bullet = Bullet(text, line)
        self.scan_text(text, line)
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

    def drop(self, line: int, text: str, reason: str) -> None:
        self.page.dropped.append(DroppedLine(line, text, reason))

    def scan_text(self, text: str, line: int) -> None:
        section = self.section.title if self.section else None
        for name in find_name_pairs(text):
            self.page.names.append(NamePair(name.japanese, name.english, line, section))
        for mark in _FOOTNOTE_MARK_RE.finditer(text):
            self.page.footnote_marks.append((line, int(mark.group(1))))

    # -- citation blocks ----------------------------------------------------------------

    def citation_line(self, body: str, depth: int, bullet: bool, line: int) -> None:
        """A line inside ``引用：総合ルール``: a quoted rule, an example, or a continuation."""
        assert self.section is not None and self.section.citation is not None
        citation = self.section.citation
        number_match = _LEADING_NUMBER_RE.match(body)
        number = None
        if number_match:
            try:
                number = RuleNumber.parse(number_match.group("num"))
            except RuleNumberError:
                number = None
        source = SourceRef(self.page.path, line, self.page.title)
        if number is not None:
            assert number_match is not None
            # The wiki's quote template renders the CR's "[コスト]" as "[[[コスト]]]".
            rule_text = _TEMPLATE_BRACKETS_RE.sub(r"[\1]", body[number_match.end():].strip())
            if any(e.text == rule_text for e in self.quoted.get(number, ())):
                # The flat skin repeats the quoted rule's ancestors after the last entry.
                self.drop(line, body, "duplicated breadcrumb of the citation")
                return
            # The hierarchy comes from the numbers, so every form nests the same way.
            depth = sum(1 for ancestor in number.ancestors() if ancestor in self.quoted)
            entry = RuleEntry(number, citation.version, rule_text, rule_kind(number, rule_text), source)
            citation.entries.append(entry)
            self.quoted.setdefault(number, []).append(entry)
            self.last_entry = entry
            self.add_bullet(body, depth, line)
            return
        if self.last_entry is not None and _EXAMPLE_RE.match(body):
            self.last_entry.examples.append(Example(_EXAMPLE_RE.sub("", body), source))
            self.add_bullet(body, depth + 1, line)
            return
        if self.last_entry is not None and not bullet:
            self.last_entry.text += "\n" + body
            self.add_paragraph(body, line)
            return
        # Not a quoted rule: kept as ordinary text of the section.
        if bullet:
            self.add_bullet(body, depth, line)
        else:
            self.add_paragraph(body, line)

    # -- end ----------------------------------------------------------------------------

    def finish(self) -> WikiPage:
        page = self.page
        if page.english_name is None:
            page.english_name = next((n.english for n in page.names if n.japanese == page.title), None)
        pending = {quote.section for quote in page.cr_quotes}  # filled later from the CR
        for index, section in enumerate(page.sections):
            if section.citation is not None and not section.citation.entries and index not in pending:
                section.citation = None
        return page
