"""The rule graph: every rule number seen anywhere, its texts per CR version, and its links.

Built from what the readers produce (wiki pages, CR documents).  A node holds its text per
version with the source of each, its examples, its title where it is a heading, its
references out (with where in the text they occur) and in, the wiki pages that quote or
mention it, and the glossary terms that point to it.  A number referenced but never given
text is dangling.  Two sources giving different text for one number and version is a
conflict: both texts are kept and the conflict is reported.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

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
from kb.rulenum import RuleNumber, find_references
from kb.sources.names import english_name

Origin = str
"""Who holds a reference: ``rule:702.26n``, ``page:変異`` or ``glossary:相棒／Companion``."""


def version_key(version: str) -> tuple[int, int]:
    """``20231117.0`` -> (20231117, 0), so versions sort by date then revision."""
    day, _, revision = version.partition(".")
    try:
        return int(day), int(revision or 0)
    except ValueError:
        return 0, 0


def same_text(a: str, b: str) -> bool:
    """Equal after width folding and with whitespace ignored (the wiki copies add spaces)."""
    return _comparable(a) == _comparable(b)


def _comparable(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@dataclass
class RuleText:
    """One text of a rule in one CR version, with every source that gives it."""

    version: str
    text: str
    kind: RuleKind
    sources: list[SourceRef]
    examples: list[Example] = field(default_factory=list)

    @property
    def source(self) -> SourceRef:
        return self.sources[0]


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
    numbering: Numbering | None = None
    """For a mention: whether the page may cite an older numbering than the build's CR
    (:func:`kb.numbering.resolve_number`); None for a quote, which names its release."""


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
    changed_in: list[str] = field(default_factory=list)
    """Newer CR versions whose text of this rule differs from the one the check was written against."""


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

    @property
    def title(self) -> str | None:
        return self.titles[0].text if self.titles else None

    @property
    def has_text(self) -> bool:
        return bool(self.texts)

    @property
    def versions(self) -> list[str]:
        found = {t.version for t in self.texts} | {t.version for t in self.titles}
        return sorted(found, key=version_key, reverse=True)

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
        return cited and not self.texts and not self.titles


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
    kind: Literal["wiki", "cr"]
    version: str | None = None
    title: str | None = None


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
        """CR versions with any text, newest first."""
        found = {t.version for node in self.nodes.values() for t in node.texts + node.titles}
        return sorted(found, key=version_key, reverse=True)

    @property
    def newest_version(self) -> str | None:
        return self.versions[0] if self.versions else None

    def dangling(self) -> list[RuleNode]:
        return [node for node in self if node.is_dangling]

    def near(self, text: str, limit: int = 5) -> list[str]:
        """Numbers close to ``text``: for "not found" messages."""
        numbers = [str(n) for n in self._order if self.nodes[n].texts or self.nodes[n].titles]
        close = difflib.get_close_matches(text.strip(), numbers, n=limit, cutoff=0.6)
        parsed = RuleNumber.try_parse(text)
        if parsed is not None:
            for ancestor in parsed.ancestors():
                if ancestor in self.nodes and str(ancestor) not in close:
                    close.append(str(ancestor))
                    break
        return close[:limit]

    # -- assembly -----------------------------------------------------------------------

    def node(self, number: RuleNumber) -> RuleNode:
        """The node for ``number``, created with its ancestors if needed."""
        found = self.nodes.get(number)
        if found is None:
            found = self.nodes[number] = RuleNode(number)
            if number.parent is not None:
                self.node(number.parent)
        return found

    def add_entry(self, entry: RuleEntry) -> None:
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
        pool.append(RuleText(entry.version, entry.text, entry.kind, [entry.source], list(entry.examples)))

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


def build_graph(pages: Iterable[WikiPage], documents: Iterable[CRDocument]) -> RuleGraph:
    """Assemble the graph from everything the readers produced."""
    graph = RuleGraph()
    for document in documents:
        graph.sources.append(SourceFile(document.path, "cr", document.version))
        graph.irregularities.extend(document.irregularities)
        for entry in document.entries:
            graph.add_entry(entry)
        for gloss in document.glossary:
            graph.glossary.setdefault(gloss.key, GlossaryTerm(gloss))
    for page in pages:
        graph.sources.append(SourceFile(page.path, "wiki", None, page.title))
        graph.pages[page.title] = page
        for citation in page.citations:
            for entry in citation.entries:
                graph.add_entry(entry)
    _link_rules(graph)
    _link_pages(graph)
    _link_glossary(graph)
    _collect_names(graph)
    graph.finish()
    return graph


def _link_rules(graph: RuleGraph) -> None:
    for node in list(graph.nodes.values()):
        for text in node.texts + node.titles:
            origin = f"rule:{node.number}"
            holders = [(text.text, text.source)] + [(e.text, e.source) for e in text.examples]
            for holder, source in holders:
                for link in _links_in(holder, origin, source, text.version):
                    _connect(graph, node, link)


def _links_in(text: str, origin: Origin, source: SourceRef, version: str | None) -> Iterator[Link]:
    for ref in find_references(text):
        raw = text[ref.start:ref.end]
        for target in ref.numbers:
            yield Link(origin, target, raw, ref.form, source, version, ref.title, ref.start, ref.end)


def _connect(graph: RuleGraph, holder: RuleNode | None, link: Link) -> None:
    if holder is not None:
        if holder.number == link.target:
            return
        holder.references.append(link)
    graph.node(link.target).referenced_by.append(link)


def _link_pages(graph: RuleGraph) -> None:
    release = build_release(graph)
    for page in graph.pages.values():
        written = page_written(page)
        for cited in page.sections:
            if cited.citation is None:
                continue
            for entry in cited.citation.entries:
                graph.node(entry.number).pages.append(PageLink(
                    page.title, "quote", entry.source.line, cited.title, cited.anchor,
                    entry.version,
                ))
        for heading in page.sections:  # a heading can name a rule too: "ルール CR:702.26"
            for ref in find_references(heading.title) if heading.citation is None else ():
                for number in ref.numbers:
                    resolved = resolve_number(number, written, release)
                    graph.node(resolved.number).pages.append(PageLink(
                        page.title, "mention", heading.line, heading.title, heading.anchor, None,
                        heading.title[ref.start:ref.end], resolved.numbering,
                    ))
        for block in page.prose():
            kind: PageLinkKind = "infobox" if block.kind == "infobox" else "mention"
            section = block.section
            for ref in find_references(block.text):
                for number in ref.numbers:
                    resolved = resolve_number(number, written, release)
                    graph.node(resolved.number).pages.append(PageLink(
                        page.title, kind, block.line, section.title if section else None,
                        section.anchor if section else None, None, block.text[ref.start:ref.end],
                        resolved.numbering,
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
        for link in _links_in(entry.definition, origin, entry.source, entry.version):
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
