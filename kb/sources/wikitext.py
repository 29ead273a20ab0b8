"""Reader for MediaWiki wikitext: ``*.wiki`` / ``*.mediawiki`` files and the revisions
of an XML export.

The text is parsed by mwparserfromhell (a tokenizer in C with a typed node tree; its
node strings add up to the source, so every node's line is known) and rendered the way
the wiki shows it: links as their label, bold and italics as their words, headings as
sections, ``*``/``#``/``:`` lines as bullets, tables row by row.  What the MTG Wiki's own
templates mean is in :data:`BLOCK_TEMPLATES` and :func:`_inline_template`:

- ``{{#CR:N}}`` / ``{{#cr:N}}`` on a line of its own is the quoted CR block of rule N:
  the reader opens a citation section and records a :class:`~kb.model.CRQuote`, which
  :func:`kb.sources.crquote.expand_cr_quotes` fills from the CR in the build.  Inside a
  sentence it is a reference, written ``CR:N`` as ``{{CR|N}}`` is.
- ``{{#card:Name}}`` is a card box, ``{{カードテキスト|…}}`` its parameters;
  ``{{情報ボックス/…|…}}`` the infobox; ``{{Otheruses|…}}`` the notice naming other pages.
- ``<ref>`` notes become footnotes marked ``^[n]``; ``[[Category:…]]`` categories;
  ``#転送 [[X]]`` / ``#REDIRECT [[X]]`` a redirect.
- Any other template shows its positional parameters' text, and the page gets a note.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import unescape

import mwparserfromhell
from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Node,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode

from kb.errors import KbError, NotAnArticle
from kb.model import CardMention, CRQuote, Footnote, PageNote, RevisionInfo, WikiPage
from kb.rulenum import RuleNumber
from kb.sources.articles import non_article_reason
from kb.sources.pagebuilder import CITATION_RE, PageBuilder
from kb.textio import read_text

REDIRECT_RE = re.compile(r"^\s*#(?:転送|リダイレクト|REDIRECT)\s*:?\s*\[\[(?P<target>[^\]|#\n]+)", re.IGNORECASE)
MAGIC_WORD_RE = re.compile(r"__[A-Z]+__")
_SPACES_RE = re.compile(r"[ \t\u3000]+")
# A {{CR|N}} reference is rendered between two marks that become a space where an ASCII
# character touches it (so "Phasing{{CR|418}}" keeps its reference) and vanish beside
# Japanese text, spaces or the line's ends.
_REFERENCE_EDGE = "\x1f"
_REFERENCE_EDGES_RE = re.compile(r"\x1f+")
_REFERENCE_SPACE_RE = re.compile(r"(?<=[!-~])\x1f(?=[!-~])")
_QUOTES_RE = re.compile(r"'{2,}")

CATEGORY_PREFIXES = ("category", "カテゴリ")
FILE_PREFIXES = ("file", "image", "ファイル", "画像", "media", "メディア")
INFOBOX_PREFIXES = ("情報ボックス", "infobox")
CARD_TEXT_TEMPLATES = ("カードテキスト", "テンプレート:カードテキスト")
ENGLISH_KEYS = ("英語名", "英名", "英語", "english", "ename")
CARD_NAME_KEYS = ("name", "ename", "英語名", "カード名", "名前")
CARD_JAPANESE_KEYS = ("jname", "日本語名", "和名")
# Templates that only format their first parameter, or say something of the page that is
# not its content: rendered without a note.
QUIET_TEMPLATES = frozenset({"nowrap", "small", "big", "resize", "lang", "ruby", "color",
                             "stub", "未完成", "スタブ", "main", "see also", "toc", "clear"})
MAGIC_VARIABLES = frozenset({"pagename", "fullpagename", "basepagename"})


@dataclass
class _Line:
    """The top-level nodes from one line break to the next, and where the line starts."""

    offset: int
    nodes: list[Node] = field(default_factory=list)


def read_wikitext_file(path: str) -> WikiPage:
    """A ``*.wiki`` file: the title is the file's stem (wikitext has no title line)."""
    from pathlib import Path

    title = Path(path).stem.strip()
    if not title:
        raise KbError("cannot tell the page title: a wikitext file is named after its page", path, 1)
    reason = non_article_reason(title)
    if reason is not None:
        raise NotAnArticle(f"{title!r} is {reason}", path, 1)
    return parse_wikitext(read_text(path), path, title)


def parse_wikitext(text: str, path: str, title: str, *, first_line: int = 1,
                   revision: RevisionInfo | None = None) -> WikiPage:
    """Read one revision's wikitext; ``first_line`` is the line the text starts on in
    ``path`` (an export holds many texts)."""
    page = WikiPage(title=title, path=path, skin="wikitext", revision=revision or RevisionInfo())
    redirect = REDIRECT_RE.match(text)
    if redirect:
        page.redirect = redirect.group("target").strip().replace("_", " ")
        # The redirect line is no content; what follows it (categories) still is read.
        end = text.find("\n")
        text = " " * (end if end >= 0 else len(text)) + (text[end:] if end >= 0 else "")
    _Renderer(page, text, first_line).run()
    return page


class _Renderer(PageBuilder):
    """Walks the parsed text line by line, handing each block to the page builder."""

    def __init__(self, page: WikiPage, text: str, first_line: int):
        super().__init__(page)
        self.text = text
        self.first_line = first_line
        self.breaks = [m.start() for m in re.finditer("\n", text)]
        self.paragraph: list[str] = []
        self.paragraph_line = 0
        self.footnote_names: dict[str, int] = {}
        self.line = first_line
        """The line of what is being rendered: notes and footnotes are numbered by it."""
        self.resume: tuple[str, int] | None = None
        """While a quoted CR block is the current section: the heading whose text goes on
        below it (a citation section holds only its quote)."""

    def line_at(self, offset: int) -> int:
        return self.first_line + bisect.bisect_right(self.breaks, offset - 1)

    # -- lines --------------------------------------------------------------------------

    def run(self) -> None:
        code = mwparserfromhell.parse(self.text)
        for line in _split_lines(code.nodes):
            self.line = self.line_at(line.offset)
            self._block(line)
        self._flush()
        self.finish()

    def _block(self, line: _Line) -> None:
        nodes = [n for n in line.nodes if not (isinstance(n, Text) and not str(n).strip())]
        nodes = [n for n in nodes if not isinstance(n, Comment)]
        if not nodes:
            self._flush()
            self.end_list()
            return
        first = nodes[0]
        if isinstance(first, Heading):
            self._flush()
            title = self.inline(first.title.nodes).strip() or "-"
            citation = CITATION_RE.match(title)
            if citation:
                self.open_citation(citation.group("version"), title, self.line)
            else:
                self.open_section(title, max(2, min(first.level, 6)), self.line)
            self.resume = None
            return
        if len(nodes) == 1 and isinstance(first, Template) and self._block_template(first):
            return
        if isinstance(first, Tag) and first.wiki_markup in ("*", "#", ":", ";"):
            self._flush()
            depth = 0
            while depth < len(nodes) and _is_list_marker(nodes[depth]):
                depth += 1
            text = self.inline(line.nodes[line.nodes.index(nodes[depth - 1]) + 1:]).strip()
            if text:
                self._continue_after_quote()
                if self.in_citation:
                    self.citation_line(text, depth - 1, True, self.line)
                else:
                    self.add_bullet(text, depth - 1, self.line)
            return
        if isinstance(first, Tag) and first.tag == "table":
            self._flush()
            self._table(first)
            return
        text = self.inline(line.nodes).strip()
        if not text:
            return
        if self.paragraph and not self.in_citation:
            self.paragraph.append(text)
            return
        self._flush()
        self._continue_after_quote()
        if self.in_citation:
            self.citation_line(text, 0, False, self.line)
            return
        self.paragraph, self.paragraph_line = [text], self.line

    def _flush(self) -> None:
        if self.paragraph:
            self.add_paragraph(_join(self.paragraph), self.paragraph_line)
            self.paragraph = []

    def _continue_after_quote(self) -> None:
        """Text after a quoted CR block belongs to the heading above the block."""
        if self.resume is not None:
            title, level = self.resume
            self.resume = None
            self.open_section(title, level, self.line)

    # -- templates on a line of their own ------------------------------------------------

    def _block_template(self, template: Template) -> bool:
        name, argument = template_name(template)
        key = name.lower()
        if key in ("#cr", "#cr:") and argument:
            number = RuleNumber.try_parse(argument.strip())
            if number is None:
                return False
            self._flush()
            if self.resume is None:
                self.resume = (self.section.title, self.section.level) if self.section else \
                    (self.page.title, 2)
            self.open_section("引用：総合ルール", 2, self.line)
            self.page.cr_quotes.append(
                CRQuote(number, self.line, len(self.page.sections) - 1, str(template)))
            # Until the CR fills it, the quote is a reference to the rule.
            assert self.section is not None
            self.add_paragraph(f"CR:{number}", self.line)
            return True
        if key == "#card" and argument:
            self._flush()
            card = _clean(argument)
            self.page.cards.append(CardMention(card, self.line, "card box", english=card))
            self.add_paragraph(card, self.line)
            return True
        if key.startswith(INFOBOX_PREFIXES):
            self._flush()
            self._infobox(template)
            return True
        if key in CARD_TEXT_TEMPLATES:
            self._flush()
            self._card_text(template)
            return True
        if key == "otheruses":
            self._flush()
            self.page.hatnotes.extend(
                t for t in (_clean(self.inline(p.value.nodes)) for p in template.params if not p.showkey) if t
            )
            if not template.params:
                self.page.hatnotes.append(self.page.title)
            return True
        return False

    def _infobox(self, template: Template) -> None:
        page = self.page
        for param in template.params:
            key = _clean(str(param.name))
            value = _clean(self.inline(param.value.nodes))
            if not param.showkey or not key or not value or key in page.infobox:
                continue
            if key.lower() in ENGLISH_KEYS and page.english_name is None:
                page.english_name = value
            page.infobox_line = page.infobox_line or self.line_at(self._offset_of(param.value))
            page.infobox[key] = value

    def _card_text(self, template: Template) -> None:
        fields = {_clean(str(p.name)).lower(): _clean(self.inline(p.value.nodes)) for p in template.params}
        english = next((fields[k] for k in CARD_NAME_KEYS if fields.get(k)), None)
        japanese = next((fields[k] for k in CARD_JAPANESE_KEYS if fields.get(k)), None)
        if english or japanese:
            self.page.cards.append(CardMention(english or japanese or "", self.line, "card box",
                                               english=english, japanese=japanese))
        power = next((v for k, v in fields.items() if k in ("power", "パワー")), None)
        toughness = next((v for k, v in fields.items() if k in ("toughness", "タフネス")), None)
        shown = [v for k, v in fields.items() if v and k not in ("power", "パワー", "toughness", "タフネス")]
        if japanese and english:
            shown = [f"{japanese}/{english}", *[v for v in shown if v not in (japanese, english)]]
        if power is not None and toughness is not None:
            shown.append(f"{power}/{toughness}")
        lines = {_clean(self.inline(p.value.nodes)): self.line_at(self._offset_of(p.value))
                 for p in template.params}
        for text in shown:
            self.add_paragraph(text, lines.get(text, self.line))

    def _table(self, table: Tag) -> None:
        for row in _rows(table):
            cells = [_clean(self.inline(cell.contents.nodes)) for cell in row]
            cells = [c for c in cells if c]
            if cells:
                line = self.line_at(self._offset_of(row[0]))
                self.add_paragraph("　".join(cells), line)

    def _offset_of(self, node: object) -> int:
        """Where ``node`` starts in the page text (first occurrence at or after the line)."""
        here = self.breaks[self.line - self.first_line - 1] + 1 if self.line > self.first_line else 0
        found = self.text.find(str(node), here)
        return found if found >= 0 else here

    # -- inline -------------------------------------------------------------------------

    def inline(self, nodes: Iterable[Node]) -> str:
        text = "".join(self._node(n) for n in nodes)
        if _REFERENCE_EDGE in text:
            text = _REFERENCE_EDGES_RE.sub(_REFERENCE_EDGE, text)  # two references in a row: one edge
            text = _REFERENCE_SPACE_RE.sub(" ", text).replace(_REFERENCE_EDGE, "")
        return _SPACES_RE.sub(" ", text)

    def _node(self, node: Node) -> str:
        if isinstance(node, Text):
            # Apostrophe runs the parser left as text still only toggle italics and
            # bold on the wiki: never shown.
            return _QUOTES_RE.sub("", MAGIC_WORD_RE.sub("", str(node))).replace("\n", " ")
        if isinstance(node, Wikilink):
            return self._link(node)
        if isinstance(node, Template):
            return self._inline_template(node)
        if isinstance(node, Tag):
            return self._tag(node)
        if isinstance(node, HTMLEntity):
            return unescape(str(node))
        if isinstance(node, ExternalLink):
            return self.inline(node.title.nodes) if node.title else str(node.url)
        if isinstance(node, Argument):
            return self.inline(node.default.nodes) if node.default else ""
        return ""  # comments and anything without visible text

    def _link(self, link: Wikilink) -> str:
        target = str(link.title).strip()
        prefix, colon, rest = target.partition(":")
        prefix = prefix.strip().lower()
        if colon and prefix in CATEGORY_PREFIXES:
            category = rest.strip()
            if category and category not in self.page.categories:
                self.page.categories.append(category)
            return ""
        if colon and prefix in FILE_PREFIXES:
            return ""
        if colon and prefix == "en" and not target.startswith(":"):
            if self.page.english_name is None and rest.strip():
                self.page.english_name = rest.strip()
            return ""
        if link.text is not None:
            return self.inline(link.text.nodes)
        return target.lstrip(":").split("#")[0] or target

    def _inline_template(self, template: Template) -> str:
        name, argument = template_name(template)
        key = name.lower()
        positional = [p for p in template.params if not p.showkey]
        if key in ("#cr", "cr") and (argument or positional):
            number = (argument or str(positional[0].value)).strip()
            return f"{_REFERENCE_EDGE}CR:{number}{_REFERENCE_EDGE}"
        if key == "#card" and argument:
            card = _clean(argument)
            self.page.cards.append(CardMention(card, self.line, "card box", english=card))
            return card
        if key in MAGIC_VARIABLES:
            return self.page.title
        if key.startswith(INFOBOX_PREFIXES) or key in CARD_TEXT_TEMPLATES or key == "otheruses":
            self._block_template(template)  # written inside a line: still read
            return ""
        shown = " ".join(self.inline(p.value.nodes).strip() for p in positional)
        if argument and not shown:
            shown = argument.strip()
        if key not in QUIET_TEMPLATES:
            self.page.notes.append(PageNote(
                self.line, f"unknown template {{{{{name}}}}}: shown as the text of its parameters"))
        return shown

    def _tag(self, tag: Tag) -> str:
        name = str(tag.tag).lower()
        if name == "ref":
            return self._footnote(tag)
        if name in ("references", "br", "hr", "gallery", "math", "templatestyles"):
            return " " if name == "br" else ""
        if tag.wiki_markup in ("*", "#", ":", ";"):
            return ""  # a list marker met inside a line: the line itself is the item
        if name == "table":
            return "　".join(_clean(self.inline(cell.contents.nodes)) for row in _rows(tag) for cell in row)
        if tag.contents is None:
            return ""
        return self.inline(tag.contents.nodes)

    def _footnote(self, tag: Tag) -> str:
        name = str(tag.get("name").value).strip() if tag.has("name") else None
        if name is not None and name in self.footnote_names:
            number = self.footnote_names[name]
        else:
            number = len(self.page.footnotes) + 1
            text = _clean(self.inline(tag.contents.nodes)) if tag.contents is not None else ""
            self.page.footnotes.append(Footnote(number, text, self.line))
            if name is not None:
                self.footnote_names[name] = number
        return f"^[{number}]"


def _is_list_marker(node: Node) -> bool:
    return isinstance(node, Tag) and node.wiki_markup in ("*", "#", ":", ";")


def _split_lines(nodes: Sequence[Node]) -> list[_Line]:
    """Top-level nodes grouped by line; a Text node holding line breaks is cut at them."""
    lines = [_Line(0)]
    offset = 0
    for node in nodes:
        source = str(node)
        if isinstance(node, Text) and "\n" in source:
            pieces = source.split("\n")
            for i, piece in enumerate(pieces):
                if i:
                    lines.append(_Line(offset))
                if piece:
                    lines[-1].nodes.append(Text(piece))
                offset += len(piece) + (1 if i < len(pieces) - 1 else 0)
            continue
        lines[-1].nodes.append(node)
        offset += len(source)
    return lines


def _rows(table: Tag) -> list[list[Tag]]:
    """The cells (``td``/``th``) of each row of a wikitext table."""
    rows: list[list[Tag]] = []
    if table.contents is None:
        return rows
    current: list[Tag] = []
    for node in table.contents.nodes:
        if not isinstance(node, Tag):
            continue
        name = str(node.tag).lower()
        if name == "tr":
            if current:
                rows.append(current)
            current = [c for c in (node.contents.nodes if node.contents else [])
                       if isinstance(c, Tag) and str(c.tag).lower() in ("td", "th")]
            rows.append(current)
            current = []
        elif name in ("td", "th"):
            current.append(node)
    if current:
        rows.append(current)
    return [row for row in rows if row]


def template_name(template: Template) -> tuple[str, str | None]:
    """``{{#CR:702.26}}`` -> ("#CR", "702.26"); ``{{CR|704.5n}}`` -> ("CR", None)."""
    name = _clean(str(template.name))
    if name.startswith("#") and ":" in name:
        function, _, argument = name.partition(":")
        return function.strip(), argument
    if ":" in name and name.split(":", 1)[0].lower() in ("テンプレート", "template"):
        return name.split(":", 1)[1].strip(), None
    return name, None


def _clean(text: str | Wikicode) -> str:
    return _SPACES_RE.sub(" ", str(text).replace("\n", " ")).strip()


def _join(pieces: list[str]) -> str:
    """Lines of one paragraph: joined without a space between Japanese characters."""
    text = pieces[0]
    for piece in pieces[1:]:
        glue = "" if (text and not text[-1].isascii()) or not piece[0].isascii() else " "
        text += glue + piece
    return text
