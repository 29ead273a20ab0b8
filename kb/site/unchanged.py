"""Which rule pages a rebuild can take unchanged from the previous build.

A rule page shows its rule and, of other rules, what links and summaries need: its
ancestors (breadcrumbs, the heading's context), children (with their text), the
siblings listed beside it, the previous and next rule, the rules it cites and the rules
that cite it (with the citing text), plus the wiki pages and glossary entries that name
it.  :func:`rule_page_key` hashes the rule's own record as ``kb.json`` holds it (so
anything the page could show of the rule itself is in it), what the page shows of each
of those other rules, the paths of those wiki pages, and those glossary entries.  The glossary page likewise hashes every entry.  Equal key, equal page: the previous file is
linked instead of rendered again.  ``tests/test_incremental.py`` compares such rebuilds
with clean builds.
"""

from __future__ import annotations

import json

from kb.export import node_to_json
from kb.graph import RuleGraph, RuleNode
from kb.reuse import digest
from kb.rulenum import RuleNumber
from kb.site.rule_pages import shown_siblings
from kb.site.sitemap import SiteMap


def node_digests(graph: RuleGraph, records: dict[RuleNumber, str] | None = None) -> dict[RuleNumber, str]:
    """Each rule's hash, from its ``kb.json`` record (``records``: as the export wrote them)."""
    if records is None:
        records = {node.number: json.dumps(node_to_json(graph, node), ensure_ascii=False,
                                           separators=(",", ":"))
                   for node in graph}
    return {number: digest(record) for number, record in records.items()}


Families = dict[RuleNumber | None, tuple[list[RuleNode], dict[RuleNumber, int]]]


def rule_page_key(graph: RuleGraph, node: RuleNode, sitemap: SiteMap,
                  nodes: dict[RuleNumber, str], site_key: str, families: Families) -> str:
    """What ``node``'s page shows, hashed: its own record whole; of other rules only what
    the page shows of them (a link: title and whether it has text; a child's summary; a
    citing rule's texts), so a rule whose source line moved does not redo its siblings."""
    number = node.number
    parts = [site_key, nodes.get(number, "-")]
    parts += [_link(graph, a) for a in number.ancestors()]
    parts += [_summary(c) for c in graph.children(number)]
    parts += [_link(graph, s.number) for s in shown_siblings(graph, node, families)[0]]
    parts += [_link(graph, n.number) if n is not None else "-"
              for n in (graph.previous(number), graph.next(number))]
    parts += [_link(graph, link.target) for link in node.references]
    for link in node.referenced_by:
        kind, _, name = link.origin.partition(":")
        cited_by = RuleNumber.try_parse(name) if kind == "rule" else None
        origin = graph.nodes.get(cited_by) if cited_by is not None else None
        if origin is not None:
            parts.append(_texts(origin))
        elif kind == "page":
            parts.append(f"page {name}={sitemap.pages.get(name, '-')}")
        elif kind == "glossary":
            parts.append(f"glossary {name}={_glossary_digest(graph, name)}")
    parts += [f"page {p.page}={sitemap.pages.get(p.page, '-')}" for p in node.pages]
    parts += [f"glossary {key}={_glossary_digest(graph, key)}" for key in node.glossary]
    return digest("\x00".join(parts))  # no part holds a NUL: the readers refuse it


def _link(graph: RuleGraph, number: RuleNumber) -> str:
    """What a link to a rule shows (:meth:`SiteMap.rule`): number, title, whether it has text."""
    node = graph.nodes.get(number)
    if node is None:
        return f"{number}\x01-"
    return f"{number}\x01{node.title}\x01{node.has_text or bool(node.titles)}"


def _summary(node: RuleNode) -> str:
    """A child as its parent's page lists it: the link and the newest text (or title)."""
    text = node.texts[0].text if node.texts else node.title or ""
    return f"{node.number}\x01{node.title}\x01{node.has_text or bool(node.titles)}\x01{text}"


def _texts(node: RuleNode) -> str:
    """A citing rule's texts in every version, with examples: what the citing passage is
    taken from."""
    return "\x01".join(f"{t.version}\x02{t.text}\x02" + "\x02".join(e.text for e in t.examples)
                        for t in node.texts + node.titles) + f"\x01{node.number}"


def _glossary_digest(graph: RuleGraph, key: str) -> str:
    term = graph.glossary.get(key)
    if term is None:
        return "-"
    return digest(term.entry.headword or "", term.entry.definition, key)


def glossary_page_key(graph: RuleGraph, site_key: str) -> str:
    """The glossary page shows every entry (and the headwords of those it refers to)."""
    return digest("\x00".join([site_key, *(f"{key}\x00{_glossary_digest(graph, key)}\x00"
                                            f"{term.entry.reading}\x00{term.entry.english}\x00"
                                            f"{term.entry.version}\x00{'|'.join(term.see_also)}"
                                            for key, term in graph.glossary.items())]))
