"""Lookups on a finished build: one rule, and counts.  The CLI and the site share these."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.export import GRAPH_FILE, load_graph, node_to_json, releases_json
from kb.graph import RuleGraph, RuleNode, RuleText, same_text
from kb.releases import ENGLISH, JAPANESE
from kb.rulenum import RuleNumber

Json = dict[str, Any]


def open_build(build_dir: Path) -> RuleGraph:
    return load_graph(build_dir / GRAPH_FILE)


def rule_json(graph: RuleGraph, number: RuleNumber) -> Json | None:
    """The rule as ``kb rule --json`` shows it, or None when the graph has no such number."""
    node = graph.get(number)
    if node is None:
        return None
    return with_lookups(graph, node, node_to_json(graph, node))


def with_lookups(graph: RuleGraph, node: RuleNode, data: Json, history: bool = True) -> Json:
    """``data`` (the node as ``kb.json`` has it) with what ``kb rule`` adds: the titles
    of its parents, and its history per release in place of the spans (without
    ``history``, an empty list in its place: ``kb.sqlite`` keeps the history apart)."""
    data["titles_of_parents"] = [
        {"number": str(a), "title": graph.nodes[a].title}
        for a in node.number.ancestors() if a in graph.nodes
    ]
    data["history"] = history_json(graph, node) if history else []
    return data


@dataclass(frozen=True)
class HistoryRun:
    """Releases ``first`` to ``last`` of one language in which the rule kept one number
    and text: an English span, or one Japanese text (``first`` = ``last``).  ``change`` is
    what ``first`` did; the releases after it are ``unchanged``."""

    language: str
    first: str
    last: str
    number: str
    change: str
    text: str
    examples: list[str]
    version: str
    """The Japanese version; empty for English."""


def history_runs(graph: RuleGraph, node: RuleNode) -> list[HistoryRun]:
    """The rule's history as runs, English first (oldest first), then Japanese: what
    :func:`history_json` expands to one entry per release, and what ``kb.sqlite`` keeps.

    English runs are the history's spans (every release read with ``--cr-en``); a
    Japanese run is each Japanese text the graph holds.  The first Japanese entry takes
    the change the English history records for its release (what that release did to
    the rule), or ``added`` where there is none."""
    runs = [HistoryRun(ENGLISH, span.first, span.last, str(span.number), span.change, span.text,
                       list(span.examples), "") for span in node.history]
    english = set(graph.english_releases)
    previous: RuleText | None = None
    for text in _japanese_by_release(node):
        number = text.number or node.number
        release = text.release  # derived from the version on each call: once, not once a run
        if previous is None:
            change = next((run.change if run.first == release else "unchanged"
                           for run in runs[:len(node.history)]
                           if release in english and run.first <= release <= run.last),
                          "added")
        elif (previous.number or node.number) != number:
            change = "renumbered"
        elif not same_text(previous.text, text.text):
            change = "changed"
        else:
            change = "unchanged"
        runs.append(HistoryRun(JAPANESE, release, release, str(number), change,
                               text.text, [e.text for e in text.examples], text.version))
        previous = text
    return runs


def history_json(graph: RuleGraph, node: RuleNode) -> list[Json]:
    """The rule in every release it exists in, oldest first: one entry per release and
    language with its ``release`` (ISO date), ``number`` (in that release), ``language``,
    ``change`` (``added``, ``changed``, ``renumbered``, ``unchanged``: against the entry
    of the same language before it) and ``text`` (and ``examples``): the runs of
    :func:`history_runs`, each release of a run its own entry."""
    releases = graph.english_releases
    position = {release: k for k, release in enumerate(releases)}
    entries: list[Json] = []
    for run in history_runs(graph, node):
        days = (releases[position[run.first]:position[run.last] + 1]
                if run.language == ENGLISH else [run.first])
        for day in days:
            entries.append(_entry(day, run.number, run.language,
                                  run.change if day == run.first else "unchanged",
                                  run.text, list(run.examples), run.version))
    entries.sort(key=lambda e: (e["release"], e["language"] != ENGLISH))
    return entries


def _entry(release: str, number: str, language: str, change: str, text: str,
           examples: list[str], version: str) -> Json:
    entry: Json = {"release": release, "number": number, "language": language,
                   "change": change, "text": text, "examples": examples}
    if version:
        entry["version"] = version
    return entry


def _japanese_by_release(node: RuleNode) -> list[RuleText]:
    """One Japanese text per release, oldest first: the statement, else the heading."""
    found: dict[str, RuleText] = {}
    for text in node.titles + node.texts:  # a statement replaces a heading of its release
        if text.release not in found or found[text.release].kind == "title":
            found[text.release] = text
    return [found[release] for release in sorted(found)]


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
        "english_releases": graph.english_releases,
        "releases": releases_json(graph),
        "japanese_without_english": japanese_without_english(graph),
        "unplaced": len(graph.unplaced),
    }


def japanese_without_english(graph: RuleGraph) -> list[Json]:
    """Japanese versions whose English release was not read: their history is Japanese
    only, and their numbers are read as the English release in effect on their date
    numbered them (``numbered_as``), or as today's when there is none."""
    english = set(graph.english_releases)
    found = []
    for release in releases_json(graph):
        if release["language"] == JAPANESE and release["release"] not in english:
            found.append({"version": release["version"], "release": release["release"],
                          "complete": release["complete"],
                          "numbered_as": graph.release_in_effect(release["version"])})
    return found
