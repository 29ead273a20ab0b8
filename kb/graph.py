"""The rule graph: every rule number seen anywhere, its texts per CR version, and its links.

Built from what the readers produce (wiki pages, CR documents).  A node holds its text per
version with the source of each, its examples, its title where it is a heading, its
references out (with where in the text they occur) and in, the wiki pages that quote or
mention it, and the glossary terms that point to it.  A number referenced but never given
text is dangling.  Two sources giving different text for one number and version is a
conflict: both texts are kept and the conflict is reported.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from kb.model import (
    CRDocument,
    Example,
    GlossaryEntry,
    Irregularity,
    RuleEntry,
    RuleKind,
    SourceRef,
    WikiPage,
)
from kb.numbering import Numbering, current_release, page_written, resolve_number
from kb.releases import JAPANESE, Language, release_of, release_order
from kb.releases import version_key as version_key  # noqa: PLC0414 (kb.checks imports it from here)
from kb.rulenum import RuleNumber, find_references, near_numbers
from kb.sources.cr_en import GlossaryTerm as EnglishTerm
from kb.sources.names import english_name

if TYPE_CHECKING:
    from kb.history.identity import History

Origin = str
"""Who holds a reference: ``rule:702.26n``, ``page:変異`` or ``glossary:相棒／Companion``."""


def same_text(a: str, b: str) -> bool:
    """Equal after width folding and with whitespace ignored (the wiki copies add spaces)."""
    return _comparable(a) == _comparable(b)


def _comparable(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@dataclass
class RuleText:
    """One text of a rule in one CR version, with every source that gives it."""

    version: str
    """The version label: ``20260116.0`` for a Japanese text, ``2026-01-16`` for an English one."""
    text: str
    kind: RuleKind
    sources: list[SourceRef]
    examples: list[Example] = field(default_factory=list)
    language: Language = JAPANESE
    number: RuleNumber | None = None
    """The rule's number in this text's own release, when that is not the node's number
    (a 20231117.0 quote of 719.3 on the node 722.3)."""

    @property
    def source(self) -> SourceRef:
        return self.sources[0]

    @property
    def release(self) -> str:
        """The release (ISO date) this text belongs to."""
        return release_of(self.version) or self.version


@dataclass(frozen=True)
class Link:
    """A reference from a rule, a page or a glossary entry to a rule number."""

    origin: Origin
    target: RuleNumber
    raw: str
    """The reference as written, e.g. ``rule 800.4a, 800.4c 参照``."""
    form: str
    source: SourceRef
    version: str | None = None
    """The CR version of the text holding the reference; None for wiki prose."""
    title: str | None = None
    start: int = 0
    end: int = 0
    """Span of the reference in the holding text."""
    written: RuleNumber | None = None
    """The number as written, when the release it was written under numbers the rule
    differently (``CR:702.36`` on a page of 2019 is morph, 702.37 today): ``target``
    is then the rule's number today."""


PageLinkKind = Literal["quote", "mention", "infobox"]


@dataclass(frozen=True)
class PageLink:
    """A wiki page that quotes a rule in its citation block, or mentions it in prose."""

    page: str
    kind: PageLinkKind
    line: int
    section: str | None = None
    anchor: str | None = None
    version: str | None = None
    raw: str | None = None
    written: str | None = None
    """The number as the page writes it, when that release numbered the rule otherwise."""
    numbering: Numbering | None = None
    """For a mention: whether the page may cite an older numbering than the build's CR
    (:func:`kb.numbering.resolve_number`); None for a quote, which names its release."""


@dataclass(frozen=True)
class HistorySpan:
    """A run of consecutive English releases in which a rule kept one number and one
    text (typography aside): ``first`` to ``last``, both ISO dates."""

    first: str
    last: str
    number: RuleNumber
    change: Literal["added", "changed", "renumbered", "unchanged"]
    """What ``first`` did to the rule (a change of its examples is ``changed`` too)."""
    text: str
    kind: RuleKind
    examples: tuple[str, ...] = ()


@dataclass
class RuleCheck:
    """An executable check (``kb.checks``) citing the rule, as the build ran it: for the site."""

    id: str
    status: Literal["pass", "fail", "needs-review"]
    message: str
    doc: str
    """The scenario, as the check's docstring states it."""
    source: str
    """The check's code."""
    location: str
    """``kb/checks/phasing.py:42``."""
    written_against: str
    """The CR version of the rule text the check was written against."""
    rules: list[str]
    """Every rule the check cites."""
    claims: list[str] = field(default_factory=list)
    wiki: list[str] = field(default_factory=list)
    """Wiki bullets the check illustrates, as ``page: words``."""
    wiki_outdated: list[str] = field(default_factory=list)
    """Those of :attr:`wiki` the check shows to state an older rule than the current one."""
    changed_in: list[str] = field(default_factory=list)
    """Newer CR versions whose text of this rule differs from the one the check was written against."""
    statement: dict[str, str] = field(default_factory=dict)
    """The check's 状況 / 行動 / 結果 (``situation``, ``action``, ``result``)."""
    cards: list[dict[str, str | None]] = field(default_factory=list)
    """The real cards it names: ``{"ja": …, "en": …}``."""
    examples: list[str] = field(default_factory=list)
    """The CR examples it reproduces, as ``RULE#INDEX``."""


@dataclass
class RuleNode:
    number: RuleNumber
    texts: list[RuleText] = field(default_factory=list)
    """Statements of the rule, newest version first."""
    titles: list[RuleText] = field(default_factory=list)
    """Heading names (702.26 フェイジング／Phasing), newest version first."""
    references: list[Link] = field(default_factory=list)
    referenced_by: list[Link] = field(default_factory=list)
    pages: list[PageLink] = field(default_factory=list)
    glossary: list[str] = field(default_factory=list)
    """Keys of glossary entries whose definitions cite this rule."""
    checks: list[RuleCheck] = field(default_factory=list)
    """Executable checks citing this rule, attached by the build's ``checks`` stage."""
    english: list[RuleText] = field(default_factory=list)
    """English texts and headings (``kind`` tells), newest release first: the newest
    release's, and those of the releases whose Japanese text the node has."""
    identity: str | None = None
    """The rule across releases, named by where it was born (``2003-03-15/502.15``)."""
    history: list[HistorySpan] = field(default_factory=list)
    """Its English history, oldest first."""

    @property
    def title(self) -> str | None:
        if self.titles:
            return self.titles[0].text
        return next((t.text for t in self.english if t.kind == "title"), None)

    @property
    def has_text(self) -> bool:
        return bool(self.texts) or any(t.kind == "text" for t in self.english)

    @property
    def english_text(self) -> RuleText | None:
        """The newest English statement (or heading)."""
        return self.english[0] if self.english else None

    @property
    def versions(self) -> list[str]:
        """Versions giving the rule a text or heading, either language, newest first (of
        one release, the Japanese first)."""
        found = {t.version for t in self.texts + self.titles + self.english}
        return sorted(found, key=release_order, reverse=True)

    def text_in(self, version: str) -> RuleText | None:
        return next((t for t in self.texts if t.version == version), None)

    @property
    def quoted_by_wiki(self) -> bool:
        """Some text or title of the rule (any version) comes from a wiki page's citation
        block: an edit to a wiki page can change what the search shows of it."""
        return any(t.source.page is not None for t in self.texts + self.titles)

    @property
    def is_dangling(self) -> bool:
        """Cited somewhere, but no source gives its text or title."""
        cited = bool(self.referenced_by) or any(p.kind != "quote" for p in self.pages)
        return cited and not self.texts and not self.titles and not self.english


@dataclass
class Conflict:
    """Two sources give different text for the same number, version and kind."""

    number: RuleNumber
    version: str
    kind: RuleKind
    texts: list[RuleText]


@dataclass
class NameEntry:
    """A Japanese/English name pair and where it was seen."""

    japanese: str
    english: str
    sources: list[SourceRef] = field(default_factory=list)


@dataclass
class GlossaryTerm:
    entry: GlossaryEntry
    references: list[Link] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)
    """Keys of other glossary entries named as ``…参照``."""


@dataclass(frozen=True)
class CardPageLink:
    """A page that names a card: where, and in which form."""

    page: str
    line: int
    form: str
    section: str | None = None
    anchor: str | None = None


@dataclass
class CardEntry:
    """One card the knowledge base mentions (:mod:`kb.cardindex`), by both names."""

    english: str | None
    japanese: str | None
    reading: str | None = None
    pages: list[CardPageLink] = field(default_factory=list)
    rules: list[RuleNumber] = field(default_factory=list)
    """Rules whose text or examples name the card (the CR writes ``《日本語名》``)."""

    @property
    def key(self) -> str:
        return self.english or self.japanese or ""


@dataclass
class SourceFile:
    path: str
    kind: Literal["wiki", "cr", "cr-en"]
    version: str | None = None
    title: str | None = None


@dataclass
class EnglishRules:
    """What the English releases give the graph (made by :func:`kb.history.graph.english_rules`):
    everything keyed by the rule's number in the newest release."""

    releases: list[str]
    """Every English release, ISO dates, oldest first."""
    paths: list[str]
    """Their files."""
    texts: dict[str, dict[RuleNumber, RuleText]]
    """Per release (the newest, and those asked for), each rule's English text."""
    history: dict[RuleNumber, list[HistorySpan]]
    identities: dict[RuleNumber, str]
    glossary: list[EnglishTerm]
    """The newest release's glossary."""
    gone: dict[RuleNumber, list[tuple[str, str]]] = field(default_factory=dict)
    """Numbers of rules the newest release no longer has: (first, last) release of each run."""
    lineages: list[Lineage] = field(default_factory=list)
    """Every rule of every release, by identity (what the release pages list)."""


@dataclass(frozen=True)
class Lineage:
    """One rule across every English release: its identity, its number today (None for
    a rule no longer in the newest release) and its runs of releases."""

    identity: str
    today: RuleNumber | None
    spans: list[HistorySpan]


@dataclass(frozen=True)
class Resolved:
    """A number written under some release, and what it is today (:meth:`RuleGraph.resolve`)."""

    today: RuleNumber | None
    """None: no rule of today continues it (or the release had no such number)."""
    written: RuleNumber
    release: str | None
    """The English release whose numbering was read; None: today's numbering was assumed."""
    gone_after: str | None = None
    """For a rule removed since: the last release that had it."""

    @property
    def moved(self) -> bool:
        """The number means another rule today (or none)."""
        return self.today != self.written


@dataclass(frozen=True)
class Unplaced:
    """A text of a release whose rule no longer exists in the newest one."""

    number: RuleNumber
    version: str
    source: SourceRef
    gone_after: str
    """The last English release that had the rule."""


class RuleGraph:
    """Rules, pages and glossary, linked; build with :func:`build_graph` or load from JSON."""

    def __init__(self) -> None:
        self.nodes: dict[RuleNumber, RuleNode] = {}
        self.pages: dict[str, WikiPage] = {}
        self.glossary: dict[str, GlossaryTerm] = {}
        self.names: dict[tuple[str, str], NameEntry] = {}
        self.cards: dict[str, CardEntry] = {}
        """Cards named by pages or rules, by :attr:`CardEntry.key` (see :mod:`kb.cardindex`)."""
        self.sources: list[SourceFile] = []
        self.conflicts: list[Conflict] = []
        self.irregularities: list[Irregularity] = []
        self.english_releases: list[str] = []
        """Every English release read, ISO dates, oldest first (empty without ``--cr-en``)."""
        self.english_glossary: list[EnglishTerm] = []
        self.gone: dict[RuleNumber, list[tuple[str, str]]] = {}
        """Numbers of rules no longer in the newest release: (first, last) release of each
        run under that number."""
        self.unplaced: list[Unplaced] = []
        """Texts whose rule no longer exists in the newest English release."""
        self.lineages: list[Lineage] = []
        """Every rule of every English release by identity, while building (the release
        pages read it); not exported."""
        self.history: History | None = None
        """The history itself, while building (the release pages read it); not exported."""
        self._spans: dict[RuleNumber, list[tuple[str, str, RuleNumber]]] | None = None
        self._versions: list[str] | None = None
        """:attr:`versions` as :meth:`finish` found them (None before, or since a text was
        added): asked for by every stage, and each time a walk of every text."""
        self._order: list[RuleNumber] = []
        self._position: dict[RuleNumber, int] = {}
        self._children: dict[RuleNumber, list[RuleNumber]] = {}
        self._sources_added: set[tuple[RuleNumber, bool, int, SourceRef]] = set()
        """(number, title pool?, index in pool, source) for each source add_entry gave a
        text: a set lookup instead of scanning the text's sources, which was quadratic
        when a rule is quoted thousands of times.  (Pools are sorted only by finish().)"""

    # -- lookups ------------------------------------------------------------------------

    def get(self, number: RuleNumber | str) -> RuleNode | None:
        if isinstance(number, str):
            parsed = RuleNumber.try_parse(number)
            if parsed is None:
                return None
            number = parsed
        return self.nodes.get(number)

    def __contains__(self, number: RuleNumber) -> bool:
        return number in self.nodes

    def __iter__(self) -> Iterator[RuleNode]:
        """Nodes in natural rule order."""
        return (self.nodes[n] for n in self._order)

    def __len__(self) -> int:
        return len(self.nodes)

    def children(self, number: RuleNumber) -> list[RuleNode]:
        return [self.nodes[n] for n in self._children.get(number, [])]

    def parent(self, number: RuleNumber) -> RuleNode | None:
        return self.nodes.get(number.parent) if number.parent is not None else None

    def previous(self, number: RuleNumber) -> RuleNode | None:
        index = self._position.get(number)
        return self.nodes[self._order[index - 1]] if index else None

    def next(self, number: RuleNumber) -> RuleNode | None:
        index = self._position.get(number)
        if index is None or index + 1 >= len(self._order):
            return None
        return self.nodes[self._order[index + 1]]

    @property
    def versions(self) -> list[str]:
        """CR versions with any text (Japanese version strings and English releases),
        newest first; of one release, the Japanese first."""
        if self._versions is not None:
            return list(self._versions)
        found = {t.version for node in self.nodes.values()
                 for t in node.texts + node.titles + node.english}
        return sorted(found, key=release_order, reverse=True)

    @property
    def newest_version(self) -> str | None:
        return self.versions[0] if self.versions else None

    def dangling(self) -> list[RuleNode]:
        return [node for node in self if node.is_dangling]

    def english_terms(self) -> dict[str, EnglishTerm]:
        """Glossary key -> the newest English release's entry of the same term (matched by
        the entry's English name, the ``(n)`` numbering of homonyms and case aside)."""
        by_name = {t.term.casefold(): t for t in self.english_glossary}
        found = {}
        for key, term in self.glossary.items():
            english = by_name.get(english_name(term.entry.english).casefold())
            if english is not None:
                found[key] = english
        return found

    # -- numbers across releases ----------------------------------------------------------

    @property
    def newest_english(self) -> str | None:
        return self.english_releases[-1] if self.english_releases else None

    def release_in_effect(self, version: str | None) -> str | None:
        """The English release whose numbering ``version`` uses: a Japanese version
        (``20231117.0``), an English release or any date (a page's) names the newest
        release on or before its day.  None without English releases, for an unknown
        label, or for a day before the first release."""
        if not self.english_releases or version is None:
            return None
        day = release_of(version)
        if day is None:
            return None
        index = bisect.bisect_right(self.english_releases, day) - 1
        return self.english_releases[index] if index >= 0 else None

    def resolve(self, number: RuleNumber, version: str | None) -> Resolved:
        """What ``number`` as written under ``version`` (a Japanese version, an English
        release or a date; None: today) is numbered today.

        Through the rules' histories: 702.36 of 2019-01-25 is morph, 702.37 today.
        Without English releases, or for a version they do not reach, numbers are taken
        as today's."""
        release = self.release_in_effect(version)
        if release is None or release == self.english_releases[-1]:
            return Resolved(number, number, release)
        for first, last, today in self._span_index().get(number, ()):
            if first <= release <= last:
                return Resolved(today, number, release)
        for first, last in self.gone.get(number, ()):
            if first <= release <= last:
                return Resolved(None, number, release, gone_after=last)
        return Resolved(None, number, release)

    def cited(self, number: RuleNumber, version: str | None) -> RuleNode | None:
        """The node of the rule ``number`` meant under ``version``: today's number for
        it (:meth:`resolve`); the node of ``number`` itself when the history does not
        reach ``version`` or that release had no such number; None for a rule gone since."""
        resolved = self.resolve(number, version)
        if resolved.today is not None:
            return self.nodes.get(resolved.today)
        return None if resolved.gone_after is not None else self.nodes.get(number)

    def _span_index(self) -> dict[RuleNumber, list[tuple[str, str, RuleNumber]]]:
        if self._spans is None:
            index: dict[RuleNumber, list[tuple[str, str, RuleNumber]]] = {}
            for node in self.nodes.values():
                for span in node.history:
                    index.setdefault(span.number, []).append((span.first, span.last, node.number))
            self._spans = index
        return self._spans

    def near(self, text: str, limit: int = 5) -> list[str]:
        """Numbers close to ``text``: for "not found" messages."""
        numbers = [str(n) for n in self._order if self.nodes[n].texts or self.nodes[n].titles]
        return near_numbers(text, numbers, {str(n) for n in self.nodes}, limit)

    # -- assembly -----------------------------------------------------------------------

    def node(self, number: RuleNumber) -> RuleNode:
        """The node for ``number``, created with its ancestors if needed."""
        found = self.nodes.get(number)
        if found is None:
            found = self.nodes[number] = RuleNode(number)
            if number.parent is not None:
                self.node(number.parent)
        return found

    def add_entry(self, entry: RuleEntry, written: RuleNumber | None = None) -> None:
        """Add a text read from a source; ``written`` is its number in its own release when
        the node (``entry.number``) is the rule's number today and that differs."""
        self._versions = None
        node = self.node(entry.number)
        is_title = entry.kind == "title"
        pool = node.titles if is_title else node.texts
        for index, existing in enumerate(pool):
            if existing.version == entry.version and same_text(existing.text, entry.text):
                key = (entry.number, is_title, index, entry.source)
                if key not in self._sources_added:
                    self._sources_added.add(key)
                    existing.sources.append(entry.source)
                existing.examples.extend(
                    e for e in entry.examples if not any(same_text(e.text, x.text) for x in existing.examples)
                )
                return
        self._sources_added.add((entry.number, is_title, len(pool), entry.source))
        pool.append(RuleText(entry.version, entry.text, entry.kind, [entry.source], list(entry.examples),
                             entry.language, written))

    def finish(self) -> None:
        """Sort, index, and collect conflicts once everything is added."""
        self._order = sorted(self.nodes, key=lambda n: n.sort_key)
        self._position = {number: i for i, number in enumerate(self._order)}
        self._children = {}
        for number in self._order:
            if number.parent is not None:
                self._children.setdefault(number.parent, []).append(number)
        self.conflicts = []
        for number in self._order:
            node = self.nodes[number]
            for pool in (node.texts, node.titles):
                pool.sort(key=lambda t: version_key(t.version), reverse=True)
                by_version: dict[str, list[RuleText]] = {}
                for text in pool:
                    by_version.setdefault(text.version, []).append(text)
                for version, texts in by_version.items():
                    if len(texts) > 1:
                        self.conflicts.append(Conflict(number, version, texts[0].kind, texts))
            node.references.sort(key=lambda link: (link.target.sort_key, version_key(link.version or "")))
            node.referenced_by.sort(key=lambda link: (link.origin, link.source.line))
        self._versions = None
        self._versions = self.versions


def build_graph(pages: Iterable[WikiPage], documents: Iterable[CRDocument],
                english: EnglishRules | None = None) -> RuleGraph:
    """Assemble the graph from everything the readers produced.

    With ``english`` (the English releases and their history), nodes are the rules of
    the newest English release, and every text and reference of another release goes to
    the rule its number meant in that release (:meth:`RuleGraph.resolve`)."""
    graph = RuleGraph()
    if english is not None:
        _add_english(graph, english)
    for document in documents:
        graph.sources.append(SourceFile(document.path, "cr", document.version))
        graph.irregularities.extend(document.irregularities)
        for entry in document.entries:
            _add_placed(graph, entry)
        for gloss in document.glossary:
            graph.glossary.setdefault(gloss.key, GlossaryTerm(gloss))
    for page in pages:
        graph.sources.append(SourceFile(page.path, "wiki", None, page.title))
        graph.pages[page.title] = page
        for citation in page.citations:
            for entry in citation.entries:
                _add_placed(graph, entry)
    if english is not None:
        _add_counterparts(graph, english)
    _link_rules(graph)
    _link_pages(graph)
    _link_glossary(graph)
    _collect_names(graph)
    graph.finish()
    return graph


def _add_english(graph: RuleGraph, english: EnglishRules) -> None:
    graph.english_releases = list(english.releases)
    graph.english_glossary = list(english.glossary)
    graph.gone = english.gone
    graph.lineages = english.lineages
    for path, release in zip(english.paths, english.releases, strict=True):
        graph.sources.append(SourceFile(path, "cr-en", release))
    newest = english.texts.get(english.releases[-1], {})
    for number, identity in english.identities.items():
        node = graph.node(number)
        node.identity = identity
        node.history = english.history.get(number, [])
        text = newest.get(number)
        if text is not None:
            node.english.append(text)


def _add_placed(graph: RuleGraph, entry: RuleEntry) -> None:
    """Add ``entry`` to the rule its number meant in its release."""
    resolved = graph.resolve(entry.number, entry.version)
    if not resolved.moved:
        graph.add_entry(entry)
    elif resolved.today is not None:
        graph.add_entry(dataclasses.replace(entry, number=resolved.today), entry.number)
    elif resolved.gone_after is not None:
        graph.unplaced.append(Unplaced(entry.number, entry.version, entry.source, resolved.gone_after))
    else:  # a number its release does not have: kept as written, as without history
        graph.add_entry(entry)


def _add_counterparts(graph: RuleGraph, english: EnglishRules) -> None:
    """Beside each Japanese text of an older release, that release's English text."""
    newest = english.releases[-1]
    for node in graph.nodes.values():
        releases = {release_of(t.version) for t in node.texts + node.titles}
        for release in sorted((r for r in releases if r and r != newest), reverse=True):
            text = english.texts.get(release, {}).get(node.number)
            if text is not None:
                node.english.append(text)


def _link_rules(graph: RuleGraph) -> None:
    for node in list(graph.nodes.values()):
        # References are read from the Japanese text where there is one (the English
        # says the same), else from the English.
        statements = node.texts + node.titles or node.english
        for text in statements:
            origin = f"rule:{node.number}"
            holders = [(text.text, text.source)] + [(e.text, e.source) for e in text.examples]
            for holder, source in holders:
                for link in _links_in(holder, origin, source, text.version):
                    _connect(graph, node, _placed_link(graph, link))


def _links_in(text: str, origin: Origin, source: SourceRef, version: str | None) -> Iterator[Link]:
    for ref in find_references(text):
        raw = text[ref.start:ref.end]
        for target in ref.numbers:
            yield Link(origin, target, raw, ref.form, source, version, ref.title, ref.start, ref.end)


def _placed_link(graph: RuleGraph, link: Link, release: str | None = None) -> Link:
    """``link`` pointing at the rule its number meant under ``release`` (default: the
    version of the text holding it)."""
    resolved = graph.resolve(link.target, release or link.version)
    if resolved.today is None or not resolved.moved:
        return link
    return dataclasses.replace(link, target=resolved.today, written=link.target)


def _connect(graph: RuleGraph, holder: RuleNode | None, link: Link) -> None:
    if holder is not None:
        if holder.number == link.target:
            return
        holder.references.append(link)
    graph.node(link.target).referenced_by.append(link)


def page_release(page: WikiPage) -> str | None:
    """The date a wiki page's own rule numbers are written under
    (:func:`kb.numbering.page_written`: its revision's date, else the newest release its
    quote blocks quote); None when neither is known (its numbers are then taken as
    today's).  :meth:`RuleGraph.resolve` reads a number under any date."""
    return page_written(page)


def _link_pages(graph: RuleGraph) -> None:
    release = build_release(graph)

    def renumber(number: RuleNumber, written: str) -> RuleNumber | None:
        resolved = graph.resolve(number, written)
        return resolved.today if resolved.release is not None else None

    for page in graph.pages.values():
        written = page_release(page)
        for cited in page.sections:
            if cited.citation is None:
                continue
            for entry in cited.citation.entries:
                moved = graph.resolve(entry.number, entry.version)
                today = moved.today if moved.today is not None else entry.number
                graph.node(today).pages.append(PageLink(
                    page.title, "quote", entry.source.line, cited.title, cited.anchor,
                    entry.version, written=str(entry.number) if today != entry.number else None,
                ))
        for heading in page.sections:  # a heading can name a rule too: "ルール CR:702.26"
            for ref in find_references(heading.title) if heading.citation is None else ():
                for number in ref.numbers:
                    resolved = resolve_number(number, written, release, renumber)
                    graph.node(resolved.number).pages.append(PageLink(
                        page.title, "mention", heading.line, heading.title, heading.anchor, None,
                        heading.title[ref.start:ref.end],
                        written=str(number) if resolved.number != number else None,
                        numbering=resolved.numbering,
                    ))
        for block in page.prose():
            kind: PageLinkKind = "infobox" if block.kind == "infobox" else "mention"
            section = block.section
            for ref in find_references(block.text):
                for number in ref.numbers:
                    resolved = resolve_number(number, written, release, renumber)
                    graph.node(resolved.number).pages.append(PageLink(
                        page.title, kind, block.line, section.title if section else None,
                        section.anchor if section else None, None, block.text[ref.start:ref.end],
                        written=str(number) if resolved.number != number else None,
                        numbering=resolved.numbering,
                    ))


def build_release(graph: RuleGraph) -> str | None:
    """The date of the graph's CR release, which page mentions are resolved against."""
    return current_release((s.version for s in graph.sources if s.kind == "cr" and s.version),
                           graph.versions)


_SEE_TERM_RE = re.compile(r"(?:^|[。、\s（(])(?P<term>[^。、\s「」()（）]+?)\s?参照")


def _link_glossary(graph: RuleGraph) -> None:
    by_headword: dict[str, list[str]] = {}
    for key, term in graph.glossary.items():
        by_headword.setdefault(term.entry.headword, []).append(key)
    for key, term in graph.glossary.items():
        entry = term.entry
        origin = f"glossary:{key}"
        for found in _links_in(entry.definition, origin, entry.source, entry.version):
            link = _placed_link(graph, found)
            term.references.append(link)
            target = graph.node(link.target)
            target.referenced_by.append(link)
            if key not in target.glossary:
                target.glossary.append(key)
        for match in _SEE_TERM_RE.finditer(entry.definition):
            for other in by_headword.get(match.group("term"), []):
                if other != key and other not in term.see_also:
                    term.see_also.append(other)


def _collect_names(graph: RuleGraph) -> None:
    """Japanese/English pairs from pages and glossary headwords, for search and linking."""
    for page in graph.pages.values():
        for pair in page.names:
            entry = graph.names.setdefault((pair.japanese, pair.english), NameEntry(pair.japanese, pair.english))
            entry.sources.append(SourceRef(page.path, pair.line, page.title))
    for term in graph.glossary.values():
        gloss = term.entry
        if gloss.headword:
            english = english_name(gloss.english)
            entry = graph.names.setdefault((gloss.headword, english), NameEntry(gloss.headword, english))
            entry.sources.append(gloss.source)
