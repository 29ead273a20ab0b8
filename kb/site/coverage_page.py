"""The checks' coverage page: per section and chapter, how many rules with text have a
passing check and how many of their CR examples a check reproduces.

Counted as ``kb check --json`` counts ``coverage``: over the rules with text in the newest
CR version read (or, without a CR, every rule with text), a rule covered when one of the
checks attached to it passes; an example covered when a passing check names it.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.graph import RuleGraph, RuleNode
from kb.rulenum import Level
from kb.site.context import CoveragePage, CoverageRow, RuleLink
from kb.site.sitemap import SiteMap
from kb.site.urls import COVERAGE


def _newest_cr(graph: RuleGraph) -> str | None:
    from kb.checks.coverage import cr_rules

    found = cr_rules(graph)
    return found[0] if found is not None else None


def _examples(node: RuleNode, version: str | None) -> int:
    text = node.text_in(version) if version else (node.texts[0] if node.texts else None)
    return len(text.examples) if text is not None else 0


def _covered_examples(node: RuleNode) -> set[str]:
    return {e.partition("@")[0] for c in node.checks if c.status == "pass" for e in c.examples}


def _row(link: RuleLink, level: str, rules: Iterable[RuleNode], version: str | None,
         covered: set[str], sitemap: SiteMap) -> CoverageRow:
    with_text = passing = examples = examples_covered = 0
    missing: list[RuleLink] = []
    for node in rules:
        has = node.text_in(version) is not None if version else bool(node.texts)
        if not has:
            continue
        with_text += 1
        count = _examples(node, version)
        examples += count
        examples_covered += sum(1 for i in range(1, count + 1) if f"{node.number}#{i}" in covered)
        if any(c.status == "pass" for c in node.checks):
            passing += 1
        elif level == "chapter":
            missing.append(sitemap.node_link(node))
    return CoverageRow(link, level, with_text, passing, examples, examples_covered, missing)


def coverage_page(graph: RuleGraph, sitemap: SiteMap) -> CoveragePage:
    version = _newest_cr(graph)
    page = CoveragePage(path=COVERAGE, title="検証の網羅率", kind="coverage", version=version,
                        description="総合ルールの各セクション・章で、実行できる検証（チェック）のあるルールの割合。")
    covered: set[str] = set()
    for node in graph:
        covered |= _covered_examples(node)
    below: dict[str, list[RuleNode]] = {}
    for node in graph:
        if node.number.chapter is not None:
            below.setdefault(str(node.number.chapter), []).append(node)
    for section in (n for n in graph if n.number.level == Level.SECTION):
        chapters = graph.children(section.number)
        rules = [r for c in chapters for r in below.get(str(c.number.chapter), [])]
        page.rows.append(_row(sitemap.node_link(section), "section", rules, version, covered, sitemap))
        for chapter_node in chapters:
            page.rows.append(_row(sitemap.node_link(chapter_node), "chapter",
                                  below.get(str(chapter_node.number.chapter), []), version, covered, sitemap))
    page.total = _row(RuleLink("", "", "総合ルール全体", True), "total", list(graph), version, covered, sitemap)
    return page
