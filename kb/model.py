"""Small typed records that the readers produce and the graph consumes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from kb.rulenum import Level, RuleNumber

RuleKind = Literal["text", "title"]
"""A numbered line either states a rule (``text``) or names a heading (``title``:
``702.26 フェイジング／Phasing``, ``613 継続的効果の相互作用``)."""


def rule_kind(number: RuleNumber, text: str) -> RuleKind:
    """Sections, chapters and short unpunctuated rules (702.26 フェイジング／Phasing) are
    titles; everything else states a rule."""
    if number.level <= Level.CHAPTER:
        return "title"
    if number.level == Level.RULE and "。" not in text and not text.endswith(("：", ":")):
        return "title" if len(text) <= 120 else "text"
    return "text"


@dataclass(frozen=True)
class SourceRef:
    """Where something was read: a file and a 1-based line, and the wiki page if any."""

    path: str
    line: int
    page: str | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class Example:
    """An example line (``例：…``) attached to the rule above it."""

    text: str
    source: SourceRef


@dataclass
class RuleEntry:
    """One numbered line read from a source: the CR body, or a wiki page's citation block."""

    number: RuleNumber
    version: str
    text: str
    kind: RuleKind
    source: SourceRef
    examples: list[Example] = field(default_factory=list)
    language: str = "ja"
    """``ja`` or ``en`` (:mod:`kb.releases`)."""


@dataclass
class Irregularity:
    """A line the reader accepted although it breaks the file's own format."""

    source: SourceRef
    message: str


# -- wiki pages -------------------------------------------------------------------------


@dataclass
class Bullet:
    """A bullet with its nested bullets."""

    text: str
    line: int
    children: list[Bullet] = field(default_factory=list)


@dataclass
class Paragraph:
    text: str
    line: int


@dataclass
class BulletList:
    items: list[Bullet]

    @property
    def line(self) -> int:
        return self.items[0].line


Block = Paragraph | BulletList


@dataclass
class CitationBlock:
    """``引用：総合ルール 20231117.0`` and the rules it quotes, in the order quoted."""

    version: str
    line: int
    entries: list[RuleEntry] = field(default_factory=list)


@dataclass
class Section:
    """A heading and what follows it up to the next heading of the same or higher level."""

    title: str
    level: int
    """2 for the page's main headings (定義, 解説, ルール, …), 3 and deeper below them."""
    line: int
    blocks: list[Block] = field(default_factory=list)
    citation: CitationBlock | None = None
    """Set when the section is a CR citation block."""
    anchor: str = ""
    """A stable, readable id, unique within the page."""


@dataclass(frozen=True)
class NamePair:
    """A ``日本語名/English Name`` mention of a card or term."""

    japanese: str
    english: str
    line: int
    section: str | None = None


@dataclass
class Footnote:
    number: int
    text: str
    line: int


@dataclass
class DroppedLine:
    """A line the reader recognised as navigation noise and left out, with the reason."""

    line: int
    text: str
    reason: str


PageFormat = Literal["indented", "flat", "wikitext", "html"]
"""The rendered-text skins, wikitext (``*.wiki`` or inside an XML export) and saved HTML."""


@dataclass(frozen=True)
class RevisionInfo:
    """Which revision of a page a file holds, as far as the file says."""

    id: int | None = None
    timestamp: str | None = None
    """ISO 8601 (``2012-01-01T00:00:00Z``, or ``2012-01-01T00:00`` from a rendered header)."""
    origin: Literal["xml", "header", "file name", "none"] = "none"
    """Where the id and date came from: the export's ``<revision>``, a rendered old
    revision's ``…時点における版`` header, the file name, or nowhere."""

    @property
    def sort_key(self) -> tuple[str, int]:
        """Undated revisions sort before every dated one."""
        return (self.timestamp or "", self.id if self.id is not None else -1)


@dataclass
class OldRevision:
    """An older revision of a page, kept for its history: read again when shown."""

    revision: RevisionInfo
    path: str
    line: int
    """Line of the revision's text in ``path`` (its ``<text>`` element in an export)."""
    format: PageFormat
    text: str | None = None
    """The revision's wikitext from an export; None when ``path`` holds it alone."""


@dataclass(frozen=True)
class CRQuote:
    """``{{#CR:N}}`` in wikitext: the wiki shows the CR's text of rule N there.  The build
    fills the section's citation from the CR it reads (:mod:`kb.sources.crquote`)."""

    number: RuleNumber
    line: int
    section: int
    """Index in ``page.sections`` of the citation section the quote fills."""
    raw: str


@dataclass(frozen=True)
class CardMention:
    """A card named on a page: ``{{#card:Name}}``, ``《日本語名》`` or a name pair."""

    name: str
    """As written: English for ``{{#card:…}}``, Japanese for ``《…》``."""
    line: int
    form: Literal["card box", "brackets", "pair"]
    english: str | None = None
    japanese: str | None = None
    reading: str | None = None
    """Hiragana reading of the Japanese name, from the card-name table."""


@dataclass(frozen=True)
class PageNote:
    """Something the reader met and did not fully understand (an unknown template, a
    revision without text): kept, shown by the build as a warning."""

    line: int
    message: str


@dataclass
class WikiPage:
    """One MTG Wiki page: its newest revision read, its older ones kept."""

    title: str
    path: str
    skin: PageFormat
    english_name: str | None = None
    infobox: dict[str, str] = field(default_factory=dict)
    infobox_line: int = 0
    """Line of the first infobox field; the fields follow one a line."""
    lead: list[Block] = field(default_factory=list)
    """Paragraphs and bullets before the first heading."""
    sections: list[Section] = field(default_factory=list)
    names: list[NamePair] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    footnote_marks: list[tuple[int, int]] = field(default_factory=list)
    """(line, footnote number) for each ``^[n]`` in the text."""
    dropped: list[DroppedLine] = field(default_factory=list)
    revision: RevisionInfo = field(default_factory=RevisionInfo)
    history: list[OldRevision] = field(default_factory=list)
    """Older revisions, newest first."""
    categories: list[str] = field(default_factory=list)
    redirect: str | None = None
    """The title this page forwards to (``#転送 [[X]]``, ``<redirect title="X"/>``)."""
    hatnotes: list[str] = field(default_factory=list)
    """Titles of other pages the ``{{Otheruses|…}}`` notice points to."""
    cards: list[CardMention] = field(default_factory=list)
    cr_quotes: list[CRQuote] = field(default_factory=list)
    notes: list[PageNote] = field(default_factory=list)
    url: str | None = None
    """Where the page is on the wiki, when the file says (an export's site base, a saved
    page's canonical link, a printed page's ``「URL」から取得`` footer)."""
    partial: bool = False
    """The file shows only part of the revision (a diff page: its changed rows): it is
    the page only when no whole copy of the title was read."""

    @property
    def citations(self) -> list[CitationBlock]:
        return [s.citation for s in self.sections if s.citation is not None]

    def prose(self) -> Iterator[ProseBlock]:
        """Every infobox field, paragraph and bullet outside citation blocks."""
        for offset, (key, value) in enumerate(self.infobox.items()):
            yield ProseBlock("infobox", None, f"{key}\t{value}", self.infobox_line + offset)
        yield from _blocks_prose(None, self.lead)
        for section in self.sections:
            if section.citation is None:
                yield from _blocks_prose(section, section.blocks)


ProseKind = Literal["infobox", "paragraph", "bullet"]


@dataclass(frozen=True)
class ProseBlock:
    """One piece of a page's own text (not a quote of the CR), as :meth:`WikiPage.prose`
    gives it."""

    kind: ProseKind
    """Where it stands: an infobox field (``text`` is the key, a tab, the value), a
    paragraph or a bullet.  Told by this field, never by the text: a paragraph may hold
    a tab too."""
    section: Section | None
    """None for the infobox and the lead."""
    text: str
    line: int


def _blocks_prose(section: Section | None, blocks: list[Block]) -> Iterator[ProseBlock]:
    for block in blocks:
        if isinstance(block, Paragraph):
            yield ProseBlock("paragraph", section, block.text, block.line)
        else:
            stack = list(reversed(block.items))
            while stack:
                bullet = stack.pop()
                yield ProseBlock("bullet", section, bullet.text, bullet.line)
                stack.extend(reversed(bullet.children))


# -- the CR -----------------------------------------------------------------------------


@dataclass
class GlossaryEntry:
    """One glossary entry: ``相棒（あいぼう）／Companion`` and its definition."""

    headword: str
    reading: str
    english: str
    definition: str
    version: str
    source: SourceRef

    @property
    def key(self) -> str:
        """Unique name: the headword with its English name (two entries share 用語 names)."""
        return f"{self.headword}／{self.english}" if self.headword else f"（{self.reading}）／{self.english}"


@dataclass
class CRDocument:
    """The official Japanese Comprehensive Rules, read from its one text file."""

    path: str
    version: str
    entries: list[RuleEntry]
    glossary: list[GlossaryEntry]
    contents: list[tuple[str, str]]
    """The table of contents as (number, title); the body, not this, builds the tree."""
    irregularities: list[Irregularity] = field(default_factory=list)
