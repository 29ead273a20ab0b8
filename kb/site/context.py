"""The typed context each template receives.  Templates read these; they compute nothing.

Every ``path`` is a site path (``rules/702.26d.html``, ``pages/変異.html#ルール``); the
``url`` filter makes it relative to the page being rendered.  Every ``html`` is already
escaped and linked by :mod:`kb.site.markup`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from kb.site.checks import CheckView


@dataclass(frozen=True)
class SiteInfo:
    """Shared by every page."""

    name: str
    versions: list[str]
    """CR versions with text, newest first."""
    generator: str


@dataclass(frozen=True)
class RuleLink:
    number: str
    path: str
    title: str | None
    has_text: bool
    summary: str | None = None
    """For a rule without a title, the start of its text: beside the number in sibling
    lists and previous/next, so a reader sees where a link goes."""


@dataclass(frozen=True)
class SourceLink:
    """Where a text comes from, as a reader names it: 「総合ルール 20260116.0（2026-01-16）」
    linking to the official publication, or the wiki page that quotes it.  Never a file."""

    label: str
    url: str | None = None
    """An outside address (the official rules page)."""
    path: str | None = None
    """A page of the site (the wiki page quoting the text)."""


@dataclass
class PageBase:
    """What ``base.html`` needs of every page."""

    path: str
    title: str
    kind: str
    """``home``, ``rule``, ``page``, ``glossary``, ``dangling``, ``search``: a body class."""
    description: str = ""


@dataclass(frozen=True)
class VersionText:
    version: str
    html: Markup
    sources: list[SourceLink]
    examples: list[Markup]
    newest: bool
    diff: Markup | None = None
    """For an older text: the newer text marked with what changed since this one."""
    same_as_newer: bool = False
    """Only spacing differs from the next newer version."""
    newer_version: str | None = None
    anchor: str = ""
    """The section's id: ``v`` + the version, ``-2`` … for a second text of one version
    (a conflict in the source), so ids stay unique on the page."""


@dataclass(frozen=True)
class ChildView:
    rule: RuleLink
    html: Markup
    """The child's newest text (or its title when it is a heading)."""


@dataclass(frozen=True)
class ReferenceOut:
    target: RuleLink
    raw: str
    versions: list[str]


@dataclass(frozen=True)
class ReferenceIn:
    label: str
    path: str
    raw: str
    versions: list[str]
    context: Markup
    """The referring text, with links, so a reader sees how it is cited."""


@dataclass(frozen=True)
class OutdatedNote:
    """「この記述は 20231117.0 時点。現行 702.26d と異なる可能性」: a passage or quote
    that may state an older rule (:mod:`kb.outdated`), linking to the rule and the check."""

    version: str
    rule: RuleLink
    why: str
    check: str | None
    """The check that shows it (its id), shown on the rule's page at ``#checks``."""
    passage: str
    """Where it is: the page's section path (``pages/X.html#anchor``)."""

    @property
    def text(self) -> str:
        return f"この記述は {self.version} 時点。現行 {self.rule.number} と異なる可能性"


@dataclass(frozen=True)
class PageMention:
    title: str
    path: str
    kind: str
    """``引用`` (quoted in a citation block), ``言及`` (mentioned in prose), ``項目``."""
    section: str | None
    version: str | None
    line: int
    possibly_old: bool = False
    """The page is older than the build's CR release: it may cite an older number."""
    outdated: tuple[OutdatedNote, ...] = ()
    """The page's passages about this rule that may state an older rule."""


@dataclass(frozen=True)
class TimelineEntry:
    """A run of releases in a rule's English history."""

    first: str
    last: str | None
    """None for the last run: the rule is so still."""
    number: str
    was: str | None
    """The number before, when this run renumbered it."""
    change: str
    label: str
    """追加, 変更, 番号変更."""
    html: Markup
    """The first text, or the diff from the run before (empty when only renumbered)."""


@dataclass(frozen=True)
class EnglishView:
    """The rule's English text beside the Japanese."""

    html: Markup
    examples: list[Markup]
    since: str | None
    """The first release of this wording (for the newest text); None for an older text."""
    release: str
    sources: list[SourceLink]


@dataclass(frozen=True)
class TextRow:
    """One release's texts side by side: Japanese and English (either may be missing)."""

    japanese: VersionText | None
    english: EnglishView | None


@dataclass
class RulePage(PageBase):
    rule: RuleLink = field(default_factory=lambda: RuleLink("", "", None, False))
    level: str = ""
    versions: list[str] = field(default_factory=list)
    """CR versions giving this rule a text or a title, newest first."""
    context_title: str | None = None
    """For a subrule: the title of the nearest rule above it (フェイジング／Phasing)."""
    crumbs: list[RuleLink] = field(default_factory=list)
    titles: list[VersionText] = field(default_factory=list)
    texts: list[VersionText] = field(default_factory=list)
    children: list[ChildView] = field(default_factory=list)
    siblings: list[RuleLink] = field(default_factory=list)
    siblings_cut: bool = False
    """Only siblings near this rule are listed; the parent lists them all."""
    previous: RuleLink | None = None
    next: RuleLink | None = None
    references: list[ReferenceOut] = field(default_factory=list)
    referenced_by: list[ReferenceIn] = field(default_factory=list)
    pages: list[PageMention] = field(default_factory=list)
    glossary: list[tuple[str, str]] = field(default_factory=list)
    """(headword, path) of glossary entries citing this rule."""
    checks: list[CheckView] = field(default_factory=list)
    dangling: bool = False
    english: EnglishView | None = None
    """The newest English text, shown beside the newest Japanese one."""
    older_english: dict[str, EnglishView] = field(default_factory=dict)
    """Release -> the English text of an older release whose Japanese text is shown."""
    english_title: str | None = None
    badges: list[str] = field(default_factory=list)
    timeline: list[TimelineEntry] = field(default_factory=list)
    identity: str | None = None
    rows: list[TextRow] = field(default_factory=list)
    """The texts, newest first, each Japanese text beside the English of its release."""
    verified: int = 0
    """Checks of this rule that pass (the 「検証済み N」 badge)."""
    citation: str = ""
    """「CR 702.26d（2026-01-16）」: what the copy button copies, with the permalink."""
    older_titles: list[VersionText] = field(default_factory=list)
    """Older versions' headings that differ from the newest (the heading is shown once)."""


@dataclass(frozen=True)
class BulletView:
    html: Markup
    children: list[BulletView]
    notes: list[OutdatedNote] = field(default_factory=list)


@dataclass(frozen=True)
class BlockView:
    kind: str
    """``paragraph`` or ``bullets``."""
    html: Markup = field(default_factory=Markup)
    items: list[BulletView] = field(default_factory=list)
    notes: list[OutdatedNote] = field(default_factory=list)


@dataclass(frozen=True)
class CitationEntryView:
    rule: RuleLink
    """The rule quoted, as numbered today."""
    html: Markup
    examples: list[Markup]
    depth: int
    line: int
    written: str | None = None
    """The number the quote gives it, when its release numbered it otherwise."""
    notes: list[OutdatedNote] = field(default_factory=list)


@dataclass(frozen=True)
class SectionView:
    title: str
    level: int
    anchor: str
    blocks: list[BlockView]
    citation_version: str | None = None
    citation: list[CitationEntryView] = field(default_factory=list)

    @property
    def renumbered(self) -> bool:
        """Some quoted rule is numbered otherwise today."""
        return any(entry.written for entry in self.citation)


@dataclass
class WikiPageView(PageBase):
    english_name: str | None = None
    source: str = ""
    infobox: list[tuple[str, Markup]] = field(default_factory=list)
    lead: list[BlockView] = field(default_factory=list)
    sections: list[SectionView] = field(default_factory=list)
    rules: list[RuleLink] = field(default_factory=list)
    """Every rule the page quotes or mentions, in rule order."""
    cards: list[tuple[str, str]] = field(default_factory=list)
    """(name, card index path) of each card the page names."""
    revision: str | None = None
    """The date (and id) of the revision shown, when known."""
    url: str | None = None
    """The page on the wiki (http or https only)."""
    revisions_path: str | None = None
    """The page listing the older revisions, when any was read."""
    older_revisions: int = 0
    old_numbering: tuple[str, str] | None = None
    """(the page's date, the CR release's) when the page is older than the CR release:
    its rule numbers may be of an older numbering."""
    original_url: str = ""
    """The page on the wiki: its own address, else ``https://mtgwiki.com/wiki/TITLE``."""
    snapshot: str = ""
    """When the text shown was the wiki's: the revision date, or what is known of it."""
    toc: list[tuple[str, str, int]] = field(default_factory=list)
    """(anchor, title, level) of each section, for the table of contents."""


@dataclass
class RevisionView:
    label: str
    """Date and id, or 日付不明."""
    origin: str
    """Where the date came from, in words."""
    source: str
    """``path:line`` of the revision's text."""
    form: str
    lead: list[BlockView] = field(default_factory=list)
    sections: list[SectionView] = field(default_factory=list)
    error: str | None = None
    """Why the revision could not be read again (its file gone or changed)."""


@dataclass
class RevisionsPage(PageBase):
    page_title: str = ""
    page_path: str = ""
    url: str | None = None
    current: RevisionView | None = None
    older: list[RevisionView] = field(default_factory=list)


@dataclass(frozen=True)
class GlossaryView:
    key: str
    anchor: str
    headword: str
    reading: str
    english: str
    html: Markup
    see_also: list[tuple[str, str]]
    version: str
    english_html: Markup | None = None
    """The newest English release's definition of the term."""


@dataclass
class GlossaryPage(PageBase):
    entries: list[GlossaryView] = field(default_factory=list)
    english_only: list[tuple[str, Markup]] = field(default_factory=list)
    """English terms with no Japanese entry of the same name: (term, definition)."""
    english_release: str | None = None
    groups: list[tuple[str, str]] = field(default_factory=list)
    """(initial kana, anchor of its first entry) for the index at the top."""


@dataclass
class GlossaryTermPage(PageBase):
    """One term's own page (``glossary/KEY.html``): what a term link loads."""

    entry: GlossaryView | None = None
    index_path: str = ""
    """The entry in the whole glossary."""
    rules: list[RuleLink] = field(default_factory=list)
    """Rules the definition cites."""
    cited_by: list[RuleLink] = field(default_factory=list)
    """Rules whose page lists the term."""


@dataclass(frozen=True)
class CardView:
    anchor: str
    japanese: str | None
    english: str | None
    reading: str | None
    pages: list[tuple[str, str]]
    """(label, path) of each page naming the card, at the section that does."""
    rules: list[RuleLink]


@dataclass
class CardsPage(PageBase):
    entries: list[CardView] = field(default_factory=list)
    groups: list[tuple[str, str]] = field(default_factory=list)
    """(initial kana, anchor of its first entry) for the index at the top."""


@dataclass(frozen=True)
class DanglingView:
    rule: RuleLink
    cited_by: list[tuple[str, str]]
    """(label, path) of each citing rule, page or glossary entry."""


@dataclass
class DanglingPage(PageBase):
    entries: list[DanglingView] = field(default_factory=list)


@dataclass(frozen=True)
class TreeNode:
    rule: RuleLink
    children: list[TreeNode]


@dataclass
class HomePage(PageBase):
    counts: list[tuple[str, int]] = field(default_factory=list)
    tree: list[TreeNode] = field(default_factory=list)
    wiki_pages: list[tuple[str, str, str | None]] = field(default_factory=list)
    """(title, path, English name)."""
    version_notes: list[tuple[str, str]] = field(default_factory=list)
    """(version, what the site has of it in words): which texts each version has."""
    dangling: int = 0


@dataclass
class SearchPage(PageBase):
    pass


@dataclass(frozen=True)
class ReleaseEntry:
    number: str
    """The rule's number in that release."""
    was: str | None
    """Its number in the release before, when renumbered."""
    rule: RuleLink | None
    """The rule today; None for a rule no longer in the newest release."""
    html: Markup
    """Its text (added, removed) or the diff from the release before."""


@dataclass
class ReleasePage(PageBase):
    release: str = ""
    previous: str | None = None
    previous_path: str | None = None
    next: str | None = None
    next_path: str | None = None
    japanese: str | None = None
    """The Japanese version of this release, when the build has text of it."""
    first: bool = False
    added: list[ReleaseEntry] = field(default_factory=list)
    removed: list[ReleaseEntry] = field(default_factory=list)
    renumbered: list[ReleaseEntry] = field(default_factory=list)
    changed: list[ReleaseEntry] = field(default_factory=list)


@dataclass(frozen=True)
class ReleaseRow:
    release: str
    path: str | None
    """Its page, for an English release."""
    counts: tuple[int, int, int, int] | None
    """Added, removed, renumbered, changed."""
    japanese: str | None
    complete: bool
    """The whole Japanese CR of this version was read (not only quotes of it)."""
    quoted: int
    """Rules with a Japanese text of this version."""


@dataclass
class ReleasesPage(PageBase):
    rows: list[ReleaseRow] = field(default_factory=list)


@dataclass(frozen=True)
class CoverageRow:
    """One section or chapter of the coverage page."""

    rule: RuleLink
    level: str
    """``section`` or ``chapter``."""
    with_text: int
    passing: int
    examples: int
    examples_covered: int
    missing: list[RuleLink]
    """Rules with text and no passing check (chapters only)."""

    @property
    def share(self) -> int:
        """Percent of the rules with text that have a passing check."""
        return round(100 * self.passing / self.with_text) if self.with_text else 0


@dataclass
class CoveragePage(PageBase):
    version: str | None = None
    """The CR version whose rules are counted (the newest read)."""
    total: CoverageRow | None = None
    rows: list[CoverageRow] = field(default_factory=list)


@dataclass
class NotFoundPage(PageBase):
    pass
