"""Which rule pages a rebuild can take unchanged from the previous build.

A rule page shows its rule and, of other rules, what links and summaries need: its
ancestors (breadcrumbs, the heading's context), children (with their text), the
siblings listed beside it, the previous and next rule, the rules it cites and the rules
that cite it (with the citing text), plus the wiki pages and glossary entries that name
it.  :func:`rule_page_key` hashes the JSON of each of those rules as ``kb.json`` holds it
(the rule's whole record, so anything a page could show is in it), the paths of those
wiki pages, and those glossary entries.  The glossary page likewise hashes every entry.  Equal key, equal page: the previous file is
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
    number = node.number
    shown: list[RuleNumber] = [number, *number.ancestors()]
    shown += [c.number for c in graph.children(number)]
    shown += [s.number for s in shown_siblings(graph, node, families)[0]]
    shown += [n.number for n in (graph.previous(number), graph.next(number)) if n is not None]
    shown += [link.target for link in node.references]
    parts = [site_key, *(f"{n}={nodes.get(n, '-')}" for n in shown)]
    for link in node.referenced_by:
        kind, _, name = link.origin.partition(":")
        origin = RuleNumber.try_parse(name) if kind == "rule" else None
        if origin is not None:
            parts.append(f"{origin}={nodes.get(origin, '-')}")
        elif kind == "page":
            parts.append(f"page {name}={sitemap.pages.get(name, '-')}")
        elif kind == "glossary":
            parts.append(f"glossary {name}={_glossary_digest(graph, name)}")
    parts += [f"page {p.page}={sitemap.pages.get(p.page, '-')}" for p in node.pages]
    parts += [f"glossary {key}={_glossary_digest(graph, key)}" for key in node.glossary]
    return digest("\x00".join(parts))  # no part holds a NUL: the readers refuse it


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
