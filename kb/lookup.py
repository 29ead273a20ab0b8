"""Lookups on a finished build: one rule, and counts.  The CLI and the site share these."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from kb.export import GRAPH_FILE, load_graph, node_to_json
from kb.graph import RuleGraph
from kb.rulenum import RuleNumber

Json = dict[str, Any]


def open_build(build_dir: Path) -> RuleGraph:
    return load_graph(build_dir / GRAPH_FILE)


def rule_json(graph: RuleGraph, number: RuleNumber) -> Json | None:
    """The rule as ``kb rule --json`` shows it, or None when the graph has no such number."""
    node = graph.get(number)
    if node is None:
        return None
    data = node_to_json(graph, node)
    data["titles_of_parents"] = [
        {"number": str(a), "title": graph.nodes[a].title}
        for a in number.ancestors() if a in graph.nodes
    ]
    return data


def stats_json(graph: RuleGraph) -> Json:
    per_version: Counter[str] = Counter()
    for node in graph:
        for version in {t.version for t in node.texts}:
            per_version[version] += 1
    dangling = graph.dangling()
    return {
        "pages": len(graph.pages),
        "rules": len(graph.nodes),
        "rules_with_text": sum(1 for node in graph if node.has_text),
        "rules_per_version": dict(sorted(per_version.items(), reverse=True)),
        "versions": graph.versions,
        "dangling_references": len(dangling),
        "dangling": [
            {"number": str(node.number),
             "cited_by": sorted({link.origin for link in node.referenced_by} |
                                {f"page:{p.page}" for p in node.pages if p.kind != "quote"})}
            for node in dangling
        ],
        "conflicts": len(graph.conflicts),
        "conflict_list": [
            {"number": str(c.number), "version": c.version,
             "sources": [str(t.source) for t in c.texts]}
            for c in graph.conflicts
        ],
        "glossary_terms": len(graph.glossary),
        "name_pairs": len(graph.names),
        "irregular_lines": len(graph.irregularities),
        "sources": [{"path": s.path, "kind": s.kind, "version": s.version} for s in graph.sources],
    }
