"""Which rule and wiki pages a rebuild can take unchanged from the previous build.

A rule page shows its rule and, of other rules, what links and summaries need: its
ancestors (breadcrumbs, the heading's context), children (with their text), the
siblings listed beside it, the previous and next rule, the rules it cites and the rules
that cite it (with the citing text), plus the wiki pages and glossary entries that name
it.  :meth:`RulePageKeys.key` hashes the rule's own record as ``kb.json`` holds it (so
anything the page could show of the rule itself is in it), what the page shows of each
of those other rules, the paths of those wiki pages, and those glossary entries.  The glossary page likewise hashes every entry.  Equal key, equal page: the previous file is
linked instead of rendered again.  ``tests/test_incremental.py`` compares such rebuilds
with clean builds.

A wiki page (:class:`WikiPageKeys`) shows its own record, links to the rules it quotes
and mentions (their titles), to the known terms of its prose (every page title and
glossary headword), to the cards it names, its revisions page and the build's CR release
(the old-numbering note); its revisions page shows its history, each older revision read
again from its text or file, with a rule number linked where the graph has it.
"""

from __future__ import annotations

import json
from pathlib import Path

from kb.build.reuse import digest
from kb.export import GraphRecords, node_to_json, page_to_json, release_free_digest
from kb.graph import RuleGraph, RuleNode, build_release, page_release
from kb.model import WikiPage
from kb.outdated import OutdatedClaim
from kb.rulenum import RuleNumber, find_references
from kb.site.glossary_pages import TermPages
from kb.site.outdated_notes import claims_key
from kb.site.rule_pages import shown_siblings, summary_of
from kb.site.sitemap import SiteMap


def node_digests(graph: RuleGraph, records: GraphRecords | None = None) -> dict[RuleNumber, str]:
    """Each rule's hash, from its ``kb.json`` record less what changes with every English
    release (:func:`kb.export.release_free`): as the export hashed them, else made here."""
    if records is not None and records.release_free:
        return records.release_free
    newest = graph.english_releases[-1] if graph.english_releases else None
    return {node.number: release_free_digest(node_to_json(graph, node), newest) for node in graph}


Families = dict[RuleNumber | None, tuple[list[RuleNode], dict[RuleNumber, int]]]


class RulePageKeys:
    """:meth:`key` of each rule page.  A rule shows up on a dozen pages (as a sibling,
    child, neighbour or citation), so what a page shows of it is made once per build."""

    def __init__(self, graph: RuleGraph, sitemap: SiteMap, nodes: dict[RuleNumber, str],
                 site_key: str):
        self.graph = graph
        self.sitemap = sitemap
        self.nodes = nodes
        self.site_key = site_key
        self.families: Families = {}
        self._links: dict[RuleNumber, str] = {}
        self._listed: dict[RuleNumber, str] = {}
        self._texts: dict[RuleNumber, str] = {}
        self._glossary: dict[str, str] = {}
        self._claims: dict[str, list[OutdatedClaim]] = {}
        """Each rule's outdated claims, in the site map's order (one pass, not one a rule)."""
        for claim in sitemap.claims:
            self._claims.setdefault(claim.rule, []).append(claim)

    def key(self, node: RuleNode) -> str:
        """What ``node``'s page shows, hashed: its own record whole; of other rules only
        what the page shows of them (a link: title and whether it has text; a child's
        summary; a citing rule's texts), so a rule whose source line moved does not redo
        its siblings."""
        graph, link = self.graph, self.link
        number = node.number
        parts = [self.site_key, self.nodes.get(number, "-")]
        parts += [link(a) for a in number.ancestors()]
        parts += [_summary(c) for c in graph.children(number)]
        # Siblings and neighbours are listed with the start of their text (summary_of).
        parts += [self.listed(s) for s in shown_siblings(graph, node, self.families)[0]]
        parts += [self.listed(n) if n is not None else "-"
                  for n in (graph.previous(number), graph.next(number))]
        parts += [link(ref.target) for ref in node.references]
        for ref in node.referenced_by:
            kind, _, name = ref.origin.partition(":")
            cited_by = RuleNumber.try_parse(name) if kind == "rule" else None
            origin = graph.nodes.get(cited_by) if cited_by is not None else None
            if origin is not None:
                parts.append(self.texts(origin))
            elif kind == "page":
                parts.append(f"page {name}={self.sitemap.pages.get(name, '-')}")
            elif kind == "glossary":
                parts.append(f"glossary {name}={self.glossary(name)}")
        parts += [f"page {p.page}={self.sitemap.pages.get(p.page, '-')}" for p in node.pages]
        parts += [f"glossary {key}={self.glossary(key)}" for key in node.glossary]
        parts.append(claims_key(self._claims.get(str(number), [])))
        return digest("\x00".join(parts))  # no part holds a NUL: the readers refuse it

    def listed(self, node: RuleNode) -> str:
        """A sibling or neighbour as a page lists it: its link and the start of its text
        (:func:`summary_of`); each rule is listed on some five pages."""
        found = self._listed.get(node.number)
        if found is None:
            found = self._listed[node.number] = f"{self.link(node.number)}\x01{summary_of(node)}"
        return found

    def link(self, number: RuleNumber) -> str:
        """What a link to a rule shows (:meth:`SiteMap.rule`): number, title, whether it has text."""
        found = self._links.get(number)
        if found is None:
            node = self.graph.nodes.get(number)
            found = self._links[number] = (
                f"{number}\x01-" if node is None
                else f"{number}\x01{node.title}\x01{node.has_text or bool(node.titles)}")
        return found

    def texts(self, node: RuleNode) -> str:
        """A citing rule's texts in every version, with examples (what the citing passage
        is taken from), hashed: a rule cited by many is in the key of each page it cites,
        and the whole texts made every key a long string to hash."""
        found = self._texts.get(node.number)
        if found is None:
            found = self._texts[node.number] = digest("\x01".join(
                f"{t.version}\x02{t.text}\x02" + "\x02".join(e.text for e in t.examples)
                for t in node.texts + node.titles) + f"\x01{node.number}")
        return found

    def glossary(self, key: str) -> str:
        found = self._glossary.get(key)
        if found is None:
            found = self._glossary[key] = _glossary_digest(self.graph, key)
        return found


def _summary(node: RuleNode) -> str:
    """A child as its parent's page lists it: the link and the newest text (or title)."""
    text = node.texts[0].text if node.texts else node.title or ""
    return f"{node.number}\x01{node.title}\x01{node.has_text or bool(node.titles)}\x01{text}"


def _glossary_digest(graph: RuleGraph, key: str) -> str:
    term = graph.glossary.get(key)
    if term is None:
        return "-"
    return digest(term.entry.headword or "", term.entry.definition, key)


def glossary_page_key(graph: RuleGraph, site_key: str) -> str:
    """The glossary page shows every entry (and the headwords of those it refers to),
    and the English glossary beside it."""
    english = [f"{t.term}\x00{t.definition}\x00{t.release}" for t in graph.english_glossary]
    return digest("\x00".join([site_key, *(f"{key}\x00{_glossary_digest(graph, key)}\x00"
                                            f"{term.entry.reading}\x00{term.entry.english}\x00"
                                            f"{term.entry.version}\x00{'|'.join(term.see_also)}"
                                            for key, term in graph.glossary.items()), *english]))


class TermPageKeys:
    """:meth:`key` of each glossary term page (:meth:`TermPages.page`): its entry, the
    headwords and pages of the entries it refers to, the English definition (with which
    of its numbers name a rule: those are linked), and a link to each rule the definition
    cites and each rule listing the term.  A rule's changed title then renders again only
    the term pages that show that rule, not all of them."""

    def __init__(self, terms: TermPages, rules: RulePageKeys, site_key: str):
        self.terms = terms
        self.rules = rules
        self.site_key = site_key

    def key(self, key: str) -> str:
        terms, link = self.terms, self.rules.link
        graph, glossary = terms.graph, terms.glossary
        term = graph.glossary[key]
        entry = term.entry
        parts = [self.site_key, key, glossary[key], entry.headword or "", entry.reading, entry.english,
                 entry.definition, entry.version]
        parts += [f"see {k}\x01{graph.glossary[k].entry.headword or ''}\x01{glossary[k]}" for k in term.see_also]
        english = terms.english.get(key)
        if english is not None:
            # The markup finds numbers a line at a time (a line break splits its text).
            known = "".join("1" if span.first in graph.nodes else "0"
                            for line in english.definition.split("\n")
                            for ref in find_references(line) for span in ref.spans)
            parts.append(f"english\x01{english.definition}\x01{known}")
        parts.append("cites")
        parts += [link(n) for n in sorted({ref.target for ref in term.references}, key=lambda n: n.sort_key)]
        parts.append("listed by")
        parts += [link(n) for n in terms.listed_by.get(key, [])]
        return digest("\x00".join(parts))  # no part holds a NUL: the readers refuse it


class WikiPageKeys:
    """:meth:`page` and :meth:`revisions` of each wiki page; what every page shares (the
    terms its prose may link, the CR release, the rule numbers) is hashed once."""

    def __init__(self, graph: RuleGraph, sitemap: SiteMap, site_key: str, rules: RulePageKeys,
                 records: dict[str, str] | None = None):
        self.graph = graph
        self.sitemap = sitemap
        self.rules = rules
        self.records = records or {}
        targets = sitemap.terms.targets
        self.shared = digest(site_key, str(build_release(graph)), *graph.english_releases,
                             *(f"{term}\x01{targets[term]}" for term in sorted(targets)))
        self.numbers = digest(*(str(node.number) for node in graph))
        self.claims: dict[str, list[OutdatedClaim]] = {}
        for claim in sitemap.claims:
            self.claims.setdefault(claim.page, []).append(claim)

    def page(self, page: WikiPage) -> str:
        title = page.title
        record = self.records.get(title)
        if record is None:
            record = json.dumps(page_to_json(page), ensure_ascii=False, separators=(",", ":"))
        # Each number as written and the rule it links to today (an older release's number
        # is read through the English history: kb.site.sitemap.SiteMap.today).
        sitemap, release = self.sitemap, page_release(page)
        numbers = {(e.number, sitemap.today(e.number, c.version)) for c in page.citations for e in c.entries}
        for block in page.prose():
            numbers.update((n, sitemap.today(n, release)) for ref in find_references(block.text)
                           for n in ref.numbers)
        parts = [self.shared, record, sitemap.pages[title], sitemap.revisions.get(title, "-")]
        parts += sorted(f"{written}\x01{self.rules.link(today)}" for written, today in numbers)
        parts += [f"{c.english}\x01{c.japanese}\x01{self.sitemap.cards.get(c.english or c.japanese or '', '-')}"
                  for c in page.cards]
        parts.append(claims_key(self.claims.get(title, [])))
        return digest("\x00".join(parts))

    def revisions(self, page: WikiPage) -> str:
        """The revisions page: the history as read again (each text's or file's bytes)."""
        parts = [self.shared, self.numbers, self.sitemap.revisions[page.title],
                 self.sitemap.pages[page.title], page.url or "-", page.path, page.skin,
                 json.dumps([page.revision.id, page.revision.timestamp, page.revision.origin])]
        for old in page.history:
            parts.append(json.dumps([old.revision.id, old.revision.timestamp, old.revision.origin,
                                     old.path, old.line, old.format]))
            parts.append(digest(old.text) if old.text is not None else _file_digest(old.path))
        return digest("\x00".join(parts))


def _file_digest(path: str) -> str:
    try:
        return digest(Path(path).read_bytes())
    except OSError:
        return "-"
