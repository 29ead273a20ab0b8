"""Phase one of the site build: decide every page's path and every link target.

Nothing is rendered here.  Once the map exists, any link the renderer makes is a lookup,
and the link check after rendering verifies each one against the files to be written.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from kb.build.reuse import Memo
from kb.graph import RuleGraph, RuleNode, build_release
from kb.outdated import OutdatedClaim, outdated_claims
from kb.rulenum import RuleNumber
from kb.site.context import RuleLink
from kb.site.glossary_pages import everyday_words, glossary_paths
from kb.site.markup import Numbering, TermLinker
from kb.site.urls import CARDS, card_anchor, page_slug, rule_path


@dataclass
class SiteMap:
    pages: dict[str, str]
    """Wiki page title -> site path."""
    glossary: dict[str, str]
    """Glossary key -> its own page, ``glossary/SLUG.html``."""
    terms: TermLinker
    """Known terms in wiki prose: page titles, glossary headwords, names of those."""
    cards: dict[str, str]
    """Card key -> ``cards.html#anchor``."""
    revisions: dict[str, str]
    """Wiki page title -> its revisions page, for the pages with older revisions."""
    graph: RuleGraph
    _numberings: dict[str, Numbering] = field(default_factory=dict)
    claims: list[OutdatedClaim] = field(default_factory=list)
    """Wiki passages and quotes that may state an older rule (:mod:`kb.outdated`)."""
    _links: dict[RuleNumber, RuleLink] = field(default_factory=dict)
    families: dict[RuleNumber | None, tuple[list[RuleNode], dict[RuleNumber, int]]] = \
        field(default_factory=dict)
    """Each parent's children and their positions, for the siblings every rule page lists
    (made once per parent, not once per page: chapter 702 has hundreds)."""
    summarised: dict[RuleNumber, RuleLink] = field(default_factory=dict)
    """Each rule's link with the start of its text, made once: a rule page lists up to
    thirteen siblings and links its neighbours (:func:`kb.site.rule_pages.summarised_link`)."""

    def rule(self, number: RuleNumber) -> RuleLink:
        found = self._links.get(number)
        if found is None:  # each rule is linked from its family's pages and more: made once
            node = self.graph.nodes.get(number)
            title = node.title if node is not None else None
            has_text = node is not None and (node.has_text or bool(node.titles))
            found = self._links[number] = RuleLink(str(number), rule_path(number), title, has_text)
        return found

    def node_link(self, node: RuleNode) -> RuleLink:
        return self.rule(node.number)

    @functools.cached_property
    def release(self) -> str | None:
        """The build's CR release (:func:`kb.graph.build_release`), which every wiki page
        compares its own date with: found once, not by a walk over every rule's texts per
        page (a tenth of a 10,000-page site stage)."""
        return build_release(self.graph)

    def numbering(self, version: str | None) -> Numbering | None:
        """How a text of ``version`` (or a page written under it) numbers rules, when that
        is not today's numbering (see :meth:`RuleGraph.resolve`); None when it is."""
        graph = self.graph
        release = graph.release_in_effect(version)
        if release is None or release == graph.newest_english:
            return None
        found = self._numberings.get(release)
        if found is None:
            def today(number: RuleNumber) -> RuleNumber | None:
                resolved = graph.resolve(number, release)
                return resolved.today if resolved.moved else None

            found = self._numberings[release] = Numbering(release, functools.cache(today))
        return found

    def today(self, number: RuleNumber, version: str | None) -> RuleNumber:
        """``number`` as written under ``version``, numbered as today."""
        numbering = self.numbering(version)
        moved = numbering.today(number) if numbering is not None else None
        return moved or number

    def origin(self, origin: str) -> tuple[str, str] | None:
        """(label, path) of who holds a reference: ``rule:…``, ``page:…``, ``glossary:…``;
        None for an origin the site has no page for."""
        kind, _, name = origin.partition(":")
        number = RuleNumber.try_parse(name) if kind == "rule" else None
        if number is not None:
            return name, rule_path(number)
        if kind == "page" and name in self.pages:
            return name, self.pages[name]
        if kind == "glossary" and name in self.glossary:
            return f"用語集: {self.graph.glossary[name].entry.headword or name}", self.glossary[name]
        return None


def make_sitemap(graph: RuleGraph, memo: Memo | None = None,
                 claims: list[OutdatedClaim] | None = None) -> SiteMap:
    """Where each page of the site goes.  ``memo`` keeps what the texts of each wiki page
    give towards the glossary's everyday words (:func:`everyday_words`); ``claims`` are
    the graph's outdated claims when the caller has them (the build's checks stage)."""
    pages: dict[str, str] = {}
    used: set[str] = set()
    for title in sorted(graph.pages):
        slug, n = page_slug(title), 2
        base = slug
        while slug.lower() in used:  # case-insensitive file systems
            slug, n = f"{base}_{n}", n + 1
        used.add(slug.lower())
        pages[title] = f"pages/{slug}.html"
    glossary = glossary_paths(graph.glossary)
    targets: dict[str, str] = {}
    for key, term in graph.glossary.items():
        headword = term.entry.headword
        if headword and "、" not in headword:
            targets.setdefault(headword, glossary[key])
    # Only terms a reader would look up: not the rules' everyday words (能力, カード, マナ).
    for word in everyday_words(graph, list(targets), memo):
        del targets[word]
    # A page is a better target than a glossary entry: it says more.
    for title, path in pages.items():
        targets[title] = path
    cards = {key: f"{CARDS}#{card_anchor(key)}" for key in graph.cards}
    revisions = {title: "revisions/" + pages[title].partition("/")[2]
                 for title, page in graph.pages.items() if page.history}
    return SiteMap(pages, glossary, TermLinker(targets), cards, revisions, graph,
                   claims=outdated_claims(graph) if claims is None else claims)
