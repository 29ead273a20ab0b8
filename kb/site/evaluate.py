"""Scoring the site search on a query set (``dev_queries.tsv``): Recall@1, Recall@5, MRR.

The queries run in the browser (see :mod:`kb.site.browser`); this module scores the ranked
hit ids the browser returned.  The query file and the metrics are the CLI search's
(:mod:`kb.search.evaluate`), so both are measured the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kb.search.evaluate import EvalQuery, SystemResult
from kb.search.evaluate import read_queries as read_query_file


@dataclass(frozen=True)
class EvalResult:
    queries: int
    recall_at_1: float
    recall_at_5: float
    mrr: float
    misses: list[tuple[str, list[str]]]
    """(query, top hits) for every query not answered in the top 5."""


def read_queries(path: Path, corpora: Sequence[str]) -> list[EvalQuery]:
    """The queries of ``path`` whose corpus is one of ``corpora``."""
    return [q for q in read_query_file(path) if q.corpus in corpora]


def hit_matches(hit_id: str, expected: str) -> bool:
    """``rule:702.26d`` matches ``702.26d``; ``page:変異#ルール`` matches ``page:変異``."""
    if expected.startswith("page:"):
        return hit_id == expected or hit_id.startswith(expected + "#")
    return hit_id == f"rule:{expected}"


def rank_of(hits: Sequence[str], expected: Sequence[str]) -> int | None:
    for rank, hit in enumerate(hits, start=1):
        if any(hit_matches(hit, e) for e in expected):
            return rank
    return None


def score(queries: Sequence[EvalQuery], ranked: Sequence[Sequence[str]]) -> EvalResult:
    result = SystemResult("kb site", [rank_of(hits, q.expected) for q, hits in zip(queries, ranked, strict=True)])
    misses = [(q.query, list(hits[:5])) for q, hits, r in zip(queries, ranked, result.ranks, strict=True)
              if r is None or r > 5]
    return EvalResult(len(queries), result.recall_at(1), result.recall_at(5), result.mrr, misses)
