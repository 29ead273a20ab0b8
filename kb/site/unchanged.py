"""Which rule pages a rebuild can take unchanged from the previous build.

A rule page shows its rule and, of other rules, what links and summaries need: its
ancestors (breadcrumbs, the heading's context), children (with their text), the
siblings listed beside it, the previous and next rule, the rules it cites and the rules
that cite it (with the citing text), plus the wiki pages and glossary entries that name
it.  :func:`rule_page_key` hashes the JSON of each of those rules as ``kb.json`` holds it
(the rule's whole record, so anything a page could show is in it), the paths of those
wiki pages, and those glossary entries.  Equal key, equal page: the previous file is
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


def node_digests(graph: RuleGraph) -> dict[RuleNumber, str]:
    return {node.number: digest(json.dumps(node_to_json(graph, node), ensure_ascii=False,
                                           separators=(",", ":")))
            for node in graph}


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
    return digest(*parts)


def _glossary_digest(graph: RuleGraph, key: str) -> str:
    term = graph.glossary.get(key)
    if term is None:
        return "-"
    return digest(term.entry.headword or "", term.entry.definition, key)
