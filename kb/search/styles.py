"""Search quality per query style: the rows of a query file grouped by its ``style`` column.

A query set written in several styles (``tests/data/search_queries.tsv``: natural
questions, keywords, spelling variants and English, 「〜とは」, rule numbers) says more per
style than overall: a system can be strong on keywords and weak on questions.  Queries
without a style are left out of the breakdown (they still count overall).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.search.evaluate import SystemResult

if TYPE_CHECKING:
    from kb.search.evaluate import EvalReport


def by_style(report: EvalReport) -> dict[str, list[SystemResult]]:
    """Style → one result per system (in the report's order), in order of first appearance."""
    grouped: dict[str, list[SystemResult]] = {}
    for index, query in enumerate(report.queries):
        if not query.style:
            continue
        results = grouped.setdefault(query.style, [SystemResult(s.name) for s in report.systems])
        for result, system in zip(results, report.systems, strict=True):
            result.ranks.append(system.ranks[index])
    return grouped


def format_styles(report: EvalReport) -> list[str]:
    """Markdown lines: one row per style, Recall@1, Recall@5 and MRR of each system."""
    grouped = by_style(report)
    if not grouped:
        return []
    names = [s.name for s in report.systems]
    lines = ["", "| style | queries | " + " | ".join(f"{n} R@1 | {n} R@5 | {n} MRR" for n in names) + " |",
             "|---|---|" + "---|---|---|" * len(names)]
    for style, results in grouped.items():
        cells = [f"{r.recall_at(1):.3f} | {r.recall_at(5):.3f} | {r.mrr:.3f}" for r in results]
        lines.append(f"| {style} | {len(results[0].ranks)} | " + " | ".join(cells) + " |")
    return lines


def styles_json(report: EvalReport) -> dict[str, Any]:
    """``{"styles": {style: {"queries": n, "systems": [...]}}}``, or nothing without styles."""
    grouped = by_style(report)
    if not grouped:
        return {}
    return {"styles": {style: {"queries": len(results[0].ranks),
                               "systems": [r.to_json() for r in results]}
                       for style, results in grouped.items()}}
